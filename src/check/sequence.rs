//! The sequence of play: `[[player-turn]]`s resolved into the phases each side plays in
//! turn, and the phase that decides the initiative (who plays first each turn).
//!
//! A player turn's phases follow one another in the order of the `[[phase]]`s, no phase is
//! in two player turns, a phase of written orders (played by every side at once) is in
//! none, and a phase of one side is in none whose players the initiative decides. The initiative phase is a phase of the whole turn, before the first player turn.
//! A game that writes no `[[player-turn]]` (and takes no written orders) plays all its
//! phases as one player turn of each side, as before player turns could be written.

use super::names::Names;
use super::{gather, Cx};
use crate::diag::{Diagnostic, Span};
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::{Game, PhaseId, PlayerTurn};

/// Check the `[[player-turn]]`s and the phases' `initiative`, filling
/// [`Game::player_turns`] and [`Game::initiative`] (after the phases are admitted).
pub(crate) fn check_sequence(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) {
    // Where each phase was first named by a player turn.
    let mut named: Vec<Option<Span>> = vec![None; g.phases.len()];
    let written = gather(files, |f| &f.player_turn);
    for (file, t) in &written {
        let file = *file;
        let Some(claim) = names.player_turn.define(file, &t.id, &mut cx.diags) else {
            continue;
        };
        let turn = t.id.get_ref();
        let mut phases: Vec<PhaseId> = Vec::new();
        let mut whole = true;
        if t.phases.is_empty() {
            cx.push(
                Diagnostic::error(
                    "empty-player-turn",
                    format!("player turn `{turn}` names no phase"),
                )
                .at(Cx::span(file, &t.id))
                .hint("list the phases each side plays in its player turn, e.g. `phases = [\"movement\", \"combat\"]`"),
            );
            whole = false;
        }
        for r in &t.phases {
            let Some(p) = names.phase.resolve(file, r, &mut cx.diags) else {
                whole = false;
                continue;
            };
            let here = Cx::span(file, r);
            if let Some(first) = &named[p] {
                cx.push(
                    Diagnostic::error(
                        "repeated-phase",
                        format!("phase `{}` is named twice in player turns", r.get_ref()),
                    )
                    .at(here)
                    .label("named again here")
                    .note(first.clone(), "first named here")
                    .hint("a phase belongs to one player turn, once; for a phase played again later (a second impulse), define a second `[[phase]]`"),
                );
                whole = false;
                continue;
            }
            named[p] = Some(here.clone());
            if g.phases[p].orders.is_some() {
                cx.push(
                    Diagnostic::error(
                        "orders-in-player-turn",
                        format!(
                            "phase `{}` takes written orders, which every side writes at once, so it is in no player turn",
                            r.get_ref()
                        ),
                    )
                    .at(here)
                    .hint("leave the phases of written orders out of `[[player-turn]]`s"),
                );
                whole = false;
                continue;
            }
            if g.phases[p].side.is_some() && initiative_decided(files) {
                cx.push(
                    Diagnostic::error(
                        "one-side-phase",
                        format!(
                            "phase `{}` is played by one side, but the initiative decides who plays player turn `{turn}` first, so its place changes from turn to turn",
                            r.get_ref()
                        ),
                    )
                    .at(here)
                    .hint("make it a phase of the whole turn (out of the player turn), or give the side's part to a phase every player plays"),
                );
                whole = false;
                continue;
            }
            if let Some(&last) = phases.last() {
                if p != last + 1 {
                    let why = if p < last {
                        format!(
                            "`{}` comes before `{}` in the `[[phase]]` list",
                            g.phases[p].id, g.phases[last].id
                        )
                    } else {
                        format!(
                            "`{}` stands between `{}` and `{}` in the `[[phase]]` list",
                            g.phases[last + 1].id,
                            g.phases[last].id,
                            g.phases[p].id
                        )
                    };
                    cx.push(
                        Diagnostic::error(
                            "player-turn-order",
                            format!(
                                "the phases of player turn `{turn}` do not follow one another: {why}"
                            ),
                        )
                        .at(here)
                        .hint("a player turn's phases are played one after the other: list them in the order of the `[[phase]]`s, with no phase of another player turn or of the whole turn between them"),
                    );
                    whole = false;
                }
            }
            phases.push(p);
        }
        if whole {
            names.player_turn.admit(
                claim,
                &mut g.player_turns,
                PlayerTurn {
                    id: turn.clone(),
                    name: t.name.clone(),
                    phases,
                },
            );
        }
    }
    let orders = g.phases.iter().any(|p| p.orders.is_some());
    if written.is_empty() && !orders && !g.phases.is_empty() && !names.player_turn.has_left_out() {
        g.player_turns.push(PlayerTurn {
            id: "player-turn".into(),
            name: "Player Turn".into(),
            phases: (0..g.phases.len()).collect(),
        });
    }
    initiative(cx, files, names, g);
}

/// Whether some phase says `initiative = true`.
fn initiative_decided(files: &[(FileId, GameFile)]) -> bool {
    gather(files, |f| &f.phase)
        .iter()
        .any(|(_, p)| p.initiative.as_ref().is_some_and(|i| *i.get_ref()))
}

/// The phase with `initiative = true`: one at most, of the whole turn, before the first
/// player turn.
fn initiative(cx: &mut Cx, files: &[(FileId, GameFile)], names: &Names, g: &mut Game) {
    let mut first: Option<Span> = None;
    for (file, p) in gather(files, |f| &f.phase) {
        let Some(flag) = &p.initiative else { continue };
        if !*flag.get_ref() {
            continue;
        }
        let here = Cx::span(file, flag);
        let Some(index) = names.phase.get(p.id.get_ref()) else {
            continue;
        };
        if let Some(earlier) = &first {
            cx.push(
                Diagnostic::error(
                    "conflict",
                    format!(
                        "phase `{}` decides the initiative, which an earlier phase already does",
                        p.id.get_ref()
                    ),
                )
                .at(here)
                .note(earlier.clone(), "the initiative is decided here")
                .hint("the first player is decided once a turn: keep `initiative = true` on one phase"),
            );
            continue;
        }
        first = Some(here.clone());
        let inside = g.player_turn_of(index);
        let after = g
            .player_turns
            .iter()
            .filter_map(|t| t.phases.first())
            .find(|&&start| start < index);
        if let Some(t) = inside {
            let turn = &g.player_turns[t];
            let implicit = names.player_turn.get(&turn.id).is_none();
            cx.push(
                Diagnostic::error(
                    "initiative-misplaced",
                    if implicit {
                        format!(
                            "phase `{}` decides who plays first, but with no `[[player-turn]]` every phase is played by each side in turn",
                            p.id.get_ref()
                        )
                    } else {
                        format!(
                            "phase `{}` decides who plays first, but it is a phase of player turn `{}`",
                            p.id.get_ref(),
                            turn.id
                        )
                    },
                )
                .at(here)
                .hint(if implicit {
                    "list the phases each side plays in turn in a `[[player-turn]]`; the initiative phase is not one of them".to_string()
                } else {
                    format!("take `{}` out of the player turn's phases: the initiative is decided once for the whole turn", p.id.get_ref())
                }),
            );
        } else if let Some(&start) = after {
            cx.push(
                Diagnostic::error(
                    "initiative-misplaced",
                    format!(
                        "phase `{}` decides who plays first, but it comes after phase `{}`, where a player turn begins",
                        p.id.get_ref(),
                        g.phases[start].id
                    ),
                )
                .at(here)
                .hint("move the initiative phase before the first player turn's phases in the `[[phase]]` list"),
            );
        } else if g.phases[index].orders.is_none() {
            g.initiative = Some(index);
        }
    }
}

//! Orders read from the players' own files: the Delayed notes each power wrote in the
//! module's Notes window, as its help tells them (a note named with the phase on the turn
//! tracker and the power, `Spring 1901 — Movement — Austria`, its text beginning with the
//! power's name and a colon), found in a save or log a player sends the referee.
//!
//! A player's file is taken only when it is of the same game and shows the phase being
//! adjudicated. The notes of that phase are read, the last one of each power counting (a
//! player changes their orders by writing another note, `… — Austria (2)`); each must be
//! written by the player of its power, by the player roster, and a file made for one
//! power's eyes (`adjudicate --views`) may hold that power's notes only. Every refusal is a
//! diagnostic naming the file; nothing of a refused file is adjudicated.

use crate::diag::Diagnostic;
use crate::layout::vassal::{order_steps, step_labels};
use crate::model::{Game, PhaseId, SideId, TurnId};
use crate::vassal::save::GameState;

use super::save::step_of;
use super::views::{note_power, reader_of, roster, secret_note, SecretNote};

/// One power's orders, as the last note it wrote for the phase holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteOrders {
    /// The power.
    pub power: SideId,
    /// The note's name.
    pub note: String,
    /// The orders text, headed by the power's name (`Austria:`) as an orders file is.
    pub text: String,
}

/// What a player's file says of the phase.
#[derive(Debug, Default)]
pub struct FileOrders {
    /// Each power's orders found in it.
    pub orders: Vec<NoteOrders>,
    /// Why the file, or some of its notes, cannot be taken.
    pub problems: Vec<Diagnostic>,
}

/// The name a power's note for the phase begins with: the turn tracker's step,
/// `Spring 1901 — Movement`.
pub fn phase_label(game: &Game, turn: TurnId, phase: PhaseId) -> Option<String> {
    let index = order_steps(game)?
        .iter()
        .position(|&s| s == (turn, phase))?;
    step_labels(game)?.get(index).cloned()
}

/// The orders of the phase `(turn, phase)` written as Delayed notes in a player's file
/// (`file` names it in messages; `module` is the module name the referee's save carries,
/// to refuse a file of another game).
pub fn read(
    game: &Game,
    (turn, phase): (TurnId, PhaseId),
    state: &GameState,
    file: &str,
    file_module: Option<&str>,
    module: Option<&str>,
) -> FileOrders {
    let mut out = FileOrders::default();
    if let (Some(theirs), Some(ours)) = (file_module, module) {
        if theirs != ours {
            out.problems.push(
                Diagnostic::error(
                    "wrong-game",
                    format!("{file} is a save of `{theirs}`, not of `{ours}`"),
                )
                .hint("send the save of this game, made with its module"),
            );
            return out;
        }
    }
    let Some(label) = phase_label(game, turn, phase) else {
        return out;
    };
    match step_of(game, state) {
        Some(step) if step == (turn, phase) => {}
        Some((t, p)) => {
            let shown = phase_label(game, t, p).unwrap_or_default();
            out.problems.push(
                Diagnostic::error(
                    "wrong-phase",
                    format!("{file} shows {shown}, not {label}, the phase adjudicated"),
                )
                .hint("write the orders in the save of this phase, as the referee sent it"),
            );
            return out;
        }
        None => {
            out.problems.push(
                Diagnostic::error(
                    "wrong-phase",
                    format!("{file}'s turn tracker shows no phase of the calendar"),
                )
                .hint("send a save of the game made with its module"),
            );
            return out;
        }
    }
    let players = roster(game, state);
    let reader = reader_of(state);
    let mut found: Vec<NoteOrders> = Vec::new();
    for note in state.unknown_commands.iter().filter_map(|c| secret_note(c)) {
        if !of_phase(&note.name, &label) {
            continue;
        }
        let Some(power) = note_power(game, &players, &note) else {
            out.problems.push(
                Diagnostic::error(
                    "unknown-power",
                    format!(
                        "{file}: the note `{}` names no power, and its writer is not in the player roster",
                        note.name
                    ),
                )
                .hint("name the note with the phase and the power, and begin its text with `Power:`"),
            );
            continue;
        };
        let name = &game.sides[power].name;
        if let Some(problem) = wrong_writer(game, &players, &note, file) {
            out.problems.push(problem);
            continue;
        }
        if let Some(r) = reader.as_deref() {
            if !game.sides[power].id.eq_ignore_ascii_case(r) {
                out.problems.push(
                    Diagnostic::error(
                        "wrong-side",
                        format!(
                            "{file} was made for {r}, but holds the note `{}` of {name}",
                            note.name
                        ),
                    )
                    .hint("each power sends the referee its own save"),
                );
                continue;
            }
        }
        let text = headed(name, &note.text);
        found.retain(|o| o.power != power);
        found.push(NoteOrders {
            power,
            note: note.name.clone(),
            text,
        });
    }
    found.sort_by_key(|o| o.power);
    out.orders = found;
    out
}

/// Whether a note's name is of the phase: `Spring 1901 — Movement — Austria`, or with
/// `(2)` after it.
fn of_phase(name: &str, label: &str) -> bool {
    name.trim()
        .strip_prefix(label)
        .is_some_and(|rest| rest.trim_start().starts_with(['—', '-', ':', ',']))
}

/// A note the roster says another power's player wrote (a note whose writer the roster
/// does not know cannot be told apart, and is taken as its name and heading say).
fn wrong_writer(
    game: &Game,
    players: &[(String, Option<SideId>)],
    note: &SecretNote,
    file: &str,
) -> Option<Diagnostic> {
    let (_, side) = players.iter().find(|(id, _)| *id == note.owner)?;
    let named = named_power(game, note)?;
    let writer = (*side)?;
    (writer != named).then(|| {
        Diagnostic::error(
            "wrong-side",
            format!(
                "{file}: the note `{}` gives {}'s orders but was written by the player of {}",
                note.name, game.sides[named].name, game.sides[writer].name
            ),
        )
        .hint("a power's orders are written by its own player; nothing of this note is adjudicated")
    })
}

/// The power a note's text or name gives (its heading `Austria:`, else the end of its name).
fn named_power(game: &Game, note: &SecretNote) -> Option<SideId> {
    note_power(game, &[], note)
}

/// The note's text as an orders file: headed by the power's name unless it is already.
fn headed(power: &str, text: &str) -> String {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    match first {
        Some(l)
            if l.strip_suffix(':')
                .is_some_and(|p| p.trim().eq_ignore_ascii_case(power)) =>
        {
            format!("{}\n", text.trim_end())
        }
        _ => format!("{power}:\n{}\n", text.trim_end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notes_name_is_of_its_phase_only() {
        let label = "Spring 1901 — Movement";
        assert!(of_phase("Spring 1901 — Movement — Austria", label));
        assert!(of_phase("Spring 1901 — Movement — Austria (2)", label));
        assert!(!of_phase("Spring 1901 — Movements — Austria", label));
        assert!(!of_phase("Autumn 1901 — Movement — Austria", label));
        assert!(!of_phase("Spring 1901 — Retreats — Austria", label));
    }

    #[test]
    fn a_note_is_headed_by_its_power_once() {
        assert_eq!(
            headed("Austria", "Austria:\nA Vie H"),
            "Austria:\nA Vie H\n"
        );
        assert_eq!(headed("Austria", "A Vie H\n"), "Austria:\nA Vie H\n");
    }
}

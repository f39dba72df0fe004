//! Checks of the rules of hidden movement on a province board: `[[rules.frozen]]` (provinces
//! frozen in some turns) and `[rules.fractions]` (units dispersing into hidden parts): the
//! provinces and turns named, the part size and the counters that show parts.

use crate::load::schema::Spanned;

use super::forces::province;
use super::names::Names;
use super::Cx;
use crate::diag::Diagnostic;
use crate::load::schema::rules as schema;
use crate::load::source::FileId;
use crate::model::rules::{parse_share, FractionPiece, FractionRules, FrozenRules, Share};
use crate::model::{Game, TurnId};

/// Turn ids, or seasons of the `[calendar]` (each turn `<season>-<year>`), resolved.
pub(super) fn turns_or_seasons(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    written: &[Spanned<String>],
) -> Vec<TurnId> {
    let mut turns = Vec::new();
    for t in written {
        let prefix = format!("{}-", t.get_ref());
        let season: Vec<usize> = (0..g.turns.len())
            .filter(|i| {
                g.turns[*i]
                    .id
                    .strip_prefix(&prefix)
                    .is_some_and(|y| y.parse::<i64>().is_ok())
            })
            .collect();
        if names.turn.get(t.get_ref()).is_none() && !season.is_empty() {
            turns.extend(season);
        } else if let Some(i) = names.turn.resolve(file, t, &mut cx.diags) {
            turns.push(i);
        }
    }
    turns.sort_unstable();
    turns.dedup();
    turns
}

/// `[[rules.frozen]]` resolved against the board and the calendar.
pub(super) fn frozen(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    f: &schema::Frozen,
) -> FrozenRules {
    let provinces: Vec<String> = f
        .provinces
        .iter()
        .filter(|p| province(cx, file, g, p))
        .map(|p| p.get_ref().clone())
        .collect();
    // `no-convoy-to` and `builds` name provinces of the frozen list.
    let mut among = |list: &[Spanned<String>], key: &str| -> Vec<String> {
        let mut out = Vec::new();
        for p in list {
            if !province(cx, file, g, p) {
                continue;
            }
            if !provinces.contains(p.get_ref()) {
                cx.push(
                    Diagnostic::error(
                        "not-frozen",
                        format!("`{}` is not one of the frozen provinces", p.get_ref()),
                    )
                    .at(Cx::span(file, p))
                    .hint(format!(
                        "`{key}` names provinces of `provinces`: {}",
                        provinces.join(", ")
                    )),
                );
                continue;
            }
            out.push(p.get_ref().clone());
        }
        out
    };
    let no_convoy_to = among(&f.no_convoy_to, "no-convoy-to");
    let builds = among(&f.builds, "builds");
    FrozenRules {
        name: f.name.clone().unwrap_or_else(|| "frozen".to_string()),
        turns: turns_or_seasons(cx, file, names, g, &f.turns),
        provinces,
        no_convoy_to,
        builds,
    }
}

/// `[rules.fractions]` resolved: the part size, the limit's turn, and each piece's counter,
/// side, kind and size.
pub(super) fn fractions(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    f: &schema::Fractions,
) -> FractionRules {
    let parts = match &f.parts {
        Some(p) if !(2..=12).contains(p.get_ref()) => {
            cx.push(
                Diagnostic::error("bad-value", "a unit disperses into 2 to 12 parts")
                    .at(Cx::span(file, p))
                    .hint("`parts` is the fewest parts a unit disperses into, e.g. 3"),
            );
            3
        }
        Some(p) => *p.get_ref(),
        None => 3,
    };
    let limit = f.limit.as_ref().and_then(|l| {
        let turn = names.turn.resolve(file, &l.before, &mut cx.diags)?;
        Some((*l.units.get_ref(), turn))
    });
    let mut pieces: Vec<FractionPiece> = Vec::new();
    for p in &f.pieces {
        let counter = names.counter.resolve(file, &p.counter, &mut cx.diags);
        let size = match parse_share(p.size.get_ref()) {
            Some(s) if s <= Share::new(1, parts) => Some(s),
            Some(_) => {
                cx.push(
                    Diagnostic::error(
                        "bad-value",
                        format!("a part is at most 1/{parts} of a unit"),
                    )
                    .at(Cx::span(file, &p.size))
                    .hint(format!("write a fraction such as \"1/{parts}\"")),
                );
                None
            }
            None => {
                cx.push(
                    Diagnostic::error(
                        "bad-value",
                        format!("`{}` is not a part of a unit", p.size.get_ref()),
                    )
                    .at(Cx::span(file, &p.size))
                    .hint(format!("write a fraction such as \"1/{parts}\"")),
                );
                None
            }
        };
        let (Some(counter), Some(size)) = (counter, size) else {
            continue;
        };
        let side = g.side_of(counter);
        let kind = g
            .unit_types
            .get(g.class_of(counter).unit_type)
            .and_then(|t| t.moves_as);
        let (Some(side), Some(kind)) = (side, kind) else {
            cx.push(
                Diagnostic::error(
                    "not-a-part",
                    format!(
                        "counter `{}` cannot show a part of a unit",
                        p.counter.get_ref()
                    ),
                )
                .at(Cx::span(file, &p.counter))
                .hint("a part is a power's army or fleet: give its class that power's nation and a unit type that `moves-as` army or fleet"),
            );
            continue;
        };
        if pieces
            .iter()
            .any(|q| q.side == side && q.kind == kind && q.size == size)
        {
            cx.push(
                Diagnostic::error(
                    "duplicate",
                    format!(
                        "a counter already shows {} {} of {}",
                        size,
                        kind.as_str(),
                        g.sides[side].name
                    ),
                )
                .at(Cx::span(file, &p.counter))
                .hint("one counter per power, kind and size"),
            );
            continue;
        }
        pieces.push(FractionPiece {
            counter,
            side,
            kind,
            size,
        });
    }
    FractionRules {
        parts,
        boarding: f.boarding,
        limit,
        pieces,
    }
}

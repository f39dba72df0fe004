//! The retreat phase after a movement phase: where each dislodged unit may go, and what
//! becomes of the retreat orders. A dislodged unit may retreat to a neighbouring province
//! (by its own move, never by convoy) that is empty after the movement, was not left empty
//! by a standoff, and is not the one its attacker came from — unless the attack came by
//! convoy. Two or more units retreating to one province are all disbanded, as is a unit
//! ordered nowhere or somewhere it may not go.

use serde::Serialize;

use super::movement::Outcome;
use super::orders::{Command, Order};
use super::{Board, Unit, UnitKind};

/// A dislodged unit, where it may retreat, and what became of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Retreat {
    /// Where it stood (its location before the movement).
    pub unit: String,
    /// The locations it may retreat to, sorted.
    pub options: Vec<String>,
    /// Where it went, or `None`: disbanded.
    pub to: Option<String>,
    /// Why, when it was disbanded.
    pub why: Option<String>,
}

/// The positions after a movement phase: each unit's location, or `None` for a dislodged
/// unit (still to retreat).
pub fn after_movement(
    board: &dyn Board,
    units: &[Unit],
    outcomes: &[Outcome],
) -> Vec<Option<String>> {
    units
        .iter()
        .zip(outcomes)
        .map(|(u, o)| {
            if o.dislodged_by.is_some() {
                return None;
            }
            match (&o.command, o.succeeds) {
                (Command::Move { to, .. }, true) => Some(match u.kind {
                    UnitKind::Army => board.province(to).to_string(),
                    UnitKind::Fleet => to.clone(),
                }),
                _ => Some(u.location.clone()),
            }
        })
        .collect()
}

/// The provinces left empty by a standoff: the target of a failed move by a unit that was
/// not dislodged by a unit coming from that province, and empty after the movement.
fn standoffs(board: &dyn Board, outcomes: &[Outcome], after: &[Option<String>]) -> Vec<String> {
    let occupied: Vec<&str> = after.iter().flatten().map(|l| board.province(l)).collect();
    let mut out = Vec::new();
    for o in outcomes {
        let Command::Move { to, .. } = &o.command else {
            continue;
        };
        if o.succeeds || !o.bounced {
            continue;
        }
        let target = board.province(to).to_string();
        let dislodged_from_there = o.dislodged_by.as_deref() == Some(target.as_str());
        if dislodged_from_there || occupied.contains(&target.as_str()) {
            continue;
        }
        if !out.contains(&target) {
            out.push(target);
        }
    }
    out
}

/// A unit dislodged in a movement phase, waiting to retreat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dislodged {
    /// The unit, where it was dislodged.
    pub unit: Unit,
    /// The province its attacker came from.
    pub from: String,
    /// Whether the attack came by convoy (then `from` is open to the retreat).
    pub convoyed: bool,
}

/// What a movement phase leaves for the retreat phase: the units that stay (at their new
/// locations), the dislodged units, and the provinces a standoff left empty.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Situation {
    /// Units not dislodged, where the movement left them.
    pub staying: Vec<Unit>,
    /// Dislodged units.
    pub dislodged: Vec<Dislodged>,
    /// Provinces left empty by a standoff.
    pub standoffs: Vec<String>,
}

/// The situation after a movement phase.
pub fn situation(board: &dyn Board, units: &[Unit], outcomes: &[Outcome]) -> Situation {
    let after = after_movement(board, units, outcomes);
    let mut out = Situation {
        standoffs: standoffs(board, outcomes, &after),
        ..Situation::default()
    };
    for ((u, o), at) in units.iter().zip(outcomes).zip(&after) {
        match (at, &o.dislodged_by) {
            (Some(at), _) => out.staying.push(Unit {
                location: at.clone(),
                ..u.clone()
            }),
            (None, Some(attacker)) => {
                let here = board.province(&u.location).to_string();
                let convoyed = units.iter().zip(outcomes).any(|(a, ao)| {
                    board.province(&a.location) == attacker.as_str()
                        && matches!(&ao.command, Command::Move { to, convoy: true } if board.province(to) == here)
                });
                out.dislodged.push(Dislodged {
                    unit: u.clone(),
                    from: attacker.clone(),
                    convoyed,
                });
            }
            (None, None) => {}
        }
    }
    out
}

/// Where a dislodged unit may retreat: its moves (never by convoy) to a province that is
/// empty (of the `staying` units), not left empty by a standoff, and not the attacker's,
/// unless the attack came by convoy. Sorted.
pub fn options(board: &dyn Board, situation: &Situation, d: &Dislodged) -> Vec<String> {
    let here = board.province(&d.unit.location).to_string();
    let candidates: Vec<String> = match d.unit.kind {
        UnitKind::Army => board.army_moves_from(&here),
        UnitKind::Fleet => board.fleet_moves_from(&d.unit.location),
    };
    let mut options: Vec<String> = candidates
        .into_iter()
        .filter(|l| {
            let p = board.province(l);
            !situation
                .staying
                .iter()
                .any(|u| board.province(&u.location) == p)
                && !situation.standoffs.iter().any(|c| c == p)
                && (d.convoyed || p != d.from)
        })
        .collect();
    options.sort();
    options.dedup();
    options
}

/// Resolve the retreats: `units` and `outcomes` of the movement phase, and the retreat
/// orders (a move, or anything else: a disband). One entry per dislodged unit, in the order
/// of `units`.
pub fn resolve(
    board: &dyn Board,
    units: &[Unit],
    outcomes: &[Outcome],
    orders: &[Order],
) -> Vec<Retreat> {
    resolve_situation(board, &situation(board, units, outcomes), orders)
}

/// Resolve the retreat orders of a situation: one entry per dislodged unit, in its order.
pub fn resolve_situation(
    board: &dyn Board,
    situation: &Situation,
    orders: &[Order],
) -> Vec<Retreat> {
    let mut retreats: Vec<Retreat> = Vec::new();
    for d in &situation.dislodged {
        let u = &d.unit;
        let here = board.province(&u.location).to_string();
        let options = options(board, situation, d);
        let order = orders.iter().find(|ord| {
            board.province(&ord.unit) == here
                && ord.kind == u.kind
                && ord.power.as_deref().is_none_or(|p| p == u.power)
        });
        let (to, why) = match order.map(|o| &o.command) {
            Some(Command::Move { to, .. }) => {
                let target = match u.kind {
                    UnitKind::Army => board.province(to).to_string(),
                    UnitKind::Fleet => to.clone(),
                };
                // A fleet may name a split-coast province whose one reachable coast is open.
                let target = if options.contains(&target) {
                    Some(target)
                } else {
                    let on_coasts: Vec<&String> = options
                        .iter()
                        .filter(|o| board.province(o) == target && !target.contains('/'))
                        .collect();
                    match on_coasts.as_slice() {
                        [one] => Some((*one).clone()),
                        _ => None,
                    }
                };
                match target {
                    Some(t) => (Some(t), None),
                    None => (None, Some(format!("it may not retreat to `{to}`"))),
                }
            }
            Some(Command::Disband) => (None, Some("disbanded as ordered".to_string())),
            Some(_) => (None, Some("a retreat is a move or a disband".to_string())),
            None => (None, Some("no retreat was ordered".to_string())),
        };
        retreats.push(Retreat {
            unit: u.location.clone(),
            options,
            to,
            why,
        });
    }
    // Two retreating to one province: both are disbanded.
    let targets: Vec<Option<String>> = retreats
        .iter()
        .map(|r| r.to.as_ref().map(|t| board.province(t).to_string()))
        .collect();
    for (k, r) in retreats.iter_mut().enumerate() {
        let Some(t) = &targets[k] else { continue };
        if targets.iter().filter(|x| x.as_ref() == Some(t)).count() > 1 {
            r.to = None;
            r.why = Some(format!("another unit retreats to `{t}` too"));
        }
    }
    retreats
}

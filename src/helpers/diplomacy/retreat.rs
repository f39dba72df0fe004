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
        if o.succeeds {
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

/// Resolve the retreats: `units` and `outcomes` of the movement phase, and the retreat
/// orders (a move, or anything else: a disband). One entry per dislodged unit, in the order
/// of `units`.
pub fn resolve(
    board: &dyn Board,
    units: &[Unit],
    outcomes: &[Outcome],
    orders: &[Order],
) -> Vec<Retreat> {
    let after = after_movement(board, units, outcomes);
    let contested = standoffs(board, outcomes, &after);
    let occupied: Vec<String> = after
        .iter()
        .flatten()
        .map(|l| board.province(l).to_string())
        .collect();
    let mut retreats: Vec<Retreat> = Vec::new();
    for (u, o) in units.iter().zip(outcomes) {
        let Some(attacker) = &o.dislodged_by else {
            continue;
        };
        let here = board.province(&u.location).to_string();
        // Whether the attack came by convoy: then its origin is open.
        let by_convoy = units.iter().zip(outcomes).any(|(a, ao)| {
            board.province(&a.location) == attacker.as_str()
                && matches!(&ao.command, Command::Move { to, convoy: true } if board.province(to) == here)
        });
        let candidates: Vec<String> = match u.kind {
            UnitKind::Army => board.army_moves_from(&here),
            UnitKind::Fleet => board.fleet_moves_from(&u.location),
        };
        let mut options: Vec<String> = candidates
            .into_iter()
            .filter(|l| {
                let p = board.province(l);
                !occupied.iter().any(|o| o == p)
                    && !contested.iter().any(|c| c == p)
                    && (by_convoy || p != attacker.as_str())
            })
            .collect();
        options.sort();
        options.dedup();
        let order = orders
            .iter()
            .find(|ord| board.province(&ord.unit) == here && ord.kind == u.kind);
        let (to, why) = match order.map(|o| &o.command) {
            Some(Command::Move { to, .. }) => {
                let target = match u.kind {
                    UnitKind::Army => board.province(to).to_string(),
                    UnitKind::Fleet => to.clone(),
                };
                if options.contains(&target) {
                    (Some(target), None)
                } else {
                    (None, Some(format!("it may not retreat to `{to}`")))
                }
            }
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

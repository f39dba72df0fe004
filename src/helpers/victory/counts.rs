//! The conditions that count: a majority of the supply centres (Diplomacy's rule when a game
//! declares no condition), the most units on the board, and what a side controls for
//! `control-count`.

use super::*;

/// A game of supply centres that declares no victory condition is won, as Diplomacy's
/// rules say, by holding a majority of the centres: one condition per side.
pub(super) fn majority(
    game: &Game,
    control: &ControlMap,
    conditions: &mut Vec<ConditionResult>,
    winners: &mut Vec<String>,
) {
    let centres = game
        .rules
        .control
        .as_ref()
        .is_some_and(|c| c.rule == ControlRule::SupplyCentres);
    let total: usize = game
        .maps
        .iter()
        .map(|m| match &m.kind {
            MapKind::Area(a) => a.areas.iter().filter(|x| x.supply_centre).count(),
            MapKind::Hex(_) => 0,
        })
        .sum();
    if !centres || total == 0 {
        return;
    }
    let need = total / 2 + 1;
    for (s, side) in game.sides.iter().enumerate() {
        let (have, what) = controlled_count(game, control, s);
        let met = have >= need;
        if met {
            winners.push(side.id.clone());
        }
        conditions.push(ConditionResult {
            id: format!("{}-majority", side.id),
            name: format!(
                "{} holds a majority of the {total} supply centres",
                side.name
            ),
            side: side.id.clone(),
            checked_after: None,
            checked: true,
            met,
            tests: vec![Test {
                holds: met,
                detail: format!("controls {have} {what} (needs {need})"),
            }],
            every: None,
            running: 1,
            note: Some(
                "the game declares no victory condition: a majority of the centres wins".into(),
            ),
        });
    }
}

/// Whether a side has more units on the board than every other side: counters of the
/// condition's `units` that are not hidden parts of units (`[rules.fractions]`).
pub(super) fn most_units(
    game: &Game,
    positions: &Positions,
    v: &crate::model::rules::Victory,
) -> Test {
    let part = |c: usize| {
        game.rules
            .fractions
            .as_ref()
            .is_some_and(|f| f.pieces.iter().any(|p| p.counter == c))
    };
    let mut count = vec![0usize; game.sides.len()];
    for (_, p) in positions.on_map() {
        if part(p.counter) || !v.units.matches(game, p.counter) {
            continue;
        }
        if let Some(s) = game.side_of(p.counter) {
            count[s] += 1;
        }
    }
    let mine = count[v.side];
    let rival = (0..game.sides.len())
        .filter(|s| *s != v.side)
        .max_by_key(|s| (count[*s], std::cmp::Reverse(*s)));
    match rival {
        Some(r) => Test {
            holds: mine > count[r],
            detail: format!(
                "{mine} units; the most of any other side: {} ({})",
                count[r], game.sides[r].name
            ),
        },
        None => Test {
            holds: true,
            detail: format!("{mine} units; no other side"),
        },
    }
}

/// What a side controls for `control-count`, and the word for it.
pub(super) fn controlled_count(
    game: &Game,
    control: &ControlMap,
    side: SideId,
) -> (usize, &'static str) {
    let board = control.board();
    let centres = game
        .rules
        .control
        .as_ref()
        .is_some_and(|c| c.rule == ControlRule::SupplyCentres);
    let mut areas = 0;
    let mut places = 0;
    let mut any_area_map = false;
    for (mi, m) in game.maps.iter().enumerate() {
        match &m.kind {
            MapKind::Area(a) => {
                any_area_map = true;
                for (i, area) in a.areas.iter().enumerate() {
                    if centres && !area.supply_centre {
                        continue;
                    }
                    if control.owner_of(&Site::area(mi, i)) == Some(side) {
                        areas += 1;
                    }
                }
            }
            MapKind::Hex(_) => {
                for p in &m.places {
                    let node = board.node(&Site { map: mi, at: p.at });
                    if node.and_then(|n| control.owner(n)) == Some(side) {
                        places += 1;
                    }
                }
            }
        }
    }
    if centres {
        (areas, "supply centres")
    } else if any_area_map {
        (areas, "areas")
    } else {
        (places, "places")
    }
}

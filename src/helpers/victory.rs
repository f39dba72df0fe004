//! Victory conditions, from the game's `[[rules.victory]]`, a set of positions and control.
//!
//! A condition is met when every test it gives holds:
//!
//! - `occupy-all`: each listed place holds at least one unit of the winning side matching the
//!   condition's `units` (GPW: Axis combat units in Moscow, Leningrad and Kuibyshev);
//! - `track-lead`: the winner's track is above the other track, by at least `by` when `by`
//!   is set (track values come from [`Positions::tracks`]; unknown values fail the test);
//! - `control-count`: the side controls at least that many supply centres (under the
//!   `supply-centres` control rule), areas (on area maps) or named places (on hex maps).
//!
//! A condition with `checked-after` counts only at the end of that side's player turn:
//! [`VictoryOptions::after`] says which player turn just ended (`None` checks every
//! condition as if its moment had come). Winners are the sides of the conditions met and
//! checked now.

use serde::Serialize;

use super::board::Site;
use super::control::ControlMap;
use super::positions::Positions;
use crate::model::rules::ControlRule;
use crate::model::{Game, MapKind, SideId};

/// Inputs besides positions and control.
#[derive(Debug, Clone, Copy, Default)]
pub struct VictoryOptions {
    /// The side whose player turn just ended.
    pub after: Option<SideId>,
}

/// One condition's verdict.
#[derive(Debug, Clone, Serialize)]
pub struct ConditionResult {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Winning side id.
    pub side: String,
    /// Checked after this side's player turn.
    pub checked_after: Option<String>,
    /// Whether it is checked now.
    pub checked: bool,
    /// Whether its tests hold.
    pub met: bool,
    /// Each test, in words.
    pub tests: Vec<Test>,
}

/// One test of a condition.
#[derive(Debug, Clone, Serialize)]
pub struct Test {
    /// Holds.
    pub holds: bool,
    /// In words.
    pub detail: String,
}

/// Every condition and the winners.
#[derive(Debug, Clone, Serialize)]
pub struct VictoryReport {
    /// Conditions in the game's order.
    pub conditions: Vec<ConditionResult>,
    /// Side ids that win now.
    pub winners: Vec<String>,
}

/// Evaluate every victory condition.
pub fn victory(
    game: &Game,
    positions: &Positions,
    control: &ControlMap,
    options: &VictoryOptions,
) -> VictoryReport {
    let board = control.board();
    let mut conditions = Vec::new();
    let mut winners: Vec<String> = Vec::new();
    for v in &game.rules.victory {
        let side_name = &game.sides[v.side].name;
        let mut tests = Vec::new();
        for &(map, pi) in &v.occupy_all {
            let place = &game.maps[map].places[pi];
            let node = board.node(&Site { map, at: place.at });
            let holders: Vec<&str> = positions
                .on_map()
                .filter(|(_, p)| node.is_some() && board.node_of(&p.location) == node)
                .filter(|(_, p)| {
                    game.side_of(p.counter) == Some(v.side) && v.units.matches(game, p.counter)
                })
                .map(|(_, p)| game.counters[p.counter].name.as_str())
                .collect();
            tests.push(if holders.is_empty() {
                Test {
                    holds: false,
                    detail: format!("{}: no {side_name} unit there", place.name),
                }
            } else {
                Test {
                    holds: true,
                    detail: format!("{}: held by {}", place.name, holders.join(", ")),
                }
            });
        }
        if let Some((a, b, by)) = v.track_lead {
            let (ta, tb) = (&game.tracks[a], &game.tracks[b]);
            tests.push(match (positions.track(a), positions.track(b)) {
                (Some(x), Some(y)) => {
                    let holds = x > y && x - y >= by;
                    Test {
                        holds,
                        detail: format!(
                            "{} {x} against {} {y}: lead {}{}",
                            ta.name,
                            tb.name,
                            x - y,
                            if by > 0 {
                                format!(" (needs {by})")
                            } else {
                                String::new()
                            }
                        ),
                    }
                }
                _ => Test {
                    holds: false,
                    detail: format!("{} or {} not known", ta.name, tb.name),
                },
            });
        }
        if let Some(need) = v.control_count {
            let (have, what) = controlled_count(game, control, v.side);
            tests.push(Test {
                holds: have >= need as usize,
                detail: format!("controls {have} {what} (needs {need})"),
            });
        }
        let met = !tests.is_empty() && tests.iter().all(|t| t.holds);
        let checked = match (options.after, v.checked_after) {
            (Some(now), Some(when)) => now == when,
            _ => true,
        };
        if met && checked && !winners.contains(&game.sides[v.side].id) {
            winners.push(game.sides[v.side].id.clone());
        }
        conditions.push(ConditionResult {
            id: v.id.clone(),
            name: v.name.clone(),
            side: game.sides[v.side].id.clone(),
            checked_after: v.checked_after.map(|s| game.sides[s].id.clone()),
            checked,
            met,
            tests,
        });
    }
    VictoryReport {
        conditions,
        winners,
    }
}

/// What a side controls for `control-count`, and the word for it.
fn controlled_count(game: &Game, control: &ControlMap, side: SideId) -> (usize, &'static str) {
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

/// The report as text.
pub fn render(report: &VictoryReport) -> String {
    let mut out = String::new();
    for c in &report.conditions {
        let state = match (c.met, c.checked) {
            (true, true) => "MET",
            (true, false) => "met, but not checked now",
            (false, _) => "not met",
        };
        out.push_str(&format!("{} ({}): {state}\n", c.name, c.side));
        for t in &c.tests {
            out.push_str(&format!(
                "  [{}] {}\n",
                if t.holds { "x" } else { " " },
                t.detail
            ));
        }
    }
    if report.winners.is_empty() {
        out.push_str("No side wins now.\n");
    } else {
        out.push_str(&format!("Winner: {}\n", report.winners.join(", ")));
    }
    out
}

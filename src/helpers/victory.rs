//! Victory conditions, from the game's `[[rules.victory]]`, a set of positions and control.
//!
//! A condition is met when every test it gives holds:
//!
//! - `occupy-all`: each listed place holds at least one unit of the winning side matching the
//!   condition's `units` (GPW: Axis combat units in Moscow, Leningrad and Kuibyshev);
//! - `track-lead`: the winner's track minus the other track is at least `by` (`by = 0`: at
//!   least equal — the Greek Civil War's collapse test, a track fixed at 0 leading a
//!   political index by 0 or more, reads it so); track values come from
//!   [`Positions::tracks`], and unknown values fail the test;
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
                    let holds = x - y >= by;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::helpers::control::{control, ControlOptions};
    use crate::helpers::testgame::{self, positions};
    use crate::model::scenario::AreaSlot;

    fn front() -> Game {
        testgame::with_victory(&testgame::map(
            "
            ......
            ......
            ",
            "
            GGUUUU
            GGUUUU
            ",
            r#"
[[map.place]]
hex = "0101"
name = "Berlin"
kind = "major-city"

[[map.place]]
hex = "0501"
name = "Leningrad"
kind = "major-city"

[[map.place]]
hex = "0502"
name = "Moscow"
kind = "major-city"

[[map.hex-set]]
id = "black-sea-coast"
name = "Black Sea coast"
hexes = ["0602"]
"#,
        ))
    }

    fn check(g: &Game, units: &[(&str, &str)], after: &str) -> VictoryReport {
        let p = positions(g, units);
        let c = control(g, &p, &ControlOptions::default());
        victory(
            g,
            &p,
            &c,
            &VictoryOptions {
                after: g.side_index(after),
            },
        )
    }

    #[test]
    fn the_axis_wins_holding_the_cities_at_the_end_of_a_soviet_turn() {
        let g = front();
        let units = [("ger", "0501"), ("ger", "0502")];
        let r = check(&g, &units, "soviet");
        assert_eq!(r.winners, ["axis"]);
        assert!(r.conditions[0].met && r.conditions[0].checked);
        assert_eq!(r.conditions[0].tests[0].detail, "Moscow: held by Ger Corps");
        // At the end of the Axis player turn the condition is not checked.
        let r = check(&g, &units, "axis");
        assert!(r.winners.is_empty());
        assert!(r.conditions[0].met && !r.conditions[0].checked);
        assert!(render(&r).contains("met, but not checked now"));
        // One city short; and a leader is not a combat unit.
        let r = check(&g, &[("ger", "0502"), ("leader", "0501")], "soviet");
        assert!(r.winners.is_empty());
        assert_eq!(
            r.conditions[0].tests[1].detail,
            "Leningrad: no Axis unit there"
        );
    }

    #[test]
    fn the_soviets_win_in_berlin_after_an_axis_turn() {
        let g = front();
        let r = check(&g, &[("sov", "0101")], "axis");
        assert_eq!(r.winners, ["soviet"]);
        assert_eq!(r.conditions[1].id, "soviet-berlin");
        // Without a turn given, every condition is checked.
        let p = positions(&g, &[("sov", "0101")]);
        let c = control(&g, &p, &ControlOptions::default());
        let r = victory(&g, &p, &c, &VictoryOptions::default());
        assert_eq!(r.winners, ["soviet"]);
        assert!(render(&r).contains("Winner: soviet"));
    }

    const COUNT_AND_LEAD: &str = r#"
[[rules.victory]]
id = "dse-centres"
name = "DSE holds two supply centres"
side = "dse"
control-count = 2

[[rules.victory]]
id = "gov-lead"
name = "Government PI leads by 10"
side = "gov"
track-lead = { track = "gov-pi", over = "dse-pi", by = 10 }
"#;

    #[test]
    fn control_count_and_track_lead() {
        let g = testgame::area_game(
            "rule = \"supply-centres\"\nturns = [\"autumn\"]",
            COUNT_AND_LEAD,
        );
        let band = g.counter_index("band").unwrap();
        let mut p = crate::helpers::Positions::default();
        p.push(crate::helpers::Position::new(
            band,
            testgame::area(&g, "attiki", AreaSlot::Box(1)),
        ));
        p.push(crate::helpers::Position::new(
            band,
            testgame::area(&g, "epirus", AreaSlot::Open),
        ));
        let gov = g.tracks.iter().position(|t| t.id == "gov-pi").unwrap();
        let dse = g.tracks.iter().position(|t| t.id == "dse-pi").unwrap();
        p.tracks = vec![(gov, 35), (dse, 25)];
        // In spring the centres do not change hands.
        p.turn = g.turns.iter().position(|t| t.id == "spring");
        let c = control(&g, &p, &ControlOptions::default());
        let r = victory(&g, &p, &c, &VictoryOptions::default());
        assert_eq!(
            r.conditions[0].tests[0].detail,
            "controls 0 supply centres (needs 2)"
        );
        assert_eq!(r.winners, ["gov"]);
        assert_eq!(
            r.conditions[1].tests[0].detail,
            "Government PI 35 against DSE PI 25: lead 10 (needs 10)"
        );
        // After the autumn turn the DSE takes both.
        p.turn = g.turns.iter().position(|t| t.id == "autumn");
        p.tracks = vec![(gov, 34), (dse, 25)];
        let c = control(&g, &p, &ControlOptions::default());
        let r = victory(&g, &p, &c, &VictoryOptions::default());
        assert_eq!(
            r.conditions[0].tests[0].detail,
            "controls 2 supply centres (needs 2)"
        );
        assert_eq!(r.winners, ["dse"]);
        // Unknown tracks fail the test.
        p.tracks.clear();
        let r = victory(&g, &p, &c, &VictoryOptions::default());
        assert!(!r.conditions[1].met);
    }
}

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
//! - `track-ratio`: the winner's track is at least `times` the other's (the Greek Civil
//!   War's shorter game: twice the other's points);
//! - `points-lead`: the winner's victory points (`[[rules.victory-points]]`) exceed every
//!   other side's by at least that many.
//!
//! A condition with `at = "end"` is judged only at the end of the game: positions of the
//! calendar's last turn (an unknown turn is evaluated as if it were). The default result
//! (`otherwise = true`) is judged there too, once every other condition is: its side wins
//! when no other condition checked now is met. The game ends with the last player turn of
//! `player-order`: after another side's turn ([`VictoryOptions::after`]), such a condition
//! without a `checked-after` of its own is not checked yet.
//!
//! A condition with `every = N` is checked only on turns numbered a multiple of N (the
//! calendar's first turn is 1); with `running = K > 1` it must hold at K checks running:
//! positions show one check, so a condition met now is reported in
//! [`VictoryReport::provisional`] with the earlier checks it also needs, not as a win.
//! `[rules.victory-levels]` names the band of the current lead between two tracks.
//!
//! A condition with `checked-after` counts only at the end of that side's player turn:
//! [`VictoryOptions::after`] says which player turn just ended (`None` checks every
//! condition as if its moment had come). Winners are the sides of the conditions met and
//! checked now.
//!
//! The evaluation is in this file; the report and its text are in `report.rs`, victory
//! points in `points.rs`, and the conditions that count (a majority of centres, the most
//! units, `control-count`) in `counts.rs`.

use serde::Serialize;

use super::board::Site;
use super::control::every_text;
use super::control::ControlMap;
use super::positions::Positions;
use crate::model::rules::{turn_is_every, ControlRule, LevelsBy};
use crate::model::{Game, MapKind, SideId};

mod counts;
mod points;
mod report;

use counts::*;
use points::*;
pub use points::{victory_points, PointsLine, SideVictoryPoints};
pub use report::{render, ConditionResult, LevelReport, Provisional, Test, VictoryReport};

/// Inputs besides positions and control.
#[derive(Debug, Clone, Copy, Default)]
pub struct VictoryOptions {
    /// The side whose player turn just ended.
    pub after: Option<SideId>,
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
    let mut provisional = Vec::new();
    let points = victory_points(game, control);
    // The default result, judged once every other condition is.
    let mut default_result = None;
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
                    // Counted wide: a track's values may span all the numbers there are.
                    let lead = i128::from(x) - i128::from(y);
                    let holds = lead >= i128::from(by);
                    Test {
                        holds,
                        detail: format!(
                            "{} {x} against {} {y}: lead {}{}",
                            ta.name,
                            tb.name,
                            lead,
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
        if let Some((a, b, times)) = v.track_ratio {
            let (ta, tb) = (&game.tracks[a], &game.tracks[b]);
            tests.push(match (positions.track(a), positions.track(b)) {
                (Some(x), Some(y)) => {
                    let need = i128::from(y) * i128::from(times);
                    Test {
                        holds: i128::from(x) >= need,
                        detail: format!(
                            "{} {x} against {} {y}: {x} {} {times} × {y} = {need}",
                            ta.name,
                            tb.name,
                            if i128::from(x) >= need { ">=" } else { "<" }
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
        if let Some(f) = &v.control_all {
            let mut total = 0;
            let mut missing = Vec::new();
            for (map, m) in game.maps.iter().enumerate() {
                for p in &m.places {
                    let Some(node) = board.node(&Site { map, at: p.at }) else {
                        continue;
                    };
                    if !f.matches(p, board.country(node)) {
                        continue;
                    }
                    total += 1;
                    if control.owner(node) != Some(v.side) {
                        missing.push(p.name.clone());
                    }
                }
            }
            let shown: Vec<&str> = missing.iter().take(5).map(String::as_str).collect();
            tests.push(Test {
                holds: total > 0 && missing.is_empty(),
                detail: if missing.is_empty() {
                    format!("controls all {total} of {}", f.places.join(", "))
                } else {
                    format!(
                        "controls {} of {total} {}; not {}{}",
                        total - missing.len(),
                        f.places.join(", "),
                        shown.join(", "),
                        if missing.len() > 5 {
                            format!(" and {} more", missing.len() - 5)
                        } else {
                            String::new()
                        }
                    )
                },
            });
        }
        if v.most_units {
            tests.push(most_units(game, positions, v));
        }
        if let Some(need) = v.points_lead {
            tests.push(points_lead(game, &points, v.side, need));
        }
        let met = !tests.is_empty() && tests.iter().all(|t| t.holds);
        let mut checked = match (options.after, v.checked_after) {
            (Some(now), Some(when)) => now == when,
            _ => true,
        };
        let mut note = None;
        let turn_name = |t: usize| game.turns.get(t).map_or(String::new(), |t| t.name.clone());
        // The game ends with the last player turn of the order: a condition judged at the
        // end, with no side of its own to follow, waits for it.
        let last_player = game.player_order.last().copied();
        let before_the_last_player = v.at_end
            && v.checked_after.is_none()
            && matches!((options.after, last_player), (Some(now), Some(last)) if now != last);
        if (v.at_end || v.most_units) && v.every.is_none() {
            let last = game.turns.len().checked_sub(1);
            match (positions.turn, last) {
                (Some(t), Some(l)) if t == l && before_the_last_player => {
                    checked = false;
                    note = Some(format!(
                        "checked when the calendar ends ({}), after the {} player turn",
                        turn_name(t),
                        last_player.map_or("", |s| game.sides[s].name.as_str())
                    ));
                }
                (Some(t), Some(l)) if t == l => {
                    note = Some(format!("checked when the calendar ends ({})", turn_name(t)));
                }
                (Some(t), Some(l)) => {
                    checked = false;
                    note = Some(format!(
                        "checked when the calendar ends, after {} (this is {})",
                        turn_name(l),
                        turn_name(t)
                    ));
                }
                _ => {
                    note = Some(
                        "checked when the calendar ends; the turn is not known, so evaluated as if it had"
                            .to_string(),
                    );
                }
            }
        }
        if v.otherwise {
            default_result = Some((conditions.len(), checked, note));
            conditions.push(ConditionResult {
                id: v.id.clone(),
                name: v.name.clone(),
                side: game.sides[v.side].id.clone(),
                checked_after: v.checked_after.map(|s| game.sides[s].id.clone()),
                checked,
                met: false,
                tests,
                every: None,
                running: 1,
                note: None,
            });
            continue;
        }
        if let Some(every) = v.every {
            match positions.turn {
                Some(t) if turn_is_every(t, every) => {
                    note = Some(format!(
                        "checked on {} (this is {})",
                        every_text(Some(every)),
                        turn_name(t)
                    ));
                }
                Some(t) => {
                    checked = false;
                    note = Some(format!(
                        "checked on {} only (this is {})",
                        every_text(Some(every)),
                        turn_name(t)
                    ));
                }
                None => {
                    note = Some(format!(
                        "checked on {}; the turn is not known, so evaluated as if this were one",
                        every_text(Some(every))
                    ));
                }
            }
        }
        let side_id = game.sides[v.side].id.clone();
        if met && checked && v.running > 1 {
            let step = v.every.unwrap_or(1) as usize;
            let earlier: Vec<String> = (1..v.running as usize)
                .map(|k| match positions.turn {
                    Some(t) if t >= k * step => turn_name(t - k * step),
                    Some(_) => "a check before the first turn".to_string(),
                    None => format!("check {k} before this one"),
                })
                .collect();
            let needs = format!(
                "met at this check; wins if it was also met at {} ({} checks running)",
                earlier.join(" and "),
                v.running
            );
            note = Some(match note {
                Some(n) => format!("{n}; {needs}"),
                None => needs.clone(),
            });
            provisional.push(Provisional {
                side: side_id.clone(),
                condition: v.id.clone(),
                needs,
            });
        } else if met && checked && !winners.contains(&side_id) {
            winners.push(side_id);
        }
        conditions.push(ConditionResult {
            id: v.id.clone(),
            name: v.name.clone(),
            side: game.sides[v.side].id.clone(),
            checked_after: v.checked_after.map(|s| game.sides[s].id.clone()),
            checked,
            met,
            tests,
            every: v.every,
            running: v.running,
            note,
        });
    }
    if let Some((at, checked, note)) = default_result {
        otherwise(
            &mut conditions[..],
            at,
            checked,
            note,
            &mut winners,
            &mut provisional,
        );
    }
    if game.rules.victory.is_empty() {
        majority(game, control, &mut conditions, &mut winners);
    }
    let level = game.rules.victory_levels.as_ref().map(|l| {
        let band = |d: i64| {
            l.bands
                .iter()
                .find(|b| d >= b.min && b.max.is_none_or(|m| d <= m))
                .map(|b| b.name.clone())
        };
        let (a, b) = match l.between {
            LevelsBy::Tracks(a, b) => (a, b),
            LevelsBy::VictoryPoints => {
                let mut sorted: Vec<&SideVictoryPoints> = points.iter().collect();
                sorted.sort_by_key(|p| std::cmp::Reverse(p.total));
                let values = [
                    sorted.first().map(|p| p.total),
                    Some(sorted.get(1).map_or(0, |p| p.total)),
                ];
                let lead = values[0].map(|x| x.saturating_sub(values[1].unwrap_or(0)));
                let leader = sorted
                    .first()
                    .filter(|_| lead.is_some_and(|d| d > 0))
                    .map(|p| p.side.clone());
                return LevelReport {
                    leading_track: leader
                        .as_ref()
                        .and_then(|_| sorted.first())
                        .map(|p| format!("{} victory points", p.name)),
                    leader,
                    values,
                    lead,
                    level: lead.and_then(band),
                };
            }
        };
        let values = [positions.track(a), positions.track(b)];
        let (lead, leader) = match values {
            [Some(x), Some(y)] => (
                Some(i64::try_from(x.abs_diff(y)).unwrap_or(i64::MAX)),
                match x.cmp(&y) {
                    std::cmp::Ordering::Greater => Some(a),
                    std::cmp::Ordering::Less => Some(b),
                    std::cmp::Ordering::Equal => None,
                },
            ),
            _ => (None, None),
        };
        LevelReport {
            leader: leader.and_then(|t| game.tracks[t].side.map(|s| game.sides[s].id.clone())),
            leading_track: leader.map(|t| game.tracks[t].name.clone()),
            values,
            lead,
            level: lead.and_then(|d| {
                l.bands
                    .iter()
                    .find(|b| d >= b.min && b.max.is_none_or(|m| d <= m))
                    .map(|b| b.name.clone())
            }),
        }
    });
    VictoryReport {
        conditions,
        winners,
        provisional,
        points,
        level,
    }
}

/// The default result (`otherwise = true`, at `at` in `conditions`): met when no other
/// condition checked now is met. When the others met are provisional (they need earlier
/// checks the positions do not show), so is the default: it wins unless they held then.
fn otherwise(
    conditions: &mut [ConditionResult],
    at: usize,
    checked: bool,
    note: Option<String>,
    winners: &mut Vec<String>,
    provisional: &mut Vec<Provisional>,
) {
    let others: Vec<&ConditionResult> = conditions
        .iter()
        .enumerate()
        .filter(|(i, c)| *i != at && c.met && c.checked)
        .map(|(_, c)| c)
        .collect();
    let decided: Vec<String> = others
        .iter()
        .filter(|c| c.running <= 1)
        .map(|c| c.name.clone())
        .collect();
    let pending: Vec<String> = others
        .iter()
        .filter(|c| c.running > 1)
        .map(|c| c.name.clone())
        .collect();
    let none_met = others.is_empty();
    let holds = decided.is_empty();
    let detail = if none_met {
        "no other condition is met".to_string()
    } else if holds {
        format!(
            "no other condition is met but for {}, which needs earlier checks",
            pending.join(", ")
        )
    } else {
        format!("another condition is met: {}", decided.join(", "))
    };
    let d = &mut conditions[at];
    d.tests.push(Test { holds, detail });
    d.met = holds;
    d.checked = checked;
    let mut note = Some(note.map_or_else(
        || {
            "the default result: wins at the end of the game when no other condition is met"
                .to_string()
        },
        |n| format!("the default result; {n}"),
    ));
    if holds && checked {
        if pending.is_empty() {
            if !winners.contains(&d.side) {
                winners.push(d.side.clone());
            }
        } else {
            let needs = format!(
                "met at this check; wins unless {} held at the earlier checks it needs",
                pending.join(", ")
            );
            note = note.map(|n| format!("{n}; {needs}"));
            provisional.push(Provisional {
                side: d.side.clone(),
                condition: d.id.clone(),
                needs,
            });
        }
    }
    d.note = note;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::helpers::control::{control, ControlOptions};
    use crate::model::scenario::AreaSlot;
    use crate::testgame::{self, positions};

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

    /// The front with an end-of-game condition and a default result, over two turns.
    fn judged_at_the_end(conditions: &str) -> Game {
        let map = testgame::map(
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
hex = "0502"
name = "Moscow"
kind = "major-city"

[[map.hex-set]]
id = "black-sea-coast"
name = "Black Sea coast"
hexes = ["0602"]
"#,
        );
        testgame::build(&[
            ("game.toml", &format!("{}{conditions}", testgame::BASE)),
            (
                "map.toml",
                &format!("{map}\n[[turn]]\nid = \"t2\"\nname = \"Turn 2\"\nweather = \"clear\"\n"),
            ),
        ])
    }

    const AT_THE_END: &str = r#"
[[rules.victory]]
id = "axis-moscow"
name = "The Axis holds Moscow at the end"
side = "axis"
at = "end"
occupy-all = ["Moscow"]
units = { combat = true }

[[rules.victory]]
id = "soviet-holds-out"
name = "The Soviets hold out"
side = "soviet"
otherwise = true
"#;

    fn on_turn(g: &Game, units: &[(&str, &str)], turn: Option<usize>) -> VictoryReport {
        let mut p = positions(g, units);
        p.turn = turn;
        let c = control(g, &p, &ControlOptions::default());
        victory(g, &p, &c, &VictoryOptions::default())
    }

    #[test]
    fn an_end_of_game_condition_wins_only_at_the_end_and_the_default_otherwise() {
        let g = judged_at_the_end(AT_THE_END);
        assert!(g.rules.victory[0].at_end && g.rules.victory[1].otherwise);
        // Turn 1 of 2: the Axis in Moscow wins nothing yet, nor does the default.
        let r = on_turn(&g, &[("ger", "0502")], Some(0));
        assert!(r.winners.is_empty(), "{r:?}");
        assert!(r.conditions[0].met && !r.conditions[0].checked);
        assert_eq!(
            r.conditions[0].note.as_deref(),
            Some("checked when the calendar ends, after Turn 2 (this is Turn 1)")
        );
        assert!(!r.conditions[1].checked);
        // The last turn: the Axis holds Moscow and wins; the default does not hold.
        let r = on_turn(&g, &[("ger", "0502")], Some(1));
        assert_eq!(r.winners, ["axis"]);
        assert!(!r.conditions[1].met);
        assert_eq!(
            r.conditions[1].tests[0].detail,
            "another condition is met: The Axis holds Moscow at the end"
        );
        // Moscow empty at the end: the Soviets win by default.
        let r = on_turn(&g, &[("ger", "0402")], Some(1));
        assert_eq!(r.winners, ["soviet"]);
        assert!(r.conditions[1].met && r.conditions[1].checked);
        let text = render(&r);
        assert!(
            text.contains("The Soviets hold out (soviet): MET"),
            "{text}"
        );
        assert!(text.contains("[x] no other condition is met"), "{text}");
        assert!(text.contains("Winner: soviet"), "{text}");
    }

    #[test]
    fn the_default_result_waits_for_a_condition_that_needs_earlier_checks() {
        let g = judged_at_the_end(
            r#"
[[rules.victory]]
id = "axis-moscow"
name = "The Axis holds Moscow twice running"
side = "axis"
occupy-all = ["Moscow"]
running = 2

[[rules.victory]]
id = "soviet-holds-out"
name = "The Soviets hold out"
side = "soviet"
otherwise = true
"#,
        );
        let r = on_turn(&g, &[("ger", "0502")], Some(1));
        assert!(r.winners.is_empty());
        let sides: Vec<&str> = r.provisional.iter().map(|p| p.side.as_str()).collect();
        assert_eq!(sides, ["axis", "soviet"]);
        assert!(r.provisional[1]
            .needs
            .contains("wins unless The Axis holds Moscow twice running held"));
    }

    #[test]
    fn a_lead_in_victory_points() {
        let g = judged_at_the_end(
            r#"
[[rules.victory-points]]
name = "Cities"
side = "axis"
points = 5
terrain = ["major-city"]

[[rules.victory-points]]
name = "Cities"
side = "soviet"
points = 2
terrain = ["major-city"]

[[rules.victory]]
id = "axis-points"
name = "The Axis leads by 3 victory points at the end"
side = "axis"
at = "end"
points-lead = 3
"#,
        );
        // Berlin is German (Axis 5), Moscow Soviet (Soviet 2): a lead of 3.
        let r = on_turn(&g, &[], Some(1));
        assert_eq!(r.winners, ["axis"]);
        assert_eq!(
            r.conditions[0].tests[0].detail,
            "5 victory points against 2 (Soviet): lead 3 (needs 3)"
        );
        // The Soviets take Berlin: 0 against 4.
        let r = on_turn(&g, &[("sov", "0101")], Some(1));
        assert!(r.winners.is_empty());
        assert!(!r.conditions[0].met);
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

    const RATIO_AND_LEVELS: &str = r#"
[[rules.victory]]
id = "gov-double"
name = "Government doubles the DSE at two checks running"
side = "gov"
track-ratio = { track = "gov-pi", over = "dse-pi", times = 2 }
every = 2
running = 2

[[rules.victory]]
id = "dse-double"
name = "DSE doubles the Government"
side = "dse"
track-ratio = { track = "dse-pi", over = "gov-pi", times = 2 }
every = 2

[rules.victory-levels]
between = ["gov-pi", "dse-pi"]
band = [
  { lead = "0-25", name = "Draw" },
  { lead = "26-50", name = "Marginal" },
  { lead = "51+", name = "Decisive" },
]
"#;

    fn at_turn(g: &Game, turn: &str, gov: i64, dse: i64) -> VictoryReport {
        let t = |id: &str| g.tracks.iter().position(|t| t.id == id).unwrap();
        let p = crate::helpers::Positions {
            turn: g.turns.iter().position(|x| x.id == turn),
            tracks: vec![(t("gov-pi"), gov), (t("dse-pi"), dse)],
            ..Default::default()
        };
        let c = control(g, &p, &ControlOptions::default());
        victory(g, &p, &c, &VictoryOptions::default())
    }

    #[test]
    fn track_ratio_on_check_turns_with_checks_running_and_levels() {
        let g = testgame::area_game("rule = \"all-boxes\"", RATIO_AND_LEVELS);
        // Spring 1948 is turn 4, a check turn; 60 >= 2 × 30: met at this check, a win only
        // if Autumn 1947 (turn 2) went the same way.
        let r = at_turn(&g, "spring-48", 60, 30);
        assert!(r.winners.is_empty());
        assert_eq!(r.provisional.len(), 1);
        assert_eq!(
            r.provisional[0].needs,
            "met at this check; wins if it was also met at Autumn 1947 (2 checks running)"
        );
        assert_eq!(
            r.conditions[0].tests[0].detail,
            "Government PI 60 against DSE PI 30: 60 >= 2 × 30 = 60"
        );
        let level = r.level.as_ref().unwrap();
        assert_eq!(
            (level.leader.as_deref(), level.lead, level.level.as_deref()),
            (Some("gov"), Some(30), Some("Marginal"))
        );
        let text = render(&r);
        assert!(
            text.contains("Government PI leads by 30: Marginal"),
            "{text}"
        );
        assert!(text.contains(": met at this check\n"), "{text}");
        // Winter 1947 is turn 3: not a check turn.
        let r = at_turn(&g, "winter", 60, 30);
        assert!(r.provisional.is_empty() && r.winners.is_empty());
        assert!(!r.conditions[0].checked && r.conditions[0].met);
        assert_eq!(
            r.conditions[0].note.as_deref(),
            Some("checked on even-numbered turns only (this is Winter 1947)")
        );
        // One check suffices for the DSE: 41 >= 2 × 20 on turn 2 wins outright; its lead
        // of 21 is a draw in level.
        let r = at_turn(&g, "autumn", 20, 41);
        assert_eq!(r.winners, ["dse"]);
        let level = r.level.as_ref().unwrap();
        assert_eq!(
            (level.leader.as_deref(), level.lead, level.level.as_deref()),
            (Some("dse"), Some(21), Some("Draw"))
        );
        // 39 < 2 × 20: not met. Level indices: no leader.
        let r = at_turn(&g, "autumn", 39, 39);
        assert!(r.winners.is_empty());
        assert!(render(&r).contains("the tracks are level: Draw"));
        // The first check has no earlier one: said so.
        let r = at_turn(&g, "autumn", 60, 30);
        assert!(r.provisional[0]
            .needs
            .contains("a check before the first turn"));
        // A large lead falls in the open band.
        let r = at_turn(&g, "autumn", 90, 10);
        assert_eq!(r.level.unwrap().level.as_deref(), Some("Decisive"));
    }

    #[test]
    fn victory_points_by_place_country_and_first_owner_and_the_margin_level() {
        // Theatre: mobilization hexes 0102 (Britain), 0801 (Germany), 0104 (Spain); ports
        // Westport (Britain), Eastport (Egypt), Isle (Spain).
        let g = testgame::theatre();
        let score = |units: &[(&str, &str)]| {
            let p = positions(&g, units);
            let c = control(&g, &p, &ControlOptions::default());
            victory(&g, &p, &c, &VictoryOptions::default())
        };
        let r = score(&[]);
        let total = |r: &VictoryReport, side: &str| {
            r.points.iter().find(|p| p.side == side).map(|p| p.total)
        };
        assert_eq!(total(&r, "axis"), Some(0));
        assert_eq!(total(&r, "allies"), Some(0));
        // The Axis takes Britain's and Spain's mobilization hexes: 2 + 2.
        let r = score(&[("ger-corps", "0102"), ("ger-corps", "0104")]);
        assert_eq!(total(&r, "axis"), Some(4));
        let axis = r.points.iter().find(|p| p.side == "axis").unwrap();
        assert_eq!(axis.lines[0].places.len(), 2);
        let level = r.level.as_ref().unwrap();
        assert_eq!(level.leader.as_deref(), Some("axis"));
        assert_eq!(level.lead, Some(4));
        assert_eq!(level.level.as_deref(), Some("Decisive victory"));
        // The Allies take Germany's: 2 (an Axis mobilization hex; not a port).
        let r = score(&[("brit-corps", "0801"), ("ger-corps", "0104")]);
        assert_eq!(total(&r, "allies"), Some(2));
        assert_eq!(total(&r, "axis"), Some(2));
        assert_eq!(r.level.as_ref().unwrap().level.as_deref(), Some("Draw"));
        assert_eq!(r.level.as_ref().unwrap().leader, None);
        let text = render(&r);
        assert!(text.contains("Axis victory points: 2"), "{text}");
    }

    #[test]
    fn an_enemy_zone_contests_control_of_a_hex_its_owner_does_not_hold() {
        let g = testgame::theatre();
        let at = |p: &Positions, h: &str| {
            let c = control(&g, p, &ControlOptions::default());
            let node = c.board().node_of(&testgame::hex(&g, h)).unwrap();
            c.owner(node).map(|s| g.sides[s].id.clone())
        };
        // A German corps at 0903: Egypt's 0802 is in its zone and nobody's.
        let p = positions(&g, &[("ger-corps", "0903")]);
        assert_eq!(at(&p, "0802"), None);
        assert_eq!(at(&p, "0702").as_deref(), Some("allies"));
        // A British corps in 0802 holds it.
        let p = positions(&g, &[("ger-corps", "0903"), ("brit-corps", "0802")]);
        assert_eq!(at(&p, "0802").as_deref(), Some("allies"));
    }
}

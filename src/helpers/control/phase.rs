//! The Control Phase under `[rules.control-phase]` and `[[rules.marker]]`: each side
//! collects its entry of the `points` of every area it controls (a marker's `points` replace
//! them; `cancels-points` leaves the controller nothing), then loses the markers' penalties
//! (once per area holding the marker), the absence penalties (no matching unit of the side
//! within the countries) and the garrison penalties (per area short; a requirement with
//! `when` only when the caller names it). Dice are reported as text, never rolled.

use std::collections::BTreeMap;

use serde::Serialize;

use super::ControlMap;
use crate::helpers::positions::Positions;
use crate::model::rules::Amount;
use crate::model::{MapKind, SideId};

/// Points one side collects or loses for one reason.
#[derive(Debug, Clone, Serialize)]
pub struct PenaltyLine {
    /// The reason, e.g. `Terror` or the rule's name.
    pub reason: String,
    /// The places concerned (area names), if any.
    pub places: Vec<String>,
    /// Fixed points lost.
    pub points: i64,
    /// Dice lost, as text (`2d6`), rolled by the players.
    pub dice: Option<String>,
}

impl PenaltyLine {
    fn new(reason: String, places: Vec<String>, amount: Amount, times: usize) -> Self {
        let (points, dice) = match amount {
            Amount::Points(n) => (n * times as i64, None),
            Amount::Dice(d) => (
                0,
                (times > 0).then(|| {
                    crate::model::table::Dice {
                        count: d.count * times as u32,
                        sides: d.sides,
                    }
                    .to_string()
                }),
            ),
        };
        Self {
            reason,
            places,
            points,
            dice,
        }
    }

    fn text(&self) -> String {
        match (&self.dice, self.points) {
            (Some(d), 0) => d.clone(),
            (Some(d), n) => format!("{n} + {d}"),
            (None, n) => n.to_string(),
        }
    }
}

/// One area in the Control Phase: who collects what for it.
#[derive(Debug, Clone, Serialize)]
pub struct AreaScore {
    /// Area name.
    pub name: String,
    /// Area id.
    pub area: String,
    /// Controlling side id (absent = nobody).
    pub controller: Option<String>,
    /// Points the controller collects.
    pub points: i64,
    /// Names of the markers lying there that have an effect.
    pub markers: Vec<String>,
    /// Why the points differ from the map's, if they do.
    pub note: Option<String>,
}

/// A side's Control Phase.
#[derive(Debug, Clone, Serialize)]
pub struct SideScore {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// Points collected for controlled areas.
    pub collected: i64,
    /// Penalties applied.
    pub penalties: Vec<PenaltyLine>,
    /// Collected minus the fixed penalties.
    pub net: i64,
    /// Dice the side loses on top, as text (`2d6`).
    pub dice: Vec<String>,
    /// The side's index track, before and after the phase, when declared and known.
    pub index: Option<IndexChange>,
}

/// A side's index through the phase.
#[derive(Debug, Clone, Serialize)]
pub struct IndexChange {
    /// Track id.
    pub track: String,
    /// Track name.
    pub name: String,
    /// Value shown by the positions (absent = unknown).
    pub before: Option<i64>,
    /// Value after the fixed points (limited to the track's maximum when no dice remain).
    pub after: Option<i64>,
    /// Dice still to subtract.
    pub minus_dice: Vec<String>,
}

/// A garrison requirement's verdict.
#[derive(Debug, Clone, Serialize)]
pub struct GarrisonResult {
    /// Id.
    pub id: String,
    /// Rule text.
    pub name: String,
    /// Side id.
    pub side: String,
    /// The condition under which it holds, if not always.
    pub when: Option<String>,
    /// Whether it is applied now (always, or named with `in_force`).
    pub in_force: bool,
    /// Areas short of the garrison, with what they hold against what they need.
    pub short: Vec<String>,
    /// The penalty it costs (applied only when in force).
    pub penalty: PenaltyLine,
}

/// The Control Phase: points per area, per side, penalties, and the indices after it.
#[derive(Debug, Clone, Serialize)]
pub struct ControlPhaseReport {
    /// Controlled areas and areas holding markers with an effect, in map order.
    pub areas: Vec<AreaScore>,
    /// Per side, in the game's order.
    pub sides: Vec<SideScore>,
    /// Garrison requirements, in force or not.
    pub garrisons: Vec<GarrisonResult>,
}

/// The Control Phase under `[rules.control-phase]` and `[[rules.marker]]`, for the control
/// `map` of some positions; `None` when the game declares no Control Phase. `in_force` names
/// the conditional garrison requirements to apply (by id).
pub fn control_phase(
    map: &ControlMap,
    positions: &Positions,
    in_force: &[String],
) -> Option<ControlPhaseReport> {
    let board = map.board();
    let game = board.game();
    let rules = game.rules.control_phase.as_ref()?;
    let n_sides = game.sides.len();
    let mut collected = vec![0i64; n_sides];
    let mut penalties: Vec<Vec<PenaltyLine>> = vec![Vec::new(); n_sides];
    // Marker effects per node: effect index → present.
    let mut marked: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (_, p) in positions.on_map() {
        let class = game.counters[p.counter].class;
        let Some(e) = game.rules.markers.iter().position(|m| m.class == class) else {
            continue;
        };
        if let Some(node) = board.node_of(&p.location) {
            let v = marked.entry(node).or_default();
            if !v.contains(&e) {
                v.push(e);
            }
        }
    }
    let mut areas = Vec::new();
    // Per effect: the areas holding it.
    let mut per_effect: Vec<Vec<String>> = vec![Vec::new(); game.rules.markers.len()];
    for (mi, m) in game.maps.iter().enumerate() {
        let MapKind::Area(am) = &m.kind else { continue };
        for (ai, area) in am.areas.iter().enumerate() {
            let Some(node) = board.node(&crate::helpers::board::Site::area(mi, ai)) else {
                continue;
            };
            let effects: Vec<&crate::model::rules::MarkerEffect> = marked
                .get(&node)
                .map(|v| v.iter().map(|e| &game.rules.markers[*e]).collect())
                .unwrap_or_default();
            for e in marked.get(&node).into_iter().flatten() {
                per_effect[*e].push(area.name.clone());
            }
            let owner = map.owner(node);
            if owner.is_none() && effects.is_empty() {
                continue;
            }
            let marker_names: Vec<String> = effects
                .iter()
                .map(|e| game.classes[e.class].name.clone())
                .collect();
            let mut note = None;
            let mut points = |s: SideId| -> i64 {
                let table = effects
                    .iter()
                    .find_map(|e| e.points.as_ref().map(|p| (p, e.class)));
                match table {
                    Some((p, class)) => {
                        note = Some(format!("{}: scores {}", game.classes[class].name, {
                            game.sides
                                .iter()
                                .enumerate()
                                .map(|(i, _)| {
                                    p.iter()
                                        .find(|(x, _)| *x == i)
                                        .map_or(0, |(_, v)| *v)
                                        .to_string()
                                })
                                .collect::<Vec<_>>()
                                .join("/")
                        }));
                        p.iter().find(|(x, _)| *x == s).map_or(0, |(_, v)| *v)
                    }
                    None => area
                        .points
                        .iter()
                        .find(|(x, _)| *x == s)
                        .map_or(0, |(_, v)| *v),
                }
            };
            let mut got = owner.map_or(0, &mut points);
            if let Some(c) = effects.iter().find(|e| e.cancels_points) {
                if owner.is_some() {
                    note = Some(format!(
                        "{}: the controller collects nothing",
                        game.classes[c.class].name
                    ));
                }
                got = 0;
            }
            if let Some(s) = owner {
                collected[s] += got;
            }
            areas.push(AreaScore {
                name: area.name.clone(),
                area: area.id.clone(),
                controller: owner.map(|s| game.sides[s].id.clone()),
                points: got,
                markers: marker_names,
                note,
            });
        }
    }
    for (e, places) in game.rules.markers.iter().zip(per_effect) {
        if let (Some(p), false) = (e.penalty, places.is_empty()) {
            let times = places.len();
            penalties[p.side].push(PenaltyLine::new(
                game.classes[e.class].name.clone(),
                places,
                p.amount,
                times,
            ));
        }
    }
    for a in &rules.absence {
        let present = positions.on_map().any(|(_, p)| {
            game.side_of(p.counter) == Some(a.side)
                && a.units.matches(game, p.counter)
                && board.node_of(&p.location).is_some_and(|n| {
                    a.within.is_empty() || board.country(n).is_some_and(|c| a.within.contains(&c))
                })
        });
        if !present {
            penalties[a.side].push(PenaltyLine::new(a.name.clone(), Vec::new(), a.penalty, 1));
        }
    }
    let mut garrisons = Vec::new();
    for gr in &rules.garrisons {
        let mut short = Vec::new();
        let mut short_names = Vec::new();
        for (mi, m) in game.maps.iter().enumerate() {
            let MapKind::Area(am) = &m.kind else { continue };
            for (ai, area) in am.areas.iter().enumerate() {
                if !(gr.areas.contains(&(mi, ai)) || gr.terrain.contains(&area.terrain)) {
                    continue;
                }
                let node = board.node(&crate::helpers::board::Site::area(mi, ai));
                let worth: u32 = positions
                    .on_map()
                    .filter(|(_, p)| node.is_some() && board.node_of(&p.location) == node)
                    .filter(|(_, p)| {
                        game.side_of(p.counter) == Some(gr.side)
                            && gr.units.matches(game, p.counter)
                    })
                    .map(|(_, p)| {
                        gr.worth
                            .iter()
                            .find(|(sel, _)| sel.matches(game, p.counter))
                            .map_or(1, |(_, w)| *w)
                    })
                    .sum();
                if worth < gr.min {
                    short.push(format!("{} ({worth} of {})", area.name, gr.min));
                    short_names.push(area.name.clone());
                }
            }
        }
        let in_force = gr.when.is_none() || in_force.contains(&gr.id);
        let times = short.len();
        let penalty = PenaltyLine::new(gr.name.clone(), short_names, gr.penalty, times);
        if in_force && times > 0 {
            penalties[gr.side].push(penalty.clone());
        }
        garrisons.push(GarrisonResult {
            id: gr.id.clone(),
            name: gr.name.clone(),
            side: game.sides[gr.side].id.clone(),
            when: gr.when.clone(),
            in_force,
            short,
            penalty,
        });
    }
    let sides = game
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let fixed: i64 = penalties[i].iter().map(|p| p.points).sum();
            let dice: Vec<String> = penalties[i].iter().filter_map(|p| p.dice.clone()).collect();
            let net = collected[i] - fixed;
            let index = rules.index.iter().find(|(x, _)| *x == i).map(|(_, t)| {
                let track = &game.tracks[*t];
                let before = positions.track(*t);
                let after = before.map(|b| {
                    let a = b.saturating_add(net);
                    if dice.is_empty() {
                        a.min(track.max)
                    } else {
                        a
                    }
                });
                IndexChange {
                    track: track.id.clone(),
                    name: track.name.clone(),
                    before,
                    after,
                    minus_dice: dice.clone(),
                }
            });
            SideScore {
                side: s.id.clone(),
                name: s.name.clone(),
                collected: collected[i],
                penalties: penalties[i].clone(),
                net,
                dice,
                index,
            }
        })
        .collect();
    Some(ControlPhaseReport {
        areas,
        sides,
        garrisons,
    })
}

/// The Control Phase as text.
pub fn render_control_phase(report: &ControlPhaseReport) -> String {
    let mut out = String::from("Control Phase:\n");
    let width = report
        .areas
        .iter()
        .map(|a| a.name.chars().count())
        .max()
        .unwrap_or(0);
    let side_w = report
        .areas
        .iter()
        .map(|a| a.controller.as_deref().unwrap_or("-").len())
        .max()
        .unwrap_or(1);
    for a in &report.areas {
        let mut line = format!(
            "  {:width$}  {:side_w$}  {:>+3}",
            a.name,
            a.controller.as_deref().unwrap_or("-"),
            a.points
        );
        if let Some(n) = &a.note {
            line.push_str(&format!("  ({n})"));
        } else if !a.markers.is_empty() {
            line.push_str(&format!("  ({})", a.markers.join(", ")));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for s in &report.sides {
        let mut line = format!("{}: +{} collected", s.name, s.collected);
        for p in &s.penalties {
            let at = if p.places.is_empty() {
                String::new()
            } else {
                format!(": {}", p.places.join(", "))
            };
            line.push_str(&format!(", -{} {}{at}", p.text(), p.reason));
        }
        let dice: String = s.dice.iter().map(|d| format!(" - {d}")).collect();
        line.push_str(&format!(" = {:+}{dice}", s.net));
        if let Some(i) = &s.index {
            match (i.before, i.after) {
                (Some(b), Some(a)) => {
                    line.push_str(&format!("; {} {b} -> {a}{dice}", i.name));
                }
                _ => line.push_str(&format!("; {} not known", i.name)),
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    for g in &report.garrisons {
        let state = match (g.in_force, &g.when) {
            (true, None) => String::new(),
            (true, Some(w)) => format!(" [in force: {w}]"),
            (false, Some(w)) => format!(" [not applied: only {w}; --in-force {}]", g.id),
            (false, None) => String::new(),
        };
        if g.short.is_empty() {
            out.push_str(&format!("{}{state}: met\n", g.name));
        } else {
            out.push_str(&format!(
                "{}{state}: {} short, -{} {}: {}\n",
                g.name,
                g.short.len(),
                g.penalty.text(),
                g.side,
                g.short.join(", ")
            ));
        }
    }
    out
}

// ---------------------------------------------------------------------------- Attrition

#[cfg(test)]
mod tests {
    use super::*;
    use crate::helpers::control::{attrition, control, render_attrition, report, ControlOptions};
    use crate::helpers::Position;
    use crate::model::scenario::AreaSlot;
    use crate::model::Game;
    use crate::testgame;

    /// Control-phase rules in the image of The Greek Civil War's.
    const PHASE: &str = r#"
[[rules.marker]]
class = "terror"
cancels-points = true
penalty = { side = "gov", points = 1 }

[[rules.marker]]
class = "resettled"
takes-box = true
points = { dse = 1, gov = 1 }
penalty = { side = "gov", points = 1 }

[rules.control-phase]
index = { gov = "gov-pi", dse = "dse-pi" }

[[rules.control-phase.absence]]
name = "No DSE conventional unit in Greece"
side = "dse"
units = { except-flags = ["unconventional"] }
within = ["greece"]
penalty = "2d6"

[[rules.control-phase.garrison]]
id = "area-defence"
name = "Area Defence"
side = "gov"
terrain = ["urban", "rural"]
penalty = 1
when = "under Area Defence"

[[rules.control-phase.garrison]]
id = "capital"
name = "Two brigades or four police in Attiki"
side = "gov"
areas = ["attiki"]
worth = [{ units = { classes = ["gna"] }, counts = 2 }]
min = 4
penalty = "1d6"

[rules.attrition]
units = { flags = ["attrition"] }
where = "enemy-controlled"
percent = 50
rounding = "up"
every = 2
effect = "loses a Level"
"#;

    fn game() -> Game {
        testgame::area_game("rule = \"all-boxes\"\nunits = { combat = true }", PHASE)
    }

    fn put(g: &Game, p: &mut Positions, counter: &str, area: &str, slot: AreaSlot) {
        p.push(Position::new(
            g.counter_index(counter).unwrap(),
            testgame::area(g, area, slot),
        ));
    }

    fn tracks(g: &Game, p: &mut Positions, gov: i64, dse: i64) {
        let t = |id: &str| g.tracks.iter().position(|t| t.id == id).unwrap();
        p.tracks = vec![(t("gov-pi"), gov), (t("dse-pi"), dse)];
    }

    fn side<'a>(r: &'a ControlPhaseReport, id: &str) -> &'a SideScore {
        r.sides.iter().find(|s| s.side == id).unwrap()
    }

    #[test]
    fn points_terror_resettlement_and_absence() {
        let g = game();
        let mut p = Positions::default();
        // Attiki (urban, 2 boxes, 1/4): a brigade in box 1, the R marker in box 2: the
        // Government controls it and scores 1, not 4.
        put(&g, &mut p, "gna", "attiki", AreaSlot::Box(1));
        put(&g, &mut p, "resettled", "attiki", AreaSlot::Box(2));
        // Viotia (rural, 1 box, 2/1): a DSE cadre holds it, but it is Terrorized.
        put(&g, &mut p, "cadre", "viotia", AreaSlot::Box(1));
        put(&g, &mut p, "terror", "viotia", AreaSlot::Open);
        // Epirus (2/1): a band in the Open holds nothing.
        put(&g, &mut p, "band", "albania", AreaSlot::Open);
        tracks(&g, &mut p, 30, 20);
        let m = control(&g, &p, &ControlOptions::default());
        let r = control_phase(&m, &p, &[]).expect("declared");
        let scores: Vec<(&str, Option<&str>, i64)> = r
            .areas
            .iter()
            .map(|a| (a.area.as_str(), a.controller.as_deref(), a.points))
            .collect();
        assert_eq!(
            scores,
            [
                ("attiki", Some("gov"), 1),
                ("viotia", Some("dse"), 0),
                ("albania", Some("dse"), 3),
            ]
        );
        assert_eq!(
            r.areas[0].note.as_deref(),
            Some("Resettled: scores 1/1"),
            "{r:?}"
        );
        let gov = side(&r, "gov");
        assert_eq!(gov.collected, 1);
        let lines: Vec<(&str, i64)> = gov
            .penalties
            .iter()
            .map(|l| (l.reason.as_str(), l.points))
            .collect();
        // Terror 1, Resettled 1; the capital garrison (worth 2 of 4) costs 1d6; Area
        // Defence is not in force.
        assert_eq!(
            lines,
            [
                ("Terror", 1),
                ("Resettled", 1),
                ("Two brigades or four police in Attiki", 0)
            ]
        );
        assert_eq!(gov.penalties[2].dice.as_deref(), Some("1d6"));
        assert_eq!(gov.net, -1);
        let idx = gov.index.as_ref().unwrap();
        assert_eq!((idx.before, idx.after), (Some(30), Some(29)));
        assert_eq!(idx.minus_dice, ["1d6"]);
        // The DSE: 0 + 3; only a cadre (unconventional) and a band abroad: 2d6.
        let dse = side(&r, "dse");
        assert_eq!((dse.collected, dse.net), (3, 3));
        assert_eq!(dse.dice, ["2d6"]);
        let text = render_control_phase(&r);
        assert!(
            text.contains("DSE: +3 collected, -2d6 No DSE conventional unit in Greece = +3 - 2d6; DSE PI 20 -> 23 - 2d6"),
            "{text}"
        );
        assert!(
            text.contains("Government: +1 collected, -1 Terror: Viotia, -1 Resettled: Attiki, -1d6 Two brigades or four police in Attiki: Attiki = -1 - 1d6"),
            "{text}"
        );
        // Area Defence in force: Viotia, Epirus and Albania (rural in this little game) hold
        // no Government unit: 3 more.
        let r = control_phase(&m, &p, &["area-defence".into()]).unwrap();
        let gov = side(&r, "gov");
        assert_eq!(gov.net, -4);
        assert_eq!(
            r.garrisons[0].short,
            ["Viotia (0 of 1)", "Epirus (0 of 1)", "Albania (0 of 1)"]
        );
        assert!(r.garrisons[0].in_force && !r.garrisons[1].short.is_empty());
        // A band in Epirus's box: no absence penalty, Epirus scores 2.
        put(&g, &mut p, "band", "epirus", AreaSlot::Box(1));
        let m = control(&g, &p, &ControlOptions::default());
        let r = control_phase(&m, &p, &[]).unwrap();
        let dse = side(&r, "dse");
        assert_eq!((dse.collected, dse.dice.len()), (5, 0));
    }

    #[test]
    fn a_box_taking_marker_fills_one_box_only() {
        let g = game();
        // Without the marker one brigade in two boxes leaves Attiki disputed.
        let mut p = Positions::default();
        put(&g, &mut p, "gna", "attiki", AreaSlot::Box(1));
        let m = control(&g, &p, &ControlOptions::default());
        let attiki = m
            .board()
            .node_of(&testgame::area(&g, "attiki", AreaSlot::Open))
            .unwrap();
        assert_eq!(m.owner(attiki), None);
        // A marker in the Open fills the empty box.
        put(&g, &mut p, "resettled", "attiki", AreaSlot::Open);
        let m = control(&g, &p, &ControlOptions::default());
        assert_eq!(m.owner(attiki), g.side_index("gov"));
        // The marker alone controls nothing; a DSE unit in the other box disputes it.
        let mut q = Positions::default();
        put(&g, &mut q, "resettled", "attiki", AreaSlot::Box(2));
        assert_eq!(
            control(&g, &q, &ControlOptions::default()).owner(attiki),
            None
        );
        put(&g, &mut q, "gna", "attiki", AreaSlot::Box(1));
        put(&g, &mut q, "band", "attiki", AreaSlot::Box(2));
        assert_eq!(
            control(&g, &q, &ControlOptions::default()).owner(attiki),
            None
        );
        // Under all-boxes, no history against the countries' starting owners.
        let r = report(&control(&g, &q, &ControlOptions::default()));
        assert!(r.changed.is_empty(), "{:?}", r.changed);
    }

    #[test]
    fn attrition_strikes_half_rounded_up_where_the_enemy_controls() {
        let g = game();
        let mut p = Positions::default();
        put(&g, &mut p, "band", "viotia", AreaSlot::Box(1));
        for _ in 0..3 {
            put(&g, &mut p, "police", "viotia", AreaSlot::Open);
        }
        // Police in a disputed or friendly area are safe; bands are not subject.
        put(&g, &mut p, "police", "epirus", AreaSlot::Open);
        put(&g, &mut p, "police", "attiki", AreaSlot::Box(1));
        put(&g, &mut p, "police", "attiki", AreaSlot::Box(2));
        put(&g, &mut p, "police", "attiki", AreaSlot::Open);
        p.turn = g.turns.iter().position(|t| t.id == "autumn");
        let m = control(&g, &p, &ControlOptions::default());
        let r = attrition(&m, &p).expect("declared");
        assert_eq!(r.due, Some(true));
        assert_eq!(r.groups.len(), 1);
        let grp = &r.groups[0];
        assert_eq!(
            (
                grp.location.as_str(),
                grp.side.as_str(),
                grp.units.len(),
                grp.suffer
            ),
            ("Viotia", "gov", 3, 2)
        );
        let text = render_attrition(&r);
        assert!(
            text.contains("Viotia (controlled by dse): gov 3 subject, 2 suffer"),
            "{text}"
        );
        // Spring 1947 is turn 1: not due, the subject units are still listed.
        p.turn = Some(0);
        let r = attrition(&m, &p).unwrap();
        assert_eq!(r.due, Some(false));
        assert!(render_attrition(&r).contains("not due on Spring 1947: even-numbered turns only"));
    }

    #[test]
    fn games_without_the_sections_report_none() {
        let g = testgame::area_game("rule = \"all-boxes\"", "");
        let p = Positions::default();
        let m = control(&g, &p, &ControlOptions::default());
        assert!(control_phase(&m, &p, &[]).is_none());
        assert!(attrition(&m, &p).is_none());
    }
}

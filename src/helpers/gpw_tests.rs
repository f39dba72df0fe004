//! The helpers on The Great Patriotic War itself (`modules/great-patriotic-war`), worked
//! through by hand from its rules and its map. Skipped, with a message, when the module is
//! not in the checkout.
//!
//! Map facts used (read off `map.toml`): Crimea joins the mainland only through Perekop,
//! 3638 (its neighbours 3637, 3738 sea, 3739, 3639, 3539 sea, 3538), and through the Straits
//! of Kerch between Kerch (4140) and 4240, the only passage east; 3538 touches 3537, 3637,
//! 3638, 3437. Sevastopol (3641), Kerch, Odessa, Novorossisk, Tuapse, Mariupol and Taganrog
//! are the Black Sea coast's ports.

use super::control::{control, report as control_report, ControlOptions};
use super::crt::{battlefield, resolve, CombatInput, Support};
use super::stacking::stacking_report;
use super::supply::{trace_supply, Block, SupplyReport, UnitSupply};
use super::victory::{victory, VictoryOptions};
use super::zoc::zones_of_control;
use super::Positions;
use crate::model::Game;
use crate::testgame::{at, build_dir, copy_dir, gpw_dir, hex, positions};

fn gpw() -> Option<Game> {
    gpw_dir().map(|d| build_dir(&d))
}

fn unit<'a>(r: &'a SupplyReport, counter: &str) -> &'a UnitSupply {
    r.units
        .iter()
        .find(|u| u.counter == counter)
        .unwrap_or_else(|| panic!("no {counter} in {r:#?}"))
}

#[test]
fn gpw_combat_follows_the_rules() {
    let Some(g) = gpw() else { return };
    let w = |id: &str| g.weather.iter().position(|x| x.id == id);
    let t = |id: &str| g.terrain_index(id).unwrap();
    let base = |attack: i64, defence: i64| CombatInput {
        table: "crt".into(),
        attack: vec![attack],
        defence: vec![defence],
        rolls: vec![4],
        ..Default::default()
    };
    // 11:4 = 2.75, rounded in the defender's favour: 2:1; roll 4 there is EX.
    let r = resolve(&g, &base(11, 4)).unwrap();
    assert_eq!((r.column.as_str(), r.result.as_str()), ("2:1", "EX"));
    // 9 in mud against a defender in a swamp: halved twice, ⌈9/4⌉ = 3; 3:3 is 1:1 (DR on 4).
    let mut i = base(9, 3);
    i.weather = w("mud");
    i.defender_terrain = vec![t("swamp")];
    let r = resolve(&g, &i).unwrap();
    assert_eq!((r.attack.value, r.column.as_str()), (3, "1:1"));
    assert_eq!(r.result, "DR");
    // Out of supply as well, across the Straits of Kerch into mountains: four halvings,
    // ⌈9/16⌉ = 1 against 3 is below 1:2, so 1:2.
    let kerch = battlefield(&g, &hex(&g, "4240"), &[hex(&g, "4140")]);
    assert_eq!(kerch.any_across.len(), 1);
    assert_eq!(g.hexside_terrain[kerch.any_across[0]].id, "strait");
    let mut i = base(9, 3);
    i.weather = w("mud");
    i.attacker_out_of_supply = true;
    i.defender_terrain = vec![t("mountain")];
    i.any_across = kerch.any_across;
    let r = resolve(&g, &i).unwrap();
    assert_eq!((r.attack.halved.len(), r.attack.value), (4, 1));
    assert_eq!(r.column, "1:2");
    // 12:3 = 4:1 in snow, defender in a forest across the Danube (every attacker across):
    // three columns left, one right for the leader, two right for offensive air: 5:1.
    let danube = battlefield(&g, &hex(&g, "0431"), &[hex(&g, "0430")]);
    assert_eq!(g.hexside_terrain[danube.all_across[0]].id, "river");
    let mut i = base(12, 3);
    i.weather = w("snow");
    i.defender_terrain = vec![t("forest")];
    i.all_across = danube.all_across;
    i.supports = vec![
        Support {
            modifier: "leader".into(),
            factor: None,
        },
        Support {
            modifier: "offensive-air".into(),
            factor: Some(2),
        },
    ];
    let r = resolve(&g, &i).unwrap();
    assert_eq!(r.column, "4:1");
    assert_eq!(r.total_shift, 0);
    assert_eq!(r.final_column, "4:1");
    // Defensive air of 2 on a major city in snow from 1:1: three left, clamped to 1:2.
    let mut i = base(4, 4);
    i.weather = w("snow");
    i.defender_terrain = vec![t("major-city")];
    i.supports = vec![Support {
        modifier: "defensive-air".into(),
        factor: Some(2),
    }];
    let r = resolve(&g, &i).unwrap();
    assert_eq!((r.total_shift, r.final_column.as_str()), (-4, "1:2"));
    assert!(r.clamped.is_some());
}

#[test]
fn gpw_zones_of_control() {
    let Some(g) = gpw() else { return };
    let p = positions(
        &g,
        &[
            ("ger-i", "2619"),
            ("sov-partisan", "3318"),
            ("sov-1-air", "4115"),
        ],
    );
    let z = zones_of_control(&g, &p);
    assert_eq!(z.units.len(), 2, "air units have no zone");
    assert_eq!(z.units[0].zone.len(), 7);
    assert_eq!(z.units[1].zone, ["3318"]);
}

#[test]
fn gpw_crimea_is_cut_by_a_zone_of_control_and_reopened_by_friendly_units() {
    let Some(g) = gpw() else { return };
    // A German corps in Sevastopol; a Soviet army at 3637 puts Perekop (3638) and 3538 in
    // its zone, another at 4340 holds the road east of the straits.
    let cut = positions(
        &g,
        &[("ger-i", "3641"), ("sov-3", "3637"), ("sov-4", "4340")],
    );
    let r = trace_supply(&g, &cut).unwrap();
    let ger = unit(&r, "ger-i");
    assert!(!ger.in_supply);
    let blocked: Vec<(&str, Block)> = ger
        .blocked
        .iter()
        .map(|b| (b.location.as_str(), b.by))
        .collect();
    assert_eq!(
        blocked,
        [("3638", Block::EnemyZoc), ("3538", Block::EnemyZoc)]
    );
    // German corps in 3638 and 3538 negate the zone there; 3437 is outside it.
    let mut open = cut.clone();
    open.push(at(&g, "ger-ii", "3638"));
    open.push(at(&g, "ger-x", "3538"));
    let r = trace_supply(&g, &open).unwrap();
    let ger = unit(&r, "ger-i");
    assert!(ger.in_supply, "{ger:?}");
    assert_eq!(
        &ger.path.names()[..6],
        ["3641", "3640", "3639", "3638", "3538", "3437"]
    );
    assert_eq!(ger.source.as_deref(), Some("West edge"));
    // One corps in Perekop is not enough: 3538 stays in the Soviet zone.
    let mut half = cut.clone();
    half.push(at(&g, "ger-ii", "3638"));
    let r = trace_supply(&g, &half).unwrap();
    assert!(!unit(&r, "ger-i").in_supply);
}

#[test]
fn gpw_supply_crosses_the_straits_of_kerch() {
    let Some(dir) = gpw_dir() else { return };
    let g = build_dir(&dir);
    let p = positions(&g, &[("sov-3", "4140")]);
    let r = trace_supply(&g, &p).unwrap();
    let s = unit(&r, "sov-3");
    assert!(s.in_supply);
    assert_eq!(&s.path.names()[..3], ["4140", "4240", "4340"]);
    let short = s.distance.unwrap();
    // Were the straits impassable, Kerch would have to go round by Perekop.
    let copy = copy_dir(&dir);
    let terrain = copy.path().join("terrain.toml");
    let text = std::fs::read_to_string(&terrain).unwrap();
    let i = text.find("id = \"strait\"").unwrap();
    let edited = format!(
        "{}{}",
        &text[..i],
        text[i..].replacen("passable = true", "passable = false", 1)
    );
    assert_ne!(edited, text);
    std::fs::write(&terrain, edited).unwrap();
    let g2 = build_dir(copy.path());
    let r = trace_supply(&g2, &positions(&g2, &[("sov-3", "4140")])).unwrap();
    let s = unit(&r, "sov-3");
    assert!(s.in_supply);
    let path = s.path.names();
    assert_eq!(path[1], "4040");
    assert!(path.iter().any(|n| n == "3638"));
    assert!(s.distance.unwrap() > short);
}

#[test]
fn gpw_black_sea_link_supplies_sevastopol() {
    let Some(g) = gpw() else { return };
    // German corps in Perekop and beyond the straits cut Crimea off by land.
    let p = positions(
        &g,
        &[("sov-3", "3641"), ("ger-i", "3638"), ("ger-ii", "4240")],
    );
    let r = trace_supply(&g, &p).unwrap();
    let s = unit(&r, "sov-3");
    assert!(s.in_supply, "{s:?}");
    let link = s.link.as_ref().unwrap();
    assert_eq!(link.to, "Sevastopol");
    assert_ne!(link.from, "Sevastopol");
    assert_ne!(
        link.from, "Kerch",
        "Kerch lies in the German zone of control"
    );
    assert_eq!(s.path, ["3641"]);
    assert!(
        s.reason.starts_with("stands in Sevastopol, linked to "),
        "{}",
        s.reason
    );
    // The same army one hex away, at 3640 (a coast hex without a city), traces one hex to a
    // coastal city (Sevastopol, or Simferopol, whose hex the map lists on the coast).
    let p = positions(
        &g,
        &[("sov-3", "3640"), ("ger-i", "3638"), ("ger-ii", "4240")],
    );
    let r = trace_supply(&g, &p).unwrap();
    let s = unit(&r, "sov-3");
    assert!(s.in_supply, "{s:?}");
    assert_eq!(s.path.len(), 2);
    assert!(s.reason.starts_with("traces 1 hex to "), "{}", s.reason);
    // Without the link the army would be cut off: German units in the only two exits.
    assert!(s.link.is_some());
}

#[test]
fn gpw_the_barbarossa_setup_is_in_supply() {
    let Some(g) = gpw() else { return };
    let s = g.scenario("barbarossa").expect("the Barbarossa scenario");
    let p = Positions::from_scenario(s);
    let r = trace_supply(&g, &p).unwrap();
    assert!(!r.units.is_empty());
    assert!(r.units.iter().all(|u| u.in_supply), "{r:#?}");
    let st = stacking_report(&g, &p);
    assert!(st.violations.is_empty() && st.overuse.is_empty(), "{st:#?}");
}

#[test]
fn gpw_control_and_victory() {
    let Some(g) = gpw() else { return };
    let axis = g.side_index("axis");
    let soviet = g.side_index("soviet");
    let start = control(&g, &Positions::default(), &ControlOptions::default());
    let owner =
        |m: &super::ControlMap, n: &str| m.board().node_of(&hex(&g, n)).and_then(|x| m.owner(x));
    assert_eq!(owner(&start, "0219"), axis, "Berlin");
    assert_eq!(owner(&start, "3027"), soviet, "Kiev");
    // A German corps takes Kiev.
    let p = positions(&g, &[("ger-i", "3027")]);
    let m = control(&g, &p, &ControlOptions::default());
    assert_eq!(owner(&m, "3027"), axis);
    let rep = control_report(&m);
    assert_eq!(rep.changed.len(), 1);
    assert_eq!(rep.changed[0].location, "3027");
    let kiev = rep.places.iter().find(|x| x.name == "Kiev").unwrap();
    assert_eq!(kiev.controller.as_deref(), Some("axis"));
    // It moves on: Kiev stays Axis by the previous map.
    let later = control(
        &g,
        &positions(&g, &[("ger-i", "3127")]),
        &ControlOptions { previous: Some(&m) },
    );
    assert_eq!(owner(&later, "3027"), axis);

    // Axis combat units in Moscow, Leningrad and Kuibyshev at the end of a Soviet turn.
    let cities = positions(
        &g,
        &[("ger-i", "4115"), ("ger-ii", "3005"), ("ger-x", "6218")],
    );
    let c = control(&g, &cities, &ControlOptions::default());
    let after = |side| VictoryOptions { after: side };
    let r = victory(&g, &cities, &c, &after(soviet));
    assert_eq!(r.winners, ["axis"]);
    let r = victory(&g, &cities, &c, &after(axis));
    assert!(
        r.winners.is_empty(),
        "checked only after a Soviet player turn"
    );
    // Two of three is not enough.
    let two = positions(&g, &[("ger-i", "4115"), ("ger-ii", "3005")]);
    let c = control(&g, &two, &ControlOptions::default());
    assert!(victory(&g, &two, &c, &after(soviet)).winners.is_empty());
    // A Soviet army in Berlin at the end of an Axis turn.
    let berlin = positions(&g, &[("sov-3", "0219")]);
    let c = control(&g, &berlin, &ControlOptions::default());
    assert_eq!(victory(&g, &berlin, &c, &after(axis)).winners, ["soviet"]);
}

#[test]
fn gpw_stacking_and_the_counter_mix() {
    let Some(g) = gpw() else { return };
    let p = positions(
        &g,
        &[
            ("ger-i", "2619"),
            ("ger-ii", "2619"),
            ("sov-3", "3318"),
            ("sov-3", "3418"),
        ],
    );
    let r = stacking_report(&g, &p);
    // Two corps break "one combat unit per hex" (airborne aside), not "at most two".
    assert_eq!(r.violations.len(), 1, "{r:#?}");
    assert_eq!(r.violations[0].location, "2619");
    assert_eq!(r.violations[0].counters, ["ger-i", "ger-ii"]);
    assert_eq!(r.overuse.len(), 1);
    assert_eq!(
        (r.overuse[0].counter.as_str(), r.overuse[0].copies),
        ("sov-3", 2)
    );
}

/// The Greek Civil War, when present: control by filled boxes on its 1947 start, and its
/// sudden-death condition (a track fixed at 0 leading a political index by 0 or more).
#[test]
fn gcw_control_and_collapse() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("modules/greek-civil-war");
    if !dir.join("game.toml").is_file() {
        eprintln!("skipped: modules/greek-civil-war is not in this checkout");
        return;
    }
    let g = build_dir(&dir);
    let s = g.scenario("1947").expect("the 1947 start");
    let mut p = Positions::from_scenario(s);
    let c = control(&g, &p, &ControlOptions::default());
    let rep = control_report(&c);
    assert_eq!(rep.rule, crate::model::rules::ControlRule::AllBoxes);
    // Every region either belongs to the side filling all its boxes, or to nobody.
    for place in &rep.places {
        use super::control::How;
        assert!(
            matches!(place.how, How::AllBoxes | How::Disputed | How::Start),
            "{place:?}"
        );
    }
    let st = stacking_report(&g, &p);
    assert!(st.violations.is_empty() && st.overuse.is_empty(), "{st:#?}");
    // A second unit in an occupied infrastructure box breaks the box's limit of one.
    let mut crowded = p.clone();
    let boxed = p
        .units
        .iter()
        .find(|u| {
            matches!(
                u.location,
                crate::model::Location::Area {
                    slot: crate::model::scenario::AreaSlot::Box(_),
                    ..
                }
            )
        })
        .expect("a unit in a box")
        .clone();
    crowded.push(super::Position::new(
        g.counter_index("police-1").unwrap(),
        boxed.location,
    ));
    let st = stacking_report(&g, &crowded);
    assert_eq!(st.violations.len(), 1, "{st:#?}");
    assert_eq!(st.violations[0].location, g.location_label(&boxed.location));
    assert_eq!(st.violations[0].found, "2 units");
    let r = victory(&g, &p, &c, &VictoryOptions::default());
    assert!(r.winners.is_empty(), "{r:#?}");
    // The Government's index falls to 0: the DSE wins.
    let gov = g
        .tracks
        .iter()
        .position(|t| t.id == "government-pi")
        .unwrap();
    for (t, v) in &mut p.tracks {
        if *t == gov {
            *v = 0;
        }
    }
    let r = victory(&g, &p, &c, &VictoryOptions::default());
    assert_eq!(r.winners, ["dse"]);
}

#[test]
fn gpw_snow_adds_a_movement_point_and_mud_halves_the_allowance() {
    let Some(g) = gpw() else { return };
    let w = |id: &str| g.weather.iter().position(|x| x.id == id);
    let forest = g.terrain_index("forest").unwrap();
    let swamp = g.terrain_index("swamp").unwrap();
    let panzer = g.unit_types.iter().position(|t| t.id == "panzer");
    use crate::model::Cost;
    // Snow: every hex entered costs 1 MP more; a stop stays a stop.
    assert_eq!(
        g.entry_cost(forest, None, w("clear")),
        Some(Cost::Points(2))
    );
    assert_eq!(g.entry_cost(forest, None, w("snow")), Some(Cost::Points(3)));
    assert_eq!(g.entry_cost(swamp, panzer, w("snow")), Some(Cost::Stop));
    // Mud: the costs stay, the allowance is halved (fractions rounded up).
    assert_eq!(g.entry_cost(forest, None, w("mud")), Some(Cost::Points(2)));
    let mud = &g.weather[w("mud").unwrap()];
    assert_eq!((mud.allowance(5), mud.allowance(4)), (3, 2));
    assert_eq!(g.weather[w("snow").unwrap()].allowance(5), 5);
}

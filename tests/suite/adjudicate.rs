//! `sandtable adjudicate`: two years of the standard game played through `--apply` on saves
//! of the module `sandtable build` makes of `modules/diplomacy` (every phase's position read
//! back from the save it wrote, by sandtable's save reader and by pywargame, and compared with
//! a position worked out by hand), position files written and read again, the text and JSON
//! reports, and bad input: located diagnostics, clear errors, nothing written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use sandtable::diplomacy::board::ProvinceBoard;
use sandtable::diplomacy::position::{self, unit_text, Position};
use sandtable::model::Game;
use sandtable::vassal::archive::Archive;

use crate::support::{example_dir, p, pywargame_python, read_back, root, run};

const GAME: &str = "modules/diplomacy";

fn dir() -> Option<PathBuf> {
    example_dir(GAME)
}

/// The module built into a temporary directory, with its 1901 setup taken out beside it.
struct Built {
    tmp: tempfile::TempDir,
    vmod: PathBuf,
    setup: PathBuf,
}

fn build(dir: &Path) -> Built {
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("diplomacy.vmod");
    let (code, out, err) = run(&["build", p(dir), "-o", p(&vmod)]);
    assert_eq!(code, 0, "{out}{err}");
    let mut a = Archive::open(&vmod).expect("module");
    let setup = tmp.path().join("1901.vsav");
    std::fs::write(&setup, a.read("1901.vsav").expect("setup entry")).expect("write");
    Built { tmp, vmod, setup }
}

impl Built {
    fn path(&self, name: &str) -> PathBuf {
        self.tmp.path().join(name)
    }

    fn orders(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).expect("write orders");
        path
    }
}

fn checked(dir: &Path) -> Game {
    sandtable::check::check_dir(dir)
        .expect("loads")
        .game
        .expect("a clean game")
}

/// A position worked out by hand: turn and phase ids, each power's units and centres
/// (`"A ser, F tri"`, `"bud, tri"`), dislodged units (power, unit, attacker's province) and
/// standoffs.
struct Expected {
    turn: &'static str,
    phase: &'static str,
    powers: [(&'static str, &'static str, &'static str); 7],
    dislodged: &'static [(&'static str, &'static str, &'static str)],
    standoffs: &'static [&'static str],
}

fn words(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

/// Units, centres, dislodged units and standoffs of a position, by power, sorted.
type Shown = (
    String,
    String,
    BTreeMap<String, (Vec<String>, Vec<String>)>,
    Vec<(String, String, String)>,
    Vec<String>,
);

fn shown(g: &Game, position: &Position) -> Shown {
    let mut powers = BTreeMap::new();
    for s in &g.sides {
        let mut units: Vec<String> = position
            .units
            .iter()
            .filter(|u| u.power == s.id)
            .map(unit_text)
            .collect();
        units.sort();
        let centres: Vec<String> = position
            .owners
            .iter()
            .filter(|(_, o)| **o == s.id)
            .map(|(c, _)| c.clone())
            .collect();
        powers.insert(s.id.clone(), (units, centres));
    }
    let mut dislodged: Vec<(String, String, String)> = position
        .dislodged
        .iter()
        .map(|d| (d.unit.power.clone(), unit_text(&d.unit), d.from.clone()))
        .collect();
    dislodged.sort();
    (
        g.turns[position.turn].id.clone(),
        g.phases[position.phase].id.clone(),
        powers,
        dislodged,
        position.standoffs.clone(),
    )
}

fn expected(e: &Expected) -> Shown {
    let powers = e
        .powers
        .iter()
        .map(|(power, units, centres)| (power.to_string(), (words(units), words(centres))))
        .collect();
    let mut dislodged: Vec<(String, String, String)> = e
        .dislodged
        .iter()
        .map(|(p, u, f)| (p.to_string(), u.to_string(), f.to_string()))
        .collect();
    dislodged.sort();
    (
        e.turn.to_string(),
        e.phase.to_string(),
        powers,
        dislodged,
        e.standoffs.iter().map(|s| s.to_string()).collect(),
    )
}

/// The report's `next` position in the same shape.
fn shown_json(next: &Value) -> Shown {
    let strings = |v: &Value| -> Vec<String> {
        let mut s: Vec<String> = v
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        s.sort();
        s
    };
    let mut powers = BTreeMap::new();
    let mut dislodged = Vec::new();
    for p in next["powers"].as_array().expect("powers") {
        let power = p["power"].as_str().expect("power").to_string();
        for d in p["dislodged"].as_array().into_iter().flatten() {
            dislodged.push((
                power.clone(),
                d["unit"].as_str().expect("unit").to_string(),
                d["from"].as_str().expect("from").to_string(),
            ));
        }
        powers.insert(power, (strings(&p["units"]), strings(&p["centres"])));
    }
    dislodged.sort();
    (
        next["turn"].as_str().expect("turn").to_string(),
        next["phase"].as_str().expect("phase").to_string(),
        powers,
        dislodged,
        strings(&next["standoffs"]),
    )
}

/// The save as pywargame reads it: (piece name, region) of every piece, sorted.
fn pywargame_pieces(python: &str, vmod: &Path, save: &Path) -> Vec<(String, String)> {
    let out = std::process::Command::new(python)
        .arg(root().join("tests/suite/pywargame_save.py"))
        .arg(vmod)
        .arg(save)
        .output()
        .expect("run python");
    assert!(
        out.status.success(),
        "pywargame on {}: {}",
        save.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    let mut pieces: Vec<(String, String)> = v
        .as_array()
        .expect("list")
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap_or("").to_string(),
                p[1].as_str().unwrap_or("(no region)").to_string(),
            )
        })
        .collect();
    pieces.sort();
    pieces
}

/// The pieces an expected position puts on the board, as pywargame names them: each unit's
/// counter on its site, each owned centre's control marker in the centre.
fn expected_pieces(board: &ProvinceBoard, e: &Expected) -> Vec<(String, String)> {
    let g = board.game;
    let mut out = Vec::new();
    let site_name = |at: &str| board.areas.site_name(board.site(at).expect("a site"));
    for (power, units, centres) in &e.powers {
        for u in words(units) {
            let (kind, at) = u.split_once(' ').expect("kind and place");
            let kind = if kind == "A" {
                sandtable::diplomacy::UnitKind::Army
            } else {
                sandtable::diplomacy::UnitKind::Fleet
            };
            let c = position::counter_for(g, power, kind).expect("a counter");
            out.push((g.counters[c].name.clone(), site_name(at)));
        }
        let side = g.side_index(power).expect("a side");
        let marker = (0..g.counters.len())
            .find(|c| g.control_marker_side(*c) == Some(side))
            .expect("a marker");
        for c in words(centres) {
            out.push((g.counters[marker].name.clone(), site_name(&c)));
        }
    }
    // A dislodged unit's piece stays where it was dislodged until it retreats.
    for (power, unit, _) in e.dislodged {
        let (kind, at) = unit.split_once(' ').expect("kind and place");
        let kind = if kind == "A" {
            sandtable::diplomacy::UnitKind::Army
        } else {
            sandtable::diplomacy::UnitKind::Fleet
        };
        let c = position::counter_for(g, power, kind).expect("a counter");
        out.push((g.counters[c].name.clone(), site_name(at)));
    }
    out.sort();
    out
}

/// One phase of the game: its orders, and the position after it, worked out by hand.
struct Phase {
    name: &'static str,
    orders: &'static str,
    after: Expected,
}

/// Two years of the standard game. What happens, phase by phase:
///
/// - **Spring 1901**: France (A Par) and Germany (A Mun) both move to Burgundy, 1 to 1: a
///   standoff, both stay. Everyone else moves into open provinces. Nobody is dislodged, so
///   the retreat phase is passed over.
/// - **Autumn 1901**: England convoys A Yor to Norway through F Nth (Yorkshire does not
///   touch Norway: only the convoy gets it there). France takes Burgundy, Portugal and
///   Spain, Germany Holland. Austria's F Tri, supported by A Tyr, moves on Venice against
///   Italy's unsupported A Ven (2 to 1): A Ven is dislodged from Trieste and may retreat to
///   Piedmont, Rome or Tuscany (Apulia and Tyrolia are held, Trieste is where the attack came
///   from).
/// - **Autumn 1901 retreats**: A Ven retreats to Rome. The centres change hands: Austria
///   takes Serbia and Venice (from Italy), England Norway, France Portugal and Spain, Germany
///   Denmark and Holland, Russia Rumania, Turkey Bulgaria.
/// - **Winter 1901**: Austria (5 centres, 3 units) builds A Vie and F Tri; England (4/3)
///   waives in words; France (5/3) builds A Par and leaves its second build; Germany (5/3)
///   says nothing and waives both; Italy (2 centres, 3 units) disbands A Apu; Russia (5/4)
///   builds F Sev; Turkey (4/3) builds F Ank.
/// - **Spring 1902**: Turkey's A Bul, supported by F Bla, takes Rumania from Russia's F Rum
///   (2 to 1); Russia's F Sev has left for Armenia, so Sevastopol is F Rum's only retreat
///   (the Black Sea is held, Bulgaria is where the attack came from). Austria's A Vie and
///   Russia's A War stand off in Galicia. England's A Nwy moves to Sweden.
/// - **Spring 1902 retreats**: F Rum retreats to Sevastopol. Spring changes no centre.
/// - **Autumn 1902**: England's F Nth, supported by A Swe, dislodges Germany's F Den (2 to
///   1); it could retreat to the Baltic, Heligoland Bight, Kiel or Skagerrak.
/// - **Autumn 1902 retreats**: Germany orders nothing, so F Den is disbanded. England takes
///   Denmark and Sweden, Turkey Rumania.
/// - **Winter 1902**: England (6/3) builds F Lon and A Lvp and waives the third; Germany
///   (4/2) builds F Kie — its first fleet since F Den was lost, copied from the module's
///   palette — and A Ber; Russia (4 centres, 5 units) disbands F Arm; Turkey (5/4) builds
///   A Con; France (5/4) waives by silence.
fn the_game() -> Vec<Phase> {
    vec![
        Phase {
            name: "spring-1901",
            orders: "# Spring 1901\n\
                England:\nF Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\n\
                France:\nA Par - Bur\nF Bre - Mao\n\
                GER: A Mun - Bur\nGER: F Kie - Den\nGER: A Ber - Kie\n\
                Austria:\nA Vie - Tyr\nA Bud - Ser\n\
                Italy:\nA Rom - Apu\nF Nap - Ion\nA Ven H\n\
                Russia: F Sev - Rum\n\
                Turkey:\nF Ank - Bla\nA Con - Bul\n",
            after: Expected {
                turn: "autumn-1901",
                phase: "movement",
                powers: [
                    ("austria", "A ser, A tyr, F tri", "bud, tri, vie"),
                    ("england", "F nth, F nwg, A yor", "edi, lon, lvp"),
                    ("france", "A mar, A par, F mao", "bre, mar, par"),
                    ("germany", "F den, A kie, A mun", "ber, kie, mun"),
                    ("italy", "A apu, F ion, A ven", "nap, rom, ven"),
                    (
                        "russia",
                        "A mos, A war, F rum, F stp/sc",
                        "mos, sev, stp, war",
                    ),
                    ("turkey", "F bla, A bul, A smy", "ank, con, smy"),
                ],
                dislodged: &[],
                standoffs: &[],
            },
        },
        Phase {
            name: "autumn-1901",
            orders: "England:\nF Nth C A Yor - Nwy\nA Yor - Nwy\n\
                France:\nA Par - Bur\nF Mao - Por\nA Mar - Spa\n\
                Germany:\nA Kie - Hol\nA Mun H\n\
                Austria:\nF Tri - Ven\nA Tyr S F Tri - Ven\nA Ser H\n\
                Italy:\nA Ven H\n",
            after: Expected {
                turn: "autumn-1901",
                phase: "retreat",
                powers: [
                    ("austria", "A ser, A tyr, F ven", "bud, tri, vie"),
                    ("england", "F nth, F nwg, A nwy", "edi, lon, lvp"),
                    ("france", "A bur, A spa, F por", "bre, mar, par"),
                    ("germany", "F den, A hol, A mun", "ber, kie, mun"),
                    ("italy", "A apu, F ion", "nap, rom, ven"),
                    (
                        "russia",
                        "A mos, A war, F rum, F stp/sc",
                        "mos, sev, stp, war",
                    ),
                    ("turkey", "F bla, A bul, A smy", "ank, con, smy"),
                ],
                dislodged: &[("italy", "A ven", "tri")],
                standoffs: &[],
            },
        },
        Phase {
            name: "autumn-1901-retreats",
            orders: "Italy: A Ven - Rom\n",
            after: Expected {
                turn: "winter-1901",
                phase: "adjustment",
                powers: [
                    ("austria", "A ser, A tyr, F ven", "bud, ser, tri, ven, vie"),
                    ("england", "F nth, F nwg, A nwy", "edi, lon, lvp, nwy"),
                    ("france", "A bur, A spa, F por", "bre, mar, par, por, spa"),
                    ("germany", "F den, A hol, A mun", "ber, den, hol, kie, mun"),
                    ("italy", "A apu, F ion, A rom", "nap, rom"),
                    (
                        "russia",
                        "A mos, A war, F rum, F stp/sc",
                        "mos, rum, sev, stp, war",
                    ),
                    ("turkey", "F bla, A bul, A smy", "ank, bul, con, smy"),
                ],
                dislodged: &[],
                standoffs: &[],
            },
        },
        Phase {
            name: "winter-1901",
            orders: "Austria:\nA Vie B\nF Tri B\n\
                England: waive\n\
                France: A Par B\n\
                Italy: A Apu D\n\
                Russia: F Sev B\n\
                Turkey: F Ank B\n",
            after: Expected {
                turn: "spring-1902",
                phase: "movement",
                powers: [
                    (
                        "austria",
                        "A ser, A tyr, A vie, F tri, F ven",
                        "bud, ser, tri, ven, vie",
                    ),
                    ("england", "F nth, F nwg, A nwy", "edi, lon, lvp, nwy"),
                    (
                        "france",
                        "A bur, A par, A spa, F por",
                        "bre, mar, par, por, spa",
                    ),
                    ("germany", "F den, A hol, A mun", "ber, den, hol, kie, mun"),
                    ("italy", "F ion, A rom", "nap, rom"),
                    (
                        "russia",
                        "A mos, A war, F rum, F sev, F stp/sc",
                        "mos, rum, sev, stp, war",
                    ),
                    ("turkey", "F ank, F bla, A bul, A smy", "ank, bul, con, smy"),
                ],
                dislodged: &[],
                standoffs: &[],
            },
        },
        Phase {
            name: "spring-1902",
            orders: "England: A Nwy - Swe\n\
                Austria: A Vie - Gal\n\
                Russia:\nA War - Gal\nF Rum H\nF Sev - Arm\n\
                Turkey:\nA Bul - Rum\nF Bla S A Bul - Rum\n",
            after: Expected {
                turn: "spring-1902",
                phase: "retreat",
                powers: [
                    (
                        "austria",
                        "A ser, A tyr, A vie, F tri, F ven",
                        "bud, ser, tri, ven, vie",
                    ),
                    ("england", "F nth, F nwg, A swe", "edi, lon, lvp, nwy"),
                    (
                        "france",
                        "A bur, A par, A spa, F por",
                        "bre, mar, par, por, spa",
                    ),
                    ("germany", "F den, A hol, A mun", "ber, den, hol, kie, mun"),
                    ("italy", "F ion, A rom", "nap, rom"),
                    (
                        "russia",
                        "A mos, A war, F arm, F stp/sc",
                        "mos, rum, sev, stp, war",
                    ),
                    ("turkey", "F ank, F bla, A rum, A smy", "ank, bul, con, smy"),
                ],
                dislodged: &[("russia", "F rum", "bul")],
                standoffs: &["gal"],
            },
        },
        Phase {
            name: "spring-1902-retreats",
            orders: "Russia: F Rum - Sev\n",
            after: Expected {
                turn: "autumn-1902",
                phase: "movement",
                powers: [
                    (
                        "austria",
                        "A ser, A tyr, A vie, F tri, F ven",
                        "bud, ser, tri, ven, vie",
                    ),
                    ("england", "F nth, F nwg, A swe", "edi, lon, lvp, nwy"),
                    (
                        "france",
                        "A bur, A par, A spa, F por",
                        "bre, mar, par, por, spa",
                    ),
                    ("germany", "F den, A hol, A mun", "ber, den, hol, kie, mun"),
                    ("italy", "F ion, A rom", "nap, rom"),
                    (
                        "russia",
                        "A mos, A war, F arm, F sev, F stp/sc",
                        "mos, rum, sev, stp, war",
                    ),
                    ("turkey", "F ank, F bla, A rum, A smy", "ank, bul, con, smy"),
                ],
                dislodged: &[],
                standoffs: &[],
            },
        },
        Phase {
            name: "autumn-1902",
            orders: "England:\nF Nth - Den\nA Swe S F Nth - Den\nGermany: F Den H\n",
            after: Expected {
                turn: "autumn-1902",
                phase: "retreat",
                powers: [
                    (
                        "austria",
                        "A ser, A tyr, A vie, F tri, F ven",
                        "bud, ser, tri, ven, vie",
                    ),
                    ("england", "F den, F nwg, A swe", "edi, lon, lvp, nwy"),
                    (
                        "france",
                        "A bur, A par, A spa, F por",
                        "bre, mar, par, por, spa",
                    ),
                    ("germany", "A hol, A mun", "ber, den, hol, kie, mun"),
                    ("italy", "F ion, A rom", "nap, rom"),
                    (
                        "russia",
                        "A mos, A war, F arm, F sev, F stp/sc",
                        "mos, rum, sev, stp, war",
                    ),
                    ("turkey", "F ank, F bla, A rum, A smy", "ank, bul, con, smy"),
                ],
                dislodged: &[("germany", "F den", "nth")],
                standoffs: &[],
            },
        },
        Phase {
            name: "autumn-1902-retreats",
            orders: "# Germany orders no retreat: F Den is disbanded\n",
            after: Expected {
                turn: "winter-1902",
                phase: "adjustment",
                powers: [
                    (
                        "austria",
                        "A ser, A tyr, A vie, F tri, F ven",
                        "bud, ser, tri, ven, vie",
                    ),
                    (
                        "england",
                        "F den, F nwg, A swe",
                        "den, edi, lon, lvp, nwy, swe",
                    ),
                    (
                        "france",
                        "A bur, A par, A spa, F por",
                        "bre, mar, par, por, spa",
                    ),
                    ("germany", "A hol, A mun", "ber, hol, kie, mun"),
                    ("italy", "F ion, A rom", "nap, rom"),
                    (
                        "russia",
                        "A mos, A war, F arm, F sev, F stp/sc",
                        "mos, sev, stp, war",
                    ),
                    (
                        "turkey",
                        "F ank, F bla, A rum, A smy",
                        "ank, bul, con, rum, smy",
                    ),
                ],
                dislodged: &[],
                standoffs: &[],
            },
        },
        Phase {
            name: "winter-1902",
            orders: "England:\nF Lon B\nA Lvp B\nwaive\n\
                Germany:\nF Kie B\nA Ber B\n\
                Russia: F Arm D\n\
                Turkey: A Con B\n",
            after: Expected {
                turn: "spring-1903",
                phase: "movement",
                powers: [
                    (
                        "austria",
                        "A ser, A tyr, A vie, F tri, F ven",
                        "bud, ser, tri, ven, vie",
                    ),
                    (
                        "england",
                        "F den, F lon, A lvp, F nwg, A swe",
                        "den, edi, lon, lvp, nwy, swe",
                    ),
                    (
                        "france",
                        "A bur, A par, A spa, F por",
                        "bre, mar, par, por, spa",
                    ),
                    (
                        "germany",
                        "A ber, A hol, F kie, A mun",
                        "ber, hol, kie, mun",
                    ),
                    ("italy", "F ion, A rom", "nap, rom"),
                    (
                        "russia",
                        "A mos, A war, F sev, F stp/sc",
                        "mos, sev, stp, war",
                    ),
                    (
                        "turkey",
                        "F ank, F bla, A con, A rum, A smy",
                        "ank, bul, con, rum, smy",
                    ),
                ],
                dislodged: &[],
                standoffs: &[],
            },
        },
    ]
}

fn order<'v>(report: &'v Value, unit: &str) -> &'v Value {
    report["adjudication"]["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .find(|o| o["unit"] == unit)
        .unwrap_or_else(|| panic!("no order of {unit}"))
}

/// What the report says happened in a phase, beyond the position after it.
fn check_events(name: &str, report: &Value) {
    let a = &report["adjudication"];
    let dislodged = |unit: &str| {
        a["dislodged"]
            .as_array()
            .expect("dislodged")
            .iter()
            .find(|d| d["unit"] == unit)
            .unwrap_or_else(|| panic!("{unit} not dislodged"))
            .clone()
    };
    let adjustment = |power: &str| {
        a["adjustments"]
            .as_array()
            .expect("adjustments")
            .iter()
            .find(|d| d["power"] == power)
            .unwrap_or_else(|| panic!("no adjustment of {power}"))
            .clone()
    };
    match name {
        "spring-1901" => {
            assert_eq!(a["standoffs"], serde_json::json!(["bur"]));
            assert_eq!(order(report, "A par")["verdict"], "fails");
            assert_eq!(order(report, "A mun")["verdict"], "fails");
            assert_eq!(a["skipped"][0]["phase"], "Retreats");
        }
        "autumn-1901" => {
            assert_eq!(order(report, "A yor")["verdict"], "succeeds");
            assert_eq!(order(report, "F nth")["verdict"], "succeeds");
            assert_eq!(order(report, "F tri")["verdict"], "succeeds");
            let ven = dislodged("A ven");
            assert_eq!(ven["by"], "F Tri");
            assert_eq!(ven["options"], serde_json::json!(["pie", "rom", "tus"]));
        }
        "autumn-1901-retreats" => {
            assert_eq!(order(report, "A ven")["verdict"], "succeeds");
            assert_eq!(a["centres_changed"].as_array().expect("changes").len(), 9);
        }
        "winter-1901" => {
            assert_eq!(
                adjustment("austria")["built"],
                serde_json::json!(["A vie", "F tri"])
            );
            assert_eq!(adjustment("england")["waived"], 1);
            assert_eq!(adjustment("france")["waived"], 1);
            assert_eq!(adjustment("germany")["waived"], 2);
            assert_eq!(
                adjustment("italy")["disbanded"],
                serde_json::json!(["A apu"])
            );
        }
        "spring-1902" => {
            assert_eq!(a["standoffs"], serde_json::json!(["gal"]));
            assert_eq!(dislodged("F rum")["options"], serde_json::json!(["sev"]));
        }
        "autumn-1902" => {
            assert_eq!(
                dislodged("F den")["options"],
                serde_json::json!(["bal", "hel", "kie", "ska"])
            );
        }
        "autumn-1902-retreats" => {
            let den = order(report, "F den");
            assert_eq!(den["verdict"], "fails");
            assert!(den["reason"]
                .as_str()
                .is_some_and(|r| r.contains("no retreat was ordered")));
        }
        "winter-1902" => {
            assert_eq!(
                adjustment("germany")["built"],
                serde_json::json!(["F kie", "A ber"])
            );
            assert_eq!(
                adjustment("russia")["disbanded"],
                serde_json::json!(["F arm"])
            );
            assert_eq!(adjustment("england")["waived"], 1);
        }
        _ => {}
    }
}

#[test]
fn two_years_played_through_apply_on_saves() {
    let Some(dir) = dir() else { return };
    let g = checked(&dir);
    let board = ProvinceBoard::first(&g).expect("a province board");
    let built = build(&dir);
    let python = pywargame_python();
    if python.is_none() {
        eprintln!("pywargame not found: the second reader is skipped");
    }
    let mut save = built.setup.clone();
    for (i, phase) in the_game().iter().enumerate() {
        let orders = built.orders(&format!("{i}-{}.txt", phase.name), phase.orders);
        let next = built.path(&format!("{i}-{}.vsav", phase.name));
        let (code, out, err) = run(&[
            "adjudicate",
            p(&dir),
            "--save",
            p(&save),
            "--orders",
            p(&orders),
            "--apply",
            "-o",
            p(&next),
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{}: {out}{err}", phase.name);
        let report: Value = serde_json::from_str(&out).expect("json");
        assert_eq!(
            report["adjudication"]["unused"],
            serde_json::json!([]),
            "{}",
            phase.name
        );
        check_events(phase.name, &report);
        let want = expected(&phase.after);
        assert_eq!(
            shown_json(&report["adjudication"]["next"]),
            want,
            "{}: the report's next position",
            phase.name
        );
        assert_eq!(
            shown(&g, &read_back(&board, &next)),
            want,
            "{}: the save written, read back",
            phase.name
        );
        if let Some(python) = &python {
            assert_eq!(
                pywargame_pieces(python, &built.vmod, &next),
                expected_pieces(&board, &phase.after),
                "{}: the save written, as pywargame reads it",
                phase.name
            );
        }
        save = next;
    }
}

/// The text report of the first phase (snapshot); the position file `--apply -o NEXT.toml`
/// writes reads back as the same position, and adjudicates the next phase.
#[test]
fn a_phase_as_text_and_a_position_file_written_and_read_again() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let orders = tmp.path().join("orders.txt");
    std::fs::write(
        &orders,
        "England:\nF Lon - Nth\nA Lvp - Yor\nFRA: A Par - Bur\nGER: A Mun - Bur\n\
         Austria: A Vie - Gal\nRussia: A War - Gal\nItaly: A Ven - Tri\n",
    )
    .expect("write");
    let next = tmp.path().join("next.toml");
    let (code, out, err) = run(&[
        "adjudicate",
        p(&dir),
        "--scenario",
        "1901",
        "--orders",
        p(&orders),
        "--apply",
        "-o",
        p(&next),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let text = out.replace(p(&next), "NEXT.toml");
    insta::assert_snapshot!(text);
    let written = std::fs::read_to_string(&next).expect("written");
    assert!(written.contains("turn = \"autumn-1901\""), "{written}");
    assert!(written.contains("[power.england]\nunits = [\"F edi\", \"F nth\", \"A yor\"]"));
    // Read again: the same position, and the next phase plays from it.
    let autumn = tmp.path().join("autumn.txt");
    std::fs::write(&autumn, "England:\nF Nth C A Yor - Nwy\nA Yor - Nwy\n").expect("write");
    let (code, out, err) = run(&[
        "adjudicate",
        p(&dir),
        "--position",
        p(&next),
        "--orders",
        p(&autumn),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let report: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(report["adjudication"]["turn"], "autumn-1901");
    assert_eq!(order(&report, "A yor")["verdict"], "succeeds");
    let next = &report["adjudication"]["next"];
    assert_eq!(next["turn"], "winter-1901");
    let england = next["powers"]
        .as_array()
        .expect("powers")
        .iter()
        .find(|p| p["power"] == "england")
        .expect("england");
    assert_eq!(
        england["centres"],
        serde_json::json!(["edi", "lon", "lvp", "nwy"])
    );
}

/// `sandtable adjudicate DIR --scenario 1901 --orders FILE [EXTRA…]`, the orders written to a
/// temporary file: exit code, stdout, stderr.
fn spring_1901(dir: &Path, orders: &str, extra: &[&str]) -> (i32, String, String) {
    let tmp = tempfile::tempdir().expect("tmp");
    let file = tmp.path().join("orders.txt");
    std::fs::write(&file, orders).expect("write");
    let mut args = vec![
        "adjudicate",
        p(dir),
        "--scenario",
        "1901",
        "--orders",
        p(&file),
    ];
    args.extend_from_slice(extra);
    run(&args)
}

/// A void order is reported as the player wrote it (a judge's report does so), with why it
/// is void and that the unit held: not as a hold, which would read as a void hold order.
#[test]
fn a_void_order_is_reported_as_written() {
    let Some(dir) = dir() else { return };
    let (code, out, err) = spring_1901(
        &dir,
        "Italy: A Ven S A Rom - Vie\nAustria: F Tri - Vie\n",
        &[],
    );
    assert_eq!(code, 0, "{out}{err}");
    for (written, why) in [
        ("A Ven S A Rom - Vie", "cannot move to `vie`"),
        ("F Tri - Vie", "cannot move to `vie`"),
    ] {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(written))
            .unwrap_or_else(|| panic!("`{written}` is reported as written:\n{out}"));
        assert!(line.contains("void") && line.contains(why), "{line}");
        assert!(line.contains("the unit holds"), "{line}");
    }
    assert!(
        !out.contains("A Ven H") && !out.contains("F Tri H"),
        "{out}"
    );
}

/// A retreat phase from a position file, as JSON (snapshot).
#[test]
fn a_retreat_phase_from_a_position_file_as_json() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let position = tmp.path().join("position.toml");
    std::fs::write(
        &position,
        r#"game = "diplomacy"
turn = "autumn-1901"
phase = "retreat"
standoffs = ["gal"]

[power.austria]
units = ["A bud", "F alb", "A ser"]
centres = ["bud", "tri", "vie"]

[power.russia]
units = ["A war", "A ukr"]
centres = ["mos", "sev", "stp", "war"]
dislodged = [{ unit = "F rum", from = "bul" }]

[power.turkey]
units = ["A rum", "F bla", "A con"]
centres = ["ank", "con", "smy"]
"#,
    )
    .expect("write");
    let orders = tmp.path().join("orders.txt");
    std::fs::write(&orders, "Russia: F Rum - Sev\n").expect("write");
    let (code, out, err) = run(&[
        "adjudicate",
        p(&dir),
        "--position",
        p(&position),
        "--orders",
        p(&orders),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let mut report: Value = serde_json::from_str(&out).expect("json");
    let at = format!("{}:1", p(&orders));
    assert_eq!(report["adjudication"]["orders"][0]["written"], at.as_str());
    report["adjudication"]["orders"][0]["written"] = "orders.txt:1".into();
    insta::assert_json_snapshot!(report["adjudication"]);
}

/// Mistakes in the orders: every one located (file:line:column) in one run, exit 1, in text
/// and in JSON; nothing adjudicated, nothing written.
#[test]
fn bad_orders_are_located_and_nothing_is_written() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let orders = tmp.path().join("bad.txt");
    std::fs::write(
        &orders,
        "England:\nF Lon - Nth\nA Lvp xx Yor\nPrussia: A Ber - Sil\nA Mos - Zzz\n",
    )
    .expect("write");
    let next = tmp.path().join("next.toml");
    let args = |json: bool| {
        let mut v = vec![
            "adjudicate".to_string(),
            p(&dir).to_string(),
            "--scenario".into(),
            "1901".into(),
            "--orders".into(),
            p(&orders).to_string(),
            "--apply".into(),
            "-o".into(),
            p(&next).to_string(),
        ];
        if json {
            v.extend(["--format".to_string(), "json".to_string()]);
        }
        v
    };
    let text_args = args(false);
    let (code, out, err) = run(&text_args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("bad.txt:3:7"), "{err}");
    assert!(err.contains("bad.txt:4:1"), "{err}");
    assert!(err.contains("bad.txt:5:9"), "{err}");
    assert!(
        err.contains("3 orders cannot be read; nothing adjudicated"),
        "{err}"
    );
    let json_args = args(true);
    let (code, out, _) = run(&json_args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    let located: Vec<(String, u64, u64)> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        located,
        [
            ("bad-order".to_string(), 3, 7),
            ("unknown-power".to_string(), 4, 1),
            ("bad-order".to_string(), 5, 9)
        ]
    );
    assert!(!next.exists(), "nothing is written");
}

/// Orders that fit no unit are reported, each with why, and the phase is still played.
#[test]
fn orders_for_units_that_are_not_there_are_reported_unused() {
    let Some(dir) = dir() else { return };
    let (code, out, err) = spring_1901(
        &dir,
        "England: A Par - Bur\nA Ruh - Bur\nFrance: A Par - Pic\nFrance: A Par - Gas\n",
        &["--format", "json"],
    );
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    let unused: Vec<(String, String)> = v["adjudication"]["unused"]
        .as_array()
        .expect("unused")
        .iter()
        .map(|u| {
            (
                u["text"].as_str().unwrap_or("").to_string(),
                u["why"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(unused.len(), 3, "{unused:?}");
    assert!(unused[0].1.contains("belongs to france, not to england"));
    assert!(unused[1].1.contains("there is no unit in Ruh"));
    assert!(unused[2].1.contains("replaced by a later order"));
    assert_eq!(order(&v, "A par")["order"], "A Par - Gas");
}

/// A position of another game, a save of another module, --apply without -o, -o naming a
/// file being read, a save written from no save: clear errors (JSON too), exit 1 or 2,
/// nothing written and nothing read overwritten.
#[test]
fn wrong_inputs_are_clear_errors() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let orders = tmp.path().join("orders.txt");
    std::fs::write(&orders, "A Par - Bur\n").expect("write");
    let position = tmp.path().join("position.toml");
    std::fs::write(&position, "game = \"gpw\"\nturn = \"spring-1901\"\n").expect("write");
    let d = p(&dir);
    let o = p(&orders);

    let (code, out, _) = run(&[
        "adjudicate",
        d,
        "--position",
        p(&position),
        "--orders",
        o,
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["diagnostics"][0]["code"], "wrong-game");
    assert_eq!(v["diagnostics"][0]["line"], 1);

    // A save of another module.
    let gcw = root().join("modules/greek-civil-war");
    if gcw.join("game.toml").is_file() {
        let vmod = tmp.path().join("gcw.vmod");
        let (code, out, err) = run(&["build", p(&gcw), "-o", p(&vmod)]);
        assert_eq!(code, 0, "{out}{err}");
        let mut a = Archive::open(&vmod).expect("module");
        let other = tmp.path().join("1947.vsav");
        std::fs::write(&other, a.read("1947.vsav").expect("setup")).expect("write");
        let (code, out, _) = run(&[
            "adjudicate",
            d,
            "--save",
            p(&other),
            "--orders",
            o,
            "--format",
            "json",
        ]);
        assert_eq!(code, 1);
        let v: Value = serde_json::from_str(&out).expect("json");
        assert!(v["error"]
            .as_str()
            .is_some_and(|e| e.contains("is a counter of `diplomacy`")));
    }

    // --apply without -o: a usage error.
    let (code, out, _) = run(&[
        "adjudicate",
        d,
        "--scenario",
        "1901",
        "--orders",
        o,
        "--apply",
        "--format",
        "json",
    ]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).expect("json");
    assert!(v["detail"].as_str().is_some_and(|e| e.contains("--output")));

    // -o naming the orders file: refused, the file untouched.
    let (code, out, _) = run(&[
        "adjudicate",
        d,
        "--scenario",
        "1901",
        "--orders",
        o,
        "--apply",
        "-o",
        o,
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).expect("json");
    assert!(v["error"]
        .as_str()
        .is_some_and(|e| e.contains("refusing to overwrite a file being read")));
    assert_eq!(
        std::fs::read_to_string(&orders).expect("read"),
        "A Par - Bur\n"
    );

    // A save written from a scenario: there is no save to edit.
    let out_save = tmp.path().join("next.vsav");
    let (code, out, _) = run(&[
        "adjudicate",
        d,
        "--scenario",
        "1901",
        "--orders",
        o,
        "--apply",
        "-o",
        p(&out_save),
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).expect("json");
    assert!(v["error"]
        .as_str()
        .is_some_and(|e| e.contains("give --save")));
    assert!(!out_save.exists());

    // A game without a province board.
    let (code, out, _) = run(&[
        "adjudicate",
        p(&root().join("tests/fixtures/mini")),
        "--scenario",
        "meeting",
        "--orders",
        o,
        "--format",
        "json",
    ]);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert!(v["error"]
        .as_str()
        .is_some_and(|e| e.contains("no province board")));
}

/// `--for` names someone the game does not have: a usage error (exit 2) with a did-you-mean
/// and the powers, in text and JSON (`detail`), before any input is read.
#[test]
fn an_unknown_power_for_the_report_is_a_usage_error() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let orders = tmp.path().join("orders.txt");
    std::fs::write(&orders, "A Par - Bur\n").expect("write");
    let args = |who: &'static str| {
        vec![
            "adjudicate".to_string(),
            p(&dir).to_string(),
            "--scenario".into(),
            "1901".into(),
            "--orders".into(),
            p(&orders).to_string(),
            "--for".into(),
            who.into(),
        ]
    };
    let run_with = |a: &[String]| run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let (code, out, err) = run_with(&args("narnia"));
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("invalid value 'narnia' for '--for <WHO>'")
            && err.contains("one of austria, england, france, germany, italy, russia, turkey"),
        "{err}"
    );
    let (code, _, err) = run_with(&args("frnace"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did you mean `france`?"), "{err}");
    let mut json = args("narnia");
    json.extend(["--format".into(), "json".into()]);
    let (code, out, _) = run_with(&json);
    assert_eq!(code, 2, "{out}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert!(v["error"].is_string(), "{v}");
    assert!(
        v["detail"]
            .as_str()
            .is_some_and(|d| d.contains("'narnia' for '--for <WHO>'")),
        "{v}"
    );
    // A power by its name, and the public, still answer.
    assert_eq!(run_with(&args("France")).0, 0);
    assert_eq!(run_with(&args("public")).0, 0);
}

/// The module's own 1901 set-up: no stacking violation (the supply-centre markers standing
/// with the units are not units), no problem at all.
#[test]
fn the_modules_own_setup_breaks_no_stacking_limit() {
    let Some(dir) = dir() else { return };
    let built = build(&dir);
    let (code, out, err) = run(&[
        "check",
        p(&dir),
        "--save",
        p(&built.setup),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["save"]["stacking"], serde_json::json!([]), "{v}");
    assert_eq!(v["save"]["problems"], 0);
    assert_eq!(
        v["save"]["placed"],
        22 + 22,
        "22 units and 22 owned centres"
    );
}

/// A save whose `savedGame` entry is no game (a cut-off obfuscation header, empty, words,
/// NUL bytes) is an error naming the file and what the entry holds — for `adjudicate` (text
/// and JSON, `--apply` writing nothing) and `check --save` — not an empty game.
#[test]
fn a_damaged_save_is_an_error_and_nothing_is_written() {
    let Some(dir) = dir() else { return };
    let built = build(&dir);
    let orders = built.orders("orders.txt", "A Par - Bur\n");
    let mut setup = Archive::open(&built.setup).expect("the set-up");
    let names: Vec<String> = setup.names().map(str::to_string).collect();
    let entries: Vec<(String, Vec<u8>)> = names
        .iter()
        .filter(|n| *n != "savedGame")
        .map(|n| (n.clone(), setup.read(n).expect("entry")))
        .collect();
    for (i, (saved_game, says)) in [
        (&b"!VCS"[..], "cut-off obfuscation header"),
        (&b""[..], "is empty"),
        (
            &b"these are not the commands of a game"[..],
            "begins `these",
        ),
        (&b"\0\0\0\0\0\0\0\0"[..], "binary data"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut zip = sandtable::vassal::archive::ArchiveBuilder::new();
        zip.add("savedGame", saved_game.to_vec()).expect("name");
        for (name, bytes) in &entries {
            zip.add(name, bytes.clone()).expect("name");
        }
        let damaged = built.path(&format!("damaged-{i}.vsav"));
        std::fs::write(&damaged, zip.to_bytes().expect("zip")).expect("write");
        let next = built.path(&format!("next-{i}.vsav"));
        let (code, out, err) = run(&[
            "adjudicate",
            p(&dir),
            "--save",
            p(&damaged),
            "--orders",
            p(&orders),
            "--apply",
            "-o",
            p(&next),
        ]);
        assert_eq!(code, 1, "{says}: {out}{err}");
        assert!(out.is_empty(), "{says}: {out}");
        assert!(
            err.contains(&format!("{}: not a VASSAL save: ", p(&damaged))) && err.contains(says),
            "{says}: {err}"
        );
        assert!(!next.exists(), "{says}: a save was written");
        let (code, out, _) = run(&[
            "adjudicate",
            p(&dir),
            "--save",
            p(&damaged),
            "--orders",
            p(&orders),
            "--format",
            "json",
        ]);
        assert_eq!(code, 1, "{says}: {out}");
        let v: Value = serde_json::from_str(&out).expect("one JSON object");
        assert!(
            v["error"].as_str().is_some_and(|e| e.contains(says)),
            "{says}: {v}"
        );
        let (code, out, err) = run(&["check", p(&dir), "--save", p(&damaged)]);
        assert_eq!(code, 1, "{says}: {out}{err}");
        assert!(err.contains(says), "{says}: {err}");
    }
}

/// Run `adjudicate` on the 1901 set-up (or a position file's text) with an orders file's
/// bytes: (exit code, the JSON report's diagnostics as (code, line, column), stderr of the
/// text report).
fn diagnosed(
    dir: &Path,
    position: Option<&[u8]>,
    orders: &[u8],
) -> (i32, Vec<(String, u64, u64)>, String) {
    let tmp = tempfile::tempdir().expect("tmp");
    let (pf, of) = (tmp.path().join("p.toml"), tmp.path().join("o.txt"));
    std::fs::write(&of, orders).expect("orders");
    let mut args = vec!["adjudicate", p(dir), "--orders", p(&of)];
    match position {
        Some(text) => {
            std::fs::write(&pf, text).expect("position");
            args.extend(["--position", p(&pf)]);
        }
        None => args.extend(["--scenario", "1901"]),
    }
    let (_, _, err) = run(&args);
    args.extend(["--format", "json"]);
    let (code, out, _) = run(&args);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|_| panic!("JSON: {out}{err}"));
    let located = v["diagnostics"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|d| {
                    (
                        d["code"].as_str().unwrap_or("").to_string(),
                        d["line"].as_u64().unwrap_or(0),
                        d["column"].as_u64().unwrap_or(0),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    (code, located, err)
}

/// Issue 34: words after a complete order were dropped and the order carried out; each is
/// now a mistake located on the words, with a hint.
#[test]
fn words_after_a_complete_order_are_located_mistakes() {
    let Some(dir) = dir() else { return };
    let orders =
        "Russia:\nA Mos H - Ukr\nA War H S A Mos\nTurkey:\nF Ank S F Sev - Bla Qzx\nA Con - Bul\n";
    let (code, located, err) = diagnosed(&dir, None, orders.as_bytes());
    assert_eq!(code, 1, "{err}");
    let bad = |line, column| ("bad-order".to_string(), line, column);
    assert_eq!(located, [bad(2, 9), bad(3, 9), bad(5, 21)], "{err}");
    assert!(err.contains("`- Ukr` after a complete order"), "{err}");
    assert!(err.contains("`Qzx` after a complete order"), "{err}");
    assert!(err.contains("write one order a line"), "{err}");
    // The same orders without the words are read.
    let (code, _, err) = diagnosed(
        &dir,
        None,
        b"Russia:\nA Mos H\nA War S A Mos\nTurkey:\nF Ank S F Sev - Bla\n",
    );
    assert_eq!(code, 0, "{err}");
}

/// Issue 34: an orders or position file that is not UTF-8 or is too large is a mistake
/// located in it (the first bad byte's line and column), not an error without a place.
#[test]
fn orders_and_positions_that_are_not_text_are_located() {
    let Some(dir) = dir() else { return };
    let (code, located, err) = diagnosed(&dir, None, b"Russia:\nA Mos H \xff\xfe\nA War H\n");
    assert_eq!(code, 1, "{err}");
    assert_eq!(located, [("not-utf8".to_string(), 2, 9)], "{err}");
    assert!(err.contains("o.txt:2:9"), "{err}");
    let (code, located, err) = diagnosed(
        &dir,
        Some(b"turn = \"spring-1901\"\n# caf\xe9\n"),
        b"A Par H\n",
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(located, [("not-utf8".to_string(), 2, 6)], "{err}");
    let mut big = b"# ".to_vec();
    big.resize(4 * 1024 * 1024 + 1, b'x');
    let (code, located, err) = diagnosed(&dir, None, &big);
    assert_eq!(code, 1, "{err}");
    assert_eq!(located, [("file-too-large".to_string(), 1, 1)], "{err}");
    assert!(err.contains("o.txt:1:1") && err.contains("4 MiB"), "{err}");
}

/// Issue 34: keys of other games' positions and factors on a game without them were
/// accepted in a Diplomacy position; each is now a located mistake.
#[test]
fn a_diplomacy_position_refuses_industry_and_factors() {
    let Some(dir) = dir() else { return };
    let position = "turn = \"spring-1901\"\n\n[power.russia]\nunits = [\"A3 mos\", \"F sev\"]\ncentres = [\"mos\"]\nips = 10\nsquadrons = 1\n";
    let (code, located, err) = diagnosed(&dir, Some(position.as_bytes()), b"A Mos H\n");
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        located,
        [
            ("no-industry".to_string(), 6, 7),
            ("no-industry".to_string(), 7, 13),
            ("bad-strength".to_string(), 4, 11),
        ],
        "{err}"
    );
    assert!(err.contains("have no factors"), "{err}");
}

//! The rule helpers from the command line: `crt`, `supply`, `control` and `check --save`, on
//! the example games and on saves of modules `sandtable build` made, edited with the format
//! layer to cut units off, clone a counter and overstack a hex.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use sandtable::helpers::savegame::{layer, property, SUPPLY_LAYER};
use sandtable::model::scenario::AreaSlot;
use sandtable::model::Location;
use sandtable::vassal::archive::Archive;
use sandtable::vassal::encoder::{decode, encode_or_empty};
use sandtable::vassal::grid::MapLayout;
use sandtable::vassal::save::writer::{SetupPiece, SetupWriter, VsavOptions};
use sandtable::vassal::save::{
    join_trait_chain, split_trait_chain, GameState, SaveGame, SavedPiece,
};

use crate::support::{copy_game, edit, game, p, root, run};

const GPW: &str = "modules/great-patriotic-war";
const GCW: &str = "modules/greek-civil-war";
const MINI: &str = "tests/fixtures/mini";
const WEATHER: &str = "tests/fixtures/weather";

fn present(rel: &str) -> bool {
    let here = root().join(rel).join("game.toml").is_file();
    if !here {
        eprintln!("skipped: {rel} is absent");
    }
    here
}

/// Run with `--format json`, expecting exit code `code`.
fn json(args: &[&str], code: i32) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let (got, stdout, stderr) = run(&all);
    assert_eq!(got, code, "{args:?}\n{stdout}\n{stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

fn dir(rel: &str) -> String {
    game(rel).display().to_string()
}

// ------------------------------------------------------------------------------------- crt

fn crt(extra: &[&str]) -> Value {
    let d = dir(GPW);
    let mut args = vec!["crt", d.as_str()];
    args.extend(extra);
    json(&args, 0)
}

#[test]
fn crt_odds_round_in_the_defenders_favour() {
    if !present(GPW) {
        return;
    }
    let r = crt(&["--attack", "12", "--defense", "4", "--roll", "4"]);
    assert_eq!(r["ratio"], "12:4");
    assert_eq!(r["column"], "3:1");
    assert_eq!(r["column_note"], "exactly");
    assert_eq!(r["shifts"], serde_json::json!([]));
    assert_eq!(r["final_column"], "3:1");
    assert_eq!(r["roll"], 4);
    assert_eq!(r["rolled"], false);
    assert_eq!(r["result"], "DRL");
    assert!(r["meaning"]
        .as_str()
        .is_some_and(|m| m.starts_with("Defender loses one step")));
    // 11:4 = 2.75 is 2:1 (never 3:1); `--defence` is the same option. Two attacking units.
    let r = crt(&[
        "--attack",
        "6",
        "--attack",
        "5",
        "--defence",
        "4",
        "--roll",
        "4",
    ]);
    assert_eq!(r["attack"]["factors"], serde_json::json!([6, 5]));
    assert_eq!(
        (r["ratio"].as_str(), r["column"].as_str()),
        (Some("11:4"), Some("2:1"))
    );
    assert_eq!(r["column_note"], "rounded in the defender's favour");
    assert_eq!(r["result"], "EX");
}

#[test]
fn crt_terrain_weather_and_supply_change_the_column() {
    if !present(GPW) {
        return;
    }
    // 3:1 in a forest: one column left, to 2:1.
    let r = crt(&[
        "--attack",
        "12",
        "--defense",
        "4",
        "--terrain",
        "forest",
        "--roll",
        "4",
    ]);
    assert_eq!(r["column"], "3:1");
    assert_eq!(r["shifts"][0]["by"], -1);
    assert_eq!(r["shifts"][0]["cause"], "defender in Forest");
    assert_eq!(r["final_column"], "2:1");
    assert_eq!(r["result"], "EX");
    // Mud and out of supply: two halvings of the total, rounded up once: ⌈9/4⌉ = 3; 3:3.
    let r = crt(&[
        "--attack",
        "5",
        "--attack",
        "4",
        "--defense",
        "3",
        "--weather",
        "mud",
        "--out-of-supply",
        "--roll",
        "4",
    ]);
    assert_eq!(r["attack"]["halved"].as_array().map(Vec::len), Some(2));
    assert_eq!(r["attack"]["rounding"], "up");
    assert_eq!(r["attack"]["value"], 3);
    assert_eq!(r["ratio"], "3:3");
    assert_eq!(r["column"], "1:1");
    assert_eq!(r["result"], "DR");
    // ⌈7/4⌉ = 2 against 1: 2:1 (rounding down would give 1).
    let r = crt(&[
        "--attack",
        "7",
        "--defense",
        "1",
        "--weather",
        "mud",
        "--out-of-supply",
        "--roll",
        "1",
    ]);
    assert_eq!(r["attack"]["value"], 2);
    assert_eq!(r["final_column"], "2:1");
}

#[test]
fn crt_applies_a_snow_modifier_to_the_attacks_of_its_side_alone() {
    let d = dir(WEATHER);
    let attack = |by: &[&str]| {
        let mut args = vec![
            "crt",
            d.as_str(),
            "--attack",
            "4",
            "--defense",
            "4",
            "--weather",
            "snow",
            "--roll",
            "3",
        ];
        args.extend(by);
        let r = json(&args, 0);
        let causes: Vec<String> = r["shifts"]
            .as_array()
            .expect("shifts")
            .iter()
            .map(|s| format!("{} {}", s["cause"].as_str().unwrap_or(""), s["by"]))
            .collect();
        (causes, r["final_column"].as_str().unwrap_or("").to_string())
    };
    // Red attacks: the snow and Red's winter offensive cancel out.
    let (causes, column) = attack(&["--attacking-side", "red"]);
    assert_eq!(causes, ["Snow -1", "Red winter offensive 1"]);
    assert_eq!(column, "1:1");
    // The side of the nation given.
    assert_eq!(attack(&["--attacking-nation", "redland"]).0.len(), 2);
    // Blue attacks: the snow alone.
    let (causes, column) = attack(&["--attacking-side", "blue"]);
    assert_eq!(causes, ["Snow -1"]);
    assert_eq!(column, "1:2");
    // Who attacks not given: the text says why the modifier is left out.
    let (code, text, _) = run(&[
        "crt",
        &d,
        "--attack",
        "4",
        "--defense",
        "4",
        "--weather",
        "snow",
        "--roll",
        "3",
    ]);
    assert_eq!(code, 0);
    assert!(
        text.contains("Red winter offensive does not apply: the attacking side is not known"),
        "{text}"
    );
    // Mistakes in who attacks are usage errors with a hint.
    let (code, _, err) = run(&[
        "crt",
        &d,
        "--attack",
        "4",
        "--defense",
        "4",
        "--attacking-side",
        "rd",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("no side `rd` (did you mean `red`?)"), "{err}");
    let (code, _, err) = run(&[
        "crt",
        &d,
        "--attack",
        "4",
        "--defense",
        "4",
        "--attacking-side",
        "blue",
        "--attacking-nation",
        "redland",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("not of the attacking side `blue`"), "{err}");
}

#[test]
fn crt_shifts_are_clamped_to_the_table() {
    if !present(GPW) {
        return;
    }
    // 1:1 with a major city, snow and two defensive air factors: four left, clamped at 1:2.
    let r = crt(&[
        "--attack",
        "4",
        "--defense",
        "4",
        "--terrain",
        "major-city",
        "--weather",
        "snow",
        "--support",
        "defensive-air=2",
        "--roll",
        "6",
    ]);
    assert_eq!(r["shifts"].as_array().map(Vec::len), Some(3));
    assert_eq!(r["total_shift"], -4);
    assert_eq!(r["final_column"], "1:2");
    assert!(r["clamped"].as_str().is_some_and(|c| c.contains("1:2")));
    // 30:1 is the last column already; a leader and a given shift stay there.
    let r = crt(&[
        "--attack",
        "30",
        "--defense",
        "1",
        "--support",
        "leader",
        "--shift",
        "2",
        "--roll",
        "1",
    ]);
    assert_eq!(r["column"], "6:1");
    assert_eq!(r["final_column"], "6:1");
    assert!(r["clamped"]
        .as_str()
        .is_some_and(|c| c.contains("past the last")));
    // A river crossed by every attacker and offensive air of 2: -1 +2.
    let r = crt(&[
        "--attack",
        "8",
        "--defense",
        "4",
        "--across",
        "river",
        "--support",
        "offensive-air=2",
        "--roll",
        "3",
    ]);
    assert_eq!(r["total_shift"], 1);
    assert_eq!(r["final_column"], "3:1");
}

#[test]
fn crt_seeded_rolls_repeat_and_tables_are_listed() {
    if !present(GPW) {
        return;
    }
    let a = crt(&["--attack", "5", "--defense", "1", "--seed", "42"]);
    let b = crt(&["--attack", "5", "--defense", "1", "--seed", "42"]);
    assert_eq!(a, b);
    assert_eq!(a["rolled"], true);
    assert_eq!(a["seed"], 42);
    assert!((1..=6).contains(&a["roll"].as_u64().unwrap_or(0)));
    let list = crt(&["--list"]);
    let t = &list["tables"][0];
    assert_eq!(
        (t["id"].as_str(), t["kind"].as_str()),
        (Some("crt"), Some("odds"))
    );
    assert_eq!(t["columns"].as_array().map(Vec::len), Some(8));
    let (code, text, _) = run(&["crt", &dir(GPW), "--list"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("columns: 1:2 1:1 3:2 2:1 3:1 4:1 5:1 6:1"),
        "{text}"
    );
}

#[test]
fn crt_reads_terrain_and_hexsides_from_the_map() {
    if !present(GPW) {
        return;
    }
    // Moscow is a major city: one column left, as with --terrain major-city.
    let r = crt(&[
        "--attack",
        "12",
        "--defense",
        "4",
        "--defender-at",
        "Moscow",
        "--roll",
        "3",
    ]);
    let by_hand = crt(&[
        "--attack",
        "12",
        "--defense",
        "4",
        "--terrain",
        "major-city",
        "--roll",
        "3",
    ]);
    assert_eq!(r["shifts"], by_hand["shifts"]);
    assert_eq!(r["final_column"], "2:1");
    // 1027 attacks 1028 across the Vistula: the river counts for every attacker…
    let one = crt(&[
        "--attack",
        "12",
        "--defense",
        "4",
        "--defender-at",
        "1028",
        "--attacker-at",
        "1027",
        "--roll",
        "3",
    ]);
    let causes = |r: &Value| -> Vec<String> {
        r["shifts"]
            .as_array()
            .map(|a| a.iter().map(|s| s["cause"].to_string()).collect())
            .unwrap_or_default()
    };
    assert!(
        causes(&one)
            .iter()
            .any(|c| c.contains("every attacker across River")),
        "{one}"
    );
    // …but not once 0928 joins from the dry side.
    let two = crt(&[
        "--attack",
        "12",
        "--defense",
        "4",
        "--defender-at",
        "1028",
        "--attacker-at",
        "1027",
        "--attacker-at",
        "0928",
        "--roll",
        "3",
    ]);
    assert!(!causes(&two).iter().any(|c| c.contains("River")), "{two}");
    let d = dir(GPW);
    for (args, says) in [
        (
            vec!["--defender-at", "Moskow"],
            "`Moskow` is not a hex, area or place of any map (did you mean `Moscow`?)",
        ),
        (
            vec!["--defender-at", "1028", "--attacker-at", "1030"],
            "`1030` is not next to the defender at `1028`",
        ),
        (vec!["--defender-at", "9999"], "write a hex number from"),
    ] {
        let mut all = vec!["crt", d.as_str(), "--attack", "4", "--defense", "4"];
        all.extend(args.iter().copied());
        let (code, _, err) = run(&all);
        assert_eq!(code, 1, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // Area games fight inside one area: the attacker must be in the defender's area.
    if present(GCW) {
        let g = dir(GCW);
        let base = [
            "crt",
            &g,
            "--table",
            "kinetic",
            "--attack",
            "12",
            "--defense",
            "4",
        ];
        let (code, _, err) = run(&[&base[..], &["--defender-at", "larissa/box-3"]].concat());
        assert_eq!(code, 1);
        assert!(err.contains("has no `box-3`"), "{err}");
        let (code, _, err) = run(&[
            &base[..],
            &["--defender-at", "larissa/box-1", "--attacker-at", "fokida"],
        ]
        .concat());
        assert_eq!(code, 1);
        assert!(err.contains("is not in the same area as"), "{err}");
        let r = json(
            &[
                &base[..],
                &[
                    "--defender-at",
                    "larissa/box-1",
                    "--attacker-at",
                    "larissa",
                    "--roll",
                    "3",
                ],
            ]
            .concat(),
            0,
        );
        assert_eq!(r["column"], "3-1");
    }
}

#[test]
fn crt_unknown_ids_are_clear_errors() {
    if !present(GPW) {
        return;
    }
    let d = dir(GPW);
    for (args, says) in [
        (
            vec!["--attack", "4", "--defense", "4", "--terrain", "forst"],
            "no terrain `forst` (did you mean `forest`?)",
        ),
        (
            vec!["--table", "ctr", "--attack", "4", "--defense", "4"],
            "did you mean `crt`?",
        ),
        (
            vec!["--attack", "4", "--defense", "4", "--weather", "rain"],
            "no weather `rain` (known: clear, mud, snow)",
        ),
        (
            vec!["--attack", "4", "--defense", "4", "--across", "rivr"],
            "did you mean `river`?",
        ),
        (
            vec!["--attack", "4", "--defense", "4", "--support", "leadr"],
            "did you mean `leader`?",
        ),
        (vec!["--attack", "4"], "give --attack and --defense"),
        (
            vec!["--attack", "4", "--defense", "0"],
            "defence of at least 1",
        ),
        (
            vec!["--attack", "4", "--defense", "1", "--roll", "7"],
            "impossible",
        ),
    ] {
        let mut all = vec!["crt", d.as_str()];
        all.extend(args.iter().copied());
        let (code, _, err) = run(&all);
        assert_eq!(code, 1, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // The Greek Civil War has three tables: one must be named.
    if present(GCW) {
        let (code, _, err) = run(&["crt", &dir(GCW), "--attack", "4", "--defense", "1"]);
        assert_eq!(code, 1);
        assert!(err.contains("several combat results tables"), "{err}");
        let r = json(
            &[
                "crt",
                &dir(GCW),
                "--table",
                "kinetic",
                "--attack",
                "7",
                "--defense",
                "2",
                "--roll",
                "3",
            ],
            0,
        );
        assert_eq!(
            (r["column"].as_str(), r["result"].as_str()),
            (Some("3-1"), Some("DR"))
        );
    }
}

// ------------------------------------------------------------------------- supply, control

/// At a scenario's start there is no earlier owner: the set-up's control is reported as
/// the starting control, grouped by side, not as hexes that changed hands from nobody.
/// The tutorial's last step gives Ostland the whole valley at the start but Kessel
/// (`[[rules.control.start]]`, no country layer): the hexes Westria's units stand in on
/// Ostland's ground are Westria's, the last side to occupy them; Ostland's own are not
/// listed, since they were Ostland's already.
#[test]
fn control_at_a_scenarios_start_is_the_starting_control() {
    let d = dir("docs/src/tutorial/game/step-08");
    let c = json(&["control", &d, "--scenario", "the-bridgehead"], 0);
    assert_eq!(c["control"]["changed"], serde_json::json!([]));
    let starting = c["control"]["starting"].as_array().expect("starting");
    let held = |side: &str| {
        let mut v: Vec<&str> = starting
            .iter()
            .filter(|x| x["to"] == side && x["how"] == "occupied" && x["from"] == "east")
            .filter_map(|x| x["location"].as_str())
            .collect();
        v.sort_unstable();
        v
    };
    assert_eq!(held("west"), ["0505", "0507", "0605"]);
    assert_eq!(starting.len(), 3);
    let place = |name: &str| {
        c["control"]["places"]
            .as_array()
            .and_then(|v| v.iter().find(|p| p["name"] == name))
            .unwrap_or_else(|| panic!("{name}"))
            .clone()
    };
    assert_eq!(place("Kessel")["controller"], "west");
    assert_eq!(place("Kessel")["how"], "start");
    assert_eq!(place("Alderford")["controller"], "west");
    let sides = c["control"]["sides"].as_array().expect("sides");
    // 100 hexes: Kessel and the three Westria occupies are Westria's, the rest Ostland's.
    assert_eq!(sides[0]["locations"], 4);
    assert_eq!(sides[1]["locations"], 96);
    let (code, out, _) = run(&["control", &d, "--scenario", "the-bridgehead"]);
    assert_eq!(code, 0);
    assert!(!out.contains("Changed hands"), "{out}");
    assert!(
        out.contains("Starting control, from the set-up:\n  west (occupied; east's at the start of the game): 0505, 0507, 0605\n"),
        "{out}"
    );
}

/// Without `[[rules.control.start]]` the tutorial's valley belongs to nobody (it has no
/// country layer): control at the start comes from that section alone.
#[test]
fn without_control_at_the_start_the_valley_is_nobodys() {
    let g = copy_game("docs/src/tutorial/game/step-08");
    let d = g.path().to_string_lossy().to_string();
    edit(
        g.path(),
        "rules.toml",
        "[[rules.control.start]]\nside = \"east\"\nmaps = [\"main\"]\n",
        "",
    );
    let c = json(&["control", &d, "--scenario", "the-bridgehead"], 0);
    let sides = c["control"]["sides"].as_array().expect("sides");
    assert_eq!(sides[0]["locations"], 4);
    assert_eq!(sides[1]["locations"], 3);
}

/// The tutorial's victory is judged at the end of the game: Westria holding Alderford
/// wins on the last turn only, after Ostland's player turn; otherwise Ostland wins, the
/// default result.
#[test]
fn victory_at_the_end_of_the_game_with_a_default_winner() {
    let g = copy_game("docs/src/tutorial/game/step-08");
    let d = g.path().to_string_lossy().to_string();
    // Turn 4 of 6: Alderford is held, but the game is not over.
    let c = json(
        &[
            "control",
            &d,
            "--scenario",
            "the-bridgehead",
            "--after",
            "east",
        ],
        0,
    );
    assert_eq!(c["victory"]["winners"], serde_json::json!([]));
    assert_eq!(c["victory"]["conditions"][0]["met"], true);
    assert_eq!(c["victory"]["conditions"][0]["checked"], false);
    assert_eq!(c["victory"]["conditions"][1]["checked"], false);
    // The same set-up on the last turn: Westria wins.
    edit(
        g.path(),
        "scenarios.toml",
        "start = \"t4\"",
        "start = \"t6\"",
    );
    edit(
        g.path(),
        "scenarios.toml",
        "tracks = { game-turn = 4 }",
        "tracks = { game-turn = 6 }",
    );
    let c = json(
        &[
            "control",
            &d,
            "--scenario",
            "the-bridgehead",
            "--after",
            "east",
        ],
        0,
    );
    assert_eq!(c["victory"]["winners"], serde_json::json!(["west"]));
    assert_eq!(c["victory"]["conditions"][1]["met"], false);
    // After Westria's player turn the game is not over yet: nobody wins.
    let c = json(
        &[
            "control",
            &d,
            "--scenario",
            "the-bridgehead",
            "--after",
            "west",
        ],
        0,
    );
    assert_eq!(c["victory"]["winners"], serde_json::json!([]));
    // Alderford empty on the last turn: Ostland wins by default.
    edit(
        g.path(),
        "scenarios.toml",
        "at = \"Alderford\"\ncounters = [\"w-1\", \"w-tank\"]",
        "at = \"0404\"\ncounters = [\"w-1\", \"w-tank\"]",
    );
    let c = json(
        &[
            "control",
            &d,
            "--scenario",
            "the-bridgehead",
            "--after",
            "east",
        ],
        0,
    );
    assert_eq!(c["victory"]["winners"], serde_json::json!(["east"]));
    let (code, out, _) = run(&[
        "control",
        &d,
        "--scenario",
        "the-bridgehead",
        "--after",
        "east",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Ostland holds the Alder (east): MET\n  (the default result; checked when the calendar ends (Turn 6))\n  [x] no other condition is met\n"),
        "{out}"
    );
    assert!(out.contains("Winner: east"), "{out}");
}

#[test]
fn supply_on_a_mud_turn_pays_the_mud_and_the_weather_may_be_given() {
    let d = dir(WEATHER);
    // The clear first turn: Red's corps traces two clear hexes, 2 of its 3 MP.
    let s = json(&["supply", &d, "--scenario", "meeting"], 0);
    assert_eq!(s["weather"], "Clear");
    let red = unit(&s, "red-1");
    assert_eq!(
        (&red["in_supply"], &red["distance"]),
        (&true.into(), &2.into())
    );
    // The same positions on the muddy turn: clear ground costs 2 and the allowance is
    // halved; Red is cut off, Blue's armour one hex from its edge still traces.
    let s = json(&["supply", &d, "--scenario", "thaw"], 0);
    assert_eq!(s["weather"], "Mud");
    let red = unit(&s, "red-1");
    assert_eq!(red["in_supply"], false);
    assert_eq!(
        red["reason"],
        "nearest supply source, West edge, is 4 movement points away; the limit is 2 movement \
         points"
    );
    assert_eq!(unit(&s, "blue-1")["in_supply"], true);
    // The weather given wins over the turn's: snow on the first turn's positions.
    let s = json(
        &["supply", &d, "--scenario", "meeting", "--weather", "snow"],
        0,
    );
    assert_eq!(s["weather"], "Snow");
    assert_eq!(unit(&s, "red-1")["in_supply"], false);
    let (code, _, err) = run(&["supply", &d, "--scenario", "meeting", "--weather", "sno"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no weather `sno` (did you mean `snow`?)"),
        "{err}"
    );
    // Paths counted in hexes do not say the weather.
    if present(GPW) {
        let s = json(&["supply", &dir(GPW), "--scenario", "barbarossa"], 0);
        assert!(s.get("weather").is_none(), "{}", s["weather"]);
    }
}

#[test]
fn supply_and_control_of_the_barbarossa_set_up() {
    if !present(GPW) {
        return;
    }
    let d = dir(GPW);
    let s = json(&["supply", &d, "--scenario", "barbarossa"], 0);
    let units = s["units"].as_array().expect("units");
    // The fixed garrisons of Leningrad, Moscow and Odessa; everything else is in pools.
    assert_eq!(units.len(), 3);
    for u in units {
        assert_eq!(u["in_supply"], true, "{u}");
        assert_eq!(u["path"][0], u["location"]);
        assert!(u["reason"]
            .as_str()
            .is_some_and(|r| r.contains("East edge")));
    }
    let moscow = units
        .iter()
        .find(|u| u["counter"] == "sov-24")
        .expect("sov-24");
    assert_eq!(moscow["location"], "4115");
    let c = json(&["control", &d, "--scenario", "barbarossa"], 0);
    let place = |name: &str| {
        c["control"]["places"]
            .as_array()
            .and_then(|v| v.iter().find(|p| p["name"] == name))
            .unwrap_or_else(|| panic!("{name}"))
            .clone()
    };
    assert_eq!(place("Moscow")["controller"], "soviet");
    assert_eq!(place("Berlin")["controller"], "axis");
    assert_eq!(c["turn"], "Jun 1941");
    assert_eq!(c["victory"]["winners"], serde_json::json!([]));
    assert!(c["note"].as_str().is_some_and(|n| n.contains("--after")));
    let c = json(
        &["control", &d, "--scenario", "barbarossa", "--after", "axis"],
        0,
    );
    assert_eq!(c["after"], "axis");
    assert!(c.get("note").is_none());
    let (code, _, err) = run(&["control", &d, "--scenario", "barbarossa", "--after", "axs"]);
    assert_eq!(code, 1);
    assert!(err.contains("did you mean `axis`?"), "{err}");
    let (code, _, err) = run(&["supply", &d, "--scenario", "barbarosa"]);
    assert_eq!(code, 1);
    assert!(err.contains("did you mean `barbarossa`?"), "{err}");
    let (code, _, _) = run(&["supply", &d]);
    assert_eq!(code, 2, "--scenario or --save is required");
}

// ---------------------------------------------------------------------------------- saves

/// A built module in a temporary directory.
struct Built {
    _tmp: tempfile::TempDir,
    vmod: PathBuf,
    dir: PathBuf,
}

fn build(rel: &str) -> Built {
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("module.vmod");
    let (code, out, err) = run(&["build", &dir(rel), "-o", p(&vmod)]);
    assert_eq!(code, 0, "{out}{err}");
    Built {
        dir: tmp.path().to_path_buf(),
        _tmp: tmp,
        vmod,
    }
}

impl Built {
    /// A predefined setup taken out of the module, written beside it.
    fn setup(&self, entry: &str) -> PathBuf {
        let mut a = Archive::open(&self.vmod).expect("module");
        let bytes = a.read(entry).expect("setup entry");
        let out = self.dir.join(entry);
        std::fs::write(&out, bytes).expect("write");
        out
    }

    /// The layout of a map window, as the module's buildfile says.
    fn layout(&self, map: &str) -> MapLayout {
        let report = sandtable::vassal::inspect::inspect(&self.vmod).expect("inspect");
        report
            .module
            .expect("module")
            .maps
            .iter()
            .find(|m| m.name == map)
            .unwrap_or_else(|| panic!("no map window {map}"))
            .layout(None)
    }
}

/// Edits for a save, applied through the format layer.
#[derive(Default)]
struct Edits<'a> {
    /// (counter id, map window, location name): the first piece of that counter moves there.
    moves: Vec<(&'a str, &'a str, &'a str)>,
    /// (counter id, map window, location name): a copy of the first piece goes there.
    clones: Vec<(&'a str, &'a str, &'a str)>,
    /// Counter ids whose first piece gets its Out of Supply layer switched on.
    marked: Vec<&'a str>,
    /// (map window, location name): a bare piece that is no counter of the game.
    stranger: Option<(&'a str, &'a str)>,
}

fn piece_of<'s>(state: &'s GameState, counter: &str) -> &'s SavedPiece {
    state
        .pieces
        .values()
        .find(|p| property(p, "CounterId").as_deref() == Some(counter))
        .unwrap_or_else(|| panic!("no piece of {counter}"))
}

/// The piece's full state with its BasicPiece moved to `(map, x, y)`.
fn moved(piece: &SavedPiece, map: &str, x: i32, y: i32) -> String {
    let mut chain = split_trait_chain(&piece.type_string, &piece.state_string);
    let basic = chain.last_mut().expect("a BasicPiece");
    let mut fields = decode(&basic.state_string, ';');
    fields[0] = map.to_string();
    fields[1] = x.to_string();
    fields[2] = y.to_string();
    basic.state_string = encode_or_empty(&fields, ';');
    join_trait_chain(&chain).1
}

/// Write `save` with the edits as a new `.vsav` (pieces re-stacked by position).
fn edit_save(built: &Built, save: &Path, edits: &Edits, out: &Path) {
    let file = SaveGame::read(save).expect("save");
    let state = file.state();
    let point = |map: &str, loc: &str| {
        built
            .layout(map)
            .point_for_location(None, loc)
            .unwrap_or_else(|| panic!("no {loc} on {map}"))
    };
    let mut states: BTreeMap<String, String> = state
        .pieces
        .values()
        .map(|p| (p.id.clone(), p.state_string.clone()))
        .collect();
    for (counter, map, loc) in &edits.moves {
        let piece = piece_of(&state, counter);
        let at = point(map, loc);
        states.insert(piece.id.clone(), moved(piece, map, at.x, at.y));
    }
    for counter in &edits.marked {
        let piece = piece_of(&state, counter);
        let (i, _) = layer(piece, SUPPLY_LAYER).expect("an Out of Supply layer");
        let mut chain = split_trait_chain(&piece.type_string, &states[&piece.id]);
        chain[i].state_string = "1".into();
        states.insert(piece.id.clone(), join_trait_chain(&chain).1);
    }
    let mut w = SetupWriter::new();
    for piece in state.pieces.values() {
        w.pieces.push(SetupPiece {
            id: piece.id.clone(),
            type_string: piece.type_string.clone(),
            state_string: states[&piece.id].clone(),
        });
    }
    for (n, (counter, map, loc)) in edits.clones.iter().enumerate() {
        let piece = piece_of(&state, counter);
        let at = point(map, loc);
        w.pieces.push(SetupPiece {
            id: format!("{}", 90_000 + n),
            type_string: piece.type_string.clone(),
            state_string: moved(piece, map, at.x, at.y),
        });
    }
    if let Some((map, loc)) = edits.stranger {
        let at = point(map, loc);
        w.pieces.push(SetupPiece {
            id: "99999".into(),
            type_string: "piece;;;ghost.png;Ghost Division".into(),
            state_string: format!("{map};{};{};4242;0", at.x, at.y),
        });
    }
    w.boards = state.boards.clone();
    w.setup_stack_flag = state.setup_stack_flag;
    for (name, value, container) in &state.global_properties {
        w.extra_commands.push(encode_or_empty(
            &["GlobalProperty\t", name, value, container],
            ';',
        ));
    }
    w.extra_commands
        .extend(state.unknown_commands.iter().cloned());
    let options = VsavOptions {
        moduledata: file.moduledata.clone(),
        ..VsavOptions::default()
    };
    w.write_vsav(out, &options).expect("write save");
}

/// The unit of `counter` in a supply report.
fn unit<'a>(report: &'a Value, counter: &str) -> &'a Value {
    report["units"]
        .as_array()
        .and_then(|v| v.iter().find(|u| u["counter"] == counter))
        .unwrap_or_else(|| panic!("no {counter} in {report}"))
}

/// Check that the edited save differs from the original in exactly the `changed` pieces'
/// states, and every other command is byte-identical.
fn only_these_changed(before: &Path, after: &Path, changed: &[String]) -> (GameState, GameState) {
    let a = SaveGame::read(before).expect("before");
    let b = SaveGame::read(after).expect("after");
    let (sa, sb) = (a.state(), b.state());
    assert_eq!(
        sa.pieces.keys().collect::<Vec<_>>(),
        sb.pieces.keys().collect::<Vec<_>>()
    );
    for (id, pa) in &sa.pieces {
        let pb = &sb.pieces[id];
        assert_eq!(pa.type_string, pb.type_string, "type of {id}");
        assert_eq!(
            (&pa.map, pa.x, pa.y, &pa.container),
            (&pb.map, pb.x, pb.y, &pb.container),
            "position of {id}"
        );
        if changed.contains(id) {
            assert_ne!(pa.state_string, pb.state_string, "{id} should change");
        } else {
            assert_eq!(pa.state_string, pb.state_string, "{id} should not change");
        }
    }
    assert_eq!(sa.containers, sb.containers);
    assert_eq!(sa.boards, sb.boards);
    assert_eq!(sa.global_properties, sb.global_properties);
    assert_eq!(sa.unknown_commands, sb.unknown_commands);
    // Command by command: only the AddPiece commands of the changed pieces differ.
    let (la, lb) = (a.commands.leaves(), b.commands.leaves());
    assert_eq!(la.len(), lb.len());
    let differing: Vec<String> = la
        .iter()
        .zip(&lb)
        .filter(|(x, y)| x != y)
        .map(|(x, _)| {
            x.strip_prefix("+/")
                .and_then(|r| decode(r, '/').into_iter().next())
                .unwrap_or_else(|| panic!("a non-piece command changed: {x}"))
        })
        .collect();
    let mut want = changed.to_vec();
    want.sort();
    let mut got = differing;
    got.sort();
    assert_eq!(got, want);
    (sa, sb)
}

#[test]
fn a_mini_save_cut_off_cloned_and_overstacked() {
    let built = build(MINI);
    let d = dir(MINI);
    let setup = built.setup("meeting.vsav");
    // The untouched set-up is clean, and reads as the scenario does.
    let (code, out, _) = run(&["check", &d, "--save", p(&setup)]);
    assert_eq!(code, 0, "{out}");
    let from_save = json(&["supply", &d, "--save", p(&setup)], 0);
    let from_scenario = json(&["supply", &d, "--scenario", "meeting"], 0);
    assert_eq!(from_save["sides"], from_scenario["sides"]);
    assert_eq!(from_save["save"]["placed"], 7);

    // Blue's armour in Redburg, a Red corps out of the Removed box into 0104: the armour is
    // cut off from the east edge. 1st Red Corps is marked out of supply though it is not;
    // a second 1st Red Corps is cloned into its hex; a stranger sits in 0502.
    let edited = built.dir.join("edited.vsav");
    edit_save(
        &built,
        &setup,
        &Edits {
            moves: vec![
                ("blue-1", "Mini Front", "0203"),
                ("red-2", "Mini Front", "0104"),
            ],
            clones: vec![("red-1", "Mini Front", "0303")],
            marked: vec!["red-1"],
            stranger: Some(("Mini Front", "0502")),
        },
        &edited,
    );
    let s = json(&["supply", &d, "--save", p(&edited)], 0);
    let blue = unit(&s, "blue-1");
    assert_eq!(blue["in_supply"], false);
    assert_eq!(blue["location"], "0203");
    assert!(
        blue["reason"]
            .as_str()
            .is_some_and(|r| r.starts_with("cut")),
        "{blue}"
    );
    assert_eq!(blue["path"], serde_json::json!([]));
    let red = s["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| u["counter"] == "red-1" && u["marked"] == true)
        .expect("the marked 1st Red Corps");
    assert_eq!(red["in_supply"], true);
    let red_piece = red["piece"].as_str().expect("piece id").to_string();
    let blue_piece = blue["piece"].as_str().expect("piece id").to_string();
    assert_eq!(s["save"]["unknown"][0]["piece"], "99999");
    assert_eq!(s["save"]["unknown"][0]["location"], "0502");
    // The module's own grids name the locations the same way.
    let with_module = json(
        &[
            "supply",
            &d,
            "--save",
            p(&edited),
            "--module",
            p(&built.vmod),
        ],
        0,
    );
    assert_eq!(with_module["units"], s["units"]);

    // --apply: the marker goes on the armour and comes off the corps; nothing else changes.
    let applied = built.dir.join("applied.vsav");
    let a = json(
        &[
            "supply",
            &d,
            "--save",
            p(&edited),
            "--apply",
            "-o",
            p(&applied),
        ],
        0,
    );
    assert_eq!(a["applied"]["marked"][0]["piece"], blue_piece.as_str());
    assert_eq!(a["applied"]["cleared"][0]["piece"], red_piece.as_str());
    let (_, after) =
        only_these_changed(&edited, &applied, &[blue_piece.clone(), red_piece.clone()]);
    let on = |id: &str| layer(&after.pieces[id], SUPPLY_LAYER).map(|(_, v)| v > 0);
    assert_eq!(on(&blue_piece), Some(true));
    assert_eq!(on(&red_piece), Some(false));
    // Applying again changes nothing: the save already says what supply says.
    let again = built.dir.join("again.vsav");
    let a = json(
        &[
            "supply",
            &d,
            "--save",
            p(&applied),
            "--apply",
            "-o",
            p(&again),
        ],
        0,
    );
    assert_eq!(a["applied"]["marked"], serde_json::json!([]));
    assert_eq!(a["applied"]["kept"][0]["piece"], blue_piece.as_str());
    only_these_changed(&applied, &again, &[]);
    // --apply needs a save and an output, and never overwrites its input.
    let (code, _, _) = run(&["supply", &d, "--scenario", "meeting", "--apply"]);
    assert_eq!(code, 2);
    let (code, _, err) = run(&[
        "supply",
        &d,
        "--save",
        p(&edited),
        "--apply",
        "-o",
        p(&edited),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("refusing to overwrite"), "{err}");

    // The map with the supplied areas and the cut-off armour ringed.
    let png = built.dir.join("supply.png");
    let (code, out, err) = run(&["supply", &d, "--save", p(&edited), "--render", p(&png)]);
    assert_eq!(code, 0, "{out}{err}");
    let img = image::open(&png).expect("a PNG");
    assert!(img.width() > 100 && img.height() > 100);

    // Control: the armour holds Redburg now; the turn comes from the save's turn tracker.
    let c = json(&["control", &d, "--save", p(&edited)], 0);
    let redburg = c["control"]["places"]
        .as_array()
        .and_then(|v| v.iter().find(|p| p["name"] == "Redburg"))
        .expect("Redburg");
    assert_eq!(redburg["controller"], "blue");
    assert_eq!(c["turn"], "Turn 1");
    assert_eq!(c["victory"]["conditions"][0]["met"], false);

    // check --save: the clone, with both copies' locations, the overstacked hex, the stranger.
    let (code, text, _) = run(&["check", &d, "--save", p(&edited)]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("1st Red Corps (red-1): 2 copies, the mix has 1"),
        "{text}"
    );
    let c = json(&["check", &d, "--save", p(&edited)], 1);
    let cloned = &c["save"]["cloned"][0];
    assert_eq!(cloned["counter"], "red-1");
    assert_eq!(cloned["pieces"][0][1], "0303");
    assert_eq!(cloned["pieces"][1], serde_json::json!(["90000", "0303"]));
    assert_eq!(c["save"]["stacking"][0]["location"], "0303");
    assert_eq!(c["save"]["unknown_origin"][0]["name"], "Ghost Division");
    assert_eq!(c["save"]["problems"], 3);
}

#[test]
fn a_great_patriotic_war_save_cuts_off_crimea() {
    if !present(GPW) {
        return;
    }
    let built = build(GPW);
    let d = dir(GPW);
    let setup = built.setup("barbarossa.vsav");
    let map = "Eastern Europe 1941–45";
    // The predefined setup reads as the scenario: same supply, same control.
    let a = json(&["supply", &d, "--save", p(&setup)], 0);
    let b = json(&["supply", &d, "--scenario", "barbarossa"], 0);
    assert_eq!(a["sides"], b["sides"]);
    assert_eq!(a["save"]["placed"], a["save"]["pieces"]);
    let a = json(&["control", &d, "--save", p(&setup)], 0);
    let b = json(&["control", &d, "--scenario", "barbarossa"], 0);
    assert_eq!(a["control"], b["control"]);
    assert_eq!(a["turn"], b["turn"]);
    let (code, out, _) = run(&["check", &d, "--save", p(&setup)]);
    assert_eq!(code, 0, "{out}");

    // A German corps in Sevastopol; Soviet armies at 3637 (its zone covers Perekop and 3538)
    // and 4340 (beyond the straits); a cloned 23rd Army in Leningrad.
    let edited = built.dir.join("crimea.vsav");
    edit_save(
        &built,
        &setup,
        &Edits {
            moves: vec![
                ("ger-i", map, "3641"),
                ("sov-3", map, "3637"),
                ("sov-4", map, "4340"),
            ],
            clones: vec![("sov-23", map, "3005")],
            ..Edits::default()
        },
        &edited,
    );
    let s = json(&["supply", &d, "--save", p(&edited), "--side", "axis"], 0);
    assert_eq!(
        s["units"].as_array().map(Vec::len),
        Some(1),
        "only the Axis"
    );
    let ger = unit(&s, "ger-i");
    assert_eq!(ger["in_supply"], false);
    let blocked: Vec<&str> = ger["blocked"]
        .as_array()
        .expect("blocked")
        .iter()
        .filter_map(|b| b["location"].as_str())
        .collect();
    assert_eq!(blocked, ["3638", "3538"]);
    let applied = built.dir.join("applied.vsav");
    let a = json(
        &[
            "supply",
            &d,
            "--save",
            p(&edited),
            "--apply",
            "-o",
            p(&applied),
        ],
        0,
    );
    let ger_piece = ger["piece"].as_str().expect("id").to_string();
    assert_eq!(a["applied"]["marked"].as_array().map(Vec::len), Some(1));
    only_these_changed(&edited, &applied, &[ger_piece]);
    let png = built.dir.join("crimea.png");
    let (code, _, err) = run(&[
        "supply",
        &d,
        "--save",
        p(&edited),
        "--side",
        "axis",
        "--render",
        p(&png),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(png.is_file());
    let c = json(
        &["control", &d, "--save", p(&edited), "--after", "soviet"],
        0,
    );
    let sevastopol = c["control"]["places"]
        .as_array()
        .and_then(|v| v.iter().find(|p| p["name"] == "Sevastopol"))
        .expect("Sevastopol");
    assert_eq!(sevastopol["controller"], "axis");
    let c = json(&["check", &d, "--save", p(&edited)], 1);
    assert_eq!(c["save"]["cloned"][0]["counter"], "sov-23");
    assert_eq!(c["save"]["stacking"][0]["location"], "3005");
    assert_eq!(c["save"]["unknown_origin"], serde_json::json!([]));
}

#[test]
fn a_greek_civil_war_save_reads_areas_boxes_and_tracks() {
    if !present(GCW) {
        return;
    }
    let built = build(GCW);
    let d = dir(GCW);
    let setup = built.setup("1947.vsav");
    // Area slots, pools, the turn and both Political Index tracks come back from the save:
    // control and victory equal the scenario's.
    let a = json(&["control", &d, "--save", p(&setup)], 0);
    let b = json(&["control", &d, "--scenario", "1947"], 0);
    assert_eq!(a["control"], b["control"]);
    assert_eq!(a["victory"], b["victory"]);
    assert_eq!(a["turn"], b["turn"]);
    assert_eq!(a["save"]["off_grid"], serde_json::json!([]));
    // No supply rules: a clear error.
    let (code, _, err) = run(&["supply", &d, "--save", p(&setup)]);
    assert_eq!(code, 1);
    assert!(err.contains("no supply rules"), "{err}");
    // A counter whose every copy is placed, one in a box: a further copy in that box is
    // cloned cardboard and overstacks the box.
    let g = sandtable::check::check_dir(&game(GCW))
        .expect("loads")
        .game
        .expect("checks");
    let scenario = g.scenario("1947").expect("1947");
    let copies = |c: usize| {
        scenario
            .placements
            .iter()
            .filter(|p| p.counter == c)
            .count()
    };
    let boxed = scenario
        .placements
        .iter()
        .find(|p| {
            matches!(
                p.location,
                Location::Area {
                    slot: AreaSlot::Box(_),
                    ..
                }
            ) && copies(p.counter) == g.counters[p.counter].count as usize
        })
        .expect("a counter all of whose copies are placed, one in a box");
    let counter = g.counters[boxed.counter].id.clone();
    let at = g.location_name(&boxed.location);
    let edited = built.dir.join("edited.vsav");
    let map = "The Greek Civil War 1947–49";
    edit_save(
        &built,
        &setup,
        &Edits {
            clones: vec![(&counter, map, &at)],
            ..Edits::default()
        },
        &edited,
    );
    let c = json(&["check", &d, "--save", p(&edited)], 1);
    let cloned = &c["save"]["cloned"][0];
    assert_eq!(cloned["counter"], counter.as_str());
    assert_eq!(
        cloned["pieces"]
            .as_array()
            .map(|v| v.iter().filter(|x| x[1] == at.as_str()).count()),
        Some(2),
        "{cloned}"
    );
    assert_eq!(c["save"]["stacking"][0]["location"], at.as_str());
}

#[test]
fn a_greek_civil_war_save_reads_the_record_track_from_its_markers() {
    if !present(GCW) {
        return;
    }
    let built = build(GCW);
    let d = dir(GCW);
    let setup = built.setup("1947.vsav");
    let map = "The Greek Civil War 1947–49";
    // The DSE's index marker moves from box 50 to box 0 and the Government's from 60 to 61:
    // the DSE has collapsed, which only the markers' boxes say (no global property).
    let edited = built.dir.join("collapse.vsav");
    edit_save(
        &built,
        &setup,
        &Edits {
            moves: vec![
                ("dse-pi", map, "Record Track 0"),
                ("government-pi", map, "Record Track 61"),
            ],
            ..Edits::default()
        },
        &edited,
    );
    let after = SaveGame::read(&edited).expect("save").state();
    assert!(
        !after
            .global_properties
            .iter()
            .any(|(n, _, _)| n.contains("PoliticalIndex")),
        "a track on a display has no global property: {:?}",
        after.global_properties
    );
    // Read through the module's grids and through the grids the game computes alike.
    for args in [
        vec!["control", &d, "--save", p(&edited)],
        vec![
            "control",
            &d,
            "--save",
            p(&edited),
            "--module",
            p(&built.vmod),
        ],
    ] {
        let c = json(&args, 0);
        assert_eq!(c["save"]["off_grid"], serde_json::json!([]), "{args:?}");
        let conditions = c["victory"]["conditions"].as_array().expect("conditions");
        let dse = conditions
            .iter()
            .find(|v| v["id"] == "dse-collapse")
            .expect("dse-collapse");
        assert_eq!(dse["met"], true, "{dse}");
        assert!(
            dse["tests"][0]["detail"]
                .as_str()
                .is_some_and(|t| t.contains("DSE Political Index 0")),
            "{dse}"
        );
        let gov = conditions
            .iter()
            .find(|v| v["id"] == "government-collapse")
            .expect("government-collapse");
        assert!(
            gov["tests"][0]["detail"]
                .as_str()
                .is_some_and(|t| t.contains("Government Political Index 61")),
            "{gov}"
        );
        assert_eq!(c["victory"]["winners"], serde_json::json!(["government"]));
    }
    // A marker taken off its display leaves its track without a value, and says so.
    let off = built.dir.join("off.vsav");
    edit_save(
        &built,
        &setup,
        &Edits {
            moves: vec![("dse-pi", "Off-map boxes", "Markers")],
            ..Edits::default()
        },
        &off,
    );
    let c = json(&["control", &d, "--save", p(&off)], 0);
    let notes = c["save"]["notes"].to_string();
    assert!(notes.contains("`dse-pi` is not on its display"), "{notes}");
}

// -------------------------------------------------------------------------------- scenario

#[test]
fn a_scenario_shows_its_first_and_last_turn() {
    let d = dir("tests/fixtures/mini");
    let (code, out, err) = run(&["scenario", &d, "meeting"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines()
            .next()
            .is_some_and(|l| l.ends_with("— starts Turn 1, ends Turn 2")),
        "{out}"
    );
    let s = json(&["scenario", &d, "meeting"], 0);
    assert_eq!(s["start"], "Turn 1");
    assert_eq!(s["end"], "Turn 2");
}

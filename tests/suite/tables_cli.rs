//! `sandtable table` (roll tables: rolls, ranges, thresholds, die-roll modifiers from a track
//! or given) and the `crt` shifts of a differential table that both sides declare, on a copy
//! of the mini game with a file of roll tables added; and the check's located errors for
//! roll tables that cannot be read.

use serde_json::Value;

use crate::support::{copy_game, run, CopiedGame};

/// Roll tables and a differential CRT added to the mini game. The activation table reads
/// the `red-points` track as its modifier (2 in the `meeting` scenario).
const TABLES: &str = r#"
[[chart]]
id = "activation"
title = "Activation Table"
dice = "1d6"
columns = ["Country", "Red", "Blue"]
key-column = "Country"
threshold-columns = ["Red", "Blue"]
otherwise = "Stays neutral"
rows = [
  ["Turkey", "≥6", "≤2"],
  ["Sweden", "≥8", "—"],
]

[[chart.modifier]]
id = "crisis"
name = "Crisis level"
track = "red-points"

[[chart]]
id = "events"
title = "Events"
dice = "2d6"
columns = ["2d6", "Event"]
roll-column = "2d6"
rows = [
  ["≤4", "Storm"],
  ["5-9", "Nothing"],
  ["10+", "Reinforcements"],
]

[[chart.modifier]]
id = "bonus"
name = "Bonus"
value = 2

[[crt]]
id = "diff"
title = "Differential"
kind = "differential"
columns = ["≤-1", "0", "+1", "+2", "≥+3"]
dice = "1d6"
rows = [
  { roll = "1-3", results = ["A", "A", "-", "D", "D"] },
  { roll = "4-6", results = ["A", "-", "D", "D", "DE"] },
]

[[crt.result]]
code = "-"
meaning = "Nothing."

[[crt.result]]
code = "A"
meaning = "Attacker retreats."

[[crt.result]]
code = "D"
meaning = "Defender retreats."

[[crt.result]]
code = "DE"
meaning = "Defender eliminated."

[[crt.modifier]]
id = "fortification"
name = "Fortification"
side = "defender"
shift = -2
negates = ["mech"]

[[crt.modifier]]
id = "mech"
name = "Mechanized attack"
side = "attacker"
shift = 1
per-count = true
max-shift = 2
terrain = ["clear"]

[[crt.modifier]]
id = "concentric"
name = "Concentric attack"
side = "attacker"
shift = 2

[[crt.modifier]]
id = "defensive-air"
name = "Defending air"
side = "defender"
shift = -1
"#;

fn mini_with_tables() -> CopiedGame {
    let g = copy_game("tests/fixtures/mini");
    std::fs::write(g.path().join("roll-tables.toml"), TABLES).expect("write");
    g
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let (code, stdout, stderr) = run(&all);
    assert_eq!(code, 0, "{args:?}\n{stdout}\n{stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[test]
fn a_neutral_activation_adds_the_crisis_level() {
    let g = mini_with_tables();
    let d = g.path().to_str().unwrap();
    // Turkey, crisis level 2, roll 5: 5 + 2 = 7, and 7 ≥ 6 meets the Red threshold.
    let r = json(&[
        "table",
        d,
        "activation",
        "--row",
        "Turkey",
        "--roll",
        "5",
        "--modifier",
        "crisis=2",
    ]);
    assert_eq!(r["roll"], 5);
    assert_eq!(r["modifiers"][0]["by"], 2);
    assert_eq!(r["modifiers"][0]["cause"], "Crisis level");
    assert_eq!(r["modified"], 7);
    assert_eq!(r["rows"][0]["key"], "Turkey");
    assert_eq!(r["rows"][0]["outcome"], "Red");
    assert_eq!(r["rows"][0]["thresholds"][0]["met"], true);
    assert_eq!(r["rows"][0]["thresholds"][1]["met"], false);
    // The same level read from the track in the scenario's set-up (red-points = 2).
    let s = json(&[
        "table",
        d,
        "activation",
        "--row",
        "turkey",
        "--roll",
        "5",
        "--scenario",
        "meeting",
    ]);
    assert_eq!(s["modified"], 7);
    assert_eq!(s["modifiers"][0]["from"], "track red-points");
    assert_eq!(s["rows"][0]["outcome"], "Red");
    // Roll 1 at level 0: 1 ≤ 2 is Blue; roll 4 at level 2: 6 meets neither of Sweden's.
    let b = json(&[
        "table",
        d,
        "activation",
        "--row",
        "Turkey",
        "--roll",
        "1",
        "--modifier",
        "crisis=0",
    ]);
    assert_eq!(b["rows"][0]["outcome"], "Blue");
    let n = json(&[
        "table",
        d,
        "activation",
        "--row",
        "Sweden",
        "--roll",
        "4",
        "--modifier",
        "crisis=2",
    ]);
    assert_eq!(n["rows"][0]["outcome"], "Stays neutral");
    // No row named: every row's outcome for the one modified roll.
    let all = json(&[
        "table",
        d,
        "activation",
        "--roll",
        "5",
        "--modifier",
        "crisis=2",
    ]);
    assert_eq!(all["rows"].as_array().map(Vec::len), Some(2));
    assert_eq!(all["rows"][1]["outcome"], "Stays neutral");
    // The text, as players read it.
    let (code, text, _) = run(&[
        "table",
        d,
        "activation",
        "--row",
        "Turkey",
        "--roll",
        "5",
        "--modifier",
        "crisis=2",
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(text);
}

#[test]
fn roll_ranges_and_declared_modifiers_find_the_row() {
    let g = mini_with_tables();
    let d = g.path().to_str().unwrap();
    let row = |extra: &[&str]| {
        let mut args = vec!["table", d, "events"];
        args.extend(extra);
        let r = json(&args);
        (
            r["modified"].as_i64(),
            r["rows"][0]["meaning"].as_str().map(String::from),
        )
    };
    assert_eq!(row(&["--roll", "2"]), (Some(2), Some("Storm".into())));
    assert_eq!(row(&["--roll", "4"]), (Some(4), Some("Storm".into())));
    assert_eq!(row(&["--roll", "5"]), (Some(5), Some("Nothing".into())));
    // 3 + 2 (declared fixed bonus) = 5.
    assert_eq!(
        row(&["--roll", "3", "--modifier", "bonus"]),
        (Some(5), Some("Nothing".into()))
    );
    // 12 + 2 = 14 is in the open `10+` row.
    assert_eq!(
        row(&["--roll", "12", "--modifier", "bonus"]),
        (Some(14), Some("Reinforcements".into()))
    );
    // The same seed rolls the same.
    let a = json(&["table", d, "events", "--seed", "7"]);
    let b = json(&["table", d, "events", "--seed", "7"]);
    assert_eq!(a["roll"], b["roll"]);
    assert_eq!(a["rolled"], true);
    // The list names the tables and their modifiers.
    let (code, text, _) = run(&["table", d]);
    assert_eq!(code, 0);
    assert!(
        text.contains("activation — Activation Table (thresholds on 1d6)"),
        "{text}"
    );
    assert!(text.contains("modifiers: crisis (Crisis level)"), "{text}");
}

#[test]
fn lookup_mistakes_are_clear_errors() {
    let g = mini_with_tables();
    let d = g.path().to_str().unwrap();
    let err = |args: &[&str]| {
        let (code, out, err) = run(args);
        assert_eq!(code, 1, "{args:?} {out}");
        err
    };
    assert!(err(&["table", d, "activaton", "--roll", "3"]).contains("did you mean `activation`"));
    assert!(err(&["table", d, "diff"]).contains("sandtable crt --table diff"));
    assert!(
        err(&["table", d, "activation", "--row", "Turky", "--roll", "3"])
            .contains("did you mean `Turkey`")
    );
    assert!(err(&[
        "table",
        d,
        "activation",
        "--roll",
        "3",
        "--modifier",
        "crisys=1"
    ])
    .contains("did you mean `crisis`"));
    // The track's value is not known without a scenario, a save or a given value.
    assert!(err(&["table", d, "activation", "--roll", "3"]).contains("--modifier crisis=N"));
    assert!(err(&["table", d, "events", "--roll", "13"]).contains("impossible with 2d6"));
}

#[test]
fn a_differential_with_shifts_from_both_sides() {
    let g = mini_with_tables();
    let d = g.path().to_str().unwrap();
    // Attack 7 against 7: difference 0, column `0` (index 1). The attacker declares three
    // mechanized units (+3, capped at +2) and a concentric attack (+2); the defender
    // defending air (-1). Net: 4 right - 1 left = +3, column 1 + 3 = 4: `≥+3`; roll 5 there
    // is DE.
    let base = [
        "crt",
        d,
        "--table",
        "diff",
        "--attack",
        "7",
        "--defense",
        "7",
        "--terrain",
        "clear",
        "--support",
        "mech=3",
        "--support",
        "concentric",
        "--support",
        "defensive-air",
        "--roll",
        "5",
    ];
    let r = json(&base);
    assert_eq!(r["column"], "0");
    let shifts: Vec<(i64, String)> = r["shifts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["by"].as_i64().unwrap(),
                s["side"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        shifts,
        vec![
            (2, "attacker".into()),
            (2, "attacker".into()),
            (-1, "defender".into())
        ]
    );
    assert_eq!(r["total_shift"], 3);
    assert_eq!(r["final_column"], "≥+3");
    assert_eq!(r["result"], "DE");
    // A fortification (-2) negates the mechanized bonus: 2 - 1 - 2 = -1, column 0: `≤-1`,
    // roll 5 there is A.
    let mut fort = base.to_vec();
    fort.extend(["--support", "fortification"]);
    let r = json(&fort);
    assert_eq!(r["total_shift"], -1);
    assert_eq!(r["final_column"], "≤-1");
    assert_eq!(r["result"], "A");
    assert!(r["cancelled"][0]
        .as_str()
        .is_some_and(|c| c.contains("Mechanized attack cancelled by Fortification")));
    // In forest the mechanized attack does not apply (and forest shifts one left):
    // 2 - 1 - 1 = 0, column `0`, roll 5: -.
    let mut forest = base.to_vec();
    forest[9] = "forest";
    let r = json(&forest);
    assert_eq!(r["total_shift"], 0);
    assert_eq!(r["result"], "-");
    assert!(r["cancelled"][0]
        .as_str()
        .is_some_and(|c| c.contains("only against a defender in Clear")));
    let (code, text, _) = run(&base);
    assert_eq!(code, 0);
    assert!(
        text.contains("Net shift +3: 4 right (attacker) - 1 left (defender)"),
        "{text}"
    );
}

#[test]
fn unreadable_roll_tables_are_located_errors() {
    let g = mini_with_tables();
    let bad = TABLES
        .replace(r#"["5-9", "Nothing"]"#, r#"["4-8", "Nothing"]"#)
        .replace(r#"["Sweden", "≥8", "—"]"#, r#"["Sweden", "8", "—"]"#)
        .replace(r#"track = "red-points""#, r#"track = "red-pionts""#);
    std::fs::write(g.path().join("roll-tables.toml"), bad).expect("write");
    let d = g.path().to_str().unwrap();
    let (code, out, _) = run(&["check", d, "--format", "json"]);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let diags = v.as_array().expect("a list of diagnostics");
    let find = |needle: &str| {
        diags
            .iter()
            .find(|x| x["message"].as_str().is_some_and(|m| m.contains(needle)))
            .unwrap_or_else(|| panic!("no diagnostic with {needle}: {out}"))
    };
    // Rows 4 and 4-8 overlap; 9 has no row.
    let overlap = find("several rows for roll 4");
    assert_eq!(overlap["file"], "roll-tables.toml");
    assert!(overlap["line"].as_u64().is_some());
    find("no row for roll 9");
    let th = find("`8` in column `Red` is not a threshold");
    assert_eq!(th["code"], "bad-threshold");
    let tr = find("red-pionts");
    assert!(
        tr["hint"]
            .as_str()
            .is_some_and(|h| h.contains("red-points")),
        "{tr}"
    );
}

/// Numbers as large as the command line takes: a modifier that takes the modified roll past
/// the numbers there are is an error naming it (text and JSON, exit 1), not a roll wrapped
/// round to −9223372036854775803; one that stays within them reads the last row.
#[test]
fn a_modifier_beyond_the_numbers_is_named_not_wrapped() {
    let g = mini_with_tables();
    let d = g.path().to_str().unwrap();
    let args = [
        "table",
        d,
        "activation",
        "--row",
        "Turkey",
        "--roll",
        "5",
        "--modifier",
        "crisis=9223372036854775807",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("--modifier crisis: modifier `crisis` (+9223372036854775807")
            && err.contains("beyond the numbers"),
        "{err}"
    );
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let (code, out, _) = run(&json_args);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert!(
        v["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("--modifier crisis:")),
        "{v}"
    );
    // The smallest number the other way: 1 + (−9223372036854775808) still fits, and is
    // below every row.
    let r = json(&[
        "table",
        d,
        "events",
        "--roll",
        "2",
        "--modifier",
        "bonus=-9223372036854775807",
    ]);
    assert_eq!(r["modified"], -9223372036854775805i64);
    assert_eq!(r["rows"][0]["meaning"], "Storm");
    // A value past i64 is refused while parsing the arguments (exit 2).
    let (code, _, err) = run(&[
        "table",
        d,
        "events",
        "--roll",
        "2",
        "--modifier",
        "bonus=9223372036854775808",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("whole number"), "{err}");
}

/// A modifier given twice is a usage error (exit 2) naming it, in text and JSON (`detail`),
/// instead of the first value silently winning.
#[test]
fn a_modifier_given_twice_is_a_usage_error() {
    let g = mini_with_tables();
    let d = g.path().to_str().unwrap();
    let args = [
        "table",
        d,
        "activation",
        "--row",
        "Turkey",
        "--roll",
        "5",
        "--modifier",
        "crisis=1",
        "--modifier",
        "crisis=3",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("'--modifier crisis' cannot be used more than once"),
        "{err}"
    );
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let (code, out, _) = run(&json_args);
    assert_eq!(code, 2, "{out}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert!(v["error"].is_string(), "{v}");
    assert!(
        v["detail"]
            .as_str()
            .is_some_and(|d| d.contains("'--modifier crisis' cannot be used more than once")),
        "{v}"
    );
    // A fixed modifier declared twice, too.
    let (code, _, err) = run(&[
        "table",
        d,
        "events",
        "--roll",
        "3",
        "--modifier",
        "bonus",
        "--modifier",
        "bonus",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'--modifier bonus'"), "{err}");
}

/// Column shifts as large as the numbers go run past the last column (not round to the
/// first); two that add up past the numbers are an error naming `--shift`.
#[test]
fn shifts_beyond_the_numbers_clamp_or_are_named() {
    let g = mini_with_tables();
    let d = g.path().to_str().unwrap();
    let base = [
        "crt",
        d,
        "--table",
        "diff",
        "--attack",
        "7",
        "--defense",
        "7",
        "--roll",
        "5",
    ];
    let mut right = base.to_vec();
    right.extend(["--shift", "9223372036854775807"]);
    let r = json(&right);
    assert_eq!(r["final_column"], "≥+3");
    assert_eq!(r["total_shift"], 9223372036854775807i64);
    assert!(
        r["clamped"]
            .as_str()
            .is_some_and(|c| c.contains("9223372036854775804 columns past the last")),
        "{r}"
    );
    let mut left = base.to_vec();
    left.extend(["--shift", "-9223372036854775808"]);
    assert_eq!(json(&left)["final_column"], "≤-1");
    let mut twice = right.clone();
    twice.extend(["--shift", "9223372036854775807"]);
    let (code, out, err) = run(&twice);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("--shift: the column shifts add up to 18446744073709551614"),
        "{err}"
    );
    twice.extend(["--format", "json"]);
    let (code, out, _) = run(&twice);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert!(
        v["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("--shift: ")),
        "{v}"
    );
    // A counted modifier whose count multiplies past the numbers names `--support`.
    let mut mech = base.to_vec();
    mech.extend([
        "--terrain",
        "clear",
        "--support",
        "mech=9223372036854775807",
    ]);
    // +1 × 9223372036854775807 fits, and is capped at +2.
    assert_eq!(json(&mech)["total_shift"], 2);
}

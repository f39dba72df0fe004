//! A game with several mistakes in several files: `check` reports every one of them in one
//! run, each where it was written and in the designer's words, and nothing that only follows
//! from another (issue 35).

use serde_json::Value;

use crate::support::{bin, check_json, copy_game, edit};

/// The mini game with five typos in three files: a misspelt section header, a misspelt
/// key, a word not in a list, a number given as text and a misspelt counter id.
fn five_typos() -> crate::support::CopiedGame {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    // The header of the counter `red-2`, which the scenario puts in a pool.
    edit(
        d,
        "game.toml",
        "[[counter]]\nid = \"red-2\"",
        "[[countr]]\nid = \"red-2\"",
    );
    // A word not in the list of unit sizes, in the class of `blue-1`, which the scenario
    // places on the map.
    edit(
        d,
        "game.toml",
        "type = \"armour\"\nsize = \"corps\"",
        "type = \"armour\"\nsize = \"crops\"",
    );
    // A number given as text: the four Out of Supply markers the scenario puts in a pool.
    edit(d, "game.toml", "count = 4", "count = \"4\"");
    // A misspelt key of the map every placement is on.
    edit(d, "map.toml", "columns = 6", "colums = 6");
    // A misspelt counter id.
    edit(
        d,
        "scenario.toml",
        "counters = [\"red-1\"]",
        "counters = [\"rde-1\"]",
    );
    tmp
}

/// What the five mistakes are: code, file, line, column, and a part of the message or hint
/// that says what was meant.
const EXPECTED: [(&str, &str, u64, u64, &str); 5] = [
    (
        "unknown-value",
        "game.toml",
        125,
        8,
        "did you mean `corps`?",
    ),
    (
        "unknown-section",
        "game.toml",
        141,
        3,
        "did you mean `[[counter]]`?",
    ),
    (
        "wrong-type",
        "game.toml",
        157,
        9,
        "`count` should be a whole number of 0 or more, not the text \"4\"",
    ),
    ("unknown-key", "map.toml", 7, 1, "did you mean `columns`?"),
    (
        "unknown-reference",
        "scenario.toml",
        27,
        13,
        "did you mean `red-1`?",
    ),
];

#[test]
fn five_typos_in_three_files_are_all_reported_in_one_run() {
    let tmp = five_typos();
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1);
    let errors: Vec<&Value> = diags.iter().filter(|d| d["severity"] == "error").collect();
    let found: Vec<(String, String, u64, u64)> = errors
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["file"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let want: Vec<(String, String, u64, u64)> = EXPECTED
        .iter()
        .map(|(c, f, l, col, _)| (c.to_string(), f.to_string(), *l, *col))
        .collect();
    assert_eq!(found, want, "{diags:#?}");
    for (d, (.., says)) in errors.iter().zip(EXPECTED) {
        let all = format!(
            "{} {}",
            d["message"].as_str().unwrap_or(""),
            d["hint"].as_str().unwrap_or("")
        );
        assert!(all.contains(says), "{all} should say {says}");
    }
    // Nothing held back: no problem followed from another.
    assert_eq!(diags.len(), 5, "{diags:#?}");
}

#[test]
fn five_typos_as_text_are_located_and_speak_no_rust() {
    let tmp = five_typos();
    let out = bin().arg("check").arg(tmp.path()).output().expect("run");
    assert_eq!(out.status.code(), Some(1));
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    for (code, file, line, column, says) in EXPECTED {
        assert!(text.contains(&format!("error[{code}]")), "{text}");
        assert!(
            text.contains(&format!("{file}:{line}:{column}")),
            "{file}:{line}:{column} in {text}"
        );
        assert!(text.contains(says), "{says} in {text}");
    }
    for rust in [
        "u32",
        "invalid type",
        "unknown field",
        "unknown variant",
        "struct ",
        "enum ",
        "expected one of",
    ] {
        assert!(!text.contains(rust), "`{rust}` in {text}");
    }
}

/// Every key and word of a section, misspelt or not, is read on its own: a misspelt key
/// leaves out only its entry, whatever else the file holds.
#[test]
fn a_misspelt_key_leaves_the_rest_of_its_file_checked() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    edit(d, "game.toml", "designation = \"1\"", "desigantion = \"1\"");
    // A mistake further on in the same file is found in the same run.
    edit(
        d,
        "game.toml",
        "nations = [\"blueland\"]",
        "nations = [\"bluland\"]",
    );
    let (_, diags) = check_json(d);
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    assert_eq!(codes, ["unknown-reference", "unknown-key"], "{diags:#?}");
    assert_eq!(diags[0]["hint"], "did you mean `blueland`?");
}

/// A file that is not TOML at all is one located error; what only follows from its
/// absence is not reported, and a warning says so.
#[test]
fn a_file_that_is_not_toml_holds_back_what_follows_from_it() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    let path = d.join("map.toml");
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(&path, format!("[map\n{text}")).expect("write");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    assert_eq!(codes, ["syntax", "not-checked"], "{diags:#?}");
    assert_eq!(
        (diags[0]["file"].as_str(), diags[0]["line"].as_u64()),
        (Some("map.toml"), Some(1))
    );
    assert!(diags[1]["message"]
        .as_str()
        .unwrap_or("")
        .contains("`map.toml` could not be read"));
}

#[test]
fn explain_suggests_the_nearest_code() {
    let out = bin()
        .args(["explain", "stacking-limit"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("did you mean `stacking`?"), "{err}");
}

//! The Greek Civil War: area-map checks on broken copies of the example game (boxes hold
//! one unit, foreign areas are the DSE's, the set-up instructions hold).

use serde_json::Value;

use crate::support::{bin, copy_game, edit, root};

const GAME: &str = "modules/greek-civil-war";

fn codes_after(edit_fn: impl Fn(&std::path::Path)) -> Option<Vec<(String, String)>> {
    if !root().join(GAME).join("game.toml").is_file() {
        eprintln!("skipped: {GAME} is absent");
        return None;
    }
    let tmp = copy_game(GAME);
    edit_fn(tmp.path());
    let out = bin()
        .arg("check")
        .arg(tmp.path())
        .args(["--format", "json"])
        .output()
        .expect("run");
    let diags: Vec<Value> = serde_json::from_slice(&out.stdout).expect("json");
    Some(
        diags
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap_or("").to_string(),
                    d["message"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect(),
    )
}

#[test]
fn a_government_division_in_albania() {
    let Some(found) = codes_after(|d| {
        edit(
            d,
            "scenarios/1947.toml",
            "at = \"athens\"\ncounters = [\"gna-division-1\"]",
            "at = \"albania\"\ncounters = [\"gna-division-1\"]",
        )
    }) else {
        return;
    };
    let codes: Vec<&str> = found.iter().map(|(c, _)| c.as_str()).collect();
    assert!(codes.contains(&"forbidden-area"), "{found:?}");
    assert!(
        codes.contains(&"setup-instruction"),
        "seven divisions must stand in Greece: {found:?}"
    );
}

#[test]
fn a_division_in_an_infrastructure_box_breaks_the_instructions() {
    let Some(found) = codes_after(|d| {
        edit(
            d,
            "scenarios/1947.toml",
            "at = \"athens\"\ncounters = [\"gna-division-1\"]",
            "at = \"athens/box-3\"\ncounters = [\"gna-division-1\"]",
        )
    }) else {
        return;
    };
    assert!(
        found
            .iter()
            .any(|(c, m)| c == "setup-instruction" && m.contains("Athens — Box 3")),
        "{found:?}"
    );
}

#[test]
fn two_units_in_one_box() {
    let Some(found) = codes_after(|d| {
        edit(d, "scenarios/1947.toml", "at = \"athens\"\ncounters = [\"gna-division-1\"]", "at = \"athens\"\ncounters = [\"gna-division-1\"]\n\n[[scenario.place]]\nat = \"athens/box-1\"\ncounters = [\"police-1\", \"police-1\"]")
    }) else {
        return;
    };
    assert!(
        found
            .iter()
            .any(|(c, m)| c == "box-occupied" && m.contains("Athens box 1")),
        "{found:?}"
    );
}

#[test]
fn more_level_one_bands_than_the_mix_has() {
    let Some(found) = codes_after(|d| {
        let path = d.join("scenarios/1947.toml");
        let mut text = std::fs::read_to_string(&path).expect("read");
        text.push_str("\n[[scenario.place]]\nat = \"albania\"\ncounters = [\"40 band-1\"]\n");
        std::fs::write(&path, text).expect("write");
    }) else {
        return;
    };
    assert!(
        found.iter().any(|(c, _)| c == "counter-mix"),
        "no new cardboard: {found:?}"
    );
}

/// The diagnostics of one code, with their hints, after an edit of a copy of the game.
fn diags_after(edit_fn: impl Fn(&std::path::Path), code: &str) -> Option<Vec<Value>> {
    if !root().join(GAME).join("game.toml").is_file() {
        eprintln!("skipped: {GAME} is absent");
        return None;
    }
    let tmp = copy_game(GAME);
    edit_fn(tmp.path());
    let out = bin()
        .arg("check")
        .arg(tmp.path())
        .args(["--format", "json"])
        .output()
        .expect("run");
    let diags: Vec<Value> = serde_json::from_slice(&out.stdout).expect("json");
    Some(diags.into_iter().filter(|d| d["code"] == code).collect())
}

fn hint(d: &Value) -> &str {
    d["hint"].as_str().unwrap_or("")
}

const DIVISION_BACK: &str = "class = \"gna-division-1\"\nback = \"gna-division-2\"";

#[test]
fn a_back_outside_the_line_of_the_front() {
    let Some(found) = diags_after(
        |d| {
            edit(
                d,
                "counters/government.toml",
                DIVISION_BACK,
                "class = \"gna-division-1\"\nback = \"gna-brigade-2\"",
            )
        },
        "two-level-outside-line",
    ) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0]["message"]
        .as_str()
        .unwrap_or("")
        .contains("`gna-brigade-2`"));
    assert!(hint(&found[0]).contains("`gna-division-2`"), "{found:?}");
    assert_eq!(found[0]["file"], "counters/government.toml");
    assert!(found[0]["line"].as_u64().is_some(), "{found:?}");
}

#[test]
fn a_back_two_levels_away() {
    let Some(found) = diags_after(
        |d| {
            edit(
                d,
                "counters/government.toml",
                DIVISION_BACK,
                "class = \"gna-division-1\"\nback = \"gna-division-3\"",
            )
        },
        "two-level-not-adjacent",
    ) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(hint(&found[0]).contains("gna-division-2"), "{found:?}");
}

#[test]
fn an_unknown_back_class_is_a_reference_error_with_a_suggestion() {
    let Some(found) = diags_after(
        |d| {
            edit(
                d,
                "counters/government.toml",
                DIVISION_BACK,
                "class = \"gna-division-1\"\nback = \"gna-divison-2\"",
            )
        },
        "unknown-reference",
    ) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(hint(&found[0]), "did you mean `gna-division-2`?");
}

#[test]
fn a_level_printed_on_two_kinds_of_counter() {
    let Some(found) = diags_after(
        |d| {
            edit(
                d,
                "counters/government.toml",
                "class = \"police-3\"",
                "class = \"police-3\"\nback = \"police-2\"",
            )
        },
        "face-conflict",
    ) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
    let message = found[0]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("`police-2`") && message.contains("`police-1`"),
        "{message}"
    );
}

#[test]
fn a_two_level_counter_whose_class_also_has_a_reduced_face() {
    let Some(found) = diags_after(
        |d| {
            edit(
                d,
                "counters/government.toml",
                "factors = { conflict = 15, level = 2, movement = 2 }",
                "factors = { conflict = 15, level = 2, movement = 2 }\nreduced = { conflict = 7, level = 2, movement = 2 }",
            )
        },
        "two-level-stepped",
    ) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
}

#[test]
fn faces_of_different_unit_types() {
    let Some(found) = diags_after(
        |d| {
            edit(
                d,
                "counters/government.toml",
                "type = \"army-division\"\nsize = \"division\"\nfactors = { conflict = 15",
                "type = \"army-brigade\"\nsize = \"division\"\nfactors = { conflict = 15",
            )
        },
        "mismatched-faces",
    ) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(hint(&found[0]).contains("same type"), "{found:?}");
}

#[test]
fn a_placement_at_a_level_the_counter_does_not_print() {
    let Some(found) = diags_after(
        |d| {
            edit(
                d,
                "scenarios/1947.toml",
                "at = \"athens\"\ncounters = [\"gna-division-1\"]",
                "at = \"athens\"\ncounters = [\"gna-division-1\"]\nlevel = 3",
            )
        },
        "no-such-level",
    ) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0]["message"]
        .as_str()
        .unwrap_or("")
        .contains("prints Level 1 and 2, not Level 3"));
    assert_eq!(hint(&found[0]), "did you mean `gna-division-3`?");
}

#[test]
fn reduced_on_a_two_level_counter_points_to_level() {
    let Some(found) = diags_after(
        |d| {
            edit(
                d,
                "scenarios/1947.toml",
                "at = \"athens\"\ncounters = [\"gna-division-1\"]",
                "at = \"athens\"\ncounters = [\"gna-division-1\"]\nreduced = true",
            )
        },
        "no-reduced-side",
    ) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(hint(&found[0]).contains("`level = 2`"), "{found:?}");
}

/// A division placed on its Level 2 face is the same cardboard: the scenario reports the
/// Level, and a ninth division (at either face) exceeds the eight counters of the mix.
#[test]
fn a_level_two_division_uses_a_level_one_two_counter() {
    if !root().join(GAME).join("game.toml").is_file() {
        eprintln!("skipped: {GAME} is absent");
        return;
    }
    let tmp = copy_game(GAME);
    edit(
        tmp.path(),
        "scenarios/1947.toml",
        "at = \"athens\"\ncounters = [\"gna-division-1\"]",
        "at = \"athens\"\ncounters = [\"gna-division-1\"]\nlevel = 2",
    );
    edit(
        tmp.path(),
        "scenarios/1947.toml",
        "classes = [\"gna-division-1\"]",
        "classes = [\"gna-division-1\", \"gna-division-2\"]",
    );
    let check = bin().arg("check").arg(tmp.path()).output().expect("run");
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let out = bin()
        .arg("scenario")
        .arg(tmp.path())
        .args(["1947", "--format", "json"])
        .output()
        .expect("run");
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    let athens = &v["placements"][0];
    assert_eq!(athens["counter"], "gna-division-1");
    assert_eq!(athens["level"], 2);
    assert!(athens.get("reduced").is_none());
    assert_eq!(v["placements"][1]["level"], 1);

    // One more division at Level 2 is a ninth piece of cardboard.
    let path = tmp.path().join("scenarios/1947.toml");
    let mut text = std::fs::read_to_string(&path).expect("read");
    text = text.replacen(
        "[[scenario.pool]]",
        "[[scenario.place]]\nat = \"evia\"\ncounters = [\"gna-division-1\"]\nlevel = 2\n\n[[scenario.pool]]",
        1,
    );
    std::fs::write(&path, text).expect("write");
    let out = bin()
        .arg("check")
        .arg(tmp.path())
        .args(["--format", "json"])
        .output()
        .expect("run");
    let diags: Vec<Value> = serde_json::from_slice(&out.stdout).expect("json");
    assert!(
        diags.iter().any(|d| d["code"] == "counter-mix"
            && d["message"]
                .as_str()
                .unwrap_or("")
                .contains("uses counter `gna-division-1` 9 times, the counter mix has 8")),
        "{diags:?}"
    );
}

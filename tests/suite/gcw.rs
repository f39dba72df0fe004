//! The Greek Civil War: area-map checks on broken copies of the example game (boxes hold
//! one unit, foreign areas are the DSE's, the set-up instructions hold).

use serde_json::Value;

use crate::support::{bin, copy_game, edit, root};

const GAME: &str = "modules/greek-civil-war";

/// The diagnostics (JSON) of `sandtable check` on a copy of the game after `edit_fn`
/// changed it; `None` (skipped) when the game is absent.
fn check_copy(edit_fn: impl Fn(&std::path::Path)) -> Option<Vec<Value>> {
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
    Some(serde_json::from_slice(&out.stdout).expect("json"))
}

fn codes_after(edit_fn: impl Fn(&std::path::Path)) -> Option<Vec<(String, String)>> {
    let diags = check_copy(edit_fn)?;
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

// ------------------------------------------------------------------ the Control Phase report

/// `sandtable control ARGS --format json` on a game directory, expecting success.
fn control_json(dir: &std::path::Path, extra: &[&str]) -> Value {
    let out = bin()
        .arg("control")
        .arg(dir)
        .args(["--scenario", "1947", "--format", "json"])
        .args(extra)
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

/// The 1947 set-up moved to turn 10 with the DSE index at 25, a Terror marker in Lakonia
/// (a DSE Region), Larissa Resettled (its police in box 1, the R marker in box 2), and the
/// Magnesia police in the Open of Pieria, a DSE Region.
fn worked_copy() -> Option<crate::support::CopiedGame> {
    if !root().join(GAME).join("game.toml").is_file() {
        eprintln!("skipped: {GAME} is absent");
        return None;
    }
    let tmp = copy_game(GAME);
    let d = tmp.path();
    let f = "scenarios/1947.toml";
    edit(d, f, "start = \"turn-1\"", "start = \"turn-10\"");
    edit(d, f, "dse-pi = 50", "dse-pi = 25");
    edit(d, f, "turn = 1,", "turn = 10,");
    edit(
        d,
        f,
        "\"10 terror\", \"6 resettled\"",
        "\"9 terror\", \"5 resettled\"",
    );
    edit(d, f, "at = \"magnesia/box-1\"", "at = \"pieria\"");
    let mut text = std::fs::read_to_string(d.join(f)).expect("read");
    text.push_str(
        "\n[[scenario.place]]\nat = \"lakonia\"\ncounters = [\"terror\"]\n\n\
         [[scenario.place]]\nat = \"larissa/box-2\"\ncounters = [\"resettled\"]\n",
    );
    std::fs::write(d.join(f), text).expect("write");
    Some(tmp)
}

#[test]
fn the_control_phase_of_the_1947_set_up() {
    if !root().join(GAME).join("game.toml").is_file() {
        return;
    }
    let r = control_json(&root().join(GAME), &[]);
    // No history against the country table under all-boxes control.
    assert_eq!(r["control"]["changed"], serde_json::json!([]));
    let sides = &r["control_phase"]["sides"];
    // Nine Greek Regions whose one box holds a DSE unit (3+3+3+2+3+3+2+2+2 = 23) and the
    // three foreign Regions (2+3+2): 30; the Government holds no Region.
    assert_eq!(sides[0]["side"], "government");
    assert_eq!(
        (sides[0]["collected"].as_i64(), sides[0]["net"].as_i64()),
        (Some(0), Some(0))
    );
    assert_eq!(sides[1]["collected"], 30);
    assert_eq!(sides[1]["index"]["after"], 80);
    assert_eq!(r["attrition"]["due"], false);
    assert_eq!(r["victory"]["level"]["lead"], 10);
    assert_eq!(r["victory"]["level"]["level"], "Draw");
    // Area Defence, applied on request: seven rural Regions hold no Government unit.
    let r = control_json(&root().join(GAME), &["--in-force", "area-defence"]);
    assert_eq!(r["control_phase"]["sides"][0]["net"], -7);
    let (code, _, err) = {
        let out = bin()
            .arg("control")
            .arg(root().join(GAME))
            .args(["--scenario", "1947", "--in-force", "area-defense"])
            .output()
            .expect("run");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(code, Some(1));
    assert!(err.contains("did you mean `area-defence`?"), "{err}");
}

#[test]
fn terror_resettlement_attrition_and_the_shorter_game_worked_by_hand() {
    let Some(tmp) = worked_copy() else { return };
    let r = control_json(tmp.path(), &[]);
    let area = |id: &str| {
        r["control_phase"]["areas"]
            .as_array()
            .and_then(|v| v.iter().find(|a| a["area"] == id))
            .unwrap_or_else(|| panic!("{id}"))
            .clone()
    };
    // Lakonia stays the DSE's but scores nothing under Terror (16.61).
    assert_eq!(area("lakonia")["controller"], "dse");
    assert_eq!(area("lakonia")["points"], 0);
    // Larissa: police in box 1, the R marker fills box 2: the Government controls it and
    // scores 1, not 3 (16.7).
    assert_eq!(area("larissa")["controller"], "government");
    assert_eq!(area("larissa")["points"], 1);
    let gov = &r["control_phase"]["sides"][0];
    let dse = &r["control_phase"]["sides"][1];
    // Government: +1, -1 Terror, -1 Resettled: -1; 60 -> 59.
    assert_eq!(gov["collected"], 1);
    assert_eq!(gov["net"], -1);
    assert_eq!(gov["index"]["after"], 59);
    // DSE: 30 less Lakonia's 2: 28; 25 -> 53; bands in Greece, so no 2d6.
    assert_eq!(dse["collected"], 28);
    assert_eq!(dse["dice"], serde_json::json!([]));
    assert_eq!(dse["index"]["after"], 53);
    // Turn 10 is even: the police in DSE-held Pieria go down one Level (1 of 1, rounded up).
    assert_eq!(r["attrition"]["due"], true);
    let groups = r["attrition"]["groups"].as_array().expect("groups");
    assert_eq!(groups.len(), 1, "{groups:?}");
    assert_eq!(groups[0]["location"], "Pieria");
    assert_eq!(groups[0]["side"], "government");
    assert_eq!(groups[0]["suffer"], 1);
    // 60 >= 2 × 25 at the turn-10 Victory Check: the Government wins if it held at turn 5.
    let v = &r["victory"];
    assert_eq!(v["winners"], serde_json::json!([]));
    assert_eq!(v["provisional"][0]["side"], "government");
    assert!(v["provisional"][0]["needs"]
        .as_str()
        .is_some_and(|n| n.contains("Turn 5")));
    assert_eq!(v["level"]["lead"], 35);
    assert_eq!(v["level"]["level"], "Marginal victory");
    // The text report, whole.
    let out = bin()
        .arg("control")
        .arg(tmp.path())
        .args(["--scenario", "1947"])
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let from = text
        .find("Control Phase:")
        .expect("a Control Phase section");
    insta::assert_snapshot!(&text[from..]);
}

#[test]
fn broken_control_phase_declarations() {
    let Some(found) = codes_after(|d| {
        let f = "rules.toml";
        edit(
            d,
            f,
            "class = \"terror-marker\"",
            "class = \"teror-marker\"",
        );
        edit(
            d,
            f,
            "except-flags = [\"unconventional\"]",
            "except-flags = [\"unconventionl\"]",
        );
        edit(d, f, "within = [\"greece\"]", "within = [\"grece\"]");
        edit(d, f, "penalty = \"2d6\"", "penalty = \"two dice\"");
        edit(
            d,
            f,
            "where = \"enemy-controlled\"",
            "where = \"enemy-control\"",
        );
        edit(d, f, "percent = 50", "percent = 150");
        edit(
            d,
            f,
            "over = \"dse-pi\", times = 2",
            "over = \"dse-p\", times = 2",
        );
        edit(d, f, "lead = \"26-50\"", "lead = \"25-50\"");
        edit(d, f, "areas = [\"athens\"", "areas = [\"athen\"");
    }) else {
        return;
    };
    let has = |code: &str, msg: &str| found.iter().any(|(c, m)| c == code && m.contains(msg));
    assert!(
        has("unknown-reference", "unknown class `teror-marker`"),
        "{found:?}"
    );
    assert!(
        has("unknown-reference", "no class has the flag `unconventionl`"),
        "{found:?}"
    );
    assert!(
        has("unknown-reference", "unknown country `grece`"),
        "{found:?}"
    );
    assert!(
        has("bad-value", "`two dice` is neither points nor dice"),
        "{found:?}"
    );
    assert!(
        has("unknown-value", "unknown attrition place `enemy-control`"),
        "{found:?}"
    );
    assert!(
        has("bad-value", "150% is not a share of units"),
        "{found:?}"
    );
    assert!(
        has("unknown-reference", "unknown track `dse-p`"),
        "{found:?}"
    );
    assert!(
        has("overlap", "bands `0-25` and `25-50` overlap"),
        "{found:?}"
    );
    assert!(
        has("unknown-reference", "unknown area `athen`"),
        "{found:?}"
    );
    assert_eq!(found.len(), 9, "{found:?}");
}

/// (code, message, hint, line) of every diagnostic of a broken copy.
fn diagnostics_after(
    edit_fn: impl Fn(&std::path::Path),
) -> Option<Vec<(String, String, String, u64)>> {
    let diags = check_copy(edit_fn)?;
    Some(
        diags
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap_or("").to_string(),
                    d["message"].as_str().unwrap_or("").to_string(),
                    d["hint"].as_str().unwrap_or("").to_string(),
                    d["line"].as_u64().unwrap_or(0),
                )
            })
            .collect(),
    )
}

#[test]
fn record_track_mistakes_are_located_with_hints() {
    // A misspelt marker class: did-you-mean.
    let Some(found) = diagnostics_after(|d| {
        edit(
            d,
            "game.toml",
            "marker = \"dse-pi-marker\"",
            "marker = \"dse-pi-makrer\"",
        )
    }) else {
        return;
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "unknown-reference");
    assert!(found[0].2.contains("`dse-pi-marker`"), "{found:?}");
    // The display on an unknown map.
    let found = diagnostics_after(|d| edit(d, "game.toml", "map = \"greece\"", "map = \"grece\""))
        .expect("present");
    assert_eq!(found[0].0, "unknown-reference", "{found:?}");
    assert!(found[0].1.contains("unknown map `grece`"), "{found:?}");
    assert!(found[0].2.contains("`greece`"), "{found:?}");
    // Two tracks marked by one class: the second is reported, pointing at the first.
    let found = diagnostics_after(|d| {
        edit(
            d,
            "game.toml",
            "marker = \"stalin-score-marker\"",
            "marker = \"dse-pi-marker\"",
        )
    })
    .expect("present");
    let codes: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
    assert!(codes.contains(&"shared-track-marker"), "{found:?}");
    // A display shorter than its tracks.
    let found = diagnostics_after(|d| {
        edit(
            d,
            "game.toml",
            "max = 99\ncolumns = 20",
            "max = 50\ncolumns = 20",
        )
    })
    .expect("present");
    assert_eq!(
        found
            .iter()
            .filter(|f| f.0 == "track-outside-display")
            .count(),
        4,
        "{found:?}"
    );
    assert!(found[0].1.contains("beyond the boxes 0–50"), "{found:?}");
    // A display without its marker, and a display nobody stands on.
    let found = diagnostics_after(|d| {
        edit(
            d,
            "game.toml",
            "marker = \"turn-marker\"\ndisplay = \"record-track\"",
            "display = \"record-track\"",
        )
    })
    .expect("present");
    assert_eq!(found[0].0, "missing-key", "{found:?}");
    assert!(found[0].2.contains("marker = "), "{found:?}");
    // The scenario still puts a marker in a pool: the track places it.
    let found = diagnostics_after(|d| {
        edit(
            d,
            "scenarios/1947.toml",
            "counters = [\"gna-deployment\",",
            "counters = [\"government-pi\", \"gna-deployment\",",
        )
    })
    .expect("present");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "track-marker-placed", "{found:?}");
    assert!(found[0].2.contains("Record Track"), "{found:?}");
    // A pool named as the display: VASSAL could not tell the places apart.
    let found = diagnostics_after(|d| {
        edit(
            d,
            "pools.toml",
            "name = \"Markers\"",
            "name = \"Record Track\"",
        )
    })
    .expect("present");
    assert_eq!(found[0].0, "duplicate", "{found:?}");
    // A starting value outside the track: the scenario check still reports it.
    let found = diagnostics_after(|d| {
        edit(
            d,
            "scenarios/1947.toml",
            "government-pi = 60",
            "government-pi = 160",
        )
    })
    .expect("present");
    assert!(found.iter().any(|f| f.0 == "out-of-range"), "{found:?}");
}

/// The diagnostics of one code, with their hints, after an edit of a copy of the game.
fn diags_after(edit_fn: impl Fn(&std::path::Path), code: &str) -> Option<Vec<Value>> {
    let diags = check_copy(edit_fn)?;
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

/// "No other unit on the map" counts units: a Government marker standing in a box (a
/// Resettled marker) does not break the instruction, while a thirteenth-plus unit does.
#[test]
fn set_up_instructions_count_units_not_markers() {
    if !root().join(GAME).join("game.toml").is_file() {
        eprintln!("skipped: {GAME} is absent");
        return;
    }
    let check = |extra: &str, pool: &str| -> Vec<Value> {
        let tmp = copy_game(GAME);
        edit(
            tmp.path(),
            "scenarios/1947.toml",
            "\"6 resettled\"",
            &format!("\"{pool}\""),
        );
        let path = tmp.path().join("scenarios/1947.toml");
        let text = std::fs::read_to_string(&path).expect("read") + extra;
        std::fs::write(&path, text).expect("write");
        let out = bin()
            .arg("check")
            .arg(tmp.path())
            .args(["--format", "json"])
            .output()
            .expect("run");
        serde_json::from_slice(&out.stdout).expect("json")
    };
    let marker = check(
        "\n[[scenario.place]]\nat = \"larissa/box-2\"\ncounters = [\"resettled\"]\n",
        "5 resettled",
    );
    assert!(
        marker.iter().all(|d| d["code"] != "setup-instruction"),
        "{marker:?}"
    );
    let unit = check(
        "\n[[scenario.place]]\nat = \"larissa/box-2\"\ncounters = [\"police-1\"]\n",
        "6 resettled",
    );
    assert!(
        unit.iter().any(|d| d["code"] == "setup-instruction"
            && d["message"]
                .as_str()
                .is_some_and(|m| m.contains("no other unit on the map"))),
        "{unit:?}"
    );
}

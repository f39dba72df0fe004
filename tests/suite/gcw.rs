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

/// (code, message, hint, line) of every diagnostic of a broken copy.
fn diagnostics_after(
    edit_fn: impl Fn(&std::path::Path),
) -> Option<Vec<(String, String, String, u64)>> {
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

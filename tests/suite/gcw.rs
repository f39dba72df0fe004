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

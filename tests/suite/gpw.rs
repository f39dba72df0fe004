//! The Great Patriotic War: the example game is clean, and broken copies of it give the right
//! located errors.

use serde_json::Value;

use crate::support::{bin, copy_game, edit, root};

const GAME: &str = "modules/great-patriotic-war";

fn present() -> bool {
    let here = root().join(GAME).join("game.toml").is_file();
    if !here {
        eprintln!("skipped: {GAME} is absent");
    }
    here
}

fn check_json(dir: &std::path::Path) -> Vec<Value> {
    let out = bin()
        .arg("check")
        .arg(dir)
        .arg("--format")
        .arg("json")
        .output()
        .expect("run");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn first(diags: &[Value]) -> (String, String, u64) {
    let d = &diags[0];
    (
        d["code"].as_str().unwrap_or("").into(),
        d["file"].as_str().unwrap_or("").into(),
        d["line"].as_u64().unwrap_or(0),
    )
}

#[test]
fn a_placement_on_a_missing_hex() {
    if !present() {
        return;
    }
    let tmp = copy_game(GAME);
    edit(
        tmp.path(),
        "scenarios/barbarossa.toml",
        "at = \"Moscow\"",
        "at = \"9999\"",
    );
    let diags = check_json(tmp.path());
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(
        first(&diags),
        (
            "no-such-location".into(),
            "scenarios/barbarossa.toml".into(),
            22
        )
    );
}

#[test]
fn a_counter_used_beyond_the_mix() {
    if !present() {
        return;
    }
    let tmp = copy_game(GAME);
    edit(
        tmp.path(),
        "scenarios/barbarossa.toml",
        "counters = [\"sov-24\"]",
        "counters = [\"sov-24\", \"sov-23\"]",
    );
    let diags = check_json(tmp.path());
    // Two armies in Moscow: over the mix, and over the stacking limit.
    assert_eq!(diags.len(), 2, "{diags:#?}");
    assert_eq!(diags[1]["code"], "stacking");
    assert!(diags[1]["message"]
        .as_str()
        .unwrap_or("")
        .starts_with("2 units in 4115 break the stacking limit"));
    let (code, file, line) = first(&diags);
    assert_eq!(
        (code.as_str(), file.as_str(), line),
        ("counter-mix", "scenarios/barbarossa.toml", 23)
    );
    let msg = diags[0]["message"].as_str().unwrap_or("");
    assert!(
        msg.contains("`sov-23` 2 times, the counter mix has 1"),
        "{msg}"
    );
    let hint = diags[0]["hint"].as_str().unwrap_or("");
    assert!(
        hint.contains("3005") && hint.contains("4115"),
        "says where: {hint}"
    );
}

#[test]
fn a_typo_in_a_class_name() {
    if !present() {
        return;
    }
    let tmp = copy_game(GAME);
    edit(
        tmp.path(),
        "counters/axis.toml",
        "class = \"ger-panzer-corps\"",
        "class = \"ger-panzr-corps\"",
    );
    let diags = check_json(tmp.path());
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(first(&diags).0, "unknown-reference");
    assert_eq!(first(&diags).1, "counters/axis.toml");
    assert_eq!(diags[0]["hint"], "did you mean `ger-panzer-corps`?");
}

#[test]
fn a_truncated_file() {
    if !present() {
        return;
    }
    let tmp = copy_game(GAME);
    let path = tmp.path().join("map.toml");
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(&path, &text[..text.len() * 2 / 3]).expect("write");
    let diags = check_json(tmp.path());
    assert_eq!(first(&diags).0, "syntax", "{diags:#?}");
    assert_eq!(first(&diags).1, "map.toml");
}

/// `sandtable scenario DIR ID --format json` on a copy of the game.
fn scenario_json(dir: &std::path::Path) -> Value {
    let out = bin()
        .arg("scenario")
        .arg(dir)
        .arg("barbarossa")
        .arg("--format")
        .arg("json")
        .output()
        .expect("run");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn a_pool_filled_reduced_starts_its_units_on_their_back() {
    if !present() {
        return;
    }
    let tmp = copy_game(GAME);
    edit(
        tmp.path(),
        "scenarios/barbarossa.toml",
        "pool = \"setup-agn\"   # Army Group North",
        "pool = \"setup-agn\"   # Army Group North\nreduced = true",
    );
    assert!(check_json(tmp.path()).is_empty());
    let report = scenario_json(tmp.path());
    let placements = report["placements"].as_array().expect("placements");
    let in_pool = |name: &str| {
        placements
            .iter()
            .filter(|p| p["location"] == format!("pool:{name}"))
            .collect::<Vec<_>>()
    };
    let north = in_pool("Army Group North");
    assert_eq!(north.len(), 8, "{north:#?}");
    assert!(north.iter().all(|p| p["reduced"] == true), "{north:#?}");
    let centre = in_pool("Army Group Center");
    assert!(!centre.is_empty());
    assert!(
        centre.iter().all(|p| p.get("reduced").is_none()),
        "{centre:#?}"
    );
}

#[test]
fn a_pool_filled_reduced_with_one_step_counters_is_located() {
    if !present() {
        return;
    }
    let tmp = copy_game(GAME);
    // Leaders and air units have no reduced side.
    edit(
        tmp.path(),
        "scenarios/barbarossa.toml",
        "pool = \"axis-jun-1941\"   # AxisJun41",
        "pool = \"axis-jun-1941\"   # AxisJun41\nreduced = true",
    );
    let diags = check_json(tmp.path());
    assert_eq!(diags.len(), 7, "{diags:#?}");
    assert!(diags
        .iter()
        .all(|d| d["code"] == "no-reduced-side" && d["file"] == "scenarios/barbarossa.toml"));
    assert!(diags[0]["message"]
        .as_str()
        .unwrap_or("")
        .contains("`guderian` has no reduced side"));
    assert_eq!(diags[0]["line"], 82);
}

//! `sandtable import` of a Parlance variant file (`tests/fixtures/parlance/north.cfg`, a small
//! board written for these tests): the game it writes checks clean with the file's split
//! coast, inland province, seas and coastal island, its powers' names and adjectives, home
//! and neutral centres and starting units; a line it cannot read is an error at its line and
//! column, and nothing is written.

use serde_json::Value;

use sandtable::model::{Game, MapKind};

use crate::support::{root, run};

fn checked(dir: &std::path::Path) -> Game {
    let c = sandtable::check::check_dir(dir).expect("readable");
    let text = sandtable::diag::render::to_text(&c.diagnostics, &c.sources);
    assert!(c.diagnostics.is_empty(), "{text}");
    c.game
        .unwrap_or_else(|| panic!("{}:\n{text}", dir.display()))
}

#[test]
fn import_of_a_parlance_variant_checks_clean() {
    let cfg = root().join("tests/fixtures/parlance/north.cfg");
    let tmp = tempfile::tempdir().expect("temp");
    let out = tmp.path().join("north");
    let (code, json, err) = run(&[
        "import",
        cfg.to_str().expect("utf-8"),
        "-o",
        out.to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["provinces"], 9);
    assert_eq!(v["coasts"], 2);
    assert_eq!(v["supply_centres"], 6);
    assert_eq!(v["powers"], 2);
    assert_eq!(v["units"], 4);
    let g = checked(&out);
    assert_eq!(g.id, "north");
    let MapKind::Area(b) = &g.maps[0].kind else {
        panic!("a hex map")
    };
    let area = |id: &str| {
        b.areas
            .iter()
            .position(|a| a.id == id)
            .unwrap_or_else(|| panic!("no {id}"))
    };
    let names = |list: &[usize]| -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|&i| b.areas[i].id.clone()).collect();
        v.sort();
        v
    };
    let stp = &b.areas[area("stp")];
    assert_eq!(names(&stp.army), ["fin", "mos", "nwy"]);
    assert!(stp.fleet.is_empty(), "a fleet names its coast");
    let coasts: Vec<&str> = stp.coasts.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(coasts, ["nc", "sc"]);
    assert!(names(&b.areas[area("mos")].army) == ["stp"] && b.areas[area("mos")].fleet.is_empty());
    let ice = &b.areas[area("ice")];
    assert!(
        ice.army.is_empty() && ice.fleet.len() == 1,
        "a coastal island"
    );
    let sites: Vec<String> = b.areas[area("bar")]
        .fleet
        .iter()
        .map(|&s| b.site_id(s))
        .collect();
    assert_eq!(sites, ["nwg", "nwy", "stp/nc"]);
    let powers = std::fs::read_to_string(out.join("powers.toml")).expect("read");
    assert!(powers.contains("name = \"Scandinavian\""), "{powers}");
    let scenario = std::fs::read_to_string(out.join("scenario.toml")).expect("read");
    assert!(scenario.contains("at = \"stp/sc\""), "{scenario}");

    // A line it cannot read: located, nothing written.
    let bad = tmp.path().join("bad.cfg");
    std::fs::write(&bad, "[borders]\nMOS=AMY STP\nSTP=BOAT MOS\n").expect("write");
    let (code, _, err) = run(&[
        "import",
        bad.to_str().expect("utf-8"),
        "-o",
        tmp.path().join("b").to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("bad.cfg:3:5"), "{err}");
    assert!(!tmp.path().join("b").exists());
}

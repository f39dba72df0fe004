//! Where units may stand on a province board, one rule for every input (`Game::misplaced`):
//! a scenario is held to it by `check` as a position file is by `adjudicate`; an army on an
//! island (a land province with no land neighbours) stands there in scenarios, position
//! files and saves alike, so a game continues from the position `--apply` writes; and
//! `--apply` never writes a position among the game's own files.

use std::path::Path;

use serde_json::Value;

use crate::support::{check_json, copy_game, edit, example_dir, p, run};

/// `adjudicate DIR <start…> --orders <empty> --apply -o NEXT`: exit code, stdout, stderr.
fn apply(dir: &Path, start: &[&str], next: &Path) -> (i32, String, String) {
    let orders = next.with_extension("orders.txt");
    std::fs::write(&orders, "").expect("orders");
    let mut args = vec!["adjudicate", p(dir)];
    args.extend_from_slice(start);
    args.extend(["--orders", p(&orders), "--apply", "-o", p(next)]);
    run(&args)
}

#[test]
fn a_scenario_sets_units_up_only_where_the_board_lets_them_stand() {
    let tmp = copy_game("modules/diplomacy");
    let d = tmp.path();
    let file = "scenarios/1901.toml";
    // An army at sea, a fleet inland, an army in impassable Switzerland, a fleet in St
    // Petersburg on neither coast.
    edit(d, file, "at = \"lvp\"", "at = \"iri\"");
    edit(d, file, "at = \"tri\"", "at = \"boh\"");
    edit(d, file, "at = \"bud\"", "at = \"swi\"");
    edit(d, file, "at = \"stp/sc\"", "at = \"stp\"");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let text = std::fs::read_to_string(d.join(file)).expect("read");
    let line_after = |at: &str| {
        text.lines()
            .position(|l| l == at)
            .map(|i| i as u64 + 2)
            .expect("placed")
    };
    let mut found: Vec<(String, u64, String)> = diags
        .iter()
        .map(|x| {
            assert!(
                x["hint"].as_str().is_some_and(|h| !h.is_empty()),
                "no hint: {x}"
            );
            assert_eq!(x["file"], file, "{x}");
            (
                x["code"].as_str().unwrap_or("").to_string(),
                x["line"].as_u64().unwrap_or(0),
                x["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    found.sort();
    let mut want = vec![
        (
            "army-at-sea".to_string(),
            line_after("at = \"iri\""),
            "an army cannot stand in `iri`, a sea".to_string(),
        ),
        (
            "coast-needed".to_string(),
            line_after("at = \"stp\""),
            "a fleet in `stp` stands on one of its coasts".to_string(),
        ),
        (
            "fleet-inland".to_string(),
            line_after("at = \"boh\""),
            "a fleet cannot stand in `boh`, which has no coast: no fleet moves there".to_string(),
        ),
        (
            "impassable".to_string(),
            line_after("at = \"swi\""),
            "no army can stand in `swi`".to_string(),
        ),
    ];
    want.sort();
    assert_eq!(found, want);
    // The adjudicator does not play the broken scenario.
    let next = tempfile::tempdir().expect("tmp");
    let (code, _, err) = apply(d, &["--scenario", "1901"], &next.path().join("next.toml"));
    assert_eq!(code, 1, "{err}");
    assert!(!next.path().join("next.toml").exists());
}

#[test]
fn qh07_continues_from_the_position_its_1939_set_up_gives() {
    // The neutral garrisons of Ireland and Sardinia are armies on islands.
    let Some(dir) = example_dir("modules/great-patriotic-war-qh07") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let mut start = vec!["--scenario".to_string(), "1939".to_string()];
    for k in 0..3 {
        let next = tmp.path().join(format!("p{k}.toml"));
        let args: Vec<&str> = start.iter().map(String::as_str).collect();
        let (code, out, err) = apply(&dir, &args, &next);
        assert_eq!(code, 0, "phase {k}: {out}{err}");
        let text = std::fs::read_to_string(&next).expect("written");
        if k == 0 {
            assert!(text.contains("A2 ire"), "{text}");
            assert!(text.contains("A2 sar"), "{text}");
        }
        start = vec!["--position".to_string(), p(&next).to_string()];
    }
}

/// A small board in DPjudge's format: two powers facing each other across a strait, and an
/// island supply centre the first holds with an army.
const ISLAND_MAP: &str = "\
Northland = nor
Southland = sou
Isle = isl
Narrow Sea = nar
Open Sea = ope

NORTH (NORTHERN) NOR ISL
SOUTH (SOUTHERN) SOU
UNOWNED

COAST NOR ABUTS SOU NAR OPE
COAST SOU ABUTS NOR NAR OPE
COAST ISL ABUTS NAR OPE
WATER NAR ABUTS NOR SOU ISL OPE
WATER OPE ABUTS NOR SOU ISL NAR

NORTH
A NOR
A ISL
SOUTH
F SOU
";

#[test]
fn an_army_on_an_imported_island_round_trips_through_position_files() {
    let tmp = tempfile::tempdir().expect("tmp");
    let map = tmp.path().join("island.map");
    std::fs::write(&map, ISLAND_MAP).expect("map");
    let game = tmp.path().join("island");
    let (code, _, err) = run(&["import", p(&map), "-o", p(&game)]);
    assert_eq!(code, 0, "{err}");
    let (code, diags) = check_json(&game);
    assert_eq!(code, 0, "{diags:?}");
    // Scenario → position → position: each read back by the next run.
    let first = tmp.path().join("spring.toml");
    let (code, out, err) = apply(&game, &["--scenario", "1901"], &first);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&first).expect("written");
    assert!(text.contains("\"A isl\""), "{text}");
    let second = tmp.path().join("fall.toml");
    let (code, out, err) = apply(&game, &["--position", p(&first)], &second);
    assert_eq!(code, 0, "{out}{err}");
    assert!(std::fs::read_to_string(&second)
        .expect("written")
        .contains("\"A isl\""));
    let third = tmp.path().join("winter.toml");
    let (code, out, err) = apply(&game, &["--position", p(&second)], &third);
    assert_eq!(code, 0, "{out}{err}");
    // A sea is still no place for an army, nor land for a fleet.
    let text = std::fs::read_to_string(&first).expect("read");
    std::fs::write(&first, text.replace("\"A isl\"", "\"A nar\"")).expect("write");
    let (code, _, err) = apply(&game, &["--position", p(&first)], &second);
    assert_eq!(code, 1);
    assert!(err.contains("error[army-at-sea]"), "{err}");
}

#[test]
fn apply_refuses_to_write_a_position_among_the_games_files() {
    let tmp = copy_game("modules/diplomacy");
    let d = tmp.path();
    for target in [d.join("NEXT.toml"), d.join("scenarios").join("NEXT.toml")] {
        let (code, _, err) = apply(d, &["--scenario", "1901"], &target);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("into the game directory"), "{err}");
        assert!(!target.exists(), "{}", target.display());
    }
    // The game still loads; a hidden folder of it, or anywhere outside, takes the position.
    let (code, diags) = check_json(d);
    assert_eq!((code, diags), (0, Vec::<Value>::new()));
    std::fs::create_dir(d.join(".positions")).expect("mkdir");
    let hidden = d.join(".positions").join("NEXT.toml");
    let (code, _, err) = apply(d, &["--scenario", "1901"], &hidden);
    assert_eq!(code, 0, "{err}");
    assert!(hidden.is_file());
    let (code, diags) = check_json(d);
    assert_eq!((code, diags), (0, Vec::<Value>::new()));
}

#[test]
fn a_natural_earth_data_folder_that_is_not_there_is_located_on_its_key() {
    let tmp = copy_game("tests/fixtures/geo");
    let d = tmp.path();
    edit(
        d,
        "map.toml",
        "data = \"natural-earth\"",
        "data = \"natural-erath\"",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let line = std::fs::read_to_string(d.join("map.toml"))
        .expect("read")
        .lines()
        .position(|l| l.contains("natural-erath"))
        .expect("edited") as u64
        + 1;
    let found: Vec<(String, String, u64)> = diags
        .iter()
        .map(|x| {
            (
                x["code"].as_str().unwrap_or("").to_string(),
                x["file"].as_str().unwrap_or("").to_string(),
                x["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(found, [("missing-file".into(), "map.toml".into(), line)]);
    // A folder without the files the geography reads.
    edit(d, "map.toml", "natural-erath", "natural-earth");
    std::fs::remove_file(d.join("natural-earth/lakes-10m.json")).expect("rm");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert!(
        diags[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("`lakes-10m.json`")),
        "{diags:?}"
    );
}

#[test]
fn a_board_file_without_powers_is_a_located_error() {
    let tmp = tempfile::tempdir().expect("tmp");
    let map = tmp.path().join("nopowers.map");
    std::fs::write(
        &map,
        "Northland = nor\nNarrow Sea = nar\nCOAST NOR ABUTS NAR\nWATER NAR ABUTS NOR\n",
    )
    .expect("map");
    let out = tmp.path().join("game");
    let (code, _, err) = run(&["import", p(&map), "-o", p(&out)]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("error[empty-board]"), "{err}");
    assert!(err.contains("nopowers.map:1:1"), "{err}");
    assert!(!out.exists());
}

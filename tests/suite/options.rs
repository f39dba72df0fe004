//! Optional rules as switches: `[[option]]` declarations, data marked `option = "ID"`, turned
//! on by a scenario's `options` or the player's `--option`, on a copy of the mini fixture
//! with an optional Guards corps (a class and counter of the option), a placement of its own
//! under a rule of no units, and a rule with no data at all.

use std::path::Path;

use sandtable::check::{check_dir, check_dir_with, Selection};
use sandtable::model::Game;
use serde_json::Value;

use crate::support::{copy_game, edit, p, run, CopiedGame};

const OPTIONS: &str = r#"
[[option]]
id = "guards"
name = "Guards Corps"
rule = "9.1"
description = "Red may raise a Guards corps."

[[option]]
id = "supply-drops"
name = "Supply Drops"
rule = "9.2"
description = """
Two more Out of Supply markers wait in the markers box.

They are the same as the others."""

[[option]]
id = "night-moves"
name = "Night Moves"
description = "A rule of no counters: its text is all there is of it."

[[class]]
id = "red-guards-corps"
option = "guards"
name = "Red Guards Corps"
nation = "redland"
type = "infantry"
size = "corps"
factors = { attack = 5, defence = 5, movement = 3 }
reduced = { attack = 3, defence = 3, movement = 3 }

[[counter]]
id = "red-guards"
name = "1st Red Guards Corps"
class = "red-guards-corps"
designation = "1 Gd"
"#;

/// The mini game with the options: the Guards corps listed in Red's removed pool (placed only
/// when `guards` is on) and two more OOS markers in a pool entry of `supply-drops`.
fn game() -> CopiedGame {
    let tmp = copy_game("tests/fixtures/mini");
    std::fs::write(tmp.path().join("options.toml"), OPTIONS).expect("write");
    edit(
        tmp.path(),
        "scenario.toml",
        "counters = [\"red-2\"]",
        "counters = [\"red-2\", \"red-guards\"]",
    );
    edit(tmp.path(), "game.toml", "count = 4", "count = 6");
    let mut s = std::fs::read_to_string(tmp.path().join("scenario.toml")).expect("read");
    s.push_str("\n[[scenario.pool]]\npool = \"markers\"\ncounters = [\"2 oos\"]\noption = \"supply-drops\"\n");
    std::fs::write(tmp.path().join("scenario.toml"), s).expect("write");
    tmp
}

fn checked(dir: &Path, on: &[&str]) -> Game {
    let on: Vec<String> = on.iter().map(|s| s.to_string()).collect();
    let c = check_dir_with(dir, &Selection::of(&on)).expect("loads");
    match c.game {
        Some(g) => g,
        None => panic!(
            "does not check: {:?}",
            c.diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
        ),
    }
}

fn has_counter(g: &Game, id: &str) -> bool {
    g.counters.iter().any(|c| c.id == id)
}

/// Copies of `id` the first scenario places.
fn placed(g: &Game, id: &str) -> usize {
    g.scenarios[0]
        .placements
        .iter()
        .filter(|pl| g.counters[pl.counter].id == id)
        .count()
}

fn on(g: &Game) -> Vec<&str> {
    g.options
        .iter()
        .filter(|o| o.on)
        .map(|o| o.id.as_str())
        .collect()
}

#[test]
fn an_option_off_leaves_its_class_counters_and_placements_out() {
    let tmp = game();
    let g = checked(tmp.path(), &[]);
    assert_eq!(g.options.len(), 3, "every declared option is in the model");
    assert!(on(&g).is_empty());
    assert!(!has_counter(&g, "red-guards"));
    assert!(!g.classes.iter().any(|c| c.id == "red-guards-corps"));
    assert_eq!(placed(&g, "red-2"), 1, "the rest of the pool entry stays");
    assert_eq!(
        placed(&g, "oos"),
        4,
        "the pool entry of supply-drops is left out"
    );
    assert!(g.scenarios[0].options.is_empty());
}

#[test]
fn an_option_on_brings_its_counters_into_the_mix_and_the_set_up() {
    let tmp = game();
    let g = checked(tmp.path(), &["guards", "supply-drops"]);
    assert_eq!(on(&g), ["guards", "supply-drops"]);
    assert!(has_counter(&g, "red-guards"));
    assert_eq!(placed(&g, "red-guards"), 1);
    assert_eq!(placed(&g, "oos"), 6);
    // Only the option named: the other's data stays out.
    let g = checked(tmp.path(), &["guards"]);
    assert_eq!(placed(&g, "oos"), 4);
    assert_eq!(placed(&g, "red-guards"), 1);
    // Every option on at once.
    let all = check_dir_with(tmp.path(), &Selection::all())
        .expect("loads")
        .game
        .expect("checks");
    assert_eq!(on(&all), ["guards", "supply-drops", "night-moves"]);
}

#[test]
fn a_scenario_turns_options_on_for_itself_and_the_module() {
    let tmp = game();
    edit(
        tmp.path(),
        "scenario.toml",
        "start = \"t1\"",
        "start = \"t1\"\noptions = [\"guards\"]",
    );
    let g = check_dir(tmp.path()).expect("loads").game.expect("checks");
    assert_eq!(on(&g), ["guards"]);
    assert!(has_counter(&g, "red-guards"));
    assert_eq!(placed(&g, "red-guards"), 1);
    assert_eq!(g.scenarios[0].options, [0]);

    let (code, out, err) = run(&["scenario", p(tmp.path()), "meeting"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("optional rules: Guards Corps 9.1 (`guards`)"),
        "{out}"
    );
    let (_, listing, _) = run(&["scenario", p(tmp.path()), "--format", "json"]);
    let listing: Value = serde_json::from_str(&listing).expect("JSON");
    assert_eq!(listing["scenarios"][0]["options"][0]["id"], "guards");
}

#[test]
fn unknown_options_are_located_with_did_you_mean() {
    let tmp = game();
    edit(
        tmp.path(),
        "options.toml",
        "option = \"guards\"",
        "option = \"gaurds\"",
    );
    edit(
        tmp.path(),
        "scenario.toml",
        "start = \"t1\"",
        "start = \"t1\"\noptions = [\"supply-drop\"]",
    );
    let (code, out, _) = run(&["check", p(tmp.path()), "--format", "json"]);
    assert_eq!(code, 1);
    let diags: Vec<Value> = serde_json::from_str(&out).expect("JSON");
    let unknown: Vec<(String, u64, String)> = diags
        .iter()
        .filter(|d| d["code"] == "unknown-option")
        .map(|d| {
            (
                d["file"].as_str().unwrap_or_default().to_string(),
                d["line"].as_u64().unwrap_or_default(),
                d["hint"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(
        unknown,
        [
            (
                "options.toml".to_string(),
                24,
                "did you mean `guards`?".to_string()
            ),
            (
                "scenario.toml".to_string(),
                23,
                "did you mean `supply-drops`?".to_string()
            ),
        ]
    );
    // On the command line, with every command that resolves the game.
    let tmp = game();
    for cmd in ["check", "scenario", "build"] {
        let (code, out, err) = run(&[cmd, p(tmp.path()), "--option", "gards", "--format", "json"]);
        assert_eq!(code, 1, "{cmd}: {out}{err}");
        assert!(
            out.contains("unknown option `gards` (given with `--option`)"),
            "{cmd}: {out}"
        );
        assert!(out.contains("did you mean `guards`?"), "{cmd}: {out}");
    }
}

#[test]
fn a_reference_to_data_of_an_option_off_says_so() {
    let tmp = game();
    // A set-up instruction about the Guards, not itself marked with the option.
    let mut s = std::fs::read_to_string(tmp.path().join("scenario.toml")).expect("read");
    s.push_str(
        "\n[[scenario.require]]\nname = \"the Guards on the map\"\nclasses = [\"red-guards-corps\"]\nmax = 1\n",
    );
    std::fs::write(tmp.path().join("scenario.toml"), s).expect("write");
    let c = check_dir(tmp.path()).expect("loads");
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == "option-off")
        .expect("an option-off error");
    assert_eq!(
        d.message,
        "class `red-guards-corps` exists only under option `guards`, which is off"
    );
    assert!(d.span.is_some());
    assert!(
        check_dir_with(tmp.path(), &Selection::of(&["guards".into()]))
            .expect("loads")
            .game
            .is_some()
    );
}

#[test]
fn check_looks_into_the_data_of_options_that_are_off() {
    let tmp = game();
    edit(
        tmp.path(),
        "options.toml",
        "nation = \"redland\"",
        "nation = \"redlnd\"",
    );
    // The game without the option is whole …
    assert!(check_dir(tmp.path()).expect("loads").game.is_some());
    // … but `check` reads the option's data too.
    let (code, out, _) = run(&["check", p(tmp.path())]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("unknown nation `redlnd`"), "{out}");
}

/// The module built with `--option` holds the option's counter and names the options it was
/// built with (description, build report, the optional rules page); without, it does not.
#[test]
fn build_with_an_option_holds_its_counter_and_says_so() {
    let tmp = game();
    let module = |name: &str, args: &[&str]| {
        let out = tmp.path().join(name);
        let mut all = vec!["build", p(tmp.path()), "-o", p(&out), "--format", "json"];
        all.extend_from_slice(args);
        let (code, stdout, err) = run(&all);
        assert_eq!(code, 0, "{err}");
        let report: Value = serde_json::from_str(&stdout).expect("JSON");
        let (_, inspected, _) = run(&["inspect", p(&out), "--format", "json"]);
        let inspected: Value = serde_json::from_str(&inspected).expect("JSON");
        (out, report, inspected)
    };
    let (with_path, with, with_inspected) = module("with.vmod", &["--option", "guards"]);
    let (_, without, without_inspected) = module("without.vmod", &[]);
    assert_eq!(with["options"], serde_json::json!(["guards"]));
    assert_eq!(without["options"], serde_json::json!([]));
    assert_eq!(
        with["pieces"].as_u64().unwrap(),
        without["pieces"].as_u64().unwrap() + 1
    );
    let palette = |v: &Value| v["module"]["palettes"].to_string();
    assert!(palette(&with_inspected).contains("1st Red Guards Corps"));
    assert!(!palette(&without_inspected).contains("Guards"));
    let description = |v: &Value| {
        v["module"]["metadata"]["description"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        description(&with_inspected).ends_with(
            "Optional rules in play: Guards Corps (9.1). Not in play: Supply Drops (9.2), Night Moves."
        ),
        "{}",
        description(&with_inspected)
    );
    assert!(description(&without_inspected).contains("Optional rules in play: none."));
    // The players' page of optional rules, with each rule's text.
    let page = read_entry(&with_path, "optional-rules.html");
    assert!(page.contains("Red may raise a Guards corps."), "{page}");
    assert!(page.contains("Two more Out of Supply markers wait in the markers box."));
    assert!(page.contains("A rule of no counters"));
    let (_, text, _) = run(&["inspect", p(&with_path)]);
    assert!(
        text.contains("Optional rules in play: Guards Corps (9.1)"),
        "{text}"
    );
}

fn read_entry(vmod: &Path, name: &str) -> String {
    let file = std::fs::File::open(vmod).expect("open");
    let mut zip = zip::ZipArchive::new(file).expect("zip");
    let mut entry = zip.by_name(name).expect("entry");
    let mut s = String::new();
    std::io::Read::read_to_string(&mut entry, &mut s).expect("read");
    s
}

#[test]
fn the_set_up_with_options_as_text() {
    let tmp = game();
    let (code, out, err) = run(&[
        "scenario",
        p(tmp.path()),
        "meeting",
        "--option",
        "guards",
        "--option",
        "night-moves",
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

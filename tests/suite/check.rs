//! `sandtable check`: clean games pass, broken copies give the right located errors, and
//! garbled input never panics.

use serde_json::Value;

use crate::support::{bin, check_json, copy_game, edit, game};

fn codes(diags: &[Value]) -> Vec<(String, String, u64)> {
    diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["file"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn the_mini_game_is_clean() {
    let (code, diags) = check_json(&game("tests/fixtures/mini"));
    assert_eq!(diags, Vec::<Value>::new());
    assert_eq!(code, 0);
}

#[test]
fn the_example_games_are_clean() {
    let modules = crate::support::root().join("modules");
    let Ok(entries) = std::fs::read_dir(&modules) else {
        eprintln!("skipped: no modules/ directory");
        return;
    };
    let mut seen = 0;
    for e in entries.flatten() {
        if e.path().join("game.toml").is_file() {
            let (code, diags) = check_json(&e.path());
            assert_eq!(diags, Vec::<Value>::new(), "{}", e.path().display());
            assert_eq!(code, 0);
            seen += 1;
        }
    }
    eprintln!("checked {seen} example games");
}

#[test]
fn every_mistake_is_reported_in_one_run_with_its_place() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    edit(d, "scenario.toml", "at = \"0303\"", "at = \"0909\"");
    edit(d, "scenario.toml", "\"4 oos\"", "\"5 oos\"");
    edit(
        d,
        "game.toml",
        "class = \"blue-armour-corps\"",
        "class = \"blue-armor-corps\"",
    );
    edit(d, "map.toml", "WWWEE-", "WWQEE-");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![
            ("unknown-reference".into(), "game.toml".into(), 150),
            ("unknown-reference".into(), "map.toml".into(), 27),
            ("no-such-location".into(), "scenario.toml".into(), 26),
            ("counter-mix".into(), "scenario.toml".into(), 40),
        ]
    );
    assert_eq!(diags[0]["hint"], "did you mean `blue-armour-corps`?");
    assert_eq!(
        diags[1]["column"], 3,
        "the bad legend character is pointed at"
    );
    assert!(diags[3]["message"]
        .as_str()
        .unwrap_or("")
        .contains("5 times, the counter mix has 4"));
}

/// A map whose terrain does not resolve is left out of the game, so no later check can index
/// a hex without terrain; what might be on it (placements, pools' areas, supply edges) is
/// held back instead of reported as a follow-on error, and comes back once the map is fixed.
#[test]
fn a_map_left_out_holds_back_what_may_be_on_it() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    edit(d, "scenario.toml", "at = \"0303\"", "at = \"0909\"");
    edit(d, "map.toml", ".ff..~", ".fq..~");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("unknown-reference".into(), "map.toml".into(), 18)]
    );
    assert_eq!(
        diags[0]["column"], 3,
        "the bad legend character is pointed at"
    );
    edit(d, "map.toml", ".fq..~", ".ff..~");
    let (_, diags) = check_json(d);
    assert_eq!(
        codes(&diags),
        vec![("no-such-location".into(), "scenario.toml".into(), 26)]
    );
}

#[test]
fn text_diagnostics_show_the_source_and_hint() {
    let tmp = copy_game("tests/fixtures/mini");
    edit(
        tmp.path(),
        "game.toml",
        "class = \"blue-armour-corps\"",
        "class = \"blue-armor-corps\"",
    );
    let out = bin().arg("check").arg(tmp.path()).output().expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    insta::assert_snapshot!(text);
}

#[test]
fn set_up_outside_its_area_in_water_and_overstacked() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    // Deployed from the Red set-up pool (front line hexes 0302–0304) into 0101, and a second
    // combat unit into the same hex; Blue's armour into the sea.
    edit(
        d,
        "scenario.toml",
        "at = \"0303\"\ncounters = [\"red-1\"]",
        "at = \"0101\"\ncounters = [\"red-1\"]",
    );
    edit(
        d,
        "scenario.toml",
        "pool = \"red-removed\"\ncounters = [\"red-2\"]",
        "pool = \"red-removed\"\ncounters = []",
    );
    edit(d, "scenario.toml", "at = \"Bluetown\"\ncounters = [\"blue-1\"]", "at = \"0601\"\ncounters = [\"blue-1\"]\n\n[[scenario.place]]\nat = \"0101\"\ncounters = [\"red-2\"]");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let found: Vec<String> = diags
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect();
    assert!(
        found.contains(&"outside-setup-area".to_string()),
        "{found:?}"
    );
    assert!(found.contains(&"wrong-terrain".to_string()), "{found:?}");
    assert!(found.contains(&"stacking".to_string()), "{found:?}");
}

#[test]
fn duplicates_point_at_both_definitions() {
    let tmp = copy_game("tests/fixtures/mini");
    edit(tmp.path(), "game.toml", "id = \"red-2\"", "id = \"red-1\"");
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1);
    assert_eq!(diags[0]["code"], "duplicate");
    assert!(diags[0]["message"]
        .as_str()
        .unwrap_or("")
        .contains("`red-1` is defined twice"));
}

#[test]
fn truncated_and_garbled_files_never_panic() {
    let src = game("tests/fixtures/mini");
    for file in ["game.toml", "map.toml", "scenario.toml", "tables.toml"] {
        let text = std::fs::read(src.join(file)).expect("read");
        for cut in [
            1,
            text.len() / 7,
            text.len() / 3,
            text.len() / 2,
            text.len() - 3,
        ] {
            let tmp = copy_game("tests/fixtures/mini");
            std::fs::write(tmp.path().join(file), &text[..cut]).expect("write");
            let checked = sandtable::check::check_dir(tmp.path()).expect("loads");
            assert!(
                checked.diagnostics.has_errors(),
                "{file} cut at {cut} must be an error"
            );
        }
        let tmp = copy_game("tests/fixtures/mini");
        let mut garbled = text.clone();
        garbled[text.len() / 2] = 0xff;
        std::fs::write(tmp.path().join(file), &garbled).expect("write");
        let checked = sandtable::check::check_dir(tmp.path()).expect("loads");
        // The file's error, and the warning that what may follow from it is not reported.
        let found: Vec<&str> = checked.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(found.first(), Some(&"not-utf8"), "{file}");
        assert!(
            found[1..].iter().all(|c| *c == "not-checked"),
            "{file}: {found:?}"
        );
    }
}

#[test]
fn exit_codes_distinguish_problems_from_usage() {
    let out = bin().arg("check").output().expect("run");
    assert_eq!(
        out.status.code(),
        Some(2),
        "missing argument is a usage error"
    );
    let out = bin()
        .arg("check")
        .arg("/no/such/dir")
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a game directory"));
}

#[test]
fn scenario_lists_and_resolves_setups() {
    let out = bin()
        .args(["scenario"])
        .arg(game("tests/fixtures/mini"))
        .args(["--format", "json"])
        .output()
        .expect("run");
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["scenarios"][0]["id"], "meeting");
    let out = bin()
        .args(["scenario"])
        .arg(game("tests/fixtures/mini"))
        .args(["meeting", "--format", "json"])
        .output()
        .expect("run");
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    let placements = v["placements"].as_array().expect("placements");
    assert_eq!(placements.len(), 7, "1 + 1 + 1 + 4 copies");
    assert_eq!(
        placements[1]["location"], "0503",
        "a place name resolves to its hex"
    );
    assert_eq!(placements[2]["location"], "pool:Red Removed");
    let out = bin()
        .args(["scenario"])
        .arg(game("tests/fixtures/mini"))
        .args(["meting"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `meeting`?"));
}

#[test]
fn unknown_keys_suggest_the_closest() {
    let tmp = copy_game("tests/fixtures/mini");
    edit(
        tmp.path(),
        "game.toml",
        "colour = \"#c03030\"",
        "color = \"#c03030\"",
    );
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1);
    assert_eq!(diags[0]["code"], "unknown-key");
    assert_eq!(
        (diags[0]["file"].as_str(), diags[0]["line"].as_u64()),
        (Some("game.toml"), Some(13))
    );
    assert_eq!(diags[0]["message"], "unknown key `color` in `[[side]]`");
    assert_eq!(diags[0]["hint"], "did you mean `colour`?");
    // The side is left out alone: nothing that refers to it is reported.
    assert_eq!(diags.len(), 1, "{diags:#?}");
}

/// VASSAL reads a field ending in a backslash as escaping the separator after it (found by
/// fuzzing the SequenceEncoder round trip): such text is refused where it is written.
#[test]
fn a_name_ending_in_a_backslash_is_refused() {
    let tmp = copy_game("tests/fixtures/mini");
    edit(
        tmp.path(),
        "game.toml",
        "name = \"Red\"",
        "name = \"Red\\\\\"",
    );
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("trailing-backslash".into(), "game.toml".into(), 12)]
    );
}

/// Stacking by unit size and terrain only some units may enter, on a set-up of the theatre
/// fixture: each broken limit is located at the placement, and mistakes in the new keys
/// (an unknown size, hex set or map border) at the key.
#[test]
fn stacking_by_size_and_entry_rules_are_located() {
    let tmp = copy_game("tests/fixtures/theatre");
    let d = tmp.path();
    std::fs::write(
        d.join("scenario.toml"),
        r#"[[scenario]]
id = "s"
title = "S"
start = "t1"

[[scenario.place]]
at = "0202"
counters = ["sov-front"]

[[scenario.place]]
at = "0203"
counters = ["brit-army", "brit-corps"]

[[scenario.place]]
at = "0204"
counters = ["2 brit-army"]

[[scenario.place]]
at = "0204"
counters = ["ger-depot"]

[[scenario.place]]
at = "0505"
counters = ["3 ger-corps"]

[[scenario.place]]
at = "0704"
counters = ["ger-army"]
"#,
    )
    .unwrap();
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let stacking: Vec<(String, u64)> = diags
        .iter()
        .filter(|d| d["code"] == "stacking")
        .map(|d| {
            (
                d["message"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(stacking.len(), 3, "{diags:#?}");
    assert!(
        stacking[0].0.contains("One front, or one army"),
        "{stacking:?}"
    );
    // At the last unit the limit counts, not the depot marker placed after it, and the
    // hint names what it counted.
    assert_eq!(stacking[0].1, 16);
    let hint = diags
        .iter()
        .find(|d| d["code"] == "stacking")
        .and_then(|d| d["hint"].as_str())
        .unwrap_or("");
    assert!(
        hint.ends_with("the rule counts brit-army (2), brit-army (2)"),
        "{hint}"
    );
    assert!(
        stacking[1].0.contains("Small islands: two corps"),
        "{stacking:?}"
    );
    assert_eq!(stacking[1].1, 24);
    assert!(
        stacking[2].0.contains("Deserts: corps only"),
        "{stacking:?}"
    );
    assert_eq!(stacking[2].1, 28);

    // Mistakes in the rules' new keys.
    std::fs::remove_file(d.join("scenario.toml")).unwrap();
    edit(
        d,
        "game.toml",
        "only = { sizes = [\"corps\"] }\n\n[[rules.entry]]\nname = \"High",
        "only = { sizes = [\"corp\"] }\n\n[[rules.entry]]\nname = \"High",
    );
    edit(
        d,
        "game.toml",
        "hex-sets = [\"small-islands\"]\nunits = { combat = true }\nonly",
        "hex-sets = [\"small-island\"]\nunits = { combat = true }\nonly",
    );
    edit(
        d,
        "game.toml",
        "edges = [\"east\"]\nbeyond = 1",
        "along = [\"eats\"]\nbeyond = 1",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let found: Vec<(String, String)> = diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["hint"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("unknown-value".into(), "did you mean `corps`?".into()),
            (
                "unknown-reference".into(),
                "did you mean `small-islands`?".into()
            ),
            (
                "unknown-value".into(),
                "use `west`, `east`, `north` or `south`".into()
            ),
        ],
        "{diags:#?}"
    );
}

/// A word that is not one of those a key takes (a class's `size`) gets a did-you-mean, like
/// every other name.
#[test]
fn an_unknown_word_gets_a_did_you_mean() {
    let tmp = copy_game("tests/fixtures/mini");
    edit(
        tmp.path(),
        "game.toml",
        "size = \"corps\"",
        "size = \"corsp\"",
    );
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("unknown-value".into(), "game.toml".into(), 116)]
    );
    assert!(
        diags[0]["message"]
            .as_str()
            .unwrap_or("")
            .contains("`corsp` is not one of the words allowed here"),
        "{diags:#?}"
    );
    assert_eq!(diags[0]["hint"], "did you mean `corps`?");
}

/// A hexside between hexes that do not touch lists the hexes that touch the first one, in
/// the map's printed numbering, and each of those makes a good hexside.
#[test]
fn a_hexside_of_hexes_apart_lists_the_real_neighbours() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    edit(d, "map.toml", "\"0302/0402\"", "\"0302/0502\"");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("bad-hexside".into(), "map.toml".into(), 48)]
    );
    let hint = diags[0]["hint"].as_str().unwrap_or("");
    let listed = hint
        .split_once("0302 touches ")
        .map(|(_, l)| l.split(", ").map(str::to_string).collect::<Vec<_>>())
        .unwrap_or_default();
    assert_eq!(
        listed,
        ["0301", "0401", "0402", "0303", "0202", "0201"],
        "{hint}"
    );
    // Every hex listed is a neighbour indeed.
    let sides: Vec<String> = listed.iter().map(|n| format!("\"0302/{n}\"")).collect();
    edit(d, "map.toml", "\"0302/0502\"", &sides.join(", "));
    let (code, diags) = check_json(d);
    assert_eq!(diags, Vec::<Value>::new());
    assert_eq!(code, 0);
}

/// `compact-factors` is read from the game's `[art]` and from a class.
#[test]
fn compact_factors_are_read_from_the_art_and_the_class() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    let game = |d: &std::path::Path| {
        sandtable::check::check_dir(d)
            .expect("loads")
            .game
            .expect("checks")
    };
    let g = game(d);
    assert!(!g.art.compact_factors);
    assert!(g.classes.iter().all(|c| c.compact_factors.is_none()));
    edit(
        d,
        "game.toml",
        "size = \"corps\"\nfactors = { attack = 4, defence = 4",
        "size = \"corps\"\ncompact-factors = false\nfactors = { attack = 4, defence = 4",
    );
    std::fs::write(d.join("art.toml"), "[art]\ncompact-factors = true\n").expect("write");
    let g = game(d);
    assert!(g.art.compact_factors);
    let red = g
        .classes
        .iter()
        .find(|c| c.id == "red-infantry-corps")
        .expect("class");
    assert_eq!(red.compact_factors, Some(false));
}

/// A mistake in a file of the game (a misspelt key leaves out its entry, a key that is no
/// section is reported alone) gives its own error, not "the game defines no …" follow-ons
/// for what that entry held; real errors elsewhere are still reported.
#[test]
fn a_file_that_fails_to_load_gives_no_follow_on_missing_data() {
    let tmp = copy_game("docs/src/tutorial/game/step-08");
    let d = tmp.path();
    edit(
        d,
        "terrain.toml",
        "double-defence = true",
        "double-defense = true",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("unknown-key".to_string(), "terrain.toml".to_string(), 24)]
    );
    // A key that is no section: reported alone, and the rest of the file is read (no
    // warning that nothing stands on the turn track).
    let tmp = copy_game("docs/src/tutorial/game/step-08");
    let d = tmp.path();
    let text = std::fs::read_to_string(d.join("counters.toml")).expect("read");
    std::fs::write(d.join("counters.toml"), format!("bogus-key = 1\n{text}")).expect("write");
    // A real mistake in the prose is still reported.
    edit(d, "rules/02-play.md", "{{sequence}}", "{{sequense}}");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![
            (
                "unknown-section".to_string(),
                "counters.toml".to_string(),
                1
            ),
            (
                "unknown-directive".to_string(),
                "rules/02-play.md".to_string(),
                5
            ),
        ]
    );
}

/// A combat class that leaves out a factor its fellows print (the other classes of its unit
/// type, or, alone in its type, every other combat class) is warned of, naming the factor.
#[test]
fn a_class_missing_a_factor_its_fellows_print_is_warned_of() {
    let tmp = copy_game("docs/src/tutorial/game/step-08");
    let d = tmp.path();
    edit(
        d,
        "counters.toml",
        "factors = { attack = 2, defence = 1, movement = 3 }",
        "factors = { attack = 2, defence = 1 }",
    );
    edit(
        d,
        "counters.toml",
        "factors = { attack = 3, defence = 4, movement = 3 }\nreduced = { attack = 1, defence = 2, movement = 3 }",
        "factors = { attack = 3, movement = 3 }\nreduced = { attack = 1, movement = 3 }",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 0, "{diags:#?}");
    assert_eq!(
        codes(&diags),
        vec![
            (
                "missing-factor".to_string(),
                "counters.toml".to_string(),
                59
            ),
            (
                "missing-factor".to_string(),
                "counters.toml".to_string(),
                67
            ),
        ]
    );
    assert_eq!(diags[0]["severity"], "warning");
    let text = |d: &Value| format!("{} {}", d["message"], d["hint"]);
    assert!(
        text(&diags[0]).contains("`movement`"),
        "{}",
        text(&diags[0])
    );
    assert!(text(&diags[1]).contains("`defence`"), "{}", text(&diags[1]));
    assert!(text(&diags[1]).contains("infantry"), "{}", text(&diags[1]));
}

/// Mistakes in control at the start and in end-of-game victory are each reported at their
/// place, in the designer's words, in one run.
#[test]
fn control_at_the_start_and_victory_at_the_end_are_checked() {
    let tmp = copy_game("docs/src/tutorial/game/step-08");
    let d = tmp.path();
    edit(
        d,
        "rules.toml",
        "side = \"east\"\nmaps = [\"main\"]",
        "side = \"eats\"\nmaps = [\"mian\"]",
    );
    edit(
        d,
        "rules.toml",
        "hexes = [\"Kessel\"]",
        "hexes = [\"Kesel\"]",
    );
    edit(d, "rules.toml", "at = \"end\"", "at = \"ende\"");
    edit(
        d,
        "rules.toml",
        "otherwise = true\n",
        "otherwise = true\noccupy-all = [\"Alderford\"]\n\n[[rules.victory]]\nid = \"draw\"\nname = \"Nobody\"\nside = \"west\"\notherwise = true\n\n[[rules.victory]]\nid = \"points\"\nname = \"Points\"\nside = \"west\"\npoints-lead = 1\n",
    );
    let text = std::fs::read_to_string(d.join("rules.toml")).expect("read");
    let text = format!("{text}\n[[rules.control.start]]\nside = \"west\"\n");
    std::fs::write(d.join("rules.toml"), &text).expect("write");
    let line = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle}")) as u64
            + 1
    };
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let mut got = codes(&diags);
    got.sort();
    let r = |c: &str, l: u64| (c.to_string(), "rules.toml".to_string(), l);
    let mut want = vec![
        r("unknown-value", line("at = \"ende\"")),
        r(
            "default-result-with-tests",
            line("id = \"east-holds-the-alder\""),
        ),
        r("second-default-result", line("id = \"draw\"")),
        r("points-lead-without-points", line("points-lead = 1")),
        r("unknown-reference", line("side = \"eats\"")),
        r("unknown-reference", line("maps = [\"mian\"]")),
        r("no-such-location", line("hexes = [\"Kesel\"]")),
        r("empty-start-control", text.lines().count() as u64),
    ];
    want.sort();
    assert_eq!(got, want, "{diags:#?}");
    let hint = |code: &str| {
        diags
            .iter()
            .find(|d| d["code"] == code)
            .and_then(|d| d["hint"].as_str())
            .unwrap_or("")
            .to_string()
    };
    assert_eq!(hint("unknown-value"), "did you mean `end`?");
    assert!(
        diags.iter().any(|d| d["hint"] == "did you mean `east`?"),
        "{diags:#?}"
    );
    assert!(
        diags.iter().any(|d| d["hint"] == "did you mean `main`?"),
        "{diags:#?}"
    );
    assert!(hint("second-default-result").contains("one default result"));
}

/// The player turns' mistakes are each reported where they are written, in one run: a
/// phase nothing defines (with the closest id), a phase named twice, phases out of order, a
/// player turn of no phase and a second phase deciding the initiative.
#[test]
fn player_turn_mistakes_are_each_reported_in_one_run() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    edit(
        d,
        "game.toml",
        "[[phase]]\nid = \"move\"",
        "[[phase]]\nid = \"supply\"\nname = \"Supply Phase\"\ninitiative = true\n\n\
         [[phase]]\nid = \"end\"\nname = \"Turn End Phase\"\ninitiative = true\n\n\
         [[player-turn]]\nid = \"one\"\nname = \"One\"\nphases = [\"move\", \"combt\"]\n\n\
         [[player-turn]]\nid = \"two\"\nname = \"Two\"\nphases = [\"combat\", \"move\"]\n\n\
         [[player-turn]]\nid = \"three\"\nname = \"Three\"\nphases = [\"end\", \"supply\"]\n\n\
         [[player-turn]]\nid = \"four\"\nname = \"Four\"\nphases = []\n\n\
         [[phase]]\nid = \"move\"",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![
            ("conflict".into(), "game.toml".into(), 73),
            ("unknown-reference".into(), "game.toml".into(), 78),
            ("repeated-phase".into(), "game.toml".into(), 83),
            ("player-turn-order".into(), "game.toml".into(), 88),
            ("empty-player-turn".into(), "game.toml".into(), 91),
        ]
    );
    assert_eq!(diags[1]["hint"], "did you mean `combat`?");
    assert_eq!(diags[2]["column"], 21, "the second naming is pointed at");
    assert!(diags[3]["message"]
        .as_str()
        .unwrap_or("")
        .contains("`supply` comes before `end`"));
}

/// The phase deciding the initiative is one of the whole turn, before the player turns: in a
/// game without `[[player-turn]]` every phase is a player turn's, so it is refused there.
#[test]
fn the_initiative_phase_must_come_before_the_player_turns() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    edit(
        d,
        "game.toml",
        "name = \"Combat Phase\"",
        "name = \"Combat Phase\"\ninitiative = true",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("initiative-misplaced".into(), "game.toml".into(), 72)]
    );
    assert!(diags[0]["hint"]
        .as_str()
        .unwrap_or("")
        .contains("[[player-turn]]"));
    edit(
        d,
        "game.toml",
        "initiative = true",
        "initiative = true\n\n[[player-turn]]\nid = \"pt\"\nname = \"Player Turn\"\nphases = [\"move\"]",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("initiative-misplaced".into(), "game.toml".into(), 72)]
    );
    assert!(diags[0]["message"]
        .as_str()
        .unwrap_or("")
        .contains("after phase `move`, where a player turn begins"));
}

/// A phase of one side names a side that exists (with the closest id), and is in no player
/// turn whose players the initiative decides.
#[test]
fn a_phase_of_one_side_names_a_side_and_stays_out_of_initiative_turns() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    edit(
        d,
        "game.toml",
        "name = \"Combat Phase\"",
        "name = \"Combat Phase\"\nside = \"bleu\"",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("unknown-reference".into(), "game.toml".into(), 72)]
    );
    assert_eq!(diags[0]["hint"], "did you mean `blue`?");
    edit(d, "game.toml", "side = \"bleu\"", "side = \"blue\"");
    edit(
        d,
        "game.toml",
        "[[phase]]\nid = \"move\"",
        "[[phase]]\nid = \"initiative\"\nname = \"Initiative Phase\"\ninitiative = true\n\n\
         [[player-turn]]\nid = \"pt\"\nname = \"Player Turn\"\nphases = [\"move\", \"combat\"]\n\n\
         [[phase]]\nid = \"move\"",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("one-side-phase".into(), "game.toml".into(), 73)]
    );
}

/// Weather where it acts, misspelt: every mistake located, in one run, with a hint.
#[test]
fn weather_mistakes_in_movement_and_combat_are_located() {
    let tmp = copy_game("tests/fixtures/weather");
    let d = tmp.path();
    edit(
        d,
        "game.toml",
        "movement-in.mud = { all = 2 }",
        "movement-in.mdu = { all = 2 }",
    );
    edit(
        d,
        "game.toml",
        "movement-allowance = \"half\"",
        "movement-allowance = \"halved\"",
    );
    edit(d, "game.toml", "extra-cost = 1", "extra-cost = 1000");
    edit(
        d,
        "tables.toml",
        "attacking-side = \"red\"",
        "attacking-side = \"redd\"",
    );
    edit(
        d,
        "tables.toml",
        "id = \"snow\"\nname = \"Snow\"\nweather = \"snow\"",
        "id = \"snow\"\nname = \"Snow\"\nweather = \"snow\"\nattacking-side = \"blue\"\nattacking-nations = [\"redland\"]",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let found: Vec<(String, String, String)> = diags
        .iter()
        .map(|x| {
            (
                x["code"].as_str().unwrap_or("").to_string(),
                x["file"].as_str().unwrap_or("").to_string(),
                format!(
                    "{} | {}",
                    x["message"].as_str().unwrap_or(""),
                    x["hint"].as_str().unwrap_or("")
                ),
            )
        })
        .collect();
    let has = |code: &str, file: &str, text: &str| {
        assert!(
            found
                .iter()
                .any(|(c, f, m)| c == code && f == file && m.contains(text)),
            "no {code} in {file} saying {text}: {found:#?}"
        );
    };
    has("unknown-reference", "game.toml", "mdu");
    has("unknown-reference", "game.toml", "did you mean `mud`?");
    has(
        "unknown-value",
        "game.toml",
        "unknown movement allowance `halved`",
    );
    has("bad-cost", "game.toml", "extra cost 1000 of weather `snow`");
    has("unknown-reference", "tables.toml", "redd");
    has(
        "unreachable-modifier",
        "tables.toml",
        "modifier `snow` is for attacks by `blue`, but nation `redland` is not of that side",
    );
    assert_eq!(found.len(), 5, "{found:#?}");
    assert!(diags.iter().all(|x| x["line"].as_u64().unwrap_or(0) > 0));
}

#[test]
fn a_route_between_adjacent_areas_is_warned_of() {
    let tmp = copy_game("modules/greek-civil-war");
    let d = tmp.path();
    let text = std::fs::read_to_string(d.join("map.toml")).expect("read");
    // Viotia and Korinthia share a border; a road between them adds nothing.
    let text =
        format!("{text}\n[[map.route]]\nfrom = \"viotia\"\nto = \"korinthia\"\nkind = \"road\"\n");
    std::fs::write(d.join("map.toml"), &text).expect("write");
    let line = text.lines().count() as u64 - 2;
    let (code, diags) = check_json(d);
    assert_eq!(code, 0, "a warning only: {diags:#?}");
    assert_eq!(
        codes(&diags),
        vec![(
            "route-beside-border".to_string(),
            "map.toml".to_string(),
            line
        )],
        "{diags:#?}"
    );
    assert!(diags[0]["hint"]
        .as_str()
        .is_some_and(|h| h.contains("do not share a border")));
}

#[test]
fn an_area_maps_drawing_is_a_known_word() {
    let tmp = copy_game("modules/greek-civil-war");
    let d = tmp.path();
    let text = std::fs::read_to_string(d.join("map.toml")).expect("read");
    let first = text.find("\n[[map.area]]").expect("an area");
    let text = format!("{}\ndrawing = \"netwrk\"{}", &text[..first], &text[first..]);
    std::fs::write(d.join("map.toml"), &text).expect("write");
    let line = text
        .lines()
        .position(|l| l.starts_with("drawing"))
        .expect("the line") as u64
        + 1;
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("unknown-value".to_string(), "map.toml".to_string(), line)],
        "{diags:#?}"
    );
    assert!(
        diags[0]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("network")),
        "{diags:#?}"
    );
    // The word right: the Greek Civil War is drawn as a network, and checks clean.
    std::fs::write(
        d.join("map.toml"),
        text.replace("drawing = \"netwrk\"", "drawing = \"network\""),
    )
    .expect("write");
    let (code, diags) = check_json(d);
    assert_eq!((code, diags.len()), (0, 0), "{diags:#?}");
}

/// `origin` and `spacing` lay a hex grid on a supplied picture: both or neither, a spacing
/// of a pixel or more, and on a generated map they are ignored with a warning.
#[test]
fn a_grid_on_a_picture_needs_both_keys_and_a_picture() {
    let tmp = copy_game("tests/fixtures/mini");
    let d = tmp.path();
    edit(
        d,
        "map.toml",
        "rows = 5\n",
        "rows = 5\norigin = [10.0, 12.0]\n",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&diags),
        vec![("missing-key".into(), "map.toml".into(), 9)]
    );
    edit(
        d,
        "map.toml",
        "origin = [10.0, 12.0]\n",
        "origin = [10.0, 12.0]\nspacing = [0.0, 40.0]\n",
    );
    let (_, diags) = check_json(d);
    assert_eq!(
        codes(&diags),
        vec![("out-of-range".into(), "map.toml".into(), 10)]
    );
    edit(
        d,
        "map.toml",
        "spacing = [0.0, 40.0]",
        "spacing = [35.0, 40.0]",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 0, "a warning only");
    assert_eq!(
        codes(&diags),
        vec![("ignored-key".into(), "map.toml".into(), 9)]
    );
}

//! The rules prose (`rules/*.md`) checked with the game: on a copy of the mini game with an
//! optional rule, two charts (one under the option) and a second map, chapters holding one
//! of every mistake the check reports, each at its exact file, line and column; and what is
//! not a mistake (a reference to a rule that exists, a chart of an option that is off,
//! `{{…}}` inside a sentence, references in code) left alone. A game whose prose has errors
//! is refused by `build`, while the rule helpers, which do not need the prose, still answer.

use std::path::Path;

use serde_json::Value;

use crate::support::{bin, check_json, copy_game, p, run, CopiedGame};

/// Added to the mini game: two optional rules, a roll table, a chart that exists only under
/// one of them, and a second map (numbered from 2121, so no hex number is ambiguous).
const DATA: &str = r#"
[[option]]
id = "night-fighting"
name = "Night Fighting"
rule = "2.9"
description = "Units may attack at night."

[[option]]
id = "long-game"
name = "The Long Game"
description = "A rule of no data: play two more turns."

[[chart]]
id = "weather-table"
title = "Weather Table"
dice = "1d6"
columns = ["1d6", "Weather"]
roll-column = "1d6"
rows = [
  ["1-4", "Clear"],
  ["5-6", "Mud"],
]

[[chart]]
id = "night-table"
title = "Night Table"
option = "night-fighting"
dice = "1d6"
columns = ["1d6", "Effect"]
roll-column = "1d6"
rows = [
  ["1-3", "The attack is lost in the dark"],
  ["4-6", "The attack goes in"],
]

[[map]]
id = "inset"
title = "Northern Inset"

[map.hex]
orientation = "columns"
columns = 2
rows = 2

[map.hex.numbering]
pattern = "column-row"
first-column = 21
first-row = 21
digits = 2

[map.terrain]
legend = { "." = "clear" }
rows = """
..
..
"""
"#;

/// The first chapter: the mistakes of directives, a reference to nothing, and everything
/// that must not be reported. (Line numbers matter: the test names them.)
const INTRODUCTION: &str = r#"# 1.0 Introduction

## 1.1 Scale

Each hex is ten miles across (see 2.1). Night attacks are not in this edition (see 99.1).

{{crt crt}}

{{crtt crt}}

{{crt combat}}

{{chart weather-table night-table}}

{{map}}

{{map inset}}

{{powers}}

{{chart}}

{{tec extra}}

{{chart night-table}}

Write {{crt nothing}} in a sentence and it is plain text, as is §1.1 here.

In code a reference is not one: `see 98.1` and `{{crt nowhere}}`.

```text
see 97.1

{{crt nowhere}}
```
"#;

/// The second chapter: a section numbered like one of the first chapter's.
const COMBAT: &str = r#"# 2.0 Combat

## 2.1 Odds

Compare the factors (see 1.1 and 2.1, see rule 2.0).

## 1.1 Odds again
"#;

/// A chapter without its title heading: a warning.
const NOTES: &str = "## Designer's notes\n\nThe inset map shows the far north (§2.0).\n";

/// The mini game with [`DATA`] and the given chapters in `rules/`.
fn game_with_rules(chapters: &[(&str, &str)]) -> CopiedGame {
    let tmp = copy_game("tests/fixtures/mini");
    std::fs::write(tmp.path().join("prose-data.toml"), DATA).expect("write");
    let rules = tmp.path().join("rules");
    std::fs::create_dir_all(&rules).expect("mkdir");
    for (name, text) in chapters {
        std::fs::write(rules.join(name), text).expect("write");
    }
    tmp
}

/// The game with every mistake.
fn broken() -> CopiedGame {
    game_with_rules(&[
        ("01-introduction.md", INTRODUCTION),
        ("02-combat.md", COMBAT),
        ("03-notes.md", NOTES),
    ])
}

/// (code, file:line:column) of each diagnostic.
fn located(diags: &[Value]) -> Vec<(String, String)> {
    diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                format!(
                    "{}:{}:{}",
                    d["file"].as_str().unwrap_or("?"),
                    d["line"],
                    d["column"]
                ),
            )
        })
        .collect()
}

/// The data of the copy checks clean without the prose: every diagnostic below is the
/// prose's own.
#[test]
fn prose_the_game_without_rules_is_clean() {
    let tmp = game_with_rules(&[]);
    let (code, diags) = check_json(tmp.path());
    assert_eq!(diags, Vec::<Value>::new());
    assert_eq!(code, 0);
}

#[test]
fn prose_every_mistake_is_located_and_nothing_else_is_reported() {
    let tmp = broken();
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1, "{diags:#?}");
    let expected: Vec<(String, String)> = [
        // `see 2.1` names a section of chapter 2: not reported; `see 99.1` does not.
        ("unknown-rule-reference", "rules/01-introduction.md:5:84"),
        ("unknown-directive", "rules/01-introduction.md:9:3"),
        ("unknown-reference", "rules/01-introduction.md:11:7"),
        // The id too many, not the directive.
        ("directive-arguments", "rules/01-introduction.md:13:23"),
        // The game has two maps: `{{map}}` must name one (`{{map inset}}` does).
        ("directive-arguments", "rules/01-introduction.md:15:1"),
        ("directive-without-data", "rules/01-introduction.md:19:1"),
        ("directive-arguments", "rules/01-introduction.md:21:1"),
        ("directive-arguments", "rules/01-introduction.md:23:7"),
        // `{{chart night-table}}` (line 25) names a chart of an option that is off: not an
        // error. `{{crt nothing}}` in a sentence, and everything in code, is text.
        ("duplicate-rule-number", "rules/02-combat.md:7:4"),
        ("chapter-without-title", "rules/03-notes.md:1:1"),
    ]
    .iter()
    .map(|(c, at)| (c.to_string(), at.to_string()))
    .collect();
    assert_eq!(located(&diags), expected, "{diags:#?}");
    let hint = |i: usize| diags[i]["hint"].as_str().unwrap_or("").to_string();
    assert_eq!(hint(0), "the rules' chapters are 1, 2");
    assert_eq!(hint(1), "did you mean `crt`?");
    assert_eq!(hint(2), "known: crt");
    assert_eq!(hint(4), "write one of: main, inset");
    assert_eq!(hint(6), "e.g. `{{chart weather-table}}`");
    let severities: Vec<&str> = diags
        .iter()
        .map(|d| d["severity"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(severities.iter().filter(|s| **s == "warning").count(), 1);
}

#[test]
fn prose_text_diagnostics_show_the_prose() {
    let tmp = broken();
    let out = bin().arg("check").arg(tmp.path()).output().expect("run");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    insta::assert_snapshot!(text);
}

/// An optional rule's chart named while the option is off is left out of this edition of
/// the rules (a note on the page), and shown when the option is on. (`publish` turns every
/// option on unless `--option` names those to play.)
#[test]
fn prose_a_chart_of_an_option_that_is_off_is_a_note_in_the_published_rules() {
    let tmp = game_with_rules(&[(
        "01-rules.md",
        "# 1.0 Rules\n\n{{chart weather-table}}\n\n{{chart night-table}}\n",
    )]);
    let (code, diags) = check_json(tmp.path());
    assert_eq!((code, diags), (0, Vec::new()));
    let page = |extra: &[&str]| -> String {
        let out = tempfile::tempdir().expect("temp dir");
        let site = out.path().join("site");
        let mut args = vec!["publish", p(tmp.path()), "-o", p(&site)];
        args.extend(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 0, "{stdout}\n{stderr}");
        chapter_pages(&site)
    };
    let off = page(&["--option", "long-game"]);
    assert!(off.contains("Weather Table"), "the chart is drawn");
    assert!(
        off.contains("night-fighting") && !off.contains("The attack goes in"),
        "a note names the option instead of the chart"
    );
    for on in [page(&[]), page(&["--option", "night-fighting"])] {
        assert!(on.contains("The attack goes in"), "the chart is drawn");
    }
}

/// Every HTML page of a published site but the contents and the whole book, joined.
fn chapter_pages(site: &Path) -> String {
    let mut pages: Vec<_> = std::fs::read_dir(site)
        .expect("site")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "html")
                && !p.ends_with("index.html")
                && !p.ends_with("print.html")
        })
        .collect();
    pages.sort();
    assert!(!pages.is_empty(), "no chapter page in {}", site.display());
    pages
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("read"))
        .collect()
}

/// `build` needs the whole game clean, prose included; the helpers that do not read the
/// prose answer with a note.
#[test]
fn prose_errors_refuse_the_build_but_not_the_rule_helpers() {
    let tmp = broken();
    let d = p(tmp.path());
    let out = tempfile::tempdir().expect("temp dir");
    let module = out.path().join("mini.vmod");
    let (code, stdout, stderr) = run(&["build", d, "-o", p(&module)]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(!module.exists(), "no module written");
    let (code, stdout, _) = run(&["build", d, "-o", p(&module), "--format", "json"]);
    assert_eq!(code, 1);
    let failure: Value = serde_json::from_str(&stdout).expect("a JSON failure");
    let codes: Vec<&str> = failure["diagnostics"]
        .as_array()
        .map(|a| a.iter().filter_map(|d| d["code"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        codes.contains(&"unknown-directive") && codes.contains(&"duplicate-rule-number"),
        "{stdout}"
    );

    let (code, stdout, stderr) = run(&["crt", d, "--attack", "6", "--defense", "3", "--roll", "1"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("Result DR"), "column 2:1, roll 1: {stdout}");
    assert!(
        stderr.contains("the rules prose (`rules/`)"),
        "a note says what is broken: {stderr}"
    );
    let (code, stdout, stderr) = run(&[
        "table",
        d,
        "weather-table",
        "--roll",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let r: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(r["roll"], 5);
    assert!(stdout.contains("Mud"), "{stdout}");
    let (code, stdout, stderr) = run(&["crt", d, "--list"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
}

/// A chapter that is not UTF-8 is read lossily; the check must say so, where, as it does
/// for a TOML file (`not-utf8`).
#[test]
fn prose_a_chapter_that_is_not_utf8_is_reported_where_it_breaks() {
    let tmp = game_with_rules(&[]);
    let mut bytes = b"# 1.0 Rules\n\nAb".to_vec();
    bytes.push(0xff);
    bytes.extend_from_slice(b"cd.\n");
    std::fs::write(tmp.path().join("rules/01-rules.md"), bytes).expect("write");
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1, "{diags:#?}");
    assert_eq!(
        located(&diags),
        [("not-utf8".to_string(), "rules/01-rules.md:3:3".to_string())]
    );
}

/// A chapter larger than the loader reads (8 MiB) must be an error at it, as a TOML file too
/// large is (`file-too-large`), not read as empty.
#[test]
fn prose_a_chapter_too_large_to_read_is_reported() {
    let tmp = game_with_rules(&[("02-other.md", "# 2.0 Other\n\nSee 1.0.\n")]);
    let big = format!("# 1.0 Big\n\n{}\n", "a".repeat(9 * 1024 * 1024));
    std::fs::write(tmp.path().join("rules/01-big.md"), big).expect("write");
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1, "{diags:#?}");
    assert_eq!(
        located(&diags),
        [(
            "file-too-large".to_string(),
            "rules/01-big.md:1:1".to_string()
        )],
        "{diags:#?}"
    );
}

/// The site `publish` writes of a game, in `site/` of its folder (failing on an error).
fn published(game: &std::path::Path) -> std::path::PathBuf {
    let site = game.join("site");
    let out = crate::support::bin()
        .arg("publish")
        .arg(game)
        .arg("-o")
        .arg(&site)
        .output()
        .expect("run");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    site
}

/// A second level-1 heading in one chapter is warned of where it is written, and the
/// published contents still list it (under its chapter) instead of dropping it; a game
/// without victory conditions cannot show `{{victory}}`.
#[test]
fn prose_a_second_chapter_title_is_warned_of_and_listed() {
    let two = "# 1.0 Play\n\nMove, then fight.\n\n# 2.0 Battles\n\nRoll a die.\n";
    let tmp = game_with_rules(&[("01-play.md", two)]);
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 0, "{diags:#?}");
    assert_eq!(
        located(&diags),
        vec![(
            "second-chapter-title".to_string(),
            "rules/01-play.md:5:1".to_string()
        )]
    );
    let site = published(tmp.path());
    let index = std::fs::read_to_string(site.join("index.html")).expect("index");
    assert!(
        index.contains("2.0 Battles"),
        "the contents list the second title"
    );

    // `{{victory}}`: each condition's side, words and moment, from the data.
    let tmp = game_with_rules(&[("01-play.md", "# 1.0 Play\n\n{{victory}}\n")]);
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 0, "{diags:#?}");
    let site = published(tmp.path());
    let page = std::fs::read_to_string(site.join("01-play.html")).expect("chapter page");
    assert!(page.contains("class=\"chart victory\""), "{page}");
    assert!(
        page.contains("<td>Red takes Bluetown</td><td>after each Blue player turn</td>"),
        "{page}"
    );
}

/// A note or an example written in an older form (`Note:`, `**Note:**`, `*Example:*`) is
/// warned of where it is written, with the convention the booklet boxes (`**Note.**`); the
/// convention itself, and the words in code, are left alone.
#[test]
fn prose_notes_in_older_forms_are_warned_of_with_the_convention() {
    let tmp = copy_game("tests/fixtures/mini");
    let rules = tmp.path().join("rules");
    std::fs::create_dir_all(&rules).expect("mkdir");
    std::fs::write(
        rules.join("01-rules.md"),
        "# 1.0 Rules\n\nNote: the module counts.\n\n**Note.** Already boxed.\n\n\
         *Example:* A moves to B.\n\n```\nNOTE: in code\n```\n\n- **Designer's Note:** why.\n",
    )
    .expect("write");
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 0, "warnings only: {diags:#?}");
    let said: Vec<(String, String)> = diags
        .iter()
        .filter(|d| d["code"] == "note-form")
        .map(|d| {
            (
                format!("{}:{}", d["line"], d["column"]),
                d["hint"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let want = [
        ("3:1", "**Note.**"),
        ("7:1", "**Example.**"),
        ("13:3", "**Designer's note.**"),
    ];
    assert_eq!(said.len(), want.len(), "{diags:#?}");
    for ((at, hint), (want_at, convention)) in said.iter().zip(want) {
        assert_eq!(at, want_at, "{diags:#?}");
        assert!(hint.contains(&format!("`{convention}`")), "{hint}");
    }
    let (code, stdout, _) = run(&["check", p(tmp.path())]);
    assert_eq!(code, 0);
    assert!(stdout.contains("warning[note-form]"), "{stdout}");
    assert!(stdout.contains("rules/01-rules.md:3:1"), "{stdout}");
}

/// `{{map inset …}}`: hexes and ranges of a hex map shown larger, on the site and in the
/// booklet; a place the map does not have, or none at all, is located with a hint.
#[test]
fn prose_a_map_inset_shows_its_hexes_and_its_mistakes_are_located() {
    let tmp = copy_game("tests/fixtures/mini");
    let rules = tmp.path().join("rules");
    std::fs::create_dir_all(&rules).expect("mkdir");
    let good =
        "# 1.0 Rules\n\n{{map}}\n\nThe woods of the north:\n\n{{map inset 0202-0403 0501}}\n";
    std::fs::write(
        rules.join("01-rules.md"),
        format!("{good}\n{{{{map inset 0209}}}}\n\n{{{{map inset}}}}\n\n{{{{map nowhere inset 0101}}}}\n\n{{{{map inset 0101-07}}}}\n"),
    )
    .expect("write");
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 1, "{diags:#?}");
    let said: Vec<(String, String, String)> = diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                format!("{}:{}", d["line"], d["column"]),
                d["hint"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let at: Vec<(&str, &str)> = said
        .iter()
        .map(|(c, a, _)| (c.as_str(), a.as_str()))
        .collect();
    assert_eq!(
        at,
        [
            ("map-inset", "9:13"),
            ("map-inset", "11:1"),
            ("unknown-reference", "13:7"),
            ("map-inset", "15:13"),
        ],
        "{diags:#?}"
    );
    for (code, _, hint) in &said {
        if code == "map-inset" {
            assert!(hint.contains("`{{map inset 0101-"), "{hint}");
        }
    }
    // The good inset alone: published, its picture a part of the map, printed larger.
    std::fs::write(rules.join("01-rules.md"), good).expect("write");
    let out = tempfile::tempdir().expect("tmp");
    let site = out.path().join("site");
    let (code, stdout, stderr) = run(&["publish", p(tmp.path()), "-o", p(&site)]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let page = std::fs::read_to_string(site.join("01-rules.html")).expect("the chapter");
    let figure = page
        .split("<figure class=\"map-inset\">")
        .nth(1)
        .and_then(|f| f.split("</figure>").next())
        .unwrap_or_else(|| panic!("no inset in {page}"));
    assert!(figure.contains("Hexes 0202–0403, 0501"), "{figure}");
    assert!(figure.contains("style=\"width: "), "{figure}");
    let src = figure
        .split(" src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("its picture");
    let inset = image::open(site.join(src)).expect("the inset's picture");
    let map = image::open(site.join("images/map-main.png")).expect("the map's picture");
    assert!(
        inset.width() < map.width() && inset.height() < map.height(),
        "the inset {}×{} is no part of the map {}×{}",
        inset.width(),
        inset.height(),
        map.width(),
        map.height()
    );
    let print = std::fs::read_to_string(site.join("print.html")).expect("print.html");
    assert!(
        print.contains(&format!(" src=\"{src}\"")),
        "not in the booklet"
    );
}

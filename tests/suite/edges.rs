//! Every command's edges: output into folders that do not exist, errors as JSON, flags that
//! would do nothing, helpers answering past a broken scenario, and directories, links and
//! files that are not what they should be. Each case failed (or was silent) before.

use std::path::Path;

use serde_json::Value;

use crate::support::{copy_game, game, run};

const MINI: &str = "tests/fixtures/mini";

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// Every file below `dir`, relative.
fn files_below(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            e.path()
                .strip_prefix(dir)
                .unwrap_or(e.path())
                .display()
                .to_string()
        })
        .collect();
    out.sort();
    out
}

#[test]
fn build_into_a_missing_folder_makes_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("new/deeper/mini.vmod");
    let (code, stdout, stderr) = run(&["build", s(&game(MINI)), "-o", s(&out)]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(out.is_file());
    assert_eq!(files_below(tmp.path()), vec!["new/deeper/mini.vmod"]);
}

#[test]
fn build_under_a_file_says_so_and_leaks_no_temporary_name() {
    let tmp = tempfile::Builder::new()
        .prefix("edges-")
        .tempdir()
        .expect("temp dir");
    std::fs::write(tmp.path().join("plain"), "x").expect("write");
    let out = tmp.path().join("plain/mini.vmod");
    for format in ["text", "json"] {
        let (code, stdout, stderr) =
            run(&["build", s(&game(MINI)), "-o", s(&out), "--format", format]);
        assert_eq!(code, 1);
        let said = stdout + &stderr;
        assert!(said.contains("is a file, not a folder"), "{said}");
        assert!(
            !said.contains("/.tmp"),
            "a temporary file name leaked: {said}"
        );
    }
    assert_eq!(files_below(tmp.path()), vec!["plain"]);
}

#[test]
fn errors_are_json_on_every_command_with_format_json() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let missing = tmp.path().join("no-such-game");
    let nothing = tmp.path().join("nothing.vsav");
    let m = s(&missing);
    let cases: Vec<Vec<&str>> = vec![
        vec!["check", m],
        vec!["scenario", m],
        vec!["build", m],
        vec!["inspect", s(&nothing)],
        vec!["render", m, "--what", "map", "-o", "x.png"],
        vec!["crt", m, "--list"],
        vec!["supply", m, "--scenario", "x"],
        vec!["control", m, "--scenario", "x"],
    ];
    for args in cases {
        let mut all = args.clone();
        all.extend(["--format", "json"]);
        let (code, stdout, stderr) = run(&all);
        assert_eq!(code, 1, "{args:?}: {stdout}{stderr}");
        let v: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {stdout}"));
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{args:?}: {v}"
        );
        assert!(stderr.is_empty(), "{args:?} also wrote to stderr: {stderr}");
    }
    // A usage error too (exit 2, as clap's).
    let (code, stdout, _) = run(&["crt", m, "--roll", "x", "--format", "json"]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&stdout).expect("JSON usage error");
    assert!(v["detail"].as_str().unwrap_or("").contains("--roll"), "{v}");
}

#[test]
fn a_game_with_errors_gives_its_located_diagnostics_in_the_json_error() {
    let tmp = copy_game(MINI);
    crate::support::edit(tmp.path(), "scenario.toml", "\"4 oos\"", "\"5 oos\"");
    let out = tmp.path().join("out.vmod");
    let (code, stdout, _) = run(&["build", s(tmp.path()), "-o", s(&out), "--format", "json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    assert!(
        v["error"]
            .as_str()
            .unwrap_or("")
            .contains("no module written"),
        "{v}"
    );
    let d = &v["diagnostics"][0];
    assert_eq!(d["code"], "counter-mix");
    assert_eq!(d["file"], "scenario.toml");
    assert!(d["line"].as_u64().is_some_and(|l| l > 0));
    assert!(!out.exists(), "nothing is written");
}

#[test]
fn a_flag_that_would_do_nothing_is_refused_with_a_hint() {
    let g = game(MINI);
    let cases: Vec<Vec<&str>> = vec![
        // --apply writes a save: there is none with a scenario.
        vec!["supply", s(&g), "--scenario", "meeting", "--apply"],
        // --list lists the tables; a shift or a terrain would be ignored.
        vec!["crt", s(&g), "--list", "--shift", "2"],
        vec!["crt", s(&g), "--list", "--terrain", "forest"],
        vec!["crt", s(&g), "--list", "--defender-at", "0303"],
        // --map chooses the map to draw: nothing is drawn without --render.
        vec!["supply", s(&g), "--scenario", "meeting", "--map", "main"],
        // --module names the grids of a save.
        vec!["check", s(&g), "--module", "x.vmod"],
    ];
    for args in cases {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{args:?} was accepted: {stdout}{stderr}");
        assert!(
            stderr.contains("cannot be used with") || stderr.contains("required"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("Usage:"), "{args:?}: {stderr}");
    }
}

/// A second scenario of the mini game that uses more copies of a counter than the mix has.
const BROKEN_SCENARIO: &str = r#"
[[scenario]]
id = "overdrawn"
title = "Overdrawn"
start = "t1"

[[scenario.pool]]
pool = "markers"
counters = ["9 oos"]
"#;

#[test]
fn helpers_that_do_not_need_a_broken_scenario_still_answer() {
    let tmp = copy_game(MINI);
    std::fs::write(tmp.path().join("overdrawn.toml"), BROKEN_SCENARIO).expect("write");
    let d = s(tmp.path());
    // The game has an error…
    let (code, _, _) = run(&["check", d]);
    assert_eq!(code, 1);
    // … in a scenario the CRT does not read,
    let (code, stdout, stderr) = run(&["crt", d, "--list"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("odds"), "{stdout}");
    assert!(
        stderr.contains("`overdrawn`"),
        "a note names the broken scenario: {stderr}"
    );
    let (code, stdout, _) = run(&["crt", d, "--list", "--format", "json"]);
    assert_eq!(code, 0);
    assert!(serde_json::from_str::<Value>(&stdout).is_ok());
    // … nor another scenario's supply and control,
    for cmd in ["supply", "control"] {
        let (code, stdout, stderr) = run(&[cmd, d, "--scenario", "meeting"]);
        assert_eq!(code, 0, "{cmd}: {stdout}{stderr}");
    }
    // … but the broken scenario itself is refused with its diagnostics,
    let (code, stdout, _) = run(&["supply", d, "--scenario", "overdrawn", "--format", "json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    assert!(
        v["error"]
            .as_str()
            .unwrap_or("")
            .contains("scenario `overdrawn` has errors"),
        "{v}"
    );
    assert_eq!(v["diagnostics"][0]["file"], "overdrawn.toml");
    // … and so is a build, which needs everything.
    let (code, _, stderr) = run(&["build", d, "-o", s(&tmp.path().join("m.vmod"))]);
    assert_eq!(code, 1);
    assert!(stderr.contains("counter-mix"), "{stderr}");
}

#[test]
fn a_game_directory_that_is_not_one_is_a_clear_error() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).expect("mkdir");
    let (code, _, stderr) = run(&["check", s(&empty)]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("holds no game: no `.toml` file"),
        "{stderr}"
    );

    let file = tmp.path().join("game.toml");
    std::fs::write(&file, "[game]\n").expect("write");
    let (code, _, stderr) = run(&["check", s(&file)]);
    assert_eq!(code, 1);
    assert!(stderr.contains("is not a game directory"), "{stderr}");

    // A directory where a file is expected.
    let (code, _, stderr) = run(&["inspect", s(tmp.path())]);
    assert_eq!(code, 1);
    assert!(!stderr.is_empty());
    let (code, _, stderr) = run(&["supply", s(&game(MINI)), "--save", s(tmp.path())]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        files_below(tmp.path()),
        vec!["game.toml"],
        "nothing written"
    );
}

#[cfg(unix)]
#[test]
fn link_loops_and_broken_links_are_named_not_followed_forever() {
    let tmp = copy_game(MINI);
    std::os::unix::fs::symlink(tmp.path(), tmp.path().join("again")).expect("link");
    let (code, _, stderr) = run(&["check", s(tmp.path())]);
    assert_eq!(code, 1);
    assert!(stderr.contains("loop"), "{stderr}");
    std::fs::remove_file(tmp.path().join("again")).expect("unlink");

    std::os::unix::fs::symlink("nowhere.toml", tmp.path().join("broken.toml")).expect("link");
    let (code, _, stderr) = run(&["check", s(tmp.path())]);
    assert_eq!(code, 1);
    assert!(stderr.contains("broken.toml"), "{stderr}");
    std::fs::remove_file(tmp.path().join("broken.toml")).expect("unlink");

    // A linked-in definition file is read like any other.
    let shared = tempfile::tempdir().expect("temp dir");
    std::fs::rename(
        tmp.path().join("tables.toml"),
        shared.path().join("tables.toml"),
    )
    .expect("move");
    std::os::unix::fs::symlink(
        shared.path().join("tables.toml"),
        tmp.path().join("tables.toml"),
    )
    .expect("link");
    let (code, stdout, stderr) = run(&["check", s(tmp.path())]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

#[test]
fn a_file_that_is_not_utf8_is_located() {
    let tmp = copy_game(MINI);
    let path = tmp.path().join("tables.toml");
    let mut bytes = std::fs::read(&path).expect("read");
    let line = 1 + bytes[..10].iter().filter(|b| **b == b'\n').count();
    bytes.splice(10..10, [0xff, 0xfe]);
    std::fs::write(&path, bytes).expect("write");
    let (code, stdout, _) = run(&["check", s(tmp.path()), "--format", "json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(v[0]["code"], "not-utf8");
    assert_eq!(v[0]["file"], "tables.toml");
    assert_eq!(v[0]["line"], line);
}

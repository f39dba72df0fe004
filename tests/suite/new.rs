//! `sandtable new`: each kind of starter game checks clean, builds a module `inspect` reads,
//! renders its map and publishes its rules; a directory that is not empty is refused and left
//! as it was.

use std::path::Path;

use crate::support::{bin, check_json};

/// Run the binary with `args`, asserting exit 0; its stdout.
fn ok(args: &[&std::ffi::OsStr]) -> String {
    let run = bin().args(args).output().expect("run");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8_lossy(&run.stdout).into_owned()
}

fn starter_game_works(kind: &str) {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join(format!("my-{kind}-game"));
    let report = ok(&[
        "new".as_ref(),
        dir.as_os_str(),
        "--kind".as_ref(),
        kind.as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    let report: serde_json::Value = serde_json::from_str(&report).expect("JSON");
    assert_eq!(report["kind"], kind);
    assert_eq!(report["id"], format!("my-{kind}-game"));
    assert!(dir.join("rules/01-introduction.md").is_file());
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .expect("tmp")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "no staging folder left: {leftovers:?}");

    let (code, diags) = check_json(&dir);
    assert_eq!((code, diags.len()), (0, 0), "{diags:#?}");

    let vmod = tmp.path().join("game.vmod");
    ok(&[
        "build".as_ref(),
        dir.as_os_str(),
        "-o".as_ref(),
        vmod.as_os_str(),
    ]);
    let inspected = ok(&[
        "inspect".as_ref(),
        vmod.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    let inspected: serde_json::Value = serde_json::from_str(&inspected).expect("JSON");
    assert!(
        inspected
            .to_string()
            .contains(&format!("My {}", title_word(kind))),
        "the module is named after the directory: {inspected:#}"
    );

    let png = tmp.path().join("map.png");
    ok(&[
        "render".as_ref(),
        dir.as_os_str(),
        "--what".as_ref(),
        "map".as_ref(),
        "-o".as_ref(),
        png.as_os_str(),
    ]);
    let img = image::open(&png).expect("a PNG");
    assert!(img.width() > 100 && img.height() > 100);

    let site = tmp.path().join("site");
    ok(&[
        "publish".as_ref(),
        dir.as_os_str(),
        "-o".as_ref(),
        site.as_os_str(),
    ]);
    assert!(site.join("index.html").is_file());
}

/// The capitalised kind as it appears in the default title.
fn title_word(kind: &str) -> String {
    let mut c = kind.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[test]
fn a_new_hex_game_checks_builds_and_renders() {
    starter_game_works("hex");
}

#[test]
fn a_new_area_game_checks_builds_and_renders() {
    starter_game_works("area");
}

#[test]
fn a_new_diplomacy_game_checks_builds_and_renders() {
    starter_game_works("diplomacy");
}

#[test]
fn the_diplomacy_starter_marks_centres_and_stacks_one_unit_a_province() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("baltic");
    ok(&[
        "new".as_ref(),
        dir.as_os_str(),
        "--kind".as_ref(),
        "diplomacy".as_ref(),
    ]);
    // Every home centre starts with its power's marker beside the unit, and that is no
    // breach of stacking; each phase says what happens in it, not what the game is.
    let vmod = tmp.path().join("baltic.vmod");
    ok(&[
        "build".as_ref(),
        dir.as_os_str(),
        "-o".as_ref(),
        vmod.as_os_str(),
    ]);
    let inspected = ok(&["inspect".as_ref(), vmod.as_os_str()]);
    assert_eq!(inspected.matches("Centre\" \"").count(), 4, "{inspected}");
    let game = std::fs::read_to_string(dir.join("game.toml")).expect("game.toml");
    let table: toml::Table = game.parse().expect("TOML");
    let description = table["game"]["description"]
        .as_str()
        .expect("a description");
    let phases = table["phase"].as_array().expect("phases");
    assert_eq!(phases.len(), 3);
    for phase in phases {
        assert_ne!(phase["description"].as_str(), Some(description), "{phase}");
    }
    // A second unit in Holland breaks the stacking rule.
    let scenario = dir.join("scenario.toml");
    let text = std::fs::read_to_string(&scenario).expect("scenario");
    let crowded = text.replacen(
        "counters = [\"north-army\"]",
        "counters = [\"north-army\", \"north-fleet\"]",
        1,
    );
    assert_ne!(crowded, text);
    std::fs::write(&scenario, crowded).expect("write");
    let (code, diags) = check_json(&dir);
    assert_eq!(code, 1);
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    assert!(codes.contains(&"stacking"), "{diags:#?}");
}

#[test]
fn the_diplomacy_starter_names_its_winner_as_players_call_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("g");
    ok(&[
        "new".as_ref(),
        dir.as_os_str(),
        "--kind".as_ref(),
        "diplomacy".as_ref(),
    ]);
    // North takes Picardy, its third centre, in the autumn: 3 centres win.
    let position = tmp.path().join("autumn-1901.toml");
    std::fs::write(
        &position,
        "game = \"g\"\nturn = \"autumn-1901\"\nphase = \"movement\"\n\n\
         [power.north]\nunits = [\"A pic\", \"F bel\"]\ncentres = [\"hol\", \"bel\"]\n\n\
         [power.south]\nunits = [\"A bur\", \"F bre\"]\ncentres = [\"bur\", \"bre\"]\n",
    )
    .expect("position");
    let orders = tmp.path().join("orders.txt");
    std::fs::write(&orders, "North:\nA Pic H\n").expect("orders");
    let report = ok(&[
        "adjudicate".as_ref(),
        dir.as_os_str(),
        "--position".as_ref(),
        position.as_os_str(),
        "--orders".as_ref(),
        orders.as_os_str(),
    ]);
    assert!(report.contains("\nVictory: North\n"), "{report}");
}

#[test]
fn the_hex_game_resolves_a_combat_and_lists_its_scenario() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("g");
    ok(&["new".as_ref(), dir.as_os_str()]);
    let crt = ok(&[
        "crt".as_ref(),
        dir.as_os_str(),
        "--attack".as_ref(),
        "8".as_ref(),
        "--defense".as_ref(),
        "4".as_ref(),
        "--roll".as_ref(),
        "3".as_ref(),
    ]);
    assert!(crt.contains("2:1"), "{crt}");
    let scenario = ok(&["scenario".as_ref(), dir.as_os_str()]);
    assert!(scenario.contains("first-clash"), "{scenario}");
}

fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().display().to_string(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn new_refuses_a_directory_that_is_not_empty_and_leaves_it_alone() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("taken");
    std::fs::create_dir(&dir).expect("mkdir");
    std::fs::write(dir.join("game.toml"), "# mine\n").expect("write");
    let before = snapshot(tmp.path());
    for format in ["text", "json"] {
        let run = bin()
            .arg("new")
            .arg(&dir)
            .args(["--format", format])
            .output()
            .expect("run");
        assert_eq!(run.status.code(), Some(1));
        let said = String::from_utf8_lossy(if format == "json" {
            &run.stdout
        } else {
            &run.stderr
        })
        .into_owned();
        assert!(said.contains("not empty"), "{said}");
    }
    assert_eq!(snapshot(tmp.path()), before, "nothing touched");
    // A file where the directory should be is refused too.
    let file = tmp.path().join("file");
    std::fs::write(&file, "x").expect("write");
    let run = bin().arg("new").arg(&file).output().expect("run");
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("not a directory"));
    assert_eq!(std::fs::read(&file).expect("read"), b"x");
}

#[test]
fn new_fills_an_empty_directory() {
    let tmp = tempfile::tempdir().expect("tmp");
    ok(&[
        "new".as_ref(),
        tmp.path().as_os_str(),
        "--kind".as_ref(),
        "area".as_ref(),
        "--title".as_ref(),
        "Hills \"and\" Rivers".as_ref(),
    ]);
    let (code, diags) = check_json(tmp.path());
    assert_eq!((code, diags.len()), (0, 0), "{diags:#?}");
}

/// `new --kind diplomacy --powers N` starts a ring of N powers that checks clean, plays its
/// first phase and builds; `--powers` on another kind, or outside 2 to 7, is a usage error.
#[test]
fn a_diplomacy_starter_of_any_number_of_powers_checks_and_plays() {
    use crate::support::run;
    let tmp = tempfile::tempdir().expect("tmp");
    for n in 2..=7usize {
        let dir = tmp.path().join(format!("ring-{n}"));
        let d = dir.to_str().expect("utf-8");
        let (code, _, err) = run(&["new", d, "--kind", "diplomacy", "--powers", &n.to_string()]);
        assert_eq!(code, 0, "{err}");
        let (code, diags) = check_json(&dir);
        assert_eq!((code, diags.len()), (0, 0), "{n} powers: {diags:#?}");
        let (code, out, err) = run(&["provinces", d, "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        let listing: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let provinces = listing["provinces"].as_array().expect("provinces");
        assert_eq!(provinces.len(), 3 * n + 1, "{n} powers");
        let homes = provinces.iter().filter(|p| p["home"].is_string()).count();
        assert_eq!(homes, 2 * n, "{n} powers");
        let orders = tmp.path().join(format!("orders-{n}.txt"));
        std::fs::write(&orders, "North:\nA Tor - Amb\n").expect("orders");
        let (code, out, err) = run(&[
            "adjudicate",
            d,
            "--scenario",
            "1901",
            "--orders",
            orders.to_str().expect("utf-8"),
        ]);
        assert_eq!(code, 0, "{n} powers: {err}");
        assert!(
            out.contains("A Tor - Amb") && out.contains("succeeds"),
            "{out}"
        );
    }
    let five = tmp.path().join("ring-5");
    let vmod = tmp.path().join("ring-5.vmod");
    ok(&[
        "build".as_ref(),
        five.as_os_str(),
        "-o".as_ref(),
        vmod.as_os_str(),
    ]);
    let game = std::fs::read_to_string(five.join("game.toml")).expect("game.toml");
    assert!(game.contains("5 powers, 16 provinces, three years; 8 supply centres win."));
    assert_eq!(game.matches("[[rules.victory]]").count(), 5);

    let hex = tmp.path().join("hex");
    let (code, _, err) = run(&["new", hex.to_str().expect("utf-8"), "--powers", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--kind diplomacy"), "{err}");
    assert!(!hex.exists());
    let (code, _, err) = run(&[
        "new",
        hex.to_str().expect("utf-8"),
        "--kind",
        "diplomacy",
        "--powers",
        "9",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!hex.exists());
}

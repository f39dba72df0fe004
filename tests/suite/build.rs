//! `sandtable build`: the VASSAL module of a game is deterministic (on one thread or
//! several), and reading it back
//! with the format layer's own readers (grids, saves, inspect) finds every scenario
//! placement at its hex number / area slot / pool name under the counter's name (and on a
//! province board each owned supply centre's control marker in the centre), and every
//! counter of the mix in the palette.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sandtable::vassal::inspect::{inspect, PieceReport, Report};
use sandtable::vassal::inspect::{PaletteNode, SetupInfo};
use serde_json::Value;

use crate::support::{bin, copy_game, edit, game, pywargame_python, root, setup_report};

/// Games to build: the fixture, and the example games when present.
fn games() -> Vec<PathBuf> {
    let mut out = vec![game("tests/fixtures/mini")];
    for name in ["great-patriotic-war", "greek-civil-war", "diplomacy"] {
        let dir = root().join("modules").join(name);
        if dir.join("game.toml").is_file() {
            out.push(dir);
        } else {
            eprintln!("skipped: modules/{name} is absent");
        }
    }
    out
}

/// Every example game under `modules/` (none in a fresh clone without them).
fn example_games() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join("modules"))
        .map(|dir| {
            dir.flatten()
                .map(|e| e.path())
                .filter(|p| p.join("game.toml").is_file())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Build `dir` into `out`, returning the `--format json` report.
fn build(dir: &Path, out: &Path) -> Value {
    build_on(dir, out, None)
}

/// Build `dir` into `out` with `threads` threads (rayon's default when `None`), returning
/// the `--format json` report.
fn build_on(dir: &Path, out: &Path, threads: Option<usize>) -> Value {
    let mut command = bin();
    if let Some(n) = threads {
        command = command.env("RAYON_NUM_THREADS", n.to_string());
    }
    let output = command
        .arg("build")
        .arg(dir)
        .arg("-o")
        .arg(out)
        .arg("--format")
        .arg("json")
        .output()
        .expect("run");
    assert!(
        output.status.success(),
        "build {} failed: {}",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON report")
}

fn scenario_ids(dir: &Path) -> Vec<String> {
    let out = bin()
        .arg("scenario")
        .arg(dir)
        .arg("--format")
        .arg("json")
        .output()
        .expect("run");
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    v["scenarios"]
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["id"].as_str().expect("id").to_string())
        .collect()
}

/// The control markers a scenario's set-up puts on the supply centres each side owns at the
/// start: (marker counter name, centre name), from the checked game.
fn control_markers(dir: &Path, id: &str) -> Vec<(String, String)> {
    let game = sandtable::check::check_dir(dir)
        .expect("loads")
        .game
        .expect("a clean game");
    let scenario = game.scenario(id).expect("scenario");
    scenario
        .owners
        .iter()
        .filter_map(|(map, area, side)| {
            let marker = game.sides[*side].control_marker?;
            let sandtable::model::MapKind::Area(a) = &game.maps[*map].kind else {
                return None;
            };
            Some((
                game.counters[marker.counter].name.clone(),
                a.areas[*area].name.clone(),
            ))
        })
        .collect()
}

fn flatten(setups: &[SetupInfo]) -> Vec<&SetupInfo> {
    let mut out = Vec::new();
    for s in setups {
        out.push(s);
        out.extend(flatten(&s.children));
    }
    out
}

fn slots(node: &PaletteNode, out: &mut Vec<(String, String)>) {
    if node.kind == "PieceSlot" {
        out.push((node.name.clone(), node.gpid.clone().unwrap_or_default()));
    }
    for c in &node.children {
        slots(c, out);
    }
}

fn multiset(
    items: impl IntoIterator<Item = (String, String)>,
) -> BTreeMap<(String, String), usize> {
    let mut m = BTreeMap::new();
    for i in items {
        *m.entry(i).or_insert(0) += 1;
    }
    m
}

/// The parsed `buildFile.xml` of a module written at `path`.
fn buildfile_of(path: &Path) -> sandtable::vassal::buildfile::Element {
    let bytes = std::fs::read(path).expect("read");
    let mut zip = sandtable::vassal::archive::Archive::from_bytes(bytes, path).expect("zip");
    sandtable::vassal::buildfile::parse_buildfile(&zip.read("buildFile.xml").expect("entry"))
        .expect("xml")
}

fn inspected(path: &Path) -> Report {
    inspect(path).expect("the format layer reads the module")
}

/// Two builds of every game, one on one thread and one on two (pictures are drawn and
/// encoded in parallel, in bands), give the same bytes.
#[test]
fn two_builds_are_byte_identical() {
    let mut dirs = vec![game("tests/fixtures/mini")];
    dirs.extend(example_games());
    for dir in dirs {
        let (a, b) = (
            tempfile::tempdir().expect("tmp"),
            tempfile::tempdir().expect("tmp"),
        );
        let (pa, pb) = (a.path().join("m.vmod"), b.path().join("m.vmod"));
        build_on(&dir, &pa, Some(1));
        build_on(&dir, &pb, Some(2));
        let (x, y) = (
            std::fs::read(&pa).expect("read"),
            std::fs::read(&pb).expect("read"),
        );
        assert!(
            x == y,
            "{}: the builds on one and two threads differ",
            dir.display()
        );
        let leftovers: Vec<_> = std::fs::read_dir(a.path())
            .expect("dir")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(
            leftovers,
            [std::ffi::OsString::from("m.vmod")],
            "no temp files left"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&pa).expect("stat").permissions().mode();
            assert_eq!(mode & 0o777, 0o644);
        }
    }
}

#[test]
fn every_setup_places_every_counter_at_its_location() {
    for dir in games() {
        let tmp = tempfile::tempdir().expect("tmp");
        let path = tmp.path().join("m.vmod");
        let json = build(&dir, &path);
        let report = inspected(&path);
        let module = report.module.expect("a module");
        let setups = flatten(&module.setups);
        let ids = scenario_ids(&dir);
        assert_eq!(json["setups"].as_array().expect("setups").len(), ids.len());
        for id in ids {
            let (title, mut want) = setup_report(&dir, &id);
            want.extend(control_markers(&dir, &id));
            let setup = setups
                .iter()
                .find(|s| s.name == title && s.use_file)
                .unwrap_or_else(|| panic!("no predefined setup named {title}"));
            assert_eq!(setup.error, None);
            let pieces: &Vec<PieceReport> = setup.pieces.as_ref().expect("pieces read");
            let got = multiset(
                pieces
                    .iter()
                    .map(|p| (p.name.clone(), p.location.clone().unwrap_or_default())),
            );
            assert_eq!(got, multiset(want), "{}: {title}", dir.display());
            for p in pieces {
                assert!(!p.gpid.is_empty(), "{} keeps its slot id", p.name);
            }
        }
    }
}

#[test]
fn the_palette_holds_every_counter_of_the_mix() {
    for dir in games() {
        let tmp = tempfile::tempdir().expect("tmp");
        let path = tmp.path().join("m.vmod");
        build(&dir, &path);
        let module = inspected(&path).module.expect("a module");
        let mut found = Vec::new();
        for p in &module.palettes {
            slots(p, &mut found);
        }
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        let out = bin()
            .arg("check")
            .arg(&dir)
            .arg("--format")
            .arg("json")
            .output()
            .expect("run");
        assert!(out.status.success());
        let checked = sandtable::check::check_dir(&dir).expect("loads");
        let game = checked.game.expect("checks");
        for c in &game.counters {
            assert!(names.contains(&c.name.as_str()), "{} is missing", c.name);
        }
        let mut gpids: Vec<u64> = found
            .iter()
            .map(|(_, g)| g.parse().expect("numeric gpid"))
            .collect();
        let n = gpids.len();
        gpids.sort();
        gpids.dedup();
        assert_eq!(gpids.len(), n, "slot ids are unique");
        let root = buildfile_of(&path);
        let next: u64 = root
            .attr("nextPieceSlotId")
            .expect("attribute")
            .parse()
            .expect("number");
        assert!(next > *gpids.last().expect("slots"));
        assert_eq!(
            root.attr("name"),
            module.metadata.as_ref().and_then(|m| m.name.as_deref())
        );
    }
}

/// VASSAL 3.7 docks the palette beside the chat log, about 126 pixels high, and neither
/// scrolls a panel nor keeps a slot's size: a panel of 105 counters in a six-column grid
/// drew 18 rows of 7 pixels. Each panel must fit two rows of its 60-pixel counters, and the
/// docked palette must leave the list of panels room beside the counter pane.
#[test]
fn palette_panels_fit_the_docked_palette() {
    for dir in games() {
        let tmp = tempfile::tempdir().expect("tmp");
        let path = tmp.path().join("m.vmod");
        build(&dir, &path);
        let root = buildfile_of(&path);
        let mut panels = 0;
        for e in root.descendants() {
            if e.is_class("PieceWindow") {
                let width: u32 = e.attr("defaultWidth").expect("width").parse().expect("n");
                for list in e.descendants().filter(|l| l.is_class("ListWidget")) {
                    let divider: u32 = list.attr("divider").expect("divider").parse().expect("n");
                    assert!(width >= divider + 200, "{}: list too narrow", dir.display());
                }
            }
            if !e.is_class("PanelWidget") {
                continue;
            }
            panels += 1;
            let name = e.attr("entryName").expect("name");
            let columns: usize = e.attr("nColumns").expect("columns").parse().expect("n");
            let height: u32 = e
                .children_of("PieceSlot")
                .map(|s| s.attr("height").expect("height").parse::<u32>().expect("n"))
                .max()
                .unwrap_or(0);
            let rows = e.children_of("PieceSlot").count().div_ceil(columns) as u32;
            assert_eq!(e.attr("fixed"), Some("true"), "{name}: a grid");
            assert!(
                rows <= 1 || rows * height <= 120,
                "{}: panel {name} needs {rows} rows of {height} pixels",
                dir.display()
            );
        }
        assert!(panels > 0);
    }
}

#[test]
fn the_module_holds_its_documents() {
    let tmp = tempfile::tempdir().expect("tmp");
    let path = tmp.path().join("m.vmod");
    let json = build(&game("tests/fixtures/mini"), &path);
    assert_eq!(json["output"], path.display().to_string());
    assert_eq!(
        json["maps"],
        serde_json::json!(["Mini Front", "Off-map boxes"])
    );
    assert_eq!(json["pieces"], 4);
    assert_eq!(json["setups"][0]["name"], "Meeting Engagement");
    assert_eq!(json["setups"][0]["pieces"], 7);
    assert_eq!(
        json["bytes"].as_u64(),
        Some(std::fs::metadata(&path).expect("file").len())
    );
    let archive = std::fs::read(&path).expect("read");
    let mut zip = sandtable::vassal::archive::Archive::from_bytes(archive, &path).expect("zip");
    let names: Vec<String> = zip.names().map(str::to_string).collect();
    for want in [
        "buildFile.xml",
        "moduledata",
        "help.html",
        "meeting.vsav",
        "images/map-main.png",
        "images/off-map-boxes.png",
        "images/counter-red-1.png",
        "images/counter-red-1-back.png",
        "chart-crt-crt.html",
        "chart-terrain.html",
        "chart-sequence.html",
    ] {
        assert!(
            names.iter().any(|n| n == want),
            "{want} missing from {names:?}"
        );
    }
    let metadata =
        sandtable::vassal::metadata::Metadata::parse(&zip.read("moduledata").expect("entry"))
            .expect("metadata");
    assert_eq!(metadata.name.as_deref(), Some("Mini Front"));
    assert_eq!(metadata.vassal_version.as_deref(), Some("3.7.0"));
    assert_eq!(metadata.version.as_deref(), Some("1.0"));
    let module = inspected(&path).module.expect("module");
    assert_eq!(
        module
            .dice
            .iter()
            .map(|d| d.name.as_str())
            .collect::<Vec<_>>(),
        // The table's dice, and the hidden die Resolve Combat rolls without a report.
        ["1d6", "CombatDie1d6"]
    );
    let tracker = &module.turn_trackers[0];
    assert_eq!(tracker.levels[0].name, "Turn");
    assert_eq!(tracker.levels[0].children[0].name, "Phase");
    let help = String::from_utf8(zip.read("help.html").expect("help")).expect("utf-8");
    assert!(help.contains("Mini Front") && help.contains("Ctrl+F"));
    // VASSAL 3.7 lists a lone setup in the File menu by name; there is no File → New Game.
    assert!(
        help.contains("Start it from the File menu") && !help.contains("New Game"),
        "{help}"
    );
    let seq = String::from_utf8(zip.read("chart-sequence.html").expect("seq")).expect("utf-8");
    // No `[[player-turn]]`: both phases are each side's, listed once for both players.
    assert!(
        seq.contains("Player Turn (Red, then Blue):")
            && seq.matches("Movement Phase").count() == 1
            && !seq.contains("Each turn<"),
        "{seq}"
    );
}

#[test]
fn the_buildfile_of_the_mini_game() {
    let tmp = tempfile::tempdir().expect("tmp");
    let path = tmp.path().join("m.vmod");
    build(&game("tests/fixtures/mini"), &path);
    let archive = std::fs::read(&path).expect("read");
    let mut zip = sandtable::vassal::archive::Archive::from_bytes(archive, &path).expect("zip");
    let xml = zip.read_text("buildFile.xml").expect("entry");
    insta::assert_snapshot!(xml);
}

#[test]
fn a_game_with_errors_is_refused_and_nothing_is_written() {
    let tmp = copy_game("tests/fixtures/mini");
    edit(
        tmp.path(),
        "scenario.toml",
        "at = \"0303\"",
        "at = \"0909\"",
    );
    let out_dir = tempfile::tempdir().expect("tmp");
    let path = out_dir.path().join("m.vmod");
    let out = bin()
        .arg("build")
        .arg(tmp.path())
        .arg("-o")
        .arg(&path)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("0909"), "{stderr}");
    assert!(!path.exists());
    let json = bin()
        .arg("build")
        .arg(tmp.path())
        .arg("-o")
        .arg(&path)
        .arg("--format")
        .arg("json")
        .output()
        .expect("run");
    assert_eq!(json.status.code(), Some(1));
    let error: Value = serde_json::from_slice(&json.stdout).expect("error JSON");
    assert!(error["error"]
        .as_str()
        .is_some_and(|e| e.contains("no module written")));
    assert!(error["diagnostics"]
        .as_array()
        .is_some_and(|d| !d.is_empty()));
    assert!(!path.exists());
}

#[test]
fn the_default_output_is_the_game_id_in_the_current_directory() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = bin()
        .current_dir(tmp.path())
        .arg("build")
        .arg(game("tests/fixtures/mini"))
        .output()
        .expect("run");
    assert!(out.status.success());
    assert!(tmp.path().join("mini.vmod").is_file());
    let help = bin().arg("build").arg("--help").output().expect("run");
    assert!(String::from_utf8_lossy(&help.stdout).contains("<game id>.vmod"));
}

/// pywargame, a third-party VASSAL library, reads the module: every palette slot and
/// prototype parses into its trait classes, and its own grid code puts every scenario
/// placement exactly where the setup has the piece (tests/suite/pywargame_check.py).
#[test]
fn pywargame_reads_the_module() {
    let Some(python) = pywargame_python() else {
        eprintln!("skipped: no Python with pywargame (pip install pywargame)");
        return;
    };
    let script = root().join("tests/suite/pywargame_check.py");
    for dir in games() {
        let tmp = tempfile::tempdir().expect("tmp");
        let path = tmp.path().join("m.vmod");
        build(&dir, &path);
        let mut expected = serde_json::Map::new();
        for id in scenario_ids(&dir) {
            let (title, mut placements) = setup_report(&dir, &id);
            placements.extend(control_markers(&dir, &id));
            expected.insert(title, serde_json::json!(placements));
        }
        let input = tmp.path().join("expected.json");
        std::fs::write(&input, Value::Object(expected).to_string()).expect("write");
        let out = std::process::Command::new(&python)
            .arg(&script)
            .arg(&path)
            .stdin(std::fs::File::open(&input).expect("open"))
            .output()
            .expect("run python");
        let stdout = String::from_utf8_lossy(&out.stdout);
        eprintln!(
            "pywargame on {}:\n{stdout}{}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.status.success(),
            "pywargame disagrees about {}",
            dir.display()
        );
        assert!(stdout.contains("placements where pywargame puts them"));
    }
}

/// Every picture a board, a piece or a layer names is in the archive, and every zone an
/// Eliminate command sends to exists (a game with off-map boxes has one).
#[test]
fn every_picture_and_zone_named_exists() {
    use sandtable::vassal::buildfile::{parse_buildfile, Element};
    use sandtable::vassal::encoder::decode;
    use sandtable::vassal::save::split_trait_chain;
    for dir in games() {
        let tmp = tempfile::tempdir().expect("tmp");
        let path = tmp.path().join("m.vmod");
        build(&dir, &path);
        let bytes = std::fs::read(&path).expect("read");
        let mut zip = sandtable::vassal::archive::Archive::from_bytes(bytes, &path).expect("zip");
        let names: Vec<String> = zip.names().map(str::to_string).collect();
        let root = parse_buildfile(&zip.read("buildFile.xml").expect("entry")).expect("xml");
        let all: Vec<&Element> = root.descendants().collect();
        let zones: Vec<&str> = all
            .iter()
            .filter(|e| e.is_class("Zone"))
            .filter_map(|e| e.attr("name"))
            .collect();
        let mut images: Vec<String> = all
            .iter()
            .filter(|e| e.is_class("Board"))
            .filter_map(|e| e.attr("image").map(str::to_string))
            .collect();
        let mut checked = 0;
        for e in all
            .iter()
            .filter(|e| e.is_class("PieceSlot") || e.is_class("PrototypeDefinition"))
        {
            let add = decode(e.trimmed_text(), '/');
            let chain = split_trait_chain(&add[2], add.get(3).map_or("", String::as_str));
            for t in chain {
                let fields = decode(&t.type_string[t.id().len()..], ';');
                match t.id() {
                    "piece;" => images.extend(fields.get(2).filter(|i| !i.is_empty()).cloned()),
                    "emb2;" => images.extend(decode(&fields[15], ',')),
                    "sendto;" if fields[13] == "G" => {
                        // A track marker's step: to a box of a board's track display zone.
                        let prefix = fields[17].split('"').nth(1).unwrap_or_default();
                        assert!(
                            zones.iter().any(|z| format!("{z} ") == prefix),
                            "grid location {}",
                            fields[17]
                        );
                        checked += 1;
                    }
                    "sendto;" => {
                        assert!(zones.contains(&fields[14].as_str()), "zone {}", fields[14]);
                        checked += 1;
                    }
                    _ => {}
                }
            }
        }
        for image in &images {
            assert!(
                names.contains(&format!("images/{image}")),
                "{}: images/{image} is missing",
                dir.display()
            );
        }
        let has_pools = root
            .descendants()
            .any(|e| e.is_class("Map") && e.attr("mapName") == Some("Off-map boxes"));
        assert!(
            checked > 0 || !has_pools,
            "{}: no Eliminate command",
            dir.display()
        );
    }
}

/// The mini game's setup, read back with the format layer's save reader: boards of both
/// maps, the SETUP_STACK flag, the starting track value, the turn tracker on the first turn,
/// the reduced/front layer states, and the pool stack.
#[test]
fn the_setup_commands_of_the_mini_game() {
    use sandtable::vassal::save::{split_trait_chain, LeafCommand, SaveGame};
    let tmp = tempfile::tempdir().expect("tmp");
    let path = tmp.path().join("m.vmod");
    build(&game("tests/fixtures/mini"), &path);
    let bytes = std::fs::read(&path).expect("read");
    let mut zip = sandtable::vassal::archive::Archive::from_bytes(bytes, &path).expect("zip");
    let vsav = zip.read("meeting.vsav").expect("setup");
    let save = SaveGame::from_bytes(vsav, Path::new("meeting.vsav")).expect("a save");
    assert_eq!(
        save.module_metadata().and_then(|m| m.name).as_deref(),
        Some("Mini Front")
    );
    let leaves = save.leaf_commands();
    assert_eq!(leaves.first(), Some(&LeafCommand::BeginSave));
    assert_eq!(leaves.last(), Some(&LeafCommand::EndSave));
    assert!(leaves.contains(&LeafCommand::SetupStackFlag));
    let boards: Vec<String> = leaves
        .iter()
        .filter_map(|l| match l {
            LeafCommand::SetBoards(b) => Some(format!("{}:{}", b.map, b.boards[0].name)),
            _ => None,
        })
        .collect();
    assert_eq!(
        boards,
        ["Mini Front:Mini Front", "Off-map boxes:Off-map boxes"]
    );
    assert!(leaves.contains(&LeafCommand::GlobalProperty {
        name: "RedReplacementPoints".into(),
        value: "2".into(),
        container: "Module".into(),
    }));
    assert!(leaves.iter().any(|l| matches!(
        l,
        LeafCommand::Other(t) if t.starts_with("TURNTurnTracker0\t0|0;0;0;true,true;")
    )));
    let mut stacks = 0;
    for l in &leaves {
        let LeafCommand::AddPiece {
            type_string,
            state_string,
            ..
        } = l
        else {
            continue;
        };
        if type_string == "stack" {
            stacks += 1;
            continue;
        }
        let chain = split_trait_chain(type_string, state_string);
        assert!(
            chain.iter().all(|t| t.id() != "prototype;"),
            "prototypes are expanded in saves"
        );
        let step = chain
            .iter()
            .find(|t| t.type_string.starts_with("emb2;") && t.type_string.contains(";Step;"));
        if let Some(step) = step {
            assert_eq!(
                step.state_string, "1",
                "every mini counter starts at full strength"
            );
        }
        let marks: Vec<_> = chain.iter().filter(|t| t.id() == "mark;").collect();
        assert!(marks.iter().any(|t| t.type_string == "mark;Type,Combat"));
    }
    assert_eq!(
        stacks, 4,
        "0303, 0503, Red Removed and the four markers in one stack"
    );
}

/// Every toolbar button that changes a track changes one that can change: tracks on a
/// display are moved by their markers, and a fixed track (min = max, a threshold such as
/// the Greek Civil War's `collapse`) has nothing to press.
#[test]
fn track_buttons_only_for_tracks_that_move() {
    for dir in games() {
        let game = sandtable::check::check_dir(&dir)
            .expect("loads")
            .game
            .expect("a clean game");
        let tmp = tempfile::tempdir().expect("tmp");
        let path = tmp.path().join("m.vmod");
        build(&dir, &path);
        let root = buildfile_of(&path);
        let buttons: Vec<String> = root
            .descendants()
            .filter(|e| e.is_class("ChangePropertyButton"))
            .filter_map(|e| e.attr("text").map(str::to_string))
            .collect();
        for t in &game.tracks {
            let moves = t.min < t.max && t.marker.is_none();
            let has = buttons.iter().any(|b| b == &format!("{} +1", t.name));
            assert_eq!(has, moves, "{}: track {}", dir.display(), t.id);
        }
    }
}

/// The README's first command writes `<game id>.vmod` into the working directory: git
/// ignores it, so that trying the project leaves the work tree clean.
#[test]
fn the_readme_first_module_is_ignored_by_git() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    let line = readme
        .lines()
        .find(|l| l.contains(" build ") && l.contains(".vmod"))
        .expect("the README's build command");
    let written = line
        .split_whitespace()
        .find(|w| w.ends_with(".vmod"))
        .expect("the module's name");
    let git = std::process::Command::new("git")
        .current_dir(root())
        .args(["check-ignore", "--quiet", "--no-index", written])
        .status();
    match git {
        Ok(s) if s.code() == Some(128) => eprintln!("skipped: not a git work tree"),
        Ok(s) => assert!(s.success(), "git does not ignore {written}"),
        Err(_) => {
            let ignore = std::fs::read_to_string(root().join(".gitignore")).unwrap_or_default();
            assert!(
                ignore.lines().any(|l| l.trim() == "*.vmod"),
                "{written} is not in .gitignore"
            );
        }
    }
}

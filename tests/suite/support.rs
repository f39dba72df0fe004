//! Helpers shared by the integration tests: copying fixture games and editing them.

use std::path::{Path, PathBuf};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture or example game directory.
pub fn game(rel: &str) -> PathBuf {
    root().join(rel)
}

/// A copy of a game in a temporary directory, removed when dropped.
pub struct CopiedGame {
    _root: tempfile::TempDir,
    dir: PathBuf,
}

impl CopiedGame {
    /// The copied game's directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }
}

/// Copy a game directory into a fresh temporary directory, at the same place relative to a
/// stand-in for the repository whose `modules/` is the real one (linked): a variant's
/// `use = ["../../../modules/diplomacy/board.toml"]` still finds its base.
pub fn copy_game(rel: &str) -> CopiedGame {
    // An absolute path would join to itself and copy every file onto itself (emptying it).
    assert!(
        Path::new(rel).is_relative(),
        "copy_game takes a path relative to the repository, not {rel}"
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    let src = game(rel);
    let dir = tmp.path().join(rel);
    for entry in walkdir::WalkDir::new(&src) {
        let entry = entry.expect("walk");
        let to = dir.join(entry.path().strip_prefix(&src).expect("below"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &to).expect("copy");
        }
    }
    if !rel.starts_with("modules/") {
        #[cfg(unix)]
        std::os::unix::fs::symlink(root().join("modules"), tmp.path().join("modules"))
            .expect("link modules/");
    }
    CopiedGame { _root: tmp, dir }
}

/// Run `check --format json` on a game and return (exit code, diagnostics).
pub fn check_json(dir: &Path) -> (i32, Vec<serde_json::Value>) {
    let out = bin()
        .arg("check")
        .arg(dir)
        .args(["--format", "json"])
        .output()
        .expect("run");
    let diags = serde_json::from_slice(&out.stdout).expect("JSON array");
    (out.status.code().unwrap_or(-1), diags)
}

/// Replace the first occurrence of `from` with `to` in a file, failing the test if absent.
pub fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{file} does not contain {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

/// The `sandtable` binary built for these tests.
pub fn bin() -> snapbox::cmd::Command {
    snapbox::cmd::Command::new(snapbox::cmd::cargo_bin!("sandtable"))
}

/// Run `sandtable ARGS`: exit code, stdout, stderr; a panic fails the test.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().expect("run");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code().unwrap_or(-1), stdout, stderr)
}

/// A Python with pywargame (`pip install pywargame`), if there is one: `$SANDTABLE_PYTHON`, the
/// Python 3.12 `.ci/run` installs it into, or `python3`.
pub fn pywargame_python() -> Option<String> {
    let home = std::env::var("HOME").unwrap_or_default();
    [
        std::env::var("SANDTABLE_PYTHON").unwrap_or_default(),
        format!("{home}/.pyenv/versions/3.12.1/bin/python"),
        "python3".to_string(),
    ]
    .into_iter()
    .find(|p| {
        !p.is_empty()
            && std::process::Command::new(p)
                .args(["-c", "import pywargame.vassal.vmod"])
                .output()
                .is_ok_and(|o| o.status.success())
    })
}

/// The position a save of a province-board game holds, as sandtable's save reader and the
/// save adapter read it (nothing left unread, nothing off the grids, no piece left out).
pub fn read_back(
    board: &sandtable::diplomacy::board::ProvinceBoard,
    path: &Path,
) -> sandtable::diplomacy::position::Position {
    use sandtable::diplomacy::{position::from_positions, save};
    use sandtable::helpers::savegame::{build_maps, positions_from_save};
    let g = board.game;
    let bytes = std::fs::read(path).expect("read save");
    let file = sandtable::vassal::save::SaveGame::from_bytes(bytes, path).expect("a save");
    let state = file.state();
    let adapted = positions_from_save(g, &state, &build_maps(g));
    assert!(adapted.unknown.is_empty(), "{:?}", adapted.unknown);
    assert!(adapted.off_grid.is_empty(), "{:?}", adapted.off_grid);
    let positions = sandtable::helpers::Positions {
        owners: adapted.owners.clone(),
        ..adapted.positions.clone()
    };
    let (position, notes) = from_positions(
        board,
        &positions,
        save::phase_of(g, &state),
        save::retreat_record(&state),
    );
    assert!(notes.notes.is_empty(), "{:?}", notes.notes);
    position
}

/// An example game's directory under the repository, or `None` (with a message that the
/// test is skipped) when a checkout lacks it.
pub fn example_dir(rel: &str) -> Option<PathBuf> {
    let dir = root().join(rel);
    if dir.join("game.toml").is_file() {
        Some(dir)
    } else {
        eprintln!("skipped: {rel} is absent");
        None
    }
}

/// A path as a command-line argument.
pub fn p(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// `sandtable scenario DIR ID --format json`: (title, [(counter name, location)] sorted), a
/// pool location without its `pool:` prefix, as a built module's setup names it.
pub fn setup_report(dir: &Path, id: &str) -> (String, Vec<(String, String)>) {
    let out = bin()
        .arg("scenario")
        .arg(dir)
        .arg(id)
        .arg("--format")
        .arg("json")
        .output()
        .expect("run");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut placements: Vec<(String, String)> = v["placements"]
        .as_array()
        .expect("placements")
        .iter()
        .map(|p| {
            let location = p["location"].as_str().expect("location");
            (
                p["name"].as_str().expect("name").to_string(),
                location
                    .strip_prefix("pool:")
                    .unwrap_or(location)
                    .to_string(),
            )
        })
        .collect();
    placements.sort();
    (v["title"].as_str().expect("title").to_string(), placements)
}

/// The 44 boards DPjudge ships (`tests/fixtures/dpjudge-maps`, MIT): the board file of each.
pub fn dpjudge_boards() -> Vec<std::path::PathBuf> {
    let root = root().join("tests/fixtures/dpjudge-maps");
    let mut out = Vec::new();
    for folder in ["maps", "trials"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(folder))
            .expect("fixture folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "map"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// Every pair of provinces a province board joins (a border, an army's or a fleet's move, a
/// split coast's fleet counting as its province), by index, smaller first.
pub fn joined_pairs(am: &sandtable::model::AreaMap) -> std::collections::BTreeSet<(usize, usize)> {
    let mut out = std::collections::BTreeSet::new();
    for (i, a) in am.areas.iter().enumerate() {
        let others = a
            .adjacent
            .iter()
            .chain(&a.army)
            .copied()
            .chain(a.fleet.iter().map(|s| s.area))
            .chain(a.coasts.iter().flat_map(|c| c.fleet.iter().map(|s| s.area)));
        for j in others.filter(|&j| j != i) {
            out.insert((i.min(j), i.max(j)));
        }
    }
    out
}

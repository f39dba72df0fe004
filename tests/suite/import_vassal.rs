//! `sandtable import FILE.vmod`: a real VASSAL module (Kassala, from `../shared/corpus`) made
//! into a game directory that `check` accepts and `build` turns back into a module whose
//! predefined set-ups hold the same pieces at the same places and whose palettes hold the
//! same pieces; bad modules refused with a clear message and nothing written.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::support::{p, root, run};

/// The shared reference data: `../shared`, or `$SANDTABLE_SHARED` when set (a worktree
/// elsewhere).
fn shared() -> PathBuf {
    std::env::var_os("SANDTABLE_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared"))
}

fn kassala() -> Option<PathBuf> {
    let vmod = shared().join("corpus/kassala/Kassala.vmod");
    if vmod.is_file() {
        Some(vmod)
    } else {
        eprintln!("skipped: ../shared is absent");
        None
    }
}

fn inspect(file: &Path) -> serde_json::Value {
    let (code, out, err) = run(&["inspect", p(file), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("JSON")
}

/// Every predefined set-up (menus flattened) by name: its pieces as (name, x, y, location),
/// sorted; a location VASSAL gives as `offboard` (a grid without numbering) is left out, the
/// position saying where the piece is.
fn setups(report: &serde_json::Value) -> BTreeMap<String, Vec<(String, i64, i64, String)>> {
    fn walk(list: &serde_json::Value, out: &mut BTreeMap<String, Vec<(String, i64, i64, String)>>) {
        for s in list.as_array().into_iter().flatten() {
            walk(&s["children"], out);
            let Some(pieces) = s["pieces"].as_array() else {
                continue;
            };
            let mut list: Vec<_> = pieces
                .iter()
                .map(|piece| {
                    let location = piece["location"].as_str().unwrap_or_default();
                    (
                        piece["name"].as_str().unwrap_or_default().to_string(),
                        piece["x"].as_i64().unwrap_or_default(),
                        piece["y"].as_i64().unwrap_or_default(),
                        if location == "offboard" {
                            String::new()
                        } else {
                            location.to_string()
                        },
                    )
                })
                .collect();
            list.sort();
            out.insert(s["name"].as_str().unwrap_or_default().to_string(), list);
        }
    }
    let mut out = BTreeMap::new();
    walk(&report["module"]["setups"], &mut out);
    out
}

/// The pieces of every palette, by name, sorted.
fn palette_pieces(report: &serde_json::Value) -> Vec<String> {
    fn walk(node: &serde_json::Value, out: &mut Vec<String>) {
        if node["kind"] == "PieceSlot" {
            out.push(node["name"].as_str().unwrap_or_default().to_string());
        }
        for child in node["children"].as_array().into_iter().flatten() {
            walk(child, out);
        }
    }
    let mut out = Vec::new();
    for window in report["module"]["palettes"]
        .as_array()
        .into_iter()
        .flatten()
    {
        walk(window, &mut out);
    }
    out.sort();
    out.dedup();
    out
}

/// Imports, checks and builds a module; the rebuilt module's path.
fn round_trip(vmod: &Path, tmp: &Path) -> PathBuf {
    let dir = tmp.join("game");
    let (code, out, err) = run(&["import", p(vmod), "-o", p(&dir)]);
    assert_eq!(code, 0, "import: {out}{err}");
    let (code, out, err) = run(&["check", p(&dir)]);
    assert_eq!(code, 0, "check: {out}{err}");
    assert!(!err.contains("warning"), "check is clean: {err}");
    let rebuilt = tmp.join("rebuilt.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
    assert_eq!(code, 0, "build: {out}{err}");
    rebuilt
}

#[test]
fn kassala_imports_checks_builds_and_keeps_its_set_up() {
    let Some(vmod) = kassala() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let rebuilt = round_trip(&vmod, tmp.path());
    let (before, after) = (inspect(&vmod), inspect(&rebuilt));
    let (old, new) = (setups(&before), setups(&after));
    assert!(!old.is_empty(), "Kassala has a predefined set-up");
    for (name, pieces) in &old {
        let Some(rebuilt_pieces) = new.get(name) else {
            panic!(
                "the rebuilt module has no set-up `{name}`: {:?}",
                new.keys()
            );
        };
        // Location names: the rebuilt grid numbers what the original left unnumbered.
        let strip = |list: &[(String, i64, i64, String)]| -> Vec<(String, i64, i64)> {
            list.iter()
                .map(|(n, x, y, _)| (n.clone(), *x, *y))
                .collect()
        };
        assert_eq!(strip(pieces), strip(rebuilt_pieces), "set-up `{name}`");
        for (a, b) in pieces.iter().zip(rebuilt_pieces) {
            if !a.3.is_empty() {
                assert_eq!(a.3, b.3, "set-up `{name}`: location of `{}`", a.0);
            }
        }
    }
    assert_eq!(palette_pieces(&before), palette_pieces(&after));
    let pictures = |report: &serde_json::Value| -> usize {
        report["module"]["maps"][0]["boards"][0]["size"]["width"]
            .as_i64()
            .unwrap_or_default() as usize
    };
    assert_eq!(
        pictures(&before),
        pictures(&after),
        "the board keeps its picture"
    );
}

#[test]
fn one_moved_piece_fails_the_comparison() {
    let Some(vmod) = kassala() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("game");
    let (code, _, err) = run(&["import", p(&vmod), "-o", p(&dir)]);
    assert_eq!(code, 0, "{err}");
    // Move the Galla-Ethiopians' first hex one row down in the imported set-up.
    let file = dir.join("scenarios/default-setup.toml");
    let text = std::fs::read_to_string(&file).expect("scenario");
    let at = text.find("at = \"").expect("a placement") + 6;
    let hex = &text[at..at + 4];
    let moved = format!(
        "{}{:02}",
        &hex[..2],
        hex[2..].parse::<u32>().expect("row") + 1
    );
    std::fs::write(
        &file,
        text.replacen(&format!("at = \"{hex}\""), &format!("at = \"{moved}\""), 1),
    )
    .expect("write");
    let rebuilt = tmp.path().join("rebuilt.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
    assert_eq!(code, 0, "build: {out}{err}");
    let (old, new) = (setups(&inspect(&vmod)), setups(&inspect(&rebuilt)));
    assert_ne!(
        old["Default Setup"], new["Default Setup"],
        "a piece one hex away is noticed"
    );
}

#[test]
fn the_report_counts_what_was_mapped_and_kept() {
    let Some(vmod) = kassala() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("first/game");
    let (code, out, err) = run(&["import", p(&vmod), "-o", p(&dir), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["maps"], 1);
    assert_eq!(v["piece_slots"], 36);
    assert_eq!(v["counters"], 13, "13 distinct pieces");
    assert_eq!(v["prototypes"], 1);
    assert_eq!(
        v["placements"], 46,
        "23 in the set-up and 23 in the at-start stacks"
    );
    let fate = |kind: &str| {
        v["components"]
            .as_array()
            .expect("components")
            .iter()
            .find(|c| c["kind"] == kind)
            .cloned()
            .unwrap_or_else(|| panic!("no {kind}: {v}"))
    };
    assert_eq!(fate("PieceSlot")["mapped"], 36);
    assert_eq!(fate("DiceButton")["kept"], 1);
    assert_eq!(fate("PrototypeDefinition")["kept"], 1);
    // What is kept verbatim is there, under each counter's id.
    let kept = std::fs::read_to_string(dir.join("vassal/kept.xml")).expect("kept.xml");
    assert!(
        kept.contains("<counter id=\"moslem-cannon-1-0\">"),
        "{kept}"
    );
    assert!(kept.contains("prototype;Unit"), "the trait chain is kept");
    assert!(kept.contains("DiceButton"), "the dice are kept");
    // The pictures are copied byte for byte.
    let map = std::fs::read(dir.join("art/Mapboard.png")).expect("map picture");
    let original = std::fs::read(shared().join("corpus/kassala/unpacked/images/Mapboard.png"))
        .expect("unpacked picture");
    assert_eq!(map, original);
    let counters = std::fs::read_to_string(dir.join("counters.toml")).expect("counters");
    assert!(
        counters.contains("# count 3: the most of these any source holds (1 palette slot, 3 in the at-start stacks, 3 in the set-up `Default Setup`)"),
        "{counters}"
    );
    // Text says the same.
    let dir2 = tmp.path().join("second/game");
    let (code, text, _) = run(&["import", p(&vmod), "-o", p(&dir2)]);
    assert_eq!(code, 0);
    assert!(text.contains("13 counters from 36 piece slots"), "{text}");
    // Same input, same bytes.
    for file in ["game.toml", "map.toml", "counters.toml", "vassal/kept.xml"] {
        assert_eq!(
            std::fs::read(dir.join(file)).expect("first"),
            std::fs::read(dir2.join(file)).expect("second"),
            "{file}"
        );
    }
}

/// A module archive of these entries.
fn zip(path: &Path, entries: &[(&str, &[u8])]) {
    let file = std::fs::File::create(path).expect("create");
    let mut zip = zip::ZipWriter::new(file);
    for (name, bytes) in entries {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .expect("entry");
        zip.write_all(bytes).expect("write");
    }
    zip.finish().expect("finish");
}

const BUILDFILE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Tiny" version="1">
  <VASSAL.build.module.Map mapName="Main">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="board.png" name="Board" width="200" height="200">
        GRID
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow text="Pieces">
    <VASSAL.build.widget.PieceSlot entryName="A" gpid="1">+/null/piece;;;a.png;A/null;0;0;1;0</VASSAL.build.widget.PieceSlot>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"#;

const HEX: &str =
    r#"<VASSAL.build.module.map.boardPicker.board.HexGrid dx="40" dy="46" x0="20" y0="23"/>"#;

/// A one-pixel PNG.
fn png() -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, 1, 1);
        encoder.set_color(png::ColorType::Rgba);
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(&[0, 0, 0, 255]).expect("data");
    }
    out
}

/// Imports `module`: the exit code and stderr; checks nothing was written.
fn refused(module: &Path, tmp: &Path) -> String {
    let dir = tmp.join("out");
    let (code, out, err) = run(&["import", p(module), "-o", p(&dir)]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(!dir.exists(), "nothing half-written");
    let leftovers: Vec<_> = std::fs::read_dir(tmp)
        .expect("tmp")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(".sandtable"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary folder left");
    err
}

#[test]
fn a_tiny_module_imports_and_checks() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    let picture = png();
    zip(
        &module,
        &[
            ("buildFile.xml", BUILDFILE.replace("GRID", HEX).as_bytes()),
            ("images/board.png", &picture),
            ("images/a.png", &picture),
        ],
    );
    let dir = tmp.path().join("tiny");
    let (code, out, err) = run(&["import", p(&module), "-o", p(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(dir.join("art/a.png").is_file());
    let (code, out, err) = run(&["check", p(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn a_missing_picture_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    zip(
        &module,
        &[
            ("buildFile.xml", BUILDFILE.replace("GRID", HEX).as_bytes()),
            ("images/board.png", &png()),
        ],
    );
    let err = refused(&module, tmp.path());
    assert!(err.contains("missing-image"), "{err}");
    assert!(err.contains("`a.png`"), "{err}");
}

#[test]
fn a_broken_buildfile_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    let broken = BUILDFILE
        .replace("GRID", HEX)
        .replace("</VASSAL.build.GameModule>", "");
    zip(&module, &[("buildFile.xml", broken.as_bytes())]);
    let err = refused(&module, tmp.path());
    assert!(err.contains("module-unreadable"), "{err}");
}

#[test]
fn an_unknown_grid_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    let custom = BUILDFILE.replace("GRID", r#"<com.example.SpiralGrid turns="3"/>"#);
    zip(
        &module,
        &[
            ("buildFile.xml", custom.as_bytes()),
            ("images/board.png", &png()),
            ("images/a.png", &png()),
        ],
    );
    let err = refused(&module, tmp.path());
    assert!(err.contains("unknown-component"), "{err}");
    assert!(err.contains("com.example.SpiralGrid"), "{err}");
}

#[test]
fn a_hostile_archive_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    zip(
        &module,
        &[
            ("buildFile.xml", BUILDFILE.replace("GRID", HEX).as_bytes()),
            ("images/../../escape.png", &png()),
            ("images/a.png", &png()),
        ],
    );
    let err = refused(&module, tmp.path());
    assert!(err.contains("module-unreadable"), "{err}");
    assert!(!tmp.path().join("escape.png").exists());
}

/// The other modules of the corpus, as far as they go: Almoravid's area map (zoned grids,
/// no pictures in the corpus) and zxvt's square grid import, check clean and build, their
/// boards kept verbatim and their pieces in pools; `tld`'s buildfile names pictures the
/// corpus does not hold, and is refused for it.
#[test]
fn the_other_corpus_modules_go_as_far_as_the_language_does() {
    let corpus = shared().join("corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: ../shared is absent");
        return;
    }
    let tmp = tempfile::tempdir().expect("tmp");
    for (module, counters) in [("almoravid/buildFile.xml", 205), ("zxvt/buildFile", 7)] {
        let dir = tmp.path().join(module.split('/').next().expect("folder"));
        let (code, out, err) = run(&[
            "import",
            p(&corpus.join(module)),
            "-o",
            p(&dir),
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{module}: {out}{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        assert_eq!(v["counters"], counters, "{module}");
        assert_eq!(v["maps"], 0, "{module}: no hex board");
        let (code, out, err) = run(&["check", p(&dir)]);
        assert_eq!(code, 0, "{module}: {out}{err}");
        let rebuilt = dir.with_extension("vmod");
        let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
        assert_eq!(code, 0, "{module}: {out}{err}");
    }
    let dir = tmp.path().join("tld");
    let (code, _, err) = run(&["import", p(&corpus.join("tld/buildFile")), "-o", p(&dir)]);
    assert_eq!(code, 1);
    assert!(err.contains("missing-image"), "{err}");
    assert!(!dir.exists());
}

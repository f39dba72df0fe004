//! `sandtable import FILE.vmod`: a real VASSAL module (Kassala, from `../shared/corpus`) made
//! into a game directory that `check` accepts and `build` turns back into a module whose
//! predefined set-ups hold the same pieces at the same places and whose palettes hold the
//! same pieces; bad modules refused with a clear message and nothing written.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use sandtable::vassal::archive::Archive;
use sandtable::vassal::buildfile::{parse_buildfile, Element};
use sandtable::vassal::encoder::decode;

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

/// Kassala imported into a temporary game folder: (the module, the folder's owner, the game).
fn kassala_imported() -> Option<(PathBuf, tempfile::TempDir, PathBuf)> {
    let vmod = kassala()?;
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("game");
    let (code, _, err) = run(&["import", p(&vmod), "-o", p(&dir)]);
    assert_eq!(code, 0, "{err}");
    Some((vmod, tmp, dir))
}

fn inspect(file: &Path) -> serde_json::Value {
    let (code, out, err) = run(&["inspect", p(file), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("JSON")
}

/// Every predefined set-up (menus flattened) by name, trimmed: each of its pieces as
/// `piece` reads it, sorted.
fn setup_pieces<T: Ord>(
    report: &serde_json::Value,
    piece: &dyn Fn(&serde_json::Value) -> T,
) -> BTreeMap<String, Vec<T>> {
    fn walk<T: Ord>(
        list: &serde_json::Value,
        piece: &dyn Fn(&serde_json::Value) -> T,
        out: &mut BTreeMap<String, Vec<T>>,
    ) {
        for s in list.as_array().into_iter().flatten() {
            walk(&s["children"], piece, out);
            let Some(pieces) = s["pieces"].as_array() else {
                continue;
            };
            let mut list: Vec<T> = pieces.iter().map(piece).collect();
            list.sort();
            // Trimmed: a scenario's title is (`KP01 - Austerlitz - 2 December 1805 ` in
            // Commands & Colors: Napoleonics).
            out.insert(
                s["name"].as_str().unwrap_or_default().trim().to_string(),
                list,
            );
        }
    }
    let mut out = BTreeMap::new();
    walk(&report["module"]["setups"], piece, &mut out);
    out
}

/// Every predefined set-up by name: its pieces as (name, x, y, location), sorted; a location
/// VASSAL gives as `offboard` (a grid without numbering) is left out, the position saying
/// where the piece is.
fn setups(report: &serde_json::Value) -> BTreeMap<String, Vec<(String, i64, i64, String)>> {
    setup_pieces(report, &|piece| {
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

/// The pictures of a module (`.vmod`, or a buildfile with `images/` beside it) by name, and
/// its buildfile's tree.
fn module_parts(module: &Path) -> (BTreeMap<String, Vec<u8>>, Element) {
    let mut images = BTreeMap::new();
    let bytes = std::fs::read(module).expect("module");
    if bytes.starts_with(b"PK") {
        let mut archive = Archive::open(module).expect("archive");
        let names: Vec<String> = archive.names().map(str::to_string).collect();
        let mut tree = None;
        for name in names {
            if let Some(image) = name.strip_prefix("images/").filter(|n| !n.is_empty()) {
                images.insert(image.to_string(), archive.read(&name).expect("image"));
            } else if name == "buildFile.xml" || name == "buildFile" {
                tree =
                    Some(parse_buildfile(&archive.read(&name).expect("buildfile")).expect("XML"));
            }
        }
        (images, tree.expect("a buildfile"))
    } else {
        let folder = module.parent().expect("folder").join("images");
        for entry in std::fs::read_dir(folder).into_iter().flatten() {
            let entry = entry.expect("entry");
            images.insert(
                entry.file_name().to_string_lossy().into_owned(),
                std::fs::read(entry.path()).expect("image"),
            );
        }
        (images, parse_buildfile(&bytes).expect("XML"))
    }
}

/// What a module keeps that the language cannot say, which the module `build` makes from
/// its import must hold as the original did, sorted: each map window (`window NAME`; a
/// window of several boards, each made a game map of its own, is `window NAME` in the
/// original and each board's in the module built: see [`kept_lacking`]), each deck
/// (`deck NAME @ x,y: cards`, the cards sorted), each turn tracker and chart window
/// (`name: levels or charts`), each global property of the module or of a window (`name =
/// initial value`).
fn kept_components(module: &Path) -> Vec<String> {
    let report = inspect(module);
    let mut out = Vec::new();
    for map in report["module"]["maps"].as_array().into_iter().flatten() {
        out.push(format!(
            "window {}",
            map["name"].as_str().unwrap_or_default()
        ));
        for deck in map["decks"].as_array().into_iter().flatten() {
            let mut cards: Vec<String> = deck["pieces"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| c.as_str().unwrap_or_default().to_string())
                .collect();
            cards.sort();
            out.push(format!(
                "deck {} @ {},{}: {}",
                deck["name"].as_str().unwrap_or_default(),
                deck["x"],
                deck["y"],
                cards.join(", ")
            ));
        }
    }
    for tracker in report["module"]["turn_trackers"]
        .as_array()
        .into_iter()
        .flatten()
    {
        out.push(format!(
            "turn tracker {}: {}",
            tracker["name"], tracker["levels"]
        ));
    }
    for chart in report["module"]["charts"].as_array().into_iter().flatten() {
        out.push(format!(
            "chart window {}: {}",
            chart["name"], chart["charts"]
        ));
    }
    let (_, tree) = module_parts(module);
    for property in tree
        .descendants()
        .filter(|c| c.is_class("GlobalProperties"))
        .flat_map(|c| c.descendants())
        .filter(|c| c.is_class("GlobalProperty"))
    {
        out.push(format!(
            "global property {} = {}",
            property.attr("name").unwrap_or_default(),
            property.attr("initialValue").unwrap_or_default()
        ));
    }
    out.sort();
    out
}

/// The kept components of `original` that `rebuilt` lacks (each matched once); a window
/// of the original whose boards each became a game map, and so a window named as the board,
/// is not lacking when the module built has a window of each of its boards' names.
fn kept_lacking(original_module: &Path, original: &[String], rebuilt: &[String]) -> Vec<String> {
    let report = inspect(original_module);
    let boards: BTreeMap<String, Vec<String>> = report["module"]["maps"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            (
                format!("window {}", m["name"].as_str().unwrap_or_default()),
                m["boards"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|b| format!("window {}", b["name"].as_str().unwrap_or_default()))
                    .collect(),
            )
        })
        .collect();
    let mut left: Vec<&String> = rebuilt.iter().collect();
    let mut out = Vec::new();
    for c in original {
        match left.iter().position(|r| *r == c) {
            Some(i) => {
                left.remove(i);
            }
            None => {
                let each_board = boards
                    .get(c)
                    .is_some_and(|b| b.len() > 1 && b.iter().all(|b| rebuilt.contains(b)));
                if !each_board {
                    out.push(c.clone());
                }
            }
        }
    }
    out
}

/// How many of each kind of kept component there are (`window`, `deck`, `turn tracker`,
/// `chart window`, `global property`), for the test's report.
fn kept_counts(components: &[String]) -> String {
    let kinds = [
        ("window", "windows"),
        ("deck", "decks"),
        ("turn tracker", "turn trackers"),
        ("chart window", "chart windows"),
        ("global property", "global properties"),
    ];
    kinds
        .iter()
        .map(|(k, plural)| {
            let n = components
                .iter()
                .filter(|c| c.starts_with(&format!("{k} ")))
                .count();
            format!("{n} {plural}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every palette piece of a module by name, with the pictures its definition (its
/// prototypes' included) names — name and bytes —, sorted: what a player sees of each piece
/// the palettes hold.
fn palette_images(module: &Path) -> BTreeMap<String, Vec<(String, Vec<u8>)>> {
    let (images, tree) = module_parts(module);
    let prototypes: BTreeMap<String, String> = tree
        .descendants()
        .filter(|e| e.is_class("PrototypeDefinition"))
        .map(|e| {
            (
                e.attr("name").unwrap_or_default().to_string(),
                e.text.clone(),
            )
        })
        .collect();
    // Every token of a definition, nested encodings unescaped (a crude tokenizer: a
    // picture's name never holds a delimiter).
    fn tokens(text: &str) -> Vec<String> {
        text.replace('\\', "")
            .split(['\t', ';', ',', '/', '|'])
            .map(str::to_string)
            .collect()
    }
    let mut out: BTreeMap<String, Vec<(String, Vec<u8>)>> = BTreeMap::new();
    for window in tree.descendants().filter(|e| e.is_class("PieceWindow")) {
        for slot in window
            .descendants()
            .filter(|e| e.is_class("PieceSlot") || e.is_class("CardSlot"))
        {
            let mut seen = std::collections::BTreeSet::new();
            let mut pending = vec![slot.text.clone()];
            let mut names = std::collections::BTreeSet::new();
            while let Some(text) = pending.pop() {
                let list = tokens(&text);
                for (i, t) in list.iter().enumerate() {
                    if images.contains_key(t) {
                        names.insert(t.clone());
                    }
                    if t.ends_with("prototype") {
                        if let Some(name) = list.get(i + 1) {
                            if seen.insert(name.clone()) {
                                pending.extend(prototypes.get(name).cloned());
                            }
                        }
                    }
                }
            }
            let decoded = decode(slot.text.trim(), '/');
            let name = decoded
                .get(2)
                .and_then(|t| t.rsplit(';').next())
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .unwrap_or_else(|| slot.attr("entryName").unwrap_or_default().to_string());
            let pictures = names.into_iter().map(|n| {
                let bytes = images[&n].clone();
                (n, bytes)
            });
            // Pieces of the same name (ccnapoleonics has two `Deroy`s) are compared by
            // the pictures they have between them.
            let all = out.entry(name).or_default();
            all.extend(pictures);
            all.sort();
            all.dedup();
        }
    }
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
    // The palettes' pieces show the same pictures, byte for byte, under the same names.
    let (old_images, new_images) = (palette_images(&vmod), palette_images(&rebuilt));
    assert_eq!(old_images.len(), 13, "{:?}", old_images.keys());
    assert!(
        old_images.values().all(|v| !v.is_empty()),
        "every piece shows a picture"
    );
    assert_eq!(old_images, new_images, "the palettes' pictures");
    // Its windows, turn tracker and global properties.
    let original = kept_components(&vmod);
    assert!(
        original.iter().any(|c| c.starts_with("turn tracker")),
        "{original:?}"
    );
    let lacks = kept_lacking(&vmod, &original, &kept_components(&rebuilt));
    assert!(lacks.is_empty(), "the module built lacks {lacks:?}");
    // Every counter shows the module's own picture: sandtable draws no face for any.
    let archive = Archive::open(&rebuilt).expect("archive");
    let faces: Vec<&str> = archive
        .names()
        .filter(|n| n.starts_with("images/counter-"))
        .collect();
    assert!(faces.is_empty(), "faces drawn for kept counters: {faces:?}");
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
    let Some((vmod, tmp, dir)) = kassala_imported() else {
        return;
    };
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

/// A piece whose picture's name is blank (VSQL's blank counters: `piece;;; ;Blank`) has no
/// picture, as VASSAL reads it: imported without `--allow-missing-images`, checked, built.
#[test]
fn a_blank_picture_name_is_no_picture() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    let buildfile = BUILDFILE
        .replace("GRID", HEX)
        .replace("piece;;;a.png;A", "piece;;; ;A");
    zip(
        &module,
        &[
            ("buildFile.xml", buildfile.as_bytes()),
            ("images/board.png", &png()),
        ],
    );
    round_trip(&module, tmp.path());
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

/// The other modules of the corpus, as far as they go: Almoravid (zoned grids, no pictures
/// in the corpus, so its boards cannot be laid: kept verbatim, their pieces in pools) and
/// zxvt (a numbered square grid on a board without a picture: an area map of its 25 cells,
/// named as VASSAL numbers them) import, check clean and build; `tld`'s buildfile names
/// pictures the corpus does not hold, and is refused for it.
#[test]
fn the_other_corpus_modules_go_as_far_as_the_language_does() {
    let corpus = shared().join("corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: ../shared is absent");
        return;
    }
    let tmp = tempfile::tempdir().expect("tmp");
    for (module, counters, maps, areas) in [
        ("almoravid/buildFile.xml", 319, 0, 0),
        ("zxvt/buildFile", 7, 1, 25),
    ] {
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
        assert_eq!(v["maps"], maps, "{module}");
        assert_eq!(v["area_maps"], maps, "{module}: no hex board");
        assert_eq!(v["areas"], areas, "{module}");
        let (code, out, err) = run(&["check", p(&dir)]);
        assert_eq!(code, 0, "{module}: {out}{err}");
        assert!(!err.contains("warning"), "{module}: check is clean: {err}");
        let rebuilt = dir.with_extension("vmod");
        let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
        assert_eq!(code, 0, "{module}: {out}{err}");
        if module.starts_with("zxvt") {
            let map = std::fs::read_to_string(dir.join("map.toml")).expect("map.toml");
            // The first column is B: the module's numbering starts its letters at 1.
            assert!(map.contains("name = \"B01\""), "{map}");
            let after = inspect(&rebuilt);
            let boards = after["module"]["maps"][0]["boards"][0]["grid"].to_string();
            assert!(
                boards.contains("\"B01\""),
                "the rebuilt grid names the cells: {boards}"
            );
        }
    }
    let dir = tmp.path().join("tld");
    let (code, _, err) = run(&["import", p(&corpus.join("tld/buildFile")), "-o", p(&dir)]);
    assert_eq!(code, 1);
    assert!(err.contains("missing-image"), "{err}");
    assert!(!dir.exists());
}

/// The first `<image>` the import's kept file lists for the picture `name`: where the game
/// holds it.
fn kept_picture(dir: &Path, name: &str) -> PathBuf {
    let kept = std::fs::read(dir.join("vassal/kept.xml")).expect("kept.xml");
    let tree = parse_buildfile(&kept).expect("XML");
    let file = tree
        .descendants()
        .find(|e| e.name == "image" && e.attr("name") == Some(name))
        .and_then(|e| e.attr("file"))
        .unwrap_or_else(|| panic!("no kept picture `{name}`"))
        .to_string();
    dir.join(file)
}

/// One picture a palette piece shows, changed in the imported game, is noticed by the
/// palettes' comparison.
#[test]
fn one_changed_picture_fails_the_palette_comparison() {
    let Some((vmod, tmp, dir)) = kassala_imported() else {
        return;
    };
    let before = palette_images(&vmod);
    let (name, bytes) = before
        .values()
        .flatten()
        .next()
        .cloned()
        .expect("a picture");
    let file = kept_picture(&dir, &name);
    assert_eq!(
        std::fs::read(&file).expect("copied"),
        bytes,
        "copied as it is"
    );
    std::fs::write(&file, blank_png(20, 20)).expect("write");
    let rebuilt = tmp.path().join("rebuilt.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
    assert_eq!(code, 0, "build: {out}{err}");
    let after = palette_images(&rebuilt);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    let changed: Vec<&String> = before
        .iter()
        .filter(|(piece, pictures)| after[*piece] != **pictures)
        .map(|(piece, _)| piece)
        .collect();
    assert!(!changed.is_empty(), "a changed picture is noticed");
}

/// `--save`: a saved game becomes a scenario of its own (named after its file, `(saved
/// game)` added when a set-up has the name), whose rebuilt set-up holds the same pieces at
/// the same places as the set-up it was saved from; a file that is no save is refused and
/// nothing is written.
#[test]
fn a_save_becomes_a_scenario() {
    let Some(vmod) = kassala() else { return };
    let save = shared().join("corpus/kassala/unpacked/Default Setup.vsav");
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("game");
    let (code, out, err) = run(&[
        "import",
        p(&vmod),
        "--save",
        p(&save),
        "-o",
        p(&dir),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "import: {out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        v["scenarios"], 3,
        "the set-up, the save and the at-start stacks"
    );
    let scenario = std::fs::read_to_string(dir.join("scenarios/default-setup-saved-game.toml"))
        .expect("the save's scenario");
    assert!(
        scenario.contains("title = \"Default Setup (saved game)\""),
        "{scenario}"
    );
    assert!(
        scenario.contains("the saved game `Default Setup.vsav`"),
        "{scenario}"
    );
    let (code, out, err) = run(&["check", p(&dir)]);
    assert_eq!(code, 0, "check: {out}{err}");
    let rebuilt = tmp.path().join("rebuilt.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
    assert_eq!(code, 0, "build: {out}{err}");
    let after = setups(&inspect(&rebuilt));
    assert_eq!(after["Default Setup (saved game)"], after["Default Setup"]);
    assert_eq!(
        after["Default Setup (saved game)"],
        setups(&inspect(&vmod))["Default Setup"]
            .iter()
            .zip(&after["Default Setup"])
            .map(|(old, new)| (old.0.clone(), old.1, old.2, new.3.clone()))
            .collect::<Vec<_>>(),
        "the original's pieces at their positions"
    );

    let bad = tmp.path().join("bad");
    let (code, _, err) = run(&[
        "import",
        p(&vmod),
        "--save",
        p(&shared().join("corpus/almoravid/buildFile.xml")),
        "-o",
        p(&bad),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("save-unreadable"), "{err}");
    assert!(!bad.exists(), "nothing written");
}

/// The pictures of Almoravid's boards, which the corpus does not hold: each as large as the
/// zones and regions of its board reach, the rest small.
const ALMORAVID_PICTURES: &[(&str, u32, u32)] = &[
    ("Almoravid Map on Table 3.png", 7510, 8360),
    ("Background - Christian Lords.png", 3640, 2890),
    ("Background - Muslim Lords.png", 4510, 2890),
    ("BattleMat1-5.png", 870, 860),
    ("PAC-SequenceOfPlay.png", 100, 100),
    ("PAC-Commands.png", 100, 100),
    ("PAC-Battle.png", 100, 100),
    ("PAC-Forces.png", 100, 100),
    ("PAC-Taifa.png", 100, 100),
    ("PAC-Map.png", 100, 100),
];

/// A blank one-bit PNG of this size.
fn blank_png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::One);
        let mut writer = encoder.write_header().expect("header");
        let row = (width as usize).div_ceil(8);
        writer
            .write_image_data(&vec![0xff; row * height as usize])
            .expect("data");
    }
    out
}

/// Almoravid's buildFile and its two scenario saves copied into `tmp`, with placeholder
/// pictures for its boards in `images/`: the buildFile's path, or `None` when the corpus is
/// absent.
fn almoravid_with_pictures(tmp: &Path) -> Option<PathBuf> {
    let corpus = shared().join("corpus/almoravid");
    if !corpus.is_dir() {
        eprintln!("skipped: ../shared is absent");
        return None;
    }
    let dir = tmp.join("almoravid");
    std::fs::create_dir_all(dir.join("images")).expect("images");
    for entry in std::fs::read_dir(&corpus).expect("corpus") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy");
    }
    for (name, width, height) in ALMORAVID_PICTURES {
        std::fs::write(dir.join("images").join(name), blank_png(*width, *height)).expect("picture");
    }
    Some(dir.join("buildFile.xml"))
}

/// Every predefined set-up by name: its pieces as (name, location), sorted; a piece off every
/// map is `Off the maps` and one VASSAL puts `offboard` on a map is `MAP offboard`, as the
/// import names the pools it puts them in.
fn setup_locations(report: &serde_json::Value) -> BTreeMap<String, Vec<(String, String)>> {
    setup_pieces(report, &|piece| {
        let location = match (piece["map"].as_str(), piece["location"].as_str()) {
            (None, _) => "Off the maps".to_string(),
            (Some(map), Some("offboard") | None) => format!("{map} offboard"),
            (Some(_), Some(location)) => location.to_string(),
        };
        (
            piece["name"].as_str().unwrap_or_default().to_string(),
            location,
        )
    })
}

/// The pieces of `rebuilt` that are not at the same location name in `original` (each piece
/// of the original matched once, by name and location; a piece VASSAL names `` — its
/// BasicPiece has no name, the counter is named as its palette slot — by location alone),
/// and how many of the original's the rebuilt lacks.
fn moved_pieces(
    original: &[(String, String)],
    rebuilt: &[(String, String)],
) -> (Vec<(String, String)>, usize) {
    let mut left: BTreeMap<(String, String), usize> = BTreeMap::new();
    for piece in original {
        *left.entry(piece.clone()).or_default() += 1;
    }
    let mut unmatched = Vec::new();
    for piece in rebuilt {
        match left.get_mut(piece) {
            Some(n) if *n > 0 => *n -= 1,
            _ => unmatched.push(piece.clone()),
        }
    }
    let mut moved = Vec::new();
    for piece in unmatched {
        match left.get_mut(&(String::new(), piece.1.clone())) {
            Some(n) if *n > 0 => *n -= 1,
            _ => moved.push(piece),
        }
    }
    (moved, left.values().sum())
}

/// Almoravid (with placeholder pictures): its main board's zones and regions, the lords'
/// mats and the battle mat become area maps named as VASSAL names their places; the module
/// `build` makes from the import reports every piece of both scenario set-ups at the location
/// name the original reports — the cards of its decks and the pieces no palette holds
/// included, as counters of their own — and its palettes hold the same pieces with the same
/// pictures; one piece moved to another area is noticed.
#[test]
fn almoravid_set_ups_keep_their_location_names() {
    let tmp = tempfile::tempdir().expect("tmp");
    let Some(buildfile) = almoravid_with_pictures(tmp.path()) else {
        return;
    };
    let dir = tmp.path().join("game");
    let (code, out, err) = run(&["import", p(&buildfile), "-o", p(&dir), "--format", "json"]);
    assert_eq!(code, 0, "import: {out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["area_maps"], 7, "{v}");
    assert_eq!(v["maps"], 7);
    let fate = |kind: &str| {
        v["components"]
            .as_array()
            .expect("components")
            .iter()
            .find(|c| c["kind"] == kind)
            .cloned()
    };
    assert_eq!(fate("set-up piece"), None, "no set-up piece left out");
    assert_eq!(v["card_slots"], 112);
    assert_eq!(fate("CardSlot").expect("cards")["mapped"], 112);
    assert_eq!(v["decks"], 42);
    let map = std::fs::read_to_string(dir.join("map.toml")).expect("map.toml");
    for name in [
        "León",
        "Toledo",
        "Christian Lord 1",
        "Battle Mat - Garrison",
    ] {
        assert!(map.contains(&format!("name = \"{name}\"")), "{name}");
    }
    let (code, out, err) = run(&["check", p(&dir)]);
    assert_eq!(code, 0, "check: {out}{err}");
    let rebuilt = tmp.path().join("rebuilt.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
    assert_eq!(code, 0, "build: {out}{err}");
    let (before_report, after_report) = (inspect(&buildfile), inspect(&rebuilt));
    assert_eq!(
        after_report["module"]["dice"], before_report["module"]["dice"],
        "the dice of the module's folder are rebuilt"
    );
    let (old, new) = (
        setup_locations(&before_report),
        setup_locations(&after_report),
    );
    let mut lacking = 0;
    for name in [
        "Scenario A - Toledo Beset",
        "Scenario B - Quelling of the Tajo",
    ] {
        let (moved, lacks) = moved_pieces(&old[name], &new[name]);
        assert!(moved.is_empty(), "set-up `{name}`: moved {moved:?}");
        lacking += lacks;
    }
    assert_eq!(lacking, 0, "every set-up piece is in the rebuilt set-up");
    // The palettes hold the same pieces, showing the same pictures (the rebuilt palette
    // holds every counter besides: the decks' cards and the pieces only a set-up placed).
    let (before, after) = (palette_images(&buildfile), palette_images(&rebuilt));
    assert!(before.len() > 20, "{}", before.len());
    for (piece, pictures) in &before {
        assert_eq!(
            after.get(piece),
            Some(pictures),
            "the palette piece `{piece}`"
        );
    }
    // Its 13 windows (the two hands and the lords' mats among them, made game maps, and the
    // six charts of its folder, which were not), its 42 decks with the same cards at the
    // same places (the hands' 16 and 18 among them), its global properties and its chart
    // window.
    let original = kept_components(&buildfile);
    let rebuilt_components = kept_components(&rebuilt);
    let count = |kind: &str| original.iter().filter(|c| c.starts_with(kind)).count();
    assert_eq!(count("window "), 13, "{original:?}");
    assert_eq!(count("deck "), 42, "{original:?}");
    let lacks = kept_lacking(&buildfile, &original, &rebuilt_components);
    assert!(lacks.is_empty(), "the module built lacks {lacks:?}");
    for window in [
        "Christian Hand",
        "Muslim Hand",
        "Lords",
        "Commands",
        "Battle",
        "Forces",
        "Taifas",
        "Iberia",
    ] {
        assert!(
            rebuilt_components
                .iter()
                .any(|c| c.starts_with("window ") && c.ends_with(window)),
            "the window `{window}`"
        );
    }
    // The hands, made game maps, are private windows still, for the same sides.
    let (_, tree) = module_parts(&rebuilt);
    let hand = tree
        .children_of("PrivateMap")
        .find(|m| m.attr("mapName") == Some("Christian Hand"))
        .expect("the private window `Christian Hand`");
    assert_eq!(hand.attr("side"), Some("Christians,Solitaire"));
    assert_eq!(hand.attr("visible"), Some("false"));
    // The charts' windows are in their folder, as in the original.
    let folder = tree
        .children
        .iter()
        .find(|c| c.is_class("ModuleSubFolder") && c.attr("name") == Some("Player Aid Charts"))
        .expect("the folder `Player Aid Charts`");
    assert_eq!(folder.children_of("Map").count(), 6);

    // One piece moved to another area of the main map is noticed: the first placement of a
    // lone piece there goes to León.
    let areas: toml::Value = toml::from_str(&map).expect("map.toml");
    let leon = areas["map"]
        .as_array()
        .expect("maps")
        .iter()
        .flat_map(|m| {
            m.get("area")
                .and_then(|a| a.as_array())
                .cloned()
                .unwrap_or_default()
        })
        .find(|a| a["name"].as_str() == Some("León"))
        .and_then(|a| a["id"].as_str().map(str::to_string))
        .expect("an area León");
    let file = dir.join("scenarios/scenario-a-toledo-beset.toml");
    let text = std::fs::read_to_string(&file).expect("scenario");
    let to = format!("at = \"almoravid:{leon}\"");
    let lone = text
        .split("[[scenario.place]]")
        .skip(1)
        .find(|place| {
            place.contains("at = \"almoravid:")
                && !place.contains(&to)
                && place.matches('"').count() == 4
        })
        .expect("a placement of one piece on the main map");
    let at_line = lone.lines().find(|l| l.starts_with("at = ")).expect("at");
    let moved_text = text.replacen(lone, &lone.replacen(at_line, &to, 1), 1);
    assert_ne!(moved_text, text);
    std::fs::write(&file, moved_text).expect("write");
    let again = tmp.path().join("moved.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&again)]);
    assert_eq!(code, 0, "build: {out}{err}");
    let moved_setups = setup_locations(&inspect(&again));
    let (moved, _) = moved_pieces(
        &old["Scenario A - Toledo Beset"],
        &moved_setups["Scenario A - Toledo Beset"],
    );
    assert_eq!(moved.len(), 1, "{moved:?}");
    assert_eq!(moved[0].1, "León");
}

const ZONED: &str = r#"<VASSAL.build.module.map.boardPicker.board.ZonedGrid>
  <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Box" locationFormat="$name$" path="0,0;100,0;100,100;0,100" useParentGrid="false"/>
  <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Flat" locationFormat="$name$" path="0,0;50,0;100,0" useParentGrid="false"/>
  <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="" locationFormat="$name$" path="120,120;150,120;150,150" useParentGrid="false"/>
  <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Kingdom" locationFormat="$gridLocation$" path="100,0;200,0;200,100;100,100" useParentGrid="false">
    <VASSAL.build.module.map.boardPicker.board.RegionGrid snapto="true">
      <VASSAL.build.module.map.boardPicker.board.Region name="León" originx="150" originy="50"/>
      <VASSAL.build.module.map.boardPicker.board.Region name="León" originx="160" originy="60"/>
      <VASSAL.build.module.map.boardPicker.board.Region name="" originx="170" originy="70"/>
      <VASSAL.build.module.map.boardPicker.board.Region name="Far" originx="9000" originy="-50"/>
    </VASSAL.build.module.map.boardPicker.board.RegionGrid>
  </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
  <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Hexes" locationFormat="$gridLocation$" path="0,100;200,100;200,200;0,200" useParentGrid="false">
    <VASSAL.build.module.map.boardPicker.board.HexGrid dx="40" dy="46" x0="20" y0="123">
      HEXNUMBERING
    </VASSAL.build.module.map.boardPicker.board.HexGrid>
  </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
</VASSAL.build.module.map.boardPicker.board.ZonedGrid>"#;

/// A hex grid's numbering: column then row, each two digits from `01`, odd columns' rows
/// one further (VASSAL's defaults).
const HEX_NUMBERING: &str = r#"<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="true" locationFormat="$gridLocation$"/>"#;

/// The hexes of zone `Hexes` of [`ZONED`] (0,100–200,200 on a 200×200 picture; hexes 40
/// wide and 46 high from (20, 123)) whose centre lies inside it and on the picture, by hand:
/// columns at x = 20, 60, 100, 140 and 180; the even ones' centres at y = 123 and 169 (77
/// above the zone, 215 below the picture), the odd ones', half a hex lower, at 100 (the
/// zone's top edge is in it), 146 and 192. None lies in an earlier zone. In the module's
/// order: row by row, left to right.
const ZONED_HEXES: [&str; 12] = [
    "0201", "0401", // y = 100
    "0101", "0202", "0301", "0402", "0501", // y = 123 and 146
    "0102", "0203", "0302", "0403", "0502", // y = 169 and 192
];

/// A board of zones and regions with every flaw the import must survive — a zone whose
/// polygon encloses nothing, a zone and a region without a name, two regions of one name, a
/// region off the picture — and a zone of numbered hexes imports deterministically into an
/// area map that `check` accepts, each flaw said in the report, the at-start piece in the
/// region's area, each hex of the zone an area named as VASSAL names it; the same zone of
/// hexes without numbering is kept verbatim, and said why.
#[test]
fn a_flawed_zoned_board_imports_as_an_area_map() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("zoned.vmod");
    let zoned = ZONED.replace("HEXNUMBERING", HEX_NUMBERING);
    let buildfile = BUILDFILE.replace("GRID", &zoned).replace(
        "  </VASSAL.build.module.Map>",
        r#"    <VASSAL.build.module.map.SetupStack name="s" owningBoard="Board" x="160" y="55" useGridLocation="false">
      <VASSAL.build.widget.PieceSlot entryName="A" gpid="2">+/null/piece;;;a.png;A/null;0;0;2;0</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.module.map.SetupStack>
  </VASSAL.build.module.Map>"#,
    );
    let picture = blank_png(200, 200);
    zip(
        &module,
        &[
            ("buildFile.xml", buildfile.as_bytes()),
            ("images/board.png", &picture),
            ("images/a.png", &png()),
        ],
    );
    let mut maps = Vec::new();
    for dir in ["first", "second"] {
        let dir = tmp.path().join(dir);
        let (code, out, err) = run(&["import", p(&module), "-o", p(&dir), "--format", "json"]);
        assert_eq!(code, 0, "{out}{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        assert_eq!(v["area_maps"], 1);
        assert_eq!(v["areas"], 3 + 12, "Box, León, Far and the 12 hexes");
        let notes = v["notes"].to_string();
        for said in [
            "zone `Flat` encloses nothing",
            "2 regions or zones without a name",
            "1 point of its grid lies outside its 200×200 picture",
        ] {
            assert!(notes.contains(said), "{said}: {notes}");
        }
        assert!(
            !notes.contains("Hexes"),
            "nothing of the hexes lost: {notes}"
        );
        let fate = |kind: &str| {
            let list = v["components"].as_array().expect("components");
            let fate = list.iter().find(|f| f["kind"] == kind).expect(kind);
            (fate["mapped"].clone(), fate["kept"].clone())
        };
        assert_eq!(fate("HexGrid"), (1.into(), 0.into()), "{}", v["components"]);
        assert_eq!(fate("HexGridNumbering"), (1.into(), 0.into()));
        assert_eq!(
            fate("Zone"),
            (3.into(), 2.into()),
            "Box, Kingdom, Hexes mapped"
        );
        let (code, out, err) = run(&["check", p(&dir)]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(!err.contains("warning"), "{err}");
        let scenario =
            std::fs::read_to_string(dir.join("scenarios/at-start-stacks.toml")).expect("scenario");
        assert!(scenario.contains("at = \"le-n\""), "{scenario}");
        maps.push(std::fs::read(dir.join("map.toml")).expect("map.toml"));
    }
    assert_eq!(maps[0], maps[1], "same input, same bytes");
    let map = String::from_utf8(maps.remove(0)).expect("UTF-8");
    assert!(
        map.contains("position = [199.0, 0.0]"),
        "Far moved inside: {map}"
    );
    assert!(
        map.contains("outline = [[0.0, 0.0], [100.0, 0.0], [100.0, 100.0], [0.0, 100.0]]"),
        "{map}"
    );
    let map: toml::Value = toml::from_str(&map).expect("map.toml");
    let areas = map["map"][0]["area"].as_array().expect("areas");
    let names: Vec<&str> = areas.iter().filter_map(|a| a["name"].as_str()).collect();
    assert_eq!(names[3..], ZONED_HEXES, "{names:?}");
    let hex = areas.iter().find(|a| a["name"].as_str() == Some("0201"));
    assert_eq!(
        hex.map(|a| a["position"].to_string()),
        Some("[60.0, 100.0]".to_string()),
        "at its centre"
    );

    // Without numbering VASSAL names no hex: the zone is kept verbatim, and said why.
    let plain = tmp.path().join("plain.vmod");
    let zoned = ZONED.replace("HEXNUMBERING", "");
    zip(
        &plain,
        &[
            (
                "buildFile.xml",
                BUILDFILE.replace("GRID", &zoned).as_bytes(),
            ),
            ("images/board.png", &picture),
            ("images/a.png", &png()),
        ],
    );
    let dir = tmp.path().join("plain");
    let (code, out, err) = run(&["import", p(&plain), "-o", p(&dir), "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["areas"], 3, "Box, León and Far");
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("zone `Hexes` is kept verbatim, it reports only its hex grid's names and the grid has no numbering, so VASSAL names no hex of it"),
        "{notes}"
    );
    let hex_grid = v["components"]
        .as_array()
        .and_then(|list| list.iter().find(|f| f["kind"] == "HexGrid"))
        .map(|f| (f["mapped"].clone(), f["kept"].clone()));
    assert_eq!(hex_grid, Some((0.into(), 1.into())), "kept verbatim");
}

/// A zone of numbered hexes round trip: an at-start stack on a hex of the zone (by its grid
/// location, with the hex's centre as VASSAL's editor keeps it) and one placed by pixels off
/// its hex's centre import into the hexes' areas, checks clean and
/// builds into a module whose set-up has both pieces on the same map at the same location
/// names as VASSAL gives them in the original.
#[test]
fn a_zone_of_hexes_round_trips_its_pieces_to_the_same_hexes() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("hexes.vmod");
    let zoned = ZONED.replace("HEXNUMBERING", HEX_NUMBERING);
    let stacks = r#"    <VASSAL.build.module.map.SetupStack name="On a hex" owningBoard="Board" useGridLocation="true" location="0403" x="140" y="192">
      <VASSAL.build.widget.PieceSlot entryName="A" gpid="2">+/null/piece;;;a.png;A/null;0;0;2;0</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.module.map.SetupStack>
    <VASSAL.build.module.map.SetupStack name="By pixels" owningBoard="Board" useGridLocation="false" x="22" y="120">
      <VASSAL.build.widget.PieceSlot entryName="B" gpid="3">+/null/piece;;;a.png;B/null;0;0;3;0</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.module.map.SetupStack>
  </VASSAL.build.module.Map>"#;
    let buildfile = BUILDFILE
        .replace("GRID", &zoned)
        .replace("  </VASSAL.build.module.Map>", stacks);
    zip(
        &module,
        &[
            ("buildFile.xml", buildfile.as_bytes()),
            ("images/board.png", &blank_png(200, 200)),
            ("images/a.png", &png()),
        ],
    );
    let rebuilt = round_trip(&module, tmp.path());
    let scenario = std::fs::read_to_string(tmp.path().join("game/scenarios/at-start-stacks.toml"))
        .expect("scenario");
    assert!(
        scenario.contains("at = \"x-0403\"") && scenario.contains("at = \"x-0101\""),
        "in the hexes' areas: {scenario}"
    );
    let report = inspect(&rebuilt);
    let placed: Vec<(String, String, String)> = setup_pieces(&report, &|piece| {
        (
            piece["name"].as_str().unwrap_or_default().to_string(),
            piece["map"].as_str().unwrap_or_default().to_string(),
            piece["location"].as_str().unwrap_or_default().to_string(),
        )
    })
    .into_values()
    .flatten()
    .collect();
    let on = |name: &str, hex: &str| (name.to_string(), "Main".to_string(), hex.to_string());
    // `B` at (22, 120) is in hex 0101, centred at (20, 123).
    assert_eq!(placed, [on("A", "0403"), on("B", "0101")], "{report}");
}

/// The public modules of `$SANDTABLE_PUBLIC_MODULES`, else `../shared/public-modules`
/// (their sources and licences are in the folder's README): `None`, with a message, when
/// the folder is absent.
fn public_modules() -> Option<PathBuf> {
    let dir = std::env::var_os("SANDTABLE_PUBLIC_MODULES")
        .map(PathBuf::from)
        .unwrap_or_else(|| shared().join("public-modules"));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: {} is absent (set SANDTABLE_PUBLIC_MODULES to the folder of public modules)",
            dir.display()
        );
        None
    }
}

/// Public modules with their pictures (their sources, commits and licences are in the
/// folder's README): Ragnarok and the hex-and-counters template (CC0,
/// github.com/jzedwards/vassal-hex-n-counters-template), the VASSAL programming sample
/// (LGPL-2.1, github.com/yiyuezhuo/Vassal-Programming-Sample), Commands & Colors:
/// Napoleonics (github.com/riverwanderer/ccnapoleonics), The Fields of Normandy 2
/// (github.com/marangonico/The_Fields_of_Normandy_2), Warhammer Underworlds
/// (github.com/PompolutZ/wu_vassal_mod), VSQL (github.com/BrentEaston/vsql), Bushido Risen
/// Sun, Dreadball and BBVassal — imported (`--allow-missing-images` for those that name
/// pictures they do not hold), checked clean and built: every predefined set-up holds the
/// same pieces at the same location names, the palettes the same pieces with the same
/// pictures, and the module built the original's map windows, decks (same cards, same
/// place), global properties, turn trackers and chart windows. A module absent from the
/// folder is skipped, with a message; each says what it compared.
#[test]
fn public_modules_round_trip() {
    let Some(folder) = public_modules() else {
        return;
    };
    // (module, predefined set-ups, palette pieces at least, names pictures it lacks)
    for (module, set_ups, palette, incomplete) in [
        ("ragnarok.vmod", 1, 30, true),
        ("hex-n-counters-template.vmod", 0, 8, true),
        ("programming-sample.vmod", 0, 2, false),
        ("ccnapoleonics.vmod", 189, 400, false),
        ("fields-of-normandy-2.vmod", 0, 10, false),
        ("warhammer-underworlds.vmod", 1, 500, false),
        ("vsql.vmod", 0, 200, true),
        ("bushido-risen-sun.vmod", 0, 10, true),
        ("dreadball.vmod", 0, 10, true),
        ("bbvassal.vmod", 0, 100, true),
    ] {
        let vmod = folder.join(module);
        if !vmod.is_file() {
            eprintln!("skipped: {} is absent", vmod.display());
            continue;
        }
        let tmp = tempfile::tempdir().expect("tmp");
        let dir = tmp.path().join("game");
        let mut import = vec!["import", p(&vmod), "-o", p(&dir)];
        if incomplete {
            import.push("--allow-missing-images");
        }
        let (code, out, err) = run(&import);
        assert_eq!(code, 0, "{module}: import: {out}{err}");
        let (code, out, err) = run(&["check", p(&dir)]);
        assert_eq!(code, 0, "{module}: check: {out}{err}");
        assert!(!err.contains("warning"), "{module}: check is clean: {err}");
        let rebuilt = tmp.path().join("rebuilt.vmod");
        let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
        assert_eq!(code, 0, "{module}: build: {out}{err}");
        let (before, after) = (inspect(&vmod), inspect(&rebuilt));
        let (old, new) = (setup_locations(&before), setup_locations(&after));
        assert_eq!(old.len(), set_ups, "{module}: {:?}", old.keys());
        let mut placed = 0;
        for (name, pieces) in &old {
            let (moved, lacks) = moved_pieces(pieces, &new[name]);
            assert!(
                moved.is_empty(),
                "{module}: set-up `{name}`: moved {moved:?}"
            );
            assert_eq!(lacks, 0, "{module}: set-up `{name}`: pieces lacking");
            placed += pieces.len();
        }
        let (old_palette, new_palette) = (palette_images(&vmod), palette_images(&rebuilt));
        assert!(
            old_palette.len() >= palette,
            "{module}: {} palette pieces",
            old_palette.len()
        );
        for (piece, pictures) in &old_palette {
            assert_eq!(
                new_palette.get(piece),
                Some(pictures),
                "{module}: `{piece}`"
            );
        }
        let original = kept_components(&vmod);
        let lacks = kept_lacking(&vmod, &original, &kept_components(&rebuilt));
        // Known losses, each with its reason: Dreadball's main window has a pitch whose
        // picture its repository lacks (`Laser Pitch`), so that board is no game map while
        // its five others are, and a window only partly made game maps is not built again.
        let known: &[&str] = match module {
            "dreadball.vmod" => &["window Main Map"],
            _ => &[],
        };
        assert_eq!(lacks, known, "{module}: the module built lacks {lacks:?}");
        println!(
            "{module}: compared {} set-ups ({placed} set-up pieces at their location names), {} palette pieces and their pictures, {}",
            old.len(),
            old_palette.len(),
            kept_counts(&original)
        );
    }
}

/// A module's pieces that name pictures it does not hold are refused unless
/// `--allow-missing-images`, which imports them with a note, the counter's traits naming the
/// picture still.
#[test]
fn missing_piece_pictures_are_allowed_when_asked() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    zip(
        &module,
        &[
            ("buildFile.xml", BUILDFILE.replace("GRID", HEX).as_bytes()),
            ("images/board.png", &png()),
        ],
    );
    let dir = tmp.path().join("game");
    let (code, out, err) = run(&[
        "import",
        p(&module),
        "-o",
        p(&dir),
        "--allow-missing-images",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(v["notes"].to_string().contains("`a.png`"), "{v}");
    let (code, out, err) = run(&["check", p(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    let kept = std::fs::read_to_string(dir.join("vassal/kept.xml")).expect("kept");
    assert!(
        kept.contains("a.png"),
        "the piece's traits name its picture"
    );
}

/// `--save` and `--extension` belong to a VASSAL module: with a Diplomacy board they are a
/// usage error (exit 2), nothing written.
#[test]
fn vassal_options_with_a_board_are_a_usage_error() {
    let tmp = tempfile::tempdir().expect("tmp");
    let board = root().join("tests/fixtures/dpjudge-standard/standard.map");
    assert!(board.is_file(), "{}", board.display());
    for option in ["--save", "--extension"] {
        let dir = tmp.path().join("game");
        let (code, out, err) = run(&["import", p(&board), option, "x.vsav", "-o", p(&dir)]);
        assert_eq!(code, 2, "{option}: {out}{err}");
        assert!(
            err.contains(option) && err.contains("VASSAL module"),
            "{err}"
        );
        assert!(!dir.exists());
    }
}

/// An extension with a palette of its own adding a piece to the module's palette: merged,
/// its piece becomes a counter with its picture, and the rebuilt module's palette shows it;
/// an extension adding to a component the module lacks is refused, nothing written.
#[test]
fn an_extension_is_merged_into_the_module() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    zip(
        &module,
        &[
            ("buildFile.xml", BUILDFILE.replace("GRID", HEX).as_bytes()),
            // A folder entry, as the VASSAL editor writes (Kassala has one).
            ("images/", b""),
            ("images/board.png", &png()),
            ("images/a.png", &png()),
        ],
    );
    let slot = |name: &str, image: &str| {
        format!(
            "<VASSAL.build.widget.PieceSlot entryName=\"{name}\" gpid=\"x1\" height=\"10\" width=\"10\">+/null/piece;;;{image};{name}/null;0;0;x1;0</VASSAL.build.widget.PieceSlot>"
        )
    };
    let extension = |target: &str| {
        format!(
            "<VASSAL.build.module.ModuleExtension module=\"Tiny\" version=\"1\"><VASSAL.build.module.ExtensionElement target=\"{target}\">{}</VASSAL.build.module.ExtensionElement></VASSAL.build.module.ModuleExtension>",
            slot("Reinforcement", "b.png")
        )
    };
    let target = "VASSAL.build.module.PieceWindow:Pieces";
    let vmdx = tmp.path().join("more.vmdx");
    zip(
        &vmdx,
        &[
            ("buildFile.xml", extension(target).as_bytes()),
            ("extensiondata", b"<data/>"),
            ("images/b.png", &blank_png(3, 3)),
        ],
    );
    let dir = tmp.path().join("game");
    let (code, out, err) = run(&["import", p(&module), "--extension", p(&vmdx), "-o", p(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    let counters = std::fs::read_to_string(dir.join("counters.toml")).expect("counters");
    assert!(counters.contains("Reinforcement"), "{counters}");
    let (code, out, err) = run(&["check", p(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    let rebuilt = tmp.path().join("rebuilt.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&rebuilt)]);
    assert_eq!(code, 0, "{out}{err}");
    let images = palette_images(&rebuilt);
    assert_eq!(
        images.get("Reinforcement").map(|v| v[0].1.clone()),
        Some(blank_png(3, 3)),
        "{:?}",
        images.keys()
    );

    let wrong = tmp.path().join("wrong.vmdx");
    zip(
        &wrong,
        &[(
            "buildFile.xml",
            extension("VASSAL.build.module.PieceWindow:Nowhere").as_bytes(),
        )],
    );
    let dir = tmp.path().join("refused");
    let (code, _, err) = run(&[
        "import",
        p(&module),
        "--extension",
        p(&wrong),
        "-o",
        p(&dir),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("extension-unreadable") && err.contains("Nowhere"),
        "{err}"
    );
    assert!(!dir.exists());
}

/// A hex board whose picture is a JPEG (the language takes PNGs): the picture is copied, the
/// map drawn by sandtable with the module's grid, and the game checks clean.
#[test]
fn a_hex_board_with_a_jpeg_picture_imports_and_checks() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("tiny.vmod");
    let jpeg: &[u8] =
        b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9";
    zip(
        &module,
        &[
            (
                "buildFile.xml",
                BUILDFILE
                    .replace("GRID", HEX)
                    .replace("board.png", "board.jpg")
                    .as_bytes(),
            ),
            ("images/board.jpg", jpeg),
            ("images/a.png", &png()),
        ],
    );
    let dir = tmp.path().join("game");
    let (code, out, err) = run(&["import", p(&module), "-o", p(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("the hex map drawn by sandtable"), "{out}");
    assert!(dir.join("art/board.jpg").is_file());
    let (code, out, err) = run(&["check", p(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
}

/// A module with what the language cannot say of it — a deck on its hex board in a map
/// folder, a deck on a board without a grid in a window of its own, a player's hand of no
/// grid in a toolbar folder beside a die, a global property (and one in a folder), a turn
/// tracker, a chart window — imported and built: the module built holds each as the
/// original did (the deck on the hex board's map at the same place on its board, in its
/// folder; the windows of no game map built again, the hand in its folder with the die), and
/// its slots' numbers are all different.
#[test]
fn decks_windows_properties_turn_trackers_and_charts_are_built_again() {
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("decks.vmod");
    let card = |name: &str, image: &str, gpid: u32| {
        format!(
            r#"<VASSAL.build.widget.CardSlot entryName="{name}" gpid="{gpid}">+/null/piece;;;{image};{name}/null;0;0;{gpid};0</VASSAL.build.widget.CardSlot>"#
        )
    };
    let deck = |name: &str, board: &str, x: i32, y: i32, cards: String| {
        format!(
            r#"<VASSAL.build.module.map.DrawPile name="{name}" owningBoard="{board}" x="{x}" y="{y}" width="40" height="40" faceDown="Always" shuffle="Always" draw="true" allowMultiple="false" reversible="false">{cards}</VASSAL.build.module.map.DrawPile>"#
        )
    };
    let buildfile = BUILDFILE.replace("GRID", HEX).replace(
        "  </VASSAL.build.module.Map>\n",
        &format!(
            r#"    <VASSAL.build.module.folder.MapSubFolder name="Decks">{}</VASSAL.build.module.folder.MapSubFolder>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Storage">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="shelf.png" name="Shelf"/>
    </VASSAL.build.module.map.BoardPicker>
    {}
  </VASSAL.build.module.Map>
  <VASSAL.build.module.folder.ModuleSubFolder name="Hands">
    <VASSAL.build.module.PlayerHand mapName="Blue Hand" side="Blue">
      <VASSAL.build.module.map.BoardPicker>
        <VASSAL.build.module.map.boardPicker.Board image="shelf.png" name="Hand"/>
      </VASSAL.build.module.map.BoardPicker>
    </VASSAL.build.module.PlayerHand>
    <VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6"/>
    <VASSAL.build.module.NotesWindow name="Notes"/>
  </VASSAL.build.module.folder.ModuleSubFolder>
  <VASSAL.build.module.properties.GlobalProperties>
    <VASSAL.build.module.properties.GlobalProperty name="Score" initialValue="3" isNumeric="true" min="0" max="9" wrap="false" description="Score"/>
    <VASSAL.build.module.folder.GlobalPropertyFolder name="More">
      <VASSAL.build.module.properties.GlobalProperty name="Morale" initialValue="5" isNumeric="true" min="0" max="9" wrap="false" description="Morale"/>
    </VASSAL.build.module.folder.GlobalPropertyFolder>
  </VASSAL.build.module.properties.GlobalProperties>
  <VASSAL.build.module.turn.TurnTracker name="Turns" turnFormat="$level1$">
    <VASSAL.build.module.turn.CounterTurnLevel property="Turn" start="1" incr="1" loop="false" turnFormat="Turn $value$"/>
  </VASSAL.build.module.turn.TurnTracker>
  <VASSAL.build.module.ChartWindow name="Aids" text="Aids">
    <VASSAL.build.widget.Chart chartName="CRT" fileName="crt.png"/>
  </VASSAL.build.module.ChartWindow>
"#,
            deck("Draw", "Board", 50, 60, card("Card A", "a.png", 7)),
            deck(
                "Stock",
                "Shelf",
                10,
                20,
                card("Card B", "b.png", 8) + &card("Card C", "a.png", 9)
            ),
        ),
    );
    zip(
        &module,
        &[
            ("buildFile.xml", buildfile.as_bytes()),
            ("images/board.png", &blank_png(200, 200)),
            ("images/shelf.png", &blank_png(100, 100)),
            ("images/a.png", &png()),
            ("images/b.png", &png()),
            ("images/crt.png", &png()),
        ],
    );
    let rebuilt = round_trip(&module, tmp.path());
    let original = kept_components(&module);
    assert_eq!(
        kept_counts(&original),
        "3 windows, 2 decks, 1 turn trackers, 1 chart windows, 2 global properties",
        "{original:?}"
    );
    let lacks = kept_lacking(&module, &original, &kept_components(&rebuilt));
    assert!(lacks.is_empty(), "the module built lacks {lacks:?}");
    // Each deck on its window, on the board its map was made from.
    let report = inspect(&rebuilt);
    let decks: Vec<(String, String, String)> = report["module"]["maps"]
        .as_array()
        .expect("maps")
        .iter()
        .flat_map(|m| {
            m["decks"].as_array().into_iter().flatten().map(move |d| {
                (
                    m["name"].as_str().unwrap_or_default().to_string(),
                    d["name"].as_str().unwrap_or_default().to_string(),
                    d["owning_board"].as_str().unwrap_or_default().to_string(),
                )
            })
        })
        .collect();
    assert_eq!(
        decks,
        [
            ("Main".to_string(), "Draw".to_string(), "Main".to_string()),
            ("Storage".into(), "Stock".into(), "Shelf".into())
        ],
        "{decks:?}"
    );
    let (_, tree) = module_parts(&rebuilt);
    // The deck in its map folder, the hand and the die in their toolbar folder.
    let main = tree
        .children_of("Map")
        .find(|m| m.attr("mapName") == Some("Main"))
        .expect("Main");
    let folder = main.children_of("MapSubFolder").next().expect("map folder");
    assert_eq!(folder.attr("name"), Some("Decks"));
    assert_eq!(folder.children_of("DrawPile").count(), 1);
    let hands = tree
        .children_of("ModuleSubFolder")
        .find(|f| f.attr("name") == Some("Hands"))
        .expect("the folder Hands");
    let classes: Vec<&str> = hands.children.iter().map(|c| c.short_name()).collect();
    assert_eq!(classes, ["PlayerHand", "DiceButton"], "{classes:?}");
    let mut gpids: Vec<&str> = tree
        .descendants()
        .filter(|e| e.is_class("PieceSlot") || e.is_class("CardSlot"))
        .filter_map(|e| e.attr("gpid"))
        .collect();
    let all = gpids.len();
    gpids.sort_unstable();
    gpids.dedup();
    assert_eq!(gpids.len(), all, "each slot its own number");
}

/// A predefined set-up of a module with decks — cards dealt into a deck on a board that
/// becomes a game map and into one in a window built again, a deck left empty, a card in
/// a player's hand — is built again with each deck holding the same cards at its
/// `DrawPile`'s place, the empty deck there too, and the hand's card in the hand: a game
/// opened from it has its decks (the set-up says `SETUP_STACK`, so VASSAL deals none). The
/// window's own global property is on the game map made from its board.
#[test]
fn a_set_ups_decks_and_windows_hold_the_same_cards_when_built_again() {
    use sandtable::vassal::save::writer::{SetupDeck, SetupPiece, SetupWriter, VsavOptions};
    let tmp = tempfile::tempdir().expect("tmp");
    let module = tmp.path().join("cards.vmod");
    let card = |name: &str, gpid: u32| {
        format!(
            r#"<VASSAL.build.widget.CardSlot entryName="{name}" gpid="{gpid}">+/null/piece;;;a.png;{name}/null;0;0;{gpid};0</VASSAL.build.widget.CardSlot>"#
        )
    };
    let deck = |name: &str, board: &str, x: i32, y: i32, cards: String| {
        format!(
            r#"<VASSAL.build.module.map.DrawPile name="{name}" owningBoard="{board}" x="{x}" y="{y}" width="40" height="40" faceDown="Never" shuffle="Never" draw="true" reshufflable="false">{cards}</VASSAL.build.module.map.DrawPile>"#
        )
    };
    let buildfile = BUILDFILE
        .replace("GRID", HEX)
        .replace(
            "  </VASSAL.build.module.Map>\n",
            &format!(
                r#"    {}
    {}
    <VASSAL.build.module.properties.GlobalProperties>
      <VASSAL.build.module.properties.GlobalProperty name="mapChatName" initialValue="The table" isNumeric="false" description=""/>
    </VASSAL.build.module.properties.GlobalProperties>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Storage">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="shelf.png" name="Shelf"/>
    </VASSAL.build.module.map.BoardPicker>
    {}
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PlayerHand mapName="Blue Hand" side="Blue">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="shelf.png" name="Hand"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.PlayerHand>
  <VASSAL.build.module.PredefinedSetup name="Opening" file="opening.vsav" useFile="true" isMenu="false"/>
"#,
                deck("Draw", "Board", 50, 60, card("Ace", 7) + &card("King", 8)),
                deck("Discard", "Board", 150, 60, String::new()),
                deck("Stock", "Shelf", 10, 20, card("Queen", 9) + &card("Jack", 10)),
            ),
        );
    // The set-up: Ace and King in Draw, Queen in Stock, Jack in Blue's hand, Discard empty.
    let piece = |id: &str, name: &str, gpid: u32, map: &str, x: i32, y: i32| SetupPiece {
        id: id.into(),
        type_string: format!("piece;;;a.png;{name}"),
        state_string: format!("{map};{x};{y};{gpid};0"),
    };
    let mut setup = SetupWriter::new();
    setup.pieces = vec![
        piece("1", "Ace", 7, "Main", 50, 60),
        piece("2", "King", 8, "Main", 50, 60),
        piece("3", "Queen", 9, "Storage", 10, 20),
        piece("4", "Jack", 10, "Blue Hand", 30, 40),
    ];
    let deck_of = |id: &str, name: &str, map: &str, x: i32, y: i32, cards: &[&str]| SetupDeck {
        id: id.into(),
        type_string: format!("deck;true;0,0,0;40;40;Never;Never;false;false;false;;;;{name}"),
        map: map.into(),
        x,
        y,
        face_down: false,
        cards: cards.iter().map(|c| c.to_string()).collect(),
    };
    setup.decks = vec![
        deck_of("5", "Draw", "Main", 50, 60, &["1", "2"]),
        deck_of("6", "Discard", "Main", 150, 60, &[]),
        deck_of("7", "Stock", "Storage", 10, 20, &["3"]),
    ];
    setup.setup_stack_flag = true;
    let vsav = setup.to_vsav(&VsavOptions::default()).expect("vsav");
    zip(
        &module,
        &[
            ("buildFile.xml", buildfile.as_bytes()),
            ("opening.vsav", &vsav),
            ("images/board.png", &blank_png(200, 200)),
            ("images/shelf.png", &blank_png(100, 100)),
            ("images/a.png", &png()),
        ],
    );
    let rebuilt = round_trip(&module, tmp.path());
    // The window's own property, on the game map made from its board.
    let lacks = kept_lacking(
        &module,
        &kept_components(&module),
        &kept_components(&rebuilt),
    );
    assert!(lacks.is_empty(), "the module built lacks {lacks:?}");
    // The set-up's decks, read from each module's `.vsav`: (name, map, x, y, cards).
    let decks = |vmod: &Path, file: &str| -> Vec<(String, String, i64, i64, i64)> {
        let mut archive = Archive::open(vmod).expect("module");
        let at = tmp.path().join(format!(
            "{}.vsav",
            vmod.file_stem().unwrap().to_string_lossy()
        ));
        std::fs::write(&at, archive.read(file).expect("set-up")).expect("write");
        let report = inspect(&at);
        let mut out: Vec<_> = report["save"]["decks"]
            .as_array()
            .expect("decks")
            .iter()
            .map(|d| {
                (
                    d[0].as_str().unwrap_or_default().to_string(),
                    d[1].as_str().unwrap_or_default().to_string(),
                    d[2].as_i64().unwrap_or_default(),
                    d[3].as_i64().unwrap_or_default(),
                    d[4].as_i64().unwrap_or_default(),
                )
            })
            .collect();
        out.sort();
        out
    };
    let (_, tree) = module_parts(&rebuilt);
    let file = tree
        .descendants()
        .find(|e| e.is_class("PredefinedSetup") && e.attr("name") == Some("Opening"))
        .and_then(|e| e.attr("file"))
        .expect("the set-up Opening")
        .to_string();
    let built = decks(&rebuilt, &file);
    // The game map made from Main's board has an edge around its picture: the same point
    // of the board.
    let (ex, ey) = sandtable::layout::vassal::EDGE;
    let (ex, ey) = (i64::from(ex), i64::from(ey));
    assert_eq!(
        built,
        [
            (
                "Discard".to_string(),
                "Main".to_string(),
                150 + ex,
                60 + ey,
                0
            ),
            ("Draw".into(), "Main".into(), 50 + ex, 60 + ey, 2),
            ("Stock".into(), "Storage".into(), 10, 20, 1),
        ],
        "{built:?}"
    );
    // Every card at the same location name as in the original (a deck's card at its
    // deck), the hand's card in the hand.
    let (old, new) = (
        setup_locations(&inspect(&module)),
        setup_locations(&inspect(&rebuilt)),
    );
    assert_eq!(old["Opening"], new["Opening"]);
    let maps = setup_pieces(&inspect(&rebuilt), &|piece| {
        (
            piece["name"].as_str().unwrap_or_default().to_string(),
            piece["map"].as_str().unwrap_or_default().to_string(),
        )
    });
    assert!(
        maps["Opening"].contains(&("Jack".to_string(), "Blue Hand".to_string())),
        "{maps:?}"
    );
}

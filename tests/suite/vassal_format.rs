//! Integration tests of the VASSAL format layer against every real file in the shared
//! corpus and samples (skipped, with a message, when `../shared` is absent), with concrete
//! facts checked for each module and save.

use std::path::{Path, PathBuf};

use sandtable::vassal::grid::{Grid, Point};
use sandtable::vassal::inspect::{
    inspect, inspect_with_module, render_text, run_inspect, FileKind, InspectError, ModuleInfo,
    PieceReport, Report,
};
use sandtable::vassal::save::SaveGame;

fn shared() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipping: shared reference data {} is absent",
            dir.display()
        );
        None
    }
}

fn shared_file(relative: &str) -> Option<PathBuf> {
    let path = shared()?.join(relative);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipping: {} is absent", path.display());
        None
    }
}

/// Whether a file is one VASSAL itself reads (as opposed to images, help, notes).
fn is_vassal_file(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    matches!(name, "buildFile" | "buildFile.xml" | "moduledata")
        || matches!(extension, "vmod" | "vsav" | "sav" | "vlog")
}

#[test]
fn every_shared_file_inspects_or_is_clearly_not_vassal() {
    let Some(dir) = shared() else { return };
    let mut inspected = 0;
    for root in ["corpus", "reference/samples"] {
        for entry in walkdir::WalkDir::new(dir.join(root)).into_iter().flatten() {
            if !entry.file_type().is_file() {
                continue;
            }
            let path = entry.path();
            match inspect(path) {
                Ok(report) => {
                    assert!(!render_text(&report).is_empty());
                    serde_json::to_string(&report).expect("report serialises");
                    inspected += 1;
                }
                Err(InspectError::NotVassal { reason, .. }) => {
                    assert!(!is_vassal_file(path), "{}: {reason}", path.display());
                    assert!(!reason.is_empty());
                }
                Err(error) => panic!("{}: {error}", path.display()),
            }
        }
    }
    assert!(inspected >= 20, "only {inspected} VASSAL files found");
}

fn module(report: &Report) -> &ModuleInfo {
    report.module.as_ref().expect("a module report")
}

fn save_pieces(report: &Report) -> &[PieceReport] {
    &report.save.as_ref().expect("a save report").pieces
}

#[test]
fn kassala_module_and_setup() {
    let (Some(vmod), Some(unpacked)) = (
        shared_file("corpus/kassala/Kassala.vmod"),
        shared_file("corpus/kassala/unpacked/buildFile.xml"),
    ) else {
        return;
    };
    let report = inspect(&vmod).expect("Kassala inspects");
    assert_eq!(report.kind, FileKind::Module);
    let kassala = module(&report);
    assert_eq!(kassala.name.as_deref(), Some("Kassala"));
    assert_eq!(kassala.vassal_version.as_deref(), Some("3.6.6"));
    assert_eq!(kassala.piece_slots, 36);
    let map = &kassala.maps[0];
    assert_eq!(map.name, "Main Map");
    assert_eq!(map.at_start_stacks.len(), 21);
    let board = &map.boards[0];
    assert_eq!(board.name, "Kassala");
    let size = board.size.expect("size read from Mapboard.png");
    assert_eq!((size.width, size.height), (2048, 2593));
    let Some(Grid::Hex(hex)) = &board.grid else {
        panic!("Kassala has a hex grid");
    };
    assert!((hex.dx - 227.9).abs() < 1e-6 && (hex.dy - 265.9).abs() < 1e-6);
    assert_eq!((hex.x0, hex.y0, hex.sideways), (51, 55, false));
    assert!(hex.numbering.is_none());
    // The unpacked copy describes the same maps (board size from images/ beside it).
    let unpacked_report = inspect(&unpacked).expect("unpacked inspects");
    assert_eq!(unpacked_report.kind, FileKind::BuildFile);
    assert_eq!(module(&unpacked_report).maps, kassala.maps);
    // The predefined setup inside the vmod: every piece sits exactly on a hex centre.
    let setup = &kassala.setups[0];
    assert_eq!(setup.name, "Default Setup");
    let pieces = setup.pieces.as_ref().expect("setup read from the vmod");
    assert_eq!(pieces.len(), 23);
    for piece in pieces {
        assert_eq!(piece.board.as_deref(), Some("Kassala"));
        // No numbering: VASSAL names every point "offboard".
        assert_eq!(piece.location.as_deref(), Some("offboard"));
        let p = Point::new(piece.x, piece.y);
        assert_eq!(
            hex.raw_center(hex.raw_column(p), hex.raw_row(p)),
            p,
            "{}",
            piece.name
        );
    }
}

#[test]
fn almoravid_zones_regions_and_scenarios() {
    let Some(buildfile) = shared_file("corpus/almoravid/buildFile.xml") else {
        return;
    };
    let report = inspect(&buildfile).expect("Almoravid inspects");
    let almoravid = module(&report);
    assert_eq!(almoravid.zones, 70);
    assert_eq!(almoravid.regions, 190);
    assert_eq!((almoravid.piece_slots, almoravid.card_slots), (270, 112));
    assert!(almoravid.maps.iter().any(|m| m.class == "PrivateMap"));
    let main = almoravid
        .maps
        .iter()
        .find(|m| m.name == "Main Map")
        .expect("main map");
    assert!(matches!(main.boards[0].grid, Some(Grid::Zoned(_))));
    assert_eq!(main.decks.len(), 8);
    for scenario in [
        "Scenario_A_Toledo_Beset.vsav",
        "Scenario_B_Quelling_of_the_Tajo.vsav",
    ] {
        let Some(save) = shared_file(&format!("corpus/almoravid/{scenario}")) else {
            return;
        };
        let report = inspect_with_module(&save, &buildfile).expect("scenario inspects");
        let pieces = save_pieces(&report);
        assert!(pieces.len() > 300, "{scenario}: {} pieces", pieces.len());
        let on_main: Vec<_> = pieces
            .iter()
            .filter(|p| p.map.as_deref() == Some("Main Map"))
            .collect();
        assert!(on_main.len() > 100);
        assert!(
            on_main
                .iter()
                .all(|p| p.location.as_deref().is_some_and(|l| l != "offboard")),
            "{scenario}: every main-map piece is in a zone, region or deck"
        );
        assert!(pieces
            .iter()
            .any(|p| p.location.as_deref() == Some("Toledo")));
    }
}

#[test]
fn tld_saves_old_and_plain_text() {
    let Some(buildfile) = shared_file("corpus/tld/buildFile") else {
        return;
    };
    let report = inspect(&buildfile).expect("legacy buildFile inspects");
    let tld = module(&report);
    let normandy = tld
        .maps
        .iter()
        .find(|m| m.name == "Normandy")
        .expect("Normandy");
    let Some(Grid::Zoned(zoned)) = &normandy.boards[0].grid else {
        panic!("Normandy has a zoned grid");
    };
    assert_eq!(zoned.zones.len(), 2);
    let Some(Grid::Hex(hex)) = zoned.background.as_deref() else {
        panic!("over a hex grid");
    };
    assert!(hex.numbering.is_some());
    if let Some(plain) = shared_file("corpus/tld/scenarios/scenario_5.sav") {
        let save = SaveGame::read(&plain).expect("plain-text save");
        assert!(!save.zipped && save.obfuscation_key.is_none());
        let report = inspect(&plain).expect("plain-text save inspects");
        assert_eq!(report.kind, FileKind::Save);
        assert_eq!(report.save.as_ref().expect("save").boards.len(), 10);
    }
    if let Some(campaign) = shared_file("corpus/tld/scenarios/campaign.sav") {
        let report = inspect_with_module(&campaign, &buildfile).expect("campaign inspects");
        let pieces = save_pieces(&report);
        assert!(pieces.len() > 2000);
        let piece = pieces
            .iter()
            .find(|p| (p.x, p.y) == (2752, 1824) && p.map.as_deref() == Some("Normandy"))
            .expect("a unit at (2752, 1824)");
        assert_eq!(piece.location.as_deref(), Some("5029"));
        let named = pieces
            .iter()
            .filter(|p| p.map.as_deref() == Some("Normandy"))
            .filter(|p| p.location.as_deref().is_some_and(|l| l.len() == 4))
            .count();
        assert!(named > 300, "{named} Normandy pieces with a hex name");
    }
}

#[test]
fn zxvt_log_locations_match_its_own_chat() {
    let (Some(log), Some(buildfile)) = (
        shared_file("corpus/zxvt/5x5_startup.vlog"),
        shared_file("corpus/zxvt/buildFile"),
    ) else {
        return;
    };
    let module_report = inspect(&buildfile).expect("VASSAL 3.2 buildFile inspects");
    let zxvt = module(&module_report);
    assert_eq!(zxvt.root_class, "VASSAL.launch.BasicModule");
    assert!(matches!(zxvt.maps[0].boards[0].grid, Some(Grid::Square(_))));
    let report = inspect_with_module(&log, &buildfile).expect("log inspects");
    assert_eq!(report.kind, FileKind::Log);
    let pieces = save_pieces(&report);
    // The log's chat says where VASSAL put each new piece: "* <name> created in <location>".
    let save = SaveGame::read(&log).expect("log reads");
    let chats: Vec<(String, String)> = save
        .state()
        .unknown_commands
        .iter()
        .filter_map(|c| c.strip_prefix("CHAT* "))
        .filter_map(|c| c.split_once(" created in "))
        .map(|(name, location)| (name.to_string(), location.to_string()))
        .collect();
    assert_eq!(chats.len(), 6);
    for (piece, (name, location)) in pieces.iter().zip(&chats) {
        assert_eq!(&piece.name, name);
        assert_eq!(piece.location.as_deref(), Some(location.as_str()));
    }
}

#[test]
fn inferno_sample_save() {
    let Some(path) = shared_file("reference/samples/inferno-3.6.9/Scen1-DolentiNote1259.vsav")
    else {
        return;
    };
    let report = inspect(&path).expect("inferno save inspects");
    let save = report.save.as_ref().expect("save");
    assert!(save.obfuscated && save.setup_stack_flag);
    assert!(save.pieces.len() > 300);
    assert!(!save.decks.is_empty() && save.stacks > 100);
    assert!(save
        .global_properties
        .iter()
        .any(|(name, value, _)| name == "Turn" && value == "1"));
    assert!(
        save.pieces.iter().all(|p| p.location.is_none()),
        "no module given"
    );
}

#[test]
fn vive_lempereur_and_test_setups_modules() {
    if let Some(path) = shared_file("reference/samples/vive-lempereur-3.7.14/buildFile.xml") {
        let report = inspect(&path).expect("vive inspects");
        let vive = module(&report);
        assert_eq!(
            (vive.piece_slots, vive.prototypes.len(), vive.dice.len()),
            (129, 29, 13)
        );
        let Some(Grid::Zoned(zoned)) = &vive.maps[0].boards[0].grid else {
            panic!("a zoned grid");
        };
        assert!(matches!(zoned.background.as_deref(), Some(Grid::Hex(_))));
        assert_eq!(vive.setups[0].children.len(), 4);
        let json = run_inspect(&path, None, true).expect("JSON");
        assert!(json.contains("\"kind\": \"buildfile\""));
    }
    if let Some(path) =
        shared_file("reference/samples/test-predefined-setups/test-predefined-setups.vmod")
    {
        let report = inspect(&path).expect("test module inspects");
        let menu = &module(&report).setups[0];
        assert!(menu.is_menu && menu.children[0].is_menu);
    }
}

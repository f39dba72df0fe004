//! Tests of `inspect` on a synthetic module and setup, and on hostile input.

use std::path::Path;

use proptest::prelude::*;

use super::*;
use crate::vassal::archive::ArchiveBuilder;
use crate::vassal::save::writer::{SetupPiece, SetupWriter, VsavOptions};
use crate::vassal::save::BoardSetup;

const BUILDFILE: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.0" name="Example Hex Game" nextPieceSlotId="3" version="1.0">
    <VASSAL.build.module.BasicCommandEncoder/>
    <VASSAL.build.module.Map edgeHeight="10" edgeWidth="20" mapName="Main Map">
        <VASSAL.build.module.map.BoardPicker>
            <VASSAL.build.module.map.boardPicker.Board height="1000" name="Main Board" width="1000">
                <VASSAL.build.module.map.boardPicker.board.HexGrid dx="60.62" dy="70.0" x0="35" y0="35">
                    <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering stagger="false"/>
                </VASSAL.build.module.map.boardPicker.board.HexGrid>
            </VASSAL.build.module.map.boardPicker.Board>
        </VASSAL.build.module.map.BoardPicker>
        <VASSAL.build.module.map.SetupStack location="0607" name="Depot" useGridLocation="true">
            <VASSAL.build.widget.PieceSlot gpid="2">+/null/piece;;;d.png;Depot/null;0;0;2;0</VASSAL.build.widget.PieceSlot>
        </VASSAL.build.module.map.SetupStack>
    </VASSAL.build.module.Map>
    <VASSAL.build.module.PrototypesContainer>
        <VASSAL.build.module.PrototypeDefinition name="Unit">+/null/mark;Side	piece;;;;/Blue	null;0;0;;0</VASSAL.build.module.PrototypeDefinition>
    </VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.PieceWindow text="Pieces">
        <VASSAL.build.widget.TabWidget entryName="Forces">
            <VASSAL.build.widget.PieceSlot gpid="1">+/null/prototype;Unit	piece;;;u.png;Blue 1st/	null;0;0;1;0</VASSAL.build.widget.PieceSlot>
        </VASSAL.build.widget.TabWidget>
    </VASSAL.build.module.PieceWindow>
    <VASSAL.build.module.DiceButton nDice="2" nSides="6" name="2d6"/>
    <VASSAL.build.module.turn.TurnTracker name="Turn">
        <VASSAL.build.module.turn.CounterTurnLevel incr="1" name="Turn" property="TurnNumber" start="1">
            <VASSAL.build.module.turn.ListTurnLevel list="Blue,Red" name="Phase" property="Phase"/>
        </VASSAL.build.module.turn.CounterTurnLevel>
    </VASSAL.build.module.turn.TurnTracker>
    <VASSAL.build.module.ChartWindow name="Charts">
        <VASSAL.build.widget.Chart chartName="CRT" fileName="crt.png"/>
    </VASSAL.build.module.ChartWindow>
    <VASSAL.build.module.PredefinedSetup isMenu="true" name="Scenarios">
        <VASSAL.build.module.PredefinedSetup file="Scenario 1.vsav" name="Scenario 1" useFile="true"/>
        <VASSAL.build.module.PredefinedSetup file="Missing.vsav" name="Missing" useFile="true"/>
    </VASSAL.build.module.PredefinedSetup>
</VASSAL.build.GameModule>
"#;

const MODULEDATA: &str = "<?xml version=\"1.0\"?><data version=\"1\"><version>1.0</version><VassalVersion>3.7.0</VassalVersion><name>Example Hex Game</name></data>";

fn setup_bytes() -> Vec<u8> {
    let mut writer = SetupWriter::new();
    writer.pieces = vec![SetupPiece {
        id: "1001".into(),
        type_string: "mark;Side\tpiece;;;u.png;Blue 1st".into(),
        // Hex 0305 is (156, 315) on the board; the map adds the 20x10 edge.
        state_string: "Blue\tMain Map;176;325;1;0".into(),
    }];
    writer.boards = vec![BoardSetup::single("Main Map", "Main Board")];
    let options = VsavOptions {
        moduledata: Some(MODULEDATA.as_bytes().to_vec()),
        ..VsavOptions::default()
    };
    writer.to_vsav(&options).expect("setup packs")
}

fn module_bytes() -> Vec<u8> {
    let mut builder = ArchiveBuilder::new();
    builder.add("buildFile.xml", BUILDFILE).expect("name");
    builder.add("moduledata", MODULEDATA).expect("name");
    builder.add("Scenario 1.vsav", setup_bytes()).expect("name");
    builder.to_bytes().expect("module packs")
}

fn write_temp(dir: &Path, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("temp file");
    path
}

#[test]
fn inspects_a_module_with_its_setups() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write_temp(dir.path(), "example.vmod", &module_bytes());
    let report = inspect(&path).expect("inspects");
    assert_eq!(report.kind, FileKind::Module);
    let module = report.module.as_ref().expect("module");
    assert_eq!(module.name.as_deref(), Some("Example Hex Game"));
    assert_eq!(
        module.maps[0].at_start_stacks[0].location.as_deref(),
        Some("0607")
    );
    let scenarios = &module.setups[0];
    assert!(scenarios.is_menu);
    let pieces = scenarios.children[0].pieces.as_ref().expect("setup read");
    assert_eq!(pieces[0].name, "Blue 1st");
    assert_eq!(pieces[0].location.as_deref(), Some("0305"));
    assert_eq!(pieces[0].board.as_deref(), Some("Main Board"));
    assert!(scenarios.children[1].error.is_some());
    insta::assert_snapshot!(
        "synthetic_module",
        render_text(&report).replace(&report.file, "example.vmod")
    );
    let json = run_inspect(&path, None, true).expect("json");
    let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(
        value["module"]["maps"][0]["boards"][0]["grid"]["kind"],
        "Hex"
    );
}

#[test]
fn save_locations_come_from_the_module() {
    let dir = tempfile::tempdir().expect("temp dir");
    let module = write_temp(dir.path(), "example.vmod", &module_bytes());
    let save = write_temp(dir.path(), "game.vsav", &setup_bytes());
    let alone = inspect(&save).expect("save alone");
    let pieces = &alone.save.as_ref().expect("save").pieces;
    assert_eq!(
        (pieces[0].x, pieces[0].y, pieces[0].location.clone()),
        (176, 325, None)
    );
    let text = run_inspect(&save, Some(&module), false).expect("with module");
    assert!(
        text.contains("1001 \"Blue 1st\" \"Main Map\" (176, 325) @ \"0305\" board \"Main Board\""),
        "{text}"
    );
    let unpacked = write_temp(dir.path(), "buildFile.xml", BUILDFILE.as_bytes());
    let with_buildfile = inspect_with_module(&save, &unpacked).expect("with buildfile");
    assert_eq!(
        with_buildfile.save.expect("save").pieces[0]
            .location
            .as_deref(),
        Some("0305")
    );
}

#[test]
fn hostile_files_are_errors_not_panics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let module = module_bytes();
    let truncated = write_temp(dir.path(), "truncated.vmod", &module[..module.len() / 2]);
    assert!(inspect(&truncated).is_err());
    let mut slip = module.clone();
    let name = b"moduledata";
    let evil = b"../../evil";
    let mut replaced = 0;
    for i in 0..slip.len() - name.len() {
        if &slip[i..i + name.len()] == name {
            slip[i..i + name.len()].copy_from_slice(evil);
            replaced += 1;
        }
    }
    assert!(replaced >= 2);
    let slip = write_temp(dir.path(), "slip.vmod", &slip);
    assert!(matches!(
        inspect(&slip),
        Err(InspectError::Archive(ArchiveError::UnsafeName { .. }))
    ));
    let random = write_temp(dir.path(), "random.bin", &[7u8, 200, 3, 0, 99, 1]);
    assert!(matches!(
        inspect(&random),
        Err(InspectError::NotVassal { .. })
    ));
    let latin1 = write_temp(
        dir.path(),
        "buildFile",
        b"<VASSAL.launch.BasicModule name=\"Caf\xe9\"><VASSAL.build.module.Map mapName=\"M\xff\"/></VASSAL.launch.BasicModule>",
    );
    let report = inspect(&latin1).expect("lossy XML still inspects");
    assert_eq!(report.module.expect("module").maps[0].name, "M\u{fffd}");
    let not_module = write_temp(dir.path(), "buildFile.xml", b"<html><body/></html>");
    assert!(matches!(
        inspect(&not_module),
        Err(InspectError::NotVassal { .. })
    ));
    let missing = dir.path().join("nope.vmod");
    assert!(matches!(inspect(&missing), Err(InspectError::Io { .. })));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn garbage_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..600), cut in 0usize..3000) {
        let dir = tempfile::tempdir().expect("temp dir");
        let random = write_temp(dir.path(), "g.vsav", &bytes);
        let _ = inspect(&random);
        let module = module_bytes();
        let mut damaged = module[..cut.min(module.len())].to_vec();
        damaged.extend_from_slice(&bytes);
        let damaged = write_temp(dir.path(), "d.vmod", &damaged);
        let _ = inspect(&damaged);
    }
}

#[test]
fn lone_metadata_files_are_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write_temp(dir.path(), "moduledata", MODULEDATA.as_bytes());
    let report = inspect(&path).expect("metadata inspects");
    assert_eq!(report.kind, FileKind::Metadata);
    assert_eq!(
        report.metadata.and_then(|m| m.name).as_deref(),
        Some("Example Hex Game")
    );
}

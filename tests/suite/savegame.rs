//! The save adapter (`helpers/savegame.rs`) against the module `sandtable build` makes: a
//! predefined setup reads back as its scenario, the grids computed from the game's layout
//! name every piece as the module's own grids do, and the Out of Supply layer edits touch
//! nothing else. (These tests build a module, which the helpers themselves never do.)

use std::collections::BTreeSet;

use sandtable::helpers::positions::{Position, Positions};
use sandtable::helpers::savegame::*;
use sandtable::model::{CounterId, Game, Location};
use sandtable::vassal::archive::Archive;
use sandtable::vassal::save::{GameState, SaveGame};

fn mini() -> Game {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini");
    sandtable::check::check_dir(&dir)
        .expect("loads")
        .game
        .expect("checks")
}

/// The mini game's module, built in memory, and its one predefined setup.
fn module(game: &Game) -> (Vec<u8>, SaveGame) {
    let m = sandtable::emit::vassal::build(game).expect("builds");
    let bytes = m.archive.to_bytes().expect("zip");
    let mut a =
        Archive::from_bytes(bytes.clone(), std::path::Path::new("mini.vmod")).expect("archive");
    let file = &m.summary.setups[0].file;
    let setup = SaveGame::from_bytes(a.read(file).expect("entry"), file.as_ref()).expect("a save");
    (bytes, setup)
}

#[test]
fn a_predefined_setup_reads_back_as_its_scenario() {
    let g = mini();
    let (_, setup) = module(&g);
    let state = setup.state();
    let sp = positions_from_save(&g, &state, &build_maps(&g));
    assert!(sp.unknown.is_empty(), "{:?}", sp.unknown);
    assert!(sp.off_grid.is_empty(), "{:?}", sp.off_grid);
    assert!(sp.matched_by_slot.is_empty());
    let scenario = Positions::from_scenario(&g.scenarios[0]);
    let got: Vec<(CounterId, Location, bool)> = sp
        .positions
        .units
        .iter()
        .map(|p| (p.counter, p.location, p.reduced))
        .collect();
    let want: Vec<(CounterId, Location, bool)> = scenario
        .units
        .iter()
        .map(|p| (p.counter, p.location, p.reduced))
        .collect();
    assert_eq!(got, want);
    assert_eq!(sp.positions.turn, scenario.turn);
    assert_eq!(sp.positions.tracks, scenario.tracks);
}

#[test]
fn the_computed_grids_name_every_setup_piece_as_the_module_does() {
    let g = mini();
    let (bytes, setup) = module(&g);
    let tmp = tempfile::tempdir().expect("tmp");
    let path = tmp.path().join("mini.vmod");
    std::fs::write(&path, bytes).expect("write");
    let info = sandtable::vassal::inspect::inspect(&path)
        .expect("inspect")
        .module
        .expect("a module");
    let state = setup.state();
    let from_module = positions_from_save(&g, &state, &module_maps(&g, &info.maps, &state));
    let computed = positions_from_save(&g, &state, &build_maps(&g));
    assert_eq!(
        from_module.positions.units, computed.positions.units,
        "module grids and computed grids disagree"
    );
    assert_eq!(from_module.positions.units.len(), 7);
}

#[test]
fn the_supply_layer_is_set_and_cleared_and_nothing_else_changes() {
    let g = mini();
    let (_, setup) = module(&g);
    let state = setup.state();
    let sp = positions_from_save(&g, &state, &build_maps(&g));
    let red = sp.positions.units[0].piece.clone().expect("id");
    let edit = supply_layer_states(&g, &state, &sp, &BTreeSet::from([red.clone()]), None);
    assert_eq!(edit.marked.len(), 1);
    assert!(edit.unmarkable.is_empty());
    let (text, missing) = setup.with_piece_states(&edit.states);
    assert!(missing.is_empty());
    let after = SaveGame::from_saved_game(text.as_bytes(), "x".as_ref())
        .expect("reads")
        .state();
    let diff = changed_pieces(&state, &after);
    assert_eq!(
        diff,
        [PieceDiff {
            piece: red.clone(),
            what: vec!["state".into()]
        }]
    );
    let sp2 = positions_from_save(&g, &after, &build_maps(&g));
    assert!(sp2.positions.units[0].out_of_supply);
    // Clearing it again restores the original bytes of the piece.
    let edit = supply_layer_states(&g, &after, &sp2, &BTreeSet::new(), None);
    assert_eq!(edit.cleared.len(), 1);
    assert_eq!(edit.states[&red], state.pieces[&red].state_string);
}

#[test]
fn foreign_and_misplaced_pieces_are_reported() {
    let g = mini();
    let (_, setup) = module(&g);
    let mut state = setup.state();
    let mut foreign = state.pieces[0].clone();
    foreign.id = "999".into();
    foreign.name = "Mystery".into();
    foreign.gpid = "77".into();
    foreign.traits.retain(|t| t.id() != "mark;");
    state.pieces.insert("999".into(), foreign);
    let mut lost = state.pieces[0].clone();
    lost.id = "1000".into();
    lost.map = Some("Elsewhere".into());
    state.pieces.insert("1000".into(), lost);
    let sp = positions_from_save(&g, &state, &build_maps(&g));
    assert_eq!(sp.unknown.len(), 1);
    assert_eq!(sp.unknown[0].piece, "999");
    assert_eq!(sp.off_grid.len(), 1);
    assert!(sp.off_grid[0].reason.contains("Elsewhere"));
    let clones = cloned(&g, &sp);
    assert_eq!(clones.len(), 1, "{clones:?}");
    assert_eq!(clones[0].counter, "red-1");
    assert_eq!(clones[0].copies, 2);
}

/// A two-level counter of the Greek Civil War read from its `Level` layer: its front, its
/// back (the flip) and a Level it does not print (the swap to the 3/4 counter).
#[test]
fn a_two_level_counter_is_read_on_the_face_its_level_layer_shows() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("modules/greek-civil-war");
    if !dir.join("game.toml").is_file() {
        eprintln!("skipped: modules/greek-civil-war is absent");
        return;
    }
    let g = sandtable::check::check_dir(&dir)
        .expect("loads")
        .game
        .expect("checks");
    let m = sandtable::emit::vassal::build(&g).expect("builds");
    let bytes = m.archive.to_bytes().expect("zip");
    let mut a = Archive::from_bytes(bytes, std::path::Path::new("gcw.vmod")).expect("archive");
    let file = "1947.vsav";
    let setup = SaveGame::from_bytes(a.read(file).expect("entry"), file.as_ref()).expect("a save");
    let mut state = setup.state();
    let sp = positions_from_save(&g, &state, &build_maps(&g));
    let scenario = Positions::from_scenario(g.scenario("1947").expect("1947"));
    let faces = |units: &[Position]| -> Vec<(CounterId, Location, bool)> {
        units
            .iter()
            .map(|p| (p.counter, p.location, p.reduced))
            .collect()
    };
    assert_eq!(faces(&sp.positions.units), faces(&scenario.units));
    let division = g.counter_index("gna-division-1").expect("division");
    let conflict = g.factor_index("conflict").expect("conflict");
    let first = sp.positions.units[0].clone();
    assert_eq!(first.counter, division);
    let id = first.piece.expect("piece id");
    let read_at = |state: &mut GameState, level: i32| {
        let piece = state.pieces.get_mut(&id).expect("piece");
        let (index, _) = layer(piece, LEVEL_LAYER).expect("a Level layer");
        piece.traits[index].state_string = level.to_string();
        let p = positions_from_save(&g, state, &build_maps(&g))
            .positions
            .units[0]
            .clone();
        (
            g.counters[p.counter].id.clone(),
            p.reduced,
            sandtable::helpers::positions::factor(&g, p.counter, p.reduced, conflict),
        )
    };
    assert_eq!(
        read_at(&mut state, 1),
        ("gna-division-1".into(), false, Some(13))
    );
    assert_eq!(
        read_at(&mut state, 2),
        ("gna-division-1".into(), true, Some(15))
    );
    assert_eq!(
        read_at(&mut state, 3),
        ("gna-division-3".into(), false, Some(17))
    );
    assert_eq!(
        read_at(&mut state, 4),
        ("gna-division-3".into(), true, Some(19))
    );
}

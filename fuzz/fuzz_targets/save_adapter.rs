//! The save adapter: a save's bytes read by the format layer, replayed, and adapted to The
//! Great Patriotic War (pieces → counters by their properties and layers, locations through
//! the grids `sandtable build` gives), then the reports the helpers make of it.

#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sandtable::helpers::savegame;
use sandtable::model::Game;
use sandtable::vassal::save::SaveGame;

fn game() -> Option<&'static Game> {
    static GAME: OnceLock<Option<Game>> = OnceLock::new();
    GAME.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../modules/great-patriotic-war");
        sandtable::check::check_dir(&dir).ok()?.game
    })
    .as_ref()
}

fuzz_target!(|data: &[u8]| {
    let Some(game) = game() else { return };
    let Ok(save) = SaveGame::from_bytes(data.to_vec(), Path::new("fuzz.vsav")) else {
        return;
    };
    let state = save.state();
    let maps = savegame::build_maps(game);
    let positions = savegame::positions_from_save(game, &state, &maps);
    let _ = savegame::cloned(game, &positions);
    let _ = savegame::turn_of(game, &state);
});

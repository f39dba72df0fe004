//! Test games shared by the unit tests, the integration suite and the benchmarks: small
//! games built from TOML text through the real loader and check stage in a temporary
//! directory, the fixture and example games on disk ([`fixtures`]), and large generated
//! games ([`large`]), and synthetic VASSAL saves and buildFiles of any size ([`vassal`]).
//!
//! [`BASE`] is a two-sided game in the image of The Great Patriotic War: the same terrain
//! effects, CRT modifiers, zones of control, supply, control and victory rules, on maps each
//! test supplies; [`AREA`] one in the image of The Greek Civil War.
//!
//! Dev-only: compiled for the library's own tests (`cfg(test)`) and, through the `testgame`
//! feature that only the package's dev-dependency on itself turns on (`Cargo.toml`), for
//! `tests/` and `benches/`. No shipped code imports it; it may import every stage (it checks
//! games), which is why tests take their games from here rather than from `check`.

pub mod diplomacy;
pub mod fixtures;
pub mod large;
pub mod vassal;

use std::path::{Path, PathBuf};

pub use fixtures::{
    example, examples_present, mini, theatre, weather, with_area_map, with_display, EXAMPLE_GAMES,
};

use crate::helpers::positions::Position;
use crate::model::{Game, Location, MapKind};

mod mini_gcw;
mod mini_gpw;

pub use mini_gcw::{area, area_game, AREA};
pub use mini_gpw::{corridor, map, with_map, with_victory, BASE, VICTORY};

/// Check a game made of `files` (name, text) and return it, failing with the diagnostics.
pub fn build(files: &[(&str, &str)]) -> Game {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    build_dir(dir.path())
}

/// Check a game directory.
pub fn build_dir(dir: &Path) -> Game {
    let checked = crate::check::check_dir(dir).expect("a game directory");
    match checked.game {
        Some(g) => g,
        None => panic!(
            "the test game does not check:\n{}",
            crate::diag::render::to_text(&checked.diagnostics, &checked.sources)
        ),
    }
}

/// The location of a printed hex number on the first map.
pub fn hex(game: &Game, number: &str) -> Location {
    let MapKind::Hex(h) = &game.maps[0].kind else {
        panic!("not a hex map");
    };
    let c = h
        .geometry
        .parse_number(number)
        .unwrap_or_else(|| panic!("no hex {number}"));
    Location::Hex { map: 0, hex: c }
}

/// A copy of counter `id` at hex `number`.
pub fn at(game: &Game, id: &str, number: &str) -> Position {
    let c = game
        .counter_index(id)
        .unwrap_or_else(|| panic!("no counter {id}"));
    Position::new(c, hex(game, number))
}

/// The Great Patriotic War module, when it is in the repository.
pub fn gpw_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("modules/great-patriotic-war");
    if dir.join("game.toml").is_file() {
        Some(dir)
    } else {
        eprintln!("skipped: modules/great-patriotic-war is not in this checkout");
        None
    }
}

/// Positions from (counter id, hex number) pairs.
pub fn positions(game: &Game, units: &[(&str, &str)]) -> crate::helpers::Positions {
    let mut p = crate::helpers::Positions::default();
    for (id, number) in units {
        p.push(at(game, id, number));
    }
    p
}

/// A copy of a game directory in a temporary directory, for editing.
pub fn copy_dir(src: &Path) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    for entry in walkdir::WalkDir::new(src) {
        let entry = entry.expect("walk");
        let to = tmp
            .path()
            .join(entry.path().strip_prefix(src).expect("below"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &to).expect("copy");
        }
    }
    tmp
}

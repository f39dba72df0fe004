//! Benchmark of `sandtable geo` on The Great Patriotic War: laying its 63×45 hexes of 47 km
//! over Natural Earth's coast, lakes and countries (1:10m) with its terrain areas and ridges,
//! 1941 borders, 102 places, 24 rivers and 41 rail lines — what replaced a 1,300-line Python
//! generator that took about six seconds.
//!
//! And `sandtable geo --check` on a province board, the Diplomacy board of `modules/diplomacy`
//! (76 provinces cut from the coast of Europe, their pieces apart joined to their
//! neighbours, the borders compared with the declared adjacency): what a designer runs after
//! each move of a seed point.
//!
//! Needs Natural Earth in the cache (the first `sandtable geo modules/great-patriotic-war`
//! fetches it); without it the benchmark says so and measures nothing. Reading and clipping
//! the atlas is measured apart from the laying. The atlas as read and the cuts that do not
//! depend on seed points are kept in the cache folder (`src/geo/cache.rs`): after the first
//! sample these figures are the designer's loop, where only the seeds' cuts are made again.
//! `check_the_diplomacy_board_whole` is the whole of that loop but loading the game: the
//! atlas read, cut to the board and the provinces laid.
//!
//! Run with `cargo bench --bench geo`.

use std::path::Path;

use sandtable::geo::natural_earth::{Atlas, Scale};
use sandtable::geo::{compute, compute_areas, KnownIds};

const GAME: &str = "modules/great-patriotic-war";
const PROVINCE_BOARD: &str = "modules/diplomacy";

fn main() {
    match Atlas::load(Scale::Large, true) {
        Ok(_) => divan::main(),
        Err(e) => eprintln!("geo benchmark skipped: no Natural Earth here ({e})"),
    }
}

/// The game's map with a `[map.geography]`, and its file.
fn geography_map(
    loaded: &sandtable::load::Loaded,
) -> (
    sandtable::diag::source::FileId,
    &sandtable::load::schema::Map,
) {
    loaded
        .files
        .iter()
        .flat_map(|(id, f)| f.map.iter().map(move |m| (*id, m)))
        .find(|(_, m)| m.geography.is_some())
        .expect("a map with geography")
}

/// Read the atlas and the lakes from the cache.
#[divan::bench(sample_count = 5)]
fn read_natural_earth() -> Atlas {
    Atlas::load(Scale::Large, true).expect("cached")
}

/// Lay the map: every hex's terrain and country, places, rivers and rails.
#[divan::bench(sample_count = 10)]
fn lay_the_great_patriotic_war(bencher: divan::Bencher) {
    let loaded = sandtable::load::load(Path::new(GAME)).expect("the game loads");
    let known = KnownIds::of(&loaded);
    let atlas = Atlas::load(Scale::Large, true).expect("cached");
    let (file, map) = geography_map(&loaded);
    let hex = map.hex.as_ref().expect("a hex map");
    let (geometry, _) = sandtable::check::hex_grid(&loaded.sources, file, hex);
    let geometry = geometry.expect("a grid");
    bencher.bench(|| {
        compute(file, map, &geometry, &known, Some(&atlas))
            .expect("the geography is clean")
            .terrain
            .len()
    });
}

/// Lay the Diplomacy board's provinces from geography and compare their borders with the
/// declared adjacency, as `geo --check` does (the atlas read once, outside the measurement).
#[divan::bench(sample_count = 5)]
fn check_the_diplomacy_board(bencher: divan::Bencher) {
    let loaded = sandtable::load::load(Path::new(PROVINCE_BOARD)).expect("the game loads");
    let known = KnownIds::of(&loaded);
    let atlas = Atlas::load(Scale::Large, true).expect("cached");
    let (file, map) = geography_map(&loaded);
    bencher.bench(|| {
        compute_areas(file, map, &known, Some(&atlas))
            .expect("the geography is clean")
            .areas
            .len()
    });
}

/// The designer's loop on the Diplomacy board: Natural Earth read (kept in the cache as
/// read), cut to the board, the provinces laid and the borders compared.
#[divan::bench(sample_count = 5)]
fn check_the_diplomacy_board_whole(bencher: divan::Bencher) {
    let loaded = sandtable::load::load(Path::new(PROVINCE_BOARD)).expect("the game loads");
    let known = KnownIds::of(&loaded);
    let (file, map) = geography_map(&loaded);
    bencher.bench(|| {
        let atlas = Atlas::load(Scale::Large, false).expect("cached");
        compute_areas(file, map, &known, Some(&atlas))
            .expect("the geography is clean")
            .areas
            .len()
    });
}

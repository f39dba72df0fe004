//! Benchmarks of `sandtable build` on every example game in `modules/`: loading and checking
//! the game, building the module in memory and zipping it (everything the command does but
//! reading the files and writing the archive), and the floor the build is measured against:
//! encoding the module's PNG pictures alone, at the level the build uses, on every core
//! (`png_floor`) and on one (`png_floor_one_core`). The pictures are drawn once, outside
//! the measurement.
//!
//! Run with `cargo bench --bench build` (`RAYON_NUM_THREADS=1` for one core throughout);
//! `benches/figures.py` prints these figures in a table beside the end-to-end timings.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use image::RgbaImage;
use rayon::prelude::*;
use sandtable::emit::art::{self, NoProgress};
use sandtable::emit::vassal;
use sandtable::model::Game;

use sandtable::testgame::{example as checked, EXAMPLE_GAMES as GAMES};

fn main() {
    if sandtable::testgame::examples_present() {
        divan::main();
    } else {
        eprintln!("build benchmark skipped: the example games are not all in modules/");
    }
}

/// Each game checked once and kept.
fn game(name: &'static str) -> &'static Game {
    static GAMES: OnceLock<Mutex<BTreeMap<&'static str, &'static Game>>> = OnceLock::new();
    let mut games = GAMES.get_or_init(Default::default).lock().expect("lock");
    games
        .entry(name)
        .or_insert_with(|| Box::leak(Box::new(checked(name))))
}

/// Every picture a game's module holds, drawn: the maps, every counter face, the off-map
/// boxes and the charts.
fn pictures(game: &Game) -> Vec<RgbaImage> {
    let mut out = Vec::new();
    for map in 0..game.maps.len() {
        out.push(
            art::render_map_with_strip(game, map, &NoProgress)
                .expect("map")
                .0,
        );
    }
    for c in 0..game.counters.len() {
        out.push(
            art::counter::render_face(game, c, art::counter::CounterFace::Front).expect("face"),
        );
        if game.has_back(c) {
            out.push(
                art::counter::render_face(game, c, art::counter::CounterFace::Back).expect("face"),
            );
        }
    }
    if !game.pools.is_empty() {
        out.push(art::displays::render_pools(game));
    }
    for c in &game.crts {
        out.push(art::charts::render_crt(game, c).expect("crt"));
    }
    if !game.terrain.is_empty() {
        out.push(art::charts::render_tec(game));
    }
    for c in &game.charts {
        out.push(art::charts::render_chart(game, c).expect("chart"));
    }
    out
}

/// Load and check the game (what `build` does before it emits anything).
#[divan::bench(args = GAMES, sample_count = 20)]
fn check(name: &str) -> usize {
    checked(name).counters.len()
}

/// Emit the module: map and counter art, buildfile, setups, charts, zipped to bytes.
#[divan::bench(args = GAMES, sample_count = 10)]
fn build(bencher: divan::Bencher, name: &'static str) {
    let game = game(name);
    bencher.bench(|| {
        vassal::build(divan::black_box(game))
            .expect("the module builds")
            .archive
            .to_bytes()
            .expect("zipped")
            .len()
    });
}

/// The floor: encoding the module's pictures alone at the build's level, on every core.
#[divan::bench(args = GAMES, sample_count = 10)]
fn png_floor(bencher: divan::Bencher, name: &'static str) {
    let pictures = pictures(game(name));
    bencher.bench(|| {
        pictures
            .par_iter()
            .map(|p| art::png::encode(p).expect("encodes").len())
            .sum::<usize>()
    });
}

/// The same floor on one core.
#[divan::bench(args = GAMES, sample_count = 5)]
fn png_floor_one_core(bencher: divan::Bencher, name: &'static str) {
    let pictures = pictures(game(name));
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    bencher.bench(|| {
        one.install(|| {
            pictures
                .iter()
                .map(|p| art::png::encode(p).expect("encodes").len())
                .sum::<usize>()
        })
    });
}

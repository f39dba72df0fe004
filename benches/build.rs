//! Benchmark of `sandtable build` on The Great European War: its 54×30-hex map of Europe,
//! North Africa and the Middle East, 237 kinds of counter (280 pieces of cardboard) with their
//! art, the off-map boxes and tracks, and the 1941 set-up of 269 pieces — the module made in
//! memory and zipped, as the command does before writing it. Loading and checking the game
//! is measured apart.
//!
//! Run with `cargo bench --bench build`.

use std::path::Path;

use sandtable::emit::vassal;
use sandtable::model::Game;

const GAME: &str = "modules/great-european-war";

fn main() {
    if Path::new(GAME).join("game.toml").is_file() {
        divan::main();
    } else {
        eprintln!("build benchmark skipped: {GAME} is absent");
    }
}

fn checked() -> Game {
    sandtable::check::check_dir(Path::new(GAME))
        .expect("the game loads")
        .game
        .expect("the game checks clean")
}

/// Load and check the game (what `build` does before it emits anything).
#[divan::bench(sample_count = 10)]
fn check_the_great_european_war() -> usize {
    checked().counters.len()
}

/// Emit the module: map and counter art, buildfile, setups, charts, zipped to bytes.
#[divan::bench(sample_count = 10)]
fn build_the_great_european_war(bencher: divan::Bencher) {
    let game = checked();
    bencher.bench(|| {
        vassal::build(divan::black_box(&game))
            .expect("the module builds")
            .archive
            .to_bytes()
            .expect("zipped")
            .len()
    });
}

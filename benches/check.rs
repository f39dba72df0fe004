//! Benchmarks of `check` (load and check a game directory) as games grow: a generated game
//! 1, 4 and 10 times the size of The Great Patriotic War ([`testgame::large::gpw`]: map
//! area, places, rivers, rail lines, set-up regions, classes, counters, pools and scenario
//! placements all multiplied), to show time against size — it should grow linearly, the 10×
//! game taking about ten times the 1× game's time — and the example games of `modules/`.
//!
//! Each generated game is written once to a temporary directory; what is timed is
//! `check_dir` on it, as `sandtable check` runs it (reading the files, parsing, checking).
//!
//! Run with `cargo bench --bench check` (the scaled game alone: `cargo bench --bench check
//! -- scaled`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use sandtable::testgame;

/// The scales of the generated game, in times the GPW.
const SCALES: [usize; 3] = [1, 4, 10];

fn main() {
    dirs();
    divan::main();
}

/// The generated games' directories, by scale (kept for the whole run).
fn dirs() -> &'static [(usize, tempfile::TempDir)] {
    static DIRS: OnceLock<Vec<(usize, tempfile::TempDir)>> = OnceLock::new();
    DIRS.get_or_init(|| {
        SCALES
            .iter()
            .map(|&scale| {
                let dir = tempfile::tempdir().expect("temp dir");
                let mut bytes = 0;
                for (name, text) in testgame::large::gpw(scale) {
                    bytes += text.len();
                    std::fs::write(dir.path().join(name), text).expect("write");
                }
                let checked = sandtable::check::check_dir(dir.path()).expect("a game directory");
                let g = checked.game.as_ref().unwrap_or_else(|| {
                    panic!(
                        "the {scale}x game does not check:\n{}",
                        sandtable::diag::render::to_text(&checked.diagnostics, &checked.sources)
                    )
                });
                eprintln!(
                    "{scale}x the GPW: {} KB of TOML, {} counters, {} placements",
                    bytes / 1024,
                    g.counters.len(),
                    g.scenarios
                        .iter()
                        .map(|s| s.placements.len())
                        .sum::<usize>()
                );
                (scale, dir)
            })
            .collect()
    })
}

fn check(dir: &Path) -> usize {
    let checked = sandtable::check::check_dir(dir).expect("a game directory");
    checked.diagnostics.iter().count() + usize::from(checked.game.is_some())
}

/// `check` of the generated game at 1×, 4× and 10× the size of The Great Patriotic War.
#[divan::bench(args = SCALES, sample_count = 20)]
fn scaled(bencher: divan::Bencher, scale: usize) {
    let dir = &dirs()
        .iter()
        .find(|(s, _)| *s == scale)
        .expect("a generated game")
        .1;
    bencher.bench(|| check(divan::black_box(dir.path())));
}

/// The example games of `modules/`, each checked as `sandtable check` does.
#[divan::bench(args = testgame::EXAMPLE_GAMES, sample_count = 20)]
fn example(bencher: divan::Bencher, game: &str) {
    let dir = PathBuf::from("modules").join(game);
    if !dir.join("game.toml").is_file() {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    }
    bencher.bench(|| check(divan::black_box(&dir)));
}

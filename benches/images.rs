//! Benchmarks of the art, each kind of picture of every example game drawn on every core
//! (what `sandtable render --what KIND` draws, without writing files): the map with its track
//! displays, every counter face, the off-map displays, the charts and the printable counter
//! sheet; and the PNG encoder on The Great Patriotic War's map at every DEFLATE level, with
//! the bytes each gives printed once, to weigh the level the art uses
//! (`sandtable::emit::art::png::LEVEL`).
//!
//! Run with `cargo bench --bench images`.

use std::sync::OnceLock;

use image::RgbaImage;
use sandtable::emit::art::{self, NoProgress};

use sandtable::testgame::{example as checked, EXAMPLE_GAMES as GAMES};

fn main() {
    if sandtable::testgame::examples_present() {
        levels();
        divan::main();
    } else {
        eprintln!("images benchmark skipped: the example games are not all in modules/");
    }
}

/// The Great Patriotic War's map, drawn once.
fn gpw_map() -> &'static RgbaImage {
    static MAP: OnceLock<RgbaImage> = OnceLock::new();
    MAP.get_or_init(|| {
        art::render_map(&checked("great-patriotic-war"), 0, &NoProgress).expect("the map")
    })
}

/// The size at every level, printed once before the timings.
fn levels() {
    let map = gpw_map();
    eprintln!(
        "The Great Patriotic War's map, {}x{} ({:.1} MB raw), as PNG:",
        map.width(),
        map.height(),
        map.as_raw().len() as f64 / 1e6
    );
    for level in 1..=9 {
        let bytes = art::png::encode_at(map, level).expect("encodes").len();
        let used = if level == art::png::LEVEL {
            "  <- the level the art uses"
        } else {
            ""
        };
        eprintln!("  level {level}: {:.2} MB{used}", bytes as f64 / 1e6);
    }
}

/// The map with the track displays printed below it.
#[divan::bench(args = GAMES, sample_count = 10)]
fn map(bencher: divan::Bencher, name: &str) {
    let game = checked(name);
    bencher.bench(|| {
        art::render_map_with_strip(divan::black_box(&game), 0, &NoProgress)
            .expect("the map")
            .0
            .len()
    });
}

/// Every face of every counter of the mix.
#[divan::bench(args = GAMES, sample_count = 10)]
fn counters(bencher: divan::Bencher, name: &str) {
    let game = checked(name);
    bencher.bench(|| {
        art::render_counters(divan::black_box(&game), &NoProgress)
            .expect("the counters")
            .len()
    });
}

/// The off-map displays: pool boxes, tracks, the turn record track.
#[divan::bench(args = GAMES, sample_count = 10)]
fn displays(bencher: divan::Bencher, name: &str) {
    let game = checked(name);
    bencher.bench(|| {
        art::render_displays(divan::black_box(&game), &NoProgress)
            .expect("the displays")
            .len()
    });
}

/// The CRTs, the terrain effects chart and the other charts.
#[divan::bench(args = GAMES, sample_count = 10)]
fn charts(bencher: divan::Bencher, name: &str) {
    let game = checked(name);
    bencher.bench(|| {
        art::render_charts(divan::black_box(&game), &NoProgress)
            .expect("the charts")
            .len()
    });
}

/// The printable fold-over counter sheet.
#[divan::bench(args = GAMES, sample_count = 10)]
fn sheet(bencher: divan::Bencher, name: &str) {
    let game = checked(name);
    bencher.bench(|| {
        art::render_sheet(divan::black_box(&game), &NoProgress)
            .expect("the sheet")
            .len()
    });
}

/// The Great Patriotic War's map encoded as PNG at each DEFLATE level, on every core.
#[divan::bench(args = [1, 2, 3, 4, 6, 9], sample_count = 10)]
fn png_level(bencher: divan::Bencher, level: u32) {
    let map = gpw_map();
    bencher
        .counter(divan::counter::BytesCount::new(map.as_raw().len()))
        .bench(|| {
            art::png::encode_at(divan::black_box(map), level)
                .expect("encodes")
                .len()
        });
}

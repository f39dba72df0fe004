//! Benchmarks of the rule helpers: supply on a 200×200 hex map with 2,000 units.
//!
//! The game is generated as TOML and checked once ([`testgame::large::front`], shared with
//! the tests): a 200×200 map of clear terrain with scattered lakes, 1,000 Axis corps in the
//! western 60% and 1,000 Soviet armies in the eastern 60% (placed here by a fixed
//! pseudo-random sequence, mingling in the middle), GPW-like supply rules (any length to the
//! friendly map edge, blocked by enemy units and zones of control, lakes impassable).
//!
//! Run with `cargo bench --bench helpers`.

use std::sync::OnceLock;

use sandtable::helpers::board::Board;
use sandtable::helpers::supply::SupplyTrace;
use sandtable::helpers::{Position, Positions};
use sandtable::model::{Game, Location, MapKind};
use sandtable::testgame;

const SIZE: usize = 200;
const UNITS_PER_SIDE: usize = 1000;

fn main() {
    positions();
    divan::main();
}

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| {
        testgame::build(&[("game.toml", &testgame::large::front(SIZE, UNITS_PER_SIDE))])
    })
}

fn positions() -> &'static Positions {
    static POSITIONS: OnceLock<Positions> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let g = game();
        let MapKind::Hex(h) = &g.maps[0].kind else {
            panic!("hex map")
        };
        let ger = g.counter_index("ger").expect("ger");
        let sov = g.counter_index("sov").expect("sov");
        let mut p = Positions::default();
        let mut seed = 0x9e37_79b9_u64;
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) as usize) % n
        };
        // Each side in 60% of the map from its edge: they mingle in the middle fifth.
        let width = SIZE * 3 / 5;
        for (counter, first_col) in [(ger, 0), (sov, SIZE - width)] {
            let mut placed = 0;
            while placed < UNITS_PER_SIDE {
                let c = sandtable::model::HexCoord::new(
                    (first_col + next(width)) as i32,
                    next(SIZE) as i32,
                );
                if h.hex(c).terrain != 0 {
                    continue;
                }
                p.push(Position::new(counter, Location::Hex { map: 0, hex: c }));
                placed += 1;
            }
        }
        let r = sandtable::helpers::trace_supply(g, &p).expect("supply rules");
        let out = r.units.iter().filter(|u| !u.in_supply).count();
        eprintln!(
            "{SIZE}x{SIZE} hexes, {} units: {} in supply, {out} out",
            r.units.len(),
            r.units.len() - out
        );
        p
    })
}

/// Building the dense board (hex graph with closed hexsides).
#[divan::bench]
fn board(bencher: divan::Bencher) {
    let g = game();
    bencher.bench(|| Board::new(divan::black_box(g)));
}

/// The search itself: board, control, zones of control, one multi-source BFS per side.
#[divan::bench]
fn supply_search(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| SupplyTrace::new(Board::new(g), divan::black_box(p)).expect("supply rules"));
}

/// Search plus the full report: every unit's path as hex numbers, and the reasons.
#[divan::bench]
fn supply_report(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| sandtable::helpers::trace_supply(g, divan::black_box(p)).expect("report"));
}

/// Zones of control of both sides.
#[divan::bench]
fn zones_of_control(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| {
        let b = Board::new(g);
        sandtable::helpers::ZocMap::new(&b, divan::black_box(p))
    });
}

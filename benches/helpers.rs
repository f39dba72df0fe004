//! Benchmarks of the rule helpers on a 200×200 hex map with 2,000 units: supply, zones of
//! control, control and stacking, each as the command line runs it (board, answer, report).
//!
//! The game is generated as TOML and checked once ([`testgame::large::front`], shared with
//! the tests): a 200×200 map of clear terrain with scattered lakes, Germany in the west and
//! the USSR in the east, 1,439 cities, 338 rivers and 578 rail lines (The Great Patriotic
//! War's density), and the GPW's rules — six stacking limits, zones of control, supply of
//! any length to the friendly map edge blocked by enemy units and zones of control, control
//! of the last occupier. The units ([`testgame::large::front_positions`]): 1,000 Axis corps
//! in the western 60% and 1,000 Soviet armies in the eastern 60%, mingling in the middle,
//! some hexes holding two or more.
//!
//! Run with `cargo bench --bench helpers` (one bench: `cargo bench --bench helpers --
//! stacking`). Each of `supply`, `control`, `stacking` and `zones_of_control` should stay
//! under 5 ms (issue 19).

use std::sync::OnceLock;

use sandtable::helpers::board::Board;
use sandtable::helpers::control as ctl;
use sandtable::helpers::supply::SupplyTrace;
use sandtable::helpers::{stacking, ControlOptions, Positions};
use sandtable::model::Game;
use sandtable::testgame;

const SIZE: usize = 200;
const UNITS_PER_SIDE: usize = 1000;

fn main() {
    let (g, p) = (game(), positions());
    let r = sandtable::helpers::trace_supply(g, p).expect("supply rules");
    let out = r.units.iter().filter(|u| !u.in_supply).count();
    let c = ctl::report(&ctl::control(g, p, &ControlOptions::default()));
    let s = stacking::stacking_report(g, p);
    eprintln!(
        "{SIZE}x{SIZE} hexes, {} units: {} in supply, {out} out; {} places, {} changed hands; {} stacking violations",
        r.units.len(),
        r.units.len() - out,
        c.places.len(),
        c.changed.len(),
        s.violations.len(),
    );
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
    POSITIONS.get_or_init(|| testgame::large::front_positions(game(), SIZE, UNITS_PER_SIDE))
}

/// Building the dense board (hex graph with closed hexsides).
#[divan::bench]
fn board(bencher: divan::Bencher) {
    let g = game();
    bencher.bench(|| Board::new(divan::black_box(g)));
}

/// Supply as `sandtable supply` computes it: board, zones of control, control (only when
/// the rules ask who controls a location; the front's do not), one multi-source search per
/// group of units, and the report (every unit's path, kept as a start on its search's
/// forest and named as hex numbers when serialized or rendered, which is not timed here,
/// and the reasons).
#[divan::bench]
fn supply(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| sandtable::helpers::trace_supply(g, divan::black_box(p)).expect("report"));
}

/// Supply with its report serialized as JSON, every unit's path named hex by hex: the
/// report `sandtable supply --format json` prints (without the command's envelope).
#[divan::bench]
fn supply_json(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| {
        let report = sandtable::helpers::trace_supply(g, divan::black_box(p)).expect("report");
        serde_json::to_vec(&report).expect("serializes").len()
    });
}

/// The searches of supply alone, without the report.
#[divan::bench]
fn supply_search(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| SupplyTrace::new(Board::new(g), divan::black_box(p)).expect("supply rules"));
}

/// Zones of control of both sides (with the board they are on).
#[divan::bench]
fn zones_of_control(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| {
        let b = Board::new(g);
        sandtable::helpers::ZocMap::new(&b, divan::black_box(p))
    });
}

/// Control as `sandtable control` computes it: who controls every hex under the game's
/// `last-occupied` rule, and the report (every place's controller, the hexes that changed
/// hands).
#[divan::bench]
fn control(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| {
        ctl::report(&ctl::control(
            g,
            divan::black_box(p),
            &ControlOptions::default(),
        ))
    });
}

/// The control map alone, without the report.
#[divan::bench]
fn control_map(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| ctl::control(g, divan::black_box(p), &ControlOptions::default()));
}

/// Stacking as `sandtable check --save` computes it: every location's stack against the
/// game's six stacking limits, and the counter mix.
#[divan::bench]
fn stacking(bencher: divan::Bencher) {
    let g = game();
    let p = positions();
    bencher.bench(|| stacking::stacking_report(g, divan::black_box(p)));
}

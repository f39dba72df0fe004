//! Benchmark of the Diplomacy adjudicator on the board of `modules/diplomacy` (through
//! `ProvinceBoard`): one movement phase with all 22 units of spring 1901 ordered (a typical
//! opening, with a supported attack and bounces), resolved by
//! `helpers::diplomacy::movement::resolve`; and the same phase adjudicated whole
//! (`helpers::diplomacy::adjudicate::adjudicate`: every order's reason, dislodgements,
//! standoffs, the next position and the phases passed over). The orders are parsed once,
//! outside the measurement.
//!
//! Run with `cargo bench --bench diplomacy`.

use sandtable::diag::source::SourceMap;
use sandtable::helpers::diplomacy::adjudicate::adjudicate;
use sandtable::helpers::diplomacy::board::ProvinceBoard;
use sandtable::helpers::diplomacy::movement::resolve;
use sandtable::helpers::diplomacy::orders_file;
use sandtable::helpers::diplomacy::position::from_positions;
use sandtable::helpers::Positions;
use sandtable::testgame::diplomacy::{game, units_and_orders, SPRING_1901};

fn main() {
    divan::main();
}

#[divan::bench]
fn spring_1901_resolve(bencher: divan::Bencher) {
    let game = game();
    let board = ProvinceBoard::first(&game).expect("a province board");
    let (units, orders) = units_and_orders(&board, SPRING_1901);
    bencher.bench(|| resolve(&board, &units, &orders).len());
}

#[divan::bench]
fn spring_1901_adjudicate(bencher: divan::Bencher) {
    let game = game();
    let board = ProvinceBoard::first(&game).expect("a province board");
    let scenario = game.scenario("1901").expect("1901");
    let (position, _) = from_positions(&board, &Positions::from_scenario(scenario), None, None);
    let text = SPRING_1901.join("\n");
    let mut sources = SourceMap::default();
    let file = sources.add("spring-1901.txt", text.clone());
    let (written, diags) = orders_file::read(&game, &board, file, "spring-1901.txt", &text);
    assert!(diags.is_empty());
    bencher.bench(|| {
        adjudicate(&board, &position, &written)
            .map(|a| a.orders.len())
            .unwrap_or(0)
    });
}

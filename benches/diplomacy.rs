//! Benchmark of the Diplomacy adjudicator: one movement phase of the standard board with all
//! 22 units of spring 1901 ordered (a typical opening, with supports, a convoy and
//! bounces), resolved by `helpers::diplomacy::movement::resolve`. The orders are parsed
//! once, outside the measurement.
//!
//! Run with `cargo bench --bench diplomacy`.

use sandtable::helpers::diplomacy::movement::resolve;
use sandtable::testgame::diplomacy::{standard, units_and_orders, SPRING_1901};

fn main() {
    divan::main();
}

#[divan::bench]
fn spring_1901(bencher: divan::Bencher) {
    let board = standard();
    let (units, orders) = units_and_orders(&board, SPRING_1901);
    bencher.bench(|| resolve(&board, &units, &orders).len());
}

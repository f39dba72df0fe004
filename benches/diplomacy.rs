//! Benchmark of the Diplomacy adjudicator: one movement phase of the standard board with all
//! 22 units of spring 1901 ordered (a typical opening, with supports, a convoy and
//! bounces), resolved by `helpers::diplomacy::movement::resolve`. The orders are parsed
//! once, outside the measurement.
//!
//! Run with `cargo bench --bench diplomacy`.

use sandtable::helpers::diplomacy::movement::resolve;
use sandtable::helpers::diplomacy::orders::{parse, Order};
use sandtable::helpers::diplomacy::Unit;
use sandtable::testgame::diplomacy::{standard, SPRING_1901};

fn main() {
    divan::main();
}

#[divan::bench]
fn spring_1901(bencher: divan::Bencher) {
    let board = standard();
    let orders: Vec<Order> = SPRING_1901
        .iter()
        .map(|o| parse(o, &board).expect("order"))
        .collect();
    let units: Vec<Unit> = orders
        .iter()
        .map(|o| Unit::new(o.power.as_deref().unwrap_or(""), o.kind, &o.unit))
        .collect();
    bencher.bench(|| resolve(&board, &units, &orders).len());
}

//! The standard Diplomacy board for tests and benchmarks: `modules/diplomacy` checked, its
//! board answering the adjudicator's questions through
//! [`ProvinceBoard`](crate::diplomacy::board::ProvinceBoard) — so the DATC and the
//! benchmark run on the game's own data — and a typical opening to resolve on it.

use crate::diplomacy::orders::{parse, Order};
use crate::diplomacy::{Board, Unit};
use crate::model::Game;

/// The checked `modules/diplomacy` (panics when it does not check: test use only). Take its
/// board with `ProvinceBoard::first(&game)`.
pub fn game() -> Game {
    super::fixtures::example("diplomacy")
}

/// A typical opening: all 22 units of spring 1901 ordered, with a supported attack on
/// Burgundy and standoffs in Galicia and the Black Sea.
pub const SPRING_1901: &[&str] = &[
    "AUS: A vie - gal",
    "AUS: A bud - ser",
    "AUS: F tri - alb",
    "ENG: F lon - nth",
    "ENG: F edi - nwg",
    "ENG: A lvp - yor",
    "FRA: F bre - mao",
    "FRA: A par - bur",
    "FRA: A mar S A par - bur",
    "GER: F kie - den",
    "GER: A ber - kie",
    "GER: A mun - bur",
    "ITA: F nap - ion",
    "ITA: A rom - apu",
    "ITA: A ven H",
    "RUS: A war - gal",
    "RUS: A mos - ukr",
    "RUS: F sev - bla",
    "RUS: F stp/sc - bot",
    "TUR: F ank - bla",
    "TUR: A con - bul",
    "TUR: A smy - arm",
];

/// Orders parsed on the board, and a unit for each (of the order's power, kind and place).
pub fn units_and_orders(board: &dyn Board, orders: &[&str]) -> (Vec<Unit>, Vec<Order>) {
    let orders: Vec<Order> = orders
        .iter()
        .map(|o| parse(o, board).unwrap_or_else(|e| panic!("{o}: {e}")))
        .collect();
    let units = orders
        .iter()
        .map(|o| Unit::new(o.power.as_deref().unwrap_or(""), o.kind, &o.unit))
        .collect();
    (units, orders)
}

//! Orders files of Guerilla Warfare II (`modules/guerilla-warfare-ii`): orders to hidden parts
//! of units (dispersals, parts' moves, units forming and their supports) among standard
//! orders; every line an order or a mistake located in it, every file read adjudicated from
//! the 1914 set-up.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| common::orders(common::GUERILLA, data));

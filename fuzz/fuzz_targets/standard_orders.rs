//! Orders files of Diplomacy (`modules/diplomacy`), in the standard notation: every line an
//! order or a mistake located in it, every file read adjudicated from the 1901 set-up.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| common::orders(common::DIPLOMACY, data));

//! Orders files of The Great Patriotic War (`modules/great-patriotic-war-qh07`): orders to
//! parts of multi-factor forces, winter, air and loss orders; every line an order or a mistake
//! located in it, every file read adjudicated from the 1939 set-up.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| common::orders(common::QH07, data));

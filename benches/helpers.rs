//! Benchmarks of the rule helpers (filled in by the helpers work).

fn main() {}

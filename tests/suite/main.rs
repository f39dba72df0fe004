//! Integration tests: the CLI, diagnostics snapshots, and the example games.

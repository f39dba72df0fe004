//! Integration tests: the CLI, diagnostics, and the example games.

mod adjudicate;
mod architecture;
mod beanshell;
mod boards;
mod build;
mod check;
mod combat;
mod datc;
mod diplomacy_map;
mod diplomacy_module;
mod dpjudge;
mod edges;
mod gcw;
mod geo;
mod gpw;
mod helpers_cli;
mod hidden_counters;
mod hidden_parts;
mod inspect_cli;
mod multi_factor;
mod mutation;
mod parlance;
mod render_cli;
mod savegame;
mod support;
mod vassal_format;

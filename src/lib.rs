//! sandtable: check board wargame definitions and compile them into playable modules.
//!
//! The pipeline reads top to bottom:
//!
//! 1. [`load`] finds a game's TOML files and parses them with source spans
//!    → [`load::Loaded`] (+ diagnostics);
//! 2. `check` validates every reference and rule of the definitions, collecting all
//!    diagnostics → `model::Game`;
//! 3. `model` is the validated game every later stage reads;
//! 4. [`layout`] computes, from the model, where everything sits on every surface the game
//!    is shown on (maps, off-map boxes, track displays) and what VASSAL calls it;
//! 5. `emit` writes outputs (VASSAL modules, images, HTML) and [`helpers`] answer rule
//!    questions (combat tables, supply, control) on a scenario or a saved game.
//!
//! Beside the pipeline, [`geo`] lays a map's layers from real geography and [`import`] turns
//! other formats (a DPjudge Diplomacy board) into a game's TOML, both writing files the
//! pipeline then reads. Diagnostics ([`diag`]) are data; the binary renders them as text or JSON. [`vassal`]
//! reads and writes VASSAL's file formats, knowing nothing of our games.

pub mod check;
pub mod cli;
pub mod diag;
pub mod diplomacy;
pub mod emit;
pub mod geo;
pub mod helpers;
pub mod import;
pub mod layout;
pub mod load;
pub mod model;
#[cfg(any(test, feature = "testgame"))]
pub mod testgame;
pub mod vassal;

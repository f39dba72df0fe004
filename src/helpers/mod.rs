//! Rule helpers: answers to the questions players ask during play, computed from the
//! validated [`Game`](crate::model::Game) and a set of unit [`Positions`].
//!
//! Every helper is pure library code: it takes the game and its inputs, returns a
//! serde-serializable report, and has a text renderer next to it. Nothing here reads files,
//! prints, or looks at the clock (the one exception is [`crt::fresh_seed`], which a caller
//! may use when the player gives neither a roll nor a seed).
//!
//! | file | concern |
//! |---|---|
//! | [`positions`] | where the units are: a scenario's placements or a saved game, adapted |
//! | [`board`] | the locations of all maps as one dense graph (hexes and areas) |
//! | [`crt`] | combat results tables: column, modifiers, shifts, roll, result |
//! | [`zoc`] | zones of control per side |
//! | [`supply`] | supply tracing for every unit at once |
//! | [`control`](mod@control) | who controls each hex or area |
//! | [`victory`](mod@victory) | victory conditions |
//! | [`stacking`] | stacking-limit violations and counter-mix overuse |
//! | [`savegame`] | a VASSAL save of a module `sandtable build` made, adapted into positions; supply markers written back |
//!
//! Games of written orders (Diplomacy and its variants) have a stage of their own,
//! [`crate::diplomacy`], built on these helpers.
//!
//! Locations that matter to rules (a hex, an area as a whole) are [`Site`]s; a counter's
//! exact [`Location`](crate::model::Location) (an area's box, an off-map pool) is kept in
//! [`Position`] for reports.

pub mod board;
pub mod control;
pub mod crt;
pub mod positions;
pub mod savegame;
pub mod stacking;
pub mod supply;
pub mod table;
pub mod victory;
pub mod zoc;

#[cfg(test)]
mod gpw_tests;

pub use board::{Board, Site};
pub use control::{control, ControlMap, ControlOptions, ControlReport};
pub use crt::{list_tables, resolve, CombatError, CombatInput, CombatReport, TableList};
pub use positions::{Position, Positions};
pub use stacking::{stacking_report, StackingReport};
pub use supply::{out_of_supply, trace_supply, SupplyError, SupplyReport};
pub use victory::{victory, VictoryOptions, VictoryReport};
pub use zoc::{zones_of_control, ZocMap};

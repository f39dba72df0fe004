//! Import stage: other formats turned into a game directory of TOML, for a designer to go on
//! from.
//!
//! | file | imports |
//! |---|---|
//! | [`dpjudge`] | a Diplomacy board in DPjudge's `.map` format or a Parlance variant's `.cfg` (both read into one board by `load`): provinces, coasts, moves, supply centres, powers and their starting units |
//! | [`vassal`] | a VASSAL module (read by the format layer, [`crate::vassal`]): hex boards with their pictures, pieces as counters with theirs, the counter mix, predefined set-ups as scenarios, and the rest kept verbatim |
//!
//! An import writes ordinary game files (every key of them is the language `check` reads),
//! never a private format, so what it writes checks, builds and renders like a game written
//! by hand. (A VASSAL module's import adds its pictures under `art/`, and what the language
//! cannot say under `vassal/`, kept verbatim and named as VASSAL's.)

pub mod dpjudge;
mod schematic;
pub mod vassal;

/// A file of the game an import writes: its name in the game directory and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// File name (`board.toml`).
    pub name: String,
    /// TOML text.
    pub text: String,
}

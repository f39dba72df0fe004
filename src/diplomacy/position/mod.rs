//! Where a game on a province board stands between two phases ([`Position`]): the turn and
//! the phase to play, every power's units and supply centres, and in a retreat phase the
//! dislodged units and the standoffs. Made from a position file (`load::position`, every
//! mistake a located diagnostic), from a scenario or a save ([`from_positions`]), and written
//! back as a position file ([`to_toml`]); [`to_positions`] hands it to the rule helpers
//! (control, victory) as counters on the board. Reading is in `read.rs`, the counters in
//! `counters.rs`, what is shown and written in `write.rs`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::board::ProvinceBoard;
use super::fractions::{fraction_text, Fraction};
use super::movement::{display, kind_letter};
use super::retreat::Dislodged;
use super::{Board, Unit, UnitKind};
use crate::diag::source::FileId;
use crate::diag::suggest::did_you_mean;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::helpers::positions::{Position as Placed, Positions};
use crate::load::position::PositionFile;
use crate::model::{CounterId, Game, Location, OrderPhase, PhaseId, Site, TurnId};

mod counters;
mod read;
mod write;

pub use counters::{
    counter_for, counter_strength, from_positions, is_part, to_positions, unit_kind, Adapted,
};
pub use read::resolve;
pub use write::{to_toml, view, DislodgedView, PositionView, PowerView};

/// A game's state between two phases, on its province board.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// The turn (an index into the calendar).
    pub turn: TurnId,
    /// The phase to play next (an index into the game's phases; one the turn plays).
    pub phase: PhaseId,
    /// Units on the board (not dislodged), by power in the game's side order, then by
    /// location. A unit's `power` is its side's id.
    pub units: Vec<Unit>,
    /// Owner (side id) of each owned supply centre (province id).
    pub owners: BTreeMap<String, String>,
    /// Retreat phase: the dislodged units.
    pub dislodged: Vec<Dislodged>,
    /// Retreat phase: provinces a standoff left empty.
    pub standoffs: Vec<String>,
    /// Games with industry: each power's home IPs and squadrons (side id → holdings).
    pub industry: BTreeMap<String, Holdings>,
    /// Games with industry: IPs captured with home centres, by centre: whose they are and
    /// how many (they count for whoever holds the centre).
    pub captured: BTreeMap<String, Captured>,
    /// Games with hidden parts of units (`[rules.fractions]`): every power's parts, seen only
    /// by their owner, by power in side order, then by location.
    pub fractions: Vec<Fraction>,
}

/// A power's IPs lying in one of its home centres that another power took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Captured {
    /// The power the IPs belong to (side id).
    pub from: String,
    /// How many.
    pub ips: u32,
}

/// A power's industry in a game with `[rules.industry]`: what its tracks show.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Holdings {
    /// Industrial points of its home country (captured IPs included).
    pub ips: u32,
    /// Squadrons of aircraft.
    pub squadrons: u32,
}

impl Position {
    /// Units and dislodged units in canonical order (side order, then location).
    pub fn normalise(&mut self, game: &Game) {
        let rank = |power: &str| game.side_index(power).unwrap_or(usize::MAX);
        self.units.sort_by(|a, b| {
            (rank(&a.power), &a.location, a.kind).cmp(&(rank(&b.power), &b.location, b.kind))
        });
        self.dislodged.sort_by(|a, b| {
            (rank(&a.unit.power), &a.unit.location).cmp(&(rank(&b.unit.power), &b.unit.location))
        });
        self.standoffs.sort();
        self.standoffs.dedup();
        self.fractions.sort_by(|a, b| {
            (rank(&a.power), &a.location, a.kind, a.size).cmp(&(
                rank(&b.power),
                &b.location,
                b.kind,
                b.size,
            ))
        });
    }

    /// The kind of orders its phase takes.
    pub fn orders(&self, game: &Game) -> Option<OrderPhase> {
        game.phases.get(self.phase).and_then(|p| p.orders)
    }

    /// How many supply centres a power owns.
    pub fn centres_of(&self, power: &str) -> usize {
        self.owners.values().filter(|p| *p == power).count()
    }

    /// How many units a power has on the board.
    pub fn units_of(&self, power: &str) -> usize {
        self.units.iter().filter(|u| u.power == power).count()
    }
}

/// The phases a turn plays, in order (all of the game's when the turn names none).
pub fn turn_phases(game: &Game, turn: TurnId) -> Vec<PhaseId> {
    match game.turns.get(turn) {
        Some(t) if !t.phases.is_empty() => t.phases.clone(),
        _ => (0..game.phases.len()).collect(),
    }
}

/// A unit as positions and orders write it: `A mun`, `F stp/sc`.
pub fn unit_text(unit: &Unit) -> String {
    format!("{} {}", kind_letter(unit.kind), unit.location)
}

/// A multi-factor force as positions and orders write it: `A3 mun`, `F1 stp/sc`.
pub fn force_text(unit: &Unit) -> String {
    format!(
        "{}{} {}",
        kind_letter(unit.kind),
        unit.strength,
        unit.location
    )
}

/// A side by what orders and position files call it: its id, its name, a nation's
/// abbreviation (`ENG`) or name, in any case.
pub fn power_of(game: &Game, written: &str) -> Option<String> {
    let w = written.trim();
    let by_side = game
        .sides
        .iter()
        .find(|s| s.id.eq_ignore_ascii_case(w) || s.name.eq_ignore_ascii_case(w));
    if let Some(s) = by_side {
        return Some(s.id.clone());
    }
    game.nations
        .iter()
        .find(|n| n.abbreviation.eq_ignore_ascii_case(w) || n.name.eq_ignore_ascii_case(w))
        .and_then(|n| n.side)
        .map(|s| game.sides[s].id.clone())
}

#[cfg(test)]
mod tests {
    use super::write::key;

    /// A power named in Dutch (`italië`, DPjudge's `standard_dutch.map`) made a position file
    /// that TOML could not read: its key was written bare.
    #[test]
    fn a_key_that_cannot_stand_bare_is_quoted() {
        assert_eq!(key("austria"), "austria");
        assert_eq!(key("north-east_1"), "north-east_1");
        assert_eq!(key("italië"), "\"italië\"");
        assert_eq!(key("new york"), "\"new york\"");
        let doc: toml::Table = format!("[power.{}]\nunits = []\n", key("italië"))
            .parse()
            .expect("TOML");
        assert!(doc["power"].get("italië").is_some());
    }
}

//! Where the units are: the input every positional helper (zones of control, supply,
//! control, victory, stacking) reads.
//!
//! A [`Positions`] is a flat list of counter copies with their locations and state, plus the
//! turn and track values when known. [`Positions::from_scenario`] builds it from a scenario's
//! placements; a saved game is adapted by the caller (one [`Position`] per piece, with the
//! piece's id in [`Position::piece`] so results can be written back).

use serde::Serialize;

use crate::model::{
    CounterId, FactorId, Game, Location, MapId, Scenario, SideId, TrackId, TurnId, WeatherId,
};

/// One counter copy somewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Position {
    /// The counter.
    pub counter: CounterId,
    /// Where it is (map location or pool).
    pub location: Location,
    /// On its back face: reduced (two-step units) or the Level printed on the back
    /// (two-level counters).
    pub reduced: bool,
    /// Currently marked out of supply (by a marker or a trait in a save).
    pub out_of_supply: bool,
    /// The caller's id for this copy (a VASSAL piece id), passed through to results.
    pub piece: Option<String>,
}

impl Position {
    /// A full-strength, unmarked copy of `counter` at `location`.
    pub fn new(counter: CounterId, location: Location) -> Self {
        Self {
            counter,
            location,
            reduced: false,
            out_of_supply: false,
            piece: None,
        }
    }

    /// The same copy on its reduced face.
    pub fn reduced(mut self) -> Self {
        self.reduced = true;
        self
    }

    /// The same copy marked out of supply.
    pub fn marked_out_of_supply(mut self) -> Self {
        self.out_of_supply = true;
        self
    }
}

/// The state of play the helpers look at.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Positions {
    /// Every counter copy, in the caller's order (results keep it).
    pub units: Vec<Position>,
    /// The current turn, when known (control of supply centres changes after given turns).
    pub turn: Option<TurnId>,
    /// The weather in force when the caller gives it, else the turn's
    /// ([`Positions::weather_in_force`]).
    pub weather: Option<WeatherId>,
    /// Track values, when known (victory by track lead).
    pub tracks: Vec<(TrackId, i64)>,
    /// Province boards: who owns each supply centre before these positions (map, area,
    /// side), when known — a scenario's owners, a position file's, a save's ownership
    /// markers read by the caller. Control starts from them instead of the countries.
    pub owners: Vec<(MapId, usize, SideId)>,
}

impl Positions {
    /// The set-up of a scenario: every placement, fixed ones and pools alike, at the
    /// scenario's first turn and starting track values.
    pub fn from_scenario(scenario: &Scenario) -> Self {
        Self {
            units: scenario
                .placements
                .iter()
                .map(|p| Position {
                    reduced: p.reduced,
                    ..Position::new(p.counter, p.location)
                })
                .collect(),
            turn: Some(scenario.start),
            weather: None,
            tracks: scenario.tracks.clone(),
            owners: scenario.owners.clone(),
        }
    }

    /// The weather in force: the one given, else the current turn's.
    pub fn weather_in_force(&self, game: &Game) -> Option<WeatherId> {
        self.weather
            .or_else(|| self.turn.and_then(|t| game.weather_of(t)))
    }

    /// Add a copy.
    pub fn push(&mut self, position: Position) -> &mut Self {
        self.units.push(position);
        self
    }

    /// A track's value, when known.
    pub fn track(&self, track: TrackId) -> Option<i64> {
        self.tracks
            .iter()
            .find(|(t, _)| *t == track)
            .map(|(_, v)| *v)
    }

    /// Copies on a map (not in a pool, nor a marker on a track display), with their index in
    /// [`Positions::units`].
    pub fn on_map(&self) -> impl Iterator<Item = (usize, &Position)> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, p)| !matches!(p.location, Location::Pool(_) | Location::Track { .. }))
    }
}

/// A factor of a counter on the face it shows: the back class's values for a two-level
/// counter on its back, the reduced face for a two-step unit (falling back to the front when
/// the back does not print that factor), else the front.
pub fn factor(game: &Game, counter: CounterId, reduced: bool, factor: FactorId) -> Option<i64> {
    if let (true, Some(back)) = (reduced, game.counters[counter].back) {
        return game.classes[back].faces.front(factor);
    }
    let faces = &game.class_of(counter).faces;
    if reduced {
        faces.back(factor).or_else(|| faces.front(factor))
    } else {
        faces.front(factor)
    }
}

/// A reference to one copy in a result: enough to find it again in the caller's data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Instance {
    /// Index in [`Positions::units`].
    pub index: usize,
    /// Counter id.
    pub counter: String,
    /// The caller's piece id, when given.
    pub piece: Option<String>,
    /// Location name.
    pub location: String,
}

impl Instance {
    /// The instance of position `index`.
    pub fn of(game: &Game, positions: &Positions, index: usize) -> Self {
        let p = &positions.units[index];
        Self {
            index,
            counter: game.counters[p.counter].id.clone(),
            piece: p.piece.clone(),
            location: game.location_label(&p.location),
        }
    }
}

//! Pools (off-map boxes), locations and scenarios.

use serde::Serialize;

pub use crate::load::schema::scenario::PoolKind;

use super::{CounterId, HexCoord, MapId, PoolId, SideId, TrackDisplayId, TrackId, TurnId};

/// An off-map box.
#[derive(Debug, Clone, Serialize)]
pub struct Pool {
    /// Identifier.
    pub id: String,
    /// Name (VASSAL's location name of the box).
    pub name: String,
    /// What it is for.
    pub kind: PoolKind,
    /// Owning side.
    pub side: Option<SideId>,
    /// Turn it becomes available.
    pub turn: Option<TurnId>,
    /// Where its units must be placed (a hex set of a map).
    pub area: Option<(MapId, usize)>,
    /// Note.
    pub description: String,
}

/// Which part of an area a counter sits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum AreaSlot {
    /// The Open area (any number of units).
    Open,
    /// Infrastructure box number (from 1).
    Box(u32),
    /// One coast of a split-coast province (an index into its coasts), where a fleet
    /// stands.
    Coast(u32),
}

/// Where a counter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Location {
    /// A hex of a hex map.
    Hex {
        /// Map.
        map: MapId,
        /// Hex.
        hex: HexCoord,
    },
    /// A slot of an area.
    Area {
        /// Map.
        map: MapId,
        /// Area index.
        area: usize,
        /// Open area or box.
        slot: AreaSlot,
    },
    /// An off-map box.
    Pool(PoolId),
    /// The box numbered `value` of a track display (where a track's marker stands).
    Track {
        /// The display.
        display: TrackDisplayId,
        /// The box number.
        value: i64,
    },
}

/// One counter copy placed by a scenario.
#[derive(Debug, Clone, Serialize)]
pub struct Placement {
    /// The counter.
    pub counter: CounterId,
    /// Where.
    pub location: Location,
    /// Starts on its back face: the reduced face of a two-step unit, or the Level printed
    /// on the back of a two-level counter.
    pub reduced: bool,
}

/// A scenario.
#[derive(Debug, Clone, Serialize)]
pub struct Scenario {
    /// Identifier.
    pub id: String,
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
    /// First turn.
    pub start: TurnId,
    /// Last turn.
    pub end: TurnId,
    /// Starting track values.
    pub tracks: Vec<(TrackId, i64)>,
    /// Every counter copy it uses, fixed placements first, then pools, in file order.
    pub placements: Vec<Placement>,
    /// Province boards: who owns each supply centre at the start (map, area, side), in
    /// map and area order.
    pub owners: Vec<(super::MapId, usize, super::SideId)>,
    /// The optional rules on in this scenario (indices into [`super::Game::options`]).
    pub options: Vec<usize>,
}

impl Location {
    /// The space stacking limits count in: a unit on one coast of a province is in the
    /// province, with the units on its other coasts and inland; everything else is its own.
    pub fn stack(self) -> Location {
        match self {
            Location::Area {
                map,
                area,
                slot: AreaSlot::Coast(_),
            } => Location::Area {
                map,
                area,
                slot: AreaSlot::Open,
            },
            other => other,
        }
    }
}

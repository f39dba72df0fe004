//! Zones of control and supply: how far a zone reaches, and where supply comes from, how far
//! it runs, what blocks it and what links carry it.

use super::*;

/// A zone of control's reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZocReach {
    /// The surrounding hexes or adjacent areas (and the unit's own).
    Adjacent,
    /// Only the unit's own hex.
    Own,
    /// None.
    None,
}

/// Zones of control.
#[derive(Debug, Clone, Serialize)]
pub struct ZocRules {
    /// Default for combat units.
    pub default: ZocReach,
    /// Exceptions, first match wins.
    pub exceptions: Vec<(Selector, ZocReach)>,
    /// Hexside terrains a zone does not cross.
    pub not_across: Vec<HexsideTerrainId>,
    /// Terrains a zone does not enter.
    pub not_into: Vec<TerrainId>,
}

/// How far supply may be traced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PathLength {
    /// Any length.
    Unlimited,
    /// The unit's movement factor.
    Movement(FactorId),
    /// At most this many hexes or areas.
    Steps(u32),
}

/// What each location a supply path enters counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PathCost {
    /// One per hex or area.
    #[default]
    Steps,
    /// The movement points a unit of no particular type pays to enter it (and to cross the
    /// hexside on the way) in the turn's weather.
    MovementPoints,
}

/// What blocks a supply path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Blocker {
    /// Enemy units.
    EnemyUnits,
    /// Enemy zones of control.
    EnemyZoc,
    /// Enemy-controlled locations.
    EnemyControlled,
}

/// A supply source.
#[derive(Debug, Clone, Serialize)]
pub struct SupplySource {
    /// Side.
    pub side: SideId,
    /// Map edges (map, edge index).
    pub edges: Vec<(MapId, usize)>,
    /// Hex sets (map, set index).
    pub hex_sets: Vec<(MapId, usize)>,
    /// Place names or tags.
    pub places: Vec<String>,
    /// Friendly-controlled hexes with these terrains or features.
    pub terrain: Vec<TerrainId>,
    /// Places and terrain only in these countries (empty: anywhere).
    pub countries: Vec<CountryId>,
    /// Locations holding a counter of the side matching this.
    pub counters: Option<Selector>,
    /// Units that may use it (`None`: every unit of the side).
    pub units: Option<Selector>,
    /// Hexes beyond its edge or hexes the source lies.
    pub beyond: u32,
    /// Borders of the hex maps whose land hexes it covers (`west`, `east`, `north`,
    /// `south`), within `countries`.
    pub along: Vec<String>,
    /// What reports call it.
    pub name: Option<String>,
}

/// What a supply link joins.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkKind {
    /// The friendly places of a hex set (map, index).
    HexSet((MapId, usize)),
    /// Friendly ports (hexes with a feature, or places with a tag) touching one body of
    /// these water terrains.
    Sea {
        /// Terrain id of the port feature (when it is one).
        feature: Option<TerrainId>,
        /// The port tag or feature id as written.
        port: String,
        /// Water terrains.
        across: Vec<TerrainId>,
        /// The seas (hex sets: map, index) a crossing must stay inside, one at a time;
        /// empty: every connected body of `across` water.
        seas: Vec<(MapId, usize)>,
    },
}

/// A supply link.
#[derive(Debug, Clone, Serialize)]
pub struct SupplyLink {
    /// Side.
    pub side: SideId,
    /// What it joins.
    pub kind: LinkKind,
    /// Units that may use it (`None`: every unit of the side).
    pub units: Option<Selector>,
    /// Rule text.
    pub description: String,
}

/// Supply.
#[derive(Debug, Clone, Serialize)]
pub struct SupplyRules {
    /// Sources.
    pub sources: Vec<SupplySource>,
    /// Units needing supply.
    pub units: Selector,
    /// Path length.
    pub path_length: PathLength,
    /// What each location entered counts towards it.
    pub path_cost: PathCost,
    /// Blockers.
    pub blocked_by: Vec<Blocker>,
    /// Enemy control blocks only locations with these terrains or these places' names or
    /// tags (both empty: every location).
    pub enemy_controlled_terrain: Vec<TerrainId>,
    /// See `enemy_controlled_terrain`.
    pub enemy_controlled_places: Vec<String>,
    /// A friendly combat unit cancels enemy ZOC in its hex.
    pub friendly_units_negate_zoc: bool,
    /// Terrains a path may not enter.
    pub impassable: Vec<TerrainId>,
    /// Links.
    pub links: Vec<SupplyLink>,
    /// Out of Supply marker counter.
    pub marker: Option<crate::model::CounterId>,
}

//! Control: who controls a location, by which rule, and who holds what at the start.

use super::*;

/// Control rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ControlRule {
    /// Last side to occupy with a qualifying unit, starting from countries.
    LastOccupied,
    /// All boxes of an area occupied by one side.
    AllBoxes,
    /// Supply centres change hands after given turns.
    SupplyCentres,
}

/// Control.
#[derive(Debug, Clone, Serialize)]
pub struct ControlRules {
    /// Rule.
    pub rule: ControlRule,
    /// Units that take control.
    pub units: Selector,
    /// Turns after which ownership changes.
    pub turns: Vec<TurnId>,
    /// An enemy zone of control contests a location its owner does not occupy.
    pub zoc_contests: bool,
    /// Who controls what at the start beyond the countries' owners, applied in order.
    pub start: Vec<StartControl>,
}

/// Hexes or areas a side controls when the game begins (`[[rules.control.start]]`).
#[derive(Debug, Clone, Serialize)]
pub struct StartControl {
    /// The side.
    pub side: SideId,
    /// Whole maps.
    pub maps: Vec<MapId>,
    /// Hex sets (regions, countries) as (map, set index).
    pub regions: Vec<(MapId, usize)>,
    /// Single hexes or areas.
    pub places: Vec<(MapId, crate::model::map::PlaceAt)>,
}

//! Schema of rule parameters: stacking, zones of control, supply, control and victory.
//!
//! These are declared per game and interpreted by the helpers; nothing here is specific to
//! one game.
//!
//! This file holds `[rules]` itself and what several rules share (which units, which
//! places); each family has its file, as in `model/rules/`: `stacking.rs`, `supply.rs`,
//! `control.rs`, `control_phase.rs`, `victory.rs`, `written_orders.rs`.

use crate::load::schema::Spanned;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

mod control;
mod control_phase;
mod stacking;
mod supply;
mod victory;
mod written_orders;

pub use control::*;
pub use control_phase::*;
pub use stacking::*;
pub use supply::*;
pub use victory::*;
pub use written_orders::*;

/// `[rules]`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rules {
    /// Stacking limits, each checked on its own.
    #[serde(default)]
    pub stacking: Vec<StackingLimit>,
    /// Zones of control.
    pub zoc: Option<Zoc>,
    /// Supply.
    pub supply: Option<Supply>,
    /// Control of hexes or areas.
    pub control: Option<Control>,
    /// Victory conditions.
    #[serde(default)]
    pub victory: Vec<Victory>,
    /// What marker classes do where they lie (`[[rules.marker]]`): take an infrastructure
    /// box, change or cancel an area's points, cost a side points in the Control Phase.
    #[serde(default)]
    pub marker: Vec<MarkerEffect>,
    /// The Control Phase of area games: points collected for controlled areas, penalties.
    pub control_phase: Option<ControlPhase>,
    /// Attrition of units standing where the enemy rules.
    pub attrition: Option<Attrition>,
    /// Levels of victory: bands of the lead of one track over another.
    pub victory_levels: Option<VictoryLevels>,
    /// Units of many factors on a province board (`[rules.multi-factor]`): a power's army or
    /// fleet in a location is the sum of its counters' factors there, and the adjudicator
    /// fights battles by force ratio.
    pub multi_factor: Option<MultiFactor>,
    /// Industry (`[rules.industry]`): points that pay for units, squadrons and factories, held
    /// on tracks, gained with provinces and lost with home centres.
    pub industry: Option<Industry>,
    /// Provinces frozen in some turns (`[[rules.frozen]]`): fleets there are held fast and
    /// nothing attacks them.
    #[serde(default)]
    pub frozen: Vec<Frozen>,
    /// Hidden fractional units (`[rules.fractions]`): a unit disperses into parts only its
    /// owner sees, which move on their own and may reform a unit.
    pub fractions: Option<Fractions>,
    /// Terrain only some units may enter (`[[rules.entry]]`): deserts for corps only. A unit
    /// standing there against it is a stacking violation, and a supply path of a unit that
    /// may not enter it does not pass it.
    #[serde(default)]
    pub entry: Vec<EntryLimit>,
    /// Victory points (`[[rules.victory-points]]`): points a side scores at the end of the
    /// game for each place of a kind it controls, by whom the place first belonged to.
    #[serde(default)]
    pub victory_points: Vec<VictoryPoints>,
}

/// `control-all = { places = ["mobilization"], except-countries = ["britain"] }`: every
/// place of a kind on the maps, within some countries.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlaceFilter {
    /// Place names or tags.
    pub places: Vec<Spanned<String>>,
    /// Only in these countries (empty: anywhere).
    #[serde(default)]
    pub countries: Vec<Spanned<String>>,
    /// Not in these countries.
    #[serde(default)]
    pub except_countries: Vec<Spanned<String>>,
}

/// Which units a rule counts.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Selector {
    /// Unit type ids (a type also matches the types that count as it).
    #[serde(default)]
    pub types: Vec<Spanned<String>>,
    /// Unit type ids excluded.
    #[serde(default)]
    pub except_types: Vec<Spanned<String>>,
    /// Only combat (true) or only non-combat (false) units.
    pub combat: Option<bool>,
    /// Nation ids.
    #[serde(default)]
    pub nations: Vec<Spanned<String>>,
    /// Class ids (empty = any).
    #[serde(default)]
    pub classes: Vec<Spanned<String>>,
    /// Class flags the unit's class must all have, e.g. `["attrition"]`.
    #[serde(default)]
    pub flags: Vec<Spanned<String>>,
    /// Class flags the unit's class must not have, e.g. `["unconventional"]`.
    #[serde(default)]
    pub except_flags: Vec<Spanned<String>>,
    /// Unit sizes (a class's `size`, e.g. `corps`); a class without a size matches none.
    #[serde(default)]
    pub sizes: Vec<Spanned<String>>,
    /// Unit sizes excluded.
    #[serde(default)]
    pub except_sizes: Vec<Spanned<String>>,
}

//! Schema of rule parameters: stacking, zones of control, supply, control and victory.
//!
//! These are declared per game and interpreted by the helpers; nothing here is specific to
//! one game.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

/// `[rules]`.
#[derive(Debug, Default, Deserialize)]
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
}

/// Which units a rule counts.
#[derive(Debug, Default, Deserialize)]
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
}

/// `[[rules.stacking]]`: at most `max` (points of) matching units in one location.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct StackingLimit {
    /// Rule as players say it.
    pub name: String,
    /// Limit.
    pub max: u32,
    /// Units counted.
    #[serde(default)]
    pub units: Selector,
    /// Stacking points per unit size (default 1 each).
    #[serde(default)]
    pub points: IndexMap<Spanned<String>, u32>,
    /// Only in locations with one of these terrains or features.
    #[serde(default)]
    pub terrain: Vec<Spanned<String>>,
    /// Only in hexes on a rail line.
    #[serde(default)]
    pub rail: bool,
    /// Only when no other combat unit outside the selection is present.
    #[serde(default)]
    pub alone: bool,
}

/// `[rules.zoc]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Zoc {
    /// Zone of combat units: `adjacent` (the surrounding hexes or areas), `own` or `none`.
    pub default: Spanned<String>,
    /// Exceptions by unit.
    #[serde(default)]
    pub exception: Vec<ZocException>,
    /// Hexside terrains a zone does not extend across.
    #[serde(default)]
    pub not_across: Vec<Spanned<String>>,
    /// Terrains a zone does not extend into.
    #[serde(default)]
    pub not_into: Vec<Spanned<String>>,
}

/// One ZOC exception.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ZocException {
    /// Units it applies to.
    pub units: Selector,
    /// `adjacent`, `own` or `none`.
    pub zoc: Spanned<String>,
}

/// `[rules.supply]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Supply {
    /// Where each side's supply comes from.
    pub source: Vec<SupplySource>,
    /// Units that need supply.
    #[serde(default)]
    pub units: Selector,
    /// `unlimited`, `movement` (the unit's movement factor) or a number of hexes/areas.
    pub path_length: Spanned<toml::Value>,
    /// What blocks a path: `enemy-units`, `enemy-zoc`, `enemy-controlled`.
    #[serde(default)]
    pub blocked_by: Vec<Spanned<String>>,
    /// A friendly combat unit cancels the enemy zone of control in its hex.
    #[serde(default)]
    pub friendly_units_negate_zoc: bool,
    /// Terrains a path may not enter.
    #[serde(default)]
    pub impassable: Vec<Spanned<String>>,
    /// Special links: a unit reaching a hex set may continue from another hex of it.
    #[serde(default)]
    pub link: Vec<SupplyLink>,
    /// Counter id of the Out of Supply marker.
    pub marker: Option<Spanned<String>>,
}

/// One supply source.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SupplySource {
    /// Side supplied.
    pub side: Spanned<String>,
    /// Map edge ids.
    #[serde(default)]
    pub edges: Vec<Spanned<String>>,
    /// Hex set ids.
    #[serde(default)]
    pub hex_sets: Vec<Spanned<String>>,
    /// Place tags or names (friendly-controlled ones only).
    #[serde(default)]
    pub places: Vec<Spanned<String>>,
}

/// A supply link (the Soviet Black Sea coast rule).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SupplyLink {
    /// Side that may use it.
    pub side: Spanned<String>,
    /// Hex set whose friendly places are linked.
    pub hex_set: Spanned<String>,
    /// Rule as players say it.
    #[serde(default)]
    pub description: String,
}

/// `[rules.control]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Control {
    /// `last-occupied`, `all-boxes` or `supply-centres`.
    pub rule: Spanned<String>,
    /// Units that take control.
    #[serde(default)]
    pub units: Selector,
    /// For `supply-centres`: turns after which ownership changes (autumn turns).
    #[serde(default)]
    pub turns: Vec<Spanned<String>>,
}

/// `[[rules.victory]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Victory {
    /// Identifier.
    pub id: Spanned<String>,
    /// Name.
    pub name: String,
    /// Side that wins.
    pub side: Spanned<String>,
    /// Checked at the end of this side's player turn.
    pub checked_after: Option<Spanned<String>>,
    /// Places (names) that must all be occupied by the side's units.
    #[serde(default)]
    pub occupy_all: Vec<Spanned<String>>,
    /// Units that count for occupying.
    #[serde(default)]
    pub units: Selector,
    /// Tracks compared: the side wins if its track exceeds the other's by this margin.
    pub track_lead: Option<TrackLead>,
    /// Number of supply centres or areas to control.
    pub control_count: Option<u32>,
}

/// A win by comparing two tracks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TrackLead {
    /// The winner's track.
    pub track: Spanned<String>,
    /// The opponent's track.
    pub over: Spanned<String>,
    /// Minimum lead.
    #[serde(default)]
    pub by: i64,
}

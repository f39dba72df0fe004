//! Schema of force pools (off-map boxes) and scenarios (set-ups).

use crate::load::schema::Spanned;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

/// What a pool is for.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Deserialize,
    serde::Serialize,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum PoolKind {
    /// Variable set-up: units to be placed inside an area at the start.
    Setup,
    /// Reinforcements arriving on a turn.
    Reinforcement,
    /// Units that may be rebuilt.
    Replacement,
    /// Eliminated units.
    Removed,
    /// Units withdrawn from play (and perhaps returning).
    Withdrawn,
    /// Units available for conversion from a turn on.
    Conversion,
    /// Garrison units released on a condition.
    Garrison,
    /// Units entering when a nation defects.
    Defection,
    /// Units that may be built.
    Build,
    /// Markers.
    Markers,
    /// Staging areas and holding boxes.
    Staging,
}

/// `[[pool]]`: an off-map box.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Pool {
    /// Identifier used by scenarios.
    pub id: Spanned<String>,
    /// Name as the rules give it (`AxisAug43`); VASSAL's location name of the box.
    pub name: String,
    /// What it is for.
    pub kind: Spanned<PoolKind>,
    /// Owning side.
    pub side: Option<Spanned<String>>,
    /// Turn the pool becomes available.
    pub turn: Option<Spanned<String>>,
    /// Where its units must be placed: a hex set, region or country id.
    pub area: Option<Spanned<String>>,
    /// A note for players.
    #[serde(default)]
    pub description: String,
}

/// `[[scenario]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Scenario {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Title, used as the name of the predefined setup.
    pub title: String,
    /// A paragraph for players.
    #[serde(default)]
    pub description: String,
    /// First turn.
    pub start: Spanned<String>,
    /// Last turn (defaults to the calendar's last).
    pub end: Option<Spanned<String>>,
    /// Starting track values, track id → value.
    #[serde(default)]
    pub tracks: IndexMap<Spanned<String>, Spanned<i64>>,
    /// Fixed placements.
    #[serde(default)]
    pub place: Vec<Placement>,
    /// Pool contents.
    #[serde(default)]
    pub pool: Vec<PoolFill>,
    /// The set-up instructions, checked against the placements.
    #[serde(default)]
    pub require: Vec<Requirement>,
    /// Province boards: the supply centres each side owns at the start, side id → areas
    /// (default: every side owns its home centres).
    #[serde(default)]
    pub centres: IndexMap<Spanned<String>, Vec<Spanned<String>>>,
    /// Optional rules (`[[option]]` ids) this scenario plays with: their data is in the
    /// game, and placed where the scenario places it.
    #[serde(default)]
    pub options: Vec<Spanned<String>>,
}

/// `[[scenario.require]]`: one set-up instruction ("seven level-1 divisions in Open areas").
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Requirement {
    /// The instruction as the rules give it.
    pub name: Spanned<String>,
    /// Classes it concerns (any of them).
    #[serde(default)]
    pub classes: Vec<Spanned<String>>,
    /// Or unit types it concerns (a type matches the types that count as it).
    #[serde(default)]
    pub types: Vec<Spanned<String>>,
    /// Only counters of this side.
    pub side: Option<Spanned<String>>,
    /// Exactly this many on the map.
    pub count: Option<u32>,
    /// At least this many on the map.
    pub min: Option<u32>,
    /// At most this many on the map.
    pub max: Option<u32>,
    /// Where they must stand: `open` (an area's Open area), `box` (an infrastructure box) or
    /// `any`.
    pub slot: Option<Spanned<String>>,
    /// A hex set, region or country they must stand in.
    pub within: Option<Spanned<String>>,
}

/// `[[scenario.place]]`: counters at a location.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Placement {
    /// Hex number as printed, or area id (`larissa`, `larissa/box-2`, a coast `spa/nc`).
    pub at: Spanned<String>,
    /// Counters, each `id` or `N id` for N copies.
    pub counters: Vec<Spanned<String>>,
    /// Start on the reduced face instead of the front.
    #[serde(default)]
    pub reduced: bool,
    /// Start at this Level: a levelled counter shows the face printing it (the back of a
    /// two-level counter printing Levels 1/2 for `level = 2`).
    pub level: Option<Spanned<u32>>,
    /// The set-up pool these counters are deployed from: they must stand inside its area.
    pub from: Option<Spanned<String>>,
    /// The optional rule (`[[option]]` id) this placement exists under: left out unless it is on.
    pub option: Option<Spanned<String>>,
}

/// `[[scenario.pool]]`: counters that start in a pool.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PoolFill {
    /// Pool id.
    pub pool: Spanned<String>,
    /// Counters, each `id` or `N id` for N copies.
    pub counters: Vec<Spanned<String>>,
    /// Start on the back (the reduced face) instead of the front: a campaign unit that
    /// begins the game spent (non-operational), a unit waiting reduced.
    #[serde(default)]
    pub reduced: bool,
    /// The optional rule (`[[option]]` id) this pool entry exists under: left out unless it is on.
    pub option: Option<Spanned<String>>,
}

//! Schema of the Control Phase (`[rules.control-phase]`), what markers do where they lie
//! (`[[rules.marker]]`) and attrition (`[rules.attrition]`).

use super::*;

/// `[[rules.marker]]`: what a marker class does in the area where it lies. Every copy of the
/// class on a map counts; several copies in one area count once.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MarkerEffect {
    /// The marker's class id.
    pub class: Spanned<String>,
    /// The marker fills one infrastructure box: under `all-boxes` control the area is
    /// controlled when its units fill every other box (Resettlement: an `R` marker).
    #[serde(default)]
    pub takes_box: bool,
    /// The area's points per side while the marker lies there, replacing the map's
    /// (side id → points; a side left out scores 0).
    #[serde(default)]
    pub points: IndexMap<Spanned<String>, i64>,
    /// The area's controller collects no points for it (Terror).
    #[serde(default)]
    pub cancels_points: bool,
    /// Points a side loses in each Control Phase for each area holding the marker.
    pub penalty: Option<Penalty>,
}

/// Points a side loses.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Penalty {
    /// The side that loses them.
    pub side: Spanned<String>,
    /// A number of points, or dice to roll as text (`"2d6"`).
    #[schemars(schema_with = "crate::load::schema::words::points_or_dice")]
    pub points: Spanned<toml::Value>,
}

/// `[rules.control-phase]`: each side collects the `points` of every area it controls
/// (its own entry of the area's `points`), then pays its penalties.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ControlPhase {
    /// The track each side's points go to (side id → track id), to show the index after
    /// the phase.
    #[serde(default)]
    pub index: IndexMap<Spanned<String>, Spanned<String>>,
    /// A penalty when a side has no matching unit within some countries.
    #[serde(default)]
    pub absence: Vec<Absence>,
    /// Garrison requirements: areas that must hold a side's units, with a penalty per area
    /// short.
    #[serde(default)]
    pub garrison: Vec<Garrison>,
}

/// A penalty for having no matching unit in some countries.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Absence {
    /// Rule as players say it.
    pub name: String,
    /// The side whose units are looked for, and that pays.
    pub side: Spanned<String>,
    /// Units that count.
    #[serde(default)]
    pub units: Selector,
    /// Country ids looked in (empty = the whole map).
    #[serde(default)]
    pub within: Vec<Spanned<String>>,
    /// Points lost: a number or dice as text (`"2d6"`).
    #[schemars(schema_with = "crate::load::schema::words::points_or_dice")]
    pub penalty: Spanned<toml::Value>,
}

/// A garrison requirement.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Garrison {
    /// Identifier (`sandtable control --in-force ID` applies a conditional requirement).
    pub id: Spanned<String>,
    /// Rule as players say it.
    pub name: String,
    /// The side that must garrison, and pays.
    pub side: Spanned<String>,
    /// Areas of these terrains must be garrisoned.
    #[serde(default)]
    pub terrain: Vec<Spanned<String>>,
    /// These areas (ids) must be garrisoned.
    #[serde(default)]
    pub areas: Vec<Spanned<String>>,
    /// Units that count.
    #[serde(default)]
    pub units: Selector,
    /// What one unit counts for, first match (absent = 1 each).
    #[serde(default)]
    pub worth: Vec<Worth>,
    /// Total worth needed in each area (default 1).
    pub min: Option<u32>,
    /// Points lost per area short: a number or dice as text (`"1d6"`).
    #[schemars(schema_with = "crate::load::schema::words::points_or_dice")]
    pub penalty: Spanned<toml::Value>,
    /// When the requirement holds only under a condition the positions do not show (a
    /// Politics Table result), the condition in words; it is then applied only when named
    /// with `--in-force`.
    pub when: Option<String>,
}

/// The worth of some units toward a garrison.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Worth {
    /// The units this worth applies to.
    pub units: Selector,
    /// What each of them counts for toward the garrison's `min` (units matching no entry
    /// count 1).
    pub counts: u32,
}

/// `[rules.attrition]`: units matching `units` standing where the enemy rules lose Levels
/// or steps.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Attrition {
    /// Units subject to attrition.
    #[serde(default)]
    pub units: Selector,
    /// Where: `enemy-controlled` (areas or hexes controlled by another side).
    #[serde(rename = "where")]
    pub at: Spanned<String>,
    /// Share of each side's subject units in each location that suffers, in percent.
    pub percent: Spanned<u32>,
    /// Rounding of fractions: `up` or `down`.
    #[schemars(schema_with = "crate::load::schema::words::rounding")]
    pub rounding: Spanned<String>,
    /// Only on turns whose number is a multiple of this (`2`: even turns).
    pub every: Option<u32>,
    /// What happens to each unit that suffers, in words, e.g. `goes down one Level`.
    pub effect: String,
}

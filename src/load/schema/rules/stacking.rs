//! Schema of stacking limits (`[[rules.stacking]]`) and of terrain only some units may enter
//! (`[[rules.entry]]`).

use super::*;

/// `[[rules.entry]]`: only some units may enter some terrain.
///
/// ```toml
/// [[rules.entry]]
/// name = "Deserts: corps only"
/// terrain = ["desert"]
/// units = { combat = true }     # the units the rule concerns (default: every unit)
/// only = { sizes = ["corps"] }  # those of them that may enter
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EntryLimit {
    /// Rule as players say it.
    pub name: String,
    /// Terrains or features it applies in.
    #[serde(default)]
    pub terrain: Vec<Spanned<String>>,
    /// Hex sets it applies in.
    #[serde(default)]
    pub hex_sets: Vec<Spanned<String>>,
    /// Units it concerns (default: every unit).
    #[serde(default)]
    pub units: Selector,
    /// Those of them allowed in.
    pub only: Selector,
}

/// `[[rules.stacking]]`: at most `max` (points of) matching units in one location.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct StackingLimit {
    /// Rule as players say it.
    pub name: String,
    /// Limit.
    pub max: u32,
    /// Units counted (markers count only when `types` or `classes` names them).
    #[serde(default)]
    pub units: Selector,
    /// Stacking points per unit size (default 1 each).
    #[serde(default)]
    pub points: IndexMap<Spanned<String>, u32>,
    /// Only in locations with one of these terrains or features.
    #[serde(default)]
    pub terrain: Vec<Spanned<String>>,
    /// Only in the hexes of these hex sets (small islands). With `terrain` too, a location
    /// must match both.
    #[serde(default)]
    pub hex_sets: Vec<Spanned<String>>,
    /// Not in locations with one of these terrains or features, nor in these hex sets'
    /// hexes: the general limit steps aside where a special one (`hex-sets`) applies.
    #[serde(default)]
    pub except_terrain: Vec<Spanned<String>>,
    /// Not in the hexes of these hex sets.
    #[serde(default)]
    pub except_hex_sets: Vec<Spanned<String>>,
    /// Only in hexes on a rail line.
    #[serde(default)]
    pub rail: bool,
    /// Only when no other combat unit outside the selection is present.
    #[serde(default)]
    pub alone: bool,
}

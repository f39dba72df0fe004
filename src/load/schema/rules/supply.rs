//! Schema of zones of control (`[rules.zoc]`) and supply (`[rules.supply]`): its sources and
//! links.

use super::*;

/// `[rules.zoc]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Zoc {
    /// Zone of combat units: `adjacent` (the surrounding hexes or areas), `own` or `none`.
    #[schemars(schema_with = "crate::load::schema::words::zoc_reach")]
    pub default: Spanned<String>,
    /// Units whose zone differs from the default (`[[rules.zoc.exception]]`: the units
    /// selected and their own reach), e.g. leaders that exert none.
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
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ZocException {
    /// Units it applies to.
    pub units: Selector,
    /// `adjacent`, `own` or `none`.
    #[schemars(schema_with = "crate::load::schema::words::zoc_reach")]
    pub zoc: Spanned<String>,
}

/// `[rules.supply]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Supply {
    /// Where each side's supply comes from.
    pub source: Vec<SupplySource>,
    /// Units that need supply.
    #[serde(default)]
    pub units: Selector,
    /// `unlimited`, `movement` (the unit's factor with id `movement`), `{ factor = "mf" }`
    /// (the unit's printed value of that factor) or a number of hexes/areas.
    #[schemars(schema_with = "crate::load::schema::words::path_length")]
    pub path_length: Spanned<toml::Value>,
    /// What each hex or area a path enters counts: `steps` (one each, the default) or
    /// `movement-points` (what a unit of no particular type pays to enter it in the turn's
    /// weather, with the hexsides it crosses, as the terrain effects chart gives it; the
    /// unit's movement allowance in `path-length = "movement"` is then the one the weather
    /// leaves it).
    #[serde(default)]
    #[schemars(schema_with = "crate::load::schema::words::path_cost")]
    #[schemars(extend("default" = "steps"))]
    pub path_cost: Option<Spanned<String>>,
    /// What blocks a path: `enemy-units`, `enemy-zoc`, `enemy-controlled`.
    #[serde(default)]
    #[schemars(schema_with = "crate::load::schema::words::supply_blockers")]
    pub blocked_by: Vec<Spanned<String>>,
    /// With `enemy-controlled`: only enemy-controlled locations with one of these terrains
    /// or features block (cities, ports, airbases…); empty: every one.
    #[serde(default)]
    pub enemy_controlled_terrain: Vec<Spanned<String>>,
    /// With `enemy-controlled`: enemy-controlled places with one of these names or tags
    /// block too (with `enemy-controlled-terrain`, either kind blocks).
    #[serde(default)]
    pub enemy_controlled_places: Vec<Spanned<String>>,
    /// A friendly combat unit cancels the enemy zone of control in its hex.
    #[serde(default)]
    pub friendly_units_negate_zoc: bool,
    /// Terrains a path may not enter.
    #[serde(default)]
    pub impassable: Vec<Spanned<String>>,
    /// Special links: a unit reaching a hex set may continue from another hex of it.
    #[serde(default)]
    pub link: Vec<SupplyLink>,
    /// Counter id of the Out of Supply marker. The module then gives every combat unit an
    /// Out of Supply layer showing this counter's picture small on its corner (menu *Out of
    /// Supply*, Ctrl+U), and `sandtable supply --save … --apply -o OUT.vsav` writes a save
    /// with the layer on exactly the units out of supply. Without it there is no such
    /// layer, and `--apply` refuses. It does not change how supply is traced.
    pub marker: Option<Spanned<String>>,
}

/// One supply source.
#[derive(Debug, Deserialize, JsonSchema)]
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
    /// Hexes with one of these terrains or features (friendly-controlled ones only), e.g.
    /// `["mobilization"]`.
    #[serde(default)]
    pub terrain: Vec<Spanned<String>>,
    /// Places and terrain count only in these countries (empty: anywhere).
    #[serde(default)]
    pub countries: Vec<Spanned<String>>,
    /// Locations holding a counter of the side matching this selector (a depot marker).
    pub counters: Option<Selector>,
    /// The units that may use this source (default: every unit of the side), e.g. one
    /// power's nations when two powers share a side.
    pub units: Option<Selector>,
    /// The source lies this many hexes beyond its edge or hexes (an off-map box one hex
    /// off the east edge: `beyond = 1`); paths count them.
    #[serde(default)]
    pub beyond: u32,
    /// The land hexes along these borders of every hex map (`west`, `east`, `north`,
    /// `south`), within `countries` when given: an off-map box reached over the map edge.
    #[serde(default)]
    #[schemars(schema_with = "crate::load::schema::words::borders")]
    pub along: Vec<Spanned<String>>,
    /// What reports call the source (default: the edge's, set's or place's name).
    pub name: Option<String>,
}

/// A supply link: a unit reaching one friendly place of a group continues from another.
/// Either a hex set's places (the Soviet Black Sea coast rule), or ports joined by sea:
/// `ports = "port"` (a place tag or feature) with `across = ["sea"]`, linking the friendly
/// ports that touch one body of those water hexes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SupplyLink {
    /// Side that may use it.
    pub side: Spanned<String>,
    /// Hex set whose friendly places are linked.
    pub hex_set: Option<Spanned<String>>,
    /// Ports: hexes with this feature or terrain, or places with this tag.
    pub ports: Option<Spanned<String>>,
    /// The water terrains whose connected bodies join ports.
    #[serde(default)]
    pub across: Vec<Spanned<String>>,
    /// Hex sets (a map's sea regions) that split the water into the seas this side may
    /// cross: a crossing stays inside one of them, and a port is in each one its hex
    /// touches. Without it, any connected body of `across` water joins its ports.
    #[serde(default)]
    pub seas: Vec<Spanned<String>>,
    /// The units that may use the link (default: every unit of the side).
    pub units: Option<Selector>,
    /// Rule as players say it.
    #[serde(default)]
    pub description: String,
}

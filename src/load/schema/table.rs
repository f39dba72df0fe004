//! Schema of tables: terrain effects, combat results tables and other charts.

use crate::load::schema::Spanned;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

/// A movement cost: a number of movement points, or `stop` / `prohibited`.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Cost {
    /// Movement points.
    Points(i64),
    /// `stop` (enter and stop) or `prohibited`.
    Word(String),
}

/// Combat effects of a terrain on a defender in it.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatEffect {
    /// Halve the attackers' attack factors.
    #[serde(default)]
    pub halve_attack: bool,
    /// Double the defence factor.
    #[serde(default)]
    pub double_defence: bool,
    /// Column shift (negative = in the defender's favour).
    #[serde(default)]
    pub shift: i64,
    /// The defender takes a step loss instead of retreating.
    #[serde(default)]
    pub no_retreat: bool,
}

/// `[[terrain]]`: a row of the terrain effects chart.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Terrain {
    /// Identifier used by map layers, places and areas.
    pub id: Spanned<String>,
    /// Name as players read it (on charts and in the module).
    pub name: String,
    /// `land`, `water` (sea, lake) or `feature` (city, fortress: drawn over land).
    #[schemars(schema_with = "super::words::terrain_kind")]
    pub kind: Spanned<String>,
    /// Fill colour on the generated map.
    #[schemars(schema_with = "super::words::colour")]
    pub colour: Spanned<String>,
    /// Pattern drawn over the fill (`trees`, `peaks`, `marsh`, `hatching`, `waves`).
    #[serde(default)]
    #[schemars(schema_with = "super::words::pattern")]
    pub pattern: Option<Spanned<String>>,
    /// Movement cost: `all` plus per-unit-type overrides.
    #[serde(default)]
    pub movement: IndexMap<Spanned<String>, Cost>,
    /// Movement costs in a weather, by `[[weather]]` id, written like `movement`
    /// (`movement-in.mud = { all = 2 }`): in that weather they replace `movement` for the
    /// units they cover (all units with `all`, else the unit types they name).
    #[serde(default)]
    pub movement_in: IndexMap<Spanned<String>, IndexMap<Spanned<String>, Cost>>,
    /// Effects on combat against a defender here.
    #[serde(default)]
    pub combat: CombatEffect,
}

/// `[[hexside-terrain]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HexsideTerrain {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name as players read it (on charts and in the module).
    pub name: String,
    /// Line colour.
    #[schemars(schema_with = "super::words::colour")]
    pub colour: Spanned<String>,
    /// Extra movement cost to cross: `all` plus per-unit-type overrides.
    #[serde(default)]
    pub movement: IndexMap<Spanned<String>, Cost>,
    /// Extra costs to cross in a weather, by `[[weather]]` id, as for terrain
    /// (`movement-in.snow = { all = 0 }`: a frozen river).
    #[serde(default)]
    pub movement_in: IndexMap<Spanned<String>, IndexMap<Spanned<String>, Cost>>,
    /// Column shift when every attacker attacks across it.
    #[serde(default)]
    pub shift_if_all_across: i64,
    /// Halve the attack when any attacker attacks across it.
    #[serde(default)]
    pub halve_if_any_across: bool,
    /// Whether supply and zones of control pass it.
    #[serde(default = "yes")]
    pub passable: bool,
}

fn yes() -> bool {
    true
}

/// `[[crt]]`: a combat results table.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Crt {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Title as printed.
    pub title: String,
    /// `odds`, `differential` or `column` (the caller picks the column).
    #[schemars(schema_with = "super::words::crt_kind")]
    pub kind: Spanned<String>,
    /// Column headings: `1:2`, `3:1`; `-2`, `+4`; `<1:1` and `6:1+` style open ends allowed.
    pub columns: Vec<Spanned<String>>,
    /// Dice: `1d6` or `2d6`.
    pub dice: Spanned<String>,
    /// Rows: each `{ roll = "1" | "2-3", results = [...] }`.
    pub rows: Vec<Spanned<CrtRow>>,
    /// Result codes and their meanings.
    #[serde(default)]
    pub result: Vec<ResultCode>,
    /// Column shifts and halvings from causes other than terrain.
    #[serde(default)]
    pub modifier: Vec<Modifier>,
    /// How halved factors are rounded: `up` or `down`.
    #[serde(default)]
    #[schemars(schema_with = "super::words::rounding")]
    #[schemars(extend("default" = "up"))]
    pub halving: Option<Spanned<String>>,
    /// Designer-supplied chart image.
    pub image: Option<Spanned<String>>,
}

/// One die row of a CRT.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CrtRow {
    /// Roll or range of rolls, e.g. `1`, `2-3`.
    pub roll: Spanned<String>,
    /// One result code per column.
    pub results: Vec<Spanned<String>>,
}

/// A result code and what it means.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ResultCode {
    /// Code as printed, e.g. `DR`.
    pub code: Spanned<String>,
    /// Meaning.
    pub meaning: String,
}

/// A CRT modifier that is not a terrain effect.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Modifier {
    /// Identifier (used on the command line as `--support` and in VASSAL menus).
    pub id: Spanned<String>,
    /// Cause as players say it, e.g. `Snow`.
    pub name: String,
    /// Applies in this weather.
    pub weather: Option<Spanned<String>>,
    /// Applies when the attackers are out of supply.
    #[serde(default)]
    pub attacker_out_of_supply: bool,
    /// Column shift (negative = left).
    #[serde(default)]
    pub shift: i64,
    /// Take the shift from this factor of a supporting unit (leader, air unit), in the
    /// direction of the sign of `shift` (`shift = -1` with a factor of 2 shifts two left).
    pub shift_factor: Option<Spanned<String>>,
    /// Halve the attack factors.
    #[serde(default)]
    pub halve_attack: bool,
    /// Whose shift it is, `attacker` or `defender`, shown with its cause (the net shift is
    /// the attacker's minus the defender's; the sign of `shift` still gives the direction).
    #[serde(default)]
    #[schemars(schema_with = "super::words::combat_side")]
    pub side: Option<Spanned<String>>,
    /// Declared with a number (`mechanized=2`: two mechanized units): shifts `shift` that
    /// many times.
    #[serde(default)]
    pub per_count: bool,
    /// At most this many columns from this modifier, however many are declared.
    pub max_shift: Option<Spanned<i64>>,
    /// Applies only when the defender's terrain or a feature of its hex is one of these.
    #[serde(default)]
    pub terrain: Vec<Spanned<String>>,
    /// Applies only when the defender's hex is in one of these countries.
    #[serde(default)]
    pub countries: Vec<Spanned<String>>,
    /// Does not apply when the defender's hex is in one of these countries.
    #[serde(default)]
    pub except_countries: Vec<Spanned<String>>,
    /// While in force, cancels these: other modifiers of the table, or the combat shift of
    /// these terrains (a fortification negates the mechanized bonus; a mountain unit the
    /// winter shift and the shift of rough).
    #[serde(default)]
    pub negates: Vec<Spanned<String>>,
    /// The attackers it is about (a type matches its own id and every type that counts as
    /// it): a `per-count` modifier counts the marked attackers of these types in the VASSAL
    /// module, any other is in force there when one of them attacks (`sandtable crt` still
    /// takes both as declared). With `weather` or `attacker-out-of-supply` it limits the
    /// condition to attacks with one of these types (mud slowing only armour's attacks;
    /// `sandtable crt` is told them with `--attacking-type`). Not with `shift-factor`, nor
    /// with a condition and `per-count`.
    #[serde(default)]
    pub unit_types: Vec<Spanned<String>>,
    /// In force only when this side (a `[[side]]` id) attacks: a weather helping one side's
    /// attacks. `sandtable crt` is told who attacks with `--attacking-side`; the module
    /// reads the `Side` of the marked attackers.
    pub attacking_side: Option<Spanned<String>>,
    /// In force only when one of the attackers is of these nations (`[[nation]]` ids).
    #[serde(default)]
    pub attacking_nations: Vec<Spanned<String>>,
}

/// `[[chart]]`: any other table players consult.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Chart {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Title as printed.
    pub title: String,
    /// Dice rolled on it, if any.
    pub dice: Option<Spanned<String>>,
    /// Column headings.
    pub columns: Vec<Spanned<String>>,
    /// Rows of cells.
    pub rows: Vec<Spanned<Vec<Spanned<String>>>>,
    /// Notes printed under it.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Designer-supplied chart image.
    pub image: Option<Spanned<String>>,
    /// The optional rule (`[[option]]` id) this chart exists under: left out unless it is on.
    pub option: Option<Spanned<String>>,
    /// Makes the chart a roll table: the heading of the column whose cells are the rolls of
    /// its rows (`3`, `2-3`, `≤1`, `6+`); needs `dice`. Every roll of the dice falls in
    /// exactly one row; a modified roll past the first or last row reads that row.
    pub roll_column: Option<Spanned<String>>,
    /// The heading of the column naming each row, for a lookup by row (`--row`): a country
    /// of a table of thresholds, a mission of a results chart.
    pub key_column: Option<Spanned<String>>,
    /// Columns whose cells are thresholds on the modified roll (`≥7`, `≤1`; `—` or `-` for
    /// none): the row's outcome is the heading of the column whose threshold is met.
    #[serde(default)]
    pub threshold_columns: Vec<Spanned<String>>,
    /// The outcome of a threshold row when no threshold is met.
    pub otherwise: Option<String>,
    /// Die-roll modifiers.
    #[serde(default)]
    pub modifier: Vec<ChartModifier>,
}

/// A die-roll modifier of a roll table: read from a track, fixed, or given by the player.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ChartModifier {
    /// Identifier (on the command line: `--modifier ID=N`).
    pub id: Spanned<String>,
    /// Cause as players say it, e.g. `European Crisis level`.
    pub name: String,
    /// Add the current value of this track.
    pub track: Option<Spanned<String>>,
    /// Add this fixed value when the player declares the modifier.
    pub value: Option<Spanned<i64>>,
}

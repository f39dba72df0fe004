//! The serde mirror of a game's TOML files: what the files say, with source spans.
//!
//! Every file of a game directory deserializes into one [`GameFile`]; any file may hold any
//! section, and the loader concatenates them, so a designer splits a game however it reads
//! best (`game.toml`, `map.toml`, `counters.toml`, `scenarios/1941.toml`, …). Nothing here is
//! validated beyond TOML syntax and known keys: references stay strings wrapped in
//! [`Spanned`] so that `check` can say exactly where a bad one is.

pub mod counter;
pub mod game;
pub mod geography;
pub mod map;
pub mod option;
pub mod rules;
pub mod scenario;
pub mod spanned;
pub mod table;
pub mod words;

use schemars::JsonSchema;
use serde::Deserialize;
pub use spanned::Spanned;

pub use counter::{Class, Counter, Factor, UnitType};
pub use game::{
    Art, Calendar, Country, GameInfo, Nation, Phase, PlayerTurn, Schedule, Side, Track,
    TrackDisplay, Turn, Weather,
};
pub use map::{Area, Edge, Feature, HexGrid, HexSet, HexsideLine, Layer, Map, Place, Rail, Route};
pub use option::GameOption;
pub use rules::Rules;
pub use scenario::{Placement, Pool, PoolFill, Scenario};
pub use table::{Chart, Crt, HexsideTerrain, Terrain};

/// The JSON Schema of one game file, derived from the types below: every key with its doc
/// comment, default and allowed words. Editors that complete TOML from a JSON Schema (Taplo,
/// Even Better TOML) use it; `sandtable schema` writes it.
///
/// It is written in draft 7, the draft TOML editors' validators know best. TOML has no null,
/// so an optional key is described as its value alone (absent, or that), not as "value or
/// null".
pub fn json_schema() -> serde_json::Value {
    let schema = schemars::generate::SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<GameFile>();
    let mut value = schema.to_value();
    without_null(&mut value);
    if let Some(root) = value.as_object_mut() {
        root.insert(
            "title".into(),
            "A sandtable game file (any file of a game may hold any section)".into(),
        );
    }
    value
}

/// Drop `null` from every schema: from `type` lists, from `anyOf` alternatives (folding an
/// `anyOf` left with one alternative into its parent) and as a default.
fn without_null(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Array(items) => items.iter_mut().for_each(without_null),
        Value::Object(map) => {
            if map.get("default").is_some_and(Value::is_null) {
                map.remove("default");
            }
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    map.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(any)) = map.get_mut("anyOf") {
                any.retain(|a| a.get("type").is_none_or(|t| t != "null"));
                if any.len() == 1 {
                    if let Some(Value::Object(only)) = any.pop() {
                        map.remove("anyOf");
                        for (k, v) in only {
                            map.entry(k).or_insert(v);
                        }
                    }
                }
            }
            map.values_mut().for_each(without_null);
        }
        _ => {}
    }
}

/// One TOML file of a game, as written.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameFile {
    /// Files (or folders) of another game read as part of this one, before it: a variant
    /// uses its base game's board (`use = ["../diplomacy/board.toml"]`) and amends it.
    /// Paths are relative to the file that names them.
    #[serde(default, rename = "use")]
    pub uses: Vec<Spanned<String>>,
    /// `[game]`: title, version, designers (exactly one file has it).
    pub game: Option<Spanned<GameInfo>>,
    /// `[art]`: counter and hex sizes.
    pub art: Option<Spanned<Art>>,
    /// `[[side]]`: the players' sides.
    #[serde(default)]
    pub side: Vec<Side>,
    /// `[[nation]]`: nationalities and their counter colours.
    #[serde(default)]
    pub nation: Vec<Nation>,
    /// `[[country]]`: countries on the maps and who controls them at the start.
    #[serde(default)]
    pub country: Vec<Country>,
    /// `[[weather]]`: kinds of weather the calendar names, and what they do to movement: an
    /// extra cost of every hex or area entered, movement allowances halved; a terrain's own
    /// costs in a weather are its `movement-in`, combat modifiers in a weather the `weather`
    /// of a `[[crt.modifier]]` (which `attacking-side`, `attacking-nations` and
    /// `unit-types` may limit to some attackers).
    #[serde(default)]
    pub weather: Vec<Weather>,
    /// `[calendar]`: the turns as seasons of years (instead of listing `[[turn]]`s).
    pub calendar: Option<Spanned<Calendar>>,
    /// `[[turn]]`: the calendar, in order.
    #[serde(default)]
    pub turn: Vec<Turn>,
    /// `[[phase]]`: the sequence of play of one game turn, in order.
    #[serde(default)]
    pub phase: Vec<Phase>,
    /// `[[player-turn]]`: the phases each side plays in turn.
    #[serde(default)]
    pub player_turn: Vec<PlayerTurn>,
    /// `[[track]]`: numeric tracks (replacement points, political indices).
    #[serde(default)]
    pub track: Vec<Track>,
    /// `[[track-display]]`: printed tracks of numbered boxes on a map, where track markers
    /// stand.
    #[serde(default)]
    pub track_display: Vec<TrackDisplay>,
    /// `[[schedule]]`: per-turn additions to a track (replacement point schedule).
    #[serde(default)]
    pub schedule: Vec<Schedule>,
    /// `[[factor]]`: the numbers printed on counters (attack, defence, movement, …).
    #[serde(default)]
    pub factor: Vec<Factor>,
    /// `[[unit-type]]`: infantry, panzer, leader, air, marker, …
    #[serde(default)]
    pub unit_type: Vec<UnitType>,
    /// `[[class]]`: unit classes: nation, type, size, factors per step or level.
    #[serde(default)]
    pub class: Vec<Class>,
    /// `[[counter]]`: the counter mix: individual counters and how many of each exist.
    #[serde(default)]
    pub counter: Vec<Counter>,
    /// `[[terrain]]`: hex or area terrain and its effects (the terrain effects chart).
    #[serde(default)]
    pub terrain: Vec<Terrain>,
    /// `[[hexside-terrain]]`: rivers, straits, borders and their effects.
    #[serde(default)]
    pub hexside_terrain: Vec<HexsideTerrain>,
    /// `[[map]]`: hex or area maps.
    #[serde(default)]
    pub map: Vec<Map>,
    /// `[[pool]]`: off-map boxes: force pools, Removed, Withdrawn, staging areas.
    #[serde(default)]
    pub pool: Vec<Pool>,
    /// `[[scenario]]`: set-ups.
    #[serde(default)]
    pub scenario: Vec<Scenario>,
    /// `[[crt]]`: combat results tables.
    #[serde(default)]
    pub crt: Vec<Crt>,
    /// `[[chart]]`: other tables printed for players (politics table, mobilization chart).
    #[serde(default)]
    pub chart: Vec<Chart>,
    /// `[rules]`: stacking, zones of control, supply, control, victory.
    pub rules: Option<Spanned<Rules>>,
    /// `[[option]]`: optional rules, which data marks as its own with `option = "ID"`.
    #[serde(default)]
    pub option: Vec<GameOption>,
}

//! Schema of the game as a whole: identity, sides, nations, countries, calendar, tracks.

use crate::load::schema::Spanned;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

/// `[game]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameInfo {
    /// Short identifier, e.g. `great-patriotic-war`.
    pub id: Spanned<String>,
    /// Title as printed.
    pub title: String,
    /// Version of these definitions.
    pub version: String,
    /// Designers (and who converted it).
    #[serde(default)]
    pub designers: Vec<String>,
    /// A paragraph for players.
    #[serde(default)]
    pub description: String,
    /// Order in which sides take their player turns within a game turn (when no phase
    /// decides the initiative anew each turn: see `[[phase]]`'s `initiative`).
    #[serde(default)]
    pub player_order: Vec<Spanned<String>>,
}

/// `[art]`: sizes of generated art, in pixels at 100% zoom.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Art {
    /// Edge of a square counter.
    #[schemars(extend("default" = 60))]
    pub counter_size: Option<Spanned<u32>>,
    /// Distance between the centres of two hexes of one column.
    #[schemars(extend("default" = 64))]
    pub hex_size: Option<Spanned<u32>>,
    /// Print a unit's factors compactly when its attack equals its defence: `4-3` for
    /// attack 4, defence 4, movement 3 (as some games' counters do). Off by default, when
    /// all three numbers are printed (`4-4-3`). A class's own `compact-factors` overrides it.
    pub compact_factors: Option<bool>,
}

/// `[[side]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Side {
    /// Identifier, e.g. `axis`.
    pub id: Spanned<String>,
    /// Name shown to players.
    pub name: String,
    /// Colour as `#rrggbb`.
    #[schemars(schema_with = "super::words::colour")]
    pub colour: Spanned<String>,
    /// Nations this side commands.
    #[serde(default)]
    pub nations: Vec<Spanned<String>>,
    /// Its home supply centres (areas of a province board): where it builds, and what it
    /// owns at the start unless a scenario says otherwise.
    #[serde(default)]
    pub home: Vec<Spanned<String>>,
    /// The marker it puts on what it controls: the id of a `[[class]]` with a counter in the
    /// mix (its picture and palette slot; give it as many copies as the board has supply
    /// centres). On a province board every scenario's set-up puts one on each supply centre
    /// the side owns at the start, and players move them as centres change hands. A
    /// non-combat class (its unit type `combat = false`, `symbol = "marker"`) of the side's
    /// own nation is meant, and no two sides share one, so that a saved game tells the
    /// owners apart.
    pub control_marker: Option<Spanned<String>>,
}

/// `[[nation]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Nation {
    /// Identifier, e.g. `ger`.
    pub id: Spanned<String>,
    /// Name, e.g. `German`.
    pub name: String,
    /// Abbreviation used in class names, e.g. `Ger`.
    pub abbreviation: Option<String>,
    /// Counter background colour.
    #[schemars(schema_with = "super::words::colour")]
    pub background: Spanned<String>,
    /// Colour of the printed text.
    #[schemars(schema_with = "super::words::colour")]
    pub text: Spanned<String>,
    /// Colour of the unit symbol (defaults to the text colour).
    #[serde(default)]
    #[schemars(schema_with = "super::words::colour")]
    pub symbol: Option<Spanned<String>>,
}

/// `[[country]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Country {
    /// Identifier used in map layers.
    pub id: Spanned<String>,
    /// Name as players read it (on charts and in the module).
    pub name: String,
    /// Side that controls its hexes or areas at the start (absent = neutral);
    /// `[[rules.control.start]]` may give some of them, or hexes of no country, to a side.
    pub controlled_by: Option<Spanned<String>>,
    /// Border and label colour on the map.
    #[serde(default)]
    #[schemars(schema_with = "super::words::colour")]
    pub colour: Option<Spanned<String>>,
}

/// `[[weather]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Weather {
    /// Identifier, e.g. `mud`.
    pub id: Spanned<String>,
    /// Name as players read it (on charts and in the module).
    pub name: String,
    /// What it does, for the charts.
    #[serde(default)]
    pub effect: String,
    /// Movement points every hex or area entered costs more in this weather (snow: `1`);
    /// terrain that is `stop` or `prohibited` stays so. A terrain's own costs in this
    /// weather are its `movement-in`.
    pub extra_cost: Option<Spanned<i64>>,
    /// What this weather does to movement allowances: `half` halves them, fractions rounded
    /// up (mud).
    #[serde(default)]
    #[schemars(schema_with = "super::words::movement_allowance")]
    pub movement_allowance: Option<Spanned<String>>,
}

/// `[[turn]]`: one game turn of the calendar.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Turn {
    /// Identifier, e.g. `jun-1941`.
    pub id: Spanned<String>,
    /// Name as printed, e.g. `Jun 1941`.
    pub name: String,
    /// Weather in force (a `[[weather]]` id).
    pub weather: Option<Spanned<String>>,
    /// Other markers on the turn track.
    #[serde(default)]
    pub markers: Vec<String>,
    /// The phases played in this turn (`[[phase]]` ids), when not all of them: a Diplomacy
    /// winter has only the adjustment phase.
    #[serde(default)]
    pub phases: Vec<Spanned<String>>,
}

/// `[calendar]`: turns as the seasons of each year, from `first` to `last` (`spring-1901`
/// to `winter-1920`); turn ids are `<season>-<year>`, names `<Season name> <year>`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Calendar {
    /// The first turn, `<season id>-<year>`.
    pub first: Spanned<String>,
    /// The last turn, `<season id>-<year>`.
    pub last: Spanned<String>,
    /// The seasons of a year, in order.
    pub season: Vec<Season>,
}

/// `[[calendar.season]]`: one season (or month) of the year.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Season {
    /// Identifier, e.g. `spring`.
    pub id: Spanned<String>,
    /// Name, e.g. `Spring`.
    pub name: String,
    /// The phases played in it (`[[phase]]` ids; all when empty).
    #[serde(default)]
    pub phases: Vec<Spanned<String>>,
    /// Weather in force.
    pub weather: Option<Spanned<String>>,
}

/// `[[phase]]`: one step of the sequence of play.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Phase {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name, e.g. `1st Movement Phase`.
    pub name: String,
    /// What happens in it.
    #[serde(default)]
    pub description: String,
    /// For games of written orders: which orders it takes (`movement`, `retreat` or
    /// `adjustment`), so the adjudicator knows how to resolve it.
    #[serde(default)]
    #[schemars(schema_with = "super::words::order_phase")]
    pub orders: Option<Spanned<String>>,
    /// This phase decides who plays first this game turn (an Initiative Determination
    /// Phase): the player turns that follow it are then played by the First Player and the
    /// Second Player, whoever they are this turn, instead of in `player-order`. At most one
    /// phase has it, and it is a phase of the whole turn, before the first player turn.
    #[serde(default)]
    pub initiative: Option<Spanned<bool>>,
    /// The side that plays this phase alone (a `[[side]]` id), e.g. a Soviet Partisan
    /// Phase. In a player turn it is played in that side's player turn only; elsewhere once,
    /// by that side. Not in a player turn whose players the initiative decides.
    pub side: Option<Spanned<String>>,
}

/// `[[player-turn]]`: phases each side plays in turn, one side after the other (in
/// `player-order`, or First Player then Second Player when a phase has `initiative`). A
/// phase no player turn names belongs to the whole game turn and is played once (an
/// initiative, a control or a turn end phase). A game without any `[[player-turn]]` is
/// played as one player turn of all its phases.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlayerTurn {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name as players read it, e.g. `Player Turn` or `First Impulse`.
    pub name: String,
    /// Its phases (`[[phase]]` ids), in the order they are played: they follow one another
    /// in the order of the `[[phase]]`s, and no phase is in two player turns.
    pub phases: Vec<Spanned<String>>,
}

/// `[[track]]`: a numeric track.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Track {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name as players read it (on charts and in the module).
    pub name: String,
    /// Lowest value.
    pub min: Spanned<i64>,
    /// Highest value.
    pub max: Spanned<i64>,
    /// Side the track belongs to, if any.
    pub side: Option<Spanned<String>>,
    /// The `[[class]]` whose counter marks the track's value by standing in the box of that
    /// value on the track display (`display`). Both keys go together: a track with a marker
    /// on a display has no separate counter of its value in the VASSAL module; the marker
    /// is the value, as on cardboard.
    pub marker: Option<Spanned<String>>,
    /// The `[[track-display]]` the marker stands on.
    pub display: Option<Spanned<String>>,
    /// The optional rule (`[[option]]` id) this track exists under: left out unless it is on.
    pub option: Option<Spanned<String>>,
}

/// `[[track-display]]`: a printed track of numbered boxes on a map, such as a "Political
/// Index and Turn Record Track" numbered 0–99. Several tracks (`[[track]]` with `display`)
/// may share one display, each with its own marker. The art draws it as a strip below the
/// map picture, one box per value large enough for a counter; VASSAL names each box
/// `<name> <value>` (e.g. `Record Track 60`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TrackDisplay {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name as printed; also the VASSAL location of its boxes (`Record Track 60`).
    pub name: String,
    /// The `[[map]]` it is printed on.
    pub map: Spanned<String>,
    /// Number of the first box.
    pub min: Spanned<i64>,
    /// Number of the last box.
    pub max: Spanned<i64>,
    /// Boxes per row (default 10); the rows follow from the range.
    pub columns: Option<Spanned<u32>>,
}

/// `[[schedule]]`: amounts added to a track on given turns.
///
/// An amount arrives on the turn it is listed under: the charts of the module and of the
/// website show it in that turn's row (*Points received*), and players add it to the track
/// during that turn, in the phase the game's rules say (a Replacement Phase). Neither the
/// module nor the helpers add it by themselves: a track's value is where its marker stands.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Schedule {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name, e.g. `Soviet Replacement Point Schedule`.
    pub name: String,
    /// Track receiving the amounts.
    pub track: Spanned<String>,
    /// Turn id → amount received on that turn, e.g. `{ jul-1941 = 3, aug-1941 = 4 }`.
    pub amounts: Spanned<IndexMap<Spanned<String>, i64>>,
}

//! Schema of rule parameters: stacking, zones of control, supply, control and victory.
//!
//! These are declared per game and interpreted by the helpers; nothing here is specific to
//! one game.

use crate::load::schema::Spanned;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

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

/// `[[rules.victory-points]]`: points for each controlled place of a kind.
///
/// ```toml
/// [[rules.victory-points]]
/// name = "Allied and neutral mobilization hexes"
/// side = "axis"
/// points = 2
/// terrain = ["mobilization"]       # features or terrains of the hex (or `places`: tags)
/// owners = ["allies", "neutral"]   # who held it at the start (`neutral`: no side)
/// countries = []                   # only in these countries (empty: anywhere)
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct VictoryPoints {
    /// Rule as players say it.
    pub name: String,
    /// The side scoring.
    pub side: Spanned<String>,
    /// Points per place (negative: a loss).
    pub points: i64,
    /// Hexes with one of these terrains or features count.
    #[serde(default)]
    pub terrain: Vec<Spanned<String>>,
    /// Places with one of these names or tags count.
    #[serde(default)]
    pub places: Vec<Spanned<String>>,
    /// Only places held at the start by one of these sides (`neutral`: by no side), as
    /// `[[country]]`'s `controlled-by` and `[[rules.control.start]]` say; empty: any.
    #[serde(default)]
    pub owners: Vec<Spanned<String>>,
    /// Only places in these countries; empty: any.
    #[serde(default)]
    pub countries: Vec<Spanned<String>>,
    /// Not places in these countries.
    #[serde(default)]
    pub except_countries: Vec<Spanned<String>>,
    /// Not these places (names or tags), e.g. an island port.
    #[serde(default)]
    pub except_places: Vec<Spanned<String>>,
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

/// `[rules.zoc]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Zoc {
    /// Zone of combat units: `adjacent` (the surrounding hexes or areas), `own` or `none`.
    #[schemars(schema_with = "super::words::zoc_reach")]
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
    #[schemars(schema_with = "super::words::zoc_reach")]
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
    #[schemars(schema_with = "super::words::path_length")]
    pub path_length: Spanned<toml::Value>,
    /// What each hex or area a path enters counts: `steps` (one each, the default) or
    /// `movement-points` (what a unit of no particular type pays to enter it in the turn's
    /// weather, with the hexsides it crosses, as the terrain effects chart gives it; the
    /// unit's movement allowance in `path-length = "movement"` is then the one the weather
    /// leaves it).
    #[serde(default)]
    #[schemars(schema_with = "super::words::path_cost")]
    #[schemars(extend("default" = "steps"))]
    pub path_cost: Option<Spanned<String>>,
    /// What blocks a path: `enemy-units`, `enemy-zoc`, `enemy-controlled`.
    #[serde(default)]
    #[schemars(schema_with = "super::words::supply_blockers")]
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
    #[schemars(schema_with = "super::words::borders")]
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

/// `[rules.control]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Control {
    /// `last-occupied` (a hex or area stays with the last side to occupy it), `all-boxes`
    /// or `supply-centres`.
    #[serde(default)]
    #[schemars(schema_with = "super::words::control_rule")]
    #[schemars(extend("default" = "last-occupied"))]
    pub rule: Option<Spanned<String>>,
    /// Units that take control.
    #[serde(default)]
    pub units: Selector,
    /// For `supply-centres`: turns after which ownership changes (autumn turns), or a
    /// season of the `[calendar]` (`autumn`) for each of its turns.
    #[serde(default)]
    pub turns: Vec<Spanned<String>>,
    /// For `last-occupied`: an enemy zone of control contests a hex its owner does not
    /// occupy — nobody controls it, and the zone gives it to nobody.
    #[serde(default)]
    pub zoc_contests: bool,
    /// Who controls what when the game begins, beyond each country's `controlled-by`:
    /// every entry gives its side the hexes or areas it names, later entries over earlier
    /// ones (a whole map to one side, then a region of it to the other).
    #[serde(default)]
    pub start: Vec<StartControl>,
}

/// `[[rules.control.start]]`: hexes or areas a side controls when the game begins.
///
/// ```toml
/// [[rules.control.start]]
/// side = "soviet"
/// maps = ["main"]                 # every hex of the map…
///
/// [[rules.control.start]]
/// side = "axis"
/// regions = ["poland", "west"]    # …but these hex sets, regions or countries
/// hexes = ["0512"]                # and these hexes (or areas, or places by name)
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct StartControl {
    /// The side that controls them.
    pub side: Spanned<String>,
    /// Whole maps (ids): every hex or area of them.
    #[serde(default)]
    pub maps: Vec<Spanned<String>>,
    /// Hex sets, set-up regions or countries of the maps (ids), e.g. a `[[map.hex-set]]`
    /// listing a front line's hexes.
    #[serde(default)]
    pub regions: Vec<Spanned<String>>,
    /// Single locations: hex numbers (`0512`, `east:0512`), area ids or place names.
    #[serde(default)]
    pub hexes: Vec<Spanned<String>>,
}

/// `[[rules.victory]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Victory {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name as players read it (on charts and in the module).
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
    /// Places the side must all control (sudden death: every mobilization hex outside
    /// one's own country).
    pub control_all: Option<PlaceFilter>,
    /// Tracks compared by ratio: the side wins if its track is at least `times` the other.
    pub track_ratio: Option<TrackRatio>,
    /// Checked only on turns whose number (the calendar's first turn is 1) is a multiple of
    /// this, e.g. `5` for a Victory Check every fifth turn.
    pub every: Option<u32>,
    /// The side wins when it has more units on the board than every other side (pieces of
    /// `[rules.fractions]` not counted); checked when the calendar ends, or on the turns of
    /// `every`.
    #[serde(default)]
    pub most_units: bool,
    /// Checks running the condition must hold at to win (default 1). A set of positions
    /// shows only the present, so with 2 or more the helpers report the condition as met
    /// at this check, winning if it held at the previous ones too.
    pub running: Option<Spanned<u32>>,
    /// `end`: judged only at the end of the game, once the calendar's last turn is played
    /// (a condition without `at` or `every` is a sudden death, checked at any time).
    #[serde(default)]
    #[schemars(schema_with = "super::words::victory_moment")]
    pub at: Option<Spanned<String>>,
    /// The default result: the side wins at the end of the game when no other condition
    /// has been met. It tests nothing of its own (one per game; `at = "end"` is implied).
    #[serde(default)]
    pub otherwise: bool,
    /// The side's victory points (`[[rules.victory-points]]`) exceed every other side's by
    /// at least this many (`1`: more points than anyone).
    pub points_lead: Option<Spanned<u32>>,
}

/// A win by comparing two tracks.
#[derive(Debug, Deserialize, JsonSchema)]
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

/// A win by the ratio of two tracks: `track` ≥ `times` × `over`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TrackRatio {
    /// The winner's track.
    pub track: Spanned<String>,
    /// The opponent's track.
    pub over: Spanned<String>,
    /// The factor, at least 1.
    pub times: Spanned<u32>,
}

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
    #[schemars(schema_with = "super::words::points_or_dice")]
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
    #[schemars(schema_with = "super::words::points_or_dice")]
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
    #[schemars(schema_with = "super::words::points_or_dice")]
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
    #[schemars(schema_with = "super::words::rounding")]
    pub rounding: Spanned<String>,
    /// Only on turns whose number is a multiple of this (`2`: even turns).
    pub every: Option<u32>,
    /// What happens to each unit that suffers, in words, e.g. `goes down one Level`.
    pub effect: String,
}

/// `[rules.victory-levels]`: how big a win is, by the lead of one track over the other, or
/// (`by = "victory-points"`) of one side's victory points over the other's.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct VictoryLevels {
    /// The two tracks compared (the higher one leads).
    #[serde(default)]
    pub between: Option<Spanned<Vec<Spanned<String>>>>,
    /// `victory-points`: the sides' totals of `[[rules.victory-points]]` are compared.
    pub by: Option<Spanned<String>>,
    /// Bands of the lead, e.g. `{ lead = "0-25", name = "Draw" }`; the last may be open
    /// (`"76+"`).
    pub band: Vec<VictoryBand>,
}

/// One level of victory.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct VictoryBand {
    /// The lead: `"26-50"`, `"76+"` or a single number.
    pub lead: Spanned<String>,
    /// Name, e.g. `Marginal victory`.
    pub name: String,
}

/// `[rules.multi-factor]`: units of any whole strength on a province board.
///
/// ```toml
/// [rules.multi-factor]
/// strength = "strength"        # the factor printing what each counter is worth
/// neutrals = ["neutral"]       # sides whose garrisons never move or support
/// full-gain = ["swi"]          # neutral garrisons that still let a 3:1 winner gain
/// isolation = { reach = 7, to = "home-centres" }
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MultiFactor {
    /// The `[[factor]]` whose value on a counter's class is the factors it holds (a counter
    /// without it holds 1).
    pub strength: Option<Spanned<String>>,
    /// Sides whose units never move or support, may be supported, and are eliminated when
    /// forced to retreat; a 3:1 win against them gains nothing.
    #[serde(default)]
    pub neutrals: Vec<Spanned<String>>,
    /// Provinces whose neutral garrison still lets a 3:1 winner gain a factor.
    #[serde(default)]
    pub full_gain: Vec<Spanned<String>>,
    /// Isolation after the turns of `[rules.control]`: units that cannot trace a line to a
    /// source are removed.
    pub isolation: Option<Isolation>,
}

/// `isolation = { reach = 7, to = "home-centres" }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Isolation {
    /// Longest line, in provinces entered.
    pub reach: Spanned<u32>,
    /// What a line is traced to: `home-centres` (a home supply centre the unit's power
    /// controls) or `centres` (any supply centre it controls).
    pub to: Spanned<String>,
}

/// `[rules.industry]`: industrial points (IPs).
///
/// ```toml
/// [rules.industry]
/// points = { england = "england-ip" }       # side → its track of home IPs
/// squadrons = { england = "england-air" }   # side → its track of aircraft squadrons
/// provinces = { bel = 2, hol = 2 }          # IPs a province gives whoever controls it
/// costs = { supply = 1, build = 2, squadron = 2, factory = 4 }
/// bombing = 5                               # attackers' surplus per IP bombed
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Industry {
    /// Each side's track of the IPs of its home country.
    pub points: IndexMap<Spanned<String>, Spanned<String>>,
    /// Each side's track of squadrons.
    #[serde(default)]
    pub squadrons: IndexMap<Spanned<String>, Spanned<String>>,
    /// Provinces outside the home countries and the IPs each gives the power controlling it.
    #[serde(default)]
    pub provinces: IndexMap<Spanned<String>, Spanned<u32>>,
    /// What a winter's IPs buy (defaults: supply 1, build 2, squadron 2, factory 4).
    #[serde(default)]
    pub costs: IndexMap<Spanned<String>, Spanned<u32>>,
    /// Squadrons of the attackers' surplus over a country per IP it loses (default 5).
    pub bombing: Option<Spanned<u32>>,
    /// The counters that mark a power's IPs captured with one of its home centres (each worth
    /// its strength factor): they lie in the centre, count for whoever holds it, and go back
    /// to the power's track when it takes the centre back.
    #[serde(default)]
    pub captured: Vec<Spanned<String>>,
}

/// `[[rules.frozen]]`: provinces frozen in some turns (a polar sea in winter).
///
/// ```toml
/// [[rules.frozen]]
/// name = "The Arctic ice"
/// provinces = ["aro", "bar", "arc", "lap", "ice"]
/// turns = ["january", "february", "march", "april"]   # turns, or seasons of [calendar]
/// no-convoy-to = ["ice"]      # armies are not convoyed there while frozen
/// builds = ["arc"]            # frozen provinces where builds are still allowed
/// ```
///
/// While a province is frozen: a fleet in it may not move or support; no fleet may move
/// into it, support a unit in it, or support a move into it; an army may move into it only
/// when no unit stands there as the phase begins (and may always leave it); no fleet
/// retreats into it; no unit is built in it unless `builds` names it. Hidden fractional
/// units (`[rules.fractions]`) are not held by ice.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Frozen {
    /// What the ice is called in reports (default `frozen`).
    pub name: Option<String>,
    /// The provinces (ids) that freeze.
    pub provinces: Vec<Spanned<String>>,
    /// The turns they are frozen: turn ids, or seasons of the `[calendar]` (each of its turns).
    pub turns: Vec<Spanned<String>>,
    /// Frozen provinces no army may be convoyed to while frozen.
    #[serde(default)]
    pub no_convoy_to: Vec<Spanned<String>>,
    /// Frozen provinces where units may still be built.
    #[serde(default)]
    pub builds: Vec<Spanned<String>>,
}

/// `[rules.fractions]`: hidden fractional units.
///
/// ```toml
/// [rules.fractions]
/// parts = 3                  # a unit disperses into at least 3 parts, none over 1/3
/// boarding = true            # army fractions may ride fleets
/// limit = { units = 2, before = "march-1915" }   # dispersed units per power before a turn
/// pieces = [{ counter = "austrian-army-third", size = "1/3" }]
/// ```
///
/// A unit ordered to disperse stands for the phase (it may be attacked and dislodged; the
/// dispersal happens all the same) and leaves the board as parts of its size, each in a
/// different province it could move to. Parts are seen only by their owner, move as units
/// of their kind but through any unit, and are never attacked; a move fails only when more
/// than a whole unit of parts would stand in one province. Parts of one power and kind in
/// a province or next to it may reform a unit there, which moves in like a unit from
/// nowhere (supportable, never cut). Parts never own supply centres and never count as
/// units.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Fractions {
    /// Fewest parts a unit disperses into; no part is larger than 1/parts (default 3).
    pub parts: Option<Spanned<u32>>,
    /// Army fractions in a coastal province may board a fleet in a sea next to it, ride it
    /// unseen and disembark (fewer than a whole unit aboard one fleet).
    #[serde(default)]
    pub boarding: bool,
    /// At most `units` units' worth of parts per power before the turn `before`.
    pub limit: Option<FractionLimit>,
    /// The counters that show parts in the module: each one power's part of a kind and size.
    #[serde(default)]
    pub pieces: Vec<FractionPiece>,
}

/// `limit = { units = 2, before = "march-1915" }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FractionLimit {
    /// Units' worth of parts a power may have.
    pub units: Spanned<u32>,
    /// The first turn without the limit.
    pub before: Spanned<String>,
}

/// `{ counter = "austrian-army-third", size = "1/3" }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FractionPiece {
    /// The counter (its nation's side owns the part, its unit type moves as army or fleet).
    pub counter: Spanned<String>,
    /// The part of a unit it shows, e.g. `"1/3"`.
    pub size: Spanned<String>,
}

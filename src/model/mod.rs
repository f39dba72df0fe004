//! The validated game: every reference resolved, every value parsed.
//!
//! Only [`crate::check`] builds a [`Game`]; emitters and helpers read it and can rely on it:
//! ids are indices into the game's vectors, hex numbers are coordinates on the grid, colours
//! are parsed. Vectors keep the designer's order, so output is stable.

pub mod colour;
pub mod counter;
pub mod hex;
pub mod locate;
pub mod map;
pub mod rulebook;
pub mod rules;
pub mod scenario;
pub mod sequence;
pub mod table;

use std::path::PathBuf;

use serde::Serialize;

pub use colour::Colour;
pub use counter::{Class, Counter, Faces, Factor, Size, UnitKind, UnitType};
pub use hex::{HexCoord, HexGeometry, HexLayout, Orientation, PictureGrid};
pub use map::{
    Area, AreaMap, Coast, Edge, Hex, HexMap, HexSet, Map, MapKind, Misplaced, Place, Rail, Route,
    Site,
};
pub use rulebook::Rulebook;
pub use rules::{Rules, Selector};
pub use scenario::{Location, Placement, Pool, PoolKind, Scenario};
pub use sequence::{Part, Player, PlayerTurn, PlayerTurnId, Step};
pub use table::{
    Chart, ChartModifier, CombatEffect, CombatSide, Cost, Crt, CrtColumn, CrtKind, Dice,
    HexsideTerrain, ModifierValue, RollColumn, RollRange, Terrain, TerrainKind, Threshold,
    ThresholdColumn,
};

/// Index of a side in [`Game::sides`].
pub type SideId = usize;
/// Index of a nation in [`Game::nations`].
pub type NationId = usize;
/// Index of a country in [`Game::countries`].
pub type CountryId = usize;
/// Index of a turn in [`Game::turns`].
pub type TurnId = usize;
/// Index of a weather in [`Game::weather`].
pub type WeatherId = usize;
/// Index of a phase in [`Game::phases`].
pub type PhaseId = usize;
/// Index of a track in [`Game::tracks`].
pub type TrackId = usize;
/// Index of a track display in [`Game::track_displays`].
pub type TrackDisplayId = usize;
/// Index of a factor in [`Game::factors`].
pub type FactorId = usize;
/// Index of a unit type in [`Game::unit_types`].
pub type UnitTypeId = usize;
/// Index of a class in [`Game::classes`].
pub type ClassId = usize;
/// Index of a counter in [`Game::counters`].
pub type CounterId = usize;
/// Index of a terrain in [`Game::terrain`].
pub type TerrainId = usize;
/// Index of a hexside terrain in [`Game::hexside_terrain`].
pub type HexsideTerrainId = usize;
/// Index of a map in [`Game::maps`].
pub type MapId = usize;
/// Index of a pool in [`Game::pools`].
pub type PoolId = usize;

/// A whole validated game.
#[derive(Debug, Clone, Serialize)]
pub struct Game {
    /// Short identifier.
    pub id: String,
    /// Title.
    pub title: String,
    /// Version of the definitions.
    pub version: String,
    /// Designers.
    pub designers: Vec<String>,
    /// Description for players.
    pub description: String,
    /// Directory the game was read from (for designer-supplied art).
    #[serde(skip)]
    pub root: PathBuf,
    /// Art settings.
    pub art: ArtSettings,
    /// Sides.
    pub sides: Vec<Side>,
    /// Order of player turns.
    pub player_order: Vec<SideId>,
    /// Nations.
    pub nations: Vec<Nation>,
    /// Countries.
    pub countries: Vec<Country>,
    /// Weather kinds.
    pub weather: Vec<Weather>,
    /// The calendar.
    pub turns: Vec<Turn>,
    /// The phases of one game turn, in order (those of a player turn once).
    pub phases: Vec<Phase>,
    /// The player turns: phases each side plays in turn ([`Game::steps`] gives the order).
    pub player_turns: Vec<PlayerTurn>,
    /// The phase that decides who plays first each turn: player turns are then played by
    /// the First Player, the Second Player… rather than in `player_order`.
    pub initiative: Option<PhaseId>,
    /// Numeric tracks.
    pub tracks: Vec<Track>,
    /// Printed tracks of numbered boxes on the maps.
    pub track_displays: Vec<TrackDisplay>,
    /// Per-turn track schedules.
    pub schedules: Vec<Schedule>,
    /// Factor names.
    pub factors: Vec<Factor>,
    /// Unit types.
    pub unit_types: Vec<UnitType>,
    /// Classes.
    pub classes: Vec<Class>,
    /// The counter mix.
    pub counters: Vec<Counter>,
    /// Terrain effects chart.
    pub terrain: Vec<Terrain>,
    /// Hexside terrain.
    pub hexside_terrain: Vec<HexsideTerrain>,
    /// Maps.
    pub maps: Vec<Map>,
    /// Off-map boxes.
    pub pools: Vec<Pool>,
    /// Scenarios.
    pub scenarios: Vec<Scenario>,
    /// Combat results tables.
    pub crts: Vec<Crt>,
    /// Other charts.
    pub charts: Vec<Chart>,
    /// Rule parameters.
    pub rules: Rules,
    /// Optional rules, every one declared, each saying whether it is on in this game.
    pub options: Vec<GameOption>,
    /// The rules prose (`rules/*.md`), checked; empty without it.
    #[serde(skip)]
    pub rulebook: Rulebook,
}

/// An optional rule (`[[option]]`): what it is, and whether this game was resolved with it
/// on (its data present) or off (its data left out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameOption {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// The rule's number, e.g. `33.0`.
    pub rule: Option<String>,
    /// What the rule does.
    pub description: String,
    /// On unless turned off.
    pub default: bool,
    /// On in this game (by default, by the player, or by a scenario).
    pub on: bool,
    /// Ids of the charts of this option left out of the game because it is off.
    pub charts_left_out: Vec<String>,
}

impl GameOption {
    /// `Lend-Lease (33.0)`, or the name alone.
    pub fn label(&self) -> String {
        match &self.rule {
            Some(r) => format!("{} ({r})", self.name),
            None => self.name.clone(),
        }
    }
}

/// Sizes of generated art.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ArtSettings {
    /// Counter edge in pixels.
    pub counter_size: u32,
    /// Hex size (centre to centre within a column) in pixels.
    pub hex_size: u32,
    /// Print attack and defence once when they are equal (`4-3` for 4-4-3).
    pub compact_factors: bool,
}

/// A side.
#[derive(Debug, Clone, Serialize)]
pub struct Side {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Colour.
    pub colour: Colour,
    /// Nations it commands.
    pub nations: Vec<NationId>,
    /// Home supply centres (map, area).
    pub home: Vec<(MapId, usize)>,
    /// The marker it puts on what it controls (a supply centre it owns), when it has one.
    pub control_marker: Option<ControlMarker>,
}

/// The marker a side puts on what it controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ControlMarker {
    /// The marker's class (no other side's).
    pub class: ClassId,
    /// The counter set-ups place: the first of the mix with that class.
    pub counter: CounterId,
}

/// A nation.
#[derive(Debug, Clone, Serialize)]
pub struct Nation {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Abbreviation.
    pub abbreviation: String,
    /// Side commanding it.
    pub side: Option<SideId>,
    /// Counter background.
    pub background: Colour,
    /// Counter text.
    pub text: Colour,
    /// Unit symbol colour.
    pub symbol: Colour,
}

/// A country.
#[derive(Debug, Clone, Serialize)]
pub struct Country {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Side controlling it at the start.
    pub controlled_by: Option<SideId>,
    /// Colour for borders and labels.
    pub colour: Option<Colour>,
}

/// A kind of weather.
#[derive(Debug, Clone, Serialize)]
pub struct Weather {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Effect text.
    pub effect: String,
    /// Movement points every location entered costs more (snow: 1).
    pub extra_cost: i64,
    /// Movement allowances are halved, fractions rounded up (mud).
    pub halves_movement: bool,
}

impl Weather {
    /// A movement allowance as this weather leaves it.
    pub fn allowance(&self, allowance: i64) -> i64 {
        if self.halves_movement {
            allowance.div_euclid(2) + allowance.rem_euclid(2)
        } else {
            allowance
        }
    }

    /// Whether it changes movement by itself (beyond the terrain's own costs in it).
    pub fn affects_movement(&self) -> bool {
        self.extra_cost != 0 || self.halves_movement
    }

    /// What it does to movement by itself, in words for the charts (`None`: nothing).
    pub fn movement_effect(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.extra_cost != 0 {
            let n = self.extra_cost.unsigned_abs();
            parts.push(format!(
                "every hex or area entered costs {n} movement point{} {}",
                if n == 1 { "" } else { "s" },
                if self.extra_cost > 0 { "more" } else { "less" }
            ));
        }
        if self.halves_movement {
            parts.push("movement allowances are halved (fractions rounded up)".into());
        }
        (!parts.is_empty()).then(|| format!("{}: {}.", self.name, parts.join("; ")))
    }
}

/// A game turn.
#[derive(Debug, Clone, Serialize)]
pub struct Turn {
    /// Identifier.
    pub id: String,
    /// Name as printed.
    pub name: String,
    /// Weather in force.
    pub weather: Option<WeatherId>,
    /// Other markers.
    pub markers: Vec<String>,
    /// The phases played in it (empty: all of them).
    pub phases: Vec<PhaseId>,
}

/// A phase of the sequence of play.
#[derive(Debug, Clone, Serialize)]
pub struct Phase {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Description.
    pub description: String,
    /// Games of written orders: which orders it takes.
    pub orders: Option<OrderPhase>,
    /// The side that plays it alone (in its own player turn only, when in a player turn).
    pub side: Option<SideId>,
}

/// Which written orders a phase takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderPhase {
    /// Moves, holds, supports and convoys.
    Movement,
    /// Retreats and disbands of dislodged units.
    Retreat,
    /// Builds and disbands against supply centres.
    Adjustment,
}

/// A numeric track.
#[derive(Debug, Clone, Serialize)]
pub struct Track {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Lowest value.
    pub min: i64,
    /// Highest value.
    pub max: i64,
    /// Owning side.
    pub side: Option<SideId>,
    /// Where its marker stands: the marker's class and the display (both or neither).
    pub marker: Option<TrackMarker>,
}

/// The counter that marks a track's value on a track display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TrackMarker {
    /// The marker's class.
    pub class: ClassId,
    /// The counter a scenario puts on the track: the first of the mix with that class.
    pub counter: CounterId,
    /// The display it stands on.
    pub display: TrackDisplayId,
}

/// A printed track of numbered boxes on a map.
#[derive(Debug, Clone, Serialize)]
pub struct TrackDisplay {
    /// Identifier.
    pub id: String,
    /// Name (and VASSAL location prefix).
    pub name: String,
    /// The map it is printed on.
    pub map: MapId,
    /// First box number.
    pub min: i64,
    /// Last box number.
    pub max: i64,
    /// Boxes per row.
    pub columns: u32,
}

impl TrackDisplay {
    /// The location name of a box: `Record Track 60`.
    pub fn box_name(&self, value: i64) -> String {
        format!("{} {value}", self.name)
    }
}

/// Amounts added to a track on given turns.
#[derive(Debug, Clone, Serialize)]
pub struct Schedule {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Track.
    pub track: TrackId,
    /// (turn, amount) in calendar order.
    pub amounts: Vec<(TurnId, i64)>,
}

impl Game {
    /// Whether the game has a terrain effects chart to print: a terrain with a movement
    /// cost or a combat effect, a hexside terrain, or weather that changes movement. A
    /// province board's sea, coastal and inland terrains affect nothing (who may enter is
    /// the board's army and fleet moves), and a chart of dashes is none.
    pub fn has_terrain_effects(&self) -> bool {
        self.terrain.iter().any(|t| {
            !t.movement.is_empty() || !t.movement_in.is_empty() || t.combat != Default::default()
        }) || !self.hexside_terrain.is_empty()
            || self.weather.iter().any(|w| w.movement_effect().is_some())
    }

    /// The side whose control marker a counter is (by its class).
    pub fn control_marker_side(&self, counter: CounterId) -> Option<SideId> {
        let class = self.counters.get(counter)?.class;
        self.sides
            .iter()
            .position(|s| s.control_marker.is_some_and(|m| m.class == class))
    }

    /// The side a counter belongs to (by its class's nation, or the class's own side).
    pub fn side_of(&self, counter: CounterId) -> Option<SideId> {
        let class = &self.classes[self.counters[counter].class];
        class
            .side
            .or_else(|| class.nation.and_then(|n| self.nations[n].side))
    }

    /// The class of a counter (its front face; the back of a two-level counter is of the
    /// same unit type, nation and line, so type, side and flags read from here hold for both).
    pub fn class_of(&self, counter: CounterId) -> &Class {
        &self.classes[self.counters[counter].class]
    }

    /// The class whose values a counter shows on a face: the back class of a two-level
    /// counter showing its back, else its own class (whose `reduced` factors a two-step
    /// unit's back shows).
    pub fn face_class(&self, counter: CounterId, back: bool) -> ClassId {
        let c = &self.counters[counter];
        match (back, c.back) {
            (true, Some(b)) => b,
            _ => c.class,
        }
    }

    /// The Level a counter shows on a face, when its classes are levelled.
    pub fn level_shown(&self, counter: CounterId, back: bool) -> Option<u32> {
        self.classes[self.face_class(counter, back)].level
    }

    /// The counter printing `class` and whether on its back: `counter` itself when it
    /// prints it, else the first counter with the same designation that does, else the first
    /// that does. A Level change goes there: a flip when it is `counter`, a swap otherwise.
    pub fn printing(&self, counter: CounterId, class: ClassId) -> Option<(CounterId, bool)> {
        let face = |o: CounterId| {
            let c = &self.counters[o];
            if c.class == class {
                Some((o, false))
            } else if c.back == Some(class) {
                Some((o, true))
            } else {
                None
            }
        };
        let designation = &self.counters[counter].designation;
        face(counter)
            .or_else(|| {
                (0..self.counters.len())
                    .filter(|o| self.counters[*o].designation == *designation)
                    .find_map(face)
            })
            .or_else(|| (0..self.counters.len()).find_map(face))
    }

    /// The classes of a class's line of levels, lowest first, when it has a level in a line
    /// of more than one class.
    pub fn line_of(&self, class: ClassId) -> Option<Vec<ClassId>> {
        let k = &self.classes[class];
        let line = k.line.as_ref()?;
        k.level?;
        let mut members: Vec<(u32, ClassId)> = self
            .classes
            .iter()
            .enumerate()
            .filter(|(_, c)| c.line.as_ref() == Some(line))
            .map(|(i, c)| (c.level.unwrap_or(0), i))
            .collect();
        members.sort();
        (members.len() > 1).then(|| members.into_iter().map(|(_, i)| i).collect())
    }

    /// Whether a counter has a printed back worth flipping to: a reduced face or another
    /// Level.
    pub fn has_back(&self, counter: CounterId) -> bool {
        self.counters[counter].back.is_some() || self.class_of(counter).is_stepped()
    }

    /// The unit type of a counter.
    pub fn type_of(&self, counter: CounterId) -> &UnitType {
        &self.unit_types[self.class_of(counter).unit_type]
    }

    /// Whether a counter is a combat unit.
    pub fn is_combat(&self, counter: CounterId) -> bool {
        self.type_of(counter).combat
    }

    /// Whether a counter is a marker (its unit type draws the `marker` symbol) rather than
    /// a unit.
    pub fn is_marker(&self, counter: CounterId) -> bool {
        self.type_of(counter).symbol == "marker"
    }

    /// Whether a province board's area is owned under the supply-centre rule of control: a
    /// supply centre, or a province worth industrial points (`[rules.industry] provinces`).
    pub fn is_owned_area(&self, id: &str, supply_centre: bool) -> bool {
        supply_centre
            || self
                .rules
                .industry
                .as_ref()
                .is_some_and(|i| i.provinces.iter().any(|(p, _)| p == id))
    }

    /// Whether a side is neutral (`[rules.multi-factor] neutrals`): its garrisons take no
    /// orders and no player takes it.
    pub fn is_neutral(&self, side: SideId) -> bool {
        self.rules
            .multi_factor
            .as_ref()
            .is_some_and(|m| m.neutrals.contains(&side))
    }

    /// Index of a side by id.
    pub fn side_index(&self, id: &str) -> Option<SideId> {
        self.sides.iter().position(|s| s.id == id)
    }

    /// Index of a counter by id.
    pub fn counter_index(&self, id: &str) -> Option<CounterId> {
        self.counters.iter().position(|c| c.id == id)
    }

    /// Index of a factor by id.
    pub fn factor_index(&self, id: &str) -> Option<FactorId> {
        self.factors.iter().position(|f| f.id == id)
    }

    /// Index of a terrain by id.
    pub fn terrain_index(&self, id: &str) -> Option<TerrainId> {
        self.terrain.iter().position(|t| t.id == id)
    }

    /// The movement cost of entering a terrain for a unit type in a weather: the terrain's
    /// cost in that weather plus the weather's extra cost of every location entered (a
    /// `stop` or `prohibited` terrain stays so).
    pub fn entry_cost(
        &self,
        terrain: TerrainId,
        unit_type: Option<UnitTypeId>,
        weather: Option<WeatherId>,
    ) -> Option<Cost> {
        let cost = self.terrain.get(terrain)?.cost_in(unit_type, weather)?;
        let extra = weather
            .and_then(|w| self.weather.get(w))
            .map_or(0, |w| w.extra_cost);
        Some(match cost {
            Cost::Points(n) => Cost::Points(n.saturating_add(extra).max(0)),
            other => other,
        })
    }

    /// The weather of a turn, when the calendar gives one.
    pub fn weather_of(&self, turn: TurnId) -> Option<WeatherId> {
        self.turns.get(turn).and_then(|t| t.weather)
    }

    /// Index of a scenario by id.
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    /// Index of a CRT by id.
    pub fn crt(&self, id: &str) -> Option<&Crt> {
        self.crts.iter().find(|c| c.id == id)
    }

    /// The name VASSAL and `sandtable scenario` use for a location: the printed hex number,
    /// `Area — Open` / `Area — Box 2`, or the pool's name.
    pub fn location_name(&self, loc: &Location) -> String {
        match loc {
            Location::Hex { map, hex } => match &self.maps[*map].kind {
                MapKind::Hex(h) => h.geometry.number(*hex),
                MapKind::Area(_) => String::new(),
            },
            Location::Area { map, area, slot } => match &self.maps[*map].kind {
                MapKind::Area(a) => a.slot_name(*area, *slot),
                MapKind::Hex(_) => String::new(),
            },
            Location::Pool(p) => self.pools[*p].name.clone(),
            Location::Track { display, value } => self.track_displays[*display].box_name(*value),
        }
    }

    /// The track a marker counter marks, when it is the marker of a track on a display.
    pub fn track_of_marker(&self, counter: CounterId) -> Option<TrackId> {
        let class = self.counters.get(counter)?.class;
        self.tracks
            .iter()
            .position(|t| t.marker.is_some_and(|m| m.class == class))
    }

    /// The value of every track whose marker stands on its display among `placed`
    /// (counter, location) pairs: the number of the box it is in. The first marker found
    /// counts when a track has several.
    pub fn marked_tracks<'a>(
        &self,
        placed: impl IntoIterator<Item = (CounterId, &'a Location)>,
    ) -> Vec<(TrackId, i64)> {
        let mut out: Vec<(TrackId, i64)> = Vec::new();
        for (counter, loc) in placed {
            let Location::Track { display, value } = *loc else {
                continue;
            };
            let Some(t) = self.track_of_marker(counter) else {
                continue;
            };
            if self.tracks[t].marker.is_some_and(|m| m.display == display)
                && !out.iter().any(|(o, _)| *o == t)
            {
                out.push((t, value));
            }
        }
        out.sort_by_key(|(t, _)| *t);
        out
    }

    /// The location as `sandtable scenario` prints it: a hex number, an area slot name, or
    /// `pool:<name>`.
    pub fn location_label(&self, loc: &Location) -> String {
        match loc {
            Location::Pool(p) => format!("pool:{}", self.pools[*p].name),
            other => self.location_name(other),
        }
    }
}

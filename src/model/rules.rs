//! Rule parameters, resolved: what the helpers interpret.

use serde::Serialize;

use super::table::Dice;
use super::{
    ClassId, CounterId, CountryId, FactorId, Game, HexsideTerrainId, MapId, NationId, SideId,
    TerrainId, TrackId, TurnId, UnitKind, UnitTypeId,
};

/// Which units a rule concerns.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Selector {
    /// Unit types (empty = any).
    pub types: Vec<UnitTypeId>,
    /// Unit types excluded.
    pub except_types: Vec<UnitTypeId>,
    /// Combat or non-combat only.
    pub combat: Option<bool>,
    /// Nations (empty = any).
    pub nations: Vec<NationId>,
    /// Classes (empty = any).
    pub classes: Vec<ClassId>,
    /// Flags the class must all have.
    pub flags: Vec<String>,
    /// Flags the class must not have.
    pub except_flags: Vec<String>,
    /// Unit sizes (empty = any).
    pub sizes: Vec<String>,
    /// Unit sizes excluded.
    pub except_sizes: Vec<String>,
}

impl Selector {
    /// Whether a counter matches. A type matches its own id and every broader type it
    /// counts as.
    pub fn matches(&self, game: &Game, counter: super::CounterId) -> bool {
        let class = game.class_of(counter);
        if let Some(c) = self.combat {
            if game.unit_types[class.unit_type].combat != c {
                return false;
            }
        }
        if !self.types.is_empty() && !type_chain_meets(game, class.unit_type, &self.types) {
            return false;
        }
        if type_chain_meets(game, class.unit_type, &self.except_types) {
            return false;
        }
        if !self.nations.is_empty() && !class.nation.is_some_and(|n| self.nations.contains(&n)) {
            return false;
        }
        if !self.classes.is_empty() && !self.classes.contains(&game.counters[counter].class) {
            return false;
        }
        if !self.flags.iter().all(|f| class.has_flag(f)) {
            return false;
        }
        if self.except_flags.iter().any(|f| class.has_flag(f)) {
            return false;
        }
        let size = class.size.map(|s| s.as_str());
        if !self.sizes.is_empty() && !size.is_some_and(|s| self.sizes.iter().any(|x| x == s)) {
            return false;
        }
        if size.is_some_and(|s| self.except_sizes.iter().any(|x| x == s)) {
            return false;
        }
        true
    }
}

/// Whether `unit_type` or a broader type it counts as (however far up) is in `types`; a
/// cycle of `counts-as` ends the chain where it repeats. No allocation: selectors are
/// matched for every unit by every helper.
pub fn type_chain_meets(game: &Game, unit_type: UnitTypeId, types: &[UnitTypeId]) -> bool {
    if types.is_empty() {
        return false;
    }
    // The chain has at most as many distinct types as the game has: walking that many steps
    // visits all of them, whether or not it runs into a cycle.
    let mut t = unit_type;
    for _ in 0..=game.unit_types.len() {
        if types.contains(&t) {
            return true;
        }
        match game.unit_types[t].counts_as {
            Some(up) => t = up,
            None => return false,
        }
    }
    false
}

/// A stacking limit.
#[derive(Debug, Clone, Serialize)]
pub struct StackingLimit {
    /// Rule text.
    pub name: String,
    /// Limit.
    pub max: u32,
    /// Units counted (see [`StackingLimit::counts`]: markers only when named).
    pub units: Selector,
    /// Points per unit size name (absent = 1).
    pub points: Vec<(String, u32)>,
    /// Only in these terrains (empty = everywhere).
    pub terrain: Vec<TerrainId>,
    /// Only in these hex sets (map, set index; empty = everywhere).
    pub hex_sets: Vec<(MapId, usize)>,
    /// Not in these terrains.
    pub except_terrain: Vec<TerrainId>,
    /// Not in these hex sets.
    pub except_hex_sets: Vec<(MapId, usize)>,
    /// Only in hexes on a rail line.
    pub rail: bool,
    /// Only when no other combat unit is present.
    pub alone: bool,
}

/// Terrain only some units may enter (`[[rules.entry]]`).
#[derive(Debug, Clone, Serialize)]
pub struct EntryLimit {
    /// Rule text.
    pub name: String,
    /// Terrains or features it applies in.
    pub terrain: Vec<TerrainId>,
    /// Hex sets it applies in (map, set index).
    pub hex_sets: Vec<(MapId, usize)>,
    /// Units concerned.
    pub units: Selector,
    /// Those allowed in.
    pub only: Selector,
}

impl EntryLimit {
    /// Whether the rule bars `counter` from a location with these terrains and hex-set
    /// memberships.
    pub fn bars(
        &self,
        game: &Game,
        counter: CounterId,
        terrains: &[TerrainId],
        sets: &[(MapId, usize)],
    ) -> bool {
        let here = self.terrain.iter().any(|t| terrains.contains(t))
            || self.hex_sets.iter().any(|s| sets.contains(s));
        here && self.units.matches(game, counter) && !self.only.matches(game, counter)
    }
}

/// Victory points for each controlled place of a kind (`[[rules.victory-points]]`).
#[derive(Debug, Clone, Serialize)]
pub struct VictoryPoints {
    /// Rule text.
    pub name: String,
    /// Side scoring.
    pub side: SideId,
    /// Points per place.
    pub points: i64,
    /// Hexes with these terrains or features count.
    pub terrain: Vec<TerrainId>,
    /// Places with these names or tags count.
    pub places: Vec<String>,
    /// Only places first held by these sides (`None`: no side, a neutral); empty: any.
    pub owners: Vec<Option<SideId>>,
    /// Only places in these countries; empty: any.
    pub countries: Vec<CountryId>,
    /// Not places in these countries.
    pub except_countries: Vec<CountryId>,
    /// Not these places (names or tags).
    pub except_places: Vec<String>,
}

/// Places of some names or tags within some countries.
#[derive(Debug, Clone, Serialize)]
pub struct PlaceFilter {
    /// Names or tags.
    pub places: Vec<String>,
    /// Only in these countries (empty: anywhere).
    pub countries: Vec<CountryId>,
    /// Not in these countries.
    pub except_countries: Vec<CountryId>,
}

impl PlaceFilter {
    /// Whether a place in `country` matches.
    pub fn matches(&self, place: &super::map::Place, country: Option<CountryId>) -> bool {
        self.places
            .iter()
            .any(|w| *w == place.name || place.tags.contains(w))
            && (self.countries.is_empty() || country.is_some_and(|c| self.countries.contains(&c)))
            && !country.is_some_and(|c| self.except_countries.contains(&c))
    }
}

/// A zone of control's reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZocReach {
    /// The surrounding hexes or adjacent areas (and the unit's own).
    Adjacent,
    /// Only the unit's own hex.
    Own,
    /// None.
    None,
}

/// Zones of control.
#[derive(Debug, Clone, Serialize)]
pub struct ZocRules {
    /// Default for combat units.
    pub default: ZocReach,
    /// Exceptions, first match wins.
    pub exceptions: Vec<(Selector, ZocReach)>,
    /// Hexside terrains a zone does not cross.
    pub not_across: Vec<HexsideTerrainId>,
    /// Terrains a zone does not enter.
    pub not_into: Vec<TerrainId>,
}

/// How far supply may be traced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PathLength {
    /// Any length.
    Unlimited,
    /// The unit's movement factor.
    Movement(FactorId),
    /// At most this many hexes or areas.
    Steps(u32),
}

/// What each location a supply path enters counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PathCost {
    /// One per hex or area.
    #[default]
    Steps,
    /// The movement points a unit of no particular type pays to enter it (and to cross the
    /// hexside on the way) in the turn's weather.
    MovementPoints,
}

/// What blocks a supply path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Blocker {
    /// Enemy units.
    EnemyUnits,
    /// Enemy zones of control.
    EnemyZoc,
    /// Enemy-controlled locations.
    EnemyControlled,
}

/// A supply source.
#[derive(Debug, Clone, Serialize)]
pub struct SupplySource {
    /// Side.
    pub side: SideId,
    /// Map edges (map, edge index).
    pub edges: Vec<(MapId, usize)>,
    /// Hex sets (map, set index).
    pub hex_sets: Vec<(MapId, usize)>,
    /// Place names or tags.
    pub places: Vec<String>,
    /// Friendly-controlled hexes with these terrains or features.
    pub terrain: Vec<TerrainId>,
    /// Places and terrain only in these countries (empty: anywhere).
    pub countries: Vec<CountryId>,
    /// Locations holding a counter of the side matching this.
    pub counters: Option<Selector>,
    /// Units that may use it (`None`: every unit of the side).
    pub units: Option<Selector>,
    /// Hexes beyond its edge or hexes the source lies.
    pub beyond: u32,
    /// Borders of the hex maps whose land hexes it covers (`west`, `east`, `north`,
    /// `south`), within `countries`.
    pub along: Vec<String>,
    /// What reports call it.
    pub name: Option<String>,
}

/// What a supply link joins.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkKind {
    /// The friendly places of a hex set (map, index).
    HexSet((MapId, usize)),
    /// Friendly ports (hexes with a feature, or places with a tag) touching one body of
    /// these water terrains.
    Sea {
        /// Terrain id of the port feature (when it is one).
        feature: Option<TerrainId>,
        /// The port tag or feature id as written.
        port: String,
        /// Water terrains.
        across: Vec<TerrainId>,
        /// The seas (hex sets: map, index) a crossing must stay inside, one at a time;
        /// empty: every connected body of `across` water.
        seas: Vec<(MapId, usize)>,
    },
}

/// A supply link.
#[derive(Debug, Clone, Serialize)]
pub struct SupplyLink {
    /// Side.
    pub side: SideId,
    /// What it joins.
    pub kind: LinkKind,
    /// Units that may use it (`None`: every unit of the side).
    pub units: Option<Selector>,
    /// Rule text.
    pub description: String,
}

/// Supply.
#[derive(Debug, Clone, Serialize)]
pub struct SupplyRules {
    /// Sources.
    pub sources: Vec<SupplySource>,
    /// Units needing supply.
    pub units: Selector,
    /// Path length.
    pub path_length: PathLength,
    /// What each location entered counts towards it.
    pub path_cost: PathCost,
    /// Blockers.
    pub blocked_by: Vec<Blocker>,
    /// Enemy control blocks only locations with these terrains or these places' names or
    /// tags (both empty: every location).
    pub enemy_controlled_terrain: Vec<TerrainId>,
    /// See `enemy_controlled_terrain`.
    pub enemy_controlled_places: Vec<String>,
    /// A friendly combat unit cancels enemy ZOC in its hex.
    pub friendly_units_negate_zoc: bool,
    /// Terrains a path may not enter.
    pub impassable: Vec<TerrainId>,
    /// Links.
    pub links: Vec<SupplyLink>,
    /// Out of Supply marker counter.
    pub marker: Option<super::CounterId>,
}

/// Control rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ControlRule {
    /// Last side to occupy with a qualifying unit, starting from countries.
    LastOccupied,
    /// All boxes of an area occupied by one side.
    AllBoxes,
    /// Supply centres change hands after given turns.
    SupplyCentres,
}

/// Control.
#[derive(Debug, Clone, Serialize)]
pub struct ControlRules {
    /// Rule.
    pub rule: ControlRule,
    /// Units that take control.
    pub units: Selector,
    /// Turns after which ownership changes.
    pub turns: Vec<TurnId>,
    /// An enemy zone of control contests a location its owner does not occupy.
    pub zoc_contests: bool,
    /// Who controls what at the start beyond the countries' owners, applied in order.
    pub start: Vec<StartControl>,
}

/// Hexes or areas a side controls when the game begins (`[[rules.control.start]]`).
#[derive(Debug, Clone, Serialize)]
pub struct StartControl {
    /// The side.
    pub side: SideId,
    /// Whole maps.
    pub maps: Vec<MapId>,
    /// Hex sets (regions, countries) as (map, set index).
    pub regions: Vec<(MapId, usize)>,
    /// Single hexes or areas.
    pub places: Vec<(MapId, super::map::PlaceAt)>,
}

/// A victory condition.
#[derive(Debug, Clone, Serialize)]
pub struct Victory {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Winner.
    pub side: SideId,
    /// Checked after this side's player turn.
    pub checked_after: Option<SideId>,
    /// Places (map, place index) to occupy.
    pub occupy_all: Vec<(MapId, usize)>,
    /// Units that count.
    pub units: Selector,
    /// Track comparison (winner's track, opponent's track, lead).
    pub track_lead: Option<(TrackId, TrackId, i64)>,
    /// Number of supply centres or areas to control.
    pub control_count: Option<u32>,
    /// Places the side must all control.
    pub control_all: Option<PlaceFilter>,
    /// Track ratio (winner's track, opponent's track, factor).
    pub track_ratio: Option<(TrackId, TrackId, u32)>,
    /// Checked only on turns whose number is a multiple of this.
    pub every: Option<u32>,
    /// Checks running it must hold at (1 = this one alone).
    pub running: u32,
    /// Won by having more units than every other side (checked when the calendar ends).
    pub most_units: bool,
    /// Judged only at the end of the game (`at = "end"`, or implied by `otherwise`).
    pub at_end: bool,
    /// The default result: won at the end when no other condition is met.
    pub otherwise: bool,
    /// The side's victory points lead every other side's by at least this.
    pub points_lead: Option<u32>,
}

impl Victory {
    /// When the condition is judged, in words to follow its text (empty when it is judged
    /// whenever its checks come round).
    pub fn timing(&self) -> &'static str {
        if self.otherwise {
            " (at the end of the game, when no other condition is met)"
        } else if self.at_end {
            " (at the end of the game)"
        } else {
            ""
        }
    }
}

/// All rule parameters.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Rules {
    /// Stacking.
    pub stacking: Vec<StackingLimit>,
    /// Zones of control.
    pub zoc: Option<ZocRules>,
    /// Supply.
    pub supply: Option<SupplyRules>,
    /// Control.
    pub control: Option<ControlRules>,
    /// Victory.
    pub victory: Vec<Victory>,
    /// What markers do where they lie.
    pub markers: Vec<MarkerEffect>,
    /// The Control Phase.
    pub control_phase: Option<ControlPhaseRules>,
    /// Attrition.
    pub attrition: Option<AttritionRules>,
    /// Levels of victory.
    pub victory_levels: Option<VictoryLevels>,
    /// Units of many factors on a province board.
    pub multi_factor: Option<MultiFactorRules>,
    /// Industrial points.
    pub industry: Option<IndustryRules>,
    /// Provinces frozen in some turns.
    pub frozen: Vec<FrozenRules>,
    /// Hidden fractional units.
    pub fractions: Option<FractionRules>,
    /// Terrain only some units may enter.
    pub entry: Vec<EntryLimit>,
    /// Victory points.
    pub victory_points: Vec<VictoryPoints>,
}

impl Rules {
    /// The entry rules barring `counter` from a location with these terrains and hex sets.
    pub fn barred<'r>(
        &'r self,
        game: &'r Game,
        counter: CounterId,
        terrains: &'r [TerrainId],
        sets: &'r [(MapId, usize)],
    ) -> impl Iterator<Item = &'r EntryLimit> + 'r {
        self.entry
            .iter()
            .filter(move |e| e.bars(game, counter, terrains, sets))
    }
}

/// Provinces frozen in some turns (`[[rules.frozen]]`); see the schema for what ice does.
#[derive(Debug, Clone, Serialize)]
pub struct FrozenRules {
    /// What reports call it.
    pub name: String,
    /// The provinces (ids).
    pub provinces: Vec<String>,
    /// The turns they are frozen.
    pub turns: Vec<TurnId>,
    /// Provinces no army is convoyed to while frozen.
    pub no_convoy_to: Vec<String>,
    /// Frozen provinces where builds stay allowed.
    pub builds: Vec<String>,
}

impl FrozenRules {
    /// Whether `province` is frozen in `turn`.
    pub fn holds(&self, province: &str, turn: TurnId) -> bool {
        self.turns.contains(&turn) && self.provinces.iter().any(|p| p == province)
    }
}

/// A part of a unit: `1/3`.
pub type Share = num_rational::Ratio<u32>;

/// A part of a unit as written: `1/3` (a positive fraction at most 1, denominator at most
/// 1000; digits only, no sign).
pub fn parse_share(text: &str) -> Option<Share> {
    let (n, d) = text.trim().split_once('/')?;
    let number = |w: &str| -> Option<u32> {
        let w = w.trim();
        (!w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse().ok())
            .flatten()
    };
    let (n, d) = (number(n)?, number(d)?);
    (n > 0 && d > 0 && n <= d && d <= 1000).then(|| Share::new(n, d))
}

/// Hidden fractional units (`[rules.fractions]`); see the schema for the rules.
#[derive(Debug, Clone, Serialize)]
pub struct FractionRules {
    /// Fewest parts of a dispersal; no part larger than 1/parts.
    pub parts: u32,
    /// Army parts may ride fleets.
    pub boarding: bool,
    /// Units' worth of parts a power may have, and the first turn without that limit.
    pub limit: Option<(u32, TurnId)>,
    /// The counters showing parts.
    pub pieces: Vec<FractionPiece>,
}

/// A counter showing one power's part of a unit.
#[derive(Debug, Clone, Serialize)]
pub struct FractionPiece {
    /// The counter.
    pub counter: CounterId,
    /// Its side (the power).
    pub side: SideId,
    /// Army or fleet.
    pub kind: UnitKind,
    /// The part of a unit it shows.
    #[serde(serialize_with = "share_text")]
    pub size: Share,
}

fn share_text<S: serde::Serializer>(s: &Share, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(&s.to_string())
}

/// Units of any whole strength on a province board (`[rules.multi-factor]`).
#[derive(Debug, Clone, Default, Serialize)]
pub struct MultiFactorRules {
    /// The factor printing what a counter is worth (none: every counter is worth 1).
    pub strength: Option<FactorId>,
    /// Sides of neutral garrisons.
    pub neutrals: Vec<SideId>,
    /// Provinces (ids) whose neutral garrison still lets a 3:1 winner gain.
    pub full_gain: Vec<String>,
    /// Isolation, when the game has it.
    pub isolation: Option<IsolationRules>,
}

/// Supply lines of multi-factor units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct IsolationRules {
    /// Longest line, in provinces entered.
    pub reach: u32,
    /// What a line is traced to.
    pub to: IsolationSource,
}

/// What an isolation line is traced to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IsolationSource {
    /// A home supply centre the unit's power controls.
    HomeCentres,
    /// Any supply centre the unit's power controls.
    Centres,
}

/// Industrial points (`[rules.industry]`).
#[derive(Debug, Clone, Serialize)]
pub struct IndustryRules {
    /// (side, track of its home IPs).
    pub points: Vec<(SideId, TrackId)>,
    /// (side, track of its squadrons).
    pub squadrons: Vec<(SideId, TrackId)>,
    /// (province id, IPs it gives whoever controls it).
    pub provinces: Vec<(String, u32)>,
    /// IPs per factor kept in supply.
    pub supply: u32,
    /// IPs per factor built.
    pub build: u32,
    /// IPs per squadron built.
    pub squadron: u32,
    /// IPs per IP of factory built.
    pub factory: u32,
    /// Squadrons of surplus per IP bombed.
    pub bombing: u32,
    /// Counters marking IPs captured with a home centre (their side's IPs, each worth its
    /// strength).
    pub captured: Vec<CounterId>,
}

impl Rules {
    /// The effect declared for a marker class.
    pub fn marker_effect(&self, class: ClassId) -> Option<&MarkerEffect> {
        self.markers.iter().find(|m| m.class == class)
    }
}

/// A number of points: fixed, or dice the players roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Amount {
    /// This many points.
    Points(i64),
    /// The total of a roll.
    Dice(Dice),
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Amount::Points(n) => write!(f, "{n}"),
            Amount::Dice(d) => write!(f, "{d}"),
        }
    }
}

/// Points a side loses.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Penalty {
    /// Side.
    pub side: SideId,
    /// How many.
    pub amount: Amount,
}

/// What a marker class does in its area.
#[derive(Debug, Clone, Serialize)]
pub struct MarkerEffect {
    /// The marker class.
    pub class: ClassId,
    /// Fills one infrastructure box.
    pub takes_box: bool,
    /// Replaces the area's points (side, points); `None` keeps them.
    pub points: Option<Vec<(SideId, i64)>>,
    /// The controller collects nothing for the area.
    pub cancels_points: bool,
    /// Cost per area holding the marker, each Control Phase.
    pub penalty: Option<Penalty>,
}

/// A penalty for having no matching unit within some countries.
#[derive(Debug, Clone, Serialize)]
pub struct Absence {
    /// Rule text.
    pub name: String,
    /// Side looked for, and paying.
    pub side: SideId,
    /// Units that count.
    pub units: Selector,
    /// Countries (empty = anywhere on a map).
    pub within: Vec<CountryId>,
    /// Points lost.
    pub penalty: Amount,
}

/// A garrison requirement.
#[derive(Debug, Clone, Serialize)]
pub struct Garrison {
    /// Identifier.
    pub id: String,
    /// Rule text.
    pub name: String,
    /// Side garrisoning, and paying.
    pub side: SideId,
    /// Areas of these terrains.
    pub terrain: Vec<TerrainId>,
    /// These areas (map, area index).
    pub areas: Vec<(MapId, usize)>,
    /// Units that count.
    pub units: Selector,
    /// Worth of some units, first match (others 1).
    pub worth: Vec<(Selector, u32)>,
    /// Worth needed per area.
    pub min: u32,
    /// Points lost per area short.
    pub penalty: Amount,
    /// The condition under which it holds, when not always.
    pub when: Option<String>,
}

/// The Control Phase.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ControlPhaseRules {
    /// The track of each side's index.
    pub index: Vec<(SideId, TrackId)>,
    /// Absence penalties.
    pub absence: Vec<Absence>,
    /// Garrison requirements.
    pub garrisons: Vec<Garrison>,
}

/// Where attrition strikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttritionWhere {
    /// Locations controlled by another side.
    EnemyControlled,
}

/// Attrition.
#[derive(Debug, Clone, Serialize)]
pub struct AttritionRules {
    /// Units subject.
    pub units: Selector,
    /// Where.
    pub at: AttritionWhere,
    /// Share suffering, percent.
    pub percent: u32,
    /// Fractions rounded up (else down).
    pub round_up: bool,
    /// Only on turns whose number is a multiple of this.
    pub every: Option<u32>,
    /// What happens, in words.
    pub effect: String,
}

impl AttritionRules {
    /// How many of `n` subject units suffer.
    pub fn suffering(&self, n: usize) -> usize {
        let x = n * self.percent as usize;
        if self.round_up {
            x.div_ceil(100)
        } else {
            x / 100
        }
    }
}

/// One level of victory.
#[derive(Debug, Clone, Serialize)]
pub struct VictoryBand {
    /// Lowest lead.
    pub min: i64,
    /// Highest lead (`None`: no limit).
    pub max: Option<i64>,
    /// Name.
    pub name: String,
}

/// What levels of victory compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LevelsBy {
    /// Two tracks.
    Tracks(TrackId, TrackId),
    /// The sides' victory points.
    VictoryPoints,
}

/// Levels of victory.
#[derive(Debug, Clone, Serialize)]
pub struct VictoryLevels {
    /// The tracks compared, or victory points.
    pub between: LevelsBy,
    /// Bands, by increasing lead.
    pub bands: Vec<VictoryBand>,
}

/// Whether turn `turn` (an index into the calendar) is one of every `every` turns: its
/// number, counting the calendar's first turn as 1, is a multiple of `every`.
pub fn turn_is_every(turn: TurnId, every: u32) -> bool {
    every > 0 && (turn as u64 + 1).is_multiple_of(every as u64)
}

/// A stacking limit broken in one location.
#[derive(Debug, Clone, Serialize)]
pub struct StackingViolation {
    /// The rule as players say it.
    pub rule: String,
    /// Its limit.
    pub max: u32,
    /// What was found, e.g. `2 units` or `3 points`.
    pub found: String,
    /// The counters the rule counted, with their points (1 a unit), or those it bars.
    pub counted: Vec<(super::CounterId, u32)>,
}

/// The terrains (terrain and features) of a location, and the hex sets (map, set index) it
/// belongs to.
pub type LocationTerrain = (Vec<TerrainId>, Vec<(MapId, usize)>);

/// The terrains and hex sets of a location; `None` for pools and tracks.
pub fn location_terrain(game: &Game, loc: &super::Location) -> Option<LocationTerrain> {
    let (map, at) = match loc {
        super::Location::Hex { map, hex } => (*map, super::map::PlaceAt::Hex(*hex)),
        super::Location::Area { map, area, .. } => (*map, super::map::PlaceAt::Area(*area)),
        super::Location::Pool(_) | super::Location::Track { .. } => return None,
    };
    let terrains = match (&game.maps[map].kind, loc) {
        (super::MapKind::Hex(h), super::Location::Hex { hex, .. }) => {
            let x = h.hex(*hex);
            std::iter::once(x.terrain)
                .chain(x.features.iter().copied())
                .collect()
        }
        (super::MapKind::Area(a), super::Location::Area { area, .. }) => {
            vec![a.areas[*area].terrain]
        }
        _ => Vec::new(),
    };
    let sets = game.maps[map]
        .hex_sets
        .iter()
        .enumerate()
        .filter(|(_, s)| s.members.contains(&at))
        .map(|(i, _)| (map, i))
        .collect();
    Some((terrains, sets))
}

/// A game's stacking limits (`[[rules.stacking]]`) and entry rules (`[[rules.entry]]`),
/// made ready to judge many locations: the rail hexes of each hex map as a table (when a
/// limit holds on rail lines only), and the hex sets that any of the rules names (the only
/// memberships that matter). Judging a location then costs the same whatever the size of
/// the map, its rail net and its hex sets.
#[derive(Debug, Clone)]
pub struct Stacking<'g> {
    game: &'g Game,
    /// Per map, whether each hex (by dense index) lies on a rail line; empty for area maps,
    /// and for all maps when no limit asks.
    rail: Vec<Vec<bool>>,
    /// The hex sets the limits and entry rules name, once each.
    named_sets: Vec<(MapId, usize)>,
}

impl<'g> Stacking<'g> {
    /// Prepare the rules of `game` (linear in the hexes and rail hexes when a limit holds on
    /// rail lines only; nothing more otherwise).
    pub fn new(game: &'g Game) -> Self {
        let rules = &game.rules;
        let rail = if rules.stacking.iter().any(|l| l.rail) {
            game.maps
                .iter()
                .map(|m| match &m.kind {
                    super::MapKind::Hex(h) => {
                        let mut on = vec![false; h.geometry.len()];
                        for c in h.rails.iter().flat_map(|r| &r.hexes) {
                            if h.geometry.contains(*c) {
                                on[h.geometry.index(*c)] = true;
                            }
                        }
                        on
                    }
                    super::MapKind::Area(_) => Vec::new(),
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut named_sets: Vec<(MapId, usize)> = Vec::new();
        for s in rules
            .stacking
            .iter()
            .flat_map(|l| l.hex_sets.iter().chain(&l.except_hex_sets))
            .chain(rules.entry.iter().flat_map(|e| &e.hex_sets))
        {
            if !named_sets.contains(s) {
                named_sets.push(*s);
            }
        }
        Self {
            game,
            rail,
            named_sets,
        }
    }

    /// Stacking limits broken by `counters` standing together in `loc`, and entry rules
    /// broken by any of them standing there (empty for pools and track displays). The same
    /// answers as judging the location with its full [`location_terrain`].
    pub fn violations(
        &self,
        loc: &super::Location,
        counters: &[super::CounterId],
    ) -> Vec<StackingViolation> {
        let game = self.game;
        let (map, at) = match loc {
            super::Location::Hex { map, hex } => (*map, super::map::PlaceAt::Hex(*hex)),
            super::Location::Area { map, area, .. } => (*map, super::map::PlaceAt::Area(*area)),
            super::Location::Pool(_) | super::Location::Track { .. } => return Vec::new(),
        };
        let mut out = Vec::new();
        if game.rules.stacking.is_empty() && game.rules.entry.is_empty() {
            return out;
        }
        let terrains: Vec<TerrainId> = match (&game.maps[map].kind, loc) {
            (super::MapKind::Hex(h), super::Location::Hex { hex, .. }) => {
                let x = h.hex(*hex);
                std::iter::once(x.terrain)
                    .chain(x.features.iter().copied())
                    .collect()
            }
            (super::MapKind::Area(a), super::Location::Area { area, .. }) => {
                vec![a.areas[*area].terrain]
            }
            _ => Vec::new(),
        };
        // The named hex sets the location belongs to: for the rules, the same as all of them.
        let sets: Vec<(MapId, usize)> = self
            .named_sets
            .iter()
            .copied()
            .filter(|&(m, i)| {
                m == map
                    && game.maps[m]
                        .hex_sets
                        .get(i)
                        .is_some_and(|s| s.members.contains(&at))
            })
            .collect();
        let on_rail = || match loc {
            super::Location::Hex { map, hex } => match &game.maps[*map].kind {
                super::MapKind::Hex(h) => self.rail.get(*map).is_some_and(|on| {
                    h.geometry.contains(*hex) && on.get(h.geometry.index(*hex)) == Some(&true)
                }),
                super::MapKind::Area(_) => false,
            },
            _ => false,
        };
        for limit in &game.rules.stacking {
            if !limit.applies(&terrains, &sets, on_rail) {
                continue;
            }
            // Each counter matched once; the counted list is built only for a violation.
            let points_of = |c: super::CounterId| {
                let size = game.class_of(c).size.map(|s| s.as_str());
                limit
                    .points
                    .iter()
                    .find(|(k, _)| Some(k.as_str()) == size)
                    .map_or(1, |(_, p)| *p)
            };
            let mut points: u32 = 0;
            let mut other_combat = false;
            for &c in counters {
                if limit.counts(game, c) {
                    points += points_of(c);
                } else if game.is_combat(c) {
                    other_combat = true;
                }
            }
            if limit.alone && other_combat {
                continue;
            }
            if points > limit.max {
                let counted: Vec<(super::CounterId, u32)> = counters
                    .iter()
                    .copied()
                    .filter(|c| limit.counts(game, *c))
                    .map(|c| (c, points_of(c)))
                    .collect();
                out.push(limit.violation(points, counted));
            }
        }
        entry_violations(game, counters, &terrains, &sets, &mut out);
        out
    }
}

impl StackingLimit {
    /// Whether the limit counts `counter` where it stands: a unit its selector matches. A
    /// marker (a supply centre's owner, a track's marker, a depot) is not a unit: it counts
    /// only for a limit whose selector names its type or class (one depot per hex).
    pub fn counts(&self, game: &Game, counter: super::CounterId) -> bool {
        self.units.matches(game, counter)
            && (!game.is_marker(counter)
                || !self.units.types.is_empty()
                || !self.units.classes.is_empty())
    }

    /// Whether the limit applies where the terrain is `terrains` and the location belongs to
    /// the named hex sets `sets` (`on_rail` asked only for a limit on rail lines).
    fn applies(
        &self,
        terrains: &[TerrainId],
        sets: &[(MapId, usize)],
        on_rail: impl FnOnce() -> bool,
    ) -> bool {
        (self.terrain.is_empty() || self.terrain.iter().any(|t| terrains.contains(t)))
            && (self.hex_sets.is_empty() || self.hex_sets.iter().any(|s| sets.contains(s)))
            && !self.except_terrain.iter().any(|t| terrains.contains(t))
            && !self.except_hex_sets.iter().any(|s| sets.contains(s))
            && (!self.rail || on_rail())
    }

    /// The violation of a stack counting `points` (`counted`: each matching counter's).
    fn violation(&self, points: u32, counted: Vec<(CounterId, u32)>) -> StackingViolation {
        let unit = if self.points.is_empty() {
            "unit"
        } else {
            "point"
        };
        StackingViolation {
            rule: self.name.clone(),
            max: self.max,
            found: format!("{points} {unit}{}", if points == 1 { "" } else { "s" }),
            counted,
        }
    }
}

/// The entry rules `counters` break where the terrain is `terrains` and the location
/// belongs to `sets`: one violation per rule, naming the first counter barred.
fn entry_violations(
    game: &Game,
    counters: &[CounterId],
    terrains: &[TerrainId],
    sets: &[(MapId, usize)],
    out: &mut Vec<StackingViolation>,
) {
    for rule in &game.rules.entry {
        let barred: Vec<_> = counters
            .iter()
            .filter(|c| rule.bars(game, **c, terrains, sets))
            .collect();
        if let Some(first) = barred.first() {
            let class = game.class_of(**first);
            let what = class
                .size
                .map_or_else(|| class.name.clone(), |s| s.as_str().to_string());
            out.push(StackingViolation {
                rule: rule.name.clone(),
                max: 0,
                found: if barred.len() == 1 {
                    format!("1 unit barred ({what})")
                } else {
                    format!("{} units barred ({what}, …)", barred.len())
                },
                counted: barred.iter().map(|c| (**c, 1)).collect(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::Stacking;
    use crate::model::{CounterId, Game, Location, MapKind};
    use crate::testgame;

    /// The stacking check as it was before [`Stacking`] (per location, a scan of every rail
    /// line and hex set): the reference the prepared one must agree with.
    fn reference_violations(
        game: &Game,
        loc: &crate::model::Location,
        counters: &[crate::model::CounterId],
    ) -> Vec<super::StackingViolation> {
        let Some((terrains, sets)) = super::location_terrain(game, loc) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let on_rail = match loc {
            crate::model::Location::Hex { map, hex } => match &game.maps[*map].kind {
                crate::model::MapKind::Hex(h) => h.rails.iter().any(|r| r.hexes.contains(hex)),
                crate::model::MapKind::Area(_) => false,
            },
            _ => false,
        };
        for limit in &game.rules.stacking {
            if !limit.applies(&terrains, &sets, || on_rail) {
                continue;
            }
            let selected: Vec<_> = counters
                .iter()
                .copied()
                .filter(|c| limit.counts(game, *c))
                .collect();
            if limit.alone
                && counters
                    .iter()
                    .any(|c| game.is_combat(*c) && !selected.contains(c))
            {
                continue;
            }
            let counted: Vec<(crate::model::CounterId, u32)> = selected
                .iter()
                .map(|c| {
                    let size = game.class_of(*c).size.map(|s| s.as_str());
                    let p = limit
                        .points
                        .iter()
                        .find(|(k, _)| Some(k.as_str()) == size)
                        .map_or(1, |(_, p)| *p);
                    (*c, p)
                })
                .collect();
            let points: u32 = counted.iter().map(|(_, p)| p).sum();
            if points > limit.max {
                out.push(limit.violation(points, counted));
            }
        }
        super::entry_violations(game, counters, &terrains, &sets, &mut out);
        out
    }

    /// Both checks agree on every stack of `stacks`.
    fn agree(game: &Game, stacks: &BTreeMap<Location, Vec<CounterId>>) -> usize {
        let prepared = Stacking::new(game);
        let mut found = 0;
        for (loc, counters) in stacks {
            let new = prepared.violations(loc, counters);
            let old = reference_violations(game, loc, counters);
            assert_eq!(format!("{new:?}"), format!("{old:?}"), "at {loc:?}");
            found += new.len();
        }
        found
    }

    /// Stacks on every location of every map: a few counters of the game, chosen by the
    /// location's index, some twice.
    fn everywhere(game: &Game) -> BTreeMap<Location, Vec<CounterId>> {
        let n = game.counters.len();
        let mut stacks = BTreeMap::new();
        let mut k = 0;
        for (map, m) in game.maps.iter().enumerate() {
            let locations: Vec<Location> = match &m.kind {
                MapKind::Hex(h) => h
                    .geometry
                    .coords()
                    .map(|hex| Location::Hex { map, hex })
                    .collect(),
                MapKind::Area(a) => (0..a.areas.len())
                    .flat_map(|area| {
                        std::iter::once(crate::model::scenario::AreaSlot::Open)
                            .chain(
                                (1..=a.areas[area].boxes)
                                    .map(crate::model::scenario::AreaSlot::Box),
                            )
                            .map(move |slot| Location::Area { map, area, slot })
                    })
                    .collect(),
            };
            for loc in locations {
                k += 1;
                let stack = (0..1 + k % 4).map(|j| (k * 7 + j * 13) % n).collect();
                stacks.insert(loc, stack);
            }
        }
        stacks
    }

    /// The counts-as chain as `Selector::matches` collected it before `type_chain_meets`.
    fn reference_chain(game: &Game, unit_type: usize) -> Vec<usize> {
        let mut chain = vec![unit_type];
        let mut t = unit_type;
        while let Some(up) = game.unit_types[t].counts_as {
            if chain.contains(&up) {
                break;
            }
            chain.push(up);
            t = up;
        }
        chain
    }

    #[test]
    fn the_counts_as_chain_is_walked_as_it_was_collected() {
        let mut g = testgame::example("great-patriotic-war");
        let n = g.unit_types.len();
        // As written (guards and shock count as infantry), then with chains and a cycle:
        // every type counting as the next, the last as the first.
        for round in 0..3 {
            for t in 0..n {
                for u in 0..n {
                    for list in [vec![u], vec![u, (u + 1) % n], vec![]] {
                        let old = reference_chain(&g, t).iter().any(|x| list.contains(x));
                        assert_eq!(
                            super::type_chain_meets(&g, t, &list),
                            old,
                            "round {round}: type {t} in {list:?}"
                        );
                    }
                }
            }
            for t in 0..n {
                g.unit_types[t].counts_as = match round {
                    0 => (t + 1 < n).then_some(t + 1),
                    _ => Some((t + 1) % n),
                };
            }
        }
    }

    #[test]
    fn stacking_agrees_with_the_reference_on_the_test_games() {
        // The theatre fixture: points by size, terrain and hex-set limits, entry rules.
        let g = testgame::theatre();
        assert!(agree(&g, &everywhere(&g)) > 0);
        let g = testgame::mini();
        agree(&g, &everywhere(&g));
        let g = testgame::with_area_map();
        agree(&g, &everywhere(&g));
        // A rail-only limit, on the front with its rail lines.
        let text = testgame::large::front(40, 10).replace(
            "[rules]\n",
            "[rules]\n[[rules.stacking]]\nname = \"Rail\"\nmax = 1\nrail = true\nunits = { combat = true }\n",
        );
        let g = testgame::build(&[("game.toml", &text)]);
        assert!(g.rules.stacking.iter().any(|l| l.rail));
        assert!(agree(&g, &everywhere(&g)) > 0);
    }

    #[test]
    fn stacking_agrees_with_the_reference_on_the_example_games() {
        for id in [
            "great-patriotic-war",
            "great-european-war",
            "greek-civil-war",
            "diplomacy",
        ] {
            let g = testgame::example(id);
            agree(&g, &everywhere(&g));
        }
    }
}

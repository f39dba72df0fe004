//! Who controls each hex or area, from the game's `[rules.control]` and a set of positions.
//!
//! A save or a set-up shows only the present, so history is approximated:
//!
//! - **Start**: every hex or area belongs to the side its country is `controlled-by` (none
//!   for neutral countries). [`ControlOptions::previous`] replaces this with an earlier
//!   [`ControlMap`] when the caller kept one.
//! - **`last-occupied`**: a location occupied by qualifying units (the rule's `units`) of
//!   exactly one side is that side's; otherwise a *control marker* lying there decides;
//!   otherwise it keeps its starting (or previous) owner. Units of two sides in one location
//!   leave it as it was.
//! - **`all-boxes`** (area maps): an area with infrastructure boxes is controlled by a side
//!   when every box holds that side's qualifying units and no box holds another side's;
//!   otherwise nobody controls it (disputed). Units in the Open area do not count. An area
//!   without boxes keeps its country's owner (foreign regions). Hexes follow `last-occupied`.
//! - **`supply-centres`**: a supply centre keeps its owner, except that after one of the
//!   rule's `turns` (the autumn turns; [`Positions::turn`] says which turn the positions
//!   show) a qualifying unit of exactly one side standing there takes it. A control marker
//!   on a centre records a change made earlier. Other areas are nobody's.
//!
//! # Box-taking markers
//!
//! A marker class declared with `takes-box = true` in `[[rules.marker]]` (a Resettled `R`
//! marker) fills the box it lies in under `all-boxes` (one lying in the Open fills any one
//! empty box): the area is controlled when one side's units fill every other box. Marker
//! classes with a declared effect never count as occupants. Under `all-boxes` the report
//! lists changes of hands only against an earlier map ([`ControlOptions::previous`]): the
//! countries' starting owners say nothing about boxes.
//!
//! # The Control Phase and attrition
//!
//! [`control_phase`] applies `[rules.control-phase]` and `[[rules.marker]]`: each side
//! collects its entry of the `points` of every area it controls (a marker's `points`
//! replace them; `cancels-points` leaves the controller nothing), then loses the markers'
//! penalties (once per area holding the marker), the absence penalties (no matching unit of
//! the side within the countries) and the garrison penalties (per area short; a requirement
//! with `when` only when the caller names it). Dice are reported as text, never rolled.
//! [`attrition`] lists, per location and side, the units `[rules.attrition]` selects that
//! stand where another side rules, and how many suffer (the percentage, rounded as
//! declared); it says whether the positions' turn is an attrition turn.
//!
//! # Control markers
//!
//! A counter whose class has the flag `control-marker` marks its location as controlled by
//! the class's side (the class's `side`, or its nation's side). A class without a side may
//! say it in the flag: `control-marker:<side id>`, e.g. `control-marker:axis`. Markers count
//! for `last-occupied` and `supply-centres` only; `all-boxes` is decided by the boxes alone.

use std::collections::BTreeMap;

use serde::Serialize;

use super::board::{site_name, Board};
use super::positions::Positions;
use crate::model::rules::{Amount, AttritionWhere, ControlRule};
use crate::model::scenario::AreaSlot;
use crate::model::{CounterId, Game, Location, MapKind, SideId};

/// The flag of control-marker classes.
pub const CONTROL_MARKER_FLAG: &str = "control-marker";

/// How a location came to its controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    /// Its country's side at the start.
    Start,
    /// The caller's earlier control map.
    Previous,
    /// Occupied by one side's units.
    Occupied,
    /// A control marker.
    Marker,
    /// Every infrastructure box held by one side.
    AllBoxes,
    /// Boxes not all held by one side: nobody controls it.
    Disputed,
    /// A supply centre taken after a change-of-ownership turn.
    Taken,
    /// Not a supply centre: nobody controls it.
    NotACentre,
}

/// Inputs besides the positions.
#[derive(Debug, Clone, Copy, Default)]
pub struct ControlOptions<'a> {
    /// Control before these positions; `None` = the start of the game (countries).
    pub previous: Option<&'a ControlMap<'a>>,
}

/// The controller of every hex and area of a game's maps.
#[derive(Debug, Clone)]
pub struct ControlMap<'g> {
    board: Board<'g>,
    owners: Vec<Option<SideId>>,
    how: Vec<How>,
    before: Vec<Option<SideId>>,
    has_previous: bool,
}

/// The side a control marker counter stands for, if it is one.
pub fn marker_side(game: &Game, counter: CounterId) -> Option<SideId> {
    let class = game.class_of(counter);
    let mut is_marker = false;
    for f in &class.flags {
        if f == CONTROL_MARKER_FLAG {
            is_marker = true;
        } else if let Some(side) = f.strip_prefix("control-marker:") {
            if let Some(s) = game.side_index(side.trim()) {
                return Some(s);
            }
        }
    }
    if is_marker {
        game.side_of(counter)
    } else {
        None
    }
}

/// Control for a set of positions.
pub fn control<'g>(
    game: &'g Game,
    positions: &Positions,
    options: &ControlOptions,
) -> ControlMap<'g> {
    ControlMap::new(Board::new(game), positions, options)
}

/// One side present or several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Present {
    None,
    One(SideId),
    Several,
}

impl Present {
    fn add(&mut self, side: SideId) {
        *self = match *self {
            Present::None => Present::One(side),
            Present::One(s) if s == side => Present::One(s),
            _ => Present::Several,
        };
    }
}

impl<'g> ControlMap<'g> {
    /// Control on `board` for a set of positions.
    pub fn new(board: Board<'g>, positions: &Positions, options: &ControlOptions) -> Self {
        let game = board.game();
        let n = board.len();
        let before: Vec<Option<SideId>> = match options.previous {
            Some(p) if p.owners.len() == n => p.owners.clone(),
            _ => (0..n)
                .map(|i| {
                    board
                        .country(i)
                        .and_then(|c| game.countries[c].controlled_by)
                })
                .collect(),
        };
        let base_how = if options.previous.is_some() {
            How::Previous
        } else {
            How::Start
        };
        let rule = game.rules.control.as_ref();
        let mut occupants = vec![Present::None; n];
        let mut markers = vec![Present::None; n];
        // Per area node: per box, who holds it.
        let mut boxes: BTreeMap<usize, BTreeMap<u32, Present>> = BTreeMap::new();
        // Per area node: boxes holding a box-taking marker, and such markers in the Open.
        let mut taken: BTreeMap<usize, (Vec<u32>, u32)> = BTreeMap::new();
        for (_, p) in positions.on_map() {
            let Some(node) = board.node_of(&p.location) else {
                continue;
            };
            if let Some(s) = marker_side(game, p.counter) {
                markers[node].add(s);
                continue;
            }
            if let Some(effect) = game.rules.marker_effect(game.counters[p.counter].class) {
                if effect.takes_box {
                    let t = taken.entry(node).or_default();
                    match p.location {
                        Location::Area {
                            slot: AreaSlot::Box(b),
                            ..
                        } => t.0.push(b),
                        _ => t.1 += 1,
                    }
                }
                continue;
            }
            let Some(side) = game.side_of(p.counter) else {
                continue;
            };
            if !rule.is_none_or(|r| r.units.matches(game, p.counter)) {
                continue;
            }
            occupants[node].add(side);
            if let Location::Area {
                slot: AreaSlot::Box(b),
                ..
            } = p.location
            {
                boxes
                    .entry(node)
                    .or_default()
                    .entry(b)
                    .or_insert(Present::None)
                    .add(side);
            }
        }
        let mut owners = before.clone();
        let mut how = vec![base_how; n];
        let kind = rule.map_or(ControlRule::LastOccupied, |r| r.rule);
        let change_turn = positions
            .turn
            .is_some_and(|t| rule.is_some_and(|r| r.turns.contains(&t)));
        for i in 0..n {
            let area = match board.site(i).at {
                crate::model::map::PlaceAt::Area(a) => match &game.maps[board.site(i).map].kind {
                    MapKind::Area(m) => Some(&m.areas[a]),
                    MapKind::Hex(_) => None,
                },
                crate::model::map::PlaceAt::Hex(_) => None,
            };
            let by_occupant_or_marker = |owners: &mut Vec<Option<SideId>>, how: &mut Vec<How>| {
                if let Present::One(s) = occupants[i] {
                    owners[i] = Some(s);
                    how[i] = How::Occupied;
                } else if occupants[i] == Present::None {
                    if let Present::One(s) = markers[i] {
                        owners[i] = Some(s);
                        how[i] = How::Marker;
                    }
                }
            };
            match (kind, area) {
                (ControlRule::AllBoxes, Some(a)) if a.boxes > 0 => {
                    let held = boxes.get(&i);
                    let (marked, mut loose) = taken.get(&i).cloned().unwrap_or_default();
                    let mut all = Present::None;
                    let mut complete = true;
                    for b in 1..=a.boxes {
                        match held.and_then(|h| h.get(&b)) {
                            Some(Present::One(s)) => all.add(*s),
                            Some(Present::Several) => complete = false,
                            // A box-taking marker fills it (one lying in the Open fills
                            // any empty box).
                            _ if marked.contains(&b) => {}
                            _ if loose > 0 => loose -= 1,
                            _ => complete = false,
                        }
                    }
                    match (complete, all) {
                        (true, Present::One(s)) => {
                            owners[i] = Some(s);
                            how[i] = How::AllBoxes;
                        }
                        _ => {
                            owners[i] = None;
                            how[i] = How::Disputed;
                        }
                    }
                }
                (ControlRule::AllBoxes, _) => {
                    if area.is_none() {
                        by_occupant_or_marker(&mut owners, &mut how);
                    }
                }
                (ControlRule::SupplyCentres, Some(a)) => {
                    if !a.supply_centre {
                        owners[i] = None;
                        how[i] = How::NotACentre;
                        continue;
                    }
                    if let Present::One(s) = markers[i] {
                        owners[i] = Some(s);
                        how[i] = How::Marker;
                    }
                    if change_turn {
                        if let Present::One(s) = occupants[i] {
                            owners[i] = Some(s);
                            how[i] = How::Taken;
                        }
                    }
                }
                _ => by_occupant_or_marker(&mut owners, &mut how),
            }
        }
        Self {
            board,
            owners,
            how,
            before,
            has_previous: options.previous.is_some(),
        }
    }

    /// The board the map is on.
    pub fn board(&self) -> &Board<'g> {
        &self.board
    }

    /// The controller of a node.
    pub fn owner(&self, node: usize) -> Option<SideId> {
        self.owners[node]
    }

    /// The controller of a site.
    pub fn owner_of(&self, site: &super::Site) -> Option<SideId> {
        self.board.node(site).and_then(|n| self.owners[n])
    }

    /// How a node came to its controller.
    pub fn how(&self, node: usize) -> How {
        self.how[node]
    }

    /// The controller before these positions (start or previous).
    pub fn before(&self, node: usize) -> Option<SideId> {
        self.before[node]
    }

    /// Controllers of every node, in board order.
    pub fn owners(&self) -> &[Option<SideId>] {
        &self.owners
    }

    /// Whether the control before these positions is a real earlier state (an earlier map
    /// the caller kept) rather than the countries' owners at the start.
    pub fn has_previous(&self) -> bool {
        self.has_previous
    }
}

/// Count of locations one side controls.
#[derive(Debug, Clone, Serialize)]
pub struct SideControl {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// Hexes and areas controlled.
    pub locations: usize,
    /// Named places controlled.
    pub places: usize,
}

/// The controller of one named place or area.
#[derive(Debug, Clone, Serialize)]
pub struct LocationControl {
    /// Place or area name.
    pub name: String,
    /// Hex number or area name.
    pub location: String,
    /// Controlling side id (absent = nobody).
    pub controller: Option<String>,
    /// How.
    pub how: How,
}

/// A location whose controller differs from the start (or the previous map).
#[derive(Debug, Clone, Serialize)]
pub struct ControlChange {
    /// Hex number or area name.
    pub location: String,
    /// Controller before (absent = nobody).
    pub from: Option<String>,
    /// Controller now.
    pub to: Option<String>,
    /// How.
    pub how: How,
}

/// Control of a game's maps, summarised.
#[derive(Debug, Clone, Serialize)]
pub struct ControlReport {
    /// The rule applied.
    pub rule: ControlRule,
    /// Per side.
    pub sides: Vec<SideControl>,
    /// Every named place (hex maps) and every area (area maps).
    pub places: Vec<LocationControl>,
    /// Locations that changed hands.
    pub changed: Vec<ControlChange>,
}

/// Summarise a control map.
pub fn report(map: &ControlMap) -> ControlReport {
    let board = map.board();
    let game = board.game();
    let side_id = |s: Option<SideId>| s.map(|s| game.sides[s].id.clone());
    let mut places = Vec::new();
    let mut place_counts = vec![0usize; game.sides.len()];
    for (mi, m) in game.maps.iter().enumerate() {
        match &m.kind {
            MapKind::Hex(_) => {
                for p in &m.places {
                    let site = super::Site { map: mi, at: p.at };
                    let Some(node) = board.node(&site) else {
                        continue;
                    };
                    if let Some(s) = map.owner(node) {
                        place_counts[s] += 1;
                    }
                    places.push(LocationControl {
                        name: p.name.clone(),
                        location: site_name(game, &site),
                        controller: side_id(map.owner(node)),
                        how: map.how(node),
                    });
                }
            }
            MapKind::Area(a) => {
                for i in 0..a.areas.len() {
                    let site = super::Site::area(mi, i);
                    let Some(node) = board.node(&site) else {
                        continue;
                    };
                    if let Some(s) = map.owner(node) {
                        place_counts[s] += 1;
                    }
                    places.push(LocationControl {
                        name: a.areas[i].name.clone(),
                        location: a.areas[i].id.clone(),
                        controller: side_id(map.owner(node)),
                        how: map.how(node),
                    });
                }
            }
        }
    }
    let mut counts = vec![0usize; game.sides.len()];
    let mut changed = Vec::new();
    for n in 0..board.len() {
        if let Some(s) = map.owner(n) {
            counts[s] += 1;
        }
        // Under `all-boxes`, an area's control is decided by its boxes alone: comparing it
        // with the countries' starting owners says nothing, so only a real earlier state
        // makes a history.
        let from_boxes = matches!(map.how(n), How::AllBoxes | How::Disputed);
        if map.owner(n) != map.before(n) && (map.has_previous() || !from_boxes) {
            changed.push(ControlChange {
                location: board.name(n),
                from: side_id(map.before(n)),
                to: side_id(map.owner(n)),
                how: map.how(n),
            });
        }
    }
    ControlReport {
        rule: game
            .rules
            .control
            .as_ref()
            .map_or(ControlRule::LastOccupied, |r| r.rule),
        sides: game
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| SideControl {
                side: s.id.clone(),
                name: s.name.clone(),
                locations: counts[i],
                places: place_counts[i],
            })
            .collect(),
        places,
        changed,
    }
}

/// The report as text.
pub fn render(report: &ControlReport) -> String {
    let mut out = String::new();
    for s in &report.sides {
        out.push_str(&format!(
            "{}: {} location{}, {} place{}\n",
            s.name,
            s.locations,
            plural(s.locations),
            s.places,
            plural(s.places)
        ));
    }
    if !report.places.is_empty() {
        out.push('\n');
        let width = report
            .places
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0);
        let at = report
            .places
            .iter()
            .map(|p| p.location.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        for p in &report.places {
            out.push_str(&format!(
                "{:width$}  {:at$}  {}\n",
                p.name,
                p.location,
                p.controller.as_deref().unwrap_or("-"),
            ));
        }
    }
    if !report.changed.is_empty() {
        out.push_str("\nChanged hands:\n");
        for c in &report.changed {
            out.push_str(&format!(
                "  {}: {} -> {} ({})\n",
                c.location,
                c.from.as_deref().unwrap_or("nobody"),
                c.to.as_deref().unwrap_or("nobody"),
                how_text(c.how)
            ));
        }
    }
    out
}

fn how_text(h: How) -> &'static str {
    match h {
        How::Start => "start",
        How::Previous => "previous",
        How::Occupied => "occupied",
        How::Marker => "control marker",
        How::AllBoxes => "all boxes held",
        How::Disputed => "disputed",
        How::Taken => "supply centre taken",
        How::NotACentre => "not a supply centre",
    }
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

// ------------------------------------------------------------------------- Control Phase

/// Points one side collects or loses for one reason.
#[derive(Debug, Clone, Serialize)]
pub struct PenaltyLine {
    /// The reason, e.g. `Terror` or the rule's name.
    pub reason: String,
    /// The places concerned (area names), if any.
    pub places: Vec<String>,
    /// Fixed points lost.
    pub points: i64,
    /// Dice lost, as text (`2d6`), rolled by the players.
    pub dice: Option<String>,
}

impl PenaltyLine {
    fn new(reason: String, places: Vec<String>, amount: Amount, times: usize) -> Self {
        let (points, dice) = match amount {
            Amount::Points(n) => (n * times as i64, None),
            Amount::Dice(d) => (
                0,
                (times > 0).then(|| {
                    crate::model::table::Dice {
                        count: d.count * times as u32,
                        sides: d.sides,
                    }
                    .to_string()
                }),
            ),
        };
        Self {
            reason,
            places,
            points,
            dice,
        }
    }

    fn text(&self) -> String {
        match (&self.dice, self.points) {
            (Some(d), 0) => d.clone(),
            (Some(d), n) => format!("{n} + {d}"),
            (None, n) => n.to_string(),
        }
    }
}

/// One area in the Control Phase: who collects what for it.
#[derive(Debug, Clone, Serialize)]
pub struct AreaScore {
    /// Area name.
    pub name: String,
    /// Area id.
    pub area: String,
    /// Controlling side id (absent = nobody).
    pub controller: Option<String>,
    /// Points the controller collects.
    pub points: i64,
    /// Names of the markers lying there that have an effect.
    pub markers: Vec<String>,
    /// Why the points differ from the map's, if they do.
    pub note: Option<String>,
}

/// A side's Control Phase.
#[derive(Debug, Clone, Serialize)]
pub struct SideScore {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// Points collected for controlled areas.
    pub collected: i64,
    /// Penalties applied.
    pub penalties: Vec<PenaltyLine>,
    /// Collected minus the fixed penalties.
    pub net: i64,
    /// Dice the side loses on top, as text (`2d6`).
    pub dice: Vec<String>,
    /// The side's index track, before and after the phase, when declared and known.
    pub index: Option<IndexChange>,
}

/// A side's index through the phase.
#[derive(Debug, Clone, Serialize)]
pub struct IndexChange {
    /// Track id.
    pub track: String,
    /// Track name.
    pub name: String,
    /// Value shown by the positions (absent = unknown).
    pub before: Option<i64>,
    /// Value after the fixed points (limited to the track's maximum when no dice remain).
    pub after: Option<i64>,
    /// Dice still to subtract.
    pub minus_dice: Vec<String>,
}

/// A garrison requirement's verdict.
#[derive(Debug, Clone, Serialize)]
pub struct GarrisonResult {
    /// Id.
    pub id: String,
    /// Rule text.
    pub name: String,
    /// Side id.
    pub side: String,
    /// The condition under which it holds, if not always.
    pub when: Option<String>,
    /// Whether it is applied now (always, or named with `in_force`).
    pub in_force: bool,
    /// Areas short of the garrison, with what they hold against what they need.
    pub short: Vec<String>,
    /// The penalty it costs (applied only when in force).
    pub penalty: PenaltyLine,
}

/// The Control Phase: points per area, per side, penalties, and the indices after it.
#[derive(Debug, Clone, Serialize)]
pub struct ControlPhaseReport {
    /// Controlled areas and areas holding markers with an effect, in map order.
    pub areas: Vec<AreaScore>,
    /// Per side, in the game's order.
    pub sides: Vec<SideScore>,
    /// Garrison requirements, in force or not.
    pub garrisons: Vec<GarrisonResult>,
}

/// The Control Phase under `[rules.control-phase]` and `[[rules.marker]]`, for the control
/// `map` of some positions; `None` when the game declares no Control Phase. `in_force` names
/// the conditional garrison requirements to apply (by id).
pub fn control_phase(
    map: &ControlMap,
    positions: &Positions,
    in_force: &[String],
) -> Option<ControlPhaseReport> {
    let board = map.board();
    let game = board.game();
    let rules = game.rules.control_phase.as_ref()?;
    let n_sides = game.sides.len();
    let mut collected = vec![0i64; n_sides];
    let mut penalties: Vec<Vec<PenaltyLine>> = vec![Vec::new(); n_sides];
    // Marker effects per node: effect index → present.
    let mut marked: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (_, p) in positions.on_map() {
        let class = game.counters[p.counter].class;
        let Some(e) = game.rules.markers.iter().position(|m| m.class == class) else {
            continue;
        };
        if let Some(node) = board.node_of(&p.location) {
            let v = marked.entry(node).or_default();
            if !v.contains(&e) {
                v.push(e);
            }
        }
    }
    let mut areas = Vec::new();
    // Per effect: the areas holding it.
    let mut per_effect: Vec<Vec<String>> = vec![Vec::new(); game.rules.markers.len()];
    for (mi, m) in game.maps.iter().enumerate() {
        let MapKind::Area(am) = &m.kind else { continue };
        for (ai, area) in am.areas.iter().enumerate() {
            let Some(node) = board.node(&super::Site::area(mi, ai)) else {
                continue;
            };
            let effects: Vec<&crate::model::rules::MarkerEffect> = marked
                .get(&node)
                .map(|v| v.iter().map(|e| &game.rules.markers[*e]).collect())
                .unwrap_or_default();
            for e in marked.get(&node).into_iter().flatten() {
                per_effect[*e].push(area.name.clone());
            }
            let owner = map.owner(node);
            if owner.is_none() && effects.is_empty() {
                continue;
            }
            let marker_names: Vec<String> = effects
                .iter()
                .map(|e| game.classes[e.class].name.clone())
                .collect();
            let mut note = None;
            let mut points = |s: SideId| -> i64 {
                let table = effects
                    .iter()
                    .find_map(|e| e.points.as_ref().map(|p| (p, e.class)));
                match table {
                    Some((p, class)) => {
                        note = Some(format!("{}: scores {}", game.classes[class].name, {
                            game.sides
                                .iter()
                                .enumerate()
                                .map(|(i, _)| {
                                    p.iter()
                                        .find(|(x, _)| *x == i)
                                        .map_or(0, |(_, v)| *v)
                                        .to_string()
                                })
                                .collect::<Vec<_>>()
                                .join("/")
                        }));
                        p.iter().find(|(x, _)| *x == s).map_or(0, |(_, v)| *v)
                    }
                    None => area
                        .points
                        .iter()
                        .find(|(x, _)| *x == s)
                        .map_or(0, |(_, v)| *v),
                }
            };
            let mut got = owner.map_or(0, &mut points);
            if let Some(c) = effects.iter().find(|e| e.cancels_points) {
                if owner.is_some() {
                    note = Some(format!(
                        "{}: the controller collects nothing",
                        game.classes[c.class].name
                    ));
                }
                got = 0;
            }
            if let Some(s) = owner {
                collected[s] += got;
            }
            areas.push(AreaScore {
                name: area.name.clone(),
                area: area.id.clone(),
                controller: owner.map(|s| game.sides[s].id.clone()),
                points: got,
                markers: marker_names,
                note,
            });
        }
    }
    for (e, places) in game.rules.markers.iter().zip(per_effect) {
        if let (Some(p), false) = (e.penalty, places.is_empty()) {
            let times = places.len();
            penalties[p.side].push(PenaltyLine::new(
                game.classes[e.class].name.clone(),
                places,
                p.amount,
                times,
            ));
        }
    }
    for a in &rules.absence {
        let present = positions.on_map().any(|(_, p)| {
            game.side_of(p.counter) == Some(a.side)
                && a.units.matches(game, p.counter)
                && board.node_of(&p.location).is_some_and(|n| {
                    a.within.is_empty() || board.country(n).is_some_and(|c| a.within.contains(&c))
                })
        });
        if !present {
            penalties[a.side].push(PenaltyLine::new(a.name.clone(), Vec::new(), a.penalty, 1));
        }
    }
    let mut garrisons = Vec::new();
    for gr in &rules.garrisons {
        let mut short = Vec::new();
        let mut short_names = Vec::new();
        for (mi, m) in game.maps.iter().enumerate() {
            let MapKind::Area(am) = &m.kind else { continue };
            for (ai, area) in am.areas.iter().enumerate() {
                if !(gr.areas.contains(&(mi, ai)) || gr.terrain.contains(&area.terrain)) {
                    continue;
                }
                let node = board.node(&super::Site::area(mi, ai));
                let worth: u32 = positions
                    .on_map()
                    .filter(|(_, p)| node.is_some() && board.node_of(&p.location) == node)
                    .filter(|(_, p)| {
                        game.side_of(p.counter) == Some(gr.side)
                            && gr.units.matches(game, p.counter)
                    })
                    .map(|(_, p)| {
                        gr.worth
                            .iter()
                            .find(|(sel, _)| sel.matches(game, p.counter))
                            .map_or(1, |(_, w)| *w)
                    })
                    .sum();
                if worth < gr.min {
                    short.push(format!("{} ({worth} of {})", area.name, gr.min));
                    short_names.push(area.name.clone());
                }
            }
        }
        let in_force = gr.when.is_none() || in_force.contains(&gr.id);
        let times = short.len();
        let penalty = PenaltyLine::new(gr.name.clone(), short_names, gr.penalty, times);
        if in_force && times > 0 {
            penalties[gr.side].push(penalty.clone());
        }
        garrisons.push(GarrisonResult {
            id: gr.id.clone(),
            name: gr.name.clone(),
            side: game.sides[gr.side].id.clone(),
            when: gr.when.clone(),
            in_force,
            short,
            penalty,
        });
    }
    let sides = game
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let fixed: i64 = penalties[i].iter().map(|p| p.points).sum();
            let dice: Vec<String> = penalties[i].iter().filter_map(|p| p.dice.clone()).collect();
            let net = collected[i] - fixed;
            let index = rules.index.iter().find(|(x, _)| *x == i).map(|(_, t)| {
                let track = &game.tracks[*t];
                let before = positions.track(*t);
                let after = before.map(|b| {
                    let a = b + net;
                    if dice.is_empty() {
                        a.min(track.max)
                    } else {
                        a
                    }
                });
                IndexChange {
                    track: track.id.clone(),
                    name: track.name.clone(),
                    before,
                    after,
                    minus_dice: dice.clone(),
                }
            });
            SideScore {
                side: s.id.clone(),
                name: s.name.clone(),
                collected: collected[i],
                penalties: penalties[i].clone(),
                net,
                dice,
                index,
            }
        })
        .collect();
    Some(ControlPhaseReport {
        areas,
        sides,
        garrisons,
    })
}

/// The Control Phase as text.
pub fn render_control_phase(report: &ControlPhaseReport) -> String {
    let mut out = String::from("Control Phase:\n");
    let width = report
        .areas
        .iter()
        .map(|a| a.name.chars().count())
        .max()
        .unwrap_or(0);
    let side_w = report
        .areas
        .iter()
        .map(|a| a.controller.as_deref().unwrap_or("-").len())
        .max()
        .unwrap_or(1);
    for a in &report.areas {
        let mut line = format!(
            "  {:width$}  {:side_w$}  {:>+3}",
            a.name,
            a.controller.as_deref().unwrap_or("-"),
            a.points
        );
        if let Some(n) = &a.note {
            line.push_str(&format!("  ({n})"));
        } else if !a.markers.is_empty() {
            line.push_str(&format!("  ({})", a.markers.join(", ")));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for s in &report.sides {
        let mut line = format!("{}: +{} collected", s.name, s.collected);
        for p in &s.penalties {
            let at = if p.places.is_empty() {
                String::new()
            } else {
                format!(": {}", p.places.join(", "))
            };
            line.push_str(&format!(", -{} {}{at}", p.text(), p.reason));
        }
        let dice: String = s.dice.iter().map(|d| format!(" - {d}")).collect();
        line.push_str(&format!(" = {:+}{dice}", s.net));
        if let Some(i) = &s.index {
            match (i.before, i.after) {
                (Some(b), Some(a)) => {
                    line.push_str(&format!("; {} {b} -> {a}{dice}", i.name));
                }
                _ => line.push_str(&format!("; {} not known", i.name)),
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    for g in &report.garrisons {
        let state = match (g.in_force, &g.when) {
            (true, None) => String::new(),
            (true, Some(w)) => format!(" [in force: {w}]"),
            (false, Some(w)) => format!(" [not applied: only {w}; --in-force {}]", g.id),
            (false, None) => String::new(),
        };
        if g.short.is_empty() {
            out.push_str(&format!("{}{state}: met\n", g.name));
        } else {
            out.push_str(&format!(
                "{}{state}: {} short, -{} {}: {}\n",
                g.name,
                g.short.len(),
                g.penalty.text(),
                g.side,
                g.short.join(", ")
            ));
        }
    }
    out
}

// ---------------------------------------------------------------------------- Attrition

/// One side's units subject to attrition in one location.
#[derive(Debug, Clone, Serialize)]
pub struct AttritionGroup {
    /// Hex number or area name.
    pub location: String,
    /// The side controlling it.
    pub controller: String,
    /// The side whose units suffer.
    pub side: String,
    /// The units subject, each with its exact location.
    pub units: Vec<super::positions::Instance>,
    /// How many of them suffer the effect (the owner chooses which).
    pub suffer: usize,
}

/// Attrition under `[rules.attrition]`.
#[derive(Debug, Clone, Serialize)]
pub struct AttritionReport {
    /// Whether the positions' turn is an attrition turn (absent = turn unknown).
    pub due: Option<bool>,
    /// The turn the positions show.
    pub turn: Option<String>,
    /// Turns it happens on, in words.
    pub turns: String,
    /// Share suffering, percent.
    pub percent: u32,
    /// Fractions rounded up (else down).
    pub round_up: bool,
    /// What happens to each unit that suffers.
    pub effect: String,
    /// Per location and side, in board order.
    pub groups: Vec<AttritionGroup>,
}

/// The units subject to attrition in some positions; `None` when the game declares none.
pub fn attrition(map: &ControlMap, positions: &Positions) -> Option<AttritionReport> {
    let board = map.board();
    let game = board.game();
    let rules = game.rules.attrition.as_ref()?;
    // (node, side) → positions.
    let mut groups: BTreeMap<(usize, SideId), Vec<usize>> = BTreeMap::new();
    for (i, p) in positions.on_map() {
        if !rules.units.matches(game, p.counter) {
            continue;
        }
        let (Some(side), Some(node)) = (game.side_of(p.counter), board.node_of(&p.location)) else {
            continue;
        };
        let hostile = match rules.at {
            AttritionWhere::EnemyControlled => map.owner(node).is_some_and(|o| o != side),
        };
        if hostile {
            groups.entry((node, side)).or_default().push(i);
        }
    }
    let due = match (rules.every, positions.turn) {
        (None, _) => Some(true),
        (Some(e), Some(t)) => Some(crate::model::rules::turn_is_every(t, e)),
        (Some(_), None) => None,
    };
    Some(AttritionReport {
        due,
        turn: positions
            .turn
            .and_then(|t| game.turns.get(t))
            .map(|t| t.name.clone()),
        turns: every_text(rules.every),
        percent: rules.percent,
        round_up: rules.round_up,
        effect: rules.effect.clone(),
        groups: groups
            .into_iter()
            .map(|((node, side), units)| AttritionGroup {
                location: board.name(node),
                controller: map
                    .owner(node)
                    .map(|s| game.sides[s].id.clone())
                    .unwrap_or_default(),
                side: game.sides[side].id.clone(),
                suffer: rules.suffering(units.len()),
                units: units
                    .into_iter()
                    .map(|i| super::positions::Instance::of(game, positions, i))
                    .collect(),
            })
            .collect(),
    })
}

/// `every turn`, `every 2nd turn`, `every 5th turn`.
pub(crate) fn every_text(every: Option<u32>) -> String {
    match every {
        None | Some(1) => "every turn".into(),
        Some(2) => "even-numbered turns".into(),
        Some(n) => format!("turns numbered a multiple of {n}"),
    }
}

/// Attrition as text.
pub fn render_attrition(report: &AttritionReport) -> String {
    let when = match (report.due, &report.turn) {
        (Some(true), Some(t)) => format!("due on {t}"),
        (Some(false), Some(t)) => format!("not due on {t}: {} only", report.turns),
        (_, _) => format!("on {}", report.turns),
    };
    let mut out = format!(
        "Attrition ({when}): {}% (rounded {}) of a side's subject units in each location an enemy controls; each of those {}:\n",
        report.percent,
        if report.round_up { "up" } else { "down" },
        report.effect
    );
    if report.groups.is_empty() {
        out.push_str("  no unit is subject to attrition\n");
    }
    for g in &report.groups {
        let names: Vec<String> = g
            .units
            .iter()
            .map(|u| format!("{} ({})", u.counter, u.location))
            .collect();
        out.push_str(&format!(
            "  {} (controlled by {}): {} {} subject, {} {}: {}\n",
            g.location,
            g.controller,
            g.side,
            g.units.len(),
            g.suffer,
            if g.suffer == 1 { "suffers" } else { "suffer" },
            names.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{self, corridor, positions};

    #[test]
    fn hexes_change_hands_with_their_last_occupant() {
        let g = testgame::with_map(&corridor(
            r#"
[[map.place]]
hex = "0802"
name = "Kursk"
kind = "major-city"
"#,
        ));
        let node = |m: &ControlMap, n: &str| {
            m.board()
                .node_of(&testgame::hex(&g, n))
                .and_then(|x| m.owner(x))
                .map(|s| g.sides[s].id.as_str())
        };
        // Start: Germany is Axis, the USSR Soviet.
        let start = control(&g, &Positions::default(), &ControlOptions::default());
        assert_eq!(node(&start, "0202"), Some("axis"));
        assert_eq!(node(&start, "0802"), Some("soviet"));
        // A German corps enters Kursk; a German leader (not a combat unit) elsewhere takes
        // nothing; an Axis control marker claims 0902.
        let p = positions(
            &g,
            &[
                ("ger", "0802"),
                ("leader", "0702"),
                ("axis-control", "0902"),
            ],
        );
        let turn1 = control(&g, &p, &ControlOptions::default());
        assert_eq!(node(&turn1, "0802"), Some("axis"));
        assert_eq!(
            turn1.how(turn1.board().node_of(&testgame::hex(&g, "0802")).unwrap()),
            How::Occupied
        );
        assert_eq!(node(&turn1, "0702"), Some("soviet"));
        assert_eq!(node(&turn1, "0902"), Some("axis"));
        let report = report(&turn1);
        assert_eq!(report.changed.len(), 2);
        assert_eq!(report.places[0].controller.as_deref(), Some("axis"));
        // The corps moves on: Kursk stays Axis (last occupied), by the previous map.
        let p2 = positions(&g, &[("ger", "0902")]);
        let turn2 = control(
            &g,
            &p2,
            &ControlOptions {
                previous: Some(&turn1),
            },
        );
        assert_eq!(node(&turn2, "0802"), Some("axis"));
        // Without the previous map, only a marker keeps it.
        assert_eq!(
            node(&control(&g, &p2, &ControlOptions::default()), "0802"),
            Some("soviet")
        );
        let mut p3 = p2.clone();
        p3.push(testgame::at(&g, "axis-control", "0802"));
        assert_eq!(
            node(&control(&g, &p3, &ControlOptions::default()), "0802"),
            Some("axis")
        );
        // A Soviet army retakes it; its control-marker class names its side in the flag.
        let p4 = positions(&g, &[("sov", "0802"), ("soviet-control", "0202")]);
        let turn3 = control(
            &g,
            &p4,
            &ControlOptions {
                previous: Some(&turn2),
            },
        );
        assert_eq!(node(&turn3, "0802"), Some("soviet"));
        assert_eq!(node(&turn3, "0202"), Some("soviet"));
        let text = render(&super::report(&turn3));
        assert!(
            text.contains("0202: axis -> soviet (control marker)"),
            "{text}"
        );
    }

    #[test]
    fn control_markers_follow_the_flag_convention() {
        let g = testgame::with_map(&corridor(""));
        let id = |s: &str| g.counter_index(s).unwrap();
        assert_eq!(marker_side(&g, id("axis-control")), g.side_index("axis"));
        assert_eq!(
            marker_side(&g, id("soviet-control")),
            g.side_index("soviet")
        );
        assert_eq!(marker_side(&g, id("ger")), None);
    }
}

#[cfg(test)]
mod area_tests {
    use super::*;
    use crate::helpers::Position;
    use crate::model::scenario::AreaSlot;
    use crate::testgame;

    fn place(g: &Game, p: &mut Positions, counter: &str, area: &str, slot: AreaSlot) {
        p.push(Position::new(
            g.counter_index(counter).unwrap(),
            testgame::area(g, area, slot),
        ));
    }

    fn owner(g: &Game, m: &ControlMap, area: &str) -> (Option<String>, How) {
        let node = m
            .board()
            .node_of(&testgame::area(g, area, AreaSlot::Open))
            .unwrap();
        (m.owner(node).map(|s| g.sides[s].id.clone()), m.how(node))
    }

    #[test]
    fn all_boxes_held_by_one_side_control_an_area() {
        let g = testgame::area_game("rule = \"all-boxes\"", "");
        let mut p = Positions::default();
        place(&g, &mut p, "gna", "attiki", AreaSlot::Box(1));
        place(&g, &mut p, "gna", "attiki", AreaSlot::Box(2));
        place(&g, &mut p, "band", "attiki", AreaSlot::Open);
        place(&g, &mut p, "band", "viotia", AreaSlot::Box(1));
        place(&g, &mut p, "band", "epirus", AreaSlot::Open);
        let m = control(&g, &p, &ControlOptions::default());
        // Open-status enemies do not dispute control.
        assert_eq!(owner(&g, &m, "attiki"), (Some("gov".into()), How::AllBoxes));
        assert_eq!(owner(&g, &m, "viotia"), (Some("dse".into()), How::AllBoxes));
        // A unit in the Open area does not control; the empty box leaves it disputed.
        assert_eq!(owner(&g, &m, "epirus"), (None, How::Disputed));
        // Foreign regions without boxes keep their country's owner.
        assert_eq!(owner(&g, &m, "albania"), (Some("dse".into()), How::Start));
        // One box each: disputed.
        let mut p = Positions::default();
        place(&g, &mut p, "gna", "attiki", AreaSlot::Box(1));
        place(&g, &mut p, "band", "attiki", AreaSlot::Box(2));
        let m = control(&g, &p, &ControlOptions::default());
        assert_eq!(owner(&g, &m, "attiki"), (None, How::Disputed));
        let r = report(&m);
        assert_eq!(r.places.len(), 5);
        assert_eq!(r.places[0].name, "Attiki");
    }

    #[test]
    fn supply_centres_change_hands_only_after_the_listed_turns() {
        let g = testgame::area_game("rule = \"supply-centres\"\nturns = [\"autumn\"]", "");
        let mut p = Positions::default();
        place(&g, &mut p, "band", "attiki", AreaSlot::Open);
        place(&g, &mut p, "band", "viotia", AreaSlot::Open);
        p.turn = g.turns.iter().position(|t| t.id == "spring");
        let spring = control(&g, &p, &ControlOptions::default());
        assert_eq!(owner(&g, &spring, "attiki"), (None, How::Start));
        p.turn = g.turns.iter().position(|t| t.id == "autumn");
        let autumn = control(&g, &p, &ControlOptions::default());
        assert_eq!(
            owner(&g, &autumn, "attiki"),
            (Some("dse".into()), How::Taken)
        );
        assert_eq!(owner(&g, &autumn, "viotia"), (None, How::NotACentre));
        // The next spring, the DSE keeps Attiki with no unit there.
        let p2 = Positions {
            turn: g.turns.iter().position(|t| t.id == "spring"),
            ..Positions::default()
        };
        let next = control(
            &g,
            &p2,
            &ControlOptions {
                previous: Some(&autumn),
            },
        );
        assert_eq!(
            owner(&g, &next, "attiki"),
            (Some("dse".into()), How::Previous)
        );
    }

    #[test]
    fn supply_on_an_area_map() {
        let g = testgame::area_game("rule = \"all-boxes\"", "");
        let mut p = Positions::default();
        place(&g, &mut p, "band", "epirus", AreaSlot::Open);
        place(&g, &mut p, "band", "viotia", AreaSlot::Open);
        place(&g, &mut p, "band", "attiki", AreaSlot::Open);
        place(&g, &mut p, "gna", "viotia", AreaSlot::Box(1));
        let r = crate::helpers::trace_supply(&g, &p).unwrap();
        let got: Vec<(&str, bool, &str)> = r
            .units
            .iter()
            .map(|u| (u.location.as_str(), u.in_supply, u.reason.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("Epirus — Open", true, "traces 1 area to DSE bases"),
                ("Viotia — Open", true, "traces 2 areas to DSE bases"),
                (
                    "Attiki — Open",
                    false,
                    "cut: the shortest route to DSE bases (3 areas) is blocked at Viotia (enemy unit)"
                ),
                (
                    "Viotia — Box 1",
                    false,
                    "the Government side has no supply source on the map (no friendly source place)"
                ),
            ]
        );
    }
}

#[cfg(test)]
mod phase_tests {
    use super::*;
    use crate::helpers::Position;
    use crate::model::scenario::AreaSlot;
    use crate::testgame;

    /// Control-phase rules in the image of The Greek Civil War's.
    const PHASE: &str = r#"
[[rules.marker]]
class = "terror"
cancels-points = true
penalty = { side = "gov", points = 1 }

[[rules.marker]]
class = "resettled"
takes-box = true
points = { dse = 1, gov = 1 }
penalty = { side = "gov", points = 1 }

[rules.control-phase]
index = { gov = "gov-pi", dse = "dse-pi" }

[[rules.control-phase.absence]]
name = "No DSE conventional unit in Greece"
side = "dse"
units = { except-flags = ["unconventional"] }
within = ["greece"]
penalty = "2d6"

[[rules.control-phase.garrison]]
id = "area-defence"
name = "Area Defence"
side = "gov"
terrain = ["urban", "rural"]
penalty = 1
when = "under Area Defence"

[[rules.control-phase.garrison]]
id = "capital"
name = "Two brigades or four police in Attiki"
side = "gov"
areas = ["attiki"]
worth = [{ units = { classes = ["gna"] }, counts = 2 }]
min = 4
penalty = "1d6"

[rules.attrition]
units = { flags = ["attrition"] }
where = "enemy-controlled"
percent = 50
rounding = "up"
every = 2
effect = "loses a Level"
"#;

    fn game() -> Game {
        testgame::area_game("rule = \"all-boxes\"\nunits = { combat = true }", PHASE)
    }

    fn put(g: &Game, p: &mut Positions, counter: &str, area: &str, slot: AreaSlot) {
        p.push(Position::new(
            g.counter_index(counter).unwrap(),
            testgame::area(g, area, slot),
        ));
    }

    fn tracks(g: &Game, p: &mut Positions, gov: i64, dse: i64) {
        let t = |id: &str| g.tracks.iter().position(|t| t.id == id).unwrap();
        p.tracks = vec![(t("gov-pi"), gov), (t("dse-pi"), dse)];
    }

    fn side<'a>(r: &'a ControlPhaseReport, id: &str) -> &'a SideScore {
        r.sides.iter().find(|s| s.side == id).unwrap()
    }

    #[test]
    fn points_terror_resettlement_and_absence() {
        let g = game();
        let mut p = Positions::default();
        // Attiki (urban, 2 boxes, 1/4): a brigade in box 1, the R marker in box 2: the
        // Government controls it and scores 1, not 4.
        put(&g, &mut p, "gna", "attiki", AreaSlot::Box(1));
        put(&g, &mut p, "resettled", "attiki", AreaSlot::Box(2));
        // Viotia (rural, 1 box, 2/1): a DSE cadre holds it, but it is Terrorized.
        put(&g, &mut p, "cadre", "viotia", AreaSlot::Box(1));
        put(&g, &mut p, "terror", "viotia", AreaSlot::Open);
        // Epirus (2/1): a band in the Open holds nothing.
        put(&g, &mut p, "band", "albania", AreaSlot::Open);
        tracks(&g, &mut p, 30, 20);
        let m = control(&g, &p, &ControlOptions::default());
        let r = control_phase(&m, &p, &[]).expect("declared");
        let scores: Vec<(&str, Option<&str>, i64)> = r
            .areas
            .iter()
            .map(|a| (a.area.as_str(), a.controller.as_deref(), a.points))
            .collect();
        assert_eq!(
            scores,
            [
                ("attiki", Some("gov"), 1),
                ("viotia", Some("dse"), 0),
                ("albania", Some("dse"), 3),
            ]
        );
        assert_eq!(
            r.areas[0].note.as_deref(),
            Some("Resettled: scores 1/1"),
            "{r:?}"
        );
        let gov = side(&r, "gov");
        assert_eq!(gov.collected, 1);
        let lines: Vec<(&str, i64)> = gov
            .penalties
            .iter()
            .map(|l| (l.reason.as_str(), l.points))
            .collect();
        // Terror 1, Resettled 1; the capital garrison (worth 2 of 4) costs 1d6; Area
        // Defence is not in force.
        assert_eq!(
            lines,
            [
                ("Terror", 1),
                ("Resettled", 1),
                ("Two brigades or four police in Attiki", 0)
            ]
        );
        assert_eq!(gov.penalties[2].dice.as_deref(), Some("1d6"));
        assert_eq!(gov.net, -1);
        let idx = gov.index.as_ref().unwrap();
        assert_eq!((idx.before, idx.after), (Some(30), Some(29)));
        assert_eq!(idx.minus_dice, ["1d6"]);
        // The DSE: 0 + 3; only a cadre (unconventional) and a band abroad: 2d6.
        let dse = side(&r, "dse");
        assert_eq!((dse.collected, dse.net), (3, 3));
        assert_eq!(dse.dice, ["2d6"]);
        let text = render_control_phase(&r);
        assert!(
            text.contains("DSE: +3 collected, -2d6 No DSE conventional unit in Greece = +3 - 2d6; DSE PI 20 -> 23 - 2d6"),
            "{text}"
        );
        assert!(
            text.contains("Government: +1 collected, -1 Terror: Viotia, -1 Resettled: Attiki, -1d6 Two brigades or four police in Attiki: Attiki = -1 - 1d6"),
            "{text}"
        );
        // Area Defence in force: Viotia, Epirus and Albania (rural in this little game) hold
        // no Government unit: 3 more.
        let r = control_phase(&m, &p, &["area-defence".into()]).unwrap();
        let gov = side(&r, "gov");
        assert_eq!(gov.net, -4);
        assert_eq!(
            r.garrisons[0].short,
            ["Viotia (0 of 1)", "Epirus (0 of 1)", "Albania (0 of 1)"]
        );
        assert!(r.garrisons[0].in_force && !r.garrisons[1].short.is_empty());
        // A band in Epirus's box: no absence penalty, Epirus scores 2.
        put(&g, &mut p, "band", "epirus", AreaSlot::Box(1));
        let m = control(&g, &p, &ControlOptions::default());
        let r = control_phase(&m, &p, &[]).unwrap();
        let dse = side(&r, "dse");
        assert_eq!((dse.collected, dse.dice.len()), (5, 0));
    }

    #[test]
    fn a_box_taking_marker_fills_one_box_only() {
        let g = game();
        // Without the marker one brigade in two boxes leaves Attiki disputed.
        let mut p = Positions::default();
        put(&g, &mut p, "gna", "attiki", AreaSlot::Box(1));
        let m = control(&g, &p, &ControlOptions::default());
        let attiki = m
            .board()
            .node_of(&testgame::area(&g, "attiki", AreaSlot::Open))
            .unwrap();
        assert_eq!(m.owner(attiki), None);
        // A marker in the Open fills the empty box.
        put(&g, &mut p, "resettled", "attiki", AreaSlot::Open);
        let m = control(&g, &p, &ControlOptions::default());
        assert_eq!(m.owner(attiki), g.side_index("gov"));
        // The marker alone controls nothing; a DSE unit in the other box disputes it.
        let mut q = Positions::default();
        put(&g, &mut q, "resettled", "attiki", AreaSlot::Box(2));
        assert_eq!(
            control(&g, &q, &ControlOptions::default()).owner(attiki),
            None
        );
        put(&g, &mut q, "gna", "attiki", AreaSlot::Box(1));
        put(&g, &mut q, "band", "attiki", AreaSlot::Box(2));
        assert_eq!(
            control(&g, &q, &ControlOptions::default()).owner(attiki),
            None
        );
        // Under all-boxes, no history against the countries' starting owners.
        let r = report(&control(&g, &q, &ControlOptions::default()));
        assert!(r.changed.is_empty(), "{:?}", r.changed);
    }

    #[test]
    fn attrition_strikes_half_rounded_up_where_the_enemy_controls() {
        let g = game();
        let mut p = Positions::default();
        put(&g, &mut p, "band", "viotia", AreaSlot::Box(1));
        for _ in 0..3 {
            put(&g, &mut p, "police", "viotia", AreaSlot::Open);
        }
        // Police in a disputed or friendly area are safe; bands are not subject.
        put(&g, &mut p, "police", "epirus", AreaSlot::Open);
        put(&g, &mut p, "police", "attiki", AreaSlot::Box(1));
        put(&g, &mut p, "police", "attiki", AreaSlot::Box(2));
        put(&g, &mut p, "police", "attiki", AreaSlot::Open);
        p.turn = g.turns.iter().position(|t| t.id == "autumn");
        let m = control(&g, &p, &ControlOptions::default());
        let r = attrition(&m, &p).expect("declared");
        assert_eq!(r.due, Some(true));
        assert_eq!(r.groups.len(), 1);
        let grp = &r.groups[0];
        assert_eq!(
            (
                grp.location.as_str(),
                grp.side.as_str(),
                grp.units.len(),
                grp.suffer
            ),
            ("Viotia", "gov", 3, 2)
        );
        let text = render_attrition(&r);
        assert!(
            text.contains("Viotia (controlled by dse): gov 3 subject, 2 suffer"),
            "{text}"
        );
        // Spring 1947 is turn 1: not due, the subject units are still listed.
        p.turn = Some(0);
        let r = attrition(&m, &p).unwrap();
        assert_eq!(r.due, Some(false));
        assert!(render_attrition(&r).contains("not due on Spring 1947: even-numbered turns only"));
    }

    #[test]
    fn games_without_the_sections_report_none() {
        let g = testgame::area_game("rule = \"all-boxes\"", "");
        let p = Positions::default();
        let m = control(&g, &p, &ControlOptions::default());
        assert!(control_phase(&m, &p, &[]).is_none());
        assert!(attrition(&m, &p).is_none());
    }
}

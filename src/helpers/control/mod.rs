//! Who controls each hex or area, from the game's `[rules.control]` and a set of positions.
//!
//! A save or a set-up shows only the present, so history is approximated:
//!
//! - **Start**: every hex or area belongs to the side its country is `controlled-by` (none
//!   for neutral countries), then to the side of each `[[rules.control.start]]` naming it
//!   (whole maps, regions, hexes; a later entry over an earlier one; [`starting_owners`]).
//!   [`ControlOptions::previous`] replaces this with an earlier [`ControlMap`] when the
//!   caller kept one.
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
//! On a control map, [`phase`] scores the Control Phase (`[rules.control-phase]` and
//! `[[rules.marker]]`: points, marker, absence and garrison penalties) and [`attrition`]
//! lists the units `[rules.attrition]` strikes.
//!
//! # Control markers
//!
//! A counter whose class has the flag `control-marker` marks its location as controlled by
//! the class's side (the class's `side`, or its nation's side). A class without a side may
//! say it in the flag: `control-marker:<side id>`, e.g. `control-marker:axis`. Markers count
//! for `last-occupied` and `supply-centres` only; `all-boxes` is decided by the boxes alone.

mod attrition;
mod phase;

use std::collections::BTreeMap;

use serde::Serialize;

use super::board::{site_name, Board};
use super::positions::Positions;
use crate::model::rules::ControlRule;
use crate::model::scenario::AreaSlot;
use crate::model::{CounterId, Game, Location, MapKind, SideId};

pub use attrition::{attrition, render_attrition, AttritionGroup, AttritionReport};
pub use phase::{
    control_phase, render_control_phase, AreaScore, ControlPhaseReport, GarrisonResult,
    IndexChange, PenaltyLine, SideScore,
};

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
    /// In an enemy zone of control, not occupied by its owner: nobody controls it.
    Contested,
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

/// Who controls every node when the game begins, in board order: the side its country is
/// `controlled-by`, then each `[[rules.control.start]]` in order, a later one over an
/// earlier one.
pub fn starting_owners(board: &Board) -> Vec<Option<SideId>> {
    let game = board.game();
    let mut owners: Vec<Option<SideId>> = board
        .countries()
        .into_iter()
        .map(|c| c.and_then(|c| game.countries[c].controlled_by))
        .collect();
    let start = game.rules.control.as_ref().map(|c| c.start.as_slice());
    for s in start.unwrap_or_default() {
        for &map in &s.maps {
            for node in board.nodes_of(map) {
                owners[node] = Some(s.side);
            }
        }
        let regions = s.regions.iter().flat_map(|&(map, set)| {
            game.maps[map].hex_sets[set]
                .members
                .iter()
                .map(move |&at| super::Site { map, at })
        });
        let places = s.places.iter().map(|&(map, at)| super::Site { map, at });
        for site in regions.chain(places) {
            if let Some(node) = board.node(&site) {
                owners[node] = Some(s.side);
            }
        }
    }
    owners
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
            _ => starting_owners(&board),
        };
        // A province board's owners, as the positions know them, are the state before.
        let mut before = before;
        if options.previous.is_none() {
            for &(m, a, side) in &positions.owners {
                if let Some(node) = board.node(&super::Site::area(m, a)) {
                    before[node] = Some(side);
                }
            }
        }
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
            .is_some_and(|t| rule.is_some_and(|r| r.turns.contains(&control_turn(game, t))));
        // A hex follows its occupants or markers, whatever the rule (areas follow the
        // rule): only the hexes holding some can change.
        let (occupied, marked) = (&occupants, &markers);
        let nodes = game.maps.iter().enumerate().flat_map(|(map, m)| {
            let areas = match &m.kind {
                MapKind::Area(a) => Some(&a.areas),
                MapKind::Hex(_) => None,
            };
            board
                .nodes_of(map)
                .enumerate()
                .filter_map(move |(k, i)| match areas {
                    Some(areas) => Some((i, Some(&areas[k]))),
                    None => (occupied[i] != Present::None || marked[i] != Present::None)
                        .then_some((i, None)),
                })
        });
        for (i, area) in nodes {
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
                    if !game.is_owned_area(&a.id, a.supply_centre) {
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
        // An enemy zone of control contests a location its owner does not occupy.
        if kind == ControlRule::LastOccupied && rule.is_some_and(|r| r.zoc_contests) {
            let zoc = super::zoc::ZocMap::new(&board, positions);
            for i in 0..n {
                let Some(owner) = owners[i] else { continue };
                let occupied = match occupants[i] {
                    Present::One(s) => s == owner,
                    Present::Several => true,
                    Present::None => false,
                };
                if !occupied && zoc.mask(i) & !super::zoc::side_bit(Some(owner)) != 0 {
                    owners[i] = None;
                    how[i] = How::Contested;
                }
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

/// The turn whose end decides supply-centre ownership as positions of turn `t` show it:
/// `t` itself, or, for a turn that only adjusts (Diplomacy's winter), the turn before it,
/// whose moves left the units where they stand.
pub fn control_turn(game: &Game, t: crate::model::TurnId) -> crate::model::TurnId {
    let adjusts_only = |t: usize| {
        game.turns.get(t).is_some_and(|turn| {
            !turn.phases.is_empty()
                && turn.phases.iter().all(|p| {
                    game.phases.get(*p).and_then(|p| p.orders)
                        == Some(crate::model::OrderPhase::Adjustment)
                })
        })
    };
    let mut t = t;
    while t > 0 && adjusts_only(t) {
        t -= 1;
    }
    t
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
    /// At a scenario's start ([`ControlReport::at_start`]): the locations the set-up gives a
    /// controller other than their starting one (`from`: their country's, or
    /// `[[rules.control.start]]`'s), sorted by location; `changed` is then empty, since
    /// nothing has changed hands yet. Empty otherwise.
    pub starting: Vec<ControlChange>,
}

impl ControlReport {
    /// The report of positions that are a scenario's set-up: there is no earlier owner, so
    /// what differs from the countries' owners is the starting control, not a change.
    pub fn at_start(mut self) -> Self {
        let mut starting = std::mem::take(&mut self.changed);
        starting.sort_by(|a, b| a.location.cmp(&b.location));
        self.starting = starting;
        self
    }
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
        starting: Vec::new(),
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
    if !report.starting.is_empty() {
        out.push_str("\nStarting control, from the set-up:\n");
        // One line per controller (in side order, nobody last), how and country's owner.
        let rank = |to: &Option<String>| {
            to.as_ref().map_or(report.sides.len(), |t| {
                report
                    .sides
                    .iter()
                    .position(|s| s.side == *t)
                    .unwrap_or(report.sides.len())
            })
        };
        let mut groups: Vec<(&ControlChange, Vec<&str>)> = Vec::new();
        for c in &report.starting {
            match groups
                .iter_mut()
                .find(|(g, _)| g.to == c.to && g.from == c.from && g.how == c.how)
            {
                Some((_, locations)) => locations.push(&c.location),
                None => groups.push((c, vec![&c.location])),
            }
        }
        groups.sort_by_key(|(g, _)| rank(&g.to));
        for (g, locations) in groups {
            let country = g
                .from
                .as_deref()
                .map(|f| format!("; {f}'s at the start of the game"))
                .unwrap_or_default();
            out.push_str(&format!(
                "  {} ({}{country}): {}\n",
                g.to.as_deref().unwrap_or("nobody"),
                how_text(g.how),
                locations.join(", ")
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
        How::Contested => "contested by an enemy zone of control",
    }
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `every turn`, `every 2nd turn`, `every 5th turn`.
pub(crate) fn every_text(every: Option<u32>) -> String {
    match every {
        None | Some(1) => "every turn".into(),
        Some(2) => "even-numbered turns".into(),
        Some(n) => format!("turns numbered a multiple of {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{self, corridor, positions};

    /// Digests of the control reports of every scenario of the games of
    /// [`testgame::large::compared`], as `sandtable control DIR --scenario ID --format json`
    /// wrote them (its `control`) at commit 3ca44c9, before the work on speed.
    const CONTROL_BEFORE: &[(&str, &str, &str)] = &[
        (
            "front",
            "front",
            "4e3ff67fb0447cbf1b8ad70e6741f614ccd7105d0ed141f649e21df5726ccc1f",
        ),
        (
            "great-patriotic-war",
            "barbarossa",
            "ee8b4a0e7b6565d6ba0f42f0360548fa95528e671ae72e822990d5a9e4eb56d2",
        ),
        (
            "great-european-war",
            "1941",
            "a9465a0d3a7759a97fdc0ed7e0b87bdc7de880d1a0111758c13f4813a57bcf3b",
        ),
        (
            "greek-civil-war",
            "1945",
            "3f5547fcb1ae220ba30405cd43691b7903ac84b2be1c8e3587e52ef3f6a04d45",
        ),
        (
            "greek-civil-war",
            "1947",
            "72563c4bcdb0fbe3170aea2b6f2ab5f3d973b682f22ed3695b5f393f56e873b5",
        ),
        (
            "diplomacy",
            "1901",
            "a2ef059c743fff958dcd20e1241174399e7578ac51528f5be03d84a956c175a2",
        ),
    ];

    #[test]
    fn control_reports_are_those_of_before_the_work_on_speed() {
        use testgame::large::{compared, digest};
        let mut found = Vec::new();
        for (name, g) in compared() {
            for s in &g.scenarios {
                let p = Positions::from_scenario(s);
                let r = report(&control(&g, &p, &ControlOptions::default())).at_start();
                found.push((name.clone(), s.id.clone(), digest(&r)));
            }
        }
        let want: Vec<(String, String, String)> = CONTROL_BEFORE
            .iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect();
        assert_eq!(found, want);
    }

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
    fn control_at_the_start_by_maps_regions_and_hexes_then_the_last_occupier() {
        // No country layer: every hex is nobody's until `[[rules.control.start]]` says.
        let map = testgame::map(
            "
            ~~~~.~~~~~
            ..........
            ~~~~~~~~~~
            ",
            "
            ----------
            ----------
            ----------
            ",
            r#"
[[map.hex-set]]
id = "west-pocket"
name = "West pocket"
hexes = ["0102", "0202", "0302"]

[[map.hex-set]]
id = "black-sea-coast"
name = "Black Sea coast"
hexes = ["1002"]
"#,
        );
        let start = r#"
start = [
  { side = "soviet", maps = ["front"] },
  { side = "axis", regions = ["west-pocket"], hexes = ["0402"] },
  { side = "soviet", hexes = ["0202"] },
]
"#;
        let g = testgame::build(&[
            ("game.toml", &format!("{}{start}", testgame::BASE)),
            ("map.toml", &map),
        ]);
        let owner = |m: &ControlMap, n: &str| {
            m.board()
                .node_of(&testgame::hex(&g, n))
                .and_then(|x| m.owner(x))
                .map(|s| g.sides[s].id.as_str())
        };
        let first = control(&g, &Positions::default(), &ControlOptions::default());
        // Later entries over earlier ones: the pocket is Axis but 0202, given back.
        let got: Vec<Option<&str>> = ["0102", "0202", "0302", "0402", "0502", "1002", "0501"]
            .iter()
            .map(|h| owner(&first, h))
            .collect();
        assert_eq!(
            got,
            [
                Some("axis"),
                Some("soviet"),
                Some("axis"),
                Some("axis"),
                Some("soviet"),
                Some("soviet"),
                Some("soviet")
            ]
        );
        assert!(report(&first).changed.is_empty());
        // A German corps enters 0602, then moves on to 0702: 0602 stays with the last side
        // to occupy it.
        let turn1 = control(
            &g,
            &positions(&g, &[("ger", "0602")]),
            &ControlOptions::default(),
        );
        assert_eq!(owner(&turn1, "0602"), Some("axis"));
        let turn2 = control(
            &g,
            &positions(&g, &[("ger", "0702")]),
            &ControlOptions {
                previous: Some(&turn1),
            },
        );
        assert_eq!(owner(&turn2, "0602"), Some("axis"));
        assert_eq!(owner(&turn2, "0702"), Some("axis"));
        assert_eq!(owner(&turn2, "0802"), Some("soviet"));
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

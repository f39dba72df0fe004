//! Supply: for every unit that needs it, whether it is in supply and why — the path found,
//! or what cuts it — from the game's `[rules.supply]`.
//!
//! # Method
//!
//! Supply is traced for all units at once: per side, **one multi-source breadth-first
//! search** from every supply source over the locations a path may pass, then each unit looks
//! up its distance and follows the parent chain back to its source. No search is made per
//! unit. Two more searches per side run only when some of its units are not reached: the
//! link search (below), and, for reports of units out of supply, a search that ignores enemy
//! blockers, whose shortest route from the unit shows what cuts it. A report's path is kept
//! as where it starts on its search's parent chains (shared by every path of the report),
//! and named hex by hex only when the report is serialized or rendered ([`Path`]). Control
//! is worked out only for rules that ask who controls a location.
//!
//! # Rules applied
//!
//! - **Sources** (per side): the members of the listed map edges and hex sets, the land hexes
//!   `along` a map border, the places named or tagged in `places` and the hexes with a
//!   `terrain` feature that the side controls (see [`super::control`](mod@super::control)),
//!   within `countries` when given, and the locations holding the side's `counters` (depots).
//!   A source `beyond` its hexes (an off-map box one hex off the edge) seeds the search at
//!   that distance. A source or link with `units` serves only those units: units of a side
//!   that the rules treat alike (the same sources, links and `[[rules.entry]]` terrain closed
//!   to them) form a group, and each group has its own searches.
//! - **Passing**: a path moves between neighbouring hexes (across any hexside whose terrain is
//!   `passable` — the Straits of Kerch are) or areas sharing a border or joined by a route
//!   open to all units. It may not enter a location with an `impassable` terrain (sea, lake),
//!   an area whose `only` list excludes the side, nor, as `blocked-by` says, a location with
//!   enemy units (combat units, or any unit projecting a zone of control, such as partisans),
//!   in an enemy zone of control (unless a friendly combat unit stands there and
//!   `friendly-units-negate-zoc` is set) or controlled by the enemy (only where it has an
//!   `enemy-controlled-terrain` or is an `enemy-controlled-places` place, when listed), nor
//!   terrain a `[[rules.entry]]` rule closes to the unit. Units of no side are
//!   enemies of every side.
//! - **The unit's own location** never blocks its own path: the path starts there. A unit on
//!   a source is in supply at distance 0.
//! - **Length**: distance counts the locations entered from the unit to the source (the
//!   unit's own excluded, the source's included). `unlimited`; `movement`: at most the unit's
//!   movement factor on the face it shows (units without one are unlimited); or at most `N`.
//!   With `path-cost = "movement-points"` a location entered counts what a unit of no
//!   particular type pays to enter it in the weather in force (the given one, else the
//!   turn's): its terrain's cost in that weather (`movement-in`, else `movement`; one when
//!   the terrain gives no cost for all units) plus the weather's `extra-cost` and the cost of
//!   the hexside crossed; a `prohibited` terrain, feature or hexside is not entered, and a
//!   `stop` one only as the path's last location, its source. The search is then Dijkstra's
//!   instead of breadth-first, and the movement factor is the one
//!   the weather leaves the unit (halved in mud).
//! - **Links** (the GPW Black Sea coast): a unit of the link's side that traces to a friendly
//!   place in the link's hex set is in supply when *another* friendly place of that set traces
//!   to a source. A link of `ports` joins instead the friendly ports touching one body of the
//!   `across` water (a port by sea to another port, 12.1 of The Great European War). The path to the first place counts against the length limit; the onward
//!   path is reported with the link.
//! - Units in pools are not traced; units of no side are not traced.

use std::collections::VecDeque;
use std::sync::Arc;

use serde::Serialize;
use thiserror::Error;

use super::board::{Board, Link, LocationNames, Site};
use super::control::{ControlMap, ControlOptions};
use super::positions::{factor, Instance, Positions};
use super::zoc::{reach, side_bit, ZocMap};
use crate::model::rules::{Blocker, LinkKind, PathCost, PathLength, SupplyRules, ZocReach};
use crate::model::{Cost, CounterId, Game, MapId, SideId};

/// Why supply cannot be traced at all.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum SupplyError {
    /// The game has no `[rules.supply]`.
    #[error("the game has no supply rules (`[rules.supply]`)")]
    NoRules,
    /// More sides than the tracer's side masks hold.
    #[error("supply tracing handles at most 63 sides; the game has {0}")]
    TooManySides(usize),
}

/// What stops a path at a location.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Block {
    /// Impassable terrain, or an area closed to the side.
    Impassable,
    /// Enemy units.
    EnemyUnits,
    /// An enemy zone of control with no friendly combat unit.
    EnemyZoc,
    /// Enemy-controlled.
    EnemyControlled,
}

impl Block {
    fn text(self) -> &'static str {
        match self {
            Block::Impassable => "impassable",
            Block::EnemyUnits => "enemy unit",
            Block::EnemyZoc => "enemy zone of control",
            Block::EnemyControlled => "enemy-controlled",
        }
    }
}

const OPEN: u8 = 0;

fn code(b: Block) -> u8 {
    match b {
        Block::Impassable => 1,
        Block::EnemyUnits => 2,
        Block::EnemyZoc => 3,
        Block::EnemyControlled => 4,
    }
}

/// Mark `why` on the open locations (of per-node `state`) where `hit` holds.
fn block_where(state: &mut [u8], why: Block, hit: impl Fn(usize) -> bool) {
    for (i, s) in state.iter_mut().enumerate() {
        if *s == OPEN && hit(i) {
            *s = code(why);
        }
    }
}

fn block(code: u8) -> Option<Block> {
    match code {
        1 => Some(Block::Impassable),
        2 => Some(Block::EnemyUnits),
        3 => Some(Block::EnemyZoc),
        4 => Some(Block::EnemyControlled),
        _ => None,
    }
}

const NONE: u32 = u32::MAX;

/// One breadth-first search: distance, parent and originating source per node. The
/// parents (a forest of shortest paths) are shared with the paths a report draws from it.
#[derive(Debug, Clone)]
struct Search {
    dist: Vec<u32>,
    parent: Arc<Vec<u32>>,
    origin: Vec<u32>,
    /// What entering a node costs, when paths count movement points (else one step each).
    costs: Option<Arc<PathCosts>>,
}

/// What a supply path counted in movement points pays: the cost of entering each location
/// for a unit of no particular type in the weather in force (the terrain's `all` cost in
/// that weather, plus the weather's extra cost), and the hexsides crossed on the way.
#[derive(Debug, Clone)]
struct PathCosts {
    /// Per node: the cost of entering it (`NONE`: prohibited).
    enter: Vec<u32>,
    /// Per node: entering it ends a move (`stop`): a path may end there (on its source),
    /// not pass through.
    stops: Vec<bool>,
    /// The weather in force.
    weather: Option<crate::model::WeatherId>,
    /// Whether any hexside terrain costs something to cross (else no hexside is looked up).
    hexsides: bool,
}

/// What crossing from one location into another costs on top of entering it.
enum Crossing {
    /// This many movement points more.
    Points(u32),
    /// The move ends across it.
    Stop,
    /// It may not be crossed.
    Prohibited,
}

impl PathCosts {
    /// The costs of every node of a board in a weather.
    fn new(board: &Board, weather: Option<crate::model::WeatherId>) -> Self {
        let game = board.game();
        let mut enter = Vec::with_capacity(board.len());
        let mut stops = Vec::with_capacity(board.len());
        for node in 0..board.len() {
            let terrains = board.terrains(node);
            // The location's terrain gives the cost; a prohibited feature bars it.
            let barred = terrains[1..]
                .iter()
                .any(|&f| game.terrain[f].cost_in(None, weather) == Some(Cost::Prohibited));
            match (barred, game.entry_cost(terrains[0], None, weather)) {
                (true, _) | (_, Some(Cost::Prohibited)) => {
                    enter.push(NONE);
                    stops.push(false);
                }
                // Entering it ends the path there; what it costs then matters not.
                (_, Some(Cost::Stop)) => {
                    enter.push(1);
                    stops.push(true);
                }
                // A terrain without a cost for all units counts one, as a step.
                (_, Some(Cost::Points(n))) => {
                    enter.push(u32::try_from(n).unwrap_or(NONE - 1).min(NONE - 1));
                    stops.push(false);
                }
                (_, None) => {
                    enter.push(1);
                    stops.push(false);
                }
            }
        }
        Self {
            enter,
            stops,
            weather,
            hexsides: game
                .hexside_terrain
                .iter()
                .any(|h| !h.movement.is_empty() || !h.movement_in.is_empty()),
        }
    }

    /// What crossing from `from` into the neighbouring `to` costs beyond entering `to`.
    fn crossing(&self, board: &Board, from: usize, to: usize) -> Crossing {
        if !self.hexsides {
            return Crossing::Points(0);
        }
        let (Some((map, a)), Some((_, b))) = (board.hex(from), board.hex(to)) else {
            return Crossing::Points(0);
        };
        let game = board.game();
        let mut extra = 0u32;
        for (h, _) in map.hexside(a, b) {
            match game.hexside_terrain[*h].cost_in(None, self.weather) {
                Some(Cost::Prohibited) => return Crossing::Prohibited,
                Some(Cost::Stop) => return Crossing::Stop,
                Some(Cost::Points(n)) => {
                    extra = extra.saturating_add(u32::try_from(n.max(0)).unwrap_or(0));
                }
                None => {}
            }
        }
        Crossing::Points(extra)
    }

    /// What a unit on `from` pays to enter its neighbour `to` and go on from there (`None`:
    /// it may not; `Some((cost, ends))`: `ends` when it must stop there).
    fn step(&self, board: &Board, from: usize, to: usize) -> Option<(u32, bool)> {
        let enter = self.enter[to];
        if enter == NONE {
            return None;
        }
        let (extra, ends) = match self.crossing(board, from, to) {
            Crossing::Prohibited => return None,
            Crossing::Stop => (0, true),
            Crossing::Points(n) => (n, false),
        };
        Some((
            enter.saturating_add(extra).min(NONE - 1),
            ends || self.stops[to],
        ))
    }
}

impl Search {
    /// Search from `seeds` (node, source label) over nodes `pass` allows.
    fn run(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32)>,
        pass: impl Fn(usize) -> bool,
        costs: Option<&Arc<PathCosts>>,
    ) -> Self {
        Self::run_from(
            board,
            seeds.into_iter().map(|(n, l)| (n, l, 0)),
            pass,
            costs,
        )
    }

    /// Search from `seeds` (node, source label, distance the seed already counts: a source
    /// lying beyond the map edge) over nodes `pass` allows. Seeds enter the search at their
    /// own distance, so distances stay shortest.
    fn run_from(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32, u32)>,
        pass: impl Fn(usize) -> bool,
        costs: Option<&Arc<PathCosts>>,
    ) -> Self {
        Self::run_until(board, seeds, pass, None, costs)
    }

    /// [`Search::run_until`] for paths counted in movement points: Dijkstra's search from
    /// the seeds, a node settled at its least cost (ties to the lower node, so the same
    /// input gives the same paths). A path goes from the unit to the source, so the search,
    /// which runs the other way, pays for entering the node it comes from; a node where a
    /// move must stop is passed through only when it is the path's source.
    fn run_weighted(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32, u32)>,
        pass: impl Fn(usize) -> bool,
        targets: Option<&[usize]>,
        costs: &Arc<PathCosts>,
    ) -> Self {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let n = board.len();
        let mut dist = vec![NONE; n];
        let mut parent = vec![NONE; n];
        let mut origin = vec![NONE; n];
        let mut settled = vec![false; n];
        let (mut wanted, mut remaining) = wanted_places(n, targets);
        let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
        if targets.is_none() || remaining > 0 {
            for (node, label, d) in seeds {
                if pass(node) && d < dist[node] {
                    dist[node] = d;
                    origin[node] = label;
                    heap.push(Reverse((d, node as u32)));
                }
            }
        }
        while let Some(Reverse((d, u))) = heap.pop() {
            let u = u as usize;
            if settled[u] || d > dist[u] {
                continue;
            }
            settled[u] = true;
            if wanted.get(u) == Some(&true) {
                wanted[u] = false;
                remaining -= 1;
                if remaining == 0 {
                    break;
                }
            }
            let root = parent[u] == NONE;
            for v in board.around(u, Link::Supply) {
                if settled[v] || !pass(v) {
                    continue;
                }
                // A unit on `v` enters `u`: it must not have to stop there unless `u` is
                // the source.
                let Some((cost, ends)) = costs.step(board, v, u) else {
                    continue;
                };
                if ends && !root {
                    continue;
                }
                let dv = d.saturating_add(cost).min(NONE - 1);
                if dv < dist[v] {
                    dist[v] = dv;
                    parent[v] = u as u32;
                    origin[v] = origin[u];
                    heap.push(Reverse((dv, v as u32)));
                }
            }
        }
        Self {
            dist,
            parent: Arc::new(parent),
            origin,
            costs: Some(Arc::clone(costs)),
        }
    }

    /// [`Search::run_from`], stopping once every node of `targets` (when given) has been
    /// entered: what the search found of them, and of the paths to them, is what the whole
    /// search finds (a node's distance, parent and source are set once, when it is entered),
    /// so a search asked about a few units need not cover the map. A target the search
    /// never enters makes it run to the end.
    ///
    /// Kept out of its callers: alone, its loop keeps its arrays and queue in registers.
    #[inline(never)]
    fn run_until(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32, u32)>,
        pass: impl Fn(usize) -> bool,
        targets: Option<&[usize]>,
        costs: Option<&Arc<PathCosts>>,
    ) -> Self {
        if let Some(costs) = costs {
            return Self::run_weighted(board, seeds, pass, targets, costs);
        }
        let n = board.len();
        let mut dist = vec![NONE; n];
        let mut parent = vec![NONE; n];
        let mut origin = vec![NONE; n];
        let (mut wanted, mut remaining) = wanted_places(n, targets);
        // Asked for targets, none of them on the board: nothing to search for.
        let searching = targets.is_none() || remaining > 0;
        // Count off a node just entered; true once every target has been.
        let mut found = |node: usize| {
            if wanted.get(node) == Some(&true) {
                wanted[node] = false;
                remaining -= 1;
                return remaining == 0;
            }
            false
        };
        if searching {
            let mut seeds: Vec<(usize, u32, u32)> = seeds.into_iter().collect();
            seeds.sort_by_key(|&(_, _, d)| d);
            let mut next = 0;
            // Every node enters the queue once at most.
            let mut queue: VecDeque<u32> = VecDeque::with_capacity(n);
            let links = board.links(Link::Supply);
            'search: loop {
                // The level the queue's front stands at: seeds of that distance (or the
                // nearest seeds, when the queue is empty) join at its front before it
                // moves on.
                let level = match (queue.front(), seeds.get(next)) {
                    (Some(&u), _) => dist[u as usize],
                    (None, Some(&(_, _, d))) => d,
                    (None, None) => break,
                };
                while let Some(&(node, label, d)) = seeds.get(next) {
                    if d > level {
                        break;
                    }
                    next += 1;
                    if dist[node] == NONE && pass(node) {
                        dist[node] = d;
                        origin[node] = label;
                        queue.push_front(node as u32);
                        if found(node) {
                            break 'search;
                        }
                    }
                }
                let Some(u) = queue.pop_front() else {
                    continue;
                };
                let u = u as usize;
                let du = dist[u] + 1;
                let ou = origin[u];
                for v in links.around(u) {
                    if dist[v] == NONE && pass(v) {
                        dist[v] = du;
                        parent[v] = u as u32;
                        origin[v] = ou;
                        queue.push_back(v as u32);
                        if found(v) {
                            break 'search;
                        }
                    }
                }
            }
        }
        Self {
            dist,
            parent: Arc::new(parent),
            origin,
            costs: None,
        }
    }

    /// How a unit on `node` reaches this search: its own node when the search entered it,
    /// else the best neighbour it entered (the unit's own location never blocks it).
    /// Returns (distance, first node of the path after the unit's, or the unit's own node).
    fn reach(&self, board: &Board, node: usize, impassable: bool) -> Option<(u32, usize)> {
        if self.dist[node] != NONE {
            return Some((self.dist[node], node));
        }
        if impassable {
            return None;
        }
        let mut best: Option<(u32, usize)> = None;
        board.neighbours(node, Link::Supply, |v| {
            if self.dist[v] == NONE {
                return;
            }
            // The step onto `v` (a move ending there only on the path's source).
            let step = match &self.costs {
                None => 1,
                Some(c) => match c.step(board, node, v) {
                    Some((cost, ends)) if !ends || self.parent[v] == NONE => cost,
                    _ => return,
                },
            };
            let d = self.dist[v].saturating_add(step);
            if best.is_none_or(|(bd, bv)| d < bd || (d == bd && v < bv)) {
                best = Some((d, v));
            }
        });
        best
    }

    /// Nodes from `start` back to its source.
    fn chain(&self, start: usize) -> impl Iterator<Item = usize> + '_ {
        up(&self.parent, start)
    }

    /// `head` when given, then the nodes from `start` back to its source, as a report's
    /// path (kept as a start on this search's forest, named when read).
    fn path(&self, names: &Arc<LocationNames>, head: Option<usize>, start: usize) -> Path {
        Path::new(names, &self.parent, head, start)
    }
}

/// `start`, then its parents in a search's forest (`NONE` at a root; a node the forest
/// does not hold is a root) up to the root.
fn up(parents: &[u32], start: usize) -> impl Iterator<Item = usize> + '_ {
    std::iter::successors(Some(start), |&n| {
        parents.get(n).filter(|&&p| p != NONE).map(|&p| p as usize)
    })
}

/// A source with the nodes it covers.
#[derive(Debug, Clone)]
struct Source {
    label: String,
    nodes: Vec<usize>,
    /// Hexes beyond its nodes the source lies (they count towards a path).
    beyond: u32,
}

/// The onward part of a supply path through a link.
#[derive(Debug, Clone)]
struct LinkTrace {
    description: String,
    search: Search,
    /// Port labels (place names), by label index.
    labels: Vec<String>,
    /// Connected ports: (node, distance to a source, label) — ports that trace onward.
    connected: Vec<(usize, u32, u32)>,
    /// The bodies of water (or the hex set: one) each port label touches.
    bodies: Vec<Vec<u32>>,
}

/// The searches of one side.
#[derive(Debug, Clone)]
struct SideTrace {
    state: Vec<u8>,
    sources: Vec<Source>,
    is_source: Vec<u32>,
    main: Search,
    links: Vec<LinkTrace>,
}

/// Supply traced for every side on a board: the searches, before reporting.
///
/// Units of one side trace alike unless the rules tell them apart: sources and links with
/// `units` (one power of a side), and `[[rules.entry]]` terrain a unit may not enter. Units
/// that the rules treat alike form one group, traced by one search.
#[derive(Debug, Clone)]
pub struct SupplyTrace<'g> {
    control: Control<'g>,
    impassable: Vec<bool>,
    /// The side of each group, and its searches.
    groups: Vec<(SideId, SideTrace)>,
    /// (position index, side, node, group) of every unit needing supply.
    needs: Vec<(usize, SideId, usize, usize)>,
    /// What paths pay, when they count movement points.
    costs: Option<Arc<PathCosts>>,
}

/// Who controls each location, as far as supply asks: the rules' enemy-controlled
/// blockers, source places and terrain (those the side controls) and links (friendly
/// ports) ask it ([`asks_control`]); other rules trace on the board alone.
#[derive(Debug, Clone)]
enum Control<'g> {
    /// Control worked out.
    Map(ControlMap<'g>),
    /// Rules that never ask: the board without control.
    Unasked(Board<'g>),
}

impl<'g> Control<'g> {
    /// The board.
    fn board(&self) -> &Board<'g> {
        match self {
            Control::Map(m) => m.board(),
            Control::Unasked(b) => b,
        }
    }

    /// The controller of a node (never asked of [`Control::Unasked`]: `None`).
    fn owner(&self, node: usize) -> Option<SideId> {
        match self {
            Control::Map(m) => m.owner(node),
            Control::Unasked(_) => None,
        }
    }
}

/// Whether supply under these rules depends on who controls a location: a blocker of
/// enemy-controlled locations, a source of places or terrain (friendly ones only), or a
/// link (between friendly ports).
fn asks_control(rules: &SupplyRules) -> bool {
    rules.blocked_by.contains(&Blocker::EnemyControlled)
        || rules
            .sources
            .iter()
            .any(|s| !s.places.is_empty() || !s.terrain.is_empty())
        || !rules.links.is_empty()
}

/// What sets a unit's supply apart from its side's other units: the rule sources and links
/// it may use, and the entry rules barring it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct GroupKey {
    side: SideId,
    sources: Vec<bool>,
    links: Vec<bool>,
    barred: Vec<bool>,
}

impl GroupKey {
    fn of(game: &Game, rules: &SupplyRules, side: SideId, counter: CounterId) -> Self {
        let may = |units: &Option<crate::model::rules::Selector>| {
            units.as_ref().is_none_or(|u| u.matches(game, counter))
        };
        GroupKey {
            side,
            sources: rules.sources.iter().map(|s| may(&s.units)).collect(),
            links: rules.links.iter().map(|l| may(&l.units)).collect(),
            barred: game
                .rules
                .entry
                .iter()
                .map(|e| e.units.matches(game, counter) && !e.only.matches(game, counter))
                .collect(),
        }
    }
}

/// Trace supply for every unit that needs it (see the module documentation).
pub fn trace_supply(game: &Game, positions: &Positions) -> Result<SupplyReport, SupplyError> {
    let trace = SupplyTrace::new(Board::new(game), positions)?;
    Ok(trace.report(positions))
}

/// The copies a report finds out of supply, for writing markers back into a save.
pub fn out_of_supply(report: &SupplyReport) -> Vec<Instance> {
    report
        .units
        .iter()
        .filter(|u| !u.in_supply)
        .map(|u| Instance {
            index: u.index,
            counter: u.counter.clone(),
            piece: u.piece.clone(),
            location: u.location.clone(),
        })
        .collect()
}

/// Which supply markers to change: copies newly out of supply and copies marked out of supply
/// that are now in supply.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SupplyMarks {
    /// Every copy now out of supply.
    pub out_of_supply: Vec<Instance>,
    /// Out of supply and not yet marked: add a marker.
    pub mark: Vec<Instance>,
    /// Marked but in supply: remove the marker.
    pub unmark: Vec<Instance>,
}

/// The marker changes a report calls for.
pub fn supply_marks(report: &SupplyReport) -> SupplyMarks {
    let inst = |u: &UnitSupply| Instance {
        index: u.index,
        counter: u.counter.clone(),
        piece: u.piece.clone(),
        location: u.location.clone(),
    };
    SupplyMarks {
        out_of_supply: out_of_supply(report),
        mark: report
            .units
            .iter()
            .filter(|u| !u.in_supply && !u.marked)
            .map(inst)
            .collect(),
        unmark: report
            .units
            .iter()
            .filter(|u| u.in_supply && u.marked)
            .map(inst)
            .collect(),
    }
}

fn rules(game: &Game) -> Result<&SupplyRules, SupplyError> {
    game.rules.supply.as_ref().ok_or(SupplyError::NoRules)
}

impl<'g> SupplyTrace<'g> {
    /// Run the searches for every side with units needing supply, with control worked out
    /// from the positions alone (see [`super::control`](mod@super::control)).
    ///
    /// Rules that never ask who controls a location (no enemy-controlled blocker, no source
    /// of places or terrain, no link) are traced without working control out.
    pub fn new(board: Board<'g>, positions: &Positions) -> Result<Self, SupplyError> {
        let control = if asks_control(rules(board.game())?) {
            Control::Map(ControlMap::new(
                board,
                positions,
                &ControlOptions::default(),
            ))
        } else {
            Control::Unasked(board)
        };
        Self::traced(control, positions)
    }

    /// Run the searches with a control map the caller worked out (e.g. from an earlier
    /// map), which decides friendly source places, links and enemy-controlled locations.
    /// Reports must be asked with the same positions.
    pub fn with_control(
        control: ControlMap<'g>,
        positions: &Positions,
    ) -> Result<Self, SupplyError> {
        Self::traced(Control::Map(control), positions)
    }

    /// Run the searches, with control when the rules ask it.
    fn traced(control: Control<'g>, positions: &Positions) -> Result<Self, SupplyError> {
        let board = control.board();
        let game = board.game();
        let rules = rules(game)?;
        if game.sides.len() > 63 {
            return Err(SupplyError::TooManySides(game.sides.len()));
        }
        let n = board.len();
        let impassable: Vec<bool> = board.terrain_table(&rules.impassable);
        let costs = (rules.path_cost == PathCost::MovementPoints)
            .then(|| Arc::new(PathCosts::new(board, positions.weather_in_force(game))));

        // Who needs supply, grouped by what the rules let them use.
        let mut keys: Vec<GroupKey> = Vec::new();
        let mut needs = Vec::new();
        // A counter's group, once per counter (its copies share it); `None` inside when the
        // counter needs no supply.
        let mut group_of: Vec<Option<Option<usize>>> = vec![None; game.counters.len()];
        for (index, p) in positions.on_map() {
            let (Some(node), Some(side)) = (board.node_of(&p.location), game.side_of(p.counter))
            else {
                continue;
            };
            let group = *group_of[p.counter].get_or_insert_with(|| {
                if !rules.units.matches(game, p.counter) {
                    return None;
                }
                let key = GroupKey::of(game, rules, side, p.counter);
                Some(match keys.iter().position(|k| *k == key) {
                    Some(g) => g,
                    None => {
                        keys.push(key);
                        keys.len() - 1
                    }
                })
            });
            if let Some(group) = group {
                needs.push((index, side, node, group));
            }
        }

        // Per node: sides with blocking units, sides with combat units, and the counters
        // of each side standing there (for sources such as depots).
        let mut units = vec![0u64; n];
        let mut combat = vec![0u64; n];
        // (node, side, counter) of every unit of a side, by node, in position order there.
        let mut held: Vec<(usize, SideId, CounterId)> = Vec::new();
        let mut blocks: Vec<Option<bool>> = vec![None; game.counters.len()];
        for (_, p) in positions.on_map() {
            let Some(node) = board.node_of(&p.location) else {
                continue;
            };
            let side = game.side_of(p.counter);
            let bit = side_bit(side);
            let is_combat = game.is_combat(p.counter);
            if is_combat {
                combat[node] |= bit;
            }
            if *blocks[p.counter]
                .get_or_insert_with(|| is_combat || reach(game, p.counter) != ZocReach::None)
            {
                units[node] |= bit;
            }
            if let Some(side) = side {
                held.push((node, side, p.counter));
            }
        }
        held.sort_by_key(|&(node, _, _)| node);
        let zoc = rules
            .blocked_by
            .contains(&Blocker::EnemyZoc)
            .then(|| ZocMap::new(board, positions));
        // Where each entry rule applies.
        let entry_here: Vec<Vec<bool>> = game
            .rules
            .entry
            .iter()
            .map(|e| {
                let mut here = board.terrain_table(&e.terrain);
                for &(map, set) in &e.hex_sets {
                    if let Some(h) = game.maps.get(map).and_then(|m| m.hex_sets.get(set)) {
                        for node in board.members(map, &h.members) {
                            here[node] = true;
                        }
                    }
                }
                here
            })
            .collect();

        // Where enemy control blocks a path: everywhere, or the listed terrain and places.
        let every =
            rules.enemy_controlled_terrain.is_empty() && rules.enemy_controlled_places.is_empty();
        let mut guarded: Vec<bool> = if every {
            vec![true; n]
        } else {
            board.terrain_table(&rules.enemy_controlled_terrain)
        };
        for (map, m) in game.maps.iter().enumerate() {
            for p in &m.places {
                let listed = rules
                    .enemy_controlled_places
                    .iter()
                    .any(|w| *w == p.name || p.tags.contains(w));
                if let (true, Some(node)) = (listed, board.node(&Site { map, at: p.at })) {
                    guarded[node] = true;
                }
            }
        }
        let all_hexes = game
            .maps
            .iter()
            .all(|m| matches!(m.kind, crate::model::MapKind::Hex(_)));
        let mut side_states: Vec<Option<Vec<u8>>> = vec![None; game.sides.len()];
        let mut groups = Vec::with_capacity(keys.len());
        for key in &keys {
            let side = key.side;
            let me = side_bit(Some(side));
            let base = side_states[side].get_or_insert_with(|| {
                let mut state: Vec<u8> = impassable
                    .iter()
                    .map(|&shut| if shut { code(Block::Impassable) } else { OPEN })
                    .collect();
                // Hexes admit every side: only areas may be closed to some.
                if !all_hexes {
                    block_where(&mut state, Block::Impassable, |i| {
                        let only = board.only(i);
                        !only.is_empty() && !only.contains(&side)
                    });
                }
                // A location takes the first of the rules' blockers that stops a path there.
                for b in &rules.blocked_by {
                    match b {
                        Blocker::EnemyUnits => {
                            block_where(&mut state, Block::EnemyUnits, |i| units[i] & !me != 0)
                        }
                        Blocker::EnemyZoc => {
                            if let Some(z) = &zoc {
                                let negate = rules.friendly_units_negate_zoc;
                                block_where(&mut state, Block::EnemyZoc, |i| {
                                    z.mask(i) & !me != 0 && !(negate && combat[i] & me != 0)
                                });
                            }
                        }
                        Blocker::EnemyControlled => {
                            block_where(&mut state, Block::EnemyControlled, |i| {
                                control.owner(i).is_some_and(|o| o != side) && guarded[i]
                            })
                        }
                    }
                }
                state
            });
            let mut state = base.clone();
            for (e, here) in entry_here.iter().enumerate() {
                if key.barred[e] {
                    for (i, h) in here.iter().enumerate() {
                        if *h {
                            state[i] = code(Block::Impassable);
                        }
                    }
                }
            }
            let sources = side_sources(game, board, &control, rules, key, &held);
            let mut is_source = vec![NONE; n];
            for (k, s) in sources.iter().enumerate() {
                if s.beyond > 0 {
                    continue;
                }
                for &node in &s.nodes {
                    if is_source[node] == NONE {
                        is_source[node] = k as u32;
                    }
                }
            }
            let seeds = sources
                .iter()
                .enumerate()
                .flat_map(|(k, s)| s.nodes.iter().map(move |&node| (node, k as u32, s.beyond)));
            let main = Search::run_from(board, seeds, |v| state[v] == OPEN, costs.as_ref());
            // Links matter only to units the main search leaves out of supply.
            let group = groups.len();
            let all_supplied =
                needs
                    .iter()
                    .filter(|(_, _, _, g)| *g == group)
                    .all(|&(i, _, n, _)| {
                        let limit = path_limit(game, positions, i, costs.as_deref());
                        is_source[n] != NONE && !impassable[n]
                            || main
                                .reach(board, n, impassable[n])
                                .is_some_and(|(d, _)| limit.is_none_or(|l| d <= l))
                    });
            let mut links = Vec::new();
            for (li, link) in rules.links.iter().enumerate() {
                if link.side != side || !key.links[li] || all_supplied {
                    continue;
                }
                // The link's places: (node, label, bodies of water it touches).
                let mut ports: Vec<(usize, u32)> = Vec::new();
                let mut labels = Vec::new();
                let mut bodies: Vec<Vec<u32>> = Vec::new();
                let friendly =
                    |node: usize| control.owner(node) == Some(side) && state[node] == OPEN;
                match &link.kind {
                    LinkKind::HexSet((map, set)) => {
                        let Some(hs) = game.maps[*map].hex_sets.get(*set) else {
                            continue;
                        };
                        for p in &game.maps[*map].places {
                            if !hs.members.contains(&p.at) {
                                continue;
                            }
                            let Some(node) = board.node(&Site {
                                map: *map,
                                at: p.at,
                            }) else {
                                continue;
                            };
                            if friendly(node) {
                                ports.push((node, labels.len() as u32));
                                labels.push(p.name.clone());
                                bodies.push(vec![0]);
                            }
                        }
                    }
                    LinkKind::Sea {
                        feature,
                        port,
                        across,
                        seas,
                    } => {
                        let water = if seas.is_empty() {
                            water_bodies(board, across)
                        } else {
                            sea_regions(board, game, across, seas)
                        };
                        let mut candidates: Vec<(usize, String)> = Vec::new();
                        for (map, m) in game.maps.iter().enumerate() {
                            for p in &m.places {
                                if p.tags.contains(port) || Some(p.kind) == *feature {
                                    if let Some(node) = board.node(&Site { map, at: p.at }) {
                                        candidates.push((node, p.name.clone()));
                                    }
                                }
                            }
                        }
                        if let Some(f) = feature {
                            for node in 0..n {
                                if board.has_any_terrain(node, std::slice::from_ref(f))
                                    && !candidates.iter().any(|(c, _)| *c == node)
                                {
                                    candidates.push((node, board.name(node)));
                                }
                            }
                        }
                        candidates.sort();
                        candidates.dedup_by_key(|(c, _)| *c);
                        for (node, name) in candidates {
                            if !friendly(node) {
                                continue;
                            }
                            let mut touches = Vec::new();
                            board.neighbours(node, Link::Supply, |v| {
                                if water[v] != NONE && !touches.contains(&water[v]) {
                                    touches.push(water[v]);
                                }
                            });
                            if touches.is_empty() {
                                continue;
                            }
                            ports.push((node, labels.len() as u32));
                            labels.push(name);
                            bodies.push(touches);
                        }
                    }
                }
                let connected: Vec<(usize, u32, u32)> = ports
                    .iter()
                    .filter(|(node, _)| main.dist[*node] != NONE)
                    .map(|(node, label)| (*node, main.dist[*node], *label))
                    .collect();
                // A place links onward through "another" place sharing a body of water
                // with it that traces to a source.
                let seeds: Vec<(usize, u32)> = ports
                    .iter()
                    .copied()
                    .filter(|(node, label)| {
                        connected.iter().any(|(c, _, cl)| {
                            c != node
                                && bodies[*cl as usize]
                                    .iter()
                                    .any(|b| bodies[*label as usize].contains(b))
                        })
                    })
                    .collect();
                if seeds.is_empty() {
                    continue;
                }
                let search = Search::run(board, seeds, |v| state[v] == OPEN, costs.as_ref());
                links.push(LinkTrace {
                    description: link.description.clone(),
                    search,
                    labels,
                    connected,
                    bodies,
                });
            }
            groups.push((
                side,
                SideTrace {
                    state,
                    sources,
                    is_source,
                    main,
                    links,
                },
            ));
        }
        Ok(Self {
            control,
            impassable,
            groups,
            needs,
            costs,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board<'g> {
        self.control.board()
    }

    /// The locations (board nodes) from which a unit of `side` would trace supply, ignoring
    /// path limits: those its searches reached, from a source or through a link. `None`
    /// when the side was not traced (none of its units needs supply).
    pub fn supplied(&self, side: SideId) -> Option<Vec<bool>> {
        let mine: Vec<&SideTrace> = self
            .groups
            .iter()
            .filter(|(s, _)| *s == side)
            .map(|(_, t)| t)
            .collect();
        if mine.is_empty() {
            return None;
        }
        Some(
            (0..self.board().len())
                .map(|n| {
                    mine.iter().any(|t| {
                        t.main.dist[n] != NONE || t.links.iter().any(|l| l.search.dist[n] != NONE)
                    })
                })
                .collect(),
        )
    }

    /// Whether position `index` is in supply (`None` when it does not need supply).
    pub fn in_supply(&self, positions: &Positions, index: usize) -> Option<bool> {
        let (_, _, node, group) = *self.needs.iter().find(|(i, _, _, _)| *i == index)?;
        let t = &self.groups[group].1;
        let limit = self.limit(positions, index);
        let own = self.impassable[node];
        let within = |d: u32| limit.is_none_or(|l| d <= l);
        if t.is_source[node] != NONE && !own {
            return Some(true);
        }
        if t.main
            .reach(self.board(), node, own)
            .is_some_and(|(d, _)| within(d))
        {
            return Some(true);
        }
        Some(t.links.iter().any(|l| {
            l.search
                .reach(self.board(), node, own)
                .is_some_and(|(d, _)| within(d))
        }))
    }

    fn limit(&self, positions: &Positions, index: usize) -> Option<u32> {
        path_limit(self.board().game(), positions, index, self.costs.as_deref())
    }

    /// The full report: every unit needing supply, with its path or what cuts it.
    pub fn report(&self, positions: &Positions) -> SupplyReport {
        let board = self.board();
        let game = board.game();
        let unit_word = if self.costs.is_some() {
            ("movement point", "movement points")
        } else if game
            .maps
            .iter()
            .all(|m| matches!(m.kind, crate::model::MapKind::Area(_)))
        {
            ("area", "areas")
        } else {
            ("hex", "hexes")
        };
        let steps = |count: u32| Steps { count, unit_word };
        // Paths are named when read: each keeps where it starts on its search's forest.
        let names = Arc::new(board.location_names());
        let no_parents = Arc::new(Vec::new());
        let mut free_search: Vec<Option<Search>> = vec![None; self.groups.len()];
        // The units cut off from every source and link, whose reports look along the route
        // that ignores enemies: each group's search for it stops once it has found them.
        let mut cut: Vec<Vec<usize>> = vec![Vec::new(); self.groups.len()];
        for &(_, _, node, group) in &self.needs {
            let t = &self.groups[group].1;
            let own = self.impassable[node];
            if !own
                && t.is_source[node] == NONE
                && t.main.reach(board, node, own).is_none()
                && t.links
                    .iter()
                    .all(|l| l.search.reach(board, node, own).is_none())
            {
                cut[group].push(node);
            }
        }
        let mut units = Vec::with_capacity(self.needs.len());
        for &(index, side, node, group) in &self.needs {
            let p = &positions.units[index];
            let c = &game.counters[p.counter];
            let t = &self.groups[group].1;
            let limit = self.limit(positions, index);
            let within = |d: u32| limit.is_none_or(|l| d <= l);
            let own = self.impassable[node];
            let mut u = UnitSupply {
                index,
                counter: c.id.clone(),
                name: c.name.clone(),
                piece: p.piece.clone(),
                side: game.sides[side].id.clone(),
                location: game.location_label(&p.location),
                in_supply: false,
                marked: p.out_of_supply,
                distance: None,
                source: None,
                path: Path::default(),
                link: None,
                blocked: Vec::new(),
                reason: String::new(),
            };
            let main = t.main.reach(board, node, own);
            if t.is_source[node] != NONE && !own {
                let label = &t.sources[t.is_source[node] as usize].label;
                u.in_supply = true;
                u.distance = Some(0);
                u.source = Some(label.clone());
                u.path = Path::new(&names, &no_parents, None, node);
                u.reason = format!("on its supply source, {label}");
            } else if let Some((d, first)) = main.filter(|(d, _)| within(*d)) {
                let label = &t.sources[t.main.origin[first] as usize].label;
                u.in_supply = true;
                u.distance = Some(d);
                u.source = Some(label.clone());
                u.reason = format!("traces {} to {label}", steps(d));
                u.path = t.main.path(&names, (first != node).then_some(node), first);
            } else if let Some((l, d, first)) = t.links.iter().find_map(|l| {
                l.search
                    .reach(board, node, own)
                    .filter(|(d, _)| within(*d))
                    .map(|(d, f)| (l, d, f))
            }) {
                let path = l
                    .search
                    .path(&names, (first != node).then_some(node), first);
                let port = l.search.chain(first).last().unwrap_or(first);
                let port_name = l.labels[l.search.origin[first] as usize].clone();
                let port_label = l.search.origin[first] as usize;
                let (onward_port, _, onward_label_index) = l
                    .connected
                    .iter()
                    .filter(|(n, _, cl)| {
                        *n != port
                            && l.bodies[*cl as usize]
                                .iter()
                                .any(|b| l.bodies[port_label].contains(b))
                    })
                    .min_by_key(|(n, d, _)| (*d, *n))
                    .copied()
                    .expect("a link search has another connected place");
                let onward = t.main.path(&names, None, onward_port);
                let onward_label = t.sources[t.main.origin[onward_port] as usize].label.clone();
                let onward_name = l.labels[onward_label_index as usize].clone();
                u.in_supply = true;
                u.distance = Some(d);
                u.source = Some(onward_label.clone());
                let start = if d == 0 {
                    format!("stands in {port_name}")
                } else {
                    format!("traces {} to {port_name}", steps(d))
                };
                let onward_steps = if self.costs.is_some() {
                    t.main.dist[onward_port]
                } else {
                    onward.len() as u32 - 1
                };
                u.reason = format!(
                    "{start}, linked to {onward_name}, which traces {} to {onward_label}",
                    steps(onward_steps)
                );
                u.path = path;
                u.link = Some(LinkUse {
                    description: l.description.clone(),
                    to: port_name,
                    from: onward_name,
                    onward,
                });
            } else if let Some((d, first)) = main {
                // Reached, but too far.
                let label = &t.sources[t.main.origin[first] as usize].label;
                u.distance = Some(d);
                u.source = Some(label.clone());
                u.reason = format!(
                    "nearest supply source, {label}, is {} away; the limit is {}",
                    steps(d),
                    steps(limit.unwrap_or(0))
                );
            } else if let Some((l, d, first)) = t
                .links
                .iter()
                .find_map(|l| l.search.reach(board, node, own).map(|(d, f)| (l, d, f)))
            {
                // A linked place is reached, but too far.
                let port = l.labels[l.search.origin[first] as usize].clone();
                u.distance = Some(d);
                u.reason = format!(
                    "nearest linked place, {port}, is {} away; the limit is {}",
                    steps(d),
                    steps(limit.unwrap_or(0))
                );
            } else {
                // Cut: look along the shortest route that ignores enemy blockers.
                let free = free_search[group].get_or_insert_with(|| {
                    let seeds = t.sources.iter().enumerate().flat_map(|(k, s)| {
                        s.nodes.iter().map(move |&node| (node, k as u32, s.beyond))
                    });
                    Search::run_until(
                        board,
                        seeds,
                        |v| t.state[v] != code(Block::Impassable),
                        Some(&cut[group]),
                        self.costs.as_ref(),
                    )
                });
                match free.reach(board, node, own) {
                    None if t.sources.iter().all(|s| s.nodes.is_empty()) => {
                        u.reason = format!(
                            "the {} side has no supply source on the map (no friendly source place)",
                            game.sides[side].name
                        );
                    }
                    None => {
                        u.reason = if own {
                            "stands in impassable terrain".to_string()
                        } else {
                            format!(
                                "no path over passable terrain reaches any {} supply source",
                                game.sides[side].name
                            )
                        };
                    }
                    Some((d, first)) => {
                        let label = &t.sources[free.origin[first] as usize].label;
                        u.blocked = free
                            .chain(first)
                            .filter(|&n| n != node)
                            .filter_map(|n| {
                                block(t.state[n]).map(|b| Blocked {
                                    location: board.name(n),
                                    by: b,
                                })
                            })
                            .collect();
                        let shown: Vec<String> = u
                            .blocked
                            .iter()
                            .take(3)
                            .map(|b| format!("{} ({})", b.location, b.by.text()))
                            .collect();
                        let more = u.blocked.len().saturating_sub(3);
                        u.reason = format!(
                            "cut: the shortest route to {label} ({}) is blocked at {}{}",
                            steps(d),
                            shown.join(", "),
                            if more > 0 {
                                format!(" and {more} more")
                            } else {
                                String::new()
                            }
                        );
                    }
                }
            }
            units.push(u);
        }
        let sides = game
            .sides
            .iter()
            .enumerate()
            .filter(|(s, _)| self.groups.iter().any(|(g, _)| g == s))
            .map(|(_, side)| {
                let mine: Vec<&UnitSupply> = units.iter().filter(|u| u.side == side.id).collect();
                SideSupply {
                    side: side.id.clone(),
                    name: side.name.clone(),
                    units: mine.len(),
                    in_supply: mine.iter().filter(|u| u.in_supply).count(),
                    out_of_supply: mine.iter().filter(|u| !u.in_supply).count(),
                }
            })
            .collect();
        let weather = self
            .costs
            .as_ref()
            .and_then(|c| c.weather)
            .map(|w| game.weather[w].name.clone());
        SupplyReport {
            weather,
            sides,
            units,
        }
    }
}

/// The longest path position `index` may trace (`None`: any length). A path counted in
/// movement points (`costs`) may be as long as the unit's movement allowance in the weather
/// in force (halved in mud).
fn path_limit(
    game: &Game,
    positions: &Positions,
    index: usize,
    costs: Option<&PathCosts>,
) -> Option<u32> {
    let p = &positions.units[index];
    match game.rules.supply.as_ref()?.path_length {
        PathLength::Unlimited => None,
        PathLength::Steps(n) => Some(n),
        PathLength::Movement(f) => factor(game, p.counter, p.reduced, f).map(|v| {
            let weather = costs
                .and_then(|c| c.weather)
                .and_then(|w| game.weather.get(w));
            weather.map_or(v, |w| w.allowance(v)).max(0) as u32
        }),
    }
}

/// The sources of one group of a side's units, each with its nodes: those of the rule's
/// sources its units may use.
fn side_sources(
    game: &Game,
    board: &Board,
    control: &Control,
    rules: &SupplyRules,
    key: &GroupKey,
    held: &[(usize, SideId, CounterId)],
) -> Vec<Source> {
    let side = key.side;
    let mut out = Vec::new();
    let in_countries = |src: &crate::model::rules::SupplySource, node: usize| {
        src.countries.is_empty()
            || board
                .country(node)
                .is_some_and(|c| src.countries.contains(&c))
    };
    for (k, src) in rules.sources.iter().enumerate() {
        if src.side != side || !key.sources[k] {
            continue;
        }
        let beyond = src.beyond;
        let label = |default: &str| src.name.clone().unwrap_or_else(|| default.to_string());
        for border in &src.along {
            let mut nodes = Vec::new();
            for (map, m) in game.maps.iter().enumerate() {
                let crate::model::MapKind::Hex(h) = &m.kind else {
                    continue;
                };
                let geo = &h.geometry;
                let coords: Vec<crate::model::hex::HexCoord> = match border.as_str() {
                    "west" => (0..geo.rows)
                        .map(|r| crate::model::hex::HexCoord::new(0, r))
                        .collect(),
                    "east" => (0..geo.rows)
                        .map(|r| crate::model::hex::HexCoord::new(geo.columns - 1, r))
                        .collect(),
                    "north" => (0..geo.columns)
                        .map(|c| crate::model::hex::HexCoord::new(c, 0))
                        .collect(),
                    "south" => (0..geo.columns)
                        .map(|c| crate::model::hex::HexCoord::new(c, geo.rows - 1))
                        .collect(),
                    _ => Vec::new(),
                };
                for c in coords {
                    if let Some(node) = board.node(&Site::hex(map, c)) {
                        if !board.has_any_terrain(node, &rules.impassable)
                            && in_countries(src, node)
                        {
                            nodes.push(node);
                        }
                    }
                }
            }
            out.push(Source {
                label: label(&format!("{border} map edge")),
                nodes,
                beyond,
            });
        }
        for &(map, e) in &src.edges {
            if let Some(edge) = game.maps[map].edges.get(e) {
                out.push(Source {
                    label: label(&edge.name),
                    nodes: board.members(map, &edge.members).collect(),
                    beyond,
                });
            }
        }
        for &(map, h) in &src.hex_sets {
            if let Some(set) = game.maps[map].hex_sets.get(h) {
                out.push(Source {
                    label: label(&set.name),
                    nodes: board.members(map, &set.members).collect(),
                    beyond,
                });
            }
        }
        let mut taken: Vec<usize> = Vec::new();
        for wanted in &src.places {
            for (map, m) in game.maps.iter().enumerate() {
                for p in &m.places {
                    if p.name != *wanted && !p.tags.contains(wanted) {
                        continue;
                    }
                    let Some(node) = board.node(&Site { map, at: p.at }) else {
                        continue;
                    };
                    if control.owner(node) == Some(side) && in_countries(src, node) {
                        taken.push(node);
                        out.push(Source {
                            label: p.name.clone(),
                            nodes: vec![node],
                            beyond,
                        });
                    }
                }
            }
        }
        if !src.terrain.is_empty() {
            for node in 0..board.len() {
                if !taken.contains(&node)
                    && board.has_any_terrain(node, &src.terrain)
                    && control.owner(node) == Some(side)
                    && in_countries(src, node)
                {
                    taken.push(node);
                    out.push(Source {
                        label: place_label(game, board, node),
                        nodes: vec![node],
                        beyond,
                    });
                }
            }
        }
        if let Some(sel) = &src.counters {
            for here in held.chunk_by(|a, b| a.0 == b.0) {
                let node = here[0].0;
                if let Some((_, _, c)) = here
                    .iter()
                    .find(|(_, s, c)| *s == side && sel.matches(game, *c))
                {
                    out.push(Source {
                        label: format!(
                            "{} at {}",
                            game.counters[*c].name,
                            place_label(game, board, node)
                        ),
                        nodes: vec![node],
                        beyond,
                    });
                }
            }
        }
    }
    out
}

/// A location's place name if it has one, else its hex number or area name.
fn place_label(game: &Game, board: &Board, node: usize) -> String {
    let site = board.site(node);
    game.maps[site.map]
        .places
        .iter()
        .find(|p| p.at == site.at)
        .map_or_else(|| board.name(node), |p| p.name.clone())
}

/// The connected bodies of water of these terrains: a body number per node (`NONE` for
/// other nodes).
fn water_bodies(board: &Board, across: &[crate::model::TerrainId]) -> Vec<u32> {
    let n = board.len();
    let mut body = vec![NONE; n];
    let mut count = 0;
    for start in 0..n {
        if body[start] != NONE || !board.has_any_terrain(start, across) {
            continue;
        }
        body[start] = count;
        let mut queue = VecDeque::from([start]);
        while let Some(u) = queue.pop_front() {
            board.neighbours(u, Link::Supply, |v| {
                if body[v] == NONE && board.has_any_terrain(v, across) {
                    body[v] = count;
                    queue.push_back(v);
                }
            });
        }
        count += 1;
    }
    body
}

/// The sea each water node lies in: the index of the first of `seas` (hex sets) holding
/// it, `NONE` for land and for water outside them. A crossing stays inside one sea (even
/// where two touch), and a port lies in every sea its hex touches.
fn sea_regions(
    board: &Board,
    game: &Game,
    across: &[crate::model::TerrainId],
    seas: &[(MapId, usize)],
) -> Vec<u32> {
    let mut body = vec![NONE; board.len()];
    for (i, (map, set)) in seas.iter().enumerate().rev() {
        let Some(hs) = game.maps[*map].hex_sets.get(*set) else {
            continue;
        };
        for node in board.members(*map, &hs.members) {
            if board.has_any_terrain(node, across) {
                body[node] = i as u32;
            }
        }
    }
    body
}

/// A number of locations entered, in words ("1 hex", "7 hexes", "2 areas"), written
/// straight into the sentence that says it.
struct Steps {
    /// How many.
    count: u32,
    /// The word for one and for several.
    unit_word: (&'static str, &'static str),
}

impl std::fmt::Display for Steps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (one, several) = self.unit_word;
        let word = if self.count == 1 { one } else { several };
        write!(f, "{} {word}", self.count)
    }
}

/// Supply totals of one side.
#[derive(Debug, Clone, Serialize)]
pub struct SideSupply {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// Units needing supply.
    pub units: usize,
    /// In supply.
    pub in_supply: usize,
    /// Out of supply.
    pub out_of_supply: usize,
}

/// The locations of a path in a report, in order: from a unit to its source, or from a
/// linked place onward. Held as where it starts on the search that found it — the search's
/// forest of shortest paths, shared by every path of the report — and named when read, so
/// a report of 2,000 units neither copies nor names a location per step. Reads as its
/// names ([`Path::names`]; `Display` joins them with spaces) and serializes as their list;
/// empty when the unit is out of supply.
#[derive(Clone, Default)]
pub struct Path(Option<Walk>);

/// Where a [`Path`] that is not empty starts, and the forest it follows from there.
#[derive(Clone)]
struct Walk {
    /// What the locations are called.
    names: Arc<LocationNames>,
    /// The search's parents, followed from `start` up to the source (empty: `start` is
    /// the whole way).
    parents: Arc<Vec<u32>>,
    /// A location before `start`: the unit's own, where the search did not enter it.
    head: Option<u32>,
    /// The first location on the forest.
    start: u32,
}

impl Path {
    /// `head` when given, then `start` and its parents in `parents` up to the root.
    fn new(
        names: &Arc<LocationNames>,
        parents: &Arc<Vec<u32>>,
        head: Option<usize>,
        start: usize,
    ) -> Self {
        Path(Some(Walk {
            names: Arc::clone(names),
            parents: Arc::clone(parents),
            head: head.map(|h| h as u32),
            start: start as u32,
        }))
    }

    /// The locations (board nodes), in order, with what they are called.
    fn nodes(&self) -> impl Iterator<Item = (usize, &LocationNames)> + '_ {
        self.0.iter().flat_map(|s| {
            let head = s.head.map(|h| h as usize);
            head.into_iter()
                .chain(up(&s.parents, s.start as usize))
                .map(|n| (n, &*s.names))
        })
    }

    /// How many locations.
    pub fn len(&self) -> usize {
        self.nodes().count()
    }

    /// True when out of supply: no path.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The names of the locations, in order.
    pub fn names(&self) -> Vec<String> {
        self.nodes()
            .map(|(n, names)| names.name_with(n, str::to_string))
            .collect()
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (n, names)) in self.nodes().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            names.name_with(n, |name| f.write_str(name))?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl<const N: usize> PartialEq<[&str; N]> for Path {
    fn eq(&self, other: &[&str; N]) -> bool {
        self.len() == N
            && self
                .nodes()
                .zip(other)
                .all(|((n, names), want)| names.name_with(n, |name| name == *want))
    }
}

impl Serialize for Path {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for (n, names) in self.nodes() {
            names.name_with(n, |name| seq.serialize_element(name))?;
        }
        seq.end()
    }
}

/// A location that cuts a path.
#[derive(Debug, Clone, Serialize)]
pub struct Blocked {
    /// Hex number or area name.
    pub location: String,
    /// What is there.
    pub by: Block,
}

/// Supply through a link.
#[derive(Debug, Clone, Serialize)]
pub struct LinkUse {
    /// The link rule.
    pub description: String,
    /// The place the unit traces to.
    pub to: String,
    /// The other place, which traces onward.
    pub from: String,
    /// Its path to the source.
    pub onward: Path,
}

/// Supply of one unit.
#[derive(Debug, Clone, Serialize)]
pub struct UnitSupply {
    /// Index in the positions.
    pub index: usize,
    /// Counter id.
    pub counter: String,
    /// Counter name.
    pub name: String,
    /// The caller's piece id.
    pub piece: Option<String>,
    /// Side id.
    pub side: String,
    /// Where it stands.
    pub location: String,
    /// In supply.
    pub in_supply: bool,
    /// Marked out of supply in the positions.
    pub marked: bool,
    /// Length of the path (or of the too-long path).
    pub distance: Option<u32>,
    /// The source traced to.
    pub source: Option<String>,
    /// The path from the unit's location to the source (empty when out of supply).
    pub path: Path,
    /// The link used, if any.
    pub link: Option<LinkUse>,
    /// Blocked locations on the shortest route ignoring enemies (when cut).
    pub blocked: Vec<Blocked>,
    /// In words.
    pub reason: String,
}

/// Supply of every unit that needs it.
#[derive(Debug, Clone, Serialize)]
pub struct SupplyReport {
    /// Paths counted in movement points: the weather they were traced in (its name; none:
    /// no weather in force, or paths counted in hexes or areas, where weather does not
    /// matter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weather: Option<String>,
    /// Totals per side with units needing supply.
    pub sides: Vec<SideSupply>,
    /// Every unit needing supply, in position order.
    pub units: Vec<UnitSupply>,
}

/// The report as text: totals, then one line per unit (out of supply first).
pub fn render(report: &SupplyReport) -> String {
    let mut out = String::new();
    if let Some(w) = &report.weather {
        out.push_str(&format!("Paths in movement points, weather: {w}\n"));
    }
    for s in &report.sides {
        out.push_str(&format!(
            "{}: {} of {} unit{} in supply\n",
            s.name,
            s.in_supply,
            s.units,
            super::control::plural(s.units)
        ));
    }
    let (bad, good): (Vec<&UnitSupply>, Vec<&UnitSupply>) =
        report.units.iter().partition(|u| !u.in_supply);
    if !bad.is_empty() {
        out.push_str("\nOut of supply:\n");
        for u in bad {
            out.push_str(&format!("  {} at {}: {}\n", u.name, u.location, u.reason));
        }
    }
    if !good.is_empty() {
        out.push_str("\nIn supply:\n");
        for u in good {
            out.push_str(&format!("  {} at {}: {}", u.name, u.location, u.reason));
            if u.path.len() > 1 {
                out.push_str(&format!(" [{}]", u.path));
            }
            out.push('\n');
        }
    }
    out
}

/// The places a search stops at once it has reached them all (empty when it searches the
/// whole board), and how many they are, each counted once.
fn wanted_places(n: usize, targets: Option<&[usize]>) -> (Vec<bool>, usize) {
    let mut wanted = vec![false; if targets.is_some() { n } else { 0 }];
    let mut remaining = 0usize;
    for &t in targets.unwrap_or_default() {
        if !wanted[t] {
            wanted[t] = true;
            remaining += 1;
        }
    }
    (wanted, remaining)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{self, corridor, positions};

    /// Digests of the reports of every scenario of the games of
    /// [`testgame::large::compared`], as `sandtable supply DIR --scenario ID --format json`
    /// wrote them (its `sides` and `units`) at commit 3ca44c9, before the work on speed.
    const SUPPLY_BEFORE: &[(&str, &str, &str)] = &[
        (
            "front",
            "front",
            "3c8acac692833a981903c1a7ce644b724cc32ed473cb9609702e58c08a5c44b8",
        ),
        (
            "great-patriotic-war",
            "barbarossa",
            "52c05e971dfefca946da5f2054033d6f004d3dfe3e999652436d7df4528b281e",
        ),
        (
            "great-european-war",
            "1941",
            "14950c719c0b2938421d0916e27d2cf6758e2b4bf3242473d876e839b73c183b",
        ),
    ];

    #[test]
    fn supply_reports_are_those_of_before_the_work_on_speed() {
        let mut found = Vec::new();
        for (name, g) in testgame::large::compared() {
            if g.rules.supply.is_none() {
                continue;
            }
            for s in &g.scenarios {
                let r = trace_supply(&g, &Positions::from_scenario(s)).expect("supply");
                found.push((name.clone(), s.id.clone(), testgame::large::digest(&r)));
            }
        }
        let want: Vec<(String, String, String)> = SUPPLY_BEFORE
            .iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect();
        assert_eq!(found, want);
    }

    #[test]
    fn rules_that_never_ask_who_controls_trace_as_with_control_worked_out() {
        let mut asked = Vec::new();
        for (name, g) in testgame::large::compared() {
            let Some(rules) = &g.rules.supply else {
                continue;
            };
            asked.push((name.clone(), asks_control(rules)));
            for s in &g.scenarios {
                let p = Positions::from_scenario(s);
                let control = ControlMap::new(Board::new(&g), &p, &ControlOptions::default());
                let with = SupplyTrace::with_control(control, &p).unwrap();
                let new = SupplyTrace::new(Board::new(&g), &p).unwrap();
                assert_eq!(
                    testgame::large::digest(&with.report(&p)),
                    testgame::large::digest(&new.report(&p)),
                    "{name} {}",
                    s.id
                );
                for side in 0..g.sides.len() {
                    assert_eq!(with.supplied(side), new.supplied(side));
                }
            }
        }
        // The front's supply runs from map edges, blocked by units and zones; the GPW's
        // has the Black Sea links, the GEW's its sea links.
        let asked: Vec<(&str, bool)> = asked.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        assert_eq!(
            asked,
            [
                ("front", false),
                ("great-patriotic-war", true),
                ("great-european-war", true)
            ]
        );
    }

    fn unit<'a>(r: &'a SupplyReport, location: &str) -> &'a UnitSupply {
        r.units
            .iter()
            .find(|u| u.location == location)
            .unwrap_or_else(|| panic!("no unit at {location} in {r:#?}"))
    }

    #[test]
    fn a_unit_with_a_clear_road_traces_to_its_map_edge() {
        let g = testgame::with_map(&corridor(""));
        let r = trace_supply(&g, &positions(&g, &[("ger", "0802")])).unwrap();
        let a = unit(&r, "0802");
        assert!(a.in_supply, "{a:?}");
        assert_eq!(a.distance, Some(7));
        assert_eq!(a.source.as_deref(), Some("West edge"));
        assert_eq!(
            a.path,
            ["0802", "0702", "0602", "0502", "0402", "0302", "0202", "0102"]
        );
        assert_eq!(a.reason, "traces 7 hexes to West edge");
        // On the edge itself: distance 0.
        let r = trace_supply(&g, &positions(&g, &[("ger", "0102")])).unwrap();
        assert_eq!(unit(&r, "0102").distance, Some(0));
    }

    #[test]
    fn an_enemy_zone_of_control_cuts_supply_and_a_friendly_unit_restores_it() {
        let g = testgame::with_map(&corridor(""));
        // The Soviet army in the pocket at 0501 projects its zone into 0502, on the road.
        let cut = positions(&g, &[("ger", "0802"), ("sov", "0501")]);
        let r = trace_supply(&g, &cut).unwrap();
        let a = unit(&r, "0802");
        assert!(!a.in_supply);
        assert!(a.path.is_empty());
        assert_eq!(a.blocked.len(), 1);
        assert_eq!(a.blocked[0].location, "0502");
        assert_eq!(a.blocked[0].by, Block::EnemyZoc);
        assert_eq!(
            a.reason,
            "cut: the shortest route to West edge (7 hexes) is blocked at 0502 (enemy zone of control)"
        );
        assert_eq!(out_of_supply(&r).len(), 2, "the Soviet army is cut off too");
        // A German corps standing in 0502 negates the zone there.
        let mut held = cut.clone();
        held.push(testgame::at(&g, "ger", "0502"));
        let r = trace_supply(&g, &held).unwrap();
        assert!(unit(&r, "0802").in_supply);
        assert!(unit(&r, "0502").in_supply);
        // ... and now blocks the Soviet army's only road, as an enemy unit.
        let s = unit(&r, "0501");
        assert!(!s.in_supply);
        assert_eq!(s.blocked[0].by, Block::EnemyUnits);
        assert_eq!(r.sides[0].in_supply, 2);
        assert_eq!(r.sides[1].out_of_supply, 1);
    }

    #[test]
    fn without_negation_a_friendly_unit_does_not_lift_the_zone() {
        let base = testgame::BASE.replace(
            "friendly-units-negate-zoc = true",
            "friendly-units-negate-zoc = false",
        );
        let g = testgame::build(&[("game.toml", &base), ("map.toml", &corridor(""))]);
        let p = positions(&g, &[("ger", "0802"), ("sov", "0501"), ("ger", "0502")]);
        let r = trace_supply(&g, &p).unwrap();
        assert!(!unit(&r, "0802").in_supply);
        // The corps in 0502 is in the zone itself, but its own hex never blocks it.
        assert!(unit(&r, "0502").in_supply);
    }

    #[test]
    fn partisans_block_only_their_own_hex_and_air_units_nothing() {
        let g = testgame::with_map(&corridor(""));
        let p = positions(&g, &[("ger", "0802"), ("partisan", "0501")]);
        assert!(unit(&trace_supply(&g, &p).unwrap(), "0802").in_supply);
        let p = positions(&g, &[("ger", "0802"), ("partisan", "0402")]);
        let r = trace_supply(&g, &p).unwrap();
        assert!(!unit(&r, "0802").in_supply);
        assert_eq!(unit(&r, "0802").blocked[0].by, Block::EnemyUnits);
        let p = positions(&g, &[("ger", "0802"), ("air", "0402"), ("leader", "0302")]);
        let r = trace_supply(&g, &p).unwrap();
        assert!(unit(&r, "0802").in_supply);
        assert_eq!(r.units.len(), 1, "air units and leaders need no supply");
    }

    #[test]
    fn supply_crosses_the_straits_of_kerch_but_not_an_impassable_hexside() {
        let strait = r#"
[[map.hexside]]
kind = "strait"
name = "Straits of Kerch"
sides = ["0402/0502"]
"#;
        let g = testgame::with_map(&corridor(strait));
        let r = trace_supply(&g, &positions(&g, &[("ger", "0802")])).unwrap();
        let a = unit(&r, "0802");
        assert!(a.in_supply);
        assert!(a.path.names().windows(2).any(|w| w == ["0502", "0402"]));
        let g = testgame::with_map(&corridor(&strait.replace("strait", "cliffs")));
        let r = trace_supply(&g, &positions(&g, &[("ger", "0802")])).unwrap();
        let a = unit(&r, "0802");
        assert!(!a.in_supply);
        assert_eq!(
            a.reason,
            "no path over passable terrain reaches any Axis supply source"
        );
    }

    /// West pocket (columns 1-3) and east (5-8) split by a sea column; Odessa and Kherson on
    /// the west coast, Novorossiysk on the east, all in the Black Sea coast set.
    fn black_sea() -> Game {
        testgame::with_map(&testgame::map(
            "
            ...~....
            ...~....
            ...~....
            ~~~~~~~~
            ",
            "
            UUUUUUUU
            UUUUUUUU
            UUUUUUUU
            UUUUUUUU
            ",
            r#"
[[map.place]]
hex = "0303"
name = "Odessa"
kind = "minor-city"

[[map.place]]
hex = "0603"
name = "Novorossiysk"
kind = "minor-city"

[[map.place]]
hex = "0103"
name = "Kherson"
kind = "minor-city"

[[map.hex-set]]
id = "black-sea-coast"
name = "Black Sea coast"
hexes = ["0303", "0603", "0103"]
"#,
        ))
    }

    #[test]
    fn the_black_sea_link_supplies_a_cut_off_soviet_unit() {
        let g = black_sea();
        let r = trace_supply(&g, &positions(&g, &[("sov", "0301")])).unwrap();
        let s = unit(&r, "0301");
        assert!(s.in_supply, "{s:?}");
        assert_eq!(s.path, ["0301", "0302", "0303"]);
        let link = s.link.as_ref().unwrap();
        assert_eq!(
            (link.to.as_str(), link.from.as_str()),
            ("Odessa", "Novorossiysk")
        );
        let onward = link.onward.names();
        assert_eq!(onward.first().map(String::as_str), Some("0603"));
        assert!(onward.last().unwrap().starts_with("08"));
        assert_eq!(link.onward.len(), 3);
        assert_eq!(s.source.as_deref(), Some("East edge"));
        assert_eq!(
            s.reason,
            "traces 2 hexes to Odessa, linked to Novorossiysk, which traces 2 hexes to East edge"
        );
    }

    #[test]
    fn the_link_fails_when_the_other_port_is_lost_or_the_near_one_is_enemy() {
        let g = black_sea();
        // A German corps takes Novorossiysk: no other friendly port traces to the east edge
        // (Kherson, in the set, is on the cut-off side).
        let p = positions(&g, &[("sov", "0301"), ("ger", "0603")]);
        let r = trace_supply(&g, &p).unwrap();
        let s = unit(&r, "0301");
        assert!(!s.in_supply);
        assert_eq!(
            s.reason,
            "no path over passable terrain reaches any Soviet supply source"
        );
        // A German corps in Odessa: Kherson is still a friendly port of the set, and the
        // corps' zone (0302, 0202, 0203) leaves the way round open.
        let p = positions(&g, &[("sov", "0301"), ("ger", "0303")]);
        let r = trace_supply(&g, &p).unwrap();
        let s = unit(&r, "0301");
        assert!(s.in_supply, "{s:?}");
        assert_eq!(s.link.as_ref().unwrap().to, "Kherson");
        assert_eq!(s.path, ["0301", "0201", "0102", "0103"]);
    }

    // ---------------------------------------------------------------- the theatre fixture
    // Britain west of a sea, Egypt east of it; Westport (0302) and Eastport (0702) on its
    // two shores; a corridor (row 2) through high mountains (rows 1 and 3, columns 7-9)
    // that only mountain corps may enter; British units trace to Britain's mobilization hex
    // (0102), Soviet units to the east edge with the staging area one hex beyond it.

    fn theatre(units: &[(&str, &str)]) -> SupplyReport {
        let g = testgame::theatre();
        trace_supply(&g, &positions(&g, units)).unwrap()
    }

    #[test]
    fn a_line_of_supply_runs_port_to_port_across_the_sea() {
        // 0902 -> 0802 -> Eastport: two hexes, the corps' MF; across the sea to Westport,
        // which traces (any length) 0302 -> 0201 -> 0102, Britain's mobilization hex.
        let r = theatre(&[("brit-corps", "0902")]);
        let u = unit(&r, "0902");
        assert!(u.in_supply, "{u:?}");
        assert_eq!(u.distance, Some(2));
        assert_eq!(u.path, ["0902", "0802", "0702"]);
        let link = u.link.as_ref().unwrap();
        assert_eq!(
            (link.to.as_str(), link.from.as_str()),
            ("Eastport", "Westport")
        );
        assert_eq!(link.onward, ["0302", "0201", "0102"]);
        assert_eq!(
            u.reason,
            "traces 2 hexes to Eastport, linked to Westport, which traces 2 hexes to 0102"
        );
        // Westport in enemy hands: the port blocks, and nothing links the shores.
        let r = theatre(&[("brit-corps", "0902"), ("ger-corps", "0302")]);
        assert!(!unit(&r, "0902").in_supply);
    }

    #[test]
    fn an_enemy_zone_cuts_the_line_and_a_friendly_unit_restores_it() {
        // A German corps at 0903 projects its zone into 0802, the corridor's only hex
        // within reach (the mountains are closed to a British infantry corps).
        let r = theatre(&[("brit-corps", "0902"), ("ger-corps", "0903")]);
        let u = unit(&r, "0902");
        assert!(!u.in_supply, "{u:?}");
        // A British corps standing in 0802 negates the zone there.
        let r = theatre(&[
            ("brit-corps", "0902"),
            ("ger-corps", "0903"),
            ("brit-corps", "0802"),
        ]);
        let u = unit(&r, "0902");
        assert!(u.in_supply, "{u:?}");
        assert_eq!(u.path, ["0902", "0802", "0702"]);
    }

    #[test]
    fn a_line_longer_than_the_printed_movement_factor_fails() {
        // 1002 -> 0902 -> 0802 -> Eastport is three hexes; the corps' MF is 2.
        let r = theatre(&[("brit-corps", "1002"), ("brit-army", "1003")]);
        let u = unit(&r, "1002");
        assert!(!u.in_supply);
        assert_eq!(u.distance, Some(3));
        assert_eq!(
            u.reason,
            "nearest linked place, Eastport, is 3 hexes away; the limit is 2 hexes"
        );
        // An army (MF 3) three hexes from Eastport (1003 -> 0903 is mountain, so
        // 1003 -> 1002 -> 0902 -> 0802 -> 0702 is four) fails too; at 0902 it is in supply.
        assert!(!unit(&r, "1003").in_supply);
        let r = theatre(&[("brit-army", "0902")]);
        assert!(unit(&r, "0902").in_supply);
    }

    #[test]
    fn each_power_of_a_side_traces_to_its_own_sources() {
        // The Soviet staging area lies one hex beyond the east edge: a front on the edge
        // traces one hex, one two hexes in traces three, its MF; three hexes in, four.
        let r = theatre(&[
            ("sov-front", "1002"),
            ("sov-front", "0802"),
            ("sov-front", "0702"),
        ]);
        let near = unit(&r, "1002");
        assert!(near.in_supply, "{near:?}");
        assert_eq!(near.distance, Some(1));
        assert_eq!(
            near.reason,
            "traces 1 hex to East edge (the Soviet staging area beyond it)"
        );
        let mid = unit(&r, "0802");
        assert!(mid.in_supply);
        assert_eq!(mid.distance, Some(2 + 1));
        let far = unit(&r, "0702");
        assert!(!far.in_supply);
        assert_eq!(far.distance, Some(3 + 1));
        // Next to London, a Soviet front has no source of its own, and British ports are
        // not its to use.
        let r = theatre(&[("sov-front", "0202"), ("brit-corps", "0202")]);
        let s = r.units.iter().find(|u| u.counter == "sov-front").unwrap();
        assert!(!s.in_supply);
        assert_eq!(
            s.reason,
            "no path over passable terrain reaches any Allies supply source"
        );
        assert!(
            r.units
                .iter()
                .find(|u| u.counter == "brit-corps")
                .unwrap()
                .in_supply
        );
    }

    #[test]
    fn a_depot_is_a_source_of_its_side() {
        let r = theatre(&[("ger-corps", "0205"), ("ger-depot", "0105")]);
        let u = unit(&r, "0205");
        assert!(u.in_supply, "{u:?}");
        assert_eq!(u.source.as_deref(), Some("Ger Depot at 0105"));
        let r = theatre(&[("ger-corps", "0205")]);
        assert!(!unit(&r, "0205").in_supply);
    }

    #[test]
    fn sources_beyond_an_edge_enter_the_search_at_their_distance() {
        // Seeds at distances 0 and 2 on a corridor: the far seed never shortens a path
        // the near one gives, and each node keeps its shortest distance.
        let g = testgame::with_map(&corridor(""));
        let b = Board::new(&g);
        let node = |h: &str| b.node_of(&testgame::hex(&g, h)).unwrap();
        let s = Search::run_from(
            &b,
            [(node("0102"), 0, 0), (node("1002"), 1, 2)],
            |_| true,
            None,
        );
        assert_eq!(s.dist[node("0502")], 4);
        assert_eq!(s.origin[node("0502")], 0);
        assert_eq!(s.dist[node("0802")], 4);
        assert_eq!(s.origin[node("0802")], 1);
        assert_eq!(s.dist[node("1002")], 2);
    }

    #[test]
    fn path_length_limits_count_hexes_entered() {
        let base = testgame::BASE.replace("path-length = \"unlimited\"", "path-length = 5");
        let g = testgame::build(&[("game.toml", &base), ("map.toml", &corridor(""))]);
        let r = trace_supply(&g, &positions(&g, &[("ger", "0602"), ("ger", "0802")])).unwrap();
        assert!(unit(&r, "0602").in_supply);
        let far = unit(&r, "0802");
        assert!(!far.in_supply);
        assert_eq!(
            far.reason,
            "nearest supply source, West edge, is 7 hexes away; the limit is 5 hexes"
        );
        // `movement`: a German corps has 3 MP, a Soviet army 2.
        let base =
            testgame::BASE.replace("path-length = \"unlimited\"", "path-length = \"movement\"");
        let g = testgame::build(&[("game.toml", &base), ("map.toml", &corridor(""))]);
        let r = trace_supply(
            &g,
            &positions(
                &g,
                &[
                    ("ger", "0402"),
                    ("ger", "0502"),
                    ("sov", "0802"),
                    ("sov", "0702"),
                ],
            ),
        )
        .unwrap();
        let ok: Vec<bool> = r.units.iter().map(|u| u.in_supply).collect();
        assert_eq!(ok, [true, false, true, false]);
    }

    /// The weather test game's Red corps on 0303 (3 MP; two clear hexes from its edge) and
    /// Blue armour on Bluetown, on turn `turn`.
    fn weather_turn(g: &Game, turn: &str) -> SupplyReport {
        let mut p = positions(g, &[("red-1", "0303"), ("blue-1", "0503")]);
        p.turn = g.turns.iter().position(|t| t.id == turn);
        trace_supply(g, &p).unwrap()
    }

    #[test]
    fn a_mud_turn_makes_a_path_counted_in_movement_points_dearer_and_the_allowance_shorter() {
        let g = testgame::weather();
        // Clear: 1 + 1 against 3 MP.
        let u = weather_turn(&g, "t1").units[0].clone();
        assert_eq!((u.in_supply, u.distance), (true, Some(2)), "{u:?}");
        assert_eq!(u.reason, "traces 2 movement points to West edge");
        // Mud: clear costs 2 there, and the allowance is halved (3 → 2, rounded up).
        let r = weather_turn(&g, "t2");
        assert_eq!(r.weather.as_deref(), Some("Mud"));
        let u = unit(&r, "0303");
        assert!(!u.in_supply, "{u:?}");
        assert_eq!(
            u.reason,
            "nearest supply source, West edge, is 4 movement points away; the limit is 2 \
             movement points"
        );
        // Snow: every hex entered costs 1 more, the allowance stays 3.
        let u = weather_turn(&g, "t3").units[0].clone();
        assert_eq!((u.in_supply, u.distance), (false, Some(4)), "{u:?}");
        // The weather given wins over the turn's.
        let mut p = positions(&g, &[("red-1", "0303")]);
        p.turn = g.turns.iter().position(|t| t.id == "t2");
        p.weather = g.weather.iter().position(|w| w.id == "clear");
        assert!(trace_supply(&g, &p).unwrap().units[0].in_supply);
    }

    #[test]
    fn paths_in_movement_points_pay_the_hexsides_they_cross_and_stop_where_a_move_stops() {
        let g = testgame::weather();
        let b = Board::new(&g);
        let node = |h: &str| b.node_of(&testgame::hex(&g, h)).unwrap();
        let mud = g.weather.iter().position(|w| w.id == "mud");
        // Into clear 0303 across the Border River: 1 + 1; in mud 2 + 1.
        let clear = PathCosts::new(&b, None);
        assert_eq!(clear.step(&b, node("0403"), node("0303")), Some((2, false)));
        let muddy = PathCosts::new(&b, mud);
        assert_eq!(muddy.step(&b, node("0403"), node("0303")), Some((3, false)));
        // Forest in mud (3; `stop` is for armour alone, not the unit of no type a path is).
        assert_eq!(muddy.step(&b, node("0202"), node("0302")), Some((3, false)));
        // The sea is prohibited.
        assert_eq!(clear.step(&b, node("0104"), node("0105")), None);

        // Clear ground where a move stops in mud: a path ends on its source there, and
        // passes through no other.
        let tmp = testgame::copy_dir(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/weather"),
        );
        let file = tmp.path().join("game.toml");
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(
            &file,
            text.replace(
                "movement-in.mud = { all = 2 }",
                "movement-in.mud = { all = \"stop\" }",
            ),
        )
        .unwrap();
        let g = testgame::build_dir(tmp.path());
        let mut p = positions(&g, &[("red-1", "0203"), ("red-2", "0303")]);
        p.turn = g.turns.iter().position(|t| t.id == "t2");
        let r = trace_supply(&g, &p).unwrap();
        assert!(unit(&r, "0203").in_supply, "{r:#?}");
        assert!(!unit(&r, "0303").in_supply, "{r:#?}");
    }

    #[test]
    fn marks_to_apply() {
        let g = testgame::with_map(&corridor(""));
        let mut p = positions(&g, &[("ger", "0802"), ("sov", "0501"), ("ger", "0202")]);
        p.units[2].out_of_supply = true;
        p.units[0].piece = Some("piece-17".into());
        let r = trace_supply(&g, &p).unwrap();
        let marks = supply_marks(&r);
        let idx = |v: &[Instance]| v.iter().map(|i| i.index).collect::<Vec<_>>();
        assert_eq!(idx(&marks.out_of_supply), [0, 1]);
        assert_eq!(idx(&marks.mark), [0, 1]);
        assert_eq!(idx(&marks.unmark), [2]);
        assert_eq!(marks.mark[0].piece.as_deref(), Some("piece-17"));
        assert_eq!(marks.mark[0].counter, "ger");
        let text = render(&r);
        assert!(text.contains("Axis: 1 of 2 units in supply"), "{text}");
    }

    #[test]
    fn a_game_without_supply_rules_says_so() {
        let base = testgame::BASE.replace("[rules.supply]", "[rules.not-supply]");
        let cut = base.find("[rules.not-supply]").unwrap();
        let end = base.find("[rules.control]").unwrap();
        let base = format!("{}{}", &base[..cut], &base[end..]);
        let g = testgame::build(&[("game.toml", &base), ("map.toml", &corridor(""))]);
        assert_eq!(
            trace_supply(&g, &Positions::default()).unwrap_err(),
            SupplyError::NoRules
        );
    }
}

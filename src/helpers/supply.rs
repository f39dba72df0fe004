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
//! blockers, whose shortest route from the unit shows what cuts it.
//!
//! # Rules applied
//!
//! - **Sources** (per side): the members of the listed map edges and hex sets, and the places
//!   named or tagged in `places` that the side controls (see [`super::control`](mod@super::control)).
//! - **Passing**: a path moves between neighbouring hexes (across any hexside whose terrain is
//!   `passable` — the Straits of Kerch are) or areas sharing a border or joined by a route
//!   open to all units. It may not enter a location with an `impassable` terrain (sea, lake),
//!   an area whose `only` list excludes the side, nor, as `blocked-by` says, a location with
//!   enemy units (combat units, or any unit projecting a zone of control, such as partisans),
//!   in an enemy zone of control (unless a friendly combat unit stands there and
//!   `friendly-units-negate-zoc` is set) or controlled by the enemy. Units of no side are
//!   enemies of every side.
//! - **The unit's own location** never blocks its own path: the path starts there. A unit on
//!   a source is in supply at distance 0.
//! - **Length**: distance counts the locations entered from the unit to the source (the
//!   unit's own excluded, the source's included). `unlimited`; `movement`: at most the unit's
//!   movement factor on the face it shows (units without one are unlimited); or at most `N`.
//! - **Links** (the GPW Black Sea coast): a unit of the link's side that traces to a friendly
//!   place in the link's hex set is in supply when *another* friendly place of that set traces
//!   to a source. The path to the first place counts against the length limit; the onward
//!   path is reported with the link.
//! - Units in pools are not traced; units of no side are not traced.

use std::collections::VecDeque;

use serde::Serialize;
use thiserror::Error;

use super::board::{Board, Link, Site};
use super::control::{ControlMap, ControlOptions};
use super::positions::{factor, Instance, Positions};
use super::zoc::{reach, side_bit, ZocMap};
use crate::model::rules::{Blocker, PathLength, SupplyRules, ZocReach};
use crate::model::{Game, SideId};

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

/// One breadth-first search: distance, parent and originating source per node.
#[derive(Debug, Clone)]
struct Search {
    dist: Vec<u32>,
    parent: Vec<u32>,
    origin: Vec<u32>,
}

impl Search {
    /// Search from `seeds` (node, source label) over nodes `pass` allows.
    fn run(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32)>,
        pass: impl Fn(usize) -> bool,
    ) -> Self {
        let n = board.len();
        let mut s = Self {
            dist: vec![NONE; n],
            parent: vec![NONE; n],
            origin: vec![NONE; n],
        };
        let mut queue = VecDeque::new();
        for (node, label) in seeds {
            if s.dist[node] == NONE && pass(node) {
                s.dist[node] = 0;
                s.origin[node] = label;
                queue.push_back(node);
            }
        }
        while let Some(u) = queue.pop_front() {
            let du = s.dist[u] + 1;
            let ou = s.origin[u];
            board.neighbours(u, Link::Supply, |v| {
                if s.dist[v] == NONE && pass(v) {
                    s.dist[v] = du;
                    s.parent[v] = u as u32;
                    s.origin[v] = ou;
                    queue.push_back(v);
                }
            });
        }
        s
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
            let d = self.dist[v];
            if d != NONE && best.is_none_or(|(bd, bv)| d < bd || (d == bd && v < bv)) {
                best = Some((d, v));
            }
        });
        best.map(|(d, v)| (d + 1, v))
    }

    /// Nodes from `start` back to its source.
    fn chain(&self, start: usize) -> Vec<usize> {
        let mut out = vec![start];
        let mut at = start;
        while self.parent[at] != NONE {
            at = self.parent[at] as usize;
            out.push(at);
        }
        out
    }
}

/// A source with the nodes it covers.
#[derive(Debug, Clone)]
struct Source {
    label: String,
    nodes: Vec<usize>,
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
#[derive(Debug, Clone)]
pub struct SupplyTrace<'g> {
    control: ControlMap<'g>,
    impassable: Vec<bool>,
    sides: Vec<Option<SideTrace>>,
    needs: Vec<(usize, SideId, usize)>,
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
    pub fn new(board: Board<'g>, positions: &Positions) -> Result<Self, SupplyError> {
        let control = ControlMap::new(board, positions, &ControlOptions::default());
        Self::with_control(control, positions)
    }

    /// Run the searches with a control map the caller worked out (e.g. from an earlier
    /// map), which decides friendly source places, links and enemy-controlled locations.
    /// Reports must be asked with the same positions.
    pub fn with_control(
        control: ControlMap<'g>,
        positions: &Positions,
    ) -> Result<Self, SupplyError> {
        let board = control.board();
        let game = board.game();
        let rules = rules(game)?;
        if game.sides.len() > 63 {
            return Err(SupplyError::TooManySides(game.sides.len()));
        }
        let n = board.len();
        let impassable: Vec<bool> = (0..n)
            .map(|i| board.has_any_terrain(i, &rules.impassable))
            .collect();

        // Who needs supply.
        let mut needs = Vec::new();
        for (index, p) in positions.on_map() {
            let (Some(node), Some(side)) = (board.node_of(&p.location), game.side_of(p.counter))
            else {
                continue;
            };
            if rules.units.matches(game, p.counter) {
                needs.push((index, side, node));
            }
        }

        // Per node: sides with blocking units, sides with combat units.
        let mut units = vec![0u64; n];
        let mut combat = vec![0u64; n];
        for (_, p) in positions.on_map() {
            let Some(node) = board.node_of(&p.location) else {
                continue;
            };
            let bit = side_bit(game.side_of(p.counter));
            let is_combat = game.is_combat(p.counter);
            if is_combat {
                combat[node] |= bit;
            }
            if is_combat || reach(game, p.counter) != ZocReach::None {
                units[node] |= bit;
            }
        }
        let zoc = rules
            .blocked_by
            .contains(&Blocker::EnemyZoc)
            .then(|| ZocMap::new(board, positions));

        let mut sides = vec![None; game.sides.len()];
        for side in 0..game.sides.len() {
            if !needs.iter().any(|(_, s, _)| *s == side) {
                continue;
            }
            let me = side_bit(Some(side));
            let state: Vec<u8> = (0..n)
                .map(|i| {
                    let only = board.only(i);
                    if impassable[i] || (!only.is_empty() && !only.contains(&side)) {
                        return code(Block::Impassable);
                    }
                    for b in &rules.blocked_by {
                        let hit = match b {
                            Blocker::EnemyUnits => units[i] & !me != 0,
                            Blocker::EnemyZoc => {
                                zoc.as_ref().is_some_and(|z| z.mask(i) & !me != 0)
                                    && !(rules.friendly_units_negate_zoc && combat[i] & me != 0)
                            }
                            Blocker::EnemyControlled => control.owner(i).is_some_and(|o| o != side),
                        };
                        if hit {
                            return code(match b {
                                Blocker::EnemyUnits => Block::EnemyUnits,
                                Blocker::EnemyZoc => Block::EnemyZoc,
                                Blocker::EnemyControlled => Block::EnemyControlled,
                            });
                        }
                    }
                    OPEN
                })
                .collect();
            let sources = side_sources(game, board, &control, rules, side);
            let mut is_source = vec![NONE; n];
            for (k, s) in sources.iter().enumerate() {
                for &node in &s.nodes {
                    if is_source[node] == NONE {
                        is_source[node] = k as u32;
                    }
                }
            }
            let seeds = sources
                .iter()
                .enumerate()
                .flat_map(|(k, s)| s.nodes.iter().map(move |&node| (node, k as u32)));
            let main = Search::run(board, seeds, |v| state[v] == OPEN);
            // Links matter only to units the main search leaves out of supply.
            let all_supplied = needs
                .iter()
                .filter(|(_, s, _)| *s == side)
                .all(|&(i, _, n)| {
                    let limit = path_limit(game, positions, i);
                    is_source[n] != NONE && !impassable[n]
                        || main
                            .reach(board, n, impassable[n])
                            .is_some_and(|(d, _)| limit.is_none_or(|l| d <= l))
                });
            let mut links = Vec::new();
            for link in rules
                .links
                .iter()
                .filter(|l| l.side == side && !all_supplied)
            {
                let (map, set) = link.hex_set;
                let Some(hs) = game.maps[map].hex_sets.get(set) else {
                    continue;
                };
                let mut ports = Vec::new();
                let mut labels = Vec::new();
                for p in &game.maps[map].places {
                    if !hs.members.contains(&p.at) {
                        continue;
                    }
                    let Some(node) = board.node(&Site { map, at: p.at }) else {
                        continue;
                    };
                    if control.owner(node) == Some(side) && state[node] == OPEN {
                        ports.push((node, labels.len() as u32));
                        labels.push(p.name.clone());
                    }
                }
                let connected: Vec<(usize, u32, u32)> = ports
                    .iter()
                    .filter(|(node, _)| main.dist[*node] != NONE)
                    .map(|(node, label)| (*node, main.dist[*node], *label))
                    .collect();
                // "Another" place must trace onward: with a single connected place, the
                // others are the link's starting points.
                let seeds: Vec<(usize, u32)> = match connected.as_slice() {
                    [] => Vec::new(),
                    [(only, _, _)] => ports.iter().copied().filter(|(n, _)| n != only).collect(),
                    _ => ports.clone(),
                };
                if seeds.is_empty() {
                    continue;
                }
                let search = Search::run(board, seeds, |v| state[v] == OPEN);
                links.push(LinkTrace {
                    description: link.description.clone(),
                    search,
                    labels,
                    connected,
                });
            }
            sides[side] = Some(SideTrace {
                state,
                sources,
                is_source,
                main,
                links,
            });
        }
        Ok(Self {
            control,
            impassable,
            sides,
            needs,
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
        let t = self.sides.get(side)?.as_ref()?;
        Some(
            (0..self.board().len())
                .map(|n| t.main.dist[n] != NONE || t.links.iter().any(|l| l.search.dist[n] != NONE))
                .collect(),
        )
    }

    /// Whether position `index` is in supply (`None` when it does not need supply).
    pub fn in_supply(&self, positions: &Positions, index: usize) -> Option<bool> {
        let (_, side, node) = *self.needs.iter().find(|(i, _, _)| *i == index)?;
        let t = self.sides[side].as_ref()?;
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
        path_limit(self.board().game(), positions, index)
    }

    /// The full report: every unit needing supply, with its path or what cuts it.
    pub fn report(&self, positions: &Positions) -> SupplyReport {
        let board = self.board();
        let game = board.game();
        let unit_word = if game
            .maps
            .iter()
            .all(|m| matches!(m.kind, crate::model::MapKind::Area(_)))
        {
            ("area", "areas")
        } else {
            ("hex", "hexes")
        };
        let steps = |d: u32| format!("{d} {}", if d == 1 { unit_word.0 } else { unit_word.1 });
        // Paths overlap near the sources: name each location once.
        let mut cache: Vec<String> = vec![String::new(); board.len()];
        let mut names = |nodes: &[usize]| -> Vec<String> {
            nodes
                .iter()
                .map(|&n| {
                    if cache[n].is_empty() {
                        cache[n] = board.name(n);
                    }
                    cache[n].clone()
                })
                .collect()
        };
        let mut free_search: Vec<Option<Search>> = vec![None; game.sides.len()];
        let mut units = Vec::with_capacity(self.needs.len());
        for &(index, side, node) in &self.needs {
            let p = &positions.units[index];
            let c = &game.counters[p.counter];
            let t = self.sides[side].as_ref().expect("traced side");
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
                path: Vec::new(),
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
                u.path = names(&[node]);
                u.reason = format!("on its supply source, {label}");
            } else if let Some((d, first)) = main.filter(|(d, _)| within(*d)) {
                let mut path = if first == node { vec![] } else { vec![node] };
                path.extend(t.main.chain(first));
                let label = &t.sources[t.main.origin[first] as usize].label;
                u.in_supply = true;
                u.distance = Some(d);
                u.source = Some(label.clone());
                u.reason = format!("traces {} to {label}", steps(d));
                u.path = names(&path);
            } else if let Some((l, d, first)) = t.links.iter().find_map(|l| {
                l.search
                    .reach(board, node, own)
                    .filter(|(d, _)| within(*d))
                    .map(|(d, f)| (l, d, f))
            }) {
                let mut path = if first == node { vec![] } else { vec![node] };
                path.extend(l.search.chain(first));
                let port = *path.last().expect("a path ends at its seed");
                let port_name = l.labels[l.search.origin[first] as usize].clone();
                let (onward_port, _, onward_label_index) = l
                    .connected
                    .iter()
                    .filter(|(n, _, _)| *n != port)
                    .min_by_key(|(n, d, _)| (*d, *n))
                    .copied()
                    .expect("a link search has another connected place");
                let onward = t.main.chain(onward_port);
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
                u.reason = format!(
                    "{start}, linked to {onward_name}, which traces {} to {onward_label}",
                    steps(onward.len() as u32 - 1)
                );
                u.path = names(&path);
                u.link = Some(LinkUse {
                    description: l.description.clone(),
                    to: port_name,
                    from: onward_name,
                    onward: names(&onward),
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
            } else {
                // Cut: look along the shortest route that ignores enemy blockers.
                let free = free_search[side].get_or_insert_with(|| {
                    let seeds = t
                        .sources
                        .iter()
                        .enumerate()
                        .flat_map(|(k, s)| s.nodes.iter().map(move |&node| (node, k as u32)));
                    Search::run(board, seeds, |v| t.state[v] != code(Block::Impassable))
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
                        let route = free.chain(first);
                        let label = &t.sources[free.origin[first] as usize].label;
                        u.blocked = route
                            .iter()
                            .filter(|n| **n != node)
                            .filter_map(|n| {
                                block(t.state[*n]).map(|b| Blocked {
                                    location: board.name(*n),
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
            .filter(|(s, _)| self.sides[*s].is_some())
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
        SupplyReport { sides, units }
    }
}

/// The longest path position `index` may trace (`None`: any length).
fn path_limit(game: &Game, positions: &Positions, index: usize) -> Option<u32> {
    let p = &positions.units[index];
    match game.rules.supply.as_ref()?.path_length {
        PathLength::Unlimited => None,
        PathLength::Steps(n) => Some(n),
        PathLength::Movement(f) => factor(game, p.counter, p.reduced, f).map(|v| v.max(0) as u32),
    }
}

/// The sources of one side, each with its nodes.
fn side_sources(
    game: &Game,
    board: &Board,
    control: &ControlMap,
    rules: &SupplyRules,
    side: SideId,
) -> Vec<Source> {
    let mut out = Vec::new();
    for src in rules.sources.iter().filter(|s| s.side == side) {
        for &(map, e) in &src.edges {
            if let Some(edge) = game.maps[map].edges.get(e) {
                out.push(Source {
                    label: edge.name.clone(),
                    nodes: board.members(map, &edge.members).collect(),
                });
            }
        }
        for &(map, h) in &src.hex_sets {
            if let Some(set) = game.maps[map].hex_sets.get(h) {
                out.push(Source {
                    label: set.name.clone(),
                    nodes: board.members(map, &set.members).collect(),
                });
            }
        }
        for wanted in &src.places {
            for (map, m) in game.maps.iter().enumerate() {
                for p in &m.places {
                    if p.name != *wanted && !p.tags.contains(wanted) {
                        continue;
                    }
                    let Some(node) = board.node(&Site { map, at: p.at }) else {
                        continue;
                    };
                    if control.owner(node) == Some(side) {
                        out.push(Source {
                            label: p.name.clone(),
                            nodes: vec![node],
                        });
                    }
                }
            }
        }
    }
    out
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
    pub onward: Vec<String>,
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
    pub path: Vec<String>,
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
    /// Totals per side with units needing supply.
    pub sides: Vec<SideSupply>,
    /// Every unit needing supply, in position order.
    pub units: Vec<UnitSupply>,
}

/// The report as text: totals, then one line per unit (out of supply first).
pub fn render(report: &SupplyReport) -> String {
    let mut out = String::new();
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
                out.push_str(&format!(" [{}]", u.path.join(" ")));
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{self, corridor, positions};

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
        assert!(a.path.windows(2).any(|w| w == ["0502", "0402"]));
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
        assert_eq!(link.onward.first().map(String::as_str), Some("0603"));
        assert!(link.onward.last().unwrap().starts_with("08"));
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

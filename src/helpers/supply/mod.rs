//! Supply: for every unit that needs it, whether it is in supply and why — the path found,
//! or what cuts it — from the game's `[rules.supply]`.
//!
//! The searches are in `search.rs`, the tracing per side and group in `trace.rs`, and what
//! is reported and its text in `report.rs`; this file holds the types they share and the
//! entry points.
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

mod report;
mod search;
mod trace;

pub use report::{render, Blocked, LinkUse, Path, SideSupply, SupplyReport, UnitSupply};
use trace::path_limit;

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

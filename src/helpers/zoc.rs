//! Zones of control, per side, from the game's `[rules.zoc]`.
//!
//! A unit's reach is the first ZOC exception whose selector matches it; otherwise combat
//! units have the rules' default and non-combat units none. Reaches:
//!
//! - `adjacent`: the unit's own hex and the six around it (on an area map: its own area and
//!   the areas sharing a border with it), except across a hexside terrain listed in
//!   `not-across` or one that is not `passable`, and except into a location with a terrain
//!   listed in `not-into`;
//! - `own`: only its own hex or area (GPW partisans and airborne units);
//! - `none` (GPW leaders, air units, markers).
//!
//! A game without `[rules.zoc]` has no zones of control. Units of no side (neutral armies)
//! have zones that are enemy to every side. Units in pools have none.

use serde::Serialize;

use super::board::{site_name, Board, Link};
use super::positions::Positions;
use crate::model::rules::ZocReach;
use crate::model::{CounterId, Game, SideId};

/// The bit of a side in per-location side masks; units of no side (and sides beyond the
/// 63rd) share the top bit, which is enemy to everyone.
pub fn side_bit(side: Option<SideId>) -> u64 {
    match side {
        Some(s) if s < 63 => 1 << s,
        _ => 1 << 63,
    }
}

/// The reach of a counter's zone of control.
pub fn reach(game: &Game, counter: CounterId) -> ZocReach {
    let Some(z) = &game.rules.zoc else {
        return ZocReach::None;
    };
    if let Some((_, r)) = z.exceptions.iter().find(|(s, _)| s.matches(game, counter)) {
        return *r;
    }
    if game.is_combat(counter) {
        z.default
    } else {
        ZocReach::None
    }
}

/// The nodes in the zone of control of `counter` standing on `node`.
pub fn unit_zone(board: &Board, counter: CounterId, node: usize) -> Vec<usize> {
    let game = board.game();
    match reach(game, counter) {
        ZocReach::None => Vec::new(),
        ZocReach::Own => vec![node],
        ZocReach::Adjacent => {
            let not_into: &[_] = game
                .rules
                .zoc
                .as_ref()
                .map_or(&[], |z| z.not_into.as_slice());
            let mut out = vec![node];
            board.neighbours(node, Link::Zone, |n| {
                if !board.has_any_terrain(n, not_into) {
                    out.push(n);
                }
            });
            out
        }
    }
}

/// Which sides exert a zone of control on every node of a board.
#[derive(Debug, Clone)]
pub struct ZocMap {
    masks: Vec<u64>,
}

impl ZocMap {
    /// The zones of every unit on the map.
    pub fn new(board: &Board, positions: &Positions) -> Self {
        let game = board.game();
        let mut masks = vec![0u64; board.len()];
        let not_into: &[_] = game
            .rules
            .zoc
            .as_ref()
            .map_or(&[], |z| z.not_into.as_slice());
        // Each counter's reach once (many copies share a counter), and each zone marked
        // where it lies: the same nodes as [`unit_zone`], without a list per unit.
        let mut reaches: Vec<Option<ZocReach>> = vec![None; game.counters.len()];
        for (_, p) in positions.on_map() {
            let Some(node) = board.node_of(&p.location) else {
                continue;
            };
            let bit = side_bit(game.side_of(p.counter));
            match *reaches[p.counter].get_or_insert_with(|| reach(game, p.counter)) {
                ZocReach::None => {}
                ZocReach::Own => masks[node] |= bit,
                ZocReach::Adjacent => {
                    masks[node] |= bit;
                    board.neighbours(node, Link::Zone, |n| {
                        if !board.has_any_terrain(n, not_into) {
                            masks[n] |= bit;
                        }
                    });
                }
            }
        }
        Self { masks }
    }

    /// The side mask of a node (see [`side_bit`]).
    pub fn mask(&self, node: usize) -> u64 {
        self.masks[node]
    }

    /// Whether `side` exerts a zone of control on `node`.
    pub fn has(&self, side: SideId, node: usize) -> bool {
        self.masks[node] & side_bit(Some(side)) != 0
    }

    /// Whether any side other than `side` exerts a zone of control on `node`.
    pub fn enemy_of(&self, side: SideId, node: usize) -> bool {
        self.masks[node] & !side_bit(Some(side)) != 0
    }
}

/// Zones of control of one side.
#[derive(Debug, Clone, Serialize)]
pub struct SideZones {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// How many hexes or areas.
    pub count: usize,
    /// Their names, in board order.
    pub locations: Vec<String>,
}

/// The zone of one unit.
#[derive(Debug, Clone, Serialize)]
pub struct UnitZone {
    /// Index in the positions.
    pub index: usize,
    /// Counter id.
    pub counter: String,
    /// Counter name.
    pub name: String,
    /// Where it stands.
    pub location: String,
    /// `adjacent`, `own` or `none`.
    pub reach: ZocReach,
    /// The hexes or areas of its zone.
    pub zone: Vec<String>,
}

/// Zones of control of every side and every unit projecting one.
#[derive(Debug, Clone, Serialize)]
pub struct ZocReport {
    /// Per side, in the game's order.
    pub sides: Vec<SideZones>,
    /// Per unit with a zone.
    pub units: Vec<UnitZone>,
}

/// Zones of control for a set of positions.
pub fn zones_of_control(game: &Game, positions: &Positions) -> ZocReport {
    let board = Board::new(game);
    let map = ZocMap::new(&board, positions);
    let sides = game
        .sides
        .iter()
        .enumerate()
        .map(|(s, side)| {
            let locations: Vec<String> = (0..board.len())
                .filter(|n| map.has(s, *n))
                .map(|n| board.name(n))
                .collect();
            SideZones {
                side: side.id.clone(),
                name: side.name.clone(),
                count: locations.len(),
                locations,
            }
        })
        .collect();
    let units = positions
        .on_map()
        .filter_map(|(index, p)| {
            let node = board.node_of(&p.location)?;
            let zone = unit_zone(&board, p.counter, node);
            if zone.is_empty() {
                return None;
            }
            let c = &game.counters[p.counter];
            Some(UnitZone {
                index,
                counter: c.id.clone(),
                name: c.name.clone(),
                location: game.location_label(&p.location),
                reach: reach(game, p.counter),
                zone: zone
                    .into_iter()
                    .map(|n| site_name(game, &board.site(n)))
                    .collect(),
            })
        })
        .collect();
    ZocReport { sides, units }
}

/// The report as text: one line per side, then one per unit.
pub fn render(report: &ZocReport) -> String {
    let mut out = String::new();
    for s in &report.sides {
        out.push_str(&format!(
            "{} zone of control: {} location{}\n",
            s.name,
            s.count,
            if s.count == 1 { "" } else { "s" }
        ));
        if !s.locations.is_empty() {
            out.push_str(&wrap(&s.locations, "  "));
        }
    }
    if !report.units.is_empty() {
        out.push('\n');
        for u in &report.units {
            out.push_str(&format!(
                "{} ({}) at {}: {}\n",
                u.name,
                u.counter,
                u.location,
                u.zone.join(" ")
            ));
        }
    }
    out
}

/// Words wrapped at 80 columns with an indent.
pub(crate) fn wrap(words: &[String], indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for w in words {
        if line.len() > indent.len() && line.len() + 1 + w.len() > 80 {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if line.len() > indent.len() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{self, corridor, positions};

    /// The zones as they were gathered before: the union of every unit's [`unit_zone`].
    fn by_unit(board: &Board, positions: &Positions) -> Vec<u64> {
        let mut masks = vec![0u64; board.len()];
        for (_, p) in positions.on_map() {
            let Some(node) = board.node_of(&p.location) else {
                continue;
            };
            for n in unit_zone(board, p.counter, node) {
                masks[n] |= side_bit(board.game().side_of(p.counter));
            }
        }
        masks
    }

    #[test]
    fn zones_are_the_union_of_the_units_zones() {
        for (name, g) in testgame::large::compared() {
            let board = Board::new(&g);
            for s in &g.scenarios {
                let p = Positions::from_scenario(s);
                assert_eq!(ZocMap::new(&board, &p).masks, by_unit(&board, &p), "{name}");
            }
        }
    }

    #[test]
    fn reaches_follow_the_exceptions() {
        let g = testgame::with_map(&corridor(""));
        let r = |id: &str| reach(&g, g.counter_index(id).unwrap());
        assert_eq!(r("ger"), ZocReach::Adjacent);
        assert_eq!(r("partisan"), ZocReach::Own);
        assert_eq!(r("airborne"), ZocReach::Own);
        assert_eq!(r("leader"), ZocReach::None);
        assert_eq!(r("air"), ZocReach::None);
        assert_eq!(r("axis-control"), ZocReach::None);
    }

    #[test]
    fn zones_cover_the_surrounding_land_hexes() {
        let g = testgame::with_map(&testgame::map(
            "
            .....
            ..~..
            .....
            ",
            "
            GGUUU
            GGUUU
            GGUUU
            ",
            r#"
[[map.hex-set]]
id = "black-sea-coast"
name = "Black Sea coast"
hexes = ["0101"]

[[map.hexside]]
kind = "cliffs"
name = "Cliffs"
sides = ["0202/0102"]
"#,
        ));
        let p = positions(
            &g,
            &[("ger", "0202"), ("partisan", "0501"), ("leader", "0103")],
        );
        let z = zones_of_control(&g, &p);
        // 0202 (odd column, shifted down) touches 0201, 0203, 0102, 0103, 0302, 0303; 0302
        // is sea (not into) and cliffs close the side to 0102 (not passable).
        assert_eq!(z.units.len(), 2);
        let mut ger = z.units[0].zone.clone();
        ger.sort();
        assert_eq!(ger, ["0103", "0201", "0202", "0203", "0303"]);
        assert_eq!(z.units[1].zone, ["0501"]);
        assert_eq!(z.sides[0].count, 5);
        assert_eq!(z.sides[1].locations, ["0501"]);
        assert!(render(&z).contains("Axis zone of control: 5 locations"));
    }
}

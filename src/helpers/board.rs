//! Every map of a game as one dense graph: a node per hex of each hex map and per area of
//! each area map, numbered consecutively map after map, so helpers keep per-location
//! tables in plain vectors and search with arrays instead of maps.
//!
//! Two kinds of link join the nodes:
//!
//! - **supply** links: hex neighbours across any hexside whose terrain is `passable`, and
//!   areas sharing a border or joined by a route open to every unit type;
//! - **zone** links (zones of control): hex neighbours across passable hexsides not listed in
//!   the ZOC rules' `not-across`, and areas sharing a border.
//!
//! Off-map pools are not on the board.

use serde::Serialize;

pub use crate::model::map::PlaceAt;

use crate::model::{CountryId, Game, HexCoord, HexMap, Location, MapId, MapKind, TerrainId};

/// A location that rules look at: a hex, or an area as a whole (whatever its box).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Site {
    /// Map.
    pub map: MapId,
    /// Hex or area.
    pub at: PlaceAt,
}

impl Site {
    /// A hex.
    pub fn hex(map: MapId, hex: HexCoord) -> Self {
        Self {
            map,
            at: PlaceAt::Hex(hex),
        }
    }

    /// An area.
    pub fn area(map: MapId, area: usize) -> Self {
        Self {
            map,
            at: PlaceAt::Area(area),
        }
    }

    /// The site of a counter's location (`None` for a pool or a track display's box).
    pub fn of(location: &Location) -> Option<Self> {
        match *location {
            Location::Hex { map, hex } => Some(Self::hex(map, hex)),
            Location::Area { map, area, .. } => Some(Self::area(map, area)),
            Location::Pool(_) | Location::Track { .. } => None,
        }
    }
}

/// Which links to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// Supply paths.
    Supply,
    /// Zones of control.
    Zone,
}

#[derive(Debug, Clone)]
enum Nodes {
    Hex {
        /// Per hex, the directions of [`crate::model::HexGeometry::around`] a supply path
        /// may take ([`Openings`]).
        supply: Vec<Openings>,
        /// The same for zones of control.
        zone: Vec<Openings>,
        /// The six steps of [`crate::model::HexGeometry::around`] as differences of dense
        /// index, for hexes whose column (rows orientation: row) is even, then odd: the
        /// same on the whole grid, so a neighbour on the grid is found by one addition.
        index_steps: [[isize; 6]; 2],
    },
    Area {
        /// Per area, the neighbours along supply links (global node numbers).
        supply: Vec<Vec<usize>>,
        /// Per area, the neighbours along zone links.
        zone: Vec<Vec<usize>>,
    },
}

/// One hex's ways out, in a byte: bit `d` set when direction `d` of
/// [`crate::model::HexGeometry::around`] leads to a hex on the grid across a hexside open
/// to the link, and the top bit set when the hex's column (rows orientation: row) is odd,
/// which picks the steps that lead there. A search finds a hex's neighbours from it
/// without dividing its index back into a column and a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Openings(u8);

impl Openings {
    /// Bit of the odd parity.
    const ODD: u8 = 1 << 7;
    /// Bits of the six directions.
    const ALL: u8 = 0b11_1111;

    /// Every direction whose neighbour is on the grid open, with the hex's parity: a hex
    /// of `g` before any hexside closes a way.
    fn of(g: &crate::model::HexGeometry, c: HexCoord, steps: &[[(i32, i32); 6]; 2]) -> Self {
        let p = parity(g, c);
        let on_grid = steps[p]
            .iter()
            .enumerate()
            .filter(|(_, (dc, dr))| g.contains(HexCoord::new(c.col + dc, c.row + dr)))
            .fold(0, |bits, (d, _)| bits | 1 << d);
        Self(on_grid | if p == 1 { Self::ODD } else { 0 })
    }

    /// Direction `d` closed.
    fn close(&mut self, d: usize) {
        self.0 &= !(1 << d);
    }

    /// Which of the two sets of steps leads to the neighbours.
    fn parity(self) -> usize {
        usize::from(self.0 >> 7)
    }

    /// The open directions' bits.
    fn open(self) -> u8 {
        self.0 & Self::ALL
    }
}

/// The dense graph of all maps of a game.
#[derive(Debug, Clone)]
pub struct Board<'g> {
    game: &'g Game,
    offsets: Vec<usize>,
    nodes: Vec<Nodes>,
    len: usize,
}

impl<'g> Board<'g> {
    /// Build the board of a game (linear in the number of hexes, areas and hexsides).
    pub fn new(game: &'g Game) -> Self {
        let zoc_not_across = game
            .rules
            .zoc
            .as_ref()
            .map(|z| z.not_across.clone())
            .unwrap_or_default();
        // What each hexside terrain closes: supply paths when impassable, zones of control
        // also across those `not-across` lists. When none closes anything, no map's
        // hexsides need a look.
        let closes_supply: Vec<bool> = game.hexside_terrain.iter().map(|t| !t.passable).collect();
        let closes_zone: Vec<bool> = (0..game.hexside_terrain.len())
            .map(|t| closes_supply[t] || zoc_not_across.contains(&t))
            .collect();
        let any_closes = closes_zone.contains(&true);
        let mut offsets = Vec::with_capacity(game.maps.len());
        let mut nodes = Vec::with_capacity(game.maps.len());
        let mut len = 0;
        for map in &game.maps {
            offsets.push(len);
            match &map.kind {
                MapKind::Hex(h) => {
                    let g = &h.geometry;
                    let n = g.len();
                    let steps = steps(g);
                    let mut supply = openings(g, &steps);
                    let mut zone = supply.clone();
                    if any_closes {
                        for (&(a, b), sides) in &h.hexsides {
                            let blocks_supply = sides.iter().any(|(t, _)| closes_supply[*t]);
                            let blocks_zone = sides.iter().any(|(t, _)| closes_zone[*t]);
                            if !(blocks_supply || blocks_zone) {
                                continue;
                            }
                            for (from, to) in [(a, b), (b, a)] {
                                if !g.contains(from) {
                                    continue;
                                }
                                let Some(d) = g.around(from).iter().position(|c| *c == to) else {
                                    continue;
                                };
                                let i = g.index(from);
                                if blocks_supply {
                                    supply[i].close(d);
                                }
                                if blocks_zone {
                                    zone[i].close(d);
                                }
                            }
                        }
                    }
                    let columns = g.columns as isize;
                    nodes.push(Nodes::Hex {
                        supply,
                        zone,
                        index_steps: steps
                            .map(|s| s.map(|(dc, dr)| dc as isize + dr as isize * columns)),
                    });
                    len += n;
                }
                MapKind::Area(a) => {
                    let base = len;
                    let zone: Vec<Vec<usize>> = a
                        .areas
                        .iter()
                        .map(|x| {
                            let mut v: Vec<usize> = x.adjacent.iter().map(|i| base + i).collect();
                            v.sort_unstable();
                            v.dedup();
                            v
                        })
                        .collect();
                    let mut supply = zone.clone();
                    for r in a.routes.iter().filter(|r| r.units.is_empty()) {
                        supply[r.from].push(base + r.to);
                        supply[r.to].push(base + r.from);
                    }
                    for v in &mut supply {
                        v.sort_unstable();
                        v.dedup();
                    }
                    nodes.push(Nodes::Area { supply, zone });
                    len += a.areas.len();
                }
            }
        }
        Self {
            game,
            offsets,
            nodes,
            len,
        }
    }

    /// The game.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the game has no map.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The node of a site, if it lies on its map.
    pub fn node(&self, site: &Site) -> Option<usize> {
        let map = self.game.maps.get(site.map)?;
        let base = self.offsets[site.map];
        match (&map.kind, site.at) {
            (MapKind::Hex(h), PlaceAt::Hex(c)) if h.geometry.contains(c) => {
                Some(base + h.geometry.index(c))
            }
            (MapKind::Area(a), PlaceAt::Area(i)) if i < a.areas.len() => Some(base + i),
            _ => None,
        }
    }

    /// The node of a counter's location (`None` for pools).
    pub fn node_of(&self, location: &Location) -> Option<usize> {
        self.node(&Site::of(location)?)
    }

    /// The nodes of a map: consecutive, from the map's first.
    pub fn nodes_of(&self, map: MapId) -> std::ops::Range<usize> {
        let start = self.offsets[map];
        let end = self.offsets.get(map + 1).copied().unwrap_or(self.len);
        start..end
    }

    /// The country of every node, in node order (as [`Board::country`] of each, in one
    /// pass over the maps).
    pub fn countries(&self) -> Vec<Option<CountryId>> {
        let mut out = Vec::with_capacity(self.len);
        for map in &self.game.maps {
            match &map.kind {
                MapKind::Hex(h) => {
                    out.extend((0..h.geometry.len()).map(|i| h.hexes[i].country));
                }
                MapKind::Area(a) => out.extend(a.areas.iter().map(|x| x.country)),
            }
        }
        out
    }

    /// Whether each node has any of `terrains`, in node order (as
    /// [`Board::has_any_terrain`] of each, in one pass over the maps).
    pub fn terrain_table(&self, terrains: &[TerrainId]) -> Vec<bool> {
        if terrains.is_empty() {
            return vec![false; self.len];
        }
        let mut out = Vec::with_capacity(self.len);
        for map in &self.game.maps {
            match &map.kind {
                MapKind::Hex(h) => out.extend((0..h.geometry.len()).map(|i| {
                    let x = &h.hexes[i];
                    terrains.contains(&x.terrain) || x.features.iter().any(|f| terrains.contains(f))
                })),
                MapKind::Area(a) => {
                    out.extend(a.areas.iter().map(|x| terrains.contains(&x.terrain)))
                }
            }
        }
        out
    }

    /// Map and index within the map of a node.
    fn locate(&self, node: usize) -> (MapId, usize) {
        locate(&self.offsets, node)
    }

    /// The site of a node.
    pub fn site(&self, node: usize) -> Site {
        let (map, i) = self.locate(node);
        match &self.game.maps[map].kind {
            MapKind::Hex(h) => Site::hex(map, h.geometry.coord(i)),
            MapKind::Area(_) => Site::area(map, i),
        }
    }

    /// The hex map a node lies on, with the hex.
    pub fn hex(&self, node: usize) -> Option<(&'g HexMap, HexCoord)> {
        let (map, i) = self.locate(node);
        match &self.game.maps[map].kind {
            MapKind::Hex(h) => Some((h, h.geometry.coord(i))),
            MapKind::Area(_) => None,
        }
    }

    /// The name players use for a node: the printed hex number or the area's name.
    pub fn name(&self, node: usize) -> String {
        site_name(self.game, &self.site(node))
    }

    /// What players call every node, held apart from the game (see [`LocationNames`]).
    pub fn location_names(&self) -> LocationNames {
        LocationNames {
            offsets: self.offsets.clone(),
            maps: self
                .game
                .maps
                .iter()
                .map(|m| match &m.kind {
                    MapKind::Hex(h) => MapNames::Hex(h.geometry.clone()),
                    MapKind::Area(a) => {
                        MapNames::Area(a.areas.iter().map(|x| x.name.clone()).collect())
                    }
                })
                .collect(),
        }
    }

    /// Terrain of a node: a hex's dominant terrain and its features, or an area's terrain.
    pub fn terrains(&self, node: usize) -> Vec<TerrainId> {
        let (map, i) = self.locate(node);
        match &self.game.maps[map].kind {
            MapKind::Hex(h) => {
                let x = &h.hexes[i];
                std::iter::once(x.terrain)
                    .chain(x.features.iter().copied())
                    .collect()
            }
            MapKind::Area(a) => vec![a.areas[i].terrain],
        }
    }

    /// Whether a node has any of `terrains`.
    pub fn has_any_terrain(&self, node: usize, terrains: &[TerrainId]) -> bool {
        if terrains.is_empty() {
            return false;
        }
        let (map, i) = self.locate(node);
        match &self.game.maps[map].kind {
            MapKind::Hex(h) => {
                let x = &h.hexes[i];
                terrains.contains(&x.terrain) || x.features.iter().any(|f| terrains.contains(f))
            }
            MapKind::Area(a) => terrains.contains(&a.areas[i].terrain),
        }
    }

    /// Country of a node.
    pub fn country(&self, node: usize) -> Option<CountryId> {
        let (map, i) = self.locate(node);
        match &self.game.maps[map].kind {
            MapKind::Hex(h) => h.hexes[i].country,
            MapKind::Area(a) => a.areas[i].country,
        }
    }

    /// Sides allowed to enter an area (empty = every side; hexes admit every side).
    pub fn only(&self, node: usize) -> &'g [crate::model::SideId] {
        let (map, i) = self.locate(node);
        match &self.game.maps[map].kind {
            MapKind::Hex(_) => &[],
            MapKind::Area(a) => &a.areas[i].only,
        }
    }

    /// Call `f` with every neighbour of `node` along links of `kind`.
    #[inline]
    pub fn neighbours(&self, node: usize, kind: Link, mut f: impl FnMut(usize)) {
        for n in self.around(node, kind) {
            f(n);
        }
    }

    /// The neighbours of `node` along links of `kind`, in a fixed order: a hex's in the
    /// order of [`crate::model::HexGeometry::around`], an area's ascending. Searches loop
    /// over it without a call per neighbour.
    #[inline]
    pub fn around(&self, node: usize, kind: Link) -> Around<'_> {
        let (map, i) = self.locate(node);
        match &self.nodes[map] {
            Nodes::Hex {
                supply,
                zone,
                index_steps,
            } => {
                let ways = match kind {
                    Link::Supply => supply[i],
                    Link::Zone => zone[i],
                };
                Around::of_hex(node, ways, index_steps)
            }
            Nodes::Area { supply, zone } => Around::Area(
                match kind {
                    Link::Supply => &supply[i],
                    Link::Zone => &zone[i],
                }
                .iter(),
            ),
        }
    }

    /// The links of `kind`, for a search that asks the neighbours of many nodes (see
    /// [`Links`]).
    pub fn links(&self, kind: Link) -> Links<'_> {
        let grid = match self.nodes.as_slice() {
            [Nodes::Hex {
                supply,
                zone,
                index_steps,
            }] => Some((
                match kind {
                    Link::Supply => supply.as_slice(),
                    Link::Zone => zone.as_slice(),
                },
                index_steps,
            )),
            _ => None,
        };
        Links {
            board: self,
            kind,
            grid,
        }
    }

    /// Whether two nodes are joined by a link of `kind`.
    pub fn linked(&self, a: usize, b: usize, kind: Link) -> bool {
        let mut found = false;
        self.neighbours(a, kind, |n| found |= n == b);
        found
    }

    /// Every node of a map's place set (an edge's or hex set's members, or one place).
    pub fn members<'a>(
        &'a self,
        map: MapId,
        members: impl IntoIterator<Item = &'a PlaceAt> + 'a,
    ) -> impl Iterator<Item = usize> + 'a {
        members
            .into_iter()
            .filter_map(move |at| self.node(&Site { map, at: *at }))
    }
}

/// Map and index within the map of a node, given each map's first node.
fn locate(offsets: &[usize], node: usize) -> (MapId, usize) {
    let map = offsets.partition_point(|o| *o <= node) - 1;
    (map, node - offsets[map])
}

/// What players call each node of a board — a hex's printed number, an area's name —
/// owned apart from the game: a report keeps it to name its locations when it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationNames {
    /// Each map's first node.
    offsets: Vec<usize>,
    /// Each map's numbering or names.
    maps: Vec<MapNames>,
}

/// How the locations of one map are named.
#[derive(Debug, Clone, PartialEq, Eq)]
enum MapNames {
    /// By the grid's printed numbering.
    Hex(crate::model::HexGeometry),
    /// By each area's name.
    Area(Vec<String>),
}

impl LocationNames {
    /// `f` of the name of a node (as [`Board::name`] gives it), without allocating: a hex
    /// number is written on the stack.
    pub fn name_with<R>(&self, node: usize, f: impl FnOnce(&str) -> R) -> R {
        let (map, i) = locate(&self.offsets, node);
        match &self.maps[map] {
            MapNames::Hex(g) => g.number_with(g.coord(i), f),
            MapNames::Area(names) => f(&names[i]),
        }
    }
}

/// The links of one kind over a board ([`Board::links`]), for a search that asks the
/// neighbours of many nodes: on a board of one hex map (the common case) it answers from
/// the map's openings, found once, instead of locating every node's map first.
#[derive(Debug, Clone, Copy)]
pub struct Links<'b> {
    /// The board.
    board: &'b Board<'b>,
    /// Which links.
    kind: Link,
    /// On a board of one hex map, its hexes' openings for these links, and its steps.
    grid: Option<(&'b [Openings], &'b [[isize; 6]; 2])>,
}

impl<'b> Links<'b> {
    /// The neighbours of `node`, as [`Board::around`] gives them.
    #[inline]
    pub fn around(&self, node: usize) -> Around<'b> {
        match self.grid {
            Some((openings, steps)) => Around::of_hex(node, openings[node], steps),
            None => self.board.around(node, self.kind),
        }
    }
}

/// The neighbours of a node ([`Board::around`]).
#[derive(Debug, Clone)]
pub enum Around<'b> {
    /// A hex's, one addition each.
    Hex {
        /// The hex.
        node: usize,
        /// The directions not given yet (bit `d`: direction `d`).
        open: u8,
        /// The difference of node number each direction makes.
        steps: &'b [isize; 6],
    },
    /// An area's, from the board's lists.
    Area(std::slice::Iter<'b, usize>),
}

impl<'b> Around<'b> {
    /// The neighbours of the hex `node`, whose ways out are `ways`, on a grid whose steps
    /// are `steps`.
    #[inline]
    fn of_hex(node: usize, ways: Openings, steps: &'b [[isize; 6]; 2]) -> Self {
        Around::Hex {
            node,
            open: ways.open(),
            steps: &steps[ways.parity()],
        }
    }
}

impl Iterator for Around<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        match self {
            Around::Hex { node, open, steps } => {
                if *open == 0 {
                    return None;
                }
                let d = open.trailing_zeros() as usize;
                *open &= *open - 1;
                Some(node.wrapping_add_signed(steps[d]))
            }
            Around::Area(list) => list.next().copied(),
        }
    }
}

/// The [`Openings`] of every hex of a grid before hexsides close any, row by row. A hex
/// off the grid's edges opens every way; the hexes of an inner row open as those of the
/// inner row two above it (same parity, same edges), copied whole.
fn openings(g: &crate::model::HexGeometry, steps: &[[(i32, i32); 6]; 2]) -> Vec<Openings> {
    let (columns, rows) = (g.columns.max(0), g.rows.max(0));
    let width = columns as usize;
    let mut out = Vec::with_capacity(g.len());
    for row in 0..rows {
        let start = out.len();
        if row >= 3 && row + 1 < rows {
            out.extend_from_within(start - 2 * width..start - width);
            continue;
        }
        out.extend((0..columns).map(|col| {
            let c = HexCoord::new(col, row);
            if col > 0 && row > 0 && col + 1 < columns && row + 1 < rows {
                let odd = if parity(g, c) == 1 { Openings::ODD } else { 0 };
                Openings(Openings::ALL | odd)
            } else {
                Openings::of(g, c, steps)
            }
        }));
    }
    out
}

/// Whether the column (rows orientation: the row) of a hex is odd: which of the two sets
/// of [`steps`] leads to its neighbours.
fn parity(g: &crate::model::HexGeometry, c: HexCoord) -> usize {
    let major = match g.orientation {
        crate::model::hex::Orientation::Columns => c.col,
        crate::model::hex::Orientation::Rows => c.row,
    };
    (major & 1) as usize
}

/// The offsets from a hex to the six [`crate::model::HexGeometry::around`] it, in that
/// order, for hexes of even and of odd parity. A hex two columns (rows) over is shifted
/// the same, so the offsets of hex 2,2 and of hex 3,3 hold everywhere.
fn steps(g: &crate::model::HexGeometry) -> [[(i32, i32); 6]; 2] {
    [HexCoord::new(2, 2), HexCoord::new(3, 3)]
        .map(|c| g.around(c).map(|n| (n.col - c.col, n.row - c.row)))
}

/// The name players use for a site: the printed hex number or the area's name.
pub fn site_name(game: &Game, site: &Site) -> String {
    match (&game.maps[site.map].kind, site.at) {
        (MapKind::Hex(h), PlaceAt::Hex(c)) => h.geometry.number(c),
        (MapKind::Area(a), PlaceAt::Area(i)) => a.areas[i].name.clone(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame;

    /// Each node's neighbours, found as before the steps: through the geometry's cube
    /// coordinates.
    fn by_cube(board: &Board, node: usize, kind: Link) -> Vec<usize> {
        let (map, i) = board.locate(node);
        let base = board.offsets[map];
        match (&board.game.maps[map].kind, &board.nodes[map]) {
            (MapKind::Hex(h), Nodes::Hex { supply, zone, .. }) => {
                let g = &h.geometry;
                let ways = match kind {
                    Link::Supply => supply[i],
                    Link::Zone => zone[i],
                };
                g.around(g.coord(i))
                    .into_iter()
                    .enumerate()
                    .filter(|(d, n)| ways.open() & (1 << d) != 0 && g.contains(*n))
                    .map(|(_, n)| base + g.index(n))
                    .collect()
            }
            _ => {
                let mut out = Vec::new();
                board.neighbours(node, kind, |n| out.push(n));
                out
            }
        }
    }

    /// Games of every kind of map, and hex grids of both orientations with odd and with
    /// even columns (rows) shifted.
    fn boards_of_every_kind() -> Vec<Game> {
        let mut games = vec![
            testgame::theatre(),
            testgame::mini(),
            testgame::with_area_map(),
            testgame::example("great-patriotic-war"),
            testgame::example("great-european-war"),
        ];
        for (orientation, shifted) in [("columns", "even"), ("rows", "odd"), ("rows", "even")] {
            let text = testgame::large::front(13, 4).replace(
                "orientation = \"columns\"",
                &format!("orientation = \"{orientation}\"\nshifted = \"{shifted}\""),
            );
            games.push(testgame::build(&[("game.toml", &text)]));
        }
        games
    }

    #[test]
    fn a_hex_opens_towards_the_grid_only_and_keeps_its_parity() {
        for g in boards_of_every_kind() {
            for m in &g.maps {
                let MapKind::Hex(h) = &m.kind else {
                    continue;
                };
                let geo = &h.geometry;
                let steps = steps(geo);
                let all = openings(geo, &steps);
                assert_eq!(all.len(), geo.len());
                for (i, ways) in all.iter().enumerate() {
                    let c = geo.coord(i);
                    // The shortcut for hexes off the edges agrees with looking.
                    assert_eq!(*ways, Openings::of(geo, c, &steps), "{c:?} of {}", g.id);
                    assert_eq!(ways.parity(), parity(geo, c));
                    for (d, n) in geo.around(c).into_iter().enumerate() {
                        assert_eq!(ways.open() & (1 << d) != 0, geo.contains(n), "{c:?} {d}");
                    }
                }
            }
        }
        // A closed hexside shuts its direction only.
        let mut ways = Openings(Openings::ALL | Openings::ODD);
        ways.close(2);
        assert_eq!(ways.open(), 0b11_1011);
        assert_eq!(ways.parity(), 1);
    }

    #[test]
    fn location_names_name_every_node_as_the_board_does() {
        for g in boards_of_every_kind() {
            let board = Board::new(&g);
            let names = board.location_names();
            for node in 0..board.len() {
                assert_eq!(names.name_with(node, str::to_string), board.name(node));
            }
        }
    }

    #[test]
    fn links_give_the_neighbours_the_board_gives() {
        for g in boards_of_every_kind() {
            let board = Board::new(&g);
            for kind in [Link::Supply, Link::Zone] {
                let links = board.links(kind);
                // One hex map: its openings at hand.
                let one_hex_map = g.maps.len() == 1 && matches!(g.maps[0].kind, MapKind::Hex(_));
                assert_eq!(links.grid.is_some(), one_hex_map, "{}", g.id);
                for node in 0..board.len() {
                    assert!(
                        links.around(node).eq(board.around(node, kind)),
                        "node {node} of {}",
                        g.id
                    );
                }
            }
        }
    }

    #[test]
    fn neighbours_by_steps_are_the_neighbours_by_cube_coordinates() {
        let games = boards_of_every_kind();
        for g in &games {
            let board = Board::new(g);
            for node in 0..board.len() {
                for kind in [Link::Supply, Link::Zone] {
                    let mut found = Vec::new();
                    board.neighbours(node, kind, |n| found.push(n));
                    assert_eq!(
                        found,
                        by_cube(&board, node, kind),
                        "node {node} of {}",
                        g.id
                    );
                }
            }
        }
    }
}

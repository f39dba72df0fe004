//! Maps: hex maps (grid, terrain, hexsides, rails) and area maps (areas, boxes, routes).
//!
//! The parts every map has (places, hex sets, edges) live in [`Map`]; the geometry lives in
//! [`MapKind`], so nothing hex-only leaks into code that handles both.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde::Serialize;

use super::scenario::AreaSlot;
use super::{CountryId, HexCoord, HexGeometry, HexsideTerrainId, SideId, TerrainId};

/// A map.
#[derive(Debug, Clone, Serialize)]
pub struct Map {
    /// Identifier.
    pub id: String,
    /// Title.
    pub title: String,
    /// Hex or area geometry.
    pub kind: MapKind,
    /// Named places.
    pub places: Vec<Place>,
    /// Named hex (or area) sets, including set-up regions.
    pub hex_sets: Vec<HexSet>,
    /// Named edges.
    pub edges: Vec<Edge>,
    /// Supplied map picture.
    pub image: Option<PathBuf>,
}

/// The geometry of a map.
#[derive(Debug, Clone, Serialize)]
pub enum MapKind {
    /// A hex grid.
    Hex(HexMap),
    /// Areas.
    Area(AreaMap),
}

/// One hex of a hex map.
#[derive(Debug, Clone, Serialize)]
pub struct Hex {
    /// Dominant terrain.
    pub terrain: TerrainId,
    /// Further terrain features (forest around a city, the city itself).
    pub features: Vec<TerrainId>,
    /// Country.
    pub country: Option<CountryId>,
}

/// A hex map.
#[derive(Debug, Clone, Serialize)]
pub struct HexMap {
    /// Shape and numbering.
    pub geometry: HexGeometry,
    /// Every hex, indexed by [`HexGeometry::index`].
    pub hexes: Vec<Hex>,
    /// Hexside features keyed by the two hexes (lower coordinate first).
    pub hexsides: BTreeMap<(HexCoord, HexCoord), Vec<(HexsideTerrainId, String)>>,
    /// Rail lines.
    pub rails: Vec<Rail>,
    /// Where the title and legend are printed.
    pub cartouche: Cartouche,
}

/// The cartouche of a generated hex map: the map's title, the game's title and a legend of
/// every symbol the map uses (`[map.cartouche]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cartouche {
    /// Where it goes.
    pub position: CartouchePosition,
    /// Whether the legend is printed under the titles.
    pub legend: bool,
}

impl Default for Cartouche {
    fn default() -> Self {
        Cartouche {
            position: CartouchePosition::Auto,
            legend: true,
        }
    }
}

/// Where a map's cartouche goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CartouchePosition {
    /// Inside the picture, at the place along its border that covers the fewest land hexes
    /// and places, when one covers none; below the map otherwise.
    Auto,
    /// Inside the picture, in its top left corner.
    TopLeft,
    /// Inside the picture, in its top right corner.
    TopRight,
    /// Inside the picture, in its bottom left corner.
    BottomLeft,
    /// Inside the picture, in its bottom right corner.
    BottomRight,
    /// In the margin below the map (the picture grows to hold it).
    Below,
    /// Not printed.
    Off,
}

impl HexMap {
    /// The hex at a coordinate.
    pub fn hex(&self, c: HexCoord) -> &Hex {
        &self.hexes[self.geometry.index(c)]
    }

    /// Hexside features between two adjacent hexes.
    pub fn hexside(&self, a: HexCoord, b: HexCoord) -> &[(HexsideTerrainId, String)] {
        let key = if a <= b { (a, b) } else { (b, a) };
        self.hexsides.get(&key).map_or(&[], Vec::as_slice)
    }

    /// Whether a hex has a terrain, as dominant terrain or as a feature.
    pub fn has_terrain(&self, c: HexCoord, t: TerrainId) -> bool {
        let h = self.hex(c);
        h.terrain == t || h.features.contains(&t)
    }

    /// Hexes on a rail line.
    pub fn rail_hexes(&self) -> BTreeSet<HexCoord> {
        self.rails
            .iter()
            .flat_map(|r| r.hexes.iter().copied())
            .collect()
    }
}

/// A rail line.
#[derive(Debug, Clone, Serialize)]
pub struct Rail {
    /// Name.
    pub name: String,
    /// Hexes in order.
    pub hexes: Vec<HexCoord>,
}

/// A named place.
#[derive(Debug, Clone, Serialize)]
pub struct Place {
    /// Name.
    pub name: String,
    /// Where: a hex, or an area index.
    pub at: PlaceAt,
    /// Kind (a terrain of kind feature).
    pub kind: TerrainId,
    /// Tags.
    pub tags: Vec<String>,
}

/// Position of a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PlaceAt {
    /// A hex.
    Hex(HexCoord),
    /// An area.
    Area(usize),
}

/// A named set of hexes or areas.
#[derive(Debug, Clone, Serialize)]
pub struct HexSet {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Members.
    pub members: BTreeSet<PlaceAt>,
    /// Drawn on a hex map as a line of this colour joining its hexes.
    pub line: Option<super::colour::Colour>,
}

impl PartialOrd for PlaceAt {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PlaceAt {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |p: &PlaceAt| match p {
            PlaceAt::Hex(c) => (0, c.col, c.row),
            PlaceAt::Area(a) => (1, *a as i32, 0),
        };
        key(self).cmp(&key(other))
    }
}

/// A named map edge.
#[derive(Debug, Clone, Serialize)]
pub struct Edge {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Hexes (or areas) along it.
    pub members: BTreeSet<PlaceAt>,
}

/// An area map.
#[derive(Debug, Clone, Serialize)]
pub struct AreaMap {
    /// Areas.
    pub areas: Vec<Area>,
    /// Movement routes.
    pub routes: Vec<Route>,
    /// Picture size.
    pub size: (u32, u32),
    /// Straits two areas border across without sharing a border on the picture.
    pub crossings: Vec<Crossing>,
    /// The generated picture is a network (point-to-point): each area a box at its
    /// position, adjacent areas joined by roads, rather than cells bordering each other.
    pub network: bool,
    /// What the picture draws outside every area: land and water off the board, lakes.
    pub off_board: Vec<OffBoard>,
}

/// A piece of an area map's picture outside every area (`[[map.off-board]]`).
#[derive(Debug, Clone, Serialize)]
pub struct OffBoard {
    /// What it is.
    pub kind: OffBoardKind,
    /// Its outline, in pixels.
    pub outline: Vec<(f64, f64)>,
}

/// Land or water off the board, or a lake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OffBoardKind {
    /// Land off the board: an island without a seed, land marked unplayable, a piece no
    /// neighbour took.
    Land,
    /// Water off the board: water marked unplayable, a piece of sea no neighbour took.
    Water,
    /// A lake the geography names, drawn over the area it lies in.
    Lake,
}

impl OffBoardKind {
    /// The word the map's file writes (`kind = "water"`).
    pub fn word(self) -> &'static str {
        match self {
            Self::Land => "land",
            Self::Water => "water",
            Self::Lake => "lake",
        }
    }
}

/// A strait two areas border across (`[[map.geography.crossing]]`): drawn as a line across
/// the water, and counted as a border when the picture's borders are compared with the
/// adjacency.
#[derive(Debug, Clone, Serialize)]
pub struct Crossing {
    /// The two areas, in the order given.
    pub between: (usize, usize),
    /// What it is called (`Strait of Gibraltar`); empty when not given.
    pub name: String,
    /// Where it is drawn, in pixels: a point in the first area and one in the second, when
    /// the designer says; else across the gap between the areas' closest points.
    pub line: Option<((f64, f64), (f64, f64))>,
}

/// The closest points of two outlines: a point of `a`'s ring and one of `b`'s (each a
/// vertex or a point on an edge), or `None` when either has no point.
pub fn closest_points(a: &[(f64, f64)], b: &[(f64, f64)]) -> Option<((f64, f64), (f64, f64))> {
    type Pt = (f64, f64);
    let on_segment = |p: Pt, s: Pt, e: Pt| -> Pt {
        let (dx, dy) = (e.0 - s.0, e.1 - s.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 {
            (((p.0 - s.0) * dx + (p.1 - s.1) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        (s.0 + t * dx, s.1 + t * dy)
    };
    let d2 = |p: Pt, q: Pt| (p.0 - q.0).powi(2) + (p.1 - q.1).powi(2);
    // Every vertex of one ring against every edge of the other, both ways.
    let nearest = |from: &[Pt], to: &[Pt]| -> Option<(f64, Pt, Pt)> {
        let mut best: Option<(f64, Pt, Pt)> = None;
        for &p in from {
            for k in 0..to.len() {
                let q = on_segment(p, to[k], to[(k + 1) % to.len()]);
                let d = d2(p, q);
                if best.is_none_or(|(b, _, _)| d < b) {
                    best = Some((d, p, q));
                }
            }
        }
        best
    };
    let ab = nearest(a, b)?;
    let ba = nearest(b, a)?;
    Some(if ab.0 <= ba.0 {
        (ab.1, ab.2)
    } else {
        (ba.2, ba.1)
    })
}

/// Which outlines share a border on a picture of `size` pixels: the picture is laid out in
/// cells of two pixels, each cell takes the outline its centre lies in (the first, where
/// outlines overlap; the even–odd rule, so a ring that joins a hole to itself by a cut
/// there and back leaves the hole out), and two outlines touch when at least three cells of
/// one meet cells of the other (side by side, or across a one-cell gap that neither covers:
/// outlines drawn apart by rounding still touch). Pairs are of indices into `outlines`,
/// smaller first; an outline of fewer than three points touches nothing.
pub fn touching_outlines(
    outlines: &[Vec<(f64, f64)>],
    size: (u32, u32),
) -> BTreeSet<(usize, usize)> {
    const CELL: f64 = 2.0;
    let (w, h) = (
        (f64::from(size.0) / CELL).ceil() as usize,
        (f64::from(size.1) / CELL).ceil() as usize,
    );
    let mut label: Vec<Option<usize>> = vec![None; w * h];
    // Scan each outline row by row, the last first, so the first outline covering a cell
    // keeps it.
    let mut crossings: Vec<Vec<f64>> = vec![Vec::new(); h];
    for (i, o) in outlines.iter().enumerate().rev() {
        if o.len() < 3 {
            continue;
        }
        for row in &mut crossings {
            row.clear();
        }
        for k in 0..o.len() {
            let (a, b) = (o[k], o[(k + 1) % o.len()]);
            if a.1 == b.1 || !(a.1.is_finite() && b.1.is_finite()) {
                continue;
            }
            let (lo, hi) = (a.1.min(b.1), a.1.max(b.1));
            // Rows whose centre y lies in [lo, hi).
            let first = ((lo / CELL - 0.5).ceil().max(0.0)) as usize;
            let mut y = first;
            while y < h {
                let cy = (y as f64 + 0.5) * CELL;
                if cy >= hi {
                    break;
                }
                if cy >= lo {
                    let t = (cy - a.1) / (b.1 - a.1);
                    crossings[y].push(a.0 + (b.0 - a.0) * t);
                }
                y += 1;
            }
        }
        for (y, row) in crossings.iter_mut().enumerate() {
            if row.len() < 2 {
                continue;
            }
            row.sort_by(f64::total_cmp);
            for pair in row.chunks_exact(2) {
                // Cells whose centre x lies strictly between the two crossings.
                let from = ((pair[0] / CELL - 0.5).floor() + 1.0).max(0.0) as usize;
                let mut x = from;
                while x < w && (x as f64 + 0.5) * CELL < pair[1] {
                    label[y * w + x] = Some(i);
                    x += 1;
                }
            }
        }
    }
    let mut counts: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let at = |x: usize, y: usize| label[y * w + x];
    for y in 0..h {
        for x in 0..w {
            let Some(a) = at(x, y) else { continue };
            for (dx, dy) in [(1, 0), (0, 1)] {
                let (x1, y1) = (x + dx, y + dy);
                if x1 >= w || y1 >= h {
                    continue;
                }
                let b = match at(x1, y1) {
                    Some(b) => Some(b),
                    None if x1 + dx < w && y1 + dy < h => at(x1 + dx, y1 + dy),
                    None => None,
                };
                if let Some(b) = b.filter(|b| *b != a) {
                    *counts.entry((a.min(b), a.max(b))).or_default() += 1;
                }
            }
        }
    }
    counts
        .into_iter()
        .filter(|(_, n)| *n >= 3)
        .map(|(pair, _)| pair)
        .collect()
}

/// A province or coast id as orders write it and the adjudicator prints it: its first
/// letter in capitals (`bel` → `Bel`, `spa/nc` → `Spa/nc`).
pub fn id_as_ordered(id: &str) -> String {
    let mut chars = id.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl AreaMap {
    /// Pairs of areas (indices, smaller first) whose outlines share a border, when every
    /// area not inside another has an outline; `None` otherwise (a schematic map, whose
    /// cells are derived from positions, implies nothing).
    pub fn implied_adjacency(&self) -> Option<BTreeSet<(usize, usize)>> {
        let top: Vec<usize> = (0..self.areas.len())
            .filter(|i| self.areas[*i].within.is_none())
            .collect();
        if top.is_empty() || top.iter().any(|i| self.areas[*i].outline.len() < 3) {
            return None;
        }
        let outlines: Vec<Vec<(f64, f64)>> =
            top.iter().map(|i| self.areas[*i].outline.clone()).collect();
        Some(
            touching_outlines(&outlines, self.size)
                .into_iter()
                .map(|(a, b)| (top[a], top[b]))
                .collect(),
        )
    }

    /// [`Self::implied_adjacency`] with the pairs a crossing joins: the borders the picture
    /// shows, drawn or across a strait.
    pub fn drawn_borders(&self) -> Option<BTreeSet<(usize, usize)>> {
        let mut borders = self.implied_adjacency()?;
        for c in &self.crossings {
            let (a, b) = c.between;
            borders.insert((a.min(b), a.max(b)));
        }
        Some(borders)
    }

    /// Areas reachable in one move: shared borders and routes.
    pub fn neighbours(&self, area: usize) -> BTreeSet<usize> {
        let mut n: BTreeSet<usize> = self.areas[area].adjacent.iter().copied().collect();
        for r in &self.routes {
            if r.from == area {
                n.insert(r.to);
            }
            if r.to == area {
                n.insert(r.from);
            }
        }
        n
    }

    /// The location name of a slot: `Larissa — Open`, `Larissa — Box 2`; the area's name
    /// alone for the Open area of an area without boxes (`Ligny`), and on a province board a
    /// site's name, `Spain` or `Spain (north coast)`.
    pub fn slot_name(&self, area: usize, slot: AreaSlot) -> String {
        let name = &self.areas[area].name;
        match slot {
            AreaSlot::Open if self.is_board() || self.areas[area].boxes == 0 => name.clone(),
            AreaSlot::Open => format!("{name} — Open"),
            AreaSlot::Box(n) => format!("{name} — Box {n}"),
            AreaSlot::Coast(c) => self.site_name(Site {
                area,
                coast: Some(c as usize),
            }),
        }
    }

    /// Every slot of an area.
    pub fn slots(&self, area: usize) -> Vec<AreaSlot> {
        let a = &self.areas[area];
        let mut v = Vec::new();
        if a.open {
            v.push(AreaSlot::Open);
        }
        v.extend((1..=a.boxes).map(AreaSlot::Box));
        v.extend((0..a.coasts.len() as u32).map(AreaSlot::Coast));
        v
    }
}

/// An area.
#[derive(Debug, Clone, Serialize)]
pub struct Area {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Terrain (urban, rural, …).
    pub terrain: TerrainId,
    /// Country.
    pub country: Option<CountryId>,
    /// Points per side.
    pub points: Vec<(SideId, i64)>,
    /// Infrastructure boxes.
    pub boxes: u32,
    /// Has an Open area.
    pub open: bool,
    /// Areas sharing a border.
    pub adjacent: Vec<usize>,
    /// Area containing it.
    pub within: Option<usize>,
    /// Sides that may enter (empty = all).
    pub only: Vec<SideId>,
    /// Centre on the picture.
    pub position: Option<(f64, f64)>,
    /// Outline on the picture.
    pub outline: Vec<(f64, f64)>,
    /// Supply centre.
    pub supply_centre: bool,
    /// Other names orders may use.
    pub aliases: Vec<String>,
    /// Province boards: the areas an army here may move to (symmetric, sorted).
    pub army: Vec<usize>,
    /// Province boards: the sites a fleet in the province itself (not on one of its
    /// coasts) may move to (symmetric, sorted); empty where no fleet stands.
    pub fleet: Vec<Site>,
    /// Province boards: the coasts of a split-coast province.
    pub coasts: Vec<Coast>,
}

/// One coast of a split-coast province.
#[derive(Debug, Clone, Serialize)]
pub struct Coast {
    /// Identifier within the province (`nc`).
    pub id: String,
    /// Name (`north coast`).
    pub name: String,
    /// The sites a fleet on it may move to (symmetric, sorted).
    pub fleet: Vec<Site>,
    /// Where a fleet on it stands on the picture, when the designer says.
    pub position: Option<(f64, f64)>,
}

/// Where a unit stands on a province board: a province (an area), or one coast of a
/// split-coast province.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Site {
    /// The area.
    pub area: usize,
    /// The coast, an index into the area's `coasts`.
    pub coast: Option<usize>,
}

impl Site {
    /// The site a counter in `area` occupies in `slot`: a coast slot is that coast, any
    /// other slot the province itself.
    pub fn in_slot(area: usize, slot: crate::model::scenario::AreaSlot) -> Site {
        match slot {
            crate::model::scenario::AreaSlot::Coast(c) => Site {
                area,
                coast: Some(c as usize),
            },
            _ => Site { area, coast: None },
        }
    }

    /// The slot a counter standing on this site takes: its coast, or the open province.
    pub fn slot(&self) -> crate::model::scenario::AreaSlot {
        match self.coast {
            Some(c) => crate::model::scenario::AreaSlot::Coast(c as u32),
            None => crate::model::scenario::AreaSlot::Open,
        }
    }
}

impl AreaMap {
    /// Whether this is a province board: some area says which moves armies or fleets make.
    pub fn is_board(&self) -> bool {
        self.areas
            .iter()
            .any(|a| !a.army.is_empty() || !a.fleet.is_empty() || !a.coasts.is_empty())
    }

    /// The id orders and position files use for a site: `spa`, `spa/nc`.
    pub fn site_id(&self, s: Site) -> String {
        let a = &self.areas[s.area];
        match s.coast.and_then(|c| a.coasts.get(c)) {
            Some(c) => format!("{}/{}", a.id, c.id),
            None => a.id.clone(),
        }
    }

    /// The name of a site: `Spain`, `Spain (north coast)`.
    pub fn site_name(&self, s: Site) -> String {
        let a = &self.areas[s.area];
        match s.coast.and_then(|c| a.coasts.get(c)) {
            Some(c) => format!("{} ({})", a.name, c.name),
            None => a.name.clone(),
        }
    }

    /// The site an id names (`spa/nc`, `SPA`), by the areas' ids.
    pub fn site(&self, id: &str) -> Option<Site> {
        let id = id.trim().to_ascii_lowercase();
        let (area, coast) = match id.split_once('/') {
            Some((a, c)) => (a, Some(c)),
            None => (id.as_str(), None),
        };
        let ai = self
            .areas
            .iter()
            .position(|a| a.id.eq_ignore_ascii_case(area))?;
        let coast = match coast {
            Some(c) => Some(
                self.areas[ai]
                    .coasts
                    .iter()
                    .position(|k| k.id.eq_ignore_ascii_case(c))?,
            ),
            None => None,
        };
        Some(Site { area: ai, coast })
    }

    /// The moves a fleet at a site may make.
    pub fn fleet_moves(&self, s: Site) -> &[Site] {
        let a = &self.areas[s.area];
        match s.coast {
            Some(c) => a.coasts.get(c).map_or(&[], |c| c.fleet.as_slice()),
            None => &a.fleet,
        }
    }

    /// The sites of a province a fleet may stand on: its coasts when it has several, else
    /// the province itself when fleets move from it; none for an inland province.
    pub fn fleet_sites(&self, area: usize) -> Vec<Site> {
        let a = &self.areas[area];
        if !a.coasts.is_empty() {
            (0..a.coasts.len())
                .map(|c| Site {
                    area,
                    coast: Some(c),
                })
                .collect()
        } else if !a.fleet.is_empty() {
            vec![Site { area, coast: None }]
        } else {
            Vec::new()
        }
    }
}

/// Why a unit cannot stand on a site of a province board ([`Game::misplaced`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misplaced {
    /// An army in a water area.
    ArmyAtSea,
    /// An army on one coast of a split-coast province: armies stand in the province itself.
    ArmyOnCoast,
    /// A fleet in a province of several coasts, on none of them.
    CoastNeeded,
    /// A fleet in a province without a coast.
    FleetInland,
    /// A unit in an area whose terrain keeps every unit of its kind out (impassable
    /// Switzerland: `movement = { all = "prohibited" }`).
    Impassable,
}

impl Misplaced {
    /// The diagnostic code that reports it.
    pub fn code(self) -> &'static str {
        match self {
            Misplaced::ArmyAtSea => "army-at-sea",
            Misplaced::ArmyOnCoast => "army-on-coast",
            Misplaced::CoastNeeded => "coast-needed",
            Misplaced::FleetInland => "fleet-inland",
            Misplaced::Impassable => "impassable",
        }
    }

    /// What is wrong, in the same words wherever the unit was written (a position file, a
    /// scenario, a save): `an army cannot stand in `nth`, a sea`.
    pub fn message(self, areas: &AreaMap, site: Site, kind: super::UnitKind) -> String {
        let Some(area) = areas.areas.get(site.area) else {
            return String::new();
        };
        let id = &area.id;
        match self {
            Misplaced::ArmyAtSea => format!("an army cannot stand in `{id}`, a sea"),
            Misplaced::ArmyOnCoast => {
                format!("an army stands in the province, not on a coast: `{id}`")
            }
            Misplaced::CoastNeeded => format!("a fleet in `{id}` stands on one of its coasts"),
            Misplaced::FleetInland => {
                format!("a fleet cannot stand in `{id}`, which has no coast: no fleet moves there")
            }
            Misplaced::Impassable => format!("no {} can stand in `{id}`", kind.as_str()),
        }
    }
}

impl super::Game {
    /// Whether a unit of `kind` may stand on `site` of the province board `areas`, and why
    /// not. The one rule positions, scenarios, builds and saves follow: an army stands on
    /// any land province whose terrain does not keep armies out — an island (a province
    /// with no land neighbours) included: it cannot move by land, it may still stand
    /// there —, in the province itself, never on one of its coasts; a fleet stands at sea or
    /// on a coast (on one of the coasts of a province that has several).
    pub fn misplaced(
        &self,
        areas: &AreaMap,
        site: Site,
        kind: super::UnitKind,
    ) -> Option<Misplaced> {
        let area = areas.areas.get(site.area)?;
        let water = self
            .terrain
            .get(area.terrain)
            .is_some_and(|t| t.kind == super::TerrainKind::Water);
        match kind {
            super::UnitKind::Army if water => Some(Misplaced::ArmyAtSea),
            _ if self.terrain_bars(area.terrain, kind) => Some(Misplaced::Impassable),
            super::UnitKind::Army if site.coast.is_some() => Some(Misplaced::ArmyOnCoast),
            super::UnitKind::Army => None,
            super::UnitKind::Fleet if areas.fleet_sites(site.area).contains(&site) => None,
            super::UnitKind::Fleet if !area.coasts.is_empty() => Some(Misplaced::CoastNeeded),
            super::UnitKind::Fleet => Some(Misplaced::FleetInland),
        }
    }

    /// Whether a terrain keeps every unit of a kind out: its movement cost is `prohibited`
    /// for every unit type that moves as that kind (for all units when no type does).
    pub fn terrain_bars(&self, terrain: TerrainId, kind: super::UnitKind) -> bool {
        let Some(t) = self.terrain.get(terrain) else {
            return false;
        };
        let prohibited = |ty: Option<usize>| t.cost(ty) == Some(super::Cost::Prohibited);
        let mut types = (0..self.unit_types.len())
            .filter(|&i| self.unit_types[i].moves_as == Some(kind))
            .peekable();
        if types.peek().is_none() {
            return prohibited(None);
        }
        types.all(|i| prohibited(Some(i)))
    }
}

/// A printed movement arrow.
#[derive(Debug, Clone, Serialize)]
pub struct Route {
    /// One end.
    pub from: usize,
    /// Other end.
    pub to: usize,
    /// Kind.
    pub kind: String,
    /// Unit types allowed (empty = all).
    pub units: Vec<super::UnitTypeId>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, side: f64) -> Vec<(f64, f64)> {
        vec![(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
    }

    #[test]
    fn outlines_that_share_a_side_touch_and_others_do_not() {
        let outlines = vec![
            square(10.0, 10.0, 40.0),
            // Shares the side x = 50.
            square(50.0, 10.0, 40.0),
            // A pixel apart from the second: still touching.
            square(91.0, 10.0, 40.0),
            // Far from the rest.
            square(10.0, 80.0, 40.0),
            // Not an outline.
            vec![(0.0, 0.0), (1.0, 1.0)],
        ];
        let t = touching_outlines(&outlines, (200, 200));
        assert_eq!(t, BTreeSet::from([(0, 1), (1, 2)]));
    }

    #[test]
    fn the_closest_points_of_two_outlines_face_each_other_across_the_gap() {
        // A square, and a triangle whose tip points at the square's east side.
        let a = square(0.0, 0.0, 10.0);
        let b = vec![(14.0, 5.0), (30.0, 0.0), (30.0, 10.0)];
        assert_eq!(closest_points(&a, &b), Some(((10.0, 5.0), (14.0, 5.0))));
        // The other way round: the points come in the order of the outlines.
        assert_eq!(closest_points(&b, &a), Some(((14.0, 5.0), (10.0, 5.0))));
        assert_eq!(closest_points(&a, &[]), None);
    }

    #[test]
    fn corners_alone_do_not_touch() {
        let outlines = vec![square(10.0, 10.0, 40.0), square(50.0, 50.0, 40.0)];
        assert!(touching_outlines(&outlines, (200, 200)).is_empty());
    }
}

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
}

impl AreaMap {
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

    /// The location name of a slot: `Larissa — Open`, `Larissa — Box 2`.
    pub fn slot_name(&self, area: usize, slot: AreaSlot) -> String {
        let name = &self.areas[area].name;
        match slot {
            AreaSlot::Open => format!("{name} — Open"),
            AreaSlot::Box(n) => format!("{name} — Box {n}"),
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
    /// Split coasts.
    pub coasts: Vec<String>,
    /// Supply centre.
    pub supply_centre: bool,
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

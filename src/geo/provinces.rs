//! Area maps from geography: the picture's extent projected to kilometres, the land cut
//! from Natural Earth's coast (with the land the board adds where a strait is too narrow for
//! it; the sea is the rest), and each province's shape — its given outline or Natural Earth
//! countries, else the land (or sea, for a water area) nearer to one of its seed points than
//! to any other province's of the same kind — turned into the outline and label position
//! the map's art draws. Land no province takes (an island without a seed, land declared
//! unplayable) is drawn but in no province; the islands inside a sea stay out of its outline.
//! A split coast's fleet stands where the province meets the seas that coast reaches. The
//! borders the outlines share, and the straits the geography declares crossed
//! (`[[map.geography.crossing]]`, two provinces bordering across water), are the adjacency
//! they imply, which the report (and `check`) compares with the declared adjacency and moves.

use std::collections::{BTreeMap, BTreeSet};

use geo::{
    Area, BooleanOps, BoundingRect, Contains, InteriorPoint, LineString, MapCoords, MultiPolygon,
    Point, Polygon, Rect, Simplify,
};
use rayon::prelude::*;
use serde::Serialize;

use super::coverage::Coverage;
use super::natural_earth::Atlas;
use super::projection::Projection;
use super::{Adjustment, Km};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::schema::geography::{Geography, LatLon, Patch};
use crate::load::schema::Map;
use crate::load::source::FileId;
pub use crate::model::map::OffBoardKind;

/// An area as laid: its outline and where its name goes, in the picture's pixels.
#[derive(Debug, Clone, Serialize)]
pub struct ComputedArea {
    /// The area's id.
    pub id: String,
    /// Where its name is printed.
    pub position: [f64; 2],
    /// Its outline (the largest piece when it has several); a sea's islands are cut out of
    /// it, each joined to the ring by a cut there and back.
    pub outline: Vec<[f64; 2]>,
    /// Where a fleet stands on each of its split coasts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub coasts: Vec<ComputedCoast>,
}

/// What a province board's picture draws outside every province, in pixels: land and water
/// off the board, and lakes.
#[derive(Debug, Clone, Serialize)]
pub struct OffBoard {
    /// Land, water or a lake.
    pub kind: OffBoardKind,
    /// Its outline.
    pub outline: Vec<[f64; 2]>,
}

/// An area map as laid: its areas and what is drawn outside them.
#[derive(Debug, Clone, Default)]
pub struct Laid {
    /// The areas, in the order of the provinces.
    pub areas: Vec<ComputedArea>,
    /// Land and water off the board, and lakes.
    pub off_board: Vec<OffBoard>,
}

/// Where a fleet on one split coast of a province stands, in pixels.
#[derive(Debug, Clone, Serialize)]
pub struct ComputedCoast {
    /// The coast's id (`nc`).
    pub id: String,
    /// The point.
    pub position: [f64; 2],
}

/// The outlines are simplified to within this many pixels.
const SIMPLIFY_PX: f64 = 0.6;

/// The smallest island a sea's outline leaves out, in square pixels; a smaller one is
/// drawn as sea.
const ISLAND_PX2: f64 = 20.0;

/// How far a split coast's fleet stands inside the coast, in pixels.
const COAST_INSET_PX: f64 = 10.0;

/// A point of an outline lies on another area's border within this many pixels.
const BORDER_PX: f64 = 3.0;

/// The picture: its extent in km and the scale.
pub struct Picture {
    west: f64,
    north: f64,
    /// Pixels per km.
    scale: f64,
    /// Width and height in pixels.
    pub size: [u32; 2],
    frame: Rect<f64>,
}

impl Picture {
    /// The picture of a latitude/longitude box, `width` pixels wide.
    pub fn new(projection: &Projection, [sw, ne]: [LatLon; 2], width: u32) -> Option<Self> {
        let (mut west, mut south, mut east, mut north) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        // The box's edges are curves once projected: walk them.
        for k in 0..=32 {
            let t = f64::from(k) / 32.0;
            let lat = sw[0] + (ne[0] - sw[0]) * t;
            let lon = sw[1] + (ne[1] - sw[1]) * t;
            for (la, lo) in [(lat, sw[1]), (lat, ne[1]), (sw[0], lon), (ne[0], lon)] {
                let (x, y) = projection.project(la, lo);
                west = west.min(x);
                east = east.max(x);
                south = south.min(y);
                north = north.max(y);
            }
        }
        let scale = f64::from(width) / (east - west);
        let height = ((north - south) * scale).ceil();
        if !(scale.is_finite() && scale > 0.0 && (1.0..=20_000.0).contains(&height)) {
            return None;
        }
        Some(Self {
            west,
            north,
            scale,
            size: [width, height as u32],
            frame: Rect::new((west, south), (east, north)),
        })
    }

    /// Where a point in projected kilometres lies on the picture, in pixels.
    pub fn px(&self, (x, y): Km) -> [f64; 2] {
        let r = |v: f64| (v * 10.0).round() / 10.0;
        [
            r((x - self.west) * self.scale),
            r((self.north - y) * self.scale),
        ]
    }

    /// The latitude/longitude box the picture shows (its edges walked and unprojected):
    /// south-west and north-east corners.
    pub fn bounds(&self, projection: &Projection) -> [LatLon; 2] {
        let (mut south, mut west, mut north, mut east) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        let (x0, y0) = (self.frame.min().x, self.frame.min().y);
        let (x1, y1) = (self.frame.max().x, self.frame.max().y);
        for k in 0..=32 {
            let t = f64::from(k) / 32.0;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            for (px, py) in [(x, y0), (x, y1), (x0, y), (x1, y)] {
                let (lat, lon) = projection.unproject(px, py);
                south = south.min(lat);
                north = north.max(lat);
                west = west.min(lon);
                east = east.max(lon);
            }
        }
        [[south, west], [north, east]]
    }
}

/// A polygon given in degrees, in projected km.
fn to_km(shape: &MultiPolygon<f64>, projection: &Projection) -> MultiPolygon<f64> {
    shape.map_coords(|c| {
        let (x, y) = projection.project(c.y, c.x);
        geo::coord! { x: x, y: y }
    })
}

/// The part of a convex polygon nearer to `a` than to `b`: `a`'s side of their bisector.
fn clip_nearer(poly: &[Km], a: Km, b: Km) -> Vec<Km> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if dx.hypot(dy) < 1e-9 {
        return poly.to_vec();
    }
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let side = |p: Km| (p.0 - mid.0) * dx + (p.1 - mid.1) * dy;
    let mut out = Vec::with_capacity(poly.len() + 1);
    for (k, &p) in poly.iter().enumerate() {
        let q = poly[(k + 1) % poly.len()];
        let (sp, sq) = (side(p), side(q));
        if sp <= 0.0 {
            out.push(p);
        }
        if (sp < 0.0 && sq > 0.0) || (sp > 0.0 && sq < 0.0) {
            let t = sp / (sp - sq);
            out.push((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t));
        }
    }
    out
}

/// The half of the plane nearer to `a` than to `b`, as a polygon large enough to cover
/// `frame`.
fn nearer(a: Km, b: Km, frame: &Rect<f64>) -> Option<Polygon<f64>> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let big = 4.0 * (frame.width() + frame.height())
        + (mid.0 - frame.center().x).abs()
        + (mid.1 - frame.center().y).abs();
    // Along the bisector both ways, then back towards `a`.
    let (px, py) = (-uy, ux);
    let ring = vec![
        (mid.0 + px * big, mid.1 + py * big),
        (mid.0 - px * big, mid.1 - py * big),
        (mid.0 - px * big - ux * big, mid.1 - py * big - uy * big),
        (mid.0 + px * big - ux * big, mid.1 + py * big - uy * big),
    ];
    Some(Polygon::new(LineString::from(ring), vec![]))
}

/// The Voronoi cell of `seed` among `others` within `frame`: the points nearer to it than
/// to any of them, cut from the frame one bisector at a time (a quick convex clip first
/// says when nothing is left).
fn cell(seed: Km, others: &[Km], frame: &Rect<f64>) -> MultiPolygon<f64> {
    let (lo, hi) = (frame.min(), frame.max());
    let mut poly = vec![(lo.x, lo.y), (hi.x, lo.y), (hi.x, hi.y), (lo.x, hi.y)];
    for &o in others {
        poly = clip_nearer(&poly, seed, o);
        if poly.len() < 3 {
            return MultiPolygon::new(vec![]);
        }
    }
    let mut cell = MultiPolygon::new(vec![frame.to_polygon()]);
    for &o in others {
        if let Some(half) = nearer(seed, o, frame) {
            cell = cell.intersection(&MultiPolygon::new(vec![half]));
        }
    }
    cell
}

/// The region nearer to one of `seeds` than to any of `others`: the union of each seed's
/// cell among the others.
fn region(seeds: &[Km], others: &[Km], frame: &Rect<f64>) -> MultiPolygon<f64> {
    let mut out = MultiPolygon::new(vec![]);
    for (k, s) in seeds.iter().enumerate() {
        let c = cell(*s, others, frame);
        out = if k == 0 { c } else { out.union(&c) };
    }
    out
}

/// A shape given in degrees — an outline (limited to `inside` countries), or Natural Earth
/// countries — in km; `None` when it gives neither.
fn given_shape(
    outline: Option<&Vec<LatLon>>,
    natural_earth: Option<&Vec<String>>,
    inside: Option<&Vec<String>>,
    atlas: &Atlas,
    projection: &Projection,
) -> Option<MultiPolygon<f64>> {
    // Countries joined into one shape: neighbours (Belgium and Luxembourg) make one piece.
    let countries = |names: &[String]| -> MultiPolygon<f64> {
        let mut out = MultiPolygon::new(vec![]);
        for n in names {
            if let Some(c) = atlas.countries.get(n) {
                let c = to_km(c, projection);
                out = if out.0.is_empty() { c } else { out.union(&c) };
            }
        }
        out
    };
    let shape = match (outline, natural_earth) {
        (Some(o), _) => {
            let ring: Vec<Km> = o
                .iter()
                .map(|[lat, lon]| projection.project(*lat, *lon))
                .collect();
            MultiPolygon::new(vec![Polygon::new(LineString::from(ring), vec![])])
        }
        (None, Some(names)) => countries(names),
        (None, None) => return None,
    };
    Some(match inside {
        Some(names) => shape.intersection(&countries(names)),
        None => shape,
    })
}

/// The union of patches (land added, or unplayable), in km.
fn patches(list: &[Patch], atlas: &Atlas, projection: &Projection) -> MultiPolygon<f64> {
    let mut out = MultiPolygon::new(vec![]);
    for p in list {
        if let Some(s) = given_shape(
            p.outline.as_ref().map(|o| o.get_ref()),
            p.natural_earth.as_ref().map(|n| n.get_ref()),
            p.inside.as_ref().map(|n| n.get_ref()),
            atlas,
            projection,
        ) {
            out = if out.0.is_empty() { s } else { out.union(&s) };
        }
    }
    out
}

/// Whether the bounding boxes of two shapes overlap.
fn overlapping(a: &MultiPolygon<f64>, b: &MultiPolygon<f64>) -> bool {
    match (a.bounding_rect(), b.bounding_rect()) {
        (Some(a), Some(b)) => {
            a.min().x <= b.max().x
                && b.min().x <= a.max().x
                && a.min().y <= b.max().y
                && b.min().y <= a.max().y
        }
        _ => false,
    }
}

/// Whether two bounding boxes overlap.
fn boxes_overlap(a: &Rect<f64>, b: &Rect<f64>) -> bool {
    a.min().x <= b.max().x
        && b.min().x <= a.max().x
        && a.min().y <= b.max().y
        && b.min().y <= a.max().y
}

/// A piece's point lies on a neighbour's border within this many km.
const SHARED_KM: f64 = 0.5;

/// How long a border `piece` shares with the rings of `others`, in km: the length of the
/// edges of its ring whose middle lies on one of their rings (within [`SHARED_KM`]); only
/// their edges near `piece` (its box `near`) are looked at. A length, not a count of
/// points that happen to coincide, so that a border cut by a straight line (two points)
/// and one along a coast (many) weigh what they measure, and the rounding of the cuts
/// that made both sides cannot tip it.
fn shared_length<'a>(
    piece: &Polygon<f64>,
    near: &Rect<f64>,
    others: impl Iterator<Item = &'a Polygon<f64>>,
) -> f64 {
    let (x0, y0) = (near.min().x - SHARED_KM, near.min().y - SHARED_KM);
    let (x1, y1) = (near.max().x + SHARED_KM, near.max().y + SHARED_KM);
    let near: Vec<(P2, P2)> = others
        .flat_map(|other| other.exterior().lines())
        .filter(|l| {
            l.start.x.max(l.end.x) >= x0
                && l.start.x.min(l.end.x) <= x1
                && l.start.y.max(l.end.y) >= y0
                && l.start.y.min(l.end.y) <= y1
        })
        .map(|l| ([l.start.x, l.start.y], [l.end.x, l.end.y]))
        .collect();
    if near.is_empty() {
        return 0.0;
    }
    piece
        .exterior()
        .lines()
        .filter(|l| {
            let mid = [(l.start.x + l.end.x) / 2.0, (l.start.y + l.end.y) / 2.0];
            near.iter().any(|&(a, b)| to_segment(mid, a, b) < SHARED_KM)
        })
        .map(|l| (l.end.x - l.start.x).hypot(l.end.y - l.start.y))
        .sum()
}

/// The box covering two boxes.
fn cover(a: &Rect<f64>, b: &Rect<f64>) -> Rect<f64> {
    Rect::new(
        (a.min().x.min(b.min().x), a.min().y.min(b.min().y)),
        (a.max().x.max(b.max().x), a.max().y.max(b.max().y)),
    )
}

/// Regions this far apart (km) or more may be cut in one go.
const APART_KM: f64 = 1.0;

/// Whether two regions lie at least [`APART_KM`] apart.
fn apart(a: &MultiPolygon<f64>, b: &MultiPolygon<f64>) -> bool {
    let (Some(ra), Some(rb)) = (a.bounding_rect(), b.bounding_rect()) else {
        return true;
    };
    if ra.min().x > rb.max().x + APART_KM
        || rb.min().x > ra.max().x + APART_KM
        || ra.min().y > rb.max().y + APART_KM
        || rb.min().y > ra.max().y + APART_KM
    {
        return true;
    }
    let rings = |m: &MultiPolygon<f64>| -> Vec<Vec<P2>> {
        m.0.iter()
            .map(|p| p.exterior().coords().map(|c| [c.x, c.y]).collect())
            .collect()
    };
    let (ra, rb) = (rings(a), rings(b));
    for x in &ra {
        for y in &rb {
            for (p, q) in edges(x) {
                for (u, v) in edges(y) {
                    let d = to_segment(p, u, v)
                        .min(to_segment(q, u, v))
                        .min(to_segment(u, p, q))
                        .min(to_segment(v, p, q));
                    if d < APART_KM || meets(p, q, u, v) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// The seeded regions in groups of one kind whose members lie apart, greedily in order.
fn apart_groups(regions: &[Option<MultiPolygon<f64>>], kinds: &[bool]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, r) in regions.iter().enumerate() {
        let Some(r) = r else { continue };
        if r.0.is_empty() {
            continue;
        }
        let fits = |g: &Vec<usize>| {
            kinds[g[0]] == kinds[i]
                && g.iter()
                    .all(|&j| regions[j].as_ref().is_some_and(|q| apart(r, q)))
        };
        match groups.iter_mut().find(|g| fits(g)) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    groups
}

/// The member of a group whose region holds a piece cut from it (by a point inside the
/// piece; the nearest region when rounding puts that point just outside all of them).
fn owner(
    piece: &Polygon<f64>,
    group: &[usize],
    regions: &[Option<MultiPolygon<f64>>],
) -> Option<usize> {
    let q = piece.interior_point()?;
    let p = [q.x(), q.y()];
    group
        .iter()
        .copied()
        .filter_map(|i| {
            let r = regions[i].as_ref()?;
            if r.contains(&q) {
                return Some((0.0, i));
            }
            let d =
                r.0.iter()
                    .map(|poly| {
                        let ring: Vec<P2> = poly.exterior().coords().map(|c| [c.x, c.y]).collect();
                        to_ring(p, &ring)
                    })
                    .fold(f64::INFINITY, f64::min);
            Some((d, i))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, i)| i)
}

/// The pieces of a shape holding one of `seeds`: the one holding the first seed (the
/// name's point) first, then the others in the order of their seeds; the largest piece
/// when none holds a seed.
fn seeded_pieces(pieces: &[Polygon<f64>], seeds: &[Km]) -> Vec<Polygon<f64>> {
    let mut out: Vec<Polygon<f64>> = Vec::new();
    for &(x, y) in seeds {
        if let Some(p) = pieces.iter().find(|p| p.contains(&Point::new(x, y))) {
            if !out.contains(p) {
                out.push(p.clone());
            }
        }
    }
    if out.is_empty() {
        out.extend(
            pieces
                .iter()
                .max_by(|a, b| a.unsigned_area().total_cmp(&b.unsigned_area()))
                .cloned(),
        );
    }
    out
}

/// A piece apart a province takes in a round of joining: the piece's place in the order of
/// the pieces apart, its area, the area taking it, its box and the piece.
type Taken = (usize, usize, usize, Rect<f64>, Polygon<f64>);

/// Lay an area map's provinces. `water` says whether an area's terrain is water; a
/// province drawn much larger or smaller than its seeds' share is a warning located in
/// `file`.
#[allow(clippy::too_many_arguments)]
pub(super) fn lay(
    g: &Geography,
    map: &Map,
    projection: &Projection,
    picture: &Picture,
    atlas: &Atlas,
    water: &dyn Fn(&str) -> bool,
    sizes: Boxes,
    report: &mut Vec<Adjustment>,
    (file, warnings): (FileId, &mut Diagnostics),
) -> Laid {
    let frame = MultiPolygon::new(vec![picture.frame.to_polygon()]);
    // What the data covers of the picture: beyond it there is neither land nor sea.
    let data = match atlas.covers {
        Some(c) => to_km(
            &super::natural_earth::densified(&MultiPolygon::new(vec![c.to_polygon()])),
            projection,
        )
        .intersection(&frame),
        None => frame.clone(),
    };
    let coast = to_km(&atlas.land, projection).intersection(&data);
    let added = patches(&g.land, atlas, projection);
    let land = if added.0.is_empty() {
        coast
    } else {
        coast.union(&added.intersection(&data))
    };
    let unplayable = patches(&g.unplayable, atlas, projection);
    let all_sea = data.difference(&land);
    // Water marked off the board is no sea's.
    let sea = if unplayable.0.is_empty() {
        all_sea.clone()
    } else {
        all_sea.difference(&unplayable)
    };
    let terrain: BTreeMap<&str, &str> = map
        .area
        .iter()
        .map(|a| (a.id.get_ref().as_str(), a.terrain.get_ref().as_str()))
        .collect();
    let kinds: Vec<bool> = g
        .province
        .iter()
        .map(|p| {
            terrain
                .get(p.area.get_ref().as_str())
                .is_some_and(|t| water(t))
        })
        .collect();
    // Given shapes first: an outline (within countries) or Natural Earth countries.
    let given: Vec<Option<MultiPolygon<f64>>> = g
        .province
        .iter()
        .zip(&kinds)
        .map(|(p, &is_water)| {
            let base = if is_water { &sea } else { &land };
            given_shape(
                p.outline.as_ref().map(|o| o.get_ref()),
                p.natural_earth.as_ref().map(|n| n.get_ref()),
                p.inside.as_ref().map(|n| n.get_ref()),
                atlas,
                projection,
            )
            .map(|s| s.intersection(base))
        })
        .collect();
    let seeds: Vec<Vec<Km>> = g
        .province
        .iter()
        .map(|p| {
            std::iter::once(p.at.get_ref())
                .chain(p.seeds.iter().flat_map(|s| s.get_ref().iter()))
                .map(|[lat, lon]| projection.project(*lat, *lon))
                .collect()
        })
        .collect();
    // What a given shape holds: the pieces holding its seeds (its largest when none does);
    // the rest goes back to be shared.
    let held: Vec<Option<MultiPolygon<f64>>> = given
        .iter()
        .zip(&seeds)
        .map(|(s, seeds)| {
            s.as_ref()
                .map(|s| MultiPolygon::new(seeded_pieces(&s.0, seeds)))
        })
        .collect();
    // The land the seeds share: the land masses some land seed lies on, less what is
    // unplayable. The sea is shared whole.
    let seeded: Vec<Km> = seeds
        .iter()
        .zip(&kinds)
        .zip(&given)
        .filter(|((_, k), gv)| !**k && gv.is_none())
        .flat_map(|((s, _), _)| s.iter().copied())
        .collect();
    let covers: Vec<Coverage> = land.0.iter().map(Coverage::of_polygon).collect();
    let on_seed: Vec<bool> = covers
        .iter()
        .map(|c| seeded.iter().any(|&(x, y)| c.contains(x, y)))
        .collect();
    // A point on a land mass no seed lies on (an island): land of no province.
    let on_island = |(x, y): Km| {
        covers
            .iter()
            .zip(&on_seed)
            .any(|(c, seeded)| !seeded && c.contains(x, y))
    };
    let shared_land = {
        let masses = if on_seed.iter().all(|s| *s) {
            land.clone()
        } else {
            MultiPolygon::new(
                land.0
                    .iter()
                    .zip(&on_seed)
                    .filter(|(_, s)| **s)
                    .map(|(p, _)| p.clone())
                    .collect(),
            )
        };
        if unplayable.0.is_empty() {
            masses
        } else {
            masses.difference(&unplayable)
        }
    };
    // Each seeded province's region among the seeds of its kind; the land or sea is cut to
    // the regions a group at a time (regions of a group lie apart, so each piece of the cut
    // is one region's), which reads the large coast a few times rather than once a province.
    let regions: Vec<Option<MultiPolygon<f64>>> = (0..g.province.len())
        .into_par_iter()
        .map(|i| {
            given[i].is_none().then(|| {
                let others: Vec<Km> = (0..g.province.len())
                    .filter(|&j| j != i && kinds[j] == kinds[i] && given[j].is_none())
                    .flat_map(|j| seeds[j].iter().copied())
                    .collect();
                region(&seeds[i], &others, &picture.frame)
            })
        })
        .collect();
    let groups = apart_groups(&regions, &kinds);
    let cuts: Vec<Vec<(usize, Polygon<f64>)>> = groups
        .par_iter()
        .map(|group| {
            let base = if kinds[group[0]] { &sea } else { &shared_land };
            let windows = MultiPolygon::new(
                group
                    .iter()
                    .flat_map(|&i| regions[i].iter().flat_map(|r| r.0.iter().cloned()))
                    .collect(),
            );
            base.intersection(&windows)
                .0
                .into_iter()
                .filter_map(|piece| owner(&piece, group, &regions).map(|i| (i, piece)))
                .collect()
        })
        .collect();
    let mut cut_of: Vec<Vec<Polygon<f64>>> = vec![Vec::new(); g.province.len()];
    for (i, piece) in cuts.into_iter().flatten() {
        cut_of[i].push(piece);
    }
    let shapes: Vec<MultiPolygon<f64>> = cut_of
        .into_par_iter()
        .enumerate()
        .map(|(i, pieces)| {
            // A given shape is its largest piece; the rest was shared with the seeds.
            if let Some(s) = &held[i] {
                return s.clone();
            }
            let mut shape = MultiPolygon::new(pieces);
            for (j, taken) in held.iter().enumerate() {
                if let (Some(taken), true) = (taken, kinds[j] == kinds[i]) {
                    if overlapping(&shape, taken) {
                        shape = shape.difference(taken);
                    }
                }
            }
            shape
        })
        .collect();
    // A province is the piece holding its seed (its name's point, else another seed, else
    // its largest piece) and every other piece holding one of its seeds (an island); a
    // piece holding none joins the neighbour of its kind whose drawn piece it borders most
    // (a firth cut off from its sea by a headland, a peninsula across a bay from its
    // province), else it is drawn off the board.
    let mut drawn: Vec<Option<Polygon<f64>>> = Vec::with_capacity(shapes.len());
    let mut islands: Vec<Vec<Polygon<f64>>> = vec![Vec::new(); shapes.len()];
    let mut apart: Vec<(usize, Polygon<f64>)> = Vec::new();
    for (i, shape) in shapes.iter().enumerate() {
        let own = seeded_pieces(&shape.0, &seeds[i]);
        let mut own = own.into_iter();
        drawn.push(own.next());
        islands[i].extend(own);
        apart.extend(
            shape
                .0
                .iter()
                .filter(|p| !seeds[i].iter().any(|&(x, y)| p.contains(&Point::new(x, y))))
                .filter(|p| drawn[i].as_ref() != Some(*p))
                .map(|piece| (i, piece.clone())),
        );
    }
    let mut joined: Vec<(usize, usize, Polygon<f64>)> = Vec::new();
    // The pieces a province took that its union left apart from its drawn piece (along a
    // border the two cuts rounded a hair apart, or across a gap narrower than
    // [`SHARED_KM`]): drawn with it all the same, each joined to it by a cut.
    let mut taken_apart: Vec<Vec<Polygon<f64>>> = vec![Vec::new(); drawn.len()];
    // Each drawn piece and the pieces joined to it in this round, with their box: a piece
    // apart is measured against the members of the provinces whose box meets its own. A
    // province's new members are joined to its drawn piece once a round, in one union (one
    // union per piece with the province's whole outline took most of the time on a board
    // of long coasts).
    let mut members: Vec<Vec<(Rect<f64>, Polygon<f64>)>> = drawn
        .iter()
        .map(|d| {
            d.iter()
                .filter_map(|p| Some((p.bounding_rect()?, p.clone())))
                .collect()
        })
        .collect();
    let mut boxes: Vec<Option<Rect<f64>>> = drawn
        .iter()
        .map(|d| d.as_ref().and_then(BoundingRect::bounding_rect))
        .collect();
    // Each piece apart with its place in the order of the pieces, kept from round to round.
    let mut apart: Vec<(usize, usize, Rect<f64>, Polygon<f64>)> = apart
        .into_iter()
        .filter_map(|(i, piece)| Some((i, piece.bounding_rect()?, piece)))
        .enumerate()
        .map(|(k, (i, b, piece))| (k, i, b, piece))
        .collect();
    loop {
        // This round's joins, in order.
        let mut round: Vec<Taken> = Vec::new();
        let mut left = Vec::new();
        for (k, i, piece_box, piece) in apart {
            let mut best: Option<(f64, usize)> = None;
            for j in 0..drawn.len() {
                let Some(b) = &boxes[j] else { continue };
                if j == i || kinds[j] != kinds[i] || !boxes_overlap(&piece_box, b) {
                    continue;
                }
                let near = members[j]
                    .iter()
                    .filter(|(mb, _)| boxes_overlap(&piece_box, mb))
                    .map(|(_, m)| m);
                let n = shared_length(&piece, &piece_box, near);
                // The longest shared border; the first area of those.
                if n >= SHARED_KM && best.is_none_or(|(m, _)| n > m) {
                    best = Some((n, j));
                }
            }
            match best {
                Some((_, j)) => {
                    members[j].push((piece_box, piece.clone()));
                    boxes[j] = boxes[j].map(|b| cover(&b, &piece_box));
                    round.push((k, i, j, piece_box, piece));
                }
                None => left.push((k, i, piece_box, piece)),
            }
        }
        if round.is_empty() {
            apart = left;
            break;
        }
        // Each province that took pieces, joined once: the piece of the union holding its
        // drawn piece.
        let into: BTreeSet<usize> = round.iter().map(|(_, _, j, _, _)| *j).collect();
        let wholes: Vec<(usize, Option<Polygon<f64>>)> = into
            .par_iter()
            .copied()
            .map(|j| {
                let whole = drawn[j].as_ref().and_then(|d| {
                    let inside = d.interior_point()?;
                    let pieces: Vec<Polygon<f64>> = round
                        .iter()
                        .filter(|(_, _, into, _, _)| *into == j)
                        .map(|(_, _, _, _, p)| p.clone())
                        .collect();
                    MultiPolygon::new(vec![d.clone()])
                        .union(&MultiPolygon::new(pieces))
                        .0
                        .into_iter()
                        .find(|w| w.contains(&inside))
                });
                (j, whole)
            })
            .collect();
        for (j, whole) in wholes {
            if whole.is_some() {
                drawn[j] = whole;
            }
            boxes[j] = drawn[j].as_ref().and_then(BoundingRect::bounding_rect);
        }
        for (_, i, j, _, piece) in round {
            let held = drawn[j]
                .as_ref()
                .is_some_and(|d| piece.interior_point().is_some_and(|q| d.contains(&q)));
            if !held {
                taken_apart[j].push(piece.clone());
            }
            joined.push((i, j, piece));
        }
        for &j in &into {
            members[j] = drawn[j]
                .iter()
                .chain(&taken_apart[j])
                .filter_map(|d| Some((d.bounding_rect()?, d.clone())))
                .collect();
            boxes[j] = members[j]
                .iter()
                .map(|(b, _)| *b)
                .reduce(|a, b| cover(&a, &b));
        }
        left.sort_by_key(|(k, ..)| *k);
        apart = left;
        if apart.is_empty() {
            break;
        }
    }
    let apart: Vec<(usize, Polygon<f64>)> = apart.into_iter().map(|(_, i, _, p)| (i, p)).collect();
    let r = |v: f64| (v * 10.0).round() / 10.0;
    let at = |piece: &Polygon<f64>| {
        piece.interior_point().map_or([f64::NAN; 2], |q| {
            let (lat, lon) = projection.unproject(q.x(), q.y());
            [r(lat), r(lon)]
        })
    };
    for (i, j, piece) in &joined {
        let km2 = piece.unsigned_area();
        let island = !kinds[*i]
            && piece
                .interior_point()
                .is_some_and(|q| on_island((q.x(), q.y())));
        if km2 >= 1.0 && !island {
            report.push(Adjustment::PieceJoined {
                area: g.province[*i].area.get_ref().clone(),
                km2: km2.round(),
                at: at(piece),
                to: g.province[*j].area.get_ref().clone(),
            });
        }
    }
    // What is drawn off the board: land no province takes (an island without a seed, land
    // marked unplayable), water marked unplayable, and pieces no neighbour took.
    let mut off_land: Vec<Polygon<f64>> = Vec::new();
    let mut off_water: Vec<Polygon<f64>> = Vec::new();
    // Land drawn off the board though nobody said so: pieces of seeded land no province
    // took (false), islands without a seed (true).
    let mut grey: Vec<(Polygon<f64>, bool)> = Vec::new();
    for (i, piece) in &apart {
        let km2 = piece.unsigned_area();
        let island = !kinds[*i]
            && piece
                .interior_point()
                .is_some_and(|q| on_island((q.x(), q.y())));
        if km2 >= 1.0 && !island {
            report.push(Adjustment::PieceLeftOut {
                area: g.province[*i].area.get_ref().clone(),
                km2: km2.round(),
                at: at(piece),
            });
        }
        if kinds[*i] {
            off_water.push(piece.clone());
        } else {
            if !island {
                grey.push((piece.clone(), false));
            }
            off_land.push(piece.clone());
        }
    }
    // Land masses no land province has a seed or a given shape on.
    let land_seeds: Vec<Km> = seeds
        .iter()
        .zip(&kinds)
        .filter(|(_, k)| !**k)
        .flat_map(|(s, _)| s.iter().copied())
        .collect();
    let given_land: Vec<&MultiPolygon<f64>> = held
        .iter()
        .zip(&kinds)
        .filter_map(|(h, k)| h.as_ref().filter(|_| !*k))
        .collect();
    let mut unseeded: Vec<&Coverage> = Vec::new();
    for (mass, cover) in land.0.iter().zip(&covers) {
        let seeded = land_seeds.iter().any(|&(x, y)| cover.contains(x, y))
            || given_land
                .iter()
                .any(|h| overlapping(h, &MultiPolygon::new(vec![mass.clone()])));
        if !seeded {
            grey.push((mass.clone(), true));
            off_land.push(mass.clone());
            unseeded.push(cover);
        }
    }
    if !unplayable.0.is_empty() {
        // Land marked unplayable, but for an island without a seed (Ireland off a board
        // of Europe), drawn whole above already.
        off_land.extend(land.intersection(&unplayable).0.into_iter().filter(|p| {
            !p.interior_point()
                .is_some_and(|q| unseeded.iter().any(|c| c.contains(q.x(), q.y())))
        }));
        off_water.extend(all_sea.intersection(&unplayable).0);
    }
    grey_land_warnings(
        &grey,
        &unplayable,
        (g, &kinds, &seeds),
        (picture, sizes),
        projection,
        (file, warnings),
    );
    // The lakes the geography names, drawn over the provinces they lie in.
    let lakes: Vec<Polygon<f64>> = g
        .lake
        .iter()
        .filter_map(|l| {
            let [lat, lon] = *l.at.get_ref();
            atlas.lake_at(lat, lon)
        })
        .flat_map(|l| {
            to_km(&MultiPolygon::new(vec![l.clone()]), projection)
                .intersection(&data)
                .0
        })
        .collect();
    let island_km2 = ISLAND_PX2 / (picture.scale * picture.scale);
    let rings = |polys: &[Polygon<f64>]| -> Vec<Vec<[f64; 2]>> {
        let mut out: Vec<Vec<[f64; 2]>> = polys
            .iter()
            .filter(|p| p.unsigned_area() >= island_km2)
            .map(|p| ring_px(picture, p.exterior()))
            .filter(|r| r.len() >= 3)
            .collect();
        out.sort_by(|a, b| {
            a[0][0]
                .total_cmp(&b[0][0])
                .then(a[0][1].total_cmp(&b[0][1]))
        });
        out
    };
    let mut off_board = Vec::new();
    for (kind, polys) in [
        (OffBoardKind::Water, &off_water),
        (OffBoardKind::Land, &off_land),
        (OffBoardKind::Lake, &lakes),
    ] {
        off_board.extend(
            rings(polys)
                .into_iter()
                .map(|outline| OffBoard { kind, outline }),
        );
    }
    let mut out = Vec::new();
    for (i, p) in g.province.iter().enumerate() {
        let Some(main) = drawn[i].clone() else {
            report.push(Adjustment::NoShape {
                area: p.area.get_ref().clone(),
            });
            continue;
        };
        // Drawn much smaller or larger than its seeds' share: a located warning.
        let share = shapes[i].unsigned_area();
        // Its drawn piece holds the pieces its union joined; the rest are drawn beside it.
        let drawn_km2 = main.unsigned_area()
            + islands[i]
                .iter()
                .chain(&taken_apart[i])
                .map(Area::unsigned_area)
                .sum::<f64>();
        if held[i].is_none() && share > 0.0 && !(0.5..=2.0).contains(&(drawn_km2 / share)) {
            warnings.push(
                Diagnostic::warning(
                    "province-shape",
                    format!(
                        "area `{}` is drawn {} km² where its seeds' share is {} km²",
                        p.area.get_ref(),
                        drawn_km2.round(),
                        share.round()
                    ),
                )
                .at(Span::new(file, p.area.span()))
                .hint("its seeds' share lies in pieces apart, drawn with its neighbours or off the board (`sandtable geo` lists them); move or add seeds, or mark the water or land off the board with `[[map.geography.unplayable]]`"),
            );
        }
        let mut outline = ring_px(picture, main.exterior());
        if kinds[i] {
            let holes: Vec<Vec<[f64; 2]>> = main
                .interiors()
                .iter()
                .filter(|h| Polygon::new((*h).clone(), vec![]).unsigned_area() >= island_km2)
                .map(|h| ring_px(picture, h))
                .filter(|h| h.len() >= 3)
                .collect();
            outline = with_holes(outline, holes);
        }
        // Its islands, each joined to the rest by a cut there and back.
        let own_islands: Vec<Vec<[f64; 2]>> = islands[i]
            .iter()
            .chain(&taken_apart[i])
            .map(|piece| ring_px(picture, piece.exterior()))
            .filter(|r| r.len() >= 3)
            .collect();
        outline = with_islands(outline, own_islands);
        let seed = picture.px(seeds[i][0]);
        let inside = Polygon::new(
            LineString::from(outline.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
            vec![],
        );
        let position = if inside.contains(&Point::new(seed[0], seed[1])) {
            seed
        } else {
            let main_px = Polygon::new(
                LineString::from(
                    ring_px(picture, main.exterior())
                        .iter()
                        .map(|p| (p[0], p[1]))
                        .collect::<Vec<_>>(),
                ),
                vec![],
            );
            let moved = main_px.interior_point().map_or(seed, |q| {
                [(q.x() * 10.0).round() / 10.0, (q.y() * 10.0).round() / 10.0]
            });
            report.push(Adjustment::LabelMoved {
                area: p.area.get_ref().clone(),
                to: moved,
            });
            moved
        };
        out.push(ComputedArea {
            id: p.area.get_ref().clone(),
            position,
            outline,
            coasts: Vec::new(),
        });
    }
    coast_positions(
        map,
        &mut out,
        water,
        (picture.size, sizes),
        (file, warnings),
    );
    boxes_in_their_provinces(map, &out, sizes, (file, warnings));
    Laid {
        areas: out,
        off_board,
    }
}

/// A located warning for each sizable piece of land (about the square a counter takes, so a
/// piece a player would want to stand on) drawn off the board that no
/// `[[map.geography.unplayable]]` marks so (`grey`: the piece, and whether it is an island
/// without a seed rather than a piece of seeded land no province borders), at the land
/// province whose seed is nearest to it. An island outside the box the land provinces'
/// seeds span is left alone.
fn grey_land_warnings(
    grey: &[(Polygon<f64>, bool)],
    unplayable: &MultiPolygon<f64>,
    (g, kinds, seeds): (&Geography, &[bool], &[Vec<Km>]),
    (picture, sizes): (&Picture, Boxes),
    projection: &Projection,
    (file, warnings): (FileId, &mut Diagnostics),
) {
    let sizable_km2 = sizes.sizable / (picture.scale * picture.scale);
    // The box the land provinces' seeds span.
    let span = (0..g.province.len())
        .filter(|&j| !kinds[j])
        .flat_map(|j| seeds[j].iter())
        .map(|&(x, y)| Rect::new((x, y), (x, y)))
        .reduce(|a, b| cover(&a, &b));
    for (piece, island) in grey {
        let km2 = piece.unsigned_area();
        if km2 < sizable_km2 {
            continue;
        }
        let marked = if unplayable.0.is_empty() {
            0.0
        } else {
            MultiPolygon::new(vec![piece.clone()])
                .intersection(unplayable)
                .unsigned_area()
        };
        if marked >= km2 / 2.0 {
            continue;
        }
        let Some(q) = piece.interior_point() else {
            continue;
        };
        // An island beyond the land the provinces span (Iceland off a board of Europe) is
        // plainly not the board's.
        if *island
            && !span
                .as_ref()
                .is_some_and(|r: &Rect<f64>| r.contains(&Point::new(q.x(), q.y())))
        {
            continue;
        }
        let nearest = (0..g.province.len())
            .filter(|&j| !kinds[j])
            .map(|j| {
                let d = seeds[j]
                    .iter()
                    .map(|&(x, y)| (x - q.x()).hypot(y - q.y()))
                    .fold(f64::INFINITY, f64::min);
                (d, j)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let Some((_, j)) = nearest else { continue };
        let (lat, lon) = projection.unproject(q.x(), q.y());
        let (lat, lon) = ((lat * 100.0).round() / 100.0, (lon * 100.0).round() / 100.0);
        let area = g.province[j].area.get_ref();
        let what = if *island {
            "an island holding no seed"
        } else {
            "land that borders no province of the board"
        };
        warnings.push(
            Diagnostic::warning(
                "land-off-board",
                format!(
                    "{} km² of land at [{lat}, {lon}] is drawn off the board: {what}",
                    km2.round()
                ),
            )
            .at(Span::new(file, g.province[j].area.span()))
            .hint(format!(
                "to play it, give a province a seed on it (e.g. `seeds = [[{lat}, {lon}]]` in the province of `{area}`, the nearest); to keep it off the board, say so with `[[map.geography.unplayable]]` (an `outline` around it, or its Natural Earth country)"
            )),
        );
    }
}

/// A ring in km as pixels, simplified, without the closing point.
fn ring_px(picture: &Picture, ring: &LineString<f64>) -> Vec<[f64; 2]> {
    let px_ring: Vec<Km> = ring
        .coords()
        .map(|c| {
            let [x, y] = picture.px((c.x, c.y));
            (x, y)
        })
        .collect();
    let simple = LineString::from(px_ring).simplify(&SIMPLIFY_PX);
    let mut outline: Vec<[f64; 2]> = simple.coords().map(|c| [c.x, c.y]).collect();
    if outline.len() > 1 && outline.first() == outline.last() {
        outline.pop();
    }
    outline
}

type P2 = [f64; 2];

fn signed_area(ring: &[P2]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|k| {
            let (a, b) = (ring[k], ring[(k + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum::<f64>()
        / 2.0
}

fn orient(p: P2, q: P2, r: P2) -> f64 {
    (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
}

/// Whether `r`, collinear with `p`–`q`, lies on that segment.
fn within(p: P2, q: P2, r: P2) -> bool {
    r[0] >= p[0].min(q[0])
        && r[0] <= p[0].max(q[0])
        && r[1] >= p[1].min(q[1])
        && r[1] <= p[1].max(q[1])
}

/// Whether the segments `p`–`q` and `a`–`b` meet anywhere but at an end they share.
fn meets(p: P2, q: P2, a: P2, b: P2) -> bool {
    if a == p || a == q || b == p || b == q {
        return false;
    }
    let (d1, d2) = (orient(p, q, a), orient(p, q, b));
    let (d3, d4) = (orient(a, b, p), orient(a, b, q));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    (d1 == 0.0 && within(p, q, a))
        || (d2 == 0.0 && within(p, q, b))
        || (d3 == 0.0 && within(a, b, p))
        || (d4 == 0.0 && within(a, b, q))
}

/// The edges of a closed ring.
fn edges(ring: &[P2]) -> impl Iterator<Item = (P2, P2)> + '_ {
    (0..ring.len()).map(move |k| (ring[k], ring[(k + 1) % ring.len()]))
}

/// A ring with holes as one ring: each hole, turned against the ring, is joined to it by a
/// cut from its westernmost point to the nearest point of the ring the cut can reach
/// without crossing an edge, there and back (the cut has no width, so the hole stays out
/// under the even–odd and the non-zero rule alike). A hole no cut reaches is left out.
pub(crate) fn with_holes(mut ring: Vec<P2>, mut holes: Vec<Vec<P2>>) -> Vec<P2> {
    if ring.len() < 3 {
        return ring;
    }
    let outer = signed_area(&ring);
    for h in &mut holes {
        if signed_area(h).signum() == outer.signum() {
            h.reverse();
        }
    }
    let west = |h: &Vec<P2>| {
        (0..h.len())
            .min_by(|&a, &b| {
                h[a][0]
                    .total_cmp(&h[b][0])
                    .then(h[a][1].total_cmp(&h[b][1]))
            })
            .unwrap_or(0)
    };
    holes.sort_by(|a, b| {
        let (pa, pb) = (a[west(a)], b[west(b)]);
        pa[0].total_cmp(&pb[0]).then(pa[1].total_cmp(&pb[1]))
    });
    for k in 0..holes.len() {
        let hole = &holes[k];
        let m = west(hole);
        let from = hole[m];
        let mut order: Vec<usize> = (0..ring.len()).collect();
        let d2 = |p: P2| (p[0] - from[0]).powi(2) + (p[1] - from[1]).powi(2);
        order.sort_by(|&a, &b| d2(ring[a]).total_cmp(&d2(ring[b])).then(a.cmp(&b)));
        let clear = |to: P2| {
            edges(&ring)
                .chain(holes[k..].iter().flat_map(|h| edges(h)))
                .all(|(a, b)| !meets(from, to, a, b))
        };
        let Some(v) = order.into_iter().find(|&v| clear(ring[v])) else {
            continue;
        };
        let mut joined = Vec::with_capacity(ring.len() + hole.len() + 2);
        joined.extend_from_slice(&ring[..=v]);
        joined.extend(hole[m..].iter().chain(&hole[..m]).copied());
        joined.push(from);
        joined.push(ring[v]);
        joined.extend_from_slice(&ring[v + 1..]);
        ring = joined;
    }
    ring
}

/// A ring with the rings of its islands as one ring: each island, turned the ring's way,
/// is joined to it by a cut from the island's point nearest to the ring to that point of
/// the ring, there and back (the cut has no width: it fills nothing, and the map's art
/// draws no border along it).
pub(crate) fn with_islands(mut ring: Vec<P2>, mut islands: Vec<Vec<P2>>) -> Vec<P2> {
    if ring.len() < 3 {
        return ring;
    }
    let outer = signed_area(&ring);
    for h in &mut islands {
        if signed_area(h).signum() != outer.signum() {
            h.reverse();
        }
    }
    for island in islands.into_iter().filter(|h| h.len() >= 3) {
        let d2 = |p: P2, q: P2| (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2);
        let Some((v, m, _)) = (0..ring.len())
            .flat_map(|v| (0..island.len()).map(move |m| (v, m)))
            .map(|(v, m)| (v, m, d2(ring[v], island[m])))
            .min_by(|a, b| a.2.total_cmp(&b.2).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)))
        else {
            continue;
        };
        let mut joined = Vec::with_capacity(ring.len() + island.len() + 2);
        joined.extend_from_slice(&ring[..=v]);
        joined.extend(island[m..].iter().chain(&island[..m]).copied());
        joined.push(island[m]);
        joined.push(ring[v]);
        joined.extend_from_slice(&ring[v + 1..]);
        ring = joined;
    }
    ring
}

/// The distance from `p` to the segment `a`–`b`.
fn to_segment(p: P2, a: P2, b: P2) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy)
}

/// The distance from `p` to a ring's edges.
fn to_ring(p: P2, ring: &[P2]) -> f64 {
    edges(ring)
        .map(|(a, b)| to_segment(p, a, b))
        .fold(f64::INFINITY, f64::min)
}

/// The bounding box of a ring: west, north, east, south in pixels.
fn bbox(ring: &[P2]) -> [f64; 4] {
    ring.iter().fold(
        [f64::MAX, f64::MAX, f64::MIN, f64::MIN],
        |[x0, y0, x1, y1], p| [x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1])],
    )
}

/// Where a fleet stands on each split coast, on the province's border with the seas that
/// coast reaches, a little inside the province: where it reaches seas no other coast of the
/// province does, on the longest stretch along them, at the point nearest to one of those
/// seas' names (Spain's south coast faces the Gulf of Lyon); else on the stretch along its
/// seas nearest to the land only it reaches, a quarter of the stretch's length away from
/// that land (Spain's north coast, which shares the Mid-Atlantic with the south coast but
/// alone reaches Gascony).
fn coast_positions(
    map: &Map,
    laid: &mut [ComputedArea],
    water: &dyn Fn(&str) -> bool,
    (size, sizes): ([u32; 2], Boxes),
    (file, warnings): (FileId, &mut Diagnostics),
) {
    let mut taken: Vec<P2> = Vec::new();
    let index: BTreeMap<&str, usize> = laid
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id.as_str(), i))
        .collect();
    let is_water: BTreeSet<&str> = map
        .area
        .iter()
        .filter(|a| water(a.terrain.get_ref()))
        .map(|a| a.id.get_ref().as_str())
        .collect();
    let boxes: Vec<[f64; 4]> = laid.iter().map(|a| bbox(&a.outline)).collect();
    let mut found: Vec<(usize, Vec<ComputedCoast>)> = Vec::new();
    for a in map.area.iter().filter(|a| !a.coast.is_empty()) {
        let Some(&ai) = index.get(a.id.get_ref().as_str()) else {
            continue;
        };
        let ring = &laid[ai].outline;
        if ring.len() < 3 {
            continue;
        }
        let reach = |c: &crate::load::schema::map::Coast| -> BTreeSet<usize> {
            c.fleet
                .iter()
                .filter_map(|f| index.get(f.get_ref().split('/').next().unwrap_or("")))
                .copied()
                .collect()
        };
        // Which neighbours each vertex of the outline lies on the border of.
        let [x0, y0, x1, y1] = boxes[ai];
        let near: Vec<usize> = (0..laid.len())
            .filter(|&j| {
                let [a0, b0, a1, b1] = boxes[j];
                j != ai
                    && a0 <= x1 + BORDER_PX
                    && x0 <= a1 + BORDER_PX
                    && b0 <= y1 + BORDER_PX
                    && y0 <= b1 + BORDER_PX
            })
            .collect();
        let on: Vec<BTreeSet<usize>> = ring
            .iter()
            .map(|p| {
                near.iter()
                    .copied()
                    .filter(|&j| to_ring(*p, &laid[j].outline) <= BORDER_PX)
                    .collect()
            })
            .collect();
        let distance_to = |p: P2, areas: &BTreeSet<usize>| {
            areas
                .iter()
                .map(|&j| to_ring(p, &laid[j].outline))
                .fold(f64::INFINITY, f64::min)
        };
        let mut coasts = Vec::new();
        for c in &a.coast {
            let mine = reach(c);
            let others: BTreeSet<usize> = a
                .coast
                .iter()
                .filter(|o| o.id.get_ref() != c.id.get_ref())
                .flat_map(reach)
                .collect();
            let own: BTreeSet<usize> = mine.difference(&others).copied().collect();
            let sea = |j: &usize| is_water.contains(laid[*j].id.as_str());
            let own_seas: BTreeSet<usize> = own.iter().copied().filter(sea).collect();
            // A written position is kept; one no longer on its coast (the projection, the
            // extent or the width changed since it was written) is a located warning.
            if let Some(kept) = &c.position {
                let at = *kept.get_ref();
                let seas: BTreeSet<usize> = mine.iter().copied().filter(sea).collect();
                let off = ring
                    .iter()
                    .zip(&on)
                    .filter(|(_, o)| !o.is_disjoint(&seas))
                    .map(|(p, _)| (p[0] - at[0]).hypot(p[1] - at[1]))
                    .fold(f64::INFINITY, f64::min);
                if off > sizes.coast_reach {
                    let how_far = if off.is_finite() {
                        format!(
                            "{} px from the province's border with the seas it reaches",
                            off.round()
                        )
                    } else {
                        "where the province borders none of the seas it reaches".to_string()
                    };
                    warnings.push(
                        Diagnostic::warning(
                            "coast-box-off-coast",
                            format!(
                                "the fleet box of `{}/{}` is written at [{}, {}], {how_far}",
                                a.id.get_ref(),
                                c.id.get_ref(),
                                at[0],
                                at[1]
                            ),
                        )
                        .at(Span::new(file, kept.span()))
                        .hint("the outlines moved since it was written (a change of projection, extent or `width-px`): delete this `position` and `sandtable geo` places the box on the coast again, or write one on the coast"),
                    );
                }
            }
            let point = if own_seas.is_empty() {
                let seas: BTreeSet<usize> = mine.iter().copied().filter(sea).collect();
                let marked: Vec<bool> = on.iter().map(|s| !s.is_disjoint(&seas)).collect();
                let score = |(first, len): (usize, usize)| {
                    (0..len)
                        .map(|k| distance_to(ring[(first + k) % ring.len()], &own))
                        .fold(f64::INFINITY, f64::min)
                };
                let Some(run) = runs(&marked).into_iter().min_by(|a, b| {
                    score(*a)
                        .total_cmp(&score(*b))
                        .then(run_length(ring, *b).total_cmp(&run_length(ring, *a)))
                        .then(a.0.cmp(&b.0))
                }) else {
                    continue;
                };
                let from = (0..run.1)
                    .min_by(|&p, &q| {
                        let d = |k: usize| distance_to(ring[(run.0 + k) % ring.len()], &own);
                        d(p).total_cmp(&d(q)).then(p.cmp(&q))
                    })
                    .unwrap_or(0);
                away(ring, run, from, run_length(ring, run) / 4.0)
            } else {
                let marked: Vec<bool> = on.iter().map(|s| !s.is_disjoint(&own_seas)).collect();
                let Some(run) = runs(&marked).into_iter().min_by(|a, b| {
                    run_length(ring, *b)
                        .total_cmp(&run_length(ring, *a))
                        .then(a.0.cmp(&b.0))
                }) else {
                    continue;
                };
                let labels: Vec<P2> = own_seas.iter().map(|&j| laid[j].position).collect();
                let d = |k: usize| {
                    let p = ring[(run.0 + k) % ring.len()];
                    labels
                        .iter()
                        .map(|l| (p[0] - l[0]).hypot(p[1] - l[1]))
                        .fold(f64::INFINITY, f64::min)
                };
                let k = (0..run.1)
                    .min_by(|&p, &q| d(p).total_cmp(&d(q)).then(p.cmp(&q)))
                    .unwrap_or(0);
                ring[(run.0 + k) % ring.len()]
            };
            let names: Vec<P2> = laid.iter().map(|a| a.position).collect();
            let position = fleet_box(
                ring,
                point,
                laid[ai].position,
                (size, sizes),
                &names,
                &taken,
            )
            .unwrap_or_else(|| inset(ring, point, laid[ai].position));
            taken.push(position);
            coasts.push(ComputedCoast {
                id: c.id.get_ref().clone(),
                position,
            });
        }
        found.push((ai, coasts));
    }
    for (ai, coasts) in found {
        laid[ai].coasts = coasts;
    }
}

/// The sizes, in pixels, of what the map's art draws for a province, from the game's counter
/// size (`[art] counter-size`, 60 by default) as the module and the picture draw them: a
/// unit's box is a counter with its margin.
#[derive(Debug, Clone, Copy)]
pub(super) struct Boxes {
    /// The side of an area's unit box.
    unit: f64,
    /// The box a split coast's fleet is drawn in: a unit's box a fifth wider.
    fleet: [f64; 2],
    /// Half the size of the block an area's name and Open box take around its position.
    name_block: [f64; 2],
    /// A written fleet box farther than this from its coast (the province's border with the
    /// seas the coast reaches) is no longer on it: about a box's width.
    coast_reach: f64,
    /// Land drawn off the board at least this many square pixels large is worth a warning:
    /// the square a counter takes.
    sizable: f64,
}

impl Boxes {
    /// The boxes of counters `counter` pixels wide.
    pub(super) fn of(counter: u32) -> Self {
        let c = f64::from(counter.max(8));
        let k = c / 60.0;
        let unit = c + 6.0;
        Self {
            unit,
            fleet: [unit * 6.0 / 5.0, unit],
            name_block: [55.0 * k, 45.0 * k],
            coast_reach: 80.0 * k,
            sizable: c * c,
        }
    }
}

/// Whether the point `[x, y]` lies in a ring.
fn in_ring(ring: &[P2], [x, y]: P2) -> bool {
    ring.len() >= 3
        && Polygon::new(
            LineString::from(ring.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
            vec![],
        )
        .contains(&Point::new(x, y))
}

/// Located warnings for the boxes a province board draws where they leave their province:
/// an area's unit box (a square of [`Boxes::unit`] around its position) with more than
/// half of it outside its outline — the boxes keep their size in pixels whatever
/// `width-px` is, so a picture too narrow for its provinces spills them over their
/// neighbours —, and a split coast's fleet box whose middle lies outside its province or
/// over another area's name.
fn boxes_in_their_provinces(
    map: &Map,
    laid: &[ComputedArea],
    sizes: Boxes,
    (file, warnings): (FileId, &mut Diagnostics),
) {
    let span_of = |id: &str| {
        map.area
            .iter()
            .find(|a| a.id.get_ref() == id)
            .map(|a| a.id.span())
    };
    // A written coast position, else the area's id.
    let coast_span = |area: &str, coast: &str| {
        map.area
            .iter()
            .find(|a| a.id.get_ref() == area)?
            .coast
            .iter()
            .find(|c| c.id.get_ref() == coast)?
            .position
            .as_ref()
            .map(|p| p.span())
    };
    for a in laid {
        let Some(span) = span_of(&a.id) else { continue };
        let [x, y] = a.position;
        // The unit box, a counter's square at the default size, where the name's block
        // stands.
        let half = sizes.unit / 2.0;
        let outside = [-1.0, 0.0, 1.0]
            .iter()
            .flat_map(|fx| [-1.0, 0.0, 1.0].map(|fy| [x + fx * half, y + fy * half]))
            .filter(|p| !in_ring(&a.outline, *p))
            .count();
        if outside >= 5 {
            warnings.push(
                Diagnostic::warning(
                    "box-outside-province",
                    format!(
                        "the unit box of area `{}` (around [{x}, {y}]) lies mostly outside its outline",
                        a.id
                    ),
                )
                .at(Span::new(file, span.clone()))
                .hint(format!(
                    "boxes keep their size ({} px square, from `[art] counter-size`) whatever `width-px` is: make the picture wider, move the name's point (`at`) to where the province is widest, or make the counters smaller",
                    sizes.unit
                )),
            );
        }
        for c in &a.coasts {
            let at = c.position;
            let over: Vec<&str> = laid
                .iter()
                .filter(|o| o.id != a.id)
                .filter(|o| {
                    (o.position[0] - at[0]).abs() < sizes.fleet[0] / 2.0
                        && (o.position[1] - at[1]).abs() < sizes.fleet[1] / 2.0
                })
                .map(|o| o.id.as_str())
                .collect();
            let why = if !in_ring(&a.outline, at) {
                "outside the province".to_string()
            } else if let Some(o) = over.first() {
                format!("over the name of `{o}`")
            } else {
                continue;
            };
            warnings.push(
                Diagnostic::warning(
                    "box-outside-province",
                    format!(
                        "the fleet box of `{}/{}` at [{}, {}] is drawn {why}",
                        a.id, c.id, at[0], at[1]
                    ),
                )
                .at(Span::new(file, coast_span(&a.id, &c.id).unwrap_or_else(|| span.clone())))
                .hint("move the coast's `position` inside the province, by its coast (or delete it and `sandtable geo` places it), or make the picture wider (`width-px`)"),
            );
        }
    }
}

/// Where a split coast's fleet box goes: near `point` on the coast, moved inwards towards
/// the province's name (`towards`), at the place where the box covers the fewest areas'
/// names and boxes placed before it (`taken`), then lies most inside the province and the
/// picture, then lies nearest the coast; `None` when the ring is not a polygon.
fn fleet_box(
    ring: &[P2],
    point: P2,
    towards: P2,
    ([width, height], sizes): ([u32; 2], Boxes),
    names: &[P2],
    taken: &[P2],
) -> Option<P2> {
    if ring.len() < 3 {
        return None;
    }
    let poly = Polygon::new(
        LineString::from(ring.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
        vec![],
    );
    let [w, h] = sizes.fleet;
    let (pw, ph) = (f64::from(width), f64::from(height));
    let score = |c: P2| -> (usize, usize) {
        let mut outside = 0;
        for fx in [-0.5, 0.0, 0.5] {
            for fy in [-0.5, 0.0, 0.5] {
                let (x, y) = (c[0] + fx * w, c[1] + fy * h);
                if !(0.0..=pw).contains(&x)
                    || !(0.0..=ph).contains(&y)
                    || !poly.contains(&Point::new(x, y))
                {
                    outside += 1;
                }
            }
        }
        let covered = names
            .iter()
            .filter(|n| {
                (n[0] - c[0]).abs() < w / 2.0 + sizes.name_block[0]
                    && (n[1] - c[1]).abs() < h / 2.0 + sizes.name_block[1]
            })
            .count()
            + taken
                .iter()
                .filter(|t| (t[0] - c[0]).abs() < w && (t[1] - c[1]).abs() < h)
                .count();
        (covered, outside)
    };
    // From the coast's point and the ring's points near it, inwards by steps.
    let near: Vec<P2> = std::iter::once(point)
        .chain(
            ring.iter()
                .copied()
                .filter(|p| (p[0] - point[0]).hypot(p[1] - point[1]) <= 2.0 * w),
        )
        .collect();
    let r = |v: f64| (v * 10.0).round() / 10.0;
    let mut best: Option<((usize, usize, u64), P2)> = None;
    for (k, from) in near.iter().enumerate() {
        let (dx, dy) = (towards[0] - from[0], towards[1] - from[1]);
        let dist = dx.hypot(dy);
        if dist <= 0.0 {
            continue;
        }
        for step in [COAST_INSET_PX, 20.0, 30.0, 40.0, 50.0, 65.0, 80.0] {
            if step >= dist {
                break;
            }
            let c = [r(from[0] + dx / dist * step), r(from[1] + dy / dist * step)];
            if !poly.contains(&Point::new(c[0], c[1])) {
                continue;
            }
            let (covered, outside) = score(c);
            let away = (c[0] - point[0]).hypot(c[1] - point[1]).round() as u64;
            let key = (covered, outside, away * 1000 + k as u64);
            if best.as_ref().is_none_or(|(b, _)| key < *b) {
                best = Some((key, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// The stretches of the ring's vertices marked `on` (consecutive, around the ring), each as
/// the ring index of its first vertex and its length in vertices.
fn runs(on: &[bool]) -> Vec<(usize, usize)> {
    let n = on.len();
    let Some(s) = (0..n).find(|&k| !on[k]) else {
        return if n > 0 { vec![(0, n)] } else { Vec::new() };
    };
    let mut out = Vec::new();
    let mut k = 0;
    while k < n {
        let i = (s + k) % n;
        if on[i] {
            let mut len = 0;
            while k < n && on[(s + k) % n] {
                len += 1;
                k += 1;
            }
            out.push((i, len));
        } else {
            k += 1;
        }
    }
    out
}

/// The length of a stretch of the ring, in pixels.
fn run_length(ring: &[P2], (first, len): (usize, usize)) -> f64 {
    let n = ring.len();
    (0..len.saturating_sub(1))
        .map(|k| {
            let (a, b) = (ring[(first + k) % n], ring[(first + k + 1) % n]);
            (b[0] - a[0]).hypot(b[1] - a[1])
        })
        .sum()
}

/// The point `distance` along a stretch of the ring from its `from`th vertex, towards the
/// stretch's farther end.
fn away(ring: &[P2], (first, len): (usize, usize), from: usize, distance: f64) -> P2 {
    let n = ring.len();
    let at = |k: usize| ring[(first + k) % n];
    let forward = from < len / 2 || (len % 2 == 1 && from == len / 2);
    let steps: Vec<usize> = if forward {
        (from..len).collect()
    } else {
        (0..=from).rev().collect()
    };
    let mut left = distance;
    for w in steps.windows(2) {
        let (a, b) = (at(w[0]), at(w[1]));
        let d = (b[0] - a[0]).hypot(b[1] - a[1]);
        if d >= left && d > 0.0 {
            let t = left / d;
            return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        }
        left -= d;
    }
    at(*steps.last().unwrap_or(&from))
}

/// A point of the ring moved a little towards `towards` while it stays inside the ring,
/// to a tenth of a pixel.
fn inset(ring: &[P2], point: P2, towards: P2) -> P2 {
    let poly = Polygon::new(
        LineString::from(ring.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
        vec![],
    );
    let (dx, dy) = (towards[0] - point[0], towards[1] - point[1]);
    let dist = dx.hypot(dy);
    let r = |v: f64| (v * 10.0).round() / 10.0;
    if dist > 0.0 {
        let step = COAST_INSET_PX.min(dist / 2.0);
        let p = [point[0] + dx / dist * step, point[1] + dy / dist * step];
        if poly.contains(&Point::new(p[0], p[1])) {
            return [r(p[0]), r(p[1])];
        }
    }
    [r(point[0]), r(point[1])]
}

/// Every pair of areas the map declares adjacent, or joins by a move (an army's, a fleet's,
/// a split coast's fleet's), smaller id first.
fn declared_pairs(map: &Map) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for a in &map.area {
        let id = a.id.get_ref();
        let moves = a
            .adjacent
            .iter()
            .chain(&a.army)
            .chain(&a.fleet)
            .chain(a.coast.iter().flat_map(|c| &c.fleet));
        for b in moves {
            let b = b.get_ref().split('/').next().unwrap_or("");
            if b != id {
                out.insert(ordered(id, b));
            }
        }
    }
    out
}

/// A crossing between areas whose outlines share a border anyway: the two areas and the
/// crossing's name.
pub(super) type NeedlessCrossing = (String, String, Option<String>);

/// What the comparison of the borders with the declared adjacency finds: the differences
/// (area, area, implied), the needless crossings and every border implied (area, area,
/// smaller id first).
pub(super) type Comparison = (
    Vec<(String, String, bool)>,
    Vec<NeedlessCrossing>,
    BTreeSet<(String, String)>,
);

/// The adjacency the laid outlines imply, with the pairs the geography's crossings join,
/// against the declared one: (area, area, implied); the crossings whose areas' outlines
/// share a border anyway (area, area, the crossing's name); and the implied adjacency
/// itself.
pub(super) fn compare_adjacency(
    map: &Map,
    g: &Geography,
    laid: &[ComputedArea],
    size: [u32; 2],
) -> Comparison {
    let outlines: Vec<Vec<(f64, f64)>> = laid
        .iter()
        .map(|a| a.outline.iter().map(|p| (p[0], p[1])).collect())
        .collect();
    let mut implied: BTreeSet<(String, String)> =
        crate::model::map::touching_outlines(&outlines, (size[0], size[1]))
            .into_iter()
            .map(|(a, b)| ordered(&laid[a].id, &laid[b].id))
            .collect();
    let laid_ids: BTreeSet<&str> = laid.iter().map(|a| a.id.as_str()).collect();
    let mut needless = Vec::new();
    for c in &g.crossing {
        let [a, b] = c.between.get_ref();
        let (a, b) = (a.get_ref().as_str(), b.get_ref().as_str());
        if a == b || !laid_ids.contains(a) || !laid_ids.contains(b) {
            continue;
        }
        if !implied.insert(ordered(a, b)) {
            let name = c.name.as_ref().map(|n| n.get_ref().clone());
            needless.push((a.to_string(), b.to_string(), name));
        }
    }
    let declared: BTreeSet<(String, String)> = declared_pairs(map)
        .into_iter()
        .filter(|(a, b)| laid_ids.contains(a.as_str()) && laid_ids.contains(b.as_str()))
        .collect();
    let mut out: Vec<(String, String, bool)> = implied
        .difference(&declared)
        .map(|(a, b)| (a.clone(), b.clone(), true))
        .chain(
            declared
                .difference(&implied)
                .map(|(a, b)| (a.clone(), b.clone(), false)),
        )
        .collect();
    out.sort();
    (out, needless, implied)
}

/// The moves a draft adjacency gives an area that declares none, from the borders its
/// outline shares (and the crossings the geography declares), sorted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DraftMoves {
    /// The area's id.
    pub area: String,
    /// On a map of plain areas: the areas it borders.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub adjacent: Vec<String>,
    /// On a province board: the land areas it borders.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub army: Vec<String>,
    /// On a province board: the seas it borders, and for a coastal province the coastal
    /// provinces it borders along a sea both reach.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fleet: Vec<String>,
}

impl DraftMoves {
    /// Whether the draft declares the border between its area and `other` (a coast of it
    /// included: `spa/nc` is Spain).
    pub fn declares(&self, other: &str) -> bool {
        [&self.adjacent, &self.army, &self.fleet]
            .into_iter()
            .flatten()
            .any(|id| id.split('/').next() == Some(other))
    }
}

/// Whether an area declares any move or neighbour (its own, or a coast's).
fn declares_moves(a: &crate::load::schema::map::Area) -> bool {
    !a.adjacent.is_empty()
        || !a.army.is_empty()
        || !a.fleet.is_empty()
        || a.coast.iter().any(|c| !c.fleet.is_empty())
}

/// A draft adjacency from the borders the outlines imply (`implied`, as
/// [`compare_adjacency`] finds them), for the areas that declare no move and no neighbour
/// (an area with any is the designer's, and kept). A province board — a map with a water
/// area, or whose areas declare army or fleet moves rather than `adjacent` — gets army
/// moves between land areas, fleet moves between a sea and what it borders and between two
/// coastal provinces bordering along a sea both reach; a split-coast province's fleet
/// moves are left for its coasts (the designer names each coast's). Any other map gets
/// `adjacent`.
pub(super) fn draft_adjacency(
    map: &Map,
    implied: &BTreeSet<(String, String)>,
    water: &dyn Fn(&str) -> bool,
) -> Vec<DraftMoves> {
    let terrain: BTreeMap<&str, &str> = map
        .area
        .iter()
        .map(|a| (a.id.get_ref().as_str(), a.terrain.get_ref().as_str()))
        .collect();
    let is_sea = |id: &str| terrain.get(id).is_some_and(|t| water(t));
    let split: BTreeSet<&str> = map
        .area
        .iter()
        .filter(|a| !a.coast.is_empty())
        .map(|a| a.id.get_ref().as_str())
        .collect();
    let mut borders: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (a, b) in implied {
        borders.entry(a.as_str()).or_default().insert(b.as_str());
        borders.entry(b.as_str()).or_default().insert(a.as_str());
    }
    let neighbours = |id: &str| borders.get(id).cloned().unwrap_or_default();
    let seas_of =
        |id: &str| -> BTreeSet<&str> { neighbours(id).into_iter().filter(|n| is_sea(n)).collect() };
    let moves_given = map
        .area
        .iter()
        .any(|a| !a.army.is_empty() || !a.fleet.is_empty() || !a.coast.is_empty());
    let adjacent_given = map.area.iter().any(|a| !a.adjacent.is_empty());
    let province_board = moves_given || (!adjacent_given && terrain.keys().any(|id| is_sea(id)));
    let mut out = Vec::new();
    for a in map.area.iter().filter(|a| !declares_moves(a)) {
        let id = a.id.get_ref().as_str();
        let near = neighbours(id);
        if near.is_empty() {
            continue;
        }
        let names = |set: BTreeSet<&str>| set.into_iter().map(str::to_string).collect();
        let mut draft = DraftMoves {
            area: id.to_string(),
            adjacent: Vec::new(),
            army: Vec::new(),
            fleet: Vec::new(),
        };
        if !province_board {
            draft.adjacent = names(near);
        } else if is_sea(id) {
            draft.fleet = names(near.into_iter().filter(|n| !split.contains(n)).collect());
        } else {
            let mine = seas_of(id);
            draft.army = names(near.iter().copied().filter(|n| !is_sea(n)).collect());
            if !mine.is_empty() && !split.contains(id) {
                draft.fleet = names(
                    near.into_iter()
                        .filter(|n| !split.contains(n))
                        .filter(|n| is_sea(n) || !seas_of(n).is_disjoint(&mine))
                        .collect(),
                );
            }
        }
        if !(draft.adjacent.is_empty() && draft.army.is_empty() && draft.fleet.is_empty()) {
            out.push(draft);
        }
    }
    out
}

fn ordered(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, side: f64) -> Vec<P2> {
        vec![[x, y], [x + side, y], [x + side, y + side], [x, y + side]]
    }

    fn inside(ring: &[P2], x: f64, y: f64) -> bool {
        let poly = Polygon::new(
            LineString::from(ring.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
            vec![],
        );
        poly.contains(&Point::new(x, y))
    }

    #[test]
    fn a_hole_joined_to_its_ring_stays_out() {
        let ring = square(0.0, 0.0, 100.0);
        let holes = vec![square(20.0, 20.0, 10.0), square(60.0, 60.0, 20.0)];
        let one = with_holes(ring, holes);
        assert_eq!(one.len(), 4 + 2 * (4 + 2));
        // (50, 50) lies on the cut from the first island to the second: off the diagonal.
        assert!(inside(&one, 50.0, 40.0));
        assert!(inside(&one, 10.0, 90.0));
        assert!(!inside(&one, 25.0, 25.0), "the first island");
        assert!(!inside(&one, 70.0, 70.0), "the second island");
        // The cut goes there and back: every edge of it is walked both ways.
        let cut = edges(&one)
            .filter(|(a, b)| edges(&one).any(|(c, d)| c == *b && d == *a))
            .count();
        assert_eq!(cut, 4);
    }

    #[test]
    fn a_cut_does_not_cross_another_hole() {
        // The nearer island sits between the farther one and the west side.
        let ring = square(0.0, 0.0, 100.0);
        let holes = vec![square(10.0, 40.0, 20.0), square(40.0, 45.0, 10.0)];
        let one = with_holes(ring, holes);
        for (a, b) in edges(&one) {
            for (c, d) in edges(&one) {
                assert!(
                    !meets(a, b, c, d) || (a == d && b == c) || (a == c && b == d),
                    "{a:?}-{b:?} crosses {c:?}-{d:?}"
                );
            }
        }
        assert!(!inside(&one, 45.0, 50.0) && !inside(&one, 20.0, 50.0));
        assert!(inside(&one, 35.0, 50.0));
    }

    #[test]
    fn a_province_is_the_piece_holding_its_seed_and_its_islands_not_its_largest() {
        let poly = |x: f64, side: f64| {
            Polygon::new(
                LineString::from(vec![(x, 0.0), (x + side, 0.0), (x + side, side), (x, side)]),
                vec![],
            )
        };
        // A large piece without a seed (a sea beyond the board), the seeded piece, an
        // island holding a second seed.
        let (large, seeded, island) = (poly(0.0, 100.0), poly(200.0, 10.0), poly(300.0, 5.0));
        let pieces = [large.clone(), island.clone(), seeded.clone()];
        let kept = seeded_pieces(&pieces, &[(205.0, 5.0), (302.0, 2.0)]);
        assert_eq!(kept, vec![seeded, island]);
        // No seed on any piece: the largest.
        assert_eq!(seeded_pieces(&pieces, &[(-50.0, -50.0)]), vec![large]);
    }

    #[test]
    fn an_island_is_joined_to_its_province_by_a_cut_there_and_back() {
        let ring = square(0.0, 0.0, 100.0);
        let island = square(150.0, 40.0, 20.0);
        let one = with_islands(ring, vec![island]);
        assert_eq!(one.len(), 4 + 4 + 2);
        assert!(inside(&one, 50.0, 50.0), "the province");
        assert!(inside(&one, 160.0, 50.0), "the island");
        assert!(!inside(&one, 125.0, 50.0), "the water between");
        let cut = edges(&one)
            .filter(|(a, b)| edges(&one).any(|(c, d)| c == *b && d == *a))
            .count();
        assert_eq!(cut, 2);
    }

    #[test]
    fn land_cut_along_a_parallel_follows_it_once_projected() {
        // Land from 50° to 60° north, cut to the box of a map whose south edge is 52°: the
        // cut runs along the parallel, which a conic projection curves. Projected as a
        // chord between its ends it left a band of the south of the picture without land
        // (taken for sea and handed to the nearest seas).
        let land = MultiPolygon::new(vec![Polygon::new(
            LineString::from(vec![(0.0, 50.0), (40.0, 50.0), (40.0, 60.0), (0.0, 60.0)]),
            vec![],
        )]);
        let atlas = Atlas {
            land,
            countries: BTreeMap::new(),
            lakes: Vec::new(),
            covers: None,
        };
        let cut = atlas.clipped(5.0, 52.0, 35.0, 58.0);
        let projection = Projection::lambert(55.0, 63.0, 59.0, 20.0).expect("a cone");
        let km = to_km(&cut.land, &projection);
        let (x, y) = projection.project(52.1, 20.0);
        assert!(km.contains(&Point::new(x, y)), "land just north of the cut");
        assert_eq!(cut.covers, Some(Rect::new((5.0, 52.0), (35.0, 58.0))));
    }

    #[test]
    fn several_seeds_make_one_region() {
        let frame = Rect::new((0.0, 0.0), (100.0, 100.0));
        // Two seeds on the west and the east, another province's in the middle.
        // Each seed's cell among the other province's: x < 30 and x > 70.
        let r = region(&[(10.0, 50.0), (90.0, 50.0)], &[(50.0, 50.0)], &frame);
        assert_eq!(r.0.len(), 2);
        assert!((r.unsigned_area() - 6000.0).abs() < 1e-6);
        let r = region(&[(10.0, 50.0), (30.0, 50.0)], &[(90.0, 50.0)], &frame);
        assert_eq!(r.0.len(), 1);
        assert!((r.unsigned_area() - 6000.0).abs() < 1e-6);
    }

    #[test]
    fn a_coast_stands_on_its_stretch_of_sea_inside_the_province() {
        let ring: Vec<P2> = vec![
            [0.0, 0.0],
            [50.0, 0.0],
            [100.0, 0.0],
            [100.0, 50.0],
            [100.0, 100.0],
            [50.0, 100.0],
            [0.0, 100.0],
            [0.0, 50.0],
        ];
        let on = [true, false, false, true, true, true, false, true];
        // Two stretches, one wrapping round the ring's start.
        assert_eq!(runs(&on), vec![(3, 3), (7, 2)]);
        assert_eq!(runs(&[true; 3]), vec![(0, 3)]);
        assert!(runs(&[]).is_empty());
        assert_eq!(run_length(&ring, (3, 3)), 100.0);
        // A quarter of the way along the east side and round the corner, from its start.
        assert_eq!(away(&ring, (2, 5), 0, 75.0), [100.0, 75.0]);
        // From the far end, back the other way.
        assert_eq!(away(&ring, (2, 5), 4, 75.0), [75.0, 100.0]);
        // Moved inside, towards the province's name.
        assert_eq!(inset(&ring, [100.0, 50.0], [50.0, 50.0]), [90.0, 50.0]);
        assert_eq!(inset(&ring, [0.0, 25.0], [50.0, 50.0]), [8.9, 29.5]);
    }
}

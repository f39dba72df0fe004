//! Area maps from geography: the picture's extent projected to kilometres, the land cut
//! from Natural Earth's coast (the sea is the rest), and each province's shape — its given
//! outline or Natural Earth countries, else the land (or sea, for a water area) nearer to
//! its seed point than to any other province's of the same kind — turned into the outline
//! and label position the map's art draws. The borders the outlines share are the adjacency
//! they imply, which the report (and `check`) compares with the declared adjacency.

use std::collections::{BTreeMap, BTreeSet};

use geo::{
    Area, BooleanOps, Contains, InteriorPoint, LineString, MapCoords, MultiPolygon, Point, Polygon,
    Rect, Simplify,
};
use serde::Serialize;

use super::natural_earth::Atlas;
use super::projection::Projection;
use super::{Adjustment, Km};
use crate::load::schema::geography::{Geography, LatLon, Province};
use crate::load::schema::Map;

/// An area as laid: its outline and where its name goes, in the picture's pixels.
#[derive(Debug, Clone, Serialize)]
pub struct ComputedArea {
    /// The area's id.
    pub id: String,
    /// Where its name is printed.
    pub position: [f64; 2],
    /// Its outline (the largest piece when it has several).
    pub outline: Vec<[f64; 2]>,
}

/// The outlines are simplified to within this many pixels.
const SIMPLIFY_PX: f64 = 0.6;

/// The picture: its extent in km and the scale.
pub(super) struct Picture {
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

    fn px(&self, (x, y): Km) -> [f64; 2] {
        let r = |v: f64| (v * 10.0).round() / 10.0;
        [
            r((x - self.west) * self.scale),
            r((self.north - y) * self.scale),
        ]
    }
}

/// A polygon given in degrees, in projected km.
fn to_km(shape: &MultiPolygon<f64>, projection: &Projection) -> MultiPolygon<f64> {
    shape.map_coords(|c| {
        let (x, y) = projection.project(c.y, c.x);
        geo::coord! { x: x, y: y }
    })
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

/// Lay an area map's provinces. `water` says whether an area's terrain is water.
pub(super) fn lay(
    g: &Geography,
    map: &Map,
    projection: &Projection,
    picture: &Picture,
    atlas: &Atlas,
    water: &dyn Fn(&str) -> bool,
    report: &mut Vec<Adjustment>,
) -> Vec<ComputedArea> {
    let frame = MultiPolygon::new(vec![picture.frame.to_polygon()]);
    let land = to_km(&atlas.land, projection).intersection(&frame);
    let sea = frame.difference(&land);
    let terrain: BTreeMap<&str, &str> = map
        .area
        .iter()
        .map(|a| (a.id.get_ref().as_str(), a.terrain.get_ref().as_str()))
        .collect();
    let is_water = |p: &Province| {
        terrain
            .get(p.area.get_ref().as_str())
            .is_some_and(|t| water(t))
    };
    let countries = |names: &[String]| -> MultiPolygon<f64> {
        let mut out = MultiPolygon::new(vec![]);
        for n in names {
            if let Some(c) = atlas.countries.get(n) {
                out.0.extend(to_km(c, projection).0);
            }
        }
        out
    };
    // Given shapes first: an outline (within countries) or Natural Earth countries.
    let given: Vec<Option<MultiPolygon<f64>>> = g
        .province
        .iter()
        .map(|p| {
            let base = if is_water(p) { &sea } else { &land };
            let shape = match (&p.outline, &p.natural_earth) {
                (Some(o), _) => {
                    let ring: Vec<Km> = o
                        .get_ref()
                        .iter()
                        .map(|[lat, lon]| projection.project(*lat, *lon))
                        .collect();
                    MultiPolygon::new(vec![Polygon::new(LineString::from(ring), vec![])])
                }
                (None, Some(names)) => countries(names.get_ref()),
                (None, None) => return None,
            };
            let shape = match &p.inside {
                Some(names) => shape.intersection(&countries(names.get_ref())),
                None => shape,
            };
            Some(shape.intersection(base))
        })
        .collect();
    let seeds: Vec<Km> = g
        .province
        .iter()
        .map(|p| projection.project(p.at.get_ref()[0], p.at.get_ref()[1]))
        .collect();
    let mut out = Vec::new();
    for (i, p) in g.province.iter().enumerate() {
        let shape = match &given[i] {
            Some(s) => s.clone(),
            None => {
                // The seed's cell among the seeds of the same kind, less what given shapes
                // of that kind hold.
                let kind = is_water(p);
                let mut cell = frame.clone();
                for (j, q) in g.province.iter().enumerate() {
                    if j == i || is_water(q) != kind || given[j].is_some() {
                        continue;
                    }
                    if let Some(half) = nearer(seeds[i], seeds[j], &picture.frame) {
                        cell = cell.intersection(&MultiPolygon::new(vec![half]));
                    }
                }
                let base = if kind { &sea } else { &land };
                let mut shape = cell.intersection(base);
                for (j, q) in g.province.iter().enumerate() {
                    if let (Some(taken), true) = (&given[j], is_water(q) == kind) {
                        shape = shape.difference(taken);
                    }
                }
                shape
            }
        };
        let mut pieces: Vec<Polygon<f64>> = shape.0;
        pieces.sort_by(|a, b| b.unsigned_area().total_cmp(&a.unsigned_area()));
        let Some(largest) = pieces.first().cloned() else {
            report.push(Adjustment::NoShape {
                area: p.area.get_ref().clone(),
            });
            continue;
        };
        for piece in &pieces[1..] {
            let km2 = piece.unsigned_area();
            if km2 >= 1.0 {
                report.push(Adjustment::PieceLeftOut {
                    area: p.area.get_ref().clone(),
                    km2: km2.round(),
                });
            }
        }
        let px_ring: Vec<Km> = largest
            .exterior()
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
        let seed = picture.px(seeds[i]);
        let inside = Polygon::new(
            LineString::from(outline.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
            vec![],
        );
        let position = if inside.contains(&Point::new(seed[0], seed[1])) {
            seed
        } else {
            let moved = inside.interior_point().map_or(seed, |q| {
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
        });
    }
    out
}

/// The adjacency the laid outlines imply against the declared one: (area, area, implied).
pub(super) fn compare_adjacency(
    map: &Map,
    laid: &[ComputedArea],
    size: [u32; 2],
) -> Vec<(String, String, bool)> {
    let outlines: Vec<Vec<(f64, f64)>> = laid
        .iter()
        .map(|a| a.outline.iter().map(|p| (p[0], p[1])).collect())
        .collect();
    let implied: BTreeSet<(String, String)> =
        crate::model::map::touching_outlines(&outlines, (size[0], size[1]))
            .into_iter()
            .map(|(a, b)| ordered(&laid[a].id, &laid[b].id))
            .collect();
    let laid_ids: BTreeSet<&str> = laid.iter().map(|a| a.id.as_str()).collect();
    let declared: BTreeSet<(String, String)> = map
        .area
        .iter()
        .filter(|a| laid_ids.contains(a.id.get_ref().as_str()))
        .flat_map(|a| {
            a.adjacent
                .iter()
                .filter(|b| laid_ids.contains(b.get_ref().as_str()))
                .map(|b| ordered(a.id.get_ref(), b.get_ref()))
        })
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
    out
}

fn ordered(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

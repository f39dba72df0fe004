//! Fast "is this point inside?" for large polygons: a country of Natural Earth at 1:10m has
//! tens of thousands of vertices, and a map asks about every sample point of every hex. The
//! polygon's edges are sorted into horizontal bands once; a point then counts crossings
//! (the even–odd rule, as `geo`'s `Contains` decides for simple rings) only among the edges
//! of its own band. `geo` has no prepared point-in-polygon of its own at this version.

use geo::{BoundingRect, CoordsIter, MultiPolygon, Polygon};

/// A polygon or several, ready for point tests.
#[derive(Debug, Clone)]
pub struct Coverage {
    /// South and north of the shape; a point outside is outside.
    bottom: f64,
    top: f64,
    west: f64,
    east: f64,
    band: f64,
    /// Per band, the edges that reach into it: (x1, y1, x2, y2).
    bands: Vec<Vec<[f64; 4]>>,
}

/// About this many edges per band on average.
const EDGES_PER_BAND: usize = 8;
const MAX_BANDS: usize = 1 << 16;

impl Coverage {
    /// The index of a multipolygon's rings (exteriors and holes alike).
    pub fn new(shape: &MultiPolygon<f64>) -> Self {
        let mut edges: Vec<[f64; 4]> = Vec::new();
        for polygon in &shape.0 {
            for ring in std::iter::once(polygon.exterior()).chain(polygon.interiors()) {
                let pts: Vec<_> = ring.coords_iter().collect();
                for w in pts.windows(2) {
                    if w[0].y != w[1].y {
                        edges.push([w[0].x, w[0].y, w[1].x, w[1].y]);
                    }
                }
                // An unclosed ring closes itself.
                if let (Some(first), Some(last)) = (pts.first(), pts.last()) {
                    if first != last && first.y != last.y {
                        edges.push([last.x, last.y, first.x, first.y]);
                    }
                }
            }
        }
        let rect = shape.bounding_rect();
        let (west, bottom, east, top) = rect.map_or((0.0, 0.0, -1.0, -1.0), |r| {
            (r.min().x, r.min().y, r.max().x, r.max().y)
        });
        let count = (edges.len() / EDGES_PER_BAND).clamp(1, MAX_BANDS);
        let band = ((top - bottom) / count as f64).max(f64::MIN_POSITIVE);
        let mut bands = vec![Vec::new(); count];
        for e in edges {
            let (lo, hi) = (e[1].min(e[3]), e[1].max(e[3]));
            let first = Self::band_of(bottom, band, count, lo);
            let last = Self::band_of(bottom, band, count, hi);
            for b in &mut bands[first..=last] {
                b.push(e);
            }
        }
        Self {
            bottom,
            top,
            west,
            east,
            band,
            bands,
        }
    }

    /// The index of one polygon.
    pub fn of_polygon(p: &Polygon<f64>) -> Self {
        Self::new(&MultiPolygon::new(vec![p.clone()]))
    }

    fn band_of(bottom: f64, band: f64, count: usize, y: f64) -> usize {
        let k = ((y - bottom) / band).floor();
        if k.is_finite() && k > 0.0 {
            (k as usize).min(count - 1)
        } else {
            0
        }
    }

    /// Whether the point lies inside (a point on an edge may go either way).
    pub fn contains(&self, x: f64, y: f64) -> bool {
        if !(self.bottom <= y && y <= self.top && self.west <= x && x <= self.east) {
            return false;
        }
        let k = Self::band_of(self.bottom, self.band, self.bands.len(), y);
        let mut inside = false;
        for &[x1, y1, x2, y2] in &self.bands[k] {
            if (y1 > y) != (y2 > y) && x < x1 + (y - y1) * (x2 - x1) / (y2 - y1) {
                inside = !inside;
            }
        }
        inside
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{Contains, LineString, Point};
    use proptest::prelude::*;

    fn ring(pts: &[(f64, f64)]) -> LineString<f64> {
        LineString::from(pts.to_vec())
    }

    fn donut() -> MultiPolygon<f64> {
        let outer = ring(&[
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (0.0, 10.0),
            (0.0, 0.0),
        ]);
        let hole = ring(&[(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0), (4.0, 4.0)]);
        // A comb: concave, so a ray crosses it several times.
        let comb = ring(&[
            (20.0, 0.0),
            (28.0, 0.0),
            (28.0, 9.0),
            (26.0, 9.0),
            (26.0, 2.0),
            (24.0, 2.0),
            (24.0, 9.0),
            (22.0, 9.0),
            (22.0, 2.0),
            (21.0, 2.5),
            (20.0, 0.0),
        ]);
        MultiPolygon::new(vec![
            Polygon::new(outer, vec![hole]),
            Polygon::new(comb, vec![]),
        ])
    }

    #[test]
    fn holes_are_outside() {
        let c = Coverage::new(&donut());
        assert!(c.contains(1.0, 1.0));
        assert!(!c.contains(5.0, 5.0), "in the hole");
        assert!(!c.contains(11.0, 5.0));
        assert!(!c.contains(f64::NAN, 5.0));
    }

    #[test]
    fn an_empty_shape_contains_nothing() {
        let c = Coverage::new(&MultiPolygon::new(vec![]));
        assert!(!c.contains(0.0, 0.0));
    }

    proptest! {
        #[test]
        fn agrees_with_geo_off_the_edges(x in -1.0f64..29.0, y in -1.0f64..11.0) {
            let shape = donut();
            // Off the grid of the vertices' coordinates, so no point lies on an edge.
            let (x, y) = (x + 1e-7, y + 1e-7);
            let on_edge = shape.0[1].exterior().lines().any(|l| {
                let (a, b) = ((l.start.x, l.start.y), (l.end.x, l.end.y));
                super::super::layers::distance_to_segment((x, y), a, b) < 1e-6
            });
            prop_assume!(!on_edge);
            prop_assert_eq!(Coverage::new(&shape).contains(x, y), shape.contains(&Point::new(x, y)));
        }
    }
}

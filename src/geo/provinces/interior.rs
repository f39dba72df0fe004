//! A point inside a piece of a province (where a label goes, which region or land mass a
//! piece lies in): the point `geo`'s `InteriorPoint` gives — the middle of the longest
//! stretch, inside the piece, of the horizontal line through the middle of its box — found
//! by crossing each edge with that line once, rather than by sweeping every edge against
//! every other and building a graph of the piece to test each stretch. The same arithmetic
//! on the same edges, so the same point to the last bit, in a time linear in the piece's
//! points; where a point of the piece lies on the line (left there by the nudge `geo`
//! gives it) `geo` itself is asked.

use std::cmp::Ordering;

use geo::coordinate_position::{CoordPos, CoordinatePosition};
use geo::line_intersection::{line_intersection, LineIntersection};
use geo::{BoundingRect, Coord, CoordsIter, InteriorPoint, Line, LinesIter, Point, Polygon};

/// A point inside `polygon`, exactly as `polygon.interior_point()`.
pub(crate) fn interior(polygon: &Polygon<f64>) -> Option<Point<f64>> {
    if polygon.exterior().0.len() == 1 {
        return Some(polygon.exterior().0[0].into());
    }
    let bounds = polygon.bounding_rect()?;
    // The line through the middle of the box, nudged off the piece's points as geo does.
    let mut y_mid = (bounds.min().y + bounds.max().y) / 2.0;
    if polygon.coords_iter().any(|c| c.y == y_mid) {
        let next_closest = polygon
            .coords_iter()
            .filter(|c| c.y != y_mid)
            .map(|c| (c.y, (c.y - y_mid).abs()))
            .min_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(Ordering::Less));
        if let Some((closest, _)) = next_closest {
            y_mid = (y_mid + closest) / 2.0;
        }
    }
    if polygon.coords_iter().any(|c| c.y == y_mid) {
        // Edges along the line or meeting it at a corner: geo's sweep decides.
        return polygon.interior_point();
    }
    let scan = Line::new(
        Coord {
            x: bounds.min().x,
            y: y_mid,
        },
        Coord {
            x: bounds.max().x,
            y: y_mid,
        },
    );
    // No point lies on the line: an edge meets it where its ends lie on either side.
    let mut crossings: Vec<Coord<f64>> = Vec::new();
    for edge in polygon.lines_iter() {
        if (edge.start.y < y_mid) == (edge.end.y < y_mid) {
            continue;
        }
        match line_intersection(edge, scan) {
            Some(LineIntersection::SinglePoint { intersection, .. }) => {
                crossings.push(intersection)
            }
            Some(LineIntersection::Collinear { intersection }) => {
                crossings.push(intersection.start);
                crossings.push(intersection.end);
            }
            None => {}
        }
    }
    crossings.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let mut stretches: Vec<(Point<f64>, f64)> = crossings
        .windows(2)
        .map(|w| (Point::new((w[0].x + w[1].x) / 2.0, y_mid), w[1].x - w[0].x))
        .collect();
    stretches.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (midpoint, _) in stretches {
        if polygon.coordinate_position(&midpoint.0) != CoordPos::Outside {
            return Some(midpoint);
        }
    }
    polygon.coords_iter().next().map(Point::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::LineString;
    use rand::{Rng, SeedableRng};

    /// A star-shaped ring of `n` points round `(cx, cy)`, radii between `r0` and `r1`.
    fn star(
        rng: &mut rand_pcg::Pcg64,
        (cx, cy): (f64, f64),
        n: usize,
        r0: f64,
        r1: f64,
    ) -> LineString<f64> {
        let mut pts: Vec<(f64, f64)> = (0..n)
            .map(|k| {
                let a = std::f64::consts::TAU * (k as f64 + rng.gen_range(0.0..0.9)) / n as f64;
                let r = rng.gen_range(r0..r1);
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect();
        pts.push(pts[0]);
        LineString::from(pts)
    }

    #[test]
    fn the_point_inside_a_piece_is_geos_to_the_bit() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(36);
        let mut compared = 0;
        for round in 0..3000 {
            let n = rng.gen_range(3..60);
            let exterior = star(&mut rng, (0.0, 0.0), n, 20.0, 100.0);
            let hole_x = rng.gen_range(-5.0..5.0);
            let holes = if round % 3 == 0 {
                vec![star(&mut rng, (hole_x, 0.0), 7, 2.0, 10.0)]
            } else {
                vec![]
            };
            let mut poly = Polygon::new(exterior, holes);
            if round % 5 == 0 {
                // A point on the middle line of the box, which geo nudges the line off.
                let b = poly.bounding_rect().expect("a box");
                let mid = (b.min().y + b.max().y) / 2.0;
                let mut ring = poly.exterior().0.clone();
                let k = (0..ring.len() - 1)
                    .min_by(|&a, &c| (ring[a].y - mid).abs().total_cmp(&(ring[c].y - mid).abs()))
                    .expect("points");
                ring[k].y = mid;
                if k == 0 {
                    let last = ring.len() - 1;
                    ring[last].y = mid;
                }
                poly = Polygon::new(LineString::from(ring), poly.interiors().to_vec());
            }
            // geo's relate panics on some pieces ("side_location conflict"), and ours asks
            // geo where a point lies on the line: those are not compared.
            let (Ok(ours), Ok(geos)) = (
                std::panic::catch_unwind(|| interior(&poly)),
                std::panic::catch_unwind(|| poly.interior_point()),
            ) else {
                continue;
            };
            compared += 1;
            let ours = ours.map(|p| (p.x().to_bits(), p.y().to_bits()));
            let geos = geos.map(|p| (p.x().to_bits(), p.y().to_bits()));
            assert_eq!(ours, geos, "{poly:?}");
        }
        assert!(compared > 2500, "{compared} compared");
    }
}

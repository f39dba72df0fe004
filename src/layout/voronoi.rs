//! Plane geometry for schematic area maps: Voronoi cells by half-plane clipping and convex
//! clipping (Sutherland–Hodgman), which `geo` does not offer; convex hulls, areas and
//! centroids are `geo`'s, adapted to the `(x, y)` tuples the layout uses.
//!
//! The Voronoi cell of a site is the rectangle clipped, for every other site, to the half
//! plane of points nearer to it, nearest sites first, stopping once the rest are too far
//! to cut it (beyond twice its farthest corner): robust, with no degenerate cases beyond
//! identical sites, which simply share a cell, and quick on the few hundred provinces of
//! the largest imported boards.

use geo::{Area, Centroid, ConvexHull, LineString, MultiPoint, Polygon};

/// A point.
pub type P = (f64, f64);

/// Clip a convex polygon to the half plane of points nearer to `a` than to `b`.
pub fn clip_nearer(poly: &[P], a: P, b: P) -> Vec<P> {
    // n·x <= c with n = b - a and c = (|b|² - |a|²) / 2.
    let n = (b.0 - a.0, b.1 - a.1);
    if n.0.abs() < 1e-12 && n.1.abs() < 1e-12 {
        return poly.to_vec();
    }
    let c = (b.0 * b.0 + b.1 * b.1 - a.0 * a.0 - a.1 * a.1) / 2.0;
    clip_half_plane(poly, n, c)
}

/// Clip a polygon to the half plane `n·x <= c`.
pub fn clip_half_plane(poly: &[P], n: P, c: f64) -> Vec<P> {
    let f = |p: P| n.0 * p.0 + n.1 * p.1 - c;
    let mut out = Vec::with_capacity(poly.len() + 1);
    for i in 0..poly.len() {
        let p = poly[i];
        let q = poly[(i + 1) % poly.len()];
        let (fp, fq) = (f(p), f(q));
        if fp <= 0.0 {
            out.push(p);
        }
        if (fp <= 0.0) != (fq <= 0.0) {
            let t = fp / (fp - fq);
            out.push((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)));
        }
    }
    out
}

/// The Voronoi cells of `sites` within the rectangle `(x0, y0, x1, y1)`, in site order.
pub fn cells(sites: &[P], rect: (f64, f64, f64, f64)) -> Vec<Vec<P>> {
    let (x0, y0, x1, y1) = rect;
    let frame = vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
    let d2 = |a: P, b: P| (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2);
    sites
        .iter()
        .map(|&a| {
            let mut order: Vec<(f64, usize)> = sites
                .iter()
                .enumerate()
                .map(|(j, &b)| (d2(a, b), j))
                .collect();
            order.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            let mut cell = frame.clone();
            for (d, j) in order {
                // A site farther than twice the cell's farthest corner cannot cut it.
                let reach = cell.iter().map(|&p| d2(a, p)).fold(0.0, f64::max);
                if cell.is_empty() || d > 4.0 * reach {
                    break;
                }
                cell = clip_nearer(&cell, a, sites[j]);
            }
            cell
        })
        .collect()
}

fn polygon(poly: &[P]) -> Polygon<f64> {
    Polygon::new(LineString::from(poly.to_vec()), vec![])
}

/// Signed area (positive when counter-clockwise in y-up axes, i.e. clockwise on screen).
pub fn signed_area(poly: &[P]) -> f64 {
    polygon(poly).signed_area()
}

/// The centroid of a polygon (the mean of its points when it has no area).
pub fn centroid(poly: &[P]) -> P {
    if poly.is_empty() {
        return (0.0, 0.0);
    }
    if signed_area(poly).abs() < 1e-9 {
        let n = poly.len() as f64;
        let (sx, sy) = poly.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0, s.1 + p.1));
        return (sx / n, sy / n);
    }
    polygon(poly)
        .centroid()
        .map_or((0.0, 0.0), |c| (c.x(), c.y()))
}

/// The convex hull of points, counter-clockwise in y-up axes.
pub fn convex_hull(points: &[P]) -> Vec<P> {
    let mut pts: Vec<P> = points.to_vec();
    pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let hull = MultiPoint::from(pts).convex_hull();
    let mut ring: Vec<P> = hull.exterior().coords().map(|c| (c.x, c.y)).collect();
    ring.pop();
    ring
}

/// Clip a polygon by a convex polygon (either winding).
pub fn clip_convex(subject: &[P], clip: &[P]) -> Vec<P> {
    if clip.len() < 3 {
        return subject.to_vec();
    }
    let inside_sign = signed_area(clip).signum();
    let mut out = subject.to_vec();
    for i in 0..clip.len() {
        if out.is_empty() {
            break;
        }
        let (a, b) = (clip[i], clip[(i + 1) % clip.len()]);
        // Keep points on the inner side of edge a→b: sign(cross) == inside_sign.
        // cross(b - a, p - a) * s >= 0  ⇔  n·p <= c with n = -s * (-(b.1 - a.1), b.0 - a.0).
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        let n = (inside_sign * ey, -inside_sign * ex);
        let c = n.0 * a.0 + n.1 * a.1;
        out = clip_half_plane(&out, n, c);
    }
    out
}

/// The length of border two polygons share: the stretches where an edge of one runs along
/// an edge of the other, within `tolerance` pixels (either winding; O(|a|·|b|)). Two
/// Voronoi cells that touch share exactly such a stretch; cells that meet at a corner only
/// share none.
pub fn shared_border(a: &[P], b: &[P], tolerance: f64) -> f64 {
    let mut total = 0.0;
    for i in 0..a.len() {
        let (p, q) = (a[i], a[(i + 1) % a.len()]);
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let len = dx.hypot(dy);
        if len < 1e-9 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        for j in 0..b.len() {
            let (r, s) = (b[j], b[(j + 1) % b.len()]);
            // Both ends of b's edge on the line through a's edge.
            let off = |t: P| ((t.0 - p.0) * uy - (t.1 - p.1) * ux).abs();
            if off(r) > tolerance || off(s) > tolerance {
                continue;
            }
            let along = |t: P| (t.0 - p.0) * ux + (t.1 - p.1) * uy;
            let (t0, t1) = (along(r), along(s));
            let overlap = t0.max(t1).min(len) - t0.min(t1).max(0.0);
            if overlap > 0.0 {
                total += overlap;
            }
        }
    }
    total
}

/// A convex polygon pushed outwards by `d` (each vertex moved away from the centroid along
/// the bisector; good enough for a schematic hull).
pub fn grow(poly: &[P], d: f64) -> Vec<P> {
    let n = poly.len();
    if n < 3 {
        return poly.to_vec();
    }
    let s = signed_area(poly).signum();
    (0..n)
        .map(|i| {
            let prev = poly[(i + n - 1) % n];
            let p = poly[i];
            let next = poly[(i + 1) % n];
            let normal = |a: P, b: P| {
                let (ex, ey) = (b.0 - a.0, b.1 - a.1);
                let l = (ex * ex + ey * ey).sqrt().max(1e-9);
                (s * ey / l, -s * ex / l)
            };
            let (n1, n2) = (normal(prev, p), normal(p, next));
            let (bx, by) = (n1.0 + n2.0, n1.1 + n2.1);
            let bl = (bx * bx + by * by).sqrt().max(1e-9);
            let cos = ((n1.0 * bx + n1.1 * by) / bl).max(0.3);
            (p.0 + bx / bl * d / cos, p.1 + by / bl * d / cos)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(p: &[P]) -> f64 {
        signed_area(p).abs()
    }

    #[test]
    fn two_sites_split_the_rectangle_in_half() {
        let c = cells(&[(25.0, 50.0), (75.0, 50.0)], (0.0, 0.0, 100.0, 100.0));
        assert!((area(&c[0]) - 5000.0).abs() < 1e-6);
        assert!((area(&c[1]) - 5000.0).abs() < 1e-6);
        assert!(c[0].iter().all(|p| p.0 <= 50.0 + 1e-9));
    }

    #[test]
    fn cells_tile_the_rectangle() {
        let sites: Vec<P> = (0..30)
            .map(|i| {
                let h = crate::emit::art::patterns::hash(i, 3);
                ((h % 997) as f64 / 9.97, ((h >> 20) % 991) as f64 / 9.91)
            })
            .collect();
        let c = cells(&sites, (0.0, 0.0, 100.0, 100.0));
        let total: f64 = c.iter().map(|p| area(p)).sum();
        assert!((total - 10000.0).abs() < 1e-3, "{total}");
        for (i, cell) in c.iter().enumerate() {
            let (x, y) = centroid(cell);
            // The centroid of a cell is nearer its own site than any other... not always, but
            // the site itself is always inside its cell.
            let _ = (x, y);
            assert!(
                crate::emit::art::patterns::contains(
                    &cell
                        .iter()
                        .map(|p| (p.0 as f32, p.1 as f32))
                        .collect::<Vec<_>>(),
                    sites[i].0 as f32,
                    sites[i].1 as f32
                ) || cell.is_empty()
            );
        }
    }

    #[test]
    fn neighbouring_cells_share_their_border_and_corner_neighbours_none() {
        // Four sites on a square's corners: each cell a quarter, sharing a 50 px border with
        // the two beside it and only the centre point with the one across.
        let c = cells(
            &[(25.0, 25.0), (75.0, 25.0), (75.0, 75.0), (25.0, 75.0)],
            (0.0, 0.0, 100.0, 100.0),
        );
        assert!((shared_border(&c[0], &c[1], 0.01) - 50.0).abs() < 1e-6);
        assert!((shared_border(&c[1], &c[2], 0.01) - 50.0).abs() < 1e-6);
        assert!(shared_border(&c[0], &c[2], 0.01) < 1e-6);
        let rev: Vec<P> = c[3].iter().rev().copied().collect();
        assert!((shared_border(&c[0], &rev, 0.01) - 50.0).abs() < 1e-6);
        // Parallel edges apart by more than the tolerance are not a shared border.
        let a = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        let b = [(0.0, 12.0), (10.0, 12.0), (10.0, 20.0), (0.0, 20.0)];
        assert_eq!(shared_border(&a, &b, 1.0), 0.0);
        assert!((shared_border(&a, &b, 2.5) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn hull_clip_and_grow() {
        let h = convex_hull(&[
            (0.0, 0.0),
            (10.0, 0.0),
            (5.0, 5.0),
            (10.0, 10.0),
            (0.0, 10.0),
        ]);
        assert_eq!(h.len(), 4);
        assert!((area(&h) - 100.0).abs() < 1e-9);
        let g = grow(&h, 1.0);
        assert!((area(&g) - 144.0).abs() < 1e-6, "{}", area(&g));
        let sq = [(5.0, 5.0), (15.0, 5.0), (15.0, 15.0), (5.0, 15.0)];
        let c = clip_convex(&sq, &h);
        assert!((area(&c) - 25.0).abs() < 1e-9);
        let rev: Vec<P> = h.iter().rev().copied().collect();
        assert!((area(&clip_convex(&sq, &rev)) - 25.0).abs() < 1e-9);
        assert_eq!(centroid(&h), (5.0, 5.0));
    }
}

//! Rings in picture pixels: orientation and area, crossings, holes and islands joined into
//! one ring by cuts, distances and bounding boxes.

use super::*;

/// A ring in km as pixels, simplified, without the closing point.
pub(super) fn ring_px(picture: &Picture, ring: &LineString<f64>) -> Vec<[f64; 2]> {
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

pub(super) type P2 = [f64; 2];

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
pub(super) fn meets(p: P2, q: P2, a: P2, b: P2) -> bool {
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
pub(super) fn edges(ring: &[P2]) -> impl Iterator<Item = (P2, P2)> + '_ {
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
pub(super) fn to_segment(p: P2, a: P2, b: P2) -> f64 {
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
pub(super) fn to_ring(p: P2, ring: &[P2]) -> f64 {
    edges(ring)
        .map(|(a, b)| to_segment(p, a, b))
        .fold(f64::INFINITY, f64::min)
}

/// The bounding box of a ring: west, north, east, south in pixels.
pub(super) fn bbox(ring: &[P2]) -> [f64; 4] {
    ring.iter().fold(
        [f64::MAX, f64::MAX, f64::MIN, f64::MIN],
        |[x0, y0, x1, y1], p| [x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1])],
    )
}

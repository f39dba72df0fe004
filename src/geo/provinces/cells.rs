//! The shapes provinces are cut from, in kilometres: each seed's cell (the ground nearer to
//! it than to any other seed of the same kind), given outlines and patches, and how pieces of
//! land find their province (the seeds they hold, else the neighbour sharing the longest
//! border).

use super::*;

/// A polygon given in degrees, in projected km.
pub(super) fn to_km(shape: &MultiPolygon<f64>, projection: &Projection) -> MultiPolygon<f64> {
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
pub(super) fn region(seeds: &[Km], others: &[Km], frame: &Rect<f64>) -> MultiPolygon<f64> {
    let mut out = MultiPolygon::new(vec![]);
    for (k, s) in seeds.iter().enumerate() {
        let c = cell(*s, others, frame);
        out = if k == 0 { c } else { out.union(&c) };
    }
    out
}

/// A shape given in degrees — an outline (limited to `inside` countries), or Natural Earth
/// countries — in km; `None` when it gives neither.
pub(super) fn given_shape(
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
                out = if out.0.is_empty() {
                    c
                } else {
                    cut(&out, &c, Cut::Union)
                };
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
        Some(names) => cut(&shape, &countries(names), Cut::Intersection),
        None => shape,
    })
}

/// The union of patches (land added, or unplayable), in km.
pub(super) fn patches(list: &[Patch], atlas: &Atlas, projection: &Projection) -> MultiPolygon<f64> {
    let mut out = MultiPolygon::new(vec![]);
    for p in list {
        if let Some(s) = given_shape(
            p.outline.as_ref().map(|o| o.get_ref()),
            p.natural_earth.as_ref().map(|n| n.get_ref()),
            p.inside.as_ref().map(|n| n.get_ref()),
            atlas,
            projection,
        ) {
            out = if out.0.is_empty() {
                s
            } else {
                cut(&out, &s, Cut::Union)
            };
        }
    }
    out
}

/// Whether the bounding boxes of two shapes overlap.
pub(super) fn overlapping(a: &MultiPolygon<f64>, b: &MultiPolygon<f64>) -> bool {
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
pub(super) fn boxes_overlap(a: &Rect<f64>, b: &Rect<f64>) -> bool {
    a.min().x <= b.max().x
        && b.min().x <= a.max().x
        && a.min().y <= b.max().y
        && b.min().y <= a.max().y
}

/// A piece's point lies on a neighbour's border within this many km.
pub(super) const SHARED_KM: f64 = 0.5;

/// How long a border `piece` shares with the rings of `others`, in km: the length of the
/// edges of its ring whose middle lies on one of their rings (within [`SHARED_KM`]); only
/// their edges near `piece` (its box `near`) are looked at. A length, not a count of
/// points that happen to coincide, so that a border cut by a straight line (two points)
/// and one along a coast (many) weigh what they measure, and the rounding of the cuts
/// that made both sides cannot tip it.
pub(super) fn shared_length<'a>(
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
pub(super) fn cover(a: &Rect<f64>, b: &Rect<f64>) -> Rect<f64> {
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
pub(super) fn apart_groups(
    regions: &[Option<MultiPolygon<f64>>],
    kinds: &[bool],
) -> Vec<Vec<usize>> {
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
pub(super) fn owner(
    piece: &Polygon<f64>,
    group: &[usize],
    regions: &[Option<MultiPolygon<f64>>],
) -> Option<usize> {
    let q = interior(piece)?;
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
pub(super) fn seeded_pieces(pieces: &[Polygon<f64>], seeds: &[Km]) -> Vec<Polygon<f64>> {
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
pub(super) type Taken = (usize, usize, usize, Rect<f64>, Polygon<f64>);

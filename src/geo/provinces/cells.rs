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

/// How far (km) a region stops short of the line halfway between its seed and another
/// province's: neighbouring regions lie this far apart, so that the land or the sea is cut
/// to all the regions of its kind in one go without two of them running together. Far below
/// a pixel: the outlines written meet as before.
pub(super) const GAP_KM: f64 = 0.001;

/// The part of a convex polygon nearer to `a` than to `b`: `a`'s side of their bisector,
/// less half of [`GAP_KM`].
fn clip_nearer(poly: &[Km], a: Km, b: Km) -> Vec<Km> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return poly.to_vec();
    }
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let side = |p: Km| ((p.0 - mid.0) * dx + (p.1 - mid.1) * dy) / len + GAP_KM / 2.0;
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

/// The Voronoi cell of `seed` among `others` within `frame`: the points nearer to it than
/// to any of them, the frame cut by one bisector at a time. The frame is convex and so is
/// each cut, so a half-plane clip is exact: no overlay is needed until the cell meets the
/// coast.
fn cell(seed: Km, others: &[Km], frame: &Rect<f64>) -> MultiPolygon<f64> {
    let (lo, hi) = (frame.min(), frame.max());
    let mut poly = vec![(lo.x, lo.y), (hi.x, lo.y), (hi.x, hi.y), (lo.x, hi.y)];
    for &o in others {
        poly = clip_nearer(&poly, seed, o);
        if poly.len() < 3 {
            return MultiPolygon::new(vec![]);
        }
    }
    MultiPolygon::new(vec![Polygon::new(LineString::from(poly), vec![])])
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

/// The province of `members` whose region holds a piece cut from their regions (by a point
/// inside the piece; the nearest region when rounding puts that point just outside all of
/// them).
pub(super) fn owner(
    piece: &Polygon<f64>,
    members: &[usize],
    regions: &[Option<MultiPolygon<f64>>],
) -> Option<usize> {
    let q = interior(piece)?;
    let p = [q.x(), q.y()];
    members
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

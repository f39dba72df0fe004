//! Where a long connection is drawn as markers, as printed world maps draw a move that
//! leaves the sheet: instead of a line across the picture, a short arrow out of each of the
//! two areas' shapes towards the other, with the other area's name beside it
//! ("Falkland Islands →"), in the connection's ink.
//!
//! Each marker is laid out on its own area's shape: its arrow runs outwards from the area's
//! position to the shape's border (in a crowded shape, a little past it, its tail inside),
//! its label stands before the arrow's tail (or beside it), and of the directions around
//! the way the line would have gone ([`turns`]) the nearest is taken whose label stays
//! inside the shape and whose arrow and label cover no name, slot or fleet box of any area
//! nor a marker already laid out. Where no direction keeps the label inside, one that only
//! lets it stand just beside the shape is taken; where none is free at all, the one
//! covering least. Markers are laid out in the order given: deterministic.

use crate::layout::area::Rect;
use crate::layout::voronoi::P;

use super::text::{Face, Font};

/// One end of a connection drawn as markers: an arrow out of its area's shape and the
/// name of the area the connection leads to.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    /// The area it is drawn in.
    pub area: usize,
    /// The arrow, from its tail inside the area's shape to its head's tip on the border.
    pub stub: (P, P),
    /// The name of the area at the connection's other end, as that area's label prints it.
    pub label: String,
    /// The label's left end and baseline.
    pub at: (f32, f32),
    /// The rectangle the label covers (left, top, width, height).
    pub rect: Rect,
}

/// The font of a marker's label at scale `k`: smaller than an area's name, bold.
pub fn label_font(k: f32) -> Font {
    Font::new(Face::Bold, 10.0 * k)
}

/// The turns tried away from the line's direction, in degrees, nearest first: every ten
/// degrees all round.
fn turns() -> impl Iterator<Item = f64> {
    std::iter::once(0.0).chain((1..=18).flat_map(|t| [f64::from(t) * 10.0, -f64::from(t) * 10.0]))
}

/// How far inside its shape's border an arrow's tip stands, in pixels at scale 1, nearest
/// the border first; last, in a crowded shape, past the border (its tail still inside).
const INSETS: [f64; 7] = [1.0, 8.0, 16.0, 24.0, 32.0, -8.0, -16.0];

/// What a marker needs to know of its end of the connection.
pub struct End<'a> {
    /// The area it is drawn in.
    pub area: usize,
    /// Where the area's label stands (its position), inside its shape.
    pub from: P,
    /// Which way the connection's line would have left it (a unit vector).
    pub towards: P,
    /// The name of the area at the other end.
    pub label: &'a str,
}

/// Lays markers out one by one, keeping each off what is printed and off the markers
/// before it.
pub struct Layout<'a> {
    shapes: &'a [Vec<P>],
    size: (f64, f64),
    k: f64,
    font: Font,
    /// Names, slots and fleet boxes of every area, and the labels of markers laid out.
    taken: Vec<Rect>,
    /// The arrows of markers laid out.
    arrows: Vec<(P, P)>,
}

impl<'a> Layout<'a> {
    /// A layout over `shapes` (each area's drawn shape) in a picture of `size`, keeping off
    /// `printed` (every name, slot and fleet box), at scale `k`.
    pub fn new(shapes: &'a [Vec<P>], size: (u32, u32), printed: Vec<Rect>, k: f32) -> Self {
        Layout {
            shapes,
            size: (f64::from(size.0), f64::from(size.1)),
            k: f64::from(k),
            font: label_font(k),
            taken: printed,
            arrows: Vec::new(),
        }
    }

    /// The marker of `end`, laid out and kept off by the markers after it; `None` when its
    /// area has no shape.
    pub fn place(&mut self, end: &End) -> Option<Marker> {
        let shape = self.shapes.get(end.area).filter(|s| s.len() >= 3)?;
        let k = self.k;
        let length = 28.0 * k;
        // Only what lies near the shape can be covered.
        let (x0, y0, x1, y1) = shape.iter().fold(
            (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
            |(a, b, c, d), p| (a.min(p.0), b.min(p.1), c.max(p.0), d.max(p.1)),
        );
        let margin = 200.0 * k;
        let near = |r: Rect| {
            f64::from(r.0) < x1 + margin
                && f64::from(r.0 + r.2) > x0 - margin
                && f64::from(r.1) < y1 + margin
                && f64::from(r.1 + r.3) > y0 - margin
        };
        let taken: Vec<Rect> = self.taken.iter().copied().filter(|&r| near(r)).collect();
        let arrows: Vec<(P, P)> = self
            .arrows
            .iter()
            .copied()
            .filter(|&(a, b)| {
                near((a.0 as f32, a.1 as f32, 0.0, 0.0)) || near((b.0 as f32, b.1 as f32, 0.0, 0.0))
            })
            .collect();
        let mut best: Option<((f64, f64), Marker)> = None;
        for (turn, degrees) in turns().enumerate() {
            let (s, c) = degrees.to_radians().sin_cos();
            let (ux, uy) = end.towards;
            let d = (ux * c - uy * s, ux * s + uy * c);
            let Some(reach) = exit(shape, end.from, d) else {
                continue;
            };
            for (depth, inset) in INSETS.into_iter().enumerate() {
                let tip_at = reach - inset * k;
                if tip_at - length < 6.0 * k {
                    continue;
                }
                let tip = (end.from.0 + d.0 * tip_at, end.from.1 + d.1 * tip_at);
                let tail = (tip.0 - d.0 * length, tip.1 - d.1 * length);
                if inset < 0.0 && !convex_contains(shape, tail) {
                    continue;
                }
                for (side, (at, rect)) in self
                    .labels_beside(end.label, tail, d)
                    .into_iter()
                    .enumerate()
                {
                    let covered = self.covered(&taken, &arrows, rect, (tail, tip));
                    let outside = f64::from(u8::from(!rect_inside(shape, rect)));
                    // Free first, then inside its own shape, then the least turn, depth and
                    // the label before the arrow rather than beside it.
                    let cost = (
                        covered,
                        outside * 1000.0 + turn as f64 * 2.0 + depth as f64 + side as f64 * 3.0,
                    );
                    if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                        best = Some((
                            cost,
                            Marker {
                                area: end.area,
                                stub: (tail, tip),
                                label: end.label.to_string(),
                                at,
                                rect,
                            },
                        ));
                    }
                }
            }
        }
        let (_, marker) = best?;
        self.taken.push(marker.rect);
        self.arrows.push(marker.stub);
        Some(marker)
    }

    /// Where a label may go by an arrow's tail at `tail` pointing along `d`, best first:
    /// before it (to its left when the arrow points right, to its right when it points
    /// left, above or below it when it points down or up), then on either side of it. Each
    /// as its left end and baseline, and the rectangle it covers.
    fn labels_beside(&self, label: &str, tail: P, d: P) -> [((f32, f32), Rect); 3] {
        let f = &self.font;
        let (w, cap, descent) = (
            f64::from(f.width(label)),
            f64::from(f.cap_height()),
            f64::from(f.descent()),
        );
        let gap = 4.0 * self.k;
        let left_of = (tail.0 - gap - w, tail.1 + cap / 2.0);
        let right_of = (tail.0 + gap, tail.1 + cap / 2.0);
        let above = (tail.0 - w / 2.0, tail.1 - gap - descent);
        let below = (tail.0 - w / 2.0, tail.1 + gap + cap);
        let places = if d.0 > 0.5 {
            [left_of, above, below]
        } else if d.0 < -0.5 {
            [right_of, above, below]
        } else if d.1 > 0.0 {
            [above, left_of, right_of]
        } else {
            [below, left_of, right_of]
        };
        places.map(|(left, baseline)| {
            let rect = (
                left as f32,
                (baseline - cap) as f32,
                w as f32,
                (cap + descent) as f32,
            );
            ((left as f32, baseline as f32), rect)
        })
    }

    /// How much a label at `rect` and an arrow `stub` cover of what is printed, of the
    /// markers laid out and of what lies off the picture: the area of the rectangles'
    /// overlaps, and a fixed amount for each arrow crossed or name, slot or label the arrow
    /// runs over.
    fn covered(&self, taken: &[Rect], arrows: &[(P, P)], rect: Rect, stub: (P, P)) -> f64 {
        let pad = (2.0 * self.k) as f32;
        let grown = |r: Rect| (r.0 - pad, r.1 - pad, r.2 + 2.0 * pad, r.3 + 2.0 * pad);
        let mut total = 0.0;
        for &t in taken {
            total += overlap(grown(rect), t);
            if segment_meets_rect(stub, grown(t)) {
                total += 400.0;
            }
        }
        for &a in arrows {
            if segment_distance(stub, a) < 4.0 * self.k {
                total += 400.0;
            }
            if segment_meets_rect(a, grown(rect)) {
                total += 400.0;
            }
        }
        let (w, h) = self.size;
        let r = (
            f64::from(rect.0),
            f64::from(rect.1),
            f64::from(rect.2),
            f64::from(rect.3),
        );
        let off = r.0.min(0.0).abs()
            + (r.0 + r.2 - w).max(0.0)
            + r.1.min(0.0).abs()
            + (r.1 + r.3 - h).max(0.0);
        total + off * 100.0
    }
}

/// How far from `from` (inside the convex `shape`) along the unit vector `d` the shape's
/// border lies.
fn exit(shape: &[P], from: P, d: P) -> Option<f64> {
    let n = shape.len();
    let mut best: Option<f64> = None;
    for i in 0..n {
        let (a, b) = (shape[i], shape[(i + 1) % n]);
        let e = (b.0 - a.0, b.1 - a.1);
        let denom = d.0 * e.1 - d.1 * e.0;
        if denom.abs() < 1e-12 {
            continue;
        }
        let w = (a.0 - from.0, a.1 - from.1);
        let t = (w.0 * e.1 - w.1 * e.0) / denom;
        let s = (w.0 * d.1 - w.1 * d.0) / denom;
        if t > 1e-9 && (-1e-9..=1.0 + 1e-9).contains(&s) {
            best = Some(best.map_or(t, |b: f64| b.min(t)));
        }
    }
    best
}

/// Whether every corner of `r` lies inside the convex `shape` (either winding).
fn rect_inside(shape: &[P], r: Rect) -> bool {
    let (x, y, w, h) = (
        f64::from(r.0),
        f64::from(r.1),
        f64::from(r.2),
        f64::from(r.3),
    );
    [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        .into_iter()
        .all(|p| convex_contains(shape, p))
}

/// Whether `p` lies inside the convex polygon `poly` (either winding), its border included.
pub fn convex_contains(poly: &[P], p: P) -> bool {
    let n = poly.len();
    if n < 3 {
        return false;
    }
    let side = |i: usize| {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
    };
    (0..n).all(|i| side(i) >= 0.0) || (0..n).all(|i| side(i) <= 0.0)
}

/// The area two rectangles share.
fn overlap(a: Rect, b: Rect) -> f64 {
    let ox = ((a.0 + a.2).min(b.0 + b.2) - a.0.max(b.0)).max(0.0);
    let oy = ((a.1 + a.3).min(b.1 + b.3) - a.1.max(b.1)).max(0.0);
    f64::from(ox * oy)
}

/// Whether the segment runs through the rectangle (Liang–Barsky clipping).
fn segment_meets_rect((p, q): (P, P), r: Rect) -> bool {
    let (x0, y0, x1, y1) = (
        f64::from(r.0),
        f64::from(r.1),
        f64::from(r.0 + r.2),
        f64::from(r.1 + r.3),
    );
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for (num, den) in [
        (p.0 - x0, -dx),
        (x1 - p.0, dx),
        (p.1 - y0, -dy),
        (y1 - p.1, dy),
    ] {
        if den.abs() < 1e-12 {
            if num < 0.0 {
                return false;
            }
        } else {
            let t = num / den;
            if den < 0.0 {
                lo = lo.max(t);
            } else {
                hi = hi.min(t);
            }
        }
    }
    lo <= hi
}

/// The least distance between two segments.
fn segment_distance(a: (P, P), b: (P, P)) -> f64 {
    let cross = |o: P, p: P, q: P| (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0);
    let (d1, d2) = (cross(a.0, a.1, b.0), cross(a.0, a.1, b.1));
    let (d3, d4) = (cross(b.0, b.1, a.0), cross(b.0, b.1, a.1));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return 0.0;
    }
    let to_segment = |p: P, (s, e): (P, P)| {
        let (dx, dy) = (e.0 - s.0, e.1 - s.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 <= 1e-12 {
            0.0
        } else {
            (((p.0 - s.0) * dx + (p.1 - s.1) * dy) / len2).clamp(0.0, 1.0)
        };
        (p.0 - s.0 - t * dx).hypot(p.1 - s.1 - t * dy)
    };
    to_segment(a.0, b)
        .min(to_segment(a.1, b))
        .min(to_segment(b.0, a))
        .min(to_segment(b.1, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, side: f64) -> Vec<P> {
        vec![(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
    }

    #[test]
    fn a_marker_points_the_way_the_line_went_with_its_label_inside_before_it() {
        let shapes = vec![square(0.0, 0.0, 400.0)];
        let mut layout = Layout::new(&shapes, (400, 400), Vec::new(), 1.0);
        let m = layout
            .place(&End {
                area: 0,
                from: (200.0, 200.0),
                towards: (1.0, 0.0),
                label: "Falkland Islands",
            })
            .expect("a marker");
        let (tail, tip) = m.stub;
        assert!(
            (tip.0 - 399.0).abs() < 1e-6 && (tip.1 - 200.0).abs() < 1e-6,
            "{tip:?}"
        );
        assert!(tail.0 < tip.0 && convex_contains(&shapes[0], tail));
        assert_eq!(m.label, "Falkland Islands");
        assert!(rect_inside(&shapes[0], m.rect));
        assert!(
            f64::from(m.rect.0 + m.rect.2) < tail.0,
            "the label before the arrow"
        );
    }

    #[test]
    fn a_marker_turns_away_from_what_is_printed_and_from_the_markers_before_it() {
        let shapes = vec![square(0.0, 0.0, 400.0)];
        // A name straight to the right of the label.
        let name: Rect = (300.0, 190.0, 80.0, 20.0);
        let mut layout = Layout::new(&shapes, (400, 400), vec![name], 1.0);
        let end = End {
            area: 0,
            from: (200.0, 200.0),
            towards: (1.0, 0.0),
            label: "Iceland",
        };
        let first = layout.place(&end).expect("a marker");
        assert!(overlap(first.rect, name) == 0.0);
        assert!(!segment_meets_rect(first.stub, name));
        let second = layout.place(&end).expect("a marker");
        assert!(overlap(first.rect, second.rect) == 0.0);
        assert!(segment_distance(first.stub, second.stub) >= 4.0);
    }
}

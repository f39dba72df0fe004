//! Terrain patterns drawn over a terrain's fill colour, in the conventions of printed maps:
//! `trees` little trees, `peaks` mountain carets, `marsh` grass tufts, `hatching` diagonal
//! rough-ground lines, `waves` sea ripples (any other name gives scattered dots).
//!
//! Patterns are drawn inside a shape, never across its edge: motifs are placed at points
//! well inside it, and hatching lines are clipped to the polygon exactly, so one hex's
//! pattern never spills into its neighbour. Placement is deterministic (a seed per shape
//! jitters the motifs so the map does not look like wallpaper).

use tiny_skia::{PathBuilder, Transform};

use super::canvas::{Canvas, Pen, Rgba};

/// A terrain pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// Little trees.
    Trees,
    /// Mountain carets.
    Peaks,
    /// Grass tufts.
    Marsh,
    /// Diagonal lines.
    Hatching,
    /// Ripples.
    Waves,
    /// Dots (unknown pattern names).
    Dots,
}

impl Pattern {
    /// The pattern for a terrain's `pattern` name.
    pub fn parse(name: Option<&str>) -> Option<Self> {
        Some(match name?.to_ascii_lowercase().as_str() {
            "trees" | "forest" | "woods" => Pattern::Trees,
            "peaks" | "mountains" | "mountain" => Pattern::Peaks,
            "marsh" | "swamp" | "tufts" => Pattern::Marsh,
            "hatching" | "rough" | "hatch" => Pattern::Hatching,
            "waves" | "water" | "sea" => Pattern::Waves,
            "" | "none" => return None,
            _ => Pattern::Dots,
        })
    }
}

/// A small deterministic hash for jitter.
pub fn hash(a: i64, b: i64) -> u64 {
    let mut x = (a as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (b as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 32;
    x
}

fn jitter(seed: u64, i: usize) -> (f32, f32) {
    let h = hash(seed as i64, i as i64);
    let a = ((h & 0xffff) as f32 / 65535.0) - 0.5;
    let b = (((h >> 16) & 0xffff) as f32 / 65535.0) - 0.5;
    (a, b)
}

/// Draw one motif centred on (x, y), about `size` pixels across, on a `base` fill; `variant`
/// picks among a pattern's forms (a conifer or a round tree). Motifs recur by the thousand
/// on a map, so each is a sprite ([`Canvas::sprite`]).
pub fn motif(c: &mut Canvas, p: Pattern, x: f32, y: f32, size: f32, base: Rgba, variant: u64) {
    let conifer = variant.is_multiple_of(3);
    let key = (
        "motif",
        [p as u32, size.to_bits(), base.packed(), u32::from(conifer)],
    );
    // The widest motif (hatching) reaches 0.55 × size from its centre, plus half a pen.
    let reach = size * 0.55 + (size * 0.1).max(0.8);
    c.sprite(key, (x, y), reach, |c, x, y| {
        draw_motif(c, p, x, y, size, base, conifer)
    });
}

/// Draw one motif as shapes (see [`motif`]).
fn draw_motif(c: &mut Canvas, p: Pattern, x: f32, y: f32, size: f32, base: Rgba, conifer: bool) {
    let s = size / 2.0;
    match p {
        Pattern::Trees => {
            let ink = base.darker(0.45);
            let trunk = Pen::new(ink.darker(0.2), (size * 0.1).max(0.8));
            c.line((x, y + s * 0.2), (x, y + s), &trunk);
            if conifer {
                // A conifer.
                c.fill_poly(
                    &[
                        (x, y - s),
                        (x + s * 0.6, y + s * 0.45),
                        (x - s * 0.6, y + s * 0.45),
                    ],
                    ink,
                );
            } else {
                // A round tree with a lighter highlight.
                c.fill_circle(x, y - s * 0.15, s * 0.6, ink);
                c.fill_circle(x - s * 0.18, y - s * 0.32, s * 0.22, base.darker(0.15));
            }
        }
        Pattern::Peaks => {
            let dark = base.darker(0.5);
            c.fill_poly(
                &[(x - s, y + s * 0.6), (x, y - s * 0.7), (x + s, y + s * 0.6)],
                base.darker(0.22),
            );
            c.fill_poly(
                &[
                    (x, y - s * 0.7),
                    (x + s, y + s * 0.6),
                    (x + s * 0.2, y + s * 0.6),
                ],
                base.darker(0.4),
            );
            c.stroke_poly(
                &[(x - s, y + s * 0.6), (x, y - s * 0.7), (x + s, y + s * 0.6)],
                false,
                &Pen::new(dark, (size * 0.09).max(0.8)),
            );
            c.fill_poly(
                &[
                    (x, y - s * 0.7),
                    (x - s * 0.22, y - s * 0.38),
                    (x + s * 0.22, y - s * 0.38),
                ],
                base.lighter(0.6),
            );
        }
        Pattern::Marsh => {
            let ink = Rgba(40, 90, 110, 255).mix(base.darker(0.5), 0.3);
            let pen = Pen::new(ink, (size * 0.08).max(0.7));
            c.line((x - s, y + s * 0.4), (x + s, y + s * 0.4), &pen);
            for (dx, h) in [(-0.5, 0.6), (-0.17, 0.95), (0.17, 0.95), (0.5, 0.6)] {
                let bx = x + dx * s * 0.8;
                c.line(
                    (bx, y + s * 0.35),
                    (bx + dx * s * 0.5, y + s * 0.35 - h * s),
                    &pen,
                );
            }
        }
        Pattern::Waves => {
            let ink = base.darker(0.25);
            let pen = Pen::new(ink, (size * 0.08).max(0.7));
            let mut pb = PathBuilder::new();
            pb.move_to(x - s, y);
            pb.quad_to(x - s * 0.5, y - s * 0.45, x, y);
            pb.quad_to(x + s * 0.5, y + s * 0.45, x + s, y);
            if let Some(path) = pb.finish() {
                c.stroke_path(&path, &pen, Transform::identity());
            }
        }
        Pattern::Dots => c.fill_circle(x, y, (size * 0.12).max(0.8), base.darker(0.4)),
        Pattern::Hatching => {
            let pen = Pen::new(base.darker(0.3), (size * 0.08).max(0.7));
            for i in -1..=1 {
                let o = i as f32 * s * 0.6;
                c.line(
                    (x - s * 0.5 + o, y + s * 0.5),
                    (x + s * 0.5 + o, y - s * 0.5),
                    &pen,
                );
            }
        }
    }
}

/// Unit positions of the motifs of a hex pattern inside its inscribed circle (the top band,
/// where the hex number is printed, is left free).
fn hex_positions(p: Pattern) -> &'static [(f32, f32)] {
    match p {
        Pattern::Trees => &[
            (-0.42, -0.22),
            (0.1, -0.3),
            (0.5, -0.05),
            (-0.2, 0.12),
            (-0.62, 0.38),
            (0.28, 0.36),
            (-0.08, 0.62),
        ],
        Pattern::Peaks => &[(-0.4, -0.12), (0.38, -0.05), (-0.05, 0.42)],
        Pattern::Marsh => &[
            (-0.45, -0.15),
            (0.35, -0.2),
            (-0.1, 0.2),
            (0.5, 0.4),
            (-0.45, 0.55),
        ],
        Pattern::Waves => &[
            (-0.35, -0.2),
            (0.35, -0.1),
            (-0.2, 0.25),
            (0.45, 0.38),
            (-0.05, 0.62),
        ],
        Pattern::Dots => &[
            (-0.4, -0.2),
            (0.3, -0.25),
            (0.0, 0.1),
            (-0.4, 0.4),
            (0.4, 0.35),
        ],
        Pattern::Hatching => &[],
    }
}

/// Draw a pattern inside one hex (`corners` from `HexGeometry::corners`; `dy` the hex size).
pub fn fill_hex(
    c: &mut Canvas,
    p: Pattern,
    centre: (f32, f32),
    corners: &[(f32, f32)],
    dy: f32,
    base: Rgba,
    seed: u64,
) {
    let r = dy / 2.0;
    if p == Pattern::Hatching {
        // Shrink the hex a little so the lines stop short of the grid.
        let inner: Vec<(f32, f32)> = corners
            .iter()
            .map(|&(x, y)| {
                (
                    centre.0 + (x - centre.0) * 0.86,
                    centre.1 + (y - centre.1) * 0.86,
                )
            })
            .collect();
        let top_free = centre.1 - r * 0.55;
        hatch(
            c,
            &inner,
            dy / 9.0,
            &Pen::new(base.darker(0.28), (dy / 64.0).max(0.7)),
            Some(top_free),
        );
        return;
    }
    let size = match p {
        Pattern::Trees => dy * 0.2,
        Pattern::Peaks => dy * 0.3,
        Pattern::Marsh => dy * 0.2,
        Pattern::Waves => dy * 0.2,
        _ => dy * 0.2,
    };
    for (i, &(ux, uy)) in hex_positions(p).iter().enumerate() {
        let (jx, jy) = jitter(seed, i);
        let x = centre.0 + (ux + jx * 0.12) * r;
        let y = centre.1 + (uy + jy * 0.1) * r;
        motif(c, p, x, y, size, base, hash(seed as i64, i as i64 + 7));
    }
}

/// Whether a point is inside a polygon (even-odd).
pub fn contains(poly: &[(f32, f32)], x: f32, y: f32) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (x1, y1) = poly[i];
        let (x2, y2) = poly[(i + 1) % n];
        if (y1 > y) != (y2 > y) && x < x1 + (y - y1) * (x2 - x1) / (y2 - y1) {
            inside = !inside;
        }
    }
    inside
}

/// Distance from a point to a polygon's boundary.
pub fn edge_distance(poly: &[(f32, f32)], x: f32, y: f32) -> f32 {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (ax, ay) = poly[i];
            let (bx, by) = poly[(i + 1) % n];
            let (dx, dy) = (bx - ax, by - ay);
            let len2 = dx * dx + dy * dy;
            let t = if len2 > 0.0 {
                (((x - ax) * dx + (y - ay) * dy) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            ((ax + t * dx - x).powi(2) + (ay + t * dy - y).powi(2)).sqrt()
        })
        .fold(f32::INFINITY, f32::min)
}

/// Draw a pattern over a whole polygon (area maps, chart swatches), motifs `size` across,
/// skipping points for which `keep_free` is true (labels, boxes).
pub fn fill_polygon(
    c: &mut Canvas,
    p: Pattern,
    poly: &[(f32, f32)],
    size: f32,
    base: Rgba,
    seed: u64,
    keep_free: &dyn Fn(f32, f32) -> bool,
) {
    if poly.len() < 3 {
        return;
    }
    if p == Pattern::Hatching {
        hatch(
            c,
            poly,
            size * 0.45,
            &Pen::new(base.darker(0.28), (size / 18.0).max(0.7)),
            None,
        );
        return;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in poly {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let step = size * 2.1;
    let mut i = 0usize;
    let mut row = 0;
    let mut y = y0 + step / 2.0;
    while y < y1 {
        let mut x = x0 + step / 2.0 + if row % 2 == 1 { step / 2.0 } else { 0.0 };
        while x < x1 {
            let (jx, jy) = jitter(seed, i);
            let (px, py) = (x + jx * step * 0.3, y + jy * step * 0.3);
            if contains(poly, px, py)
                && edge_distance(poly, px, py) > size * 0.7
                && !keep_free(px, py)
            {
                motif(c, p, px, py, size, base, hash(seed as i64, i as i64));
            }
            i += 1;
            x += step;
        }
        y += step * 0.87;
        row += 1;
    }
}

/// Diagonal lines `spacing` apart, clipped to a polygon (any shape); lines above `top_free`
/// (when given) are cut there.
pub fn hatch(c: &mut Canvas, poly: &[(f32, f32)], spacing: f32, pen: &Pen, top_free: Option<f32>) {
    if poly.len() < 3 || spacing <= 0.0 {
        return;
    }
    // Lines x - y = k (45°, rising to the right).
    let ks: Vec<f32> = poly.iter().map(|(x, y)| x + y).collect();
    let kmin = ks.iter().copied().fold(f32::MAX, f32::min);
    let kmax = ks.iter().copied().fold(f32::MIN, f32::max);
    let mut k = (kmin / spacing).ceil() * spacing;
    let n = poly.len();
    while k < kmax {
        // Points on the line: (t, k - t); intersect with every edge.
        let mut ts: Vec<f32> = Vec::new();
        for i in 0..n {
            let (ax, ay) = poly[i];
            let (bx, by) = poly[(i + 1) % n];
            let (fa, fb) = (ax + ay - k, bx + by - k);
            if (fa > 0.0) != (fb > 0.0) {
                let u = fa / (fa - fb);
                ts.push(ax + u * (bx - ax));
            }
        }
        ts.sort_by(f32::total_cmp);
        for pair in ts.chunks(2) {
            if let [a, b] = pair {
                let (mut p1, mut p2) = ((*a, k - *a), (*b, k - *b));
                if let Some(top) = top_free {
                    // The line falls as x grows; keep only the part below `top`.
                    let cut = k - top;
                    if p1.1 < top && p2.1 < top {
                        continue;
                    }
                    if p1.1 < top {
                        p1 = (cut, top);
                    }
                    if p2.1 < top {
                        p2 = (cut, top);
                    }
                }
                c.line(p1, p2, pen);
            }
        }
        k += spacing;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polygon_tests() {
        let sq = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        assert!(contains(&sq, 5.0, 5.0));
        assert!(!contains(&sq, 15.0, 5.0));
        assert!((edge_distance(&sq, 5.0, 2.0) - 2.0).abs() < 1e-4);
    }

    #[test]
    fn hatching_stays_inside() {
        let mut c = Canvas::new(40, 40, Rgba::WHITE);
        let tri = [(10.0, 10.0), (30.0, 10.0), (20.0, 30.0)];
        hatch(
            &mut c,
            &tri,
            3.0,
            &Pen::new(Rgba::BLACK, 1.0).square(),
            None,
        );
        let img = c.into_image();
        assert!(img.get_pixel(2, 2).0 == [255, 255, 255, 255]);
        assert!(img.get_pixel(35, 35).0 == [255, 255, 255, 255]);
        assert!(img.pixels().any(|p| p.0[0] < 100));
    }

    #[test]
    fn patterns_parse() {
        assert_eq!(Pattern::parse(Some("trees")), Some(Pattern::Trees));
        assert_eq!(Pattern::parse(None), None);
        assert_eq!(Pattern::parse(Some("sparkles")), Some(Pattern::Dots));
    }
}

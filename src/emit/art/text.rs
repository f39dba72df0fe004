//! Text turned into vector paths: the fonts and their metrics are the layout's
//! ([`crate::layout::text`], re-exported here for the art's files); this adds the outlines.
//!
//! Glyph outlines become `tiny-skia` paths, so text is anti-aliased like every other shape,
//! can be stroked for a halo, and rotated along a map edge.

use ab_glyph::{Font as _, GlyphId, OutlineCurve};
use tiny_skia::{Path, PathBuilder, Transform};

pub use crate::layout::text::{Face, Font};

impl Font {
    /// The outlines of a line of text with its baseline starting at the origin, and its width.
    pub fn path(&self, text: &str) -> (Option<Path>, f32) {
        let (glyphs, width) = self.glyphs(text);
        let mut pb = PathBuilder::new();
        for (id, gx) in glyphs {
            self.add_glyph(&mut pb, id, gx);
        }
        (pb.finish(), width)
    }

    /// The outline of one glyph with its baseline origin at the origin (`None` for a glyph
    /// that draws nothing, such as a space).
    pub fn glyph_path(&self, id: GlyphId) -> Option<Path> {
        let mut pb = PathBuilder::new();
        self.add_glyph(&mut pb, id, 0.0);
        pb.finish()
    }

    /// Add glyph `id`'s outline, its origin at `(gx, 0)`, to `pb`.
    fn add_glyph(&self, pb: &mut PathBuilder, id: GlyphId, gx: f32) {
        let s = self.scale();
        let Some(outline) = self.face.font().outline(id) else {
            return;
        };
        let pt = |p: ab_glyph::Point| (gx + p.x * s, -p.y * s);
        let mut last: Option<(f32, f32)> = None;
        for curve in &outline.curves {
            let start = match curve {
                OutlineCurve::Line(a, _)
                | OutlineCurve::Quad(a, _, _)
                | OutlineCurve::Cubic(a, _, _, _) => pt(*a),
            };
            let joined =
                last.is_some_and(|l| (l.0 - start.0).abs() < 1e-4 && (l.1 - start.1).abs() < 1e-4);
            if !joined {
                if last.is_some() {
                    pb.close();
                }
                pb.move_to(start.0, start.1);
            }
            let end = match curve {
                OutlineCurve::Line(_, b) => {
                    let b = pt(*b);
                    pb.line_to(b.0, b.1);
                    b
                }
                OutlineCurve::Quad(_, c, b) => {
                    let (c, b) = (pt(*c), pt(*b));
                    pb.quad_to(c.0, c.1, b.0, b.1);
                    b
                }
                OutlineCurve::Cubic(_, c1, c2, b) => {
                    let (c1, c2, b) = (pt(*c1), pt(*c2), pt(*b));
                    pb.cubic_to(c1.0, c1.1, c2.0, c2.1, b.0, b.1);
                    b
                }
            };
            last = Some(end);
        }
        if last.is_some() {
            pb.close();
        }
    }
}

/// Horizontal anchoring of a line of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// `x` is the left end.
    Left,
    /// `x` is the middle.
    Centre,
    /// `x` is the right end.
    Right,
}

/// Where a line of text goes: the transform that puts its baseline origin in place.
pub fn placement(font: &Font, text: &str, x: f32, baseline: f32, align: Align) -> (Transform, f32) {
    let w = font.width(text);
    let dx = match align {
        Align::Left => 0.0,
        Align::Centre => -w / 2.0,
        Align::Right => -w,
    };
    (Transform::from_translate(x + dx, baseline), w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_grow_with_text_and_size() {
        let f = Font::new(Face::Regular, 10.0);
        assert!(f.width("WWW") > f.width("W"));
        assert!(f.sized(20.0).width("W") > 1.9 * f.width("W"));
        assert!(
            Font::new(Face::Condensed, 10.0).width("1234")
                < Font::new(Face::Bold, 10.0).width("1234")
        );
        let (p, w) = f.path("Kiev");
        assert!(p.is_some() && w > 10.0);
        assert!(f.path(" ").0.is_none());
    }
}

//! Text as coverage masks: each glyph of a face and size is rasterised once per quarter
//! pixel of position (and once more per halo width, stroked), kept for the thread, and a
//! line of text is put together from those masks.
//!
//! A map prints thousands of hex numbers and names with halos; drawn as paths, every one of
//! them is an outline of hundreds of points to stroke and fill. Drawn from masks, a line of
//! text costs a few copies of small byte squares. A line's halo is the union of its glyphs'
//! halos (the brightest coverage of each pixel), so where the halos of two neighbouring
//! glyphs overlap they do not darken; its ink is the union of its glyphs. The glyphs sit at
//! a quarter of a pixel of where their outlines would (never more than an eighth away), so
//! a line drawn as masks and the same line drawn as paths differ only along the edges.
//!
//! The masks depend only on the glyph, the size, the quarter-pixel position and the halo:
//! keeping them per thread changes nothing in the pixels, whatever the number of threads.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use ab_glyph::GlyphId;
use tiny_skia::{FillRule, Mask, Path, Transform};

use super::quarters::{mul255, step, Step, STEPS};
use super::style::{Pen, Rgba};
use super::text::{Face, Font};

/// The coverage of a line of text (or of its halo) at a whole-pixel position of the picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    /// Picture column of the first byte.
    pub x: i32,
    /// Picture row of the first byte.
    pub y: i32,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Coverage, 0 (none) to 255 (full), row by row.
    pub alpha: Vec<u8>,
}

/// A line of text as masks: the halo (when asked for) and the ink.
pub struct Line {
    /// The halo's coverage.
    pub halo: Option<Coverage>,
    /// The glyphs' coverage.
    pub ink: Option<Coverage>,
}

/// Whether a halo `width` pixels wide on each side can be drawn from masks: its pen must be
/// wider than a pixel (`tiny-skia` draws thinner strokes as hairlines, not outlines).
pub fn halo_fits(width: f32) -> bool {
    width * 2.0 > 1.0
}

/// The masks of a line of text whose baseline origin is at `(x, baseline)` in the picture,
/// with a halo `halo` pixels wide on each side when given (see [`halo_fits`]).
pub fn line(font: &Font, text: &str, x: f32, baseline: f32, halo: Option<f32>) -> Line {
    let (glyphs, _) = font.glyphs(text);
    let placed: Vec<(GlyphId, Step, Step)> = glyphs
        .into_iter()
        .map(|(id, gx)| (id, step(x + gx), step(baseline)))
        .collect();
    let union = |stroke: Option<f32>| {
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            let masks: Vec<(i32, i32, Rc<GlyphMask>)> = placed
                .iter()
                .filter_map(|&(id, (px, fx), (py, fy))| {
                    let key = Key {
                        face: font.face,
                        size: font.size.to_bits(),
                        glyph: id.0,
                        at: (fx, fy),
                        halo: stroke.map_or(0, f32::to_bits),
                    };
                    let m = cache
                        .entry(key)
                        .or_insert_with(|| Rc::new(GlyphMask::new(font, id, (fx, fy), stroke)))
                        .clone();
                    (m.width > 0).then_some((px, py, m))
                })
                .collect();
            combine(&masks)
        })
    };
    Line {
        halo: halo.and_then(|w| union(Some(w))),
        ink: union(None),
    }
}

/// What identifies a glyph's mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    face: Face,
    /// The size's bits.
    size: u32,
    glyph: u16,
    /// Quarter pixels right and down of the whole pixel.
    at: (u8, u8),
    /// The halo's width's bits; 0 for the ink.
    halo: u32,
}

thread_local! {
    /// The glyph masks made on this thread.
    static CACHE: RefCell<HashMap<Key, Rc<GlyphMask>>> = RefCell::new(HashMap::new());
}

/// One glyph's coverage, its first byte at `(left, top)` pixels from the whole pixel its
/// origin lies in.
#[derive(Debug)]
struct GlyphMask {
    left: i32,
    top: i32,
    width: u32,
    height: u32,
    alpha: Vec<u8>,
}

impl GlyphMask {
    /// The glyph `id` with its origin `at` quarter pixels into a pixel, filled, or stroked
    /// with a pen `2 × halo` wide when `halo` is given (as the halo's pen strokes a path).
    fn new(font: &Font, id: GlyphId, at: (u8, u8), halo: Option<f32>) -> Self {
        let empty = Self {
            left: 0,
            top: 0,
            width: 0,
            height: 0,
            alpha: Vec::new(),
        };
        let Some(outline) = font.glyph_path(id) else {
            return empty;
        };
        let shape: Path = match halo {
            Some(w) => match outline.stroke(&Pen::new(Rgba::BLACK, w * 2.0).stroke(), 1.0) {
                Some(p) => p,
                None => return empty,
            },
            None => outline,
        };
        let (dx, dy) = (f32::from(at.0) / STEPS, f32::from(at.1) / STEPS);
        let b = shape.bounds();
        // A pixel of room on every side for the anti-aliasing.
        let left = (b.left() + dx).floor() as i32 - 1;
        let top = (b.top() + dy).floor() as i32 - 1;
        let right = (b.right() + dx).ceil() as i32 + 1;
        let bottom = (b.bottom() + dy).ceil() as i32 + 1;
        let (width, height) = ((right - left) as u32, (bottom - top) as u32);
        let Some(mut mask) = Mask::new(width, height) else {
            return empty;
        };
        let t = Transform::from_translate(dx - left as f32, dy - top as f32);
        mask.fill_path(&shape, FillRule::Winding, true, t);
        Self {
            left,
            top,
            width,
            height,
            alpha: mask.data().to_vec(),
        }
    }
}

/// The union of glyph masks each placed with its origin in pixel `(x, y)`: the largest
/// coverage of each pixel.
fn combine(masks: &[(i32, i32, Rc<GlyphMask>)]) -> Option<Coverage> {
    let x0 = masks.iter().map(|(x, _, m)| x + m.left).min()?;
    let y0 = masks.iter().map(|(_, y, m)| y + m.top).min()?;
    let x1 = masks
        .iter()
        .map(|(x, _, m)| x + m.left + m.width as i32)
        .max()?;
    let y1 = masks
        .iter()
        .map(|(_, y, m)| y + m.top + m.height as i32)
        .max()?;
    let (width, height) = ((x1 - x0) as u32, (y1 - y0) as u32);
    let mut alpha = vec![0u8; width as usize * height as usize];
    for (x, y, m) in masks {
        let (ox, oy) = ((x + m.left - x0) as usize, (y + m.top - y0) as usize);
        for (r, src) in m.alpha.chunks_exact(m.width as usize).enumerate() {
            let start = (oy + r) * width as usize + ox;
            for (d, s) in alpha[start..start + src.len()].iter_mut().zip(src) {
                *d = (*d).max(*s);
            }
        }
    }
    Some(Coverage {
        x: x0,
        y: y0,
        width,
        height,
        alpha,
    })
}

/// Paint `colour` through `coverage` onto `pixels` (premultiplied RGBA, `width` pixels a
/// row) whose first row is picture row `top`, source over.
pub fn stamp(pixels: &mut [u8], width: u32, top: i32, coverage: &Coverage, colour: Rgba) {
    let rows = (pixels.len() / (width as usize * 4)) as i32;
    let a = u32::from(colour.3);
    let src = [
        mul255(u32::from(colour.0), a),
        mul255(u32::from(colour.1), a),
        mul255(u32::from(colour.2), a),
        a,
    ];
    let (first, last) = (
        coverage.y.max(top),
        (coverage.y + coverage.height as i32).min(top + rows),
    );
    let (left, right) = (
        coverage.x.max(0),
        (coverage.x + coverage.width as i32).min(width as i32),
    );
    if left >= right {
        return;
    }
    for row in first..last {
        let from =
            ((row - coverage.y) as u32 * coverage.width) as usize + (left - coverage.x) as usize;
        let cov = &coverage.alpha[from..from + (right - left) as usize];
        let at = ((row - top) as usize * width as usize + left as usize) * 4;
        let dst = &mut pixels[at..at + cov.len() * 4];
        for (px, &m) in dst.chunks_exact_mut(4).zip(cov) {
            if m == 0 {
                continue;
            }
            let m = u32::from(m);
            let s = src.map(|c| mul255(c, m));
            let keep = 255 - s[3];
            for (d, s) in px.iter_mut().zip(s) {
                *d = (s + mul255(u32::from(*d), keep)) as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_covers_its_glyphs_and_its_halo_covers_more() {
        let font = Font::new(Face::Bold, 20.0);
        let l = line(&font, "Kiev", 50.25, 40.0, Some(2.0));
        let (ink, halo) = (l.ink.unwrap(), l.halo.unwrap());
        let full = |c: &Coverage| c.alpha.iter().filter(|a| **a == 255).count();
        assert!(full(&ink) > 50);
        assert!(full(&halo) > full(&ink));
        // The halo reaches two pixels further on every side.
        assert!(halo.x <= ink.x - 2 && halo.y <= ink.y - 2);
        assert!(halo.width >= ink.width + 4 && halo.height >= ink.height + 4);
        // The ink lies where the outlines do, with a pixel of room for anti-aliasing.
        let b = font.path("Kiev").0.unwrap().bounds();
        assert_eq!(ink.x, (50.25 + b.left()).floor() as i32 - 1);
        assert_eq!(ink.y, (40.0 + b.top()).floor() as i32 - 1);
        assert_eq!(
            ink.y + ink.height as i32,
            (40.0 + b.bottom()).ceil() as i32 + 1
        );
        // Spaces draw nothing.
        assert!(line(&font, "  ", 0.0, 0.0, Some(1.0)).ink.is_none());
    }

    #[test]
    fn masks_fill_where_the_outline_fills() {
        // The glyph drawn from its mask and drawn as a path, both by `tiny-skia`'s
        // anti-aliasing, cover the same pixels when the glyph sits on whole pixels.
        let font = Font::new(Face::Regular, 30.0);
        let ink = line(&font, "8", 10.0, 40.0, None).ink.unwrap();
        let mut direct = Mask::new(60, 60).unwrap();
        let (path, _) = font.path("8");
        direct.fill_path(
            &path.unwrap(),
            FillRule::Winding,
            true,
            Transform::from_translate(10.0, 40.0),
        );
        for y in 0..ink.height as i32 {
            for x in 0..ink.width as i32 {
                let m = ink.alpha[(y as u32 * ink.width + x as u32) as usize];
                let d = direct.data()[((ink.y + y) * 60 + ink.x + x) as usize];
                assert!(m.abs_diff(d) <= 1, "({x}, {y}): mask {m}, path {d}");
            }
        }
    }

    #[test]
    fn neighbouring_halos_do_not_darken_where_they_overlap() {
        let font = Font::new(Face::Regular, 9.0);
        let l = line(&font, "0101", 20.0, 20.0, Some(1.0));
        let halo = l.halo.unwrap();
        let mut px = vec![255u8; 60 * 40 * 4];
        stamp(&mut px, 60, 0, &halo, Rgba(0, 0, 0, 200));
        // Nowhere darker than one coat of the halo colour.
        let darkest = px.chunks_exact(4).map(|p| p[0]).min().unwrap();
        assert_eq!(darkest, 255 - 200);
    }

    #[test]
    fn stamps_blend_source_over_and_clip_to_the_rows_given() {
        let c = Coverage {
            x: -1,
            y: 3,
            width: 3,
            height: 2,
            alpha: vec![255, 255, 128, 0, 255, 64],
        };
        // Rows 4 and 5 of a 2-pixel-wide picture: only the coverage's second row lands, at
        // columns 0 and 1.
        let mut px = vec![255u8; 2 * 2 * 4];
        stamp(&mut px, 2, 4, &c, Rgba(0, 0, 255, 255));
        assert_eq!(&px[0..4], &[0, 0, 255, 255]);
        assert_eq!(&px[4..8], &[191, 191, 255, 255]);
        assert_eq!(&px[8..16], &[255; 8]);
    }
}

//! Small drawings that recur across a picture — the trees, peaks and tufts of terrain
//! patterns — painted once and stamped wherever they go.
//!
//! A forest hex holds seven trees and a large map thousands of forest hexes; drawn shape by
//! shape, every tree is three outlines to prepare and fill. A sprite is the drawing painted
//! once per thread, per key (what the drawing depends on besides its position) and quarter
//! pixel of position, on a transparent picture; each use lays that picture over the canvas
//! at whole pixels, source over. Laying a picture of shapes over the canvas gives what
//! painting the shapes onto it gives (source over is associative), up to the rounding of
//! the last bit, and the quarter-pixel positions keep every motif within an eighth of a
//! pixel of where it was asked for.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use tiny_skia::Pixmap;

use super::quarters::{mul255, step, STEPS};

/// What a sprite's drawing depends on besides its position: its kind and up to four numbers
/// (sizes as their bits, colours packed).
pub type SpriteKey = (&'static str, [u32; 4]);

/// A sprite laid at a whole-pixel position of the picture.
#[derive(Debug, Clone)]
pub struct Sprite {
    /// Picture column of its left edge.
    pub x: i32,
    /// Picture row of its top edge.
    pub y: i32,
    /// Its pixels.
    pub pixels: Arc<Pixels>,
}

/// A sprite's pixels (premultiplied), with where its drawing lies in each row: laying a
/// filled hex over the map copies the opaque middle of each row and blends only its
/// anti-aliased ends.
#[derive(Debug)]
pub struct Pixels {
    /// The pixels.
    pixmap: Pixmap,
    /// Per row, in sprite columns: the pixels holding anything, and within them the longest
    /// run of opaque ones (empty when there is none).
    rows: Vec<Row>,
}

/// Where a sprite's drawing lies in one of its rows (columns, ends excluded).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Row {
    /// The first and last-plus-one columns holding a pixel that is not transparent.
    drawn: (u32, u32),
    /// The longest run of opaque pixels within them.
    solid: (u32, u32),
}

impl Pixels {
    /// The pixels, with each row's drawn and opaque runs found.
    pub fn new(pixmap: Pixmap) -> Self {
        let width = pixmap.width() as usize;
        let rows = pixmap
            .pixels()
            .chunks_exact(width.max(1))
            .map(|row| {
                let alpha = |i: &usize| row[*i].alpha();
                let first = (0..width).find(|i| alpha(i) != 0).unwrap_or(width);
                let last = (first..width)
                    .rfind(|i| alpha(i) != 0)
                    .map_or(first, |i| i + 1);
                let mut solid = (first, first);
                let mut run = first;
                for i in first..last {
                    if alpha(&i) != 255 {
                        run = i + 1;
                    } else if i + 1 - run > solid.1 - solid.0 {
                        solid = (run, i + 1);
                    }
                }
                Row {
                    drawn: (first as u32, last as u32),
                    solid: (solid.0 as u32, solid.1 as u32),
                }
            })
            .collect();
        Self { pixmap, rows }
    }

    /// Its height in pixels.
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }
}

/// The sprites painted on one thread, by key and quarter-pixel position.
type Painted = HashMap<(SpriteKey, (u8, u8)), Arc<Pixels>>;

thread_local! {
    /// The sprites painted on this thread.
    static CACHE: RefCell<Painted> = RefCell::new(HashMap::new());
}

/// The sprite `key` centred at `(x, y)`: `paint(side, cx, cy)` paints it on a transparent
/// square `side` pixels wide around `(cx, cy)`, never further than `reach` pixels from it.
pub fn place(
    key: SpriteKey,
    (x, y): (f32, f32),
    reach: f32,
    paint: impl FnOnce(u32, f32, f32) -> Pixmap,
) -> Sprite {
    let ((px, fx), (py, fy)) = (step(x), step(y));
    // The drawing's centre within the sprite, a pixel of room beyond its reach.
    let half = reach.max(0.0).ceil() as i32 + 1;
    let pixels = CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry((key, (fx, fy)))
            .or_insert_with(|| {
                Arc::new(Pixels::new(paint(
                    (2 * half + 1) as u32,
                    half as f32 + f32::from(fx) / STEPS,
                    half as f32 + f32::from(fy) / STEPS,
                )))
            })
            .clone()
    });
    Sprite {
        x: px - half,
        y: py - half,
        pixels,
    }
}

/// Lay `sprite` over `pixels` (premultiplied RGBA, `width` pixels a row) whose first row is
/// picture row `top`, source over.
pub fn overlay(pixels: &mut [u8], width: u32, top: i32, sprite: &Sprite) {
    let rows = (pixels.len() / (width as usize * 4)) as i32;
    let p = &sprite.pixels;
    let (sw, sh) = (p.pixmap.width() as i32, p.pixmap.height() as i32);
    let (first, last) = (sprite.y.max(top), (sprite.y + sh).min(top + rows));
    // The sprite's columns that fall on the picture.
    let (left, right) = ((-sprite.x).max(0), (width as i32 - sprite.x).min(sw));
    if left >= right {
        return;
    }
    let src = p.pixmap.data();
    for row in first..last {
        let r = p.rows[(row - sprite.y) as usize];
        let clip = |(a, b): (u32, u32)| (a.max(left as u32) as i32, b.min(right as u32) as i32);
        let (from, to) = clip(r.drawn);
        let (solid_from, solid_to) = clip(r.solid);
        let line = ((row - sprite.y) * sw * 4) as usize;
        let at = (row - top) as usize * width as usize * 4;
        let mut lay = |a: i32, b: i32, copy: bool| {
            if a >= b {
                return;
            }
            let s = &src[line + a as usize * 4..line + b as usize * 4];
            let x = at + ((sprite.x + a) * 4) as usize;
            let d = &mut pixels[x..x + s.len()];
            if copy {
                d.copy_from_slice(s);
            } else {
                blend(d, s);
            }
        };
        if solid_from < solid_to {
            lay(from, solid_from, false);
            lay(solid_from, solid_to, true);
            lay(solid_to, to, false);
        } else {
            lay(from, to, false);
        }
    }
}

/// Premultiplied pixels `s` laid over `d`, source over.
fn blend(d: &mut [u8], s: &[u8]) {
    for (d, s) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
        match s[3] {
            0 => {}
            255 => d.copy_from_slice(s),
            a => {
                let keep = 255 - u32::from(a);
                for (d, s) in d.iter_mut().zip(s) {
                    *d = (u32::from(*s) + mul255(u32::from(*d), keep)) as u8;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sprite_is_painted_once_per_quarter_pixel() {
        let key = ("test count", [7, 0, 0, 0]);
        let mut painted = 0;
        let mut count = |x: f32| {
            place(key, (x, 5.0), 2.0, |side, _, _| {
                painted += 1;
                Pixmap::new(side, side).unwrap()
            })
        };
        let a = count(10.0);
        let b = count(30.0);
        let c = count(30.25);
        assert_eq!(painted, 2);
        assert!(Arc::ptr_eq(&a.pixels, &b.pixels));
        assert!(!Arc::ptr_eq(&a.pixels, &c.pixels));
        assert_eq!((a.x, b.x, c.x), (10 - 3, 30 - 3, 30 - 3));
    }

    #[test]
    fn overlays_clip_to_the_picture_and_the_rows_given() {
        let mut p = Pixmap::new(3, 3).unwrap();
        p.fill(tiny_skia::Color::from_rgba8(0, 0, 255, 255));
        let s = Sprite {
            x: -1,
            y: -1,
            pixels: Arc::new(Pixels::new(p)),
        };
        // Rows 1 and 2 of a 2-pixel-wide picture: the sprite covers row 1 only.
        let mut px = vec![255u8; 2 * 2 * 4];
        overlay(&mut px, 2, 1, &s);
        assert_eq!(&px[0..8], &[0, 0, 255, 255, 0, 0, 255, 255]);
        assert_eq!(&px[8..16], &[255; 8]);
    }

    /// A sprite of 7 × 5 pixels with opaque runs, holes and translucent pixels.
    fn speckled() -> Pixmap {
        let mut p = Pixmap::new(7, 5).unwrap();
        let alphas = [
            [0, 0, 255, 255, 255, 0, 0],
            [9, 255, 255, 0, 255, 255, 255],
            [128, 255, 255, 255, 255, 255, 64],
            [0, 0, 0, 0, 0, 0, 0],
            [255, 30, 255, 255, 0, 200, 255],
        ];
        for (px, a) in p.pixels_mut().iter_mut().zip(alphas.iter().flatten()) {
            let c = tiny_skia::ColorU8::from_rgba(200, 90, 40, *a);
            *px = c.premultiply();
        }
        p
    }

    #[test]
    fn rows_know_their_drawn_and_opaque_runs() {
        let p = Pixels::new(speckled());
        let runs: Vec<_> = p.rows.iter().map(|r| (r.drawn, r.solid)).collect();
        assert_eq!(
            runs,
            [
                ((2, 5), (2, 5)),
                ((0, 7), (4, 7)),
                ((0, 7), (1, 6)),
                ((7, 7), (7, 7)),
                ((0, 7), (2, 4)),
            ]
        );
    }

    #[test]
    fn overlays_by_runs_match_blending_every_pixel() {
        let pixels = Arc::new(Pixels::new(speckled()));
        // A 6 × 4 picture of varied colour under the sprite at every offset that cuts it.
        let ground: Vec<u8> = (0..6 * 4 * 4)
            .map(|i| (i * 37 % 251) as u8 | 0x80)
            .collect();
        let ground: Vec<u8> = ground
            .chunks(4)
            .flat_map(|c| [c[0] / 2, c[1] / 2, c[2] / 2, 255])
            .collect();
        for x in -7..=6 {
            for y in -5..=4 {
                for top in 0..2 {
                    let sprite = Sprite {
                        x,
                        y,
                        pixels: pixels.clone(),
                    };
                    let mut fast = ground[top as usize * 24..].to_vec();
                    overlay(&mut fast, 6, top, &sprite);
                    let mut slow = ground[top as usize * 24..].to_vec();
                    for (i, d) in slow.chunks_exact_mut(4).enumerate() {
                        let (col, row) = ((i % 6) as i32 - x, (i / 6) as i32 + top - y);
                        if (0..7).contains(&col) && (0..5).contains(&row) {
                            let at = (row * 7 + col) as usize * 4;
                            blend(d, &pixels.pixmap.data()[at..at + 4]);
                        }
                    }
                    assert_eq!(fast, slow, "sprite at ({x}, {y}), picture from row {top}");
                }
            }
        }
    }
}

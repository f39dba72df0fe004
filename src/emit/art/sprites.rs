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
    /// Its pixels (premultiplied).
    pub pixels: Arc<Pixmap>,
}

/// The sprites painted on one thread, by key and quarter-pixel position.
type Painted = HashMap<(SpriteKey, (u8, u8)), Arc<Pixmap>>;

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
                Arc::new(paint(
                    (2 * half + 1) as u32,
                    half as f32 + f32::from(fx) / STEPS,
                    half as f32 + f32::from(fy) / STEPS,
                ))
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
    let (sw, sh) = (sprite.pixels.width() as i32, sprite.pixels.height() as i32);
    let (first, last) = (sprite.y.max(top), (sprite.y + sh).min(top + rows));
    let (left, right) = (sprite.x.max(0), (sprite.x + sw).min(width as i32));
    if left >= right {
        return;
    }
    let src = sprite.pixels.data();
    for row in first..last {
        let from = (((row - sprite.y) * sw + left - sprite.x) * 4) as usize;
        let s = &src[from..from + (right - left) as usize * 4];
        let at = ((row - top) as usize * width as usize + left as usize) * 4;
        let d = &mut pixels[at..at + s.len()];
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
            pixels: Arc::new(p),
        };
        // Rows 1 and 2 of a 2-pixel-wide picture: the sprite covers row 1 only.
        let mut px = vec![255u8; 2 * 2 * 4];
        overlay(&mut px, 2, 1, &s);
        assert_eq!(&px[0..8], &[0, 0, 255, 255, 0, 0, 255, 255]);
        assert_eq!(&px[8..16], &[255; 8]);
    }
}

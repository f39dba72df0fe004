//! A drawing surface: the few shape and text primitives the art needs, always anti-aliased,
//! and the picture they make as an `image` RGBA picture.
//!
//! A canvas records what is drawn on it, in order, and makes the pixels only when the
//! picture is asked for ([`Canvas::into_image`]): the strokes are turned into outlines on
//! every core, then the picture is painted in bands of rows on every core, each band
//! painting only what reaches it ([`super::raster`]). A large map is drawn as fast as the
//! machine allows and a small counter as before; the pixels do not depend on the number of
//! threads, because the bands depend only on the picture's size.

use image::RgbaImage;
use tiny_skia::{FillRule, Path, PathBuilder, Pixmap, PixmapPaint, Rect, Transform};

use super::glyphs;
use super::raster::{self, demultiply_into, Ground, Op};
use super::sprites::{self, SpriteKey};
pub use super::style::{Pen, Rgba};
use super::text::{placement, Align, Font};

/// A polygon or polyline as points.
pub type Points = [(f32, f32)];

/// Path through points, closed or not.
pub fn poly_path(points: &Points, close: bool) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    if close {
        pb.close();
    }
    pb.finish()
}

/// A drawing surface: the size of the picture, what is under the drawing, and what has been
/// drawn, in order.
pub struct Canvas {
    size: (u32, u32),
    ground: Ground,
    ops: Vec<Op>,
}

impl Canvas {
    /// A canvas filled with one colour.
    pub fn new(width: u32, height: u32, background: Rgba) -> Self {
        Self {
            size: (width.max(1), height.max(1)),
            ground: Ground::Colour(background),
            ops: Vec::new(),
        }
    }

    /// A canvas holding a picture, to draw over it.
    pub fn from_image(img: &RgbaImage) -> Self {
        let pixmap = image_to_pixmap(img);
        Self {
            size: (pixmap.width(), pixmap.height()),
            ground: Ground::Picture(pixmap),
            ops: Vec::new(),
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.size.0
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.size.1
    }

    /// Fill a path.
    pub fn fill_path(&mut self, path: &Path, colour: Rgba, t: Transform) {
        self.ops.push(Op::Fill {
            path: path.clone(),
            colour,
            rule: FillRule::Winding,
            t,
        });
    }

    /// Fill a path using the even-odd rule (holes in rings).
    pub fn fill_path_even_odd(&mut self, path: &Path, colour: Rgba) {
        self.ops.push(Op::Fill {
            path: path.clone(),
            colour,
            rule: FillRule::EvenOdd,
            t: Transform::identity(),
        });
    }

    /// Stroke a path.
    pub fn stroke_path(&mut self, path: &Path, pen: &Pen, t: Transform) {
        self.ops.push(Op::Stroke {
            path: path.clone(),
            pen: pen.clone(),
            t,
        });
    }

    /// Fill a rectangle.
    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Rgba) {
        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
            self.ops.push(Op::Rect { rect, colour });
        }
    }

    /// Stroke a rectangle.
    pub fn stroke_rect(&mut self, x: f32, y: f32, w: f32, h: f32, pen: &Pen) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            let path = PathBuilder::from_rect(r);
            self.stroke_path(&path, pen, Transform::identity());
        }
    }

    /// Fill a polygon.
    pub fn fill_poly(&mut self, points: &Points, colour: Rgba) {
        if let Some(p) = poly_path(points, true) {
            self.fill_path(&p, colour, Transform::identity());
        }
    }

    /// Stroke a polyline (closed when `close`).
    pub fn stroke_poly(&mut self, points: &Points, close: bool, pen: &Pen) {
        if let Some(p) = poly_path(points, close) {
            self.stroke_path(&p, pen, Transform::identity());
        }
    }

    /// Stroke one segment.
    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), pen: &Pen) {
        self.stroke_poly(&[a, b], false, pen);
    }

    /// Fill a circle.
    pub fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, colour: Rgba) {
        if let Some(p) = PathBuilder::from_circle(cx, cy, r) {
            self.fill_path(&p, colour, Transform::identity());
        }
    }

    /// Stroke a circle.
    pub fn stroke_circle(&mut self, cx: f32, cy: f32, r: f32, pen: &Pen) {
        if let Some(p) = PathBuilder::from_circle(cx, cy, r) {
            self.stroke_path(&p, pen, Transform::identity());
        }
    }

    /// Draw a line of text with its baseline at `baseline`.
    pub fn text(
        &mut self,
        font: &Font,
        text: &str,
        x: f32,
        baseline: f32,
        align: Align,
        colour: Rgba,
    ) -> f32 {
        self.text_halo(font, text, x, baseline, align, colour, None)
    }

    /// Draw a line of text, first stroked with a halo `(colour, width)` when given.
    #[allow(clippy::too_many_arguments)]
    pub fn text_halo(
        &mut self,
        font: &Font,
        text: &str,
        x: f32,
        baseline: f32,
        align: Align,
        colour: Rgba,
        halo: Option<(Rgba, f32)>,
    ) -> f32 {
        let (t, w) = placement(font, text, x, baseline, align);
        self.text_with(font, text, t, colour, halo);
        w
    }

    /// Draw a line of text with its baseline origin mapped by `t`. Text moved, not turned
    /// or scaled, is painted from glyph masks ([`super::glyphs`]); other text as outlines.
    pub fn text_with(
        &mut self,
        font: &Font,
        text: &str,
        t: Transform,
        colour: Rgba,
        halo: Option<(Rgba, f32)>,
    ) {
        let moved = t.sx == 1.0 && t.sy == 1.0 && t.kx == 0.0 && t.ky == 0.0;
        if moved && halo.is_none_or(|(_, w)| glyphs::halo_fits(w)) {
            let line = glyphs::line(font, text, t.tx, t.ty, halo.map(|(_, w)| w));
            let layers = [(line.halo, halo.map(|(c, _)| c)), (line.ink, Some(colour))];
            for (coverage, colour) in layers {
                if let (Some(coverage), Some(colour)) = (coverage, colour) {
                    self.ops.push(Op::Mask { coverage, colour });
                }
            }
            return;
        }
        let (Some(path), _) = font.path(text) else {
            return;
        };
        if let Some((hc, hw)) = halo {
            let pen = Pen::new(hc, hw * 2.0);
            self.stroke_path(&path, &pen, t);
        }
        self.fill_path(&path, colour, t);
    }

    /// Draw text centred in a box, wrapped and shrunk to fit; returns the size used.
    #[allow(clippy::too_many_arguments)]
    pub fn text_in_box(
        &mut self,
        font: Font,
        text: &str,
        (x, y, w, h): (f32, f32, f32, f32),
        colour: Rgba,
        min_size: f32,
        max_lines: usize,
    ) -> f32 {
        let mut f = font;
        let lines = loop {
            let lines = f.wrap(text, w);
            let widest = lines.iter().map(|l| f.width(l)).fold(0.0, f32::max);
            let tall = f.cap_height() + (lines.len().saturating_sub(1)) as f32 * f.line_height();
            if (lines.len() <= max_lines && widest <= w && tall <= h) || f.size <= min_size {
                break lines;
            }
            f = f.sized((f.size * 0.92).max(min_size));
        };
        let lines: Vec<String> = lines.into_iter().take(max_lines.max(1)).collect();
        let lines: Vec<(String, Font)> = lines
            .into_iter()
            .map(|l| {
                let g = f.fit(&l, w, min_size * 0.7);
                (l, g)
            })
            .collect();
        let total = f.cap_height() + (lines.len() as f32 - 1.0) * f.line_height();
        let mut baseline = y + (h - total) / 2.0 + f.cap_height();
        for (l, g) in &lines {
            self.text(g, l, x + w / 2.0, baseline, Align::Centre, colour);
            baseline += f.line_height();
        }
        f.size
    }

    /// Paint another picture at a position.
    pub fn draw_pixmap(&mut self, x: i32, y: i32, other: Pixmap) {
        self.ops.push(Op::Picture {
            x,
            y,
            pixmap: other,
            paint: PixmapPaint::default(),
            t: Transform::identity(),
        });
    }

    /// Paint another picture with a transform (mirroring, scaling).
    pub fn draw_pixmap_with(&mut self, other: Pixmap, t: Transform) {
        self.ops.push(Op::Picture {
            x: 0,
            y: 0,
            pixmap: other,
            paint: PixmapPaint {
                quality: tiny_skia::FilterQuality::Bilinear,
                ..PixmapPaint::default()
            },
            t,
        });
    }

    /// Paint what is drawn on `part` over the top-left corner of this canvas, kept within
    /// `part`'s size (a map under the track displays printed below it).
    pub fn draw_canvas(&mut self, part: Canvas) {
        self.ops.push(Op::Layer {
            size: part.size,
            ground: part.ground,
            ops: part.ops,
        });
    }

    /// Draw a small drawing that recurs (a terrain motif) centred at `at`: `draw` draws it
    /// around the point it is given, within `reach` pixels; it is painted once per thread
    /// for each `key` (what the drawing depends on besides its position) and quarter pixel,
    /// and laid over the canvas ([`super::sprites`]).
    pub fn sprite(
        &mut self,
        key: SpriteKey,
        at: (f32, f32),
        reach: f32,
        draw: impl FnOnce(&mut Canvas, f32, f32),
    ) {
        let sprite = sprites::place(key, at, reach, |side, x, y| {
            let mut c = Canvas::new(side, side, Rgba(0, 0, 0, 0));
            draw(&mut c, x, y);
            c.into_pixmap()
        });
        self.ops.push(Op::Sprite(sprite));
    }

    /// The picture of a small canvas (a sprite), premultiplied, painted without bands.
    pub(super) fn into_pixmap(self) -> Pixmap {
        raster::paint_whole(&self.size, &self.ground, &self.ops)
    }

    /// The picture as straight-alpha RGBA.
    pub fn into_image(self) -> RgbaImage {
        raster::paint(&self.size, &self.ground, &self.ops)
    }

    /// The picture as PNG bytes, the same as encoding [`Canvas::into_image`] with
    /// [`super::png::encode`], without ever holding the whole picture.
    pub fn into_png(self) -> Result<Vec<u8>, super::ArtError> {
        raster::paint_png(&self.size, &self.ground, &self.ops)
    }

    /// What [`raster`] reads: the size, the ground and the drawing.
    #[cfg(test)]
    pub(super) fn parts(&self) -> (&(u32, u32), &Ground, &[Op]) {
        (&self.size, &self.ground, &self.ops)
    }
}

/// Convert a premultiplied pixmap to a straight-alpha RGBA image.
pub fn pixmap_to_image(p: &Pixmap) -> RgbaImage {
    let mut out = vec![0u8; p.data().len()];
    demultiply_into(p.pixels(), &mut out);
    RgbaImage::from_raw(p.width(), p.height(), out).expect("sizes agree")
}

/// Convert a straight-alpha RGBA image to a premultiplied pixmap.
pub fn image_to_pixmap(img: &RgbaImage) -> Pixmap {
    let mut p = Pixmap::new(img.width().max(1), img.height().max(1)).expect("image size is sane");
    for (dst, src) in p.pixels_mut().iter_mut().zip(img.pixels()) {
        let [r, g, b, a] = src.0;
        *dst = tiny_skia::ColorU8::from_rgba(r, g, b, a).premultiply();
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_mix_and_contrast() {
        assert_eq!(Rgba::BLACK.mix(Rgba::WHITE, 0.5), Rgba(128, 128, 128, 255));
        assert_eq!(Rgba(250, 250, 0, 255).contrast(), Rgba::BLACK);
        assert_eq!(Rgba(20, 20, 90, 255).contrast(), Rgba::WHITE);
    }

    fn dot(c: &mut Canvas, x: f32, y: f32) {
        c.fill_circle(x, y, 3.0, Rgba(200, 0, 0, 255));
        c.fill_circle(x, y, 1.5, Rgba(0, 0, 200, 128));
    }

    #[test]
    fn a_sprite_gives_the_pixels_of_its_shapes_drawn_in_place() {
        let key = ("test dot", [0; 4]);
        let mut with = Canvas::new(40, 30, Rgba(240, 230, 200, 255));
        let mut plain = Canvas::new(40, 30, Rgba(240, 230, 200, 255));
        for (x, y) in [(10.0, 10.0), (20.25, 12.5), (31.75, 20.0)] {
            with.sprite(key, (x, y), 3.0, dot);
            dot(&mut plain, x, y);
        }
        let (a, b) = (with.into_image(), plain.into_image());
        for (p, q) in a.pixels().zip(b.pixels()) {
            for (u, v) in p.0.iter().zip(q.0) {
                assert!(u.abs_diff(v) <= 2, "{p:?} against {q:?}");
            }
        }
    }

    #[test]
    fn shapes_paint_pixels_and_round_trip() {
        let mut c = Canvas::new(20, 20, Rgba::WHITE);
        c.fill_rect(5.0, 5.0, 10.0, 10.0, Rgba(255, 0, 0, 255));
        let img = c.into_image();
        assert_eq!(img.get_pixel(10, 10).0, [255, 0, 0, 255]);
        assert_eq!(img.get_pixel(1, 1).0, [255, 255, 255, 255]);
        let back = pixmap_to_image(&image_to_pixmap(&img));
        assert_eq!(back, img);
    }
}

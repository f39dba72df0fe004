//! A drawing surface: a `tiny-skia` pixmap with the few shape and text primitives the art
//! needs, always anti-aliased, and its conversion to an `image` RGBA picture.

use image::RgbaImage;
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, PixmapPaint, Rect,
    Stroke, StrokeDash, Transform,
};

use super::text::{placement, Align, Font};
use crate::model::Colour;

/// An RGBA colour with straight (not premultiplied) alpha, 0–255.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// Opaque black.
    pub const BLACK: Rgba = Rgba(0, 0, 0, 255);
    /// Opaque white.
    pub const WHITE: Rgba = Rgba(255, 255, 255, 255);

    /// An opaque colour from a model colour.
    pub fn of(c: Colour) -> Self {
        Rgba(c.r, c.g, c.b, 255)
    }

    /// The same colour with another alpha.
    pub fn alpha(self, a: u8) -> Self {
        Rgba(self.0, self.1, self.2, a)
    }

    /// Mix towards another colour: `t = 0` keeps this one, `t = 1` gives `other`.
    pub fn mix(self, other: Rgba, t: f32) -> Self {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Rgba(
            m(self.0, other.0),
            m(self.1, other.1),
            m(self.2, other.2),
            m(self.3, other.3),
        )
    }

    /// Darker by a fraction.
    pub fn darker(self, t: f32) -> Self {
        self.mix(Rgba::BLACK.alpha(self.3), t)
    }

    /// Lighter by a fraction.
    pub fn lighter(self, t: f32) -> Self {
        self.mix(Rgba::WHITE.alpha(self.3), t)
    }

    /// Relative luminance 0–1 of the opaque colour.
    pub fn luminance(self) -> f32 {
        (0.2126 * f32::from(self.0) + 0.7152 * f32::from(self.1) + 0.0722 * f32::from(self.2))
            / 255.0
    }

    /// Black or white, whichever reads better on this colour.
    pub fn contrast(self) -> Rgba {
        if self.luminance() > 0.5 {
            Rgba::BLACK
        } else {
            Rgba::WHITE
        }
    }

    fn paint(self) -> Paint<'static> {
        let mut p = Paint::default();
        p.set_color(Color::from_rgba8(self.0, self.1, self.2, self.3));
        p.anti_alias = true;
        p
    }
}

/// How to stroke a line.
#[derive(Debug, Clone, PartialEq)]
pub struct Pen {
    /// Colour.
    pub colour: Rgba,
    /// Width in pixels.
    pub width: f32,
    /// Dash pattern (on, off, …), empty for a solid line.
    pub dash: Vec<f32>,
    /// Round caps and joins (else butt caps and miter joins).
    pub round: bool,
}

impl Pen {
    /// A solid pen with round caps.
    pub fn new(colour: Rgba, width: f32) -> Self {
        Self {
            colour,
            width,
            dash: Vec::new(),
            round: true,
        }
    }

    /// The pen with a dash pattern.
    pub fn dashed(mut self, dash: &[f32]) -> Self {
        self.dash = dash.to_vec();
        self
    }

    /// The pen with butt caps and miter joins.
    pub fn square(mut self) -> Self {
        self.round = false;
        self
    }

    fn stroke(&self) -> Stroke {
        Stroke {
            width: self.width,
            line_cap: if self.round {
                LineCap::Round
            } else {
                LineCap::Butt
            },
            line_join: if self.round {
                LineJoin::Round
            } else {
                LineJoin::Miter
            },
            dash: if self.dash.len() >= 2 && self.dash.len().is_multiple_of(2) {
                StrokeDash::new(self.dash.clone(), 0.0)
            } else {
                None
            },
            ..Stroke::default()
        }
    }
}

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

/// A drawing surface.
pub struct Canvas {
    /// The pixels (premultiplied).
    pub pixmap: Pixmap,
}

impl Canvas {
    /// A canvas filled with one colour.
    pub fn new(width: u32, height: u32, background: Rgba) -> Self {
        let mut pixmap = Pixmap::new(width.max(1), height.max(1)).expect("canvas size is sane");
        pixmap.fill(Color::from_rgba8(
            background.0,
            background.1,
            background.2,
            background.3,
        ));
        Self { pixmap }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// Fill a path.
    pub fn fill_path(&mut self, path: &Path, colour: Rgba, t: Transform) {
        self.pixmap
            .fill_path(path, &colour.paint(), FillRule::Winding, t, None);
    }

    /// Fill a path using the even-odd rule (holes in rings).
    pub fn fill_path_even_odd(&mut self, path: &Path, colour: Rgba) {
        self.pixmap.fill_path(
            path,
            &colour.paint(),
            FillRule::EvenOdd,
            Transform::identity(),
            None,
        );
    }

    /// Stroke a path.
    pub fn stroke_path(&mut self, path: &Path, pen: &Pen, t: Transform) {
        self.pixmap
            .stroke_path(path, &pen.colour.paint(), &pen.stroke(), t, None);
    }

    /// Fill a rectangle.
    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Rgba) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            self.pixmap
                .fill_rect(r, &colour.paint(), Transform::identity(), None);
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

    /// Draw a line of text with its baseline origin mapped by `t`.
    pub fn text_with(
        &mut self,
        font: &Font,
        text: &str,
        t: Transform,
        colour: Rgba,
        halo: Option<(Rgba, f32)>,
    ) {
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
    pub fn draw_pixmap(&mut self, x: i32, y: i32, other: &Pixmap) {
        self.pixmap.draw_pixmap(
            x,
            y,
            other.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }

    /// Paint another picture with a transform (mirroring, scaling).
    pub fn draw_pixmap_with(&mut self, other: &Pixmap, t: Transform) {
        self.pixmap.draw_pixmap(
            0,
            0,
            other.as_ref(),
            &PixmapPaint {
                quality: tiny_skia::FilterQuality::Bilinear,
                ..PixmapPaint::default()
            },
            t,
            None,
        );
    }

    /// The picture as straight-alpha RGBA.
    pub fn into_image(self) -> RgbaImage {
        pixmap_to_image(&self.pixmap)
    }
}

/// Convert a premultiplied pixmap to a straight-alpha RGBA image.
pub fn pixmap_to_image(p: &Pixmap) -> RgbaImage {
    let mut out = Vec::with_capacity(p.data().len());
    for px in p.pixels() {
        let c = px.demultiply();
        out.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
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

//! Painting a canvas's recorded drawing into pixels, on every core.
//!
//! Two steps, both parallel. First every drawing operation is made ready: a stroke wider
//! than a pixel becomes its outline (dashed first when the pen is dashed), exactly as
//! `tiny-skia` would do inside `stroke_path`, and each operation learns which rows of the
//! picture it can reach. Then the picture is painted in bands of whole rows, each band on
//! its own thread, painting in order only the operations that reach it, shifted into the
//! band. A band is [`PNG_BANDS`] of the bands a PNG is compressed in, a number of rows that
//! depends on the picture's width alone: the same picture gives the same pixels whatever
//! the number of threads. Painted for a PNG ([`paint_png`]), each band is compressed on the
//! thread that painted it, straight from its pixels. A picture smaller than one band (a
//! counter) is painted whole, with the very calls a plain pixmap would get.

use std::borrow::Cow;

use image::RgbaImage;
use rayon::prelude::*;
use tiny_skia::{
    Color, FillRule, Path, PathStroker, Pixmap, PixmapMut, PixmapPaint, Rect, Stroke, Transform,
};

use super::glyphs::{stamp, Coverage};
use super::png;
use super::sprites::{overlay, Sprite};
use super::style::{Pen, Rgba};
use super::ArtError;

/// How many of the bands a PNG is compressed in ([`png::band_rows`]) make a band painted
/// as one piece of work: about four mebibytes of pixels.
pub const PNG_BANDS: u32 = 4;

/// The rows painted beyond each side of a band and kept off (see [`paint`]).
const OVERLAP: u32 = 8;

/// One drawing operation, as a canvas ([`super::canvas::Canvas`]) records it, in the
/// picture's coordinates.
pub(super) enum Op {
    /// Fill a path mapped by `t`.
    Fill {
        /// The outline.
        path: Path,
        /// The colour.
        colour: Rgba,
        /// Non-zero or even-odd.
        rule: FillRule,
        /// Where the path goes.
        t: Transform,
    },
    /// Stroke a path mapped by `t`.
    Stroke {
        /// The line.
        path: Path,
        /// How it is stroked.
        pen: Pen,
        /// Where the path goes.
        t: Transform,
    },
    /// Fill a rectangle (exactly, without a transform).
    Rect {
        /// Where.
        rect: Rect,
        /// The colour.
        colour: Rgba,
    },
    /// Paint a picture at `(x, y)`, mapped by `t`.
    Picture {
        /// Left.
        x: i32,
        /// Top.
        y: i32,
        /// The picture (premultiplied).
        pixmap: Pixmap,
        /// Filtering.
        paint: PixmapPaint,
        /// Mirroring or scaling.
        t: Transform,
    },
    /// Paint a colour through a coverage mask lying on whole pixels (a line of text or its
    /// halo, [`super::glyphs`]).
    Mask {
        /// Where and how much.
        coverage: Coverage,
        /// The colour.
        colour: Rgba,
    },
    /// Lay a sprite over the picture ([`super::sprites`]).
    Sprite(Sprite),
    /// Another canvas painted over the top-left corner, kept within its own size.
    Layer {
        /// Its size.
        size: (u32, u32),
        /// What lies under its drawing.
        ground: Ground,
        /// Its drawing.
        ops: Vec<Op>,
    },
}

/// What lies under everything drawn on a canvas.
pub(super) enum Ground {
    /// One colour.
    Colour(Rgba),
    /// A picture of the canvas's size (premultiplied).
    Picture(Pixmap),
}

/// An operation ready to paint, with the rows of the picture it may reach.
struct Ready<'a> {
    /// First and last row it may touch (fractional, anti-aliasing included).
    rows: (f32, f32),
    /// What to paint.
    kind: Kind<'a>,
}

/// What a ready operation paints.
enum Kind<'a> {
    /// A filled outline (a stroke wider than a pixel has become one).
    Fill {
        path: Cow<'a, Path>,
        colour: Rgba,
        rule: FillRule,
        t: Transform,
    },
    /// A stroke a pixel wide or thinner, which `tiny-skia` draws as a hairline.
    Hairline {
        path: &'a Path,
        pen: &'a Pen,
        t: Transform,
    },
    /// A rectangle.
    Rect { rect: Rect, colour: Rgba },
    /// A picture.
    Picture {
        x: i32,
        y: i32,
        pixmap: &'a Pixmap,
        paint: &'a PixmapPaint,
        t: Transform,
    },
    /// A coverage mask.
    Mask {
        coverage: &'a Coverage,
        colour: Rgba,
    },
    /// A sprite.
    Sprite(&'a Sprite),
    /// A canvas within its own size.
    Layer {
        size: (u32, u32),
        ground: &'a Ground,
        ops: Vec<Ready<'a>>,
    },
}

/// The picture of a canvas: its ground, then everything drawn on it.
pub(super) fn paint(size: &(u32, u32), ground: &Ground, ops: &[Op]) -> RgbaImage {
    let (width, height) = *size;
    let ready = prepare(ops);
    let rows = band_rows(width);
    let row_bytes = width as usize * 4;
    let mut out = vec![0u8; row_bytes * height as usize];
    out.par_chunks_mut(row_bytes * rows as usize)
        .enumerate()
        .for_each(|(i, chunk)| {
            let (band, skip) = painted_band(size, ground, &ready, i as u32);
            demultiply_into(&band.pixels()[skip..], chunk);
        });
    RgbaImage::from_raw(width, height, out).expect("sizes agree")
}

/// The picture of a canvas as PNG bytes, each band compressed as soon as it is painted
/// (on the thread that painted it) into the very bytes [`png::encode`] would give: no
/// picture of the whole canvas is ever held.
pub(super) fn paint_png(
    size: &(u32, u32),
    ground: &Ground,
    ops: &[Op],
) -> Result<Vec<u8>, ArtError> {
    let (width, height) = *size;
    if width == 0 || height == 0 {
        return png::encode(&RgbaImage::new(width, height));
    }
    let ready = prepare(ops);
    let row = width as usize;
    let per = png::band_rows(width) as usize;
    let count = png::bands(width, height);
    let bands = (0..height.div_ceil(band_rows(width)))
        .into_par_iter()
        .map(|i| {
            let (band, skip) = painted_band(size, ground, &ready, i);
            let pixels = &band.pixels()[skip..];
            let kept = (height - i * band_rows(width)).min(band_rows(width)) as usize;
            let mut filtered = Vec::with_capacity((row * 4 + 1) * per);
            pixels[..kept * row]
                .chunks(per * row)
                .enumerate()
                .map(|(j, part)| {
                    filtered.clear();
                    for r in part.chunks(row) {
                        filtered.push(0);
                        let at = filtered.len();
                        filtered.resize(at + row * 4, 0);
                        demultiply_into(r, &mut filtered[at..]);
                    }
                    let index = i as usize * PNG_BANDS as usize + j;
                    png::Band::deflate(&filtered, png::LEVEL, index, count)
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let bands: Vec<png::Band> = bands.into_iter().flatten().collect();
    png::assemble(width, height, &bands)
}

/// Band `i` of a picture painted, premultiplied, and how many of its pixels at the start
/// belong to the band above (painted and left off).
fn painted_band(
    size: &(u32, u32),
    ground: &Ground,
    ready: &[Ready<'_>],
    i: u32,
) -> (Pixmap, usize) {
    let (width, height) = *size;
    let rows = band_rows(width);
    // Painted with a few rows more on either side, kept off: `tiny-skia`'s anti-aliasing
    // of a curve cut by the edge of a pixmap differs slightly in the rows next to the cut.
    let top = i * rows;
    let n = rows.min(height - top);
    let above = top.min(OVERLAP);
    let below = (height - top - n).min(OVERLAP);
    let mut band = ground_band(ground, width, top - above, above + n + below);
    paint_band(&mut band.as_mut(), top - above, ready);
    (band, above as usize * width as usize)
}

/// The picture of a small canvas, premultiplied, painted whole (no bands).
pub(super) fn paint_whole(size: &(u32, u32), ground: &Ground, ops: &[Op]) -> Pixmap {
    let mut p = ground_band(ground, size.0, 0, size.1);
    paint_band(&mut p.as_mut(), 0, &prepare(ops));
    p
}

/// The rows of a band of a picture `width` pixels wide: [`PNG_BANDS`] of the bands a PNG
/// is compressed in.
pub fn band_rows(width: u32) -> u32 {
    png::band_rows(width) * PNG_BANDS
}

/// Every operation made ready, in order, in parallel; those that draw nothing (an empty
/// path, a failed stroke) are left out, as `tiny-skia` would skip them.
fn prepare(ops: &[Op]) -> Vec<Ready<'_>> {
    ops.par_iter().with_min_len(64).filter_map(ready).collect()
}

fn rows_of(bounds: Rect, t: Transform, margin: f32) -> Option<(f32, f32)> {
    let b = bounds.transform(t)?;
    Some((b.top() - margin, b.bottom() + margin))
}

fn ready(op: &Op) -> Option<Ready<'_>> {
    Some(match op {
        Op::Fill {
            path,
            colour,
            rule,
            t,
        } => Ready {
            rows: rows_of(path.bounds(), *t, 1.0)?,
            kind: Kind::Fill {
                path: Cow::Borrowed(path),
                colour: *colour,
                rule: *rule,
                t: *t,
            },
        },
        Op::Stroke { path, pen, t } => {
            let stroke = pen.stroke();
            if hairline(&stroke, *t) {
                Ready {
                    rows: rows_of(path.bounds(), *t, 2.0)?,
                    kind: Kind::Hairline { path, pen, t: *t },
                }
            } else {
                // As `tiny-skia`'s `stroke_path` does: dash, stroke, fill the outline.
                let scale = PathStroker::compute_resolution_scale(t);
                let dashed = match &stroke.dash {
                    Some(dash) => Cow::Owned(path.dash(dash, scale)?),
                    None => Cow::Borrowed(path),
                };
                let outline = dashed.stroke(&stroke, scale)?;
                Ready {
                    rows: rows_of(outline.bounds(), *t, 1.0)?,
                    kind: Kind::Fill {
                        path: Cow::Owned(outline),
                        colour: pen.colour,
                        rule: FillRule::Winding,
                        t: *t,
                    },
                }
            }
        }
        Op::Rect { rect, colour } => Ready {
            rows: (rect.top() - 1.0, rect.bottom() + 1.0),
            kind: Kind::Rect {
                rect: *rect,
                colour: *colour,
            },
        },
        Op::Picture {
            x,
            y,
            pixmap,
            paint,
            t,
        } => {
            let area = Rect::from_xywh(
                *x as f32,
                *y as f32,
                pixmap.width() as f32,
                pixmap.height() as f32,
            )?;
            Ready {
                rows: rows_of(area, *t, 1.0)?,
                kind: Kind::Picture {
                    x: *x,
                    y: *y,
                    pixmap,
                    paint,
                    t: *t,
                },
            }
        }
        Op::Mask { coverage, colour } => Ready {
            rows: (
                coverage.y as f32,
                (coverage.y + coverage.height as i32) as f32,
            ),
            kind: Kind::Mask {
                coverage,
                colour: *colour,
            },
        },
        Op::Sprite(s) => Ready {
            rows: (s.y as f32, (s.y + s.pixels.height() as i32) as f32),
            kind: Kind::Sprite(s),
        },
        Op::Layer { size, ground, ops } => Ready {
            rows: (0.0, size.1 as f32),
            kind: Kind::Layer {
                size: *size,
                ground,
                ops: prepare(ops),
            },
        },
    })
}

/// Whether `tiny-skia` draws this stroke as a hairline (its `treat_as_hairline`): no wider
/// than a pixel once mapped by `t`, measured with its quick length.
fn hairline(stroke: &Stroke, t: Transform) -> bool {
    if stroke.width == 0.0 {
        return true;
    }
    let quick = |x: f32, y: f32| {
        let (x, y) = (x.abs(), y.abs());
        x.max(y) + x.min(y) * 0.5
    };
    let w = stroke.width;
    quick(t.sx * w, t.ky * w) <= 1.0 && quick(t.kx * w, t.sy * w) <= 1.0
}

/// A band of `rows` rows from row `top` of the ground.
fn ground_band(ground: &Ground, width: u32, top: u32, rows: u32) -> Pixmap {
    let mut band = Pixmap::new(width.max(1), rows.max(1)).expect("canvas size is sane");
    match ground {
        Ground::Colour(c) => band.fill(Color::from_rgba8(c.0, c.1, c.2, c.3)),
        Ground::Picture(p) => {
            let row = p.width() as usize * 4;
            let from = top as usize * row;
            if let Some(src) = p.data().get(from..from + band.data().len()) {
                band.data_mut().copy_from_slice(src);
            }
        }
    }
    band
}

/// Straight-alpha RGBA bytes of premultiplied pixels into `out` (four bytes a pixel);
/// opaque pixels, most of any picture, are copied as they are.
pub(super) fn demultiply_into(pixels: &[tiny_skia::PremultipliedColorU8], out: &mut [u8]) {
    for (px, o) in pixels.iter().zip(out.chunks_exact_mut(4)) {
        if px.alpha() == 255 {
            o.copy_from_slice(&[px.red(), px.green(), px.blue(), 255]);
        } else {
            let c = px.demultiply();
            o.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
    }
}

/// Paint the operations that reach a band whose first row is picture row `top`.
fn paint_band(band: &mut PixmapMut<'_>, top: u32, ops: &[Ready<'_>]) {
    let (first, last) = (top as f32, (top + band.height()) as f32);
    let shift = |t: Transform| {
        if top == 0 {
            t
        } else {
            t.post_translate(0.0, -(top as f32))
        }
    };
    for op in ops {
        if op.rows.1 < first || op.rows.0 > last {
            continue;
        }
        match &op.kind {
            Kind::Fill {
                path,
                colour,
                rule,
                t,
            } => band.fill_path(path, &colour.paint(), *rule, shift(*t), None),
            Kind::Hairline { path, pen, t } => {
                band.stroke_path(path, &pen.colour.paint(), &pen.stroke(), shift(*t), None);
            }
            Kind::Rect { rect, colour } => {
                // Moved into the band rather than drawn through a transform: tiny-skia
                // fills a rectangle exactly only without one.
                let moved =
                    Rect::from_xywh(rect.x(), rect.y() - first, rect.width(), rect.height());
                if let Some(r) = moved {
                    band.fill_rect(r, &colour.paint(), Transform::identity(), None);
                }
            }
            Kind::Picture {
                x,
                y,
                pixmap,
                paint,
                t,
            } => {
                if t.is_identity() {
                    let y = y - top as i32;
                    band.draw_pixmap(*x, y, pixmap.as_ref(), paint, *t, None);
                } else {
                    band.draw_pixmap(*x, *y, pixmap.as_ref(), paint, shift(*t), None);
                }
            }
            Kind::Mask { coverage, colour } => {
                let width = band.width();
                stamp(band.data_mut(), width, top as i32, coverage, *colour);
            }
            Kind::Sprite(s) => {
                let width = band.width();
                overlay(band.data_mut(), width, top as i32, s);
            }
            Kind::Layer { size, ground, ops } => {
                let rows = size.1.min(top + band.height()).saturating_sub(top);
                if rows == 0 {
                    continue;
                }
                let opaque = matches!(ground, Ground::Colour(c) if c.3 == 255);
                if opaque && size.0 == band.width() {
                    // As wide as the band and hiding what lies under it (a map above its
                    // track display strip): painted straight onto the band's rows, which
                    // is what painting it apart and laying it over would give.
                    let width = band.width();
                    let rows_bytes = &mut band.data_mut()[..(rows * width * 4) as usize];
                    let mut part =
                        PixmapMut::from_bytes(rows_bytes, width, rows).expect("rows of the band");
                    if let Ground::Colour(c) = ground {
                        part.fill(Color::from_rgba8(c.0, c.1, c.2, c.3));
                    }
                    paint_band(&mut part, top, ops);
                } else {
                    let mut part = ground_band(ground, size.0, top, rows);
                    paint_band(&mut part.as_mut(), top, ops);
                    band.draw_pixmap(
                        0,
                        0,
                        part.as_ref(),
                        &PixmapPaint::default(),
                        Transform::identity(),
                        None,
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::canvas::Canvas;

    /// A drawing tall enough for several bands, with every kind of operation crossing band
    /// edges: fills, wide and hairline strokes, dashes, rectangles, text, a picture and a
    /// layer.
    fn drawing(width: u32, height: u32) -> Canvas {
        let mut c = Canvas::new(width, height, Rgba(240, 230, 210, 255));
        let (w, h) = (width as f32, height as f32);
        for i in 0..40 {
            let y = h * i as f32 / 40.0;
            c.fill_circle(w * 0.3, y, 17.5, Rgba(200, 40, 40, 180));
            c.line((0.0, y), (w, y + 31.0), &Pen::new(Rgba::BLACK, 0.7));
            c.line(
                (w * 0.1, y),
                (w * 0.9, y + 55.0),
                &Pen::new(Rgba(20, 60, 200, 255), 3.5).dashed(&[9.0, 4.0]),
            );
            c.fill_rect(w * 0.6, y + 0.5, 40.25, 23.7, Rgba(10, 120, 10, 200));
        }
        let font = crate::emit::art::text::Font::new(crate::emit::art::text::Face::Bold, 30.0);
        c.text_halo(
            &font,
            "Across the bands",
            w / 2.0,
            h / 2.0,
            crate::emit::art::text::Align::Centre,
            Rgba::BLACK,
            Some((Rgba::WHITE, 2.0)),
        );
        let mut dot = Pixmap::new(30, 300).unwrap();
        dot.fill(Color::from_rgba8(0, 0, 200, 128));
        c.draw_pixmap(5, (h * 0.4) as i32, dot.clone());
        c.draw_pixmap_with(dot, Transform::from_row(-1.0, 0.0, 0.0, 1.5, w - 3.0, 10.0));
        let mut layer = Canvas::new(width / 2, height / 3, Rgba::WHITE);
        layer.fill_circle(width as f32 / 4.0, h / 6.0, h / 4.0, Rgba(0, 0, 0, 255));
        c.draw_canvas(layer);
        c
    }

    /// A canvas painted with `tiny-skia`'s own calls on one plain pixmap, operation by
    /// operation, as before canvases recorded their drawing.
    fn painted_directly(c: &Canvas) -> Pixmap {
        let (size, ground, ops) = c.parts();
        painted_ops_directly(*size, ground, ops)
    }

    fn painted_ops_directly(size: (u32, u32), ground: &Ground, ops: &[Op]) -> Pixmap {
        let mut pixmap = ground_band(ground, size.0, 0, size.1);
        for op in ops {
            match op {
                Op::Fill {
                    path,
                    colour,
                    rule,
                    t,
                } => pixmap.fill_path(path, &colour.paint(), *rule, *t, None),
                Op::Stroke { path, pen, t } => {
                    pixmap.stroke_path(path, &pen.colour.paint(), &pen.stroke(), *t, None);
                }
                Op::Rect { rect, colour } => {
                    pixmap.fill_rect(*rect, &colour.paint(), Transform::identity(), None);
                }
                Op::Picture {
                    x,
                    y,
                    pixmap: p,
                    paint,
                    t,
                } => pixmap.draw_pixmap(*x, *y, p.as_ref(), paint, *t, None),
                Op::Mask { coverage, colour } => {
                    let width = pixmap.width();
                    stamp(pixmap.data_mut(), width, 0, coverage, *colour);
                }
                Op::Sprite(s) => {
                    let width = pixmap.width();
                    overlay(pixmap.data_mut(), width, 0, s);
                }
                Op::Layer { size, ground, ops } => {
                    let part = painted_ops_directly(*size, ground, ops);
                    pixmap.draw_pixmap(
                        0,
                        0,
                        part.as_ref(),
                        &PixmapPaint::default(),
                        Transform::identity(),
                        None,
                    );
                }
            }
        }
        pixmap
    }

    fn directly(width: u32, height: u32) -> RgbaImage {
        super::super::canvas::pixmap_to_image(&painted_directly(&drawing(width, height)))
    }

    #[test]
    fn bands_paint_what_the_whole_picture_paints() {
        // 700 px wide: 1,496 rows a band, so 4,000 rows are three bands; a band edge cuts
        // circles, dashes, a picture and the layer.
        let (width, height) = (700, 4000);
        assert!(band_rows(width) < height / 2);
        let banded = drawing(width, height).into_image();
        let whole = directly(width, height);
        // Bands painted with their overlap give the very pixels of the whole picture
        // painted at once, seams included.
        assert!(banded == whole, "the banded picture differs");
    }

    #[test]
    fn a_picture_painted_for_a_png_is_the_png_of_the_picture() {
        // Three painted bands of four PNG bands each, the last ones short.
        let (width, height) = (700, 4000);
        let fused = drawing(width, height).into_png().unwrap();
        let encoded = png::encode(&drawing(width, height).into_image()).unwrap();
        assert!(fused == encoded, "the PNG painted band by band differs");
        // A picture of one row, and one narrower than a band, too.
        for (w, h) in [(700, 1), (50, 60)] {
            let fused = drawing(w, h).into_png().unwrap();
            assert!(fused == png::encode(&drawing(w, h).into_image()).unwrap());
        }
    }

    #[test]
    fn a_layer_as_wide_as_the_picture_is_painted_straight_onto_it() {
        // A map above a strip: an opaque layer of the picture's width, over two bands and
        // part of a third, gives the pixels the layer's own canvas gives (the same bands,
        // the same cuts), and what was drawn before it is hidden.
        let (width, height, layer) = (700, 4000, 2666);
        let mut c = Canvas::new(width, height, Rgba(240, 230, 210, 255));
        c.fill_rect(0.0, 0.0, width as f32, height as f32, Rgba(0, 90, 0, 255));
        c.draw_canvas(drawing(width, layer));
        let banded = c.into_image();
        let alone = drawing(width, layer).into_image();
        let top = image::imageops::crop_imm(&banded, 0, 0, width, layer).to_image();
        assert!(top == alone, "the layer painted straight differs");
        assert!(banded
            .rows()
            .skip(layer as usize)
            .flatten()
            .all(|p| *p == image::Rgba([0, 90, 0, 255])));
    }

    #[test]
    fn the_pixels_do_not_depend_on_the_number_of_threads() {
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| drawing(900, 3000).into_image())
        };
        let one = on(1);
        assert_eq!(one, on(2));
        assert_eq!(one, on(7));
    }

    #[test]
    fn a_small_picture_is_painted_as_a_plain_pixmap_would_be() {
        // One band: strokes turned into outlines first, then filled, give the very pixels
        // `tiny-skia`'s `stroke_path` gives.
        assert_eq!(drawing(120, 90).into_image(), directly(120, 90));
    }

    #[test]
    fn hairlines_are_told_as_tiny_skia_tells_them() {
        let pen = |w: f32| Pen::new(Rgba::BLACK, w).stroke();
        assert!(hairline(&pen(0.0), Transform::identity()));
        assert!(hairline(&pen(1.0), Transform::identity()));
        assert!(!hairline(&pen(1.01), Transform::identity()));
        assert!(!hairline(&pen(0.8), Transform::from_scale(2.0, 2.0)));
        assert!(hairline(&pen(1.5), Transform::from_scale(0.5, 0.5)));
    }
}

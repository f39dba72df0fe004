//! Overlays drawn over a rendered map picture ([`super::render_map`]): tinted hexes or areas
//! (a side's supplied area) and counters ringed in a colour (units cut off from supply), at
//! the pixel geometry the map was drawn with — hex centres and outlines from
//! [`crate::model::HexGeometry`] on the map's layout, area outlines, boxes and slots from
//! [`super::area_map`].
//!
//! The overlay knows nothing of the rules: the caller says which cells to tint in which
//! colour and which counters to ring where.

use image::RgbaImage;

use super::area_map;
use super::canvas::{image_to_pixmap, Canvas, Pen, Rgba};
use super::counter::{render_face, CounterFace};
use super::text::{Align, Face, Font};
use super::ArtError;
use crate::layout::area::{layouts, slots};
use crate::layout::hex_layout;
use crate::model::{CounterId, Game, HexCoord, Location, MapId, MapKind};

/// A cell of a map to tint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// A hex of a hex map.
    Hex(HexCoord),
    /// An area of an area map, as a whole.
    Area(usize),
}

/// Cells tinted in one colour.
#[derive(Debug, Clone)]
pub struct Tint {
    /// The cells.
    pub cells: Vec<Cell>,
    /// The colour (its alpha says how strongly).
    pub colour: Rgba,
}

/// A counter drawn on its location and ringed.
#[derive(Debug, Clone)]
pub struct Ring {
    /// The counter.
    pub counter: CounterId,
    /// On its reduced face.
    pub reduced: bool,
    /// Where (locations on other maps, and pools, are skipped).
    pub location: Location,
    /// Ring colour.
    pub colour: Rgba,
}

/// Everything to draw over a map.
#[derive(Debug, Clone, Default)]
pub struct Overlay {
    /// Tints, drawn first, in order.
    pub tints: Vec<Tint>,
    /// Ringed counters, drawn over the tints.
    pub rings: Vec<Ring>,
    /// Legend lines (text, colour), drawn in the top-left corner.
    pub legend: Vec<(String, Rgba)>,
}

/// The pixel centre of a location on `map`, as the map picture draws it.
pub fn point(game: &Game, map: MapId, location: &Location) -> Option<(f32, f32)> {
    match (*location, &game.maps.get(map)?.kind) {
        (Location::Hex { map: m, hex }, MapKind::Hex(h)) if m == map => {
            let layout = hex_layout(game, &h.geometry);
            let (x, y) = h.geometry.centre(&layout, hex);
            Some((x as f32, y as f32))
        }
        (Location::Area { map: m, area, slot }, MapKind::Area(_)) if m == map => slots(game, map)
            .into_iter()
            .find(|s| s.area == area && s.slot == slot)
            .map(|s| (s.centre.0 as f32, s.centre.1 as f32)),
        // A box of a track display printed on this map, in the strip below it (the same
        // layout the module's zones are made of), below a generated or a supplied picture.
        (Location::Track { display, value }, _)
            if game
                .track_displays
                .get(display)
                .is_some_and(|d| d.map == map) =>
        {
            let strip = super::map_frame(game, map).ok()?.1?;
            let (x, y) = strip
                .displays
                .iter()
                .find(|d| d.display == display)?
                .centre(value)?;
            Some((x as f32, y as f32))
        }
        _ => None,
    }
}

fn tint(c: &mut Canvas, game: &Game, map: MapId, t: &Tint) {
    match &game.maps[map].kind {
        MapKind::Hex(h) => {
            let layout = hex_layout(game, &h.geometry);
            for cell in &t.cells {
                let Cell::Hex(hex) = *cell else { continue };
                if !h.geometry.contains(hex) {
                    continue;
                }
                let (x, y) = h.geometry.centre(&layout, hex);
                let k: Vec<(f32, f32)> = h
                    .geometry
                    .corners(&layout, (f64::from(x), f64::from(y)))
                    .iter()
                    .map(|(a, b)| (*a as f32, *b as f32))
                    .collect();
                c.fill_poly(&k, t.colour);
            }
        }
        MapKind::Area(am) => {
            let layouts = layouts(game, am);
            let shapes = area_map::shapes_around(am, &layouts);
            for cell in &t.cells {
                let Cell::Area(a) = *cell else { continue };
                let Some(shape) = shapes.get(a) else { continue };
                if am.areas[a].within.is_none() && shape.len() >= 3 {
                    let k: Vec<(f32, f32)> =
                        shape.iter().map(|p| (p.0 as f32, p.1 as f32)).collect();
                    c.fill_poly(&k, t.colour);
                } else if let Some(l) = layouts.get(a) {
                    let (x, y, w, h) = l.bounds;
                    c.fill_rect(x, y, w, h, t.colour);
                }
            }
        }
    }
}

fn ring(c: &mut Canvas, game: &Game, map: MapId, r: &Ring) -> Result<(), ArtError> {
    let Some((x, y)) = point(game, map, &r.location) else {
        return Ok(());
    };
    let face = if r.reduced && super::counter::has_back_face(game, r.counter) {
        CounterFace::Back
    } else {
        CounterFace::Front
    };
    let img = render_face(game, r.counter, face)?;
    let (w, h) = (img.width() as f32, img.height() as f32);
    c.draw_pixmap(
        (x - w / 2.0).round() as i32,
        (y - h / 2.0).round() as i32,
        image_to_pixmap(&img),
    );
    let radius = (w * w + h * h).sqrt() / 2.0 + 3.0;
    c.stroke_circle(x, y, radius, &Pen::new(r.colour, 4.0));
    Ok(())
}

/// Counters drawn over the picture of `map` where a scenario sets them up: each location's
/// counters as a stack, every counter after the first shifted up and to the right as VASSAL
/// stacks them, markers in their box of a track display printed below the map (locations
/// on other maps and pools are skipped). `pieces` are
/// (counter, on its reduced face, location), drawn in order.
pub fn stacks(
    game: &Game,
    map: MapId,
    base: &RgbaImage,
    pieces: &[(CounterId, bool, Location)],
) -> Result<RgbaImage, ArtError> {
    let mut c = Canvas::from_image(base);
    let mut depth: Vec<(Location, u32)> = Vec::new();
    for (counter, reduced, location) in pieces {
        let Some((x, y)) = point(game, map, location) else {
            continue;
        };
        let key = location.stack();
        let n = match depth.iter_mut().find(|(l, _)| *l == key) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                depth.push((key, 1));
                0
            }
        };
        let face = if *reduced && super::counter::has_back_face(game, *counter) {
            CounterFace::Back
        } else {
            CounterFace::Front
        };
        let img = render_face(game, *counter, face)?;
        let (w, h) = (img.width() as f32, img.height() as f32);
        let step = (w * 0.1).max(2.0) * n as f32;
        let (left, top) = (x - w / 2.0 + step, y - h / 2.0 - step);
        c.fill_rect(left + 2.0, top + 2.0, w, h, Rgba(0, 0, 0, 90));
        c.draw_pixmap(
            left.round() as i32,
            top.round() as i32,
            image_to_pixmap(&img),
        );
    }
    Ok(c.into_image())
}

/// The legend's font on a picture `width` pixels wide (sized to the picture), and the
/// step from one of its lines to the next.
fn legend_font(width: u32) -> (Font, f32) {
    let size = (width as f32 / 45.0).clamp(10.0, 30.0);
    let font = Font::new(Face::Bold, size);
    let step = font.line_height() + size * 0.25;
    (font, step)
}

/// The height of the pale box [`draw`] prints `lines` lines of legend in, on a picture
/// `width` pixels wide, with its margin above and below.
pub fn legend_height(width: u32, lines: usize) -> u32 {
    let (font, step) = legend_font(width);
    (step * lines as f32 + 2.0 * font.size).ceil() as u32
}

/// Draw an overlay over the picture of `map`.
pub fn draw(
    game: &Game,
    map: MapId,
    base: &RgbaImage,
    overlay: &Overlay,
) -> Result<RgbaImage, ArtError> {
    let mut c = Canvas::from_image(base);
    for t in &overlay.tints {
        tint(&mut c, game, map, t);
    }
    for r in &overlay.rings {
        ring(&mut c, game, map, r)?;
    }
    if !overlay.legend.is_empty() {
        let (font, step) = legend_font(c.width());
        let size = font.size;
        let width = overlay
            .legend
            .iter()
            .map(|(t, _)| font.width(t))
            .fold(0.0f32, f32::max);
        let pad = size * 0.5;
        c.fill_rect(
            pad,
            pad,
            width + size * 1.6 + 2.0 * pad,
            step * overlay.legend.len() as f32 + pad,
            Rgba(255, 255, 255, 200),
        );
        let mut y = 2.0 * pad + font.cap_height();
        for (text, colour) in &overlay.legend {
            let box_size = font.cap_height();
            c.fill_rect(2.0 * pad, y - box_size, box_size, box_size, *colour);
            c.text(
                &font,
                text,
                2.0 * pad + size * 1.2,
                y,
                Align::Left,
                Rgba::BLACK,
            );
            y += step;
        }
    }
    Ok(c.into_image())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mini() -> Game {
        crate::testgame::mini()
    }

    #[test]
    fn tints_and_rings_land_on_their_hexes() {
        let g = mini();
        let base = super::super::render_map(&g, 0, &super::super::NoProgress).expect("map");
        let MapKind::Hex(h) = &g.maps[0].kind else {
            panic!("hex map")
        };
        let a = h.geometry.parse_number("0101").expect("0101");
        let b = h.geometry.parse_number("0505").expect("0505");
        let red = Rgba(255, 0, 0, 255);
        let out = draw(
            &g,
            0,
            &base,
            &Overlay {
                tints: vec![Tint {
                    cells: vec![Cell::Hex(a)],
                    colour: Rgba(0, 0, 255, 255),
                }],
                rings: vec![Ring {
                    counter: 0,
                    reduced: false,
                    location: Location::Hex { map: 0, hex: b },
                    colour: red,
                }],
                legend: Vec::new(),
            },
        )
        .expect("draws");
        assert_eq!(out.dimensions(), base.dimensions());
        let (ax, ay) = point(&g, 0, &Location::Hex { map: 0, hex: a }).expect("a");
        assert_eq!(out.get_pixel(ax as u32, ay as u32).0, [0, 0, 255, 255]);
        // The counter is drawn at the centre of 0505, unlike the bare map there.
        let (bx, by) = point(&g, 0, &Location::Hex { map: 0, hex: b }).expect("b");
        assert_ne!(
            out.get_pixel(bx as u32, by as u32 + 10),
            base.get_pixel(bx as u32, by as u32 + 10)
        );
    }

    /// A set-up's marker on a track display printed below the map (the turn marker in box 1
    /// of the Turn Track) is drawn in its box, as the module places it.
    #[test]
    fn a_marker_on_a_track_display_stands_in_its_box() {
        let g = crate::testgame::with_display(mini(), 0, 7);
        let base = super::super::render_map(&g, 0, &super::super::NoProgress).expect("map");
        let marker = g.tracks[0].marker.expect("marker").counter;
        let value = g.tracks[0].min + 2;
        let at = Location::Track { display: 0, value };
        let strip = crate::layout::track_display::base_size(&g, 0)
            .and_then(|b| crate::layout::track_display::layout(&g, 0, b))
            .expect("a strip");
        let (cx, cy) = strip.displays[0].centre(value).expect("a box");
        assert_eq!(point(&g, 0, &at), Some((cx as f32, cy as f32)));
        // On another map, no point.
        assert_eq!(point(&g, 1, &at), None);
        let out = stacks(&g, 0, &base, &[(marker, false, at)]).expect("draws");
        assert_eq!(out.dimensions(), base.dimensions());
        let changed = (-5..=5)
            .flat_map(|dx| (-5..=5).map(move |dy| (cx + dx, cy + dy)))
            .filter(|(x, y)| {
                out.get_pixel(*x as u32, *y as u32) != base.get_pixel(*x as u32, *y as u32)
            })
            .count();
        assert!(
            changed > 60,
            "the marker is drawn in its box ({changed} pixels)"
        );
        // Below a supplied picture too (the new-user trial's set-up map showed the box
        // empty): the strip is laid under the picture's own size.
        let dir = tempfile::tempdir().expect("tmp");
        let picture = dir.path().join("board.png");
        image::RgbaImage::from_pixel(300, 200, image::Rgba([200, 220, 200, 255]))
            .save(&picture)
            .expect("write");
        let mut supplied = g.clone();
        supplied.maps[0].image = Some(picture);
        let strip =
            crate::layout::track_display::layout(&supplied, 0, (300, 200)).expect("a strip");
        let (cx, cy) = strip.displays[0].centre(value).expect("a box");
        assert_eq!(point(&supplied, 0, &at), Some((cx as f32, cy as f32)));
    }
}

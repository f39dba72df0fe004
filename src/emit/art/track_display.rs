//! Track displays printed on a map (`[[track-display]]`): a strip below the map picture with
//! one panel per display, each a grid of numbered boxes large enough for a counter, where
//! the markers of the tracks on that display stand.
//!
//! [`layout`] is what the strip is drawn from and what the VASSAL emitter turns into a Zone
//! with one grid location per box, so a marker dropped in a box snaps to the same point the
//! picture shows. Coordinates are whole pixels of the map picture: the map itself keeps its
//! place at the top left, so hex centres and area slots do not move.

use image::RgbaImage;

use super::canvas::{image_to_pixmap, Canvas, Pen, Rgba};
use super::hex_map::PAPER;
use super::map_margin;
use super::text::{Align, Face, Font};
use crate::model::{Game, MapId, MapKind, TrackDisplayId};

/// A rectangle in whole pixels: x, y, width, height.
pub type IRect = (i32, i32, i32, i32);

/// One display's panel on the strip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayLayout {
    /// The display.
    pub display: TrackDisplayId,
    /// The whole panel (title, legend and boxes).
    pub panel: IRect,
    /// The area the boxes tile (a VASSAL Zone): `columns` × rows boxes.
    pub grid: IRect,
    /// Box width and height.
    pub pitch: (i32, i32),
    /// Boxes per row.
    pub columns: i64,
    /// Height of the band at the top of each box that holds its number.
    pub band: i32,
    /// Every box: its number, its rectangle and the point a counter in it is centred on.
    pub boxes: Vec<(i64, IRect, (i32, i32))>,
}

/// The strip of a map: the picture's size with it and its panels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripLayout {
    /// Size of the whole picture, map and strip.
    pub size: (u32, u32),
    /// Where the map picture ends (top of the strip).
    pub top: u32,
    /// One panel per display of the map, in game order.
    pub displays: Vec<DisplayLayout>,
}

impl DisplayLayout {
    /// The centre point of the box of `value`, when the display has it.
    pub fn centre(&self, value: i64) -> Option<(i32, i32)> {
        self.boxes
            .iter()
            .find(|(v, _, _)| *v == value)
            .map(|(_, _, c)| *c)
    }
}

/// Box size and spacing for a counter size: a counter fits below the number band with a
/// little room on each side.
fn metrics(game: &Game) -> (i32, i32, i32, i32, i32) {
    let s = game.art.counter_size.max(8) as f32;
    let w = (s * 1.15).round() as i32;
    let band = (s * 0.3).round() as i32;
    let h = s.round() as i32 + band + (s * 0.1).round() as i32;
    let margin = (s / 4.0).round() as i32;
    let title = (s * 0.6).round() as i32;
    (w, h, band, margin, title)
}

/// The size of a map's generated picture, without drawing it (`None` for a supplied one).
pub fn base_size(game: &Game, map: MapId) -> Option<(u32, u32)> {
    let m = game.maps.get(map)?;
    if m.image.is_some() {
        return None;
    }
    Some(match &m.kind {
        MapKind::Hex(h) => {
            let hex_size = game.art.hex_size.max(8);
            let l = h.geometry.layout(hex_size, map_margin(hex_size));
            (l.width, l.height)
        }
        MapKind::Area(a) => a.size,
    })
}

/// The strip below a map picture of size `base`, when displays are printed on the map.
pub fn layout(game: &Game, map: MapId, base: (u32, u32)) -> Option<StripLayout> {
    let ids: Vec<TrackDisplayId> = (0..game.track_displays.len())
        .filter(|d| game.track_displays[*d].map == map)
        .collect();
    if ids.is_empty() {
        return None;
    }
    let (bw, bh, band, margin, title) = metrics(game);
    let shape = |d: TrackDisplayId| {
        let td = &game.track_displays[d];
        let count = (td.max - td.min + 1).max(1);
        let columns = i64::from(td.columns.max(1)).min(count);
        let rows = (count + columns - 1) / columns;
        (columns, rows)
    };
    let width = ids
        .iter()
        .map(|d| {
            let (c, _) = shape(*d);
            4 * margin + c as i32 * bw
        })
        .max()
        .unwrap_or(0)
        .max(base.0 as i32);
    let mut y = base.1 as i32 + margin;
    let mut displays = Vec::new();
    for d in ids {
        let td = &game.track_displays[d];
        let (columns, rows) = shape(d);
        let pw = 2 * margin + columns as i32 * bw;
        let ph = margin + title + rows as i32 * bh + margin;
        let px = (width - pw) / 2;
        let grid = (
            px + margin,
            y + margin + title,
            columns as i32 * bw,
            rows as i32 * bh,
        );
        let boxes = (td.min..=td.max)
            .map(|v| {
                let i = v - td.min;
                let (col, row) = ((i % columns) as i32, (i / columns) as i32);
                let (x, by) = (grid.0 + col * bw, grid.1 + row * bh);
                (
                    v,
                    (x, by, bw, bh),
                    (x + bw / 2, by + band + (bh - band) / 2),
                )
            })
            .collect();
        displays.push(DisplayLayout {
            display: d,
            panel: (px, y, pw, ph),
            grid,
            pitch: (bw, bh),
            columns,
            band,
            boxes,
        });
        y += ph + margin;
    }
    Some(StripLayout {
        size: (width as u32, y.max(base.1 as i32) as u32),
        top: base.1,
        displays,
    })
}

/// The names of the tracks on a display, in game order.
fn tracks_on(game: &Game, display: TrackDisplayId) -> Vec<&str> {
    game.tracks
        .iter()
        .filter(|t| t.marker.is_some_and(|m| m.display == display))
        .map(|t| t.name.as_str())
        .collect()
}

/// Draw the strip under the map picture `img` (the picture grows to the strip's size).
pub fn extend(game: &Game, map: MapId, img: RgbaImage) -> (RgbaImage, Option<StripLayout>) {
    let Some(strip) = layout(game, map, img.dimensions()) else {
        return (img, None);
    };
    let mut c = Canvas::new(strip.size.0, strip.size.1, PAPER);
    c.draw_pixmap(0, 0, &image_to_pixmap(&img));
    let k = game.art.counter_size.max(8) as f32 / 60.0;
    let ink = Rgba(25, 25, 25, 255);
    c.line(
        (0.0, strip.top as f32),
        (strip.size.0 as f32, strip.top as f32),
        &Pen::new(ink.alpha(160), 2.0 * k),
    );
    for d in &strip.displays {
        draw_display(&mut c, game, d, k, ink);
    }
    (c.into_image(), Some(strip))
}

fn draw_display(c: &mut Canvas, game: &Game, d: &DisplayLayout, k: f32, ink: Rgba) {
    let td = &game.track_displays[d.display];
    let (px, py, pw, ph) = d.panel;
    let f = |v: i32| v as f32;
    c.fill_rect(f(px), f(py), f(pw), f(ph), Rgba(0xfb, 0xf8, 0xef, 255));
    c.stroke_rect(f(px), f(py), f(pw), f(ph), &Pen::new(ink, 2.0 * k).square());
    let (gx, gy, _, _) = d.grid;
    let title_base = f(gy) - 0.3 * f(gy - py);
    let tf = Font::new(Face::Bold, 20.0 * k).fit(&td.name, f(pw) * 0.45, 9.0);
    let tw = c.text(&tf, &td.name, f(gx), title_base, Align::Left, ink);
    let legend = tracks_on(game, d.display).join(" · ");
    if !legend.is_empty() {
        let room = f(pw) - tw - 3.0 * f(gx - px);
        let lf = Font::new(Face::Regular, 12.0 * k).fit(&legend, room.max(10.0), 6.0);
        c.text(
            &lf,
            &legend,
            f(px + pw) - f(gx - px),
            title_base,
            Align::Right,
            ink.alpha(200),
        );
    }
    let plain = Rgba(0xf4, 0xef, 0xe1, 255);
    let nf = Font::new(Face::Bold, 13.0 * k);
    let pen = Pen::new(ink, 1.2 * k).square();
    for (v, (x, y, w, h), _) in &d.boxes {
        let tenth = v.rem_euclid(10) == 0;
        let fill = if v.rem_euclid(10) == 0 {
            plain.darker(0.1)
        } else if v.rem_euclid(5) == 0 {
            plain.darker(0.05)
        } else {
            plain
        };
        c.fill_rect(f(*x), f(*y), f(*w), f(*h), fill);
        c.fill_rect(f(*x), f(*y), f(*w), f(d.band), fill.darker(0.12));
        c.stroke_rect(f(*x), f(*y), f(*w), f(*h), &pen);
        let face = if tenth { nf } else { nf.sized(12.0 * k) };
        c.text(
            &face,
            &v.to_string(),
            f(*x) + f(*w) / 2.0,
            f(*y) + f(d.band) / 2.0 + face.cap_height() / 2.0,
            Align::Centre,
            ink,
        );
    }
}

/// A game with a track display of `columns` columns printed on map `map`, on which its
/// first track stands, marked by the first marker class with a counter (tests only).
#[cfg(test)]
pub(crate) fn with_display(mut game: Game, map: MapId, columns: u32) -> Game {
    use crate::model::{TrackDisplay, TrackMarker};
    let counter = (0..game.counters.len())
        .find(|c| game.type_of(*c).symbol == "marker")
        .expect("a marker counter");
    let t = &game.tracks[0];
    game.track_displays.push(TrackDisplay {
        id: "points".into(),
        name: "Points Track".into(),
        map,
        min: t.min,
        max: t.max,
        columns,
    });
    game.tracks[0].marker = Some(TrackMarker {
        class: game.counters[counter].class,
        counter,
        display: 0,
    });
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::{render_map_with_strip, testing, NoProgress};

    #[test]
    fn hex_and_area_maps_get_the_strip_below_them() {
        for (name, map, game) in [
            ("hex", 0, with_display(testing::mini(), 0, 7)),
            ("area", 1, with_display(testing::with_area_map(), 1, 7)),
        ] {
            let base = base_size(&game, map).expect("generated");
            let (img, strip) = render_map_with_strip(&game, map, &NoProgress).expect("renders");
            testing::preview(&format!("track-display-{name}.png"), &img);
            let strip = strip.expect("a strip");
            assert_eq!(img.dimensions(), strip.size);
            assert_eq!(strip.top, base.1);
            let d = &strip.displays[0];
            let t = &game.tracks[0];
            assert_eq!(d.boxes.len() as i64, t.max - t.min + 1);
            let cs = game.art.counter_size as i32;
            for (_, (x, y, w, h), (cx, cy)) in &d.boxes {
                assert!(*y >= base.1 as i32 && *x >= 0, "{name}: below the map");
                assert!(x + w <= img.width() as i32 && y + h <= img.height() as i32);
                assert!(*w >= cs && *h >= cs, "{name}: a counter fits");
                assert!(
                    cx - cs / 2 >= *x && cy + cs / 2 <= y + h,
                    "{name}: centred inside"
                );
            }
            assert_eq!(layout(&game, map, base), Some(strip), "{name}: same layout");
        }
    }

    #[test]
    fn no_display_leaves_the_picture_alone() {
        let game = testing::mini();
        let img = RgbaImage::new(50, 40);
        let (out, strip) = extend(&game, 0, img.clone());
        assert!(strip.is_none());
        assert_eq!(out, img);
    }
}

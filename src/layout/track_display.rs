//! Track displays printed on a map (`[[track-display]]`): a strip below the map picture with
//! one panel per display, each a grid of numbered boxes large enough for a counter, where
//! the markers of the tracks on that display stand; and the map's cartouche, when it is
//! printed below the map ([`super::cartouche`]), under them.
//!
//! [`layout`] is what the strip is drawn from (`emit/art/track_display.rs`), what the VASSAL
//! emitter turns into a Zone with one grid location per box, and what the save adapter
//! reads a marker's box from, so a marker dropped in a box snaps to the same point the
//! picture shows. Coordinates are whole pixels of the map picture: the map itself keeps its
//! place at the top left, so hex centres and area slots do not move.

use super::cartouche::{self, Spot};
use super::{hex_layout, IRect};
use crate::model::{Game, MapId, MapKind, TrackDisplayId};

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
    /// The map's cartouche, when it is printed below the map: where its box stands.
    pub cartouche: Option<IRect>,
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
            let l = hex_layout(game, &h.geometry);
            (l.width, l.height)
        }
        MapKind::Area(a) => a.size,
    })
}

/// The strip below a map picture of size `base`, when displays are printed on the map or
/// its cartouche goes below it.
pub fn layout(game: &Game, map: MapId, base: (u32, u32)) -> Option<StripLayout> {
    let ids: Vec<TrackDisplayId> = (0..game.track_displays.len())
        .filter(|d| game.track_displays[*d].map == map)
        .collect();
    let below = cartouche::frame(game, map)
        .filter(|f| f.spot == Spot::Below)
        .map(|f| (f.size.0.ceil() as i32, f.size.1.ceil() as i32));
    if ids.is_empty() && below.is_none() {
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
        .chain(below.map(|(w, _)| w + 4 * margin))
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
    let cartouche = below.map(|(w, h)| {
        let r = ((width - w) / 2, y, w, h);
        y += h + margin;
        r
    });
    Some(StripLayout {
        size: (width as u32, y.max(base.1 as i32) as u32),
        top: base.1,
        displays,
        cartouche,
    })
}

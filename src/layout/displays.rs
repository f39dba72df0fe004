//! The off-map displays' boxes: the pool boxes (grouped by side and kind), one grid per
//! numeric track, and the turn record track, in pixels of their pictures.
//!
//! The pictures are drawn from these (`emit/art/displays.rs`); each pool's box, rounded to
//! whole pixels ([`pool_zones`]), is also the zone of the "Off-map boxes" window of the
//! module and where the save adapter looks for a pool's pieces.

use super::IRect;
use crate::model::{Game, PoolId, PoolKind, TrackId, TurnId};

/// A rectangle in pixels: x, y, width, height.
pub type Rect = (f32, f32, f32, f32);

/// Counters per row of pool boxes.
pub const POOL_COLUMNS: usize = 5;
/// Boxes per row of a numeric track.
pub const TRACK_COLUMNS: i64 = 10;
/// Turns per row of the turn record track.
pub const TURN_COLUMNS: usize = 8;

/// The unit of the displays: the counter size.
pub fn unit(game: &Game) -> f32 {
    game.art.counter_size.max(8) as f32
}

/// One heading of the pools display.
#[derive(Debug, Clone, PartialEq)]
pub enum Heading {
    /// A side's band (`None` = pools of no side).
    Side(Option<usize>, Rect),
    /// A kind's title.
    Kind(PoolKind, f32, f32),
}

/// The layout of the pools display: its size, headings and boxes.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolsLayout {
    /// Picture size.
    pub size: (u32, u32),
    /// Headings.
    pub headings: Vec<Heading>,
    /// Every pool's box.
    pub boxes: Vec<(PoolId, Rect)>,
}

/// Lay out the pools display.
pub fn pools_layout(game: &Game) -> PoolsLayout {
    let s = unit(game);
    let pad = (s / 8.0).round();
    let bw = (2.0 * s + 3.0 * pad).round();
    let label = (s * 0.5).round();
    let bh = (s + 2.0 * pad + label).round();
    let gap = pad * 2.0;
    let width = 2.0 * gap + POOL_COLUMNS as f32 * bw + (POOL_COLUMNS as f32 - 1.0) * gap;
    let band = (s * 0.5).round();
    let kind_h = (s * 0.45).round();
    let mut y = gap;
    let mut headings = Vec::new();
    let mut boxes = Vec::new();
    let mut sides: Vec<Option<usize>> = (0..game.sides.len()).map(Some).collect();
    sides.push(None);
    for side in sides {
        let pools: Vec<usize> = (0..game.pools.len())
            .filter(|p| game.pools[*p].side == side)
            .collect();
        if pools.is_empty() {
            continue;
        }
        headings.push(Heading::Side(side, (gap, y, width - 2.0 * gap, band)));
        y += band + pad;
        let mut kinds: Vec<PoolKind> = pools.iter().map(|p| game.pools[*p].kind).collect();
        kinds.sort();
        kinds.dedup();
        for kind in kinds {
            headings.push(Heading::Kind(kind, gap, y + kind_h * 0.75));
            y += kind_h;
            let of_kind: Vec<usize> = pools
                .iter()
                .copied()
                .filter(|p| game.pools[*p].kind == kind)
                .collect();
            for (i, p) in of_kind.iter().enumerate() {
                let col = i % POOL_COLUMNS;
                let row = i / POOL_COLUMNS;
                boxes.push((
                    *p,
                    (
                        gap + col as f32 * (bw + gap),
                        y + row as f32 * (bh + gap),
                        bw,
                        bh,
                    ),
                ));
            }
            let rows = of_kind.len().div_ceil(POOL_COLUMNS);
            y += rows as f32 * (bh + gap);
        }
        y += pad;
    }
    PoolsLayout {
        size: (width.ceil() as u32, (y + gap).ceil() as u32),
        headings,
        boxes,
    }
}

/// The box of every pool on the pools display.
pub fn pool_boxes(game: &Game) -> Vec<(PoolId, Rect)> {
    pools_layout(game).boxes
}

/// A numeric track's box size, margin and title height.
pub fn track_geometry(game: &Game) -> (f32, f32, f32) {
    let s = unit(game);
    let b = (s + s / 6.0).round();
    let margin = (s / 4.0).round();
    let title = (s * 0.7).round();
    (b, margin, title)
}

/// The box of every value of a numeric track, `min` to `max`, rows of ten.
pub fn track_boxes(game: &Game, track: TrackId) -> Vec<(i64, Rect)> {
    let t = &game.tracks[track];
    let (b, margin, title) = track_geometry(game);
    (t.min..=t.max)
        .map(|v| {
            let i = v - t.min;
            let (col, row) = (i % TRACK_COLUMNS, i / TRACK_COLUMNS);
            (
                v,
                (
                    margin + col as f32 * b,
                    margin + title + row as f32 * b,
                    b,
                    b,
                ),
            )
        })
        .collect()
}

/// The turn record track's box width and height, margin and title height.
pub fn turn_geometry(game: &Game) -> (f32, f32, f32, f32) {
    let s = unit(game);
    let bw = (s * 1.5).round();
    let bh = (s * 1.75).round();
    let margin = (s / 4.0).round();
    let title = (s * 0.7).round();
    (bw, bh, margin, title)
}

/// The box of every turn of the turn record track, in calendar order, rows of eight.
pub fn turn_boxes(game: &Game) -> Vec<(TurnId, Rect)> {
    let (bw, bh, margin, title) = turn_geometry(game);
    (0..game.turns.len())
        .map(|t| {
            let (col, row) = (t % TURN_COLUMNS, t / TURN_COLUMNS);
            (
                t,
                (
                    margin + col as f32 * bw,
                    margin + title + row as f32 * bh,
                    bw,
                    bh,
                ),
            )
        })
        .collect()
}

/// A box in whole pixels: its corners rounded to the nearest pixel, so that boxes side by
/// side still touch.
pub fn whole_pixels(r: Rect) -> IRect {
    let (x, y) = (r.0.round() as i32, r.1.round() as i32);
    (
        x,
        y,
        (r.0 + r.2).round() as i32 - x,
        (r.1 + r.3).round() as i32 - y,
    )
}

/// The box of every pool in whole pixels, indexed like `Game::pools` (an empty box at the
/// origin for a pool the display left out).
pub fn pool_zones(game: &Game) -> Vec<IRect> {
    let mut out = vec![(0, 0, 0, 0); game.pools.len()];
    for (pool, r) in pool_boxes(game) {
        if let Some(b) = out.get_mut(pool) {
            *b = whole_pixels(r);
        }
    }
    out
}

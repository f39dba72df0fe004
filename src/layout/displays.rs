//! The off-map displays' boxes: the pool boxes (grouped by side and kind), one grid per
//! numeric track, and the turn record track, in pixels of their pictures.
//!
//! The pictures are drawn from these (`emit/art/displays.rs`); each pool's box, rounded to
//! whole pixels ([`pool_zones`]), is also the zone of the "Off-map boxes" window of the
//! module and where the save adapter looks for a pool's pieces.

use super::IRect;
use crate::model::{Game, Location, PoolId, PoolKind, TrackId, TurnId};

/// A rectangle in pixels: x, y, width, height.
pub type Rect = (f32, f32, f32, f32);

/// Counters per row of pool boxes.
pub const POOL_COLUMNS: usize = 5;
/// Pieces per stack in a pool's box: a pool holding more spreads them over several stacks
/// in a box spanning as many columns as they need, so that no stack spills over its
/// neighbours.
pub const POOL_STACK: usize = 5;
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

/// The most pieces any scenario puts in each pool, indexed like `Game::pools`.
pub fn pool_loads(game: &Game) -> Vec<usize> {
    let mut most = vec![0; game.pools.len()];
    for sc in &game.scenarios {
        let mut here = vec![0; game.pools.len()];
        for p in &sc.placements {
            if let Location::Pool(pool) = p.location {
                if let Some(n) = here.get_mut(pool) {
                    *n += 1;
                }
            }
        }
        for (m, n) in most.iter_mut().zip(here) {
            *m = (*m).max(n);
        }
    }
    most
}

/// How far each piece of a stack is drawn up and to the right of the one below it, in
/// pixels (the module's unexpanded stack separation).
pub const STACK_SEPARATION: f32 = 3.0;

/// The sizes of the pools display: counter size, padding, label height, grid column width,
/// box height, gap, the display's width, and the pitch of stacks in a box.
struct PoolMetrics {
    s: f32,
    pad: f32,
    label: f32,
    bw: f32,
    bh: f32,
    gap: f32,
    width: f32,
    /// The room a full stack takes across and down, its drift included.
    pitch: f32,
}

impl PoolMetrics {
    fn of(game: &Game) -> Self {
        let s = unit(game);
        let pad = (s / 8.0).round();
        let bw = (2.0 * s + 3.0 * pad).round();
        let label = (s * 0.5).round();
        let bh = (s + 2.0 * pad + label).round();
        let gap = pad * 2.0;
        let width = 2.0 * gap + POOL_COLUMNS as f32 * bw + (POOL_COLUMNS as f32 - 1.0) * gap;
        let pitch = s + pad + (POOL_STACK - 1) as f32 * STACK_SEPARATION;
        Self {
            s,
            pad,
            label,
            bw,
            bh,
            gap,
            width,
            pitch,
        }
    }

    /// The width of a box spanning `span` grid columns.
    fn span_width(&self, span: usize) -> f32 {
        span as f32 * self.bw + (span as f32 - 1.0) * self.gap
    }

    /// Stacks side by side in a box `w` wide.
    fn across(&self, w: f32) -> usize {
        (((w - self.pad) / self.pitch).floor() as usize).max(1)
    }

    /// The grid columns (1 to [`POOL_COLUMNS`]) and the height of the box of a pool
    /// holding `stacks` stacks: one stack stands in a plain box; more get as many columns
    /// as they need side by side, then rows.
    fn box_size(&self, stacks: usize) -> (usize, f32) {
        if stacks <= 1 {
            return (1, self.bh);
        }
        let span = (1..=POOL_COLUMNS)
            .find(|k| self.across(self.span_width(*k)) >= stacks)
            .unwrap_or(POOL_COLUMNS);
        let rows = stacks.div_ceil(self.across(self.span_width(span)));
        let h = self.label + self.pad + rows as f32 * self.pitch;
        (span, h.round().max(self.bh))
    }
}

/// Stacks a pool of `load` pieces needs.
fn stacks_for(load: usize) -> usize {
    load.div_ceil(POOL_STACK).max(1)
}

/// Where the `k`-th piece of a pool stands in its box `r` (picture pixels): pieces go
/// [`POOL_STACK`] to a stack in placement order. A lone stack stands at the box's centre;
/// several stand in rows from the box's top left. Either way the point is the bottom
/// piece's centre, placed so that the stack, drawn up and to the right, stays inside.
pub fn pool_piece_spot(game: &Game, pool: PoolId, r: Rect, k: usize) -> (f32, f32) {
    let load = pool_loads(game).get(pool).copied().unwrap_or(0);
    let m = PoolMetrics::of(game);
    let stacks = stacks_for(load);
    let j = (k / POOL_STACK).min(stacks - 1);
    let drift = (load.clamp(1, POOL_STACK) - 1) as f32 * STACK_SEPARATION;
    if stacks == 1 {
        let below_label = (r.3 - m.label) / 2.0;
        return (
            r.0 + r.2 / 2.0 - drift / 2.0,
            r.1 + m.label + below_label + drift / 2.0,
        );
    }
    let across = m.across(r.2);
    let (col, row) = (j % across, j / across);
    (
        r.0 + m.pad + m.s / 2.0 + col as f32 * m.pitch,
        r.1 + m.label + m.pad + drift + m.s / 2.0 + row as f32 * m.pitch,
    )
}

/// Lay out the pools display: per side and kind of pool, the boxes flow left to right in
/// rows of [`POOL_COLUMNS`] columns, a full pool's box spanning several.
pub fn pools_layout(game: &Game) -> PoolsLayout {
    let m = PoolMetrics::of(game);
    let PoolMetrics {
        s,
        pad,
        bw,
        gap,
        width,
        ..
    } = m;
    let loads = pool_loads(game);
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
            let (mut col, mut row_h) = (0, 0.0f32);
            for p in pools
                .iter()
                .copied()
                .filter(|p| game.pools[*p].kind == kind)
            {
                let (span, h) = m.box_size(stacks_for(loads.get(p).copied().unwrap_or(0)));
                if col > 0 && col + span > POOL_COLUMNS {
                    y += row_h + gap;
                    (col, row_h) = (0, 0.0);
                }
                boxes.push((p, (gap + col as f32 * (bw + gap), y, m.span_width(span), h)));
                col += span;
                row_h = row_h.max(h);
            }
            y += row_h + gap;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece of every pool of the example games, drawn as VASSAL draws a stack (each
    /// piece up and to the right of the one below), lies inside its pool's box, and no two
    /// stacks of a box overlap.
    #[test]
    fn pool_stacks_stay_inside_their_boxes_and_apart() {
        for id in [
            "great-european-war",
            "great-patriotic-war",
            "greek-civil-war",
        ] {
            let game = crate::testgame::example(id);
            let s = unit(&game);
            let loads = pool_loads(&game);
            assert!(
                loads.iter().any(|n| *n > 2 * POOL_STACK),
                "{id}: a pool holds several stacks"
            );
            for (pool, r) in pool_boxes(&game) {
                let mut stacks: Vec<(f32, f32, f32, f32)> = Vec::new();
                for k in 0..loads[pool] {
                    let (x, y) = pool_piece_spot(&game, pool, r, k);
                    let height = (k % POOL_STACK) as f32 * STACK_SEPARATION;
                    let piece = (
                        x - s / 2.0 + height,
                        y - s / 2.0 - height,
                        x + s / 2.0 + height,
                        y + s / 2.0 - height,
                    );
                    assert!(
                        piece.0 >= r.0
                            && piece.1 >= r.1
                            && piece.2 <= r.0 + r.2
                            && piece.3 <= r.1 + r.3,
                        "{id}: piece {k} of {} at {piece:?} leaves its box {r:?}",
                        game.pools[pool].name
                    );
                    if k % POOL_STACK == 0 {
                        stacks.push(piece);
                    } else if let Some(last) = stacks.last_mut() {
                        *last = (
                            last.0.min(piece.0),
                            last.1.min(piece.1),
                            last.2.max(piece.2),
                            last.3.max(piece.3),
                        );
                    }
                }
                for (i, a) in stacks.iter().enumerate() {
                    for b in &stacks[i + 1..] {
                        let apart = a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1;
                        assert!(
                            apart,
                            "{id}: stacks {a:?} and {b:?} of {} overlap",
                            game.pools[pool].name
                        );
                    }
                }
            }
        }
    }
}

//! Where everything of an area map sits: each area's anchor, name, points and slots (the
//! Open slot and its numbered boxes, each a square a counter fits in), nudged apart where
//! the designer's positions make neighbours overlap.
//!
//! The map picture is drawn from [`layouts`] (`emit/art/area_map.rs`), VASSAL's region per
//! slot and the save adapter's location names come from [`slots`], so a piece snaps where
//! its box is drawn.

use super::text::{Face, Font};
use super::voronoi;
use crate::model::scenario::AreaSlot;
use crate::model::{AreaMap, Game, MapId, MapKind};

/// A rectangle in pixels: x, y, width, height.
pub type Rect = (f32, f32, f32, f32);

/// Where one slot of an area is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slot {
    /// Area index.
    pub area: usize,
    /// Open area or box.
    pub slot: AreaSlot,
    /// The rectangle drawn (pieces fit inside).
    pub rect: Rect,
    /// Where pieces snap: the rectangle's centre, rounded to whole pixels.
    pub centre: (i32, i32),
}

/// The printed layout of one area.
#[derive(Debug, Clone)]
pub struct AreaLayout {
    /// Anchor (the position, or the outline's centroid).
    pub anchor: (f32, f32),
    /// Name: font, centre x, baseline.
    pub name: (Font, f32, f32),
    /// Points text and its baseline.
    pub points: Option<(String, f32)>,
    /// Slots with their rectangles.
    pub slots: Vec<(AreaSlot, Rect)>,
    /// Everything above, for keeping patterns off it.
    pub bounds: Rect,
}

/// The printed points of an area in side order, e.g. `3/2` (empty when it has none).
pub fn points_text(game: &Game, points: &[(usize, i64)]) -> String {
    if points.is_empty() {
        return String::new();
    }
    (0..game.sides.len())
        .map(|s| {
            points
                .iter()
                .find(|(side, _)| *side == s)
                .map_or(0, |(_, v)| *v)
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The art's scale: 1 at the default counter size of 60 pixels.
pub fn scale(game: &Game) -> f32 {
    game.art.counter_size.max(8) as f32 / 60.0
}

/// The layout of one area, where its designer put it (before [`layouts`] nudges it).
pub fn layout(game: &Game, am: &AreaMap, area: usize) -> AreaLayout {
    let a = &am.areas[area];
    let k = scale(game);
    let anchor = match a.position {
        Some((x, y)) => (x as f32, y as f32),
        None => {
            let (x, y) = voronoi::centroid(&a.outline);
            (x as f32, y as f32)
        }
    };
    let name_font = Font::new(Face::Bold, 15.0 * k);
    let points = points_text(game, &a.points);
    let pt_font = Font::new(Face::Bold, 13.0 * k);
    let b = (game.art.counter_size.max(8) + 6) as f32;
    let gap = 5.0 * k;
    let per_row = 3usize;
    let boxes = a.boxes as usize;
    let rows = boxes.div_ceil(per_row);
    let mut h = name_font.cap_height();
    if !points.is_empty() {
        h += gap + pt_font.cap_height();
    }
    if rows > 0 {
        h += gap * 1.5 + rows as f32 * b + (rows as f32 - 1.0) * gap;
    }
    if a.open {
        h += gap * 1.5 + b;
    }
    let mut y = anchor.1 - h / 2.0;
    y += name_font.cap_height();
    let name = (name_font, anchor.0, y);
    let mut pts = None;
    if !points.is_empty() {
        y += gap + pt_font.cap_height();
        pts = Some((points, y));
    }
    let mut slots = Vec::new();
    if rows > 0 {
        y += gap * 1.5;
        for r in 0..rows {
            let n = (boxes - r * per_row).min(per_row);
            let w = n as f32 * b + (n as f32 - 1.0) * gap;
            for i in 0..n {
                let x = anchor.0 - w / 2.0 + i as f32 * (b + gap);
                slots.push((
                    AreaSlot::Box((r * per_row + i + 1) as u32),
                    (x.round(), y.round(), b, b),
                ));
            }
            y += b + gap;
        }
        y -= gap;
    }
    if a.open {
        y += gap * 1.5;
        let w = b * 1.6;
        slots.insert(
            0,
            (
                AreaSlot::Open,
                ((anchor.0 - w / 2.0).round(), y.round(), w, b),
            ),
        );
    }
    // A fleet on a split coast stands where the designer says, else in a row below.
    let n = a.coasts.len();
    for (i, coast) in a.coasts.iter().enumerate() {
        let w = b * 1.2;
        let (cx, cy) = match coast.position {
            Some((x, y)) => (x as f32, y as f32),
            None => (
                anchor.0 + (i as f32 - (n as f32 - 1.0) / 2.0) * (w + gap),
                y + gap * 1.5 + b * 1.5,
            ),
        };
        slots.push((
            AreaSlot::Coast(i as u32),
            ((cx - w / 2.0).round(), (cy - b / 2.0).round(), w, b),
        ));
    }
    // The name with a supply centre's star beside it (as `emit::art::area_map` prints it:
    // 9 px past the name, 8 px wide), so that a name at the picture's edge keeps its star.
    let star = if a.supply_centre { 17.0 * k } else { 0.0 };
    let width = slots
        .iter()
        .map(|(_, r)| (r.0 - anchor.0).abs().max((r.0 + r.2 - anchor.0).abs()))
        .fold(name_font.width(&a.name) / 2.0 + star, f32::max);
    let top = anchor.1 - h / 2.0;
    // The row of fleet boxes below the name is part of the block: kept inside the picture
    // and clear of other areas' names with it.
    let bottom = slots
        .iter()
        .filter(|(slot, _)| match slot {
            AreaSlot::Coast(c) => a
                .coasts
                .get(*c as usize)
                .is_some_and(|c| c.position.is_none()),
            _ => false,
        })
        .map(|(_, r)| r.1 + r.3)
        .fold(top + h, f32::max);
    AreaLayout {
        anchor,
        name,
        points: pts,
        slots,
        bounds: (
            anchor.0 - width - 3.0,
            top - 3.0,
            2.0 * width + 6.0,
            bottom - top + 6.0,
        ),
    }
}

impl AreaLayout {
    fn shifted(mut self, dx: f32, dy: f32) -> Self {
        self.anchor = (self.anchor.0 + dx, self.anchor.1 + dy);
        self.name.1 += dx;
        self.name.2 += dy;
        if let Some((_, b)) = &mut self.points {
            *b += dy;
        }
        for (_, r) in &mut self.slots {
            r.0 += dx;
            r.1 += dy;
        }
        self.bounds.0 += dx;
        self.bounds.1 += dy;
        self
    }
}

/// The layouts of every area, nudged apart where the designer's positions make neighbouring
/// labels and boxes overlap (a few rounds of pushing overlapping pairs apart, each area
/// moving at most a bounded distance from its position; whole pixels, deterministic), then
/// moved inside the picture where they would reach beyond its edge. A split coast's fleet
/// box with a written `position` is not moved.
pub fn layouts(game: &Game, am: &AreaMap) -> Vec<AreaLayout> {
    let base: Vec<AreaLayout> = (0..am.areas.len()).map(|a| layout(game, am, a)).collect();
    let n = base.len();
    let limit = 0.9 * game.art.counter_size.max(8) as f32;
    let mut off = vec![(0.0f32, 0.0f32); n];
    let gap = 4.0;
    for _ in 0..60 {
        let mut push = vec![(0.0f32, 0.0f32); n];
        let mut any = false;
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (base[i].bounds, base[j].bounds);
                let (ax, ay) = (a.0 + off[i].0, a.1 + off[i].1);
                let (bx, by) = (b.0 + off[j].0, b.1 + off[j].1);
                let ox = (ax + a.2).min(bx + b.2) - ax.max(bx) + gap;
                let oy = (ay + a.3).min(by + b.3) - ay.max(by) + gap;
                if ox <= 0.0 || oy <= 0.0 {
                    continue;
                }
                any = true;
                let (ca, cb) = (
                    (ax + a.2 / 2.0, ay + a.3 / 2.0),
                    (bx + b.2 / 2.0, by + b.3 / 2.0),
                );
                if ox < oy {
                    let d = if cb.0 >= ca.0 { ox / 2.0 } else { -ox / 2.0 };
                    push[i].0 -= d;
                    push[j].0 += d;
                } else {
                    let d = if cb.1 >= ca.1 { oy / 2.0 } else { -oy / 2.0 };
                    push[i].1 -= d;
                    push[j].1 += d;
                }
            }
        }
        if !any {
            break;
        }
        for i in 0..n {
            let (x, y) = (off[i].0 + push[i].0 * 0.5, off[i].1 + push[i].1 * 0.5);
            let len = (x * x + y * y).sqrt();
            let f = if len > limit { limit / len } else { 1.0 };
            off[i] = (x * f, y * f);
        }
    }
    base.into_iter()
        .zip(off)
        .enumerate()
        .map(|(i, (l, (dx, dy)))| {
            // A fleet box the designer placed stays where it was written.
            let placed: Vec<(AreaSlot, Rect)> = l
                .slots
                .iter()
                .filter(|(slot, _)| match slot {
                    AreaSlot::Coast(c) => am.areas[i]
                        .coasts
                        .get(*c as usize)
                        .is_some_and(|c| c.position.is_some()),
                    _ => false,
                })
                .copied()
                .collect();
            let mut l = l.shifted(dx.round(), dy.round());
            // The name and its boxes kept inside the picture.
            let (w, h) = (am.size.0 as f32, am.size.1 as f32);
            let (bx, by, bw, bh) = l.bounds;
            let inwards = |lo: f32, len: f32, size: f32| {
                if len >= size {
                    0.0
                } else if lo < 0.0 {
                    (-lo).ceil()
                } else if lo + len > size {
                    (size - lo - len).floor()
                } else {
                    0.0
                }
            };
            let (ix, iy) = (inwards(bx, bw, w), inwards(by, bh, h));
            if ix != 0.0 || iy != 0.0 {
                l = l.shifted(ix, iy);
            }
            for (slot, rect) in placed {
                if let Some(r) = l.slots.iter_mut().find(|(s, _)| *s == slot) {
                    r.1 = rect;
                }
            }
            l
        })
        .collect()
}

/// Every slot of every area of an area map, with its rectangle and snap point.
pub fn slots(game: &Game, map: MapId) -> Vec<Slot> {
    let MapKind::Area(am) = &game.maps[map].kind else {
        return Vec::new();
    };
    layouts(game, am)
        .into_iter()
        .enumerate()
        .flat_map(|(a, l)| {
            l.slots.into_iter().map(move |(slot, rect)| Slot {
                area: a,
                slot,
                rect,
                centre: (
                    (rect.0 + rect.2 / 2.0).round() as i32,
                    (rect.1 + rect.3 / 2.0).round() as i32,
                ),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::map::Coast;

    #[test]
    fn a_split_coasts_fleet_boxes_below_the_name_stay_on_the_picture() {
        // Southmark by the bottom edge with two coasts the designer gave no position: their
        // boxes stand in a row below its name and Open box, which the picture must hold.
        let mut g = crate::testgame::fixtures::with_area_map();
        let map = g
            .maps
            .iter()
            .position(|m| m.id == "areas")
            .expect("the map");
        let MapKind::Area(am) = &mut g.maps[map].kind else {
            panic!("an area map");
        };
        let south = am
            .areas
            .iter()
            .position(|a| a.id == "south")
            .expect("Southmark");
        am.areas[south].position = Some((160.0, 410.0));
        am.areas[south].coasts = ["ec", "sc"]
            .into_iter()
            .map(|id| Coast {
                id: id.into(),
                name: format!("{id} coast"),
                fleet: Vec::new(),
                position: None,
            })
            .collect();
        let MapKind::Area(am) = &g.maps[map].kind else {
            panic!("an area map");
        };
        let (w, h) = (am.size.0 as f32, am.size.1 as f32);
        let l = &layouts(&g, am)[south];
        let (bx, by, bw, bh) = l.bounds;
        for (slot, (x, y, sw, sh)) in &l.slots {
            assert!(
                *x >= 0.0 && *y >= 0.0 && x + sw <= w && y + sh <= h,
                "{slot:?} at {:?} lies off the {w}×{h} picture",
                (x, y, sw, sh)
            );
            assert!(
                *y >= by && y + sh <= by + bh && *x >= bx && x + sw <= bx + bw,
                "{slot:?} lies outside the area's bounds {:?}",
                l.bounds
            );
        }
    }
}

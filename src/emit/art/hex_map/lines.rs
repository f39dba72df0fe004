//! The lines of a hex map: along hexsides (coastlines, the grid, country borders, the
//! outlines of set-up regions, rivers and straits) and between hex centres (hex sets drawn
//! as lines, rail lines).

use std::collections::BTreeSet;

use tiny_skia::{PathBuilder, Transform};

use super::features::is_strait;
use super::{Ctx, REGION_RED};
use crate::emit::art::canvas::{Canvas, Pen, Rgba};
use crate::layout::cartouche::setup_regions;
use crate::model::map::PlaceAt;
use crate::model::{HexCoord, HexGeometry, TerrainKind};

pub(super) fn lines(c: &mut Canvas, cx: &Ctx) {
    let sides = cx.sides();
    let w = (cx.dy / 64.0).max(0.6);
    // Coastlines.
    let mut coast = PathBuilder::new();
    for &(a, dir, b) in &sides {
        if cx.geo.contains(b) && cx.is_land(a) != cx.is_land(b) {
            let (p, q) = cx.side(a, dir);
            coast.move_to(p.0, p.1);
            coast.line_to(q.0, q.1);
        }
    }
    let water = cx
        .game
        .terrain
        .iter()
        .find(|t| t.kind == TerrainKind::Water)
        .map_or(Rgba(60, 110, 170, 255), |t| Rgba::of(t.colour).darker(0.45));
    if let Some(p) = coast.finish() {
        c.stroke_path(&p, &Pen::new(water, 1.6 * w), Transform::identity());
    }

    // The grid.
    let pen = Pen::new(Rgba(40, 40, 40, 110), 0.8 * w);
    if pen.width <= 1.0 {
        // A hairline, whose sides `tiny-skia` draws one by one: each hex's sides (those
        // towards a later neighbour or the outside) are painted once per set of sides and
        // laid at every hex, the way the fills are.
        let mut sides_of: Vec<(HexCoord, u32)> = Vec::new();
        for &(a, dir, _) in &sides {
            match sides_of.last_mut() {
                Some((h, mask)) if *h == a => *mask |= 1 << dir,
                _ => sides_of.push((a, 1 << dir)),
            }
        }
        let reach = cx.radius() + 1.0;
        for (h, mask) in sides_of {
            let key = ("hex sides", [mask, cx.dy.to_bits(), cx.turned(), 0]);
            c.sprite(key, cx.centre(h), reach, |c, x, y| {
                let k = cx.corners_at((x, y));
                let mut pb = PathBuilder::new();
                for dir in (0..6).filter(|d| mask & (1 << d) != 0) {
                    let (i, j) = HexGeometry::side_corners(dir);
                    pb.move_to(k[i].0, k[i].1);
                    pb.line_to(k[j].0, k[j].1);
                }
                if let Some(p) = pb.finish() {
                    c.stroke_path(&p, &pen, Transform::identity());
                }
            });
        }
    } else {
        // Wider: one path, so the sides' ends are not darkened twice where they meet.
        let mut grid = PathBuilder::new();
        for &(a, dir, _) in &sides {
            let (p, q) = cx.side(a, dir);
            grid.move_to(p.0, p.1);
            grid.line_to(q.0, q.1);
        }
        if let Some(p) = grid.finish() {
            c.stroke_path(&p, &pen, Transform::identity());
        }
    }

    // Country borders along land hexsides.
    let mut border = PathBuilder::new();
    for &(a, dir, b) in &sides {
        if cx.geo.contains(b)
            && cx.is_land(a)
            && cx.is_land(b)
            && cx.hm.hex(a).country != cx.hm.hex(b).country
        {
            let (p, q) = cx.side(a, dir);
            border.move_to(p.0, p.1);
            border.line_to(q.0, q.1);
        }
    }
    if let Some(p) = border.finish() {
        c.stroke_path(
            &p,
            &Pen::new(Rgba(255, 255, 255, 150), 4.5 * w),
            Transform::identity(),
        );
        c.stroke_path(
            &p,
            &Pen::new(Rgba(70, 40, 90, 230), 2.6 * w).dashed(&[9.0 * w, 3.5 * w, 2.5 * w, 3.5 * w]),
            Transform::identity(),
        );
    }

    // Set-up regions: the hex sets that set-up pools place units into.
    for set in setup_regions(cx.game, cx.map) {
        let members: BTreeSet<HexCoord> = cx.map.hex_sets[set]
            .members
            .iter()
            .filter_map(|p| match p {
                PlaceAt::Hex(h) => Some(*h),
                PlaceAt::Area(_) => None,
            })
            .collect();
        let mut pb = PathBuilder::new();
        for &h in &members {
            for (dir, n) in cx.geo.around(h).into_iter().enumerate() {
                if !members.contains(&n) {
                    // Drawn just inside the region so two neighbouring regions both show.
                    let (p, q) = cx.side(h, dir);
                    let (mx, my) = cx.centre(h);
                    let inset = |(x, y): (f32, f32)| (x + (mx - x) * 0.06, y + (my - y) * 0.06);
                    let (p, q) = (inset(p), inset(q));
                    pb.move_to(p.0, p.1);
                    pb.line_to(q.0, q.1);
                }
            }
        }
        if let Some(p) = pb.finish() {
            c.stroke_path(
                &p,
                &Pen::new(REGION_RED.alpha(220), 2.4 * w),
                Transform::identity(),
            );
        }
    }

    // Rivers and straits: the side of a hex towards a given neighbour is the same segment
    // around every hex's centre, so each kind of hexside is painted once per direction
    // and laid wherever it runs.
    let reach = cx.radius() + 3.0 * w;
    for (&(a, b), kinds) in &cx.hm.hexsides {
        let Some(dir) = cx.geo.around(a).iter().position(|n| *n == b) else {
            continue;
        };
        let (i, j) = HexGeometry::side_corners(dir);
        for (k, _) in kinds {
            let t = &cx.game.hexside_terrain[*k];
            let colour = Rgba::of(t.colour);
            let strait = is_strait(&t.id, &t.name);
            let key = (
                "hexside",
                [dir as u32, colour.packed(), w.to_bits(), u32::from(strait)],
            );
            c.sprite(key, cx.centre(a), reach, |c, x, y| {
                let k = cx.corners_at((x, y));
                let (p, q) = (k[i], k[j]);
                if strait {
                    c.line(p, q, &Pen::new(Rgba::WHITE.alpha(200), 5.0 * w));
                    c.line(
                        p,
                        q,
                        &Pen::new(colour, 3.0 * w)
                            .square()
                            .dashed(&[5.0 * w, 3.0 * w]),
                    );
                } else {
                    c.line(p, q, &Pen::new(colour, 4.0 * w));
                }
            });
        }
    }
}

/// The segments drawing a hex set as a line: one between every two adjacent hexes of the
/// set, so its shape is the designer's (a set without three mutually adjacent hexes draws
/// as clean branches).
fn set_segments(geo: &HexGeometry, set: &crate::model::map::HexSet) -> Vec<(HexCoord, HexCoord)> {
    let hexes: Vec<HexCoord> = set
        .members
        .iter()
        .filter_map(|m| match m {
            PlaceAt::Hex(h) => Some(*h),
            PlaceAt::Area(_) => None,
        })
        .collect();
    let mut out = Vec::new();
    for (i, a) in hexes.iter().enumerate() {
        for b in &hexes[i + 1..] {
            if geo.adjacent(*a, *b) {
                out.push((*a, *b));
            }
        }
    }
    out
}

/// Hex sets drawn as lines (`line = "#rrggbb"`): a pipeline, a road.
pub(super) fn set_lines(c: &mut Canvas, cx: &Ctx) {
    let w = (cx.dy / 64.0).max(0.6);
    for set in &cx.map.hex_sets {
        let Some(colour) = set.line else { continue };
        let casing = Pen::new(Rgba(250, 248, 240, 230), 5.0 * w);
        let pen = Pen::new(Rgba::of(colour), 3.0 * w);
        let segments = set_segments(cx.geo, set);
        for (a, b) in &segments {
            c.line(cx.centre(*a), cx.centre(*b), &casing);
        }
        for (a, b) in &segments {
            c.line(cx.centre(*a), cx.centre(*b), &pen);
        }
    }
}

pub(super) fn rails(c: &mut Canvas, cx: &Ctx) {
    let w = (cx.dy / 64.0).max(0.6);
    let pen = Pen::new(Rgba(25, 25, 25, 255), 1.6 * w);
    let tie = Pen::new(Rgba(25, 25, 25, 255), 1.1 * w).square();
    let spacing = 7.0 * w;
    let half = 3.2 * w;
    for rail in &cx.hm.rails {
        let pts: Vec<(f32, f32)> = rail.hexes.iter().map(|h| cx.centre(*h)).collect();
        if pts.len() < 2 {
            continue;
        }
        c.stroke_poly(&pts, false, &pen);
        // Cross ties at a regular spacing along the whole line.
        let mut carry = spacing / 2.0;
        for seg in pts.windows(2) {
            let (a, b) = (seg[0], seg[1]);
            let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
            if len <= 0.0 {
                continue;
            }
            let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
            // A tie across this segment's direction, painted once per direction (rails run
            // between hex centres, so there are few) and quarter pixel.
            let key = ("rail tie", [ux.to_bits(), uy.to_bits(), w.to_bits(), 0]);
            let mut d = carry;
            while d < len {
                let at = (a.0 + ux * d, a.1 + uy * d);
                c.sprite(key, at, half + tie.width, |c, x, y| {
                    c.line(
                        (x - uy * half, y + ux * half),
                        (x + uy * half, y - ux * half),
                        &tie,
                    );
                });
                d += spacing;
            }
            carry = d - len;
        }
    }
}

//! Drawing a hex map's cartouche: the framed box with the map's title, the game's title and
//! the legend, each line a small swatch drawn as the map draws it (a hex of the terrain
//! with its pattern, the city symbol, the badge, the hexside's line) and its name.
//!
//! What the legend lists, how large the box is and where it stands are the layout's
//! ([`crate::layout::cartouche`]); the map draws it inside its picture, the strip below the
//! map draws it there.

use super::canvas::{Canvas, Pen, Rgba};
use super::hex_map::{badge, badge_kind, city_kind, city_symbol, is_strait, REGION_RED};
use super::patterns::{self, Pattern};
use super::symbols::star_points;
use super::text::Align;
use crate::layout::cartouche::{entry_name, subtitle_of, Frame, LegendEntry};
use crate::layout::hex_layout;
use crate::model::{Game, MapId, MapKind, TerrainKind};

/// Draw the cartouche `frame` of a map with its top left corner at (`bx`, `by`).
pub fn draw(c: &mut Canvas, game: &Game, map: MapId, frame: &Frame, (bx, by): (f32, f32)) {
    let m = &game.maps[map];
    let MapKind::Hex(hm) = &m.kind else {
        return;
    };
    let layout = hex_layout(game, &hm.geometry);
    let (bw, bh) = frame.size;
    let dy = frame.dy;
    c.fill_rect(bx + 3.0, by + 3.0, bw, bh, Rgba(0, 0, 0, 60));
    c.fill_rect(bx, by, bw, bh, Rgba(0xfb, 0xf7, 0xea, 245));
    c.stroke_rect(
        bx,
        by,
        bw,
        bh,
        &Pen::new(Rgba(40, 40, 40, 255), 2.0).square(),
    );
    c.stroke_rect(
        bx + 4.0,
        by + 4.0,
        bw - 8.0,
        bh - 8.0,
        &Pen::new(Rgba(40, 40, 40, 255), 0.8).square(),
    );
    let mut y = by + frame.pad + frame.title.cap_height();
    c.text(
        &frame.title,
        &m.title,
        bx + bw / 2.0,
        y,
        Align::Centre,
        Rgba(20, 20, 20, 255),
    );
    if let Some(under) = subtitle_of(game, m) {
        y += dy * 0.2 + frame.subtitle.cap_height();
        c.text(
            &frame.subtitle,
            under,
            bx + bw / 2.0,
            y,
            Align::Centre,
            Rgba(80, 80, 80, 255),
        );
    }
    let top = y + dy * 0.25;
    let w1 = (dy / 64.0).max(0.6);
    let swatch = frame.swatch;
    for (i, e) in frame.entries.iter().enumerate() {
        let col = i / frame.per_column.max(1);
        let rw = i % frame.per_column.max(1);
        let x = bx + frame.pad + col as f32 * frame.column;
        let yc = top + rw as f32 * frame.row + frame.row / 2.0;
        let (sx, sy) = (x + swatch / 2.0, yc);
        match *e {
            LegendEntry::Terrain(t) => {
                let t = &game.terrain[t];
                // A feature drawn as its pattern stands on the paper, in its own colour.
                let (fill, ink) = if t.kind == TerrainKind::Feature {
                    (super::hex_map::PAPER, Rgba::of(t.colour))
                } else {
                    (Rgba::of(t.colour), Rgba::of(t.colour))
                };
                let k = hm
                    .geometry
                    .corners(&layout, (f64::from(sx), f64::from(sy)))
                    .map(|(a, b)| {
                        let (a, b) = (a as f32, b as f32);
                        (sx + (a - sx) * 0.38, sy + (b - sy) * 0.38)
                    });
                c.fill_poly(&k, fill);
                if let Some(p) = Pattern::parse(t.pattern.as_deref()) {
                    if p == Pattern::Hatching {
                        patterns::hatch(
                            c,
                            &k,
                            dy * 0.07,
                            &Pen::new(ink.darker(0.3), w1 * 0.8),
                            None,
                        );
                    } else {
                        patterns::motif(c, p, sx, sy, dy * 0.18, ink, 1);
                    }
                }
                c.stroke_poly(&k, true, &Pen::new(Rgba(40, 40, 40, 160), 0.8));
            }
            LegendEntry::Symbol(t) => {
                let t = &game.terrain[t];
                city_symbol(c, city_kind(t), Rgba::of(t.colour), sx, sy, dy * 0.9, false);
            }
            LegendEntry::Badge(t) => {
                let t = &game.terrain[t];
                badge(c, badge_kind(t), Rgba::of(t.colour), sx, sy, dy * 0.12);
            }
            LegendEntry::Capital => {
                let r = dy * 0.085;
                c.fill_circle(sx, sy, r, Rgba(90, 90, 90, 255));
                c.stroke_circle(sx, sy, r, &Pen::new(Rgba(20, 20, 20, 255), 1.3 * w1));
                c.fill_poly(&star_points(sx, sy, r * 0.8), Rgba::WHITE);
            }
            LegendEntry::Hexside(k) => {
                let t = &game.hexside_terrain[k];
                let (a, b) = ((x, sy), (x + swatch, sy));
                if is_strait(&t.id, &t.name) {
                    c.line(
                        a,
                        b,
                        &Pen::new(Rgba::of(t.colour), 3.0 * w1)
                            .square()
                            .dashed(&[5.0 * w1, 3.0 * w1]),
                    );
                } else {
                    c.line(a, b, &Pen::new(Rgba::of(t.colour), 4.0 * w1));
                }
            }
            LegendEntry::Rail => {
                c.line(
                    (x, sy),
                    (x + swatch, sy),
                    &Pen::new(Rgba(25, 25, 25, 255), 1.6 * w1),
                );
                let mut tx = x + 3.0 * w1;
                while tx < x + swatch {
                    c.line(
                        (tx, sy - 3.2 * w1),
                        (tx, sy + 3.2 * w1),
                        &Pen::new(Rgba(25, 25, 25, 255), 1.1 * w1).square(),
                    );
                    tx += 7.0 * w1;
                }
            }
            LegendEntry::SetLine(i) => {
                if let Some(colour) = m.hex_sets[i].line {
                    c.line(
                        (x, sy),
                        (x + swatch, sy),
                        &Pen::new(Rgba(250, 248, 240, 230), 5.0 * w1),
                    );
                    c.line(
                        (x, sy),
                        (x + swatch, sy),
                        &Pen::new(Rgba::of(colour), 3.0 * w1),
                    );
                }
            }
            LegendEntry::Border => {
                c.line(
                    (x, sy),
                    (x + swatch, sy),
                    &Pen::new(Rgba(70, 40, 90, 230), 2.6 * w1).dashed(&[
                        9.0 * w1,
                        3.5 * w1,
                        2.5 * w1,
                        3.5 * w1,
                    ]),
                );
            }
            LegendEntry::Region => {
                c.line((x, sy), (x + swatch, sy), &Pen::new(REGION_RED, 2.4 * w1));
            }
        }
        c.text(
            &frame.text,
            &entry_name(game, m, *e),
            x + swatch + dy * 0.15,
            yc + frame.text.cap_height() / 2.0,
            Align::Left,
            Rgba(20, 20, 20, 255),
        );
    }
}

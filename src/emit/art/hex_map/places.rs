//! The places of a hex map and the lettering over them: each place's symbol with the badges
//! of its tags, feature symbols in hexes without a place of their kind, each place's name
//! set where it covers least of the hex numbers, other names and symbols, and the hex
//! numbers, left out where a name lies over them.

use super::features::{badge, badge_kind, city_kind, city_symbol, CityKind};
use super::Ctx;
use crate::emit::art::canvas::{Canvas, Rgba};
use crate::emit::art::text::{Align, Face, Font};
use crate::layout::cartouche::{self, tag_features};
use crate::model::map::PlaceAt;
use crate::model::{HexCoord, Orientation, TerrainKind};

/// An axis-aligned rectangle (x0, y0, x1, y1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Left.
    pub x0: f32,
    /// Top.
    pub y0: f32,
    /// Right.
    pub x1: f32,
    /// Bottom.
    pub y1: f32,
}

impl Bounds {
    fn overlap(&self, o: &Bounds) -> f32 {
        let w = (self.x1.min(o.x1) - self.x0.max(o.x0)).max(0.0);
        let h = (self.y1.min(o.y1) - self.y0.max(o.y0)).max(0.0);
        w * h
    }

    fn grow(&self, d: f32) -> Bounds {
        Bounds {
            x0: self.x0 - d,
            y0: self.y0 - d,
            x1: self.x1 + d,
            y1: self.y1 + d,
        }
    }
}

/// A name to print, with where it goes.
pub(super) struct Label {
    text: String,
    font: Font,
    x: f32,
    baseline: f32,
    align: Align,
    bounds: Bounds,
}

fn text_bounds(font: &Font, text: &str, x: f32, baseline: f32, align: Align) -> Bounds {
    let w = font.width(text);
    let x0 = match align {
        Align::Left => x,
        Align::Centre => x - w / 2.0,
        Align::Right => x - w,
    };
    Bounds {
        x0,
        y0: baseline - font.cap_height() - 1.0,
        x1: x0 + w,
        y1: baseline + font.descent() * 0.6,
    }
}

fn number_bounds(cx: &Ctx, h: HexCoord) -> (String, Font, f32, f32, Bounds) {
    let text = cx.geo.number(h);
    let font = Font::new(Face::Regular, (cx.dy * 0.15).max(6.0));
    let (x, y) = cx.centre(h);
    // VASSAL's numbering prints the label centred, its top at the hex's top edge.
    let top = match cx.geo.orientation {
        Orientation::Columns => y - (cx.dy / 2.0).round(),
        Orientation::Rows => y - cx.dy * 0.45,
    };
    let baseline = top + 1.5 + font.cap_height();
    let b = text_bounds(&font, &text, x, baseline, Align::Centre);
    (text, font, x, baseline, b)
}

pub(super) fn places(c: &mut Canvas, cx: &Ctx) -> Vec<Label> {
    let dy = cx.dy;
    let mut symbols: Vec<Bounds> = Vec::new();
    let mut named: Vec<(usize, f32, f32, f32)> = Vec::new();
    // Symbols first (under every name).
    for (i, p) in cx.map.places.iter().enumerate() {
        let PlaceAt::Hex(h) = p.at else { continue };
        let t = &cx.game.terrain[p.kind];
        let (x, y) = cx.centre(h);
        let capital = p.tags.iter().any(|t| t == "capital");
        let r = city_symbol(c, city_kind(t), Rgba::of(t.colour), x, y, dy, capital);
        symbols.push(Bounds {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        });
        // Badges in a column beside the symbol, clear of the hex number and the name.
        let br = dy * 0.1;
        let features: Vec<usize> = tag_features(cx.game, p).collect();
        let n = features.len() as f32;
        for (k, f) in features.into_iter().enumerate() {
            let t = &cx.game.terrain[f];
            let (col, row) = ((k / 2) as f32, (k % 2) as f32);
            let bx = x + r + br * 1.2 + col * 2.1 * br;
            let by = y - (n.min(2.0) - 1.0) * br * 1.05 + row * 2.1 * br;
            badge(c, badge_kind(t), Rgba::of(t.colour), bx, by, br);
            symbols.push(Bounds {
                x0: bx - br,
                y0: by - br,
                x1: bx + br,
                y1: by + br,
            });
        }
        named.push((i, x, y, r));
    }
    // Feature terrain in hexes without a place of that kind.
    for h in cx.geo.coords() {
        for &f in &cx.hm.hex(h).features {
            let t = &cx.game.terrain[f];
            if t.kind != TerrainKind::Feature || cartouche::feature_drawn_as_pattern(cx.game, f) {
                continue;
            }
            let has_place = cx
                .map
                .places
                .iter()
                .any(|p| p.at == PlaceAt::Hex(h) && p.kind == f);
            if !has_place {
                let (x, y) = cx.centre(h);
                city_symbol(c, city_kind(t), Rgba::of(t.colour), x, y, dy, false);
            }
        }
    }
    let numbers: Vec<Bounds> = cx.geo.coords().map(|h| number_bounds(cx, h).4).collect();
    let (w, hgt) = (c.width() as f32, c.height() as f32);
    let mut labels: Vec<Label> = Vec::new();
    for (i, x, y, r) in named {
        let p = &cx.map.places[i];
        let major = city_kind(&cx.game.terrain[p.kind]) == CityKind::Major;
        let font = if major {
            Font::new(Face::Bold, dy * 0.19)
        } else {
            Font::new(Face::Bold, dy * 0.155)
        };
        let cap = font.cap_height();
        let candidates = [
            (x, y + r + cap + 2.0, Align::Centre),
            (x + r + 2.5, y + cap / 2.0, Align::Left),
            (x - r - 2.5, y + cap / 2.0, Align::Right),
            (x, y - r - 2.5, Align::Centre),
            (x + r + 1.0, y + r + cap + 1.0, Align::Left),
            (x - r - 1.0, y + r + cap + 1.0, Align::Right),
        ];
        let mut best: Option<(f32, Label)> = None;
        for (k, &(lx, lb, al)) in candidates.iter().enumerate() {
            let b = text_bounds(&font, &p.name, lx, lb, al);
            let mut score = k as f32 * 2.0;
            score += numbers.iter().map(|n| n.overlap(&b)).sum::<f32>();
            score += 10.0
                * labels
                    .iter()
                    .map(|l| l.bounds.overlap(&b.grow(1.0)))
                    .sum::<f32>();
            score += 10.0 * symbols.iter().map(|s| s.overlap(&b)).sum::<f32>();
            if b.x0 < 0.0 || b.y0 < 0.0 || b.x1 > w || b.y1 > hgt {
                score += 1e6;
            }
            if best.as_ref().is_none_or(|(s, _)| score < *s) {
                best = Some((
                    score,
                    Label {
                        text: p.name.clone(),
                        font,
                        x: lx,
                        baseline: lb,
                        align: al,
                        bounds: b,
                    },
                ));
            }
        }
        if let Some((_, l)) = best {
            labels.push(l);
        }
    }
    labels
}

pub(super) fn numbers(c: &mut Canvas, cx: &Ctx, labels: &[Label]) {
    let colour = Rgba(30, 30, 30, 210);
    for h in cx.geo.coords() {
        let (text, font, x, baseline, b) = number_bounds(cx, h);
        if labels.iter().any(|l| l.bounds.overlap(&b.grow(0.5)) > 0.0) {
            continue;
        }
        // A thin halo of the hex's own colour keeps rail lines off the digits.
        let halo = Rgba::of(cx.terrain(h).colour).alpha(200);
        c.text_halo(
            &font,
            &text,
            x,
            baseline,
            Align::Centre,
            colour,
            Some((halo, 1.0)),
        );
    }
}

pub(super) fn draw_labels(c: &mut Canvas, labels: &[Label]) {
    for l in labels {
        c.text_halo(
            &l.font,
            &l.text,
            l.x,
            l.baseline,
            l.align,
            Rgba(15, 15, 15, 255),
            Some((Rgba(255, 252, 240, 235), (l.font.size * 0.16).max(1.2))),
        );
    }
}

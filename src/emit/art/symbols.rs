//! NATO-style unit symbols and size markings, drawn as vector shapes.
//!
//! The symbol names are the closed vocabulary of `UnitType.symbol`. Conventions chosen where
//! NATO has none for a wargame: partisans are a box with a bold **P**, leaders a five-pointed
//! star without a box, air units a top-down aircraft silhouette (a bomber has straight wings
//! with two engines, a fighter swept wings), Diplomacy armies a cannon and fleets an anchor.

use tiny_skia::{PathBuilder, Transform};

use super::canvas::{Canvas, Pen, Rgba};
use super::text::{Align, Face, Font};
use crate::model::Size;

/// A unit symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    /// Crossed box.
    Infantry,
    /// Track oval.
    Armour,
    /// Cross and oval.
    Mechanized,
    /// One diagonal.
    Cavalry,
    /// Cross and a triangle at the foot.
    Mountain,
    /// Cross and wings.
    Airborne,
    /// Box with a bold P.
    Partisan,
    /// Dot.
    Artillery,
    /// Box on a flag staff.
    Headquarters,
    /// Star, no box.
    Leader,
    /// Swept-wing aircraft.
    Fighter,
    /// Straight-wing, two-engine aircraft.
    Bomber,
    /// No symbol: a marker is all text.
    Marker,
    /// Diplomacy army: a cannon.
    Army,
    /// Diplomacy fleet: an anchor.
    Fleet,
    /// An empty box.
    Plain,
    /// Nothing at all.
    None,
}

impl Symbol {
    /// The symbol for a `UnitType.symbol` name (unknown names give an empty box).
    pub fn parse(name: &str) -> Self {
        match name.to_ascii_lowercase().as_str() {
            "infantry" | "foot" => Symbol::Infantry,
            "armour" | "armor" | "tank" | "panzer" => Symbol::Armour,
            "mechanized" | "mechanised" | "mech" | "motorized" | "motorised" => Symbol::Mechanized,
            "cavalry" | "recon" | "reconnaissance" => Symbol::Cavalry,
            "mountain" => Symbol::Mountain,
            "airborne" | "parachute" => Symbol::Airborne,
            "partisan" | "guerrilla" => Symbol::Partisan,
            "artillery" => Symbol::Artillery,
            "headquarters" | "hq" => Symbol::Headquarters,
            "leader" => Symbol::Leader,
            "fighter" => Symbol::Fighter,
            "bomber" | "air" | "aircraft" => Symbol::Bomber,
            "marker" => Symbol::Marker,
            "army" => Symbol::Army,
            "fleet" | "navy" | "ship" => Symbol::Fleet,
            "none" => Symbol::None,
            _ => Symbol::Plain,
        }
    }

    /// Whether the symbol sits in the NATO frame (and gets size markings).
    pub fn boxed(self) -> bool {
        !matches!(
            self,
            Symbol::Leader
                | Symbol::Fighter
                | Symbol::Bomber
                | Symbol::Marker
                | Symbol::Army
                | Symbol::Fleet
                | Symbol::None
        )
    }

    /// Whether it is an aircraft.
    pub fn air(self) -> bool {
        matches!(self, Symbol::Fighter | Symbol::Bomber)
    }
}

type R = (f32, f32, f32, f32);

fn cross(c: &mut Canvas, (x, y, w, h): R, pen: &Pen) {
    c.line((x, y), (x + w, y + h), pen);
    c.line((x, y + h), (x + w, y), pen);
}

fn stadium(c: &mut Canvas, (x, y, w, h): R, pen: &Pen) {
    let ow = w * 0.66;
    let oh = h * 0.5;
    let ox = x + (w - ow) / 2.0;
    let oy = y + (h - oh) / 2.0;
    let r = oh / 2.0;
    let mut pb = PathBuilder::new();
    pb.move_to(ox + r, oy);
    pb.line_to(ox + ow - r, oy);
    pb.cubic_to(
        ox + ow - r + r * 0.55,
        oy,
        ox + ow,
        oy + r - r * 0.55,
        ox + ow,
        oy + r,
    );
    pb.cubic_to(
        ox + ow,
        oy + r + r * 0.55,
        ox + ow - r + r * 0.55,
        oy + oh,
        ox + ow - r,
        oy + oh,
    );
    pb.line_to(ox + r, oy + oh);
    pb.cubic_to(
        ox + r - r * 0.55,
        oy + oh,
        ox,
        oy + r + r * 0.55,
        ox,
        oy + r,
    );
    pb.cubic_to(ox, oy + r - r * 0.55, ox + r - r * 0.55, oy, ox + r, oy);
    pb.close();
    if let Some(p) = pb.finish() {
        c.stroke_path(&p, pen, Transform::identity());
    }
}

/// A five-pointed star path centred on a point.
pub fn star_points(cx: f32, cy: f32, r: f32) -> Vec<(f32, f32)> {
    (0..10)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
            let rr = if i % 2 == 0 { r } else { r * 0.4 };
            (cx + rr * a.cos(), cy + rr * a.sin())
        })
        .collect()
}

fn aircraft(c: &mut Canvas, (x, y, w, h): R, colour: Rgba, bomber: bool) {
    // Drawn in a 100×100 frame facing up, scaled into the rect.
    let s = (w / 100.0).min(h / 100.0);
    let ox = x + (w - 100.0 * s) / 2.0;
    let oy = y + (h - 100.0 * s) / 2.0;
    let p = |px: f32, py: f32| (ox + px * s, oy + py * s);
    let body: Vec<(f32, f32)> = if bomber {
        vec![
            p(50.0, 2.0),
            p(56.0, 10.0),
            p(57.0, 34.0),
            p(98.0, 44.0),
            p(98.0, 52.0),
            p(57.0, 52.0),
            p(55.0, 80.0),
            p(74.0, 88.0),
            p(74.0, 95.0),
            p(50.0, 92.0),
            p(26.0, 95.0),
            p(26.0, 88.0),
            p(45.0, 80.0),
            p(43.0, 52.0),
            p(2.0, 52.0),
            p(2.0, 44.0),
            p(43.0, 34.0),
            p(44.0, 10.0),
        ]
    } else {
        vec![
            p(50.0, 4.0),
            p(56.0, 16.0),
            p(57.0, 36.0),
            p(94.0, 62.0),
            p(94.0, 70.0),
            p(57.0, 60.0),
            p(55.0, 82.0),
            p(70.0, 92.0),
            p(70.0, 97.0),
            p(50.0, 93.0),
            p(30.0, 97.0),
            p(30.0, 92.0),
            p(45.0, 82.0),
            p(43.0, 60.0),
            p(6.0, 70.0),
            p(6.0, 62.0),
            p(43.0, 36.0),
            p(44.0, 16.0),
        ]
    };
    c.fill_poly(&body, colour);
    if bomber {
        for ex in [22.0, 78.0] {
            let (a, b) = (p(ex - 4.0, 34.0), p(ex + 4.0, 56.0));
            c.fill_rect(a.0, a.1, b.0 - a.0, b.1 - a.1, colour);
        }
    }
}

fn anchor(c: &mut Canvas, (x, y, w, h): R, colour: Rgba, lw: f32) {
    let cx = x + w / 2.0;
    let pen = Pen::new(colour, lw * 1.4);
    let top = y + h * 0.08;
    let bottom = y + h * 0.9;
    c.stroke_circle(cx, top + h * 0.08, h * 0.08, &pen);
    c.line((cx, top + h * 0.16), (cx, bottom), &pen);
    c.line(
        (cx - w * 0.22, y + h * 0.34),
        (cx + w * 0.22, y + h * 0.34),
        &pen,
    );
    let mut pb = PathBuilder::new();
    pb.move_to(cx - w * 0.36, y + h * 0.58);
    pb.quad_to(cx - w * 0.3, bottom + h * 0.02, cx, bottom);
    pb.quad_to(cx + w * 0.3, bottom + h * 0.02, cx + w * 0.36, y + h * 0.58);
    if let Some(path) = pb.finish() {
        c.stroke_path(&path, &pen, Transform::identity());
    }
}

fn cannon(c: &mut Canvas, (x, y, w, h): R, colour: Rgba, lw: f32) {
    let barrel = [
        (x + w * 0.08, y + h * 0.52),
        (x + w * 0.86, y + h * 0.18),
        (x + w * 0.92, y + h * 0.32),
        (x + w * 0.16, y + h * 0.7),
    ];
    c.fill_poly(&barrel, colour);
    let r = h * 0.24;
    let (wx, wy) = (x + w * 0.36, y + h * 0.7);
    c.fill_circle(wx, wy, r, colour.contrast().mix(colour, 0.0));
    c.stroke_circle(wx, wy, r, &Pen::new(colour, lw * 1.3));
    c.fill_circle(wx, wy, r * 0.25, colour);
}

/// Draw a symbol into `rect` (the NATO frame when the symbol is boxed).
pub fn draw_symbol(c: &mut Canvas, sym: Symbol, rect: R, colour: Rgba, lw: f32) {
    let pen = Pen::new(colour, lw).square();
    let (x, y, w, h) = rect;
    if sym.boxed() {
        c.stroke_rect(x, y, w, h, &pen);
    }
    let thin = Pen::new(colour, lw * 0.9);
    match sym {
        Symbol::Infantry => cross(c, rect, &thin),
        Symbol::Armour => stadium(c, rect, &thin),
        Symbol::Mechanized => {
            cross(c, rect, &thin);
            stadium(c, rect, &thin);
        }
        Symbol::Cavalry => c.line((x, y + h), (x + w, y), &thin),
        Symbol::Mountain => {
            cross(c, rect, &thin);
            let b = w * 0.22;
            c.fill_poly(
                &[
                    (x + w / 2.0 - b, y + h),
                    (x + w / 2.0, y + h * 0.5),
                    (x + w / 2.0 + b, y + h),
                ],
                colour,
            );
        }
        Symbol::Airborne => {
            cross(c, rect, &thin);
            let r = w * 0.1;
            let cx = x + w / 2.0;
            let y0 = y + h * 0.7;
            let mut pb = PathBuilder::new();
            pb.move_to(cx - 2.0 * r, y0);
            pb.quad_to(cx - r, y0 + r * 1.6, cx, y0);
            pb.quad_to(cx + r, y0 + r * 1.6, cx + 2.0 * r, y0);
            if let Some(p) = pb.finish() {
                c.stroke_path(&p, &thin, Transform::identity());
            }
        }
        Symbol::Partisan => {
            let f = Font::new(Face::Bold, h * 0.95);
            c.text(
                &f,
                "P",
                x + w / 2.0,
                y + h / 2.0 + f.cap_height() / 2.0,
                Align::Centre,
                colour,
            );
        }
        Symbol::Artillery => c.fill_circle(x + w / 2.0, y + h / 2.0, h * 0.2, colour),
        Symbol::Headquarters => {
            c.line((x, y), (x, y + h * 1.45), &pen);
            let f = Font::new(Face::Condensed, h * 0.62);
            c.text(
                &f,
                "HQ",
                x + w / 2.0,
                y + h / 2.0 + f.cap_height() / 2.0,
                Align::Centre,
                colour,
            );
        }
        Symbol::Leader => {
            let r = h.min(w) * 0.62;
            c.fill_poly(&star_points(x + w / 2.0, y + h / 2.0 + r * 0.08, r), colour);
        }
        Symbol::Fighter | Symbol::Bomber => {
            let s = h.max(w * 0.8) * 1.15;
            aircraft(
                c,
                (x + w / 2.0 - s / 2.0, y + h / 2.0 - s / 2.0, s, s),
                colour,
                sym == Symbol::Bomber,
            );
        }
        Symbol::Army => cannon(c, rect, colour, lw),
        Symbol::Fleet => anchor(c, rect, colour, lw),
        Symbol::Marker | Symbol::Plain | Symbol::None => {}
    }
}

/// Draw the size marking of a unit centred on `cx`, standing on `bottom`, `height` tall.
pub fn draw_size(c: &mut Canvas, size: Size, cx: f32, bottom: f32, height: f32, colour: Rgba) {
    #[derive(Clone, Copy)]
    enum Mark {
        X,
        I,
        Dot,
        Slashed,
    }
    let (mark, n) = match size {
        Size::Team => (Mark::Slashed, 1),
        Size::Squad => (Mark::Dot, 1),
        Size::Section => (Mark::Dot, 2),
        Size::Platoon => (Mark::Dot, 3),
        Size::Company => (Mark::I, 1),
        Size::Battalion => (Mark::I, 2),
        Size::Regiment => (Mark::I, 3),
        Size::Brigade => (Mark::X, 1),
        Size::Division => (Mark::X, 2),
        Size::Corps => (Mark::X, 3),
        Size::Army => (Mark::X, 4),
        Size::Front => (Mark::X, 5),
        Size::Region => (Mark::X, 6),
    };
    let lw = (height * 0.26).max(1.1);
    let pen = Pen::new(colour, lw).square();
    let (cell, gap) = match mark {
        Mark::X => (height * 0.8, height * 0.18),
        Mark::I => (lw, height * 0.45),
        Mark::Dot | Mark::Slashed => (height * 0.7, height * 0.3),
    };
    let total = cell * n as f32 + gap * (n as f32 - 1.0);
    let top = bottom - height;
    for i in 0..n {
        let x = cx - total / 2.0 + i as f32 * (cell + gap);
        match mark {
            Mark::X => {
                c.line((x, top), (x + cell, bottom), &pen);
                c.line((x, bottom), (x + cell, top), &pen);
            }
            Mark::I => c.line((x + cell / 2.0, top), (x + cell / 2.0, bottom), &pen),
            Mark::Dot => c.fill_circle(x + cell / 2.0, bottom - cell / 2.0, cell / 2.0, colour),
            Mark::Slashed => {
                let r = cell / 2.0;
                let (ccx, ccy) = (x + r, bottom - r);
                c.stroke_circle(ccx, ccy, r * 0.8, &Pen::new(colour, lw * 0.8));
                c.line(
                    (ccx - r, ccy + r),
                    (ccx + r, ccy - r),
                    &Pen::new(colour, lw * 0.8),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_symbols() {
        assert_eq!(Symbol::parse("infantry"), Symbol::Infantry);
        assert_eq!(Symbol::parse("Armor"), Symbol::Armour);
        assert_eq!(Symbol::parse("bomber"), Symbol::Bomber);
        assert_eq!(Symbol::parse("zeppelin"), Symbol::Plain);
        assert!(Symbol::Infantry.boxed() && !Symbol::Leader.boxed() && !Symbol::Marker.boxed());
    }

    #[test]
    fn every_symbol_draws_something_distinct() {
        let all = [
            Symbol::Infantry,
            Symbol::Armour,
            Symbol::Mechanized,
            Symbol::Cavalry,
            Symbol::Mountain,
            Symbol::Airborne,
            Symbol::Partisan,
            Symbol::Artillery,
            Symbol::Headquarters,
            Symbol::Leader,
            Symbol::Fighter,
            Symbol::Bomber,
            Symbol::Army,
            Symbol::Fleet,
        ];
        let mut seen = Vec::new();
        for s in all {
            let mut c = Canvas::new(40, 40, Rgba::WHITE);
            draw_symbol(&mut c, s, (6.0, 10.0, 28.0, 18.0), Rgba::BLACK, 1.5);
            let img = c.into_image();
            assert!(img.pixels().any(|p| p.0[0] < 128), "{s:?} draws nothing");
            assert!(!seen.contains(&img), "{s:?} looks like another symbol");
            seen.push(img);
        }
    }
}

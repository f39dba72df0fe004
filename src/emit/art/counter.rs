//! Counters: the front and back faces of every counter of the mix, and markers.
//!
//! A unit counter is laid out top to bottom on its nation's colours: the designation, the
//! size marking, the NATO symbol box, and the factors as the game prints them (`4-4-3`, or
//! `4-3` when attack equals defence and the class or the game's `[art]` sets
//! `compact-factors`; the movement factor circled in yellow for units that move in the
//! first phase; `5+3-5` for a class flagged `elite`). Leaders show a star and their command radius, air units an
//! aircraft with `(column shift)-range`. Backs: the other Level, drawn as a front of the back
//! class, for two-level counters; a reduced face with a coloured stripe across the top for
//! two-step units; the level number for other levelled units; the hidden text for
//! hidden units, otherwise a plain back. Markers are all text. Designer-supplied images
//! replace the generated faces.
//!
//! Every measure is given for a 60 px counter and scaled to `game.art.counter_size`.

use image::RgbaImage;

use super::canvas::{Canvas, Pen, Rgba};
use super::supplied;
use super::symbols::{draw_size, draw_symbol, Symbol};
use super::text::{Align, Face, Font};
use super::ArtError;
use crate::model::{Class, ClassId, CounterId, FactorId, Game};

/// Which face of a counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CounterFace {
    /// The front (full strength).
    Front,
    /// The back (reduced, level, hidden or plain).
    Back,
    /// The hidden side of a class that has both a back and hidden text.
    Hidden,
}

/// What the back of a counter shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Back {
    /// The other Level of a two-level counter: a full face of this class.
    OtherLevel(ClassId),
    /// The reduced face of a two-step unit.
    Reduced,
    /// The level number of a levelled unit.
    Level(u32),
    /// The hidden side.
    Hidden(String),
    /// Nothing but the colours.
    Plain,
}

/// What the back of a counter shows.
pub fn back_of(game: &Game, counter: CounterId) -> Back {
    let class = game.class_of(counter);
    if let Some(back) = game.counters[counter].back {
        Back::OtherLevel(back)
    } else if class.is_stepped() {
        Back::Reduced
    } else if let Some(l) = class.level {
        Back::Level(l)
    } else if let Some(h) = &class.hidden {
        Back::Hidden(h.clone())
    } else {
        Back::Plain
    }
}

/// Whether a counter has a back face worth flipping to in a module (a plain back is only
/// for the printed sheet).
pub fn has_back_face(game: &Game, counter: CounterId) -> bool {
    game.class_of(counter).back_image.is_some() || back_of(game, counter) != Back::Plain
}

/// Whether a counter has a separate hidden face (hidden text besides a reduced or level back).
pub fn has_hidden_face(game: &Game, counter: CounterId) -> bool {
    let class = game.class_of(counter);
    class.hidden.is_some() && !matches!(back_of(game, counter), Back::Hidden(_))
}

/// The file name (under the output folder) of a face, e.g. `counters/sov-1-guards-back.png`.
pub fn file_name(game: &Game, counter: CounterId, face: CounterFace) -> String {
    let id = super::safe_name(&game.counters[counter].id);
    match face {
        CounterFace::Front => format!("counters/{id}.png"),
        CounterFace::Back => format!("counters/{id}-back.png"),
        CounterFace::Hidden => format!("counters/{id}-hidden.png"),
    }
}

/// The faces rendered for a counter, in order: no back for a one-sided counter (a plain
/// back, which only the printed sheet shows).
pub fn faces(game: &Game, counter: CounterId) -> Vec<CounterFace> {
    let mut v = vec![CounterFace::Front];
    if has_back_face(game, counter) {
        v.push(CounterFace::Back);
    }
    if has_hidden_face(game, counter) {
        v.push(CounterFace::Hidden);
    }
    v
}

/// The colours of a counter: background, text, symbol.
pub fn colours(game: &Game, class: &Class) -> (Rgba, Rgba, Rgba) {
    if let Some(n) = class.nation {
        let n = &game.nations[n];
        (Rgba::of(n.background), Rgba::of(n.text), Rgba::of(n.symbol))
    } else if let Some(s) = class.side {
        let bg = Rgba::of(game.sides[s].colour);
        (bg, bg.contrast(), bg.contrast())
    } else {
        let bg = Rgba(0xf3, 0xec, 0xd2, 255);
        (bg, Rgba::BLACK, Rgba::BLACK)
    }
}

/// Render one face of a counter at the game's counter size.
pub fn render_face(
    game: &Game,
    counter: CounterId,
    face: CounterFace,
) -> Result<RgbaImage, ArtError> {
    let size = game.art.counter_size.max(8);
    let c = &game.counters[counter];
    let class = game.class_of(counter);
    let supplied_path = match face {
        CounterFace::Front => c.image.as_ref().or(class.image.as_ref()),
        CounterFace::Back => match c.back {
            Some(k) => game.classes[k].image.as_ref(),
            None => class.back_image.as_ref(),
        },
        CounterFace::Hidden => None,
    };
    if let Some(p) = supplied_path {
        return supplied::load_scaled(p, size, size);
    }
    let mut canvas = Canvas::new(size, size, colours(game, class).0);
    let painter = Painter::new(game, counter, size as f32);
    match face {
        CounterFace::Front => painter.front(&mut canvas),
        CounterFace::Back => match back_of(game, counter) {
            Back::OtherLevel(k) => painter.of_class(&game.classes[k]).unit(&mut canvas, false),
            Back::Reduced => painter.unit(&mut canvas, true),
            Back::Level(l) => painter.level(&mut canvas, l),
            Back::Hidden(t) => painter.hidden(&mut canvas, &t),
            Back::Plain => painter.plain(&mut canvas),
        },
        CounterFace::Hidden => painter.hidden(&mut canvas, class.hidden.as_deref().unwrap_or("?")),
    }
    painter.border(&mut canvas);
    Ok(canvas.into_image())
}

/// One printed part of the factor line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// Text.
    pub text: String,
    /// Circled in yellow (moves in the first phase).
    pub circled: bool,
}

/// The factor line of a face as printed, in parts joined by `-` (or a space for leaders).
pub fn factor_parts(
    game: &Game,
    class: &Class,
    values: &[(FactorId, i64)],
) -> (Vec<Part>, &'static str) {
    let id = |f: FactorId| game.factors[f].id.as_str();
    let get = |name: &str| values.iter().find(|(f, _)| id(*f) == name).map(|(_, v)| *v);
    let symbol = Symbol::parse(&game.unit_types[class.unit_type].symbol);
    let plain = |v: i64| Part {
        text: v.to_string(),
        circled: false,
    };
    let (a, d, m) = (
        get("attack"),
        get("defence").or_else(|| get("defense")),
        get("movement"),
    );
    let core = ["attack", "defence", "defense", "movement"];
    if a.is_some() || d.is_some() {
        let mut parts = Vec::new();
        match (a, d) {
            // An elite unit prints a `+` between its attack and defence (always both).
            (Some(a), Some(d)) if class.has_flag("elite") => parts.push(Part {
                text: format!("{a}+{d}"),
                circled: false,
            }),
            // Attack and defence printed once when equal (`4-3` for 4-4-3), when the class
            // or the game asks for the compact form.
            (Some(a), Some(d))
                if a == d && class.compact_factors.unwrap_or(game.art.compact_factors) =>
            {
                parts.push(plain(a))
            }
            (a, d) => parts.extend(a.into_iter().chain(d).map(plain)),
        }
        if let Some(m) = m {
            parts.push(Part {
                text: m.to_string(),
                circled: class.has_flag("first-phase-move"),
            });
        }
        parts.extend(
            values
                .iter()
                .filter(|(f, _)| !core.contains(&id(*f)))
                .map(|(_, v)| plain(*v)),
        );
        return (parts, "-");
    }
    if symbol == Symbol::Leader {
        let parts = values
            .iter()
            .map(|(f, v)| Part {
                text: format!("{} {v}", game.factors[*f].abbreviation),
                circled: false,
            })
            .collect();
        return (parts, "  ");
    }
    let parts = values
        .iter()
        .map(|(f, v)| {
            if id(*f) == "column-shift" || id(*f) == "shift" {
                Part {
                    text: format!("({v})"),
                    circled: false,
                }
            } else {
                Part {
                    text: v.to_string(),
                    circled: id(*f) == "movement" && class.has_flag("first-phase-move"),
                }
            }
        })
        .collect();
    (parts, "-")
}

#[derive(Clone, Copy)]
struct Painter<'a> {
    game: &'a Game,
    counter: CounterId,
    class: &'a Class,
    s: f32,
    k: f32,
    bg: Rgba,
    fg: Rgba,
    sym: Rgba,
}

impl<'a> Painter<'a> {
    fn new(game: &'a Game, counter: CounterId, s: f32) -> Self {
        let class = game.class_of(counter);
        let (bg, fg, sym) = colours(game, class);
        Self {
            game,
            counter,
            class,
            s,
            k: s / 60.0,
            bg,
            fg,
            sym,
        }
    }

    /// The same counter painting another class's face (the back of a two-level counter).
    fn of_class(&self, class: &'a Class) -> Self {
        Self { class, ..*self }
    }

    fn symbol(&self) -> Symbol {
        Symbol::parse(&self.game.unit_types[self.class.unit_type].symbol)
    }

    fn designation(&self) -> String {
        let c = &self.game.counters[self.counter];
        c.designation.clone().unwrap_or_else(|| c.name.clone())
    }

    /// A thin outline for text whose colour is too close to what it is printed on.
    fn halo(&self, colour: Rgba) -> Option<(Rgba, f32)> {
        let on = self.bg;
        let (a, b) = (colour.luminance(), on.luminance());
        let ratio = (a.max(b) + 0.05) / (a.min(b) + 0.05);
        (ratio < 2.2).then(|| {
            (
                if a > 0.45 { Rgba::BLACK } else { Rgba::WHITE }.alpha(200),
                0.9 * self.k,
            )
        })
    }

    /// A line width that lands on whole pixels.
    fn lw(&self) -> f32 {
        (1.6 * self.k).round().max(1.0)
    }

    fn border(&self, c: &mut Canvas) {
        let pen = Pen::new(self.bg.darker(0.45), 1.0).square();
        c.stroke_rect(0.5, 0.5, self.s - 1.0, self.s - 1.0, &pen);
    }

    fn front(&self, c: &mut Canvas) {
        if self.symbol() == Symbol::Marker {
            self.marker(c);
        } else {
            self.unit(c, false);
        }
    }

    fn unit(&self, c: &mut Canvas, reduced: bool) {
        let k = self.k;
        let s = self.s;
        let pad = 3.0 * k;
        let symbol = self.symbol();
        let mut text_colour = self.fg;
        if reduced {
            // The stripe: text colour across the top, the designation in the background colour.
            c.fill_rect(0.0, 0.0, s, 13.5 * k, self.fg);
            text_colour = if self.halo(self.fg).is_some() {
                self.fg.contrast()
            } else {
                self.bg
            };
        }
        let f = Font::new(Face::Condensed, 10.5 * k);
        let des = self.designation();
        let f = f.fit(&des, s - 2.0 * pad, 6.0 * k);
        let halo = if reduced {
            None
        } else {
            self.halo(text_colour)
        };
        c.text_halo(
            &f,
            &des,
            s / 2.0,
            10.5 * k,
            Align::Centre,
            text_colour,
            halo,
        );

        // The symbol box, on whole pixels so its frame is crisp.
        let lw = self.lw();
        let off = if lw as i32 % 2 == 1 { 0.5 } else { 0.0 };
        let (bw, bh) = ((28.0 * k).round(), (18.0 * k).round());
        let bx = ((s - bw) / 2.0).round() + off;
        let by = (21.0 * k).round() + off;
        if symbol.boxed() {
            if let Some(size) = self.class.size {
                draw_size(c, size, s / 2.0, by - 2.0 * k, 5.5 * k, self.sym);
            }
            if let Some((h, hw)) = self.halo(self.sym) {
                draw_symbol(c, symbol, (bx, by, bw, bh), h.alpha(150), lw + hw * 1.6);
            }
            draw_symbol(c, symbol, (bx, by, bw, bh), self.sym, lw);
        } else {
            draw_symbol(
                c,
                symbol,
                (bx, by - 2.0 * k, bw, bh + 2.0 * k),
                self.sym,
                lw,
            );
        }

        let values: &[(FactorId, i64)] = if reduced {
            self.class
                .faces
                .back
                .as_deref()
                .unwrap_or(&self.class.faces.front)
        } else {
            &self.class.faces.front
        };
        self.factors(c, values);
    }

    fn factors(&self, c: &mut Canvas, values: &[(FactorId, i64)]) {
        let k = self.k;
        let s = self.s;
        let (parts, sep) = factor_parts(self.game, self.class, values);
        if parts.is_empty() {
            return;
        }
        let line: String = parts
            .iter()
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join(sep);
        let f = Font::new(Face::Condensed, 16.0 * k).fit(&line, s - 6.0 * k, 8.0 * k);
        let baseline = 54.5 * k;
        let r = f.cap_height() * 0.5 + 3.0 * k;
        // A circled part needs room for its circle on both sides.
        let room = |p: &Part| {
            let w = f.width(&p.text);
            if p.circled {
                (r - w / 2.0 + 0.8 * k).max(0.0)
            } else {
                0.0
            }
        };
        let total = f.width(&line) + parts.iter().map(|p| 2.0 * room(p)).sum::<f32>();
        let mut x = (s - total) / 2.0;
        let halo = self.halo(self.fg);
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                let w = f.width(sep);
                c.text_halo(&f, sep, x, baseline, Align::Left, self.fg, halo);
                x += w;
            }
            let w = f.width(&p.text);
            x += room(p);
            if p.circled {
                let (cx, cy) = (x + w / 2.0, baseline - f.cap_height() / 2.0);
                c.fill_circle(cx, cy, r, Rgba(0xff, 0xd8, 0x1a, 255));
                c.stroke_circle(cx, cy, r, &Pen::new(Rgba::BLACK.alpha(150), 0.8 * k));
                c.text(&f, &p.text, x, baseline, Align::Left, Rgba::BLACK);
            } else {
                c.text_halo(&f, &p.text, x, baseline, Align::Left, self.fg, halo);
            }
            x += w + room(p);
        }
    }

    fn level(&self, c: &mut Canvas, level: u32) {
        let k = self.k;
        let s = self.s;
        let des = self.designation();
        let f = Font::new(Face::Condensed, 10.5 * k).fit(&des, s - 6.0 * k, 6.0 * k);
        c.text(&f, &des, s / 2.0, 10.5 * k, Align::Centre, self.fg);
        let big = Font::new(Face::Bold, 30.0 * k);
        let r = 15.0 * k;
        c.stroke_circle(s / 2.0, 32.0 * k, r, &Pen::new(self.fg, self.lw()));
        c.text(
            &big,
            &level.to_string(),
            s / 2.0,
            32.0 * k + big.cap_height() / 2.0,
            Align::Centre,
            self.fg,
        );
        let small = Font::new(Face::Condensed, 8.0 * k);
        c.text(&small, "LEVEL", s / 2.0, 56.0 * k, Align::Centre, self.fg);
    }

    fn hidden(&self, c: &mut Canvas, text: &str) {
        let k = self.k;
        c.text_in_box(
            Font::new(Face::Bold, 16.0 * k),
            text,
            (4.0 * k, 4.0 * k, self.s - 8.0 * k, self.s - 8.0 * k),
            self.fg,
            7.0 * k,
            3,
        );
    }

    fn plain(&self, c: &mut Canvas) {
        let k = self.k;
        let label = if let Some(n) = self.class.nation {
            self.game.nations[n].abbreviation.clone()
        } else if let Some(sd) = self.class.side {
            self.game.sides[sd].name.clone()
        } else {
            String::new()
        };
        if !label.is_empty() {
            let f = Font::new(Face::Bold, 14.0 * k).fit(&label, self.s - 10.0 * k, 6.0 * k);
            c.text(
                &f,
                &label,
                self.s / 2.0,
                self.s / 2.0 + f.cap_height() / 2.0,
                Align::Centre,
                self.fg.mix(self.bg, 0.55),
            );
        }
    }

    fn marker(&self, c: &mut Canvas) {
        let k = self.k;
        let s = self.s;
        let cnt = &self.game.counters[self.counter];
        let name = cnt.name.to_uppercase();
        match cnt.designation.as_deref() {
            Some(d) if !d.eq_ignore_ascii_case(&cnt.name) => {
                c.text_in_box(
                    Font::new(Face::Condensed, 8.5 * k),
                    &name,
                    (3.0 * k, 3.0 * k, s - 6.0 * k, 18.0 * k),
                    self.fg,
                    6.0 * k,
                    2,
                );
                c.fill_rect(6.0 * k, 22.5 * k, s - 12.0 * k, 1.0 * k, self.fg.alpha(160));
                c.text_in_box(
                    Font::new(Face::Bold, 20.0 * k),
                    d,
                    (3.0 * k, 26.0 * k, s - 6.0 * k, 29.0 * k),
                    self.fg,
                    8.0 * k,
                    2,
                );
            }
            _ => {
                c.text_in_box(
                    Font::new(Face::Bold, 15.0 * k),
                    &name,
                    (3.0 * k, 3.0 * k, s - 6.0 * k, s - 6.0 * k),
                    self.fg,
                    6.0 * k,
                    3,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The printed factor line of the mini game's first class with an attack and a defence
    /// factor, with `flags` added to it.
    fn line_with(flags: &[&str]) -> String {
        let game = crate::testgame::mini();
        let id = |f: FactorId| game.factors[f].id.as_str();
        let mut class = game
            .classes
            .iter()
            .find(|k| {
                let has = |n: &str| k.faces.front.iter().any(|(f, _)| id(*f) == n);
                has("attack") && (has("defence") || has("defense"))
            })
            .expect("a class with attack and defence")
            .clone();
        class.flags.extend(flags.iter().map(|f| f.to_string()));
        let (parts, sep) = factor_parts(&game, &class, &class.faces.front);
        parts
            .iter()
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// The printed factor line of a class's front face.
    fn line_of(game: &Game, class: &Class) -> String {
        let (parts, sep) = factor_parts(game, class, &class.faces.front);
        parts
            .iter()
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join(sep)
    }

    #[test]
    fn equal_attack_and_defence_print_all_three_numbers_unless_compact_is_asked() {
        let mut game = crate::testgame::mini();
        let id = |g: &Game, f: FactorId| g.factors[f].id.clone();
        let class = game
            .classes
            .iter()
            .find(|k| {
                let get = |n: &str| {
                    k.faces
                        .front
                        .iter()
                        .find(|(f, _)| id(&game, *f) == n)
                        .map(|(_, v)| *v)
                };
                get("attack").is_some()
                    && get("attack") == get("defence").or_else(|| get("defense"))
                    && get("movement").is_some()
            })
            .expect("a class whose attack equals its defence")
            .clone();
        let full = line_of(&game, &class);
        assert_eq!(full.split('-').count(), 3, "{full}");
        let (a, rest) = full.split_once('-').unwrap_or_default();
        assert!(rest.starts_with(&format!("{a}-")), "{full}");

        // The game's opt-in prints attack and defence once.
        game.art.compact_factors = true;
        let compact = line_of(&game, &class);
        assert_eq!(compact, format!("{a}-{}", rest.split_once('-').unwrap().1));

        // A class's own choice overrides the game's, either way.
        let mut own = class.clone();
        own.compact_factors = Some(false);
        assert_eq!(line_of(&game, &own), full);
        game.art.compact_factors = false;
        own.compact_factors = Some(true);
        assert_eq!(line_of(&game, &own), compact);
    }

    #[test]
    fn the_great_patriotic_war_keeps_its_compact_factors() {
        let game = crate::testgame::example("great-patriotic-war");
        assert!(game.art.compact_factors);
        let mini = crate::testgame::mini();
        assert!(!mini.art.compact_factors, "off unless asked");
    }

    #[test]
    fn an_elite_unit_prints_a_plus_between_attack_and_defence() {
        let plain = line_with(&[]);
        let elite = line_with(&["elite"]);
        assert!(!plain.contains('+'), "{plain}");
        assert_eq!(elite.matches('+').count(), 1, "{elite}");
        // The same numbers, attack and defence both printed even when equal.
        let digits = |s: &str| s.split(['-', '+']).count();
        assert!(digits(&elite) >= digits(&plain), "{plain} / {elite}");
        assert!(
            elite.split('-').next().unwrap_or("").contains('+'),
            "{elite}"
        );
    }
}

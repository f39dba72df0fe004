//! The generated material a directive inserts into the published rules, as HTML fragments
//! built from the game's data: the same chart content the module's chart window shows
//! ([`crate::emit::vassal::charts`], in its web flavour), and what only the rules show —
//! the counter manifest, a scenario's order of battle with its set-up map, the turn record
//! with the scenario's schedule, tracks, powers and optional rules.
//!
//! A fragment names the pictures it shows by file; [`Pictures`] collects them so the site
//! renders each once.
//!
//! This file holds the pictures, the escaping every fragment shares, and each directive's
//! material on the web ([`render`]) with its anchor. The maps and their insets are in
//! `maps.rs`, the counter manifest in `manifest.rs`, a scenario's set-up and order of battle
//! in `scenario.rs`, the turn record and the tracks in `turn_record.rs`, the powers of a game
//! of written orders in `powers.rs`, the optional rules and the victory conditions in
//! `rules.rs`; `headings.rs` fits the material's headings and tables to the page it stands
//! in, and `swing.rs` writes the material for VASSAL's help pages.

mod headings;
mod manifest;
mod maps;
mod powers;
mod provinces;
mod rules;
mod scenario;
mod swing;
mod turn_record;

use std::collections::BTreeMap;

use quick_xml::escape::{escape, partial_escape};

use crate::emit::art::counter::{file_name, CounterFace};
use crate::emit::charts;
use crate::emit::charts::html::Flavour;
use crate::model::rulebook::Directive;
use crate::model::{CounterId, Game, MapId};

pub use headings::nested_headings;
pub use maps::{inset_rect, inset_width_mm, INSET_NUMBER_PT};
pub use swing::{render_swing, ModuleFaces};

/// A picture the site must render, by what it shows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Picture {
    /// A map as the module shows it.
    Map(MapId),
    /// A map with a scenario's counters where they start.
    Setup {
        /// The scenario.
        scenario: usize,
        /// The map.
        map: MapId,
    },
    /// One face of a counter, at the game's counter size.
    Counter(CounterId, Face),
    /// One face of a counter drawn [`SHARP`] times larger: for high-density screens
    /// (`srcset`) and the printed booklet (at least 300 dpi at its printed size).
    SharpCounter(CounterId, Face),
    /// A part of a map's picture for the booklet, where the whole map at page width would
    /// print its hex numbers too small: the rectangle `x, y, w, h` (pixels) of the map.
    MapPart {
        /// The map.
        map: MapId,
        /// The part's number, from 1 (for its file name).
        part: usize,
        /// The rectangle of the map it shows, in pixels.
        rect: [u32; 4],
    },
    /// A part of a map's picture shown larger (`{{map inset …}}`): the rectangle `x, y, w,
    /// h` (pixels) of the map.
    MapInset {
        /// The map.
        map: MapId,
        /// The rectangle of the map it shows, in pixels.
        rect: [u32; 4],
    },
    /// A picture file of the game the prose shows, by its path in the game directory.
    File(String),
}

/// How many times larger than the game's counter size a counter face is drawn for print and
/// high-density screens: a 60 px counter printed 12.6 mm high (3.4 em of 10.5 pt) becomes
/// 180 px, 363 dpi.
pub const SHARP: u32 = 3;

/// A counter face, orderable (for the picture list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Face {
    /// The front.
    Front,
    /// The back.
    Back,
}

impl Face {
    /// The art backend's face.
    pub fn art(self) -> CounterFace {
        match self {
            Face::Front => CounterFace::Front,
            Face::Back => CounterFace::Back,
        }
    }
}

/// The pictures the pages show, by file name under `images/`.
#[derive(Debug, Clone, Default)]
pub struct Pictures {
    /// File name (relative to the site) → what to draw there.
    pub wanted: BTreeMap<String, Picture>,
}

impl Pictures {
    /// The site-relative file of a picture, asking for it to be drawn.
    pub fn file(&mut self, game: &Game, p: Picture) -> String {
        let name = match &p {
            Picture::Map(m) => format!("images/map-{}.png", safe(&game.maps[*m].id)),
            Picture::MapPart { map, part, .. } => {
                format!(
                    "images/map-{}-part-{part:02}.png",
                    safe(&game.maps[*map].id)
                )
            }
            Picture::MapInset { map, rect } => format!(
                "images/map-{}-inset-{}-{}-{}-{}.png",
                safe(&game.maps[*map].id),
                rect[0],
                rect[1],
                rect[2],
                rect[3]
            ),
            Picture::Setup { scenario, map } => format!(
                "images/setup-{}-{}.png",
                safe(&game.scenarios[*scenario].id),
                safe(&game.maps[*map].id)
            ),
            Picture::Counter(c, f) => format!("images/{}", file_name(game, *c, f.art())),
            Picture::SharpCounter(c, f) => {
                let name = file_name(game, *c, f.art());
                let stem = name.strip_suffix(".png").unwrap_or(&name);
                format!("images/{stem}@{SHARP}x.png")
            }
            Picture::File(rel) => {
                let (stem, ext) = rel.rsplit_once('.').unwrap_or((rel.as_str(), "png"));
                format!("images/prose/{}.{}", safe(stem), ext.to_ascii_lowercase())
            }
        };
        self.wanted.entry(name.clone()).or_insert(p);
        name
    }
}

fn safe(id: &str) -> String {
    crate::emit::art::safe_name(id)
}

/// Text escaped for an element's content (`& < >`; quotes stay as typed, which every reader,
/// Swing's HTML 3.2 too, understands).
fn t(s: &str) -> String {
    partial_escape(s).into_owned()
}

/// Text escaped for an attribute value in double quotes.
fn attr(s: &str) -> String {
    escape(s).into_owned()
}

/// The HTML of a directive's material, wrapped in an element with the anchor `id`; each
/// table's header row in a `<thead>` (a printed table longer than a page repeats it on each
/// page) and its other rows in a `<tbody>`.
pub fn render(game: &Game, d: &Directive, id: &str, pictures: &mut Pictures) -> String {
    let (class, inner) = web(game, d, pictures);
    let inner = headings::captions(&headings::header_groups(&inner));
    let id = attr(id);
    format!("<div class=\"material {class}\" id=\"{id}\">\n{inner}</div>\n")
}

/// The class and content of a directive's material on the web.
fn web(game: &Game, d: &Directive, pictures: &mut Pictures) -> (&'static str, String) {
    match d {
        Directive::Crt(i) => ("crt", charts::crt_page(game, *i, Flavour::Web).body),
        Directive::Chart(i) => ("chart", charts::other_chart(game, *i, Flavour::Web).body),
        Directive::Terrain => ("tec", charts::terrain_page(game, Flavour::Web).body),
        Directive::Sequence => ("sequence", charts::sequence_page(game, Flavour::Web).body),
        Directive::Turns(s) => ("turns", turn_record::turns(game, s.unwrap_or(0))),
        Directive::Track(i) => ("track", turn_record::track(game, *i)),
        Directive::Map(m) => ("map", maps::map(game, *m, pictures)),
        Directive::MapInset { map, places, named } => {
            ("map-inset", maps::map_inset(game, *map, places, named, pictures))
        }
        Directive::Counters(side) => ("counters", manifest::counters(game, *side, pictures)),
        Directive::Counter(c) => ("counter", manifest::counter(game, *c, pictures)),
        Directive::Setup(s) => ("setup", scenario::setup(game, *s, pictures)),
        Directive::Powers(s) => ("powers", powers::powers(game, s.unwrap_or(0))),
        Directive::Provinces(m) => ("provinces", provinces::provinces(game, *m)),
        Directive::Options => ("options", rules::options(game)),
        Directive::Victory => ("victory", rules::victory(game)),
        Directive::LeftOut { kind, id, option } => (
            "left-out",
            format!(
                "<p class=\"note\">The {} <code>{}</code> belongs to the optional rule <code>{}</code>, \
                 which is off in this edition; publish with <code>--option {}</code> to show it.</p>\n",
                t(kind),
                t(id),
                t(option),
                t(option)
            ),
        ),
    }
}

/// The anchor a directive's material gets on its page (made unique by the caller).
pub fn anchor(game: &Game, d: &Directive) -> String {
    let sc = |s: &Option<usize>| s.map_or(String::new(), |s| format!("-{}", game.scenarios[s].id));
    let raw = match d {
        Directive::Crt(i) => format!("crt-{}", game.crts[*i].id),
        Directive::Chart(i) => format!("chart-{}", game.charts[*i].id),
        Directive::Terrain => "tec".into(),
        Directive::Sequence => "sequence".into(),
        Directive::Turns(s) => format!("turns{}", sc(s)),
        Directive::Track(i) => format!("track-{}", game.tracks[*i].id),
        Directive::Map(m) => format!("map-{}", game.maps[*m].id),
        Directive::MapInset { map, named, .. } => {
            format!(
                "map-{}-inset-{}",
                game.maps[*map].id,
                named.replace(' ', "-")
            )
        }
        Directive::Counters(s) => match s {
            Some(s) => format!("counters-{}", game.sides[*s].id),
            None => "counters".into(),
        },
        Directive::Counter(c) => format!("counter-{}", game.counters[*c].id),
        Directive::Setup(s) => format!("setup-{}", game.scenarios[*s].id),
        Directive::Powers(s) => format!("powers{}", sc(s)),
        Directive::Provinces(m) => format!("provinces-{}", game.maps[*m].id),
        Directive::Options => "options".into(),
        Directive::Victory => "victory".into(),
        Directive::LeftOut { kind, id, .. } => format!("{kind}-{id}"),
    };
    safe(&raw)
}

fn figure(src: &str, alt: &str, caption: &str) -> String {
    let src = attr(src);
    format!(
        "<figure><a href=\"{src}\"><img src=\"{src}\" alt=\"{}\" loading=\"lazy\"></a>\
         <figcaption>{} <a href=\"{src}\">Full size</a></figcaption></figure>\n",
        attr(alt),
        t(caption)
    )
}

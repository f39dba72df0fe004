//! The generated material a directive inserts into the published rules, as HTML fragments
//! built from the game's data: the same chart content the module's chart window shows
//! ([`crate::emit::vassal::charts`], in its web flavour), and what only the rules show —
//! the counter manifest, a scenario's order of battle with its set-up map, the turn record
//! with the scenario's schedule, tracks, powers and optional rules.
//!
//! A fragment names the pictures it shows by file; [`Pictures`] collects them so the site
//! renders each once.

use std::collections::BTreeMap;

use quick_xml::escape::{escape, partial_escape};

use crate::emit::art::counter::{file_name, has_back_face, CounterFace};
use crate::emit::charts;
use crate::emit::charts::html::Flavour;
use crate::layout::vassal::written_orders;
use crate::model::rulebook::Directive;
use crate::model::{CounterId, Game, Location, MapId, MapKind, PoolKind, Scenario};

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
    let inner = captions(&header_groups(&inner));
    let id = attr(id);
    format!("<div class=\"material {class}\" id=\"{id}\">\n{inner}</div>\n")
}

/// The tables of generated material (each written as `<table …>` + a line break, then rows
/// of one line each) with their first row in a `<thead>` when it is a row of column
/// headers, and the rows after it in a `<tbody>`. Tables without such a row are kept as
/// they are.
fn header_groups(html: &str) -> String {
    const HEAD: &str = "<tr><th scope=\"col\">";
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(i) = rest.find("<table") {
        out.push_str(&rest[..i]);
        let table = &rest[i..];
        rest = table;
        let (Some(open_end), Some(close)) =
            (table.find(">\n").map(|e| e + 2), table.find("</table>"))
        else {
            break;
        };
        let (open, rows) = (&table[..open_end], &table[open_end..close]);
        out.push_str(open);
        match rows.find('\n') {
            Some(first_end) if rows.starts_with(HEAD) => {
                out.push_str("<thead>\n");
                out.push_str(&rows[..=first_end]);
                out.push_str("</thead>\n<tbody>\n");
                out.push_str(&rows[first_end + 1..]);
                out.push_str("</tbody>\n");
            }
            _ => out.push_str(rows),
        }
        out.push_str("</table>");
        rest = &table[close + "</table>".len()..];
    }
    out.push_str(rest);
    out
}

/// Generated tables with their titles as captions: a heading followed at once by a table
/// becomes the table's `<caption>` (what a screen reader announces with the table, and
/// what prints with it).
fn captions(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("<h") {
        let tail = &rest[i..];
        let level = tail.as_bytes().get(2).copied().filter(u8::is_ascii_digit);
        let Some(level) = level.filter(|_| tail.as_bytes().get(3) == Some(&b'>')) else {
            out.push_str(&rest[..i + 2]);
            rest = &rest[i + 2..];
            continue;
        };
        let close = format!("</h{}>", level as char);
        let Some(end) = tail.find(&close) else {
            break;
        };
        let title = &tail[4..end];
        let after = tail[end + close.len()..].trim_start();
        match after.find(">\n") {
            Some(open_end) if after.starts_with("<table") && !title.contains('<') => {
                out.push_str(&rest[..i]);
                out.push_str(&after[..open_end + 2]);
                out.push_str(&format!("<caption>{title}</caption>\n"));
                rest = &after[open_end + 2..];
            }
            _ => {
                out.push_str(&rest[..i + end + close.len()]);
                rest = &tail[end + close.len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Generated material's headings nested below the section it stands in (of level
/// `section`): its first heading one level deeper, and no level skipped after it (a
/// heading one deeper than the one before at most), whatever levels the material was
/// written with.
pub fn nested_headings(html: &str, section: u8) -> String {
    let base = (section + 1).min(6);
    let mut out = String::with_capacity(html.len());
    // (level written, level given) of the open outline.
    let mut stack: Vec<(u8, u8)> = Vec::new();
    let mut current = base;
    let mut rest = html;
    while let Some(i) = rest.find("<h").into_iter().chain(rest.find("</h")).min() {
        let closing = rest[i..].starts_with("</h");
        let at = i + if closing { 3 } else { 2 };
        let b = rest.as_bytes();
        let level = b.get(at).copied().filter(|c| (b'1'..=b'6').contains(c));
        let ends = b.get(at + 1).is_some_and(|c| *c == b'>' || *c == b' ');
        let Some(level) = level.filter(|_| ends).map(|c| c - b'0') else {
            out.push_str(&rest[..at]);
            rest = &rest[at..];
            continue;
        };
        if !closing {
            while stack.last().is_some_and(|(written, _)| *written > level) {
                stack.pop();
            }
            current = match stack.last() {
                Some((written, given)) if *written == level => *given,
                Some((_, given)) => (given + 1).min(6),
                None => base,
            };
            if stack.last().is_some_and(|(written, _)| *written == level) {
                stack.pop();
            }
            stack.push((level, current));
        }
        out.push_str(&rest[..at]);
        out.push(char::from(b'0' + current));
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
    out
}

/// The module's picture files of each counter (front, back), for VASSAL's help pages.
pub type ModuleFaces<'a> = &'a [(String, Option<String>)];

/// The material for VASSAL's help pages (Swing's HTML 3.2; the map and the set-ups are the
/// module's own windows, counters are shown with the module's pictures of them, `faces`),
/// anchored by `<a name>`.
pub fn render_swing(game: &Game, d: &Directive, id: &str, faces: ModuleFaces) -> String {
    let inner = match d {
        Directive::Crt(i) => charts::crt_page(game, *i, Flavour::Swing).body,
        Directive::Chart(i) => charts::other_chart(game, *i, Flavour::Swing).body,
        Directive::Terrain => charts::terrain_page(game, Flavour::Swing).body,
        Directive::Sequence => charts::sequence_page(game, Flavour::Swing).body,
        Directive::Map(m) => format!(
            "<p><i>The map {} is the module's main window.</i></p>\n",
            t(&game.maps[*m].title)
        ),
        Directive::MapInset { map, named, .. } => format!(
            "<p><i>{} of the map {}: see the module's main window.</i></p>\n",
            t(&inset_places(game, *map, named)),
            t(&game.maps[*map].title)
        ),
        Directive::Counters(side) => swing_tables(&counter_list(game, *side, faces)),
        Directive::Counter(c) => swing_tables(&counter_list_of(game, &[*c], faces)),
        Directive::Setup(s) => {
            let mut none = Pictures::default();
            let sc = &game.scenarios[*s];
            format!(
                "<p><i>Start this scenario from the File menu (\u{201c}{}\u{201d}): every counter \
                 stands where it starts.</i></p>\n{}",
                t(&sc.title),
                swing_tables(&setup_with(game, *s, &mut none, false))
            )
        }
        other => {
            let mut none = Pictures::default();
            swing_tables(&web(game, other, &mut none).1)
        }
    };
    format!("<a name=\"{}\"></a>\n{inner}", t(id))
}

/// Our own tables as Swing draws them: ruled, with cell padding; centred cells by attribute;
/// a colour swatch as a coloured square (Swing gives an empty span no width).
fn swing_tables(html: &str) -> String {
    let html = swatches(html);
    let mut out = String::with_capacity(html.len());
    let mut rest: &str = &html;
    while let Some(i) = rest.find("<table class=\"") {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let end = after.find('>').map_or(after.len(), |e| e + 1);
        out.push_str("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">");
        rest = &after[end..];
    }
    out.push_str(rest);
    out.replace("<td class=\"c\">", "<td align=\"center\">")
        .replace(" class=\"face\"", "")
        .replace(" scope=\"col\"", "")
}

/// `<span class="swatch" style="background:#rrggbb"></span>` as `<font color>■</font>`.
fn swatches(html: &str) -> String {
    const OPEN: &str = "<span class=\"swatch\" style=\"background:";
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find(OPEN) {
        out.push_str(&rest[..i]);
        let after = &rest[i + OPEN.len()..];
        let colour: String = after.chars().take_while(|c| *c != '"').collect();
        out.push_str(&format!("<font color=\"{colour}\">&#9632;</font>"));
        rest = after
            .find("</span>")
            .map_or("", |e| &after[e + "</span>".len()..]);
    }
    out.push_str(rest);
    out
}

/// The counter mix as a table, each counter with the module's pictures of its faces.
fn counter_list(game: &Game, side: Option<usize>, faces: ModuleFaces) -> String {
    let mut out = String::new();
    for (group, list) in manifest_groups(game, side) {
        out += &format!("<h4>{}</h4>\n", t(&group));
        out += &counter_list_of(game, &list, faces);
    }
    out
}

fn counter_list_of(game: &Game, list: &[CounterId], faces: ModuleFaces) -> String {
    let mut out = String::from(
        "<table class=\"chart\">\n<tr><th scope=\"col\">Front</th><th scope=\"col\">Back</th><th scope=\"col\">Counter</th><th scope=\"col\">Type</th><th scope=\"col\">In the mix</th></tr>\n",
    );
    let img = |f: &str| format!("<img src=\"{}\" alt=\"\">", attr(f));
    for c in list {
        let class = game.class_of(*c);
        let (front, back) = faces
            .get(*c)
            .map(|(f, b)| (img(f), b.as_deref().map(img).unwrap_or_default()))
            .unwrap_or_default();
        out += &format!(
            "<tr><td>{front}</td><td>{back}</td><td>{}</td><td>{}</td><td class=\"c\">{}</td></tr>\n",
            t(&game.counters[*c].name),
            t(&game.unit_types[class.unit_type].name),
            game.counters[*c].count
        );
    }
    out + "</table>\n"
}

/// The class and content of a directive's material on the web.
fn web(game: &Game, d: &Directive, pictures: &mut Pictures) -> (&'static str, String) {
    match d {
        Directive::Crt(i) => ("crt", charts::crt_page(game, *i, Flavour::Web).body),
        Directive::Chart(i) => ("chart", charts::other_chart(game, *i, Flavour::Web).body),
        Directive::Terrain => ("tec", charts::terrain_page(game, Flavour::Web).body),
        Directive::Sequence => ("sequence", charts::sequence_page(game, Flavour::Web).body),
        Directive::Turns(s) => ("turns", turns(game, s.unwrap_or(0))),
        Directive::Track(i) => ("track", track(game, *i)),
        Directive::Map(m) => ("map", map(game, *m, pictures)),
        Directive::MapInset { map, places, named } => {
            ("map-inset", map_inset(game, *map, places, named, pictures))
        }
        Directive::Counters(side) => ("counters", counters(game, *side, pictures)),
        Directive::Counter(c) => ("counter", counter(game, *c, pictures)),
        Directive::Setup(s) => ("setup", setup(game, *s, pictures)),
        Directive::Powers(s) => ("powers", powers(game, s.unwrap_or(0))),
        Directive::Options => ("options", options(game)),
        Directive::Victory => ("victory", victory(game)),
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

fn map(game: &Game, m: MapId, pictures: &mut Pictures) -> String {
    let src = pictures.file(game, Picture::Map(m));
    let map = &game.maps[m];
    let what = match &map.kind {
        MapKind::Hex(h) => format!(
            "{} hexes, numbered as printed ({} to {}).",
            h.geometry.len(),
            h.geometry.number(h.geometry.coord(0)),
            h.geometry
                .number(h.geometry.coord(h.geometry.len().saturating_sub(1)))
        ),
        MapKind::Area(a) => format!("{} areas.", a.areas.len()),
    };
    figure(
        &src,
        &format!("The map {}", map.title),
        &format!("{}: {what}", map.title),
    )
}

/// The least size, in points, a hex number of an inset prints at: larger than the parts of
/// a map printed in parts (6 pt), since an inset is there to be read closely.
pub const INSET_NUMBER_PT: f64 = 8.0;

/// The printed scale of an area map's inset, in millimetres a pixel: the picture at about
/// 100 dpi, larger than the whole map at page width.
const INSET_AREA_MM_PER_PX: f64 = 0.25;

/// The widest an inset prints, in millimetres (the text area of A4).
const INSET_MAX_MM: f64 = 178.0;

/// Millimetres in a point.
const MM_PER_PT: f64 = 25.4 / 72.0;

/// "Hexes 0510–1015, 1220" or "Areas par, bur": an inset's places as the prose names them.
fn inset_places(game: &Game, m: MapId, named: &str) -> String {
    match &game.maps[m].kind {
        MapKind::Hex(_) if !named.contains(' ') && !named.contains('-') => format!("Hex {named}"),
        MapKind::Hex(_) => format!(
            "Hexes {}",
            named.replace('-', "\u{2013}").replace(' ', ", ")
        ),
        MapKind::Area(_) if !named.contains(' ') => format!("Area {named}"),
        MapKind::Area(_) => format!("Areas {}", named.replace(' ', ", ")),
    }
}

/// The rectangle (`x, y, w, h`, pixels) of a map's picture an inset of `places` shows: the
/// places' hexes or areas with a margin of half a hex (or 24 px), within the picture. None
/// when the map's picture cannot be measured.
pub fn inset_rect(game: &Game, m: MapId, places: &[usize]) -> Option<[u32; 4]> {
    let ((w, h), _) = crate::emit::art::map_frame(game, m).ok()?;
    let mut points: Vec<(f64, f64)> = Vec::new();
    let margin = match &game.maps[m].kind {
        MapKind::Hex(hm) => {
            let g = &hm.geometry;
            let layout = crate::layout::hex_layout(game, g);
            for &i in places {
                let (x, y) = g.centre(&layout, g.coord(i));
                points.extend(g.corners(&layout, (f64::from(x), f64::from(y))));
            }
            layout.dy * 0.5
        }
        MapKind::Area(am) => {
            for &i in places {
                let area = am.areas.get(i)?;
                points.extend(area.outline.iter().copied());
                if let Some(p) = area.position {
                    points.push(p);
                }
            }
            24.0
        }
    };
    let x0 = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - margin;
    let y0 = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - margin;
    let x1 = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + margin;
    let y1 = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + margin;
    if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
        return None;
    }
    let clamp = |v: f64, max: u32| v.round().clamp(0.0, f64::from(max)) as u32;
    let (x0, y0, x1, y1) = (clamp(x0, w), clamp(y0, h), clamp(x1, w), clamp(y1, h));
    (x1 > x0 && y1 > y0).then_some([x0, y0, x1 - x0, y1 - y0])
}

/// How wide an inset `width_px` pixels wide prints, in millimetres: on a hex map, where its
/// hex numbers print at [`INSET_NUMBER_PT`]; on an area map at [`INSET_AREA_MM_PER_PX`];
/// no wider than the page's text.
pub fn inset_width_mm(game: &Game, m: MapId, width_px: u32) -> f64 {
    let mm_per_px = match &game.maps[m].kind {
        MapKind::Hex(hm) => {
            // The hex numbers' size on the map's picture (as `art::hex_map` draws them).
            let number_px = (crate::layout::hex_layout(game, &hm.geometry).dy * 0.15).max(6.0);
            INSET_NUMBER_PT * MM_PER_PT / number_px
        }
        MapKind::Area(_) => INSET_AREA_MM_PER_PX,
    };
    (f64::from(width_px) * mm_per_px).min(INSET_MAX_MM)
}

/// A part of a map shown larger: its picture, printed at a size where its hex numbers (or
/// names) can be read, with a caption naming the places.
fn map_inset(
    game: &Game,
    m: MapId,
    places: &[usize],
    named: &str,
    pictures: &mut Pictures,
) -> String {
    let title = &game.maps[m].title;
    let what = inset_places(game, m, named);
    let Some(rect) = inset_rect(game, m, places) else {
        return format!("<p>{what} of the map {}.</p>\n", t(title));
    };
    let src = attr(&pictures.file(game, Picture::MapInset { map: m, rect }));
    let mm = inset_width_mm(game, m, rect[2]);
    format!(
        "<figure class=\"map-inset\"><a href=\"{src}\"><img src=\"{src}\" alt=\"{}\" \
         style=\"width: {mm:.1}mm\" loading=\"lazy\"></a><figcaption>{}: {} (inset). \
         <a href=\"{src}\">Full size</a></figcaption></figure>\n",
        attr(&format!("{what} of the map {title}")),
        t(title),
        t(&what)
    )
}

/// Counters of a nation (or side) in manifest order: units before markers, in mix order.
fn manifest_groups(game: &Game, side: Option<usize>) -> Vec<(String, Vec<CounterId>)> {
    let mut groups: Vec<(String, Vec<CounterId>)> = Vec::new();
    for c in 0..game.counters.len() {
        let class = game.class_of(c);
        let counter_side = game.side_of(c);
        if side.is_some() && counter_side != side {
            continue;
        }
        let name = if game.is_marker(c) {
            "Markers".to_string()
        } else if let Some(n) = class.nation {
            game.nations[n].name.clone()
        } else if let Some(s) = counter_side {
            game.sides[s].name.clone()
        } else {
            "Other counters".to_string()
        };
        match groups.iter_mut().find(|(g, _)| *g == name) {
            Some((_, v)) => v.push(c),
            None => groups.push((name, vec![c])),
        }
    }
    // Markers last.
    groups.sort_by_key(|(g, _)| g == "Markers");
    groups
}

/// Counters standing together, each on its reduced face or not.
type Stack = Vec<(CounterId, bool)>;

fn face_img(game: &Game, c: CounterId, face: Face, pictures: &mut Pictures) -> String {
    let src = attr(&pictures.file(game, Picture::Counter(c, face)));
    let sharp = attr(&pictures.file(game, Picture::SharpCounter(c, face)));
    format!(
        "<img class=\"face\" src=\"{src}\" srcset=\"{src} 1x, {sharp} {SHARP}x\" alt=\"{}\">",
        attr(&face_alt(game, c, face))
    )
}

/// What a counter face shows, for a reader who cannot see it: its name, the face, and the
/// factors printed on it (`1st Guards (front): attack 4, defence 4, movement 6`).
fn face_alt(game: &Game, c: CounterId, face: Face) -> String {
    let class = game.class_of(c);
    let values = match face {
        Face::Front => &class.faces.front,
        Face::Back => class.faces.back.as_ref().unwrap_or(&class.faces.front),
    };
    let which = match face {
        Face::Front => "front",
        Face::Back => "back",
    };
    let factors: Vec<String> = values
        .iter()
        .map(|(f, v)| format!("{} {v}", game.factors[*f].name.to_lowercase()))
        .collect();
    let name = &game.counters[c].name;
    if factors.is_empty() {
        format!("{name} ({which})")
    } else {
        format!("{name} ({which}): {}", factors.join(", "))
    }
}

/// A counter as a card: both faces side by side, its name, what it is and its mix count.
fn counter_card(game: &Game, c: CounterId, pictures: &mut Pictures) -> String {
    let counter = &game.counters[c];
    let class = game.class_of(c);
    let back = if has_back_face(game, c) {
        face_img(game, c, Face::Back, pictures)
    } else {
        String::new()
    };
    let mut about = vec![game.unit_types[class.unit_type].name.clone()];
    if let Some(s) = class.size {
        about.push(s.as_str().to_string());
    }
    format!(
        "<figure class=\"card\"><div class=\"faces\">{}{back}</div><figcaption>{} \
         <span class=\"mix\" title=\"in the counter mix\">×{}</span><br><small>{}</small></figcaption></figure>\n",
        face_img(game, c, Face::Front, pictures),
        t(&counter.name),
        counter.count,
        t(&about.join(" · "))
    )
}

/// `1 counter`, `36 counters`.
fn counted(n: u32) -> String {
    format!("{n} counter{}", if n == 1 { "" } else { "s" })
}

fn counters(game: &Game, side: Option<usize>, pictures: &mut Pictures) -> String {
    let mut out = String::new();
    let mut total = 0u32;
    let (mut two_faced, mut one_faced) = (0, 0);
    for (group, list) in manifest_groups(game, side) {
        let n: u32 = list.iter().map(|c| game.counters[*c].count).sum();
        total += n;
        out += &format!(
            "<h4>{} <small>({})</small></h4>\n<div class=\"manifest\">\n",
            t(&group),
            counted(n)
        );
        for c in list {
            if has_back_face(game, c) {
                two_faced += 1;
            } else {
                one_faced += 1;
            }
            out += &counter_card(game, c, pictures);
        }
        out += "</div>\n";
    }
    // Say how the faces are shown only as the counters have them.
    let faces = match (two_faced, one_faced) {
        (0, _) => "Each is printed on one side",
        (_, 0) => "Each is shown front and back",
        _ => "Each is shown front and back where it has a back",
    };
    format!(
        "<p>The counter mix: {}{}. {faces}; ×N is how many of it the mix holds.</p>\n{out}",
        counted(total),
        side.map_or(String::new(), |s| format!(
            " of the {}",
            t(&game.sides[s].name)
        ))
    )
}

fn counter(game: &Game, c: CounterId, pictures: &mut Pictures) -> String {
    format!(
        "<div class=\"manifest single\">\n{}</div>\n",
        counter_card(game, c, pictures)
    )
}

/// "2× 1st Guards, 4th Tank" for a list of counters.
fn tally(game: &Game, list: &[(CounterId, bool)]) -> String {
    let mut counts: Vec<((CounterId, bool), u32)> = Vec::new();
    for k in list {
        match counts.iter_mut().find(|(c, _)| c == k) {
            Some((_, n)) => *n += 1,
            None => counts.push((*k, 1)),
        }
    }
    counts
        .iter()
        .map(|((c, reduced), n)| {
            let name = &game.counters[*c].name;
            let r = if *reduced { " (reduced)" } else { "" };
            if *n > 1 {
                format!("{n}× {name}{r}")
            } else {
                format!("{name}{r}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn side_name(game: &Game, c: CounterId) -> String {
    game.side_of(c)
        .map_or_else(|| "Neutral".to_string(), |s| game.sides[s].name.clone())
}

fn setup(game: &Game, s: usize, pictures: &mut Pictures) -> String {
    setup_with(game, s, pictures, true)
}

fn setup_with(game: &Game, s: usize, pictures: &mut Pictures, maps: bool) -> String {
    let sc = &game.scenarios[s];
    let mut out = format!("<h4>{}</h4>\n", t(&sc.title));
    if !sc.description.trim().is_empty() {
        out += &format!("<p>{}</p>\n", t(sc.description.trim()));
    }
    out += &format!(
        "<p>From {} to {}.</p>\n",
        t(&game.turns[sc.start].name),
        t(&game.turns[sc.end].name)
    );
    // Set-up maps: each map a scenario places counters on.
    for m in 0..game.maps.len() {
        let on_map = sc.placements.iter().any(|p| match p.location {
            Location::Hex { map, .. } | Location::Area { map, .. } => map == m,
            _ => false,
        });
        if on_map && maps {
            let src = pictures.file(
                game,
                Picture::Setup {
                    scenario: s,
                    map: m,
                },
            );
            out += &figure(
                &src,
                &format!("Set-up of {} on {}", sc.title, game.maps[m].title),
                &format!("{}: every counter where it starts.", game.maps[m].title),
            );
        }
    }
    // Order of battle by side, location by location.
    let mut by_side: BTreeMap<String, Vec<(String, Stack)>> = BTreeMap::new();
    let mut pooled: Vec<usize> = Vec::new();
    let mut marked: Vec<(CounterId, &Location)> = Vec::new();
    for p in &sc.placements {
        match p.location {
            Location::Pool(pool) => {
                if !pooled.contains(&pool) {
                    pooled.push(pool);
                }
            }
            Location::Track { .. } => marked.push((p.counter, &p.location)),
            loc => {
                let side = side_name(game, p.counter);
                let place = game.location_name(&loc.stack());
                let rows = by_side.entry(side).or_default();
                match rows.iter_mut().find(|(l, _)| *l == place) {
                    Some((_, v)) => v.push((p.counter, p.reduced)),
                    None => rows.push((place, vec![(p.counter, p.reduced)])),
                }
            }
        }
    }
    for (side, rows) in &by_side {
        out += &format!("<h5>{}: on the map</h5>\n", t(side));
        out += "<table class=\"chart oob\">\n<tr><th scope=\"col\">Where</th><th scope=\"col\">Units</th></tr>\n";
        for (place, list) in rows {
            out += &format!(
                "<tr><td>{}</td><td>{}</td></tr>\n",
                t(place),
                t(&tally(game, list))
            );
        }
        out += "</table>\n";
    }
    if !pooled.is_empty() {
        out += "<h5>Off-map boxes</h5>\n<table class=\"chart oob\">\n<tr><th scope=\"col\">Box</th><th scope=\"col\">Kind</th><th scope=\"col\">Enters</th><th scope=\"col\">Units</th></tr>\n";
        // Set-up boxes first, then by the turn they open.
        pooled.sort_by_key(|p| {
            let pool = &game.pools[*p];
            (
                pool.kind != PoolKind::Setup,
                pool.turn.unwrap_or(usize::MAX),
                *p,
            )
        });
        for pool in pooled {
            let pl = &game.pools[pool];
            let list: Vec<(CounterId, bool)> = sc
                .placements
                .iter()
                .filter(|p| p.location == Location::Pool(pool))
                .map(|p| (p.counter, p.reduced))
                .collect();
            out += &format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                t(&pl.name),
                crate::emit::art::displays::kind_name(pl.kind),
                pl.turn
                    .map_or_else(|| "—".to_string(), |x| t(&game.turns[x].name)),
                t(&tally(game, &list))
            );
        }
        out += "</table>\n";
    }
    let mut tracks: Vec<(usize, i64)> = sc.tracks.clone();
    for (tr, v) in game.marked_tracks(marked.iter().map(|(c, l)| (*c, *l))) {
        if !tracks.iter().any(|(x, _)| *x == tr) {
            tracks.push((tr, v));
        }
    }
    tracks.sort();
    if !tracks.is_empty() {
        out += "<h5>Tracks at the start</h5>\n<ul>\n";
        for (tr, v) in tracks {
            out += &format!("<li>{}: {v}</li>\n", t(&game.tracks[tr].name));
        }
        out += "</ul>\n";
    }
    out
}

/// The counters a scenario puts in the pools of `kinds` that open on turn `turn`, side by
/// side: "Axis: 2× XXX Corps, …; Soviet: …".
fn arriving(game: &Game, sc: &Scenario, turn: usize, kinds: &[PoolKind]) -> String {
    // (side name, counters) in the order the sides are first met.
    let mut by_side: Vec<(String, Vec<(CounterId, bool)>)> = Vec::new();
    for (i, pool) in game.pools.iter().enumerate() {
        if pool.turn != Some(turn) || !kinds.contains(&pool.kind) {
            continue;
        }
        let who = pool
            .side
            .map_or(String::new(), |s| game.sides[s].name.clone());
        for p in sc
            .placements
            .iter()
            .filter(|p| p.location == Location::Pool(i))
        {
            match by_side.iter_mut().find(|(w, _)| *w == who) {
                Some((_, v)) => v.push((p.counter, p.reduced)),
                None => by_side.push((who.clone(), vec![(p.counter, p.reduced)])),
            }
        }
    }
    let parts: Vec<String> = by_side
        .iter()
        .map(|(who, list)| {
            if who.is_empty() {
                tally(game, list)
            } else {
                format!("{who}: {}", tally(game, list))
            }
        })
        .collect();
    t(&parts.join("; "))
}

fn turns(game: &Game, s: usize) -> String {
    let Some(sc) = game.scenarios.get(s) else {
        return String::new();
    };
    let last = sc.end.min(game.turns.len().saturating_sub(1));
    let weather = game.turns[sc.start..=last]
        .iter()
        .any(|x| x.weather.is_some());
    let mut head: Vec<String> = vec!["Turn".into()];
    if weather {
        head.push("Weather".into());
    }
    head.extend([
        "Reinforcements".into(),
        "Withdrawals and other changes".into(),
    ]);
    // One column per replacement schedule, with what it adds each turn.
    head.extend(game.schedules.iter().map(|x| x.name.clone()));
    let mut out = format!(
        "<p>The turn record of {}: each turn{} and what the scenario's boxes bring in or take \
         out.</p>\n<table class=\"chart turns\">\n<tr>",
        t(&sc.title),
        if weather { " with its weather" } else { "" }
    );
    let header_at = out.len();
    // Each turn's cells after its name; turns in a row with nothing to show share a line.
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for turn in sc.start..=last {
        let tu = &game.turns[turn];
        let mut cells = Vec::new();
        if weather {
            cells.push(
                tu.weather
                    .map_or(String::new(), |w| t(&game.weather[w].name)),
            );
        }
        cells.push(arriving(
            game,
            sc,
            turn,
            &[PoolKind::Reinforcement, PoolKind::Build],
        ));
        cells.push(arriving(
            game,
            sc,
            turn,
            &[
                PoolKind::Withdrawn,
                PoolKind::Conversion,
                PoolKind::Garrison,
                PoolKind::Defection,
            ],
        ));
        for sch in &game.schedules {
            cells.push(sch.amounts.iter().find(|(x, _)| *x == turn).map_or(
                String::new(),
                |(_, a)| {
                    if *a == 0 {
                        "0".into()
                    } else {
                        format!("{a:+}")
                    }
                },
            ));
        }
        let empty = cells.iter().all(String::is_empty);
        match rows.last_mut() {
            Some((name, last)) if empty && last.iter().all(String::is_empty) => {
                let first = name.split(" \u{2013} ").next().unwrap_or("").to_string();
                *name = format!("{first} \u{2013} {}", t(&tu.name));
            }
            _ => rows.push((t(&tu.name), cells)),
        }
    }
    // Nothing to show on any turn: a sentence, not a table of empty cells.
    if rows
        .iter()
        .all(|(_, cells)| cells.iter().all(String::is_empty))
    {
        let count = last + 1 - sc.start;
        return format!(
            "<p>The turn record of {}: {count} turn{}, {} to {}; no turn brings weather, \
             reinforcements, withdrawals or replacements.</p>\n",
            t(&sc.title),
            if count == 1 { "" } else { "s" },
            t(&game.turns[sc.start].name),
            t(&game.turns[last].name),
        );
    }
    // A column empty on every turn is left out.
    let keep: Vec<bool> = (0..head.len() - 1)
        .map(|i| rows.iter().any(|(_, cells)| !cells[i].is_empty()))
        .collect();
    let schedules_from = head.len() - game.schedules.len();
    let mut header = String::new();
    for (i, h) in head.iter().enumerate() {
        if i == 0 || keep[i - 1] {
            header += &format!("<th scope=\"col\">{}</th>", t(h));
        }
    }
    header += "</tr>\n";
    out.insert_str(header_at, &header);
    for (name, cells) in rows {
        out += &format!("<tr><td>{name}</td>");
        for (i, c) in cells.iter().enumerate().filter(|(i, _)| keep[*i]) {
            if i + 1 >= schedules_from {
                out += &format!("<td class=\"c\">{c}</td>");
            } else {
                out += &format!("<td>{c}</td>");
            }
        }
        out += "</tr>\n";
    }
    out += "</table>\n";
    out
}

fn track(game: &Game, i: usize) -> String {
    let tr = &game.tracks[i];
    let mut out = format!(
        "<h4>{}</h4>\n<p>From {} to {}{}.</p>\n",
        t(&tr.name),
        tr.min,
        tr.max,
        tr.side.map_or(String::new(), |s| format!(
            ", kept by the {}",
            t(&game.sides[s].name)
        ))
    );
    let starts: Vec<String> = game
        .scenarios
        .iter()
        .filter_map(|sc| {
            let placed = sc.placements.iter().map(|p| (p.counter, &p.location));
            let marked = game.marked_tracks(placed);
            sc.tracks
                .iter()
                .chain(marked.iter())
                .find(|(x, _)| *x == i)
                .map(|(_, v)| format!("{}: starts at {v}", sc.title))
        })
        .collect();
    if !starts.is_empty() {
        out += "<ul>\n";
        for s in starts {
            out += &format!("<li>{}</li>\n", t(&s));
        }
        out += "</ul>\n";
    }
    if !game.schedules.is_empty() {
        for sch in game.schedules.iter().filter(|s| s.track == i) {
            let amounts: Vec<String> = sch
                .amounts
                .iter()
                .map(|(x, a)| format!("{} {a:+}", game.turns[*x].name))
                .collect();
            out += &format!(
                "<p><b>{}:</b> {}</p>\n",
                t(&sch.name),
                t(&amounts.join(", "))
            );
        }
    }
    out
}

/// Units as orders name them: the kind's letter and the place (`A Budapest`); in a game of
/// multi-factor units the factors of one kind in one place added up (`F2 London`).
fn as_ordered<'a>(
    game: &Game,
    placed: impl Iterator<Item = &'a crate::model::Placement>,
) -> Vec<String> {
    let strength = game.rules.multi_factor.as_ref().and_then(|m| m.strength);
    let mut units: Vec<(String, String, Option<i64>)> = Vec::new();
    for p in placed {
        let class = game.class_of(p.counter);
        let place = game.location_name(&p.location);
        let Some(kind) = game.unit_types[class.unit_type].moves_as else {
            units.push((game.counters[p.counter].name.clone(), place, None));
            continue;
        };
        let letter = match kind {
            crate::model::UnitKind::Army => "A",
            crate::model::UnitKind::Fleet => "F",
        };
        let factors = strength.map(|f| class.faces.front(f).unwrap_or(1));
        match units
            .iter_mut()
            .find(|(l, at, n)| l == letter && *at == place && n.is_some() == factors.is_some())
        {
            Some((_, _, Some(n))) if factors.is_some() => *n += factors.unwrap_or(0),
            _ => units.push((letter.to_string(), place, factors)),
        }
    }
    units
        .into_iter()
        .map(|(what, place, factors)| match factors {
            Some(n) => format!("{what}{n} {place}"),
            None => format!("{what} {place}"),
        })
        .collect()
}

/// Units as the powers chart writes them: as orders name them in a game of written orders
/// (`A Budapest`), else the counter's name and where it stands.
fn units_written<'a>(
    game: &Game,
    placed: impl Iterator<Item = &'a crate::model::Placement>,
) -> Vec<String> {
    if written_orders(game) {
        return as_ordered(game, placed);
    }
    placed
        .map(|p| {
            format!(
                "{} {}",
                game.counters[p.counter].name,
                game.location_name(&p.location)
            )
        })
        .collect()
}

fn powers(game: &Game, s: usize) -> String {
    let Some(sc) = game.scenarios.get(s) else {
        return String::new();
    };
    let mut out = format!(
        "<table class=\"chart powers\">\n<tr><th scope=\"col\">Power</th><th scope=\"col\">Home centres</th><th scope=\"col\">Starting units ({})</th></tr>\n",
        t(&sc.title)
    );
    for (i, side) in game.sides.iter().enumerate() {
        let homes: Vec<String> = side
            .home
            .iter()
            .filter_map(|(m, a)| match &game.maps.get(*m)?.kind {
                MapKind::Area(am) => Some(am.areas.get(*a)?.name.clone()),
                MapKind::Hex(_) => None,
            })
            .collect();
        let placed = sc.placements.iter().filter(|p| {
            game.side_of(p.counter) == Some(i)
                && !matches!(p.location, Location::Pool(_) | Location::Track { .. })
        });
        let units = units_written(game, placed);
        if homes.is_empty() && units.is_empty() {
            continue;
        }
        out += &format!(
            "<tr><td><span class=\"swatch\" style=\"background:{}\"></span> {}</td><td>{}</td><td>{}</td></tr>\n",
            side.colour.hex(),
            t(&side.name),
            t(&homes.join(", ")),
            t(&units.join(", "))
        );
    }
    // Centres no power starts with, and the units of no power (neutral garrisons).
    let neutral: Vec<String> = game
        .maps
        .iter()
        .enumerate()
        .flat_map(|(m, map)| match &map.kind {
            MapKind::Area(am) => am
                .areas
                .iter()
                .enumerate()
                .filter(|(a, area)| {
                    area.supply_centre
                        && !game.sides.iter().any(|side| side.home.contains(&(m, *a)))
                })
                .map(|(_, area)| area.name.clone())
                .collect(),
            MapKind::Hex(_) => Vec::new(),
        })
        .collect();
    let garrisons = sc.placements.iter().filter(|p| {
        game.side_of(p.counter).is_none()
            && !matches!(p.location, Location::Pool(_) | Location::Track { .. })
    });
    let garrisons = units_written(game, garrisons);
    if !neutral.is_empty() || !garrisons.is_empty() {
        out += &format!(
            "<tr><td>Neutral ({} {})</td><td>{}</td><td>{}</td></tr>\n",
            neutral.len(),
            if neutral.len() == 1 {
                "centre"
            } else {
                "centres"
            },
            t(&neutral.join(", ")),
            t(&garrisons.join(", "))
        );
    }
    out += "</table>\n";
    if written_orders(game) {
        out += "<p>A unit is written as its kind and province, as orders name it.</p>\n";
    }
    out
}

fn options(game: &Game) -> String {
    let mut out = String::from(
        "<table class=\"chart options\">\n<tr><th scope=\"col\">Rule</th><th scope=\"col\">Optional rule</th><th scope=\"col\">What it does</th><th scope=\"col\">Unless chosen</th></tr>\n",
    );
    for o in &game.options {
        out += &format!(
            "<tr><td>{}</td><td>{}<br><small><code>--option {}</code></small></td><td>{}</td><td>{}</td></tr>\n",
            t(o.rule.as_deref().unwrap_or("")),
            t(&o.name),
            t(&o.id),
            t(o.description.trim()),
            if o.default { "on" } else { "off" }
        );
    }
    out += "</table>\n";
    out
}

/// The victory conditions: who wins, by what, and when it is judged.
fn victory(game: &Game) -> String {
    let mut out = String::from(
        "<table class=\"chart victory\">\n<tr><th scope=\"col\">Side</th><th scope=\"col\">Wins by</th><th scope=\"col\">Judged</th></tr>\n",
    );
    for v in &game.rules.victory {
        let judged = v
            .timing()
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')');
        let judged = if judged.is_empty() {
            let mut when = match v.checked_after {
                Some(s) => format!("after each {} player turn", game.sides[s].name),
                None => "at the end of each turn".to_string(),
            };
            if let Some(n) = v.every.filter(|n| *n > 1) {
                when += &format!(", on turns numbered a multiple of {n}");
            }
            if v.running > 1 {
                when += &format!("; it must hold {} checks running", v.running);
            }
            when
        } else {
            judged.to_string()
        };
        out += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            t(&game.sides[v.side].name),
            t(&v.name),
            t(&judged)
        );
    }
    out + "</table>\n"
}

#[cfg(test)]
mod tests {
    use super::{captions, header_groups, nested_headings};

    #[test]
    fn a_title_over_a_table_is_its_caption() {
        let html = "<h4>Terrain Effects Chart</h4>\n<table class=\"chart\">\n<thead>\n<tr><th scope=\"col\">A</th></tr>\n</thead>\n</table>\n<h5>Notes</h5>\n<p>x</p>\n";
        assert_eq!(
            captions(html),
            "<table class=\"chart\">\n<caption>Terrain Effects Chart</caption>\n<thead>\n<tr><th scope=\"col\">A</th></tr>\n</thead>\n</table>\n<h5>Notes</h5>\n<p>x</p>\n"
        );
    }

    #[test]
    fn material_headings_follow_their_section_without_skipping_a_level() {
        let html = "<h4>Title</h4>\n<h5>Results</h5><h6>Deep</h6>\n<h5>Key</h5>\n<h4>Other <small>(2)</small></h4>\n<header>\n";
        assert_eq!(
            nested_headings(html, 2),
            "<h3>Title</h3>\n<h4>Results</h4><h5>Deep</h5>\n<h4>Key</h4>\n<h3>Other <small>(2)</small></h3>\n<header>\n"
        );
        // Below a level-1 heading the first is a level 2; a skip in what was written is
        // closed up.
        assert_eq!(
            nested_headings("<h4>A</h4><h6>B</h6>", 1),
            "<h2>A</h2><h3>B</h3>"
        );
    }

    #[test]
    fn the_powers_chart_lists_the_neutral_centres_and_writes_units_as_orders_do() {
        let game = crate::testgame::fixtures::example("diplomacy");
        let chart = super::powers(&game, 0);
        let neutral = chart
            .lines()
            .find(|l| l.contains("Neutral"))
            .expect("a neutral row");
        assert!(neutral.contains("Neutral (12 centres)"), "{neutral}");
        for centre in ["Belgium", "Norway", "Tunis", "Serbia"] {
            assert!(neutral.contains(centre), "{centre}: {neutral}");
        }
        assert!(!neutral.contains("Paris"), "{neutral}");
        assert!(chart.contains("A Budapest, A Vienna, F Trieste"), "{chart}");
    }

    #[test]
    fn a_header_row_goes_in_a_thead_and_the_rest_in_a_tbody() {
        let html = "<h4>T</h4>\n<table class=\"chart\">\n<tr><th scope=\"col\">A</th><th scope=\"col\">B</th></tr>\n<tr><td>1</td><td>2</td></tr>\n</table>\n<p>key</p>\n";
        assert_eq!(
            header_groups(html),
            "<h4>T</h4>\n<table class=\"chart\">\n<thead>\n<tr><th scope=\"col\">A</th><th scope=\"col\">B</th></tr>\n</thead>\n<tbody>\n<tr><td>1</td><td>2</td></tr>\n</tbody>\n</table>\n<p>key</p>\n"
        );
    }

    #[test]
    fn tables_without_a_header_row_and_text_around_them_are_kept() {
        let html = "<p>a</p>\n<table class=\"x\">\n<tr><td>1</td></tr>\n</table>\n<table>";
        assert_eq!(header_groups(html), html);
        assert_eq!(header_groups("no tables"), "no tables");
    }
}

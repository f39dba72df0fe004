//! The material for VASSAL's help pages, in Swing's HTML 3.2: the map and the set-ups are the
//! module's own windows, counters are shown with the module's pictures of them, and our
//! tables are ruled and padded as Swing draws them.

use crate::emit::charts;
use crate::emit::charts::html::Flavour;
use crate::model::rulebook::Directive;
use crate::model::{CounterId, Game};

use super::manifest::manifest_groups;
use super::maps::inset_places;
use super::scenario::setup_with;
use super::{attr, t, web, Pictures};

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

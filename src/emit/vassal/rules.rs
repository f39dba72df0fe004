//! The rules of play in the module: the designer's rules prose — the same chapters
//! `sandtable publish` prints — as help pages VASSAL's Swing viewer shows. A contents page
//! links a page per chapter; sections are `<a name>` anchors, so cross-references jump
//! between pages (VASSAL's chart and help viewers follow `page.html#anchor` links inside the
//! module). Tables come from the same builders as the chart window; the map, counters and
//! set-ups are pointed to where the module shows them.

use std::collections::BTreeSet;

use quick_xml::escape::escape;

use crate::emit::publish::markdown::{chapter_with, section_href, swing_file, Target};
use crate::emit::publish::material;

use super::plan::Plan;

use crate::emit::charts::html::{ascii, text};

/// The archive entry of the rules' contents page.
pub const RULES_INDEX: &str = "rules-index.html";

/// The anchor at the top of every page: VASSAL's chart viewer opens a page linked without
/// an anchor scrolled to its end, so links to a whole page name this one.
const TOP: &str = "top";

/// The rules pages as (archive entry, HTML), the contents first; none without rules prose.
pub fn pages(plan: &Plan<'_>) -> Vec<(String, String)> {
    let game = plan.game;
    let book = &game.rulebook;
    let faces: Vec<(String, Option<String>)> = plan
        .counter_images
        .iter()
        .map(|c| (c.front.clone(), c.back.clone()))
        .collect();
    if book.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut contents = format!("<h1>{}</h1>\n", text(&game.title));
    if !game.designers.is_empty() {
        contents += &format!("<p>{}</p>\n", text(&game.designers.join(", ")));
    }
    contents += "<h2>Rules of play</h2>\n<ul>\n";
    for (i, ch) in book.chapters.iter().enumerate() {
        contents += &format!(
            "<li><a href=\"{}#{TOP}\">{}</a>",
            escape(swing_file(ch)),
            text(&ch.title)
        );
        let sections: Vec<String> = ch
            .sections
            .iter()
            .filter(|s| s.level == 2)
            .map(|s| {
                format!(
                    "<a href=\"{}\">{}</a>",
                    escape(section_href(book, i, &s.anchor, Target::Swing)),
                    text(&s.title)
                )
            })
            .collect();
        if !sections.is_empty() {
            contents += &format!("<br>{}", sections.join(" &#183; "));
        }
        contents += "</li>\n";
    }
    contents += "</ul>\n";
    out.push((RULES_INDEX.to_string(), page(&game.title, &contents)));
    for (i, ch) in book.chapters.iter().enumerate() {
        let mut taken = BTreeSet::new();
        let body = chapter_with(
            game,
            book,
            i,
            Target::Swing,
            &mut taken,
            &[],
            &mut |d, id| material::render_swing(game, d, id, &faces),
        );
        let mut nav = format!("<p><a href=\"{RULES_INDEX}#{TOP}\">Contents</a>");
        if let Some(p) = i.checked_sub(1).and_then(|p| book.chapters.get(p)) {
            nav += &format!(
                " | <a href=\"{}#{TOP}\">{}</a>",
                escape(swing_file(p)),
                text(&p.title)
            );
        }
        if let Some(n) = book.chapters.get(i + 1) {
            nav += &format!(
                " | <a href=\"{}#{TOP}\">{}</a>",
                escape(swing_file(n)),
                text(&n.title)
            );
        }
        nav += "</p>\n";
        // Swing draws tables without rules unless told.
        let body = body.replace(
            "<table>",
            "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">",
        );
        out.push((
            swing_file(ch),
            page(&ch.title, &format!("{nav}{body}{nav}")),
        ));
    }
    out
}

/// A whole page: Swing's default h4 and h5 are smaller than its body text, so the material's
/// headings are sized up; `&apos;` (which Swing prints as written) becomes `&#39;`.
fn page(title: &str, body: &str) -> String {
    ascii(
        &format!(
            "<html>\n<head>\n<title>{}</title>\n<style type=\"text/css\">h4 {{ font-size: 14pt }} \
             h5 {{ font-size: 13pt }} h6 {{ font-size: 12pt }}</style>\n</head>\n<body>\n\
             <a name=\"{TOP}\"></a>\n{body}</body>\n</html>\n",
            text(title)
        )
        .replace("&apos;", "&#39;"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_without_rules_prose_has_no_rules_pages() {
        let g = crate::testgame::mini();
        let plan = Plan::new(&g).expect("plans");
        assert!(pages(&plan).is_empty());
    }
}

//! The published rules as a static website: a title page with the contents, one page per
//! chapter, the whole book on one page for printing, the stylesheet, and the pictures the
//! pages show — all held in memory as (path, bytes), sorted, so the same game gives the same
//! bytes. Pages are filled from minijinja templates (`templates/`), which escape every value
//! but the HTML the Markdown renderer and the material produce.

use std::collections::{BTreeMap, BTreeSet};

use minijinja::value::Serde;
use minijinja::{context, Environment, Value};
use rayon::prelude::*;
use serde::Serialize;

use crate::emit::art::{self, overlay, png, NoProgress};
use crate::load::prose::{rule_number, scan};
use crate::model::rulebook::{Chapter, Directive, PlacedDirective, Rulebook, Section};
use crate::model::{Game, Location};

use super::markdown::{chapter_href, chapter_html, section_href, Target};
use super::material::{Picture, Pictures};
use super::PublishError;

const PAGE: &str = include_str!("templates/page.html");
const TITLE: &str = include_str!("templates/title.html");
const STYLE: &str = include_str!("templates/style.css");
const SEARCH: &str = include_str!("templates/search.html");
const TOC: &str = include_str!("templates/toc.html");
const SEARCH_SCRIPT: &str = include_str!("templates/search.js");

/// The site's files: path relative to the output folder → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

/// A chapter in the contents and the sidebar.
#[derive(Serialize)]
struct ChapterLink {
    slug: String,
    /// What the contents call it: its title, or the title of its first section where
    /// that only adds the rule number (`19.0 Ground Combat` for a chapter `Ground Combat`).
    title: String,
    /// For a chapter whose title has no rule number, the numbers its sections run through
    /// (`5.0–6.0`), so that a reader looking for 5.2 finds it.
    numbers: String,
    href: String,
    sections: Vec<SectionLink>,
}

/// A section in the contents and the sidebar, with its own sections (the sidebar lists
/// them under the current chapter).
#[derive(Serialize)]
struct SectionLink {
    title: String,
    href: String,
    sections: Vec<SectionLink>,
}

/// The chapters of the book with their sections (level 2, and a second level-1 heading,
/// which `check` warns of and which would otherwise be missing) and theirs (level 3), each
/// linked as `target` shows them.
fn chapter_links(book: &Rulebook, target: Target) -> Vec<ChapterLink> {
    book.chapters
        .iter()
        .enumerate()
        .map(|(i, ch)| {
            let mut sections: Vec<SectionLink> = Vec::new();
            for (k, s) in ch.sections.iter().enumerate() {
                let link = SectionLink {
                    title: s.title.clone(),
                    href: section_href(book, i, &s.anchor, target),
                    sections: Vec::new(),
                };
                match s.level {
                    1 if k == 0 => {}
                    1 | 2 => sections.push(link),
                    3 => match sections.last_mut() {
                        Some(parent) => parent.sections.push(link),
                        None => sections.push(link),
                    },
                    _ => {}
                }
            }
            let mut title = ch.title.clone();
            let unnumbered = rule_number(&ch.title).is_none();
            // `Ground Combat` over `19.0 Ground Combat`: the chapter takes the section's
            // title and the section's own sections take its place.
            if unnumbered {
                if let Some(first) = sections.first() {
                    let bare = first
                        .title
                        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                        .trim();
                    if rule_number(&first.title).is_some()
                        && bare.eq_ignore_ascii_case(title.trim())
                    {
                        let first = sections.remove(0);
                        title = first.title;
                        sections.splice(0..0, first.sections);
                    }
                }
            }
            let numbers = if unnumbered {
                let numbered: Vec<String> = ch
                    .sections
                    .iter()
                    .filter(|s| s.level <= 2)
                    .filter_map(|s| s.number.clone())
                    .collect();
                match (numbered.first(), numbered.last()) {
                    (Some(a), Some(b)) if a != b => format!("{a}\u{2013}{b}"),
                    (Some(a), _) => a.clone(),
                    _ => String::new(),
                }
            } else {
                String::new()
            };
            ChapterLink {
                slug: ch.slug.clone(),
                title,
                numbers,
                href: chapter_href(book, i, target),
                sections,
            }
        })
        .collect()
}

#[derive(Serialize)]
struct GameInfo {
    title: String,
    version: String,
    designers: String,
}

/// The rulebook a site is made of: the game's own, or, for a game without `rules/`, one
/// chapter of every piece of generated material.
pub fn book_of(game: &Game) -> Rulebook {
    if game.rulebook.is_empty() {
        reference_book(game)
    } else {
        game.rulebook.clone()
    }
}

/// Every file of the site. `pdf` says whether the pages link a `rules.pdf`.
pub fn build(game: &Game, pdf: bool) -> Result<Files, PublishError> {
    let book = book_of(game);
    let mut env = Environment::new();
    env.add_template("page.html", PAGE)?;
    env.add_template("title.html", TITLE)?;
    env.add_template("search.html", SEARCH)?;
    env.add_template("toc.html", TOC)?;
    let info = GameInfo {
        title: game.title.clone(),
        version: game.version.clone(),
        designers: game.designers.join(", "),
    };
    // The description is Markdown too (the module shows it as plain text); raw HTML in it
    // is shown as written.
    let description = super::markdown::data_html(game.description.trim());
    let links = |target: Target| chapter_links(&book, target);
    let page_links = links(Target::Pages);
    let mut pictures = Pictures::default();
    let mut files = Files::new();
    let page = env.get_template("page.html")?;
    let title = env.get_template("title.html")?;
    let toc = env.get_template("toc.html")?;
    let render_page = |kind: &str,
                       page_title: &str,
                       current: &str,
                       content: String,
                       prev: Option<&ChapterLink>,
                       next: Option<&ChapterLink>,
                       print_css: String|
     -> Result<Vec<u8>, PublishError> {
        let contents = toc.render(context! {
            chapters => Value::from(Serde(&page_links)),
            current,
        })?;
        let html = page.render(context! {
            toc => Value::from_safe_string(contents),
            print_css => Value::from_safe_string(print_css),
            version => env!("CARGO_PKG_VERSION"),
            game => Value::from(Serde(&info)),
            kind,
            page_title,
            current,
            chapters => Value::from(Serde(&page_links)),
            content => Value::from_safe_string(content),
            prev => prev.map(|x| Value::from(Serde(x))),
            next => next.map(|x| Value::from(Serde(x))),
            pdf,
        })?;
        Ok(html.into_bytes())
    };
    // The title page.
    let front = title.render(context! {
        game => Value::from(Serde(&info)),
        description => Value::from_safe_string(description.clone()),
        chapters => Value::from(Serde(&page_links)),
    })?;
    files.insert(
        "index.html".into(),
        render_page(
            "index",
            &game.title,
            "",
            front,
            None,
            page_links.first(),
            String::new(),
        )?,
    );
    // A page per chapter.
    for (i, ch) in book.chapters.iter().enumerate() {
        let mut taken = BTreeSet::new();
        let body = chapter_html(game, &book, i, Target::Pages, &mut pictures, &mut taken);
        let prev = i.checked_sub(1).and_then(|p| page_links.get(p));
        files.insert(
            format!("{}.html", ch.slug),
            render_page(
                "chapter",
                &format!("{} — {}", ch.title, game.title),
                &ch.slug,
                body,
                prev,
                page_links.get(i + 1),
                String::new(),
            )?,
        );
    }
    // The whole book on one page.
    let one_links = links(Target::OnePage);
    let mut all = title.render(context! {
        game => Value::from(Serde(&info)),
        description => Value::from_safe_string(description),
        chapters => Value::from(Serde(&one_links)),
    })?;
    let mut taken = BTreeSet::new();
    for (i, ch) in book.chapters.iter().enumerate() {
        all += &format!(
            "<section class=\"chapter\" id=\"chapter-{}\" style=\"page: {}\">\n",
            quick_xml::escape::escape(&ch.slug),
            chapter_page(i)
        );
        all += &chapter_html(game, &book, i, Target::OnePage, &mut pictures, &mut taken);
        all += "</section>\n";
    }
    files.insert(
        "print.html".into(),
        render_page(
            "print",
            &game.title,
            "",
            all,
            None,
            None,
            print_css(&game.title, &book),
        )?,
    );
    files.insert("style.css".into(), STYLE.as_bytes().to_vec());
    // The search: a page that works without JavaScript (it lists every section), its
    // script, and the index the script reads.
    let search = env.get_template("search.html")?.render(context! {
        chapters => Value::from(Serde(&page_links)),
    })?;
    files.insert(
        "search.html".into(),
        render_page(
            "search",
            &format!("Search — {}", game.title),
            "",
            search,
            None,
            None,
            String::new(),
        )?,
    );
    files.insert("search.js".into(), SEARCH_SCRIPT.as_bytes().to_vec());
    files.insert("search-index.js".into(), search_index(&book));
    // Every picture's size on the <img> that shows it, so the page does not jump as the
    // pictures load.
    let mut sizes = BTreeMap::new();
    for (name, bytes) in draw(game, &pictures)? {
        if let Ok(size) = image::ImageReader::new(std::io::Cursor::new(&bytes))
            .with_guessed_format()
            .map_err(image::ImageError::IoError)
            .and_then(|r| r.into_dimensions())
        {
            sizes.insert(name.clone(), size);
        }
        files.insert(name, bytes);
    }
    for (name, bytes) in files.iter_mut() {
        if name.ends_with(".html") {
            let html = String::from_utf8_lossy(bytes);
            *bytes = sized_images(&html, &sizes).into_bytes();
        }
    }
    Ok(files)
}

/// A section as the search finds it.
#[derive(Serialize)]
struct Searched {
    /// Its rule number, if it has one.
    n: String,
    /// Its title.
    t: String,
    /// Its link.
    h: String,
    /// Its chapter's title.
    c: String,
    /// The words of its text, lower case, each once, sorted.
    w: String,
}

/// The search's index (`search-index.js`): every section of the book with its number, its
/// title, its link and the words of its text (up to the next section), as a script setting
/// `SANDTABLE_SEARCH` (a script rather than JSON, which a page opened from disk may not
/// fetch).
fn search_index(book: &Rulebook) -> Vec<u8> {
    let mut entries = Vec::new();
    for (i, ch) in book.chapters.iter().enumerate() {
        for (k, s) in ch.sections.iter().enumerate() {
            let end = ch
                .sections
                .get(k + 1)
                .map_or(ch.text.len(), |next| next.range.start);
            let body = ch.text.get(s.range.end..end).unwrap_or("");
            let words: BTreeSet<String> = section_words(body);
            entries.push(Searched {
                n: s.number.clone().unwrap_or_default(),
                t: s.title.clone(),
                h: section_href(book, i, &s.anchor, Target::Pages),
                c: ch.title.clone(),
                w: words.into_iter().collect::<Vec<_>>().join(" "),
            });
        }
    }
    let json = serde_json::to_string(&entries).unwrap_or_else(|_| "[]".into());
    format!("// The sections of the rules, for search.js.\nwindow.SANDTABLE_SEARCH = {json};\n")
        .into_bytes()
}

/// The words of a section's Markdown, lower case: its text without markup, directives or
/// code.
fn section_words(markdown: &str) -> BTreeSet<String> {
    use pulldown_cmark::{Event, Parser};
    let mut words = BTreeSet::new();
    for event in Parser::new_ext(markdown, crate::load::prose::markdown_options()) {
        if let Event::Text(t) = event {
            for w in t.split(|c: char| !c.is_alphanumeric()) {
                if w.chars().count() >= 2 && !t.contains("{{") {
                    words.insert(w.to_lowercase());
                }
            }
        }
    }
    words
}

/// A page with `width` and `height` on each `<img>` of a picture of the site whose size is
/// known (`sizes`: file → pixels) and that has none.
fn sized_images(html: &str, sizes: &BTreeMap<String, (u32, u32)>) -> String {
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(i) = rest.find("<img ") {
        let tag_end = rest[i..].find('>').map_or(rest.len(), |e| i + e + 1);
        let tag = &rest[i..tag_end];
        let src = tag
            .split_once(" src=\"")
            .and_then(|(_, v)| v.split_once('"'))
            .map(|(v, _)| quick_xml::escape::unescape(v).map(|v| v.into_owned()));
        out.push_str(&rest[..i + 4]);
        match src.and_then(Result::ok).and_then(|s| sizes.get(&s)) {
            Some((w, h)) if !tag.contains(" width=") && !tag.contains(" height=") => {
                out.push_str(&format!(" width=\"{w}\" height=\"{h}\""));
            }
            _ => {}
        }
        rest = &rest[i + 4..];
    }
    out.push_str(rest);
    out
}

/// The name of the printed pages of chapter `index` (CSS named pages: each chapter's pages
/// carry its own running head).
fn chapter_page(index: usize) -> String {
    format!("chapter-{}", index + 1)
}

/// The print stylesheet of the whole book's page that depends on the game: the game's title
/// at the head of every page, each chapter's title at the head of its own pages (named
/// pages, one per chapter). Page numbers and the title page are in `style.css`.
fn print_css(title: &str, book: &Rulebook) -> String {
    let mut css = format!(
        "@media print {{\n  @page {{ @top-left {{ content: {}; }} }}\n",
        css_string(title)
    );
    for (i, ch) in book.chapters.iter().enumerate() {
        css += &format!(
            "  @page {} {{ @top-right {{ content: {}; }} }}\n",
            chapter_page(i),
            css_string(&ch.title)
        );
    }
    css += "}\n";
    css
}

/// A CSS string literal of any text, safe inside an HTML `<style>` element: every character
/// that is not a letter, a digit or a space is written as a CSS escape (`\3c ` for `<`), so
/// no quote, backslash, line break or `</style>` of a title can end the string or the
/// element.
fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        if c.is_alphanumeric() || c == ' ' {
            out.push(c);
        } else {
            // The space ends the escape; CSS reads it as part of the escape, not as text.
            out += &format!("\\{:x} ", u32::from(c));
        }
    }
    out.push('"');
    out
}

/// Render every picture the pages show, in parallel: the maps first (set-up maps are drawn
/// over them), then the set-up maps and counter faces.
fn draw(game: &Game, pictures: &Pictures) -> Result<Vec<(String, Vec<u8>)>, PublishError> {
    let mut maps: Vec<usize> = pictures
        .wanted
        .values()
        .filter_map(|p| match p {
            Picture::Map(m) | Picture::Setup { map: m, .. } => Some(*m),
            Picture::Counter(..) | Picture::File(_) => None,
        })
        .collect();
    maps.sort_unstable();
    maps.dedup();
    let bases: BTreeMap<usize, image::RgbaImage> = maps
        .par_iter()
        .map(|m| art::render_map(game, *m, &NoProgress).map(|img| (*m, img)))
        .collect::<Result<_, _>>()?;
    let wanted: Vec<(&String, &Picture)> = pictures.wanted.iter().collect();
    let out = wanted
        .par_iter()
        .map(|(name, p)| {
            let img = match p {
                Picture::Map(m) => bases[m].clone(),
                Picture::Setup { scenario, map } => {
                    let pieces: Vec<_> = game.scenarios[*scenario]
                        .placements
                        .iter()
                        .filter(|x| !matches!(x.location, Location::Pool(_)))
                        .map(|x| (x.counter, x.reduced, x.location))
                        .collect();
                    overlay::stacks(game, *map, &bases[map], &pieces)?
                }
                Picture::Counter(c, f) => art::counter::render_face(game, *c, f.art())?,
                // The designer's own picture, as it is.
                Picture::File(rel) => {
                    let path = game.root.join(rel);
                    let bytes = std::fs::read(&path)
                        .map_err(|source| art::ArtError::Io { path, source })?;
                    return Ok(((*name).clone(), bytes));
                }
            };
            Ok(((*name).clone(), png::encode(&img)?))
        })
        .collect::<Result<Vec<_>, art::ArtError>>()?;
    Ok(out)
}

/// The book of a game without rules prose: one chapter showing every piece of generated
/// material the game has.
fn reference_book(game: &Game) -> Rulebook {
    let mut text = String::from("# Game data\n\n");
    let mut wanted: Vec<Directive> = Vec::new();
    let mut part = |text: &mut String, heading: &str, ds: Vec<Directive>| {
        if ds.is_empty() {
            return;
        }
        text.push_str(&format!("## {heading}\n\n"));
        for d in ds {
            text.push_str("{{directive}}\n\n");
            wanted.push(d);
        }
    };
    part(
        &mut text,
        "Map",
        (0..game.maps.len()).map(Directive::Map).collect(),
    );
    if !game.counters.is_empty() {
        part(&mut text, "Counters", vec![Directive::Counters(None)]);
    }
    if crate::layout::vassal::written_orders(game) && !game.scenarios.is_empty() {
        part(&mut text, "Powers", vec![Directive::Powers(None)]);
    }
    if !game.phases.is_empty() {
        part(&mut text, "Sequence of play", vec![Directive::Sequence]);
    }
    part(
        &mut text,
        "Combat results tables",
        (0..game.crts.len()).map(Directive::Crt).collect(),
    );
    if !game.terrain.is_empty() {
        part(&mut text, "Terrain effects", vec![Directive::Terrain]);
    }
    part(
        &mut text,
        "Charts",
        (0..game.charts.len()).map(Directive::Chart).collect(),
    );
    part(
        &mut text,
        "Tracks",
        (0..game.tracks.len()).map(Directive::Track).collect(),
    );
    for (i, s) in game.scenarios.iter().enumerate() {
        let mut ds = vec![Directive::Setup(i)];
        if !game.turns.is_empty() {
            ds.push(Directive::Turns(Some(i)));
        }
        part(
            &mut text,
            &format!("Scenario: {}", s.title.replace(['#', '{', '}'], "")),
            ds,
        );
    }
    if !game.options.is_empty() {
        part(&mut text, "Optional rules", vec![Directive::Options]);
    }
    if !game.rules.victory.is_empty() {
        part(&mut text, "Victory", vec![Directive::Victory]);
    }
    let scanned = scan(&text);
    let mut taken: Vec<String> = Vec::new();
    let sections = scanned
        .headings
        .iter()
        .map(|h| {
            let base = crate::model::rulebook::slug_of_title(&h.text);
            let mut anchor = base.clone();
            let mut n = 2;
            while taken.contains(&anchor) {
                anchor = format!("{base}-{n}");
                n += 1;
            }
            taken.push(anchor.clone());
            Section {
                level: h.level,
                number: None,
                title: h.text.clone(),
                anchor,
                range: h.range.clone(),
            }
        })
        .collect();
    let directives = scanned
        .directives
        .iter()
        .zip(wanted)
        .map(|(d, directive)| PlacedDirective {
            range: d.range.clone(),
            directive,
        })
        .collect();
    Rulebook {
        chapters: vec![Chapter {
            path: "rules/game-data.md".into(),
            slug: "game-data".into(),
            title: "Game data".into(),
            text,
            sections,
            directives,
            references: Vec::new(),
            files: Vec::new(),
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::{css_string, sized_images};
    use std::collections::BTreeMap;

    #[test]
    fn pictures_of_the_site_get_their_size_and_others_are_left_alone() {
        let sizes = BTreeMap::from([("images/a b.png".to_string(), (60, 40))]);
        let html = "<p><img class=\"face\" src=\"images/a b.png\" alt=\"A &amp; B\"> \
                    <img src=\"https://example.org/x.png\" alt=\"x\"> \
                    <img width=\"9\" src=\"images/a b.png\" alt=\"y\"></p>";
        assert_eq!(
            sized_images(html, &sizes),
            "<p><img width=\"60\" height=\"40\" class=\"face\" src=\"images/a b.png\" alt=\"A &amp; B\"> \
             <img src=\"https://example.org/x.png\" alt=\"x\"> \
             <img width=\"9\" src=\"images/a b.png\" alt=\"y\"></p>"
        );
    }

    #[test]
    fn a_title_becomes_a_css_string_that_cannot_end_its_element() {
        assert_eq!(css_string("Combat 7"), "\"Combat 7\"");
        let hostile = css_string("A \"quoted\" \\ title</style><script>alert(1)</script>\n");
        assert!(
            !hostile.contains('<') && !hostile.contains('>'),
            "{hostile}"
        );
        assert_eq!(hostile.matches('"').count(), 2, "{hostile}");
        assert!(hostile.contains("\\22 quoted\\22 "), "{hostile}");
        assert!(hostile.contains("\\5c "), "{hostile}");
        assert!(hostile.contains("\\a "), "{hostile}");
        // Letters of any script stay as they are.
        assert_eq!(css_string("Ελλάδα"), "\"Ελλάδα\"");
    }
}

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
use super::palette::Palette;
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

/// Every file of the site. `pdf` says whether the pages link a `rules.pdf`; `booklet` sets
/// the whole book's page (printed): its columns, and whether its maps fold out.
pub fn build(game: &Game, pdf: bool, booklet: super::Booklet) -> Result<Files, PublishError> {
    let columns = booklet.columns;
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
            two_columns => columns == super::Columns::Two,
        })?;
        Ok(html.into_bytes())
    };
    // The title page.
    let front = title.render(context! {
        game => Value::from(Serde(&info)),
        description => Value::from_safe_string(description.clone()),
        chapters => Value::from(Serde(&page_links)),
        paged => false,
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
        // Slots for the page numbers the PDF's printing writes in (`pdf::print_book`).
        paged => pdf,
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
    // The hex maps in parts at print scale, after each picture of the whole map.
    let maps: Vec<(String, usize)> = pictures
        .wanted
        .iter()
        .filter_map(|(name, p)| match p {
            Picture::Map(m) => Some((name.clone(), *m)),
            _ => None,
        })
        .collect();
    // Or, asked for, each map whole on a fold-out page of its own size.
    let mut folded = Vec::new();
    for (name, m) in maps {
        let whole = if booklet.fold_out {
            fold_out(game, m, &name)
        } else {
            None
        };
        if let Some(whole) = whole {
            all = after_figures_of(&all, &name, &whole);
            folded.push(m);
        } else if let Some(parts) = map_parts(game, m, &mut pictures) {
            all = after_figures_of(&all, &name, &parts);
        }
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
            print_css(&game.title, &book) + &fold_out_css(game, &folded),
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
        if let Some(size) = picture_size(&bytes) {
            sizes.insert(name.clone(), size);
        }
        files.insert(name, bytes);
    }
    for (name, bytes) in files.iter_mut() {
        if name.ends_with(".html") {
            let html = String::from_utf8_lossy(bytes);
            let mut html = sized_images(&html, &sizes);
            if name == "print.html" {
                html = sharpest_sources(&html);
            }
            *bytes = html.into_bytes();
        }
    }
    Ok(files)
}

/// The least size, in points, a hex number prints at on a map's parts.
const NUMBER_PT: f64 = 6.0;

/// A map part's size on the printed page, in millimetres: the text area of A4 less the
/// print stylesheet's margins (178 mm wide), less room for its caption and, above the
/// first part, the key.
const PART_MM: (f64, f64) = (178.0, 195.0);

/// How far neighbouring parts of a map overlap, in millimetres.
const OVERLAP_MM: f64 = 10.0;

/// Millimetres in a point.
const MM_PER_PT: f64 = 25.4 / 72.0;

/// Where each part of a map printed in parts starts along one side: parts of `part` pixels
/// stepping by `part - overlap`, the last shifted back to end at the edge (`length`).
fn part_starts(length: u32, part: u32, overlap: u32) -> Vec<u32> {
    if length <= part {
        return vec![0];
    }
    let step = part.saturating_sub(overlap).max(1);
    let mut starts = Vec::new();
    let mut at = 0;
    loop {
        if at + part >= length {
            starts.push(length - part);
            break;
        }
        starts.push(at);
        at += step;
    }
    starts
}

/// The HTML of a hex map printed in parts, for the booklet: where the whole picture at page
/// width would print its hex numbers under [`NUMBER_PT`], it is cut into parts that print
/// them at that size, a page each, overlapping by [`OVERLAP_MM`], after a key of where each
/// part lies. None for an area map, the designer's own picture, or a map legible whole.
fn map_parts(game: &Game, m: usize, pictures: &mut Pictures) -> Option<String> {
    let map = &game.maps[m];
    let crate::model::MapKind::Hex(hm) = &map.kind else {
        return None;
    };
    if map.image.is_some() {
        return None;
    }
    // The hex numbers' size on the map's picture (as `art::hex_map` draws them).
    let number_px = (crate::layout::hex_layout(game, &hm.geometry).dy * 0.15).max(6.0);
    let ((w, h), _) = art::map_frame(game, m).ok()?;
    let mm_per_px = NUMBER_PT * MM_PER_PT / number_px;
    if f64::from(w) * mm_per_px <= PART_MM.0 {
        return None;
    }
    let part_w = (PART_MM.0 / mm_per_px).floor() as u32;
    let part_h = (PART_MM.1 / mm_per_px).floor() as u32;
    let overlap = (OVERLAP_MM / mm_per_px).round() as u32;
    let xs = part_starts(w, part_w, overlap);
    let ys = part_starts(h, part_h, overlap);
    let total = xs.len() * ys.len();
    let title = quick_xml::escape::escape(&map.title).into_owned();
    let mut key = String::from("<table class=\"parts-key\">\n<tbody>\n");
    let mut figures = String::new();
    for (r, y) in ys.iter().enumerate() {
        key += "<tr>";
        for (c, x) in xs.iter().enumerate() {
            let part = r * xs.len() + c + 1;
            let src = pictures.file(
                game,
                Picture::MapPart {
                    map: m,
                    part,
                    rect: [*x, *y, part_w.min(w), part_h.min(h)],
                },
            );
            key += &format!("<td>{part}</td>");
            figures += &format!(
                "<figure class=\"map-part\"><img src=\"{}\" alt=\"The map {title}, part {part} of \
                 {total}: row {}, column {}\"><figcaption>{title}, part {part} of {total} (row {}, \
                 column {})</figcaption></figure>\n",
                quick_xml::escape::escape(&src),
                r + 1,
                c + 1,
                r + 1,
                c + 1
            );
        }
        key += "</tr>\n";
    }
    key += "</tbody>\n</table>\n";
    Some(format!(
        "<section class=\"map-parts\">\n<p class=\"parts-key\">The map {title} at print scale, its hex \
         numbers at {NUMBER_PT} pt: {total} parts, {} rows of {}, each overlapping its \
         neighbours by {OVERLAP_MM} mm, laid out as below.</p>\n{key}{figures}</section>\n",
        ys.len(),
        xs.len()
    ))
}

/// The margin of a fold-out page, in millimetres.
const FOLD_OUT_MARGIN_MM: f64 = 10.0;

/// Room under a fold-out map for its caption, in millimetres.
const FOLD_OUT_CAPTION_MM: f64 = 12.0;

/// The scale of an area map on its fold-out page, in millimetres a pixel (about 100 dpi).
const FOLD_OUT_AREA_MM_PER_PX: f64 = 0.25;

/// The name of the printed page a map folds out on (CSS named pages).
fn fold_out_page(m: usize) -> String {
    format!("fold-out-{}", m + 1)
}

/// The printed size, in millimetres, of a map on its fold-out page: a hex map where its hex
/// numbers print at [`NUMBER_PT`] (as its parts would), an area map at
/// [`FOLD_OUT_AREA_MM_PER_PX`]; never narrower than the page's text. None for a picture that
/// cannot be measured.
fn fold_out_size(game: &Game, m: usize) -> Option<(f64, f64)> {
    let ((w, h), _) = art::map_frame(game, m).ok()?;
    let mm_per_px = match &game.maps[m].kind {
        crate::model::MapKind::Hex(hm) if game.maps[m].image.is_none() => {
            let number_px = (crate::layout::hex_layout(game, &hm.geometry).dy * 0.15).max(6.0);
            NUMBER_PT * MM_PER_PT / number_px
        }
        _ => FOLD_OUT_AREA_MM_PER_PX,
    };
    let scale = (PART_MM.0 / (f64::from(w) * mm_per_px)).max(1.0);
    Some((
        f64::from(w) * mm_per_px * scale,
        f64::from(h) * mm_per_px * scale,
    ))
}

/// The HTML of a map on a fold-out page of its own size, for the booklet (`publish
/// --fold-out`): the whole picture at print scale, with its caption, on the named page
/// [`fold_out_page`] that [`fold_out_css`] sizes.
fn fold_out(game: &Game, m: usize, src: &str) -> Option<String> {
    let (w, h) = fold_out_size(game, m)?;
    let title = quick_xml::escape::escape(&game.maps[m].title).into_owned();
    Some(format!(
        "<section class=\"fold-out\" style=\"page: {}\">\n<figure class=\"fold-out\"><img \
         src=\"{}\" alt=\"The map {title}, whole, to fold out\" style=\"width: {w:.1}mm; \
         height: {h:.1}mm\"><figcaption>{title}: the whole map ({w:.0} × {h:.0} mm), to fold \
         out.</figcaption></figure>\n</section>\n",
        fold_out_page(m),
        quick_xml::escape::escape(src)
    ))
}

/// The page rules of the fold-out pages of the maps `maps`: each page the map's printed size
/// and margins, with its number at the foot as every page has.
fn fold_out_css(game: &Game, maps: &[usize]) -> String {
    let mut css = String::new();
    for &m in maps {
        if let Some((w, h)) = fold_out_size(game, m) {
            css += &format!(
                "@media print {{ @page {} {{ size: {:.1}mm {:.1}mm; margin: {FOLD_OUT_MARGIN_MM}mm; \
                 @top-left {{ content: none; }} @top-right {{ content: none; }} }} }}\n",
                fold_out_page(m),
                w + 2.0 * FOLD_OUT_MARGIN_MM,
                h + 2.0 * FOLD_OUT_MARGIN_MM + FOLD_OUT_CAPTION_MM
            );
        }
    }
    css
}

/// `html` with `insert` after every `<figure>` that shows the picture `src`.
fn after_figures_of(html: &str, src: &str, insert: &str) -> String {
    let needle = format!("<img src=\"{}\"", quick_xml::escape::escape(src));
    let mut out = String::with_capacity(html.len() + insert.len());
    let mut rest = html;
    while let Some(i) = rest.find(&needle) {
        let Some(end) = rest[i..]
            .find("</figure>")
            .map(|e| i + e + "</figure>".len())
        else {
            break;
        };
        out.push_str(&rest[..end]);
        out.push('\n');
        out.push_str(insert);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The size in pixels of a picture file: a PNG, JPEG, GIF or WebP from its header
/// (`imagesize`), an SVG from its root element's `width` and `height` (in pixels, or
/// without a unit), else its `viewBox`. None for anything else.
fn picture_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if let Ok(size) = imagesize::blob_size(bytes) {
        let w = u32::try_from(size.width).ok()?;
        let h = u32::try_from(size.height).ok()?;
        return Some((w, h));
    }
    svg_size(bytes)
}

/// An SVG's size from its root `<svg>` element.
fn svg_size(bytes: &[u8]) -> Option<(u32, u32)> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_reader(bytes);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf).ok()? {
            Event::Start(e) | Event::Empty(e) => {
                if e.local_name().as_ref() != b"svg" {
                    return None;
                }
                let value = |name: &[u8]| {
                    e.attributes()
                        .flatten()
                        .find(|a| a.key.local_name().as_ref() == name)
                        .map(|a| String::from_utf8_lossy(&a.value).into_owned())
                };
                let number = |v: &str| {
                    let v = v.trim();
                    let v = v.strip_suffix("px").unwrap_or(v);
                    v.parse::<f64>()
                        .ok()
                        .filter(|n| n.is_finite() && *n > 0.0 && *n < 1e6)
                };
                let given = value(b"width")
                    .zip(value(b"height"))
                    .and_then(|(w, h)| number(&w).zip(number(&h)));
                let boxed = || {
                    let vb = value(b"viewBox")?;
                    let parts: Vec<f64> = vb
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|p| !p.is_empty())
                        .filter_map(|p| p.parse().ok())
                        .collect();
                    match parts[..] {
                        [_, _, w, h] => number(&w.to_string()).zip(number(&h.to_string())),
                        _ => None,
                    }
                };
                let (w, h) = given.or_else(boxed)?;
                return Some((w.round() as u32, h.round() as u32));
            }
            Event::Eof => return None,
            _ => {}
        }
        buf.clear();
    }
}

/// A page to print with each `<img>` that offers sources of several densities (`srcset`)
/// showing its sharpest alone: a printer is a device of high density, but Chromium picks
/// from `srcset` as for the screen it prints from.
fn sharpest_sources(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("<img ") {
        let tag_end = rest[i..].find('>').map_or(rest.len(), |e| i + e + 1);
        let tag = &rest[i..tag_end];
        out.push_str(&rest[..i]);
        out.push_str(&sharpest_in(tag).unwrap_or_else(|| tag.to_string()));
        rest = &rest[tag_end..];
    }
    out.push_str(rest);
    out
}

/// An `<img …>` tag with its `srcset`'s densest source as its `src` and no `srcset`; None
/// when it has no `srcset` or `src`.
fn sharpest_in(tag: &str) -> Option<String> {
    let attr_range = |name: &str| {
        let at = tag.find(&format!(" {name}=\""))?;
        let start = at + name.len() + 3;
        let len = tag[start..].find('"')?;
        Some((at, start, start + len))
    };
    let (set_at, set_start, set_end) = attr_range("srcset")?;
    let best = tag[set_start..set_end]
        .split(',')
        .filter_map(|c| {
            let mut parts = c.split_whitespace();
            let url = parts.next()?;
            let density: f64 = parts
                .next()
                .and_then(|d| d.strip_suffix('x'))
                .map_or(Some(1.0), |d| d.parse().ok())?;
            Some((density, url))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))?
        .1;
    let without = format!("{}{}", &tag[..set_at], &tag[set_end + 1..]);
    let at = without.find(" src=\"")? + " src=\"".len();
    let len = without[at..].find('"')?;
    Some(format!("{}{best}{}", &without[..at], &without[at + len..]))
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
/// over them), then the set-up maps and counter faces. A generated map's pictures (the map,
/// its parts and insets, its set-ups) are encoded in 256 colours ([`Palette`]), the map's
/// palette shared by its parts and insets; a designer's own map picture keeps its colours.
fn draw(game: &Game, pictures: &Pictures) -> Result<Vec<(String, Vec<u8>)>, PublishError> {
    let mut maps: Vec<usize> = pictures
        .wanted
        .values()
        .filter_map(|p| match p {
            Picture::Map(m)
            | Picture::Setup { map: m, .. }
            | Picture::MapPart { map: m, .. }
            | Picture::MapInset { map: m, .. } => Some(*m),
            Picture::Counter(..) | Picture::SharpCounter(..) | Picture::File(_) => None,
        })
        .collect();
    maps.sort_unstable();
    maps.dedup();
    let bases: BTreeMap<usize, image::RgbaImage> = maps
        .par_iter()
        .map(|m| art::render_map(game, *m, &NoProgress).map(|img| (*m, img)))
        .collect::<Result<_, _>>()?;
    let palettes: BTreeMap<usize, Palette> = bases
        .par_iter()
        .filter(|(m, _)| game.maps[**m].image.is_none())
        .map(|(m, img)| (*m, Palette::of(img)))
        .collect();
    let in_palette = |m: usize, img: &image::RgbaImage| match palettes.get(&m) {
        Some(palette) => palette.encode(img),
        None => png::encode(img),
    };
    let wanted: Vec<(&String, &Picture)> = pictures.wanted.iter().collect();
    // The game with its counters drawn larger (every measure of a counter scales with its
    // size), for the sharp faces.
    let mut sharp = game.clone();
    sharp.art.counter_size = game.art.counter_size.saturating_mul(super::material::SHARP);
    let out = wanted
        .par_iter()
        .map(|(name, p)| {
            let bytes = match p {
                Picture::Map(m) => in_palette(*m, &bases[m])?,
                Picture::MapPart { map, rect, .. } | Picture::MapInset { map, rect } => {
                    let [x, y, w, h] = *rect;
                    in_palette(
                        *map,
                        &image::imageops::crop_imm(&bases[map], x, y, w, h).to_image(),
                    )?
                }
                Picture::Setup { scenario, map } => {
                    let pieces: Vec<_> = game.scenarios[*scenario]
                        .placements
                        .iter()
                        .filter(|x| !matches!(x.location, Location::Pool(_)))
                        .map(|x| (x.counter, x.reduced, x.location))
                        .collect();
                    let img = overlay::stacks(game, *map, &bases[map], &pieces)?;
                    // The counters bring colours of their own: a palette of this picture.
                    if palettes.contains_key(map) {
                        Palette::of(&img).encode(&img)?
                    } else {
                        png::encode(&img)?
                    }
                }
                // A face is flat colour too: in a palette of its own.
                Picture::Counter(c, f) => {
                    let img = art::counter::render_face(game, *c, f.art())?;
                    Palette::of(&img).encode(&img)?
                }
                Picture::SharpCounter(c, f) => {
                    let img = art::counter::render_face(&sharp, *c, f.art())?;
                    Palette::of(&img).encode(&img)?
                }
                // The designer's own picture, as it is.
                Picture::File(rel) => {
                    let path = game.root.join(rel);
                    std::fs::read(&path).map_err(|source| art::ArtError::Io { path, source })?
                }
            };
            Ok(((*name).clone(), bytes))
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
    use super::{css_string, sharpest_sources, sized_images, Picture, Pictures};
    use std::collections::BTreeMap;

    #[test]
    fn a_map_is_cut_into_overlapping_parts_that_reach_its_edges() {
        assert_eq!(super::part_starts(100, 100, 10), [0]);
        assert_eq!(super::part_starts(80, 100, 10), [0]);
        assert_eq!(super::part_starts(250, 100, 10), [0, 90, 150]);
        assert_eq!(super::part_starts(190, 100, 10), [0, 90]);
    }

    #[test]
    fn the_great_european_war_map_prints_in_parts_with_legible_hex_numbers() {
        let game = crate::testgame::fixtures::example("great-european-war");
        let m = 0;
        let mut pictures = Pictures::default();
        let html = super::map_parts(&game, m, &mut pictures).expect("the map in parts");
        let parts: Vec<[u32; 4]> = pictures
            .wanted
            .values()
            .filter_map(|p| match p {
                Picture::MapPart { rect, .. } => Some(*rect),
                _ => None,
            })
            .collect();
        assert!(parts.len() >= 4, "{html}");
        assert_eq!(
            html.matches("<figure class=\"map-part\">").count(),
            parts.len()
        );
        // Each part printed 178 mm wide shows hex numbers of at least 6 pt.
        let crate::model::MapKind::Hex(hm) = &game.maps[m].kind else {
            panic!("a hex map")
        };
        let number_px = (crate::layout::hex_layout(&game, &hm.geometry).dy * 0.15).max(6.0);
        for [_, _, w, _] in &parts {
            let pt = number_px * super::PART_MM.0 / f64::from(*w) / super::MM_PER_PT;
            assert!(pt >= 6.0, "{pt} pt");
        }
        // Together they cover the whole map.
        let ((w, h), _) = crate::emit::art::map_frame(&game, m).expect("size");
        assert!(parts.iter().any(|[x, _, pw, _]| x + pw == w));
        assert!(parts.iter().any(|[_, y, _, ph]| y + ph == h));
    }

    #[test]
    fn pictures_of_every_kind_the_prose_may_show_have_a_size() {
        // A JPEG's start: SOI, then a baseline frame of 40 × 30.
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 30, 0x00, 40, 0x03, 0x01, 0x22, 0x00,
            0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9,
        ];
        assert_eq!(super::picture_size(&jpeg), Some((40, 30)));
        let gif = b"GIF89a\x0c\x00\x07\x00\x00\x00\x00;";
        assert_eq!(super::picture_size(gif), Some((12, 7)));
        let svg = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="120px" height="80"><rect/></svg>"#;
        assert_eq!(super::picture_size(svg), Some((120, 80)));
        let boxed = br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150.4"></svg>"#;
        assert_eq!(super::picture_size(boxed), Some((300, 150)));
        assert_eq!(super::picture_size(b"<html></html>"), None);
        assert_eq!(super::picture_size(b"not a picture"), None);
    }

    #[test]
    fn the_printed_page_shows_each_picture_from_its_sharpest_source() {
        let html = "<p><img class=\"face\" src=\"images/a.png\" srcset=\"images/a.png 1x, images/a@3x.png 3x\" alt=\"A\" width=\"60\"> \
                    <img src=\"images/map.png\" alt=\"map\"></p>";
        assert_eq!(
            sharpest_sources(html),
            "<p><img class=\"face\" src=\"images/a@3x.png\" alt=\"A\" width=\"60\"> \
             <img src=\"images/map.png\" alt=\"map\"></p>"
        );
    }

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

//! A chapter's Markdown as HTML: pulldown-cmark's renderer over the chapter's events, with
//! the check stage's findings applied at the same offsets — headings get their anchors,
//! directive paragraphs become generated material, and cross-references become links. The
//! designer's raw HTML is held aside and cleaned to the rulebook's allow-list
//! ([`crate::load::prose_html`]); links and pictures to addresses it does not allow keep
//! their text only. Markdown of the game's data (its description) shows raw HTML as
//! written ([`data_html`]).

use std::collections::BTreeSet;

use pulldown_cmark::{CowStr, Event, Parser, Tag, TagEnd};

use crate::load::prose::{markdown_options, text_references};
use crate::load::prose_html::{allowed_address, without_markers, HeldHtml};
use crate::model::rulebook::{Chapter, Directive, FileTarget, Linked, Rulebook};
use crate::model::Game;

pub use super::addresses::{chapter_href, section_href, section_id, swing_file, Target};
use super::material::{self, Pictures};
use super::references::{self, link_material, RuleIndex};

/// Render one chapter for the published site, its material drawn with `pictures`.
/// `taken` holds the ids already used on the page (the material's anchors are made unique
/// against it).
pub fn chapter_html(
    game: &Game,
    book: &Rulebook,
    index: usize,
    target: Target,
    pictures: &mut Pictures,
    taken: &mut BTreeSet<String>,
) -> String {
    let ch = &book.chapters[index];
    // The prose's own pictures, copied into the site.
    let files: Vec<(usize, String)> = ch
        .files
        .iter()
        .filter_map(|f| match &f.target {
            Linked::Picture(rel) => Some((
                f.range.start,
                pictures.file(game, material::Picture::File(rel.clone())),
            )),
            Linked::Chapter(..) => None,
        })
        .collect();
    chapter_with(game, book, index, target, taken, &files, &mut |d, id| {
        material::render(game, d, id, pictures)
    })
}

/// Render one chapter, each directive's material made by `material(directive, anchor)`, each
/// picture of the prose shown from the file `pictures` gives for its offset (a picture
/// without one is written as its description).
pub fn chapter_with(
    game: &Game,
    book: &Rulebook,
    index: usize,
    target: Target,
    taken: &mut BTreeSet<String>,
    pictures: &[(usize, String)],
    material: &mut dyn FnMut(&Directive, &str) -> String,
) -> String {
    let ch = &book.chapters[index];
    let text = without_markers(&ch.text);
    let text = text.as_ref();
    let mut events: Vec<Event> = Vec::new();
    let mut held = HeldHtml::default();
    let mut skip_until_paragraph_end = false;
    let mut link_depth = 0usize;
    // Whether each open link is written (a link to an address not allowed keeps its text).
    let mut links_kept: Vec<bool> = Vec::new();
    // Inside a picture written as one, whose description pulldown-cmark writes escaped.
    let mut image_depth = 0usize;
    let mut in_code = 0usize;
    let mut run: Option<(String, std::ops::Range<usize>)> = None;
    let mut in_picture = false;
    // The id of the heading being written, for its permalink at its end.
    let mut open_heading: Option<String> = None;
    // Rule numbers written without `see` are linked on the site (not in VASSAL's help,
    // whose pages link only what `check` resolved), but not in headings (their own number).
    let index = (target != Target::Swing).then(|| RuleIndex::of(book));
    let mut in_heading = false;
    // The level of the section being written: material goes one level below it.
    let mut section_level = 1u8;
    for (event, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
        if skip_until_paragraph_end {
            if matches!(event, Event::End(TagEnd::Paragraph)) {
                skip_until_paragraph_end = false;
            }
            continue;
        }
        // Text and soft line breaks gather into one run (a reference may break across
        // lines), linked when the run ends.
        let joins = match &event {
            Event::Text(t) if link_depth == 0 && in_code == 0 => Some(t.to_string()),
            Event::SoftBreak if link_depth == 0 && in_code == 0 => Some("\n".to_string()),
            _ => None,
        };
        if let Some(t) = joins {
            match run.as_mut() {
                Some((r, at)) => {
                    r.push_str(&t);
                    at.end = range.end;
                }
                None => run = Some((t, range.clone())),
            }
            continue;
        }
        if let Some((r, at)) = run.take() {
            let implied = index.as_ref().filter(|_| !in_heading);
            link_run(book, ch, target, text, &r, at, implied, &mut events);
        }
        match event {
            Event::Start(Tag::Heading {
                level,
                classes,
                attrs,
                ..
            }) => {
                in_heading = true;
                section_level = heading_number(level);
                let id = ch
                    .sections
                    .iter()
                    .find(|s| s.range.start == range.start)
                    .map(|s| section_id(ch, &s.anchor, target));
                if let Some(id) = &id {
                    taken.insert(id.clone());
                }
                if target == Target::Swing {
                    events.push(Event::Start(Tag::Heading {
                        level,
                        id: None,
                        classes,
                        attrs,
                    }));
                    if let Some(id) = id {
                        events.push(Event::Html(CowStr::from(format!(
                            "<a name=\"{}\"></a>",
                            quick_xml::escape::escape(&id)
                        ))));
                    }
                } else {
                    open_heading.clone_from(&id);
                    events.push(Event::Start(Tag::Heading {
                        level,
                        id: id.map(CowStr::from),
                        classes,
                        attrs,
                    }));
                }
            }
            // A link to the heading itself, for a reader to copy (shown on hover and focus,
            // not printed).
            Event::End(TagEnd::Heading(_)) => {
                in_heading = false;
                if let Some(id) = open_heading.take() {
                    events.push(Event::Html(CowStr::from(permalink(&id))));
                }
                events.push(event);
            }
            Event::Start(Tag::Paragraph) => match ch.directives.iter().find(|d| d.range == range) {
                Some(d) => {
                    let base = super::material::anchor(game, &d.directive);
                    let mut id = base.clone();
                    let mut n = 2;
                    while taken.contains(&id) {
                        id = format!("{base}-{n}");
                        n += 1;
                    }
                    taken.insert(id.clone());
                    let mut html = material(&d.directive, &id);
                    if let Some(index) = &index {
                        html = link_material(&html, book, index, target);
                        html = material::nested_headings(&html, section_level);
                    }
                    events.push(Event::Html(CowStr::from(html)));
                    skip_until_paragraph_end = true;
                }
                None => match boxed(&text[range.clone()]).filter(|_| target != Target::Swing) {
                    Some(kind) => events.push(Event::Html(CowStr::from(format!(
                        "<p class=\"boxed {kind}\">"
                    )))),
                    None => events.push(Event::Start(Tag::Paragraph)),
                },
            },
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                link_depth += 1;
                // A link to another chapter goes to its page (or its place on this one).
                let dest = match ch.files.iter().find(|f| f.range.start == range.start) {
                    Some(FileTarget {
                        target: Linked::Chapter(c, anchor),
                        ..
                    }) => Some(match anchor {
                        Some(a) => section_href(book, *c, a, target),
                        None => chapter_href(book, *c, target),
                    }),
                    _ if allowed_address(&dest_url) => Some(dest_url.to_string()),
                    _ => None,
                };
                links_kept.push(dest.is_some());
                if let Some(dest) = dest {
                    events.push(Event::Start(Tag::Link {
                        link_type,
                        dest_url: CowStr::from(dest),
                        title,
                        id,
                    }));
                }
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => match pictures.iter().find(|(at, _)| *at == range.start) {
                Some((_, src)) => {
                    image_depth += 1;
                    events.push(Event::Start(Tag::Image {
                        link_type,
                        dest_url: CowStr::from(src.clone()),
                        title,
                        id,
                    }));
                }
                None if crate::load::prose::is_local(&dest_url) || !allowed_address(&dest_url) => {
                    in_picture = true;
                    events.push(Event::Html(CowStr::from("<i>[")));
                }
                None => {
                    image_depth += 1;
                    events.push(Event::Start(Tag::Image {
                        link_type,
                        dest_url,
                        title,
                        id,
                    }));
                }
            },
            Event::End(TagEnd::Image) if in_picture => {
                in_picture = false;
                events.push(Event::Html(CowStr::from("]</i>")));
            }
            Event::End(TagEnd::Image) => {
                image_depth = image_depth.saturating_sub(1);
                events.push(event);
            }
            Event::End(TagEnd::Link) => {
                link_depth = link_depth.saturating_sub(1);
                if links_kept.pop().unwrap_or(true) {
                    events.push(event);
                }
            }
            // The designer's HTML, held for the sanitizer; inside a picture's description
            // pulldown-cmark writes it escaped, as text.
            Event::Html(raw) | Event::InlineHtml(raw) if image_depth == 0 => {
                events.push(Event::Html(CowStr::from(held.hold(&raw))));
            }
            Event::Start(Tag::CodeBlock(_)) => {
                in_code += 1;
                events.push(event);
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code = in_code.saturating_sub(1);
                events.push(event);
            }
            other => events.push(other),
        }
    }
    if let Some((r, at)) = run.take() {
        link_run(book, ch, target, text, &r, at, index.as_ref(), &mut events);
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    let html = held.clean(&html);
    // The site's pages are typeset (curly quotes, minus signs) down to the generated
    // material; VASSAL's help gets the text as it is.
    match target {
        Target::Swing => html,
        Target::Pages | Target::OnePage => super::typography::typeset(&html),
    }
}

/// The kind of box a paragraph is set in: `example` for one that opens with a bold label
/// starting `Example` (`**Example.**`, `**Example 2.**`), `note` for one whose bold label
/// starts or ends with `note` (`**Note.**`, `**Designer's note.**`); the label ends with a
/// full stop inside the bold. None for any other paragraph.
pub fn boxed(paragraph: &str) -> Option<&'static str> {
    let label = paragraph.strip_prefix("**")?;
    let label = &label[..label.find("**")?];
    let label = label.strip_suffix('.')?.trim().to_lowercase();
    if label.starts_with("example") {
        Some("example")
    } else if label.starts_with("note") || label.ends_with(" note") {
        Some("note")
    } else {
        None
    }
}

/// A heading level as its number (1 for `#`).
fn heading_number(level: pulldown_cmark::HeadingLevel) -> u8 {
    use pulldown_cmark::HeadingLevel::*;
    match level {
        H1 => 1,
        H2 => 2,
        H3 => 3,
        H4 => 4,
        H5 => 5,
        H6 => 6,
    }
}

/// The permalink of a heading with the id `id`: a link to itself a reader can copy.
pub fn permalink(id: &str) -> String {
    format!(
        " <a class=\"permalink\" href=\"#{}\" aria-label=\"Link to this section\">#</a>",
        quick_xml::escape::escape(id)
    )
}

/// Markdown of the game's data (its description) as HTML: raw HTML in it shown as written
/// (escaped, as text: the data may come from a file nobody here wrote), and links and
/// pictures to addresses the rulebook does not allow kept as their text.
pub fn data_html(markdown: &str) -> String {
    let mut links_kept: Vec<bool> = Vec::new();
    let mut in_picture = false;
    let events = Parser::new_ext(markdown, markdown_options()).filter_map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Some(Event::Text(raw)),
        Event::Start(Tag::Link { ref dest_url, .. }) => {
            let kept = allowed_address(dest_url);
            links_kept.push(kept);
            kept.then_some(event)
        }
        Event::End(TagEnd::Link) => links_kept.pop().unwrap_or(true).then_some(event),
        Event::Start(Tag::Image { ref dest_url, .. }) if !allowed_address(dest_url) => {
            in_picture = true;
            Some(Event::Html(CowStr::from("<i>[")))
        }
        Event::End(TagEnd::Image) if in_picture => {
            in_picture = false;
            Some(Event::Html(CowStr::from("]</i>")))
        }
        other => Some(other),
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// A run of text with its cross-references made links: those `check` resolved, and with
/// `implied` the rule numbers written without `see` ([`super::references`]).
#[allow(clippy::too_many_arguments)]
fn link_run<'a>(
    book: &Rulebook,
    ch: &Chapter,
    target: Target,
    file: &str,
    t: &str,
    range: std::ops::Range<usize>,
    implied: Option<&RuleIndex>,
    events: &mut Vec<Event<'a>>,
) {
    let mut found: Vec<(std::ops::Range<usize>, usize, &str)> = text_references(file, range, t)
        .into_iter()
        .filter_map(|r| {
            let at = r.text?;
            ch.references
                .iter()
                .find(|x| x.range.start == r.source.start)
                .map(|x| (at, x.chapter, x.anchor.as_str()))
        })
        .collect();
    if let Some(index) = implied {
        let more: Vec<_> = references::implied(t, index)
            .into_iter()
            .filter(|(r, _)| {
                !found
                    .iter()
                    .any(|(f, _, _)| f.start < r.end && r.start < f.end)
            })
            .map(|(r, (c, a))| (r, *c, a.as_str()))
            .collect();
        found.extend(more);
        found.sort_by_key(|(r, _, _)| r.start);
    }
    let mut last = 0;
    for (r, chapter, anchor) in found {
        if r.start > last {
            events.push(Event::Text(CowStr::from(t[last..r.start].to_string())));
        }
        let href = section_href(book, chapter, anchor, target);
        events.push(Event::Html(CowStr::from(format!(
            "<a class=\"ref\" href=\"{}\">",
            quick_xml::escape::escape(&href)
        ))));
        events.push(Event::Text(CowStr::from(t[r.clone()].to_string())));
        events.push(Event::Html(CowStr::from("</a>")));
        last = r.end;
    }
    if last < t.len() {
        events.push(Event::Text(CowStr::from(t[last..].to_string())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_and_examples_are_known_by_their_bold_label() {
        assert_eq!(boxed("**Note.** The module counts."), Some("note"));
        assert_eq!(boxed("**Designer's note.** Why."), Some("note"));
        assert_eq!(boxed("**Example 2.** A Level 2 band."), Some("example"));
        assert_eq!(
            boxed("**Example of an exchange.** A Guards army."),
            Some("example")
        );
        // Other labels, and the old forms, are plain paragraphs.
        assert_eq!(boxed("**Supply.** A unit traces."), None);
        assert_eq!(boxed("Note: the module counts."), None);
        assert_eq!(boxed("*Example:* A Par - Bur."), None);
        assert_eq!(boxed("**Notes**"), None);
    }

    #[test]
    fn only_numbered_anchors_stay_bare_on_one_page() {
        let ch = Chapter {
            path: "rules/01-a.md".into(),
            slug: "01-a".into(),
            title: "A".into(),
            text: String::new(),
            sections: Vec::new(),
            directives: Vec::new(),
            references: Vec::new(),
            files: Vec::new(),
        };
        assert_eq!(section_id(&ch, "s12.3", Target::OnePage), "s12.3");
        assert_eq!(section_id(&ch, "scale", Target::OnePage), "01-a--scale");
        assert_eq!(section_id(&ch, "scale", Target::Pages), "scale");
    }
}

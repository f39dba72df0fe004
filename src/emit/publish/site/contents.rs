//! The contents of the book, as the title page and each page's sidebar list them: the
//! chapters with their sections and theirs, each linked where the pages (or the one page of
//! the whole book) show it.

use serde::Serialize;

use crate::load::prose::rule_number;
use crate::model::rulebook::Rulebook;

use crate::emit::publish::markdown::{chapter_href, section_href, Target};

/// A chapter in the contents and the sidebar.
#[derive(Serialize)]
pub(super) struct ChapterLink {
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
pub(super) fn chapter_links(book: &Rulebook, target: Target) -> Vec<ChapterLink> {
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

//! The search's index: every section of the book with its number, title, link and the words
//! of its text, for `search.js`.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::model::rulebook::Rulebook;

use crate::emit::publish::markdown::{section_href, Target};

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
pub(super) fn search_index(book: &Rulebook) -> Vec<u8> {
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

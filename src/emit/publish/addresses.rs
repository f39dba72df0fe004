//! Where each chapter and section of the rulebook is found: the page and the anchor a link
//! to it is written with, on the site's pages, on the one page the PDF is printed from, and
//! among VASSAL's help pages.

use crate::model::rulebook::{is_numbered_anchor, Chapter, Rulebook};

/// Where the chapter is shown, which decides how links to sections are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// One page per chapter: `<slug>.html#anchor`.
    Pages,
    /// The whole book on one page: `#<slug>--anchor` for unnumbered headings, `#anchor`
    /// for numbered ones (unique in the book).
    OnePage,
    /// VASSAL's help pages (Swing's HTML 3.2): `rules-<slug>.html#anchor`, anchors as
    /// `<a name>` (what Swing scrolls to).
    Swing,
}

/// The archive entry of a chapter among VASSAL's help pages.
pub fn swing_file(chapter: &Chapter) -> String {
    format!("rules-{}.html", chapter.slug)
}

/// The id a section's anchor gets in `target`.
pub fn section_id(chapter: &Chapter, anchor: &str, target: Target) -> String {
    match target {
        Target::Pages | Target::Swing => anchor.to_string(),
        Target::OnePage if is_numbered_anchor(anchor) => anchor.to_string(),
        Target::OnePage => format!("{}--{anchor}", chapter.slug),
    }
}

/// The link to a section from any chapter.
pub fn section_href(book: &Rulebook, chapter: usize, anchor: &str, target: Target) -> String {
    let ch = &book.chapters[chapter];
    let id = section_id(ch, anchor, target);
    match target {
        Target::Pages => format!("{}.html#{id}", ch.slug),
        Target::OnePage => format!("#{id}"),
        Target::Swing => format!("{}#{id}", swing_file(ch)),
    }
}

/// The link to a whole chapter.
pub fn chapter_href(book: &Rulebook, chapter: usize, target: Target) -> String {
    let ch = &book.chapters[chapter];
    match target {
        Target::Pages => format!("{}.html", ch.slug),
        Target::OnePage => format!("#chapter-{}", ch.slug),
        Target::Swing => format!("{}#top", swing_file(ch)),
    }
}

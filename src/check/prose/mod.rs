//! The rules prose (`rules/*.md`) checked against the game: every directive names data the
//! game has, every numbered section has its own number, and every cross-reference names a
//! section of the book. The result is the game's [`Rulebook`].
//!
//! Directives are checked in `directives.rs`, the older forms of notes found in `notes.rs`.

use std::collections::BTreeMap;
use std::path::Path;

use super::names::Names;
use super::Cx;
use crate::diag::suggest::did_you_mean;
use crate::diag::{Diagnostic, Span};
use crate::load::prose::{scan, FileLink, RawDirective, Scanned};
use crate::load::prose_html::dropped;
use crate::load::source::FileId;
use crate::model::rulebook::{
    canonical_number, numbered_anchor, slug_of_title, Chapter, Directive, FileTarget, Linked,
    PlacedDirective, Reference, Section,
};
use crate::model::{Game, Rulebook};

mod directives;
mod notes;

use directives::directive;
use notes::old_note_forms;

/// The directive kinds, with whether each takes an id (`Some(true)` needs one,
/// `Some(false)` may have one, `None` takes none).
const KINDS: &[(&str, Option<bool>)] = &[
    ("chart", Some(true)),
    ("counter", Some(true)),
    ("counters", Some(false)),
    ("crt", Some(true)),
    ("map", Some(false)),
    ("options", None),
    ("powers", Some(false)),
    ("provinces", Some(false)),
    ("sequence", None),
    ("setup", Some(true)),
    ("tec", None),
    ("track", Some(true)),
    ("turns", Some(false)),
    ("victory", None),
];

/// Check the prose files and resolve them into the game's rulebook.
pub(super) fn check_rulebook(
    cx: &mut Cx,
    root: &Path,
    prose: &[FileId],
    unread: bool,
    names: &Names,
    game: &Game,
) -> Rulebook {
    let scanned: Vec<(FileId, Scanned)> = prose
        .iter()
        .map(|&f| (f, scan(cx.sources.text(f))))
        .collect();
    let mut chapters: Vec<Chapter> = Vec::new();
    // canonical number → (chapter, anchor, span of the first heading)
    let mut numbers: BTreeMap<String, (usize, String, Span)> = BTreeMap::new();
    for (c, (file, s)) in scanned.iter().enumerate() {
        let path = cx.sources.path(*file).to_string();
        let slug = slug_of_path(&path);
        let mut anchors: Vec<String> = Vec::new();
        let mut sections = Vec::new();
        for h in &s.headings {
            let anchor = match &h.number {
                Some((n, at)) => {
                    let canon = canonical_number(n);
                    let span = Span::new(*file, at.clone().unwrap_or(h.range.clone()));
                    let anchor = numbered_anchor(n);
                    if let Some((_, _, first)) = numbers.get(&canon) {
                        cx.push(
                            Diagnostic::error(
                                "duplicate-rule-number",
                                format!("rule {n} is numbered twice"),
                            )
                            .at(span)
                            .label("a second section with this number")
                            .note(first.clone(), "first numbered here")
                            .hint("number each section once; `12` and `12.0` are the same number"),
                        );
                    } else {
                        numbers.insert(canon, (c, anchor.clone(), span));
                    }
                    anchor
                }
                None => slug_of_title(&h.text),
            };
            let anchor = unique(anchor, &anchors);
            anchors.push(anchor.clone());
            sections.push(Section {
                level: h.level,
                number: h.number.as_ref().map(|n| n.0.clone()),
                title: h.text.clone(),
                anchor,
                range: h.range.clone(),
            });
        }
        // A chapter has one title: a later level-1 heading would be a chapter the
        // contents do not list on their own (it is listed under this one's sections).
        for second in sections.iter().filter(|s| s.level == 1).skip(1) {
            cx.push(
                Diagnostic::warning(
                    "second-chapter-title",
                    format!(
                        "`{path}` has a second level-1 heading `{}`; a chapter has one title",
                        second.title
                    ),
                )
                .at(Span::new(*file, second.range.clone()))
                .label("listed in the contents under this chapter, not as a chapter")
                .hint("move it and what follows to a file of its own in `rules/` to make it a chapter, or make it a section with `##`"),
            );
        }
        let title = match sections.iter().find(|s| s.level == 1) {
            Some(s) => s.title.clone(),
            None => {
                cx.push(
                    Diagnostic::warning(
                        "chapter-without-title",
                        format!("`{path}` has no level-1 heading"),
                    )
                    .at(Span::new(*file, 0..0))
                    .hint("start the chapter with its title, e.g. `# 3.0 Movement`; its file name stands in for now"),
                );
                slug.clone()
            }
        };
        let directives = s
            .directives
            .iter()
            .filter_map(|d| {
                directive(cx, *file, d, names, game).map(|directive| PlacedDirective {
                    range: d.range.clone(),
                    directive,
                })
            })
            .collect();
        chapters.push(Chapter {
            path,
            slug,
            title,
            text: cx.sources.text(*file).to_string(),
            sections,
            directives,
            references: Vec::new(),
            files: Vec::new(),
        });
    }
    // Raw HTML the published rules leave out.
    for (file, _) in &scanned {
        for d in dropped(cx.sources.text(*file)) {
            cx.push(
                Diagnostic::warning(
                    "html-dropped",
                    format!("the published rules leave out {}", d.removal),
                )
                .at(Span::new(*file, d.range.clone()))
                .label("not published")
                .hint(d.removal.hint()),
            );
        }
    }
    // Notes and examples written in a form the booklet does not set off in a box.
    for (file, _) in &scanned {
        for (range, written, convention) in old_note_forms(cx.sources.text(*file)) {
            cx.push(
                Diagnostic::warning(
                    "note-form",
                    format!("`{written}` opens a paragraph the published rules do not box as a note or an example"),
                )
                .at(Span::new(*file, range))
                .label("written in an older form")
                .hint(format!(
                    "write `{convention}` (bold, the full stop inside the bold): the site and the booklet set the paragraph off in a box"
                )),
            );
        }
    }
    let known: Vec<String> = numbers.keys().cloned().collect();
    for (c, (file, s)) in scanned.iter().enumerate() {
        for (n, range) in &s.references {
            match numbers.get(&canonical_number(n)) {
                Some((chapter, anchor, _)) => chapters[c].references.push(Reference {
                    range: range.clone(),
                    number: n.clone(),
                    chapter: *chapter,
                    anchor: anchor.clone(),
                }),
                None if unread => {}
                None => cx.push(
                    Diagnostic::error(
                        "unknown-rule-reference",
                        format!("there is no rule {n} in the rules"),
                    )
                    .at(Span::new(*file, range.clone()))
                    .label("no section has this number")
                    .hint(nearby_numbers(n, &known)),
                ),
            }
        }
    }
    for (c, (file, s)) in scanned.iter().enumerate() {
        for link in &s.files {
            if let Some(target) = file_link(cx, root, *file, link, &chapters) {
                chapters[c].files.push(FileTarget {
                    range: link.range.clone(),
                    target,
                });
            }
        }
    }
    // Slugs must be unique pages; two files differing only in case or punctuation clash.
    let mut seen: Vec<String> = Vec::new();
    for ch in &mut chapters {
        ch.slug = unique(std::mem::take(&mut ch.slug), &seen);
        seen.push(ch.slug.clone());
    }
    Rulebook { chapters }
}

/// Picture files a page may show.
const PICTURES: &[&str] = &["png", "jpg", "jpeg", "gif", "svg", "webp"];

/// Resolve a link or picture naming a file beside the prose, or report why it cannot be.
fn file_link(
    cx: &mut Cx,
    root: &Path,
    file: FileId,
    link: &FileLink,
    chapters: &[Chapter],
) -> Option<Linked> {
    let at = Span::new(file, link.range.clone());
    let (path, fragment) = match link.dest.split_once('#') {
        Some((p, f)) => (p, Some(f.to_string())),
        None => (link.dest.as_str(), None),
    };
    let path = path.replace("%20", " ");
    // The file's path relative to the game directory, `..` resolved; outside it is refused.
    let here = cx.sources.path(file);
    let mut parts: Vec<&str> = here.split('/').collect();
    parts.pop();
    let mut escaped = path.starts_with('/');
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => escaped |= parts.pop().is_none(),
            p => parts.push(p),
        }
    }
    let rel = parts.join("/");
    if escaped {
        cx.push(
            Diagnostic::error(
                "broken-link",
                format!("`{}` is outside the game directory", link.dest),
            )
            .at(at)
            .hint("link files of the game's own directory, relative to the chapter"),
        );
        return None;
    }
    let ext = rel.rsplit_once('.').map(|(_, x)| x.to_ascii_lowercase());
    if link.picture {
        if !ext.as_deref().is_some_and(|x| PICTURES.contains(&x)) {
            cx.push(
                Diagnostic::error(
                    "broken-link",
                    format!("`{}` is not a picture file", link.dest),
                )
                .at(at)
                .hint(format!("show a {} file", PICTURES.join(", "))),
            );
            return None;
        }
        if !root.join(&rel).is_file() {
            cx.push(
                Diagnostic::error("missing-picture", format!("there is no picture `{rel}`"))
                    .at(at)
                    .label("no such file")
                    .hint("paths are relative to the chapter's file (`pics/x.png` is `rules/pics/x.png`)"),
            );
            return None;
        }
        return Some(Linked::Picture(rel));
    }
    let Some(chapter) = chapters.iter().position(|c| c.path == rel) else {
        // Chapters by file name, as a link beside them names them.
        let known: Vec<&str> = chapters
            .iter()
            .map(|c| c.path.rsplit('/').next().unwrap_or(&c.path))
            .collect();
        let name = rel.rsplit('/').next().unwrap_or(&rel);
        let hint = if ext.as_deref() == Some("md") {
            did_you_mean(name, known.iter().copied())
                .unwrap_or_else(|| format!("the chapters are {}", known.join(", ")))
        } else {
            "a link names another chapter (`05-movement.md`, `05-movement.md#s5.2`) or a web address; pictures are written `![what](file.png)`".to_string()
        };
        cx.push(
            Diagnostic::error(
                "broken-link",
                format!("`{}` is not a chapter of the rules", link.dest),
            )
            .at(at)
            .hint(hint),
        );
        return None;
    };
    if let Some(f) = &fragment {
        if !chapters[chapter].sections.iter().any(|s| &s.anchor == f) {
            let anchors: Vec<&str> = chapters[chapter]
                .sections
                .iter()
                .map(|s| s.anchor.as_str())
                .collect();
            cx.push(
                Diagnostic::error(
                    "broken-link",
                    format!("`{}` has no section `#{f}`", chapters[chapter].path),
                )
                .at(at)
                .hint(did_you_mean(f, anchors.iter().copied()).unwrap_or_else(|| {
                    "a numbered section's anchor is `s` and its number, e.g. `#s12.3`".into()
                })),
            );
            return None;
        }
    }
    Some(Linked::Chapter(chapter, fragment))
}

/// A hint for a number no section has: the sections of the same chapter number, else the
/// chapters there are. (Spelling suggestions make no sense for numbers.)
fn nearby_numbers(n: &str, known: &[String]) -> String {
    if known.is_empty() {
        return "no heading of the rules starts with a number yet (`## 12.3 Title`)".to_string();
    }
    let key = |s: &str| -> Vec<u64> { s.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
    let mut sorted: Vec<&String> = known.iter().collect();
    sorted.sort_by_key(|s| key(s));
    let head = canonical_number(n)
        .split('.')
        .next()
        .unwrap_or("")
        .to_string();
    let same: Vec<&str> = sorted
        .iter()
        .filter(|s| s.split('.').next() == Some(head.as_str()))
        .map(|s| s.as_str())
        .collect();
    if !same.is_empty() {
        let mut shown: Vec<&str> = same.iter().take(12).copied().collect();
        if same.len() > 12 {
            shown.push("…");
        }
        return format!("rule {head} has: {}", shown.join(", "));
    }
    let mut chapters: Vec<&str> = sorted
        .iter()
        .filter(|s| !s.contains('.'))
        .map(|s| s.as_str())
        .collect();
    chapters.dedup();
    if chapters.is_empty() {
        format!(
            "the rules number {}",
            sorted
                .iter()
                .take(12)
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        format!("the rules' chapters are {}", chapters.join(", "))
    }
}

/// An id to show in a hint.
fn example_id(kind: &str, game: &Game) -> String {
    let first = match kind {
        "crt" => game.crts.first().map(|c| c.id.clone()),
        "chart" => game.charts.first().map(|c| c.id.clone()),
        "track" => game.tracks.first().map(|t| t.id.clone()),
        "counter" => game.counters.first().map(|c| c.id.clone()),
        "setup" => game.scenarios.first().map(|s| s.id.clone()),
        _ => None,
    };
    first.unwrap_or_else(|| "ID".to_string())
}

/// The page name of a chapter: its file stem, lower case, with only letters, digits and `-`.
fn slug_of_path(path: &str) -> String {
    let stem = path
        .rsplit('/')
        .next()
        .unwrap_or(path)
        .trim_end_matches(".md");
    let s = slug_of_title(stem);
    if s.is_empty() {
        "chapter".to_string()
    } else {
        s
    }
}

/// `base`, or `base-2`, `base-3`… the first not in `taken`.
fn unique(base: String, taken: &[String]) -> String {
    if !taken.contains(&base) {
        return base;
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|s| !taken.contains(s))
        .unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::notes::old_note_form;
    use super::*;

    #[test]
    fn the_older_forms_of_notes_and_examples_are_found() {
        let found = |p: &str| old_note_form(p).map(|(len, c)| (p[..len].to_string(), c));
        for (paragraph, label, convention) in [
            ("Note: the module counts.", "Note:", "**Note.**"),
            ("**Note:** the module counts.", "**Note:**", "**Note.**"),
            ("*Note:* the module counts.", "*Note:*", "**Note.**"),
            ("**Note**: the module counts.", "**Note**:", "**Note.**"),
            ("NOTE: the module counts.", "NOTE:", "**Note.**"),
            ("_Example:_ A Par - Bur.", "_Example:_", "**Example.**"),
            ("Example 2: two armies.", "Example 2:", "**Example 2.**"),
            (
                "**Designer’s Note:** why.",
                "**Designer’s Note:**",
                "**Designer's note.**",
            ),
        ] {
            assert_eq!(
                found(paragraph),
                Some((label.to_string(), convention.to_string())),
                "{paragraph}"
            );
        }
        for paragraph in [
            "**Note.** The module counts.",
            "**Example 2.** A Level 2 band.",
            "Notes: none.",
            "Note that units move: slowly.",
            "A note: not at the start.",
            "**Note: unclosed",
        ] {
            assert_eq!(found(paragraph), None, "{paragraph}");
        }
        let text = "# 1.0 Rules\n\nNote: one.\n\n```\nNote: in code\n```\n\n> **Example:** two.\n";
        let forms: Vec<String> = old_note_forms(text).into_iter().map(|f| f.1).collect();
        assert_eq!(forms, ["Note:", "**Example:**"]);
    }

    #[test]
    fn slugs_are_plain() {
        assert_eq!(
            slug_of_title("Designer's Notes: Supply!"),
            "designer-s-notes-supply"
        );
        assert_eq!(slug_of_path("rules/03-Movement.md"), "03-movement");
        assert_eq!(slug_of_title("…"), "section");
        assert_eq!(unique("a".into(), &["a".into(), "a-2".into()]), "a-3");
    }
}

//! The designer's book (`docs/`): every page is in the book's contents (`SUMMARY.md`), every
//! page the contents names exists, and every link between pages, to a picture or to a
//! heading resolves, as mdBook and a forge would follow it. The reference pages' content is
//! kept true by tests/suite/reference.rs and the tutorial's by tests/suite/tutorial.rs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::support::root;

/// The book's source folder.
fn book() -> PathBuf {
    root().join("docs/src")
}

/// Every page of the book: Markdown files below docs/src, except the example games' own
/// rules prose kept beside the tutorial (`tutorial/game/…`), which are game files.
fn pages() -> BTreeSet<PathBuf> {
    walkdir::WalkDir::new(book())
        .into_iter()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
        .map(|e| e.path().strip_prefix(book()).expect("below").to_path_buf())
        .filter(|p| !p.starts_with("tutorial/game") && p != Path::new("SUMMARY.md"))
        .collect()
}

/// mdBook's id of a heading: lower case, spaces to hyphens, only letters, digits, `-`, `_`.
fn heading_id(text: &str) -> String {
    text.trim()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_ascii_lowercase())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// A page's links (destinations as written) and the ids a link may point to.
fn read(page: &Path) -> (Vec<String>, BTreeSet<String>) {
    let text = std::fs::read_to_string(book().join(page)).expect("read page");
    let mut links = Vec::new();
    let mut ids = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(&text, Options::all()) {
        match event {
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. }) => links.push(dest_url.to_string()),
            Event::Start(Tag::Heading { id, .. }) => {
                if let Some(id) = id {
                    ids.insert(id.to_string());
                }
                heading = Some(String::new());
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(h) = heading.take() {
                    ids.insert(heading_id(&h));
                }
            }
            Event::Html(h) | Event::InlineHtml(h) => {
                for part in h.split("id=\"").skip(1) {
                    if let Some((id, _)) = part.split_once('"') {
                        ids.insert(id.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    (links, ids)
}

/// `base/rel` with `..` and `.` resolved, or None when it climbs out of the book.
fn join(base: &Path, rel: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in base.join(rel).components() {
        match c {
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

#[test]
fn docs_contents_names_every_page_and_only_pages_that_exist() {
    let summary = std::fs::read_to_string(book().join("SUMMARY.md")).expect("SUMMARY.md");
    let mut listed = BTreeSet::new();
    for event in Parser::new(&summary) {
        if let Event::Start(Tag::Link { dest_url, .. }) = event {
            listed.insert(PathBuf::from(dest_url.as_ref()));
        }
    }
    let pages = pages();
    let unlisted: Vec<_> = pages.difference(&listed).collect();
    let missing: Vec<_> = listed.difference(&pages).collect();
    assert!(unlisted.is_empty(), "pages not in SUMMARY.md: {unlisted:?}");
    assert!(
        missing.is_empty(),
        "SUMMARY.md names pages that do not exist: {missing:?}"
    );
}

#[test]
fn docs_links_and_anchors_resolve() {
    let pages = pages();
    let ids: BTreeMap<PathBuf, BTreeSet<String>> =
        pages.iter().map(|p| (p.clone(), read(p).1)).collect();
    let mut broken = Vec::new();
    for page in &pages {
        let dir = page.parent().unwrap_or(Path::new(""));
        for link in read(page).0 {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match link.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (link.as_str(), None),
            };
            let target = if file.is_empty() {
                Some(page.clone())
            } else {
                join(dir, file)
            };
            let Some(target) = target else {
                broken.push(format!("{}: {link} leaves the book", page.display()));
                continue;
            };
            if !book().join(&target).exists() {
                broken.push(format!("{}: {link}: no such file", page.display()));
                continue;
            }
            if let Some(anchor) = anchor {
                match ids.get(&target) {
                    Some(known) if known.contains(anchor) => {}
                    Some(_) => broken.push(format!("{}: {link}: no such heading", page.display())),
                    None => broken.push(format!(
                        "{}: {link}: anchor into a non-page",
                        page.display()
                    )),
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn docs_heading_ids_follow_mdbook() {
    assert_eq!(
        heading_id("Step 3: a river along hexsides"),
        "step-3-a-river-along-hexsides"
    );
    assert_eq!(heading_id("`[[crt]]`"), "crt");
    assert_eq!(heading_id("Editor set-up"), "editor-set-up");
}

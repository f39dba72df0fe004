//! The rules prose: `rules/*.md` read into the source map, and the Markdown read for what
//! the check stage resolves — headings, directive paragraphs (`{{crt combat}}`) and
//! cross-references (`see 12.3`), each with its byte range in the file.
//!
//! The scanning functions here are the single definition of what counts as a directive or
//! a reference: the check stage uses them to report, and the publisher uses them again
//! while rendering, so both always agree.

use std::ops::Range;
use std::path::Path;

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use super::source::{FileId, SourceMap};
use super::LoadError;
use crate::diag::{Diagnostic, Diagnostics, Span};

/// The folder of a game directory holding the rules prose.
pub const RULES_DIR: &str = "rules";

/// Largest Markdown file accepted.
const MAX_PROSE_BYTES: u64 = 8 * 1024 * 1024;

/// Read every `rules/*.md` file of `root`, in file-name order, into `sources`. A file that
/// is not UTF-8 is read lossily and reported (`not-utf8` where it breaks); a file too large
/// to be prose is reported (`file-too-large`) and left out of the ids returned.
pub fn read_rules(
    root: &Path,
    sources: &mut SourceMap,
    problems: &mut Diagnostics,
) -> Result<Vec<FileId>, LoadError> {
    let dir = root.join(RULES_DIR);
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let listing = std::fs::read_dir(&dir).map_err(|source| LoadError::Read {
        path: dir.clone(),
        source,
    })?;
    let mut names = Vec::new();
    for entry in listing {
        let entry = entry.map_err(|source| LoadError::Read {
            path: dir.clone(),
            source,
        })?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if name.ends_with(".md") && !name.starts_with('.') && path.is_file() {
            names.push((name, path));
        }
    }
    names.sort();
    let mut ids = Vec::new();
    for (name, path) in names {
        let read_err = |source| LoadError::Read {
            path: path.clone(),
            source,
        };
        let meta = std::fs::metadata(&path).map_err(read_err)?;
        let rel = format!("{RULES_DIR}/{name}");
        if meta.len() > MAX_PROSE_BYTES {
            let id = sources.add(rel.clone(), String::new());
            problems.push(
                Diagnostic::error("file-too-large", format!("`{rel}` is larger than 8 MiB"))
                    .at(Span::new(id, 0..0))
                    .hint("split the chapter into several files"),
            );
            continue;
        }
        let bytes = std::fs::read(&path).map_err(read_err)?;
        let (text, bad) = match String::from_utf8(bytes) {
            Ok(t) => (t, None),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                (String::from_utf8_lossy(e.as_bytes()).into_owned(), Some(at))
            }
        };
        let id = sources.add(rel.clone(), text);
        if let Some(at) = bad {
            problems.push(
                Diagnostic::error("not-utf8", format!("`{rel}` is not valid UTF-8"))
                    .at(Span::new(id, at..at))
                    .hint("save the file as UTF-8"),
            );
        }
        ids.push(id);
    }
    Ok(ids)
}

/// The Markdown extensions the rules may use (the same for checking and publishing).
pub fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_SMART_PUNCTUATION
}

/// A heading as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// Level 1–6.
    pub level: u8,
    /// Its plain text.
    pub text: String,
    /// Byte range of the heading.
    pub range: Range<usize>,
    /// The rule number it starts with, and the number's byte range (when the heading's
    /// text is one run of plain text, as numbered headings are).
    pub number: Option<(String, Option<Range<usize>>)>,
}

/// A directive paragraph as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawDirective {
    /// Byte range of the whole paragraph.
    pub range: Range<usize>,
    /// The kind and its range.
    pub kind: (String, Range<usize>),
    /// The arguments and their ranges.
    pub args: Vec<(String, Range<usize>)>,
}

/// What a chapter's Markdown holds, located.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scanned {
    /// Headings in order.
    pub headings: Vec<Heading>,
    /// Directive paragraphs in order.
    pub directives: Vec<RawDirective>,
    /// Cross-references: the number written and its byte range.
    pub references: Vec<(String, Range<usize>)>,
    /// Links and pictures to files beside the prose (not web addresses, not `#anchors`).
    pub files: Vec<FileLink>,
}

/// A Markdown link or picture naming a file of the game (relative to the chapter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileLink {
    /// A picture (`![…](…)`), else a link.
    pub picture: bool,
    /// The destination as written.
    pub dest: String,
    /// Byte range of the link in the file.
    pub range: Range<usize>,
}

/// Whether a link's destination names a file beside the prose (not `https:`, `mailto:`,
/// nor an anchor of the same page).
pub fn is_local(dest: &str) -> bool {
    !(dest.is_empty()
        || dest.starts_with('#')
        || dest.contains("://")
        || dest.starts_with("mailto:"))
}

/// Read a chapter's Markdown.
pub fn scan(text: &str) -> Scanned {
    let mut out = Scanned::default();
    // (level, start, text so far, (number range) of a single text run)
    let mut heading: Option<(u8, usize, String, Vec<Range<usize>>)> = None;
    let mut in_code = 0usize;
    // Consecutive text and soft line breaks, read as one run (`see` may end a line and its
    // number begin the next).
    let mut run: Option<(String, Range<usize>)> = None;
    for (event, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
        let joins = match &event {
            Event::Text(t) if in_code == 0 => Some(t.as_ref()),
            Event::SoftBreak => Some("\n"),
            _ => None,
        };
        match (joins, run.as_mut()) {
            (Some(t), Some((r, at))) => {
                r.push_str(t);
                at.end = range.end;
            }
            (Some(t), None) => run = Some((t.to_string(), range.clone())),
            (None, _) => {
                if let Some((r, at)) = run.take() {
                    for x in text_references(text, at, &r) {
                        out.references.push((x.number, x.source));
                    }
                }
            }
        }
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level_number(level), range.start, String::new(), Vec::new()));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, start, t, runs)) = heading.take() {
                    let t = t.trim().to_string();
                    let number = rule_number(&t).map(|n| {
                        // Where the number sits in the file: at the start of the first run.
                        let at = runs.first().and_then(|r| {
                            text.get(r.clone())
                                .filter(|s| s.trim_start().starts_with(&n))
                                .map(|s| {
                                    let lead = s.len() - s.trim_start().len();
                                    r.start + lead..r.start + lead + n.len()
                                })
                        });
                        (n, at)
                    });
                    out.headings.push(Heading {
                        level,
                        text: t,
                        range: start..range.end,
                        number,
                    });
                }
            }
            Event::Start(Tag::CodeBlock(_)) => in_code += 1,
            Event::End(TagEnd::CodeBlock) => in_code = in_code.saturating_sub(1),
            Event::Start(Tag::Link { dest_url, .. }) if is_local(&dest_url) => {
                out.files.push(FileLink {
                    picture: false,
                    dest: dest_url.to_string(),
                    range: range.clone(),
                });
            }
            Event::Start(Tag::Image { dest_url, .. }) if is_local(&dest_url) => {
                out.files.push(FileLink {
                    picture: true,
                    dest: dest_url.to_string(),
                    range: range.clone(),
                });
            }
            Event::Start(Tag::Paragraph) => {
                if let Some(d) = directive_at(text, range.clone()) {
                    out.directives.push(d);
                }
            }
            Event::Text(t) if in_code == 0 => {
                if let Some((_, _, h, runs)) = heading.as_mut() {
                    h.push_str(&t);
                    runs.push(range.clone());
                }
            }
            Event::Code(t) => {
                if let Some((_, _, h, _)) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some((_, _, h, _)) = heading.as_mut() {
                    h.push(' ');
                }
            }
            _ => {}
        }
    }
    if let Some((r, at)) = run.take() {
        for x in text_references(text, at, &r) {
            out.references.push((x.number, x.source));
        }
    }
    out
}

fn level_number(l: HeadingLevel) -> u8 {
    match l {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// The paragraph at `range` as a directive, when it holds nothing but `{{…}}`.
pub fn directive_at(text: &str, range: Range<usize>) -> Option<RawDirective> {
    let para = text.get(range.clone())?;
    let lead = para.len() - para.trim_start().len();
    let body = para.trim();
    let inner = body.strip_prefix("{{")?.strip_suffix("}}")?;
    if inner.contains("{{") || inner.contains("}}") || inner.contains('\n') {
        return None;
    }
    let base = range.start + lead + 2;
    let mut words = Vec::new();
    let mut i = 0;
    let bytes = inner.as_bytes();
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        words.push((inner[start..i].to_string(), base + start..base + i));
    }
    let mut words = words.into_iter();
    let kind = words
        .next()
        .unwrap_or_else(|| (String::new(), base..base + inner.len()));
    Some(RawDirective {
        range,
        kind,
        args: words.collect(),
    })
}

/// The rule number a heading's text starts with: `12.3 Supply` → `12.3`. A number is digits
/// and dots, starting and ending with a digit, followed by a space or the end.
pub fn rule_number(heading: &str) -> Option<String> {
    let s = heading.trim_start();
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let n = s[..end].trim_end_matches('.');
    let rest = &s[end..];
    let well_formed = !n.is_empty()
        && n.starts_with(|c: char| c.is_ascii_digit())
        && !n.contains("..")
        && (rest.is_empty() || rest.starts_with(char::is_whitespace));
    well_formed.then(|| n.to_string())
}

/// The cross-references in a run of text, as (number, byte range of the number): a number
/// after `see`/`See` (optionally `rule`, `rules`, `section` or `sections`) or after `§`,
/// and every further number of a list joined by `,`, `and` or `or`.
pub fn references(text: &str) -> Vec<(String, Range<usize>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let after_trigger = if let Some(r) = rest.strip_prefix('§') {
            // `§` needs no word boundary.
            Some(i + rest.len() - r.len())
        } else if (rest.starts_with("see") || rest.starts_with("See"))
            && rest[3..].starts_with([' ', '\n', '\t'])
            && text[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
        {
            Some(i + 4)
        } else {
            None
        };
        let Some(mut at) = after_trigger else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        at = skip_spaces(text, at);
        for word in ["rules", "rule", "sections", "section"] {
            if text[at..].starts_with(word)
                && text[at + word.len()..].starts_with([' ', '\n', '\t'])
            {
                at = skip_spaces(text, at + word.len());
                break;
            }
        }
        let mut found_any = false;
        while let Some(r) = number_at(text, at) {
            found_any = true;
            out.push((text[r.clone()].to_string(), r.clone()));
            at = r.end;
            // A list: `, 12.4`, ` and 12.4`, ` or 12.4`, `, and 12.4`.
            let mut next = None;
            for sep in [", and ", ", or ", ", ", " and ", " or ", "–", "-"] {
                if text[at..].starts_with(sep) {
                    let after = skip_spaces(text, at + sep.len());
                    if number_at(text, after).is_some() {
                        next = Some(after);
                    }
                    break;
                }
            }
            match next {
                Some(n) => at = n,
                None => break,
            }
        }
        i = if found_any { at } else { at.max(i + 1) };
        while !text.is_char_boundary(i) {
            i += 1;
        }
    }
    out
}

/// A cross-reference found in a run of text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextReference {
    /// The number written.
    pub number: String,
    /// Its byte range in the file.
    pub source: Range<usize>,
    /// Its byte range in the run's text as the Markdown parser gives it (which differs from
    /// the source where smart punctuation or escapes changed the run), when it can be found.
    pub text: Option<Range<usize>>,
}

/// The cross-references of a text event: found in the file's text at the event's `range`
/// (so the check reports them where they are written) and matched, in order, with those in
/// the event's own `text` (so the publisher can link them).
pub fn text_references(file: &str, range: Range<usize>, text: &str) -> Vec<TextReference> {
    let Some(src) = file.get(range.clone()) else {
        return Vec::new();
    };
    let in_source = references(src);
    let in_text = references(text);
    let matched =
        in_source.len() == in_text.len() && in_source.iter().zip(&in_text).all(|(a, b)| a.0 == b.0);
    in_source
        .into_iter()
        .enumerate()
        .map(|(i, (number, r))| TextReference {
            number,
            source: range.start + r.start..range.start + r.end,
            text: matched.then(|| in_text[i].1.clone()),
        })
        .collect()
}

fn skip_spaces(text: &str, mut at: usize) -> usize {
    while text[at..].starts_with([' ', '\n', '\t', '\r']) {
        at += 1;
    }
    at
}

/// A rule number starting at `at`: digits, then `.digits` parts (a final `.` not followed by
/// a digit ends the sentence, not the number). Not part of a longer word (`3rd`).
fn number_at(text: &str, at: usize) -> Option<Range<usize>> {
    let b = text.as_bytes();
    let mut end = at;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
    }
    if end == at {
        return None;
    }
    while end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
        end += 1;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
    }
    if end < b.len() && (b[end].is_ascii_alphabetic() || b[end] == b'%') {
        return None;
    }
    Some(at..end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(s: &str) -> Vec<String> {
        references(s).into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn references_are_found_in_their_forms() {
        assert_eq!(numbers("as explained (see 12.3)."), ["12.3"]);
        assert_eq!(numbers("See rule 4.0 and §7.2."), ["4.0", "7.2"]);
        assert_eq!(numbers("see 12.1, 12.3 and 14"), ["12.1", "12.3", "14"]);
        assert_eq!(numbers("see section 3, or 5.1"), ["3", "5.1"]);
        assert_eq!(numbers("see 12.1–12.4"), ["12.1", "12.4"]);
        assert!(numbers("you see 3rd armies; oversee 4.1").is_empty());
        assert!(numbers("see the map").is_empty());
        assert_eq!(numbers("§ 9.9, and 10"), ["9.9", "10"]);
        // Offsets point at the number.
        let s = "x (see 12.3) y";
        let (n, r) = &references(s)[0];
        assert_eq!(&s[r.clone()], n);
    }

    #[test]
    fn headings_carry_rule_numbers() {
        assert_eq!(rule_number("12.3 Supply").as_deref(), Some("12.3"));
        assert_eq!(rule_number("12.0. Supply").as_deref(), Some("12.0"));
        assert_eq!(rule_number("7 Combat").as_deref(), Some("7"));
        assert_eq!(rule_number("1941 Scenario").as_deref(), Some("1941"));
        assert_eq!(rule_number("12.3"), Some("12.3".into()));
        assert_eq!(rule_number("Introduction"), None);
        assert_eq!(rule_number("3rd Army"), None);
    }

    #[test]
    fn directives_stand_alone_in_their_paragraph() {
        let text = "# 1.0 Intro\n\nSee 1.0.\n\n{{crt combat}}\n\nA {{crt x}} inline.\n\n```\n{{map}}\n```\n";
        let s = scan(text);
        assert_eq!(s.directives.len(), 1);
        let d = &s.directives[0];
        assert_eq!(d.kind.0, "crt");
        assert_eq!(&text[d.kind.1.clone()], "crt");
        assert_eq!(d.args[0].0, "combat");
        assert_eq!(&text[d.args[0].1.clone()], "combat");
        assert_eq!(
            s.headings[0].number.as_ref().map(|n| n.0.as_str()),
            Some("1.0")
        );
        let r = s.headings[0].number.as_ref().and_then(|n| n.1.clone());
        assert_eq!(r.map(|r| &text[r]), Some("1.0"));
        assert_eq!(s.references.len(), 1);
        assert_eq!(&text[s.references[0].1.clone()], "1.0");
    }

    #[test]
    fn references_in_runs_changed_by_smart_punctuation_are_found() {
        let text = "The module's pools (see 13.2) -- and \\*see 4.1\\*.\n\n# 13.2 X\n";
        let s = scan(text);
        let found: Vec<&str> = s.references.iter().map(|(_, r)| &text[r.clone()]).collect();
        assert_eq!(found, ["13.2", "4.1"]);
        let r = text_references(text, 0..29, "The module\u{2019}s pools (see 13.2)");
        assert_eq!(r[0].text, Some(26..30));
    }

    #[test]
    fn a_reference_may_break_across_lines() {
        let text = "Supply is traced (see\n7.1) and entry (see rule\n  10.2).\n\n# 7.1 A\n";
        let s = scan(text);
        let found: Vec<&str> = s.references.iter().map(|(_, r)| &text[r.clone()]).collect();
        assert_eq!(found, ["7.1", "10.2"]);
    }

    #[test]
    fn code_is_not_scanned_for_references() {
        let s = scan("`see 9.9`\n\n```\nsee 9.9\n```\n\n    see 9.9\n");
        assert!(s.references.is_empty(), "{:?}", s.references);
    }
}

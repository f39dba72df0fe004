//! Rule references the check stage leaves to the reader: a rule number written without
//! `see` (`described in 5.7`, `explained in 6.2 and 6.4`, `the optional rule 17.1`, `as in
//! 7.5`, `chapters 7.0 to 11.0`) in the prose, and the numbers the generated charts cite
//! (`Fortification (20.2)`, `From the rules (5.0, 8.0, 14.0)`). The published rules make
//! them links too.
//!
//! Such a number is only a reference when the book has a section of that number; it is
//! written with a dot (`5.7`, `2.7.3`), or it is a whole number after `chapter` or `rule`
//! (`chapter 13`), or it continues a list of references (`7.0 to 11`). A number that
//! reads as a quantity is not one: odds (`1.5:1`), sums (`45 × 0.25 = 11.25`), versions
//! (`version 1.1`), a number before a unit (`1.5 MP`), or a table cell holding only a
//! number. `check` does not report these (an unknown one is not an error: it may be a
//! quantity); only those that resolve are linked.

use std::collections::BTreeMap;
use std::ops::Range;

use quick_xml::escape::escape;

use crate::model::rulebook::{canonical_number, Rulebook};

use super::addresses::{section_href, Target};

/// The numbered sections of a book: canonical rule number (`12`, `12.3`) → (chapter,
/// anchor). The first section of a number wins, as in `check`.
#[derive(Debug, Clone, Default)]
pub struct RuleIndex(BTreeMap<String, (usize, String)>);

impl RuleIndex {
    /// The numbered sections of `book`.
    pub fn of(book: &Rulebook) -> Self {
        let mut map = BTreeMap::new();
        for (i, ch) in book.chapters.iter().enumerate() {
            for s in &ch.sections {
                if let Some(n) = &s.number {
                    map.entry(canonical_number(n))
                        .or_insert_with(|| (i, s.anchor.clone()));
                }
            }
        }
        Self(map)
    }

    /// The section a rule number names, if the book has one.
    pub fn get(&self, number: &str) -> Option<&(usize, String)> {
        self.0.get(&canonical_number(number))
    }
}

/// Words after which a whole number is a rule's (`chapter 13`, `rules 7 and 8`).
const NAMING: &[&str] = &[
    "chapter", "chapters", "rule", "rules", "section", "sections",
];

/// Words after which a number is a version or an amount, not a rule.
const NOT_AFTER: &[&str] = &["version", "edition", "v", "ver"];

/// Words after a number that make it an amount (`1.5 MP`, `2.5 hexes`).
const UNITS: &[&str] = &[
    "mp", "mps", "hex", "hexes", "point", "points", "vp", "vps", "times", "turn", "turns", "km",
    "miles", "mile", "factor", "factors", "strength", "column", "columns", "percent", "cm", "mm",
    "inch", "inches",
];

/// Separators that continue a list of references.
const LIST: &[&str] = &[
    ", and ",
    ", or ",
    ", ",
    " and ",
    " or ",
    " to ",
    " through ",
    "\u{2013}",
    "-",
    "\u{2014}",
];

/// A number starting at `at`: digits, then `.digits` parts (a final `.` ends the sentence);
/// not part of a longer word or number. Returns its range and whether it has a dot.
fn number_at(text: &str, at: usize) -> Option<(Range<usize>, bool)> {
    let b = text.as_bytes();
    if at > 0 {
        let before = text[..at].chars().next_back()?;
        if before.is_alphanumeric() || before == '.' || before == ',' && digit_before(text, at - 1)
        {
            return None;
        }
    }
    let mut end = at;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
    }
    if end == at {
        return None;
    }
    let mut dotted = false;
    while end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
        dotted = true;
        end += 1;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
    }
    let after = text[end..].chars().next();
    if after.is_some_and(|c| c.is_alphanumeric() || c == '%' || c == '\u{00d7}') {
        return None;
    }
    Some((at..end, dotted))
}

fn digit_before(text: &str, at: usize) -> bool {
    text[..at]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_digit())
}

/// The word ending just before `at` (spaces skipped), lower case.
fn word_before(text: &str, at: usize) -> String {
    let head = text[..at].trim_end();
    let word: String = head
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    word.to_lowercase()
}

/// Whether the number at `r` reads as a quantity: in a sum, a ratio, a version, or before
/// a unit.
fn is_amount(text: &str, r: &Range<usize>) -> bool {
    let before = text[..r.start].trim_end();
    if before.ends_with([
        '=', '\u{00d7}', '\u{00f7}', '*', '/', '+', '$', '\u{00a3}', '\u{20ac}', '~', '\u{2248}',
        '<', '>', '\u{2264}', '\u{2265}', '#',
    ]) || before.ends_with("&lt;")
        || before.ends_with("&gt;")
        || NOT_AFTER.contains(&word_before(text, r.start).as_str())
    {
        return true;
    }
    let after = &text[r.end..];
    let rest = after.trim_start();
    if after.starts_with(':') && after[1..].starts_with(|c: char| c.is_ascii_digit()) {
        return true;
    }
    if rest.starts_with(['=', '\u{00d7}', '\u{00f7}', '*', '/', '%', '+']) {
        return true;
    }
    if after.starts_with(' ') {
        let word: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_lowercase();
        if UNITS.contains(&word.as_str()) {
            return true;
        }
    }
    false
}

/// The rule references in a run of text the check stage did not take (see the module's
/// comment), each as its range in `text` and the section it names.
pub fn implied<'a>(text: &str, index: &'a RuleIndex) -> Vec<(Range<usize>, &'a (usize, String))> {
    let mut out = Vec::new();
    let trimmed = text.trim().trim_end_matches(['.', ',', ';']);
    if number_at(trimmed, 0).is_some_and(|(r, _)| r.end == trimmed.len()) {
        // A number alone (a table cell's value) is an amount.
        return out;
    }
    let mut i = 0;
    while i < text.len() {
        let Some((r, dotted)) = number_at(text, i) else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let named = NAMING.contains(&word_before(text, r.start).as_str());
        let mut at = r.clone();
        let mut first = true;
        loop {
            let number = &text[at.clone()];
            let counts = dotted || named || !first;
            let target = index
                .get(number)
                .filter(|_| counts && !is_amount(text, &at));
            match target {
                Some(t) => out.push((at.clone(), t)),
                None if first => break,
                None => {}
            }
            // A list: `6.2 and 6.4`, `7.0 to 11.0`, `11.3-11.7`.
            let next = LIST.iter().find_map(|sep| {
                text[at.end..]
                    .strip_prefix(sep)
                    .map(|_| at.end + sep.len())
                    .and_then(|n| number_at(text, n).map(|(r, _)| r))
            });
            match next {
                Some(n) if target.is_some() || !first => {
                    at = n;
                    first = false;
                }
                _ => break,
            }
        }
        i = at.end.max(r.end);
    }
    out
}

/// Generated material's HTML with the rule numbers of its text linked (text already inside
/// a link is left as it is).
pub fn link_material(html: &str, book: &Rulebook, index: &RuleIndex, target: Target) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_link = 0usize;
    let mut rest = html;
    while !rest.is_empty() {
        match rest.find('<') {
            Some(0) => {
                let end = rest.find('>').map_or(rest.len(), |e| e + 1);
                let tag = &rest[..end];
                if tag.starts_with("<a ") || tag == "<a>" {
                    in_link += 1;
                } else if tag.starts_with("</a") {
                    in_link = in_link.saturating_sub(1);
                }
                out.push_str(tag);
                rest = &rest[end..];
            }
            found => {
                let end = found.unwrap_or(rest.len());
                let text = &rest[..end];
                if in_link == 0 {
                    let mut last = 0;
                    for (r, (chapter, anchor)) in implied(text, index) {
                        out.push_str(&text[last..r.start]);
                        out.push_str(&format!(
                            "<a class=\"ref\" href=\"{}\">{}</a>",
                            escape(section_href(book, *chapter, anchor, target)),
                            &text[r.clone()]
                        ));
                        last = r.end;
                    }
                    out.push_str(&text[last..]);
                } else {
                    out.push_str(text);
                }
                rest = &rest[end..];
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rulebook::{Chapter, Section};

    fn book(numbers: &[&str]) -> Rulebook {
        let sections = numbers
            .iter()
            .map(|n| Section {
                level: 2,
                number: Some((*n).to_string()),
                title: format!("{n} A rule"),
                anchor: format!("s{n}"),
                range: 0..0,
            })
            .collect();
        Rulebook {
            chapters: vec![Chapter {
                path: "rules/01-a.md".into(),
                slug: "01-a".into(),
                title: "A".into(),
                text: String::new(),
                sections,
                directives: Vec::new(),
                references: Vec::new(),
                files: Vec::new(),
            }],
        }
    }

    fn found(text: &str, numbers: &[&str]) -> Vec<String> {
        let index = RuleIndex::of(&book(numbers));
        implied(text, &index)
            .into_iter()
            .map(|(r, _)| text[r].to_string())
            .collect()
    }

    #[test]
    fn rule_numbers_in_running_text_are_references() {
        let known = [
            "5.7", "6.2", "6.4", "17.1", "7.5", "7.0", "11.0", "13.0", "2.7.3",
        ];
        assert_eq!(found("the moves described in 5.7 and", &known), ["5.7"]);
        assert_eq!(
            found("are explained in 6.2 and 6.4.", &known),
            ["6.2", "6.4"]
        );
        assert_eq!(found("with the optional rule 17.1, the", &known), ["17.1"]);
        assert_eq!(found("must beat it as in 7.5.", &known), ["7.5"]);
        assert_eq!(found("chapters 7.0 to 11.0 apply", &known), ["7.0", "11.0"]);
        assert_eq!(found("is chapter 13, and", &known), ["13"]);
        assert_eq!(found("Tank units (2.7.3)", &known), ["2.7.3"]);
        assert_eq!(
            found("From the rules (5.7, 6.2-6.4).", &known),
            ["5.7", "6.2", "6.4"]
        );
    }

    #[test]
    fn amounts_and_unknown_numbers_are_not_references() {
        let known = ["1.5", "2.5", "1.1", "11.25", "0.25", "13"];
        for text in [
            "odds of 1.5:1 or more",
            "45 × 0.25 = 11.25, rounded",
            "÷ 6 = 1.5, rounded",
            "the game, version 1.1, adds",
            "costs 1.5 MP to enter",
            "1.5",
            "2.5.",
            "see turn 13 and 1941",
            "a 3.1 rule not in the book",
            "12.3a",
            "v1.1",
        ] {
            assert!(
                found(text, &known).is_empty(),
                "{text}: {:?}",
                found(text, &known)
            );
        }
    }

    #[test]
    fn material_text_is_linked_but_not_its_tags_or_links() {
        let b = book(&["20.2", "5.0"]);
        let index = RuleIndex::of(&b);
        let html = "<tr><td>Fortification (20.2)</td><td class=\"c\">1.5</td></tr>\n\
                    <p>From the rules (5.0). <a href=\"x.html\">20.2</a></p>";
        let linked = link_material(html, &b, &index, Target::Pages);
        assert_eq!(
            linked,
            "<tr><td>Fortification (<a class=\"ref\" href=\"01-a.html#s20.2\">20.2</a>)</td>\
             <td class=\"c\">1.5</td></tr>\n<p>From the rules (<a class=\"ref\" \
             href=\"01-a.html#s5.0\">5.0</a>). <a href=\"x.html\">20.2</a></p>"
        );
    }
}

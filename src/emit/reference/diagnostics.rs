//! The diagnostics of the reference: `diagnostics.md`, the whole catalogue
//! ([`crate::diag::catalogue`]), and the short list each section's page ends with.

use std::fmt::Write as _;

use crate::diag::catalogue::{Entry, CATALOGUE, EVERY_SECTION};
use crate::diag::Severity;

/// A code concerning at least this share of the sections is one every section may have:
/// listed once, not on every page.
fn is_general(e: &Entry) -> bool {
    let n = EVERY_SECTION
        .iter()
        .filter(|s| e.sections.contains(s))
        .count();
    n * 3 >= EVERY_SECTION.len() * 2
}

fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// One line of text, whatever the catalogue's wrapping.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A table cell's text: no `|` to break the table.
fn cell(s: &str) -> String {
    one_line(s).replace('|', "\\|")
}

/// The diagnostics concerning a section (by its header, e.g. `[[map]]`), for the end of its
/// page: the codes of that section, then the general ones by name.
pub fn for_section(header: &str) -> String {
    let mut s = String::new();
    let own: Vec<&Entry> = CATALOGUE
        .iter()
        .filter(|e| e.sections.contains(&header) && !is_general(e))
        .collect();
    if !own.is_empty() {
        s.push_str("| code | severity | when |\n|---|---|---|\n");
        for e in &own {
            let _ = writeln!(
                s,
                "| [`{}`](diagnostics.md#{}) | {} | {} |",
                e.code,
                e.code,
                severity(e.severity),
                cell(e.summary)
            );
        }
        s.push('\n');
    }
    let general: Vec<String> = CATALOGUE
        .iter()
        .filter(|e| e.sections.contains(&header) && is_general(e))
        .map(|e| format!("[`{}`](diagnostics.md#{})", e.code, e.code))
        .collect();
    if !general.is_empty() {
        let _ = writeln!(
            s,
            "{} any section may have: {}. All codes are listed in [Diagnostics](diagnostics.md).\n",
            if own.is_empty() {
                "Only the codes"
            } else {
                "Besides these, the codes"
            },
            general.join(", ")
        );
    }
    s
}

/// Where each section's page is, to link the sections a code concerns.
pub type Pages<'a> = &'a dyn Fn(&str) -> Option<String>;

/// `diagnostics.md`: every code with its severity, what it concerns and what it means.
pub fn page(link: Pages) -> String {
    let mut s = String::from(
        "# Diagnostics\n\n\
         Every problem `sandtable check` (and the other commands) reports has a stable code: \
         `error[unknown-reference]` in the text report, `\"code\"` in `--format json`. An \
         **error** stops `build` until it is fixed (the helpers still answer when the errors \
         are in parts they do not use); a **warning** is something that looks wrong but \
         still builds. Each report points at the file, line and column, and most carry a \
         hint.\n\n\
         The table lists every code the tool uses, with the sections of a game file it \
         concerns (*every section* when any section may have it; `rules/*.md` is the \
         rulebook's prose, `save` a saved game given to `check --save`, `position` and \
         `orders` the inputs of `sandtable adjudicate`, `command line` a command's own \
         arguments or input files).\n\n\
         | code | severity | concerns | when |\n|---|---|---|---|\n",
    );
    for e in CATALOGUE {
        let concerns = if is_general(e) {
            let mut v = vec!["*every section*".to_string()];
            v.extend(
                e.sections
                    .iter()
                    .filter(|x| !EVERY_SECTION.contains(x))
                    .map(|x| format!("`{x}`")),
            );
            v.join(", ")
        } else {
            e.sections
                .iter()
                .map(|x| match link(x) {
                    Some(to) => format!("[`{x}`]({to})"),
                    None => format!("`{x}`"),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            s,
            "| <a id=\"{}\"></a>`{}` | {} | {} | {} |",
            e.code,
            e.code,
            severity(e.severity),
            concerns,
            cell(e.summary)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_of_every_section_is_general_and_one_of_a_few_is_not() {
        let every = CATALOGUE
            .iter()
            .find(|e| e.code == "wrong-type")
            .expect("catalogued");
        assert!(is_general(every));
        let map = CATALOGUE
            .iter()
            .find(|e| e.code == "bad-hexside")
            .expect("catalogued");
        assert!(!is_general(map));
        let page = for_section("[[map]]");
        assert!(page.contains("[`bad-hexside`](diagnostics.md#bad-hexside)"));
        assert!(!page.contains("| [`wrong-type`]"));
        assert!(page.contains("[`wrong-type`](diagnostics.md#wrong-type)"));
    }

    #[test]
    fn the_catalogue_page_anchors_every_code() {
        let p = page(&|_| None);
        for e in CATALOGUE {
            assert!(
                p.contains(&format!("<a id=\"{}\"></a>", e.code)),
                "{}",
                e.code
            );
        }
    }
}

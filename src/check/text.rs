//! Checks on the text of the definitions as written, before any meaning: strings VASSAL
//! cannot store.
//!
//! VASSAL joins a piece's or component's fields with a separator and escapes a separator
//! inside a field with a backslash; a field that *ends* in a backslash therefore swallows the
//! separator after it, and every later field shifts (the format reference, §3.1: VASSAL's
//! own encoder has the same flaw). No name a designer means ends that way, so a one-line
//! string ending in a backslash is refused wherever it is.

use crate::diag::{Diagnostic, Span};
use crate::load::source::{FileId, SourceMap};

/// Every one-line string literal of `text` whose value ends in a backslash, as byte ranges
/// of the literal (quotes included). Multi-line strings and comments are skipped.
fn strings_ending_in_backslash(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut found = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'#' => break,
                q @ (b'"' | b'\'') => {
                    if line[i..].starts_with("\"\"\"") || line[i..].starts_with("'''") {
                        break; // a multi-line string: not a name
                    }
                    let start = i;
                    let mut j = i + 1;
                    let mut value_ends_in_backslash = false;
                    while j < bytes.len() && bytes[j] != q && bytes[j] != b'\n' {
                        if q == b'"' && bytes[j] == b'\\' {
                            // An escape: `\\` is one backslash of the value, anything else is
                            // another character.
                            value_ends_in_backslash = bytes.get(j + 1) == Some(&b'\\');
                            j += 2;
                        } else {
                            value_ends_in_backslash = bytes[j] == b'\\';
                            j += 1;
                        }
                    }
                    if j < bytes.len() && bytes[j] == q {
                        if value_ends_in_backslash {
                            found.push(line_start + start..line_start + j + 1);
                        }
                        i = j + 1;
                    } else {
                        break; // unterminated: the TOML parser reports it
                    }
                }
                _ => i += 1,
            }
        }
        line_start += line.len();
    }
    found
}

/// Report every string that ends in a backslash, in every file.
pub(crate) fn check_text(sources: &SourceMap, files: &[FileId], out: &mut Vec<Diagnostic>) {
    for &file in files {
        for range in strings_ending_in_backslash(sources.text(file)) {
            out.push(
                Diagnostic::error(
                    "trailing-backslash",
                    "this text ends in a backslash, which VASSAL reads as escaping the separator after it",
                )
                .at(Span::new(file, range))
                .hint("remove the backslash at the end (or follow it with another character)"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_basic_and_literal_strings_ending_in_a_backslash() {
        let text = "a = \"x\\\\\"\nb = 'y\\'\nc = \"z\\\"q\" # \"w\\\\\"\nd = \"ok\\\\n\"\n";
        let found: Vec<&str> = strings_ending_in_backslash(text)
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(found, ["\"x\\\\\"", "'y\\'"]);
    }

    #[test]
    fn multi_line_and_unterminated_strings_are_left_to_the_parser() {
        assert!(strings_ending_in_backslash("a = \"\"\"x\\\n\"\"\"\nb = \"open\\\\").is_empty());
    }
}

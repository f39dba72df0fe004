//! The two small pieces of VASSAL's `$property$` machinery that location names need:
//! expanding a format string (`FormattedString`) and matching a name against the regular
//! expression VASSAL builds from a format (`getLocation`), done here with a tiny
//! backtracking matcher over exactly the pattern shapes VASSAL generates.

use crate::vassal::encoder::SequenceDecoder;

/// What to substitute for a `$name$` the caller supplied no value for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UnknownProperty {
    /// Nothing (VASSAL's localized evaluation, used by grid numbering).
    Empty,
    /// The property name itself (VASSAL's plain evaluation, used by zones).
    Name,
}

/// Expands `$name$` references in `format` like VASSAL's `FormattedString`.
/// `properties` maps names to values; a `None` value expands to nothing.
pub(crate) fn expand(
    format: &str,
    properties: &[(&str, Option<&str>)],
    unknown: UnknownProperty,
) -> String {
    let mut out = String::new();
    for_each_token(format, |token, is_property| {
        if !is_property {
            out.push_str(token);
        } else if let Some((_, value)) = properties.iter().find(|(name, _)| *name == token) {
            out.push_str(value.unwrap_or(""));
        } else if unknown == UnknownProperty::Name {
            out.push_str(token);
        }
    });
    out
}

/// Walks a format's tokens as VASSAL does: tokens alternate literal / property, empty tokens
/// are skipped, and a property token with nothing after it counts as literal.
pub(crate) fn for_each_token(format: &str, mut visit: impl FnMut(&str, bool)) {
    let mut decoder = SequenceDecoder::new(format, '$');
    let mut is_property = true;
    while let Some(token) = decoder.next_token() {
        is_property = !is_property;
        if token.is_empty() {
            continue;
        }
        visit(&token, is_property && decoder.has_more_tokens());
    }
}

/// One element of a location pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Part {
    /// Literal text (`Pattern.quote`).
    Literal(String),
    /// A capture of `-?[0-9]{min,}`.
    Numeric {
        /// Minimum number of digits.
        min_digits: usize,
    },
    /// A capture of `-?(?:A+|B+|…|Z+)`.
    Alphabetic,
    /// A capture of `.*`.
    Anything,
}

/// Matches the whole of `text` against `parts`, greedily with backtracking like Java's
/// regex engine; returns the captured text of every non-literal part, in order.
pub(crate) fn match_parts<'t>(parts: &[Part], text: &'t str) -> Option<Vec<&'t str>> {
    let mut captures = Vec::new();
    if match_from(parts, text, 0, &mut captures) {
        Some(captures)
    } else {
        None
    }
}

fn match_from<'t>(parts: &[Part], text: &'t str, pos: usize, caps: &mut Vec<&'t str>) -> bool {
    let Some((part, rest)) = parts.split_first() else {
        return pos == text.len();
    };
    let tail = &text[pos..];
    let try_end = |end: usize, caps: &mut Vec<&'t str>| {
        caps.push(&text[pos..end]);
        if match_from(rest, text, end, caps) {
            return true;
        }
        caps.pop();
        false
    };
    match part {
        Part::Literal(literal) => {
            tail.starts_with(literal.as_str()) && match_from(rest, text, pos + literal.len(), caps)
        }
        Part::Numeric { min_digits } => {
            for sign in sign_options(tail) {
                let digits = tail[sign..].bytes().take_while(u8::is_ascii_digit).count();
                for count in (*min_digits..=digits).rev() {
                    if try_end(pos + sign + count, caps) {
                        return true;
                    }
                }
            }
            false
        }
        Part::Alphabetic => {
            for sign in sign_options(tail) {
                let Some(first) = tail[sign..].bytes().next().filter(u8::is_ascii_uppercase) else {
                    continue;
                };
                let run = tail[sign..].bytes().take_while(|&b| b == first).count();
                for count in (1..=run).rev() {
                    if try_end(pos + sign + count, caps) {
                        return true;
                    }
                }
            }
            false
        }
        Part::Anything => {
            let limit = tail
                .find(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'])
                .unwrap_or(tail.len());
            let mut ends: Vec<usize> = tail[..limit].char_indices().map(|(i, _)| i).collect();
            ends.push(limit);
            ends.into_iter().rev().any(|end| try_end(pos + end, caps))
        }
    }
}

/// Lengths of the optional leading `-` to try, greedy first.
fn sign_options(tail: &str) -> Vec<usize> {
    if tail.starts_with('-') {
        vec![1, 0]
    } else {
        vec![0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_like_formatted_string() {
        let props = [("gridLocation", Some("0305")), ("name", None)];
        assert_eq!(
            expand("Hex $gridLocation$!", &props, UnknownProperty::Empty),
            "Hex 0305!"
        );
        assert_eq!(expand("$name$x", &props, UnknownProperty::Name), "x");
        assert_eq!(expand("$other$x", &props, UnknownProperty::Name), "otherx");
        assert_eq!(expand("$other$x", &props, UnknownProperty::Empty), "x");
        assert_eq!(expand("a$b", &props, UnknownProperty::Empty), "ab");
    }

    #[test]
    fn numeric_parts_backtrack() {
        let two = [
            Part::Numeric { min_digits: 2 },
            Part::Numeric { min_digits: 2 },
        ];
        assert_eq!(match_parts(&two, "0305"), Some(vec!["03", "05"]));
        assert_eq!(match_parts(&two, "10012"), Some(vec!["100", "12"]));
        assert_eq!(match_parts(&two, "-03-05"), Some(vec!["-03", "-05"]));
        assert_eq!(match_parts(&two, "305"), None);
    }

    #[test]
    fn alphabetic_and_anything() {
        let parts = [Part::Alphabetic, Part::Literal("-".into()), Part::Anything];
        assert_eq!(match_parts(&parts, "BB-x y"), Some(vec!["BB", "x y"]));
        let pair = [Part::Alphabetic, Part::Alphabetic];
        assert_eq!(match_parts(&pair, "AAB"), Some(vec!["AA", "B"]));
        assert_eq!(match_parts(&pair, "Ab"), None);
    }
}

//! Printer's typography for the published pages: curly quotes and apostrophes for straight
//! ones, and a true minus sign (U+2212) where a hyphen stands for one (`-1 column`, a die
//! roll modifier of `-2`). The designer's prose gets its quotes from the Markdown parser's
//! smart punctuation; this pass also reaches the text generated from the game's data
//! (chart titles, results, notes) and the minus signs of both.
//!
//! It works on finished HTML: only text between tags changes, never a tag, an attribute or
//! an entity, and nothing inside `<code>`, `<pre>`, `<kbd>`, `<samp>`, `<script>`,
//! `<style>` or `<textarea>` (what a reader types must stay as typed).

/// Elements whose text is left exactly as written.
const VERBATIM: [&str; 7] = ["code", "pre", "kbd", "samp", "script", "style", "textarea"];

/// `html` with curly quotes and minus signs in its text.
pub fn typeset(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    // The last character of text written, across tags (a quote after `</em>` closes).
    let mut prev: Option<char> = None;
    let mut verbatim = 0usize;
    let mut rest = html;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = rest.find('>').map_or(rest.len(), |e| e + 1);
            let tag = &rest[..end];
            if let Some(name) = tag_name(tag) {
                if VERBATIM.contains(&name.as_str()) {
                    if tag.starts_with("</") {
                        verbatim = verbatim.saturating_sub(1);
                    } else if !tag.ends_with("/>") {
                        verbatim += 1;
                    }
                }
                // A new block starts with no character before it.
                if is_block(&name) {
                    prev = None;
                }
            }
            out.push_str(tag);
            rest = &rest[end..];
            continue;
        }
        let end = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..end];
        if verbatim > 0 {
            out.push_str(text);
        } else {
            typeset_text(text, &mut prev, &mut out);
        }
        rest = &rest[end..];
    }
    out
}

/// The lower-case name of a tag (`<td class=…>` → `td`, `</em>` → `em`); None for a
/// comment or declaration.
fn tag_name(tag: &str) -> Option<String> {
    let inner = tag.strip_prefix("</").or_else(|| tag.strip_prefix('<'))?;
    let name: String = inner
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    (!name.is_empty()).then(|| name.to_ascii_lowercase())
}

/// Whether an element starts or ends a block of text (a quote after it opens).
fn is_block(name: &str) -> bool {
    matches!(
        name,
        "p" | "li"
            | "td"
            | "th"
            | "caption"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "div"
            | "br"
            | "dt"
            | "dd"
            | "figcaption"
            | "blockquote"
            | "section"
            | "ul"
            | "ol"
            | "table"
            | "tr"
    )
}

/// Whether a quote after `prev` opens (at the start, after a space or an opening bracket or
/// dash).
fn opens_after(prev: Option<char>) -> bool {
    match prev {
        None => true,
        Some(c) => {
            c.is_whitespace()
                || matches!(
                    c,
                    '(' | '[' | '{' | '\u{2014}' | '\u{2013}' | '/' | '\u{201c}' | '\u{2018}'
                )
        }
    }
}

/// One run of text (entities kept whole) typeset into `out`.
fn typeset_text(text: &str, prev: &mut Option<char>, out: &mut String) {
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|(_, n)| *n);
        let written = match c {
            '&' => {
                // An entity is copied as it is.
                let end = text[i..]
                    .find(';')
                    .filter(|e| {
                        text[i + 1..i + e]
                            .chars()
                            .all(|x| x.is_ascii_alphanumeric() || x == '#')
                    })
                    .map_or(i + 1, |e| i + e + 1);
                out.push_str(&text[i..end]);
                while chars.peek().is_some_and(|(j, _)| *j < end) {
                    chars.next();
                }
                *prev = Some(';');
                continue;
            }
            // Before a tag (the end of this run) a quote after a space still opens.
            '"' if opens_after(*prev) && next.is_none_or(|n| !n.is_whitespace()) => '\u{201c}',
            '"' => '\u{201d}',
            // An apostrophe in a word (`side's`) or at a year's start (`'49`) is a closing
            // quote's shape; after a space, before a letter, an opening quote.
            '\'' if opens_after(*prev) && next.is_some_and(char::is_alphabetic) => '\u{2018}',
            '\'' => '\u{2019}',
            // A hyphen before a digit, not after a letter or digit (`-1`, `(-2)`, `+1/-1`,
            // not `1-2` or `A-3`): a minus sign.
            '-' if next.is_some_and(|n| n.is_ascii_digit())
                && !prev.is_some_and(|p| p.is_alphanumeric() || matches!(p, '.' | ',' | '-')) =>
            {
                '\u{2212}'
            }
            other => other,
        };
        out.push(written);
        *prev = Some(written);
    }
}

#[cfg(test)]
mod tests {
    use super::typeset;

    #[test]
    fn quotes_curl_and_hyphens_before_numbers_become_minus_signs() {
        assert_eq!(
            typeset("<td>Winner's lead</td><td>\"Halt\" order</td>"),
            "<td>Winner\u{2019}s lead</td><td>\u{201c}Halt\u{201d} order</td>"
        );
        assert_eq!(
            typeset("<p>DRM -1, shift (-2) and +1/-1; odds 1-2, turns 3-5, '49</p>"),
            "<p>DRM \u{2212}1, shift (\u{2212}2) and +1/\u{2212}1; odds 1-2, turns 3-5, \u{2019}49</p>"
        );
        // Across inline tags: the quote after the emphasis closes it.
        assert_eq!(
            typeset("<p>\"<em>Stand</em>\" and 'hold'</p>"),
            "<p>\u{201c}<em>Stand</em>\u{201d} and \u{2018}hold\u{2019}</p>"
        );
    }

    #[test]
    fn tags_attributes_entities_and_code_are_left_alone() {
        let html = "<a href=\"x-1.html\" title=\"it's\">A-1 &amp; -2</a> <code>--option a -1 \"x\"</code> <pre>'-3'</pre>";
        assert_eq!(
            typeset(html),
            "<a href=\"x-1.html\" title=\"it's\">A-1 &amp; \u{2212}2</a> <code>--option a -1 \"x\"</code> <pre>'-3'</pre>"
        );
        assert_eq!(typeset("<p>&#39;-1</p>"), "<p>&#39;\u{2212}1</p>");
    }
}

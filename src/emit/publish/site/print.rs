//! What the whole book's page needs to print well: each picture from its sharpest source,
//! and the game-dependent print stylesheet (the game's title and each chapter's title at the
//! head of the pages, as CSS named pages).

use crate::model::rulebook::Rulebook;

/// A page to print with each `<img>` that offers sources of several densities (`srcset`)
/// showing its sharpest alone: a printer is a device of high density, but Chromium picks
/// from `srcset` as for the screen it prints from.
pub(super) fn sharpest_sources(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("<img ") {
        let tag_end = rest[i..].find('>').map_or(rest.len(), |e| i + e + 1);
        let tag = &rest[i..tag_end];
        out.push_str(&rest[..i]);
        out.push_str(&sharpest_in(tag).unwrap_or_else(|| tag.to_string()));
        rest = &rest[tag_end..];
    }
    out.push_str(rest);
    out
}

/// An `<img …>` tag with its `srcset`'s densest source as its `src` and no `srcset`; None
/// when it has no `srcset` or `src`.
fn sharpest_in(tag: &str) -> Option<String> {
    let attr_range = |name: &str| {
        let at = tag.find(&format!(" {name}=\""))?;
        let start = at + name.len() + 3;
        let len = tag[start..].find('"')?;
        Some((at, start, start + len))
    };
    let (set_at, set_start, set_end) = attr_range("srcset")?;
    let best = tag[set_start..set_end]
        .split(',')
        .filter_map(|c| {
            let mut parts = c.split_whitespace();
            let url = parts.next()?;
            let density: f64 = parts
                .next()
                .and_then(|d| d.strip_suffix('x'))
                .map_or(Some(1.0), |d| d.parse().ok())?;
            Some((density, url))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))?
        .1;
    let without = format!("{}{}", &tag[..set_at], &tag[set_end + 1..]);
    let at = without.find(" src=\"")? + " src=\"".len();
    let len = without[at..].find('"')?;
    Some(format!("{}{best}{}", &without[..at], &without[at + len..]))
}

/// The name of the printed pages of chapter `index` (CSS named pages: each chapter's pages
/// carry its own running head).
pub(super) fn chapter_page(index: usize) -> String {
    format!("chapter-{}", index + 1)
}

/// The print stylesheet of the whole book's page that depends on the game: the game's title
/// at the head of every page, each chapter's title at the head of its own pages (named
/// pages, one per chapter). Page numbers and the title page are in `style.css`.
pub(super) fn print_css(title: &str, book: &Rulebook) -> String {
    let mut css = format!(
        "@media print {{\n  @page {{ @top-left {{ content: {}; }} }}\n",
        css_string(title)
    );
    for (i, ch) in book.chapters.iter().enumerate() {
        css += &format!(
            "  @page {} {{ @top-right {{ content: {}; }} }}\n",
            chapter_page(i),
            css_string(&ch.title)
        );
    }
    css += "}\n";
    css
}

/// A CSS string literal of any text, safe inside an HTML `<style>` element: every character
/// that is not a letter, a digit or a space is written as a CSS escape (`\3c ` for `<`), so
/// no quote, backslash, line break or `</style>` of a title can end the string or the
/// element.
fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        if c.is_alphanumeric() || c == ' ' {
            out.push(c);
        } else {
            // The space ends the escape; CSS reads it as part of the escape, not as text.
            out += &format!("\\{:x} ", u32::from(c));
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::{css_string, sharpest_sources};

    #[test]
    fn the_printed_page_shows_each_picture_from_its_sharpest_source() {
        let html = "<p><img class=\"face\" src=\"images/a.png\" srcset=\"images/a.png 1x, images/a@3x.png 3x\" alt=\"A\" width=\"60\"> \
                    <img src=\"images/map.png\" alt=\"map\"></p>";
        assert_eq!(
            sharpest_sources(html),
            "<p><img class=\"face\" src=\"images/a@3x.png\" alt=\"A\" width=\"60\"> \
             <img src=\"images/map.png\" alt=\"map\"></p>"
        );
    }

    #[test]
    fn a_title_becomes_a_css_string_that_cannot_end_its_element() {
        assert_eq!(css_string("Combat 7"), "\"Combat 7\"");
        let hostile = css_string("A \"quoted\" \\ title</style><script>alert(1)</script>\n");
        assert!(
            !hostile.contains('<') && !hostile.contains('>'),
            "{hostile}"
        );
        assert_eq!(hostile.matches('"').count(), 2, "{hostile}");
        assert!(hostile.contains("\\22 quoted\\22 "), "{hostile}");
        assert!(hostile.contains("\\5c "), "{hostile}");
        assert!(hostile.contains("\\a "), "{hostile}");
        // Letters of any script stay as they are.
        assert_eq!(css_string("Ελλάδα"), "\"Ελλάδα\"");
    }
}

//! The HTML a rulebook may carry: the allow-list for raw HTML in the rules prose and for the
//! addresses of its links and pictures, the sanitizer that applies it (ammonia) and the
//! reader that says, located, what it takes out.
//!
//! A rulebook may carry what a printed rule needs and nothing a browser runs: text markup,
//! tables, `details`/`summary`, figures, pictures and links; `id`, `class`, `title`, `lang`
//! and `dir` everywhere, so the book's own anchors and stylesheet keep working. It may not
//! carry scripts, event handlers (`on…`), frames, forms, embedded objects, SVG or MathML,
//! `<style>` elements or `style` attributes (a style can load addresses and cover the page;
//! classes do the styling), nor a link or picture whose address is not `http:`, `https:`,
//! `mailto:` or relative (so no `javascript:`, no `data:`). Comments are left out silently:
//! they are the designer's notes, not the reader's.
//!
//! As with the scanning of [`super::prose`], the publisher and the check read the prose
//! with the same definitions: [`HeldHtml`] cleans the designer's HTML of a rendered chapter
//! with [`ammonia`], and [`dropped`] reads the same pieces with html5ever's tokenizer to
//! report each thing the allow-list takes out where it is written.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::ops::Range;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use pulldown_cmark::{Event, Parser, Tag as MdTag, TagEnd};

use super::prose::{directive_at, is_local, markdown_options};

/// The elements a rulebook may carry.
pub const ELEMENTS: &[&str] = &[
    "a",
    "abbr",
    "aside",
    "b",
    "blockquote",
    "br",
    "caption",
    "cite",
    "code",
    "col",
    "colgroup",
    "dd",
    "del",
    "details",
    "dfn",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "img",
    "ins",
    "kbd",
    "li",
    "mark",
    "ol",
    "p",
    "pre",
    "q",
    "s",
    "samp",
    "section",
    "small",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
    "var",
    "wbr",
];

/// Elements left out with everything inside them (their content is code, a frame's,
/// a form control's or a drawing's, never the rule's text).
pub const DROPPED_WITH_CONTENT: &[&str] = &[
    "applet", "embed", "frame", "frameset", "iframe", "math", "noembed", "noframes", "noscript",
    "object", "script", "select", "style", "svg", "template", "textarea", "title", "xmp",
];

/// Attributes every allowed element may have.
pub const EVERY_ELEMENT: &[&str] = &["class", "dir", "id", "lang", "title"];

/// Attributes some elements may have besides [`EVERY_ELEMENT`]'s.
pub const OWN_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("a", &["href", "hreflang"]),
    ("col", &["span"]),
    ("colgroup", &["span"]),
    ("details", &["open"]),
    ("img", &["alt", "height", "src", "width"]),
    ("li", &["value"]),
    ("ol", &["reversed", "start", "type"]),
    ("td", &["colspan", "headers", "rowspan"]),
    ("th", &["abbr", "colspan", "headers", "rowspan", "scope"]),
];

/// The schemes a link or picture may name (besides a relative address).
pub const SCHEMES: &[&str] = &["http", "https", "mailto"];

/// Whether a link's or picture's address may be published: a relative address (a page or
/// file of the book, an anchor), or one of [`SCHEMES`]. The same test ammonia applies.
pub fn allowed_address(address: &str) -> bool {
    match url::Url::parse(address) {
        Ok(u) => SCHEMES.contains(&u.scheme()),
        Err(url::ParseError::RelativeUrlWithoutBase) => true,
        Err(_) => false,
    }
}

/// Whether `attribute` is allowed on the allowed element `element`.
fn allowed_attribute(element: &str, attribute: &str) -> bool {
    EVERY_ELEMENT.contains(&attribute)
        || OWN_ATTRIBUTES
            .iter()
            .any(|(e, attrs)| *e == element && attrs.contains(&attribute))
}

/// Whether an attribute holds an address (ammonia checks these against [`SCHEMES`]).
fn is_address(attribute: &str) -> bool {
    matches!(attribute, "href" | "src")
}

/// The characters that mark the place of a held piece of HTML in rendered Markdown, and of
/// rendered Markdown among the held pieces: Unicode noncharacters, reserved for exactly this
/// kind of internal use; any in the prose are replaced before rendering
/// ([`without_markers`]), so none can be forged.
const HELD_OPEN: char = '\u{FDD0}';
const HELD_CLOSE: char = '\u{FDD1}';
const RENDERED_OPEN: char = '\u{FDD2}';
const RENDERED_CLOSE: char = '\u{FDD3}';

fn is_marker(c: char) -> bool {
    matches!(c, HELD_OPEN | HELD_CLOSE | RENDERED_OPEN | RENDERED_CLOSE)
}

/// The prose with every marker character replaced by U+FFFD (of the same length in UTF-8,
/// so every byte offset stays); borrowed when it has none, as prose always has.
pub fn without_markers(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains(is_marker) {
        std::borrow::Cow::Owned(text.replace(is_marker, "\u{FFFD}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The sanitizer with the rulebook's allow-list.
fn sanitizer() -> ammonia::Builder<'static> {
    let mut b = ammonia::Builder::empty();
    b.tags(ELEMENTS.iter().copied().collect())
        .clean_content_tags(DROPPED_WITH_CONTENT.iter().copied().collect())
        .generic_attributes(EVERY_ELEMENT.iter().copied().collect())
        .tag_attributes(
            OWN_ATTRIBUTES
                .iter()
                .map(|(e, attrs)| (*e, attrs.iter().copied().collect::<HashSet<_>>()))
                .collect::<HashMap<_, _>>(),
        )
        .url_schemes(SCHEMES.iter().copied().collect())
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(None)
        .strip_comments(true)
        .id_prefix(None)
        // An attribute the parser filled with rendered Markdown (an unclosed quote in the
        // designer's tag) goes: the Markdown belongs in the text, never in an attribute.
        .attribute_filter(|_, _, value| {
            if value.contains(is_marker) {
                None
            } else {
                Some(value.into())
            }
        });
    b
}

/// The designer's HTML of one piece of rendered Markdown, held aside while pulldown-cmark
/// renders the rest: each piece is rendered as a marker ([`HeldHtml::hold`]), and
/// [`HeldHtml::clean`] puts the pieces back, sanitized together, with the rendered Markdown
/// between them exactly as pulldown-cmark and the project wrote it. Markdown without raw
/// HTML comes back byte for byte.
#[derive(Debug, Default)]
pub struct HeldHtml {
    pieces: Vec<String>,
}

impl HeldHtml {
    /// Hold one piece of the designer's HTML; the returned marker is rendered in its place
    /// (ending in a line break when the piece does, so the renderer lays out what follows
    /// as it would after the piece).
    pub fn hold(&mut self, raw: &str) -> String {
        let i = self.pieces.len();
        self.pieces.push(without_markers(raw).into_owned());
        let newline = if raw.ends_with('\n') { "\n" } else { "" };
        format!("{HELD_OPEN}{i}{HELD_CLOSE}{newline}")
    }

    /// The rendered HTML with the held pieces back in place, sanitized. The pieces are
    /// cleaned as one fragment (a `<div>` opened in one piece and closed in another stays
    /// one element), with each stretch of rendered Markdown between them standing in as a
    /// marker of text; the stretches replace their markers afterwards, so the project's own
    /// markup is never reparsed. A stretch whose marker the sanitizer removed (inside a
    /// `<script>`, in an attribute) is left out with it.
    pub fn clean(self, rendered: &str) -> String {
        if self.pieces.is_empty() {
            return rendered.to_string();
        }
        // Split the rendered HTML into stretches around the held pieces.
        let mut stretches: Vec<&str> = Vec::new();
        let mut order: Vec<usize> = Vec::new();
        let mut rest = rendered;
        while let Some(at) = rest.find(HELD_OPEN) {
            stretches.push(&rest[..at]);
            let after = &rest[at + HELD_OPEN.len_utf8()..];
            let end = after.find(HELD_CLOSE).unwrap_or(after.len());
            let piece = after[..end].parse::<usize>().ok();
            rest = after.get(end + HELD_CLOSE.len_utf8()..).unwrap_or("");
            if let Some(i) = piece.filter(|i| *i < self.pieces.len()) {
                if self.pieces[i].ends_with('\n') {
                    rest = rest.strip_prefix('\n').unwrap_or(rest);
                }
                order.push(i);
            } else {
                order.push(usize::MAX);
            }
        }
        stretches.push(rest);
        // One fragment: the pieces, with a marker for each stretch of rendered Markdown
        // (white space between two pieces stays itself, as the parser needs it in tables).
        let mut fragment = String::new();
        for (k, stretch) in stretches.iter().enumerate() {
            if stretch.trim().is_empty() {
                fragment.push_str(stretch);
            } else {
                fragment.push_str(&format!("{RENDERED_OPEN}{k}{RENDERED_CLOSE}"));
            }
            if let Some(piece) = order.get(k).and_then(|i| self.pieces.get(*i)) {
                fragment.push_str(piece);
            }
        }
        let cleaned = sanitizer().clean(&fragment).to_string();
        // The stretches back in place of their markers, each once.
        let mut out = String::with_capacity(rendered.len());
        let mut used = vec![false; stretches.len()];
        let mut rest = cleaned.as_str();
        while let Some(at) = rest.find(RENDERED_OPEN) {
            out.push_str(&rest[..at]);
            let after = &rest[at + RENDERED_OPEN.len_utf8()..];
            let end = after.find(RENDERED_CLOSE).unwrap_or(after.len());
            if let Some(k) = after[..end]
                .parse::<usize>()
                .ok()
                .filter(|k| *k < used.len())
            {
                if !std::mem::replace(&mut used[k], true) {
                    out.push_str(stretches[k]);
                }
            }
            rest = after.get(end + RENDERED_CLOSE.len_utf8()..).unwrap_or("");
        }
        out.push_str(rest);
        out
    }
}

/// Something the allow-list takes out of the rules prose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Removal {
    /// An element that is not allowed (its content kept, or left out with it).
    Element {
        /// Its name, lower case.
        name: String,
        /// Whether everything inside it goes too.
        with_content: bool,
    },
    /// An attribute an allowed element may not have.
    Attribute {
        /// The element.
        element: String,
        /// The attribute, lower case.
        name: String,
    },
    /// An address of a link or picture whose scheme is not allowed.
    Address {
        /// The element (`a`, `img`), or `None` for a Markdown link or picture.
        element: Option<String>,
        /// The address as written.
        address: String,
    },
}

impl fmt::Display for Removal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Removal::Element {
                name,
                with_content: true,
            } => write!(f, "`<{name}>` and everything in it"),
            Removal::Element { name, .. } => write!(f, "the tags of `<{name}>` (its text is kept)"),
            Removal::Attribute { element, name } => {
                write!(f, "the `{name}` attribute of `<{element}>`")
            }
            Removal::Address {
                element: Some(e),
                address,
            } => write!(f, "the address `{address}` of `<{e}>`"),
            Removal::Address {
                element: None,
                address,
            } => write!(
                f,
                "the address `{address}` of a link or picture (its text is kept)"
            ),
        }
    }
}

impl Removal {
    /// What the designer may write instead.
    pub fn hint(&self) -> String {
        match self {
            Removal::Element { .. } => "a rulebook's HTML is text markup, tables, lists, \
                `details`, figures, pictures and links (the list is in the book's chapter on \
                publishing); nothing a browser runs"
                .to_string(),
            Removal::Attribute { element, .. } => {
                let own = OWN_ATTRIBUTES
                    .iter()
                    .find(|(e, _)| e == element)
                    .map(|(_, a)| format!(", and on `<{element}>` {}", a.join(", ")))
                    .unwrap_or_default();
                format!(
                    "allowed attributes are {}{own}; no event handlers (`on…`) and no `style` \
                     (style the element through its `class`)",
                    EVERY_ELEMENT.join(", ")
                )
            }
            Removal::Address { .. } => {
                "links and pictures may point to `http:`, `https:` or `mailto:` addresses, or to a \
                 page, file or anchor of the book"
                    .to_string()
            }
        }
    }
}

/// One thing the allow-list takes out, located in the chapter's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// Byte range in the file: the tag's name, the attribute, the address.
    pub range: Range<usize>,
    /// What goes.
    pub removal: Removal,
}

/// A piece of the designer's HTML in a chapter: its text and byte range in the file.
struct Piece<'a> {
    text: &'a str,
    range: Range<usize>,
}

/// Everything publishing takes out of a chapter's Markdown (`text`, the whole file), in
/// order: elements and attributes of its raw HTML, and addresses of its raw and Markdown
/// links and pictures. Directive paragraphs are skipped, as the publisher replaces them.
pub fn dropped(text: &str) -> Vec<Dropped> {
    let mut out = Vec::new();
    let mut pieces: Vec<Piece> = Vec::new();
    let mut in_directive = false;
    // Inside a picture, whose description is written as text.
    let mut image_depth = 0usize;
    for (event, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
        if in_directive {
            in_directive = !matches!(event, Event::End(TagEnd::Paragraph));
            continue;
        }
        match &event {
            Event::Start(MdTag::Image { .. }) => image_depth += 1,
            Event::End(TagEnd::Image) => image_depth = image_depth.saturating_sub(1),
            _ => {}
        }
        match event {
            Event::Start(MdTag::Paragraph) => {
                in_directive = directive_at(text, range).is_some();
            }
            Event::Html(_) | Event::InlineHtml(_) if image_depth == 0 => {
                // The piece as written (the event's text differs only inside a container
                // such as a quote, where the piece is found at its start).
                let written = text.get(range.clone()).unwrap_or("");
                pieces.push(Piece {
                    text: written,
                    range,
                });
            }
            // An address without `://` reads as a file of the game, which the check of links
            // reports when there is none (`javascript:x` is no chapter or picture).
            Event::Start(MdTag::Link { dest_url, .. } | MdTag::Image { dest_url, .. })
                if !allowed_address(&dest_url) && !is_local(&dest_url) =>
            {
                let at = text
                    .get(range.clone())
                    .and_then(|s| s.find(dest_url.as_ref()))
                    .map_or(range.clone(), |i| {
                        range.start + i..range.start + i + dest_url.len()
                    });
                out.push(Dropped {
                    range: at,
                    removal: Removal::Address {
                        element: None,
                        address: dest_url.to_string(),
                    },
                });
            }
            _ => {}
        }
    }
    out.extend(dropped_html(&pieces));
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}

/// The start tags the tokenizer reads, in order.
#[derive(Default)]
struct StartTags {
    tags: RefCell<Vec<Tag>>,
}

impl TokenSink for StartTags {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let Token::TagToken(tag) = token else {
            return TokenSinkResult::Continue;
        };
        // After these the parser reads text up to the closing tag, as a browser does.
        let next = match (tag.kind, &*tag.name) {
            (TagKind::StartTag, "script") => TokenSinkResult::RawData(RawKind::ScriptData),
            (
                TagKind::StartTag,
                "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript",
            ) => TokenSinkResult::RawData(RawKind::Rawtext),
            (TagKind::StartTag, "textarea" | "title") => TokenSinkResult::RawData(RawKind::Rcdata),
            (TagKind::StartTag, "plaintext") => TokenSinkResult::Plaintext,
            _ => TokenSinkResult::Continue,
        };
        self.tags.borrow_mut().push(tag);
        next
    }
}

/// What the allow-list takes out of the chapter's raw HTML, read piece by piece (each tag is
/// located in the piece where it ends; rendered Markdown between pieces reads as text).
fn dropped_html(pieces: &[Piece]) -> Vec<Dropped> {
    let mut out = Vec::new();
    let tokenizer = Tokenizer::new(
        StartTags::default(),
        TokenizerOpts {
            discard_bom: false,
            ..TokenizerOpts::default()
        },
    );
    let input = BufferQueue::default();
    // Inside an element left out with its content (an `<svg>`), nothing more is reported.
    let mut swallowed: Option<(String, usize)> = None;
    for piece in pieces {
        input.push_back(StrTendril::from_slice(&without_markers(piece.text)));
        input.push_back(StrTendril::from_slice(" \u{FDD2} "));
        let _ = tokenizer.feed(&input);
        let tags = std::mem::take(&mut *tokenizer.sink.tags.borrow_mut());
        let lower = piece.text.to_ascii_lowercase();
        let mut cursor = 0;
        for tag in tags {
            let name = tag.name.to_string();
            if let Some((open, depth)) = swallowed.as_mut() {
                if *open == name {
                    match tag.kind {
                        TagKind::StartTag if !tag.self_closing => *depth += 1,
                        TagKind::EndTag => *depth -= 1,
                        TagKind::StartTag => {}
                    }
                }
                if *depth == 0 {
                    swallowed = None;
                }
                continue;
            }
            if tag.kind != TagKind::StartTag {
                continue;
            }
            // The tag in the piece: `<name`, else the piece's start.
            let at = lower[cursor..]
                .find(&format!("<{name}"))
                .map(|i| cursor + i);
            if let Some(i) = at {
                cursor = i + 1;
            }
            let tag_at = at.unwrap_or(0);
            let locate = |from: usize, len: usize| {
                piece.range.start + from..piece.range.start + (from + len).min(piece.text.len())
            };
            if DROPPED_WITH_CONTENT.contains(&name.as_str()) {
                out.push(Dropped {
                    range: locate(tag_at, name.len() + 1),
                    removal: Removal::Element {
                        name: name.clone(),
                        with_content: true,
                    },
                });
                let raw_text = matches!(
                    name.as_str(),
                    "script"
                        | "style"
                        | "xmp"
                        | "iframe"
                        | "noembed"
                        | "noframes"
                        | "noscript"
                        | "textarea"
                        | "title"
                );
                if !raw_text && !tag.self_closing {
                    swallowed = Some((name, 1));
                }
                continue;
            }
            if !ELEMENTS.contains(&name.as_str()) {
                out.push(Dropped {
                    range: locate(tag_at, name.len() + 1),
                    removal: Removal::Element {
                        name,
                        with_content: false,
                    },
                });
                continue;
            }
            for attr in &tag.attrs {
                let attr_name = attr.name.local.to_string();
                let attr_at = lower[tag_at..]
                    .find(&attr_name)
                    .map_or(tag_at, |i| tag_at + i);
                if !allowed_attribute(&name, &attr_name) {
                    out.push(Dropped {
                        range: locate(attr_at, attr_name.len()),
                        removal: Removal::Attribute {
                            element: name.clone(),
                            name: attr_name,
                        },
                    });
                } else if is_address(&attr_name) && !allowed_address(&attr.value) {
                    out.push(Dropped {
                        range: locate(attr_at, attr_name.len()),
                        removal: Removal::Address {
                            element: Some(name.clone()),
                            address: attr.value.to_string(),
                        },
                    });
                }
            }
        }
    }
    tokenizer.end();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Render Markdown as the publisher does: raw HTML held, then cleaned.
    fn publish(md: &str) -> String {
        let md = without_markers(md);
        let mut held = HeldHtml::default();
        let events: Vec<Event> = Parser::new_ext(&md, markdown_options())
            .map(|e| match e {
                Event::Html(t) | Event::InlineHtml(t) => Event::Html(held.hold(&t).into()),
                other => other,
            })
            .collect();
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, events.into_iter());
        held.clean(&html)
    }

    fn plain(md: &str) -> String {
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, Parser::new_ext(md, markdown_options()));
        html
    }

    #[test]
    fn markdown_without_html_is_rendered_byte_for_byte() {
        let md = "# 1.0 Title\n\nSome *text* with \"quotes\" & <10 > 5.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nline  \nbreak\n\n---\n";
        assert_eq!(publish(md), plain(md));
    }

    #[test]
    fn allowed_markup_is_kept_around_the_markdown() {
        let md = "<div class=\"note\" id=\"n1\">\n\n**Note.** Keep *this*.\n\n</div>\n\nA <span class=\"hex\">0101</span> and H<sub>2</sub>O, x<sup>2</sup>, <abbr title=\"zone of control\">ZOC</abbr>.\n\n<details open>\n<summary>Example</summary>\n\nThe *attack*.\n\n</details>\n";
        let out = publish(md);
        assert!(out.contains("<div class=\"note\" id=\"n1\">"), "{out}");
        assert!(
            out.contains("<p><strong>Note.</strong> Keep <em>this</em>.</p>"),
            "{out}"
        );
        assert!(out.contains("</div>"), "{out}");
        assert!(
            out.contains("A <span class=\"hex\">0101</span> and H<sub>2</sub>O"),
            "{out}"
        );
        assert!(
            out.contains("<abbr title=\"zone of control\">ZOC</abbr>"),
            "{out}"
        );
        assert!(
            out.contains("<details open=\"\">\n<summary>Example</summary>"),
            "{out}"
        );
        assert!(out.contains("<p>The <em>attack</em>.</p>"), "{out}");
    }

    #[test]
    fn a_table_with_links_and_pictures_is_kept() {
        let md = "<table>\n<tr><th scope=\"col\">Die</th><td colspan=\"2\"><a href=\"https://example.com/x\">web</a> <a href=\"02-map.html#s4\">4.0</a> <img src=\"images/a.png\" alt=\"A\" width=\"20\"></td></tr>\n</table>\n";
        let out = publish(md);
        assert!(out.contains("<th scope=\"col\">Die</th>"), "{out}");
        assert!(out.contains("<td colspan=\"2\">"), "{out}");
        assert!(
            out.contains("<a href=\"https://example.com/x\">web</a>"),
            "{out}"
        );
        assert!(out.contains("<a href=\"02-map.html#s4\">4.0</a>"), "{out}");
        assert!(
            out.contains("<img src=\"images/a.png\" alt=\"A\" width=\"20\">"),
            "{out}"
        );
    }

    const HOSTILE: &str = "<script>alert(1)</script>\n\nA picture <img src=x onerror=\"alert(2)\"> and \
        <svg onload=\"alert(3)\"><circle r=\"1\"/></svg> here.\n\n<iframe src=\"javascript:alert(4)\"></iframe>\n\n\
        A <a href=\"javascript:alert(5)\">link</a>, [another](javascript://%0aalert(6)) and \
        <a href=\"data:text/html,<script>alert(7)</script>\">data</a>.\n\n\
        <p style=\"background:url(https://evil.example/x)\" onclick=\"alert(8)\">styled</p>\n\n\
        <form action=\"https://evil.example\"><input name=\"q\"><button>Go</button></form>\n";

    #[test]
    fn nothing_a_browser_runs_is_published() {
        // (A Markdown link's address is the chapter renderer's to drop, not the sanitizer's.)
        let out = publish(&HOSTILE.replace("[another](javascript://%0aalert(6))", "another"));
        for bad in [
            "<script",
            "alert(1)",
            "onerror",
            "<svg",
            "onload",
            "<iframe",
            "javascript:",
            "data:",
            "style=",
            "onclick",
            "<form",
            "<input",
            "<button",
            "evil",
        ] {
            assert!(!out.contains(bad), "{bad} in {out}");
        }
        // What is allowed around them stays.
        assert!(
            out.contains("A picture <img src=\"x\"> and  here."),
            "{out}"
        );
        assert!(out.contains("A <a>link</a>"), "{out}");
        assert!(out.contains("<p>styled</p>"), "{out}");
        assert!(out.contains("Go"), "{out}");
    }

    #[test]
    fn every_hostile_part_is_reported_where_it_is_written() {
        let found = dropped(HOSTILE);
        let said: Vec<(String, String)> = found
            .iter()
            .map(|d| (HOSTILE[d.range.clone()].to_string(), d.removal.to_string()))
            .collect();
        let want = [
            ("<script", "`<script>` and everything in it"),
            ("onerror", "the `onerror` attribute of `<img>`"),
            ("<svg", "`<svg>` and everything in it"),
            ("<iframe", "`<iframe>` and everything in it"),
            ("href", "the address `javascript:alert(5)` of `<a>`"),
            (
                "javascript://%0aalert(6)",
                "the address `javascript://%0aalert(6)` of a link or picture (its text is kept)",
            ),
            (
                "href",
                "the address `data:text/html,<script>alert(7)</script>` of `<a>`",
            ),
            ("style", "the `style` attribute of `<p>`"),
            ("onclick", "the `onclick` attribute of `<p>`"),
            ("<form", "the tags of `<form>` (its text is kept)"),
            ("<input", "the tags of `<input>` (its text is kept)"),
            ("<button", "the tags of `<button>` (its text is kept)"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(said, want);
    }

    #[test]
    fn allowed_markup_is_not_reported() {
        let md = "<div class=\"note\">\n\n*x* [web](https://example.com) [book](02-map.md#s4) [mail](mailto:a@b.c) [here](#top)\n\n</div>\n\n<!-- a note to self -->\n\n<table><tr><td rowspan=\"2\"><img src=\"a.png\" alt=\"\"></td></tr></table>\n";
        assert_eq!(dropped(md), Vec::new());
        assert!(!publish(md).contains("note to self"));
    }

    #[test]
    fn a_directive_paragraph_is_not_read_for_html() {
        assert_eq!(dropped("{{crt <b onclick=x>combat</b>}}\n"), Vec::new());
    }

    #[test]
    fn markdown_in_an_unclosed_attribute_is_left_out_with_it() {
        // The `title` swallows the paragraph after it; the attribute goes, the page stays
        // whole.
        let out = publish("<div title=\"x\n\n*y* \" onclick=\"alert(1)\n\n</div>\n");
        assert!(!out.contains("onclick"), "{out}");
        assert!(
            !out.contains('\u{FDD2}') && !out.contains('\u{FDD0}'),
            "{out}"
        );
    }

    #[test]
    fn markers_in_the_prose_cannot_be_forged() {
        let out = publish("A \u{FDD2}0\u{FDD3} and \u{FDD0}0\u{FDD1} <b>b</b>\n");
        assert!(!out.contains(is_marker), "{out}");
        assert!(out.contains("<b>b</b>"), "{out}");
    }

    #[test]
    fn addresses() {
        for ok in [
            "https://a.b/c",
            "http://a",
            "mailto:x@y.z",
            "02-map.md#s4",
            "#top",
            "images/a.png",
            "../x",
        ] {
            assert!(allowed_address(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "JavaScript:x",
            "data:image/png;base64,AA",
            "vbscript:x",
            "file:///etc/passwd",
        ] {
            assert!(!allowed_address(bad), "{bad}");
        }
    }
}

//! Parsing `buildFile.xml` (or the legacy `buildFile`) into a generic owned element tree:
//! class name, attributes in document order, text, children. Nothing is interpreted here,
//! so unknown and custom component classes, pre-3.0 roots (`VASSAL.launch.BasicModule`) and
//! odd encodings all load; callers read the attributes they understand.

use std::borrow::Cow;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use thiserror::Error;

/// Root element names that identify a module or extension buildfile.
pub const MODULE_ROOTS: [&str; 3] = [
    "VASSAL.build.GameModule",
    "VASSAL.launch.BasicModule",
    "VASSAL.build.module.ModuleExtension",
];

/// Deepest element nesting accepted (real modules stay far below this).
pub const MAX_DEPTH: usize = 256;

/// Why a buildfile could not be turned into a tree.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BuildFileError {
    /// The XML is malformed.
    #[error("malformed XML at byte {position}: {message}")]
    Xml {
        /// Byte offset in the decoded text.
        position: u64,
        /// What the parser said.
        message: String,
    },
    /// The document ended inside an element.
    #[error("XML ends inside <{element}>")]
    Truncated {
        /// The innermost open element.
        element: String,
    },
    /// Elements nest deeper than [`MAX_DEPTH`].
    #[error("XML nests deeper than {MAX_DEPTH} elements")]
    TooDeep,
    /// There is no root element at all.
    #[error("no XML element found")]
    NoRoot,
}

/// One XML element: for VASSAL components the name is the Java class name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Element {
    /// Element name (a fully-qualified class name, or `entry`, `option`, …).
    pub name: String,
    /// Attributes in document order, values unescaped and whitespace-normalised as an XML
    /// parser does (`&#9;` stays a TAB, a literal TAB becomes a space).
    pub attributes: Vec<(String, String)>,
    /// Concatenated text and CDATA directly inside this element, untrimmed.
    pub text: String,
    /// Child elements in document order.
    pub children: Vec<Element>,
}

impl Element {
    /// An element with just a name.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            ..Self::default()
        }
    }

    /// The value of an attribute.
    pub fn attr(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    }

    /// The class name without its package (`VASSAL.build.module.Map` → `Map`).
    pub fn short_name(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or(&self.name)
    }

    /// The text as VASSAL's `Builder.getText` returns it: trimmed.
    pub fn trimmed_text(&self) -> &str {
        self.text.trim()
    }

    /// Children whose class name is `name` or ends in `.name`.
    pub fn children_of<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.is_class(name))
    }

    /// Whether the class is `name` or ends in `.name` (so `Map` matches
    /// `VASSAL.build.module.Map` but not `…PrivateMap`).
    pub fn is_class(&self, name: &str) -> bool {
        self.name == name
            || (self.name.len() > name.len()
                && self.name.ends_with(name)
                && self.name.as_bytes()[self.name.len() - name.len() - 1] == b'.')
    }

    /// All elements below this one, depth first in document order (not including itself).
    pub fn descendants(&self) -> Descendants<'_> {
        Descendants {
            stack: self.children.iter().rev().collect(),
        }
    }
}

/// Iterator returned by [`Element::descendants`].
#[derive(Debug)]
pub struct Descendants<'a> {
    stack: Vec<&'a Element>,
}

impl<'a> Iterator for Descendants<'a> {
    type Item = &'a Element;

    fn next(&mut self) -> Option<&'a Element> {
        let next = self.stack.pop()?;
        self.stack.extend(next.children.iter().rev());
        Some(next)
    }
}

/// Turns raw file bytes into text: honours a UTF-8 or UTF-16 byte-order mark, decodes
/// Latin-1 when the XML declaration says so, and otherwise reads UTF-8, replacing invalid
/// sequences. Line ends are normalised to `\n` as an XML parser does.
pub fn decode_xml_bytes(bytes: &[u8]) -> String {
    decode_xml_text(bytes).into_owned()
}

/// [`decode_xml_bytes`] borrowing the bytes when they already are the text (UTF-8 without
/// a byte-order mark or carriage returns: the usual buildFile).
fn decode_xml_text(bytes: &[u8]) -> Cow<'_, str> {
    let text = if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        utf8_lossy(rest)
    } else if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        Cow::Owned(decode_utf16(rest, u16::from_le_bytes))
    } else if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        Cow::Owned(decode_utf16(rest, u16::from_be_bytes))
    } else if declares_latin1(bytes) {
        Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect())
    } else {
        utf8_lossy(bytes)
    };
    if memchr::memchr(b'\r', text.as_bytes()).is_some() {
        Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        text
    }
}

/// UTF-8 text, invalid sequences replaced: the fast validator first, the lossy one only
/// for bytes that are not valid.
fn utf8_lossy(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

fn decode_utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units: Vec<u16> = bytes.chunks_exact(2).map(|p| unit([p[0], p[1]])).collect();
    String::from_utf16_lossy(&units)
}

fn declares_latin1(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(200)];
    let Some(end) = head.windows(2).position(|w| w == b"?>") else {
        return false;
    };
    let declaration = String::from_utf8_lossy(&head[..end]).to_ascii_lowercase();
    [
        "iso-8859-1",
        "iso8859-1",
        "latin1",
        "latin-1",
        "windows-1252",
        "cp1252",
    ]
    .iter()
    .any(|name| declaration.contains(name))
}

/// An element tree written back as XML text (indented by two spaces, attributes in their
/// order, text escaped by quick-xml), so that [`parse_buildfile_str`] reads the same tree
/// but for the whitespace between a container's children, which is written as indentation.
/// A TAB or line break in an attribute value is written as a character reference, which
/// an XML parser keeps (a literal one it would turn into a space).
pub fn write_element(element: &Element) -> String {
    let mut writer = quick_xml::Writer::new(Vec::new());
    write_into(&mut writer, element, 0);
    String::from_utf8(writer.into_inner()).unwrap_or_default()
}

fn write_into(writer: &mut quick_xml::Writer<Vec<u8>>, element: &Element, depth: usize) {
    use quick_xml::events::{BytesEnd, BytesText};
    let indent = "  ".repeat(depth);
    let _ = writer.write_event(Event::Text(BytesText::from_escaped(indent.as_str())));
    let mut start = BytesStart::new(element.name.as_str());
    for (key, value) in &element.attributes {
        let escaped = quick_xml::escape::escape(value.as_str())
            .replace('\t', "&#9;")
            .replace('\n', "&#10;")
            .replace('\r', "&#13;");
        start.push_attribute(quick_xml::events::attributes::Attribute {
            key: quick_xml::name::QName(key.as_bytes()),
            value: Cow::Owned(escaped.into_bytes()),
        });
    }
    // The whitespace between a container's children is layout, not content.
    let text = if !element.children.is_empty() && element.text.trim().is_empty() {
        ""
    } else {
        element.text.as_str()
    };
    if element.children.is_empty() && text.is_empty() {
        let _ = writer.write_event(Event::Empty(start));
        let _ = writer.write_event(Event::Text(BytesText::from_escaped("\n")));
        return;
    }
    let _ = writer.write_event(Event::Start(start));
    if !text.is_empty() {
        let _ = writer.write_event(Event::Text(BytesText::new(text)));
    }
    if !element.children.is_empty() {
        let _ = writer.write_event(Event::Text(BytesText::from_escaped("\n")));
        for child in &element.children {
            write_into(writer, child, depth + 1);
        }
        let _ = writer.write_event(Event::Text(BytesText::from_escaped(indent.as_str())));
    }
    let _ = writer.write_event(Event::End(BytesEnd::new(element.name.as_str())));
    let _ = writer.write_event(Event::Text(BytesText::from_escaped("\n")));
}

/// Parses buildfile bytes (any encoding [`decode_xml_bytes`] understands).
pub fn parse_buildfile(bytes: &[u8]) -> Result<Element, BuildFileError> {
    parse_buildfile_str(&decode_xml_text(bytes))
}

/// Parses buildfile text into its root element.
pub fn parse_buildfile_str(text: &str) -> Result<Element, BuildFileError> {
    let mut reader = Reader::from_str(text);
    reader.config_mut().trim_text(false);
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let event = reader.read_event().map_err(|e| BuildFileError::Xml {
            position: reader.error_position(),
            message: e.to_string(),
        })?;
        match event {
            Event::Start(start) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(BuildFileError::TooDeep);
                }
                stack.push(element_from(text, &start));
            }
            Event::Empty(start) => attach(&mut stack, &mut root, element_from(text, &start)),
            Event::End(_) => {
                if let Some(done) = stack.pop() {
                    attach(&mut stack, &mut root, done);
                }
            }
            Event::Text(content) => {
                if let Some(open) = stack.last_mut() {
                    open.text
                        .push_str(&unescape_lossy(&source_str(text, &content)));
                }
            }
            Event::CData(data) => {
                if let Some(open) = stack.last_mut() {
                    open.text.push_str(&source_str(text, &data));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if let Some(open) = stack.pop() {
        return Err(BuildFileError::Truncated { element: open.name });
    }
    root.ok_or(BuildFileError::NoRoot)
}

fn attach(stack: &mut [Element], root: &mut Option<Element>, element: Element) {
    match stack.last_mut() {
        Some(parent) => parent.children.push(element),
        None => {
            if root.is_none() {
                *root = Some(element);
            }
        }
    }
}

/// A slice quick-xml gives of the text it parses, as that text's `&str` (no second UTF-8
/// check); anything else (it never gives one) is checked.
fn source_str<'s>(source: &'s str, bytes: &[u8]) -> Cow<'s, str> {
    let start = (bytes.as_ptr() as usize).wrapping_sub(source.as_ptr() as usize);
    match source.get(start..start.wrapping_add(bytes.len())) {
        Some(slice) if slice.as_ptr() == bytes.as_ptr() => Cow::Borrowed(slice),
        _ => Cow::Owned(utf8_lossy(bytes).into_owned()),
    }
}

fn element_from(source: &str, start: &BytesStart<'_>) -> Element {
    let mut element = Element::new(source_str(source, start.name().as_ref()));
    // At most one attribute per `=`: room for all at once (within reason).
    let equals = memchr::memchr_iter(b'=', start.attributes_raw()).count();
    element.attributes.reserve_exact(equals.min(32));
    let mut attributes = start.attributes();
    attributes.with_checks(false);
    // Malformed attributes are skipped; the rest of the element is kept.
    for attribute in attributes.flatten() {
        let key = source_str(source, attribute.key.as_ref()).into_owned();
        let raw = source_str(source, &attribute.value);
        let value = if memchr::memchr3(b'\t', b'\n', b'\r', raw.as_bytes()).is_some() {
            unescape_lossy(&raw.replace(['\t', '\n', '\r'], " ")).into_owned()
        } else {
            unescape_lossy(&raw).into_owned()
        };
        element.attributes.push((key, value));
    }
    element
}

/// Unescapes XML entities with quick-xml; text with an unknown or broken entity reference
/// is kept as written instead of failing.
fn unescape_lossy(raw: &str) -> Cow<'_, str> {
    if memchr::memchr(b'&', raw.as_bytes()).is_none() {
        return Cow::Borrowed(raw);
    }
    let resolve = |entity: &str| match entity {
        "nbsp" => Some("\u{a0}"),
        other => quick_xml::escape::resolve_predefined_entity(other),
    };
    quick_xml::escape::unescape_with(raw, resolve).unwrap_or(Cow::Borrowed(raw))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_attributes_text_and_children() {
        let xml = "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"A &amp; B\" b=\"x&#9;y\" c=\"p\tq\">\
            <VASSAL.build.widget.PieceSlot gpid=\"1\">  +/null/piece;;;a.png;X\t/null  </VASSAL.build.widget.PieceSlot>\
            <entry>Red</entry><custom.Thing/></VASSAL.build.GameModule>";
        let root = parse_buildfile(xml.as_bytes()).expect("parses");
        assert_eq!(root.name, "VASSAL.build.GameModule");
        assert_eq!(root.short_name(), "GameModule");
        assert_eq!(root.attr("name"), Some("A & B"));
        assert_eq!(root.attr("b"), Some("x\ty"));
        assert_eq!(root.attr("c"), Some("p q"));
        assert_eq!(root.children.len(), 3);
        assert_eq!(
            root.children[0].trimmed_text(),
            "+/null/piece;;;a.png;X\t/null"
        );
        assert!(root.children[0].is_class("PieceSlot"));
        assert!(!root.children[0].is_class("Slot"));
        assert_eq!(root.children_of("entry").count(), 1);
        assert_eq!(root.descendants().count(), 3);
    }

    #[test]
    fn a_written_tree_reads_back_the_same() {
        let xml = "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"A &amp; B &lt;&quot;\" b=\"x&#9;y&#10;z\">\n  \
            <VASSAL.build.widget.PieceSlot gpid=\"1\">+/null/prototype;Unit\tpiece;;;a &amp; b.png;X/\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>\n  \
            <entry>Red &lt;1&gt;</entry><custom.Thing/></VASSAL.build.GameModule>";
        // The whitespace between a container's children is layout.
        fn without_layout(mut e: Element) -> Element {
            if !e.children.is_empty() && e.text.trim().is_empty() {
                e.text.clear();
            }
            e.children = e.children.into_iter().map(without_layout).collect();
            e
        }
        let root = parse_buildfile(xml.as_bytes()).expect("parses");
        let written = write_element(&root);
        let again = parse_buildfile_str(&written).expect("reads back");
        assert_eq!(
            without_layout(again.clone()),
            without_layout(root),
            "{written}"
        );
        assert_eq!(again.attr("b"), Some("x\ty\nz"));
    }

    #[test]
    fn tolerates_legacy_roots_entities_and_encodings() {
        let latin1 = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><VASSAL.launch.BasicModule name=\"Caf\xe9 &bogus; &nbsp;\"/>";
        let root = parse_buildfile(latin1).expect("parses");
        assert_eq!(root.name, MODULE_ROOTS[1]);
        assert_eq!(root.attr("name"), Some("Caf\u{e9} &bogus; &nbsp;"));
        let broken_utf8 = b"<a name=\"x\xff\xfey\">t\xc3</a>";
        let root = parse_buildfile(broken_utf8).expect("lossy");
        assert_eq!(root.attr("name"), Some("x\u{fffd}\u{fffd}y"));
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("<a x=\"1\"/>".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(parse_buildfile(&utf16).expect("utf16").attr("x"), Some("1"));
        let crlf = parse_buildfile(b"<a>1\r\n2</a>").expect("crlf");
        assert_eq!(crlf.text, "1\n2");
    }

    #[test]
    fn malformed_input_is_an_error_not_a_panic() {
        assert!(matches!(
            parse_buildfile(b"<a><b></a>"),
            Err(BuildFileError::Xml { .. })
        ));
        assert!(matches!(
            parse_buildfile(b"<a><b>"),
            Err(BuildFileError::Truncated { .. })
        ));
        assert_eq!(parse_buildfile(b""), Err(BuildFileError::NoRoot));
        assert_eq!(parse_buildfile(b"just text"), Err(BuildFileError::NoRoot));
        let deep = "<a>".repeat(MAX_DEPTH + 1);
        assert_eq!(
            parse_buildfile(deep.as_bytes()),
            Err(BuildFileError::TooDeep)
        );
    }
}

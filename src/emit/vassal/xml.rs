//! A small element tree written the way VASSAL writes `buildFile.xml`: XML declaration with
//! `standalone="no"`, 4-space indentation, attributes sorted by name, TAB/CR/LF inside
//! attribute values as character references, element text (piece definitions) with literal
//! TABs and only `& < >` escaped. Escaping is quick-xml's; nothing here builds markup by hand.

use std::borrow::Cow;
use std::collections::BTreeMap;

use quick_xml::escape::{escape, partial_escape};
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

/// One element: a component class name, its attributes, optional text, children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// Element name (a fully-qualified VASSAL class, or `entry`/`option`).
    pub name: String,
    /// Attributes, kept sorted by name as VASSAL writes them.
    pub attrs: BTreeMap<String, String>,
    /// Text content (piece definitions, roster entries).
    pub text: Option<String>,
    /// Child elements in document order.
    pub children: Vec<Node>,
}

impl Node {
    /// An element without attributes.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            attrs: BTreeMap::new(),
            text: None,
            children: Vec::new(),
        }
    }

    /// Adds (or replaces) an attribute.
    pub fn attr(mut self, key: &str, value: impl ToString) -> Self {
        self.attrs.insert(key.to_string(), value.to_string());
        self
    }

    /// Adds several attributes.
    pub fn attrs<'a>(mut self, pairs: impl IntoIterator<Item = (&'a str, String)>) -> Self {
        for (k, v) in pairs {
            self.attrs.insert(k.to_string(), v);
        }
        self
    }

    /// Sets the text content.
    pub fn text(mut self, text: impl Into<String>) -> Self {
        self.text = Some(text.into());
        self
    }

    /// Appends a child.
    pub fn child(mut self, child: Node) -> Self {
        self.children.push(child);
        self
    }

    /// Appends children.
    pub fn children(mut self, children: impl IntoIterator<Item = Node>) -> Self {
        self.children.extend(children);
        self
    }

    /// Appends a child in place.
    pub fn push(&mut self, child: Node) {
        self.children.push(child);
    }

    /// All elements below this one (depth first, document order), itself included.
    pub fn walk(&self) -> Vec<&Node> {
        let mut out = vec![self];
        for c in &self.children {
            out.extend(c.walk());
        }
        out
    }
}

/// Characters XML 1.0 cannot carry at all (everything below U+0020 except TAB, LF, CR).
fn xml_allowed(c: char) -> bool {
    c >= ' ' || matches!(c, '\t' | '\n' | '\r')
}

fn clean(text: &str) -> Cow<'_, str> {
    if text.chars().all(xml_allowed) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.chars().filter(|c| xml_allowed(*c)).collect())
    }
}

/// An attribute value escaped by quick-xml, then TAB/CR/LF as character references so that
/// attribute-value normalisation keeps them.
fn attribute_value(value: &str) -> String {
    let cleaned = clean(value);
    let escaped = escape(cleaned.as_ref());
    let mut out = String::with_capacity(escaped.len());
    for c in escaped.chars() {
        match c {
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    out
}

fn write_node(writer: &mut Writer<Vec<u8>>, node: &Node) -> std::io::Result<()> {
    let mut start = BytesStart::new(node.name.as_str());
    for (k, v) in &node.attrs {
        let value = attribute_value(v);
        start.push_attribute((k.as_bytes(), value.as_bytes()));
    }
    if node.text.is_none() && node.children.is_empty() {
        return writer.write_event(Event::Empty(start));
    }
    writer.write_event(Event::Start(start))?;
    if let Some(text) = &node.text {
        let cleaned = clean(text);
        let escaped = partial_escape(cleaned.as_ref());
        writer.write_event(Event::Text(BytesText::from_escaped(escaped)))?;
    }
    for child in &node.children {
        write_node(writer, child)?;
    }
    writer.write_event(Event::End(BytesEnd::new(node.name.as_str())))
}

/// The document text: declaration, then the tree, then a final newline.
pub fn to_xml(root: &Node) -> String {
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 4);
    let declaration = BytesDecl::new("1.0", Some("UTF-8"), Some("no"));
    // Writing into a Vec cannot fail.
    let _ = writer.write_event(Event::Decl(declaration));
    let _ = write_node(&mut writer, root);
    let mut text = String::from_utf8_lossy(&writer.into_inner()).into_owned();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::buildfile::parse_buildfile_str;

    #[test]
    fn writes_sorted_attributes_and_literal_tabs_in_text() {
        let root = Node::new("Root")
            .attr("z", "last")
            .attr("a", "x\ty\n<&>\"")
            .child(Node::new("Empty"))
            .child(Node::new("Text").text("+/null/a\tb\\\tc <&>"));
        let xml = to_xml(&root);
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"));
        assert!(xml.contains("<Root a=\"x&#9;y&#10;&lt;&amp;&gt;&quot;\" z=\"last\">"));
        assert!(xml.contains("\n    <Empty/>\n"));
        assert!(xml.contains("\n    <Text>+/null/a\tb\\\tc &lt;&amp;&gt;</Text>\n"));
        let parsed = parse_buildfile_str(&xml).expect("parses");
        assert_eq!(parsed.attr("a"), Some("x\ty\n<&>\""));
        assert_eq!(parsed.children[1].text, "+/null/a\tb\\\tc <&>");
    }

    #[test]
    fn drops_characters_xml_cannot_hold() {
        let xml = to_xml(&Node::new("R").attr("a", "x\u{1b}y").text("p\u{1}q"));
        assert!(xml.contains("a=\"xy\""));
        assert!(xml.contains(">pq<"));
    }
}

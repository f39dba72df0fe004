//! The small `<data version="1">` metadata files: `moduledata` in modules and saves,
//! `savedata` in saves, `extensiondata` in extensions (format notes §1.2, §4.1). Reading
//! trims element text and ignores unknown elements; writing produces VASSAL's layout.

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;
use serde::Serialize;

use super::buildfile::{parse_buildfile, BuildFileError, Element};

/// The fields of a metadata file that sandtable uses.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Metadata {
    /// `<name>` without a language (module name; absent in `savedata`).
    pub name: Option<String>,
    /// `<version>`: module version.
    pub version: Option<String>,
    /// `<VassalVersion>`: the VASSAL version that saved the file.
    pub vassal_version: Option<String>,
    /// `<description>` without a language.
    pub description: Option<String>,
    /// `<dateSaved>`: Java milliseconds since the epoch, as written.
    pub date_saved: Option<String>,
    /// `<extra1>` (3.7+).
    pub extra1: Option<String>,
    /// `<extra2>` (3.7+).
    pub extra2: Option<String>,
    /// Translated names as (language, name), with pre-3.6.11 files' swapped
    /// attribute/text put right.
    pub translated_names: Vec<(String, String)>,
}

impl Metadata {
    /// Reads a metadata file.
    pub fn parse(bytes: &[u8]) -> Result<Self, BuildFileError> {
        Ok(Self::from_element(&parse_buildfile(bytes)?))
    }

    /// Reads the fields from an already parsed `<data>` element.
    pub fn from_element(root: &Element) -> Self {
        let mut data = Self::default();
        let mut raw_translations = Vec::new();
        for child in &root.children {
            let text = Some(child.trimmed_text().to_string());
            let lang = child.attr("lang");
            match (child.name.as_str(), lang) {
                ("name", None) => data.name = text,
                ("name", Some(lang)) => {
                    raw_translations.push((lang.to_string(), child.trimmed_text().to_string()))
                }
                ("description", None) => data.description = text,
                ("version", _) => data.version = text,
                ("VassalVersion", _) => data.vassal_version = text,
                ("dateSaved", _) => data.date_saved = text,
                ("extra1", _) => data.extra1 = text,
                ("extra2", _) => data.extra2 = text,
                _ => {}
            }
        }
        let swapped = data
            .vassal_version
            .as_deref()
            .is_some_and(|v| version_less_than(v, &[3, 6, 11]));
        data.translated_names = raw_translations
            .into_iter()
            .map(|(lang, text)| if swapped { (text, lang) } else { (lang, text) })
            .collect();
        data
    }
}

/// Compares a dotted version (`3.6.9`, `3.5.0-SNAPSHOT-…`) with `[major, minor, patch]`;
/// missing or non-numeric parts count as 0.
pub fn version_less_than(version: &str, other: &[u32]) -> bool {
    let parts: Vec<u32> = version
        .split(['.', '-'])
        .take(other.len())
        .map(|part| {
            part.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .unwrap_or(0)
        })
        .collect();
    let mut padded = parts;
    padded.resize(other.len(), 0);
    padded.as_slice() < other
}

/// Writes a `<data version="1">` document with one element per `(name, text)` pair, in
/// order, 2-space indented like VASSAL (text escaped by quick-xml).
pub fn write_metadata(fields: &[(&str, &str)]) -> String {
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    // Writing into a Vec cannot fail; errors are ignored rather than unwrapped.
    let declaration = BytesDecl::new("1.0", Some("UTF-8"), Some("no"));
    let _ = writer.write_event(Event::Decl(declaration));
    let mut data = BytesStart::new("data");
    data.push_attribute(("version", "1"));
    let _ = writer.write_event(Event::Start(data));
    for (name, text) in fields {
        let _ = writer.write_event(Event::Start(BytesStart::new(*name)));
        let _ = writer.write_event(Event::Text(BytesText::new(text)));
        let _ = writer.write_event(Event::End(BytesEnd::new(*name)));
    }
    let _ = writer.write_event(Event::End(BytesEnd::new("data")));
    let mut text = String::from_utf8_lossy(&writer.into_inner()).into_owned();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_module_metadata() {
        let xml = br#"<?xml version="1.0" encoding="UTF-8"?>
<data version="1">
  <version>0.3.0</version>
  <VassalVersion>3.2.17</VassalVersion>
  <dateSaved>1589474129620</dateSaved>
  <description></description>
  <name>Capture of the territory</name>
  <name lang="Other name">ru</name>
</data>"#;
        let data = Metadata::parse(xml).expect("parses");
        assert_eq!(data.name.as_deref(), Some("Capture of the territory"));
        assert_eq!(data.version.as_deref(), Some("0.3.0"));
        assert_eq!(data.vassal_version.as_deref(), Some("3.2.17"));
        assert_eq!(data.description.as_deref(), Some(""));
        assert_eq!(
            data.translated_names,
            [("ru".to_string(), "Other name".to_string())]
        );
    }

    #[test]
    fn versions_compare_numerically() {
        assert!(version_less_than("3.2.17", &[3, 6, 11]));
        assert!(version_less_than("3.6.9", &[3, 6, 11]));
        assert!(!version_less_than("3.6.11", &[3, 6, 11]));
        assert!(!version_less_than("3.7.0", &[3, 6, 11]));
        assert!(version_less_than("3.5.0-SNAPSHOT-bugfix", &[3, 6]));
        assert!(!version_less_than("", &[0]));
    }

    #[test]
    fn writes_and_reads_back() {
        let text = write_metadata(&[("version", "1.0"), ("name", "A & <B>")]);
        assert!(text.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>"));
        assert!(text.contains("\n  <name>A &amp; &lt;B&gt;</name>\n"));
        let data = Metadata::parse(text.as_bytes()).expect("parses");
        assert_eq!(data.name.as_deref(), Some("A & <B>"));
    }
}

//! The pages of a game file's sections, from the JSON Schema of
//! [`crate::load::schema::GameFile`]: for each section its description, every key (type in
//! words, required or its default, the allowed words, what it does), each sub-table as a
//! subsection of its own, an example from the example games, and its diagnostics.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde_json::Value;

use super::diagnostics;
use super::examples::{self, Source};
use super::types::{Nest, Nested, Schema};

/// A page of sections: its file, title, and the top-level keys it documents, in order.
pub struct PagePlan {
    /// File name in the reference tree.
    pub file: String,
    /// Title.
    pub title: String,
    /// Top-level keys of a game file (`side`, `map`).
    pub keys: Vec<String>,
}

/// How the top-level keys are grouped into pages; a key of the schema not named here gets
/// a page of its own, so every section is documented.
const GROUPS: &[(&str, &str, &[&str])] = &[
    ("game.md", "The game and its art", &["game", "art"]),
    (
        "sides.md",
        "Sides, nations and countries",
        &["side", "nation", "country"],
    ),
    (
        "calendar.md",
        "Calendar, weather and the sequence of play",
        &["weather", "calendar", "turn", "phase", "player-turn"],
    ),
    (
        "tracks.md",
        "Tracks, track displays and schedules",
        &["track", "track-display", "schedule"],
    ),
    (
        "units.md",
        "Factors and unit types",
        &["factor", "unit-type"],
    ),
    ("class.md", "Classes", &["class"]),
    ("counter.md", "The counter mix", &["counter"]),
    ("terrain.md", "Terrain", &["terrain", "hexside-terrain"]),
    ("map.md", "Maps", &["map"]),
    ("pool.md", "Pools (off-map boxes)", &["pool"]),
    ("scenario.md", "Scenarios", &["scenario"]),
    ("crt.md", "Combat results tables", &["crt"]),
    ("chart.md", "Charts", &["chart"]),
    ("rules.md", "Rules", &["rules"]),
    ("option.md", "Optional rules", &["option"]),
];

/// The reference page documenting a section, by its header as the catalogue writes it
/// (`[[map]]`, `[rules]`): `map.md`. `None` for what is not a section of a game file
/// (`rules/*.md`, `orders`, `command line`).
pub fn page_of(header: &str) -> Option<&'static str> {
    let key = header.trim_matches(|c| c == '[' || c == ']');
    GROUPS
        .iter()
        .find(|(_, _, keys)| keys.contains(&key))
        .map(|(file, _, _)| *file)
}

/// Keys of a game file that are not sections (documented in the README).
pub const NOT_SECTIONS: &[&str] = &["use"];

/// Defs referenced this often are documented once, on `common.md`.
const SHARED_AT: usize = 4;

/// Names of shared tables, where the def's own name would not read well.
const SHARED_NAMES: &[(&str, &str)] = &[("Selector", "Unit selectors")];

/// The pages of sections, in reading order.
pub fn plan(schema: &Schema) -> Vec<PagePlan> {
    let props: Vec<String> = schema
        .root
        .get("properties")
        .and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    let mut out: Vec<PagePlan> = Vec::new();
    let mut placed: BTreeSet<&str> = NOT_SECTIONS.iter().copied().collect();
    for (file, title, keys) in GROUPS {
        let keys: Vec<String> = keys
            .iter()
            .filter(|k| props.iter().any(|p| p == *k))
            .map(|k| k.to_string())
            .collect();
        if keys.is_empty() {
            continue;
        }
        for k in GROUPS.iter().flat_map(|g| g.2.iter()) {
            placed.insert(k);
        }
        out.push(PagePlan {
            file: file.to_string(),
            title: title.to_string(),
            keys,
        });
    }
    for p in &props {
        if !placed.contains(p.as_str()) {
            out.push(PagePlan {
                file: format!("{p}.md"),
                title: format!("`{}`", header(schema, p)),
                keys: vec![p.clone()],
            });
        }
    }
    out
}

/// How a top-level key is written as a header: `[[side]]` or `[game]`.
pub fn header(schema: &Schema, key: &str) -> String {
    let Some(node) = schema.root.get("properties").and_then(|p| p.get(key)) else {
        return format!("[{key}]");
    };
    match schema.shape(node).nested.map(|n| n.nest) {
        Some(Nest::Array) => format!("[[{key}]]"),
        _ => format!("[{key}]"),
    }
}

/// The anchor of a dotted path: `map.hex` → `map-hex`.
pub fn anchor(path: &str) -> String {
    path.replace('.', "-")
}

/// Where something is documented: page and anchor.
#[derive(Debug, Clone)]
struct Place {
    page: String,
    anchor: String,
    header: String,
}

/// The state of a run over every page.
pub struct Writer<'a> {
    schema: Schema<'a>,
    sources: Vec<Source>,
    /// Defs documented so far (and where), for later references to link to.
    documented: BTreeMap<String, Place>,
    /// Defs shared by many sections, documented on `common.md`.
    shared: BTreeSet<String>,
}

impl<'a> Writer<'a> {
    /// A writer over a schema and the example games' files.
    pub fn new(schema: Schema<'a>, sources: Vec<Source>) -> Self {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        count_refs(schema.root, &mut counts);
        let shared = counts
            .into_iter()
            .filter(|(d, n)| {
                *n >= SHARED_AT && schema.def(d).is_some_and(|v| v.get("properties").is_some())
            })
            .map(|(d, _)| d)
            .collect();
        Writer {
            schema,
            sources,
            documented: BTreeMap::new(),
            shared,
        }
    }

    /// The shared tables' page, `common.md`, when there are any (to be written first, so
    /// every page links to it).
    pub fn common(&mut self) -> Option<String> {
        if self.shared.is_empty() {
            return None;
        }
        let shared: Vec<String> = self.shared.iter().cloned().collect();
        for d in &shared {
            let name = shared_name(d);
            self.documented.insert(
                d.clone(),
                Place {
                    page: "common.md".into(),
                    anchor: anchor(&kebab(d)),
                    header: name,
                },
            );
        }
        let mut s = String::from(
            "# Tables used in many sections\n\n\
             Some tables are written the same way wherever they appear; they are described \
             once, here, and every key that takes one links to it.\n\n",
        );
        for d in &shared {
            let node = self.schema.def(d).expect("a shared def exists");
            let _ = writeln!(
                s,
                "<a id=\"{}\"></a>\n\n## {}\n",
                anchor(&kebab(d)),
                shared_name(d)
            );
            if let Some(desc) = node.get("description").and_then(Value::as_str) {
                let _ = writeln!(s, "{}\n", paragraphs(desc));
            }
            s.push_str("Written inline where a key takes it, e.g. `units = { types = [\"infantry\"], nations = [\"ger\"] }`; every key may be left out, and a unit must match every key given.\n\n");
            let stack = vec![d.clone()];
            self.keys(&mut s, "common.md", node, "", &stack);
        }
        Some(s)
    }

    /// One page of sections.
    pub fn page(&mut self, plan: &PagePlan) -> String {
        let mut s = format!("# {}\n\n", plan.title);
        if plan.keys.len() > 1 {
            let list: Vec<String> = plan
                .keys
                .iter()
                .map(|k| {
                    let h = header(&self.schema, k);
                    format!("[`{h}`](#{})", anchor(k))
                })
                .collect();
            let _ = writeln!(s, "This page describes {}.\n", join_and(&list));
        }
        for key in &plan.keys {
            self.section(&mut s, &plan.file, key);
        }
        s
    }

    fn section(&mut self, s: &mut String, page: &str, key: &str) {
        let root = self.schema.root;
        let Some(prop) = root.get("properties").and_then(|p| p.get(key)) else {
            return;
        };
        let h = header(&self.schema, key);
        let _ = writeln!(s, "<a id=\"{}\"></a>\n\n## `{h}`\n", anchor(key));
        let shape = self.schema.shape(prop);
        if let Some(d) = prop.get("description").and_then(Value::as_str) {
            let _ = writeln!(s, "{}\n", paragraphs(&strip_header(d, &h)));
        }
        let Some(nested) = shape.nested else {
            let _ = writeln!(s, "A value: {}.\n", shape.words);
            return;
        };
        if let Some(d) = nested.node.get("description").and_then(Value::as_str) {
            let d = strip_header(d, &h);
            let own = prop
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("");
            if !d.trim().is_empty() && !strip_header(own, &h).contains(d.trim()) {
                let _ = writeln!(s, "{}\n", paragraphs(&d));
            }
        }
        match nested.nest {
            Nest::Array => {
                let _ = writeln!(
                    s,
                    "A list of tables: each `{h}` header starts one more entry. Entries may be \
                     spread over any files of the game and are read in file order.\n"
                );
            }
            _ => {
                let _ = writeln!(s, "One table, in any file of the game.\n");
            }
        }
        if let Some(def) = nested.def {
            self.documented.insert(
                def.to_string(),
                Place {
                    page: page.to_string(),
                    anchor: anchor(key),
                    header: h.clone(),
                },
            );
        }
        let mut stack: Vec<String> = nested.def.map(str::to_string).into_iter().collect();
        s.push_str("### Keys\n\n");
        let subs = self.keys(s, page, nested.node, key, &stack);
        if let Some(e) = examples::find(&self.sources, key) {
            let _ = writeln!(
                s,
                "### Example\n\nFrom `{}` (line {}):\n\n```toml\n{}```\n",
                e.path, e.line, e.text
            );
        }
        self.subsections(s, page, nested.node, key, &h, subs, 3, &mut stack);
        let diags = diagnostics::for_section(&h);
        if !diags.is_empty() {
            let _ = writeln!(s, "### Diagnostics of `{h}`\n\n{diags}");
        }
    }

    /// The sub-tables of a table, each a subsection with its keys, its example and its own
    /// sub-tables.
    #[allow(clippy::too_many_arguments)]
    fn subsections(
        &mut self,
        s: &mut String,
        page: &str,
        node: &'a Value,
        path: &str,
        parent: &str,
        subs: Vec<(String, Nested<'a>)>,
        level: usize,
        stack: &mut Vec<String>,
    ) {
        for (key, nested) in subs {
            let sub_path = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            let h = match nested.nest {
                Nest::Array => format!("[[{sub_path}]]"),
                Nest::Table => format!("[{sub_path}]"),
                Nest::Map => format!("[{sub_path}.NAME]"),
            };
            let hashes = "#".repeat(level.min(6));
            let _ = writeln!(
                s,
                "<a id=\"{}\"></a>\n\n{hashes} `{h}`\n",
                anchor(&sub_path)
            );
            let prop = node
                .get("properties")
                .and_then(|p| p.get(&key))
                .expect("a key of the table");
            let own = self.schema.description(prop).unwrap_or("");
            if !own.is_empty() {
                let _ = writeln!(s, "{}\n", paragraphs(&strip_header(own, &h)));
            }
            if let Some(d) = nested.node.get("description").and_then(Value::as_str) {
                let d = strip_header(d, &h);
                if !d.trim().is_empty() && d.trim() != own.trim() && !own.contains(d.trim()) {
                    let _ = writeln!(s, "{}\n", paragraphs(&d));
                }
            }
            match nested.nest {
                Nest::Array => {
                    let _ = writeln!(
                        s,
                        "A list of tables: each `{h}` header adds one to the `{parent}` above it; or write them all inline, as `{key} = [{{ … }}, {{ … }}]`.\n"
                    );
                }
                Nest::Map => {
                    let _ = writeln!(s, "A table of tables, one per name: `[{sub_path}.NAME]`.\n");
                }
                Nest::Table => {
                    let _ = writeln!(
                        s,
                        "One table: `{h}` after its `{parent}`, or inline as `{key} = {{ … }}`.\n"
                    );
                }
            }
            if let Some(def) = nested.def {
                stack.push(def.to_string());
            }
            let inner = self.keys(s, page, nested.node, &sub_path, stack);
            if nested.nest != Nest::Map {
                if let Some(e) = examples::find(&self.sources, &sub_path) {
                    let _ = writeln!(
                        s,
                        "From `{}` (line {}):\n\n```toml\n{}```\n",
                        e.path, e.line, e.text
                    );
                }
            }
            self.subsections(s, page, nested.node, &sub_path, &h, inner, level + 1, stack);
            if nested.def.is_some() {
                stack.pop();
            }
        }
    }

    /// The list of a table's keys; returns the sub-tables still to document.
    fn keys(
        &mut self,
        s: &mut String,
        page: &str,
        node: &'a Value,
        path: &str,
        stack: &[String],
    ) -> Vec<(String, Nested<'a>)> {
        let mut subs = Vec::new();
        let Some(props) = node.get("properties").and_then(Value::as_object) else {
            return subs;
        };
        let required: Vec<&str> = node
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (key, prop) in props {
            let shape = self.schema.shape(prop);
            let mut words = shape.words.clone();
            if words == "text" && is_colour(key, self.schema.description(prop).unwrap_or("")) {
                words = "colour `\"#rrggbb\"`".into();
            }
            if let Some(n) = shape.nested {
                let sub_path = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                let known = n.def.and_then(|d| self.documented.get(d).cloned());
                let recursive = n.def.is_some_and(|d| stack.iter().any(|x| x == d));
                match (known, recursive) {
                    (Some(place), _) => {
                        let to = if place.page == page {
                            format!("#{}", place.anchor)
                        } else {
                            format!("{}#{}", place.page, place.anchor)
                        };
                        let what = if place.page == "common.md" {
                            place.header.to_lowercase()
                        } else {
                            format!("as `{}`", place.header)
                        };
                        words = format!("{words}: [{what}]({to})");
                        words = words.replace(": [unit selectors]", ": [a unit selector]");
                    }
                    (None, true) => {}
                    (None, false) => {
                        let h = match n.nest {
                            Nest::Array => format!("[[{sub_path}]]"),
                            Nest::Table => format!("[{sub_path}]"),
                            Nest::Map => format!("[{sub_path}.NAME]"),
                        };
                        words = format!("{words}, see [`{h}`](#{})", anchor(&sub_path));
                        if let Some(d) = n.def {
                            self.documented.insert(
                                d.to_string(),
                                Place {
                                    page: page.to_string(),
                                    anchor: anchor(&sub_path),
                                    header: h,
                                },
                            );
                        }
                        subs.push((key.clone(), n));
                    }
                }
            }
            let need = if required.contains(&key.as_str()) {
                "**required**".to_string()
            } else {
                match prop.get("default") {
                    Some(d) => default_words(d),
                    None => "optional".to_string(),
                }
            };
            let _ = write!(s, "- **`{key}`** ({words}; {need})");
            match self.schema.description(prop) {
                Some(d) => {
                    let _ = writeln!(s, ": {}", indent(&paragraphs(d)));
                }
                None => s.push('\n'),
            }
            let mut seen = BTreeSet::new();
            for (w, meaning) in &shape.choices {
                if !seen.insert(w.clone()) {
                    continue;
                }
                match meaning {
                    Some(m) => {
                        let _ = writeln!(s, "  - `{w}`: {m}");
                    }
                    None => {
                        let _ = writeln!(s, "  - `{w}`");
                    }
                }
            }
        }
        s.push('\n');
        subs
    }
}

/// Whether a text key holds a colour: the schema gives colours no pattern, so the key's
/// name and description say it (`colour`, "Colour of the printed text", "`#rrggbb`").
fn is_colour(key: &str, description: &str) -> bool {
    let d = description.to_lowercase();
    key == "colour"
        || d.contains("#rrggbb")
        || d.starts_with("colour")
        || d.contains("background colour")
}

/// How many times each def is referenced.
fn count_refs(n: &Value, out: &mut BTreeMap<String, usize>) {
    match n {
        Value::Object(m) => {
            if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                if let Some(d) = super::types::def_name(r) {
                    *out.entry(d.to_string()).or_default() += 1;
                }
            }
            for v in m.values() {
                count_refs(v, out);
            }
        }
        Value::Array(v) => v.iter().for_each(|x| count_refs(x, out)),
        _ => {}
    }
}

fn shared_name(def: &str) -> String {
    SHARED_NAMES
        .iter()
        .find(|(d, _)| *d == def)
        .map_or_else(|| def.to_string(), |(_, n)| n.to_string())
}

/// `VictoryPoints` → `victory-points`.
fn kebab(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('-');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// A default value in words.
fn default_words(d: &Value) -> String {
    match d {
        Value::Array(a) if a.is_empty() => "optional, none by default".into(),
        Value::Object(o) if o.is_empty() => "optional, none by default".into(),
        Value::String(s) if s.is_empty() => "optional".into(),
        other => format!("default `{}`", toml_value(other)),
    }
}

/// A JSON value written as TOML.
fn toml_value(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(toml_value).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(o) => format!(
            "{{ {} }}",
            o.iter()
                .map(|(k, v)| format!("{k} = {}", toml_value(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Null => "nothing".into(),
        other => other.to_string(),
    }
}

/// A doc comment as Markdown paragraphs: lines of one paragraph joined.
pub fn paragraphs(d: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    // A fenced code block (a TOML example in a doc comment) keeps its lines, blank ones too.
    let mut fence: Option<String> = None;
    for p in d.split("\n\n") {
        if let Some(f) = fence.as_mut() {
            f.push_str("\n\n");
            f.push_str(p.trim_end());
            if p.trim_end().ends_with("```") {
                out.extend(fence.take());
            }
            continue;
        }
        let t = p.trim();
        if t.starts_with("```") {
            if t.lines().count() > 1 && t.ends_with("```") {
                out.push(t.to_string());
            } else {
                fence = Some(t.to_string());
            }
            continue;
        }
        let joined = t.split_whitespace().collect::<Vec<_>>().join(" ");
        if !joined.is_empty() {
            out.push(joined);
        }
    }
    out.extend(fence);
    out.join("\n\n")
}

/// Continuation paragraphs of a list item, indented under it.
fn indent(p: &str) -> String {
    p.replace("\n\n", "\n\n  ")
}

/// A description without the header it starts with: "`[[side]]`: the players' sides." →
/// "The players' sides."; "`[map.hex]`." → "".
pub fn strip_header(d: &str, header: &str) -> String {
    let t = d.trim_start();
    let tick = format!("`{header}`");
    let Some(rest) = t.strip_prefix(&tick) else {
        return d.trim().to_string();
    };
    let rest = rest.trim_start_matches([':', '.', ',']).trim_start();
    let mut c = rest.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `a`, `a and b`, `a, b and c`.
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_loses_the_header_it_starts_with() {
        assert_eq!(
            strip_header("`[[side]]`: the players' sides.", "[[side]]"),
            "The players' sides."
        );
        assert_eq!(strip_header("`[map.hex]`.", "[map.hex]"), "");
        assert_eq!(strip_header("Hex geometry.", "[map.hex]"), "Hex geometry.");
    }

    #[test]
    fn paragraphs_join_their_lines() {
        assert_eq!(paragraphs("one\ntwo\n\nthree"), "one two\n\nthree");
        // A fenced example keeps its lines, and its blank ones.
        assert_eq!(
            paragraphs("An example:\n\n```toml\n[[a]]\nb = 1\n\n[[a]]\nb = 2\n```\n\nAfter."),
            "An example:\n\n```toml\n[[a]]\nb = 1\n\n[[a]]\nb = 2\n```\n\nAfter."
        );
    }

    #[test]
    fn defaults_read_as_toml() {
        assert_eq!(default_words(&serde_json::json!(true)), "default `true`");
        assert_eq!(default_words(&serde_json::json!(1)), "default `1`");
        assert_eq!(
            default_words(&serde_json::json!("odd")),
            "default `\"odd\"`"
        );
        assert_eq!(
            default_words(&serde_json::json!([])),
            "optional, none by default"
        );
    }

    #[test]
    fn every_section_of_the_schema_is_on_a_page() {
        let root = crate::load::schema::json_schema();
        let schema = Schema { root: &root };
        let plan = plan(&schema);
        for key in root["properties"].as_object().unwrap().keys() {
            if NOT_SECTIONS.contains(&key.as_str()) {
                continue;
            }
            assert!(
                plan.iter().filter(|p| p.keys.contains(key)).count() == 1,
                "{key} is on exactly one page"
            );
        }
    }

    #[test]
    fn names_read_in_kebab_case() {
        assert_eq!(kebab("VictoryPoints"), "victory-points");
        assert_eq!(anchor("map.hex.numbering"), "map-hex-numbering");
    }
}

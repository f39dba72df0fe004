//! What a key of the JSON Schema holds, in a designer's words: `text`, `whole number`,
//! `list of texts`, `table of name → whole number`, a word of a closed list, or a table of
//! its own documented as a subsection.

use serde_json::Value;

/// The JSON Schema of a game file, with `$ref`s followed.
#[derive(Debug, Clone, Copy)]
pub struct Schema<'a> {
    /// The whole schema (its `$defs` are what `$ref`s name).
    pub root: &'a Value,
}

/// How a sub-table is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nest {
    /// One table: `[a.b]` (or inline, `b = { … }`).
    Table,
    /// A list of tables: `[[a.b]]`.
    Array,
    /// A table of tables by name: `[a.b.NAME]`.
    Map,
}

/// A sub-table a key holds, to be documented as its own subsection.
#[derive(Debug, Clone, Copy)]
pub struct Nested<'a> {
    /// How it is written.
    pub nest: Nest,
    /// Its object schema (with `properties`).
    pub node: &'a Value,
    /// The `$defs` name it comes from, when it has one.
    pub def: Option<&'a str>,
}

/// What a key holds.
#[derive(Debug, Clone)]
pub struct Shape<'a> {
    /// In words, singular: `text`, `list of texts`, `table`.
    pub words: String,
    /// The sub-table, if the key holds one.
    pub nested: Option<Nested<'a>>,
    /// The allowed words and their meanings, for a closed list.
    pub choices: Vec<(String, Option<String>)>,
    /// The key may be left out (the schema allows `null`).
    pub nullable: bool,
}

impl<'a> Shape<'a> {
    fn plain(words: impl Into<String>) -> Self {
        Shape {
            words: words.into(),
            nested: None,
            choices: Vec::new(),
            nullable: false,
        }
    }
}

/// The def a `$ref` names: `#/$defs/Side` (or `#/definitions/Side`) → `Side`.
pub fn def_name(reference: &str) -> Option<&str> {
    reference
        .strip_prefix("#/$defs/")
        .or_else(|| reference.strip_prefix("#/definitions/"))
}

/// Whether a schema node is `{"type": "null"}`.
fn is_null(n: &Value) -> bool {
    n.get("type").and_then(Value::as_str) == Some("null") && n.get("$ref").is_none()
}

impl<'a> Schema<'a> {
    /// The schema of a `$defs` entry (or `definitions`, as older drafts name them).
    pub fn def(&self, name: &str) -> Option<&'a Value> {
        ["$defs", "definitions"]
            .iter()
            .find_map(|c| self.root.get(*c)?.get(name))
    }

    /// A node with its `$ref` followed (and the name of the def it names).
    pub fn resolve(&self, n: &'a Value) -> (&'a Value, Option<&'a str>) {
        let mut node = n;
        let mut name = None;
        for _ in 0..16 {
            // `allOf` of one schema: a `$ref` with a description beside it (draft 7).
            if let Some([one]) = node
                .get("allOf")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
            {
                node = one;
                continue;
            }
            let Some(r) = node.get("$ref").and_then(Value::as_str) else {
                break;
            };
            let Some(def) = def_name(r) else {
                break;
            };
            match self.def(def) {
                Some(d) => {
                    node = d;
                    name = Some(def);
                }
                None => break,
            }
        }
        (node, name)
    }

    /// The description of a property: its own, else its def's.
    pub fn description(&self, n: &'a Value) -> Option<&'a str> {
        n.get("description").and_then(Value::as_str).or_else(|| {
            self.resolve(self.strip_null(n))
                .0
                .get("description")?
                .as_str()
        })
    }

    /// A node without the `null` alternative of an optional key.
    pub fn strip_null(&self, n: &'a Value) -> &'a Value {
        if let Some(alts) = n.get("anyOf").and_then(Value::as_array) {
            let rest: Vec<&Value> = alts.iter().filter(|a| !is_null(a)).collect();
            if rest.len() == 1 && rest.len() < alts.len() {
                return rest[0];
            }
        }
        n
    }

    /// What a node holds.
    pub fn shape(&self, n: &'a Value) -> Shape<'a> {
        let mut nullable = false;
        let mut node = n;
        if let Some(alts) = n.get("anyOf").and_then(Value::as_array) {
            if alts.iter().any(is_null) {
                nullable = true;
                node = self.strip_null(n);
            }
        }
        let mut s = self.shape_of(node);
        s.nullable |= nullable;
        s
    }

    fn shape_of(&self, n: &'a Value) -> Shape<'a> {
        let (node, def) = self.resolve(n);
        // A closed list of words, with or without meanings.
        if let Some(words) = node.get("enum").and_then(Value::as_array) {
            let choices: Vec<(String, Option<String>)> =
                words.iter().map(|w| (word(w), None)).collect();
            return Shape {
                words: "a word from the list below".into(),
                choices,
                ..Shape::plain("")
            };
        }
        if let Some(c) = node.get("const") {
            return Shape {
                words: "a word from the list below".into(),
                choices: vec![(word(c), describe_word(node))],
                ..Shape::plain("")
            };
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(alts) = node.get(key).and_then(Value::as_array) {
                let mut nullable = false;
                let shapes: Vec<Shape> = alts
                    .iter()
                    .filter(|a| {
                        let null = is_null(a);
                        nullable |= null;
                        !null
                    })
                    .map(|a| self.shape_of(a))
                    .collect();
                return merge(shapes, nullable);
            }
        }
        let types: Vec<&str> = match node.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let nullable = types.contains(&"null");
        let types: Vec<&str> = types.into_iter().filter(|t| *t != "null").collect();
        if types.len() > 1 {
            let shapes = types.iter().map(|t| self.scalar(t, node, def)).collect();
            return merge(shapes, nullable);
        }
        let mut s = match types.first() {
            Some(t) => self.scalar(t, node, def),
            None if node.get("properties").is_some() => self.scalar("object", node, def),
            None => Shape::plain("any value"),
        };
        s.nullable |= nullable;
        s
    }

    fn scalar(&self, t: &str, node: &'a Value, def: Option<&'a str>) -> Shape<'a> {
        match t {
            "string" => Shape::plain(text_kind(node)),
            "integer" => Shape::plain(whole_number(node)),
            "number" => Shape::plain("number"),
            "boolean" => Shape::plain("`true` or `false`"),
            "array" => self.array(node),
            "object" => {
                if node.get("properties").is_some() {
                    return Shape {
                        nested: Some(Nested {
                            nest: Nest::Table,
                            node,
                            def,
                        }),
                        ..Shape::plain("table")
                    };
                }
                match node.get("additionalProperties") {
                    Some(v @ Value::Object(_)) => {
                        let inner = self.shape(v);
                        if let Some(n) = inner.nested.filter(|n| n.nest == Nest::Table) {
                            return Shape {
                                nested: Some(Nested {
                                    nest: Nest::Map,
                                    ..n
                                }),
                                ..Shape::plain("table of name → table")
                            };
                        }
                        Shape {
                            words: format!("table of name → {}", inner.words),
                            choices: inner.choices,
                            ..Shape::plain("")
                        }
                    }
                    _ => Shape::plain("table"),
                }
            }
            _ => Shape::plain("any value"),
        }
    }

    fn array(&self, node: &'a Value) -> Shape<'a> {
        let Some(items) = node.get("items") else {
            return Shape::plain("list");
        };
        let inner = self.shape(items);
        let fixed = node
            .get("minItems")
            .and_then(Value::as_u64)
            .filter(|n| Some(*n) == node.get("maxItems").and_then(Value::as_u64));
        if let Some(n) = inner.nested.filter(|n| n.nest == Nest::Table) {
            return Shape {
                nested: Some(Nested {
                    nest: Nest::Array,
                    ..n
                }),
                ..Shape::plain("list of tables")
            };
        }
        let words = match fixed {
            Some(2) => format!("pair of {} `[a, b]`", plural(&inner.words)),
            Some(k) => format!("list of {k} {}", plural(&inner.words)),
            None => format!("list of {}", plural(&inner.words)),
        };
        Shape {
            words,
            choices: inner.choices,
            nested: inner.nested,
            nullable: false,
        }
    }
}

/// Alternatives: `A or B`, their words together.
fn merge(shapes: Vec<Shape<'_>>, nullable: bool) -> Shape<'_> {
    let mut words: Vec<String> = Vec::new();
    let mut choices = Vec::new();
    let mut nested = None;
    let mut all_words = true;
    for s in shapes {
        all_words &= !s.choices.is_empty() && s.words == "a word from the list below";
        if !words.contains(&s.words) {
            words.push(s.words);
        }
        choices.extend(s.choices);
        nested = nested.or(s.nested);
    }
    let words = if all_words {
        "a word from the list below".to_string()
    } else {
        words.join(" or ")
    };
    Shape {
        words,
        nested,
        choices,
        nullable,
    }
}

/// What kind of text a string holds, from its pattern.
fn text_kind(node: &Value) -> String {
    let pattern = node.get("pattern").and_then(Value::as_str).unwrap_or("");
    if pattern.contains("[dD]") {
        "dice as text, e.g. `\"2d6\"`".into()
    } else if pattern.contains("#") && pattern.contains("{6}") {
        "colour `\"#rrggbb\"`".into()
    } else {
        "text".into()
    }
}

/// A whole number, with its lower bound when it has one.
fn whole_number(node: &Value) -> String {
    match node.get("minimum").and_then(Value::as_i64) {
        Some(0) => "whole number (0 or more)".into(),
        Some(m) => format!("whole number ({m} or more)"),
        None => "whole number".into(),
    }
}

/// A word of a closed list as written in TOML (strings bare, other values as TOML).
fn word(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn describe_word(node: &Value) -> Option<String> {
    node.get("description")
        .and_then(Value::as_str)
        .map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The plural of a type's words: `text` → `texts`, `list of texts` → `lists of texts`.
pub fn plural(words: &str) -> String {
    const NOUNS: &[(&str, &str)] = &[
        ("a word from the list below", "words from the list below"),
        ("`true` or `false`", "`true`/`false` values"),
        ("whole number", "whole numbers"),
        ("number", "numbers"),
        ("text", "texts"),
        ("table", "tables"),
        ("list", "lists"),
        ("pair", "pairs"),
        ("colour", "colours"),
        ("any value", "values"),
    ];
    for (one, many) in NOUNS {
        if let Some(rest) = words.strip_prefix(one) {
            return format!("{many}{rest}");
        }
    }
    words.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn words(node: Value) -> String {
        let root = json!({ "$defs": {
            "Size": { "oneOf": [
                { "type": "string", "const": "corps", "description": "XXX" },
                { "type": "string", "const": "army", "description": "XXXX" }
            ]},
            "Place": { "type": "object", "properties": { "hex": { "type": "string" } } }
        }});
        let s = Schema { root: &root };
        let shape = s.shape(&node);
        let mut w = shape.words.clone();
        if shape.nullable {
            w.push_str(" (optional)");
        }
        w
    }

    #[test]
    fn scalars_are_named_in_words() {
        assert_eq!(words(json!({ "type": "string" })), "text");
        assert_eq!(
            words(json!({ "type": ["string", "null"] })),
            "text (optional)"
        );
        assert_eq!(
            words(json!({ "type": "integer", "format": "int64" })),
            "whole number"
        );
        assert_eq!(
            words(json!({ "type": "integer", "format": "uint32", "minimum": 0 })),
            "whole number (0 or more)"
        );
        assert_eq!(words(json!({ "type": "number" })), "number");
        assert_eq!(words(json!({ "type": "boolean" })), "`true` or `false`");
        assert_eq!(
            words(json!({ "type": "string", "pattern": "^#[0-9a-fA-F]{6}$" })),
            "colour `\"#rrggbb\"`"
        );
    }

    #[test]
    fn lists_and_tables_are_named_by_what_they_hold() {
        assert_eq!(
            words(json!({ "type": "array", "items": { "type": "string" } })),
            "list of texts"
        );
        assert_eq!(
            words(
                json!({ "type": "array", "items": { "type": "number" }, "minItems": 2, "maxItems": 2 })
            ),
            "pair of numbers `[a, b]`"
        );
        assert_eq!(
            words(
                json!({ "type": "array", "items": { "type": "array", "items": { "type": "number" }, "minItems": 2, "maxItems": 2 } })
            ),
            "list of pairs of numbers `[a, b]`"
        );
        assert_eq!(
            words(json!({ "type": "object", "additionalProperties": { "type": "integer" } })),
            "table of name → whole number"
        );
        assert_eq!(
            words(json!({ "type": "array", "items": { "$ref": "#/$defs/Place" } })),
            "list of tables"
        );
        assert_eq!(
            words(json!({ "anyOf": [{ "$ref": "#/$defs/Place" }, { "type": "null" }] })),
            "table (optional)"
        );
    }

    #[test]
    fn closed_lists_keep_their_words_and_meanings() {
        let root = json!({ "$defs": { "Size": { "oneOf": [
            { "type": "string", "const": "corps", "description": "XXX" },
            { "type": "string", "const": "army", "description": "XXXX" }
        ]}}});
        let s = Schema { root: &root };
        let node = json!({ "anyOf": [{ "$ref": "#/$defs/Size" }, { "type": "null" }] });
        let shape = s.shape(&node);
        assert_eq!(shape.words, "a word from the list below");
        assert!(shape.nullable);
        assert_eq!(
            shape.choices,
            [
                ("corps".to_string(), Some("XXX".to_string())),
                ("army".to_string(), Some("XXXX".to_string()))
            ]
        );
        let node = json!({ "type": "string", "enum": ["odd", "even"] });
        let shape = s.shape(&node);
        assert_eq!(
            shape.choices,
            [("odd".to_string(), None), ("even".to_string(), None)]
        );
        let node = json!({ "anyOf": [{ "type": "integer", "minimum": 0 }, { "type": "string", "pattern": "^[0-9]*[dD][0-9]+$" }] });
        assert_eq!(
            s.shape(&node).words,
            "whole number (0 or more) or dice as text, e.g. `\"2d6\"`"
        );
    }

    #[test]
    fn plurals_follow_the_head_noun() {
        assert_eq!(plural("text"), "texts");
        assert_eq!(
            plural("whole number (0 or more)"),
            "whole numbers (0 or more)"
        );
        assert_eq!(plural("list of texts"), "lists of texts");
        assert_eq!(
            plural("pair of numbers `[a, b]`"),
            "pairs of numbers `[a, b]`"
        );
    }
}

//! Mistakes found while reading a file, said in the designer's words.
//!
//! The TOML reader reports what serde says (`invalid type: string "12", expected u32`,
//! `unknown field `nmae`, expected one of …`), which speaks of Rust. Here each is turned into
//! a located diagnostic that names the key, what was expected as a designer would say it ("a
//! whole number, not the text \"12\"") and, for a misspelt key or word, the closest spelling.

use crate::diag::suggest::did_you_mean;
use crate::diag::{Diagnostic, Span};
use crate::load::source::FileId;
use toml::de::DeValue;

/// The diagnostic for a mistake inside a section: `section` is the section it was read
/// under (its name and its header as written, `[[side]]`), `key` the dotted path of the key
/// at fault inside it, when known.
pub fn diagnostic(
    file: FileId,
    e: &toml::de::Error,
    section: Option<(&str, &str)>,
    key: Option<&str>,
) -> Diagnostic {
    let message = e.message().trim();
    let first = message.lines().next().unwrap_or("");
    let at = Span::new(file, e.span().unwrap_or(0..0));
    let quoted: Vec<&str> = first.split('`').skip(1).step_by(2).collect();
    // The table a key is in: the section, and the tables between it and the key.
    let table = |path: Option<&str>| {
        let parents: Vec<&str> = path
            .map(|p| p.split('.').collect::<Vec<_>>())
            .unwrap_or_default();
        let parents = &parents[..parents.len().saturating_sub(1)];
        let (name, header) = section?;
        Some(if parents.is_empty() {
            format!("`{header}`")
        } else {
            format!("`[{name}.{}]`", parents.join("."))
        })
    };
    let key_name = key.map(|k| format!("`{k}`"));
    if let Some(rest) = first.strip_prefix("unknown field ") {
        let given = quoted.first().copied().unwrap_or(rest);
        let allowed: Vec<&str> = quoted.iter().skip(1).copied().collect();
        let hint = did_you_mean(given, allowed.iter().copied()).or_else(|| {
            (!allowed.is_empty()).then(|| format!("the keys allowed here are {}", list(&allowed)))
        });
        let message = match table(key) {
            Some(t) => format!("unknown key `{given}` in {t}"),
            None => format!("unknown key `{given}`"),
        };
        return Diagnostic::error("unknown-key", message)
            .at(at)
            .label("no key of this table has this name")
            .hint_opt(hint);
    }
    if first.starts_with("missing field ") {
        let field = quoted.first().copied().unwrap_or("?");
        // The table at fault is the key's own value (`projection = { … }` in
        // `[map.geography]`), else the section's entry.
        let inner = key
            .zip(section)
            .map(|(k, (name, _))| format!("`[{name}.{k}]`"));
        let message = match inner.or_else(|| table(None)) {
            Some(t) => format!("{t} lacks the key `{field}`"),
            None => format!("the key `{field}` is missing"),
        };
        return Diagnostic::error("missing-key", message)
            .at(at)
            .hint(format!("add `{field} = …` to this table"));
    }
    if first.starts_with("unknown variant ") {
        let given = quoted.first().copied().unwrap_or("?");
        let allowed: Vec<&str> = quoted.iter().skip(1).copied().collect();
        let hint = did_you_mean(given, allowed.iter().copied())
            .or_else(|| (!allowed.is_empty()).then(|| format!("write one of {}", list(&allowed))));
        let message = match &key_name {
            Some(k) => format!("{k}: `{given}` is not one of the words allowed here"),
            None => format!("`{given}` is not one of the words allowed here"),
        };
        return Diagnostic::error("unknown-value", message)
            .at(at)
            .hint_opt(hint);
    }
    let wrong = first
        .strip_prefix("invalid type: ")
        .or_else(|| first.strip_prefix("invalid value: "))
        .and_then(|rest| rest.rsplit_once(", expected "))
        .map(|(found, expected)| (unexpected(found), expected_words(expected)))
        .or_else(|| {
            let rest = first.strip_prefix("invalid length ")?;
            let (n, expected) = rest.split_once(", expected ")?;
            Some((format!("a list of {n}"), expected_words(expected)))
        })
        .or_else(|| {
            let name = first.strip_prefix("data did not match any variant of untagged enum ")?;
            Some((
                "this value".to_string(),
                untagged_words(name.trim()).to_string(),
            ))
        });
    if let Some((found, expected)) = wrong {
        let message = match &key_name {
            Some(k) => format!("{k} should be {expected}, not {found}"),
            None => format!("expected {expected}, not {found}"),
        };
        return Diagnostic::error("wrong-type", message)
            .at(at)
            .hint("the language reference of the designer's book (`docs/src/reference/`) gives what each key takes");
    }
    Diagnostic::error("wrong-type", first.to_string())
        .at(at)
        .hint("the language reference of the designer's book (`docs/src/reference/`) gives what each key takes")
}

/// Whether the mistake is a key the entry lacks.
pub fn is_missing_key(e: &toml::de::Error) -> bool {
    e.message().trim_start().starts_with("missing field ")
}

/// `a`, `b` or `c`.
fn list(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// What was written, from serde's description of it (`string "12"`, `integer `-1``).
fn unexpected(found: &str) -> String {
    let ticked = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .map(|v| v.trim_matches('`').to_string())
    };
    if let Some(text) = found.strip_prefix("string ") {
        return format!("the text {text}");
    }
    if let Some(n) = ticked("integer ").or_else(|| ticked("floating point ")) {
        return format!("the number {n}");
    }
    if let Some(b) = ticked("boolean ") {
        return format!("`{b}`");
    }
    if let Some(c) = ticked("character ") {
        return format!("the text \"{c}\"");
    }
    match found {
        "sequence" => "a list".into(),
        "map" => "a table".into(),
        other => other.into(),
    }
}

/// What a value should be, in words, from serde's expectation (`u32`, `a string`,
/// `struct GameInfo`): never a Rust type name.
pub fn expected_words(expected: &str) -> String {
    let e = expected.trim();
    let words = match e {
        "u8" => "a whole number from 0 to 255",
        "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number of 0 or more",
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        "a string" | "a borrowed string" | "a str" => "text in quotes",
        "a boolean" | "bool" => "`true` or `false`",
        "a character" | "char" => "a single character in quotes",
        "a sequence" => "a list `[…]`",
        "a map" | "a table" => "a table",
        "a TOML datetime" | "a datetime" => "a date",
        "variant identifier" | "field identifier" => "one of the words allowed here",
        _ if e.starts_with("struct ") => "a table",
        _ if e.starts_with("enum ") => "one of the words allowed here",
        _ if e.starts_with("tuple") || e.starts_with("a tuple") => "a list `[…]`",
        _ if e.starts_with("a sequence") => "a list `[…]`",
        _ if speaks_rust(e) => "another kind of value",
        _ => return e.to_string(),
    };
    words.to_string()
}

/// The forms of a value that may be written more than one way (an `untagged` enum).
fn untagged_words(name: &str) -> &'static str {
    match name {
        "Cost" => "a number of movement points, `stop` or `prohibited`",
        _ => "one of the forms allowed here",
    }
}

/// Whether an expectation names Rust types (`Option<u32>`, `Vec`, `CamelCase`).
fn speaks_rust(e: &str) -> bool {
    e.contains("Option")
        || e.contains("Vec")
        || e.contains('<')
        || e.contains("::")
        || e.split_whitespace().any(|w| {
            let mut chars = w.chars();
            chars.next().is_some_and(char::is_uppercase) && chars.any(char::is_uppercase)
        })
}

/// What a value is, in words (for a section given as the wrong kind of value).
pub fn found(value: &DeValue<'_>) -> String {
    match value {
        DeValue::String(s) => format!("the text \"{s}\""),
        DeValue::Integer(i) => format!("the number {}", i.as_str()),
        DeValue::Float(f) => format!("the number {}", f.as_str()),
        DeValue::Boolean(b) => format!("`{b}`"),
        DeValue::Datetime(_) => "a date".into(),
        DeValue::Array(_) => "a list".into(),
        DeValue::Table(_) => "a single table".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case")]
    #[allow(dead_code)]
    struct Unit {
        id: String,
        strength: u32,
        size: Size,
        #[serde(default)]
        steps: Vec<u8>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Size {
        Division,
        Corps,
        Army,
    }

    fn say(text: &str, key: Option<&str>) -> Diagnostic {
        let file = crate::diag::source::SourceMap::default().add("t.toml", text);
        let e = toml::from_str::<Unit>(text).expect_err("a mistake");
        diagnostic(file, &e, Some(("counter", "[[counter]]")), key)
    }

    fn never_rust(d: &Diagnostic) {
        let all = format!("{} {}", d.message, d.hint.clone().unwrap_or_default());
        for word in [
            "u32",
            "u8",
            "struct",
            "enum",
            "invalid type",
            "Unit",
            "Size",
        ] {
            assert!(!all.contains(word), "`{word}` in {all}");
        }
    }

    #[test]
    fn a_number_given_as_text() {
        let d = say(
            "id = \"a\"\nstrength = \"12\"\nsize = \"corps\"\n",
            Some("strength"),
        );
        assert_eq!(d.code, "wrong-type");
        assert_eq!(
            d.message,
            "`strength` should be a whole number of 0 or more, not the text \"12\""
        );
        never_rust(&d);
    }

    #[test]
    fn a_word_not_in_the_list_gets_the_closest() {
        let d = say("id = \"a\"\nstrength = 1\nsize = \"crops\"\n", None);
        assert_eq!(d.code, "unknown-value");
        assert_eq!(d.hint.as_deref(), Some("did you mean `corps`?"));
        never_rust(&d);
    }

    #[test]
    fn a_misspelt_key_gets_the_closest_whatever_its_place_in_the_list() {
        let d = say(
            "id = \"a\"\nstrength = 1\nsize = \"corps\"\nstesp = [1]\n",
            None,
        );
        assert_eq!(d.code, "unknown-key");
        assert_eq!(d.message, "unknown key `stesp` in `[[counter]]`");
        assert_eq!(d.hint.as_deref(), Some("did you mean `steps`?"));
        let d = say(
            "id = \"a\"\nstrength = 1\nsize = \"corps\"\nquality = 1\n",
            None,
        );
        assert_eq!(
            d.hint.as_deref(),
            Some("the keys allowed here are `id`, `strength`, `size` or `steps`")
        );
        never_rust(&d);
    }

    #[test]
    fn out_of_range_and_lists() {
        let d = say(
            "id = \"a\"\nstrength = -1\nsize = \"corps\"\n",
            Some("strength"),
        );
        assert_eq!(
            d.message,
            "`strength` should be a whole number of 0 or more, not the number -1"
        );
        let d = say("id = [1]\nstrength = 1\nsize = \"corps\"\n", Some("id"));
        never_rust(&d);
        assert!(d.message.ends_with("not a list"), "{}", d.message);
    }
}

//! A value of a game file with the place it was written: TOML's own span, made describable.
//!
//! [`Spanned`] wraps `toml::Spanned` so that the language's types can derive a JSON Schema
//! (`sandtable schema`): a spanned value is described as the value itself, since the span is
//! where it was written, not something a designer writes. Everything else is TOML's: it
//! deserializes the same way and compares, orders and hashes by the value alone.

use std::borrow::{Borrow, Cow};
use std::ops::Range;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

/// A value and the byte range of the file it was read from.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(transparent)]
pub struct Spanned<T>(toml::Spanned<T>);

impl<T> Spanned<T> {
    /// A value said to stand at `range` (for values the checker makes up from others).
    pub fn new(range: Range<usize>, value: T) -> Self {
        Self(toml::Spanned::new(range, value))
    }

    /// Byte range of the value in its file.
    pub fn span(&self) -> Range<usize> {
        self.0.span()
    }

    /// The value.
    pub fn get_ref(&self) -> &T {
        self.0.get_ref()
    }

    /// The value, to change it.
    pub fn get_mut(&mut self) -> &mut T {
        self.0.get_mut()
    }

    /// The value, without its place.
    pub fn into_inner(self) -> T {
        self.0.into_inner()
    }
}

impl<T: std::fmt::Display> std::fmt::Display for Spanned<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get_ref().fmt(f)
    }
}

impl Borrow<str> for Spanned<String> {
    fn borrow(&self) -> &str {
        self.get_ref()
    }
}

impl<T> AsRef<T> for Spanned<T> {
    fn as_ref(&self) -> &T {
        self.get_ref()
    }
}

impl<T: JsonSchema> JsonSchema for Spanned<T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        generator.subschema_for::<T>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Doc {
        name: Spanned<String>,
    }

    #[test]
    fn keeps_the_place_the_value_was_written() {
        let text = "name = \"Kursk\"\n";
        let doc: Doc = toml::from_str(text).unwrap();
        assert_eq!(doc.name.get_ref(), "Kursk");
        assert_eq!(&text[doc.name.span()], "\"Kursk\"");
    }

    #[test]
    fn compares_by_value_alone() {
        assert_eq!(Spanned::new(0..1, 7), Spanned::new(5..9, 7));
        let set: std::collections::HashSet<Spanned<String>> =
            [Spanned::new(0..1, "a".to_string())].into();
        assert!(set.contains("a"));
    }
}

//! The closed word lists of the language and the JSON Schema of values serde cannot describe.
//!
//! A few keys take one of a fixed set of words (`symbol = "armour"`, `size = "corps"`) that
//! the checker knows and the art draws; the lists live here, beside the types that name them,
//! so that `check`, the JSON Schema (`sandtable schema`) and the reference read the same
//! words. Keys whose value may be of several kinds (a number or dice as text) are read as a
//! raw TOML value and described by hand below.

use schemars::{json_schema, Schema, SchemaGenerator};

/// Unit symbols the art knows how to draw (`[[unit-type]]` `symbol`).
pub const SYMBOLS: &[&str] = &[
    "infantry",
    "armour",
    "mechanized",
    "cavalry",
    "mountain",
    "airborne",
    "partisan",
    "artillery",
    "headquarters",
    "leader",
    "fighter",
    "bomber",
    "marker",
    "army",
    "fleet",
    "police",
    "guerrilla",
    "none",
];

/// Unit sizes designers may name (a class's `size`, stacking points per size).
pub const SIZES: &[&str] = &[
    "team",
    "squad",
    "section",
    "platoon",
    "company",
    "battalion",
    "regiment",
    "brigade",
    "division",
    "corps",
    "army",
    "front",
    "region",
];

/// A key taking one word of `words`.
pub(crate) fn one_of(words: &[&str]) -> Schema {
    json_schema!({ "type": "string", "enum": words })
}

/// `symbol` of a `[[unit-type]]`.
pub(crate) fn symbol(_: &mut SchemaGenerator) -> Schema {
    one_of(SYMBOLS)
}

/// A number of points, or dice to roll written as text (`"2d6"`).
pub(crate) fn points_or_dice(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "A number of points, or dice to roll as text such as \"2d6\".",
        "anyOf": [
            { "type": "integer", "minimum": 0 },
            { "type": "string", "pattern": "^\\s*[0-9]*[dD][0-9]+\\s*$" }
        ]
    })
}

/// The supply path length: a word, a factor of the unit, or a number of hexes or areas.
pub(crate) fn path_length(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "anyOf": [
            {
                "type": "string",
                "enum": ["unlimited", "movement"],
                "description": "`unlimited`, or `movement`: the unit's factor with id `movement`."
            },
            {
                "type": "object",
                "properties": { "factor": { "type": "string", "description": "A `[[factor]]` id." } },
                "required": ["factor"],
                "additionalProperties": false
            },
            { "type": "integer", "minimum": 1, "description": "A number of hexes or areas." }
        ]
    })
}

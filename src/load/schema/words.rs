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

/// `orientation` of `[map.hex]`: flat-topped hexes in columns, or pointy-topped in rows.
pub const ORIENTATIONS: &[&str] = &["columns", "rows"];

/// `shifted` of `[map.hex]`: which raw columns (rows) sit half a hex lower (right).
pub const SHIFTS: &[&str] = &["odd", "even"];

/// `pattern` of `[map.hex.numbering]`: the order of the parts of a printed hex number.
pub const NUMBERING_PATTERNS: &[&str] = &["column-row", "row-column"];

/// The borders of a hex grid (`along` of an `[[map.edge]]`, of a supply source).
pub const BORDERS: &[&str] = &["west", "east", "north", "south"];

/// `kind` of a `[[terrain]]`.
pub const TERRAIN_KINDS: &[&str] = &["land", "water", "feature"];

/// Pattern names the map art draws over a terrain's fill (other names draw dots; a
/// few synonyms such as `forest` and `rough` are read too).
pub const PATTERNS: &[&str] = &["trees", "peaks", "marsh", "hatching", "waves", "none"];

/// `kind` of a `[[crt]]`.
pub const CRT_KINDS: &[&str] = &["odds", "differential", "column"];

/// Rounding of halved factors or of fractions.
pub const ROUNDINGS: &[&str] = &["up", "down"];

/// `side` of a CRT modifier: whose shift it is.
pub const COMBAT_SIDES: &[&str] = &["attacker", "defender"];

/// `movement-allowance` of a `[[weather]]`: what it does to movement allowances.
pub const MOVEMENT_ALLOWANCES: &[&str] = &["half"];

/// `path-cost` of `[rules.supply]`: what each hex or area a supply path enters counts.
pub const PATH_COSTS: &[&str] = &["steps", "movement-points"];

/// How far a unit's zone of control reaches.
pub const ZOC_REACHES: &[&str] = &["adjacent", "own", "none"];

/// `blocked-by` of `[rules.supply]`: what cuts a supply path.
pub const SUPPLY_BLOCKERS: &[&str] = &["enemy-units", "enemy-zoc", "enemy-controlled"];

/// `rule` of `[rules.control]`.
pub const CONTROL_RULES: &[&str] = &["last-occupied", "all-boxes", "supply-centres"];

/// `at` of a `[[rules.victory]]`: when the condition is judged (`end`: at the end of the
/// game, after the calendar's last turn).
pub const VICTORY_MOMENTS: &[&str] = &["end"];

/// `orders` of a `[[phase]]` in a game of written orders.
pub const ORDER_PHASES: &[&str] = &["movement", "retreat", "adjustment"];

/// How a unit of a game of written orders moves (`moves-as`; `kinds` of a map change).
pub const UNIT_KINDS: &[&str] = &["army", "fleet"];

/// `kind` of a `[map.geography.projection]`.
pub const PROJECTIONS: &[&str] = &["lambert-conformal-conic", "equirectangular"];

/// `drawing` of an area map: how its generated picture shows the areas.
pub const AREA_DRAWINGS: &[&str] = &["cells", "network"];

/// `kind` of a `[[map.off-board]]` piece.
pub const OFF_BOARD_KINDS: &[&str] = &["land", "water", "lake"];

/// `position` of `[map.cartouche]`: where a hex map's title and legend go.
pub const CARTOUCHE_POSITIONS: &[&str] = &[
    "auto",
    "top-left",
    "top-right",
    "bottom-left",
    "bottom-right",
    "below",
    "off",
];

/// A key whose value is one word of a closed list.
macro_rules! word_schemas {
    ($($name:ident => $words:ident,)*) => {
        $(
            #[doc = concat!("One of [`", stringify!($words), "`].")]
            pub(crate) fn $name(_: &mut SchemaGenerator) -> Schema {
                one_of($words)
            }
        )*
    };
}

/// A key whose value is a list of words of a closed list.
macro_rules! word_list_schemas {
    ($($name:ident => $words:ident,)*) => {
        $(
            #[doc = concat!("A list of words of [`", stringify!($words), "`].")]
            pub(crate) fn $name(_: &mut SchemaGenerator) -> Schema {
                json_schema!({ "type": "array", "items": one_of($words) })
            }
        )*
    };
}

word_schemas! {
    orientation => ORIENTATIONS,
    shift => SHIFTS,
    numbering_pattern => NUMBERING_PATTERNS,
    border => BORDERS,
    terrain_kind => TERRAIN_KINDS,
    crt_kind => CRT_KINDS,
    rounding => ROUNDINGS,
    combat_side => COMBAT_SIDES,
    movement_allowance => MOVEMENT_ALLOWANCES,
    path_cost => PATH_COSTS,
    zoc_reach => ZOC_REACHES,
    control_rule => CONTROL_RULES,
    victory_moment => VICTORY_MOMENTS,
    order_phase => ORDER_PHASES,
    unit_kind => UNIT_KINDS,
    projection => PROJECTIONS,
    cartouche_position => CARTOUCHE_POSITIONS,
    area_drawing => AREA_DRAWINGS,
    off_board_kind => OFF_BOARD_KINDS,
}

word_list_schemas! {
    borders => BORDERS,
    supply_blockers => SUPPLY_BLOCKERS,
    unit_kinds => UNIT_KINDS,
}

/// A terrain's `pattern`: any name, the art's own offered first.
pub(crate) fn pattern(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "examples": PATTERNS })
}

/// A colour written `#rrggbb` (or the short `#rgb`), as `check` reads it.
pub(crate) fn colour(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "string",
        "pattern": "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$",
        "examples": ["#7d8b6a"]
    })
}

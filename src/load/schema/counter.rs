//! Schema of units and markers: factors, unit types, classes and the counter mix.

use crate::load::schema::Spanned;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

/// `[[factor]]`: a number printed on counters.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Factor {
    /// Identifier used in classes, e.g. `attack`.
    pub id: Spanned<String>,
    /// Name, e.g. `Attack factor`.
    pub name: String,
    /// Abbreviation, e.g. `AF`.
    pub abbreviation: String,
}

/// Size markings of the NATO symbol (closed vocabulary: the art knows how to draw each).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Deserialize,
    serde::Serialize,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Size {
    /// Team or crew: a slashed circle (Ø) above the symbol.
    Team,
    /// Squad: ●.
    Squad,
    /// Section: ●●.
    Section,
    /// Platoon: ●●●.
    Platoon,
    /// Company: I.
    Company,
    /// Battalion: II.
    Battalion,
    /// Regiment: III.
    Regiment,
    /// Brigade: X.
    Brigade,
    /// Division: XX.
    Division,
    /// Corps: XXX.
    Corps,
    /// Army: XXXX.
    Army,
    /// Front or army group: XXXXX.
    Front,
    /// Region or theatre: XXXXXX.
    Region,
}

impl Size {
    /// The kebab-case name designers write, e.g. `corps`.
    pub fn as_str(self) -> &'static str {
        match self {
            Size::Team => "team",
            Size::Squad => "squad",
            Size::Section => "section",
            Size::Platoon => "platoon",
            Size::Company => "company",
            Size::Battalion => "battalion",
            Size::Regiment => "regiment",
            Size::Brigade => "brigade",
            Size::Division => "division",
            Size::Corps => "corps",
            Size::Army => "army",
            Size::Front => "front",
            Size::Region => "region",
        }
    }
}

/// `[[unit-type]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct UnitType {
    /// Identifier, e.g. `panzer`.
    pub id: Spanned<String>,
    /// Name, e.g. `Panzer`.
    pub name: String,
    /// Symbol drawn on the counter: the name of a NATO unit symbol the art draws
    /// (`infantry`, `armour`, …; `marker` for a plain marker, `none` for no symbol).
    #[schemars(schema_with = "super::words::symbol")]
    pub symbol: Spanned<String>,
    /// True for combat units (they project zones of control and count for stacking).
    #[serde(default = "yes")]
    pub combat: bool,
    /// Broader type this one counts as (Guards and Shock count as Infantry).
    pub counts_as: Option<Spanned<String>>,
    /// For games of written orders: `army` (moves over land, convoyed across water) or
    /// `fleet` (moves over water and along coasts, convoys): which of an area's moves it
    /// uses.
    #[serde(default)]
    #[schemars(schema_with = "super::words::unit_kind")]
    pub moves_as: Option<Spanned<String>>,
    /// The letter orders name it by (`A`, `F`; default: the first letter of `moves-as`).
    pub letter: Option<Spanned<String>>,
}

fn yes() -> bool {
    true
}

/// `[[class]]`: a kind of counter with its printed values.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Class {
    /// Identifier, e.g. `sov-guards-army`.
    pub id: Spanned<String>,
    /// Name as the rules give it, e.g. `Sov Guards Army`.
    pub name: String,
    /// Nation (absent for markers that belong to nobody).
    pub nation: Option<Spanned<String>>,
    /// Side, for markers without a nation.
    pub side: Option<Spanned<String>>,
    /// Unit type.
    #[serde(rename = "type")]
    pub unit_type: Spanned<String>,
    /// Size marking.
    pub size: Option<Spanned<Size>>,
    /// Factors of the front (full-strength) face.
    pub factors: Option<Spanned<IndexMap<Spanned<String>, i64>>>,
    /// Factors of the back (reduced) face; makes the class a two-step unit.
    pub reduced: Option<Spanned<IndexMap<Spanned<String>, i64>>>,
    /// Level of this class in a line of levelled counters (1 = lowest).
    pub level: Option<Spanned<u32>>,
    /// The line of levels this class belongs to (all its levels share the line id).
    pub line: Option<Spanned<String>>,
    /// Flags such as `first-phase-move` or `garrison`.
    #[serde(default)]
    pub flags: Vec<Spanned<String>>,
    /// Text printed on the back when the unit is hidden.
    pub hidden: Option<String>,
    /// Who sees the counters of this class in the VASSAL module; the one value is
    /// `"own-side"` (absent: everyone). With `visible-to = "own-side"` a counter is seen
    /// only by the players of the side that owns the class (its nation's side, or its own
    /// `side`; the class needs one) and, in a game of written orders, by the Referee: they
    /// see it half transparent, named with `(hidden)` after its name (in the mouse-over and
    /// the stack viewer), and move it and use its commands as any of their counters. Every
    /// other player, and an observer, sees nothing of it: not on the map, in a stack, in
    /// the mouse-over, or in the chat, where its moves are not reported (one taken from the
    /// palette is announced as `* created in ? *`, VASSAL's own line); in the counter
    /// palette, whose panel `Austrian (hidden)` holds such counters apart, its slot is a
    /// "No Image" box to them. It is hidden from the start (in the palette, setups and
    /// saves) and no command reveals it. For
    /// hidden movement, such as a Diplomacy variant's fractional units only their own power
    /// knows of.
    pub visible_to: Option<Spanned<String>>,
    /// Designer-supplied art for the front face (a PNG file's path, relative to the game).
    pub image: Option<Spanned<String>>,
    /// Designer-supplied art for the back face.
    pub back_image: Option<Spanned<String>>,
    /// Print the factors compactly when attack equals defence (`4-3` for 4-4-3), or not
    /// (`false`: all three numbers); absent, the game's `[art] compact-factors` decides.
    pub compact_factors: Option<bool>,
    /// The optional rule (`[[option]]` id) this class and its counters exist under: left out unless it is on.
    pub option: Option<Spanned<String>>,
}

/// `[[counter]]`: one entry of the counter mix.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Counter {
    /// Identifier used by scenarios, e.g. `sov-1-guards`.
    pub id: Spanned<String>,
    /// Printed name, e.g. `1st Sov Guards Army` (defaults to the class name).
    pub name: Option<String>,
    /// Class printed on the front.
    pub class: Spanned<String>,
    /// Class printed on the back, for a two-level counter: one piece of cardboard printing
    /// two adjacent Levels of a line, one per face, flipped to go from one to the other
    /// (`class = "division-1"`, `back = "division-2"`). Both classes need the same `line`
    /// and unit type; `count` then counts pieces of cardboard, whichever face they show.
    pub back: Option<Spanned<String>>,
    /// Short designation printed on the counter, e.g. `1 Gds`.
    pub designation: Option<String>,
    /// How many copies of this counter exist (default 1).
    pub count: Option<Spanned<u32>>,
    /// Designer-supplied art for the front face.
    pub image: Option<Spanned<String>>,
    /// The optional rule (`[[option]]` id) this counter exists under: left out unless it is on.
    pub option: Option<Spanned<String>>,
}

//! Unit types, classes (with their faces: steps or levels) and the counter mix, whose
//! counters print one class on the front and, for two-level counters, another on the back.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde::Serialize;

pub use crate::load::schema::counter::Size;

use super::{ClassId, FactorId, NationId, SideId, UnitTypeId};

/// A printed factor.
#[derive(Debug, Clone, Serialize)]
pub struct Factor {
    /// Identifier, e.g. `attack`.
    pub id: String,
    /// Name.
    pub name: String,
    /// Abbreviation, e.g. `AF`.
    pub abbreviation: String,
}

/// A unit type.
#[derive(Debug, Clone, Serialize)]
pub struct UnitType {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Symbol name for the art.
    pub symbol: String,
    /// Combat unit.
    pub combat: bool,
    /// Broader type it counts as.
    pub counts_as: Option<UnitTypeId>,
    /// Games of written orders: whether it moves as an army or a fleet.
    pub moves_as: Option<UnitKind>,
    /// The letter orders name it by (`A`, `F`).
    pub letter: String,
}

/// How a unit of a game of written orders moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    /// Over land, convoyed across water.
    Army,
    /// Over water and along coasts; convoys armies from a sea.
    Fleet,
}

impl UnitKind {
    /// `army` or `fleet`.
    pub fn as_str(self) -> &'static str {
        match self {
            UnitKind::Army => "army",
            UnitKind::Fleet => "fleet",
        }
    }
}

/// The factors of one face, in the game's factor order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Faces {
    /// (factor, value) pairs of the front.
    pub front: Vec<(FactorId, i64)>,
    /// (factor, value) pairs of the reduced back, for two-step units.
    pub back: Option<Vec<(FactorId, i64)>>,
}

impl Faces {
    /// A factor of the front face.
    pub fn front(&self, factor: FactorId) -> Option<i64> {
        self.front
            .iter()
            .find(|(f, _)| *f == factor)
            .map(|(_, v)| *v)
    }

    /// A factor of the back face.
    pub fn back(&self, factor: FactorId) -> Option<i64> {
        self.back
            .as_ref()?
            .iter()
            .find(|(f, _)| *f == factor)
            .map(|(_, v)| *v)
    }
}

/// A class of counters.
#[derive(Debug, Clone, Serialize)]
pub struct Class {
    /// Identifier.
    pub id: String,
    /// Name, e.g. `Sov Guards Army`.
    pub name: String,
    /// Nation.
    pub nation: Option<NationId>,
    /// Side, for counters of no nation.
    pub side: Option<SideId>,
    /// Unit type.
    pub unit_type: UnitTypeId,
    /// Size marking.
    pub size: Option<Size>,
    /// Factors per face.
    pub faces: Faces,
    /// Level within its line.
    pub level: Option<u32>,
    /// Line of levels.
    pub line: Option<String>,
    /// Flags.
    pub flags: BTreeSet<String>,
    /// Hidden-side text.
    pub hidden: Option<String>,
    /// Who sees its counters in the VASSAL module.
    pub visible_to: Visibility,
    /// Supplied art for the front (absolute path).
    pub image: Option<PathBuf>,
    /// Supplied art for the back.
    pub back_image: Option<PathBuf>,
    /// Its own choice of compact factors (`4-3` for 4-4-3); absent, the game's art decides.
    pub compact_factors: Option<bool>,
}

impl Class {
    /// Whether the class has a reduced back face.
    pub fn is_stepped(&self) -> bool {
        self.faces.back.is_some()
    }

    /// Whether a flag is set.
    pub fn has_flag(&self, flag: &str) -> bool {
        self.flags.contains(flag)
    }
}

/// Who sees the counters of a class (`visible-to`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visibility {
    /// Every player (the default).
    #[default]
    Everyone,
    /// Only the players of the side owning the class (and a game of written orders'
    /// Referee): hidden from every other side, from the start.
    OwnSide,
}

impl Visibility {
    /// The words `visible-to` takes.
    pub const WORDS: &'static [&'static str] = &["own-side"];

    /// The value of a `visible-to` word.
    pub fn from_word(word: &str) -> Option<Self> {
        match word {
            "own-side" => Some(Visibility::OwnSide),
            _ => None,
        }
    }
}

/// One entry of the counter mix.
#[derive(Debug, Clone, Serialize)]
pub struct Counter {
    /// Identifier.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Class printed on the front.
    pub class: ClassId,
    /// Class printed on the back of a two-level counter (the adjacent Level of the same
    /// line); `None` for one-Level counters and two-step units (whose back is their class's
    /// `reduced` face).
    pub back: Option<ClassId>,
    /// Designation printed on the counter.
    pub designation: Option<String>,
    /// Copies in the mix: pieces of cardboard, whichever face they show.
    pub count: u32,
    /// Supplied art.
    pub image: Option<PathBuf>,
}

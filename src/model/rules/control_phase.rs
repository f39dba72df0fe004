//! The Control Phase: what markers do where they lie, points lost for an absence or a missing
//! garrison, and attrition.

use super::*;

/// A number of points: fixed, or dice the players roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Amount {
    /// This many points.
    Points(i64),
    /// The total of a roll.
    Dice(Dice),
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Amount::Points(n) => write!(f, "{n}"),
            Amount::Dice(d) => write!(f, "{d}"),
        }
    }
}

/// Points a side loses.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Penalty {
    /// Side.
    pub side: SideId,
    /// How many.
    pub amount: Amount,
}

/// What a marker class does in its area.
#[derive(Debug, Clone, Serialize)]
pub struct MarkerEffect {
    /// The marker class.
    pub class: ClassId,
    /// Fills one infrastructure box.
    pub takes_box: bool,
    /// Replaces the area's points (side, points); `None` keeps them.
    pub points: Option<Vec<(SideId, i64)>>,
    /// The controller collects nothing for the area.
    pub cancels_points: bool,
    /// Cost per area holding the marker, each Control Phase.
    pub penalty: Option<Penalty>,
}

/// A penalty for having no matching unit within some countries.
#[derive(Debug, Clone, Serialize)]
pub struct Absence {
    /// Rule text.
    pub name: String,
    /// Side looked for, and paying.
    pub side: SideId,
    /// Units that count.
    pub units: Selector,
    /// Countries (empty = anywhere on a map).
    pub within: Vec<CountryId>,
    /// Points lost.
    pub penalty: Amount,
}

/// A garrison requirement.
#[derive(Debug, Clone, Serialize)]
pub struct Garrison {
    /// Identifier.
    pub id: String,
    /// Rule text.
    pub name: String,
    /// Side garrisoning, and paying.
    pub side: SideId,
    /// Areas of these terrains.
    pub terrain: Vec<TerrainId>,
    /// These areas (map, area index).
    pub areas: Vec<(MapId, usize)>,
    /// Units that count.
    pub units: Selector,
    /// Worth of some units, first match (others 1).
    pub worth: Vec<(Selector, u32)>,
    /// Worth needed per area.
    pub min: u32,
    /// Points lost per area short.
    pub penalty: Amount,
    /// The condition under which it holds, when not always.
    pub when: Option<String>,
}

/// The Control Phase.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ControlPhaseRules {
    /// The track of each side's index.
    pub index: Vec<(SideId, TrackId)>,
    /// Absence penalties.
    pub absence: Vec<Absence>,
    /// Garrison requirements.
    pub garrisons: Vec<Garrison>,
}

/// Where attrition strikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttritionWhere {
    /// Locations controlled by another side.
    EnemyControlled,
}

/// Attrition.
#[derive(Debug, Clone, Serialize)]
pub struct AttritionRules {
    /// Units subject.
    pub units: Selector,
    /// Where.
    pub at: AttritionWhere,
    /// Share suffering, percent.
    pub percent: u32,
    /// Fractions rounded up (else down).
    pub round_up: bool,
    /// Only on turns whose number is a multiple of this.
    pub every: Option<u32>,
    /// What happens, in words.
    pub effect: String,
}

impl AttritionRules {
    /// How many of `n` subject units suffer.
    pub fn suffering(&self, n: usize) -> usize {
        let x = n * self.percent as usize;
        if self.round_up {
            x.div_ceil(100)
        } else {
            x / 100
        }
    }
}

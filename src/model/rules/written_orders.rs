//! The rules of games of written orders' variants: provinces frozen by ice, hidden fractions
//! of units, units of many factors, isolation and industrial points.

use super::*;

/// Provinces frozen in some turns (`[[rules.frozen]]`); see the schema for what ice does.
#[derive(Debug, Clone, Serialize)]
pub struct FrozenRules {
    /// What reports call it.
    pub name: String,
    /// The provinces (ids).
    pub provinces: Vec<String>,
    /// The turns they are frozen.
    pub turns: Vec<TurnId>,
    /// Provinces no army is convoyed to while frozen.
    pub no_convoy_to: Vec<String>,
    /// Frozen provinces where builds stay allowed.
    pub builds: Vec<String>,
}

impl FrozenRules {
    /// Whether `province` is frozen in `turn`.
    pub fn holds(&self, province: &str, turn: TurnId) -> bool {
        self.turns.contains(&turn) && self.provinces.iter().any(|p| p == province)
    }
}

/// A part of a unit: `1/3`.
pub type Share = num_rational::Ratio<u32>;

/// A part of a unit as written: `1/3` (a positive fraction at most 1, denominator at most
/// 1000; digits only, no sign).
pub fn parse_share(text: &str) -> Option<Share> {
    let (n, d) = text.trim().split_once('/')?;
    let number = |w: &str| -> Option<u32> {
        let w = w.trim();
        (!w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse().ok())
            .flatten()
    };
    let (n, d) = (number(n)?, number(d)?);
    (n > 0 && d > 0 && n <= d && d <= 1000).then(|| Share::new(n, d))
}

/// Hidden fractional units (`[rules.fractions]`); see the schema for the rules.
#[derive(Debug, Clone, Serialize)]
pub struct FractionRules {
    /// Fewest parts of a dispersal; no part larger than 1/parts.
    pub parts: u32,
    /// Army parts may ride fleets.
    pub boarding: bool,
    /// Units' worth of parts a power may have, and the first turn without that limit.
    pub limit: Option<(u32, TurnId)>,
    /// The counters showing parts.
    pub pieces: Vec<FractionPiece>,
}

/// A counter showing one power's part of a unit.
#[derive(Debug, Clone, Serialize)]
pub struct FractionPiece {
    /// The counter.
    pub counter: CounterId,
    /// Its side (the power).
    pub side: SideId,
    /// Army or fleet.
    pub kind: UnitKind,
    /// The part of a unit it shows.
    #[serde(serialize_with = "share_text")]
    pub size: Share,
}

pub(super) fn share_text<S: serde::Serializer>(s: &Share, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(&s.to_string())
}

/// Units of any whole strength on a province board (`[rules.multi-factor]`).
#[derive(Debug, Clone, Default, Serialize)]
pub struct MultiFactorRules {
    /// The factor printing what a counter is worth (none: every counter is worth 1).
    pub strength: Option<FactorId>,
    /// Sides of neutral garrisons.
    pub neutrals: Vec<SideId>,
    /// Provinces (ids) whose neutral garrison still lets a 3:1 winner gain.
    pub full_gain: Vec<String>,
    /// Isolation, when the game has it.
    pub isolation: Option<IsolationRules>,
}

/// Supply lines of multi-factor units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct IsolationRules {
    /// Longest line, in provinces entered.
    pub reach: u32,
    /// What a line is traced to.
    pub to: IsolationSource,
}

/// What an isolation line is traced to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IsolationSource {
    /// A home supply centre the unit's power controls.
    HomeCentres,
    /// Any supply centre the unit's power controls.
    Centres,
}

/// Industrial points (`[rules.industry]`).
#[derive(Debug, Clone, Serialize)]
pub struct IndustryRules {
    /// (side, track of its home IPs).
    pub points: Vec<(SideId, TrackId)>,
    /// (side, track of its squadrons).
    pub squadrons: Vec<(SideId, TrackId)>,
    /// (province id, IPs it gives whoever controls it).
    pub provinces: Vec<(String, u32)>,
    /// IPs per factor kept in supply.
    pub supply: u32,
    /// IPs per factor built.
    pub build: u32,
    /// IPs per squadron built.
    pub squadron: u32,
    /// IPs per IP of factory built.
    pub factory: u32,
    /// Squadrons of surplus per IP bombed.
    pub bombing: u32,
    /// Counters marking IPs captured with a home centre (their side's IPs, each worth its
    /// strength).
    pub captured: Vec<CounterId>,
}

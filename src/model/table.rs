//! Terrain effects, combat results tables and other charts, parsed.

use std::path::PathBuf;

use serde::Serialize;

use super::{
    Colour, CountryId, FactorId, NationId, SideId, TerrainId, TrackId, UnitTypeId, WeatherId,
};

/// What a terrain is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TerrainKind {
    /// Land.
    Land,
    /// Sea, lake: units do not enter.
    Water,
    /// A feature drawn over land: city, fortress.
    Feature,
}

/// A movement cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cost {
    /// Movement points.
    Points(i64),
    /// Enter and stop.
    Stop,
    /// May not enter.
    Prohibited,
}

/// Effects on combat against a defender in a terrain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct CombatEffect {
    /// Halve the attack.
    pub halve_attack: bool,
    /// Double the defence.
    pub double_defence: bool,
    /// Column shift.
    pub shift: i64,
    /// Step loss instead of retreat.
    pub no_retreat: bool,
}

/// Movement costs: for all units (`None`), then overrides per unit type.
pub type Costs = Vec<(Option<UnitTypeId>, Cost)>;

/// Movement costs in a weather (`movement-in`), by weather.
pub type WeatherCosts = Vec<(WeatherId, Costs)>;

/// A row of the terrain effects chart.
#[derive(Debug, Clone, Serialize)]
pub struct Terrain {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Land, water or feature.
    pub kind: TerrainKind,
    /// Fill colour.
    pub colour: Colour,
    /// Pattern name.
    pub pattern: Option<String>,
    /// Cost for all units, then overrides per unit type.
    pub movement: Vec<(Option<UnitTypeId>, Cost)>,
    /// Costs in a weather (`movement-in`), each replacing `movement` in that weather for
    /// the units it covers.
    pub movement_in: WeatherCosts,
    /// Combat effects.
    pub combat: CombatEffect,
}

/// The cost for a unit type in a list of costs: its own override, else `all`.
fn cost_in_list(
    list: &[(Option<UnitTypeId>, Cost)],
    unit_type: Option<UnitTypeId>,
) -> Option<Cost> {
    list.iter()
        .find(|(t, _)| t.is_some() && *t == unit_type)
        .or_else(|| list.iter().find(|(t, _)| t.is_none()))
        .map(|(_, c)| *c)
}

/// The cost in a weather: the weather's own costs for the unit when they cover it, else
/// the ordinary ones.
fn cost_in_weather(
    movement: &[(Option<UnitTypeId>, Cost)],
    movement_in: &[(WeatherId, Costs)],
    unit_type: Option<UnitTypeId>,
    weather: Option<WeatherId>,
) -> Option<Cost> {
    weather
        .and_then(|w| movement_in.iter().find(|(x, _)| *x == w))
        .and_then(|(_, list)| cost_in_list(list, unit_type))
        .or_else(|| cost_in_list(movement, unit_type))
}

impl Terrain {
    /// The movement cost for a unit type (its own override, else `all`).
    pub fn cost(&self, unit_type: Option<UnitTypeId>) -> Option<Cost> {
        cost_in_list(&self.movement, unit_type)
    }

    /// The movement cost for a unit type in a weather, as the terrain effects chart gives it
    /// (the weather's own costs of this terrain when it has them; the weather's extra cost
    /// for every location entered is [`super::Game::entry_cost`]'s).
    pub fn cost_in(
        &self,
        unit_type: Option<UnitTypeId>,
        weather: Option<WeatherId>,
    ) -> Option<Cost> {
        cost_in_weather(&self.movement, &self.movement_in, unit_type, weather)
    }
}

/// A hexside terrain.
#[derive(Debug, Clone, Serialize)]
pub struct HexsideTerrain {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Line colour.
    pub colour: Colour,
    /// Extra cost to cross.
    pub movement: Vec<(Option<UnitTypeId>, Cost)>,
    /// Extra costs to cross in a weather (`movement-in`), as for terrain.
    pub movement_in: WeatherCosts,
    /// Shift when all attackers are across it.
    pub shift_if_all_across: i64,
    /// Halve the attack when any attacker is across it.
    pub halve_if_any_across: bool,
    /// Supply and zones of control pass it.
    pub passable: bool,
}

impl HexsideTerrain {
    /// The extra cost to cross it for a unit type in a weather (`None`: free).
    pub fn cost_in(
        &self,
        unit_type: Option<UnitTypeId>,
        weather: Option<WeatherId>,
    ) -> Option<Cost> {
        cost_in_weather(&self.movement, &self.movement_in, unit_type, weather)
    }
}

/// How the column of a CRT is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrtKind {
    /// Attack : defence ratio, rounded in the defender's favour.
    Odds,
    /// Attack minus defence.
    Differential,
    /// The caller names the column.
    Column,
}

/// A CRT column heading, parsed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrtColumn {
    /// `a:b`; `below` marks `<a:b` (everything worse), `above` marks `a:b+`.
    Odds {
        /// Attack part.
        attack: u32,
        /// Defence part.
        defence: u32,
        /// Open below.
        below: bool,
        /// Open above.
        above: bool,
    },
    /// A difference; open ends as above.
    Difference {
        /// Value.
        value: i64,
        /// Open below.
        below: bool,
        /// Open above.
        above: bool,
    },
    /// A plain label.
    Label,
}

/// Dice: `count` d `sides`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Dice {
    /// Number of dice.
    pub count: u32,
    /// Sides per die.
    pub sides: u32,
}

impl Dice {
    /// Parse `1d6`, `2d6`.
    pub fn parse(text: &str) -> Option<Self> {
        let (a, b) = text.split_once(['d', 'D'])?;
        let count = if a.is_empty() { 1 } else { a.parse().ok()? };
        let sides = b.parse().ok()?;
        ((1..=10).contains(&count) && (2..=100).contains(&sides)).then_some(Self { count, sides })
    }

    /// Lowest total.
    pub fn min(&self) -> u32 {
        self.count
    }

    /// Highest total.
    pub fn max(&self) -> u32 {
        self.count * self.sides
    }
}

impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

/// One die row.
#[derive(Debug, Clone, Serialize)]
pub struct CrtRow {
    /// Lowest roll of the row.
    pub low: u32,
    /// Highest roll of the row.
    pub high: u32,
    /// Label as printed.
    pub label: String,
    /// Result code per column.
    pub results: Vec<String>,
}

/// A modifier other than terrain.
#[derive(Debug, Clone, Serialize)]
pub struct Modifier {
    /// Identifier.
    pub id: String,
    /// Cause.
    pub name: String,
    /// Applies in this weather.
    pub weather: Option<WeatherId>,
    /// Applies when the attackers are out of supply.
    pub attacker_out_of_supply: bool,
    /// Column shift.
    pub shift: i64,
    /// Shift taken from a supporting unit's factor (sign from `shift`).
    pub shift_factor: Option<FactorId>,
    /// Halve the attack.
    pub halve_attack: bool,
    /// Whose shift it is.
    pub side: Option<CombatSide>,
    /// Declared with a number, shifting `shift` that many times.
    pub per_count: bool,
    /// At most this many columns from it.
    pub max_shift: Option<i64>,
    /// Applies only against these defender terrains (empty: any).
    pub terrain: Vec<TerrainId>,
    /// Applies only in these countries (empty: any).
    pub countries: Vec<CountryId>,
    /// Does not apply in these countries.
    pub except_countries: Vec<CountryId>,
    /// Modifiers of the same table it cancels while in force (indices).
    pub negates: Vec<usize>,
    /// Terrains whose combat shift it cancels while in force.
    pub negates_terrain: Vec<TerrainId>,
    /// Attackers it counts (`per-count`) or needs one of, where units are known (the module;
    /// with a condition, `sandtable crt` too).
    pub unit_types: Vec<UnitTypeId>,
    /// In force only when this side attacks.
    pub attacking_side: Option<SideId>,
    /// In force only when one of the attackers is of these nations.
    pub attacking_nations: Vec<NationId>,
}

impl Modifier {
    /// Whether weather or supply puts it in force by itself (else it is declared, or its
    /// `unit-types` put it in force).
    pub fn conditional(&self) -> bool {
        self.weather.is_some() || self.attacker_out_of_supply
    }

    /// Whether it is limited to some attackers: a side, nations, or (with a condition) unit
    /// types.
    pub fn limited_to_attackers(&self) -> bool {
        self.attacking_side.is_some()
            || !self.attacking_nations.is_empty()
            || self.conditional() && !self.unit_types.is_empty()
    }
}

/// The side a combat modifier favours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombatSide {
    /// The attacker.
    Attacker,
    /// The defender.
    Defender,
}

/// A combat results table.
#[derive(Debug, Clone, Serialize)]
pub struct Crt {
    /// Identifier.
    pub id: String,
    /// Title.
    pub title: String,
    /// Kind.
    pub kind: CrtKind,
    /// Column headings as printed.
    pub labels: Vec<String>,
    /// Parsed headings.
    pub columns: Vec<CrtColumn>,
    /// Dice.
    pub dice: Dice,
    /// Rows.
    pub rows: Vec<CrtRow>,
    /// Result codes and meanings.
    pub results: Vec<(String, String)>,
    /// Modifiers.
    pub modifiers: Vec<Modifier>,
    /// Halved factors round up (else down).
    pub halve_up: bool,
    /// Supplied image.
    pub image: Option<PathBuf>,
}

impl Crt {
    /// Meaning of a result code.
    pub fn meaning(&self, code: &str) -> Option<&str> {
        self.results
            .iter()
            .find(|(c, _)| c == code)
            .map(|(_, m)| m.as_str())
    }

    /// The row for a roll.
    pub fn row(&self, roll: u32) -> Option<&CrtRow> {
        self.rows.iter().find(|r| r.low <= roll && roll <= r.high)
    }
}

/// Any other chart; with a roll column, a roll table players look up.
#[derive(Debug, Clone, Serialize)]
pub struct Chart {
    /// Identifier.
    pub id: String,
    /// Title.
    pub title: String,
    /// Dice.
    pub dice: Option<Dice>,
    /// Column headings.
    pub columns: Vec<String>,
    /// Rows.
    pub rows: Vec<Vec<String>>,
    /// Notes.
    pub notes: Vec<String>,
    /// Supplied image.
    pub image: Option<PathBuf>,
    /// The roll column and each row's rolls (a roll table).
    pub roll: Option<RollColumn>,
    /// The column naming each row.
    pub key_column: Option<usize>,
    /// Threshold columns, and each row's threshold in each (`None`: no threshold).
    pub thresholds: Vec<ThresholdColumn>,
    /// Outcome of a threshold row when none is met.
    pub otherwise: Option<String>,
    /// Die-roll modifiers.
    pub modifiers: Vec<ChartModifier>,
}

impl Chart {
    /// Whether players roll on it: rows by roll, or thresholds on a roll.
    pub fn is_roll_table(&self) -> bool {
        self.dice.is_some() && (self.roll.is_some() || !self.thresholds.is_empty())
    }
}

/// The column of a roll table holding the rolls of its rows.
#[derive(Debug, Clone, Serialize)]
pub struct RollColumn {
    /// Its index.
    pub column: usize,
    /// The rolls of each row, in row order.
    pub rows: Vec<RollRange>,
}

/// A column of thresholds on the modified roll.
#[derive(Debug, Clone, Serialize)]
pub struct ThresholdColumn {
    /// Its index.
    pub column: usize,
    /// Each row's threshold.
    pub rows: Vec<Option<Threshold>>,
}

/// Rolls from `low` to `high`; an open end (`≤1`, `6+`) is `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RollRange {
    /// Lowest roll, or open below.
    pub low: Option<i64>,
    /// Highest roll, or open above.
    pub high: Option<i64>,
}

impl RollRange {
    /// Read `3`, `-1`, `2-3` (or `2–3`), `≤1` / `<=1`, `≥6` / `>=6` / `6+`.
    pub fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        let int = |s: &str| s.trim().trim_start_matches('+').parse::<i64>().ok();
        if let Some(v) = int(t) {
            return Some(Self {
                low: Some(v),
                high: Some(v),
            });
        }
        if let Some(rest) = t.strip_prefix('≤').or_else(|| t.strip_prefix("<=")) {
            return int(rest).map(|v| Self {
                low: None,
                high: Some(v),
            });
        }
        if let Some(rest) = t.strip_prefix('≥').or_else(|| t.strip_prefix(">=")) {
            return int(rest).map(|v| Self {
                low: Some(v),
                high: None,
            });
        }
        if let Some(rest) = t.strip_suffix('+') {
            return int(rest).map(|v| Self {
                low: Some(v),
                high: None,
            });
        }
        // A range: split at a dash that follows a digit.
        let bytes: Vec<(usize, char)> = t.char_indices().collect();
        for (k, &(i, c)) in bytes.iter().enumerate() {
            if (c == '-' || c == '–') && k > 0 && bytes[k - 1].1.is_ascii_digit() {
                let (a, b) = (int(&t[..i])?, int(&t[i + c.len_utf8()..])?);
                return (a <= b).then_some(Self {
                    low: Some(a),
                    high: Some(b),
                });
            }
        }
        None
    }

    /// Whether `v` is in the range.
    pub fn contains(&self, v: i64) -> bool {
        self.low.is_none_or(|l| v >= l) && self.high.is_none_or(|h| v <= h)
    }
}

/// A threshold on a modified roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Threshold {
    /// Met by this or more (`≥7`).
    AtLeast(i64),
    /// Met by this or less (`≤1`).
    AtMost(i64),
}

impl Threshold {
    /// Read a cell: `Some(None)` for no threshold (`—`, `-`, empty), `None` when unreadable.
    pub fn parse(text: &str) -> Option<Option<Self>> {
        let t = text.trim();
        if t.is_empty() || t == "—" || t == "-" || t == "–" {
            return Some(None);
        }
        match RollRange::parse(t)? {
            RollRange {
                low: Some(v),
                high: None,
            } => Some(Some(Self::AtLeast(v))),
            RollRange {
                low: None,
                high: Some(v),
            } => Some(Some(Self::AtMost(v))),
            _ => None,
        }
    }

    /// Whether a modified roll meets it.
    pub fn met(&self, v: i64) -> bool {
        match *self {
            Self::AtLeast(t) => v >= t,
            Self::AtMost(t) => v <= t,
        }
    }
}

impl std::fmt::Display for Threshold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::AtLeast(v) => write!(f, "≥{v}"),
            Self::AtMost(v) => write!(f, "≤{v}"),
        }
    }
}

/// A die-roll modifier of a roll table.
#[derive(Debug, Clone, Serialize)]
pub struct ChartModifier {
    /// Identifier.
    pub id: String,
    /// Cause.
    pub name: String,
    /// Where its value comes from.
    pub source: ModifierValue,
}

/// Where a roll table modifier's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModifierValue {
    /// A track's current value (or given).
    Track(TrackId),
    /// A fixed value, when declared.
    Fixed(i64),
    /// Given by the player.
    Given,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_ranges_read_as_printed() {
        let r = |t| RollRange::parse(t);
        assert_eq!(
            r("3"),
            Some(RollRange {
                low: Some(3),
                high: Some(3)
            })
        );
        assert_eq!(
            r("-1"),
            Some(RollRange {
                low: Some(-1),
                high: Some(-1)
            })
        );
        assert_eq!(
            r("2-3"),
            Some(RollRange {
                low: Some(2),
                high: Some(3)
            })
        );
        assert_eq!(
            r("4–6"),
            Some(RollRange {
                low: Some(4),
                high: Some(6)
            })
        );
        assert_eq!(
            r("≤1"),
            Some(RollRange {
                low: None,
                high: Some(1)
            })
        );
        assert_eq!(
            r("6+"),
            Some(RollRange {
                low: Some(6),
                high: None
            })
        );
        assert_eq!(
            r(">=+4"),
            Some(RollRange {
                low: Some(4),
                high: None
            })
        );
        assert_eq!(r("3-2"), None);
        assert_eq!(r("x"), None);
        assert!(r("≤1").is_some_and(|x| x.contains(-5) && x.contains(1) && !x.contains(2)));
    }

    #[test]
    fn thresholds_read_and_meet() {
        assert_eq!(Threshold::parse("≥7"), Some(Some(Threshold::AtLeast(7))));
        assert_eq!(Threshold::parse("<=1"), Some(Some(Threshold::AtMost(1))));
        assert_eq!(Threshold::parse("—"), Some(None));
        assert_eq!(Threshold::parse("7"), None);
        assert_eq!(Threshold::parse("about 7"), None);
        assert!(Threshold::AtLeast(6).met(7) && !Threshold::AtLeast(6).met(5));
        assert!(Threshold::AtMost(2).met(2) && !Threshold::AtMost(2).met(3));
    }
}

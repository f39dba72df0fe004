//! Terrain effects, combat results tables and other charts, parsed.

use std::path::PathBuf;

use serde::Serialize;

use super::{Colour, FactorId, UnitTypeId, WeatherId};

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
    /// Combat effects.
    pub combat: CombatEffect,
}

impl Terrain {
    /// The movement cost for a unit type (its own override, else `all`).
    pub fn cost(&self, unit_type: Option<UnitTypeId>) -> Option<Cost> {
        self.movement
            .iter()
            .find(|(t, _)| t.is_some() && *t == unit_type)
            .or_else(|| self.movement.iter().find(|(t, _)| t.is_none()))
            .map(|(_, c)| *c)
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
    /// Shift when all attackers are across it.
    pub shift_if_all_across: i64,
    /// Halve the attack when any attacker is across it.
    pub halve_if_any_across: bool,
    /// Supply and zones of control pass it.
    pub passable: bool,
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

/// Any other chart.
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
}

//! Combat results tables: find the column as the table's kind says, apply the terrain
//! effects and modifiers, roll, and show every step.
//!
//! # Steps
//!
//! 1. **Factors.** Attack and defence are the sums of the units' factors (one entry may be a
//!    total). Every *halving* cause — a defender's terrain with `halve-attack` (swamp,
//!    mountain), a hexside with `halve-if-any-across` crossed by any attacker (the Straits of
//!    Kerch), a modifier with `halve-attack` in force (mud, out of supply) — halves the attack
//!    once; every terrain with `double-defence` doubles the defence once.
//!
//!    **Halvings are cumulative and applied once to the total**: `n` halvings divide the total
//!    attack by `2ⁿ` and round once, up when the table says `halving = "up"` (fractions
//!    rounded up, FRU), else down. This equals halving step by step with rounding at every
//!    step (`⌈⌈9/2⌉/2⌉ = ⌈9/4⌉ = 3`; nested integer ceilings or floors of halves always equal
//!    the single one), so the order of the causes never matters. The total is halved, not
//!    each unit: attacking with 3 and 3 in mud gives `⌈6/2⌉ = 3`, not `2 + 2`.
//! 2. **Column.** `odds`: the ratio attack : defence, rounded in the defender's favour — the
//!    rightmost column `a:b` with `attack × b ≥ a × defence` (11:4 = 2.75 is 2:1). Odds below
//!    the first column use the first column (the table's own `<1:2`-style open column says
//!    what happens there); odds above the last use the last. `differential`: attack − defence,
//!    the rightmost column not above it, open ends likewise. `column`: the caller names it.
//! 3. **Shifts**, each with its cause: the defender's terrain (`shift` of each terrain and
//!    feature in the hex — forest and a major city both count), a hexside every attacker
//!    attacks across (`shift-if-all-across`: rivers), modifiers in force (weather, attacker
//!    out of supply), declared modifiers ([`Support`]: a leader, air support, whose shift may
//!    come from a supporting unit's factor), and the caller's own shifts. Shifts add up;
//!    the sum moves the column once and is then clamped to the first and last columns.
//! 4. **Roll**: given, or rolled from a seed with [`roll_dice`] (stable: see there).
//! 5. **Result**: the code in the roll's row and the final column, with its meaning.
//!
//! Modifiers apply by themselves when their condition holds (`weather` equals the input's
//! weather; `attacker-out-of-supply` and the input says so). A modifier with neither
//! condition (leader, air support) applies only when declared in [`CombatInput::supports`].
//! A `shift-factor` modifier shifts by the supporting unit's factor value, in the direction of
//! the modifier's `shift` sign (negative = left, otherwise right); each declaration counts,
//! so two air units give two shifts.

use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64;
use serde::Serialize;
use thiserror::Error;

use crate::diag::suggest::did_you_mean;
use crate::model::{
    Crt, CrtColumn, CrtKind, Dice, Game, HexsideTerrainId, Location, MapKind, TerrainId, WeatherId,
};

/// A column shift with its cause, as given by the caller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shift {
    /// Columns (negative = left, in the defender's favour).
    pub by: i64,
    /// Why.
    pub cause: String,
}

/// A declared modifier: a leader, air support.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Support {
    /// The modifier's id in the table.
    pub modifier: String,
    /// The supporting unit's factor value, for `shift-factor` modifiers.
    pub factor: Option<i64>,
}

/// Everything a combat resolution needs.
#[derive(Debug, Clone, Default)]
pub struct CombatInput {
    /// CRT id; empty = the game's only CRT.
    pub table: String,
    /// Attack factors of the attacking units (one entry may be a total).
    pub attack: Vec<i64>,
    /// Defence factors of the defending units (one entry may be a total).
    pub defence: Vec<i64>,
    /// For `column` tables: the column, by its heading.
    pub column: Option<String>,
    /// Further shifts with their causes.
    pub shifts: Vec<Shift>,
    /// Terrain and features of the defender's location.
    pub defender_terrain: Vec<TerrainId>,
    /// Hexside terrains every attacker attacks across.
    pub all_across: Vec<HexsideTerrainId>,
    /// Hexside terrains at least one attacker attacks across.
    pub any_across: Vec<HexsideTerrainId>,
    /// Weather in force.
    pub weather: Option<WeatherId>,
    /// The attackers are out of supply.
    pub attacker_out_of_supply: bool,
    /// Declared modifiers.
    pub supports: Vec<Support>,
    /// The die roll, if already rolled.
    pub roll: Option<u32>,
    /// Seed for rolling when no roll is given (absent: [`fresh_seed`]).
    pub seed: Option<u64>,
}

/// Why a combat cannot be resolved.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum CombatError {
    /// The game has no CRT.
    #[error("the game has no combat results table")]
    NoTable,
    /// Several CRTs and none named.
    #[error("the game has several combat results tables ({0}); name one")]
    WhichTable(String),
    /// Unknown CRT id.
    #[error("no combat results table `{id}`{}", hint_text(.hint))]
    UnknownTable {
        /// Id given.
        id: String,
        /// Did you mean.
        hint: Option<String>,
    },
    /// Unknown modifier id.
    #[error("table `{table}` has no modifier `{id}` (it has: {known}){}", hint_text(.hint))]
    UnknownModifier {
        /// Table.
        table: String,
        /// Id given.
        id: String,
        /// Known ids.
        known: String,
        /// Did you mean.
        hint: Option<String>,
    },
    /// A factor modifier without a value.
    #[error("modifier `{0}` shifts by a supporting unit's factor: give its value")]
    FactorNeeded(String),
    /// A fixed modifier with a value.
    #[error("modifier `{0}` is a fixed shift: give no factor value")]
    NoFactor(String),
    /// A fixed modifier declared twice.
    #[error("modifier `{0}` is declared twice")]
    Repeated(String),
    /// A negative factor.
    #[error("{which} factor {value} is negative")]
    Negative {
        /// `attack`, `defence` or a modifier id.
        which: String,
        /// Value.
        value: i64,
    },
    /// Odds against nothing.
    #[error("odds need a defence of at least 1 (got {0})")]
    NoDefence(i64),
    /// A column table without a column.
    #[error("table `{table}` is read by a column the caller names; give one of: {columns}")]
    ColumnNeeded {
        /// Table.
        table: String,
        /// Its columns.
        columns: String,
    },
    /// A column that is not in the table.
    #[error("table `{table}` has no column `{column}`; its columns are: {columns}")]
    UnknownColumn {
        /// Table.
        table: String,
        /// Given.
        column: String,
        /// Its columns.
        columns: String,
    },
    /// A column named for a table that computes its own.
    #[error("table `{table}` finds its column from attack and defence; do not name one")]
    ColumnNotNamed {
        /// Table.
        table: String,
    },
    /// A roll the dice cannot give.
    #[error("roll {roll} is impossible with {dice} ({min}-{max})")]
    RollOutOfRange {
        /// Roll.
        roll: u32,
        /// Dice.
        dice: String,
        /// Lowest.
        min: u32,
        /// Highest.
        max: u32,
    },
    /// A roll no row covers.
    #[error("no row of table `{table}` covers roll {roll}")]
    NoRow {
        /// Table.
        table: String,
        /// Roll.
        roll: u32,
    },
}

fn hint_text(h: &Option<String>) -> String {
    h.as_ref().map(|h| format!("; {h}")).unwrap_or_default()
}

/// Where a shift comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShiftSource {
    /// The defender's terrain.
    Terrain,
    /// A hexside crossed by every attacker.
    Hexside,
    /// The weather.
    Weather,
    /// The attackers' supply.
    Supply,
    /// A declared modifier.
    Support,
    /// The caller.
    Given,
}

/// One shift in the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShiftStep {
    /// Columns (negative = left).
    pub by: i64,
    /// Cause.
    pub cause: String,
    /// Kind of cause.
    pub source: ShiftSource,
}

/// Attack or defence: the factors and what changed them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Strength {
    /// Units' factors as given.
    pub factors: Vec<i64>,
    /// Their sum.
    pub total: i64,
    /// Causes that halved it (attack).
    pub halved: Vec<String>,
    /// Causes that doubled it (defence).
    pub doubled: Vec<String>,
    /// `up` or `down` (when halved).
    pub rounding: Option<String>,
    /// The value used.
    pub value: i64,
}

/// A resolved combat, every step shown.
#[derive(Debug, Clone, Serialize)]
pub struct CombatReport {
    /// Table id.
    pub table: String,
    /// Table title.
    pub title: String,
    /// How its column is found.
    pub kind: CrtKind,
    /// Attack.
    pub attack: Strength,
    /// Defence.
    pub defence: Strength,
    /// Raw odds `attack:defence` (odds tables).
    pub ratio: Option<String>,
    /// The odds as a number.
    pub ratio_value: Option<f64>,
    /// Attack − defence (differential tables).
    pub difference: Option<i64>,
    /// The column the ratio or difference rounds to (or the named column).
    pub column: String,
    /// Its index from 0.
    pub column_index: usize,
    /// How the column was found.
    pub column_note: String,
    /// Every shift with its cause.
    pub shifts: Vec<ShiftStep>,
    /// Their sum.
    pub total_shift: i64,
    /// The column after shifting and clamping.
    pub final_column: String,
    /// Its index from 0.
    pub final_column_index: usize,
    /// Set when the shifts ran past the first or last column.
    pub clamped: Option<String>,
    /// Dice.
    pub dice: String,
    /// The roll.
    pub roll: u32,
    /// Rolled here (else given).
    pub rolled: bool,
    /// Seed used when rolled.
    pub seed: Option<u64>,
    /// Result code.
    pub result: String,
    /// Its meaning.
    pub meaning: Option<String>,
    /// Defender's terrains where a step loss replaces a retreat (`no-retreat`).
    pub no_retreat: Vec<String>,
}

/// A table in the list.
#[derive(Debug, Clone, Serialize)]
pub struct TableSummary {
    /// Id.
    pub id: String,
    /// Title.
    pub title: String,
    /// `odds`, `differential` or `column`.
    pub kind: CrtKind,
    /// Dice.
    pub dice: String,
    /// Column headings.
    pub columns: Vec<String>,
    /// Modifiers (id, name).
    pub modifiers: Vec<ModifierSummary>,
}

/// A modifier in the list.
#[derive(Debug, Clone, Serialize)]
pub struct ModifierSummary {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
}

/// Every CRT of a game.
#[derive(Debug, Clone, Serialize)]
pub struct TableList {
    /// Tables in the game's order.
    pub tables: Vec<TableSummary>,
}

/// The game's combat results tables.
pub fn list_tables(game: &Game) -> TableList {
    TableList {
        tables: game
            .crts
            .iter()
            .map(|c| TableSummary {
                id: c.id.clone(),
                title: c.title.clone(),
                kind: c.kind,
                dice: c.dice.to_string(),
                columns: c.labels.clone(),
                modifiers: c
                    .modifiers
                    .iter()
                    .map(|m| ModifierSummary {
                        id: m.id.clone(),
                        name: m.name.clone(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The list as text.
pub fn render_list(list: &TableList) -> String {
    let mut out = String::new();
    for t in &list.tables {
        out.push_str(&format!(
            "{} — {} ({}, {})\n  columns: {}\n",
            t.id,
            t.title,
            kind_text(t.kind),
            t.dice,
            t.columns.join(" ")
        ));
        if !t.modifiers.is_empty() {
            let m: Vec<String> = t
                .modifiers
                .iter()
                .map(|m| format!("{} ({})", m.id, m.name))
                .collect();
            out.push_str(&format!("  modifiers: {}\n", m.join(", ")));
        }
    }
    out
}

fn kind_text(k: CrtKind) -> &'static str {
    match k {
        CrtKind::Odds => "odds",
        CrtKind::Differential => "differential",
        CrtKind::Column => "column",
    }
}

/// The table an input names.
pub fn table<'g>(game: &'g Game, id: &str) -> Result<&'g Crt, CombatError> {
    if id.is_empty() {
        return match game.crts.as_slice() {
            [] => Err(CombatError::NoTable),
            [only] => Ok(only),
            many => Err(CombatError::WhichTable(
                many.iter()
                    .map(|c| c.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        };
    }
    game.crt(id).ok_or_else(|| {
        if game.crts.is_empty() {
            CombatError::NoTable
        } else {
            CombatError::UnknownTable {
                id: id.to_string(),
                hint: did_you_mean(id, game.crts.iter().map(|c| c.id.as_str())),
            }
        }
    })
}

/// The terrain a battle is fought over: the defender's terrain and the hexsides crossed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Battlefield {
    /// The defender's terrain and features.
    pub defender_terrain: Vec<TerrainId>,
    /// Hexside terrains between every attacker and the defender.
    pub all_across: Vec<HexsideTerrainId>,
    /// Hexside terrains between at least one attacker and the defender.
    pub any_across: Vec<HexsideTerrainId>,
}

/// Work out the terrain inputs from where the defender and the attackers stand. Attackers
/// not adjacent to the defender's hex cross no hexside (so nothing is across for *all*).
pub fn battlefield(game: &Game, defender: &Location, attackers: &[Location]) -> Battlefield {
    let mut out = Battlefield::default();
    match *defender {
        Location::Hex { map, hex } => {
            let MapKind::Hex(h) = &game.maps[map].kind else {
                return out;
            };
            let x = h.hex(hex);
            out.defender_terrain.push(x.terrain);
            for f in &x.features {
                if !out.defender_terrain.contains(f) {
                    out.defender_terrain.push(*f);
                }
            }
            let crossed: Vec<Vec<HexsideTerrainId>> = attackers
                .iter()
                .map(|a| match *a {
                    Location::Hex { map: am, hex: ah }
                        if am == map && h.geometry.adjacent(ah, hex) =>
                    {
                        h.hexside(ah, hex).iter().map(|(t, _)| *t).collect()
                    }
                    _ => Vec::new(),
                })
                .collect();
            for c in &crossed {
                for t in c {
                    if !out.any_across.contains(t) {
                        out.any_across.push(*t);
                    }
                }
            }
            if !crossed.is_empty() {
                out.all_across = out
                    .any_across
                    .iter()
                    .copied()
                    .filter(|t| crossed.iter().all(|c| c.contains(t)))
                    .collect();
            }
        }
        Location::Area { map, area, .. } => {
            if let MapKind::Area(a) = &game.maps[map].kind {
                out.defender_terrain.push(a.areas[area].terrain);
            }
        }
        Location::Pool(_) | Location::Track { .. } => {}
    }
    out
}

/// A seed from the clock, for rolling when the player gave neither a roll nor a seed. The
/// report shows the seed, so the roll can be replayed.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = 0u8;
    nanos ^ (&local as *const u8 as u64).rotate_left(32)
}

/// Roll `dice` with a generator seeded from `seed`.
///
/// **Stable**: the generator is `rand_pcg::Pcg64` (PCG XSL RR 128/64) seeded with
/// `SeedableRng::seed_from_u64(seed)`; each die takes 32-bit outputs (`next_u32`), rejects
/// values at or above the largest multiple of its sides, and maps the rest to
/// `value % sides + 1`; dice are rolled in order and summed. The same seed gives the same
/// roll in every build (a test pins the values).
pub fn roll_dice(dice: Dice, seed: u64) -> u32 {
    let mut rng = Pcg64::seed_from_u64(seed);
    (0..dice.count)
        .map(|_| {
            let sides = dice.sides.max(1);
            let zone = u32::MAX - u32::MAX % sides;
            loop {
                let x = rng.next_u32();
                if x < zone {
                    break x % sides + 1;
                }
            }
        })
        .sum()
}

fn columns_text(crt: &Crt) -> String {
    crt.labels.join(", ")
}

/// Resolve a combat on a table (see the module documentation for the steps).
pub fn resolve(game: &Game, input: &CombatInput) -> Result<CombatReport, CombatError> {
    let crt = table(game, &input.table)?;
    for (which, values) in [("attack", &input.attack), ("defence", &input.defence)] {
        if let Some(v) = values.iter().find(|v| **v < 0) {
            return Err(CombatError::Negative {
                which: which.to_string(),
                value: *v,
            });
        }
    }
    let mut halved = Vec::new();
    let mut doubled = Vec::new();
    let mut shifts = Vec::new();

    // Terrain of the defender.
    let mut seen = Vec::new();
    let mut no_retreat = Vec::new();
    for &t in &input.defender_terrain {
        if seen.contains(&t) {
            continue;
        }
        seen.push(t);
        let terrain = &game.terrain[t];
        let e = terrain.combat;
        if e.no_retreat {
            no_retreat.push(terrain.name.clone());
        }
        let cause = format!("defender in {}", terrain.name);
        if e.halve_attack {
            halved.push(cause.clone());
        }
        if e.double_defence {
            doubled.push(cause.clone());
        }
        if e.shift != 0 {
            shifts.push(ShiftStep {
                by: e.shift,
                cause,
                source: ShiftSource::Terrain,
            });
        }
    }
    // Hexsides.
    let mut seen = Vec::new();
    for &h in &input.all_across {
        if seen.contains(&h) {
            continue;
        }
        seen.push(h);
        let hs = &game.hexside_terrain[h];
        if hs.shift_if_all_across != 0 {
            shifts.push(ShiftStep {
                by: hs.shift_if_all_across,
                cause: format!("every attacker across {}", hs.name),
                source: ShiftSource::Hexside,
            });
        }
    }
    let mut seen = Vec::new();
    for &h in input.any_across.iter().chain(&input.all_across) {
        if seen.contains(&h) {
            continue;
        }
        seen.push(h);
        let hs = &game.hexside_terrain[h];
        if hs.halve_if_any_across {
            halved.push(format!("attack across {}", hs.name));
        }
    }
    // Modifiers in force.
    let mut applied: Vec<&str> = Vec::new();
    for m in &crt.modifiers {
        let conditional = m.weather.is_some() || m.attacker_out_of_supply;
        let holds = m.weather.is_none_or(|w| input.weather == Some(w))
            && (!m.attacker_out_of_supply || input.attacker_out_of_supply);
        if !(conditional && holds) || m.shift_factor.is_some() {
            continue;
        }
        applied.push(&m.id);
        let source = if m.weather.is_some() {
            ShiftSource::Weather
        } else {
            ShiftSource::Supply
        };
        if m.halve_attack {
            halved.push(m.name.clone());
        }
        if m.shift != 0 {
            shifts.push(ShiftStep {
                by: m.shift,
                cause: m.name.clone(),
                source,
            });
        }
    }
    // Declared modifiers.
    let mut declared: Vec<&str> = Vec::new();
    for s in &input.supports {
        let Some(m) = crt.modifiers.iter().find(|m| m.id == s.modifier) else {
            return Err(CombatError::UnknownModifier {
                table: crt.id.clone(),
                id: s.modifier.clone(),
                known: crt
                    .modifiers
                    .iter()
                    .map(|m| m.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                hint: did_you_mean(&s.modifier, crt.modifiers.iter().map(|m| m.id.as_str())),
            });
        };
        if let Some(f) = m.shift_factor {
            let Some(v) = s.factor else {
                return Err(CombatError::FactorNeeded(m.id.clone()));
            };
            if v < 0 {
                return Err(CombatError::Negative {
                    which: m.id.clone(),
                    value: v,
                });
            }
            let by = if m.shift < 0 { -v } else { v };
            if m.halve_attack {
                halved.push(m.name.clone());
            }
            if by != 0 {
                shifts.push(ShiftStep {
                    by,
                    cause: format!("{} ({} {v})", m.name, game.factors[f].abbreviation),
                    source: ShiftSource::Support,
                });
            }
            continue;
        }
        if s.factor.is_some() {
            return Err(CombatError::NoFactor(m.id.clone()));
        }
        if declared.contains(&m.id.as_str()) {
            return Err(CombatError::Repeated(m.id.clone()));
        }
        declared.push(&m.id);
        if applied.contains(&m.id.as_str()) {
            continue; // already in force by its condition
        }
        if m.halve_attack {
            halved.push(m.name.clone());
        }
        if m.shift != 0 {
            shifts.push(ShiftStep {
                by: m.shift,
                cause: m.name.clone(),
                source: ShiftSource::Support,
            });
        }
    }
    for s in &input.shifts {
        shifts.push(ShiftStep {
            by: s.by,
            cause: s.cause.clone(),
            source: ShiftSource::Given,
        });
    }

    // Factors.
    let attack_total: i64 = input.attack.iter().sum();
    let defence_total: i64 = input.defence.iter().sum();
    let halvings = halved.len().min(62) as u32;
    let divisor = 1i64 << halvings;
    let attack_value = if crt.halve_up {
        (attack_total + divisor - 1) / divisor
    } else {
        attack_total / divisor
    };
    let doublings = doubled.len().min(40) as u32;
    let defence_value = defence_total.saturating_mul(1i64 << doublings);
    let attack = Strength {
        factors: input.attack.clone(),
        total: attack_total,
        rounding: (!halved.is_empty()).then(|| if crt.halve_up { "up" } else { "down" }.into()),
        halved,
        doubled: Vec::new(),
        value: attack_value,
    };
    let defence = Strength {
        factors: input.defence.clone(),
        total: defence_total,
        halved: Vec::new(),
        doubled,
        rounding: None,
        value: defence_value,
    };

    // Column.
    let n = crt.columns.len();
    let mut ratio = None;
    let mut ratio_value = None;
    let mut difference = None;
    let (column_index, column_note) = match crt.kind {
        CrtKind::Column => {
            let Some(c) = &input.column else {
                return Err(CombatError::ColumnNeeded {
                    table: crt.id.clone(),
                    columns: columns_text(crt),
                });
            };
            let want = c.trim();
            let i = crt
                .labels
                .iter()
                .position(|l| l == want)
                .or_else(|| crt.labels.iter().position(|l| l.eq_ignore_ascii_case(want)))
                .ok_or_else(|| CombatError::UnknownColumn {
                    table: crt.id.clone(),
                    column: c.clone(),
                    columns: columns_text(crt),
                })?;
            (i, "named by the player".to_string())
        }
        CrtKind::Odds | CrtKind::Differential if input.column.is_some() => {
            return Err(CombatError::ColumnNotNamed {
                table: crt.id.clone(),
            });
        }
        CrtKind::Odds => {
            if defence_value < 1 {
                return Err(CombatError::NoDefence(defence_value));
            }
            let (a, d) = (i128::from(attack_value), i128::from(defence_value));
            ratio = Some(format!("{attack_value}:{defence_value}"));
            ratio_value = Some(attack_value as f64 / defence_value as f64);
            let fits = |c: &CrtColumn| match c {
                CrtColumn::Odds {
                    attack: ca,
                    defence: cd,
                    ..
                } => a * i128::from(*cd) >= i128::from(*ca) * d,
                _ => false,
            };
            let above = |c: &CrtColumn| match c {
                CrtColumn::Odds {
                    attack: ca,
                    defence: cd,
                    ..
                } => a * i128::from(*cd) > i128::from(*ca) * d,
                _ => false,
            };
            place(crt, fits, above)
        }
        CrtKind::Differential => {
            let diff = attack_value - defence_value;
            difference = Some(diff);
            let fits = |c: &CrtColumn| match c {
                CrtColumn::Difference { value, .. } => diff >= *value,
                _ => false,
            };
            let above = |c: &CrtColumn| match c {
                CrtColumn::Difference { value, .. } => diff > *value,
                _ => false,
            };
            place(crt, fits, above)
        }
    };

    // Shifts and clamping.
    let total_shift: i64 = shifts.iter().map(|s| s.by).sum();
    let wanted = column_index as i64 + total_shift;
    let last = n.saturating_sub(1) as i64;
    let final_index = wanted.clamp(0, last) as usize;
    let clamped = if wanted < 0 {
        Some(format!(
            "shifted {} column{} past the first; the first column, {}, is used",
            -wanted,
            if wanted == -1 { "" } else { "s" },
            crt.labels[0]
        ))
    } else if wanted > last {
        Some(format!(
            "shifted {} column{} past the last; the last column, {}, is used",
            wanted - last,
            if wanted - last == 1 { "" } else { "s" },
            crt.labels[last as usize]
        ))
    } else {
        None
    };

    // Roll and result.
    let (roll, rolled, seed) = match input.roll {
        Some(r) => {
            if r < crt.dice.min() || r > crt.dice.max() {
                return Err(CombatError::RollOutOfRange {
                    roll: r,
                    dice: crt.dice.to_string(),
                    min: crt.dice.min(),
                    max: crt.dice.max(),
                });
            }
            (r, false, None)
        }
        None => {
            let seed = input.seed.unwrap_or_else(fresh_seed);
            (roll_dice(crt.dice, seed), true, Some(seed))
        }
    };
    let row = crt.row(roll).ok_or_else(|| CombatError::NoRow {
        table: crt.id.clone(),
        roll,
    })?;
    let result = row.results.get(final_index).cloned().unwrap_or_default();
    let meaning = crt.meaning(&result).map(str::to_string);
    Ok(CombatReport {
        table: crt.id.clone(),
        title: crt.title.clone(),
        kind: crt.kind,
        attack,
        defence,
        ratio,
        ratio_value,
        difference,
        column: crt.labels[column_index].clone(),
        column_index,
        column_note,
        shifts,
        total_shift,
        final_column: crt.labels[final_index].clone(),
        final_column_index: final_index,
        clamped,
        dice: crt.dice.to_string(),
        roll,
        rolled,
        seed,
        result,
        meaning,
        no_retreat,
    })
}

/// The rightmost column `fits` accepts, with a note on how it was chosen.
fn place(
    crt: &Crt,
    fits: impl Fn(&CrtColumn) -> bool,
    above: impl Fn(&CrtColumn) -> bool,
) -> (usize, String) {
    let last = crt.columns.len() - 1;
    match crt.columns.iter().rposition(fits) {
        None => {
            let open = matches!(
                crt.columns[0],
                CrtColumn::Odds { below: true, .. } | CrtColumn::Difference { below: true, .. }
            );
            let note = if open {
                format!("below the table: the open first column, {}", crt.labels[0])
            } else {
                format!(
                    "below the lowest column: the first column, {}, is used",
                    crt.labels[0]
                )
            };
            (0, note)
        }
        Some(i) if i == last && above(&crt.columns[i]) => {
            let open = matches!(
                crt.columns[i],
                CrtColumn::Odds { above: true, .. } | CrtColumn::Difference { above: true, .. }
            );
            let note = if open {
                format!("the open last column, {}", crt.labels[i])
            } else {
                format!(
                    "above the highest column: the last column, {}, is used",
                    crt.labels[i]
                )
            };
            (i, note)
        }
        Some(i) => {
            let exact = !above(&crt.columns[i]);
            let note = if exact {
                "exactly".to_string()
            } else {
                "rounded in the defender's favour".to_string()
            };
            (i, note)
        }
    }
}

/// The report as text, one step a line.
pub fn render(r: &CombatReport) -> String {
    let mut out = format!("{} ({}, {})\n", r.title, kind_text(r.kind), r.dice);
    let strength = |label: &str, s: &Strength| {
        let mut line = format!("{label} {}", s.total);
        if s.factors.len() > 1 {
            let parts: Vec<String> = s.factors.iter().map(|f| f.to_string()).collect();
            line.push_str(&format!(" ({})", parts.join(" + ")));
        }
        if !s.halved.is_empty() {
            let k = s.halved.len();
            line.push_str(&format!(
                ", halved {} ({}): {} / {} rounded {} = {}",
                if k == 1 {
                    "once".to_string()
                } else {
                    format!("{k} times")
                },
                s.halved.join("; "),
                s.total,
                1i64 << k.min(62),
                s.rounding.as_deref().unwrap_or("down"),
                s.value
            ));
        }
        if !s.doubled.is_empty() {
            line.push_str(&format!(
                ", doubled ({}) = {}",
                s.doubled.join("; "),
                s.value
            ));
        }
        line.push('\n');
        line
    };
    if r.kind != CrtKind::Column || !r.attack.factors.is_empty() {
        out.push_str(&strength("Attack", &r.attack));
        out.push_str(&strength("Defence", &r.defence));
    }
    if let (Some(ratio), Some(v)) = (&r.ratio, r.ratio_value) {
        out.push_str(&format!(
            "Odds {ratio} = {v:.2} -> column {} ({})\n",
            r.column, r.column_note
        ));
    } else if let Some(d) = r.difference {
        out.push_str(&format!(
            "Difference {d:+} -> column {} ({})\n",
            r.column, r.column_note
        ));
    } else {
        out.push_str(&format!("Column {} ({})\n", r.column, r.column_note));
    }
    for s in &r.shifts {
        out.push_str(&format!("Shift {:+}: {}\n", s.by, s.cause));
    }
    if let Some(c) = &r.clamped {
        out.push_str(&format!("Total shift {:+}: {c}\n", r.total_shift));
    }
    out.push_str(&format!("Final column {}\n", r.final_column));
    match r.seed {
        Some(seed) => out.push_str(&format!("Roll {} (rolled, seed {seed})\n", r.roll)),
        None => out.push_str(&format!("Roll {}\n", r.roll)),
    }
    match &r.meaning {
        Some(m) => out.push_str(&format!("Result {}: {m}\n", r.result)),
        None => out.push_str(&format!("Result {}\n", r.result)),
    }
    if !r.no_retreat.is_empty() {
        out.push_str(&format!(
            "The defender ({}) takes a step loss instead of retreating.\n",
            r.no_retreat.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame;

    /// The base game on a 4×3 map with a river, forest, swamp and a major city.
    fn game() -> Game {
        testgame::with_map(&testgame::map(
            "
            .fs.
            ..m.
            ....
            ",
            "
            GGUU
            GGUU
            GGUU
            ",
            r#"
[[map.place]]
hex = "0201"
name = "Minsk"
kind = "major-city"

[[map.hexside]]
kind = "river"
name = "Berezina"
sides = ["0101/0201", "0102/0201"]

[[map.hexside]]
kind = "strait"
name = "Straits of Kerch"
sides = ["0302/0402"]

[[map.hex-set]]
id = "black-sea-coast"
name = "Black Sea coast"
hexes = ["0403"]
"#,
        ))
    }

    fn input(attack: &[i64], defence: i64, roll: u32) -> CombatInput {
        CombatInput {
            table: "crt".into(),
            attack: attack.to_vec(),
            defence: vec![defence],
            roll: Some(roll),
            ..Default::default()
        }
    }

    fn t(game: &Game, id: &str) -> TerrainId {
        game.terrain_index(id).unwrap()
    }

    fn h(game: &Game, id: &str) -> HexsideTerrainId {
        game.hexside_terrain
            .iter()
            .position(|x| x.id == id)
            .unwrap()
    }

    fn w(game: &Game, id: &str) -> WeatherId {
        game.weather.iter().position(|x| x.id == id).unwrap()
    }

    #[test]
    fn odds_round_in_the_defenders_favour() {
        let g = game();
        // 11:4 = 2.75 lies between 2:1 and 3:1: the defender's favour is 2:1.
        let r = resolve(&g, &input(&[11], 4, 4)).unwrap();
        assert_eq!(r.ratio.as_deref(), Some("11:4"));
        assert_eq!(r.ratio_value, Some(2.75));
        assert_eq!(r.column, "2:1");
        assert_eq!(r.column_note, "rounded in the defender's favour");
        assert_eq!((r.final_column.as_str(), r.result.as_str()), ("2:1", "EX"));
        assert_eq!(r.meaning.as_deref(), Some("Exchange."));
        // 6:4 is exactly 3:2; 7:4 = 1.75 is still 3:2; 8:4 is 2:1.
        assert_eq!(resolve(&g, &input(&[6], 4, 1)).unwrap().column, "3:2");
        assert_eq!(resolve(&g, &input(&[7], 4, 1)).unwrap().column, "3:2");
        assert_eq!(resolve(&g, &input(&[8], 4, 1)).unwrap().column, "2:1");
        // 5:3 = 1.67: 3:2.
        assert_eq!(resolve(&g, &input(&[5], 3, 1)).unwrap().column, "3:2");
        // Several attackers add up: 4 + 4 + 3 = 11 against 4.
        assert_eq!(resolve(&g, &input(&[4, 4, 3], 4, 1)).unwrap().column, "2:1");
    }

    #[test]
    fn odds_off_the_table_use_the_end_columns() {
        let g = game();
        let low = resolve(&g, &input(&[1], 4, 6)).unwrap();
        assert_eq!((low.column.as_str(), low.result.as_str()), ("1:2", "DR"));
        assert!(low.column_note.contains("below the lowest column"));
        let high = resolve(&g, &input(&[30], 4, 1)).unwrap();
        assert_eq!(high.column, "6:1");
        assert!(high.column_note.contains("above the highest column"));
        // Attack 0 is below everything.
        assert_eq!(resolve(&g, &input(&[0], 4, 1)).unwrap().column, "1:2");
        assert_eq!(
            resolve(&g, &input(&[3], 0, 1)).unwrap_err(),
            CombatError::NoDefence(0)
        );
    }

    #[test]
    fn halvings_are_cumulative_on_the_total_and_rounded_up_once() {
        let g = game();
        // 9 in mud against a defender in swamp: halved twice, 9/4 = 2.25, FRU 3; 3:3 = 1:1.
        let mut i = input(&[9], 3, 1);
        i.weather = Some(w(&g, "mud"));
        i.defender_terrain = vec![t(&g, "swamp")];
        let r = resolve(&g, &i).unwrap();
        assert_eq!(r.attack.halved, vec!["defender in Swamp", "Mud"]);
        assert_eq!(r.attack.rounding.as_deref(), Some("up"));
        assert_eq!(r.attack.value, 3);
        assert_eq!(r.column, "1:1");
        assert_eq!(r.no_retreat, ["Swamp"]);
        assert!(render(&r).ends_with("takes a step loss instead of retreating.\n"));
        // Stepwise rounding gives the same: ceil(ceil(9/2)/2) = ceil(5/2) = 3.
        // All four causes: mud, out of supply, mountain, across the straits: 9/16 -> 1.
        let mut i = input(&[9], 1, 1);
        i.weather = Some(w(&g, "mud"));
        i.attacker_out_of_supply = true;
        i.defender_terrain = vec![t(&g, "mountain")];
        i.any_across = vec![h(&g, "strait")];
        let r = resolve(&g, &i).unwrap();
        assert_eq!(r.attack.halved.len(), 4);
        assert_eq!(r.attack.value, 1);
        assert!(r
            .attack
            .halved
            .contains(&"attack across Straits of Kerch".to_string()));
        assert!(r
            .attack
            .halved
            .contains(&"Attacker out of supply".to_string()));
        // The total is halved, not each unit: 3 + 3 in mud is 3, not 2 + 2.
        let mut i = input(&[3, 3], 3, 1);
        i.weather = Some(w(&g, "mud"));
        let r = resolve(&g, &i).unwrap();
        assert_eq!((r.attack.total, r.attack.value), (6, 3));
        // Mud does not halve in clear weather.
        let mut i = input(&[9], 3, 1);
        i.weather = Some(w(&g, "clear"));
        assert_eq!(resolve(&g, &i).unwrap().attack.value, 9);
    }

    #[test]
    fn halving_once_by_a_power_of_two_equals_halving_step_by_step() {
        for n in 0..300i64 {
            for k in 0..6u32 {
                let (mut up, mut down) = (n, n);
                for _ in 0..k {
                    up = (up + 1) / 2;
                    down /= 2;
                }
                let d = 1i64 << k;
                assert_eq!(up, (n + d - 1) / d, "{n} halved {k} times, up");
                assert_eq!(down, n / d, "{n} halved {k} times, down");
            }
        }
    }

    #[test]
    fn shifts_add_up_with_their_causes() {
        let g = game();
        // 12:4 = 3:1; defender in forest with a major city (-1 -1), snow (-1), leader (+1),
        // offensive air of column shift 2 (+2), defensive air of 1 (-1): net -1 -> 2:1.
        let mut i = input(&[12], 4, 6);
        i.defender_terrain = vec![t(&g, "forest"), t(&g, "major-city")];
        i.weather = Some(w(&g, "snow"));
        i.supports = vec![
            Support {
                modifier: "leader".into(),
                factor: None,
            },
            Support {
                modifier: "offensive-air".into(),
                factor: Some(2),
            },
            Support {
                modifier: "defensive-air".into(),
                factor: Some(1),
            },
        ];
        let r = resolve(&g, &i).unwrap();
        assert_eq!(r.column, "3:1");
        let steps: Vec<(i64, &str)> = r.shifts.iter().map(|s| (s.by, s.cause.as_str())).collect();
        assert_eq!(
            steps,
            vec![
                (-1, "defender in Forest"),
                (-1, "defender in Major city"),
                (-1, "Snow"),
                (1, "Leader"),
                (2, "Offensive air support (CS 2)"),
                (-1, "Defensive air support (CS 1)"),
            ]
        );
        assert_eq!(r.total_shift, -1);
        assert_eq!((r.final_column.as_str(), r.result.as_str()), ("2:1", "DRL"));
        assert_eq!(r.clamped, None);
    }

    #[test]
    fn a_river_shifts_only_when_every_attacker_is_across_it() {
        let g = game();
        let defender = testgame::hex(&g, "0201");
        let across = testgame::hex(&g, "0101");
        let also_across = testgame::hex(&g, "0102");
        let dry = testgame::hex(&g, "0301");
        let all = battlefield(&g, &defender, &[across, also_across]);
        assert_eq!(all.all_across, vec![h(&g, "river")]);
        assert_eq!(
            all.defender_terrain,
            vec![t(&g, "forest"), t(&g, "major-city")]
        );
        let some = battlefield(&g, &defender, &[across, dry]);
        assert_eq!(some.all_across, Vec::<HexsideTerrainId>::new());
        assert_eq!(some.any_across, vec![h(&g, "river")]);
        let mut i = input(&[8], 4, 1);
        i.all_across = all.all_across;
        let r = resolve(&g, &i).unwrap();
        assert_eq!(r.shifts[0].cause, "every attacker across River");
        assert_eq!(r.final_column, "3:2");
        // The straits halve when any attacker crosses them.
        let strait = battlefield(
            &g,
            &testgame::hex(&g, "0402"),
            &[testgame::hex(&g, "0302"), testgame::hex(&g, "0401")],
        );
        assert_eq!(strait.any_across, vec![h(&g, "strait")]);
        let mut i = input(&[8], 4, 1);
        i.any_across = strait.any_across;
        assert_eq!(resolve(&g, &i).unwrap().attack.value, 4);
    }

    #[test]
    fn shifts_are_clamped_to_the_first_and_last_columns() {
        let g = game();
        // 2:1 with six shifts left: the first column, 1:2.
        let mut i = input(&[8], 4, 1);
        i.shifts = vec![Shift {
            by: -6,
            cause: "test".into(),
        }];
        let r = resolve(&g, &i).unwrap();
        assert_eq!(r.final_column, "1:2");
        assert!(r
            .clamped
            .as_deref()
            .unwrap()
            .contains("3 columns past the first"));
        // 6:1 with a leader and air support: stays 6:1.
        let mut i = input(&[24], 4, 1);
        i.supports = vec![
            Support {
                modifier: "leader".into(),
                factor: None,
            },
            Support {
                modifier: "offensive-air".into(),
                factor: Some(2),
            },
        ];
        let r = resolve(&g, &i).unwrap();
        assert_eq!((r.total_shift, r.final_column.as_str()), (3, "6:1"));
        assert!(r.clamped.as_deref().unwrap().contains("past the last"));
        // Shifts add up before clamping: -3 then +3 from 1:1 ends at 1:1.
        let mut i = input(&[4], 4, 1);
        i.shifts = vec![
            Shift {
                by: -3,
                cause: "a".into(),
            },
            Shift {
                by: 3,
                cause: "b".into(),
            },
        ];
        let r = resolve(&g, &i).unwrap();
        assert_eq!(
            (r.final_column.as_str(), r.clamped.is_none()),
            ("1:1", true)
        );
    }

    #[test]
    fn differential_tables_use_attack_minus_defence() {
        let g = game();
        let diff = |a: i64, d: i64| {
            let mut i = input(&[a], d, 4);
            i.table = "diff".into();
            resolve(&g, &i).unwrap()
        };
        let r = diff(7, 3);
        assert_eq!((r.difference, r.column.as_str()), (Some(4), "+4"));
        assert_eq!((r.ratio.as_deref(), r.result.as_str()), (None, "D"));
        assert_eq!(diff(3, 3).column, "0");
        assert_eq!(diff(1, 9).column, "-2");
        assert!(diff(1, 9).column_note.contains("below the lowest"));
        assert_eq!(diff(20, 1).column, "+6");
        // Halving rounds down on this table: 7 in mud is 3; 3 - 3 = 0.
        let mut i = input(&[7], 3, 4);
        i.table = "diff".into();
        i.weather = Some(w(&g, "mud"));
        let r = resolve(&g, &i).unwrap();
        assert_eq!(
            (r.attack.value, r.attack.rounding.as_deref()),
            (3, Some("down"))
        );
        assert_eq!((r.difference, r.column.as_str()), (Some(0), "0"));
    }

    #[test]
    fn column_tables_take_the_callers_column() {
        let g = game();
        let mut i = CombatInput {
            table: "civic".into(),
            column: Some("rural".into()),
            roll: Some(7),
            ..Default::default()
        };
        let r = resolve(&g, &i).unwrap();
        assert_eq!((r.column.as_str(), r.result.as_str()), ("Rural", "+1"));
        i.shifts = vec![Shift {
            by: 5,
            cause: "test".into(),
        }];
        assert_eq!(resolve(&g, &i).unwrap().final_column, "Remote");
        i.column = None;
        assert!(matches!(
            resolve(&g, &i),
            Err(CombatError::ColumnNeeded { .. })
        ));
        i.column = Some("Suburban".into());
        assert!(matches!(
            resolve(&g, &i),
            Err(CombatError::UnknownColumn { .. })
        ));
        i.column = Some("Urban".into());
        i.roll = Some(1);
        assert!(matches!(
            resolve(&g, &i),
            Err(CombatError::RollOutOfRange {
                min: 2,
                max: 12,
                ..
            })
        ));
    }

    #[test]
    fn mistakes_are_explained() {
        let g = game();
        let mut i = input(&[4], 4, 1);
        i.supports = vec![Support {
            modifier: "ofensive-air".into(),
            factor: Some(1),
        }];
        let e = resolve(&g, &i).unwrap_err();
        assert!(
            e.to_string().contains("did you mean `offensive-air`?"),
            "{e}"
        );
        i.supports = vec![Support {
            modifier: "offensive-air".into(),
            factor: None,
        }];
        assert_eq!(
            resolve(&g, &i).unwrap_err(),
            CombatError::FactorNeeded("offensive-air".into())
        );
        i.supports = vec![Support {
            modifier: "leader".into(),
            factor: Some(1),
        }];
        assert_eq!(
            resolve(&g, &i).unwrap_err(),
            CombatError::NoFactor("leader".into())
        );
        i.supports = vec![];
        i.table = "crtt".into();
        assert!(resolve(&g, &i)
            .unwrap_err()
            .to_string()
            .contains("did you mean `crt`?"));
        i.table = String::new();
        assert!(matches!(resolve(&g, &i), Err(CombatError::WhichTable(_))));
        i.table = "crt".into();
        i.roll = Some(7);
        assert!(matches!(
            resolve(&g, &i),
            Err(CombatError::RollOutOfRange { .. })
        ));
    }

    #[test]
    fn seeded_rolls_are_stable() {
        let d6 = Dice { count: 1, sides: 6 };
        let rolls: Vec<u32> = (0..12).map(|s| roll_dice(d6, s)).collect();
        assert_eq!(
            rolls,
            vec![2, 6, 6, 2, 3, 5, 2, 2, 6, 6, 5, 5],
            "pinned values"
        );
        let d2d6 = Dice { count: 2, sides: 6 };
        assert!((0..1000).all(|s| (2..=12).contains(&roll_dice(d2d6, s))));
        let g = game();
        let mut i = input(&[8], 4, 1);
        i.roll = None;
        i.seed = Some(7);
        let r = resolve(&g, &i).unwrap();
        assert_eq!(
            (r.rolled, r.seed, r.roll),
            (true, Some(7), roll_dice(d6, 7))
        );
        assert!(render(&r).contains("seed 7"));
    }

    #[test]
    fn the_report_shows_every_step() {
        let g = game();
        let mut i = input(&[5, 4], 4, 3);
        i.weather = Some(w(&g, "mud"));
        i.defender_terrain = vec![t(&g, "forest")];
        let r = resolve(&g, &i).unwrap();
        let json = serde_json::to_value(&r).unwrap();
        for key in [
            "ratio",
            "column",
            "shifts",
            "final_column",
            "roll",
            "result",
            "meaning",
        ] {
            assert!(json.get(key).is_some(), "{key}");
        }
        assert_eq!(
            render(&r),
            "Combat Results Table (odds, 1d6)\n\
             Attack 9 (5 + 4), halved once (Mud): 9 / 2 rounded up = 5\n\
             Defence 4\n\
             Odds 5:4 = 1.25 -> column 1:1 (rounded in the defender's favour)\n\
             Shift -1: defender in Forest\n\
             Final column 1:2\n\
             Roll 3\n\
             Result AL: Attacker loses a step.\n"
        );
        let list = list_tables(&g);
        let json = serde_json::to_value(&list).unwrap();
        assert_eq!(json["tables"][0]["id"], "crt");
        assert_eq!(json["tables"][1]["kind"], "differential");
        assert_eq!(json["tables"][2]["columns"][1], "Rural");
        assert!(render_list(&list).contains("civic — Civic Action (column, 2d6)"));
    }
}

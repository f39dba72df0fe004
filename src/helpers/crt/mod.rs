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
//! weather; `attacker-out-of-supply` and the input says so). A modifier limited to some
//! attackers holds only when the input says who attacks and they are those: `attacking-side`
//! the input's attacking side, `attacking-nations` one of the attackers' nations, and, for a
//! weather or supply modifier, `unit-types` one of the attackers' types (or a type counting
//! as one) — snow helping only one side's attacks. A modifier with neither
//! condition (leader, air support) applies only when declared in [`CombatInput::supports`].
//! A `shift-factor` modifier shifts by the supporting unit's factor value, in the direction of
//! the modifier's `shift` sign (negative = left, otherwise right); each declaration counts,
//! so two air units give two shifts.
//!
//! # Files
//!
//! This file holds what goes in and comes out (the input, the report, the errors);
//! [`resolve`](resolve()) works through the steps, [`render`](render()) prints them;
//! [`tables`] finds a table and lists them, [`battlefield`](battlefield()) reads the terrain
//! from the map, [`dice`] rolls.

mod battlefield;
mod dice;
mod render;
mod resolve;
mod tables;

use serde::Serialize;
use thiserror::Error;

use crate::model::{
    CombatSide, CountryId, CrtKind, HexsideTerrainId, NationId, SideId, TerrainId, UnitTypeId,
    WeatherId,
};

pub use battlefield::{battlefield, Battlefield};
pub use dice::{fresh_seed, roll_dice, roll_dice_times};
pub use render::render;
pub use resolve::resolve;
pub use tables::{list_tables, render_list, table, ModifierSummary, TableList, TableSummary};

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
    /// The defender's country, for modifiers that apply in some countries only.
    pub defender_country: Option<CountryId>,
    /// The side that attacks, for modifiers limited to one side's attacks (`None`: not
    /// known, and such modifiers do not apply).
    pub attacking_side: Option<SideId>,
    /// The nations of the attacking units, for modifiers limited to some nations.
    pub attacking_nations: Vec<NationId>,
    /// The unit types of the attacking units, for a weather or supply modifier limited to
    /// some types.
    pub attacking_types: Vec<UnitTypeId>,
    /// Declared modifiers.
    pub supports: Vec<Support>,
    /// The rolls already made, each read on the final column (several when the rules roll
    /// one die per unit or step on the same table); empty: roll here.
    pub rolls: Vec<u32>,
    /// How many times to roll here when no roll is given (0 and 1: once).
    pub roll_count: u32,
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
    /// A counted modifier without its count.
    #[error("modifier `{0}` shifts once per unit: give how many (`{0}=2`)")]
    CountNeeded(String),
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
    /// Numbers of the input whose sum (or product) is beyond the numbers there are.
    #[error(
        "{what}, beyond the numbers sandtable counts ({} to {})",
        i64::MIN,
        i64::MAX
    )]
    TooLarge {
        /// Which of the input's numbers.
        numbers: InputNumbers,
        /// What they came to, e.g. `the attack factors add up to 18446744073709551614`.
        what: String,
    },
}

/// Which of a [`CombatInput`]'s numbers an error is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputNumbers {
    /// [`CombatInput::attack`].
    Attack,
    /// [`CombatInput::defence`].
    Defence,
    /// The shifts together: [`CombatInput::shifts`] and those of the terrain and modifiers.
    Shifts,
    /// The declared modifier of this id ([`CombatInput::supports`]).
    Support(String),
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
    /// Whose shift it is, when the table says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<CombatSide>,
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
    /// Every roll on the final column with its result, when the table was rolled several
    /// times (the first is `roll` and `result`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<RolledResult>,
    /// How many times each result came up, in the order first seen, when the table was
    /// rolled several times.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tally: Vec<ResultCount>,
    /// Defender's terrains where a step loss replaces a retreat (`no-retreat`).
    pub no_retreat: Vec<String>,
    /// Shifts cancelled by another modifier, and declared modifiers that do not apply.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cancelled: Vec<String>,
}

/// One of several rolls on the final column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RolledResult {
    /// The roll.
    pub roll: u32,
    /// The result it gives.
    pub result: String,
}

/// How many of several rolls gave one result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultCount {
    /// The result code.
    pub result: String,
    /// How many rolls gave it.
    pub count: usize,
    /// Its meaning.
    pub meaning: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Dice, Game};
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
            rolls: vec![roll],
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
            rolls: vec![7],
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
        i.rolls = vec![1];
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
        i.rolls = vec![7];
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
        i.rolls = Vec::new();
        i.seed = Some(7);
        let r = resolve(&g, &i).unwrap();
        assert_eq!(
            (r.rolled, r.seed, r.roll),
            (true, Some(7), roll_dice(d6, 7))
        );
        assert!(render(&r).contains("seed 7"));
    }

    #[test]
    fn several_rolls_are_read_on_the_same_column_and_counted() {
        let g = game();
        let d6 = Dice { count: 1, sides: 6 };
        let mut i = input(&[8], 4, 1);
        i.rolls = vec![1, 6, 1];
        let r = resolve(&g, &i).unwrap();
        let one = |roll| {
            let mut single = input(&[8], 4, roll);
            single.rolls = vec![roll];
            resolve(&g, &single).unwrap()
        };
        let (first, sixth) = (one(1), one(6));
        assert_eq!(r.final_column, first.final_column);
        assert_eq!((r.roll, r.result.as_str()), (1, first.result.as_str()));
        let got: Vec<(u32, &str)> = r
            .rolls
            .iter()
            .map(|x| (x.roll, x.result.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, first.result.as_str()),
                (6, sixth.result.as_str()),
                (1, first.result.as_str())
            ]
        );
        assert_ne!(first.result, sixth.result, "the test needs two results");
        let tally: Vec<(&str, usize)> = r
            .tally
            .iter()
            .map(|t| (t.result.as_str(), t.count))
            .collect();
        assert_eq!(
            tally,
            vec![(first.result.as_str(), 2), (sixth.result.as_str(), 1)]
        );
        assert!(render(&r).contains("3 rolls: 1, 6, 1"), "{}", render(&r));
        // One impossible roll among several is refused.
        i.rolls = vec![2, 7];
        assert!(matches!(
            resolve(&g, &i),
            Err(CombatError::RollOutOfRange { roll: 7, .. })
        ));
        // Rolled here: the seed's rolls, the first the one a single roll gives.
        i.rolls = Vec::new();
        i.roll_count = 5;
        i.seed = Some(11);
        let r = resolve(&g, &i).unwrap();
        let rolls: Vec<u32> = r.rolls.iter().map(|x| x.roll).collect();
        assert_eq!(rolls, roll_dice_times(d6, 11, 5));
        assert_eq!(rolls[0], roll_dice(d6, 11));
        assert_eq!(r.tally.iter().map(|t| t.count).sum::<usize>(), 5);
        // A single roll keeps the report as it was: no list, no tally.
        let single = one(6);
        assert!(single.rolls.is_empty() && single.tally.is_empty());
        let json = serde_json::to_value(&single).unwrap();
        assert!(json.get("rolls").is_none() && json.get("tally").is_none());
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

    #[test]
    fn sums_beyond_the_numbers_are_errors_naming_them_not_wrapped() {
        let g = game();
        let max = i64::MAX;
        let too_large = |i: &CombatInput| match resolve(&g, i) {
            Err(CombatError::TooLarge { numbers, what }) => (numbers, what),
            other => panic!("{other:?}"),
        };
        // Two attacks as large as the numbers go do not total -2.
        assert_eq!(
            too_large(&input(&[max, max], 3, 1)),
            (
                InputNumbers::Attack,
                "the attack factors add up to 18446744073709551614".into()
            )
        );
        let mut i = input(&[1], 1, 1);
        i.defence = vec![max, 1];
        assert_eq!(too_large(&i).0, InputNumbers::Defence);
        // One total that large is halved, rounding up, without passing the numbers.
        let mut i = input(&[max], 1, 1);
        i.weather = Some(w(&g, "mud"));
        assert_eq!(resolve(&g, &i).unwrap().attack.value, max / 2 + 1);
        // Doubling a defence past the numbers is refused, not saturated.
        let mut g2 = g.clone();
        g2.terrain[t(&g, "forest")].combat.double_defence = true;
        let mut i = input(&[1], max / 2 + 1, 1);
        i.defender_terrain = vec![t(&g, "forest")];
        match resolve(&g2, &i) {
            Err(CombatError::TooLarge { numbers, what }) => {
                assert_eq!(numbers, InputNumbers::Defence);
                assert_eq!(
                    what,
                    "the defence 4611686018427387904 doubled once comes to 9223372036854775808"
                );
            }
            other => panic!("{other:?}"),
        }
        // A shift as large as the numbers runs past the last column; two are too many.
        let mut i = input(&[4], 4, 1);
        i.shifts = vec![Shift {
            by: max,
            cause: "given".into(),
        }];
        let r = resolve(&g, &i).unwrap();
        assert_eq!(r.final_column_index, g.crts[0].labels.len() - 1);
        i.shifts.push(i.shifts[0].clone());
        assert_eq!(too_large(&i).0, InputNumbers::Shifts);
        let mut i = input(&[4], 4, 1);
        i.shifts = vec![Shift {
            by: i64::MIN,
            cause: "given".into(),
        }];
        assert_eq!(resolve(&g, &i).unwrap().final_column_index, 0);
        // A supporting unit's factor declared twice: their shifts add up past the numbers.
        let mut i = input(&[4], 4, 1);
        let air = Support {
            modifier: "offensive-air".into(),
            factor: Some(max),
        };
        i.supports = vec![air.clone(), air];
        assert_eq!(
            too_large(&i).0,
            InputNumbers::Support("offensive-air".into())
        );
    }

    #[test]
    fn a_weather_modifier_limited_to_one_sides_attacks_applies_to_that_side_alone() {
        let g = crate::testgame::weather();
        let side = |id: &str| g.sides.iter().position(|s| s.id == id);
        let blueland = g.nations.iter().position(|n| n.id == "blueland").unwrap();
        let redland = g.nations.iter().position(|n| n.id == "redland").unwrap();
        let snow = g.weather.iter().position(|w| w.id == "snow");
        let attack = |attacking_side: Option<usize>| {
            let i = CombatInput {
                weather: snow,
                attacking_side,
                ..input(&[4], 4, 3)
            };
            let r = resolve(&g, &i).unwrap();
            let causes: Vec<(String, i64)> =
                r.shifts.iter().map(|s| (s.cause.clone(), s.by)).collect();
            (causes, r.final_column, r.cancelled)
        };
        // Red attacks in snow: the snow's shift left and Red's own right.
        let (causes, column, notes) = attack(side("red"));
        assert_eq!(
            causes,
            [("Snow".into(), -1), ("Red winter offensive".into(), 1)]
        );
        assert_eq!((column.as_str(), notes.len()), ("1:1", 0));
        // Blue attacks in snow: the snow's shift alone.
        let (causes, column, notes) = attack(side("blue"));
        assert_eq!(causes, [("Snow".to_string(), -1)]);
        assert_eq!((column.as_str(), notes.len()), ("1:2", 0));
        // Who attacks not said: not applied, and said so.
        let (causes, _, notes) = attack(None);
        assert_eq!(causes, [("Snow".to_string(), -1)]);
        assert_eq!(
            notes,
            ["Red winter offensive does not apply: the attacking side is not known"]
        );
        // Not in clear weather, whoever attacks.
        let i = CombatInput {
            weather: g.weather.iter().position(|w| w.id == "clear"),
            attacking_side: side("red"),
            ..input(&[4], 4, 3)
        };
        assert!(resolve(&g, &i).unwrap().shifts.is_empty());

        // Limited to a nation, or (with the weather) a unit type, of the attackers.
        let mut g = g;
        let crt = &mut g.crts[0];
        let k = crt.modifiers.len() - 1;
        crt.modifiers[k].attacking_side = None;
        crt.modifiers[k].attacking_nations = vec![blueland];
        let by_nation = |nations: Vec<usize>, types: Vec<usize>, g: &Game| {
            let i = CombatInput {
                weather: snow,
                attacking_nations: nations,
                attacking_types: types,
                ..input(&[4], 4, 3)
            };
            resolve(g, &i).unwrap().total_shift
        };
        assert_eq!(by_nation(vec![blueland], vec![], &g), 0);
        assert_eq!(by_nation(vec![redland], vec![], &g), -1);
        let armour = g.unit_types.iter().position(|t| t.id == "armour").unwrap();
        let infantry = g
            .unit_types
            .iter()
            .position(|t| t.id == "infantry")
            .unwrap();
        let m = &mut g.crts[0].modifiers[k];
        m.attacking_nations.clear();
        m.unit_types = vec![armour];
        assert_eq!(by_nation(vec![], vec![infantry, armour], &g), 0);
        assert_eq!(by_nation(vec![], vec![infantry], &g), -1);
    }
}

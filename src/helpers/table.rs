//! Roll tables: a chart looked up by a die roll, by a row's key or by both. The roll is
//! given or rolled, die-roll modifiers are added (a track's current value such as a crisis
//! level, a fixed value the player declares, or a value the player gives), and the modified
//! roll finds the row — or, on a table of thresholds (a row per country with `≥7` / `≤1`
//! cells), is compared with each threshold of the row to give its outcome. Every step is in
//! the report: the roll, each modifier with its cause, the modified roll, the row found and
//! what it means.

use serde::Serialize;
use thiserror::Error;

use super::crt::{fresh_seed, roll_dice};
use crate::diag::suggest::did_you_mean;
use crate::model::{Chart, Game, ModifierValue, RollRange, TrackId};

/// What a lookup needs.
#[derive(Debug, Clone, Default)]
pub struct LookupInput {
    /// The chart's id.
    pub table: String,
    /// The roll, if already rolled.
    pub roll: Option<u32>,
    /// Seed for rolling here when no roll is given (absent: a fresh one, reported).
    pub seed: Option<u64>,
    /// Declared modifiers: id and value (a fixed modifier needs none; a track's value given
    /// here wins over the positions').
    pub modifiers: Vec<(String, Option<i64>)>,
    /// Track values known from a set-up or a save.
    pub tracks: Vec<(TrackId, i64)>,
    /// Read this row (by its key or roll cell) instead of the roll's.
    pub row: Option<String>,
    /// Read only this column (by heading, or a number within a numeric heading).
    pub column: Option<String>,
}

/// Why a lookup cannot be made.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum LookupError {
    /// Unknown chart.
    #[error("no table `{id}`{}", hint_text(.hint))]
    UnknownTable {
        /// Given.
        id: String,
        /// Did you mean, or the list.
        hint: Option<String>,
    },
    /// A chart of an optional rule that is off.
    #[error("table `{id}` belongs to the optional rule {option}, which is off: add `--option {option_id}`")]
    OptionOff {
        /// Given.
        id: String,
        /// The option's label.
        option: String,
        /// The option's id.
        option_id: String,
    },
    /// A combat results table given to the chart lookup.
    #[error("`{0}` is a combat results table: resolve it with `sandtable crt --table {0}`")]
    CombatTable(String),
    /// Unknown modifier.
    #[error("table `{table}` has no modifier `{id}`{}", hint_text(.hint))]
    UnknownModifier {
        /// Table.
        table: String,
        /// Given.
        id: String,
        /// Did you mean, or the list.
        hint: Option<String>,
    },
    /// A modifier that needs a value.
    #[error("modifier `{0}` needs a value: `--modifier {0}=N`")]
    ValueNeeded(String),
    /// A track modifier whose track's value is unknown.
    #[error(
        "modifier `{id}` adds the value of track `{track}`, which is not known here: give \
         `--modifier {id}=N`, or --scenario ID / --save FILE.vsav"
    )]
    TrackUnknown {
        /// Modifier.
        id: String,
        /// Track.
        track: String,
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
    /// Nothing to look up by.
    #[error("table `{0}` is not rolled on: name a row with --row (its rows: {1})")]
    RowNeeded(String, String),
    /// Unknown row.
    #[error("table `{table}` has no row `{row}`{}", hint_text(.hint))]
    UnknownRow {
        /// Table.
        table: String,
        /// Given.
        row: String,
        /// Did you mean, or the list.
        hint: Option<String>,
    },
    /// A modifier that takes the modified roll past the numbers there are.
    #[error(
        "modifier `{id}` ({by:+}, {from}) takes the modified roll beyond the numbers sandtable \
         counts ({} to {})",
        i64::MIN,
        i64::MAX
    )]
    TooLarge {
        /// The modifier.
        id: String,
        /// Its value.
        by: i64,
        /// Where the value came from, as in [`ModifierStep::from`].
        from: String,
    },
    /// Unknown column.
    #[error("table `{table}` has no column `{column}` (its columns: {columns})")]
    UnknownColumn {
        /// Table.
        table: String,
        /// Given.
        column: String,
        /// Its columns.
        columns: String,
    },
}

fn hint_text(h: &Option<String>) -> String {
    h.as_ref().map(|h| format!("; {h}")).unwrap_or_default()
}

/// A die-roll modifier applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModifierStep {
    /// Its id.
    pub id: String,
    /// Its cause.
    pub cause: String,
    /// The value added.
    pub by: i64,
    /// Where the value came from: `track <id>`, `given`, `fixed`.
    pub from: String,
}

/// A threshold of a row, tested.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ThresholdTest {
    /// The column's heading (the outcome when met).
    pub column: String,
    /// The threshold as printed, or `None` for none.
    pub threshold: Option<String>,
    /// Whether the modified roll meets it.
    pub met: bool,
}

/// A row read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowFound {
    /// Its index from 0.
    pub index: usize,
    /// Its key: the key column's cell, else the roll column's, else its first cell.
    pub key: String,
    /// Why this row (a modified roll past the table's ends reads the nearest row).
    pub note: Option<String>,
    /// Every cell with its heading.
    pub cells: Vec<(String, String)>,
    /// Its thresholds tested (tables of thresholds).
    pub thresholds: Vec<ThresholdTest>,
    /// Its outcome on a table of thresholds: the heading of the threshold met, or the
    /// table's `otherwise`.
    pub outcome: Option<String>,
    /// What it says: the chosen column's cell, the outcome, or the cells other than the key
    /// and roll.
    pub meaning: String,
}

/// A lookup, every step shown.
#[derive(Debug, Clone, Serialize)]
pub struct LookupReport {
    /// Chart id.
    pub table: String,
    /// Title.
    pub title: String,
    /// Dice, when rolled on.
    pub dice: Option<String>,
    /// The roll.
    pub roll: Option<u32>,
    /// Rolled here (else given).
    pub rolled: bool,
    /// Seed used when rolled.
    pub seed: Option<u64>,
    /// Modifiers with their causes.
    pub modifiers: Vec<ModifierStep>,
    /// The roll plus the modifiers.
    pub modified: Option<i64>,
    /// The column read, when one was chosen, and how.
    pub column: Option<String>,
    /// The row or rows read (every row of a table of thresholds when none is named).
    pub rows: Vec<RowFound>,
}

/// Find a chart that is a roll table (or any chart, for a lookup by row).
pub fn chart<'g>(game: &'g Game, id: &str) -> Result<&'g Chart, LookupError> {
    if let Some(c) = game.charts.iter().find(|c| c.id == id) {
        return Ok(c);
    }
    if game.crts.iter().any(|c| c.id == id) {
        return Err(LookupError::CombatTable(id.to_string()));
    }
    if let Some(o) = game
        .options
        .iter()
        .find(|o| o.charts_left_out.iter().any(|c| c == id))
    {
        return Err(LookupError::OptionOff {
            id: id.to_string(),
            option: o.label(),
            option_id: o.id.clone(),
        });
    }
    let ids = game.charts.iter().map(|c| c.id.as_str());
    Err(LookupError::UnknownTable {
        id: id.to_string(),
        hint: did_you_mean(id, ids.clone()).or_else(|| {
            Some(format!(
                "its tables: {}",
                ids.collect::<Vec<_>>().join(", ")
            ))
        }),
    })
}

/// Look a chart up.
pub fn lookup(game: &Game, input: &LookupInput) -> Result<LookupReport, LookupError> {
    let c = chart(game, &input.table)?;
    // What the player named first: a mistake there is told before anything else.
    let named = input.row.as_deref().map(|k| find_row(c, k)).transpose()?;
    let column = match &input.column {
        Some(want) => Some(pick_column(c, want)?),
        None => None,
    };
    // Modifiers: every track modifier, and those declared.
    let mut steps = Vec::new();
    for (id, _) in &input.modifiers {
        if !c.modifiers.iter().any(|m| &m.id == id) {
            let ids = c.modifiers.iter().map(|m| m.id.as_str());
            return Err(LookupError::UnknownModifier {
                table: c.id.clone(),
                id: id.clone(),
                hint: did_you_mean(id, ids.clone()).or_else(|| {
                    let all: Vec<&str> = ids.collect();
                    Some(if all.is_empty() {
                        "it has none".into()
                    } else {
                        format!("its modifiers: {}", all.join(", "))
                    })
                }),
            });
        }
    }
    let rolled_on = c.dice.is_some() && (c.roll.is_some() || !c.thresholds.is_empty());
    for m in &c.modifiers {
        let given = input.modifiers.iter().find(|(id, _)| id == &m.id);
        let step = |by: i64, from: String| ModifierStep {
            id: m.id.clone(),
            cause: m.name.clone(),
            by,
            from,
        };
        match (m.source, given) {
            (ModifierValue::Track(t), Some((_, Some(v)))) => {
                steps.push(step(*v, format!("given for track {}", game.tracks[t].id)))
            }
            (ModifierValue::Track(t), _) if rolled_on => {
                let Some(v) = input.tracks.iter().find(|(x, _)| *x == t).map(|(_, v)| *v) else {
                    return Err(LookupError::TrackUnknown {
                        id: m.id.clone(),
                        track: game.tracks[t].id.clone(),
                    });
                };
                steps.push(step(v, format!("track {}", game.tracks[t].id)));
            }
            (ModifierValue::Fixed(v), Some((_, given))) => {
                steps.push(step(given.unwrap_or(v), "declared".into()))
            }
            (ModifierValue::Given, Some((_, Some(v)))) => steps.push(step(*v, "given".into())),
            (ModifierValue::Given, Some((_, None))) => {
                return Err(LookupError::ValueNeeded(m.id.clone()))
            }
            _ => {}
        }
    }
    // The roll.
    let named_row = input.row.as_deref();
    let (roll, rolled, seed) = match (c.dice, input.roll) {
        (Some(d), Some(r)) => {
            if r < d.min() || r > d.max() {
                return Err(LookupError::RollOutOfRange {
                    roll: r,
                    dice: d.to_string(),
                    min: d.min(),
                    max: d.max(),
                });
            }
            (Some(r), false, None)
        }
        // Rolled when the roll decides something: no row named on a roll table, or a
        // table of thresholds.
        (Some(d), None) if rolled_on && (named_row.is_none() || !c.thresholds.is_empty()) => {
            let seed = input.seed.unwrap_or_else(fresh_seed);
            (Some(roll_dice(d, seed)), true, Some(seed))
        }
        _ => (None, false, None),
    };
    let modified = roll.map(|r| modified_roll(r, &steps)).transpose()?;
    // The rows.
    let mut rows = Vec::new();
    match (named, &c.roll, modified) {
        (Some(i), _, _) => rows.push(read(c, i, None, modified, column.as_ref())),
        (None, Some(rc), Some(v)) if c.thresholds.is_empty() => {
            let (i, note) = row_for(&rc.rows, v);
            rows.push(read(c, i, note, modified, column.as_ref()));
        }
        (None, _, Some(_)) if !c.thresholds.is_empty() => {
            for i in 0..c.rows.len() {
                rows.push(read(c, i, None, modified, column.as_ref()));
            }
        }
        _ => {
            return Err(LookupError::RowNeeded(c.id.clone(), row_keys(c).join(", ")));
        }
    }
    Ok(LookupReport {
        table: c.id.clone(),
        title: c.title.clone(),
        dice: c.dice.map(|d| d.to_string()),
        roll,
        rolled,
        seed,
        modifiers: steps,
        modified,
        column: column.map(|(i, note)| match note {
            Some(n) => format!("{} ({n})", c.columns[i]),
            None => c.columns[i].clone(),
        }),
        rows,
    })
}

/// The roll plus every modifier; when the sum is beyond the numbers there are, the error
/// names the largest modifier (the one that took it there).
fn modified_roll(roll: u32, steps: &[ModifierStep]) -> Result<i64, LookupError> {
    let sum = steps
        .iter()
        .fold(i128::from(roll), |sum, s| sum + i128::from(s.by));
    i64::try_from(sum).map_err(|_| {
        let s = steps
            .iter()
            .max_by_key(|s| s.by.unsigned_abs())
            .expect("a roll alone fits");
        LookupError::TooLarge {
            id: s.id.clone(),
            by: s.by,
            from: s.from.clone(),
        }
    })
}

/// The key of each row.
fn row_keys(c: &Chart) -> Vec<String> {
    (0..c.rows.len()).map(|i| key_of(c, i)).collect()
}

fn key_of(c: &Chart, i: usize) -> String {
    let col = c
        .key_column
        .or(c.roll.as_ref().map(|r| r.column))
        .unwrap_or(0);
    c.rows[i].get(col).cloned().unwrap_or_default()
}

/// A row by its key (exactly, then ignoring case and `-`/space differences), or by a roll
/// its roll column covers.
fn find_row(c: &Chart, want: &str) -> Result<usize, LookupError> {
    let keys = row_keys(c);
    let fold = |s: &str| s.to_lowercase().replace(['-', '_'], " ");
    if let Some(i) = keys.iter().position(|k| k == want) {
        return Ok(i);
    }
    if let Some(i) = keys.iter().position(|k| fold(k) == fold(want)) {
        return Ok(i);
    }
    if let (Some(rc), Ok(v)) = (&c.roll, want.trim().parse::<i64>()) {
        if let Some(i) = rc.rows.iter().position(|r| r.contains(v)) {
            return Ok(i);
        }
    }
    Err(LookupError::UnknownRow {
        table: c.id.clone(),
        row: want.to_string(),
        hint: did_you_mean(want, keys.iter().map(String::as_str))
            .or_else(|| Some(format!("its rows: {}", keys.join(", ")))),
    })
}

/// The row a modified roll falls in; past either end, the nearest row, with a note.
fn row_for(rows: &[RollRange], v: i64) -> (usize, Option<String>) {
    if let Some(i) = rows.iter().position(|r| r.contains(v)) {
        return (i, None);
    }
    let low = |r: &RollRange| r.low.unwrap_or(i64::MIN);
    let high = |r: &RollRange| r.high.unwrap_or(i64::MAX);
    let first = (0..rows.len()).min_by_key(|&i| low(&rows[i])).unwrap_or(0);
    let last = (0..rows.len()).max_by_key(|&i| high(&rows[i])).unwrap_or(0);
    if rows.get(first).is_some_and(|r| v < low(r)) {
        (
            first,
            Some(format!("{v} is below the first row: the first row is read")),
        )
    } else {
        (
            last,
            Some(format!("{v} is past the last row: the last row is read")),
        )
    }
}

/// A column by heading, or by a number within the numeric headings (`-1`, `≤-2`, `4+`),
/// past whose ends the nearest is read.
fn pick_column(c: &Chart, want: &str) -> Result<(usize, Option<String>), LookupError> {
    let w = want.trim();
    if let Some(i) = c.columns.iter().position(|h| h == w) {
        return Ok((i, None));
    }
    if let Some(i) = c.columns.iter().position(|h| h.eq_ignore_ascii_case(w)) {
        return Ok((i, None));
    }
    let skip = |i: usize| c.roll.as_ref().is_some_and(|r| r.column == i) || c.key_column == Some(i);
    if let Ok(v) = w.trim_start_matches('+').parse::<i64>() {
        let numeric: Vec<(usize, RollRange)> = c
            .columns
            .iter()
            .enumerate()
            .filter(|(i, _)| !skip(*i))
            .filter_map(|(i, h)| RollRange::parse(h).map(|r| (i, r)))
            .collect();
        if let Some((i, _)) = numeric.iter().find(|(_, r)| r.contains(v)) {
            return Ok((*i, Some(format!("{v} falls in it"))));
        }
        let below = numeric
            .iter()
            .min_by_key(|(_, r)| r.low.unwrap_or(i64::MIN));
        let above = numeric
            .iter()
            .max_by_key(|(_, r)| r.high.unwrap_or(i64::MAX));
        if let (Some((bi, br)), Some((ai, _))) = (below, above) {
            return Ok(if br.low.is_some_and(|l| v < l) {
                (*bi, Some(format!("{v} is below the first column")))
            } else {
                (*ai, Some(format!("{v} is past the last column")))
            });
        }
    }
    Err(LookupError::UnknownColumn {
        table: c.id.clone(),
        column: want.to_string(),
        columns: c.columns.join(", "),
    })
}

/// Read row `i`: its cells, thresholds, outcome and meaning.
fn read(
    c: &Chart,
    i: usize,
    note: Option<String>,
    modified: Option<i64>,
    column: Option<&(usize, Option<String>)>,
) -> RowFound {
    let row = &c.rows[i];
    let cells: Vec<(String, String)> = c.columns.iter().cloned().zip(row.iter().cloned()).collect();
    let mut thresholds = Vec::new();
    let mut outcome = None;
    if !c.thresholds.is_empty() {
        for t in &c.thresholds {
            let th = t.rows.get(i).copied().flatten();
            let met = matches!((th, modified), (Some(th), Some(v)) if th.met(v));
            if met && outcome.is_none() {
                outcome = Some(c.columns[t.column].clone());
            }
            thresholds.push(ThresholdTest {
                column: c.columns[t.column].clone(),
                threshold: th.map(|t| t.to_string()),
                met,
            });
        }
        if outcome.is_none() && modified.is_some() {
            outcome = Some(
                c.otherwise
                    .clone()
                    .unwrap_or_else(|| "no threshold met".to_string()),
            );
        }
    }
    let meaning = if let Some((col, _)) = column {
        row.get(*col).cloned().unwrap_or_default()
    } else if let Some(o) = &outcome {
        o.clone()
    } else {
        let skip = |k: usize| {
            c.roll.as_ref().is_some_and(|r| r.column == k)
                || c.key_column == Some(k)
                || c.thresholds.iter().any(|t| t.column == k)
        };
        let rest: Vec<&(String, String)> = cells
            .iter()
            .enumerate()
            .filter(|(k, _)| !skip(*k))
            .map(|(_, x)| x)
            .collect();
        match rest.as_slice() {
            [(_, only)] => only.clone(),
            many => many
                .iter()
                .map(|(h, v)| format!("{h}: {v}"))
                .collect::<Vec<_>>()
                .join("; "),
        }
    };
    RowFound {
        index: i,
        key: key_of(c, i),
        note,
        cells,
        thresholds,
        outcome,
        meaning,
    }
}

/// A chart in the list.
#[derive(Debug, Clone, Serialize)]
pub struct TableSummary {
    /// Id.
    pub id: String,
    /// Title.
    pub title: String,
    /// `roll`, `thresholds` or `rows` (read by row only).
    pub kind: &'static str,
    /// Dice.
    pub dice: Option<String>,
    /// Modifiers: id and cause.
    pub modifiers: Vec<(String, String)>,
    /// Row keys.
    pub rows: Vec<String>,
}

/// Every chart of a game, with what it is looked up by.
pub fn list(game: &Game) -> Vec<TableSummary> {
    game.charts
        .iter()
        .map(|c| TableSummary {
            id: c.id.clone(),
            title: c.title.clone(),
            kind: if !c.thresholds.is_empty() {
                "thresholds"
            } else if c.roll.is_some() {
                "roll"
            } else {
                "rows"
            },
            dice: c.dice.map(|d| d.to_string()),
            modifiers: c
                .modifiers
                .iter()
                .map(|m| (m.id.clone(), m.name.clone()))
                .collect(),
            rows: row_keys(c),
        })
        .collect()
}

/// The list as text.
pub fn render_list(list: &[TableSummary]) -> String {
    let mut out = String::new();
    for t in list {
        let how = match (t.kind, &t.dice) {
            ("thresholds", Some(d)) => format!("thresholds on {d}"),
            ("roll", Some(d)) => format!("roll {d}"),
            _ => "by row".to_string(),
        };
        out.push_str(&format!("{} — {} ({how})\n", t.id, t.title));
        if !t.modifiers.is_empty() {
            let m: Vec<String> = t
                .modifiers
                .iter()
                .map(|(id, name)| format!("{id} ({name})"))
                .collect();
            out.push_str(&format!("  modifiers: {}\n", m.join(", ")));
        }
    }
    out
}

/// The report as text, one step a line.
pub fn render(r: &LookupReport) -> String {
    let mut out = match &r.dice {
        Some(d) => format!("{} ({d})\n", r.title),
        None => format!("{}\n", r.title),
    };
    if let Some(roll) = r.roll {
        match r.seed {
            Some(seed) => out.push_str(&format!("Roll {roll} (rolled, seed {seed})\n")),
            None => out.push_str(&format!("Roll {roll}\n")),
        }
    }
    for m in &r.modifiers {
        out.push_str(&format!("Modifier {:+}: {} ({})\n", m.by, m.cause, m.from));
    }
    if let (Some(v), false) = (r.modified, r.modifiers.is_empty()) {
        out.push_str(&format!("Modified roll {v}\n"));
    }
    if let Some(c) = &r.column {
        out.push_str(&format!("Column {c}\n"));
    }
    for row in &r.rows {
        let mut line = format!("Row {}", row.key);
        if let Some(n) = &row.note {
            line.push_str(&format!(" ({n})"));
        }
        if row.thresholds.is_empty() {
            line.push_str(&format!(": {}\n", row.meaning));
        } else {
            let tests: Vec<String> = row
                .thresholds
                .iter()
                .map(|t| match &t.threshold {
                    Some(th) => format!(
                        "{} {th} {}",
                        t.column,
                        if t.met { "met" } else { "not met" }
                    ),
                    None => format!("{} —", t.column),
                })
                .collect();
            line.push_str(&format!(": {} -> {}\n", tests.join(", "), row.meaning));
        }
        out.push_str(&line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame;

    const CHARTS: &str = r#"
[[track]]
id = "crisis"
name = "Crisis"
min = 0
max = 5

[[chart]]
id = "nat"
title = "Activation"
dice = "1d6"
columns = ["Country", "Axis", "Allied"]
key-column = "Country"
threshold-columns = ["Axis", "Allied"]
otherwise = "Neutral"
rows = [["Turkey", "≥6", "≤2"], ["Spain", "≥8", "-"]]

[[chart.modifier]]
id = "crisis"
name = "Crisis level"
track = "crisis"

[[chart.modifier]]
id = "event"
name = "An event"

[[chart]]
id = "grid"
title = "Grid"
dice = "1d6"
columns = ["DR", "≤-1", "0", "1", "≥2"]
roll-column = "DR"
rows = [["1-2", "A", "A", "B", "S"], ["3-4", "A", "B", "S", "S"], ["5-6", "B", "S", "S", "S"]]

[[chart.modifier]]
id = "flak"
name = "Flak"
value = -1
"#;

    fn game() -> Game {
        testgame::build(&[
            ("game.toml", testgame::BASE),
            (
                "map.toml",
                &testgame::map(
                    "..",
                    "GG",
                    "[[map.hex-set]]\nid = \"black-sea-coast\"\nname = \"Coast\"\nhexes = [\"0101\"]\n",
                ),
            ),
            ("charts.toml", CHARTS),
        ])
    }

    fn input(table: &str, roll: u32) -> LookupInput {
        LookupInput {
            table: table.into(),
            roll: Some(roll),
            ..Default::default()
        }
    }

    #[test]
    fn thresholds_take_the_track_level_as_a_modifier() {
        let g = game();
        let crisis = g.tracks.iter().position(|t| t.id == "crisis").unwrap();
        let mut i = input("nat", 5);
        i.row = Some("Turkey".into());
        i.tracks = vec![(crisis, 2)];
        let r = lookup(&g, &i).unwrap();
        assert_eq!(r.modified, Some(7));
        assert_eq!(r.modifiers[0].from, "track crisis");
        assert_eq!(r.rows[0].outcome.as_deref(), Some("Axis"));
        // A given value wins over the track's; a given modifier adds to it.
        i.modifiers = vec![("crisis".into(), Some(0)), ("event".into(), Some(-3))];
        let r = lookup(&g, &i).unwrap();
        assert_eq!(r.modified, Some(2));
        assert_eq!(r.rows[0].outcome.as_deref(), Some("Allied"));
        // Spain has no Allied threshold: 2 is neutral there.
        i.row = Some("spain".into());
        assert_eq!(
            lookup(&g, &i).unwrap().rows[0].outcome.as_deref(),
            Some("Neutral")
        );
        // Without the level.
        i.modifiers.clear();
        i.tracks.clear();
        assert!(matches!(
            lookup(&g, &i),
            Err(LookupError::TrackUnknown { .. })
        ));
        i.modifiers = vec![("event".into(), None), ("crisis".into(), Some(1))];
        assert_eq!(
            lookup(&g, &i).err(),
            Some(LookupError::ValueNeeded("event".into()))
        );
    }

    #[test]
    fn ranges_columns_and_ends() {
        let g = game();
        let cell = |roll: u32, column: &str, flak: bool| {
            let mut i = input("grid", roll);
            i.column = Some(column.into());
            if flak {
                i.modifiers = vec![("flak".into(), None)];
            }
            let r = lookup(&g, &i).unwrap();
            (r.rows[0].meaning.clone(), r.rows[0].note.clone())
        };
        assert_eq!(cell(3, "1", false).0, "S");
        assert_eq!(cell(4, "0", false).0, "B");
        // Numbers past the numeric headings read the open ends.
        assert_eq!(cell(2, "5", false).0, "S");
        assert_eq!(cell(2, "-4", false).0, "A");
        // 1 - 1 (flak) = 0 is below the first row: the first row is read, with a note.
        let (m, note) = cell(1, "≥2", true);
        assert_eq!(m, "S");
        assert!(note.is_some_and(|n| n.contains("below the first row")));
        // A whole row without a column.
        let r = lookup(&g, &input("grid", 6)).unwrap();
        assert_eq!(r.rows[0].key, "5-6");
        assert!(r.rows[0].meaning.starts_with("≤-1: B; 0: S"));
        let mut i = input("grid", 6);
        i.column = Some("7:1".into());
        assert!(matches!(
            lookup(&g, &i),
            Err(LookupError::UnknownColumn { .. })
        ));
    }

    #[test]
    fn unknown_tables_suggest_and_combat_tables_point_to_crt() {
        let g = game();
        let e = lookup(&g, &input("nta", 1)).unwrap_err().to_string();
        assert!(e.contains("did you mean `nat`"), "{e}");
        assert_eq!(
            lookup(&g, &input("crt", 1)).err(),
            Some(LookupError::CombatTable("crt".into()))
        );
        assert!(matches!(
            lookup(&g, &input("grid", 7)),
            Err(LookupError::RollOutOfRange { .. })
        ));
    }

    #[test]
    fn a_modified_roll_beyond_the_numbers_names_the_largest_modifier() {
        let g = game();
        let mut i = input("nat", 5);
        i.row = Some("Turkey".into());
        // 5 + 9223372036854775807 - 10 is a number, whatever the order of the terms.
        i.modifiers = vec![
            ("crisis".into(), Some(i64::MAX)),
            ("event".into(), Some(-10)),
        ];
        assert_eq!(lookup(&g, &i).unwrap().modified, Some(i64::MAX - 5));
        i.modifiers = vec![("crisis".into(), Some(i64::MAX)), ("event".into(), Some(1))];
        assert_eq!(
            lookup(&g, &i).err(),
            Some(LookupError::TooLarge {
                id: "crisis".into(),
                by: i64::MAX,
                from: "given for track crisis".into(),
            })
        );
        i.modifiers = vec![
            ("crisis".into(), Some(-6)),
            ("event".into(), Some(i64::MIN)),
        ];
        let e = lookup(&g, &i).unwrap_err().to_string();
        assert!(
            e.starts_with("modifier `event` (-9223372036854775808, given)"),
            "{e}"
        );
    }
}

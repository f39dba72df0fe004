//! `sandtable table DIR [TABLE] [--roll N | --seed S] [--modifier ID[=N]]… [--row KEY]
//! [--column C] [--scenario ID | --save FILE.vsav] [--format json]`: look up a chart the
//! players roll on, showing the roll, each die-roll modifier with its cause, the modified
//! roll, the row found and what it means; without TABLE, list the tables. A modifier read
//! from a track takes the track's value from the scenario's set-up or the save, unless
//! given.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{game_for, Format, GameDir, Needs};
use crate::helpers::table::{self, LookupInput};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Looks up a chart the players roll on (a `[[chart]]` with `roll-column`, or
`threshold-columns` on a modified roll): the roll, each die-roll modifier with its cause (a
track's value from the set-up or save, or given with `--modifier`), the modified roll, the
row found and what it means. On a table of thresholds, each row's outcome (`--row` for one).
Without TABLE, it lists the tables.

Examples:
  sandtable table modules/greek-civil-war
  sandtable table modules/greek-civil-war tito-stalin --row 1-4
  sandtable table modules/great-european-war strategic-warfare --roll 4
  sandtable table modules/great-european-war events --seed 7 --format json

Exit codes:
- `0`: looked up.
- `1`: the game has errors in what the table uses.
- `2`: a usage error (a table, modifier or row the game does not have).

JSON:
Without TABLE, an array of `{"id", "title", "kind", "dice", "modifiers", "rows"}`. With one,
the roll, the modifiers with their causes, the row and its meaning."#;

/// Arguments of `table`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// The chart's id (omit to list the tables).
    #[arg(value_name = "TABLE")]
    table: Option<String>,
    /// The die roll, when already rolled (before modifiers).
    #[arg(long, value_name = "N", conflicts_with = "seed")]
    roll: Option<u32>,
    /// Seed for rolling here (the same seed gives the same roll) [default: from the clock,
    /// printed so the roll can be replayed].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// A die-roll modifier of the table: `crisis=2` gives its value (a track's value
    /// included), `ID` declares a fixed one; repeatable, once per modifier.
    #[arg(long, value_name = "ID[=N]", allow_negative_numbers = true, value_parser = modifier)]
    modifier: Vec<(String, Option<i64>)>,
    /// Read this row, by its key (a country) or roll.
    #[arg(long, value_name = "KEY")]
    row: Option<String>,
    /// Read only this column, by heading or by a number within numeric headings.
    #[arg(long, value_name = "C", allow_hyphen_values = true)]
    column: Option<String>,
    /// Take the tracks' values from this scenario's set-up.
    #[arg(long, value_name = "ID", conflicts_with = "save")]
    scenario: Option<String>,
    /// Take the tracks' values from this saved game (.vsav).
    #[arg(long, value_name = "FILE.vsav")]
    save: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

impl Args {
    /// The output format asked for.
    pub(super) fn format(&self) -> Format {
        self.format
    }
}

/// `crisis=2` or `declared`.
fn modifier(text: &str) -> Result<(String, Option<i64>), String> {
    match text.split_once('=') {
        None => Ok((text.trim().to_string(), None)),
        Some((m, v)) => {
            let v = v.trim().parse::<i64>().map_err(|e| {
                format!(
                    "the value after `=` must be a whole number from {} to {} ({e})",
                    i64::MIN,
                    i64::MAX
                )
            })?;
            Ok((m.trim().to_string(), Some(v)))
        }
    }
}

/// The modifiers given, each at most once (a second value for one would silently win or
/// be lost).
fn once_each(given: &[(String, Option<i64>)]) -> Result<(), super::Failure> {
    for (i, (id, _)) in given.iter().enumerate() {
        if given[..i].iter().any(|(earlier, _)| earlier == id) {
            return Err(super::Failure::usage(
                "table",
                clap::error::ErrorKind::ArgumentConflict,
                format!(
                    "the argument '--modifier {id}' cannot be used more than once (give each \
                     modifier once, with its whole value)"
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    once_each(&a.modifier)?;
    let needs = match &a.scenario {
        Some(s) => Needs::Scenario(s),
        None => Needs::NoScenario,
    };
    let g = game_for(&a.game.dir, &a.options, needs, a.format)?;
    let Some(id) = &a.table else {
        let list = table::list(&g);
        super::emit(&match a.format {
            Format::Json => super::positions::json(&list)?,
            Format::Text if list.is_empty() => "The game has no charts.\n".into(),
            Format::Text => table::render_list(&list),
        });
        return Ok(ExitCode::SUCCESS);
    };
    let tracks = match (&a.scenario, &a.save) {
        (Some(s), _) => super::positions::scenario_positions(&g, s)?.tracks,
        (None, Some(path)) => {
            super::positions::load_save(&g, path, None, true)?
                .adapted
                .positions
                .tracks
        }
        (None, None) => Vec::new(),
    };
    let input = LookupInput {
        table: id.clone(),
        roll: a.roll,
        seed: a.seed,
        modifiers: a.modifier.clone(),
        tracks,
        row: a.row.clone(),
        column: a.column.clone(),
    };
    let report = table::lookup(&g, &input).map_err(|e| match &e {
        // A value given here: name the argument.
        table::LookupError::TooLarge { id, .. }
            if a.modifier.iter().any(|(m, v)| m == id && v.is_some()) =>
        {
            format!("--modifier {id}: {e}")
        }
        _ => e.to_string(),
    })?;
    super::emit(&match a.format {
        Format::Json => super::positions::json(&report)?,
        Format::Text => table::render(&report),
    });
    Ok(ExitCode::SUCCESS)
}

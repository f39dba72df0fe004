//! `sandtable check DIR [--save FILE.vsav [--module FILE.vmod]] [--format json]`: every
//! problem of a game; with `--save`, also the problems of a saved game of its module —
//! counters present more often than the counter mix allows (cloned cardboard), pieces of
//! unknown origin, and stacking violations, each with its location.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use super::positions::{self, json};
use super::{Format, GameDir};
use crate::diag::render;
use crate::helpers::savegame::{self, Cloned, OffGrid, UnknownPiece};
use crate::helpers::stacking::{stacking_report, Violation};
use crate::model::Game;

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Reads every file of the game and reports every problem in one run: each with its file,
line and column, the lines around it and a hint (a did-you-mean for a misspelt name). It
checks references, the map, the counter mix, each scenario against the mix, stacking,
placement and terrain, the tables and the rules' prose. It also reads the data of every
optional rule left off.

With `--save`, it also checks a saved game of the module `build` made: counters present more
often than the mix allows (cloned cardboard), pieces of unknown origin, stacking violations
and, in a game with hidden parts of units, the rules of parts a save breaks.

With `--watch`, it keeps running and checks again on every save of a game file (`*.toml` and
`rules/*.md`; hidden folders and `tools/` skipped; debounced 200 ms). The first run prints the
full report. Later runs print only the diagnostics added (`+ error[code] file:line:col
message`) and removed (`- …`), then `N errors, M warnings (+a −b)`. A diagnostic is known by
its code, file, message and location, so one that only moved shows as removed and added.
Ctrl-C stops it.

Examples:
  sandtable check modules/greek-civil-war
  sandtable check modules/greek-civil-war --format json
  sandtable check modules/diplomacy --save spring-1901.vsav
  sandtable check my-game --watch

Exit codes:
- `0`: no errors (warnings allowed).
- `1`: errors in the game, or problems in the save.
- `2`: a usage error.

JSON:
An array of diagnostics, each with `severity`, `code`, `message`, `file`, `line`, `column`
and `hint`. With `--save`, an object `{"diagnostics": […], "save": {…}}`, the save's
part listing `cloned`, `unknown_origin`, `stacking`, `off_grid`, `notes` and `problems`. With
`--watch`, one line per run: `{"run": n, "added": […], "removed": […], "errors": N,
"warnings": M}`."#;

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// Also check a saved game (.vsav) of the module `sandtable build` made of DIR: cloned
    /// counters, pieces of unknown origin, stacking violations (exit 1 when any).
    #[arg(long, value_name = "FILE.vsav")]
    save: Option<PathBuf>,
    /// The module the save was played with, whose grids name the locations [default: the
    /// grids `sandtable build` gives DIR].
    #[arg(long, value_name = "FILE.vmod", requires = "save")]
    module: Option<PathBuf>,
    /// Keep watching DIR and check again on every save of a game file, printing only the
    /// diagnostics added (`+`) and removed (`-`) since the last run and a summary line (with
    /// `--format json`, one JSON object per run on its own line). Stop with Ctrl-C.
    #[arg(long, conflicts_with = "save")]
    watch: bool,
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

/// The problems of a save.
#[derive(Debug, Serialize)]
struct SaveCheck {
    file: String,
    module: Option<String>,
    pieces: usize,
    placed: usize,
    /// Counters with more copies than the mix has.
    cloned: Vec<Cloned>,
    /// Pieces that are not counters of the game.
    unknown_origin: Vec<UnknownPiece>,
    /// Stacking limits broken.
    stacking: Vec<Violation>,
    /// Games with hidden parts of units: the rules of parts broken (more than a unit of
    /// parts in a province, a part too large, too many units dispersed early).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fractions: Vec<String>,
    /// Our pieces on no location of the game (not counted as problems).
    off_grid: Vec<OffGrid>,
    /// Things the reading could not express.
    notes: Vec<String>,
    /// Cloned counters, unknown pieces and stacking violations.
    problems: usize,
}

#[derive(Serialize)]
struct Combined<'a> {
    diagnostics: serde_json::Value,
    save: &'a SaveCheck,
}

fn check_save(g: &Game, save: &Path, module: Option<&Path>) -> Result<SaveCheck, String> {
    let loaded = positions::load_save(g, save, module, false)?;
    let a = loaded.adapted;
    let cloned = savegame::cloned(g, &a);
    let stacking = stacking_report(g, &a.positions).violations;
    let fractions = fraction_breaches(g, &a.positions);
    let problems = cloned.len() + a.unknown.len() + stacking.len() + fractions.len();
    Ok(SaveCheck {
        file: save.display().to_string(),
        module: module.map(|m| m.display().to_string()),
        pieces: a.pieces,
        placed: a.placed,
        cloned,
        unknown_origin: a.unknown,
        stacking,
        fractions,
        off_grid: a.off_grid,
        notes: a.notes,
        problems,
    })
}

/// The rules of hidden parts a save's position breaks, in a game that has them.
fn fraction_breaches(g: &Game, positions: &crate::helpers::positions::Positions) -> Vec<String> {
    use crate::diplomacy::{board::ProvinceBoard, fractions, position};
    let (Some(rules), Some(board)) = (&g.rules.fractions, ProvinceBoard::first(g)) else {
        return Vec::new();
    };
    let (p, _) = position::from_positions(&board, positions, None, None);
    fractions::breaches(rules, &board, &p.units, &p.fractions, p.turn)
        .into_iter()
        .map(|(_, why)| why)
        .collect()
}

fn save_text(c: &SaveCheck) -> String {
    let mut out = format!(
        "{}: {} piece{}, {} on the game's locations\n",
        c.file,
        c.pieces,
        if c.pieces == 1 { "" } else { "s" },
        c.placed
    );
    if !c.cloned.is_empty() {
        out.push_str("\nCloned counters (more copies than the counter mix has):\n");
        for k in &c.cloned {
            let at: Vec<String> = k
                .pieces
                .iter()
                .map(|(id, loc)| format!("piece {id} at {loc}"))
                .collect();
            out.push_str(&format!(
                "  {} ({}): {} copies, the mix has {}: {}\n",
                k.name,
                k.counter,
                k.copies,
                k.in_mix,
                at.join(", ")
            ));
        }
    }
    if !c.unknown_origin.is_empty() {
        out.push_str("\nPieces of unknown origin (not counters of this game):\n");
        for u in &c.unknown_origin {
            out.push_str(&format!(
                "  piece {} `{}` {}: {}\n",
                u.piece,
                u.name,
                positions::unknown_at(u),
                u.reason
            ));
        }
    }
    if !c.stacking.is_empty() {
        out.push_str("\nStacking violations:\n");
        for v in &c.stacking {
            out.push_str(&format!(
                "  {}: {} (at most {}, found {}): {}\n",
                v.location,
                v.rule,
                v.max,
                v.found,
                v.counters.join(", ")
            ));
        }
    }
    if !c.fractions.is_empty() {
        out.push_str("\nHidden parts against the rules:\n");
        for f in &c.fractions {
            out.push_str(&format!("  {f}\n"));
        }
    }
    if !c.off_grid.is_empty() {
        out.push_str("\nOff the grid (not placed; not counted as problems):\n");
        for o in &c.off_grid {
            out.push_str(&format!(
                "  piece {} `{}` ({}): {}\n",
                o.piece, o.name, o.counter, o.reason
            ));
        }
    }
    for n in &c.notes {
        out.push_str(&format!("note: {n}\n"));
    }
    out.push_str(&match c.problems {
        0 => "\nNo cloned counters, pieces of unknown origin or stacking violations.\n".into(),
        1 => "\n1 problem.\n".into(),
        n => format!("\n{n} problems.\n"),
    });
    out
}

/// The game checked with the options asked for; when some declared option is still off,
/// its data is checked too (a second pass with every option on), so that a mistake in an
/// optional counter or placement is found whichever options a player turns on. Its
/// problems not found already are added.
fn check_all_options(
    dir: &Path,
    options: &super::OptionArgs,
) -> Result<crate::check::Checked, super::Failure> {
    let mut checked =
        crate::check::check_dir_with(dir, &options.selection()).map_err(|e| e.to_string())?;
    let declared = checked
        .game
        .as_ref()
        .or(checked.partial.as_ref())
        .map_or(&[][..], |g| &g.options[..]);
    if declared.iter().all(|o| o.on) {
        return Ok(checked);
    }
    let all = crate::check::check_dir_with(dir, &crate::check::Selection::all())
        .map_err(|e| e.to_string())?;
    let mut added = false;
    for d in all.diagnostics.iter() {
        if !checked.diagnostics.iter().any(|x| x == d) {
            checked.diagnostics.push(d.clone());
            added = true;
        }
    }
    if added {
        checked.diagnostics.sort(&checked.sources);
        if checked.diagnostics.has_errors() {
            if let Some(g) = checked.game.take() {
                checked.partial = Some(g);
            }
            checked.broken.extend(all.broken);
        }
    }
    Ok(checked)
}

/// `check --watch`: the first run's full report, then what changed on every save.
fn watch(a: &Args) -> Result<ExitCode, super::Failure> {
    use super::watch as w;
    let mut last: Vec<crate::diag::Located> = Vec::new();
    super::watch::watch(&a.game.dir, |run| {
        let checked = match check_all_options(&a.game.dir, &a.options) {
            Ok(c) => c,
            Err(failure) => {
                match a.format {
                    Format::Text => failure.report(Format::Text),
                    Format::Json => super::emit(&w::failure_json(run, &failure)),
                }
                return;
            }
        };
        let now: Vec<crate::diag::Located> = checked
            .diagnostics
            .iter()
            .map(|d| crate::diag::Located::new(d, &checked.sources))
            .collect();
        let change = w::diff(&last, &now);
        let text = match a.format {
            Format::Json => w::change_json(run, &now, &change),
            Format::Text if run == 1 => {
                render::to_text(&checked.diagnostics, &checked.sources)
                    + &w::summary(&now, &change)
                    + "\n"
            }
            Format::Text => format!("-- run {run}\n{}", w::change_text(&now, &change)),
        };
        super::emit(&text);
        last = now;
    })
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    if a.watch {
        return watch(&a);
    }
    let checked = check_all_options(&a.game.dir, &a.options)?;
    let diagnostics = match a.format {
        Format::Text => render::to_text(&checked.diagnostics, &checked.sources),
        Format::Json => render::to_json(&checked.diagnostics, &checked.sources),
    };
    let errors = checked.diagnostics.has_errors();
    let Some(save) = &a.save else {
        super::emit(&diagnostics);
        return Ok(if errors {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    };
    // The save is read against the game's counters and maps; its scenarios do not matter.
    let spared = |p: &crate::check::Part| {
        matches!(
            p,
            crate::check::Part::Scenario(_) | crate::check::Part::Rulebook
        )
    };
    let Some(game) = checked.game_without(spared) else {
        let message = format!(
            "`{}` has errors, so the save cannot be read against it",
            a.game.dir.display()
        );
        return Err(super::Failure::game(message, checked));
    };
    let report = check_save(game, save, a.module.as_deref())?;
    match a.format {
        Format::Text => {
            let game_text = if checked.diagnostics.is_empty() {
                format!("{}: no problems in the game\n", a.game.dir.display())
            } else {
                diagnostics
            };
            super::emit(&format!("{game_text}{}", save_text(&report)))
        }
        Format::Json => {
            let diagnostics: serde_json::Value =
                serde_json::from_str(&diagnostics).map_err(|e| e.to_string())?;
            super::emit(&json(&Combined {
                diagnostics,
                save: &report,
            })?);
        }
    }
    Ok(if errors || report.problems > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

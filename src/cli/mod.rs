//! Command-line interface: argument types and one file per sub-command.
//!
//! No logic lives here beyond composing the library's stages and rendering their results as
//! text or JSON. Exit codes: 0 success, 1 problems in the input (diagnostics printed or a
//! clear error), 2 usage errors (clap).

mod build;
mod check;
mod control;
mod crt;
mod inspect;
mod positions;
mod render;
mod scenario;
mod supply;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Check board wargame definitions and build playable modules from them.
#[derive(Debug, Parser)]
#[command(name = "sandtable", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Output format of commands that report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Readable text.
    #[default]
    Text,
    /// JSON for programs.
    Json,
}

/// The sub-commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check a game directory and report every problem (exit 1 if there are errors).
    Check(check::Args),
    /// List a game's scenarios, or print the resolved set-up of one.
    Scenario(scenario::Args),
    /// Build the VASSAL module (.vmod) of a game (refused when it has errors).
    Build(build::Args),
    /// List the maps, grids, palettes, prototypes and setups of a VASSAL module, or every
    /// piece of a saved game with its location.
    Inspect(inspect::Args),
    /// Draw a game's art as PNG: the map, counters, a printable counter sheet, the off-map
    /// displays or the charts.
    Render(render::Args),
    /// Resolve a combat on a combat results table, showing every step (or list the tables).
    Crt(crt::Args),
    /// Whether every unit is in supply and why (path or blocker); draw it on the map, or
    /// set the Out of Supply markers in a saved game.
    Supply(supply::Args),
    /// Who controls each hex or area, and the victory conditions evaluated.
    Control(control::Args),
}

/// Run a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Check(a) => check::run(a),
        Command::Scenario(a) => scenario::run(a),
        Command::Build(a) => build::run(a),
        Command::Inspect(a) => inspect::run(a),
        Command::Render(a) => render::run(a),
        Command::Crt(a) => crt::run(a),
        Command::Supply(a) => supply::run(a),
        Command::Control(a) => control::run(a),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}

/// A game directory argument.
#[derive(Debug, clap::Args)]
pub struct GameDir {
    /// The game directory (holding `game.toml`).
    pub dir: PathBuf,
}

/// Print to stdout, ignoring a closed pipe (`sandtable … | head` must not panic).
pub(crate) fn emit(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Load and check a game, printing diagnostics to stderr when it has errors.
pub(crate) fn checked_game(
    dir: &std::path::Path,
    format: Format,
) -> Result<crate::model::Game, String> {
    let checked = crate::check::check_dir(dir).map_err(|e| e.to_string())?;
    match checked.game {
        Some(g) => Ok(g),
        None => {
            match format {
                Format::Text => eprint!(
                    "{}",
                    crate::diag::render::to_text(&checked.diagnostics, &checked.sources)
                ),
                Format::Json => eprint!(
                    "{}",
                    crate::diag::render::to_json(&checked.diagnostics, &checked.sources)
                ),
            }
            Err(format!(
                "`{}` has errors; run `sandtable check` for details",
                dir.display()
            ))
        }
    }
}

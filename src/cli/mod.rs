//! Command-line interface: argument types and one file per sub-command.
//!
//! No logic lives here beyond composing the library's stages and rendering their results as
//! text or JSON. Exit codes: 0 success, 1 problems in the input (diagnostics printed or a
//! clear error), 2 usage errors (clap).

mod adjudicate;
mod build;
mod check;
mod completions;
mod control;
mod crt;
mod explain;
mod geo;
mod import;
mod inspect;
mod isolation;
mod man;
mod new;
mod positions;
mod provinces;
mod publish;
mod referee;
mod render;
mod scenario;
mod schema;
mod supply;
mod table;
mod watch;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::diag::render as diagnostics;
use crate::diag::source::SourceMap;
use crate::diag::{Diagnostics, Located};

/// What `--help` adds below the commands: exit codes, JSON and the options many commands
/// share (the index of the book's command reference).
const GUIDE: &str = r#"Every command that reads a game takes its directory (`DIR`): the folder of TOML files and
`rules/*.md` that `sandtable new` starts and the designer's book describes.

Exit codes:
- `0`: done, no errors (warnings allowed).
- `1`: the input has problems: diagnostics are printed, each with file:line:column and a hint,
  or a clear error; nothing is half-written.
- `2`: a usage error (an unknown option, a missing argument, a value the game does not have).

JSON:
Every command that reports takes `--format json` (`publish` takes `--json`). On failure it
prints one object, `{"error": …, "diagnostics": […]}` with the located problems when the
game's check is the cause, or `{"error": …, "detail": …}` for a usage error.

Options shared by the commands that read a game:
`--option ID` (repeatable) turns on an optional rule of the game. Rule helpers (`crt`,
`table`, `supply`, `control`, `scenario`, `render`, `check --save`) still answer when the only
errors are in scenarios they do not use, with a note saying so; `build` needs the whole game
clean."#;

/// Check board wargame definitions and build playable modules from them.
#[derive(Debug, Parser)]
#[command(name = "sandtable", version, about, long_about = None, after_long_help = GUIDE)]
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
    #[command(after_long_help = check::GUIDE)]
    Check(check::Args),
    /// List a game's scenarios, or print the resolved set-up of one.
    #[command(after_long_help = scenario::GUIDE)]
    Scenario(scenario::Args),
    /// Build the VASSAL module (.vmod) of a game (refused when it has errors).
    #[command(after_long_help = build::GUIDE)]
    Build(build::Args),
    /// List the maps, grids, palettes, prototypes and setups of a VASSAL module, or every
    /// piece of a saved game with its location.
    #[command(after_long_help = inspect::GUIDE)]
    Inspect(inspect::Args),
    /// Draw a game's art as PNG: the map, counters, a printable counter sheet, the off-map
    /// displays or the charts.
    #[command(after_long_help = render::GUIDE)]
    Render(render::Args),
    /// Resolve a combat on a combat results table, showing every step (or list the tables).
    #[command(after_long_help = crt::GUIDE)]
    Crt(Box<crt::Args>),
    /// Look up a chart the players roll on (or read by row): the roll, each die-roll
    /// modifier with its cause, the row found and what it means (or list the tables).
    #[command(after_long_help = table::GUIDE)]
    Table(table::Args),
    /// Whether every unit is in supply and why (path or blocker); draw it on the map, or
    /// set the Out of Supply markers in a saved game.
    #[command(after_long_help = supply::GUIDE)]
    Supply(supply::Args),
    /// Who controls each hex or area, and the victory conditions evaluated.
    #[command(after_long_help = control::GUIDE)]
    Control(control::Args),
    /// Resolve a phase of written orders on a province board (Diplomacy) and write the next
    /// position.
    #[command(after_long_help = adjudicate::GUIDE)]
    Adjudicate(adjudicate::Args),
    /// List a province board's provinces as the adjudicator reads them: kind, supply
    /// centre and home, and where an army and a fleet there may move.
    #[command(after_long_help = provinces::GUIDE)]
    Provinces(provinces::Args),
    /// Referee a game of written orders by mail from a folder that keeps its state: start
    /// it, receive the players' files, see whose orders are in, run each phase.
    #[command(after_long_help = referee::GUIDE)]
    Referee(referee::Args),
    /// Lay a map from its `[map.geography]` and write it into the map's file: a hex map's
    /// terrain and country layers, places, rivers and rails, or a province board's outlines,
    /// names, fleet boxes, lakes and what is drawn off the board.
    #[command(after_long_help = geo::GUIDE)]
    Geo(geo::Args),
    /// Make a new game directory from a Diplomacy board (DPjudge's `.map`, a Parlance `.cfg`)
    /// or a VASSAL module (`.vmod`).
    #[command(after_long_help = import::GUIDE)]
    Import(import::Args),
    /// Publish the game's rules (`rules/*.md` with tables, maps, counters and set-ups
    /// generated from the data) as a website, and as a PDF booklet.
    #[command(after_long_help = publish::GUIDE)]
    Publish(publish::Args),
    /// Print the shell completion script for bash, zsh, fish or PowerShell.
    #[command(after_long_help = completions::GUIDE)]
    Completions(completions::Args),
    /// Write the manual pages (the tool's and one per sub-command), or print the tool's.
    #[command(after_long_help = man::GUIDE)]
    Man(man::Args),
    /// Start a new game directory from a starter game (hex, area or Diplomacy) that checks,
    /// builds and renders.
    #[command(after_long_help = new::GUIDE)]
    New(new::Args),
    /// Write the JSON Schema of a game file, for editors that complete and check TOML
    /// (Taplo, Even Better TOML).
    #[command(after_long_help = schema::GUIDE)]
    Schema(schema::Args),
    /// Explain a diagnostic code (`error[CODE]`): its severity, the parts of a game it
    /// concerns and what is wrong; without CODE, list every code.
    #[command(after_long_help = explain::GUIDE)]
    Explain(explain::Args),
}

impl Command {
    /// The output format the command was asked for (text for commands without one).
    pub fn format(&self) -> Format {
        match self {
            Command::Check(a) => a.format(),
            Command::Scenario(a) => a.format(),
            Command::Build(a) => a.format(),
            Command::Inspect(a) => a.format(),
            Command::Render(a) => a.format(),
            Command::Crt(a) => a.format(),
            Command::Table(a) => a.format(),
            Command::Supply(a) => a.format(),
            Command::Control(a) => a.format(),
            Command::Adjudicate(a) => a.format(),
            Command::Provinces(a) => a.format(),
            Command::Referee(a) => a.format(),
            Command::Geo(a) => a.format(),
            Command::Import(a) => a.format(),
            Command::Publish(a) => a.format(),
            Command::Completions(_) => Format::Text,
            Command::Man(a) => a.format(),
            Command::New(a) => a.format(),
            Command::Schema(a) => a.format(),
            Command::Explain(a) => a.format(),
        }
    }
}

/// Parse the process's arguments and run them. A usage error is printed by clap (exit 2),
/// or as a JSON object `{"error": …}` when `--format json` was given.
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match Cli::try_parse_from(&args) {
        Ok(cli) => run(cli),
        Err(e) if e.use_stderr() && wants_json(&args) => {
            let message = e.kind().to_string();
            let detail = e.render().to_string();
            emit(&error_json(&message, Some(detail.trim()), None));
            ExitCode::from(2)
        }
        Err(e) => {
            let _ = e.print();
            ExitCode::from(if e.use_stderr() { 2 } else { 0 })
        }
    }
}

/// Whether raw arguments ask for `--format json` (before they could be parsed).
fn wants_json(args: &[std::ffi::OsString]) -> bool {
    args.iter()
        .zip(args.iter().skip(1))
        .any(|(a, b)| a == "--format" && b == "json")
        || args.iter().any(|a| a == "--format=json")
}

/// Run a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    let format = cli.command.format();
    let result = match cli.command {
        Command::Check(a) => check::run(a),
        Command::Scenario(a) => scenario::run(a),
        Command::Build(a) => build::run(a),
        Command::Inspect(a) => inspect::run(a),
        Command::Render(a) => render::run(a),
        Command::Crt(a) => crt::run(*a),
        Command::Table(a) => table::run(a),
        Command::Supply(a) => supply::run(a),
        Command::Control(a) => control::run(a),
        Command::Adjudicate(a) => adjudicate::run(a),
        Command::Provinces(a) => provinces::run(a),
        Command::Referee(a) => referee::run(a),
        Command::Publish(a) => publish::run(a),
        Command::Geo(a) => geo::run(a),
        Command::Import(a) => import::run(a),
        Command::Completions(a) => completions::run(a),
        Command::Man(a) => man::run(a),
        Command::New(a) => new::run(a),
        Command::Schema(a) => schema::run(a),
        Command::Explain(a) => explain::run(a),
    };
    match result {
        Ok(code) => code,
        Err(failure) => {
            failure.report(format);
            ExitCode::from(if failure.usage.is_some() { 2 } else { 1 })
        }
    }
}

/// Why a command failed: what to tell the user and, when the game's check is the reason,
/// its located diagnostics.
#[derive(Debug)]
pub struct Failure {
    message: String,
    diagnostics: Option<(Diagnostics, SourceMap)>,
    /// Set for a usage error found once the game is known (a value it does not have, an
    /// option repeated): told as clap tells its own, exit 2.
    usage: Option<Box<clap::Error>>,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Self {
            message,
            diagnostics: None,
            usage: None,
        }
    }
}

impl Failure {
    /// A failure because the game has errors, carrying them.
    pub(crate) fn game(message: String, checked: crate::check::Checked) -> Self {
        Self {
            message,
            diagnostics: Some((checked.diagnostics, checked.sources)),
            usage: None,
        }
    }

    /// A failure with diagnostics of the game's files (read, not yet checked).
    pub(crate) fn diagnostics(
        message: String,
        diagnostics: Diagnostics,
        sources: SourceMap,
    ) -> Self {
        Self {
            message,
            diagnostics: Some((diagnostics, sources)),
            usage: None,
        }
    }

    /// A usage error of `subcommand` that only the game could show (a power it does not
    /// have, an option given twice): the message and usage line as clap prints its own
    /// (`kind` says which), exit 2; with `--format json`, `{"error": …, "detail": …}`.
    pub(crate) fn usage(subcommand: &str, kind: clap::error::ErrorKind, message: String) -> Self {
        use clap::CommandFactory as _;
        let mut cli = Cli::command();
        cli.build();
        let error = match cli.find_subcommand_mut(subcommand) {
            Some(sub) => sub.error(kind, &message),
            None => cli.error(kind, &message),
        };
        Self {
            message,
            diagnostics: None,
            usage: Some(Box::new(error)),
        }
    }

    /// Print it: diagnostics and `error: …` on stderr, or one JSON object on stdout.
    pub(super) fn report(&self, format: Format) {
        if let Some(e) = &self.usage {
            match format {
                Format::Text => {
                    let _ = e.print();
                }
                Format::Json => {
                    let detail = e.render().to_string();
                    emit(&error_json(
                        &e.kind().to_string(),
                        Some(detail.trim()),
                        None,
                    ));
                }
            }
            return;
        }
        match format {
            Format::Text => {
                if let Some((d, s)) = &self.diagnostics {
                    eprint!("{}", diagnostics::to_text(d, s));
                }
                eprintln!("error: {}", self.message);
            }
            Format::Json => {
                let located = self
                    .diagnostics
                    .as_ref()
                    .map(|(d, s)| d.iter().map(|x| Located::new(x, s)).collect::<Vec<_>>());
                emit(&error_json(&self.message, None, located));
            }
        }
    }
}

/// `{"error": message, "detail": …, "diagnostics": […]}`, pretty, with a final newline.
fn error_json(message: &str, detail: Option<&str>, diagnostics: Option<Vec<Located>>) -> String {
    #[derive(serde::Serialize)]
    struct ErrorReport<'a> {
        error: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        detail: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        diagnostics: Option<Vec<Located>>,
    }
    let report = ErrorReport {
        error: message,
        detail,
        diagnostics,
    };
    serde_json::to_string_pretty(&report)
        .map(|s| s + "\n")
        .unwrap_or_else(|_| format!("{{\"error\": {message:?}}}\n"))
}
/// A game directory argument.
#[derive(Debug, clap::Args)]
pub struct GameDir {
    /// The game directory (holding `game.toml`).
    pub dir: PathBuf,
}

/// The optional rules a command resolves a game with (`--option ID`, repeatable).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct OptionArgs {
    /// Turn on an optional rule (an `[[option]]` id) besides those on by default and the
    /// scenarios' own; repeat it for several.
    #[arg(long = "option", value_name = "ID")]
    pub on: Vec<String>,
}

impl OptionArgs {
    /// The selection the check resolves the game with.
    pub fn selection(&self) -> crate::check::Selection {
        crate::check::Selection::of(&self.on)
    }
}

/// Print to stdout, ignoring a closed pipe (`sandtable … | head` must not panic).
pub(crate) fn emit(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// What of a game a rule helper depends on: the rest may have errors and it still answers.
/// (`build` needs the whole game clean and checks it itself.)
#[derive(Debug, Clone, Copy)]
pub(crate) enum Needs<'a> {
    /// Everything but the scenarios (tables, a save, the art).
    NoScenario,
    /// Everything but the scenarios other than this one.
    Scenario(&'a str),
}

/// Load and check a game for a command that `needs` part of it. Errors in parts it does not
/// need are not in its way: it gets the game made of the entries that checked whole, and a
/// note on stderr says so (text only). Otherwise the failure carries the diagnostics.
pub(crate) fn game_for(
    dir: &std::path::Path,
    options: &OptionArgs,
    needs: Needs,
    format: Format,
) -> Result<crate::model::Game, Failure> {
    use crate::check::Part;
    let mut checked =
        crate::check::check_dir_with(dir, &options.selection()).map_err(|e| e.to_string())?;
    if let Some(g) = checked.game.take() {
        return Ok(g);
    }
    let spared = |p: &Part| match (needs, p) {
        (_, Part::Rulebook) => true,
        (Needs::NoScenario, Part::Scenario(_)) => true,
        (Needs::Scenario(id), Part::Scenario(s)) => s != id,
        _ => false,
    };
    if checked.game_without(spared).is_some() {
        if let (Some(g), Format::Text) = (&checked.partial, format) {
            let broken: Vec<String> = checked
                .broken
                .iter()
                .filter_map(|p| match p {
                    Part::Scenario(s) => Some(format!("scenario `{s}`")),
                    Part::Rulebook => Some("the rules prose (`rules/`)".to_string()),
                    _ => None,
                })
                .collect();
            eprintln!(
                "note: `{}` has errors in {}; {} does not need it (`sandtable check` lists them)",
                g.id,
                broken.join(", "),
                match needs {
                    Needs::Scenario(s) => format!("scenario `{s}`"),
                    _ => "this command".to_string(),
                }
            );
        }
        if let Some(g) = checked.partial.take() {
            return Ok(g);
        }
    }
    let what = match needs {
        Needs::Scenario(s) if checked.broken.contains(&Part::Scenario(s.to_string())) => {
            format!("scenario `{s}` has errors")
        }
        _ => "it has errors".to_string(),
    };
    Err(Failure::game(
        format!(
            "cannot use `{}`: {what}; `sandtable check` lists them",
            dir.display()
        ),
        checked,
    ))
}

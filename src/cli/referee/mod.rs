//! `sandtable referee start|receive|status|run`: a game of written orders refereed by mail
//! from a folder that keeps the referee's state between phases.
//!
//! The folder holds `referee.toml` (the game, its module, and for every phase its deadline,
//! whose orders came in, when and from which file, and what was adjudicated) and one
//! sub-folder per phase, `01-july-1914-movement/`, with the saves to send: `referee.vsav`
//! (everything, the one adjudicated), `public.vsav` and one `<power>.vsav` per power, each
//! holding only what its reader may see (`adjudicate --views`), the reports of the phase
//! before (`<reader>.txt`), and `orders/`: every file a player sent, kept as received, and
//! each power's orders read from it (`<power>.txt`; `<power>.late.txt` when they came after
//! the deadline). `run` adjudicates the phase once every power's orders are in (or the
//! deadline has passed: a power without orders holds) and opens the next phase.
//!
//! This file holds the arguments and `start`; the folder and its state file are in
//! `folder.rs`, `receive` in `receive.rs`, `status` and `run` in `status.rs`.
//!
//! A player's file is checked when it is received, not when the phase is run: a save of
//! another game or phase, a note written by another power's player, orders of a power other
//! than the one that sent them, a line that is not an order — each is refused at once with
//! nothing recorded, so the referee can ask the player again before the deadline.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::{Deserialize, Serialize};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::adjudicate::{
    from_save_file, missing_powers, orders, reader_name, reader_save, readers, views_into,
};
use super::positions::{json, write_atomic};
use super::{game_for, Failure, Format, OptionArgs};
use crate::diag::source::SourceMap;
use crate::diplomacy::adjudicate::{self, Audience};
use crate::diplomacy::board::ProvinceBoard;
use crate::diplomacy::order_notes::phase_label;
use crate::diplomacy::orders_file::{Entry, Written};
use crate::diplomacy::position::{power_of, Position};
use crate::model::{Game, PhaseId, TurnId};

mod folder;
mod receive;
mod status;

use folder::{
    absolute, new_folder, phase_folder, phase_name, state_text, Adjudicated, Folder, PhaseRecord,
    Received, State, STATE,
};
use receive::{phase, receive, side_name, standing, standing_text, Standing};
use status::{run_phase, status};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Keeps a game of written orders played by mail in one folder, outside the game directory:
`referee.toml` (the game, its module, and for every phase its deadline, whose orders came in,
when and from which file, and what the run did) and one folder per phase holding every
reader's save and report to send, and the files each player sent. A file that cannot be used
is refused when it comes, with nothing kept, so the referee can ask again before the
deadline. Times are RFC 3339 (`2026-12-01T18:00:00Z`).

Examples:
  sandtable referee start modules/guerilla-warfare-ii --save 1914.vsav --deadline 2026-12-01T18:00:00Z -o ../gw2-game
  sandtable referee receive ../gw2-game alice.vsav --from austria
  sandtable referee status ../gw2-game
  sandtable referee run ../gw2-game --deadline 2026-12-08T18:00:00Z

Exit codes:
- `0`: done.
- `1`: a refused file, a phase still waiting for orders, or a folder that cannot be read.
- `2`: a usage error."#;

/// Arguments of `referee`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    step: Step,
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: Format,
}

impl Args {
    /// The output format asked for.
    pub(super) fn format(&self) -> Format {
        self.format
    }
}

/// What the referee does.
#[derive(Debug, clap::Subcommand)]
enum Step {
    /// Open a game folder from the save the game starts from, with every reader's save of
    /// its first phase to send.
    Start(StartArgs),
    /// Take players' files (their saves or logs with the phase's Delayed notes, or orders
    /// files): each is checked now and its orders kept for the phase; nothing of a refused
    /// file is kept.
    Receive(ReceiveArgs),
    /// The phase, its deadline, whose orders are in (late ones marked), whose are missing,
    /// and the phases adjudicated so far.
    Status(FolderArgs),
    /// Adjudicate the phase once every power's orders are in (or its deadline has passed:
    /// a power without orders holds), write every reader's save and report into the next
    /// phase's folder and open it.
    Run(RunArgs),
}

#[derive(Debug, clap::Args)]
struct StartArgs {
    /// The game directory (holding `game.toml`).
    game: PathBuf,
    #[command(flatten)]
    options: OptionArgs,
    /// The referee's save the game starts from (a predefined set-up of the module, or a
    /// save of a game under way).
    #[arg(long, value_name = "FILE.vsav")]
    save: PathBuf,
    /// The module the players play with, whose grids name the locations [default: the
    /// grids `sandtable build` gives the game].
    #[arg(long, value_name = "FILE.vmod")]
    module: Option<PathBuf>,
    /// When the first phase's orders are due (RFC 3339: `2026-12-01T18:00:00Z`).
    #[arg(long, value_name = "TIME", value_parser = moment)]
    deadline: Option<OffsetDateTime>,
    /// The game folder to make (it must not exist, or be empty; not inside the game).
    #[arg(short = 'o', long = "output", value_name = "FOLDER")]
    output: PathBuf,
}

#[derive(Debug, clap::Args)]
struct FolderArgs {
    /// The game folder `referee start` made.
    folder: PathBuf,
}

#[derive(Debug, clap::Args)]
struct ReceiveArgs {
    /// The game folder `referee start` made.
    folder: PathBuf,
    /// The players' files: saves or logs (`.vsav`, `.vlog`) holding the phase's Delayed
    /// notes, or orders files.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// The power that sent the files: orders of any other power in them are refused.
    #[arg(long, value_name = "POWER")]
    from: Option<String>,
    /// When they arrived (RFC 3339) [default: now].
    #[arg(long, value_name = "TIME", value_parser = moment)]
    at: Option<OffsetDateTime>,
}

#[derive(Debug, clap::Args)]
struct RunArgs {
    /// The game folder `referee start` made.
    folder: PathBuf,
    /// Adjudicate before the deadline although some power's orders are missing (its units
    /// hold).
    #[arg(long)]
    now: bool,
    /// Take orders that came after the deadline (by default the power's orders on time
    /// count, or it holds).
    #[arg(long)]
    accept_late: bool,
    /// The time of the run, compared with the deadline (RFC 3339) [default: now].
    #[arg(long, value_name = "TIME", value_parser = moment)]
    at: Option<OffsetDateTime>,
    /// When the next phase's orders are due (RFC 3339).
    #[arg(long, value_name = "TIME", value_parser = moment)]
    deadline: Option<OffsetDateTime>,
}

/// A moment as RFC 3339 writes it (`2026-12-01T18:00:00Z`, `2026-12-01T19:00:00+01:00`).
fn moment(text: &str) -> Result<OffsetDateTime, String> {
    OffsetDateTime::parse(text, &Rfc3339).map_err(|e| {
        format!("`{text}` is not a time as RFC 3339 writes it (2026-12-01T18:00:00Z): {e}")
    })
}

/// A moment written as the folder keeps it: RFC 3339, in UTC, to the second.
fn written(at: OffsetDateTime) -> String {
    let utc = at
        .to_offset(time::UtcOffset::UTC)
        .replace_nanosecond(0)
        .unwrap_or(at);
    utc.format(&Rfc3339).unwrap_or_default()
}

/// Now, or the time given.
fn now_or(at: Option<OffsetDateTime>) -> OffsetDateTime {
    at.unwrap_or_else(OffsetDateTime::now_utc)
}

/// What `start` reports.
#[derive(Serialize)]
struct Started {
    folder: String,
    game: String,
    phase: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    deadline: Option<String>,
    /// The referee's save, to keep.
    referee: String,
    /// Every other reader's save, to send.
    saves: Vec<String>,
}

fn start(a: StartArgs, format: Format) -> Result<ExitCode, Failure> {
    let g = game_for(&a.game, &a.options, super::Needs::NoScenario, format)?;
    let board = ProvinceBoard::first(&g).ok_or_else(|| no_board(&g))?;
    if a.output.exists()
        && (!a.output.is_dir()
            || std::fs::read_dir(&a.output).is_ok_and(|mut d| d.next().is_some()))
    {
        return Err(format!(
            "{} already exists: give a new folder (a game's folder is made by `referee \
             start` once)",
            a.output.display()
        )
        .into());
    }
    if crate::load::reads(&a.game, &a.output.join(STATE)) {
        return Err(format!(
            "refusing to make the game folder {} inside the game directory {}: every \
             `*.toml` there is read as a file of the game; make it outside (-o ../{})",
            a.output.display(),
            a.game.display(),
            a.output
                .file_name()
                .map_or("referee".into(), |n| n.to_string_lossy())
        )
        .into());
    }
    let (position, _, save) = from_save_file(&board, &a.save, a.module.as_deref())?;
    let name = phase_name(&g, position.turn, position.phase);
    let folder = phase_folder(1, &name);
    let mut files = Vec::new();
    let mut saves = Vec::new();
    let mut kept = String::new();
    for audience in readers(&g) {
        let who = reader_name(&audience);
        let file = format!("{folder}/{who}.vsav");
        let (bytes, _) = reader_save(
            &board,
            &save,
            &save.state,
            &position,
            &audience,
            &a.output.join(&file),
        )?;
        files.push((file.clone(), bytes));
        let path = a.output.join(&file).display().to_string();
        if audience == Audience::Referee {
            kept = path;
        } else {
            saves.push(path);
        }
    }
    let state = State {
        game: absolute(&a.game)?,
        module: a.module.as_deref().map(absolute).transpose()?,
        phases: vec![PhaseRecord {
            folder,
            name: name.clone(),
            deadline: a.deadline.map(written),
            received: Vec::new(),
            adjudicated: None,
        }],
    };
    files.push((STATE.to_string(), state_text(&state)?.into_bytes()));
    new_folder(&a.output, &files)?;
    let started = Started {
        folder: a.output.display().to_string(),
        game: g.id.clone(),
        phase: name,
        deadline: a.deadline.map(written),
        referee: kept,
        saves,
    };
    match format {
        Format::Json => super::emit(&json(&started)?),
        Format::Text => {
            let mut text = format!(
                "Started {} in {}: {}{}.\nKeep {} (it holds everything); send each player \
                 their own save, and the public one to observers:\n",
                g.title,
                started.folder,
                started.phase,
                started
                    .deadline
                    .as_ref()
                    .map_or(String::new(), |d| format!(", orders due {d}")),
                started.referee,
            );
            for s in &started.saves {
                text.push_str(&format!("  {s}\n"));
            }
            super::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn no_board(g: &Game) -> Failure {
    format!(
        "`{}` has no province board (a map whose areas give army and fleet moves): the \
         referee's folder is for games of written orders",
        g.id
    )
    .into()
}

pub(super) fn run(a: Args) -> Result<ExitCode, Failure> {
    let format = a.format;
    match a.step {
        Step::Start(s) => start(s, format),
        Step::Receive(r) => receive(r, format),
        Step::Status(s) => status(s, format),
        Step::Run(r) => run_phase(r, format),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_folder_is_numbered_and_named_in_lower_case() {
        assert_eq!(
            phase_folder(1, "July 1914 — Movement"),
            "01-july-1914-movement"
        );
        assert_eq!(
            phase_folder(12, "Winter 1939 — Adjustments"),
            "12-winter-1939-adjustments"
        );
    }

    #[test]
    fn moments_are_kept_in_utc_to_the_second() {
        let m = moment("2026-12-01T19:00:00.5+01:00").expect("a moment");
        assert_eq!(written(m), "2026-12-01T18:00:00Z");
        assert!(moment("tomorrow").is_err());
        assert!(moment("2026-12-01").is_err());
    }

    #[test]
    fn the_state_reads_back_as_written() {
        let state = State {
            game: "/games/gw2".into(),
            module: None,
            phases: vec![PhaseRecord {
                folder: "01-july-1914-movement".into(),
                name: "July 1914 — Movement".into(),
                deadline: Some("2026-12-01T18:00:00Z".into()),
                received: vec![Received {
                    power: "austria".into(),
                    orders: "orders/austria.txt".into(),
                    file: "orders/received/01-alice.vsav".into(),
                    from: "alice.vsav".into(),
                    at: "2026-11-30T10:00:00Z".into(),
                    late: false,
                }],
                adjudicated: None,
            }],
        };
        let text = state_text(&state).expect("written");
        let back: State = toml::from_str(&text).expect("reads back");
        assert_eq!(state_text(&back).expect("written"), text);
        assert!(text.starts_with("# The referee's state"));
    }
}

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

/// The folder's state file.
const STATE: &str = "referee.toml";

/// What `referee.toml` keeps.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct State {
    /// The game directory (absolute).
    game: PathBuf,
    /// The module the players play with (absolute), when one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    module: Option<PathBuf>,
    /// Every phase opened, the current one last.
    #[serde(rename = "phase")]
    phases: Vec<PhaseRecord>,
}

/// One phase of the game as the referee keeps it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PhaseRecord {
    /// Its folder in the game folder.
    folder: String,
    /// Its name on the turn tracker (`July 1914 — Movement`).
    name: String,
    /// When its orders are due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deadline: Option<String>,
    /// The orders received, in the order they came.
    #[serde(default, rename = "received")]
    received: Vec<Received>,
    /// Set once the phase is adjudicated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    adjudicated: Option<Adjudicated>,
}

/// One power's orders as received.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Received {
    /// The power (side id).
    power: String,
    /// Its orders as read, in the phase's folder (`orders/austria.txt`).
    orders: String,
    /// The file the player sent, kept in the phase's folder (`orders/received/…`).
    file: String,
    /// The name it came under.
    from: String,
    /// When it arrived.
    at: String,
    /// Whether it came after the deadline.
    #[serde(default)]
    late: bool,
}

/// What the run of a phase did.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Adjudicated {
    /// When.
    at: String,
    /// The powers whose orders were adjudicated.
    orders: Vec<String>,
    /// The powers with units to order and no orders: their units held.
    #[serde(default)]
    missing: Vec<String>,
    /// The powers whose late orders were left out.
    #[serde(default)]
    late_left_out: Vec<String>,
    /// The folder of the next phase, with every reader's save and report.
    next: String,
}

/// A game folder read: its place, its state, the game and its province board's phase.
struct Folder {
    dir: PathBuf,
    state: State,
}

impl Folder {
    fn read(dir: &Path) -> Result<Self, Failure> {
        let path = dir.join(STATE);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            format!(
                "{}: {e}; give the folder `sandtable referee start` made",
                path.display()
            )
        })?;
        let state: State = toml::from_str(&text)
            .map_err(|e| format!("{}: not a referee's state: {e}", path.display()))?;
        if state.phases.is_empty() {
            return Err(format!("{}: no phase", path.display()).into());
        }
        Ok(Self {
            dir: dir.to_path_buf(),
            state,
        })
    }

    /// The phase under way.
    fn current(&self) -> &PhaseRecord {
        self.state.phases.last().expect("a folder has a phase")
    }

    fn current_mut(&mut self) -> &mut PhaseRecord {
        self.state.phases.last_mut().expect("a folder has a phase")
    }

    /// The current phase's folder.
    fn phase_dir(&self) -> PathBuf {
        self.dir.join(&self.current().folder)
    }

    /// The game, checked.
    fn game(&self, format: Format) -> Result<Game, Failure> {
        game_for(
            &self.state.game,
            &OptionArgs::default(),
            super::Needs::NoScenario,
            format,
        )
    }

    fn write(&self) -> Result<(), String> {
        write_atomic(&self.dir.join(STATE), state_text(&self.state)?.as_bytes())
    }
}

/// `referee.toml`'s text: a comment saying what it is, then the state.
fn state_text(state: &State) -> Result<String, String> {
    let body = toml::to_string_pretty(state)
        .map_err(|e| format!("the referee's state cannot be written: {e}"))?;
    Ok(format!(
        "# The referee's state of a game, kept by `sandtable referee` (receive, run); \
         read it, do not edit it.\n\n{body}"
    ))
}

/// A phase's folder name: its number and its name in lower case, words joined by `-`.
fn phase_folder(number: usize, name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    format!("{number:02}-{}", slug.trim_end_matches('-'))
}

/// The name of a phase, as the turn tracker writes it.
fn phase_name(g: &Game, turn: TurnId, phase: PhaseId) -> String {
    phase_label(g, turn, phase).unwrap_or_else(|| {
        format!(
            "{} — {}",
            g.turns.get(turn).map_or("?", |t| t.name.as_str()),
            g.phases.get(phase).map_or("?", |p| p.name.as_str())
        )
    })
}

/// The path as the folder keeps it: absolute.
fn absolute(path: &Path) -> Result<PathBuf, String> {
    path.canonicalize()
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Files written as a new folder: made under a temporary name beside it and renamed into
/// place, so a failure leaves nothing.
fn new_folder(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), String> {
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    let tmp = tempfile::Builder::new()
        .prefix(".referee-")
        .tempdir_in(parent)
        .map_err(|e| format!("{}: {e}", parent.display()))?;
    for (name, bytes) in files {
        let path = tmp.path().join(name);
        if let Some(p) = path.parent() {
            std::fs::create_dir_all(p).map_err(|e| format!("{}: {e}", p.display()))?;
        }
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if dir.is_dir() {
        // Empty (checked before): replaced.
        std::fs::remove_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let tmp = tmp.keep();
    std::fs::rename(&tmp, dir).map_err(|e| {
        let _ = std::fs::remove_dir_all(&tmp);
        format!("{}: {e}", dir.display())
    })
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

/// The phase under way: its board, the referee's save read and its position.
struct Phase<'g> {
    board: ProvinceBoard<'g>,
    position: Position,
    save: super::positions::LoadedSave,
    /// The module name the referee's save carries.
    module: Option<String>,
}

fn phase<'g>(folder: &Folder, g: &'g Game) -> Result<Phase<'g>, Failure> {
    let board = ProvinceBoard::first(g).ok_or_else(|| no_board(g))?;
    let path = folder.phase_dir().join("referee.vsav");
    let (position, _, save) = from_save_file(&board, &path, folder.state.module.as_deref())?;
    let module = save.file.module_metadata().and_then(|m| m.name);
    Ok(Phase {
        board,
        position,
        save,
        module,
    })
}

/// Each power's orders in a file (side id → orders text headed by the power's name), read
/// and checked as `adjudicate` reads them.
fn orders_in(
    phase: &Phase,
    file: &Path,
    sources: &mut SourceMap,
) -> Result<BTreeMap<String, String>, Failure> {
    let g = phase.board.game;
    let (written, heard) = orders(
        &phase.board,
        &[file.to_path_buf()],
        (phase.position.turn, phase.position.phase),
        phase.module.as_deref(),
        sources,
        "nothing received",
    )?;
    let mut by_power: BTreeMap<String, Vec<&Written>> =
        heard.iter().map(|p| (p.clone(), Vec::new())).collect();
    for w in &written {
        let power = w.power.clone().or_else(|| match &w.entry {
            Entry::Order(o) => o.power.clone(),
            _ => None,
        });
        if let Some(p) = power {
            by_power.entry(p).or_default().push(w);
        }
    }
    let mut out = BTreeMap::new();
    for (power, orders) in by_power {
        let Some(side) = g.sides.iter().find(|s| s.id == power) else {
            continue;
        };
        let mut text = format!("{}:\n", side.name);
        for w in orders {
            text.push_str(&w.text);
            text.push('\n');
        }
        out.insert(power, text);
    }
    Ok(out)
}

/// What `receive` reports.
#[derive(Serialize)]
struct ReceivedReport {
    phase: String,
    /// Each power's orders taken now.
    received: Vec<Received>,
    /// Whose orders are in, whose are late and whose are missing now.
    status: Standing,
}

/// Whose orders are in for the phase under way.
#[derive(Serialize)]
struct Standing {
    phase: String,
    /// The phase's folder in the game folder, with the saves to send.
    folder: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    deadline: Option<String>,
    /// Powers whose orders are in on time.
    #[serde(rename = "in")]
    on_time: Vec<String>,
    /// Powers whose only orders came after the deadline.
    late: Vec<String>,
    /// Powers with units to order and no orders yet.
    missing: Vec<String>,
}

fn standing(folder: &Folder, phase: &Phase, g: &Game) -> Standing {
    let current = folder.current();
    let on_time: BTreeSet<String> = current
        .received
        .iter()
        .filter(|r| !r.late)
        .map(|r| r.power.clone())
        .collect();
    let late: BTreeSet<String> = current
        .received
        .iter()
        .filter(|r| r.late && !on_time.contains(&r.power))
        .map(|r| r.power.clone())
        .collect();
    let missing = missing_powers(g, &phase.position, &on_time)
        .into_iter()
        .map(|s| g.sides[s].id.clone())
        .filter(|p| !late.contains(p))
        .collect();
    Standing {
        phase: current.name.clone(),
        folder: current.folder.clone(),
        deadline: current.deadline.clone(),
        on_time: on_time.into_iter().collect(),
        late: late.into_iter().collect(),
        missing,
    }
}

/// The text lines of a standing.
fn standing_text(g: &Game, s: &Standing) -> String {
    let names = |ids: &[String]| -> String {
        if ids.is_empty() {
            return "none".into();
        }
        ids.iter()
            .map(|id| {
                g.sides
                    .iter()
                    .find(|s| &s.id == id)
                    .map_or(id.clone(), |s| s.name.clone())
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = format!(
        "{}{}\n  orders in: {}\n",
        s.phase,
        s.deadline
            .as_ref()
            .map_or(String::new(), |d| format!(" (orders due {d})")),
        names(&s.on_time)
    );
    if !s.late.is_empty() {
        text.push_str(&format!("  late: {}\n", names(&s.late)));
    }
    text.push_str(&format!("  missing: {}\n", names(&s.missing)));
    text
}

fn receive(a: ReceiveArgs, format: Format) -> Result<ExitCode, Failure> {
    let mut folder = Folder::read(&a.folder)?;
    let g = folder.game(format)?;
    let phase = phase(&folder, &g)?;
    let from = match &a.from {
        Some(who) => Some(power_of(&g, who).ok_or_else(|| {
            let powers: Vec<&str> = g.sides.iter().map(|s| s.id.as_str()).collect();
            format!(
                "--from {who}: not a power of `{}`; write one of {}",
                g.id,
                powers.join(", ")
            )
        })?),
        None => None,
    };
    let at = now_or(a.at);
    let late = folder
        .current()
        .deadline
        .as_deref()
        .and_then(|d| OffsetDateTime::parse(d, &Rfc3339).ok())
        .is_some_and(|d| at > d);
    // Every file read and checked before anything is kept.
    let mut sources = SourceMap::default();
    let mut taken: Vec<(PathBuf, BTreeMap<String, String>)> = Vec::new();
    let mut refused = Vec::new();
    for file in &a.files {
        let found = match orders_in(&phase, file, &mut sources) {
            Ok(found) => found,
            Err(failure) => {
                failure.report(format);
                refused.push(file.display().to_string());
                continue;
            }
        };
        if found.is_empty() {
            refused.push(file.display().to_string());
            eprintln!(
                "error: {} holds no orders for {}: a save must hold the phase's Delayed \
                 notes (`{} — Austria`), an orders file a power's heading (`Austria:`)",
                file.display(),
                folder.current().name,
                folder.current().name
            );
            continue;
        }
        if let Some(sender) = &from {
            let others: Vec<&str> = found
                .keys()
                .filter(|p| *p != sender)
                .map(String::as_str)
                .collect();
            if !others.is_empty() {
                refused.push(file.display().to_string());
                eprintln!(
                    "error: {} gives the orders of {} but was sent by {sender}: a power sends \
                     its own orders only",
                    file.display(),
                    others.join(", ")
                );
                continue;
            }
        }
        taken.push((file.clone(), found));
    }
    if !refused.is_empty() {
        return Err(format!(
            "{} of {} file{} refused ({}); nothing received",
            refused.len(),
            a.files.len(),
            if a.files.len() == 1 { "" } else { "s" },
            refused.join(", ")
        )
        .into());
    }
    // Kept: each file as sent, each power's orders as read; the state last.
    let dir = folder.phase_dir();
    let mut received = Vec::new();
    for (file, found) in &taken {
        let name = file
            .file_name()
            .map_or("orders".into(), |n| n.to_string_lossy().to_string());
        let serial = folder.current().received.len() + received.len() + 1;
        let kept = format!("orders/received/{serial:02}-{name}");
        let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        write_atomic(&dir.join(&kept), &bytes)?;
        for (power, text) in found {
            let orders = if late {
                format!("orders/{power}.late.txt")
            } else {
                format!("orders/{power}.txt")
            };
            write_atomic(&dir.join(&orders), text.as_bytes())?;
            received.push(Received {
                power: power.clone(),
                orders,
                file: kept.clone(),
                from: file.display().to_string(),
                at: written(at),
                late,
            });
        }
    }
    folder.current_mut().received.extend(received.clone());
    folder.write()?;
    let report = ReceivedReport {
        phase: folder.current().name.clone(),
        received,
        status: standing(&folder, &phase, &g),
    };
    match format {
        Format::Json => super::emit(&json(&report)?),
        Format::Text => {
            let mut text = String::new();
            for r in &report.received {
                text.push_str(&format!(
                    "Received {}'s orders from {} at {}{}\n",
                    side_name(&g, &r.power),
                    r.from,
                    r.at,
                    if r.late {
                        " — late, after the deadline"
                    } else {
                        ""
                    }
                ));
            }
            text.push_str(&standing_text(&g, &report.status));
            super::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn side_name(g: &Game, id: &str) -> String {
    g.sides
        .iter()
        .find(|s| s.id == id)
        .map_or(id.to_string(), |s| s.name.clone())
}

/// What `status` reports.
#[derive(Serialize)]
struct StatusReport {
    game: String,
    folder: String,
    status: Standing,
    /// Every phase adjudicated, oldest first: its name and what the run did.
    history: Vec<History>,
}

#[derive(Serialize)]
struct History {
    phase: String,
    #[serde(flatten)]
    adjudicated: Adjudicated,
}

fn status(a: FolderArgs, format: Format) -> Result<ExitCode, Failure> {
    let folder = Folder::read(&a.folder)?;
    let g = folder.game(format)?;
    let phase = phase(&folder, &g)?;
    let report = StatusReport {
        game: g.id.clone(),
        folder: folder.dir.display().to_string(),
        status: standing(&folder, &phase, &g),
        history: folder
            .state
            .phases
            .iter()
            .filter_map(|p| {
                p.adjudicated.clone().map(|adjudicated| History {
                    phase: p.name.clone(),
                    adjudicated,
                })
            })
            .collect(),
    };
    match format {
        Format::Json => super::emit(&json(&report)?),
        Format::Text => {
            let mut text = format!("{} ({}): ", g.title, report.folder);
            text.push_str(&standing_text(&g, &report.status));
            if !report.history.is_empty() {
                text.push_str("Adjudicated:\n");
            }
            for h in &report.history {
                text.push_str(&format!(
                    "  {} at {}: reports and saves in {}{}\n",
                    h.phase,
                    h.adjudicated.at,
                    h.adjudicated.next,
                    if h.adjudicated.missing.is_empty() {
                        String::new()
                    } else {
                        format!(
                            "; no orders from {}",
                            h.adjudicated
                                .missing
                                .iter()
                                .map(|p| side_name(&g, p))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                ));
            }
            super::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What `run` reports.
#[derive(Serialize)]
struct RunReport<'a> {
    phase: String,
    adjudicated: &'a Adjudicated,
    adjudication: &'a adjudicate::Adjudication,
}

fn run_phase(a: RunArgs, format: Format) -> Result<ExitCode, Failure> {
    let mut folder = Folder::read(&a.folder)?;
    let g = folder.game(format)?;
    let phase = phase(&folder, &g)?;
    let at = now_or(a.at);
    let current = folder.current().clone();
    let deadline = current
        .deadline
        .as_deref()
        .and_then(|d| OffsetDateTime::parse(d, &Rfc3339).ok());
    let passed = deadline.is_some_and(|d| at >= d);
    // Each power's orders: its last on time, or (with --accept-late) its last.
    let mut chosen: BTreeMap<&str, &Received> = BTreeMap::new();
    for r in &current.received {
        if !r.late || a.accept_late {
            chosen.insert(&r.power, r);
        }
    }
    let late_left_out: Vec<String> = current
        .received
        .iter()
        .filter(|r| r.late && !a.accept_late)
        .map(|r| r.power.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let dir = folder.phase_dir();
    let files: Vec<PathBuf> = chosen.values().map(|r| dir.join(&r.orders)).collect();
    let mut sources = SourceMap::default();
    let (written_orders, heard) = orders(
        &phase.board,
        &files,
        (phase.position.turn, phase.position.phase),
        phase.module.as_deref(),
        &mut sources,
        "nothing adjudicated",
    )?;
    let missing: Vec<String> = missing_powers(&g, &phase.position, &heard)
        .into_iter()
        .map(|s| g.sides[s].id.clone())
        .collect();
    if !missing.is_empty() && !passed && !a.now {
        let names: Vec<String> = missing.iter().map(|p| side_name(&g, p)).collect();
        return Err(format!(
            "waiting for orders from {}{}; nothing adjudicated (`referee run --now` \
             adjudicates now, their units holding{})",
            names.join(", "),
            current
                .deadline
                .as_ref()
                .map_or(String::new(), |d| format!(" (due {d})")),
            if late_left_out.is_empty() {
                String::new()
            } else {
                "; `--accept-late` takes the late orders".into()
            }
        )
        .into());
    }
    let full = adjudicate::adjudicate(&phase.board, &phase.position, &written_orders)
        .map_err(|e| e.to_string())?;
    let Some(next) = &full.next_position else {
        return Err(
            "the calendar ends after this phase: there is no next phase to open"
                .to_string()
                .into(),
        );
    };
    let name = phase_name(&g, next.turn, next.phase);
    let next_folder = phase_folder(folder.state.phases.len() + 1, &name);
    let mut notes = Vec::new();
    if !missing.is_empty() {
        notes.push(format!(
            "No orders from {}: {} units held.",
            missing
                .iter()
                .map(|p| side_name(&g, p))
                .collect::<Vec<_>>()
                .join(", "),
            if missing.len() == 1 { "its" } else { "their" }
        ));
    }
    if !late_left_out.is_empty() {
        notes.push(format!(
            "Orders from {} came after the deadline and were not taken.",
            late_left_out
                .iter()
                .map(|p| side_name(&g, p))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let applied = views_into(
        &phase.board,
        &full,
        &phase.save,
        folder.state.module.as_deref(),
        &inputs,
        &folder.dir.join(&next_folder),
        &notes,
    )?;
    let record = Adjudicated {
        at: written(at),
        orders: chosen.keys().map(|p| p.to_string()).collect(),
        missing,
        late_left_out,
        next: next_folder.clone(),
    };
    folder.current_mut().adjudicated = Some(record.clone());
    folder.state.phases.push(PhaseRecord {
        folder: next_folder,
        name,
        deadline: a.deadline.map(written),
        received: Vec::new(),
        adjudicated: None,
    });
    folder.write()?;
    let referee = full.seen_by(&Audience::Referee);
    match format {
        Format::Json => super::emit(&json(&RunReport {
            phase: current.name.clone(),
            adjudicated: &record,
            adjudication: &referee,
        })?),
        Format::Text => {
            let mut text = String::new();
            for n in &notes {
                text.push_str(n);
                text.push('\n');
            }
            text.push_str(&adjudicate::render(&g, &referee));
            text.push('\n');
            for ap in &applied {
                text.push_str(&ap.line());
            }
            text.push_str(&format!(
                "Next: {}{}; send each player their save from {}\n",
                folder.current().name,
                folder
                    .current()
                    .deadline
                    .as_ref()
                    .map_or(String::new(), |d| format!(", orders due {d}")),
                folder.phase_dir().display()
            ));
            super::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
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

//! `sandtable adjudicate DIR (--position FILE | --save FILE.vsav | --scenario ID) --orders
//! FILE… [--module FILE.vmod] [--for WHO] [--format json] [--apply -o NEXT | --views
//! DIR]`: resolve one phase of a game on a province board (movement, retreat or adjustment,
//! as the position and the calendar say) and report every order's outcome and why,
//! dislodgements with their retreat options, standoffs, builds and disbands, centres
//! changing hands and the next position; with `--apply`, write the next position as `--for`
//! may see it, as a position file (`.toml`) or, from a save, as a save (`.vsav`) written
//! fresh; with `--views`, every reader's save and report (`diplomacy::views`).
//!
//! This file reads the phase and its orders and reports; what `--apply` and `--views` write,
//! and reading it back, is in `writing.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use super::positions::{self, json, write_atomic};
use super::{game_for, Failure, Format, GameDir};
use crate::diag::source::{FileId, SourceMap};
use crate::diag::suggest::did_you_mean;
use crate::diag::Diagnostics;
use crate::diplomacy::adjudicate::{self, Adjudication, Audience};
use crate::diplomacy::board::ProvinceBoard;
use crate::diplomacy::order_notes;
use crate::diplomacy::orders_file::{self, Written};
use crate::diplomacy::position::{self, power_of, Adapted, Position};
use crate::diplomacy::save;
use crate::diplomacy::views::{self, Withheld};
use crate::helpers::savegame;
use crate::model::{CounterId, Game, OrderPhase, PhaseId, TurnId};
use crate::vassal::archive::{Archive, ZipTimestamp};
use crate::vassal::buildfile::parse_buildfile_str;
use crate::vassal::save::{SaveGame, SavedPiece};

mod writing;

use writing::{apply, audience};
pub(super) use writing::{reader_name, reader_save, readers, views_into};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Plays one phase of a game of written orders (Diplomacy and its variants): resolves the
movement, retreat or adjustment phase the position is at, by the rules, with every order's
outcome and why, the dislodged units with their retreat options, standoffs, builds and
disbands, the centres changing hands and the next position.

The position is a save of the game's module (`--save`), a scenario's set-up (`--scenario`) or
a position file (`--position`). The orders come from orders files, or from the players' saves
(each power's last Delayed note named for the phase). `--apply` writes the next position as a
position file or, from a save, as a save. `--for` says who reads the report and the file
written: `public`, a power, or `referee` (everything). `--views DIR` writes every reader's
save and report at once, each holding only what its reader may see.

The book's guide "Games of written orders" gives the position and orders formats.

Examples:
  sandtable adjudicate modules/diplomacy --scenario 1901 --orders spring.txt
  sandtable adjudicate modules/diplomacy --save 1901.vsav --orders spring.txt --apply -o spring.vsav
  sandtable adjudicate modules/diplomacy --position autumn.toml --orders a.txt --apply -o ../winter.toml
  sandtable adjudicate modules/guerilla-warfare-ii --save referee.vsav --orders july.txt --views august-1914

Exit codes:
- `0`: adjudicated (and written).
- `1`: the position or an orders file has errors (nothing is adjudicated), a power's orders
  are missing with `--views`, or a file cannot be written.
- `2`: a usage error.

JSON:
`{"source", "adjudication": {"turn", "phase", "orders": [{"power", "order", "outcome",
"reason"}], "unused", "dislodged", "standoffs", "adjustments", "centres_changed", "next"}}`."#;

/// Arguments of `adjudicate`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("start").required(true).args(["position", "save", "scenario"]))]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// A position file (TOML: turn, phase, each power's units and centres; the designer's
    /// book, "Games of written orders").
    #[arg(long, value_name = "FILE")]
    position: Option<PathBuf>,
    /// A saved game (.vsav) of the module `sandtable build` made of DIR.
    #[arg(long, value_name = "FILE.vsav")]
    save: Option<PathBuf>,
    /// A scenario id: its set-up, at its first turn's first phase.
    #[arg(long, value_name = "ID")]
    scenario: Option<String>,
    /// The module the save was played with, whose grids name the locations [default: the
    /// grids `sandtable build` gives DIR].
    #[arg(long, value_name = "FILE.vmod", requires = "save")]
    module: Option<PathBuf>,
    /// Orders files: one order per line, `#` comments, `England:` headings or `ENG:`
    /// prefixes; or a player's own save or log (`.vsav`, `.vlog`) holding the Delayed notes
    /// of the phase, as the module's help tells players to write them; repeatable (a
    /// power's orders may be in its own file).
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    orders: Vec<PathBuf>,
    /// Write the next position to -o, as --for may see it: a position file (`.toml`), or a
    /// save (`.vsav`, with --save) holding the position, not the moves that led to it.
    #[arg(long, requires = "output")]
    apply: bool,
    /// Where --apply writes (never the file read).
    #[arg(short = 'o', long = "output", value_name = "NEXT", requires = "apply")]
    output: Option<PathBuf>,
    /// Write every reader's save of the next position and its report into DIR (with
    /// --save): `referee.vsav` (everything: the save to adjudicate next), `public.vsav`
    /// and one `<power>.vsav` per power, each holding only what its reader may see, and
    /// `<reader>.txt`, the report as that reader may read it.
    #[arg(long, value_name = "DIR", requires = "save", conflicts_with_all = ["apply", "output"])]
    views: Option<PathBuf>,
    /// Who the report (and the file --apply writes) is for: `public` (what every player
    /// sees), a power (that, and its own hidden parts and notes), or `referee` (everything).
    #[arg(long = "for", value_name = "WHO", default_value = "referee")]
    audience: String,
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

/// What was written by --apply (or, one reader's, by --views).
#[derive(Debug, Serialize)]
pub(super) struct Applied {
    output: String,
    /// Who the file is for.
    reader: String,
    /// The pieces changed, those the file holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    save: Option<save::DiplomacyEdit>,
    /// What the referee's save holds and this one leaves out.
    #[serde(skip_serializing_if = "Option::is_none")]
    withheld: Option<Withheld>,
}

impl Applied {
    /// `Wrote FILE: …`, the line the text report ends with.
    pub(super) fn line(&self) -> String {
        let mut text = format!("Wrote {}", self.output);
        if let Some(s) = &self.save {
            text.push_str(&format!(
                ": {} piece{} moved, {} removed, {} added; {} control marker{} changed",
                s.moved.len(),
                if s.moved.len() == 1 { "" } else { "s" },
                s.removed.len(),
                s.added.len(),
                s.markers.len(),
                if s.markers.len() == 1 { "" } else { "s" },
            ));
        }
        if let Some(w) = &self.withheld {
            text.push_str(&format!(
                "; left out, not {}'s to see: {} hidden piece{}, {} unrevealed note{}, {} \
                 private note{}, {} roster entr{}, the writer of {} revealed note{}",
                if self.reader == "public" {
                    "the public"
                } else {
                    self.reader.as_str()
                },
                w.pieces,
                if w.pieces == 1 { "" } else { "s" },
                w.unrevealed_notes,
                if w.unrevealed_notes == 1 { "" } else { "s" },
                w.private_notes,
                if w.private_notes == 1 { "" } else { "s" },
                w.players,
                if w.players == 1 { "y" } else { "ies" },
                w.note_writers,
                if w.note_writers == 1 { "" } else { "s" },
            ));
        }
        text.push('\n');
        text
    }
}

#[derive(Serialize)]
struct Report<'a> {
    /// Where the position came from.
    source: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    save: Option<positions::SaveSummary<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
    adjudication: &'a Adjudication,
    #[serde(skip_serializing_if = "Option::is_none")]
    applied: Option<&'a Applied>,
    /// With --views: every reader's save and report written.
    #[serde(skip_serializing_if = "<[Applied]>::is_empty")]
    views: &'a [Applied],
}

/// The position from a position file, a scenario or a save.
fn start(
    board: &ProvinceBoard,
    a: &Args,
    sources: &mut SourceMap,
) -> Result<(Position, Adapted, Option<positions::LoadedSave>), Failure> {
    let g = board.game;
    if let Some(path) = &a.position {
        return Ok((
            read_position(board, path, sources)?,
            Adapted::default(),
            None,
        ));
    }
    if let Some(id) = &a.scenario {
        let p = positions::scenario_positions(g, id)?;
        let (p, adapted) = position::from_positions(board, &p, None, None);
        return Ok((p, adapted, None));
    }
    let path = a
        .save
        .as_deref()
        .ok_or_else(|| "give --position, --save or --scenario".to_string())?;
    let (p, adapted, save) = from_save_file(board, path, a.module.as_deref())?;
    Ok((p, adapted, Some(save)))
}

/// A position file (`--position`), read and resolved on the board; its problems located.
pub(super) fn read_position(
    board: &ProvinceBoard,
    path: &Path,
    sources: &mut SourceMap,
) -> Result<Position, Failure> {
    let g = board.game;
    let (id, parsed) = crate::load::position::read(path, sources).map_err(|e| e.to_string())?;
    let what = format!("`{}` is not a position of `{}`", path.display(), g.id);
    let file = match parsed {
        Ok(f) => f,
        Err(d) => {
            let mut diags = Diagnostics::default();
            diags.push(*d);
            return Err(Failure::diagnostics(what, diags, sources.clone()));
        }
    };
    let text = sources.text(id).to_string();
    position::resolve(board, id, &text, &file)
        .map_err(|diags| Failure::diagnostics(what, diags, sources.clone()))
}

/// The position of the referee's save at `path` (played with `module`, or the module
/// `sandtable build` makes of the game); a reader's save is refused.
pub(super) fn from_save_file(
    board: &ProvinceBoard,
    path: &Path,
    module: Option<&Path>,
) -> Result<(Position, Adapted, positions::LoadedSave), Failure> {
    let g = board.game;
    let save = positions::load_save(g, path, module, true)?;
    // A reader's save lacks what that reader may not see: adjudicated, the hidden parts
    // and notes left out of it would be lost from the game.
    if let Some(who) = views::reader_of(&save.state) {
        return Err(format!(
            "{}: this save was made for {who} (`adjudicate --views` or `--for {who} --apply`) \
             and lacks what {who} may not see; adjudicate the referee's save (referee.vsav); \
             nothing adjudicated",
            path.display()
        )
        .into());
    }
    let phase = save::phase_of(g, &save.state);
    let retreat = save::retreat_record(&save.state);
    let (p, adapted) = position::from_positions(board, &from_save(&save.adapted), phase, retreat);
    Ok((p, adapted, save))
}

/// A save's positions with the supply-centre owners its control markers show.
fn from_save(adapted: &savegame::SavePositions) -> crate::helpers::Positions {
    crate::helpers::Positions {
        owners: adapted.owners.clone(),
        ..adapted.positions.clone()
    }
}

/// Read every orders file, and the Delayed notes of the phase in every player's save;
/// all their mistakes at once.
pub(super) fn orders(
    board: &ProvinceBoard,
    files: &[PathBuf],
    phase: (TurnId, PhaseId),
    module: Option<&str>,
    sources: &mut SourceMap,
    refused: &str,
) -> Result<(Vec<Written>, BTreeSet<String>), Failure> {
    let mut all = Vec::new();
    let mut heard = BTreeSet::new();
    let mut diags = Diagnostics::default();
    let mut texts: Vec<(FileId, String)> = Vec::new();
    for path in files {
        if players_save(path) {
            let file = SaveGame::read(path).map_err(|e| e.to_string())?;
            let their_module = file.module_metadata().and_then(|m| m.name);
            let name = path.display().to_string();
            let found = order_notes::read(
                board.game,
                phase,
                &file.state(),
                &name,
                their_module.as_deref(),
                module,
            );
            for d in found.problems {
                diags.push(d);
            }
            for o in found.orders {
                let label = format!("{name}, note \u{201c}{}\u{201d}", o.note);
                let id = sources.add(label.clone(), o.text);
                texts.push((id, label));
            }
            continue;
        }
        let id = match crate::load::position::read_text(path, sources).map_err(|e| e.to_string())? {
            Ok(id) => id,
            Err(d) => {
                diags.push(*d);
                continue;
            }
        };
        texts.push((id, path.display().to_string()));
    }
    for (id, label) in texts {
        let (written, d) = orders_file::read(board.game, board, id, &label, sources.text(id));
        all.extend(written);
        heard.extend(orders_file::powers_heard(board.game, sources.text(id)));
        diags.extend(d);
    }
    if diags.has_errors() {
        return Err(Failure::diagnostics(
            format!(
                "{} order{} cannot be read; {refused}",
                diags.error_count(),
                if diags.error_count() == 1 { "" } else { "s" }
            ),
            diags,
            sources.clone(),
        ));
    }
    Ok((all, heard))
}

/// Whether an orders argument is a player's save or log rather than an orders file: by
/// its name (`.vsav`, `.vlog`, `.sav`), else by the ZIP archive it is.
pub(super) fn players_save(path: &Path) -> bool {
    let by_name = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["vsav", "vlog", "sav"]
            .iter()
            .any(|x| e.eq_ignore_ascii_case(x))
    });
    by_name || {
        let mut head = [0u8; 4];
        std::fs::File::open(path)
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
            .is_ok_and(|()| crate::vassal::save::looks_like_zip(&head))
    }
}

/// The powers whose orders the phase needs and no orders file speaks for: in a movement
/// phase each power with units or hidden parts, in a retreat phase each with a dislodged
/// unit (an adjustment phase's are not asked for: a power with nothing to adjust writes
/// nothing).
pub(super) fn missing_powers(
    g: &Game,
    position: &Position,
    heard: &BTreeSet<String>,
) -> Vec<crate::model::SideId> {
    let needed: BTreeSet<&str> = match position.orders(g) {
        Some(OrderPhase::Movement) => position
            .units
            .iter()
            .map(|u| u.power.as_str())
            .chain(position.fractions.iter().map(|f| f.power.as_str()))
            .collect(),
        Some(OrderPhase::Retreat) => position
            .dislodged
            .iter()
            .map(|d| d.unit.power.as_str())
            .collect(),
        _ => BTreeSet::new(),
    };
    // Neutral garrisons take no orders.
    (0..g.sides.len())
        .filter(|&s| {
            !g.is_neutral(s)
                && needed.contains(g.sides[s].id.as_str())
                && !heard.contains(&g.sides[s].id)
        })
        .collect()
}

pub(super) fn run(a: Args) -> Result<ExitCode, Failure> {
    // A position written among the game's files would be read as one of them the next time
    // anything reads the game (`invalid type … expected struct GameInfo`): the referee's
    // game would no longer load, nor would the next phase be adjudicated. Refused before
    // anything is computed; the game's definition and a game's play stay apart.
    if let Some(out) = a.output.as_deref().filter(|_| a.apply) {
        if crate::load::reads(&a.game.dir, out) {
            return Err(format!(
                "refusing to write {} into the game directory {}: every `*.toml` there is \
                 read as a file of the game, so the position would break it; write it \
                 outside (-o ../positions/{}) or into a hidden folder of the game (-o \
                 .positions/{})",
                out.display(),
                a.game.dir.display(),
                out.file_name()
                    .map_or("NEXT.toml".into(), |n| n.to_string_lossy()),
                out.file_name()
                    .map_or("NEXT.toml".into(), |n| n.to_string_lossy()),
            )
            .into());
        }
    }
    let needs = match &a.scenario {
        Some(id) => super::Needs::Scenario(id),
        None => super::Needs::NoScenario,
    };
    let g = game_for(&a.game.dir, &a.options, needs, a.format)?;
    let board = ProvinceBoard::first(&g).ok_or_else(|| {
        format!(
            "`{}` has no province board (a map whose areas give army and fleet moves): \
             adjudicate plays games of written orders",
            g.id
        )
    })?;
    let audience = audience(&g, &a.audience)?;
    let mut sources = SourceMap::default();
    let (position, adapted, save) = start(&board, &a, &mut sources)?;
    let module = save
        .as_ref()
        .and_then(|s| s.file.module_metadata())
        .and_then(|m| m.name);
    let (written, heard) = orders(
        &board,
        &a.orders,
        (position.turn, position.phase),
        module.as_deref(),
        &mut sources,
        "nothing adjudicated",
    )?;
    // The referee's phase for every reader waits for every power's orders.
    if a.views.is_some() {
        let missing: Vec<&str> = missing_powers(&g, &position, &heard)
            .into_iter()
            .map(|s| g.sides[s].name.as_str())
            .collect();
        if !missing.is_empty() {
            let files: Vec<String> = a.orders.iter().map(|f| f.display().to_string()).collect();
            return Err(format!(
                "no orders from {} in {}: with --views every power with units to order \
                 gives its orders; nothing adjudicated, nothing written (a power whose \
                 units all hold may send its heading alone: `{}:`)",
                missing.join(", "),
                files.join(", "),
                missing[0]
            )
            .into());
        }
    }
    let full = adjudicate::adjudicate(&board, &position, &written).map_err(|e| e.to_string())?;
    let adjudication = full.seen_by(&audience);
    let mut inputs: Vec<&Path> = a.orders.iter().map(PathBuf::as_path).collect();
    inputs.extend(a.position.as_deref());
    inputs.extend(a.save.as_deref());
    let applied = match (&a.output, a.apply) {
        (Some(out), true) => Some(apply(
            &board,
            &full,
            &audience,
            save.as_ref(),
            a.module.as_deref(),
            &inputs,
            out,
        )?),
        _ => None,
    };
    let views = match (&a.views, &save) {
        (Some(dir), Some(save)) => {
            views_into(&board, &full, save, a.module.as_deref(), &inputs, dir, &[])?
        }
        _ => Vec::new(),
    };
    let source = match (&a.position, &a.save, &a.scenario) {
        (Some(p), _, _) => format!("position {}", p.display()),
        (_, Some(s), _) => format!("save {}", s.display()),
        (_, _, Some(id)) => format!("scenario {id}"),
        _ => String::new(),
    };
    let report = Report {
        source,
        save: save.as_ref().map(|s| s.summary(a.module.as_deref())),
        notes: &adapted.notes,
        adjudication: &adjudication,
        applied: applied.as_ref(),
        views: &views,
    };
    match a.format {
        Format::Json => super::emit(&json(&report)?),
        Format::Text => {
            if let Some(s) = &save {
                eprint!("{}", s.warnings());
            }
            for n in &adapted.notes {
                eprintln!("note: {n}");
            }
            let mut text = adjudicate::render(board.game, &adjudication);
            if !views.is_empty() || applied.is_some() {
                text.push('\n');
            }
            for ap in applied.iter().chain(&views) {
                text.push_str(&ap.line());
            }
            super::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

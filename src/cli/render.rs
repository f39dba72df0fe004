//! `sandtable render DIR --what map|counters|sheet|displays|charts -o PATH [--watch]`: write
//! the art (again on every save of a game file with `--watch`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use std::path::Path;

use super::positions;
use super::{game_for, Format, GameDir};
use crate::diag::source::SourceMap;
use crate::diplomacy::board::ProvinceBoard;
use crate::diplomacy::position::{self, Position};
use crate::emit::art::canvas::Rgba;
use crate::emit::art::overlay::{Cell, Overlay, Ring, Tint};
use crate::emit::art::{self, Standing, What};
use crate::model::{Game, Location};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Draws the game's art as PNG, exactly as `build` puts it in the module: `map` (one file),
`sheet` (a printable counter sheet, one file), `counters`, `displays` and `charts` (a folder
of files each).

With `--scenario ID`, `--save FILE.vsav` or (on a province board) `--position FILE.toml`,
`--what map` draws the map with that position on it: each location's counters stacked as
VASSAL stacks them. On a province board each owned supply centre is tinted in its owner's
colour, dislodged units are ringed in red, and a legend below the map gives the turn and each
power's centres and units — a position file `adjudicate --apply` wrote, looked at before the next
orders.

With `--watch`, it renders again on every save of a game file (as `check --watch`) and
prints the files written each time. Ctrl-C stops it.

Examples:
  sandtable render modules/greek-civil-war --what map -o map.png
  sandtable render modules/great-patriotic-war --what sheet -o sheet.png
  sandtable render my-game --what counters -o counters/ --watch
  sandtable render modules/diplomacy --what map --position ../autumn-1901.toml -o autumn.png
  sandtable render modules/greek-civil-war --what map --scenario 1945 -o set-up.png

Exit codes:
- `0`: written.
- `1`: the game has errors, a position cannot be read, or a file cannot be written.
- `2`: a usage error (a position with `--what` other than `map`, `--position` on a game with
  no province board).

JSON:
`{"written": [paths]}`. With `--watch`, one line per run: `{"run": n, "written": […]}` or
`{"run": n, "error": …, "diagnostics": […]}`."#;

/// Arguments of `render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// What to draw: `map` (or `map:ID` when the game has several), `sheet` (one PNG each),
    /// `counters`, `displays` or `charts` (a folder receiving one PNG per picture).
    #[arg(long)]
    what: String,
    /// Output: a PNG file for `map` and `sheet`, a folder otherwise.
    #[arg(short, long)]
    out: PathBuf,
    /// Draw the map with a scenario's set-up on it (with `--what map`).
    #[arg(long, value_name = "ID", conflicts_with_all = ["save", "position"])]
    scenario: Option<String>,
    /// Draw the map with the pieces of a saved game (.vsav) of the module `sandtable build`
    /// made of DIR (with `--what map`).
    #[arg(long, value_name = "FILE.vsav", conflicts_with = "position")]
    save: Option<PathBuf>,
    /// The module the save was played with, whose grids name the locations [default: the
    /// grids `sandtable build` gives DIR].
    #[arg(long, value_name = "FILE.vmod", requires = "save")]
    module: Option<PathBuf>,
    /// Draw a province board with a position file of a game of written orders (what
    /// `adjudicate --apply` writes; with `--what map`).
    #[arg(long, value_name = "FILE.toml")]
    position: Option<PathBuf>,
    /// Keep watching DIR and render again on every save of a game file, printing the files
    /// written each time (with `--format json`, one JSON object per run on its own line).
    /// Stop with Ctrl-C.
    #[arg(long)]
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

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let what: What = a.what.parse().map_err(|e: art::ArtError| e.to_string())?;
    if !a.watch {
        let written = render_once(&a, what)?;
        report(&a, None, &written)?;
        return Ok(ExitCode::SUCCESS);
    }
    super::watch::watch(&a.game.dir, |run| {
        let done = render_once(&a, what.clone()).and_then(|w| report(&a, Some(run), &w));
        if let Err(failure) = done {
            match a.format {
                Format::Text => failure.report(Format::Text),
                Format::Json => super::emit(&super::watch::failure_json(run, &failure)),
            }
        }
    })
}

/// Draw what was asked; the files written.
fn render_once(a: &Args, what: What) -> Result<Vec<PathBuf>, super::Failure> {
    let needs = match &a.scenario {
        Some(id) => super::Needs::Scenario(id),
        None => super::Needs::NoScenario,
    };
    let game = game_for(&a.game.dir, &a.options, needs, a.format)?;
    let bar = indicatif::ProgressBar::hidden();
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        bar.set_style(
            indicatif::ProgressStyle::with_template("{msg:>12} [{bar:40}] {pos}/{len}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
    }
    let written = match standing(&game, a)? {
        Some(standing) => {
            let What::Map(name) = &what else {
                return Err(super::Failure::usage(
                    "render",
                    clap::error::ErrorKind::ArgumentConflict,
                    "`--scenario`, `--save` and `--position` draw a position on a map: give \
                     `--what map` (or `map:ID`)"
                        .into(),
                ));
            };
            art::render_position(&game, name.as_deref(), &standing, &a.out)
                .map_err(|e| e.to_string())?
        }
        None => art::render(&game, what, &a.out, &bar).map_err(|e| e.to_string())?,
    };
    bar.finish_and_clear();
    Ok(written)
}

/// The position `--scenario`, `--save` or `--position` names, as what to draw over the map;
/// None when none is given. On a province board every source is read as a position of
/// written orders (as `adjudicate` reads it): each owned centre tinted in its owner's colour,
/// dislodged units ringed, each power's centres and units in the legend.
fn standing(g: &Game, a: &Args) -> Result<Option<Standing>, super::Failure> {
    if a.scenario.is_none() && a.save.is_none() && a.position.is_none() {
        return Ok(None);
    }
    if let Some(board) = ProvinceBoard::first(g) {
        let position = if let Some(path) = &a.position {
            super::adjudicate::read_position(&board, path, &mut SourceMap::default())?
        } else if let Some(id) = &a.scenario {
            let placed = positions::scenario_positions(g, id)?;
            position::from_positions(&board, &placed, None, None).0
        } else {
            let path = a.save.as_deref().unwrap_or(Path::new(""));
            super::adjudicate::from_save_file(&board, path, a.module.as_deref())?.0
        };
        return Ok(Some(written_orders(&board, &position)));
    }
    if let Some(path) = &a.position {
        return Err(super::Failure::usage(
            "render",
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "`{}` would be a position of a game of written orders, but `{}` has no \
                 province board (a map whose areas give army and fleet moves): give \
                 --scenario or --save",
                path.display(),
                g.id
            ),
        ));
    }
    let source = positions::Source {
        scenario: a.scenario.clone(),
        save: a.save.clone(),
        module: a.module.clone(),
    };
    let loaded = positions::load(g, &source)?;
    let pieces = loaded
        .positions
        .units
        .iter()
        .filter(|u| !matches!(u.location, Location::Pool(_)))
        .map(|u| (u.counter, u.reduced, u.location))
        .collect();
    Ok(Some(Standing {
        pieces,
        marks: Overlay::default(),
    }))
}

/// A position of written orders drawn on its board: units, owners' tints, dislodged units
/// ringed, and a legend of the turn and each power's centres and units.
fn written_orders(board: &ProvinceBoard, p: &Position) -> Standing {
    let g = board.game;
    let on_board = position::to_positions(board, p);
    let mut marks = Overlay::default();
    for (s, side) in g.sides.iter().enumerate() {
        let cells: Vec<Cell> = on_board
            .owners
            .iter()
            .filter(|(m, _, owner)| *m == board.map && *owner == s)
            .map(|(_, area, _)| Cell::Area(*area))
            .collect();
        if !cells.is_empty() {
            marks.tints.push(Tint {
                cells,
                colour: Rgba::of(side.colour).alpha(90),
            });
        }
    }
    let turn = g.turns.get(p.turn).map_or("", |t| t.name.as_str());
    let phase = g.phases.get(p.phase).map_or("", |x| x.name.as_str());
    marks
        .legend
        .push((format!("{turn}, {phase}"), Rgba(255, 255, 255, 0)));
    for side in &g.sides {
        let (centres, units) = (p.centres_of(&side.id), p.units_of(&side.id));
        if centres + units > 0 {
            marks.legend.push((
                format!("{}: {centres} centres, {units} units", side.name),
                Rgba::of(side.colour),
            ));
        }
    }
    let red = Rgba(220, 0, 0, 255);
    for d in &p.dislodged {
        let (Some(counter), Some(site)) = (
            position::counter_for(g, &d.unit.power, d.unit.kind),
            board.site(&d.unit.location),
        ) else {
            continue;
        };
        marks.rings.push(Ring {
            counter,
            reduced: false,
            location: Location::Area {
                map: board.map,
                area: site.area,
                slot: site.slot(),
            },
            colour: red,
        });
    }
    if !p.dislodged.is_empty() {
        marks
            .legend
            .push(("Dislodged, to retreat (ringed)".into(), red));
    }
    Standing {
        pieces: on_board
            .units
            .iter()
            .map(|u| (u.counter, u.reduced, u.location))
            .collect(),
        marks,
    }
}

/// Print the files written (in watch mode, `run` numbers the run: a `-- run N` line before
/// the text, a one-line JSON object with `run`).
fn report(a: &Args, run: Option<usize>, written: &[PathBuf]) -> Result<(), super::Failure> {
    match a.format {
        Format::Text => {
            let mut text = match run {
                Some(n) if n > 1 => format!("-- run {n}\n"),
                _ => String::new(),
            };
            for p in written {
                text += &format!("wrote {}\n", p.display());
            }
            super::emit(&text);
        }
        Format::Json => {
            let files: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
            let text = match run {
                Some(n) => serde_json::json!({ "run": n, "written": files }).to_string(),
                None => serde_json::to_string_pretty(&serde_json::json!({ "written": files }))
                    .map_err(|e| e.to_string())?,
            };
            super::emit(&format!("{text}\n"));
        }
    }
    Ok(())
}

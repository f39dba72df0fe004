//! Where the units are, for the commands that look at positions (`supply`, `control`,
//! `check --save`): a scenario's set-up, or a saved game of the module `sandtable build`
//! made, read by the format layer and adapted by [`crate::helpers::savegame`].

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::diag::suggest::did_you_mean;
use crate::helpers::savegame::{self, SavePositions};
use crate::helpers::Positions;
use crate::model::{Game, SideId, WeatherId};
use crate::vassal::save::{GameState, SaveGame};

/// `--scenario ID | --save FILE.vsav [--module FILE.vmod]`.
#[derive(Debug, clap::Args)]
#[group(skip)]
#[command(group = clap::ArgGroup::new("positions").required(true).args(["scenario", "save"]))]
pub struct Source {
    /// A scenario id: its set-up.
    #[arg(long, value_name = "ID")]
    pub scenario: Option<String>,
    /// A saved game (.vsav) of the module `sandtable build` made of DIR.
    #[arg(long, value_name = "FILE.vsav")]
    pub save: Option<PathBuf>,
    /// The module the save was played with, whose grids name the locations [default: the
    /// grids `sandtable build` gives DIR].
    #[arg(long, value_name = "FILE.vmod", conflicts_with = "scenario")]
    pub module: Option<PathBuf>,
}

/// A save read and adapted.
pub struct LoadedSave {
    /// The file as read.
    pub file: SaveGame,
    /// Its replayed state.
    pub state: GameState,
    /// Its pieces as positions.
    pub adapted: SavePositions,
}

/// What the save part of a report says.
#[derive(Debug, Serialize)]
pub struct SaveSummary<'a> {
    /// The save file.
    pub file: String,
    /// The module whose grids were used, if given.
    pub module: Option<String>,
    /// Pieces, placed, off the grid, unknown origin, notes.
    #[serde(flatten)]
    pub adapted: &'a SavePositions,
}

impl LoadedSave {
    /// The summary for reports.
    pub fn summary<'a>(&'a self, module: Option<&Path>) -> SaveSummary<'a> {
        SaveSummary {
            file: self.file.path.display().to_string(),
            module: module.map(|m| m.display().to_string()),
            adapted: &self.adapted,
        }
    }

    /// Warnings in words: pieces of unknown origin and off the grid, and notes (at most
    /// [`WARNINGS_SHOWN`] of each, then a count).
    pub fn warnings(&self) -> String {
        let a = &self.adapted;
        let mut out = String::new();
        let more = |n: usize, what: &str, out: &mut String| {
            if n > WARNINGS_SHOWN {
                out.push_str(&format!(
                    "… and {} more {what} (--format json lists them all)\n",
                    n - WARNINGS_SHOWN
                ));
            }
        };
        for u in a.unknown.iter().take(WARNINGS_SHOWN) {
            out.push_str(&format!(
                "unknown origin: piece {} `{}` {}: {}\n",
                u.piece,
                u.name,
                unknown_at(u),
                u.reason
            ));
        }
        more(a.unknown.len(), "pieces of unknown origin", &mut out);
        for o in a.off_grid.iter().take(WARNINGS_SHOWN) {
            out.push_str(&format!(
                "off the grid: piece {} `{}` ({}): {}\n",
                o.piece, o.name, o.counter, o.reason
            ));
        }
        more(a.off_grid.len(), "pieces off the grid", &mut out);
        for n in a.notes.iter().take(WARNINGS_SHOWN) {
            out.push_str(&format!("note: {n}\n"));
        }
        more(a.notes.len(), "notes", &mut out);
        out
    }
}

/// How many warnings of each kind the text output shows.
pub const WARNINGS_SHOWN: usize = 10;

/// Where a piece of unknown origin lies, in words.
pub fn unknown_at(u: &savegame::UnknownPiece) -> String {
    match (&u.location, &u.map) {
        (Some(l), _) => format!("at {l}"),
        (None, Some(m)) => format!("on the map window `{m}`"),
        (None, None) => "off-map".into(),
    }
}

/// Positions and, for a save, the save.
pub struct Loaded {
    /// The positions.
    pub positions: Positions,
    /// The save, when one was read.
    pub save: Option<LoadedSave>,
}

/// A scenario's set-up, or a clear error naming the scenarios.
pub fn scenario_positions(g: &Game, id: &str) -> Result<Positions, String> {
    let Some(s) = g.scenario(id) else {
        let ids: Vec<&str> = g.scenarios.iter().map(|s| s.id.as_str()).collect();
        let hint = did_you_mean(id, ids.iter().copied()).unwrap_or_else(|| {
            if ids.is_empty() {
                "the game has no scenarios".into()
            } else {
                format!("scenarios: {}", ids.join(", "))
            }
        });
        return Err(format!("no scenario `{id}` ({hint})"));
    };
    Ok(Positions::from_scenario(s))
}

/// Read a save and adapt it, with the module's grids or the ones `sandtable build` gives.
/// When `strict`, a save none of whose pieces is placed on the game is refused (it belongs
/// to another game).
pub fn load_save(
    g: &Game,
    path: &Path,
    module: Option<&Path>,
    strict: bool,
) -> Result<LoadedSave, String> {
    let file = SaveGame::read(path).map_err(|e| e.to_string())?;
    let state = file.state();
    let maps = match module {
        Some(m) => {
            let report = crate::vassal::inspect::inspect(m).map_err(|e| e.to_string())?;
            let info = report
                .module
                .ok_or_else(|| format!("{}: not a VASSAL module", m.display()))?;
            let missing: Vec<String> = crate::layout::vassal::map_names(g)
                .into_iter()
                .filter(|n| !info.maps.iter().any(|m| &m.name == n))
                .collect();
            if !missing.is_empty() {
                let names: Vec<&str> = info.maps.iter().map(|m| m.name.as_str()).collect();
                return Err(format!(
                    "{}: it has no map window {} (its maps: {}); was it built from `{}`?",
                    m.display(),
                    missing
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    names.join(", "),
                    g.id
                ));
            }
            savegame::module_maps(g, &info.maps, &state)
        }
        None => savegame::build_maps(g),
    };
    let adapted = savegame::positions_from_save(g, &state, &maps);
    if strict && adapted.placed == 0 && adapted.pieces > 0 {
        return Err(format!(
            "{}: none of its {} pieces is a counter of `{}` on one of its locations; was the \
             save made with the module `sandtable build` made of this game?",
            path.display(),
            adapted.pieces,
            g.id
        ));
    }
    Ok(LoadedSave {
        file,
        state,
        adapted,
    })
}

/// The positions a [`Source`] names.
pub fn load(g: &Game, source: &Source) -> Result<Loaded, String> {
    match (&source.scenario, &source.save) {
        (Some(id), _) => Ok(Loaded {
            positions: scenario_positions(g, id)?,
            save: None,
        }),
        (None, Some(path)) => {
            let save = load_save(g, path, source.module.as_deref(), true)?;
            Ok(Loaded {
                positions: save.adapted.positions.clone(),
                save: Some(save),
            })
        }
        (None, None) => Err("give --scenario ID or --save FILE.vsav".into()),
    }
}

/// A side by id, or a clear error naming the sides.
pub fn side(g: &Game, id: &str) -> Result<SideId, String> {
    g.side_index(id).ok_or_else(|| {
        let ids: Vec<&str> = g.sides.iter().map(|s| s.id.as_str()).collect();
        let hint = did_you_mean(id, ids.iter().copied())
            .unwrap_or_else(|| format!("sides: {}", ids.join(", ")));
        format!("no side `{id}` ({hint})")
    })
}

/// A weather by id, or why it names none.
pub fn weather(g: &Game, id: &str) -> Result<WeatherId, String> {
    g.weather.iter().position(|w| w.id == id).ok_or_else(|| {
        let ids: Vec<&str> = g.weather.iter().map(|w| w.id.as_str()).collect();
        let hint = did_you_mean(id, ids.iter().copied()).unwrap_or_else(|| {
            if ids.is_empty() {
                "the game has no weather".into()
            } else {
                format!("weather: {}", ids.join(", "))
            }
        });
        format!("no weather `{id}` ({hint})")
    })
}

/// Pretty JSON with a final newline.
pub fn json(value: &impl Serialize) -> Result<String, String> {
    Ok(serde_json::to_string_pretty(value).map_err(|e| e.to_string())? + "\n")
}

/// Write bytes atomically: a temporary file beside the target, then a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::emit::art::png::write_atomic(path, bytes).map_err(|e| e.to_string())
}

//! `inspect`: a readable, serialisable report of any VASSAL file — a module (`.vmod`,
//! `.vmdx`), an unpacked `buildFile(.xml)`, or a save/log (`.vsav`, `.sav`, `.vlog`), with
//! every piece's map position turned into the location name the module's grids give it.
//! Hostile or damaged input yields an [`InspectError`], never a panic.

mod module;
mod render;

pub use module::{
    BoardInfo, ChartWindowInfo, DiceInfo, MapInfo, ModuleInfo, PaletteNode, PlacedComponent,
    PrototypeInfo, SetupInfo, TurnLevelInfo, TurnTrackerInfo,
};
pub use render::render_text;

use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use super::archive::{Archive, ArchiveError};
use super::buildfile::{parse_buildfile, BuildFileError, Element, MODULE_ROOTS};
use super::grid::Point;
use super::imagesize::image_size;
use super::metadata::Metadata;
use super::save::{looks_like_zip, BoardSetup, GameState, SaveError, SaveGame};

/// Why a file could not be inspected.
#[derive(Debug, Error)]
pub enum InspectError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The archive is unreadable or hostile.
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    /// The save is damaged.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// The buildfile is malformed.
    #[error("{path}: {source}")]
    BuildFile {
        /// The file (or archive entry).
        path: PathBuf,
        /// What is wrong.
        source: BuildFileError,
    },
    /// The file is not a VASSAL module, extension, save or log.
    #[error("{path}: not a VASSAL file ({reason})")]
    NotVassal {
        /// The file.
        path: PathBuf,
        /// Why not.
        reason: String,
    },
    /// The report could not be serialised.
    #[error("cannot write JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// What kind of file was inspected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    /// A `.vmod` archive.
    Module,
    /// A `.vmdx` extension archive.
    Extension,
    /// An unpacked buildfile.
    BuildFile,
    /// A saved game or predefined setup.
    Save,
    /// A log (`.vlog`, or a save containing logged steps).
    Log,
    /// A lone `moduledata`/`savedata`/`extensiondata` file.
    Metadata,
}

impl FileKind {
    /// The kind as a lower-case word (`module`, `save`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Module => "module",
            Self::Extension => "extension",
            Self::BuildFile => "buildfile",
            Self::Save => "save",
            Self::Log => "log",
            Self::Metadata => "metadata",
        }
    }
}

/// One piece of a save or setup, with its location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PieceReport {
    /// Piece id.
    pub id: String,
    /// BasicPiece name.
    pub name: String,
    /// Map (`None` = off-map).
    pub map: Option<String>,
    /// Map x.
    pub x: i32,
    /// Map y.
    pub y: i32,
    /// The board under the point, when the module is known.
    pub board: Option<String>,
    /// The location VASSAL reports there (grid name, zone, region, deck or `offboard`),
    /// when the module is known.
    pub location: Option<String>,
    /// PieceSlot id.
    pub gpid: String,
    /// Stack or deck holding it.
    pub container: Option<String>,
    /// Trait identifiers, outermost first.
    pub traits: Vec<String>,
}

/// The save part of a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SaveReport {
    /// The module's `moduledata` copied into the save.
    pub module_metadata: Option<Metadata>,
    /// The save's `savedata`.
    pub save_metadata: Option<Metadata>,
    /// Whether `savedGame` was obfuscated.
    pub obfuscated: bool,
    /// Board selection per map.
    pub boards: Vec<BoardSetup>,
    /// Pieces in the order they were added.
    pub pieces: Vec<PieceReport>,
    /// Number of stacks.
    pub stacks: usize,
    /// Decks: (name, map, x, y, number of cards).
    pub decks: Vec<(String, Option<String>, i32, i32, usize)>,
    /// Global properties: (name, value, container).
    pub global_properties: Vec<(String, String, String)>,
    /// Whether the `SETUP_STACK` flag is present.
    pub setup_stack_flag: bool,
    /// Number of commands the reader does not interpret.
    pub other_commands: usize,
}

/// The result of `inspect`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The file inspected.
    pub file: String,
    /// Its kind.
    pub kind: FileKind,
    /// The module file used for a save's locations, if separate.
    pub module_file: Option<String>,
    /// The module (the file itself, or the one given with a save).
    pub module: Option<ModuleInfo>,
    /// The save, for saves and logs.
    pub save: Option<SaveReport>,
    /// The metadata, for a lone metadata file.
    pub metadata: Option<Metadata>,
}

/// Inspects a module, extension, buildfile, save or log.
pub fn inspect(path: &Path) -> Result<Report, InspectError> {
    let bytes = read_file(path)?;
    if is_buildfile_name(path) || (!looks_like_zip(&bytes) && looks_like_xml(&bytes)) {
        let module = load_unpacked_module(path, &bytes)?;
        return Ok(Report {
            file: path.display().to_string(),
            kind: FileKind::BuildFile,
            module_file: None,
            module: Some(module),
            save: None,
            metadata: None,
        });
    }
    if !looks_like_zip(&bytes) {
        if let Some(metadata) = lone_metadata(&bytes) {
            return Ok(Report {
                file: path.display().to_string(),
                kind: FileKind::Metadata,
                module_file: None,
                module: None,
                save: None,
                metadata: Some(metadata),
            });
        }
    }
    let bytes = if looks_like_zip(&bytes) {
        let mut archive = Archive::from_bytes(bytes, path)?;
        if archive.contains("savedGame") {
            archive.into_inner().into_inner()
        } else {
            let extension = archive.contains("extensiondata");
            let module = load_archive_module(&mut archive)?;
            let kind = if extension || module.root_class.ends_with("ModuleExtension") {
                FileKind::Extension
            } else {
                FileKind::Module
            };
            return Ok(Report {
                file: path.display().to_string(),
                kind,
                module_file: None,
                module: Some(module),
                save: None,
                metadata: None,
            });
        }
    } else {
        bytes
    };
    let save = SaveGame::from_bytes(bytes, path).map_err(|error| match error {
        SaveError::NotASave { path } => InspectError::NotVassal {
            path,
            reason: "neither a ZIP archive, a buildfile nor a command stream".into(),
        },
        other => other.into(),
    })?;
    Ok(save_report(path, &save, None, None))
}

/// Inspects a save or log, naming piece locations with the grids of `module` (a `.vmod`
/// or an unpacked buildfile).
pub fn inspect_with_module(save: &Path, module: &Path) -> Result<Report, InspectError> {
    let module_report = inspect(module)?;
    let Some(module_info) = module_report.module else {
        return Err(InspectError::NotVassal {
            path: module.to_path_buf(),
            reason: "not a module".into(),
        });
    };
    let game = SaveGame::read(save)?;
    Ok(save_report(save, &game, Some(module_info), Some(module)))
}

/// The `inspect` command: the text listing, or pretty JSON when `json` is set.
pub fn run_inspect(path: &Path, module: Option<&Path>, json: bool) -> Result<String, InspectError> {
    let report = match module {
        Some(module) => inspect_with_module(path, module)?,
        None => inspect(path)?,
    };
    if json {
        let mut text = serde_json::to_string_pretty(&report)?;
        text.push('\n');
        Ok(text)
    } else {
        Ok(render_text(&report))
    }
}

fn read_file(path: &Path) -> Result<Vec<u8>, InspectError> {
    std::fs::read(path).map_err(|source| InspectError::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn is_buildfile_name(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    name == "buildFile" || name == "buildFile.xml"
}

fn looks_like_xml(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]);
    MODULE_ROOTS
        .iter()
        .any(|root| head.contains(&format!("<{root}")))
}

/// A metadata document (`<data version="1">…`), if the bytes are one.
fn lone_metadata(bytes: &[u8]) -> Option<Metadata> {
    let root = parse_buildfile(bytes).ok()?;
    (root.name == "data").then(|| Metadata::from_element(&root))
}

fn parse_root(bytes: &[u8], path: &Path) -> Result<Element, InspectError> {
    let root = parse_buildfile(bytes).map_err(|source| InspectError::BuildFile {
        path: path.to_path_buf(),
        source,
    })?;
    if !MODULE_ROOTS.contains(&root.name.as_str()) {
        return Err(InspectError::NotVassal {
            path: path.to_path_buf(),
            reason: format!("buildfile root is <{}>", root.name),
        });
    }
    Ok(root)
}

/// An unpacked module: the buildfile, `moduledata` beside it, images in `images/`.
fn load_unpacked_module(path: &Path, bytes: &[u8]) -> Result<ModuleInfo, InspectError> {
    let root = parse_root(bytes, path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let metadata = std::fs::read(dir.join("moduledata"))
        .ok()
        .and_then(|data| Metadata::parse(&data).ok());
    let mut sizes = |image: &str| {
        let data = std::fs::read(dir.join("images").join(image)).ok()?;
        image_size(&data)
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut module = ModuleInfo::from_root(&root, &name, metadata, &mut sizes);
    load_setups(&mut module.setups, &module.maps.clone(), &mut |file| {
        let file_path = dir.join(file);
        std::fs::read(&file_path).ok().map(|data| (data, file_path))
    });
    Ok(module)
}

/// A module inside an archive: `buildFile.xml` (or legacy `buildFile`), `moduledata`,
/// images, and the predefined setups it contains.
fn load_archive_module<R: Read + Seek>(
    archive: &mut Archive<R>,
) -> Result<ModuleInfo, InspectError> {
    let label = archive.path().to_path_buf();
    let entry = ["buildFile.xml", "buildFile"]
        .into_iter()
        .find(|name| archive.contains(name))
        .ok_or_else(|| InspectError::NotVassal {
            path: label.clone(),
            reason: "ZIP archive without savedGame or buildFile".into(),
        })?;
    let bytes = archive.read(entry)?;
    let root = parse_root(&bytes, &label.join(entry))?;
    let metadata = ["moduledata", "extensiondata"]
        .into_iter()
        .find(|name| archive.contains(name))
        .and_then(|name| archive.read(name).ok())
        .and_then(|data| Metadata::parse(&data).ok());
    let mut sizes = |image: &str| {
        let data = archive.read(&format!("images/{image}")).ok()?;
        image_size(&data)
    };
    let mut module = ModuleInfo::from_root(&root, entry, metadata, &mut sizes);
    let maps = module.maps.clone();
    load_setups(&mut module.setups, &maps, &mut |file| {
        let data = archive.read(file).ok()?;
        Some((data, label.join(file)))
    });
    Ok(module)
}

type SetupSource<'a> = dyn FnMut(&str) -> Option<(Vec<u8>, PathBuf)> + 'a;

fn load_setups(setups: &mut [SetupInfo], maps: &[MapInfo], read: &mut SetupSource<'_>) {
    for setup in setups {
        load_setups(&mut setup.children, maps, read);
        let Some(file) = setup
            .file
            .clone()
            .filter(|_| setup.use_file && !setup.is_menu)
        else {
            continue;
        };
        let Some((data, label)) = read(&file) else {
            setup.error = Some(format!("{file} is not in the module"));
            continue;
        };
        match SaveGame::from_bytes(data, &label) {
            Ok(save) => setup.pieces = Some(piece_reports(&save.state(), Some(maps))),
            Err(error) => setup.error = Some(error.to_string()),
        }
    }
}

/// Piece reports for a replayed game; with module maps, each gets its board and location.
pub fn piece_reports(state: &GameState, maps: Option<&[MapInfo]>) -> Vec<PieceReport> {
    let layouts: Vec<_> = maps
        .unwrap_or_default()
        .iter()
        .map(|map| {
            let selection = state.boards.iter().find(|b| b.map == map.name);
            map.layout(selection)
        })
        .collect();
    state
        .pieces
        .values()
        .map(|piece| {
            let point = Point::new(piece.x, piece.y);
            let layout = piece
                .map
                .as_ref()
                .and_then(|name| layouts.iter().find(|l| &l.map_name == name));
            PieceReport {
                id: piece.id.clone(),
                name: piece.name.clone(),
                map: piece.map.clone(),
                x: piece.x,
                y: piece.y,
                board: layout
                    .and_then(|l| l.locate(point))
                    .map(|(board, _)| board.name.clone()),
                location: layout.map(|l| l.location_name(point)),
                gpid: piece.gpid.clone(),
                container: piece.container.clone(),
                traits: piece.traits.iter().map(|t| t.id().to_string()).collect(),
            }
        })
        .collect()
}

fn save_report(
    path: &Path,
    save: &SaveGame,
    module: Option<ModuleInfo>,
    module_path: Option<&Path>,
) -> Report {
    let state = save.state();
    let logged = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("vlog"))
        || save.plain_text.contains("\u{1b}LOG\t");
    let pieces = piece_reports(&state, module.as_ref().map(|m| m.maps.as_slice()));
    let report = SaveReport {
        module_metadata: save.module_metadata(),
        save_metadata: save.save_metadata(),
        obfuscated: save.obfuscation_key.is_some(),
        boards: state.boards.clone(),
        pieces,
        stacks: state
            .containers
            .values()
            .filter(|c| c.deck_name.is_none())
            .count(),
        decks: state
            .containers
            .values()
            .filter_map(|c| {
                let name = c.deck_name.clone()?;
                Some((name, c.map.clone(), c.x, c.y, c.children.len()))
            })
            .collect(),
        global_properties: state.global_properties.clone(),
        setup_stack_flag: state.setup_stack_flag,
        other_commands: state.unknown_commands.len(),
    };
    Report {
        file: path.display().to_string(),
        kind: if logged {
            FileKind::Log
        } else {
            FileKind::Save
        },
        module_file: module_path.map(|p| p.display().to_string()),
        module,
        save: Some(report),
        metadata: None,
    }
}

#[cfg(test)]
mod tests;

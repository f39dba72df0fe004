//! `inspect`: a readable, serialisable report of any VASSAL file — a module (`.vmod`,
//! `.vmdx`), an unpacked `buildFile(.xml)`, or a save/log (`.vsav`, `.sav`, `.vlog`), with
//! every piece's map position turned into the location name the module's grids give it.
//! Hostile or damaged input yields an [`InspectError`], never a panic.

mod load;
mod maps;
mod module;
mod render;

pub use load::piece_reports;
pub use module::{
    BoardInfo, ChartWindowInfo, DiceInfo, MapInfo, ModuleInfo, PaletteNode, PlacedComponent,
    PrototypeInfo, SetupInfo, TurnLevelInfo, TurnTrackerInfo,
};
pub use render::render_text;

use load::{load_archive_module, load_unpacked_module, lone_metadata, save_report};

use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use super::archive::{Archive, ArchiveError};
use super::buildfile::{BuildFileError, MODULE_ROOTS};
use super::metadata::Metadata;
use super::save::{looks_like_zip, BoardSetup, SaveError, SaveFile};

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
    inspect_bytes(read_file(path)?, path)
}

/// Inspects the bytes of a file named `path` (its name tells a buildfile; nothing else is
/// read from disk unless the bytes are an unpacked buildfile, whose images lie beside it).
pub fn inspect_bytes(bytes: Vec<u8>, path: &Path) -> Result<Report, InspectError> {
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
            let save = SaveFile::from_archive(archive)?;
            return Ok(save_report(path, &save, None, None));
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
    let save = SaveFile::from_bytes(bytes, path).map_err(|error| match error {
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
    let game = SaveFile::read(save)?;
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

#[cfg(test)]
mod tests;

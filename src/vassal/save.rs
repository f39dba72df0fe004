//! Saved games, logs and predefined setups (`.vsav`, `.sav`, `.vlog`; format notes §4):
//! reading the archive (or a plain-text save), de-obfuscating `savedGame`, decoding the
//! command tree, and replaying it into the pieces, stacks, decks and board selections it
//! describes. Writing setups and re-serialising edited saves lives in [`writer`].

mod commands;
mod piece;
mod state;
pub mod writer;

pub use commands::{BoardSetup, BoardSpec, CommandTree, LeafCommand, ESC};
pub use piece::{can_stack, join_trait_chain, split_trait_chain, BasicPieceInfo, TraitEntry};
pub use state::{Container, GameState, SavedPiece};

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::archive::{Archive, ArchiveError};
use super::metadata::Metadata;
use super::obfuscation::{deobfuscate, is_obfuscated, DeobfuscationError};

/// Why a save could not be read.
#[derive(Debug, Error)]
pub enum SaveError {
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
    /// The archive has no `savedGame` entry.
    #[error("{path}: no savedGame entry, so not a VASSAL save or log")]
    NoSavedGame {
        /// The file.
        path: PathBuf,
    },
    /// The file is neither a ZIP nor a plain-text save.
    #[error("{path}: not a VASSAL save (neither a ZIP archive nor a command stream)")]
    NotASave {
        /// The file.
        path: PathBuf,
    },
    /// `savedGame` is damaged.
    #[error("{path}: {source}")]
    Deobfuscation {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: DeobfuscationError,
    },
}

/// Whether bytes look like a ZIP archive (local header or empty-archive end record).
pub fn looks_like_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

/// A saved game as read from disk.
#[derive(Debug, Clone)]
pub struct SaveGame {
    /// The file it came from (or a label such as `module.vmod!Setup.vsav`).
    pub path: PathBuf,
    /// The de-obfuscated command stream.
    pub plain_text: String,
    /// The obfuscation key, when `savedGame` was obfuscated.
    pub obfuscation_key: Option<u8>,
    /// The decoded command tree.
    pub commands: CommandTree,
    /// Whether re-encoding the tree reproduces `plain_text` exactly (then edits change
    /// only the edited commands).
    pub canonical: bool,
    /// Whether it came from a ZIP archive (false for a plain-text `.sav`).
    pub zipped: bool,
    /// The copy of the module's `moduledata`, raw.
    pub moduledata: Option<Vec<u8>>,
    /// The `savedata` entry, raw.
    pub savedata: Option<Vec<u8>>,
}

impl SaveGame {
    /// Reads a save, log or predefined setup from disk.
    pub fn read(path: &Path) -> Result<Self, SaveError> {
        let bytes = std::fs::read(path).map_err(|source| SaveError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_bytes(bytes, path)
    }

    /// Reads a save from memory; `label` names it in errors.
    pub fn from_bytes(bytes: Vec<u8>, label: &Path) -> Result<Self, SaveError> {
        let path = label.to_path_buf();
        if !looks_like_zip(&bytes) {
            let save = Self::from_saved_game(&bytes, &path)?;
            if !save.plain_text.starts_with("begin_save") {
                return Err(SaveError::NotASave { path });
            }
            return Ok(save);
        }
        let mut archive = Archive::from_bytes(bytes, label)?;
        if !archive.contains("savedGame") {
            return Err(SaveError::NoSavedGame { path });
        }
        let saved_game = archive.read("savedGame")?;
        let mut save = Self::from_saved_game(&saved_game, &path)?;
        save.zipped = true;
        save.moduledata = read_optional(&mut archive, "moduledata")?;
        save.savedata = read_optional(&mut archive, "savedata")?;
        Ok(save)
    }

    /// Builds a save from the bytes of a `savedGame` entry (obfuscated or plain).
    pub fn from_saved_game(bytes: &[u8], label: &Path) -> Result<Self, SaveError> {
        let plain_text = deobfuscate(bytes).map_err(|source| SaveError::Deobfuscation {
            path: label.to_path_buf(),
            source,
        })?;
        let obfuscation_key = if is_obfuscated(bytes) {
            std::str::from_utf8(bytes.get(5..7).unwrap_or_default())
                .ok()
                .and_then(|digits| u8::from_str_radix(digits, 16).ok())
        } else {
            None
        };
        let commands = CommandTree::decode(&plain_text);
        let canonical = commands.encode() == plain_text;
        Ok(Self {
            path: label.to_path_buf(),
            plain_text,
            obfuscation_key,
            commands,
            canonical,
            zipped: false,
            moduledata: None,
            savedata: None,
        })
    }

    /// The module metadata copied into the save, parsed.
    pub fn module_metadata(&self) -> Option<Metadata> {
        Metadata::parse(self.moduledata.as_deref()?).ok()
    }

    /// The save's own metadata, parsed.
    pub fn save_metadata(&self) -> Option<Metadata> {
        Metadata::parse(self.savedata.as_deref()?).ok()
    }

    /// Every leaf command in execution order, `LOG` steps expanded in place.
    pub fn leaf_commands(&self) -> Vec<LeafCommand> {
        let mut out = Vec::new();
        collect_leaves(&self.commands, &mut out, 0);
        out
    }

    /// Replays the commands into the game state they describe.
    pub fn state(&self) -> GameState {
        GameState::replay(&self.leaf_commands())
    }
}

fn read_optional<R: std::io::Read + std::io::Seek>(
    archive: &mut Archive<R>,
    name: &str,
) -> Result<Option<Vec<u8>>, ArchiveError> {
    if archive.contains(name) {
        archive.read(name).map(Some)
    } else {
        Ok(None)
    }
}

fn collect_leaves(tree: &CommandTree, out: &mut Vec<LeafCommand>, depth: usize) {
    for leaf in tree.leaves() {
        match LeafCommand::parse(leaf) {
            LeafCommand::Log(inner) if depth < commands::MAX_COMMAND_DEPTH => {
                collect_leaves(&inner, out, depth + 1);
            }
            command => out.push(command),
        }
    }
}

#[cfg(test)]
mod tests;

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

pub(crate) use piece::{BasicRef, ChainWalk};
pub(crate) use state::{PieceRef, Replay};

use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::archive::{Archive, ArchiveError, EntrySink};
use super::encoder::Escaped;
use super::metadata::Metadata;
use super::obfuscation::{is_obfuscated, DeobfuscationError, Deobfuscator, HEADER};

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
    /// `savedGame` holds no command stream (empty, binary, other text).
    #[error("{path}: not a VASSAL save: {what}")]
    NotASavedGame {
        /// The file.
        path: PathBuf,
        /// What the entry holds instead.
        what: String,
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

/// The token every save, log and predefined setup begins with (its `begin_save` command).
const BEGIN_SAVE: &str = "begin_save";

/// What a de-obfuscated `savedGame` entry holds instead of a game's commands, or `None` when
/// it holds them (it begins with `begin_save`, as VASSAL writes every save, log and setup;
/// VASSAL itself refuses anything else as an invalid save). `obfuscated`: the entry had the
/// `!VCSK` header and key.
fn not_a_command_stream(text: &str, obfuscated: bool) -> Option<String> {
    if text.starts_with(BEGIN_SAVE) {
        return None;
    }
    let binary = text
        .char_indices()
        .find(|(_, c)| c.is_control() && !matches!(c, '\u{1b}' | '\t' | '\n' | '\r'));
    Some(if text.is_empty() && obfuscated {
        "its savedGame entry is an obfuscation header with nothing after it".into()
    } else if text.is_empty() {
        "its savedGame entry is empty".into()
    } else if !obfuscated && HEADER.starts_with(text) {
        format!(
            "its savedGame entry is a cut-off obfuscation header (`{text}`) with nothing after it"
        )
    } else if let Some((at, c)) = binary {
        format!(
            "its savedGame entry holds binary data (byte {:#04x} at offset {at}), not a game's \
             commands",
            u32::from(c)
        )
    } else {
        let start: String = text.chars().take(24).collect();
        format!(
            "its savedGame entry begins `{}`{} where a saved game begins `{BEGIN_SAVE}`",
            start.escape_debug(),
            if start.len() < text.len() { "…" } else { "" }
        )
    })
}

/// Whether bytes look like a ZIP archive (local header or empty-archive end record).
pub fn looks_like_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

/// A save, log or setup read from disk and de-obfuscated, its command stream not decoded
/// yet: what `inspect` reads (replaying the stream in place, without copying it), and what
/// [`SaveGame`] decodes into a command tree.
#[derive(Debug, Clone)]
pub struct SaveFile {
    /// The file it came from (or a label such as `module.vmod!Setup.vsav`).
    pub path: PathBuf,
    /// The de-obfuscated command stream.
    pub plain_text: String,
    /// The obfuscation key, when `savedGame` was obfuscated.
    pub obfuscation_key: Option<u8>,
    /// Whether it came from a ZIP archive (false for a plain-text `.sav`).
    pub zipped: bool,
    /// The copy of the module's `moduledata`, raw.
    pub moduledata: Option<Vec<u8>>,
    /// The `savedata` entry, raw.
    pub savedata: Option<Vec<u8>>,
}

/// Inflated `savedGame` bytes go straight into the de-obfuscator: the hex text is never
/// held whole.
impl EntrySink for Deobfuscator {
    fn start(&mut self, size: usize) {
        self.reserve(size / 2);
    }

    fn piece(&mut self, bytes: &[u8]) {
        self.feed(bytes);
    }
}

impl SaveFile {
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
        if !looks_like_zip(&bytes) {
            let save = Self::from_saved_game_bytes(bytes, label)?;
            if !save.plain_text.starts_with(BEGIN_SAVE) {
                return Err(SaveError::NotASave {
                    path: label.to_path_buf(),
                });
            }
            return Ok(save);
        }
        Self::from_archive(Archive::from_bytes(bytes, label)?)
    }

    /// Reads a save from an opened archive (named by its label).
    pub fn from_archive<R: Read + Seek>(mut archive: Archive<R>) -> Result<Self, SaveError> {
        let path = archive.path().to_path_buf();
        if !archive.contains("savedGame") {
            return Err(SaveError::NoSavedGame { path });
        }
        let mut decoder = Deobfuscator::new();
        archive.read_with("savedGame", &mut decoder)?;
        let obfuscation_key = decoder.key();
        let plain_text = decoder
            .finish()
            .map_err(|source| SaveError::Deobfuscation {
                path: path.clone(),
                source,
            })?;
        if let Some(what) = not_a_command_stream(&plain_text, obfuscation_key.is_some()) {
            return Err(SaveError::NotASavedGame { path, what });
        }
        Ok(Self {
            moduledata: read_optional(&mut archive, "moduledata")?,
            savedata: read_optional(&mut archive, "savedata")?,
            path,
            plain_text,
            obfuscation_key,
            zipped: true,
        })
    }

    /// Reads the bytes of a `savedGame` entry (obfuscated or plain).
    pub fn from_saved_game(bytes: &[u8], label: &Path) -> Result<Self, SaveError> {
        let mut decoder = Deobfuscator::new();
        decoder.feed(bytes);
        Self::decoded(decoder, label)
    }

    /// Like [`SaveFile::from_saved_game`], taking the bytes: plain text is not copied.
    fn from_saved_game_bytes(bytes: Vec<u8>, label: &Path) -> Result<Self, SaveError> {
        if is_obfuscated(&bytes) {
            return Self::from_saved_game(&bytes, label);
        }
        let plain_text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
        };
        Ok(Self::plain(plain_text, None, label))
    }

    fn decoded(decoder: Deobfuscator, label: &Path) -> Result<Self, SaveError> {
        let obfuscation_key = decoder.key();
        let plain_text = decoder
            .finish()
            .map_err(|source| SaveError::Deobfuscation {
                path: label.to_path_buf(),
                source,
            })?;
        Ok(Self::plain(plain_text, obfuscation_key, label))
    }

    fn plain(plain_text: String, obfuscation_key: Option<u8>, label: &Path) -> Self {
        Self {
            path: label.to_path_buf(),
            plain_text,
            obfuscation_key,
            zipped: false,
            moduledata: None,
            savedata: None,
        }
    }

    /// The module metadata copied into the save, parsed.
    pub fn module_metadata(&self) -> Option<Metadata> {
        Metadata::parse(self.moduledata.as_deref()?).ok()
    }

    /// The save's own metadata, parsed.
    pub fn save_metadata(&self) -> Option<Metadata> {
        Metadata::parse(self.savedata.as_deref()?).ok()
    }

    /// Whether the stream holds logged steps (`LOG` commands).
    pub fn has_log_steps(&self) -> bool {
        memchr::memmem::find(self.plain_text.as_bytes(), b"\x1bLOG\t").is_some()
    }

    /// Replays the commands into the game state they describe.
    pub fn state(&self) -> GameState {
        self.replay().into_owned()
    }

    /// The replayed state, its strings slices of [`plain_text`](SaveFile::plain_text).
    pub(crate) fn replay(&self) -> Replay<'_> {
        Replay::of_text(&self.plain_text)
    }

    /// Decodes the command tree.
    pub fn into_save_game(self) -> SaveGame {
        let commands = CommandTree::decode(&self.plain_text);
        let canonical = commands.encode() == self.plain_text;
        SaveGame {
            path: self.path,
            plain_text: self.plain_text,
            obfuscation_key: self.obfuscation_key,
            commands,
            canonical,
            zipped: self.zipped,
            moduledata: self.moduledata,
            savedata: self.savedata,
        }
    }
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
        SaveFile::read(path).map(SaveFile::into_save_game)
    }

    /// Reads a save from memory; `label` names it in errors.
    pub fn from_bytes(bytes: Vec<u8>, label: &Path) -> Result<Self, SaveError> {
        SaveFile::from_bytes(bytes, label).map(SaveFile::into_save_game)
    }

    /// Builds a save from the bytes of a `savedGame` entry (obfuscated or plain).
    pub fn from_saved_game(bytes: &[u8], label: &Path) -> Result<Self, SaveError> {
        SaveFile::from_saved_game(bytes, label).map(SaveFile::into_save_game)
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
        let mut replay = Replay::default();
        for leaf in self.commands.leaves() {
            match commands::LeafRef::parse(Escaped::new(leaf)) {
                commands::LeafRef::Log(inner) if commands::MAX_COMMAND_DEPTH > 0 => {
                    commands::walk_commands(inner, 1, &mut |command| replay.apply(command));
                }
                command => replay.apply(command),
            }
        }
        replay.finish().into_owned()
    }
}

fn read_optional<R: Read + Seek>(
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

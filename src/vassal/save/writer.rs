//! Writing saves: predefined setups built from pieces and board selections (format notes
//! §4.5–4.6), existing saves re-serialised with some pieces' states replaced, leaving
//! every other command as it was, and a replayed state written as a fresh save (its pieces
//! where they stand now, not the history of moves that put them there). Output is deterministic: fixed obfuscation key, fixed
//! archive timestamp, stack ids derived from the piece ids.

use std::collections::BTreeMap;
use std::path::Path;

use thiserror::Error;

use super::commands::{BoardSetup, ESC};
use super::piece::{can_stack, join_trait_chain, split_trait_chain, BasicPieceInfo};
use super::{GameState, SaveGame};
use crate::vassal::archive::{ArchiveBuilder, ArchiveError, ZipTimestamp};
use crate::vassal::encoder::{SequenceDecoder, SequenceEncoder};
use crate::vassal::metadata::write_metadata;
use crate::vassal::obfuscation::obfuscate;

/// The key used when writing unless told otherwise.
pub const DEFAULT_OBFUSCATION_KEY: u8 = 0x45;

/// One piece for a setup: its id and its full AddPiece type and state (prototypes expanded,
/// BasicPiece state holding map, x, y and slot id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupPiece {
    /// Unique decimal id.
    pub id: String,
    /// Full type string.
    pub type_string: String,
    /// Full state string.
    pub state_string: String,
}

/// A deck of a setup (format notes §4.5.4): the cards in it, bottom first, which are pieces
/// of the setup standing at the deck's point, and the deck as its `DrawPile` defines it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupDeck {
    /// Unique decimal id.
    pub id: String,
    /// Its type string, `deck;…` (its `deckName` ties it to the module's `DrawPile`).
    pub type_string: String,
    /// Its map (`mapName`) and point there: the `DrawPile`'s.
    pub map: String,
    /// Map x.
    pub x: i32,
    /// Map y.
    pub y: i32,
    /// Whether its cards are face down.
    pub face_down: bool,
    /// The ids of its cards, bottom first.
    pub cards: Vec<String>,
}

impl SetupDeck {
    /// Its AddPiece command.
    fn command(&self) -> String {
        let mut state = SequenceEncoder::with_token(&self.map, ';');
        state
            .append_int(i64::from(self.x))
            .append_int(i64::from(self.y))
            .append_bool(self.face_down);
        // VASSAL leaves the list out of an empty deck's state.
        if let Some(cards) = crate::vassal::encoder::encode(&self.cards, ',') {
            state.append(&cards);
        }
        add_piece_command(
            &self.id,
            &self.type_string,
            state.value().unwrap_or_default(),
        )
    }
}

/// The `savedata` fields of a written save.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SaveData {
    /// Module version.
    pub module_version: String,
    /// VASSAL version to record (e.g. `3.7.0`).
    pub vassal_version: String,
    /// Java milliseconds to record as `dateSaved` (fixed for determinism).
    pub date_saved: String,
    /// The save comment shown when loading.
    pub description: String,
}

impl SaveData {
    /// The `savedata` document.
    pub fn to_xml(&self) -> String {
        write_metadata(&[
            ("version", &self.module_version),
            ("extra1", ""),
            ("extra2", ""),
            ("VassalVersion", &self.vassal_version),
            ("dateSaved", &self.date_saved),
            ("description", &self.description),
        ])
    }
}

/// Options for packing a `.vsav`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VsavOptions {
    /// Obfuscation key for `savedGame`.
    pub obfuscation_key: u8,
    /// The module's `moduledata`, copied verbatim (VASSAL checks its name on load).
    pub moduledata: Option<Vec<u8>>,
    /// `savedata` to write, if any.
    pub savedata: Option<SaveData>,
    /// Timestamp of every entry.
    pub timestamp: ZipTimestamp,
}

impl Default for VsavOptions {
    fn default() -> Self {
        Self {
            obfuscation_key: DEFAULT_OBFUSCATION_KEY,
            moduledata: None,
            savedata: None,
            timestamp: ZipTimestamp::default(),
        }
    }
}

/// Builds a predefined setup (or any save) from pieces and board selections.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetupWriter {
    /// Pieces, bottom-most first where they share a location.
    pub pieces: Vec<SetupPiece>,
    /// One board selection per map.
    pub boards: Vec<BoardSetup>,
    /// Emit `SETUP_STACK\t`, which stops VASSAL adding the module's at-start stacks.
    pub setup_stack_flag: bool,
    /// Further leaf commands written before `end_save` (`GlobalProperty\t;…`, `TURN…`).
    pub extra_commands: Vec<String>,
    /// Put stackable pieces sharing a map position into stacks (a deck's cards excepted).
    pub auto_stack: bool,
    /// Decks, written after the pieces and stacks; a deck's cards are among the pieces.
    pub decks: Vec<SetupDeck>,
}

impl SetupWriter {
    /// A writer that stacks pieces automatically and writes no `SETUP_STACK` flag.
    pub fn new() -> Self {
        Self {
            auto_stack: true,
            ..Self::default()
        }
    }

    /// Stack commands (`+/id/stack/map;x;y;children…;@@0`) for pieces sharing a position.
    /// Stack ids continue after the largest numeric piece id.
    fn stack_commands(&self) -> Vec<String> {
        let mut groups: BTreeMap<(String, i32, i32), Vec<&str>> = BTreeMap::new();
        let mut order = Vec::new();
        let in_decks: std::collections::BTreeSet<&str> = self
            .decks
            .iter()
            .flat_map(|d| d.cards.iter().map(String::as_str))
            .collect();
        for piece in &self.pieces {
            if in_decks.contains(piece.id.as_str()) {
                continue;
            }
            let chain = split_trait_chain(&piece.type_string, &piece.state_string);
            let Some(basic) = chain.last() else { continue };
            let info = BasicPieceInfo::parse(&basic.type_string, &basic.state_string);
            let Some(map) = info.map else { continue };
            if !can_stack(&chain) {
                continue;
            }
            let key = (map, info.x, info.y);
            if !groups.contains_key(&key) {
                order.push(key.clone());
            }
            groups.entry(key).or_default().push(&piece.id);
        }
        let mut next_id = self
            .pieces
            .iter()
            .map(|p| &p.id)
            .chain(self.decks.iter().map(|d| &d.id))
            .filter_map(|id| id.parse::<u64>().ok())
            .max()
            .map_or(1, |max| max.saturating_add(1));
        let mut out = Vec::new();
        for key in order {
            let Some(children) = groups.get(&key) else {
                continue;
            };
            let mut state = SequenceEncoder::with_token(&key.0, ';');
            state
                .append_int(i64::from(key.1))
                .append_int(i64::from(key.2));
            for child in children {
                state.append(child);
            }
            state.append("@@0");
            out.push(add_piece_command(
                &next_id.to_string(),
                "stack",
                state.value().unwrap_or_default(),
            ));
            next_id = next_id.saturating_add(1);
        }
        out
    }

    /// The plain (un-obfuscated) `savedGame` command stream.
    pub fn saved_game_text(&self) -> String {
        let mut group = SequenceEncoder::with_token("", ESC);
        for piece in &self.pieces {
            group.append(&add_piece_command(
                &piece.id,
                &piece.type_string,
                &piece.state_string,
            ));
        }
        if self.auto_stack {
            for stack in self.stack_commands() {
                group.append(&stack);
            }
        }
        for deck in &self.decks {
            group.append(&deck.command());
        }
        let mut top = SequenceEncoder::with_token("begin_save", ESC);
        top.append("");
        top.append(group.value().unwrap_or_default());
        for setup in &self.boards {
            top.append(&setup.encode());
        }
        if self.setup_stack_flag {
            top.append("SETUP_STACK\t");
        }
        for command in &self.extra_commands {
            top.append(command);
        }
        top.append("end_save");
        top.into_value().unwrap_or_default()
    }

    /// The `.vsav` archive bytes.
    pub fn to_vsav(&self, options: &VsavOptions) -> Result<Vec<u8>, ArchiveError> {
        vsav_builder(&self.saved_game_text(), options)?.to_bytes()
    }

    /// Writes the `.vsav` to `path` (atomically).
    pub fn write_vsav(&self, path: &Path, options: &VsavOptions) -> Result<(), ArchiveError> {
        vsav_builder(&self.saved_game_text(), options)?.write_to(path)
    }
}

/// Why a replayed state cannot be written as a fresh save.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FreshSaveError {
    /// A deck (a DrawPile in play): the replayed state keeps its pieces but not its own
    /// definition, so it cannot be written again.
    #[error("it holds a deck (`{name}`), which a fresh save cannot yet write")]
    Deck {
        /// The deck's name.
        name: String,
    },
}

impl GameState {
    /// The command stream of a fresh save holding this state, as VASSAL writes one when it
    /// saves a game: every piece once (`+/`, its BasicPiece at the map and point where it
    /// stands now), then its stacks, the board selections, the `SETUP_STACK` flag, each
    /// global property's last value, and the other commands (the turn tracker, the Notes
    /// window, the player roster…) in their order, chat lines left out. A save carried
    /// through any number of moves is written as long as one of the same position.
    pub fn fresh_saved_game_text(&self) -> Result<String, FreshSaveError> {
        let mut writer = SetupWriter::default();
        for (id, piece) in &self.pieces {
            let mut chain = split_trait_chain(&piece.type_string, &piece.state_string);
            let Some(basic) = chain.last_mut() else {
                continue;
            };
            let info = BasicPieceInfo::parse(&basic.type_string, &basic.state_string);
            let moved =
                (info.map.as_deref(), info.x, info.y) != (piece.map.as_deref(), piece.x, piece.y);
            let (type_string, state_string) = if moved {
                let old = crate::vassal::encoder::decode(&basic.state_string, ';');
                let mut se = SequenceEncoder::new(';');
                se.append(piece.map.as_deref().unwrap_or("null"))
                    .append_int(i64::from(piece.x))
                    .append_int(i64::from(piece.y));
                for rest in old.iter().skip(3) {
                    se.append(rest);
                }
                basic.state_string = se.into_value().unwrap_or_default();
                join_trait_chain(&chain)
            } else {
                (piece.type_string.clone(), piece.state_string.clone())
            };
            writer.pieces.push(SetupPiece {
                id: id.clone(),
                type_string,
                state_string,
            });
        }
        for (id, container) in &self.containers {
            if let Some(name) = &container.deck_name {
                return Err(FreshSaveError::Deck { name: name.clone() });
            }
            let children: Vec<&String> = container
                .children
                .iter()
                .filter(|c| self.pieces.contains_key(*c))
                .collect();
            let Some(map) = container.map.as_deref().filter(|_| !children.is_empty()) else {
                continue;
            };
            let mut state = SequenceEncoder::with_token(map, ';');
            state
                .append_int(i64::from(container.x))
                .append_int(i64::from(container.y));
            for child in children {
                state.append(child);
            }
            state.append("@@0");
            writer.pieces.push(SetupPiece {
                id: id.clone(),
                type_string: "stack".into(),
                state_string: state.value().unwrap_or_default().to_string(),
            });
        }
        // A piece a move took out of its stack is put in a stack of its own (with any other
        // such piece at its point), as VASSAL puts a piece moved onto a map.
        let stacked: std::collections::BTreeSet<&str> = writer
            .pieces
            .iter()
            .filter(|p| p.type_string == "stack")
            .flat_map(|p| {
                self.containers[p.id.as_str()]
                    .children
                    .iter()
                    .map(String::as_str)
            })
            .collect();
        let mut next_id = self
            .pieces
            .keys()
            .chain(self.containers.keys())
            .filter_map(|k| k.parse::<u64>().ok())
            .max()
            .map_or(1, |max| max.saturating_add(1));
        let mut loose: indexmap::IndexMap<(&str, i32, i32), Vec<&str>> = indexmap::IndexMap::new();
        for (id, piece) in &self.pieces {
            let Some(map) = piece.map.as_deref() else {
                continue;
            };
            if stacked.contains(id.as_str()) || !can_stack(&piece.traits) {
                continue;
            }
            loose
                .entry((map, piece.x, piece.y))
                .or_default()
                .push(id.as_str());
        }
        for ((map, x, y), children) in loose {
            let mut state = SequenceEncoder::with_token(map, ';');
            state.append_int(i64::from(x)).append_int(i64::from(y));
            for child in children {
                state.append(child);
            }
            state.append("@@0");
            writer.pieces.push(SetupPiece {
                id: next_id.to_string(),
                type_string: "stack".into(),
                state_string: state.value().unwrap_or_default().to_string(),
            });
            next_id = next_id.saturating_add(1);
        }
        writer.boards = self.boards.clone();
        writer.setup_stack_flag = self.setup_stack_flag;
        // Each property's last value, in the order the properties were first set.
        let mut last: indexmap::IndexMap<(&str, &str), &str> = indexmap::IndexMap::new();
        for (name, value, container) in &self.global_properties {
            last.insert((name.as_str(), container.as_str()), value.as_str());
        }
        for ((name, container), value) in last {
            let mut se = SequenceEncoder::with_token("GlobalProperty\t", ';');
            se.append(name).append(value).append(container);
            writer
                .extra_commands
                .push(se.value().unwrap_or_default().to_string());
        }
        writer.extra_commands.extend(
            self.unknown_commands
                .iter()
                .filter(|c| !c.starts_with("CHAT"))
                .cloned(),
        );
        Ok(writer.saved_game_text())
    }
}

/// `+/` + SE('/')[id, type, state].
pub fn add_piece_command(id: &str, type_string: &str, state_string: &str) -> String {
    let mut encoder = SequenceEncoder::with_token(id, '/');
    encoder.append(type_string).append(state_string);
    format!("+/{}", encoder.value().unwrap_or_default())
}

fn vsav_builder(plain: &str, options: &VsavOptions) -> Result<ArchiveBuilder, ArchiveError> {
    let mut builder = ArchiveBuilder::new().with_timestamp(options.timestamp);
    builder.add("savedGame", obfuscate(plain, options.obfuscation_key))?;
    if let Some(moduledata) = &options.moduledata {
        builder.add("moduledata", moduledata.clone())?;
    }
    if let Some(savedata) = &options.savedata {
        builder.add("savedata", savedata.to_xml())?;
    }
    Ok(builder)
}

impl SaveGame {
    /// The command stream with the AddPiece commands of the given pieces carrying new full
    /// states; every other command is re-encoded unchanged (byte-identical when the save
    /// is [`canonical`](SaveGame::canonical)). Returns the text and the ids not found.
    pub fn with_piece_states(
        &self,
        new_states: &BTreeMap<String, String>,
    ) -> (String, Vec<String>) {
        let mut tree = self.commands.clone();
        let mut found = std::collections::BTreeSet::new();
        tree.replace_leaves(&mut |leaf| {
            let rest = leaf.strip_prefix("+/")?;
            let mut fields = SequenceDecoder::new(rest, '/');
            let id = fields.next_token()?;
            let state = new_states.get(&id)?;
            let type_string = fields.next_token_or("");
            found.insert(id.clone());
            Some(add_piece_command(&id, &type_string, state))
        });
        let missing = new_states
            .keys()
            .filter(|id| !found.contains(*id))
            .cloned()
            .collect();
        let text = if found.is_empty() {
            self.plain_text.clone()
        } else {
            tree.encode()
        };
        (text, missing)
    }

    /// The save's file bytes with new piece states: the same container as the original
    /// (ZIP with its other entries copied, or plain text) and the original obfuscation key.
    pub fn edited_bytes(
        &self,
        new_states: &BTreeMap<String, String>,
        timestamp: ZipTimestamp,
    ) -> Result<(Vec<u8>, Vec<String>), ArchiveError> {
        let (text, missing) = self.with_piece_states(new_states);
        let saved_game = match self.obfuscation_key {
            Some(key) => obfuscate(&text, key),
            None => text,
        };
        if !self.zipped {
            return Ok((saved_game.into_bytes(), missing));
        }
        let mut builder = ArchiveBuilder::new().with_timestamp(timestamp);
        builder.add("savedGame", saved_game)?;
        if let Some(moduledata) = &self.moduledata {
            builder.add("moduledata", moduledata.clone())?;
        }
        if let Some(savedata) = &self.savedata {
            builder.add("savedata", savedata.clone())?;
        }
        Ok((builder.to_bytes()?, missing))
    }
}

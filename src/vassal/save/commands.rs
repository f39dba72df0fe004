//! The command stream inside `savedGame` (format notes §4.3): a tree of ESC-separated
//! commands, decoded as `GameModule.decode` does and re-encoded with the same
//! SequenceEncoder, plus the classification of the leaf commands a reader cares about.

use serde::Serialize;

use crate::vassal::encoder::{Delimiter, Escaped, SequenceDecoder, SequenceEncoder};

/// The command separator.
pub const ESC: char = '\u{1b}';

/// Deepest command nesting followed; anything deeper is kept as one raw leaf.
pub const MAX_COMMAND_DEPTH: usize = 64;

/// A node of the command tree: a leaf command string, or a compound of sub-commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CommandTree {
    /// One command, as text.
    Leaf(String),
    /// Sub-commands joined with ESC.
    Compound(Vec<CommandTree>),
}

impl CommandTree {
    /// Decodes a command string: split on unescaped ESC; a string that splits into itself
    /// is a leaf, anything else is decoded part by part.
    pub fn decode(text: &str) -> Self {
        Self::decode_escaped(Escaped::new(text), 0)
    }

    pub(super) fn decode_escaped(text: Escaped<'_>, depth: usize) -> Self {
        if depth >= MAX_COMMAND_DEPTH || is_leaf(&text) {
            return Self::Leaf(text.to_cow().into_owned());
        }
        Self::Compound(
            text.tokens(Delimiter::Esc)
                .map(|token| Self::decode_escaped(token, depth + 1))
                .collect(),
        )
    }

    /// Encodes the tree back into a command string.
    pub fn encode(&self) -> String {
        match self {
            Self::Leaf(text) => text.clone(),
            Self::Compound(children) => {
                let mut encoder = SequenceEncoder::new(ESC);
                for child in children {
                    match child {
                        Self::Leaf(text) => encoder.append(text),
                        Self::Compound(_) => encoder.append(&child.encode()),
                    };
                }
                encoder.into_value().unwrap_or_default()
            }
        }
    }

    /// The leaf commands in execution order.
    pub fn leaves(&self) -> Vec<&str> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(node) = stack.pop() {
            match node {
                Self::Leaf(text) => out.push(text.as_str()),
                Self::Compound(children) => stack.extend(children.iter().rev()),
            }
        }
        out
    }

    /// Replaces every leaf for which `replace` returns a new text; returns how many changed.
    pub fn replace_leaves(&mut self, replace: &mut dyn FnMut(&str) -> Option<String>) -> usize {
        match self {
            Self::Leaf(text) => match replace(text) {
                Some(new_text) => {
                    *text = new_text;
                    1
                }
                None => 0,
            },
            Self::Compound(children) => {
                children.iter_mut().map(|c| c.replace_leaves(replace)).sum()
            }
        }
    }
}

/// Whether a command string decodes to itself alone (`GameModule.decode`'s test): it has
/// no ESC at all (one would separate it, or lose its backslash) and is not quoted.
fn is_leaf(text: &Escaped<'_>) -> bool {
    let raw = text.raw().as_bytes();
    let quoted = raw.len() > 1 && raw[0] == b'\'' && raw[raw.len() - 1] == b'\'';
    !quoted && memchr::memchr(0x1b, raw).is_none()
}

/// Calls `leaf` with every leaf of the tree `text` decodes to, in execution order, without
/// building the tree: what `CommandTree::decode(text).leaves()` holds.
pub(crate) fn walk_leaves<'a>(text: Escaped<'a>, depth: usize, leaf: &mut dyn FnMut(Escaped<'a>)) {
    if depth >= MAX_COMMAND_DEPTH || is_leaf(&text) {
        leaf(text);
        return;
    }
    for token in text.tokens(Delimiter::Esc) {
        walk_leaves(token, depth + 1, leaf);
    }
}

/// Calls `command` with every leaf command of `text` in execution order, `LOG` steps
/// expanded in place below `log_depth` nested logs.
pub(crate) fn walk_commands<'a>(
    text: Escaped<'a>,
    log_depth: usize,
    command: &mut dyn FnMut(LeafRef<'a>),
) {
    walk_leaves(text, 0, &mut |leaf| match LeafRef::parse(leaf) {
        LeafRef::Log(inner) if log_depth < MAX_COMMAND_DEPTH => {
            walk_commands(inner, log_depth + 1, command);
        }
        parsed => command(parsed),
    });
}

/// One board in a map's board selection (`SetBoards`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardSpec {
    /// Board name.
    pub name: String,
    /// Shown reversed.
    pub reversed: bool,
    /// Layout column.
    pub column: i32,
    /// Layout row.
    pub row: i32,
}

/// The boards chosen for one map (`<map>BoardPicker` command).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardSetup {
    /// The map name (or internal id) the command names.
    pub map: String,
    /// Boards in layout order.
    pub boards: Vec<BoardSpec>,
}

impl BoardSetup {
    /// A map showing one board, at the first column and row, not reversed.
    pub fn single(map: impl Into<String>, board: impl Into<String>) -> Self {
        BoardSetup {
            map: map.into(),
            boards: vec![BoardSpec {
                name: board.into(),
                reversed: false,
                column: 0,
                row: 0,
            }],
        }
    }

    /// The command text: `SE(TAB)[map + "BoardPicker", SE('/')[name(, "rev")], col, row, …]`.
    pub fn encode(&self) -> String {
        let mut encoder = SequenceEncoder::with_token(&format!("{}BoardPicker", self.map), '\t');
        for board in &self.boards {
            let mut spec = SequenceEncoder::with_token(&board.name, '/');
            if board.reversed {
                spec.append("rev");
            }
            encoder.append(spec.value().unwrap_or_default());
            encoder.append_int(i64::from(board.column));
            encoder.append_int(i64::from(board.row));
        }
        encoder.into_value().unwrap_or_default()
    }
}

/// A leaf command classified by its prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeafCommand {
    /// `begin_save`.
    BeginSave,
    /// `end_save`.
    EndSave,
    /// The empty command.
    Null,
    /// `+/id/type/state`: add a piece, stack or deck.
    AddPiece {
        /// Piece id (`None` for `null`).
        id: Option<String>,
        /// Full type string (trait chain).
        type_string: String,
        /// Full state string.
        state_string: String,
    },
    /// `-/id`.
    RemovePiece {
        /// Piece id.
        id: String,
    },
    /// `D/id/newState/oldState`.
    ChangePiece {
        /// Piece id.
        id: String,
        /// The new full state.
        new_state: String,
    },
    /// `M/id/newMap/x/y/underId/…`.
    MovePiece {
        /// Piece id.
        id: String,
        /// Destination map (`None` = off-map).
        map: Option<String>,
        /// Destination x.
        x: i32,
        /// Destination y.
        y: i32,
        /// Piece it was put on top of, if any.
        under: Option<String>,
    },
    /// `<map>BoardPicker\t…`.
    SetBoards(BoardSetup),
    /// `SETUP_STACK\t`: at-start stacks already applied.
    SetupStackFlag,
    /// `GlobalProperty\t;name;value;container`.
    GlobalProperty {
        /// Property name.
        name: String,
        /// Value.
        value: String,
        /// `Module`, `<map>` or `<map>:<zone>`.
        container: String,
    },
    /// `LOG\t<command>`: a logged step of a `.vlog`, decoded.
    Log(CommandTree),
    /// Anything else, kept as written.
    Other(String),
}

/// A leaf command classified by its prefix, its fields still slices of the save's text
/// ([`LeafCommand`] is the same with the fields copied out).
#[derive(Debug, Clone)]
pub(crate) enum LeafRef<'a> {
    BeginSave,
    EndSave,
    Null,
    AddPiece {
        id: Option<Escaped<'a>>,
        type_string: Escaped<'a>,
        state_string: Escaped<'a>,
    },
    RemovePiece {
        id: Escaped<'a>,
    },
    ChangePiece {
        id: Escaped<'a>,
        new_state: Escaped<'a>,
    },
    MovePiece {
        id: Escaped<'a>,
        map: Option<Escaped<'a>>,
        x: i32,
        y: i32,
        under: Option<Escaped<'a>>,
    },
    SetBoards(BoardSetup),
    SetupStackFlag,
    GlobalProperty {
        name: Escaped<'a>,
        value: Escaped<'a>,
        container: Escaped<'a>,
    },
    Log(Escaped<'a>),
    Other(Escaped<'a>),
}

const EMPTY: Escaped<'static> = Escaped::EMPTY;

fn not_null(token: Escaped<'_>) -> Option<Escaped<'_>> {
    (!token.eq_str("null")).then_some(token)
}

impl<'a> LeafRef<'a> {
    /// Classifies one leaf command.
    pub(crate) fn parse(text: Escaped<'a>) -> Self {
        if text.is_empty() {
            return Self::Null;
        }
        for (word, command) in [
            ("begin_save", Self::BeginSave),
            ("end_save", Self::EndSave),
            ("SETUP_STACK\t", Self::SetupStackFlag),
        ] {
            if text.eq_str(word) {
                return command;
            }
        }
        if let Some(rest) = text.strip_prefix("+/") {
            let mut d = rest.tokens(Delimiter::Slash);
            return Self::AddPiece {
                id: d.next_token().and_then(not_null),
                type_string: d.next_token().unwrap_or(EMPTY),
                state_string: d.next_token().unwrap_or(EMPTY),
            };
        }
        if let Some(id) = text.strip_prefix("-/") {
            return Self::RemovePiece { id };
        }
        if let Some(rest) = text.strip_prefix("D/") {
            let mut d = rest.tokens(Delimiter::Slash);
            return Self::ChangePiece {
                id: d.next_token().unwrap_or(EMPTY),
                new_state: d.next_token().unwrap_or(EMPTY),
            };
        }
        if let Some(rest) = text.strip_prefix("M/") {
            let mut d = rest.tokens(Delimiter::Slash);
            let id = d.next_token().unwrap_or(EMPTY);
            let map = d.next_token().and_then(not_null);
            let x = d.next_parsed(0);
            let y = d.next_parsed(0);
            let under = d.next_token().and_then(not_null);
            return Self::MovePiece {
                id,
                map,
                x,
                y,
                under,
            };
        }
        if let Some(rest) = text.strip_prefix("LOG\t") {
            return Self::Log(rest);
        }
        if text.strip_prefix("GlobalProperty\t").is_some() {
            let mut d = text.tokens(Delimiter::Semicolon);
            d.skip_tokens(1);
            return Self::GlobalProperty {
                name: d.next_token().unwrap_or(EMPTY),
                value: d.next_token().unwrap_or(EMPTY),
                container: d.next_token().unwrap_or(EMPTY),
            };
        }
        // Only a text holding the word can name a BoardPicker (no escape splits a word).
        if memchr::memmem::find(text.raw().as_bytes(), b"BoardPicker").is_some() {
            if let Some(setup) = parse_set_boards(&text.to_cow()) {
                return Self::SetBoards(setup);
            }
        }
        Self::Other(text)
    }

    /// The command with its fields copied out.
    pub(crate) fn into_owned(self) -> LeafCommand {
        let owned = |text: Escaped<'_>| text.to_cow().into_owned();
        match self {
            Self::BeginSave => LeafCommand::BeginSave,
            Self::EndSave => LeafCommand::EndSave,
            Self::Null => LeafCommand::Null,
            Self::AddPiece {
                id,
                type_string,
                state_string,
            } => LeafCommand::AddPiece {
                id: id.map(owned),
                type_string: owned(type_string),
                state_string: owned(state_string),
            },
            Self::RemovePiece { id } => LeafCommand::RemovePiece { id: owned(id) },
            Self::ChangePiece { id, new_state } => LeafCommand::ChangePiece {
                id: owned(id),
                new_state: owned(new_state),
            },
            Self::MovePiece {
                id,
                map,
                x,
                y,
                under,
            } => LeafCommand::MovePiece {
                id: owned(id),
                map: map.map(owned),
                x,
                y,
                under: under.map(owned),
            },
            Self::SetBoards(setup) => LeafCommand::SetBoards(setup),
            Self::SetupStackFlag => LeafCommand::SetupStackFlag,
            Self::GlobalProperty {
                name,
                value,
                container,
            } => LeafCommand::GlobalProperty {
                name: owned(name),
                value: owned(value),
                container: owned(container),
            },
            Self::Log(inner) => LeafCommand::Log(CommandTree::decode_escaped(inner, 0)),
            Self::Other(text) => LeafCommand::Other(owned(text)),
        }
    }
}

impl LeafCommand {
    /// Classifies one leaf command.
    pub fn parse(text: &str) -> Self {
        LeafRef::parse(Escaped::new(text)).into_owned()
    }

    /// The command as a borrowed [`LeafRef`] (a `Log` has no borrowed form and reads as
    /// `None`: replaying ignores it).
    pub(crate) fn as_ref(&self) -> Option<LeafRef<'_>> {
        let plain = Escaped::new;
        Some(match self {
            Self::BeginSave => LeafRef::BeginSave,
            Self::EndSave => LeafRef::EndSave,
            Self::Null => LeafRef::Null,
            Self::AddPiece {
                id,
                type_string,
                state_string,
            } => LeafRef::AddPiece {
                id: id.as_deref().map(plain),
                type_string: plain(type_string),
                state_string: plain(state_string),
            },
            Self::RemovePiece { id } => LeafRef::RemovePiece { id: plain(id) },
            Self::ChangePiece { id, new_state } => LeafRef::ChangePiece {
                id: plain(id),
                new_state: plain(new_state),
            },
            Self::MovePiece {
                id,
                map,
                x,
                y,
                under,
            } => LeafRef::MovePiece {
                id: plain(id),
                map: map.as_deref().map(plain),
                x: *x,
                y: *y,
                under: under.as_deref().map(plain),
            },
            Self::SetBoards(setup) => LeafRef::SetBoards(setup.clone()),
            Self::SetupStackFlag => LeafRef::SetupStackFlag,
            Self::GlobalProperty {
                name,
                value,
                container,
            } => LeafRef::GlobalProperty {
                name: plain(name),
                value: plain(value),
                container: plain(container),
            },
            Self::Log(_) => return None,
            Self::Other(text) => LeafRef::Other(plain(text)),
        })
    }
}

fn parse_set_boards(text: &str) -> Option<BoardSetup> {
    let mut d = SequenceDecoder::new(text, '\t');
    let first = d.next_token()?;
    let map = first.strip_suffix("BoardPicker")?.to_string();
    if !d.has_more_tokens() {
        return None;
    }
    let mut boards = Vec::new();
    while let Some(spec) = d.next_token() {
        let mut parts = SequenceDecoder::new(&spec, '/');
        let name = parts.next_token_or("");
        let reversed = parts.next_token().as_deref() == Some("rev");
        let column = d.next_int(0);
        let row = d.next_int(0);
        boards.push(BoardSpec {
            name,
            reversed,
            column,
            row,
        });
    }
    Some(BoardSetup { map, boards })
}

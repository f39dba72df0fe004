//! The command stream inside `savedGame` (format notes §4.3): a tree of ESC-separated
//! commands, decoded as `GameModule.decode` does and re-encoded with the same
//! SequenceEncoder, plus the classification of the leaf commands a reader cares about.

use serde::Serialize;

use crate::vassal::encoder::{decode, SequenceDecoder, SequenceEncoder};

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
        Self::decode_at(text, 0)
    }

    fn decode_at(text: &str, depth: usize) -> Self {
        if depth >= MAX_COMMAND_DEPTH {
            return Self::Leaf(text.to_string());
        }
        let mut tokens = decode(text, ESC);
        if tokens.len() == 1 && tokens[0] == text {
            return Self::Leaf(tokens.pop().unwrap_or_default());
        }
        Self::Compound(
            tokens
                .iter()
                .map(|token| Self::decode_at(token, depth + 1))
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
                    encoder.append(&child.encode());
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

fn unwrap_null(token: String) -> Option<String> {
    (token != "null").then_some(token)
}

impl LeafCommand {
    /// Classifies one leaf command.
    pub fn parse(text: &str) -> Self {
        match text {
            "" => return Self::Null,
            "begin_save" => return Self::BeginSave,
            "end_save" => return Self::EndSave,
            "SETUP_STACK\t" => return Self::SetupStackFlag,
            _ => {}
        }
        if let Some(rest) = text.strip_prefix("+/") {
            let mut d = SequenceDecoder::new(rest, '/');
            return Self::AddPiece {
                id: d.next_token().and_then(unwrap_null),
                type_string: d.next_token_or(""),
                state_string: d.next_token_or(""),
            };
        }
        if let Some(id) = text.strip_prefix("-/") {
            return Self::RemovePiece { id: id.to_string() };
        }
        if let Some(rest) = text.strip_prefix("D/") {
            let mut d = SequenceDecoder::new(rest, '/');
            return Self::ChangePiece {
                id: d.next_token_or(""),
                new_state: d.next_token_or(""),
            };
        }
        if let Some(rest) = text.strip_prefix("M/") {
            let mut d = SequenceDecoder::new(rest, '/');
            let id = d.next_token_or("");
            let map = d.next_token().and_then(unwrap_null);
            let x = d.next_int(0);
            let y = d.next_int(0);
            let under = d.next_token().and_then(unwrap_null);
            return Self::MovePiece {
                id,
                map,
                x,
                y,
                under,
            };
        }
        if let Some(rest) = text.strip_prefix("LOG\t") {
            return Self::Log(CommandTree::decode(rest));
        }
        if text.starts_with("GlobalProperty\t") {
            let mut d = SequenceDecoder::new(text, ';');
            d.next_token();
            return Self::GlobalProperty {
                name: d.next_token_or(""),
                value: d.next_token_or(""),
                container: d.next_token_or(""),
            };
        }
        if let Some(setup) = parse_set_boards(text) {
            return Self::SetBoards(setup);
        }
        Self::Other(text.to_string())
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

//! The game state a command stream leaves behind: pieces with their trait chains, stacks
//! and decks with their children, board selections, global properties. Replaying applies
//! additions, changes, moves and removals in order, as a `.vlog` is played back.

use indexmap::IndexMap;
use serde::Serialize;

use super::commands::{BoardSetup, LeafCommand};
use super::piece::{split_trait_chain, BasicPieceInfo, TraitEntry};
use crate::vassal::encoder::{decode_string_array, SequenceDecoder};

/// A container of pieces: a `stack`, or a `deck;…` (a DrawPile in play).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Container {
    /// Its id.
    pub id: String,
    /// `None` for a stack; the deck name (its DrawPile's name) for a deck.
    pub deck_name: Option<String>,
    /// The map it is on (`None` when off-map).
    pub map: Option<String>,
    /// Map x.
    pub x: i32,
    /// Map y.
    pub y: i32,
    /// Ids of its pieces, bottom first.
    pub children: Vec<String>,
}

/// One game piece in the replayed state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SavedPiece {
    /// Piece id.
    pub id: String,
    /// The BasicPiece name.
    pub name: String,
    /// Map, position and slot id: the container's position when the piece is in one.
    pub map: Option<String>,
    /// Map x.
    pub x: i32,
    /// Map y.
    pub y: i32,
    /// PieceSlot id.
    pub gpid: String,
    /// The stack or deck holding it.
    pub container: Option<String>,
    /// Full type string.
    pub type_string: String,
    /// Full state string.
    pub state_string: String,
    /// The trait chain, outermost first, BasicPiece last.
    pub traits: Vec<TraitEntry>,
}

/// The game state a command stream leaves behind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct GameState {
    /// Pieces in the order they were first added.
    pub pieces: IndexMap<String, SavedPiece>,
    /// Stacks and decks in the order they were first added.
    pub containers: IndexMap<String, Container>,
    /// Board selection per map, last command per map winning.
    pub boards: Vec<BoardSetup>,
    /// Global properties (name, value, container).
    pub global_properties: Vec<(String, String, String)>,
    /// Whether the `SETUP_STACK` flag is present.
    pub setup_stack_flag: bool,
    /// Leaf commands not understood, as written.
    pub unknown_commands: Vec<String>,
}

impl GameState {
    /// Applies commands in order: additions, changes, moves and removals.
    pub fn replay(commands: &[LeafCommand]) -> Self {
        let mut state = Self::default();
        for command in commands {
            state.apply(command);
        }
        state.resolve_positions();
        state
    }

    fn apply(&mut self, command: &LeafCommand) {
        match command {
            LeafCommand::AddPiece {
                id: Some(id),
                type_string,
                state_string,
            } => self.add(id, type_string, state_string),
            LeafCommand::ChangePiece { id, new_state } => {
                if let Some(piece) = self.pieces.get(id) {
                    let type_string = piece.type_string.clone();
                    self.add(id, &type_string, new_state);
                } else if self.containers.contains_key(id) {
                    self.set_container_state(id, new_state);
                }
            }
            LeafCommand::MovePiece {
                id,
                map,
                x,
                y,
                under,
            } => self.relocate(id, map, *x, *y, under),
            LeafCommand::RemovePiece { id } => {
                self.detach(id);
                self.pieces.shift_remove(id);
                self.containers.shift_remove(id);
            }
            LeafCommand::SetBoards(setup) => {
                self.boards.retain(|b| b.map != setup.map);
                self.boards.push(setup.clone());
            }
            LeafCommand::GlobalProperty {
                name,
                value,
                container,
            } => self
                .global_properties
                .push((name.clone(), value.clone(), container.clone())),
            LeafCommand::SetupStackFlag => self.setup_stack_flag = true,
            LeafCommand::Other(text) => self.unknown_commands.push(text.clone()),
            _ => {}
        }
    }

    fn add(&mut self, id: &str, type_string: &str, state_string: &str) {
        if type_string == "stack" || type_string.starts_with("deck;") {
            let deck_name = type_string.strip_prefix("deck;").map(|rest| {
                let mut fields = SequenceDecoder::new(rest, ';');
                (0..12).for_each(|_| {
                    fields.next_token();
                });
                fields.next_token_or("")
            });
            self.containers.insert(
                id.to_string(),
                Container {
                    id: id.to_string(),
                    deck_name,
                    map: None,
                    x: 0,
                    y: 0,
                    children: Vec::new(),
                },
            );
            self.set_container_state(id, state_string);
            return;
        }
        let traits = split_trait_chain(type_string, state_string);
        let basic = traits
            .last()
            .map(|t| BasicPieceInfo::parse(&t.type_string, &t.state_string))
            .unwrap_or_default();
        let container = self.pieces.get(id).and_then(|p| p.container.clone());
        self.pieces.insert(
            id.to_string(),
            SavedPiece {
                id: id.to_string(),
                name: basic.name,
                map: basic.map,
                x: basic.x,
                y: basic.y,
                gpid: basic.gpid,
                container,
                type_string: type_string.to_string(),
                state_string: state_string.to_string(),
                traits,
            },
        );
    }

    fn set_container_state(&mut self, id: &str, state_string: &str) {
        let is_deck = self
            .containers
            .get(id)
            .is_some_and(|c| c.deck_name.is_some());
        let mut fields = SequenceDecoder::new(state_string, ';');
        let map = fields.next_token().filter(|m| m != "null");
        let (mut x, mut y) = (0, 0);
        let children: Vec<String> = if is_deck {
            x = fields.next_int(0);
            y = fields.next_int(0);
            fields.next_token();
            fields
                .next_token()
                .map(|ids| decode_string_array(&ids))
                .unwrap_or_default()
        } else {
            if map.is_some() {
                x = fields.next_int(0);
                y = fields.next_int(0);
            }
            fields.filter(|token| !token.starts_with("@@")).collect()
        };
        for child in &children {
            self.detach(child);
        }
        let known: Vec<String> = children
            .into_iter()
            .filter(|child| self.pieces.contains_key(child))
            .collect();
        for child in &known {
            if let Some(piece) = self.pieces.get_mut(child) {
                piece.container = Some(id.to_string());
            }
        }
        if let Some(container) = self.containers.get_mut(id) {
            container.map = map;
            container.x = x;
            container.y = y;
            container.children = known;
        }
    }

    fn detach(&mut self, id: &str) {
        let Some(old) = self.pieces.get_mut(id).and_then(|p| p.container.take()) else {
            return;
        };
        if let Some(container) = self.containers.get_mut(&old) {
            container.children.retain(|child| child != id);
        }
    }

    fn relocate(&mut self, id: &str, map: &Option<String>, x: i32, y: i32, under: &Option<String>) {
        if let Some(container) = self.containers.get_mut(id) {
            (container.map, container.x, container.y) = (map.clone(), x, y);
            return;
        }
        self.detach(id);
        let target = under
            .as_ref()
            .and_then(|u| self.pieces.get(u))
            .and_then(|p| p.container.clone().map(|c| (c, p.id.clone())));
        if let Some(piece) = self.pieces.get_mut(id) {
            (piece.map, piece.x, piece.y) = (map.clone(), x, y);
            if let Some((container_id, under_id)) = &target {
                piece.container = Some(container_id.clone());
                if let Some(container) = self.containers.get_mut(container_id) {
                    let at = container.children.iter().position(|c| c == under_id);
                    let index = at.map_or(container.children.len(), |i| i + 1);
                    container.children.insert(index, id.to_string());
                }
            }
        }
    }

    /// Gives every piece in a container that container's map and position (they are
    /// authoritative, §4.8 step 6).
    fn resolve_positions(&mut self) {
        for piece in self.pieces.values_mut() {
            let Some(container) = piece
                .container
                .as_ref()
                .and_then(|c| self.containers.get(c))
            else {
                continue;
            };
            piece.map = container.map.clone();
            piece.x = container.x;
            piece.y = container.y;
        }
    }
}

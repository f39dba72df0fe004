//! The game state a command stream leaves behind: pieces with their trait chains, stacks
//! and decks with their children, board selections, global properties. Replaying applies
//! additions, changes, moves and removals in order, as a `.vlog` is played back.

use indexmap::IndexMap;
use serde::Serialize;

use std::borrow::Cow;

use super::commands::{walk_commands, BoardSetup, LeafCommand, LeafRef};
use super::piece::{BasicRef, ChainWalk, TraitEntry};
use crate::vassal::encoder::{Delimiter, Escaped};

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
        let mut replay = Replay::default();
        for command in commands.iter().filter_map(LeafCommand::as_ref) {
            replay.apply(command);
        }
        replay.finish().into_owned()
    }
}

/// The replayed state with every string still a slice of the save's text: what
/// [`GameState`] holds, built without copying, and copied out by
/// [`into_owned`](Replay::into_owned).
#[derive(Debug, Default)]
pub(crate) struct Replay<'a> {
    pub(crate) pieces: IndexMap<Cow<'a, str>, PieceRef<'a>>,
    pub(crate) containers: IndexMap<Cow<'a, str>, ContainerRef<'a>>,
    pub(crate) boards: Vec<BoardSetup>,
    pub(crate) global_properties: Vec<[Escaped<'a>; 3]>,
    pub(crate) setup_stack_flag: bool,
    pub(crate) unknown_commands: Vec<Escaped<'a>>,
    chains: ChainWalk,
    /// The trait identifiers of every piece added, each piece's a range of them.
    trait_ids: Vec<Escaped<'a>>,
}

/// A piece of a [`Replay`].
#[derive(Debug, Clone)]
pub(crate) struct PieceRef<'a> {
    pub(crate) name: Escaped<'a>,
    pub(crate) map: Option<Escaped<'a>>,
    pub(crate) x: i32,
    pub(crate) y: i32,
    pub(crate) gpid: Escaped<'a>,
    pub(crate) container: Option<Cow<'a, str>>,
    pub(crate) type_string: Escaped<'a>,
    pub(crate) state_string: Escaped<'a>,
    /// Its trait identifiers in [`Replay::trait_ids`].
    traits: std::ops::Range<usize>,
}

/// A stack or deck of a [`Replay`].
#[derive(Debug, Clone)]
pub(crate) struct ContainerRef<'a> {
    pub(crate) deck_name: Option<Escaped<'a>>,
    pub(crate) map: Option<Escaped<'a>>,
    pub(crate) x: i32,
    pub(crate) y: i32,
    pub(crate) children: Vec<Cow<'a, str>>,
}

fn owned(text: Escaped<'_>) -> String {
    text.to_cow().into_owned()
}

impl<'a> Replay<'a> {
    /// Replays every command of a command stream, `LOG` steps included.
    pub(crate) fn of_text(text: &'a str) -> Self {
        let mut replay = Self::default();
        walk_commands(Escaped::new(text), 0, &mut |command| replay.apply(command));
        replay.finish()
    }

    /// Applies one command.
    pub(crate) fn apply(&mut self, command: LeafRef<'a>) {
        match command {
            LeafRef::AddPiece {
                id: Some(id),
                type_string,
                state_string,
            } => self.add(id.to_cow(), type_string, state_string),
            LeafRef::ChangePiece { id, new_state } => {
                let id = id.to_cow();
                if let Some(piece) = self.pieces.get(&*id) {
                    let type_string = piece.type_string;
                    self.add(id, type_string, new_state);
                } else if self.containers.contains_key(&*id) {
                    self.set_container_state(id, new_state);
                }
            }
            LeafRef::MovePiece {
                id,
                map,
                x,
                y,
                under,
            } => self.relocate(id.to_cow(), map, x, y, under),
            LeafRef::RemovePiece { id } => {
                let id = id.to_cow();
                self.detach(&id);
                self.pieces.shift_remove(&*id);
                self.containers.shift_remove(&*id);
            }
            LeafRef::SetBoards(setup) => {
                self.boards.retain(|b| b.map != setup.map);
                self.boards.push(setup);
            }
            LeafRef::GlobalProperty {
                name,
                value,
                container,
            } => self.global_properties.push([name, value, container]),
            LeafRef::SetupStackFlag => self.setup_stack_flag = true,
            LeafRef::Other(text) => self.unknown_commands.push(text),
            _ => {}
        }
    }

    fn add(&mut self, id: Cow<'a, str>, type_string: Escaped<'a>, state_string: Escaped<'a>) {
        let deck = type_string.strip_prefix("deck;");
        if deck.is_some() || type_string.eq_str("stack") {
            let deck_name = deck.map(|rest| {
                let mut fields = rest.tokens(Delimiter::Semicolon);
                fields.skip_tokens(12);
                fields.next_token().unwrap_or(Escaped::EMPTY)
            });
            self.containers.insert(
                id.clone(),
                ContainerRef {
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
        let first_id = self.trait_ids.len();
        let (basic_type, basic_state) =
            self.chains
                .innermost_and_ids(type_string, state_string, &mut self.trait_ids);
        let traits = first_id..self.trait_ids.len();
        let basic = BasicRef::parse(basic_type, basic_state);
        let container = self.pieces.get(&*id).and_then(|p| p.container.clone());
        self.pieces.insert(
            id,
            PieceRef {
                name: basic.name,
                map: basic.map,
                x: basic.x,
                y: basic.y,
                gpid: basic.gpid,
                container,
                type_string,
                state_string,
                traits,
            },
        );
    }

    fn set_container_state(&mut self, id: Cow<'a, str>, state_string: Escaped<'a>) {
        let is_deck = self
            .containers
            .get(&*id)
            .is_some_and(|c| c.deck_name.is_some());
        let mut fields = state_string.tokens(Delimiter::Semicolon);
        let map = fields.next_token().filter(|m| !m.eq_str("null"));
        let (mut x, mut y) = (0, 0);
        let children: Vec<Cow<'a, str>> = if is_deck {
            x = fields.next_parsed(0);
            y = fields.next_parsed(0);
            fields.next_token();
            match fields.next_token() {
                // A VASSAL string array: the empty string is the empty array.
                Some(ids) if !ids.is_empty() => ids
                    .tokens(Delimiter::Comma)
                    .map(|child| child.to_cow())
                    .collect(),
                _ => Vec::new(),
            }
        } else {
            if map.is_some() {
                x = fields.next_parsed(0);
                y = fields.next_parsed(0);
            }
            fields
                .filter(|token| token.strip_prefix("@@").is_none())
                .map(|token| token.to_cow())
                .collect()
        };
        for child in &children {
            self.detach(child);
        }
        let known: Vec<Cow<'a, str>> = children
            .into_iter()
            .filter(|child| self.pieces.contains_key(&**child))
            .collect();
        for child in &known {
            if let Some(piece) = self.pieces.get_mut(&**child) {
                piece.container = Some(id.clone());
            }
        }
        if let Some(container) = self.containers.get_mut(&*id) {
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
        if let Some(container) = self.containers.get_mut(&*old) {
            container.children.retain(|child| child != id);
        }
    }

    fn relocate(
        &mut self,
        id: Cow<'a, str>,
        map: Option<Escaped<'a>>,
        x: i32,
        y: i32,
        under: Option<Escaped<'a>>,
    ) {
        if let Some(container) = self.containers.get_mut(&*id) {
            (container.map, container.x, container.y) = (map, x, y);
            return;
        }
        self.detach(&id);
        let target = under.and_then(|under| {
            let (under_id, piece) = self.pieces.get_key_value(&*under.to_cow())?;
            Some((piece.container.clone()?, under_id.clone()))
        });
        if let Some(piece) = self.pieces.get_mut(&*id) {
            (piece.map, piece.x, piece.y) = (map, x, y);
            if let Some((container_id, under_id)) = target {
                piece.container = Some(container_id.clone());
                if let Some(container) = self.containers.get_mut(&*container_id) {
                    let at = container.children.iter().position(|c| *c == under_id);
                    let index = at.map_or(container.children.len(), |i| i + 1);
                    container.children.insert(index, id);
                }
            }
        }
    }

    /// Gives every piece in a container that container's map and position (they are
    /// authoritative, §4.8 step 6).
    pub(crate) fn finish(mut self) -> Self {
        for piece in self.pieces.values_mut() {
            let Some(container) = piece
                .container
                .as_ref()
                .and_then(|c| self.containers.get(&**c))
            else {
                continue;
            };
            piece.map = container.map;
            piece.x = container.x;
            piece.y = container.y;
        }
        self
    }

    /// Calls `each` with every piece, in the order they were first added, and its trait
    /// identifiers, outermost first.
    pub(crate) fn for_each_piece(&self, each: &mut dyn FnMut(&str, &PieceRef<'a>, Vec<String>)) {
        for (id, piece) in &self.pieces {
            let ids = self
                .trait_ids
                .get(piece.traits.clone())
                .unwrap_or_default()
                .iter()
                .map(|&trait_id| owned(trait_id))
                .collect();
            each(id, piece, ids);
        }
    }

    /// The state with every string copied out.
    pub(crate) fn into_owned(self) -> GameState {
        let mut chains = self.chains;
        let pieces = self
            .pieces
            .into_iter()
            .map(|(id, piece)| {
                let mut traits = Vec::new();
                chains.walk(
                    piece.type_string,
                    piece.state_string,
                    &mut |type_string, state_string| {
                        traits.push(TraitEntry {
                            type_string: owned(type_string),
                            state_string: owned(state_string),
                        });
                    },
                );
                let id = id.into_owned();
                let saved = SavedPiece {
                    id: id.clone(),
                    name: owned(piece.name),
                    map: piece.map.map(owned),
                    x: piece.x,
                    y: piece.y,
                    gpid: owned(piece.gpid),
                    container: piece.container.map(Cow::into_owned),
                    type_string: owned(piece.type_string),
                    state_string: owned(piece.state_string),
                    traits,
                };
                (id, saved)
            })
            .collect();
        let containers = self
            .containers
            .into_iter()
            .map(|(id, container)| {
                let id = id.into_owned();
                let owned_container = Container {
                    id: id.clone(),
                    deck_name: container.deck_name.map(owned),
                    map: container.map.map(owned),
                    x: container.x,
                    y: container.y,
                    children: container
                        .children
                        .into_iter()
                        .map(Cow::into_owned)
                        .collect(),
                };
                (id, owned_container)
            })
            .collect();
        GameState {
            pieces,
            containers,
            boards: self.boards,
            global_properties: self
                .global_properties
                .into_iter()
                .map(|[name, value, container]| (owned(name), owned(value), owned(container)))
                .collect(),
            setup_stack_flag: self.setup_stack_flag,
            unknown_commands: self.unknown_commands.into_iter().map(owned).collect(),
        }
    }
}

//! Piece definitions (format notes §3.2–3.4): splitting the TAB-nested trait chain of an
//! AddPiece type and state into per-trait strings, joining it back, and reading the
//! BasicPiece (name, image, map, position, slot id) at its core.

use serde::Serialize;

use crate::vassal::encoder::{Delimiter, Escaped, Nesting, SequenceDecoder, SequenceEncoder};

/// Longest trait chain followed (real pieces have a few dozen at most).
pub const MAX_TRAITS: usize = 1000;

/// One element of a trait chain: a trait's own type and state, or the BasicPiece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TraitEntry {
    /// The trait's type string (e.g. `emb2;…`, `mark;Side`, `piece;;;a.png;Name`).
    pub type_string: String,
    /// The trait's state string.
    pub state_string: String,
}

impl TraitEntry {
    /// The trait identifier: the type up to and including the first `;` (`emb2;`), or the
    /// whole type when it has none (`stack`).
    pub fn id(&self) -> &str {
        match self.type_string.find(';') {
            Some(end) => &self.type_string[..=end],
            None => &self.type_string,
        }
    }
}

/// Splits a piece's full type and state into its chain, outermost trait first and the
/// BasicPiece (or `stack`, `deck;…`) last, exactly as VASSAL peels decorators: each level
/// is the first two TAB-separated tokens of the type (and of the state; a missing state
/// is empty).
pub fn split_trait_chain(type_string: &str, state_string: &str) -> Vec<TraitEntry> {
    let mut chain = Vec::new();
    ChainWalk::default().walk(
        Escaped::new(type_string),
        Escaped::new(state_string),
        &mut |own_type, own_state| {
            chain.push(TraitEntry {
                type_string: own_type.to_cow().into_owned(),
                state_string: own_state.to_cow().into_owned(),
            });
        },
    );
    chain
}

/// Walks trait chains in place (the buffers are kept from one piece to the next): each
/// level is split once, in time proportional to its own part, instead of copying
/// everything it decorates.
#[derive(Debug, Default)]
pub(crate) struct ChainWalk {
    types: Nesting,
    states: Nesting,
}

impl ChainWalk {
    /// Calls `entry` with each element's type and state, outermost first, the innermost
    /// (BasicPiece) last: the chain [`split_trait_chain`] returns.
    pub(crate) fn walk<'a>(
        &mut self,
        type_string: Escaped<'a>,
        state_string: Escaped<'a>,
        entry: &mut dyn FnMut(Escaped<'a>, Escaped<'a>),
    ) {
        let mut types = self.types.levels(type_string);
        let mut states = self.states.levels(state_string);
        let mut count = 0;
        while let (Some(own), Some(state)) = (types.next(), states.next()) {
            count += 1;
            if own.inner.is_none() || count >= MAX_TRAITS {
                // VASSAL builds the innermost piece from the decoded token, and hands it
                // the state exactly as the level above decoded it.
                entry(own.own, state.whole);
                return;
            }
            entry(own.own, state.own);
        }
    }

    /// The innermost element's type and state (the BasicPiece).
    pub(crate) fn innermost<'a>(
        &mut self,
        type_string: Escaped<'a>,
        state_string: Escaped<'a>,
    ) -> (Escaped<'a>, Escaped<'a>) {
        let mut last = (Escaped::EMPTY, Escaped::EMPTY);
        self.walk(type_string, state_string, &mut |t, s| last = (t, s));
        last
    }

    /// [`ChainWalk::innermost`], pushing each element's trait identifier onto `ids` on the
    /// way (as [`ChainWalk::ids`] gives them).
    pub(crate) fn innermost_and_ids<'a>(
        &mut self,
        type_string: Escaped<'a>,
        state_string: Escaped<'a>,
        ids: &mut Vec<Escaped<'a>>,
    ) -> (Escaped<'a>, Escaped<'a>) {
        let mut last = (Escaped::EMPTY, Escaped::EMPTY);
        self.walk(type_string, state_string, &mut |t, s| {
            ids.push(t.through(b';'));
            last = (t, s);
        });
        last
    }

    /// The trait identifiers of a chain ([`TraitEntry::id`] of each element), outermost
    /// first.
    pub(crate) fn ids<'a>(&mut self, type_string: Escaped<'a>, id: &mut dyn FnMut(Escaped<'a>)) {
        let mut count = 0;
        for level in self.types.levels(type_string) {
            count += 1;
            id(level.own.through(b';'));
            if level.inner.is_none() || count >= MAX_TRAITS {
                return;
            }
        }
    }
}

/// Joins a chain (outermost first) back into the full type and state strings, nesting each
/// level as a two-token TAB SequenceEncoder.
pub fn join_trait_chain(chain: &[TraitEntry]) -> (String, String) {
    let Some((innermost, outer)) = chain.split_last() else {
        return (String::new(), String::new());
    };
    let mut piece_type = innermost.type_string.clone();
    let mut piece_state = innermost.state_string.clone();
    for entry in outer.iter().rev() {
        let mut types = SequenceEncoder::with_token(&entry.type_string, '\t');
        types.append(&piece_type);
        piece_type = types.into_value().unwrap_or_default();
        let mut states = SequenceEncoder::with_token(&entry.state_string, '\t');
        states.append(&piece_state);
        piece_state = states.into_value().unwrap_or_default();
    }
    (piece_type, piece_state)
}

/// What the BasicPiece at the core of a chain says.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BasicPieceInfo {
    /// The piece's `BasicName`.
    pub name: String,
    /// Its image file name.
    pub image: String,
    /// The map it is on (`None` when `null` or absent).
    pub map: Option<String>,
    /// Map x coordinate.
    pub x: i32,
    /// Map y coordinate.
    pub y: i32,
    /// The PieceSlot id it came from.
    pub gpid: String,
}

impl BasicPieceInfo {
    /// Reads a BasicPiece type (`piece;clone;delete;image;name`) and state
    /// (`map;x;y;gpid;…`).
    pub fn parse(type_string: &str, state_string: &str) -> Self {
        let basic = BasicRef::parse(Escaped::new(type_string), Escaped::new(state_string));
        Self {
            name: basic.name.to_cow().into_owned(),
            image: basic.image.to_cow().into_owned(),
            map: basic.map.map(|m| m.to_cow().into_owned()),
            x: basic.x,
            y: basic.y,
            gpid: basic.gpid.to_cow().into_owned(),
        }
    }
}

/// [`BasicPieceInfo`] with its strings still slices of the save.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BasicRef<'a> {
    pub(crate) name: Escaped<'a>,
    pub(crate) image: Escaped<'a>,
    pub(crate) map: Option<Escaped<'a>>,
    pub(crate) x: i32,
    pub(crate) y: i32,
    pub(crate) gpid: Escaped<'a>,
}

impl<'a> BasicRef<'a> {
    /// Reads a BasicPiece type and state.
    pub(crate) fn parse(type_string: Escaped<'a>, state_string: Escaped<'a>) -> Self {
        let mut types = type_string.tokens(Delimiter::Semicolon);
        types.skip_tokens(3);
        let image = types.next_token().unwrap_or(Escaped::EMPTY);
        let name = types.next_token().unwrap_or(Escaped::EMPTY);
        let mut states = state_string.tokens(Delimiter::Semicolon);
        let map = states
            .next_token()
            .filter(|m| !m.eq_str("null") && !m.is_empty());
        let x = states.next_parsed(0);
        let y = states.next_parsed(0);
        let gpid = states.next_token().unwrap_or(Escaped::EMPTY);
        Self {
            name,
            image,
            map,
            x,
            y,
            gpid,
        }
    }
}

/// Whether a chain can join stacks: false when an `immob;` trait says "never stack"
/// (its stacking option lacks `L`; missing means never).
pub fn can_stack(chain: &[TraitEntry]) -> bool {
    chain.iter().filter(|t| t.id() == "immob;").all(|t| {
        let mut fields = SequenceDecoder::new(&t.type_string, ';');
        fields.next_token();
        fields.next_token();
        fields.next_token();
        fields.next_token_or("R").contains('L')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TYPE: &str = "prototype;French I Corps Unit\tprototype;French Unit\\\temb2;;128;A;true\\\\\tpiece;;;deSalles_I_front.png;De Salles / I Corps";
    const STATE: &str = "\t\\\t1\\\\\tnull;0;0;459;3;ClickedX;1247";

    #[test]
    fn splits_the_documented_example() {
        let chain = split_trait_chain(TYPE, STATE);
        let ids: Vec<&str> = chain.iter().map(TraitEntry::id).collect();
        assert_eq!(ids, ["prototype;", "prototype;", "emb2;", "piece;"]);
        assert_eq!(chain[0].type_string, "prototype;French I Corps Unit");
        assert_eq!(chain[2].state_string, "1");
        assert_eq!(chain[3].state_string, "null;0;0;459;3;ClickedX;1247");
        let basic = BasicPieceInfo::parse(&chain[3].type_string, &chain[3].state_string);
        assert_eq!(basic.name, "De Salles / I Corps");
        assert_eq!(basic.image, "deSalles_I_front.png");
        assert_eq!((basic.map, basic.x, basic.gpid.as_str()), (None, 0, "459"));
        assert_eq!(
            join_trait_chain(&chain),
            (TYPE.to_string(), STATE.to_string())
        );
    }

    #[test]
    fn basic_pieces_and_missing_states() {
        let chain = split_trait_chain("stack", "Main Map;1;2;a;b");
        assert_eq!(chain.len(), 1);
        let chain = split_trait_chain("mark;Side\tpiece;;;;X", "");
        assert_eq!(chain.len(), 2);
        assert_eq!(chain[1].state_string, "");
        assert!(join_trait_chain(&[]).0.is_empty());
        let old = BasicPieceInfo::parse("piece;;;1287.svg;30", "null;164;128");
        assert_eq!((old.x, old.y, old.gpid.as_str()), (164, 128, ""));
    }

    #[test]
    fn stacking_follows_immobilized() {
        let entry = |t: &str| TraitEntry {
            type_string: t.into(),
            state_string: String::new(),
        };
        assert!(can_stack(&[entry("piece;;;;x")]));
        assert!(!can_stack(&[entry("immob;;N;R;"), entry("piece;;;;x")]));
        assert!(!can_stack(&[entry("immob;n;V"), entry("piece;;;;x")]));
        assert!(can_stack(&[entry("immob;;N;L;"), entry("piece;;;;x")]));
    }
}

//! What each reader of a game of written orders may hold in the save it receives: the
//! referee's save holds everything; a power's holds what every player sees and what the
//! rules let that power alone see; the public save (for observers) only what every player
//! sees. What a reader may not see is absent from its save, not hidden by a trait that
//! VASSAL honours and any program reading the file ignores:
//! - the pieces of hidden parts of units (`[rules.fractions]`) of every other power (a
//!   piece any other side has hidden with VASSAL's Invisible trait, whatever its counter);
//! - Delayed notes (VASSAL's secret notes) not yet revealed, but the reader's own: a note is
//!   a power's when the player roster gives its writer that power's side, or else when its
//!   text begins with the power's name and a colon or its name ends with the power's name,
//!   as the module's help tells players to write them;
//! - the writer of another's revealed Delayed note (VASSAL records the writer's password);
//! - the private notes of the Notes window, but those the roster says the reader wrote;
//! - the player roster's entries (each holds its player's password) but the reader's own.
//!
//! A save made for one reader carries a [`VIEW_COMMAND`] naming it, so that it is not taken
//! for the referee's save (VASSAL ignores the command, and drops it if it saves the game
//! again).

use serde::Serialize;

use super::adjudicate::Audience;
use super::position::is_part;
use crate::helpers::savegame::counter_of;
use crate::model::{Game, SideId};
use crate::vassal::encoder::{decode, encode_or_empty};
use crate::vassal::save::GameState;

/// The leaf command naming the reader a save was made for (`sandtable-view\tfrance`).
pub const VIEW_COMMAND: &str = "sandtable-view";

/// A note of VASSAL's Notes window's Delayed tab (a secret note, `SNOTE`).
const SECRET_NOTE: &str = "SNOTE\t";
/// A private note of the Notes window (`PNOTE`).
const PRIVATE_NOTE: &str = "PNOTE\t";
/// A player roster entry (`PLAYER\tid\tname\tside`).
const PLAYER: &str = "PLAYER\t";
/// A roster entry's removal.
const PLAYER_REMOVED: &str = "PYREMOVE\t";

/// What a reader's save leaves out of the referee's, counted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Withheld {
    /// Pieces of other powers' hidden parts (or hidden by another side).
    pub pieces: usize,
    /// Delayed notes not yet revealed, of other powers or of nobody known.
    pub unrevealed_notes: usize,
    /// Private notes of other players.
    pub private_notes: usize,
    /// Revealed notes of others whose writer (a password) was left empty.
    pub note_writers: usize,
    /// Player roster entries of other sides.
    pub players: usize,
}

/// A reader's save: the state it holds and what it leaves out.
#[derive(Debug, Clone)]
pub struct View {
    /// The state the reader's save holds.
    pub state: GameState,
    /// What was left out.
    pub withheld: Withheld,
}

/// The reader a save names ([`VIEW_COMMAND`]), when it was made for one.
pub fn reader_of(state: &GameState) -> Option<String> {
    state.unknown_commands.iter().find_map(|c| {
        let fields = decode(c, '\t');
        (fields.first().map(String::as_str) == Some(VIEW_COMMAND))
            .then(|| fields.get(1).cloned().unwrap_or_default())
    })
}

/// The side a roster's side name, or a power's name or id as a note writes it, is.
fn side_named(game: &Game, name: &str) -> Option<SideId> {
    let name = name.trim();
    game.sides
        .iter()
        .position(|s| s.name.eq_ignore_ascii_case(name) || s.id.eq_ignore_ascii_case(name))
}

/// The roster's sides by player id.
pub fn roster(game: &Game, state: &GameState) -> Vec<(String, Option<SideId>)> {
    let mut out: Vec<(String, Option<SideId>)> = Vec::new();
    for c in &state.unknown_commands {
        if let Some(rest) = c.strip_prefix(PLAYER) {
            let f = decode(rest, '\t');
            let id = f.first().cloned().unwrap_or_default();
            let side = f.get(2).and_then(|s| side_named(game, s));
            out.retain(|(i, _)| *i != id);
            out.push((id, side));
        } else if let Some(rest) = c.strip_prefix(PLAYER_REMOVED) {
            let id = decode(rest, '\t').first().cloned().unwrap_or_default();
            out.retain(|(i, _)| *i != id);
        }
    }
    out
}

/// A Delayed note: its name, writer's id, whether it is still hidden, and its text.
pub struct SecretNote {
    /// The note's name.
    pub name: String,
    /// Its writer's player id.
    pub owner: String,
    /// Not revealed yet.
    pub hidden: bool,
    /// Its text, newlines restored.
    pub text: String,
}

/// A `SNOTE` command read, as VASSAL's `SecretNotesController` writes it.
pub fn secret_note(command: &str) -> Option<SecretNote> {
    let rest = command.strip_prefix(SECRET_NOTE)?;
    let f = decode(rest, '\t');
    let get = |i: usize| f.get(i).cloned().unwrap_or_default();
    Some(SecretNote {
        name: get(0),
        owner: get(1),
        hidden: get(2) == "true",
        // VASSAL's TextConfigurer writes the lines as a `|` sequence.
        text: decode(&get(3), '|').join("\n"),
    })
}

/// The power whose note it is: by the roster, else by the power its text begins with
/// (`Austria:`), else by the power its name ends with (`July 1914 — Movement — Austria`).
pub fn note_power(
    game: &Game,
    roster: &[(String, Option<SideId>)],
    note: &SecretNote,
) -> Option<SideId> {
    if let Some((_, side)) = roster.iter().find(|(id, _)| *id == note.owner) {
        return *side;
    }
    let heading = note
        .text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .and_then(|l| l.strip_suffix(':'))
        .and_then(|p| side_named(game, p));
    heading.or_else(|| {
        let last = note
            .name
            .rsplit(['—', '-', ':', ','])
            .next()
            .unwrap_or_default();
        side_named(game, last)
    })
}

/// The save `audience` may receive of the referee's `state`.
pub fn view(game: &Game, state: &GameState, audience: &Audience) -> View {
    let reader: Option<SideId> = match audience {
        Audience::Referee => {
            return View {
                state: state.clone(),
                withheld: Withheld::default(),
            }
        }
        Audience::Public => None,
        Audience::Power(p) => game.side_index(p),
    };
    let reader_name = reader.map(|s| game.sides[s].name.as_str());
    let mut withheld = Withheld::default();
    let mut out = state.clone();
    // Pieces: other powers' parts, and anything another side hid.
    out.pieces.retain(|_, piece| {
        let part_of_other = counter_of(game, piece).is_ok_and(|(c, _)| {
            is_part(game, c) && (reader.is_none() || game.side_of(c) != reader)
        });
        let hidden_by_other = piece.traits.iter().any(|t| {
            t.type_string.starts_with("hide;")
                && !t.state_string.is_empty()
                && !t.state_string.eq_ignore_ascii_case("null")
                && Some(t.state_string.as_str()) != reader_name
        });
        let keep = !part_of_other && !hidden_by_other;
        if !keep {
            withheld.pieces += 1;
        }
        keep
    });
    for container in out.containers.values_mut() {
        container
            .children
            .retain(|c| state.pieces.get(c).is_none() || out.pieces.contains_key(c));
    }
    let players = roster(game, state);
    let whose = |id: &str| players.iter().find(|(i, _)| i == id).and_then(|(_, s)| *s);
    out.unknown_commands.retain(|c| {
        if let Some(note) = secret_note(c) {
            let own = reader.is_some() && note_power(game, &players, &note) == reader;
            if !own && note.hidden {
                withheld.unrevealed_notes += 1;
            }
            return own || !note.hidden;
        }
        if let Some(rest) = c.strip_prefix(PRIVATE_NOTE) {
            let owner = decode(rest, '\t').first().cloned().unwrap_or_default();
            let keep = reader.is_some() && whose(&owner) == reader;
            if !keep {
                withheld.private_notes += 1;
            }
            return keep;
        }
        if let Some(rest) = c.strip_prefix(PLAYER) {
            let side = decode(rest, '\t').get(2).and_then(|s| side_named(game, s));
            let keep = reader.is_some() && side == reader;
            if !keep {
                withheld.players += 1;
            }
            return keep;
        }
        !c.starts_with(PLAYER_REMOVED) && !c.starts_with(&format!("{VIEW_COMMAND}\t"))
    });
    // A revealed note of another's is everyone's to read, but its writer field is the
    // writer's password: left empty.
    for c in &mut out.unknown_commands {
        let Some(note) = secret_note(c) else {
            continue;
        };
        let own = reader.is_some() && note_power(game, &players, &note) == reader;
        if own || note.owner.is_empty() {
            continue;
        }
        let mut fields = decode(&c[SECRET_NOTE.len()..], '\t');
        if let Some(owner) = fields.get_mut(1) {
            owner.clear();
        }
        *c = format!("{SECRET_NOTE}{}", encode_or_empty(&fields, '\t'));
        withheld.note_writers += 1;
    }
    let who = match audience {
        Audience::Power(p) => p.as_str(),
        _ => "public",
    };
    out.unknown_commands
        .push(encode_or_empty(&[VIEW_COMMAND, who], '\t'));
    View {
        state: out,
        withheld,
    }
}

//! A VASSAL save of a game of written orders on a province board (Diplomacy), as the
//! adjudicator reads and writes it: the phase the turn tracker shows (its one level steps
//! through every phase of every turn, `crate::layout::vassal::order_steps`), the retreat
//! situation a save written after a movement phase records, and the save edited as a phase
//! changes the board — one VASSAL command per piece (`M/` a move, `-/` a removal, `+/` a
//! new piece copied from one of the same counter, or from the module's palette when the
//! save holds none), on each centre that changed hands the old owner's control marker
//! removed and the new owner's added at the centre's marker spot, the tracker set on the
//! next phase, the retreat situation kept in the module's `RetreatSituation` global
//! property (VASSAL writes it into every save, so it survives a save made again in VASSAL).
//! The pieces are found through the save adapter (`helpers::savegame`) and placed by the
//! grids the layout gives the module; nothing here reads or writes files.
//!
//! This file reads the phase and the retreat situation and drives the edit; the pieces it
//! moves, removes and copies are worked out in `pieces.rs`.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::adjudicate::UnitChange;
use super::board::ProvinceBoard;
use super::movement::kind_letter;
use super::position::{counter_for, unit_kind, Position};
use super::retreat::Dislodged;
use super::{Unit, UnitKind};
use crate::helpers::savegame::{build_maps, counter_of, tracker_index, MapTarget, SavePositions};
use crate::layout::vassal::{centre_spots, order_steps, RETREATS_PROPERTY, TRACKER_ID};
use crate::model::{CounterId, Game, Location, PhaseId, SideId, TurnId};
use crate::vassal::buildfile::Element;
use crate::vassal::encoder::{decode, encode_or_empty, SequenceEncoder};
use crate::vassal::grid::Point;
use crate::vassal::save::writer::add_piece_command;
use crate::vassal::save::{
    join_trait_chain, split_trait_chain, CommandTree, GameState, LeafCommand, SaveGame, SavedPiece,
};

mod pieces;

pub use pieces::palette_pieces;
use pieces::{
    captured_markers, copy_piece, force_pieces, fraction_pieces, move_command, track_markers,
};

/// The turn and phase the save's turn tracker shows (its first level's step), when the
/// game is one of written orders and the save records it.
pub fn step_of(game: &Game, state: &GameState) -> Option<(TurnId, PhaseId)> {
    let steps = order_steps(game)?;
    tracker_index(state).and_then(|index| steps.get(index).copied())
}

/// The phase the save's turn tracker shows.
pub fn phase_of(game: &Game, state: &GameState) -> Option<PhaseId> {
    step_of(game, state).map(|(_, p)| p)
}

/// The tracker command that puts the save on `phase` of `turn`, as `sandtable build`
/// writes the tracker's state (one level of steps, every item active).
pub fn tracker_command(game: &Game, turn: TurnId, phase: PhaseId) -> String {
    let steps = order_steps(game).unwrap_or_default();
    let index = steps.iter().position(|s| *s == (turn, phase)).unwrap_or(0);
    let mut level = SequenceEncoder::new(';');
    level
        .append_int(index as i64)
        .append_int(0)
        .append_int(0)
        .append(&encode_or_empty(&vec!["true"; steps.len()], ','));
    let level = level.into_value().unwrap_or_default();
    encode_or_empty(
        &[
            format!("TURN{TRACKER_ID}"),
            encode_or_empty(&["0", level.as_str()], '|'),
        ],
        '\t',
    )
}

/// The leaf command in which saves written before [`RETREATS_PROPERTY`] recorded the retreat
/// situation (VASSAL ignores a command it does not know, and drops it when it saves the game
/// again); still read, never written.
pub const RETREAT_COMMAND: &str = "sandtable-retreat";

/// The retreat situation a save records, in the module's [`RETREATS_PROPERTY`] (or, in a
/// save written before it, a [`RETREAT_COMMAND`]): the dislodged units and the provinces a
/// standoff left empty. `None` when the save records none (the property empty).
pub fn retreat_record(state: &GameState) -> Option<(Vec<Dislodged>, Vec<String>)> {
    let property = state
        .global_properties
        .iter()
        .rev()
        .find(|(name, _, _)| name == RETREATS_PROPERTY);
    let fields = match property {
        Some((_, value, _)) if value.is_empty() => return None,
        Some((_, value, _)) => decode(value, '\t'),
        None => {
            let c = state
                .unknown_commands
                .iter()
                .rev()
                .find(|c| c.starts_with(&format!("{RETREAT_COMMAND}\t")))?;
            decode(c, '\t').into_iter().skip(1).collect()
        }
    };
    let mut dislodged = Vec::new();
    let mut standoffs = Vec::new();
    for f in &fields {
        let words: Vec<&str> = f.split(' ').collect();
        match words.as_slice() {
            ["standoff", p] => standoffs.push(p.to_string()),
            ["dislodged", power, kind, at, "from", from, rest @ ..] => {
                let kind = match *kind {
                    "A" => UnitKind::Army,
                    "F" => UnitKind::Fleet,
                    _ => continue,
                };
                let mut unit = Unit::new(power, kind, at);
                let mut convoyed = false;
                for w in rest {
                    if *w == "convoyed" {
                        convoyed = true;
                    } else if let Some(s) = w.strip_prefix("strength=") {
                        unit.strength = s.parse().unwrap_or(1);
                    }
                }
                dislodged.push(Dislodged {
                    unit,
                    from: from.to_string(),
                    convoyed,
                });
            }
            _ => {}
        }
    }
    Some((dislodged, standoffs))
}

/// The command setting [`RETREATS_PROPERTY`] to a retreat situation (empty when nothing is
/// dislodged and no standoff matters: a phase other than retreats).
pub fn retreat_command(dislodged: &[Dislodged], standoffs: &[String]) -> String {
    let mut tokens = Vec::new();
    for d in dislodged {
        let u = &d.unit;
        let mut t = format!(
            "dislodged {} {} {} from {}",
            u.power,
            kind_letter(u.kind),
            u.location,
            d.from
        );
        if d.convoyed {
            t.push_str(" convoyed");
        }
        if u.strength != 1 {
            t.push_str(&format!(" strength={}", u.strength));
        }
        tokens.push(t);
    }
    tokens.extend(standoffs.iter().map(|s| format!("standoff {s}")));
    let value = encode_or_empty(&tokens, '\t');
    encode_or_empty(
        &[
            "GlobalProperty\t",
            RETREATS_PROPERTY,
            value.as_str(),
            "Module",
        ],
        ';',
    )
}

/// One piece moved, removed or added by a [`DiplomacyEdit`].
#[derive(Debug, Clone, Serialize)]
pub struct PieceChange {
    /// Piece id.
    pub piece: String,
    /// Counter id.
    pub counter: String,
    /// Where it stood (absent for a new piece).
    pub from: Option<String>,
    /// Where it stands now (absent for a removed piece).
    pub to: Option<String>,
}

/// A save's pieces changed as a phase of written orders changes the board: one VASSAL
/// command per piece (`M/` a move, `-/` a removal, `+/` a new piece copied from a piece of
/// the same counter), the turn tracker set on the next phase, and the retreat situation
/// recorded for a retreat phase.
#[derive(Debug, Clone, Default, Serialize)]
pub struct DiplomacyEdit {
    /// Pieces moved.
    pub moved: Vec<PieceChange>,
    /// Pieces removed.
    pub removed: Vec<PieceChange>,
    /// Pieces added.
    pub added: Vec<PieceChange>,
    /// Control markers taken off and put on the supply centres that changed hands.
    pub markers: Vec<PieceChange>,
    /// The leaf commands, in order.
    #[serde(skip)]
    pub leaves: Vec<String>,
    /// The tracker command for the next phase.
    #[serde(skip)]
    pub tracker: String,
    /// The command setting the retreat record ([`RETREATS_PROPERTY`]): the situation at a
    /// retreat phase, empty at any other.
    #[serde(skip)]
    pub retreat: Option<String>,
}

impl DiplomacyEdit {
    /// What it did, for reports.
    pub fn summary(&self) -> Self {
        Self {
            leaves: Vec::new(),
            tracker: String::new(),
            retreat: None,
            ..self.clone()
        }
    }

    /// The save's command stream with the edit: every command kept as it was, the tracker
    /// command replaced, an earlier retreat record of the old kind ([`RETREAT_COMMAND`])
    /// dropped, and the new commands (the retreat record set) before `end_save`.
    pub fn commands(&self, save: &SaveGame) -> String {
        let tracker = format!("TURN{TRACKER_ID}\t");
        let mut tree = save.commands.clone();
        let mut replaced = false;
        tree.replace_leaves(&mut |leaf| {
            if leaf.starts_with(&tracker) {
                replaced = true;
                Some(self.tracker.clone())
            } else if leaf.starts_with(&format!("{RETREAT_COMMAND}\t")) {
                Some(String::new())
            } else {
                None
            }
        });
        let mut new: Vec<CommandTree> =
            self.leaves.iter().cloned().map(CommandTree::Leaf).collect();
        if !replaced {
            new.push(CommandTree::Leaf(self.tracker.clone()));
        }
        if let Some(r) = &self.retreat {
            new.push(CommandTree::Leaf(r.clone()));
        }
        let mut children = match tree {
            CommandTree::Compound(c) => c,
            leaf => vec![leaf],
        };
        let end = children
            .iter()
            .rposition(|c| matches!(c, CommandTree::Leaf(t) if t == "end_save"))
            .unwrap_or(children.len());
        children.splice(end..end, new);
        CommandTree::Compound(children).encode()
    }
}

/// The edit of a save that carries out `changes` (from an adjudication) and puts the save
/// on `next`: each unit found among the save's pieces by its power, kind and location; a
/// new piece (a build, a control marker) copied from a piece of its counter in the save, or
/// else from `palette` (asked only then: [`palette_pieces`] of the module).
pub fn diplomacy_edit(
    board: &ProvinceBoard,
    state: &GameState,
    save: &SavePositions,
    changes: &[UnitChange],
    next: &Position,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
) -> Result<DiplomacyEdit, String> {
    let game = board.game;
    let maps = build_maps(game);
    let window = maps
        .iter()
        .find(|m| m.target == MapTarget::Map(board.map))
        .ok_or("the province board has no map window")?;
    let site_name = |location: &str| {
        board
            .site(location)
            .map(|s| board.areas.site_name(s))
            .unwrap_or_else(|| location.to_string())
    };
    let point_of = |location: &str| -> Result<Point, String> {
        window
            .layout
            .point_for_location(None, &site_name(location))
            .ok_or_else(|| format!("the module has no place for `{location}`"))
    };
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut piece_of = |unit: &Unit| -> Result<(String, CounterId), String> {
        let site = board
            .site(&unit.location)
            .ok_or_else(|| format!("`{}` is not on the board", unit.location))?;
        let slot = site.slot();
        let location = Location::Area {
            map: board.map,
            area: site.area,
            slot,
        };
        let found = save.positions.units.iter().find(|p| {
            p.location == location
                && unit_kind(game, p.counter) == Some(unit.kind)
                && game.side_of(p.counter).map(|s| game.sides[s].id.as_str())
                    == Some(unit.power.as_str())
                && p.piece.as_ref().is_some_and(|id| !used.contains(id))
        });
        let p = found.ok_or_else(|| {
            format!(
                "no piece of the save is {}'s {} in {}",
                unit.power,
                unit.kind.as_str(),
                site_name(&unit.location)
            )
        })?;
        let id = p.piece.clone().unwrap_or_default();
        used.insert(id.clone());
        Ok((id, p.counter))
    };
    let mut edit = DiplomacyEdit::default();
    let mut next_id = state
        .pieces
        .keys()
        .chain(state.containers.keys())
        .filter_map(|k| k.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
        .saturating_add(1);
    if game.rules.multi_factor.is_some() {
        force_pieces(
            board,
            state,
            save,
            next,
            palette,
            window,
            &mut next_id,
            &mut edit,
        )?;
    }
    if game.rules.industry.is_some() {
        captured_markers(
            board,
            state,
            save,
            next,
            palette,
            window,
            &mut next_id,
            &mut edit,
        )?;
    }
    let changes = if game.rules.multi_factor.is_some() {
        &[][..]
    } else {
        changes
    };
    for change in changes {
        match change {
            UnitChange::Moved { unit, to } => {
                let (id, counter) = piece_of(unit)?;
                let piece = state.pieces.get(&id).ok_or("a piece vanished")?;
                let p = point_of(to)?;
                edit.leaves
                    .push(move_command(&id, piece, &window.layout.map_name, p));
                edit.moved.push(PieceChange {
                    piece: id,
                    counter: game.counters[counter].id.clone(),
                    from: Some(site_name(&unit.location)),
                    to: Some(site_name(to)),
                });
            }
            UnitChange::Removed { unit } => {
                let (id, counter) = piece_of(unit)?;
                edit.leaves.push(format!("-/{id}"));
                edit.removed.push(PieceChange {
                    piece: id,
                    counter: game.counters[counter].id.clone(),
                    from: Some(site_name(&unit.location)),
                    to: None,
                });
            }
            UnitChange::Built { unit } => {
                let counter = counter_for(game, &unit.power, unit.kind).ok_or_else(|| {
                    format!("{} has no {} counter", unit.power, unit.kind.as_str())
                })?;
                let p = point_of(&unit.location)?;
                let id = next_id.to_string();
                next_id = next_id.saturating_add(1);
                edit.leaves.push(copy_piece(
                    game,
                    state,
                    palette,
                    counter,
                    &window.layout.map_name,
                    p,
                    &id,
                    &format!("the build in {}", site_name(&unit.location)),
                )?);
                edit.added.push(PieceChange {
                    piece: id,
                    counter: game.counters[counter].id.clone(),
                    from: None,
                    to: Some(site_name(&unit.location)),
                });
            }
        }
    }
    // The control markers of the centres that changed hands: the old owner's taken off, the
    // new owner's put on the centre's marker spot.
    let spots: BTreeMap<usize, (i32, i32)> = centre_spots(game, board.map).into_iter().collect();
    let before: BTreeMap<usize, SideId> = save
        .owners
        .iter()
        .filter(|(m, _, _)| *m == board.map)
        .map(|(_, area, side)| (*area, *side))
        .collect();
    for (area, a) in board.areas.areas.iter().enumerate() {
        if !game.is_owned_area(&a.id, a.supply_centre) {
            continue;
        }
        let after = next
            .owners
            .get(&a.id)
            .and_then(|power| game.side_index(power));
        let was = before.get(&area).copied();
        if after == was {
            continue;
        }
        for p in &save.positions.units {
            let on_centre = matches!(
                p.location,
                Location::Area { map, area: at, .. } if map == board.map && at == area
            );
            if !on_centre || game.control_marker_side(p.counter).is_none() {
                continue;
            }
            let Some(id) = p.piece.clone() else { continue };
            edit.leaves.push(format!("-/{id}"));
            edit.markers.push(PieceChange {
                piece: id,
                counter: game.counters[p.counter].id.clone(),
                from: Some(a.name.clone()),
                to: None,
            });
        }
        let Some(side) = after else { continue };
        let Some(marker) =
            (0..game.counters.len()).find(|c| game.control_marker_side(*c) == Some(side))
        else {
            continue;
        };
        let Some(&(x, y)) = spots.get(&area) else {
            continue;
        };
        let id = next_id.to_string();
        next_id = next_id.saturating_add(1);
        edit.leaves.push(copy_piece(
            game,
            state,
            palette,
            marker,
            &window.layout.map_name,
            Point::new(x, y),
            &id,
            &format!("{}'s control marker in {}", game.sides[side].name, a.name),
        )?);
        edit.markers.push(PieceChange {
            piece: id,
            counter: game.counters[marker].id.clone(),
            from: None,
            to: Some(a.name.clone()),
        });
    }
    if game.rules.fractions.is_some() {
        fraction_pieces(
            board,
            state,
            save,
            next,
            palette,
            window,
            &mut next_id,
            &mut edit,
        )?;
    }
    track_markers(game, state, save, next, window, &mut edit)?;
    edit.tracker = tracker_command(game, next.turn, next.phase);
    // Set at a retreat phase, emptied at any other (an old record would outlive it).
    edit.retreat = Some(if next.dislodged.is_empty() {
        retreat_command(&[], &[])
    } else {
        retreat_command(&next.dislodged, &next.standoffs)
    });
    Ok(edit)
}

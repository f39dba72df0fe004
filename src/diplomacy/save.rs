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

/// The pieces of a multi-factor game changed to the next position's forces: where a power's
/// army or fleet in a location adds up to the force it should be, its counters stay; where
/// not, they are taken off and counters of the new total put on, the largest first (an A7
/// is a 5 and two 1s). A retreat phase's dislodged forces still stand where they were.
#[allow(clippy::too_many_arguments)]
fn force_pieces(
    board: &ProvinceBoard,
    state: &GameState,
    save: &SavePositions,
    next: &Position,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    window: &crate::helpers::savegame::SaveMap,
    next_id: &mut u64,
    edit: &mut DiplomacyEdit,
) -> Result<(), String> {
    let game = board.game;
    type Key = (String, bool, String);
    let key = |u: &Unit| -> Key {
        (
            u.power.clone(),
            u.kind == UnitKind::Fleet,
            u.location.clone(),
        )
    };
    let mut target: BTreeMap<Key, u32> = BTreeMap::new();
    for u in next
        .units
        .iter()
        .chain(next.dislodged.iter().map(|d| &d.unit))
    {
        *target.entry(key(u)).or_default() += u.strength;
    }
    let mut current: BTreeMap<Key, Vec<(String, CounterId)>> = BTreeMap::new();
    for p in &save.positions.units {
        let Location::Area { map, area, slot } = p.location else {
            continue;
        };
        let (Some(kind), Some(side), Some(id)) = (
            unit_kind(game, p.counter),
            game.side_of(p.counter),
            p.piece.clone(),
        ) else {
            continue;
        };
        if map != board.map {
            continue;
        }
        let site = crate::model::Site::in_slot(area, slot);
        let k = (
            game.sides[side].id.clone(),
            kind == UnitKind::Fleet,
            board.site_id(site),
        );
        current.entry(k).or_default().push((id, p.counter));
    }
    let keys: BTreeSet<Key> = target.keys().chain(current.keys()).cloned().collect();
    for k in keys {
        let want = target.get(&k).copied().unwrap_or(0);
        let pieces = current.get(&k).cloned().unwrap_or_default();
        let have: u32 = pieces
            .iter()
            .map(|(_, c)| super::position::counter_strength(game, *c))
            .sum();
        if have == want {
            continue;
        }
        let name = board
            .site(&k.2)
            .map(|s| board.areas.site_name(s))
            .unwrap_or_else(|| k.2.clone());
        for (id, counter) in pieces {
            edit.leaves.push(format!("-/{id}"));
            edit.removed.push(PieceChange {
                piece: id,
                counter: game.counters[counter].id.clone(),
                from: Some(name.clone()),
                to: None,
            });
        }
        if want == 0 {
            continue;
        }
        let kind = if k.1 { UnitKind::Fleet } else { UnitKind::Army };
        let side = game.side_index(&k.0).ok_or("a force of no power")?;
        let counters = (0..game.counters.len())
            .filter(|&c| game.side_of(c) == Some(side) && unit_kind(game, c) == Some(kind));
        let pieces = make_up(game, counters, want).ok_or_else(|| {
            format!(
                "{}'s counters cannot make up a force of {want} in {name}",
                k.0
            )
        })?;
        let what = format!("{}'s force in {name}", k.0);
        let added = put_on(game, state, palette, window, next_id, &pieces, &name, &what)?;
        edit.leaves.extend(added.0);
        edit.added.extend(added.1);
    }
    Ok(())
}

/// The pieces of hidden parts changed to the next position's: each part's piece kept where
/// it stands, the others taken off, and a piece put on for each part that has none (copied
/// from a piece of its counter, hidden from every side but its own).
#[allow(clippy::too_many_arguments)]
fn fraction_pieces(
    board: &ProvinceBoard,
    state: &GameState,
    save: &SavePositions,
    next: &Position,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    window: &crate::helpers::savegame::SaveMap,
    next_id: &mut u64,
    edit: &mut DiplomacyEdit,
) -> Result<(), String> {
    let game = board.game;
    let Some(rules) = &game.rules.fractions else {
        return Ok(());
    };
    let site_of = |location: &Location| match *location {
        Location::Area { map, area, slot } if map == board.map => {
            Some(board.site_id(crate::model::Site::in_slot(area, slot)))
        }
        _ => None,
    };
    // The parts wanted, by (counter, location).
    let mut wanted: BTreeMap<(CounterId, String), usize> = BTreeMap::new();
    for f in &next.fractions {
        let piece = rules
            .pieces
            .iter()
            .find(|p| game.sides[p.side].id == f.power && p.kind == f.kind && p.size == f.size)
            .ok_or_else(|| {
                format!(
                    "the module has no counter for {}'s {} {} part",
                    f.power,
                    f.size,
                    f.kind.as_str()
                )
            })?;
        *wanted
            .entry((piece.counter, f.location.clone()))
            .or_default() += 1;
    }
    for p in &save.positions.units {
        if !rules.pieces.iter().any(|x| x.counter == p.counter) {
            continue;
        }
        let (Some(at), Some(id)) = (site_of(&p.location), p.piece.clone()) else {
            continue;
        };
        match wanted.get_mut(&(p.counter, at.clone())) {
            Some(n) if *n > 0 => *n -= 1,
            _ => {
                edit.leaves.push(format!("-/{id}"));
                edit.removed.push(PieceChange {
                    piece: id,
                    counter: game.counters[p.counter].id.clone(),
                    from: Some(at),
                    to: None,
                });
            }
        }
    }
    for ((counter, location), n) in wanted {
        if n == 0 {
            continue;
        }
        let name = board
            .site(&location)
            .map(|s| board.areas.site_name(s))
            .unwrap_or_else(|| location.clone());
        let what = format!("a hidden part in {name}");
        let added = put_on(
            game,
            state,
            palette,
            window,
            next_id,
            &vec![counter; n],
            &name,
            &what,
        )?;
        edit.leaves.extend(added.0);
        edit.added.extend(added.1);
    }
    Ok(())
}

/// New pieces of `counters` on the location `name` of the map window, copied from pieces of the same
/// counters (`what` names them in errors): their `+/` commands and the changes to report.
#[allow(clippy::too_many_arguments)]
fn put_on(
    game: &Game,
    state: &GameState,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    window: &crate::helpers::savegame::SaveMap,
    next_id: &mut u64,
    counters: &[CounterId],
    name: &str,
    what: &str,
) -> Result<(Vec<String>, Vec<PieceChange>), String> {
    let point = window
        .layout
        .point_for_location(None, name)
        .ok_or_else(|| format!("the module has no place for `{name}`"))?;
    let mut leaves = Vec::new();
    let mut changes = Vec::new();
    for &counter in counters {
        let id = next_id.to_string();
        *next_id = next_id.saturating_add(1);
        leaves.push(copy_piece(
            game,
            state,
            palette,
            counter,
            &window.layout.map_name,
            point,
            &id,
            what,
        )?);
        changes.push(PieceChange {
            piece: id,
            counter: game.counters[counter].id.clone(),
            from: None,
            to: Some(name.to_string()),
        });
    }
    Ok((leaves, changes))
}

/// Counters among `counters` whose strengths add up to `amount`, the largest first (an A7
/// is a 5 and two 1s), or `None` when they cannot.
fn make_up(
    game: &Game,
    counters: impl Iterator<Item = CounterId>,
    amount: u32,
) -> Option<Vec<CounterId>> {
    let mut denominations: Vec<(u32, CounterId)> = counters
        .map(|c| (super::position::counter_strength(game, c), c))
        .collect();
    denominations.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut left = amount;
    let mut out = Vec::new();
    for (value, counter) in denominations {
        while value > 0 && left >= value {
            left -= value;
            out.push(counter);
        }
    }
    (left == 0).then_some(out)
}

/// The captured-IP markers changed to the next position's: in a centre whose captured IPs
/// changed the markers are taken off and markers of the new amount put on, largest first.
#[allow(clippy::too_many_arguments)]
fn captured_markers(
    board: &ProvinceBoard,
    state: &GameState,
    save: &SavePositions,
    next: &Position,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    window: &crate::helpers::savegame::SaveMap,
    next_id: &mut u64,
    edit: &mut DiplomacyEdit,
) -> Result<(), String> {
    let game = board.game;
    let Some(industry) = &game.rules.industry else {
        return Ok(());
    };
    let mut current: BTreeMap<String, Vec<(String, CounterId)>> = BTreeMap::new();
    for p in &save.positions.units {
        let Location::Area { map, area, .. } = p.location else {
            continue;
        };
        if map != board.map || !industry.captured.contains(&p.counter) {
            continue;
        }
        if let Some(id) = p.piece.clone() {
            current
                .entry(board.areas.areas[area].id.clone())
                .or_default()
                .push((id, p.counter));
        }
    }
    let centres: BTreeSet<String> = current
        .keys()
        .chain(next.captured.keys())
        .cloned()
        .collect();
    for centre in centres {
        let pieces = current.get(&centre).cloned().unwrap_or_default();
        let have: (Option<SideId>, u32) = (
            pieces.first().and_then(|(_, c)| game.side_of(*c)),
            pieces
                .iter()
                .map(|(_, c)| super::position::counter_strength(game, *c))
                .sum(),
        );
        let want = next.captured.get(&centre);
        let want_side = want.and_then(|w| game.side_index(&w.from));
        if have == (want_side, want.map_or(0, |w| w.ips)) {
            continue;
        }
        let name = board
            .site(&centre)
            .map(|s| board.areas.site_name(s))
            .unwrap_or_else(|| centre.clone());
        for (id, counter) in pieces {
            edit.leaves.push(format!("-/{id}"));
            edit.markers.push(PieceChange {
                piece: id,
                counter: game.counters[counter].id.clone(),
                from: Some(name.clone()),
                to: None,
            });
        }
        let (Some(w), Some(side)) = (want, want_side) else {
            continue;
        };
        let counters = industry
            .captured
            .iter()
            .copied()
            .filter(|c| game.side_of(*c) == Some(side));
        let pieces = make_up(game, counters, w.ips).ok_or_else(|| {
            format!(
                "{}'s captured-IP markers cannot make up {} IPs in {name}",
                w.from, w.ips
            )
        })?;
        let what = format!("{}'s captured IPs in {name}", w.from);
        let added = put_on(game, state, palette, window, next_id, &pieces, &name, &what)?;
        edit.leaves.extend(added.0);
        edit.markers.extend(added.1);
    }
    Ok(())
}

/// The industry tracks' markers moved to the next position's IPs and squadrons.
fn track_markers(
    game: &Game,
    state: &GameState,
    save: &SavePositions,
    next: &Position,
    window: &crate::helpers::savegame::SaveMap,
    edit: &mut DiplomacyEdit,
) -> Result<(), String> {
    let Some(industry) = &game.rules.industry else {
        return Ok(());
    };
    let tracks = industry
        .points
        .iter()
        .map(|&(s, t)| (s, t, next.industry.get(&game.sides[s].id).map(|h| h.ips)))
        .chain(industry.squadrons.iter().map(|&(s, t)| {
            (
                s,
                t,
                next.industry.get(&game.sides[s].id).map(|h| h.squadrons),
            )
        }));
    for (_, track, value) in tracks {
        let Some(value) = value else { continue };
        let t = &game.tracks[track];
        let Some(marker) = t.marker else {
            continue;
        };
        let display = marker.display;
        let Some(p) = save.positions.units.iter().find(|p| {
            p.counter == marker.counter
                && matches!(p.location, Location::Track { display: d, .. } if d == display)
        }) else {
            continue;
        };
        let Location::Track { value: was, .. } = p.location else {
            continue;
        };
        let value = i64::from(value).clamp(t.min, t.max);
        if was == value {
            continue;
        }
        let Some(id) = p.piece.clone() else { continue };
        let piece = state.pieces.get(&id).ok_or("a piece vanished")?;
        let to_name = game.track_displays[display].box_name(value);
        let at = window
            .layout
            .point_for_location(None, &to_name)
            .ok_or_else(|| format!("the module has no place for `{to_name}`"))?;
        edit.leaves
            .push(move_command(&id, piece, &window.layout.map_name, at));
        edit.moved.push(PieceChange {
            piece: id,
            counter: game.counters[p.counter].id.clone(),
            from: Some(game.track_displays[display].box_name(was)),
            to: Some(to_name),
        });
    }
    Ok(())
}

/// The command moving piece `id` (now where `piece` stands) to `at` on the window `map_name`
/// (`M/`, VASSAL's MovePiece: new map and point, old map and point).
fn move_command(id: &str, piece: &SavedPiece, map_name: &str, at: Point) -> String {
    let mut se = SequenceEncoder::with_token(id, '/');
    se.append(map_name)
        .append_int(i64::from(at.x))
        .append_int(i64::from(at.y))
        .append("null")
        .append(piece.map.as_deref().unwrap_or("null"))
        .append_int(i64::from(piece.x))
        .append_int(i64::from(piece.y))
        .append("null")
        .append("");
    format!("M/{}", se.value().unwrap_or_default())
}

/// Pieces to copy for counters a save holds none of (a power's first fleet after it lost
/// every fleet, a marker of a power that owned no centre): one per `PieceSlot` of a module's
/// buildfile that is a counter of the game, as a piece dragged from the palette is.
pub fn palette_pieces(game: &Game, buildfile: &Element) -> BTreeMap<CounterId, SavedPiece> {
    let mut out = BTreeMap::new();
    for slot in buildfile
        .descendants()
        .filter(|e| e.short_name() == "PieceSlot")
    {
        let LeafCommand::AddPiece {
            type_string,
            state_string,
            ..
        } = LeafCommand::parse(slot.text.trim())
        else {
            continue;
        };
        let state = GameState::replay(&[LeafCommand::AddPiece {
            id: Some("palette".into()),
            type_string,
            state_string,
        }]);
        for piece in state.pieces.into_values() {
            if let Ok((counter, _)) = counter_of(game, &piece) {
                out.entry(counter).or_insert(piece);
            }
        }
    }
    out
}

/// The `+/` command of a new piece of `counter` at `at` on `map_name`, copied from a piece of
/// that counter the save holds, else from `palette` (its traits and state, its BasicPiece
/// moved).
#[allow(clippy::too_many_arguments)]
fn copy_piece(
    game: &Game,
    state: &GameState,
    palette: &mut dyn FnMut(CounterId) -> Option<SavedPiece>,
    counter: CounterId,
    map_name: &str,
    at: Point,
    id: &str,
    what: &str,
) -> Result<String, String> {
    let template = state
        .pieces
        .values()
        .find(|p| counter_of(game, p).is_ok_and(|(c, _)| c == counter))
        .cloned()
        .or_else(|| palette(counter))
        .ok_or_else(|| {
            format!(
                "neither the save nor the module holds a piece of `{}` to copy for {what}",
                game.counters[counter].id
            )
        })?;
    let mut chain = split_trait_chain(&template.type_string, &template.state_string);
    let basic = chain.last_mut().ok_or("a piece without traits")?;
    let old = decode(&basic.state_string, ';');
    let mut se = SequenceEncoder::new(';');
    se.append(map_name)
        .append_int(i64::from(at.x))
        .append_int(i64::from(at.y));
    for rest in old.iter().skip(3) {
        se.append(rest);
    }
    basic.state_string = se.into_value().unwrap_or_default();
    let (type_string, state_string) = join_trait_chain(&chain);
    Ok(add_piece_command(id, &type_string, &state_string))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forces_are_made_up_of_the_largest_counters_first() {
        let g = crate::testgame::fixtures::example("great-patriotic-war-qh07");
        let side = g.side_index("germany").expect("germany");
        let all: Vec<CounterId> = (0..g.counters.len())
            .filter(|&c| g.side_of(c) == Some(side) && unit_kind(&g, c) == Some(UnitKind::Army))
            .collect();
        let armies = || all.iter().copied();
        let names = |v: Vec<CounterId>| -> Vec<String> {
            v.into_iter().map(|c| g.counters[c].id.clone()).collect()
        };
        assert_eq!(
            make_up(&g, armies(), 7).map(names),
            Some(vec![
                "germany-army-5".to_string(),
                "germany-army-1".to_string(),
                "germany-army-1".to_string()
            ])
        );
        assert_eq!(make_up(&g, armies(), 0), Some(Vec::new()));
        // Only fives: 7 cannot be made up.
        let fives = armies().filter(|&c| g.counters[c].id.ends_with("-5"));
        assert_eq!(make_up(&g, fives, 7), None);
    }
}

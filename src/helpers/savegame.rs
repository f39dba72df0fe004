//! A VASSAL saved game of a module built by `sandtable build`, adapted into the
//! [`Positions`] the other helpers read, and the supply markers written back into it.
//!
//! The save itself is read by the format layer ([`crate::vassal::save`]); this file only
//! interprets the replayed [`GameState`] with the emitter's conventions
//! (`src/emit/vassal/counters.rs`):
//!
//! - **Which counter.** Every counter piece carries a Marker property `CounterId` holding its
//!   counter id. A piece without it is matched by its palette slot (`gpid` = counter index +
//!   1, the canonical slot the emitter gives each counter) when its BasicPiece name is that
//!   counter's name. Any other piece is of **unknown origin**: not cardboard of this game.
//! - **Where.** The piece's map and position (its stack's, when stacked) give a location
//!   name through the grids of the map window it lies on ([`MapLayout`]), exactly as VASSAL
//!   names it; the name is the printed hex number on a hex map, `Area — Open` / `Area — Box
//!   n` on an area map, and the pool's name in the "Off-map boxes" window. The grids come from
//!   the module file ([`module_maps`]) or from the game's layout, as `sandtable build` gives
//!   them to VASSAL, without drawing anything ([`build_maps`], over
//!   [`crate::layout::vassal`]). A piece of ours that lands on no
//!   location of the game is reported as off the grid, not placed.
//!   On a province board a site is a province (`Spain`) or one of its coasts (`Spain (north
//!   coast)`, a location of its own); the spot beside a supply centre where its owner's
//!   control marker stands is named as the province.
//! - **Which face.** Reduced: the flip Layer `Step` shows level 2. A levelled counter's
//!   `Level` layer shows a Level of its line: one of its own faces (the front, or the back of
//!   a two-level counter, read as `reduced`), or the face of the counter it was swapped for,
//!   read as that counter on that face (the one [`Game::printing`] names, as the emitter
//!   drew it). **Out of supply**: the Layer `Supply` is active (state > 0).
//! - **Who owns the supply centres**: the control markers ([`crate::model::Side`]'s
//!   `control_marker`) standing in them, the first in the save's order when a centre holds
//!   several sides' markers (with a note).
//! - **Turn and tracks**: the turn tracker's `TURN…` command (the current turn: the index of
//!   its first level, which in a game of written orders counts every phase of every turn,
//!   see [`tracker_turn`]); a track whose marker stands on a track display has the number of
//!   the box the marker is in (`Record Track 61` → 61); any other track, the Global Property
//!   named as the emitter names tracks, when its value is within the track's range (VASSAL
//!   keeps it there; a value beyond is a damaged save, noted, and the track has none).
//!
//! [`supply_layer_states`] computes the new piece states that set the `Supply` layer on
//! exactly a given set of pieces and clear it on every other piece of ours that has it;
//! [`SaveGame::with_piece_states`](crate::vassal::save::SaveGame::with_piece_states) writes
//! them. [`changed_pieces`] compares two replayed saves piece by piece, to verify an edit.
//!
//! Nothing here reads or writes files.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::positions::{Position, Positions};
use crate::layout::vassal::{
    map_grid, map_names, pools_grid, track_properties, tracker_turn, EDGE, OFF_MAP, TRACKER_ID,
};
use crate::model::{CounterId, Game, Location, MapId, MapKind, SideId, TurnId};
use crate::vassal::encoder::{decode, SequenceDecoder};
use crate::vassal::grid::{BoardPlacement, Grid, MapLayout, Point};
use crate::vassal::inspect::MapInfo;
use crate::vassal::save::{join_trait_chain, split_trait_chain, GameState, SavedPiece};

/// The Marker property holding a counter's id.
pub const COUNTER_ID_PROPERTY: &str = "CounterId";
/// The flip Layer of two-step counters (level 2 = reduced).
pub const STEP_LAYER: &str = "Step";
/// The level Layer of levelled counters.
pub const LEVEL_LAYER: &str = "Level";
/// The switchable Out of Supply Layer of combat units.
pub const SUPPLY_LAYER: &str = "Supply";

/// What the pieces of a VASSAL map window stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MapTarget {
    /// A map of the game.
    Map(MapId),
    /// The "Off-map boxes" window: one zone per pool.
    Pools,
}

/// A VASSAL map window: its boards and grids, and which part of the game it shows.
#[derive(Debug, Clone)]
pub struct SaveMap {
    /// Boards and grids, as VASSAL lays them out.
    pub layout: MapLayout,
    /// What it shows.
    pub target: MapTarget,
}

fn one_board(name: &str, grid: Option<Grid>) -> MapLayout {
    MapLayout {
        map_name: name.to_string(),
        edge_width: EDGE.0,
        edge_height: EDGE.1,
        boards: vec![BoardPlacement {
            name: name.to_string(),
            column: 0,
            row: 0,
            size: None,
            reversed: false,
            grid,
        }],
        decks: Vec::new(),
    }
}

/// The map windows of the module `sandtable build` makes of `game`, with the grids it gives
/// them (hex grids with the printed numbering, one region per area slot, one zone per pool,
/// the zones of the track displays), computed from the game's layout without drawing the
/// pictures. Each window holds one board of unbounded size.
pub fn build_maps(game: &Game) -> Vec<SaveMap> {
    let names = map_names(game);
    let mut out: Vec<SaveMap> = (0..game.maps.len())
        .map(|i| SaveMap {
            layout: one_board(&names[i], map_grid(game, i)),
            target: MapTarget::Map(i),
        })
        .collect();
    if let Some(grid) = pools_grid(game) {
        out.push(SaveMap {
            layout: one_board(OFF_MAP, Some(grid)),
            target: MapTarget::Pools,
        });
    }
    out
}

/// The map windows of a module as read from its buildfile (see
/// [`crate::vassal::inspect`]), laid out with the boards the save selects, each matched to
/// the game map of the same name (windows of other names are left out: pieces on them are
/// off the grid).
pub fn module_maps(game: &Game, maps: &[MapInfo], state: &GameState) -> Vec<SaveMap> {
    let names = map_names(game);
    maps.iter()
        .filter_map(|m| {
            let target = if m.name == OFF_MAP {
                MapTarget::Pools
            } else {
                MapTarget::Map(names.iter().position(|n| *n == m.name)?)
            };
            let selection = state.boards.iter().find(|b| b.map == m.name);
            Some(SaveMap {
                layout: m.layout(selection),
                target,
            })
        })
        .collect()
}

/// A Marker property of a piece (`mark;` traits, names in the type, values in the state).
pub fn property(piece: &SavedPiece, name: &str) -> Option<String> {
    piece
        .traits
        .iter()
        .filter(|t| t.id() == "mark;")
        .find_map(|t| {
            let names = decode(&t.type_string["mark;".len()..], ',');
            let values = decode(&t.state_string, ',');
            let at = names.iter().position(|n| n == name)?;
            Some(values.get(at).cloned().unwrap_or_default())
        })
}

/// The index in the trait chain and the state value of the Layer (`emb2;`) called `name`.
pub fn layer(piece: &SavedPiece, name: &str) -> Option<(usize, i32)> {
    piece.traits.iter().enumerate().find_map(|(i, t)| {
        let body = t.type_string.strip_prefix("emb2;")?;
        let fields = decode(body, ';');
        if fields.get(18).map(String::as_str) != Some(name) {
            return None;
        }
        let value = SequenceDecoder::new(&t.state_string, ';').next_int(1);
        Some((i, value))
    })
}

/// How a piece was recognised as one of the game's counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Match {
    /// By its `CounterId` property.
    CounterId,
    /// By its palette slot and name.
    Slot,
}

/// The counter a piece is, or why it is not one.
pub fn counter_of(game: &Game, piece: &SavedPiece) -> Result<(CounterId, Match), String> {
    if let Some(id) = property(piece, COUNTER_ID_PROPERTY) {
        return game
            .counter_index(&id)
            .map(|c| (c, Match::CounterId))
            .ok_or_else(|| format!("its counter id `{id}` is not in this game's counter mix"));
    }
    let by_slot = piece
        .gpid
        .parse::<usize>()
        .ok()
        .and_then(|g| g.checked_sub(1))
        .filter(|&c| game.counters.get(c).is_some_and(|c| c.name == piece.name));
    by_slot.map(|c| (c, Match::Slot)).ok_or_else(|| {
        format!(
            "no `{COUNTER_ID_PROPERTY}` property, and its palette slot `{}` is not a counter \
             named `{}`",
            piece.gpid, piece.name
        )
    })
}

/// The game location a VASSAL location name stands for on a window.
pub fn location_of(game: &Game, target: MapTarget, name: &str) -> Option<Location> {
    if let MapTarget::Map(map) = target {
        let on_display = game.track_displays.iter().enumerate().find_map(|(i, d)| {
            let value = name.strip_prefix(d.name.as_str())?.strip_prefix(' ')?;
            let value = value.parse::<i64>().ok()?;
            (d.map == map && (d.min..=d.max).contains(&value))
                .then_some(Location::Track { display: i, value })
        });
        if on_display.is_some() {
            return on_display;
        }
    }
    match target {
        MapTarget::Map(map) => match &game.maps.get(map)?.kind {
            MapKind::Hex(h) => h
                .geometry
                .parse_number(name)
                .filter(|c| h.geometry.contains(*c))
                .map(|hex| Location::Hex { map, hex }),
            MapKind::Area(a) => (0..a.areas.len()).find_map(|area| {
                a.slots(area)
                    .into_iter()
                    .find(|s| a.slot_name(area, *s) == name)
                    .map(|slot| Location::Area { map, area, slot })
            }),
        },
        MapTarget::Pools => game
            .pools
            .iter()
            .position(|p| p.name == name)
            .map(Location::Pool),
    }
}

/// A piece of ours that lies on no location of the game.
#[derive(Debug, Clone, Serialize)]
pub struct OffGrid {
    /// Piece id.
    pub piece: String,
    /// Counter id.
    pub counter: String,
    /// Piece name.
    pub name: String,
    /// VASSAL map window, if on one.
    pub map: Option<String>,
    /// Map x.
    pub x: i32,
    /// Map y.
    pub y: i32,
    /// What VASSAL calls the place, when a grid names it.
    pub location: Option<String>,
    /// Why it has no game location.
    pub reason: String,
}

/// A piece that is not one of the game's counters.
#[derive(Debug, Clone, Serialize)]
pub struct UnknownPiece {
    /// Piece id.
    pub piece: String,
    /// BasicPiece name.
    pub name: String,
    /// Palette slot id.
    pub gpid: String,
    /// VASSAL map window, if on one.
    pub map: Option<String>,
    /// Where VASSAL puts it: the location name, `offboard`, or absent off-map.
    pub location: Option<String>,
    /// Why it is not ours.
    pub reason: String,
}

/// A save adapted into positions.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SavePositions {
    /// Our pieces on the game's locations, in the save's order; [`Position::piece`] holds the
    /// piece id.
    #[serde(skip)]
    pub positions: Positions,
    /// Pieces in the save.
    pub pieces: usize,
    /// Our pieces placed on the game's locations.
    pub placed: usize,
    /// Our pieces on no location of the game.
    pub off_grid: Vec<OffGrid>,
    /// Pieces that are not the game's counters.
    pub unknown: Vec<UnknownPiece>,
    /// Pieces matched by palette slot (no `CounterId` property), by id.
    pub matched_by_slot: Vec<String>,
    /// Province boards: the supply centres a control marker stands in, with the side whose
    /// marker it is (map, area, side), in map and area order.
    #[serde(skip)]
    pub owners: Vec<(MapId, usize, SideId)>,
    /// Things the adaptation could not express.
    pub notes: Vec<String>,
}

/// The location name VASSAL gives a piece's position, with the window it is on.
fn vassal_location<'m>(maps: &'m [SaveMap], piece: &SavedPiece) -> Option<(&'m SaveMap, String)> {
    let name = piece.map.as_ref()?;
    let m = maps.iter().find(|m| &m.layout.map_name == name)?;
    Some((m, m.layout.location_name(Point::new(piece.x, piece.y))))
}

/// Adapt a replayed save: every piece becomes a [`Position`], an [`OffGrid`] piece or an
/// [`UnknownPiece`]; the turn and track values are read when present.
pub fn positions_from_save(game: &Game, state: &GameState, maps: &[SaveMap]) -> SavePositions {
    let mut out = SavePositions {
        pieces: state.pieces.len(),
        ..SavePositions::default()
    };
    for piece in state.pieces.values() {
        let located = vassal_location(maps, piece);
        let (counter, how) = match counter_of(game, piece) {
            Ok(c) => c,
            Err(reason) => {
                out.unknown.push(UnknownPiece {
                    piece: piece.id.clone(),
                    name: piece.name.clone(),
                    gpid: piece.gpid.clone(),
                    map: piece.map.clone(),
                    location: located.map(|(_, l)| l),
                    reason,
                });
                continue;
            }
        };
        if how == Match::Slot {
            out.matched_by_slot.push(piece.id.clone());
        }
        let off = |location: Option<String>, reason: String| OffGrid {
            piece: piece.id.clone(),
            counter: game.counters[counter].id.clone(),
            name: piece.name.clone(),
            map: piece.map.clone(),
            x: piece.x,
            y: piece.y,
            location,
            reason,
        };
        let Some((window, name)) = located else {
            out.off_grid.push(off(
                None,
                match &piece.map {
                    None => "not on a map".into(),
                    Some(m) => format!("on the map window `{m}`, which is not one of the game's"),
                },
            ));
            continue;
        };
        let Some(location) = location_of(game, window.target, &name) else {
            out.off_grid.push(off(
                Some(name.clone()),
                format!("`{name}` is not a location of the game"),
            ));
            continue;
        };
        let mut reduced = layer(piece, STEP_LAYER).is_some_and(|(_, v)| v.unsigned_abs() >= 2);
        let out_of_supply = layer(piece, SUPPLY_LAYER).is_some_and(|(_, v)| v > 0);
        let mut counter = counter;
        if let (Some((_, level)), Some(line)) = (
            layer(piece, LEVEL_LAYER),
            game.line_of(game.counters[counter].class),
        ) {
            // The Level shown: this counter's front or back (a flip), or the face of the
            // counter it was swapped for.
            let shown = (level.unsigned_abs() as usize)
                .checked_sub(1)
                .and_then(|s| line.get(s));
            match shown.map(|k| (*k, game.printing(counter, *k))) {
                Some((_, Some((printed_on, back)))) => {
                    counter = printed_on;
                    reduced = back;
                }
                Some((k, None)) => out.notes.push(format!(
                    "piece {} ({}) at {} shows {}, which no counter prints; the helpers read it \
                     as its own counter `{}`",
                    piece.id,
                    piece.name,
                    game.location_label(&location),
                    game.classes[k].name,
                    game.counters[counter].id
                )),
                None => {}
            }
        }
        out.positions.units.push(Position {
            counter,
            location,
            reduced,
            out_of_supply,
            piece: Some(piece.id.clone()),
        });
    }
    out.placed = out.positions.units.len();
    out.owners = marked_owners(game, &out.positions.units, &mut out.notes);
    // Control starts from them (a save of a module without markers leaves it to the rule).
    out.positions.owners = out.owners.clone();
    out.positions.turn = turn_of(game, state);
    // A track on a display is where its marker stands; the others are global properties.
    let marked = game.marked_tracks(out.positions.units.iter().map(|p| (p.counter, &p.location)));
    for (t, track) in game.tracks.iter().enumerate() {
        if track.marker.is_some() && !marked.iter().any(|(m, _)| *m == t) {
            out.notes.push(format!(
                "the marker of track `{}` is not on its display, so the track has no value",
                track.id
            ));
        }
    }
    out.positions.tracks.extend(marked);
    let names = track_properties(game);
    for (t, name) in names.iter().enumerate() {
        if game.tracks[t].marker.is_some() {
            continue;
        }
        let value = state
            .global_properties
            .iter()
            .rev()
            .find(|(n, _, _)| n == name)
            .and_then(|(_, v, _)| v.trim().parse::<i64>().ok());
        let track = &game.tracks[t];
        match value {
            // VASSAL keeps the property within the track's range: beyond it the save is
            // damaged, and its number must not enter any sum.
            Some(v) if !(track.min..=track.max).contains(&v) => out.notes.push(format!(
                "global property `{name}` holds {v}, outside track `{}`'s range {}–{}, so the \
                 track has no value",
                track.id, track.min, track.max
            )),
            Some(v) => out.positions.tracks.push((t, v)),
            None => {}
        }
    }
    out.positions.tracks.sort_by_key(|(t, _)| *t);
    out
}

/// The supply centres (and provinces worth industrial points) holding a side's control marker: (map, area, side) in map and area
/// order, the first marker in `units` counting where a centre holds several sides' (noted).
fn marked_owners(
    game: &Game,
    units: &[Position],
    notes: &mut Vec<String>,
) -> Vec<(MapId, usize, SideId)> {
    let mut owners: BTreeMap<(MapId, usize), SideId> = BTreeMap::new();
    for p in units {
        let Some(side) = game.control_marker_side(p.counter) else {
            continue;
        };
        let Location::Area { map, area, .. } = p.location else {
            continue;
        };
        let MapKind::Area(a) = &game.maps[map].kind else {
            continue;
        };
        if !game.is_owned_area(&a.areas[area].id, a.areas[area].supply_centre) {
            continue;
        }
        match owners.get(&(map, area)) {
            None => {
                owners.insert((map, area), side);
            }
            Some(first) if *first != side => notes.push(format!(
                "{} holds the control markers of {} and {}; it reads as {}'s",
                a.areas[area].name,
                game.sides[*first].name,
                game.sides[side].name,
                game.sides[*first].name
            )),
            Some(_) => {}
        }
    }
    owners
        .into_iter()
        .map(|((map, area), side)| (map, area, side))
        .collect()
}

/// The current turn of the save's turn tracker (`TURN<id>\t<state>`, the state's first
/// level holding the turn's index, or in a game of written orders the index of its phase
/// among every turn's phases), when the game has a calendar and the save records it.
pub fn turn_of(game: &Game, state: &GameState) -> Option<TurnId> {
    tracker_index(state).and_then(|index| tracker_turn(game, index))
}

/// The index of the step the save's turn tracker shows (its first level), from the last
/// `TURN<id>` command the save holds.
pub fn tracker_index(state: &GameState) -> Option<usize> {
    let tracker = format!("TURN{TRACKER_ID}");
    state.unknown_commands.iter().rev().find_map(|c| {
        let mut d = SequenceDecoder::new(c, '\t');
        if d.next_token()? != tracker {
            return None;
        }
        let state = d.next_token()?;
        let mut levels = SequenceDecoder::new(&state, '|');
        levels.next_token()?;
        let first = levels.next_token()?;
        SequenceDecoder::new(&first, ';')
            .next_token()?
            .parse::<usize>()
            .ok()
    })
}

/// A counter present more often than the counter mix has copies.
#[derive(Debug, Clone, Serialize)]
pub struct Cloned {
    /// Counter id.
    pub counter: String,
    /// Counter name.
    pub name: String,
    /// Copies in the save.
    pub copies: usize,
    /// Copies in the mix.
    pub in_mix: u32,
    /// Each copy: piece id and location (`pool:<name>` for pools, the VASSAL location or
    /// `off-map` for pieces off the grid).
    pub pieces: Vec<(String, String)>,
}

/// Counters of the save present more times than the mix allows (cloned cardboard), every
/// copy with its location. Markers are left out: the module gives them a Clone command.
pub fn cloned(game: &Game, save: &SavePositions) -> Vec<Cloned> {
    let mut copies: BTreeMap<CounterId, Vec<(String, String)>> = BTreeMap::new();
    for p in &save.positions.units {
        copies.entry(p.counter).or_default().push((
            p.piece.clone().unwrap_or_default(),
            game.location_label(&p.location),
        ));
    }
    for o in &save.off_grid {
        if let Some(c) = game.counter_index(&o.counter) {
            copies.entry(c).or_default().push((
                o.piece.clone(),
                o.location.clone().unwrap_or_else(|| "off-map".into()),
            ));
        }
    }
    copies
        .into_iter()
        .filter(|(c, v)| v.len() > game.counters[*c].count as usize && !game.is_marker(*c))
        .map(|(c, pieces)| Cloned {
            counter: game.counters[c].id.clone(),
            name: game.counters[c].name.clone(),
            copies: pieces.len(),
            in_mix: game.counters[c].count,
            pieces,
        })
        .collect()
}

/// One piece whose Out of Supply layer changes.
#[derive(Debug, Clone, Serialize)]
pub struct LayerChange {
    /// Piece id.
    pub piece: String,
    /// Counter id.
    pub counter: String,
    /// Game location (or VASSAL location for pieces off the grid).
    pub location: String,
}

/// New piece states that put the Out of Supply layer on exactly the `out` pieces.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SupplyEdit {
    /// Full new state per piece id (pieces whose layer changes only).
    #[serde(skip)]
    pub states: BTreeMap<String, String>,
    /// Pieces newly marked.
    pub marked: Vec<LayerChange>,
    /// Pieces whose marker is cleared.
    pub cleared: Vec<LayerChange>,
    /// Pieces already as they should be, marked.
    pub kept: Vec<LayerChange>,
    /// Pieces that should be marked but cannot be (no Out of Supply layer), with why.
    pub unmarkable: Vec<(LayerChange, String)>,
}

/// The state of `piece` with its trait `index`'s state replaced, or why that cannot be done
/// without touching anything else.
fn with_trait_state(piece: &SavedPiece, index: usize, state: String) -> Result<String, String> {
    let mut chain = split_trait_chain(&piece.type_string, &piece.state_string);
    let (ty, st) = join_trait_chain(&chain);
    if ty != piece.type_string || st != piece.state_string {
        return Err("its trait chain does not re-encode byte for byte".into());
    }
    let entry = chain
        .get_mut(index)
        .ok_or_else(|| "its trait chain changed".to_string())?;
    entry.state_string = state;
    Ok(join_trait_chain(&chain).1)
}

/// A Layer state with its value switched on or off (keeping the level it shows).
fn switched(state: &str, on: bool) -> String {
    let (first, rest) = match state.split_once(';') {
        Some((a, b)) => (a, Some(b)),
        None => (state, None),
    };
    let level = first
        .trim()
        .parse::<i32>()
        .unwrap_or(1)
        .unsigned_abs()
        .max(1) as i32;
    let value = if on { level } else { -level };
    match rest {
        Some(r) => format!("{value};{r}"),
        None => value.to_string(),
    }
}

/// The piece states that set the Out of Supply layer on exactly the pieces in `out` and
/// clear it on every other piece of ours that shows it — of every side, or only of `side`.
/// Pieces of unknown origin are never touched.
pub fn supply_layer_states(
    game: &Game,
    state: &GameState,
    save: &SavePositions,
    out: &BTreeSet<String>,
    side: Option<crate::model::SideId>,
) -> SupplyEdit {
    let mut edit = SupplyEdit::default();
    let ours = save
        .positions
        .units
        .iter()
        .filter(|p| side.is_none_or(|s| game.side_of(p.counter) == Some(s)))
        .filter_map(|p| {
            Some((
                p.piece.clone()?,
                game.counters[p.counter].id.clone(),
                game.location_label(&p.location),
            ))
        })
        .chain(
            save.off_grid
                .iter()
                .filter(|o| {
                    side.is_none_or(|s| {
                        game.counter_index(&o.counter)
                            .is_some_and(|c| game.side_of(c) == Some(s))
                    })
                })
                .map(|o| {
                    (
                        o.piece.clone(),
                        o.counter.clone(),
                        o.location.clone().unwrap_or_else(|| "off-map".into()),
                    )
                }),
        );
    for (id, counter, location) in ours {
        let Some(piece) = state.pieces.get(&id) else {
            continue;
        };
        let change = LayerChange {
            piece: id.clone(),
            counter,
            location,
        };
        let want = out.contains(&id);
        let Some((index, value)) = layer(piece, SUPPLY_LAYER) else {
            if want {
                edit.unmarkable
                    .push((change, "it has no Out of Supply layer".into()));
            }
            continue;
        };
        let on = value > 0;
        if on == want {
            if want {
                edit.kept.push(change);
            }
            continue;
        }
        let chain = split_trait_chain(&piece.type_string, &piece.state_string);
        let new_layer = switched(&chain[index].state_string, want);
        match with_trait_state(piece, index, new_layer) {
            Ok(s) => {
                edit.states.insert(id, s);
                if want {
                    edit.marked.push(change);
                } else {
                    edit.cleared.push(change);
                }
            }
            Err(why) if want => edit.unmarkable.push((change, why)),
            Err(_) => {}
        }
    }
    edit
}

/// How one piece differs between two replayed saves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PieceDiff {
    /// Piece id.
    pub piece: String,
    /// What differs: `added`, `removed`, or the fields that changed.
    pub what: Vec<String>,
}

/// Every piece that differs between two replayed saves (type, state, map, position, stack).
pub fn changed_pieces(before: &GameState, after: &GameState) -> Vec<PieceDiff> {
    let mut out = Vec::new();
    for (id, a) in &before.pieces {
        let Some(b) = after.pieces.get(id) else {
            out.push(PieceDiff {
                piece: id.clone(),
                what: vec!["removed".into()],
            });
            continue;
        };
        let mut what = Vec::new();
        if a.type_string != b.type_string {
            what.push("type".into());
        }
        if a.state_string != b.state_string {
            what.push("state".into());
        }
        if (&a.map, a.x, a.y) != (&b.map, b.x, b.y) {
            what.push("position".into());
        }
        if a.container != b.container {
            what.push("stack".into());
        }
        if !what.is_empty() {
            out.push(PieceDiff {
                piece: id.clone(),
                what,
            });
        }
    }
    for id in after.pieces.keys() {
        if !before.pieces.contains_key(id) {
            out.push(PieceDiff {
                piece: id.clone(),
                what: vec!["added".into()],
            });
        }
    }
    out
}

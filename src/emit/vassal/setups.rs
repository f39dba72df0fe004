//! One predefined setup (`.vsav`) per scenario (format notes §4.6): every counter copy the
//! scenario places, expanded from its prototypes, on its face, at the centre of its hex (or
//! its area slot; in a pool's box, a few to a stack across the box — or, in a game imported
//! from a VASSAL module, where the pool's pieces stood in it, in the deck they lay in),
//! stacked bottom first in placement order; on a province
//! board, the owner's control marker on every supply centre the scenario says a side owns,
//! at the centre's marker spot; the boards of every map, `SETUP_STACK`, the scenario's
//! starting track values (the global property of a track without a display; a track on a
//! display has its marker in the box of the value, among the placements) and its first
//! turn; in a game of written orders, the scenario and how orders are written as the Notes
//! window's scenario notes. The command stream is assembled by the format layer's
//! `SetupWriter` (real SequenceEncoder, obfuscation, deterministic zip with a copy of
//! `moduledata`).

use std::collections::BTreeMap;

use crate::layout::vassal::written_orders;
use crate::model::{Game, Scenario};
use crate::vassal::encoder::encode_or_empty;
use crate::vassal::save::writer::{SaveData, SetupDeck, SetupPiece, SetupWriter, VsavOptions};
use crate::vassal::save::BoardSetup;

use super::counters::Counters;
use super::decks::{deck_type, face_down};
use super::pieces::BasicState;
use super::plan::{file_stem, Board, Plan, Point};
use super::windows::{built_point, kept_deck};
use super::VASSAL_VERSION;
use crate::layout::vassal::{track_properties, TRACKER_ID};

/// Key used to obfuscate `savedGame` (VASSAL picks a random one; any works).
const OBFUSCATION_KEY: u8 = 0x5a;

/// A built predefined setup.
#[derive(Debug, Clone)]
pub struct Setup {
    /// Menu name: the scenario's title.
    pub name: String,
    /// Archive entry of the `.vsav`.
    pub file: String,
    /// The `.vsav` bytes.
    pub bytes: Vec<u8>,
    /// Pieces placed.
    pub pieces: usize,
}

/// The selection of a map's single board (§4.5.2).
pub fn board_setup(board: &Board) -> BoardSetup {
    BoardSetup::single(board.map_name.clone(), board.board_name.clone())
}

/// The setup writer of a scenario: every placement as a piece (ids from 1, in placement
/// order, so pieces sharing a location stack bottom first in that order), every board,
/// `SETUP_STACK`, the starting tracks and the first turn.
pub fn writer(
    plan: &Plan<'_>,
    counters: &Counters,
    scenario: &Scenario,
) -> Result<SetupWriter, String> {
    let game = plan.game;
    let prototypes = counters.prototype_map();
    let mut w = SetupWriter::new();
    // Where each pool's pieces go: where they stood in the module the game was imported
    // from — in the deck they lay in, or in a window built as the module had it (whose grid
    // names the place as the module did) — else in the pool's box (a place on a game map
    // that the map does not name, which the box is named as).
    let kept = &plan.kept;
    let pool_spots: Vec<Option<(Point, Option<&str>)>> = game
        .pools
        .iter()
        .map(|pool| {
            let place = kept.pool_places.get(&pool.id)?;
            let point = built_point(plan, place)?;
            let on_game_map = plan.boards.iter().any(|b| b.map_name == point.map);
            (place.deck.is_some() || !on_game_map).then_some((point, place.deck.as_deref()))
        })
        .collect();
    let mut in_pool = vec![0usize; game.pools.len()];
    let units = scenario.placements.iter().map(move |p| {
        let mut deck = None;
        let point = match p.location {
            crate::model::Location::Pool(pool) => match pool_spots.get(pool).cloned().flatten() {
                Some((point, pile)) => {
                    deck = pile;
                    Some(point)
                }
                None => {
                    let k = in_pool.get(pool).copied().unwrap_or(0);
                    if let Some(n) = in_pool.get_mut(pool) {
                        *n += 1;
                    }
                    plan.pool_piece_point(pool, k)
                }
            },
            _ => plan.point(&p.location),
        };
        let point = point.ok_or_else(|| {
            format!(
                "scenario `{}`: no place on the module for {}",
                scenario.id,
                game.location_name(&p.location)
            )
        });
        (p.counter, p.reduced, point, deck)
    });
    // Each owned supply centre's marker, when its owner has one.
    let markers = scenario.owners.iter().filter_map(|(map, area, side)| {
        let marker = game.sides[*side].control_marker?;
        let point = plan.centre_point(*map, *area).ok_or_else(|| {
            format!(
                "scenario `{}`: no marker spot on the module for supply centre {}",
                scenario.id,
                area_name(game, *map, *area)
            )
        });
        Some((marker.counter, false, point, None))
    });
    // The cards the placements deal into each deck, by the deck's name.
    let mut dealt: BTreeMap<&str, (Point, Vec<String>)> = BTreeMap::new();
    for (i, (counter, reduced, point, deck)) in units.chain(markers).enumerate() {
        let point = point?;
        let gpid = plan.gpids[counter];
        let mut piece = counters
            .piece(plan, counter, gpid, reduced)
            .expanded(&prototypes);
        piece.basic_state = BasicState {
            map: Some(point.map.clone()),
            x: point.x,
            y: point.y,
            gpid: gpid.to_string(),
        };
        let (type_string, state_string) = piece.type_and_state();
        let id = (i + 1).to_string();
        if let Some(deck) = deck {
            dealt
                .entry(deck)
                .or_insert_with(|| (point.clone(), Vec::new()))
                .1
                .push(id.clone());
        }
        w.pieces.push(SetupPiece {
            id,
            type_string,
            state_string,
        });
    }
    w.decks = decks(plan, dealt, w.pieces.len() + 1);
    w.boards = plan.all_boards().map(board_setup).collect();
    w.setup_stack_flag = true;
    let names = track_properties(game);
    for (track, value) in &scenario.tracks {
        if super::tracks::on_display(game, *track) {
            continue; // its marker, placed above, is its value
        }
        w.extra_commands.push(encode_or_empty(
            &[
                "GlobalProperty\t",
                names[*track].as_str(),
                value.to_string().as_str(),
                "Module",
            ],
            ';',
        ));
    }
    if !game.turns.is_empty() {
        let state = super::turns::state_at(game, scenario.start);
        w.extra_commands.push(encode_or_empty(
            &[format!("TURN{}", TRACKER_ID), state],
            '\t',
        ));
    }
    if written_orders(game) {
        w.extra_commands
            .push(super::orders::scenario_notes(game, scenario));
    }
    Ok(w)
}

/// Every deck of the module the game was imported from that stands in the module built,
/// with the cards the scenario deals into it (none, for a deck it deals nothing into), in
/// the order of the decks' names; ids from `first_id` on. `SETUP_STACK` stops VASSAL
/// dealing the decks itself, so a deck the setup does not write would be missing.
fn decks(
    plan: &Plan<'_>,
    mut dealt: BTreeMap<&str, (Point, Vec<String>)>,
    first_id: usize,
) -> Vec<SetupDeck> {
    let kept = &plan.kept;
    let mut names: Vec<&str> = kept.deck_places.keys().map(String::as_str).collect();
    names.extend(dealt.keys().filter(|n| !kept.deck_places.contains_key(**n)));
    names.sort_unstable();
    let mut out = Vec::new();
    for name in names {
        let Some(pile) = kept_deck(kept, name) else {
            continue;
        };
        let (point, cards) = match dealt.remove(name) {
            Some(cards) => cards,
            None => {
                let Some(point) = kept
                    .deck_places
                    .get(name)
                    .and_then(|place| built_point(plan, place))
                else {
                    continue;
                };
                (point, Vec::new())
            }
        };
        out.push(SetupDeck {
            id: (first_id + out.len()).to_string(),
            type_string: deck_type(pile),
            map: point.map,
            x: point.x,
            y: point.y,
            face_down: face_down(pile),
            cards,
        });
    }
    out
}

fn area_name(game: &Game, map: usize, area: usize) -> String {
    match &game.maps[map].kind {
        crate::model::MapKind::Area(a) => a.areas[area].name.clone(),
        crate::model::MapKind::Hex(_) => String::new(),
    }
}

/// The `.vsav` of a scenario.
pub fn setup(
    plan: &Plan<'_>,
    counters: &Counters,
    scenario: &Scenario,
    moduledata: &str,
) -> Result<Setup, String> {
    let w = writer(plan, counters, scenario)?;
    let game = plan.game;
    let description = if scenario.description.trim().is_empty() {
        scenario.title.clone()
    } else {
        format!("{} — {}", scenario.title, scenario.description.trim())
    };
    let options = VsavOptions {
        obfuscation_key: OBFUSCATION_KEY,
        moduledata: Some(moduledata.as_bytes().to_vec()),
        savedata: Some(SaveData {
            module_version: game.version.clone(),
            vassal_version: VASSAL_VERSION.into(),
            date_saved: "0".into(),
            description,
        }),
        ..VsavOptions::default()
    };
    Ok(Setup {
        name: scenario.title.trim().to_string(),
        file: format!("{}.vsav", file_stem(&scenario.id)),
        bytes: w.to_vsav(&options).map_err(|e| e.to_string())?,
        pieces: w.pieces.len(),
    })
}

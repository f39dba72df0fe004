//! One predefined setup (`.vsav`) per scenario (format notes §4.6): every counter copy the
//! scenario places, expanded from its prototypes, on its face, at the centre of its hex (or
//! its area slot, or its pool's box), stacked bottom first in placement order; the boards of
//! every map, `SETUP_STACK`, the scenario's starting track values and its first turn. The
//! command stream is built with the real SequenceEncoder, obfuscated and zipped with a copy
//! of `moduledata`.

use std::collections::BTreeMap;

use crate::model::Scenario;
use crate::vassal::archive::ArchiveBuilder;
use crate::vassal::encoder::encode_or_empty;
use crate::vassal::metadata::write_metadata;
use crate::vassal::obfuscation::obfuscate;

use super::counters::Counters;
use super::pieces::BasicState;
use super::plan::{file_stem, Board, Plan, Point};
use super::VASSAL_VERSION;

/// Key used to obfuscate `savedGame` (VASSAL picks a random one; any works).
const OBFUSCATION_KEY: u8 = 0x5a;

const ESC: char = '\u{1b}';

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

/// The `SetBoards` command selecting a map's single board (§4.5.2).
pub fn board_command(board: &Board) -> String {
    let spec = encode_or_empty(&[board.board_name.as_str()], '/');
    encode_or_empty(
        &[
            format!("{}BoardPicker", board.map_name).as_str(),
            spec.as_str(),
            "0",
            "0",
        ],
        '\t',
    )
}

/// The plain (not yet obfuscated) command stream of a scenario, and the number of pieces.
pub fn command_stream(
    plan: &Plan<'_>,
    counters: &Counters,
    scenario: &Scenario,
) -> Result<(String, usize), String> {
    let game = plan.game;
    let prototypes = counters.prototype_map();
    let mut next_id = 1u64;
    let mut adds = Vec::new();
    let mut stacks: Vec<(Point, Vec<String>)> = Vec::new();
    let mut stack_of: BTreeMap<Point, usize> = BTreeMap::new();
    for p in &scenario.placements {
        let point = plan.point(&p.location).ok_or_else(|| {
            format!(
                "scenario `{}`: no place on the module for {}",
                scenario.id,
                game.location_name(&p.location)
            )
        })?;
        let gpid = plan.gpids[p.counter];
        let mut piece = counters
            .piece(plan, p.counter, gpid, p.reduced)
            .expanded(&prototypes);
        piece.basic_state = BasicState {
            map: Some(point.map.clone()),
            x: point.x,
            y: point.y,
            gpid: gpid.to_string(),
        };
        let id = next_id.to_string();
        next_id += 1;
        adds.push(piece.add_command(&id));
        let slot = *stack_of.entry(point.clone()).or_insert_with(|| {
            stacks.push((point.clone(), Vec::new()));
            stacks.len() - 1
        });
        stacks[slot].1.push(id);
    }
    let pieces = adds.len();
    let mut group = vec![String::new()];
    group.extend(adds);
    for (point, children) in &stacks {
        let mut state = vec![point.map.clone(), point.x.to_string(), point.y.to_string()];
        state.extend(children.iter().cloned());
        state.push("@@0".into());
        let state = encode_or_empty(&state, ';');
        let id = next_id.to_string();
        next_id += 1;
        group.push(encode_or_empty(&["+", id.as_str(), "stack", state.as_str()], '/'));
    }
    let mut leaves = vec![
        "begin_save".to_string(),
        String::new(),
        encode_or_empty(&group, ESC),
    ];
    leaves.extend(plan.all_boards().map(board_command));
    leaves.push("SETUP_STACK\t".into());
    let names = super::buildfile::track_properties(game);
    for (track, value) in &scenario.tracks {
        leaves.push(encode_or_empty(
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
        leaves.push(encode_or_empty(
            &[format!("TURN{}", super::turns::TRACKER_ID), state],
            '\t',
        ));
    }
    leaves.push("end_save".into());
    Ok((encode_or_empty(&leaves, ESC), pieces))
}

/// The `.vsav` of a scenario.
pub fn setup(
    plan: &Plan<'_>,
    counters: &Counters,
    scenario: &Scenario,
    moduledata: &str,
) -> Result<Setup, String> {
    let (plain, pieces) = command_stream(plan, counters, scenario)?;
    let game = plan.game;
    let description = if scenario.description.trim().is_empty() {
        scenario.title.clone()
    } else {
        format!("{} — {}", scenario.title, scenario.description.trim())
    };
    let savedata = write_metadata(&[
        ("version", game.version.as_str()),
        ("extra1", ""),
        ("extra2", ""),
        ("VassalVersion", VASSAL_VERSION),
        ("dateSaved", "0"),
        ("description", description.as_str()),
    ]);
    let mut zip = ArchiveBuilder::new();
    let err = |e: crate::vassal::archive::ArchiveError| e.to_string();
    zip.add("savedGame", obfuscate(&plain, OBFUSCATION_KEY))
        .map_err(err)?;
    zip.add("savedata", savedata).map_err(err)?;
    zip.add("moduledata", moduledata.to_string()).map_err(err)?;
    Ok(Setup {
        name: scenario.title.trim().to_string(),
        file: format!("{}.vsav", file_stem(&scenario.id)),
        bytes: zip.to_bytes().map_err(err)?,
        pieces,
    })
}

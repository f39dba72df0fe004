//! `sandtable supply DIR (--scenario ID | --save FILE.vsav) [--side S] [--weather W]
//! [--format json] [--render OUT.png] [--apply -o OUT.vsav]`: whether every unit is in supply and why; the
//! map with the supplied areas and the cut-off units drawn; the save with its Out of Supply
//! markers set accordingly.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use super::positions::{self, json, LoadedSave, Source};
use super::{game_for, Format, GameDir};
use crate::emit::art::canvas::Rgba;
use crate::emit::art::overlay::{self, Cell, Overlay, Ring, Tint};
use crate::helpers::board::{Board, PlaceAt};
use crate::helpers::savegame::{self, SupplyEdit};
use crate::helpers::supply::{self, SupplyReport, SupplyTrace};
use crate::helpers::Positions;
use crate::model::{Game, MapId, SideId};
use crate::vassal::archive::ZipTimestamp;
use crate::vassal::save::SaveGame;

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Says whether every unit is in supply, under the game's supply rule: the path to its
source, or what cuts it. `--render` draws the supplied areas and rings the cut-off units on
the map. `--apply` writes the save with the Out of Supply markers set on exactly the cut
units. In a game of forces of many factors, it traces each force's isolation line (or names
what blocked it).

Examples:
  sandtable supply modules/great-patriotic-war --scenario barbarossa
  sandtable supply modules/great-patriotic-war --save turn3.vsav --render supply.png
  sandtable supply modules/great-patriotic-war --save turn3.vsav --apply -o turn3-marked.vsav

Exit codes:
- `0`: traced.
- `1`: the game, scenario or save has errors.

JSON:
`{"sides": [{"side", "name", "units", "in_supply", "out_of_supply"}], "units": [{"counter",
"side", "location", "in_supply", "path", "blocked", "reason", …}]}`."#;

/// Arguments of `supply`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    #[command(flatten)]
    source: Source,
    /// Only this side's units (with --render, only its supplied area is tinted; with
    /// --apply, only its markers change).
    #[arg(long, value_name = "S")]
    side: Option<String>,
    /// The weather in force, by id [default: the turn's, from the scenario's first turn or
    /// the save's turn tracker]. It matters to paths counted in movement points.
    #[arg(long, value_name = "W")]
    weather: Option<String>,
    /// Draw the map as PNG: each side's supplied area tinted in its colour, every unit out
    /// of supply drawn on its location and ringed in red.
    #[arg(long, value_name = "OUT.png")]
    render: Option<PathBuf>,
    /// The map to draw, by id, when the game has several.
    #[arg(long, value_name = "ID", requires = "render")]
    map: Option<String>,
    /// Write a copy of the save with the Out of Supply marker on exactly the units out of
    /// supply, cleared on the others that had it; nothing else changes.
    #[arg(long, requires = "save", requires = "output")]
    apply: bool,
    /// Where --apply writes the edited save.
    #[arg(short, long, value_name = "OUT.vsav", requires = "apply")]
    output: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

impl Args {
    /// The output format asked for.
    pub(super) fn format(&self) -> Format {
        self.format
    }
}

/// What --apply did.
#[derive(Debug, Serialize)]
struct Applied<'a> {
    /// The file written.
    output: String,
    /// Marker changes.
    #[serde(flatten)]
    edit: &'a SupplyEdit,
    /// Pieces compared between the two saves.
    verified_pieces: usize,
}

#[derive(Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    save: Option<positions::SaveSummary<'a>>,
    #[serde(flatten)]
    supply: &'a SupplyReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    applied: Option<Applied<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rendered: Option<String>,
}

/// The map to draw: the one named, the only one, or an error naming them.
fn pick_map(g: &Game, id: Option<&str>) -> Result<MapId, String> {
    let ids = || {
        g.maps
            .iter()
            .map(|m| m.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match id {
        Some(id) => g.maps.iter().position(|m| m.id == id).ok_or_else(|| {
            let hint = crate::diag::suggest::did_you_mean(id, g.maps.iter().map(|m| m.id.as_str()))
                .unwrap_or_else(|| format!("maps: {}", ids()));
            format!("no map `{id}` ({hint})")
        }),
        None => match g.maps.len() {
            0 => Err("the game has no map to draw".into()),
            1 => Ok(0),
            _ => Err(format!(
                "the game has several maps ({}); name one with --map",
                ids()
            )),
        },
    }
}

/// Draw the map with the supplied areas and the cut-off units.
fn render(
    g: &Game,
    trace: &SupplyTrace,
    positions: &Positions,
    report: &SupplyReport,
    only: Option<SideId>,
    map: MapId,
    out: &Path,
) -> Result<(), String> {
    let board: &Board = trace.board();
    let mut picture = Overlay::default();
    for (s, side) in g.sides.iter().enumerate() {
        if only.is_some_and(|o| o != s) {
            continue;
        }
        let Some(supplied) = trace.supplied(s) else {
            continue;
        };
        let cells: Vec<Cell> = supplied
            .iter()
            .enumerate()
            .filter(|(_, yes)| **yes)
            .map(|(n, _)| board.site(n))
            .filter(|site| site.map == map)
            .map(|site| match site.at {
                PlaceAt::Hex(h) => Cell::Hex(h),
                PlaceAt::Area(a) => Cell::Area(a),
            })
            .collect();
        let colour = Rgba::of(side.colour);
        picture.tints.push(Tint {
            cells,
            colour: colour.alpha(80),
        });
        picture
            .legend
            .push((format!("{} supplied area", side.name), colour.alpha(160)));
    }
    let red = Rgba(220, 0, 0, 255);
    for u in report.units.iter().filter(|u| !u.in_supply) {
        let p = &positions.units[u.index];
        picture.rings.push(Ring {
            counter: p.counter,
            reduced: p.reduced,
            location: p.location,
            colour: red,
        });
    }
    picture.legend.push(("Out of supply (ringed)".into(), red));
    let base = crate::emit::art::render_map(g, map, &crate::emit::art::NoProgress)
        .map_err(|e| e.to_string())?;
    let img = overlay::draw(g, map, &base, &picture).map_err(|e| e.to_string())?;
    crate::emit::art::png::write(out, &img).map_err(|e| e.to_string())
}

/// Write the save with the Out of Supply layers set, then read both back and check that
/// exactly the edited pieces changed, and only in their state.
fn apply(
    g: &Game,
    save: &LoadedSave,
    report: &SupplyReport,
    only: Option<SideId>,
    input: &Path,
    output: &Path,
) -> Result<(SupplyEdit, usize), String> {
    if g.rules.supply.as_ref().and_then(|r| r.marker).is_none() {
        return Err(
            "the game's [rules.supply] names no marker, so its module has no Out of Supply \
             layer to set"
                .into(),
        );
    }
    if let (Ok(a), Ok(b)) = (input.canonicalize(), output.canonicalize()) {
        if a == b {
            return Err(format!(
                "refusing to overwrite the save being read ({}); choose another -o",
                output.display()
            ));
        }
    }
    let out: BTreeSet<String> = report
        .units
        .iter()
        .filter(|u| !u.in_supply)
        .filter_map(|u| u.piece.clone())
        .collect();
    let edit = savegame::supply_layer_states(g, &save.state, &save.adapted, &out, only);
    let (bytes, missing) = save
        .file
        .edited_bytes(&edit.states, ZipTimestamp::default())
        .map_err(|e| e.to_string())?;
    if !missing.is_empty() {
        return Err(format!(
            "pieces {} are not added by the save's own commands, so their state cannot be \
             rewritten; nothing written",
            missing.join(", ")
        ));
    }
    let written = SaveGame::from_bytes(bytes.clone(), output)
        .map_err(|e| format!("the edited save does not read back: {e}"))?
        .state();
    let diff = savegame::changed_pieces(&save.state, &written);
    for d in &diff {
        let expected = edit.states.get(&d.piece);
        let ok = d.what == ["state"]
            && expected
                .is_some_and(|s| written.pieces.get(&d.piece).map(|p| &p.state_string) == Some(s));
        if !ok {
            return Err(format!(
                "the edited save would change piece {} ({}) unexpectedly; nothing written",
                d.piece,
                d.what.join(", ")
            ));
        }
    }
    if diff.len() != edit.states.len() {
        return Err("the edited save lost some marker changes; nothing written".into());
    }
    positions::write_atomic(output, &bytes)?;
    Ok((edit, written.pieces.len()))
}

fn applied_text(a: &Applied) -> String {
    let mut out = format!(
        "\nWrote {}: Out of Supply set on {} unit{}, cleared on {}, kept on {}; the other {} \
         pieces are unchanged.\n",
        a.output,
        a.edit.marked.len(),
        if a.edit.marked.len() == 1 { "" } else { "s" },
        a.edit.cleared.len(),
        a.edit.kept.len(),
        a.verified_pieces - a.edit.marked.len() - a.edit.cleared.len()
    );
    for m in &a.edit.marked {
        out.push_str(&format!("  + {} at {}\n", m.counter, m.location));
    }
    for m in &a.edit.cleared {
        out.push_str(&format!("  - {} at {}\n", m.counter, m.location));
    }
    for (m, why) in &a.edit.unmarkable {
        out.push_str(&format!(
            "  ! {} at {} cannot be marked: {why}\n",
            m.counter, m.location
        ));
    }
    out
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let needs = match &a.source.scenario {
        Some(id) => super::Needs::Scenario(id),
        None => super::Needs::NoScenario,
    };
    let g = game_for(&a.game.dir, &a.options, needs, a.format)?;
    let only = a
        .side
        .as_deref()
        .map(|s| positions::side(&g, s))
        .transpose()?;
    let map = a
        .render
        .as_ref()
        .map(|_| pick_map(&g, a.map.as_deref()))
        .transpose()?;
    let weather = a
        .weather
        .as_deref()
        .map(|w| positions::weather(&g, w))
        .transpose()?;
    let mut loaded = positions::load(&g, &a.source)?;
    if weather.is_some() {
        loaded.positions.weather = weather;
    }
    // A province board with multi-factor units traces isolation lines instead.
    let isolates = g
        .rules
        .multi_factor
        .as_ref()
        .is_some_and(|m| m.isolation.is_some());
    if g.rules.supply.is_none() && isolates {
        if a.apply {
            return Err(
                "isolation removes forces after an autumn (adjudicate does it); there is no \
                 Out of Supply marker to set"
                    .to_string()
                    .into(),
            );
        }
        let render = a.render.as_deref().zip(map);
        super::isolation::run(&g, &loaded, only, render, a.format)?;
        return Ok(ExitCode::SUCCESS);
    }
    let trace = SupplyTrace::new(Board::new(&g), &loaded.positions).map_err(|e| e.to_string())?;
    let mut report = trace.report(&loaded.positions);

    let mut applied = None;
    if let (true, Some(save), Some(output), Some(input)) =
        (a.apply, &loaded.save, &a.output, &a.source.save)
    {
        let (edit, pieces) = apply(&g, save, &report, only, input, output)?;
        applied = Some((edit, pieces, output.display().to_string()));
    }
    if let (Some(out), Some(map)) = (&a.render, map) {
        render(&g, &trace, &loaded.positions, &report, only, map, out)?;
    }
    if let Some(s) = only {
        let id = &g.sides[s].id;
        report.units.retain(|u| &u.side == id);
        report.sides.retain(|x| &x.side == id);
    }

    let applied = applied.as_ref().map(|(edit, pieces, output)| Applied {
        output: output.clone(),
        edit,
        verified_pieces: *pieces,
    });
    let full = Report {
        save: loaded
            .save
            .as_ref()
            .map(|s| s.summary(a.source.module.as_deref())),
        supply: &report,
        applied,
        rendered: a.render.as_ref().map(|p| p.display().to_string()),
    };
    match a.format {
        Format::Json => super::emit(&json(&full)?),
        Format::Text => {
            if let Some(s) = &loaded.save {
                eprint!("{}", s.warnings());
            }
            let mut text = supply::render(&report);
            if report.units.is_empty() {
                text.push_str("No unit needs supply.\n");
            }
            if let Some(ap) = &full.applied {
                text.push_str(&applied_text(ap));
            }
            if let Some(r) = &full.rendered {
                text.push_str(&format!("\nwrote {r}\n"));
            }
            super::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

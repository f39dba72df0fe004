//! `sandtable supply` for a game on a province board with multi-factor units and isolation
//! (`[rules.multi-factor] isolation`): each force's supply line, of at most the rule's reach,
//! free of other powers' units and centres, to its source — the line found, or for an
//! isolated force the provinces that stopped it; with `--render` the map with every line
//! tinted in its power's colour, the blockers of isolated forces in red and those forces
//! ringed.

use serde::Serialize;

use super::positions::{self, Loaded};
use super::Format;
use crate::diplomacy::board::ProvinceBoard;
use crate::diplomacy::forces;
use crate::diplomacy::isolation::Trace;
use crate::diplomacy::movement::display;
use crate::diplomacy::position::{force_text, from_positions, unit_kind};
use crate::emit::art::canvas::Rgba;
use crate::emit::art::overlay::{self, Cell, Overlay, Ring, Tint};
use crate::model::{Game, Location, MapId, SideId};

/// One force's line, as reports show it.
#[derive(Debug, Serialize)]
struct ForceLine {
    /// The power (side id).
    power: String,
    /// The force, `A3 mun`.
    force: String,
    /// Whether it traced a line.
    in_supply: bool,
    /// The line, from its province to the source.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<String>>,
    /// What stopped an isolated force: (province, why).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    blocked_by: Vec<(String, String)>,
}

#[derive(Debug, Serialize)]
struct Report {
    /// Longest line, in provinces.
    reach: u32,
    /// What lines are traced to.
    to: crate::model::rules::IsolationSource,
    /// Every force of the powers.
    forces: Vec<ForceLine>,
    /// How many are isolated.
    isolated: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    rendered: Option<String>,
}

/// The isolation report of the position `loaded` holds; the map drawn when asked.
pub(super) fn run(
    g: &Game,
    loaded: &Loaded,
    only: Option<SideId>,
    render: Option<(&std::path::Path, MapId)>,
    format: Format,
) -> Result<(), String> {
    let rule = g
        .rules
        .multi_factor
        .as_ref()
        .and_then(|m| m.isolation)
        .ok_or("the game has no isolation rule")?;
    let board = ProvinceBoard::first(g).ok_or("the game has no province board")?;
    let positions = crate::helpers::Positions {
        owners: loaded.save.as_ref().map_or_else(
            || loaded.positions.owners.clone(),
            |s| s.adapted.owners.clone(),
        ),
        ..loaded.positions.clone()
    };
    let (position, _) = from_positions(&board, &positions, None, None);
    let mut traces = forces::isolation(&board, &position);
    if let Some(s) = only {
        traces.retain(|t| t.unit.power == g.sides[s].id);
    }
    if let Some((out, map)) = render {
        draw(g, &board, &positions, &traces, map, out)?;
    }
    let lines: Vec<ForceLine> = traces
        .iter()
        .map(|t| ForceLine {
            power: t.unit.power.clone(),
            force: force_text(&t.unit),
            in_supply: !t.isolated(),
            line: t.line.clone(),
            blocked_by: t.blocked_by.clone(),
        })
        .collect();
    let report = Report {
        reach: rule.reach,
        to: rule.to,
        isolated: lines.iter().filter(|l| !l.in_supply).count(),
        forces: lines,
        rendered: render.map(|(p, _)| p.display().to_string()),
    };
    match format {
        Format::Json => super::emit(&positions::json(&report)?),
        Format::Text => super::emit(&text(g, &report)),
    }
    Ok(())
}

fn text(g: &Game, r: &Report) -> String {
    let name = |p: &str| {
        g.side_index(p)
            .map_or_else(|| p.to_string(), |s| g.sides[s].name.clone())
    };
    let to = match r.to {
        crate::model::rules::IsolationSource::HomeCentres => "a home supply centre it controls",
        crate::model::rules::IsolationSource::Centres => "a supply centre it controls",
    };
    let mut out = format!(
        "Isolation: a line of at most {} provinces, free of other powers' units and centres, to {to}.\n",
        r.reach
    );
    let mut power = "";
    for f in &r.forces {
        if f.power != power {
            power = &f.power;
            out.push_str(&format!("\n{}\n", name(power)));
        }
        match &f.line {
            Some(line) => {
                let shown: Vec<String> = line.iter().map(|p| display(p)).collect();
                out.push_str(&format!(
                    "  {:<12} in supply: {}\n",
                    f.force,
                    shown.join(" - ")
                ));
            }
            None => {
                let b: Vec<String> = f
                    .blocked_by
                    .iter()
                    .map(|(p, why)| format!("{} ({why})", display(p)))
                    .collect();
                out.push_str(&format!(
                    "  {:<12} ISOLATED: stopped by {}\n",
                    f.force,
                    if b.is_empty() {
                        "the reach of the line".to_string()
                    } else {
                        b.join(", ")
                    }
                ));
            }
        }
    }
    out.push_str(&format!(
        "\n{} of {} forces isolated.\n",
        r.isolated,
        r.forces.len()
    ));
    if let Some(p) = &r.rendered {
        out.push_str(&format!("\nwrote {p}\n"));
    }
    out
}

/// The map with each line tinted in its power's colour, the blockers of isolated forces in
/// red and the isolated forces ringed.
fn draw(
    g: &Game,
    board: &ProvinceBoard,
    positions: &crate::helpers::Positions,
    traces: &[Trace],
    map: MapId,
    out: &std::path::Path,
) -> Result<(), String> {
    let area = |p: &str| board.areas.areas.iter().position(|a| a.id == p);
    let mut picture = Overlay::default();
    for (s, side) in g.sides.iter().enumerate() {
        let cells: Vec<Cell> = traces
            .iter()
            .filter(|t| t.unit.power == side.id)
            .filter_map(|t| t.line.as_ref())
            .flatten()
            .filter_map(|p| area(p))
            .map(Cell::Area)
            .collect();
        if cells.is_empty() || g.is_neutral(s) {
            continue;
        }
        let colour = Rgba::of(side.colour);
        picture.tints.push(Tint {
            cells,
            colour: colour.alpha(70),
        });
        picture
            .legend
            .push((format!("{}: supply lines", side.name), colour.alpha(160)));
    }
    let red = Rgba(220, 0, 0, 255);
    let blocked: Vec<Cell> = traces
        .iter()
        .filter(|t| t.isolated())
        .flat_map(|t| t.blocked_by.iter().filter_map(|(p, _)| area(p)))
        .map(Cell::Area)
        .collect();
    if !blocked.is_empty() {
        picture.tints.push(Tint {
            cells: blocked,
            colour: red.alpha(70),
        });
    }
    for t in traces.iter().filter(|t| t.isolated()) {
        let Some(site) = board.site(&t.unit.location) else {
            continue;
        };
        // The force's top counter, where it stands.
        let piece = positions.on_map().map(|(_, p)| p).find(|p| {
            matches!(p.location, Location::Area { map: m, area: a, .. } if m == board.map && a == site.area)
                && unit_kind(g, p.counter) == Some(t.unit.kind)
                && g.side_of(p.counter).map(|s| g.sides[s].id.as_str()) == Some(t.unit.power.as_str())
        });
        if let Some(p) = piece {
            picture.rings.push(Ring {
                counter: p.counter,
                reduced: p.reduced,
                location: p.location,
                colour: red,
            });
        }
    }
    picture
        .legend
        .push(("Isolated (ringed), and what stopped its line".into(), red));
    let base = crate::emit::art::render_map(g, map, &crate::emit::art::NoProgress)
        .map_err(|e| e.to_string())?;
    let img = overlay::draw(g, map, &base, &picture).map_err(|e| e.to_string())?;
    crate::emit::art::png::write(out, &img).map_err(|e| e.to_string())
}

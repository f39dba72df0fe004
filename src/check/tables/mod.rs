//! Checks of the terrain effects chart, hexside terrain, combat results tables and charts.
//!
//! This file checks terrain and hexside terrain and dispatches the tables: charts are in
//! `charts.rs`, combat results tables in `crt.rs`.

use std::path::{Path, PathBuf};

use crate::load::schema::Spanned;
use indexmap::IndexMap;

use super::game::colour;
use super::names::Names;
use super::{gather, Cx};
use crate::diag::Diagnostic;
use crate::load::schema::table::Cost as CostText;
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::table::{
    ChartModifier, CombatSide, CrtRow, Modifier, ModifierValue, RollColumn, RollRange, Threshold,
    ThresholdColumn,
};
use crate::model::{
    Chart, CombatEffect, Cost, Crt, CrtColumn, CrtKind, Dice, Game, HexsideTerrain, Terrain,
    TerrainKind,
};

mod charts;
mod crt;

use charts::check_chart;
use crt::check_crt;

/// Resolve a designer-supplied art path against the game directory (or the shared `art/`),
/// reporting a missing file.
pub(crate) fn art_path(
    cx: &mut Cx,
    file: FileId,
    root: &Path,
    p: &Spanned<String>,
) -> Option<PathBuf> {
    let rel = p.get_ref();
    let candidate = root.join(rel);
    let ext = Path::new(rel)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if ext.as_deref() != Some("png") {
        let (message, hint) = if ext.as_deref() == Some("svg") {
            (
                format!("`{rel}` is an SVG picture; sandtable draws PNG art only"),
                "export it as a PNG (Inkscape: File > Export) and name the `.png` here",
            )
        } else {
            (
                format!("`{rel}` is not a PNG file"),
                "supply art as a `.png` file",
            )
        };
        cx.push(
            Diagnostic::error("bad-image", message)
                .at(Cx::span(file, p))
                .hint(hint),
        );
        return None;
    }
    if candidate.is_file() {
        return Some(candidate);
    }
    if crate::load::shared_art(rel).is_some() {
        return Some(PathBuf::from(format!("art:{rel}")));
    }
    cx.push(
        Diagnostic::error("missing-file", format!("image `{rel}` does not exist"))
            .at(Cx::span(file, p))
            .hint("paths are relative to the game directory, or to the shared `art/` folder"),
    );
    None
}

fn costs(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    map: &IndexMap<Spanned<String>, CostText>,
) -> Vec<(Option<usize>, Cost)> {
    let mut out = Vec::new();
    for (k, v) in map {
        let who = if k.get_ref() == "all" {
            None
        } else {
            match names.unit_type.resolve(file, k, &mut cx.diags) {
                Some(t) => Some(t),
                None => continue,
            }
        };
        let cost = match v {
            CostText::Points(n) if *n >= 0 => Cost::Points(*n),
            CostText::Word(w) if w == "stop" => Cost::Stop,
            CostText::Word(w) if w == "prohibited" => Cost::Prohibited,
            _ => {
                cx.push(
                    Diagnostic::error(
                        "bad-cost",
                        format!(
                            "movement cost for `{}` must be a number, `stop` or `prohibited`",
                            k.get_ref()
                        ),
                    )
                    .at(Cx::span(file, k)),
                );
                continue;
            }
        };
        out.push((who, cost));
    }
    out
}

/// A terrain's or hexside's costs in each weather (`movement-in`), each weather's costs
/// read as `movement` is.
fn costs_in(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    map: &IndexMap<Spanned<String>, IndexMap<Spanned<String>, CostText>>,
) -> crate::model::table::WeatherCosts {
    map.iter()
        .filter_map(|(w, costs_of)| {
            let weather = names.weather.resolve(file, w, &mut cx.diags)?;
            Some((weather, costs(cx, file, names, costs_of)))
        })
        .collect()
}

pub(crate) fn check_tables(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) {
    for (file, t) in gather(files, |f| &f.terrain) {
        let Some(claim) = names.terrain.define(file, &t.id, &mut cx.diags) else {
            continue;
        };
        let kind = match t.kind.get_ref().as_str() {
            "land" => TerrainKind::Land,
            "water" => TerrainKind::Water,
            "feature" => TerrainKind::Feature,
            other => {
                cx.push(
                    Diagnostic::error("unknown-value", format!("unknown terrain kind `{other}`"))
                        .at(Cx::span(file, &t.kind))
                        .hint("use `land`, `water` or `feature`"),
                );
                TerrainKind::Land
            }
        };
        let colour = colour(cx, file, &t.colour);
        let movement = costs(cx, file, names, &t.movement);
        let movement_in = costs_in(cx, file, names, &t.movement_in);
        let terrain = Terrain {
            id: t.id.get_ref().clone(),
            name: t.name.clone(),
            kind,
            colour,
            pattern: t.pattern.as_ref().map(|p| p.get_ref().clone()),
            movement,
            movement_in,
            combat: CombatEffect {
                halve_attack: t.combat.halve_attack,
                double_defence: t.combat.double_defence,
                shift: t.combat.shift,
                no_retreat: t.combat.no_retreat,
            },
        };
        names.terrain.admit(claim, &mut g.terrain, terrain);
    }
    for (file, h) in gather(files, |f| &f.hexside_terrain) {
        let Some(claim) = names.hexside_terrain.define(file, &h.id, &mut cx.diags) else {
            continue;
        };
        let colour = colour(cx, file, &h.colour);
        let movement = costs(cx, file, names, &h.movement);
        let movement_in = costs_in(cx, file, names, &h.movement_in);
        let hexside = HexsideTerrain {
            id: h.id.get_ref().clone(),
            name: h.name.clone(),
            colour,
            movement,
            movement_in,
            shift_if_all_across: h.shift_if_all_across,
            halve_if_any_across: h.halve_if_any_across,
            passable: h.passable,
        };
        names
            .hexside_terrain
            .admit(claim, &mut g.hexside_terrain, hexside);
    }
    for (file, c) in gather(files, |f| &f.crt) {
        let Some(claim) = names.crt.define(file, &c.id, &mut cx.diags) else {
            continue;
        };
        // A table with errors was reported; it is left out of the model.
        if let Some(crt) = check_crt(cx, file, names, g, c) {
            names.crt.admit(claim, &mut g.crts, crt);
        }
    }
    for (file, c) in gather(files, |f| &f.chart) {
        let Some(claim) = names.chart.define(file, &c.id, &mut cx.diags) else {
            continue;
        };
        if let Some(chart) = check_chart(cx, file, names, g, c) {
            names.chart.admit(claim, &mut g.charts, chart);
        }
    }
}

fn dice(cx: &mut Cx, file: FileId, d: &Spanned<String>) -> Option<Dice> {
    let parsed = Dice::parse(d.get_ref());
    if parsed.is_none() {
        cx.push(
            Diagnostic::error(
                "bad-dice",
                format!("`{}` is not a dice expression", d.get_ref()),
            )
            .at(Cx::span(file, d))
            .hint("write dice as `1d6` or `2d6`"),
        );
    }
    parsed
}

//! Charts as PNG tables: every combat results table (columns × die rows, result codes tinted
//! by who suffers them, the meanings and modifiers underneath), the terrain effects chart
//! (a swatch, movement costs and combat effects per terrain, then hexside terrain, then the
//! weather), and every other chart as a generic table. Supplied chart images are used as they
//! are.

use rayon::prelude::*;

use super::canvas::{Canvas, Pen, Rgba};
use super::hex_map::{city_kind, city_symbol, is_strait};
use super::patterns::{self, Pattern};
use super::table::{self, Cell, Row, Table};
use super::{safe_name, supplied, ArtError, Picture, Progress};
use crate::model::{Cost, Crt, CrtKind, Game, MapKind, TerrainKind, UnitTypeId};

fn scale(game: &Game) -> f32 {
    (game.art.counter_size.max(8) as f32 / 60.0).max(0.75)
}

/// A tint for a result code: attacker results reddish, defender results bluish, exchanges
/// violet, no effect none.
pub fn result_tint(code: &str) -> Option<Rgba> {
    let c = code.trim().to_ascii_uppercase();
    if c.starts_with("EX") || c == "X" || c.starts_with("BR") || c.starts_with("BE") {
        Some(Rgba(0xe4, 0xd2, 0xee, 255))
    } else if c.starts_with('A') {
        Some(Rgba(0xf6, 0xcf, 0xc8, 255))
    } else if c.starts_with('D') {
        Some(Rgba(0xcd, 0xdc, 0xf2, 255))
    } else {
        None
    }
}

fn cost_text(c: Cost) -> String {
    match c {
        Cost::Points(n) => n.to_string(),
        Cost::Stop => "stop".into(),
        Cost::Prohibited => "prohibited".into(),
    }
}

fn costs(game: &Game, movement: &[(Option<UnitTypeId>, Cost)], extra: bool) -> String {
    if movement.is_empty() {
        return "—".into();
    }
    let fmt = |c: Cost| match (c, extra) {
        (Cost::Points(n), true) => format!("+{n}"),
        (c, _) => cost_text(c),
    };
    let mut parts: Vec<String> = Vec::new();
    if let Some((_, c)) = movement.iter().find(|(t, _)| t.is_none()) {
        parts.push(fmt(*c));
    }
    for (t, c) in movement {
        if let Some(t) = t {
            parts.push(format!("{} {}", game.unit_types[*t].name, fmt(*c)));
        }
    }
    parts.join("; ")
}

fn shift_text(n: i64) -> String {
    let cols = if n.abs() == 1 { "column" } else { "columns" };
    if n < 0 {
        format!("{} {cols} left", -n)
    } else {
        format!("{n} {cols} right")
    }
}

/// The picture of one CRT (`charts/crt-<id>.png`).
pub fn render_crt(game: &Game, crt: &Crt) -> Result<image::RgbaImage, ArtError> {
    if let Some(p) = &crt.image {
        return supplied::load(p);
    }
    let mut header = vec![format!("Die ({})", crt.dice)];
    header.extend(crt.labels.iter().cloned());
    let rows = crt
        .rows
        .iter()
        .map(|r| {
            let mut cells =
                vec![Cell::bold(r.label.clone()).tinted(Some(Rgba(0xe6, 0xdf, 0xc8, 255)))];
            cells.extend(
                r.results
                    .iter()
                    .map(|code| Cell::bold(code.clone()).tinted(result_tint(code))),
            );
            Row::Cells(cells)
        })
        .collect();
    let mut notes = Vec::new();
    if !crt.results.is_empty() {
        notes.push((
            "Results".to_string(),
            crt.results
                .iter()
                .map(|(c, m)| format!("{c} — {m}"))
                .collect(),
        ));
    }
    let mut mods: Vec<String> = crt
        .modifiers
        .iter()
        .map(|m| {
            let mut when = Vec::new();
            if let Some(w) = m.weather {
                when.push(format!("in {}", game.weather[w].name));
            }
            if m.attacker_out_of_supply {
                when.push("when the attackers are out of supply".to_string());
            }
            if let Some(s) = m.attacking_side {
                when.push(format!("in attacks by the {} side", game.sides[s].name));
            }
            if !m.attacking_nations.is_empty() {
                let names: Vec<&str> = m
                    .attacking_nations
                    .iter()
                    .map(|n| game.nations[*n].name.as_str())
                    .collect();
                when.push(format!("with a {} unit attacking", names.join(" or ")));
            }
            if m.conditional() && !m.unit_types.is_empty() {
                let names: Vec<&str> = m
                    .unit_types
                    .iter()
                    .map(|t| game.unit_types[*t].name.as_str())
                    .collect();
                when.push(format!("with a {} unit attacking", names.join(" or ")));
            }
            let mut what = Vec::new();
            if m.halve_attack {
                what.push("attack halved".to_string());
            }
            if let Some(f) = m.shift_factor {
                let dir = if m.shift < 0 { "left" } else { "right" };
                what.push(format!(
                    "shift {dir} by the supporting unit's {}",
                    game.factors[f].name.to_lowercase()
                ));
            } else if m.shift != 0 {
                what.push(shift_text(m.shift));
            }
            let when = if when.is_empty() {
                String::new()
            } else {
                format!(" ({})", when.join(", "))
            };
            format!(
                "{}{when}: {}",
                m.name,
                if what.is_empty() {
                    "see rules".into()
                } else {
                    what.join(", ")
                }
            )
        })
        .collect();
    let terrain_shifts = game.terrain.iter().any(|t| t.combat != Default::default());
    if terrain_shifts {
        mods.push("Terrain: see the Terrain Effects Chart.".into());
    }
    match crt.kind {
        CrtKind::Odds => mods.push("Odds are rounded in the defender's favour.".into()),
        CrtKind::Differential => {
            mods.push("Column: attack strength minus defence strength.".into())
        }
        CrtKind::Column => {}
    }
    // A table read by named columns halves no factors.
    if crt.kind != CrtKind::Column {
        mods.push(format!(
            "Halved factors round {}.",
            if crt.halve_up { "up" } else { "down" }
        ));
    }
    if !mods.is_empty() {
        notes.push(("Modifiers".to_string(), mods));
    }
    let t = Table {
        title: crt.title.clone(),
        header,
        rows,
        max_column: 110.0,
        swatch: 0.0,
        notes,
        centred: true,
    };
    Ok(table::render(&t, scale(game), None))
}

/// A row of the terrain effects chart, for its swatch.
enum Swatch {
    Terrain(usize),
    Hexside(usize),
}

/// The terrain effects chart (`charts/terrain-effects.png`).
pub fn render_tec(game: &Game) -> image::RgbaImage {
    let mut rows = Vec::new();
    let mut swatches = Vec::new();
    let combat = |ce: &crate::model::CombatEffect| {
        let mut v = Vec::new();
        if ce.halve_attack {
            v.push("attack halved".to_string());
        }
        if ce.double_defence {
            v.push("defence doubled".to_string());
        }
        if ce.shift != 0 {
            v.push(shift_text(ce.shift));
        }
        if ce.no_retreat {
            v.push("retreat becomes a step loss".to_string());
        }
        if v.is_empty() {
            "—".to_string()
        } else {
            v.join("; ")
        }
    };
    // What a feature stands in, in the words of the game's maps.
    let hex = game.maps.iter().any(|m| matches!(m.kind, MapKind::Hex(_)));
    let area = game.maps.iter().any(|m| matches!(m.kind, MapKind::Area(_)));
    let cell = match (hex, area) {
        (true, true) => "the hex's or area's",
        (false, true) => "the area's",
        _ => "the hex's",
    };
    let features = format!("Features (in addition to {cell} terrain)");
    for (kind, title) in [
        (TerrainKind::Land, "Terrain"),
        (TerrainKind::Water, "Water"),
        (TerrainKind::Feature, features.as_str()),
    ] {
        let of: Vec<usize> = (0..game.terrain.len())
            .filter(|i| game.terrain[*i].kind == kind)
            .collect();
        if of.is_empty() {
            continue;
        }
        rows.push(Row::Section(title.to_string()));
        for i in of {
            let t = &game.terrain[i];
            let mut movement = if kind == TerrainKind::Feature && t.movement.is_empty() {
                format!("as {cell} terrain")
            } else {
                costs(game, &t.movement, false)
            };
            for (w, list) in &t.movement_in {
                movement.push_str(&format!(
                    "; in {}: {}",
                    game.weather[*w].name,
                    costs(game, list, false)
                ));
            }
            rows.push(Row::Cells(vec![
                Cell::bold(t.name.clone()),
                Cell::new(movement),
                Cell::new(combat(&t.combat)),
            ]));
            swatches.push(Swatch::Terrain(i));
        }
    }
    if !game.hexside_terrain.is_empty() {
        rows.push(Row::Section("Hexsides".to_string()));
        for (i, h) in game.hexside_terrain.iter().enumerate() {
            let mut eff = Vec::new();
            if h.shift_if_all_across != 0 {
                eff.push(format!(
                    "{} if every attacker is across",
                    shift_text(h.shift_if_all_across)
                ));
            }
            if h.halve_if_any_across {
                eff.push("attack halved if any attacker is across".to_string());
            }
            if !h.passable {
                eff.push("blocks supply and zones of control".to_string());
            }
            let eff = if eff.is_empty() {
                "—".to_string()
            } else {
                eff.join("; ")
            };
            let mut cross = format!("{} to cross", costs(game, &h.movement, true));
            for (w, list) in &h.movement_in {
                cross.push_str(&format!(
                    "; in {}: {}",
                    game.weather[*w].name,
                    costs(game, list, true)
                ));
            }
            rows.push(Row::Cells(vec![
                Cell::bold(h.name.clone()),
                Cell::new(cross),
                Cell::new(eff),
            ]));
            swatches.push(Swatch::Hexside(i));
        }
    }
    let mut notes = Vec::new();
    let weather: Vec<String> = game
        .weather
        .iter()
        .filter(|w| !w.effect.is_empty())
        .map(|w| format!("{}: {}", w.name, w.effect))
        .collect();
    if !weather.is_empty() {
        notes.push(("Weather".to_string(), weather));
    }
    let movement: Vec<String> = game
        .weather
        .iter()
        .filter_map(|w| w.movement_effect())
        .collect();
    if !movement.is_empty() {
        notes.push(("Movement in weather".to_string(), movement));
    }
    let t = Table {
        title: "Terrain Effects Chart".to_string(),
        header: vec![
            "Terrain".into(),
            "Movement cost".into(),
            "Combat effect".into(),
        ],
        rows,
        max_column: 260.0,
        swatch: 34.0,
        notes,
        centred: false,
    };
    let k = scale(game);
    // A terrain's swatch has the shape of the cells it fills: a hexagon where a hex map
    // uses it, a square on a game of areas only.
    let hex_cells = game.maps.iter().any(|m| matches!(m.kind, MapKind::Hex(_)));
    let draw = |c: &mut Canvas, i: usize, (x, y, w, h): table::Rect| {
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        let r = w.min(h) / 2.0;
        match swatches.get(i) {
            Some(Swatch::Terrain(t)) => {
                let t = &game.terrain[*t];
                if t.kind == TerrainKind::Feature {
                    city_symbol(c, city_kind(t), Rgba::of(t.colour), cx, cy, r * 2.6, false);
                    return;
                }
                let base = Rgba::of(t.colour);
                let cell: Vec<(f32, f32)> = if hex_cells {
                    (0..6)
                        .map(|j| {
                            let a = std::f32::consts::PI / 3.0 * j as f32;
                            (cx + r * a.cos(), cy + r * a.sin())
                        })
                        .collect()
                } else {
                    let s = r * 0.8;
                    vec![
                        (cx - s, cy - s),
                        (cx + s, cy - s),
                        (cx + s, cy + s),
                        (cx - s, cy + s),
                    ]
                };
                c.fill_poly(&cell, base);
                if let Some(p) = Pattern::parse(t.pattern.as_deref()) {
                    if p == Pattern::Hatching {
                        patterns::hatch(
                            c,
                            &cell,
                            r * 0.3,
                            &Pen::new(base.darker(0.3), 0.8 * k),
                            None,
                        );
                    } else {
                        patterns::motif(c, p, cx, cy, r * 0.9, base, 1);
                    }
                }
                c.stroke_poly(&cell, true, &Pen::new(Rgba(40, 40, 40, 200), 1.0));
            }
            Some(Swatch::Hexside(hs)) => {
                let hs = &game.hexside_terrain[*hs];
                let pen = if is_strait(&hs.id, &hs.name) {
                    Pen::new(Rgba::of(hs.colour), 3.0 * k)
                        .square()
                        .dashed(&[5.0 * k, 3.0 * k])
                } else {
                    Pen::new(Rgba::of(hs.colour), 4.0 * k)
                };
                c.line((x + 2.0, cy), (x + w - 2.0, cy), &pen);
            }
            None => {}
        }
    };
    table::render(&t, k, Some(&draw))
}

/// The picture of a generic chart (`charts/<id>.png`).
pub fn render_chart(
    game: &Game,
    chart: &crate::model::Chart,
) -> Result<image::RgbaImage, ArtError> {
    if let Some(p) = &chart.image {
        return supplied::load(p);
    }
    let title = match chart.dice {
        Some(d) => format!("{} ({d})", chart.title),
        None => chart.title.clone(),
    };
    let rows = chart
        .rows
        .iter()
        .map(|r| {
            Row::Cells(
                r.iter()
                    .enumerate()
                    .map(|(i, v)| {
                        if i == 0 {
                            Cell::bold(v.clone())
                        } else {
                            Cell::new(v.clone())
                        }
                    })
                    .collect(),
            )
        })
        .collect();
    let notes = if chart.notes.is_empty() {
        Vec::new()
    } else {
        vec![("Notes".to_string(), chart.notes.clone())]
    };
    let t = Table {
        title,
        header: chart.columns.clone(),
        rows,
        max_column: 240.0,
        swatch: 0.0,
        notes,
        centred: false,
    };
    Ok(table::render(&t, scale(game), None))
}

/// Every chart: `charts/crt-<id>.png`, `charts/terrain-effects.png`, `charts/<id>.png`.
pub fn render_all(game: &Game, progress: &dyn Progress) -> Result<Vec<Picture>, ArtError> {
    enum Job<'a> {
        Crt(&'a Crt),
        Tec,
        Chart(&'a crate::model::Chart),
    }
    let mut jobs: Vec<Job> = game.crts.iter().map(Job::Crt).collect();
    if game.has_terrain_effects() {
        jobs.push(Job::Tec);
    }
    jobs.extend(game.charts.iter().map(Job::Chart));
    progress.begin("charts", jobs.len() as u64);
    let out = jobs
        .par_iter()
        .map(|j| {
            let pic = match j {
                Job::Crt(c) => (
                    format!("charts/crt-{}.png", safe_name(&c.id)),
                    render_crt(game, c)?,
                ),
                Job::Tec => ("charts/terrain-effects.png".to_string(), render_tec(game)),
                Job::Chart(c) => (
                    format!("charts/{}.png", safe_name(&c.id)),
                    render_chart(game, c)?,
                ),
            };
            progress.advance(1);
            Ok(pic)
        })
        .collect();
    progress.end();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::{testing, NoProgress};

    #[test]
    fn charts_render_for_the_fixture() {
        let game = testing::mini();
        let pics = render_all(&game, &NoProgress).unwrap();
        let names: Vec<&str> = pics.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["charts/crt-crt.png", "charts/terrain-effects.png"]);
        for (n, img) in &pics {
            testing::preview(n.trim_start_matches("charts/"), img);
            assert!(img.width() > 200 && img.height() > 100, "{n}");
        }
    }

    #[test]
    fn result_codes_are_tinted_by_who_suffers() {
        assert_ne!(result_tint("AE"), result_tint("DE"));
        assert_eq!(result_tint("AR"), result_tint("AE"));
        assert_eq!(result_tint("NE"), None);
    }
}

//! The terrain effects chart: each terrain's and hexside's movement costs (under each weather
//! that changes them) and its effect on combat.

use super::*;

/// Costs with each weather's own costs after them (`1; in Mud: 2`).
pub(super) fn costs_with_weather(
    game: &Game,
    movement: &[(Option<usize>, Cost)],
    movement_in: &[(usize, crate::model::table::Costs)],
    extra: &str,
) -> String {
    let mut text = costs_added(game, movement, extra);
    for (w, list) in movement_in {
        text.push_str(&format!(
            "; in {}: {}",
            game.weather[*w].name,
            costs_added(game, list, extra)
        ));
    }
    text
}

pub(crate) fn terrain_page(game: &Game, flavour: Flavour) -> ChartPage {
    let mut p = Page::with(flavour);
    p.heading(2, "Terrain Effects Chart");
    let rows: Vec<Vec<String>> = game
        .terrain
        .iter()
        .map(|t| {
            vec![
                t.name.clone(),
                format!("{:?}", t.kind).to_lowercase(),
                costs_with_weather(game, &t.movement, &t.movement_in, ""),
                combat(&t.combat),
            ]
        })
        .collect();
    p.table(&["Terrain", "Kind", "Movement cost", "Combat"], &rows);
    if !game.hexside_terrain.is_empty() {
        p.heading(3, "Hexsides");
        let rows: Vec<Vec<String>> = game
            .hexside_terrain
            .iter()
            .map(|h| {
                let mut effects = Vec::new();
                if h.shift_if_all_across != 0 {
                    effects.push(format!(
                        "{} column when every attacker is across",
                        signed(h.shift_if_all_across)
                    ));
                }
                if h.halve_if_any_across {
                    effects.push("attack halved when any attacker is across".into());
                }
                vec![
                    h.name.clone(),
                    costs_with_weather(game, &h.movement, &h.movement_in, "+"),
                    if effects.is_empty() {
                        "—".into()
                    } else {
                        effects.join("; ")
                    },
                    if h.passable { "yes" } else { "no" }.into(),
                ]
            })
            .collect();
        p.table(
            &[
                "Hexside",
                "Extra movement cost",
                "Combat",
                "Supply and ZOC cross",
            ],
            &rows,
        );
    }
    let weather: Vec<String> = game
        .weather
        .iter()
        .filter_map(|w| w.movement_effect())
        .collect();
    if !weather.is_empty() {
        p.heading(3, "Weather");
        p.list(&weather);
    }
    ChartPage {
        name: "Terrain Effects".into(),
        file: "chart-terrain.html".into(),
        html: p.finish("Terrain Effects Chart"),
        body: p.body().to_string(),
    }
}

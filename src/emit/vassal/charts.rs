//! The chart window: one `HtmlChart` tab per chart page ([`crate::emit::charts`]) — every
//! combat results table, the terrain effects chart, the sequence of play and calendar, the
//! schedules, every other chart — then the optional rules, the rules of play and the help
//! page, and a tab of the printed chart pictures.

use crate::emit::charts::html::Flavour;
use crate::emit::charts::{crt_page, other_chart, schedule_page, sequence_page, terrain_page};
use crate::model::{Game, PoolKind};

pub use crate::emit::charts::ChartPage;

use super::xml::Node;

/// Every chart page of a game, in tab order.
pub fn pages(game: &Game) -> Vec<ChartPage> {
    let mut out: Vec<ChartPage> = (0..game.crts.len())
        .map(|i| crt_page(game, i, Flavour::Swing))
        .collect();
    if game.has_terrain_effects() {
        out.push(terrain_page(game, Flavour::Swing));
    }
    if !game.phases.is_empty() || !game.turns.is_empty() {
        out.push(sequence_page(game, Flavour::Swing));
    }
    out.extend(schedule_page(
        game,
        &[
            PoolKind::Reinforcement,
            PoolKind::Withdrawn,
            PoolKind::Conversion,
            PoolKind::Garrison,
            PoolKind::Defection,
            PoolKind::Build,
        ],
        "Reinforcements and Withdrawals",
        "chart-reinforcements.html",
    ));
    out.extend(schedule_page(
        game,
        &[PoolKind::Replacement],
        "Replacements",
        "chart-replacements.html",
    ));
    out.extend((0..game.charts.len()).map(|i| other_chart(game, i, Flavour::Swing)));
    let names = crate::layout::vassal::unique_names(out.iter().map(|p| p.name.clone()), &[]);
    for (p, n) in out.iter_mut().zip(names) {
        p.name = n;
    }
    let mut files: Vec<String> = vec![super::help::HELP_FILE.to_string()];
    for p in &mut out {
        let stem = p.file.trim_end_matches(".html").to_string();
        let mut n = 2;
        while files.contains(&p.file) {
            p.file = format!("{stem}-{n}.html");
            n += 1;
        }
        files.push(p.file.clone());
    }
    out
}

/// The chart window: one HTML tab per page (the help page last), then a tab of the printed
/// chart pictures `(name, image file)`.
pub fn chart_window(pages: &[ChartPage], pictures: &[(String, String)]) -> Node {
    let mut tabs = Node::new("VASSAL.build.widget.TabWidget")
        .attr("entryName", "Charts")
        .attr("description", "")
        .children(pages.iter().map(|p| {
            Node::new("VASSAL.build.widget.HtmlChart")
                .attr("chartName", &p.name)
                .attr("description", "")
                .attr("fileName", &p.file)
        }));
    if !pictures.is_empty() {
        tabs.push(
            Node::new("VASSAL.build.widget.TabWidget")
                .attr("entryName", "Printed charts")
                .attr("description", "The charts as the art backend prints them")
                .children(pictures.iter().map(|(name, file)| {
                    Node::new("VASSAL.build.widget.Chart")
                        .attr("chartName", name)
                        .attr("description", "")
                        .attr("fileName", file)
                })),
        );
    }
    Node::new("VASSAL.build.module.ChartWindow")
        .attr("name", "Charts")
        .attr(
            "description",
            "Tables and charts generated from the game's definitions",
        )
        .attr("text", "Charts")
        .attr("tooltip", "Show or hide the charts")
        .attr("icon", "")
        .attr("hotkey", "72,520")
        .child(tabs)
}

//! The help page: what the game is (title, designers, description, sides, scenarios,
//! victory) and how to play it in this module (windows, counter commands and keys, the
//! properties every counter carries, dice, turn tracker, charts, setups); for a game of
//! written orders, how orders are written, revealed and resolved ([`super::orders`]).

use crate::layout::vassal::written_orders;
use crate::model::{Game, MapKind};

use super::counters::{commands, Counters};
use super::pieces::key_name;
use super::plan::Plan;
use crate::emit::charts::html::Page;

/// Archive entry of the help page.
pub const HELP_FILE: &str = "help.html";

/// Whether a counter command exists in this game's module.
fn applies(plan: &Plan<'_>, menu: &str) -> bool {
    let g = plan.game;
    match menu {
        "Eliminate" => {
            plan.off_map.is_some()
                && (0..g.sides.len()).any(|s| super::counters::removed_pool(g, s).is_some())
        }
        "Out of Supply" => plan.supply_marker().is_some(),
        "Flip" => g.classes.iter().any(|c| c.is_stepped()),
        "Raise level" | "Lower level" => plan.counter_images.iter().any(|c| c.levels.is_some()),
        "Clone" => (0..g.counters.len()).any(|c| g.is_marker(c)),
        _ => true,
    }
}

/// The track displays printed on the maps: which markers stand there and their commands.
fn track_displays(plan: &Plan<'_>, p: &mut Page) {
    let g = plan.game;
    for (i, d) in g.track_displays.iter().enumerate() {
        let on: Vec<&crate::model::Track> = g
            .tracks
            .iter()
            .filter(|t| t.marker.is_some_and(|m| m.display == i))
            .collect();
        let Some(first) = on.first() else { continue };
        p.heading(3, &d.name);
        let map = plan
            .boards
            .get(d.map)
            .map_or(String::new(), |b| b.map_name.clone());
        let tracks: Vec<String> = on
            .iter()
            .map(|t| {
                let marker = t
                    .marker
                    .map_or(String::new(), |m| g.counters[m.counter].name.clone());
                format!("{} ({}–{}): the {marker} marker", t.name, t.min, t.max)
            })
            .collect();
        p.para(&format!(
            "Printed below the map {map}, boxes {} to {}. Each of these tracks is recorded \
             only by its marker standing in the box of its value (a box reads as \
             \u{201c}{}\u{201d}); the scenarios put the markers on their starting values:",
            d.min,
            d.max,
            d.box_name(first.min.max(d.min)),
        ));
        p.list(&tracks);
        let rows: Vec<Vec<String>> = super::tracks::steps(first.max - first.min)
            .iter()
            .map(|s| {
                vec![
                    s.menu(),
                    key_name(s.key),
                    format!(
                        "move the marker {} box(es), within the track's range",
                        s.menu()
                    ),
                ]
            })
            .collect();
        p.para("Right-click a marker (or select it and press the key):");
        p.table(&["Command", "Key", "What it does"], &rows);
        p.para(&format!(
            "Each move is reported in the chat log, e.g. \u{201c}{}: {} \u{2192} {}\u{201d}. \
             A marker may also be dragged into a box; it snaps to it.",
            first.name,
            first.min,
            (first.min + 1).min(first.max)
        ));
    }
}

fn scenario_lines(game: &Game) -> Vec<String> {
    game.scenarios
        .iter()
        .map(|s| {
            let turns = format!(
                "{} to {}",
                game.turns.get(s.start).map_or("?", |t| t.name.as_str()),
                game.turns.get(s.end).map_or("?", |t| t.name.as_str())
            );
            let text = format!("{} ({turns}, {} counters)", s.title, s.placements.len());
            if s.description.trim().is_empty() {
                text
            } else {
                format!("{text}: {}", s.description.trim())
            }
        })
        .collect()
}

/// The help page HTML.
///
/// `charts` names the chart window's other tabs, in order.
pub fn page(
    plan: &Plan<'_>,
    counters: &Counters,
    dice: &[String],
    tracks: &[String],
    charts: &[String],
) -> String {
    let g = plan.game;
    let mut p = Page::new();
    p.heading(1, &plan.module_name);
    p.para(&format!("Version {}.", g.version));
    if !g.designers.is_empty() {
        p.labelled("Designers:", &g.designers.join(", "));
    }
    p.para(&g.description);
    p.heading(2, "Sides");
    let sides: Vec<String> = g
        .sides
        .iter()
        .map(|s| {
            let nations: Vec<&str> = s
                .nations
                .iter()
                .map(|n| g.nations[*n].name.as_str())
                .collect();
            if nations.is_empty() {
                s.name.clone()
            } else {
                format!("{}: {}", s.name, nations.join(", "))
            }
        })
        .collect();
    p.list(&sides);
    if written_orders(g) {
        p.para(&format!(
            "Players choose a side when they join a game, or the {} side, who may move \
             every unit; anyone else watches as an observer.",
            super::counters::REFEREE
        ));
    } else {
        p.para("Players choose a side when they join a game; anyone else watches as an observer.");
    }
    if !g.scenarios.is_empty() {
        p.heading(2, "Scenarios");
        p.list(&scenario_lines(g));
        // The File menu lists a lone setup itself and several under Scenarios
        // (super::buildfile's setups), each enabled while no game is open.
        p.para(if g.scenarios.len() > 1 {
            "Start one from File \u{2192} Scenarios (close an open game first with File \
             \u{2192} Close Game): each scenario is a predefined setup with every counter in \
             its starting place and the turn tracker on its first turn; File \u{2192} Empty \
             maps starts with no counter placed."
        } else {
            "Start it from the File menu, where it is listed by name (close an open game \
             first with File \u{2192} Close Game): it is a predefined setup with every counter \
             in its starting place and the turn tracker on its first turn; File \u{2192} Empty \
             maps starts with no counter placed."
        });
    }
    if let Some(summary) = super::options::summary(g) {
        p.heading(2, "Optional rules");
        p.para(&format!(
            "{summary} Their text is on the {} tab of the charts window.",
            super::options::OPTIONS_TAB
        ));
    }
    if !g.rules.victory.is_empty() {
        p.heading(2, "Victory");
        let v: Vec<String> = g
            .rules
            .victory
            .iter()
            .map(|v| format!("{}: {}{}", g.sides[v.side].name, v.name, v.timing()))
            .collect();
        p.list(&v);
    }

    if written_orders(g) {
        super::orders::help(plan, &mut p);
    }
    p.heading(2, "Using this module");
    let mut windows: Vec<String> = plan
        .boards
        .iter()
        .zip(&g.maps)
        .map(|(b, m)| match &m.kind {
            MapKind::Hex(_) => format!(
                "{}: the map. Hover over a hex to see its number; every move is written to \
                 the chat log as \u{201c}piece moves 0303 \u{2192} 0404\u{201d}.",
                b.map_name
            ),
            MapKind::Area(a) => {
                // A move from the first area's first box to its first neighbour's.
                let name = |area: usize| {
                    a.slots(area)
                        .first()
                        .map_or_else(String::new, |s| a.slot_name(area, *s))
                };
                let to = a
                    .areas
                    .first()
                    .and_then(|f| f.adjacent.first().copied())
                    .unwrap_or(1.min(a.areas.len().saturating_sub(1)));
                format!(
                    "{}: the map. A counter dropped in an area snaps to its nearest box; \
                     hover over a stack to see where it stands; every move is written to the \
                     chat log naming the boxes, as \u{201c}piece moves {} \u{2192} {}\u{201d}.",
                    b.map_name,
                    name(0),
                    name(to)
                )
            }
        })
        .collect();
    if let Some(b) = &plan.off_map {
        let boxes: Vec<&str> = g.pools.iter().map(|p| p.name.as_str()).collect();
        windows.push(format!(
            "{} (toolbar button): one box per force pool and holding box — {}. A counter \
             in a box reports the box's name as its location.",
            b.map_name,
            boxes.join(", ")
        ));
    }
    windows.push(
        "Counters (toolbar button): the counter palette, one tab per side with a list per \
         nation and per box; drag a counter onto a map to add it."
            .into(),
    );
    let mut tabs: Vec<&str> = charts.iter().map(String::as_str).collect();
    if !plan.chart_images.is_empty() {
        tabs.push("Printed charts");
    }
    tabs.push("this page");
    windows.push(format!("Charts (Alt+H): {}.", tabs.join(", ")));
    if written_orders(g) {
        windows.push(
            "Turn (toolbar): the turn tracker, every phase of every turn in order; Alt+T \
             advances, Alt+Shift+T goes back."
                .into(),
        );
        windows.push(format!(
            "{} (Alt+N): VASSAL\u{2019}s Notes window, where orders are written as Delayed \
             notes and revealed; its Scenario tab sums up how.",
            super::orders::NOTES_BUTTON
        ));
    } else if !g.turns.is_empty() {
        let players = g
            .players()
            .into_iter()
            .map(|who| g.player_name(who))
            .collect::<Vec<_>>()
            .join(", then the ");
        windows.push(if g.player_turns.is_empty() || players.is_empty() {
            "Turn (toolbar): the turn tracker with the calendar, the weather of each turn and \
             every phase; Alt+T advances, Alt+Shift+T goes back."
                .into()
        } else {
            format!(
                "Turn (toolbar): the turn tracker with the calendar, the weather of each turn \
                 and every step of the sequence of play: each phase of the whole turn once, \
                 each player turn\u{2019}s phases for the {players}; Alt+T advances, \
                 Alt+Shift+T goes back."
            )
        });
    }
    p.list(&windows);
    p.heading(3, "Counter commands");
    p.para("Right-click a counter (or select it and press the key):");
    let rows: Vec<Vec<String>> = commands()
        .into_iter()
        .filter(|(menu, _, _)| applies(plan, menu))
        .map(|(menu, key, what)| vec![menu.to_string(), key_name(key), what.to_string()])
        .collect();
    p.table(&["Command", "Key", "What it does"], &rows);
    let flips = applies(plan, "Flip");
    let changes: Vec<&str> = [
        ("Flip", "flip"),
        ("Raise level", "level"),
        ("Eliminate", "elimination"),
        ("Out of Supply", "supply"),
    ]
    .into_iter()
    .filter(|(menu, _)| applies(plan, menu))
    .map(|(_, change)| change)
    .collect();
    if !changes.is_empty() {
        p.para(&format!(
            "Every change of state ({}) is reported in the chat log.",
            changes.join(", ")
        ));
    }
    if flips {
        p.para("Reduced units show \u{201c}(reduced)\u{201d} after their name.");
    }
    p.heading(3, "Counter properties");
    let mut props = vec![
        "Side, Nation, Type, Combat (true/false), Size, Class, CounterId, Designation, Steps"
            .to_string(),
    ];
    if !counters.factor_properties().is_empty() {
        let f: Vec<String> = g
            .factors
            .iter()
            .zip(counters.factor_properties())
            .map(|(f, prop)| format!("{prop} ({})", f.name))
            .collect();
        props.push(format!(
            "factors of the front face: {}; of the reduced back: the same names with _Reduced",
            f.join(", ")
        ));
    }
    if flips {
        props.push("Step_Level: 1 on the front face, 2 on the reduced back".into());
    }
    p.list(&props);
    if !dice.is_empty() {
        p.heading(3, "Dice");
        p.para(&format!(
            "Toolbar buttons {} roll and report the result in the chat log.",
            dice.join(", ")
        ));
    }
    if let Some(c) = super::combat::Combat::new(plan) {
        c.help(g, &mut p);
    }
    track_displays(plan, &mut p);
    if !tracks.is_empty() {
        p.heading(3, "Tracks");
        p.para(&format!(
            "The Tracks menu on the toolbar raises, lowers or sets {}; every change is \
             reported in the chat log.",
            tracks.join(", ")
        ));
    }
    p.para(&format!(
        "Module generated by sandtable {} from the game's definitions.",
        env!("CARGO_PKG_VERSION")
    ));
    p.finish(&plan.module_name)
}

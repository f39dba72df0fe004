//! The book of a game without rules prose: one chapter, "Game data", showing every piece of
//! generated material the game has (maps, counters, charts, tables, tracks, scenarios,
//! optional rules, victory).

use crate::load::prose::scan;
use crate::model::rulebook::{Chapter, Directive, PlacedDirective, Rulebook, Section};
use crate::model::Game;

/// The book of a game without rules prose: one chapter showing every piece of generated
/// material the game has.
pub(super) fn reference_book(game: &Game) -> Rulebook {
    let mut text = String::from("# Game data\n\n");
    let mut wanted: Vec<Directive> = Vec::new();
    let mut part = |text: &mut String, heading: &str, ds: Vec<Directive>| {
        if ds.is_empty() {
            return;
        }
        text.push_str(&format!("## {heading}\n\n"));
        for d in ds {
            text.push_str("{{directive}}\n\n");
            wanted.push(d);
        }
    };
    part(
        &mut text,
        "Map",
        (0..game.maps.len()).map(Directive::Map).collect(),
    );
    if !game.counters.is_empty() {
        part(&mut text, "Counters", vec![Directive::Counters(None)]);
    }
    if crate::layout::vassal::written_orders(game) && !game.scenarios.is_empty() {
        part(&mut text, "Powers", vec![Directive::Powers(None)]);
    }
    if !game.phases.is_empty() {
        part(&mut text, "Sequence of play", vec![Directive::Sequence]);
    }
    part(
        &mut text,
        "Combat results tables",
        (0..game.crts.len()).map(Directive::Crt).collect(),
    );
    if !game.terrain.is_empty() {
        part(&mut text, "Terrain effects", vec![Directive::Terrain]);
    }
    part(
        &mut text,
        "Charts",
        (0..game.charts.len()).map(Directive::Chart).collect(),
    );
    part(
        &mut text,
        "Tracks",
        (0..game.tracks.len()).map(Directive::Track).collect(),
    );
    for (i, s) in game.scenarios.iter().enumerate() {
        let mut ds = vec![Directive::Setup(i)];
        if !game.turns.is_empty() {
            ds.push(Directive::Turns(Some(i)));
        }
        part(
            &mut text,
            &format!("Scenario: {}", s.title.replace(['#', '{', '}'], "")),
            ds,
        );
    }
    if !game.options.is_empty() {
        part(&mut text, "Optional rules", vec![Directive::Options]);
    }
    if !game.rules.victory.is_empty() {
        part(&mut text, "Victory", vec![Directive::Victory]);
    }
    let scanned = scan(&text);
    let mut taken: Vec<String> = Vec::new();
    let sections = scanned
        .headings
        .iter()
        .map(|h| {
            let base = crate::model::rulebook::slug_of_title(&h.text);
            let mut anchor = base.clone();
            let mut n = 2;
            while taken.contains(&anchor) {
                anchor = format!("{base}-{n}");
                n += 1;
            }
            taken.push(anchor.clone());
            Section {
                level: h.level,
                number: None,
                title: h.text.clone(),
                anchor,
                range: h.range.clone(),
            }
        })
        .collect();
    let directives = scanned
        .directives
        .iter()
        .zip(wanted)
        .map(|(d, directive)| PlacedDirective {
            range: d.range.clone(),
            directive,
        })
        .collect();
    Rulebook {
        chapters: vec![Chapter {
            path: "rules/game-data.md".into(),
            slug: "game-data".into(),
            title: "Game data".into(),
            text,
            sections,
            directives,
            references: Vec::new(),
            files: Vec::new(),
        }],
    }
}

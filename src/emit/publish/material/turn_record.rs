//! The turn record of a scenario — each turn with its weather, what the scenario's boxes
//! bring in or take out, and what each replacement schedule adds — and a track: its range,
//! where each scenario starts it, and its schedules.

use crate::model::{CounterId, Game, Location, PoolKind, Scenario};

use super::scenario::tally;
use super::t;

/// The counters a scenario puts in the pools of `kinds` that open on turn `turn`, side by
/// side: "Axis: 2× XXX Corps, …; Soviet: …".
fn arriving(game: &Game, sc: &Scenario, turn: usize, kinds: &[PoolKind]) -> String {
    // (side name, counters) in the order the sides are first met.
    let mut by_side: Vec<(String, Vec<(CounterId, bool)>)> = Vec::new();
    for (i, pool) in game.pools.iter().enumerate() {
        if pool.turn != Some(turn) || !kinds.contains(&pool.kind) {
            continue;
        }
        let who = pool
            .side
            .map_or(String::new(), |s| game.sides[s].name.clone());
        for p in sc
            .placements
            .iter()
            .filter(|p| p.location == Location::Pool(i))
        {
            match by_side.iter_mut().find(|(w, _)| *w == who) {
                Some((_, v)) => v.push((p.counter, p.reduced)),
                None => by_side.push((who.clone(), vec![(p.counter, p.reduced)])),
            }
        }
    }
    let parts: Vec<String> = by_side
        .iter()
        .map(|(who, list)| {
            if who.is_empty() {
                tally(game, list)
            } else {
                format!("{who}: {}", tally(game, list))
            }
        })
        .collect();
    t(&parts.join("; "))
}

pub(super) fn turns(game: &Game, s: usize) -> String {
    let Some(sc) = game.scenarios.get(s) else {
        return String::new();
    };
    let last = sc.end.min(game.turns.len().saturating_sub(1));
    let weather = game.turns[sc.start..=last]
        .iter()
        .any(|x| x.weather.is_some());
    let mut head: Vec<String> = vec!["Turn".into()];
    if weather {
        head.push("Weather".into());
    }
    head.extend([
        "Reinforcements".into(),
        "Withdrawals and other changes".into(),
    ]);
    // One column per replacement schedule, with what it adds each turn.
    head.extend(game.schedules.iter().map(|x| x.name.clone()));
    let mut out = format!(
        "<p>The turn record of {}: each turn{} and what the scenario's boxes bring in or take \
         out.</p>\n<table class=\"chart turns\">\n<tr>",
        t(&sc.title),
        if weather { " with its weather" } else { "" }
    );
    let header_at = out.len();
    // Each turn's cells after its name; turns in a row with nothing to show share a line.
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for turn in sc.start..=last {
        let tu = &game.turns[turn];
        let mut cells = Vec::new();
        if weather {
            cells.push(
                tu.weather
                    .map_or(String::new(), |w| t(&game.weather[w].name)),
            );
        }
        cells.push(arriving(
            game,
            sc,
            turn,
            &[PoolKind::Reinforcement, PoolKind::Build],
        ));
        cells.push(arriving(
            game,
            sc,
            turn,
            &[
                PoolKind::Withdrawn,
                PoolKind::Conversion,
                PoolKind::Garrison,
                PoolKind::Defection,
            ],
        ));
        for sch in &game.schedules {
            cells.push(sch.amounts.iter().find(|(x, _)| *x == turn).map_or(
                String::new(),
                |(_, a)| {
                    if *a == 0 {
                        "0".into()
                    } else {
                        format!("{a:+}")
                    }
                },
            ));
        }
        let empty = cells.iter().all(String::is_empty);
        match rows.last_mut() {
            Some((name, last)) if empty && last.iter().all(String::is_empty) => {
                let first = name.split(" \u{2013} ").next().unwrap_or("").to_string();
                *name = format!("{first} \u{2013} {}", t(&tu.name));
            }
            _ => rows.push((t(&tu.name), cells)),
        }
    }
    // Nothing to show on any turn: a sentence, not a table of empty cells.
    if rows
        .iter()
        .all(|(_, cells)| cells.iter().all(String::is_empty))
    {
        let count = last + 1 - sc.start;
        return format!(
            "<p>The turn record of {}: {count} turn{}, {} to {}; no turn brings weather, \
             reinforcements, withdrawals or replacements.</p>\n",
            t(&sc.title),
            if count == 1 { "" } else { "s" },
            t(&game.turns[sc.start].name),
            t(&game.turns[last].name),
        );
    }
    // A column empty on every turn is left out.
    let keep: Vec<bool> = (0..head.len() - 1)
        .map(|i| rows.iter().any(|(_, cells)| !cells[i].is_empty()))
        .collect();
    let schedules_from = head.len() - game.schedules.len();
    let mut header = String::new();
    for (i, h) in head.iter().enumerate() {
        if i == 0 || keep[i - 1] {
            header += &format!("<th scope=\"col\">{}</th>", t(h));
        }
    }
    header += "</tr>\n";
    out.insert_str(header_at, &header);
    for (name, cells) in rows {
        out += &format!("<tr><td>{name}</td>");
        for (i, c) in cells.iter().enumerate().filter(|(i, _)| keep[*i]) {
            if i + 1 >= schedules_from {
                out += &format!("<td class=\"c\">{c}</td>");
            } else {
                out += &format!("<td>{c}</td>");
            }
        }
        out += "</tr>\n";
    }
    out += "</table>\n";
    out
}

pub(super) fn track(game: &Game, i: usize) -> String {
    let tr = &game.tracks[i];
    let mut out = format!(
        "<h4>{}</h4>\n<p>From {} to {}{}.</p>\n",
        t(&tr.name),
        tr.min,
        tr.max,
        tr.side.map_or(String::new(), |s| format!(
            ", kept by the {}",
            t(&game.sides[s].name)
        ))
    );
    let starts: Vec<String> = game
        .scenarios
        .iter()
        .filter_map(|sc| {
            let placed = sc.placements.iter().map(|p| (p.counter, &p.location));
            let marked = game.marked_tracks(placed);
            sc.tracks
                .iter()
                .chain(marked.iter())
                .find(|(x, _)| *x == i)
                .map(|(_, v)| format!("{}: starts at {v}", sc.title))
        })
        .collect();
    if !starts.is_empty() {
        out += "<ul>\n";
        for s in starts {
            out += &format!("<li>{}</li>\n", t(&s));
        }
        out += "</ul>\n";
    }
    if !game.schedules.is_empty() {
        for sch in game.schedules.iter().filter(|s| s.track == i) {
            let amounts: Vec<String> = sch
                .amounts
                .iter()
                .map(|(x, a)| format!("{} {a:+}", game.turns[*x].name))
                .collect();
            out += &format!(
                "<p><b>{}:</b> {}</p>\n",
                t(&sch.name),
                t(&amounts.join(", "))
            );
        }
    }
    out
}

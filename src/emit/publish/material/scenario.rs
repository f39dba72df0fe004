//! A scenario's set-up: its description and turns, a picture of each map it places counters
//! on, and its order of battle — each side's stacks location by location, the off-map boxes
//! and when they enter, and the tracks at the start.

use std::collections::BTreeMap;

use crate::model::{CounterId, Game, Location, PoolKind};

use super::{figure, t, Picture, Pictures};

/// Counters standing together, each on its reduced face or not.
type Stack = Vec<(CounterId, bool)>;

/// "2× 1st Guards, 4th Tank" for a list of counters.
pub(super) fn tally(game: &Game, list: &[(CounterId, bool)]) -> String {
    let mut counts: Vec<((CounterId, bool), u32)> = Vec::new();
    for k in list {
        match counts.iter_mut().find(|(c, _)| c == k) {
            Some((_, n)) => *n += 1,
            None => counts.push((*k, 1)),
        }
    }
    counts
        .iter()
        .map(|((c, reduced), n)| {
            let name = &game.counters[*c].name;
            let r = if *reduced { " (reduced)" } else { "" };
            if *n > 1 {
                format!("{n}× {name}{r}")
            } else {
                format!("{name}{r}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn side_name(game: &Game, c: CounterId) -> String {
    game.side_of(c)
        .map_or_else(|| "Neutral".to_string(), |s| game.sides[s].name.clone())
}

pub(super) fn setup(game: &Game, s: usize, pictures: &mut Pictures) -> String {
    setup_with(game, s, pictures, true)
}

pub(super) fn setup_with(game: &Game, s: usize, pictures: &mut Pictures, maps: bool) -> String {
    let sc = &game.scenarios[s];
    let mut out = format!("<h4>{}</h4>\n", t(&sc.title));
    if !sc.description.trim().is_empty() {
        out += &format!("<p>{}</p>\n", t(sc.description.trim()));
    }
    out += &format!(
        "<p>From {} to {}.</p>\n",
        t(&game.turns[sc.start].name),
        t(&game.turns[sc.end].name)
    );
    // Set-up maps: each map a scenario places counters on.
    for m in 0..game.maps.len() {
        let on_map = sc.placements.iter().any(|p| match p.location {
            Location::Hex { map, .. } | Location::Area { map, .. } => map == m,
            _ => false,
        });
        if on_map && maps {
            let src = pictures.file(
                game,
                Picture::Setup {
                    scenario: s,
                    map: m,
                },
            );
            out += &figure(
                &src,
                &format!("Set-up of {} on {}", sc.title, game.maps[m].title),
                &format!("{}: every counter where it starts.", game.maps[m].title),
            );
        }
    }
    // Order of battle by side, location by location.
    let mut by_side: BTreeMap<String, Vec<(String, Stack)>> = BTreeMap::new();
    let mut pooled: Vec<usize> = Vec::new();
    let mut marked: Vec<(CounterId, &Location)> = Vec::new();
    for p in &sc.placements {
        match p.location {
            Location::Pool(pool) => {
                if !pooled.contains(&pool) {
                    pooled.push(pool);
                }
            }
            Location::Track { .. } => marked.push((p.counter, &p.location)),
            loc => {
                let side = side_name(game, p.counter);
                let place = game.location_name(&loc.stack());
                let rows = by_side.entry(side).or_default();
                match rows.iter_mut().find(|(l, _)| *l == place) {
                    Some((_, v)) => v.push((p.counter, p.reduced)),
                    None => rows.push((place, vec![(p.counter, p.reduced)])),
                }
            }
        }
    }
    for (side, rows) in &by_side {
        out += &format!("<h5>{}: on the map</h5>\n", t(side));
        out += "<table class=\"chart oob\">\n<tr><th scope=\"col\">Where</th><th scope=\"col\">Units</th></tr>\n";
        for (place, list) in rows {
            out += &format!(
                "<tr><td>{}</td><td>{}</td></tr>\n",
                t(place),
                t(&tally(game, list))
            );
        }
        out += "</table>\n";
    }
    if !pooled.is_empty() {
        out += "<h5>Off-map boxes</h5>\n<table class=\"chart oob\">\n<tr><th scope=\"col\">Box</th><th scope=\"col\">Kind</th><th scope=\"col\">Enters</th><th scope=\"col\">Units</th></tr>\n";
        // Set-up boxes first, then by the turn they open.
        pooled.sort_by_key(|p| {
            let pool = &game.pools[*p];
            (
                pool.kind != PoolKind::Setup,
                pool.turn.unwrap_or(usize::MAX),
                *p,
            )
        });
        for pool in pooled {
            let pl = &game.pools[pool];
            let list: Vec<(CounterId, bool)> = sc
                .placements
                .iter()
                .filter(|p| p.location == Location::Pool(pool))
                .map(|p| (p.counter, p.reduced))
                .collect();
            out += &format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                t(&pl.name),
                crate::emit::art::displays::kind_name(pl.kind),
                pl.turn
                    .map_or_else(|| "—".to_string(), |x| t(&game.turns[x].name)),
                t(&tally(game, &list))
            );
        }
        out += "</table>\n";
    }
    let mut tracks: Vec<(usize, i64)> = sc.tracks.clone();
    for (tr, v) in game.marked_tracks(marked.iter().map(|(c, l)| (*c, *l))) {
        if !tracks.iter().any(|(x, _)| *x == tr) {
            tracks.push((tr, v));
        }
    }
    tracks.sort();
    if !tracks.is_empty() {
        out += "<h5>Tracks at the start</h5>\n<ul>\n";
        for (tr, v) in tracks {
            out += &format!("<li>{}: {v}</li>\n", t(&game.tracks[tr].name));
        }
        out += "</ul>\n";
    }
    out
}

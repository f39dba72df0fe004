//! The reinforcement and replacement schedules: what each pool brings on which turn.

use super::*;

/// "2× 1st Red Corps, 4th Red Corps" for the counters a scenario puts in a pool.
pub(super) fn pool_contents(game: &Game, scenario: &Scenario, pool: usize) -> String {
    let mut counts: Vec<(usize, u32)> = Vec::new();
    for p in &scenario.placements {
        if p.location == crate::model::Location::Pool(pool) {
            match counts.iter_mut().find(|(c, _)| *c == p.counter) {
                Some((_, n)) => *n += 1,
                None => counts.push((p.counter, 1)),
            }
        }
    }
    counts
        .iter()
        .map(|(c, n)| {
            let name = &game.counters[*c].name;
            if *n > 1 {
                format!("{n}× {name}")
            } else {
                name.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn schedule_page(
    game: &Game,
    kinds: &[PoolKind],
    title: &str,
    file: &str,
) -> Option<ChartPage> {
    let mut p = Page::new();
    p.heading(2, title);
    let mut any = false;
    if kinds.contains(&PoolKind::Replacement) && !game.schedules.is_empty() {
        any = true;
        let mut header = vec!["Turn".to_string()];
        header.extend(game.schedules.iter().map(|s| s.name.clone()));
        let mut turns: Vec<usize> = game
            .schedules
            .iter()
            .flat_map(|s| s.amounts.iter().map(|(t, _)| *t))
            .collect();
        turns.sort();
        turns.dedup();
        let rows: Vec<Vec<String>> = turns
            .iter()
            .map(|t| {
                let mut row = vec![game.turns[*t].name.clone()];
                for s in &game.schedules {
                    row.push(
                        s.amounts
                            .iter()
                            .filter(|(u, _)| u == t)
                            .map(|(_, a)| signed(*a))
                            .collect::<Vec<_>>()
                            .join(", "),
                    );
                }
                row
            })
            .collect();
        p.heading(3, "Points received");
        p.table(&header, &rows);
    }
    let mut pools: Vec<usize> = (0..game.pools.len())
        .filter(|i| kinds.contains(&game.pools[*i].kind))
        .collect();
    pools.sort_by_key(|i| (game.pools[*i].turn.unwrap_or(usize::MAX), *i));
    for s in &game.scenarios {
        let rows: Vec<Vec<String>> = pools
            .iter()
            .filter_map(|i| {
                let pool = &game.pools[*i];
                let contents = pool_contents(game, s, *i);
                if contents.is_empty() && pool.turn.is_none() {
                    return None;
                }
                Some(vec![
                    pool.turn
                        .map(|t| game.turns[t].name.clone())
                        .unwrap_or_else(|| "—".into()),
                    pool.side
                        .map(|x| game.sides[x].name.clone())
                        .unwrap_or_default(),
                    pool.name.clone(),
                    format!("{:?}", pool.kind).to_lowercase(),
                    if contents.is_empty() {
                        pool.description.clone()
                    } else {
                        contents
                    },
                ])
            })
            .collect();
        if !rows.is_empty() {
            any = true;
            p.heading(3, &s.title);
            p.table(&["Turn", "Side", "Box", "Kind", "Units"], &rows);
        }
    }
    any.then(|| ChartPage {
        name: title.into(),
        file: file.into(),
        html: p.finish(title),
        body: p.body().to_string(),
    })
}

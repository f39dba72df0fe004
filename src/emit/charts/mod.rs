//! The charts as HTML, generated from the definitions — every combat results table, the
//! terrain effects chart, the sequence of play and calendar, the reinforcement and
//! replacement schedules, every other chart of the game. Two backends show them: the
//! module's chart window (Swing's HTML 3.2, [`html::Flavour::Swing`]) and the published
//! rules (a web page, [`html::Flavour::Web`]), so both print the same tables.

pub mod html;

use crate::layout::vassal::written_orders;
use crate::model::{CombatEffect, Cost, CrtKind, Game, Part, Phase, PoolKind, Scenario};

use crate::layout::vassal::file_stem;
use html::{Flavour, Page};

/// One generated chart page.
#[derive(Debug, Clone)]
pub struct ChartPage {
    /// Tab name.
    pub name: String,
    /// Archive entry (at the archive root, so pages can link to each other by name).
    pub file: String,
    /// HTML text.
    pub html: String,
    /// The material alone, without the page around it (for the published rules).
    pub body: String,
}

fn cost(c: Cost) -> String {
    match c {
        Cost::Points(n) => n.to_string(),
        Cost::Stop => "enter and stop".into(),
        Cost::Prohibited => "prohibited".into(),
    }
}

/// Costs, each number after `extra` (`+1` for a cost added to the hex's); entering and
/// stopping and a prohibition are not numbers and take none.
fn costs_added(game: &Game, movement: &[(Option<usize>, Cost)], extra: &str) -> String {
    if movement.is_empty() {
        return "—".into();
    }
    let cost = |c: Cost| match c {
        Cost::Points(_) => format!("{extra}{}", cost(c)),
        _ => cost(c),
    };
    movement
        .iter()
        .map(|(t, c)| match t {
            None => cost(*c),
            Some(t) => format!("{}: {}", game.unit_types[*t].name, cost(*c)),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `a`, `a and b`, `a, b and c` (with `or` as asked).
fn names<'a>(items: impl Iterator<Item = &'a str>, and: &str) -> String {
    let v: Vec<&str> = items.collect();
    match v.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} {and} {last}", rest.join(", ")),
    }
}

/// Whether `name` holds `words` as whole words, in any case.
fn says(name: &str, words: &str) -> bool {
    let split = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let (name, words) = (split(name), split(words));
    !words.is_empty() && name.windows(words.len()).any(|w| w == words.as_slice())
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else if n < 0 {
        format!("−{}", -n)
    } else {
        "0".into()
    }
}

fn combat(e: &CombatEffect) -> String {
    let mut parts = Vec::new();
    if e.shift != 0 {
        parts.push(format!("{} column", signed(e.shift)));
    }
    if e.halve_attack {
        parts.push("attack halved".into());
    }
    if e.double_defence {
        parts.push("defence doubled".into());
    }
    if e.no_retreat {
        parts.push("step loss instead of retreat".into());
    }
    if parts.is_empty() {
        "—".into()
    } else {
        parts.join("; ")
    }
}

pub(crate) fn crt_page(game: &Game, i: usize, flavour: Flavour) -> ChartPage {
    let crt = &game.crts[i];
    let mut p = Page::with(flavour);
    p.heading(2, &crt.title);
    let kind = match crt.kind {
        CrtKind::Odds => "Columns are attack : defence odds, rounded in the defender's favour.",
        CrtKind::Differential => "Columns are attack minus defence.",
        CrtKind::Column => "Columns are named by the rules.",
    };
    let halving = match crt.kind {
        // A table read by named columns halves no factors.
        CrtKind::Column => String::new(),
        _ => format!(
            " Halved factors round {}.",
            if crt.halve_up { "up" } else { "down" }
        ),
    };
    p.para(&format!("Roll {}. {kind}{halving}", crt.dice));
    let mut header = vec!["Roll".to_string()];
    header.extend(crt.labels.iter().cloned());
    let rows: Vec<Vec<String>> = crt
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![r.label.clone()];
            row.extend(r.results.iter().cloned());
            row
        })
        .collect();
    p.table(&header, &rows);
    p.heading(3, "Results");
    let results: Vec<Vec<String>> = crt
        .results
        .iter()
        .map(|(c, m)| vec![c.clone(), m.clone()])
        .collect();
    p.table(&["Code", "Meaning"], &results);
    if !crt.modifiers.is_empty() {
        p.heading(3, "Modifiers");
        let items: Vec<String> = crt
            .modifiers
            .iter()
            .map(|m| {
                let mut when = Vec::new();
                // A condition the modifier's name already states is not said again
                // (`Mud`, not `Mud in Mud weather`).
                let named = |words: &str| says(&m.name, words);
                if let Some(w) = m.weather.filter(|&w| !named(&game.weather[w].name)) {
                    when.push(format!("in {} weather", game.weather[w].name));
                }
                if m.attacker_out_of_supply && !named("out of supply") {
                    when.push("when the attackers are out of supply".into());
                }
                if let Some(s) = m.attacking_side {
                    when.push(format!("in attacks by the {} side", game.sides[s].name));
                }
                if !m.attacking_nations.is_empty() {
                    when.push(format!(
                        "with a {} unit among the attackers",
                        names(
                            m.attacking_nations
                                .iter()
                                .map(|n| game.nations[*n].name.as_str()),
                            "or"
                        )
                    ));
                }
                let mut what = Vec::new();
                // A factor's shift goes right unless `shift` is negative (as the resolver
                // and the printed chart read it), also when `shift` is 0.
                match m.shift_factor {
                    Some(f) => what.push(format!(
                        "shift by the supporting unit's {} ({})",
                        game.factors[f].name,
                        if m.shift < 0 { "left" } else { "right" }
                    )),
                    None if m.shift != 0 => what.push(format!(
                        "{} column{}",
                        signed(m.shift),
                        if m.shift.abs() == 1 { "" } else { "s" }
                    )),
                    None => {}
                }
                if m.halve_attack {
                    what.push("attack halved".into());
                }
                if m.per_count {
                    let of = if m.unit_types.is_empty() {
                        "unit declared".to_string()
                    } else {
                        names(
                            m.unit_types
                                .iter()
                                .map(|t| game.unit_types[*t].name.as_str()),
                            "or",
                        )
                    };
                    what.push(format!("for each {of}"));
                } else if !m.unit_types.is_empty() {
                    when.push(format!(
                        "with a {} among the attackers",
                        names(
                            m.unit_types
                                .iter()
                                .map(|t| game.unit_types[*t].name.as_str()),
                            "or"
                        )
                    ));
                }
                if let Some(n) = m.max_shift {
                    what.push(format!(
                        "at most {n} column{}",
                        if n == 1 { "" } else { "s" }
                    ));
                }
                if !m.terrain.is_empty() {
                    when.push(format!(
                        "against a defender in {}",
                        names(
                            m.terrain.iter().map(|t| game.terrain[*t].name.as_str()),
                            "or"
                        )
                    ));
                }
                if !m.countries.is_empty() {
                    when.push(format!(
                        "in {}",
                        names(
                            m.countries.iter().map(|c| game.countries[*c].name.as_str()),
                            "or"
                        )
                    ));
                }
                if !m.except_countries.is_empty() {
                    when.push(format!(
                        "except in {}",
                        names(
                            m.except_countries
                                .iter()
                                .map(|c| game.countries[*c].name.as_str()),
                            "or"
                        )
                    ));
                }
                let mut cancels: Vec<String> = m
                    .negates
                    .iter()
                    .filter_map(|i| crt.modifiers.get(*i).map(|x| x.name.clone()))
                    .collect();
                cancels.extend(
                    m.negates_terrain
                        .iter()
                        .map(|t| format!("the {} shift", game.terrain[*t].name)),
                );
                if !cancels.is_empty() {
                    what.push(format!(
                        "cancels {}",
                        names(cancels.iter().map(String::as_str), "and")
                    ));
                }
                if what.is_empty() {
                    what.push("see the rules".into());
                }
                if let Some(side) = m.side {
                    what.push(format!(
                        "the {}'s shift",
                        match side {
                            crate::model::CombatSide::Attacker => "attacker",
                            crate::model::CombatSide::Defender => "defender",
                        }
                    ));
                }
                let when = if when.is_empty() {
                    String::new()
                } else {
                    format!(" {}", when.join(" and "))
                };
                format!("{}{when}: {}", m.name, what.join("; "))
            })
            .collect();
        p.list(&items);
    }
    ChartPage {
        name: crt.title.clone(),
        file: format!("chart-crt-{}.html", file_stem(&crt.id)),
        html: p.finish(&crt.title),
        body: p.body().to_string(),
    }
}

/// Costs with each weather's own costs after them (`1; in Mud: 2`).
fn costs_with_weather(
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

/// Each phase as an item, `Name: what happens`, with the side that plays it alone
/// (`Partisan Phase (Soviet only): …`).
fn phase_items<'a>(game: &Game, phases: impl Iterator<Item = &'a Phase>) -> Vec<String> {
    phases
        .map(|ph| {
            let name = match ph.side {
                Some(s) => format!("{} ({} only)", ph.name, game.sides[s].name),
                None => ph.name.clone(),
            };
            if ph.description.trim().is_empty() {
                name
            } else {
                format!("{name}: {}", ph.description.trim())
            }
        })
        .collect()
}

/// The sequence of play: one game turn in order, each phase once — a phase of the whole
/// turn as an item, a player turn as an item naming who plays it in turn, with its phases
/// below (in a game of written orders, one turn every side plays at once) —, then the
/// calendar with only the columns some turn fills — the phases a turn plays when the
/// calendar picks them, its weather, its notes.
/// A turn's markers in words: a phase's name where a marker is a phase's id, else the id's
/// words (`victory-check` → `victory check`), the first capitalised.
fn turn_notes(game: &Game, markers: &[String]) -> String {
    let words: Vec<String> = markers
        .iter()
        .map(|m| match game.phases.iter().find(|ph| ph.id == *m) {
            Some(ph) => ph.name.clone(),
            None => m.replace(['-', '_'], " "),
        })
        .collect();
    let text = words.join(", ");
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// More calendar rows than this, when its only column is its notes, are shown note by note
/// ([`notes_by_turns`]).
const LONG_CALENDAR: usize = 24;

/// Each note of the calendar (a phase some turns play, a victory check) in the order first
/// met, with the turns it falls on in words ([`turns_in_words`]).
fn notes_by_turns(game: &Game) -> Vec<Vec<String>> {
    let mut notes: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, turn) in game.turns.iter().enumerate() {
        for m in &turn.markers {
            let name = turn_notes(game, std::slice::from_ref(m));
            match notes.iter_mut().find(|(n, _)| *n == name) {
                Some((_, at)) => at.push(i),
                None => notes.push((name, vec![i])),
            }
        }
    }
    notes
        .into_iter()
        .map(|(name, at)| vec![name, turns_in_words(game, &at)])
        .collect()
}

/// Turns (indices, ascending) in words: `every 2nd turn, Turn 2 to Turn 98` for turns evenly
/// spaced, `Turn 3 to Turn 7` for a run, else runs and single turns by name.
fn turns_in_words(game: &Game, at: &[usize]) -> String {
    let name = |i: usize| game.turns[i].name.clone();
    let (Some(&first), Some(&last)) = (at.first(), at.last()) else {
        return String::new();
    };
    if at.len() >= 3 {
        let step = at[1] - at[0];
        if at.windows(2).all(|w| w[1] - w[0] == step) {
            return if step == 1 {
                format!("{} to {}", name(first), name(last))
            } else {
                format!(
                    "every {} turn, {} to {}",
                    ordinal(step),
                    name(first),
                    name(last)
                )
            };
        }
    }
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while k < at.len() {
        let mut end = k;
        while end + 1 < at.len() && at[end + 1] == at[end] + 1 {
            end += 1;
        }
        parts.push(if end >= k + 2 {
            format!("{} to {}", name(at[k]), name(at[end]))
        } else {
            (k..=end)
                .map(|j| name(at[j]))
                .collect::<Vec<_>>()
                .join(", ")
        });
        k = end + 1;
    }
    parts.join(", ")
}

/// `2nd`, `3rd`, `5th`, `11th`, `21st`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Calendar rows with the same cells after the turn's name, three or more one after
/// another, as one row naming the first and last turn (`Turn 1 – Turn 4`); two such turns
/// (a spring and an autumn) keep a row each.
fn same_turns_together(rows: Vec<Vec<String>>) -> Vec<Vec<String>> {
    let mut runs: Vec<Vec<Vec<String>>> = Vec::new();
    for row in rows {
        match runs.last_mut() {
            Some(run) if run[0][1..] == row[1..] => run.push(row),
            _ => runs.push(vec![row]),
        }
    }
    runs.into_iter()
        .flat_map(|run| {
            if run.len() < 3 {
                return run;
            }
            let last = run[run.len() - 1][0].clone();
            let mut row = run.into_iter().next().unwrap_or_default();
            row[0] = format!("{} \u{2013} {last}", row[0]);
            vec![row]
        })
        .collect()
}

/// A seasonal calendar's rows (`Spring 1901`, `Autumn 1901`, `Winter 1901`, `Spring 1902`…)
/// as one row a season, `Spring (1901 – 1920)`, when every turn's name is a season and a
/// year, the seasons come round in the same order, each at least twice, and a season's
/// other cells are the same every year. None for any other calendar.
fn seasons_together(rows: &[Vec<String>]) -> Option<Vec<Vec<String>>> {
    let named: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| {
            let (season, year) = r.first()?.rsplit_once(' ')?;
            year.parse::<i64>().ok()?;
            Some((season, year))
        })
        .collect::<Option<_>>()?;
    let mut seasons: Vec<&str> = Vec::new();
    for (season, _) in &named {
        if !seasons.contains(season) {
            seasons.push(season);
        }
    }
    let period = seasons.len();
    if period < 2 || named.len() < 2 * period {
        return None;
    }
    let comes_round = named
        .iter()
        .enumerate()
        .all(|(i, (season, _))| *season == seasons[i % period]);
    if !comes_round {
        return None;
    }
    seasons
        .iter()
        .map(|season| {
            let of: Vec<usize> = (0..rows.len()).filter(|&i| named[i].0 == *season).collect();
            let (first, last) = (of[0], of[of.len() - 1]);
            if of.iter().any(|&i| rows[i][1..] != rows[first][1..]) {
                return None;
            }
            let mut row = rows[first].clone();
            row[0] = format!("{season} ({} \u{2013} {})", named[first].1, named[last].1);
            Some(row)
        })
        .collect()
}

pub(crate) fn sequence_page(game: &Game, flavour: Flavour) -> ChartPage {
    let mut p = Page::with(flavour);
    p.heading(2, "Sequence of Play");
    let orders = written_orders(game);
    if orders || game.sides.is_empty() {
        p.heading(3, "Each turn");
        if orders {
            p.para(
                "Every side plays each phase at the same time: orders are written in secret, \
                 revealed together and then resolved. A turn plays only its own phases \
                 (the calendar below).",
            );
        }
        p.list(&phase_items(game, game.phases.iter()));
    } else {
        p.heading(3, "Each game turn");
        if let Some(i) = game.initiative {
            p.para(&format!(
                "The {} decides who is the First Player this turn; the other side is the \
                 Second Player. Each player turn is played by the First Player, then by the \
                 Second Player.",
                game.phases[i].name
            ));
        }
        let players = game
            .players()
            .into_iter()
            .map(|who| game.player_name(who))
            .collect::<Vec<_>>()
            .join(", then ");
        let outline: Vec<(String, Vec<String>)> = game
            .sequence()
            .into_iter()
            .map(|part| match part {
                Part::Phase(ph) => (
                    phase_items(game, std::iter::once(&game.phases[ph])).remove(0),
                    Vec::new(),
                ),
                Part::PlayerTurn(t) => {
                    let turn = &game.player_turns[t];
                    (
                        format!("{} ({players}):", turn.name),
                        phase_items(game, turn.phases.iter().map(|&ph| &game.phases[ph])),
                    )
                }
            })
            .collect();
        p.outline(&outline);
    }
    p.heading(3, "Calendar");
    let with_phases = orders || game.turns.iter().any(|t| !t.phases.is_empty());
    let with_weather = game.turns.iter().any(|t| t.weather.is_some());
    let with_notes = game.turns.iter().any(|t| !t.markers.is_empty());
    let mut header = vec!["Turn"];
    if with_phases {
        header.push("Phases");
    }
    if with_weather {
        header.push("Weather");
    }
    if with_notes {
        header.push("Notes");
    }
    let rows: Vec<Vec<String>> = game
        .turns
        .iter()
        .map(|t| {
            let mut row = vec![t.name.clone()];
            if with_phases {
                let names: Vec<String> = if t.phases.is_empty() {
                    (0..game.phases.len())
                        .map(|ph| game.phase_title(ph))
                        .collect()
                } else {
                    t.phases.iter().map(|&ph| game.phase_title(ph)).collect()
                };
                row.push(names.join(", "));
            }
            if with_weather {
                row.push(
                    t.weather
                        .map(|w| game.weather[w].name.clone())
                        .unwrap_or_default(),
                );
            }
            if with_notes {
                row.push(turn_notes(game, &t.markers));
            }
            row
        })
        .collect();
    // A long calendar whose only column is its notes, which come round (an attrition
    // phase every other turn, a victory check every fifth), reads better turned round:
    // each note once, with the turns it falls on.
    if !with_phases && !with_weather && with_notes && rows.len() > LONG_CALENDAR {
        p.table(&["Event", "Turns"], &notes_by_turns(game));
    } else {
        let rows = seasons_together(&rows).unwrap_or_else(|| same_turns_together(rows));
        p.table(&header, &rows);
    }
    let weather: Vec<Vec<String>> = game
        .weather
        .iter()
        .filter(|w| !w.effect.trim().is_empty())
        .map(|w| vec![w.name.clone(), w.effect.trim().to_string()])
        .collect();
    if !weather.is_empty() {
        p.heading(3, "Weather");
        p.table(&["Weather", "Effect"], &weather);
    }
    ChartPage {
        name: "Sequence of Play".into(),
        file: "chart-sequence.html".into(),
        html: p.finish("Sequence of Play"),
        body: p.body().to_string(),
    }
}

/// "2× 1st Red Corps, 4th Red Corps" for the counters a scenario puts in a pool.
fn pool_contents(game: &Game, scenario: &Scenario, pool: usize) -> String {
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

pub(crate) fn other_chart(game: &Game, i: usize, flavour: Flavour) -> ChartPage {
    let c = &game.charts[i];
    let mut p = Page::with(flavour);
    p.heading(2, &c.title);
    if let Some(d) = c.dice {
        p.para(&format!("Roll {d}."));
    }
    p.table(&c.columns, &c.rows);
    p.list(&c.notes);
    ChartPage {
        name: c.title.clone(),
        file: format!("chart-{}.html", file_stem(&c.id)),
        html: p.finish(&c.title),
        body: p.body().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(names: &[&str], phases: impl Fn(&str) -> &'static str) -> Vec<Vec<String>> {
        names
            .iter()
            .map(|n| vec![n.to_string(), phases(n).to_string()])
            .collect()
    }

    #[test]
    fn a_long_calendar_of_notes_is_shown_note_by_note() {
        let game = crate::testgame::fixtures::example("greek-civil-war");
        let body = sequence_page(&game, Flavour::Web).body;
        let calendar = &body[body.find("Calendar").expect("a calendar")..];
        let calendar = &calendar[..calendar.find("</table>").expect("its table")];
        assert!(calendar.matches("<tr>").count() < 10, "{calendar}");
        assert!(
            calendar.contains("every 2nd turn, Turn 2 to Turn 98"),
            "{calendar}"
        );
        assert!(calendar.contains("every 5th turn, Turn 5 to"), "{calendar}");
        assert_eq!(ordinal(2), "2nd");
        assert_eq!(ordinal(13), "13th");
        assert_eq!(ordinal(21), "21st");
    }

    #[test]
    fn a_seasonal_calendar_is_one_row_a_season() {
        let phases = |n: &str| {
            if n.starts_with("Winter") {
                "Adjustments"
            } else {
                "Movement, Retreats"
            }
        };
        let years: Vec<String> = (1901..=1920)
            .flat_map(|y| ["Spring", "Autumn", "Winter"].map(|s| format!("{s} {y}")))
            .collect();
        let names: Vec<&str> = years.iter().map(String::as_str).collect();
        let together = seasons_together(&rows(&names, phases)).expect("seasons");
        assert_eq!(
            together,
            [
                ["Spring (1901 \u{2013} 1920)", "Movement, Retreats"],
                ["Autumn (1901 \u{2013} 1920)", "Movement, Retreats"],
                ["Winter (1901 \u{2013} 1920)", "Adjustments"],
            ]
        );
        // Numbered turns, a season that changes its phases, seasons out of order and a
        // calendar that does not come round twice stay as they are.
        let numbered: Vec<String> = (1..=9).map(|t| format!("Turn {t}")).collect();
        let numbered: Vec<&str> = numbered.iter().map(String::as_str).collect();
        assert_eq!(seasons_together(&rows(&numbered, phases)), None);
        let changing = rows(&names, |n| {
            if n == "Spring 1905" {
                "Movement"
            } else {
                phases(n)
            }
        });
        assert_eq!(seasons_together(&changing), None);
        let shuffled = rows(
            &["Spring 1901", "Autumn 1901", "Autumn 1902", "Spring 1902"],
            phases,
        );
        assert_eq!(seasons_together(&shuffled), None);
        assert_eq!(seasons_together(&rows(&names[..4], phases)), None);
    }

    #[test]
    fn the_terrain_chart_gives_the_costs_in_each_weather_and_what_weather_does_to_movement() {
        let g = crate::testgame::weather();
        let body = terrain_page(&g, Flavour::Web).body;
        assert!(body.contains("1; in Mud: 2"), "{body}");
        assert!(
            body.contains("2; in Mud: 3; Armour: enter and stop"),
            "{body}"
        );
        assert!(
            body.contains("Mud: movement allowances are halved (fractions rounded up)."),
            "{body}"
        );
        assert!(
            body.contains("Snow: every hex or area entered costs 1 movement point more."),
            "{body}"
        );
        // Without weather on movement, no such list.
        let mini = terrain_page(&crate::testgame::mini(), Flavour::Web).body;
        assert!(
            !mini.contains("in Mud") && !mini.contains("<h3>Weather"),
            "{mini}"
        );
        // The combat modifier says whose attacks it is for.
        let crt = crt_page(&g, 0, Flavour::Web).body;
        assert!(
            crt.contains("Red winter offensive in Snow weather and in attacks by the Red side"),
            "{crt}"
        );
    }
}

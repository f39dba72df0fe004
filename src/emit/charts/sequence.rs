//! The sequence of play and the calendar: the phases of a turn, the turns with their notes
//! (reinforcements, weather, markers), long calendars told by season.

use super::*;

/// Each phase as an item, `Name: what happens`, with the side that plays it alone
/// (`Partisan Phase (Soviet only): …`).
pub(super) fn phase_items<'a>(game: &Game, phases: impl Iterator<Item = &'a Phase>) -> Vec<String> {
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

/// A turn's markers in words: a phase's name where a marker is a phase's id, else the id's
/// words (`victory-check` → `victory check`), the first capitalised.
pub(super) fn turn_notes(game: &Game, markers: &[String]) -> String {
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
pub(super) const LONG_CALENDAR: usize = 24;

/// Each note of the calendar (a phase some turns play, a victory check) in the order first
/// met, with the turns it falls on in words ([`turns_in_words`]).
pub(super) fn notes_by_turns(game: &Game) -> Vec<Vec<String>> {
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
pub(super) fn turns_in_words(game: &Game, at: &[usize]) -> String {
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
pub(super) fn ordinal(n: usize) -> String {
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
pub(super) fn same_turns_together(rows: Vec<Vec<String>>) -> Vec<Vec<String>> {
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
pub(super) fn seasons_together(rows: &[Vec<String>]) -> Option<Vec<Vec<String>>> {
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

/// The sequence of play: one game turn in order, each phase once — a phase of the whole
/// turn as an item, a player turn as an item naming who plays it in turn, with its phases
/// below (in a game of written orders, one turn every side plays at once) —, then the
/// calendar with only the columns some turn fills — the phases a turn plays when the
/// calendar picks them, its weather, its notes.
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
}

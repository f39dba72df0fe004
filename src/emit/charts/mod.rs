//! The charts as HTML, generated from the definitions — every combat results table, the
//! terrain effects chart, the sequence of play and calendar, the reinforcement and
//! replacement schedules, every other chart of the game. Two backends show them: the
//! module's chart window (Swing's HTML 3.2, [`html::Flavour::Swing`]) and the published
//! rules (a web page, [`html::Flavour::Web`]), so both print the same tables.
//!
//! Each kind of page is made in its file (`crt.rs`, `terrain.rs`, `sequence.rs`,
//! `schedule.rs`); this file holds the wording they share and the game's other charts.

pub mod html;

use crate::layout::vassal::written_orders;
use crate::model::{CombatEffect, Cost, CrtKind, Game, Part, Phase, PoolKind, Scenario};

use crate::layout::vassal::file_stem;
use html::{Flavour, Page};

mod crt;
mod schedule;
mod sequence;
mod terrain;

pub(crate) use crt::crt_page;
pub(crate) use schedule::schedule_page;
pub(crate) use sequence::sequence_page;
pub(crate) use terrain::terrain_page;

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

//! The powers chart of a scenario: each power's home centres and starting units, and the
//! neutral centres and garrisons; in a game of written orders, units written as orders name
//! them (`A Budapest`, `F2 London`).

use crate::layout::vassal::written_orders;
use crate::model::{Game, Location, MapKind};

use super::t;

/// Units as orders name them: the kind's letter and the place (`A Budapest`); in a game of
/// multi-factor units the factors of one kind in one place added up (`F2 London`).
fn as_ordered<'a>(
    game: &Game,
    placed: impl Iterator<Item = &'a crate::model::Placement>,
) -> Vec<String> {
    let strength = game.rules.multi_factor.as_ref().and_then(|m| m.strength);
    let mut units: Vec<(String, String, Option<i64>)> = Vec::new();
    for p in placed {
        let class = game.class_of(p.counter);
        let place = game.location_name(&p.location);
        let Some(kind) = game.unit_types[class.unit_type].moves_as else {
            units.push((game.counters[p.counter].name.clone(), place, None));
            continue;
        };
        let letter = match kind {
            crate::model::UnitKind::Army => "A",
            crate::model::UnitKind::Fleet => "F",
        };
        let factors = strength.map(|f| class.faces.front(f).unwrap_or(1));
        match units
            .iter_mut()
            .find(|(l, at, n)| l == letter && *at == place && n.is_some() == factors.is_some())
        {
            Some((_, _, Some(n))) if factors.is_some() => *n += factors.unwrap_or(0),
            _ => units.push((letter.to_string(), place, factors)),
        }
    }
    units
        .into_iter()
        .map(|(what, place, factors)| match factors {
            Some(n) => format!("{what}{n} {place}"),
            None => format!("{what} {place}"),
        })
        .collect()
}

/// Units as the powers chart writes them: as orders name them in a game of written orders
/// (`A Budapest`), else the counter's name and where it stands.
fn units_written<'a>(
    game: &Game,
    placed: impl Iterator<Item = &'a crate::model::Placement>,
) -> Vec<String> {
    if written_orders(game) {
        return as_ordered(game, placed);
    }
    placed
        .map(|p| {
            format!(
                "{} {}",
                game.counters[p.counter].name,
                game.location_name(&p.location)
            )
        })
        .collect()
}

pub(super) fn powers(game: &Game, s: usize) -> String {
    let Some(sc) = game.scenarios.get(s) else {
        return String::new();
    };
    let mut out = format!(
        "<table class=\"chart powers\">\n<tr><th scope=\"col\">Power</th><th scope=\"col\">Home centres</th><th scope=\"col\">Starting units ({})</th></tr>\n",
        t(&sc.title)
    );
    for (i, side) in game.sides.iter().enumerate() {
        let homes: Vec<String> = side
            .home
            .iter()
            .filter_map(|(m, a)| match &game.maps.get(*m)?.kind {
                MapKind::Area(am) => Some(am.areas.get(*a)?.name.clone()),
                MapKind::Hex(_) => None,
            })
            .collect();
        let placed = sc.placements.iter().filter(|p| {
            game.side_of(p.counter) == Some(i)
                && !matches!(p.location, Location::Pool(_) | Location::Track { .. })
        });
        let units = units_written(game, placed);
        if homes.is_empty() && units.is_empty() {
            continue;
        }
        out += &format!(
            "<tr><td><span class=\"swatch\" style=\"background:{}\"></span> {}</td><td>{}</td><td>{}</td></tr>\n",
            side.colour.hex(),
            t(&side.name),
            t(&homes.join(", ")),
            t(&units.join(", "))
        );
    }
    // Centres no power starts with, and the units of no power (neutral garrisons).
    let neutral: Vec<String> = game
        .maps
        .iter()
        .enumerate()
        .flat_map(|(m, map)| match &map.kind {
            MapKind::Area(am) => am
                .areas
                .iter()
                .enumerate()
                .filter(|(a, area)| {
                    area.supply_centre
                        && !game.sides.iter().any(|side| side.home.contains(&(m, *a)))
                })
                .map(|(_, area)| area.name.clone())
                .collect(),
            MapKind::Hex(_) => Vec::new(),
        })
        .collect();
    let garrisons = sc.placements.iter().filter(|p| {
        game.side_of(p.counter).is_none()
            && !matches!(p.location, Location::Pool(_) | Location::Track { .. })
    });
    let garrisons = units_written(game, garrisons);
    if !neutral.is_empty() || !garrisons.is_empty() {
        out += &format!(
            "<tr><td>Neutral ({} {})</td><td>{}</td><td>{}</td></tr>\n",
            neutral.len(),
            if neutral.len() == 1 {
                "centre"
            } else {
                "centres"
            },
            t(&neutral.join(", ")),
            t(&garrisons.join(", "))
        );
    }
    out += "</table>\n";
    if written_orders(game) {
        out += "<p>A unit is written as its kind and province, as orders name it.</p>\n";
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_powers_chart_lists_the_neutral_centres_and_writes_units_as_orders_do() {
        let game = crate::testgame::fixtures::example("diplomacy");
        let chart = super::powers(&game, 0);
        let neutral = chart
            .lines()
            .find(|l| l.contains("Neutral"))
            .expect("a neutral row");
        assert!(neutral.contains("Neutral (12 centres)"), "{neutral}");
        for centre in ["Belgium", "Norway", "Tunis", "Serbia"] {
            assert!(neutral.contains(centre), "{centre}: {neutral}");
        }
        assert!(!neutral.contains("Paris"), "{neutral}");
        assert!(chart.contains("A Budapest, A Vienna, F Trieste"), "{chart}");
    }
}

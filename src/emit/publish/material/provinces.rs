//! The provinces of a board, as players write them in orders: each area's abbreviation (its
//! id, as the adjudicator prints it: `Bel`, `Spa/nc`), its name, its kind, and whether it is
//! a supply centre and whose home; printed by `{{provinces [MAP]}}`.

use crate::model::map::id_as_ordered;
use crate::model::{Game, MapKind};

use super::t;

/// The table of a map's areas in the order of their names, with their coasts; empty for a
/// hex map (the directive's check allows area maps only).
pub(super) fn provinces(game: &Game, map: usize) -> String {
    let Some(MapKind::Area(am)) = game.maps.get(map).map(|m| &m.kind) else {
        return String::new();
    };
    let mut order: Vec<usize> = (0..am.areas.len()).collect();
    order.sort_by(|&a, &b| am.areas[a].name.cmp(&am.areas[b].name).then(a.cmp(&b)));
    let mut out = String::from(
        "<table class=\"chart provinces\">\n<tr><th scope=\"col\">Abbreviation</th><th scope=\"col\">Province</th><th scope=\"col\">Kind</th><th scope=\"col\">Supply centre</th></tr>\n",
    );
    for i in order {
        let a = &am.areas[i];
        let mut written = id_as_ordered(&a.id);
        if !a.coasts.is_empty() {
            let coasts: Vec<String> = a
                .coasts
                .iter()
                .map(|c| format!("{}/{}", id_as_ordered(&a.id), c.id))
                .collect();
            written = format!("{written} ({})", coasts.join(", "));
        }
        let centre = if a.supply_centre {
            match game.sides.iter().find(|s| s.home.contains(&(map, i))) {
                Some(side) => format!("home of {}", side.name),
                None => "neutral".to_string(),
            }
        } else {
            "—".to_string()
        };
        out += &format!(
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            t(&written),
            t(&a.name),
            t(&game.terrain[a.terrain].name),
            t(&centre)
        );
    }
    out += "</table>\n<p>Orders may name a province by its abbreviation, in any case, or by its name.</p>\n";
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_province_with_its_abbreviation_coasts_and_centre() {
        let game = crate::testgame::fixtures::example("diplomacy");
        let table = super::provinces(&game, 0);
        let rows = table.matches("<tr><td>").count();
        let crate::model::MapKind::Area(am) = &game.maps[0].kind else {
            panic!("a province board");
        };
        assert_eq!(rows, am.areas.len(), "{table}");
        assert!(
            table.contains("<td><code>Spa (Spa/nc, Spa/sc)</code></td><td>Spain</td>"),
            "{table}"
        );
        assert!(table.contains("<td>Belgium</td>"), "{table}");
        assert!(table.contains("home of England"), "{table}");
        assert!(table.contains("neutral"), "{table}");
    }
}

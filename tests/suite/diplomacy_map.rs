//! The picture of `modules/diplomacy` against its board: two provinces share a border on the
//! drawn map exactly when the board joins them (an army's or a fleet's move, a split coast's
//! fleet counting as its province, or a border no unit crosses, as impassable
//! Switzerland's). The drawn regions are rasterised as `sandtable geo --check` does
//! ([`touching_outlines`]); the test fails when one outline is moved or shrunk.

use std::collections::BTreeSet;

use sandtable::emit::art::area_map::shapes;
use sandtable::model::map::touching_outlines;
use sandtable::model::{AreaMap, Game, MapKind};

use crate::support::root;

fn board() -> Option<Game> {
    let dir = root().join("modules/diplomacy");
    if !dir.join("game.toml").is_file() {
        eprintln!("skipped: modules/diplomacy is absent");
        return None;
    }
    Some(
        sandtable::check::check_dir(&dir)
            .expect("loads")
            .game
            .expect("a clean game"),
    )
}

fn area_map(game: &Game) -> &AreaMap {
    game.maps
        .iter()
        .find_map(|m| match &m.kind {
            MapKind::Area(am) => Some(am),
            MapKind::Hex(_) => None,
        })
        .expect("the board")
}

/// Every pair of provinces the board joins, by index, smaller first.
fn declared(am: &AreaMap) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    for (i, a) in am.areas.iter().enumerate() {
        let others = a
            .adjacent
            .iter()
            .chain(&a.army)
            .copied()
            .chain(a.fleet.iter().map(|s| s.area))
            .chain(a.coasts.iter().flat_map(|c| c.fleet.iter().map(|s| s.area)));
        for j in others.filter(|&j| j != i) {
            out.insert((i.min(j), i.max(j)));
        }
    }
    out
}

/// The pairs the drawn regions touch in, and the pairs the board joins that they do not,
/// as ids.
fn differences(am: &AreaMap, drawn: &[Vec<(f64, f64)>]) -> Vec<String> {
    let touching = touching_outlines(drawn, am.size);
    let declared = declared(am);
    let name = |(a, b): &(usize, usize)| format!("{}-{}", am.areas[*a].id, am.areas[*b].id);
    touching
        .difference(&declared)
        .map(|p| format!("drawn touching, not joined: {}", name(p)))
        .chain(
            declared
                .difference(&touching)
                .map(|p| format!("joined, not drawn touching: {}", name(p))),
        )
        .collect()
}

fn index(am: &AreaMap, id: &str) -> usize {
    am.areas.iter().position(|a| a.id == id).expect(id)
}

#[test]
fn the_drawn_borders_are_the_board_s_adjacency() {
    let Some(game) = board() else { return };
    let am = area_map(&game);
    assert_eq!(am.areas.len(), 76);
    assert!(
        am.areas.iter().all(|a| a.outline.len() >= 3),
        "every province has an outline from `sandtable geo`"
    );
    let drawn = shapes(am);
    assert_eq!(differences(am, &drawn), Vec::<String>::new());
    // 75 provinces and Switzerland: every one borders another.
    let touching = touching_outlines(&drawn, am.size);
    for i in 0..am.areas.len() {
        assert!(
            touching.iter().any(|&(a, b)| a == i || b == i),
            "{} touches nothing",
            am.areas[i].id
        );
    }
}

#[test]
fn a_moved_or_shrunk_province_is_found() {
    let Some(game) = board() else { return };
    let am = area_map(&game);
    let drawn = shapes(am);

    // Belgium moved 150 pixels east, over Germany: it leaves the Channel and Picardy.
    let bel = index(am, "bel");
    let mut moved = drawn.clone();
    moved[bel] = drawn[bel].iter().map(|&(x, y)| (x + 150.0, y)).collect();
    let found = differences(am, &moved);
    assert!(
        found.contains(&"joined, not drawn touching: bel-pic".to_string()),
        "{found:?}"
    );

    // Tyrolia shrunk towards its middle: it no longer reaches Bohemia.
    let tyr = index(am, "tyr");
    let n = drawn[tyr].len() as f64;
    let (cx, cy) = drawn[tyr]
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
    let mut shrunk = drawn.clone();
    shrunk[tyr] = drawn[tyr]
        .iter()
        .map(|&(x, y)| (cx + (x - cx) * 0.6, cy + (y - cy) * 0.6))
        .collect();
    let found = differences(am, &shrunk);
    assert!(
        found.contains(&"joined, not drawn touching: boh-tyr".to_string()),
        "{found:?}"
    );

    // Two provinces' outlines exchanged.
    let (spa, por) = (index(am, "spa"), index(am, "por"));
    let mut swapped = drawn.clone();
    swapped.swap(spa, por);
    assert!(!differences(am, &swapped).is_empty());
}

//! The pictures of the province boards laid by `sandtable geo` against their adjacency: two
//! provinces share a border on the drawn map exactly when the board joins them (an army's or
//! a fleet's move, a split coast's fleet counting as its province, or a border no unit
//! crosses, as impassable Switzerland's on the standard board). The drawn regions are
//! rasterised as `sandtable geo --check` does ([`touching_outlines`]); the test fails when
//! one outline is moved or shrunk. Every board of [`BOARDS`] is held to it: the standard
//! board of `modules/diplomacy` and its relaid copy in The Great Patriotic War (qh07), with
//! Switzerland passable and Ireland and Sardinia added, whose changes are checked apart.

use std::collections::BTreeSet;

use sandtable::check::Part;
use sandtable::diplomacy::board::ProvinceBoard;
use sandtable::diplomacy::movement::resolve;
use sandtable::diplomacy::Board;
use sandtable::emit::art::area_map::shapes;
use sandtable::model::map::touching_outlines;
use sandtable::model::{AreaMap, Game, MapKind, TerrainKind};
use sandtable::testgame::diplomacy::units_and_orders;

use crate::support::{joined_pairs, root};

/// The boards laid from geography: the game directory and its number of areas.
const BOARDS: [(&str, usize); 2] = [
    // 75 provinces and impassable Switzerland.
    ("modules/diplomacy", 76),
    // The same with Switzerland passable, Ireland and Sardinia.
    ("modules/great-patriotic-war-qh07", 78),
];

/// The game of `module` when its board is whole: errors in parts the board does not need
/// (a scenario, the counters, the rules) do not stop the test, an error in the maps or the
/// terrain does.
fn board(module: &str) -> Option<Game> {
    let dir = root().join(module);
    if !dir.join("game.toml").is_file() {
        eprintln!("skipped: {module} is absent");
        return None;
    }
    let checked = sandtable::check::check_dir(&dir).expect("loads");
    let game = checked
        .game_without(|p| !matches!(p, Part::Unparsed | Part::Maps | Part::Tables))
        .unwrap_or_else(|| panic!("{module}: the board has errors: {:?}", checked.broken))
        .clone();
    Some(game)
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

/// The pairs the drawn regions touch in, and the pairs the board joins that they do not,
/// as ids.
fn differences(am: &AreaMap, drawn: &[Vec<(f64, f64)>]) -> Vec<String> {
    let touching = touching_outlines(drawn, am.size);
    let declared = joined_pairs(am);
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
    for (module, areas) in BOARDS {
        let Some(game) = board(module) else { continue };
        let am = area_map(&game);
        assert_eq!(am.areas.len(), areas, "{module}");
        assert!(
            am.areas.iter().all(|a| a.outline.len() >= 3),
            "{module}: every province has an outline from `sandtable geo`"
        );
        let drawn = shapes(am);
        assert_eq!(differences(am, &drawn), Vec::<String>::new(), "{module}");
        // Every province borders another.
        let touching = touching_outlines(&drawn, am.size);
        for i in 0..am.areas.len() {
            assert!(
                touching.iter().any(|&(a, b)| a == i || b == i),
                "{module}: {} touches nothing",
                am.areas[i].id
            );
        }
    }
}

#[test]
fn a_moved_or_shrunk_province_is_found() {
    for (module, _) in BOARDS {
        let Some(game) = board(module) else { continue };
        let am = area_map(&game);
        let drawn = shapes(am);

        // Belgium moved 150 pixels east, over Germany: it leaves the Channel and Picardy.
        let bel = index(am, "bel");
        let mut moved = drawn.clone();
        moved[bel] = drawn[bel].iter().map(|&(x, y)| (x + 150.0, y)).collect();
        let found = differences(am, &moved);
        assert!(
            found.contains(&"joined, not drawn touching: bel-pic".to_string()),
            "{module}: {found:?}"
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
            "{module}: {found:?}"
        );

        // Two provinces' outlines exchanged.
        let (spa, por) = (index(am, "spa"), index(am, "por"));
        let mut swapped = drawn.clone();
        swapped.swap(spa, por);
        assert!(!differences(am, &swapped).is_empty(), "{module}");
    }
}

/// The ids of the areas `id`'s drawn region touches.
fn drawn_neighbours(am: &AreaMap, drawn: &[Vec<(f64, f64)>], id: &str) -> BTreeSet<String> {
    let i = index(am, id);
    touching_outlines(drawn, am.size)
        .into_iter()
        .filter_map(|(a, b)| match (a == i, b == i) {
            (true, _) => Some(b),
            (_, true) => Some(a),
            _ => None,
        })
        .map(|j| am.areas[j].id.clone())
        .collect()
}

fn set(ids: &[&str]) -> BTreeSet<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_variant_s_switzerland_ireland_and_sardinia() {
    let Some(game) = board(BOARDS[1].0) else {
        return;
    };
    let am = area_map(&game);
    let board = ProvinceBoard::first(&game).expect("a province board");
    let drawn = shapes(am);
    let moves = |from: &str, army: bool| -> BTreeSet<String> {
        let to = if army {
            board.army_moves_from(from)
        } else {
            board.fleet_moves_from(from)
        };
        to.into_iter().collect()
    };
    let kind = |id: &str| game.terrain[am.areas[index(am, id)].terrain].kind;

    // Ireland and Sardinia: coastal land, no centre, reached by fleets (and armies by
    // convoy) from the seas around them only; their drawn coasts touch those seas and
    // nothing else.
    for (island, seas) in [
        ("ire", &["iri", "nao"][..]),
        ("sar", &["lyo", "tys", "wes"]),
    ] {
        let a = &am.areas[index(am, island)];
        assert_eq!(kind(island), TerrainKind::Land, "{island}");
        assert!(!a.supply_centre, "{island} is no centre");
        assert_eq!(moves(island, false), set(seas), "{island}: fleet moves");
        assert_eq!(moves(island, true), BTreeSet::new(), "{island}: army moves");
        assert_eq!(
            drawn_neighbours(am, &drawn, island),
            set(seas),
            "{island}: drawn"
        );
        for sea in seas {
            assert!(board.fleet_move(sea, island), "F {sea} - {island}");
        }
    }
    assert_eq!(am.areas[index(am, "ire")].name, "Ireland");
    assert_eq!(am.areas[index(am, "sar")].name, "Sardinia");

    // Switzerland: an inland province armies enter from its five neighbours and leave to
    // them, no centre, drawn touching exactly those.
    let neighbours = ["bur", "mar", "mun", "pie", "tyr"];
    let swi = &am.areas[index(am, "swi")];
    assert_eq!(kind("swi"), TerrainKind::Land);
    assert_eq!(
        game.terrain[swi.terrain].id, "inland",
        "passable, as any inland province"
    );
    assert!(!swi.supply_centre);
    assert_eq!(moves("swi", true), set(&neighbours));
    assert_eq!(moves("swi", false), BTreeSet::new());
    let mut borders: Vec<&str> = swi
        .adjacent
        .iter()
        .map(|&j| am.areas[j].id.as_str())
        .collect();
    borders.sort_unstable();
    assert_eq!(borders, neighbours, "its borders are its moves");
    assert_eq!(drawn_neighbours(am, &drawn, "swi"), set(&neighbours));
    for n in neighbours {
        assert!(board.army_move(n, "swi"), "A {n} - swi");
        assert!(!board.fleet_move(n, "swi"), "F {n} - swi");
    }

    // Orders reach them: an army marches into Switzerland, another is convoyed to Ireland,
    // a fleet sails to Sardinia; Leningrad and Brest-Litovsk are St Petersburg and Warsaw.
    let (units, orders) = units_and_orders(
        &board,
        &[
            "GER: A Mun - Swi",
            "ENG: A Lvp - Ireland",
            "ENG: F Nao C A Lvp - Ire",
            "FRA: F Lyo - Sar",
            "RUS: A Brest-Litovsk - Lvn",
            "RUS: F Len/sc - Bot",
            "RUS: A Mos - Leningrad",
        ],
    );
    assert_eq!(
        units
            .iter()
            .map(|u| u.location.as_str())
            .collect::<Vec<_>>(),
        ["mun", "lvp", "nao", "lyo", "war", "stp/sc", "mos"]
    );
    let outcome = resolve(&board, &units, &orders);
    let failed: Vec<String> = outcome
        .iter()
        .filter(|o| !o.succeeds)
        .map(|o| format!("{}: {}", o.unit, o.reason))
        .collect();
    assert_eq!(failed, Vec::<String>::new());
    for name in ["len", "Leningrad", "LEN"] {
        assert_eq!(board.resolve_name(name).as_deref(), Some("stp"), "{name}");
    }
    for name in ["lit", "Brest-Litovsk"] {
        assert_eq!(board.resolve_name(name).as_deref(), Some("war"), "{name}");
    }
    assert_eq!(board.resolve_name("len/nc").as_deref(), Some("stp/nc"));
}

/// Guerilla Warfare II's straits of Gibraltar and Messina, crossed by armies and fleets
/// alike, are crossings (`[[map.geography.crossing]]`): the seas meet through the strait on
/// the picture, the land provinces border across it; the drawn borders with the crossings
/// are the board's adjacency.
#[test]
fn guerilla_warfare_s_straits_are_crossings() {
    let Some(game) = board("modules/guerilla-warfare-ii") else {
        return;
    };
    let am = area_map(&game);
    let drawn = shapes(am);
    let touching = touching_outlines(&drawn, am.size);
    let pair = |a: &str, b: &str| {
        let (i, j) = (index(am, a), index(am, b));
        (i.min(j), i.max(j))
    };
    let crossed: BTreeSet<(usize, usize)> = am
        .crossings
        .iter()
        .map(|c| (c.between.0.min(c.between.1), c.between.0.max(c.between.1)))
        .collect();
    assert_eq!(
        crossed,
        BTreeSet::from([pair("adl", "mor"), pair("nap", "sic")])
    );
    for (a, b) in [("adl", "mor"), ("nap", "sic")] {
        assert!(!touching.contains(&pair(a, b)), "{a}-{b} drawn touching");
    }
    for (a, b) in [("sao", "wms"), ("tys", "cms")] {
        assert!(touching.contains(&pair(a, b)), "{a}-{b} not drawn touching");
    }
    let borders: BTreeSet<(usize, usize)> = touching.union(&crossed).copied().collect();
    let name = |(a, b): &(usize, usize)| format!("{}-{}", am.areas[*a].id, am.areas[*b].id);
    let declared = joined_pairs(am);
    let differences: Vec<String> = borders.symmetric_difference(&declared).map(name).collect();
    assert_eq!(differences, Vec::<String>::new());
    assert_eq!(am.drawn_borders(), Some(borders));
}

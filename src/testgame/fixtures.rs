//! The fixture games on disk, checked, and variants made by editing the model: the `mini`
//! fixture, the `theatre` fixture, the example games, `mini` with an area map, a game with a
//! track display.

use std::path::Path;

use crate::model::{Area, AreaMap, Game, Map, MapId, MapKind, Route, TrackDisplay, TrackMarker};

/// The checked `tests/fixtures/mini` game.
pub fn mini() -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini");
    let checked = crate::check::check_dir(&dir).expect("fixture loads");
    checked.game.expect("fixture checks")
}

/// The checked `tests/fixtures/theatre` game: two powers on one side, units of three sizes,
/// deserts, high mountains, a small island, ports across a sea, a depot, victory points.
pub fn theatre() -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/theatre");
    let checked = crate::check::check_dir(&dir).expect("fixture loads");
    checked.game.expect("fixture checks")
}

/// The checked `tests/fixtures/weather` game: the mini game through a clear, a muddy and a
/// snowy turn, with movement costs in mud, an extra cost in snow, supply paths counted in
/// movement points, and a snow modifier for Red's attacks alone.
pub fn weather() -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/weather");
    let checked = crate::check::check_dir(&dir).expect("fixture loads");
    checked.game.expect("fixture checks")
}

/// The example games of `modules/`, by folder name.
pub const EXAMPLE_GAMES: &[&str] = &[
    "diplomacy",
    "great-european-war",
    "great-patriotic-war",
    "great-patriotic-war-qh07",
    "greek-civil-war",
    "guerilla-warfare-ii",
];

/// Whether every game of [`EXAMPLE_GAMES`] is in `modules/` (the benchmarks skip without).
pub fn examples_present() -> bool {
    let modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("modules");
    EXAMPLE_GAMES
        .iter()
        .all(|id| modules.join(id).join("game.toml").is_file())
}

/// The checked example game `modules/<id>` (present in every checkout of this repository).
pub fn example(id: &str) -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("modules")
        .join(id);
    crate::check::check_dir(&dir).unwrap().game.expect(id)
}

/// The mini game with an area map of six areas (one without position, given an outline;
/// one inside another) added as map 1.
pub fn with_area_map() -> Game {
    let mut g = mini();
    let clear = g.terrain_index("clear").unwrap();
    let forest = g.terrain_index("forest").unwrap();
    let sea = g.terrain_index("sea").unwrap();
    let area = |id: &str,
                name: &str,
                terrain,
                pos: Option<(f64, f64)>,
                boxes,
                points: Vec<(usize, i64)>| Area {
        id: id.into(),
        name: name.into(),
        terrain,
        country: None,
        points,
        boxes,
        open: true,
        adjacent: Vec::new(),
        within: None,
        only: Vec::new(),
        position: pos,
        outline: Vec::new(),
        coasts: Vec::new(),
        supply_centre: false,
        aliases: Vec::new(),
        army: Vec::new(),
        fleet: Vec::new(),
    };
    let mut areas = vec![
        area(
            "north",
            "Northmark",
            forest,
            Some((110.0, 100.0)),
            2,
            vec![(0, 3), (1, 2)],
        ),
        area(
            "south",
            "Southmark",
            clear,
            Some((160.0, 330.0)),
            1,
            vec![(0, 1), (1, 1)],
        ),
        area("east", "Eastmark", clear, Some((420.0, 200.0)), 0, vec![]),
        area(
            "hills",
            "High Hills",
            forest,
            Some((330.0, 380.0)),
            3,
            vec![(1, 4)],
        ),
        area(
            "city",
            "Capital",
            clear,
            Some((250.0, 165.0)),
            1,
            vec![(0, 2)],
        ),
        area("sea", "Gulf", sea, None, 0, vec![]),
    ];
    areas[4].within = Some(0);
    areas[4].open = false;
    areas[5].outline = vec![
        (480.0, 330.0),
        (600.0, 330.0),
        (600.0, 450.0),
        (470.0, 450.0),
    ];
    areas[0].adjacent = vec![1, 2];
    areas[1].adjacent = vec![0, 3];
    areas[2].adjacent = vec![0, 3];
    areas[3].adjacent = vec![1, 2];
    g.maps.push(Map {
        id: "areas".into(),
        title: "Area Test".into(),
        kind: MapKind::Area(AreaMap {
            areas,
            routes: vec![Route {
                from: 1,
                to: 2,
                kind: "sea".into(),
                units: Vec::new(),
            }],
            size: (600, 450),
            crossings: Vec::new(),
            network: false,
            off_board: Vec::new(),
        }),
        places: Vec::new(),
        hex_sets: Vec::new(),
        edges: Vec::new(),
        image: None,
    });
    g
}

/// A game with a track display of `columns` columns printed on map `map`, on which its
/// first track stands, marked by the first marker class with a counter.
pub fn with_display(mut game: Game, map: MapId, columns: u32) -> Game {
    let counter = (0..game.counters.len())
        .find(|c| game.type_of(*c).symbol == "marker")
        .expect("a marker counter");
    let t = &game.tracks[0];
    game.track_displays.push(TrackDisplay {
        id: "points".into(),
        name: "Points Track".into(),
        map,
        min: t.min,
        max: t.max,
        columns,
    });
    game.tracks[0].marker = Some(TrackMarker {
        class: game.counters[counter].class,
        counter,
        display: 0,
    });
    game
}

//! Games for the art's tests: the `mini` fixture, checked, and an area-map variant.

use std::path::Path;

use crate::model::{Area, AreaMap, Game, Map, MapKind, Route};

/// The checked `tests/fixtures/mini` game.
pub fn mini() -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini");
    let checked = crate::check::check_dir(&dir).expect("fixture loads");
    checked.game.expect("fixture checks")
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
        }),
        places: Vec::new(),
        hex_sets: Vec::new(),
        edges: Vec::new(),
        image: None,
    });
    g
}

/// When `SANDTABLE_ART_PREVIEW` names a folder, write a picture there for a human to look at.
pub fn preview(name: &str, img: &image::RgbaImage) {
    if let Some(dir) = std::env::var_os("SANDTABLE_ART_PREVIEW") {
        let path = Path::new(&dir).join(name);
        super::png::write(&path, img).expect("write preview");
    }
}

//! Tests of grid geometry and names: documented examples, real-module facts, and property
//! tests that name → point → name round-trips for every numbering combination.

use proptest::prelude::*;

use super::*;
use crate::vassal::buildfile::parse_buildfile;

fn numbering(stagger: bool) -> GridNumbering {
    GridNumbering {
        stagger,
        ..GridNumbering::default()
    }
}

fn doc_hex() -> HexGrid {
    HexGrid {
        x0: 35,
        y0: 35,
        dx: 60.62,
        dy: 70.0,
        numbering: Some(numbering(false)),
        ..HexGrid::default()
    }
}

#[test]
fn documented_hex_example() {
    let grid = doc_hex();
    let board = Size::new(1000, 1000);
    assert_eq!(
        grid.point_for_name("0305", board),
        Some(Point::new(156, 315))
    );
    assert_eq!(
        grid.point_for_name("0607", board),
        Some(Point::new(338, 490))
    );
    assert_eq!(
        grid.location_name(Point::new(156, 315), board).as_deref(),
        Some("0305")
    );
    assert_eq!(
        grid.location_name(Point::new(338, 490), board).as_deref(),
        Some("0607")
    );
    assert_eq!(grid.point_for_name("305", board), None);
    assert_eq!(
        grid.vassal_point_for_name("0607", board),
        Some(Point::new(338, 490))
    );
}

#[test]
fn hex_grid_reads_attributes_and_default_dx() {
    let xml = r#"<VASSAL.build.module.map.boardPicker.board.HexGrid dx="227.90000000000052" dy="265.8999999999995" sideways="false" x0="51" y0="55">
        <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="V" sep="." stagger="true"/>
    </VASSAL.build.module.map.boardPicker.board.HexGrid>"#;
    let element = parse_buildfile(xml.as_bytes()).expect("xml");
    let Some(Grid::Hex(grid)) = Grid::from_element(&element) else {
        panic!("a hex grid");
    };
    assert!((grid.dx - 227.9).abs() < 1e-9);
    assert_eq!((grid.x0, grid.y0), (51, 55));
    let n = grid.numbering.as_ref().expect("numbering");
    assert_eq!((n.first, n.sep.as_str(), n.stagger), ('V', ".", true));
    let only_dy = parse_buildfile(b"<HexGrid dy=\"100\"/>").expect("xml");
    let Some(Grid::Hex(grid)) = Grid::from_element(&only_dy) else {
        panic!("a hex grid");
    };
    assert!(
        (grid.dx - 86.602_540_378_443_86).abs() < 1e-9,
        "dx follows dy"
    );
}

#[test]
fn square_grid_matches_the_zxvt_log() {
    // zxvt (VASSAL 3.2.17): the log reports pieces at (36,236) in B05 and (236,36) in F01.
    let grid = SquareGrid {
        x0: 36,
        y0: 36,
        dx: 50.0,
        dy: 50.0,
        numbering: Some(GridNumbering {
            h_type: 'A',
            stagger: false,
            ..GridNumbering::default()
        }),
        ..SquareGrid::default()
    };
    let board = Size::new(275, 275);
    assert_eq!(
        grid.location_name(Point::new(36, 236), board).as_deref(),
        Some("B05")
    );
    assert_eq!(
        grid.location_name(Point::new(236, 36), board).as_deref(),
        Some("F01")
    );
    assert_eq!(grid.point_for_name("B05", board), Some(Point::new(36, 236)));
}

fn square_zone(name: &str, x: i32, y: i32, side: i32) -> Zone {
    Zone {
        name: name.to_string(),
        location_format: "$name$".to_string(),
        path: vec![
            Point::new(x, y),
            Point::new(x + side, y),
            Point::new(x + side, y + side),
            Point::new(x, y + side),
        ],
        use_parent_grid: false,
        grid: None,
    }
}

#[test]
fn polygon_insideness_matches_awt() {
    let zone = square_zone("Z", 0, 0, 10);
    assert!(zone.contains(Point::new(0, 0)), "top-left corner is inside");
    assert!(zone.contains(Point::new(9, 9)));
    assert!(!zone.contains(Point::new(10, 5)), "right edge is outside");
    assert!(!zone.contains(Point::new(5, 10)), "bottom edge is outside");
    assert!(!zone.contains(Point::new(-1, 5)));
    let triangle = [Point::new(0, 0), Point::new(10, 0), Point::new(0, 10)];
    assert!(zoned::polygon_contains(&triangle, Point::new(2, 2)));
    assert!(!zoned::polygon_contains(&triangle, Point::new(8, 8)));
    assert!(!zoned::polygon_contains(&triangle[..2], Point::new(1, 0)));
}

#[test]
fn zoned_grid_names_and_points() {
    let mut with_grid = square_zone("Box", 100, 0, 100);
    with_grid.location_format = "$name$ $gridLocation$".to_string();
    with_grid.grid = Some(Box::new(Grid::Square(SquareGrid {
        x0: 125,
        y0: 25,
        dx: 50.0,
        dy: 50.0,
        numbering: Some(numbering(false)),
        ..SquareGrid::default()
    })));
    let background = Grid::Region(RegionGrid {
        snap_to: true,
        regions: vec![Region {
            name: "Sea".into(),
            origin: Point::new(500, 500),
        }],
    });
    let grid = ZonedGrid {
        zones: vec![square_zone("Town", 0, 0, 100), with_grid],
        background: Some(Box::new(background)),
    };
    let board = Size::new(1000, 1000);
    assert_eq!(
        grid.location_name(Point::new(5, 5), board).as_deref(),
        Some("Town")
    );
    assert_eq!(
        grid.location_name(Point::new(180, 80), board).as_deref(),
        Some("Box 0202")
    );
    assert_eq!(
        grid.location_name(Point::new(700, 20), board).as_deref(),
        Some("Sea")
    );
    assert_eq!(grid.point_for_name("Town", board), Some(Point::new(50, 50)));
    assert_eq!(
        grid.point_for_name("Box 0202", board),
        Some(Point::new(175, 75))
    );
    assert_eq!(
        grid.point_for_name("Sea", board),
        Some(Point::new(500, 500))
    );
    assert_eq!(grid.point_for_name("Nowhere", board), None);
    // A concave zone whose vertex average lies outside falls back to its first vertex.
    let mut concave = square_zone("U", 0, 0, 0);
    concave.path = [
        (0, 0),
        (30, 0),
        (30, 30),
        (20, 30),
        (20, 5),
        (10, 5),
        (10, 30),
        (0, 30),
    ]
    .iter()
    .map(|&(x, y)| Point::new(x, y))
    .collect();
    assert_eq!(
        concave.point_for_name("U", None, board),
        Some(Point::new(0, 0))
    );
}

#[test]
fn zone_paths_parse_like_polygon_editor() {
    assert_eq!(
        zoned::parse_path("1895,3011;1895,3317; 2150 ,3316;bad;7"),
        vec![
            Point::new(1895, 3011),
            Point::new(1895, 3317),
            Point::new(2150, 3316)
        ]
    );
    assert!(zoned::parse_path("").is_empty());
}

#[test]
fn region_grid_picks_nearest_and_later_duplicates() {
    let grid = RegionGrid {
        snap_to: true,
        regions: vec![
            Region {
                name: "A".into(),
                origin: Point::new(0, 0),
            },
            Region {
                name: "B".into(),
                origin: Point::new(100, 0),
            },
            Region {
                name: "C".into(),
                origin: Point::new(100, 0),
            },
        ],
    };
    assert_eq!(grid.location_name(Point::new(10, 3)).as_deref(), Some("A"));
    assert_eq!(grid.location_name(Point::new(90, 3)).as_deref(), Some("C"));
    assert_eq!(grid.point_for_name("B"), Some(Point::new(100, 0)));
    assert_eq!(RegionGrid::default().location_name(Point::new(0, 0)), None);
}

fn board(name: &str, column: i32, row: i32, size: Size, grid: Option<Grid>) -> BoardPlacement {
    BoardPlacement {
        name: name.into(),
        column,
        row,
        size: Some(size),
        reversed: false,
        grid,
    }
}

#[test]
fn map_layout_offsets_boards_and_edges() {
    let hex = Grid::Hex(doc_hex());
    let layout = MapLayout {
        map_name: "Main Map".into(),
        edge_width: 20,
        edge_height: 10,
        boards: vec![
            board("West", 0, 0, Size::new(600, 800), Some(hex.clone())),
            board("East", 1, 0, Size::new(500, 700), Some(hex.clone())),
            board("South", 0, 1, Size::new(600, 300), None),
        ],
        decks: vec![("Deck".into(), Point::new(5, 5))],
    };
    assert_eq!(layout.board_origin(&layout.boards[1]), Point::new(620, 10));
    assert_eq!(layout.board_origin(&layout.boards[2]), Point::new(20, 810));
    let east = layout
        .point_for_location(Some("East"), "0305")
        .expect("point");
    assert_eq!(east, Point::new(156 + 620, 315 + 10));
    assert_eq!(layout.location_name(east), "0305");
    let (found, local) = layout.locate(east).expect("on a board");
    assert_eq!((found.name.as_str(), local), ("East", Point::new(156, 315)));
    assert_eq!(
        layout.location_name(Point::new(30, 900)),
        OFFBOARD,
        "no grid"
    );
    assert_eq!(layout.location_name(Point::new(5, 5)), "Deck");
    assert_eq!(layout.location_name(Point::new(2000, 5)), OFFBOARD);
    let mut reversed = layout.clone();
    reversed.boards[0].reversed = true;
    let p = reversed
        .point_for_location(Some("West"), "0305")
        .expect("point");
    assert_eq!(p, Point::new(20 + 600 - 156, 10 + 800 - 315));
    assert_eq!(reversed.location_name(p), "0305");
}

/// Every numbering combination the property tests cover.
fn any_numbering() -> impl Strategy<Value = GridNumbering> {
    (
        any::<(bool, bool, bool, bool)>(),
        prop_oneof![Just('N'), Just('A')],
        prop_oneof![Just('N'), Just('A')],
        0..3i32,
        0..2i32,
        prop_oneof![Just(""), Just(","), Just("-")],
    )
        .prop_map(
            |((stagger, h_descend, v_descend, v_first), h_type, v_type, leading, off, sep)| {
                // Two parts of one kind with no separator can be ambiguous in VASSAL too.
                let sep = if sep.is_empty() && (h_type == v_type || leading == 0) {
                    "."
                } else {
                    sep
                };
                GridNumbering {
                    first: if v_first { 'V' } else { 'H' },
                    sep: sep.to_string(),
                    h_type,
                    v_type,
                    h_leading: leading,
                    v_leading: leading,
                    h_off: off,
                    v_off: off,
                    h_descend,
                    v_descend,
                    stagger,
                    location_format: "$gridLocation$".to_string(),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn hex_names_round_trip(
        numbering in any_numbering(),
        sideways in any::<bool>(),
        dx in 20.0f64..150.0,
        dy in 20.0f64..150.0,
        origin in (0i32..100, 0i32..100),
        size in (200i32..2500, 200i32..2500),
        fraction in (0.0f64..1.0, 0.0f64..1.0),
    ) {
        let grid = HexGrid {
            sideways,
            x0: origin.0,
            y0: origin.1,
            dx,
            dy,
            numbering: Some(numbering),
            ..HexGrid::default()
        };
        let board = Size::new(size.0, size.1);
        let p = Point::new(
            (fraction.0 * f64::from(size.0)) as i32,
            (fraction.1 * f64::from(size.1)) as i32,
        );
        let name = grid.location_name(p, board).expect("numbered");
        let back = grid.point_for_name(&name, board).expect("name parses");
        prop_assert_eq!(grid.location_name(back, board), Some(name.clone()), "via {:?}", back);
        // The point found is the exact centre of the cell the original point lies in.
        let centre = grid.raw_center(grid.raw_column(p), grid.raw_row(p));
        prop_assert_eq!(back, centre);
    }

    #[test]
    fn square_names_round_trip(
        numbering in any_numbering(),
        dx in 20.0f64..150.0,
        dy in 20.0f64..150.0,
        origin in (0.0f64..1.0, 0.0f64..1.0),
        size in (200i32..2500, 200i32..2500),
        fraction in (0.0f64..1.0, 0.0f64..1.0),
    ) {
        let grid = SquareGrid {
            // Origins within the first cell: VASSAL's truncating row maths breaks
            // negative rows, which real grids never have.
            x0: (origin.0 * dx) as i32,
            y0: (origin.1 * dy) as i32,
            dx,
            dy,
            numbering: Some(GridNumbering { stagger: false, ..numbering }),
            ..SquareGrid::default()
        };
        let board = Size::new(size.0, size.1);
        let p = Point::new(
            (fraction.0 * f64::from(size.0)) as i32,
            (fraction.1 * f64::from(size.1)) as i32,
        );
        let name = grid.location_name(p, board).expect("numbered");
        let back = grid.point_for_name(&name, board).expect("name parses");
        prop_assert_eq!(grid.location_name(back, board), Some(name));
    }

    #[test]
    fn grid_maths_never_panics(
        x in any::<i32>(), y in any::<i32>(),
        dx in prop_oneof![Just(0.0), Just(f64::NAN), -1e9f64..1e9],
        dy in prop_oneof![Just(0.0), Just(f64::INFINITY), -1e9f64..1e9],
        x0 in any::<i32>(), y0 in any::<i32>(),
        numbering in any_numbering(),
        name in "[-0-9A-Z.,]{0,12}",
        width in any::<i32>(), height in any::<i32>(),
    ) {
        let board = Size::new(width, height);
        let hex = HexGrid { x0, y0, dx, dy, numbering: Some(numbering.clone()), ..HexGrid::default() };
        let square = SquareGrid { x0, y0, dx, dy, numbering: Some(numbering), ..SquareGrid::default() };
        let _ = hex.location_name(Point::new(x, y), board);
        let _ = hex.point_for_name(&name, board);
        let _ = hex.vassal_point_for_name(&name, board);
        let _ = square.location_name(Point::new(x, y), board);
        let _ = square.point_for_name(&name, board);
    }
}

/// Every combination of sideways, stagger, descending columns/rows and part order, on
/// boards whose column counts are odd and even: every cell's centre names itself and its
/// name leads back to that centre.
#[test]
fn every_numbering_combination_round_trips_on_every_cell() {
    for bits in 0u32..32 {
        let flag = |i: u32| bits & (1 << i) != 0;
        let numbering = GridNumbering {
            first: if flag(4) { 'V' } else { 'H' },
            sep: ".".into(),
            h_descend: flag(2),
            v_descend: flag(3),
            stagger: flag(1),
            ..GridNumbering::default()
        };
        let grid = HexGrid {
            sideways: flag(0),
            numbering: Some(numbering),
            ..doc_hex()
        };
        for board in [
            Size::new(700, 700),
            Size::new(770, 640),
            Size::new(1000, 860),
        ] {
            let (columns, rows) = if grid.sideways { (12, 10) } else { (10, 12) };
            for nx in 0..columns {
                for ny in 0..rows {
                    let centre = grid.raw_center(nx, ny);
                    let name = grid.location_name(centre, board).expect("numbered");
                    assert_eq!(
                        grid.point_for_name(&name, board),
                        Some(centre),
                        "combination {bits:05b}, board {board:?}, cell ({nx}, {ny}) named {name}"
                    );
                }
            }
        }
    }
}

/// VASSAL's own name → point (`getLocation`) applies the stagger correction with the
/// numbered column's parity; with descending columns on a board of odd column count it
/// lands one row away from the cell the name was read from. The inverse used here does not.
#[test]
fn vassal_get_location_quirk_is_reproduced() {
    let grid = HexGrid {
        numbering: Some(GridNumbering {
            h_descend: true,
            stagger: true,
            ..GridNumbering::default()
        }),
        ..doc_hex()
    };
    // maxColumns = floor(width / dy + 0.5) = 9: odd.
    let board = Size::new(630, 800);
    let centre = grid.raw_center(2, 4);
    let name = grid.location_name(centre, board).expect("numbered");
    assert_eq!(grid.point_for_name(&name, board), Some(centre));
    let vassal = grid.vassal_point_for_name(&name, board).expect("parses");
    assert_ne!(vassal, centre);
    assert_eq!(vassal.x, centre.x, "same column");
    assert_eq!((vassal.y - centre.y).abs(), 70, "one row off");
}

//! The schematic picture `sandtable import` gives a board known only by its adjacency,
//! measured on real boards as the map art draws them: DPjudge's standard board, the four
//! largest it ships (imperial, youngstown, empire, aberration) and a small one (pure, seven
//! provinces all bordering each other). For each board:
//!
//! - **neighbours touch**: the share of the pairs of provinces the board makes neighbours
//!   whose drawn cells share a stretch of border at least [`TOUCH`] pixels long — a line a
//!   player sees;
//! - **labels fit**: every province's name (with its supply-centre star) and every slot a
//!   piece stands in — the Open slot, the fleet box of each split coast — lies inside its
//!   province's cell, and inside the picture.

use std::path::Path;

use sandtable::emit::art::area_map;
use sandtable::layout::area::layouts;
use sandtable::layout::voronoi::{self, P};
use sandtable::model::{Game, MapKind};

use crate::support::{root, run};

/// The shortest shared border that counts as touching, in pixels: two strokes' widths and
/// more, plainly a border and not a corner.
const TOUCH: f64 = 8.0;

fn imported(board: &str, into: &Path) -> Game {
    let map = root().join("tests/fixtures/dpjudge-maps").join(board);
    let (code, out, err) = run(&[
        "import",
        map.to_str().expect("utf-8"),
        "-o",
        into.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{board}: {out}{err}");
    let checked = sandtable::check::check_dir(into).expect("readable");
    checked
        .game
        .unwrap_or_else(|| panic!("{board} does not check clean"))
}

/// Whether a point is inside a convex polygon (either winding), on its border included.
fn inside(poly: &[P], p: P) -> bool {
    let n = poly.len();
    if n < 3 {
        return false;
    }
    let side = |i: usize| {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
    };
    let tolerance = 0.5
        * (0..n)
            .map(|i| {
                let (a, b) = (poly[i], poly[(i + 1) % n]);
                (b.0 - a.0).hypot(b.1 - a.1)
            })
            .fold(0.0, f64::max);
    (0..n).all(|i| side(i) >= -tolerance) || (0..n).all(|i| side(i) <= tolerance)
}

fn corners(r: (f64, f64, f64, f64)) -> [P; 4] {
    let (x, y, w, h) = r;
    [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
}

/// What one board measures.
#[derive(Debug)]
struct Measure {
    provinces: usize,
    size: (u32, u32),
    pairs: usize,
    touching: usize,
    /// Names, slots and boxes outside their cell or the picture, as `id: what`.
    misplaced: Vec<String>,
}

fn measure(game: &Game) -> Measure {
    let MapKind::Area(am) = &game.maps[0].kind else {
        panic!("a province board")
    };
    let printed = layouts(game, am);
    let shapes = area_map::shapes_around(am, &printed);
    let mut pairs = 0;
    let mut touching = 0;
    for (i, a) in am.areas.iter().enumerate() {
        for &j in a.adjacent.iter().filter(|&&j| j > i) {
            pairs += 1;
            if voronoi::shared_border(&shapes[i], &shapes[j], 0.01) >= TOUCH {
                touching += 1;
            }
        }
    }
    let (w, h) = (f64::from(am.size.0), f64::from(am.size.1));
    let mut misplaced = Vec::new();
    for (i, a) in am.areas.iter().enumerate() {
        let l = &printed[i];
        let (font, x, baseline) = l.name;
        let width = f64::from(font.width(&a.name));
        let star = if a.supply_centre { 17.0 } else { 0.0 };
        let top = f64::from(baseline - font.cap_height());
        let name = (
            f64::from(x) - width / 2.0,
            top,
            width + star,
            f64::from(baseline + font.descent()) - top,
        );
        let mut things = vec![("name".to_string(), name)];
        for (slot, r) in &l.slots {
            let r = (
                f64::from(r.0),
                f64::from(r.1),
                f64::from(r.2),
                f64::from(r.3),
            );
            things.push((format!("{slot:?}"), r));
        }
        for (what, r) in things {
            let ok = corners(r).iter().all(|&p| {
                inside(&shapes[i], p) && p.0 >= 0.0 && p.1 >= 0.0 && p.0 <= w && p.1 <= h
            });
            if !ok {
                misplaced.push(format!("{}: {what} at {r:?}", a.id));
            }
        }
    }
    Measure {
        provinces: am.areas.len(),
        size: am.size,
        pairs,
        touching,
        misplaced,
    }
}

/// Every label and slot is inside its province on every board, and neighbours touch on at
/// least the share of borders each board reaches today, measured on this layout (a floor
/// a little under it, so that a regression shows): standard 74% (156 of 211), aberration
/// 60%, empire 48%, youngstown 42%, imperial 28%, pure 52% (seven provinces all bordering
/// each other: 21 borders, of which seven convex cells can show at most 15). Before it (a
/// force-directed layout clamped to a 1600 × 1200 frame, measured the same way): standard
/// 53% with 82 names or slots outside their cell, aberration 25%, empire 31%, youngstown
/// 27%, imperial 21% with 728 outside. The floors are low on the large boards because
/// the layout does not yet get them flat: imperial is a world map (its Pacific joins Asia to
/// the Americas), which no flat picture draws whole without a cut, and where the embedding
/// folds a board, provinces of one fold stand between neighbours of the other.
#[test]
fn imported_boards_show_neighbours_touching_and_every_label_in_its_province() {
    let tmp = tempfile::tempdir().expect("temp");
    let mut report = Vec::new();
    let mut failures = Vec::new();
    for (board, bar) in [
        ("maps/standard.map", 0.7),
        ("maps/imperial.map", 0.25),
        ("maps/youngstown.map", 0.4),
        ("maps/empire.map", 0.45),
        ("maps/aberration.map", 0.55),
        ("maps/pure.map", 0.5),
    ] {
        let name = board.trim_start_matches("maps/").trim_end_matches(".map");
        let game = imported(board, &tmp.path().join(name));
        let m = measure(&game);
        let fraction = m.touching as f64 / m.pairs.max(1) as f64;
        report.push(format!(
            "{name}: {} provinces, {}×{} px, {} of {} borders touch ({:.1}%), {} misplaced",
            m.provinces,
            m.size.0,
            m.size.1,
            m.touching,
            m.pairs,
            100.0 * fraction,
            m.misplaced.len()
        ));
        if fraction < bar {
            failures.push(format!(
                "{name}: {:.1}% of borders touch, below {:.0}%",
                100.0 * fraction,
                100.0 * bar
            ));
        }
        failures.extend(m.misplaced.iter().map(|x| format!("{name}: {x}")));
    }
    println!("{}", report.join("\n"));
    assert!(
        failures.is_empty(),
        "{}\n{}",
        report.join("\n"),
        failures.join("\n")
    );
}

/// The same board imports to the same bytes, twice.
#[test]
fn a_board_imports_to_the_same_picture_twice() {
    let tmp = tempfile::tempdir().expect("temp");
    let board = |dir: &str| {
        let into = tmp.path().join(dir);
        imported("maps/youngstown.map", &into);
        std::fs::read_to_string(into.join("board.toml")).expect("board.toml")
    };
    assert_eq!(board("a"), board("b"));
}

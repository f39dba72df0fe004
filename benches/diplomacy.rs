//! Benchmark of the Diplomacy adjudicator on the board of `modules/diplomacy` (through
//! `ProvinceBoard`): one movement phase with all 22 units of spring 1901 ordered (a typical
//! opening, with a supported attack and bounces), resolved by
//! `diplomacy::movement::resolve`; and the same phase adjudicated whole
//! (`diplomacy::adjudicate::adjudicate`: every order's reason, dislodgements,
//! standoffs, the next position and the phases passed over). The orders are parsed once,
//! outside the measurement.
//!
//! And the largest of the 44 boards DPjudge ships (`tests/fixtures/dpjudge-maps`, by count of
//! provinces: `imperial`, 356, with 85 units), imported as `sandtable import` does: its first
//! movement phase with every starting unit ordered (a third hold, a third move to a
//! neighbour, a third support a neighbour's hold), adjudicated whole; and on the same board
//! the worst case of the convoy searches, a fleet in every sea and an army on every coast,
//! all the fleets ordered to convoy one army to a neighbouring coast (each fleet's order asks
//! whether it lies on a route) and every other army ordered by convoy to a far coast.
//!
//! And the import of that board (`sandtable import`), most of whose time is the schematic
//! layout of its provinces.
//!
//! Run with `cargo bench --bench diplomacy`.

use sandtable::diag::source::SourceMap;
use sandtable::diplomacy::adjudicate::adjudicate;
use sandtable::diplomacy::board::ProvinceBoard;
use sandtable::diplomacy::movement::resolve;
use sandtable::diplomacy::orders_file;
use sandtable::diplomacy::position::from_positions;
use sandtable::helpers::Positions;
use sandtable::testgame::diplomacy::{game, units_and_orders, SPRING_1901};

use std::path::{Path, PathBuf};

use sandtable::diplomacy::orders::parse;
use sandtable::diplomacy::{Board, Unit, UnitKind};
use sandtable::model::Game;

fn main() {
    divan::main();
}

/// The DPjudge board with the most provinces, read and prepared for import, with its path.
fn largest_dpjudge_map() -> (PathBuf, sandtable::load::dpjudge::Board) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dpjudge-maps");
    let mut boards: Vec<(usize, PathBuf, sandtable::load::dpjudge::Board)> = Vec::new();
    for folder in ["maps", "trials"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("fixtures") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "map") {
                continue;
            }
            let mut sources = SourceMap::default();
            if let (Some(b), _) = sandtable::load::dpjudge::read(&path, &mut sources) {
                let provinces = b.locations.iter().filter(|l| !l.id.contains('/')).count();
                boards.push((provinces, path, b));
            }
        }
    }
    boards.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let (_, path, mut board) = boards.pop().expect("a board");
    let diags = sandtable::import::dpjudge::prepare(&mut board);
    assert!(!diags.has_errors(), "{}: {diags:?}", path.display());
    (path, board)
}

/// The files `sandtable import` writes for a board.
fn import_files(
    path: &Path,
    board: &sandtable::load::dpjudge::Board,
) -> Vec<sandtable::import::File> {
    sandtable::import::dpjudge::import(
        board,
        &sandtable::import::dpjudge::Options {
            id: "largest".into(),
            title: "The largest DPjudge board".into(),
            year: None,
            years: 10,
            source: path.display().to_string(),
        },
    )
}

/// The DPjudge board with the most provinces, imported and checked.
fn largest_dpjudge_board() -> (Game, tempfile::TempDir) {
    let (path, board) = largest_dpjudge_map();
    let dir = tempfile::tempdir().expect("temp");
    for f in import_files(&path, &board) {
        let to = dir.path().join(&f.name);
        std::fs::create_dir_all(to.parent().expect("folder")).expect("folder");
        std::fs::write(to, f.text).expect("write");
    }
    let game = sandtable::check::check_dir(dir.path())
        .expect("reads")
        .game
        .expect("the imported board checks");
    (game, dir)
}

/// The import of the largest DPjudge board into the files of a game, most of it the
/// schematic layout of its provinces (`import/schematic/`).
#[divan::bench(sample_count = 5)]
fn largest_board_import(bencher: divan::Bencher) {
    let (path, board) = largest_dpjudge_map();
    bencher.bench(|| import_files(&path, &board).len());
}

/// `A lon`.
fn unit_text(u: &Unit) -> String {
    let kind = if u.kind == UnitKind::Army { "A" } else { "F" };
    format!("{kind} {}", u.location)
}

/// Where a unit may move.
fn moves_of(board: &ProvinceBoard, u: &Unit) -> Vec<String> {
    match u.kind {
        UnitKind::Army => board.army_moves_from(board.province(&u.location)),
        UnitKind::Fleet => board.fleet_moves_from(&u.location),
    }
}

#[divan::bench]
fn spring_1901_resolve(bencher: divan::Bencher) {
    let game = game();
    let board = ProvinceBoard::first(&game).expect("a province board");
    let (units, orders) = units_and_orders(&board, SPRING_1901);
    bencher.bench(|| resolve(&board, &units, &orders).len());
}

#[divan::bench]
fn spring_1901_adjudicate(bencher: divan::Bencher) {
    let game = game();
    let board = ProvinceBoard::first(&game).expect("a province board");
    let scenario = game.scenario("1901").expect("1901");
    let (position, _) = from_positions(&board, &Positions::from_scenario(scenario), None, None);
    let text = SPRING_1901.join("\n");
    let mut sources = SourceMap::default();
    let file = sources.add("spring-1901.txt", text.clone());
    let (written, diags) = orders_file::read(&game, &board, file, "spring-1901.txt", &text);
    assert!(diags.is_empty());
    bencher.bench(|| {
        adjudicate(&board, &position, &written)
            .map(|a| a.orders.len())
            .unwrap_or(0)
    });
}

/// The first movement phase of the largest DPjudge board, every starting unit ordered.
#[divan::bench(sample_count = 20)]
fn largest_board_first_phase_adjudicate(bencher: divan::Bencher) {
    let (game, _dir) = largest_dpjudge_board();
    let board = ProvinceBoard::first(&game).expect("a province board");
    let scenario = game.scenarios.first().expect("a scenario");
    let (position, _) = from_positions(&board, &Positions::from_scenario(scenario), None, None);
    let units = &position.units;
    let lines: Vec<String> = units
        .iter()
        .enumerate()
        .map(|(k, u)| {
            let moves = moves_of(&board, u);
            let neighbour = units.iter().find(|o| {
                o.location != u.location
                    && moves
                        .iter()
                        .any(|m| board.province(m) == board.province(&o.location))
            });
            let order = match (k % 3, moves.first(), neighbour) {
                (1, Some(to), _) => format!("{} - {to}", unit_text(u)),
                (2, _, Some(o)) => format!("{} S {}", unit_text(u), unit_text(o)),
                _ => format!("{} H", unit_text(u)),
            };
            format!("{}: {order}", u.power)
        })
        .collect();
    let text = lines.join("\n");
    let mut sources = SourceMap::default();
    let file = sources.add("orders.txt", text.clone());
    let (written, diags) = orders_file::read(&game, &board, file, "orders.txt", &text);
    assert!(!diags.has_errors(), "{diags:?}");
    bencher.bench(|| {
        adjudicate(&board, &position, &written)
            .map(|a| a.orders.len())
            .unwrap_or(0)
    });
}

/// The convoy searches at their worst on the largest DPjudge board: a fleet in every sea,
/// all ordered to convoy one army to a coast next to it; an army on every other coast
/// ordered by convoy to a far coast.
#[divan::bench(sample_count = 10)]
fn largest_board_convoys_everywhere_resolve(bencher: divan::Bencher) {
    let (game, _dir) = largest_dpjudge_board();
    let board = ProvinceBoard::first(&game).expect("a province board");
    let power = game.sides[0].id.clone();
    let provinces: Vec<String> = board.areas.areas.iter().map(|a| a.id.clone()).collect();
    let seas: Vec<&String> = provinces.iter().filter(|p| board.is_sea(p)).collect();
    let coasts: Vec<&String> = provinces
        .iter()
        .filter(|p| !board.is_sea(p) && !board.fleet_locations(p).is_empty())
        .filter(|p| !board.army_moves_from(p).is_empty())
        .collect();
    let (first, next) = coasts
        .iter()
        .find_map(|c| {
            let next = board
                .army_moves_from(c)
                .into_iter()
                .find(|p| coasts.contains(&p))?;
            Some((*c, next))
        })
        .expect("two coasts next to each other");
    let mut lines = vec![format!("{power}: A {first} - {next}")];
    for (k, c) in coasts.iter().enumerate().filter(|(_, c)| **c != first) {
        let far = coasts[(k + coasts.len() / 2) % coasts.len()];
        lines.push(format!("{power}: A {c} - {far} via convoy"));
    }
    for s in &seas {
        lines.push(format!("{power}: F {s} C A {first} - {next}"));
    }
    let orders: Vec<_> = lines
        .iter()
        .map(|l| parse(l, &board).expect("an order"))
        .collect();
    let units: Vec<Unit> = orders
        .iter()
        .map(|o| Unit::new(&power, o.kind, &o.unit))
        .collect();
    bencher.bench(|| resolve(&board, &units, &orders).len());
}

//! The VASSAL module of a province board (`modules/diplomacy`): its predefined setup read back
//! through the save adapter puts every unit on its site (a fleet on a split coast on that
//! coast) and every owned supply centre's control marker in the centre; every region VASSAL
//! snaps to names a site of the board; the buildfile's board, sides, restrictions, turn
//! track and orders window (snapshot, coordinates left out: the board's geography moves);
//! the sequence of play and help of a game of written orders; and the checks of a side's `control-marker` on broken copies of the game.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use sandtable::helpers::savegame::{build_maps, module_maps, positions_from_save};
use sandtable::model::scenario::AreaSlot;
use sandtable::model::{Game, Location, MapKind};
use sandtable::vassal::archive::Archive;
use sandtable::vassal::buildfile::{parse_buildfile_str, Element};
use sandtable::vassal::grid::{Grid, Point};
use sandtable::vassal::save::{LeafCommand, SaveGame};

use crate::support::{bin, copy_game, edit, root};

const GAME: &str = "modules/diplomacy";

fn dir() -> Option<PathBuf> {
    let dir = root().join(GAME);
    if dir.join("game.toml").is_file() {
        Some(dir)
    } else {
        eprintln!("skipped: {GAME} is absent");
        None
    }
}

fn checked(dir: &Path) -> Game {
    sandtable::check::check_dir(dir)
        .expect("loads")
        .game
        .expect("a clean game")
}

/// The module built in memory: its bytes and its one predefined setup.
fn module(game: &Game) -> (Vec<u8>, SaveGame) {
    let m = sandtable::emit::vassal::build(game).expect("builds");
    let bytes = m.archive.to_bytes().expect("zip");
    let mut a = Archive::from_bytes(bytes.clone(), Path::new("diplomacy.vmod")).expect("zip");
    let file = &m.summary.setups[0].file;
    let setup = SaveGame::from_bytes(a.read(file).expect("entry"), file.as_ref()).expect("save");
    (bytes, setup)
}

fn buildfile(bytes: &[u8]) -> String {
    let mut a = Archive::from_bytes(bytes.to_vec(), Path::new("diplomacy.vmod")).expect("zip");
    a.read_text("buildFile.xml").expect("buildFile.xml")
}

#[test]
fn the_setup_reads_back_with_every_unit_on_its_site_and_every_marker_on_its_centre() {
    let Some(dir) = dir() else { return };
    let g = checked(&dir);
    let (bytes, setup) = module(&g);
    let state = setup.state();
    let computed = positions_from_save(&g, &state, &build_maps(&g));
    assert!(computed.unknown.is_empty(), "{:?}", computed.unknown);
    assert!(computed.off_grid.is_empty(), "{:?}", computed.off_grid);
    assert!(computed.notes.is_empty(), "{:?}", computed.notes);
    // The module's own grids, read from its buildfile, say the same.
    let tmp = tempfile::tempdir().expect("tmp");
    let path = tmp.path().join("diplomacy.vmod");
    std::fs::write(&path, &bytes).expect("write");
    let info = sandtable::vassal::inspect::inspect(&path)
        .expect("inspect")
        .module
        .expect("a module");
    let from_module = positions_from_save(&g, &state, &module_maps(&g, &info.maps, &state));
    assert_eq!(from_module.positions.units, computed.positions.units);

    let scenario = g.scenario("1901").expect("1901");
    let (units, markers): (Vec<_>, Vec<_>) = computed
        .positions
        .units
        .iter()
        .partition(|p| g.control_marker_side(p.counter).is_none());
    let got: Vec<(String, String)> = units
        .iter()
        .map(|p| {
            (
                g.counters[p.counter].id.clone(),
                g.location_name(&p.location),
            )
        })
        .collect();
    let want: Vec<(String, String)> = scenario
        .placements
        .iter()
        .map(|p| {
            (
                g.counters[p.counter].id.clone(),
                g.location_name(&p.location),
            )
        })
        .collect();
    assert_eq!(got.len(), 22);
    assert_eq!(got, want);
    assert!(got.contains(&(
        "russia-fleet".to_string(),
        "St Petersburg (south coast)".to_string()
    )));
    let stp = units
        .iter()
        .find(|p| {
            g.counters[p.counter].id == "russia-fleet"
                && matches!(
                    p.location,
                    Location::Area {
                        slot: AreaSlot::Coast(_),
                        ..
                    }
                )
        })
        .expect("the fleet on a coast");
    assert_eq!(
        g.location_name(&stp.location),
        "St Petersburg (south coast)"
    );

    // One marker of its owner in each centre owned at the start, and read as the owner.
    assert_eq!(markers.len(), 22);
    assert_eq!(scenario.owners.len(), 22);
    for p in &markers {
        let Location::Area { map, area, slot } = p.location else {
            panic!("a marker off the board: {:?}", p.location);
        };
        assert_eq!(slot, AreaSlot::Open);
        let MapKind::Area(a) = &g.maps[map].kind else {
            panic!("not an area map");
        };
        assert!(a.areas[area].supply_centre, "{}", a.areas[area].name);
        let side = g.control_marker_side(p.counter).expect("a marker");
        assert!(scenario.owners.contains(&(map, area, side)));
    }
    assert_eq!(computed.owners, scenario.owners);
    assert_eq!(computed.positions.turn, Some(scenario.start));

    // The scenario notes tell how to write orders, and the tracker is on Spring 1901's
    // movement: the first step of its one level.
    let leaves = setup.leaf_commands();
    assert!(leaves.iter().any(|l| matches!(
        l,
        LeafCommand::Other(t) if t.starts_with("NOTES\tSpring 1901|") && t.contains("Delayed")
    )));
    assert!(leaves.iter().any(|l| matches!(
        l,
        LeafCommand::Other(t) if t.starts_with("TURNTurnTracker0\t0|0;0;0;true,")
    )));
}

/// Every region of the board is where VASSAL names it: the origins are distinct (VASSAL keys
/// regions by origin), each origin reads back as its region's name, the names are exactly
/// the board's sites, each once, plus each supply centre's marker spot named as the centre.
#[test]
fn every_region_names_a_site_of_the_board() {
    let Some(dir) = dir() else { return };
    let g = checked(&dir);
    let (bytes, _) = module(&g);
    let root = parse_buildfile_str(&buildfile(&bytes)).expect("xml");
    let board = root
        .descendants()
        .find(|e| e.is_class("Board"))
        .expect("a board");
    let grid = Grid::first_child(board).expect("a grid");
    let Grid::Region(regions) = &grid else {
        panic!("a region grid: {grid:?}");
    };
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    let mut origins = std::collections::BTreeSet::new();
    for r in &regions.regions {
        assert!(
            origins.insert((r.origin.x, r.origin.y)),
            "{} shares its origin",
            r.name
        );
        assert_eq!(
            grid.location_name(r.origin, sandtable::vassal::grid::Size::new(1600, 1200)),
            Some(r.name.clone()),
            "{} reads back",
            r.name
        );
        *names.entry(r.name.clone()).or_default() += 1;
    }
    let MapKind::Area(a) = &g.maps[0].kind else {
        panic!("an area map");
    };
    let mut want: BTreeMap<String, usize> = BTreeMap::new();
    for (i, area) in a.areas.iter().enumerate() {
        for slot in a.slots(i) {
            *want.entry(a.slot_name(i, slot)).or_default() += 1;
        }
        if area.supply_centre {
            *want.entry(area.name.clone()).or_default() += 1;
        }
    }
    assert_eq!(names, want);
    assert_eq!(names["St Petersburg (south coast)"], 1);
    assert_eq!(
        names["St Petersburg"], 2,
        "the province and its centre's marker spot"
    );
    assert_eq!(names["Burgundy"], 1, "not a supply centre");
    // A point between a province's unit and its marker spot still reads as the province.
    let paris = regions
        .regions
        .iter()
        .filter(|r| r.name == "Paris")
        .map(|r| r.origin)
        .collect::<Vec<_>>();
    let mid = Point::new((paris[0].x + paris[1].x) / 2, (paris[0].y + paris[1].y) / 2);
    assert_eq!(
        grid.location_name(mid, sandtable::vassal::grid::Size::new(1600, 1200)),
        Some("Paris".into())
    );
}

/// An element's opening tag on one line, the coordinates VASSAL is given replaced by `…`.
fn tag(e: &Element) -> String {
    let mut s = format!("<{}", e.name.trim_start_matches("VASSAL.build."));
    for (k, v) in &e.attributes {
        let v = if ["originx", "originy"].contains(&k.as_str()) {
            "…"
        } else {
            v.as_str()
        };
        s.push_str(&format!(" {k}=\"{v}\""));
    }
    s.push('>');
    s
}

/// The buildfile of the board as VASSAL reads it: the sides, the board's regions (names
/// only: positions come from the geography), the prototypes that restrict each power's
/// units to its player, one army's palette slot, the turn track and the orders window.
#[test]
fn the_buildfile_of_the_province_board() {
    let Some(dir) = dir() else { return };
    let g = checked(&dir);
    let (bytes, _) = module(&g);
    let xml = buildfile(&bytes);
    let root = parse_buildfile_str(&xml).expect("xml");
    let mut out = Vec::new();
    for e in root.descendants() {
        if e.is_class("PlayerRoster") {
            out.push(tag(e));
            for entry in &e.children {
                out.push(format!("  entry {}", entry.trimmed_text()));
            }
        } else if e.is_class("RegionGrid") {
            out.push(tag(e));
            for r in &e.children {
                out.push(format!("  {}", tag(r)));
            }
        } else if (e.is_class("PrototypeDefinition")
            && e.attr("name").is_some_and(|n| n.starts_with("Moved by")))
            || (e.is_class("PieceSlot")
                && ["Austrian Army", "Austrian Centre"]
                    .contains(&e.attr("entryName").unwrap_or("")))
        {
            out.push(format!("{} {}", tag(e), e.trimmed_text()));
        } else if [
            "TurnTracker",
            "ListTurnLevel",
            "NotesWindow",
            "PredefinedSetup",
        ]
        .iter()
        .any(|c| e.is_class(c))
        {
            out.push(tag(e));
        }
    }
    // Piece definitions nest their traits with TABs, shown as ⇥.
    let text = out.join("\n").replace('\t', "⇥");
    insta::with_settings!({ snapshot_path => "../snapshots" }, {
        insta::assert_snapshot!(text);
    });
}

/// The charts and help of a game of written orders, as VASSAL 3.7 shows them: one sequence
/// of play every power plays at once (not a player turn per power) and a calendar naming each
/// turn's phases, without the empty weather and notes columns; the help names the File menu
/// entry the lone setup has (3.7 has no File → New Game), the chart tabs there are, and no
/// flip or step property of counters that have one step.
#[test]
fn the_charts_and_help_of_a_game_of_written_orders() {
    let Some(dir) = dir() else { return };
    let g = checked(&dir);
    let (bytes, _) = module(&g);
    let mut a = Archive::from_bytes(bytes, Path::new("diplomacy.vmod")).expect("zip");
    let seq = a.read_text("chart-sequence.html").expect("sequence");
    assert!(!seq.contains("player turn"), "{seq}");
    assert_eq!(seq.matches("<h3>Each turn</h3>").count(), 1, "{seq}");
    assert!(
        seq.contains("<tr><th>Turn</th><th>Phases</th></tr>"),
        "{seq}"
    );
    assert!(
        seq.contains("<tr><td>Spring (1901 &#8211; 1920)</td><td>Movement, Retreats</td></tr>"),
        "{seq}"
    );
    assert!(!seq.contains("Weather") && !seq.contains("Notes"), "{seq}");
    let help = a.read_text("help.html").expect("help");
    assert!(!help.contains("New Game"), "{help}");
    assert!(help.contains("Start it from the File menu"), "{help}");
    assert!(
        help.contains("Charts (Alt+H): Terrain Effects, Sequence of Play, "),
        "{help}"
    );
    assert!(!help.contains("combat results") && !help.contains("schedules"));
    assert!(!help.contains("Step_Level") && !help.contains("(reduced)"));
}

/// Run `check --format json` on a broken copy: the diagnostics' (code, severity, file, line).
fn diagnostics(dir: &Path) -> Vec<(String, String, String, u64)> {
    let out = bin()
        .arg("check")
        .arg(dir)
        .arg("--format")
        .arg("json")
        .output()
        .expect("run");
    let diags: Vec<Value> = serde_json::from_slice(&out.stdout).expect("JSON");
    diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["severity"].as_str().unwrap_or("").to_string(),
                d["file"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

fn line_of(dir: &Path, file: &str, text: &str) -> u64 {
    let body = std::fs::read_to_string(dir.join(file)).expect("read");
    body.lines().position(|l| l.contains(text)).expect("line") as u64 + 1
}

#[test]
fn a_broken_control_marker_is_located() {
    if dir().is_none() {
        return;
    }
    // An unknown class, with a did-you-mean.
    let tmp = copy_game(GAME);
    let d = tmp.path();
    edit(
        d,
        "powers.toml",
        "\"austrian-centre\"",
        "\"austrian-centr\"",
    );
    let found = diagnostics(d);
    let line = line_of(d, "powers.toml", "austrian-centr\"");
    assert!(
        found.iter().any(|(c, s, f, l)| c == "unknown-reference"
            && s == "error"
            && f.ends_with("powers.toml")
            && *l == line),
        "{found:?}"
    );

    // Two sides sharing a class; the second is also of another side's nation.
    let tmp = copy_game(GAME);
    let d = tmp.path();
    edit(
        d,
        "powers.toml",
        "\"english-centre\"",
        "\"austrian-centre\"",
    );
    let found = diagnostics(d);
    assert!(
        found
            .iter()
            .any(|(c, s, _, _)| c == "shared-control-marker" && s == "error"),
        "{found:?}"
    );

    // A side owning centres with no marker while the others have one; an army as a marker;
    // a marker class with no counter in the mix.
    let tmp = copy_game(GAME);
    let d = tmp.path();
    edit(d, "powers.toml", "control-marker = \"french-centre\"\n", "");
    edit(d, "powers.toml", "\"italian-centre\"", "\"italian-army\"");
    edit(
        d,
        "units.toml",
        "class = \"german-centre\"",
        "class = \"german-army\"",
    );
    let found = diagnostics(d);
    let has = |code: &str, severity: &str, line: u64| {
        found.iter().any(|(c, s, f, l)| {
            c == code && s == severity && f.ends_with("powers.toml") && *l == line
        })
    };
    assert!(
        has(
            "missing-control-marker",
            "warning",
            line_of(d, "powers.toml", "id = \"france\"")
        ),
        "{found:?}"
    );
    assert!(
        has(
            "combat-marker",
            "warning",
            line_of(d, "powers.toml", "\"italian-army\"")
        ),
        "{found:?}"
    );
    assert!(
        has(
            "no-marker-counter",
            "error",
            line_of(d, "powers.toml", "\"german-centre\"")
        ),
        "{found:?}"
    );
}

/// Another side's marker class is warned of.
#[test]
fn a_marker_of_another_side_is_warned_of() {
    if dir().is_none() {
        return;
    }
    let tmp = copy_game(GAME);
    let d = tmp.path();
    // England and Austria swap markers: each is another side's.
    edit(d, "powers.toml", "\"english-centre\"", "\"swap\"");
    edit(
        d,
        "powers.toml",
        "\"austrian-centre\"",
        "\"english-centre\"",
    );
    edit(d, "powers.toml", "\"swap\"", "\"austrian-centre\"");
    let found = diagnostics(d);
    let warned: Vec<u64> = found
        .iter()
        .filter(|(c, s, _, _)| c == "marker-of-another-side" && s == "warning")
        .map(|(_, _, _, l)| *l)
        .collect();
    assert_eq!(warned.len(), 2, "{found:?}");
    assert!(!found.iter().any(|(_, s, _, _)| s == "error"), "{found:?}");
}

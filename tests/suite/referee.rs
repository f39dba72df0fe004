//! The referee's workflow of a game of written orders played through saves: `adjudicate
//! --views DIR` writes the referee's save and one save per reader, each holding only what
//! its reader may see. Two months of Guerilla Warfare II (`modules/guerilla-warfare-ii`)
//! with dispersals and a unit forming, from a save in which players have joined, written
//! Delayed notes (one revealed, one not) and a private note: every power's save is decoded
//! and searched for every other power's hidden parts, unrevealed notes, private notes and
//! roster entries (none found), and read back as that power's position; each report
//! matches its file. A reader's save is refused as the referee's. Ten phases of Diplomacy
//! carried through saves leave a save the size of a fresh one of the same position.

use std::path::{Path, PathBuf};

use sandtable::diplomacy::board::ProvinceBoard;
use sandtable::diplomacy::fractions::fraction_text;
use sandtable::helpers::savegame::counter_of;
use sandtable::model::Game;
use sandtable::vassal::archive::Archive;
use sandtable::vassal::encoder::encode_or_empty;
use sandtable::vassal::save::{CommandTree, SaveGame};

use crate::support::{example_dir, p, read_back, run};

const GUERILLA: &str = "modules/guerilla-warfare-ii";

/// The game and its module, built into `tmp`, and its first predefined setup.
fn module(dir: &Path, tmp: &Path, setup: &str) -> (Game, PathBuf, PathBuf) {
    let game = sandtable::check::check_dir(dir)
        .expect("loads")
        .game
        .expect("a clean game");
    let vmod = tmp.join("game.vmod");
    let (code, out, err) = run(&["build", p(dir), "-o", p(&vmod)]);
    assert_eq!(code, 0, "{out}{err}");
    let path = tmp.join(setup);
    let mut a = Archive::open(&vmod).expect("module");
    std::fs::write(&path, a.read(setup).expect("setup entry")).expect("write");
    (game, vmod, path)
}

/// A save with more commands before its `end_save`.
fn with_commands(save: &Path, commands: &[String], out: &Path) {
    let file = SaveGame::read(save).expect("a save");
    let CommandTree::Compound(mut children) = file.commands.clone() else {
        panic!("a save is a compound command");
    };
    let end = children
        .iter()
        .rposition(|c| matches!(c, CommandTree::Leaf(t) if t == "end_save"))
        .expect("end_save");
    children.splice(end..end, commands.iter().cloned().map(CommandTree::Leaf));
    let text = CommandTree::Compound(children).encode();
    let edited = SaveGame {
        plain_text: text.clone(),
        commands: CommandTree::decode(&text),
        ..file
    };
    let (bytes, _) = edited
        .edited_bytes(&Default::default(), Default::default())
        .expect("bytes");
    std::fs::write(out, bytes).expect("write");
}

/// A Delayed note as VASSAL's Notes window writes it (`SNOTE`: name, writer's password,
/// hidden, text with `|` between lines, date, writer's name).
fn delayed_note(name: &str, password: &str, hidden: bool, text: &str, player: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    format!(
        "SNOTE\t{}",
        encode_or_empty(
            &[
                name,
                password,
                if hidden { "true" } else { "false" },
                &encode_or_empty(&lines, '|'),
                "2026-11-29 06:00:00",
                player,
            ],
            '\t'
        )
    )
}

/// `adjudicate --save S --orders O --views DIR` (and more arguments): its text report.
fn views(dir: &Path, vmod: &Path, save: &Path, orders: &str, out: &Path, more: &[&str]) -> String {
    let o = out.with_extension("orders.txt");
    std::fs::write(&o, orders).expect("orders");
    let mut args = vec![
        "adjudicate",
        p(dir),
        "--save",
        p(save),
        "--module",
        p(vmod),
        "--orders",
        p(&o),
        "--views",
        p(out),
    ];
    args.extend(more);
    let (code, stdout, err) = run(&args);
    assert_eq!(code, 0, "{stdout}{err}");
    stdout
}

/// Every piece of a save that is a hidden part: (its power, its counter id).
fn parts_in(game: &Game, save: &Path) -> Vec<(String, String)> {
    let state = SaveGame::read(save).expect("a save").state();
    let mut out: Vec<(String, String)> = state
        .pieces
        .values()
        .filter_map(|piece| {
            let (c, _) = counter_of(game, piece).ok()?;
            sandtable::diplomacy::position::is_part(game, c).then(|| {
                let side = game.side_of(c).map(|s| game.sides[s].id.clone());
                (side.unwrap_or_default(), game.counters[c].id.clone())
            })
        })
        .collect();
    out.sort();
    out
}

/// What no one but `power` (and the referee) may find in a file: the counter ids and names
/// of its hidden parts' pieces.
fn secrets_of(game: &Game, power: &str) -> Vec<String> {
    let Some(rules) = &game.rules.fractions else {
        return Vec::new();
    };
    rules
        .pieces
        .iter()
        .filter(|p| game.sides[p.side].id == power)
        .flat_map(|p| {
            let c = &game.counters[p.counter];
            [c.id.clone(), c.name.clone()]
        })
        .collect()
}

/// The de-obfuscated command stream of a save: what any program reading the file finds.
fn plain(save: &Path) -> String {
    SaveGame::read(save).expect("a save").plain_text
}

/// Every reader's file of a --views directory: referee, public and each power (not the
/// neutrals, who read nothing).
fn readers(game: &Game) -> Vec<String> {
    ["referee", "public"]
        .into_iter()
        .map(str::to_string)
        .chain(
            game.sides
                .iter()
                .enumerate()
                .filter(|(i, _)| !game.is_neutral(*i))
                .map(|(_, s)| s.id.clone()),
        )
        .collect()
}

/// Nothing a reader may not see is in its save or its report: no other power's parts (as
/// pieces, counter ids or names), unrevealed note, private note or password; `secret`
/// lists (text, the power it belongs to) to search for besides the parts.
fn nothing_leaks(game: &Game, out: &Path, secret: &[(&str, &str)]) {
    for reader in readers(game) {
        let save = out.join(format!("{reader}.vsav"));
        let text = plain(&save);
        let report = std::fs::read_to_string(out.join(format!("{reader}.txt"))).expect("report");
        for power in game.sides.iter().map(|s| s.id.as_str()) {
            if reader == "referee" || reader == power {
                continue;
            }
            for needle in secrets_of(game, power) {
                assert!(
                    !text.contains(&needle),
                    "{reader}.vsav holds {power}'s `{needle}`"
                );
            }
            for (needle, whose) in secret {
                if *whose == power {
                    assert!(
                        !text.contains(needle),
                        "{reader}.vsav holds {power}'s secret `{needle}`"
                    );
                    assert!(
                        !report.contains(needle),
                        "{reader}.txt holds {power}'s secret `{needle}`"
                    );
                }
            }
        }
        for (power, counter) in parts_in(game, &save) {
            assert!(
                reader == "referee" || reader == power,
                "{reader}.vsav holds a piece of {power}'s part {counter}"
            );
        }
        if reader != "referee" && reader != "public" {
            assert!(
                !report.contains("Hidden parts of")
                    || report
                        .lines()
                        .filter(|l| l.contains("Hidden parts of"))
                        .all(|l| l.to_lowercase().contains(&reader)),
                "{reader}.txt names another power's parts:\n{report}"
            );
        }
    }
}

/// A power's parts in a position, as positions write them.
fn fractions_of(position: &sandtable::diplomacy::position::Position, power: &str) -> Vec<String> {
    let mut v: Vec<String> = position
        .fractions
        .iter()
        .filter(|f| f.power == power)
        .map(fraction_text)
        .collect();
    v.sort();
    v
}

/// `adjudicate` of a save's phase by an orders file, the next save written with `--apply`.
fn apply(
    dir: &Path,
    vmod: &Path,
    save: &Path,
    orders: &Path,
    next: &Path,
) -> (i32, String, String) {
    run(&[
        "adjudicate",
        p(dir),
        "--save",
        p(save),
        "--module",
        p(vmod),
        "--orders",
        p(orders),
        "--apply",
        "-o",
        p(next),
    ])
}

#[test]
fn each_power_receives_a_save_without_what_the_others_hide() {
    let Some(dir) = example_dir(GUERILLA) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (game, vmod, setup) = module(&dir, tmp.path(), "1914.vsav");
    let board = ProvinceBoard::first(&game).expect("a province board");
    // Three players joined (the roster keeps each one's password) and wrote: Austria a
    // Delayed note not revealed yet, France one revealed, England a private note.
    let joined = tmp.path().join("joined.vsav");
    with_commands(
        &setup,
        &[
            "PLAYER\tpw-austria-1\tAlice\tAustria".into(),
            "PLAYER\tpw-france-2\tBruno\tFrance".into(),
            "PLAYER\tpw-england-3\tEve\tEngland".into(),
            delayed_note(
                "July 1914 — Movement — Austria",
                "pw-austria-1",
                true,
                "Austria:\nA Vie disperses - 1/3 A Boh, 1/3 A Gal, 1/3 A Bud\nA Tyr - Ven",
                "Alice",
            ),
            delayed_note(
                "July 1914 — Movement — France",
                "pw-france-2",
                false,
                "France:\nA Par H",
                "Bruno",
            ),
            "PNOTE\tpw-england-3\tZanzibar plan".into(),
        ],
        &joined,
    );
    let secrets = [
        ("pw-austria-1", "austria"),
        ("A Vie disperses", "austria"),
        ("pw-england-3", "england"),
        ("Zanzibar", "england"),
        ("pw-france-2", "france"),
    ];

    // July 1914: Austria and England disperse.
    let july = tmp.path().join("august-1914");
    let report = views(
        &dir,
        &vmod,
        &joined,
        "Austria:\nA Vie disperses - 1/3 A Boh, 1/3 A Gal, 1/3 A Bud\nA Tyr - Ven\n\
         England:\nA Lpl disperses - 1/3 A Wal, 1/3 A Yor, 1/3 A Cly\nF Lon - Ang\n\
         France:\nA Par H\nRussia:\nA Arc - Lap\nGermany:\nItaly:\nTurkey:\n",
        &july,
        &[],
    );
    assert!(report.contains("france.vsav"), "{report}");
    nothing_leaks(&game, &july, &secrets);
    let referee = read_back(&board, &july.join("referee.vsav"));
    assert_eq!(
        fractions_of(&referee, "austria"),
        ["1/3 A boh", "1/3 A bud", "1/3 A gal"]
    );
    assert_eq!(fractions_of(&referee, "england").len(), 3);
    for reader in readers(&game) {
        let seen = read_back(&board, &july.join(format!("{reader}.vsav")));
        // Every reader sees the same units; the parts are the reader's own.
        assert_eq!(seen.units, referee.units, "{reader}");
        assert_eq!(seen.turn, referee.turn, "{reader}");
        for power in ["austria", "england"] {
            let own = reader == "referee" || reader == power;
            assert_eq!(
                fractions_of(&seen, power).len(),
                if own { 3 } else { 0 },
                "{reader} sees {power}'s parts"
            );
        }
    }
    // France's revealed note is everyone's; each power keeps its own roster entry.
    for reader in readers(&game) {
        let text = plain(&july.join(format!("{reader}.vsav")));
        assert!(text.contains("A Par H"), "{reader}");
    }
    assert!(plain(&july.join("austria.vsav")).contains("A Vie disperses"));
    assert!(plain(&july.join("austria.vsav")).contains("pw-austria-1"));
    assert!(plain(&july.join("england.vsav")).contains("Zanzibar"));
    // Each report counts what its file holds.
    let france = std::fs::read_to_string(july.join("france.txt")).expect("report");
    assert!(
        france.contains("france.vsav: 2 pieces moved, 2 removed, 0 added"),
        "{france}"
    );
    assert!(france.contains("left out, not france's to see: 6 hidden pieces, 1 unrevealed note, 1 private note, 2 roster entries, the writer of 0 revealed notes"), "{france}");
    let austria = std::fs::read_to_string(july.join("austria.txt")).expect("report");
    assert!(
        austria.contains("austria.vsav: 2 pieces moved, 2 removed, 3 added"),
        "{austria}"
    );
    assert!(austria.contains("1/3 A Boh"), "{austria}");
    let public = std::fs::read_to_string(july.join("public.txt")).expect("report");
    assert!(!public.contains("1/3"), "{public}");
    assert!(
        public.contains("public.vsav: 2 pieces moved, 2 removed, 0 added"),
        "{public}"
    );

    // `--for france --apply -o` writes France's save, and says what it holds.
    let fr = tmp.path().join("s1-fr.vsav");
    let o = july.with_extension("orders.txt");
    let (code, out, err) = run(&[
        "adjudicate",
        p(&dir),
        "--save",
        p(&joined),
        "--module",
        p(&vmod),
        "--orders",
        p(&o),
        "--for",
        "france",
        "--apply",
        "-o",
        p(&fr),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("0 added"), "{out}");
    assert_eq!(parts_in(&game, &fr), Vec::<(String, String)>::new());
    assert_eq!(
        std::fs::read(&fr).expect("save"),
        std::fs::read(july.join("france.vsav")).expect("save"),
        "the same save either way"
    );

    // August 1914: Austria's thirds form a unit in Galicia, an English third moves.
    let august = tmp.path().join("september-1914");
    views(
        &dir,
        &vmod,
        &july.join("referee.vsav"),
        "Austria:\nA Gal forms from 1/3 A Boh, 1/3 A Bud, 1/3 A Gal\n\
         England:\n1/3 A Wal - Lon\nFrance:\nGermany:\nItaly:\nRussia:\nTurkey:\n",
        &august,
        &[],
    );
    nothing_leaks(&game, &august, &secrets);
    let referee = read_back(&board, &august.join("referee.vsav"));
    assert!(
        referee
            .units
            .iter()
            .any(|u| u.power == "austria" && u.location == "gal"),
        "{:?}",
        referee.units
    );
    assert!(fractions_of(&referee, "austria").is_empty());
    assert!(fractions_of(&referee, "england").contains(&"1/3 A lon".to_string()));
    let france = read_back(&board, &august.join("france.vsav"));
    assert_eq!(france.units, referee.units);
    assert!(france.fractions.is_empty());
    assert_eq!(
        fractions_of(&read_back(&board, &august.join("england.vsav")), "england"),
        fractions_of(&referee, "england")
    );
}

#[test]
fn a_readers_save_is_not_adjudicated_as_the_referees() {
    let Some(dir) = example_dir(GUERILLA) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (_, vmod, setup) = module(&dir, tmp.path(), "1914.vsav");
    let out = tmp.path().join("views");
    let orders = "Austria:\nA Vie disperses - 1/3 A Boh, 1/3 A Gal, 1/3 A Bud\n\
                  England:\nFrance:\nGermany:\nItaly:\nRussia:\nTurkey:\n";
    views(&dir, &vmod, &setup, orders, &out, &[]);
    let o = out.with_extension("orders.txt");
    let next = tmp.path().join("next");
    for reader in ["france", "public"] {
        let (code, stdout, err) = run(&[
            "adjudicate",
            p(&dir),
            "--save",
            p(&out.join(format!("{reader}.vsav"))),
            "--module",
            p(&vmod),
            "--orders",
            p(&o),
            "--views",
            p(&next),
        ]);
        assert_eq!(code, 1, "{stdout}{err}");
        assert!(
            err.contains(&format!("this save was made for {reader}"))
                && err.contains("nothing adjudicated"),
            "{err}"
        );
        assert!(stdout.is_empty(), "{stdout}");
        assert!(!next.exists(), "nothing written");
    }
}

#[test]
fn a_save_carried_through_ten_phases_is_the_size_of_a_fresh_one() {
    let Some(dir) = example_dir("modules/diplomacy") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (game, vmod, setup) = module(&dir, tmp.path(), "1901.vsav");
    let board = ProvinceBoard::first(&game).expect("a province board");
    let start = read_back(&board, &setup);
    // Every spring most units step out of their home centres; every autumn they step back,
    // so no centre changes hands and every other year's position is the first one.
    let moves = [
        ("England", "F Lon", "Eng"),
        ("England", "F Edi", "Nth"),
        ("England", "A Lvp", "Yor"),
        ("France", "F Bre", "Mao"),
        ("France", "A Par", "Pic"),
        ("France", "A Mar", "Gas"),
        ("Germany", "F Kie", "Hel"),
        ("Germany", "A Ber", "Pru"),
        ("Germany", "A Mun", "Ruh"),
        ("Italy", "F Nap", "Ion"),
        ("Italy", "A Rom", "Apu"),
        ("Italy", "A Ven", "Pie"),
        ("Austria", "F Tri", "Adr"),
        ("Austria", "A Vie", "Gal"),
        ("Russia", "F Sev", "Bla"),
        ("Russia", "A War", "Ukr"),
        ("Russia", "F Stp/sc", "Bot"),
        ("Turkey", "A Smy", "Syr"),
    ];
    let mut save = setup.clone();
    let mut out_year = true;
    for i in 0..10 {
        let orders: String = moves
            .iter()
            .map(|(power, unit, to)| {
                let (kind, home) = unit.split_once(' ').expect("a unit");
                if out_year {
                    format!("{power}: {unit} - {to}\n")
                } else {
                    format!("{power}: {kind} {to} - {home}\n")
                }
            })
            .collect();
        out_year = !out_year;
        let o = tmp.path().join(format!("{i}.txt"));
        std::fs::write(&o, orders).expect("orders");
        let next = tmp.path().join(format!("{i}.vsav"));
        let (code, stdout, err) = apply(&dir, &vmod, &save, &o, &next);
        assert_eq!(code, 0, "phase {i}: {stdout}{err}");
        assert!(!stdout.contains("fails"), "phase {i}: {stdout}");
        save = next;
    }
    let end = read_back(&board, &save);
    assert_eq!(end.units, start.units, "every unit at home again");
    assert_eq!(end.owners, start.owners);
    assert!(
        end.turn >= 10,
        "ten movement phases later: turn {}",
        end.turn
    );
    let size = |f: &Path| std::fs::metadata(f).expect("size").len() as f64;
    let (fresh, carried) = (size(&setup), size(&save));
    assert!(
        (carried - fresh).abs() <= fresh * 0.03,
        "the save after ten phases is {carried} bytes, the fresh one {fresh}"
    );
}

#[test]
fn a_retreat_phase_survives_the_save_written_again_in_vassal() {
    let Some(dir) = example_dir("modules/diplomacy") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (game, vmod, setup) = module(&dir, tmp.path(), "1901.vsav");
    let board = ProvinceBoard::first(&game).expect("a province board");
    // The module defines the property the retreat situation is kept in.
    let mut a = Archive::open(&vmod).expect("module");
    let buildfile = a.read_text("buildFile.xml").expect("buildFile");
    assert!(
        buildfile.contains("name=\"RetreatSituation\""),
        "no RetreatSituation property"
    );
    let mut save = setup.clone();
    for (i, orders) in [
        "Germany: A Mun - Bur\n",
        "France: A Par - Bur\nFrance: A Mar S A Par - Bur\n",
    ]
    .iter()
    .enumerate()
    {
        let o = tmp.path().join(format!("{i}.txt"));
        std::fs::write(&o, orders).expect("orders");
        let next = tmp.path().join(format!("{i}.vsav"));
        let (code, out, err) = apply(&dir, &vmod, &save, &o, &next);
        assert_eq!(code, 0, "{out}{err}");
        save = next;
    }
    let retreats = read_back(&board, &save);
    assert_eq!(retreats.dislodged.len(), 1, "{:?}", retreats.dislodged);
    assert_eq!(retreats.dislodged[0].from, "par");
    // VASSAL saving the game again writes what its components know: every command but
    // the ones it ignores (which it drops). The retreat situation is still there.
    let file = SaveGame::read(&save).expect("a save");
    let mut state = file.state();
    state
        .unknown_commands
        .retain(|c| !c.starts_with("sandtable-"));
    let text = state.fresh_saved_game_text().expect("no decks");
    let again = SaveGame {
        plain_text: text.clone(),
        commands: CommandTree::decode(&text),
        ..file
    };
    let (bytes, _) = again
        .edited_bytes(&Default::default(), Default::default())
        .expect("bytes");
    let resaved = tmp.path().join("resaved.vsav");
    std::fs::write(&resaved, bytes).expect("write");
    assert_eq!(read_back(&board, &resaved).dislodged, retreats.dislodged);
    // The retreats adjudicated: the record is emptied, not left behind.
    let o = tmp.path().join("retreat.txt");
    std::fs::write(&o, "Germany: A Bur - Ruh\n").expect("orders");
    let after = tmp.path().join("after.vsav");
    let (code, out, err) = apply(&dir, &vmod, &resaved, &o, &after);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("A Bur - Ruh"), "{out}");
    assert!(read_back(&board, &after).dislodged.is_empty());
}

#[test]
fn with_views_a_missing_power_or_a_line_not_an_order_adjudicates_and_writes_nothing() {
    let Some(dir) = example_dir(GUERILLA) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (_, vmod, setup) = module(&dir, tmp.path(), "1914.vsav");
    let out = tmp.path().join("views");
    let call = |orders: &str| {
        let o = tmp.path().join("orders.txt");
        std::fs::write(&o, orders).expect("orders");
        run(&[
            "adjudicate",
            p(&dir),
            "--save",
            p(&setup),
            "--module",
            p(&vmod),
            "--orders",
            p(&o),
            "--views",
            p(&out),
        ])
    };
    // Only Austria's orders: the six other powers are missing.
    let (code, stdout, err) = call("Austria:\nA Vie - Gal\n");
    assert_eq!(code, 1, "{stdout}{err}");
    assert!(
        err.contains("no orders from England, France, Germany, Italy, Russia, Turkey in")
            && err.contains("nothing adjudicated, nothing written"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
    // Every power heard, one line not an order: located, nothing written.
    let everyone = "England:\nFrance:\nGermany:\nItaly:\nRussia:\nTurkey:\n";
    let (code, stdout, err) = call(&format!("Austria:\nA Vie hops to Gal\n{everyone}"));
    assert_eq!(code, 1, "{stdout}{err}");
    assert!(err.contains("orders.txt:2:"), "{err}");
    assert!(!out.exists(), "nothing written");
    // A heading alone is a power's orders: its units hold.
    let (code, stdout, err) = call(&format!("Austria:\nA Vie - Gal\n{everyone}"));
    assert_eq!(code, 0, "{stdout}{err}");
    assert!(out.join("referee.vsav").is_file());
}

/// Orders read from the players' own saves: each power's Delayed note of the phase, the
/// last one counting, gives the same adjudication as an orders file; a note written by
/// another power's player, a save of another phase or of another game is refused, with
/// nothing adjudicated and nothing written.
#[test]
fn orders_are_read_from_the_players_saves_and_a_wrong_file_is_refused() {
    let Some(dir) = example_dir(GUERILLA) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (game, vmod, setup) = module(&dir, tmp.path(), "1914.vsav");
    let powers = [
        ("austria", "Austria", "A Vie - Gal"),
        ("england", "England", "F Lon - Nth"),
        ("france", "France", "A Par - Bur"),
        ("germany", "Germany", "A Ber - Kie"),
        ("italy", "Italy", "A Rom - Apu"),
        ("russia", "Russia", "A Mos - Ukr"),
        ("turkey", "Turkey", "A Con - Bul"),
    ];
    let mut commands: Vec<String> = powers
        .iter()
        .map(|(id, name, _)| format!("PLAYER\tpw-{id}\tplayer of {name}\t{name}"))
        .collect();
    for (id, name, order) in &powers {
        commands.push(delayed_note(
            &format!("July 1914 — Movement — {name}"),
            &format!("pw-{id}"),
            false,
            &format!("{name}:\n{order}"),
            name,
        ));
    }
    // Austria changes its mind: the later note counts.
    commands.push(delayed_note(
        "July 1914 — Movement — Austria (2)",
        "pw-austria",
        false,
        "Austria:\nA Vie - Boh",
        "Austria",
    ));
    // A note of an earlier phase is not this phase's.
    commands.push(delayed_note(
        "June 1914 — Movement — Italy",
        "pw-italy",
        false,
        "Italy:\nA Rom - Tus",
        "Italy",
    ));
    let players = tmp.path().join("players.vsav");
    with_commands(&setup, &commands, &players);

    let adjudicate = |orders: &Path, out: &Path| {
        run(&[
            "adjudicate",
            p(&dir),
            "--save",
            p(&players),
            "--module",
            p(&vmod),
            "--orders",
            p(orders),
            "--views",
            p(out),
        ])
    };
    let from_notes = tmp.path().join("from-notes");
    let (code, stdout, err) = adjudicate(&players, &from_notes);
    assert_eq!(code, 0, "{stdout}{err}");
    let written: String = powers
        .iter()
        .map(|(_, name, order)| {
            let order = if *name == "Austria" {
                "A Vie - Boh"
            } else {
                order
            };
            format!("{name}:\n{order}\n")
        })
        .collect();
    let text = tmp.path().join("orders.txt");
    std::fs::write(&text, written).expect("orders");
    let from_text = tmp.path().join("from-text");
    let (code, stdout, err) = adjudicate(&text, &from_text);
    assert_eq!(code, 0, "{stdout}{err}");
    assert_eq!(
        std::fs::read(from_notes.join("referee.vsav")).expect("save"),
        std::fs::read(from_text.join("referee.vsav")).expect("save"),
        "the notes are the orders"
    );
    let board = ProvinceBoard::first(&game).expect("a province board");
    let next = read_back(&board, &from_notes.join("referee.vsav"));
    assert!(
        next.units
            .iter()
            .any(|u| u.power == "austria" && u.location == "boh"),
        "Austria's second note counts: {:?}",
        next.units
    );

    // France's note written by the player of Germany.
    let forged = tmp.path().join("forged.vsav");
    let mut bad = commands.clone();
    bad.push(delayed_note(
        "July 1914 — Movement — France (2)",
        "pw-germany",
        false,
        "France:\nA Par - Pic",
        "Germany",
    ));
    with_commands(&setup, &bad, &forged);
    let out = tmp.path().join("forged-views");
    let (code, _, err) = adjudicate(&forged, &out);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("gives France's orders but was written by the player of Germany"),
        "{err}"
    );
    assert!(err.contains("nothing adjudicated"), "{err}");
    assert!(!out.exists(), "nothing written");

    // A save of the next phase.
    let later = tmp.path().join("later.vsav");
    let july = game
        .turns
        .iter()
        .position(|t| t.name.starts_with("July"))
        .expect("July");
    let mut moved = commands.clone();
    let phase = (0..game.phases.len())
        .find(|&ph| ph != 0 && game.turns[july].phases.contains(&ph))
        .unwrap_or(1);
    moved.push(sandtable::diplomacy::save::tracker_command(
        &game, july, phase,
    ));
    with_commands(&setup, &moved, &later);
    let out = tmp.path().join("later-views");
    let (code, _, err) = adjudicate(&later, &out);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("error[wrong-phase]"), "{err}");
    assert!(
        err.contains("not July 1914 — Movement, the phase adjudicated"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");

    // A save of another game.
    let Some(standard) = example_dir("modules/diplomacy") else {
        return;
    };
    let other = tempfile::tempdir().expect("tmp");
    let (_, _, other_setup) = module(&standard, other.path(), "1901.vsav");
    let out = tmp.path().join("other-views");
    let (code, _, err) = adjudicate(&other_setup, &out);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("error[wrong-game]"), "{err}");
    assert!(!out.exists(), "nothing written");
}

/// `referee …` in a game folder: its exit code, stdout and stderr.
fn referee(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["referee"];
    all.extend(args);
    run(&all)
}

/// `referee start` of `game` from the save `setup` played with `vmod`, into `folder` (with
/// `more` arguments): its text report.
fn start(game: &Path, setup: &Path, vmod: &Path, folder: &Path, more: &[&str]) -> String {
    let mut args = vec!["start", p(game), "--save", p(setup), "--module", p(vmod)];
    args.extend(more);
    args.extend(["-o", p(folder)]);
    let (code, out, err) = referee(&args);
    assert_eq!(code, 0, "{out}{err}");
    out
}

/// `referee status FOLDER --format json`.
fn status(folder: &Path) -> serde_json::Value {
    let (code, out, err) = referee(&["status", p(folder), "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    serde_json::from_str(&out).expect("json")
}

/// A player's file as they send it: the save the referee sent their power, in which they
/// joined as that power and wrote the phase's orders as a Delayed note (not revealed).
fn players_file(sent: &Path, power: &str, name: &str, phase: &str, orders: &str, out: &Path) {
    with_commands(
        sent,
        &[
            format!("PLAYER\tpw-{power}\tplayer of {name}\t{name}"),
            delayed_note(
                &format!("{phase} — {name}"),
                &format!("pw-{power}"),
                true,
                &format!("{name}:\n{orders}"),
                name,
            ),
        ],
        out,
    );
}

/// The players of `orders` (power, orders) each write them in the save the referee sent
/// their power for `phase` (`tag` names their files), and `referee receive` takes the files
/// (with `more` arguments): its text report.
#[allow(clippy::too_many_arguments)]
fn send_orders(
    game: &Game,
    folder: &Path,
    tmp: &Path,
    tag: &str,
    phase: &str,
    orders: &[(&str, &str)],
    more: &[&str],
) -> String {
    let standing = status(folder);
    let here = folder.join(standing["status"]["folder"].as_str().expect("folder"));
    let files: Vec<PathBuf> = orders
        .iter()
        .map(|(power, text)| {
            let name = &game
                .sides
                .iter()
                .find(|s| s.id == *power)
                .expect("power")
                .name;
            let file = tmp.join(format!("{tag}-{power}.vsav"));
            players_file(
                &here.join(format!("{power}.vsav")),
                power,
                name,
                phase,
                text,
                &file,
            );
            file
        })
        .collect();
    if files.is_empty() {
        return String::new();
    }
    let mut args = vec!["receive", p(folder)];
    args.extend(files.iter().map(|f| p(f)));
    args.extend(more);
    let (code, out, err) = referee(&args);
    assert_eq!(code, 0, "{phase}: {out}{err}");
    out
}

/// A year of Guerilla Warfare II refereed from a game folder, July 1914 to June 1915, each
/// phase from the seven players' own saves (from January every power holds): every power writes its orders as a Delayed note
/// in the save the referee sent it, `referee receive` takes the seven files, `referee run`
/// adjudicates and writes every reader's save and report into the next phase's folder.
/// Dispersals, parts moving and boarding a fleet and going ashore, a unit forming, builds,
/// a dislodgement, its retreat and a disband. Every save is decoded and searched for every
/// other power's parts and part orders (none found), read back as its reader's position.
#[test]
fn a_year_of_guerilla_warfare_is_refereed_from_the_players_saves() {
    let Some(dir) = example_dir(GUERILLA) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (game, vmod, setup) = module(&dir, tmp.path(), "1914.vsav");
    let board = ProvinceBoard::first(&game).expect("a province board");
    let folder = tmp.path().join("game");
    let out = start(
        &dir,
        &setup,
        &vmod,
        &folder,
        &["--deadline", "2026-12-01T18:00:00Z"],
    );
    assert!(out.contains("July 1914 — Movement"), "{out}");
    // Each phase's orders by power (a heading alone: every unit holds); the orders to parts
    // are their power's secret.
    let hold = "";
    let year: &[(&str, &[(&str, &str)])] = &[
        (
            "July 1914 — Movement",
            &[
                (
                    "austria",
                    "A Vie disperses - 1/3 A Boh, 1/3 A Gal, 1/3 A Bud\nA Pec - Ser",
                ),
                (
                    "england",
                    "A Lpl disperses - 1/3 A Wal, 1/3 A Yor, 1/3 A Cly\nF Edi - Nth\nF Lon - Ang",
                ),
                ("france", "A Par - Pic"),
                ("germany", "F Kie - Den"),
                ("italy", hold),
                ("russia", "A Arc - Lap"),
                ("turkey", "A Con - Bul"),
            ],
        ),
        (
            "August 1914 — Movement",
            &[
                (
                    "austria",
                    "A Gal forms from 1/3 A Boh, 1/3 A Bud, 1/3 A Gal",
                ),
                ("england", "1/3 A Wal - Lon\n1/3 A Yor - Nth\nF Ang - Bel"),
                ("france", hold),
                ("germany", hold),
                ("italy", hold),
                ("russia", "A Lap - Swe"),
                ("turkey", hold),
            ],
        ),
        (
            "September 1914 — Adjustments",
            &[
                ("austria", "Build A Vie"),
                ("england", "Build F Edi"),
                ("germany", "Build F Kie"),
                ("russia", "Build A Arc"),
                ("turkey", "Build A Con"),
            ],
        ),
        (
            "October 1914 — Movement",
            &[
                ("austria", "A Gal - Sil\nA Vie - Gal"),
                ("england", "1/3 A Nth - Nwy"),
                ("france", hold),
                ("germany", hold),
                ("italy", hold),
                ("russia", hold),
                ("turkey", hold),
            ],
        ),
        (
            "November 1914 — Movement",
            &[
                ("austria", "A Gal - War\nA Sil S A Gal - War"),
                ("england", hold),
                ("france", hold),
                ("germany", hold),
                ("italy", hold),
                ("russia", hold),
                ("turkey", hold),
            ],
        ),
        ("November 1914 — Retreats", &[("russia", "A War - Ukr")]),
        (
            "December 1914 — Adjustments",
            &[("austria", "Build A Vie"), ("russia", "Disband A Ukr")],
        ),
    ];
    let secrets = [
        ("A Vie disperses", "austria"),
        ("forms from", "austria"),
        ("A Lpl disperses", "england"),
        ("1/3 A Yor - Nth", "england"),
        ("1/3 A Nth - Nwy", "england"),
        ("pw-austria", "austria"),
        ("pw-england", "england"),
    ];
    for (i, (phase, orders)) in year.iter().enumerate() {
        assert_eq!(status(&folder)["status"]["phase"], *phase);
        let out = send_orders(
            &game,
            &folder,
            tmp.path(),
            &format!("{i:02}"),
            phase,
            orders,
            &["--at", "2026-11-30T10:00:00Z"],
        );
        assert!(out.contains("missing: none"), "{phase}: {out}");
        let (code, out, err) = referee(&["run", p(&folder), "--at", "2026-11-30T12:00:00Z"]);
        assert_eq!(code, 0, "{phase}: {out}{err}");
        let standing = status(&folder);
        let next = folder.join(standing["status"]["folder"].as_str().expect("folder"));
        nothing_leaks(&game, &next, &secrets);
        let referee_sees = read_back(&board, &next.join("referee.vsav"));
        for reader in readers(&game) {
            let seen = read_back(&board, &next.join(format!("{reader}.vsav")));
            assert_eq!(seen.units, referee_sees.units, "{phase}: {reader}");
            assert_eq!(seen.phase, referee_sees.phase, "{phase}: {reader}");
            for power in game.sides.iter().map(|s| s.id.as_str()) {
                let own = reader == "referee" || reader == power;
                assert_eq!(
                    fractions_of(&seen, power),
                    if own {
                        fractions_of(&referee_sees, power)
                    } else {
                        Vec::new()
                    },
                    "{phase}: {reader} sees {power}'s parts"
                );
            }
        }
        let at = |power: &str, place: &str| {
            referee_sees
                .units
                .iter()
                .any(|u| u.power == power && u.location == place)
        };
        match i {
            0 => {
                assert_eq!(fractions_of(&referee_sees, "austria").len(), 3);
                assert_eq!(fractions_of(&referee_sees, "england").len(), 3);
                assert!(at("austria", "ser") && at("germany", "den"));
            }
            1 => {
                assert!(at("austria", "gal"), "a unit formed in Galicia");
                assert!(fractions_of(&referee_sees, "austria").is_empty());
                assert!(
                    fractions_of(&referee_sees, "england").contains(&"1/3 A nth".to_string()),
                    "a third aboard the North Sea fleet: {:?}",
                    referee_sees.fractions
                );
            }
            2 => {
                for (power, place) in [
                    ("austria", "vie"),
                    ("england", "edi"),
                    ("germany", "kie"),
                    ("russia", "arc"),
                    ("turkey", "con"),
                ] {
                    assert!(at(power, place), "{power} built in {place}");
                }
            }
            3 => assert!(
                fractions_of(&referee_sees, "england").contains(&"1/3 A nwy".to_string()),
                "the third went ashore in Norway: {:?}",
                referee_sees.fractions
            ),
            4 => {
                assert!(at("austria", "war"));
                assert_eq!(referee_sees.dislodged.len(), 1, "Russia's Warsaw army");
            }
            5 => assert!(at("russia", "ukr")),
            6 => assert!(!at("russia", "ukr"), "Russia disbanded in the Ukraine"),
            _ => {}
        }
    }
    assert_eq!(
        status(&folder)["status"]["phase"],
        "January 1915 — Movement"
    );
    // January to June 1915: every power whose orders the phase needs holds (a note with its
    // heading alone); the adjustments come as the rules make them.
    let mut more = 0;
    loop {
        let standing = status(&folder);
        let phase = standing["status"]["phase"]
            .as_str()
            .expect("phase")
            .to_string();
        if phase.starts_with("July 1915") {
            break;
        }
        more += 1;
        assert!(more < 12, "the year does not end: {phase}");
        let missing: Vec<(&str, &str)> = standing["status"]["missing"]
            .as_array()
            .expect("missing")
            .iter()
            .map(|power| (power.as_str().expect("power"), ""))
            .collect();
        send_orders(
            &game,
            &folder,
            tmp.path(),
            &format!("1915-{more:02}"),
            &phase,
            &missing,
            &[],
        );
        let (code, out, err) = referee(&["run", p(&folder)]);
        assert_eq!(code, 0, "{phase}: {out}{err}");
        let next = folder.join(
            status(&folder)["status"]["folder"]
                .as_str()
                .expect("folder"),
        );
        nothing_leaks(&game, &next, &secrets);
    }
    // The folder keeps the year: every phase adjudicated, with its reports and saves.
    let standing = status(&folder);
    let history = standing["history"].as_array().expect("history");
    assert_eq!(history.len(), year.len() + more);
    // March's and June's adjustments are passed over: no power had anything to adjust.
    let last = history.last().expect("a phase");
    assert_eq!(last["phase"], "May 1915 — Movement", "{standing}");
    assert_eq!(last["next"], "12-july-1915-movement", "{standing}");
}

/// A game folder refuses, with nothing kept, a file of another power's orders, a note that
/// is not an order, a save of another phase or game and a save without orders; it will
/// not run a phase while a power's orders are missing before the deadline; orders after
/// the deadline are marked late and left out (the power holds) unless the referee takes
/// them.
#[test]
fn a_wrong_file_is_refused_and_late_or_missing_orders_are_reported() {
    let Some(dir) = example_dir(GUERILLA) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (game, vmod, setup) = module(&dir, tmp.path(), "1914.vsav");
    let folder = tmp.path().join("game");
    start(
        &dir,
        &setup,
        &vmod,
        &folder,
        &["--deadline", "2026-12-01T18:00:00Z"],
    );
    // A second start into the same folder is refused.
    let (code, _, err) = referee(&["start", p(&dir), "--save", p(&setup), "-o", p(&folder)]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("already exists"), "{err}");
    let here = folder.join("01-july-1914-movement");
    let state = || std::fs::read(folder.join("referee.toml")).expect("state");
    let kept = || {
        walkdir::WalkDir::new(&folder)
            .into_iter()
            .filter_map(Result::ok)
            .map(|e| e.path().display().to_string())
            .collect::<Vec<_>>()
    };
    let before = (state(), kept());
    let phase = "July 1914 — Movement";
    let file = |power: &str, name: &str, orders: &str| {
        let out = tmp.path().join(format!("{power}-{}.vsav", orders.len()));
        players_file(
            &here.join(format!("{power}.vsav")),
            power,
            name,
            phase,
            orders,
            &out,
        );
        out
    };
    let receive = |f: &Path, more: &[&str]| {
        let mut args = vec!["receive", p(&folder), p(f)];
        args.extend(more);
        referee(&args)
    };

    // France sends Germany's orders.
    let germans = file("germany", "Germany", "F Kie - Den");
    let (code, _, err) = receive(&germans, &["--from", "france"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("gives the orders of germany but was sent by france"),
        "{err}"
    );
    // A line that is not an order.
    let nonsense = file("france", "France", "A Par marches gloriously on");
    let (code, _, err) = receive(&nonsense, &["--from", "france"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("nothing received"), "{err}");
    // A save with no orders of the phase.
    let (code, _, err) = receive(&here.join("france.vsav"), &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("holds no orders for July 1914 — Movement"),
        "{err}"
    );
    // A save of another phase.
    let later = tmp.path().join("later.vsav");
    let august = game
        .turns
        .iter()
        .position(|t| t.name.starts_with("August"))
        .expect("August");
    with_commands(
        &germans,
        &[sandtable::diplomacy::save::tracker_command(
            &game, august, 0,
        )],
        &later,
    );
    let (code, _, err) = receive(&later, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("error[wrong-phase]"), "{err}");
    // A save of another game.
    if let Some(standard) = example_dir("modules/diplomacy") {
        let other = tempfile::tempdir().expect("tmp");
        let (_, _, other_setup) = module(&standard, other.path(), "1901.vsav");
        let (code, _, err) = receive(&other_setup, &[]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("error[wrong-game]"), "{err}");
    }
    assert!(
        before == (state(), kept()),
        "a refused file leaves the folder as it was"
    );

    // Six powers on time; Turkey is missing: the phase waits for it until the deadline.
    let on_time = "2026-11-30T10:00:00Z";
    for (power, name, orders) in [
        ("austria", "Austria", "A Vie - Gal"),
        ("england", "England", "F Lon - Nth"),
        ("france", "France", "A Par - Bur"),
        ("germany", "Germany", "A Ber - Kie"),
        ("italy", "Italy", "A Rom - Apu"),
        ("russia", "Russia", "A Mos - Ukr"),
    ] {
        let (code, out, err) = receive(&file(power, name, orders), &["--at", on_time]);
        assert_eq!(code, 0, "{out}{err}");
    }
    let (code, out, err) = referee(&["run", p(&folder), "--at", "2026-12-01T12:00:00Z"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("waiting for orders from Turkey"), "{err}");
    assert!(!folder.join("02-july-1914-retreats").exists());
    assert!(
        !folder.join("02-august-1914-movement").exists(),
        "nothing written"
    );
    // Turkey's orders come after the deadline: late, and not taken by default.
    let (code, out, err) = receive(
        &file("turkey", "Turkey", "A Con - Bul"),
        &["--at", "2026-12-02T09:00:00Z", "--from", "turkey"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("late, after the deadline"), "{out}");
    let standing = status(&folder);
    assert_eq!(standing["status"]["late"], serde_json::json!(["turkey"]));
    assert_eq!(standing["status"]["missing"], serde_json::json!([]));
    let (code, out, err) = referee(&["run", p(&folder), "--at", "2026-12-02T10:00:00Z"]);
    assert_eq!(code, 0, "{out}{err}");
    let next = folder.join("02-august-1914-movement");
    let public = std::fs::read_to_string(next.join("public.txt")).expect("report");
    assert!(
        public.contains("No orders from Turkey: its units held."),
        "{public}"
    );
    assert!(
        public.contains("Orders from Turkey came after the deadline and were not taken."),
        "{public}"
    );
    let board = ProvinceBoard::first(&game).expect("board");
    let after = read_back(&board, &next.join("referee.vsav"));
    assert!(after
        .units
        .iter()
        .any(|u| u.power == "turkey" && u.location == "con"));
    assert!(after
        .units
        .iter()
        .any(|u| u.power == "austria" && u.location == "gal"));
    let standing = status(&folder);
    assert_eq!(
        standing["history"][0]["late_left_out"],
        serde_json::json!(["turkey"])
    );
    assert_eq!(
        standing["history"][0]["missing"],
        serde_json::json!(["turkey"])
    );
}

/// A year of The Great Patriotic War (qh07), Spring 1939 to Winter 1939, refereed from a
/// game folder with the players' own saves: each power's multi-factor orders and winter
/// orders written as a Delayed note, not revealed, in the save the referee sent it. No
/// power's save or report holds another power's note or password (nor does the referee's
/// save: the players' notes stay in the folder's `orders/`); every reader's save reads back
/// as the referee's position.
#[test]
fn a_year_of_the_great_patriotic_war_is_refereed_from_the_players_saves() {
    let Some(dir) = example_dir("modules/great-patriotic-war-qh07") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (game, vmod, setup) = module(&dir, tmp.path(), "1939.vsav");
    let board = ProvinceBoard::first(&game).expect("a province board");
    let folder = tmp.path().join("game");
    start(&dir, &setup, &vmod, &folder, &[]);
    let year: &[(&str, &[(&str, &str)])] = &[
        (
            "Spring 1939 — Combat and movement",
            &[
                (
                    "germany",
                    "A5 Mun a Boh\nA3 Ber aM Pru\nA1 Kie M Den\nF2 Kie a Den\nF1 Ber H",
                ),
                (
                    "soviet-union",
                    "A2 War a Gal\nA3 Mos M Ukr\nF1 StP/sc M Bot",
                ),
                ("england", "F2 Lon aM Nth\nA1 Lvp H"),
                ("italy", "A2 Ven a Tyr\nA1 Rom S A Ven a Tyr"),
                ("france", ""),
            ],
        ),
        (
            "Autumn 1939 — Combat and movement",
            &[
                ("germany", "A5 Mun M Boh\nA3 Pru a War"),
                ("soviet-union", "A2 War H NR\nA3 Ukr a Gal"),
                ("england", "F2 Nth aM Nwy"),
                ("italy", ""),
                ("france", ""),
            ],
        ),
        (
            "Winter 1939 — Winter",
            &[
                (
                    "germany",
                    "supply A5 Boh\nsupply A2 Pru\nsupply F2 Kie\nsupply F1 Ber\nbuild A4 Mun\n\
                     build P1\nfactory 1",
                ),
                (
                    "england",
                    "build P1\nsupply F2 Nth\nsupply A1 Edi\nbuild A2 Lon\nbuild F1 Lon\n\
                     give 2 France",
                ),
                ("france", "factory 2"),
            ],
        ),
    ];
    // What each player wrote, which no other player may find in a file.
    let mut written: Vec<(String, String)> = Vec::new();
    for (i, (phase, orders)) in year.iter().enumerate() {
        assert_eq!(status(&folder)["status"]["phase"], *phase);
        written.extend(
            orders
                .iter()
                .map(|(power, _)| (power.to_string(), format!("pw-{power}"))),
        );
        let out = send_orders(
            &game,
            &folder,
            tmp.path(),
            &format!("{i:02}"),
            phase,
            orders,
            &[],
        );
        assert!(out.contains("missing: none"), "{phase}: {out}");
        let (code, out, err) = referee(&["run", p(&folder)]);
        assert_eq!(code, 0, "{phase}: {out}{err}");
        assert!(!out.contains("No orders from"), "{phase}: {out}");
        let standing = status(&folder);
        let next = folder.join(standing["status"]["folder"].as_str().expect("folder"));
        let referee_sees = read_back(&board, &next.join("referee.vsav"));
        for reader in readers(&game) {
            let save = next.join(format!("{reader}.vsav"));
            let seen = read_back(&board, &save);
            assert_eq!(seen.units, referee_sees.units, "{phase}: {reader}");
            assert_eq!(seen.owners, referee_sees.owners, "{phase}: {reader}");
            let text = plain(&save);
            let report =
                std::fs::read_to_string(next.join(format!("{reader}.txt"))).expect("report");
            for (power, secret) in &written {
                assert!(
                    !text.contains(secret.as_str()) && !report.contains(secret.as_str()),
                    "{phase}: {reader}'s files hold {power}'s `{secret}`"
                );
            }
            assert!(
                !text.contains("SNOTE"),
                "{phase}: {reader}.vsav holds a player's note"
            );
        }
        if i == 1 {
            assert_eq!(
                referee_sees.owners.get("boh").map(String::as_str),
                Some("germany"),
                "Bohemia, entered in the autumn"
            );
        }
    }
    let standing = status(&folder);
    assert_eq!(
        standing["status"]["phase"],
        "Spring 1940 — Combat and movement"
    );
    assert_eq!(standing["history"].as_array().expect("history").len(), 3);
    // The players' files are kept as received, and each power's orders as read.
    let first = folder.join("01-spring-1939-combat-and-movement/orders");
    assert!(first.join("germany.txt").is_file());
    assert_eq!(
        std::fs::read_dir(first.join("received"))
            .expect("received")
            .count(),
        5
    );
}

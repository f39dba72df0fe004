//! Tests of save reading, replay, writing and re-serialisation, including the real saves
//! in the shared corpus.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::prelude::*;

use super::writer::{add_piece_command, SaveData, SetupPiece, SetupWriter, VsavOptions};
use super::*;
use crate::vassal::archive::ZipTimestamp;
use crate::vassal::testdata::shared_file;

fn unit(id: &str, name: &str, map: &str, x: i32, y: i32, layer: u8) -> SetupPiece {
    let (type_string, state_string) = join_trait_chain(&[
        TraitEntry {
            type_string: "mark;Side".into(),
            state_string: "Blue".into(),
        },
        TraitEntry {
            type_string: "emb2;;128;A;Flip;128;;;128;;;;1;false;0;0;u.png,u_r.png;,+ reduced;true;Step;;;false;;1;1;true;;70,130;;;1.0;;true".into(),
            state_string: layer.to_string(),
        },
        TraitEntry {
            type_string: format!("piece;;;u.png;{name}"),
            state_string: format!("{map};{x};{y};7;0"),
        },
    ]);
    SetupPiece {
        id: id.into(),
        type_string,
        state_string,
    }
}

fn marker(id: &str, x: i32, y: i32) -> SetupPiece {
    SetupPiece {
        id: id.into(),
        type_string: "immob;;N;R;\tpiece;;;m.png;Objective / Town".into(),
        state_string: format!("\tMain Map;{x};{y};9;0"),
    }
}

fn sample_writer() -> SetupWriter {
    let mut writer = SetupWriter::new();
    writer.pieces = vec![
        unit("1001", "Blue 1st", "Main Map", 156, 315, 1),
        unit("1002", "Blue 2nd", "Main Map", 156, 315, 2),
        unit("1003", "Reserve", "null", 0, 0, 1),
        marker("1004", 156, 315),
    ];
    writer.boards = vec![BoardSetup::single("Main Map", "Main Board")];
    writer.setup_stack_flag = true;
    writer.extra_commands = vec!["GlobalProperty\t;VP;0;Module".into()];
    writer
}

#[test]
fn written_setup_has_the_documented_shape() {
    let text = sample_writer().saved_game_text();
    assert!(text.starts_with("begin_save\u{1b}\u{1b}\\\u{1b}+/1001/mark;Side\t"));
    assert!(text.contains("\\\u{1b}+/1005/stack/Main Map;156;315;1001;1002;@@0\u{1b}"));
    assert!(text.ends_with(
        "\u{1b}Main MapBoardPicker\tMain Board\t0\t0\u{1b}SETUP_STACK\t\u{1b}GlobalProperty\t;VP;0;Module\u{1b}end_save"
    ));
    assert!(
        !text.contains("1004;@@0"),
        "non-stacking markers stay out of stacks"
    );
}

#[test]
fn write_then_read_gives_the_same_pieces() {
    let writer = sample_writer();
    let options = VsavOptions {
        moduledata: Some(b"<data version=\"1\"><name>Example</name></data>".to_vec()),
        savedata: Some(SaveData {
            module_version: "1.0".into(),
            vassal_version: "3.7.0".into(),
            date_saved: "0".into(),
            description: "Scenario 1".into(),
        }),
        ..VsavOptions::default()
    };
    let bytes = writer.to_vsav(&options).expect("packs");
    assert_eq!(
        bytes,
        writer.to_vsav(&options).expect("packs again"),
        "deterministic"
    );
    let save = SaveGame::from_bytes(bytes, Path::new("setup.vsav")).expect("reads back");
    assert!(save.canonical);
    assert_eq!(save.obfuscation_key, Some(0x45));
    assert_eq!(
        save.module_metadata().and_then(|m| m.name).as_deref(),
        Some("Example")
    );
    assert_eq!(
        save.save_metadata().and_then(|m| m.description).as_deref(),
        Some("Scenario 1")
    );
    let state = save.state();
    let read: Vec<(&str, &str, &str, &str)> = state
        .pieces
        .values()
        .map(|p| {
            (
                p.id.as_str(),
                p.name.as_str(),
                p.type_string.as_str(),
                p.state_string.as_str(),
            )
        })
        .collect();
    let written: Vec<(&str, &str, &str, &str)> = writer
        .pieces
        .iter()
        .zip(["Blue 1st", "Blue 2nd", "Reserve", "Objective / Town"])
        .map(|(p, name)| {
            (
                p.id.as_str(),
                name,
                p.type_string.as_str(),
                p.state_string.as_str(),
            )
        })
        .collect();
    assert_eq!(read, written);
    let blue = &state.pieces["1002"];
    assert_eq!(
        (blue.map.as_deref(), blue.x, blue.y),
        (Some("Main Map"), 156, 315)
    );
    assert_eq!(blue.container.as_deref(), Some("1005"));
    assert_eq!(blue.traits[1].state_string, "2");
    assert_eq!(state.pieces["1003"].map, None);
    assert_eq!(state.containers["1005"].children, ["1001", "1002"]);
    assert_eq!(state.boards, writer.boards);
    assert!(state.setup_stack_flag);
    assert_eq!(
        state.global_properties,
        [("VP".to_string(), "0".to_string(), "Module".to_string())]
    );
}

#[test]
fn replacing_a_state_changes_only_that_command() {
    let writer = sample_writer();
    let bytes = writer.to_vsav(&VsavOptions::default()).expect("packs");
    let save = SaveGame::from_bytes(bytes, Path::new("s.vsav")).expect("reads");
    let old = save.state().pieces["1002"].clone();
    let mut traits = old.traits.clone();
    traits[0].state_string = "Out of Supply".into();
    let (_, new_state) = join_trait_chain(&traits);
    let changes = BTreeMap::from([
        ("1002".to_string(), new_state.clone()),
        ("9".to_string(), String::new()),
    ]);
    let (text, missing) = save.with_piece_states(&changes);
    assert_eq!(missing, ["9"]);
    let old_leaf = add_piece_command("1002", &old.type_string, &old.state_string);
    let new_leaf = add_piece_command("1002", &old.type_string, &new_state);
    let escaped = |leaf: &str| leaf.replace('\u{1b}', "\\\u{1b}");
    assert_eq!(
        text,
        save.plain_text
            .replace(&escaped(&old_leaf), &escaped(&new_leaf))
    );
    let (edited, _) = save
        .edited_bytes(&changes, ZipTimestamp::default())
        .expect("packs");
    let reread = SaveGame::from_bytes(edited, Path::new("edited.vsav")).expect("reads");
    let state = reread.state();
    assert_eq!(state.pieces["1002"].traits[0].state_string, "Out of Supply");
    assert_eq!(state.pieces["1001"], save.state().pieces["1001"]);
}

#[test]
fn logs_replay_moves_and_removals() {
    let add = add_piece_command("5", "piece;;;a.png;Pawn", "Main Map;10;20;1;0");
    let stack = add_piece_command("6", "stack", "Main Map;10;20;5");
    let log = |cmd: &str| format!("LOG\t{cmd}");
    let text = [
        "begin_save".to_string(),
        "end_save".to_string(),
        log(&add),
        log(&stack),
        log("M/5/Main Map/30/40/null/Main Map/10/20/null/me"),
        log("CHAT* hello"),
        log(&add_piece_command("7", "piece;;;b.png;Gone", "null;0;0;;0")),
        log("-/7"),
    ]
    .join("\u{1b}");
    let save = SaveGame::from_bytes(text.into_bytes(), Path::new("x.vlog")).expect("plain text");
    let state = save.state();
    let pawn = &state.pieces["5"];
    assert_eq!((pawn.x, pawn.y, pawn.container.as_deref()), (30, 40, None));
    assert!(state.containers["6"].children.is_empty());
    assert!(!state.pieces.contains_key("7"));
    assert_eq!(state.unknown_commands, ["CHAT* hello"]);
}

#[test]
fn a_fresh_save_holds_the_state_not_the_moves() {
    // The sample setup, then a hundred and one moves back and forth, a removal, a property set
    // twice, a chat line and the tracker: replayed, then written fresh.
    let mut commands = vec![sample_writer()
        .saved_game_text()
        .replace("\u{1b}end_save", "")];
    for i in 0..101 {
        let (from, to) = if i % 2 == 0 { (156, 400) } else { (400, 156) };
        commands.push(format!(
            "M/1001/Main Map/{to}/315/null/Main Map/{from}/315/null/me"
        ));
    }
    commands.extend([
        "-/1004".to_string(),
        "GlobalProperty\t;VP;3;Module".to_string(),
        "GlobalProperty\t;VP;5;Module".to_string(),
        "CHAT* hello".to_string(),
        "TURNTurnTracker0\t0|2".to_string(),
        "end_save".to_string(),
    ]);
    let grown = commands.join("\u{1b}");
    let save = SaveGame::from_bytes(grown.clone().into_bytes(), Path::new("grown.sav"))
        .expect("plain text");
    let state = save.state();
    let fresh = state.fresh_saved_game_text().expect("no decks");
    assert!(
        fresh.len() < sample_writer().saved_game_text().len() + 100,
        "{} bytes after a hundred moves:\n{fresh}",
        fresh.len()
    );
    let again = SaveGame::from_bytes(fresh.clone().into_bytes(), Path::new("fresh.sav"))
        .expect("plain text")
        .state();
    // The same pieces where they stood, the moved one at its last point and in no stack;
    // the property's last value; no chat.
    let at = |s: &GameState| -> Vec<(String, Option<String>, i32, i32)> {
        s.pieces
            .values()
            .map(|p| (p.id.clone(), p.map.clone(), p.x, p.y))
            .collect()
    };
    assert_eq!(at(&again), at(&state));
    assert_eq!(again.pieces["1001"].x, 400);
    // Moved out of its stack, it stands in one of its own, as VASSAL puts a moved piece.
    assert_eq!(state.pieces["1001"].container, None);
    let own = again.pieces["1001"].container.clone().expect("a stack");
    assert_eq!(again.containers[&own].children, ["1001"]);
    assert!(!again.pieces.contains_key("1004"));
    assert_eq!(
        again.global_properties,
        [("VP".to_string(), "5".to_string(), "Module".to_string())]
    );
    assert_eq!(again.unknown_commands, ["TURNTurnTracker0\t0|2"]);
    assert!(fresh.contains("Main Map;400;315;7;0"), "{fresh}");
    // Written fresh again, it is the same text.
    assert_eq!(again.fresh_saved_game_text().as_deref(), Ok(fresh.as_str()));
    // A deck cannot be written yet.
    let with_deck = format!(
        "begin_save\u{1b}{}\u{1b}end_save",
        add_piece_command(
            "9",
            "deck;false;false;false;false;false;0;0;;;;;Draw;",
            "null;0;0;0;"
        )
    );
    let deck = SaveGame::from_bytes(with_deck.into_bytes(), Path::new("deck.sav"))
        .expect("plain text")
        .state();
    assert!(matches!(
        deck.fresh_saved_game_text(),
        Err(writer::FreshSaveError::Deck { .. })
    ));
}

#[test]
fn decoding_and_encoding_commands_is_symmetric() {
    let nested = "a\u{1b}\\\u{1b}b\\\u{1b}c\u{1b}d";
    let tree = CommandTree::decode(nested);
    // The second part starts with ESC, like the piece group: it holds "", "b" and "c".
    assert_eq!(tree.leaves(), ["a", "", "b", "c", "d"]);
    assert_eq!(tree.encode(), nested);
}

#[test]
fn non_saves_are_clear_errors() {
    for bytes in [&b"hello world"[..], b"", b"\x00\x01\x02"] {
        assert!(matches!(
            SaveGame::from_bytes(bytes.to_vec(), Path::new("x")),
            Err(SaveError::NotASave { .. })
        ));
    }
    let zip = crate::vassal::archive::ArchiveBuilder::new()
        .to_bytes()
        .expect("empty zip");
    assert!(matches!(
        SaveGame::from_bytes(zip, Path::new("x.vsav")),
        Err(SaveError::NoSavedGame { .. })
    ));
    assert!(matches!(
        SaveGame::from_bytes(b"!VCSK4g".to_vec(), Path::new("x")),
        Err(SaveError::Deobfuscation { .. })
    ));
}

/// A `.vsav` whose `savedGame` entry holds no game's commands is not read as an empty game:
/// each is an error naming the file and what the entry holds.
#[test]
fn a_saved_game_entry_that_is_not_a_game_is_an_error() {
    let vsav = |saved_game: &[u8]| {
        let mut zip = crate::vassal::archive::ArchiveBuilder::new();
        zip.add("savedGame", saved_game.to_vec()).expect("name");
        zip.add("moduledata", "<data/>").expect("name");
        zip.to_bytes().expect("zip")
    };
    let words = crate::vassal::obfuscation::obfuscate("not a save at all, just words", 0x21);
    for (entry, says) in [
        (&b"!VCS"[..], "a cut-off obfuscation header (`!VCS`)"),
        (&b"!"[..], "a cut-off obfuscation header (`!`)"),
        (
            &b"!VCSK00"[..],
            "an obfuscation header with nothing after it",
        ),
        (&b""[..], "its savedGame entry is empty"),
        (&b"\0\0\0\0"[..], "binary data (byte 0x00 at offset 0)"),
        (
            &b"hello world"[..],
            "begins `hello world` where a saved game begins `begin_save`",
        ),
        (words.as_bytes(), "begins `not a save at all, just `…"),
    ] {
        match SaveGame::from_bytes(vsav(entry), Path::new("damaged.vsav")) {
            Err(e @ SaveError::NotASavedGame { .. }) => {
                let text = e.to_string();
                assert!(
                    text.starts_with("damaged.vsav: not a VASSAL save: ") && text.contains(says),
                    "{entry:?}: {text}"
                );
            }
            other => panic!("{entry:?}: {other:?}"),
        }
    }
    // The commands of an empty game are a save, obfuscated or not.
    let empty = format!("begin_save{ESC}end_save");
    for entry in [
        empty.clone(),
        crate::vassal::obfuscation::obfuscate(&empty, 0x5a),
    ] {
        let save = SaveGame::from_bytes(vsav(entry.as_bytes()), Path::new("empty.vsav"))
            .expect("an empty game");
        assert!(save.state().pieces.is_empty());
    }
}

proptest! {
    #[test]
    fn garbage_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(save) = SaveGame::from_bytes(bytes, Path::new("garbage")) {
            let _ = save.state();
        }
    }

    #[test]
    fn command_text_round_trips(parts in proptest::collection::vec("[a-c\\\\;/\t\u{1b}]{0,6}", 0..6)) {
        let text = parts.join("\u{1b}");
        let save = SaveGame::from_saved_game(text.as_bytes(), Path::new("t")).expect("plain");
        let _ = save.state();
        if save.canonical {
            prop_assert_eq!(save.commands.encode(), text);
        }
    }
}

/// Reads a shared save and checks it is canonical and has pieces with positions.
fn check_real_save(relative: &str, min_pieces: usize) -> Option<SaveGame> {
    let path = shared_file(relative)?;
    let save = SaveGame::read(&path).unwrap_or_else(|e| panic!("{relative}: {e}"));
    assert!(
        save.canonical,
        "{relative}: re-encoding reproduces the stream"
    );
    let state = save.state();
    assert!(
        state.pieces.len() >= min_pieces,
        "{relative}: {} pieces",
        state.pieces.len()
    );
    assert!(
        min_pieces == 0
            || state
                .pieces
                .values()
                .any(|p| p.map.is_some() && (p.x, p.y) != (0, 0))
    );
    Some(save)
}

#[test]
fn real_saves_parse() {
    check_real_save(
        "reference/samples/inferno-3.6.9/Scen1-DolentiNote1259.vsav",
        50,
    );
    check_real_save("corpus/almoravid/Scenario_A_Toledo_Beset.vsav", 50);
    check_real_save("corpus/tld/scenarios/scenario_2.sav", 5);
    if let Some(save) = check_real_save("corpus/tld/scenarios/scenario_5.sav", 0) {
        assert!(!save.zipped);
        assert_eq!(save.obfuscation_key, None);
        let state = save.state();
        assert_eq!(state.boards.len(), 10);
        assert_eq!(state.boards[0].map, "Normandy");
    }
    if let Some(save) = check_real_save("corpus/zxvt/5x5_startup.vlog", 4) {
        let state = save.state();
        let red = state
            .pieces
            .values()
            .find(|p| p.name == "Red")
            .expect("Red pawn");
        assert_eq!(
            (red.map.as_deref(), red.x, red.y),
            (Some("Main Map"), 36, 236)
        );
        assert!(save.save_metadata().is_some());
    }
}

#[test]
fn real_save_edit_leaves_other_bytes_alone() {
    let Some(path) = shared_file("reference/samples/inferno-3.6.9/Scen1-DolentiNote1259.vsav")
    else {
        return;
    };
    let save = SaveGame::read(&path).expect("reads");
    let state = save.state();
    let piece = state
        .pieces
        .values()
        .find(|p| p.traits.len() > 1)
        .expect("a piece with traits");
    let changes = BTreeMap::from([(piece.id.clone(), piece.state_string.clone())]);
    let (same, missing) = save.with_piece_states(&changes);
    assert!(missing.is_empty());
    assert_eq!(
        same, save.plain_text,
        "rewriting a state with itself is the identity"
    );
}

#[test]
fn real_trait_chains_split_and_join_back() {
    for relative in [
        "reference/samples/inferno-3.6.9/Scen1-DolentiNote1259.vsav",
        "corpus/almoravid/Scenario_B_Quelling_of_the_Tajo.vsav",
        "corpus/tld/scenarios/campaign.sav",
    ] {
        let Some(path) = shared_file(relative) else {
            return;
        };
        let state = SaveGame::read(&path).expect("reads").state();
        for piece in state.pieces.values() {
            assert_eq!(
                join_trait_chain(&piece.traits),
                (piece.type_string.clone(), piece.state_string.clone()),
                "{relative}: piece {}",
                piece.id
            );
        }
    }
}

/// A hostile save: commands nested a thousand compounds deep (each level escaping the ESCs of
/// the one inside, as VASSAL does), around a piece whose trait chain is nested a thousand
/// traits deep. It is read without recursion past the command depth limit, the piece's chain
/// is cut at the trait limit, and nothing grows without bound.
#[test]
fn a_save_nested_a_thousand_deep_is_read_within_its_limits() {
    let traits: Vec<TraitEntry> = (0..1000)
        .map(|i| TraitEntry {
            type_string: format!("mark;Level{i}"),
            state_string: String::new(),
        })
        .chain([TraitEntry {
            type_string: "piece;;;deep.png;Deep".into(),
            state_string: "Main Map;10;20;;0".into(),
        }])
        .collect();
    let (piece_type, piece_state) = join_trait_chain(&traits);
    let mut command = add_piece_command("1", &piece_type, &piece_state);
    for _ in 0..1000 {
        command = crate::vassal::encoder::encode_or_empty(&[command.as_str(), "CHAT* deeper"], ESC);
    }
    assert!(command.len() > 500_000, "{}", command.len());
    let text = format!("begin_save{ESC}{command}{ESC}end_save");
    let save = SaveGame::from_saved_game(text.as_bytes(), Path::new("deep.vsav")).expect("reads");
    // Below the depth limit the tree keeps one raw leaf; what is above is decoded.
    assert!(save.leaf_commands().len() <= commands::MAX_COMMAND_DEPTH + 4);
    let state = save.state();
    assert!(state.pieces.len() <= 1);
    for piece in state.pieces.values() {
        assert!(piece.traits.len() <= piece::MAX_TRAITS);
    }
    // The same text obfuscated inside a .vsav reads the same way.
    let mut vsav = crate::vassal::archive::ArchiveBuilder::new();
    vsav.add(
        "savedGame",
        crate::vassal::obfuscation::obfuscate(&text, 0x42),
    )
    .expect("name");
    let bytes = vsav.to_bytes().expect("zip");
    let again = SaveGame::from_bytes(bytes, Path::new("deep.vsav")).expect("reads");
    assert_eq!(again.leaf_commands().len(), save.leaf_commands().len());
}

/// A random command stream as saves and logs nest them: commands joined with ESC at several
/// levels, `LOG` steps holding more, pieces added, changed, moved into stacks and decks and
/// removed, with names holding the delimiters of every level.
fn command_stream() -> impl Strategy<Value = String> {
    let word = "[ab'\\\\;/\t,@é]{0,4}";
    let id = prop_oneof![Just("1"), Just("2"), Just("3"), Just("s"), Just("d")];
    let leaf = prop_oneof![
        (id.clone(), word, word, 0i32..3, 0i32..3).prop_map(|(id, name, layer, x, y)| {
            let (type_string, state_string) = join_trait_chain(&[
                TraitEntry {
                    type_string: format!("mark;{name}"),
                    state_string: layer.clone(),
                },
                TraitEntry {
                    type_string: format!("emb2;;{layer};A"),
                    state_string: name.clone(),
                },
                TraitEntry {
                    type_string: format!("piece;;;{name}.png;{name}/{layer}"),
                    state_string: format!("Map {name};{x};{y};{layer};0"),
                },
            ]);
            add_piece_command(id, &type_string, &state_string)
        }),
        (id.clone(), id.clone(), id.clone()).prop_map(|(s, a, b)| {
            add_piece_command(s, "stack", &format!("Main Map;4;5;{a};{b};@@0"))
        }),
        (id.clone(), id.clone()).prop_map(|(d, a)| add_piece_command(
            d,
            "deck;;;;;;;;;;;;Draw pile;x",
            &format!("Main Map;7;8;;{a},3")
        )),
        id.clone().prop_map(|id| format!("-/{id}")),
        (id.clone(), word).prop_map(|(id, s)| format!("D/{id}/\t{s}\\\t\\\\\tMap;1;2/")),
        (id.clone(), id.clone(), word).prop_map(|(id, under, map)| {
            let mut fields = crate::vassal::encoder::SequenceEncoder::with_token(id, '/');
            fields.append(&map).append("9").append("10").append(under);
            format!("M/{}", fields.value().unwrap_or_default())
        }),
        word.prop_map(|w| format!("GlobalProperty\t;{w};{w};Module")),
        word.prop_map(|w| format!("Main MapBoardPicker\t{w}/rev\t0\t1")),
        Just("begin_save".to_string()),
        Just("SETUP_STACK\t".to_string()),
        word.prop_map(|w| format!("CHAT{w}")),
    ];
    leaf.prop_recursive(4, 48, 5, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 1..5)
                .prop_map(|parts| crate::vassal::encoder::encode_or_empty(&parts, ESC)),
            inner.prop_map(|command| format!("LOG\t{command}")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The in-place reading (`SaveFile`, what inspect does) and the command tree
    /// (`SaveGame`) see the same leaves, the same commands and the same state.
    #[test]
    fn reading_in_place_matches_the_command_tree(text in command_stream()) {
        let tree = CommandTree::decode(&text);
        let mut walked = Vec::new();
        commands::walk_leaves(crate::vassal::encoder::Escaped::new(&text), 0, &mut |leaf| {
            walked.push(leaf.to_cow().into_owned());
        });
        prop_assert_eq!(tree.leaves(), walked);
        let save = SaveGame::from_saved_game(text.as_bytes(), Path::new("t")).expect("plain");
        let mut commands = Vec::new();
        commands::walk_commands(crate::vassal::encoder::Escaped::new(&text), 0, &mut |c| {
            commands.push(c.into_owned());
        });
        prop_assert_eq!(save.leaf_commands(), commands);
        let file = SaveFile::from_saved_game(text.as_bytes(), Path::new("t")).expect("plain");
        let state = file.state();
        prop_assert_eq!(&save.state(), &state);
        prop_assert_eq!(&GameState::replay(&save.leaf_commands()), &state);
        for piece in state.pieces.values() {
            prop_assert_eq!(
                &piece.traits,
                &split_trait_chain(&piece.type_string, &piece.state_string)
            );
        }
    }
}

/// A setup's deck is written after its cards, which stand at its point in no stack; read
/// back, the deck holds them bottom first, named as its `DrawPile`.
#[test]
fn a_setup_deck_holds_its_cards_and_no_stack_does() {
    let mut writer = SetupWriter::new();
    writer.pieces = vec![
        unit("1", "Ace", "Cards", 85, 433, 1),
        unit("2", "King", "Cards", 85, 433, 1),
        unit("3", "Reserve", "Cards", 85, 433, 1),
    ];
    writer.decks = vec![writer::SetupDeck {
        id: "4".into(),
        type_string: "deck;true;0,0,0;170;200;Always;Always;false;false;false;;;;Draw Deck".into(),
        map: "Cards".into(),
        x: 85,
        y: 433,
        face_down: true,
        cards: vec!["1".into(), "2".into()],
    }];
    let text = writer.saved_game_text();
    let game = SaveGame::from_bytes(text.into_bytes(), Path::new("deck.sav"))
        .expect("plain text")
        .state();
    let deck = game
        .containers
        .values()
        .find(|c| c.deck_name.is_some())
        .expect("a deck");
    assert_eq!(deck.deck_name.as_deref(), Some("Draw Deck"));
    assert_eq!(deck.children, ["1", "2"]);
    assert_eq!(
        (deck.map.as_deref(), deck.x, deck.y),
        (Some("Cards"), 85, 433)
    );
    // The third piece at that point, in no deck, is stacked alone.
    let stacks: Vec<_> = game
        .containers
        .values()
        .filter(|c| c.deck_name.is_none())
        .collect();
    assert_eq!(stacks.len(), 1);
    assert_eq!(stacks[0].children, ["3"]);
}

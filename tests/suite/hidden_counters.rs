//! Counters only their own side sees (`visible-to = "own-side"` on a class), on a copy of
//! `modules/diplomacy` with an Austrian army third: the palette slot (in a panel of its own)
//! and the predefined setup's piece carry VASSAL's Invisible trait outermost, hidden by
//! Austria from the start and seen by Austria and the Referee only, while every other
//! counter has none; the setup
//! still reads back with the third on its site; a save writer's state for a side; and the
//! checks (a typo, a class of no side), each located.

use std::path::Path;

use serde_json::Value;

use sandtable::emit::vassal::counters::hidden_by;
use sandtable::emit::vassal::pieces::{invisible_state, with_invisible_state};
use sandtable::helpers::savegame::{build_maps, positions_from_save};
use sandtable::model::Game;
use sandtable::vassal::archive::Archive;
use sandtable::vassal::buildfile::parse_buildfile_str;
use sandtable::vassal::save::{split_trait_chain, LeafCommand, SaveGame};

use crate::support::{bin, copy_game, edit, CopiedGame};

const GAME: &str = "modules/diplomacy";

/// The Invisible trait of an Austrian counter: no key, `hidden` after the name, no
/// colour, seen by the sides Austria and Referee, half opaque, described, moves unreported.
const AUSTRIAN_HIDE: &str =
    "hide;;hidden;;sides:Austria:Referee;0.5;Seen only by Austria and the Referee;true";

const THIRD: &str = "
[[class]]
id = \"austrian-army-third\"
name = \"Austrian Army Third\"
nation = \"austrian\"
type = \"army\"
visible-to = \"own-side\"

[[counter]]
id = \"austria-army-third\"
class = \"austrian-army-third\"
count = 3
";

/// A copy of the Diplomacy game with the Austrian army third, one placed in Galicia.
fn with_third() -> Option<CopiedGame> {
    if !crate::support::game(GAME).join("game.toml").is_file() {
        eprintln!("skipped: {GAME} is absent");
        return None;
    }
    let copy = copy_game(GAME);
    let units = copy.path().join("units.toml");
    let mut text = std::fs::read_to_string(&units).expect("read");
    text.push_str(THIRD);
    std::fs::write(&units, text).expect("write");
    edit(
        copy.path(),
        "scenarios/1901.toml",
        "[[scenario.place]]\nat = \"bud\"",
        "[[scenario.place]]\nat = \"gal\"\ncounters = [\"austria-army-third\"]\n\n\
         [[scenario.place]]\nat = \"bud\"",
    );
    Some(copy)
}

fn checked(dir: &Path) -> Game {
    sandtable::check::check_dir(dir)
        .expect("loads")
        .game
        .expect("a clean game")
}

#[test]
fn a_class_seen_by_its_own_side_is_invisible_to_the_others_from_the_start() {
    let Some(copy) = with_third() else { return };
    let g = checked(copy.path());
    let third = g.counter_index("austria-army-third").expect("the third");
    let army = g.counter_index("austria-army").expect("an army");
    assert_eq!(hidden_by(&g, third), Some("Austria"));
    assert_eq!(hidden_by(&g, army), None);

    let m = sandtable::emit::vassal::build(&g).expect("builds");
    let bytes = m.archive.to_bytes().expect("zip");
    let mut a = Archive::from_bytes(bytes, Path::new("diplomacy.vmod")).expect("zip");
    let buildfile =
        parse_buildfile_str(&a.read_text("buildFile.xml").expect("buildFile")).expect("parses");

    // The palette: the third's slot is hidden by Austria, outermost; no other slot is.
    let mut hidden_slots = Vec::new();
    for slot in buildfile
        .descendants()
        .filter(|e| e.short_name() == "PieceSlot")
    {
        let LeafCommand::AddPiece {
            type_string,
            state_string,
            ..
        } = LeafCommand::parse(slot.text.trim())
        else {
            panic!("a slot without a piece");
        };
        let chain = split_trait_chain(&type_string, &state_string);
        let name = slot.attr("entryName").unwrap_or_default().to_string();
        if chain.iter().any(|t| t.id() == "hide;") {
            assert_eq!(chain[0].type_string, AUSTRIAN_HIDE, "{name}");
            assert_eq!(chain[0].state_string, "Austria", "{name}");
            // Inside it, the Restricted Access of a game of written orders, as before.
            assert_eq!(chain[1].type_string, "prototype;Moved by: Austria");
            hidden_slots.push(name);
        }
    }
    assert_eq!(hidden_slots, ["Austrian Army Third"]);
    // Its slot stands apart, in a panel after its nation's (others see a "No Image" box).
    let panel = |name: &str| -> Vec<String> {
        let panel = buildfile
            .descendants()
            .find(|e| e.short_name() == "PanelWidget" && e.attr("entryName") == Some(name))
            .unwrap_or_else(|| panic!("no panel {name}"));
        panel
            .children
            .iter()
            .filter_map(|s| s.attr("entryName").map(str::to_string))
            .collect()
    };
    assert_eq!(panel("Austrian (hidden)"), ["Austrian Army Third"]);
    assert!(!panel("Austrian").contains(&"Austrian Army Third".to_string()));

    // The predefined setup: the third in Galicia is hidden by Austria, and reads back there.
    let file = &m.summary.setups[0].file;
    let setup = SaveGame::from_bytes(a.read(file).expect("entry"), file.as_ref()).expect("save");
    let state = setup.state();
    let hidden: Vec<_> = state
        .pieces
        .values()
        .filter(|p| p.traits.iter().any(|t| t.id() == "hide;"))
        .collect();
    assert_eq!(hidden.len(), 1);
    assert_eq!(hidden[0].name, "Austrian Army Third");
    assert_eq!(hidden[0].traits[0].type_string, AUSTRIAN_HIDE);
    assert_eq!(hidden[0].traits[0].state_string, "Austria");
    let read = positions_from_save(&g, &state, &build_maps(&g));
    assert!(read.unknown.is_empty(), "{:?}", read.unknown);
    assert!(read.off_grid.is_empty(), "{:?}", read.off_grid);
    let at: Vec<String> = read
        .positions
        .units
        .iter()
        .filter(|p| p.counter == third)
        .map(|p| g.location_name(&p.location))
        .collect();
    assert_eq!(at, ["Galicia"]);

    // What a save writer does with such a piece: reveal it, hide it again.
    let piece = hidden[0];
    let shown = with_invisible_state(&piece.type_string, &piece.state_string, None)
        .expect("an Invisible trait");
    assert!(shown.starts_with("null\t"), "{shown}");
    let again = with_invisible_state(&piece.type_string, &shown, hidden_by(&g, third))
        .expect("an Invisible trait");
    assert_eq!(again, piece.state_string);
    assert!(again.starts_with(&format!("{}\t", invisible_state(Some("Austria")))));
}

/// Run `check --format json`: each diagnostic's (code, severity, file, line, hint).
fn diagnostics(dir: &Path) -> Vec<(String, String, String, u64, String)> {
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
            let s = |k: &str| d[k].as_str().unwrap_or("").to_string();
            (
                s("code"),
                s("severity"),
                s("file"),
                d["line"].as_u64().unwrap_or(0),
                s("hint"),
            )
        })
        .collect()
}

fn line_of(dir: &Path, file: &str, text: &str) -> u64 {
    let body = std::fs::read_to_string(dir.join(file)).expect("read");
    body.lines().position(|l| l.contains(text)).expect("line") as u64 + 1
}

fn errors(dir: &Path) -> Vec<(String, String, u64, String)> {
    diagnostics(dir)
        .into_iter()
        .filter(|d| d.1 == "error")
        .map(|(code, _, file, line, hint)| (code, file, line, hint))
        .collect()
}

#[test]
fn a_misspelt_visibility_is_located_with_the_word_meant() {
    let Some(copy) = with_third() else { return };
    let d = copy.path().to_path_buf();
    edit(&d, "units.toml", "\"own-side\"", "\"own-sides\"");
    let found = errors(&d);
    let line = line_of(&d, "units.toml", "own-sides");
    assert_eq!(found.len(), 1, "{found:?}");
    let (code, file, at, hint) = &found[0];
    assert_eq!((code.as_str(), *at), ("unknown-value", line));
    assert!(file.ends_with("units.toml"), "{file}");
    assert!(hint.contains("own-side"), "{hint}");
}

#[test]
fn a_class_of_no_side_cannot_be_seen_by_its_own_side() {
    let Some(copy) = with_third() else { return };
    let d = copy.path().to_path_buf();
    // A nation no side commands.
    let powers = d.join("powers.toml");
    let mut text = std::fs::read_to_string(&powers).expect("read");
    text.push_str(
        "\n[[nation]]\nid = \"swiss\"\nname = \"Swiss\"\nabbreviation = \"SWI\"\n\
         background = \"#ff0000\"\ntext = \"#ffffff\"\n",
    );
    std::fs::write(&powers, text).expect("write");
    edit(
        &d,
        "units.toml",
        "nation = \"austrian\"\ntype = \"army\"\nvisible-to",
        "nation = \"swiss\"\ntype = \"army\"\nvisible-to",
    );
    let found = errors(&d);
    let line = line_of(&d, "units.toml", "visible-to");
    assert!(
        found
            .iter()
            .any(|(code, file, at, hint)| code == "hidden-without-side"
                && file.ends_with("units.toml")
                && *at == line
                && hint.contains("`swiss`")),
        "{found:?}"
    );

    // A class of neither a nation nor a side.
    edit(&d, "units.toml", "nation = \"swiss\"\n", "");
    let found = errors(&d);
    assert!(
        found
            .iter()
            .any(|(code, file, at, _)| code == "hidden-without-side"
                && file.ends_with("units.toml")
                && *at == line - 1),
        "{found:?}"
    );
}

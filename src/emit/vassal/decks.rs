//! A deck of the module a game was imported from, as a predefined setup holds it (format
//! notes §4.5.4): the `deck;…` type VASSAL's `DrawPile` gives the decks it makes — every
//! setting of the `DrawPile` as the module wrote it, in the order of VASSAL's
//! `Deck.getType`, a setting the module left out at VASSAL's own default — and whether its
//! cards lie face down at the start. A setup that writes `SETUP_STACK` stops VASSAL dealing
//! the decks itself, so it writes each deck with the cards it holds.

use crate::vassal::buildfile::Element;
use crate::vassal::encoder::encode_or_empty;

/// The `DrawPile` settings in the order of `Deck.getType` (after `deck;`), each with its
/// attribute and the default of VASSAL's `Deck` when the module does not write it.
const SETTINGS: &[(&str, &str)] = &[
    ("draw", "true"),
    ("color", "0,0,0"),
    ("width", "40"),
    ("height", "40"),
    ("faceDown", "Always"),
    ("shuffle", "Always"),
    ("allowMultiple", "false"),
    ("allowSelect", "false"),
    ("reversible", "false"),
    ("reshuffleCommand", ""),
    ("reshuffleTarget", ""),
    ("reshuffleMessage", ""),
    ("name", "Deck"),
    ("shuffleFormat", ""),
    ("reverseFormat", ""),
    ("faceDownFormat", ""),
    ("drawFaceUp", "false"),
    ("canSave", "false"),
    ("shuffleHotkey", ""),
    ("reshuffleHotkey", ""),
    ("maxStack", "10"),
    ("countExpressions", ""),
    ("expressionCounting", "false"),
    (GLOBAL_COMMANDS, ""),
    ("hotkeyOnEmpty", "false"),
    ("emptyHotkey", ""),
    ("selectDisplayProperty", "$BasicName$"),
    ("selectSortProperty", ""),
    ("restrictOption", "false"),
    ("restrictExpression", ""),
    ("shuffleCommand", "Shuffle"),
    ("reverseCommand", "Reverse"),
    ("reverseHotkey", ""),
    ("drawMultipleMessage", "Draw multiple cards"),
    ("drawSpecificMessage", "Draw specific cards"),
    ("faceUpMessage", "Face up"),
    ("faceDownMessage", "Face down"),
    ("faceUpHotkey", ""),
    ("faceUpReportFormat", ""),
    ("faceFlipHotkey", ""),
    ("faceDownHotkey", ""),
    ("saveMessage", "Save Deck"),
    ("saveHotkey", ""),
    ("saveReportFormat", "Deck Saved"),
    ("loadMessage", "Load Deck"),
    ("loadHotkey", ""),
    ("loadReportFormat", "Deck Loaded"),
    ("deckRestrictAccess", "false"),
    ("deckOwners", ""),
];

/// Stands for the deck's global key commands, which are its `DeckGlobalKeyCommand`s.
const GLOBAL_COMMANDS: &str = "*global commands*";

/// What a deck that cannot be sent to another one leaves empty (VASSAL's `reshufflable`).
const RESHUFFLE: &[&str] = &[
    "reshuffleCommand",
    "reshuffleTarget",
    "reshuffleMessage",
    "reshuffleHotkey",
];

/// A `DeckGlobalKeyCommand` as `Deck.getType` lists it (`DeckGlobalKeyCommand.encode`).
fn global_command(command: &Element) -> String {
    let name = command.attr("name").unwrap_or_default();
    let value = |key: &str| command.attr(key).unwrap_or_default();
    encode_or_empty(
        &[
            name,
            value("hotkey"),
            value("filter"),
            command.attr("deckCount").unwrap_or("0"),
            value("reportFormat"),
            name,
            value("target"),
            command.attr("reportSingle").unwrap_or("true"),
            command.attr("suppressSounds").unwrap_or("false"),
            value("parameters"),
        ],
        '|',
    )
}

/// The type of the decks a `DrawPile` makes.
pub fn deck_type(pile: &Element) -> String {
    let reshufflable = pile.attr("reshufflable") != Some("false");
    let commands: Vec<String> = pile
        .children
        .iter()
        .filter(|c| c.is_class("DeckGlobalKeyCommand"))
        .map(global_command)
        .collect();
    let settings: Vec<String> = SETTINGS
        .iter()
        .map(|&(key, default)| {
            if key == GLOBAL_COMMANDS {
                encode_or_empty(&commands, ',')
            } else if !reshufflable && RESHUFFLE.contains(&key) {
                String::new()
            } else {
                pile.attr(key).unwrap_or(default).to_string()
            }
        })
        .collect();
    format!("deck;{}", encode_or_empty(&settings, ';'))
}

/// Whether the cards of the decks a `DrawPile` makes lie face down (as `DrawPile` deals
/// them: unless its cards are never face down, or face up until a menu turns them).
pub fn face_down(pile: &Element) -> bool {
    !matches!(
        pile.attr("faceDown").unwrap_or("Always"),
        "Never" | "MenuDefaultUp"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::encoder::decode;

    fn pile(xml: &str) -> Element {
        crate::vassal::buildfile::parse_buildfile(xml.as_bytes()).expect("XML")
    }

    /// VASSAL reads the type back setting by setting (`Deck.myRefreshType`): the name is
    /// the thirteenth, the global commands the twenty-fourth, the owners the last.
    #[test]
    fn a_deck_type_lists_every_setting_in_vassals_order() {
        let p = pile(
            r#"<VASSAL.build.module.map.DrawPile name="Draw; Deck" faceDown="Never" width="170" height="200" reshufflable="false" reshuffleCommand="Send" reshuffleTarget="Discard" deckOwners="Allies,French">
  <VASSAL.build.module.map.DeckGlobalKeyCommand name="Deal" hotkey="65,130" deckCount="2"/>
</VASSAL.build.module.map.DrawPile>"#,
        );
        let t = deck_type(&p);
        let fields = decode(t.strip_prefix("deck;").expect("deck;"), ';');
        assert_eq!(fields.len(), SETTINGS.len());
        assert_eq!(fields[0], "true", "outline drawn by default");
        assert_eq!((fields[2].as_str(), fields[3].as_str()), ("170", "200"));
        assert_eq!(fields[4], "Never");
        assert_eq!(fields[9], "", "not reshufflable: no command");
        assert_eq!(fields[10], "", "nor target");
        assert_eq!(fields[12], "Draw; Deck");
        let commands = decode(&fields[23], ',');
        assert_eq!(commands.len(), 1);
        assert_eq!(
            decode(&commands[0], '|')[..4],
            ["Deal", "65,130", "", "2"].map(String::from)
        );
        assert_eq!(fields[30], "Shuffle");
        assert_eq!(fields[48], "Allies,French");
        assert!(!face_down(&p));
        assert!(face_down(&pile(
            "<VASSAL.build.module.map.DrawPile name=\"D\"/>"
        )));
    }
}

//! The optional rules in the module: a page listing every rule the game declares with its
//! text and whether this module was built with it, so players can agree which to play, and
//! the line the module's description gains naming the rules it was built with.

use crate::model::Game;

use crate::emit::charts::html::Page;

/// Archive entry of the optional rules page.
pub const OPTIONS_FILE: &str = "optional-rules.html";

/// Name of the page's tab in the charts window.
pub const OPTIONS_TAB: &str = "Optional rules";

/// `Optional rules in play: A (33.0), B. Not in play: C.` — `None` for a game without any.
pub fn summary(game: &Game) -> Option<String> {
    if game.options.is_empty() {
        return None;
    }
    let names = |on: bool| {
        let v: Vec<String> = game
            .options
            .iter()
            .filter(|o| o.on == on)
            .map(|o| o.label())
            .collect();
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    Some(format!(
        "Optional rules in play: {}. Not in play: {}.",
        names(true),
        names(false)
    ))
}

/// The module's description: the game's, and which optional rules it was built with.
pub fn description(game: &Game) -> String {
    match summary(game) {
        Some(s) => format!("{}\n\n{s}", game.description.trim()),
        None => game.description.trim().to_string(),
    }
}

/// The page, for a game that declares optional rules.
pub fn page(game: &Game, module_name: &str) -> Option<String> {
    summary(game)?;
    let mut p = Page::new();
    p.heading(1, OPTIONS_TAB);
    p.para(
        "The rules below are optional: agree before the game which of them you play. A \
         rule marked in play had its counters, markers and charts built into this module \
         (in the counter palette and, where a scenario places them, in its setup); one not \
         in play has none of them here. Build the module again with `sandtable build \
         --option ID` (once per rule) to add a rule's pieces; a scenario may also turn \
         rules on itself.",
    );
    let rows: Vec<Vec<String>> = game
        .options
        .iter()
        .map(|o| {
            vec![
                o.rule.clone().unwrap_or_default(),
                o.name.clone(),
                o.id.clone(),
                if o.on { "in play" } else { "not in play" }.to_string(),
            ]
        })
        .collect();
    p.table(&["Rule", "Name", "Id", "In this module"], &rows);
    for o in &game.options {
        p.heading(2, &o.label());
        for para in o.description.split("\n\n").filter(|x| !x.trim().is_empty()) {
            p.para(para.trim());
        }
        let state = match (o.on, o.default) {
            (true, true) => "In play: on unless the players agree otherwise.".to_string(),
            (true, false) => "In play in this module.".to_string(),
            (false, _) => format!(
                "Not in play in this module (built without `--option {}`).",
                o.id
            ),
        };
        p.para(&state);
    }
    Some(p.finish(&format!("{module_name}: {OPTIONS_TAB}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameOption;

    fn option(id: &str, rule: Option<&str>, on: bool) -> GameOption {
        GameOption {
            id: id.into(),
            name: id.to_uppercase(),
            rule: rule.map(String::from),
            description: format!("What {id} does.\n\nAnd more."),
            default: false,
            on,
            charts_left_out: Vec::new(),
        }
    }

    #[test]
    fn a_game_without_options_keeps_its_description_and_has_no_page() {
        let g = crate::testgame::mini();
        assert_eq!(summary(&g), None);
        assert_eq!(description(&g), g.description.trim());
        assert!(page(&g, "Mini").is_none());
    }

    #[test]
    fn the_description_and_page_name_the_options_in_and_out_of_play() {
        let mut g = crate::testgame::mini();
        g.options = vec![option("a", Some("9.1"), true), option("b", None, false)];
        assert_eq!(
            summary(&g).as_deref(),
            Some("Optional rules in play: A (9.1). Not in play: B.")
        );
        assert!(description(&g).ends_with("\n\nOptional rules in play: A (9.1). Not in play: B."));
        let html = page(&g, "Mini").expect("a page");
        assert!(html.contains("What a does.") && html.contains("And more."));
        assert!(html.contains("built without `--option b`"));
        g.options[0].on = false;
        assert_eq!(
            summary(&g).as_deref(),
            Some("Optional rules in play: none. Not in play: A (9.1), B.")
        );
    }
}

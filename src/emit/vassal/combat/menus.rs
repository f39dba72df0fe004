//! What the players see in the module: the combat global properties with their hidden step
//! buttons and the visible buttons of declared modifiers, the toolbar (Resolve Combat, one
//! per table in a menu when there are several, Clear Combat Marks, the Combat modifiers
//! menu, the hidden dice, report and clear buttons), and the help page's section.

use crate::model::{CrtKind, Dice, Game};
use crate::vassal::encoder::encode_or_empty;

use super::super::xml::Node;
use super::expr::{braced, named};
use super::{
    Combat, Step, B, CLEAR_BUTTON, KEY_CLEAR, KEY_CLEAR_ALL, KEY_CLEAR_RESOLVED, MODIFIERS_MENU,
    PROBLEM, RESOLVE_BUTTON, ROLE,
};
use crate::emit::charts::html::Page;

impl Combat {
    /// The module's combat global properties, with the hidden step buttons and the visible
    /// buttons of the declared modifiers (for the module's `GlobalProperties`).
    pub fn global_properties(&self) -> Vec<Node> {
        let mut nodes: Vec<Node> = Vec::new();
        let mut by_property: Vec<(String, Vec<&Step>)> = Vec::new();
        let all_steps = self.shared.iter().chain(
            self.tables
                .iter()
                .flat_map(|t| t.steps.iter().chain(&t.resets)),
        );
        for s in all_steps {
            match by_property.iter_mut().find(|(p, _)| *p == s.property) {
                Some((_, v)) => v.push(s),
                None => by_property.push((s.property.clone(), vec![s])),
            }
        }
        for g in &self.globals {
            let mut node = global_node(&g.name, &g.description, &g.initial, g.numeric);
            if let Some((text, tooltip, changer)) = &g.button {
                node.push(change_button(
                    text,
                    tooltip,
                    "",
                    changer,
                    "$description$: $newValue$",
                ));
            }
            if let Some((_, steps)) = by_property.iter().find(|(p, _)| *p == g.name) {
                for s in steps {
                    node.push(step_button(s));
                }
            }
            nodes.push(node);
        }
        for (property, steps) in &by_property {
            if self.globals.iter().any(|g| g.name == *property) {
                continue;
            }
            let mut node = global_node(property, &format!("Combat step: {property}"), "", false);
            for s in steps {
                node.push(step_button(s));
            }
            nodes.push(node);
        }
        nodes
    }

    /// The toolbar: hidden dice, report buttons and the guarded clear; the visible clear
    /// button, the resolve button(s) and the modifiers menu.
    pub fn toolbar(&self, game: &Game) -> Vec<Node> {
        let mut out = Vec::new();
        for (name, key, d) in &self.dice {
            out.push(hidden_dice(name, key, d));
        }
        for t in &self.tables {
            out.push(
                do_action(
                    &format!("Combat report: {}", game.crts[t.crt].title),
                    "",
                    "",
                    &named(&t.report_key),
                )
                .attr("doReport", true)
                .attr("reportFormat", &t.report),
            );
        }
        out.push(clear_marks(
            "Clear marks after a resolved combat",
            "",
            KEY_CLEAR_RESOLVED,
            &format!("{ROLE} != \"\" && {PROBLEM} == \"\""),
        ));
        out.push(clear_marks(
            CLEAR_BUTTON,
            CLEAR_BUTTON,
            KEY_CLEAR_ALL,
            &format!("{ROLE} != \"\""),
        ));
        let mut resolve_texts = Vec::new();
        for t in &self.tables {
            let keys: Vec<String> = t.keys.iter().map(|k| named(k)).collect();
            out.push(
                do_action(
                    &t.button,
                    &t.button,
                    &format!(
                        "Resolve the marked combat on the {} and report it",
                        game.crts[t.crt].title
                    ),
                    "",
                )
                .attr("doHotkey", true)
                .attr("hotkeys", encode_or_empty(&keys, ',')),
            );
            resolve_texts.push(t.button.clone());
        }
        if resolve_texts.len() > 1 {
            out.push(toolbar_menu(
                RESOLVE_BUTTON,
                "Resolve the marked combat on a table",
                &resolve_texts,
            ));
        }
        let menu: Vec<String> = self
            .globals
            .iter()
            .filter_map(|g| g.button.as_ref().map(|(text, _, _)| text.clone()))
            .collect();
        if !menu.is_empty() {
            out.push(toolbar_menu(
                MODIFIERS_MENU,
                "Weather, modifiers and columns players declare before resolving",
                &menu,
            ));
        }
        out
    }

    /// A section of the help page on resolving combat.
    pub fn help(&self, game: &Game, p: &mut Page) {
        p.heading(3, "Combat");
        let resolve = if self.tables.len() > 1 {
            format!("choose the table in the {RESOLVE_BUTTON} menu")
        } else {
            format!("press {RESOLVE_BUTTON}")
        };
        p.list(&[
            "Right-click each attacking unit and choose Mark as attacker (an A shows on the \
             counter), and the defending unit or units, Mark as defender (D)."
                .to_string(),
            format!(
                "Set what only the players know (leaders, air support, the weather when the \
                 turns do not give it) in the {MODIFIERS_MENU} menu, if the table has any."
            ),
            format!(
                "Then {resolve}: the module totals the marked factors on the faces shown, \
                 applies the defender's terrain, rivers and other hexsides, the weather, \
                 supply and the declared modifiers — only where the defender's terrain and \
                 country allow them, at most their cap, less those another modifier cancels \
                 — rolls the dice and writes the whole resolution on one line of the chat \
                 log (each shift with its cause and side, what was not applied and why, the \
                 net shift); then it clears the marks."
            ),
            format!(
                "Clear combat mark removes one mark; {CLEAR_BUTTON} on the toolbar removes \
                 them all."
            ),
        ]);
        let tables: Vec<String> = self
            .tables
            .iter()
            .map(|t| {
                let c = &game.crts[t.crt];
                let kind = match c.kind {
                    CrtKind::Odds => "odds, rounded in the defender's favour",
                    CrtKind::Differential => "attack minus defence",
                    CrtKind::Column => "the column chosen in the Combat modifiers menu",
                };
                format!("{}: {kind}, {}", c.title, c.dice)
            })
            .collect();
        p.list(&tables);
        let counted: Vec<String> = self
            .tables
            .iter()
            .flat_map(|t| game.crts[t.crt].modifiers.iter())
            .filter(|m| !m.unit_types.is_empty())
            .map(|m| {
                let types: Vec<&str> = m
                    .unit_types
                    .iter()
                    .map(|u| game.unit_types[*u].name.as_str())
                    .collect();
                format!(
                    "{}: from the marked attackers ({}), not declared",
                    m.name,
                    types.join(", ")
                )
            })
            .collect();
        if !counted.is_empty() {
            p.list(&counted);
        }
    }
}

fn global_node(name: &str, description: &str, initial: &str, numeric: bool) -> Node {
    let node = Node::new(format!("{B}properties.GlobalProperty"))
        .attr("name", name)
        .attr("description", description)
        .attr("initialValue", initial)
        .attr("isNumeric", numeric)
        .attr("wrap", false);
    if numeric {
        node.attr("min", 0).attr("max", 99)
    } else {
        node.attr("min", "").attr("max", "")
    }
}

fn change_button(text: &str, tooltip: &str, key: &str, changer: &str, report: &str) -> Node {
    Node::new(format!("{B}properties.ChangePropertyButton"))
        .attr("text", text)
        .attr("tooltip", tooltip)
        .attr("icon", "")
        .attr("hotkey", key)
        .attr("canDisable", false)
        .attr("propertyGate", "")
        .attr("hideWhenDisabled", false)
        .attr("reportFormat", report)
        .attr("propChanger", changer)
}

/// A hidden (text-less) button that sets a step's property when its key is sent.
pub(super) fn step_button(s: &Step) -> Node {
    change_button(
        "",
        "",
        &named(&s.key),
        &encode_or_empty(&["P", s.expression.as_str()], ','),
        "",
    )
}

fn hidden_dice(name: &str, key: &str, d: &Dice) -> Node {
    Node::new(format!("{B}DiceButton"))
        .attr("name", name)
        .attr("text", "")
        .attr("tooltip", "")
        .attr("icon", "")
        .attr("hotkey", named(key))
        .attr("canDisable", false)
        .attr("propertyGate", "")
        .attr("hideWhenDisabled", false)
        .attr("disabledIcon", "")
        .attr("nDice", d.count)
        .attr("nSides", d.sides)
        .attr("plus", 0)
        .attr("addToTotal", 0)
        .attr("reportTotal", true)
        .attr("reportFormat", "")
        .attr("prompt", false)
        .attr("lockDice", false)
        .attr("lockSides", false)
        .attr("lockPlus", false)
        .attr("lockAdd", false)
        .attr("sortDice", false)
        .attr("keepDice", false)
        .attr("keepOption", ">")
        .attr("keepCount", 1)
}

fn do_action(name: &str, text: &str, tooltip: &str, hotkey: &str) -> Node {
    Node::new(format!("{B}DoActionButton"))
        .attr("name", name)
        .attr("text", text)
        .attr("tooltip", tooltip)
        .attr("icon", "")
        .attr("hotkey", hotkey)
        .attr("canDisable", false)
        .attr("propertyGate", "")
        .attr("hideWhenDisabled", false)
        .attr("disabledIcon", "")
        .attr("doReport", false)
        .attr("reportFormat", "")
        .attr("doSound", false)
        .attr("soundClip", "")
        .attr("doHotkey", false)
        .attr("hotkeys", "")
        .attr("doLoop", false)
        .attr("loopType", "counted")
        .attr("loopCount", 1)
        .attr("whileExpression", "")
        .attr("untilExpression", "")
        .attr("preLoopKey", "")
        .attr("postLoopKey", "")
        .attr("index", false)
        .attr("indexProperty", "")
        .attr("indexStart", 1)
        .attr("indexStep", 1)
}

fn clear_marks(name: &str, text: &str, key: &str, filter: &str) -> Node {
    Node::new(format!("{B}GlobalKeyCommand"))
        .attr("name", name)
        .attr("buttonText", text)
        .attr(
            "tooltip",
            if text.is_empty() {
                ""
            } else {
                "Take the attacker and defender marks off every unit"
            },
        )
        .attr("icon", "")
        .attr("buttonHotkey", named(key))
        .attr("hotkey", named(KEY_CLEAR))
        .attr("filter", braced(filter))
        .attr("deckCount", -1)
        .attr("reportSingle", true)
        .attr("reportFormat", "")
        .attr("singleMap", false)
        .attr("suppressSounds", false)
        .attr("target", "MODULE|false|MAP|||||0|0||false|||EQUALS")
        .attr("canDisable", false)
        .attr("propertyGate", "")
}

fn toolbar_menu(text: &str, tooltip: &str, items: &[String]) -> Node {
    Node::new(format!("{B}ToolbarMenu"))
        .attr("description", text)
        .attr("text", text)
        .attr("tooltip", tooltip)
        .attr("icon", "")
        .attr("hotkey", "")
        .attr("menuItems", encode_or_empty(items, ','))
}

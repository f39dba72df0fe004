//! Roll tables in the module: a toolbar menu **Roll Tables** with one button per chart
//! players roll on. A button rolls the chart's dice with VASSAL's own dice (a hidden
//! `DiceButton`), then a hidden `DoActionButton` writes one chat line whose report format is
//! a BeanShell expression over the roll: the roll, each die-roll modifier the module can
//! read (a track kept as a global property) with its cause, the modified roll, and the row
//! found with what it means — or, on a table of thresholds, every row's outcome. A modifier
//! the module cannot read (a track whose value is a marker standing on a track display, a
//! modifier the player declares) is named in the line as one to add by hand; on a table of
//! thresholds the line then gives the rows' thresholds instead of outcomes.

use super::combat::lit;
use super::xml::Node;
use crate::layout::vassal::track_properties;
use crate::model::{Chart, Game, ModifierValue, RollRange, Threshold};
use crate::vassal::encoder::encode_or_empty;

const B: &str = "VASSAL.build.module.";
/// The toolbar menu's text.
pub const MENU: &str = "Roll Tables";

fn named(name: &str) -> String {
    format!("0,0,{name}")
}

fn ident(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// The charts with a button: those rolled on.
pub fn roll_tables(game: &Game) -> Vec<&Chart> {
    game.charts.iter().filter(|c| c.is_roll_table()).collect()
}

/// `v` within a roll range, as BeanShell.
fn in_range(v: &str, r: &RollRange) -> String {
    match (r.low, r.high) {
        (Some(l), Some(h)) if l == h => format!("{v} == {l}"),
        (Some(l), Some(h)) => format!("({v} >= {l} && {v} <= {h})"),
        (Some(l), None) => format!("{v} >= {l}"),
        (None, Some(h)) => format!("{v} <= {h}"),
        (None, None) => "true".into(),
    }
}

/// The chat line of one chart, as a BeanShell expression over `die` (the roll).
pub fn report(game: &Game, c: &Chart, die: &str) -> String {
    let props = track_properties(game);
    let mut parts: Vec<String> = vec![lit(&format!("{}: roll ", c.title)), die.to_string()];
    let mut terms: Vec<String> = vec![die.to_string()];
    let mut by_hand: Vec<String> = Vec::new();
    for m in &c.modifiers {
        match m.source {
            ModifierValue::Track(t) if !super::tracks::on_display(game, t) => {
                let p = &props[t];
                parts.push(lit(&format!(", {} ", m.name)));
                parts.push(format!("({p} >= 0 ? \"+\" : \"\") + {p}"));
                terms.push(p.clone());
            }
            ModifierValue::Track(t) => {
                by_hand.push(format!("{} (the {} marker)", m.name, game.tracks[t].name))
            }
            ModifierValue::Fixed(v) => by_hand.push(format!("{} ({v:+}) if it applies", m.name)),
            ModifierValue::Given => by_hand.push(format!("{} if it applies", m.name)),
        }
    }
    let total = format!("({})", terms.join(" + "));
    if terms.len() > 1 {
        parts.push(lit(" = "));
        parts.push(total.clone());
    }
    if !by_hand.is_empty() {
        parts.push(lit(&format!(
            " (not read by the module, add by hand: {})",
            by_hand.join("; ")
        )));
    }
    let text = |row: &[String], skip: &dyn Fn(usize) -> bool| -> String {
        let rest: Vec<(usize, &String)> =
            row.iter().enumerate().filter(|(k, _)| !skip(*k)).collect();
        match rest.as_slice() {
            [(_, only)] => (*only).clone(),
            many => many
                .iter()
                .map(|(k, v)| format!("{}: {v}", c.columns[*k]))
                .collect::<Vec<_>>()
                .join("; "),
        }
    };
    if let Some(rc) = &c.roll {
        // The row: the first containing the total; past the ends, the nearest.
        let skip = |k: usize| k == rc.column || c.key_column == Some(k);
        let low = |r: &RollRange| r.low.unwrap_or(i64::MIN);
        let first = (0..rc.rows.len())
            .min_by_key(|&i| low(&rc.rows[i]))
            .unwrap_or(0);
        let last = (0..rc.rows.len())
            .max_by_key(|&i| rc.rows[i].high.unwrap_or(i64::MAX))
            .unwrap_or(0);
        let line = |i: usize| {
            lit(&format!(
                ": {} — {}",
                c.rows[i][rc.column],
                text(&c.rows[i], &skip)
            ))
        };
        let first_low = rc.rows.get(first).and_then(|r| r.low);
        let mut e = line(last);
        for (i, r) in rc.rows.iter().enumerate().rev() {
            e = format!("{} ? {} : {e}", in_range(&total, r), line(i));
        }
        if let Some(l) = first_low {
            e = format!("{total} < {l} ? {} : {e}", line(first));
        }
        parts.push(format!("({e})"));
    } else {
        // Thresholds: each row's outcome (or its thresholds when a modifier is by hand).
        let key = c.key_column.unwrap_or(0);
        for (i, row) in c.rows.iter().enumerate() {
            parts.push(lit(&format!(
                "{}{}: ",
                if i == 0 { " — " } else { "; " },
                row[key]
            )));
            if by_hand.is_empty() {
                let mut e = lit(c.otherwise.as_deref().unwrap_or("no threshold met"));
                for t in c.thresholds.iter().rev() {
                    let test = match t.rows.get(i).copied().flatten() {
                        Some(Threshold::AtLeast(v)) => format!("{total} >= {v}"),
                        Some(Threshold::AtMost(v)) => format!("{total} <= {v}"),
                        None => continue,
                    };
                    e = format!("{test} ? {} : {e}", lit(&c.columns[t.column]));
                }
                parts.push(format!("({e})"));
            } else {
                let th: Vec<String> = c
                    .thresholds
                    .iter()
                    .filter_map(|t| {
                        t.rows
                            .get(i)
                            .copied()
                            .flatten()
                            .map(|th| format!("{} {th}", c.columns[t.column]))
                    })
                    .collect();
                parts.push(lit(&th.join(", ")));
            }
        }
    }
    format!("{{{}}}", parts.join(" + "))
}

fn dice_node(name: &str, key: &str, c: &Chart) -> Node {
    let d = c.dice.unwrap_or(crate::model::Dice { count: 1, sides: 6 });
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

fn action(name: &str, text: &str, tooltip: &str, hotkey: &str) -> Node {
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

/// The toolbar nodes: per roll table a hidden dice button and a hidden report, then the
/// visible buttons gathered in the **Roll Tables** menu. Empty when no chart is rolled on.
pub fn toolbar(game: &Game) -> Vec<Node> {
    let tables = roll_tables(game);
    if tables.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut buttons = Vec::new();
    for c in tables {
        let id = ident(&c.id);
        let die = format!("TableDie_{id}");
        let roll_key = format!("TableRoll_{id}");
        let report_key = format!("TableReport_{id}");
        out.push(dice_node(&die, &roll_key, c));
        out.push(
            action(
                &format!("Roll table report: {}", c.title),
                "",
                "",
                &named(&report_key),
            )
            .attr("doReport", true)
            .attr("reportFormat", report(game, c, &format!("{die}_result"))),
        );
        let text = format!("Roll: {}", c.title);
        out.push(
            action(
                &text,
                &text,
                &format!("Roll on the {} and report the row in the chat", c.title),
                "",
            )
            .attr("doHotkey", true)
            .attr(
                "hotkeys",
                encode_or_empty(&[named(&roll_key), named(&report_key)], ','),
            ),
        );
        buttons.push(text);
    }
    out.push(
        Node::new(format!("{B}ToolbarMenu"))
            .attr("description", MENU)
            .attr("text", MENU)
            .attr("tooltip", "Roll on a table and report the row in the chat")
            .attr("icon", "")
            .attr("hotkey", "")
            .attr("menuItems", encode_or_empty(&buttons, ',')),
    );
    out
}

//! Attrition under `[rules.attrition]`: per location and side, the units it selects that
//! stand where another side rules, how many of them suffer (the percentage, rounded as
//! declared), and whether the positions' turn is an attrition turn.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{every_text, ControlMap};
use crate::helpers::positions::Positions;
use crate::model::rules::AttritionWhere;
use crate::model::SideId;

/// One side's units subject to attrition in one location.
#[derive(Debug, Clone, Serialize)]
pub struct AttritionGroup {
    /// Hex number or area name.
    pub location: String,
    /// The side controlling it.
    pub controller: String,
    /// The side whose units suffer.
    pub side: String,
    /// The units subject, each with its exact location.
    pub units: Vec<crate::helpers::positions::Instance>,
    /// How many of them suffer the effect (the owner chooses which).
    pub suffer: usize,
}

/// Attrition under `[rules.attrition]`.
#[derive(Debug, Clone, Serialize)]
pub struct AttritionReport {
    /// Whether the positions' turn is an attrition turn (absent = turn unknown).
    pub due: Option<bool>,
    /// The turn the positions show.
    pub turn: Option<String>,
    /// Turns it happens on, in words.
    pub turns: String,
    /// Share suffering, percent.
    pub percent: u32,
    /// Fractions rounded up (else down).
    pub round_up: bool,
    /// What happens to each unit that suffers.
    pub effect: String,
    /// Per location and side, in board order.
    pub groups: Vec<AttritionGroup>,
}

/// The units subject to attrition in some positions; `None` when the game declares none.
pub fn attrition(map: &ControlMap, positions: &Positions) -> Option<AttritionReport> {
    let board = map.board();
    let game = board.game();
    let rules = game.rules.attrition.as_ref()?;
    // (node, side) → positions.
    let mut groups: BTreeMap<(usize, SideId), Vec<usize>> = BTreeMap::new();
    for (i, p) in positions.on_map() {
        if !rules.units.matches(game, p.counter) {
            continue;
        }
        let (Some(side), Some(node)) = (game.side_of(p.counter), board.node_of(&p.location)) else {
            continue;
        };
        let hostile = match rules.at {
            AttritionWhere::EnemyControlled => map.owner(node).is_some_and(|o| o != side),
        };
        if hostile {
            groups.entry((node, side)).or_default().push(i);
        }
    }
    let due = match (rules.every, positions.turn) {
        (None, _) => Some(true),
        (Some(e), Some(t)) => Some(crate::model::rules::turn_is_every(t, e)),
        (Some(_), None) => None,
    };
    Some(AttritionReport {
        due,
        turn: positions
            .turn
            .and_then(|t| game.turns.get(t))
            .map(|t| t.name.clone()),
        turns: every_text(rules.every),
        percent: rules.percent,
        round_up: rules.round_up,
        effect: rules.effect.clone(),
        groups: groups
            .into_iter()
            .map(|((node, side), units)| AttritionGroup {
                location: board.name(node),
                controller: map
                    .owner(node)
                    .map(|s| game.sides[s].id.clone())
                    .unwrap_or_default(),
                side: game.sides[side].id.clone(),
                suffer: rules.suffering(units.len()),
                units: units
                    .into_iter()
                    .map(|i| crate::helpers::positions::Instance::of(game, positions, i))
                    .collect(),
            })
            .collect(),
    })
}

/// Attrition as text.
pub fn render_attrition(report: &AttritionReport) -> String {
    let when = match (report.due, &report.turn) {
        (Some(true), Some(t)) => format!("due on {t}"),
        (Some(false), Some(t)) => format!("not due on {t}: {} only", report.turns),
        (_, _) => format!("on {}", report.turns),
    };
    let mut out = format!(
        "Attrition ({when}): {}% (rounded {}) of a side's subject units in each location an enemy controls; each of those {}:\n",
        report.percent,
        if report.round_up { "up" } else { "down" },
        report.effect
    );
    if report.groups.is_empty() {
        out.push_str("  no unit is subject to attrition\n");
    }
    for g in &report.groups {
        let names: Vec<String> = g
            .units
            .iter()
            .map(|u| format!("{} ({})", u.counter, u.location))
            .collect();
        out.push_str(&format!(
            "  {} (controlled by {}): {} {} subject, {} {}: {}\n",
            g.location,
            g.controller,
            g.side,
            g.units.len(),
            g.suffer,
            if g.suffer == 1 { "suffers" } else { "suffer" },
            names.join(", ")
        ));
    }
    out
}

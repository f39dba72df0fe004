//! Stacking-limit violations per location, and counter-mix overuse, for a set of positions
//! (a set-up or a saved game).
//!
//! Stacking is judged per location as counters sit: a hex, an area's Open part or one of its
//! boxes; pools are never limited. An area's infrastructure box holds one counter, as the
//! check stage's `box-occupied` rule says for set-ups. Each of the game's `[[rules.stacking]]`
//! limits is checked on its own with [`crate::model::rules::stacking_violations`], the same
//! function the check stage uses for set-ups. Overuse counts every copy, pools included, against the counter's
//! `count` in the mix.

use std::collections::BTreeMap;

use serde::Serialize;

use super::positions::Positions;
use crate::model::rules::stacking_violations;
use crate::model::scenario::AreaSlot;
use crate::model::{CounterId, Game, Location};

/// A limit broken in one location.
#[derive(Debug, Clone, Serialize)]
pub struct Violation {
    /// Location name.
    pub location: String,
    /// Counter ids there, in position order.
    pub counters: Vec<String>,
    /// The rule as players say it.
    pub rule: String,
    /// Its limit.
    pub max: u32,
    /// What was found, e.g. `2 units`.
    pub found: String,
}

/// A counter used more often than the mix has copies.
#[derive(Debug, Clone, Serialize)]
pub struct Overuse {
    /// Counter id.
    pub counter: String,
    /// Counter name.
    pub name: String,
    /// Copies in the positions.
    pub copies: u32,
    /// Copies in the mix.
    pub in_mix: u32,
}

/// Stacking violations and overuse.
#[derive(Debug, Clone, Serialize)]
pub struct StackingReport {
    /// Violations in location order.
    pub violations: Vec<Violation>,
    /// Overused counters in the game's order.
    pub overuse: Vec<Overuse>,
}

/// Check stacking limits and the counter mix.
pub fn stacking_report(game: &Game, positions: &Positions) -> StackingReport {
    let mut at: BTreeMap<Location, Vec<CounterId>> = BTreeMap::new();
    for (_, p) in positions.on_map() {
        at.entry(p.location.stack()).or_default().push(p.counter);
    }
    let mut violations = Vec::new();
    let ids = |counters: &[CounterId]| -> Vec<String> {
        counters
            .iter()
            .map(|c| game.counters[*c].id.clone())
            .collect()
    };
    for (loc, counters) in &at {
        if let Location::Area {
            slot: AreaSlot::Box(_),
            ..
        } = loc
        {
            if counters.len() > 1 {
                violations.push(Violation {
                    location: game.location_label(loc),
                    counters: ids(counters),
                    rule: "an infrastructure box holds one unit".into(),
                    max: 1,
                    found: format!("{} units", counters.len()),
                });
            }
        }
        for v in stacking_violations(game, loc, counters) {
            violations.push(Violation {
                location: game.location_label(loc),
                counters: ids(counters),
                rule: v.rule,
                max: v.max,
                found: v.found,
            });
        }
    }
    let mut copies = vec![0u32; game.counters.len()];
    for p in &positions.units {
        copies[p.counter] += 1;
    }
    let overuse = game
        .counters
        .iter()
        .zip(copies)
        .filter(|(c, n)| *n > c.count)
        .map(|(c, n)| Overuse {
            counter: c.id.clone(),
            name: c.name.clone(),
            copies: n,
            in_mix: c.count,
        })
        .collect();
    StackingReport {
        violations,
        overuse,
    }
}

/// The report as text.
pub fn render(report: &StackingReport) -> String {
    let mut out = String::new();
    for v in &report.violations {
        out.push_str(&format!(
            "{}: {} (at most {}, found {}): {}\n",
            v.location,
            v.rule,
            v.max,
            v.found,
            v.counters.join(", ")
        ));
    }
    for o in &report.overuse {
        out.push_str(&format!(
            "{} ({}): {} copies placed, the mix has {}\n",
            o.name, o.counter, o.copies, o.in_mix
        ));
    }
    if out.is_empty() {
        out.push_str("No stacking violations; the counter mix suffices.\n");
    }
    out
}

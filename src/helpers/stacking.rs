//! Stacking-limit violations per location, and counter-mix overuse, for a set of positions
//! (a set-up or a saved game).
//!
//! Stacking is judged per location as counters sit: a hex, an area's Open part or one of its
//! boxes; pools are never limited. An area's infrastructure box holds one counter, as the
//! check stage's `box-occupied` rule says for set-ups. Each of the game's `[[rules.stacking]]`
//! limits is checked on its own with [`crate::model::rules::Stacking`], as the check stage
//! does for set-ups. Overuse counts every copy, pools included, against the counter's
//! `count` in the mix.

use std::collections::BTreeMap;

use serde::Serialize;

use super::positions::Positions;
use crate::model::rules::Stacking;
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
    let stacking = Stacking::new(game);
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
        for v in stacking.violations(loc, counters) {
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
        // A rule of `[[rules.entry]]` allows none of the units it bars.
        let limit = if v.max == 0 {
            format!("found {}", v.found)
        } else {
            format!("at most {}, found {}", v.max, v.found)
        };
        out.push_str(&format!(
            "{}: {} ({limit}): {}\n",
            v.location,
            v.rule,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{self, positions};

    /// The violations of units stacked in one hex of the theatre fixture: (rule, found).
    fn broken(units: &[(&str, &str)]) -> Vec<(String, String)> {
        let g = testgame::theatre();
        stacking_report(&g, &positions(&g, units))
            .violations
            .into_iter()
            .map(|v| (v.rule, v.found))
            .collect()
    }

    const SIZE_RULE: &str = "One front, or one army and one corps, or three corps";

    #[test]
    fn stacking_counts_points_by_unit_size() {
        // A front (3 points) alone; an army (2) and a corps (1); three corps.
        assert!(broken(&[("sov-front", "0202")]).is_empty());
        assert!(broken(&[("brit-army", "0202"), ("brit-corps", "0202")]).is_empty());
        assert!(broken(&[
            ("ger-corps", "0202"),
            ("ger-corps", "0202"),
            ("ger-corps", "0202")
        ])
        .is_empty());
        // Two armies, a front with a corps, four corps: over the limit.
        assert_eq!(
            broken(&[("brit-army", "0202"), ("brit-army", "0202")]),
            [(SIZE_RULE.to_string(), "4 points".to_string())]
        );
        assert_eq!(
            broken(&[("sov-front", "0202"), ("brit-corps", "0202")]),
            [(SIZE_RULE.to_string(), "4 points".to_string())]
        );
        assert_eq!(broken(&[("ger-corps", "0202"); 4]).len(), 1);
        // Markers (the depot) do not count.
        assert!(broken(&[("sov-front", "0202"), ("ger-depot", "0202")]).is_empty());
    }

    #[test]
    fn a_small_island_holds_two_corps_and_nothing_larger() {
        assert!(broken(&[("ger-corps", "0505"), ("ger-corps", "0505")]).is_empty());
        // Three corps: the island's limit, not the general one (which steps aside there).
        assert_eq!(
            broken(&[("ger-corps", "0505"); 3]),
            [(
                "Small islands: two corps".to_string(),
                "3 points".to_string()
            )]
        );
        assert_eq!(
            broken(&[("ger-army", "0505")]),
            [(
                "Small islands: corps only".to_string(),
                "1 unit barred (army)".to_string()
            )]
        );
    }

    #[test]
    fn deserts_and_high_mountains_bar_units_by_size_and_type() {
        assert_eq!(
            broken(&[("ger-army", "0704")]),
            [(
                "Deserts: corps only".to_string(),
                "1 unit barred (army)".to_string()
            )]
        );
        assert!(broken(&[("ger-corps", "0704")]).is_empty());
        // High mountains: corps of the mountain type only.
        assert!(broken(&[("ger-mountain", "0701")]).is_empty());
        assert_eq!(
            broken(&[("ger-corps", "0701"), ("ger-corps", "0701")]),
            [(
                "High mountains: mountain corps only".to_string(),
                "2 units barred (corps, …)".to_string()
            )]
        );
        let g = testgame::theatre();
        let text = render(&stacking_report(
            &g,
            &positions(&g, &[("ger-army", "0704")]),
        ));
        assert_eq!(
            text,
            "0704: Deserts: corps only (found 1 unit barred (army)): ger-army\n"
        );
    }
}

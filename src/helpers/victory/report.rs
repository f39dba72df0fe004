//! What a victory check reports — each condition's verdict and tests, the winners, the
//! provisional wins, victory points and the level of victory — and its text.

use super::*;

/// One condition's verdict.
#[derive(Debug, Clone, Serialize)]
pub struct ConditionResult {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Winning side id.
    pub side: String,
    /// Checked after this side's player turn.
    pub checked_after: Option<String>,
    /// Whether it is checked now.
    pub checked: bool,
    /// Whether its tests hold.
    pub met: bool,
    /// Each test, in words.
    pub tests: Vec<Test>,
    /// Checked only on turns numbered a multiple of this (absent: any turn).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub every: Option<u32>,
    /// Checks running it must hold at (absent: 1, this check alone).
    #[serde(skip_serializing_if = "is_one")]
    pub running: u32,
    /// When it is checked and what a win needs beyond these positions, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One test of a condition.
#[derive(Debug, Clone, Serialize)]
pub struct Test {
    /// Holds.
    pub holds: bool,
    /// In words.
    pub detail: String,
}

/// A side that wins if an earlier check went its way too.
#[derive(Debug, Clone, Serialize)]
pub struct Provisional {
    /// Side id.
    pub side: String,
    /// Condition id.
    pub condition: String,
    /// What must also have held, in words.
    pub needs: String,
}

/// The level of victory the current lead gives.
#[derive(Debug, Clone, Serialize)]
pub struct LevelReport {
    /// The leading track's side id (absent: level, or a track of no side).
    pub leader: Option<String>,
    /// The leading track's name (absent: level).
    pub leading_track: Option<String>,
    /// Values of the two tracks compared (absent = unknown).
    pub values: [Option<i64>; 2],
    /// The lead (absent when a value is unknown).
    pub lead: Option<i64>,
    /// The band's name (absent: unknown, or no band holds the lead).
    pub level: Option<String>,
}

/// Every condition and the winners.
#[derive(Debug, Clone, Serialize)]
pub struct VictoryReport {
    /// Conditions in the game's order.
    pub conditions: Vec<ConditionResult>,
    /// Side ids that win now.
    pub winners: Vec<String>,
    /// Sides whose condition is met at this check and win if it held at the previous
    /// check(s) too (a set of positions does not show them); absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub provisional: Vec<Provisional>,
    /// Each side's victory points, when the game declares `[[rules.victory-points]]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<SideVictoryPoints>,
    /// The level of victory of the current lead, when the game declares levels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<LevelReport>,
}

pub(super) fn is_one(n: &u32) -> bool {
    *n == 1
}

/// The report as text.
pub fn render(report: &VictoryReport) -> String {
    let mut out = String::new();
    for c in &report.conditions {
        let state = match (c.met, c.checked) {
            (true, true) if c.running > 1 => "met at this check",
            (true, true) => "MET",
            (true, false) => "met, but not checked now",
            (false, _) => "not met",
        };
        out.push_str(&format!("{} ({}): {state}\n", c.name, c.side));
        if let Some(n) = &c.note {
            out.push_str(&format!("  ({n})\n"));
        }
        for t in &c.tests {
            out.push_str(&format!(
                "  [{}] {}\n",
                if t.holds { "x" } else { " " },
                t.detail
            ));
        }
    }
    if report.winners.is_empty() {
        out.push_str("No side wins now.\n");
    } else {
        out.push_str(&format!("Winner: {}\n", report.winners.join(", ")));
    }
    for p in &report.provisional {
        out.push_str(&format!("Provisional, {}: {}\n", p.side, p.needs));
    }
    for p in &report.points {
        out.push_str(&format!("{} victory points: {}\n", p.name, p.total));
        for l in &p.lines {
            out.push_str(&format!(
                "  {:+} x {} = {:+}  {}{}\n",
                l.each,
                l.places.len(),
                l.points,
                l.rule,
                if l.places.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", l.places.join(", "))
                }
            ));
        }
    }
    if let Some(l) = &report.level {
        match (l.lead, &l.leading_track) {
            (Some(d), Some(t)) => out.push_str(&format!(
                "Level of victory: {t} leads by {d}: {}\n",
                l.level
                    .as_deref()
                    .unwrap_or("no level declared for this lead")
            )),
            (Some(_), None) => out.push_str(&format!(
                "Level of victory: the tracks are level: {}\n",
                l.level
                    .as_deref()
                    .unwrap_or("no level declared for this lead")
            )),
            _ => out.push_str("Level of victory: a track is not known\n"),
        }
    }
    out
}

//! A combat report as text, one step a line.

use super::tables::kind_text;
use super::{CombatReport, Strength};
use crate::model::{CombatSide, CrtKind};

/// The report as text, one step a line.
pub fn render(r: &CombatReport) -> String {
    let mut out = format!("{} ({}, {})\n", r.title, kind_text(r.kind), r.dice);
    let strength = |label: &str, s: &Strength| {
        let mut line = format!("{label} {}", s.total);
        if s.factors.len() > 1 {
            let parts: Vec<String> = s.factors.iter().map(|f| f.to_string()).collect();
            line.push_str(&format!(" ({})", parts.join(" + ")));
        }
        if !s.halved.is_empty() {
            let k = s.halved.len();
            line.push_str(&format!(
                ", halved {} ({}): {} / {} rounded {} = {}",
                if k == 1 {
                    "once".to_string()
                } else {
                    format!("{k} times")
                },
                s.halved.join("; "),
                s.total,
                1i64 << k.min(62),
                s.rounding.as_deref().unwrap_or("down"),
                s.value
            ));
        }
        if !s.doubled.is_empty() {
            line.push_str(&format!(
                ", doubled ({}) = {}",
                s.doubled.join("; "),
                s.value
            ));
        }
        line.push('\n');
        line
    };
    if r.kind != CrtKind::Column || !r.attack.factors.is_empty() {
        out.push_str(&strength("Attack", &r.attack));
        out.push_str(&strength("Defence", &r.defence));
    }
    if let (Some(ratio), Some(v)) = (&r.ratio, r.ratio_value) {
        out.push_str(&format!(
            "Odds {ratio} = {v:.2} -> column {} ({})\n",
            r.column, r.column_note
        ));
    } else if let Some(d) = r.difference {
        out.push_str(&format!(
            "Difference {d:+} -> column {} ({})\n",
            r.column, r.column_note
        ));
    } else {
        out.push_str(&format!("Column {} ({})\n", r.column, r.column_note));
    }
    for s in &r.shifts {
        match s.side {
            Some(CombatSide::Attacker) => {
                out.push_str(&format!("Shift {:+} (attacker): {}\n", s.by, s.cause))
            }
            Some(CombatSide::Defender) => {
                out.push_str(&format!("Shift {:+} (defender): {}\n", s.by, s.cause))
            }
            None => out.push_str(&format!("Shift {:+}: {}\n", s.by, s.cause)),
        }
    }
    for c in &r.cancelled {
        out.push_str(&format!("Not applied: {c}\n"));
    }
    if r.shifts.iter().any(|s| s.side.is_some()) {
        let right: i64 = r.shifts.iter().map(|s| s.by.max(0)).sum();
        let left: i64 = r.shifts.iter().map(|s| (-s.by).max(0)).sum();
        out.push_str(&format!(
            "Net shift {:+}: {right} right (attacker) - {left} left (defender)\n",
            right - left
        ));
    }
    if let Some(c) = &r.clamped {
        out.push_str(&format!("Total shift {:+}: {c}\n", r.total_shift));
    }
    out.push_str(&format!("Final column {}\n", r.final_column));
    if r.rolls.is_empty() {
        match r.seed {
            Some(seed) => out.push_str(&format!("Roll {} (rolled, seed {seed})\n", r.roll)),
            None => out.push_str(&format!("Roll {}\n", r.roll)),
        }
        match &r.meaning {
            Some(m) => out.push_str(&format!("Result {}: {m}\n", r.result)),
            None => out.push_str(&format!("Result {}\n", r.result)),
        }
    } else {
        let rolls: Vec<String> = r.rolls.iter().map(|x| x.roll.to_string()).collect();
        let results: Vec<&str> = r.rolls.iter().map(|x| x.result.as_str()).collect();
        let seed = r
            .seed
            .map_or_else(String::new, |s| format!(" (rolled, seed {s})"));
        out.push_str(&format!(
            "{} rolls{seed}: {}\nResults: {}\n",
            r.rolls.len(),
            rolls.join(", "),
            results.join(", ")
        ));
        for t in &r.tally {
            match &t.meaning {
                Some(m) => out.push_str(&format!("  {} × {}: {m}\n", t.count, t.result)),
                None => out.push_str(&format!("  {} × {}\n", t.count, t.result)),
            }
        }
    }
    if !r.no_retreat.is_empty() {
        out.push_str(&format!(
            "If the result makes the defender retreat, in {} it takes a step loss instead of retreating.\n",
            r.no_retreat.join(", ")
        ));
    }
    out
}

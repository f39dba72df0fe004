//! The adjudication as text, for the referee, the public or one power ([`render`]).

use super::*;

/// The report as text; powers by their sides' names.
pub fn render(game: &Game, a: &Adjudication) -> String {
    let name = |power: &str| {
        game.side_index(power)
            .map_or_else(|| power.to_string(), |s| game.sides[s].name.clone())
    };
    let mut out = format!("{}, {}\n", a.turn_name, a.phase_name);
    let mut power = "";
    for o in &a.orders {
        if o.power != power {
            power = &o.power;
            out.push_str(&format!("\n{}\n", name(power)));
        }
        let verdict = match o.verdict {
            Verdict::Succeeds => "succeeds",
            Verdict::Fails => "fails",
            Verdict::Void => "void",
        };
        out.push_str(&format!("  {:<28} {verdict:<9} {}\n", o.order, o.reason));
    }
    if !a.unused.is_empty() {
        out.push_str("\nOrders not used:\n");
        for u in &a.unused {
            out.push_str(&format!("  {}: {}: {}\n", u.written, u.text, u.why));
        }
    }
    if !a.dislodged.is_empty() {
        out.push_str("\nDislodged:\n");
        for d in &a.dislodged {
            let options = if d.options.is_empty() {
                "nowhere to retreat: it will be disbanded".to_string()
            } else {
                format!(
                    "may retreat to {}",
                    d.options
                        .iter()
                        .map(|o| display(o))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            out.push_str(&format!(
                "  {} ({}), by {}{}: {options}\n",
                shown(&d.unit),
                name(&d.power),
                d.by,
                if d.convoyed { " (convoyed)" } else { "" }
            ));
        }
    }
    if !a.dispersed.is_empty() {
        out.push_str("\nDislodged while dispersing (the dispersal succeeds; nothing retreats):\n");
        for d in &a.dispersed {
            out.push_str(&format!(
                "  {} ({}), by {}\n",
                shown(&d.unit),
                name(&d.power),
                d.by
            ));
        }
    }
    if !a.formed.is_empty() {
        out.push_str("\nFormed from hidden parts:\n");
        for f in &a.formed {
            out.push_str(&format!("  {} ({})\n", shown(&f.unit), name(&f.power)));
        }
    }
    if !a.battles.is_empty() {
        out.push_str("\nBattles:\n");
        for b in &a.battles {
            out.push_str(&format!(
                "  {} from {} on {} in {}: {} against {}; {} {:+}, {} {:+}\n",
                name(&b.attacker),
                display(&b.from),
                name(&b.defender),
                display(&b.to),
                b.attack,
                b.defence,
                name(&b.attacker),
                b.attacker_change,
                name(&b.defender),
                b.defender_change
            ));
        }
    }
    if !a.air_battles.is_empty() {
        out.push_str("\nAir battles:\n");
        for b in &a.air_battles {
            let lost = |m: &crate::diplomacy::industry::Squadrons| {
                let v: Vec<String> = m.iter().map(|(p, n)| format!("{} {n}", name(p))).collect();
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(", ")
                }
            };
            out.push_str(&format!(
                "  over {}: {} attacking against {} defending; attackers lost {}, defenders lost {}{}{}; seed {}\n",
                name(&b.over),
                b.attack,
                b.defence,
                lost(&b.attackers_lost),
                lost(&b.defenders_lost),
                if b.gained.is_empty() {
                    String::new()
                } else {
                    format!(", gained {}", lost(&b.gained))
                },
                if b.industry_lost > 0 {
                    format!("; {} loses {} IPs to the bombing", name(&b.over), b.industry_lost)
                } else {
                    String::new()
                },
                b.seed
            ));
            if !b.rolls.is_empty() {
                let rolls: Vec<String> = b
                    .rolls
                    .iter()
                    .map(|(side, roll, p)| format!("{side} {roll}: {}", name(p)))
                    .collect();
                out.push_str(&format!("    rolls: {}\n", rolls.join("; ")));
            }
        }
    }
    if !a.standoffs.is_empty() {
        let s: Vec<String> = a.standoffs.iter().map(|x| display(x)).collect();
        out.push_str(&format!("\nStandoffs: {}\n", s.join(", ")));
    }
    if !a.adjustments.is_empty() {
        out.push_str("\nAdjustments:\n");
        for s in &a.adjustments {
            out.push_str(&format!(
                "  {}: {} centres, {} units",
                name(&s.power),
                s.centres,
                s.units
            ));
            if s.builds_allowed > 0 {
                out.push_str(&builds_text(s.builds_allowed, s.builds_possible));
            }
            if s.disbands_owed > 0 {
                out.push_str(&format!(
                    ", {} disband{} owed",
                    s.disbands_owed,
                    plural(s.disbands_owed)
                ));
            }
            let mut done = Vec::new();
            if !s.built.is_empty() {
                done.push(format!("built {}", s.built.join(", ")));
            }
            if !s.disbanded.is_empty() {
                done.push(format!("disbanded {}", s.disbanded.join(", ")));
            }
            if !s.civil_disorder.is_empty() {
                done.push(format!(
                    "civil disorder removes {}",
                    s.civil_disorder.join(", ")
                ));
            }
            if s.waived > 0 {
                done.push(format!("waives {}", s.waived));
            }
            if !done.is_empty() {
                out.push_str(&format!(": {}", done.join("; ")));
            }
            out.push('\n');
        }
    }
    if !a.centres_changed.is_empty() {
        out.push_str(&format!("\nSupply centres after {}:\n", a.turn_name));
        for c in &a.centres_changed {
            out.push_str(&format!(
                "  {}: {} -> {}\n",
                display(&c.centre),
                c.from.as_deref().map_or_else(|| "unowned".into(), name),
                c.to.as_deref().map_or_else(|| "unowned".into(), name)
            ));
        }
    }
    if !a.isolated.is_empty() {
        out.push_str("\nIsolated and removed:\n");
        for t in &a.isolated {
            let blocked: Vec<String> = t
                .blocked_by
                .iter()
                .map(|(p, why)| format!("{} ({why})", display(p)))
                .collect();
            out.push_str(&format!(
                "  {} ({}): no line; stopped by {}\n",
                position::force_text(&t.unit),
                name(&t.unit.power),
                if blocked.is_empty() {
                    "the reach of the line".to_string()
                } else {
                    blocked.join(", ")
                }
            ));
        }
    }
    if !a.winter.is_empty() {
        out.push_str("\nWinter:\n");
        for w in &a.winter {
            out.push_str(&format!(
                "  {}: {} IPs ({} home, {} provinces, {} received, {} given); supply {}, builds {}, squadrons {}, factories {}; {} left\n",
                name(&w.power),
                w.home
                    .saturating_add(w.provinces)
                    .saturating_add(w.received)
                    .saturating_sub(w.given),
                w.home,
                w.provinces,
                w.received,
                w.given,
                w.supply,
                w.build,
                w.squadrons,
                w.factories,
                w.left
            ));
            let mut done = Vec::new();
            if !w.built.is_empty() {
                done.push(format!("built {}", w.built.join(", ")));
            }
            if w.new_squadrons > 0 {
                done.push(format!("{} squadron(s)", w.new_squadrons));
            }
            if w.new_ips > 0 {
                done.push(format!("{} IP(s) of factory from next winter", w.new_ips));
            }
            if !w.disbanded.is_empty() {
                done.push(format!("disbanded {}", w.disbanded.join(", ")));
            }
            if !done.is_empty() {
                out.push_str(&format!("    {}\n", done.join("; ")));
            }
            for p in &w.problems {
                out.push_str(&format!("    not done: {p}\n"));
            }
        }
    }
    for h in &a.home_centres {
        if h.taken_back {
            out.push_str(&format!(
                "{} takes {} back: its {} IPs there return to its industry\n",
                name(&h.power),
                display(&h.centre),
                h.ips
            ));
        } else {
            out.push_str(&format!(
                "{} loses {}, one of {} home centres it held: {} IPs lie there for {}, {} squadrons destroyed\n",
                name(&h.power),
                display(&h.centre),
                h.held_before,
                h.ips,
                h.by.as_deref().map_or_else(|| "nobody".to_string(), name),
                h.squadrons
            ));
        }
    }
    if !a.industrial_points.is_empty() {
        let shown: Vec<String> = a
            .industrial_points
            .iter()
            .map(|(p, n)| format!("{} {n}", name(p)))
            .collect();
        out.push_str(&format!("\nIndustrial points: {}\n", shown.join(", ")));
        for p in &a.eliminated {
            out.push_str(&format!(
                "{} has no IPs left: eliminated, its forces removed\n",
                name(p)
            ));
        }
        match &a.winner {
            Some(w) => out.push_str(&format!(
                "Victory: {} holds more IPs than all the others together\n",
                name(w)
            )),
            None => out.push_str("No power holds more IPs than all the others together.\n"),
        }
    }
    if let Some(v) = &a.victory {
        if v.winners.is_empty() {
            out.push_str("\nNo power wins yet.\n");
        } else {
            let winners: Vec<String> = v.winners.iter().map(|w| name(w)).collect();
            out.push_str(&format!("\nVictory: {}\n", winners.join(", ")));
        }
    }
    for s in &a.skipped {
        out.push_str(&format!("\n{} {} passed over: {}", s.turn, s.phase, s.why));
    }
    if !a.skipped.is_empty() {
        out.push('\n');
    }
    match &a.next {
        Some(n) => {
            out.push_str(&format!("\nNext: {}, {}\n", n.turn_name, n.phase_name));
            let width = n
                .powers
                .iter()
                .map(|p| name(&p.power).chars().count())
                .max()
                .unwrap_or(0);
            let words = |items: &[String]| {
                if items.is_empty() {
                    "none".to_string()
                } else {
                    items
                        .iter()
                        .map(|i| shown(i))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            };
            for p in &n.powers {
                out.push_str(&format!(
                    "  {:<width$}  {:>2} unit{}    {}\n",
                    name(&p.power),
                    p.units.len(),
                    if p.units.len() == 1 { " " } else { "s" },
                    words(&p.units)
                ));
                out.push_str(&format!(
                    "  {:<width$}  {:>2} centre{}  {}\n",
                    "",
                    p.centres.len(),
                    if p.centres.len() == 1 { " " } else { "s" },
                    words(&p.centres)
                ));
                if !p.fractions.is_empty() {
                    let parts: Vec<String> = p
                        .fractions
                        .iter()
                        .map(|f| match f.split_once(' ') {
                            Some((size, unit)) => format!("{size} {}", shown(unit)),
                            None => f.clone(),
                        })
                        .collect();
                    out.push_str(&format!(
                        "  {:<width$}   hidden parts (seen by {} alone): {}\n",
                        "",
                        name(&p.power),
                        parts.join(", ")
                    ));
                }
                for d in &p.dislodged {
                    out.push_str(&format!(
                        "  {:<width$}   dislodged: {} (attacked from {}{})\n",
                        "",
                        shown(&d.unit),
                        display(&d.from),
                        if d.convoyed { ", by convoy" } else { "" }
                    ));
                }
            }
            if !n.standoffs.is_empty() {
                out.push_str(&format!(
                    "  standoffs (no retreat there): {}\n",
                    words(&n.standoffs)
                ));
            }
        }
        None => out.push_str("\nThe calendar ends: there is no next phase.\n"),
    }
    if !a.hidden.is_empty() {
        let mut power = "";
        for h in &a.hidden {
            if h.power != power {
                power = &h.power;
                out.push_str(&format!(
                    "\nHidden parts of {} (seen by {} alone):\n",
                    name(power),
                    name(power)
                ));
            }
            let verdict = match h.verdict {
                Verdict::Succeeds => "succeeds",
                Verdict::Fails => "fails",
                Verdict::Void => "void",
            };
            out.push_str(&format!("  {:<28} {verdict:<9} {}\n", h.order, h.reason));
        }
    }
    out
}

/// A unit (`A bud` → `A Bud`) or a location (`stp/sc` → `Stp/sc`) as reports write it.
pub(super) fn shown(item: &str) -> String {
    match item.split_once(' ') {
        Some((kind, at)) => format!("{kind} {}", display(at)),
        None => display(item),
    }
}

/// A power's builds at an adjustment, after its centres and units: `, 2 builds` when each
/// can be made, else what the centres earn and how many the vacant home centres let it make
/// (`, 2 builds earned, 1 possible (one vacant home centre)`).
fn builds_text(allowed: usize, possible: usize) -> String {
    if possible >= allowed {
        return format!(", {allowed} build{}", plural(allowed));
    }
    let vacant = match possible {
        0 => "no vacant home centre".to_string(),
        1 => "one vacant home centre".to_string(),
        n => format!("{n} vacant home centres"),
    };
    let can = match possible {
        0 => "none".to_string(),
        n => n.to_string(),
    };
    format!(
        ", {allowed} build{} earned, {can} possible ({vacant})",
        plural(allowed)
    )
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::builds_text;

    #[test]
    fn builds_say_what_the_centres_earn_and_what_can_be_made() {
        assert_eq!(builds_text(1, 1), ", 1 build");
        assert_eq!(builds_text(3, 3), ", 3 builds");
        assert_eq!(
            builds_text(2, 1),
            ", 2 builds earned, 1 possible (one vacant home centre)"
        );
        assert_eq!(
            builds_text(3, 2),
            ", 3 builds earned, 2 possible (2 vacant home centres)"
        );
        assert_eq!(
            builds_text(1, 0),
            ", 1 build earned, none possible (no vacant home centre)"
        );
    }
}

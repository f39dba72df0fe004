//! The parts placed after the resolver ran ([`settle`]): moves into a province that would hold
//! more than a whole unit of parts fail, parts ride and leave fleets, units form and
//! disperse; and the rules of parts a position breaks ([`breaches`]).

use super::plan::result;
use super::*;

/// What became of the parts and the units forming and dispersing after a movement phase.
#[derive(Debug, Default)]
pub struct Settled {
    /// The parts after the phase.
    pub fractions: Vec<Fraction>,
    /// Results of the part orders, each for its power.
    pub results: Vec<HiddenResult>,
    /// Units formed (public).
    pub formed: Vec<Unit>,
}

/// Place the parts after the resolver: units formed (their parts used), dispersals (the
/// unit gone, its parts placed), moves, boarding and riding, disembarking; then every move
/// into a province holding more than a whole unit of parts fails, until none does.
/// `units` and `outcomes` are the resolver's (the position's units, then the arrivals).
pub fn settle(
    plan: Plan<'_>,
    board: &dyn Board,
    units: &[Unit],
    outcomes: &[Outcome],
    fractions: &[Fraction],
) -> Settled {
    let mut s = Settled {
        results: plan.results.clone(),
        ..Settled::default()
    };
    // Where each fleet of the phase ends: its destination, its place, or gone (dislodged).
    let end_of = |i: usize| -> Option<String> {
        let o = &outcomes[i];
        if o.dislodged_by.is_some() {
            return None;
        }
        match (&o.command, o.succeeds) {
            (Command::Move { to, .. }, true) => Some(to.clone()),
            _ => Some(units[i].location.clone()),
        }
    };
    let fleet_at_start = |sea: &str| {
        (0..units.len()).find(|&i| {
            units[i].kind == UnitKind::Fleet
                && !is_arrival(&units[i].location)
                && board.province(&units[i].location) == sea
        })
    };
    let fleet_at_end = |sea: &str| {
        (0..units.len()).any(|i| {
            units[i].kind == UnitKind::Fleet && end_of(i).is_some_and(|e| board.province(&e) == sea)
        })
    };
    // Each part: (the part, where it was, where it would go, order index in `moving`).
    struct Going {
        f: Fraction,
        from: String,
        to: Option<String>,
        order: Option<(String, String, String)>,
        lost: Option<String>,
    }
    let mut going: Vec<Going> = Vec::new();
    let mut used = vec![false; fractions.len()];
    // Units formed, and the private result of each unit forming.
    for f in &plan.forming {
        let k = units
            .iter()
            .position(|u| u.location == f.arrival)
            .expect("each unit forming is among the units resolved");
        let o = &outcomes[k];
        if o.succeeds {
            for &p in &f.parts {
                used[p] = true;
            }
            s.formed.push(Unit::new(&f.power, f.kind, &f.target));
            s.results.push(result(
                &f.power,
                &f.text,
                Some(&f.at),
                Verdict::Succeeds,
                format!("{} {} formed", kind_letter(f.kind), display(&f.target)),
            ));
        } else {
            s.results.push(result(
                &f.power,
                &f.text,
                Some(&f.at),
                Verdict::Fails,
                format!("the unit did not form: {}", o.reason),
            ));
        }
    }
    // Dispersals: each part from the unit's province.
    for d in &plan.dispersals {
        let u = &units[d.unit];
        let dislodged = outcomes[d.unit].dislodged_by.is_some();
        s.results.push(result(
            &u.power,
            &d.text,
            Some(&d.at),
            Verdict::Succeeds,
            if dislodged {
                "dislodged while dispersing: the dispersal succeeds".into()
            } else {
                "the unit dispersed".into()
            },
        ));
        for (p, to) in &d.parts {
            going.push(Going {
                f: Fraction {
                    power: u.power.clone(),
                    kind: u.kind,
                    size: p.size,
                    location: u.location.clone(),
                },
                from: u.location.clone(),
                to: Some(to.clone()),
                order: Some((
                    format!(
                        "{} {} {} - {} (dispersing)",
                        p.size,
                        kind_letter(p.kind),
                        display(&u.location),
                        display(to)
                    ),
                    d.at.clone(),
                    String::new(),
                )),
                lost: None,
            });
        }
    }
    // The parts on the board: ordered, riding, or standing.
    for (k, f) in fractions.iter().enumerate() {
        if used[k] {
            continue;
        }
        let ordered = plan.moves.iter().find(|m| m.fraction == k);
        let here = board.province(&f.location).to_string();
        let aboard = f.kind == UnitKind::Army && board.is_sea(&here);
        let mut g = Going {
            f: f.clone(),
            from: f.location.clone(),
            to: None,
            order: ordered.map(|m| (m.text.clone(), m.at.clone(), m.to.clone())),
            lost: None,
        };
        if aboard {
            // Riding: the fleet's end carries it.
            match fleet_at_start(&here).and_then(|i| end_of(i).map(|e| (i, e))) {
                Some((_, end)) => {
                    let end_p = board.province(&end).to_string();
                    g.from = end_p.clone();
                    if !board.is_sea(&end_p) {
                        // Set down on the coast the fleet moved to.
                        g.f.location = end_p.clone();
                        g.from = end_p;
                    } else if let Some(m) = ordered {
                        let dest = board.province(&m.to).to_string();
                        let next_to = board.fleet_move(&end, &m.to)
                            || board
                                .fleet_locations(&dest)
                                .iter()
                                .any(|l| board.fleet_move(&end, l));
                        if !next_to {
                            g.lost = None;
                            g.order = Some((
                                m.text.clone(),
                                m.at.clone(),
                                format!(
                                    "!{} is not next to the fleet's sea, {}",
                                    display(&dest),
                                    display(&end_p)
                                ),
                            ));
                        } else if board.is_sea(&dest) && !fleet_at_end(&dest) {
                            g.order = Some((
                                m.text.clone(),
                                m.at.clone(),
                                format!("!no fleet ends the phase in {} to board", display(&dest)),
                            ));
                        } else if !board.is_sea(&dest) && board.fleet_locations(&dest).is_empty() {
                            g.order = Some((
                                m.text.clone(),
                                m.at.clone(),
                                format!("!{} is not a coast", display(&dest)),
                            ));
                        } else {
                            g.to = Some(dest);
                        }
                    }
                    if g.f.location != g.from {
                        g.f.location = g.from.clone();
                    }
                }
                None => {
                    g.lost = Some("the fleet it rode was dislodged: the part is lost".into());
                }
            }
        } else if let Some(m) = ordered {
            g.to = Some(m.to.clone());
        }
        going.push(g);
    }
    // Where each part ends: boarding parts ride their fleet to its end.
    let ends = |g: &Going| -> Option<String> {
        let to = g.to.as_ref()?;
        let p = board.province(to);
        if g.f.kind == UnitKind::Army && board.is_sea(p) && !board.is_sea(board.province(&g.from)) {
            // Boarding at the start: where the fleet ends.
            let i = fleet_at_start(p)?;
            return Some(end_of(i).map_or_else(
                || "!lost".to_string(),
                |e| {
                    let e_p = board.province(&e).to_string();
                    e_p
                },
            ));
        }
        Some(to.clone())
    };
    let mut fails = vec![false; going.len()];
    let key = |g: &Going, at: &str| -> String {
        let p = board.province(at);
        if g.f.kind == UnitKind::Army && board.is_sea(p) {
            format!("aboard {p}")
        } else {
            p.to_string()
        }
    };
    loop {
        let places: Vec<Option<String>> = going
            .iter()
            .enumerate()
            .map(|(i, g)| {
                if g.lost.is_some() {
                    return None;
                }
                match (&g.to, fails[i]) {
                    (Some(_), false) => ends(g).filter(|e| !e.starts_with('!')),
                    _ => Some(g.from.clone()),
                }
            })
            .collect();
        let mut load: BTreeMap<String, Worth> = BTreeMap::new();
        for (g, p) in going.iter().zip(&places) {
            if let Some(p) = p {
                *load.entry(key(g, p)).or_insert_with(|| whole_units(0)) += worth(&g.f.size);
            }
        }
        let one = whole_units(1);
        let mut changed = false;
        for (i, (g, p)) in going.iter().zip(&places).enumerate() {
            if fails[i] || g.to.is_none() {
                continue;
            }
            let Some(p) = p else { continue };
            let k = key(g, p);
            let over = if k.starts_with("aboard") {
                load[&k] >= one
            } else {
                load[&k] > one
            };
            if over {
                fails[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (i, g) in going.into_iter().enumerate() {
        let text = g.order.as_ref().map(|o| o.0.clone());
        let at = g.order.as_ref().map(|o| o.1.clone());
        let void = g
            .order
            .as_ref()
            .and_then(|o| o.2.strip_prefix('!').map(str::to_string));
        if let Some(why) = g.lost {
            if let Some(t) = &text {
                s.results
                    .push(result(&g.f.power, t, at.as_deref(), Verdict::Fails, why));
            } else {
                s.results.push(result(
                    &g.f.power,
                    &fraction_label(&g.f),
                    None,
                    Verdict::Fails,
                    why,
                ));
            }
            continue;
        }
        let end = match (&g.to, fails[i]) {
            (Some(_), false) => ends(&g).filter(|e| !e.starts_with('!')),
            _ => None,
        };
        let mut f = g.f.clone();
        let (verdict, reason) = match (&g.to, fails[i], &end, void) {
            (_, _, _, Some(why)) => {
                f.location = g.from.clone();
                (Verdict::Void, why)
            }
            (Some(_), false, Some(e), None) => {
                f.location = e.clone();
                let p = board.province(e);
                (
                    Verdict::Succeeds,
                    if g.f.kind == UnitKind::Army && board.is_sea(p) {
                        format!("aboard the fleet in {}", display(p))
                    } else {
                        format!("now in {}", display(p))
                    },
                )
            }
            (Some(_), true, _, None) => {
                f.location = g.from.clone();
                (
                    Verdict::Fails,
                    "more than a whole unit of parts would stand there: every move in fails".into(),
                )
            }
            (Some(_), false, None, None) => {
                f.location = g.from.clone();
                (Verdict::Fails, "the fleet it boarded was dislodged".into())
            }
            (None, _, _, None) => {
                f.location = g.from.clone();
                (Verdict::Succeeds, String::new())
            }
        };
        if let Some(t) = text {
            s.results
                .push(result(&f.power, &t, at.as_deref(), verdict, reason));
        }
        s.fractions.push(f);
    }
    s
}

/// What breaks the rules of parts in a position: more than a whole unit of parts in one
/// province, a whole unit or more aboard one fleet, an army part at sea with no fleet to
/// ride, a part larger than the rules allow, more units dispersed than the early limit. Each
/// with the index of a part concerned.
pub fn breaches(
    rules: &FractionRules,
    board: &dyn Board,
    units: &[Unit],
    fractions: &[Fraction],
    turn: usize,
) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let most = Share::new(1, rules.parts);
    let mut load: BTreeMap<String, (Worth, usize)> = BTreeMap::new();
    for (i, f) in fractions.iter().enumerate() {
        if f.size > most {
            out.push((
                i,
                format!(
                    "{} ({}) is more than {most} of a unit",
                    fraction_label(f),
                    f.power
                ),
            ));
        }
        let p = board.province(&f.location);
        let aboard = f.kind == UnitKind::Army && board.is_sea(p);
        if aboard {
            let fleet = units
                .iter()
                .any(|u| u.kind == UnitKind::Fleet && board.province(&u.location) == p);
            if !rules.boarding || !fleet {
                out.push((
                    i,
                    format!(
                        "{} ({}) is at sea with no fleet to ride",
                        fraction_label(f),
                        f.power
                    ),
                ));
            }
        }
        let key = if aboard {
            format!("aboard the fleet in {}", display(p))
        } else {
            display(p)
        };
        let e = load.entry(key).or_insert_with(|| (whole_units(0), i));
        e.0 += worth(&f.size);
        e.1 = i;
    }
    let one = whole_units(1);
    for (place, (sum, i)) in &load {
        let aboard = place.starts_with("aboard");
        if sum > &one || (aboard && *sum >= one) {
            out.push((
                *i,
                format!(
                    "{sum} of a unit in parts {} {place}: {}",
                    if aboard { "is" } else { "stands in" },
                    if aboard {
                        "fewer than a whole unit ride one fleet"
                    } else {
                        "at most a whole unit of parts stands in one province"
                    }
                ),
            ));
        }
    }
    if let Some((limit, until)) = rules.limit {
        if turn < until {
            let mut powers: Vec<&str> = fractions.iter().map(|f| f.power.as_str()).collect();
            powers.sort_unstable();
            powers.dedup();
            for p in powers {
                let worth = units_worth(fractions, p);
                if worth > limit {
                    let i = fractions.iter().rposition(|f| f.power == p).unwrap_or(0);
                    out.push((
                        i,
                        format!("{p} has {worth} units dispersed; at most {limit} this early"),
                    ));
                }
            }
        }
    }
    out.sort();
    out
}

//! The three kinds of phase adjudicated: movement (with hidden parts and forces of many
//! factors), retreats and adjustments, and the centres and standings adjustments count.

use super::*;

pub(super) fn movement_phase(
    board: &ProvinceBoard,
    position: &Position,
    written: &[Written],
    a: &mut Adjudication,
) -> Position {
    let game = board.game;
    let units = &position.units;
    let chosen = orders_for(board, units, written, "unit", &mut a.unused);
    // Hidden parts: dispersing units stand, units forming arrive from nowhere.
    let given: Vec<Given> = written
        .iter()
        .filter_map(|w| match &w.entry {
            Entry::Fraction(order) => Some(Given {
                power: w.power.clone(),
                order: order.clone(),
                text: w.text.clone(),
                at: w.at.clone(),
            }),
            _ => None,
        })
        .collect();
    let plan = game.rules.fractions.as_ref().map(|rules| {
        Plan::new(
            rules,
            board,
            units,
            &position.fractions,
            position.turn,
            &given,
        )
    });
    let arrivals = plan.as_ref().map(|p| p.arrivals(board, units, &given));
    let mut orders: Vec<Order> = chosen
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            !plan.as_ref().is_some_and(|p| p.dispersing.contains(i))
                && !arrivals
                    .as_ref()
                    .is_some_and(|x| x.supporters.contains_key(i))
        })
        .filter_map(|(_, w)| w.as_ref())
        .filter_map(|w| match &w.entry {
            Entry::Order(o) => Some(o.clone()),
            _ => None,
        })
        .collect();
    for (i, w) in chosen.iter().enumerate() {
        let replaced_by = plan
            .as_ref()
            .and_then(|p| p.dispersal_written.get(&i))
            .map(|at| format!("the unit disperses ({at})"))
            .or_else(|| {
                arrivals
                    .as_ref()
                    .filter(|x| x.supporters.contains_key(&i))
                    .map(|_| "the unit supports a unit forming".to_string())
            });
        if let (Some(w), Some(why)) = (w, replaced_by) {
            // Its power's alone: the public must not learn a unit disperses.
            a.hidden.push(HiddenResult {
                power: units[i].power.clone(),
                order: w.text.clone(),
                written: Some(w.at.clone()),
                verdict: Verdict::Void,
                reason: format!("not used: {why}"),
            });
        }
    }
    let mut all_units = units.clone();
    if let Some(x) = &arrivals {
        all_units.extend(x.units.iter().cloned());
        orders.extend(x.orders.iter().cloned());
    }
    let ice = Ice::of(game, position.turn);
    let iced = ice.restrict(board, &all_units, &mut orders);
    let with_arrivals;
    let resolver: &dyn Board = match &plan {
        Some(p) => {
            with_arrivals = p.board(board);
            &with_arrivals
        }
        None => board,
    };
    let mut outcomes = movement::resolve(resolver, &all_units, &orders);
    for (at, why) in &iced {
        if let Some(o) = outcomes.iter_mut().find(|o| o.unit == *at) {
            o.void = Some(why.clone());
            o.reason = why.clone();
            o.succeeds = o.dislodged_by.is_none();
        }
    }
    let dispersing = plan.as_ref().map_or(&[][..], |p| &p.dispersing[..]);
    for (i, (u, o)) in units.iter().zip(&outcomes).enumerate() {
        let verdict = if o.void.is_some() {
            Verdict::Void
        } else if o.succeeds {
            Verdict::Succeeds
        } else {
            Verdict::Fails
        };
        let mut text = order_text(
            u,
            o.ordered.as_ref().unwrap_or(&o.command),
            &all_units,
            board,
        );
        let supporting = arrivals.as_ref().and_then(|x| x.supporters.get(&i));
        let mut reason = o.reason.clone();
        let written_at = if dispersing.contains(&i) {
            // Publicly a dispersing unit stands; where its parts went is its power's.
            text = format!("{} stands", label(u));
            plan.as_ref()
                .and_then(|p| p.dispersal_written.get(&i))
                .cloned()
        } else if let Some(target) = supporting {
            text = format!(
                "{} S {} {} forms",
                label(u),
                kind_letter(u.kind),
                display(target)
            );
            // Supporting a unit nobody formed: the resolver saw a support to an arrival (its
            // command is a hold by now); the reader learns that no unit formed there.
            if let Some(v) = o
                .void
                .as_deref()
                .filter(|v| v.split('`').any(fractions::is_arrival))
            {
                reason = o
                    .reason
                    .replace(v, &format!("no unit forms in {}", display(target)));
            }
            given
                .iter()
                .find(|g| {
                    matches!(&g.order, FractionOrder::Support { unit, .. } if board.province(unit) == board.province(&u.location))
                })
                .map(|g| g.at.clone())
        } else {
            if chosen[i].is_none() {
                text.push_str(" (no order)");
            }
            chosen[i].map(|w| w.at.clone())
        };
        a.orders.push(OrderResult {
            power: u.power.clone(),
            unit: unit_text(u),
            order: text,
            written: written_at,
            verdict,
            reason: public_reason(&reason),
        });
    }
    let mut situation = retreat::situation(resolver, &all_units, &outcomes);
    // Units that did not form never stood anywhere.
    situation
        .staying
        .retain(|u| !fractions::is_arrival(&u.location));
    let mut fractions_after = position.fractions.clone();
    if let Some(plan) = plan {
        let disperse_at: Vec<Unit> = plan.dispersing.iter().map(|&i| units[i].clone()).collect();
        let settled = fractions::settle(plan, board, &all_units, &outcomes, &position.fractions);
        // Dispersed units leave the board; one dislodged is reported among the retreats.
        situation.staying.retain(|u| !disperse_at.contains(u));
        for d in situation
            .dislodged
            .iter()
            .filter(|d| disperse_at.contains(&d.unit))
        {
            a.dispersed.push(DislodgedResult {
                power: d.unit.power.clone(),
                unit: unit_text(&d.unit),
                by: arrival_label(&all_units, board, &d.from),
                from: public_province(&d.from),
                convoyed: d.convoyed,
                options: Vec::new(),
            });
        }
        situation
            .dislodged
            .retain(|d| !disperse_at.contains(&d.unit));
        for u in &disperse_at {
            a.changes.push(UnitChange::Removed { unit: u.clone() });
        }
        for u in &settled.formed {
            a.formed.push(Formed {
                power: u.power.clone(),
                unit: unit_text(u),
            });
            a.changes.push(UnitChange::Built { unit: u.clone() });
        }
        a.hidden.extend(settled.results);
        fractions_after = settled.fractions;
    }
    for (u, o) in all_units.iter().zip(&outcomes) {
        if fractions::is_arrival(&u.location) {
            continue;
        }
        if let (Command::Move { to, .. }, true) = (&o.command, o.succeeds) {
            let to = match u.kind {
                UnitKind::Army => board.province(to).to_string(),
                UnitKind::Fleet => to.clone(),
            };
            a.changes.push(UnitChange::Moved {
                unit: u.clone(),
                to,
            });
        }
    }
    for d in &situation.dislodged {
        let options = retreat::options(board, &situation, d)
            .into_iter()
            .filter(|o| ice.allows_retreat(d.unit.kind, board.province(o)))
            .collect();
        a.dislodged.push(DislodgedResult {
            power: d.unit.power.clone(),
            unit: unit_text(&d.unit),
            by: arrival_label(&all_units, board, &d.from),
            from: public_province(&d.from),
            convoyed: d.convoyed,
            options,
        });
    }
    a.standoffs = situation.standoffs.clone();
    a.standoffs.sort();
    // A unit dislodged by one forming was attacked from the province it formed in (its own:
    // no retreat is closed by it), not from the arrival the resolver placed it at, which no
    // position can name.
    for d in &mut situation.dislodged {
        if fractions::is_arrival(&d.from) {
            d.from = public_province(&d.from);
        }
    }
    let mut next = Position {
        units: situation.staying,
        dislodged: situation.dislodged,
        standoffs: if a.dislodged.is_empty() {
            Vec::new()
        } else {
            situation.standoffs
        },
        fractions: fractions_after,
        ..position.clone()
    };
    next.normalise(board.game);
    next
}

/// The unit that attacked from `from`, as the public report names it: a unit formed from
/// hidden parts shows where it formed.
pub(super) fn arrival_label(units: &[Unit], board: &dyn Board, from: &str) -> String {
    units
        .iter()
        .find(|x| board.province(&x.location) == board.province(from) || x.location == from)
        .map_or_else(
            || display(&public_province(from)),
            |x| {
                if fractions::is_arrival(&x.location) {
                    format!(
                        "{} {} (formed)",
                        kind_letter(x.kind),
                        display(&public_province(from))
                    )
                } else {
                    label(x)
                }
            },
        )
}

/// A province as the public sees it: the place a unit formed, not its arrival.
pub(super) fn public_province(location: &str) -> String {
    if fractions::is_arrival(location) {
        location.rsplit('+').next().unwrap_or(location).to_string()
    } else {
        location.to_string()
    }
}

/// A resolver's reason without the arrivals of units forming (`+austria+bur` reads `Bur`).
pub(super) fn public_reason(reason: &str) -> String {
    reason
        .split(' ')
        .map(|w| {
            let bare = w.trim_matches(|c: char| "`(),;:".contains(c));
            if fractions::is_arrival(bare) {
                w.replace(
                    bare,
                    &format!("forming in {}", display(&public_province(bare))),
                )
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn retreat_phase(
    board: &ProvinceBoard,
    position: &Position,
    written: &[Written],
    a: &mut Adjudication,
) -> Position {
    let dislodged: Vec<Unit> = position.dislodged.iter().map(|d| d.unit.clone()).collect();
    let chosen = orders_for(board, &dislodged, written, "dislodged unit", &mut a.unused);
    let orders: Vec<Order> = chosen
        .iter()
        .flatten()
        .filter_map(|w| match &w.entry {
            Entry::Order(o) => Some(o.clone()),
            _ => None,
        })
        .collect();
    let ice = Ice::of(board.game, position.turn);
    // Fleets do not retreat into ice: such an order is no order.
    let orders: Vec<Order> = orders
        .into_iter()
        .filter(|o| match &o.command {
            Command::Move { to, .. } => ice.allows_retreat(o.kind, board.province(to)),
            _ => true,
        })
        .collect();
    hidden_out_of_phase(written, "a movement phase", a);
    let situation = Situation {
        staying: position.units.clone(),
        dislodged: position.dislodged.clone(),
        standoffs: position.standoffs.clone(),
    };
    let retreats = retreat::resolve_situation(board, &situation, &orders);
    let mut units = position.units.clone();
    for (k, (d, r)) in position.dislodged.iter().zip(&retreats).enumerate() {
        let ordered = chosen[k].and_then(|w| match &w.entry {
            Entry::Order(o) => Some(o),
            _ => None,
        });
        let order = match ordered.map(|o| &o.command) {
            Some(c) => order_text(&d.unit, c, &[], board),
            None => format!("{} (no order)", label(&d.unit)),
        };
        let options = if r.options.is_empty() {
            "it had nowhere to go".to_string()
        } else {
            format!(
                "it could go to {}",
                r.options
                    .iter()
                    .map(|o| display(o))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let (verdict, reason) = match (&r.to, ordered.map(|o| &o.command)) {
            (Some(to), _) => {
                units.push(Unit {
                    location: to.clone(),
                    ..d.unit.clone()
                });
                a.changes.push(UnitChange::Moved {
                    unit: d.unit.clone(),
                    to: to.clone(),
                });
                (Verdict::Succeeds, format!("retreats to {}", display(to)))
            }
            (None, Some(Command::Disband)) => (Verdict::Succeeds, "disbanded as ordered".into()),
            (None, Some(Command::Move { .. })) => (
                Verdict::Fails,
                format!(
                    "disbanded: {}; {options}",
                    r.why.clone().unwrap_or_default()
                ),
            ),
            (None, Some(_)) => (
                Verdict::Void,
                format!("disbanded: a retreat is a move or a disband; {options}"),
            ),
            (None, None) => (
                Verdict::Fails,
                format!("disbanded: no retreat was ordered; {options}"),
            ),
        };
        if r.to.is_none() {
            a.changes.push(UnitChange::Removed {
                unit: d.unit.clone(),
            });
        }
        a.orders.push(OrderResult {
            power: d.unit.power.clone(),
            unit: unit_text(&d.unit),
            order,
            written: chosen[k].map(|w| w.at.clone()),
            verdict,
            reason,
        });
    }
    let mut next = Position {
        units,
        dislodged: Vec::new(),
        standoffs: Vec::new(),
        ..position.clone()
    };
    next.normalise(board.game);
    next
}

/// The supply centres and home centres of a position, for the adjustment rules.
pub fn centres(board: &ProvinceBoard, position: &Position) -> Centres {
    let mut c = Centres {
        owner: position.owners.clone(),
        ..Centres::default()
    };
    for side in &board.game.sides {
        c.home.insert(
            side.id.clone(),
            side.home
                .iter()
                .filter(|(m, _)| *m == board.map)
                .map(|(_, a)| board.areas.areas[*a].id.clone())
                .collect(),
        );
    }
    c
}

/// Each power's standing at an adjustment: centres, units, builds allowed and possible
/// (vacant owned home centres), disbands owed. In side order.
pub fn standings(board: &ProvinceBoard, position: &Position) -> Vec<PowerAdjustment> {
    let c = centres(board, position);
    board
        .game
        .sides
        .iter()
        .map(|s| {
            let owned = position.centres_of(&s.id);
            // Hidden parts count as the units they add up to, rounded up.
            let units = position.units_of(&s.id)
                + fractions::units_worth(&position.fractions, &s.id) as usize;
            let vacant = c
                .home
                .get(&s.id)
                .map(|homes| {
                    homes
                        .iter()
                        .filter(|h| c.owner.get(*h) == Some(&s.id))
                        .filter(|h| {
                            !position
                                .units
                                .iter()
                                .any(|u| board.province(&u.location) == h.as_str())
                        })
                        .count()
                })
                .unwrap_or(0);
            let allowed = owned.saturating_sub(units);
            PowerAdjustment {
                power: s.id.clone(),
                centres: owned,
                units,
                builds_allowed: allowed,
                builds_possible: allowed.min(vacant),
                disbands_owed: units.saturating_sub(owned),
                built: Vec::new(),
                disbanded: Vec::new(),
                civil_disorder: Vec::new(),
                waived: 0,
            }
        })
        .collect()
}

pub(super) fn adjustment_phase(
    board: &ProvinceBoard,
    position: &Position,
    written: &[Written],
    a: &mut Adjudication,
) -> Position {
    let game = board.game;
    let c = centres(board, position);
    let units = &position.units;
    let mut orders: Vec<Order> = Vec::new();
    let mut sources: Vec<&Written> = Vec::new();
    for w in written {
        match &w.entry {
            // A waive declines a build: it changes nothing but must say whose.
            Entry::Waive => match &w.power {
                Some(_) => {}
                None => a.unused.push(Unused {
                    written: w.at.clone(),
                    text: w.text.clone(),
                    why: "a waive names its power: `England: waive`".into(),
                }),
            },
            // Reported to its power alone, with the other orders to parts.
            Entry::Fraction(_) => {}
            Entry::Force(_) | Entry::Winter(_) | Entry::Air(_) | Entry::Losses(_) => {
                a.unused.push(Unused {
                    written: w.at.clone(),
                    text: w.text.clone(),
                    why: "an order to a multi-factor force belongs to a game with \
                      `[rules.multi-factor]`"
                        .into(),
                })
            }
            Entry::Order(o) => {
                let here = board.province(&o.unit).to_string();
                let power = o.power.clone().or_else(|| match o.command {
                    Command::Build => c
                        .home
                        .iter()
                        .find(|(_, homes)| homes.contains(&here))
                        .map(|(p, _)| p.clone()),
                    _ => units
                        .iter()
                        .find(|u| board.province(&u.location) == here)
                        .map(|u| u.power.clone()),
                });
                let Some(power) = power else {
                    a.unused.push(Unused {
                        written: w.at.clone(),
                        text: w.text.clone(),
                        why: format!(
                            "no power is named and none is implied: {} is no one's home centre and holds no unit",
                            display(&here)
                        ),
                    });
                    continue;
                };
                orders.push(Order {
                    power: Some(power),
                    ..o.clone()
                });
                sources.push(w);
            }
        }
    }
    hidden_out_of_phase(written, "a movement phase", a);
    // Builds the ice forbids fail before the others are counted.
    let ice = Ice::of(game, position.turn);
    let mut k = 0;
    while k < orders.len() {
        let o = &orders[k];
        let refused = match o.command {
            Command::Build => ice.allows_build(board.province(&o.unit)).err(),
            _ => None,
        };
        match refused {
            Some(why) => {
                let o = orders.remove(k);
                let w = sources.remove(k);
                let unit = Unit::new(o.power.as_deref().unwrap_or(""), o.kind, &o.unit);
                a.orders.push(OrderResult {
                    power: unit.power.clone(),
                    unit: unit_text(&unit),
                    order: order_text(&unit, &o.command, &[], board),
                    written: Some(w.at.clone()),
                    verdict: Verdict::Fails,
                    reason: why,
                });
            }
            None => k += 1,
        }
    }
    let adjusted: Vec<Adjusted> = adjust::resolve(board, units, &c, &orders);
    let mut standing = standings(board, position);
    let mut next_units: Vec<Unit> = Vec::new();
    let mut gone: Vec<usize> = Vec::new();
    for ((r, o), w) in adjusted.iter().zip(&orders).zip(&sources) {
        let unit = Unit::new(&r.power, r.kind, &r.location);
        let text = order_text(&unit, &o.command, &[], board);
        let reason = match (&r.command, r.succeeds, &r.why) {
            (_, false, Some(why)) => why.clone(),
            (Command::Build, true, _) => format!("builds {}", label(&unit)),
            (Command::Disband, true, _) => format!("disbands {}", label(&unit)),
            _ => String::new(),
        };
        let verdict = match (&r.command, r.succeeds) {
            (_, true) => Verdict::Succeeds,
            (Command::Build | Command::Disband, false) => Verdict::Fails,
            _ => Verdict::Void,
        };
        if r.succeeds {
            let s = standing.iter_mut().find(|s| s.power == r.power);
            match r.command {
                Command::Build => {
                    let at = match r.kind {
                        UnitKind::Army => board.province(&r.location).to_string(),
                        UnitKind::Fleet => r.location.clone(),
                    };
                    let built = Unit::new(&r.power, r.kind, &at);
                    if let Some(s) = s {
                        s.built.push(unit_text(&built));
                    }
                    next_units.push(built);
                }
                Command::Disband => {
                    if let Some(k) = units.iter().position(|u| {
                        board.province(&u.location) == board.province(&r.location)
                            && u.power == r.power
                    }) {
                        gone.push(k);
                        if let Some(s) = s {
                            s.disbanded.push(unit_text(&units[k]));
                        }
                    }
                }
                _ => {}
            }
        }
        a.orders.push(OrderResult {
            power: r.power.clone(),
            unit: unit_text(&unit),
            order: text,
            written: Some(w.at.clone()),
            verdict,
            reason,
        });
    }
    let mut fractions_after = position.fractions.clone();
    for s in &mut standing {
        if s.disbands_owed > s.disbanded.len() {
            for k in adjust::civil_disorder(board, units, &c, &s.power, &gone) {
                s.civil_disorder.push(unit_text(&units[k]));
                gone.push(k);
            }
        }
        // A power whose units are all gone pays the rest with its hidden parts, a unit's
        // worth at a time (the public sees only how much).
        let mut owed = s
            .disbands_owed
            .saturating_sub(s.disbanded.len() + s.civil_disorder.len());
        while owed > 0 && fractions_after.iter().any(|f| f.power == s.power) {
            let before = fractions::units_worth(&fractions_after, &s.power);
            while fractions::units_worth(&fractions_after, &s.power) == before {
                let Some(k) = fractions_after.iter().rposition(|f| f.power == s.power) else {
                    break;
                };
                fractions_after.remove(k);
            }
            s.civil_disorder
                .push("hidden parts worth a unit".to_string());
            owed -= 1;
        }
        s.waived = s.builds_allowed.saturating_sub(s.built.len());
    }
    a.adjustments = standing;
    let mut removed = gone.clone();
    removed.sort_unstable();
    for k in removed {
        a.changes.push(UnitChange::Removed {
            unit: units[k].clone(),
        });
    }
    for u in &next_units {
        a.changes.push(UnitChange::Built { unit: u.clone() });
    }
    let mut kept: Vec<Unit> = units
        .iter()
        .enumerate()
        .filter(|(k, _)| !gone.contains(k))
        .map(|(_, u)| u.clone())
        .collect();
    kept.extend(next_units);
    let mut next = Position {
        units: kept,
        fractions: fractions_after,
        ..position.clone()
    };
    next.normalise(game);
    next
}

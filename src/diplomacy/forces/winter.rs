//! Winter in a game of forces of many factors: supply, builds, factories and gifts of
//! industrial points ([`WinterResult`]), home centres changing hands, and the air battles
//! that bombing starts.

use super::*;

/// One power's winter, as carried out.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct WinterResult {
    /// The power.
    pub power: String,
    /// Home IPs at the start of winter.
    pub home: u32,
    /// IPs of the provinces it controls outside its home country.
    pub provinces: u32,
    /// IPs received from other powers.
    pub received: u32,
    /// IPs given away.
    pub given: u32,
    /// Spent on supply.
    pub supply: u32,
    /// Spent on units built.
    pub build: u32,
    /// Spent on squadrons.
    pub squadrons: u32,
    /// Spent on factories.
    pub factories: u32,
    /// IPs left unused.
    pub left: u32,
    /// Forces kept (`A2 bel`).
    pub kept: Vec<String>,
    /// Factors disbanded, unsupplied (`F1 ire`).
    pub disbanded: Vec<String>,
    /// Forces built.
    pub built: Vec<String>,
    /// Squadrons built.
    pub new_squadrons: u32,
    /// IPs of industry built (counted from next winter).
    pub new_ips: u32,
    /// Orders not carried out, and why.
    pub problems: Vec<String>,
}

/// The winter of a game with industry: each power pays for the factors it keeps, builds,
/// squadrons and factories from its IPs (home IPs, the provinces it controls, gifts); what
/// it cannot pay for is not done, and factors not supplied are disbanded (armies first).
pub(in crate::diplomacy) fn adjustment_phase(
    board: &ProvinceBoard,
    position: &Position,
    written: &[Written],
    a: &mut ForceReport,
) -> Result<Position, PhaseError> {
    let game = board.game;
    let industry = game.rules.industry.as_ref().ok_or_else(|| {
        PhaseError(
            "a winter of a multi-factor game is paid for with industry: the game has no \
             `[rules.industry]`"
                .into(),
        )
    })?;
    let rules = rules_of(game);
    // The orders, by power.
    let mut by_power: BTreeMap<String, Vec<(WinterOrder, &Written)>> = BTreeMap::new();
    for w in written {
        let Entry::Winter(o) = &w.entry else {
            a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: "winter takes `supply`, `build`, `factory` and `give` orders".into(),
            });
            continue;
        };
        let power = w.power.clone().or_else(|| match o {
            WinterOrder::Supply { location, .. } => position
                .units
                .iter()
                .find(|u| board.province(&u.location) == board.province(location))
                .map(|u| u.power.clone()),
            WinterOrder::Build { location, .. } => game
                .sides
                .iter()
                .find(|s| {
                    s.home.iter().any(|(m, ar)| {
                        *m == board.map && board.areas.areas[*ar].id == board.province(location)
                    })
                })
                .map(|s| s.id.clone()),
            _ => None,
        });
        match power {
            Some(p) if !rules.neutrals.contains(&p) => {
                by_power.entry(p).or_default().push((o.clone(), w))
            }
            _ => a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: "whose order this is cannot be told: put it under a power's heading".into(),
            }),
        }
    }
    let mut next = position.clone();
    let mut units: Vec<Unit> = position
        .units
        .iter()
        .filter(|u| rules.neutrals.contains(&u.power))
        .cloned()
        .collect();
    // The provinces a power controls, and the captured IPs in the centres it holds.
    let income = |power: &str| -> u32 {
        let held = |p: &String| position.owners.get(p).map(String::as_str) == Some(power);
        industry
            .provinces
            .iter()
            .filter(|(p, _)| held(p))
            .map(|(_, v)| *v)
            .sum::<u32>()
            + position
                .captured
                .iter()
                .filter(|(c, _)| held(c))
                .map(|(_, c)| c.ips)
                .sum::<u32>()
    };
    let mut gifts: BTreeMap<String, u32> = BTreeMap::new();
    let powers: Vec<String> = game
        .sides
        .iter()
        .map(|s| s.id.clone())
        .filter(|p| !rules.neutrals.contains(p) && position.industry.contains_key(p))
        .collect();
    // Gifts first: what a power gives it cannot spend, and the receiver can.
    let mut results: BTreeMap<String, WinterResult> = BTreeMap::new();
    for p in &powers {
        let home = position.industry.get(p).map_or(0, |h| h.ips);
        let mut r = WinterResult {
            power: p.clone(),
            home,
            provinces: income(p),
            ..WinterResult::default()
        };
        let mut budget = home.saturating_add(r.provinces);
        for (o, w) in by_power.get(p).into_iter().flatten() {
            if let WinterOrder::Give { count, to } = o {
                if to == p || !powers.contains(to) {
                    r.problems
                        .push(format!("{}: {to} cannot receive IPs", w.at));
                } else if *count > budget {
                    r.problems
                        .push(format!("{}: gift of {count} IPs, {budget} left", w.at));
                } else {
                    budget -= count;
                    r.given += count;
                    *gifts.entry(to.clone()).or_default() += count;
                }
            }
        }
        results.insert(p.clone(), r);
    }
    for p in &powers {
        let orders = by_power.get(p).cloned().unwrap_or_default();
        let r = results.get_mut(p).expect("a result per power");
        r.received = gifts.get(p).copied().unwrap_or(0);
        let mut budget = r
            .home
            .saturating_add(r.provinces)
            .saturating_add(r.received)
            .saturating_sub(r.given);
        // Supply: the forces named, or every force when none is.
        let mine: Vec<&Unit> = position.units.iter().filter(|u| u.power == *p).collect();
        let named = orders
            .iter()
            .any(|(o, _)| matches!(o, WinterOrder::Supply { .. }));
        let mut wanted: Vec<u32> = mine
            .iter()
            .map(|u| if named { 0 } else { u.strength })
            .collect();
        for (o, w) in &orders {
            let WinterOrder::Supply {
                kind,
                strength,
                location,
            } = o
            else {
                continue;
            };
            let province = board.province(location);
            match mine.iter().position(|u| {
                u.kind == *kind
                    && if location.contains('/') {
                        u.location == *location
                    } else {
                        board.province(&u.location) == province
                    }
            }) {
                Some(k) => {
                    let can = mine[k].strength - wanted[k];
                    if *strength > can {
                        r.problems.push(format!(
                            "{}: supply of {strength} factors in {}, where {can} are left",
                            w.at,
                            display(location)
                        ));
                    }
                    wanted[k] += (*strength).min(can);
                }
                None => {
                    r.problems
                        .push(format!("{}: no such force in {}", w.at, display(location)))
                }
            }
        }
        // Pay fleets first so that the shortfall falls on armies (armies are lost first).
        let mut order: Vec<usize> = (0..mine.len()).collect();
        order.sort_by_key(|&k| (mine[k].kind == UnitKind::Army, k));
        let mut kept = vec![0u32; mine.len()];
        for k in order {
            let affordable = budget / industry.supply.max(1);
            let n = wanted[k].min(if industry.supply == 0 {
                wanted[k]
            } else {
                affordable
            });
            kept[k] = n;
            budget = budget.saturating_sub(n.saturating_mul(industry.supply));
            r.supply = r.supply.saturating_add(n.saturating_mul(industry.supply));
            if n < wanted[k] {
                r.problems.push(format!(
                    "{} factors in {} could not be paid for",
                    wanted[k] - n,
                    display(&mine[k].location)
                ));
            }
        }
        for (k, u) in mine.iter().enumerate() {
            if kept[k] > 0 {
                let unit = Unit {
                    strength: kept[k],
                    ..(*u).clone()
                };
                r.kept.push(force_text(&unit));
                units.push(unit);
            }
            if kept[k] < u.strength {
                r.disbanded.push(force_text(&Unit {
                    strength: u.strength - kept[k],
                    ..(*u).clone()
                }));
            }
        }
        // Builds, squadrons, factories, in the order written.
        for (o, w) in &orders {
            match o {
                WinterOrder::Build {
                    kind,
                    strength,
                    location,
                } => {
                    let province = board.province(location).to_string();
                    let home = game.sides.iter().find(|s| s.id == *p).is_some_and(|s| {
                        s.home
                            .iter()
                            .any(|(m, ar)| *m == board.map && board.areas.areas[*ar].id == province)
                    });
                    let owned = position.owners.get(&province) == Some(p);
                    let vacant = !position
                        .units
                        .iter()
                        .any(|u| board.province(&u.location) == province);
                    let site_ok = match kind {
                        UnitKind::Army => {
                            board.army_moves_from(&province).len()
                                + usize::from(board.is_sea(&province))
                                > 0
                                && !board.is_sea(&province)
                        }
                        UnitKind::Fleet => board.fleet_locations(&province).contains(location),
                    };
                    let cost = strength.saturating_mul(industry.build);
                    let why = if !home || !owned {
                        Some(format!(
                            "{} is not a home centre {p} controls",
                            display(&province)
                        ))
                    } else if !vacant {
                        Some(format!(
                            "{} was occupied at the start of winter",
                            display(&province)
                        ))
                    } else if !site_ok {
                        Some(format!("no such force can stand at {}", display(location)))
                    } else if cost > budget {
                        Some(format!("it costs {cost} IPs, {budget} left"))
                    } else {
                        None
                    };
                    match why {
                        Some(why) => r
                            .problems
                            .push(format!("{}: `{}` not built: {why}", w.at, w.text)),
                        None => {
                            budget -= cost;
                            r.build += cost;
                            let unit = Unit {
                                power: p.clone(),
                                kind: *kind,
                                location: location.clone(),
                                strength: *strength,
                            };
                            r.built.push(force_text(&unit));
                            units.push(unit);
                        }
                    }
                }
                WinterOrder::Squadrons { count } | WinterOrder::Factory { count } => {
                    let (price, what, spent, gained) = match o {
                        WinterOrder::Squadrons { .. } => (
                            industry.squadron,
                            "squadrons",
                            &mut r.squadrons,
                            &mut r.new_squadrons,
                        ),
                        _ => (
                            industry.factory,
                            "IPs of factory",
                            &mut r.factories,
                            &mut r.new_ips,
                        ),
                    };
                    let cost = count.saturating_mul(price);
                    if cost > budget {
                        r.problems.push(format!(
                            "{}: {count} {what} cost {cost} IPs, {budget} left",
                            w.at
                        ));
                    } else {
                        budget -= cost;
                        *spent += cost;
                        *gained += count;
                    }
                }
                WinterOrder::Supply { .. } | WinterOrder::Give { .. } => {}
            }
        }
        r.left = budget;
        let h = next.industry.entry(p.clone()).or_default();
        h.ips = h.ips.saturating_add(r.new_ips);
        h.squadrons = h.squadrons.saturating_add(r.new_squadrons);
    }
    // Powers without industry keep their forces.
    for u in &position.units {
        if !rules.neutrals.contains(&u.power) && !position.industry.contains_key(&u.power) {
            units.push(u.clone());
        }
    }
    a.winter = results.into_values().collect();
    let rank = |p: &str| game.side_index(p).unwrap_or(usize::MAX);
    a.winter.sort_by_key(|r| rank(&r.power));
    next.units = merge(units);
    next.normalise(game);
    Ok(next)
}

/// Each power's industrial points in a position: home IPs and the provinces it controls.
pub fn industrial_points(board: &ProvinceBoard, position: &Position) -> BTreeMap<String, u32> {
    let game = board.game;
    let Some(industry) = &game.rules.industry else {
        return BTreeMap::new();
    };
    let mut out: BTreeMap<String, u32> = position
        .industry
        .iter()
        .map(|(p, h)| (p.clone(), h.ips))
        .collect();
    for (province, value) in &industry.provinces {
        if let Some(p) = position.owners.get(province) {
            if let Some(total) = out.get_mut(p) {
                *total += value;
            }
        }
    }
    for (centre, c) in &position.captured {
        if let Some(p) = position.owners.get(centre) {
            if let Some(total) = out.get_mut(p) {
                *total += c.ips;
            }
        }
    }
    out
}

/// A home centre lost or taken back at the end of a turn that counts centres, in a game with
/// industry (rules 7 and 12).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HomeCentreChange {
    /// The power whose home centre it is.
    pub power: String,
    /// The centre.
    pub centre: String,
    /// The power that took it (none: taken back, or left unowned).
    pub by: Option<String>,
    /// Taken back by its power.
    pub taken_back: bool,
    /// Home centres the power held before the turn (the share's divisor).
    pub held_before: u32,
    /// IPs lying there (captured) or given back.
    pub ips: u32,
    /// Squadrons destroyed on the ground.
    pub squadrons: u32,
}

/// Rules 7 and 12: a home centre another power takes holds the power's IPs divided by the
/// home centres it held before the turn (rounded down), which count for whoever holds the
/// centre, and destroys as large a share of its squadrons; a power taking a home centre
/// back gets its IPs there back. `position` has the owners after the turn.
pub fn home_centres_changed(
    board: &ProvinceBoard,
    before: &BTreeMap<String, String>,
    position: &mut Position,
) -> Vec<HomeCentreChange> {
    let game = board.game;
    let mut out = Vec::new();
    for side in &game.sides {
        let homes: Vec<String> = side
            .home
            .iter()
            .filter(|(m, _)| *m == board.map)
            .map(|(_, a)| board.areas.areas[*a].id.clone())
            .collect();
        let held_before = homes
            .iter()
            .filter(|c| before.get(*c) == Some(&side.id))
            .count() as u32;
        let Some(start) = position.industry.get(&side.id).copied() else {
            continue;
        };
        let (share, squadrons) =
            crate::diplomacy::industry::home_centre_lost(start.ips, start.squadrons, held_before);
        for c in &homes {
            let (was, now) = (before.get(c), position.owners.get(c));
            if was == Some(&side.id) && now != Some(&side.id) {
                let h = position.industry.entry(side.id.clone()).or_default();
                let ips = share.min(h.ips);
                let lost = squadrons.min(h.squadrons);
                h.ips -= ips;
                h.squadrons -= lost;
                let entry = position.captured.entry(c.clone()).or_insert(
                    crate::diplomacy::position::Captured {
                        from: side.id.clone(),
                        ips: 0,
                    },
                );
                entry.ips += ips;
                out.push(HomeCentreChange {
                    power: side.id.clone(),
                    centre: c.clone(),
                    by: now.cloned(),
                    taken_back: false,
                    held_before,
                    ips,
                    squadrons: lost,
                });
            } else if was != Some(&side.id) && now == Some(&side.id) {
                let back = position
                    .captured
                    .remove(c)
                    .filter(|x| x.from == side.id)
                    .map_or(0, |x| x.ips);
                position.industry.entry(side.id.clone()).or_default().ips += back;
                out.push(HomeCentreChange {
                    power: side.id.clone(),
                    centre: c.clone(),
                    by: None,
                    taken_back: true,
                    held_before,
                    ips: back,
                    squadrons: 0,
                });
            }
        }
    }
    out
}

/// The seed of a phase's rolls: the same for the same game, turn and phase.
pub(super) fn phase_seed(game: &Game, position: &Position) -> u64 {
    let key = format!(
        "{}/{}/{}",
        game.id,
        game.turns.get(position.turn).map_or("", |t| t.id.as_str()),
        game.phases
            .get(position.phase)
            .map_or("", |p| p.id.as_str())
    );
    // FNV-1a: stable across builds and platforms.
    key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The air battles of a movement phase: each power's squadrons over each country, as many
/// as it has (orders beyond them are cut, and said so), losses by the rules of combat drawn
/// at random by a seeded roll, IPs bombed from the country's industry.
pub(super) fn air_battles(
    game: &Game,
    written: &[Written],
    next: &mut Position,
    a: &mut ForceReport,
) {
    let mut left: BTreeMap<String, u32> = next
        .industry
        .iter()
        .map(|(p, h)| (p.clone(), h.squadrons))
        .collect();
    // over → (attackers, defenders)
    let mut skies: BTreeMap<
        String,
        (
            crate::diplomacy::industry::Squadrons,
            crate::diplomacy::industry::Squadrons,
        ),
    > = BTreeMap::new();
    for w in written {
        let Entry::Air(o) = &w.entry else { continue };
        let Some(power) = w.power.clone() else {
            a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: "whose squadrons these are cannot be told: put the order under a power's heading".into(),
            });
            continue;
        };
        let have = left.get(&power).copied().unwrap_or(0);
        let n = o.squadrons.min(have);
        if n < o.squadrons {
            a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: format!("{power} has {have} squadrons left to fly: {n} fly"),
            });
        }
        if n == 0 {
            continue;
        }
        left.insert(power.clone(), have - n);
        let sky = skies.entry(o.over.clone()).or_default();
        let side = if o.attack { &mut sky.0 } else { &mut sky.1 };
        *side.entry(power).or_default() += n;
    }
    let seed = phase_seed(game, next);
    for (k, (over, (attackers, defenders))) in skies.into_iter().enumerate() {
        let battle = crate::diplomacy::industry::air_battle(
            &over,
            &attackers,
            &defenders,
            seed.wrapping_add(k as u64),
        );
        for (p, n) in battle.attackers_lost.iter().chain(&battle.defenders_lost) {
            if let Some(h) = next.industry.get_mut(p) {
                h.squadrons = h.squadrons.saturating_sub(*n);
            }
        }
        for (p, n) in &battle.gained {
            if let Some(h) = next.industry.get_mut(p) {
                h.squadrons += n;
            }
        }
        if let Some(h) = next.industry.get_mut(&over) {
            h.ips = h.ips.saturating_sub(battle.industry_lost);
        }
        a.air_battles.push(battle);
    }
}

//! The parts of each force and the battles they fight: who is ordered what, which moves are
//! legal and convoyed, each battle's sides with their supports, losses, gains and defeats.

use super::*;

/// The power in each province at the start of the phase.
pub(super) fn occupants(board: &dyn Board, units: &[Unit]) -> BTreeMap<String, String> {
    units
        .iter()
        .filter(|u| u.strength > 0)
        .map(|u| (board.province(&u.location).to_string(), u.power.clone()))
        .collect()
}

/// Split each force into the parts its orders name; what no order names holds.
pub(super) fn allocate(
    board: &dyn Board,
    rules: &Rules,
    units: &[Unit],
    orders: &[FactorOrder],
) -> Vec<Part> {
    let mut left: Vec<u32> = units.iter().map(|u| u.strength).collect();
    let mut parts = Vec::new();
    let part = |u: &Unit, strength: u32, action: Action, void: Option<String>| Part {
        power: u.power.clone(),
        kind: u.kind,
        location: u.location.clone(),
        strength,
        action,
        void,
        lost: 0,
        gained: 0,
        defeated_by: Vec::new(),
        moved: false,
        reason: String::new(),
    };
    for o in orders {
        // The units the order may draw on: its kind, its location (any coast of the
        // province when none is named), its power.
        let province = board.province(&o.location);
        let named_coast = o.location.contains('/');
        let mut wanted = o.strength.unwrap_or(u32::MAX);
        for (i, u) in units.iter().enumerate() {
            if wanted == 0 {
                break;
            }
            let here = if named_coast {
                u.location == o.location
            } else {
                board.province(&u.location) == province
            };
            if !here || u.kind != o.kind || o.power.as_ref().is_some_and(|p| *p != u.power) {
                continue;
            }
            let n = wanted.min(left[i]);
            if n == 0 {
                continue;
            }
            left[i] -= n;
            wanted = wanted.saturating_sub(n);
            let void = (rules.neutrals.contains(&u.power) && o.action != Action::Hold)
                .then(|| "a neutral garrison neither moves nor supports".to_string());
            let action = if void.is_some() {
                Action::Hold
            } else {
                o.action.clone()
            };
            parts.push(part(u, n, action, void));
        }
    }
    for (i, u) in units.iter().enumerate() {
        if left[i] > 0 {
            parts.push(part(u, left[i], Action::Hold, None));
        }
    }
    parts
}

/// Whether an army's attack or move crosses water (no land move reaches it).
pub(super) fn is_convoyed(board: &dyn Board, p: &Part) -> bool {
    match &p.action {
        Action::Go { to, .. } => {
            p.kind == UnitKind::Army
                && !board.army_move(board.province(&p.location), board.province(to))
        }
        _ => false,
    }
}

/// Whether a part can reach `to` by its own move (a fleet: any coast of it, unless named).
pub(super) fn reaches(board: &dyn Board, kind: UnitKind, from: &str, to: &str) -> bool {
    match kind {
        UnitKind::Army => board.army_move(board.province(from), board.province(to)),
        UnitKind::Fleet if to.contains('/') => board.fleet_move(from, to),
        UnitKind::Fleet => board
            .fleet_locations(to)
            .iter()
            .any(|l| board.fleet_move(from, l)),
    }
}

/// Void the orders that cannot be carried out: a go or support where the part cannot move
/// (an army may go by convoy), a convoy by a fleet not at sea.
pub(super) fn check_legal(board: &dyn Board, parts: &mut [Part]) {
    for p in parts.iter_mut() {
        let why = match &p.action {
            Action::Hold => None,
            Action::Go { to, .. } => {
                let own = reaches(board, p.kind, &p.location, to);
                let by_sea = p.kind == UnitKind::Army && board.is_sea(board.province(to));
                if board.province(to) == board.province(&p.location) {
                    Some("it is where it stands".to_string())
                } else if own || (p.kind == UnitKind::Army && !by_sea) {
                    None
                } else {
                    Some(format!("it cannot reach {to}"))
                }
            }
            Action::Support { province, attack } => {
                let target = attack.as_ref().unwrap_or(province);
                (!reaches(board, p.kind, &p.location, target))
                    .then(|| format!("it could not move to {target}, so cannot support there"))
            }
            Action::Convoy { .. } => (!(p.kind == UnitKind::Fleet
                && board.is_sea(board.province(&p.location))))
            .then(|| "only a fleet at sea convoys".to_string()),
        };
        if let Some(w) = why {
            p.void = Some(w);
            p.action = Action::Hold;
        }
    }
}

/// Whether part `i`, an army going by sea, has a chain of convoying fleets that were
/// neither eliminated nor defeated without `NR`.
pub(super) fn convoy_route(
    board: &dyn Board,
    parts: &[Part],
    i: usize,
    nr: &BTreeSet<(String, String)>,
) -> bool {
    let Action::Go { to, .. } = &parts[i].action else {
        return false;
    };
    let from = board.province(&parts[i].location).to_string();
    let to = board.province(to).to_string();
    let seas: BTreeSet<String> = parts
        .iter()
        .filter(|p| {
            p.kind == UnitKind::Fleet
                && p.remaining() >= 1
                && (p.defeated_by.is_empty()
                    || nr.contains(&(p.power.clone(), board.province(&p.location).to_string())))
                && matches!(&p.action, Action::Convoy { from: f, to: t } if *f == from && *t == to)
        })
        .map(|p| board.province(&p.location).to_string())
        .collect();
    // Breadth first over the convoying seas, from those next to the army to one next to its
    // destination.
    let next_to = |sea: &str, land: &str| {
        board
            .fleet_locations(land)
            .iter()
            .any(|l| board.fleet_move(sea, l))
    };
    let mut seen: BTreeSet<String> = seas.iter().filter(|s| next_to(s, &from)).cloned().collect();
    let mut queue: Vec<String> = seen.iter().cloned().collect();
    while let Some(s) = queue.pop() {
        if next_to(&s, &to) {
            return true;
        }
        for n in &seas {
            if !seen.contains(n) && board.fleet_move(&s, n) {
                seen.insert(n.clone());
                queue.push(n.clone());
            }
        }
    }
    false
}

/// The factors of a part as a defender of its province against an attack from `from`.
pub(super) fn defence_value(p: &Part, from: &str) -> u32 {
    match &p.action {
        Action::Support {
            attack: Some(t), ..
        } if t != from => p.strength.div_ceil(2),
        _ => p.strength,
    }
}

/// Put `amount` losses on the parts `involved`: armies first, then fleets by location.
pub(super) fn take_losses(
    board: &dyn Board,
    rules: &Rules,
    parts: &mut [Part],
    involved: &[usize],
    mut amount: u32,
) {
    // What the power ordered to lose first, then armies before fleets, fleets by coast.
    let ordered = |p: &Part| {
        rules.lose_first.iter().any(|(power, at, kind)| {
            *power == p.power
                && *kind == p.kind
                && (*at == p.location || *at == board.province(&p.location))
        })
    };
    let mut order = involved.to_vec();
    order.sort_by(|a, b| {
        let key = |p: &Part| (!ordered(p), p.kind == UnitKind::Fleet, p.location.clone());
        key(&parts[*a]).cmp(&key(&parts[*b]))
    });
    for i in order {
        if amount == 0 {
            break;
        }
        let n = amount.min(parts[i].remaining());
        parts[i].lost += n;
        amount -= n;
    }
}

/// A gain of one factor goes to the first army in the battle, else its first fleet.
pub(super) fn take_gain(parts: &mut [Part], involved: &[usize]) {
    let best = involved.iter().copied().min_by_key(|i| {
        (
            parts[*i].kind == UnitKind::Fleet,
            parts[*i].location.clone(),
        )
    });
    if let Some(i) = best {
        parts[i].gained += 1;
    }
}

/// Fight every attack (those of convoyed armies when `convoyed_pass`, else the others).
pub(super) fn fight(
    board: &dyn Board,
    rules: &Rules,
    parts: &mut [Part],
    occupant: &BTreeMap<String, String>,
    convoyed: &[bool],
    convoyed_pass: bool,
    battles: &mut Vec<Battle>,
) {
    // Attacks grouped by power, origin and target.
    let mut groups: BTreeMap<(String, String, String), Vec<usize>> = BTreeMap::new();
    for (i, p) in parts.iter().enumerate() {
        if let Action::Go {
            to, attack: true, ..
        } = &p.action
        {
            if convoyed[i] == convoyed_pass {
                let key = (
                    p.power.clone(),
                    board.province(&p.location).to_string(),
                    board.province(to).to_string(),
                );
                groups.entry(key).or_default().push(i);
            }
        }
    }
    for ((power, from, to), attackers) in groups {
        let Some(defender) = occupant.get(&to).cloned() else {
            for i in &attackers {
                parts[*i].reason = format!("no battle: {to} was empty");
            }
            continue;
        };
        if defender == power {
            for i in &attackers {
                parts[*i].reason = format!("no battle: {to} holds its own units");
            }
            continue;
        }
        let defenders: Vec<usize> = (0..parts.len())
            .filter(|i| board.province(&parts[*i].location) == to && parts[*i].power == defender)
            .collect();
        let supports = |province: &str, attack: Option<&str>| -> u32 {
            parts
                .iter()
                .filter(|s| {
                    matches!(&s.action, Action::Support { province: p, attack: a }
                        if p == province && a.as_deref() == attack)
                })
                .map(|s| s.strength)
                .sum()
        };
        let attack: u32 =
            attackers.iter().map(|i| parts[*i].strength).sum::<u32>() + supports(&from, Some(&to));
        let defence: u32 = defenders
            .iter()
            .map(|i| defence_value(&parts[*i], &from))
            .sum::<u32>()
            + supports(&to, None);
        let (mut a_change, mut d_change) = (0i64, 0i64);
        if attack != defence {
            let (large, small) = (attack.max(defence), attack.min(defence));
            let attacker_wins = attack > defence;
            let loser_neutral = if attacker_wins {
                rules.neutrals.contains(&defender) && !rules.full_gain.contains(&to)
            } else {
                rules.neutrals.contains(&power) && !rules.full_gain.contains(&from)
            };
            let winner_change: i64 = if large < 2 * small {
                -1
            } else if large < 3 * small || loser_neutral {
                0
            } else {
                1
            };
            let loser_change = -i64::from(large - small);
            let (winners, losers, loser_from) = if attacker_wins {
                (&attackers, &defenders, from.clone())
            } else {
                (&defenders, &attackers, to.clone())
            };
            take_losses(board, rules, parts, losers, large - small);
            match winner_change {
                -1 => take_losses(board, rules, parts, winners, 1),
                1 => take_gain(parts, winners),
                _ => {}
            }
            for i in losers {
                parts[*i].defeated_by.push(loser_from.clone());
            }
            if attacker_wins {
                (a_change, d_change) = (winner_change, loser_change);
            } else {
                (a_change, d_change) = (loser_change, winner_change);
            }
        }
        for i in &attackers {
            parts[*i].reason = format!(
                "attack on {to}: {attack} against {defence}{}",
                match attack.cmp(&defence) {
                    std::cmp::Ordering::Greater => ", won",
                    std::cmp::Ordering::Less => ", defeated",
                    std::cmp::Ordering::Equal => ", equal: no losses",
                }
            );
        }
        battles.push(Battle {
            attacker: power,
            from,
            to,
            defender,
            attack,
            defence,
            attacker_change: a_change,
            defender_change: d_change,
        });
    }
}

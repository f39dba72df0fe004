//! Movement after the battles, by size alone, the units standing after it, and retreats.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Move {
    Unknown,
    Succeeds,
    Fails,
}

/// Decide every move after the battles; the provinces left empty by a standoff.
pub(super) fn movement(board: &dyn Board, parts: &mut [Part]) -> Vec<String> {
    let n = parts.len();
    let target: Vec<Option<String>> = parts
        .iter()
        .map(|p| match &p.action {
            Action::Go {
                to, advance: true, ..
            } if p.remaining() > 0 && p.defeated_by.is_empty() => Some(to.clone()),
            _ => None,
        })
        .collect();
    let origin: Vec<String> = parts
        .iter()
        .map(|p| board.province(&p.location).to_string())
        .collect();
    let province_of = |i: usize| origin[i].clone();
    let target_province =
        |i: usize| -> Option<String> { target[i].as_ref().map(|t| board.province(t).to_string()) };
    let mut state: Vec<Move> = target
        .iter()
        .map(|t| {
            if t.is_some() {
                Move::Unknown
            } else {
                Move::Fails
            }
        })
        .collect();
    // Exchanges stand off.
    for i in 0..n {
        let Some(to) = target_province(i) else {
            continue;
        };
        let from = province_of(i);
        if (0..n).any(|j| target_province(j).as_deref() == Some(&from) && province_of(j) == to) {
            state[i] = Move::Fails;
            parts[i].reason = format!("no move: units may not exchange provinces with {to}");
        }
    }
    // Each power's factors entering each province.
    let mut entering: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    for (i, p) in parts.iter().enumerate() {
        if let Some(to) = target_province(i) {
            *entering
                .entry(to)
                .or_default()
                .entry(p.power.clone())
                .or_default() += p.remaining();
        }
    }
    let largest = |power: &str, to: &str| -> bool {
        let e = &entering[to];
        let mine = e.get(power).copied().unwrap_or(0);
        e.iter().all(|(p, n)| p == power || *n < mine)
    };
    // A province's occupants after the battles: who stays, and whether all of them are
    // leaving (or retreating).
    loop {
        let mut changed = false;
        for i in 0..n {
            if state[i] != Move::Unknown {
                continue;
            }
            let to = target_province(i).unwrap_or_default();
            let power = parts[i].power.clone();
            let staying: Vec<usize> = (0..n)
                .filter(|j| {
                    *j != i
                        && province_of(*j) == to
                        && parts[*j].remaining() > 0
                        && parts[*j].defeated_by.is_empty()
                })
                .collect();
            let mut unknown = false;
            let mut own_stays = false;
            let mut other_stays = false;
            for j in &staying {
                match state[*j] {
                    Move::Succeeds => {}
                    Move::Unknown => unknown = true,
                    Move::Fails => {
                        if parts[*j].power == power {
                            own_stays = true;
                        } else {
                            other_stays = true;
                        }
                    }
                }
            }
            let decided = if own_stays {
                Some(true)
            } else if other_stays {
                Some(false)
            } else if unknown {
                None
            } else {
                Some(largest(&power, &to))
            };
            if let Some(ok) = decided {
                state[i] = if ok { Move::Succeeds } else { Move::Fails };
                changed = true;
            }
        }
        if !changed {
            // What is left waits on itself: a ring of moves, each into a province the next
            // leaves. It moves when every mover in it is the largest entering.
            let ring: Vec<usize> = (0..n).filter(|i| state[*i] == Move::Unknown).collect();
            if ring.is_empty() {
                break;
            }
            for i in ring {
                let to = target_province(i).unwrap_or_default();
                state[i] = if largest(&parts[i].power, &to) {
                    Move::Succeeds
                } else {
                    Move::Fails
                };
            }
        }
    }
    let mut standoffs = BTreeSet::new();
    for i in 0..n {
        let Some(to) = target_province(i) else {
            continue;
        };
        parts[i].moved = state[i] == Move::Succeeds;
        let verdict = if parts[i].moved {
            format!("moves to {to}")
        } else if parts[i].reason.starts_with("no move") {
            continue;
        } else {
            format!("no move to {to}")
        };
        parts[i].reason = if parts[i].reason.is_empty() {
            verdict
        } else {
            format!("{}; {verdict}", parts[i].reason)
        };
    }
    // A standoff: a province two powers entered with equal largest sides, empty after.
    for (to, e) in &entering {
        let top = e.values().copied().max().unwrap_or(0);
        let tied = e.values().filter(|n| **n == top).count() > 1;
        let someone_there = (0..n).any(|i| {
            (parts[i].moved && target_province(i).as_deref() == Some(to))
                || (province_of(i) == *to
                    && !parts[i].moved
                    && parts[i].remaining() > 0
                    && parts[i].defeated_by.is_empty())
        });
        if tied && !someone_there {
            standoffs.insert(to.clone());
        }
    }
    standoffs.into_iter().collect()
}

/// Where every part is after movement (retreating parts left out), summed by power, kind
/// and location.
pub(super) fn units_after(board: &dyn Board, parts: &[Part]) -> Vec<Unit> {
    let mut at: BTreeMap<(String, String, UnitKind), u32> = BTreeMap::new();
    for p in parts {
        let n = p.remaining();
        if n == 0 || !p.defeated_by.is_empty() {
            continue;
        }
        let location = match (&p.action, p.moved) {
            (Action::Go { to, .. }, true) => match p.kind {
                UnitKind::Army => board.province(to).to_string(),
                UnitKind::Fleet if to.contains('/') => to.clone(),
                UnitKind::Fleet => board
                    .fleet_locations(to)
                    .into_iter()
                    .find(|l| board.fleet_move(&p.location, l))
                    .unwrap_or_else(|| to.clone()),
            },
            _ => p.location.clone(),
        };
        *at.entry((p.power.clone(), location, p.kind)).or_default() += n;
    }
    at.into_iter()
        .map(|((power, location, kind), strength)| Unit {
            power,
            kind,
            location,
            strength,
        })
        .collect()
}

/// The defeated parts that must retreat, with their options.
pub(super) fn retreats(
    board: &dyn Board,
    rules: &Rules,
    parts: &[Part],
    after: &[Unit],
    standoffs: &[String],
) -> Vec<Retreat> {
    let occupied: BTreeSet<&str> = after.iter().map(|u| board.province(&u.location)).collect();
    let mut out: Vec<Retreat> = Vec::new();
    for p in parts {
        if p.defeated_by.is_empty() || p.remaining() == 0 {
            continue;
        }
        let options = if rules.neutrals.contains(&p.power) {
            Vec::new()
        } else {
            let moves = match p.kind {
                UnitKind::Army => board.army_moves_from(board.province(&p.location)),
                UnitKind::Fleet => board.fleet_moves_from(&p.location),
            };
            let mut o: Vec<String> = moves
                .into_iter()
                .filter(|l| {
                    let pr = board.province(l);
                    !occupied.contains(pr)
                        && !standoffs.iter().any(|s| s == pr)
                        && !p.defeated_by.iter().any(|d| d == pr)
                })
                .collect();
            o.sort();
            o.dedup();
            o
        };
        match out
            .iter_mut()
            .find(|r| r.power == p.power && r.kind == p.kind && r.location == p.location)
        {
            Some(r) => r.strength += p.remaining(),
            None => out.push(Retreat {
                power: p.power.clone(),
                kind: p.kind,
                location: p.location.clone(),
                strength: p.remaining(),
                options,
            }),
        }
    }
    out
}

/// Resolve the retreats: each retreating part and where it is ordered (`None`: disbanded).
/// Of two or more reaching one province, the largest arrives and the others are eliminated
/// (equal largest: all). Returns where each arrives, in the order of `retreats`.
pub fn resolve_retreats(
    board: &dyn Board,
    retreats: &[Retreat],
    orders: &[Option<String>],
) -> Vec<Option<String>> {
    let wanted: Vec<Option<&String>> = retreats
        .iter()
        .enumerate()
        .map(|(i, r)| {
            orders
                .get(i)
                .and_then(Option::as_ref)
                .filter(|to| r.options.contains(to))
        })
        .collect();
    (0..retreats.len())
        .map(|i| {
            let to = wanted[i]?;
            let pr = board.province(to);
            let rivals = (0..retreats.len())
                .filter(|j| *j != i && wanted[*j].is_some_and(|t| board.province(t) == pr));
            let beaten = rivals
                .into_iter()
                .any(|j| retreats[j].strength >= retreats[i].strength);
            (!beaten).then(|| to.clone())
        })
        .collect()
}

//! The adjustment phase: each power's supply centres against its units. A power with more
//! centres than units may build, one unit per vacant home centre it owns (a fleet only on a
//! coast, naming the coast of a province with several); one with fewer disbands. Orders
//! beyond the number allowed fail, in the order given; so do builds in a centre that is not
//! a home centre of the power, not owned, or occupied, and disbands of a unit that is not
//! the power's.
//!
//! A power that orders too few disbands is in civil disorder ([`civil_disorder`]): the rules
//! remove its units farthest from the supply centres it owns (the 2023 rules; earlier
//! editions counted from home centres), counting moves of any kind through any province and
//! coast, fleets before armies at equal distance, then in alphabetical order of province.

use std::collections::BTreeMap;

use serde::Serialize;

use super::orders::{Command, Order};
use super::{Board, Unit, UnitKind};

/// Who owns the supply centres and whose home centres they are.
#[derive(Debug, Clone, Default)]
pub struct Centres {
    /// Owner power of each owned centre (province id).
    pub owner: BTreeMap<String, String>,
    /// Each power's home centres.
    pub home: BTreeMap<String, Vec<String>>,
}

impl Centres {
    /// How many centres a power owns.
    pub fn count(&self, power: &str) -> usize {
        self.owner.values().filter(|p| same(p, power)).count()
    }
}

/// How an adjustment order ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Adjusted {
    /// The order's power.
    pub power: String,
    /// Build or disband.
    pub command: Command,
    /// Army or fleet.
    pub kind: UnitKind,
    /// Where.
    pub location: String,
    /// Whether it was carried out.
    pub succeeds: bool,
    /// Why not.
    pub why: Option<String>,
}

fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
    a == b || (a.len() >= 3 && b.starts_with(&a)) || (b.len() >= 3 && a.starts_with(&b))
}

/// Resolve the adjustment orders of every power.
pub fn resolve(
    board: &dyn Board,
    units: &[Unit],
    centres: &Centres,
    orders: &[Order],
) -> Vec<Adjusted> {
    let mut out = Vec::new();
    // Builds and disbands used so far, per power; centres and units already claimed.
    let mut used: BTreeMap<String, usize> = BTreeMap::new();
    let mut built: Vec<String> = Vec::new();
    let mut removed: Vec<usize> = Vec::new();
    for o in orders {
        let power = o.power.clone().unwrap_or_default();
        let owned = centres.count(&power);
        let have = units.iter().filter(|u| same(&u.power, &power)).count();
        let here = board.province(&o.unit).to_string();
        let fail = |why: String| (false, Some(why));
        let (succeeds, why) = match o.command {
            Command::Build => {
                let allowed = owned.saturating_sub(have);
                let is_home = centres
                    .home
                    .iter()
                    .any(|(p, homes)| same(p, &power) && homes.contains(&here));
                let owns = centres.owner.get(&here).is_some_and(|p| same(p, &power));
                let occupied = units.iter().any(|u| board.province(&u.location) == here)
                    || built.contains(&here);
                let fits = match o.kind {
                    UnitKind::Army => !board.is_sea(&here),
                    // A split-coast province's coasts, not the province, are where a fleet
                    // may be.
                    UnitKind::Fleet => board.fleet_locations(&here).contains(&o.unit),
                };
                if !is_home {
                    fail(format!("`{here}` is not a home centre of {power}"))
                } else if !owns {
                    fail(format!("{power} does not own `{here}`"))
                } else if occupied {
                    fail(format!("`{here}` is not empty"))
                } else if !fits {
                    fail(format!("a {:?} cannot be built at `{}`", o.kind, o.unit).to_lowercase())
                } else if used.get(&power).copied().unwrap_or(0) >= allowed {
                    fail(format!("{power} may build {allowed}"))
                } else {
                    *used.entry(power.clone()).or_default() += 1;
                    built.push(here.clone());
                    (true, None)
                }
            }
            Command::Disband => {
                let allowed = have.saturating_sub(owned);
                let unit = units.iter().position(|u| {
                    board.province(&u.location) == here
                        && u.kind == o.kind
                        && same(&u.power, &power)
                });
                match unit {
                    None => fail(format!("{power} has no {:?} in `{here}`", o.kind).to_lowercase()),
                    Some(k) if removed.contains(&k) => fail("the unit is disbanded already".into()),
                    Some(_) if used.get(&power).copied().unwrap_or(0) >= allowed => {
                        fail(format!("{power} must disband {allowed}"))
                    }
                    Some(k) => {
                        *used.entry(power.clone()).or_default() += 1;
                        removed.push(k);
                        (true, None)
                    }
                }
            }
            _ => fail("an adjustment is a build or a disband".into()),
        };
        out.push(Adjusted {
            power,
            command: o.command.clone(),
            kind: o.kind,
            location: o.unit.clone(),
            succeeds,
            why,
        });
    }
    out
}

/// The units a power in civil disorder loses: those of `power` not already disbanded
/// (`gone`, indices into `units`) beyond its centres, farthest from an owned centre first.
pub fn civil_disorder(
    board: &dyn Board,
    units: &[Unit],
    centres: &Centres,
    power: &str,
    gone: &[usize],
) -> Vec<usize> {
    let mine: Vec<usize> = (0..units.len())
        .filter(|i| same(&units[*i].power, power) && !gone.contains(i))
        .collect();
    let excess = mine.len().saturating_sub(centres.count(power));
    if excess == 0 {
        return Vec::new();
    }
    let owned: Vec<&str> = centres
        .owner
        .iter()
        .filter(|(_, p)| same(p, power))
        .map(|(c, _)| c.as_str())
        .collect();
    let mut ranked: Vec<(usize, usize)> = mine
        .iter()
        .map(|&i| (i, distance(board, &units[i].location, &owned)))
        .collect();
    ranked.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| {
                let fleet = |i: usize| units[i].kind != UnitKind::Fleet;
                fleet(a.0).cmp(&fleet(b.0))
            })
            .then_with(|| {
                board
                    .province(&units[a.0].location)
                    .cmp(board.province(&units[b.0].location))
            })
    });
    ranked.into_iter().take(excess).map(|(i, _)| i).collect()
}

/// The fewest moves of any kind (armies' between provinces, fleets' between locations)
/// from `from` to a location of one of `targets` (provinces); `usize::MAX` when none.
fn distance(board: &dyn Board, from: &str, targets: &[&str]) -> usize {
    let mut seen: Vec<String> = Vec::new();
    let mut frontier: Vec<String> = vec![from.to_string()];
    let mut steps = 0;
    while !frontier.is_empty() {
        // A province and its coasts are one place: reaching one reaches all, for nothing.
        let mut here: Vec<String> = Vec::new();
        for l in frontier {
            let p = board.province(&l).to_string();
            let mut same_place = board.fleet_locations(&p);
            same_place.push(p);
            same_place.push(l);
            for x in same_place {
                if !seen.contains(&x) {
                    seen.push(x.clone());
                    here.push(x);
                }
            }
        }
        if here.iter().any(|l| targets.contains(&board.province(l))) {
            return steps;
        }
        let mut next = Vec::new();
        for l in &here {
            let mut around = board.fleet_moves_from(l);
            if !l.contains('/') {
                around.extend(board.army_moves_from(l));
            }
            for n in around {
                if !seen.contains(&n) && !next.contains(&n) {
                    next.push(n);
                }
            }
        }
        frontier = next;
        steps += 1;
    }
    usize::MAX
}

//! Industrial points (IPs) and aircraft: what a power's industry pays for each winter
//! (supplying unit factors, building units, squadrons and factories, gifts), what it loses
//! when a home centre falls (a share of its IPs and squadrons), air battles over a country,
//! and victory by industry. The rules are Nicky Palmer's multi-factor Diplomacy (rules 3, 4,
//! 7, 10, 12, 18), written by what they are so that any variant with an economy can use them;
//! the costs are parameters ([`Costs`]).
//!
//! - **Winter**: every factor kept costs `supply`; factors not supplied are disbanded. A unit
//!   is built in an unoccupied home centre its power controls at `build` per factor, a
//!   squadron at `squadron`, a new IP of industry at `factory` (usable from the next winter).
//!   What is left may be given to other powers.
//! - **A home centre lost** in an autumn takes with it `IPs / home centres held before`
//!   (rounded down), which the invader holds until it is retaken, and destroys
//!   `squadrons / home centres held before` squadrons (rounded down).
//! - **Air battles** over a country are decided as land battles (the smaller side loses the
//!   difference; the larger loses one under 2:1, nothing to under 3:1, gains one from 3:1); an
//!   attack five or more squadrons larger than the defence destroys one IP per five of the
//!   surplus. Where a side has squadrons of several powers, each loss falls on a squadron
//!   drawn at random with equal chances, by a seeded roll the report shows.
//! - **Victory**: a power controlling more IPs than all others together wins; one with none
//!   is eliminated.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use serde::Serialize;

use super::{Unit, UnitKind};

/// What each use of industry costs, in IPs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Costs {
    /// Keeping one unit factor for a year.
    pub supply: u32,
    /// Building one unit factor.
    pub build: u32,
    /// Building one squadron.
    pub squadron: u32,
    /// Building one IP of industry.
    pub factory: u32,
}

impl Default for Costs {
    /// Rule 10: one IP per factor supplied, two per factor built (and per squadron, as the
    /// rule's example prices it), four per new IP.
    fn default() -> Self {
        Self {
            supply: 1,
            build: 2,
            squadron: 2,
            factory: 4,
        }
    }
}

/// A power's orders for one winter.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct WinterOrders {
    /// Factors to keep: (location, kind, factors).
    pub supply: Vec<(String, UnitKind, u32)>,
    /// Factors to build: (home centre, kind, factors).
    pub build: Vec<(String, UnitKind, u32)>,
    /// Squadrons to build.
    pub squadrons: u32,
    /// IPs of industry to build.
    pub factories: u32,
    /// IPs given to other powers.
    pub gifts: Vec<(String, u32)>,
}

/// A winter's accounts for one power.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WinterReport {
    /// IPs to spend.
    pub available: u32,
    /// Spent on supply.
    pub supply: u32,
    /// Spent on units built.
    pub build: u32,
    /// Spent on squadrons.
    pub squadrons: u32,
    /// Spent on factories.
    pub factories: u32,
    /// Given away.
    pub gifts: u32,
    /// Left over (negative: short by that much, and the orders cannot all be carried out).
    pub left: i64,
    /// Factors not supplied, disbanded: one entry per location and kind.
    pub disbanded: Vec<Unit>,
    /// Orders that break the rules, in words.
    pub problems: Vec<String>,
}

/// Check a power's winter orders against its IPs, units and free home centres (unoccupied
/// and controlled).
pub fn winter(
    costs: &Costs,
    available: u32,
    units: &[Unit],
    free_home_centres: &[String],
    orders: &WinterOrders,
) -> WinterReport {
    let mut problems = Vec::new();
    let mut disbanded = Vec::new();
    let mut supplied_total = 0;
    for u in units {
        let asked: u32 = orders
            .supply
            .iter()
            .filter(|(l, k, _)| *l == u.location && *k == u.kind)
            .map(|(_, _, n)| n)
            .sum();
        let kept = asked.min(u.strength);
        if asked > u.strength {
            problems.push(format!(
                "supply of {asked} {} factors at {}, which holds {}",
                kind_word(u.kind),
                u.location,
                u.strength
            ));
        }
        supplied_total += kept;
        if kept < u.strength {
            disbanded.push(Unit {
                strength: u.strength - kept,
                ..u.clone()
            });
        }
    }
    for (l, k, _) in &orders.supply {
        if !units.iter().any(|u| u.location == *l && u.kind == *k) {
            problems.push(format!(
                "supply of {} factors at {l}, where it has none",
                kind_word(*k)
            ));
        }
    }
    let mut built = 0;
    for (l, k, n) in &orders.build {
        if !free_home_centres.contains(l) {
            problems.push(format!(
                "build of {} {n} at {l}: units are built only in unoccupied home centres \
                 the power controls",
                kind_word(*k)
            ));
        }
        built += n;
    }
    let gifts: u32 = orders.gifts.iter().map(|(_, n)| n).sum();
    let spent = |n: u32, cost: u32| n.saturating_mul(cost);
    let report = WinterReport {
        available,
        supply: spent(supplied_total, costs.supply),
        build: spent(built, costs.build),
        squadrons: spent(orders.squadrons, costs.squadron),
        factories: spent(orders.factories, costs.factory),
        gifts,
        left: 0,
        disbanded,
        problems,
    };
    let total = u64::from(report.supply)
        + u64::from(report.build)
        + u64::from(report.squadrons)
        + u64::from(report.factories)
        + u64::from(report.gifts);
    WinterReport {
        left: i64::from(available) - i64::try_from(total).unwrap_or(i64::MAX),
        ..report
    }
}

fn kind_word(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Army => "army",
        UnitKind::Fleet => "fleet",
    }
}

/// What a home centre lost takes with it: the IPs (to the invader) and the squadrons
/// destroyed, each the power's total divided by the home centres it held before, rounded
/// down.
pub fn home_centre_lost(ips: u32, squadrons: u32, held_before: u32) -> (u32, u32) {
    if held_before == 0 {
        return (0, 0);
    }
    (ips / held_before, squadrons / held_before)
}

/// One side of an air battle: squadrons by power.
pub type Squadrons = BTreeMap<String, u32>;

/// An air battle over a country, decided.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AirBattle {
    /// The country attacked.
    pub over: String,
    /// Attacking squadrons.
    pub attack: u32,
    /// Defending squadrons.
    pub defence: u32,
    /// Squadrons each attacking power lost.
    pub attackers_lost: Squadrons,
    /// Squadrons each defending power lost.
    pub defenders_lost: Squadrons,
    /// Squadrons gained (at 3:1 or more), by power.
    pub gained: Squadrons,
    /// IPs the country loses to the bombing.
    pub industry_lost: u32,
    /// The seed of the rolls that chose which powers' squadrons fall.
    pub seed: u64,
    /// Each roll: the side (`attack`/`defence`), the squadron drawn (1-based among the
    /// side's remaining ones) and its power.
    pub rolls: Vec<(String, u32, String)>,
}

/// Decide an air battle over `over`; rolls from `seed`.
pub fn air_battle(
    over: &str,
    attackers: &Squadrons,
    defenders: &Squadrons,
    seed: u64,
) -> AirBattle {
    let attack: u32 = attackers.values().sum();
    let defence: u32 = defenders.values().sum();
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut rolls = Vec::new();
    let mut attackers_lost = Squadrons::new();
    let mut defenders_lost = Squadrons::new();
    let mut gained = Squadrons::new();
    if attack != defence && attack > 0 && defence > 0 {
        let (large, small) = (attack.max(defence), attack.min(defence));
        let winner_change: i64 = if large < 2 * small {
            -1
        } else if large < 3 * small {
            0
        } else {
            1
        };
        let (win, lose, win_lost, lose_lost, win_name, lose_name) = if attack > defence {
            (
                attackers,
                defenders,
                &mut attackers_lost,
                &mut defenders_lost,
                "attack",
                "defence",
            )
        } else {
            (
                defenders,
                attackers,
                &mut defenders_lost,
                &mut attackers_lost,
                "defence",
                "attack",
            )
        };
        draw(
            &mut rng,
            lose,
            large - small,
            lose_lost,
            lose_name,
            &mut rolls,
        );
        match winner_change {
            -1 => draw(&mut rng, win, 1, win_lost, win_name, &mut rolls),
            1 => {
                let mut one = Squadrons::new();
                draw(&mut rng, win, 1, &mut one, win_name, &mut rolls);
                gained = one;
            }
            _ => {}
        }
    }
    let surplus = attack.saturating_sub(defence);
    AirBattle {
        over: over.to_string(),
        attack,
        defence,
        attackers_lost,
        defenders_lost,
        gained,
        industry_lost: if surplus >= 5 { surplus / 5 } else { 0 },
        seed,
        rolls,
    }
}

/// Draw `n` squadrons of `side` at random, each remaining squadron with an equal chance.
fn draw(
    rng: &mut Pcg64,
    side: &Squadrons,
    n: u32,
    lost: &mut Squadrons,
    name: &str,
    rolls: &mut Vec<(String, u32, String)>,
) {
    for _ in 0..n {
        let remaining: Vec<(&String, u32)> = side
            .iter()
            .map(|(p, k)| (p, k - lost.get(p).copied().unwrap_or(0)))
            .filter(|(_, k)| *k > 0)
            .collect();
        let total: u32 = remaining.iter().map(|(_, k)| k).sum();
        if total == 0 {
            return;
        }
        let roll = rng.gen_range(1..=total);
        let mut acc = 0;
        for (p, k) in remaining {
            acc += k;
            if roll <= acc {
                *lost.entry(p.clone()).or_default() += 1;
                rolls.push((name.to_string(), roll, p.clone()));
                break;
            }
        }
    }
}

/// The power that controls more IPs than all the others together, if one does.
pub fn winner(ips: &BTreeMap<String, u32>) -> Option<&str> {
    let total: u32 = ips.values().sum();
    ips.iter()
        .find(|(_, n)| **n > total - **n)
        .map(|(p, _)| p.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(kind: UnitKind, at: &str, n: u32) -> Unit {
        Unit {
            power: "england".into(),
            kind,
            location: at.into(),
            strength: n,
        }
    }

    #[test]
    fn rule_10s_english_winter() {
        // England by autumn 1939 holds Norway, Belgium and Ireland with its home centres:
        // 10 + 3 × 2 = 16 IPs. Units F1 Ire, F1 Nwy, F2 NTH, A2 Bel. It builds P1 (2),
        // supplies F1 Nwy, F1 NTH, A2 Bel (4), builds A3 in London (6) and one IP (4).
        let units = [
            unit(UnitKind::Fleet, "ire", 1),
            unit(UnitKind::Fleet, "nwy", 1),
            unit(UnitKind::Fleet, "nth", 2),
            unit(UnitKind::Army, "bel", 2),
        ];
        let orders = WinterOrders {
            supply: vec![
                ("nwy".into(), UnitKind::Fleet, 1),
                ("nth".into(), UnitKind::Fleet, 1),
                ("bel".into(), UnitKind::Army, 2),
            ],
            build: vec![("lon".into(), UnitKind::Army, 3)],
            squadrons: 1,
            factories: 1,
            gifts: vec![],
        };
        let home = ["lon".to_string(), "lvp".into(), "edi".into()];
        let r = winter(&Costs::default(), 16, &units, &home, &orders);
        assert_eq!((r.supply, r.build, r.squadrons, r.factories), (4, 6, 2, 4));
        assert_eq!(r.left, 0);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        // F1 (Ire) and one factor of the F2 (NTH) are disbanded.
        let gone: Vec<(&str, u32)> = r
            .disbanded
            .iter()
            .map(|u| (u.location.as_str(), u.strength))
            .collect();
        assert_eq!(gone, vec![("ire", 1), ("nth", 1)]);
        // One IP more than it has, and a build in a centre it does not hold free.
        let mut more = orders.clone();
        more.factories = 2;
        more.build.push(("par".into(), UnitKind::Army, 1));
        let r = winter(&Costs::default(), 16, &units, &home, &more);
        assert_eq!(r.left, -6);
        assert_eq!(r.problems.len(), 1);
    }

    #[test]
    fn rule_7s_squadrons_and_rule_12s_london() {
        // P6 with three home centres: London falls, 6/3 = 2 squadrons lost, 4 left; lost
        // again after retaking it: 4/3 = 1.
        assert_eq!(home_centre_lost(10, 6, 3), (3, 2));
        assert_eq!(home_centre_lost(10, 4, 3).1, 1);
        // Rule 12: London holds 10/3 = 3 of England's IPs for the invader. Retaken after
        // England's industry grew back to 10, the 3 return: 13, and a centre lost then
        // takes 4.
        let (taken, _) = home_centre_lost(10, 0, 3);
        assert_eq!(taken, 3);
        assert_eq!(home_centre_lost(10 + taken, 0, 3).0, 4);
        assert_eq!(home_centre_lost(10, 6, 0), (0, 0));
    }

    #[test]
    fn air_losses_fall_on_squadrons_at_random_with_equal_chances() {
        // Rule 18: 2 Russian and 3 French squadrons attack Germany against 6: the attack
        // (5 against 6) loses 1, the defence (6 < 2 × 5) loses 1. The lost attacker is
        // Russian with a chance of 2 in 5.
        let attackers: Squadrons = [("russia".to_string(), 2), ("france".to_string(), 3)].into();
        let defenders: Squadrons = [("germany".to_string(), 6)].into();
        let mut russian = 0;
        for seed in 0..2000 {
            let b = air_battle("germany", &attackers, &defenders, seed);
            assert_eq!(b.attackers_lost.values().sum::<u32>(), 1);
            assert_eq!(b.defenders_lost.get("germany"), Some(&1));
            assert_eq!(b.industry_lost, 0);
            russian += b.attackers_lost.get("russia").copied().unwrap_or(0);
        }
        assert!((700..900).contains(&russian), "{russian} of 2000");
        // The same seed, the same rolls.
        assert_eq!(
            air_battle("germany", &attackers, &defenders, 7),
            air_battle("germany", &attackers, &defenders, 7)
        );
    }

    #[test]
    fn a_bombing_five_squadrons_over_the_defence_costs_industry() {
        let attackers: Squadrons = [("england".to_string(), 12)].into();
        let defenders: Squadrons = [("germany".to_string(), 2)].into();
        let b = air_battle("germany", &attackers, &defenders, 1);
        assert_eq!(b.industry_lost, 2, "a surplus of 10");
        assert_eq!(
            b.defenders_lost.get("germany"),
            Some(&2),
            "all 2 (10 asked)"
        );
        assert_eq!(b.gained.get("england"), Some(&1), "6:1 gains one");
        let attackers: Squadrons = [("england".to_string(), 6)].into();
        let b = air_battle("germany", &attackers, &defenders, 1);
        assert_eq!(b.industry_lost, 0, "a surplus of 4");
    }

    #[test]
    fn victory_is_more_industry_than_all_others_together() {
        let ips: BTreeMap<String, u32> = [
            ("germany".to_string(), 40),
            ("france".into(), 20),
            ("italy".into(), 19),
        ]
        .into();
        assert_eq!(winner(&ips), Some("germany"));
        let ips: BTreeMap<String, u32> = [
            ("germany".to_string(), 39),
            ("france".into(), 20),
            ("italy".into(), 19),
        ]
        .into();
        assert_eq!(winner(&ips), None);
    }
}

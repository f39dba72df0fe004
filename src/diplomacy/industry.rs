//! Industrial points (IPs) and aircraft: what a power loses when a home centre falls (a
//! share of its IPs and squadrons), air battles over a country, and victory by industry. The
//! rules are Nicky Palmer's multi-factor Diplomacy (rules 3, 4, 7, 12, 18), written by what
//! they are so that any variant with an economy can use them. What a winter's IPs buy is
//! [`super::forces`]'s (the costs are `[rules.industry]` parameters).
//!
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

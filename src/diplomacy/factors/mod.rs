//! Multi-factor units: a province holds a power's army and fleet factors (`A3`, `F7`), and
//! each order moves, attacks, supports or convoys a part of them. Combat and movement are
//! separate actions: an attack (`a`) is a battle against the whole force in the province
//! attacked, decided by the sizes of the two sides with supports; a move (`M`) is decided
//! afterwards by size alone; `aM` does both. This is the combat of Nicky Palmer's
//! multi-factor Diplomacy (rules 13–15, 17), written by what it is so that any variant with
//! units of many factors can use it. Orders are read in `orders.rs`, battles fought in
//! `battles.rs`, movement and retreats in `movement.rs`.
//!
//! - **Battles** are fought per direction (an attack from A on B and one from B on A are two
//!   battles), each against the full force of the province attacked, from the strengths at
//!   the start of the phase. The attack is its factors plus the supports of that attack; the
//!   defence is every factor in the province (whatever its orders) plus the supports of its
//!   defence, except that a part supporting an attack on any province but the attacker's
//!   counts half (rounded up). Supports are never cut. An attack on a province empty at the
//!   start of the phase does nothing.
//! - **Losses**: equal sides lose nothing; else the smaller loses the difference and the
//!   larger loses one factor under 2:1, nothing from 2:1 to under 3:1, and gains one at 3:1 or
//!   more (the rules' "twice but not three times" leaves exactly 3:1 to the gain) — except
//!   against a neutral (`Rules::neutrals`) outside `Rules::full_gain`. Losses and gains fall
//!   on the units in the battle (the attacking parts; every part of the province attacked),
//!   never on supports, armies before fleets, fleets by coast in alphabetical order; losses
//!   beyond the units in the battle are lost.
//! - **Defeat**: the smaller side of a battle is defeated. A defeated part retreats after
//!   movement (and does not move), unless its province's force is marked `NR`: then it loses
//!   two more factors and stays. A neutral that must retreat is eliminated.
//! - **Convoys**: a fleet of one factor or more in each sea of the chain, ordered to convoy
//!   the army's attack or move; the convoy fails if one of them is eliminated, or defeated
//!   without `NR`. Battles without a convoyed army are fought first, then the convoys are
//!   known, then the convoyed battles (a convoy paradox is therefore settled by the convoy's
//!   own battles not counting against it).
//! - **Movement**: a move succeeds into a province holding units of the mover's power that
//!   stay; into a province empty after the battles (its occupants retreating or all moving
//!   out) when the mover's power is larger than every other power entering it (the factors of
//!   all its moves there together); never into a province where another power's units stay,
//!   nor when two sides would exchange provinces. Equal largest sides stand off.
//! - **Retreats**: to a neighbouring location by the unit's own moves, empty after the
//!   movement, not a standoff and not the province of an attack that defeated it; of two
//!   retreating to one province the larger arrives and the smaller is eliminated (equal: both).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use serde::Serialize;

use super::orders::OrderError;
use super::{Board, Unit, UnitKind};

mod battles;
mod movement;
mod orders;

use battles::*;
pub use movement::resolve_retreats;
use movement::*;
pub use orders::parse;

/// What the rules say of neutral units, by game.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    /// Powers whose units never move or support and are eliminated when they must retreat.
    pub neutrals: BTreeSet<String>,
    /// Provinces whose neutral garrison does let a 3:1 winner gain a factor.
    pub full_gain: BTreeSet<String>,
    /// Losses ordered to fall first on a kind (rule 13.6 "unless otherwise instructed"):
    /// (power, a location — a province, or a coast for fleets — and the kind).
    pub lose_first: BTreeSet<(String, String, UnitKind)>,
}

/// What a part of a province's force is ordered to do.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "order", rename_all = "kebab-case")]
pub enum Action {
    /// Stay and defend.
    Hold,
    /// Attack a province (`a`), move into it (`M`) or both (`aM`).
    Go {
        /// The province (or a coast, for a fleet).
        to: String,
        /// Fights a battle there.
        attack: bool,
        /// Moves there after the battles.
        advance: bool,
    },
    /// Support the force in `province` against attacks (`attack: None`) or in its attack on
    /// a province.
    Support {
        /// The supported force's province.
        province: String,
        /// The province it attacks, for a support of an attack.
        attack: Option<String>,
    },
    /// Convoy the army in `from` to `to` (provinces).
    Convoy {
        /// The army's province.
        from: String,
        /// Where it attacks or moves.
        to: String,
    },
}

/// An order to a part of a force: `A3 Vie a Bud`, `A2(Vie) aM Bud`, `F Tri S A Ser aM Alb`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FactorOrder {
    /// The power, when written (`Germany: …`).
    pub power: Option<String>,
    /// Army or fleet factors.
    pub kind: UnitKind,
    /// How many factors, or `None`: all of that kind there not otherwise ordered.
    pub strength: Option<u32>,
    /// Where they stand (a coast for a fleet on a split coast, when written).
    pub location: String,
    /// What they do.
    pub action: Action,
    /// `NR`: the force in the province does not retreat when defeated (it loses two more
    /// factors instead).
    pub no_retreat: bool,
}

/// A part of a force as the phase resolved it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Part {
    /// The power.
    pub power: String,
    /// Army or fleet factors.
    pub kind: UnitKind,
    /// Where they stood.
    pub location: String,
    /// Factors at the start of the phase.
    pub strength: u32,
    /// What they were to do (a hold when unordered or when the order was void).
    pub action: Action,
    /// Why the order was void, when it was.
    pub void: Option<String>,
    /// Factors lost (more than `strength` is elimination).
    pub lost: u32,
    /// Factors gained.
    pub gained: u32,
    /// The provinces of the attacks that defeated it (an attacker: the province it attacked).
    pub defeated_by: Vec<String>,
    /// Whether its move succeeded.
    pub moved: bool,
    /// Why, in words.
    pub reason: String,
}

impl Part {
    /// Factors after the battles.
    pub fn remaining(&self) -> u32 {
        (self.strength + self.gained).saturating_sub(self.lost)
    }
}

/// One battle: an attack from one province on another.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Battle {
    /// The attacking power.
    pub attacker: String,
    /// Where the attack came from.
    pub from: String,
    /// The province attacked.
    pub to: String,
    /// The defending power.
    pub defender: String,
    /// Attack: factors and supports.
    pub attack: u32,
    /// Defence: factors (halved where the rules say) and supports.
    pub defence: u32,
    /// The attacker's change in factors (negative: lost).
    pub attacker_change: i64,
    /// The defender's change in factors.
    pub defender_change: i64,
}

/// A part that must retreat, and where it may go.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Retreat {
    /// The power.
    pub power: String,
    /// Army or fleet.
    pub kind: UnitKind,
    /// Where it stood.
    pub location: String,
    /// Its factors.
    pub strength: u32,
    /// The locations it may retreat to, sorted (none for a neutral: it is eliminated).
    pub options: Vec<String>,
}

/// A phase of combat and movement resolved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Resolution {
    /// Every part of every force, with its order and fate.
    pub parts: Vec<Part>,
    /// The battles fought.
    pub battles: Vec<Battle>,
    /// Provinces left empty by a standoff.
    pub standoffs: Vec<String>,
    /// Defeated parts that must retreat.
    pub retreats: Vec<Retreat>,
    /// The units after movement (retreating ones not included), one per power, kind and
    /// location, sorted.
    pub units: Vec<Unit>,
}

/// Resolve a phase of combat and movement: `units` (any number of factors each, any
/// number per province of one power) and the `orders` to parts of them.
pub fn resolve(
    board: &dyn Board,
    rules: &Rules,
    units: &[Unit],
    orders: &[FactorOrder],
) -> Resolution {
    let mut parts = allocate(board, rules, units, orders);
    check_legal(board, &mut parts);
    let occupant = occupants(board, units);
    let nr: BTreeSet<(String, String)> = orders
        .iter()
        .filter(|o| o.no_retreat)
        .filter_map(|o| {
            let p = board.province(&o.location).to_string();
            let power = o.power.clone().or_else(|| occupant.get(&p).cloned())?;
            Some((power, p))
        })
        .collect();
    let mut battles = Vec::new();
    // Battles without a convoyed army, then the convoys, then the convoyed battles.
    let convoyed: Vec<bool> = (0..parts.len())
        .map(|i| is_convoyed(board, &parts[i]))
        .collect();
    fight(
        board,
        rules,
        &mut parts,
        &occupant,
        &convoyed,
        false,
        &mut battles,
    );
    let convoy_holds: Vec<bool> = (0..parts.len())
        .map(|i| !convoyed[i] || convoy_route(board, &parts, i, &nr))
        .collect();
    for (i, ok) in convoy_holds.iter().enumerate() {
        if !ok {
            parts[i].void = Some("its convoy failed".into());
            parts[i].action = Action::Hold;
        }
    }
    fight(
        board,
        rules,
        &mut parts,
        &occupant,
        &convoyed,
        true,
        &mut battles,
    );
    // No retreat: a defeated force marked NR loses two more factors and stays.
    for p in &mut parts {
        let key = (p.power.clone(), board.province(&p.location).to_string());
        if !p.defeated_by.is_empty() && nr.contains(&key) {
            p.lost += 2;
            p.defeated_by.clear();
            p.reason
                .push_str("; defeated but holds (NR): two more factors lost");
        }
    }
    let standoffs = movement(board, &mut parts);
    let units_after = units_after(board, &parts);
    let retreats = retreats(board, rules, &parts, &units_after, &standoffs);
    Resolution {
        parts,
        battles,
        standoffs,
        retreats,
        units: units_after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diplomacy::board::ProvinceBoard;
    use crate::testgame::diplomacy::game;

    fn unit(power: &str, kind: UnitKind, at: &str, n: u32) -> Unit {
        Unit {
            power: power.into(),
            kind,
            location: at.into(),
            strength: n,
        }
    }

    fn army(power: &str, at: &str, n: u32) -> Unit {
        unit(power, UnitKind::Army, at, n)
    }

    fn fleet(power: &str, at: &str, n: u32) -> Unit {
        unit(power, UnitKind::Fleet, at, n)
    }

    fn run(units: &[Unit], orders: &[&str], rules: &Rules) -> Resolution {
        let game = game();
        let board = ProvinceBoard::first(&game).expect("a province board");
        let orders: Vec<FactorOrder> = orders
            .iter()
            .map(|o| parse(o, &board).unwrap_or_else(|e| panic!("{o}: {e}")))
            .collect();
        resolve(&board, rules, units, &orders)
    }

    fn strength(r: &Resolution, power: &str, at: &str) -> u32 {
        r.units
            .iter()
            .filter(|u| u.power == power && u.location.split('/').next() == Some(at))
            .map(|u| u.strength)
            .sum()
    }

    fn neutral() -> Rules {
        Rules {
            neutrals: ["neutral".to_string()].into(),
            full_gain: ["swi".to_string()].into(),
            lose_first: Default::default(),
        }
    }

    #[test]
    fn the_notation_of_parts_attacks_moves_supports_and_convoys() {
        let game = game();
        let b = ProvinceBoard::first(&game).expect("a province board");
        let o = parse("A3 Vie a Bud", &b).unwrap();
        assert_eq!((o.kind, o.strength), (UnitKind::Army, Some(3)));
        assert_eq!(
            o.action,
            Action::Go {
                to: "bud".into(),
                attack: true,
                advance: false
            }
        );
        let o = parse("A2(Vie) aM Bud NR", &b).unwrap();
        assert!(o.no_retreat);
        assert!(matches!(
            o.action,
            Action::Go {
                attack: true,
                advance: true,
                ..
            }
        ));
        let o = parse("A(Ser) SF(Tri) aM Alb", &b).unwrap();
        assert_eq!(
            o.action,
            Action::Support {
                province: "tri".into(),
                attack: Some("alb".into())
            }
        );
        let o = parse("A Vie S F Tri", &b).unwrap();
        assert_eq!(
            o.action,
            Action::Support {
                province: "tri".into(),
                attack: None
            }
        );
        let o = parse("F1 NTH C A7 Yor a Den", &b).unwrap();
        assert_eq!(
            o.action,
            Action::Convoy {
                from: "yor".into(),
                to: "den".into()
            }
        );
        assert!(parse("X3 Vie a Bud", &b).is_err());
        assert!(parse("A3 Atlantis a Bud", &b).is_err());
        assert!(parse("A3 Vie Q Bud", &b).is_err());
    }

    #[test]
    fn a_battle_over_three_to_one_gains_the_winner_a_factor() {
        // Germany's A7 attacks France's A2 in Burgundy: 7 against 2, over 3:1. France
        // loses 5 (eliminated), Germany gains one; the attack was not a move, so Germany
        // stays in Munich with A8.
        let units = [army("germany", "mun", 7), army("france", "bur", 2)];
        let r = run(&units, &["A7 Mun a Bur"], &Rules::default());
        assert_eq!(r.battles[0].attacker_change, 1);
        assert_eq!(r.battles[0].defender_change, -5);
        assert_eq!(strength(&r, "germany", "mun"), 8);
        assert_eq!(strength(&r, "france", "bur"), 0);
        assert!(r.retreats.is_empty(), "nothing of France's army is left");
    }

    #[test]
    fn exactly_three_to_one_gains_and_two_to_one_holds_even() {
        let units = [army("germany", "mun", 6), army("france", "bur", 2)];
        let r = run(&units, &["A6 Mun a Bur"], &Rules::default());
        assert_eq!(r.battles[0].attacker_change, 1, "3:1 gains");
        let units = [army("germany", "mun", 4), army("france", "bur", 2)];
        let r = run(&units, &["A4 Mun a Bur"], &Rules::default());
        assert_eq!(
            r.battles[0].attacker_change, 0,
            "2:1 neither loses nor gains"
        );
        let units = [army("germany", "mun", 3), army("france", "bur", 2)];
        let r = run(&units, &["A3 Mun aM Bur"], &Rules::default());
        assert_eq!(
            r.battles[0].attacker_change, -1,
            "under 2:1 the winner loses one"
        );
        // France A2 loses 1 and retreats; Germany's A2 left after its loss moves in.
        assert_eq!(strength(&r, "germany", "bur"), 2);
        assert_eq!(r.retreats.len(), 1);
        assert_eq!(r.retreats[0].strength, 1);
        assert!(!r.retreats[0].options.contains(&"mun".to_string()));
    }

    #[test]
    fn a_neutral_gives_no_gain_and_is_eliminated_when_it_must_retreat() {
        let units = [army("germany", "mun", 7), army("neutral", "tyr", 2)];
        let r = run(&units, &["A7 Mun aM Tyr"], &neutral());
        assert_eq!(r.battles[0].attacker_change, 0, "no gain against a neutral");
        assert_eq!(strength(&r, "germany", "tyr"), 7);
        // Switzerland is the exception (given here as a full-gain province).
        let units = [army("germany", "mun", 3), army("neutral", "bur", 1)];
        let rules = Rules {
            full_gain: ["bur".to_string()].into(),
            ..neutral()
        };
        let r = run(&units, &["A3 Mun a Bur"], &rules);
        assert_eq!(r.battles[0].attacker_change, 1);
        // A neutral defeated but not eliminated has nowhere to go.
        let units = [army("germany", "mun", 3), army("neutral", "tyr", 2)];
        let r = run(&units, &["A3 Mun a Tyr"], &neutral());
        assert_eq!(r.retreats.len(), 1);
        assert!(r.retreats[0].options.is_empty());
        // Its orders to move or support are void.
        let r = run(&units, &["A Tyr a Mun"], &neutral());
        assert!(r.parts.iter().any(|p| p.void.is_some()));
        assert!(r.battles.is_empty());
    }

    #[test]
    fn no_retreat_loses_two_more_and_stays() {
        let units = [army("germany", "mun", 5), army("france", "bur", 3)];
        let r = run(&units, &["A5 Mun aM Bur", "A Bur H NR"], &Rules::default());
        // 5 against 3: France loses 2 (A1 left) and 2 more for NR: eliminated. Germany
        // loses 1 and enters the province left empty.
        assert_eq!(strength(&r, "france", "bur"), 0);
        assert_eq!(strength(&r, "germany", "bur"), 4);
        assert!(r.retreats.is_empty());
        let units = [army("germany", "mun", 6), army("france", "bur", 5)];
        let r = run(&units, &["A6 Mun aM Bur", "A Bur H NR"], &Rules::default());
        assert_eq!(strength(&r, "france", "bur"), 2, "5 - 1 - 2");
        assert_eq!(strength(&r, "germany", "mun"), 5, "6 - 1, and it stays");
    }

    #[test]
    fn a_supporter_of_an_attack_elsewhere_defends_at_half() {
        // Rules example: A(Ser) S F(Tri) aM Alb. Serbia's A3 is attacked from Bulgaria by
        // Turkey's A3: Serbia defends at 2 (3 halved, rounded up), Turkey wins 3 to 2.
        let units = [
            army("austria", "ser", 3),
            fleet("austria", "tri", 2),
            army("turkey", "bul", 3),
            army("italy", "alb", 1),
        ];
        let r = run(
            &units,
            &["A Ser S F Tri aM Alb", "F Tri aM Alb", "A3 Bul a Ser"],
            &Rules::default(),
        );
        let on_serbia = r.battles.iter().find(|b| b.to == "ser").expect("a battle");
        assert_eq!((on_serbia.attack, on_serbia.defence), (3, 2));
        // The support is not cut: Trieste's F2 with A3's support beats Albania's A1.
        let on_albania = r.battles.iter().find(|b| b.to == "alb").expect("a battle");
        assert_eq!((on_albania.attack, on_albania.defence), (5, 1));
        assert_eq!(
            strength(&r, "austria", "alb"),
            3,
            "F2 gains one at 5:1 and moves"
        );
    }

    #[test]
    fn several_attacks_on_one_province_are_each_against_the_full_defence() {
        let units = [
            army("germany", "mun", 3),
            army("italy", "tyr", 3),
            army("france", "bur", 2),
        ];
        let r = run(&units, &["A3 Mun a Bur", "A3 Tyr a Mun"], &Rules::default());
        // Two battles: Germany 3 v France 2 (Germany -1, France -1, defeated) and Italy 3
        // against Germany's full 3: equal, nothing.
        assert_eq!(r.battles.len(), 2);
        let tyr = r
            .battles
            .iter()
            .find(|b| b.from == "tyr")
            .expect("a battle");
        assert_eq!((tyr.attack, tyr.defence), (3, 3));
        assert_eq!(strength(&r, "germany", "mun"), 2);
        assert_eq!(r.retreats[0].location, "bur");
    }

    #[test]
    fn moves_go_by_size_stand_off_when_equal_and_never_exchange() {
        let units = [army("germany", "mun", 3), army("france", "mar", 2)];
        let r = run(&units, &["A Mun M Bur", "A Mar M Bur"], &Rules::default());
        assert_eq!(strength(&r, "germany", "bur"), 3);
        let units = [army("germany", "mun", 2), army("france", "mar", 2)];
        let r = run(&units, &["A Mun M Bur", "A Mar M Bur"], &Rules::default());
        assert_eq!(r.standoffs, vec!["bur".to_string()]);
        // Germany and France swap: a standoff, however the sizes.
        let units = [army("germany", "mun", 5), army("france", "bur", 1)];
        let r = run(&units, &["A Mun M Bur", "A Bur M Mun"], &Rules::default());
        assert_eq!(strength(&r, "germany", "mun"), 5);
        assert_eq!(strength(&r, "france", "bur"), 1);
        // A part moves into a province its own power holds whatever enters beside it.
        let units = [
            army("germany", "mun", 1),
            army("germany", "ruh", 1),
            army("france", "bur", 4),
        ];
        let r = run(&units, &["A Ruh M Mun", "A Bur M Mun"], &Rules::default());
        assert_eq!(strength(&r, "germany", "mun"), 2);
        assert_eq!(strength(&r, "france", "bur"), 4);
        // Part of a force moves and the rest stays: nobody else may enter.
        let units = [army("germany", "mun", 3), army("france", "bur", 2)];
        let r = run(&units, &["A2 Mun M Ruh", "A Bur M Mun"], &Rules::default());
        assert_eq!(strength(&r, "germany", "mun"), 1);
        assert_eq!(strength(&r, "germany", "ruh"), 2);
        assert_eq!(strength(&r, "france", "bur"), 2);
    }

    #[test]
    fn a_ring_of_moves_turns() {
        let units = [
            army("germany", "mun", 1),
            army("france", "bur", 1),
            army("italy", "ruh", 1),
        ];
        let r = run(
            &units,
            &["A Mun M Bur", "A Bur M Ruh", "A Ruh M Mun"],
            &Rules::default(),
        );
        assert_eq!(strength(&r, "germany", "bur"), 1);
        assert_eq!(strength(&r, "france", "ruh"), 1);
        assert_eq!(strength(&r, "italy", "mun"), 1);
    }

    #[test]
    fn one_fleet_factor_convoys_and_others_support_the_landing() {
        // Rule 17: an A7 in York convoyed to attack Denmark by one factor of an F5 in the
        // North Sea, with the other F4 supporting: 11 against Denmark's A2.
        let units = [
            army("england", "yor", 7),
            fleet("england", "nth", 5),
            army("neutral", "den", 2),
        ];
        let r = run(
            &units,
            &[
                "A7 Yor aM Den",
                "F1 NTH C A Yor a Den",
                "F4 NTH S A Yor a Den",
            ],
            &neutral(),
        );
        let b = r.battles.iter().find(|b| b.to == "den").expect("a battle");
        assert_eq!((b.attack, b.defence), (11, 2));
        assert_eq!(
            strength(&r, "england", "den"),
            7,
            "no gain against a neutral"
        );
        // Without the convoy the army cannot go.
        let r = run(&units, &["A7 Yor aM Den"], &neutral());
        assert!(r.battles.is_empty());
        assert_eq!(strength(&r, "england", "yor"), 7);
    }

    #[test]
    fn a_convoy_fails_when_its_fleet_is_defeated() {
        let units = [
            army("england", "yor", 3),
            fleet("england", "nth", 1),
            fleet("germany", "hel", 3),
            army("france", "bel", 1),
        ];
        let r = run(
            &units,
            &["A3 Yor aM Bel", "F NTH C A Yor a Bel", "F3 Hel a NTH"],
            &Rules::default(),
        );
        assert!(r.battles.iter().all(|b| b.to != "bel"));
        assert_eq!(strength(&r, "england", "yor"), 3);
        assert_eq!(strength(&r, "france", "bel"), 1);
    }

    #[test]
    fn retreats_to_one_province_the_larger_arrives() {
        let game = game();
        let b = ProvinceBoard::first(&game).expect("a province board");
        let r = |loc: &str, n: u32| Retreat {
            power: "p".into(),
            kind: UnitKind::Army,
            location: loc.into(),
            strength: n,
            options: vec!["bur".into()],
        };
        let rs = [r("mun", 3), r("mar", 2)];
        let to = resolve_retreats(&b, &rs, &[Some("bur".into()), Some("bur".into())]);
        assert_eq!(to, vec![Some("bur".to_string()), None]);
        let rs = [r("mun", 2), r("mar", 2)];
        let to = resolve_retreats(&b, &rs, &[Some("bur".into()), Some("bur".into())]);
        assert_eq!(to, vec![None, None]);
    }
}

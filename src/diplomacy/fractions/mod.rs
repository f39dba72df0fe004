//! Hidden fractional units (`[rules.fractions]`): a unit ordered to disperse stands for the
//! phase and leaves the board as parts (`A Bou disperses - 1/3 A Lor, 1/3 A Swa, 1/3 A
//! Ruh`), each in a different province it could move to. Parts are seen only by their owner;
//! they move as units of their kind (`1/3 A Lor - Bel`) but through any unit, are never
//! attacked, and a move fails only when more than a whole unit of parts would stand in one
//! province (every move into it then fails). Parts of one power and kind in a province or
//! one move from it may form a unit there (`A Bur forms from 1/3 A Lor, 1/3 A Swa, 1/3 A
//! Ruh`), which moves in like a unit from nowhere: it may be supported (`A Mun S A Bur
//! forms`), is never cut, and fails against a stronger defence or rival. With `boarding`,
//! army parts in a coastal province board a fleet in a sea next to it as the phase begins
//! (`1/3 A Pic - Eng`), ride it unseen (fewer than a whole unit aboard one fleet), and
//! disembark at the end of a phase into a coastal province next to the fleet or onto another
//! fleet (`1/3 A Eng - Bel`); a fleet moving into a coastal province sets its riders down
//! there, and riders of a dislodged fleet are lost with it.
//!
//! `orders.rs` reads part orders, `plan.rs` plans them before the resolver runs and
//! `settle.rs` places the parts after it; this file holds what they share.
//!
//! [`plan`] reads a phase's part orders before the movement resolver runs (the dispersing
//! units, the units forming as arrivals from nowhere, the supports they get) and [`settle`]
//! places the parts after it. Every part order has a private result for its power only;
//! the public report sees a dispersing unit stand and a formed unit appear.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Serialize;

use super::movement::{display, kind_letter, Outcome};
use super::orders::{Command, Order, OrderError};
use super::outcome::Verdict;
use super::{Board, Unit, UnitKind};
use crate::model::rules::{FractionRules, Share};

mod orders;
mod plan;
mod settle;

pub use orders::{is_fraction_order, parse, FractionOrder};
pub use plan::{is_arrival, Arrivals, Formed, Given, HiddenResult, Plan, WithArrivals};
pub use settle::{breaches, settle, Settled};

/// A part of a unit on the board, seen only by its power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fraction {
    /// Its power (side id).
    pub power: String,
    /// Army or fleet.
    pub kind: UnitKind,
    /// The part of a unit it is.
    #[serde(serialize_with = "share_text")]
    pub size: Share,
    /// Where it is; an army part at sea rides the fleet there.
    pub location: String,
}

fn share_text<S: serde::Serializer>(s: &Share, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(&s.to_string())
}

/// A part as positions and orders write it: `1/3 A lor`.
pub fn fraction_text(f: &Fraction) -> String {
    format!("{} {} {}", f.size, kind_letter(f.kind), f.location)
}

/// A part as reports name it: `1/3 A Lor`.
pub fn fraction_label(f: &Fraction) -> String {
    format!(
        "{} {} {}",
        f.size,
        kind_letter(f.kind),
        display(&f.location)
    )
}

/// A part named in an order: `1/3 A Lor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Part {
    /// The part of a unit.
    #[serde(serialize_with = "share_text")]
    pub size: Share,
    /// Army or fleet.
    pub kind: UnitKind,
    /// Where it is (an order naming a part) or goes (a dispersal).
    pub location: String,
}

/// Parts of units added up, exactly: a part is small (`1/3`, a denominator up to 1000), but
/// a sum of parts of many denominators is not, so sums are of unbounded integers.
pub type Worth = num_rational::Ratio<num_bigint::BigUint>;

/// A part as a term of a sum.
fn worth(size: &Share) -> Worth {
    Worth::new(
        num_bigint::BigUint::from(*size.numer()),
        num_bigint::BigUint::from(*size.denom()),
    )
}

/// `n` whole units.
fn whole_units(n: u32) -> Worth {
    Worth::from_integer(num_bigint::BigUint::from(n))
}

/// The sum of parts.
fn total<'a>(sizes: impl IntoIterator<Item = &'a Share>) -> Worth {
    sizes.into_iter().fold(whole_units(0), |a, b| a + worth(b))
}

/// Units' worth of parts a power has: the parts of `fractions` added up and rounded up.
pub fn units_worth(fractions: &[Fraction], power: &str) -> u32 {
    total(
        fractions
            .iter()
            .filter(|f| f.power == power)
            .map(|f| &f.size),
    )
    .ceil()
    .to_integer()
    .try_into()
    .unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board that knows a few names and lets everything move.
    struct Names;

    impl Board for Names {
        fn army_move(&self, _: &str, _: &str) -> bool {
            true
        }
        fn army_moves_from(&self, _: &str) -> Vec<String> {
            Vec::new()
        }
        fn fleet_move(&self, _: &str, _: &str) -> bool {
            true
        }
        fn fleet_moves_from(&self, _: &str) -> Vec<String> {
            Vec::new()
        }
        fn fleet_locations(&self, p: &str) -> Vec<String> {
            vec![p.to_string()]
        }
        fn is_sea(&self, p: &str) -> bool {
            p == "eng"
        }
        fn resolve_name(&self, name: &str) -> Option<String> {
            let id = name.to_ascii_lowercase();
            [
                "bou", "lor", "swa", "ruh", "bur", "mun", "pic", "eng", "bel",
            ]
            .contains(&id.as_str())
            .then_some(id)
        }
    }

    fn third(kind: UnitKind, at: &str) -> Part {
        Part {
            size: Share::new(1, 3),
            kind,
            location: at.into(),
        }
    }

    #[test]
    fn the_rules_own_notation_reads_as_ours() {
        let ours = parse("A Bou disperses - 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh", &Names);
        let printed = parse(
            "A(Bou) disperses - 1/3 A(Lor), 1/3 A(Swa), 1/3 A (Ruh)",
            &Names,
        );
        assert_eq!(ours, printed);
        assert_eq!(
            ours,
            Ok(FractionOrder::Disperse {
                kind: UnitKind::Army,
                unit: "bou".into(),
                parts: vec![
                    third(UnitKind::Army, "lor"),
                    third(UnitKind::Army, "swa"),
                    third(UnitKind::Army, "ruh")
                ],
            })
        );
        assert_eq!(
            parse(
                "A Bur forms from 1/3 A Lor, 1/3 A Swa and 1/3 A Ruh",
                &Names
            ),
            Ok(FractionOrder::Form {
                kind: UnitKind::Army,
                at: "bur".into(),
                parts: vec![
                    third(UnitKind::Army, "lor"),
                    third(UnitKind::Army, "swa"),
                    third(UnitKind::Army, "ruh")
                ],
            })
        );
        assert_eq!(
            parse("A Mun S A Bur forms", &Names),
            Ok(FractionOrder::Support {
                kind: UnitKind::Army,
                unit: "mun".into(),
                at: "bur".into(),
            })
        );
        assert_eq!(
            parse("1/3 A Pic - Eng", &Names),
            Ok(FractionOrder::Move {
                part: third(UnitKind::Army, "pic"),
                to: "eng".into(),
            })
        );
    }

    #[test]
    fn what_is_not_an_order_to_parts_says_why() {
        for (text, why) in [
            ("2/0 A Lor - Bel", "not a part"),
            ("1/3 A Xyz - Bel", "no location `Xyz`"),
            ("A Bou disperses", "names its parts"),
            ("A Bur forms from", "forms from parts"),
            ("A Mun S A Bur forms now", "after a complete order"),
            ("1/3 A Lor", "a move"),
        ] {
            let e = parse(text, &Names).expect_err(text);
            assert!(e.message.contains(why), "{text}: {e}");
            assert!(is_fraction_order(text), "{text}");
        }
        assert!(!is_fraction_order("A Par - Bur"));
        assert!(!is_fraction_order("F Lon S A Wal - Bel"));
    }

    #[test]
    fn a_power_is_worth_its_parts_rounded_up() {
        let part = |power: &str, n: u32, d: u32| Fraction {
            power: power.into(),
            kind: UnitKind::Army,
            size: Share::new(n, d),
            location: "lor".into(),
        };
        let parts = [
            part("a", 1, 3),
            part("a", 1, 3),
            part("a", 1, 6),
            part("b", 1, 3),
        ];
        assert_eq!(units_worth(&parts, "a"), 1);
        assert_eq!(units_worth(&parts, "b"), 1);
        assert_eq!(units_worth(&parts, "c"), 0);
        let whole = [
            part("a", 1, 3),
            part("a", 1, 3),
            part("a", 1, 3),
            part("a", 1, 6),
        ];
        assert_eq!(units_worth(&whole, "a"), 2);
    }
}

//! One phase of a game on a province board adjudicated from a [`Position`] and the orders
//! written for it: which phase it is comes from the position and the game's calendar
//! (movement, retreat or adjustment, by the phase's `orders`); the report gives every
//! order's outcome and why, the orders that fit no unit, dislodged units with their retreat
//! options, standoffs, builds and disbands (civil disorder included), the supply centres
//! that change hands, victory, and the next position.
//!
//! The next position: after a movement phase with dislodgements, the retreat phase of the
//! same turn; otherwise the next phase of the turn, or the first of the next turn — skipping
//! a retreat phase with nothing to retreat and an adjustment phase in which no power has
//! anything to build or disband, as judges do. Supply centres change hands when the
//! movement and retreats of a turn the game's `[rules.control]` names are over: a power's
//! unit standing in a centre takes it (the control helper decides, under the game's rule).

use std::collections::BTreeMap;

use serde::Serialize;

use super::adjust::{self, Adjusted, Centres};
use super::board::ProvinceBoard;
use super::forces;
use super::fractions::{self, Formed, FractionOrder, Given, HiddenResult, Plan};
use super::frozen::Ice;
use super::movement::{self, display, kind_letter, label};
use super::orders::{Command, Order};
use super::orders_file::{Entry, Written};
pub use super::outcome::{DislodgedResult, OrderResult, PhaseError, Unused, Verdict};
use super::position::{self, to_positions, turn_phases, unit_text, Position, PositionView};
use super::retreat::{self, Situation};
use super::{Board, Unit, UnitKind};
use crate::helpers::control::{self, ControlOptions};
use crate::helpers::victory::{self, VictoryOptions, VictoryReport};
use crate::model::rules::ControlRule;
use crate::model::{Game, OrderPhase, PhaseId, TurnId};

/// One power's adjustment.
#[derive(Debug, Clone, Serialize)]
pub struct PowerAdjustment {
    /// The power.
    pub power: String,
    /// Supply centres owned.
    pub centres: usize,
    /// Units on the board.
    pub units: usize,
    /// Builds allowed (centres beyond units), or 0.
    pub builds_allowed: usize,
    /// Builds it can make: allowed, as far as it has vacant home centres it owns.
    pub builds_possible: usize,
    /// Disbands owed (units beyond centres), or 0.
    pub disbands_owed: usize,
    /// Units built (`A par`).
    pub built: Vec<String>,
    /// Units disbanded as ordered.
    pub disbanded: Vec<String>,
    /// Units removed by the rules because too few disbands were ordered (civil disorder).
    pub civil_disorder: Vec<String>,
    /// Builds allowed but not made (waived in words or by silence, or for want of a vacant
    /// home centre).
    pub waived: usize,
}

/// A supply centre changing hands at the end of a turn.
#[derive(Debug, Clone, Serialize)]
pub struct CentreChange {
    /// The centre.
    pub centre: String,
    /// Its owner before (absent: unowned).
    pub from: Option<String>,
    /// Its owner now.
    pub to: Option<String>,
}

/// A phase that was passed over, and why.
#[derive(Debug, Clone, Serialize)]
pub struct Skipped {
    /// `Spring 1901`.
    pub turn: String,
    /// `Retreats`.
    pub phase: String,
    /// Why.
    pub why: String,
}

/// What happens to a unit on the board between this position and the next (for a save's
/// pieces).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "change", rename_all = "kebab-case")]
pub enum UnitChange {
    /// A unit moves (or retreats) from its location to `to`.
    Moved {
        /// The unit, where it stood.
        unit: Unit,
        /// Where it goes.
        to: String,
    },
    /// A unit leaves the board (disbanded, or found no retreat).
    Removed {
        /// The unit.
        unit: Unit,
    },
    /// A unit is built.
    Built {
        /// The unit, where it is built.
        unit: Unit,
    },
}

/// The adjudication of one phase.
#[derive(Debug, Clone, Serialize)]
pub struct Adjudication {
    /// The turn resolved (id).
    pub turn: String,
    /// Its name.
    pub turn_name: String,
    /// The phase resolved (id).
    pub phase: String,
    /// Its name.
    pub phase_name: String,
    /// Which orders it takes.
    pub orders_kind: OrderPhase,
    /// Every unit's order (movement), every dislodged unit's (retreat), every adjustment
    /// order (adjustment), by power in side order.
    pub orders: Vec<OrderResult>,
    /// Orders that fit no unit.
    pub unused: Vec<Unused>,
    /// Movement: the dislodged units.
    pub dislodged: Vec<DislodgedResult>,
    /// Movement: provinces a standoff left empty.
    pub standoffs: Vec<String>,
    /// Adjustment: each power's.
    pub adjustments: Vec<PowerAdjustment>,
    /// Supply centres that changed hands at the end of the turn.
    pub centres_changed: Vec<CentreChange>,
    /// Phases passed over on the way to the next position.
    pub skipped: Vec<Skipped>,
    /// Victory, evaluated when supply centres were counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub victory: Option<VictoryReport>,
    /// The next position (absent when the calendar ends).
    pub next: Option<PositionView>,
    /// The next position itself.
    #[serde(skip)]
    pub next_position: Option<Position>,
    /// The units that move, leave or arrive on the way there.
    #[serde(skip)]
    pub changes: Vec<UnitChange>,
    /// Multi-factor games: the battles fought, each direction apart.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub battles: Vec<super::factors::Battle>,
    /// Multi-factor games with isolation: the forces that could trace no supply line at the
    /// end of a turn that counts centres, removed, each with what blocked it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub isolated: Vec<super::isolation::Trace>,
    /// Games with industry: each power's winter.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub winter: Vec<forces::WinterResult>,
    /// Games with industry: the air battles over each power, with their seeded rolls.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub air_battles: Vec<super::industry::AirBattle>,
    /// Games with industry, when control was counted: each power's IPs (home and provinces).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub industrial_points: Vec<(String, u32)>,
    /// Games with industry: home centres lost and taken back at the end of the turn, with the
    /// IPs and squadrons they took or gave back.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub home_centres: Vec<forces::HomeCentreChange>,
    /// Games with industry: the powers eliminated for having no IPs left, their forces
    /// removed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<String>,
    /// Games with industry: the power holding more IPs than all the others together.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Games with hidden parts: units dislodged while dispersing (the dispersal succeeds;
    /// public, among the retreats).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dispersed: Vec<DislodgedResult>,
    /// Games with hidden parts: units formed from parts (public once they stand).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub formed: Vec<Formed>,
    /// Games with hidden parts: the result of every order to parts, each for its power's
    /// eyes only ([`Adjudication::seen_by`] keeps one power's).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hidden: Vec<HiddenResult>,
}

/// Who a report is for, in a game with hidden parts of units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// The referee: everything.
    Referee,
    /// Every player: nothing hidden.
    Public,
    /// One power (side id): what every player sees, and its own hidden parts.
    Power(String),
}

impl Adjudication {
    /// The report as `audience` may see it: the results of orders to hidden parts and the
    /// parts in the next position only for their own power.
    pub fn seen_by(&self, audience: &Audience) -> Adjudication {
        let keep = |power: &str| match audience {
            Audience::Referee => true,
            Audience::Public => false,
            Audience::Power(p) => p == power,
        };
        let mut a = self.clone();
        a.hidden.retain(|h| keep(&h.power));
        if let Some(next) = &mut a.next {
            for p in &mut next.powers {
                if !keep(&p.power) {
                    p.fractions.clear();
                }
            }
        }
        a
    }
}

/// Adjudicate the position's phase with the written orders.
pub fn adjudicate(
    board: &ProvinceBoard,
    position: &Position,
    written: &[Written],
) -> Result<Adjudication, PhaseError> {
    let game = board.game;
    let kind = position.orders(game).ok_or_else(|| {
        PhaseError(format!(
            "{} of {} takes no written orders",
            game.phases
                .get(position.phase)
                .map_or("?", |p| p.name.as_str()),
            game.turns
                .get(position.turn)
                .map_or("?", |t| t.name.as_str())
        ))
    })?;
    let mut a = Adjudication {
        turn: game.turns[position.turn].id.clone(),
        turn_name: game.turns[position.turn].name.clone(),
        phase: game.phases[position.phase].id.clone(),
        phase_name: game.phases[position.phase].name.clone(),
        orders_kind: kind,
        orders: Vec::new(),
        unused: Vec::new(),
        dislodged: Vec::new(),
        standoffs: Vec::new(),
        adjustments: Vec::new(),
        centres_changed: Vec::new(),
        skipped: Vec::new(),
        victory: None,
        next: None,
        next_position: None,
        changes: Vec::new(),
        battles: Vec::new(),
        isolated: Vec::new(),
        winter: Vec::new(),
        air_battles: Vec::new(),
        industrial_points: Vec::new(),
        home_centres: Vec::new(),
        eliminated: Vec::new(),
        winner: None,
        dispersed: Vec::new(),
        formed: Vec::new(),
        hidden: Vec::new(),
    };
    let after = if game.rules.multi_factor.is_some() {
        let mut r = forces::ForceReport::default();
        let after = match kind {
            OrderPhase::Movement => forces::movement_phase(board, position, written, &mut r),
            OrderPhase::Retreat => forces::retreat_phase(board, position, written, &mut r),
            OrderPhase::Adjustment => forces::adjustment_phase(board, position, written, &mut r)?,
        };
        a.orders = r.orders;
        a.unused = r.unused;
        a.dislodged = r.dislodged;
        a.standoffs = r.standoffs;
        a.battles = r.battles;
        a.air_battles = r.air_battles;
        a.winter = r.winter;
        after
    } else {
        match kind {
            OrderPhase::Movement => movement_phase(board, position, written, &mut a),
            OrderPhase::Retreat => retreat_phase(board, position, written, &mut a),
            OrderPhase::Adjustment => adjustment_phase(board, position, written, &mut a),
        }
    };
    let rank = |p: &str| game.side_index(p).unwrap_or(usize::MAX);
    a.orders.sort_by_key(|o| rank(&o.power));
    a.hidden.sort_by_key(|h| rank(&h.power));
    let next = if after.dislodged.is_empty() || kind != OrderPhase::Movement {
        advance(board, after, &mut a)
    } else {
        // The retreat phase of this turn.
        let phases = turn_phases(game, position.turn);
        let at = phases
            .iter()
            .position(|p| *p == position.phase)
            .unwrap_or(0);
        phases
            .get(at + 1)
            .copied()
            .filter(|p| game.phases[*p].orders == Some(OrderPhase::Retreat))
            .map(|p| Position {
                phase: p,
                ..after.clone()
            })
            .or_else(|| advance(board, after, &mut a))
    };
    a.next = next.as_ref().map(|p| position::view(game, p));
    a.next_position = next;
    Ok(a)
}

/// The orders that fit units, one per unit (a later order for a unit replaces an earlier
/// one); the rest go to `unused`.
fn orders_for<'w>(
    board: &ProvinceBoard,
    units: &[Unit],
    written: &'w [Written],
    what: &str,
    unused: &mut Vec<Unused>,
) -> Vec<Option<&'w Written>> {
    let mut chosen: Vec<Option<&Written>> = vec![None; units.len()];
    for w in written {
        let not = |why: String, unused: &mut Vec<Unused>| {
            unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why,
            })
        };
        if matches!(w.entry, Entry::Fraction(_)) {
            // Orders to hidden parts are the fractions helper's.
            continue;
        }
        let Entry::Order(o) = &w.entry else {
            not(
                format!("a waive belongs to the adjustment phase, not to {what}"),
                unused,
            );
            continue;
        };
        let here = board.province(&o.unit);
        let Some(i) = units
            .iter()
            .position(|u| board.province(&u.location) == here)
        else {
            not(format!("there is no {what} in {}", display(here)), unused);
            continue;
        };
        if let Some(p) = &w.power {
            if *p != units[i].power {
                not(
                    format!(
                        "{} belongs to {}, not to {p}",
                        label(&units[i]),
                        units[i].power
                    ),
                    unused,
                );
                continue;
            }
        }
        if let Some(earlier) = chosen[i] {
            unused.push(Unused {
                written: earlier.at.clone(),
                text: earlier.text.clone(),
                why: format!(
                    "replaced by a later order for {} ({})",
                    label(&units[i]),
                    w.at
                ),
            });
        }
        chosen[i] = Some(w);
    }
    chosen
}

/// The order as reports write it: `A Par - Bur`, `F Lon S A Wal - Bel`.
fn order_text(unit: &Unit, command: &Command, units: &[Unit], board: &dyn Board) -> String {
    let u = label(unit);
    let other = |province: &str| {
        units
            .iter()
            .find(|x| board.province(&x.location) == province)
            .map_or_else(|| display(province), label)
    };
    match command {
        Command::Hold => format!("{u} H"),
        Command::Move { to, convoy } => {
            format!(
                "{u} - {}{}",
                display(to),
                if *convoy { " via convoy" } else { "" }
            )
        }
        Command::Support { unit, to: None } => format!("{u} S {}", other(unit)),
        Command::Support { unit, to: Some(t) } => {
            format!("{u} S {} - {}", other(unit), display(t))
        }
        Command::Convoy { from, to } => format!("{u} C {} - {}", other(from), display(to)),
        Command::Build => format!("{u} B"),
        Command::Disband => format!("{u} D"),
    }
}

fn movement_phase(
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
        let mut text = order_text(u, &o.command, &all_units, board);
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
fn arrival_label(units: &[Unit], board: &dyn Board, from: &str) -> String {
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
fn public_province(location: &str) -> String {
    if fractions::is_arrival(location) {
        location.rsplit('+').next().unwrap_or(location).to_string()
    } else {
        location.to_string()
    }
}

/// A resolver's reason without the arrivals of units forming (`+austria+bur` reads `Bur`).
fn public_reason(reason: &str) -> String {
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

fn retreat_phase(
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

fn adjustment_phase(
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

/// Orders to hidden parts given in a phase other than a movement phase: each void, for its
/// power's eyes only.
fn hidden_out_of_phase(written: &[Written], belongs: &str, a: &mut Adjudication) {
    for w in written {
        if let Entry::Fraction(_) = &w.entry {
            a.hidden.push(HiddenResult {
                power: w.power.clone().unwrap_or_default(),
                order: w.text.clone(),
                written: Some(w.at.clone()),
                verdict: Verdict::Void,
                reason: format!("orders to hidden parts belong to {belongs}"),
            });
        }
    }
}

/// Whether any power has anything to build or disband.
fn anything_to_adjust(board: &ProvinceBoard, position: &Position) -> bool {
    standings(board, position)
        .iter()
        .any(|s| s.builds_possible > 0 || s.disbands_owed > 0)
}

/// Whether supply centres change hands at the end of turn `turn`'s moves.
fn counts_centres(game: &Game, turn: TurnId) -> bool {
    game.rules
        .control
        .as_ref()
        .is_some_and(|r| r.rule == ControlRule::SupplyCentres && r.turns.contains(&turn))
}

fn moves(game: &Game, phase: PhaseId) -> bool {
    matches!(
        game.phases.get(phase).and_then(|p| p.orders),
        Some(OrderPhase::Movement | OrderPhase::Retreat)
    )
}

/// Supply centres after turn `turn`'s moves: the control helper's owners under the game's
/// rule, with the changes.
fn count_centres(
    board: &ProvinceBoard,
    position: &mut Position,
    turn: TurnId,
) -> Vec<CentreChange> {
    let game = board.game;
    let mut positions = to_positions(board, position);
    positions.turn = Some(turn);
    let map = control::control(game, &positions, &ControlOptions::default());
    let neutrals = forces::rules_of(game).neutrals;
    let mut owners = BTreeMap::new();
    for (i, area) in board.areas.areas.iter().enumerate() {
        if !game.is_owned_area(&area.id, area.supply_centre) {
            continue;
        }
        let site = crate::helpers::board::Site::area(board.map, i);
        if let Some(s) = map.owner_of(&site) {
            if !neutrals.contains(&game.sides[s].id) {
                owners.insert(area.id.clone(), game.sides[s].id.clone());
            }
        }
    }
    let mut changes = Vec::new();
    for area in board
        .areas
        .areas
        .iter()
        .filter(|a| game.is_owned_area(&a.id, a.supply_centre))
    {
        let (from, to) = (position.owners.get(&area.id), owners.get(&area.id));
        if from != to {
            changes.push(CentreChange {
                centre: area.id.clone(),
                from: from.cloned(),
                to: to.cloned(),
            });
        }
    }
    position.owners = owners;
    changes
}

/// The victory conditions on a position (the game's own, or a majority of the centres when
/// it declares none).
pub fn victory_of(board: &ProvinceBoard, position: &Position) -> VictoryReport {
    let positions = to_positions(board, position);
    let map = control::control(board.game, &positions, &ControlOptions::default());
    victory::victory(board.game, &positions, &map, &VictoryOptions::default())
}

/// From the phase just resolved (`position`, with its results applied), the next phase that
/// has something to do, counting supply centres on the way; `None` past the calendar's end.
fn advance(
    board: &ProvinceBoard,
    mut position: Position,
    a: &mut Adjudication,
) -> Option<Position> {
    let game = board.game;
    let (mut turn, mut phase) = (position.turn, position.phase);
    loop {
        let phases = turn_phases(game, turn);
        let at = phases.iter().position(|p| *p == phase).unwrap_or(0);
        let next = match phases.get(at + 1) {
            Some(p) => Some((turn, *p)),
            None => (turn + 1 < game.turns.len())
                .then(|| turn_phases(game, turn + 1).first().map(|p| (turn + 1, *p)))
                .flatten(),
        };
        // The moves of a turn that counts centres are over.
        let leaving = moves(game, phase)
            && counts_centres(game, turn)
            && next.is_none_or(|(t, p)| t != turn || !moves(game, p));
        if leaving {
            let owners_before = position.owners.clone();
            a.centres_changed = count_centres(board, &mut position, turn);
            if game.rules.industry.is_some() {
                a.home_centres = forces::home_centres_changed(board, &owners_before, &mut position);
            }
            // Forces cut off from supply at the end of such a turn are removed.
            let traces = forces::isolation(board, &position);
            for t in traces.into_iter().filter(|t| t.isolated()) {
                position.units.retain(|u| *u != t.unit);
                a.isolated.push(t);
            }
            if game.rules.industry.is_some() {
                // Victory by industry: more IPs than all the others together.
                let ips = forces::industrial_points(board, &position);
                // A power left without industry is eliminated (its forces leave the board).
                for (p, n) in &ips {
                    if *n == 0 && position.units.iter().any(|u| u.power == *p) {
                        position.units.retain(|u| u.power != *p);
                        a.eliminated.push(p.clone());
                    }
                }
                a.winner = super::industry::winner(&ips).map(str::to_string);
                a.industrial_points = ips.into_iter().collect();
            } else {
                a.victory = Some(victory_of(board, &position));
            }
        }
        let Some((t, p)) = next else {
            // The calendar ends: a win by the most units is decided now.
            if game.rules.victory.iter().any(|v| v.most_units) {
                a.victory = Some(victory_of(board, &position));
            }
            return None;
        };
        (turn, phase) = (t, p);
        position.turn = t;
        position.phase = p;
        let skip = match game.phases[p].orders {
            Some(OrderPhase::Retreat) if position.dislodged.is_empty() => {
                Some("no unit was dislodged")
            }
            Some(OrderPhase::Adjustment) if !anything_to_adjust(board, &position) => {
                Some("no power has anything to build or disband")
            }
            _ => None,
        };
        match skip {
            Some(why) => a.skipped.push(Skipped {
                turn: game.turns[t].name.clone(),
                phase: game.phases[p].name.clone(),
                why: why.to_string(),
            }),
            None => return Some(position),
        }
    }
}

/// The report as text; powers by their sides' names.
pub fn render(game: &Game, a: &Adjudication) -> String {
    let name = |power: &str| {
        game.side_index(power)
            .map_or_else(|| power.to_string(), |s| game.sides[s].name.clone())
    };
    let mut out = format!("{}, {}\n", a.turn_name, a.phase_name);
    let mut power = "";
    for o in &a.orders {
        if o.power != power {
            power = &o.power;
            out.push_str(&format!("\n{}\n", name(power)));
        }
        let verdict = match o.verdict {
            Verdict::Succeeds => "succeeds",
            Verdict::Fails => "fails",
            Verdict::Void => "void",
        };
        out.push_str(&format!("  {:<28} {verdict:<9} {}\n", o.order, o.reason));
    }
    if !a.unused.is_empty() {
        out.push_str("\nOrders not used:\n");
        for u in &a.unused {
            out.push_str(&format!("  {}: {}: {}\n", u.written, u.text, u.why));
        }
    }
    if !a.dislodged.is_empty() {
        out.push_str("\nDislodged:\n");
        for d in &a.dislodged {
            let options = if d.options.is_empty() {
                "nowhere to retreat: it will be disbanded".to_string()
            } else {
                format!(
                    "may retreat to {}",
                    d.options
                        .iter()
                        .map(|o| display(o))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            out.push_str(&format!(
                "  {} ({}), by {}{}: {options}\n",
                shown(&d.unit),
                name(&d.power),
                d.by,
                if d.convoyed { " (convoyed)" } else { "" }
            ));
        }
    }
    if !a.dispersed.is_empty() {
        out.push_str("\nDislodged while dispersing (the dispersal succeeds; nothing retreats):\n");
        for d in &a.dispersed {
            out.push_str(&format!(
                "  {} ({}), by {}\n",
                shown(&d.unit),
                name(&d.power),
                d.by
            ));
        }
    }
    if !a.formed.is_empty() {
        out.push_str("\nFormed from hidden parts:\n");
        for f in &a.formed {
            out.push_str(&format!("  {} ({})\n", shown(&f.unit), name(&f.power)));
        }
    }
    if !a.battles.is_empty() {
        out.push_str("\nBattles:\n");
        for b in &a.battles {
            out.push_str(&format!(
                "  {} from {} on {} in {}: {} against {}; {} {:+}, {} {:+}\n",
                name(&b.attacker),
                display(&b.from),
                name(&b.defender),
                display(&b.to),
                b.attack,
                b.defence,
                name(&b.attacker),
                b.attacker_change,
                name(&b.defender),
                b.defender_change
            ));
        }
    }
    if !a.air_battles.is_empty() {
        out.push_str("\nAir battles:\n");
        for b in &a.air_battles {
            let lost = |m: &super::industry::Squadrons| {
                let v: Vec<String> = m.iter().map(|(p, n)| format!("{} {n}", name(p))).collect();
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(", ")
                }
            };
            out.push_str(&format!(
                "  over {}: {} attacking against {} defending; attackers lost {}, defenders lost {}{}{}; seed {}\n",
                name(&b.over),
                b.attack,
                b.defence,
                lost(&b.attackers_lost),
                lost(&b.defenders_lost),
                if b.gained.is_empty() {
                    String::new()
                } else {
                    format!(", gained {}", lost(&b.gained))
                },
                if b.industry_lost > 0 {
                    format!("; {} loses {} IPs to the bombing", name(&b.over), b.industry_lost)
                } else {
                    String::new()
                },
                b.seed
            ));
            if !b.rolls.is_empty() {
                let rolls: Vec<String> = b
                    .rolls
                    .iter()
                    .map(|(side, roll, p)| format!("{side} {roll}: {}", name(p)))
                    .collect();
                out.push_str(&format!("    rolls: {}\n", rolls.join("; ")));
            }
        }
    }
    if !a.standoffs.is_empty() {
        let s: Vec<String> = a.standoffs.iter().map(|x| display(x)).collect();
        out.push_str(&format!("\nStandoffs: {}\n", s.join(", ")));
    }
    if !a.adjustments.is_empty() {
        out.push_str("\nAdjustments:\n");
        for s in &a.adjustments {
            out.push_str(&format!(
                "  {}: {} centres, {} units",
                name(&s.power),
                s.centres,
                s.units
            ));
            if s.builds_allowed > 0 {
                out.push_str(&format!(
                    ", {} build{} allowed ({} possible)",
                    s.builds_allowed,
                    plural(s.builds_allowed),
                    s.builds_possible
                ));
            }
            if s.disbands_owed > 0 {
                out.push_str(&format!(
                    ", {} disband{} owed",
                    s.disbands_owed,
                    plural(s.disbands_owed)
                ));
            }
            let mut done = Vec::new();
            if !s.built.is_empty() {
                done.push(format!("built {}", s.built.join(", ")));
            }
            if !s.disbanded.is_empty() {
                done.push(format!("disbanded {}", s.disbanded.join(", ")));
            }
            if !s.civil_disorder.is_empty() {
                done.push(format!(
                    "civil disorder removes {}",
                    s.civil_disorder.join(", ")
                ));
            }
            if s.waived > 0 {
                done.push(format!("waives {}", s.waived));
            }
            if !done.is_empty() {
                out.push_str(&format!(": {}", done.join("; ")));
            }
            out.push('\n');
        }
    }
    if !a.centres_changed.is_empty() {
        out.push_str(&format!("\nSupply centres after {}:\n", a.turn_name));
        for c in &a.centres_changed {
            out.push_str(&format!(
                "  {}: {} -> {}\n",
                display(&c.centre),
                c.from.as_deref().map_or_else(|| "unowned".into(), name),
                c.to.as_deref().map_or_else(|| "unowned".into(), name)
            ));
        }
    }
    if !a.isolated.is_empty() {
        out.push_str("\nIsolated and removed:\n");
        for t in &a.isolated {
            let blocked: Vec<String> = t
                .blocked_by
                .iter()
                .map(|(p, why)| format!("{} ({why})", display(p)))
                .collect();
            out.push_str(&format!(
                "  {} ({}): no line; stopped by {}\n",
                position::force_text(&t.unit),
                name(&t.unit.power),
                if blocked.is_empty() {
                    "the reach of the line".to_string()
                } else {
                    blocked.join(", ")
                }
            ));
        }
    }
    if !a.winter.is_empty() {
        out.push_str("\nWinter:\n");
        for w in &a.winter {
            out.push_str(&format!(
                "  {}: {} IPs ({} home, {} provinces, {} received, {} given); supply {}, builds {}, squadrons {}, factories {}; {} left\n",
                name(&w.power),
                w.home
                    .saturating_add(w.provinces)
                    .saturating_add(w.received)
                    .saturating_sub(w.given),
                w.home,
                w.provinces,
                w.received,
                w.given,
                w.supply,
                w.build,
                w.squadrons,
                w.factories,
                w.left
            ));
            let mut done = Vec::new();
            if !w.built.is_empty() {
                done.push(format!("built {}", w.built.join(", ")));
            }
            if w.new_squadrons > 0 {
                done.push(format!("{} squadron(s)", w.new_squadrons));
            }
            if w.new_ips > 0 {
                done.push(format!("{} IP(s) of factory from next winter", w.new_ips));
            }
            if !w.disbanded.is_empty() {
                done.push(format!("disbanded {}", w.disbanded.join(", ")));
            }
            if !done.is_empty() {
                out.push_str(&format!("    {}\n", done.join("; ")));
            }
            for p in &w.problems {
                out.push_str(&format!("    not done: {p}\n"));
            }
        }
    }
    for h in &a.home_centres {
        if h.taken_back {
            out.push_str(&format!(
                "{} takes {} back: its {} IPs there return to its industry\n",
                name(&h.power),
                display(&h.centre),
                h.ips
            ));
        } else {
            out.push_str(&format!(
                "{} loses {}, one of {} home centres it held: {} IPs lie there for {}, {} squadrons destroyed\n",
                name(&h.power),
                display(&h.centre),
                h.held_before,
                h.ips,
                h.by.as_deref().map_or_else(|| "nobody".to_string(), name),
                h.squadrons
            ));
        }
    }
    if !a.industrial_points.is_empty() {
        let shown: Vec<String> = a
            .industrial_points
            .iter()
            .map(|(p, n)| format!("{} {n}", name(p)))
            .collect();
        out.push_str(&format!("\nIndustrial points: {}\n", shown.join(", ")));
        for p in &a.eliminated {
            out.push_str(&format!(
                "{} has no IPs left: eliminated, its forces removed\n",
                name(p)
            ));
        }
        match &a.winner {
            Some(w) => out.push_str(&format!(
                "Victory: {} holds more IPs than all the others together\n",
                name(w)
            )),
            None => out.push_str("No power holds more IPs than all the others together.\n"),
        }
    }
    if let Some(v) = &a.victory {
        if v.winners.is_empty() {
            out.push_str("\nNo power wins yet.\n");
        } else {
            let winners: Vec<String> = v.winners.iter().map(|w| name(w)).collect();
            out.push_str(&format!("\nVictory: {}\n", winners.join(", ")));
        }
    }
    for s in &a.skipped {
        out.push_str(&format!("\n{} {} passed over: {}", s.turn, s.phase, s.why));
    }
    if !a.skipped.is_empty() {
        out.push('\n');
    }
    match &a.next {
        Some(n) => {
            out.push_str(&format!("\nNext: {}, {}\n", n.turn_name, n.phase_name));
            let width = n
                .powers
                .iter()
                .map(|p| name(&p.power).chars().count())
                .max()
                .unwrap_or(0);
            let words = |items: &[String]| {
                if items.is_empty() {
                    "none".to_string()
                } else {
                    items
                        .iter()
                        .map(|i| shown(i))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            };
            for p in &n.powers {
                out.push_str(&format!(
                    "  {:<width$}  {:>2} unit{}    {}\n",
                    name(&p.power),
                    p.units.len(),
                    if p.units.len() == 1 { " " } else { "s" },
                    words(&p.units)
                ));
                out.push_str(&format!(
                    "  {:<width$}  {:>2} centre{}  {}\n",
                    "",
                    p.centres.len(),
                    if p.centres.len() == 1 { " " } else { "s" },
                    words(&p.centres)
                ));
                if !p.fractions.is_empty() {
                    let parts: Vec<String> = p
                        .fractions
                        .iter()
                        .map(|f| match f.split_once(' ') {
                            Some((size, unit)) => format!("{size} {}", shown(unit)),
                            None => f.clone(),
                        })
                        .collect();
                    out.push_str(&format!(
                        "  {:<width$}   hidden parts (seen by {} alone): {}\n",
                        "",
                        name(&p.power),
                        parts.join(", ")
                    ));
                }
                for d in &p.dislodged {
                    out.push_str(&format!(
                        "  {:<width$}   dislodged: {} (attacked from {}{})\n",
                        "",
                        shown(&d.unit),
                        display(&d.from),
                        if d.convoyed { ", by convoy" } else { "" }
                    ));
                }
            }
            if !n.standoffs.is_empty() {
                out.push_str(&format!(
                    "  standoffs (no retreat there): {}\n",
                    words(&n.standoffs)
                ));
            }
        }
        None => out.push_str("\nThe calendar ends: there is no next phase.\n"),
    }
    if !a.hidden.is_empty() {
        let mut power = "";
        for h in &a.hidden {
            if h.power != power {
                power = &h.power;
                out.push_str(&format!(
                    "\nHidden parts of {} (seen by {} alone):\n",
                    name(power),
                    name(power)
                ));
            }
            let verdict = match h.verdict {
                Verdict::Succeeds => "succeeds",
                Verdict::Fails => "fails",
                Verdict::Void => "void",
            };
            out.push_str(&format!("  {:<28} {verdict:<9} {}\n", h.order, h.reason));
        }
    }
    out
}

/// A unit (`A bud` → `A Bud`) or a location (`stp/sc` → `Stp/sc`) as reports write it.
fn shown(item: &str) -> String {
    match item.split_once(' ') {
        Some((kind, at)) => format!("{kind} {}", display(at)),
        None => display(item),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

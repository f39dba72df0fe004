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
//!
//! Each kind of phase is adjudicated in `phases.rs`; the report's text is `report.rs`.

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

mod phases;
mod report;

use phases::{adjustment_phase, movement_phase, retreat_phase};
pub use phases::{centres, standings};
pub use report::render;

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

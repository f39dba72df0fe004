//! The phases of a game with multi-factor units (`[rules.multi-factor]`) adjudicated: the
//! orders of an orders file matched to the forces of the position, the combat and movement
//! of [`super::factors`] with its report (every part's order and fate, every battle), the
//! retreats where the larger of two arrives, and isolation after the turns that count
//! supply centres. [`super::adjudicate`] calls these for such games and keeps the calendar,
//! the centres and the report's frame. Winter (adjustments with industry) is `winter.rs`.

use std::collections::BTreeMap;

use super::board::ProvinceBoard;
use super::factors::{self, Action, FactorOrder, Part, Retreat, Rules};
use super::force_orders::WinterOrder;
use super::isolation::{self, Sources, Supply};
use super::movement::{display, kind_letter};
use super::orders_file::{Entry, Written};
use super::outcome::{DislodgedResult, OrderResult, PhaseError, Unused, Verdict};
use super::position::{force_text, Position};
use super::retreat::Dislodged;
use super::{Board, Unit, UnitKind};
use crate::model::rules::IsolationSource;
use crate::model::Game;

mod winter;

pub(super) use winter::adjustment_phase;
use winter::air_battles;
pub use winter::{home_centres_changed, industrial_points, HomeCentreChange, WinterResult};

/// What a phase of a multi-factor game reports, for [`super::adjudicate`]'s report.
#[derive(Debug, Clone, Default)]
pub struct ForceReport {
    /// Every part's order and outcome (movement), every retreat (retreats).
    pub orders: Vec<OrderResult>,
    /// Orders that fit no force.
    pub unused: Vec<Unused>,
    /// Defeated forces and where they may retreat.
    pub dislodged: Vec<DislodgedResult>,
    /// Provinces left empty by a standoff.
    pub standoffs: Vec<String>,
    /// The battles, each direction apart.
    pub battles: Vec<factors::Battle>,
    /// The air battles.
    pub air_battles: Vec<super::industry::AirBattle>,
    /// Each power's winter.
    pub winter: Vec<WinterResult>,
}

/// The factor rules of a game (its neutral sides, the provinces whose garrison lets a 3:1
/// winner gain).
pub fn rules_of(game: &Game) -> Rules {
    let Some(m) = &game.rules.multi_factor else {
        return Rules::default();
    };
    Rules {
        neutrals: m
            .neutrals
            .iter()
            .filter_map(|s| game.sides.get(*s))
            .map(|s| s.id.clone())
            .collect(),
        full_gain: m.full_gain.iter().cloned().collect(),
        lose_first: Default::default(),
    }
}

/// The written orders that fit the forces of `units` (their power's force of that kind in
/// that place), each with where it was written; the rest go to `unused`.
fn fitting<'w>(
    board: &ProvinceBoard,
    rules: &Rules,
    units: &[Unit],
    written: &'w [Written],
    what: &str,
    unused: &mut Vec<Unused>,
) -> Vec<(FactorOrder, &'w Written)> {
    let mut out = Vec::new();
    for w in written {
        let not = |why: String, unused: &mut Vec<Unused>| {
            unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why,
            });
        };
        let Entry::Force(o) = &w.entry else {
            not(
                format!("{what} takes orders to parts of forces (`A3 Vie a Bud`)"),
                unused,
            );
            continue;
        };
        let province = board.province(&o.location);
        let here: Vec<&Unit> = units
            .iter()
            .filter(|u| {
                u.kind == o.kind
                    && if o.location.contains('/') {
                        u.location == o.location
                    } else {
                        board.province(&u.location) == province
                    }
            })
            .collect();
        let Some(first) = here.first() else {
            not(
                format!(
                    "there is no {} in {}",
                    match o.kind {
                        UnitKind::Army => "army",
                        UnitKind::Fleet => "fleet",
                    },
                    display(&o.location)
                ),
                unused,
            );
            continue;
        };
        if let Some(p) = &o.power {
            if *p != first.power {
                not(
                    format!(
                        "the force in {} belongs to {}, not to {p}",
                        display(province),
                        first.power
                    ),
                    unused,
                );
                continue;
            }
        }
        if rules.neutrals.contains(&first.power) {
            not("a neutral garrison takes no orders".into(), unused);
            continue;
        }
        let there: u32 = here.iter().map(|u| u.strength).sum();
        if let Some(n) = o.strength.filter(|n| *n > there) {
            not(
                format!(
                    "{n} factors ordered, but {} holds {there}: the order takes what there is",
                    display(&o.location)
                ),
                unused,
            );
        }
        let mut o = o.clone();
        o.power = Some(first.power.clone());
        out.push((o, w));
    }
    out
}

/// A part's order as the report writes it: `A3 Vie a Bud`, `F1 Tri S A Ser aM Alb`.
fn part_text(p: &Part) -> String {
    let u = format!(
        "{}{} {}",
        kind_letter(p.kind),
        p.strength,
        display(&p.location)
    );
    match &p.action {
        Action::Hold => format!("{u} H"),
        Action::Go {
            to,
            attack,
            advance,
        } => {
            let word = match (attack, advance) {
                (true, true) => "aM",
                (true, false) => "a",
                _ => "M",
            };
            format!("{u} {word} {}", display(to))
        }
        Action::Support {
            province,
            attack: None,
        } => format!("{u} S {}", display(province)),
        Action::Support {
            province,
            attack: Some(t),
        } => format!("{u} S {} a {}", display(province), display(t)),
        Action::Convoy { from, to } => format!("{u} C {} a {}", display(from), display(to)),
    }
}

/// A movement phase: battles, then movement, then who must retreat.
pub(super) fn movement_phase(
    board: &ProvinceBoard,
    position: &Position,
    written: &[Written],
    a: &mut ForceReport,
) -> Position {
    let game = board.game;
    let rules = rules_of(game);
    let units = &position.units;
    // Air orders are flown apart (rule 18); loss orders say where losses fall first.
    let land: Vec<Written> = written
        .iter()
        .filter(|w| !matches!(w.entry, Entry::Air(_) | Entry::Losses(_)))
        .cloned()
        .collect();
    let mut rules = rules;
    for w in written {
        let Entry::Losses(l) = &w.entry else { continue };
        let power = w.power.clone().or_else(|| {
            units
                .iter()
                .find(|u| {
                    u.kind == l.kind && board.province(&u.location) == board.province(&l.location)
                })
                .map(|u| u.power.clone())
        });
        match power {
            Some(p) => {
                rules.lose_first.insert((p, l.location.clone(), l.kind));
            }
            None => a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: format!("no force of that kind in {}", display(&l.location)),
            }),
        }
    }
    let orders = fitting(
        board,
        &rules,
        units,
        &land,
        "a movement phase",
        &mut a.unused,
    );
    let plain: Vec<FactorOrder> = orders.iter().map(|(o, _)| o.clone()).collect();
    let res = factors::resolve(board, &rules, units, &plain);
    // An order left without factors (earlier orders took them all) does nothing: say so.
    for (o, w) in &orders {
        let served = res.parts.iter().any(|p| {
            Some(p.power.as_str()) == o.power.as_deref()
                && p.kind == o.kind
                && board.province(&p.location) == board.province(&o.location)
                && (p.action == o.action || p.void.is_some())
        });
        if !served {
            a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: format!(
                    "no factors were left in {} for it: earlier orders took them all",
                    display(&o.location)
                ),
            });
        }
    }
    for p in &res.parts {
        let source = orders.iter().find(|(o, _)| {
            o.kind == p.kind
                && o.power.as_deref() == Some(p.power.as_str())
                && board.province(&o.location) == board.province(&p.location)
                && o.action == p.action
        });
        let won = |from: &str, to: &str| {
            res.battles.iter().any(|b| {
                b.attacker == p.power
                    && b.from == from
                    && b.to == board.province(to)
                    && b.attack > b.defence
            })
        };
        let verdict = if p.void.is_some() {
            Verdict::Void
        } else {
            match &p.action {
                Action::Go { advance: true, .. } => {
                    if p.moved {
                        Verdict::Succeeds
                    } else {
                        Verdict::Fails
                    }
                }
                Action::Go { to, .. } => {
                    if won(board.province(&p.location), to) {
                        Verdict::Succeeds
                    } else {
                        Verdict::Fails
                    }
                }
                _ if p.defeated_by.is_empty() => Verdict::Succeeds,
                _ => Verdict::Fails,
            }
        };
        let neutral = rules.neutrals.contains(&p.power);
        let touched = p.lost > 0 || p.gained > 0 || !p.defeated_by.is_empty();
        if neutral && !touched {
            continue; // a garrison nothing happened to
        }
        // A void order is shown as written (the part holds instead).
        let written_text = orders
            .iter()
            .find(|(o, _)| {
                p.void.is_some()
                    && o.kind == p.kind
                    && o.power.as_deref() == Some(p.power.as_str())
                    && board.province(&o.location) == board.province(&p.location)
            })
            .map(|(_, w)| w);
        let mut text = match written_text {
            Some(w) => w.text.clone(),
            None => part_text(p),
        };
        if source.is_none() && written_text.is_none() && p.void.is_none() && !neutral {
            text.push_str(" (no order)");
        }
        let mut said: Vec<String> = Vec::new();
        if let Some(v) = &p.void {
            said.push(format!("{v}: it holds"));
        }
        if !p.reason.is_empty() {
            said.push(p.reason.clone());
        }
        if p.remaining() == 0 && p.lost > 0 {
            said.push(format!("eliminated ({} factors lost)", p.lost));
        } else {
            if p.lost > 0 && !p.reason.contains("lost") {
                said.push(format!("loses {}", p.lost));
            }
            if p.gained > 0 && !p.reason.contains("gain") {
                said.push(format!("gains {}", p.gained));
            }
            if !p.defeated_by.is_empty() {
                said.push(if neutral {
                    "defeated: a neutral garrison that must retreat is eliminated".to_string()
                } else {
                    "defeated: must retreat".to_string()
                });
            }
        }
        let reason = said.join("; ");
        let written_at = source
            .map(|(_, w)| w.at.clone())
            .or(written_text.map(|w| w.at.clone()));
        a.orders.push(OrderResult {
            power: p.power.clone(),
            unit: format!("{}{} {}", kind_letter(p.kind), p.strength, p.location),
            order: text,
            written: written_at,
            verdict,
            reason,
        });
    }
    a.battles = res.battles.clone();
    a.standoffs = res.standoffs.clone();
    a.standoffs.sort();
    let mut dislodged = Vec::new();
    for r in &res.retreats {
        let part = res.parts.iter().find(|p| {
            p.power == r.power
                && p.kind == r.kind
                && p.location == r.location
                && !p.defeated_by.is_empty()
        });
        let from = part
            .and_then(|p| p.defeated_by.first().cloned())
            .unwrap_or_default();
        let unit = Unit {
            power: r.power.clone(),
            kind: r.kind,
            location: r.location.clone(),
            strength: r.strength,
        };
        a.dislodged.push(DislodgedResult {
            power: r.power.clone(),
            unit: force_text(&unit),
            by: display(&from),
            from: from.clone(),
            convoyed: false,
            options: r.options.clone(),
        });
        // A force with nowhere to go (a neutral garrison always) is eliminated now.
        if !r.options.is_empty() {
            dislodged.push(Dislodged {
                unit,
                from,
                convoyed: false,
            });
        }
    }
    let mut next = Position {
        units: res.units.clone(),
        dislodged,
        standoffs: res.standoffs.clone(),
        ..position.clone()
    };
    if next.dislodged.is_empty() {
        next.standoffs.clear();
    }
    air_battles(game, written, &mut next, a);
    next.normalise(game);
    next
}

/// Where a dislodged force may retreat: a location its own moves reach whose province is
/// empty, was not left empty by a standoff, and is not the province the attack that
/// defeated it came from.
pub fn retreat_options(board: &ProvinceBoard, position: &Position, d: &Dislodged) -> Vec<String> {
    let moves = match d.unit.kind {
        UnitKind::Army => board.army_moves_from(&d.unit.location),
        UnitKind::Fleet => board.fleet_moves_from(&d.unit.location),
    };
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|to| {
            let p = board.province(to);
            p != d.from
                && !position.standoffs.iter().any(|s| s == p)
                && !position
                    .units
                    .iter()
                    .any(|u| board.province(&u.location) == p)
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A retreat phase: each dislodged force to where it is ordered, the larger of two
/// arriving; the others disbanded.
pub(super) fn retreat_phase(
    board: &ProvinceBoard,
    position: &Position,
    written: &[Written],
    a: &mut ForceReport,
) -> Position {
    let game = board.game;
    let rules = rules_of(game);
    let dislodged: Vec<Unit> = position.dislodged.iter().map(|d| d.unit.clone()).collect();
    let orders = fitting(
        board,
        &rules,
        &dislodged,
        written,
        "a retreat phase",
        &mut a.unused,
    );
    let retreats: Vec<Retreat> = position
        .dislodged
        .iter()
        .map(|d| Retreat {
            power: d.unit.power.clone(),
            kind: d.unit.kind,
            location: d.unit.location.clone(),
            strength: d.unit.strength,
            options: retreat_options(board, position, d),
        })
        .collect();
    let mut chosen: Vec<Option<&(FactorOrder, &Written)>> = vec![None; retreats.len()];
    for o in &orders {
        if let Some(k) = retreats.iter().position(|r| {
            r.kind == o.0.kind
                && r.power == o.0.power.clone().unwrap_or_default()
                && board.province(&r.location) == board.province(&o.0.location)
        }) {
            chosen[k] = Some(o);
        }
    }
    let wanted: Vec<Option<String>> = chosen
        .iter()
        .map(|c| match c.map(|(o, _)| &o.action) {
            Some(Action::Go { to, .. }) => Some(to.clone()),
            _ => None,
        })
        .collect();
    let arrived = factors::resolve_retreats(board, &retreats, &wanted);
    let mut units = position.units.clone();
    for (k, r) in retreats.iter().enumerate() {
        let unit = Unit {
            power: r.power.clone(),
            kind: r.kind,
            location: r.location.clone(),
            strength: r.strength,
        };
        let order = match &wanted[k] {
            Some(to) => format!("{} M {}", force_text(&unit), display(to)),
            None => format!("{} (no retreat ordered)", force_text(&unit)),
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
        let (verdict, reason) = match (&arrived[k], &wanted[k]) {
            (Some(to), _) => {
                units.push(Unit {
                    location: to.clone(),
                    ..unit.clone()
                });
                (Verdict::Succeeds, format!("retreats to {}", display(to)))
            }
            (None, Some(to)) if !r.options.contains(to) => (
                Verdict::Void,
                format!("disbanded: {} is not open to it; {options}", display(to)),
            ),
            (None, Some(_)) => (
                Verdict::Fails,
                "disbanded: a larger force retreated there, or one as large".into(),
            ),
            (None, None) => (
                Verdict::Fails,
                format!("disbanded: no retreat was ordered; {options}"),
            ),
        };
        a.orders.push(OrderResult {
            power: r.power.clone(),
            unit: force_text(&unit),
            order,
            written: chosen[k].map(|(_, w)| w.at.clone()),
            verdict,
            reason,
        });
    }
    let mut next = Position {
        units: merge(units),
        dislodged: Vec::new(),
        standoffs: Vec::new(),
        ..position.clone()
    };
    next.normalise(game);
    next
}

/// Forces of one power, kind and location added together.
fn merge(units: Vec<Unit>) -> Vec<Unit> {
    let mut by: BTreeMap<(String, String, bool), Unit> = BTreeMap::new();
    for u in units {
        let key = (
            u.power.clone(),
            u.location.clone(),
            u.kind == UnitKind::Fleet,
        );
        by.entry(key)
            .and_modify(|x| x.strength = x.strength.saturating_add(u.strength))
            .or_insert(u);
    }
    by.into_values().collect()
}

/// Every force's supply line under the game's isolation rule (none without one): neutral
/// garrisons are not traced.
pub fn isolation(board: &ProvinceBoard, position: &Position) -> Vec<isolation::Trace> {
    let game = board.game;
    let Some(rule) = game.rules.multi_factor.as_ref().and_then(|m| m.isolation) else {
        return Vec::new();
    };
    let rules = rules_of(game);
    let homes = game
        .sides
        .iter()
        .map(|s| {
            let centres = s
                .home
                .iter()
                .filter(|(m, _)| *m == board.map)
                .map(|(_, a)| board.areas.areas[*a].id.clone())
                .collect();
            (s.id.clone(), centres)
        })
        .collect();
    // Only supply centres count: a province worth IPs that another power controls does not
    // block a line.
    let supply = Supply {
        owners: position
            .owners
            .iter()
            .filter(|(p, _)| board.is_centre(p))
            .map(|(p, o)| (p.clone(), o.clone()))
            .collect(),
        homes,
    };
    let sources = match rule.to {
        IsolationSource::HomeCentres => Sources::HomeCentre,
        IsolationSource::Centres => Sources::AnyCentre,
    };
    let traced: Vec<Unit> = position
        .units
        .iter()
        .filter(|u| !rules.neutrals.contains(&u.power))
        .cloned()
        .collect();
    // Neutral garrisons block lines like any other power's units.
    let all = position.units.clone();
    let traces = isolation::trace(board, &all, &supply, sources, rule.reach as usize);
    traces
        .into_iter()
        .filter(|t| traced.contains(&t.unit))
        .collect()
}

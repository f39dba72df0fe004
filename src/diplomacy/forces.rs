//! The phases of a game with multi-factor units (`[rules.multi-factor]`) adjudicated: the
//! orders of an orders file matched to the forces of the position, the combat and movement
//! of [`super::factors`] with its report (every part's order and fate, every battle), the
//! retreats where the larger of two arrives, and isolation after the turns that count
//! supply centres. [`super::adjudicate`] calls these for such games and keeps the calendar,
//! the centres and the report's frame.

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

/// One power's winter, as carried out.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct WinterResult {
    /// The power.
    pub power: String,
    /// Home IPs at the start of winter.
    pub home: u32,
    /// IPs of the provinces it controls outside its home country.
    pub provinces: u32,
    /// IPs received from other powers.
    pub received: u32,
    /// IPs given away.
    pub given: u32,
    /// Spent on supply.
    pub supply: u32,
    /// Spent on units built.
    pub build: u32,
    /// Spent on squadrons.
    pub squadrons: u32,
    /// Spent on factories.
    pub factories: u32,
    /// IPs left unused.
    pub left: u32,
    /// Forces kept (`A2 bel`).
    pub kept: Vec<String>,
    /// Factors disbanded, unsupplied (`F1 ire`).
    pub disbanded: Vec<String>,
    /// Forces built.
    pub built: Vec<String>,
    /// Squadrons built.
    pub new_squadrons: u32,
    /// IPs of industry built (counted from next winter).
    pub new_ips: u32,
    /// Orders not carried out, and why.
    pub problems: Vec<String>,
}

/// The winter of a game with industry: each power pays for the factors it keeps, builds,
/// squadrons and factories from its IPs (home IPs, the provinces it controls, gifts); what
/// it cannot pay for is not done, and factors not supplied are disbanded (armies first).
pub(super) fn adjustment_phase(
    board: &ProvinceBoard,
    position: &Position,
    written: &[Written],
    a: &mut ForceReport,
) -> Result<Position, PhaseError> {
    let game = board.game;
    let industry = game.rules.industry.as_ref().ok_or_else(|| {
        PhaseError(
            "a winter of a multi-factor game is paid for with industry: the game has no \
             `[rules.industry]`"
                .into(),
        )
    })?;
    let rules = rules_of(game);
    // The orders, by power.
    let mut by_power: BTreeMap<String, Vec<(WinterOrder, &Written)>> = BTreeMap::new();
    for w in written {
        let Entry::Winter(o) = &w.entry else {
            a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: "winter takes `supply`, `build`, `factory` and `give` orders".into(),
            });
            continue;
        };
        let power = w.power.clone().or_else(|| match o {
            WinterOrder::Supply { location, .. } => position
                .units
                .iter()
                .find(|u| board.province(&u.location) == board.province(location))
                .map(|u| u.power.clone()),
            WinterOrder::Build { location, .. } => game
                .sides
                .iter()
                .find(|s| {
                    s.home.iter().any(|(m, ar)| {
                        *m == board.map && board.areas.areas[*ar].id == board.province(location)
                    })
                })
                .map(|s| s.id.clone()),
            _ => None,
        });
        match power {
            Some(p) if !rules.neutrals.contains(&p) => {
                by_power.entry(p).or_default().push((o.clone(), w))
            }
            _ => a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: "whose order this is cannot be told: put it under a power's heading".into(),
            }),
        }
    }
    let mut next = position.clone();
    let mut units: Vec<Unit> = position
        .units
        .iter()
        .filter(|u| rules.neutrals.contains(&u.power))
        .cloned()
        .collect();
    // The provinces a power controls, and the captured IPs in the centres it holds.
    let income = |power: &str| -> u32 {
        let held = |p: &String| position.owners.get(p).map(String::as_str) == Some(power);
        industry
            .provinces
            .iter()
            .filter(|(p, _)| held(p))
            .map(|(_, v)| *v)
            .sum::<u32>()
            + position
                .captured
                .iter()
                .filter(|(c, _)| held(c))
                .map(|(_, c)| c.ips)
                .sum::<u32>()
    };
    let mut gifts: BTreeMap<String, u32> = BTreeMap::new();
    let powers: Vec<String> = game
        .sides
        .iter()
        .map(|s| s.id.clone())
        .filter(|p| !rules.neutrals.contains(p) && position.industry.contains_key(p))
        .collect();
    // Gifts first: what a power gives it cannot spend, and the receiver can.
    let mut results: BTreeMap<String, WinterResult> = BTreeMap::new();
    for p in &powers {
        let home = position.industry.get(p).map_or(0, |h| h.ips);
        let mut r = WinterResult {
            power: p.clone(),
            home,
            provinces: income(p),
            ..WinterResult::default()
        };
        let mut budget = home.saturating_add(r.provinces);
        for (o, w) in by_power.get(p).into_iter().flatten() {
            if let WinterOrder::Give { count, to } = o {
                if to == p || !powers.contains(to) {
                    r.problems
                        .push(format!("{}: {to} cannot receive IPs", w.at));
                } else if *count > budget {
                    r.problems
                        .push(format!("{}: gift of {count} IPs, {budget} left", w.at));
                } else {
                    budget -= count;
                    r.given += count;
                    *gifts.entry(to.clone()).or_default() += count;
                }
            }
        }
        results.insert(p.clone(), r);
    }
    for p in &powers {
        let orders = by_power.get(p).cloned().unwrap_or_default();
        let r = results.get_mut(p).expect("a result per power");
        r.received = gifts.get(p).copied().unwrap_or(0);
        let mut budget = r
            .home
            .saturating_add(r.provinces)
            .saturating_add(r.received)
            .saturating_sub(r.given);
        // Supply: the forces named, or every force when none is.
        let mine: Vec<&Unit> = position.units.iter().filter(|u| u.power == *p).collect();
        let named = orders
            .iter()
            .any(|(o, _)| matches!(o, WinterOrder::Supply { .. }));
        let mut wanted: Vec<u32> = mine
            .iter()
            .map(|u| if named { 0 } else { u.strength })
            .collect();
        for (o, w) in &orders {
            let WinterOrder::Supply {
                kind,
                strength,
                location,
            } = o
            else {
                continue;
            };
            let province = board.province(location);
            match mine.iter().position(|u| {
                u.kind == *kind
                    && if location.contains('/') {
                        u.location == *location
                    } else {
                        board.province(&u.location) == province
                    }
            }) {
                Some(k) => {
                    let can = mine[k].strength - wanted[k];
                    if *strength > can {
                        r.problems.push(format!(
                            "{}: supply of {strength} factors in {}, where {can} are left",
                            w.at,
                            display(location)
                        ));
                    }
                    wanted[k] += (*strength).min(can);
                }
                None => {
                    r.problems
                        .push(format!("{}: no such force in {}", w.at, display(location)))
                }
            }
        }
        // Pay fleets first so that the shortfall falls on armies (armies are lost first).
        let mut order: Vec<usize> = (0..mine.len()).collect();
        order.sort_by_key(|&k| (mine[k].kind == UnitKind::Army, k));
        let mut kept = vec![0u32; mine.len()];
        for k in order {
            let affordable = budget / industry.supply.max(1);
            let n = wanted[k].min(if industry.supply == 0 {
                wanted[k]
            } else {
                affordable
            });
            kept[k] = n;
            budget = budget.saturating_sub(n.saturating_mul(industry.supply));
            r.supply = r.supply.saturating_add(n.saturating_mul(industry.supply));
            if n < wanted[k] {
                r.problems.push(format!(
                    "{} factors in {} could not be paid for",
                    wanted[k] - n,
                    display(&mine[k].location)
                ));
            }
        }
        for (k, u) in mine.iter().enumerate() {
            if kept[k] > 0 {
                let unit = Unit {
                    strength: kept[k],
                    ..(*u).clone()
                };
                r.kept.push(force_text(&unit));
                units.push(unit);
            }
            if kept[k] < u.strength {
                r.disbanded.push(force_text(&Unit {
                    strength: u.strength - kept[k],
                    ..(*u).clone()
                }));
            }
        }
        // Builds, squadrons, factories, in the order written.
        for (o, w) in &orders {
            match o {
                WinterOrder::Build {
                    kind,
                    strength,
                    location,
                } => {
                    let province = board.province(location).to_string();
                    let home = game.sides.iter().find(|s| s.id == *p).is_some_and(|s| {
                        s.home
                            .iter()
                            .any(|(m, ar)| *m == board.map && board.areas.areas[*ar].id == province)
                    });
                    let owned = position.owners.get(&province) == Some(p);
                    let vacant = !position
                        .units
                        .iter()
                        .any(|u| board.province(&u.location) == province);
                    let site_ok = match kind {
                        UnitKind::Army => {
                            board.army_moves_from(&province).len()
                                + usize::from(board.is_sea(&province))
                                > 0
                                && !board.is_sea(&province)
                        }
                        UnitKind::Fleet => board.fleet_locations(&province).contains(location),
                    };
                    let cost = strength.saturating_mul(industry.build);
                    let why = if !home || !owned {
                        Some(format!(
                            "{} is not a home centre {p} controls",
                            display(&province)
                        ))
                    } else if !vacant {
                        Some(format!(
                            "{} was occupied at the start of winter",
                            display(&province)
                        ))
                    } else if !site_ok {
                        Some(format!("no such force can stand at {}", display(location)))
                    } else if cost > budget {
                        Some(format!("it costs {cost} IPs, {budget} left"))
                    } else {
                        None
                    };
                    match why {
                        Some(why) => r
                            .problems
                            .push(format!("{}: `{}` not built: {why}", w.at, w.text)),
                        None => {
                            budget -= cost;
                            r.build += cost;
                            let unit = Unit {
                                power: p.clone(),
                                kind: *kind,
                                location: location.clone(),
                                strength: *strength,
                            };
                            r.built.push(force_text(&unit));
                            units.push(unit);
                        }
                    }
                }
                WinterOrder::Squadrons { count } | WinterOrder::Factory { count } => {
                    let (price, what, spent, gained) = match o {
                        WinterOrder::Squadrons { .. } => (
                            industry.squadron,
                            "squadrons",
                            &mut r.squadrons,
                            &mut r.new_squadrons,
                        ),
                        _ => (
                            industry.factory,
                            "IPs of factory",
                            &mut r.factories,
                            &mut r.new_ips,
                        ),
                    };
                    let cost = count.saturating_mul(price);
                    if cost > budget {
                        r.problems.push(format!(
                            "{}: {count} {what} cost {cost} IPs, {budget} left",
                            w.at
                        ));
                    } else {
                        budget -= cost;
                        *spent += cost;
                        *gained += count;
                    }
                }
                WinterOrder::Supply { .. } | WinterOrder::Give { .. } => {}
            }
        }
        r.left = budget;
        let h = next.industry.entry(p.clone()).or_default();
        h.ips = h.ips.saturating_add(r.new_ips);
        h.squadrons = h.squadrons.saturating_add(r.new_squadrons);
    }
    // Powers without industry keep their forces.
    for u in &position.units {
        if !rules.neutrals.contains(&u.power) && !position.industry.contains_key(&u.power) {
            units.push(u.clone());
        }
    }
    a.winter = results.into_values().collect();
    let rank = |p: &str| game.side_index(p).unwrap_or(usize::MAX);
    a.winter.sort_by_key(|r| rank(&r.power));
    next.units = merge(units);
    next.normalise(game);
    Ok(next)
}

/// Each power's industrial points in a position: home IPs and the provinces it controls.
pub fn industrial_points(board: &ProvinceBoard, position: &Position) -> BTreeMap<String, u32> {
    let game = board.game;
    let Some(industry) = &game.rules.industry else {
        return BTreeMap::new();
    };
    let mut out: BTreeMap<String, u32> = position
        .industry
        .iter()
        .map(|(p, h)| (p.clone(), h.ips))
        .collect();
    for (province, value) in &industry.provinces {
        if let Some(p) = position.owners.get(province) {
            if let Some(total) = out.get_mut(p) {
                *total += value;
            }
        }
    }
    for (centre, c) in &position.captured {
        if let Some(p) = position.owners.get(centre) {
            if let Some(total) = out.get_mut(p) {
                *total += c.ips;
            }
        }
    }
    out
}

/// A home centre lost or taken back at the end of a turn that counts centres, in a game with
/// industry (rules 7 and 12).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HomeCentreChange {
    /// The power whose home centre it is.
    pub power: String,
    /// The centre.
    pub centre: String,
    /// The power that took it (none: taken back, or left unowned).
    pub by: Option<String>,
    /// Taken back by its power.
    pub taken_back: bool,
    /// Home centres the power held before the turn (the share's divisor).
    pub held_before: u32,
    /// IPs lying there (captured) or given back.
    pub ips: u32,
    /// Squadrons destroyed on the ground.
    pub squadrons: u32,
}

/// Rules 7 and 12: a home centre another power takes holds the power's IPs divided by the
/// home centres it held before the turn (rounded down), which count for whoever holds the
/// centre, and destroys as large a share of its squadrons; a power taking a home centre
/// back gets its IPs there back. `position` has the owners after the turn.
pub fn home_centres_changed(
    board: &ProvinceBoard,
    before: &BTreeMap<String, String>,
    position: &mut Position,
) -> Vec<HomeCentreChange> {
    let game = board.game;
    let mut out = Vec::new();
    for side in &game.sides {
        let homes: Vec<String> = side
            .home
            .iter()
            .filter(|(m, _)| *m == board.map)
            .map(|(_, a)| board.areas.areas[*a].id.clone())
            .collect();
        let held_before = homes
            .iter()
            .filter(|c| before.get(*c) == Some(&side.id))
            .count() as u32;
        let Some(start) = position.industry.get(&side.id).copied() else {
            continue;
        };
        let (share, squadrons) =
            super::industry::home_centre_lost(start.ips, start.squadrons, held_before);
        for c in &homes {
            let (was, now) = (before.get(c), position.owners.get(c));
            if was == Some(&side.id) && now != Some(&side.id) {
                let h = position.industry.entry(side.id.clone()).or_default();
                let ips = share.min(h.ips);
                let lost = squadrons.min(h.squadrons);
                h.ips -= ips;
                h.squadrons -= lost;
                let entry =
                    position
                        .captured
                        .entry(c.clone())
                        .or_insert(super::position::Captured {
                            from: side.id.clone(),
                            ips: 0,
                        });
                entry.ips += ips;
                out.push(HomeCentreChange {
                    power: side.id.clone(),
                    centre: c.clone(),
                    by: now.cloned(),
                    taken_back: false,
                    held_before,
                    ips,
                    squadrons: lost,
                });
            } else if was != Some(&side.id) && now == Some(&side.id) {
                let back = position
                    .captured
                    .remove(c)
                    .filter(|x| x.from == side.id)
                    .map_or(0, |x| x.ips);
                position.industry.entry(side.id.clone()).or_default().ips += back;
                out.push(HomeCentreChange {
                    power: side.id.clone(),
                    centre: c.clone(),
                    by: None,
                    taken_back: true,
                    held_before,
                    ips: back,
                    squadrons: 0,
                });
            }
        }
    }
    out
}

/// The seed of a phase's rolls: the same for the same game, turn and phase.
fn phase_seed(game: &Game, position: &Position) -> u64 {
    let key = format!(
        "{}/{}/{}",
        game.id,
        game.turns.get(position.turn).map_or("", |t| t.id.as_str()),
        game.phases
            .get(position.phase)
            .map_or("", |p| p.id.as_str())
    );
    // FNV-1a: stable across builds and platforms.
    key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The air battles of a movement phase: each power's squadrons over each country, as many
/// as it has (orders beyond them are cut, and said so), losses by the rules of combat drawn
/// at random by a seeded roll, IPs bombed from the country's industry.
fn air_battles(game: &Game, written: &[Written], next: &mut Position, a: &mut ForceReport) {
    let mut left: BTreeMap<String, u32> = next
        .industry
        .iter()
        .map(|(p, h)| (p.clone(), h.squadrons))
        .collect();
    // over → (attackers, defenders)
    let mut skies: BTreeMap<String, (super::industry::Squadrons, super::industry::Squadrons)> =
        BTreeMap::new();
    for w in written {
        let Entry::Air(o) = &w.entry else { continue };
        let Some(power) = w.power.clone() else {
            a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: "whose squadrons these are cannot be told: put the order under a power's heading".into(),
            });
            continue;
        };
        let have = left.get(&power).copied().unwrap_or(0);
        let n = o.squadrons.min(have);
        if n < o.squadrons {
            a.unused.push(Unused {
                written: w.at.clone(),
                text: w.text.clone(),
                why: format!("{power} has {have} squadrons left to fly: {n} fly"),
            });
        }
        if n == 0 {
            continue;
        }
        left.insert(power.clone(), have - n);
        let sky = skies.entry(o.over.clone()).or_default();
        let side = if o.attack { &mut sky.0 } else { &mut sky.1 };
        *side.entry(power).or_default() += n;
    }
    let seed = phase_seed(game, next);
    for (k, (over, (attackers, defenders))) in skies.into_iter().enumerate() {
        let battle =
            super::industry::air_battle(&over, &attackers, &defenders, seed.wrapping_add(k as u64));
        for (p, n) in battle.attackers_lost.iter().chain(&battle.defenders_lost) {
            if let Some(h) = next.industry.get_mut(p) {
                h.squadrons = h.squadrons.saturating_sub(*n);
            }
        }
        for (p, n) in &battle.gained {
            if let Some(h) = next.industry.get_mut(p) {
                h.squadrons += n;
            }
        }
        if let Some(h) = next.industry.get_mut(&over) {
            h.ips = h.ips.saturating_sub(battle.industry_lost);
        }
        a.air_battles.push(battle);
    }
}

//! A movement phase's part orders planned before the resolver runs ([`Plan`]): each one
//! valid or refused, the dispersing units, the units forming as arrivals from nowhere
//! ([`WithArrivals`]) and the supports they get, and each part's destination.

use super::*;

/// Where a unit forming stands while the phase is resolved: a location no province has, so
/// that nothing attacks, cuts or retreats into it.
pub(super) fn arrival(power: &str, at: &str) -> String {
    format!("+{power}+{at}")
}

/// Whether a location is an arrival of [`arrival`].
pub fn is_arrival(location: &str) -> bool {
    location.starts_with('+')
}

/// The board with the arrivals of units forming: each may move to where it forms; every
/// other question goes to the board.
pub struct WithArrivals<'a> {
    board: &'a dyn Board,
    arrivals: Vec<(String, String)>,
}

impl Board for WithArrivals<'_> {
    fn province<'l>(&self, location: &'l str) -> &'l str {
        if is_arrival(location) {
            location
        } else {
            self.board.province(location)
        }
    }
    fn army_move(&self, from: &str, to: &str) -> bool {
        self.arrivals
            .iter()
            .any(|(a, t)| a == from && self.board.province(t) == to)
            || self.board.army_move(from, to)
    }
    fn army_moves_from(&self, province: &str) -> Vec<String> {
        self.board.army_moves_from(province)
    }
    fn fleet_move(&self, from: &str, to: &str) -> bool {
        self.arrivals.iter().any(|(a, t)| a == from && t == to) || self.board.fleet_move(from, to)
    }
    fn fleet_moves_from(&self, location: &str) -> Vec<String> {
        self.board.fleet_moves_from(location)
    }
    fn fleet_locations(&self, province: &str) -> Vec<String> {
        self.board.fleet_locations(province)
    }
    fn is_sea(&self, province: &str) -> bool {
        self.board.is_sea(province)
    }
    fn resolve_name(&self, name: &str) -> Option<String> {
        self.board.resolve_name(name)
    }
    fn provinces(&self) -> Vec<String> {
        self.board.provinces()
    }
}

/// A part order's result, for its power's eyes only.
#[derive(Debug, Clone, Serialize)]
pub struct HiddenResult {
    /// The power.
    pub power: String,
    /// The order as resolved, `1/3 A Lor - Bel`.
    pub order: String,
    /// Where it was written.
    pub written: Option<String>,
    /// The outcome.
    pub verdict: Verdict,
    /// Why, in words.
    pub reason: String,
}

/// A unit formed from parts: public once it stands.
#[derive(Debug, Clone, Serialize)]
pub struct Formed {
    /// The power.
    pub power: String,
    /// The unit, `A bur`.
    pub unit: String,
}

/// A part order as the plan holds it: the order, its power and where it was written.
#[derive(Debug, Clone)]
pub struct Given {
    /// The power (side id), when written.
    pub power: Option<String>,
    /// The order.
    pub order: FractionOrder,
    /// The order's text.
    pub text: String,
    /// Where: `file:line`.
    pub at: String,
}

/// A unit dispersing.
#[derive(Debug, Clone)]
pub(super) struct Dispersal {
    pub(super) unit: usize,
    pub(super) parts: Vec<(Part, String)>,
    pub(super) at: String,
    pub(super) text: String,
}

/// A unit forming.
#[derive(Debug, Clone)]
pub(super) struct Forming {
    pub(super) power: String,
    pub(super) kind: UnitKind,
    pub(super) target: String,
    pub(super) parts: Vec<usize>,
    pub(super) arrival: String,
    pub(super) at: String,
    pub(super) text: String,
}

/// A part's ordered move: a plain move, boarding a fleet, or disembarking.
#[derive(Debug, Clone)]
pub(super) struct PartMove {
    pub(super) fraction: usize,
    pub(super) to: String,
    pub(super) at: String,
    pub(super) text: String,
}

/// The part orders of a movement phase, read against the position before the resolver runs.
pub struct Plan<'r> {
    pub(super) rules: &'r FractionRules,
    pub(super) dispersals: Vec<Dispersal>,
    pub(super) forming: Vec<Forming>,
    pub(super) moves: Vec<PartMove>,
    /// Results decided before resolving (orders that cannot be carried out).
    pub results: Vec<HiddenResult>,
    /// Units ordered to disperse (indexes into the position's units): they stand.
    pub dispersing: Vec<usize>,
    /// Where each dispersal order was written, by unit index.
    pub dispersal_written: BTreeMap<usize, String>,
}

/// What [`Plan::arrivals`] adds to the resolver: units from nowhere and their orders, with
/// the supports of units forming.
pub struct Arrivals {
    /// The units forming, at their arrival locations.
    pub units: Vec<Unit>,
    /// Their moves, and the supports given to them (orders of the position's units).
    pub orders: Vec<Order>,
    /// Supporters of a unit forming: unit index → where it forms (for the report).
    pub supporters: BTreeMap<usize, String>,
}

pub(super) fn result(
    power: &str,
    text: &str,
    at: Option<&str>,
    verdict: Verdict,
    reason: String,
) -> HiddenResult {
    HiddenResult {
        power: power.to_string(),
        order: text.to_string(),
        written: at.map(str::to_string),
        verdict,
        reason,
    }
}

/// Where a part of `kind` at `from` may go: the location (a fleet part's coast found), or
/// `None`. Army parts board a fleet standing in a sea next to their coast when `boarding`.
pub(super) fn part_destination(
    board: &dyn Board,
    units: &[Unit],
    kind: UnitKind,
    from: &str,
    to: &str,
    boarding: bool,
) -> Result<String, String> {
    let here = board.province(from);
    let dest = board.province(to);
    match kind {
        UnitKind::Army => {
            if board.is_sea(dest) {
                let fleet_there = units
                    .iter()
                    .any(|u| u.kind == UnitKind::Fleet && board.province(&u.location) == dest);
                let coast_next = board
                    .fleet_locations(here)
                    .iter()
                    .any(|l| board.fleet_move(l, to) || board.fleet_move(to, l));
                if !boarding {
                    Err("army parts do not go to sea in this game".into())
                } else if !fleet_there {
                    Err(format!("no fleet stands in {} to board", display(dest)))
                } else if !coast_next {
                    Err(format!(
                        "{} is not a coast next to {}",
                        display(here),
                        display(dest)
                    ))
                } else {
                    Ok(dest.to_string())
                }
            } else if board.army_move(here, dest) || here == dest {
                Ok(dest.to_string())
            } else {
                Err(format!(
                    "an army cannot move from {} to {}",
                    display(here),
                    display(dest)
                ))
            }
        }
        UnitKind::Fleet => {
            if here == dest {
                return Ok(from.to_string());
            }
            let reachable: Vec<String> = if to.contains('/') {
                vec![to.to_string()]
            } else {
                board.fleet_locations(dest)
            };
            let ok: Vec<String> = reachable
                .into_iter()
                .filter(|l| board.fleet_move(from, l))
                .collect();
            match ok.as_slice() {
                [one] => Ok(one.clone()),
                [] => Err(format!(
                    "a fleet cannot move from {} to {}",
                    display(from),
                    display(to)
                )),
                _ => Err(format!(
                    "name the coast of {} the fleet goes to",
                    display(dest)
                )),
            }
        }
    }
}

impl<'r> Plan<'r> {
    /// Read the part orders of a movement phase against the position: each one valid, or a
    /// private result saying why not. `turn` is the phase's turn (the early limit).
    pub fn new(
        rules: &'r FractionRules,
        board: &dyn Board,
        units: &[Unit],
        fractions: &[Fraction],
        turn: usize,
        given: &[Given],
    ) -> Self {
        let mut plan = Plan {
            rules,
            dispersals: Vec::new(),
            forming: Vec::new(),
            moves: Vec::new(),
            results: Vec::new(),
            dispersing: Vec::new(),
            dispersal_written: BTreeMap::new(),
        };
        let mut used = vec![false; fractions.len()];
        let find = |p: &Part, power: &str, used: &[bool]| {
            (0..fractions.len()).find(|&i| {
                let f = &fractions[i];
                !used[i]
                    && f.power == power
                    && f.kind == p.kind
                    && f.size == p.size
                    && board.province(&f.location) == board.province(&p.location)
            })
        };
        // Why no part matches: none there, or every one there already ordered.
        let missing = |p: &Part, power: &str, used: &[bool]| {
            let there = (0..fractions.len()).any(|i| {
                let f = &fractions[i];
                f.power == power
                    && f.kind == p.kind
                    && f.size == p.size
                    && board.province(&f.location) == board.province(&p.location)
                    && used[i]
            });
            format!(
                "you have no {} {} in {}{}",
                p.size,
                kind_letter(p.kind),
                display(&p.location),
                if there {
                    " that another order does not already use"
                } else {
                    ""
                }
            )
        };
        // Dispersed units each power may still make before the limit's turn.
        let mut room: BTreeMap<String, u32> = BTreeMap::new();
        for g in given {
            let power = g.power.clone();
            match &g.order {
                FractionOrder::Disperse { kind, unit, parts } => {
                    let Some(i) = units
                        .iter()
                        .position(|u| board.province(&u.location) == board.province(unit))
                    else {
                        plan.results.push(result(
                            power.as_deref().unwrap_or("?"),
                            &g.text,
                            Some(&g.at),
                            Verdict::Void,
                            format!("there is no unit in {}", display(unit)),
                        ));
                        continue;
                    };
                    let u = &units[i];
                    if power.as_ref().is_some_and(|p| *p != u.power) {
                        plan.results.push(result(
                            power.as_deref().unwrap_or("?"),
                            &g.text,
                            Some(&g.at),
                            Verdict::Void,
                            format!("the unit in {} is not yours", display(unit)),
                        ));
                        continue;
                    }
                    let why = plan.dispersal_problem(board, units, u, *kind, parts);
                    let why = why.or_else(|| {
                        if plan.dispersing.contains(&i) {
                            return Some("the unit already disperses by an earlier order".into());
                        }
                        let (most, until) = rules.limit?;
                        if turn >= until {
                            return None;
                        }
                        let left = room.entry(u.power.clone()).or_insert_with(|| {
                            most.saturating_sub(units_worth(fractions, &u.power))
                        });
                        if *left == 0 {
                            Some(format!(
                                "no more than {most} units may be dispersed this early"
                            ))
                        } else {
                            *left -= 1;
                            None
                        }
                    });
                    match why {
                        Some(w) => plan.results.push(result(
                            &u.power,
                            &g.text,
                            Some(&g.at),
                            Verdict::Void,
                            format!("the unit stands: {w}"),
                        )),
                        None => {
                            let mut placed = Vec::new();
                            for p in parts {
                                let to = part_destination(
                                    board,
                                    units,
                                    p.kind,
                                    &u.location,
                                    &p.location,
                                    rules.boarding,
                                )
                                .unwrap_or_else(|_| p.location.clone());
                                placed.push((p.clone(), to));
                            }
                            plan.dispersing.push(i);
                            plan.dispersal_written.insert(i, g.at.clone());
                            plan.dispersals.push(Dispersal {
                                unit: i,
                                parts: placed,
                                at: g.at.clone(),
                                text: g.text.clone(),
                            });
                        }
                    }
                }
                FractionOrder::Move { part, to } => {
                    let Some(power) = power else {
                        continue;
                    };
                    let Some(k) = find(part, &power, &used) else {
                        plan.results.push(result(
                            &power,
                            &g.text,
                            Some(&g.at),
                            Verdict::Void,
                            missing(part, &power, &used),
                        ));
                        continue;
                    };
                    let f = &fractions[k];
                    let aboard =
                        f.kind == UnitKind::Army && board.is_sea(board.province(&f.location));
                    // A rider disembarks at the end of the phase: checked where its fleet ends.
                    let dest = if aboard {
                        Ok(to.clone())
                    } else {
                        part_destination(board, units, f.kind, &f.location, to, rules.boarding)
                    };
                    match dest {
                        Ok(dest) if board.province(&dest) == board.province(&f.location) => {
                            plan.results.push(result(
                                &power,
                                &g.text,
                                Some(&g.at),
                                Verdict::Void,
                                "a part cannot move to its own province".into(),
                            ));
                        }
                        Ok(dest) => {
                            used[k] = true;
                            plan.moves.push(PartMove {
                                fraction: k,
                                to: dest,
                                at: g.at.clone(),
                                text: g.text.clone(),
                            });
                        }
                        Err(why) => plan.results.push(result(
                            &power,
                            &g.text,
                            Some(&g.at),
                            Verdict::Void,
                            why,
                        )),
                    }
                }
                FractionOrder::Form { kind, at, parts } => {
                    let Some(power) = power else {
                        continue;
                    };
                    let mut picked = Vec::new();
                    let mut why = None;
                    for p in parts {
                        let mut taken = used.clone();
                        for q in &picked {
                            taken[*q] = true;
                        }
                        match find(p, &power, &taken) {
                            Some(k) => picked.push(k),
                            None => {
                                why = Some(missing(p, &power, &taken));
                                break;
                            }
                        }
                    }
                    let target = board.province(at).to_string();
                    if why.is_none() {
                        if let Some(&k) = picked.iter().find(|&&k| fractions[k].kind != *kind) {
                            why = Some(format!(
                                "{} is not of the kind formed",
                                fraction_label(&fractions[k])
                            ));
                        } else if let Some(&k) = picked.iter().find(|&&k| {
                            let from = &fractions[k].location;
                            let p = board.province(from);
                            !(p == target
                                || match kind {
                                    UnitKind::Army if board.is_sea(p) => board
                                        .fleet_locations(&target)
                                        .iter()
                                        .any(|l| board.fleet_move(from, l)),
                                    UnitKind::Army => board.army_move(p, &target),
                                    UnitKind::Fleet => board
                                        .fleet_locations(&target)
                                        .iter()
                                        .any(|l| board.fleet_move(from, l)),
                                })
                        }) {
                            why = Some(format!(
                                "{} is not within one move of {}",
                                fraction_label(&fractions[k]),
                                display(&target)
                            ));
                        } else if total(picked.iter().map(|&k| &fractions[k].size))
                            != whole_units(1)
                        {
                            why = Some("the parts do not add up to one unit".into());
                        } else if *kind == UnitKind::Army && board.is_sea(&target) {
                            why = Some("an army cannot form at sea".into());
                        } else if *kind == UnitKind::Fleet
                            && board.fleet_locations(&target).is_empty()
                        {
                            why = Some("a fleet cannot form inland".into());
                        }
                    }
                    let location = match kind {
                        UnitKind::Fleet if at.contains('/') => at.clone(),
                        UnitKind::Fleet => match board.fleet_locations(&target).as_slice() {
                            [one] => one.clone(),
                            _ => {
                                why = why.or_else(|| {
                                    Some(format!(
                                        "name the coast of {} the fleet forms on",
                                        display(&target)
                                    ))
                                });
                                target.clone()
                            }
                        },
                        UnitKind::Army => target.clone(),
                    };
                    match why {
                        Some(w) => plan.results.push(result(
                            &power,
                            &g.text,
                            Some(&g.at),
                            Verdict::Void,
                            w,
                        )),
                        None => {
                            for &k in &picked {
                                used[k] = true;
                            }
                            let arrival = arrival(&power, &location);
                            plan.forming.push(Forming {
                                power,
                                kind: *kind,
                                target: location,
                                parts: picked,
                                arrival,
                                at: g.at.clone(),
                                text: g.text.clone(),
                            });
                        }
                    }
                }
                FractionOrder::Support { .. } => {}
            }
        }
        plan
    }

    /// Why a dispersal cannot be carried out, if it cannot.
    fn dispersal_problem(
        &self,
        board: &dyn Board,
        units: &[Unit],
        u: &Unit,
        kind: UnitKind,
        parts: &[Part],
    ) -> Option<String> {
        let most = Share::new(1, self.rules.parts);
        if u.kind != kind {
            return Some("the unit there is not of that kind".into());
        }
        if parts.len() < self.rules.parts as usize {
            return Some(format!(
                "a unit disperses into at least {} parts",
                self.rules.parts
            ));
        }
        if let Some(p) = parts.iter().find(|p| p.kind != u.kind) {
            return Some(format!(
                "the part for {} is not of the unit's kind",
                display(&p.location)
            ));
        }
        if let Some(p) = parts.iter().find(|p| p.size > most) {
            return Some(format!(
                "the part for {} is {}, more than {most} of a unit",
                display(&p.location),
                p.size
            ));
        }
        if total(parts.iter().map(|p| &p.size)) != whole_units(1) {
            return Some("the parts do not add up to the whole unit".into());
        }
        let mut seen = Vec::new();
        for p in parts {
            let prov = board.province(&p.location);
            if seen.contains(&prov) {
                return Some(format!(
                    "two parts go to {}: each goes to a different province",
                    display(prov)
                ));
            }
            seen.push(prov);
            if let Err(why) = part_destination(
                board,
                units,
                u.kind,
                &u.location,
                &p.location,
                self.rules.boarding,
            ) {
                return Some(why);
            }
        }
        None
    }

    /// The units forming, as arrivals for the resolver, and the supports given to them.
    pub fn arrivals(&self, board: &dyn Board, units: &[Unit], given: &[Given]) -> Arrivals {
        let mut out = Arrivals {
            units: Vec::new(),
            orders: Vec::new(),
            supporters: BTreeMap::new(),
        };
        for f in &self.forming {
            out.units.push(Unit::new(&f.power, f.kind, &f.arrival));
            out.orders.push(Order {
                power: Some(f.power.clone()),
                kind: f.kind,
                unit: f.arrival.clone(),
                command: Command::Move {
                    to: f.target.clone(),
                    convoy: false,
                },
            });
        }
        for g in given {
            let FractionOrder::Support { kind, unit, at } = &g.order else {
                continue;
            };
            let Some(i) = units
                .iter()
                .position(|u| board.province(&u.location) == board.province(unit))
            else {
                continue;
            };
            if g.power.as_ref().is_some_and(|p| *p != units[i].power) || units[i].kind != *kind {
                continue;
            }
            let target = board.province(at).to_string();
            // The unit forming there (several: the first); none, an arrival nobody makes.
            let arrival = self
                .forming
                .iter()
                .find(|f| board.province(&f.target) == target)
                .map_or_else(|| arrival("nobody", &target), |f| f.arrival.clone());
            out.supporters.insert(i, target.clone());
            out.orders.push(Order {
                power: Some(units[i].power.clone()),
                kind: *kind,
                unit: units[i].location.clone(),
                command: Command::Support {
                    unit: arrival,
                    to: Some(target),
                },
            });
        }
        out
    }

    /// The board the resolver sees: with the arrivals of units forming.
    pub fn board<'b>(&self, board: &'b dyn Board) -> WithArrivals<'b> {
        WithArrivals {
            board,
            arrivals: self
                .forming
                .iter()
                .map(|f| (f.arrival.clone(), f.target.clone()))
                .collect(),
        }
    }
}

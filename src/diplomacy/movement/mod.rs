//! A movement phase resolved, after Lucas Kruijswijk's algorithm ("The Math of
//! Adjudication", with the DATC): every order's success is a function of other orders'
//! successes; each is resolved on demand, a dependency cycle is detected by guessing, and a
//! cycle with two consistent answers is settled by the backup rule — circular movement
//! succeeds, and in a convoy paradox the convoys of the cycle fail (the Szykman rule).
//!
//! Options the DATC leaves open, as chosen here: an army adjacent to its destination goes by
//! convoy when its order says `via convoy` or a fleet of its own power is ordered to convoy
//! it there (4.A.3, DPTG intent); an order to a unit of another power, or one that cannot be
//! carried out (a move to a province not adjacent and not reachable by convoy, a fleet move
//! to a split-coast province without a coast it can reach, a support to a province the unit
//! cannot move to), is a hold and fails; a support or convoy that matches no order gives
//! nothing.
//!
//! The convoy routes an army may take (and the bounded search for them) are in `convoys.rs`.

use std::collections::{BTreeMap, VecDeque};

use serde::Serialize;

use super::orders::{Command, Order};
use super::{Board, Unit, UnitKind};

mod convoys;

use convoys::{convoy_route, fleets_could_convoy, on_a_route};

/// How an order ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// The unit's location.
    pub unit: String,
    /// What it was ordered (a hold when it had no order or the order was void).
    pub command: Command,
    /// The order as given when it was void (and the unit held instead): what the report
    /// echoes, so that a player sees the order they wrote.
    pub ordered: Option<Command>,
    /// Whether the order succeeded (a hold: the unit stayed undislodged).
    pub succeeds: bool,
    /// Whether the order was void (not carried out at all), and why.
    pub void: Option<String>,
    /// Whether the unit was dislodged, and from where the attack came (a province).
    pub dislodged_by: Option<String>,
    /// A move that failed against other units (not one whose convoy failed): with no one
    /// there after the phase, its destination is a standoff.
    pub bounced: bool,
    /// Why, in words: `bounced against A Mun (1 to 1)`, `cut by F Tri`, `dislodged by A Bur
    /// (2 to 1)`.
    pub reason: String,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// The phase being resolved.
struct Phase<'a> {
    board: &'a dyn Board,
    units: &'a [Unit],
    /// The effective command of each unit.
    commands: Vec<Command>,
    /// Moves that go by convoy.
    by_convoy: Vec<bool>,
    state: Vec<State>,
    resolution: Vec<bool>,
    dependencies: Vec<usize>,
    /// How many times a guess has been read, to tell an order that depends on a guess
    /// already in the list from one that depends on none.
    guess_reads: usize,
}

/// Resolve a movement phase: `units` on the board and their `orders` (units without one
/// hold). The outcomes are in the order of `units`.
pub fn resolve(board: &dyn Board, units: &[Unit], orders: &[Order]) -> Vec<Outcome> {
    let mut commands = vec![Command::Hold; units.len()];
    let mut void: Vec<Option<String>> = vec![None; units.len()];
    let mut ordered = vec![false; units.len()];
    let mut given: Vec<Option<Command>> = vec![None; units.len()];
    for o in orders {
        let Some(i) = units
            .iter()
            .position(|u| board.province(&u.location) == board.province(&o.unit))
        else {
            continue;
        };
        if ordered[i] {
            continue;
        }
        ordered[i] = true;
        given[i] = Some(o.command.clone());
        let u = &units[i];
        let reason = if u.kind != o.kind {
            Some("the unit there is not of that kind".to_string())
        } else if o.power.as_deref().is_some_and(|p| !same_power(p, &u.power)) {
            Some(format!("the unit belongs to {}", u.power))
        } else {
            None
        };
        match reason {
            Some(r) => void[i] = Some(r),
            None => commands[i] = o.command.clone(),
        }
    }
    let mut by_convoy = vec![false; units.len()];
    // Make each command concrete (a fleet's coast) or void.
    for i in 0..units.len() {
        let u = &units[i];
        let here = board.province(&u.location).to_string();
        let problem = match commands[i].clone() {
            Command::Hold => None,
            Command::Build | Command::Disband => {
                Some("builds and disbands belong to the adjustment phase".to_string())
            }
            Command::Move { to, convoy } => {
                let dest = board.province(&to).to_string();
                if dest == here {
                    Some("a unit cannot move to its own province".to_string())
                } else {
                    match u.kind {
                        UnitKind::Army => {
                            let direct = board.army_move(&here, &dest);
                            let ordered = convoy_route(board, units, &commands, &here, &dest);
                            // The power means a convoy when its order says so, or when one
                            // of its fleets is ordered to convoy the army and could be on a
                            // route (4.A.3, the 2023 rules).
                            let intent = || {
                                (0..units.len()).any(|j| {
                                    units[j].power == u.power
                                        && matches!(&commands[j], Command::Convoy { from, to } if *from == here && *to == dest)
                                        && on_a_route(board, &units[j].location, &here, &dest)
                                })
                            };
                            by_convoy[i] = !direct || convoy || (ordered.is_some() && intent());
                            commands[i] = Command::Move {
                                to: dest.clone(),
                                convoy: by_convoy[i],
                            };
                            if !direct && !fleets_could_convoy(board, units, &here, &dest) {
                                Some(format!(
                                    "`{dest}` is not next to `{here}` and no fleets could convoy the army there"
                                ))
                            } else {
                                None
                            }
                        }
                        UnitKind::Fleet => {
                            let target = if to.contains('/') {
                                Some(to.clone())
                            } else {
                                let reachable: Vec<String> = board
                                    .fleet_locations(&dest)
                                    .into_iter()
                                    .filter(|l| board.fleet_move(&u.location, l))
                                    .collect();
                                match reachable.as_slice() {
                                    [one] => Some(one.clone()),
                                    _ => None,
                                }
                            };
                            match target {
                                Some(t) if board.fleet_move(&u.location, &t) => {
                                    commands[i] = Command::Move {
                                        to: t,
                                        convoy: false,
                                    };
                                    None
                                }
                                _ => Some(format!(
                                    "a fleet in `{}` cannot move to `{to}`",
                                    u.location
                                )),
                            }
                        }
                    }
                }
            }
            Command::Support { unit, to } => {
                let place = board.province(to.as_deref().unwrap_or(&unit)).to_string();
                let reach = match u.kind {
                    UnitKind::Army => board.army_move(&here, &place),
                    UnitKind::Fleet => board
                        .fleet_locations(&place)
                        .iter()
                        .any(|l| board.fleet_move(&u.location, l)),
                };
                if unit == here {
                    Some("a unit cannot support itself".to_string())
                } else if !reach {
                    Some(format!(
                        "the unit cannot move to `{place}`, so it cannot support there"
                    ))
                } else if !units.iter().any(|x| board.province(&x.location) == unit) {
                    Some(format!("there is no unit in `{unit}`"))
                } else {
                    None
                }
            }
            Command::Convoy { .. } => {
                if u.kind != UnitKind::Fleet || !board.is_sea(&here) {
                    Some("only a fleet at sea can convoy".to_string())
                } else {
                    None
                }
            }
        };
        if let Some(p) = problem {
            void[i] = Some(p);
            commands[i] = Command::Hold;
            by_convoy[i] = false;
        }
    }
    let mut phase = Phase {
        board,
        units,
        commands,
        by_convoy,
        state: vec![State::Unresolved; units.len()],
        resolution: vec![false; units.len()],
        dependencies: Vec::new(),
        guess_reads: 0,
    };
    for i in 0..units.len() {
        phase.resolve(i);
    }
    (0..units.len())
        .map(|i| {
            let dislodged_by = phase.dislodger(i).map(|j| {
                let p = board.province(&units[j].location);
                p.to_string()
            });
            let succeeds = match &phase.commands[i] {
                Command::Hold => dislodged_by.is_none() && void[i].is_none(),
                _ => phase.resolution[i],
            };
            let reason = phase.explain(i, void[i].as_deref());
            let bounced = matches!(phase.commands[i], Command::Move { .. })
                && !phase.resolution[i]
                && phase.path(i);
            Outcome {
                unit: units[i].location.clone(),
                command: phase.commands[i].clone(),
                ordered: void[i].as_ref().and(given[i].clone()),
                succeeds,
                void: void[i].clone(),
                dislodged_by,
                bounced,
                reason,
            }
        })
        .collect()
}

/// A unit as reports name it: `A Mun`, `F Spa/nc`.
pub fn label(unit: &Unit) -> String {
    format!("{} {}", kind_letter(unit.kind), display(&unit.location))
}

/// `A` or `F`.
pub fn kind_letter(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Army => "A",
        UnitKind::Fleet => "F",
    }
}

/// A location id as reports write it: `Mun`, `Spa/nc` (as orders write it, and as the
/// published book and `sandtable provinces` print it).
pub fn display(location: &str) -> String {
    crate::model::map::id_as_ordered(location)
}

fn same_power(written: &str, power: &str) -> bool {
    let w = written.to_ascii_lowercase();
    let p = power.to_ascii_lowercase();
    w == p || (w.len() >= 3 && p.starts_with(&w)) || (p.len() >= 3 && w.starts_with(&p))
}

impl Phase<'_> {
    fn province(&self, i: usize) -> &str {
        self.board.province(&self.units[i].location)
    }

    /// The unit in a province, before anything moves.
    fn unit_in(&self, province: &str) -> Option<usize> {
        (0..self.units.len()).find(|&i| self.province(i) == province)
    }

    /// The province a move goes to.
    fn destination(&self, i: usize) -> Option<String> {
        match &self.commands[i] {
            Command::Move { to, .. } => Some(self.board.province(to).to_string()),
            _ => None,
        }
    }

    /// Kruijswijk's resolve: the answer for order `i`, guessing through cycles.
    fn resolve(&mut self, i: usize) -> bool {
        match self.state[i] {
            State::Resolved => return self.resolution[i],
            State::Guessing => {
                self.guess_reads += 1;
                if !self.dependencies.contains(&i) {
                    self.dependencies.push(i);
                }
                return self.resolution[i];
            }
            State::Unresolved => {}
        }
        let old = self.dependencies.len();
        let reads = self.guess_reads;
        self.resolution[i] = false;
        self.state[i] = State::Guessing;
        let first = self.adjudicate(i);
        if self.dependencies.len() == old && self.guess_reads == reads {
            if self.state[i] != State::Resolved {
                self.resolution[i] = first;
                self.state[i] = State::Resolved;
            }
            return first;
        }
        // It read a guess already in the list (not a new one): it depends on that guess,
        // so it stays unresolved with it.
        if self.dependencies.len() == old || self.dependencies[old] != i {
            self.dependencies.push(i);
            self.resolution[i] = first;
            return first;
        }
        // `i` is in a cycle: try the other guess.
        for &j in &self.dependencies[old..] {
            self.state[j] = State::Unresolved;
        }
        self.dependencies.truncate(old);
        self.resolution[i] = true;
        self.state[i] = State::Guessing;
        let second = self.adjudicate(i);
        if first == second {
            for &j in &self.dependencies[old..] {
                self.state[j] = State::Unresolved;
            }
            self.dependencies.truncate(old);
            self.resolution[i] = first;
            self.state[i] = State::Resolved;
            return first;
        }
        self.backup_rule(old);
        self.resolve(i)
    }

    /// Settle a cycle with two consistent answers: a cycle of moves only is circular
    /// movement, and all its moves succeed; any other is a convoy paradox, and the convoys
    /// it involves fail (the Szykman rule): those of the cycle, else those carrying an army
    /// whose move is in it.
    fn backup_rule(&mut self, old: usize) {
        let cycle: Vec<usize> = self.dependencies[old..].to_vec();
        self.dependencies.truncate(old);
        let moves_only = cycle
            .iter()
            .all(|&j| matches!(self.commands[j], Command::Move { .. }));
        if moves_only {
            for &j in &cycle {
                self.resolution[j] = true;
                self.state[j] = State::Resolved;
            }
            return;
        }
        let mut convoys: Vec<usize> = cycle
            .iter()
            .copied()
            .filter(|&j| matches!(self.commands[j], Command::Convoy { .. }))
            .collect();
        if convoys.is_empty() {
            for &j in &cycle {
                if !self.by_convoy[j] {
                    continue;
                }
                let from = self.province(j).to_string();
                let to = self.destination(j).unwrap_or_default();
                convoys.extend((0..self.units.len()).filter(|&f| {
                    matches!(&self.commands[f], Command::Convoy { from: a, to: b } if *a == from && *b == to)
                }));
            }
        }
        for &j in &cycle {
            self.state[j] = State::Unresolved;
        }
        // The convoys fail; an army that meant to go by convoy stays where it is, even when
        // it could have gone over land (rule 9.6; DATC 6.G.11, in 3.0 and the 2023 rules).
        for j in convoys {
            self.resolution[j] = false;
            self.state[j] = State::Resolved;
        }
    }

    fn adjudicate(&mut self, i: usize) -> bool {
        match self.commands[i].clone() {
            Command::Hold | Command::Build | Command::Disband => true,
            Command::Move { to, .. } => self.move_succeeds(i, self.board.province(&to).to_string()),
            Command::Support { unit, to } => {
                let here = self.province(i).to_string();
                let against = self
                    .board
                    .province(to.as_deref().unwrap_or(&unit))
                    .to_string();
                // Cut by an attack from anywhere but the province the support is directed
                // at, by another power, along a path that works; or dislodged.
                for j in 0..self.units.len() {
                    if self.destination(j).as_deref() != Some(here.as_str()) {
                        continue;
                    }
                    if self.units[j].power == self.units[i].power {
                        continue;
                    }
                    if self.province(j) == against {
                        if self.resolve(j) {
                            return false;
                        }
                        continue;
                    }
                    if self.path(j) {
                        return false;
                    }
                }
                true
            }
            Command::Convoy { .. } => {
                let here = self.province(i).to_string();
                for j in 0..self.units.len() {
                    if self.destination(j).as_deref() == Some(here.as_str()) && self.resolve(j) {
                        return false;
                    }
                }
                true
            }
        }
    }

    /// Whether a move's route works: direct, or a chain of convoying fleets that succeed.
    fn path(&mut self, i: usize) -> bool {
        if !self.by_convoy[i] {
            return matches!(self.commands[i], Command::Move { .. });
        }
        let from = self.province(i).to_string();
        let Some(to) = self.destination(i) else {
            return false;
        };
        // Fleets ordered to convoy this army, at sea.
        let fleets: Vec<usize> = (0..self.units.len())
            .filter(|&j| matches!(&self.commands[j], Command::Convoy { from: f, to: t } if *f == from && *t == to))
            .collect();
        let mut working = Vec::new();
        for j in fleets {
            if self.resolve(j) {
                working.push(j);
            }
        }
        let touches = |board: &dyn Board, fleet_at: &str, province: &str| {
            board
                .fleet_locations(province)
                .iter()
                .chain(std::iter::once(&province.to_string()))
                .any(|l| board.fleet_move(fleet_at, l))
        };
        let mut reached: Vec<usize> = working
            .iter()
            .copied()
            .filter(|&j| touches(self.board, &self.units[j].location, &from))
            .collect();
        let mut k = 0;
        while k < reached.len() {
            let at = self.units[reached[k]].location.clone();
            if touches(self.board, &at, &to) {
                return true;
            }
            for &j in &working {
                if !reached.contains(&j) && self.board.fleet_move(&at, &self.units[j].location) {
                    reached.push(j);
                }
            }
            k += 1;
        }
        false
    }

    /// The sum of the strengths of successful supports for unit `i` holding, or (`moving`)
    /// making its move, leaving out supporters of `except` power. A support naming a coast
    /// counts only for a move to that coast.
    fn supports(&mut self, i: usize, moving: bool, except: Option<&str>) -> u32 {
        let here = self.province(i).to_string();
        let target = match (&self.commands[i], moving) {
            (Command::Move { to, .. }, true) => Some(to.clone()),
            _ => None,
        };
        let board = self.board;
        let mut sum = 0;
        for j in 0..self.units.len() {
            let matches = match (&self.commands[j], &target) {
                (Command::Support { unit, to: None }, None) => *unit == here,
                (Command::Support { unit, to: Some(t) }, Some(m)) => {
                    *unit == here
                        && board.province(t) == board.province(m)
                        && (!t.contains('/') || t == m)
                }
                _ => false,
            };
            if !matches || except.is_some_and(|p| self.units[j].power == p) {
                continue;
            }
            if self.resolve(j) {
                sum += self.units[j].strength;
            }
        }
        sum
    }

    /// The unit moving from `to` into `i`'s province head to head (neither by convoy).
    fn head_to_head(&self, i: usize) -> Option<usize> {
        if self.by_convoy[i] {
            return None;
        }
        let dest = self.destination(i)?;
        let here = self.province(i).to_string();
        let j = self.unit_in(&dest)?;
        (self.destination(j).as_deref() == Some(here.as_str()) && !self.by_convoy[j]).then_some(j)
    }

    fn hold_strength(&mut self, province: &str) -> u32 {
        let Some(j) = self.unit_in(province) else {
            return 0;
        };
        if matches!(self.commands[j], Command::Move { .. }) {
            return if self.resolve(j) {
                0
            } else {
                self.units[j].strength
            };
        }
        self.units[j].strength + self.supports(j, false, None)
    }

    fn attack_strength(&mut self, i: usize) -> u32 {
        if !self.path(i) {
            return 0;
        }
        let Some(dest) = self.destination(i) else {
            return 0;
        };
        let strength = self.units[i].strength;
        let h2h = self.head_to_head(i);
        let occupant = self.unit_in(&dest);
        let gone = match occupant {
            None => true,
            Some(j) => {
                h2h.is_none() && matches!(self.commands[j], Command::Move { .. }) && self.resolve(j)
            }
        };
        if gone {
            return strength + self.supports(i, true, None);
        }
        let j = occupant.unwrap_or(i);
        if self.units[j].power == self.units[i].power {
            return 0;
        }
        let defender = self.units[j].power.clone();
        strength + self.supports(i, true, Some(&defender))
    }

    fn defend_strength(&mut self, i: usize) -> u32 {
        self.units[i].strength + self.supports(i, true, None)
    }

    fn prevent_strength(&mut self, i: usize) -> u32 {
        if !self.path(i) {
            return 0;
        }
        if let Some(j) = self.head_to_head(i) {
            if self.resolve(j) {
                return 0;
            }
        }
        self.units[i].strength + self.supports(i, true, None)
    }

    fn move_succeeds(&mut self, i: usize, dest: String) -> bool {
        let attack = self.attack_strength(i);
        if attack == 0 {
            return false;
        }
        let against = match self.head_to_head(i) {
            Some(j) => self.defend_strength(j),
            None => self.hold_strength(&dest),
        };
        if attack <= against {
            return false;
        }
        for j in 0..self.units.len() {
            if j != i
                && self.destination(j).as_deref() == Some(dest.as_str())
                && attack <= self.prevent_strength(j)
            {
                return false;
            }
        }
        true
    }

    /// Why order `i` came out as it did (every order resolved already).
    fn explain(&mut self, i: usize, void: Option<&str>) -> String {
        let dislodged = self.dislodger(i).map(|j| {
            let here = self.province(i).to_string();
            let against = if self.head_to_head(j) == Some(i) {
                self.defend_strength(i)
            } else {
                self.hold_strength(&here)
            };
            format!(
                "dislodged by {} ({} to {against})",
                label(&self.units[j]),
                self.attack_strength(j)
            )
        });
        if let Some(v) = void {
            let mut r = format!("void: {v}; the unit holds");
            if let Some(d) = dislodged {
                r = format!("{r}, and is {d}");
            }
            return r;
        }
        let here = self.province(i).to_string();
        let why = match self.commands[i].clone() {
            Command::Hold | Command::Build | Command::Disband => {
                let attackers: Vec<usize> = (0..self.units.len())
                    .filter(|&j| self.destination(j).as_deref() == Some(here.as_str()))
                    .collect();
                match (&dislodged, attackers.as_slice()) {
                    (Some(_), _) => String::new(),
                    (None, []) => "holds".to_string(),
                    (None, _) => {
                        let hold = self.hold_strength(&here);
                        let against: Vec<String> = attackers
                            .iter()
                            .map(|&j| {
                                format!("{} ({})", label(&self.units[j]), self.attack_strength(j))
                            })
                            .collect();
                        format!("holds ({hold}) against {}", against.join(", "))
                    }
                }
            }
            Command::Move { to, .. } => self.explain_move(i, &to),
            Command::Support { unit, to } => self.explain_support(i, &unit, to.as_deref()),
            Command::Convoy { from, to } => {
                if self.resolution[i] {
                    match self.unit_in(&from) {
                        Some(a)
                            if self.by_convoy[a]
                                && self.destination(a).as_deref() == Some(to.as_str()) =>
                        {
                            format!("convoys {}", label(&self.units[a]))
                        }
                        _ => format!(
                            "no army is ordered from {} to {} by convoy: nothing to carry",
                            display(&from),
                            display(&to)
                        ),
                    }
                } else if dislodged.is_none() {
                    "fails: the convoy is part of a paradox, settled against the convoys \
                     (the Szykman rule)"
                        .to_string()
                } else {
                    String::new()
                }
            }
        };
        match (why.is_empty(), dislodged) {
            (_, None) => why,
            (true, Some(d)) => d,
            (false, Some(d)) => format!("{why}; {d}"),
        }
    }

    fn explain_move(&mut self, i: usize, to: &str) -> String {
        let dest = self.board.province(to).to_string();
        if self.resolution[i] {
            return format!("moves to {}", display(to));
        }
        if !self.path(i) {
            return "no convoy carried it: the convoying fleets failed or were missing".to_string();
        }
        let attack = self.attack_strength(i);
        let h2h = self.head_to_head(i);
        let occupant = self.unit_in(&dest);
        if attack == 0 {
            if let Some(j) = occupant {
                return format!(
                    "cannot dislodge {}, a unit of its own power",
                    label(&self.units[j])
                );
            }
        }
        if let Some(j) = h2h {
            let defend = self.defend_strength(j);
            if attack <= defend {
                return format!(
                    "bounced against {}, moving the other way ({attack} to {defend})",
                    label(&self.units[j])
                );
            }
        } else if let Some(j) = occupant {
            let hold = self.hold_strength(&dest);
            if attack <= hold {
                let stayed = if matches!(self.commands[j], Command::Move { .. }) {
                    ", which failed to leave"
                } else {
                    ""
                };
                return format!(
                    "bounced against {}{stayed} ({attack} to {hold})",
                    label(&self.units[j])
                );
            }
        }
        for j in 0..self.units.len() {
            if j != i && self.destination(j).as_deref() == Some(dest.as_str()) {
                let prevent = self.prevent_strength(j);
                if attack <= prevent {
                    return format!(
                        "bounced against {}, also moving to {} ({attack} to {prevent})",
                        label(&self.units[j]),
                        display(&dest)
                    );
                }
            }
        }
        "fails".to_string()
    }

    fn explain_support(&mut self, i: usize, unit: &str, to: Option<&str>) -> String {
        let here = self.province(i).to_string();
        let Some(s) = self.unit_in(unit) else {
            return "there is no unit to support".to_string();
        };
        let supported = match to {
            Some(t) => format!("{} - {}", label(&self.units[s]), display(t)),
            None => label(&self.units[s]),
        };
        if !self.resolution[i] {
            let against = self.board.province(to.unwrap_or(unit)).to_string();
            let cutter = (0..self.units.len()).find(|&j| {
                self.destination(j).as_deref() == Some(here.as_str())
                    && self.units[j].power != self.units[i].power
                    && (self.province(j) != against || self.resolution[j])
                    && (self.province(j) == against || self.path(j))
            });
            return match cutter {
                Some(j) if self.resolution[j] => "support cut".to_string(),
                Some(j) => format!("support cut by {}", label(&self.units[j])),
                None => "support cut".to_string(),
            };
        }
        let matches = match (&self.commands[s], to) {
            (Command::Move { to: m, .. }, Some(t)) => {
                self.board.province(m) == self.board.province(t)
            }
            (Command::Move { .. }, None) => false,
            (_, None) => true,
            (_, Some(_)) => false,
        };
        if matches {
            format!("supports {supported}")
        } else {
            format!(
                "given to {supported}, but that is not what it was ordered: it counts for nothing"
            )
        }
    }

    /// The unit whose move into `i`'s province succeeded, when `i` did not move away.
    fn dislodger(&self, i: usize) -> Option<usize> {
        if matches!(self.commands[i], Command::Move { .. }) && self.resolution[i] {
            return None;
        }
        let here = self.province(i);
        (0..self.units.len())
            .find(|&j| j != i && self.destination(j).as_deref() == Some(here) && self.resolution[j])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diplomacy::orders::parse;

    /// Four land provinces in a ring (a–b–c–d–a) and `e` next to all of them; `s` a sea
    /// next to `a` and `c`.
    struct Ring;

    impl Board for Ring {
        fn army_move(&self, from: &str, to: &str) -> bool {
            let ring = ["a", "b", "c", "d"];
            let pos = |p: &str| ring.iter().position(|x| *x == p);
            match (pos(from), pos(to)) {
                (Some(x), Some(y)) => (x + 1) % 4 == y || (y + 1) % 4 == x,
                _ => from != to && (from == "e" || to == "e") && from != "s" && to != "s",
            }
        }
        fn army_moves_from(&self, province: &str) -> Vec<String> {
            ["a", "b", "c", "d", "e"]
                .iter()
                .filter(|t| self.army_move(province, t))
                .map(|t| t.to_string())
                .collect()
        }
        fn fleet_move(&self, from: &str, to: &str) -> bool {
            matches!((from, to), ("s", "a" | "c") | ("a" | "c", "s"))
        }
        fn fleet_moves_from(&self, location: &str) -> Vec<String> {
            ["a", "c", "s"]
                .iter()
                .filter(|t| self.fleet_move(location, t))
                .map(|t| t.to_string())
                .collect()
        }
        fn fleet_locations(&self, province: &str) -> Vec<String> {
            if ["a", "c", "s"].contains(&province) {
                vec![province.to_string()]
            } else {
                Vec::new()
            }
        }
        fn is_sea(&self, province: &str) -> bool {
            province == "s"
        }
        fn resolve_name(&self, name: &str) -> Option<String> {
            let n = name.to_ascii_lowercase();
            ["a", "b", "c", "d", "e", "s"]
                .contains(&n.as_str())
                .then_some(n)
        }
    }

    /// Seas in a square of `OCEAN` × `OCEAN` (`s3x4`, next to the four around it), the land
    /// `w` along its west side and `e` along its east, next to each other by land, and a
    /// `bay` off the north-west corner sea.
    struct Ocean;

    const OCEAN: usize = 10;

    impl Ocean {
        fn names() -> Vec<String> {
            let mut out: Vec<String> = ["w", "e", "bay"].map(String::from).to_vec();
            for r in 0..OCEAN {
                for c in 0..OCEAN {
                    out.push(format!("s{r}x{c}"));
                }
            }
            out
        }

        fn cell(name: &str) -> Option<(usize, usize)> {
            let (r, c) = name.strip_prefix('s')?.split_once('x')?;
            Some((r.parse().ok()?, c.parse().ok()?))
        }
    }

    impl Board for Ocean {
        fn army_move(&self, from: &str, to: &str) -> bool {
            matches!((from, to), ("w", "e") | ("e", "w"))
        }
        fn army_moves_from(&self, province: &str) -> Vec<String> {
            ["w", "e"]
                .iter()
                .filter(|t| self.army_move(province, t))
                .map(|t| t.to_string())
                .collect()
        }
        fn fleet_move(&self, from: &str, to: &str) -> bool {
            let last = OCEAN - 1;
            match (Ocean::cell(from), Ocean::cell(to)) {
                (Some((a, b)), Some((c, d))) => a.abs_diff(c) + b.abs_diff(d) == 1,
                (Some(s), None) | (None, Some(s)) => {
                    let land = if Ocean::cell(from).is_some() {
                        to
                    } else {
                        from
                    };
                    match land {
                        "w" => s.1 == 0,
                        "e" => s.1 == last,
                        "bay" => s == (0, 0),
                        _ => false,
                    }
                }
                (None, None) => false,
            }
        }
        fn fleet_moves_from(&self, location: &str) -> Vec<String> {
            Ocean::names()
                .into_iter()
                .filter(|t| self.fleet_move(location, t))
                .collect()
        }
        fn fleet_locations(&self, province: &str) -> Vec<String> {
            vec![province.to_string()]
        }
        fn is_sea(&self, province: &str) -> bool {
            province == "bay" || Ocean::cell(province).is_some()
        }
        fn resolve_name(&self, name: &str) -> Option<String> {
            let n = name.to_ascii_lowercase();
            Ocean::names().contains(&n).then_some(n)
        }
    }

    /// An army next to its destination with a hundred fleets of its power ordered to convoy
    /// it, the first in a bay on no route. Whether that fleet's convoy expresses intent used
    /// to be settled by trying every chain of seas without shortcuts across the square, with
    /// no bound: some 10¹⁰ chains at ten seas a side (the search took 21,562 steps at six
    /// seas a side and 435,798 at seven, growing faster with each), hours of work; bounded,
    /// it stops after [`CHAIN_SEARCH_STEPS`] and asks only whether the bay lies on a
    /// shortest chain.
    #[test]
    fn a_square_of_a_hundred_convoying_fleets_resolves() {
        let mut texts = vec!["R: A w - e".to_string(), "R: F bay C A w - e".to_string()];
        for r in 0..OCEAN {
            for c in 0..OCEAN {
                texts.push(format!("R: F s{r}x{c} C A w - e"));
            }
        }
        let parsed: Vec<Order> = texts.iter().map(|o| parse(o, &Ocean).expect(o)).collect();
        let units: Vec<Unit> = parsed
            .iter()
            .map(|o| Unit::new(o.power.as_deref().unwrap_or("x"), o.kind, &o.unit))
            .collect();
        let outcomes = resolve(&Ocean, &units, &parsed);
        assert_eq!(outcomes.len(), 2 + OCEAN * OCEAN);
        assert!(outcomes[0].succeeds, "the army crosses: {:?}", outcomes[0]);
        // The bay's fleet lies on no route; a fleet on the north edge lies on a shortest one.
        assert!(!on_a_route(&Ocean, "bay", "w", "e"));
        assert!(on_a_route(&Ocean, "s0x3", "w", "e"));
    }

    /// A ladder of seas `LADDER` long: two rows (`n0`…, `s0`…), each sea next to the one
    /// before and after it in its row and to the one across; the land `w` off the west end
    /// (next to `n0` and `s0`) and `e` off the east end, next to each other by land; and a
    /// dead end of `LADDER` seas (`d0`…) off `n0`, on no route from `w` to `e`.
    struct Ladder;

    const LADDER: usize = 60;

    impl Ladder {
        fn names() -> Vec<String> {
            let mut out: Vec<String> = ["w", "e"].map(String::from).to_vec();
            for row in ["n", "s", "d"] {
                out.extend((0..LADDER).map(|i| format!("{row}{i}")));
            }
            out
        }

        fn sea(name: &str) -> Option<(char, usize)> {
            let row = name.chars().next()?;
            let i = name.get(1..)?.parse().ok()?;
            (matches!(row, 'n' | 's' | 'd') && i < LADDER).then_some((row, i))
        }
    }

    impl Board for Ladder {
        fn army_move(&self, from: &str, to: &str) -> bool {
            matches!((from, to), ("w", "e") | ("e", "w"))
        }
        fn army_moves_from(&self, province: &str) -> Vec<String> {
            ["w", "e"]
                .iter()
                .filter(|t| self.army_move(province, t))
                .map(|t| t.to_string())
                .collect()
        }
        fn fleet_move(&self, from: &str, to: &str) -> bool {
            let last = LADDER - 1;
            match (Ladder::sea(from), Ladder::sea(to)) {
                (Some((r, i)), Some((q, j))) => match (r, q) {
                    ('d', 'd') => i.abs_diff(j) == 1,
                    ('d', 'n') | ('n', 'd') => i == 0 && j == 0,
                    ('d', _) | (_, 'd') => false,
                    _ if r == q => i.abs_diff(j) == 1,
                    _ => i == j,
                },
                (Some((r, i)), None) | (None, Some((r, i))) => {
                    let land = if Ladder::sea(from).is_some() {
                        to
                    } else {
                        from
                    };
                    r != 'd' && ((land == "w" && i == 0) || (land == "e" && i == last))
                }
                (None, None) => false,
            }
        }
        fn fleet_moves_from(&self, location: &str) -> Vec<String> {
            Ladder::names()
                .into_iter()
                .filter(|t| self.fleet_move(location, t))
                .collect()
        }
        fn fleet_locations(&self, province: &str) -> Vec<String> {
            vec![province.to_string()]
        }
        fn is_sea(&self, province: &str) -> bool {
            Ladder::sea(province).is_some()
        }
        fn resolve_name(&self, name: &str) -> Option<String> {
            let n = name.to_ascii_lowercase();
            Ladder::names().contains(&n).then_some(n)
        }
    }

    /// The worst case of the convoy searches along a long chain of fleets: an army next to
    /// its destination, every fleet of its power ordered to convoy it, those of a dead end
    /// first. Minimal chains along the ladder are exponentially many (a chain may cross
    /// from row to row wherever it has not crossed just before), and whether each dead-end
    /// fleet lies on one used to be searched for through all of them, fleet after fleet.
    /// The army moves (it is next to `e`, and fleets on the ladder lie on routes), and the
    /// answers for single seas stand.
    #[test]
    fn a_long_ladder_of_convoying_fleets_resolves() {
        let mut texts = vec!["R: A w - e".to_string()];
        for row in ["d", "n", "s"] {
            for i in 0..LADDER {
                texts.push(format!("R: F {row}{i} C A w - e"));
            }
        }
        let parsed: Vec<Order> = texts.iter().map(|o| parse(o, &Ladder).expect(o)).collect();
        let units: Vec<Unit> = parsed
            .iter()
            .map(|o| Unit::new(o.power.as_deref().unwrap_or("x"), o.kind, &o.unit))
            .collect();
        let outcomes = resolve(&Ladder, &units, &parsed);
        assert_eq!(outcomes.len(), 1 + 3 * LADDER);
        assert!(outcomes[0].succeeds, "the army lands: {:?}", outcomes[0]);
        assert!(!on_a_route(&Ladder, "d5", "w", "e"));
        assert!(on_a_route(&Ladder, "n7", "w", "e"));
        assert!(on_a_route(&Ladder, &format!("s{}", LADDER - 1), "w", "e"));
    }

    fn run(orders: &[&str]) -> Vec<(String, bool, Option<String>)> {
        let parsed: Vec<Order> = orders.iter().map(|o| parse(o, &Ring).expect(o)).collect();
        let units: Vec<Unit> = parsed
            .iter()
            .map(|o| Unit::new(o.power.as_deref().unwrap_or("x"), o.kind, &o.unit))
            .collect();
        resolve(&Ring, &units, &parsed)
            .into_iter()
            .map(|o| (o.unit, o.succeeds, o.dislodged_by))
            .collect()
    }

    #[test]
    fn equal_attacks_bounce_and_support_dislodges() {
        let r = run(&["R: A a - b", "B: A c - b"]);
        assert!(!r[0].1 && !r[1].1);
        let r = run(&["R: A a - b", "R: A e S A a - b", "B: A b H"]);
        assert!(r[0].1);
        assert_eq!(r[2].2.as_deref(), Some("a"));
    }

    #[test]
    fn a_ring_of_moves_turns() {
        let r = run(&["R: A a - b", "R: A b - c", "R: A c - d", "R: A d - a"]);
        assert!(r.iter().all(|x| x.1), "{r:?}");
    }

    #[test]
    fn a_stronger_unit_needs_no_support() {
        let parsed: Vec<Order> = ["R: A a - b", "B: A b H"]
            .iter()
            .map(|o| parse(o, &Ring).expect("order"))
            .collect();
        let mut units: Vec<Unit> = parsed
            .iter()
            .map(|o| Unit::new(o.power.as_deref().unwrap_or("x"), o.kind, &o.unit))
            .collect();
        units[0].strength = 2;
        let r = resolve(&Ring, &units, &parsed);
        assert!(r[0].succeeds);
        assert_eq!(r[1].dislodged_by.as_deref(), Some("a"));
    }

    #[test]
    fn a_convoy_carries_and_a_void_order_holds() {
        let r = run(&["R: A a - c", "R: F s C A a - c"]);
        assert!(r[0].1, "{r:?}");
        let r = run(&["R: A a - c"]);
        assert!(!r[0].1, "no fleet: the move is void");
    }

    #[test]
    fn a_dislodged_unit_retreats_but_not_where_the_attack_came_from() {
        let texts = [
            "R: A a - b",
            "R: A e S A a - b",
            "B: A b H",
            "B: A c - d",
            "G: A d - c",
        ];
        let parsed: Vec<Order> = texts.iter().map(|o| parse(o, &Ring).expect(o)).collect();
        let units: Vec<Unit> = parsed
            .iter()
            .map(|o| Unit::new(o.power.as_deref().unwrap_or("x"), o.kind, &o.unit))
            .collect();
        let outcomes = resolve(&Ring, &units, &parsed);
        // b is dislodged from a; c and d bounced (each still holds its own province).
        let retreat = parse("B: A b - c", &Ring).expect("retreat");
        let r = super::super::retreat::resolve(&Ring, &units, &outcomes, &[retreat]);
        assert_eq!(r.len(), 1);
        assert!(
            r[0].options.is_empty(),
            "a is the attacker's, c and d are held, e holds: {r:?}"
        );
        assert_eq!(r[0].to, None);
    }
}

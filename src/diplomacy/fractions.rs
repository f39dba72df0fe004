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

/// An order about hidden parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "order", rename_all = "kebab-case")]
pub enum FractionOrder {
    /// `A Bou disperses - 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`.
    Disperse {
        /// The unit's kind.
        kind: UnitKind,
        /// Its location.
        unit: String,
        /// The parts and where each goes.
        parts: Vec<Part>,
    },
    /// `1/3 A Lor - Bel`.
    Move {
        /// The part.
        part: Part,
        /// Where it goes.
        to: String,
    },
    /// `A Bur forms from 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`.
    Form {
        /// The unit formed.
        kind: UnitKind,
        /// Where.
        at: String,
        /// The parts it is formed of.
        parts: Vec<Part>,
    },
    /// `A Mun S A Bur forms`: a unit supports a unit forming.
    Support {
        /// The supporting unit's kind.
        kind: UnitKind,
        /// Its location.
        unit: String,
        /// Where the supported unit forms.
        at: String,
    },
}

impl FractionOrder {
    /// Whether the power must be written with the order (a part is found by its power).
    pub fn needs_power(&self) -> bool {
        matches!(self, Self::Move { .. } | Self::Form { .. })
    }
}

/// Whether a line of an orders file is about hidden parts: it names a part (`1/3 …`), a
/// dispersal or a unit forming.
pub fn is_fraction_order(body: &str) -> bool {
    let lower = body.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .collect();
    words.iter().any(|w| {
        matches!(
            *w,
            "disperse" | "disperses" | "form" | "forms" | "reform" | "reforms"
        )
    }) || words.first().is_some_and(|w| {
        // Anything written as a fraction (`2/0` too, to be told why it is not one).
        w.split_once('/').is_some_and(|(n, d)| {
            !n.is_empty()
                && !d.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && d.bytes().all(|b| b.is_ascii_digit())
        })
    })
}

/// `A(Bou)` and `1/3 A (Ruh)`, the notation of printed rules, read as `A Bou`.
fn unbracket(text: &str) -> String {
    let t = text.trim();
    let mut words: Vec<String> = t.split_whitespace().map(str::to_string).collect();
    for w in &mut words {
        for k in ["A(", "F(", "a(", "f("] {
            if let Some(rest) = w.strip_prefix(k) {
                // `A(Bou)`: the bracket closes the name (`A(Spa(nc))` keeps its coast's).
                let rest = match rest.strip_suffix(')') {
                    Some(name) if name.matches('(').count() == name.matches(')').count() => name,
                    _ => rest,
                };
                *w = format!("{} {rest}", &k[..1]);
            }
        }
    }
    let mut out = words.join(" ");
    // A name wholly in brackets: `A (Ruh)`.
    if let Some(open) = out.find(" (") {
        if out.ends_with(')') && !out[open + 2..].contains('(') {
            let name = out[open + 2..out.len() - 1].to_string();
            out = format!("{} {name}", &out[..open]);
        }
    }
    out
}

/// Where `part` (a slice of `whole`) lies in it.
fn span_in(whole: &str, part: &str) -> Range<usize> {
    let start = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    if start <= whole.len() && start + part.len() <= whole.len() {
        start..start + part.len()
    } else {
        0..whole.len()
    }
}

/// The last `n` words of `part` (a slice of `body`), where they lie in `body`.
fn last_words(body: &str, part: &str, n: usize) -> Range<usize> {
    let ws = super::orders::words(part);
    let base = span_in(body, part).start;
    match (ws.len().checked_sub(n).and_then(|k| ws.get(k)), ws.last()) {
        (Some(first), Some(last)) => base + first.at.start..base + last.at.end,
        _ => span_in(body, part.trim()),
    }
}

/// An order to parts read from `body`: the mistakes of its pieces located in it.
struct Reader<'b> {
    board: &'b dyn Board,
    body: &'b str,
}

impl Reader<'_> {
    /// A mistake in `part` (a slice of the order).
    fn at(&self, part: &str, message: String) -> OrderError {
        OrderError::new(message, span_in(self.body, part.trim()))
    }

    /// The location named by `name` (unbracketed from `written`, a slice of the order); when
    /// only its first words name one, the words after them are the mistake.
    fn place(&self, name: &str, written: &str) -> Result<String, OrderError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(self.at(written, "a location is missing".to_string()));
        }
        if let Some(id) = self.board.resolve_name(name) {
            return Ok(id);
        }
        let ws = super::orders::words(name);
        let named = (1..ws.len())
            .rev()
            .find(|&k| self.board.resolve_name(&name[..ws[k - 1].at.end]).is_some());
        let Some(k) = named else {
            return Err(super::orders::unknown_location(
                self.board,
                name,
                span_in(self.body, written.trim()),
            ));
        };
        let at = last_words(self.body, written, ws.len() - k);
        let extra = &self.body[at.clone()];
        let last = at.end == self.body.trim_end().len();
        let mut e = OrderError::new(
            if last {
                format!("`{extra}` after a complete order")
            } else {
                format!(
                    "`{extra}` after the location `{}`",
                    &name[..ws[k - 1].at.end]
                )
            },
            at,
        );
        e.hint = Some(if last {
            "the order ends before these words: write one order a line, and a comment after `#`"
                .to_string()
        } else {
            "separate the parts with commas: `1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`".to_string()
        });
        Err(e)
    }

    /// `A Bou` (a slice of the order): a unit's kind and location.
    fn unit(&self, text: &str) -> Result<(UnitKind, String), OrderError> {
        let t = unbracket(text);
        let (k, rest) = t.split_once(' ').ok_or_else(|| {
            self.at(
                text,
                format!("`{}` is not a unit: write `A Bou`", text.trim()),
            )
        })?;
        let kind = match k.to_ascii_lowercase().as_str() {
            "a" | "army" => UnitKind::Army,
            "f" | "fleet" => UnitKind::Fleet,
            other => {
                return Err(self.at(
                    text,
                    format!("`{other}` is not a unit: write `A` (army) or `F` (fleet)"),
                ))
            }
        };
        Ok((kind, self.place(rest, text)?))
    }

    /// `1/3 A Lor` (a slice of the order).
    fn part(&self, text: &str) -> Result<Part, OrderError> {
        let t = unbracket(text);
        let (size, _) = t.split_once(' ').ok_or_else(|| {
            self.at(
                text,
                format!("`{}` is not a part: write `1/3 A Lor`", text.trim()),
            )
        })?;
        let size_at = text.trim_start();
        let size_at = &size_at[..size_at.find(char::is_whitespace).unwrap_or(size_at.len())];
        let size = crate::model::rules::parse_share(size).ok_or_else(|| {
            self.at(
                size_at,
                format!("`{size}` is not a part of a unit: write a fraction, `1/3`"),
            )
        })?;
        let (kind, location) = self.unit(&text.trim_start()[size_at.len()..])?;
        Ok(Part {
            size,
            kind,
            location,
        })
    }

    /// Parts separated by commas (or `and`), `text` a slice of the order.
    fn parts(&self, text: &str) -> Result<Vec<Part>, OrderError> {
        let mut out = Vec::new();
        for chunk in text.split(',') {
            let mut rest = chunk;
            while let Some((before, after)) = split_word(rest, &["and"]) {
                if !before.trim().is_empty() {
                    out.push(self.part(before)?);
                }
                rest = after;
            }
            if !rest.trim().is_empty() {
                out.push(self.part(rest)?);
            }
        }
        Ok(out)
    }
}

/// Split `text` at the first whole word (any case) among `words`: (before, after).
fn split_word<'t>(text: &'t str, words: &[&str]) -> Option<(&'t str, &'t str)> {
    let lower = text.to_ascii_lowercase();
    let mut at = 0;
    for w in lower.split_inclusive(char::is_whitespace) {
        let word = w.trim_end();
        if words.contains(&word) {
            return Some((&text[..at], &text[at + w.len()..]));
        }
        at += w.len();
    }
    None
}

/// Read an order about hidden parts (see [`is_fraction_order`]); a mistake is located in
/// `body`.
pub fn parse(body: &str, board: &dyn Board) -> Result<FractionOrder, OrderError> {
    let r = Reader { board, body };
    let text = body.trim();
    if let Some((who, rest)) = split_word(text, &["disperse", "disperses"]) {
        let (kind, unit) = r.unit(who)?;
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("->")
            .or_else(|| rest.strip_prefix('-'))
            .or_else(|| rest.strip_prefix(':'))
            .unwrap_or(rest);
        let parts = r.parts(rest)?;
        if parts.is_empty() {
            return Err(OrderError::whole(
                "a dispersal names its parts: `A Bou disperses - 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`",
                body,
            ));
        }
        return Ok(FractionOrder::Disperse { kind, unit, parts });
    }
    if let Some((before, after)) = split_word(text, &["form", "forms", "reform", "reforms"]) {
        // `A Mun S A Bur forms`.
        if let Some((supporter, formed)) = split_word(before, &["s", "support", "supports"]) {
            if !after.trim().is_empty() {
                let mut e = r.at(after, format!("`{}` after a complete order", after.trim()));
                e.hint = Some(
                    "a support to a unit forming ends with `forms`: `A Mun S A Bur forms`".into(),
                );
                return Err(e);
            }
            let (kind, unit) = r.unit(supporter)?;
            let (_, at) = r.unit(formed)?;
            return Ok(FractionOrder::Support { kind, unit, at });
        }
        let (kind, at) = r.unit(before)?;
        let rest = after.trim_start();
        let rest = split_word(rest, &["from", "of", "with"])
            .filter(|(b, _)| b.trim().is_empty())
            .map_or(rest, |(_, a)| a);
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("->")
            .or_else(|| rest.strip_prefix('-'))
            .unwrap_or(rest);
        let parts = r.parts(rest)?;
        if parts.is_empty() {
            return Err(OrderError::whole(
                "a unit forms from parts: `A Bur forms from 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`",
                body,
            ));
        }
        return Ok(FractionOrder::Form { kind, at, parts });
    }
    let (who, to) = text
        .split_once("->")
        .or_else(|| text.split_once(" - "))
        .ok_or_else(|| OrderError::whole("a part's order is a move: `1/3 A Lor - Bel`", body))?;
    let part = r.part(who)?;
    let to = r.place(to, to)?;
    Ok(FractionOrder::Move { part, to })
}

/// Where a unit forming stands while the phase is resolved: a location no province has, so
/// that nothing attacks, cuts or retreats into it.
fn arrival(power: &str, at: &str) -> String {
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
struct Dispersal {
    unit: usize,
    parts: Vec<(Part, String)>,
    at: String,
    text: String,
}

/// A unit forming.
#[derive(Debug, Clone)]
struct Forming {
    power: String,
    kind: UnitKind,
    target: String,
    parts: Vec<usize>,
    arrival: String,
    at: String,
    text: String,
}

/// A part's ordered move: a plain move, boarding a fleet, or disembarking.
#[derive(Debug, Clone)]
struct PartMove {
    fraction: usize,
    to: String,
    at: String,
    text: String,
}

/// The part orders of a movement phase, read against the position before the resolver runs.
pub struct Plan<'r> {
    rules: &'r FractionRules,
    dispersals: Vec<Dispersal>,
    forming: Vec<Forming>,
    moves: Vec<PartMove>,
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

fn result(
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
fn part_destination(
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

/// What became of the parts and the units forming and dispersing after a movement phase.
#[derive(Debug, Default)]
pub struct Settled {
    /// The parts after the phase.
    pub fractions: Vec<Fraction>,
    /// Results of the part orders, each for its power.
    pub results: Vec<HiddenResult>,
    /// Units formed (public).
    pub formed: Vec<Unit>,
}

/// Place the parts after the resolver: units formed (their parts used), dispersals (the
/// unit gone, its parts placed), moves, boarding and riding, disembarking; then every move
/// into a province holding more than a whole unit of parts fails, until none does.
/// `units` and `outcomes` are the resolver's (the position's units, then the arrivals).
pub fn settle(
    plan: Plan<'_>,
    board: &dyn Board,
    units: &[Unit],
    outcomes: &[Outcome],
    fractions: &[Fraction],
) -> Settled {
    let mut s = Settled {
        results: plan.results.clone(),
        ..Settled::default()
    };
    // Where each fleet of the phase ends: its destination, its place, or gone (dislodged).
    let end_of = |i: usize| -> Option<String> {
        let o = &outcomes[i];
        if o.dislodged_by.is_some() {
            return None;
        }
        match (&o.command, o.succeeds) {
            (Command::Move { to, .. }, true) => Some(to.clone()),
            _ => Some(units[i].location.clone()),
        }
    };
    let fleet_at_start = |sea: &str| {
        (0..units.len()).find(|&i| {
            units[i].kind == UnitKind::Fleet
                && !is_arrival(&units[i].location)
                && board.province(&units[i].location) == sea
        })
    };
    let fleet_at_end = |sea: &str| {
        (0..units.len()).any(|i| {
            units[i].kind == UnitKind::Fleet && end_of(i).is_some_and(|e| board.province(&e) == sea)
        })
    };
    // Each part: (the part, where it was, where it would go, order index in `moving`).
    struct Going {
        f: Fraction,
        from: String,
        to: Option<String>,
        order: Option<(String, String, String)>,
        lost: Option<String>,
    }
    let mut going: Vec<Going> = Vec::new();
    let mut used = vec![false; fractions.len()];
    // Units formed, and the private result of each unit forming.
    for f in &plan.forming {
        let k = units
            .iter()
            .position(|u| u.location == f.arrival)
            .expect("each unit forming is among the units resolved");
        let o = &outcomes[k];
        if o.succeeds {
            for &p in &f.parts {
                used[p] = true;
            }
            s.formed.push(Unit::new(&f.power, f.kind, &f.target));
            s.results.push(result(
                &f.power,
                &f.text,
                Some(&f.at),
                Verdict::Succeeds,
                format!("{} {} formed", kind_letter(f.kind), display(&f.target)),
            ));
        } else {
            s.results.push(result(
                &f.power,
                &f.text,
                Some(&f.at),
                Verdict::Fails,
                format!("the unit did not form: {}", o.reason),
            ));
        }
    }
    // Dispersals: each part from the unit's province.
    for d in &plan.dispersals {
        let u = &units[d.unit];
        let dislodged = outcomes[d.unit].dislodged_by.is_some();
        s.results.push(result(
            &u.power,
            &d.text,
            Some(&d.at),
            Verdict::Succeeds,
            if dislodged {
                "dislodged while dispersing: the dispersal succeeds".into()
            } else {
                "the unit dispersed".into()
            },
        ));
        for (p, to) in &d.parts {
            going.push(Going {
                f: Fraction {
                    power: u.power.clone(),
                    kind: u.kind,
                    size: p.size,
                    location: u.location.clone(),
                },
                from: u.location.clone(),
                to: Some(to.clone()),
                order: Some((
                    format!(
                        "{} {} {} - {} (dispersing)",
                        p.size,
                        kind_letter(p.kind),
                        display(&u.location),
                        display(to)
                    ),
                    d.at.clone(),
                    String::new(),
                )),
                lost: None,
            });
        }
    }
    // The parts on the board: ordered, riding, or standing.
    for (k, f) in fractions.iter().enumerate() {
        if used[k] {
            continue;
        }
        let ordered = plan.moves.iter().find(|m| m.fraction == k);
        let here = board.province(&f.location).to_string();
        let aboard = f.kind == UnitKind::Army && board.is_sea(&here);
        let mut g = Going {
            f: f.clone(),
            from: f.location.clone(),
            to: None,
            order: ordered.map(|m| (m.text.clone(), m.at.clone(), m.to.clone())),
            lost: None,
        };
        if aboard {
            // Riding: the fleet's end carries it.
            match fleet_at_start(&here).and_then(|i| end_of(i).map(|e| (i, e))) {
                Some((_, end)) => {
                    let end_p = board.province(&end).to_string();
                    g.from = end_p.clone();
                    if !board.is_sea(&end_p) {
                        // Set down on the coast the fleet moved to.
                        g.f.location = end_p.clone();
                        g.from = end_p;
                    } else if let Some(m) = ordered {
                        let dest = board.province(&m.to).to_string();
                        let next_to = board.fleet_move(&end, &m.to)
                            || board
                                .fleet_locations(&dest)
                                .iter()
                                .any(|l| board.fleet_move(&end, l));
                        if !next_to {
                            g.lost = None;
                            g.order = Some((
                                m.text.clone(),
                                m.at.clone(),
                                format!(
                                    "!{} is not next to the fleet's sea, {}",
                                    display(&dest),
                                    display(&end_p)
                                ),
                            ));
                        } else if board.is_sea(&dest) && !fleet_at_end(&dest) {
                            g.order = Some((
                                m.text.clone(),
                                m.at.clone(),
                                format!("!no fleet ends the phase in {} to board", display(&dest)),
                            ));
                        } else if !board.is_sea(&dest) && board.fleet_locations(&dest).is_empty() {
                            g.order = Some((
                                m.text.clone(),
                                m.at.clone(),
                                format!("!{} is not a coast", display(&dest)),
                            ));
                        } else {
                            g.to = Some(dest);
                        }
                    }
                    if g.f.location != g.from {
                        g.f.location = g.from.clone();
                    }
                }
                None => {
                    g.lost = Some("the fleet it rode was dislodged: the part is lost".into());
                }
            }
        } else if let Some(m) = ordered {
            g.to = Some(m.to.clone());
        }
        going.push(g);
    }
    // Where each part ends: boarding parts ride their fleet to its end.
    let ends = |g: &Going| -> Option<String> {
        let to = g.to.as_ref()?;
        let p = board.province(to);
        if g.f.kind == UnitKind::Army && board.is_sea(p) && !board.is_sea(board.province(&g.from)) {
            // Boarding at the start: where the fleet ends.
            let i = fleet_at_start(p)?;
            return Some(end_of(i).map_or_else(
                || "!lost".to_string(),
                |e| {
                    let e_p = board.province(&e).to_string();
                    e_p
                },
            ));
        }
        Some(to.clone())
    };
    let mut fails = vec![false; going.len()];
    let key = |g: &Going, at: &str| -> String {
        let p = board.province(at);
        if g.f.kind == UnitKind::Army && board.is_sea(p) {
            format!("aboard {p}")
        } else {
            p.to_string()
        }
    };
    loop {
        let places: Vec<Option<String>> = going
            .iter()
            .enumerate()
            .map(|(i, g)| {
                if g.lost.is_some() {
                    return None;
                }
                match (&g.to, fails[i]) {
                    (Some(_), false) => ends(g).filter(|e| !e.starts_with('!')),
                    _ => Some(g.from.clone()),
                }
            })
            .collect();
        let mut load: BTreeMap<String, Worth> = BTreeMap::new();
        for (g, p) in going.iter().zip(&places) {
            if let Some(p) = p {
                *load.entry(key(g, p)).or_insert_with(|| whole_units(0)) += worth(&g.f.size);
            }
        }
        let one = whole_units(1);
        let mut changed = false;
        for (i, (g, p)) in going.iter().zip(&places).enumerate() {
            if fails[i] || g.to.is_none() {
                continue;
            }
            let Some(p) = p else { continue };
            let k = key(g, p);
            let over = if k.starts_with("aboard") {
                load[&k] >= one
            } else {
                load[&k] > one
            };
            if over {
                fails[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (i, g) in going.into_iter().enumerate() {
        let text = g.order.as_ref().map(|o| o.0.clone());
        let at = g.order.as_ref().map(|o| o.1.clone());
        let void = g
            .order
            .as_ref()
            .and_then(|o| o.2.strip_prefix('!').map(str::to_string));
        if let Some(why) = g.lost {
            if let Some(t) = &text {
                s.results
                    .push(result(&g.f.power, t, at.as_deref(), Verdict::Fails, why));
            } else {
                s.results.push(result(
                    &g.f.power,
                    &fraction_label(&g.f),
                    None,
                    Verdict::Fails,
                    why,
                ));
            }
            continue;
        }
        let end = match (&g.to, fails[i]) {
            (Some(_), false) => ends(&g).filter(|e| !e.starts_with('!')),
            _ => None,
        };
        let mut f = g.f.clone();
        let (verdict, reason) = match (&g.to, fails[i], &end, void) {
            (_, _, _, Some(why)) => {
                f.location = g.from.clone();
                (Verdict::Void, why)
            }
            (Some(_), false, Some(e), None) => {
                f.location = e.clone();
                let p = board.province(e);
                (
                    Verdict::Succeeds,
                    if g.f.kind == UnitKind::Army && board.is_sea(p) {
                        format!("aboard the fleet in {}", display(p))
                    } else {
                        format!("now in {}", display(p))
                    },
                )
            }
            (Some(_), true, _, None) => {
                f.location = g.from.clone();
                (
                    Verdict::Fails,
                    "more than a whole unit of parts would stand there: every move in fails".into(),
                )
            }
            (Some(_), false, None, None) => {
                f.location = g.from.clone();
                (Verdict::Fails, "the fleet it boarded was dislodged".into())
            }
            (None, _, _, None) => {
                f.location = g.from.clone();
                (Verdict::Succeeds, String::new())
            }
        };
        if let Some(t) = text {
            s.results
                .push(result(&f.power, &t, at.as_deref(), verdict, reason));
        }
        s.fractions.push(f);
    }
    s
}

/// What breaks the rules of parts in a position: more than a whole unit of parts in one
/// province, a whole unit or more aboard one fleet, an army part at sea with no fleet to
/// ride, a part larger than the rules allow, more units dispersed than the early limit. Each
/// with the index of a part concerned.
pub fn breaches(
    rules: &FractionRules,
    board: &dyn Board,
    units: &[Unit],
    fractions: &[Fraction],
    turn: usize,
) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let most = Share::new(1, rules.parts);
    let mut load: BTreeMap<String, (Worth, usize)> = BTreeMap::new();
    for (i, f) in fractions.iter().enumerate() {
        if f.size > most {
            out.push((
                i,
                format!(
                    "{} ({}) is more than {most} of a unit",
                    fraction_label(f),
                    f.power
                ),
            ));
        }
        let p = board.province(&f.location);
        let aboard = f.kind == UnitKind::Army && board.is_sea(p);
        if aboard {
            let fleet = units
                .iter()
                .any(|u| u.kind == UnitKind::Fleet && board.province(&u.location) == p);
            if !rules.boarding || !fleet {
                out.push((
                    i,
                    format!(
                        "{} ({}) is at sea with no fleet to ride",
                        fraction_label(f),
                        f.power
                    ),
                ));
            }
        }
        let key = if aboard {
            format!("aboard the fleet in {}", display(p))
        } else {
            display(p)
        };
        let e = load.entry(key).or_insert_with(|| (whole_units(0), i));
        e.0 += worth(&f.size);
        e.1 = i;
    }
    let one = whole_units(1);
    for (place, (sum, i)) in &load {
        let aboard = place.starts_with("aboard");
        if sum > &one || (aboard && *sum >= one) {
            out.push((
                *i,
                format!(
                    "{sum} of a unit in parts {} {place}: {}",
                    if aboard { "is" } else { "stands in" },
                    if aboard {
                        "fewer than a whole unit ride one fleet"
                    } else {
                        "at most a whole unit of parts stands in one province"
                    }
                ),
            ));
        }
    }
    if let Some((limit, until)) = rules.limit {
        if turn < until {
            let mut powers: Vec<&str> = fractions.iter().map(|f| f.power.as_str()).collect();
            powers.sort_unstable();
            powers.dedup();
            for p in powers {
                let worth = units_worth(fractions, p);
                if worth > limit {
                    let i = fractions.iter().rposition(|f| f.power == p).unwrap_or(0);
                    out.push((
                        i,
                        format!("{p} has {worth} units dispersed; at most {limit} this early"),
                    ));
                }
            }
        }
    }
    out.sort();
    out
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

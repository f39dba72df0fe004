//! Multi-factor units: a province holds a power's army and fleet factors (`A3`, `F7`), and
//! each order moves, attacks, supports or convoys a part of them. Combat and movement are
//! separate actions: an attack (`a`) is a battle against the whole force in the province
//! attacked, decided by the sizes of the two sides with supports; a move (`M`) is decided
//! afterwards by size alone; `aM` does both. This is the combat of Nicky Palmer's
//! multi-factor Diplomacy (rules 13–15, 17), written by what it is so that any variant with
//! units of many factors can use it.
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

/// A unit named in an order: `A3`, `A`, `F(Tri)`, `SF`.
fn kind_and_strength(word: &str) -> Option<(UnitKind, Option<u32>)> {
    let mut chars = word.chars();
    let kind = match chars.next()?.to_ascii_uppercase() {
        'A' => UnitKind::Army,
        'F' => UnitKind::Fleet,
        _ => return None,
    };
    let rest = chars.as_str();
    if rest.is_empty() {
        return Some((kind, None));
    }
    super::count(rest, super::MAX_FACTORS).map(|n| (kind, Some(n)))
}

/// A word of an order to parts, and where it is written (a byte range of the order).
struct Piece {
    text: String,
    at: Range<usize>,
}

/// Words of an order, with `A3(Vie)` and `SF(Tri)` split into `A3`, `Vie` and `S`, `F`,
/// `Tri`; a coast in brackets (`spa(nc)`) stays with its province.
fn words(text: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    for w in super::orders::words(text) {
        let (head, rest) = match w.text.split_once('(') {
            Some((h, r)) if kind_and_strength(h).is_some() || is_support_kind(h) => {
                (h, Some(r.trim_end_matches(')')))
            }
            _ => (w.text, None),
        };
        let s = w.at.start;
        let mut push = |text: &str, from: usize| {
            out.push(Piece {
                text: text.to_string(),
                at: from..from + text.len(),
            })
        };
        if is_support_kind(head) {
            // `SA`, `SF`: both letters are ASCII.
            push(&head[..1], s);
            push(&head[1..], s + 1);
        } else {
            push(head, s);
        }
        if let Some(r) = rest.filter(|r| !r.is_empty()) {
            push(r, s + head.len() + 1);
        }
    }
    out
}

/// `SA` or `SF` (a support and the kind it supports, written together).
fn is_support_kind(w: &str) -> bool {
    matches!(w.to_ascii_uppercase().as_str(), "SA" | "SF")
}

/// `a`, `M`, `aM` or `-` (a move that attacks, as in the standard notation).
fn go_word(w: &str) -> Option<(bool, bool)> {
    match w {
        "a" | "A" => Some((true, false)),
        "m" | "M" => Some((false, true)),
        "-" | "->" => Some((true, true)),
        _ if w.eq_ignore_ascii_case("am") => Some((true, true)),
        _ => None,
    }
}

/// Parse one order against a board's names.
pub fn parse(text: &str, board: &dyn Board) -> Result<FactorOrder, OrderError> {
    let mut ws = words(text);
    let mut power = None;
    if let Some(p) = ws.first().and_then(|w| w.text.strip_suffix(':')) {
        power = Some(p.to_string());
        ws.remove(0);
    }
    let mut no_retreat = false;
    if ws.last().is_some_and(|w| w.text.eq_ignore_ascii_case("NR")) {
        no_retreat = true;
        ws.pop();
    }
    let end = text.len()..text.len();
    let name = |i: usize| -> Result<String, OrderError> {
        let w = ws.get(i).ok_or_else(|| {
            OrderError::new(format!("`{text}`: a province is missing"), end.clone())
        })?;
        board
            .resolve_name(&w.text)
            .ok_or_else(|| super::orders::unknown_location(board, &w.text, w.at.clone()))
    };
    // Words after a complete order (`NR` aside): a mistake located on them.
    let nothing_after = |i: usize| -> Result<(), OrderError> {
        let (Some(first), Some(last)) = (ws.get(i), ws.last()) else {
            return Ok(());
        };
        let at = first.at.start..last.at.end;
        Err(OrderError {
            message: format!("`{}` after a complete order", &text[at.clone()]),
            at,
            hint: Some(
                "the order ends before these words (`NR` aside, which comes last): write one \
                 order a line, and a comment after `#`"
                    .into(),
            ),
        })
    };
    let first = ws
        .first()
        .ok_or_else(|| OrderError::whole("the order is empty", text))?;
    let (kind, strength) = kind_and_strength(&first.text).ok_or_else(|| {
        OrderError::new(
            format!(
                "`{}` is not a unit: write A or F with its factors, 1 to {} (`A3`, `F1`)",
                first.text,
                super::MAX_FACTORS
            ),
            first.at.clone(),
        )
    })?;
    let location = name(1)?;
    let word = |i: usize| ws.get(i).map(|w| w.text.as_str());
    let (action, used) = match word(2) {
        None => (Action::Hold, 2),
        Some(w) if w.eq_ignore_ascii_case("H") || w.eq_ignore_ascii_case("hold") => {
            (Action::Hold, 3)
        }
        Some(w) if go_word(w).is_some() => {
            let (attack, advance) = go_word(w).unwrap_or((true, true));
            let go = Action::Go {
                to: name(3)?,
                attack,
                advance,
            };
            (go, 4)
        }
        Some(w) if w.eq_ignore_ascii_case("S") => {
            // `S A Ser`, `S F Tri aM Alb` (the supported unit's letter may be left out).
            let mut i = 3;
            if word(i).is_some_and(|w| kind_and_strength(w).is_some()) && ws.get(i + 1).is_some() {
                i += 1;
            }
            let province = board.province(&name(i)?).to_string();
            match word(i + 1) {
                None => (
                    Action::Support {
                        province,
                        attack: None,
                    },
                    i + 1,
                ),
                Some(w) if go_word(w).is_some_and(|(a, _)| a) => (
                    Action::Support {
                        province,
                        attack: Some(board.province(&name(i + 2)?).to_string()),
                    },
                    i + 3,
                ),
                Some(w) => {
                    return Err(OrderError::new(
                        format!(
                            "`{w}`: a support ends with the unit supported, or `a`/`aM` and \
                             the province it attacks"
                        ),
                        ws[i + 1].at.clone(),
                    ))
                }
            }
        }
        Some(w) if w.eq_ignore_ascii_case("C") => {
            let mut i = 3;
            if word(i).is_some_and(|w| kind_and_strength(w).is_some()) {
                i += 1;
            }
            let from = board.province(&name(i)?).to_string();
            if word(i + 1).is_none_or(|w| go_word(w).is_none()) {
                return Err(OrderError::new(
                    format!(
                        "`{text}`: a convoy names the army and where it goes (`C A Yor a Den`)"
                    ),
                    ws.get(i + 1).map_or(end.clone(), |w| w.at.clone()),
                ));
            }
            let to = board.province(&name(i + 2)?).to_string();
            (Action::Convoy { from, to }, i + 3)
        }
        Some(w) => {
            return Err(OrderError::new(
                format!("`{w}`: expected H, a, M, aM, -, S or C (and NR at the end)"),
                ws[2].at.clone(),
            ))
        }
    };
    nothing_after(used)?;
    Ok(FactorOrder {
        power,
        kind,
        strength,
        location,
        action,
        no_retreat,
    })
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

/// The power in each province at the start of the phase.
fn occupants(board: &dyn Board, units: &[Unit]) -> BTreeMap<String, String> {
    units
        .iter()
        .filter(|u| u.strength > 0)
        .map(|u| (board.province(&u.location).to_string(), u.power.clone()))
        .collect()
}

/// Split each force into the parts its orders name; what no order names holds.
fn allocate(board: &dyn Board, rules: &Rules, units: &[Unit], orders: &[FactorOrder]) -> Vec<Part> {
    let mut left: Vec<u32> = units.iter().map(|u| u.strength).collect();
    let mut parts = Vec::new();
    let part = |u: &Unit, strength: u32, action: Action, void: Option<String>| Part {
        power: u.power.clone(),
        kind: u.kind,
        location: u.location.clone(),
        strength,
        action,
        void,
        lost: 0,
        gained: 0,
        defeated_by: Vec::new(),
        moved: false,
        reason: String::new(),
    };
    for o in orders {
        // The units the order may draw on: its kind, its location (any coast of the
        // province when none is named), its power.
        let province = board.province(&o.location);
        let named_coast = o.location.contains('/');
        let mut wanted = o.strength.unwrap_or(u32::MAX);
        for (i, u) in units.iter().enumerate() {
            if wanted == 0 {
                break;
            }
            let here = if named_coast {
                u.location == o.location
            } else {
                board.province(&u.location) == province
            };
            if !here || u.kind != o.kind || o.power.as_ref().is_some_and(|p| *p != u.power) {
                continue;
            }
            let n = wanted.min(left[i]);
            if n == 0 {
                continue;
            }
            left[i] -= n;
            wanted = wanted.saturating_sub(n);
            let void = (rules.neutrals.contains(&u.power) && o.action != Action::Hold)
                .then(|| "a neutral garrison neither moves nor supports".to_string());
            let action = if void.is_some() {
                Action::Hold
            } else {
                o.action.clone()
            };
            parts.push(part(u, n, action, void));
        }
    }
    for (i, u) in units.iter().enumerate() {
        if left[i] > 0 {
            parts.push(part(u, left[i], Action::Hold, None));
        }
    }
    parts
}

/// Whether an army's attack or move crosses water (no land move reaches it).
fn is_convoyed(board: &dyn Board, p: &Part) -> bool {
    match &p.action {
        Action::Go { to, .. } => {
            p.kind == UnitKind::Army
                && !board.army_move(board.province(&p.location), board.province(to))
        }
        _ => false,
    }
}

/// Whether a part can reach `to` by its own move (a fleet: any coast of it, unless named).
fn reaches(board: &dyn Board, kind: UnitKind, from: &str, to: &str) -> bool {
    match kind {
        UnitKind::Army => board.army_move(board.province(from), board.province(to)),
        UnitKind::Fleet if to.contains('/') => board.fleet_move(from, to),
        UnitKind::Fleet => board
            .fleet_locations(to)
            .iter()
            .any(|l| board.fleet_move(from, l)),
    }
}

/// Void the orders that cannot be carried out: a go or support where the part cannot move
/// (an army may go by convoy), a convoy by a fleet not at sea.
fn check_legal(board: &dyn Board, parts: &mut [Part]) {
    for p in parts.iter_mut() {
        let why = match &p.action {
            Action::Hold => None,
            Action::Go { to, .. } => {
                let own = reaches(board, p.kind, &p.location, to);
                let by_sea = p.kind == UnitKind::Army && board.is_sea(board.province(to));
                if board.province(to) == board.province(&p.location) {
                    Some("it is where it stands".to_string())
                } else if own || (p.kind == UnitKind::Army && !by_sea) {
                    None
                } else {
                    Some(format!("it cannot reach {to}"))
                }
            }
            Action::Support { province, attack } => {
                let target = attack.as_ref().unwrap_or(province);
                (!reaches(board, p.kind, &p.location, target))
                    .then(|| format!("it could not move to {target}, so cannot support there"))
            }
            Action::Convoy { .. } => (!(p.kind == UnitKind::Fleet
                && board.is_sea(board.province(&p.location))))
            .then(|| "only a fleet at sea convoys".to_string()),
        };
        if let Some(w) = why {
            p.void = Some(w);
            p.action = Action::Hold;
        }
    }
}

/// Whether part `i`, an army going by sea, has a chain of convoying fleets that were
/// neither eliminated nor defeated without `NR`.
fn convoy_route(
    board: &dyn Board,
    parts: &[Part],
    i: usize,
    nr: &BTreeSet<(String, String)>,
) -> bool {
    let Action::Go { to, .. } = &parts[i].action else {
        return false;
    };
    let from = board.province(&parts[i].location).to_string();
    let to = board.province(to).to_string();
    let seas: BTreeSet<String> = parts
        .iter()
        .filter(|p| {
            p.kind == UnitKind::Fleet
                && p.remaining() >= 1
                && (p.defeated_by.is_empty()
                    || nr.contains(&(p.power.clone(), board.province(&p.location).to_string())))
                && matches!(&p.action, Action::Convoy { from: f, to: t } if *f == from && *t == to)
        })
        .map(|p| board.province(&p.location).to_string())
        .collect();
    // Breadth first over the convoying seas, from those next to the army to one next to its
    // destination.
    let next_to = |sea: &str, land: &str| {
        board
            .fleet_locations(land)
            .iter()
            .any(|l| board.fleet_move(sea, l))
    };
    let mut seen: BTreeSet<String> = seas.iter().filter(|s| next_to(s, &from)).cloned().collect();
    let mut queue: Vec<String> = seen.iter().cloned().collect();
    while let Some(s) = queue.pop() {
        if next_to(&s, &to) {
            return true;
        }
        for n in &seas {
            if !seen.contains(n) && board.fleet_move(&s, n) {
                seen.insert(n.clone());
                queue.push(n.clone());
            }
        }
    }
    false
}

/// The factors of a part as a defender of its province against an attack from `from`.
fn defence_value(p: &Part, from: &str) -> u32 {
    match &p.action {
        Action::Support {
            attack: Some(t), ..
        } if t != from => p.strength.div_ceil(2),
        _ => p.strength,
    }
}

/// Put `amount` losses on the parts `involved`: armies first, then fleets by location.
fn take_losses(
    board: &dyn Board,
    rules: &Rules,
    parts: &mut [Part],
    involved: &[usize],
    mut amount: u32,
) {
    // What the power ordered to lose first, then armies before fleets, fleets by coast.
    let ordered = |p: &Part| {
        rules.lose_first.iter().any(|(power, at, kind)| {
            *power == p.power
                && *kind == p.kind
                && (*at == p.location || *at == board.province(&p.location))
        })
    };
    let mut order = involved.to_vec();
    order.sort_by(|a, b| {
        let key = |p: &Part| (!ordered(p), p.kind == UnitKind::Fleet, p.location.clone());
        key(&parts[*a]).cmp(&key(&parts[*b]))
    });
    for i in order {
        if amount == 0 {
            break;
        }
        let n = amount.min(parts[i].remaining());
        parts[i].lost += n;
        amount -= n;
    }
}

/// A gain of one factor goes to the first army in the battle, else its first fleet.
fn take_gain(parts: &mut [Part], involved: &[usize]) {
    let best = involved.iter().copied().min_by_key(|i| {
        (
            parts[*i].kind == UnitKind::Fleet,
            parts[*i].location.clone(),
        )
    });
    if let Some(i) = best {
        parts[i].gained += 1;
    }
}

/// Fight every attack (those of convoyed armies when `convoyed_pass`, else the others).
fn fight(
    board: &dyn Board,
    rules: &Rules,
    parts: &mut [Part],
    occupant: &BTreeMap<String, String>,
    convoyed: &[bool],
    convoyed_pass: bool,
    battles: &mut Vec<Battle>,
) {
    // Attacks grouped by power, origin and target.
    let mut groups: BTreeMap<(String, String, String), Vec<usize>> = BTreeMap::new();
    for (i, p) in parts.iter().enumerate() {
        if let Action::Go {
            to, attack: true, ..
        } = &p.action
        {
            if convoyed[i] == convoyed_pass {
                let key = (
                    p.power.clone(),
                    board.province(&p.location).to_string(),
                    board.province(to).to_string(),
                );
                groups.entry(key).or_default().push(i);
            }
        }
    }
    for ((power, from, to), attackers) in groups {
        let Some(defender) = occupant.get(&to).cloned() else {
            for i in &attackers {
                parts[*i].reason = format!("no battle: {to} was empty");
            }
            continue;
        };
        if defender == power {
            for i in &attackers {
                parts[*i].reason = format!("no battle: {to} holds its own units");
            }
            continue;
        }
        let defenders: Vec<usize> = (0..parts.len())
            .filter(|i| board.province(&parts[*i].location) == to && parts[*i].power == defender)
            .collect();
        let supports = |province: &str, attack: Option<&str>| -> u32 {
            parts
                .iter()
                .filter(|s| {
                    matches!(&s.action, Action::Support { province: p, attack: a }
                        if p == province && a.as_deref() == attack)
                })
                .map(|s| s.strength)
                .sum()
        };
        let attack: u32 =
            attackers.iter().map(|i| parts[*i].strength).sum::<u32>() + supports(&from, Some(&to));
        let defence: u32 = defenders
            .iter()
            .map(|i| defence_value(&parts[*i], &from))
            .sum::<u32>()
            + supports(&to, None);
        let (mut a_change, mut d_change) = (0i64, 0i64);
        if attack != defence {
            let (large, small) = (attack.max(defence), attack.min(defence));
            let attacker_wins = attack > defence;
            let loser_neutral = if attacker_wins {
                rules.neutrals.contains(&defender) && !rules.full_gain.contains(&to)
            } else {
                rules.neutrals.contains(&power) && !rules.full_gain.contains(&from)
            };
            let winner_change: i64 = if large < 2 * small {
                -1
            } else if large < 3 * small || loser_neutral {
                0
            } else {
                1
            };
            let loser_change = -i64::from(large - small);
            let (winners, losers, loser_from) = if attacker_wins {
                (&attackers, &defenders, from.clone())
            } else {
                (&defenders, &attackers, to.clone())
            };
            take_losses(board, rules, parts, losers, large - small);
            match winner_change {
                -1 => take_losses(board, rules, parts, winners, 1),
                1 => take_gain(parts, winners),
                _ => {}
            }
            for i in losers {
                parts[*i].defeated_by.push(loser_from.clone());
            }
            if attacker_wins {
                (a_change, d_change) = (winner_change, loser_change);
            } else {
                (a_change, d_change) = (loser_change, winner_change);
            }
        }
        for i in &attackers {
            parts[*i].reason = format!(
                "attack on {to}: {attack} against {defence}{}",
                match attack.cmp(&defence) {
                    std::cmp::Ordering::Greater => ", won",
                    std::cmp::Ordering::Less => ", defeated",
                    std::cmp::Ordering::Equal => ", equal: no losses",
                }
            );
        }
        battles.push(Battle {
            attacker: power,
            from,
            to,
            defender,
            attack,
            defence,
            attacker_change: a_change,
            defender_change: d_change,
        });
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Move {
    Unknown,
    Succeeds,
    Fails,
}

/// Decide every move after the battles; the provinces left empty by a standoff.
fn movement(board: &dyn Board, parts: &mut [Part]) -> Vec<String> {
    let n = parts.len();
    let target: Vec<Option<String>> = parts
        .iter()
        .map(|p| match &p.action {
            Action::Go {
                to, advance: true, ..
            } if p.remaining() > 0 && p.defeated_by.is_empty() => Some(to.clone()),
            _ => None,
        })
        .collect();
    let origin: Vec<String> = parts
        .iter()
        .map(|p| board.province(&p.location).to_string())
        .collect();
    let province_of = |i: usize| origin[i].clone();
    let target_province =
        |i: usize| -> Option<String> { target[i].as_ref().map(|t| board.province(t).to_string()) };
    let mut state: Vec<Move> = target
        .iter()
        .map(|t| {
            if t.is_some() {
                Move::Unknown
            } else {
                Move::Fails
            }
        })
        .collect();
    // Exchanges stand off.
    for i in 0..n {
        let Some(to) = target_province(i) else {
            continue;
        };
        let from = province_of(i);
        if (0..n).any(|j| target_province(j).as_deref() == Some(&from) && province_of(j) == to) {
            state[i] = Move::Fails;
            parts[i].reason = format!("no move: units may not exchange provinces with {to}");
        }
    }
    // Each power's factors entering each province.
    let mut entering: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    for (i, p) in parts.iter().enumerate() {
        if let Some(to) = target_province(i) {
            *entering
                .entry(to)
                .or_default()
                .entry(p.power.clone())
                .or_default() += p.remaining();
        }
    }
    let largest = |power: &str, to: &str| -> bool {
        let e = &entering[to];
        let mine = e.get(power).copied().unwrap_or(0);
        e.iter().all(|(p, n)| p == power || *n < mine)
    };
    // A province's occupants after the battles: who stays, and whether all of them are
    // leaving (or retreating).
    loop {
        let mut changed = false;
        for i in 0..n {
            if state[i] != Move::Unknown {
                continue;
            }
            let to = target_province(i).unwrap_or_default();
            let power = parts[i].power.clone();
            let staying: Vec<usize> = (0..n)
                .filter(|j| {
                    *j != i
                        && province_of(*j) == to
                        && parts[*j].remaining() > 0
                        && parts[*j].defeated_by.is_empty()
                })
                .collect();
            let mut unknown = false;
            let mut own_stays = false;
            let mut other_stays = false;
            for j in &staying {
                match state[*j] {
                    Move::Succeeds => {}
                    Move::Unknown => unknown = true,
                    Move::Fails => {
                        if parts[*j].power == power {
                            own_stays = true;
                        } else {
                            other_stays = true;
                        }
                    }
                }
            }
            let decided = if own_stays {
                Some(true)
            } else if other_stays {
                Some(false)
            } else if unknown {
                None
            } else {
                Some(largest(&power, &to))
            };
            if let Some(ok) = decided {
                state[i] = if ok { Move::Succeeds } else { Move::Fails };
                changed = true;
            }
        }
        if !changed {
            // What is left waits on itself: a ring of moves, each into a province the next
            // leaves. It moves when every mover in it is the largest entering.
            let ring: Vec<usize> = (0..n).filter(|i| state[*i] == Move::Unknown).collect();
            if ring.is_empty() {
                break;
            }
            for i in ring {
                let to = target_province(i).unwrap_or_default();
                state[i] = if largest(&parts[i].power, &to) {
                    Move::Succeeds
                } else {
                    Move::Fails
                };
            }
        }
    }
    let mut standoffs = BTreeSet::new();
    for i in 0..n {
        let Some(to) = target_province(i) else {
            continue;
        };
        parts[i].moved = state[i] == Move::Succeeds;
        let verdict = if parts[i].moved {
            format!("moves to {to}")
        } else if parts[i].reason.starts_with("no move") {
            continue;
        } else {
            format!("no move to {to}")
        };
        parts[i].reason = if parts[i].reason.is_empty() {
            verdict
        } else {
            format!("{}; {verdict}", parts[i].reason)
        };
    }
    // A standoff: a province two powers entered with equal largest sides, empty after.
    for (to, e) in &entering {
        let top = e.values().copied().max().unwrap_or(0);
        let tied = e.values().filter(|n| **n == top).count() > 1;
        let someone_there = (0..n).any(|i| {
            (parts[i].moved && target_province(i).as_deref() == Some(to))
                || (province_of(i) == *to
                    && !parts[i].moved
                    && parts[i].remaining() > 0
                    && parts[i].defeated_by.is_empty())
        });
        if tied && !someone_there {
            standoffs.insert(to.clone());
        }
    }
    standoffs.into_iter().collect()
}

/// Where every part is after movement (retreating parts left out), summed by power, kind
/// and location.
fn units_after(board: &dyn Board, parts: &[Part]) -> Vec<Unit> {
    let mut at: BTreeMap<(String, String, UnitKind), u32> = BTreeMap::new();
    for p in parts {
        let n = p.remaining();
        if n == 0 || !p.defeated_by.is_empty() {
            continue;
        }
        let location = match (&p.action, p.moved) {
            (Action::Go { to, .. }, true) => match p.kind {
                UnitKind::Army => board.province(to).to_string(),
                UnitKind::Fleet if to.contains('/') => to.clone(),
                UnitKind::Fleet => board
                    .fleet_locations(to)
                    .into_iter()
                    .find(|l| board.fleet_move(&p.location, l))
                    .unwrap_or_else(|| to.clone()),
            },
            _ => p.location.clone(),
        };
        *at.entry((p.power.clone(), location, p.kind)).or_default() += n;
    }
    at.into_iter()
        .map(|((power, location, kind), strength)| Unit {
            power,
            kind,
            location,
            strength,
        })
        .collect()
}

/// The defeated parts that must retreat, with their options.
fn retreats(
    board: &dyn Board,
    rules: &Rules,
    parts: &[Part],
    after: &[Unit],
    standoffs: &[String],
) -> Vec<Retreat> {
    let occupied: BTreeSet<&str> = after.iter().map(|u| board.province(&u.location)).collect();
    let mut out: Vec<Retreat> = Vec::new();
    for p in parts {
        if p.defeated_by.is_empty() || p.remaining() == 0 {
            continue;
        }
        let options = if rules.neutrals.contains(&p.power) {
            Vec::new()
        } else {
            let moves = match p.kind {
                UnitKind::Army => board.army_moves_from(board.province(&p.location)),
                UnitKind::Fleet => board.fleet_moves_from(&p.location),
            };
            let mut o: Vec<String> = moves
                .into_iter()
                .filter(|l| {
                    let pr = board.province(l);
                    !occupied.contains(pr)
                        && !standoffs.iter().any(|s| s == pr)
                        && !p.defeated_by.iter().any(|d| d == pr)
                })
                .collect();
            o.sort();
            o.dedup();
            o
        };
        match out
            .iter_mut()
            .find(|r| r.power == p.power && r.kind == p.kind && r.location == p.location)
        {
            Some(r) => r.strength += p.remaining(),
            None => out.push(Retreat {
                power: p.power.clone(),
                kind: p.kind,
                location: p.location.clone(),
                strength: p.remaining(),
                options,
            }),
        }
    }
    out
}

/// Resolve the retreats: each retreating part and where it is ordered (`None`: disbanded).
/// Of two or more reaching one province, the largest arrives and the others are eliminated
/// (equal largest: all). Returns where each arrives, in the order of `retreats`.
pub fn resolve_retreats(
    board: &dyn Board,
    retreats: &[Retreat],
    orders: &[Option<String>],
) -> Vec<Option<String>> {
    let wanted: Vec<Option<&String>> = retreats
        .iter()
        .enumerate()
        .map(|(i, r)| {
            orders
                .get(i)
                .and_then(Option::as_ref)
                .filter(|to| r.options.contains(to))
        })
        .collect();
    (0..retreats.len())
        .map(|i| {
            let to = wanted[i]?;
            let pr = board.province(to);
            let rivals = (0..retreats.len())
                .filter(|j| *j != i && wanted[*j].is_some_and(|t| board.province(t) == pr));
            let beaten = rivals
                .into_iter()
                .any(|j| retreats[j].strength >= retreats[i].strength);
            (!beaten).then(|| to.clone())
        })
        .collect()
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

//! Convoy routes: the seas a chain of fleets may carry an army through, whether a fleet is
//! on a route (a shortest one when the search must be bounded: `CHAIN_SEARCH_STEPS`), and
//! whether fleets could convoy an army at all.

use super::*;

/// A chain of fleets at sea ordered to convoy an army from `from` to `to` that reaches both
/// ends (whether the convoys will succeed is the resolver's question): the fleets, or
/// `None`.
pub(super) fn convoy_route(
    board: &dyn Board,
    units: &[Unit],
    commands: &[Command],
    from: &str,
    to: &str,
) -> Option<Vec<usize>> {
    let fleets: Vec<usize> = (0..units.len())
        .filter(|&j| {
            units[j].kind == UnitKind::Fleet
                && board.is_sea(board.province(&units[j].location))
                && matches!(&commands[j], Command::Convoy { from: f, to: t } if f == from && t == to)
        })
        .collect();
    let touches = |at: &str, province: &str| {
        board
            .fleet_locations(province)
            .iter()
            .any(|l| board.fleet_move(at, l))
    };
    let mut reached: Vec<usize> = fleets
        .iter()
        .copied()
        .filter(|&j| touches(&units[j].location, from))
        .collect();
    let mut k = 0;
    while k < reached.len() {
        let at = units[reached[k]].location.clone();
        if touches(&at, to) {
            return Some(reached);
        }
        for &j in &fleets {
            if !reached.contains(&j) && board.fleet_move(&at, &units[j].location) {
                reached.push(j);
            }
        }
        k += 1;
    }
    None
}

/// The sea provinces reachable from a location by fleets' moves through seas that `pass`.
fn seas_from(board: &dyn Board, start: &[String], pass: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut queue: Vec<String> = start.to_vec();
    while let Some(at) = queue.pop() {
        if seen.contains(&at) {
            continue;
        }
        seen.push(at.clone());
        // The seas next to `at`: fleet moves from it into sea provinces that pass.
        for sea in sea_neighbours(board, &at) {
            if pass(&sea) && !seen.contains(&sea) {
                queue.push(sea);
            }
        }
    }
    seen
}

/// The sea provinces a fleet at any location of `province` (or at `province`) could move to.
fn sea_neighbours(board: &dyn Board, province: &str) -> Vec<String> {
    let mut from = board.fleet_locations(province);
    if from.is_empty() {
        from.push(province.to_string());
    }
    let mut out = Vec::new();
    for l in from {
        for to in board.fleet_moves_from(&l) {
            let sea = board.province(&to).to_string();
            if board.is_sea(&sea) && !out.contains(&sea) {
                out.push(sea);
            }
        }
    }
    out
}

/// Whether a fleet at `fleet` is necessary to some convoy from `from` to `to`: it lies on a
/// minimal chain of sea provinces (the first next to `from`, the last next to `to`, and no
/// sea of it next to another but its neighbours in the chain, nor — but the ends — to `from`
/// or `to`), so that the chain fails without it. A convoy order of a fleet on no such chain
/// is illegal under the 2023 rules and expresses no intent (DATC 6.G.19).
///
/// The chains are tried depth first, which on a board of many seas means trying
/// exponentially many; past [`CHAIN_SEARCH_STEPS`] steps the search stops and only the
/// shortest chains count (every sea of a shortest chain is necessary to it, and two
/// breadth-first searches find whether the fleet's sea lies on one).
pub(super) fn on_a_route(board: &dyn Board, fleet: &str, from: &str, to: &str) -> bool {
    let here = board.province(fleet).to_string();
    if !board.is_sea(&here) {
        return false;
    }
    let near_from = sea_neighbours(board, from);
    let near_to = sea_neighbours(board, to);
    let seas = Seas::around(board, &near_from, &near_to);
    let Some(through) = seas.index.get(&here).copied() else {
        return false;
    };
    let mut search = ChainSearch {
        seas: &seas,
        through,
        chain: Vec::new(),
        on_chain: vec![false; seas.next.len()],
        steps: CHAIN_SEARCH_STEPS,
    };
    for start in 0..seas.next.len() {
        if !seas.near_from[start] {
            continue;
        }
        match search.extend(start) {
            Some(true) => return true,
            Some(false) => {}
            None => return on_a_shortest_route(board, &here, &near_from, &near_to),
        }
    }
    false
}

/// How many steps the search for minimal chains of seas may take before only the shortest
/// chains count: far more than the seas of a real board ask for.
const CHAIN_SEARCH_STEPS: usize = 200_000;

/// The seas a fleet reaches from those next to a convoy's origin, numbered, each with the
/// seas next to it and whether it lies next to the origin or the destination.
pub(super) struct Seas {
    index: BTreeMap<String, usize>,
    next: Vec<Vec<usize>>,
    near_from: Vec<bool>,
    near_to: Vec<bool>,
}

impl Seas {
    fn around(board: &dyn Board, near_from: &[String], near_to: &[String]) -> Self {
        let mut names: Vec<String> = Vec::new();
        let mut index: BTreeMap<String, usize> = BTreeMap::new();
        for s in near_from {
            if !index.contains_key(s) {
                index.insert(s.clone(), names.len());
                names.push(s.clone());
            }
        }
        let mut next: Vec<Vec<usize>> = Vec::new();
        let mut k = 0;
        while k < names.len() {
            let around: Vec<usize> = sea_neighbours(board, &names[k])
                .into_iter()
                .map(|sea| match index.get(&sea) {
                    Some(&i) => i,
                    None => {
                        index.insert(sea.clone(), names.len());
                        names.push(sea);
                        names.len() - 1
                    }
                })
                .collect();
            next.push(around);
            k += 1;
        }
        let near_from = names.iter().map(|n| near_from.contains(n)).collect();
        let near_to = names.iter().map(|n| near_to.contains(n)).collect();
        Seas {
            index,
            next,
            near_from,
            near_to,
        }
    }
}

/// A depth-first search for a minimal chain of seas through one sea, with the steps it may
/// still take.
pub(super) struct ChainSearch<'s> {
    seas: &'s Seas,
    through: usize,
    chain: Vec<usize>,
    on_chain: Vec<bool>,
    steps: usize,
}

impl ChainSearch<'_> {
    /// Extend the chain by `sea`: whether a minimal chain through the sea sought reaches a
    /// sea next to the destination, or `None` when the steps ran out.
    fn extend(&mut self, sea: usize) -> Option<bool> {
        if self.steps == 0 {
            return None;
        }
        self.steps -= 1;
        // Only the first sea may touch the origin; no sea may touch an earlier one but the
        // last.
        if !self.chain.is_empty() && self.seas.near_from[sea] {
            return Some(false);
        }
        let around = &self.seas.next[sea];
        let len = self.chain.len();
        if len >= 2 && self.chain[..len - 1].iter().any(|c| around.contains(c)) {
            return Some(false);
        }
        if self.on_chain[sea] {
            return Some(false);
        }
        self.chain.push(sea);
        self.on_chain[sea] = true;
        let found = if self.seas.near_to[sea] {
            Some(self.on_chain[self.through])
        } else {
            let mut found = Some(false);
            for &next in around {
                match self.extend(next) {
                    Some(false) => {}
                    other => {
                        found = other;
                        break;
                    }
                }
            }
            found
        };
        self.chain.pop();
        self.on_chain[sea] = false;
        found
    }
}

/// Whether the sea `here` lies on a shortest chain of seas from one next to the origin to
/// one next to the destination.
fn on_a_shortest_route(
    board: &dyn Board,
    here: &str,
    near_from: &[String],
    near_to: &[String],
) -> bool {
    let from_start = sea_distances(board, near_from);
    let to_end = sea_distances(board, near_to);
    let shortest = near_to.iter().filter_map(|s| from_start.get(s)).min();
    match (shortest, from_start.get(here), to_end.get(here)) {
        (Some(&d), Some(&a), Some(&b)) => a + b == d,
        _ => false,
    }
}

/// How many fleet moves through seas each sea lies from the nearest of `start`.
fn sea_distances(board: &dyn Board, start: &[String]) -> BTreeMap<String, usize> {
    let mut distance: BTreeMap<String, usize> = start.iter().map(|s| (s.clone(), 0)).collect();
    let mut queue: VecDeque<String> = start.iter().cloned().collect();
    while let Some(at) = queue.pop_front() {
        let next = distance[&at] + 1;
        for sea in sea_neighbours(board, &at) {
            if !distance.contains_key(&sea) {
                distance.insert(sea.clone(), next);
                queue.push_back(sea);
            }
        }
    }
    distance
}

/// Whether fleets on the board (whatever their orders) could convoy an army from `from` to
/// `to`: a chain of occupied sea provinces joining the two.
pub(super) fn fleets_could_convoy(board: &dyn Board, units: &[Unit], from: &str, to: &str) -> bool {
    let occupied = |p: &str| {
        board.is_sea(p)
            && units
                .iter()
                .any(|u| u.kind == UnitKind::Fleet && board.province(&u.location) == p)
    };
    let start: Vec<String> = sea_neighbours(board, from)
        .into_iter()
        .filter(|s| occupied(s))
        .collect();
    let reach = seas_from(board, &start, &occupied);
    let end = sea_neighbours(board, to);
    reach.iter().any(|s| end.contains(s))
}

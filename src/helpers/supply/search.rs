//! The searches supply is traced by: what entering a location and crossing into it costs
//! when paths count movement points ([`PathCosts`]), and the breadth-first (or Dijkstra's)
//! search from every source of a side at once ([`Search`]), whose parent chains give each
//! unit's path.

use super::*;

impl PathCosts {
    /// The costs of every node of a board in a weather.
    pub(super) fn new(board: &Board, weather: Option<crate::model::WeatherId>) -> Self {
        let game = board.game();
        let mut enter = Vec::with_capacity(board.len());
        let mut stops = Vec::with_capacity(board.len());
        for node in 0..board.len() {
            let terrains = board.terrains(node);
            // The location's terrain gives the cost; a prohibited feature bars it.
            let barred = terrains[1..]
                .iter()
                .any(|&f| game.terrain[f].cost_in(None, weather) == Some(Cost::Prohibited));
            match (barred, game.entry_cost(terrains[0], None, weather)) {
                (true, _) | (_, Some(Cost::Prohibited)) => {
                    enter.push(NONE);
                    stops.push(false);
                }
                // Entering it ends the path there; what it costs then matters not.
                (_, Some(Cost::Stop)) => {
                    enter.push(1);
                    stops.push(true);
                }
                // A terrain without a cost for all units counts one, as a step.
                (_, Some(Cost::Points(n))) => {
                    enter.push(u32::try_from(n).unwrap_or(NONE - 1).min(NONE - 1));
                    stops.push(false);
                }
                (_, None) => {
                    enter.push(1);
                    stops.push(false);
                }
            }
        }
        Self {
            enter,
            stops,
            weather,
            hexsides: game
                .hexside_terrain
                .iter()
                .any(|h| !h.movement.is_empty() || !h.movement_in.is_empty()),
        }
    }

    /// What crossing from `from` into the neighbouring `to` costs beyond entering `to`.
    pub(super) fn crossing(&self, board: &Board, from: usize, to: usize) -> Crossing {
        if !self.hexsides {
            return Crossing::Points(0);
        }
        let (Some((map, a)), Some((_, b))) = (board.hex(from), board.hex(to)) else {
            return Crossing::Points(0);
        };
        let game = board.game();
        let mut extra = 0u32;
        for (h, _) in map.hexside(a, b) {
            match game.hexside_terrain[*h].cost_in(None, self.weather) {
                Some(Cost::Prohibited) => return Crossing::Prohibited,
                Some(Cost::Stop) => return Crossing::Stop,
                Some(Cost::Points(n)) => {
                    extra = extra.saturating_add(u32::try_from(n.max(0)).unwrap_or(0));
                }
                None => {}
            }
        }
        Crossing::Points(extra)
    }

    /// What a unit on `from` pays to enter its neighbour `to` and go on from there (`None`:
    /// it may not; `Some((cost, ends))`: `ends` when it must stop there).
    pub(super) fn step(&self, board: &Board, from: usize, to: usize) -> Option<(u32, bool)> {
        let enter = self.enter[to];
        if enter == NONE {
            return None;
        }
        let (extra, ends) = match self.crossing(board, from, to) {
            Crossing::Prohibited => return None,
            Crossing::Stop => (0, true),
            Crossing::Points(n) => (n, false),
        };
        Some((
            enter.saturating_add(extra).min(NONE - 1),
            ends || self.stops[to],
        ))
    }
}

impl Search {
    /// Search from `seeds` (node, source label) over nodes `pass` allows.
    pub(super) fn run(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32)>,
        pass: impl Fn(usize) -> bool,
        costs: Option<&Arc<PathCosts>>,
    ) -> Self {
        Self::run_from(
            board,
            seeds.into_iter().map(|(n, l)| (n, l, 0)),
            pass,
            costs,
        )
    }

    /// Search from `seeds` (node, source label, distance the seed already counts: a source
    /// lying beyond the map edge) over nodes `pass` allows. Seeds enter the search at their
    /// own distance, so distances stay shortest.
    pub(super) fn run_from(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32, u32)>,
        pass: impl Fn(usize) -> bool,
        costs: Option<&Arc<PathCosts>>,
    ) -> Self {
        Self::run_until(board, seeds, pass, None, costs)
    }

    /// [`Search::run_until`] for paths counted in movement points: Dijkstra's search from
    /// the seeds, a node settled at its least cost (ties to the lower node, so the same
    /// input gives the same paths). A path goes from the unit to the source, so the search,
    /// which runs the other way, pays for entering the node it comes from; a node where a
    /// move must stop is passed through only when it is the path's source.
    pub(super) fn run_weighted(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32, u32)>,
        pass: impl Fn(usize) -> bool,
        targets: Option<&[usize]>,
        costs: &Arc<PathCosts>,
    ) -> Self {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let n = board.len();
        let mut dist = vec![NONE; n];
        let mut parent = vec![NONE; n];
        let mut origin = vec![NONE; n];
        let mut settled = vec![false; n];
        let (mut wanted, mut remaining) = wanted_places(n, targets);
        let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
        if targets.is_none() || remaining > 0 {
            for (node, label, d) in seeds {
                if pass(node) && d < dist[node] {
                    dist[node] = d;
                    origin[node] = label;
                    heap.push(Reverse((d, node as u32)));
                }
            }
        }
        while let Some(Reverse((d, u))) = heap.pop() {
            let u = u as usize;
            if settled[u] || d > dist[u] {
                continue;
            }
            settled[u] = true;
            if wanted.get(u) == Some(&true) {
                wanted[u] = false;
                remaining -= 1;
                if remaining == 0 {
                    break;
                }
            }
            let root = parent[u] == NONE;
            for v in board.around(u, Link::Supply) {
                if settled[v] || !pass(v) {
                    continue;
                }
                // A unit on `v` enters `u`: it must not have to stop there unless `u` is
                // the source.
                let Some((cost, ends)) = costs.step(board, v, u) else {
                    continue;
                };
                if ends && !root {
                    continue;
                }
                let dv = d.saturating_add(cost).min(NONE - 1);
                if dv < dist[v] {
                    dist[v] = dv;
                    parent[v] = u as u32;
                    origin[v] = origin[u];
                    heap.push(Reverse((dv, v as u32)));
                }
            }
        }
        Self {
            dist,
            parent: Arc::new(parent),
            origin,
            costs: Some(Arc::clone(costs)),
        }
    }

    /// [`Search::run_from`], stopping once every node of `targets` (when given) has been
    /// entered: what the search found of them, and of the paths to them, is what the whole
    /// search finds (a node's distance, parent and source are set once, when it is entered),
    /// so a search asked about a few units need not cover the map. A target the search
    /// never enters makes it run to the end.
    ///
    /// Kept out of its callers: alone, its loop keeps its arrays and queue in registers.
    #[inline(never)]
    pub(super) fn run_until(
        board: &Board,
        seeds: impl IntoIterator<Item = (usize, u32, u32)>,
        pass: impl Fn(usize) -> bool,
        targets: Option<&[usize]>,
        costs: Option<&Arc<PathCosts>>,
    ) -> Self {
        if let Some(costs) = costs {
            return Self::run_weighted(board, seeds, pass, targets, costs);
        }
        let n = board.len();
        let mut dist = vec![NONE; n];
        let mut parent = vec![NONE; n];
        let mut origin = vec![NONE; n];
        let (mut wanted, mut remaining) = wanted_places(n, targets);
        // Asked for targets, none of them on the board: nothing to search for.
        let searching = targets.is_none() || remaining > 0;
        // Count off a node just entered; true once every target has been.
        let mut found = |node: usize| {
            if wanted.get(node) == Some(&true) {
                wanted[node] = false;
                remaining -= 1;
                return remaining == 0;
            }
            false
        };
        if searching {
            let mut seeds: Vec<(usize, u32, u32)> = seeds.into_iter().collect();
            seeds.sort_by_key(|&(_, _, d)| d);
            let mut next = 0;
            // Every node enters the queue once at most.
            let mut queue: VecDeque<u32> = VecDeque::with_capacity(n);
            let links = board.links(Link::Supply);
            'search: loop {
                // The level the queue's front stands at: seeds of that distance (or the
                // nearest seeds, when the queue is empty) join at its front before it
                // moves on.
                let level = match (queue.front(), seeds.get(next)) {
                    (Some(&u), _) => dist[u as usize],
                    (None, Some(&(_, _, d))) => d,
                    (None, None) => break,
                };
                while let Some(&(node, label, d)) = seeds.get(next) {
                    if d > level {
                        break;
                    }
                    next += 1;
                    if dist[node] == NONE && pass(node) {
                        dist[node] = d;
                        origin[node] = label;
                        queue.push_front(node as u32);
                        if found(node) {
                            break 'search;
                        }
                    }
                }
                let Some(u) = queue.pop_front() else {
                    continue;
                };
                let u = u as usize;
                let du = dist[u] + 1;
                let ou = origin[u];
                for v in links.around(u) {
                    if dist[v] == NONE && pass(v) {
                        dist[v] = du;
                        parent[v] = u as u32;
                        origin[v] = ou;
                        queue.push_back(v as u32);
                        if found(v) {
                            break 'search;
                        }
                    }
                }
            }
        }
        Self {
            dist,
            parent: Arc::new(parent),
            origin,
            costs: None,
        }
    }

    /// How a unit on `node` reaches this search: its own node when the search entered it,
    /// else the best neighbour it entered (the unit's own location never blocks it).
    /// Returns (distance, first node of the path after the unit's, or the unit's own node).
    pub(super) fn reach(
        &self,
        board: &Board,
        node: usize,
        impassable: bool,
    ) -> Option<(u32, usize)> {
        if self.dist[node] != NONE {
            return Some((self.dist[node], node));
        }
        if impassable {
            return None;
        }
        let mut best: Option<(u32, usize)> = None;
        board.neighbours(node, Link::Supply, |v| {
            if self.dist[v] == NONE {
                return;
            }
            // The step onto `v` (a move ending there only on the path's source).
            let step = match &self.costs {
                None => 1,
                Some(c) => match c.step(board, node, v) {
                    Some((cost, ends)) if !ends || self.parent[v] == NONE => cost,
                    _ => return,
                },
            };
            let d = self.dist[v].saturating_add(step);
            if best.is_none_or(|(bd, bv)| d < bd || (d == bd && v < bv)) {
                best = Some((d, v));
            }
        });
        best
    }

    /// Nodes from `start` back to its source.
    pub(super) fn chain(&self, start: usize) -> impl Iterator<Item = usize> + '_ {
        up(&self.parent, start)
    }

    /// `head` when given, then the nodes from `start` back to its source, as a report's
    /// path (kept as a start on this search's forest, named when read).
    pub(super) fn path(
        &self,
        names: &Arc<LocationNames>,
        head: Option<usize>,
        start: usize,
    ) -> Path {
        Path::new(names, &self.parent, head, start)
    }
}

/// The places a search stops at once it has reached them all (empty when it searches the
/// whole board), and how many they are, each counted once.
pub(super) fn wanted_places(n: usize, targets: Option<&[usize]>) -> (Vec<bool>, usize) {
    let mut wanted = vec![false; if targets.is_some() { n } else { 0 }];
    let mut remaining = 0usize;
    for &t in targets.unwrap_or_default() {
        if !wanted[t] {
            wanted[t] = true;
            remaining += 1;
        }
    }
    (wanted, remaining)
}

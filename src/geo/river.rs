//! Rivers onto hexsides: the course is followed along the grid's hexside network (the
//! corners of the hexes and the sides between them) by a shortest path that prefers sides
//! near the course, piece by piece so that bends and loops are kept. The result is an
//! unbroken chain of hexsides, as a printed map draws a river; sides with water on either
//! hand are left out (a river ends at the coast).

use std::collections::{BTreeMap, BinaryHeap};

use super::grid::KmGrid;
use super::layers::distance_to_line;
use super::queue::Cheapest;
use super::Km;
use crate::model::HexCoord;

/// A corner of the grid, by its position rounded to a metre.
type Vertex = (i64, i64);

/// The grid's hexside network.
pub(super) struct Sides {
    position: BTreeMap<Vertex, Km>,
    next: BTreeMap<Vertex, Vec<Vertex>>,
    /// The hexes on each side of a hexside (one at the map's rim).
    hexes: BTreeMap<(Vertex, Vertex), Vec<HexCoord>>,
}

fn key(p: Km) -> Vertex {
    ((p.0 * 1000.0).round() as i64, (p.1 * 1000.0).round() as i64)
}

fn ordered(a: Vertex, b: Vertex) -> (Vertex, Vertex) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl Sides {
    /// The network of every hex of the grid.
    pub fn new(grid: &KmGrid) -> Self {
        let mut s = Sides {
            position: BTreeMap::new(),
            next: BTreeMap::new(),
            hexes: BTreeMap::new(),
        };
        for c in grid.geometry.coords() {
            let corners = grid.corners(c);
            let keys: Vec<Vertex> = corners.iter().map(|p| key(*p)).collect();
            for (k, p) in keys.iter().zip(corners) {
                s.position.entry(*k).or_insert(p);
            }
            for k in 0..6 {
                let (a, b) = (keys[k], keys[(k + 1) % 6]);
                let hexes = s.hexes.entry(ordered(a, b)).or_default();
                if hexes.is_empty() {
                    s.next.entry(a).or_default().push(b);
                    s.next.entry(b).or_default().push(a);
                }
                hexes.push(c);
            }
        }
        s
    }

    /// The hexsides (pairs of hexes, in course order) a river's course follows, and how
    /// far the farthest lies from it (km).
    pub fn follow(
        &self,
        grid: &KmGrid,
        course: &[Km],
        water: &dyn Fn(HexCoord) -> bool,
    ) -> (Vec<(HexCoord, HexCoord)>, f64) {
        let r = grid.radius();
        let step = grid.across / 9.4;
        let points = densify(course, step);
        // The runs of the course that lie on the map.
        let mut runs: Vec<Vec<Km>> = vec![Vec::new()];
        for p in points {
            if grid.hex_at(p.0, p.1).is_some() {
                if let Some(run) = runs.last_mut() {
                    run.push(p);
                }
            } else if runs.last().is_some_and(|r| !r.is_empty()) {
                runs.push(Vec::new());
            }
        }
        let mut out: Vec<(HexCoord, HexCoord)> = Vec::new();
        let mut farthest: f64 = 0.0;
        for run in runs.iter().filter(|r| r.len() >= 3) {
            // Pieces of about a hex and a third each.
            let mut cuts: Vec<usize> = (0..run.len() - 1).step_by(12).collect();
            cuts.push(run.len() - 1);
            if cuts.len() >= 3 && cuts[cuts.len() - 1] - cuts[cuts.len() - 2] < 6 {
                cuts.remove(cuts.len() - 2);
            }
            let mut path: Vec<Vertex> = Vec::new();
            for w in cuts.windows(2) {
                let (i, j) = (w[0], w[1]);
                let piece = &run[i.saturating_sub(2)..(j + 3).min(run.len())];
                let Some(found) = self.route(piece, run[i], run[j], 2.5 * r, r) else {
                    continue;
                };
                let skip = usize::from(path.last() == found.first());
                path.extend(&found[skip..]);
            }
            // A chain that comes back to a corner drops the loop.
            let mut clean: Vec<Vertex> = Vec::new();
            for v in path {
                match clean.iter().position(|x| *x == v) {
                    Some(k) => clean.truncate(k + 1),
                    None => clean.push(v),
                }
            }
            for w in clean.windows(2) {
                let Some(hexes) = self.hexes.get(&ordered(w[0], w[1])) else {
                    continue;
                };
                let [a, b] = hexes[..] else { continue };
                let (a, b) = if a <= b { (a, b) } else { (b, a) };
                if water(a) || water(b) || out.contains(&(a, b)) {
                    continue;
                }
                let (p, q) = (self.position[&w[0]], self.position[&w[1]]);
                let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                farthest = farthest.max(distance_to_line(mid, course));
                out.push((a, b));
            }
        }
        (out, farthest)
    }

    /// The shortest chain of corners from near `first` to near `last`, through corners no
    /// farther than `reach` from `piece`; a side costs its length, more the farther its
    /// middle lies from the course.
    fn route(&self, piece: &[Km], first: Km, last: Km, reach: f64, r: f64) -> Option<Vec<Vertex>> {
        let (mut west, mut south, mut east, mut north) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in piece {
            west = west.min(p.0);
            east = east.max(p.0);
            south = south.min(p.1);
            north = north.max(p.1);
        }
        let margin = reach + r;
        let near: BTreeMap<Vertex, Km> = self
            .position
            .range(key((west - margin, f64::MIN))..=key((east + margin, f64::MAX)))
            .filter(|(_, p)| p.1 >= south - margin && p.1 <= north + margin)
            .filter(|(_, p)| distance_to_line(**p, piece) <= reach)
            .map(|(k, p)| (*k, *p))
            .collect();
        let nearest = |t: Km| {
            near.iter()
                .min_by(|a, b| {
                    let da = (a.1 .0 - t.0).hypot(a.1 .1 - t.1);
                    let db = (b.1 .0 - t.0).hypot(b.1 .1 - t.1);
                    da.total_cmp(&db).then(a.0.cmp(b.0))
                })
                .map(|(k, _)| *k)
        };
        let (start, goal) = (nearest(first)?, nearest(last)?);
        if start == goal {
            return Some(vec![start]);
        }
        let mut best: BTreeMap<Vertex, f64> = BTreeMap::from([(start, 0.0)]);
        let mut previous: BTreeMap<Vertex, Vertex> = BTreeMap::new();
        let mut queue = BinaryHeap::from([Cheapest(0.0, 0.0, start)]);
        while let Some(Cheapest(d, _, v)) = queue.pop() {
            if v == goal {
                break;
            }
            if d > best.get(&v).copied().unwrap_or(f64::INFINITY) {
                continue;
            }
            for w in self.next.get(&v).into_iter().flatten() {
                let Some(q) = near.get(w) else { continue };
                let p = near[&v];
                let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                let off = distance_to_line(mid, piece) / (0.5 * r);
                let nd = d + r * (1.0 + off * off);
                if nd < best.get(w).copied().unwrap_or(f64::INFINITY) {
                    best.insert(*w, nd);
                    previous.insert(*w, v);
                    queue.push(Cheapest(nd, 0.0, *w));
                }
            }
        }
        let mut path = vec![goal];
        while *path.last()? != start {
            path.push(*previous.get(path.last()?)?);
        }
        path.reverse();
        Some(path)
    }
}

/// The points of a polyline with points added between, about `step` apart (each segment
/// cut into as many whole steps as fit, at least one).
fn densify(pts: &[Km], step: f64) -> Vec<Km> {
    let mut out: Vec<Km> = pts.first().copied().into_iter().collect();
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let n = ((a.0 - b.0).hypot(a.1 - b.1) / step)
            .floor()
            .clamp(1.0, 100_000.0) as usize;
        for k in 1..=n {
            let t = k as f64 / n as f64;
            out.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> KmGrid {
        crate::geo::grid::test_grid(12, 10, 40.0)
    }

    #[test]
    fn a_river_becomes_an_unbroken_chain_of_sides() {
        let g = grid();
        let sides = Sides::new(&g);
        // North to south across the map, between columns 5 and 6.
        let x = 5.5 * 1.5 * g.radius();
        let (chain, far) = sides.follow(&g, &[(x, 30.0), (x, -420.0)], &|_| false);
        assert!(chain.len() >= 10, "{chain:?}");
        for (a, b) in &chain {
            assert!(g.geometry.adjacent(*a, *b));
        }
        // Consecutive sides meet at a corner: every side shares a hex with the next.
        for w in chain.windows(2) {
            let (p, q) = (w[0], w[1]);
            assert!(
                p.0 == q.0 || p.0 == q.1 || p.1 == q.0 || p.1 == q.1,
                "{p:?} then {q:?}"
            );
        }
        assert!(far < g.radius(), "{far}");
    }

    #[test]
    fn sides_along_water_are_left_out() {
        let g = grid();
        let sides = Sides::new(&g);
        let x = 5.5 * 1.5 * g.radius();
        let all = sides.follow(&g, &[(x, 30.0), (x, -420.0)], &|_| false).0;
        let dry = sides
            .follow(&g, &[(x, 30.0), (x, -420.0)], &|c| c.row >= 5)
            .0;
        assert!(dry.len() < all.len());
        assert!(dry.iter().all(|(a, b)| a.row < 5 && b.row < 5));
    }

    #[test]
    fn a_course_off_the_map_gives_nothing() {
        let g = grid();
        let sides = Sides::new(&g);
        let (chain, _) = sides.follow(&g, &[(-900.0, 0.0), (-900.0, -400.0)], &|_| false);
        assert!(chain.is_empty());
    }
}

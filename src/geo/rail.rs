//! Rail lines onto hexes: from each stop's hex to the next, the cheapest path over land —
//! a step costs one, more the farther the hex lies from the straight line between the two
//! stops and the more the terrain's `rail-detour` says — so a line keeps to its real course
//! between stops and goes round seas, lakes and (when asked) mountains.

use std::collections::{BTreeMap, BinaryHeap};

use super::grid::KmGrid;
use super::layers::distance_to_segment;
use super::queue::Cheapest;
use crate::model::HexCoord;

/// The hexes from `a` to `b` (both included), or `None` when no land path joins them.
pub(super) fn route(
    grid: &KmGrid,
    a: HexCoord,
    b: HexCoord,
    water: &dyn Fn(HexCoord) -> bool,
    detour: &dyn Fn(HexCoord) -> f64,
) -> Option<Vec<HexCoord>> {
    if a == b {
        return Some(vec![a]);
    }
    let geometry = &grid.geometry;
    let (pa, pb) = (grid.centre(a), grid.centre(b));
    let d = grid.across;
    let estimate = |c: HexCoord| {
        let p = grid.centre(c);
        (p.0 - pb.0).hypot(p.1 - pb.1) / d
    };
    let mut best: BTreeMap<HexCoord, f64> = BTreeMap::from([(a, 0.0)]);
    let mut previous: BTreeMap<HexCoord, HexCoord> = BTreeMap::new();
    let mut queue = BinaryHeap::from([Cheapest(estimate(a), 0.0, a)]);
    while let Some(Cheapest(_, cost, v)) = queue.pop() {
        if v == b {
            break;
        }
        if cost > best.get(&v).copied().unwrap_or(f64::INFINITY) {
            continue;
        }
        for w in geometry.neighbours(v) {
            if water(w) {
                continue;
            }
            let off = distance_to_segment(grid.centre(w), pa, pb) / d;
            let next = cost + 1.0 + 0.35 * off + detour(w);
            if next < best.get(&w).copied().unwrap_or(f64::INFINITY) {
                best.insert(w, next);
                previous.insert(w, v);
                queue.push(Cheapest(next + estimate(w), next, w));
            }
        }
    }
    let mut path = vec![b];
    while *path.last()? != a {
        path.push(*previous.get(path.last()?)?);
    }
    path.reverse();
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> KmGrid {
        crate::geo::grid::test_grid(12, 10, 40.0)
    }

    #[test]
    fn a_line_is_a_chain_of_neighbours_round_the_water() {
        let g = grid();
        let (a, b) = (HexCoord::new(0, 4), HexCoord::new(11, 4));
        let lake = |c: HexCoord| c.col == 5 && (2..=6).contains(&c.row);
        let path = route(&g, a, b, &lake, &|_| 0.0).expect("a way round");
        assert_eq!(path.first(), Some(&a));
        assert_eq!(path.last(), Some(&b));
        for w in path.windows(2) {
            assert!(g.geometry.adjacent(w[0], w[1]));
        }
        assert!(path.iter().all(|c| !lake(*c)));
    }

    #[test]
    fn a_detour_is_taken_when_the_terrain_costs_more() {
        let g = grid();
        let (a, b) = (HexCoord::new(0, 4), HexCoord::new(11, 4));
        let straight = route(&g, a, b, &|_| false, &|_| 0.0).expect("a way");
        let hills = |c: HexCoord| if c.col == 5 && c.row == 4 { 5.0 } else { 0.0 };
        let round = route(&g, a, b, &|_| false, &hills).expect("a way");
        assert!(straight.contains(&HexCoord::new(5, 4)));
        assert!(!round.contains(&HexCoord::new(5, 4)));
    }

    #[test]
    fn no_land_path_is_none() {
        let g = grid();
        let wall = |c: HexCoord| c.col == 5;
        assert!(route(
            &g,
            HexCoord::new(0, 4),
            HexCoord::new(11, 4),
            &wall,
            &|_| 0.0
        )
        .is_none());
    }
}

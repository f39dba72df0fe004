//! Rail lines onto hexes: from each stop's hex to the next, the cheapest path over land —
//! a step costs one, more the farther the hex lies from the straight line between the two
//! stops and the more the terrain's `rail-detour` says — so a line keeps to its real course
//! between stops and goes round seas, lakes and (when asked) mountains.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BinaryHeap};

use super::grid::KmGrid;
use super::layers::distance_to_segment;
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
    let mut queue = BinaryHeap::from([Entry(estimate(a), 0.0, a)]);
    while let Some(Entry(_, cost, v)) = queue.pop() {
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
                queue.push(Entry(next + estimate(w), next, w));
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

/// A queue entry: the lowest estimate first, ties by the cost so far, then by hex.
struct Entry(f64, f64, HexCoord);

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .0
            .total_cmp(&self.0)
            .then_with(|| other.1.total_cmp(&self.1))
            .then_with(|| other.2.cmp(&self.2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hex::Numbering;
    use crate::model::{HexGeometry, Orientation};

    fn grid() -> KmGrid {
        let geometry = HexGeometry {
            orientation: Orientation::Columns,
            columns: 12,
            rows: 10,
            odd_shifted: true,
            numbering: Numbering {
                column_first: true,
                first_column: 1,
                first_row: 1,
                digits: 2,
                stagger: false,
            },
        };
        KmGrid::new(geometry, 40.0, HexCoord::new(0, 0), (0.0, 0.0))
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

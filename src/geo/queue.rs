//! The entry of a shortest-path queue: `std`'s heap is a max-heap, so the order is
//! reversed — the lowest key first, then the lowest tie-breaker, then the lowest item —
//! which makes every search deterministic.

use std::cmp::Ordering;

/// A queue entry: `key` (cost, or cost plus estimate), `tie` (cost so far), `item`.
pub(super) struct Cheapest<T>(pub f64, pub f64, pub T);

impl<T: Ord> PartialEq for Cheapest<T> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<T: Ord> Eq for Cheapest<T> {}
impl<T: Ord> PartialOrd for Cheapest<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<T: Ord> Ord for Cheapest<T> {
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
    use std::collections::BinaryHeap;

    #[test]
    fn the_cheapest_comes_first_and_ties_are_ordered() {
        let mut q = BinaryHeap::from([
            Cheapest(2.0, 0.0, 'a'),
            Cheapest(1.0, 5.0, 'c'),
            Cheapest(1.0, 1.0, 'b'),
            Cheapest(1.0, 1.0, 'a'),
        ]);
        let order: Vec<char> = std::iter::from_fn(|| q.pop().map(|e| e.2)).collect();
        assert_eq!(order, ['a', 'b', 'c', 'a']);
    }
}

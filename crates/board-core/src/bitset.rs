//! A set of points whose size is known only at run time (arbitrary graphs, tournament
//! matrices). Built on `bitvec` and wrapped so callers see a small, stable API; hot
//! fixed-size code uses [`crate::Bitboard128`] or [`crate::GridBits`] instead.

use bitvec::prelude::{BitVec, Lsb0};

/// A set of indices `0..len` for a length chosen at run time.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct BitSet {
    bits: BitVec<u64, Lsb0>,
}

impl BitSet {
    /// An empty set able to hold the indices `0..len`.
    pub fn new(len: usize) -> Self {
        Self {
            bits: BitVec::repeat(false, len),
        }
    }

    /// The set holding every index `0..len`.
    pub fn full(len: usize) -> Self {
        Self {
            bits: BitVec::repeat(true, len),
        }
    }

    /// How many indices the set can hold.
    pub fn capacity(&self) -> usize {
        self.bits.len()
    }

    /// Whether `index` is in the set; indices beyond the capacity are not.
    pub fn contains(&self, index: usize) -> bool {
        self.bits.get(index).is_some_and(|b| *b)
    }

    /// Adds `index`. Panics if it is beyond the capacity: that is a caller bug, not input.
    pub fn insert(&mut self, index: usize) {
        self.bits.set(index, true);
    }

    /// Removes `index` (no effect beyond the capacity).
    pub fn remove(&mut self, index: usize) {
        if index < self.bits.len() {
            self.bits.set(index, false);
        }
    }

    /// How many indices are set.
    pub fn count(&self) -> usize {
        self.bits.count_ones()
    }

    /// Whether no index is set.
    pub fn is_empty(&self) -> bool {
        self.bits.not_any()
    }

    /// Removes every index.
    pub fn clear(&mut self) {
        self.bits.fill(false);
    }

    /// The indices in the set, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter_ones()
    }

    /// Adds every index of `other` (which must have the same length).
    pub fn union_with(&mut self, other: &BitSet) {
        self.check_same_capacity(other);
        self.bits |= other.bits.as_bitslice();
    }

    /// Keeps only the indices also in `other`.
    pub fn intersect_with(&mut self, other: &BitSet) {
        self.check_same_capacity(other);
        self.bits &= other.bits.as_bitslice();
    }

    /// Removes the indices that are in `other`.
    pub fn difference_with(&mut self, other: &BitSet) {
        self.check_same_capacity(other);
        for index in other.iter() {
            self.bits.set(index, false);
        }
    }

    /// Whether every index of `self` is in `other`.
    pub fn is_subset(&self, other: &BitSet) -> bool {
        self.iter().all(|i| other.contains(i))
    }

    fn check_same_capacity(&self, other: &BitSet) {
        assert_eq!(
            self.capacity(),
            other.capacity(),
            "bit sets of different capacities"
        );
    }
}

impl std::fmt::Debug for BitSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_on_a_run_time_size() {
        let mut a = BitSet::new(200);
        let mut b = BitSet::new(200);
        for i in [0, 7, 64, 199] {
            a.insert(i);
        }
        for i in [7, 100] {
            b.insert(i);
        }
        assert_eq!(a.count(), 4);
        assert!(a.contains(199) && !a.contains(200) && !a.contains(5000));
        let mut u = a.clone();
        u.union_with(&b);
        assert_eq!(u.iter().collect::<Vec<_>>(), vec![0, 7, 64, 100, 199]);
        let mut i = a.clone();
        i.intersect_with(&b);
        assert_eq!(i.iter().collect::<Vec<_>>(), vec![7]);
        let mut d = a.clone();
        d.difference_with(&b);
        assert_eq!(d.iter().collect::<Vec<_>>(), vec![0, 64, 199]);
        assert!(i.is_subset(&a) && !b.is_subset(&a));
        d.clear();
        assert!(d.is_empty());
        assert_eq!(BitSet::full(70).count(), 70);
    }
}

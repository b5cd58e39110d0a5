//! Counting repeated positions by hash.
//!
//! Every game that rules on repetition (sennichite, xiangqi cycles, Go superko) needs to know
//! how often a position occurred and at which plies; the hash includes whatever the game
//! deems part of the position (side to move, hands, …).

//!
//! [`RepetitionTable`] answers "how often, and when" for any hash; [`History`] keeps the
//! game ply by ply (hash and check flag) and answers the questions the rules ask: counts,
//! first occurrence, cycle start since an irreversible move, perpetual check.

use hashbrown::HashMap;

pub use crate::hash::{IdentityBuildHasher, IdentityHasher};

mod history;

pub use history::{History, PlyRecord};

/// Where each position (by hash) occurred in a game.
///
/// Most positions of a game occur once, so the first ply is kept inline and only a repeated
/// position allocates: recording a new position is one hash-map insertion, which keeps the
/// table cheap enough for Go superko in random playouts.
#[derive(Clone, Debug, Default)]
pub struct RepetitionTable {
    seen: HashMap<u64, Occurrences, IdentityBuildHasher>,
}

/// The plies at which one hash occurred: the first inline, the later ones in a vector that
/// stays unallocated until the position repeats.
#[derive(Clone, Debug)]
struct Occurrences {
    first: u32,
    later: Vec<u32>,
}

impl RepetitionTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty table with room for `positions` distinct hashes before it grows.
    pub fn with_capacity(positions: usize) -> Self {
        Self {
            seen: HashMap::with_capacity_and_hasher(positions, IdentityBuildHasher::default()),
        }
    }

    /// Records that `hash` occurred at `ply`; returns how often it has now occurred.
    #[inline]
    pub fn record(&mut self, hash: u64, ply: u32) -> usize {
        match self.seen.entry(hash) {
            hashbrown::hash_map::Entry::Occupied(mut seen) => {
                let occurrences = seen.get_mut();
                occurrences.later.push(ply);
                1 + occurrences.later.len()
            }
            hashbrown::hash_map::Entry::Vacant(slot) => {
                slot.insert(Occurrences {
                    first: ply,
                    later: Vec::new(),
                });
                1
            }
        }
    }

    /// Forgets the latest occurrence of `hash` (for unmaking a move).
    #[inline]
    pub fn unrecord(&mut self, hash: u64) {
        if let Some(occurrences) = self.seen.get_mut(&hash)
            && occurrences.later.pop().is_none()
        {
            self.seen.remove(&hash);
        }
    }

    /// How often `hash` occurred.
    #[inline]
    pub fn count(&self, hash: u64) -> usize {
        self.seen.get(&hash).map_or(0, |o| 1 + o.later.len())
    }

    /// Whether `hash` occurred at all (Go superko's question).
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        self.seen.contains_key(&hash)
    }

    /// The plies at which `hash` occurred, in the order recorded.
    pub fn plies(&self, hash: u64) -> impl Iterator<Item = u32> + '_ {
        self.seen
            .get(&hash)
            .into_iter()
            .flat_map(|o| std::iter::once(o.first).chain(o.later.iter().copied()))
    }

    /// How many distinct hashes occurred.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether nothing has been recorded.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Forgets every occurrence.
    pub fn clear(&mut self) {
        self.seen.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_occurrences_and_remembers_plies() {
        let mut table = RepetitionTable::new();
        assert_eq!(table.record(42, 0), 1);
        assert_eq!(table.record(7, 1), 1);
        assert_eq!(table.record(42, 4), 2);
        assert_eq!(table.record(42, 8), 3);
        assert_eq!(table.count(42), 3);
        assert_eq!(table.plies(42).collect::<Vec<_>>(), [0, 4, 8]);
        assert_eq!(table.count(99), 0);
        assert!(!table.contains(99) && table.contains(7));
        assert_eq!(table.plies(99).count(), 0);
        assert_eq!(table.len(), 2);
        table.unrecord(42);
        assert_eq!(table.plies(42).collect::<Vec<_>>(), [0, 4]);
        table.unrecord(7);
        assert_eq!(table.count(7), 0);
        assert!(!table.contains(7));
        assert_eq!(table.len(), 1);
        table.unrecord(42);
        table.unrecord(42);
        assert!(table.is_empty());
    }
}

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
#[derive(Clone, Debug, Default)]
pub struct RepetitionTable {
    seen: HashMap<u64, Vec<u32>, IdentityBuildHasher>,
}

impl RepetitionTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records that `hash` occurred at `ply`; returns how often it has now occurred.
    pub fn record(&mut self, hash: u64, ply: u32) -> usize {
        let plies = self.seen.entry(hash).or_default();
        plies.push(ply);
        plies.len()
    }

    /// Forgets the latest occurrence of `hash` (for unmaking a move).
    pub fn unrecord(&mut self, hash: u64) {
        if let Some(plies) = self.seen.get_mut(&hash) {
            plies.pop();
            if plies.is_empty() {
                self.seen.remove(&hash);
            }
        }
    }

    /// How often `hash` occurred.
    pub fn count(&self, hash: u64) -> usize {
        self.seen.get(&hash).map_or(0, Vec::len)
    }

    /// The plies at which `hash` occurred, in the order recorded.
    pub fn plies(&self, hash: u64) -> &[u32] {
        self.seen.get(&hash).map_or(&[], Vec::as_slice)
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
        assert_eq!(table.plies(42), &[0, 4, 8]);
        assert_eq!(table.count(99), 0);
        assert!(table.plies(99).is_empty());
        table.unrecord(42);
        assert_eq!(table.plies(42), &[0, 4]);
        table.unrecord(7);
        assert_eq!(table.count(7), 0);
    }
}

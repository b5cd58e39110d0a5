//! The per-ply record of a game that repetition rules read.

use super::RepetitionTable;

/// What the history keeps about one ply: the position reached and whether the move that
/// reached it gave check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlyRecord {
    /// The hash of the position after the move (of the start position at ply 0).
    pub hash: u64,
    /// Whether the move gave check (at ply 0: whether the start position is in check).
    pub gave_check: bool,
}

/// The positions of a game ply by ply, with the questions repetition rules ask about them.
///
/// Ply 0 is the start position, ply `n` the position after the `n`-th move. Each ply
/// stores the position hash (which must include whatever the game counts as part of the
/// position: side to move, hands, …) and whether the move that led there gave check.
/// [`push`](Self::push) and [`pop`](Self::pop) follow make and undo.
///
/// * Shogi 千日手: the fourth [`count`](Self::count) of a hash ends the game; if every
///   move of one side since the [`first_occurrence`](Self::first_occurrence) gave check
///   ([`every_move_checked`](Self::every_move_checked)) that side loses (連続王手の千日手).
/// * Xiangqi cycles: the [`earliest_repeat_since`](Self::earliest_repeat_since) the last
///   capture starts the cycle; 长将 is `every_move_checked` over it.
/// * Go positional superko: a move is illegal when its hash has a nonzero `count`.
///
/// An *indexed* history (the default, [`new`](Self::new)) also keeps a [`RepetitionTable`]
/// so that counts are O(1) at any game length; a search that only looks back to the last
/// irreversible move can use [`scan_only`](Self::scan_only), whose
/// [`push_uncounted`](Self::push_uncounted) is a plain vector push and whose queries scan
/// the records.
///
/// ```
/// use board_core::repetition::History;
///
/// // A shogi-like game where the second side checks on every move.
/// let (a, b, c, d) = (1, 2, 3, 4);
/// let mut history = History::new(a, false);
/// for _ in 0..3 {
///     history.push(b, false); // first side moves
///     history.push(c, true); // second side checks
///     history.push(d, false);
///     history.push(a, true);
/// }
/// assert_eq!(history.count(a), 4);
/// let first = history.first_occurrence(a).unwrap();
/// assert_eq!(first, 0);
/// // Ply 12 was played by the second side: every one of its moves since ply 0 checked.
/// assert!(history.every_move_checked(12, first));
/// assert!(!history.every_move_checked(11, first));
/// ```
#[derive(Clone, Debug)]
pub struct History {
    records: Vec<PlyRecord>,
    table: Option<RepetitionTable>,
}

impl History {
    /// An indexed history starting at a position with `start_hash`, in check or not.
    pub fn new(start_hash: u64, start_in_check: bool) -> Self {
        Self::start(start_hash, start_in_check, Some(RepetitionTable::new()))
    }

    /// A history without the hash table: pushes cost a vector push, counts scan the plies.
    /// Meant for searches whose repetition window (since the last irreversible move) is short.
    pub fn scan_only(start_hash: u64, start_in_check: bool) -> Self {
        Self::start(start_hash, start_in_check, None)
    }

    fn start(start_hash: u64, start_in_check: bool, table: Option<RepetitionTable>) -> Self {
        let mut history = History {
            records: Vec::new(),
            table,
        };
        history.reset(start_hash, start_in_check);
        history
    }

    /// Forgets every ply and starts again from a new start position.
    pub fn reset(&mut self, start_hash: u64, start_in_check: bool) {
        self.records.clear();
        if let Some(table) = &mut self.table {
            table.clear();
        }
        self.push(start_hash, start_in_check);
    }

    /// Whether counts come from a hash table rather than a scan.
    pub fn is_indexed(&self) -> bool {
        self.table.is_some()
    }

    /// Records the position reached by the next move; returns how often `hash` has now
    /// occurred (1 the first time). The count is O(1) in an indexed history; in a
    /// [`scan_only`](Self::scan_only) one it scans the plies, so a search that does not
    /// need it calls [`push_uncounted`](Self::push_uncounted).
    #[inline]
    pub fn push(&mut self, hash: u64, gave_check: bool) -> usize {
        self.push_uncounted(hash, gave_check);
        match &self.table {
            Some(table) => table.count(hash),
            None => self.records.iter().filter(|r| r.hash == hash).count(),
        }
    }

    /// Records the position reached by the next move without counting it: a plain vector
    /// push in a [`scan_only`](Self::scan_only) history, cheap enough for every make of a
    /// search.
    #[inline]
    pub fn push_uncounted(&mut self, hash: u64, gave_check: bool) {
        let ply = self.records.len() as u32;
        self.records.push(PlyRecord { hash, gave_check });
        if let Some(table) = &mut self.table {
            table.record(hash, ply);
        }
    }

    /// Undoes the latest [`push`](Self::push) and returns its record. The start position
    /// is never popped: `None` when only ply 0 is left.
    #[inline]
    pub fn pop(&mut self) -> Option<PlyRecord> {
        if self.records.len() <= 1 {
            return None;
        }
        let record = self.records.pop()?;
        if let Some(table) = &mut self.table {
            table.unrecord(record.hash);
        }
        Some(record)
    }

    /// The latest ply (0 before any move).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.records.len() as u32 - 1
    }

    /// The latest record.
    #[inline]
    pub fn current(&self) -> PlyRecord {
        self.records[self.records.len() - 1]
    }

    /// The record of `ply`, if it has been played.
    #[inline]
    pub fn get(&self, ply: u32) -> Option<PlyRecord> {
        self.records.get(ply as usize).copied()
    }

    /// Every record, indexed by ply.
    pub fn records(&self) -> &[PlyRecord] {
        &self.records
    }

    /// How often `hash` occurred.
    pub fn count(&self, hash: u64) -> usize {
        match &self.table {
            Some(table) => table.count(hash),
            None => self.records.iter().filter(|r| r.hash == hash).count(),
        }
    }

    /// Whether `hash` occurred at all (Go superko's question).
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        match &self.table {
            Some(table) => table.contains(hash),
            None => self.records.iter().any(|r| r.hash == hash),
        }
    }

    /// The plies at which `hash` occurred, in increasing order.
    pub fn occurrences(&self, hash: u64) -> Vec<u32> {
        match &self.table {
            Some(table) => table.plies(hash).collect(),
            None => self.plies_of(hash).collect(),
        }
    }

    /// The first ply at which `hash` occurred.
    pub fn first_occurrence(&self, hash: u64) -> Option<u32> {
        match &self.table {
            Some(table) => table.plies(hash).next(),
            None => self.plies_of(hash).next(),
        }
    }

    fn plies_of(&self, hash: u64) -> impl Iterator<Item = u32> + '_ {
        (0u32..)
            .zip(&self.records)
            .filter(move |(_, r)| r.hash == hash)
            .map(|(ply, _)| ply)
    }

    /// The earliest ply at or after `from` (for example the last capture) and before the
    /// latest one, with the same side to move (same parity) and the same hash as the latest
    /// position: where a repetition cycle ending now starts. Scans at most the plies from
    /// `from`, two at a time.
    pub fn earliest_repeat_since(&self, from: u32) -> Option<u32> {
        let latest = self.ply();
        if from >= latest {
            return None;
        }
        let hash = self.records[latest as usize].hash;
        let first = from + ((latest - from) & 1);
        (first..latest)
            .step_by(2)
            .find(|&ply| self.records[ply as usize].hash == hash)
    }

    /// Whether every move of the side that played ply `mover_ply` (the plies of the same
    /// parity) after ply `since`, up to the latest ply, gave check: perpetual check in
    /// shogi 連続王手の千日手 and xiangqi 长将. `false` when that side made no move in the
    /// range.
    pub fn every_move_checked(&self, mover_ply: u32, since: u32) -> bool {
        let latest = self.ply();
        let first = since + 1;
        if first > latest {
            return false;
        }
        // The first ply after `since` with the parity of `mover_ply`.
        let first = first + ((mover_ply ^ first) & 1);
        if first > latest {
            return false;
        }
        (first..=latest)
            .step_by(2)
            .all(|ply| self.records[ply as usize].gave_check)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the same moves into an indexed and a scanning history.
    fn both(start: u64, plies: &[(u64, bool)]) -> [History; 2] {
        let mut out = [History::new(start, false), History::scan_only(start, false)];
        for h in &mut out {
            for &(hash, check) in plies {
                h.push(hash, check);
            }
        }
        out
    }

    #[test]
    fn counts_occurrences_and_undoes() {
        for mut h in both(10, &[(11, false), (12, true), (10, false), (11, false)]) {
            assert_eq!(h.ply(), 4);
            assert_eq!(h.count(10), 2);
            assert_eq!(h.count(11), 2);
            assert_eq!(h.count(99), 0);
            assert!(h.contains(12) && !h.contains(99));
            assert_eq!(h.occurrences(11), vec![1, 4]);
            assert_eq!(h.first_occurrence(10), Some(0));
            assert_eq!(h.first_occurrence(99), None);
            assert_eq!(
                h.get(2),
                Some(PlyRecord {
                    hash: 12,
                    gave_check: true
                })
            );
            assert_eq!(h.get(5), None);
            assert_eq!(h.push(10, false), 3);
            assert_eq!(h.pop().map(|r| r.hash), Some(10));
            h.push_uncounted(10, false);
            assert_eq!(h.count(10), 3);
            assert_eq!(
                h.pop(),
                Some(PlyRecord {
                    hash: 10,
                    gave_check: false
                })
            );
            assert_eq!(h.count(10), 2);
            while h.pop().is_some() {}
            assert_eq!(h.ply(), 0);
            assert_eq!(h.current().hash, 10);
            assert_eq!(h.count(11), 0);
            h.reset(7, true);
            assert_eq!((h.ply(), h.count(10), h.current().gave_check), (0, 0, true));
        }
    }

    #[test]
    fn earliest_repeat_respects_parity_and_the_window() {
        // Ply:            1         2          3          4          5          6
        let plies = [
            (2, false),
            (1, false),
            (2, false),
            (1, false),
            (2, false),
            (1, false),
        ];
        for h in both(1, &plies) {
            // Hash 1 occurs at plies 0, 2, 4, 6 (all even: the same side to move).
            assert_eq!(h.earliest_repeat_since(0), Some(0));
            assert_eq!(h.earliest_repeat_since(1), Some(2));
            assert_eq!(h.earliest_repeat_since(3), Some(4));
            assert_eq!(h.earliest_repeat_since(5), None);
            assert_eq!(h.earliest_repeat_since(6), None);
        }
        // Same hash at the other parity is not a repetition.
        for h in both(1, &[(1, false)]) {
            assert_eq!(h.earliest_repeat_since(0), None);
        }
    }

    #[test]
    fn perpetual_check_by_parity() {
        // Odd plies (the first side) check every time after ply 1; even plies never.
        let plies = [
            (1, false),
            (2, false),
            (3, true),
            (4, false),
            (5, true),
            (6, false),
        ];
        for h in both(0, &plies) {
            assert!(h.every_move_checked(5, 1));
            assert!(h.every_move_checked(1, 2));
            assert!(!h.every_move_checked(1, 0)); // ply 1 did not check
            assert!(!h.every_move_checked(6, 1));
            assert!(!h.every_move_checked(6, 5)); // ply 6 did not check
            assert!(!h.every_move_checked(5, 6)); // no move in the range
            assert!(!h.every_move_checked(5, 5)); // only ply 6, the other side
        }
    }
}

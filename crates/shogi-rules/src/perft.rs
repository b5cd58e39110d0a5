//! Perft: the number of leaf nodes of the legal-move tree, counted in bulk at the last ply.

use crate::movegen::MoveList;
use crate::position::{Position, Undo};
use crate::types::Move;
use board_core::perft::MoveTree;

/// The threads to use by default: every core the system reports (1 if it cannot tell).
pub use board_core::parallel::available_threads;

/// A shogi position as the root of its move tree, for the shared walk of
/// [`board_core::perft`]: the position's own generator, bulk count and make/unmake.
impl MoveTree for Position {
    type Move = Move;
    type Undo = Undo;
    type Moves = MoveList;
    #[inline]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }
    #[inline]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }
    #[inline]
    fn play_unchecked(&mut self, mv: Move) -> Undo {
        Position::play_unchecked(self, mv)
    }
    #[inline]
    fn undo(&mut self, mv: Move, undo: Undo) {
        Position::undo(self, mv, undo)
    }
}

/// The move list seen as the slice of its moves, as [`MoveTree::Moves`] asks.
impl AsRef<[Move]> for MoveList {
    #[inline]
    fn as_ref(&self) -> &[Move] {
        self.as_slice()
    }
}

/// The shared walk of [`board_core::perft`], run on this crate's [`Position`] through its
/// [`MoveTree`] impl: leaf counts (the last ply counted in bulk), the per-move `divide`
/// breakdown in generation order (empty at depth 0), and both split at the root over threads.
pub use board_core::perft::{divide, divide_parallel, perft, perft_parallel};

#[cfg(test)]
mod tests {
    use super::*;

    /// The root split counts what the single-threaded walk counts: the published start
    /// position values (30, 900, 25,470 at depths 1–3; the shogi perft table of the
    /// computer-shogi literature, also cshogi's) and the same per-move breakdown in order.
    #[test]
    fn the_parallel_walk_counts_the_published_values() {
        let start = Position::start();
        for (depth, published) in [(1, 30), (2, 900), (3, 25_470)] {
            for threads in [1, 2, 3] {
                assert_eq!(perft_parallel(&start, depth, threads), published);
            }
        }
        assert_eq!(divide_parallel(&start, 3, 2), divide(&mut start.clone(), 3));
    }
}

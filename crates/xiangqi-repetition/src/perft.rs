//! Perft: the number of leaf nodes of the legal move tree, the standard move-generator test.

use crate::moves::{Move, MoveList};
use crate::position::{Position, Undo};
use board_core::perft::MoveTree;

/// The threads to use by default: every core the system reports (1 if it cannot tell).
pub use board_core::parallel::available_threads;

/// A xiangqi position as the root of its move tree, for the shared walk of
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

/// Per-depth statistics as in the published tables: nodes, checks and captures among the
/// leaves at `depth`, and mates = positions at `depth - 1` plies without a legal move (the
/// published tables count a mate when the move generation for the next ply finds nothing).
/// Slow: every leaf is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftStats {
    /// Leaves at the requested depth.
    pub nodes: u64,
    /// Leaves where the side to move is in check.
    pub checks: u64,
    /// Leaves reached by a capture.
    pub captures: u64,
    /// Leaves where the side to move is checkmated or stalemated.
    pub mates: u64,
}

/// Detailed statistics at exactly `depth` plies.
pub fn perft_stats(pos: &mut Position, depth: u32) -> PerftStats {
    let mut s = PerftStats::default();
    stats_rec(pos, depth, &mut s);
    s
}

fn stats_rec(pos: &mut Position, depth: u32, s: &mut PerftStats) {
    let moves = pos.legal_moves();
    if depth <= 1 && moves.is_empty() {
        s.mates += 1;
    }
    for &mv in moves.iter() {
        let capture = pos.piece_at(mv.to).is_some();
        let undo = pos.play_unchecked(mv);
        if depth <= 1 {
            s.nodes += 1;
            s.captures += capture as u64;
            s.checks += pos.is_check() as u64;
        } else {
            stats_rec(pos, depth - 1, s);
        }
        pos.undo(mv, undo);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The root split counts what the single-threaded walk counts: the published start
    /// position values (44, 1,920, 79,666 at depths 1–3; Chess Programming Wiki, xiangqi
    /// perft table) and the same per-move breakdown in the same order.
    #[test]
    fn the_parallel_walk_counts_the_published_values() {
        let start = Position::start();
        for (depth, published) in [(1, 44), (2, 1_920), (3, 79_666)] {
            for threads in [1, 2, 3] {
                assert_eq!(perft_parallel(&start, depth, threads), published);
            }
        }
        assert_eq!(divide_parallel(&start, 3, 2), divide(&mut start.clone(), 3));
    }
}

//! Perft: the number of leaf nodes of the legal move tree, the standard move-generator test.

use crate::moves::Move;
use crate::position::Position;
use board_core::parallel::map_shared;

/// Leaf count at `depth` plies, counting the last ply in bulk.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let moves = pos.legal_moves();
            let mut n = 0;
            for &mv in moves.iter() {
                let undo = pos.play_unchecked(mv);
                n += perft(pos, depth - 1);
                pos.undo(mv, undo);
            }
            n
        }
    }
}

/// [`divide`] on `threads` threads: the root moves are shared out one at a time (a thread
/// that finishes a small subtree takes the next move), each thread on its own copy of the
/// position ([`board_core::parallel::map_shared`]). The counts, and their order, are those of
/// [`divide`]; `threads` of 0 or 1 runs on the calling thread.
pub fn divide_parallel(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    if threads <= 1 || depth <= 1 {
        return divide(&mut pos.clone(), depth);
    }
    let moves: Vec<Move> = pos.clone().legal_moves().iter().copied().collect();
    let counts = map_shared(
        &moves,
        threads,
        || pos.clone(),
        |local, &mv| {
            let undo = local.play_unchecked(mv);
            let n = perft(local, depth - 1);
            local.undo(mv, undo);
            n
        },
    );
    moves.into_iter().zip(counts).collect()
}

/// [`perft`] on `threads` threads, split at the root as [`divide_parallel`] does.
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth <= 1 {
        return perft(&mut pos.clone(), depth);
    }
    divide_parallel(pos, depth, threads)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}

/// The threads to use by default: every core the system reports (1 if it cannot tell).
pub use board_core::parallel::available_threads;

/// Leaf counts below each legal move (`depth >= 1`), in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let undo = pos.play_unchecked(mv);
        out.push((mv, perft(pos, depth.saturating_sub(1))));
        pos.undo(mv, undo);
    }
    out
}

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

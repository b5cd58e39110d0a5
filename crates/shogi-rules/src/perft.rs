//! Perft: the number of leaf nodes of the legal-move tree, counted in bulk at the last ply.

use crate::position::Position;
use crate::types::Move;
use board_core::parallel::map_shared;

/// Leaf count at `depth` (depth 0 is 1). The last ply counts legal moves without making them.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let moves = pos.legal_moves();
            let mut total = 0;
            for &mv in moves.iter() {
                let undo = pos.play_unchecked(mv);
                total += perft(pos, depth - 1);
                pos.undo(mv, undo);
            }
            total
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

/// Leaf counts per root move (the `divide` breakdown), in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&mv| {
            let undo = pos.play_unchecked(mv);
            let n = perft(pos, depth - 1);
            pos.undo(mv, undo);
            (mv, n)
        })
        .collect()
}

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

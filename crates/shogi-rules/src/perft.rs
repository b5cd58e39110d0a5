//! Perft: the number of leaf nodes of the legal-move tree, counted in bulk at the last ply.

use crate::position::Position;
use crate::types::Move;

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

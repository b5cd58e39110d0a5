//! Perft: the number of leaf nodes of the legal move tree, the standard move-generator test.

use crate::moves::Move;
use crate::position::Position;

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

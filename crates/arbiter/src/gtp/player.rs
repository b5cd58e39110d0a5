//! `genmove`: a trivial legal-move player, so that a GTP controller can play a game out
//! against arbiter and then ask it for the score. It picks uniformly among the legal points
//! that fill none of its own eyes and passes when none is left; it reads nothing ahead.

use board_core::Rng;
use board_geometry::Point as GeoPoint;
use go_scoring::{Board, Color, Move, Stone};

/// The seed of a session's generator: the same session plays the same moves.
pub const SEED: u64 = 0x0047_5450_6d6f_7665;

/// A move for `color` on `board`: a random legal point that is not one of its own eyes
/// (an empty point whose neighbours are all its stones), else a pass.
pub fn choose(board: &Board, color: Color, rng: &mut Rng) -> Move {
    let topology = board.topology();
    let own = Stone::of(color);
    let candidates: Vec<u16> = board
        .empty_points()
        .iter()
        .copied()
        .filter(|&p| {
            let neighbours = board_geometry::Topology::neighbours(topology, GeoPoint(p));
            !neighbours.iter().all(|q| board.at(q.0) == own)
        })
        .filter(|&p| board.is_legal(color, p))
        .collect();
    if candidates.is_empty() {
        return Move::Pass;
    }
    let mut sorted = candidates;
    // the board's list of empty points changes order as stones come and go; sorting makes
    // the choice depend on the position and the generator only
    sorted.sort_unstable();
    Move::Place(sorted[rng.index(sorted.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_scoring::{Rules, Shape};
    use std::sync::Arc;

    /// On a 3x3 board Black's moves are legal until only its own eyes are left; then it
    /// passes (the player's rule above, and the rules of play: no suicide, simple ko).
    #[test]
    fn plays_legal_moves_then_passes() {
        let mut board = Board::new(Arc::new(Shape::square(3).unwrap()), Rules::CHINESE);
        let mut rng = Rng::new(SEED);
        for _ in 0..20 {
            let mv = choose(&board, Color::Black, &mut rng);
            board.set_to_move(Color::Black);
            if mv == Move::Pass {
                break;
            }
            board.play_as(Color::Black, mv).expect("a legal move");
        }
        assert_eq!(choose(&board, Color::Black, &mut rng), Move::Pass);
        let empty = board.empty_points().len();
        assert!((1..=4).contains(&empty), "{empty} eyes left");
    }
}

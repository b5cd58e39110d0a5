//! The unchecked position: any arrangement of pieces that anyone can build or parse.
//!
//! A [`Setup`] may be illegal (two red kings, an elephant across the river); it becomes a
//! playable [`crate::Position`] only through validation, which lists every problem at once.

use crate::Square;
use crate::piece::{Piece, PieceKind};
use board_core::Side;

/// Pieces on points, the side to move and the two move counters of the FEN.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Indexed by [`Square::index`] (FEN reading order).
    pub board: [Option<Piece>; 90],
    /// `Side::First` is Red.
    pub turn: Side,
    /// FEN field 5: plies since the last capture (the rule-60 counter of UCCI engines).
    pub halfmove_clock: u32,
    /// FEN field 6: starts at 1, incremented after each Black move.
    pub fullmove_number: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            board: [None; 90],
            turn: Side::First,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }
}

impl Setup {
    /// The standard opening position.
    pub fn start() -> Setup {
        crate::fen::START_FEN
            .parse()
            .expect("the start FEN is valid")
    }

    #[inline]
    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// Points holding `piece`, in index order.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(move |&s| self.board[s.index()] == Some(piece))
    }

    /// Number of pieces of a kind and side.
    pub fn count(&self, side: Side, kind: PieceKind) -> u32 {
        self.board
            .iter()
            .filter(|p| **p == Some(Piece::new(side, kind)))
            .count() as u32
    }
}

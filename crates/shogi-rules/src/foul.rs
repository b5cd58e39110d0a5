//! Fouls (反則): why a move is illegal, and the checked way to play one.
//!
//! A foul loses the game at once under JSA 対局規定 第8条, so the reason is data that a
//! ruling carries, not only an error message.

use crate::position::{Position, Undo};
use crate::tables;
use crate::types::{Kind, Move};

/// Why a move is illegal (the fouls of JSA 対局規定 第8条 and plain impossibilities).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Foul {
    /// 二歩: a pawn dropped on a file holding an unpromoted pawn of the same side.
    Nifu,
    /// 打ち歩詰め: a pawn drop that checkmates.
    Uchifuzume,
    /// 行き所のない駒: a piece left where it can never move again.
    PieceWithNoMove,
    /// 王手放置: the mover's king is left (or put) in check.
    KingLeftInCheck,
    /// Moving the opponent's piece, i.e. moving out of turn (二手指し).
    OutOfTurn,
    /// The piece cannot move that way, or there is no piece to move.
    ImpossibleMovement,
    /// Promotion asked for where it is not allowed.
    ImpossiblePromotion,
    /// Dropping a piece that is not in hand, or onto an occupied square.
    ImpossibleDrop,
}

impl Foul {
    /// Machine-friendly name.
    pub fn code(self) -> &'static str {
        match self {
            Foul::Nifu => "nifu",
            Foul::Uchifuzume => "uchifuzume",
            Foul::PieceWithNoMove => "piece_with_no_move",
            Foul::KingLeftInCheck => "king_left_in_check",
            Foul::OutOfTurn => "out_of_turn",
            Foul::ImpossibleMovement => "impossible_movement",
            Foul::ImpossiblePromotion => "impossible_promotion",
            Foul::ImpossibleDrop => "impossible_drop",
        }
    }

    /// The Japanese term and a short English explanation.
    pub fn describe(self) -> &'static str {
        match self {
            Foul::Nifu => "二歩 (two unpromoted pawns on one file)",
            Foul::Uchifuzume => "打ち歩詰め (checkmate by a pawn drop)",
            Foul::PieceWithNoMove => "行き所のない駒 (a piece that could never move again)",
            Foul::KingLeftInCheck => "王手放置 (own king left in check)",
            Foul::OutOfTurn => "moving out of turn (the piece belongs to the opponent)",
            Foul::ImpossibleMovement => "the piece cannot move that way",
            Foul::ImpossiblePromotion => "promotion is not allowed for this move",
            Foul::ImpossibleDrop => "no such piece in hand or the square is occupied",
        }
    }
}

impl std::fmt::Display for Foul {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe())
    }
}

impl std::error::Error for Foul {}

/// Why a move cannot be made on the board at all: a typing mistake in the move, not a
/// foul a player could commit (a foul needs a piece to move or a piece in hand to drop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unplayable {
    /// No piece stands on the origin square.
    EmptyOrigin(crate::types::Square),
    /// The mover holds no piece of that kind in hand (a king is never in hand).
    NotInHand(Kind),
}

impl std::fmt::Display for Unplayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unplayable::EmptyOrigin(sq) => write!(f, "no piece stands on {sq} to move"),
            Unplayable::NotInHand(kind) => {
                write!(f, "no {} in hand to drop", crate::kanji::kind_name(*kind))
            }
        }
    }
}

impl std::error::Error for Unplayable {}

impl Position {
    /// `Some` when `mv` cannot be made on this board at all (see [`Unplayable`]): a move
    /// from an empty square, or a drop of a piece the mover does not hold.
    pub fn unplayable(&self, mv: Move) -> Option<Unplayable> {
        match mv {
            Move::Board { from, .. } if self.piece_at(from).is_none() => {
                Some(Unplayable::EmptyOrigin(from))
            }
            Move::Drop { kind, .. }
                if kind == Kind::King || self.hand(self.side).count(kind) == 0 =>
            {
                Some(Unplayable::NotInHand(kind))
            }
            _ => None,
        }
    }

    /// Plays `mv` if it is legal and returns what [`Position::undo`] needs to take it back;
    /// otherwise returns the foul it commits and leaves the position untouched.
    pub fn play(&mut self, mv: Move) -> Result<Undo, Foul> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// `Ok(())` if `mv` is legal, otherwise the foul it commits.
    pub fn check_move(&self, mv: Move) -> Result<(), Foul> {
        if self.is_legal(mv) {
            return Ok(());
        }
        let us = self.side;
        match mv {
            Move::Board { from, to, promote } => {
                let piece = self.piece_at(from).ok_or(Foul::ImpossibleMovement)?;
                if piece.side != us {
                    return Err(Foul::OutOfTurn);
                }
                if self.side_pieces(us).contains(to)
                    || !tables::attacks(us, piece.kind, from, self.occupied()).contains(to)
                {
                    return Err(Foul::ImpossibleMovement);
                }
                let zone = tables::zone(us);
                if promote
                    && (!piece.kind.can_promote() || !(zone.contains(from) || zone.contains(to)))
                {
                    return Err(Foul::ImpossiblePromotion);
                }
                if !promote && tables::dead_squares(us, piece.kind).contains(to) {
                    return Err(Foul::PieceWithNoMove);
                }
                Err(Foul::KingLeftInCheck)
            }
            Move::Drop { kind, to } => {
                if kind == Kind::King
                    || self.hand(us).count(kind) == 0
                    || self.piece_at(to).is_some()
                {
                    return Err(Foul::ImpossibleDrop);
                }
                if tables::dead_squares(us, kind).contains(to) {
                    return Err(Foul::PieceWithNoMove);
                }
                if kind == Kind::Pawn && self.pawn_files(us).contains(to) {
                    return Err(Foul::Nifu);
                }
                if self.in_check() {
                    return Err(Foul::KingLeftInCheck);
                }
                Err(Foul::Uchifuzume)
            }
        }
    }
}

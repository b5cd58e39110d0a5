//! Why a move is illegal: the reason a referee would give.

use crate::Square;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::tables;
use board_geometry::xiangqi::own_half;
use std::fmt;

/// The reason a move cannot be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// No piece on the origin point.
    EmptyOrigin,
    /// The piece on the origin belongs to the side not to move.
    NotYourTurn,
    /// Origin and destination are the same point.
    NullMove,
    /// The destination holds a piece of the mover.
    OwnPieceOnTarget,
    /// The piece never moves that way (wrong shape, backwards pawn, sideways pawn before the
    /// river).
    WrongShape,
    /// The king or an advisor would leave the palace.
    LeavesPalace,
    /// An elephant would cross the river.
    CrossesRiver,
    /// The horse's leg is occupied (蹩马腿).
    BlockedLeg,
    /// The elephant's eye is occupied (塞象眼).
    BlockedEye,
    /// A rook, king or non-capturing cannon path is blocked.
    PathBlocked,
    /// A cannon captures without exactly one screen.
    CannonScreen,
    /// The move would leave the kings facing each other on an open file.
    KingsFacing,
    /// The move would leave the mover's king attacked.
    LeavesKingInCheck,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::EmptyOrigin => "no piece on the origin point",
            IllegalReason::NotYourTurn => {
                "the piece belongs to the side not to move (not your turn)"
            }
            IllegalReason::NullMove => "origin and destination are the same point",
            IllegalReason::OwnPieceOnTarget => "the destination holds an own piece",
            IllegalReason::WrongShape => "the piece does not move that way",
            IllegalReason::LeavesPalace => "the piece may not leave the palace",
            IllegalReason::CrossesRiver => "an elephant may not cross the river",
            IllegalReason::BlockedLeg => "the horse's leg is blocked",
            IllegalReason::BlockedEye => "the elephant's eye is blocked",
            IllegalReason::PathBlocked => "the path is blocked",
            IllegalReason::CannonScreen => "a cannon captures over exactly one screen",
            IllegalReason::KingsFacing => "the kings would face each other",
            IllegalReason::LeavesKingInCheck => "the move leaves the own king in check",
        })
    }
}

impl std::error::Error for IllegalReason {}

impl Position {
    /// `Ok(())` when `mv` is legal, otherwise the reason it is not.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalReason> {
        let (from, to) = (mv.from, mv.to);
        let piece = self.piece_at(from).ok_or(IllegalReason::EmptyOrigin)?;
        if piece.side != self.side_to_move() {
            return Err(IllegalReason::NotYourTurn);
        }
        if from == to {
            return Err(IllegalReason::NullMove);
        }
        if let Some(t) = self.piece_at(to) {
            if t.side == piece.side {
                return Err(IllegalReason::OwnPieceOnTarget);
            }
        }
        if !self.is_pseudo_legal(mv) {
            return Err(self.shape_reason(piece.kind, from, to));
        }
        if self.safe_after(from.index(), to.index()) {
            return Ok(());
        }
        // Distinguish the flying general from other checks.
        let after = self.after(mv);
        let (rk, bk) = (
            after.king(board_core::Side::First),
            after.king(board_core::Side::Second),
        );
        if rk.x() == bk.x() && tables::between(rk.index(), bk.index()) & after.occ == 0 {
            Err(IllegalReason::KingsFacing)
        } else {
            Err(IllegalReason::LeavesKingInCheck)
        }
    }

    /// Why a move with a piece's own destination rules is not pseudo-legal.
    fn shape_reason(&self, kind: PieceKind, from: Square, to: Square) -> IllegalReason {
        let (fx, fy, tx, ty) = (
            from.x() as i32,
            from.y() as i32,
            to.x() as i32,
            to.y() as i32,
        );
        let (dx, dy) = (tx - fx, ty - fy);
        let occ = self.occ;
        let side = self.turn.index();
        match kind {
            PieceKind::King | PieceKind::Advisor => {
                let step_ok = if kind == PieceKind::King {
                    dx.abs() + dy.abs() == 1
                } else {
                    dx.abs() == 1 && dy.abs() == 1
                };
                if !step_ok {
                    IllegalReason::WrongShape
                } else {
                    IllegalReason::LeavesPalace
                }
            }
            PieceKind::Elephant => {
                if dx.abs() != 2 || dy.abs() != 2 {
                    IllegalReason::WrongShape
                } else if own_half(self.turn).contains(from) != own_half(self.turn).contains(to) {
                    IllegalReason::CrossesRiver
                } else {
                    IllegalReason::BlockedEye
                }
            }
            PieceKind::Horse => {
                if (dx.abs(), dy.abs()) == (1, 2) || (dx.abs(), dy.abs()) == (2, 1) {
                    IllegalReason::BlockedLeg
                } else {
                    IllegalReason::WrongShape
                }
            }
            PieceKind::Rook | PieceKind::Cannon => {
                if dx != 0 && dy != 0 {
                    IllegalReason::WrongShape
                } else if kind == PieceKind::Cannon && self.piece_at(to).is_some() {
                    IllegalReason::CannonScreen
                } else {
                    debug_assert!(tables::between(from.index(), to.index()) & occ != 0);
                    IllegalReason::PathBlocked
                }
            }
            PieceKind::Pawn => {
                let _ = side;
                IllegalReason::WrongShape
            }
        }
    }
}

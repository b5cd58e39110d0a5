//! Validation of a [`Setup`]: every reason it cannot arise in a game of xiangqi.

use crate::Square;
use crate::piece::{Piece, PieceKind, side_name};
use crate::position::Position;
use crate::setup::Setup;
use crate::tables;
use board_core::{Problems, Side};
use std::fmt;

/// One reason a setup is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionProblem {
    /// A side has no king.
    MissingKing {
        /// The side without a king.
        side: Side,
    },
    /// More pieces of a kind than a side starts with (1 king, 2 advisors, elephants, horses,
    /// rooks and cannons, 5 pawns).
    TooMany {
        /// The side.
        side: Side,
        /// The kind.
        kind: PieceKind,
        /// How many it has.
        count: u32,
    },
    /// A king, advisor, elephant or pawn on a point its moves can never reach.
    Unreachable {
        /// Where it stands.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// Two pawns of a side on one file before crossing the river: pawns cannot change file
    /// on their own half.
    StackedPawns {
        /// The side.
        side: Side,
        /// The file, 0 = `a`.
        file: u8,
    },
    /// The kings face each other on an open file.
    KingsFacing,
    /// The side that is not to move is in check: its opponent could capture the king.
    OpponentInCheck {
        /// The side in check.
        side: Side,
    },
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::MissingKing { side } => write!(f, "{} has no king", side_name(*side)),
            PositionProblem::TooMany { side, kind, count } => write!(
                f,
                "{} has {count} {kind:?} pieces, at most {} allowed",
                side_name(*side),
                kind.max_count()
            ),
            PositionProblem::Unreachable { square, piece } => write!(
                f,
                "{} {:?} on {square} can never stand there",
                side_name(piece.side),
                piece.kind
            ),
            PositionProblem::StackedPawns { side, file } => write!(
                f,
                "{} has two unpromoted pawns on file {} before the river",
                side_name(*side),
                (b'a' + file) as char
            ),
            PositionProblem::KingsFacing => write!(f, "the kings face each other on an open file"),
            PositionProblem::OpponentInCheck { side } => {
                write!(f, "{} is in check but not to move", side_name(*side))
            }
        }
    }
}

impl PositionProblem {
    /// Whether the engine cannot work with a setup that has this problem at all (a side
    /// without a king or with two), as opposed to a setup that merely cannot arise in a
    /// game; [`Position::from_setup_lenient`] accepts the latter, and refuses extra pieces
    /// only when their moves would not fit a move list.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            PositionProblem::MissingKing { .. }
                | PositionProblem::TooMany {
                    kind: PieceKind::King,
                    ..
                }
        )
    }
}

/// Every problem found by validation (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The problems in a fixed order: piece counts, unreachable points, stacked pawns,
    /// then the kings (facing, or the side not to move in check).
    pub problems: Problems<PositionProblem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal position: {}", self.problems)
    }
}

impl std::error::Error for PositionError {}

/// All problems of a setup, in a fixed order (an empty list means legal).
pub fn problems(setup: &Setup) -> Problems<PositionProblem> {
    let mut out = Problems::new();
    for side in Side::ALL {
        for kind in PieceKind::ALL {
            let count = setup.count(side, kind);
            if kind == PieceKind::King && count == 0 {
                out.push(PositionProblem::MissingKing { side });
            } else if count > kind.max_count() {
                out.push(PositionProblem::TooMany { side, kind, count });
            }
        }
    }
    for sq in Square::all() {
        if let Some(piece) = setup.piece_at(sq) {
            let reach = tables::reach::REACHABLE[piece.kind.index()][piece.side.index()];
            if reach & sq.bit().0 == 0 {
                out.push(PositionProblem::Unreachable { square: sq, piece });
            }
        }
    }
    for side in Side::ALL {
        for file in 0..9u8 {
            let unpromoted = setup
                .squares_of(Piece::new(side, PieceKind::Pawn))
                .filter(|s| s.x() == file && board_geometry::xiangqi::own_half(side).contains(*s))
                .count();
            if unpromoted >= 2 {
                out.push(PositionProblem::StackedPawns { side, file });
            }
        }
    }
    // Attack-based checks need exactly one king per side.
    let kings_ok = Side::ALL
        .iter()
        .all(|&s| setup.count(s, PieceKind::King) == 1);
    if kings_ok {
        let pos = Position::from_setup_unchecked(setup);
        let (rk, bk) = (pos.king(Side::First), pos.king(Side::Second));
        if rk.x() == bk.x() && tables::between(rk.index(), bk.index()) & pos.occ == 0 {
            out.push(PositionProblem::KingsFacing);
        } else {
            let waiting = !setup.turn;
            if pos.in_check(waiting) {
                out.push(PositionProblem::OpponentInCheck { side: waiting });
            }
        }
    }
    out
}

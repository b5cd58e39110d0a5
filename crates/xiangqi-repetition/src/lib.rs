//! Xiangqi (Chinese chess): positions, legal moves, notations and perft.
//!
//! # API overview
//!
//! * [`Square`]: a point, `index = y * 9 + x` in FEN reading order (`y = 0` is Black's back
//!   rank); [`Square::file`]/[`Square::rank`] give ICCS coordinates (rank 0 = Red's back rank).
//!   `Display` writes `h2`.
//! * [`Piece`] = [`Side`] + [`PieceKind`]; `Side::First` is Red.
//! * [`Setup`]: unchecked position with public fields; `"fen".parse::<Setup>()` reads the
//!   xqbase/UCCI FEN (letters K A B N R C P, also E and H) and reports every problem with its
//!   byte offset ([`FenError`]); `Display` writes the FEN.
//! * [`Position`]: only obtainable via [`Position::from_setup`] / [`Position::from_fen`], which
//!   list every problem ([`PositionError`]: piece counts, unreachable points, facing kings, the side
//!   not to move in check).
//!   - moves: [`Position::legal_moves`], [`Position::count_legal_moves`],
//!     [`Position::is_legal`], [`Position::check_move`] (gives an [`IllegalReason`]);
//!   - make/unmake: [`Position::play`] returns an [`Undo`] for [`Position::undo`];
//!     [`Position::after`] copies; [`Position::key`] is the incremental Zobrist key (side to
//!     move included);
//!   - attacks: [`Position::checkers`], [`Position::is_check`], [`Position::in_check`],
//!     [`Position::attackers_of`] (who attacks a point), [`Position::attackers_with_occupancy`]
//!     (the same after hypothetical removals, e.g. "what a capture would leave"),
//!     [`Position::pinned`] (pieces whose removal would expose their king: line pins,
//!     cannon screens, horse legs), [`Position::screen_squares`];
//!   - end: [`Position::status`] ([`Status::Checkmate`] and [`Status::Stalemate`] both lose).
//! * [`Move`] (`from`, `to`); `Display` is ICCS with ranks 0-9. [`iccs`] parses and writes
//!   both rank conventions ([`RankBase`]).
//! * Notations: [`Notation`] (`Iccs(RankBase)`, `Wxf`, `Chinese`) with `format`/`parse`;
//!   [`wxf`], [`chinese`], [`notation::parse_any`]; [`movelist::replay`] plays a move list and
//!   reports the first bad move with its ply number and reason.
//! * [`perft()`](perft::perft), [`perft::divide`], [`perft::perft_stats`].
//! * Repetition adjudication (棋例): [`adjudicate::adjudicate`] rules on a game given as a
//!   start [`adjudicate::Board`] and its [`Move`]s, [`adjudicate::incremental::CycleTracker`]
//!   follows a search's make/unmake; both use the types above ([`Square`], [`Move`],
//!   [`Side`], [`Piece`], [`PieceKind`]) and no types of their own for them.

#![cfg_attr(not(test), warn(missing_docs))]
#![allow(missing_docs)]

pub mod adjudicate;
pub mod chinese;
pub mod descriptive;
pub mod fen;
pub mod iccs;
pub mod legality;
pub mod movegen;
pub mod movelist;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod position;
pub mod setup;
mod tables;
#[cfg(feature = "serde")]
mod text_serde;
pub mod validate;
pub mod wxf;

pub use board_core::Side;
pub use board_geometry::xiangqi::{Bitboard, Square};
pub use fen::{FenError, FenProblem, FenProblemKind, START_FEN};
pub use iccs::RankBase;
pub use legality::IllegalReason;
pub use movegen::Status;
pub use moves::{Move, MoveList};
pub use notation::{Notation, NotationError, NotationErrorKind};
pub use piece::{Piece, PieceKind};
pub use position::{Position, Undo};
pub use setup::Setup;
pub use validate::{PositionError, PositionProblem};

/// A FEN that could not be read or does not describe a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionParseError {
    Fen(FenError),
    Illegal(PositionError),
}

impl std::fmt::Display for PositionParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionParseError::Fen(e) => e.fmt(f),
            PositionParseError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PositionParseError {}

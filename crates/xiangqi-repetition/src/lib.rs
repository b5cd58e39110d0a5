//! Xiangqi (Chinese chess) positions, legal moves and notations, and the adjudication of
//! repetitions (棋例) under the Chinese rule editions and the Asian rules.
//!
//! The main job: a game has returned to an earlier position, and the arbiter must say who
//! has to vary. [`adjudicate::adjudicate`] takes the start [`Position`] and the moves,
//! finds the cycle, classifies every move of it (将 check, 杀 mate threat, 捉 chase, 兑
//! exchange, 献 offer, 拦 block, 闲 idle) and rules under a [`Ruleset`](adjudicate::Ruleset):
//!
//! ```
//! use board_core::{Outcome, Side};
//! use xiangqi_repetition::Position;
//! use xiangqi_repetition::adjudicate::{RepetitionReason, Ruleset, adjudicate, parse_moves};
//!
//! // Red's rook chases Black's unprotected cannon to and fro; the cannon just runs.
//! let start = Position::from_fen("5k3/9/6c2/9/9/9/9/9/9/4K2R1 w")?;
//! let moves = parse_moves("h0g0 g7h7 g0h0 h7g7")?;
//! let ruling = adjudicate(&start, &moves, &Ruleset::AXF)?;
//! assert_eq!(ruling.red.summary, "长捉"); // perpetual chase
//! assert_eq!(ruling.black.summary, "二闲"); // two idle moves
//! assert_eq!(ruling.reason, RepetitionReason::PerpetualStrike { side: Side::First });
//! assert_eq!(ruling.outcome, Some(Outcome::Decisive { winner: Side::Second }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # API overview
//!
//! * [`Square`] and [`Bitboard`] are board-geometry's xiangqi types: `index = y * 9 + x` in
//!   FEN reading order (`y = 0` is Black's back rank); [`Square::iccs_rank`] counts ranks
//!   from Red's side, `Display` writes ICCS (`h2`).
//! * [`Piece`] = [`Side`] + [`PieceKind`]; `Side::First` is Red.
//! * [`Setup`]: unchecked position with public fields; `"fen".parse::<Setup>()` reads the
//!   xqbase/UCCI FEN (letters K A B N R C P, also E and H) and reports every problem with its
//!   byte offset ([`FenError`]); `Display` writes the FEN.
//! * [`Position`]: obtained by validating a setup with [`Position::from_setup`] or
//!   [`Position::from_fen`], which list every problem ([`PositionError`]: piece counts,
//!   unreachable points, facing kings, the side not to move in check), or with
//!   [`Position::from_setup_lenient`] for study positions that break those rules.
//!   - moves: [`Position::legal_moves`], [`Position::count_legal_moves`],
//!     [`Position::is_legal`], [`Position::check_move`] (gives an [`IllegalReason`]);
//!   - playing: [`Position::play`] checks the move and returns an [`Undo`] for
//!     [`Position::undo`], or the [`IllegalReason`] with the position untouched;
//!     [`Position::play_unchecked`] is the search's make; [`Position::after`] copies;
//!     [`Position::side_to_move`]; [`Position::key`] is the incremental Zobrist key (side to
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
//!   reports the first bad move with its ply number and reason; [`pgn`] reads and writes
//!   game records.
//! * [`perft()`](perft::perft), [`perft::divide`], [`perft::perft_stats`].
//! * Repetition adjudication (棋例): [`adjudicate::adjudicate`] rules on a game given as a
//!   start [`Position`] and its [`Move`]s; the [`Ruling`](adjudicate::Ruling) holds the
//!   shared [`board_core::Outcome`], the deciding
//!   [`RepetitionReason`](adjudicate::RepetitionReason) and every move's classification;
//!   [`adjudicate::incremental::CycleTracker`] follows a search's make/unmake.
//! * With the `serde` feature, positions and setups serialize as FEN, moves in ICCS, rule
//!   editions by name, and rulings with everything in them.

#![warn(missing_docs)]

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
pub mod svg;
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
    /// The text is not a well-formed FEN.
    Fen(FenError),
    /// The FEN reads, but the position it describes is not legal.
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

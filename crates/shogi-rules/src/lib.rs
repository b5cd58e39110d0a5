//! Shogi rules for an arbiter: which moves are legal, and how a game stands or ended.
//!
//! A game is played from a position (SFEN, or one of the handicap starts) with moves in USI
//! notation; the crate says whether each move is legal (naming the foul of an illegal one:
//! 二歩, 打ち歩詰め, 王手放置 …) and rules on the end of the game: checkmate, 千日手 and
//! 連続王手の千日手 (fourfold repetition, perpetual check), impasse declarations (27- and
//! 24-point rules), the JSA move limit and the optional try rule. It also reads and writes
//! game records (KIF, KI2, CSA, USI, BOD diagrams, JSA move notation), counts perft, and
//! solves and checks tsume problems ([`tsume`]).
//!
//! ```
//! use shogi_rules::game::{Game, GameRules, GameStatus, Progress, Reason};
//! use shogi_rules::{Outcome, Position, Side};
//!
//! let mut game = Game::new(Position::start(), GameRules::default());
//! for usi in ["7g7f", "3c3d", "8h2b+"] {
//!     assert_eq!(game.play(usi.parse()?)?, Progress::Continue);
//! }
//! // Gote to move, not in check.
//! assert_eq!(game.status().to_string(), "gote to move");
//!
//! // The same four-move cycle three times brings the start position back a fourth time.
//! let mut game = Game::new(Position::start(), GameRules::default());
//! let cycle = ["5i5h", "5a5b", "5h5i", "5b5a"];
//! for usi in cycle.iter().cycle().take(12) {
//!     game.play(usi.parse()?)?;
//! }
//! let GameStatus::Ended(ruling) = game.status() else { panic!("the game ended") };
//! assert_eq!(ruling.reason, Reason::Sennichite);
//! assert_eq!(ruling.outcome, Outcome::Draw);
//! assert_eq!(ruling.ply, 12);
//!
//! // An illegal move is refused with its foul and loses the game.
//! let mut game = Game::new(Position::from_sfen("4k4/9/9/9/9/9/2P6/9/4K4 b P 1")?, GameRules::default());
//! let err = game.play("P*7e".parse()?).unwrap_err();
//! assert_eq!(game.status().winner(), Some(Side::Second));
//! assert_eq!(err.to_string(), "move 1 by sente: 二歩 (two unpromoted pawns on one file)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Layers: [`types`] (pieces, hands and moves on board-geometry's squares), [`setup`]
//! (unchecked SFEN), [`position`] (validated; `play`, `play_unchecked`, `undo`, Zobrist
//! keys), [`movegen`] (legal moves), [`foul`] (why a move is illegal), [`perft`], [`usi`],
//! then [`game`] and [`impasse`] (rulings) and the notation modules ([`csa`], [`kif`],
//! [`jsa`], [`record`], with [`ending`] for how a recorded game ended). With the `serde`
//! feature, positions serialize as SFEN, moves as USI and rulings with the shared
//! [`Outcome`].

#![warn(missing_docs)]

mod checks;
pub mod csa;
pub mod ending;
pub mod error;
mod evasions;
pub mod foul;
pub mod game;
pub mod handicap;
pub mod impasse;
pub mod jsa;
pub mod kanji;
pub mod kif;
pub mod movegen;
pub mod perft;
pub mod position;
pub mod record;
mod reference;
#[cfg(feature = "serde")]
mod serialization;
pub mod setup;
pub mod svg;
pub(crate) mod tables;
pub mod tsume;
pub mod types;
pub mod usi;

pub use board_core::{Outcome, Side};
pub use ending::{Ending, FoulKind};
pub use error::ParseError;
pub use movegen::MoveList;
pub use position::{Position, PositionError, PositionProblem, Undo};
pub use setup::{START_SFEN, Setup};
pub use types::{Hand, Kind, Move, Piece, Square};

/// Any failure of this crate's public entry points.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The text could not be read.
    Parse(ParseError),
    /// The text was read but describes an impossible position.
    Invalid(PositionError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Parse(e) => e.fmt(f),
            Error::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Parse(e) => Some(e),
            Error::Invalid(e) => Some(e),
        }
    }
}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Self {
        Error::Parse(e)
    }
}

impl From<PositionError> for Error {
    fn from(e: PositionError) -> Self {
        Error::Invalid(e)
    }
}

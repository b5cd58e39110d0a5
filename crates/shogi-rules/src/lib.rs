//! Shogi rules: positions (SFEN), legal moves (USI), game-end rulings (checkmate, sennichite,
//! perpetual check, impasse declarations, fouls), handicaps and kifu notations
//! (CSA, KIF, KI2, JSA move notation).
//!
//! Layers: [`types`] and [`tables`] (geometry), [`setup`] (unchecked SFEN), [`position`]
//! (validated, make/unmake, Zobrist), [`movegen`] (legal moves), [`perft`], [`usi`], then
//! [`game`] (rulings) and the notation modules.

mod checks;
pub mod csa;
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
pub(crate) mod tables;
pub mod tsume;
pub mod types;
pub mod usi;

pub use board_core::{Outcome, Side};
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

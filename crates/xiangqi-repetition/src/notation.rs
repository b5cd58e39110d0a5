//! Errors shared by the move notations (ICCS, WXF, Chinese) and move-list replay.

use crate::legality::IllegalReason;
use std::fmt;

/// A move text that cannot be read or does not name a legal move, with the byte offset
/// within the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// Byte offset in the move text where the problem is.
    pub offset: usize,
    /// What is wrong.
    pub kind: NotationErrorKind,
}

/// What can be wrong with a move text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationErrorKind {
    /// Empty text.
    Empty,
    /// The text stopped before the move was complete.
    Truncated {
        /// What was expected next.
        expected: &'static str,
    },
    /// A character that does not belong at this place.
    Unexpected {
        /// The character found.
        found: char,
        /// What was expected there.
        expected: &'static str,
    },
    /// Extra characters after a complete move.
    Trailing {
        /// The extra text.
        found: String,
    },
    /// No piece of the side to move fits the description.
    NoSuchPiece,
    /// Several pieces fit the description.
    Ambiguous {
        /// How many pieces fit.
        candidates: usize,
    },
    /// The described move does not land on a point of the board.
    OffBoard,
    /// The move is well formed but illegal.
    Illegal(IllegalReason),
}

impl NotationError {
    /// An error of `kind` at byte `offset`.
    pub fn new(offset: usize, kind: NotationErrorKind) -> Self {
        NotationError { offset, kind }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: ", self.offset)?;
        match &self.kind {
            NotationErrorKind::Empty => write!(f, "empty move"),
            NotationErrorKind::Truncated { expected } => {
                write!(f, "move ends early, expected {expected}")
            }
            NotationErrorKind::Unexpected { found, expected } => {
                write!(f, "unexpected {found:?}, expected {expected}")
            }
            NotationErrorKind::Trailing { found } => {
                write!(f, "unexpected trailing text {found:?}")
            }
            NotationErrorKind::NoSuchPiece => write!(f, "no piece of the side to move fits"),
            NotationErrorKind::Ambiguous { candidates } => {
                write!(f, "ambiguous: {candidates} pieces fit")
            }
            NotationErrorKind::OffBoard => write!(f, "the move leaves the board"),
            NotationErrorKind::Illegal(r) => write!(f, "illegal move: {r}"),
        }
    }
}

impl std::error::Error for NotationError {}

use crate::iccs::{self, RankBase};
use crate::moves::Move;
use crate::position::Position;

/// A move notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// ICCS/UCCI coordinates (`h2e2`; ranks 1-10 with [`RankBase::One`]).
    Iccs(RankBase),
    /// WXF (`C2.5`).
    Wxf,
    /// Chinese (`炮二平五`).
    Chinese,
}

impl Notation {
    /// Parses a notation name: `iccs`, `iccs1` (ranks 1-10), `wxf`, `chinese`.
    pub fn from_name(name: &str) -> Option<Notation> {
        Some(match name.to_ascii_lowercase().as_str() {
            "iccs" | "ucci" | "uci" => Notation::Iccs(RankBase::Zero),
            "iccs1" | "fsf" | "pyffish" => Notation::Iccs(RankBase::One),
            "wxf" => Notation::Wxf,
            "chinese" | "cn" | "zh" => Notation::Chinese,
            _ => return None,
        })
    }

    /// Writes a legal move of the side to move.
    pub fn format(self, pos: &Position, mv: Move) -> String {
        let text = match self {
            Notation::Iccs(base) => Some(iccs::format_move(mv, base)),
            Notation::Wxf => crate::wxf::format(pos, mv),
            Notation::Chinese => crate::chinese::format(pos, mv),
        };
        text.unwrap_or_else(|| iccs::format_move(mv, RankBase::Zero))
    }

    /// Reads a move and checks that it is legal.
    pub fn parse(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        match self {
            Notation::Iccs(base) => pos.parse_iccs(text, base),
            Notation::Wxf => crate::wxf::parse(pos, text),
            Notation::Chinese => crate::chinese::parse(pos, text),
        }
    }
}

/// Reads a move in any notation: Chinese if it starts with a non-ASCII character, ICCS if it
/// reads as coordinates (`base` decides the ranks), WXF otherwise.
pub fn parse_any(pos: &Position, text: &str, base: RankBase) -> Result<Move, NotationError> {
    match text.chars().next() {
        None => Err(NotationError::new(0, NotationErrorKind::Empty)),
        Some(c) if !c.is_ascii() => crate::chinese::parse(pos, text),
        Some(_) => match iccs::parse_move(text, base) {
            Ok(mv) => pos
                .check_move(mv)
                .map(|_| mv)
                .map_err(|r| NotationError::new(0, NotationErrorKind::Illegal(r))),
            Err(iccs_err) => match crate::wxf::parse_description(text) {
                Ok(d) => crate::descriptive::resolve(pos, d, 0),
                // Report in the notation the text looks most like.
                Err(wxf_err) => {
                    let b = text.as_bytes();
                    let looks_iccs = b.len() >= 3
                        && (b'a'..=b'i').contains(&b[0].to_ascii_lowercase())
                        && b[1].is_ascii_digit()
                        && (b[2].is_ascii_alphabetic() || b[2] == b'-' || b[2].is_ascii_digit());
                    Err(if looks_iccs { iccs_err } else { wxf_err })
                }
            },
        },
    }
}

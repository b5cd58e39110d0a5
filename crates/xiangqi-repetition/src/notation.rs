//! Errors shared by the move notations (ICCS, WXF, Chinese) and move-list replay.

use crate::legality::IllegalReason;
use std::fmt;

/// A move text that cannot be read or does not name a legal move, with the byte offset
/// within the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub offset: usize,
    pub kind: NotationErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationErrorKind {
    /// Empty text.
    Empty,
    /// The text stopped before the move was complete.
    Truncated { expected: &'static str },
    /// A character that does not belong at this place.
    Unexpected { found: char, expected: &'static str },
    /// Extra characters after a complete move.
    Trailing { found: String },
    /// No piece of the side to move fits the description.
    NoSuchPiece,
    /// Several pieces fit the description.
    Ambiguous { candidates: usize },
    /// The described move does not land on a point of the board.
    OffBoard,
    /// The move is well formed but illegal.
    Illegal(IllegalReason),
}

impl NotationError {
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

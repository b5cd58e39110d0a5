//! Playing a list of moves from a position, reporting the first bad one with its ply.

use crate::iccs::RankBase;
use crate::moves::Move;
use crate::notation::{self, Notation, NotationError};
use crate::position::Position;
use std::fmt;

/// A move in a list that cannot be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based ply number of the bad move.
    pub ply: usize,
    /// The move text as given.
    pub text: String,
    /// Byte offset of the move text in the whole input, when the input was one string.
    pub offset: Option<usize>,
    /// Why the move could not be read or played.
    pub error: NotationError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {} ({:?}", self.ply, self.text)?;
        if let Some(o) = self.offset {
            write!(f, " at byte {o}")?;
        }
        let e = &self.error;
        write!(f, "): ")?;
        match &e.kind {
            crate::NotationErrorKind::Illegal(r) => write!(f, "illegal move: {r}"),
            _ => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays whitespace-separated moves (in `notation`, or any notation when `None`) from `start`;
/// returns the moves and the final position, or the first bad move with its ply number.
pub fn replay(
    start: &Position,
    text: &str,
    notation: Option<Notation>,
    base: RankBase,
) -> Result<(Vec<Move>, Position), ReplayError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut offset = 0;
    for token in text.split_whitespace() {
        let at = offset + text[offset..].find(token).unwrap_or(0);
        offset = at + token.len();
        let ply = moves.len() + 1;
        let parsed = match notation {
            Some(n) => n.parse(&pos, token),
            None => notation::parse_any(&pos, token, base),
        };
        match parsed {
            Ok(mv) => {
                pos.play_unchecked(mv);
                moves.push(mv);
            }
            Err(error) => {
                return Err(ReplayError {
                    ply,
                    text: token.to_string(),
                    offset: Some(at),
                    error,
                });
            }
        }
    }
    Ok((moves, pos))
}

/// Writes moves played from `start` in a notation.
pub fn format_moves(start: &Position, moves: &[Move], notation: Notation) -> Vec<String> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        out.push(notation.format(&pos, mv));
        pos.play_unchecked(mv);
    }
    out
}

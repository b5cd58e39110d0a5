//! Xiangqi squares in ICCS / UCCI coordinates: file `a`-`i` from Red's left, rank `0`-`9`
//! from Red's side (`h2` is Red's right cannon start, `e0` Red's king). Source: xqbase
//! "中国象棋电脑应用规范(一)：着法表示" (ICCS writes `H2-E2`, UCCI `h2e2`).
//!
//! Fairy-Stockfish and pyffish number the ranks 1-10 instead (`h3`); [`format_fsf`] and
//! [`parse_fsf`] handle that convention. Both accept upper-case files and write lower case.

use super::{Cursor, Notation, NotationError, NotationErrorKind};
use crate::xiangqi::{HEIGHT, Square};

/// Which number Red's back rank gets: the one difference between the two coordinate
/// conventions in use, so every reader and writer of xiangqi coordinates takes it as a value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RankBase {
    /// ICCS / UCCI / Pikafish: ranks 0-9.
    #[default]
    Zero,
    /// Fairy-Stockfish / pyffish: ranks 1-10.
    One,
}

impl RankBase {
    /// The most digits a rank number can have in this convention (`9`, `10`).
    pub fn max_digits(self) -> usize {
        match self {
            RankBase::Zero => 1,
            RankBase::One => 2,
        }
    }
}

/// Writes a point in the given rank convention (`h2` with [`RankBase::Zero`], `h3` with
/// [`RankBase::One`]).
pub fn format_in(square: Square, base: RankBase) -> String {
    match base {
        RankBase::Zero => format(square),
        RankBase::One => format_fsf(square),
    }
}

/// Reads a point in the given rank convention.
pub fn parse_in(text: &str, base: RankBase) -> Result<Square, NotationError> {
    match base {
        RankBase::Zero => parse(text),
        RankBase::One => parse_fsf(text),
    }
}

/// `h2`-style ICCS/UCCI text (lower case, ranks 0-9).
pub fn format(square: Square) -> String {
    format!("{}{}", file_letter(square), HEIGHT - 1 - square.y())
}

/// Parses ICCS/UCCI text such as `h2` or `E9`.
pub fn parse(text: &str) -> Result<Square, NotationError> {
    parse_with(Notation::Iccs, text, 0)
}

/// `h3`-style Fairy-Stockfish text (ranks 1-10).
pub fn format_fsf(square: Square) -> String {
    format!("{}{}", file_letter(square), HEIGHT - square.y())
}

/// Parses Fairy-Stockfish text such as `h3` or `a10`.
pub fn parse_fsf(text: &str) -> Result<Square, NotationError> {
    parse_with(Notation::FsfCoordinates, text, 1)
}

fn file_letter(square: Square) -> char {
    char::from(b'a' + square.x())
}

/// Shared parser; `first_rank` is the number of Red's back rank (0 or 1).
fn parse_with(notation: Notation, text: &str, first_rank: u32) -> Result<Square, NotationError> {
    let mut cur = Cursor::start(notation, text)?;
    let c = cur.next("a file letter a-i")?;
    let lower = c.to_ascii_lowercase();
    if !('a'..='i').contains(&lower) {
        return Err(cur.unexpected_last(c, "a file letter a-i"));
    }
    let x = lower as u8 - b'a';
    let (rank, at) = cur.number("a rank number", first_rank == 0)?;
    cur.finish()?;
    let max = u32::from(HEIGHT) - 1 + first_rank;
    if rank < first_rank || rank > max {
        return Err(cur.error_at(
            at,
            NotationErrorKind::OffBoard {
                what: "rank",
                value: rank,
                max,
            },
        ));
    }
    // Rank `first_rank` is the bottom row, y = HEIGHT - 1.
    let y = (max - rank) as u8;
    Square::from_xy(x, y).ok_or_else(|| {
        cur.error_at(
            at,
            NotationErrorKind::OffBoard {
                what: "rank",
                value: rank,
                max,
            },
        )
    })
}

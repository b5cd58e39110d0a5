//! Coordinate notations: parse and format functions with typed, positioned errors.
//!
//! * [`gtp`]: Go Text Protocol vertices (`A1` bottom-left, no `I`), for [`Grid`](crate::Grid)s.
//! * [`sgf`]: SGF points (`aa` top-left), for grids.
//! * [`iccs`]: xiangqi ICCS/UCCI squares (`h2`, ranks 0-9) and the Fairy-Stockfish variant
//!   (ranks 1-10).
//! * [`xiangqi_files`]: xiangqi file numbers counted from each side's right (一..九 for Red,
//!   digits for Black).
//! * [`shogi`]: shogi squares in USI (`7g`), Japanese (`７六`, `7六`) and CSA digits (`77`).
//!
//! Every parser is strict (no surrounding blanks) and reports the byte offset of the first
//! character it could not accept.

pub mod gtp;
pub mod iccs;
pub mod sgf;
pub mod shogi;
pub mod xiangqi_files;

/// The value 1..=9 of an ASCII digit, a full-width digit or a kanji numeral, if it is one:
/// the three ways records write a file or rank number (see [`board_core::numerals`]).
pub fn digit_value(c: char) -> Option<u8> {
    board_core::numerals::any_digit_value(c).filter(|&v| v > 0)
}

/// Which notation an error comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// GTP vertex: a column letter without `I`, then the row counted from the bottom (`Q16`).
    Gtp,
    /// SGF point: two lower-case letters, column then row from the top (`pd`).
    Sgf,
    /// ICCS / UCCI: files a-i, ranks 0-9.
    Iccs,
    /// Fairy-Stockfish / pyffish coordinates: files a-i, ranks 1-10.
    FsfCoordinates,
    /// A xiangqi file number seen from one side.
    XiangqiFile,
    /// A shogi square in any accepted form (USI, Japanese, CSA digits).
    ShogiSquare,
}

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Notation::Gtp => "GTP vertex",
            Notation::Sgf => "SGF point",
            Notation::Iccs => "ICCS square",
            Notation::FsfCoordinates => "FSF square",
            Notation::XiangqiFile => "xiangqi file number",
            Notation::ShogiSquare => "shogi square",
        })
    }
}

/// A coordinate text that could not be parsed; `at` is the byte offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The notation the text was read as.
    pub notation: Notation,
    /// Byte offset of the problem in the text.
    pub at: usize,
    /// What went wrong.
    pub kind: NotationErrorKind,
}

/// What went wrong while parsing a coordinate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationErrorKind {
    /// The text is empty.
    Empty,
    /// The text ended where more was required.
    Truncated {
        /// What was expected next.
        expected: &'static str,
    },
    /// A character that does not fit here (including anything after a complete coordinate).
    Unexpected {
        /// The character found.
        found: char,
        /// What was expected there.
        expected: &'static str,
    },
    /// A well-formed column or row that is off the board.
    OffBoard {
        /// Which coordinate (column, row, file, rank).
        what: &'static str,
        /// The value read.
        value: u32,
        /// The largest value the board has.
        max: u32,
    },
}

impl NotationError {
    pub(crate) fn new(notation: Notation, at: usize, kind: NotationErrorKind) -> NotationError {
        NotationError { notation, at, kind }
    }
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at byte {}: ", self.notation, self.at)?;
        match &self.kind {
            NotationErrorKind::Empty => write!(f, "empty text"),
            NotationErrorKind::Truncated { expected } => {
                write!(f, "text ends where {expected} was expected")
            }
            NotationErrorKind::Unexpected { found, expected } => {
                write!(f, "found {found:?} where {expected} was expected")
            }
            NotationErrorKind::OffBoard { what, value, max } => {
                write!(f, "{what} {value} is off the board (maximum {max})")
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// A character cursor that remembers byte offsets for error reports.
pub(crate) struct Cursor<'a> {
    text: &'a str,
    at: usize,
    notation: Notation,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`; fails on empty text.
    pub(crate) fn start(notation: Notation, text: &'a str) -> Result<Cursor<'a>, NotationError> {
        if text.is_empty() {
            return Err(NotationError::new(notation, 0, NotationErrorKind::Empty));
        }
        Ok(Cursor {
            text,
            at: 0,
            notation,
        })
    }

    /// Byte offset of the next character.
    pub(crate) fn offset(&self) -> usize {
        self.at
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    /// The next character, or a `Truncated` error naming what was expected.
    pub(crate) fn next(&mut self, expected: &'static str) -> Result<char, NotationError> {
        let c = self
            .peek()
            .ok_or_else(|| self.error(NotationErrorKind::Truncated { expected }))?;
        self.at += c.len_utf8();
        Ok(c)
    }

    /// An `Unexpected` error for the character just read by [`next`](Self::next).
    pub(crate) fn unexpected_last(&self, found: char, expected: &'static str) -> NotationError {
        NotationError::new(
            self.notation,
            self.at - found.len_utf8(),
            NotationErrorKind::Unexpected { found, expected },
        )
    }

    /// An error at an explicit offset.
    pub(crate) fn error_at(&self, at: usize, kind: NotationErrorKind) -> NotationError {
        NotationError::new(self.notation, at, kind)
    }

    /// An error at the current offset.
    pub(crate) fn error(&self, kind: NotationErrorKind) -> NotationError {
        self.error_at(self.at, kind)
    }

    /// Succeeds only at the end of the text.
    pub(crate) fn finish(&self) -> Result<(), NotationError> {
        match self.peek() {
            None => Ok(()),
            Some(found) => Err(self.error(NotationErrorKind::Unexpected {
                found,
                expected: "the end of the coordinate",
            })),
        }
    }

    /// Reads a run of ASCII digits without leading zeros (a lone `0` is allowed when
    /// `allow_zero`), returning its value and starting offset. Values that overflow become
    /// `u32::MAX` so the caller reports them as off the board.
    pub(crate) fn number(
        &mut self,
        expected: &'static str,
        allow_zero: bool,
    ) -> Result<(u32, usize), NotationError> {
        let start = self.at;
        let first = self.next(expected)?;
        if !first.is_ascii_digit() || (first == '0' && !allow_zero) {
            return Err(self.unexpected_last(first, expected));
        }
        let mut value = first as u32 - '0' as u32;
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            if first == '0' {
                // No leading zeros: "01" is not canonical.
                return Err(self.error(NotationErrorKind::Unexpected {
                    found: c,
                    expected: "the end of the number (no leading zeros)",
                }));
            }
            self.at += 1;
            value = value
                .saturating_mul(10)
                .saturating_add(c as u32 - '0' as u32);
        }
        Ok((value, start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_values_in_every_style() {
        use board_core::numerals::{FULL_WIDTH_DIGITS, KANJI_DIGITS};
        for n in 1..=9u8 {
            assert_eq!(digit_value(char::from(b'0' + n)), Some(n));
            assert_eq!(digit_value(FULL_WIDTH_DIGITS[usize::from(n)]), Some(n));
            assert_eq!(digit_value(KANJI_DIGITS[usize::from(n)]), Some(n));
        }
        for c in ['0', '０', '十', '〇', 'a', ' ', '零'] {
            assert_eq!(digit_value(c), None, "{c:?}");
        }
    }
}

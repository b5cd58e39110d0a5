//! The error of every text parser (SFEN, USI, CSA, KIF, KI2, JSA notation): board-core's
//! positioned [`TextError`] with a shogi [`ParseErrorKind`].

use std::fmt;

use board_core::TextError;

use crate::foul::Foul;
use crate::types::Move;

/// A parse failure at a 1-based line and column (columns count characters, not bytes).
pub type ParseError = TextError<ParseErrorKind>;

/// What a parser found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text breaks the notation's grammar; the message says what was expected.
    Syntax(String),
    /// A record holds a move its position does not allow.
    IllegalMove {
        /// The 1-based move number.
        number: usize,
        /// The move as read.
        mv: Move,
        /// Why it is illegal.
        foul: Foul,
    },
    /// A KIF record names a handicap (手合割) that is not known, and draws no board.
    UnknownHandicap(String),
    /// A record holds a move after its line's ending (投了, `%TORYO` …).
    MoveAfterEnd {
        /// The 1-based number the move would have.
        number: usize,
        /// How the line had ended.
        ending: crate::ending::Ending,
    },
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Syntax(message) => f.write_str(message),
            ParseErrorKind::IllegalMove { number, mv, foul } => write!(
                f,
                "move {number} ({}) is illegal: {}",
                crate::usi::format_move(*mv),
                foul.describe()
            ),
            ParseErrorKind::UnknownHandicap(name) => {
                write!(f, "unknown 手合割 {name:?} and no board diagram")
            }
            ParseErrorKind::MoveAfterEnd { number, ending } => write!(
                f,
                "move {number} comes after the end of the game ({ending})"
            ),
        }
    }
}

/// A syntax error at `line` and `column` (both 1-based).
pub(crate) fn syntax(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    TextError::new(
        to_u32(line),
        to_u32(column),
        ParseErrorKind::Syntax(message.into()),
    )
}

/// `e` moved to another origin: the text it was found in starts at `line` of a bigger
/// document, its first line shifted right by `column_offset` characters.
pub(crate) fn shifted(mut e: ParseError, line: usize, column_offset: usize) -> ParseError {
    if e.line <= 1 {
        e.column = e.column.saturating_add(to_u32(column_offset));
    }
    e.line = to_u32(line).saturating_add(e.line.saturating_sub(1));
    e
}

/// `e` found in a piece of text that starts at `column` of `line`, its message prefixed
/// with `prefix` (e.g. the move number).
pub(crate) fn within(e: ParseError, line: usize, column: usize, prefix: &str) -> ParseError {
    let kind = match e.kind {
        ParseErrorKind::Syntax(m) if !prefix.is_empty() => {
            ParseErrorKind::Syntax(format!("{prefix}{m}"))
        }
        kind => kind,
    };
    TextError::new(
        to_u32(line),
        to_u32(column).saturating_add(e.column.saturating_sub(1)),
        kind,
    )
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

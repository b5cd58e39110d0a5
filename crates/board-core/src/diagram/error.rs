//! Errors of diagram parsing, with the position of the first unreadable spot.

use std::fmt;

/// Why a diagram could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DiagramErrorKind {
    /// The text holds no board row.
    Empty,
    /// The bytes are not UTF-8.
    InvalidUtf8,
    /// A character that spells no cell, label or separator.
    UnexpectedChar(char),
    /// A row with a rank label but no cell.
    NoCells,
    /// A row has more or fewer cells than the first row.
    RaggedRow {
        /// Cells in the first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
    /// Some rows carry a rank label and this one does not (or the other way round).
    MissingRankLabel,
    /// A row's rank label on the right differs from the one on its left.
    RankLabelMismatch {
        /// The label before the row.
        left: String,
        /// The label after the row.
        right: String,
    },
    /// The file-label line names a different number of files than the rows have cells.
    FileLabelCount {
        /// Cells per row.
        expected: usize,
        /// File labels on the line.
        found: usize,
    },
    /// Two different file-label lines.
    FileLabelMismatch,
    /// A box-drawing edge glyph away from the edge it draws (e.g. `┌` not top-left).
    MisplacedEdge(char),
    /// A `|`-framed row without its closing `|`.
    UnclosedFrame,
    /// A diagram-file header line that is not `# key: value`.
    BadHeader(String),
    /// A diagram file lacks a required header field.
    MissingField(String),
    /// A malformed `# expect:` entry.
    BadExpectation(String),
}

/// A parse error: 1-based line and column (in characters) of the first unreadable
/// spot, and for invalid UTF-8 also the byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError {
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// For invalid UTF-8: the byte offset of the first invalid byte.
    pub byte_offset: Option<usize>,
    /// What is wrong.
    pub kind: DiagramErrorKind,
}

impl DiagramError {
    pub(crate) fn at(line: usize, column: usize, kind: DiagramErrorKind) -> Self {
        DiagramError {
            line,
            column,
            byte_offset: None,
            kind,
        }
    }

    /// The same error with its line moved down by `lines` (the board follows a header).
    pub fn shifted(mut self, lines: usize) -> Self {
        self.line += lines;
        self
    }
}

impl fmt::Display for DiagramErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramErrorKind::Empty => write!(f, "no board row"),
            DiagramErrorKind::InvalidUtf8 => write!(f, "invalid UTF-8"),
            DiagramErrorKind::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
            DiagramErrorKind::NoCells => write!(f, "row has no cells"),
            DiagramErrorKind::RaggedRow { expected, found } => {
                write!(f, "row has {found} cells, expected {expected}")
            }
            DiagramErrorKind::MissingRankLabel => {
                write!(f, "rank labels on some rows but not on this one")
            }
            DiagramErrorKind::RankLabelMismatch { left, right } => {
                write!(f, "rank label {right:?} on the right differs from {left:?}")
            }
            DiagramErrorKind::FileLabelCount { expected, found } => {
                write!(f, "{found} file labels for {expected} files")
            }
            DiagramErrorKind::FileLabelMismatch => write!(f, "file-label lines differ"),
            DiagramErrorKind::MisplacedEdge(c) => {
                write!(f, "edge glyph {c:?} is not on the edge it draws")
            }
            DiagramErrorKind::UnclosedFrame => write!(f, "framed row lacks its closing '|'"),
            DiagramErrorKind::BadHeader(s) => write!(f, "bad header line: {s}"),
            DiagramErrorKind::MissingField(s) => write!(f, "header lacks `{s}:`"),
            DiagramErrorKind::BadExpectation(s) => write!(f, "bad expectation: {s}"),
        }
    }
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)?;
        if let Some(b) = self.byte_offset {
            write!(f, " (byte {b})")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for DiagramError {}

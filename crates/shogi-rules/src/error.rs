//! The error type shared by every text parser: what went wrong and where.

use std::fmt;

/// A parse failure with a 1-based line and column (columns count characters, not bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl ParseError {
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }

    /// Moves the error to another line/column origin (for text embedded in a bigger document).
    pub fn shifted(mut self, line: usize, column_offset: usize) -> ParseError {
        if self.line <= 1 {
            self.column += column_offset;
        }
        self.line = line + self.line.saturating_sub(1);
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

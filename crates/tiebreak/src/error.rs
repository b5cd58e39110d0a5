//! Input errors with the place they were found, so a user can fix a file line by line.

use std::fmt;

/// One problem in an input file: 1-based line and column (column 0 when the whole line is meant).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl InputError {
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column > 0 {
            write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.message
            )
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for InputError {}

/// Every problem found in one input, in file order (validation does not stop at the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputErrors(pub Vec<InputError>);

impl InputErrors {
    pub fn single(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self(vec![InputError::new(line, column, message)])
    }

    pub fn first(&self) -> Option<&InputError> {
        self.0.first()
    }
}

impl fmt::Display for InputErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.len() {
            0 => f.write_str("invalid input"),
            1 => write!(f, "{}", self.0[0]),
            n => {
                write!(f, "{n} problems: ")?;
                for (i, e) in self.0.iter().enumerate().take(20) {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{e}")?;
                }
                if n > 20 {
                    write!(f, "; … and {} more", n - 20)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for InputErrors {}

impl From<InputError> for InputErrors {
    fn from(e: InputError) -> Self {
        Self(vec![e])
    }
}

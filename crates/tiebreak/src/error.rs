//! Input errors with the place they were found, so a user can fix a file line by line.
//!
//! One problem is board-core's positioned [`TextError`] with a message as its kind; a
//! reader reports every problem it finds in one [`InputErrors`].

use std::fmt;

use board_core::TextError;

/// One problem in an input file: 1-based line and column (column 0 when the whole line is
/// meant, which `Display` then leaves out) and what is wrong there.
pub type InputError = TextError<String>;

/// An [`InputError`] from the `usize` line and column numbers the readers count in
/// (saturating at `u32::MAX`, far beyond any file a reader accepts).
pub fn input_error(line: usize, column: usize, message: impl ToString) -> InputError {
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    TextError::new(clamp(line), clamp(column), message.to_string())
}

/// Every problem found in one input, in file order (validation does not stop at the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputErrors(pub Vec<InputError>);

impl InputErrors {
    /// A list of one problem.
    pub fn single(line: usize, column: usize, message: impl ToString) -> Self {
        Self(vec![input_error(line, column, message)])
    }

    /// The first problem in file order.
    pub fn first(&self) -> Option<&InputError> {
        self.0.first()
    }
}

impl fmt::Display for InputErrors {
    /// One problem as itself; several as `N problems: a; b; …`, the first 20 listed.
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

/// A name that is none of the ones a setting accepts (an edition, a pairing system).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being named (`edition`, `system`).
    pub what: &'static str,
    /// The text given.
    pub found: String,
    /// The names accepted, in words.
    pub expected: &'static str,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} `{}` ({})",
            self.what, self.found, self.expected
        )
    }
}

impl std::error::Error for UnknownName {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_place() {
        assert_eq!(
            input_error(3, 7, "bad").to_string(),
            "line 3, column 7: bad"
        );
        assert_eq!(input_error(3, 0, "bad").to_string(), "line 3: bad");
        let two = InputErrors(vec![input_error(1, 0, "a"), input_error(2, 4, "b")]);
        assert_eq!(
            two.to_string(),
            "2 problems: line 1: a; line 2, column 4: b"
        );
        assert_eq!(InputErrors(Vec::new()).to_string(), "invalid input");
    }
}

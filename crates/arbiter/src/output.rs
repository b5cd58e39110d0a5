//! What a subcommand hands back to `main`, and the errors it can fail with.
//!
//! Subcommands never print: they return an [`Output`] holding both renderings, and `main`
//! picks text or JSON. This keeps the "exactly one JSON document on stdout" promise in one place.

use std::fmt;

/// The result of a subcommand: a human-readable text and a JSON value.
#[derive(Debug)]
pub struct Output {
    pub text: String,
    pub json: serde_json::Value,
}

impl Output {
    pub fn new(text: impl Into<String>, json: serde_json::Value) -> Self {
        Self {
            text: text.into(),
            json,
        }
    }
}

/// Why a subcommand failed; the kind decides the exit code.
#[derive(Debug)]
pub enum CliError {
    /// The user's input is wrong (unreadable file, bad notation, illegal move): exit code 2.
    BadInput(String),
    /// Something failed that the input cannot explain: exit code 1.
    Internal(String),
}

impl CliError {
    pub fn bad_input(message: impl fmt::Display) -> Self {
        CliError::BadInput(message.to_string())
    }

    pub fn internal(message: impl fmt::Display) -> Self {
        CliError::Internal(message.to_string())
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::BadInput(_) => 2,
            CliError::Internal(_) => 1,
        }
    }

    /// The message on one line, whatever the underlying error printed.
    pub fn one_line(&self) -> String {
        let message = match self {
            CliError::BadInput(m) | CliError::Internal(m) => m,
        };
        message.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    pub fn kind(&self) -> &'static str {
        match self {
            CliError::BadInput(_) => "bad_input",
            CliError::Internal(_) => "internal",
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.one_line())
    }
}

/// Reads a whole input file, turning I/O failures into bad-input errors that name the file.
pub fn read_file(path: &std::path::Path) -> Result<String, CliError> {
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::bad_input(format!("cannot read {}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|e| {
        CliError::bad_input(format!(
            "{}: not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

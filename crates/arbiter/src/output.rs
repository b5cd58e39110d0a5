//! What a subcommand hands back to `main`, and the errors it can fail with.
//!
//! Subcommands never print: they return an [`Output`] holding both renderings, and `main`
//! picks text or JSON. This keeps the "exactly one JSON document on stdout" promise in one place.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once by `main` from `--json`; read by a batch, which writes its document itself as the
/// files finish (see [`Output::streamed`]) and so must know which rendering to write.
static JSON: AtomicBool = AtomicBool::new(false);

/// Records whether stdout gets JSON (`--json`) or text, for the rest of the process.
pub fn set_json(json: bool) {
    JSON.store(json, Ordering::Relaxed);
}

/// Whether stdout gets JSON (`--json`) rather than text.
pub fn json() -> bool {
    JSON.load(Ordering::Relaxed)
}

/// The result of a subcommand: a human-readable text and a JSON value.
#[derive(Debug)]
pub struct Output {
    /// What stdout shows without `--json`.
    pub text: String,
    /// What stdout shows with `--json` (warnings are added by [`Output::json_document`]).
    pub json: serde_json::Value,
    /// Input that was read but looks inconsistent, or an assumption the command had to make:
    /// not an error, but never silent. `main` prints each as an `arbiter: warning: …` line
    /// on stderr, and with `--json` lists them under `"warnings"` in the document.
    pub warnings: Vec<String>,
    /// The exit code after the output is printed: 0, or [`Output::LIMIT_EXIT`] when a
    /// search stopped on a limit and the printed answer is partial.
    pub exit_code: u8,
    /// `Some` when the command has already written its whole output on stdout as it went (a
    /// batch over many files prints each file's result as soon as it and the files before it
    /// are done): `main` then writes nothing more and ends with `exit_code`, or with the
    /// write error held here. `text` and `json` are empty then.
    pub streamed: Option<io::Result<()>>,
}

impl Output {
    /// The exit code of a run whose search stopped on a limit (time, nodes, table size,
    /// budget) before it was done: what it printed is partial, and a script must be able
    /// to tell that from a finished answer (0) without reading the warnings. The same code
    /// ends a run that fails on a limit with nothing to print ([`CliError::LimitHit`]).
    pub const LIMIT_EXIT: u8 = 4;

    /// Both renderings of a result, without warnings.
    pub fn new(text: impl Into<String>, json: serde_json::Value) -> Self {
        Self {
            text: text.into(),
            json,
            warnings: Vec::new(),
            exit_code: 0,
            streamed: None,
        }
    }

    /// The result of a command that wrote its output on stdout itself, as it went
    /// (`written`: how that ended), exiting with `exit_code`.
    pub fn streamed(written: io::Result<()>, exit_code: u8) -> Self {
        Self {
            text: String::new(),
            json: serde_json::Value::Null,
            warnings: Vec::new(),
            exit_code,
            streamed: Some(written),
        }
    }

    /// The same result, marked as partial because a search stopped on a limit: the run
    /// exits with [`Output::LIMIT_EXIT`]. Pair it with a warning saying which limit and
    /// how to raise it.
    pub fn stopped_on_limit(mut self) -> Self {
        self.exit_code = Self::LIMIT_EXIT;
        self
    }

    /// The same result with one more warning (kept on one line, like errors).
    pub fn with_warning(mut self, message: impl fmt::Display) -> Self {
        let line = message.to_string();
        self.warnings
            .push(line.split_whitespace().collect::<Vec<_>>().join(" "));
        self
    }

    /// The one JSON document of a `--json` run: the command's value, plus a `"warnings"`
    /// array of strings when there are any. A value that is not an object is wrapped as
    /// `{"result": …, "warnings": […]}` so the warnings still have a place.
    pub fn json_document(&self) -> serde_json::Value {
        if self.warnings.is_empty() {
            return self.json.clone();
        }
        let warnings = serde_json::Value::from(self.warnings.clone());
        match &self.json {
            serde_json::Value::Object(map) => {
                let mut map = map.clone();
                map.insert("warnings".to_string(), warnings);
                serde_json::Value::Object(map)
            }
            other => serde_json::json!({"result": other, "warnings": warnings}),
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
    /// A verdict was asked to be certain (`--strict`) and is not: exit code 3.
    Undecided(String),
    /// A search stopped on a limit (time, nodes, table, budget) with no answer worth
    /// printing: exit code 4, [`Output::LIMIT_EXIT`]. The message names the limit and the
    /// option that raises it.
    LimitHit(String),
}

impl CliError {
    /// The exit code for bad input, usage errors included.
    pub const BAD_INPUT_EXIT: u8 = 2;
    /// The exit code for a failure the input cannot explain, such as a full disk.
    pub const INTERNAL_EXIT: u8 = 1;
    /// The exit code when a strict verdict is undecided.
    pub const UNDECIDED_EXIT: u8 = 3;
    /// The exit code when a search stopped on a limit (the same as [`Output::LIMIT_EXIT`]).
    pub const LIMIT_EXIT: u8 = Output::LIMIT_EXIT;

    pub fn bad_input(message: impl fmt::Display) -> Self {
        CliError::BadInput(message.to_string())
    }

    pub fn internal(message: impl fmt::Display) -> Self {
        CliError::Internal(message.to_string())
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::BadInput(_) => Self::BAD_INPUT_EXIT,
            CliError::Internal(_) => Self::INTERNAL_EXIT,
            CliError::Undecided(_) => Self::UNDECIDED_EXIT,
            CliError::LimitHit(_) => Self::LIMIT_EXIT,
        }
    }

    /// The message on one line, whatever the underlying error printed.
    pub fn one_line(&self) -> String {
        let message = match self {
            CliError::BadInput(m)
            | CliError::Internal(m)
            | CliError::Undecided(m)
            | CliError::LimitHit(m) => m,
        };
        message.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    pub fn kind(&self) -> &'static str {
        match self {
            CliError::BadInput(_) => "bad_input",
            CliError::Internal(_) => "internal",
            CliError::Undecided(_) => "undecided",
            CliError::LimitHit(_) => "limit",
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.one_line())
    }
}

/// Writes `text` to stdout through one locked handle and flushes it, handing back the write
/// error (a closed pipe, a full disk) for `main` to decide on, where `print!` would panic.
pub fn write_stdout(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Writes `text` to stderr; if even stderr is gone there is nobody left to tell, so a write
/// error is ignored rather than turned into a panic as `eprint!` would.
pub fn write_stderr(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// Folds clap's usage error (an `error:` line, an indented list such as the names of the
/// missing arguments, tips, the usage lines and a pointer to `--help`) onto the one line that
/// the CLI promises, keeping every piece of information: the list joins its header with commas,
/// tips and usage follow after semicolons, and the `--help` pointer becomes a short reminder.
pub fn one_line_usage_error(rendered: &str) -> String {
    let mut message = String::new();
    let mut list: Vec<&str> = Vec::new();
    let mut extras: Vec<String> = Vec::new();
    let mut usage: Vec<&str> = Vec::new();
    let mut in_usage = false;
    for line in rendered.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            in_usage = false;
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("error:") {
            message = rest.trim().to_string();
        } else if let Some(rest) = trimmed.strip_prefix("Usage:") {
            in_usage = true;
            if !rest.trim().is_empty() {
                usage.push(rest.trim());
            }
        } else if in_usage {
            usage.push(trimmed);
        } else if let Some(tip) = trimmed.strip_prefix("tip:") {
            extras.push(format!("tip: {}", tip.trim()));
        } else if trimmed.starts_with("For more information") {
            continue;
        } else {
            list.push(trimmed);
        }
    }
    if message.is_empty() {
        message = "invalid arguments".to_string();
    }
    if !list.is_empty() {
        message = format!("{} {}", message, list.join(", "));
    }
    for extra in extras {
        message = format!("{message}; {extra}");
    }
    if !usage.is_empty() {
        message = format!("{message}; usage: {}", usage.join(" | "));
    }
    format!("{message} (see --help)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without warnings the document is the command's own value, byte for byte, so every
    /// existing `--json` output is unchanged.
    #[test]
    fn no_warnings_leave_the_document_alone() {
        let out = Output::new("text", serde_json::json!({"nodes": 20}));
        assert_eq!(out.json_document(), serde_json::json!({"nodes": 20}));
    }

    #[test]
    fn warnings_join_the_document_on_one_line_each() {
        let out = Output::new("text", serde_json::json!({"nodes": 20}))
            .with_warning("first\n  line")
            .with_warning("second");
        assert_eq!(
            out.json_document(),
            serde_json::json!({"nodes": 20, "warnings": ["first line", "second"]})
        );
        let out = Output::new("text", serde_json::json!([1, 2])).with_warning("w");
        assert_eq!(
            out.json_document(),
            serde_json::json!({"result": [1, 2], "warnings": ["w"]})
        );
    }

    /// The shapes of clap 4's usage errors (the text of `clap::Error`'s Display for a missing
    /// argument and for a misspelt subcommand), folded onto one line with nothing lost.
    #[test]
    fn usage_errors_fold_onto_one_line() {
        let missing = "error: the following required arguments were not provided:\n  \
                       --sfen <SFEN>\n  --depth <DEPTH>\n\nUsage: arbiter shogi perft \
                       --sfen <SFEN> --depth <DEPTH>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line_usage_error(missing),
            "the following required arguments were not provided: --sfen <SFEN>, \
             --depth <DEPTH>; usage: arbiter shogi perft --sfen <SFEN> --depth <DEPTH> \
             (see --help)"
        );
        let misspelt = "error: unrecognized subcommand 'scroe'\n\n  tip: a similar subcommand \
                        exists: 'score'\n\nUsage: arbiter go [OPTIONS] <COMMAND>\n\nFor more \
                        information, try '--help'.\n";
        assert_eq!(
            one_line_usage_error(misspelt),
            "unrecognized subcommand 'scroe'; tip: a similar subcommand exists: 'score'; \
             usage: arbiter go [OPTIONS] <COMMAND> (see --help)"
        );
    }
}

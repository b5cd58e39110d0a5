//! Pictures beside a text answer: every `show` prints its text board and, with `--svg FILE`,
//! also writes the board as an SVG picture and says where under the text. The three games
//! draw differently (their renderers live in their rule crates); what they share is here.

use std::fmt::Display;
use std::path::Path;

use crate::output::CliError;

/// Writes an SVG document, naming the file when that fails (the path is the user's, so a
/// failure is bad input).
pub fn write_svg(path: &Path, document: &str) -> Result<(), CliError> {
    std::fs::write(path, document)
        .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display())))
}

/// The tail every `show` gives its text board: `last move: M` when a move was played, and
/// with `--svg` the picture `draw` renders, written to the file and named on a `picture:
/// PATH` line. Returns what the JSON document's `svg` field holds: the path, or none.
pub fn show_tail(
    text: &mut String,
    last_move: Option<impl Display>,
    svg: Option<&Path>,
    draw: impl FnOnce() -> Result<String, CliError>,
) -> Result<Option<String>, CliError> {
    if let Some(mv) = last_move {
        text.push_str(&format!("last move: {mv}\n"));
    }
    let Some(path) = svg else {
        return Ok(None);
    };
    write_svg(path, &draw()?)?;
    text.push_str(&format!("picture: {}\n", path.display()));
    Ok(Some(path.display().to_string()))
}

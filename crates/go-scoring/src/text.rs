//! Go positions as text diagrams: the document's drawing (`7b●┬●●○┐`, files below as
//! `--abcdefg`) and plain ASCII (`X`, `O`, `.`, `+`, optionally space-separated).
//!
//! Empty points may carry the document's marks: `b`/`w` roads, `#` essential eyes,
//! `=` split points. A note after the row (`5●┼●○○○○ 做棋后…`) is ignored. Lines of the form
//! `key: value` before the board are header fields (`moves: 21,21`, `dead: C2`, …) that the
//! command line reads as defaults. Lines starting with `#` and holding text are comments, so
//! the diagram files of `diagrams/go/` (with their `# source:` headers) read directly.

use crate::color::Stone;
use crate::position::{Position, PositionError};
use crate::topology::Shape;
use board_geometry::Grid;
use std::fmt;
use std::sync::Arc;

/// A diagram error with its 1-based line and column (in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for DiagramError {}

/// A parsed diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextDiagram {
    pub position: Position,
    /// The mark drawn on each point (`b`, `w`, `#`, `=`), if any.
    pub marks: Vec<Option<char>>,
    /// `key: value` lines before the board, keys lower-cased.
    pub header: Vec<(String, String)>,
}

impl TextDiagram {
    /// The header value for `key` (case-insensitive), if present.
    pub fn field(&self, key: &str) -> Option<&str> {
        let key = key.to_ascii_lowercase();
        self.header
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Point(Stone, Option<char>),
}

fn cell_of(c: char) -> Option<Cell> {
    Some(match c {
        '●' | 'X' | 'x' | '⚫' => Cell::Point(Stone::Black, None),
        '○' | 'O' | 'o' | '⚪' => Cell::Point(Stone::White, None),
        '.' | '+' | '┌' | '┬' | '┐' | '├' | '┼' | '┤' | '└' | '┴' | '┘' | '·' => {
            Cell::Point(Stone::Empty, None)
        }
        'b' | 'w' | '#' | '=' => Cell::Point(Stone::Empty, Some(c)),
        _ => return None,
    })
}

fn is_files_line(line: &str) -> bool {
    let t = line.trim();
    let body = t.trim_start_matches(['-', '_', ' ']);
    !body.is_empty()
        && (t.starts_with(['-', '_']) || line.starts_with(' '))
        && body.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
}

fn header_field(line: &str) -> Option<(String, String)> {
    let (k, v) = line.split_once(':')?;
    let key = k.trim();
    if key.is_empty()
        || !key.chars().next()?.is_ascii_alphabetic()
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-' || c == '_')
    {
        return None;
    }
    Some((key.to_ascii_lowercase(), v.trim().to_string()))
}

/// Parses a diagram.
pub fn parse(text: &str) -> Result<TextDiagram, DiagramError> {
    let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
    let mut header = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        // `# …` comment lines (the diagram files' headers); a row of `#` eye marks has only
        // board glyphs after the `#`.
        let trimmed = line.trim_start();
        if trimmed.starts_with('#')
            && trimmed
                .chars()
                .any(|c| !c.is_whitespace() && cell_of(c).is_none() && !c.is_ascii_digit())
        {
            continue;
        }
        if rows.is_empty() {
            if let Some(field) = header_field(line) {
                header.push(field);
                continue;
            }
        }
        if is_files_line(line) {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut pos = 0;
        while pos < chars.len() && chars[pos] == ' ' {
            pos += 1;
        }
        let digits_start = pos;
        while pos < chars.len() && chars[pos].is_ascii_digit() {
            pos += 1;
        }
        let labelled = pos > digits_start;
        while pos < chars.len() && chars[pos] == ' ' {
            pos += 1;
        }
        // Spaced cells (`X . O`) or side by side (`X.O`), then an optional note.
        let mut cells = Vec::new();
        let spaced = pos + 2 < chars.len()
            && cell_of(chars[pos]).is_some()
            && chars[pos + 1] == ' '
            && cell_of(chars[pos + 2]).is_some();
        let start = pos;
        while pos < chars.len() {
            match cell_of(chars[pos]) {
                Some(c) => cells.push(c),
                None => break,
            }
            pos += 1;
            if spaced {
                if pos + 1 < chars.len() && chars[pos] == ' ' && cell_of(chars[pos + 1]).is_some() {
                    pos += 1;
                } else {
                    break;
                }
            }
        }
        if cells.is_empty() {
            if rows.is_empty() && !labelled {
                // Prose before the board (a title): skip it.
                continue;
            }
            return Err(DiagramError {
                line: line_no,
                column: start + 1,
                message: format!(
                    "expected board points, found {:?}",
                    chars.get(start).copied().unwrap_or(' ')
                ),
            });
        }
        if pos < chars.len() && !chars[pos].is_whitespace() {
            if rows.is_empty() && !labelled && cells.len() < 2 {
                continue;
            }
            return Err(DiagramError {
                line: line_no,
                column: pos + 1,
                message: format!("unexpected character {:?} in a board row", chars[pos]),
            });
        }
        rows.push((line_no, cells));
    }
    let Some((first_line, first)) = rows.first() else {
        return Err(DiagramError {
            line: text.lines().count().max(1),
            column: 1,
            message: "no board rows found".into(),
        });
    };
    let width = first.len();
    for (line, cells) in &rows {
        if cells.len() != width {
            return Err(DiagramError {
                line: *line,
                column: 1,
                message: format!(
                    "row has {} points but the first row (line {first_line}) has {width}",
                    cells.len()
                ),
            });
        }
    }
    let height = rows.len();
    if width > Grid::MAX_SIDE as usize || height > Grid::MAX_SIDE as usize {
        return Err(DiagramError {
            line: *first_line,
            column: 1,
            message: format!(
                "board {width}x{height} is larger than {max}x{max}",
                max = Grid::MAX_SIDE
            ),
        });
    }
    let topology =
        Arc::new(
            Shape::grid(width as u32, height as u32).map_err(|e| DiagramError {
                line: *first_line,
                column: 1,
                message: e.to_string(),
            })?,
        );
    let mut stones = Vec::with_capacity(width * height);
    let mut marks = Vec::with_capacity(width * height);
    for (_, cells) in &rows {
        for &Cell::Point(s, m) in cells {
            stones.push(s);
            marks.push(m);
        }
    }
    let position = Position::new(topology, stones).map_err(|e| {
        let message = match &e {
            PositionError::NoLiberties(_) | PositionError::WrongLength { .. } => e.to_string(),
        };
        DiagramError {
            line: *first_line,
            column: 1,
            message,
        }
    })?;
    Ok(TextDiagram {
        position,
        marks,
        header,
    })
}

/// Renders a grid position in the document's drawing (`●`/`○`, box glyphs, ranks on the
/// left, files below after `_`); graph positions as one `name glyph` line per point.
pub fn render(position: &Position) -> String {
    let marks: Vec<crate::madeup::Mark> = position
        .stones()
        .iter()
        .map(|s| match s.color() {
            Some(c) => crate::madeup::Mark::Stone(c),
            None => crate::madeup::Mark::Neutral,
        })
        .collect();
    crate::madeup::render_marks(position.topology(), &marks)
}

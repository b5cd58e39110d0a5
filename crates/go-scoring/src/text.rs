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
use board_core::diagram::{self, Cell, Diagram};
use board_geometry::Grid;
use std::fmt;
use std::sync::Arc;

/// A diagram error with its 1-based line and column (in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError {
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong there.
    pub kind: DiagramErrorKind,
}

/// What is wrong with a Go text diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DiagramErrorKind {
    /// The drawing itself cannot be read (board-core's diagram reader says why).
    Drawing(diagram::DiagramErrorKind),
    /// A cell that is no Go point: a mark other than `b`, `w`, `#`, `=` or a piece.
    NotAPoint(String),
    /// More than 25 columns or rows.
    TooLarge {
        /// Columns drawn.
        width: usize,
        /// Rows drawn.
        height: usize,
    },
    /// The stones do not form a Go position (a chain without liberties).
    Position(PositionError),
}

impl fmt::Display for DiagramErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramErrorKind::Drawing(kind) => write!(f, "{kind}"),
            DiagramErrorKind::NotAPoint(token) => {
                write!(f, "unexpected {token:?} in a board row")
            }
            DiagramErrorKind::TooLarge { width, height } => write!(
                f,
                "board {width}x{height} is larger than {max}x{max}",
                max = Grid::MAX_SIDE
            ),
            DiagramErrorKind::Position(e) => write!(f, "{e}"),
        }
    }
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for DiagramError {}

/// A parsed diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextDiagram {
    /// The position drawn.
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

/// The Go marks a drawing may put on an empty point: roads of each side, essential eyes,
/// split points.
const MARKS: [char; 4] = ['b', 'w', '#', '='];

/// A character that draws a Go point, as the board's rows use them.
fn is_point_glyph(c: char) -> bool {
    MARKS.contains(&c)
        || matches!(
            Cell::from_token(&c.to_string()),
            Some(Cell::Empty(_) | Cell::Stone(..))
        )
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

/// `# …` lines holding text are comments (the diagram files' headers); a row of `#` eye
/// marks holds only board glyphs after the `#`.
fn is_comment(line: &str) -> bool {
    line.starts_with('#')
        && line
            .chars()
            .any(|c| !c.is_whitespace() && !is_point_glyph(c) && !c.is_ascii_digit())
}

/// A line before the board that does not start (after an optional rank label) with a Go
/// point: a title.
fn is_prose(line: &str) -> bool {
    let rest = line
        .trim_start()
        .trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.trim_start();
    let labelled = rest.len() < line.trim_start().len();
    match rest.chars().next() {
        Some(c) => !labelled && !is_point_glyph(c) && !matches!(c, '-' | '_'),
        None => false,
    }
}

/// Parses a Go text: `key: value` header lines and `#` comments, then a board drawing read
/// by [`board_core::diagram::parse`], interpreted by [`position_of`].
pub fn parse(text: &str) -> Result<TextDiagram, DiagramError> {
    // A byte order mark (Windows editors) would make the first row unreadable as a row, and
    // the board would silently lose it; lines and columns still count from the mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut header = Vec::new();
    let mut board = String::with_capacity(text.len());
    // The lines handed to the drawing reader, by line number; the others become blank lines
    // so that the reader's positions are positions in `text`.
    let mut board_lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        let keep = if trimmed.is_empty() || is_comment(trimmed) {
            false
        } else if board_lines.is_empty() {
            if let Some(field) = header_field(line) {
                header.push(field);
                false
            } else {
                !is_prose(line)
            }
        } else {
            true
        };
        if keep {
            board.push_str(line);
            board_lines.push((i + 1, line));
        }
        board.push('\n');
    }
    if board_lines.is_empty() {
        return Err(DiagramError {
            line: text.lines().count().max(1),
            column: 1,
            kind: DiagramErrorKind::Drawing(diagram::DiagramErrorKind::Empty),
        });
    }
    let drawing = diagram::parse(&board).map_err(|e| DiagramError {
        line: e.line,
        column: e.column,
        kind: DiagramErrorKind::Drawing(e.kind),
    })?;
    let first_line = board_lines.first().map_or(1, |&(line, _)| line);
    let (position, marks) = position_of(&drawing).map_err(|(row, kind)| {
        // Rows are the kept lines that hold cells, in order; file labels come first or last.
        let at = board_lines
            .iter()
            .filter(|(_, l)| l.chars().any(is_point_glyph))
            .nth(row)
            .copied();
        let (line, column) = match (&kind, at) {
            (DiagramErrorKind::NotAPoint(token), Some((no, l))) => {
                let first = token.chars().next().unwrap_or(' ');
                (no, l.chars().position(|c| c == first).map_or(1, |c| c + 1))
            }
            _ => (first_line, 1),
        };
        DiagramError { line, column, kind }
    })?;
    Ok(TextDiagram {
        position,
        marks,
        header,
    })
}

/// A position read from a drawing and the mark drawn on each point.
pub type Drawn = (Position, Vec<Option<char>>);

/// The Go position a board drawing shows, with the mark drawn on each point: `●`/`X`/`x`
/// Black, `○`/`O`/`o` White, junctions and `.`/`+` empty, `b`/`w`/`#`/`=` marked empty
/// points. On error, the row (0 = top) where the problem is and what it is.
pub fn position_of(drawing: &Diagram) -> Result<Drawn, (usize, DiagramErrorKind)> {
    let (width, height) = (drawing.width, drawing.height);
    if width > usize::from(Grid::MAX_SIDE) || height > usize::from(Grid::MAX_SIDE) {
        return Err((0, DiagramErrorKind::TooLarge { width, height }));
    }
    let mut stones = Vec::with_capacity(width * height);
    let mut marks = Vec::with_capacity(width * height);
    for (i, cell) in drawing.cells.iter().enumerate() {
        let (stone, mark) = match cell {
            Cell::Stone(diagram::Stone::Black, _) => (Stone::Black, None),
            Cell::Stone(diagram::Stone::White, _) => (Stone::White, None),
            Cell::Empty(_) => (Stone::Empty, None),
            Cell::Mark(c) if MARKS.contains(c) => (Stone::Empty, Some(*c)),
            other => {
                return Err((i / width.max(1), DiagramErrorKind::NotAPoint(other.token())));
            }
        };
        stones.push(stone);
        marks.push(mark);
    }
    let shape = Shape::grid(width as u32, height as u32)
        .map_err(|_| (0, DiagramErrorKind::TooLarge { width, height }))?;
    let position =
        Position::new(Arc::new(shape), stones).map_err(|e| (0, DiagramErrorKind::Position(e)))?;
    Ok((position, marks))
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

//! Text diagrams: parse and render the board drawings of the source documents.
//!
//! A [`Diagram`] is a grid of [`Cell`]s with optional rank labels (one per row) and file
//! labels (one per column), plus the [`Layout`] the drawing used, so that
//! [`render`] gives back the drawing it was parsed from and `parse(render(d)) == d`.
//! The model knows no game rule: stones, marks and piece tokens are kept as drawn.
//!
//! Drawings it reads (all seen in the source documents or their usual neighbours):
//! - Go boards of box-drawing junctions `┌┬┐├┼┤└┴┘` with `●`/`○` stones, cells side by
//!   side (`7b●┬●●○┐`) or joined by rules (`┌─●─┐`, with `│ │ │` lines between rows);
//! - rank labels before the row with or without a space (`7 ┌●…`, `7b●…`), or after it;
//! - file-label lines above or below, after a filler such as `--`, `_` or spaces;
//! - marks on points (`b`, `w`, `#`) and notes written to the right of a row;
//! - ASCII boards (`x`/`o`/`.`, `X`/`O`/`+`), space-separated tokens (`香 桂 ■`) and
//!   `|`-framed BOD rows (`|v香v桂 ・|一`);
//! - ASCII, full-width and CJK numerals (`7`, `７`, `七`, `十`) as labels;
//! - blank lines between rows.

mod cell;
mod error;
pub mod file;
mod labels;
mod parse;
mod render;

pub use cell::{Cell, Stone, box_glyph};
pub use error::{DiagramError, DiagramErrorKind};
pub use file::{DiagramFile, Header, parse_file};
pub use parse::{parse, parse_bytes};
pub use render::{display_width, pad_left_to_width, pad_to_width, render, render_svg};

/// How cells of a row are separated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Separator {
    /// Cells side by side: `┌●┬●●○┐`.
    Adjacent,
    /// One space between cells: `香 桂 银`, `. X O`.
    Space,
    /// A rule character between cells: `┌─┬─┐` (`─`) or `+-+-+` (`-`).
    Rule(char),
}

/// Which side of the rows carries the rank labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RankSide {
    /// Before each row.
    Left,
    /// After each row.
    Right,
    /// Before and after each row (they must agree).
    Both,
}

/// Where the file-label line stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FilePlace {
    /// Above the first row.
    Above,
    /// Below the last row.
    Below,
    /// Above and below (they must agree).
    Both,
}

/// The drawing style of a diagram: everything besides cells and labels that rendering
/// needs to give back the drawing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// How the cells of a row are separated.
    pub separator: Separator,
    /// Rows enclosed in `|…|` with `+---+` lines above and below (BOD style); each cell
    /// takes two characters (`v香`, ` 香`, ` ・`).
    pub framed: bool,
    /// Which side of the rows carries the rank labels, when there are any.
    pub rank_side: RankSide,
    /// A space between a left rank label and the row (`7 ┌` rather than `7┌`).
    pub rank_gap: bool,
    /// Where the file-label line stands, when there is one.
    pub file_place: FilePlace,
    /// What stands before the first file label (`--`, `_`, spaces).
    pub file_prefix: String,
    /// File labels separated by spaces (`a b c`) rather than side by side (`abc`).
    pub file_spaced: bool,
    /// A blank line between consecutive lines of the drawing.
    pub blank_lines: bool,
    /// The character of connector lines between rows (`│ │ │`), if drawn.
    pub connector: Option<char>,
    /// Blanks before every row (beyond right-aligning the rank labels).
    pub indent: usize,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            separator: Separator::Adjacent,
            framed: false,
            rank_side: RankSide::Left,
            rank_gap: false,
            file_place: FilePlace::Below,
            file_prefix: String::new(),
            file_spaced: false,
            blank_lines: false,
            connector: None,
            indent: 0,
        }
    }
}

/// A parsed board drawing. Rows run top to bottom as drawn, columns left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    /// Columns (cells per row).
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Row-major, `height * width` cells.
    pub cells: Vec<Cell>,
    /// One label per row, top row first.
    pub rank_labels: Option<Vec<String>>,
    /// One label per column, left column first.
    pub file_labels: Option<Vec<String>>,
    /// Text written to the right of a row, one entry per row.
    pub notes: Vec<Option<String>>,
    /// The drawing style, so that rendering gives the drawing back.
    pub layout: Layout,
}

impl Diagram {
    /// A diagram of the given rows with the default layout (cells side by side, no
    /// labels). Fails if rows are ragged or empty, or a cell is not a drawable token.
    pub fn from_rows(rows: Vec<Vec<Cell>>) -> Result<Diagram, DiagramError> {
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if height == 0 || width == 0 {
            return Err(DiagramError::at(1, 1, DiagramErrorKind::Empty));
        }
        let mut cells = Vec::with_capacity(width * height);
        for (r, row) in rows.into_iter().enumerate() {
            if row.len() != width {
                return Err(DiagramError::at(
                    r + 1,
                    1,
                    DiagramErrorKind::RaggedRow {
                        expected: width,
                        found: row.len(),
                    },
                ));
            }
            for (c, cell) in row.into_iter().enumerate() {
                if Cell::from_token(&cell.token()).as_ref() != Some(&cell) {
                    let ch = cell.token().chars().next().unwrap_or(' ');
                    return Err(DiagramError::at(
                        r + 1,
                        c + 1,
                        DiagramErrorKind::UnexpectedChar(ch),
                    ));
                }
                cells.push(cell);
            }
        }
        Ok(Diagram {
            width,
            height,
            cells,
            rank_labels: None,
            file_labels: None,
            notes: vec![None; height],
            layout: Layout::default(),
        })
    }

    /// The cell at column `col`, row `row` (row 0 is the top row as drawn).
    pub fn get(&self, col: usize, row: usize) -> Option<&Cell> {
        if col < self.width && row < self.height {
            self.cells.get(row * self.width + col)
        } else {
            None
        }
    }

    /// The rows, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        self.cells.chunks(self.width.max(1))
    }

    /// How many cells draw `token` (e.g. `"●"`, `"b"`, `"步"`).
    pub fn count_token(&self, token: &str) -> usize {
        self.cells.iter().filter(|c| c.token() == token).count()
    }

    /// How many stones of a colour are drawn.
    pub fn count_stones(&self, stone: Stone) -> usize {
        self.cells
            .iter()
            .filter(|c| c.stone() == Some(stone))
            .count()
    }
}

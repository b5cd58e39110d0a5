//! GTP vertices: a column letter `A`-`Z` without `I` (case-insensitive), then the row number
//! counted from the bottom, so `A1` is the bottom-left point. Source: GTP 2 draft (section
//! 2.11, "vertex"). The word `pass` is a move, not a vertex: see [`is_pass`].

use super::{Cursor, Notation, NotationError, NotationErrorKind};
use crate::grid::Grid;
use crate::point::Point;

/// The column letters in order: the alphabet without `I`.
pub const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The canonical vertex of `p` on `grid`: upper-case letter, row without leading zeros.
pub fn format(grid: &Grid, p: Point) -> String {
    let (x, y) = grid.coords(p);
    let row = u32::from(grid.height()) - u32::from(y);
    format!("{}{}", char::from(COLUMN_LETTERS[usize::from(x)]), row)
}

/// The point named by a vertex such as `D4` or `q16`.
pub fn parse(grid: &Grid, text: &str) -> Result<Point, NotationError> {
    let mut cur = Cursor::start(Notation::Gtp, text)?;
    let letter = cur.next("a column letter")?;
    let upper = letter.to_ascii_uppercase();
    let column = COLUMN_LETTERS
        .iter()
        .position(|&c| char::from(c) == upper)
        .ok_or_else(|| cur.unexpected_last(letter, "a column letter A-Z other than I"))?;
    if column >= usize::from(grid.width()) {
        return Err(cur.error_at(
            0,
            NotationErrorKind::OffBoard {
                what: "column",
                value: column as u32 + 1,
                max: u32::from(grid.width()),
            },
        ));
    }
    let (row, row_at) = cur.number("a row number", false)?;
    cur.finish()?;
    if row > u32::from(grid.height()) {
        return Err(cur.error_at(
            row_at,
            NotationErrorKind::OffBoard {
                what: "row",
                value: row,
                max: u32::from(grid.height()),
            },
        ));
    }
    // Both coordinates were checked against the grid above.
    let y = u16::from(grid.height()) - row as u16;
    Ok(Point(y * u16::from(grid.width()) + column as u16))
}

/// True for the GTP pass move, `pass` in any case.
pub fn is_pass(text: &str) -> bool {
    text.eq_ignore_ascii_case("pass")
}

//! SGF points: two letters, column then row, both counted from the top-left corner (`aa`).
//! Source: SGF `FF[4]` specification, "Go: Point, Move and Stone". `FF[4]` uses `a`-`z` for
//! 1-26 and `A`-`Z` for 27-52; grids stop at 25, so only lower-case letters are accepted.
//! Passes are the Go crate's business, helped by [`is_pass`].

use super::{Cursor, Notation, NotationError, NotationErrorKind};
use crate::grid::Grid;
use crate::point::Point;

/// The two-letter SGF point of `p` on `grid`.
pub fn format(grid: &Grid, p: Point) -> String {
    let (x, y) = grid.coords(p);
    [char::from(b'a' + x), char::from(b'a' + y)]
        .iter()
        .collect()
}

/// The point named by an SGF point such as `pd`.
pub fn parse(grid: &Grid, text: &str) -> Result<Point, NotationError> {
    let mut cur = Cursor::start(Notation::Sgf, text)?;
    let x = letter(&mut cur, "a column letter a-z", "column", grid.width())?;
    let y = letter(&mut cur, "a row letter a-z", "row", grid.height())?;
    cur.finish()?;
    // Both letters were checked against the grid by `letter`.
    Ok(Point(u16::from(y) * u16::from(grid.width()) + u16::from(x)))
}

fn letter(
    cur: &mut Cursor<'_>,
    expected: &'static str,
    what: &'static str,
    max: u8,
) -> Result<u8, NotationError> {
    let c = cur.next(expected)?;
    if !c.is_ascii_lowercase() {
        return Err(cur.unexpected_last(c, expected));
    }
    let value = c as u8 - b'a';
    if value >= max {
        return Err(cur.error_at(
            cur.offset() - 1,
            NotationErrorKind::OffBoard {
                what,
                value: u32::from(value) + 1,
                max: u32::from(max),
            },
        ));
    }
    Ok(value)
}

/// True if `text` is a pass on `grid`: the empty value (`FF[4]`), or `tt` on boards up to
/// 19x19 where it is not a point (`FF[3]` convention, still common).
pub fn is_pass(grid: &Grid, text: &str) -> bool {
    text.is_empty() || (text == "tt" && grid.width() <= 19 && grid.height() <= 19)
}

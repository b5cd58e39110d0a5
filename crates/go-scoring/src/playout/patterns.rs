//! The 3x3 shapes a playout answers next to the last move: hane, cuts and edge blocks.
//!
//! These are the shapes of the MoGo playout policy (Gelly, Wang, Munos and Teytaud,
//! "Modification of UCT with Patterns in Monte-Carlo Go", INRIA report RR-6062, 2006), the
//! shapes most Monte Carlo Go programs since have kept: a local answer to a contact move
//! (hane, cut, block along the edge) is what turns random play into a fight the stronger
//! side of the area wins, so that weak stones inside a closed area die in the playouts more
//! often than they live. Each shape is matched in its 8 rotations and reflections and with
//! the colours exchanged (a cutting point is as urgent for the side that would be cut), so
//! the table depends on the colours of the 8 points around the move, not on who moves.
//!
//! Only grids have the diagonal neighbours these shapes need; on other graphs no shape is
//! matched and the policy goes on to its other rules.

use std::sync::OnceLock;

use crate::color::Stone;
use crate::topology::{Point, Shape};

/// Marks a ring slot outside the board.
pub(super) const OFF: Point = Point::MAX;

/// The 8 points around each point of a grid, row by row without the centre (north-west,
/// north, north-east, west, east, south-west, south, south-east), [`OFF`] past the edge.
pub(super) fn rings(shape: &Shape) -> Option<Vec<[Point; 8]>> {
    let (w, h) = shape.grid_size()?;
    let grid = shape.as_grid()?;
    let mut out = Vec::with_capacity(usize::from(w) * usize::from(h));
    for p in 0..u16::from(w) * u16::from(h) {
        let (x, y) = grid.coords(board_geometry::Point(p));
        let mut ring = [OFF; 8];
        let mut k = 0;
        for dy in -1i16..=1 {
            for dx in -1i16..=1 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let (nx, ny) = (i16::from(x) + dx, i16::from(y) + dy);
                if (0..i16::from(w)).contains(&nx) && (0..i16::from(h)).contains(&ny) {
                    ring[k] = grid
                        .point(nx as u8, ny as u8)
                        .map_or(OFF, |board_geometry::Point(q)| q);
                }
                k += 1;
            }
        }
        out.push(ring);
    }
    Some(out)
}

/// Whether the empty point whose ring is `ring` is one of the shapes, on the stones `at`.
#[inline]
pub(super) fn matches(ring: &[Point; 8], at: impl Fn(Point) -> Stone) -> bool {
    let mut code = 0usize;
    for &q in ring {
        let cell = if q == OFF {
            Cell::Off
        } else {
            match at(q) {
                Stone::Empty => Cell::Empty,
                Stone::Black => Cell::Black,
                Stone::White => Cell::White,
            }
        };
        code = code << 2 | cell as usize;
    }
    let table = table();
    table[code >> 6] >> (code & 63) & 1 == 1
}

/// What one ring point holds, as two bits of a table index.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Off = 3,
}

/// The shapes, the move at the centre, rows from the top. `X` and `O` are stones of the two
/// colours (either way round), `x` is anything but an `X` stone on the board (empty or `O`),
/// `o` likewise anything but `O`, `.` empty, `#` off the board, `?` anything.
const SHAPES: &[[&str; 3]] = &[
    // hane that encloses a stone between two of the player's
    ["XOX", "...", "???"],
    // hane that leaves no cut
    ["XO.", "...", "?.?"],
    // hane from a stone already bent round (magari)
    ["XO?", "X..", "x.?"],
    // cut of two stones that nothing protects
    ["XO?", "O.o", "?o?"],
    // cut of two stones already peeped at
    ["XO?", "O.X", "???"],
    // pushing out between two stones (de)
    ["?X?", "O.O", "ooo"],
    // cut through a knight's move
    ["OX?", "o.O", "???"],
    // along the edge: chasing a stone under the player's
    ["X.?", "O.?", "###"],
    // along the edge: blocking a cut
    ["OX?", "X.O", "###"],
    // along the edge: blocking the connection under a stone
    ["?X?", "x.O", "###"],
    // along the edge: descending beside a stone (sagari)
    ["?XO", "x.x", "###"],
    // along the edge: cutting
    ["?OX", "X.O", "###"],
];

/// The cells a shape letter admits, with `X` the colour `x_is`.
fn admitted(letter: u8, x_is: Cell) -> &'static [Cell] {
    let black_x = x_is == Cell::Black;
    match (letter, black_x) {
        (b'.', _) => &[Cell::Empty],
        (b'#', _) => &[Cell::Off],
        (b'?', _) => &[Cell::Empty, Cell::Black, Cell::White, Cell::Off],
        (b'X', true) | (b'O', false) => &[Cell::Black],
        (b'X', false) | (b'O', true) => &[Cell::White],
        (b'x', true) | (b'o', false) => &[Cell::Empty, Cell::White],
        (b'x', false) | (b'o', true) => &[Cell::Empty, Cell::Black],
        _ => &[],
    }
}

/// 2^16 bits, one per ring code: the shapes in every orientation and colouring.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u64; 1024]);
        for shape in SHAPES {
            for symmetry in 0..8 {
                let letters = oriented(shape, symmetry);
                for x_is in [Cell::Black, Cell::White] {
                    let choices: Vec<&[Cell]> =
                        letters.iter().map(|&l| admitted(l, x_is)).collect();
                    mark_all(&choices, 0, 0, &mut table);
                }
            }
        }
        table
    })
}

/// Sets the bit of every code whose cells `choices[i..]` admit, `code` holding the first `i`.
fn mark_all(choices: &[&[Cell]], i: usize, code: usize, table: &mut [u64; 1024]) {
    if i == choices.len() {
        table[code >> 6] |= 1 << (code & 63);
        return;
    }
    for &cell in choices[i] {
        mark_all(choices, i + 1, code << 2 | cell as usize, table);
    }
}

/// The ring letters (in [`rings`]' order) of `shape` turned by `symmetry` (0..8: four
/// rotations, each also reflected).
fn oriented(shape: &[&str; 3], symmetry: u8) -> [u8; 8] {
    let mut out = [b'?'; 8];
    let mut k = 0;
    for y in -1i8..=1 {
        for x in -1i8..=1 {
            if x == 0 && y == 0 {
                continue;
            }
            // the shape cell that lands on ring cell (x, y)
            let (mut sx, mut sy) = if symmetry & 4 != 0 { (-x, y) } else { (x, y) };
            for _ in 0..symmetry & 3 {
                (sx, sy) = (-sy, sx);
            }
            out[k] = shape[(sy + 1) as usize].as_bytes()[(sx + 1) as usize];
            k += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ring of a 3x3 picture (centre ignored), `X` Black, `O` White, `#` off the board.
    fn ring_of(rows: [&str; 3]) -> impl Fn(Point) -> Stone {
        let cells: Vec<u8> = rows.iter().flat_map(|r| r.bytes()).collect();
        move |q: Point| match cells[usize::from(q)] {
            b'X' => Stone::Black,
            b'O' => Stone::White,
            _ => Stone::Empty,
        }
    }

    fn matched(rows: [&str; 3]) -> bool {
        let cells: Vec<u8> = rows.iter().flat_map(|r| r.bytes()).collect();
        let mut ring = [OFF; 8];
        let mut k = 0;
        for (i, &c) in cells.iter().enumerate() {
            if i == 4 {
                continue;
            }
            ring[k] = if c == b'#' { OFF } else { i as Point };
            k += 1;
        }
        matches(&ring, ring_of(rows))
    }

    #[test]
    fn each_shape_matches_in_every_orientation_and_colouring() {
        // MoGo's shapes as listed in the module doc, turned by hand: the enclosing hane as
        // drawn, rotated a quarter turn, and with the colours exchanged
        assert!(matched(["XOX", "...", "..."]));
        assert!(matched(["X..", "O..", "X.."]));
        assert!(matched(["OXO", "...", "..."]));
        // the unprotected cut, reflected
        assert!(matched([".OX", "..O", "..."]));
        // the edge block along the bottom edge and along the left edge
        assert!(matched(["OX.", "X.O", "###"]));
        assert!(matched(["#XO", "#.X", "#O."]));
    }

    #[test]
    fn empty_and_unrelated_surroundings_match_nothing() {
        // an open point with no stone around is no contact answer, nor a lone stone on a
        // diagonal, nor stones of one colour only (every shape has both colours)
        assert!(!matched(["...", "...", "..."]));
        assert!(!matched(["X..", "...", "..."]));
        assert!(!matched(["XXX", "...", "..."]));
        // the edge shapes need the edge: blocking the connection under a stone on the
        // first line is a shape, the same stones one line up are none
        assert!(matched([".X.", "..O", "###"]));
        assert!(!matched([".X.", "..O", "..."]));
    }
}

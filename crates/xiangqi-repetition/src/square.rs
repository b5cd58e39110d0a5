//! Board points and their coordinates.
//!
//! Index convention (shared with `board-geometry`): `index = y * 9 + x` with `x` the column from
//! Red's left (file `a` = 0) and `y` the row from the top of the board as drawn with Red at the
//! bottom, so index order is FEN reading order. The ICCS rank is `9 - y` (Red's back rank is 0).

use std::fmt;

/// Number of files (columns).
pub const FILES: u8 = 9;
/// Number of ranks (rows).
pub const RANKS: u8 = 10;
/// Number of points on the board.
pub const SQUARES: usize = 90;

/// One of the 90 points of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(u8);

impl Square {
    /// The point with index `index` (`0..90`), or `None`.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 90 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Internal constructor for indices known to be in range.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// The point at column `x` (0 = file `a`) and row `y` (0 = top, Black's back rank).
    #[inline]
    pub const fn from_xy(x: u8, y: u8) -> Option<Square> {
        if x < FILES && y < RANKS {
            Some(Square(y * 9 + x))
        } else {
            None
        }
    }

    /// The point at ICCS file (0 = `a`) and ICCS rank (0 = Red's back rank).
    #[inline]
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square((9 - rank) * 9 + file))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn x(self) -> u8 {
        self.0 % 9
    }

    #[inline]
    pub const fn y(self) -> u8 {
        self.0 / 9
    }

    /// ICCS file, 0 = `a` (Red's left).
    #[inline]
    pub const fn file(self) -> u8 {
        self.x()
    }

    /// ICCS rank, 0 = Red's back rank.
    #[inline]
    pub const fn rank(self) -> u8 {
        9 - self.y()
    }

    #[inline]
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// All 90 points in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

impl fmt::Display for Square {
    /// ICCS/UCCI name, e.g. `h2` (ranks 0-9).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

//! Moves and fixed-capacity move lists.

use crate::Square;
use std::fmt;

/// A move from one point to another; captures are implied by the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point it goes to (capturing what stands there).
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    /// ICCS/UCCI coordinates with ranks 0-9, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// No xiangqi position has more than 128 pseudo-legal moves (two rooks and two cannons reach
/// at most 17 points each, horses 8, pawns 3, advisors and elephants 4, the king 4: 119).
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let z = Square::from_bit(0);
        MoveList {
            moves: [Move::new(z, z); MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, mv: Move) {
        // The capacity bound above makes overflow impossible for positions built by this crate.
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// The moves, in generation order.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

//! The eight compass directions and leaper offsets.
//!
//! North is towards the top row (`y` decreasing), i.e. away from the first side, which sits
//! at the bottom: it is "forward" for Red in xiangqi and sente in shogi.

use board_core::Side;

/// One of the eight directions between adjacent squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// Towards the top row (`y - 1`): forward for the first side.
    North = 0,
    /// Up and to the right.
    NorthEast = 1,
    /// Towards the right (`x + 1`).
    East = 2,
    /// Down and to the right.
    SouthEast = 3,
    /// Towards the bottom row (`y + 1`): forward for the second side.
    South = 4,
    /// Down and to the left.
    SouthWest = 5,
    /// Towards the left (`x - 1`).
    West = 6,
    /// Up and to the left.
    NorthWest = 7,
}

impl Direction {
    /// All eight, clockwise from North; `ALL[d.index()] == d`.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The four rook-like directions.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The four bishop-like directions.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// Position in [`Direction::ALL`], for indexing per-direction tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `(dx, dy)` of one step: x grows to the right, y grows downwards.
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, -1),
            Direction::NorthEast => (1, -1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, 1),
            Direction::South => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// The direction with the given one-step delta, if it is one.
    pub const fn from_delta(dx: i8, dy: i8) -> Option<Direction> {
        let mut i = 0;
        while i < 8 {
            let d = Direction::ALL[i];
            let (ex, ey) = d.delta();
            if ex == dx && ey == dy {
                return Some(d);
            }
            i += 1;
        }
        None
    }

    /// The reverse direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// True for the four diagonal directions.
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        self as u8 % 2 == 1
    }

    /// The direction `side` calls forward: North for the first side (drawn at the bottom),
    /// South for the second.
    #[inline]
    pub const fn forward(side: Side) -> Direction {
        match side {
            Side::First => Direction::North,
            Side::Second => Direction::South,
        }
    }

    /// The same direction seen from the other side of the board (rotated 180 degrees).
    #[inline]
    pub const fn rotate180(self) -> Direction {
        self.opposite()
    }

    /// The direction reflected left-right (East and West exchanged).
    #[inline]
    pub const fn mirror(self) -> Direction {
        Direction::ALL[(8 - self as usize) % 8]
    }
}

/// A leap of `(dx, dy)` whose path is blocked by a piece on `(block_dx, block_dy)`: the leg of
/// a xiangqi horse or the eye of a xiangqi elephant. Pure geometry; the rule crates decide
/// which leaps a piece has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockedLeap {
    /// Column offset of the leap's target.
    pub dx: i8,
    /// Row offset of the leap's target.
    pub dy: i8,
    /// Column offset of the square whose piece blocks the leap.
    pub block_dx: i8,
    /// Row offset of the square whose piece blocks the leap.
    pub block_dy: i8,
}

/// The eight `(±1, ±2)` / `(±2, ±1)` leaps of a chess knight or xiangqi horse.
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (1, -2),
    (2, -1),
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
];

/// The knight leaps with their leg square: the orthogonal neighbour in the direction of the
/// long component (a xiangqi horse is blocked there).
pub const HORSE_LEAPS: [BlockedLeap; 8] = {
    let mut out = [BlockedLeap {
        dx: 0,
        dy: 0,
        block_dx: 0,
        block_dy: 0,
    }; 8];
    let mut i = 0;
    while i < 8 {
        let (dx, dy) = KNIGHT_OFFSETS[i];
        let (block_dx, block_dy) = if dx == 2 || dx == -2 {
            (dx / 2, 0)
        } else {
            (0, dy / 2)
        };
        out[i] = BlockedLeap {
            dx,
            dy,
            block_dx,
            block_dy,
        };
        i += 1;
    }
    out
};

/// The four `(±2, ±2)` leaps with their midpoint (the eye of a xiangqi elephant).
pub const ELEPHANT_LEAPS: [BlockedLeap; 4] = [
    BlockedLeap {
        dx: 2,
        dy: -2,
        block_dx: 1,
        block_dy: -1,
    },
    BlockedLeap {
        dx: 2,
        dy: 2,
        block_dx: 1,
        block_dy: 1,
    },
    BlockedLeap {
        dx: -2,
        dy: 2,
        block_dx: -1,
        block_dy: 1,
    },
    BlockedLeap {
        dx: -2,
        dy: -2,
        block_dx: -1,
        block_dy: -1,
    },
];

/// The two leaps of a shogi knight for `side`: two steps forward and one sideways.
pub const fn shogi_knight_offsets(side: Side) -> [(i8, i8); 2] {
    let (_, fy) = Direction::forward(side).delta();
    [(-1, 2 * fy), (1, 2 * fy)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_and_mirror_are_involutions() {
        for d in Direction::ALL {
            assert_eq!(Direction::ALL[d.index()], d);
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.mirror().mirror(), d);
            let (dx, dy) = d.delta();
            assert_eq!(d.opposite().delta(), (-dx, -dy));
            assert_eq!(d.mirror().delta(), (-dx, dy));
            assert_eq!(Direction::from_delta(dx, dy), Some(d));
            assert_eq!(d.is_diagonal(), dx != 0 && dy != 0);
        }
        assert_eq!(Direction::from_delta(0, 0), None);
        assert_eq!(Direction::from_delta(2, 0), None);
    }

    #[test]
    fn leaps_have_their_block_halfway_along_the_long_leg() {
        for leap in HORSE_LEAPS {
            assert_eq!(leap.dx.abs() + leap.dy.abs(), 3);
            assert_eq!(leap.block_dx.abs() + leap.block_dy.abs(), 1);
            // The leg lies on the long component of the leap.
            assert!(leap.block_dx * leap.dx == 2 || leap.block_dy * leap.dy == 2);
        }
        for leap in ELEPHANT_LEAPS {
            assert_eq!((leap.block_dx * 2, leap.block_dy * 2), (leap.dx, leap.dy));
        }
        assert_eq!(shogi_knight_offsets(Side::First), [(-1, -2), (1, -2)]);
        assert_eq!(shogi_knight_offsets(Side::Second), [(-1, 2), (1, 2)]);
    }
}

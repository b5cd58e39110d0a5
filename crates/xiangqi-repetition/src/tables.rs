//! Attack tables computed at compile time by `const fn`, from the board geometry of
//! [`board_geometry::xiangqi`]: squares and their offsets, palaces, river halves, rows and
//! columns.
//!
//! Tables are `u128` words indexed by [`Square::index`] (FEN order, `y = 0` is Black's back
//! rank), the form the move generator's hot loops read. Rook and cannon lines use two
//! occupancy views kept by the position: the normal bitboard, where a rank is 9 consecutive
//! bits, and a file-major copy (`bit x * 10 + y`), where a file is 10 consecutive bits. A
//! rank or file occupancy then indexes a small table.

use board_core::Side;
use board_geometry::xiangqi::{self as geo, HEIGHT, SQUARES, Square, WIDTH};

/// A leaper step that a single point can block: the horse leg or the elephant eye.
#[derive(Clone, Copy, Debug)]
pub struct Leap {
    /// The blocking point (empty set when the step leaves the board).
    pub block: u128,
    /// The points reached when `block` is empty.
    pub targets: u128,
}

const EMPTY_LEAP: Leap = Leap {
    block: 0,
    targets: 0,
};

/// The square of a table index (every index below [`SQUARES`] is one).
const fn square(index: usize) -> Square {
    match Square::from_index(index) {
        Some(sq) => sq,
        None => panic!("table index off the board"),
    }
}

/// The bit of the square `(dx, dy)` away from `sq`, or 0 off the board.
const fn step_bit(sq: Square, dx: i8, dy: i8) -> u128 {
    match sq.offset(dx, dy) {
        Some(to) => to.bit().0,
        None => 0,
    }
}

/// The palace holding `sq`, or the empty set outside both palaces.
const fn palace_of(sq: Square) -> u128 {
    let bit = sq.bit().0;
    let red = geo::palace(Side::First).0;
    let black = geo::palace(Side::Second).0;
    if red & bit != 0 {
        red
    } else if black & bit != 0 {
        black
    } else {
        0
    }
}

/// The river half holding `sq`: an elephant never leaves it.
const fn half_of(sq: Square) -> u128 {
    let red = geo::own_half(Side::First).0;
    if red & sq.bit().0 != 0 {
        red
    } else {
        geo::own_half(Side::Second).0
    }
}

/// Orthogonal steps as `(dx, dy)`: towards Black's side, towards Red's, right, left.
const ORTHO: [(i8, i8); 4] = [(0, -1), (0, 1), (1, 0), (-1, 0)];
/// Diagonal steps as `(dx, dy)`.
const DIAG: [(i8, i8); 4] = [(1, -1), (-1, -1), (1, 1), (-1, 1)];

/// Steps from every point that stay inside its own palace (king: `ORTHO`, advisor: `DIAG`).
const fn palace_steps(steps: &[(i8, i8); 4]) -> [u128; SQUARES] {
    let leaps = geo::leaper_table(steps);
    let mut t = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        t[s] = leaps[s].0 & palace_of(square(s));
        s += 1;
    }
    t
}

const fn elephant_table() -> [[Leap; 4]; SQUARES] {
    let mut t = [[EMPTY_LEAP; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let sq = square(s);
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = DIAG[d];
            let target = step_bit(sq, 2 * dx, 2 * dy) & half_of(sq);
            if target != 0 {
                t[s][d] = Leap {
                    block: step_bit(sq, dx, dy),
                    targets: target,
                };
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Horse moves from a point: per orthogonal leg, the two points beyond it.
const fn horse_table() -> [[Leap; 4]; SQUARES] {
    let mut t = [[EMPTY_LEAP; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let sq = square(s);
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = ORTHO[d];
            let leg = step_bit(sq, dx, dy);
            if leg != 0 {
                // Two steps along the leg direction and one step across.
                t[s][d] = Leap {
                    block: leg,
                    targets: step_bit(sq, 2 * dx + dy, 2 * dy + dx)
                        | step_bit(sq, 2 * dx - dy, 2 * dy - dx),
                };
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Horses that attack a point: per diagonal neighbour (the attacking horse's leg), the two
/// points from which a horse would jump over it to the point.
const fn horse_to_table() -> [[Leap; 4]; SQUARES] {
    let mut t = [[EMPTY_LEAP; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let sq = square(s);
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = DIAG[d];
            let leg = step_bit(sq, dx, dy);
            if leg != 0 {
                t[s][d] = Leap {
                    block: leg,
                    targets: step_bit(sq, 2 * dx, dy) | step_bit(sq, dx, 2 * dy),
                };
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Pawn moves: `[side][point]`. A pawn steps forward (Red towards `y = 0`) and, once
/// across the river (off its own half), sideways too.
const fn pawn_table() -> [[u128; SQUARES]; 2] {
    let mut t = [[0u128; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let (forward, own) = if side == 0 {
            (-1, geo::own_half(Side::First).0)
        } else {
            (1, geo::own_half(Side::Second).0)
        };
        let mut s = 0;
        while s < SQUARES {
            let sq = square(s);
            t[side][s] = step_bit(sq, 0, forward);
            if own & sq.bit().0 == 0 {
                t[side][s] |= step_bit(sq, -1, 0) | step_bit(sq, 1, 0);
            }
            s += 1;
        }
        side += 1;
    }
    t
}

/// Reverse pawn table: `[side][point]` = points from which a pawn of `side` attacks `point`.
const fn pawn_from_table(att: &[[u128; SQUARES]; 2]) -> [[u128; SQUARES]; 2] {
    let mut t = [[0u128; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let mut s = 0;
        while s < SQUARES {
            let mut to = 0;
            while to < SQUARES {
                if att[side][s] & (1u128 << to) != 0 {
                    t[side][to] |= 1u128 << s;
                }
                to += 1;
            }
            s += 1;
        }
        side += 1;
    }
    t
}

/// Rook reach along a line of `len` points from `pos` with occupancy `occ` (first blocker
/// included).
const fn line_rook(len: u32, pos: u32, occ: u32) -> u16 {
    let mut m = 0u16;
    let mut i = pos + 1;
    while i < len {
        m |= 1 << i;
        if occ & (1 << i) != 0 {
            break;
        }
        i += 1;
    }
    let mut i = pos as i32 - 1;
    while i >= 0 {
        m |= 1 << i;
        if occ & (1 << i) != 0 {
            break;
        }
        i -= 1;
    }
    m
}

/// Cannon capture points along a line: the first occupied point after the first screen.
const fn line_cannon(len: u32, pos: u32, occ: u32) -> u16 {
    let mut m = 0u16;
    let mut screen = false;
    let mut i = pos + 1;
    while i < len {
        if occ & (1 << i) != 0 {
            if screen {
                m |= 1 << i;
                break;
            }
            screen = true;
        }
        i += 1;
    }
    screen = false;
    let mut i = pos as i32 - 1;
    while i >= 0 {
        if occ & (1 << i) != 0 {
            if screen {
                m |= 1 << i;
                break;
            }
            screen = true;
        }
        i -= 1;
    }
    m
}

const fn rank_tables(cannon: bool) -> [[u16; 512]; 9] {
    let mut t = [[0u16; 512]; 9];
    let mut p = 0;
    while p < 9 {
        let mut o = 0;
        while o < 512 {
            t[p][o] = if cannon {
                line_cannon(9, p as u32, o as u32)
            } else {
                line_rook(9, p as u32, o as u32)
            };
            o += 1;
        }
        p += 1;
    }
    t
}

const fn file_tables(cannon: bool) -> [[u16; 1024]; 10] {
    let mut t = [[0u16; 1024]; 10];
    let mut p = 0;
    while p < 10 {
        let mut o = 0;
        while o < 1024 {
            t[p][o] = if cannon {
                line_cannon(10, p as u32, o as u32)
            } else {
                line_rook(10, p as u32, o as u32)
            };
            o += 1;
        }
        p += 1;
    }
    t
}

/// Spreads a 10-bit row mask onto file `a` of the board (bit `y` → the square `(0, y)`).
const fn file_spread() -> [u128; 1024] {
    let column = geo::column(0).0;
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut y = 0;
        while y < HEIGHT {
            if m & (1 << y) != 0 {
                t[m] |= column & geo::row(y).0;
            }
            y += 1;
        }
        m += 1;
    }
    t
}

/// Bit of each point in the file-major occupancy (`x * 10 + y`).
const fn rot_bits() -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let sq = square(s);
        t[s] = 1u128 << (sq.x() as usize * HEIGHT as usize + sq.y() as usize);
        s += 1;
    }
    t
}

const fn file_masks() -> [u128; WIDTH as usize] {
    let mut t = [0u128; WIDTH as usize];
    let mut x = 0;
    while x < WIDTH {
        t[x as usize] = geo::column(x).0;
        x += 1;
    }
    t
}

const fn rank_masks() -> [u128; HEIGHT as usize] {
    let mut t = [0u128; HEIGHT as usize];
    let mut y = 0;
    while y < HEIGHT {
        t[y as usize] = geo::row(y).0;
        y += 1;
    }
    t
}

/// Points reachable by the king (orthogonal palace steps).
pub static KING: [u128; SQUARES] = palace_steps(&ORTHO);
/// Points reachable by an advisor (diagonal palace steps).
pub static ADVISOR: [u128; SQUARES] = palace_steps(&DIAG);
/// Elephant steps per diagonal, with the eye that blocks each.
pub static ELEPHANT: [[Leap; 4]; SQUARES] = elephant_table();
/// Horse steps per leg.
pub static HORSE: [[Leap; 4]; SQUARES] = horse_table();
/// Horse attackers of a point per (diagonal) leg.
pub static HORSE_TO: [[Leap; 4]; SQUARES] = horse_to_table();
/// Pawn steps `[side][point]`.
pub static PAWN: [[u128; SQUARES]; 2] = pawn_table();
/// Points from which a pawn of `side` attacks a point.
pub static PAWN_FROM: [[u128; SQUARES]; 2] = pawn_from_table(&pawn_table());
static RANK_ROOK: [[u16; 512]; 9] = rank_tables(false);
static RANK_CANNON: [[u16; 512]; 9] = rank_tables(true);
static FILE_ROOK: [[u16; 1024]; 10] = file_tables(false);
static FILE_CANNON: [[u16; 1024]; 10] = file_tables(true);
static FILE_SPREAD: [u128; 1024] = file_spread();
/// Bit of each point in the file-major occupancy.
pub static ROT: [u128; SQUARES] = rot_bits();
/// All points of each file.
pub static FILE_MASK: [u128; WIDTH as usize] = file_masks();

/// Rook reach along the rank of `sq` (first blocker included).
#[inline(always)]
pub fn rook_rank(sq: usize, occ: u128) -> u128 {
    let (x, y) = (sq % 9, sq / 9);
    let o = ((occ >> (y * 9)) & 0x1FF) as usize;
    (RANK_ROOK[x][o] as u128) << (y * 9)
}

/// Rook reach along the file of `sq` (first blocker included).
#[inline(always)]
pub fn rook_file(sq: usize, rot: u128) -> u128 {
    let (x, y) = (sq % 9, sq / 9);
    let o = ((rot >> (x * 10)) & 0x3FF) as usize;
    FILE_SPREAD[FILE_ROOK[y][o] as usize] << x
}

/// Rook reach in all four directions.
#[inline(always)]
pub fn rook(sq: usize, occ: u128, rot: u128) -> u128 {
    rook_rank(sq, occ) | rook_file(sq, rot)
}

/// Cannon capture points (beyond exactly one screen) in all four directions.
#[inline(always)]
pub fn cannon_captures(sq: usize, occ: u128, rot: u128) -> u128 {
    let (x, y) = (sq % 9, sq / 9);
    let ro = ((occ >> (y * 9)) & 0x1FF) as usize;
    let fo = ((rot >> (x * 10)) & 0x3FF) as usize;
    ((RANK_CANNON[x][ro] as u128) << (y * 9)) | (FILE_SPREAD[FILE_CANNON[y][fo] as usize] << x)
}

/// Horse destinations from `sq` given the occupancy (legs must be empty).
#[inline(always)]
pub fn horse(sq: usize, occ: u128) -> u128 {
    let t = &HORSE[sq];
    let mut m = 0;
    for leap in t {
        if occ & leap.block == 0 {
            m |= leap.targets;
        }
    }
    m
}

/// Points from which a horse would attack `sq` given the occupancy.
#[inline(always)]
pub fn horse_attackers(sq: usize, occ: u128) -> u128 {
    let t = &HORSE_TO[sq];
    let mut m = 0;
    for leap in t {
        if occ & leap.block == 0 {
            m |= leap.targets;
        }
    }
    m
}

/// Elephant destinations from `sq` (eyes must be empty; never across the river).
#[inline(always)]
pub fn elephant(sq: usize, occ: u128) -> u128 {
    let t = &ELEPHANT[sq];
    let mut m = 0;
    for leap in t {
        if occ & leap.block == 0 {
            m |= leap.targets;
        }
    }
    m
}

/// Points strictly between two points on a common rank or file (empty otherwise).
#[inline(always)]
pub fn between(a: usize, b: usize) -> u128 {
    geo::between(Square::from_bit(a as u32), Square::from_bit(b as u32)).0
}

/// The squares pieces of each kind can ever occupy.
pub mod reach {
    use super::{SQUARES, square};
    use board_core::Side;
    use board_geometry::xiangqi as geo;

    /// The points a Red piece of table kind `kind` can reach; Black's are the same points
    /// rotated (every pattern is symmetric left-right).
    const fn red(kind: usize) -> u128 {
        let palace = geo::palace(Side::First).0;
        let mut bits = 0u128;
        let mut s = 0;
        while s < SQUARES {
            let sq = square(s);
            // Rows counted from Black's back rank: Red's back rank is 9, the river bank 5.
            let (x, y) = (sq.x(), sq.y());
            let in_palace = palace & sq.bit().0 != 0;
            let ok = match kind {
                0 => in_palace,
                1 => in_palace && (x + y) % 2 == 0,
                2 => (y == 7 && x % 4 == 0) || ((y == 5 || y == 9) && x % 4 == 2),
                6 => y <= 4 || (y <= 6 && x % 2 == 0),
                _ => true,
            };
            if ok {
                bits |= sq.bit().0;
            }
            s += 1;
        }
        bits
    }

    const fn build(kind: usize) -> [u128; 2] {
        let red = red(kind);
        [red, geo::rotate180_bits(geo::Bitboard(red)).0]
    }

    /// `[kind][side]`: points a piece of that kind and side can ever stand on.
    pub static REACHABLE: [[u128; 2]; 7] = [
        build(0),
        build(1),
        build(2),
        build(3),
        build(4),
        build(5),
        build(6),
    ];
}

/// All points of each row (`y`).
pub static RANK_MASK: [u128; HEIGHT as usize] = rank_masks();

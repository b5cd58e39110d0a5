//! Attack tables computed at compile time by `const fn`.
//!
//! Squares follow [`crate::square`]: `index = y * 9 + x`, `y = 0` is Black's back rank.
//! Rook and cannon lines use two occupancy views kept by the position: the normal bitboard,
//! where a rank is 9 consecutive bits, and a file-major copy (`bit x * 10 + y`), where a file is
//! 10 consecutive bits. A rank or file occupancy then indexes a small table.

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

const fn on_board(x: i32, y: i32) -> bool {
    x >= 0 && x < 9 && y >= 0 && y < 10
}

const fn bit(x: i32, y: i32) -> u128 {
    1u128 << (y * 9 + x)
}

/// Whether `(x, y)` lies in either palace.
pub const fn in_palace(x: i32, y: i32) -> bool {
    x >= 3 && x <= 5 && (y <= 2 || y >= 7) && y >= 0 && y <= 9
}

const fn same_palace(y0: i32, y1: i32) -> bool {
    (y0 <= 2) == (y1 <= 2)
}

const fn same_half(y0: i32, y1: i32) -> bool {
    (y0 <= 4) == (y1 <= 4)
}

const ORTHO: [(i32, i32); 4] = [(0, -1), (0, 1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, -1), (-1, -1), (1, 1), (-1, 1)];

const fn king_table() -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (x, y) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(x, y) {
            let mut d = 0;
            while d < 4 {
                let (nx, ny) = (x + ORTHO[d].0, y + ORTHO[d].1);
                if on_board(nx, ny) && in_palace(nx, ny) && same_palace(y, ny) {
                    t[s] |= bit(nx, ny);
                }
                d += 1;
            }
        }
        s += 1;
    }
    t
}

const fn advisor_table() -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (x, y) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(x, y) {
            let mut d = 0;
            while d < 4 {
                let (nx, ny) = (x + DIAG[d].0, y + DIAG[d].1);
                if on_board(nx, ny) && in_palace(nx, ny) && same_palace(y, ny) {
                    t[s] |= bit(nx, ny);
                }
                d += 1;
            }
        }
        s += 1;
    }
    t
}

const fn elephant_table() -> [[Leap; 4]; 90] {
    let mut t = [[EMPTY_LEAP; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (x, y) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = DIAG[d];
            let (tx, ty) = (x + 2 * dx, y + 2 * dy);
            if on_board(tx, ty) && same_half(y, ty) {
                t[s][d] = Leap {
                    block: bit(x + dx, y + dy),
                    targets: bit(tx, ty),
                };
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Horse moves from a point: per orthogonal leg, the two points beyond it.
const fn horse_table() -> [[Leap; 4]; 90] {
    let mut t = [[EMPTY_LEAP; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (x, y) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = ORTHO[d];
            let (lx, ly) = (x + dx, y + dy);
            if on_board(lx, ly) {
                let mut targets = 0u128;
                // Two points two steps along the leg direction and one step across.
                let (ax, ay) = (x + 2 * dx + dy, y + 2 * dy + dx);
                let (bx, by) = (x + 2 * dx - dy, y + 2 * dy - dx);
                if on_board(ax, ay) {
                    targets |= bit(ax, ay);
                }
                if on_board(bx, by) {
                    targets |= bit(bx, by);
                }
                t[s][d] = Leap {
                    block: bit(lx, ly),
                    targets,
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
const fn horse_to_table() -> [[Leap; 4]; 90] {
    let mut t = [[EMPTY_LEAP; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (x, y) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = DIAG[d];
            let (lx, ly) = (x + dx, y + dy);
            if on_board(lx, ly) {
                let mut targets = 0u128;
                if on_board(x + 2 * dx, y + dy) {
                    targets |= bit(x + 2 * dx, y + dy);
                }
                if on_board(x + dx, y + 2 * dy) {
                    targets |= bit(x + dx, y + 2 * dy);
                }
                t[s][d] = Leap {
                    block: bit(lx, ly),
                    targets,
                };
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Pawn moves: `[side][point]`; Red (side 0) moves towards `y = 0`.
const fn pawn_table() -> [[u128; 90]; 2] {
    let mut t = [[0u128; 90]; 2];
    let mut side = 0;
    while side < 2 {
        let mut s = 0;
        while s < 90 {
            let (x, y) = ((s % 9) as i32, (s / 9) as i32);
            let fwd = if side == 0 { -1 } else { 1 };
            let crossed = if side == 0 { y <= 4 } else { y >= 5 };
            if on_board(x, y + fwd) {
                t[side][s] |= bit(x, y + fwd);
            }
            if crossed {
                if x > 0 {
                    t[side][s] |= bit(x - 1, y);
                }
                if x < 8 {
                    t[side][s] |= bit(x + 1, y);
                }
            }
            s += 1;
        }
        side += 1;
    }
    t
}

/// Reverse pawn table: `[side][point]` = points from which a pawn of `side` attacks `point`.
const fn pawn_from_table(att: &[[u128; 90]; 2]) -> [[u128; 90]; 2] {
    let mut t = [[0u128; 90]; 2];
    let mut side = 0;
    while side < 2 {
        let mut s = 0;
        while s < 90 {
            let mut to = 0;
            while to < 90 {
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

/// Spreads a 10-bit row mask onto file `a` of the board (bit `y` → point `y * 9`).
const fn file_spread() -> [u128; 1024] {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut y = 0;
        while y < 10 {
            if m & (1 << y) != 0 {
                t[m] |= 1u128 << (y * 9);
            }
            y += 1;
        }
        m += 1;
    }
    t
}

/// Bit of each point in the file-major occupancy (`x * 10 + y`).
const fn rot_bits() -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = 1u128 << ((s % 9) * 10 + s / 9);
        s += 1;
    }
    t
}

const fn file_masks() -> [u128; 9] {
    let mut t = [0u128; 9];
    let mut x = 0;
    while x < 9 {
        let mut y = 0;
        while y < 10 {
            t[x] |= 1u128 << (y * 9 + x);
            y += 1;
        }
        x += 1;
    }
    t
}

/// Points reachable by the king (orthogonal palace steps).
pub static KING: [u128; 90] = king_table();
/// Points reachable by an advisor (diagonal palace steps).
pub static ADVISOR: [u128; 90] = advisor_table();
/// Elephant steps per diagonal, with the eye that blocks each.
pub static ELEPHANT: [[Leap; 4]; 90] = elephant_table();
/// Horse steps per leg.
pub static HORSE: [[Leap; 4]; 90] = horse_table();
/// Horse attackers of a point per (diagonal) leg.
pub static HORSE_TO: [[Leap; 4]; 90] = horse_to_table();
/// Pawn steps `[side][point]`.
pub static PAWN: [[u128; 90]; 2] = pawn_table();
/// Points from which a pawn of `side` attacks a point.
pub static PAWN_FROM: [[u128; 90]; 2] = pawn_from_table(&pawn_table());
static RANK_ROOK: [[u16; 512]; 9] = rank_tables(false);
static RANK_CANNON: [[u16; 512]; 9] = rank_tables(true);
static FILE_ROOK: [[u16; 1024]; 10] = file_tables(false);
static FILE_CANNON: [[u16; 1024]; 10] = file_tables(true);
static FILE_SPREAD: [u128; 1024] = file_spread();
/// Bit of each point in the file-major occupancy.
pub static ROT: [u128; 90] = rot_bits();
/// All points of each file.
pub static FILE_MASK: [u128; 9] = file_masks();

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
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if lo == hi {
        return 0;
    }
    let span = (1u128 << hi) - (1u128 << (lo + 1));
    if lo / 9 == hi / 9 {
        span
    } else if lo % 9 == hi % 9 {
        span & FILE_MASK[lo % 9]
    } else {
        0
    }
}

/// The points of both palaces and the squares pieces of each kind can ever occupy.
pub mod reach {
    const fn build(kind: usize) -> [u128; 2] {
        let mut t = [0u128; 2];
        let mut side = 0;
        while side < 2 {
            let mut s = 0;
            while s < 90 {
                let (x, y): (i32, i32) = (s % 9, s / 9);
                // Own half and palace rows as seen from `side` (Red at the bottom).
                let own_y = if side == 0 { y } else { 9 - y };
                let ok = match kind {
                    0 => x >= 3 && x <= 5 && own_y >= 7,
                    1 => x >= 3 && x <= 5 && own_y >= 7 && (x + own_y) % 2 == 0,
                    2 => (own_y == 7 && x % 4 == 0) || ((own_y == 5 || own_y == 9) && x % 4 == 2),
                    6 => own_y <= 4 || (own_y <= 6 && x % 2 == 0),
                    _ => true,
                };
                if ok {
                    t[side] |= 1u128 << s;
                }
                s += 1;
            }
            side += 1;
        }
        t
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

const fn rank_masks() -> [u128; 10] {
    let mut t = [0u128; 10];
    let mut y = 0;
    while y < 10 {
        t[y] = 0x1FFu128 << (y * 9);
        y += 1;
    }
    t
}

/// All points of each row (`y`).
pub static RANK_MASK: [u128; 10] = rank_masks();

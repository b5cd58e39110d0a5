//! Attack tables computed at compile time: step attacks per side, sliding rays, and the
//! squares between / on the line through two squares (for pins and interpositions).
//!
//! Sliding attacks use the "classical" method: the ray in one direction, cut at the first
//! occupied square found with a single leading/trailing-zero count.

use board_core::{Bitboard128, Side};

use crate::types::{Kind, Square};

/// (file step, rank step) per direction; rank step -1 is towards rank 1 (Sente's forward).
const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, 0),
    (1, -1),
    (-1, 1),
    (1, 1),
    (-1, -1),
];

/// Directions whose index delta is positive (scan with trailing zeros). Opposite
/// directions are paired as `d` and `d ^ 1`.
const POSITIVE: [bool; 8] = [false, true, true, false, true, false, true, false];

const fn sq_of(file: i8, rank: i8) -> Option<u32> {
    if file >= 0 && file < 9 && rank >= 0 && rank < 9 {
        Some(file as u32 * 9 + rank as u32)
    } else {
        None
    }
}

const fn step_table(steps: &[(i8, i8)], side: usize) -> [u128; 81] {
    let mut out = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let f = (sq / 9) as i8;
        let r = (sq % 9) as i8;
        let mut i = 0;
        while i < steps.len() {
            let (df, dr) = steps[i];
            // Steps are written for Sente; Gote's are mirrored through the centre.
            let (df, dr) = if side == 0 { (df, dr) } else { (-df, -dr) };
            if let Some(t) = sq_of(f + df, r + dr) {
                out[sq] |= 1u128 << t;
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

const PAWN_STEPS: [(i8, i8); 1] = [(0, -1)];
const KNIGHT_STEPS: [(i8, i8); 2] = [(1, -2), (-1, -2)];
const SILVER_STEPS: [(i8, i8); 5] = [(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)];
const GOLD_STEPS: [(i8, i8); 6] = [(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)];
const KING_STEPS: [(i8, i8); 8] = [
    (0, -1),
    (1, -1),
    (-1, -1),
    (1, 0),
    (-1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
];

pub(crate) static PAWN: [[u128; 81]; 2] = [step_table(&PAWN_STEPS, 0), step_table(&PAWN_STEPS, 1)];
pub(crate) static KNIGHT: [[u128; 81]; 2] =
    [step_table(&KNIGHT_STEPS, 0), step_table(&KNIGHT_STEPS, 1)];
pub(crate) static SILVER: [[u128; 81]; 2] =
    [step_table(&SILVER_STEPS, 0), step_table(&SILVER_STEPS, 1)];
pub(crate) static GOLD: [[u128; 81]; 2] = [step_table(&GOLD_STEPS, 0), step_table(&GOLD_STEPS, 1)];
pub(crate) static KING: [u128; 81] = step_table(&KING_STEPS, 0);

const fn ray_table() -> [[u128; 81]; 8] {
    let mut out = [[0u128; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let (df, dr) = DIRS[d];
            let mut f = (sq / 9) as i8 + df;
            let mut r = (sq % 9) as i8 + dr;
            while let Some(t) = sq_of(f, r) {
                out[d][sq] |= 1u128 << t;
                f += df;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    out
}

pub(crate) static RAYS: [[u128; 81]; 8] = ray_table();

const fn line_tables() -> ([[u128; 81]; 81], [[u128; 81]; 81]) {
    let rays = ray_table();
    let mut between = [[0u128; 81]; 81];
    let mut line = [[0u128; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let opposite = d ^ 1;
            let ray = rays[d][a];
            let mut bits = ray;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Squares strictly between a and b: the ray from a minus the ray from b onwards.
                between[a][b] = ray & !rays[d][b] & !(1u128 << b);
                line[a][b] = ray | rays[opposite][a] | (1u128 << a);
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[u128; 81]; 81], [[u128; 81]; 81]) = line_tables();

/// Squares strictly between two aligned squares (empty if they are not aligned).
#[inline]
pub(crate) fn between(a: Square, b: Square) -> Bitboard128 {
    Bitboard128(LINES.0[a.index()][b.index()])
}

/// The whole line through two aligned squares (empty if they are not aligned).
#[inline]
pub(crate) fn line(a: Square, b: Square) -> Bitboard128 {
    Bitboard128(LINES.1[a.index()][b.index()])
}

#[inline]
fn slide(d: usize, sq: usize, occ: u128) -> u128 {
    let ray = RAYS[d][sq];
    let blockers = ray & occ;
    if blockers == 0 {
        ray
    } else if POSITIVE[d] {
        ray ^ RAYS[d][blockers.trailing_zeros() as usize]
    } else {
        ray ^ RAYS[d][127 - blockers.leading_zeros() as usize]
    }
}

#[inline]
pub(crate) fn rook_attacks(sq: Square, occ: Bitboard128) -> Bitboard128 {
    let s = sq.index();
    Bitboard128(slide(0, s, occ.0) | slide(1, s, occ.0) | slide(2, s, occ.0) | slide(3, s, occ.0))
}

#[inline]
pub(crate) fn bishop_attacks(sq: Square, occ: Bitboard128) -> Bitboard128 {
    let s = sq.index();
    Bitboard128(slide(4, s, occ.0) | slide(5, s, occ.0) | slide(6, s, occ.0) | slide(7, s, occ.0))
}

#[inline]
pub(crate) fn lance_attacks(side: Side, sq: Square, occ: Bitboard128) -> Bitboard128 {
    Bitboard128(slide(side.index(), sq.index(), occ.0))
}

/// The empty-board lance ray of `side` from `sq`.
#[inline]
pub(crate) fn lance_ray(side: Side, sq: Square) -> Bitboard128 {
    Bitboard128(RAYS[side.index()][sq.index()])
}

#[inline]
pub(crate) fn rook_ray(sq: Square) -> Bitboard128 {
    let s = sq.index();
    Bitboard128(RAYS[0][s] | RAYS[1][s] | RAYS[2][s] | RAYS[3][s])
}

#[inline]
pub(crate) fn bishop_ray(sq: Square) -> Bitboard128 {
    let s = sq.index();
    Bitboard128(RAYS[4][s] | RAYS[5][s] | RAYS[6][s] | RAYS[7][s])
}

/// Squares attacked by a piece of `kind` owned by `side` standing on `sq`.
#[inline]
pub(crate) fn attacks(side: Side, kind: Kind, sq: Square, occ: Bitboard128) -> Bitboard128 {
    let s = sq.index();
    let i = side.index();
    match kind {
        Kind::Pawn => Bitboard128(PAWN[i][s]),
        Kind::Lance => lance_attacks(side, sq, occ),
        Kind::Knight => Bitboard128(KNIGHT[i][s]),
        Kind::Silver => Bitboard128(SILVER[i][s]),
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => {
            Bitboard128(GOLD[i][s])
        }
        Kind::King => Bitboard128(KING[s]),
        Kind::Bishop => bishop_attacks(sq, occ),
        Kind::Rook => rook_attacks(sq, occ),
        Kind::Horse => Bitboard128(bishop_attacks(sq, occ).0 | KING[s]),
        Kind::Dragon => Bitboard128(rook_attacks(sq, occ).0 | KING[s]),
    }
}

/// Mask of whole files: bit pattern of file `f` (0-based).
pub(crate) const FILE_MASK: u128 = 0x1FF;

/// The promotion zone of `side` (the three ranks nearest the opponent).
pub(crate) const fn zone(side: Side) -> Bitboard128 {
    Bitboard128(rank_mask(side, 3))
}

/// The first `n` ranks counted from `side`'s far end (rank 1 for Sente).
pub(crate) const fn rank_mask(side: Side, n: u8) -> u128 {
    let mut out = 0u128;
    let mut f = 0;
    while f < 9 {
        let mut r = 0;
        while r < n {
            let rank = match side {
                Side::First => r,
                Side::Second => 8 - r,
            };
            out |= 1u128 << (f * 9 + rank as u32);
            r += 1;
        }
        f += 1;
    }
    out
}

/// Squares where a piece of `kind` owned by `side` could never move again (it must not
/// be dropped there or arrive there unpromoted).
#[inline]
pub(crate) const fn dead_squares(side: Side, kind: Kind) -> Bitboard128 {
    match kind {
        Kind::Pawn | Kind::Lance => Bitboard128(rank_mask(side, 1)),
        Kind::Knight => Bitboard128(rank_mask(side, 2)),
        _ => Bitboard128(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(file: u8, rank: u8) -> Square {
        Square::new(file, rank).unwrap()
    }

    #[test]
    fn rook_and_bishop_rays_on_empty_board() {
        // A rook covers 16 squares and a bishop in the centre 16 on an empty 9x9 board.
        assert_eq!(rook_attacks(sq(5, 5), Bitboard128(0)).count(), 16);
        assert_eq!(bishop_attacks(sq(5, 5), Bitboard128(0)).count(), 16);
        assert_eq!(bishop_attacks(sq(1, 1), Bitboard128(0)).count(), 8);
    }

    #[test]
    fn blockers_stop_sliders() {
        let occ = Bitboard128(0).with(sq(5, 3).index() as u32);
        let a = rook_attacks(sq(5, 5), occ);
        assert!(a.contains(sq(5, 3).index() as u32));
        assert!(!a.contains(sq(5, 2).index() as u32));
        assert_eq!(between(sq(5, 5), sq(5, 1)).count(), 3);
        assert_eq!(between(sq(1, 1), sq(9, 9)).count(), 7);
        assert!(between(sq(1, 1), sq(2, 3)).is_empty());
        assert_eq!(line(sq(1, 1), sq(2, 2)).count(), 9);
        // The line through 4六 and 2八 is the diagonal 9一..1九: 9 squares.
        assert_eq!(line(sq(4, 6), sq(2, 8)).count(), 9);
        assert!(!line(sq(4, 6), sq(2, 8)).contains(sq(2, 4).index() as u32));
    }

    #[test]
    fn knight_steps_depend_on_side() {
        // A Sente knight on 2九 jumps to 1七 and 3七.
        let k = KNIGHT[0][sq(2, 9).index()];
        assert_eq!(k.count_ones(), 2);
        assert!(k & (1 << sq(1, 7).index()) != 0 && k & (1 << sq(3, 7).index()) != 0);
        let g = KNIGHT[1][sq(2, 1).index()];
        assert!(g & (1 << sq(1, 3).index()) != 0);
    }
}

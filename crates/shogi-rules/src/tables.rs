//! Attack tables computed at compile time from board-geometry's squares: step attacks per
//! side (geometry's leaper tables) and sliding rays per direction, with the sliding attacks
//! of lances, bishops and rooks cut at the first blocker.
//!
//! Sliding attacks use the "classical" method: the ray in one direction, cut at the first
//! occupied square found with a single leading/trailing-zero count. With the file-major
//! square index, a direction either always raises the index (scan the lowest blocker) or
//! always lowers it (scan the highest).

use board_core::Side;
use board_geometry::Direction;
/// Squares strictly between two aligned squares (empty if they are not aligned).
pub(crate) use board_geometry::shogi::between;
use board_geometry::shogi::{self, Bitboard, SQUARES, Square, leaper_table};

use crate::types::Kind;

/// The slider directions, in the order of [`RAYS`]: Sente's forward (towards rank 1) and
/// Gote's forward first, so that a lance of `side` slides along `RAYS[side.index()]`;
/// then the other two orthogonals, then the four diagonals.
const DIRS: [Direction; 8] = [
    Direction::North,
    Direction::South,
    Direction::West,
    Direction::East,
    Direction::NorthWest,
    Direction::SouthEast,
    Direction::SouthWest,
    Direction::NorthEast,
];

/// Whether a step in `DIRS[d]` raises the square index (scan blockers from the low end).
const POSITIVE: [bool; 8] = {
    let mut out = [false; 8];
    let centre = match Square::new(5, 5) {
        Some(sq) => sq,
        None => panic!("5e is on the board"),
    };
    let mut d = 0;
    while d < 8 {
        let (dx, dy) = DIRS[d].delta();
        out[d] = match centre.offset(dx, dy) {
            Some(next) => next.index() > centre.index(),
            None => false,
        };
        d += 1;
    }
    out
};

/// Sente's steps as geometry offsets `(dx, dy)`, `dy = -1` being forward (towards rank 1).
/// Every pattern is symmetric left-right, so Gote's steps are the same offsets turned
/// around (`dy` negated).
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

/// The step targets of a pattern for Sente (`[0]`) and Gote (`[1]`).
const fn per_side<const N: usize>(steps: [(i8, i8); N]) -> [[Bitboard; SQUARES]; 2] {
    let mut turned = steps;
    let mut i = 0;
    while i < N {
        turned[i] = (-steps[i].0, -steps[i].1);
        i += 1;
    }
    [leaper_table(&steps), leaper_table(&turned)]
}

pub(crate) static PAWN: [[Bitboard; SQUARES]; 2] = per_side(PAWN_STEPS);
pub(crate) static KNIGHT: [[Bitboard; SQUARES]; 2] = per_side(KNIGHT_STEPS);
pub(crate) static SILVER: [[Bitboard; SQUARES]; 2] = per_side(SILVER_STEPS);
pub(crate) static GOLD: [[Bitboard; SQUARES]; 2] = per_side(GOLD_STEPS);
pub(crate) static KING: [Bitboard; SQUARES] = leaper_table(&KING_STEPS);

/// Offsets within two files and three ranks, the square itself left out.
const REACH_STEPS: [(i8, i8); 34] = {
    let mut out = [(0i8, 0i8); 34];
    let mut n = 0;
    let mut dx = -2;
    while dx <= 2 {
        let mut dy = -3;
        while dy <= 3 {
            if dx != 0 || dy != 0 {
                out[n] = (dx, dy);
                n += 1;
            }
            dy += 1;
        }
        dx += 1;
    }
    out
};

/// The squares from which a step piece of either side (a knight included) may attack a
/// square next to the given one: those within two files and three ranks of it.
pub(crate) static STEP_REACH: [Bitboard; SQUARES] = leaper_table(&REACH_STEPS);

/// For each of [`DIRS`] and each square, the squares from it (exclusive) to the edge, as
/// raw words for the slide arithmetic.
static RAYS: [[u128; SQUARES]; 8] = {
    let mut out = [[0u128; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let (dx, dy) = DIRS[d].delta();
        let mut sq = 0;
        while sq < SQUARES {
            let mut at = Square::from_bit(sq as u32).offset(dx, dy);
            while let Some(t) = at {
                out[d][sq] |= 1u128 << t.index();
                at = t.offset(dx, dy);
            }
            sq += 1;
        }
        d += 1;
    }
    out
};

/// The whole line through two aligned squares (empty if they are not aligned).
#[inline]
pub(crate) fn line(a: Square, b: Square) -> Bitboard {
    match shogi::direction_between(a, b) {
        Some(d) => a.ray(d) | a.ray(d.opposite()) | Bitboard::from_square(a),
        None => Bitboard::EMPTY,
    }
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
pub(crate) fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let s = sq.index();
    Bitboard(slide(0, s, occ.0) | slide(1, s, occ.0) | slide(2, s, occ.0) | slide(3, s, occ.0))
}

#[inline]
pub(crate) fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let s = sq.index();
    Bitboard(slide(4, s, occ.0) | slide(5, s, occ.0) | slide(6, s, occ.0) | slide(7, s, occ.0))
}

#[inline]
pub(crate) fn lance_attacks(side: Side, sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(slide(side.index(), sq.index(), occ.0))
}

/// The empty-board lance ray of `side` from `sq`.
#[inline]
pub(crate) fn lance_ray(side: Side, sq: Square) -> Bitboard {
    Bitboard(RAYS[side.index()][sq.index()])
}

/// The union of four of [`RAYS`]' directions (`first..first + 4`) from each square: a
/// rook's or a bishop's lines on the empty board, read once where the filters of the move
/// generators and mate tests ask for them (often several times a move) instead of being
/// put together from four tables each time.
const fn lines(first: usize) -> [Bitboard; SQUARES] {
    let mut out = [Bitboard::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        out[sq] = Bitboard(
            RAYS[first][sq] | RAYS[first + 1][sq] | RAYS[first + 2][sq] | RAYS[first + 3][sq],
        );
        sq += 1;
    }
    out
}

static ROOK_LINES: [Bitboard; SQUARES] = lines(0);
static BISHOP_LINES: [Bitboard; SQUARES] = lines(4);

/// A rook's lines on the empty board from `sq` (the square itself left out).
#[inline]
pub(crate) fn rook_ray(sq: Square) -> Bitboard {
    ROOK_LINES[sq.index()]
}

/// A bishop's lines on the empty board from `sq` (the square itself left out).
#[inline]
pub(crate) fn bishop_ray(sq: Square) -> Bitboard {
    BISHOP_LINES[sq.index()]
}

/// Squares attacked by a piece of `kind` owned by `side` standing on `sq`.
#[inline]
pub(crate) fn attacks(side: Side, kind: Kind, sq: Square, occ: Bitboard) -> Bitboard {
    let s = sq.index();
    let i = side.index();
    match kind {
        Kind::Pawn => PAWN[i][s],
        Kind::Lance => lance_attacks(side, sq, occ),
        Kind::Knight => KNIGHT[i][s],
        Kind::Silver => SILVER[i][s],
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => {
            GOLD[i][s]
        }
        Kind::King => KING[s],
        Kind::Bishop => bishop_attacks(sq, occ),
        Kind::Rook => rook_attacks(sq, occ),
        Kind::Horse => bishop_attacks(sq, occ) | KING[s],
        Kind::Dragon => rook_attacks(sq, occ) | KING[s],
    }
}

/// Geometry's region masks evaluated once, so that hot code reads a word instead of
/// looping over rows: promotion zones, the last rank and the last two ranks per side.
const ZONES: [Bitboard; 2] = [
    shogi::promotion_zone(Side::First),
    shogi::promotion_zone(Side::Second),
];
const LAST_RANK: [Bitboard; 2] = [
    shogi::far_ranks(Side::First, 1),
    shogi::far_ranks(Side::Second, 1),
];
const LAST_TWO_RANKS: [Bitboard; 2] = [
    shogi::far_ranks(Side::First, 2),
    shogi::far_ranks(Side::Second, 2),
];

/// The nine files, file 1 first (`FILES[file - 1]`).
pub(crate) const FILES: [Bitboard; 9] = {
    let mut out = [Bitboard::EMPTY; 9];
    let mut i = 0;
    while i < 9 {
        out[i] = shogi::file_mask(i as u8 + 1);
        i += 1;
    }
    out
};

/// The promotion zone of `side` (the three ranks nearest the opponent).
#[inline]
pub(crate) const fn zone(side: Side) -> Bitboard {
    ZONES[side.index()]
}

/// Squares where a piece of `kind` owned by `side` could never move again (it must not
/// be dropped there or arrive there unpromoted).
#[inline]
pub(crate) const fn dead_squares(side: Side, kind: Kind) -> Bitboard {
    match kind {
        Kind::Pawn | Kind::Lance => LAST_RANK[side.index()],
        Kind::Knight => LAST_TWO_RANKS[side.index()],
        _ => Bitboard::EMPTY,
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
        assert_eq!(rook_attacks(sq(5, 5), Bitboard::EMPTY).count(), 16);
        assert_eq!(bishop_attacks(sq(5, 5), Bitboard::EMPTY).count(), 16);
        assert_eq!(bishop_attacks(sq(1, 1), Bitboard::EMPTY).count(), 8);
    }

    #[test]
    fn the_line_tables_are_the_slides_on_the_empty_board() {
        for sq in Square::all() {
            assert_eq!(rook_ray(sq), rook_attacks(sq, Bitboard::EMPTY), "{sq:?}");
            assert_eq!(
                bishop_ray(sq),
                bishop_attacks(sq, Bitboard::EMPTY),
                "{sq:?}"
            );
        }
        assert_eq!(rook_ray(sq(5, 5)).count(), 16);
        assert_eq!(bishop_ray(sq(1, 1)).count(), 8);
    }

    #[test]
    fn slide_directions_match_the_index_layout() {
        // Rank 1 is the low end of each file, file 1 the low end of the board.
        assert_eq!(
            POSITIVE,
            [false, true, true, false, true, false, true, false]
        );
        assert_eq!(lance_ray(Side::First, sq(5, 5)).count(), 4);
        assert!(lance_ray(Side::First, sq(5, 5)).contains(sq(5, 1)));
        assert!(lance_ray(Side::Second, sq(5, 5)).contains(sq(5, 9)));
    }

    #[test]
    fn blockers_stop_sliders() {
        let occ = Bitboard::EMPTY.with(sq(5, 3));
        let a = rook_attacks(sq(5, 5), occ);
        assert!(a.contains(sq(5, 3)));
        assert!(!a.contains(sq(5, 2)));
        assert_eq!(between(sq(5, 5), sq(5, 1)).count(), 3);
        assert_eq!(between(sq(1, 1), sq(9, 9)).count(), 7);
        assert!(between(sq(1, 1), sq(2, 3)).is_empty());
        assert_eq!(line(sq(1, 1), sq(2, 2)).count(), 9);
        // The line through 4六 and 2八 is the diagonal 9一..1九: 9 squares.
        assert_eq!(line(sq(4, 6), sq(2, 8)).count(), 9);
        assert!(!line(sq(4, 6), sq(2, 8)).contains(sq(2, 4)));
    }

    #[test]
    fn knight_steps_depend_on_side() {
        // A Sente knight on 2九 jumps to 1七 and 3七.
        let k = KNIGHT[0][sq(2, 9).index()];
        assert_eq!(k.count(), 2);
        assert!(k.contains(sq(1, 7)) && k.contains(sq(3, 7)));
        let g = KNIGHT[1][sq(2, 1).index()];
        assert!(g.contains(sq(1, 3)));
    }

    #[test]
    fn zones_and_dead_squares() {
        assert_eq!(zone(Side::First).count(), 27);
        assert!(zone(Side::First).contains(sq(9, 3)));
        assert!(zone(Side::Second).contains(sq(1, 7)));
        assert_eq!(dead_squares(Side::Second, Kind::Knight).count(), 18);
        assert!(dead_squares(Side::Second, Kind::Knight).contains(sq(5, 8)));
    }
}

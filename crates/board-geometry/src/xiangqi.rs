//! The 9x10 xiangqi board: squares, typed bitboards, rays, palaces, river halves and mirrors.
//!
//! Red (the first side) sits at the bottom: `(x, y)` has `x` = file `a`..`i` from Red's left
//! and `y` = row from Black's back rank, so the ICCS rank is `9 - y` and index order is FEN
//! order. Display and `FromStr` use ICCS (`h2`); see [`crate::notation::iccs`].

use board_core::Side;

use crate::fixed_board::fixed_board;
use crate::notation::{NotationError, iccs};

fixed_board!(
    9, 10, "xiangqi",
    index(x, y) = y * WIDTH + x;
    x(i) = i % WIDTH;
    y(i) = i / WIDTH;
);

impl Square {
    /// The square at ICCS file `a`..`i` (0-8) and rank 0-9 counted from Red's side.
    pub const fn from_iccs(file: u8, rank: u8) -> Option<Square> {
        if rank >= HEIGHT {
            return None;
        }
        Square::from_xy(file, HEIGHT - 1 - rank)
    }

    /// ICCS rank 0-9 counted from Red's side.
    #[inline]
    pub const fn iccs_rank(self) -> u8 {
        HEIGHT - 1 - self.y()
    }

    /// The file number 1-9 that `side` uses for this square, counted from its own right:
    /// Red's file 1 is file `i`, Black's file 1 is file `a`.
    #[inline]
    pub const fn file_number(self, side: Side) -> u8 {
        match side {
            Side::First => WIDTH - self.x(),
            Side::Second => self.x() + 1,
        }
    }
}

/// The column `x` of file `number` (1-9) as `side` counts files; `None` outside 1-9.
pub const fn column_of_file_number(side: Side, number: u8) -> Option<u8> {
    if number < 1 || number > WIDTH {
        return None;
    }
    Some(match side {
        Side::First => WIDTH - number,
        Side::Second => number - 1,
    })
}

/// The squares of ICCS file `a`..`i` given as 0-8 (empty if off the board).
#[inline]
pub const fn file_mask(file: u8) -> Bitboard {
    column(file)
}

/// The squares of ICCS rank 0-9, counted from Red's side (empty if off the board).
#[inline]
pub const fn rank_mask(rank: u8) -> Bitboard {
    if rank >= HEIGHT {
        return Bitboard::EMPTY;
    }
    row(HEIGHT - 1 - rank)
}

/// Red's palace: files d-f, ranks 0-2.
const RED_PALACE: Bitboard =
    Bitboard((column(3).0 | column(4).0 | column(5).0) & (row(7).0 | row(8).0 | row(9).0));

/// Red's half: ranks 0-4 (rows 5-9).
const RED_HALF: Bitboard = Bitboard(row(5).0 | row(6).0 | row(7).0 | row(8).0 | row(9).0);

/// The palace (nine points, files d-f, the three ranks nearest `side`).
#[inline]
pub const fn palace(side: Side) -> Bitboard {
    match side {
        Side::First => RED_PALACE,
        Side::Second => rotate180_bits(RED_PALACE),
    }
}

/// The side's own half of the board, up to its bank of the river (45 points).
#[inline]
pub const fn own_half(side: Side) -> Bitboard {
    match side {
        Side::First => RED_HALF,
        Side::Second => Bitboard(BOARD.0 & !RED_HALF.0),
    }
}

impl std::fmt::Display for Square {
    /// ICCS/UCCI text, e.g. `h2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&iccs::format(*self))
    }
}

impl std::str::FromStr for Square {
    type Err = NotationError;
    /// ICCS/UCCI text (ranks 0-9, either case).
    fn from_str(text: &str) -> Result<Square, NotationError> {
        iccs::parse(text)
    }
}

crate::fixed_board::fixed_board_tests!();

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(names: &[&str]) -> Bitboard {
        names.iter().map(|n| n.parse::<Square>().unwrap()).collect()
    }

    #[test]
    fn palaces_are_the_three_by_three_squares_around_the_kings() {
        // Kings start on e0 (Red) and e9 (Black); palaces span files d-f (xqbase FEN
        // start position and the CXA rules' board description).
        assert_eq!(
            palace(Side::First),
            squares(&["d0", "e0", "f0", "d1", "e1", "f1", "d2", "e2", "f2"])
        );
        assert_eq!(
            palace(Side::Second),
            squares(&["d7", "e7", "f7", "d8", "e8", "f8", "d9", "e9", "f9"])
        );
    }

    #[test]
    fn river_halves_split_between_ranks_four_and_five() {
        assert_eq!(own_half(Side::First).count(), 45);
        assert_eq!(
            own_half(Side::First) & own_half(Side::Second),
            Bitboard::EMPTY
        );
        assert_eq!(own_half(Side::First) | own_half(Side::Second), BOARD);
        assert!(own_half(Side::First).contains("a4".parse::<Square>().unwrap()));
        assert!(own_half(Side::Second).contains("a5".parse::<Square>().unwrap()));
        assert_eq!(
            rotate180_bits(own_half(Side::First)),
            own_half(Side::Second)
        );
        assert_eq!(mirror_bits(palace(Side::First)), palace(Side::First));
    }

    #[test]
    fn file_numbers_count_from_each_sides_right() {
        // 炮二平五 = h2e2 (xqbase ICCS document): Red's file 2 is h, file 5 is e.
        let h2: Square = "h2".parse().unwrap();
        assert_eq!(h2.file_number(Side::First), 2);
        assert_eq!("e2".parse::<Square>().unwrap().file_number(Side::First), 5);
        // 马8进7: Black's horse on h9 stands on Black's file 8 and goes to g7 (file 7).
        assert_eq!("h9".parse::<Square>().unwrap().file_number(Side::Second), 8);
        assert_eq!("g7".parse::<Square>().unwrap().file_number(Side::Second), 7);
        for side in Side::ALL {
            for sq in Square::all() {
                assert_eq!(
                    column_of_file_number(side, sq.file_number(side)),
                    Some(sq.x())
                );
            }
            assert_eq!(column_of_file_number(side, 0), None);
            assert_eq!(column_of_file_number(side, 10), None);
        }
    }

    #[test]
    fn file_and_rank_masks_use_iccs_numbers() {
        assert_eq!(file_mask(0), column(0));
        assert_eq!(rank_mask(0), row(9));
        assert_eq!(rank_mask(10), Bitboard::EMPTY);
        let h2: Square = "h2".parse().unwrap();
        assert_eq!(file_mask(7) & rank_mask(2), h2.bit());
    }

    #[test]
    fn index_order_is_fen_order() {
        // FEN starts with Black's back rank (rank 9), file a first.
        assert_eq!("a9".parse::<Square>().unwrap().index(), 0);
        assert_eq!("i0".parse::<Square>().unwrap().index(), 89);
        assert_eq!(Square::from_iccs(7, 2), Some("h2".parse().unwrap()));
        assert_eq!(Square::from_iccs(0, 10), None);
        assert_eq!("h2".parse::<Square>().unwrap().iccs_rank(), 2);
    }
}

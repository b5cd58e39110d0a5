//! The 9x9 shogi board: squares, typed bitboards, rays, promotion zones and symmetries.
//!
//! Sente (the first side) sits at the bottom: `(x, y)` has file `9 - x` (files count from
//! sente's right) and rank `y + 1` (ranks count from the top). The index is **file-major**,
//! `(file - 1) * 9 + (rank - 1)`, as the fast shogi engines number squares: a file is nine
//! consecutive bits of a [`Bitboard`] (a lance's or a pawn's file is one mask, and a
//! lance's attacks are found by bit arithmetic on one file), `1a` is index 0 and `9i` index
//! 80. Display is USI (`7g`); `FromStr` also accepts Japanese and CSA forms, see
//! [`crate::notation::shogi`].
//!
//! ```
//! use board_core::Side;
//! use board_geometry::shogi::{self, Square};
//!
//! let sq: Square = "7g".parse().unwrap();
//! assert_eq!((sq.file(), sq.rank(), sq.index()), (7, 7, 60));
//! assert!(shogi::promotion_zone(Side::Second).contains(sq));
//! assert_eq!(shogi::file_mask(7).count(), 9);
//! ```

use board_core::Side;

use crate::fixed_board::fixed_board;
use crate::notation::NotationError;
use crate::notation::shogi::{self as notation, Style};

fixed_board!(
    9, 9, "shogi",
    index(x, y) = (WIDTH - 1 - x) * HEIGHT + y;
    x(i) = WIDTH - 1 - i / HEIGHT;
    y(i) = i % HEIGHT;
);

impl Square {
    /// The square on `file` 1-9 (from the right) and `rank` 1-9 (from the top).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 1 || file > WIDTH || rank < 1 || rank > HEIGHT {
            return None;
        }
        Some(Square((file - 1) * HEIGHT + rank - 1))
    }

    /// File 1-9, counted from sente's right.
    #[inline]
    pub const fn file(self) -> u8 {
        WIDTH - self.x()
    }

    /// Rank 1-9, counted from the top (gote's side).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.y() + 1
    }

    /// The rank counted from `side`'s own point of view: 1 is the far (enemy) back rank.
    #[inline]
    pub const fn relative_rank(self, side: Side) -> u8 {
        match side {
            Side::First => self.rank(),
            Side::Second => HEIGHT + 1 - self.rank(),
        }
    }

    /// The square written in `style` (`7g`, `７六`, `7六` or `77`).
    pub fn format(self, style: Style) -> String {
        notation::format(self, style)
    }
}

/// The `n` ranks farthest from `side` (its ranks 1..=n as it counts them): the promotion
/// zone for `n = 3`, and the ranks a pawn/lance (1) or knight (2) may not end on.
pub const fn far_ranks(side: Side, n: u8) -> Bitboard {
    let mut bits = 0u128;
    let mut i = 0;
    while i < n && i < HEIGHT {
        let y = match side {
            Side::First => i,
            Side::Second => HEIGHT - 1 - i,
        };
        bits |= row(y).0;
        i += 1;
    }
    Bitboard(bits)
}

/// The promotion zone of `side`: the three ranks farthest from it.
#[inline]
pub const fn promotion_zone(side: Side) -> Bitboard {
    far_ranks(side, 3)
}

/// The file `1`-`9` as a column mask.
#[inline]
pub const fn file_mask(file: u8) -> Bitboard {
    if file < 1 || file > WIDTH {
        return Bitboard::EMPTY;
    }
    column(WIDTH - file)
}

/// The rank `1`-`9` (from the top) as a row mask.
#[inline]
pub const fn rank_mask(rank: u8) -> Bitboard {
    if rank < 1 || rank > HEIGHT {
        return Bitboard::EMPTY;
    }
    row(rank - 1)
}

impl std::fmt::Display for Square {
    /// USI text, e.g. `7g`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&notation::format(*self, Style::Usi))
    }
}

impl std::str::FromStr for Square {
    type Err = NotationError;
    /// USI, Japanese or CSA text.
    fn from_str(text: &str) -> Result<Square, NotationError> {
        notation::parse(text)
    }
}

crate::fixed_board::fixed_board_tests!();

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn index_order_is_file_major() {
        // File 1 holds indices 0-8 from rank a down; file 9 holds 72-80 (the numbering of
        // the shogi engines, so that a file is one run of nine bits).
        assert_eq!(sq("1a").index(), 0);
        assert_eq!(sq("1i").index(), 8);
        assert_eq!(sq("2a").index(), 9);
        assert_eq!(sq("9a").index(), 72);
        assert_eq!(sq("9i").index(), 80);
        assert_eq!(sq("7g").file(), 7);
        assert_eq!(sq("7g").rank(), 7);
        assert_eq!((sq("7g").x(), sq("7g").y()), (2, 6));
        assert_eq!(Square::new(7, 7), Some(sq("7g")));
        assert_eq!(Square::new(0, 1), None);
        assert_eq!(Square::new(5, 10), None);
        for file in 1..=9 {
            let run = (0..9u32).fold(0u128, |acc, r| acc | 1 << ((file - 1) * 9 + r));
            assert_eq!(file_mask(file as u8).0, run);
        }
        assert_eq!(sq("3c").relative_rank(Side::First), 3);
        assert_eq!(sq("3c").relative_rank(Side::Second), 7);
    }

    /// The squares holding a piece in an SFEN board field, read by hand so the test does not
    /// depend on a rule crate: ranks from the top, files 9 to 1 within a rank (USI protocol).
    fn occupied(sfen_board: &str) -> Bitboard {
        let mut bits = Bitboard::EMPTY;
        for (r, rank) in sfen_board.split('/').enumerate() {
            let mut file = 9u8;
            for c in rank.chars().filter(|&c| c != '+') {
                match c.to_digit(10) {
                    Some(n) => file -= n as u8,
                    None => {
                        bits.insert(Square::new(file, r as u8 + 1).unwrap());
                        file -= 1;
                    }
                }
            }
        }
        bits
    }

    #[test]
    fn the_start_position_has_twenty_pieces_in_each_zone() {
        // Each side's 20 pieces stand on its own three back ranks, the other side's promotion
        // zone (JSA start position; SFEN from the USI protocol). The rule crate's own mask and
        // this one once disagreed (14 here) because they numbered squares differently.
        let start = occupied("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
        assert_eq!(start.count(), 40);
        assert_eq!((start & promotion_zone(Side::First)).count(), 20);
        assert_eq!((start & promotion_zone(Side::Second)).count(), 20);
        assert!(start.contains(sq("5a")) && start.contains(sq("8b")) && start.contains(sq("2h")));
    }

    #[test]
    fn promotion_zones_are_the_far_three_ranks() {
        // Sente promotes on ranks 1-3 (a-c), gote on ranks 7-9 (g-i) (JSA rules).
        let zone = promotion_zone(Side::First);
        assert_eq!(zone.count(), 27);
        assert!(zone.contains(sq("1c")));
        assert!(!zone.contains(sq("1d")));
        let gote = promotion_zone(Side::Second);
        assert!(gote.contains(sq("9g")));
        assert!(!gote.contains(sq("9f")));
        assert_eq!(rotate180_bits(zone), gote);
        assert_eq!(far_ranks(Side::First, 1), row(0));
        assert_eq!(far_ranks(Side::Second, 9), BOARD);
        assert_eq!(far_ranks(Side::First, 0), Bitboard::EMPTY);
    }

    #[test]
    fn files_and_the_side_swap() {
        assert_eq!(file_mask(1), column(8));
        assert_eq!(file_mask(9), column(0));
        assert_eq!(file_mask(0), Bitboard::EMPTY);
        assert_eq!(file_mask(7) & rank_mask(7), sq("7g").bit());
        assert_eq!(rank_mask(10), Bitboard::EMPTY);
        // The 180-degree rotation maps 7g (sente's pawn push square) to 3c (gote's).
        assert_eq!(sq("7g").rotate180(), sq("3c"));
        assert_eq!(sq("5e").rotate180(), sq("5e"));
        // The left-right mirror keeps the rank and maps file f to 10 - f.
        assert_eq!(sq("7g").mirror(), sq("3g"));
    }
}

//! The 9x9 shogi board: squares, `u128` masks, rays, promotion zones and symmetries.
//!
//! Sente (the first side) sits at the bottom: `(x, y)` has file `9 - x` (files count from
//! sente's right) and rank `y + 1` (ranks count from the top), so `9a` is index 0 and index
//! order is SFEN order. Display is USI (`7g`); `FromStr` also accepts Japanese and CSA forms,
//! see [`crate::notation::shogi`].

use board_core::Side;

use crate::fixed_board::fixed_board;
use crate::notation::NotationError;
use crate::notation::shogi::{self as notation, Style};

fixed_board!(9, 9, "shogi");

impl Square {
    /// The square on `file` 1-9 (from the right) and `rank` 1-9 (from the top).
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < 1 || file > WIDTH || rank < 1 || rank > HEIGHT {
            return None;
        }
        Square::new(WIDTH - file, rank - 1)
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

    /// The square written in `style` (`7g`, `７六`, `7六` or `77`).
    pub fn format(self, style: Style) -> String {
        notation::format(self, style)
    }
}

/// The `n` ranks farthest from `side` (its ranks 1..=n as it counts them): the promotion
/// zone for `n = 3`, and the ranks a pawn/lance (1) or knight (2) may not end on.
pub const fn far_ranks(side: Side, n: u8) -> Bitboard128 {
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
    Bitboard128(bits)
}

/// The promotion zone of `side`: the three ranks farthest from it.
#[inline]
pub const fn promotion_zone(side: Side) -> Bitboard128 {
    far_ranks(side, 3)
}

/// The file `1`-`9` as a column mask.
#[inline]
pub const fn file_mask(file: u8) -> Bitboard128 {
    if file < 1 || file > WIDTH {
        return Bitboard128::EMPTY;
    }
    column(WIDTH - file)
}

/// The rank `1`-`9` (from the top) as a row mask.
#[inline]
pub const fn rank_mask(rank: u8) -> Bitboard128 {
    if rank < 1 || rank > HEIGHT {
        return Bitboard128::EMPTY;
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
    fn index_order_is_sfen_order() {
        // SFEN lists rank a (top) first, file 9 first within a rank (USI protocol).
        assert_eq!(sq("9a").index(), 0);
        assert_eq!(sq("1a").index(), 8);
        assert_eq!(sq("1i").index(), 80);
        assert_eq!(sq("7g").file(), 7);
        assert_eq!(sq("7g").rank(), 7);
        assert_eq!(Square::from_file_rank(0, 1), None);
        assert_eq!(Square::from_file_rank(5, 10), None);
    }

    #[test]
    fn promotion_zones_are_the_far_three_ranks() {
        // Sente promotes on ranks 1-3 (a-c), gote on ranks 7-9 (g-i) (JSA rules).
        let zone = promotion_zone(Side::First);
        assert_eq!(zone.count(), 27);
        assert!(zone.contains(sq("1c").index() as u32));
        assert!(!zone.contains(sq("1d").index() as u32));
        let gote = promotion_zone(Side::Second);
        assert!(gote.contains(sq("9g").index() as u32));
        assert!(!gote.contains(sq("9f").index() as u32));
        assert_eq!(rotate180_bits(zone), gote);
        assert_eq!(far_ranks(Side::First, 1), row(0));
        assert_eq!(far_ranks(Side::Second, 9), BOARD);
        assert_eq!(far_ranks(Side::First, 0), Bitboard128::EMPTY);
    }

    #[test]
    fn files_and_the_side_swap() {
        assert_eq!(file_mask(1), column(8));
        assert_eq!(file_mask(9), column(0));
        assert_eq!(file_mask(0), Bitboard128::EMPTY);
        assert_eq!(file_mask(7) & rank_mask(7), sq("7g").bit());
        assert_eq!(rank_mask(10), Bitboard128::EMPTY);
        // The 180-degree rotation maps 7g (sente's pawn push square) to 3c (gote's).
        assert_eq!(sq("7g").rotate180(), sq("3c"));
        assert_eq!(sq("5e").rotate180(), sq("5e"));
        // The left-right mirror keeps the rank and maps file f to 10 - f.
        assert_eq!(sq("7g").mirror(), sq("3g"));
    }
}

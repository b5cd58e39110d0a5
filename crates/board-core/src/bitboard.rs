//! Hand-rolled fixed-size bitboards for hot code.
//!
//! [`Bitboard128`] covers the 81-square shogi and 90-point xiangqi boards in one `u128`;
//! [`GridBits`] covers Go grids (up to 25x25 = 625 points fits in ten words). Square
//! numbering and edge masks come from `board-geometry`: a shift here moves every bit by the
//! same amount, and the caller masks off the bits that wrapped around a board edge.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of up to 128 squares, one bit per square index.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard128(pub u128);

impl Bitboard128 {
    /// The set with no square.
    pub const EMPTY: Bitboard128 = Bitboard128(0);

    /// The set holding the squares `0..n`.
    #[inline]
    pub const fn first_n(n: u32) -> Bitboard128 {
        if n >= 128 {
            Bitboard128(u128::MAX)
        } else {
            Bitboard128((1u128 << n) - 1)
        }
    }

    /// The set holding only `square` (below 128).
    #[inline]
    pub const fn from_square(square: u32) -> Bitboard128 {
        Bitboard128(1u128 << square)
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: u32) -> bool {
        (self.0 >> square) & 1 != 0
    }

    /// The set with `square` added.
    #[inline]
    pub const fn with(self, square: u32) -> Bitboard128 {
        Bitboard128(self.0 | (1u128 << square))
    }

    /// The set with `square` removed.
    #[inline]
    pub const fn without(self, square: u32) -> Bitboard128 {
        Bitboard128(self.0 & !(1u128 << square))
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: u32) {
        self.0 |= 1u128 << square;
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: u32) {
        self.0 &= !(1u128 << square);
    }

    /// Whether no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether some square is set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// How many squares are set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set: a cheap test for "double check" and similar.
    #[inline]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros())
        }
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_first(&mut self) -> Option<u32> {
        let square = self.first()?;
        self.0 &= self.0 - 1;
        Some(square)
    }

    /// Bits moved towards higher indices by `n`, then restricted to `mask`.
    #[inline]
    pub const fn shift_up(self, n: u32, mask: Bitboard128) -> Bitboard128 {
        Bitboard128((self.0 << n) & mask.0)
    }

    /// Bits moved towards lower indices by `n`, then restricted to `mask`.
    #[inline]
    pub const fn shift_down(self, n: u32, mask: Bitboard128) -> Bitboard128 {
        Bitboard128((self.0 >> n) & mask.0)
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub const fn and_not(self, other: Bitboard128) -> Bitboard128 {
        Bitboard128(self.0 & !other.0)
    }

    /// The squares, lowest first.
    #[inline]
    pub const fn iter(self) -> Squares128 {
        Squares128(self.0)
    }
}

impl std::fmt::Debug for Bitboard128 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterates the squares of a [`Bitboard128`] from the lowest, by trailing zeros.
#[derive(Clone, Copy, Debug)]
pub struct Squares128(u128);

impl Iterator for Squares128 {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let square = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares128 {}

impl IntoIterator for Bitboard128 {
    type Item = u32;
    type IntoIter = Squares128;
    fn into_iter(self) -> Squares128 {
        self.iter()
    }
}

impl FromIterator<u32> for Bitboard128 {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> Self {
        let mut bb = Bitboard128::EMPTY;
        for square in iter {
            bb.insert(square);
        }
        bb
    }
}

macro_rules! bit_ops_128 {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt;)*) => {$(
        impl $trait for Bitboard128 {
            type Output = Bitboard128;
            #[inline]
            fn $method(self, rhs: Bitboard128) -> Bitboard128 {
                Bitboard128(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard128 {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard128) {
                *self = *self $op rhs;
            }
        }
    )*};
}

bit_ops_128! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard128 {
    type Output = Bitboard128;
    #[inline]
    fn not(self) -> Bitboard128 {
        Bitboard128(!self.0)
    }
}

/// A fixed-size set of `64 * W` points for Go grids; `GridBits<10>` holds 25x25.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GridBits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for GridBits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> GridBits<W> {
    /// The set with no point.
    pub const EMPTY: Self = GridBits([0; W]);
    /// How many points the set can hold: `64 * W`.
    pub const CAPACITY: usize = 64 * W;

    /// The set holding the points `0..n`.
    pub fn first_n(n: usize) -> Self {
        let mut words = [0u64; W];
        for (i, word) in words.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *word = u64::MAX;
            } else if n > lo {
                *word = (1u64 << (n - lo)) - 1;
            }
        }
        GridBits(words)
    }

    /// The set holding only `point` (below [`CAPACITY`](Self::CAPACITY)).
    #[inline]
    pub fn from_point(point: usize) -> Self {
        let mut bits = Self::EMPTY;
        bits.insert(point);
        bits
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(&self, point: usize) -> bool {
        (self.0[point / 64] >> (point % 64)) & 1 != 0
    }

    /// Adds `point`.
    #[inline]
    pub fn insert(&mut self, point: usize) {
        self.0[point / 64] |= 1u64 << (point % 64);
    }

    /// Removes `point`.
    #[inline]
    pub fn remove(&mut self, point: usize) {
        self.0[point / 64] &= !(1u64 << (point % 64));
    }

    /// Whether no point is set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// How many points are set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest point, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The points of `self` that are not in `other`.
    #[inline]
    pub fn and_not(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !*b;
        }
        out
    }

    /// Whether the two sets share a point.
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// Bits moved towards higher indices by `n` (any amount), then restricted to `mask`.
    pub fn shift_up(&self, n: usize, mask: &Self) -> Self {
        let (words, bits) = (n / 64, (n % 64) as u32);
        let mut out = [0u64; W];
        for (i, (slot, m)) in out.iter_mut().zip(mask.0.iter()).enumerate().skip(words) {
            let src = i - words;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            *slot = v & m;
        }
        GridBits(out)
    }

    /// Bits moved towards lower indices by `n` (any amount), then restricted to `mask`.
    pub fn shift_down(&self, n: usize, mask: &Self) -> Self {
        let (words, bits) = (n / 64, (n % 64) as u32);
        let mut out = [0u64; W];
        let kept = W.saturating_sub(words);
        for (i, (slot, m)) in out.iter_mut().zip(mask.0.iter()).take(kept).enumerate() {
            let src = i + words;
            let mut v = self.0[src] >> bits;
            if bits > 0 && src + 1 < W {
                v |= self.0[src + 1] << (64 - bits);
            }
            *slot = v & m;
        }
        GridBits(out)
    }

    /// The points, lowest first.
    #[inline]
    pub fn iter(&self) -> GridPoints<'_, W> {
        GridPoints {
            bits: self,
            word: 0,
            current: if W > 0 { self.0[0] } else { 0 },
        }
    }
}

impl<const W: usize> std::fmt::Debug for GridBits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterates the points of a [`GridBits`] from the lowest, word by word.
#[derive(Debug)]
pub struct GridPoints<'a, const W: usize> {
    bits: &'a GridBits<W>,
    word: usize,
    current: u64,
}

impl<const W: usize> Iterator for GridPoints<'_, W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.current == 0 {
            self.word += 1;
            if self.word >= W {
                return None;
            }
            self.current = self.bits.0[self.word];
        }
        let point = self.word * 64 + self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        Some(point)
    }
}

impl<const W: usize> FromIterator<usize> for GridBits<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut bits = Self::EMPTY;
        for point in iter {
            bits.insert(point);
        }
        bits
    }
}

macro_rules! bit_ops_grid {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident;)*) => {$(
        impl<const W: usize> $trait for GridBits<W> {
            type Output = GridBits<W>;
            #[inline]
            fn $method(mut self, rhs: GridBits<W>) -> GridBits<W> {
                self.$assign_method(rhs);
                self
            }
        }
        impl<const W: usize> $assign_trait for GridBits<W> {
            #[inline]
            fn $assign_method(&mut self, rhs: GridBits<W>) {
                for (a, b) in self.0.iter_mut().zip(rhs.0.iter()) {
                    a.$assign_method(*b);
                }
            }
        }
    )*};
}

bit_ops_grid! {
    BitAnd bitand BitAndAssign bitand_assign;
    BitOr bitor BitOrAssign bitor_assign;
    BitXor bitxor BitXorAssign bitxor_assign;
}

impl<const W: usize> Not for GridBits<W> {
    type Output = GridBits<W>;
    #[inline]
    fn not(mut self) -> GridBits<W> {
        for w in self.0.iter_mut() {
            *w = !*w;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboard128_set_operations_and_iteration() {
        let a: Bitboard128 = [0, 5, 89, 127].into_iter().collect();
        let b: Bitboard128 = [5, 6].into_iter().collect();
        assert_eq!(a.count(), 4);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![5]);
        assert_eq!((a | b).count(), 5);
        assert_eq!((a ^ b).iter().collect::<Vec<_>>(), vec![0, 6, 89, 127]);
        assert_eq!(a.and_not(b).count(), 3);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 5, 89, 127]);
        assert!(a.contains(89) && !a.contains(88));
        assert!(a.has_several() && !Bitboard128::from_square(3).has_several());
        let mut c = a;
        assert_eq!(c.pop_first(), Some(0));
        assert_eq!(c.first(), Some(5));
        assert_eq!(Bitboard128::first_n(90).count(), 90);
        assert_eq!(Bitboard128::first_n(128).count(), 128);
    }

    #[test]
    fn bitboard128_shifts_respect_the_mask() {
        let board = Bitboard128::first_n(90);
        let top = Bitboard128::from_square(89);
        assert!(top.shift_up(9, board).is_empty());
        assert_eq!(top.shift_down(9, board), Bitboard128::from_square(80));
    }

    /// A slow model of the multi-word shifts: move every point, drop those outside.
    fn shifted(points: &[usize], by: isize, limit: usize) -> Vec<usize> {
        points
            .iter()
            .filter_map(|&p| {
                let q = p as isize + by;
                (q >= 0 && (q as usize) < limit).then_some(q as usize)
            })
            .collect()
    }

    #[test]
    fn grid_bits_shifts_match_a_point_by_point_model() {
        let points = [0usize, 1, 62, 63, 64, 65, 127, 128, 300, 624];
        let bits: GridBits<10> = points.iter().copied().collect();
        let all = GridBits::<10>::first_n(625);
        for n in [0usize, 1, 19, 25, 63, 64, 65, 130] {
            let up: Vec<_> = bits.shift_up(n, &all).iter().collect();
            assert_eq!(up, shifted(&points, n as isize, 625), "up {n}");
            let down: Vec<_> = bits.shift_down(n, &all).iter().collect();
            assert_eq!(down, shifted(&points, -(n as isize), 625), "down {n}");
        }
    }

    #[test]
    fn grid_bits_counts_and_iterates() {
        let mut bits = GridBits::<10>::EMPTY;
        assert!(bits.is_empty());
        assert_eq!(bits.first(), None);
        for p in [3, 64, 361, 624] {
            bits.insert(p);
        }
        assert_eq!(bits.count(), 4);
        assert_eq!(bits.first(), Some(3));
        bits.remove(3);
        assert_eq!(bits.iter().collect::<Vec<_>>(), vec![64, 361, 624]);
        assert_eq!((!bits & GridBits::first_n(625)).count(), 622);
        assert!(bits.intersects(&GridBits::from_point(361)));
        assert_eq!(GridBits::<10>::first_n(625).count(), 625);
    }
}

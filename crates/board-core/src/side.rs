//! The two sides of a two-player game.
//!
//! Games name them differently (black/white, red/black, sente/gote); the rule crates map
//! their names onto [`Side::First`] and [`Side::Second`] so that shared mechanisms such as
//! [`BySide`] and repetition counting need only one type.

use std::ops::{Index, IndexMut};

/// One of the two players. `First` is the side that conventionally moves first
/// (Black in Go, Red in xiangqi, sente in shogi); who actually moves first is a game parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Side {
    /// The side that conventionally moves first.
    First = 0,
    /// The side that conventionally moves second.
    Second = 1,
}

impl Side {
    /// Both sides, first side first.
    pub const ALL: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side with the given index (0 or 1); `None` otherwise.
    pub const fn from_index(index: usize) -> Option<Side> {
        match index {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            _ => None,
        }
    }
}

impl std::ops::Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.opponent()
    }
}

/// A value for each side, indexed by [`Side`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySide<T> {
    /// The value for [`Side::First`].
    pub first: T,
    /// The value for [`Side::Second`].
    pub second: T,
}

impl<T> BySide<T> {
    /// The pair from the first side's value and the second side's.
    pub const fn new(first: T, second: T) -> Self {
        Self { first, second }
    }

    /// Builds both values from a function of the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> Self {
        Self {
            first: f(Side::First),
            second: f(Side::Second),
        }
    }

    /// The value for `side`.
    #[inline]
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }

    /// The value for `side`, mutably.
    #[inline]
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            first: f(self.first),
            second: f(self.second),
        }
    }

    /// The pair with the sides exchanged.
    pub fn swapped(self) -> Self {
        Self {
            first: self.second,
            second: self.first,
        }
    }

    /// `(side, value)` pairs, first side first.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::First, &self.first), (Side::Second, &self.second)].into_iter()
    }

    /// Pairs each side's value with the other container's value for the same side.
    pub fn zip<U>(self, other: BySide<U>) -> BySide<(T, U)> {
        BySide {
            first: (self.first, other.first),
            second: (self.second, other.second),
        }
    }

    /// Borrows both values.
    pub const fn as_ref(&self) -> BySide<&T> {
        BySide {
            first: &self.first,
            second: &self.second,
        }
    }
}

impl<T> From<[T; 2]> for BySide<T> {
    /// `[first, second]`.
    fn from([first, second]: [T; 2]) -> Self {
        Self { first, second }
    }
}

impl<T> From<BySide<T>> for [T; 2] {
    fn from(pair: BySide<T>) -> Self {
        [pair.first, pair.second]
    }
}

impl<T> IntoIterator for BySide<T> {
    type Item = (Side, T);
    type IntoIter = std::array::IntoIter<(Side, T), 2>;

    /// `(side, value)` pairs, first side first.
    fn into_iter(self) -> Self::IntoIter {
        [(Side::First, self.first), (Side::Second, self.second)].into_iter()
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for side in Side::ALL {
            assert_ne!(side.opponent(), side);
            assert_eq!(side.opponent().opponent(), side);
            assert_eq!(!side, side.opponent());
            assert_eq!(Side::from_index(side.index()), Some(side));
        }
        assert_eq!(Side::from_index(2), None);
    }

    #[test]
    fn by_side_indexes_and_maps() {
        let mut counts = BySide::new(3, 5);
        counts[Side::Second] += 1;
        assert_eq!(counts[Side::First], 3);
        assert_eq!(counts[Side::Second], 6);
        assert_eq!(counts.map(|c| c * 2), BySide::new(6, 12));
        assert_eq!(counts.swapped(), BySide::new(6, 3));
        assert_eq!(BySide::from_fn(|s| s.index()), BySide::new(0, 1));
        let collected: Vec<_> = counts.iter().map(|(s, &v)| (s, v)).collect();
        assert_eq!(collected, vec![(Side::First, 3), (Side::Second, 6)]);
        assert_eq!(BySide::from([1, 2]), BySide::new(1, 2));
        assert_eq!(<[i32; 2]>::from(BySide::new(1, 2)), [1, 2]);
        assert_eq!(
            BySide::new(1, 2).zip(BySide::new('a', 'b')),
            BySide::new((1, 'a'), (2, 'b'))
        );
        assert_eq!(BySide::new(1, 2).as_ref().map(|v| v + 1), BySide::new(2, 3));
        let owned: Vec<_> = BySide::new("a", "b").into_iter().collect();
        assert_eq!(owned, vec![(Side::First, "a"), (Side::Second, "b")]);
    }
}

//! Point indices shared by every topology.

/// A point of a [`Topology`](crate::Topology): an index in `0..len()`.
///
/// On a grid the index of `(x, y)` is `y * width + x` (origin top-left). `u16` keeps
/// neighbour tables compact while allowing graphs of up to 65 535 points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point(pub u16);

impl Point {
    /// The point with the given index.
    #[inline]
    pub const fn new(index: u16) -> Point {
        Point(index)
    }

    /// The index as `usize`, for indexing per-point arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

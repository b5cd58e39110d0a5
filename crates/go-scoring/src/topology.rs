//! The board Go is played on and the point indices the rules work with.
//!
//! The board itself is a [`board_geometry::Shape`]: a rectangular grid or an arbitrary graph,
//! with its neighbour table, point names (GTP vertices on grids) and coordinates. Go code keeps
//! its per-point data in plain arrays, so it works with the bare index of a
//! [`board_geometry::Point`], which is [`Point`] here: `Point` `p` is `board_geometry::Point(p)`.

pub use board_geometry::Shape;

/// The index of a point of the [`Shape`] (0-based, row-major from the top-left corner on grids).
pub type Point = u16;

/// Neighbour lists looked up by point index.
pub(crate) trait NeighboursOf {
    /// The neighbours of point `p`, as geometry points in increasing order; destructure them
    /// with `for &GeoPoint(q) in shape.neighbours_of(p)` to get indices.
    fn neighbours_of(&self, p: Point) -> &[board_geometry::Point];
}

impl NeighboursOf for Shape {
    #[inline]
    fn neighbours_of(&self, p: Point) -> &[board_geometry::Point] {
        board_geometry::Topology::neighbours(self, board_geometry::Point(p))
    }
}

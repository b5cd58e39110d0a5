//! Board topologies and coordinates shared by the Go, xiangqi and shogi rule crates.
//!
//! Everything here is geometry, never a game rule:
//!
//! * [`topology`]: the [`Topology`] trait (points and precomputed neighbour tables) with two
//!   implementations, rectangular [`Grid`]s and arbitrary [`Graph`]s, and [`Shape`], the one
//!   grid-or-graph type Go plays on.
//! * [`direction`]: the eight compass [`Direction`]s and leaper offsets.
//! * [`xiangqi`] and [`shogi`]: the fixed 9x10 and 9x9 boards, each with its one `Square`
//!   type (xiangqi in FEN order, shogi file-major as the shogi engines number squares) and its
//!   typed `Bitboard`, precomputed rays, `between`, leaper tables, regions (palaces, river
//!   halves, promotion zones) and mirrors.
//! * [`symmetry`]: the eight symmetries of a square grid (four of a rectangle).
//! * [`notation`]: coordinate notations (GTP, SGF, ICCS, xiangqi file numbers, USI and
//!   Japanese shogi squares) with typed, positioned errors.
//!
//! **Coordinate convention (all boards).** `x` counts columns from the left and `y` rows from
//! the top, as the board is drawn with the first side (Black in Go, Red in xiangqi, sente in
//! shogi) at the bottom. The index of `(x, y)` is `y * width + x`, so index order is the
//! reading order of SGF, xiangqi FEN and SFEN.
//!
//! ```
//! use board_geometry::notation::{gtp, sgf};
//! use board_geometry::{Direction, Graph, Grid, Topology, xiangqi};
//!
//! let grid = Grid::square(19).unwrap();
//! let star = sgf::parse(&grid, "pd").unwrap();
//! assert_eq!(gtp::format(&grid, star), "Q16");
//! assert_eq!(grid.neighbours(star).len(), 4);
//!
//! let triangle: Graph = "a b\nb c\nc a\n".parse().unwrap();
//! assert_eq!(triangle.edge_count(), 3);
//!
//! let cannon: xiangqi::Square = "h2".parse().unwrap();
//! assert_eq!(cannon.ray(Direction::West).count(), 7);
//! ```

#![warn(missing_docs)]

pub mod direction;
pub mod graph;
pub mod grid;
pub mod notation;
pub mod point;
pub mod shogi;
pub mod symmetry;
pub mod topology;
pub mod xiangqi;

mod fixed_board;

pub use direction::Direction;
pub use graph::{Graph, GraphError, GraphParseError};
pub use grid::{Grid, GridMasks, GridSizeError, GridSizeParseError};
pub use notation::{NotationError, NotationErrorKind};
pub use point::Point;
pub use symmetry::Symmetry;
pub use topology::{Shape, Topology};

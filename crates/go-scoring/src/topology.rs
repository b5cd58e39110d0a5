//! The board as a graph: a point set with a symmetric neighbour table.
//!
//! Go rules need only "which points touch which". A rectangular grid up to 25x25 and an
//! arbitrary undirected graph are both stored as neighbour lists in compressed row form,
//! so play and analysis run the same code on any topology. Grids also know their
//! coordinates (GTP letters skip `I`; rank 1 is the bottom row, SGF row `a` the top row).

use std::fmt;

/// A point index (0-based, row-major from the top-left corner on grids).
pub type Point = u16;

/// Largest grid side: GTP letters A..Z without I give 25 files.
pub const MAX_GRID_SIDE: u8 = 25;

/// Files in GTP order: `I` is skipped to avoid confusion with `J`.
const GTP_FILES: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// What the point set looks like, which decides how points are named.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A `width` x `height` grid.
    Grid { width: u8, height: u8 },
    /// An arbitrary graph; points are named by `names`.
    Graph { names: Vec<String> },
}

/// An error building a topology.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TopologyError {
    /// A grid side of 0 or over 25.
    GridSize { width: u32, height: u32 },
    /// An edge names a point outside the graph.
    EdgeOutOfRange {
        edge: usize,
        point: usize,
        len: usize,
    },
    /// An edge joins a point to itself.
    SelfLoop { edge: usize, point: usize },
    /// More points than a point index can hold.
    TooManyPoints(usize),
    /// The graph has no point.
    Empty,
}

impl fmt::Display for TopologyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TopologyError::GridSize { width, height } => write!(
                f,
                "board size {width}x{height} is not supported (each side must be 1..={MAX_GRID_SIDE})"
            ),
            TopologyError::EdgeOutOfRange { edge, point, len } => write!(
                f,
                "edge {edge} names point {point}, but the graph has only {len} points"
            ),
            TopologyError::SelfLoop { edge, point } => {
                write!(f, "edge {edge} joins point {point} to itself")
            }
            TopologyError::TooManyPoints(n) => write!(f, "{n} points are more than 65535"),
            TopologyError::Empty => write!(f, "the graph has no point"),
        }
    }
}

impl std::error::Error for TopologyError {}

/// A board topology: points `0..len()` and their neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Topology {
    shape: Shape,
    offsets: Vec<u32>,
    neighbours: Vec<Point>,
}

impl Topology {
    /// A rectangular grid with orthogonal adjacency. The neighbour lists are those of
    /// [`board_geometry::Grid`], so every crate of the workspace agrees on a grid's points.
    pub fn grid(width: u32, height: u32) -> Result<Topology, TopologyError> {
        let grid = board_geometry::Grid::new(width, height)
            .map_err(|_| TopologyError::GridSize { width, height })?;
        Topology::from_grid(&grid)
    }

    /// A square grid.
    pub fn square(size: u32) -> Result<Topology, TopologyError> {
        Topology::grid(size, size)
    }

    /// An undirected graph on `names.len()` points; duplicate edges are merged.
    pub fn graph(names: Vec<String>, edges: &[(usize, usize)]) -> Result<Topology, TopologyError> {
        let n = names.len();
        if n == 0 {
            return Err(TopologyError::Empty);
        }
        if n > u16::MAX as usize {
            return Err(TopologyError::TooManyPoints(n));
        }
        let mut lists: Vec<Vec<Point>> = vec![Vec::new(); n];
        for (i, &(a, b)) in edges.iter().enumerate() {
            for p in [a, b] {
                if p >= n {
                    return Err(TopologyError::EdgeOutOfRange {
                        edge: i,
                        point: p,
                        len: n,
                    });
                }
            }
            if a == b {
                return Err(TopologyError::SelfLoop { edge: i, point: a });
            }
            lists[a].push(b as Point);
            lists[b].push(a as Point);
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut neighbours = Vec::new();
        offsets.push(0);
        for mut list in lists {
            list.sort_unstable();
            list.dedup();
            neighbours.extend_from_slice(&list);
            offsets.push(neighbours.len() as u32);
        }
        Ok(Topology {
            shape: Shape::Graph { names },
            offsets,
            neighbours,
        })
    }

    /// A graph whose points are named `0`, `1`, … .
    pub fn numbered_graph(n: usize, edges: &[(usize, usize)]) -> Result<Topology, TopologyError> {
        Topology::graph((0..n).map(|i| i.to_string()).collect(), edges)
    }

    /// The Go topology of a board-geometry grid (same point indices, row-major from the top,
    /// the same neighbour lists copied into this crate's point type). Every board-geometry
    /// grid is a valid Go board, so this never fails; the `Result` matches the other
    /// constructors.
    pub fn from_grid(grid: &board_geometry::Grid) -> Result<Topology, TopologyError> {
        use board_geometry::Topology as _;
        let n = grid.len();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut neighbours = Vec::with_capacity(2 * grid.edge_count());
        offsets.push(0);
        for p in grid.points() {
            neighbours.extend(grid.neighbours(p).iter().map(|q| q.0));
            offsets.push(neighbours.len() as u32);
        }
        Ok(Topology {
            shape: Shape::Grid {
                width: grid.width(),
                height: grid.height(),
            },
            offsets,
            neighbours,
        })
    }

    /// The Go topology of any board-geometry topology (a graph, or a grid seen as a graph):
    /// the same points and neighbours, named by their graph names when the source is a
    /// [`board_geometry::Graph`] with names, else by index.
    pub fn from_geometry(
        source: &impl board_geometry::Topology,
        names: Option<Vec<String>>,
    ) -> Result<Topology, TopologyError> {
        use board_geometry::Point as GeoPoint;
        let n = source.len();
        let names = names.unwrap_or_else(|| (0..n).map(|i| i.to_string()).collect());
        let mut edges = Vec::new();
        for i in 0..n {
            for q in source.neighbours(GeoPoint(i as u16)) {
                let j = q.0 as usize;
                if i < j {
                    edges.push((i, j));
                }
            }
        }
        Topology::graph(names, &edges)
    }

    /// Number of points.
    #[inline]
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// True for a topology without points (never built by the constructors).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of `p`, in increasing order.
    #[inline]
    pub fn neighbours(&self, p: Point) -> &[Point] {
        let p = p as usize;
        &self.neighbours[self.offsets[p] as usize..self.offsets[p + 1] as usize]
    }

    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Width and height for grids.
    pub fn grid_size(&self) -> Option<(u8, u8)> {
        match self.shape {
            Shape::Grid { width, height } => Some((width, height)),
            Shape::Graph { .. } => None,
        }
    }

    /// Column (0 = left) and row (0 = top) of a grid point.
    pub fn xy(&self, p: Point) -> Option<(u8, u8)> {
        let (w, _) = self.grid_size()?;
        Some((
            (p as usize % w as usize) as u8,
            (p as usize / w as usize) as u8,
        ))
    }

    /// The grid point at column `x`, row `y` (0 = top).
    pub fn at(&self, x: u8, y: u8) -> Option<Point> {
        let (w, h) = self.grid_size()?;
        (x < w && y < h).then(|| y as Point * w as Point + x as Point)
    }

    /// Number of undirected edges.
    pub fn edge_count(&self) -> usize {
        self.neighbours.len() / 2
    }

    /// The name of a point: GTP coordinates on grids (`A1` bottom-left), the given name on graphs.
    pub fn name(&self, p: Point) -> String {
        match &self.shape {
            Shape::Grid { height, .. } => {
                let (x, y) = self.xy(p).unwrap_or((0, 0));
                format!("{}{}", GTP_FILES[x as usize] as char, *height - y)
            }
            Shape::Graph { names } => names[p as usize].clone(),
        }
    }

    /// Parses a point name: GTP coordinates on grids (case-insensitive, no `I`), a point
    /// name on graphs.
    pub fn parse_point(&self, text: &str) -> Option<Point> {
        let text = text.trim();
        match &self.shape {
            Shape::Grid { width, height } => {
                let mut chars = text.chars();
                let file = chars.next()?.to_ascii_uppercase();
                let x = GTP_FILES.iter().position(|&c| c as char == file)?;
                let rank: u8 = chars.as_str().parse().ok()?;
                if x >= *width as usize || rank == 0 || rank > *height {
                    return None;
                }
                self.at(x as u8, *height - rank)
            }
            Shape::Graph { names } => names.iter().position(|n| n == text).map(|i| i as Point),
        }
    }
}

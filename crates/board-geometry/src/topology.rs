//! The common interface of grids and graphs, the compact neighbour table behind it, and
//! [`Shape`], the grid-or-graph board that Go is played on.

use crate::graph::Graph;
use crate::grid::Grid;
use crate::notation::gtp::COLUMN_LETTERS;
use crate::point::Point;

/// A finite set of points with a symmetric neighbour relation.
///
/// Go rules need nothing else: chains, liberties and regions are defined through
/// `neighbours`. Implementations precompute the neighbour lists, so the call is a slice lookup.
pub trait Topology {
    /// Number of points; valid points are `Point(0)..Point(len - 1)`.
    fn len(&self) -> usize;

    /// The neighbours of `p`, in increasing index order.
    ///
    /// `p` must be a point of this topology (`p.index() < self.len()`); other values panic.
    fn neighbours(&self, p: Point) -> &[Point];

    /// True for the topology without points.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True if `p` is a point of this topology.
    fn contains(&self, p: Point) -> bool {
        p.index() < self.len()
    }

    /// Number of neighbours of `p`.
    fn degree(&self, p: Point) -> usize {
        self.neighbours(p).len()
    }

    /// All points in index order.
    fn points(&self) -> Points {
        Points {
            next: 0,
            end: self.len() as u32,
        }
    }

    /// Number of undirected edges.
    fn edge_count(&self) -> usize {
        self.points().map(|p| self.degree(p)).sum::<usize>() / 2
    }
}

/// Iterator over the points `0..len` of a topology.
#[derive(Clone, Debug)]
pub struct Points {
    next: u32,
    end: u32,
}

impl Iterator for Points {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.next < self.end {
            let p = Point(self.next as u16);
            self.next += 1;
            Some(p)
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.end - self.next) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Points {}

/// Neighbour lists in compressed sparse row form: all lists live in one `targets` array and
/// `spans[i]` is the `(start, end)` of point `i`'s list. One allocation for all lists keeps
/// lookups cache-friendly; storing both ends costs one bounds check per lookup, not two.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Adjacency {
    spans: Box<[(u32, u32)]>,
    targets: Box<[Point]>,
}

impl Adjacency {
    /// Builds the table from one sorted neighbour list per point.
    pub(crate) fn from_lists(lists: &[Vec<Point>]) -> Adjacency {
        let mut spans = Vec::with_capacity(lists.len());
        let mut targets = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        for list in lists {
            let start = targets.len() as u32;
            targets.extend_from_slice(list);
            spans.push((start, targets.len() as u32));
        }
        Adjacency {
            spans: spans.into_boxed_slice(),
            targets: targets.into_boxed_slice(),
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    #[inline]
    pub(crate) fn neighbours(&self, p: Point) -> &[Point] {
        let (start, end) = self.spans[p.index()];
        &self.targets[start as usize..end as usize]
    }

    #[inline]
    pub(crate) fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }
}

/// A board whose shape is chosen at run time: a rectangular [`Grid`] or an arbitrary [`Graph`].
///
/// Go is played on either with the same code, which asks only for [`Topology::neighbours`];
/// the shape matters for naming points (GTP vertices such as `D4` on grids, the graph's own
/// labels on graphs) and for drawing the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A rectangular grid up to 25x25.
    Grid(Grid),
    /// Any undirected graph.
    Graph(Graph),
}

impl Shape {
    /// The `width x height` grid.
    pub fn grid(width: u32, height: u32) -> Result<Shape, crate::GridSizeError> {
        Grid::new(width, height).map(Shape::Grid)
    }

    /// The `size x size` grid.
    pub fn square(size: u32) -> Result<Shape, crate::GridSizeError> {
        Shape::grid(size, size)
    }

    /// The grid, if the board is one.
    #[inline]
    pub fn as_grid(&self) -> Option<&Grid> {
        match self {
            Shape::Grid(grid) => Some(grid),
            Shape::Graph(_) => None,
        }
    }

    /// The graph, if the board is one.
    #[inline]
    pub fn as_graph(&self) -> Option<&Graph> {
        match self {
            Shape::Grid(_) => None,
            Shape::Graph(graph) => Some(graph),
        }
    }

    /// Width and height of a grid.
    #[inline]
    pub fn grid_size(&self) -> Option<(u8, u8)> {
        self.as_grid().map(|g| (g.width(), g.height()))
    }

    /// Column (0 = left) and row (0 = top) of a grid point.
    #[inline]
    pub fn xy(&self, p: Point) -> Option<(u8, u8)> {
        self.as_grid().map(|g| g.coords(p))
    }

    /// The grid point at column `x`, row `y` (0 = top).
    #[inline]
    pub fn at(&self, x: u8, y: u8) -> Option<Point> {
        self.as_grid()?.point(x, y)
    }

    /// The name of a point: its GTP vertex on grids (`A1` is the bottom-left point), its
    /// [label](Graph::label) on graphs.
    pub fn name(&self, p: Point) -> String {
        match self {
            Shape::Grid(grid) => crate::notation::gtp::format(grid, p),
            Shape::Graph(graph) => graph.label(p),
        }
    }

    /// The point a name denotes, as [`name`](Shape::name) writes it. On grids the column
    /// letter is case-insensitive and surrounding blanks are ignored.
    pub fn parse_point(&self, text: &str) -> Option<Point> {
        let text = text.trim();
        match self {
            Shape::Grid(grid) => {
                let mut chars = text.chars();
                let file = chars.next()?.to_ascii_uppercase();
                let x = COLUMN_LETTERS.iter().position(|&c| char::from(c) == file)?;
                let rank: u8 = chars.as_str().parse().ok()?;
                if x >= usize::from(grid.width()) || rank == 0 || rank > grid.height() {
                    return None;
                }
                grid.point(x as u8, grid.height() - rank)
            }
            Shape::Graph(graph) => graph.point_labelled(text),
        }
    }
}

impl From<Grid> for Shape {
    fn from(grid: Grid) -> Shape {
        Shape::Grid(grid)
    }
}

impl From<Graph> for Shape {
    fn from(graph: Graph) -> Shape {
        Shape::Graph(graph)
    }
}

impl Topology for Shape {
    #[inline]
    fn len(&self) -> usize {
        match self {
            Shape::Grid(grid) => grid.len(),
            Shape::Graph(graph) => graph.len(),
        }
    }

    #[inline]
    fn neighbours(&self, p: Point) -> &[Point] {
        match self {
            Shape::Grid(grid) => grid.neighbours(p),
            Shape::Graph(graph) => graph.neighbours(p),
        }
    }

    fn edge_count(&self) -> usize {
        match self {
            Shape::Grid(grid) => grid.edge_count(),
            Shape::Graph(graph) => graph.edge_count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_name_points_by_their_kind() {
        let grid = Shape::square(19).unwrap();
        let star = grid.parse_point(" q16 ").unwrap();
        assert_eq!(grid.name(star), "Q16");
        assert_eq!(grid.xy(star), Some((15, 3)));
        assert_eq!(grid.at(15, 3), Some(star));
        assert_eq!(grid.parse_point("I5"), None);
        assert_eq!(grid.parse_point("A0"), None);
        assert_eq!(grid.parse_point("A20"), None);
        assert_eq!(grid.len(), 361);
        assert_eq!(grid.edge_count(), 684);
        let graph = Shape::from("hub a\nhub b\n".parse::<Graph>().unwrap());
        assert_eq!(graph.grid_size(), None);
        assert_eq!(graph.xy(Point(0)), None);
        assert_eq!(graph.name(Point(2)), "b");
        assert_eq!(graph.parse_point("hub"), Some(Point(0)));
        assert_eq!(graph.neighbours(Point(0)), &[Point(1), Point(2)]);
        assert!(Shape::grid(26, 3).is_err());
    }
}

//! Rectangular grids from 1x1 to 25x25 (the largest board GTP can name).

use board_core::GridBits;

use crate::direction::Direction;
use crate::point::Point;
use crate::symmetry::Symmetry;
use crate::topology::{Adjacency, Topology};

/// A `width x height` grid whose points are joined to their orthogonal neighbours.
///
/// Point `(x, y)` has index `y * width + x`, with `(0, 0)` the top-left corner (SGF `aa`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: u8,
    height: u8,
    adjacency: Adjacency,
}

/// A grid size outside `1..=Grid::MAX_SIDE` in either dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridSizeError {
    /// The width asked for.
    pub width: u32,
    /// The height asked for.
    pub height: u32,
}

impl std::fmt::Display for GridSizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "grid size {}x{} is outside 1x1..{}x{}",
            self.width,
            self.height,
            Grid::MAX_SIDE,
            Grid::MAX_SIDE
        )
    }
}

impl std::error::Error for GridSizeError {}

/// A grid size written `WxH` (also `WXH` or `W×H`) that does not read as two whole numbers of
/// at least 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridSizeParseError {
    /// The text as given.
    pub text: String,
}

impl std::fmt::Display for GridSizeParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "bad grid size `{}` (expected WxH with W, H >= 1)",
            self.text
        )
    }
}

impl std::error::Error for GridSizeParseError {}

/// Reads a grid size `WxH` (also `WXH` or `W×H`, blanks around the numbers allowed), both at
/// least 1. There is no upper bound: graph grids ([`Graph::grid`](crate::Graph::grid)) may
/// exceed the 25x25 of [`Grid`].
pub fn parse_size(text: &str) -> Result<(usize, usize), GridSizeParseError> {
    let bad = || GridSizeParseError {
        text: text.to_string(),
    };
    let (w, h) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    if w == 0 || h == 0 {
        return Err(bad());
    }
    Ok((w, h))
}

impl Grid {
    /// The largest width or height: GTP letters (A-Z without I) name 25 columns.
    pub const MAX_SIDE: u8 = 25;

    /// A `width x height` grid with its neighbour table built.
    pub fn new(width: u32, height: u32) -> Result<Grid, GridSizeError> {
        let valid = 1..=u32::from(Grid::MAX_SIDE);
        if !valid.contains(&width) || !valid.contains(&height) {
            return Err(GridSizeError { width, height });
        }
        let (w, h) = (width as u8, height as u8);
        let mut lists = Vec::with_capacity(usize::from(w) * usize::from(h));
        for y in 0..h {
            for x in 0..w {
                // Neighbours in increasing index order: up, left, right, down.
                let mut list = Vec::with_capacity(4);
                for d in [
                    Direction::North,
                    Direction::West,
                    Direction::East,
                    Direction::South,
                ] {
                    if let Some(p) = step(w, h, x, y, d) {
                        list.push(p);
                    }
                }
                lists.push(list);
            }
        }
        Ok(Grid {
            width: w,
            height: h,
            adjacency: Adjacency::from_lists(&lists),
        })
    }

    /// The `size x size` grid.
    pub fn square(size: u32) -> Result<Grid, GridSizeError> {
        Grid::new(size, size)
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The point at column `x` (from the left) and row `y` (from the top), if on the grid.
    #[inline]
    pub fn point(&self, x: u8, y: u8) -> Option<Point> {
        (x < self.width && y < self.height)
            .then(|| Point(u16::from(y) * u16::from(self.width) + u16::from(x)))
    }

    /// `(x, y)` of a point of this grid.
    #[inline]
    pub fn coords(&self, p: Point) -> (u8, u8) {
        let w = u16::from(self.width);
        ((p.0 % w) as u8, (p.0 / w) as u8)
    }

    /// The neighbour of `p` one step in `direction`, if on the grid (diagonals allowed).
    pub fn step(&self, p: Point, direction: Direction) -> Option<Point> {
        let (x, y) = self.coords(p);
        step(self.width, self.height, x, y, direction)
    }

    /// True if `p` lies on the first or last row or column.
    pub fn is_edge(&self, p: Point) -> bool {
        let (x, y) = self.coords(p);
        x == 0 || y == 0 || x + 1 == self.width || y + 1 == self.height
    }

    /// The symmetries that map this grid onto itself: eight if square, four otherwise.
    pub fn symmetries(&self) -> &'static [Symmetry] {
        if self.width == self.height {
            &Symmetry::ALL
        } else {
            &Symmetry::RECTANGULAR
        }
    }

    /// The image of `p` under `symmetry`, or `None` if the symmetry exchanges the axes of a
    /// non-square grid.
    pub fn transform(&self, symmetry: Symmetry, p: Point) -> Option<Point> {
        if symmetry.swaps_axes() && self.width != self.height {
            return None;
        }
        let (x, y) = self.coords(p);
        let (a, b) = symmetry.apply(self.width, self.height, x, y);
        self.point(a, b)
    }

    /// The permutation `p -> symmetry(p)` of all points (indexed by point), or `None` as for
    /// [`transform`](Self::transform).
    pub fn permutation(&self, symmetry: Symmetry) -> Option<Vec<Point>> {
        self.points().map(|p| self.transform(symmetry, p)).collect()
    }

    /// Bitboard masks for `GridBits<W>`, or `None` if `64 * W` bits cannot hold the grid.
    pub fn masks<const W: usize>(&self) -> Option<GridMasks<W>> {
        if self.len() > 64 * W {
            return None;
        }
        let board = GridBits::first_n(self.len());
        let first = self.column_bits::<W>(0);
        let last = self.column_bits::<W>(self.width - 1);
        Some(GridMasks {
            stride: usize::from(self.width),
            board,
            not_first_column: board.and_not(&first),
            not_last_column: board.and_not(&last),
        })
    }

    /// The points of column `x` as a `GridBits<W>` (empty if `x` is off the grid or the
    /// grid does not fit).
    pub fn column_bits<const W: usize>(&self, x: u8) -> GridBits<W> {
        self.bits_where(|px, _| px == x)
    }

    /// The points of row `y` as a `GridBits<W>` (empty if `y` is off the grid or the grid
    /// does not fit).
    pub fn row_bits<const W: usize>(&self, y: u8) -> GridBits<W> {
        self.bits_where(|_, py| py == y)
    }

    fn bits_where<const W: usize>(&self, keep: impl Fn(u8, u8) -> bool) -> GridBits<W> {
        let mut bits = GridBits::<W>::EMPTY;
        if self.len() <= 64 * W {
            for p in self.points() {
                let (x, y) = self.coords(p);
                if keep(x, y) {
                    bits.insert(p.index());
                }
            }
        }
        bits
    }
}

impl Topology for Grid {
    #[inline]
    fn len(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    #[inline]
    fn neighbours(&self, p: Point) -> &[Point] {
        self.adjacency.neighbours(p)
    }

    fn edge_count(&self) -> usize {
        self.adjacency.edge_count()
    }
}

fn step(w: u8, h: u8, x: u8, y: u8, d: Direction) -> Option<Point> {
    let (dx, dy) = d.delta();
    let nx = i16::from(x) + i16::from(dx);
    let ny = i16::from(y) + i16::from(dy);
    (0..i16::from(w))
        .contains(&nx)
        .then_some(())
        .filter(|_| (0..i16::from(h)).contains(&ny))
        .map(|_| Point((ny * i16::from(w) + nx) as u16))
}

/// Masks for whole-board shifts of a grid stored row by row in a `GridBits<W>` (stride =
/// width, no padding): a shift moves every bit, the mask drops the bits that wrapped around
/// the left or right edge or fell off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridMasks<const W: usize> {
    /// Distance between vertically adjacent points (the grid width).
    pub stride: usize,
    /// Every point of the grid.
    pub board: GridBits<W>,
    /// Every point except column 0: the valid targets of an eastward shift.
    pub not_first_column: GridBits<W>,
    /// Every point except the last column: the valid targets of a westward shift.
    pub not_last_column: GridBits<W>,
}

impl<const W: usize> GridMasks<W> {
    /// Every point of `bits` moved one step in `direction`; points leaving the grid vanish.
    pub fn shift(&self, bits: &GridBits<W>, direction: Direction) -> GridBits<W> {
        let s = self.stride;
        match direction {
            Direction::North => bits.shift_down(s, &self.board),
            Direction::South => bits.shift_up(s, &self.board),
            Direction::East => bits.shift_up(1, &self.not_first_column),
            Direction::West => bits.shift_down(1, &self.not_last_column),
            Direction::NorthEast => bits.shift_down(s - 1, &self.not_first_column),
            Direction::NorthWest => bits.shift_down(s + 1, &self.not_last_column),
            Direction::SouthEast => bits.shift_up(s + 1, &self.not_first_column),
            Direction::SouthWest => bits.shift_up(s - 1, &self.not_last_column),
        }
    }

    /// The points orthogonally adjacent to some point of `bits` (which may include points of
    /// `bits` itself): one step of a flood fill.
    pub fn adjacent(&self, bits: &GridBits<W>) -> GridBits<W> {
        let mut out = self.shift(bits, Direction::North);
        out |= self.shift(bits, Direction::South);
        out |= self.shift(bits, Direction::East);
        out |= self.shift(bits, Direction::West);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_one_to_twenty_five_are_rejected() {
        assert!(Grid::new(0, 5).is_err());
        assert!(Grid::new(5, 26).is_err());
        assert_eq!(
            Grid::new(26, 1).unwrap_err(),
            GridSizeError {
                width: 26,
                height: 1
            }
        );
        assert!(Grid::new(1, 1).is_ok());
        assert!(Grid::new(25, 25).is_ok());
    }

    #[test]
    fn neighbour_tables_match_coordinate_steps_on_every_size() {
        for w in 1..=25u32 {
            for h in [1u32, 2, 3, 7, 19, 25] {
                let g = Grid::new(w, h).unwrap();
                assert_eq!(g.len(), (w * h) as usize);
                let mut degree_sum = 0;
                for p in g.points() {
                    let (x, y) = g.coords(p);
                    assert_eq!(g.point(x, y), Some(p));
                    let mut expected: Vec<Point> = Direction::ORTHOGONAL
                        .iter()
                        .filter_map(|&d| g.step(p, d))
                        .collect();
                    expected.sort();
                    assert_eq!(g.neighbours(p), expected.as_slice());
                    degree_sum += g.degree(p);
                }
                // A w x h grid has h(w-1) horizontal and w(h-1) vertical edges.
                let edges = (h * (w - 1) + w * (h - 1)) as usize;
                assert_eq!(g.edge_count(), edges);
                assert_eq!(degree_sum, 2 * edges);
            }
        }
    }

    #[test]
    fn corners_edges_and_centre_of_19x19() {
        let g = Grid::square(19).unwrap();
        let corner = g.point(0, 0).unwrap();
        assert_eq!(g.neighbours(corner), &[Point(1), Point(19)]);
        assert!(g.is_edge(corner));
        let centre = g.point(9, 9).unwrap();
        assert_eq!(g.degree(centre), 4);
        assert!(!g.is_edge(centre));
        assert_eq!(g.point(19, 0), None);
        let one = Grid::square(1).unwrap();
        assert!(one.neighbours(Point(0)).is_empty());
    }

    #[test]
    fn permutations_are_bijections() {
        for (w, h) in [(9, 9), (19, 19), (7, 5), (1, 4)] {
            let g = Grid::new(w, h).unwrap();
            assert_eq!(g.symmetries().len(), if w == h { 8 } else { 4 });
            for &s in g.symmetries() {
                let perm = g.permutation(s).unwrap();
                let mut sorted = perm.clone();
                sorted.sort();
                assert_eq!(sorted, g.points().collect::<Vec<_>>());
                // Symmetries preserve adjacency.
                for p in g.points() {
                    for &q in g.neighbours(p) {
                        assert!(g.neighbours(perm[p.index()]).contains(&perm[q.index()]));
                    }
                }
            }
            if w != h {
                assert_eq!(g.permutation(Symmetry::Rotate90), None);
            }
        }
    }

    #[test]
    fn mask_shifts_agree_with_steps() {
        for (w, h) in [(19, 19), (25, 25), (5, 3), (1, 1), (1, 6), (13, 2)] {
            let g = Grid::new(w, h).unwrap();
            let masks = g.masks::<10>().unwrap();
            for p in g.points() {
                let bits = GridBits::<10>::from_point(p.index());
                for d in Direction::ALL {
                    let expected: GridBits<10> =
                        g.step(p, d).map(|q| q.index()).into_iter().collect();
                    assert_eq!(masks.shift(&bits, d), expected, "{w}x{h} {p} {d:?}");
                }
                let adj: GridBits<10> = g.neighbours(p).iter().map(|q| q.index()).collect();
                assert_eq!(masks.adjacent(&bits), adj);
            }
        }
        assert!(Grid::square(19).unwrap().masks::<5>().is_none());
    }
}

//! The common interface of grids and graphs, and the compact neighbour table behind it.

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
#[derive(Clone, Debug, PartialEq, Eq)]
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

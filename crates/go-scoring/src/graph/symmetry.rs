//! Graph automorphisms, found by backtracking, for symmetry reduction in the outcome search.

use board_geometry::{Graph, Point, Topology as _};

/// Up to `limit` automorphisms of `graph` (permutations `σ` with `σ(v)` adjacent to `σ(w)` iff
/// `v` adjacent to `w`), the identity first. A truncated list is still sound for symmetry
/// reduction: it only finds fewer transpositions.
pub fn automorphisms(graph: &Graph, limit: usize) -> Vec<Vec<usize>> {
    let n = graph.len();
    let mut search = Backtrack {
        graph,
        map: vec![usize::MAX; n],
        used: vec![false; n],
        out: vec![(0..n).collect()],
        limit,
    };
    if n > 0 {
        search.extend(0);
    }
    search.out
}

struct Backtrack<'g> {
    graph: &'g Graph,
    map: Vec<usize>,
    used: Vec<bool>,
    out: Vec<Vec<usize>>,
    limit: usize,
}

impl Backtrack<'_> {
    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.graph.adjacent(Point(a as u16), Point(b as u16))
    }

    /// Extends the partial map (points `0..v` mapped) in every consistent way.
    fn extend(&mut self, v: usize) {
        let n = self.map.len();
        if self.out.len() >= self.limit {
            return;
        }
        if v == n {
            if self.map.iter().enumerate().any(|(i, &m)| i != m) {
                self.out.push(self.map.clone());
            }
            return;
        }
        for image in 0..n {
            if self.used[image]
                || self.graph.degree(Point(image as u16)) != self.graph.degree(Point(v as u16))
            {
                continue;
            }
            if !(0..v).all(|u| self.adjacent(u, v) == self.adjacent(self.map[u], image)) {
                continue;
            }
            self.map[v] = image;
            self.used[image] = true;
            self.extend(v + 1);
            self.used[image] = false;
            self.map[v] = usize::MAX;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_symmetries() {
        // a square grid has the 8 symmetries of the square, a non-square rectangle 4
        assert_eq!(automorphisms(&Graph::grid(3, 3).unwrap(), 100).len(), 8);
        assert_eq!(automorphisms(&Graph::grid(3, 2).unwrap(), 100).len(), 4);
        // a path: identity and reversal
        assert_eq!(automorphisms(&Graph::grid(5, 1).unwrap(), 100).len(), 2);
    }
}

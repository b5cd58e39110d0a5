//! Configurations and moves: the board as a map from points to −1 (Black), 0, +1 (White).
//!
//! A configuration is a *board position* (盤面) when every string has a liberty. Playing at an
//! empty point places the stone, removes opposing strings left without liberty, and is a legal
//! move only if the new stone's string then has a liberty; otherwise the point is *forbidden*
//! (着手禁止点) to that side. `c − v` and `c + v` of the text are [`Board::play`] with
//! [`Color::Black`] and [`Color::White`].

use std::fmt;

use board_geometry::Graph;

use crate::color::Color;

/// A configuration `c: V → {−1, 0, 1}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Config(pub Vec<i8>);

impl Config {
    /// The empty board on `n` points.
    pub fn empty(n: usize) -> Config {
        Config(vec![0; n])
    }

    /// The value at point `v`: −1 Black, 0 empty, +1 White.
    pub fn get(&self, v: usize) -> i8 {
        self.0[v]
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True for the configuration of no point.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Points whose value is `value`.
    pub fn points_with(&self, value: i8) -> impl Iterator<Item = usize> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(move |&(_, &x)| x == value)
            .map(|(i, _)| i)
    }
}

impl fmt::Display for Config {
    /// One character per point in index order: `X` Black, `O` White, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &x in &self.0 {
            f.write_str(match x {
                -1 => "X",
                1 => "O",
                _ => ".",
            })?;
        }
        Ok(())
    }
}

/// A move: a side places a stone on a point (passes are not moves in the text's sequences).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The side that plays.
    pub color: Color,
    /// The point played.
    pub point: usize,
}

/// The rules of graph Go on one graph.
#[derive(Clone, Copy, Debug)]
pub struct Board<'g> {
    /// The graph played on.
    pub graph: &'g Graph,
}

impl<'g> Board<'g> {
    /// The rules of graph Go on `graph`.
    pub fn new(graph: &'g Graph) -> Self {
        Board { graph }
    }

    /// The string (maximal connected set of same-coloured stones) through stone `v`, ascending;
    /// for an empty `v`, the maximal connected set of empty points through it.
    pub fn string(&self, c: &Config, v: usize) -> Vec<usize> {
        let colour = c.get(v);
        let mut seen = vec![false; c.len()];
        let mut stack = vec![v];
        seen[v] = true;
        let mut out = Vec::new();
        while let Some(p) = stack.pop() {
            out.push(p);
            for q in self.graph.neighbour_indices(p) {
                if !seen[q] && c.get(q) == colour {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// `l_c(v)`: the liberties (empty neighbours) of the string through stone `v`, ascending.
    pub fn liberties(&self, c: &Config, v: usize) -> Vec<usize> {
        let mut libs: Vec<usize> = self
            .string(c, v)
            .into_iter()
            .flat_map(|p| self.graph.neighbour_indices(p))
            .filter(|&q| c.get(q) == 0)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// True when every string has a liberty (the configuration is a board position, 盤面).
    pub fn is_board_position(&self, c: &Config) -> bool {
        let mut checked = vec![false; c.len()];
        for v in 0..c.len() {
            if c.get(v) != 0 && !checked[v] {
                let string = self.string(c, v);
                let has_liberty = string
                    .iter()
                    .any(|&p| self.graph.neighbour_indices(p).any(|q| c.get(q) == 0));
                if !has_liberty {
                    return false;
                }
                for p in string {
                    checked[p] = true;
                }
            }
        }
        true
    }

    /// `c − v` (Black) or `c + v` (White): the position after `colour` plays at empty `v`, with
    /// captures; `None` when `v` is occupied or forbidden to `colour` (the move would leave its
    /// own string without liberty).
    pub fn play(&self, c: &Config, v: usize, colour: Color) -> Option<Config> {
        if c.get(v) != 0 {
            return None;
        }
        let mut next = c.clone();
        next.0[v] = colour.value();
        let enemy = colour.opponent().value();
        for q in self.graph.neighbour_indices(v) {
            if next.get(q) == enemy && self.liberties(&next, q).is_empty() {
                for p in self.string(&next, q) {
                    next.0[p] = 0;
                }
            }
        }
        if self.liberties(&next, v).is_empty() {
            return None;
        }
        Some(next)
    }

    /// True when empty `v` is forbidden to `colour`: playing there would be suicide.
    pub fn is_forbidden(&self, c: &Config, v: usize, colour: Color) -> bool {
        c.get(v) == 0 && self.play(c, v, colour).is_none()
    }
}

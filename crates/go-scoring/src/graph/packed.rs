//! Positions packed into two bit masks and the rules on them: the fast path of
//! [`Board`](super::Board) that the outcome search runs on (graphs of at most 64 points).

use super::config::Config;
use crate::color::Color;
use board_geometry::{Graph, Topology as _};

/// A position as two masks (bit `v` set: a stone of that colour on `v`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Pos {
    pub(crate) black: u64,
    pub(crate) white: u64,
}

impl Pos {
    pub(crate) fn from_config(c: &Config) -> Pos {
        let mut p = Pos { black: 0, white: 0 };
        for (v, &x) in c.0.iter().enumerate() {
            match x {
                -1 => p.black |= 1 << v,
                1 => p.white |= 1 << v,
                _ => {}
            }
        }
        p
    }

    pub(crate) fn permute(self, sigma: &[usize]) -> Pos {
        let mut out = Pos { black: 0, white: 0 };
        for (v, &image) in sigma.iter().enumerate() {
            out.black |= (self.black >> v & 1) << image;
            out.white |= (self.white >> v & 1) << image;
        }
        out
    }
}

/// The rules on packed positions (fast path of [`Board`]; the tests compare both).
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    pub(crate) n: usize,
    /// Neighbour mask of each point, zero past `n`: a fixed array, so the hot loops index it
    /// without going through a heap pointer.
    adj: [u64; 64],
    pub(crate) all: u64,
}

impl Packed {
    pub(crate) fn new(graph: &Graph) -> Packed {
        let adj = (0..graph.len())
            .map(|v| graph.neighbour_indices(v).fold(0u64, |m, u| m | 1 << u))
            .collect();
        Packed::from_adjacency(adj)
    }

    /// The rules on a graph given as one neighbour mask per point (at most 64 points).
    pub(crate) fn from_adjacency(adj: Vec<u64>) -> Packed {
        let n = adj.len().min(64);
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut table = [0u64; 64];
        table[..n].copy_from_slice(&adj[..n]);
        Packed { n, adj: table, all }
    }

    /// The neighbours of `v` as a mask.
    pub(crate) fn adj(&self, v: usize) -> u64 {
        self.adj[v]
    }

    pub(crate) fn neighbours_of(&self, set: u64) -> u64 {
        let mut out = 0;
        let mut rest = set;
        while rest != 0 {
            out |= self.adj[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    }

    /// The connected part of `within` containing `seed`.
    pub(crate) fn grow(&self, seed: u64, within: u64) -> u64 {
        // only the points added last can reach new ones: each point's neighbours are read
        // once, not once per round
        let mut s = seed;
        let mut frontier = seed;
        loop {
            let grown = self.neighbours_of(frontier) & within & !s;
            if grown == 0 {
                return s;
            }
            s |= grown;
            frontier = grown;
        }
    }

    /// The string through `v` within `stones`.
    pub(crate) fn string(&self, stones: u64, v: usize) -> u64 {
        self.grow(1u64 << v, stones)
    }

    pub(crate) fn empty(&self, p: Pos) -> u64 {
        self.all & !(p.black | p.white)
    }

    /// The position after `colour` plays at `v`, or `None` if occupied or suicide.
    pub(crate) fn play(&self, p: Pos, v: usize, colour: Color) -> Option<Pos> {
        let bit = 1u64 << v;
        if (p.black | p.white) & bit != 0 {
            return None;
        }
        let (mut own, mut enemy) = match colour {
            Color::Black => (p.black, p.white),
            Color::White => (p.white, p.black),
        };
        own |= bit;
        let mut empty = self.all & !(own | enemy);
        let mut rest = self.adj[v] & enemy;
        while rest != 0 {
            let q = rest.trailing_zeros() as usize;
            let s = self.string(enemy, q);
            rest &= !s;
            if self.neighbours_of(s) & empty == 0 {
                enemy &= !s;
                empty |= s;
            }
        }
        if self.neighbours_of(self.string(own, v)) & empty == 0 {
            return None;
        }
        Some(match colour {
            Color::Black => Pos {
                black: own,
                white: enemy,
            },
            Color::White => Pos {
                black: enemy,
                white: own,
            },
        })
    }

    /// `p` with `v` set to `colour`, no capture, if every string then has a liberty (only the
    /// strings at and around `v` can have lost one).
    fn filled(&self, p: Pos, v: usize, colour: Color) -> Option<Pos> {
        let bit = 1u64 << v;
        let d = match colour {
            Color::Black => Pos {
                black: p.black | bit,
                white: p.white,
            },
            Color::White => Pos {
                black: p.black,
                white: p.white | bit,
            },
        };
        let empty = self.empty(d);
        let mut rest = self.adj[v] | bit;
        while rest != 0 {
            let q = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let stones = if d.black >> q & 1 == 1 {
                d.black
            } else if d.white >> q & 1 == 1 {
                d.white
            } else {
                continue;
            };
            let s = self.string(stones, q);
            rest &= !s;
            if self.neighbours_of(s) & empty == 0 {
                return None;
            }
        }
        Some(d)
    }

    fn liberty_count(&self, p: Pos, v: usize) -> u32 {
        let stones = if p.black >> v & 1 == 1 {
            p.black
        } else {
            p.white
        };
        (self.neighbours_of(self.string(stones, v)) & self.empty(p)).count_ones()
    }

    /// If `p` is ultimate, the points that are Black's there (black stones and `E_B`; every
    /// other point is White's), else `None`.
    pub(crate) fn ultimate_black(&self, p: Pos) -> Option<u64> {
        let empty = self.empty(p);
        let mut rest = empty;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            match (self.play(p, v, Color::Black), self.play(p, v, Color::White)) {
                (Some(_), None) | (None, Some(_)) => {}
                _ => return None,
            }
            // `c ± v`: the point filled without captures; exactly one must be a board position
            let d = match (
                self.filled(p, v, Color::Black),
                self.filled(p, v, Color::White),
            ) {
                (Some(d), None) | (None, Some(d)) => d,
                _ => return None,
            };
            if self.liberty_count(d, v) != 1 {
                return None;
            }
        }
        let mut black = p.black;
        let mut rest = empty;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.adj[v] & p.black != 0 {
                black |= 1 << v;
            }
        }
        Some(black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Board;
    use crate::graph::outcome::{Outcome, ultimate_classes};

    /// The packed rules must agree with the plain definitions in [`Board`] on every point of
    /// random positions of random graphs (moves, captures, suicide, ultimate positions).
    #[test]
    fn packed_rules_agree_with_the_definitions() {
        let mut rng = board_core::Rng::new(0x1234_5678_9abc_def1);
        let mut next = move || rng.next_u64();
        let mut ultimate = 0;
        for _ in 0..300 {
            let n = 1 + (next() % 9) as usize;
            let p = next() % 70;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 100 < p {
                        edges.push((a as u16, b as u16));
                    }
                }
            }
            let g = Graph::from_edges(n, &edges).unwrap();
            let board = Board::new(&g);
            let packed = Packed::new(&g);
            for _ in 0..20 {
                let c = Config((0..n).map(|_| (next() % 3) as i8 - 1).collect());
                if !board.is_board_position(&c) {
                    continue;
                }
                let pc = Pos::from_config(&c);
                for v in 0..n {
                    for colour in Color::ALL {
                        let a = board.play(&c, v, colour).map(|d| Pos::from_config(&d));
                        assert_eq!(a, packed.play(pc, v, colour), "{c} {v} {colour:?}");
                    }
                }
                let by_definition = ultimate_classes(&board, &c);
                let packed_classes = packed.ultimate_black(pc).map(|black| {
                    (0..n)
                        .map(|v| {
                            if black >> v & 1 == 1 {
                                Outcome::Black
                            } else {
                                Outcome::White
                            }
                        })
                        .collect::<Vec<_>>()
                });
                assert_eq!(by_definition, packed_classes, "{c}");
                ultimate += usize::from(by_definition.is_some());
            }
        }
        assert!(ultimate > 20, "only {ultimate} ultimate positions met");
    }
}

//! Outcome classes `o(r, v) ∈ {𝓑, 𝓦, 𝓝, 𝓟}` of every point, by exhaustive search over regular
//! move sequences.
//!
//! * On an ultimate sequence (last position ultimate): `o(r, v) = 𝓑` for black stones and
//!   black eyes `E_B`, `𝓦` for white stones and `E_W`.
//! * Otherwise, following the text's two tables: Black *gets* `v` by moving first when some
//!   `r′ ∈ r^B` has `o(r′, v) = 𝓑`, or `𝓟` (a 𝓟 option is fine for the side choosing it: the
//!   opponent, moving next, would lose the point, so it is left alone); an `𝓝` option is bad
//!   for the side choosing it, since the point goes to whoever moves next. Symmetrically for
//!   White with `𝓦`/`𝓟` in `r^W`. Then
//!
//!   | Black gets `v` moving first | White gets `v` moving first | `o(r, v)` |
//!   |---|---|---|
//!   | yes | yes | 𝓝 (next player) |
//!   | yes | no  | 𝓑 |
//!   | no  | yes | 𝓦 |
//!   | no  | no  | 𝓟 (previous player; e.g. seki, where neither side moves) |
//!
//!   The first table of the text (one move before ultimate, all options 𝓑 or 𝓦) is the special
//!   case without 𝓝/𝓟 options, and its fourth cell cannot occur there.
//!
//! The value depends on the whole sequence through the repetition rule, so the transposition
//! table is keyed by the current position together with the set of earlier positions, both
//! brought to a canonical form under the graph's automorphisms. Only graphs of at most 64
//! points are searched (positions are two `u64` masks), and a node budget turns hopeless
//! searches into an honest "undecided".

use std::fmt;

use hashbrown::HashMap;

use super::PlainGraph;
use super::config::{Board, Colour, Config};
use super::sequence::RegularSequence;
use super::symmetry::automorphisms;

/// The outcome class of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// 𝓑: the point ends up Black's.
    Black,
    /// 𝓦: the point ends up White's.
    White,
    /// 𝓝: the point goes to whoever moves next there.
    Next,
    /// 𝓟: whoever moves there first loses it, so it stays as it is (seki-like).
    Previous,
}

impl Outcome {
    /// `B`, `W`, `N`, `P`.
    pub fn letter(self) -> char {
        match self {
            Outcome::Black => 'B',
            Outcome::White => 'W',
            Outcome::Next => 'N',
            Outcome::Previous => 'P',
        }
    }

    /// True when choosing an option of this class is good for `colour`.
    pub fn good_for(self, colour: Colour) -> bool {
        matches!(
            (self, colour),
            (Outcome::Previous, _)
                | (Outcome::Black, Colour::Black)
                | (Outcome::White, Colour::White)
        )
    }

    /// The table above: the class of a point from whether each side, moving first, has an
    /// option that is good for it.
    pub fn from_options(black_gets: bool, white_gets: bool) -> Outcome {
        match (black_gets, white_gets) {
            (true, true) => Outcome::Next,
            (true, false) => Outcome::Black,
            (false, true) => Outcome::White,
            (false, false) => Outcome::Previous,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Why the outcome search gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutcomeError {
    /// The search handles graphs of at most 64 points.
    TooManyPoints { points: usize, limit: usize },
    /// The node budget ran out before the search finished.
    Undecided { nodes: u64 },
}

impl fmt::Display for OutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutcomeError::TooManyPoints { points, limit } => {
                write!(
                    f,
                    "the graph has {points} points; the outcome search handles at most {limit}"
                )
            }
            OutcomeError::Undecided { nodes } => {
                write!(
                    f,
                    "undecided: the search budget ran out after {nodes} nodes"
                )
            }
        }
    }
}

impl std::error::Error for OutcomeError {}

/// The classes of every point of a sequence's last position, with search figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeReport {
    pub classes: Vec<Outcome>,
    /// Search nodes visited (positions expanded or looked up).
    pub nodes: u64,
    /// Entries in the transposition table at the end.
    pub table_entries: usize,
    /// Automorphisms used for symmetry reduction (identity included).
    pub symmetries: usize,
}

/// Default node budget: enough for the small examples, bounded in time and memory.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// Default bound on the positions held by the table's keys (16 bytes each): about 200 MB.
pub const DEFAULT_MAX_STORED_POSITIONS: usize = 12_000_000;

/// Points the packed search supports.
pub const MAX_SEARCH_POINTS: usize = 64;

/// Outcome classes of every point after `r`, searching at most `budget` nodes.
pub fn outcome_classes(
    graph: &PlainGraph,
    r: &RegularSequence,
    budget: u64,
) -> Result<OutcomeReport, OutcomeError> {
    let mut search = OutcomeSearch::new(graph, true)?;
    search.budget = budget;
    search.run(r)
}

/// A reusable search (its table survives between calls on the same graph).
#[derive(Debug)]
pub struct OutcomeSearch {
    engine: Packed,
    autos: Vec<Vec<usize>>,
    table: HashMap<(Pos, Vec<Pos>), Vec<Outcome>>,
    /// Positions held by the table's keys, to bound its memory.
    stored_positions: usize,
    nodes: u64,
    /// Nodes allowed per [`OutcomeSearch::run`].
    pub budget: u64,
    /// The table is emptied when its keys hold more positions than this (it is only a cache).
    pub max_stored_positions: usize,
}

impl OutcomeSearch {
    /// A search on `graph`, with symmetry reduction if `use_symmetry`.
    pub fn new(graph: &PlainGraph, use_symmetry: bool) -> Result<Self, OutcomeError> {
        if graph.len() > MAX_SEARCH_POINTS {
            return Err(OutcomeError::TooManyPoints {
                points: graph.len(),
                limit: MAX_SEARCH_POINTS,
            });
        }
        let autos = if use_symmetry {
            automorphisms(graph, 64)
        } else {
            vec![(0..graph.len()).collect()]
        };
        Ok(OutcomeSearch {
            engine: Packed::new(graph),
            autos,
            table: HashMap::new(),
            stored_positions: 0,
            nodes: 0,
            budget: DEFAULT_BUDGET,
            max_stored_positions: DEFAULT_MAX_STORED_POSITIONS,
        })
    }

    /// Classes of every point after the regular sequence `r`.
    pub fn run(&mut self, r: &RegularSequence) -> Result<OutcomeReport, OutcomeError> {
        self.nodes = 0;
        let mut path: Vec<Pos> = r.positions().iter().map(Pos::from_config).collect();
        let classes = self.solve(&mut path)?;
        Ok(OutcomeReport {
            classes,
            nodes: self.nodes,
            table_entries: self.table.len(),
            symmetries: self.autos.len(),
        })
    }

    fn canonical(&self, path: &[Pos]) -> ((Pos, Vec<Pos>), usize) {
        let (current, earlier) = path.split_last().expect("non-empty path");
        let mut best: Option<((Pos, Vec<Pos>), usize)> = None;
        for (i, sigma) in self.autos.iter().enumerate() {
            let c = current.permute(sigma);
            if let Some(((bc, _), _)) = &best {
                if c > *bc {
                    continue;
                }
            }
            let mut h: Vec<Pos> = earlier.iter().map(|p| p.permute(sigma)).collect();
            h.sort_unstable();
            let key = (c, h);
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, i));
            }
        }
        best.expect("the identity is always present")
    }

    fn solve(&mut self, path: &mut Vec<Pos>) -> Result<Vec<Outcome>, OutcomeError> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutcomeError::Undecided { nodes: self.nodes });
        }
        let n = self.engine.n;
        let current = *path.last().expect("non-empty path");
        if let Some(classes) = self.engine.ultimate_classes(current) {
            return Ok(classes);
        }
        let (key, sigma_index) = self.canonical(path);
        if let Some(stored) = self.table.get(&key) {
            let sigma = &self.autos[sigma_index];
            return Ok((0..n).map(|v| stored[sigma[v]]).collect());
        }
        let mut black_gets = vec![false; n];
        let mut white_gets = vec![false; n];
        for colour in Colour::ALL {
            for v in 0..n {
                let Some(child) = self.engine.play(current, v, colour) else {
                    continue;
                };
                if path.contains(&child) {
                    continue; // repetition: not a regular extension
                }
                path.push(child);
                let result = self.solve(path);
                path.pop();
                let child_classes = result?;
                let gets = match colour {
                    Colour::Black => &mut black_gets,
                    Colour::White => &mut white_gets,
                };
                for (g, o) in gets.iter_mut().zip(&child_classes) {
                    *g |= o.good_for(colour);
                }
            }
        }
        let classes: Vec<Outcome> = (0..n)
            .map(|v| Outcome::from_options(black_gets[v], white_gets[v]))
            .collect();
        let sigma = &self.autos[sigma_index];
        let mut stored = vec![Outcome::Previous; n];
        for v in 0..n {
            stored[sigma[v]] = classes[v];
        }
        if self.stored_positions > self.max_stored_positions {
            self.table.clear();
            self.stored_positions = 0;
        }
        self.stored_positions += key.1.len() + 1;
        self.table.insert(key, stored);
        Ok(classes)
    }
}

/// A position as two masks (bit `v` set: a stone of that colour on `v`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Pos {
    black: u64,
    white: u64,
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

    fn permute(self, sigma: &[usize]) -> Pos {
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
    n: usize,
    adj: Vec<u64>,
    all: u64,
}

impl Packed {
    pub(crate) fn new(graph: &PlainGraph) -> Packed {
        let n = graph.len();
        let adj = (0..n)
            .map(|v| graph.neighbours(v).iter().fold(0u64, |m, &u| m | 1 << u))
            .collect();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Packed { n, adj, all }
    }

    fn neighbours_of(&self, set: u64) -> u64 {
        let mut out = 0;
        let mut rest = set;
        while rest != 0 {
            out |= self.adj[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    }

    /// The string through `v` within `stones`.
    fn string(&self, stones: u64, v: usize) -> u64 {
        let mut s = 1u64 << v;
        loop {
            let grown = s | (self.neighbours_of(s) & stones);
            if grown == s {
                return s;
            }
            s = grown;
        }
    }

    fn empty(&self, p: Pos) -> u64 {
        self.all & !(p.black | p.white)
    }

    /// The position after `colour` plays at `v`, or `None` if occupied or suicide.
    pub(crate) fn play(&self, p: Pos, v: usize, colour: Colour) -> Option<Pos> {
        let bit = 1u64 << v;
        if (p.black | p.white) & bit != 0 {
            return None;
        }
        let (mut own, mut enemy) = match colour {
            Colour::Black => (p.black, p.white),
            Colour::White => (p.white, p.black),
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
            Colour::Black => Pos {
                black: own,
                white: enemy,
            },
            Colour::White => Pos {
                black: enemy,
                white: own,
            },
        })
    }

    /// `p` with `v` set to `colour`, no capture, if every string then has a liberty (only the
    /// strings at and around `v` can have lost one).
    fn filled(&self, p: Pos, v: usize, colour: Colour) -> Option<Pos> {
        let bit = 1u64 << v;
        let d = match colour {
            Colour::Black => Pos {
                black: p.black | bit,
                white: p.white,
            },
            Colour::White => Pos {
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

    /// The leaf classes if `p` is ultimate, else `None`. `p` is assumed a board position (all
    /// positions of a regular sequence are).
    pub(crate) fn ultimate_classes(&self, p: Pos) -> Option<Vec<Outcome>> {
        let empty = self.empty(p);
        let mut rest = empty;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            match (
                self.play(p, v, Colour::Black),
                self.play(p, v, Colour::White),
            ) {
                (Some(_), None) | (None, Some(_)) => {}
                _ => return None,
            }
            // `c ± v`: the point filled without captures; exactly one must be a board position
            let d = match (
                self.filled(p, v, Colour::Black),
                self.filled(p, v, Colour::White),
            ) {
                (Some(d), None) | (None, Some(d)) => d,
                _ => return None,
            };
            if self.liberty_count(d, v) != 1 {
                return None;
            }
        }
        Some(
            (0..self.n)
                .map(|v| {
                    let bit = 1u64 << v;
                    let black_side =
                        p.black & bit != 0 || (empty & bit != 0 && self.adj[v] & p.black != 0);
                    if black_side {
                        Outcome::Black
                    } else {
                        Outcome::White
                    }
                })
                .collect(),
        )
    }
}

/// Classes on an ultimate position straight from the definition (for checks and display):
/// 𝓑 on black stones and `E_B`, 𝓦 on white stones and `E_W`; `None` if not ultimate.
pub fn ultimate_classes(board: &Board<'_>, c: &Config) -> Option<Vec<Outcome>> {
    let (eb, _ew) = board.eyes(c)?;
    Some(
        (0..c.len())
            .map(|v| {
                if c.get(v) == -1 || eb.contains(&v) {
                    Outcome::Black
                } else {
                    Outcome::White
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed rules must agree with the plain definitions in [`Board`] on every point of
    /// random positions of random graphs (moves, captures, suicide, ultimate positions).
    #[test]
    fn packed_rules_agree_with_the_definitions() {
        let mut state = 0x1234_5678_9abc_def1u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut ultimate = 0;
        for _ in 0..300 {
            let n = 1 + (next() % 9) as usize;
            let p = next() % 70;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 100 < p {
                        edges.push((a, b));
                    }
                }
            }
            let g = PlainGraph::from_edges(n, &edges).unwrap();
            let board = Board::new(&g);
            let packed = Packed::new(&g);
            for _ in 0..20 {
                let c = Config((0..n).map(|_| (next() % 3) as i8 - 1).collect());
                if !board.is_board_position(&c) {
                    continue;
                }
                let pc = Pos::from_config(&c);
                for v in 0..n {
                    for colour in Colour::ALL {
                        let a = board.play(&c, v, colour).map(|d| Pos::from_config(&d));
                        assert_eq!(a, packed.play(pc, v, colour), "{c} {v} {colour:?}");
                    }
                }
                let by_definition = ultimate_classes(&board, &c);
                assert_eq!(by_definition, packed.ultimate_classes(pc), "{c}");
                ultimate += usize::from(by_definition.is_some());
            }
        }
        assert!(ultimate > 20, "only {ultimate} ultimate positions met");
    }
}

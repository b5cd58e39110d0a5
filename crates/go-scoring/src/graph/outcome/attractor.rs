//! History-free winning sets of the outcome game, and their replay under the real history.
//!
//! Per point `v`, the outcome search plays a two-outcome game: the side moving first *gets*
//! `v` when some move leads to a position where the opponent, moving first, does not; at an
//! ultimate position the side gets exactly its own points, and a side without a regular move
//! gets nothing. Ignoring the repetition rule, that game on the closure of the move graph is
//! solved by retrograde analysis: the side moving first gets `v` at rank `r` when some child
//! does not give `v` to the opponent at a rank below `r`, and misses `v` at rank `r` when every
//! child gives `v` to the opponent at a rank below `r` (ultimate positions and positions
//! without moves at rank 1). These are the attractors of the two sides; a state in neither is
//! a draw of the history-free game, decided only by the repetition rule.
//!
//! Under the repetition rule the opponent only loses moves (a position met before may not be
//! recreated), which never hurts the prover, but the prover may need a move the history
//! forbids. So an attractor answer is *replayed* under the real history before the search
//! takes it: the prover follows ranks that strictly fall, the opponent tries every regular
//! move; the replay ends because the ranks do, and an answer is taken only when the replay
//! holds. The replay is bounded by a node cap and answers nothing past it (an answer not
//! taken only costs the search a subtree, never exactness).

use crate::color::Color;

use super::super::reach::{Leaf, PositionGraph};

/// Rank of a bit that is in neither set (the sets are kept as masks; ranks only order them).
const NO_RANK: u16 = u16::MAX;

/// The attractors of both sides for every point, on the closed positions of a
/// [`PositionGraph`] (`0..positions`). A state is a position with the side moving first,
/// at `2 · position + side`.
#[derive(Debug)]
pub(crate) struct Attractors {
    n: usize,
    positions: usize,
    /// Per state: the points the side moving first gets whatever the opponent does, ignoring
    /// the repetition rule.
    gets: Vec<u64>,
    /// Per state: the points the side moving first misses whatever it does, ignoring the
    /// repetition rule.
    misses: Vec<u64>,
    /// Per state and point (at `state · n + v`): the rank of the point in `gets` or `misses`.
    rank: Vec<u16>,
    /// Per state: whether the position is ultimate (play stops there).
    ultimate: Vec<bool>,
    /// Per state: its children's states start at `first[state]` in `children`.
    first: Vec<u32>,
    children: Vec<u32>,
}

/// The state of position `i` with `side` moving first.
#[inline]
fn state(i: u32, side: Color) -> usize {
    2 * i as usize + side.index()
}

impl Attractors {
    /// Bytes the sets take at most for `positions` positions of `n` points: per state its
    /// masks, ranks, flags and offsets, and at most `n` children each held twice (the list
    /// and its reverse index).
    pub(crate) fn bytes(positions: usize, n: usize) -> usize {
        positions
            .saturating_mul(2)
            .saturating_mul(16 + 2 * n + 1 + 4 + n * 4 * 2 + 4)
    }

    /// The attractors on the closed positions of `graph` (every position reachable from its
    /// root, each with its moves), or `None` when the graph is not closed.
    pub(crate) fn compute(graph: &mut PositionGraph) -> Option<Attractors> {
        let positions = graph.len();
        if positions == 0 || !graph.is_closed(positions as u32 - 1) {
            return None;
        }
        let n = graph.packed.n;
        let all = graph.packed.all;
        let states = 2 * positions;
        let mut att = Attractors {
            n,
            positions,
            gets: vec![0; states],
            misses: vec![0; states],
            rank: vec![NO_RANK; states * n],
            ultimate: vec![false; states],
            first: Vec::with_capacity(states + 1),
            children: Vec::new(),
        };
        for i in 0..positions as u32 {
            let leaf = graph.leaf(i);
            for side in Color::ALL {
                let s = state(i, side);
                att.first.push(att.children.len() as u32);
                match leaf {
                    Leaf::Ultimate { black } => {
                        let own = match side {
                            Color::Black => black,
                            Color::White => all & !black,
                        };
                        att.ultimate[s] = true;
                        att.gets[s] = own;
                        att.misses[s] = all & !own;
                        att.rank[s * n..(s + 1) * n].fill(1);
                    }
                    _ => {
                        let opponent = side.opponent();
                        for &j in graph.children(i, side) {
                            debug_assert!(
                                (j as usize) < positions,
                                "children of closed positions are closed"
                            );
                            att.children.push(state(j, opponent) as u32);
                        }
                        if att.children.len() as u32 == att.first[s] {
                            // no move at all: the side moving first gets nothing
                            att.misses[s] = all;
                            att.rank[s * n..(s + 1) * n].fill(1);
                        }
                    }
                }
            }
        }
        att.first.push(att.children.len() as u32);
        att.solve();
        Some(att)
    }

    /// The retrograde analysis: a work list of states whose children changed, until nothing
    /// changes.
    fn solve(&mut self) {
        let states = 2 * self.positions;
        // reverse index: the states with a move to each state
        let mut count = vec![0u32; states + 1];
        for &c in &self.children {
            count[c as usize + 1] += 1;
        }
        for s in 0..states {
            count[s + 1] += count[s];
        }
        let mut fill = count.clone();
        let mut parents = vec![0u32; self.children.len()];
        for s in 0..states {
            for &c in &self.children[self.first[s] as usize..self.first[s + 1] as usize] {
                parents[fill[c as usize] as usize] = s as u32;
                fill[c as usize] += 1;
            }
        }
        let mut queued = vec![false; states];
        let mut work: Vec<u32> = Vec::new();
        // the states with a move to `s`, queued once each (ultimate states never change)
        let wake = |s: usize, ultimate: &[bool], queued: &mut [bool], work: &mut Vec<u32>| {
            for &p in &parents[count[s] as usize..count[s + 1] as usize] {
                if !queued[p as usize] && !ultimate[p as usize] {
                    queued[p as usize] = true;
                    work.push(p);
                }
            }
        };
        for s in 0..states {
            if self.gets[s] | self.misses[s] != 0 {
                wake(s, &self.ultimate, &mut queued, &mut work);
            }
        }
        while let Some(s) = work.pop() {
            let s = s as usize;
            queued[s] = false;
            let kids = &self.children[self.first[s] as usize..self.first[s + 1] as usize];
            let mut gets = 0u64;
            let mut misses = u64::MAX;
            for &c in kids {
                gets |= self.misses[c as usize];
                misses &= self.gets[c as usize];
            }
            let new_gets = gets & !self.gets[s];
            let new_misses = misses & !self.misses[s] & if kids.is_empty() { 0 } else { u64::MAX };
            let mut added = 0u64;
            // a point gets the rank one above its best child (gets) or its slowest child
            // (misses); past the largest rank it is left out of the sets (only fewer answers)
            let mut rest = new_gets;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let best = kids
                    .iter()
                    .filter(|&&c| self.misses[c as usize] >> v & 1 == 1)
                    .map(|&c| self.rank[c as usize * self.n + v])
                    .min()
                    .unwrap_or(NO_RANK);
                if best < NO_RANK - 1 {
                    self.rank[s * self.n + v] = best + 1;
                    added |= 1 << v;
                }
            }
            self.gets[s] |= added;
            let mut added_misses = 0u64;
            let mut rest = new_misses;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let slowest = kids
                    .iter()
                    .map(|&c| self.rank[c as usize * self.n + v])
                    .max()
                    .unwrap_or(0);
                if slowest < NO_RANK - 1 {
                    self.rank[s * self.n + v] = slowest + 1;
                    added_misses |= 1 << v;
                }
            }
            self.misses[s] |= added_misses;
            if added | added_misses != 0 {
                wake(s, &self.ultimate, &mut queued, &mut work);
            }
        }
    }

    /// True when position `i` lies in the closed positions the sets cover.
    #[inline]
    pub(crate) fn covers(&self, i: u32) -> bool {
        (i as usize) < self.positions
    }

    /// The regular moves of `side` at position `i` (not in `on_path`) after which the side
    /// moving first does not surely get all of `open`, ignoring the repetition rule: the
    /// opponent's mobility, for move ordering. Zero when `i` is not covered.
    pub(crate) fn mobility(&self, i: u32, side: Color, open: u64, on_path: &[bool]) -> u32 {
        if !self.covers(i) {
            return 0;
        }
        let s = state(i, side);
        self.children[self.first[s] as usize..self.first[s + 1] as usize]
            .iter()
            .filter(|&&c| !on_path[c as usize / 2] && self.gets[c as usize] & open != open)
            .count() as u32
    }

    /// The points the side moving first at position `i` gets, and those it misses, ignoring
    /// the repetition rule.
    #[inline]
    pub(crate) fn sets(&self, i: u32, side: Color) -> (u64, u64) {
        let s = state(i, side);
        (self.gets[s], self.misses[s])
    }
}

/// A replay of the attractors' strategies under the history in `on_path` (the positions of the
/// current sequence, which may not be recreated), at most `cap` nodes.
#[derive(Debug)]
pub(crate) struct Replay<'a> {
    att: &'a Attractors,
    on_path: &'a mut [bool],
    /// Nodes visited so far.
    pub(crate) nodes: u64,
    cap: u64,
    /// The positions whose presence in the history the replay looked at (a bit per
    /// position), when the caller records what its answers depend on.
    touched: Option<&'a mut [u64]>,
}

impl<'a> Replay<'a> {
    /// A replay over `att` under the history `on_path` (indexed by position), of at most
    /// `cap` nodes.
    pub(crate) fn new(
        att: &'a Attractors,
        on_path: &'a mut [bool],
        cap: u64,
        touched: Option<&'a mut [u64]>,
    ) -> Self {
        Replay {
            att,
            on_path,
            nodes: 0,
            cap,
            touched,
        }
    }

    /// Notes that the replay looked at whether position `j` is in the history.
    #[inline]
    fn touch(&mut self, j: u32) {
        if let Some(set) = self.touched.as_deref_mut() {
            set[j as usize / 64] |= 1 << (j % 64);
        }
    }

    /// Of the points of `mask` (all in the attractor's `gets` at `i`), those the side moving
    /// first surely gets under the history: the prover's strategy holds move by move.
    pub(crate) fn gets(&mut self, i: u32, side: Color, mask: u64) -> u64 {
        self.nodes += 1;
        if self.nodes > self.cap {
            return 0;
        }
        let att = self.att;
        let s = state(i, side);
        if att.ultimate[s] {
            return mask & att.gets[s];
        }
        let n = att.n;
        let mut open = mask;
        let mut held = 0u64;
        for &c in &att.children[att.first[s] as usize..att.first[s + 1] as usize] {
            let j = c / 2;
            self.touch(j);
            if self.on_path[j as usize] {
                continue;
            }
            // the points for which this child is a step down the opponent's losing ranks
            let mut eligible = 0u64;
            let mut rest = open & att.misses[c as usize];
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if att.rank[c as usize * n + v] < att.rank[s * n + v] {
                    eligible |= 1 << v;
                }
            }
            if eligible == 0 {
                continue;
            }
            self.on_path[j as usize] = true;
            let ok = self.misses(j, side.opponent(), eligible);
            self.on_path[j as usize] = false;
            held |= ok;
            open &= !ok;
            if open == 0 || self.nodes > self.cap {
                break;
            }
        }
        if self.nodes > self.cap { 0 } else { held }
    }

    /// Of the points of `mask` (all in the attractor's `misses` at `i`), those the side moving
    /// first surely misses under the history: every regular move leads to a position where
    /// the opponent's strategy holds.
    pub(crate) fn misses(&mut self, i: u32, side: Color, mask: u64) -> u64 {
        self.nodes += 1;
        if self.nodes > self.cap {
            return 0;
        }
        let att = self.att;
        let s = state(i, side);
        if att.ultimate[s] {
            return mask & att.misses[s];
        }
        let mut held = mask;
        for &c in &att.children[att.first[s] as usize..att.first[s + 1] as usize] {
            let j = c / 2;
            self.touch(j);
            if self.on_path[j as usize] {
                continue;
            }
            self.on_path[j as usize] = true;
            held &= self.gets(j, side.opponent(), held);
            self.on_path[j as usize] = false;
            if held == 0 {
                break;
            }
        }
        if self.nodes > self.cap { 0 } else { held }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::packed::Packed;
    use board_geometry::Graph;

    fn cycle(n: usize) -> Graph {
        let edges: Vec<(u16, u16)> = (0..n).map(|i| (i as u16, ((i + 1) % n) as u16)).collect();
        Graph::from_edges(n, &edges).unwrap()
    }

    /// The sets on the closure from the empty board of `graph`.
    fn sets_of(graph: &Graph) -> Attractors {
        let mut positions = PositionGraph::new(Packed::new(graph));
        let root = positions.intern(super::super::super::packed::Pos { black: 0, white: 0 });
        assert!(positions.close(root, 1 << 20, 1 << 24, true));
        Attractors::compute(&mut positions).expect("closed")
    }

    /// The sets must be exactly the least fixpoint of the retrograde rules (the definition in
    /// the module documentation): every member has a child a rank lower that justifies it,
    /// and every state outside both sets, for that point, has neither a losing child for the
    /// opponent nor only winning ones.
    #[test]
    fn sets_are_the_retrograde_fixpoint() {
        let mut seen_both = false;
        for graph in [
            cycle(4),
            cycle(5),
            Graph::grid(3, 2).unwrap(),
            Graph::grid(5, 1).unwrap(),
        ] {
            let att = sets_of(&graph);
            let n = att.n;
            let (mut members, mut draws) = (0, 0);
            for s in 0..2 * att.positions {
                let kids = &att.children[att.first[s] as usize..att.first[s + 1] as usize];
                for v in 0..n {
                    let rank = att.rank[s * n + v];
                    let kid_rank = |c: u32| att.rank[c as usize * n + v];
                    let bit = |mask: u64| mask >> v & 1 == 1;
                    assert!(
                        !(bit(att.gets[s]) && bit(att.misses[s])),
                        "state {s} point {v}"
                    );
                    if att.ultimate[s] {
                        assert!(bit(att.gets[s]) || bit(att.misses[s]));
                        assert_eq!(rank, 1);
                        continue;
                    }
                    if bit(att.gets[s]) {
                        assert!(
                            kids.iter()
                                .any(|&c| bit(att.misses[c as usize]) && kid_rank(c) < rank)
                        );
                        members += 1;
                    } else if bit(att.misses[s]) {
                        assert!(
                            kids.iter()
                                .all(|&c| bit(att.gets[c as usize]) && kid_rank(c) < rank)
                        );
                        members += 1;
                    } else {
                        assert!(!kids.iter().any(|&c| bit(att.misses[c as usize])));
                        assert!(!kids.iter().all(|&c| bit(att.gets[c as usize])));
                        draws += 1;
                    }
                }
            }
            assert!(members > 0, "no state decided on {graph:?}");
            seen_both |= draws > 0;
        }
        // the cycles keep states neither side forces: the repetition rule decides those
        assert!(seen_both, "every state of every board was decided");
    }
}

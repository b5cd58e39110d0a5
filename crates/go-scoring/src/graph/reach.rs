//! The positions an outcome search meets, interned with their moves, leaf values and what each
//! can still reach.
//!
//! Reachability is what makes a transposition table sound and useful on regular sequences: the
//! subtree under a sequence only ever visits positions reachable from its last position, so
//! the earlier positions that matter (those a move could recreate) are exactly the ones in that
//! reachable set. [`PositionGraph::close`] enumerates every position reachable from a root,
//! condenses the move graph into strongly connected components (Tarjan) and stores, per
//! component, the set of positions reachable from it by at least one move.

use hashbrown::HashMap;

use super::packed::{Packed, Pos};
use crate::color::Color;

/// Whether a position is ultimate, and if so the points that are Black's there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaf {
    Unknown,
    Inner,
    Ultimate { black: u64 },
}

/// Interned positions with lazily computed moves and leaf values.
#[derive(Debug)]
pub(crate) struct PositionGraph {
    pub(crate) packed: Packed,
    index: HashMap<Pos, u32>,
    positions: Vec<Pos>,
    leaves: Vec<Leaf>,
    /// Children by Black's moves then White's; `split` marks where White's start.
    moves: Vec<Option<(Box<[u32]>, usize)>>,
    /// Positions `0..closed` were enumerated from the root; `reach` covers exactly them.
    closed: usize,
    component: Vec<u32>,
    /// Per component, the positions reachable from it by one move or more (bit per index).
    reach: Vec<Box<[u64]>>,
    /// Whether the closure stopped at ultimate positions (see [`PositionGraph::close`]).
    ultimate_sinks: bool,
}

impl PositionGraph {
    pub(crate) fn new(packed: Packed) -> Self {
        PositionGraph {
            packed,
            index: HashMap::new(),
            positions: Vec::new(),
            leaves: Vec::new(),
            moves: Vec::new(),
            closed: 0,
            component: Vec::new(),
            reach: Vec::new(),
            ultimate_sinks: false,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.positions.len()
    }

    /// The index of `p`, interning it if new.
    pub(crate) fn intern(&mut self, p: Pos) -> u32 {
        if let Some(&i) = self.index.get(&p) {
            return i;
        }
        let i = self.positions.len() as u32;
        self.index.insert(p, i);
        self.positions.push(p);
        self.leaves.push(Leaf::Unknown);
        self.moves.push(None);
        i
    }

    /// The index of `p` if it was met.
    pub(crate) fn find(&self, p: Pos) -> Option<u32> {
        self.index.get(&p).copied()
    }

    pub(crate) fn position(&self, i: u32) -> Pos {
        self.positions[i as usize]
    }

    /// The leaf value of position `i` (computed once).
    pub(crate) fn leaf(&mut self, i: u32) -> Leaf {
        let slot = &mut self.leaves[i as usize];
        if *slot == Leaf::Unknown {
            *slot = match self.packed.ultimate_black(self.positions[i as usize]) {
                Some(black) => Leaf::Ultimate { black },
                None => Leaf::Inner,
            };
        }
        *slot
    }

    /// Expands position `i` if needed: every legal move of both sides, interned.
    fn expand(&mut self, i: u32) {
        if self.moves[i as usize].is_some() {
            return;
        }
        let p = self.positions[i as usize];
        let mut children = Vec::new();
        let mut split = 0;
        for colour in Color::ALL {
            if colour == Color::White {
                split = children.len();
            }
            let mut empty = self.packed.empty(p);
            while empty != 0 {
                let v = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                if let Some(q) = self.packed.play(p, v, colour) {
                    children.push(self.intern(q));
                }
            }
        }
        self.moves[i as usize] = Some((children.into_boxed_slice(), split));
    }

    /// The positions `colour` can move to from position `i`, in point order.
    pub(crate) fn children(&mut self, i: u32, colour: Color) -> &[u32] {
        self.expand(i);
        let (all, split) = self.moves[i as usize].as_ref().expect("expanded");
        match colour {
            Color::Black => &all[..*split],
            Color::White => &all[*split..],
        }
    }

    /// True when the reachable sets are known for position `i`.
    pub(crate) fn is_closed(&self, i: u32) -> bool {
        (i as usize) < self.closed
    }

    /// True when the closure stopped at ultimate positions: its reachable sets hold only for
    /// sequences that do not play on past one.
    pub(crate) fn ultimate_sinks(&self) -> bool {
        self.ultimate_sinks
    }

    /// True when position `to` can be reached from `from` by one move or more. Only meaningful
    /// when `from` is closed; positions outside the closed set are reachable from none in it.
    pub(crate) fn reaches(&self, from: u32, to: u32) -> bool {
        let to = to as usize;
        to < self.closed && {
            let set = &self.reach[self.component[from as usize] as usize];
            set[to / 64] >> (to % 64) & 1 == 1
        }
    }

    /// True when positions `a` and `b` are both closed and in the same strongly connected
    /// component of the move graph (each reaches the other, or they are the same).
    pub(crate) fn same_component(&self, a: u32, b: u32) -> bool {
        self.is_closed(a)
            && self.is_closed(b)
            && self.component[a as usize] == self.component[b as usize]
    }

    /// Enumerates everything reachable from `root` (which must be the first interned position)
    /// and computes the reachable sets; gives up, leaving them unknown, past `max_positions`
    /// positions or when the sets would take more than `max_words` 64-bit words.
    ///
    /// With `ultimate_sinks`, an ultimate position ends every sequence through it: no move is
    /// followed out of it, so positions reached only through one are left out, and the
    /// reachable sets (the history a table key keeps) are those of the moves a search plays
    /// (a search stops at an ultimate position). Without it every legal move is followed;
    /// that is needed when the sequence leading to `root` already played on past an ultimate
    /// position, whose earlier positions would otherwise not be seen as reachable again.
    pub(crate) fn close(
        &mut self,
        root: u32,
        max_positions: usize,
        max_words: usize,
        ultimate_sinks: bool,
    ) -> bool {
        assert_eq!(root, 0, "the root is interned first");
        let mut next = 0usize;
        while next < self.positions.len() {
            if self.positions.len() > max_positions {
                return false;
            }
            let i = next as u32;
            next += 1;
            if ultimate_sinks && matches!(self.leaf(i), Leaf::Ultimate { .. }) {
                continue;
            }
            self.expand(i);
        }
        let n = self.positions.len();
        let component = self.components();
        let count = component.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        let words = n.div_ceil(64);
        if count.saturating_mul(words) > max_words {
            return false;
        }
        // Tarjan numbers components in reverse topological order: successors first.
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); count];
        for (i, &c) in component.iter().enumerate() {
            members[c as usize].push(i as u32);
        }
        let mut reach: Vec<Box<[u64]>> = Vec::with_capacity(count);
        for (c, list) in members.iter().enumerate() {
            let mut set = vec![0u64; words].into_boxed_slice();
            for &i in list {
                for &j in self.edges(i) {
                    let d = component[j as usize] as usize;
                    set[j as usize / 64] |= 1 << (j % 64);
                    if d != c {
                        for (w, x) in set.iter_mut().zip(reach[d].iter()) {
                            *w |= x;
                        }
                    }
                }
            }
            reach.push(set);
        }
        // within a component every member reaches every member (including itself when the
        // component has a cycle, which the edges above already record for some member)
        for (c, list) in members.iter().enumerate() {
            if list.len() > 1 {
                for &i in list {
                    reach[c][i as usize / 64] |= 1 << (i % 64);
                }
            }
        }
        self.component = component;
        self.reach = reach;
        self.closed = n;
        self.ultimate_sinks = ultimate_sinks;
        true
    }

    /// The moves of position `i` the closure follows: all of them once it is expanded, none
    /// for a position left unexpanded (an ultimate position, when those end sequences).
    fn edges(&self, i: u32) -> &[u32] {
        self.moves[i as usize]
            .as_ref()
            .map_or(&[], |(all, _)| &all[..])
    }

    /// Strongly connected components of the expanded move graph (iterative Tarjan); the
    /// numbering is a reverse topological order of the condensation.
    fn components(&self) -> Vec<u32> {
        const NONE: u32 = u32::MAX;
        let n = self.positions.len();
        let mut order = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut component = vec![NONE; n];
        let mut stack: Vec<u32> = Vec::new();
        let mut calls: Vec<(u32, usize)> = Vec::new();
        let mut counter = 0u32;
        let mut components = 0u32;
        let edges = |i: u32| self.edges(i);
        for start in 0..n as u32 {
            if order[start as usize] != NONE {
                continue;
            }
            calls.push((start, 0));
            order[start as usize] = counter;
            low[start as usize] = counter;
            counter += 1;
            stack.push(start);
            on_stack[start as usize] = true;
            while let Some(&mut (v, ref mut k)) = calls.last_mut() {
                let out = edges(v);
                if *k < out.len() {
                    let w = out[*k];
                    *k += 1;
                    if order[w as usize] == NONE {
                        order[w as usize] = counter;
                        low[w as usize] = counter;
                        counter += 1;
                        stack.push(w);
                        on_stack[w as usize] = true;
                        calls.push((w, 0));
                    } else if on_stack[w as usize] {
                        low[v as usize] = low[v as usize].min(order[w as usize]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[v as usize]);
                }
                if low[v as usize] == order[v as usize] {
                    loop {
                        let w = stack.pop().expect("v is on the stack");
                        on_stack[w as usize] = false;
                        component[w as usize] = components;
                        if w == v {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
        component
    }
}

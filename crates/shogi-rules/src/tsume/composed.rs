//! Exact minimax under the composers' conventions, for problems short enough to search
//! every line within a ply bound: the attacker takes the shortest mate, the defender the
//! longest resistance, a useless interposition (無駄合) is not counted, and among equally
//! long defences the one that leaves the attacker no pieces in hand is preferred.
//!
//! 無駄合, made precise: an interposition at an AND node is useless when the attacker can
//! capture the interposed piece with a check and then mate in no more counted plies than
//! the defender could have resisted at that node without interposing (0 when every defence
//! is an interposition). Such a defence only inserts "interpose, capture" into a line
//! that exists anyway, so it adds nothing to the problem.

use hashbrown::{HashMap, HashSet};

use super::node::Node;
use crate::types::Move;

/// The value of a solved node under the conventions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value {
    /// Counted plies to the end (useless interpositions left out).
    pub(crate) counted: u32,
    /// Pieces the attacker still holds when the counted line ends.
    pub(crate) leftover: u32,
    /// The move chosen here (none at the end of the line).
    pub(crate) best: Option<Move>,
}

pub(crate) struct Composed<'a> {
    pub(crate) node: &'a mut Node,
    memo: HashMap<(u64, u32), Option<Value>>,
    path: HashSet<u64>,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) aborted: bool,
    /// Count every interposition (shortest-mate semantics) instead of the conventions.
    pub(crate) count_all: bool,
}

impl<'a> Composed<'a> {
    pub(crate) fn new(node: &'a mut Node, node_limit: u64, count_all: bool) -> Composed<'a> {
        Composed {
            node,
            memo: HashMap::new(),
            path: HashSet::new(),
            nodes: 0,
            node_limit,
            aborted: false,
            count_all,
        }
    }

    /// Value of the current node (attacker to move) if it mates within `bound` plies.
    pub(crate) fn attack(&mut self, bound: u32) -> Option<Value> {
        if bound == 0 || self.aborted {
            return None;
        }
        let key = (self.node.full_key(), bound);
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        if self.path.contains(&key.0) {
            return None;
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
            return None;
        }
        self.path.insert(key.0);
        let mut best: Option<Value> = None;
        for mv in self.node.checks() {
            let u = self.node.play(mv);
            let v = self.defend(bound - 1);
            self.node.unplay(mv, u);
            if let Some(v) = v {
                let cand = Value {
                    counted: v.counted + 1,
                    leftover: v.leftover,
                    best: Some(mv),
                };
                let better = match best {
                    None => true,
                    Some(b) => (cand.counted, cand.leftover > 0) < (b.counted, b.leftover > 0),
                };
                if better {
                    best = Some(cand);
                }
            }
        }
        self.path.remove(&key.0);
        if !self.aborted {
            self.memo.insert(key, best);
        }
        best
    }

    /// Value of the current node (defender to move, in check) if every defence is mated
    /// within `bound` plies.
    pub(crate) fn defend(&mut self, bound: u32) -> Option<Value> {
        if self.aborted {
            return None;
        }
        let replies = self.node.replies();
        if replies.is_empty() {
            return Some(Value {
                counted: 0,
                leftover: self.node.attacker_hand().total(),
                best: None,
            });
        }
        if bound == 0 {
            return None;
        }
        let key = (self.node.full_key(), bound);
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        if self.path.contains(&key.0) {
            return None;
        }
        self.nodes += 1;
        self.path.insert(key.0);
        let result = self.defend_moves(&replies, bound);
        self.path.remove(&key.0);
        if !self.aborted {
            self.memo.insert(key, result);
        }
        result
    }

    fn defend_moves(&mut self, replies: &[Move], bound: u32) -> Option<Value> {
        let mut values = Vec::with_capacity(replies.len());
        for &mv in replies {
            let u = self.node.play(mv);
            let v = self.attack(bound - 1);
            self.node.unplay(mv, u);
            values.push((mv, v?));
        }
        let key = |v: &Value| (v.counted + 1, v.leftover == 0);
        if self.count_all {
            let (mv, v) = values.iter().max_by_key(|(_, v)| key(v)).copied()?;
            return Some(Value {
                counted: v.counted + 1,
                leftover: v.leftover,
                best: Some(mv),
            });
        }
        let interpose: Vec<bool> = values
            .iter()
            .map(|(mv, _)| self.node.is_interposition(*mv))
            .collect();
        let plain_best = values
            .iter()
            .zip(&interpose)
            .filter(|(_, i)| !**i)
            .map(|((_, v), _)| v.counted + 1)
            .max()
            .unwrap_or(0);
        let mut best: Option<Value> = None;
        for ((mv, v), is_int) in values.iter().zip(&interpose) {
            if *is_int && self.useless(*mv, plain_best, bound) {
                continue;
            }
            let cand = Value {
                counted: v.counted + 1,
                leftover: v.leftover,
                best: Some(*mv),
            };
            if best.is_none_or(|b| key(&cand) > key(&b)) {
                best = Some(cand);
            }
        }
        Some(best.unwrap_or(Value {
            counted: 0,
            leftover: self.node.attacker_hand().total(),
            best: None,
        }))
    }

    /// Whether the interposition `mv` is useless: some capture of the interposed piece
    /// (a check) leads to a mate of at most `plain` counted plies.
    fn useless(&mut self, mv: Move, plain: u32, bound: u32) -> bool {
        if bound < 2 {
            return false;
        }
        let u = self.node.play(mv);
        let target = mv.to();
        let mut found = false;
        for cap in self.node.checks() {
            if cap.to() != target || cap.is_drop() {
                continue;
            }
            let u2 = self.node.play(cap);
            let w = self.defend(bound - 2);
            self.node.unplay(cap, u2);
            if w.is_some_and(|w| w.counted <= plain) {
                found = true;
                break;
            }
        }
        self.node.unplay(mv, u);
        found
    }

    /// The main line from the current node: the chosen moves, replayed from the memo.
    pub(crate) fn line(&mut self, bound: u32) -> Vec<Move> {
        let mut out = Vec::new();
        let mut undos = Vec::new();
        let mut b = bound;
        loop {
            let v = if self.node.attacker_to_move() {
                self.attack(b)
            } else {
                self.defend(b)
            };
            let Some(Value { best: Some(mv), .. }) = v else {
                break;
            };
            out.push(mv);
            undos.push((mv, self.node.play(mv)));
            if b == 0 {
                break;
            }
            b -= 1;
        }
        while let Some((mv, u)) = undos.pop() {
            self.node.unplay(mv, u);
        }
        out
    }
}

//! Repetition judgement for engines and servers: a tracker that follows make/unmake.
//!
//! A search pushes every move it makes and pops it when it unmakes. Pushing records the
//! position key and a copy of the position; the per-move classification is computed
//! only for the plies of a cycle when a repetition is asked about, and memoised, so the
//! question "does this repetition lose for the side to move?" costs time linear in the
//! cycle length, and nothing at nodes where no position repeats.

use std::cell::RefCell;

use super::board::{Board, Mv};
use super::effects::{MoveAnalysis, classify};
use super::rules::Ruleset;
use super::verdict::{Cycle, Verdict, judge};

/// The game stack of a search, with lazily classified moves.
#[derive(Debug)]
pub struct CycleTracker {
    rules: Ruleset,
    boards: Vec<Board>,
    keys: Vec<u64>,
    moves: Vec<Mv>,
    /// Classification of `moves[i]`, computed on demand and dropped on pop.
    classes: RefCell<Vec<Option<MoveAnalysis>>>,
}

impl CycleTracker {
    pub fn new(start: Board, rules: Ruleset) -> CycleTracker {
        let key = start.key();
        CycleTracker {
            rules,
            boards: vec![start],
            keys: vec![key],
            moves: Vec::new(),
            classes: RefCell::new(Vec::new()),
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.boards.last().expect("never empty")
    }

    /// Number of moves pushed.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Records a move made (the caller is responsible for its legality).
    pub fn push(&mut self, mv: Mv) {
        let next = self.board().after(mv);
        let key = next.key();
        self.keys.push(key);
        self.boards.push(next);
        self.moves.push(mv);
        self.classes.get_mut().push(None);
    }

    /// Forgets the last move (unmake).
    pub fn pop(&mut self) {
        if self.moves.pop().is_some() {
            self.boards.pop();
            self.keys.pop();
            self.classes.get_mut().pop();
        }
    }

    /// The cycle ending at the current position, if it repeats an earlier one. Only
    /// positions with the same side to move are compared (every second key).
    pub fn repetition(&self) -> Option<Cycle> {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let mut found = None;
        let mut i = n;
        while i >= 2 {
            i -= 2;
            if self.keys[i] == key && self.boards[i] == self.boards[n] {
                found = Some(i);
            }
        }
        found.map(|i| Cycle {
            start_ply: i,
            plies: n - i,
        })
    }

    /// The verdict on the current repetition, or `None` if the position has not repeated.
    pub fn verdict(&self) -> Option<Verdict> {
        let cycle = self.repetition()?;
        let mut classes = self.classes.borrow_mut();
        let mut analyses = Vec::with_capacity(cycle.plies);
        for k in cycle.start_ply..self.moves.len() {
            let a = classes[k]
                .get_or_insert_with(|| classify(&self.boards[k], self.moves[k], &self.rules))
                .clone();
            analyses.push(a);
        }
        let positions = self.boards[cycle.start_ply..self.moves.len()].to_vec();
        Some(judge(&self.rules, cycle, positions, analyses).verdict)
    }

    /// Does the current repetition lose for the side to move? `None` without repetition.
    pub fn loses_for_side_to_move(&self) -> Option<bool> {
        let v = self.verdict()?;
        Some(v == Verdict::loser(self.board().turn()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracker_agrees_with_batch_adjudication() {
        // pyffish observed case (reference digest §5): a rook chasing an unprotected
        // cannon; the chaser (Red) loses under AXF.
        let start = Board::from_fen("5k3/9/6c2/9/9/9/9/9/9/4K2R1 w").unwrap();
        let mut t = CycleTracker::new(start, Ruleset::AXF);
        for m in ["h0g0", "g7h7", "g0h0", "h7g7"] {
            assert_eq!(t.verdict(), None);
            t.push(Board::parse_iccs(m).unwrap());
        }
        assert_eq!(t.verdict(), Some(Verdict::RedLoses));
        assert_eq!(t.loses_for_side_to_move(), Some(true));
        t.pop();
        assert_eq!(t.verdict(), None);
        t.push(Board::parse_iccs("h7g7").unwrap());
        assert_eq!(t.verdict(), Some(Verdict::RedLoses));
    }
}

//! Repetition judgement for engines and servers: a game stack that follows make/unmake.
//!
//! A search makes and unmakes its moves through the tracker, which owns the current
//! position: [`CycleTracker::push`] / [`CycleTracker::pop`], or, keeping the undo record
//! in the search's own frame as with the engine's make/unmake, [`CycleTracker::make`] /
//! [`CycleTracker::unmake`]. Making a move plays it in place and records only what a
//! later question needs, in one 16-byte entry: the position key, the move, what it
//! captured and the previous halfmove clock (no copy of the position), plus the ply of
//! every capture (a capture changes the material, so no earlier position can repeat a
//! later one).
//!
//! Asking whether the current position repeats compares keys of the same side to move
//! back to the last capture ([`History::earliest_repeat_since`] over board-core's
//! repetition [`History`]). The history is brought up to date from the recorded keys only
//! when a question can need it (four plies or more since the last capture), so a make
//! and unmake near a capture cost one entry pushed and popped. (The history, like the
//! memo of classes, sits in a `RefCell` so that a question, which takes `&self`, can bring
//! it up to date; a tracker is not `Sync`, so each search thread keeps its own.)
//!
//! Only when a key matches is anything else done: the cycle's positions are rebuilt by
//! unmaking its moves on a copy of the current position (a cycle contains no capture), the
//! key match is confirmed against the rebuilt position, and the cycle's moves are
//! classified and memoised per ply (a memo is used only while the same move from the same
//! position stands at that ply). The verdict therefore costs time linear in the cycle
//! length, and nothing at nodes where no position repeats.

use std::cell::RefCell;

use board_core::repetition::History;

use super::board::{Board, BoardError};
use super::effects::{MoveAnalysis, classify};
use super::rules::Ruleset;
use super::verdict::{Cycle, Ruling, Verdict, judge};
use crate::{Move, Piece, Position, Square, Undo};

/// What one ply leaves on the move stack: 16 bytes.
#[derive(Clone, Copy, Debug)]
struct Ply {
    /// The key of the position the move led to (of the start position in the first entry).
    hash: u64,
    /// The previous halfmove clock (unused in the first entry).
    clock: u32,
    /// The move that led here and the piece it captured, packed as origin, destination
    /// and captured piece code (0 for none) in the low three bytes. One word written and
    /// read whole: taking back a move made just before then reads the value straight
    /// from the store that wrote it.
    packed: u32,
}

impl Ply {
    #[inline]
    fn new(hash: u64, mv: Move, undo: Undo) -> Ply {
        let cap = undo.captured.map_or(0, |p| p.code() as u32);
        Ply {
            hash,
            clock: undo.halfmove_clock,
            packed: mv.from.index() as u32 | (mv.to.index() as u32) << 8 | cap << 16,
        }
    }

    #[inline]
    fn mv(&self) -> Move {
        Move::new(
            Square::from_bit(self.packed & 0xff),
            Square::from_bit((self.packed >> 8) & 0xff),
        )
    }

    #[inline]
    fn captures(&self) -> bool {
        self.packed >> 16 != 0
    }

    #[inline]
    fn undo(&self) -> Undo {
        Undo {
            captured: Piece::from_code((self.packed >> 16) as u8),
            halfmove_clock: self.clock,
        }
    }
}

/// The game stack of a search, with lazily classified moves.
#[derive(Debug)]
pub struct CycleTracker {
    rules: Ruleset,
    board: Board,
    /// The keys of the positions after `i` moves at ply `i`, copied from `stack` when a
    /// question needs them (check flags are not kept: the rulings classify moves
    /// themselves). It may hold fewer plies than `stack`, never more.
    history: RefCell<History>,
    /// `stack[i]` is the move that led to the position after `i` moves (`stack[0]` is a
    /// placeholder for the start).
    stack: Vec<Ply>,
    /// Stack indices of the positions reached by captures, in order. A capture changes
    /// the material, so no position before the last one can repeat a later one.
    captures: Vec<u32>,
    /// The last entry of `captures`, or 0.
    since: u32,
    /// Classification of the move leading to `stack[i + 1]`, computed on demand. Entries
    /// are not dropped on pop (which stays free of this bookkeeping); each remembers the
    /// move and the keys before and after it, and is used only while they still match.
    classes: RefCell<Vec<Option<Memo>>>,
}

/// A remembered classification and the ply it belongs to.
#[derive(Clone, Debug)]
struct Memo {
    before: u64,
    after: u64,
    mv: Move,
    analysis: MoveAnalysis,
}

impl CycleTracker {
    /// A tracker whose game starts at `start` (a [`Position`] or an adjudicator [`Board`]).
    pub fn new(start: impl Into<Board>, rules: Ruleset) -> CycleTracker {
        let start: Board = start.into();
        let first = Ply {
            hash: start.key(),
            clock: 0,
            packed: 0,
        };
        let mut stack = Vec::with_capacity(64);
        stack.push(first);
        CycleTracker {
            rules,
            history: RefCell::new(History::scan_only(start.key(), false)),
            board: start,
            stack,
            captures: Vec::new(),
            since: 0,
            classes: RefCell::new(Vec::new()),
        }
    }

    /// The ruleset the verdicts follow.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The current position.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The current engine position, e.g. to generate moves from.
    #[inline]
    pub fn position(&self) -> &Position {
        self.board.position()
    }

    /// Number of moves pushed.
    #[inline]
    pub fn ply(&self) -> usize {
        self.stack.len() - 1
    }

    /// Makes a move, which must be legal for the side to move (as produced by the
    /// engine's move generator); see [`CycleTracker::try_push`] for unchecked input.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.make(mv);
    }

    /// As [`CycleTracker::push`], returning what [`CycleTracker::unmake`] needs, for a
    /// search that keeps its moves and undo records in its own frames (as with the
    /// engine's [`Position::play_unchecked`]): taking the move back then needs no look-up.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        debug_assert!(self.board.position().is_legal(mv), "illegal move {mv}");
        let undo = self.board.make(mv);
        if undo.captured.is_some() {
            self.since = self.stack.len() as u32;
            self.captures.push(self.since);
        }
        self.stack.push(Ply::new(self.board.key(), mv, undo));
        undo
    }

    /// Takes back the last move, given as made with [`CycleTracker::make`] and the undo
    /// record it returned (checked in debug builds).
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        debug_assert!(
            self.stack.len() > 1
                && self.stack.last().map(|p| (p.mv(), p.undo())) == Some((mv, undo)),
            "unmake of a move that is not the last one made"
        );
        self.board.unmake(mv, undo);
        self.stack.pop();
        self.trim_history();
        if undo.captured.is_some() {
            self.captures.pop();
            self.since = self.captures.last().copied().unwrap_or(0);
        }
    }

    /// Makes a move after checking that it is legal; an illegal one is refused with its
    /// ply number and leaves the tracker unchanged.
    pub fn try_push(&mut self, mv: Move) -> Result<(), BoardError> {
        if !self.board.position().is_legal(mv) {
            return Err(BoardError::IllegalMove {
                index: self.ply(),
                token: mv.to_string(),
            });
        }
        self.push(mv);
        Ok(())
    }

    /// Takes the last move back (unmake); does nothing at the start position.
    #[inline]
    pub fn pop(&mut self) {
        if self.stack.len() > 1 {
            let top = self.stack.pop().expect("more than one entry");
            self.trim_history();
            self.board.unmake(top.mv(), top.undo());
            if top.captures() {
                self.captures.pop();
                self.since = self.captures.last().copied().unwrap_or(0);
            }
        }
    }

    /// Drops the history's record of a ply that has just been taken back, if a question
    /// had copied it there.
    #[inline]
    fn trim_history(&mut self) {
        let history = self.history.get_mut();
        if history.ply() as usize >= self.stack.len() {
            history.pop();
        }
    }

    /// The stack index of the earliest earlier position with the current key and side
    /// to move (a cycle needs at least four plies), without confirming the match.
    fn earliest_key_match(&self, from: usize) -> Option<usize> {
        let n = self.stack.len() - 1;
        let lo = (self.since as usize).max(from);
        if n < lo + 4 {
            return None;
        }
        let mut history = self.history.borrow_mut();
        // The check flag is not recorded: the rulings classify every move of the cycle
        // (checks included) themselves.
        for ply in &self.stack[history.ply() as usize + 1..] {
            history.push_uncounted(ply.hash, false);
        }
        let i = history.earliest_repeat_since(lo as u32)? as usize;
        (i + 4 <= n).then_some(i)
    }

    /// The key of the position after `ply` moves.
    #[inline]
    fn key_at(&self, ply: usize) -> u64 {
        self.stack[ply].hash
    }

    /// The positions before each move from stack index `start` to the current one, by
    /// unmaking those moves on a copy of the current position; the first is the
    /// position at `start`.
    fn positions_from(&self, start: usize) -> Vec<Board> {
        let n = self.stack.len() - 1;
        let mut out = Vec::with_capacity(n - start);
        let mut b = self.board.clone();
        for ply in self.stack[start + 1..].iter().rev() {
            b.unmake(ply.mv(), ply.undo());
            out.push(b.clone());
        }
        out.reverse();
        out
    }

    /// The position at stack index `i`, rebuilt by unmaking.
    fn position_at(&self, i: usize) -> Board {
        let mut b = self.board.clone();
        for ply in self.stack[i + 1..].iter().rev() {
            b.unmake(ply.mv(), ply.undo());
        }
        b
    }

    /// The cycle ending at the current position, if it repeats an earlier one: from the
    /// earliest earlier occurrence (same placement, same side to move) to the last move.
    #[inline]
    pub fn repetition(&self) -> Option<Cycle> {
        // Fewer than four plies since the last capture: nothing can repeat (the common
        // case in a search, answered without a call).
        if self.stack.len() < self.since as usize + 5 {
            return None;
        }
        self.repetition_since_capture()
    }

    #[inline(never)]
    fn repetition_since_capture(&self) -> Option<Cycle> {
        let n = self.stack.len() - 1;
        let mut from = 0;
        while let Some(i) = self.earliest_key_match(from) {
            // Keys are 64-bit hashes: confirm the match on the position itself.
            if self.position_at(i) == self.board {
                return Some(Cycle {
                    start_ply: i,
                    plies: n - i,
                });
            }
            from = i + 2;
        }
        None
    }

    /// The full ruling on the current repetition (per-move classes, summaries,
    /// explanation), or `None` if the position has not repeated.
    pub fn ruling(&self) -> Option<Ruling> {
        let cycle = self.repetition()?;
        let positions = self.positions_from(cycle.start_ply);
        let mut classes = self.classes.borrow_mut();
        let n = self.ply();
        if classes.len() < n {
            classes.resize(n, None);
        }
        let analyses: Vec<MoveAnalysis> = positions
            .iter()
            .enumerate()
            .map(|(k, b)| {
                let ply = cycle.start_ply + k;
                let (before, after) = (self.key_at(ply), self.key_at(ply + 1));
                let mv = self.stack[ply + 1].mv();
                let slot = &mut classes[ply];
                match slot {
                    Some(m) if m.before == before && m.after == after && m.mv == mv => {}
                    _ => {
                        *slot = Some(Memo {
                            before,
                            after,
                            mv,
                            analysis: classify(b, mv, &self.rules),
                        })
                    }
                }
                slot.as_ref().expect("just filled").analysis.clone()
            })
            .collect();
        Some(judge(&self.rules, cycle, positions, analyses))
    }

    /// The verdict on the current repetition, or `None` if the position has not repeated.
    pub fn verdict(&self) -> Option<Verdict> {
        self.ruling().map(|r| r.verdict)
    }

    /// Does the current repetition lose for the side to move? `None` without repetition.
    pub fn loses_for_side_to_move(&self) -> Option<bool> {
        let v = self.verdict()?;
        Some(v == Verdict::loser(self.board.side_to_move()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudicate::adjudicate;

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

    #[test]
    fn memoised_classes_follow_the_line_actually_on_the_stack() {
        // Two cycles back to the same start: the rook chases the cannon from the g-file
        // (line A) or first steps aside to i0 (line B). Each ruling must be the batch
        // adjudicator's for the line now on the stack, whatever was classified before.
        let start = Board::from_fen("5k3/9/6c2/9/9/9/9/9/9/4K2R1 w").unwrap();
        let a = crate::adjudicate::parse_moves("h0g0 g7h7 g0h0 h7g7").unwrap();
        let b = crate::adjudicate::parse_moves("h0i0 g7h7 i0h0 h7g7").unwrap();
        let mut t = CycleTracker::new(start.clone(), Ruleset::AXF);
        for line in [&a, &b, &a] {
            for &m in line.iter() {
                t.push(m);
            }
            let batch = adjudicate(start.position(), line, &Ruleset::AXF).unwrap();
            let inc = t.ruling().expect("the start repeats");
            assert_eq!(inc.moves, batch.moves);
            assert_eq!(inc.verdict, batch.verdict);
            for _ in 0..4 {
                t.pop();
            }
        }
        let ra = adjudicate(start.position(), &a, &Ruleset::AXF).unwrap();
        let rb = adjudicate(start.position(), &b, &Ruleset::AXF).unwrap();
        assert_ne!(
            ra.moves[0].class, rb.moves[0].class,
            "the lines differ at ply 0"
        );
    }

    /// The tracker's answer after every prefix of `moves` equals the batch adjudicator's.
    fn agree_on_every_prefix(start: &Board, moves: &[Move], rules: &Ruleset, label: &str) {
        let mut t = CycleTracker::new(start.clone(), *rules);
        for k in 0..=moves.len() {
            if k > 0 {
                t.try_push(moves[k - 1]).unwrap();
            }
            let batch = adjudicate(start.position(), &moves[..k], rules).unwrap();
            let inc = t.ruling();
            assert_eq!(t.repetition(), batch.cycle, "{label} after {k} moves");
            match inc {
                None => assert_eq!(batch.verdict, Verdict::NoRepetition, "{label} {k}"),
                Some(r) => {
                    assert_eq!(r.verdict, batch.verdict, "{label} after {k} moves");
                    assert_eq!(r.moves, batch.moves, "{label} after {k} moves");
                    assert_eq!(r.explanation, batch.explanation, "{label} {k}");
                }
            }
        }
        // Unmaking everything restores the start exactly.
        for _ in 0..moves.len() {
            t.pop();
        }
        assert_eq!(t.board(), start);
        assert_eq!(t.board().key(), start.key());
        assert_eq!(
            t.board().position(),
            start.position(),
            "{label}: clocks restored"
        );
        assert_eq!(t.ply(), 0);

        // The make/unmake pair with undo records kept by the caller answers the same, and
        // a memoised classification is not reused after its ply was replaced.
        let mut undos = Vec::new();
        for (k, &m) in moves.iter().enumerate() {
            undos.push(t.make(m));
            let batch = adjudicate(start.position(), &moves[..=k], rules).unwrap();
            assert_eq!(
                t.verdict().unwrap_or(Verdict::NoRepetition),
                batch.verdict,
                "{label} after {} moves (make)",
                k + 1
            );
        }
        for (&m, undo) in moves.iter().zip(undos).rev() {
            t.unmake(m, undo);
            let batch = adjudicate(start.position(), &moves[..t.ply()], rules).unwrap();
            assert_eq!(
                t.ruling().map(|r| r.moves),
                batch.cycle.map(|_| batch.moves),
                "{label} back at {} moves",
                t.ply()
            );
        }
        assert_eq!(t.board().position(), start.position());
    }

    #[test]
    fn agrees_with_batch_on_the_fsf_cases() {
        // The Fairy-Stockfish AXF cases (tests/data, source note in the file): whatever
        // the batch adjudicator rules, the incremental tracker rules the same at every ply.
        let doc: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/data/xiangqi_axf_fsf_cases.json"))
                .unwrap();
        let cases = doc["cases"].as_array().unwrap();
        assert_eq!(cases.len(), 33);
        for case in cases {
            let id = case["id"].as_str().unwrap();
            let start = Board::from_fen(case["fen"].as_str().unwrap()).unwrap();
            let moves: Vec<Move> = case["moves_iccs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| Board::parse_iccs(m.as_str().unwrap()).unwrap())
                .collect();
            for rules in [Ruleset::AXF, Ruleset::CXA2011, Ruleset::CXA1987] {
                agree_on_every_prefix(&start, &moves, &rules, id);
            }
        }
    }

    use board_core::Rng;

    /// A random game that keeps returning to earlier positions: random moves, often
    /// followed by both sides moving back (when legal), so cycles of 4 and more plies
    /// arise with captures in between.
    fn random_game(start: &Board, rng: &mut Rng, len: usize) -> Vec<Move> {
        let mut b = start.clone();
        let mut moves: Vec<Move> = Vec::new();
        while moves.len() < len {
            let legal = b.legal_moves();
            if legal.is_empty() {
                break;
            }
            let n = moves.len();
            // Undo the pair two and four plies back when that is legal (a shuttle).
            let back = (n >= 2 && rng.index(3) > 0).then(|| {
                let m = moves[n - 2];
                Move {
                    from: m.to,
                    to: m.from,
                }
            });
            let m = match back {
                Some(r) if legal.contains(&r) => r,
                _ => legal[rng.index(legal.len())],
            };
            moves.push(m);
            b = b.after(m);
        }
        moves
    }

    #[test]
    fn agrees_with_batch_on_random_games_with_repetitions() {
        // Reference: the batch adjudicator (verdict::adjudicate) on the same move list.
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
            "3k5/9/9/9/4p4/9/3N5/4R4/9/3KC4 w",
            "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w",
        ];
        let mut rng = Rng::new(0x5eed);
        let mut repetitions = 0;
        for fen in starts {
            let start = Board::from_fen(fen).unwrap();
            for g in 0..6 {
                let moves = random_game(&start, &mut rng, 24);
                let rules = [Ruleset::AXF, Ruleset::CXA2011, Ruleset::CXA1999][g % 3];
                agree_on_every_prefix(&start, &moves, &rules, fen);
                let mut t = CycleTracker::new(start.clone(), rules);
                for &m in &moves {
                    t.push(m);
                    repetitions += usize::from(t.repetition().is_some());
                }
            }
        }
        // The generator must actually produce repetitions for the test to mean anything.
        assert!(repetitions > 20, "only {repetitions} repeated positions");
    }

    #[test]
    fn captures_bound_the_search_and_illegal_moves_are_refused() {
        // A rook shuttles (the start repeats after four plies), takes a pawn, and shuttles
        // again: the positions after plies 7 and 8 repeat after plies 11 and 12, and no
        // position after the capture is matched with one before it (different material).
        let start = Board::from_fen("4k4/9/9/9/9/4p4/9/9/9/R2K5 w").unwrap();
        let line = "a0a1 e9f9 a1a0 f9e9 a0a4 e9f9 a4e4 f9f8 e4e3 f8f9 e3e4 f9f8";
        let moves = crate::adjudicate::parse_moves(line).unwrap();
        let mut t = CycleTracker::new(start.clone(), Ruleset::AXF);
        let mut cycles = Vec::new();
        for &m in &moves {
            t.push(m);
            cycles.push(t.repetition().map(|c| (c.start_ply, c.plies)));
        }
        let expected = [
            None,
            None,
            None,
            Some((0, 4)),
            None,
            None,
            None,
            None,
            None,
            None,
            Some((7, 4)),
            Some((8, 4)),
        ];
        assert_eq!(cycles, expected);
        agree_on_every_prefix(&start, &moves, &Ruleset::AXF, line);
        agree_on_every_prefix(&start, &moves, &Ruleset::CXA2011, line);

        // Illegal input is refused with its ply and leaves the tracker as it was.
        let key = t.board().key();
        for bad in ["f8f7", "e4f5", "a0a1", "d0c0", "e4e4"] {
            let err = t.try_push(Board::parse_iccs(bad).unwrap());
            assert_eq!(
                err,
                Err(BoardError::IllegalMove {
                    index: 12,
                    token: bad.to_string()
                })
            );
        }
        assert_eq!((t.ply(), t.board().key()), (12, key));
    }
}

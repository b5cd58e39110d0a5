//! Cheap mate tests made while a node's children are set up, so that the short mates that
//! make up most of a proof are settled without a df-pn visit of their own:
//!
//! * a **mate in one** at each new attacker child of a defender node: a defender node whose
//!   every reply is answered by a mate in one is then proven as soon as it is expanded,
//!   instead of by one visit per reply under rising thresholds;
//! * a **mate in three** at each new defender child of an attacker node with few replies
//!   (every reply answered by a mate in one): a mate in three is then proven by the visit of
//!   its root alone.
//!
//! Each test stores the proofs it finds in the table, with the proof pieces and lengths a
//! visit would store (the reading of the line looks for them). A failed test is remembered
//! in [`Tried`], since df-pn expands a node again at each visit and its children not yet
//! searched would be tested again each time. Moves are generated into buffers kept by the
//! search, so a test allocates nothing.

use super::dfpn::{Search, and_proof_base};
use super::hands;
use crate::movegen::{Sink, each_board_move, each_drop};
use crate::position::Position;
use crate::types::{Bitboard, Hand, Kind, Move, Square};

/// A reused move buffer as a generator's sink (instead of a 600-move list set up on the
/// stack at every generation).
pub(crate) struct Gather<'a>(pub(crate) &'a mut Vec<Move>);

impl Sink for Gather<'_> {
    #[inline]
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard) {
        each_board_move(from, promo, plain, |mv| self.0.push(mv));
    }
    #[inline]
    fn drops(&mut self, kind: Kind, targets: Bitboard) {
        each_drop(kind, targets, |mv| self.0.push(mv));
    }
}

/// Children whose mate test failed: a direct-mapped array of their keys (board and attacker
/// hand), lossy: a key pushed out by another is only tested again, and a collision only
/// skips a shortcut, never changes a result. Allocated small at the first failure and
/// grown as failures come, so that a short problem never pays for clearing a large one.
#[derive(Default)]
pub(crate) struct Tried {
    keys: Vec<u64>,
    /// Failures recorded since the array last grew.
    recorded: usize,
}

/// Most slots of [`Tried`]: the tests stop after the first [`super::dfpn::SHORTCUT_NODES`]
/// nodes of a search.
const TRIED_SLOTS: usize = 1 << 11;

/// Slots of [`Tried`] at its first failure (a mate-in-three problem records a few).
const TRIED_START: usize = 1 << 6;

impl Tried {
    #[inline]
    fn key(board: u64, hand: &Hand) -> u64 {
        (board ^ hands::packed(hand).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
    }

    #[inline]
    fn slot(&self, k: u64) -> usize {
        k as usize & (self.keys.len() - 1)
    }

    /// Whether the child (`board`, `hand`) failed its test before.
    #[inline]
    pub(crate) fn failed(&self, board: u64, hand: &Hand) -> bool {
        if self.keys.is_empty() {
            return false;
        }
        let k = Self::key(board, hand);
        self.keys[self.slot(k)] == k
    }

    /// Records a failed test of the child (`board`, `hand`).
    #[inline]
    pub(crate) fn record(&mut self, board: u64, hand: &Hand) {
        if self.keys.is_empty() {
            self.keys = vec![0; TRIED_START];
        } else if self.recorded >= self.keys.len() / 2 && self.keys.len() < TRIED_SLOTS {
            self.grow();
        }
        let k = Self::key(board, hand);
        let i = self.slot(k);
        self.keys[i] = k;
        self.recorded += 1;
    }

    /// Four times the slots, the keys kept moved to their new slots.
    #[cold]
    fn grow(&mut self) {
        let size = (self.keys.len() * 4).min(TRIED_SLOTS);
        let old = std::mem::replace(&mut self.keys, vec![0; size]);
        for k in old.into_iter().filter(|&k| k != 0) {
            let i = self.slot(k);
            self.keys[i] = k;
        }
        self.recorded = 0;
    }
}

/// The defender king's flight squares before an attacker move: squares next to the king,
/// not held by the defender, that the attacker does not attack (the king lifted, so that a
/// slider's ray reaches past it). A check leaves most of them open, so the king-step test
/// of each candidate check tries them first.
fn flight_squares(pos: &Position) -> Bitboard {
    pos.king_step_squares(!pos.side_to_move())
}

/// The attacker's pieces whose move off their line to the defender king checks by
/// discovery.
fn discoverers(pos: &Position) -> Bitboard {
    let us = pos.side_to_move();
    match pos.king(!us) {
        Some(ek) => pos.discoverers(us, ek, pos.occupied()),
        None => Bitboard::EMPTY,
    }
}

/// Gathers replies into a buffer, counting the drops and the squares dropped on apart.
struct Replies<'a> {
    moves: &'a mut Vec<Move>,
    drops: u64,
    dropped_on: Bitboard,
}

impl Sink for Replies<'_> {
    #[inline]
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard) {
        each_board_move(from, promo, plain, |mv| self.moves.push(mv));
    }
    #[inline]
    fn drops(&mut self, kind: Kind, targets: Bitboard) {
        self.drops += u64::from(targets.count());
        self.dropped_on |= targets;
        each_drop(kind, targets, |mv| self.moves.push(mv));
    }
}

/// Most replies of a defender child for which the mate-in-three test is tried: with more,
/// the test costs more than the visits it saves (one reply without a mate in one ends it,
/// but each failing reply costs a whole mate-in-one test).
const MATE3_MAX_REPLIES: u64 = 3;

/// Moves a new buffer has room for.
const BUFFER_MOVES: usize = 128;

impl Search {
    /// A buffer for generated moves, taken from the pool (given back with
    /// [`Self::give_back`]).
    #[inline]
    pub(crate) fn buffer(&mut self) -> Vec<Move> {
        match self.buffers.pop() {
            Some(mut v) => {
                v.clear();
                v
            }
            // Room for the checks or replies of nearly every position at once, instead of
            // growing step by step on the first uses.
            None => Vec::with_capacity(BUFFER_MOVES),
        }
    }

    /// Returns a buffer taken with [`Self::buffer`] to the pool.
    #[inline]
    pub(crate) fn give_back(&mut self, v: Vec<Move>) {
        self.buffers.push(v);
    }

    /// The replies of the side to move (in check), in a buffer from the pool (given back
    /// by [`Self::mated_in_2`] or the caller), and the proof number to start from: the
    /// replies with the drops on one square counted once (interpositions of different
    /// pieces on one square are mostly met alike).
    pub(crate) fn reply_estimate(&mut self) -> (Vec<Move>, u32) {
        let mut moves = self.buffer();
        let mut r = Replies {
            moves: &mut moves,
            drops: 0,
            dropped_on: Bitboard::EMPTY,
        };
        self.node.pos.generate_evasions(&mut r);
        let estimate = r.moves.len() as u64 - r.drops + u64::from(r.dropped_on.count());
        (moves, u32::try_from(estimate).unwrap_or(u32::MAX - 1))
    }

    /// The proof pieces of a mate in one at the current node (attacker to move), if there
    /// is one: those of the mated position, plus a dropped piece or less a captured one,
    /// at most the hand held (as [`Search::finish`] derives them). The mated position's
    /// proof is stored.
    pub(crate) fn mate_in_1(&mut self) -> Option<Hand> {
        let hand = self.node.attacker_hand();
        let mut moves = self.buffer();
        self.node.pos.generate_checks(&mut Gather(&mut moves));
        if moves.is_empty() {
            self.give_back(moves);
            return None;
        }
        let free = flight_squares(&self.node.pos);
        let disc = discoverers(&self.node.pos);
        let mut found = None;
        for &mv in &moves {
            // A king step, an interposing drop and the capture of the checker are looked
            // for without playing the move; the other replies after it is played on the
            // position alone (the node's board key is needed only for the one move that
            // mates).
            if self.node.pos.king_steps_after(mv, free)
                || self.node.pos.interposable_after(mv, disc)
                || self.node.pos.checker_taken_after(mv, disc)
            {
                continue;
            }
            let u = self.node.pos.play_unchecked(mv);
            let mated = !self.node.pos.has_evasion_but_king_steps();
            self.node.pos.undo(mv, u);
            if mated {
                let taken = self.node.captured(mv);
                let u = self.node.play(mv);
                let pieces = and_proof_base(&self.node);
                let (board, after) = (self.node.board_key(), self.node.attacker_hand());
                self.table.store_proof(board, after, pieces, 0, 1);
                self.node.unplay(mv, u);
                let mut pieces = pieces;
                match (mv, taken) {
                    (Move::Drop { kind, .. }, _) => hands::add(&mut pieces, kind),
                    (_, Some(v)) => hands::sub(&mut pieces, v),
                    _ => {}
                }
                found = Some(hands::min(&pieces, &hand));
                break;
            }
        }
        self.give_back(moves);
        found
    }

    /// The proof pieces of a mate in two at the current node (defender to move, in check,
    /// with the replies `moves`, as [`Self::reply_estimate`] found them, a buffer given
    /// back here): every reply answered by a mate in one. The proofs of the replies'
    /// positions (one ply each) are stored as they are found; the caller stores the
    /// current node's (two plies).
    pub(crate) fn mated_in_2(&mut self, moves: Vec<Move>) -> Option<Hand> {
        if moves.len() as u64 > MATE3_MAX_REPLIES {
            self.give_back(moves);
            return None;
        }

        let hand = self.node.attacker_hand();
        // The replies' proof pieces first; the node's own base only once all are mated
        // (most tests fail at their first reply).
        let mut pieces = Hand::default();
        let mut all = true;
        for &mv in &moves {
            let u = self.node.play(mv);
            // A reply's failed mate-in-one test is remembered as the test of that child
            // would be when df-pn expands this node (and is not made twice).
            let (board, after) = (self.node.board_key(), self.node.attacker_hand());
            let p = match self.tried.failed(board, &after) {
                true => None,
                false => {
                    let p = self.mate_in_1();
                    if p.is_none() {
                        self.tried.record(board, &after);
                    }
                    p
                }
            };
            if let Some(p) = p {
                self.table.store_proof(board, after, p, 1, 1);
                pieces = hands::max(&pieces, &p);
            }
            self.node.unplay(mv, u);
            if p.is_none() {
                all = false;
                break;
            }
        }
        self.give_back(moves);
        all.then(|| hands::min(&hands::max(&pieces, &and_proof_base(&self.node)), &hand))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsume::node::Node;
    use crate::usi;

    fn search(sfen: &str) -> Search {
        Search::new(Node::new(Position::from_sfen(sfen).unwrap()), 1 << 12)
    }

    #[test]
    fn mate_in_one_through_the_square_behind_the_king() {
        // A constructed position: the horses on 2c and 2g hold every flight square of the
        // king on 2e but 3e and 1e. A rook dropped on the 5th rank from 4e to 9e mates: it
        // holds 3e, and 1e behind the king along its line (cshogi 1.1.0: mate_move_in_1ply
        // gives R*4e, and these six drops are the only mating moves). The flight-square
        // filter must count the square behind the king as held.
        let mut s = search("9/9/7+B1/9/7k1/9/7+B1/9/9 b R 1");
        let pieces = s.mate_in_1().expect("a mate in one");
        // The proof needs the rook in hand (Seo's proof pieces: what the mating drop uses).
        assert_eq!(pieces, Hand([0, 0, 0, 0, 0, 0, 1]));
        // With a lance in hand instead there is none (cshogi 1.1.0 agrees): a lance check
        // from 2f leaves 1e and 3e free.
        let mut s = search("9/9/7+B1/9/7k1/9/7+B1/9/9 b L 1");
        assert_eq!(s.mate_in_1(), None);
    }

    #[test]
    fn mate_in_three_settled_at_the_defender_node() {
        // 古典3手詰 (shogi.md §7.4): 9f5b+ 6a5b S*6b. After 9f5b+ both captures of the horse
        // (6a5b, 4a5b) are met by a mate in one, so the defender node is mated in two.
        let sfen = "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1";
        let mut s = search(sfen);
        let mv = usi::parse_move("9f5b+").unwrap();
        s.node.play(mv);
        let (replies, _) = s.reply_estimate();
        assert_eq!(replies.len(), 2);
        assert!(s.mated_in_2(replies).is_some());
        // S*4b is a check whose only reply, 4a4b, leaves no mate in one (cshogi 1.1.0:
        // mate_move_in_1ply finds none), so it is no mate in three.
        let mut s = search(sfen);
        s.node.play(usi::parse_move("S*4b").unwrap());
        let (replies, _) = s.reply_estimate();
        assert_eq!(replies.len(), 1);
        assert_eq!(s.mated_in_2(replies), None);
        // The whole problem is proven by the visit of the root alone.
        let pos = Position::from_sfen(sfen).unwrap();
        let opts = crate::tsume::Options {
            shorten: false,
            exact_line_plies: 0,
            ..Default::default()
        };
        let sol = crate::tsume::solve(&pos, &opts).unwrap();
        assert_eq!(sol.first_proof_nodes, 1);
        assert_eq!(sol.plies, 3);
    }
}

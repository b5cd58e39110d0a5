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
//! visit would store (the reading of the line looks for them), and nothing when it fails.
//! Moves are generated into buffers kept by the search, so a test allocates nothing.

use super::dfpn::{Search, and_proof_base};
use super::hands;
use crate::movegen::Sink;
use crate::tables;
use crate::types::{Bitboard, Hand, Kind, Move, Square};

/// A reused move buffer as a generator's sink (instead of a 600-move list set up on the
/// stack at every generation).
pub(crate) struct Gather<'a>(pub(crate) &'a mut Vec<Move>);

impl Sink for Gather<'_> {
    #[inline]
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard) {
        for to in promo {
            self.0.push(Move::Board {
                from,
                to,
                promote: true,
            });
        }
        for to in plain {
            self.0.push(Move::Board {
                from,
                to,
                promote: false,
            });
        }
    }
    #[inline]
    fn drops(&mut self, kind: Kind, targets: Bitboard) {
        for to in targets {
            self.0.push(Move::Drop { kind, to });
        }
    }
}

/// Stops at the first move: whether the generator yields any.
struct Any(bool);

impl Sink for Any {
    #[inline]
    fn board(&mut self, _from: Square, promo: Bitboard, plain: Bitboard) {
        self.0 |= promo.any() || plain.any();
    }
    #[inline]
    fn drops(&mut self, _kind: Kind, targets: Bitboard) {
        self.0 |= targets.any();
    }
}

/// Most replies of a defender child for which the mate-in-three test is tried: with more,
/// the test costs more than the visits it saves (one reply without a mate in one ends it,
/// but each failing reply costs a whole mate-in-one test).
const MATE3_MAX_REPLIES: u64 = 3;

impl Search {
    /// A buffer for generated moves, taken from the pool (given back with
    /// [`Self::give_back`]).
    #[inline]
    pub(crate) fn buffer(&mut self) -> Vec<Move> {
        let mut v = self.buffers.pop().unwrap_or_default();
        v.clear();
        v
    }

    /// Returns a buffer taken with [`Self::buffer`] to the pool.
    #[inline]
    pub(crate) fn give_back(&mut self, v: Vec<Move>) {
        self.buffers.push(v);
    }

    /// Whether the side to move (in check) has a legal reply. A king step to a square no
    /// enemy piece attacks answers most checks, so it is looked for first, one square at a
    /// time; only when there is none are all replies generated.
    #[inline]
    fn has_reply(&self) -> bool {
        let pos = &self.node.pos;
        let us = pos.side_to_move();
        if let Some(k) = pos.king(us) {
            let without_king = pos.occupied().without(k);
            for t in tables::KING[k.index()].and_not(pos.side_pieces(us)) {
                if !pos.is_attacked(t, !us, without_king) {
                    return true;
                }
            }
            if pos.checkers().has_several() {
                return false;
            }
        }
        let mut any = Any(false);
        pos.generate_evasions(&mut any);
        any.0
    }

    /// The proof pieces of a mate in one at the current node (attacker to move), if there
    /// is one: those of the mated position, plus a dropped piece or less a captured one,
    /// at most the hand held (as [`Search::finish`] derives them). The mated position's
    /// proof is stored.
    pub(crate) fn mate_in_1(&mut self) -> Option<Hand> {
        let hand = self.node.attacker_hand();
        let mut moves = self.buffer();
        self.node.pos.generate_checks(&mut Gather(&mut moves));
        let mut found = None;
        for &mv in &moves {
            let taken = self.node.captured(mv);
            let u = self.node.play(mv);
            if !self.has_reply() {
                let pieces = and_proof_base(&self.node);
                let (board, after) = (self.node.board_key(), self.node.attacker_hand());
                self.table.store_proof(board, after, pieces, 0, 1);
                let mut pieces = pieces;
                match (mv, taken) {
                    (Move::Drop { kind, .. }, _) => hands::add(&mut pieces, kind),
                    (_, Some(v)) => hands::sub(&mut pieces, v),
                    _ => {}
                }
                found = Some(hands::min(&pieces, &hand));
            }
            self.node.unplay(mv, u);
            if found.is_some() {
                break;
            }
        }
        self.give_back(moves);
        found
    }

    /// The proof pieces of a mate in two at the current node (defender to move, in check,
    /// with `replies` replies): every reply answered by a mate in one. The proofs of the
    /// replies' positions (one ply each) are stored as they are found; the caller stores
    /// the current node's (two plies).
    pub(crate) fn mated_in_2(&mut self, replies: u64) -> Option<Hand> {
        if replies > MATE3_MAX_REPLIES {
            return None;
        }
        let hand = self.node.attacker_hand();
        let mut moves = self.buffer();
        self.node.pos.generate_evasions(&mut Gather(&mut moves));
        let mut pieces = and_proof_base(&self.node);
        let mut all = true;
        for &mv in &moves {
            let u = self.node.play(mv);
            let p = self.mate_in_1();
            if let Some(p) = p {
                let (board, after) = (self.node.board_key(), self.node.attacker_hand());
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
        all.then(|| hands::min(&pieces, &hand))
    }
}

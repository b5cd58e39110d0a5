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
use crate::tables;
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

/// Children whose mate test failed: a direct-mapped array of their keys (board and attacker
/// hand), lossy: a key pushed out by another is only tested again, and a collision only
/// skips a shortcut, never changes a result. Allocated at the first failure, so that a
/// problem settled by the tests alone never pays for it.
#[derive(Default)]
pub(crate) struct Tried {
    keys: Vec<u64>,
}

/// Slots of [`Tried`]: the tests stop after the first [`super::dfpn::SHORTCUT_NODES`] nodes of a search.
const TRIED_SLOTS: usize = 1 << 11;

impl Tried {
    #[inline]
    fn slot(board: u64, hand: &Hand) -> (usize, u64) {
        let k = (board ^ hands::packed(hand).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1;
        (k as usize & (TRIED_SLOTS - 1), k)
    }

    /// Whether the child (`board`, `hand`) failed its test before.
    #[inline]
    pub(crate) fn failed(&self, board: u64, hand: &Hand) -> bool {
        let (i, k) = Self::slot(board, hand);
        self.keys.get(i) == Some(&k)
    }

    /// Records a failed test of the child (`board`, `hand`).
    #[inline]
    pub(crate) fn record(&mut self, board: u64, hand: &Hand) {
        if self.keys.is_empty() {
            self.keys = vec![0; TRIED_SLOTS];
        }
        let (i, k) = Self::slot(board, hand);
        self.keys[i] = k;
    }
}

/// The defender king's flight squares before an attacker move, to pass over checks that
/// cannot mate without playing them: a check mates only if every flight square but its
/// destination is attacked afterwards, and a check that neither opens a line from its origin
/// nor stands next to a flight square adds only the attacks of the moved piece.
struct Escapes {
    /// Squares next to the king, not held by the defender, that the attacker does not
    /// attack (the king lifted, so that a slider's ray reaches past it).
    free: Bitboard,
    /// Origins from which a move may change the attacks on a flight square other than by
    /// the moved piece's own attacks: the flight squares and every line through them.
    lines: Bitboard,
    /// The occupancy without the defender king: a slider checking along a line also holds
    /// the square behind the king.
    occ: Bitboard,
}

impl Escapes {
    fn of(pos: &Position) -> Escapes {
        let us = pos.side_to_move();
        let mut occ = pos.occupied();
        let mut free = Bitboard::EMPTY;
        let mut lines = Bitboard::EMPTY;
        if let Some(k) = pos.king(!us) {
            occ = occ.without(k);
            let without_king = occ;
            for t in tables::KING[k.index()].and_not(pos.side_pieces(!us)) {
                if !pos.is_attacked(t, us, without_king) {
                    free.insert(t);
                    lines |= tables::rook_ray(t) | tables::bishop_ray(t);
                }
            }
        }
        Escapes {
            free,
            lines: lines | free,
            occ,
        }
    }

    /// False when `mv` (a check) surely leaves the king a flight square.
    #[inline]
    fn may_mate(&self, pos: &Position, mv: Move) -> bool {
        if self.free.is_empty() {
            return true;
        }
        let us = pos.side_to_move();
        let (kind, to, occ) = match mv {
            Move::Drop { kind, to } => (kind, to, self.occ.with(to)),
            Move::Board { from, to, promote } => {
                if self.lines.contains(from) {
                    return true;
                }
                let Some(p) = pos.piece_at(from) else {
                    return true;
                };
                let kind = match promote {
                    true => p.kind.promoted().unwrap_or(p.kind),
                    false => p.kind,
                };
                (kind, to, self.occ.without(from).with(to))
            }
        };
        self.free
            .without(to)
            .and_not(tables::attacks(us, kind, to, occ))
            .is_empty()
    }
}

/// Counts replies, and the squares dropped on apart.
#[derive(Default)]
struct Replies {
    moves: u64,
    drops: u64,
    dropped_on: Bitboard,
}

impl Sink for Replies {
    #[inline]
    fn board(&mut self, _from: Square, promo: Bitboard, plain: Bitboard) {
        self.moves += u64::from(promo.count() + plain.count());
    }
    #[inline]
    fn drops(&mut self, _kind: Kind, targets: Bitboard) {
        self.drops += u64::from(targets.count());
        self.dropped_on |= targets;
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

    /// The number of replies of the side to move (in check), and the proof number to
    /// start from: the replies with the drops on one square counted once (interpositions
    /// of different pieces on one square are mostly met alike).
    pub(crate) fn reply_estimate(&self) -> (u64, u32) {
        let mut r = Replies::default();
        self.node.pos.generate_evasions(&mut r);
        let estimate = r.moves + u64::from(r.dropped_on.count());
        (
            r.moves + r.drops,
            u32::try_from(estimate).unwrap_or(u32::MAX - 1),
        )
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
        let escapes = Escapes::of(&self.node.pos);
        let mut found = None;
        for &mv in &moves {
            if !escapes.may_mate(&self.node.pos, mv) {
                continue;
            }
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
        let replies = s.node.pos.count_evasions();
        assert_eq!(replies, 2);
        assert!(s.mated_in_2(replies).is_some());
        // S*4b is a check whose only reply, 4a4b, leaves no mate in one (cshogi 1.1.0:
        // mate_move_in_1ply finds none), so it is no mate in three.
        let mut s = search(sfen);
        s.node.play(usi::parse_move("S*4b").unwrap());
        let replies = s.node.pos.count_evasions();
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

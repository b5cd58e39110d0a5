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
//! searched would be tested again each time; a mate found is remembered in [`Mates`] with
//! its mating check, which the reading of the line takes from there. The mate in one lists
//! only the checks that leave the defender king no flight square (see [`MayMate`]): in a
//! failing test, most checks are left out. Before it lists any, a quick test looks for a
//! flight square that no move at all can take (see [`escape`]). Moves are generated into
//! buffers kept by the search, so a test allocates nothing.

mod escape;

use super::dfpn::{Search, and_proof_base, and_proof_base_blocking};
use super::hands;
use board_core::Side;

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

/// A small lossy map from positions (board key and attacker hand) to a value: a
/// direct-mapped array of keys, where a key pushed out by another is only forgotten (a
/// collision of the full 64-bit keys aside, a lookup answers for its own position or not
/// at all). Allocated small at the first record and grown as records come, so that a
/// short problem never pays for clearing a large one.
pub(crate) struct Memo<V> {
    slots: Vec<(u64, V)>,
    /// Records made since the array last grew.
    recorded: usize,
    /// While the array has its first size ([`MEMO_START`] slots), the slots recorded
    /// into, by bit: [`Memo::clear`] empties only those.
    written: u64,
}

/// Children whose mate test failed, not tested again: a failure forgotten is only tested
/// again, and a collision only skips a shortcut, never changes a result.
pub(crate) type Tried = Memo<()>;

/// Attacker nodes where the mate-in-one test found its mate, with the mating check (the
/// first in generation order), so that the reading of the line takes it without listing
/// the checks again, and (`None`) attacker nodes whose expansion found no check that
/// mates, so that the reading stops at the first check proven in two plies (see
/// `line::Walk`).
pub(crate) type Mates = Memo<Option<Move>>;

impl<V> Default for Memo<V> {
    fn default() -> Self {
        Memo {
            slots: Vec::new(),
            recorded: 0,
            written: 0,
        }
    }
}

/// Most slots of a [`Memo`]: the tests stop after the first
/// [`super::dfpn::SHORTCUT_NODES`] nodes of a search.
const MEMO_SLOTS: usize = 1 << 11;

/// Slots of a [`Memo`] at its first record (a mate-in-three problem records a few); at
/// most 64, the bits of [`Memo::written`].
const MEMO_START: usize = 1 << 6;
const _: () = assert!(MEMO_START <= 64, "Memo::written has a bit per slot");

impl<V: Copy + Default> Memo<V> {
    #[inline]
    fn key(board: u64, hand: &Hand) -> u64 {
        (board ^ hand.packed().wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
    }

    #[inline]
    fn slot(&self, k: u64) -> usize {
        k as usize & (self.slots.len() - 1)
    }

    /// The value recorded for the position (`board`, `hand`), if it is still held.
    #[inline]
    pub(crate) fn get(&self, board: u64, hand: &Hand) -> Option<V> {
        if self.slots.is_empty() {
            return None;
        }
        let k = Self::key(board, hand);
        let (key, v) = self.slots[self.slot(k)];
        (key == k).then_some(v)
    }

    /// Records `v` for the position (`board`, `hand`).
    #[inline]
    pub(crate) fn record(&mut self, board: u64, hand: &Hand, v: V) {
        if self.slots.is_empty() {
            self.slots = vec![(0, V::default()); MEMO_START];
        } else if self.recorded >= self.slots.len() / 2 && self.slots.len() < MEMO_SLOTS {
            self.grow();
        }
        let k = Self::key(board, hand);
        let i = self.slot(k);
        self.slots[i] = (k, v);
        self.recorded += 1;
        if self.slots.len() == MEMO_START {
            self.written |= 1 << i;
        }
    }

    /// Forgets every record, as a new memo knows none: the array is cut back to its first
    /// size (reallocating nothing) and cleared, so that it grows again as a new one does;
    /// when it never grew, only the slots recorded into are cleared.
    pub(crate) fn clear(&mut self) {
        if self.slots.len() == MEMO_START {
            let mut written = self.written;
            while written != 0 {
                self.slots[written.trailing_zeros() as usize] = (0, V::default());
                written &= written - 1;
            }
        } else if !self.slots.is_empty() {
            self.slots.truncate(MEMO_START);
            self.slots.fill((0, V::default()));
        }
        self.written = 0;
        self.recorded = 0;
    }

    /// Four times the slots, the records kept moved to their new slots.
    #[cold]
    fn grow(&mut self) {
        let size = (self.slots.len() * 4).min(MEMO_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![(0, V::default()); size]);
        for (k, v) in old.into_iter().filter(|&(k, _)| k != 0) {
            let i = self.slot(k);
            self.slots[i] = (k, v);
        }
        self.recorded = 0;
    }
}

impl Tried {
    /// Whether the child (`board`, `hand`) failed its test before.
    #[inline]
    pub(crate) fn failed(&self, board: u64, hand: &Hand) -> bool {
        self.get(board, hand).is_some()
    }
}

/// The defender king's flight squares before an attacker move: squares next to the king,
/// not held by the defender, that the attacker does not attack (the king lifted, so that a
/// slider's ray reaches past it). A check leaves most of them open, so the king-step test
/// of each candidate check tries them first.
fn flight_squares(pos: &Position) -> Bitboard {
    pos.king_step_squares(!pos.side_to_move())
}

/// Gathers the checks that may mate: those that take every flight square of the defender
/// king away. A flight square (free before the move, see [`flight_squares`]) is still free
/// after a check unless the moved piece attacks it from its destination or the move opens
/// a line of one of the attacker's sliders to it through the origin (a drop opens none):
/// the move adds no other attack and puts no piece of either side on it but the mover. So
/// a check whose piece, as it stands after the move, misses a flight square that no such
/// line can reach leaves the king a step and is not listed; the others are tested one by
/// one. Whole sets of destinations are dropped at once: the squares from which a piece of
/// a kind attacks every such flight square are the intersection of that kind's reverse
/// attacks from each of them (exact here, since only the origin, which lies on a line to
/// every square it could shadow, changes between them). No pawn drop is listed: one that
/// mates is a foul (see [`MayMate::wants_drops`]). Same order as [`Gather`].
struct MayMate<'a> {
    moves: &'a mut Vec<Move>,
    pos: &'a Position,
    /// The defender king's flight squares before the move.
    free: Bitboard,
    /// The defender.
    them: Side,
    /// The occupancy with the defender king lifted (a slider's line to a flight square may
    /// pass through the king's square).
    occ: Bitboard,
    /// The attacker's sliders along ranks and files (rooks, dragons, lances), and along
    /// diagonals (bishops, horses): a line through a move's origin matters only when one
    /// of them stands on such a line.
    straight: Bitboard,
    diagonal: Bitboard,
}

impl<'a> MayMate<'a> {
    fn new(pos: &'a Position, free: Bitboard, moves: &'a mut Vec<Move>) -> MayMate<'a> {
        let us = pos.side_to_move();
        let them = !us;
        let occ = match pos.king(them) {
            Some(k) => pos.occupied().without(k),
            None => pos.occupied(),
        };
        let straight =
            pos.pieces(us, Kind::Rook) | pos.pieces(us, Kind::Dragon) | pos.pieces(us, Kind::Lance);
        let diagonal = pos.pieces(us, Kind::Bishop) | pos.pieces(us, Kind::Horse);
        MayMate {
            moves,
            pos,
            free,
            them,
            occ,
            straight,
            diagonal,
        }
    }

    /// The squares of `targets` from which a piece of the attacker's `kind` attacks every
    /// square of `need`. A slider's lines on the empty board are tried first (a superset
    /// of its attacks, read from tables), its attacks only for the squares left.
    #[inline]
    fn cover(&self, kind: Kind, need: Bitboard, targets: Bitboard) -> Bitboard {
        let mut c = targets;
        let slider = matches!(
            kind,
            Kind::Rook | Kind::Dragon | Kind::Bishop | Kind::Horse | Kind::Lance
        );
        for f in need {
            c &= match kind {
                Kind::Rook => tables::rook_ray(f),
                Kind::Bishop => tables::bishop_ray(f),
                Kind::Dragon => tables::rook_ray(f) | tables::KING[f.index()],
                Kind::Horse => tables::bishop_ray(f) | tables::KING[f.index()],
                Kind::Lance => tables::lance_ray(self.them, f),
                _ => tables::attacks(self.them, kind, f, self.occ),
            };
            if c.is_empty() {
                return c;
            }
        }
        if slider {
            for f in need {
                c &= tables::attacks(self.them, kind, f, self.occ);
                if c.is_empty() {
                    break;
                }
            }
        }
        c
    }
}

impl Sink for MayMate<'_> {
    #[inline]
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard) {
        let (mut promo, mut plain) = (promo, plain);
        // Flight squares a line through the origin may open to a slider are left out.
        let mut need = self.free;
        if (tables::rook_ray(from) & self.straight).any() {
            need = need.and_not(tables::rook_ray(from));
        }
        if (tables::bishop_ray(from) & self.diagonal).any() {
            need = need.and_not(tables::bishop_ray(from));
        }
        if need.any()
            && let Some(p) = self.pos.piece_at(from)
        {
            if plain.any() {
                plain = self.cover(p.kind, need, plain);
            }
            if promo.any() {
                promo = self.cover(p.kind.promoted().unwrap_or(p.kind), need, promo);
            }
        }
        each_board_move(from, promo, plain, |mv| self.moves.push(mv));
    }
    #[inline]
    fn drops(&mut self, kind: Kind, targets: Bitboard) {
        let targets = match self.free.any() {
            true => self.cover(kind, self.free, targets),
            false => targets,
        };
        each_drop(kind, targets, |mv| self.moves.push(mv));
    }
    /// A pawn dropped with mate is a foul (打ち歩詰め): no pawn drop mates at once, so
    /// none is listed, and the generator is spared the foul's test.
    #[inline]
    fn wants_drops(&self, kind: Kind) -> bool {
        kind != Kind::Pawn
    }
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

    /// The check that mates at once at the current node, as the mate-in-one test found it
    /// here (the first in generation order), if that is still remembered.
    #[inline]
    pub(crate) fn known_mate(&self) -> Option<Move> {
        self.mates
            .get(self.node.board_key(), &self.node.attacker_hand())
            .flatten()
    }

    /// Whether the search found that no check at the current node mates at once (the
    /// expansion recorded it, see `Search::expand`), if that is still remembered.
    #[inline]
    pub(crate) fn known_no_mate(&self) -> bool {
        matches!(
            self.mates
                .get(self.node.board_key(), &self.node.attacker_hand()),
            Some(None)
        )
    }

    /// The proof pieces of a mate in one at the current node (attacker to move), if there
    /// is one: those of the mated position, plus a dropped piece or less a captured one,
    /// at most the hand held (as [`Search::finish`] derives them). The mated position's
    /// proof is stored.
    pub(crate) fn mate_in_1(&mut self) -> Option<Hand> {
        let free = flight_squares(&self.node.pos);
        let disc = discoverers(&self.node.pos);
        // A flight square that no move can take: no check is generated.
        if escape::flight_kept(&self.node.pos, free, disc) {
            debug_assert!(
                !escape::mates_at_once(&self.node.pos),
                "{}",
                self.node.pos.to_sfen()
            );
            return None;
        }
        let hand = self.node.attacker_hand();
        let mut moves = self.buffer();
        // Without a flight square there is nothing to filter on.
        let pos = &self.node.pos;
        match free.any() {
            true => pos.generate_checks_with(&mut MayMate::new(pos, free, &mut moves), disc),
            false => pos.generate_checks_with(&mut Gather(&mut moves), disc),
        }
        if moves.is_empty() {
            self.give_back(moves);
            return None;
        }
        let mut found = None;
        for &mv in &moves {
            // A king step, an interposing drop and the capture of the checker are looked
            // for without playing the move; the other replies after it is played. It is
            // played on the node, keys and all: a candidate left by these tests mates
            // more often than not, and the mated position's proof is stored under its
            // keys while it is on the board.
            if self.node.pos.king_steps_after(mv, free)
                || self.node.pos.interposable_after(mv, disc)
                || self.node.pos.checker_taken_after(mv, disc)
            {
                continue;
            }
            let taken = self.node.captured(mv);
            let u = self.node.play(mv);
            if self.node.pos.has_evasion_but_king_steps() {
                self.node.unplay(mv, u);
            } else {
                // The mover is the only checker unless it left a line to the king.
                let block = match mv {
                    Move::Board { from, .. } if disc.contains(from) => {
                        self.node.interposition_squares()
                    }
                    _ => match self.node.pos.king(self.node.pos.side_to_move()) {
                        Some(k) => tables::between(k, mv.to()),
                        None => Bitboard::EMPTY,
                    },
                };
                let pieces = and_proof_base_blocking(&self.node, block);
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
                let (board, hand) = (self.node.board_key(), self.node.attacker_hand());
                self.mates.record(board, &hand, Some(mv));
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
                        self.tried.record(board, &after, ());
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

    /// The checks of `pos` after which the defender has no legal move (the full legal
    /// generator, itself checked against published perft counts), in generation order.
    fn mating_checks(pos: &Position) -> Vec<Move> {
        let mut p = pos.clone();
        pos.check_moves()
            .iter()
            .copied()
            .filter(|&mv| {
                let u = p.play_unchecked(mv);
                let mated = p.legal_moves().is_empty();
                p.undo(mv, u);
                mated
            })
            .collect()
    }

    #[test]
    fn the_mate_filter_keeps_every_mating_check_in_order() {
        // Random playouts from the spec's problems (shogi.md §7.4), checks preferred so that
        // mating positions come up: every check that mates (by the legal generator) is kept
        // by the flight-square filter, which lists a subsequence of the checks, and the
        // mate-in-one test answers with the first of them.
        let starts = [
            "7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1",
            "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
            "7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1",
            "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1",
            "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
            // Constructed: slider drops and moves that mate from a distance, through the
            // square behind the king among them.
            "9/9/7+B1/9/7k1/9/7+B1/9/9 b RL 1",
            "4k4/9/9/9/9/9/9/9/9 b 2R2B2L 1",
        ];
        let (mut filtered, mut mates) = (0, 0);
        for (i, sfen) in starts.iter().enumerate() {
            let mut rng = board_core::Rng::new(0x6d61_7465 ^ i as u64);
            for _ in 0..60 {
                let mut pos = Position::from_sfen(sfen).unwrap();
                for _ in 0..12 {
                    let all = pos.check_moves().as_slice().to_vec();
                    let free = flight_squares(&pos);
                    let mut kept = Vec::new();
                    pos.generate_checks(&mut MayMate::new(&pos, free, &mut kept));
                    let mut rest = all.iter();
                    for mv in &kept {
                        assert!(rest.any(|m| m == mv), "{} {mv:?}", pos.to_sfen());
                    }
                    let want = mating_checks(&pos);
                    for mv in &want {
                        assert!(kept.contains(mv), "{} {mv:?}", pos.to_sfen());
                    }
                    filtered += all.len() - kept.len();
                    mates += want.len();
                    let mut s = Search::new(Node::new(pos.clone()), 1 << 12);
                    assert_eq!(s.mate_in_1().is_some(), !want.is_empty());
                    assert_eq!(s.known_mate(), want.first().copied(), "{}", pos.to_sfen());
                    let moves = match pos.in_check() {
                        true => pos.legal_moves().as_slice().to_vec(),
                        false if !all.is_empty() && rng.chance(2, 3) => all,
                        false => pos.legal_moves().as_slice().to_vec(),
                    };
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.index(moves.len())]);
                }
            }
        }
        assert!(filtered > 10000 && mates > 300, "{filtered} {mates}");
    }

    #[test]
    fn a_cleared_memo_forgets_and_grows_as_a_new_one() {
        // `Memo::clear`'s contract: nothing recorded before is found after it, whether the
        // array kept its first size (only the slots recorded into are cleared) or grew, and
        // the same records then leave it as they leave a new memo.
        let h = Hand::default();
        let key = |i: u64| i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for before in [5u64, 3_000] {
            let mut m: Mates = Memo::default();
            for i in 0..before {
                m.record(key(i), &h, None);
            }
            assert!((0..before).any(|i| m.get(key(i), &h).is_some()));
            m.clear();
            assert!((0..before).all(|i| m.get(key(i), &h).is_none()), "{before}");
            let mut fresh: Mates = Memo::default();
            for i in 5_000..5_040 {
                m.record(key(i), &h, None);
                fresh.record(key(i), &h, None);
            }
            assert_eq!(m.slots, fresh.slots, "{before}");
            assert_eq!(m.recorded, fresh.recorded);
        }
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

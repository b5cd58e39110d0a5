//! Legal move generation: every legal move, including all legal non-promotions, drops that
//! respect 二歩 and the no-move squares, and without 打ち歩詰め.
//!
//! Generation is written once against a `Sink`: the list sink stores moves, the counting
//! sink only adds popcounts, which is what makes bulk-counted perft fast.

use board_core::Side;

use crate::position::Position;
use crate::tables::{self, KING, PAWN};
use crate::types::{Bitboard, Kind, Move, Square};

/// The non-king kinds that move on the board, in generation order.
pub(crate) const BOARD_KINDS: [Kind; 13] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Gold,
    Kind::Bishop,
    Kind::Rook,
    Kind::ProPawn,
    Kind::ProLance,
    Kind::ProKnight,
    Kind::ProSilver,
    Kind::Horse,
    Kind::Dragon,
];

/// Receives generated moves grouped by origin.
pub(crate) trait Sink {
    /// Moves of the piece on `from` to `promo` (promoting) and `plain` (not promoting).
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard);
    /// Drops of `kind` onto `targets`.
    fn drops(&mut self, kind: Kind, targets: Bitboard);
    /// Whether this sink keeps drops of `kind`, asked by the check generator before their
    /// targets are worked out (a checking pawn drop's take a test of 打ち歩詰め); the other
    /// generators do not ask. All by default.
    #[inline]
    fn wants_drops(&self, _kind: Kind) -> bool {
        true
    }
}

/// Counts moves without storing them.
#[derive(Debug, Default)]
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn board(&mut self, _from: Square, promo: Bitboard, plain: Bitboard) {
        self.0 += u64::from(promo.count() + plain.count());
    }
    #[inline]
    fn drops(&mut self, _kind: Kind, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
}

/// Moves kept inline: 593 is the most legal moves a position with one set of pieces can have.
const INLINE: usize = 600;

/// A move list on the stack, for the 593 moves a legal position can have at most; a lenient
/// position (surplus material, [`Position::from_setup_lenient`]) can have more, and then the
/// list moves to the heap instead of overflowing. The inline push stays one predictable
/// branch where it used to be a bounds check.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; INLINE],
    len: usize,
    /// Every move once more than [`INLINE`] were generated.
    spill: Option<Vec<Move>>,
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::Drop {
                kind: Kind::Pawn,
                to: Square::from_bit(0),
            }; INLINE],
            len: 0,
            spill: None,
        }
    }
}

impl MoveList {
    /// The moves, in generation order.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        match &self.spill {
            Some(all) => all,
            None => &self.moves[..self.len],
        }
    }
    /// How many moves the list holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Whether `mv` is in the list.
    pub fn contains(&self, mv: &Move) -> bool {
        self.as_slice().contains(mv)
    }
    /// The moves, in generation order.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
    #[inline]
    fn push(&mut self, mv: Move) {
        if self.len < INLINE {
            self.moves[self.len] = mv;
        } else {
            self.push_spilled(mv);
        }
        self.len += 1;
    }
    /// The push past the inline capacity: only lenient positions get here.
    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, mv: Move) {
        self.spill
            .get_or_insert_with(|| self.moves.to_vec())
            .push(mv);
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The moves a [`Sink::board`] call stands for, promotions first, in the order every move list
/// keeps them: one place for the order, whatever container receives the moves.
#[inline]
pub(crate) fn each_board_move(
    from: Square,
    promo: Bitboard,
    plain: Bitboard,
    mut push: impl FnMut(Move),
) {
    for to in promo {
        push(Move::Board {
            from,
            to,
            promote: true,
        });
    }
    for to in plain {
        push(Move::Board {
            from,
            to,
            promote: false,
        });
    }
}

/// The moves a [`Sink::drops`] call stands for.
#[inline]
pub(crate) fn each_drop(kind: Kind, targets: Bitboard, mut push: impl FnMut(Move)) {
    for to in targets {
        push(Move::Drop { kind, to });
    }
}

impl Sink for MoveList {
    #[inline]
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard) {
        each_board_move(from, promo, plain, |mv| self.push(mv));
    }
    #[inline]
    fn drops(&mut self, kind: Kind, targets: Bitboard) {
        each_drop(kind, targets, |mv| self.push(mv));
    }
}

/// Splits the targets of a piece into promoting and non-promoting destinations.
#[inline]
pub(crate) fn emit<S: Sink>(sink: &mut S, side: Side, kind: Kind, from: Square, targets: Bitboard) {
    if targets.is_empty() {
        return;
    }
    if kind.can_promote() {
        let zone = tables::zone(side);
        let promo = if zone.contains(from) {
            targets
        } else {
            targets & zone
        };
        let plain = targets.and_not(tables::dead_squares(side, kind));
        sink.board(from, promo, plain);
    } else {
        sink.board(from, Bitboard::EMPTY, targets);
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.count_legal_moves() == 0
    }

    /// Files (as a bitboard of whole files) that hold an unpromoted pawn of `side`.
    #[inline]
    pub(crate) fn pawn_files(&self, side: Side) -> Bitboard {
        let pawns = self.pieces(side, Kind::Pawn);
        let mut files = Bitboard::EMPTY;
        for mask in tables::FILES {
            if (pawns & mask).any() {
                files |= mask;
            }
        }
        files
    }

    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.side;
        let them = !us;
        let own = self.by_side[us.index()];
        let occ = self.occupied();
        let empty = !occ & Bitboard::FULL;
        let (mut move_mask, mut drop_mask, pinned, king) = match self.kings[us.index()] {
            None => (!own & Bitboard::FULL, empty, Bitboard::EMPTY, None),
            Some(k) => {
                let checkers = self.attackers_to(k, them, occ);
                self.king_moves(sink, k, own, occ);
                if checkers.has_several() {
                    return;
                }
                let pinned = self.pinned(us, k, occ);
                match checkers.first() {
                    Some(c) => {
                        let block = tables::between(k, c);
                        (block.with(c), block, pinned, Some(k))
                    }
                    None => (!own & Bitboard::FULL, empty, pinned, Some(k)),
                }
            }
        };
        move_mask &= Bitboard::FULL;
        drop_mask &= empty;
        // Non-king board moves.
        for kind in BOARD_KINDS {
            for from in self.pieces(us, kind) {
                let mut targets = tables::attacks(us, kind, from, occ) & move_mask;
                if let Some(k) = king
                    && pinned.contains(from)
                {
                    targets &= tables::line(k, from);
                }
                emit(sink, us, kind, from, targets);
            }
        }
        // Drops.
        let hand = &self.hands[us];
        if drop_mask.is_empty() || hand.is_empty() {
            return;
        }
        for kind in Kind::HAND {
            if hand.count(kind) == 0 {
                continue;
            }
            sink.drops(kind, self.drop_targets(us, kind, drop_mask));
        }
    }

    /// The squares of `squares` where `us` may drop `kind`: not where the piece could never
    /// move again, no second pawn on a file, and no pawn drop that mates (illegal for either
    /// side, so also when the drop is an interposition).
    pub(crate) fn drop_targets(&self, us: Side, kind: Kind, squares: Bitboard) -> Bitboard {
        let mut targets = squares.and_not(tables::dead_squares(us, kind));
        if kind == Kind::Pawn {
            targets = targets.and_not(self.pawn_files(us));
            let them = !us;
            if let Some(ek) = self.kings[them.index()] {
                if let Some(sq) = (targets & PAWN[them.index()][ek.index()]).first() {
                    if self.is_pawn_drop_mate(sq, ek) {
                        targets.remove(sq);
                    }
                }
            }
        }
        targets
    }

    #[inline]
    pub(crate) fn king_moves<S: Sink>(
        &self,
        sink: &mut S,
        k: Square,
        own: Bitboard,
        occ: Bitboard,
    ) {
        let them = !self.side;
        let without_king = occ.without(k);
        let mut ok = Bitboard::EMPTY;
        for t in KING[k.index()].and_not(own) {
            if !self.is_attacked(t, them, without_king) {
                ok.insert(t);
            }
        }
        if ok.any() {
            sink.board(k, Bitboard::EMPTY, ok);
        }
    }

    /// Whether dropping a pawn of the side to move on `sq` (right in front of the enemy king
    /// on `ek`) would checkmate: the king cannot capture it or step away, and no unpinned
    /// defender can capture it (a pawn check cannot be blocked).
    pub(crate) fn is_pawn_drop_mate(&self, sq: Square, ek: Square) -> bool {
        let us = self.side;
        let them = !us;
        let occ = self.occupied().with(sq);
        // Captures by defenders other than the king.
        let capturers = self.attackers_to(sq, them, occ).without(ek);
        if capturers.any() {
            let pinned = self.pinned(them, ek, occ);
            for c in capturers {
                if !pinned.contains(c) || tables::line(ek, c).contains(sq) {
                    return false;
                }
            }
        }
        // King captures or escapes.
        let without_king = occ.without(ek);
        for t in KING[ek.index()].and_not(self.by_side[them.index()]) {
            if !self.is_attacked(t, us, without_king) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(sfen: &str) -> usize {
        Position::from_sfen(sfen).unwrap().legal_moves().len()
    }

    /// Two of the published fixtures hold six silvers (more than a set), so they are built
    /// without the material check.
    fn lenient(sfen: &str) -> Position {
        Position::from_setup_lenient(&crate::Setup::from_sfen(sfen).unwrap()).unwrap()
    }

    fn drops_of(sfen: &str, kind: Kind) -> usize {
        lenient(sfen)
            .legal_moves()
            .iter()
            .filter(|m| matches!(m, Move::Drop { kind: k, .. } if *k == kind))
            .count()
    }

    #[test]
    fn legality_fixtures_from_the_spec() {
        // shogi.md §4.2 "Small legality fixtures" (yasai src/movegen.rs).
        let p = lenient("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1");
        assert_eq!(p.legal_moves().iter().filter(|m| m.is_drop()).count(), 43);
        assert_eq!(
            count("9/9/9/9/9/7p1/7+r1/6KN1/4k1S2 b Pr2b4g3s3n4l16p 1"),
            1
        );
        assert_eq!(
            drops_of(
                "lnsgkgsnl/1r5s1/pppppppp1/9/8L/9/PPPPPPPP1/1B5S1/LNSGKGSN1 w Pp 1",
                Kind::Pawn
            ),
            6
        );
        assert_eq!(
            drops_of(
                "lnsgkgsn1/1r5s1/pppppppp1/9/8l/9/PPPPPPPP1/1B5S1/LNSGKGSN1 b Ppl 1",
                Kind::Pawn
            ),
            7
        );
    }

    #[test]
    fn lenient_positions_may_have_more_than_600_moves() {
        // The 593-move position (the most moves a legal position has, shogi.md §4) with a
        // third rook, a dragon on 5g, which only lenient rules accept: 603 moves by the slow
        // reference generator, which the fast one must match move for move.
        let pos = lenient("R8/2K1S1SSk/4B4/9/9/9/4+R4/9/1L1L1L3 b RBGSNLP3g3n17p 1");
        let fast = pos.legal_moves();
        let slow = pos.reference_legal_moves();
        assert_eq!(slow.len(), 603);
        assert_eq!(fast.len(), slow.len());
        let mut a: Vec<String> = fast.iter().map(|m| format!("{m:?}")).collect();
        let mut b: Vec<String> = slow.iter().map(|m| format!("{m:?}")).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        // The 593-move position itself stays inline.
        assert_eq!(
            count("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"),
            593
        );
    }

    #[test]
    fn uchifuzume_is_judged_as_real_mate() {
        // shogi.md §4.2: P*1d mates (illegal); a free gold can capture (legal); the gold is
        // pinned by the rook (illegal again).
        let pd = Move::Drop {
            kind: Kind::Pawn,
            to: Square::new(1, 4).unwrap(),
        };
        let mate = Position::from_sfen("9/7pp/8k/7P1/7G1/9/9/9/9 b P2r2b3g4s4n4l14p 1").unwrap();
        assert!(!mate.is_legal(pd));
        let free = Position::from_sfen("9/7pp/7gk/9/7G1/9/9/9/9 b P2r2b2g4s4n4l15p 1").unwrap();
        assert!(free.is_legal(pd));
        let pinned = Position::from_sfen("9/7pp/6Rgk/9/7G1/9/9/9/9 b Pr2b2g4s4n4l15p 1").unwrap();
        assert!(!pinned.is_legal(pd));
    }
}

//! The transposition table: entries keyed by board (board and side to move) and attacker
//! hand, the entries of one board found together. Lookups use hand superiority: a proof found with
//! proof pieces P holds for every hand that contains P, a disproof found with disproof
//! pieces D holds for every hand contained in D.

use super::hands;
use crate::types::Hand;

/// Infinite proof or disproof number.
pub(crate) const INF: u32 = u32::MAX;
/// The largest finite proof or disproof number (sums saturate here).
pub(crate) const PN_MAX: u32 = u32::MAX - 1;

/// Maps keyed by Zobrist keys hash them with the identity: they are uniformly mixed already.
pub(crate) type KeyBuild = board_core::hash::IdentityBuildHasher;

/// A hand packed one count per byte (seven bytes), so that the piece-by-piece order is a
/// single subtraction: with the top bit of every byte of `b` set, a byte of `b - a` keeps
/// its top bit exactly when that count of `b` is at least the one of `a` (counts are < 128).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed(u64);

impl Packed {
    #[inline]
    fn of(h: &Hand) -> Packed {
        Packed(h.packed())
    }
    #[inline]
    fn hand(self) -> Hand {
        Hand::from_packed(self.0)
    }
    /// `self` holds at most what `other` holds, kind by kind.
    #[inline]
    fn le(self, other: Packed) -> bool {
        let top = Hand::PACKED_TOP;
        let r = ((other.0 | top) - self.0) & top == top;
        debug_assert_eq!(r, hands::le(&self.hand(), &other.hand()));
        r
    }
}

/// One searched (board, attacker hand), stored inline in the open-addressed array so that
/// a lookup costs about one cache miss. The state is read from the numbers: proven
/// `pn == 0`, disproven `dn == 0` (then `pn` is [`INF`]), open otherwise. Disproofs that
/// rest on a loop met on the search path are never stored here: they hold on that path only.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// Board key (forced odd), [`EMPTY`] or [`TOMB`].
    board: u64,
    hand: Packed,
    /// Proof pieces when proven, disproof pieces when disproven.
    pieces: Packed,
    pn: u32,
    dn: u32,
    /// Proven: plies of the mate found. Disproven: no mate within this many plies
    /// ([`INF`]: no mate at all).
    len: u32,
    /// Nodes searched below this entry (what garbage collection keeps).
    amount: u32,
}

const EMPTY: u64 = 0;
/// A removed slot: lookups pass over it, stores may reuse it.
const TOMB: u64 = 2;

const FREE: Slot = Slot {
    board: EMPTY,
    hand: Packed(0),
    pieces: Packed(0),
    pn: 0,
    dn: 0,
    len: 0,
    amount: 0,
};

#[inline]
fn slot_key(board: u64) -> u64 {
    board | 1
}

impl Slot {
    #[inline]
    fn live(&self) -> bool {
        self.board & 1 == 1
    }
    #[inline]
    fn open(&self) -> bool {
        self.pn != 0 && self.dn != 0
    }
    #[inline]
    fn proven(&self) -> bool {
        self.pn == 0
    }
    #[inline]
    fn disproven(&self) -> bool {
        self.dn == 0
    }
}

/// A disproof taken out of the table for a while ([`Table::take_disproofs`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TakenDisproof(Slot);

/// What a lookup found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Probe {
    Proven { len: u32, pieces: Hand },
    Disproven { pieces: Hand, bound: u32, rep: bool },
    Open { pn: u32, dn: u32 },
}

/// Linear probing over one array, without wrapping around: all entries of a board lie in
/// the run of occupied slots that starts at the board's home slot, so a lookup scans that
/// run only, and a run may spill past the last home slot into [`PAD`] spare slots. The array
/// grows by doubling up to twice the entry limit (load at most one half), in place: the
/// vector is reallocated (large blocks are remapped by the allocator, not copied) and the
/// entries are moved within it, so that growing never holds two arrays. Garbage
/// collection works in place too.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Slot>,
    /// Home slots (a power of two) minus one; the array holds [`PAD`] slots more.
    mask: usize,
    /// Live entries.
    entries: usize,
    /// Slots not empty (live or removed): what decides a rebuild.
    used: usize,
    limit: usize,
    max_slots: usize,
    pub(crate) collections: u32,
    /// While the array has its first size, the slots of the first 128 that a store may
    /// have filled, by bit: [`Self::clear`] empties only those.
    written: u128,
    /// Live entries thrown away by garbage collection so far (proofs, disproofs and open
    /// entries alike: each can be found again by searching its node again).
    pub(crate) dropped: u64,
}

/// Spare slots after the last home slot, where runs end instead of wrapping to the start.
/// A store that finds no empty slot before the end rebuilds the array first (growing or
/// collecting), so the count only sets how rarely that happens.
pub(crate) const PAD: usize = 64;

/// Home slots of a new table: small, since each solve clears its array at the start (a
/// mate in three stores a few dozen entries); a larger problem grows it by doubling.
const START_SLOTS: usize = 1 << 6;
const _: () = assert!(
    START_SLOTS + PAD <= 128,
    "Table::written has a bit per slot"
);

/// Bytes of one table slot, for sizing a table by memory.
pub(crate) const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

impl Table {
    pub(crate) fn new(limit: usize) -> Table {
        let limit = limit.max(1024);
        let max_slots = limit.saturating_mul(2).next_power_of_two();
        let start = max_slots.min(START_SLOTS);
        Table {
            slots: vec![FREE; start + PAD],
            mask: start - 1,
            entries: 0,
            used: 0,
            limit,
            max_slots,
            collections: 0,
            written: 0,
            dropped: 0,
        }
    }

    /// Empties the table for a new search, as [`Self::new`] with the same limit would
    /// make it (the same small array, so that the search runs exactly as from a new
    /// table), but keeps the vector's allocation: growing again up to the size reached
    /// before reallocates nothing, and only the small array is cleared here, or only the
    /// slots stored into when the array never grew (a mate in three fills a few dozen).
    pub(crate) fn clear(&mut self) {
        let start = self.max_slots.min(START_SLOTS);
        if self.slots.len() == start + PAD {
            let mut written = self.written;
            while written != 0 {
                self.slots[written.trailing_zeros() as usize] = FREE;
                written &= written - 1;
            }
        } else {
            self.slots.truncate(start + PAD);
            self.slots.fill(FREE);
        }
        self.written = 0;
        self.mask = start - 1;
        self.entries = 0;
        self.used = 0;
        self.collections = 0;
        self.dropped = 0;
    }

    /// Records that slot `i`, empty before, was filled (see [`Self::written`]; past the
    /// first 128 slots the array has grown and is cleared whole).
    #[inline]
    fn note_written(&mut self, i: usize) {
        if i < 128 {
            self.written |= 1 << i;
        }
    }

    /// Home slots of the array now.
    #[inline]
    fn homes(&self) -> usize {
        self.mask + 1
    }

    /// Reads the home slot of each board so that the cache misses of a batch of lookups
    /// overlap (the loads are independent) instead of coming one after another.
    pub(crate) fn touch(&self, boards: impl Iterator<Item = u64>) {
        let mut acc = 0u64;
        for b in boards {
            acc ^= self.slots[slot_key(b) as usize & self.mask].board;
        }
        std::hint::black_box(acc);
    }

    /// Looks up `hand` on `board` for a search allowed `rem` more plies.
    pub(crate) fn probe(&self, board: u64, hand: &Hand, rem: u32) -> Probe {
        let key = slot_key(board);
        let hand = Packed::of(hand);
        let mut best_proof: Option<(u32, Packed)> = None;
        let mut open = (1u32, 1u32);
        let mut exact = None;
        for e in &self.slots[key as usize & self.mask..] {
            if e.board == EMPTY {
                break;
            }
            if e.board != key {
                continue;
            }
            if e.proven() {
                if e.len <= rem && e.pieces.le(hand) {
                    match best_proof {
                        Some((l, _)) if l <= e.len => {}
                        _ => best_proof = Some((e.len, e.pieces)),
                    }
                }
            } else if e.disproven() {
                if rem <= e.len && hand.le(e.pieces) {
                    return Probe::Disproven {
                        pieces: e.pieces.hand(),
                        bound: e.len,
                        rep: false,
                    };
                }
            } else if e.hand == hand {
                exact = Some((e.pn, e.dn));
            } else if hand.le(e.hand) {
                // We hold less than there: at least as hard to prove.
                open.0 = open.0.max(e.pn);
            } else if e.hand.le(hand) {
                open.1 = open.1.max(e.dn);
            }
        }
        if let Some((len, pieces)) = best_proof {
            return Probe::Proven {
                len,
                pieces: pieces.hand(),
            };
        }
        match exact {
            Some((pn, dn)) => Probe::Open { pn, dn },
            None => Probe::Open {
                pn: open.0,
                dn: open.1,
            },
        }
    }

    /// Puts a new entry in the first removed slot of its run, or at the run's end (`end`,
    /// the array's length when the run reached it: room is made first).
    fn insert(&mut self, slot: Slot, tomb: Option<usize>, end: usize) {
        match tomb {
            Some(t) => self.slots[t] = slot,
            None if end < self.slots.len() => {
                self.slots[end] = slot;
                self.note_written(end);
                self.used += 1;
            }
            None => {
                // Removed slots are gone after making room, so the first empty slot of
                // the run is the place; a store that still finds none is dropped (like
                // an entry collected as garbage, it can be found again).
                self.make_room(true);
                if !self.put(slot) {
                    self.dropped += 1;
                }
                return;
            }
        }
        self.entries += 1;
        if self.used * 2 > self.homes() {
            self.make_room(false);
        }
    }

    /// Grows the array while it may; at its largest, collects garbage when the live
    /// entries are many (stores that come between two collections can pass the limit, or
    /// a run reached the end of the array: `forced`), else clears the removed slots.
    fn make_room(&mut self, forced: bool) {
        if self.homes() < self.max_slots {
            self.grow();
        } else if self.entries > self.limit / 10 * 9 || (forced && self.entries > self.limit / 2) {
            self.collect();
        } else {
            self.rehash(0);
        }
    }

    /// Places a live entry in the first empty slot of its run (no removed slots may be in
    /// the way); false when the run reaches the end of the array.
    fn put(&mut self, e: Slot) -> bool {
        let home = e.board as usize & self.mask;
        match self.slots[home..].iter().position(|s| s.board == EMPTY) {
            Some(k) => {
                self.slots[home + k] = e;
                self.note_written(home + k);
                self.entries += 1;
                self.used += 1;
                true
            }
            None => false,
        }
    }

    /// Moves every live entry with more than `cut` nodes below it (every one for 0) to
    /// the start of its run, in place, dropping removed slots. Slots are visited in order
    /// and no run wraps around, so an entry's home is never after its slot: when it is
    /// taken out, every slot from its home to its own has been visited already, and it
    /// lands in that stretch, behind entries that stay where they are.
    fn rehash(&mut self, cut: u32) {
        self.entries = 0;
        self.used = 0;
        for i in 0..self.slots.len() {
            let e = std::mem::replace(&mut self.slots[i], FREE);
            if e.live() && (cut == 0 || e.amount > cut) {
                self.put(e);
            } else if e.live() {
                self.dropped += 1;
            }
        }
    }

    /// Doubles the home slots in place. The vector is reallocated (a large block is
    /// remapped by the allocator, not copied next to the old one), then the entries are
    /// moved as in [`Self::rehash`]: one from the lower half either stays in its stretch
    /// or moves to the upper half, which holds only entries already moved. Those in the
    /// spare slots, which become home slots of the upper half, are set aside first (at
    /// most [`PAD`] of them).
    fn grow(&mut self) {
        let old = self.homes();
        let spare: Vec<Slot> = self.slots[old..]
            .iter_mut()
            .map(|e| std::mem::replace(e, FREE))
            .filter(|e| e.live())
            .collect();
        let len = 2 * old + PAD;
        self.slots.reserve_exact(len - self.slots.len());
        self.slots.resize(len, FREE);
        self.mask = 2 * old - 1;
        self.entries = 0;
        self.used = 0;
        for i in 0..old {
            let e = std::mem::replace(&mut self.slots[i], FREE);
            if e.live() {
                self.put(e);
            }
        }
        for e in spare {
            self.put(e);
        }
    }

    /// Records an unresolved node.
    pub(crate) fn store_open(&mut self, board: u64, hand: Hand, pn: u32, dn: u32, amount: u32) {
        let key = slot_key(board);
        let hand = Packed::of(&hand);
        let mut tomb = None;
        let mut i = key as usize & self.mask;
        while let Some(e) = self.slots.get_mut(i) {
            if e.board == EMPTY {
                break;
            }
            if e.board == TOMB {
                tomb.get_or_insert(i);
            } else if e.board == key && e.open() && e.hand == hand {
                e.pn = pn;
                e.dn = dn;
                e.amount = e.amount.saturating_add(amount);
                return;
            }
            i += 1;
        }
        let slot = Slot {
            board: key,
            hand,
            pieces: hand,
            pn,
            dn,
            len: 0,
            amount,
        };
        self.insert(slot, tomb, i);
    }

    /// Records a proof with its proof pieces and length; drops open entries it covers.
    pub(crate) fn store_proof(
        &mut self,
        board: u64,
        hand: Hand,
        pieces: Hand,
        len: u32,
        amount: u32,
    ) {
        let pieces = Packed::of(&pieces);
        let slot = Slot {
            board: slot_key(board),
            hand: Packed::of(&hand),
            pieces,
            pn: 0,
            dn: INF,
            len,
            amount,
        };
        self.store_settled(
            slot,
            |e| pieces.le(e.hand),
            |e| {
                let same = e.proven() && e.pieces == pieces;
                if same {
                    e.len = e.len.min(len);
                    e.amount = e.amount.saturating_add(amount);
                }
                same
            },
        );
    }

    /// Records a disproof valid for `bound` plies with its disproof pieces.
    pub(crate) fn store_disproof(
        &mut self,
        board: u64,
        hand: Hand,
        pieces: Hand,
        bound: u32,
        amount: u32,
    ) {
        let pieces = Packed::of(&pieces);
        let slot = Slot {
            board: slot_key(board),
            hand: Packed::of(&hand),
            pieces,
            pn: INF,
            dn: 0,
            len: bound,
            amount,
        };
        self.store_settled(
            slot,
            |e| e.hand.le(pieces),
            |e| {
                let same = e.disproven() && e.pieces == pieces;
                if same {
                    e.len = e.len.max(bound);
                    e.amount = e.amount.saturating_add(amount);
                }
                same
            },
        );
    }

    /// Stores a proof or disproof: open entries of the same board that it answers (`covers`)
    /// are removed, and an entry of the same result that `merge` absorbs it into takes the
    /// place of a new slot.
    fn store_settled(
        &mut self,
        slot: Slot,
        covers: impl Fn(&Slot) -> bool,
        mut merge: impl FnMut(&mut Slot) -> bool,
    ) {
        let key = slot.board;
        let mut tomb = None;
        let mut merged = false;
        let mut i = key as usize & self.mask;
        while let Some(e) = self.slots.get_mut(i) {
            if e.board == EMPTY {
                break;
            }
            if e.board == key {
                if e.open() && covers(e) {
                    e.board = TOMB;
                    self.entries -= 1;
                } else if !merged && merge(e) {
                    merged = true;
                }
            }
            if self.slots[i].board == TOMB {
                tomb.get_or_insert(i);
            }
            i += 1;
        }
        if !merged {
            self.insert(slot, tomb, i);
        }
    }

    /// Removes the disproofs valid for fewer than [`INF`]` / 2` plies, keeping those that
    /// say there is no mate at all: a search that counts plies differently (the free
    /// interposition pairs) may read the table's proofs (a mate within some length stays
    /// one) and its unbounded disproofs, but not a bound counted another way. Not garbage
    /// collection (not counted in [`Self::dropped`]): they are removed on purpose.
    pub(crate) fn forget_bounded_disproofs(&mut self) {
        for e in &mut self.slots {
            if e.live() && e.disproven() && e.len < INF / 2 {
                e.board = TOMB;
                self.entries -= 1;
            }
        }
    }

    /// Takes out the disproofs of `board` that answer `hand` (their disproof pieces contain
    /// it), to be put back with [`Self::restore_disproofs`]: a search meant to show a bound
    /// for a position must not be answered by a bound stored for that very position.
    pub(crate) fn take_disproofs(&mut self, board: u64, hand: &Hand) -> Vec<TakenDisproof> {
        let key = slot_key(board);
        let hand = Packed::of(hand);
        let mut taken = Vec::new();
        let mut i = key as usize & self.mask;
        while let Some(e) = self.slots.get_mut(i) {
            if e.board == EMPTY {
                break;
            }
            if e.board == key && e.disproven() && hand.le(e.pieces) {
                taken.push(TakenDisproof(*e));
                e.board = TOMB;
                self.entries -= 1;
            }
            i += 1;
        }
        taken
    }

    /// Puts back the disproofs [`Self::take_disproofs`] took out (merged with any stored
    /// since, as every store is).
    pub(crate) fn restore_disproofs(&mut self, board: u64, taken: Vec<TakenDisproof>) {
        for TakenDisproof(e) in taken {
            self.store_disproof(board, e.hand.hand(), e.pieces.hand(), e.len, e.amount);
        }
    }

    /// Whether the table is over its size limit.
    pub(crate) fn full(&self) -> bool {
        self.entries > self.limit
    }

    /// Drops the entries with the least work below them until the table is at most 60 %
    /// full: those with at most `cut` nodes below, for the smallest `cut` among 1, 2, 4, …
    /// that is enough. Proofs and disproofs go too (they can be found again); what matters
    /// is to keep the expensive ones.
    pub(crate) fn collect(&mut self) {
        self.collections += 1;
        let target = self.limit / 10 * 6;
        // Entries by bit length of amount - 1: amount > 2^j exactly when that is > j.
        let mut hist = [0usize; 34];
        for e in &self.slots {
            if e.live() {
                let bits = 32 - e.amount.saturating_sub(1).leading_zeros();
                hist[bits as usize] += 1;
            }
        }
        let mut cut_bits = 0;
        let mut above: usize = hist.iter().sum::<usize>() - hist[0];
        while above > target && cut_bits < 32 {
            cut_bits += 1;
            above -= hist[cut_bits];
        }
        let cut = 1u32 << cut_bits.min(31);
        self.rehash(cut);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_order_is_piece_by_piece() {
        let a = Packed::of(&Hand([18, 0, 4, 0, 1, 2, 0]));
        let b = Packed::of(&Hand([18, 1, 4, 0, 1, 2, 2]));
        assert!(a.le(b) && !b.le(a) && a.le(a));
        assert!(
            !Packed::of(&Hand([0, 0, 0, 0, 0, 0, 1])).le(Packed::of(&Hand([18, 4, 4, 4, 4, 2, 0])))
        );
        assert_eq!(a.hand(), Hand([18, 0, 4, 0, 1, 2, 0]));
        // Agrees with the slice comparison on every pair of small hands.
        let hs: Vec<Hand> = (0..64u8)
            .map(|i| {
                Hand([
                    i & 3,
                    (i >> 2) & 1,
                    0,
                    (i >> 3) & 1,
                    0,
                    (i >> 4) & 1,
                    i >> 5,
                ])
            })
            .collect();
        for x in &hs {
            for y in &hs {
                assert_eq!(Packed::of(x).le(Packed::of(y)), hands::le(x, y));
            }
        }
    }

    #[test]
    fn a_cleared_table_is_laid_out_as_a_new_one() {
        // `clear`'s contract: the same stores into a cleared table and into a new one
        // leave the same array, slot by slot (so a search from a cleared table runs as
        // from a new one), and nothing stored before the clearing is found after it;
        // after a few stores (the array never grew: only the slots filled are cleared)
        // and after many (it grew).
        let stores = |t: &mut Table, salt: u64, n: u64| {
            for i in 0..n {
                let board = (i ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let h = Hand([(i % 3) as u8, 0, 0, 0, 0, 0, 0]);
                match i % 3 {
                    0 => t.store_proof(board, h, h, 3, 1),
                    1 => t.store_disproof(board, h, h, INF, 1),
                    _ => t.store_open(board, h, 2, 5, 1),
                }
            }
        };
        let layout = |t: &Table| format!("{:?} {} {}", t.slots, t.entries, t.used);
        for (before, after) in [(20, 3_000), (3_000, 20), (25, 25)] {
            let mut fresh = Table::new(1 << 12);
            stores(&mut fresh, 0, after);
            let mut reused = Table::new(1 << 12);
            stores(&mut reused, 0x5a5a, before);
            let first = 0x5a5a_u64.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let h = Hand([0, 0, 0, 0, 0, 0, 0]);
            assert!(matches!(reused.probe(first, &h, 9), Probe::Proven { .. }));
            reused.clear();
            assert!(matches!(
                reused.probe(first, &h, 9),
                Probe::Open { pn: 1, dn: 1 }
            ));
            assert_eq!(layout(&reused), layout(&Table::new(1 << 12)));
            stores(&mut reused, 0, after);
            assert_eq!(layout(&reused), layout(&fresh), "{before} then {after}");
        }
    }

    #[test]
    fn grows_collects_and_keeps_the_expensive() {
        let mut t = Table::new(1024);
        let h = Hand([1, 0, 0, 0, 0, 0, 0]);
        // Stores without any collection in between pass the limit: the table collects by
        // itself instead of filling its array.
        for i in 0..20_000u64 {
            let board = i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let amount = if i % 100 == 0 { 1 << 20 } else { 1 };
            t.store_proof(board, h, h, 3, amount);
        }
        assert!(t.entries <= t.limit + 1, "{} entries", t.entries);
        assert!(t.collections > 0);
        // Every entry stored is either still there or counted as thrown away.
        assert_eq!(t.entries as u64 + t.dropped, 20_000);
        // The expensive entries survive every collection.
        for i in (0..20_000u64).step_by(100) {
            let board = i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            assert!(matches!(
                t.probe(board, &h, 5),
                Probe::Proven { len: 3, .. }
            ));
        }
        // An open entry covered by a later proof is removed, the proof found.
        t.store_open(5, h, 4, 7, 1);
        assert_eq!(t.probe(5, &h, INF), Probe::Open { pn: 4, dn: 7 });
        t.store_proof(5, h, Hand::default(), 9, 1);
        assert!(matches!(t.probe(5, &h, INF), Probe::Proven { len: 9, .. }));
    }

    #[test]
    fn growing_and_collecting_in_place_keep_every_entry_findable() {
        // Entries of many boards, several hands each, stored through every doubling up to
        // the largest array: each is found again after every growth (the in-place moves
        // break no run), and the array never holds more than its largest size.
        let mut t = Table::new(1 << 15);
        let hands: Vec<Hand> = (0..3u8).map(|i| Hand([i, 0, 0, 1, 0, 0, 0])).collect();
        let mut stored = Vec::new();
        let mut grown = t.homes();
        for i in 0..8_000u64 {
            let board = i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (i % 7);
            for (j, h) in hands.iter().enumerate() {
                t.store_proof(board, *h, *h, j as u32 + 1, 1);
                stored.push((board, *h, j as u32 + 1));
            }
            if t.homes() != grown {
                grown = t.homes();
                for &(b, h, len) in &stored {
                    assert!(
                        matches!(t.probe(b, &h, INF), Probe::Proven { len: l, .. } if l <= len),
                        "lost after growing to {grown}"
                    );
                }
            }
        }
        assert_eq!(t.collections, 0);
        assert!(t.slots.len() <= t.max_slots + PAD);
        // Runs that reach the end of the array: boards whose home is the last slot, more
        // of them than there are spare slots, are stored (room is made) and found.
        let mut t = Table::new(1024);
        let last = (t.max_slots - 1) as u64;
        for i in 0..(3 * PAD as u64) {
            t.store_disproof(last | (i << 40), hands[0], hands[0], INF, 1);
        }
        let found = (0..(3 * PAD as u64))
            .filter(|i| {
                matches!(
                    t.probe(last | (i << 40), &hands[0], INF),
                    Probe::Disproven { .. }
                )
            })
            .count();
        assert!(found >= PAD, "{found} found");
        assert!(t.slots.len() <= t.max_slots + PAD);
    }

    #[test]
    fn superiority_on_lookup() {
        let mut t = Table::new(1 << 12);
        let small = Hand([0, 0, 0, 0, 1, 0, 0]);
        let big = Hand([1, 0, 0, 0, 1, 0, 0]);
        t.store_proof(7, big, small, 5, 1);
        // More than the proof pieces: proven; fewer: unknown.
        assert!(matches!(
            t.probe(7, &big, INF),
            Probe::Proven { len: 5, .. }
        ));
        assert!(matches!(
            t.probe(7, &Hand::default(), INF),
            Probe::Open { .. }
        ));
        // Too long for the remaining depth.
        assert!(matches!(t.probe(7, &big, 3), Probe::Open { .. }));
        t.store_disproof(9, small, small, INF, 1);
        assert!(matches!(
            t.probe(9, &Hand::default(), INF),
            Probe::Disproven { .. }
        ));
        assert!(matches!(t.probe(9, &big, INF), Probe::Open { .. }));
    }

    #[test]
    fn disproofs_taken_out_answer_nothing_until_put_back() {
        // The contract of take_disproofs: the disproofs that would answer the hand are
        // out (a disproof for a larger hand answers a smaller one, by superiority), the
        // one for a hand it does not cover and the proofs stay, and putting them back
        // restores the lookups as they were.
        let mut t = Table::new(1 << 12);
        let small = Hand([0, 0, 0, 0, 1, 0, 0]);
        let big = Hand([1, 0, 0, 0, 1, 0, 0]);
        let other = Hand([0, 1, 0, 0, 0, 0, 0]);
        t.store_disproof(7, big, big, 9, u32::MAX);
        t.store_disproof(7, other, other, 5, 1);
        t.store_proof(7, big, big, 11, 1);
        let taken = t.take_disproofs(7, &small);
        assert_eq!(taken.len(), 1);
        assert!(matches!(t.probe(7, &small, 9), Probe::Open { .. }));
        assert!(matches!(t.probe(7, &other, 5), Probe::Disproven { .. }));
        assert!(matches!(
            t.probe(7, &big, 11),
            Probe::Proven { len: 11, .. }
        ));
        t.restore_disproofs(7, taken);
        assert!(matches!(
            t.probe(7, &small, 9),
            Probe::Disproven { bound: 9, .. }
        ));
        assert!(matches!(t.probe(7, &small, 10), Probe::Open { .. }));
    }
}

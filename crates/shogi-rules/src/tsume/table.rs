//! The transposition table: one slot per board (board and side to move), holding entries
//! for the attacker hands searched there. Lookups use hand superiority: a proof found with
//! proof pieces P holds for every hand that contains P, a disproof found with disproof
//! pieces D holds for every hand contained in D.

use std::hash::{BuildHasherDefault, Hasher};

use hashbrown::HashMap;

use super::hands;
use crate::types::Hand;

/// Infinite proof or disproof number.
pub(crate) const INF: u32 = u32::MAX;
/// The largest finite proof or disproof number (sums saturate here).
pub(crate) const PN_MAX: u32 = u32::MAX - 1;

/// Hasher for keys that are already Zobrist hashes: the key is its own hash.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(crate) type KeyBuild = BuildHasherDefault<KeyHasher>;

/// A hand packed one count per byte (seven bytes), so that the piece-by-piece order is a
/// single subtraction: with the top bit of every byte of `b` set, a byte of `b - a` keeps
/// its top bit exactly when that count of `b` is at least the one of `a` (counts are < 128).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed(u64);

const TOP_BITS: u64 = 0x0080_8080_8080_8080;

impl Packed {
    #[inline]
    fn of(h: &Hand) -> Packed {
        let a = h.0;
        Packed(u64::from_le_bytes([
            a[0], a[1], a[2], a[3], a[4], a[5], a[6], 0,
        ]))
    }
    #[inline]
    fn hand(self) -> Hand {
        let b = self.0.to_le_bytes();
        Hand([b[0], b[1], b[2], b[3], b[4], b[5], b[6]])
    }
    /// `self` holds at most what `other` holds, kind by kind.
    #[inline]
    fn le(self, other: Packed) -> bool {
        let r = ((other.0 | TOP_BITS) - self.0) & TOP_BITS == TOP_BITS;
        debug_assert_eq!(r, hands::le(&self.hand(), &other.hand()));
        r
    }
}

/// One searched (board, attacker hand).
#[derive(Clone, Copy, Debug)]
struct Entry {
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
    /// The disproof rests on a repetition met on the search path.
    rep: bool,
}

impl Entry {
    #[inline]
    fn open(&self) -> bool {
        self.pn != 0 && self.dn != 0
    }
}

/// What a lookup found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Probe {
    Proven { len: u32, pieces: Hand },
    Disproven { pieces: Hand, bound: u32, rep: bool },
    Open { pn: u32, dn: u32 },
}

#[derive(Debug)]
pub(crate) struct Table {
    map: HashMap<u64, Vec<Entry>, KeyBuild>,
    entries: usize,
    limit: usize,
    pub(crate) collections: u32,
}

impl Table {
    pub(crate) fn new(limit: usize) -> Table {
        Table {
            map: HashMap::default(),
            entries: 0,
            limit: limit.max(1024),
            collections: 0,
        }
    }

    /// Looks up `hand` on `board` for a search allowed `rem` more plies.
    pub(crate) fn probe(&self, board: u64, hand: &Hand, rem: u32) -> Probe {
        let Some(list) = self.map.get(&board) else {
            return Probe::Open { pn: 1, dn: 1 };
        };
        let hand = Packed::of(hand);
        let mut best_proof: Option<(u32, Packed)> = None;
        let mut open = (1u32, 1u32);
        let mut exact = None;
        for e in list {
            if e.pn == 0 {
                if e.len <= rem && e.pieces.le(hand) {
                    match best_proof {
                        Some((l, _)) if l <= e.len => {}
                        _ => best_proof = Some((e.len, e.pieces)),
                    }
                }
            } else if e.dn == 0 {
                if rem <= e.len && hand.le(e.pieces) {
                    return Probe::Disproven {
                        pieces: e.pieces.hand(),
                        bound: e.len,
                        rep: e.rep,
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

    /// Records an unresolved node.
    pub(crate) fn store_open(&mut self, board: u64, hand: Hand, pn: u32, dn: u32, amount: u32) {
        let hand = Packed::of(&hand);
        let list = self.map.entry(board).or_default();
        if let Some(e) = list.iter_mut().find(|e| e.hand == hand && e.open()) {
            e.pn = pn;
            e.dn = dn;
            e.amount = e.amount.saturating_add(amount);
            return;
        }
        list.push(Entry {
            hand,
            pieces: hand,
            pn,
            dn,
            len: 0,
            amount,
            rep: false,
        });
        self.entries += 1;
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
        let hand = Packed::of(&hand);
        let pieces = Packed::of(&pieces);
        let list = self.map.entry(board).or_default();
        let before = list.len();
        list.retain(|e| !(e.open() && pieces.le(e.hand)));
        self.entries -= before - list.len();
        if let Some(e) = list.iter_mut().find(|e| e.pn == 0 && e.pieces == pieces) {
            e.len = e.len.min(len);
            e.amount = e.amount.saturating_add(amount);
            return;
        }
        list.push(Entry {
            hand,
            pieces,
            pn: 0,
            dn: INF,
            len,
            amount,
            rep: false,
        });
        self.entries += 1;
    }

    /// Records a disproof valid for `bound` plies with its disproof pieces.
    pub(crate) fn store_disproof(
        &mut self,
        board: u64,
        hand: Hand,
        pieces: Hand,
        bound: u32,
        rep: bool,
        amount: u32,
    ) {
        let hand = Packed::of(&hand);
        let pieces = Packed::of(&pieces);
        let list = self.map.entry(board).or_default();
        let before = list.len();
        list.retain(|e| !(e.open() && e.hand.le(pieces)));
        self.entries -= before - list.len();
        if let Some(e) = list
            .iter_mut()
            .find(|e| e.dn == 0 && e.pieces == pieces && e.rep == rep)
        {
            e.len = e.len.max(bound);
            e.amount = e.amount.saturating_add(amount);
            return;
        }
        list.push(Entry {
            hand,
            pieces,
            pn: INF,
            dn: 0,
            len: bound,
            amount,
            rep,
        });
        self.entries += 1;
    }

    /// Whether the table is over its size limit.
    pub(crate) fn full(&self) -> bool {
        self.entries > self.limit
    }

    /// Drops the entries with the least work below them until the table is at most 60 %
    /// full. Proofs and disproofs go too (they can be found again); what matters is to keep
    /// the expensive ones.
    pub(crate) fn collect(&mut self) {
        self.collections += 1;
        let target = self.limit / 10 * 6;
        let mut cut = 1u32;
        while self.entries > target {
            let mut removed = 0;
            self.map.retain(|_, list| {
                let before = list.len();
                list.retain(|e| e.amount > cut);
                removed += before - list.len();
                !list.is_empty()
            });
            self.entries -= removed;
            cut = cut.saturating_mul(2);
            if cut == u32::MAX {
                break;
            }
        }
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
        t.store_disproof(9, small, small, INF, false, 1);
        assert!(matches!(
            t.probe(9, &Hand::default(), INF),
            Probe::Disproven { .. }
        ));
        assert!(matches!(t.probe(9, &big, INF), Probe::Open { .. }));
    }
}

//! The transposition table: one slot per board (board and side to move), holding entries
//! for the attacker hands searched there. Lookups use hand superiority: a proof found with
//! proof pieces P holds for every hand that contains P, a disproof found with disproof
//! pieces D holds for every hand contained in D.

use hashbrown::HashMap;

use super::hands;
use crate::types::Hand;

/// Infinite proof or disproof number.
pub(crate) const INF: u32 = u32::MAX;
/// The largest finite proof or disproof number (sums saturate here).
pub(crate) const PN_MAX: u32 = u32::MAX - 1;

/// One searched (board, attacker hand).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) hand: Hand,
    pub(crate) pn: u32,
    pub(crate) dn: u32,
    /// Proof pieces when proven, disproof pieces when disproven.
    pub(crate) pieces: Hand,
    /// Proven: plies of the mate found. Disproven: no mate within this many plies
    /// ([`INF`]: no mate at all).
    pub(crate) len: u32,
    /// The disproof rests on a repetition met on the search path.
    pub(crate) rep: bool,
    /// Nodes searched below this entry (what garbage collection keeps).
    pub(crate) amount: u32,
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
    map: HashMap<u64, Vec<Entry>>,
    entries: usize,
    limit: usize,
    pub(crate) collections: u32,
}

impl Table {
    pub(crate) fn new(limit: usize) -> Table {
        Table {
            map: HashMap::new(),
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
        let mut best_proof: Option<(u32, Hand)> = None;
        let mut open = (1u32, 1u32);
        let mut exact = None;
        for e in list {
            if e.pn == 0 {
                if e.len <= rem && hands::le(&e.pieces, hand) {
                    match best_proof {
                        Some((l, _)) if l <= e.len => {}
                        _ => best_proof = Some((e.len, e.pieces)),
                    }
                }
            } else if e.dn == 0 {
                if rem <= e.len && hands::le(hand, &e.pieces) {
                    return Probe::Disproven {
                        pieces: e.pieces,
                        bound: e.len,
                        rep: e.rep,
                    };
                }
            } else if e.hand == *hand {
                exact = Some((e.pn, e.dn));
            } else if hands::le(hand, &e.hand) {
                // We hold less than there: at least as hard to prove.
                open.0 = open.0.max(e.pn);
            } else if hands::le(&e.hand, hand) {
                open.1 = open.1.max(e.dn);
            }
        }
        if let Some((len, pieces)) = best_proof {
            return Probe::Proven { len, pieces };
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
        let list = self.map.entry(board).or_default();
        if let Some(e) = list
            .iter_mut()
            .find(|e| e.hand == hand && e.pn != 0 && e.dn != 0)
        {
            e.pn = pn;
            e.dn = dn;
            e.amount = e.amount.saturating_add(amount);
            return;
        }
        list.push(Entry {
            hand,
            pn,
            dn,
            pieces: hand,
            len: 0,
            rep: false,
            amount,
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
        let list = self.map.entry(board).or_default();
        let before = list.len();
        list.retain(|e| !(e.pn != 0 && e.dn != 0 && hands::le(&pieces, &e.hand)));
        self.entries -= before - list.len();
        if let Some(e) = list.iter_mut().find(|e| e.pn == 0 && e.pieces == pieces) {
            e.len = e.len.min(len);
            e.amount = e.amount.saturating_add(amount);
            return;
        }
        list.push(Entry {
            hand,
            pn: 0,
            dn: INF,
            pieces,
            len,
            rep: false,
            amount,
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
        let list = self.map.entry(board).or_default();
        let before = list.len();
        list.retain(|e| !(e.pn != 0 && e.dn != 0 && hands::le(&e.hand, &pieces)));
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
            pn: INF,
            dn: 0,
            pieces,
            len: bound,
            rep,
            amount,
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

//! Attacker hands as values that can be compared piece by piece: the basis of hand
//! superiority (優越関係). With material conserved, the attacker's hand on a given board
//! fixes the defender's hand, and holding more can never hurt the attacker.

use crate::types::{Hand, Kind};

/// Most pieces of each hand kind that a side can ever hold (the full set).
pub(crate) const FULL: Hand = Hand([18, 4, 4, 4, 4, 2, 2]);

/// The hand as one word, a count per byte (seven bytes; counts are below 128).
#[inline]
pub(crate) fn packed(h: &Hand) -> u64 {
    let a = h.0;
    u64::from_le_bytes([a[0], a[1], a[2], a[3], a[4], a[5], a[6], 0])
}

/// `a` holds at most what `b` holds, kind by kind.
#[inline]
pub(crate) fn le(a: &Hand, b: &Hand) -> bool {
    a.0.iter().zip(b.0.iter()).all(|(x, y)| x <= y)
}

#[inline]
pub(crate) fn max(a: &Hand, b: &Hand) -> Hand {
    let mut h = *a;
    for (x, y) in h.0.iter_mut().zip(b.0.iter()) {
        *x = (*x).max(*y);
    }
    h
}

#[inline]
pub(crate) fn min(a: &Hand, b: &Hand) -> Hand {
    let mut h = *a;
    for (x, y) in h.0.iter_mut().zip(b.0.iter()) {
        *x = (*x).min(*y);
    }
    h
}

#[inline]
pub(crate) fn add(h: &mut Hand, kind: Kind) {
    let slot = &mut h.0[kind.unpromoted().index()];
    *slot = slot.saturating_add(1);
}

#[inline]
pub(crate) fn sub(h: &mut Hand, kind: Kind) {
    let slot = &mut h.0[kind.unpromoted().index()];
    *slot = slot.saturating_sub(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn componentwise_order() {
        let a = Hand([1, 0, 0, 0, 1, 0, 0]);
        let b = Hand([2, 0, 0, 0, 1, 0, 1]);
        assert!(le(&a, &b));
        assert!(!le(&b, &a));
        assert_eq!(
            max(&a, &Hand([0, 1, 0, 0, 0, 0, 0])).0,
            [1, 1, 0, 0, 1, 0, 0]
        );
        assert_eq!(min(&a, &b), a);
        let mut c = a;
        sub(&mut c, Kind::ProPawn);
        assert_eq!(c.0[0], 0);
        add(&mut c, Kind::Horse);
        assert_eq!(c.0[5], 1);
    }
}

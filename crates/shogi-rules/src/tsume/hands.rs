//! Attacker hands as values that can be compared piece by piece: the basis of hand
//! superiority (優越関係). With material conserved, the attacker's hand on a given board
//! fixes the defender's hand, and holding more can never hurt the attacker.

use crate::types::{Hand, Kind};

/// Most pieces of each hand kind that a side can ever hold (the full set).
pub(crate) const FULL: Hand = Hand([18, 4, 4, 4, 4, 2, 2]);

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

/// `hand` with one piece of `kind` (unpromoted) more, none above 255 (see [`changed`]).
#[inline]
pub(crate) fn plus(hand: Hand, kind: Kind) -> Hand {
    changed(hand, kind, true)
}

/// `hand` with one piece of `kind` (unpromoted) less, none below 0 (see [`changed`]).
#[inline]
pub(crate) fn minus(hand: Hand, kind: Kind) -> Hand {
    changed(hand, kind, false)
}

/// `hand` with one piece of `kind` (unpromoted) more or less, the count kept within a
/// byte. The count is changed in the hand's packed word ([`Hand::packed`]) rather than in
/// place: a byte written in place and the hand then read whole at once (its next use, a
/// key or a table lookup) stalls the load until the write is done.
#[inline]
fn changed(hand: Hand, kind: Kind, more: bool) -> Hand {
    let shift = 8 * kind.unpromoted().index() as u32;
    let word = hand.packed();
    let one = 1 << shift;
    match (more, (word >> shift) & 0xff) {
        (true, 0xff) | (false, 0) => hand,
        (true, _) => Hand::from_packed(word + one),
        (false, _) => Hand::from_packed(word - one),
    }
}

/// Adds one piece of `kind` to `h` ([`plus`]).
#[inline]
pub(crate) fn add(h: &mut Hand, kind: Kind) {
    *h = plus(*h, kind);
}

/// Takes one piece of `kind` from `h` ([`minus`]).
#[inline]
pub(crate) fn sub(h: &mut Hand, kind: Kind) {
    *h = minus(*h, kind);
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
        // Counts stop at their bounds, as a byte's saturating arithmetic does.
        let full = Hand([255, 0, 0, 0, 0, 0, 0]);
        assert_eq!(plus(full, Kind::Pawn), full);
        assert_eq!(minus(Hand::default(), Kind::Rook), Hand::default());
        assert_eq!(plus(full, Kind::Lance).0, [255, 1, 0, 0, 0, 0, 0]);
        assert_eq!(minus(full, Kind::ProPawn).0, [254, 0, 0, 0, 0, 0, 0]);
    }
}

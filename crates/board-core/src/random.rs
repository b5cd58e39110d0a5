//! The one seeded pseudo-random generator of the workspace.
//!
//! Zobrist keys, property tests, benchmarks, Go playouts and tie-break Monte Carlo runs all
//! draw from [`Rng`], so a seed written in a test or a published number means the same
//! stream everywhere. The generator is splitmix64: one add and two multiply-xorshift rounds
//! per output, statistically sound for simulation (it passes BigCrush) and small enough to
//! copy into every playout. Its stream for seed `s` is exactly the list of keys
//! [`ZobristKeys::generate(s)`](crate::ZobristKeys::generate) produces.
//!
//! It is not a cryptographic generator.

use crate::zobrist::splitmix64;

/// A splitmix64 generator: deterministic, seedable, 8 bytes of state.
///
/// ```
/// use board_core::Rng;
///
/// let mut rng = Rng::new(7);
/// let die = rng.below(6) + 1;
/// assert!((1..=6).contains(&die));
/// // The same seed gives the same stream.
/// assert_eq!(Rng::new(7).next_u64(), Rng::new(7).next_u64());
/// ```
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose stream is fixed by `seed`.
    #[inline]
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 uniformly distributed bits.
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        let (state, output) = splitmix64(self.state);
        self.state = state;
        output
    }

    /// A uniform value in `0..n`, without modulo bias (Lemire's multiply-and-reject).
    ///
    /// `n == 0` has no valid answer; it returns 0 rather than panicking.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        let mut low = product as u64;
        if low < n {
            // Reject the few low products that would over-represent some results.
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
                low = product as u64;
            }
        }
        (product >> 64) as u64
    }

    /// A uniform index into a slice of length `len` (0 when `len` is 0).
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// `true` with probability `numerator / denominator` (always `false` when the
    /// denominator is 0, always `true` when the numerator reaches it).
    #[inline]
    pub fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        if denominator == 0 {
            return false;
        }
        self.below(u64::from(denominator)) < u64::from(numerator)
    }

    /// A uniform float in `[0, 1)` with 53 random bits.
    #[inline]
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Puts `items` into a uniformly random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniformly chosen element, `None` for an empty slice.
    #[inline]
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.index(items.len()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ZobristKeys;

    #[test]
    fn stream_equals_the_zobrist_keys_of_the_same_seed() {
        let keys = ZobristKeys::<16>::generate(0x5EED);
        let mut rng = Rng::new(0x5EED);
        for key in keys.keys {
            assert_eq!(rng.next_u64(), key);
        }
        // Published splitmix64 test vectors for seeds 0 and 1234567.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut rng = Rng::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
        assert_eq!(rng.next_u64(), 9817491932198370423);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let v = rng.below(7);
            assert!(v < 7);
            seen[v as usize] += 1;
        }
        for count in seen {
            assert!((800..1200).contains(&count), "{seen:?}");
        }
        assert_eq!(rng.below(1), 0);
        assert_eq!(rng.below(0), 0);
        // A bound just above half the range exercises the rejection path.
        let big = (1u64 << 63) + 1;
        for _ in 0..100 {
            assert!(rng.below(big) < big);
        }
    }

    #[test]
    fn chance_unit_choose_and_shuffle() {
        let mut rng = Rng::new(2);
        assert!(!rng.chance(0, 5));
        assert!(rng.chance(5, 5));
        assert!(!rng.chance(1, 0));
        let hits = (0..10_000).filter(|_| rng.chance(1, 4)).count();
        assert!((2300..2700).contains(&hits), "{hits}");
        for _ in 0..1000 {
            let x = rng.unit_f64();
            assert!((0.0..1.0).contains(&x));
        }
        assert_eq!(rng.choose::<u8>(&[]), None);
        assert_eq!(rng.choose(&[9]), Some(&9));
        let mut items: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}

//! Zobrist keys from a fixed seed: a compile-time table for fixed boards and a run-time
//! table for Go grids and graphs whose size is known only when the board is read.
//!
//! Keys are the output of splitmix64 (the step behind [`Rng`]), a tiny well-mixed
//! generator, so tables are identical on every build and machine: hashes can be stored in
//! test data and compared across runs.

use crate::random::Rng;

/// One step of splitmix64: returns the next state and its mixed output.
///
/// [`Rng::next_u64`] is this step; it is kept public for code that wants the bare function.
#[inline]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` pseudo-random 64-bit keys from `seed`, usable in `const` and `static` items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZobristKeys<const N: usize> {
    /// The keys: the first `N` outputs of [`Rng::new(seed)`](Rng::new).
    pub keys: [u64; N],
}

impl<const N: usize> ZobristKeys<N> {
    /// The first `N` outputs of the generator seeded with `seed`.
    pub const fn generate(seed: u64) -> Self {
        let mut keys = [0u64; N];
        let mut rng = Rng::new(seed);
        let mut i = 0;
        while i < N {
            keys[i] = rng.next_u64();
            i += 1;
        }
        Self { keys }
    }

    /// The key at `index` (panics past `N`, like an array).
    #[inline]
    pub const fn get(&self, index: usize) -> u64 {
        self.keys[index]
    }
}

/// Zobrist keys for a board whose size is known only at run time (Go grids, graphs).
///
/// The keys for a seed are the same as [`ZobristKeys::generate`]'s, so a table of length
/// `n` agrees with a fixed table of `N >= n` keys on their common prefix.
///
/// ```
/// use board_core::zobrist::ZobristTable;
///
/// // Two keys per point of a 19x19 board, one per colour.
/// let table = ZobristTable::new(2 * 361, 0x60);
/// assert_eq!(table.len(), 722);
/// let hash = table.get(0) ^ table.get(361 + 3);
/// assert_ne!(hash, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristTable {
    keys: Box<[u64]>,
}

impl ZobristTable {
    /// `len` keys from `seed`.
    pub fn new(len: usize, seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        Self {
            keys: (0..len).map(|_| rng.next_u64()).collect(),
        }
    }

    /// The key at `index`; panics past [`len`](Self::len), like a slice.
    #[inline]
    pub fn get(&self, index: usize) -> u64 {
        self.keys[index]
    }

    /// How many keys the table holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the table holds no key.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// All keys, in index order.
    #[inline]
    pub fn as_slice(&self) -> &[u64] {
        &self.keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static KEYS: ZobristKeys<1024> = ZobristKeys::generate(0x5EED);

    #[test]
    fn keys_are_fixed_and_distinct() {
        // The first splitmix64 outputs for seed 0 are a published test vector.
        assert_eq!(splitmix64(0).1, 0xE220_A839_7B1D_CDAF);
        let again = ZobristKeys::<1024>::generate(0x5EED);
        assert_eq!(KEYS, again);
        let mut sorted = KEYS.keys.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1024);
        assert_ne!(ZobristKeys::<4>::generate(1), ZobristKeys::<4>::generate(2));
    }

    #[test]
    fn generate_keeps_its_historic_stream() {
        // The keys before the generator moved into `Rng`: a bare splitmix64 loop.
        let mut state = 0x5EED;
        for &key in &KEYS.keys {
            let (next, value) = splitmix64(state);
            state = next;
            assert_eq!(key, value);
        }
    }

    #[test]
    fn run_time_table_matches_the_fixed_one() {
        let table = ZobristTable::new(100, 0x5EED);
        assert_eq!(table.len(), 100);
        assert!(!table.is_empty());
        assert_eq!(table.as_slice(), &KEYS.keys[..100]);
        assert_eq!(table.get(99), KEYS.get(99));
        assert!(ZobristTable::new(0, 1).is_empty());
    }
}

//! Zobrist keys generated at compile time from a fixed seed.
//!
//! Keys are the output of splitmix64, a tiny well-mixed generator, so tables are identical on
//! every build and machine: hashes can be stored in test data and compared across runs.

/// One step of splitmix64: returns the next state and its mixed output.
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
    pub keys: [u64; N],
}

impl<const N: usize> ZobristKeys<N> {
    pub const fn generate(seed: u64) -> Self {
        let mut keys = [0u64; N];
        let mut state = seed;
        let mut i = 0;
        while i < N {
            let (next, value) = splitmix64(state);
            state = next;
            keys[i] = value;
            i += 1;
        }
        Self { keys }
    }

    #[inline]
    pub const fn get(&self, index: usize) -> u64 {
        self.keys[index]
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
}

//! The identity hasher for maps and sets keyed by Zobrist hashes.
//!
//! Zobrist keys are already uniformly mixed 64-bit values: hashing them again (SipHash,
//! even foldhash) only costs time. Maps keyed by small integers such as point indices are
//! *not* uniformly mixed and should keep the default hasher.

/// A hasher that returns the `u64` it was given.
///
/// ```
/// use board_core::hash::IdentityBuildHasher;
/// use hashbrown::HashSet;
///
/// let mut seen: HashSet<u64, IdentityBuildHasher> = HashSet::default();
/// assert!(seen.insert(0x9E37_79B9_7F4A_7C15));
/// assert!(!seen.insert(0x9E37_79B9_7F4A_7C15));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct IdentityHasher(u64);

impl std::hash::Hasher for IdentityHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    /// Folds arbitrary bytes in, so that keys other than `u64` still work (slowly mixed).
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// Builds [`IdentityHasher`]s: the `S` parameter of a Zobrist-keyed `HashMap` or `HashSet`.
pub type IdentityBuildHasher = std::hash::BuildHasherDefault<IdentityHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hasher};

    #[test]
    fn a_u64_hashes_to_itself() {
        assert_eq!(
            IdentityBuildHasher::default().hash_one(0xDEAD_BEEF_u64),
            0xDEAD_BEEF
        );
        let mut h = IdentityHasher::default();
        h.write(&[1, 2]);
        assert_eq!(h.finish(), 0x0102);
    }
}

//! Table entries that hold for every history agreeing on the positions the proof consulted.
//!
//! A decided answer depends on the history only through the repetition rule, and only on the
//! positions whose presence in the sequence the search (or a replay) actually looked at: the
//! moves it tried or skipped at each node below. Recording that set `U` with the answer, and
//! the part `U ∩ H` of the history `H` it was found under, the answer holds for any later
//! history `H′` with `H′ ∩ U = H ∩ U`, however much the rest of `H′` differs. On the cycles,
//! where almost every position reaches every other and a table keyed by the reachable history
//! rarely meets the same key twice, such entries are met again and again.
//!
//! Sets are bit sets over the closure's positions, stored in the canonical numbering of the
//! key's symmetry (the images of the positions under it), so that symmetric sequences share
//! entries; each key keeps a few entries, the one that cost the fewest nodes to find evicted
//! first.

use hashbrown::HashMap;

use super::super::packed::Pos;

/// Entries kept per canonical position and side.
const PER_KEY: usize = 16;

/// One answer with the positions it depends on, in canonical numbering.
#[derive(Debug)]
struct Dependent {
    /// `U`: the positions the proof consulted.
    used: Box<[u64]>,
    /// `U ∩ H`: those of them in the history it was found under.
    seen: Box<[u64]>,
    /// Points decided, and of them those the side moving first gets (canonical numbering).
    known: u64,
    gets: u64,
    /// Nodes the proof took: the cheapest is evicted first.
    work: u64,
}

/// The dependency-set entries, the per-symmetry images of the closure's positions, and the
/// history in each symmetry's numbering.
#[derive(Debug)]
pub(crate) struct Dependencies {
    /// Words of a position set.
    pub(crate) words: usize,
    positions: usize,
    /// `images[k · positions + i]`: the index of position `i`'s image under symmetry `k`
    /// (meaningless for a symmetry that is not usable).
    images: Vec<u32>,
    /// Per symmetry: whether it maps the closure onto itself, so that entries may be stored
    /// and looked up through it.
    usable: Vec<bool>,
    /// `history[k · words ..]`: the images under symmetry `k` of the positions on the path.
    history: Vec<u64>,
    table: HashMap<(Pos, bool), Vec<Dependent>>,
    /// Words held by the table's sets, to bound its memory.
    held_words: usize,
    /// Most words the table's sets may hold before it is emptied (it is only a cache).
    pub(crate) max_words: usize,
}

impl Dependencies {
    /// The tables for a closure of `positions` positions, with `images` and `usable` as
    /// described on the fields, one symmetry per entry of `usable`.
    pub(crate) fn new(positions: usize, images: Vec<u32>, usable: Vec<bool>) -> Self {
        let words = positions.div_ceil(64);
        let symmetries = usable.len();
        debug_assert_eq!(images.len(), positions * symmetries);
        Dependencies {
            words,
            positions,
            images,
            usable,
            history: vec![0; words * symmetries],
            table: HashMap::new(),
            held_words: 0,
            max_words: usize::MAX,
        }
    }

    /// True when position `i` is one of the closure's.
    #[inline]
    pub(crate) fn covers(&self, i: u32) -> bool {
        (i as usize) < self.positions
    }

    /// True when entries may be stored and looked up through symmetry `k`.
    #[inline]
    pub(crate) fn usable(&self, k: usize) -> bool {
        self.usable[k]
    }

    /// The image of position `i` under symmetry `k`.
    #[inline]
    pub(crate) fn image(&self, k: usize, i: u32) -> u32 {
        self.images[k * self.positions + i as usize]
    }

    /// Adds to `into` the images under symmetry `k` of the positions set in `from`.
    fn add_images(&self, k: usize, from: &[u64], into: &mut [u64]) {
        for (w, &bits) in from.iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                let i = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let c = self.image(k, i as u32) as usize;
                into[c / 64] |= 1 << (c % 64);
            }
        }
    }

    /// Empties the history (a new run starts its path afresh).
    pub(crate) fn clear_history(&mut self) {
        self.history.fill(0);
    }

    /// Marks position `i` as on the path (`on`) or off it, in every symmetry's numbering.
    pub(crate) fn set_on_path(&mut self, i: u32, on: bool) {
        if !self.covers(i) {
            return;
        }
        for k in 0..self.usable.len() {
            if !self.usable[k] {
                continue;
            }
            let c = self.image(k, i) as usize;
            let word = &mut self.history[k * self.words + c / 64];
            if on {
                *word |= 1 << (c % 64);
            } else {
                *word &= !(1 << (c % 64));
            }
        }
    }

    /// The answers stored for canonical `key` that hold under the current history seen through
    /// symmetry `k`, for the points of `want_canonical`: the points decided and those gotten
    /// (canonical numbering); the positions they consulted are added, in path numbering
    /// (mapped back through `inverse`, the symmetry undoing `k`), to `used`.
    pub(crate) fn lookup(
        &self,
        key: (Pos, bool),
        k: usize,
        inverse: usize,
        want_canonical: u64,
        used: &mut [u64],
    ) -> (u64, u64) {
        let Some(list) = self.table.get(&key) else {
            return (0, 0);
        };
        let history = &self.history[k * self.words..(k + 1) * self.words];
        let (mut known, mut gets) = (0u64, 0u64);
        for entry in list {
            if entry.known & want_canonical & !known == 0 {
                continue;
            }
            let holds = entry
                .used
                .iter()
                .zip(history)
                .zip(entry.seen.iter())
                .all(|((u, h), s)| u & h == *s);
            if !holds {
                continue;
            }
            known |= entry.known;
            gets |= entry.gets;
            self.add_images(inverse, &entry.used, used);
            if known & want_canonical == want_canonical {
                break;
            }
        }
        (known & want_canonical, gets & known & want_canonical)
    }

    /// Stores, for canonical `key` reached through symmetry `k`, the points `known` (and
    /// `gets`, both canonical) found consulting the positions `used` (path numbering) at a
    /// cost of `work` nodes.
    pub(crate) fn store(
        &mut self,
        key: (Pos, bool),
        k: usize,
        used: &[u64],
        known: u64,
        gets: u64,
        work: u64,
    ) {
        let words = self.words;
        let mut canonical = vec![0u64; words].into_boxed_slice();
        self.add_images(k, used, &mut canonical);
        let history = &self.history[k * words..(k + 1) * words];
        let seen: Box<[u64]> = canonical.iter().zip(history).map(|(u, h)| u & h).collect();
        if self.held_words > self.max_words {
            self.table.clear();
            self.held_words = 0;
        }
        let list = self.table.entry(key).or_default();
        let entry = Dependent {
            used: canonical,
            seen,
            known,
            gets,
            work,
        };
        if list.len() < PER_KEY {
            list.push(entry);
            self.held_words += 2 * words;
        } else if let Some(cheapest) = (0..list.len()).min_by_key(|&e| list[e].work) {
            if list[cheapest].work <= work {
                list[cheapest] = entry;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry holds for a later history exactly when it agrees with the one it was found
    /// under on the consulted positions, whatever it holds elsewhere; through a symmetry, the
    /// consulted positions come back in the path's numbering.
    #[test]
    fn an_entry_holds_where_the_history_agrees_on_what_it_consulted() {
        // 130 positions (three words), two symmetries: the identity and the reversal
        let positions = 130u32;
        let images: Vec<u32> = (0..positions)
            .chain((0..positions).map(|i| positions - 1 - i))
            .collect();
        let mut depend = Dependencies::new(positions as usize, images, vec![true, true]);
        let key = (Pos { black: 1, white: 0 }, true);
        let mut used = vec![0u64; depend.words];
        for i in [3usize, 70, 129] {
            used[i / 64] |= 1 << (i % 64);
        }
        depend.set_on_path(70, true); // consulted and in the history
        depend.set_on_path(5, true); // in the history, never consulted
        depend.store(key, 0, &used, 0b101, 0b001, 10);
        let mut back = vec![0u64; depend.words];
        assert_eq!(depend.lookup(key, 0, 0, 0b111, &mut back), (0b101, 0b001));
        assert_eq!(back, used);
        // a history differing only where nothing was consulted: the entry still holds
        depend.set_on_path(5, false);
        depend.set_on_path(100, true);
        assert_eq!(depend.lookup(key, 0, 0, 0b111, &mut back), (0b101, 0b001));
        // a consulted position now in the history too: it does not
        depend.set_on_path(3, true);
        let mut none = vec![0u64; depend.words];
        assert_eq!(depend.lookup(key, 0, 0, 0b111, &mut none), (0, 0));
        assert!(none.iter().all(|&w| w == 0));
        // through the reversal: the history's images must agree with the canonical entry,
        // and the consulted positions come back reversed
        depend.clear_history();
        for i in [129 - 70, 129 - 50] {
            depend.set_on_path(i, true);
        }
        let mut reversed = vec![0u64; depend.words];
        assert_eq!(depend.lookup(key, 1, 1, 0b100, &mut reversed), (0b100, 0));
        for i in [129 - 3, 129 - 70, 0] {
            assert_eq!(reversed[i / 64] >> (i % 64) & 1, 1, "{i}");
        }
    }
}

//! The solver's memory: canonical board ids, and per board and side to move the two proved
//! bounds, the move hint and the undecided mark, laid out for size.
//!
//! Measured on 3×4 (242 k entries over 74 k boards): a third of the entries hold no bound
//! (only a hint and a mark), two thirds one bound, and a third of the bounds carry history
//! conditions (needs and seen boards, see the parent module), averaging 18 words. So an
//! entry is 12 bytes with the bounds inline, stored densely by board id (four entries per
//! board: side to move × previous move a pass), and the conditions live apart, one
//! allocation per bound that has any. The earlier layout, a hash map from a 24-byte key to a
//! 96-byte entry holding two boxed slices per bound, took about 340 bytes per entry on 4×4.
//!
//! The memory bound counts what is really allocated: the id map's buckets, the entry chunks,
//! the condition map's buckets and each condition list with the allocator's header and
//! rounding, and before a hash map grows, the doubled table it will allocate while the old
//! one is still alive.

use hashbrown::HashMap;

use super::Pos;

/// No bound (a value no board reaches: margins are within ±64).
const ABSENT: i8 = i8::MIN;

/// Move hint meaning "no hint" (points are 0..64, a pass is [`PASS`]).
pub(super) const NONE: u8 = 255;
/// Move hint meaning a pass.
pub(super) const PASS: u8 = 64;

/// Entries per chunk of the dense entry store (768 KB at 12 bytes an entry).
const CHUNK: usize = 1 << 16;

/// One board with one side to move (and whether the last move was a pass).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Entry {
    /// The last deepening pass that left the node undecided (0: never), with the bound it
    /// tested and the depth it had left (see the parent module).
    open_pass: u32,
    open_depth: u16,
    open_beta: i8,
    lower: i8,
    upper: i8,
    /// The move to try first, in the canonical frame ([`NONE`], [`PASS`] or a point).
    pub(super) hint: u8,
    /// Bit 0: the lower bound has history conditions (in [`Table::conditions`]); bit 1: the
    /// upper bound.
    conditional: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        open_pass: 0,
        open_depth: 0,
        open_beta: 0,
        lower: ABSENT,
        upper: ABSENT,
        hint: NONE,
        conditional: 0,
    };

    /// Whether the node was left undecided in deepening pass `pass`, testing `beta`, with at
    /// least `depth` plies left: met again in that pass it would be undecided again.
    pub(super) fn open_in(&self, pass: u32, beta: i64, depth: u32) -> bool {
        self.open_pass == pass
            && i64::from(self.open_beta) == beta
            && depth <= u32::from(self.open_depth)
    }

    /// Marks the node undecided in `pass` for `beta` with `depth` left (a depth past the
    /// field's range is kept as its largest value: the mark then applies to fewer revisits,
    /// which only costs search).
    pub(super) fn mark_open(&mut self, pass: u32, beta: i64, depth: u32) {
        self.open_pass = pass;
        self.open_beta = beta as i8;
        self.open_depth = u16::try_from(depth).unwrap_or(u16::MAX);
    }
}

/// A stored bound as a probe reads it.
pub(super) struct Bound<'a> {
    /// The bound for the side to move.
    pub(super) value: i8,
    /// The positions the proof needs in the history (canonical frame), four words each.
    needs: &'a [u32],
    /// Sorted ids of the boards the proof's prover moves to.
    pub(super) seen: &'a [u32],
}

impl Bound<'_> {
    /// The needed positions, in the canonical frame.
    pub(super) fn needs(&self) -> impl Iterator<Item = Pos> + '_ {
        self.needs.chunks_exact(4).map(|w| Pos {
            black: u64::from(w[0]) | u64::from(w[1]) << 32,
            white: u64::from(w[2]) | u64::from(w[3]) << 32,
        })
    }
}

/// The index of a board's entry: its id, then side to move and pass flag.
pub(super) fn slot(id: u32, white_to_move: bool, passed: bool) -> u64 {
    u64::from(id) << 2 | u64::from(white_to_move) | u64::from(passed) << 1
}

/// Canonical board ids, entries and bound conditions; see the module documentation.
pub(super) struct Table {
    ids: HashMap<(u64, u64), u32>,
    chunks: Vec<Box<[Entry]>>,
    /// The conditions of a conditional bound, by `slot << 1 | upper`: the count of needed
    /// positions, the positions (four words each), then the seen board ids.
    conditions: HashMap<u64, Box<[u32]>>,
    /// Heap bytes of the condition lists, allocator overhead included.
    condition_bytes: u64,
    /// Entries that were ever written.
    used: usize,
}

/// Heap bytes of an allocation of `n` bytes under a general-purpose allocator: an 8-byte
/// header, rounded up to 16 (glibc's malloc on 64-bit targets).
fn allocated(n: usize) -> u64 {
    ((n + 8).div_ceil(16) * 16) as u64
}

/// Bytes of a hashbrown table of `capacity` items of type `T`: buckets (capacity × 8/7,
/// at the maximum load) of one `T` and one control byte each.
fn map_bytes<T>(capacity: usize) -> u64 {
    (capacity as u64 * 8 / 7) * (std::mem::size_of::<T>() as u64 + 1)
}

impl Table {
    pub(super) fn new() -> Table {
        Table {
            ids: HashMap::new(),
            chunks: Vec::new(),
            conditions: HashMap::new(),
            condition_bytes: 0,
            used: 0,
        }
    }

    /// The dense id of a canonical board, given on first sight.
    pub(super) fn id(&mut self, board: (u64, u64)) -> u32 {
        let next = self.ids.len() as u32;
        *self.ids.entry(board).or_insert(next)
    }

    /// Entries ever written.
    pub(super) fn entries(&self) -> usize {
        self.used
    }

    /// The entry at `slot`, if its chunk exists.
    pub(super) fn get(&self, slot: u64) -> Option<&Entry> {
        let (chunk, at) = (slot as usize / CHUNK, slot as usize % CHUNK);
        self.chunks.get(chunk).map(|c| &c[at])
    }

    /// The entry at `slot`, its chunk allocated on first use.
    pub(super) fn entry(&mut self, slot: u64) -> &mut Entry {
        let (chunk, at) = (slot as usize / CHUNK, slot as usize % CHUNK);
        while self.chunks.len() <= chunk {
            self.chunks
                .push(vec![Entry::EMPTY; CHUNK].into_boxed_slice());
        }
        let entry = &mut self.chunks[chunk][at];
        if *entry == Entry::EMPTY {
            self.used += 1;
        }
        entry
    }

    /// The lower (`upper` false) or upper bound stored at `slot`.
    pub(super) fn bound(&self, slot: u64, upper: bool) -> Option<Bound<'_>> {
        let e = self.get(slot)?;
        let value = if upper { e.upper } else { e.lower };
        if value == ABSENT {
            return None;
        }
        let bit = 1 << u8::from(upper);
        let words: &[u32] = if e.conditional & bit == 0 {
            &[]
        } else {
            &self.conditions[&(slot << 1 | u64::from(upper))]
        };
        let (needs, seen) = match words.split_first() {
            None => (&[][..], &[][..]),
            Some((&count, rest)) => rest.split_at(4 * count as usize),
        };
        Some(Bound { value, needs, seen })
    }

    /// Stores a proved bound at `slot` (replacing the one of the same kind), with the
    /// positions its proof needs (canonical frame) and the boards it has seen (sorted ids).
    pub(super) fn store(&mut self, slot: u64, upper: bool, value: i8, needs: &[Pos], seen: &[u32]) {
        let bit = 1 << u8::from(upper);
        let key = slot << 1 | u64::from(upper);
        let conditional = !(needs.is_empty() && seen.is_empty());
        let entry = self.entry(slot);
        if upper {
            entry.upper = value;
        } else {
            entry.lower = value;
        }
        let had = entry.conditional & bit != 0;
        if conditional {
            entry.conditional |= bit;
        } else {
            entry.conditional &= !bit;
            if let Some(old) = self.conditions.remove(&key).filter(|_| had) {
                self.condition_bytes -= allocated(4 * old.len());
            }
            return;
        }
        let mut words = Vec::with_capacity(1 + 4 * needs.len() + seen.len());
        words.push(needs.len() as u32);
        for p in needs {
            words.extend([
                p.black as u32,
                (p.black >> 32) as u32,
                p.white as u32,
                (p.white >> 32) as u32,
            ]);
        }
        words.extend_from_slice(seen);
        self.condition_bytes += allocated(4 * words.len());
        if let Some(old) = self.conditions.insert(key, words.into_boxed_slice()) {
            self.condition_bytes -= allocated(4 * old.len());
        }
    }

    /// Heap bytes held now, and at most while the next insertions run: a hash map that is
    /// full allocates its doubled table while the old one is still held.
    pub(super) fn bytes(&self) -> (u64, u64) {
        let ids = map_bytes::<((u64, u64), u32)>(self.ids.capacity());
        let conditions = map_bytes::<(u64, Box<[u32]>)>(self.conditions.capacity());
        let chunks = (self.chunks.len() * CHUNK * std::mem::size_of::<Entry>()) as u64;
        let now = ids + conditions + chunks + self.condition_bytes;
        let mut peak = now + allocated(CHUNK * std::mem::size_of::<Entry>());
        if self.ids.len() == self.ids.capacity() {
            peak += 2 * ids.max(1 << 10);
        }
        if self.conditions.len() == self.conditions.capacity() {
            peak += 2 * conditions.max(1 << 10);
        }
        (now, peak)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout the module documentation promises.
    #[test]
    fn an_entry_is_twelve_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 12);
    }

    #[test]
    fn bounds_keep_their_values_and_conditions_and_replace_their_own_kind() {
        let mut t = Table::new();
        let a = t.id((1, 2));
        let b = t.id((3, 4));
        assert_eq!((a, b, t.id((1, 2))), (0, 1, 0), "ids are dense and stable");
        let s = slot(b, true, false);
        assert!(t.bound(s, false).is_none());
        let need = Pos {
            black: 0x8000_0000_0000_0001,
            white: 0x0000_0001_0000_0000,
        };
        t.store(s, false, -3, &[need], &[7, 9]);
        t.store(s, true, 5, &[], &[]);
        let lower = t.bound(s, false).unwrap();
        assert_eq!(lower.value, -3);
        assert_eq!(lower.needs().collect::<Vec<_>>(), vec![need]);
        assert_eq!(lower.seen, &[7, 9]);
        let upper = t.bound(s, true).unwrap();
        assert_eq!(
            (upper.value, upper.seen.len(), upper.needs().count()),
            (5, 0, 0)
        );
        let (held, _) = t.bytes();
        t.store(s, false, 2, &[], &[]);
        assert_eq!(t.bound(s, false).unwrap().needs().count(), 0);
        assert!(t.bytes().0 < held, "the replaced conditions are freed");
        assert_eq!(t.entries(), 1);
        assert!(
            t.get(slot(a, false, false))
                .is_some_and(|e| *e == Entry::EMPTY)
        );
    }
}

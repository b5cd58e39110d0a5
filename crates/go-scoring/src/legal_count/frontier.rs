//! The border-state (transfer) count of legal positions over a path decomposition.
//!
//! A border state records, for each frontier slot, the colour of its point and, for a stone,
//! either "its string already has a liberty" or a label shared by the frontier stones of the
//! same still liberty-less string. Strings with a liberty need no label: joining them gives a
//! liberty, which is all that matters. A liberty-less string whose last frontier point leaves
//! can never gain one, so that state is dropped. Each state is packed into a `u128`, six bits
//! per slot: 0 empty (or unused), 1 black with liberty, 2 white with liberty, `3 + 2·(label−1) +
//! colour` for a liberty-less string, labels renumbered in slot order so equal frontiers meet.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use hashbrown::HashMap;
use num_bigint::BigUint;

use super::modular::{crt, primes_below_2_62, primes_needed};
use super::order::{Schedule, path_order};
use board_geometry::{Graph, Topology as _};

/// Most frontier slots a state can hold (six bits each in a `u128`).
pub const MAX_FRONTIER: usize = 21;

/// Memory the border-state tables may take by default (1 GiB): the 13×13 grid needs more and
/// would otherwise grow until the machine runs out.
pub const DEFAULT_MAX_TABLE_BYTES: usize = 1 << 30;

/// Bytes one border state costs beside its residues: the key in the state list, the key and
/// index in the hash table (with its spare capacity), and the same again for the step before.
const STATE_OVERHEAD_BYTES: usize = 16 + 2 * (16 + 4 + 1) + 16;

const FRESH: u8 = 63;

/// Why the count could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FrontierError {
    /// The ordering keeps more points on the frontier than a state can hold.
    TooWide {
        /// Frontier points the ordering needs.
        width: usize,
        /// Frontier points a state can hold.
        limit: usize,
    },
    /// A grid with more points than a graph can hold.
    TooManyPoints {
        /// The number of points asked for.
        count: usize,
    },
    /// More edges than any ordering of at most [`MAX_FRONTIER`] frontier points allows: a
    /// graph of path width `p` has at most `p` edges per point, so no ordering is tried.
    TooDense {
        /// Edges of the graph.
        edges: usize,
        /// Points of the graph.
        points: usize,
    },
    /// The border states outgrew the memory allowed for them.
    TooManyStates {
        /// States held when the count stopped.
        states: usize,
        /// Points introduced by then.
        step: usize,
        /// The memory limit, in bytes.
        limit_bytes: usize,
    },
}

impl fmt::Display for FrontierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrontierError::TooWide { width, limit } => write!(
                f,
                "the best vertex ordering found needs {width} frontier points, at most {limit} are supported"
            ),
            FrontierError::TooManyPoints { count } => write!(
                f,
                "{count} points is more than the {} a graph can hold",
                board_geometry::graph::MAX_POINTS
            ),
            FrontierError::TooDense { edges, points } => write!(
                f,
                "{edges} edges on {points} points is more than {MAX_FRONTIER} per point: no vertex ordering keeps at most {MAX_FRONTIER} frontier points"
            ),
            FrontierError::TooManyStates {
                states,
                step,
                limit_bytes,
            } => write!(
                f,
                "{states} border states after {step} points outgrow the {} MiB allowed for the count",
                limit_bytes >> 20
            ),
        }
    }
}

impl std::error::Error for FrontierError {}

/// Figures of one run, for benchmarks and reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontierStats {
    /// Frontier slots the ordering needed.
    pub width: usize,
    /// Largest number of distinct border states held at once.
    pub max_states: usize,
    /// State transitions tried (states × 3 colours, summed over steps).
    pub transitions: u64,
    /// Primes the residues were kept modulo.
    pub primes: usize,
}

/// Legal positions of `graph` with a greedy ordering ([`path_order`]).
pub fn count_frontier(graph: &Graph) -> Result<BigUint, FrontierError> {
    count_frontier_within(graph, DEFAULT_MAX_TABLE_BYTES)
}

/// As [`count_frontier`], with the state tables limited to `max_table_bytes`.
pub fn count_frontier_within(
    graph: &Graph,
    max_table_bytes: usize,
) -> Result<BigUint, FrontierError> {
    count_frontier_on_threads(graph, max_table_bytes, 1)
}

/// As [`count_frontier_within`], on `threads` threads ([`count_on_threads`]).
pub fn count_frontier_on_threads(
    graph: &Graph,
    max_table_bytes: usize,
    threads: usize,
) -> Result<BigUint, FrontierError> {
    check_density(graph)?;
    count_on_threads(graph, &path_order(graph), max_table_bytes, threads).map(|(count, _)| count)
}

/// Refuses graphs with more than [`MAX_FRONTIER`] edges per point before any ordering is
/// searched (the greedy search is slow on dense graphs and could not succeed).
fn check_density(graph: &Graph) -> Result<(), FrontierError> {
    let (edges, points) = (graph.edge_count(), graph.len());
    if edges > MAX_FRONTIER.saturating_mul(points) {
        return Err(FrontierError::TooDense { edges, points });
    }
    Ok(())
}

/// Legal positions of `graph`, points introduced in `order`.
pub fn count_with_order(graph: &Graph, order: &[usize]) -> Result<BigUint, FrontierError> {
    count_with_stats(graph, order).map(|(count, _)| count)
}

/// As [`count_with_order`], also returning the run's figures.
pub fn count_with_stats(
    graph: &Graph,
    order: &[usize],
) -> Result<(BigUint, FrontierStats), FrontierError> {
    count_with_limit(graph, order, DEFAULT_MAX_TABLE_BYTES)
}

/// As [`count_with_stats`], stopping with [`FrontierError::TooManyStates`] once the state
/// tables would take more than `max_table_bytes`.
pub fn count_with_limit(
    graph: &Graph,
    order: &[usize],
    max_table_bytes: usize,
) -> Result<(BigUint, FrontierStats), FrontierError> {
    count_on_threads(graph, order, max_table_bytes, 1)
}

/// As [`count_with_limit`], each step's transitions shared out over `threads` threads (0 or 1:
/// the calling thread alone; see `StepTable::sharded_step`). The count is the same for any
/// thread count.
pub fn count_on_threads(
    graph: &Graph,
    order: &[usize],
    max_table_bytes: usize,
    threads: usize,
) -> Result<(BigUint, FrontierStats), FrontierError> {
    let schedule = Schedule::new(graph, order);
    if schedule.width > MAX_FRONTIER {
        return Err(FrontierError::TooWide {
            width: schedule.width,
            limit: MAX_FRONTIER,
        });
    }
    let primes = primes_below_2_62(primes_needed(graph.len()));
    let k = primes.len();
    let width = schedule.width;
    let state_bytes = STATE_OVERHEAD_BYTES + 2 * 8 * k;
    let max_states = (max_table_bytes / state_bytes).max(1);

    let mut keys: Vec<u128> = vec![0];
    let mut counts: Vec<u64> = vec![1; k];
    let mut stats = FrontierStats {
        width,
        max_states: 1,
        transitions: 0,
        primes: k,
    };
    let mut col = [0u8; MAX_FRONTIER];
    let mut comp = [0u8; MAX_FRONTIER];
    for (step_number, step) in schedule.steps.iter().enumerate() {
        if keys.len() >= SHARDED_MIN_STATES {
            let table = StepTable {
                step,
                width,
                primes: &primes,
                max_states,
            };
            let (next_keys, next_counts) = table
                .sharded_step(&keys, &counts, threads.max(1))
                .map_err(|states| FrontierError::TooManyStates {
                    states: states + keys.len(),
                    step: step_number + 1,
                    limit_bytes: max_table_bytes,
                })?;
            stats.transitions += 3 * keys.len() as u64;
            keys = next_keys;
            counts = next_counts;
            stats.max_states = stats.max_states.max(keys.len());
            continue;
        }
        let capacity = (keys.len() * 2).min(max_states);
        let mut index: HashMap<u128, u32> = HashMap::with_capacity(capacity);
        let mut next_keys: Vec<u128> = Vec::with_capacity(capacity);
        let mut next_counts: Vec<u64> = Vec::with_capacity(capacity * k);
        let mut base_col = [0u8; MAX_FRONTIER];
        let mut base_comp = [0u8; MAX_FRONTIER];
        for (i, &key) in keys.iter().enumerate() {
            let source = &counts[i * k..(i + 1) * k];
            decode(key, width, &mut base_col, &mut base_comp);
            for colour in 0..3u8 {
                col[..width].copy_from_slice(&base_col[..width]);
                comp[..width].copy_from_slice(&base_comp[..width]);
                stats.transitions += 1;
                if !advance(step, colour, width, &mut col, &mut comp) {
                    continue;
                }
                let next = encode(width, &col, &comp);
                match index.get(&next) {
                    Some(&j) => {
                        let target = &mut next_counts[j as usize * k..(j as usize + 1) * k];
                        for ((t, &s), &p) in target.iter_mut().zip(source).zip(&primes) {
                            let sum = *t + s;
                            *t = if sum >= p { sum - p } else { sum };
                        }
                    }
                    None => {
                        if next_keys.len() >= max_states {
                            return Err(FrontierError::TooManyStates {
                                states: next_keys.len() + keys.len(),
                                step: step_number + 1,
                                limit_bytes: max_table_bytes,
                            });
                        }
                        index.insert(next, next_keys.len() as u32);
                        next_keys.push(next);
                        next_counts.extend_from_slice(source);
                    }
                }
            }
        }
        keys = next_keys;
        counts = next_counts;
        stats.max_states = stats.max_states.max(keys.len());
    }
    // every point has left: only the all-empty frontier (key 0) can remain
    let total = match keys.iter().position(|&key| key == 0) {
        Some(i) => crt(&counts[i * k..(i + 1) * k], &primes),
        None => BigUint::from(0u32),
    };
    Ok((total, stats))
}

/// Steps from fewer border states than this run in one loop on the calling thread: starting
/// threads and filling buffers would cost more than the step.
const SHARDED_MIN_STATES: usize = 1 << 14;

/// Source states a sharded step takes at a time: their transitions wait in buffers of about
/// 20 bytes each (three per state) before they are merged, so this bounds that memory (60 MB).
const BLOCK_STATES: usize = 1 << 20;

/// One step of the count with what it needs to run on several threads.
struct StepTable<'a> {
    step: &'a super::order::Step,
    width: usize,
    primes: &'a [u64],
    max_states: usize,
}

/// The states one thread owns in a sharded step: an index, the keys and their residues.
#[derive(Default)]
struct Shard {
    index: HashMap<u128, u32>,
    keys: Vec<u128>,
    counts: Vec<u64>,
}

/// The shard (of `shards`) that owns state `key`: a multiplicative hash of its two halves.
#[inline]
fn shard_of(key: u128, shards: usize) -> usize {
    let mixed =
        ((key as u64) ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    ((mixed >> 32) as usize) % shards
}

impl StepTable<'_> {
    /// The states after the step and their residues, the work shared out over `threads`.
    ///
    /// Every prime's residues follow the same states, so splitting the primes over threads
    /// would repeat the state transitions and the hash table (most of the work) on each;
    /// instead the states are split. Each block of source states is stepped in two phases:
    /// first every thread takes a slice of the sources and sorts their transitions into one
    /// buffer per shard (a shard is a hash class of the next state); then every thread merges
    /// the buffers of its own shard into its own table. No state is ever owned by two
    /// threads, so there is no locking, and the counts are the same as the serial step's
    /// (modular sums in another order). `Err` with the states held when the tables outgrow
    /// `max_states`.
    ///
    /// The two phases pay on one thread too: the hash table is then filled in one tight
    /// loop rather than between state decodings, and the 9×9 count took 3.4 s of CPU instead
    /// of 7.0–7.4 s with the single loop (release, same sitting).
    fn sharded_step(
        &self,
        keys: &[u128],
        counts: &[u64],
        threads: usize,
    ) -> Result<(Vec<u128>, Vec<u64>), usize> {
        let k = self.primes.len();
        let mut shards: Vec<Shard> = (0..threads).map(|_| Shard::default()).collect();
        let held = AtomicUsize::new(0);
        let full = AtomicBool::new(false);
        for (block_number, block) in keys.chunks(BLOCK_STATES).enumerate() {
            let base = block_number * BLOCK_STATES;
            let per_thread = block.len().div_ceil(threads);
            // phase 1: transitions of a slice of the block, bucketed by shard
            let buckets: Vec<Vec<(Vec<u128>, Vec<u32>)>> = if threads == 1 {
                vec![self.transitions(block, base, 1)]
            } else {
                std::thread::scope(|scope| {
                    let handles: Vec<_> = block
                        .chunks(per_thread)
                        .enumerate()
                        .map(|(t, slice)| {
                            let first = base + t * per_thread;
                            scope.spawn(move || self.transitions(slice, first, threads))
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                        .collect()
                })
            };
            // phase 2: each shard merges what every slice sent it
            let merge = |s: usize, shard: &mut Shard| {
                for from_slice in &buckets {
                    let (next, sources) = &from_slice[s];
                    for (&key, &source) in next.iter().zip(sources) {
                        let source = &counts[source as usize * k..][..k];
                        if !self.add(shard, key, source, &held) {
                            full.store(true, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            };
            if threads == 1 {
                merge(0, &mut shards[0]);
            } else {
                std::thread::scope(|scope| {
                    for (s, shard) in shards.iter_mut().enumerate() {
                        let merge = &merge;
                        scope.spawn(move || merge(s, shard));
                    }
                });
            }
            if full.load(Ordering::Relaxed) {
                return Err(held.load(Ordering::Relaxed));
            }
        }
        let total: usize = shards.iter().map(|s| s.keys.len()).sum();
        let mut next_keys = Vec::with_capacity(total);
        let mut next_counts = Vec::with_capacity(total * k);
        for shard in shards {
            drop(shard.index);
            next_keys.extend_from_slice(&shard.keys);
            next_counts.extend_from_slice(&shard.counts);
        }
        Ok((next_keys, next_counts))
    }

    /// The transitions of the source states `slice` (the first at index `first`): per shard,
    /// the next states and the index of the state each comes from.
    fn transitions(
        &self,
        slice: &[u128],
        first: usize,
        shards: usize,
    ) -> Vec<(Vec<u128>, Vec<u32>)> {
        let width = self.width;
        let mut out: Vec<(Vec<u128>, Vec<u32>)> = (0..shards)
            .map(|_| {
                let room = slice.len() * 3 / shards + 16;
                (Vec::with_capacity(room), Vec::with_capacity(room))
            })
            .collect();
        let mut col = [0u8; MAX_FRONTIER];
        let mut comp = [0u8; MAX_FRONTIER];
        let mut base_col = [0u8; MAX_FRONTIER];
        let mut base_comp = [0u8; MAX_FRONTIER];
        for (i, &key) in slice.iter().enumerate() {
            decode(key, width, &mut base_col, &mut base_comp);
            for colour in 0..3u8 {
                col[..width].copy_from_slice(&base_col[..width]);
                comp[..width].copy_from_slice(&base_comp[..width]);
                if !advance(self.step, colour, width, &mut col, &mut comp) {
                    continue;
                }
                let next = encode(width, &col, &comp);
                let bucket = &mut out[shard_of(next, shards)];
                bucket.0.push(next);
                bucket.1.push((first + i) as u32);
            }
        }
        out
    }

    /// Adds the residues `source` to state `key` of `shard`; false when a new state would
    /// take the states held by all shards past the bound.
    #[inline]
    fn add(&self, shard: &mut Shard, key: u128, source: &[u64], held: &AtomicUsize) -> bool {
        let k = self.primes.len();
        match shard.index.get(&key) {
            Some(&j) => {
                let target = &mut shard.counts[j as usize * k..(j as usize + 1) * k];
                for ((t, &s), &p) in target.iter_mut().zip(source).zip(self.primes) {
                    let sum = *t + s;
                    *t = if sum >= p { sum - p } else { sum };
                }
                true
            }
            None => {
                if held.fetch_add(1, Ordering::Relaxed) >= self.max_states {
                    return false;
                }
                shard.index.insert(key, shard.keys.len() as u32);
                shard.keys.push(key);
                shard.counts.extend_from_slice(source);
                true
            }
        }
    }
}

fn decode(key: u128, width: usize, col: &mut [u8], comp: &mut [u8]) {
    for i in 0..width {
        let code = ((key >> (6 * i)) & 63) as u8;
        match code {
            0..=2 => {
                col[i] = code;
                comp[i] = 0;
            }
            _ => {
                col[i] = 1 + (code - 3) % 2;
                comp[i] = 1 + (code - 3) / 2;
            }
        }
    }
}

/// Packs the slots, renumbering labels in order of first appearance.
fn encode(width: usize, col: &[u8], comp: &[u8]) -> u128 {
    let mut relabel = [0u8; 64];
    let mut next = 0u8;
    let mut key = 0u128;
    for i in 0..width {
        let code = if comp[i] == 0 {
            col[i]
        } else {
            let old = comp[i] as usize;
            if relabel[old] == 0 {
                next += 1;
                relabel[old] = next;
            }
            3 + 2 * (relabel[old] - 1) + (col[i] - 1)
        };
        key |= u128::from(code) << (6 * i);
    }
    key
}

/// Every frontier stone labelled `label` now has a liberty.
fn make_safe(label: u8, width: usize, comp: &mut [u8]) {
    for c in comp.iter_mut().take(width) {
        if *c == label {
            *c = 0;
        }
    }
}

/// Applies one step with the new point coloured `colour` (0 empty, 1 black, 2 white); false
/// when a liberty-less string is closed off, i.e. the colouring cannot be legal.
fn advance(
    step: &super::order::Step,
    colour: u8,
    width: usize,
    col: &mut [u8],
    comp: &mut [u8],
) -> bool {
    let s = step.slot;
    col[s] = colour;
    comp[s] = if colour == 0 { 0 } else { FRESH };
    for &u in &step.earlier {
        match (colour, col[u]) {
            (0, 0) => {}
            (0, _) if comp[u] != 0 => make_safe(comp[u], width, comp),
            (0, _) => {}
            (_, 0) if comp[s] != 0 => make_safe(comp[s], width, comp),
            (_, 0) => {}
            (c, cu) if c == cu => {
                let (a, b) = (comp[s], comp[u]);
                if a == 0 && b != 0 {
                    make_safe(b, width, comp);
                } else if b == 0 && a != 0 {
                    make_safe(a, width, comp);
                } else if a != b {
                    for x in comp.iter_mut().take(width) {
                        if *x == b {
                            *x = a;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    for &f in &step.forget {
        let label = comp[f];
        if label != 0 && !(0..width).any(|i| i != f && comp[i] == label) {
            return false;
        }
        col[f] = 0;
        comp[f] = 0;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal_count::{count_grid, grid_order};

    #[test]
    fn a_long_path_is_ordered_and_counted_quickly() {
        // A 5000-point path given as a plain graph goes through the greedy ordering, which
        // scanned the whole order at each step before (quadratic: minutes here). Its count must
        // equal the 1×5000 grid's, counted along the row.
        let n = 5000;
        let edges: Vec<(u16, u16)> = (1..n as u16).map(|i| (i - 1, i)).collect();
        let path = Graph::from_edges(n, &edges).unwrap();
        assert_eq!(count_frontier(&path).unwrap(), count_grid(1, n).unwrap());
    }

    #[test]
    fn the_state_tables_stop_at_their_memory_limit() {
        // The 9×9 count holds more than a thousand states at once (its width is 10); with
        // 64 KiB allowed it must stop with the typed error instead of growing.
        let g = Graph::grid(9, 9).unwrap();
        let err = count_with_limit(&g, &grid_order(9, 9), 64 << 10).unwrap_err();
        let FrontierError::TooManyStates { limit_bytes, .. } = err else {
            panic!("expected TooManyStates, got {err:?}");
        };
        assert_eq!(limit_bytes, 64 << 10);
        // The 4×4 board fits easily in the same 64 KiB: L(4,4) = 24,318,165 (Tromp and Farnebäck, OEIS A094777).
        let small = Graph::grid(4, 4).unwrap();
        let (count, _) = count_with_limit(&small, &grid_order(4, 4), 64 << 10).unwrap();
        assert_eq!(count, BigUint::from(24_318_165u32));
    }

    #[test]
    fn a_graph_denser_than_any_countable_ordering_is_refused_at_once() {
        // K44 has 946 edges, more than 21 per point: a graph of path width p has at most p
        // edges per point, so no ordering keeps 21 frontier points.
        let n = 44usize;
        let mut edges = Vec::new();
        for a in 0..n as u16 {
            for b in a + 1..n as u16 {
                edges.push((a, b));
            }
        }
        let k44 = Graph::from_edges(n, &edges).unwrap();
        assert_eq!(
            count_frontier(&k44).unwrap_err(),
            FrontierError::TooDense {
                edges: 946,
                points: 44
            }
        );
    }
}

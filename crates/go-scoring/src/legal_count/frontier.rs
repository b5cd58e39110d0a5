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

use hashbrown::HashMap;
use num_bigint::BigUint;

use super::modular::{crt, primes_below_2_62, primes_needed};
use super::order::{Schedule, path_order};
use board_geometry::{Graph, Topology as _};

/// Most frontier slots a state can hold (six bits each in a `u128`).
pub const MAX_FRONTIER: usize = 21;

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
    count_with_order(graph, &path_order(graph))
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
    for step in &schedule.steps {
        let mut index: HashMap<u128, u32> = HashMap::with_capacity(keys.len() * 2);
        let mut next_keys: Vec<u128> = Vec::with_capacity(keys.len() * 2);
        let mut next_counts: Vec<u64> = Vec::with_capacity(keys.len() * 2 * k);
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

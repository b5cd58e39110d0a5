//! Counting legal Go positions: colourings of a graph in which every string (maximal connected
//! set of same-coloured stones) touches an empty point.
//!
//! Two independent methods, so each checks the other:
//!
//! * [`brute`]: enumerate all `3^n` colourings (small boards only);
//! * [`frontier`]: a border-state transfer count in the manner of Tromp & Farnebäck
//!   ("Combinatorics of Go"): points are added in a fixed order (a path decomposition) and only
//!   the frontier of added points that still have unadded neighbours is remembered, with each
//!   frontier stone's colour and either "its string already has a liberty" or which frontier
//!   stones share its still liberty-less string. Counts are kept modulo a few 62-bit primes and
//!   rebuilt exactly with the Chinese remainder theorem.

pub mod brute;
pub mod frontier;
mod modular;
pub mod order;

pub use brute::{BRUTE_MAX_POINTS, count_brute, count_brute_grid};
pub use frontier::{
    DEFAULT_MAX_TABLE_BYTES, FrontierError, MAX_FRONTIER, count_frontier, count_frontier_within,
    count_on_threads, count_with_limit, count_with_order,
};
pub use order::{Schedule, grid_order, path_order};

use board_geometry::Graph;
use num_bigint::BigUint;

/// Exact number of legal positions on the `w`×`h` grid (border-state count, narrow side first).
pub fn count_grid(w: usize, h: usize) -> Result<BigUint, FrontierError> {
    let graph = Graph::grid(w, h).map_err(|_| FrontierError::TooManyPoints {
        count: w.saturating_mul(h),
    })?;
    count_with_order(&graph, &grid_order(w, h))
}

/// Exact number of legal positions on any graph (border-state count over a greedy ordering).
pub fn count_graph(graph: &Graph) -> Result<BigUint, FrontierError> {
    count_graph_within(graph, DEFAULT_MAX_TABLE_BYTES)
}

/// As [`count_graph`], with the border-state tables limited to `max_table_bytes` (the count
/// stops with [`FrontierError::TooManyStates`] rather than exhausting memory).
pub fn count_graph_within(graph: &Graph, max_table_bytes: usize) -> Result<BigUint, FrontierError> {
    count_graph_on_threads(graph, max_table_bytes, 1)
}

/// As [`count_graph_within`], each step's border states shared out over `threads` threads
/// ([`count_on_threads`]); the same count for any number of threads.
pub fn count_graph_on_threads(
    graph: &Graph,
    max_table_bytes: usize,
    threads: usize,
) -> Result<BigUint, FrontierError> {
    if let Some((w, h)) = graph.grid_size() {
        return count_on_threads(graph, &grid_order(w, h), max_table_bytes, threads)
            .map(|(c, _)| c);
    }
    frontier::count_frontier_on_threads(graph, max_table_bytes, threads)
}

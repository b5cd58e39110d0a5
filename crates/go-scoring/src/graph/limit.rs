//! The limits a Go search stops on before it has an answer, shared by the outcome search
//! ([`OutcomeSearch`](super::OutcomeSearch)) and the small-board solver
//! ([`crate::solve`]): both are bounded in nodes, time and memory, and the outcome search in
//! depth too. One type for both, so that a caller (the command line's hint naming the option
//! that raises a limit) handles the concept once.

use std::fmt;
use std::time::Duration;

/// The limit a search stopped on: the question has an answer the search did not reach.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchLimit {
    /// The node budget ran out.
    Budget {
        /// Nodes searched.
        nodes: u64,
    },
    /// The time limit ran out.
    Time {
        /// Nodes searched.
        nodes: u64,
        /// The limit that was reached.
        limit: Duration,
    },
    /// The search's memory bound was reached, in the search's own measure.
    Memory(MemoryBound),
    /// A sequence grew longer than the search's depth bound.
    Depth {
        /// Plies of the sequence (moves played from the start) when it stopped.
        plies: usize,
        /// The bound.
        limit: usize,
    },
}

/// What a search held when it reached its memory bound: each search counts its memory in
/// the unit it can bound exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemoryBound {
    /// Positions held, past a bound on their count (the outcome search interns every
    /// position it meets with its moves, about `bytes_per_position` bytes each).
    Positions {
        /// Positions held when the search stopped.
        positions: usize,
        /// The bound on the positions held.
        limit: usize,
        /// The estimated bytes per position the bound was set with.
        bytes_per_position: u64,
    },
    /// Bytes a table held, at its bound (the solver counts the bytes it allocated).
    Bytes {
        /// Bytes held when the search stopped.
        bytes: u64,
        /// The bound, in bytes.
        limit: u64,
    },
}

impl fmt::Display for SearchLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchLimit::Budget { nodes } => {
                write!(
                    f,
                    "undecided: the search budget ran out after {nodes} nodes"
                )
            }
            SearchLimit::Time { nodes, limit } => {
                write!(
                    f,
                    "undecided: the time limit of {} s ran out after {nodes} nodes",
                    limit.as_secs_f64()
                )
            }
            SearchLimit::Memory(MemoryBound::Positions {
                positions,
                limit,
                bytes_per_position,
            }) => {
                write!(
                    f,
                    "undecided: the search met {positions} positions, past its memory bound of \
                     {limit} positions (about {} MB)",
                    (*limit as u64).saturating_mul(*bytes_per_position) >> 20
                )
            }
            SearchLimit::Memory(MemoryBound::Bytes { bytes, limit }) => {
                write!(
                    f,
                    "undecided: the table held {} MB, at its memory bound of {} MB",
                    bytes >> 20,
                    limit >> 20
                )
            }
            SearchLimit::Depth { plies, limit } => {
                write!(
                    f,
                    "undecided: a sequence of {plies} plies passed the search's depth bound of \
                     {limit}"
                )
            }
        }
    }
}

impl std::error::Error for SearchLimit {}

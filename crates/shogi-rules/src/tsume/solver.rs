//! A solver kept from problem to problem: the first proof alone for a mate detector
//! ([`Solver::prove`]), or the whole answer with its line ([`Solver::solve`], which starts
//! with the same first proof).

use std::time::Instant;

use super::dfpn::{self, Search};
use super::node::Node;
use super::table::{INF, Probe};
use super::{Limit, Options, Solution, Status, TsumeError, limit_reached, limits_for};
use crate::position::Position;
use crate::types::Move;

/// A tsume solver that keeps its memory between problems.
///
/// An engine asks "is there a mate here?" at many positions: [`Solver::prove`] answers
/// that with the first df-pn proof alone, and [`Solver::solve`] gives what [`super::solve`]
/// gives (the line and its length under the mode). Either clears what the last search
/// left before it starts, but keeps the allocations (the transposition table, the memos of
/// the mate tests, the move buffers), so that a short problem does not pay for allocating
/// them each time. The table is cleared back to its small first size, so the search runs
/// exactly as from a new solver: the same nodes and the same answers. The table a long
/// problem grew stays held (up to the size of [`Options::table_entries`]) until the
/// solver is dropped; the loop disproofs it grew are let go at the next problem.
///
/// ```
/// use shogi_rules::tsume::{Options, Solver, Status};
/// use shogi_rules::{Position, usi};
///
/// let mut solver = Solver::new(Options::default());
/// // 頭金: the gold dropped on the pawn's head mates at once.
/// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")?;
/// let proof = solver.prove(&pos)?;
/// assert_eq!(proof.status, Status::Mate);
/// assert_eq!(proof.plies, 1);
/// assert_eq!(proof.first_move.map(usi::format_move).as_deref(), Some("G*5b"));
/// // The same solver on the next problem: a lone king with nothing to check it with.
/// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1")?;
/// assert_eq!(solver.prove(&pos)?.status, Status::NoMate);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    opts: Options,
    /// Made at the first problem (a search needs a position) and reset for each next one.
    search: Option<Search>,
    /// When the solver was made: the start of every search when no time limit is set
    /// (only a time limit reads it), so that a short one does not read the clock.
    made: Instant,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("opts", &self.opts)
            .field("started", &self.search.is_some())
            .finish()
    }
}

/// What a first proof found (see [`Solver::prove`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Proof {
    /// Mate, no mate, or unknown when a limit stopped the search first.
    pub status: Status,
    /// A check that mates: the one the proof goes through at the root. Not necessarily
    /// the first move of the shortest or the conventional line ([`Solver::solve`] gives
    /// those). `None` unless the status is [`Status::Mate`].
    #[cfg_attr(feature = "serde", serde(serialize_with = "usi_move"))]
    pub first_move: Option<Move>,
    /// Plies of the mate the proof found, every defence counted: an upper bound of the
    /// shortest mate, not its length. 0 unless the status is [`Status::Mate`].
    pub plies: u32,
    /// Search nodes.
    pub nodes: u64,
    /// The limit that stopped the search, when the status is [`Status::Unknown`].
    pub limit: Option<Limit>,
    /// Entries the table threw away in garbage collection (see
    /// [`Solution::table_dropped`]).
    pub table_dropped: u64,
}

#[cfg(feature = "serde")]
fn usi_move<S: serde::Serializer>(mv: &Option<Move>, s: S) -> Result<S::Ok, S::Error> {
    match mv {
        Some(m) => s.serialize_some(&crate::usi::format_move(*m)),
        None => s.serialize_none(),
    }
}

/// The first proof's result at the root, with what the search set up for it spent.
pub(super) struct FirstProof {
    pub(super) probe: Probe,
    /// Nodes of a short first try abandoned for a search without the cheap mate tests.
    pub(super) spent: u64,
    /// Entries the abandoned try's table threw away.
    pub(super) dropped: u64,
}

impl Solver {
    /// A solver with these options (limits, table size, and for [`Self::solve`] the mode
    /// and the later phases). Allocates nothing until the first problem.
    pub fn new(opts: Options) -> Solver {
        Solver {
            opts,
            search: None,
            made: Instant::now(),
        }
    }

    /// The options the solver runs with.
    pub fn options(&self) -> &Options {
        &self.opts
    }

    /// Whether the position (the side to move attacks) has a forced mate, by the first
    /// df-pn proof alone: no shortening, no line. The node and time limits, the
    /// cancellation flag and the progress counter of the options apply; the mode does
    /// not (the first proof is the same in both).
    pub fn prove(&mut self, pos: &Position) -> Result<Proof, TsumeError> {
        let start = self.start();
        let first = self.first_proof(pos, start)?;
        let search = self.search.as_ref().expect("set up by first_proof");
        let mut proof = Proof {
            status: Status::Unknown,
            first_move: None,
            plies: 0,
            nodes: search.nodes + first.spent,
            limit: None,
            table_dropped: first.dropped + search.table.dropped,
        };
        match first.probe {
            Probe::Proven { len, .. } => {
                proof.status = Status::Mate;
                proof.plies = len;
                proof.first_move = search.root_move;
            }
            Probe::Disproven { .. } => proof.status = Status::NoMate,
            Probe::Open { .. } => proof.limit = Some(limit_reached(&self.opts, start)),
        }
        Ok(proof)
    }

    /// Solves the position as [`super::solve`] does (the same answer, nodes included),
    /// with the memory kept from the last problem.
    pub fn solve(&mut self, pos: &Position) -> Result<Solution, TsumeError> {
        let start = self.start();
        let first = self.first_proof(pos, start)?;
        let search = self.search.as_mut().expect("set up by first_proof");
        let sol = Solution {
            status: Status::Unknown,
            pv: Vec::new(),
            plies: 0,
            first_proof_plies: 0,
            first_proof_nodes: 0,
            exact: false,
            forced: true,
            nodes: 0,
            limit: None,
            table_dropped: first.dropped,
            open_checks: 0,
            open_at: Vec::new(),
        };
        let mut sol = super::solve_phases(search, &self.opts, start, sol, first.probe);
        sol.table_dropped += search.table.dropped;
        sol.nodes += first.spent;
        if sol.first_proof_plies > 0 {
            sol.first_proof_nodes += first.spent;
        }
        Ok(match sol.limit {
            Some(_) => Solution {
                limit: Some(limit_reached(&self.opts, start)),
                ..sol
            },
            None => sol,
        })
    }

    /// The start of a search, for its time limit: the clock now, or without a time limit
    /// (nothing reads it then) when the solver was made.
    fn start(&self) -> Instant {
        match self.opts.time_limit {
            Some(_) => Instant::now(),
            None => self.made,
        }
    }

    /// Sets the search up for `pos` and runs the first proof: a short first try with the
    /// cheap mate tests at expansion (see [`dfpn`]'s `SHORTCUT_NODES`); a problem they do
    /// not settle within it is searched again from an empty table without them, so that a
    /// long search runs as it would without the tests. The search is left with the
    /// options' limits (less the nodes spent) for the phases after it.
    fn first_proof(&mut self, pos: &Position, start: Instant) -> Result<FirstProof, TsumeError> {
        if pos.king(!pos.side_to_move()).is_none() {
            return Err(TsumeError::NoDefenderKing);
        }
        let opts = &self.opts;
        let search = match &mut self.search {
            Some(s) => {
                s.reset(Node::new(pos.clone()));
                s
            }
            None => self
                .search
                .insert(Search::new(Node::new(pos.clone()), opts.table_entries)),
        };
        limits_for(search, opts, start);
        search.node_limit = search.node_limit.min(dfpn::SHORTCUT_NODES);
        let mut probe = search.solve(INF);
        let (mut spent, mut dropped) = (0, 0);
        let again = matches!(probe, Probe::Open { .. })
            && search.stopped == Some(dfpn::Stop::Nodes)
            && opts.node_limit.is_none_or(|n| n > dfpn::SHORTCUT_NODES);
        if again {
            spent = search.nodes;
            dropped = search.table.dropped;
            search.reset(Node::new(pos.clone()));
            search.shortcuts = false;
        }
        limits_for(search, opts, start);
        search.node_limit = search.node_limit.saturating_sub(spent);
        if again {
            probe = search.solve(INF);
        }
        Ok(FirstProof {
            probe,
            spent,
            dropped,
        })
    }
}

//! Small boards solved exactly: area scoring, positional superko, no suicide, two passes end.
//!
//! Rules (as in the published tiny-board solutions, e.g. Tromp's 2×2 solver and the 1×n
//! results of Drange and of Weninger & Hayward): Black moves first; a move may not recreate any
//! board position that occurred earlier in the game (passes create none); suicide is illegal;
//! the game ends after two consecutive passes and is scored by area (stones plus empty regions
//! reaching only one colour), Black minus White, minus komi.
//!
//! Two searches share the rules below. Both find the value by MTD(f), a series of
//! null-window tests "is Black's margin at least β?", and decide each test by iterative
//! deepening: a depth-limited search returns "undecided" for a node cut off by the limit, so
//! a value it does return is exact, and the limit grows until the test is decided. This keeps
//! the search away from the very long games that superko allows (hundreds of plies of
//! throw-ins on 3×3) until they are needed. [`solve_plain`] is fail-soft alpha-beta over the
//! whole game history with no table at all. [`solve`] (in `table_search`) adds a
//! transposition table, symmetry and move ordering; see there for how superko history is kept
//! exact in the table. A node budget makes both answer "undecided" honestly on boards they
//! cannot finish.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::color::Color;
use crate::graph::packed::Packed;
use crate::rules::Komi;
use board_geometry::{Graph, Topology as _};

mod table;
mod table_search;
pub use crate::graph::limit::{MemoryBound, SearchLimit};
pub use table_search::{point_owner, solve, solve_within};

/// One move of a game: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameMove {
    /// A colour plays the point with this index.
    Play(Color, usize),
    /// A colour passes.
    Pass(Color),
}

/// The solved value: Black's margin with best play and one principal line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Area difference Black − White with best play, before komi.
    pub area_margin: i64,
    /// `area_margin − komi`, in half points.
    pub margin_half_points: i64,
    /// The komi the margin is counted with.
    pub komi: Komi,
    /// A principal line ending with two passes.
    pub line: Vec<GameMove>,
    /// Search nodes visited.
    pub nodes: u64,
    /// Positions stored in the transposition table (0 for the plain search).
    pub table_entries: usize,
}

/// Why there is no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The search stopped on one of its limits: nodes ([`SearchLimit::Budget`]), time, or
    /// the table's memory ([`MemoryBound::Bytes`]).
    Limit(SearchLimit),
    /// The board has more than 64 points.
    TooLarge {
        /// Points of the board.
        points: usize,
    },
    /// The principal line could not be read back from the table values, or the search
    /// thread failed: a fault of the search, not of the input.
    Inconsistent,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Limit(limit) => limit.fmt(f),
            SolveError::TooLarge { points } => {
                write!(f, "{points} points: the solver handles at most 64")
            }
            SolveError::Inconsistent => {
                write!(
                    f,
                    "the search could not reproduce its own value along a line"
                )
            }
        }
    }
}

impl std::error::Error for SolveError {}

impl SolveError {
    /// True when the search stopped on one of its limits (nodes, time or memory) rather than
    /// on its input or a fault.
    pub fn is_limit(&self) -> bool {
        self.limit().is_some()
    }

    /// The limit the search stopped on, if it stopped on one.
    pub fn limit(&self) -> Option<&SearchLimit> {
        match self {
            SolveError::Limit(limit) => Some(limit),
            _ => None,
        }
    }
}

impl From<SearchLimit> for SolveError {
    fn from(limit: SearchLimit) -> Self {
        SolveError::Limit(limit)
    }
}

/// The resources a solve may use; each ends it with its own [`SolveError`] when passed.
#[derive(Clone, Debug, Default)]
pub struct SolveLimits {
    /// Search nodes.
    pub budget: u64,
    /// Wall time (`None`: no limit).
    pub time_limit: Option<Duration>,
    /// Bytes the table may hold, counted as allocated (entries, board ids, proof
    /// conditions, and the doubled hash table a growing map allocates beside the old one).
    pub max_bytes: u64,
    /// A counter the search raises to its node count every few thousand nodes (where it reads
    /// the clock), so that another thread can show its progress and rate.
    pub progress: Option<Arc<AtomicU64>>,
}

impl SolveLimits {
    /// A node budget alone (time and memory unbounded), as [`solve`] takes it.
    pub fn nodes(budget: u64) -> SolveLimits {
        SolveLimits {
            budget,
            time_limit: None,
            max_bytes: u64::MAX,
            progress: None,
        }
    }
}

/// Largest node budget a caller should ask for: about a day at the solver's measured rate
/// (some 10 M nodes a second).
pub const MAX_SOLVE_BUDGET: u64 = 1_000_000_000_000;

pub(crate) use crate::graph::packed::Pos;

pub(crate) struct Solver {
    /// The capture and suicide rules on masks, shared with the graph searches.
    pub(crate) board: Packed,
    history: Vec<Pos>,
    nodes: u64,
    budget: u64,
    /// When the search must stop, and the limit it comes from.
    deadline: Option<(Instant, Duration)>,
    /// Raised to `nodes` every few thousand nodes, for a progress display.
    progress: Option<Arc<AtomicU64>>,
}

impl Solver {
    /// The rules on `graph` (at most 64 points), history holding the empty board.
    pub(crate) fn new(graph: &Graph, budget: u64) -> Solver {
        Solver {
            board: Packed::new(graph),
            history: vec![Pos { black: 0, white: 0 }],
            nodes: 0,
            budget,
            deadline: None,
            progress: None,
        }
    }

    /// Counts a node; ends the search past the budget or (checked every few thousand nodes,
    /// where reading the clock costs nothing) past the deadline.
    #[inline]
    pub(crate) fn count_node(&mut self) -> Result<(), SolveError> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(SearchLimit::Budget { nodes: self.nodes }.into());
        }
        if self.nodes % 4096 == 0 {
            self.report_progress();
            if let Some((deadline, limit)) = self.deadline {
                if Instant::now() >= deadline {
                    return Err(SearchLimit::Time {
                        nodes: self.nodes,
                        limit,
                    }
                    .into());
                }
            }
        }
        Ok(())
    }

    /// Publishes the node count to the progress counter, if any.
    pub(crate) fn report_progress(&self) {
        if let Some(counter) = &self.progress {
            counter.store(self.nodes, Ordering::Relaxed);
        }
    }

    pub(crate) fn neighbours_of(&self, set: u64) -> u64 {
        self.board.neighbours_of(set)
    }

    pub(crate) fn grow(&self, seed: u64, within: u64) -> u64 {
        self.board.grow(seed, within)
    }

    pub(crate) fn play(&self, p: Pos, v: usize, black: bool) -> Option<Pos> {
        let colour = if black { Color::Black } else { Color::White };
        self.board.play(p, v, colour)
    }

    /// Area score Black − White (Tromp-Taylor: empty regions count for the only colour they reach).
    pub(crate) fn area(&self, p: Pos) -> i64 {
        let empty = self.board.empty(p);
        let mut score = i64::from(p.black.count_ones()) - i64::from(p.white.count_ones());
        let mut rest = empty;
        while rest != 0 {
            let region = self.grow(1 << rest.trailing_zeros(), empty);
            rest &= !region;
            let border = self.neighbours_of(region);
            let size = i64::from(region.count_ones());
            match (border & p.black != 0, border & p.white != 0) {
                (true, false) => score += size,
                (false, true) => score -= size,
                _ => {}
            }
        }
        score
    }

    /// Negamax value for the side to move (`black` true: Black), Black's area margin negated
    /// for White, by fail-soft alpha-beta; `passed`: the previous move was a pass. `None` when
    /// the depth limit (in plies) leaves the node undecided: a decided value never rests on a
    /// node cut off by the limit, so it is exact whatever the limit.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        p: Pos,
        black: bool,
        passed: bool,
        mut alpha: i64,
        beta: i64,
        depth: u32,
        line: &mut Vec<GameMove>,
    ) -> Result<Option<i64>, SolveError> {
        self.count_node()?;
        if depth == 0 {
            return Ok(None);
        }
        let sign = if black { 1 } else { -1 };
        let colour = if black { Color::Black } else { Color::White };
        // a pass after a pass ends the game: evaluate it first, it is free; otherwise the
        // pass comes last
        let mut moves: Vec<Option<usize>> = (0..self.board.n).map(Some).collect();
        if passed {
            moves.insert(0, None);
        } else {
            moves.push(None);
        }
        let mut best = i64::MIN;
        let mut open = false;
        let mut child_line = Vec::new();
        for m in moves {
            child_line.clear();
            let value = match m {
                None if passed => Some(sign * self.area(p)),
                None => self
                    .search(p, !black, true, -beta, -alpha, depth - 1, &mut child_line)?
                    .map(|v| -v),
                Some(v) => {
                    let Some(next) = self.play(p, v, black) else {
                        continue;
                    };
                    if self.history.contains(&next) {
                        continue; // positional superko
                    }
                    self.history.push(next);
                    let result = self.search(
                        next,
                        !black,
                        false,
                        -beta,
                        -alpha,
                        depth - 1,
                        &mut child_line,
                    );
                    self.history.pop();
                    result?.map(|v| -v)
                }
            };
            let Some(value) = value else {
                open = true;
                continue;
            };
            if value > best {
                best = value;
                line.clear();
                line.push(match m {
                    None => GameMove::Pass(colour),
                    Some(v) => GameMove::Play(colour, v),
                });
                line.extend_from_slice(&child_line);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                return Ok(Some(best));
            }
        }
        Ok((!open).then_some(best))
    }

    /// The search from the empty board with Black to move, repeated with a growing depth
    /// limit until it decides.
    fn decide(
        &mut self,
        alpha: i64,
        beta: i64,
        line: &mut Vec<GameMove>,
    ) -> Result<i64, SolveError> {
        let start = Pos { black: 0, white: 0 };
        let mut depth = 4;
        loop {
            if let Some(v) = self.search(start, true, false, alpha, beta, depth, line)? {
                return Ok(v);
            }
            depth += (depth / 4).max(2);
        }
    }
}

/// Default node budget for [`solve`].
pub const DEFAULT_SOLVE_BUDGET: u64 = 200_000_000;

/// Solves the empty board `graph` with Black to move, within `budget` nodes, by the plain
/// history search without a table: slow, but with nothing to get wrong about superko, so it
/// serves as the reference the table search is checked against on the boards it finishes.
pub fn solve_plain(graph: &Graph, komi: Komi, budget: u64) -> Result<Solution, SolveError> {
    let n = graph.len();
    if n > 64 {
        return Err(SolveError::TooLarge { points: n });
    }
    let mut solver = Solver::new(graph, budget);
    let worker = std::thread::Builder::new()
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            // MTD(f): null-window tests from the best value for Black down to the value, then
            // one narrow-window search around it for the principal line
            let (mut lo, mut hi) = (-(n as i64), n as i64);
            let mut guess = hi;
            let mut line = Vec::new();
            while lo < hi {
                let beta = if guess <= lo { lo + 1 } else { guess.min(hi) };
                let r = solver.decide(beta - 1, beta, &mut line)?;
                if r >= beta {
                    lo = r;
                } else {
                    hi = r;
                }
                guess = r;
            }
            let area_margin = solver.decide(lo - 1, lo + 1, &mut line)?;
            Ok(Solution {
                area_margin,
                margin_half_points: 2 * area_margin - i64::from(komi.0),
                komi,
                line,
                nodes: solver.nodes,
                table_entries: 0,
            })
        })
        .map_err(|_| SolveError::Inconsistent)?;
    // a panic in the worker (none is expected) is reported as an internal fault
    worker.join().unwrap_or(Err(SolveError::Inconsistent))
}

/// Stack for the search threads: the game can run to hundreds of plies on small boards.
pub(crate) const SEARCH_STACK_BYTES: usize = 256 << 20;

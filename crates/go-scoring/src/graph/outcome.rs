//! Outcome classes `o(r, v) ∈ {𝓑, 𝓦, 𝓝, 𝓟}` of every point, by exhaustive search over regular
//! move sequences.
//!
//! * On an ultimate sequence (last position ultimate): `o(r, v) = 𝓑` for black stones and
//!   black eyes `E_B`, `𝓦` for white stones and `E_W`.
//! * Otherwise, following the text's two tables: Black *gets* `v` by moving first when some
//!   `r′ ∈ r^B` has `o(r′, v) = 𝓑`, or `𝓟` (a 𝓟 option is fine for the side choosing it: the
//!   opponent, moving next, would lose the point, so it is left alone); an `𝓝` option is bad
//!   for the side choosing it, since the point goes to whoever moves next. Symmetrically for
//!   White with `𝓦`/`𝓟` in `r^W`. Then
//!
//!   | Black gets `v` moving first | White gets `v` moving first | `o(r, v)` |
//!   |---|---|---|
//!   | yes | yes | 𝓝 (next player) |
//!   | yes | no  | 𝓑 |
//!   | no  | yes | 𝓦 |
//!   | no  | no  | 𝓟 (previous player; e.g. seki, where neither side moves) |
//!
//!   The first table of the text (one move before ultimate, all options 𝓑 or 𝓦) is the special
//!   case without 𝓝/𝓟 options, and its fourth cell cannot occur there.
//!
//! The search runs the table as the two-player game it is: Black gets `v` moving first iff some
//! black move leads to a sequence where White, moving first, does not get `v` (`𝓑` or `𝓟`
//! there), and symmetrically. It deepens: each pass searches sequences up to a depth limit
//! that grows from pass to pass, and a point is decided at a node only when its answer does
//! not rest on a sequence cut off by the limit (one decided good option, or every option
//! decided bad), so decided answers are exact whatever the limit. Short lines that settle a
//! point are found before the search descends into the sequences hundreds of plies long that
//! the repetition rule allows: the empty 1×8 board took 1.9 M nodes this way, and was still
//! undecided after 35 M without. A node left undecided is marked with its pass and depth, and
//! met again in that pass with no more depth left it is undecided at once (the mark can only
//! make a node undecided, never change a decided answer). All points are searched at once as a bit mask of the points still
//! open, so a move ordering that finds a good option early cuts the remaining options for every
//! point it settles (a per-point OR, exact: an option is only skipped once every point asked
//! about has a good one). Moves that got a point before are tried first; with the winning sets
//! below, moves after which the opponent surely gets every open point (ignoring repetition)
//! come last, and ties go to the move that leaves the opponent the fewest other replies.
//!
//! Before a node is expanded, the points the side moving first gets (or misses) *ignoring*
//! the repetition rule are looked up in the history-free winning sets of both sides
//! (attractors, computed once on the closure by retrograde analysis), and each such answer is
//! replayed under the real history: it is taken only when the winning side's strategy holds
//! move by move without recreating a position (see `attractor`). The empty 3×3 board is
//! settled this way at the root, in 653 nodes instead of 186,057.
//!
//! The value depends on the earlier positions through the repetition rule, but only on those
//! still reachable from the current position: the transposition table is keyed by the current
//! position, the side moving first and that part of the history (computed from the closure of
//! the move graph, see `reach`), all brought to a canonical form under the graph's
//! automorphisms and the colour swap (Black and White play by the same rules: a position with
//! the colours swapped and the other side moving first asks the same question, with 𝓑 and 𝓦
//! swapped, so the two sides' searches from an empty board share their entries). When the
//! closure is too large to compute, the whole history is kept in the key (fewer
//! transpositions). The history enters the key as a 128-bit sum of one hash per
//! position (the positions of a regular sequence are distinct, so the sum stands for the set):
//! sorting and hashing histories thousands of positions long had taken three quarters of the
//! search's time. Two different histories share a key only if their sums collide: with `N`
//! keys stored the chance is below `N²/2¹²⁸`, about 10⁻²² for 10⁸ keys. Only graphs of at
//! most 64 points are searched (positions are two `u64` masks).
//!
//! When the closure is complete (at most 16,384 positions), decided answers are kept instead
//! as dependency-set entries (see `depend`; shared between symmetric sequences through the
//! symmetries that map the closure onto itself, all of them from an empty board): with
//! each answer the positions whose presence in the history its proof consulted, so that it
//! is reused under any history agreeing on those, not only under the same reachable history
//! (the table then keeps only the deepening's marks). On the empty 1×8 board this takes 32,899
//! nodes instead of 323,161; on the 5- and 6-cycles, where one strongly connected component
//! holds nearly every position, a third to a quarter of them.
//!
//! Regular sequences can be as long as the number of positions (3ⁿ on n points), so the
//! search is bounded on every resource the input could exhaust, each ending it with its own
//! [`SearchLimit`] (inside [`OutcomeError::Limit`]) instead of a crash: nodes
//! ([`OutcomeSearch::budget`]), wall time ([`OutcomeSearch::time_limit`]), memory
//! ([`OutcomeSearch::max_positions`], the positions interned with their moves, and
//! [`OutcomeSearch::max_stored_positions`], the table's keys) and depth ([`MAX_DEPTH`]
//! plies, on a search thread of its own with a stack sized for it).

use crate::color::Color;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use hashbrown::HashMap;

mod attractor;
mod depend;

use attractor::{Attractors, Replay};
use depend::Dependencies;

use super::config::{Board, Config};
use super::limit::{MemoryBound, SearchLimit};
use super::packed::{Packed, Pos};
use super::reach::{Leaf, PositionGraph};
use super::sequence::RegularSequence;
use super::symmetry::automorphisms;
use board_geometry::{Graph, Topology as _};

/// The outcome class of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// 𝓑: the point ends up Black's.
    Black,
    /// 𝓦: the point ends up White's.
    White,
    /// 𝓝: the point goes to whoever moves next there.
    Next,
    /// 𝓟: whoever moves there first loses it, so it stays as it is (seki-like).
    Previous,
}

impl Outcome {
    /// `B`, `W`, `N`, `P`.
    pub fn letter(self) -> char {
        match self {
            Outcome::Black => 'B',
            Outcome::White => 'W',
            Outcome::Next => 'N',
            Outcome::Previous => 'P',
        }
    }

    /// True when choosing an option of this class is good for `colour`.
    pub fn good_for(self, colour: Color) -> bool {
        matches!(
            (self, colour),
            (Outcome::Previous, _)
                | (Outcome::Black, Color::Black)
                | (Outcome::White, Color::White)
        )
    }

    /// The table above: the class of a point from whether each side, moving first, has an
    /// option that is good for it.
    pub fn from_options(black_gets: bool, white_gets: bool) -> Outcome {
        match (black_gets, white_gets) {
            (true, true) => Outcome::Next,
            (true, false) => Outcome::Black,
            (false, true) => Outcome::White,
            (false, false) => Outcome::Previous,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Why the outcome search gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OutcomeError {
    /// The search handles graphs of at most 64 points.
    TooManyPoints {
        /// Points of the graph.
        points: usize,
        /// The most the search takes.
        limit: usize,
    },
    /// The search stopped on one of its limits: nodes ([`SearchLimit::Budget`]), time,
    /// memory (positions interned, [`MemoryBound::Positions`]) or depth ([`MAX_DEPTH`]).
    Limit(SearchLimit),
    /// The search thread could not be started (the system refused its stack).
    NoThread,
}

impl OutcomeError {
    /// True when the search stopped on one of its limits (nodes, time, memory or depth): the
    /// question has an answer the search did not reach, as opposed to input it cannot take.
    pub fn is_limit(&self) -> bool {
        self.limit().is_some()
    }

    /// The limit the search stopped on, if it stopped on one.
    pub fn limit(&self) -> Option<&SearchLimit> {
        match self {
            OutcomeError::Limit(limit) => Some(limit),
            _ => None,
        }
    }
}

impl From<SearchLimit> for OutcomeError {
    fn from(limit: SearchLimit) -> Self {
        OutcomeError::Limit(limit)
    }
}

impl fmt::Display for OutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutcomeError::TooManyPoints { points, limit } => {
                write!(
                    f,
                    "the graph has {points} points; the outcome search handles at most {limit}"
                )
            }
            OutcomeError::Limit(limit) => limit.fmt(f),
            OutcomeError::NoThread => write!(f, "the search thread could not be started"),
        }
    }
}

impl std::error::Error for OutcomeError {}

/// The classes of every point of a sequence's last position, with search figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeReport {
    /// The outcome class of every point, by index.
    pub classes: Vec<Outcome>,
    /// Search nodes visited (positions expanded or looked up, and those a replay of a
    /// history-free winning strategy stepped through).
    pub nodes: u64,
    /// Entries in the transposition table at the end.
    pub table_entries: usize,
    /// Nodes answered by the table.
    pub table_hits: u64,
    /// Distinct positions met (the closure enumerates all those reachable from the start).
    pub positions: usize,
    /// Automorphisms used for symmetry reduction (identity included).
    pub symmetries: usize,
}

/// Default node budget: enough for the small examples, bounded in time and memory.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// Largest node budget a caller should ask for: at the slowest measured rate (a few hundred
/// thousand nodes a second on long paths) about a day of search, and the memory bound stops
/// any such run much earlier on boards the search cannot close.
pub const MAX_BUDGET: u64 = 10_000_000_000;

/// Default bound on the positions interned with their moves (see [`BYTES_PER_POSITION`]):
/// about 1.5 GB.
pub const DEFAULT_MAX_POSITIONS: usize = 6_000_000;

/// Estimated bytes held per interned position: the position, its index entry, its leaf value,
/// its children, canonical image, killer and ordering counters (measured on the empty 4×4
/// board: about 250 bytes), and the hashes of its symmetric images once it is in a history.
pub const BYTES_PER_POSITION: u64 = 320;

/// Bound on the plies of the sequences searched (the search recursion's depth). Each level
/// holds at most a few hundred bytes of stack (more without optimisation), well within
/// [`SEARCH_STACK_BYTES`].
pub const MAX_DEPTH: usize = 100_000;

/// Stack of the search thread: [`MAX_DEPTH`] levels of the recursion with room to spare.
pub const SEARCH_STACK_BYTES: usize = 512 << 20;

/// Default bound on the table's entries (up to 192 bytes each with the map's spare and
/// doubling slots, see [`OutcomeSearch::set_memory_mb`]): about 380 MB.
pub const DEFAULT_MAX_STORED_POSITIONS: usize = 2_000_000;

/// Points the packed search supports.
pub const MAX_SEARCH_POINTS: usize = 64;

/// Outcome classes of every point after `r`, searching at most `budget` nodes.
pub fn outcome_classes(
    graph: &Graph,
    r: &RegularSequence,
    budget: u64,
) -> Result<OutcomeReport, OutcomeError> {
    let mut search = OutcomeSearch::new(graph, true)?;
    search.budget = budget;
    search.run(r)
}

/// A reusable search on one graph. Its table survives between calls as long as the new
/// starting position was already met (and closed) by an earlier call.
#[derive(Debug)]
pub struct OutcomeSearch {
    graph: PositionGraph,
    /// The symmetries keys are reduced by, as point permutations: the graph's automorphisms,
    /// then (when they fit the 64 a mask of them holds) the same again with the colours
    /// swapped (`swaps[k]`); the identity first.
    autos: Vec<Vec<usize>>,
    /// Per symmetry: whether it swaps the colours (and with them the side moving first).
    swaps: Vec<bool>,
    inverses: Vec<Vec<usize>>,
    /// The graph's automorphisms used (identity included), for the report.
    automorphisms: usize,
    /// Per interned position: its canonical image and the symmetries that give it.
    canon: Vec<Option<(Pos, u64)>>,
    /// Per interned position, the hash of its image under each symmetry (empty until
    /// first needed).
    hashes: Vec<Box<[u128]>>,
    table: HashMap<Key, Entry>,
    /// Positions held by the table's keys, to bound its memory.
    stored_positions: usize,
    path: Vec<u32>,
    on_path: Vec<bool>,
    /// Per path level `l` and symmetry `k` (at `l · autos + k`): the sum of the hashes of
    /// the images under `k` of the positions before level `l`.
    path_sums: Vec<u128>,
    /// Per path level: the first level of the run of positions in the same strongly
    /// connected component of the move graph as it (see [`OutcomeSearch::key`]).
    segment: Vec<usize>,
    /// Per position and side, the child that last got a point for the side: tried first next
    /// time (move ordering only, so it need not depend on the history).
    killers: Vec<[u32; 2]>,
    good: Vec<u32>,
    /// The history-free winning sets of both sides on the closure, when it was computed and
    /// fits [`OutcomeSearch::max_attractor_bytes`]; their answers are replayed under the real
    /// history before they are taken.
    attractors: Option<Attractors>,
    /// Entries that hold for every history agreeing on the positions their proof consulted,
    /// when the closure is complete and small enough (see `depend`).
    depend: Option<Dependencies>,
    /// Per path level, the positions the answer being found there consulted so far (the
    /// words of a position set of `depend` each).
    used: Vec<u64>,
    /// Per symmetry, the symmetry that undoes it (`None` when the list of automorphisms was
    /// cut short before it).
    undo: Vec<Option<usize>>,
    nodes: u64,
    hits: u64,
    /// When the current run must stop (from [`OutcomeSearch::time_limit`]).
    deadline: Option<Instant>,
    /// The longest path of the current run, in positions.
    deepest: usize,
    /// The node count at which the clock is read next (every few thousand nodes; a replay
    /// adds its nodes in one step, so the count may pass a multiple without stopping on it).
    next_clock: u64,
    /// Numbers the depth-limited passes (from 1), so that an undecided mark is only
    /// believed in the pass that made it.
    pass: u32,
    /// Nodes allowed per [`OutcomeSearch::run`].
    pub budget: u64,
    /// Wall time allowed per [`OutcomeSearch::run`] (`None`: no limit).
    pub time_limit: Option<Duration>,
    /// Positions the search may intern with their moves, to bound its memory (see
    /// [`BYTES_PER_POSITION`]); past it the run ends with [`MemoryBound::Positions`].
    pub max_positions: usize,
    /// The table is emptied when it holds more entries than this (it is only a cache).
    pub max_stored_positions: usize,
    /// Positions the reachability closure may enumerate; past it the table keys keep the
    /// whole history (fewer transpositions). The closure runs before the search
    /// and is bounded by this count (a few seconds at the default), not by the time limit.
    pub max_closure_positions: usize,
    /// A counter the search raises to its node count every few thousand nodes (where it
    /// reads the clock), so that another thread can show its progress and rate.
    pub progress: Option<Arc<AtomicU64>>,
    /// Depth limit of the first deepening pass, in plies ([`FIRST_DEPTH`] by default);
    /// `u32::MAX` searches every sequence to its end in one pass.
    pub first_depth: u32,
    /// Bytes the history-free winning sets may take (as the winning sets count them); past it the
    /// search runs without them. Zero turns them off.
    pub max_attractor_bytes: usize,
    /// Nodes one replay of a history-free winning strategy may visit before it gives up
    /// (it then answers nothing, and the search expands the node as usual).
    pub replay_cap: u64,
    /// Bytes the dependency-set entries may take (their position sets); zero turns them off,
    /// and the table then keeps answers under the reachable history alone.
    pub max_depend_bytes: usize,
}

/// A table key: the canonical current position, the side asked to move first, and the
/// earlier positions still reachable from the current one (the sum of the hashes of their
/// canonical images; see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    position: Pos,
    black_first: bool,
    history: u128,
}

/// What is known at a key, in canonical point numbering: for the points in `known`, whether
/// the side moving first gets them (`gets`); and the points the depth limit of deepening
/// pass `open_pass` left undecided there with `open_depth` plies to go (`open_mask`).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    known: u64,
    gets: u64,
    open_pass: u32,
    open_depth: u32,
    open_mask: u64,
}

/// A search's answer for the points asked: those decided (`known`), and of them the ones the
/// side moving first gets (`gets`).
#[derive(Clone, Copy, Debug)]
struct Decided {
    gets: u64,
    known: u64,
}

/// Default bound on the positions the reachability closure enumerates.
pub const DEFAULT_MAX_CLOSURE_POSITIONS: usize = 2_000_000;

/// Bound on the closure's reachable sets, in 64-bit words (64 MB).
const MAX_CLOSURE_WORDS: usize = 8 << 20;

impl OutcomeSearch {
    /// A search on `graph`, with symmetry reduction if `use_symmetry`.
    pub fn new(graph: &Graph, use_symmetry: bool) -> Result<Self, OutcomeError> {
        if graph.len() > MAX_SEARCH_POINTS {
            return Err(OutcomeError::TooManyPoints {
                points: graph.len(),
                limit: MAX_SEARCH_POINTS,
            });
        }
        let mut autos = if use_symmetry {
            automorphisms(graph, 64)
        } else {
            vec![(0..graph.len()).collect()]
        };
        let count = autos.len();
        // Black and White play by the same rules, so a position with the colours swapped and
        // the other side moving first is the same question with 𝓑 and 𝓦 swapped: whether the
        // side moving first gets a point does not change
        let with_colours = use_symmetry && count * 2 <= 64;
        let mut swaps = vec![false; count];
        if with_colours {
            autos.extend_from_within(..);
            swaps.resize(count * 2, true);
        }
        let inverses = autos
            .iter()
            .map(|sigma| {
                let mut inv = vec![0; sigma.len()];
                for (v, &image) in sigma.iter().enumerate() {
                    inv[image] = v;
                }
                inv
            })
            .collect();
        let undo = (0..autos.len())
            .map(|k| {
                (0..autos.len()).find(|&j| {
                    swaps[j] == swaps[k] && (0..autos[k].len()).all(|v| autos[j][autos[k][v]] == v)
                })
            })
            .collect();
        Ok(OutcomeSearch {
            graph: PositionGraph::new(Packed::new(graph)),
            autos,
            swaps,
            inverses,
            automorphisms: count,
            canon: Vec::new(),
            hashes: Vec::new(),
            table: HashMap::new(),
            stored_positions: 0,
            path: Vec::new(),
            on_path: Vec::new(),
            path_sums: Vec::new(),
            segment: Vec::new(),
            killers: Vec::new(),
            good: Vec::new(),
            attractors: None,
            depend: None,
            used: Vec::new(),
            undo,
            nodes: 0,
            hits: 0,
            deadline: None,
            deepest: 0,
            next_clock: 0,
            pass: 0,
            budget: DEFAULT_BUDGET,
            time_limit: None,
            max_positions: DEFAULT_MAX_POSITIONS,
            max_stored_positions: DEFAULT_MAX_STORED_POSITIONS,
            max_closure_positions: DEFAULT_MAX_CLOSURE_POSITIONS,
            progress: None,
            first_depth: FIRST_DEPTH,
            max_attractor_bytes: DEFAULT_MAX_ATTRACTOR_BYTES,
            replay_cap: DEFAULT_REPLAY_CAP,
            max_depend_bytes: DEFAULT_MAX_DEPEND_BYTES,
        })
    }

    /// The plies of the longest sequence the last run searched (moves from the start of the
    /// given sequence included), whether or not it finished.
    pub fn deepest(&self) -> usize {
        self.deepest.saturating_sub(1)
    }

    /// The search's bounds set from one memory figure in megabytes: three quarters for the
    /// interned positions, a quarter for the table's keys, and up to an eighth more each for
    /// the history-free winning sets and the dependency-set entries (both kept only when the
    /// closure is complete, so in practice on graphs whose positions take far less than their
    /// share).
    pub fn set_memory_mb(&mut self, megabytes: u64) {
        let bytes = megabytes.saturating_mul(1 << 20);
        self.max_positions = usize::try_from(bytes / 4 * 3 / BYTES_PER_POSITION)
            .unwrap_or(usize::MAX)
            .max(1);
        // an entry costs 81 bytes in the map (key: position, side and history sum, 48 bytes
        // aligned; value 32; a control byte), the map keeps up to an eighth of its slots
        // free, and while it doubles the old and the new slots are both held: 192 bytes
        self.max_stored_positions = usize::try_from(bytes / 4 / 192).unwrap_or(usize::MAX);
        // the history-free winning sets are computed once per closure, beside the positions,
        // and the dependency-set entries are held beside the table
        self.max_attractor_bytes = usize::try_from(bytes / 8).unwrap_or(usize::MAX);
        self.max_depend_bytes = usize::try_from(bytes / 8).unwrap_or(usize::MAX);
    }

    /// Classes of every point after the regular sequence `r`, on a search thread whose stack
    /// holds [`MAX_DEPTH`] levels (the caller's stack may be much smaller).
    pub fn run(&mut self, r: &RegularSequence) -> Result<OutcomeReport, OutcomeError> {
        std::thread::scope(|scope| {
            let worker = std::thread::Builder::new()
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, || self.run_here(r))
                .map_err(|_| OutcomeError::NoThread)?;
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }

    /// [`OutcomeSearch::run`] on the current thread.
    fn run_here(&mut self, r: &RegularSequence) -> Result<OutcomeReport, OutcomeError> {
        self.nodes = 0;
        self.hits = 0;
        self.deadline = self.time_limit.map(|limit| Instant::now() + limit);
        self.deepest = 0;
        self.next_clock = CLOCK_PERIOD;
        let root = Pos::from_config(r.last());
        // the search stops at ultimate positions, so the closure may too, unless the given
        // sequence already played on past one (see `PositionGraph::close`)
        let played_past_ultimate = r.positions()[..r.positions().len() - 1].iter().any(|c| {
            self.graph
                .packed
                .ultimate_black(Pos::from_config(c))
                .is_some()
        });
        let reusable = self
            .graph
            .find(root)
            .is_some_and(|i| self.graph.is_closed(i))
            && !(played_past_ultimate && self.graph.ultimate_sinks());
        if !reusable {
            // a new root: number positions from it so that it can be closed
            self.graph = PositionGraph::new(self.graph.packed.clone());
            self.canon.clear();
            self.hashes.clear();
            self.killers.clear();
            self.table.clear();
            self.stored_positions = 0;
            self.attractors = None;
            let i = self.graph.intern(root);
            // the closure's positions stay interned: they count against the memory bound
            let closure = self.max_closure_positions.min(self.max_positions / 2);
            let closed = self
                .graph
                .close(i, closure, MAX_CLOSURE_WORDS, !played_past_ultimate);
            if closed
                && Attractors::bytes(self.graph.len(), self.graph.packed.n)
                    <= self.max_attractor_bytes
            {
                self.attractors = Attractors::compute(&mut self.graph);
            }
            self.depend = None;
            if self.attractors.is_some() {
                self.depend = self.dependencies();
            }
        }
        if let Some(depend) = &mut self.depend {
            depend.clear_history();
        }
        let start: Vec<u32> = r
            .positions()
            .iter()
            .map(|c| self.graph.intern(Pos::from_config(c)))
            .collect();
        self.path.clear();
        self.path_sums.clear();
        self.segment.clear();
        self.on_path.clear();
        self.on_path.resize(self.graph.len(), false);
        for i in start {
            self.push(i);
        }
        let all = self.graph.packed.all;
        let black = self.deepen(Color::Black, all)?;
        let white = self.deepen(Color::White, all)?;
        self.report_progress();
        let classes = (0..self.graph.packed.n)
            .map(|v| Outcome::from_options(black >> v & 1 == 1, white >> v & 1 == 1))
            .collect();
        Ok(OutcomeReport {
            classes,
            nodes: self.nodes,
            table_entries: self.table.len(),
            table_hits: self.hits,
            positions: self.graph.len(),
            symmetries: self.automorphisms,
        })
    }

    /// The canonical image of position `i` and the symmetries that give it (cached).
    fn canonical(&mut self, i: u32) -> (Pos, u64) {
        if self.canon.len() <= i as usize {
            self.canon.resize(self.graph.len(), None);
        }
        if let Some(c) = self.canon[i as usize] {
            return c;
        }
        let p = self.graph.position(i);
        let mut best = p;
        let mut which = 1u64;
        for k in 1..self.autos.len() {
            let q = self.image(p, k);
            if q < best {
                best = q;
                which = 1 << k;
            } else if q == best {
                which |= 1 << k;
            }
        }
        self.canon[i as usize] = Some((best, which));
        (best, which)
    }

    /// For the points of `want`: does `side`, moving first from the end of the current path,
    /// get them? Searched with a growing depth limit until every point is decided: a short
    /// line that settles a point is found before the search descends into the sequences
    /// hundreds of plies long that the repetition rule allows.
    fn deepen(&mut self, side: Color, want: u64) -> Result<u64, OutcomeError> {
        let mut depth = self.first_depth.max(1);
        loop {
            self.pass += 1;
            let answer = self.solve(side, want, depth)?;
            if answer.known & want == want {
                return Ok(answer.gets & want);
            }
            depth = depth.saturating_add((depth / 4).max(2));
        }
    }

    /// The image of `p` under symmetry `k`: its points permuted, and its colours swapped if
    /// the symmetry swaps them.
    fn image(&self, p: Pos, k: usize) -> Pos {
        let q = p.permute(&self.autos[k]);
        if self.swaps[k] {
            Pos {
                black: q.white,
                white: q.black,
            }
        } else {
            q
        }
    }

    /// The hash of position `i`'s image under symmetry `k` (cached per position).
    fn hash(&mut self, i: u32, k: usize) -> u128 {
        if self.hashes.len() <= i as usize {
            self.hashes.resize(self.graph.len(), Box::default());
        }
        if self.hashes[i as usize].is_empty() {
            let p = self.graph.position(i);
            self.hashes[i as usize] = (0..self.autos.len())
                .map(|k| position_hash(self.image(p, k)))
                .collect();
        }
        self.hashes[i as usize][k]
    }

    /// Extends the current path by position `i`, keeping the hash sums and the component
    /// runs up to date.
    fn push(&mut self, i: u32) {
        let autos = self.autos.len();
        let level = self.path.len();
        if self.path_sums.is_empty() {
            self.path_sums.resize(autos, 0);
        }
        // the sums before level + 1 are those before level plus the last position's hashes
        if let Some(&last) = self.path.last() {
            for k in 0..autos {
                let before = self.path_sums[(level - 1) * autos + k];
                let sum = before.wrapping_add(self.hash(last, k));
                self.path_sums.push(sum);
            }
        }
        let start = match self.path.last() {
            Some(&last) if self.graph.same_component(last, i) => self.segment[level - 1],
            _ => level,
        };
        self.segment.push(start);
        self.path.push(i);
        if self.on_path.len() <= i as usize {
            self.on_path.resize(self.graph.len(), false);
        }
        self.on_path[i as usize] = true;
        if let Some(depend) = &mut self.depend {
            depend.set_on_path(i, true);
        }
    }

    /// Undoes the last [`OutcomeSearch::push`].
    fn pop(&mut self) {
        if let Some(i) = self.path.pop() {
            self.on_path[i as usize] = false;
            if let Some(depend) = &mut self.depend {
                depend.set_on_path(i, false);
            }
            self.segment.pop();
            let autos = self.autos.len();
            self.path_sums.truncate(self.path.len() * autos);
        }
    }

    /// The table key of the current path with `side` to move first, and the symmetry
    /// that brings the path to it: of the symmetries that bring the current position to
    /// its canonical image, the one giving the smallest side moving first and history sum.
    ///
    /// The history that matters is the earlier positions reachable from the current one.
    /// Every earlier position reaches the current one (it comes before it in the sequence),
    /// so it is reachable back exactly when it lies in the current position's strongly
    /// connected component; and the components along a sequence never come back (a move
    /// leads to the same component or a later one), so those positions are the run of the
    /// path just before the current position, and their sum is a difference of two prefix
    /// sums. Positions outside the closure have no component: all of the history counts.
    fn key(&mut self, side: Color) -> (Key, usize) {
        let current = *self.path.last().expect("non-empty path");
        let (position, which) = self.canonical(current);
        let level = self.path.len() - 1;
        let from = if self.graph.is_closed(current) {
            self.segment[level]
        } else {
            0
        };
        debug_assert!(
            !self.graph.is_closed(current)
                || (0..level)
                    .all(|at| { (at >= from) == self.graph.reaches(current, self.path[at]) }),
            "the reachable history is the run of the current component"
        );
        let autos = self.autos.len();
        let mut best: Option<((bool, u128), usize)> = None;
        let mut rest = which;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let sum =
                self.path_sums[level * autos + k].wrapping_sub(self.path_sums[from * autos + k]);
            let black_first = (side == Color::Black) != self.swaps[k];
            if best.is_none_or(|(b, _)| (black_first, sum) < b) {
                best = Some(((black_first, sum), k));
            }
        }
        let ((black_first, history), k) =
            best.expect("the identity or another symmetry gives the minimum");
        (
            Key {
                position,
                black_first,
                history,
            },
            k,
        )
    }

    /// For the points of `want`: does `side`, moving first from the end of the current path,
    /// get them? (Black gets `v` when some black move leads to a sequence where White, moving
    /// first, does not; see the module table.) Only the bits of `want` are meaningful.
    fn solve(&mut self, side: Color, want: u64, depth: u32) -> Result<Decided, OutcomeError> {
        self.check_limits()?;
        let current = *self.path.last().expect("non-empty path");
        let level = self.path.len() - 1;
        let start_nodes = self.nodes;
        // with dependency sets, the positions this answer consults are gathered at `level`
        let words = self.depend.as_ref().map_or(0, |d| d.words);
        if words != 0 {
            if self.used.len() < (level + 2) * words {
                self.used.resize((level + 2) * words, 0);
            }
            self.used[level * words..(level + 1) * words].fill(0);
        }
        if let Leaf::Ultimate { black } = self.graph.leaf(current) {
            let gets = want
                & match side {
                    Color::Black => black,
                    Color::White => !black,
                };
            return Ok(Decided { gets, known: want });
        }
        let (key, k) = self.key(side);
        let entry = self.table.get(&key).copied().unwrap_or_default();
        // with dependency sets, decided answers come from them alone (the table's answers
        // do not say which positions they consulted); the table keeps the depth marks
        let (entry_known, entry_gets) = if words != 0 {
            (0, 0)
        } else {
            (entry.known, entry.gets)
        };
        let mut known = permute_mask(entry_known, &self.inverses[k]);
        let mut stored_gets = permute_mask(entry_gets, &self.inverses[k]) & known;
        if let (Some(depend), Some(undo)) =
            (self.depend.as_ref().filter(|d| d.usable(k)), self.undo[k])
        {
            let want_canonical = permute_mask(want, &self.autos[k]);
            let used = &mut self.used[level * words..(level + 1) * words];
            let (dep_known, dep_gets) = depend.lookup(
                (key.position, key.black_first),
                k,
                undo,
                want_canonical,
                used,
            );
            known |= permute_mask(dep_known, &self.inverses[k]);
            stored_gets |= permute_mask(dep_gets, &self.inverses[k]);
        }
        let stored = Decided {
            gets: stored_gets & want,
            known: known & want,
        };
        let asked = want & !known;
        if asked == 0 {
            self.hits += 1;
            return Ok(stored);
        }
        // the points whose history-free answer holds under the real history too
        let (replayed_gets, replayed_misses) = self.replay(current, side, asked);
        let asked_open = asked & !(replayed_gets | replayed_misses);
        // left open by the depth limit before, in this pass, with as much depth or more
        let open_before = permute_mask(entry.open_mask, &self.inverses[k]);
        let cut = depth == 0
            || (entry.open_pass == self.pass
                && depth <= entry.open_depth
                && asked_open & !open_before == 0);
        if asked_open == 0 || cut {
            let decided = replayed_gets | replayed_misses;
            if decided != 0 {
                self.store(key, k, entry, decided, replayed_gets, 0, depth);
                self.store_dependent(
                    key,
                    k,
                    level,
                    stored.known | decided,
                    stored.gets | replayed_gets,
                    start_nodes,
                );
            }
            return Ok(Decided {
                gets: stored.gets | replayed_gets,
                known: stored.known | decided,
            });
        }
        let mut open = asked_open;
        let mut found = 0u64;
        // the asked points every child so far gave to the opponent, decided
        let mut refuted = asked_open;
        let mut children = self.graph.children(current, side).to_vec();
        if self.on_path.len() < self.graph.len() {
            self.on_path.resize(self.graph.len(), false);
        }
        if self.killers.len() < self.graph.len() {
            self.killers.resize(self.graph.len(), [NO_KILLER; 2]);
        }
        let killer = self.killers[current as usize][side.index()];
        if let Some(at) = children.iter().position(|&c| c == killer) {
            children[..=at].rotate_right(1);
        }
        if self.good.len() < self.graph.len() {
            self.good.resize(self.graph.len(), 0);
        }
        if children.len() > 1 {
            let good = &self.good;
            match self.attractors.as_ref() {
                // moves after which the opponent surely gets every open point, ignoring the
                // repetition rule, last; then those that got points before; then those that
                // leave the opponent the fewest replies outside the mover's winning set
                Some(att) => {
                    let on_path = &self.on_path;
                    let opponent = side.opponent();
                    children[1..].sort_by_cached_key(|&c| {
                        let hopeless = att.covers(c) && att.sets(c, opponent).0 & open == open;
                        let mobility = att.mobility(c, opponent, open, on_path);
                        (hopeless, std::cmp::Reverse(good[c as usize]), mobility)
                    });
                }
                None => children[1..].sort_by_key(|&c| std::cmp::Reverse(good[c as usize])),
            }
        }
        let opponent = side.opponent();
        for child in children {
            if words != 0 {
                self.used[level * words + child as usize / 64] |= 1 << (child % 64);
            }
            if self.on_path[child as usize] {
                continue; // repetition: not a regular extension
            }
            self.push(child);
            let result = self.solve(opponent, open, depth - 1);
            self.pop();
            let reply = result?;
            if words != 0 {
                let (below, above) = self.used.split_at_mut((level + 1) * words);
                for (u, c) in below[level * words..].iter_mut().zip(&above[..words]) {
                    *u |= c;
                }
            }
            // points the opponent, moving first there, surely does not get
            let won = open & reply.known & !reply.gets;
            if won != 0 {
                self.killers[current as usize][side.index()] = child;
                self.good[child as usize] += 1;
            }
            found |= won;
            refuted &= (reply.known & reply.gets) | !open;
            open &= !won;
            if open == 0 {
                break;
            }
        }
        let found = found | replayed_gets;
        let decided = found | (refuted & !found) | replayed_misses;
        let undecided = asked & !decided;
        self.store(key, k, entry, decided, found, undecided, depth);
        if decided != 0 {
            self.store_dependent(
                key,
                k,
                level,
                stored.known | decided,
                stored.gets | found,
                start_nodes,
            );
        }
        Ok(Decided {
            gets: stored.gets | found,
            known: stored.known | decided,
        })
    }

    /// Records at `key` (reached by symmetry `k`, holding `entry`) the points `decided` with
    /// those of them the side moving first gets (`found`), and the points the depth limit left
    /// `undecided` with `depth` plies to go, all in the path's numbering.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: Key,
        k: usize,
        entry: Entry,
        decided: u64,
        found: u64,
        undecided: u64,
        depth: u32,
    ) {
        let sigma = &self.autos[k];
        let mut update = Entry {
            known: entry.known | permute_mask(decided, sigma),
            gets: entry.gets | permute_mask(found, sigma),
            ..entry
        };
        if undecided != 0 {
            update.open_pass = self.pass;
            update.open_depth = depth;
            update.open_mask = permute_mask(undecided, sigma);
        }
        if entry.known == 0 && entry.open_pass == 0 {
            if self.stored_positions > self.max_stored_positions {
                self.table.clear();
                self.stored_positions = 0;
            }
            self.stored_positions += 1;
        }
        self.table.insert(key, update);
    }

    /// Records, with dependency sets on, the points `known` (and of them `gets`) at the key
    /// `key` reached through symmetry `k`, with the positions gathered at path level `level`,
    /// found in the nodes since `start_nodes`.
    fn store_dependent(
        &mut self,
        key: Key,
        k: usize,
        level: usize,
        known: u64,
        gets: u64,
        start_nodes: u64,
    ) {
        let Some(depend) = self.depend.as_mut() else {
            return;
        };
        if !depend.usable(k) {
            return;
        }
        let words = depend.words;
        let used = &self.used[level * words..(level + 1) * words];
        depend.store(
            (key.position, key.black_first),
            k,
            used,
            permute_mask(known, &self.autos[k]),
            permute_mask(gets & known, &self.autos[k]),
            self.nodes - start_nodes,
        );
    }

    /// The dependency-set tables for the closure just computed, when it is small enough.
    fn dependencies(&mut self) -> Option<Dependencies> {
        let positions = self.graph.len();
        let words = positions.div_ceil(64);
        let symmetries = self.autos.len();
        if self.max_depend_bytes == 0 || positions > MAX_DEPEND_POSITIONS {
            return None;
        }
        // a symmetry serves the entries only if it maps the closure onto itself (always so
        // from an empty board; from other positions often only the identity does)
        let mut images = Vec::with_capacity(positions * symmetries);
        let mut usable = vec![false; symmetries];
        for (k, usable) in usable.iter_mut().enumerate() {
            let start = images.len();
            *usable = self.undo[k].is_some();
            for i in 0..positions as u32 {
                let image = self.image(self.graph.position(i), k);
                match self.graph.find(image).filter(|&j| (j as usize) < positions) {
                    Some(j) => images.push(j),
                    None => {
                        *usable = false;
                        break;
                    }
                }
            }
            if !*usable {
                images.truncate(start);
                images.resize(start + positions, 0);
            }
        }
        let mut depend = Dependencies::new(positions, images, usable);
        depend.max_words = self.max_depend_bytes / 8 / words.max(1) * words;
        Some(depend)
    }

    /// For the points of `asked` at position `i` with `side` moving first: those the side
    /// surely gets and those it surely misses, by the history-free winning sets replayed under
    /// the current history (none when the sets are off or do not cover `i`).
    fn replay(&mut self, i: u32, side: Color, asked: u64) -> (u64, u64) {
        let Some(att) = self.attractors.as_ref() else {
            return (0, 0);
        };
        if !att.covers(i) {
            return (0, 0);
        }
        let (gets, misses) = att.sets(i, side);
        let (try_gets, try_misses) = (asked & gets, asked & misses);
        if try_gets | try_misses == 0 {
            return (0, 0);
        }
        if self.on_path.len() < self.graph.len() {
            self.on_path.resize(self.graph.len(), false);
        }
        // the replay's nodes count against the budget: it may use what is left of it, so
        // that the budget still ends the run on the node that passes it
        let cap = self.replay_cap.min(self.budget.saturating_sub(self.nodes));
        let touched = match self.depend.as_ref() {
            Some(depend) => {
                let level = self.path.len() - 1;
                let words = depend.words;
                Some(&mut self.used[level * words..(level + 1) * words])
            }
            None => None,
        };
        let mut replay = Replay::new(att, &mut self.on_path, cap, touched);
        let held_gets = if try_gets != 0 {
            replay.gets(i, side, try_gets)
        } else {
            0
        };
        let held_misses = if try_misses != 0 {
            replay.misses(i, side, try_misses)
        } else {
            0
        };
        self.nodes += replay.nodes.saturating_sub(1);
        (held_gets, held_misses)
    }
}

impl OutcomeSearch {
    /// Counts a node and ends the run on the first bound it passes: nodes, depth, memory
    /// (every few nodes) and time (every few thousand nodes, where the clock costs nothing).
    #[inline]
    fn check_limits(&mut self) -> Result<(), OutcomeError> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(SearchLimit::Budget { nodes: self.nodes }.into());
        }
        self.deepest = self.deepest.max(self.path.len());
        if self.path.len() > MAX_DEPTH {
            return Err(SearchLimit::Depth {
                plies: self.path.len() - 1,
                limit: MAX_DEPTH,
            }
            .into());
        }
        if self.graph.len() > self.max_positions {
            return Err(SearchLimit::Memory(MemoryBound::Positions {
                positions: self.graph.len(),
                limit: self.max_positions,
                bytes_per_position: BYTES_PER_POSITION,
            })
            .into());
        }
        if self.nodes >= self.next_clock {
            self.next_clock = self.nodes + CLOCK_PERIOD;
            self.report_progress();
            if let (Some(deadline), Some(limit)) = (self.deadline, self.time_limit) {
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
}

impl OutcomeSearch {
    /// Publishes the node count to the progress counter, if any.
    fn report_progress(&self) {
        if let Some(counter) = &self.progress {
            counter.store(self.nodes, Ordering::Relaxed);
        }
    }
}

/// A 128-bit hash of a position (two rounds of a 64-bit mixer over its two masks): summed
/// over a history, it stands for the set of positions in a table key.
fn position_hash(p: Pos) -> u128 {
    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    let a = mix(p.black ^ mix(p.white.wrapping_add(0x9e37_79b9_7f4a_7c15)));
    let b = mix(p.white ^ mix(p.black.wrapping_add(0x6a09_e667_f3bc_c909)) ^ a);
    (u128::from(a) << 64) | u128::from(b)
}

/// Default of [`OutcomeSearch::max_attractor_bytes`]: 256 MB.
pub const DEFAULT_MAX_ATTRACTOR_BYTES: usize = 256 << 20;

/// Nodes between two readings of the clock (and updates of the progress counter).
const CLOCK_PERIOD: u64 = 4096;

/// Default of [`OutcomeSearch::max_depend_bytes`]: 256 MB.
pub const DEFAULT_MAX_DEPEND_BYTES: usize = 256 << 20;

/// Largest closure the dependency sets are kept for: a set takes a bit per position (2 KB at
/// most), a node merges its children's sets word by word, and each path level holds one set
/// while it is found (a regular sequence in the closure is at most as long as the closure:
/// 32 MB at most).
const MAX_DEPEND_POSITIONS: usize = 1 << 14;

/// Default of [`OutcomeSearch::replay_cap`].
pub const DEFAULT_REPLAY_CAP: u64 = 4096;

/// Depth limit of the first deepening pass (plies), the default of
/// [`OutcomeSearch::first_depth`].
pub const FIRST_DEPTH: u32 = 4;

/// No killer move recorded yet.
const NO_KILLER: u32 = u32::MAX;

/// The mask with bit `sigma[v]` set for every bit `v` of `mask`.
fn permute_mask(mask: u64, sigma: &[usize]) -> u64 {
    let mut out = 0;
    let mut rest = mask;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= 1 << sigma[v];
    }
    out
}

/// Classes on an ultimate position straight from the definition (for checks and display):
/// 𝓑 on black stones and `E_B`, 𝓦 on white stones and `E_W`; `None` if not ultimate.
pub fn ultimate_classes(board: &Board<'_>, c: &Config) -> Option<Vec<Outcome>> {
    let (eb, _ew) = board.eyes(c)?;
    Some(
        (0..c.len())
            .map(|v| {
                if c.get(v) == -1 || eb.contains(&v) {
                    Outcome::Black
                } else {
                    Outcome::White
                }
            })
            .collect(),
    )
}

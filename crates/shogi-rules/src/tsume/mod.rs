//! Tsume shogi: a df-pn mate solver with the composers' conventions, and a checker for
//! composed problems.
//!
//! The side to move attacks; every attacker move is a check; the defender's hand is what
//! the position gives (use [`defender_holds_rest`] for problems stated with "the defender
//! holds all remaining pieces", the usual convention). Cycles of checks are the attacker's
//! failure.
//!
//! Modes: [`Mode::Shortest`] gives the exact shortest forced mate counting every defence,
//! interpositions included; [`Mode::Tsume`] follows the composers' conventions (shortest
//! for the attacker, longest for the defender, 無駄合 not counted as ruled in
//! [`conventions`], the defence leaving the attacker no pieces in hand preferred among
//! equals). In tsume mode, a first df-pn proof of at most [`Options::exact_line_plies`]
//! plies goes to the exact conventional search: a minimax under the conventions whose
//! failures are proven by a df-pn *floor* search counting a captured drop interposition as
//! free (a count never above the conventional one), shortened from the first proof's
//! length; within its node budget the length is then exact (the `exact` flag). A longer
//! tsume-mode proof is read back with every length worked out again (the defender's
//! longest resistance), and then, unless [`Options::shorten`] is off, the attacker's
//! detours are taken out along the main line (see `line::refined_line`): ミクロコスモス's
//! first proof reads as 1581 plies, and as its published 1525 after that. That length is an
//! upper bound (a forced line); it is then proven a lower bound too, from the end of the
//! line backwards (and again over what that leaves open, with every bound of the line in
//! the table), by bounded floor searches showing that no position of the line has a
//! shorter conventional mate (see `lower`), and the length is exact when every one of them
//! is settled within the limits (`exact`, as on ミクロコスモス; the checks left open are
//! counted in [`Solution::open_checks`] and placed in [`Solution::open_at`]). The upper
//! bound rests on the line reading's 無駄合 test, which takes the dropped piece with a
//! check and looks the mate up with the piece kept rather than handed back (see
//! [`conventions`]); the short problems sent through this path give the exact search's
//! lengths. In shortest mode, ply-bounded df-pn searches shorten the first proof (unless
//! [`Options::shorten`] is off) and the exact line search, bounded by the shortest proof,
//! picks the longest defence and the line. When a budget runs out the line is read from
//! the df-pn proof tree: a valid mate, possibly longer than the conventional length.
//!
//! [`solve`] answers one problem; a [`Solver`] answers problem after problem with its
//! memory kept between them, and its [`Solver::prove`] gives the first proof alone (mate
//! or not, with a mating first move), what a mate detector needs.

mod checker;
mod composed;
pub mod conventions;
mod dfpn;
mod hands;
mod line;
mod lower;
mod node;
mod shortcut;
mod solver;
mod table;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

use board_core::Side;

use crate::position::Position;
use crate::setup::Setup;
use crate::types::{Hand, Kind, Move, Square};

pub use checker::{CheckReport, SideLine, Verdict, check_problem};
pub use solver::{Proof, Solver};

use composed::Composed;
use conventions::{ReplyClass, classify};
use dfpn::Search;
use node::Node;
use table::Probe;

/// Which length the solver reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Mode {
    /// Composers' conventions (default).
    #[default]
    Tsume,
    /// Exact shortest forced mate, every defence counted.
    Shortest,
}

/// A mode name other than `tsume` or `shortest`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode(pub String);

impl std::fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown mode {:?} (tsume or shortest)", self.0)
    }
}

impl std::error::Error for UnknownMode {}

/// Reads `tsume` or `shortest`.
impl std::str::FromStr for Mode {
    type Err = UnknownMode;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "tsume" => Ok(Mode::Tsume),
            "shortest" => Ok(Mode::Shortest),
            other => Err(UnknownMode(other.to_string())),
        }
    }
}

/// Search limits.
#[derive(Clone, Debug)]
pub struct Options {
    /// Which length the solver reports.
    pub mode: Mode,
    /// Stop after this many search nodes (all phases together; reading back the line of a
    /// proven mate may take a tenth more, see [`solve`]).
    pub node_limit: Option<u64>,
    /// Stop after this much time (checked every 1024 nodes and before every root pass of
    /// each phase; reading back the line of a proven mate may take a tenth more).
    pub time_limit: Option<Duration>,
    /// Cancellation from another thread (a USI `stop`): every phase, the reading of the
    /// line included, gives up once the flag is set, read at the same points as the clock.
    /// What was found by then is reported as on a time limit.
    pub stop: Option<Arc<AtomicBool>>,
    /// Nodes searched so far by every phase together, for a progress display on another
    /// thread: raised by 1024 each time a phase reads the clock, so it lags by less than
    /// that per phase.
    pub progress: Option<Arc<AtomicU64>>,
    /// Transposition-table entries before garbage collection (see
    /// [`table_entries_within`] to size it by memory). The table grows by doubling, in
    /// place, as it fills, so a short problem never allocates much; at its largest it
    /// takes twice this many slots of [`TABLE_SLOT_BYTES`] (rounded up to a power of two)
    /// and then collects garbage in place. A search holds at most two tables of this
    /// size (the exact conventional search adds its floor search's; the checker too).
    /// The default, [`DEFAULT_TABLE_BYTES`] for each table, is 4 M entries (320 MiB).
    pub table_entries: usize,
    /// Longest proof (in plies) for which the exact line search is run.
    pub exact_line_plies: u32,
    /// Node budget of the exact line search when no node limit is given.
    pub exact_line_nodes: u64,
    /// After the first proof, search for shorter mates until none is left (the length is
    /// then proven minimal). In tsume mode, for a proof longer than
    /// [`Options::exact_line_plies`]: take the attacker's detours out of the line read
    /// back (every check of each attacker node of the main line compared), then prove that
    /// no position of the line has a shorter mate (the length is then exact). Off: report
    /// the first proof's line.
    pub shorten: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            mode: Mode::Tsume,
            node_limit: None,
            time_limit: None,
            stop: None,
            progress: None,
            table_entries: table_entries_within(DEFAULT_TABLE_BYTES),
            exact_line_plies: 255,
            exact_line_nodes: 20_000_000,
            shorten: true,
        }
    }
}

/// Memory for one table by default: half of a 1 GiB budget for the two a search may hold.
pub const DEFAULT_TABLE_BYTES: u64 = 512 << 20;

/// Bytes of one table slot.
pub const TABLE_SLOT_BYTES: u64 = table::SLOT_BYTES as u64;

/// Stack to give a thread that runs [`solve`] or [`check_problem`]: the searches recurse one
/// frame per ply up to their ply bound (a few thousand), which needs more than a default
/// spawned thread's 2 MiB without optimisation. Reserved address space, committed only as
/// it is used.
pub const SEARCH_STACK_BYTES: usize = 256 << 20;

/// The largest [`Options::table_entries`] whose table, at its largest, takes at most
/// `bytes`: its slots, twice the entries rounded up to a power of two plus a few spare
/// ones, of [`TABLE_SLOT_BYTES`] each. Never below the table's minimum of 1024 entries.
pub fn table_entries_within(bytes: u64) -> usize {
    let slots = (bytes / TABLE_SLOT_BYTES).saturating_sub(table::PAD as u64);
    let homes = match slots.checked_ilog2() {
        Some(bits) => 1u64 << bits,
        None => 0,
    };
    usize::try_from(homes / 2).unwrap_or(usize::MAX).max(1024)
}

/// Whether the solver found a mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Status {
    /// A forced mate was found.
    Mate,
    /// There is no forced mate (every check fails).
    NoMate,
    /// A limit stopped the search first.
    Unknown,
}

impl Status {
    /// Machine-friendly name: `mate`, `no_mate` or `unknown`.
    pub fn code(self) -> &'static str {
        match self {
            Status::Mate => "mate",
            Status::NoMate => "no_mate",
            Status::Unknown => "unknown",
        }
    }
}

/// A limit that stopped a search phase before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Limit {
    /// [`Options::time_limit`] ran out.
    Time,
    /// [`Options::node_limit`] or a phase's own node budget ([`Options::exact_line_nodes`])
    /// ran out.
    Nodes,
    /// [`Options::stop`] was raised.
    Cancelled,
}

impl Limit {
    /// Machine-friendly name: `time`, `nodes` or `cancelled`.
    pub fn code(self) -> &'static str {
        match self {
            Limit::Time => "time",
            Limit::Nodes => "nodes",
            Limit::Cancelled => "cancelled",
        }
    }
}

/// What the solver found. Serialized with the line in USI.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Solution {
    /// Whether a mate was found.
    pub status: Status,
    /// The main line (attacker first).
    pub pv: Vec<Move>,
    /// The length under the mode: counted plies for [`Mode::Tsume`] (useless
    /// interpositions left out of the line), the line length for [`Mode::Shortest`].
    pub plies: u32,
    /// Length of the first proof found, before shortening.
    pub first_proof_plies: u32,
    /// Nodes searched up to the first proof (mate decided).
    pub first_proof_nodes: u64,
    /// The length is proven minimal under the mode (all searches finished).
    pub exact: bool,
    /// The line shows the defender's longest resistance against the attacker's moves in
    /// it. False only for a line read from a df-pn proof too large to be worked out again
    /// within the budget: a mate, whose defences follow the proof's stored lengths and may
    /// be shorter than the defender's best.
    pub forced: bool,
    /// Search nodes, all phases.
    pub nodes: u64,
    /// The limit that stopped a phase (the first proof, the exact or shortening search,
    /// the reading of the line), if one did: the answer is then partial (`unknown`, or a
    /// mate not proven minimal or not read as forced). `None`: every phase finished.
    pub limit: Option<Limit>,
    /// Entries the main search's table threw away in garbage collection (see
    /// [`Options::table_entries`]): each is searched again when it is needed, so a
    /// count that is large next to `nodes` says the table is too small for the problem.
    pub table_dropped: u64,
    /// Checks at the attacker nodes of the line (tsume mode, a proof longer than
    /// [`Options::exact_line_plies`], [`Options::shorten`] on) through which a shorter
    /// mate is not ruled out: after the lower-bound phase, the checks it could not refute
    /// at the line's length within their position's share of nodes (with the captures of
    /// the line's drop interpositions it could not show to leave the length as long, and
    /// every check of the positions its own budget left unexamined); when the detour
    /// sweep before it did not finish, the checks the sweep could neither prove nor
    /// refute. Such checks do not make the answer partial (the line is a forced mate;
    /// `exact` is false); the sweep stopped by its whole budget, or either phase stopped
    /// by the caller's limits, sets `limit`. 0 when the length is proven minimal or
    /// neither phase ran.
    pub open_checks: u32,
    /// Where the open checks are ([`Solution::open_checks`] > 0 after the lower-bound
    /// phase): the positions of the line, ascending, as indices into `pv` (i: the position
    /// before `pv[i]`): an attacker node with checks not refuted (or not examined), or a
    /// defender node whose drop interposition was not shown to count and whose own bound
    /// was not shown through another reply. Empty when nothing is open or when the open
    /// checks are the detour sweep's.
    pub open_at: Vec<u32>,
}

/// Why a position cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TsumeError {
    /// The side not to move (the defender) has no king.
    NoDefenderKing,
}

impl std::fmt::Display for TsumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TsumeError::NoDefenderKing => {
                f.write_str("the defender (side not to move) has no king")
            }
        }
    }
}

impl std::error::Error for TsumeError {}

/// The setup with the defender's hand replaced by every piece that is neither on the board
/// nor in the attacker's hand (the tsume convention "玉方残り駒全部").
pub fn defender_holds_rest(setup: &Setup) -> Setup {
    let mut s = setup.clone();
    let attacker = s.side_to_move;
    let mut used = [0u32; 7];
    for p in s.board.iter().flatten() {
        let k = p.kind.unpromoted();
        if k != Kind::King {
            used[k.index()] += 1;
        }
    }
    let mut rest = Hand::default();
    for k in Kind::HAND {
        let held = u32::from(s.hands[attacker].count(k));
        let total = u32::from(k.full_set_count());
        rest.0[k.index()] = total.saturating_sub(used[k.index()] + held) as u8;
    }
    s.hands[!attacker] = rest;
    s
}

fn limits_for(search: &mut Search, opts: &Options, start: Instant) {
    search.node_limit = opts.node_limit.unwrap_or(u64::MAX);
    search.deadline = opts.time_limit.map(|t| start + t);
    search.stop.clone_from(&opts.stop);
    search.progress.clone_from(&opts.progress);
}

/// Budget for reading the line of a proven mate out of the table once the limits are
/// spent: a tenth of each limit more (at least 0.2 s or 100 000 nodes), since the table
/// usually holds the whole proof and only subtrees dropped by garbage collection must be
/// proven again. Without any limit, as many nodes again as the search took.
fn line_budget(search: &mut Search, opts: &Options, start: Instant) {
    search.deadline = opts
        .time_limit
        .map(|t| start + t + (t / 10).max(Duration::from_millis(200)));
    search.node_limit = match (opts.node_limit, opts.time_limit) {
        (Some(n), _) => n.saturating_add((n / 10).max(100_000)),
        (None, Some(_)) => u64::MAX,
        (None, None) => search.nodes.saturating_add(search.nodes.max(2_000_000)),
    };
}

/// Solves the position: the side to move attacks. The same as a new [`Solver`]'s
/// [`Solver::solve`].
///
/// Every phase (first proof, exact conventional line, shortening, reading the line,
/// proving a long line's length minimal) stops at the time and node limits. When a limit stops a phase after a mate was proven, the
/// best line found so far is reported with `exact` false: a mate, maybe not the shortest.
/// When not even that line can be read back within its budget (a tenth of the limits), the status is
/// [`Status::Unknown`].
///
/// Stack: the searches recurse one frame per ply, bounded by a ply limit of 4000 (past it
/// a line counts as failed), which with reading the line back makes a few MiB at most in a
/// release build (about 370 bytes per df-pn ply measured) and more without optimisation:
/// run long problems on a thread with [`SEARCH_STACK_BYTES`] of stack, not on a default
/// 2 MiB spawned thread.
pub fn solve(pos: &Position, opts: &Options) -> Result<Solution, TsumeError> {
    Solver::new(opts.clone()).solve(pos)
}

/// Which limit stopped a phase, read once the search is over: the cancellation flag if
/// raised, the clock if past the time limit, else a node budget.
fn limit_reached(opts: &Options, start: Instant) -> Limit {
    if dfpn::cancelled(&opts.stop) {
        Limit::Cancelled
    } else if opts.time_limit.is_some_and(|t| start.elapsed() >= t) {
        Limit::Time
    } else {
        Limit::Nodes
    }
}

/// The phases of [`solve`] after the first proof (`first`, the root's result, see
/// [`Solver::prove`]); `sol.limit` is `Some` (of any kind) when a limit stopped one of
/// them.
fn solve_phases(
    search: &mut Search,
    opts: &Options,
    start: Instant,
    mut sol: Solution,
    first: Probe,
) -> Solution {
    let cut = Some(Limit::Nodes);
    let mut len = match first {
        Probe::Proven { len, .. } => len,
        Probe::Disproven { .. } => {
            sol.status = Status::NoMate;
            sol.exact = true;
            sol.nodes = search.nodes;
            return sol;
        }
        Probe::Open { .. } => {
            sol.nodes = search.nodes;
            sol.limit = cut;
            return sol;
        }
    };
    sol.first_proof_plies = len;
    sol.first_proof_nodes = search.nodes;
    // Nodes of the exact line searches (counted against the node limit with df-pn's).
    let mut extra = 0;
    // Tsume-mode proofs go straight to the exact conventional search: its floor search
    // shortens from the first proof's length by itself.
    let mut exact_tried = false;
    if opts.mode == Mode::Tsume && len <= opts.exact_line_plies {
        exact_tried = true;
        match exact_line(search, opts, start, len, false) {
            Ok((pv, plies, n)) => {
                sol.status = Status::Mate;
                sol.pv = pv;
                sol.plies = plies;
                sol.exact = true;
                sol.nodes = search.nodes + n;
                return sol;
            }
            Err(n) => {
                extra += n;
                sol.limit = cut;
            }
        }
    }
    // Shorten: prove mates within ever fewer plies until none exists. For longer proofs
    // this runs before the exact line search: it is cheap next to that search, and when a
    // limit stops that search the line read back from the table is then the shortest
    // proven one.
    search.node_limit = search.node_limit.saturating_sub(extra);
    // A tsume-mode proof too long for the exact search is shortened along its main line
    // once read (see [`line::refined_line`]): from the root, a ply-bounded search of a
    // proof over a thousand plies long would not end within any useful time.
    let refine = opts.shorten && !exact_tried && opts.mode == Mode::Tsume;
    let mut shortest = opts.shorten && !refine;
    while shortest && len >= 3 {
        match search.solve(len - 2) {
            Probe::Proven { len: l, .. } => len = l,
            Probe::Disproven { .. } => break,
            Probe::Open { .. } => {
                shortest = false;
                sol.limit = cut;
                break;
            }
        }
    }
    // The exact line search, bounded by the shortest proof (the conventional length
    // never exceeds a mate that counts every defence). Its iterative deepening finds the
    // shortest line by itself: in tsume mode the length is then exact.
    if len <= opts.exact_line_plies && !exact_tried {
        let count_all = opts.mode == Mode::Shortest;
        match exact_line(search, opts, start, len, count_all) {
            Ok((pv, plies, n)) => {
                sol.status = Status::Mate;
                sol.pv = pv;
                sol.plies = plies;
                sol.exact = !count_all || shortest;
                sol.nodes = search.nodes + extra + n;
                return sol;
            }
            Err(n) => {
                extra += n;
                sol.limit = cut;
            }
        }
    }
    // The line is read from a proof that exists (a stopped shortening still leaves the
    // proof of `len` plies in the table): the walk gets its own budget so that children
    // dropped from the table can be proven again.
    line_budget(search, opts, start);
    search.node_limit = search.node_limit.saturating_sub(extra);
    let tsume = opts.mode == Mode::Tsume;
    // The full reading works the whole proof tree out again; on a very long problem that
    // can take as long as the search, so it gets a share of the budget, and the quick
    // reading the rest.
    let budget = search.node_limit;
    search.node_limit = budget.min(
        search
            .nodes
            .saturating_add(FULL_READING_NODES.max(search.nodes / 20)),
    );
    // The lengths along a refined line whose sweep finished, for the lower-bound phase.
    let mut lens = None;
    let full = if refine {
        // The first reading on its share of the budget, the sweeps on the rest.
        line::refined_line(search, tsume, budget).map(|r| {
            if r.complete {
                lens = Some(r.lens);
            } else {
                sol.limit = cut;
            }
            sol.open_checks = r.undecided;
            r.line
        })
    } else {
        line::proof_line(search, tsume)
    };
    search.node_limit = budget;
    sol.forced = full.is_some();
    if !sol.forced {
        sol.limit = cut;
    }
    // The refined line's length is proven minimal when no position of it has a shorter
    // mate (see [`lower`]), within the limits as given (not the line's extra tenth).
    let mut proven_minimal = false;
    if let (Some(line), Some(lens)) = (&full, lens) {
        search.deadline = opts.time_limit.map(|t| start + t);
        let phase_budget = match opts.node_limit {
            Some(n) => n.saturating_sub(extra),
            None => search.nodes.saturating_add(
                search
                    .nodes
                    .saturating_mul(LOWER_SHARE)
                    .max(lower::LOWER_NODES),
            ),
        };
        let lower = lower::lower_bound(search, line, &lens, phase_budget);
        sol.open_checks = lower.open;
        sol.open_at = lower.open_at;
        proven_minimal = lower.complete && lower.open == 0;
        // The phase's own budget running out leaves its positions not examined counted
        // open, as the detour sweep's shares do; only the caller's limits make the answer
        // partial.
        let stopped_by_caller = opts.node_limit.is_some()
            || dfpn::cancelled(&opts.stop)
            || opts.time_limit.is_some_and(|t| start.elapsed() >= t);
        if !lower.complete && stopped_by_caller {
            sol.limit = cut;
        }
    }
    let pv = full.unwrap_or_else(|| line::greedy_line(search, len, tsume));
    sol.nodes = search.nodes + extra;
    // The full reading ends its line where the defender has no reply left to count (none,
    // or only interpositions shown useless), so only the quick reading's line is checked.
    debug_assert!(!sol.forced || mates(&search.node, &pv, tsume));
    if !sol.forced && !mates(&search.node, &pv, tsume) {
        sol.limit = cut;
        return sol;
    }
    sol.status = Status::Mate;
    sol.plies = pv.len() as u32;
    sol.exact = (shortest && opts.mode == Mode::Shortest && sol.plies == len) || proven_minimal;
    sol.pv = pv;
    sol
}

/// Without a node limit, the lower-bound phase of a long line may take this many times
/// the nodes of the phases before it, and at least one position's share (on 図巧100番「寿」
/// it took twice as many, on ミクロコスモス about 5 times). Positions it leaves have
/// their checks counted open ([`Solution::open_checks`]), without setting
/// [`Solution::limit`].
const LOWER_SHARE: u64 = 8;

/// Least node budget of the full reading of a proof's line.
const FULL_READING_NODES: u64 = 2_000_000;

/// Whether `line`, played from `node`, is a sequence ending in mate by the attacker (the
/// quick reading stops early when a proof it needs could not be found again); in tsume mode
/// an end where every reply is an interposition left out as useless counts too.
fn mates(node: &Node, line: &[Move], tsume: bool) -> bool {
    let mut n = node.clone();
    for &mv in line {
        n.play(mv);
    }
    !line.is_empty()
        && !n.attacker_to_move()
        && n.replies()
            .iter()
            .all(|&m| tsume && classify(&n, m) == ReplyClass::MaybeUseless)
}

/// The main line, its counted length and the nodes searched; `Err`: the nodes spent
/// without an answer.
type ExactLine = Result<(Vec<Move>, u32, u64), u64>;

/// The exact line search within `bound` plies (see [`composed`]): the main line, its
/// counted length and the nodes it took, or (`Err`) the nodes spent when it ran out of
/// budget or time.
///
/// Plain enumeration runs first on a small budget: it settles most short problems at once,
/// while the floor search has a cost of its own (its free pairs let a line run on through
/// interposition after interposition). Then the search guided by the floor gets the rest.
fn exact_line(
    search: &Search,
    opts: &Options,
    start: Instant,
    bound: u32,
    count_all: bool,
) -> ExactLine {
    let budget = opts.node_limit.map_or(opts.exact_line_nodes, |n| {
        n.saturating_sub(search.nodes).min(opts.exact_line_nodes)
    });
    let deadline = opts.time_limit.map(|t| start + t);
    let plain_budget = budget.min(PLAIN_EXACT_NODES);
    let mut plain = Composed::new(
        search.node.clone(),
        Some(&search.table),
        plain_budget,
        count_all,
    );
    plain.deadline = deadline;
    plain.stop.clone_from(&opts.stop);
    plain.progress.clone_from(&opts.progress);
    if let Some(found) = exact_run(&mut plain, bound) {
        return found;
    }
    let spent = plain.nodes;
    let Some(rest) = budget.checked_sub(spent).filter(|&r| r > 0) else {
        return Err(spent);
    };
    let mut floor = Search::new(search.node.clone(), opts.table_entries);
    let mut guided = Composed::new(search.node.clone(), Some(&search.table), rest, count_all)
        .with_floor(&mut floor);
    guided.deadline = deadline;
    guided.stop.clone_from(&opts.stop);
    guided.progress.clone_from(&opts.progress);
    match exact_run(&mut guided, bound) {
        Some(Ok((pv, plies, n))) => Ok((pv, plies, n + spent)),
        Some(Err(n)) => Err(n + spent),
        None => Err(guided.nodes + spent),
    }
}

/// Node budget of the plain exact search tried before the guided one.
const PLAIN_EXACT_NODES: u64 = 200_000;

/// One exact search from the root: `None` when it stopped on its budget or deadline.
fn exact_run(composed: &mut Composed, bound: u32) -> Option<ExactLine> {
    if composed.node_limit == 0 {
        return None;
    }
    let v = composed.attack(bound);
    if composed.aborted {
        return None;
    }
    Some(match v {
        Some(v) => Ok((composed.line(bound), v.counted, composed.nodes)),
        None => Err(composed.nodes),
    })
}

/// USI text of each move of a line.
pub fn usi_line(pv: &[Move]) -> Vec<String> {
    pv.iter().map(|m| crate::usi::format_move(*m)).collect()
}

/// The line in KI2 (JSA) notation with ▲/△ marks, moves separated by spaces.
pub fn ki2_line(start: &Position, pv: &[Move]) -> String {
    let mut pos = start.clone();
    let mut prev: Option<Square> = None;
    let mut out = Vec::with_capacity(pv.len());
    for &mv in pv {
        let mark = match pos.side_to_move() {
            Side::First => "▲",
            Side::Second => "△",
        };
        out.push(format!(
            "{mark}{}",
            crate::jsa::write_move(&pos, mv, prev, true)
        ));
        prev = Some(mv.to());
        pos.play_unchecked(mv);
    }
    out.join(" ")
}

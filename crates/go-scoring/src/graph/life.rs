//! Life, death and seki of the stones Benson's test leaves open, decided by search.
//!
//! Benson's test settles pass-alive chains, their territory and the stones inside it. Every
//! other point lies in an *open region* (a connected set of unsettled points). A region small
//! enough is cut out as a graph of its own: its points and the pass-alive stones next to it,
//! the bordering stones of one chain joined to each other and one of them given two private
//! one-point eyes, so the chain stays connected and uncapturable as on the full board.
//!
//! On that graph each string of the region is asked the question behind the outcome classes
//! of graph Go (seed 003: 𝓑/𝓦 settled, 𝓝 the next player decides, 𝓟 whoever moves loses):
//! *does the string survive (is it never captured) with its own side moving first, and with
//! the opponent moving first?* A string taken off the board counts as dead even if its side
//! later takes the point back: a sacrificed stone is a dead stone. Play alternates, passes
//! are allowed, two passes end, suicide is illegal, and a move may not recreate a position of
//! the current line (positional superko), except that retaking a ko at once (recreating the
//! position before the opponent's last move) has the value "ko": the fight then hangs on ko
//! threats found elsewhere, which only counts when nothing better is available.
//!
//! Each question is a boolean game searched depth-first with a transposition table. Benson's
//! test on the cut-out graph ends a line early when the string has become pass-alive or lies
//! in the opponent's pass-alive territory. Moves next to the string and to short-of-liberty
//! strings are tried first and self-ataris last; a side never fills a one-point eye of its
//! own string (the usual eye-filling rule of life-and-death search).
//!
//! | survives, opponent first | survives, own side first | status |
//! |---|---|---|
//! | yes | yes | alive (seki when a shared liberty can be filled by neither side) |
//! | no  | no  | dead |
//! | no  | yes | undecided: whoever moves first decides (𝓝) |
//! | yes | no  | alive (moving first there only loses, 𝓟) |
//!
//! A ko value anywhere in the answer, a region above the size limit or a search that runs
//! out of its node budget leaves the string undecided, with that reason: nothing is guessed.
//!
//! An open region too large to search whole (typical of finished games: territories with
//! points away from their walls are not pass-alive) is split into local problems, in order:
//! 1. *enclosed stones*: opposing stones in an area bordered only by one colour, when they
//!    are a minority of it (less than a third) and at least half of its empty points can be
//!    reached from the enclosing stones without crossing them (a living group's territory
//!    lies behind its own stones), are searched there, smallest problem first, with the
//!    enclosing chains given two eyes (the enclosing colour's stones standing inside the area
//!    are searched with it); an area too large is cut to the points within three (then two)
//!    steps of the stones, the rest filled with the enclosing colour. Stones holding more
//!    than half of their area (a group with no eye space beside the wall) are searched there
//!    too when the whole area fits and every enclosing chain has at least as many liberties
//!    outside it as the area has empty points (the wall wins a capturing race with them);
//! 2. *eye space*: with those verdicts, a chain whose group (chains sharing enclosed areas of
//!    empty points and dead stones) borders two such areas, or one on which its chains live
//!    by themselves (searched, or of eight points or more), is alive (a one-point gap
//!    between chains whose diagonals the opponent holds, a possible false eye, counts as an
//!    area, but only a strong contradiction of the estimate overrules a group it makes firm);
//! 3. *boundary fights*: strings still open are searched on the points within three (then
//!    two, one) steps of them, with the living stones around given two eyes; strings a cut
//!    leaves unread (budget spent) are read again on the next smaller one, with the strings
//!    that cut decided kept in play rather than made walls; so are living strings short of
//!    liberties that share one with an open string (a seki partner made an uncapturable
//!    wall would let the open string's opponent fill the shared liberty and kill it);
//! 4. *one string at a time*: a string still open when every cut of its fight is too large
//!    (a crowded open area, typical of low-level games ended with boundaries open) is
//!    searched on a cut of two or three steps around it alone ([`LocalRule::Alone`]), each
//!    string in play keeping up to three of its liberties outside the cut; the open strings
//!    beside the cut are left out, so the estimate overrules such a verdict when it decides.
//!
//! 5. *groups*: a string still open after every step (the estimate included: see
//!    [`decide_life`]) is read as a group on the whole board (`owl`: a restricted move
//!    generator and a static judgement of eyes at each node), both with the opponent and with
//!    its side moving first, the verdicts on the stones around it taken as settled
//!    ([`LocalRule::Owl`]).
//!
//! Each such verdict carries [`Basis::Local`]: it assumes the stones taken as walls live and
//! stay connected, so it is never reported as proved.
//!
//! Table values are stored without the line that led to them, so a value proved under one
//! line is reused under another (the usual graph-history approximation: a superko ban or a
//! ko met on one line is assumed on every line reaching the same position).

use hashbrown::{HashMap, HashSet};

mod dragon;
mod eyes;
mod fallen_walls;
mod frontier;
mod one_string;
mod owl;
mod tactics;

use super::packed::{Packed, Pos};
use crate::benson::{self, AutoDead};
use crate::color::{Color, Stone};
use crate::position::Position;
use crate::topology::{NeighboursOf, Point};
use board_geometry::Point as GeoPoint;

/// Default node budget of one search (two per string, and the seki test).
pub const DEFAULT_LIFE_BUDGET: u64 = 400_000;
/// The whole position gets this many times the budget of one search; strings met after it
/// is spent stay undecided (over budget), so a board full of hard regions still answers in
/// bounded time.
pub const TOTAL_BUDGET_FACTOR: u64 = 8;
/// The whole position's budget is also at most this many nodes per open point (a point
/// Benson's test leaves unsettled): a small board gets a small budget, so that a random
/// position full of unsettled fights answers as quickly as its size promises.
pub const NODES_PER_OPEN_POINT: u64 = 3_000;
/// Default size limit of a region's graph (region, bordering stones and the added eyes).
pub const DEFAULT_MAX_REGION_POINTS: usize = 40;
/// The search packs a region's graph into 64-bit masks.
pub const MAX_GRAPH_POINTS: usize = 64;
/// A line of play longer than this many moves per point of the region (plus
/// [`LINE_SLACK`]) is left unread (it proves nothing for either side; when the answer hangs
/// on such a line the string stays undecided, as over budget): positional superko alone bounds
/// a line only by the number of positions, and a depth-first search down such a line would
/// exhaust the stack long before the node budget (a 14-point row took 27,500 nested calls).
/// Life-and-death lines that matter play each point a few times at most.
pub const LINE_MOVES_PER_POINT: usize = 2;
/// Moves allowed beyond [`LINE_MOVES_PER_POINT`] per point (captures free points again).
pub const LINE_SLACK: usize = 8;

/// Why a string's status is not decided.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UndecidedReason {
    /// The string lives if its side moves first there and dies otherwise (class 𝓝).
    FirstMoverDecides,
    /// The answer hangs on a ko (a line that repeats a position).
    Ko,
    /// A search ran out of its node budget.
    OverBudget {
        /// Nodes searched.
        nodes: u64,
    },
    /// The region's graph has more points than the limit (or than the search packs).
    TooLarge {
        /// Points of the region.
        points: usize,
        /// The most the search takes.
        limit: usize,
    },
}

impl std::fmt::Display for UndecidedReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UndecidedReason::FirstMoverDecides => {
                f.write_str("whoever moves first there decides (unsettled fight)")
            }
            UndecidedReason::Ko => f.write_str("the fight hangs on a ko"),
            UndecidedReason::OverBudget { nodes } => {
                write!(f, "search budget ran out after {nodes} nodes")
            }
            UndecidedReason::TooLarge { points, limit } => write!(
                f,
                "open region too large to search ({points} graph points, limit {limit})"
            ),
        }
    }
}

/// The status of one string of an open region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Stays on the board whoever moves first.
    Alive,
    /// Alive, and a liberty it shares with a living opposing string can be filled by neither
    /// side without losing the filler's string: mutual life.
    Seki,
    /// Captured whoever moves first.
    Dead,
    /// No verdict, and why.
    Undecided(UndecidedReason),
}

/// The verdict on one string: its stones (board points, ascending), colour and status, with
/// the two answers and the nodes the searches took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StringVerdict {
    /// The stones of the string.
    pub stones: Vec<Point>,
    /// Their colour.
    pub color: Color,
    /// What the search found.
    pub status: Status,
    /// Survives with the opponent moving first (`None`: not decided).
    pub survives_opponent_first: Option<bool>,
    /// Survives with its own side moving first.
    pub survives_own_first: Option<bool>,
    /// Search nodes spent on the region.
    pub nodes: u64,
    /// Whether the verdict is proved or rests on taking the stones around as alive.
    pub basis: Basis,
}

impl StringVerdict {
    /// Whether a search read the string out with either side moving first and found the
    /// same answer both times (alive whoever moves first, or dead whoever moves first). The
    /// playout estimate never overrules such a verdict: random play misses the throw-ins and
    /// nakade that reading sees (a straight three with its vital point taken lives in every
    /// playout, since the killing move is a two-stone self-atari the playouts never make).
    pub fn read_either_way(&self) -> bool {
        matches!(
            (self.survives_opponent_first, self.survives_own_first),
            (Some(true), Some(true)) | (Some(false), Some(false))
        )
    }
}

/// How a verdict was reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Benson's test or a search of the whole open region: nothing assumed.
    Proved,
    /// Decided on a part cut out of an open region too large to search whole, taking the
    /// stones around that part as alive (see [`LocalRule`]).
    Local(LocalRule),
    /// Reading left the string undecided; Monte Carlo ownership (see [`crate::playout`])
    /// decided it. A last resort, never a proof.
    Estimated(Estimate),
}

/// The Monte Carlo estimate behind a verdict reading could not reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Playouts in which the string's points ended owned by its colour.
    pub survived: u32,
    /// Playouts run.
    pub playouts: u32,
    /// What reading had said.
    pub reading: Reading,
}

/// What reading said of a string whose verdict is an estimate.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reading {
    /// Reading left it undecided, for this reason.
    Undecided(UndecidedReason),
    /// A local rule that does not read the fight out (eye space counted, a part searched
    /// with the stones around assumed alive) gave the other verdict, and at least
    /// [`OVERRULE_SHARE`] of the playouts contradicted it.
    Overruled(LocalRule),
}

impl std::fmt::Display for Estimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "estimated: its points stayed its own in {} of {} random playouts ",
            self.survived, self.playouts
        )?;
        match &self.reading {
            Reading::Undecided(reason) => write!(f, "(reading: {reason})"),
            Reading::Overruled(rule) => write!(f, "(overruling the local reading: {rule})"),
        }
    }
}

/// The local rule behind a verdict that is not proved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LocalRule {
    /// A string left in atari at the end of play, which the opponent takes without a
    /// snapback (a one-stone ko counts as taken: the ko rule forbids the retake).
    InAtari,
    /// Stones inside an area enclosed by the other colour, searched with the enclosing
    /// stones given two eyes. `distance`: only the area's points within that many steps of
    /// the enclosed stones were kept (`None`: the whole area).
    Enclosed {
        /// How far from the stones the area was kept.
        distance: Option<usize>,
    },
    /// A chain whose unit (chains sharing enclosed areas) borders areas worth two eyes:
    /// two areas free of living opposing stones, or one on which a search shows the
    /// enclosing chains live by themselves (joined), or one too large to search.
    EyeSpace {
        /// Areas worth an eye.
        areas: usize,
        /// How many of them are one-point gaps between chains with their diagonals held
        /// by the opponent (false eyes, which do not make a group firm against the
        /// estimate: see [`FIRM_EYE_AREAS`]).
        false_eyes: usize,
        /// Whether one is too large to search.
        large: bool,
    },
    /// A fight between strings no other rule decided, searched on the points within
    /// `distance` steps of them, with the decided living stones around given two eyes.
    Boundary {
        /// How far from the strings points were kept.
        distance: usize,
    },
    /// A string of a crowded open area, searched on the points within `distance` steps of
    /// it alone, the open strings met there in play (keeping a few liberties outside the
    /// cut) and the decided living stones around given two eyes. The open strings beside the
    /// cut are left out, so the whole-board estimate overrules it whenever the estimate
    /// decides.
    Alone {
        /// How far from the string points were kept.
        distance: usize,
    },
    /// A string reading left open, read as a group on the full board with a restricted move
    /// generator and a static judgement of eyes at each node (see `owl`): the opponent
    /// moving first kills it (captures it, or leaves it no two eyes and no way to a living
    /// group or to open room).
    Owl {
        /// Whether it lives when its own side moves first (or that side was not read out):
        /// dead only because the rules judge the end of the game that way (the Japanese
        /// Rules of 1989, article 7-1: stones the opponent can capture are dead).
        unsettled: bool,
    },
}

impl std::fmt::Display for LocalRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LocalRule::InAtari => f.write_str(
                "left in atari at the end of play: the opponent takes it (no snapback)",
            ),
            LocalRule::Enclosed { distance: None } => f.write_str(
                "searched inside the area enclosed by the other colour, assuming the enclosing stones live",
            ),
            LocalRule::Enclosed { distance: Some(d) } => write!(
                f,
                "searched on the enclosed area's points within {d} of the stones, assuming the enclosing stones live and the rest of the area stays theirs"
            ),
            LocalRule::EyeSpace {
                areas,
                false_eyes: 0,
                large: false,
            } => write!(
                f,
                "its group borders {areas} enclosed area(s) worth two eyes, assuming its chains stay connected"
            ),
            LocalRule::EyeSpace {
                areas,
                false_eyes,
                large: false,
            } => write!(
                f,
                "its group borders {areas} enclosed area(s) worth two eyes, {false_eyes} of them perhaps false, assuming its chains stay connected"
            ),
            LocalRule::EyeSpace {
                areas, large: true, ..
            } => write!(
                f,
                "its group borders {areas} enclosed area(s), one too large to search and taken as two eyes"
            ),
            LocalRule::Boundary { distance } => write!(
                f,
                "fight searched on the points within {distance} of it, assuming the stones around live"
            ),
            LocalRule::Alone { distance } => write!(
                f,
                "searched alone on the points within {distance} of it, assuming the stones around live"
            ),
            LocalRule::Owl { unsettled: false } => f.write_str(
                "read as a group: it makes no two eyes and reaches no living group whoever moves first",
            ),
            LocalRule::Owl { unsettled: true } => f.write_str(
                "read as a group: unsettled, the opponent moving first kills it; dead at the end of the game by J1989 7-1 (stones the opponent can capture are dead)",
            ),
        }
    }
}

impl LocalRule {
    /// True for the rules that count eye space or read a cut-out part with the stones
    /// around assumed alive, rather than reading the enclosed stones out: a strong
    /// contradiction by the whole-board estimate overrules them.
    pub fn is_heuristic(&self) -> bool {
        matches!(
            self,
            LocalRule::EyeSpace { .. } | LocalRule::Boundary { .. } | LocalRule::Alone { .. }
        )
    }

    /// True for a reading the estimate overrules whenever it decides (see
    /// [`LocalRule::Alone`]), rather than only when [`OVERRULE_SHARE`] of the playouts
    /// contradict it.
    pub fn yields_to_estimate(&self) -> bool {
        matches!(self, LocalRule::Alone { .. })
    }
}

impl LocalRule {
    /// True for a cut-out fight kept at [`MIN_READ_DISTANCE`] steps or more around its
    /// strings: a verdict read there with either side first stands against the estimate. A
    /// cut of one step keeps little more than the strings' liberties, too little to read a
    /// fight (on the real-game benchmark such verdicts kept dead groups alive).
    pub fn reads_a_fight(&self) -> bool {
        matches!(self, LocalRule::Boundary { distance } if *distance >= MIN_READ_DISTANCE)
    }
}

/// A group bordering this many enclosed areas or more keeps its eye-space verdict against
/// the estimate: random play cuts such groups apart far more often than real play does (on
/// the real-game benchmark, the estimate killed two living groups of three and five areas,
/// and kept one dead group of four one-point areas between its chains alive only this way).
pub const FIRM_EYE_AREAS: usize = 3;

/// The smallest cut (steps around the strings) whose reading the estimate may not overrule
/// (see [`LocalRule::reads_a_fight`]).
pub const MIN_READ_DISTANCE: usize = 2;

impl Basis {
    /// True for a verdict that rests on an assumption (local reading or an estimate).
    pub fn is_local(&self) -> bool {
        matches!(self, Basis::Local(_) | Basis::Estimated(_))
    }

    /// True for a verdict taken from playouts rather than reading.
    pub fn is_estimated(&self) -> bool {
        matches!(self, Basis::Estimated(_))
    }

    /// `proved`, `read` (local reading, assuming the stones around live) or `estimated`.
    pub fn name(&self) -> &'static str {
        match self {
            Basis::Proved => "proved",
            Basis::Local(_) => "read",
            Basis::Estimated(_) => "estimated",
        }
    }
}

/// What happened to one open region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionVerdict {
    /// Every string of the region got an answer (possibly "undecided: first mover" or "ko").
    Solved,
    /// The region's graph has more points than the limit; not searched.
    TooLarge {
        /// Points of the region.
        points: usize,
    },
    /// The node budget ran out for at least one string.
    OverBudget,
}

/// One open region, its verdict and its strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionReport {
    /// Points of the region, ascending.
    pub points: Vec<Point>,
    /// What the region's search concluded.
    pub verdict: RegionVerdict,
    /// The verdict on each string bordering the region.
    pub strings: Vec<StringVerdict>,
}

/// Status of every stone: Benson's verdicts plus the searched regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchedLife {
    /// Stones found dead.
    pub dead: Vec<Point>,
    /// Alive stones, seki included.
    pub alive: Vec<Point>,
    /// The alive stones that live in seki.
    pub seki: Vec<Point>,
    /// Stones no rule decided (counted as alive).
    pub undecided: Vec<Point>,
    /// The stones (dead, alive or undecided) whose verdict rests on a local assumption.
    pub local: Vec<Point>,
    /// The stones (also in `local`) whose verdict is a Monte Carlo estimate: reading left
    /// them undecided.
    pub estimated: Vec<Point>,
    /// One report per open region.
    pub regions: Vec<RegionReport>,
}

impl SearchedLife {
    /// The dead/alive/undecided split the scorer consumes.
    pub fn into_auto_dead(self) -> AutoDead {
        AutoDead {
            dead: self.dead,
            alive: self.alive,
            undecided: self.undecided,
        }
    }

    /// Why stone `p` is undecided, if it is.
    pub fn reason(&self, p: Point) -> Option<&UndecidedReason> {
        self.regions
            .iter()
            .flat_map(|r| &r.strings)
            .find(|s| s.stones.contains(&p))
            .and_then(|s| match &s.status {
                Status::Undecided(r) => Some(r),
                _ => None,
            })
    }

    /// How stone `p`'s verdict was reached, if a region search looked at it.
    pub fn basis(&self, p: Point) -> Option<&Basis> {
        self.regions
            .iter()
            .flat_map(|r| &r.strings)
            .find(|s| s.stones.contains(&p))
            .map(|s| &s.basis)
    }

    /// Search nodes over all regions.
    pub fn nodes(&self) -> u64 {
        self.regions
            .iter()
            .flat_map(|r| &r.strings)
            .map(|s| s.nodes)
            .sum()
    }
}

/// Decides the stones of `position` (no suicide): Benson first, then a search per string of
/// each open region of at most `max_points` graph points, `budget` nodes per search and
/// [`TOTAL_BUDGET_FACTOR`] times that for the whole position.
pub fn search_life(position: &Position, budget: u64, max_points: usize) -> SearchedLife {
    search_life_under(position, budget, max_points, OpenKo::Played)
}

/// [`search_life`], with a ko met in the searches judged as `ko` says: under
/// [`OpenKo::Played`] retaking a ko at once has the value "ko" (the string is left undecided
/// when nothing better is found), under [`OpenKo::RetakeAfterPass`] it is not a move, so
/// whoever takes a ko first there wins it (bent four in the corner: see [`OpenKo`]).
pub fn search_life_under(
    position: &Position,
    budget: u64,
    max_points: usize,
    ko: OpenKo,
) -> SearchedLife {
    let base = benson::auto_dead(position, false);
    let black = benson::pass_alive(position, Color::Black, false);
    let white = benson::pass_alive(position, Color::White, false);
    let n = position.len();
    let settled: Vec<bool> = (0..n)
        .map(|p| black.alive[p] || white.alive[p] || black.territory[p] || white.territory[p])
        .collect();
    let mut out = SearchedLife {
        dead: base.dead.clone(),
        alive: base.alive.clone(),
        seki: Vec::new(),
        undecided: Vec::new(),
        local: Vec::new(),
        estimated: Vec::new(),
        regions: Vec::new(),
    };
    let topo = position.topology();
    let limit = max_points.min(MAX_GRAPH_POINTS);
    let open = settled.iter().filter(|&&s| !s).count() as u64;
    let mut remaining = budget
        .saturating_mul(TOTAL_BUDGET_FACTOR)
        .min(open.saturating_mul(NODES_PER_OPEN_POINT));
    let mut seen = vec![false; n];
    for start in 0..n {
        if settled[start] || seen[start] {
            continue;
        }
        let mut region = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < region.len() {
            for &GeoPoint(q) in topo.neighbours_of(region[i] as Point) {
                let q = q as usize;
                if !settled[q] && !seen[q] {
                    seen[q] = true;
                    region.push(q);
                }
            }
            i += 1;
        }
        region.sort_unstable();
        if region.iter().all(|&p| position.stones()[p] == Stone::Empty) {
            continue; // empty open region: nothing to decide
        }
        let report = match cut_out(position, &region, &settled, limit, true, false) {
            Err(points) => {
                let ctx = LargeRegion {
                    position,
                    region: &region,
                    benson_alive: &base.alive,
                    benson_dead: &base.dead,
                    limit,
                    budget,
                    ko,
                };
                ctx.decide(points, &mut remaining)
            }
            Ok(local) => decide_region(&local, position, &region, budget, &mut remaining, ko),
        };
        for s in &report.strings {
            if s.basis.is_local() {
                out.local.extend_from_slice(&s.stones);
            }
            let list = match s.status {
                Status::Alive => &mut out.alive,
                Status::Seki => {
                    out.seki.extend_from_slice(&s.stones);
                    &mut out.alive
                }
                Status::Dead => &mut out.dead,
                Status::Undecided(_) => &mut out.undecided,
            };
            list.extend_from_slice(&s.stones);
        }
        out.regions.push(report);
    }
    for list in [
        &mut out.dead,
        &mut out.alive,
        &mut out.seki,
        &mut out.undecided,
        &mut out.local,
    ] {
        list.sort_unstable();
        list.dedup();
    }
    out
}

/// Share of playouts (numerator, denominator) that must contradict a heuristic local
/// verdict (see [`LocalRule::is_heuristic`]) for the estimate to overrule it.
pub const OVERRULE_SHARE: (u64, u64) = (3, 4);

/// Share of playouts (numerator, denominator) that must contradict an eye-space verdict for a
/// group that borders [`FIRM_EYE_AREAS`] areas or more only by counting possible false eyes
/// (one-point gaps between chains with their diagonals held by the opponent): a strong
/// contradiction, since a string hanging on such a gap usually just connects there (on the
/// real-game benchmark, 3/4 killed such stones that live, while the dead groups with false
/// eyes kept less than a tenth of the playouts).
pub const FALSE_EYE_OVERRULE_SHARE: (u64, u64) = (7, 8);

/// The share of contradicting playouts that overrules `rule` (see [`OVERRULE_SHARE`]).
fn overrule_share(rule: &LocalRule) -> (u64, u64) {
    match rule {
        LocalRule::EyeSpace { areas, .. } if *areas >= FIRM_EYE_AREAS => FALSE_EYE_OVERRULE_SHARE,
        _ => OVERRULE_SHARE,
    }
}

/// A string reading left undecided is estimated dead when its points stayed its own in less
/// than this share (numerator, denominator) of the playouts, alive in more than half; exactly
/// half stays undecided (kept alive, listed as undecided). Estimated verdicts stay doubtful
/// either way: the verdict's range counts them both ways. The playouts answer ataris, capture
/// and play the 3×3 shapes (`playout`), so a string they keep in less than half of them is
/// one the opponent takes when the fight is played: on the games played to two passes in
/// `benches/peers/go_real_games.py`, GNU Go 3.8 lists the strings of that band dead in every
/// game where they decide the dead list (it kept an undecided band from 2/5 to 1/2 when the
/// playouts were uniformly random).
pub const ESTIMATE_DEAD_SHARE: (u64, u64) = (1, 2);

/// The playouts, averaged over its stones, in which a string's points stayed its own.
fn survived(owners: &crate::playout::Ownership, s: &StringVerdict) -> u32 {
    s.stones
        .iter()
        .map(|&p| owners.owned_by(p, s.color))
        .sum::<u32>()
        / s.stones.len().max(1) as u32
}

/// True when the estimate calls a string dead: its points stayed its own in less than
/// [`ESTIMATE_DEAD_SHARE`] of the playouts.
fn estimated_dead(survived: u32, playouts: u32) -> bool {
    u64::from(survived) * ESTIMATE_DEAD_SHARE.1 < u64::from(playouts) * ESTIMATE_DEAD_SHARE.0
}

/// Default number of playouts of the last-resort estimate.
pub const DEFAULT_PLAYOUTS: u32 = 256;
/// Seed of the estimate's playouts: a fixed seed keeps `--dead auto` reproducible.
pub const PLAYOUT_SEED: u64 = 0x005e_ed0f_11fe;

/// [`search_life`], then every string reading left undecided for lack of reading (region too
/// large, budget spent) is settled by Monte Carlo ownership over `playouts` playouts: alive
/// when its points stayed its own in more than half of them, dead when in less than
/// [`ESTIMATE_DEAD_SHARE`]. A fight that reading found open (whoever moves first decides, or
/// a ko) stays undecided. Those verdicts carry [`Basis::Estimated`] and their stones are
/// listed in [`SearchedLife::estimated`]; `undecided` is left with the strings the estimate
/// could not split either (between the two shares), which are kept alive. Last, a string kept alive
/// only by such unread rules that is left in atari, where living stones take it for good,
/// is dead ([`LocalRule::InAtari`]); a one-stone ko left in atari is kept
/// ([`OpenKo::Played`]: see [`decide_life_under`] for the Japanese rules). Before that, the
/// strings still open (undecided, or alive on the estimate by a small margin) are read as
/// groups with the verdicts around them taken as settled; a group the reader finds dead
/// whoever moves first is dead, with [`LocalRule::Owl`].
pub fn decide_life(
    position: &Position,
    budget: u64,
    max_points: usize,
    playouts: u32,
) -> SearchedLife {
    decide_life_under(position, budget, max_points, playouts, OpenKo::Played)
}

/// How a ruleset judges a ko on a finished board: a one-stone ko left in atari (the stone
/// the opponent may take, whose taker would then stand in atari at the retake point), and a
/// ko that the life-and-death reading meets.
///
/// *Bent four in the corner* is where the two differ most. A group whose corner eye space
/// becomes, once the opponent sacrifices stones inside it, four points bent round the 1-1
/// point (for White: A2, A1, B1, C1, after Black A1-B1-C1 sharing White's two liberties A2
/// and D1 looked like seki) cannot improve it by playing, and the opponent can start, when
/// it suits, a ko that the opponent takes first (sacrifice at A2, White takes at D1, Black
/// plays the 1-2 point B1). Under [`OpenKo::RetakeAfterPass`] the group is dead: the
/// defender may retake only after a pass, by which time the ko is resolved (the J1989
/// commentary rules bent four in the corner dead). Under [`OpenKo::Played`] it lives only if the defender wins
/// that ko with more threats elsewhere, which the position does not tell: the group stays
/// undecided, for the reason "ko", and the playout estimate (which never makes the
/// sacrifice) may not call it alive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpenKo {
    /// The players settle kos by play before the game ends, as area-scoring rulesets
    /// (Chinese, AGA, New Zealand, Tromp-Taylor) have them do: a ko left open is not
    /// judged, and its stone is kept. What side would move next is not part of a position,
    /// so no winner of the ko is guessed; in the reading, retaking a ko at once has the
    /// value "ko" (threats elsewhere decide).
    #[default]
    Played,
    /// Japanese Rules of 1989, article 7, paragraph 2: in the confirmation of life and
    /// death a ko may be retaken only after a pass, so the taker takes the stone and
    /// connects before it can be retaken: the stone in atari is dead. In the reading,
    /// retaking a ko at once is no move: whoever takes a ko first there wins it.
    RetakeAfterPass,
}

/// [`decide_life`], with a ko left in atari judged as `ko` says: under
/// [`OpenKo::RetakeAfterPass`] a one-stone string kept alive only by rules that do not read
/// it out (eye space, a cut-out fight, the estimate) that the opponent's living stones take
/// by a ko is dead ([`LocalRule::InAtari`]).
pub fn decide_life_under(
    position: &Position,
    budget: u64,
    max_points: usize,
    playouts: u32,
    ko: OpenKo,
) -> SearchedLife {
    let mut life = search_life_under(position, budget, max_points, ko);
    let weak = |s: &StringVerdict| match (&s.status, &s.basis) {
        // reading that ran short, or that found a fight open (first mover, ko) only on a
        // part cut out with the stones around assumed alive; a fight a search of the whole
        // open region found open stays undecided: that doubt is proved
        (Status::Undecided(reason), basis) => {
            basis.is_local()
                || matches!(
                    reason,
                    UndecidedReason::TooLarge { .. } | UndecidedReason::OverBudget { .. }
                )
        }
        (Status::Alive | Status::Dead, Basis::Local(rule)) => {
            rule.is_heuristic()
                && !(s.read_either_way() && rule.reads_a_fight())
                && !matches!(rule, LocalRule::EyeSpace { areas, false_eyes, .. }
                    if areas - false_eyes >= FIRM_EYE_AREAS)
        }
        _ => false,
    };
    let asked = life.regions.iter().flat_map(|r| &r.strings).any(weak);
    if !asked || playouts == 0 {
        take_strings_in_atari(position, &mut life, ko);
        life.dead.sort_unstable();
        life.local.sort_unstable();
        life.local.dedup();
        return life;
    }
    let owners = crate::playout::ownership(position, playouts, PLAYOUT_SEED);
    let mut undecided: Vec<Point> = life
        .regions
        .iter()
        .flat_map(|r| &r.strings)
        .filter(|s| matches!(s.status, Status::Undecided(_)) && !weak(s))
        .flat_map(|s| s.stones.iter().copied())
        .collect();
    // stones the estimate killed against a local rule that had kept them alive
    let mut fallen: Vec<Point> = Vec::new();
    for region in &mut life.regions {
        let region_points = match region.verdict {
            RegionVerdict::TooLarge { points } => points,
            _ => region.points.len(),
        };
        for s in &mut region.strings {
            if !weak(s) {
                continue;
            }
            let survived = survived(&owners, s);
            let (status, reading) = match (&s.status, &s.basis) {
                (Status::Undecided(reason), _) => {
                    // a ko that reading found is not settled by playouts that keep the
                    // string: they never make the sacrifice that starts such a ko (bent
                    // four in the corner lives in every playout); playouts that take
                    // the string show it dies without the ko
                    let keeps_ko = *reason == UndecidedReason::Ko;
                    let status = if 2 * survived > playouts && !keeps_ko {
                        Status::Alive
                    } else if estimated_dead(survived, playouts) {
                        Status::Dead
                    } else {
                        // too close to call (or a ko the playouts keep): still undecided,
                        // but the basis says the estimate was asked and what it found
                        undecided.extend_from_slice(&s.stones);
                        s.basis = Basis::Estimated(Estimate {
                            survived,
                            playouts,
                            reading: Reading::Undecided(reason.clone()),
                        });
                        continue;
                    };
                    (status, Reading::Undecided(reason.clone()))
                }
                (Status::Alive, Basis::Local(rule))
                    if u64::from(playouts - survived) * overrule_share(rule).1
                        >= u64::from(playouts) * overrule_share(rule).0
                        || (rule.yields_to_estimate() && estimated_dead(survived, playouts)) =>
                {
                    life.alive.retain(|p| !s.stones.contains(p));
                    fallen.extend_from_slice(&s.stones);
                    (Status::Dead, Reading::Overruled(rule.clone()))
                }
                (Status::Dead, Basis::Local(rule))
                    if u64::from(survived) * OVERRULE_SHARE.1
                        >= u64::from(playouts) * OVERRULE_SHARE.0
                        || (rule.yields_to_estimate() && 2 * survived > playouts) =>
                {
                    life.dead.retain(|p| !s.stones.contains(p));
                    (Status::Alive, Reading::Overruled(rule.clone()))
                }
                (Status::Dead, Basis::Local(rule))
                    if rule.yields_to_estimate() && !estimated_dead(survived, playouts) =>
                {
                    // read dead alone, the fight of the open strings beside its cut left out
                    // (no seki test there), and the estimate does not call it dead either: it
                    // may be their seki partner (Black L19 of Honinbo 1994 game 3, a seki
                    // stone for GNU Go 3.8, read dead alone), so it stays undecided, kept
                    // alive, as before it was read
                    life.dead.retain(|p| !s.stones.contains(p));
                    life.local.retain(|p| !s.stones.contains(p));
                    undecided.extend_from_slice(&s.stones);
                    s.status = Status::Undecided(UndecidedReason::TooLarge {
                        points: region_points,
                        limit: max_points,
                    });
                    s.basis = Basis::Estimated(Estimate {
                        survived,
                        playouts,
                        reading: Reading::Overruled(rule.clone()),
                    });
                    continue;
                }
                _ => continue,
            };
            s.basis = Basis::Estimated(Estimate {
                survived,
                playouts,
                reading,
            });
            match status {
                Status::Dead => life.dead.extend_from_slice(&s.stones),
                _ => life.alive.extend_from_slice(&s.stones),
            }
            life.local.extend_from_slice(&s.stones);
            life.estimated.extend_from_slice(&s.stones);
            s.status = status;
        }
    }
    life.undecided = undecided;
    fallen_walls::recheck_on_fallen_walls(position, &mut life, &fallen, &owners, playouts);
    // the strings reading left open (kept undecided, or alive on the estimate alone) are read
    // as groups, the verdicts on the stones around them taken as settled
    owl::read_open_groups(position, &mut life, ko);
    take_strings_in_atari(position, &mut life, ko);
    for list in [
        &mut life.dead,
        &mut life.alive,
        &mut life.undecided,
        &mut life.local,
        &mut life.estimated,
    ] {
        list.sort_unstable();
        list.dedup();
    }
    life
}

/// Strings kept alive by a rule that does not read them out (eye space, a cut-out fight, an
/// estimate) that are left in atari, where the opponent's living stones take them for good
/// (see [`tactics::taken_in_atari`]), are dead: at the end of play the opponent takes them.
fn take_strings_in_atari(position: &Position, life: &mut SearchedLife, ko: OpenKo) {
    let mut dead = vec![false; position.len()];
    for &p in &life.dead {
        dead[p as usize] = true;
    }
    let mut taken = Vec::new();
    for region in &mut life.regions {
        for s in &mut region.strings {
            let unread = match &s.basis {
                Basis::Proved => false,
                Basis::Local(rule) => rule.is_heuristic(),
                Basis::Estimated(_) => true,
            };
            if s.status == Status::Alive
                && unread
                && match tactics::taken_in_atari(position, s.stones[0], &dead) {
                    tactics::Taken::ForGood => true,
                    tactics::Taken::Ko => ko == OpenKo::RetakeAfterPass,
                    tactics::Taken::No => false,
                }
            {
                s.status = Status::Dead;
                s.survives_opponent_first = Some(false);
                s.basis = Basis::Local(LocalRule::InAtari);
                taken.extend_from_slice(&s.stones);
            }
        }
    }
    if taken.is_empty() {
        return;
    }
    life.alive.retain(|p| !taken.contains(p));
    life.estimated.retain(|p| !taken.contains(p));
    life.dead.extend_from_slice(&taken);
    life.local.extend_from_slice(&taken);
}

/// The strings of the region's stones on the full board, each with its colour.
fn board_strings(position: &Position, region: &[usize]) -> Vec<(Vec<Point>, Color)> {
    let topo = position.topology();
    let stones = position.stones();
    let mut done = vec![false; position.len()];
    let mut out = Vec::new();
    for &p in region {
        let Some(color) = stones[p].color() else {
            continue;
        };
        if done[p] {
            continue;
        }
        let mut members = vec![p as Point];
        done[p] = true;
        let mut i = 0;
        while i < members.len() {
            for &GeoPoint(q) in topo.neighbours_of(members[i]) {
                if !done[q as usize] && stones[q as usize] == stones[p] {
                    done[q as usize] = true;
                    members.push(q);
                }
            }
            i += 1;
        }
        members.sort_unstable();
        out.push((members, color));
    }
    out
}

/// Searches every string of the cut-out region, then looks for seki among the living ones.
fn decide_region(
    local: &Local,
    position: &Position,
    region: &[usize],
    budget: u64,
    remaining: &mut u64,
    ko: OpenKo,
) -> RegionReport {
    let (strings, verdict) = decide_strings(
        local,
        board_strings(position, region),
        budget,
        remaining,
        ko,
    );
    RegionReport {
        points: region.iter().map(|&p| p as Point).collect(),
        verdict,
        strings,
    }
}

/// Searches the given strings of the cut-out region (each wholly inside it), then looks for
/// seki among the living ones; the verdicts, and whether any search ran out of budget.
fn decide_strings(
    local: &Local,
    asked: Vec<(Vec<Point>, Color)>,
    budget: u64,
    remaining: &mut u64,
    ko: OpenKo,
) -> (Vec<StringVerdict>, RegionVerdict) {
    let start = local.start;
    let mut strings = Vec::new();
    let mut verdict = RegionVerdict::Solved;
    // one table per string: its question does not change between the searches
    let mut searches: Vec<(usize, Search<'_>)> = Vec::new();
    for (stones, color) in asked {
        // a string only part of which lies in the cut-out graph has no question there; the
        // caller keeps whole strings in its cuts, so this only guards the index
        let Some(anchor) = local.anchor_of(&stones) else {
            continue;
        };
        let black = color == Color::Black;
        let mut search = Search::new(local, anchor, black, budget, *remaining, ko);
        let (opponent_first, own_first) = if *remaining == 0 {
            (Err(0), Err(0)) // the position's total budget is spent
        } else {
            let first = search.run(start, false);
            // a first answer that leaves the string undecided whatever the second says
            // (budget spent, a line too long to read) saves the second search
            let second = match first {
                Err(nodes) => Err(nodes),
                Ok(Value::Long) => Ok(Value::Long),
                Ok(_) => search.run(start, true),
            };
            (first, second)
        };
        *remaining = remaining.saturating_sub(search.total_nodes);
        let answer = |r: &Result<Value, u64>| match r {
            Ok(Value::Win) => Some(true),
            Ok(Value::Loss) => Some(false),
            _ => None,
        };
        let status = match (&opponent_first, &own_first) {
            (Err(nodes), _) | (_, Err(nodes)) => {
                verdict = RegionVerdict::OverBudget;
                Status::Undecided(UndecidedReason::OverBudget { nodes: *nodes })
            }
            (Ok(Value::Long), _) | (_, Ok(Value::Long)) => {
                verdict = RegionVerdict::OverBudget;
                Status::Undecided(UndecidedReason::OverBudget {
                    nodes: search.total_nodes,
                })
            }
            (Ok(Value::Ko), _) | (_, Ok(Value::Ko)) => Status::Undecided(UndecidedReason::Ko),
            (Ok(Value::Loss), Ok(Value::Loss)) => Status::Dead,
            (Ok(Value::Loss), Ok(Value::Win)) => {
                Status::Undecided(UndecidedReason::FirstMoverDecides)
            }
            _ => Status::Alive,
        };
        strings.push(StringVerdict {
            stones,
            color,
            status,
            survives_opponent_first: answer(&opponent_first),
            survives_own_first: answer(&own_first),
            nodes: search.total_nodes,
            basis: Basis::Proved,
        });
        searches.push((anchor, search));
    }
    mark_seki(local, &mut strings, &mut searches);
    // the seki test searched too: count its nodes
    for (s, (_, search)) in strings.iter_mut().zip(&searches) {
        *remaining = remaining.saturating_sub(search.total_nodes - s.nodes);
        s.nodes = search.total_nodes;
    }
    (strings, verdict)
}

/// A living string is in seki when it shares an empty point with a living opposing string
/// and whoever fills that point loses the filling side's string there (the text's 双活: the
/// shared liberty belongs to both and neither may fill it).
fn mark_seki(local: &Local, strings: &mut [StringVerdict], searches: &mut [(usize, Search<'_>)]) {
    let start = local.start;
    let empty = local.board.all & !(start.black | start.white);
    let libs: Vec<u64> = searches
        .iter()
        .map(|(anchor, _)| {
            let stones = if start.black >> anchor & 1 == 1 {
                start.black
            } else {
                start.white
            };
            local.neighbours_of(local.string(stones, *anchor)) & empty & local.moves
        })
        .collect();
    let mut seki = vec![false; strings.len()];
    for i in 0..strings.len() {
        for j in i + 1..strings.len() {
            let alive = |s: &StringVerdict| s.status == Status::Alive;
            if strings[i].color == strings[j].color || !alive(&strings[i]) || !alive(&strings[j]) {
                continue;
            }
            let mut shared = libs[i] & libs[j];
            while shared != 0 {
                let x = shared.trailing_zeros() as usize;
                shared &= shared - 1;
                // each side filling x: does its own string there survive (opponent to move)?
                let filler_loses = |k: usize, searches: &mut [(usize, Search<'_>)]| {
                    let search = &mut searches[k].1;
                    match local.play(start, x, search.black) {
                        None => true, // filling is suicide: forbidden to that side
                        Some(after) => search.run(after, false) == Ok(Value::Loss),
                    }
                };
                if filler_loses(i, searches) && filler_loses(j, searches) {
                    seki[i] = true;
                    seki[j] = true;
                }
            }
        }
    }
    for (s, k) in strings.iter_mut().zip(seki) {
        if k {
            s.status = Status::Seki;
        }
    }
}

/// The cut-out graph packed in masks, with the board point behind each local point.
struct Local {
    /// The capture and suicide rules on masks, shared with the graph searches.
    board: Packed,
    /// Points either side may play at: the region's points (not the bordering stones or
    /// the added eyes).
    moves: u64,
    start: Pos,
    /// Local index of every board point (`usize::MAX` outside the graph).
    index: Vec<usize>,
    /// How many of the first local points are the region's board points.
    region: usize,
}

impl Local {
    /// The local point standing for a board string: its first stone, when every stone of
    /// the string is one of the region's points (`None` otherwise).
    fn anchor_of(&self, stones: &[Point]) -> Option<usize> {
        let inside = |p: &Point| {
            self.index
                .get(*p as usize)
                .is_some_and(|&i| i < self.region)
        };
        match stones.first() {
            Some(first) if stones.iter().all(inside) => Some(self.index[*first as usize]),
            _ => None,
        }
    }

    fn neighbours_of(&self, set: u64) -> u64 {
        self.board.neighbours_of(set)
    }

    /// The connected part of `within` through `v`.
    fn string(&self, within: u64, v: usize) -> u64 {
        self.board.string(within, v)
    }

    /// The position after a stone at empty `v`, with captures; `None` if occupied or suicide.
    fn play(&self, p: Pos, v: usize, black: bool) -> Option<Pos> {
        let colour = if black { Color::Black } else { Color::White };
        self.board.play(p, v, colour)
    }

    /// Benson's test on the graph for one colour (no suicide): its pass-alive stones, and its
    /// pass-alive territory (regions bordered only by pass-alive chains with at most one
    /// point away from them), as masks. Runs at every node of the search, so it works on
    /// fixed arrays of masks (a graph has at most 64 chains and 64 regions) and allocates
    /// nothing.
    fn pass_alive(&self, p: Pos, black: bool) -> (u64, u64) {
        let own = if black { p.black } else { p.white };
        if own == 0 {
            return (0, 0);
        }
        let empty = self.board.all & !(p.black | p.white);
        let others = self.board.all & !own;
        let mut chains = [0u64; MAX_GRAPH_POINTS];
        let mut chain_libs = [0u64; MAX_GRAPH_POINTS];
        let mut chain_count = 0;
        let mut rest = own;
        while rest != 0 {
            let s = self.string(own, rest.trailing_zeros() as usize);
            rest &= !s;
            chains[chain_count] = s;
            chain_libs[chain_count] = self.neighbours_of(s) & empty;
            chain_count += 1;
        }
        // regions: connected parts of the points not `own`, each holding an empty point
        let mut regions = [0u64; MAX_GRAPH_POINTS];
        let mut region_edge = [0u64; MAX_GRAPH_POINTS];
        let mut region_count = 0;
        let mut rest = empty;
        while rest != 0 {
            let r = self.string(others, rest.trailing_zeros() as usize);
            rest &= !r;
            regions[region_count] = r;
            region_edge[region_count] = self.neighbours_of(r);
            region_count += 1;
        }
        // per chain, as masks over the regions: the regions it borders, and the vital ones
        // among them (every empty point of the region is a liberty of the chain)
        let mut touching = [0u64; MAX_GRAPH_POINTS];
        let mut vital = [0u64; MAX_GRAPH_POINTS];
        for c in 0..chain_count {
            for r in 0..region_count {
                if region_edge[r] & chains[c] != 0 {
                    touching[c] |= 1 << r;
                    if regions[r] & empty & !chain_libs[c] == 0 {
                        vital[c] |= 1 << r;
                    }
                }
            }
        }
        // Benson's iteration: a chain with fewer than two vital regions left dies, and the
        // regions it touches stop counting for anyone
        let mut alive = if chain_count == 64 {
            u64::MAX
        } else {
            (1u64 << chain_count) - 1
        };
        let mut region_ok = u64::MAX;
        loop {
            let mut changed = false;
            let mut rest = alive;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if (vital[c] & region_ok).count_ones() < 2 {
                    alive &= !(1 << c);
                    region_ok &= !touching[c];
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut alive_mask = 0;
        let mut rest = alive;
        while rest != 0 {
            alive_mask |= chains[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let near_own = self.neighbours_of(own);
        let mut territory = 0;
        for r in 0..region_count {
            if region_ok >> r & 1 == 0 || region_edge[r] & own == 0 {
                continue;
            }
            let far = (regions[r] & !near_own).count_ones();
            if far <= 1 {
                territory |= regions[r];
            }
        }
        (alive_mask, territory)
    }
}

/// The value of a line for the string's side. Ordered: a ko is better than a loss, and a
/// line left unread (too long, see [`LINE_MOVES_PER_POINT`]) proves nothing for either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Value {
    Loss,
    Ko,
    Long,
    Win,
}

/// [`Search::ko_ban`] when no ko retake is banned.
const NO_KO_BAN: u8 = u8::MAX;

/// The boolean game "does the string at `anchor` survive?" on one cut-out graph.
struct Search<'l> {
    local: &'l Local,
    anchor: usize,
    /// The string's side is Black.
    black: bool,
    /// (position, string's side to move, previous move was a pass, banned ko retake; see
    /// [`Search::ko_ban`]) → decided value.
    table: HashMap<(Pos, bool, bool, u8), Value>,
    nodes: u64,
    total_nodes: u64,
    budget: u64,
    /// Nodes all runs of this search may take together (what is left of the position's
    /// total budget when it starts).
    cap: u64,
    path: Vec<Pos>,
    /// The positions of `path`, for the superko test in constant time (a line never holds
    /// a position twice).
    on_path: HashSet<Pos>,
    /// The longest line searched (moves; see [`LINE_MOVES_PER_POINT`]).
    max_line: usize,
    /// How retaking a ko at once is judged (see [`search_life_under`]).
    ko: OpenKo,
}

impl<'l> Search<'l> {
    /// A search with `budget` nodes per run and `cap` nodes over all its runs.
    fn new(
        local: &'l Local,
        anchor: usize,
        black: bool,
        budget: u64,
        cap: u64,
        ko: OpenKo,
    ) -> Self {
        Search {
            local,
            anchor,
            black,
            table: HashMap::new(),
            nodes: 0,
            total_nodes: 0,
            budget,
            cap,
            path: Vec::new(),
            on_path: HashSet::new(),
            max_line: local.moves.count_ones() as usize * LINE_MOVES_PER_POINT + LINE_SLACK,
            ko,
        }
    }

    /// The value from `p` with the string's side (`own_first`) or the opponent to move;
    /// `Err(nodes)` when the budget runs out.
    fn run(&mut self, p: Pos, own_first: bool) -> Result<Value, u64> {
        self.nodes = 0;
        if self.total_nodes >= self.cap {
            return Err(0); // the position's budget is spent
        }
        self.path.clear();
        self.path.push(p);
        self.on_path.clear();
        self.on_path.insert(p);
        let result = self.search(p, own_first, false);
        self.total_nodes += self.nodes;
        result.map_err(|()| self.nodes)
    }

    /// Under [`OpenKo::RetakeAfterPass`], the point of the one stone the last move captured
    /// (its retake at once is no move there, so a value found with that ban must not be
    /// reused where the ban does not hold); [`NO_KO_BAN`] otherwise. Under
    /// [`OpenKo::Played`] the retake has the value "ko" wherever it arises, and the table
    /// keeps its graph-history approximation (see the module documentation).
    fn ko_ban(&self) -> u8 {
        if self.ko == OpenKo::Played || self.path.len() < 2 {
            return NO_KO_BAN;
        }
        let before = self.path[self.path.len() - 2];
        let after = self.path[self.path.len() - 1];
        let taken = (before.black & !after.black) | (before.white & !after.white);
        if taken.count_ones() == 1 {
            taken.trailing_zeros() as u8
        } else {
            NO_KO_BAN
        }
    }

    /// The string is still on the board: its side's stone still stands on the anchor.
    fn holds(&self, p: Pos) -> bool {
        let own = if self.black { p.black } else { p.white };
        own >> self.anchor & 1 == 1
    }

    /// Benson's test decides the line: the string is pass-alive, or it lies in the
    /// opponent's pass-alive territory.
    fn settled(&self, p: Pos) -> Option<Value> {
        let bit = 1u64 << self.anchor;
        let (alive, _) = self.local.pass_alive(p, self.black);
        if alive & bit != 0 {
            return Some(Value::Win);
        }
        let (alive, territory) = self.local.pass_alive(p, !self.black);
        ((alive | territory) & bit != 0).then_some(Value::Loss)
    }

    /// `v` is a one-point eye of the mover: all its neighbours are the mover's stones of one
    /// string, with another liberty, so the stone would capture nothing and only take a
    /// liberty from that string. Such moves are not searched (the usual eye-filling rule of
    /// life-and-death search; it costs nothing but the seki and approach-move subtleties in
    /// which filling an own eye helps, and none of those arise without a second eye).
    fn own_eye(&self, p: Pos, v: usize, black: bool) -> bool {
        let l = self.local;
        let (own, enemy) = if black {
            (p.black, p.white)
        } else {
            (p.white, p.black)
        };
        let around = l.board.adj(v);
        if around & !own != 0 || around == 0 {
            return false;
        }
        let string = l.string(own, around.trailing_zeros() as usize);
        let _ = enemy;
        around & !string == 0
            && (l.neighbours_of(string) & l.board.all & !(own | enemy) & !(1 << v)) != 0
    }

    /// The stone just played at `v` (`p` → `child`) captured nothing and its string has one
    /// liberty left.
    fn self_atari(&self, p: Pos, child: Pos, v: usize, black: bool) -> bool {
        let l = self.local;
        let (own, before, after) = if black {
            (child.black, p.white, child.white)
        } else {
            (child.white, p.black, child.black)
        };
        before == after
            && (l.neighbours_of(l.string(own, v)) & l.board.all & !(child.black | child.white))
                .count_ones()
                == 1
    }

    /// Moves in a useful order: liberties of the string at the anchor (or of the strings
    /// around an empty anchor), then liberties of short-of-liberty strings, then the rest.
    fn ordered_moves(&self, p: Pos) -> [u64; 3] {
        let l = self.local;
        let empty = l.board.all & !(p.black | p.white) & l.moves;
        let stones = p.black | p.white;
        let near = if stones >> self.anchor & 1 == 1 {
            let colour = if p.black >> self.anchor & 1 == 1 {
                p.black
            } else {
                p.white
            };
            l.neighbours_of(l.string(colour, self.anchor))
        } else {
            l.board.adj(self.anchor) | 1 << self.anchor
        } & empty;
        let mut short = 0;
        let mut rest = stones & l.neighbours_of(empty);
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            let colour = if p.black >> v & 1 == 1 {
                p.black
            } else {
                p.white
            };
            let s = l.string(colour, v);
            rest &= !s;
            let libs = l.neighbours_of(s) & empty;
            if libs.count_ones() <= 2 {
                short |= libs;
            }
        }
        short &= !near;
        [near, short, empty & !near & !short]
    }

    fn search(&mut self, p: Pos, own_to_move: bool, passed: bool) -> Result<Value, ()> {
        self.nodes += 1;
        if self.nodes > self.budget || self.total_nodes + self.nodes >= self.cap {
            return Err(());
        }
        if !self.holds(p) {
            return Ok(Value::Loss); // captured: a string taken off the board is dead
        }
        let key = (p, own_to_move, passed, self.ko_ban());
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        if let Some(v) = self.settled(p) {
            return Ok(v);
        }
        // a line past its length bound is left unread: neither side may count on it, but
        // another line may still prove the answer
        if self.path.len() > self.max_line {
            return Ok(Value::Long);
        }
        let (goal, mut best) = if own_to_move {
            (Value::Win, Value::Loss)
        } else {
            (Value::Loss, Value::Win)
        };
        let better = |a: Value, b: Value| if own_to_move { a > b } else { a < b };
        let end = if self.holds(p) {
            Value::Win
        } else {
            Value::Loss
        };
        // a pass after a pass ends play: free to evaluate, so it goes first; the string's
        // side also tries passing first (it only has to hold on), the opponent last
        let pass_first = passed || own_to_move;
        let pass = |s: &mut Self, best: &mut Value| -> Result<bool, ()> {
            let v = if passed {
                end
            } else {
                s.search(p, !own_to_move, true)?
            };
            if better(v, *best) {
                *best = v;
            }
            Ok(*best == goal)
        };
        if pass_first && pass(self, &mut best)? {
            self.table.insert(key, best);
            return Ok(best);
        }
        let mover_black = own_to_move == self.black;
        // self-ataris (the new string left with one liberty, nothing captured) go last: they
        // are rarely best, and searched first they open the board to long useless lines
        let [near, short, rest_moves] = self.ordered_moves(p);
        let mut deferred = 0u64;
        'outer: for (round, group) in [near, short, rest_moves, 0].into_iter().enumerate() {
            let mut rest = if round == 3 { deferred } else { group };
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if self.own_eye(p, v, mover_black) {
                    continue;
                }
                let Some(child) = self.local.play(p, v, mover_black) else {
                    continue;
                };
                if round < 3 && self.self_atari(p, child, v, mover_black) {
                    deferred |= 1 << v;
                    continue;
                }
                let value = if self.on_path.contains(&child) {
                    if self.path.len() >= 2 && self.path[self.path.len() - 2] == child {
                        match self.ko {
                            // retaking a ko at once: threats elsewhere decide
                            OpenKo::Played => Value::Ko,
                            // J1989 7-2: only after a pass, by which time the taker has
                            // resolved the ko
                            OpenKo::RetakeAfterPass => continue,
                        }
                    } else {
                        continue; // a longer cycle: forbidden by positional superko
                    }
                } else {
                    self.path.push(child);
                    self.on_path.insert(child);
                    let r = self.search(child, !own_to_move, false);
                    self.on_path.remove(&child);
                    self.path.pop();
                    r?
                };
                if better(value, best) {
                    best = value;
                }
                if best == goal {
                    break 'outer;
                }
            }
        }
        if !pass_first && best != goal {
            pass(self, &mut best)?;
        }
        self.table.insert(key, best);
        Ok(best)
    }
}

/// The region's graph: region points, the settled stones next to them, and per bordering
/// chain two eyes (`eyes`; without them the bordering chains are joined into one). Returns the packed graph, or the point count if above `max_points`.
fn cut_out(
    position: &Position,
    region: &[usize],
    settled: &[bool],
    max_points: usize,
    eyes: bool,
    merge: bool,
) -> Result<Local, usize> {
    let topo = position.topology();
    let stones = position.stones();
    let n = position.len();
    let mut index = vec![usize::MAX; n];
    let mut colour_of: Vec<Stone> = Vec::new();
    for &p in region {
        index[p] = colour_of.len();
        colour_of.push(stones[p]);
    }
    // bordering settled stones, grouped by their chain (flood fill over the full board)
    let mut border: Vec<usize> = Vec::new();
    for &p in region {
        for &GeoPoint(q) in topo.neighbours_of(p as Point) {
            let q = q as usize;
            if settled[q] && stones[q] != Stone::Empty && index[q] == usize::MAX {
                index[q] = colour_of.len();
                colour_of.push(stones[q]);
                border.push(q);
            }
        }
    }
    let mut chain_of = vec![usize::MAX; n];
    let mut chains = 0;
    for &b in &border {
        if chain_of[b] != usize::MAX {
            continue;
        }
        let mut stack = vec![b];
        chain_of[b] = chains;
        while let Some(p) = stack.pop() {
            for &GeoPoint(q) in topo.neighbours_of(p as Point) {
                let q = q as usize;
                if stones[q] == stones[b] && chain_of[q] == usize::MAX {
                    chain_of[q] = chains;
                    stack.push(q);
                }
            }
        }
        chains += 1;
    }
    if merge {
        // one node per bordering chain: a wall that cannot be captured (or is one joined
        // group) only matters as an occupied point next to the region's points
        colour_of.truncate(region.len());
        let mut node_of_chain = vec![usize::MAX; chains];
        for &b in &border {
            let c = chain_of[b];
            if node_of_chain[c] == usize::MAX {
                node_of_chain[c] = colour_of.len();
                colour_of.push(stones[b]);
            }
            index[b] = node_of_chain[c];
        }
    }
    let total = colour_of.len() + if eyes { 2 * chains } else { 0 };
    if total > max_points || total > MAX_GRAPH_POINTS {
        return Err(total);
    }
    let mut adj = vec![0u64; total];
    let mut add = |a: usize, b: usize| {
        adj[a] |= 1 << b;
        adj[b] |= 1 << a;
    };
    for &p in region {
        for &GeoPoint(q) in topo.neighbours_of(p as Point) {
            let q = q as usize;
            if index[q] != usize::MAX {
                add(index[p], index[q]);
            }
        }
    }
    // the first bordering stone of each chain carries its two eyes; the chain's other
    // bordering stones are joined to it, standing for their connection on the full board
    let mut anchor_of_chain = vec![usize::MAX; chains];
    let mut next_eye = colour_of.len();
    for &b in &border {
        let c = chain_of[b];
        if anchor_of_chain[c] == usize::MAX {
            if eyes {
                add(index[b], next_eye);
                add(index[b], next_eye + 1);
                next_eye += 2;
            }
            anchor_of_chain[c] = index[b];
        } else if index[b] != anchor_of_chain[c] {
            add(index[b], anchor_of_chain[c]);
        }
    }
    if !eyes {
        // no eyes: the bordering chains (all of one colour) stand for one enclosing group
        for w in anchor_of_chain.windows(2) {
            if w[0] != w[1] {
                add(w[0], w[1]);
            }
        }
    }
    let mut start = Pos { black: 0, white: 0 };
    for (i, s) in colour_of.iter().enumerate() {
        match s {
            Stone::Black => start.black |= 1 << i,
            Stone::White => start.white |= 1 << i,
            Stone::Empty => {}
        }
    }
    // the region's points come first; stones captured there free their points for play
    let moves = match region.len() {
        0 => 0,
        k => u64::MAX >> (64 - k),
    };
    Ok(Local {
        board: Packed::from_adjacency(adj),
        moves,
        start,
        index,
        region: region.len(),
    })
}

/// An open region too large to search whole, split into local problems: stones enclosed by
/// one colour, the eye space of the enclosing groups, and the fights left between them.
/// Every verdict found this way carries [`Basis::Local`].
struct LargeRegion<'a> {
    position: &'a Position,
    region: &'a [usize],
    benson_alive: &'a [Point],
    benson_dead: &'a [Point],
    limit: usize,
    budget: u64,
    /// How a ko met in the local searches is judged.
    ko: OpenKo,
}

/// A cut of an enclosed area: its points kept for the search, the distance they were kept
/// at (`None`: the whole area), and the board with the rest of the area filled.
type Cut = (Vec<usize>, Option<usize>, Position);

/// Stones enclosed by one colour are searched as such only when they are less than this
/// fraction (1/n) of their area: a living group with its own territory is not an enclosed
/// minority, and cut down to its stones' neighbourhood it would lose eye space.
const ENCLOSED_STONE_SHARE: usize = 3;
/// An enclosed area of this many points (empty points and dead stones) is taken as two eyes
/// without a search: the largest eye spaces that a play inside reduces to one eye (the
/// "rabbity six" and the other killable shapes) have six points, plus one dead stone.
const LARGE_EYE_SPACE: usize = 8;
/// A truncated cut with a smaller cut to fall back on searches with this fraction (1/n) of
/// the budget, so that a hopeless larger cut costs little.
const LARGER_CUT_SHARE: u64 = 8;
/// One enclosed-stones problem may spend at most this fraction (1/n) of the position's
/// budget left when it starts.
const ENCLOSED_PROBLEM_SHARE: u64 = 2;
/// Distances tried when an area or a fight must be cut down to fit the size limit.
const CUT_DISTANCES: [usize; 3] = [3, 2, 1];

impl LargeRegion<'_> {
    fn decide(&self, points: usize, remaining: &mut u64) -> RegionReport {
        let position = self.position;
        let n = position.len();
        let limit = self.limit;
        let mut strings: Vec<StringVerdict> = board_strings(position, self.region)
            .into_iter()
            .map(|(stones, color)| StringVerdict {
                stones,
                color,
                status: Status::Undecided(UndecidedReason::TooLarge { points, limit }),
                survives_opponent_first: None,
                survives_own_first: None,
                nodes: 0,
                basis: Basis::Proved,
            })
            .collect();
        let mut string_of = vec![usize::MAX; n];
        for (i, s) in strings.iter().enumerate() {
            for &p in &s.stones {
                string_of[p as usize] = i;
            }
        }
        let mut in_region = vec![false; n];
        for &p in self.region {
            in_region[p] = true;
        }
        self.enclosed(&mut strings, &string_of, &in_region, remaining);
        self.eye_space(&mut strings, &string_of, remaining);
        self.boundary(&mut strings, &string_of, &in_region, remaining);
        self.one_string_at_a_time(&mut strings, &string_of, &in_region, remaining);
        self.free_enclosed_in_dead(&mut strings, &string_of, &in_region);
        RegionReport {
            points: self.region.iter().map(|&p| p as Point).collect(),
            verdict: RegionVerdict::TooLarge { points },
            strings,
        }
    }

    /// Stones found dead inside an area enclosed by the other colour were searched with the
    /// enclosing stones taken as alive; when every enclosing string was itself found dead
    /// (a nakade stone inside the group it kills), that assumption fails and the area goes
    /// to the enclosed stones' colour: they live, on the verdict that killed the enclosure.
    fn free_enclosed_in_dead(
        &self,
        strings: &mut [StringVerdict],
        string_of: &[usize],
        in_region: &[bool],
    ) {
        let position = self.position;
        let topo = position.topology();
        let stones = position.stones();
        let n = position.len();
        for i in 0..strings.len() {
            let s = &strings[i];
            if s.status != Status::Dead
                || !matches!(s.basis, Basis::Local(LocalRule::Enclosed { .. }))
            {
                continue;
            }
            let own = Stone::of(s.color.opponent());
            let open: Vec<bool> = (0..n).map(|p| in_region[p] && stones[p] != own).collect();
            let mut seen = vec![false; n];
            let area = flood(position, s.stones[0] as usize, &open, &mut seen);
            let mut around: Vec<usize> = area
                .iter()
                .flat_map(|&p| topo.neighbours_of(p as Point).iter())
                .map(|&GeoPoint(q)| q as usize)
                .filter(|&q| stones[q] == own)
                .map(|q| string_of[q])
                .collect();
            around.sort_unstable();
            around.dedup();
            let enclosure_dead = !around.is_empty()
                && around
                    .iter()
                    .all(|&j| j != usize::MAX && strings[j].status == Status::Dead);
            if enclosure_dead {
                let basis = strings[around[0]].basis.clone();
                let target = &mut strings[i];
                target.status = Status::Alive;
                target.basis = basis;
            }
        }
    }

    /// Takes the strings a cut-out search left unread (budget spent, a line too long) out of
    /// `report`, their nodes counted on the region's strings, so that a smaller cut may read
    /// them next. True when there were any.
    fn keep_unread_open(
        strings: &mut [StringVerdict],
        string_of: &[usize],
        report: &mut RegionReport,
    ) -> bool {
        let before = report.strings.len();
        report.strings.retain(|s| {
            if !matches!(
                s.status,
                Status::Undecided(UndecidedReason::OverBudget { .. })
            ) {
                return true;
            }
            if let Some(&i) = string_of.get(s.stones[0] as usize) {
                if i != usize::MAX {
                    strings[i].nodes += s.nodes;
                }
            }
            false
        });
        report.strings.len() < before
    }

    /// Copies the verdicts of a local search onto the region's strings still undecided.
    fn adopt(
        strings: &mut [StringVerdict],
        string_of: &[usize],
        report: RegionReport,
        rule: &LocalRule,
    ) {
        for s in report.strings {
            let i = string_of[s.stones[0] as usize];
            if i == usize::MAX || !unasked(&strings[i]) {
                continue;
            }
            let target = &mut strings[i];
            target.status = s.status;
            target.survives_opponent_first = s.survives_opponent_first;
            target.survives_own_first = s.survives_own_first;
            target.nodes += s.nodes;
            target.basis = Basis::Local(rule.clone());
        }
    }

    /// Points of `within` reachable from `seeds`, with their distance (seeds at 0).
    fn distances(&self, seeds: &[usize], within: &[bool]) -> Vec<usize> {
        let topo = self.position.topology();
        let mut dist = vec![usize::MAX; self.position.len()];
        let mut queue = std::collections::VecDeque::new();
        for &s in seeds {
            dist[s] = 0;
            queue.push_back(s);
        }
        while let Some(p) = queue.pop_front() {
            for &GeoPoint(q) in topo.neighbours_of(p as Point) {
                let q = q as usize;
                if within[q] && dist[q] == usize::MAX {
                    dist[q] = dist[p] + 1;
                    queue.push_back(q);
                }
            }
        }
        dist
    }

    /// Opposing stones inside an area (points of the region that are not `c`'s stones)
    /// bordered only by `c`'s stones: searched there with the enclosing stones given two eyes.
    fn enclosed(
        &self,
        strings: &mut [StringVerdict],
        string_of: &[usize],
        in_region: &[bool],
        remaining: &mut u64,
    ) {
        let position = self.position;
        let topo = position.topology();
        let stones = position.stones();
        let n = position.len();
        // every problem of both colours first, then searched smallest first: a large
        // hopeless problem searched early would spend the position's budget that the small
        // ones (the usual dead stones) need
        // (enclosing colour, cuts, whether the stones are a minority of their area)
        let mut all: Vec<(Stone, Vec<Cut>, bool)> = Vec::new();
        for c in [Color::Black, Color::White] {
            let own = Stone::of(c);
            let walls: Vec<bool> = stones.iter().map(|&s| s == own).collect();
            let open: Vec<bool> = (0..n).map(|p| in_region[p] && stones[p] != own).collect();
            let mut seen = vec![false; n];
            for &start in self.region {
                if !open[start] || seen[start] {
                    continue;
                }
                let area = flood(position, start, &open, &mut seen);
                let enclosed = area.iter().all(|&p| {
                    topo.neighbours_of(p as Point)
                        .iter()
                        .all(|&GeoPoint(q)| open[q as usize] || stones[q as usize] == own)
                });
                let seeds: Vec<usize> = area
                    .iter()
                    .copied()
                    .filter(|&p| stones[p] != Stone::Empty)
                    .collect();
                if !enclosed || seeds.is_empty() {
                    continue;
                }
                // the area with the enclosing colour's stones standing inside it (stones whose
                // every neighbour is a point of the area: not part of the wall, and searched
                // with it rather than given eyes); read whole when it fits the size limit,
                // whatever share of it the enclosed stones hold: a group with no room of
                // its own beside the wall is read out there (an eyeless group in the corner)
                let whole = self.with_inner_chains(&area, own);
                let whole_fits = cut_out(position, &whole, &walls, self.limit, true, false).is_ok();
                let minority = seeds.len() * ENCLOSED_STONE_SHARE < area.len();
                // a living group with its own territory is not an enclosed minority: cut
                // down it would lose eye space, so leave it to the eye-space rule; read
                // whole, the wall must also win any capturing race with it (see
                // `wall_outlasts`), or taking it as alive would kill a seki
                let crowded = 2 * seeds.len() > area.len();
                let read_whole = crowded && whole_fits && self.wall_outlasts(&whole, own);
                if !(minority || read_whole) {
                    continue;
                }
                // nor is a group whose territory lies behind its own stones: most of the
                // area's empty points cannot be reached from the enclosing stones without
                // crossing the enclosed ones
                let empty: Vec<bool> = (0..n)
                    .map(|p| open[p] && stones[p] == Stone::Empty)
                    .collect();
                let reach: Vec<usize> = area
                    .iter()
                    .copied()
                    .filter(|&p| {
                        empty[p]
                            && topo
                                .neighbours_of(p as Point)
                                .iter()
                                .any(|&GeoPoint(q)| stones[q as usize] == own)
                    })
                    .collect();
                let mut reached = vec![false; n];
                let reached_count: usize = reach
                    .iter()
                    .map(|&p| {
                        if reached[p] {
                            0
                        } else {
                            flood(position, p, &empty, &mut reached).len()
                        }
                    })
                    .sum();
                let empty_count = area.iter().filter(|&&p| empty[p]).count();
                if 2 * reached_count < empty_count {
                    continue;
                }
                // one problem per cluster, each with its candidate cuts (largest first); a cut
                // whose search runs out of budget gives way to the next, smaller one
                let problems: Vec<Vec<Cut>> = if whole_fits {
                    vec![vec![(whole, None, position.clone())]]
                } else {
                    self.truncated(&area, &seeds, &open, own)
                };
                all.extend(problems.into_iter().map(|cuts| (own, cuts, minority)));
            }
        }
        all.sort_by_key(|(_, cuts, _)| cuts.last().map_or(0, |(part, _, _)| part.len()));
        for (own, cuts, minority) in all {
            let count = cuts.len();
            // nodes of cuts given up, counted on the verdict finally adopted
            let mut spent = 0;
            for (k, (part, distance, board)) in cuts.into_iter().enumerate() {
                let walls: Vec<bool> = board.stones().iter().map(|&s| s == own).collect();
                let Ok(local) = cut_out(&board, &part, &walls, self.limit, true, false) else {
                    continue;
                };
                // a cut with a smaller one behind it gets a share of the budget, and so
                // does a group holding most of its area (the eye-space rule and the fights
                // after it decide it when this reading falls short)
                let budget = if k + 1 < count || !minority {
                    self.budget / LARGER_CUT_SHARE
                } else {
                    self.budget
                };
                // one problem may spend at most half of what is left, so that a large
                // hopeless one (a living group with its own territory, cut down and read as
                // if enclosed) leaves budget for the fights read after it
                let mut share = *remaining
                    / if minority {
                        ENCLOSED_PROBLEM_SHARE
                    } else {
                        ENCLOSED_PROBLEM_SHARE * 2
                    };
                let before = share;
                let mut report = decide_region(&local, &board, &part, budget, &mut share, self.ko);
                *remaining -= before - share;
                if report.verdict == RegionVerdict::OverBudget && k + 1 < count {
                    spent += report.strings.iter().map(|s| s.nodes).sum::<u64>();
                    continue;
                }
                if report.verdict == RegionVerdict::OverBudget && !minority {
                    // stones holding most of their area, read short of budget: the
                    // eye-space rule and the fights after it still get their say
                    break;
                }
                if let Some(first) = report.strings.first_mut() {
                    first.nodes += spent;
                }
                Self::adopt(
                    strings,
                    string_of,
                    report,
                    &LocalRule::Enclosed { distance },
                );
                break;
            }
        }
    }

    /// Whether every `own` chain bordering `whole` (an enclosed area with its inner chains)
    /// has at least as many liberties outside it as the area has empty points: the enclosed
    /// stones have no more liberties than those, so the wall outlasts them in a capturing
    /// race and may be taken as alive there (a wall short of liberties may instead be in
    /// seki with them, or lose the race).
    fn wall_outlasts(&self, whole: &[usize], own: Stone) -> bool {
        let position = self.position;
        let topo = position.topology();
        let stones = position.stones();
        let n = position.len();
        let mut in_whole = vec![false; n];
        whole.iter().for_each(|&p| in_whole[p] = true);
        let room = whole.iter().filter(|&&p| stones[p] == Stone::Empty).count();
        let is_own: Vec<bool> = stones.iter().map(|&s| s == own).collect();
        let mut seen = vec![false; n];
        for &p in whole {
            for &GeoPoint(q) in topo.neighbours_of(p as Point) {
                let q = q as usize;
                if !is_own[q] || in_whole[q] || seen[q] {
                    continue;
                }
                let chain = flood(position, q, &is_own, &mut seen);
                let mut libs: Vec<usize> = chain
                    .iter()
                    .flat_map(|&c| topo.neighbours_of(c as Point).iter())
                    .map(|&GeoPoint(r)| r as usize)
                    .filter(|&r| stones[r] == Stone::Empty && !in_whole[r])
                    .collect();
                libs.sort_unstable();
                libs.dedup();
                if libs.len() < room {
                    return false;
                }
            }
        }
        true
    }

    /// `area` (points of the region that are not `own` stones, enclosed by them) with the
    /// `own` strings inside it: those whose every neighbour is a point of the area.
    fn with_inner_chains(&self, area: &[usize], own: Stone) -> Vec<usize> {
        let position = self.position;
        let topo = position.topology();
        let stones = position.stones();
        let n = position.len();
        let mut in_area = vec![false; n];
        area.iter().for_each(|&p| in_area[p] = true);
        let is_own: Vec<bool> = stones.iter().map(|&s| s == own).collect();
        let mut seen = vec![false; n];
        let mut out = area.to_vec();
        for &p in area {
            for &GeoPoint(q) in topo.neighbours_of(p as Point) {
                let q = q as usize;
                if !is_own[q] || seen[q] {
                    continue;
                }
                let chain = flood(position, q, &is_own, &mut seen);
                let inner = chain.iter().all(|&c| {
                    topo.neighbours_of(c as Point)
                        .iter()
                        .all(|&GeoPoint(r)| in_area[r as usize] || is_own[r as usize])
                });
                if inner {
                    out.extend(chain);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// An enclosed area too large to cut out whole, cut into one problem per cluster of
    /// enclosed stones: the points within a distance of them, the rest of the area filled
    /// with the enclosing colour (standing for the territory it stays), at the largest
    /// distances of at least two that fit the size limit, largest first.
    fn truncated(
        &self,
        area: &[usize],
        seeds: &[usize],
        open: &[bool],
        own: Stone,
    ) -> Vec<Vec<Cut>> {
        let position = self.position;
        let n = position.len();
        let dist = self.distances(seeds, open);
        let mut out = Vec::new();
        let mut done = vec![false; n];
        for &seed in seeds {
            if done[seed] {
                continue;
            }
            let mut cuts = Vec::new();
            for d in CUT_DISTANCES.into_iter().filter(|&d| d >= 2) {
                let near: Vec<bool> = (0..n).map(|p| open[p] && dist[p] <= d).collect();
                let mut seen = vec![false; n];
                let part = flood(position, seed, &near, &mut seen);
                let (part, board) = truncate(position, area, &part, own);
                let walls: Vec<bool> = board.stones().iter().map(|&s| s == own).collect();
                if cut_out(&board, &part, &walls, self.limit, true, false).is_ok() {
                    if cuts.is_empty() {
                        part.iter().for_each(|&p| done[p] = true);
                    }
                    cuts.push((part, Some(d), board));
                }
            }
            done[seed] = true;
            if !cuts.is_empty() {
                out.push(cuts);
            }
        }
        out
    }

    /// Chains left undecided whose group borders enclosed areas worth two eyes are alive.
    /// An area of `c` is a connected set of empty points and dead opposing stones bordered
    /// only by `c`'s stones that are not dead; chains bordering one area form one group.
    fn eye_space(&self, strings: &mut [StringVerdict], string_of: &[usize], remaining: &mut u64) {
        let position = self.position;
        let topo = position.topology();
        let stones = position.stones();
        let n = position.len();
        let mut dead = vec![false; n];
        for &p in self.benson_dead {
            dead[p as usize] = true;
        }
        for s in strings.iter() {
            if s.status == Status::Dead {
                for &p in &s.stones {
                    dead[p as usize] = true;
                }
            }
        }
        for c in [Color::Black, Color::White] {
            let own = Stone::of(c);
            let open: Vec<bool> = (0..n)
                .map(|p| stones[p] == Stone::Empty || (stones[p] != own && dead[p]))
                .collect();
            let mut seen = vec![false; n];
            // areas: (points, bordering undecided strings of `c`)
            let mut areas: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            for start in 0..n {
                if !open[start] || seen[start] {
                    continue;
                }
                let area = flood(position, start, &open, &mut seen);
                let mut bordering = Vec::new();
                let mut enclosed = true;
                for &p in &area {
                    for &GeoPoint(q) in topo.neighbours_of(p as Point) {
                        let q = q as usize;
                        if open[q] {
                            continue;
                        }
                        if stones[q] != own || dead[q] {
                            enclosed = false;
                        } else if string_of[q] != usize::MAX {
                            bordering.push(string_of[q]);
                        }
                    }
                }
                bordering.sort_unstable();
                bordering.dedup();
                if enclosed && !bordering.is_empty() {
                    areas.push((area, bordering));
                }
            }
            // groups: strings joined through shared areas (union-find over string indices)
            let mut parent: Vec<usize> = (0..strings.len()).collect();
            fn root(parent: &mut [usize], mut i: usize) -> usize {
                while parent[i] != i {
                    parent[i] = parent[parent[i]];
                    i = parent[i];
                }
                i
            }
            for (_, b) in &areas {
                for w in b.windows(2) {
                    let (x, y) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
                    parent[x] = y;
                }
            }
            // a one-point area between chains that the group's other areas do not join, its
            // diagonals held by the opponent, may be a false eye (see `eyes`): it still counts
            // toward the group's two areas (the opponent's diagonal stones may be weak
            // themselves), but not toward the areas that make the verdict firm against the
            // estimate
            let false_eye: Vec<bool> = areas
                .iter()
                .enumerate()
                .map(|(k, (points, b))| {
                    points.len() == 1
                        && b.len() >= 2
                        && eyes::diagonals_taken(position, points[0], own, &dead)
                        && !eyes::joined_without(&areas, k, strings.len())
                })
                .collect();
            for g in 0..strings.len() {
                if strings[g].color != c || !unasked(&strings[g]) || root(&mut parent, g) != g {
                    continue;
                }
                let group: Vec<usize> = (0..strings.len())
                    .filter(|&i| root(&mut parent, i) == g)
                    .collect();
                let mut false_eyes = 0;
                let own_areas: Vec<&Vec<usize>> = areas
                    .iter()
                    .zip(&false_eye)
                    .filter(|((_, b), _)| b.iter().any(|i| group.contains(i)))
                    .map(|((a, _), &false_eye)| {
                        false_eyes += usize::from(false_eye);
                        a
                    })
                    .collect();
                let rule = match own_areas.as_slice() {
                    [] => None,
                    [area] => {
                        self.two_eyes_in(area, c, remaining)
                            .map(|large| LocalRule::EyeSpace {
                                areas: 1,
                                false_eyes: 0,
                                large,
                            })
                    }
                    many => Some(LocalRule::EyeSpace {
                        areas: many.len(),
                        false_eyes,
                        large: false,
                    }),
                };
                if let Some(rule) = rule {
                    for &i in &group {
                        if unasked(&strings[i]) {
                            strings[i].status = Status::Alive;
                            strings[i].basis = Basis::Local(rule.clone());
                        }
                    }
                }
            }
        }
    }

    /// Whether one enclosed area of `c` gives its enclosing chains two eyes: `Some(false)`
    /// when a search shows the enclosing chains (joined, with no liberty outside the area)
    /// survive with the opponent moving first, `Some(true)` when the area has at least
    /// [`LARGE_EYE_SPACE`] points or is too large to search (taken as two eyes), `None`
    /// otherwise.
    fn two_eyes_in(&self, area: &[usize], c: Color, remaining: &mut u64) -> Option<bool> {
        let position = self.position;
        let own = Stone::of(c);
        let walls: Vec<bool> = position.stones().iter().map(|&s| s == own).collect();
        if area.len() >= LARGE_EYE_SPACE {
            return Some(true);
        }
        let mut sorted = area.to_vec();
        sorted.sort_unstable();
        let local = match cut_out(position, &sorted, &walls, self.limit, false, true) {
            Ok(l) => l,
            Err(_) => return Some(true),
        };
        if *remaining == 0 {
            return None;
        }
        // any enclosing stone stands for the joined group
        let anchor = sorted.len();
        let mut search = Search::new(
            &local,
            anchor,
            c == Color::Black,
            self.budget,
            *remaining,
            self.ko,
        );
        let result = search.run(local.start, false);
        *remaining = remaining.saturating_sub(search.total_nodes);
        (result == Ok(Value::Win)).then_some(false)
    }

    /// Strings still undecided: each cluster is searched on the points within a distance of
    /// it (empty points and stones not decided alive), with the living stones around as walls.
    fn boundary(
        &self,
        strings: &mut [StringVerdict],
        string_of: &[usize],
        in_region: &[bool],
        remaining: &mut u64,
    ) {
        let position = self.position;
        let stones = position.stones();
        let n = position.len();
        // strings decided in a cut that left others unread: a smaller cut reads those again
        // with these stones still in play, not as walls given two eyes (a seki partner made
        // a living wall would kill its neighbour)
        let mut in_open_fight = vec![false; n];
        for d in CUT_DISTANCES {
            let partners = self.seki_partners(strings);
            let alive = self.walls(strings, &partners, &in_open_fight);
            let seeds: Vec<usize> = strings
                .iter()
                .filter(|s| unasked(s))
                .flat_map(|s| s.stones.iter().map(|&p| p as usize))
                .collect();
            if seeds.is_empty() {
                return;
            }
            let within: Vec<bool> = (0..n).map(|p| in_region[p] && !alive[p]).collect();
            let dist = self.distances(&seeds, &within);
            let mut near: Vec<bool> = (0..n).map(|p| dist[p] <= d).collect();
            // a seki partner in reach is read whole, with its liberties
            for (i, s) in strings.iter().enumerate() {
                if partners[i] {
                    let libs = string_liberties(position, &s.stones);
                    let stones_at = s.stones.iter().map(|&p| p as usize);
                    if stones_at
                        .clone()
                        .chain(libs.iter().copied())
                        .any(|p| near[p])
                    {
                        stones_at.chain(libs).for_each(|p| near[p] = true);
                    }
                }
            }
            let mut seen = vec![false; n];
            for &s in &seeds {
                if seen[s] {
                    continue;
                }
                let mut part = flood(position, s, &near, &mut seen);
                // whole strings only: a string cut in two would be read as two
                let mut members: Vec<usize> = part
                    .iter()
                    .filter_map(|&p| string_of.get(p).copied())
                    .filter(|&i| i != usize::MAX)
                    .collect();
                members.sort_unstable();
                members.dedup();
                for i in members {
                    for &q in &strings[i].stones {
                        let q = q as usize;
                        if within[q] && !seen[q] {
                            seen[q] = true;
                            part.push(q);
                        }
                    }
                }
                part.sort_unstable();
                part.dedup();
                if !part.iter().any(|&p| {
                    stones[p] != Stone::Empty
                        && string_of[p] != usize::MAX
                        && unasked(&strings[string_of[p]])
                }) {
                    continue;
                }
                if let Ok(local) = cut_out(position, &part, &alive, self.limit, true, true) {
                    let mut report =
                        decide_region(&local, position, &part, self.budget, remaining, self.ko);
                    if d > 1 && Self::keep_unread_open(strings, string_of, &mut report) {
                        // a cut whose reading ran out of budget gives way to the next,
                        // smaller one: its unread strings stay unasked (the nodes are
                        // counted), the strings it did decide stay in play there
                        for s in &report.strings {
                            s.stones
                                .iter()
                                .for_each(|&p| in_open_fight[p as usize] = true);
                        }
                    }
                    Self::adopt(
                        strings,
                        string_of,
                        report,
                        &LocalRule::Boundary { distance: d },
                    );
                }
            }
        }
    }

    /// The walls of a cut: Benson's living stones and the stones of strings decided alive
    /// (or in seki), except seki partners (`partners`, see [`Self::seki_partners`]) and the
    /// points `in_play` keeps in the fight.
    fn walls(&self, strings: &[StringVerdict], partners: &[bool], in_play: &[bool]) -> Vec<bool> {
        let mut alive = vec![false; self.position.len()];
        for &p in self.benson_alive {
            alive[p as usize] = true;
        }
        for (s, _) in strings
            .iter()
            .zip(partners)
            .filter(|&(_, &partner)| !partner)
        {
            if matches!(s.status, Status::Alive | Status::Seki) {
                s.stones
                    .iter()
                    .filter(|&&p| !in_play[p as usize])
                    .for_each(|&p| alive[p as usize] = true);
            }
        }
        alive
    }

    /// Strings decided alive that a boundary fight keeps in play instead of taking them as
    /// walls given two eyes: those with at most two liberties, one of them shared with a
    /// string of the other colour still open and the other (if any) a one-point eye of
    /// their colour, and the short strings sharing a liberty with such a partner of their
    /// colour. Such a string lives by the fight itself: the opponent filling the shared
    /// liberty puts it in atari, so it may be a seki partner whose life is mutual (J1989
    /// article 8), and made an uncapturable wall it lets the opponent fill that liberty
    /// freely and kill the open string. Kept in play, the search sees that filling the
    /// shared liberty is a self-atari, and the partner's own verdict stands (a decided
    /// string's verdict is never replaced by a later cut).
    fn seki_partners(&self, strings: &[StringVerdict]) -> Vec<bool> {
        let position = self.position;
        let libs: Vec<Vec<usize>> = strings
            .iter()
            .map(|s| string_liberties(position, &s.stones))
            .collect();
        let mut open_liberty = [vec![false; position.len()], vec![false; position.len()]];
        for (s, l) in strings.iter().zip(&libs) {
            if unasked(s) {
                l.iter()
                    .for_each(|&q| open_liberty[s.color.index()][q] = true);
            }
        }
        let short = |i: usize| {
            matches!(strings[i].status, Status::Alive | Status::Seki) && libs[i].len() <= 2
        };
        let mut partner: Vec<bool> = (0..strings.len())
            .map(|i| {
                let other = strings[i].color.opponent().index();
                let own = Stone::of(strings[i].color);
                short(i)
                    && libs[i].iter().any(|&q| open_liberty[other][q])
                    && libs[i]
                        .iter()
                        .all(|&q| open_liberty[other][q] || eye_point(position, q, own))
            })
            .collect();
        // a short string sharing a liberty with a partner of its colour joins it there, and
        // made a wall it would make the partner uncapturable by that connection
        loop {
            let mut partner_liberty = [vec![false; position.len()], vec![false; position.len()]];
            for (i, l) in libs.iter().enumerate() {
                if partner[i] {
                    l.iter()
                        .for_each(|&q| partner_liberty[strings[i].color.index()][q] = true);
                }
            }
            let mut grew = false;
            for i in 0..strings.len() {
                let own = strings[i].color.index();
                if !partner[i] && short(i) && libs[i].iter().any(|&q| partner_liberty[own][q]) {
                    partner[i] = true;
                    grew = true;
                }
            }
            if !grew {
                return partner;
            }
        }
    }
}

/// `p` is empty and every neighbour of it is an `own` stone: a one-point eye of that colour.
fn eye_point(position: &Position, p: usize, own: Stone) -> bool {
    let stones = position.stones();
    stones[p] == Stone::Empty
        && position
            .topology()
            .neighbours_of(p as Point)
            .iter()
            .all(|&GeoPoint(q)| stones[q as usize] == own)
}

/// The empty points next to `stones`, sorted.
fn string_liberties(position: &Position, stones: &[Point]) -> Vec<usize> {
    let topo = position.topology();
    let board = position.stones();
    let mut libs: Vec<usize> = stones
        .iter()
        .flat_map(|&p| topo.neighbours_of(p))
        .map(|&GeoPoint(q)| q as usize)
        .filter(|&q| board[q] == Stone::Empty)
        .collect();
    libs.sort_unstable();
    libs.dedup();
    libs
}

/// `part` of `area`, and the board with the area's other points filled with `own` stones.
fn truncate(
    position: &Position,
    area: &[usize],
    part: &[usize],
    own: Stone,
) -> (Vec<usize>, Position) {
    let mut board = position.clone();
    for &p in area {
        if part.binary_search(&p).is_err() {
            board.set(p as Point, own);
        }
    }
    (part.to_vec(), board)
}

/// No local problem has answered for this string yet (it is still "too large").
fn unasked(s: &StringVerdict) -> bool {
    matches!(
        s.status,
        Status::Undecided(UndecidedReason::TooLarge { .. })
    )
}

/// The connected part of `open` through `start`, marking `seen`.
fn flood(position: &Position, start: usize, open: &[bool], seen: &mut [bool]) -> Vec<usize> {
    let topo = position.topology();
    let mut out = vec![start];
    seen[start] = true;
    let mut i = 0;
    while i < out.len() {
        for &GeoPoint(q) in topo.neighbours_of(out[i] as Point) {
            let q = q as usize;
            if open[q] && !seen[q] {
                seen[q] = true;
                out.push(q);
            }
        }
        i += 1;
    }
    out.sort_unstable();
    out
}

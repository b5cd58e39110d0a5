//! Closing a finished record before it is counted: the dame left open, the teire (手入れ,
//! defensive moves inside one's own boundary) their filling makes necessary, and the
//! boundary points one side has effectively closed.
//!
//! Game records stop when nothing of value is left to play: the dame are not filled, the
//! teire those fills would force are not played, and a boundary point may still be open, so
//! that a territory shares its empty region with the neutral points around it. An arbiter
//! counting such a record first plays them out, as the players would at the dame stage, and
//! counts the closed board; counting the open board instead gives a territory opened by one
//! unplayed point to nobody.
//!
//! The closing works on the board with the dead stones removed, in rounds. Each round:
//! - every empty point of a region both colours border is given to the side whose stones are
//!   nearer (a shortest path through empty points that stops at points touching the other
//!   side's stones, where that side blocks; a dead stone's point counts as a stone of the side
//!   that killed it); a point both sides reach at the same distance is a **dame**;
//! - for each dame, both fills are tried: a fill is *safe* when it captures nothing and leaves
//!   its chain at least two liberties; a safe fill **forces teire** of the other side where it
//!   touches a point of the other side's area (the region would no longer be sealed: the
//!   owner plays there) or leaves a chain of the other side in atari (the owner connects at
//!   its last liberty when that is in its area; a last liberty on another dame is left, as
//!   a stone of each side on two neutral points counts as leaving both open);
//! - a dame only one side can fill safely, and whose fill forces nothing, is that side's
//!   boundary point: it fills it;
//! - a chain the record left in atari is connected by its owner when its last liberty is in
//!   its area or a dame and the connection leaves it two liberties;
//! - when none of these applies, a dame that touches the area of one side only is filled by
//!   that side (a seal: either side may fill it, and it opens nothing of the other side's).
//!
//! When no round plays anything more, the board is looked at with every dame left filled:
//! a chain then down to one liberty inside its own territory connects there first
//! (shortage of liberties, damezumari: [`FillReason::Shortage`]).
//!
//! Every decision of a round is taken on the same board and played at once; a point both
//! sides want is left, so the result does not depend on the order points are looked at, on how
//! the board is turned, or on which colour is called Black. The dame left at the end stay
//! empty: a territory count gives them to nobody, an area count half to each side. A dame
//! whose fill forces teire is not played: only the teire it forces are, since the stone on
//! the dame itself counts for nobody under territory counting and is shared under area
//! counting. A dame either side's fill would make sente forces the teire of both sides
//! (either could fill it first: the two teire cancel out in the margin).
//!
//! Limits: the rounds play the teire one fill makes necessary, the last step those all the
//! fills together make necessary; what lies between (a dame whose fill starts a shortage
//! only its owner could prevent by filling another first) is read as the owner's best case.
//! Points are never filled where a dead stone stands, nor with
//! a stone beside dead stones of its own colour (it would join them, and a dead chain dies
//! whole).

mod shortage;

use super::{Analysis, DeadStoneError};
use crate::color::{Color, Stone};
use crate::position::Position;
use crate::topology::{NeighboursOf, Point, Shape};
use board_geometry::Point as GeoPoint;
use std::collections::VecDeque;
use std::fmt;

/// Why the closing step played a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FillReason {
    /// Teire: the other side's fill of the dame `dame` would touch this point of the filler's
    /// area and open it, so the owner plays here.
    Unsealed {
        /// The dame whose fill forces this teire.
        dame: Point,
    },
    /// Teire: the other side's fill of the dame `dame` would leave a chain of this side in
    /// atari; the owner connects here.
    Atari {
        /// The dame whose fill forces this teire.
        dame: Point,
    },
    /// A chain the record leaves in atari: its owner connects.
    Connect,
    /// Teire: once every dame left is filled (and with the other side's dead stones still
    /// standing), a chain of this side would be down to one liberty, inside its own
    /// territory; the owner plays there first, connecting or capturing those dead stones
    /// (shortage of liberties, damezumari).
    Shortage,
    /// A boundary point only this side can fill safely: it closes its own area.
    OneSided,
    /// A dame touching only this side's area, filled by it to seal the area (either side may
    /// fill it and it forces nothing).
    Seal,
}

impl FillReason {
    /// True for the defensive moves inside one's own boundary (teire).
    pub fn is_teire(self) -> bool {
        matches!(
            self,
            FillReason::Unsealed { .. }
                | FillReason::Atari { .. }
                | FillReason::Connect
                | FillReason::Shortage
        )
    }

    /// The reason's name in reports and JSON.
    pub fn name(self) -> &'static str {
        match self {
            FillReason::Unsealed { .. } => "teire-unsealed",
            FillReason::Atari { .. } => "teire-atari",
            FillReason::Connect => "teire-connect",
            FillReason::Shortage => "teire-shortage",
            FillReason::OneSided => "one-sided",
            FillReason::Seal => "seal",
        }
    }

    /// The dame whose fill forces this point, for the two kinds of teire it can force.
    pub fn dame(self) -> Option<Point> {
        match self {
            FillReason::Unsealed { dame } | FillReason::Atari { dame } => Some(dame),
            _ => None,
        }
    }

    /// Order of precedence when one point is wanted by the same side for several reasons in
    /// one round: the lowest rank is kept, so the choice does not depend on the scan order.
    fn rank(self) -> (u8, Point) {
        match self {
            FillReason::Connect => (0, 0),
            FillReason::Atari { dame } => (1, dame),
            FillReason::Unsealed { dame } => (2, dame),
            FillReason::Shortage => (3, 0),
            FillReason::OneSided => (4, 0),
            FillReason::Seal => (5, 0),
        }
    }
}

impl fmt::Display for FillReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One point the closing step played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fill {
    /// The point filled.
    pub point: Point,
    /// The colour of the stone played there.
    pub color: Color,
    /// Why.
    pub reason: FillReason,
}

/// The closed board and what the closing step played to reach it.
#[derive(Clone, Debug)]
pub struct Closing {
    /// The position as given (dead stones still on the board) with every fill played.
    pub position: Position,
    /// The points filled, in the order of the rounds, each round's points in index order.
    pub fills: Vec<Fill>,
    /// The dame left open: points both sides reach alike, counted for nobody under territory
    /// counting and half to each side under area counting.
    pub dame: Vec<Point>,
    /// For each dame whose fill forced teire, the side whose fill it was (both sides when
    /// either fill would), in point order.
    pub sente: Vec<(Point, Sente)>,
}

/// Whose fill of a dame forces teire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sente {
    /// Only this side's fill does: it fills the dame, the other side plays the teire.
    One(Color),
    /// Either side's fill would: both teire are played (they cancel out in the margin).
    Both,
}

impl Closing {
    /// The teire played (defensive moves inside one's own boundary).
    pub fn teire(&self) -> impl Iterator<Item = &Fill> {
        self.fills.iter().filter(|f| f.reason.is_teire())
    }
    /// True when the closing step played nothing and left no dame.
    pub fn is_empty(&self) -> bool {
        self.fills.is_empty() && self.dame.is_empty()
    }
    /// Analyses the closed board with the dead stones of the analysis it was closed from
    /// (the fills go only on empty points, so those stay stones); other dead stones are
    /// checked as [`Analysis::new`] checks them.
    pub fn analysis(&self, dead: &[Point]) -> Result<Analysis, DeadStoneError> {
        Analysis::new(&self.position, dead)
    }
}

/// Distance marker for "not reached".
const FAR: u32 = u32::MAX;
/// Owner marks of the empty points: Black, White, dame (both at the same distance).
const OWN_BLACK: u8 = 1;
const OWN_WHITE: u8 = 2;
const OWN_DAME: u8 = 3;

fn own_mark(c: Color) -> u8 {
    match c {
        Color::Black => OWN_BLACK,
        Color::White => OWN_WHITE,
    }
}

/// What one round wants to play: per point, nothing, one colour with its reason, or a
/// conflict (both colours wanted it).
#[derive(Clone, Copy)]
enum Want {
    Nothing,
    Play(Color, FillReason),
    Conflict,
}

/// Closes the analysed position (its dead stones removed): see the module documentation.
pub fn close(analysis: &Analysis) -> Closing {
    let topology = analysis.topology();
    let n = analysis.live().len();
    let mut board = analysis.live().to_vec();
    let original = analysis.original();
    // The colour that killed the stone on each dead point: its points count as that colour's.
    let mut killer: Vec<Option<Color>> = vec![None; n];
    for &p in analysis.dead() {
        killer[p as usize] = original[p as usize].color().map(Color::opponent);
    }
    // Per point, the colours of the dead stones beside it (bit 1 Black, 2 White): a stone of
    // that colour played there would join them on the board, and a dead chain dies whole.
    let mut beside_dead = vec![0u8; n];
    for &p in analysis.dead() {
        let bit = original[p as usize] as u8;
        for &GeoPoint(q) in topology.neighbours_of(p) {
            beside_dead[q as usize] |= bit;
        }
    }
    let mut scratch = Scratch::new(n);
    let mut fills: Vec<Fill> = Vec::new();
    let mut sente: Vec<(Point, Sente)> = Vec::new();
    let mut wants = vec![Want::Nothing; n];
    let mut owner = vec![0u8; n];
    for _ in 0..n.max(1) {
        owners(topology, &board, &killer, &mut scratch, &mut owner);
        wants.iter_mut().for_each(|w| *w = Want::Nothing);
        let dame: Vec<Point> = (0..n as Point)
            .filter(|&p| board[p as usize] == Stone::Empty && owner[p as usize] == OWN_DAME)
            .collect();
        for &d in &dame {
            let tries =
                Color::ALL.map(|c| try_fill(topology, &board, &owner, &killer, &mut scratch, d, c));
            let forcing = [0, 1].map(|i| tries[i].safe && !tries[i].forced.is_empty());
            if forcing[0] || forcing[1] {
                let kind = if forcing[0] && forcing[1] {
                    Sente::Both
                } else if forcing[0] {
                    Sente::One(Color::ALL[0])
                } else {
                    Sente::One(Color::ALL[1])
                };
                // A later round may find the other side's fill forcing too (its own fill
                // became safe once a first teire was played): the dame is then both sides'.
                match sente.iter_mut().find(|(p, _)| *p == d) {
                    None => sente.push((d, kind)),
                    Some((_, seen)) if *seen != kind => *seen = Sente::Both,
                    Some(_) => {}
                }
                for (i, t) in tries.iter().enumerate() {
                    if forcing[i] {
                        let owner_side = Color::ALL[i].opponent();
                        for &(q, reason) in &t.forced {
                            want(&mut wants, q, owner_side, reason);
                        }
                    }
                }
            } else if tries[0].safe != tries[1].safe && killer[d as usize].is_none() {
                let c = if tries[0].safe {
                    Color::ALL[0]
                } else {
                    Color::ALL[1]
                };
                want(&mut wants, d, c, FillReason::OneSided);
            }
        }
        // Chains the record left in atari: their owner connects.
        for p in 0..n as Point {
            let Some(c) = board[p as usize].color() else {
                continue;
            };
            if let Some(l) = scratch.single_liberty(topology, &board, p)
                && killer[l as usize].is_none()
                && (owner[l as usize] == own_mark(c) || owner[l as usize] == OWN_DAME)
                && scratch.liberties_with(topology, &board, l, c, 2) >= 2
            {
                want(&mut wants, l, c, FillReason::Connect);
            }
        }
        if play_wanted(&mut board, &wants, &beside_dead, &mut fills) {
            continue;
        }
        // Nothing forced: seal the areas that only neutral points still open.
        for &d in &dame {
            if killer[d as usize].is_some() {
                continue;
            }
            let mut sides = 0u8;
            for &GeoPoint(q) in topology.neighbours_of(d) {
                if board[q as usize] == Stone::Empty && owner[q as usize] != OWN_DAME {
                    sides |= owner[q as usize];
                }
            }
            let side = match sides {
                OWN_BLACK => Color::Black,
                OWN_WHITE => Color::White,
                _ => continue,
            };
            want(&mut wants, d, side, FillReason::Seal);
        }
        if !play_wanted(&mut board, &wants, &beside_dead, &mut fills) {
            break;
        }
    }
    owners(topology, &board, &killer, &mut scratch, &mut owner);
    let mut dame = open_dame(topology, &board, &owner, &killer);
    // The dame stage's last step: the chains the remaining dame would leave short.
    wants.iter_mut().for_each(|w| *w = Want::Nothing);
    shortage::teire(topology, &board, &killer, &dame, &mut wants);
    if play_wanted(&mut board, &wants, &beside_dead, &mut fills) {
        owners(topology, &board, &killer, &mut scratch, &mut owner);
        dame = open_dame(topology, &board, &owner, &killer);
    }
    sente.sort_unstable_by_key(|&(p, _)| p);
    let mut stones = original.to_vec();
    for f in &fills {
        stones[f.point as usize] = Stone::of(f.color);
    }
    Closing {
        position: Position::unchecked(analysis.topology_arc().clone(), stones),
        fills,
        dame,
        sente,
    }
}

/// The dame left open: empty points both sides reach alike, in a region both colours
/// border, where no dead stone stands.
fn open_dame(
    topology: &Shape,
    board: &[Stone],
    owner: &[u8],
    killer: &[Option<Color>],
) -> Vec<Point> {
    (0..board.len() as Point)
        .filter(|&p| {
            board[p as usize] == Stone::Empty
                && owner[p as usize] == OWN_DAME
                && killer[p as usize].is_none()
                && region_is_shared(topology, board, p)
        })
        .collect()
}

/// Records that `c` wants to play `p` for `reason`; both colours wanting one point is a
/// conflict, and of one colour's reasons the lowest rank is kept.
fn want(wants: &mut [Want], p: Point, c: Color, reason: FillReason) {
    let w = &mut wants[p as usize];
    *w = match *w {
        Want::Nothing => Want::Play(c, reason),
        Want::Play(k, r) if k == c => {
            if reason.rank() < r.rank() {
                Want::Play(c, reason)
            } else {
                Want::Play(c, r)
            }
        }
        _ => Want::Conflict,
    };
}

/// Plays every point wanted by one side only, except beside that side's own dead stones
/// (the stone would join them); true if anything was played.
fn play_wanted(
    board: &mut [Stone],
    wants: &[Want],
    beside_dead: &[u8],
    fills: &mut Vec<Fill>,
) -> bool {
    let mut any = false;
    for (p, w) in wants.iter().enumerate() {
        if let Want::Play(color, reason) = *w {
            if board[p] == Stone::Empty && beside_dead[p] & Stone::of(color) as u8 == 0 {
                board[p] = Stone::of(color);
                fills.push(Fill {
                    point: p as Point,
                    color,
                    reason,
                });
                any = true;
            }
        }
    }
    any
}

/// True when the empty region of `p` touches stones of both colours.
fn region_is_shared(topology: &Shape, board: &[Stone], p: Point) -> bool {
    let mut seen = vec![false; board.len()];
    let mut stack = vec![p];
    seen[p as usize] = true;
    let mut border = 0u8;
    while let Some(a) = stack.pop() {
        for &GeoPoint(q) in topology.neighbours_of(a) {
            match board[q as usize] {
                Stone::Empty => {
                    if !seen[q as usize] {
                        seen[q as usize] = true;
                        stack.push(q);
                    }
                }
                s => border |= s as u8,
            }
        }
    }
    border == 3
}

/// Marks every empty point with the side whose stones are nearer through empty points
/// (`OWN_BLACK`, `OWN_WHITE`) or `OWN_DAME` when both are as near or neither is reached. A
/// dead stone's point starts at distance 0 for the side that killed it; a point next to a
/// living stone at distance 1; a side's paths stop at points touching the other side's
/// stones (there the other side blocks), so a gap in a wall is a dame and the area behind it
/// stays its owner's. A region only one colour borders is that colour's whole.
fn owners(
    topology: &Shape,
    board: &[Stone],
    killer: &[Option<Color>],
    scratch: &mut Scratch,
    owner: &mut [u8],
) {
    let n = board.len();
    let (regions, region_of) = super::label_regions(topology, board);
    for (i, c) in Color::ALL.into_iter().enumerate() {
        let dist = &mut scratch.dist[i];
        dist.iter_mut().for_each(|d| *d = FAR);
        let queue = &mut scratch.queue;
        queue.clear();
        for p in 0..n {
            if board[p] == Stone::Empty && killer[p] == Some(c) {
                dist[p] = 0;
                queue.push_back(p as Point);
            }
        }
        let own = Stone::of(c);
        for p in 0..n {
            if board[p] == Stone::Empty
                && dist[p] == FAR
                && topology
                    .neighbours_of(p as Point)
                    .iter()
                    .any(|&GeoPoint(q)| board[q as usize] == own)
            {
                dist[p] = 1;
                queue.push_back(p as Point);
            }
        }
        let theirs = Stone::of(c.opponent());
        while let Some(a) = queue.pop_front() {
            // A point touching the other side's stones is where that side blocks: reached,
            // but no further (the other side's area behind it is not this side's to enter).
            if topology
                .neighbours_of(a)
                .iter()
                .any(|&GeoPoint(q)| board[q as usize] == theirs)
            {
                continue;
            }
            let next = dist[a as usize] + 1;
            for &GeoPoint(q) in topology.neighbours_of(a) {
                if board[q as usize] == Stone::Empty && dist[q as usize] == FAR {
                    dist[q as usize] = next;
                    queue.push_back(q);
                }
            }
        }
    }
    for p in 0..n {
        owner[p] = 0;
        if board[p] != Stone::Empty {
            continue;
        }
        let border = regions[region_of[p] as usize].border;
        owner[p] = match border {
            1 => OWN_BLACK,
            2 => OWN_WHITE,
            _ => {
                let (b, w) = (scratch.dist[0][p], scratch.dist[1][p]);
                match b.cmp(&w) {
                    std::cmp::Ordering::Less => OWN_BLACK,
                    std::cmp::Ordering::Greater => OWN_WHITE,
                    std::cmp::Ordering::Equal => OWN_DAME,
                }
            }
        };
    }
}

/// One side's fill of a dame, tried.
struct Tried {
    /// It captures nothing and leaves its chain two liberties or more.
    safe: bool,
    /// The teire it forces: the other side's points and why.
    forced: Vec<(Point, FillReason)>,
}

/// Tries `c` at the empty point `d` (see [`Tried`]).
fn try_fill(
    topology: &Shape,
    board: &[Stone],
    owner: &[u8],
    killer: &[Option<Color>],
    scratch: &mut Scratch,
    d: Point,
    c: Color,
) -> Tried {
    let unsafe_fill = Tried {
        safe: false,
        forced: Vec::new(),
    };
    let other = c.opponent();
    let theirs = Stone::of(other);
    let mut filled = board.to_vec();
    filled[d as usize] = Stone::of(c);
    for &GeoPoint(q) in topology.neighbours_of(d) {
        if filled[q as usize] == theirs && scratch.liberty_count(topology, &filled, q, 1) == 0 {
            return unsafe_fill;
        }
    }
    if scratch.liberty_count(topology, &filled, d, 2) < 2 {
        return unsafe_fill;
    }
    let mut forced = Vec::new();
    let their_mark = own_mark(other);
    for &GeoPoint(q) in topology.neighbours_of(d) {
        let qu = q as usize;
        if filled[qu] == Stone::Empty && owner[qu] == their_mark && killer[qu].is_none() {
            forced.push((q, FillReason::Unsealed { dame: d }));
        }
        // A connection on another dame is no teire: the fill and the connection put one
        // stone of each side on two neutral points, which counts as leaving both open.
        if filled[qu] == theirs
            && let Some(l) = scratch.single_liberty(topology, &filled, q)
            && killer[l as usize].is_none()
            && owner[l as usize] == their_mark
        {
            forced.push((l, FillReason::Atari { dame: d }));
        }
    }
    Tried { safe: true, forced }
}

/// Reused buffers: distances per colour, a queue and a visit stamp for chain walks, and the
/// stones the last walk visited (the whole chain when it ran to the end).
struct Scratch {
    dist: [Vec<u32>; 2],
    queue: VecDeque<Point>,
    stamp: Vec<u32>,
    now: u32,
    stack: Vec<Point>,
    stones: Vec<Point>,
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        Scratch {
            dist: [vec![FAR; n], vec![FAR; n]],
            queue: VecDeque::with_capacity(n),
            stamp: vec![0; n],
            now: 0,
            stack: Vec::new(),
            stones: Vec::new(),
        }
    }

    fn start(&mut self) {
        if self.now == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 0;
        }
        self.now += 1;
    }

    /// Walks the chain at `p`, calling `liberty` with each distinct liberty until it returns
    /// false; the stones visited are left in `stones`.
    fn walk(
        &mut self,
        topology: &Shape,
        board: &[Stone],
        p: Point,
        mut liberty: impl FnMut(Point) -> bool,
    ) {
        let colour = board[p as usize];
        self.start();
        let now = self.now;
        self.stack.clear();
        self.stones.clear();
        self.stack.push(p);
        self.stamp[p as usize] = now;
        while let Some(a) = self.stack.pop() {
            self.stones.push(a);
            for &GeoPoint(q) in topology.neighbours_of(a) {
                let qu = q as usize;
                if self.stamp[qu] == now {
                    continue;
                }
                let s = board[qu];
                if s == Stone::Empty {
                    self.stamp[qu] = now;
                    if !liberty(q) {
                        return;
                    }
                } else if s == colour {
                    self.stamp[qu] = now;
                    self.stack.push(q);
                }
            }
        }
    }

    /// The chain at `p`'s liberties, counted up to `cap`.
    fn liberty_count(&mut self, topology: &Shape, board: &[Stone], p: Point, cap: usize) -> usize {
        self.liberties_upto(topology, board, p, cap).0
    }

    /// The chain at `p`'s liberties, counted up to `cap`, with the last one found.
    fn liberties_upto(
        &mut self,
        topology: &Shape,
        board: &[Stone],
        p: Point,
        cap: usize,
    ) -> (usize, Option<Point>) {
        let mut k = 0;
        let mut last = None;
        self.walk(topology, board, p, |q| {
            k += 1;
            last = Some(q);
            k < cap
        });
        (k, last)
    }

    /// The only liberty of the chain at `p`, if it has exactly one.
    fn single_liberty(&mut self, topology: &Shape, board: &[Stone], p: Point) -> Option<Point> {
        let mut found = [Point::MAX; 2];
        let mut k = 0;
        self.walk(topology, board, p, |q| {
            found[k] = q;
            k += 1;
            k < 2
        });
        (k == 1).then_some(found[0])
    }

    /// Liberties (up to `cap`) of the chain a stone of `c` at the empty point `p` would make.
    fn liberties_with(
        &mut self,
        topology: &Shape,
        board: &[Stone],
        p: Point,
        c: Color,
        cap: usize,
    ) -> usize {
        let mut filled = board.to_vec();
        filled[p as usize] = Stone::of(c);
        self.liberty_count(topology, &filled, p, cap)
    }
}

//! Shortage of liberties (damezumari) at the end of the dame stage.
//!
//! Filling a dame takes a liberty from the chains on both sides of it, whoever fills it.
//! Once every dame is filled, a chain whose other liberties all lie inside its own
//! territory may be down to one: the other side then captures it by playing there. Its
//! owner must connect first (J1989 art. 9 and its commentary: the teire are played before
//! the count), which costs one point of territory. The fills of the closing rounds only
//! look one fill ahead; this step looks at the board with every dame left filled.
//!
//! A chain needs such a teire when, with every remaining dame filled by its own colour
//! (the best case for it: its fills join whatever chains they touch), it has exactly one
//! liberty, that liberty is a point of its own territory where no dead stone stands, a
//! stone played there leaves the chain two liberties or more (a connection, not a
//! self-atari), and the other side can fill every dame next to the chain's stones without
//! being left in atari itself (a dame only its owner can fill stays a liberty). When the
//! connection joins a chain that is itself down to one liberty inside the territory, the
//! owner connects there too, until the joined chain has two (two eyes shared by three
//! chains take two teire); a connection that ends with no liberty is no defence, and
//! nothing is played. Both colours are decided on the same board, so neither the turn nor
//! the colour names change the result.
//!
//! Dead stones stand on the board until the game stops (J1989 art. 10 removes them at the
//! count), so during the dame stage they shorten the liberties of the chains around them
//! too: a chain beside the other side's dead stones, down to one liberty inside its own
//! territory once the dame are filled, plays there first, capturing them or connecting.

use super::{FillReason, Want, want};
use crate::color::{Color, Stone};
use crate::topology::{NeighboursOf, Point, Shape};
use board_geometry::Point as GeoPoint;

/// Adds to `wants` the teire the filling of `dame` makes necessary (see the module
/// documentation). `board` holds the living stones only; `killer` marks the dead stones'
/// points.
pub(super) fn teire(
    topology: &Shape,
    board: &[Stone],
    killer: &[Option<Color>],
    dame: &[Point],
    wants: &mut [Want],
) {
    let n = board.len();
    let (regions, region_of) = super::super::label_regions(topology, board);
    let inside = |q: Point, own: Stone| {
        killer[q as usize].is_none() && regions[region_of[q as usize] as usize].border == own as u8
    };
    let mut chains = Chains::new(n);
    let mut filled = board.to_vec();
    beside_dead(
        topology,
        board,
        killer,
        dame,
        &inside,
        &mut chains,
        &mut filled,
        wants,
    );
    if dame.is_empty() {
        return;
    }
    let mut is_dame = vec![false; n];
    for &d in dame {
        is_dame[d as usize] = true;
    }
    for c in Color::ALL {
        let own = Stone::of(c);
        let theirs = Stone::of(c.opponent());
        filled.copy_from_slice(board);
        for &d in dame {
            filled[d as usize] = own;
        }
        chains.seen.iter_mut().for_each(|s| *s = false);
        for p in 0..n {
            if board[p] != own || chains.seen[p] {
                continue;
            }
            let Some(l) = chains.single_liberty(topology, &filled, p as Point) else {
                continue;
            };
            // Connect at the last liberty; when that leaves the joined chain one liberty, again
            // inside the territory, connect there too, until it has two.
            let mut path = std::mem::take(&mut chains.path);
            path.clear();
            let mut at = l;
            let connects = loop {
                if !inside(at, own) || path.contains(&at) {
                    break false;
                }
                filled[at as usize] = own;
                path.push(at);
                match chains.liberties_upto(topology, &filled, at, 2) {
                    (0, _) => break false,
                    (1, Some(next)) => at = next,
                    _ => break true,
                }
            };
            for &q in &path {
                filled[q as usize] = Stone::Empty;
            }
            if !connects {
                chains.path = path;
                continue;
            }
            // Every dame beside the chain's own stones must be one the other side can fill.
            let stones = std::mem::take(&mut chains.stones);
            let fillable = stones.iter().all(|&s| {
                board[s as usize] != own
                    || topology.neighbours_of(s).iter().all(|&GeoPoint(q)| {
                        !is_dame[q as usize]
                            || chains.liberties_with(topology, board, q, theirs, 2) >= 2
                    })
            });
            chains.stones = stones;
            if fillable {
                for &q in &path {
                    want(wants, q, c, FillReason::Shortage);
                }
            }
            chains.path = path;
        }
    }
}

/// The dead stones still stand on the board during the dame stage: a chain beside the other
/// side's dead stones counts only the liberties they leave it. When, with every dame left
/// filled by its own colour and those dead stones standing, such a chain is down to one
/// liberty inside its own territory, its owner plays there first: the stone captures the
/// dead stones (their last liberty too) or joins the chain to two liberties or more. Left
/// alone, the other side would capture the chain and the dead stones would live, unless the
/// capture is one stone that the owner takes back at once (a snapback costs it nothing; a
/// ko, which it may not retake at once, does not count as one).
#[allow(clippy::too_many_arguments)]
fn beside_dead(
    topology: &Shape,
    board: &[Stone],
    killer: &[Option<Color>],
    dame: &[Point],
    inside: &impl Fn(Point, Stone) -> bool,
    chains: &mut Chains,
    filled: &mut [Stone],
    wants: &mut [Want],
) {
    for c in Color::ALL {
        let own = Stone::of(c);
        let theirs = Stone::of(c.opponent());
        // the other side's dead stones are those `c` killed
        if !killer.contains(&Some(c)) {
            continue;
        }
        filled.copy_from_slice(board);
        for &d in dame {
            filled[d as usize] = own;
        }
        for (f, &k) in filled.iter_mut().zip(killer) {
            if k == Some(c) {
                *f = theirs;
            }
        }
        chains.seen.iter_mut().for_each(|s| *s = false);
        for (p, &stone) in board.iter().enumerate() {
            if stone != own || chains.seen[p] {
                continue;
            }
            let Some(l) = chains.single_liberty(topology, filled, p as Point) else {
                continue;
            };
            let touches_dead = chains.stones.iter().any(|&s| {
                topology
                    .neighbours_of(s)
                    .iter()
                    .any(|&GeoPoint(q)| killer[q as usize] == Some(c))
            });
            if !touches_dead || !inside(l, own) {
                continue;
            }
            // A capture the owner takes back at once (one stone taken, the capturing chain of
            // two stones or more left one liberty: a snapback) costs it nothing: no teire.
            if !capture_holds(topology, filled, l, theirs, &chains.stones) {
                continue;
            }
            filled[l as usize] = own;
            let defends = topology.neighbours_of(l).iter().any(|&GeoPoint(q)| {
                filled[q as usize] == theirs && chains.liberties(topology, filled, q, 1) == 0
            }) || chains.liberties(topology, filled, l, 2) >= 2;
            filled[l as usize] = Stone::Empty;
            if defends {
                want(wants, l, c, FillReason::Shortage);
            }
        }
    }
}

/// True when the other side's stone `theirs` at `l`, capturing the chain `stones` (whose last
/// liberty `l` is), cannot be taken back at once: the chain was two stones or more, the
/// capturing chain keeps two liberties, or it is a lone stone (taking it back would retake
/// a ko, which the rules forbid at once: J1989 art. 6).
fn capture_holds(
    topology: &Shape,
    filled: &mut [Stone],
    l: Point,
    theirs: Stone,
    stones: &[Point],
) -> bool {
    if stones.len() >= 2 {
        return true;
    }
    let lone = topology
        .neighbours_of(l)
        .iter()
        .all(|&GeoPoint(q)| filled[q as usize] != theirs);
    if lone {
        return true;
    }
    let own = filled[stones[0] as usize];
    filled[l as usize] = theirs;
    filled[stones[0] as usize] = Stone::Empty;
    let mut chains = Chains::new(filled.len());
    let holds = chains.liberties(topology, filled, l, 2) >= 2;
    filled[stones[0] as usize] = own;
    filled[l as usize] = Stone::Empty;
    holds
}

/// Chain walks on a scratch board: the stones of the last chain walked, a visit stamp and
/// the points already covered by a chain of the colour being decided.
struct Chains {
    seen: Vec<bool>,
    stamp: Vec<u32>,
    now: u32,
    stack: Vec<Point>,
    stones: Vec<Point>,
    path: Vec<Point>,
}

impl Chains {
    fn new(n: usize) -> Chains {
        Chains {
            seen: vec![false; n],
            stamp: vec![0; n],
            now: 0,
            stack: Vec::new(),
            stones: Vec::new(),
            path: Vec::new(),
        }
    }

    fn start(&mut self) -> u32 {
        if self.now == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 0;
        }
        self.now += 1;
        self.now
    }

    /// Walks the whole chain at `p` (its stones kept in `stones` and marked seen) and
    /// returns its liberty when it has exactly one.
    fn single_liberty(&mut self, topology: &Shape, board: &[Stone], p: Point) -> Option<Point> {
        let colour = board[p as usize];
        let now = self.start();
        self.stones.clear();
        self.stack.clear();
        self.stack.push(p);
        self.stamp[p as usize] = now;
        let mut liberty = None;
        let mut count = 0usize;
        while let Some(a) = self.stack.pop() {
            self.stones.push(a);
            self.seen[a as usize] = true;
            for &GeoPoint(q) in topology.neighbours_of(a) {
                let qu = q as usize;
                if self.stamp[qu] == now {
                    continue;
                }
                let s = board[qu];
                if s == Stone::Empty {
                    self.stamp[qu] = now;
                    count += 1;
                    liberty = Some(q);
                } else if s == colour {
                    self.stamp[qu] = now;
                    self.stack.push(q);
                }
            }
        }
        if count == 1 { liberty } else { None }
    }

    /// The liberties (up to `cap`) of the chain at `p`.
    fn liberties(&mut self, topology: &Shape, board: &[Stone], p: Point, cap: usize) -> usize {
        self.liberties_upto(topology, board, p, cap).0
    }

    /// The liberties (up to `cap`) of the chain at `p`, with the last one found.
    fn liberties_upto(
        &mut self,
        topology: &Shape,
        board: &[Stone],
        p: Point,
        cap: usize,
    ) -> (usize, Option<Point>) {
        let colour = board[p as usize];
        let now = self.start();
        self.stack.clear();
        self.stack.push(p);
        self.stamp[p as usize] = now;
        let mut count = 0;
        let mut last = None;
        while let Some(a) = self.stack.pop() {
            for &GeoPoint(q) in topology.neighbours_of(a) {
                let qu = q as usize;
                if self.stamp[qu] == now {
                    continue;
                }
                let s = board[qu];
                if s == Stone::Empty {
                    self.stamp[qu] = now;
                    count += 1;
                    last = Some(q);
                    if count >= cap {
                        return (count, last);
                    }
                } else if s == colour {
                    self.stamp[qu] = now;
                    self.stack.push(q);
                }
            }
        }
        (count, last)
    }

    /// The liberties (up to `cap`) a stone `stone` at the empty point `p` would have.
    fn liberties_with(
        &mut self,
        topology: &Shape,
        board: &[Stone],
        p: Point,
        stone: Stone,
        cap: usize,
    ) -> usize {
        let mut filled = board.to_vec();
        filled[p as usize] = stone;
        self.liberties(topology, &filled, p, cap)
    }
}

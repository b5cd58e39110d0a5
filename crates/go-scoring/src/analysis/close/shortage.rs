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
//! territory once the dame are filled, plays there first, capturing them or connecting;
//! not for a lone stone whose capture would rescue no living stone of the other side. When
//! connecting there would leave it one liberty again, it takes dead stones beside it at
//! their own last liberty instead, where that lies inside its territory and the capture
//! leaves it two liberties (one teire, as GNU Go 3.8's aftermath plays it in 17 real
//! records, among them the 22nd Tengen, game 2: Black F1 taking White's dead F2).

use super::{FillReason, Scratch, Want, want};
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
    let mut scratch = Scratch::new(n);
    let mut seen = vec![false; n];
    let mut filled = board.to_vec();
    beside_dead(
        topology,
        board,
        killer,
        dame,
        &inside,
        &mut scratch,
        &mut seen,
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
    let mut path: Vec<Point> = Vec::new();
    for c in Color::ALL {
        let own = Stone::of(c);
        let theirs = c.opponent();
        filled.copy_from_slice(board);
        for &d in dame {
            filled[d as usize] = own;
        }
        seen.iter_mut().for_each(|s| *s = false);
        for p in 0..n {
            if board[p] != own || seen[p] {
                continue;
            }
            let liberty = scratch.single_liberty(topology, &filled, p as Point);
            mark_seen(&scratch.stones, &mut seen);
            let Some(l) = liberty else {
                continue;
            };
            // the walk ran to the end: `stones` is the whole chain
            let stones = std::mem::take(&mut scratch.stones);
            // Connect at the last liberty; when that leaves the joined chain one liberty, again
            // inside the territory, connect there too, until it has two.
            path.clear();
            let mut at = l;
            let connects = loop {
                if !inside(at, own) || path.contains(&at) {
                    break false;
                }
                filled[at as usize] = own;
                path.push(at);
                match scratch.liberties_upto(topology, &filled, at, 2) {
                    (0, _) => break false,
                    (1, Some(next)) => at = next,
                    _ => break true,
                }
            };
            for &q in &path {
                filled[q as usize] = Stone::Empty;
            }
            // Every dame beside the chain's own stones must be one the other side can fill.
            let fillable = connects
                && stones.iter().all(|&s| {
                    board[s as usize] != own
                        || topology.neighbours_of(s).iter().all(|&GeoPoint(q)| {
                            !is_dame[q as usize]
                                || scratch.liberties_with(topology, board, q, theirs, 2) >= 2
                        })
                });
            scratch.stones = stones;
            if fillable {
                for &q in &path {
                    want(wants, q, c, FillReason::Shortage);
                }
            }
        }
    }
}

/// Marks the stones of a chain walk as seen, so that the chain is walked once per colour.
fn mark_seen(stones: &[Point], seen: &mut [bool]) {
    for &s in stones {
        seen[s as usize] = true;
    }
}

/// The dead stones still stand on the board during the dame stage: a chain beside the other
/// side's dead stones counts only the liberties they leave it. When, with every dame left
/// filled by its own colour and those dead stones standing, such a chain is down to one
/// liberty inside its own territory, its owner plays there first: the stone captures the
/// dead stones (their last liberty too) or joins the chain to two liberties or more. Left
/// alone, the other side would capture the chain and the dead stones would live, unless the
/// capture is of one stone and costs the owner nothing (see [`capture_holds`]).
#[allow(clippy::too_many_arguments)]
fn beside_dead(
    topology: &Shape,
    board: &[Stone],
    killer: &[Option<Color>],
    dame: &[Point],
    inside: &impl Fn(Point, Stone) -> bool,
    scratch: &mut Scratch,
    seen: &mut [bool],
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
        seen.iter_mut().for_each(|s| *s = false);
        for (p, &stone) in board.iter().enumerate() {
            if stone != own || seen[p] {
                continue;
            }
            let liberty = scratch.single_liberty(topology, filled, p as Point);
            mark_seen(&scratch.stones, seen);
            let Some(l) = liberty else {
                continue;
            };
            // the walk ran to the end: `stones` is the whole chain
            let touches_dead = scratch.stones.iter().any(|&s| {
                topology
                    .neighbours_of(s)
                    .iter()
                    .any(|&GeoPoint(q)| killer[q as usize] == Some(c))
            });
            if !touches_dead || !inside(l, own) {
                continue;
            }
            // A lone stone whose capture rescues nothing costs the owner nothing: no teire.
            let stones = std::mem::take(&mut scratch.stones);
            let holds = capture_holds(topology, scratch, board, filled, l, theirs, &stones);
            scratch.stones = stones;
            if !holds {
                continue;
            }
            filled[l as usize] = own;
            let defends = topology.neighbours_of(l).iter().any(|&GeoPoint(q)| {
                filled[q as usize] == theirs && scratch.liberty_count(topology, filled, q, 1) == 0
            }) || scratch.liberty_count(topology, filled, l, 2) >= 2;
            filled[l as usize] = Stone::Empty;
            if defends {
                want(wants, l, c, FillReason::Shortage);
            } else if let Some(m) =
                capture_elsewhere(topology, scratch, filled, killer, c, p, inside)
            {
                want(wants, m, c, FillReason::Shortage);
            }
        }
    }
}

/// When connecting at its last liberty leaves the chain at `p` short again, its owner `c`
/// can still take the dead stones beside it at their own last liberty, elsewhere inside its
/// territory: the capture gives the chain their points as liberties. The point chosen is
/// the one leaving the chain the most liberties (the lowest point of those, which does not
/// change the count: one teire either way).
fn capture_elsewhere(
    topology: &Shape,
    scratch: &mut Scratch,
    filled: &mut [Stone],
    killer: &[Option<Color>],
    c: Color,
    p: usize,
    inside: &impl Fn(Point, Stone) -> bool,
) -> Option<Point> {
    let own = Stone::of(c);
    scratch.liberty_count(topology, filled, p as Point, usize::MAX);
    let stones = std::mem::take(&mut scratch.stones);
    let mut best: Option<(usize, Point)> = None;
    for &s in &stones {
        for &GeoPoint(q) in topology.neighbours_of(s) {
            if killer[q as usize] != Some(c) {
                continue;
            }
            let Some(m) = scratch.single_liberty(topology, filled, q) else {
                continue;
            };
            if !inside(m, own) {
                continue;
            }
            filled[m as usize] = own;
            let mut taken = Vec::new();
            for &GeoPoint(r) in topology.neighbours_of(m) {
                if filled[r as usize] != own
                    && filled[r as usize] != Stone::Empty
                    && scratch.liberty_count(topology, filled, r, 1) == 0
                {
                    taken.extend_from_slice(&scratch.stones);
                }
            }
            let dead = filled[q as usize];
            for &t in &taken {
                filled[t as usize] = Stone::Empty;
            }
            let libs = scratch.liberty_count(topology, filled, p as Point, 3);
            for &t in &taken {
                filled[t as usize] = dead;
            }
            filled[m as usize] = Stone::Empty;
            if libs >= 2 && best.is_none_or(|(k, b)| libs > k || (libs == k && m < b)) {
                best = Some((libs, m));
            }
        }
    }
    scratch.stones = stones;
    best.map(|(_, m)| m)
}

/// True when the other side's stone `theirs` at `l`, capturing the chain `stones` (whose last
/// liberty `l` is), gains by it. A chain of two stones or more taken is a loss the owner
/// must prevent. A lone stone taken costs the owner nothing when the capturing chain holds
/// no living stone of the other side: it and the dead stones in it stay inside the owner's
/// territory and are taken in turn (a snapback at once, or later), one prisoner each way.
/// So the players and GNU Go 3.8 left White M8 among Black's dead L8, M9 and N8 without a
/// teire in the 2004 Tengen, game 4 (record W+0.5), where a teire would cost White the game.
/// When the capturing chain does reach living stones, the capture holds unless it is a
/// snapback: the capturing chain left one liberty, the point taken, and not a lone stone
/// (retaking a lone stone that took a lone stone is a ko, which J1989 art. 6 forbids at once).
fn capture_holds(
    topology: &Shape,
    scratch: &mut Scratch,
    board: &[Stone],
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
    let own = filled[stones[0] as usize];
    filled[l as usize] = theirs;
    filled[stones[0] as usize] = Stone::Empty;
    // `board` holds the living stones only
    scratch.liberty_count(topology, filled, l, usize::MAX);
    let rescues = scratch.stones.iter().any(|&s| board[s as usize] == theirs);
    let holds = rescues && (lone || scratch.liberty_count(topology, filled, l, 2) >= 2);
    filled[stones[0] as usize] = own;
    filled[l as usize] = Stone::Empty;
    holds
}

//! Monte Carlo ownership of a finished position: the last-resort estimate of life and death.
//!
//! Where neither Benson's test nor reading decides a string, the position is played out many
//! times to the end and each point's final owner is counted. The playouts follow the policy
//! that Monte Carlo Go programs use to make their playouts meaningful (MoGo's, as published
//! by Gelly, Wang, Munos and Teytaud in 2006, and the Fuego and Pachi policies after it), in
//! this order of preference for the side to move:
//! 1. *answer the last move's atari*: capture the last move's string if it stands in atari,
//!    else save a string of its own that the last move put in atari, by capturing a string
//!    next to it that is in atari or by extending where that leaves it more than one
//!    liberty (module `tactics`);
//! 2. *answer the shape*: one of the empty points around the last move that makes a hane,
//!    a cut or an edge block (MoGo's 3x3 shapes, module `patterns`), chosen at random;
//! 3. *capture*: take the largest opposing string in atari anywhere on the board;
//! 4. otherwise a move drawn uniformly among the acceptable empty points.
//!
//! This is MoGo's order. Capturing before the shape answer was measured too, on the
//! real-game benchmark of `benches/peers/go_real_games.py`: it matched GNU Go 3.8's dead
//! stones in one finished game and one record fewer (467 of 490 and 247 of 290, against
//! 468 and 248) and took longer (the capture rule runs on every move).
//!
//! Every rule only proposes moves that are *acceptable*:
//! - a side never fills an eye of its own (an empty point whose neighbours are all its
//!   stones), unless one of those stones is in atari, so groups with two real eyes live and a
//!   false eye gets filled once the opponent ataris the stones around it;
//! - a side never puts a string of two or more stones into self-atari without capturing,
//!   so the shared liberties of a seki stay open and the seki lives, while a one-stone
//!   throw-in (which false eyes and dead eye shapes need) stays possible. The one exception
//!   is a nakade: a string of up to three stones that, with its one liberty, touches only
//!   opposing stones (it fills the opponent's eye space from inside, as a straight three
//!   with its vital point taken needs). Allowing every self-atari of up to three stones
//!   killed seki groups on the real-game benchmark and matched GNU Go less often;
//! - suicide is illegal; a simple ko is not retaken at once.
//!
//! A point is owned at the end by the colour of its stone, or for an empty point by the one
//! colour around it. The result is an estimate, never a proof: callers label it so.
//!
//! The playouts run on [`Board`]'s own move application (its chains, pseudo-liberty counts,
//! captures and simple ko); this module only adds the playout policy, reading the board's
//! chains through a few crate-internal accessors.

mod patterns;
mod tactics;
#[cfg(test)]
mod tests;

use crate::board::{Board, Move};
use crate::color::{Color, Stone};
use crate::position::Position;
use crate::rules::Rules;
use crate::topology::{NeighboursOf, Point};
use board_core::Rng;
use board_geometry::Point as GeoPoint;

/// Largest string a playout may put into self-atari (see `Playout::acceptable`).
const SELF_ATARI_STONES: usize = 1;
/// Largest string a playout may put into self-atari inside the opponent's eye space (see
/// `Playout::nakade`): the three stones of a nakade in a bulky five or a rabbity six.
const NAKADE_STONES: usize = 3;

/// How often each point ended up owned by each colour over a number of playouts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ownership {
    /// Playouts run.
    pub playouts: u32,
    /// Per point: the playouts that ended with Black owning it.
    pub black: Vec<u32>,
    /// Per point: the playouts that ended with White owning it.
    pub white: Vec<u32>,
}

impl Ownership {
    /// The playouts in which `p` ended owned by `color`.
    pub fn owned_by(&self, p: Point, color: Color) -> u32 {
        match color {
            Color::Black => self.black[p as usize],
            Color::White => self.white[p as usize],
        }
    }
}

/// Plays `playouts` random games from `position` (half with Black moving first, half with
/// White) and counts each point's final owner. Deterministic for a given `seed`.
pub fn ownership(position: &Position, playouts: u32, seed: u64) -> Ownership {
    let start = Playout::new(position);
    let n = position.len();
    let mut out = Ownership {
        playouts,
        black: vec![0; n],
        white: vec![0; n],
    };
    let mut rng = Rng::new(seed);
    let mut playout = start.clone();
    for i in 0..playouts {
        playout.board.clone_from(&start.board);
        playout.watched.clone_from(&start.watched);
        let first = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        playout.play_out(first, &mut rng);
        playout.count_owners(&mut out);
    }
    out
}

/// The playout policy on a [`Board`] (simple ko, no suicide).
#[derive(Clone, Debug)]
struct Playout {
    board: Board,
    /// Most neighbours any point has: a string with more pseudo-liberties than this surely
    /// has two real ones.
    max_degree: u32,
    /// The 8 points around each point, on grids (the 3x3 shapes need them).
    rings: Option<Vec<[Point; 8]>>,
    /// The empty points still to try when drawing a random move.
    candidates: Vec<Point>,
    /// Stones whose strings may stand in atari: every string in atari has a stone here (a
    /// string loses liberties only to a stone placed next to it, and every move adds itself
    /// and its neighbours), so the capture rule need not scan the board.
    watched: Vec<Point>,
}

impl Playout {
    /// The position's stones placed one by one in point order, so each chain is built by the
    /// board's own merging (no stone is captured: every partial chain still has a liberty,
    /// at the latest where its missing stones go).
    fn new(position: &Position) -> Playout {
        let topo = position.topology_arc().clone();
        let max_degree = (0..position.len())
            .map(|p| topo.neighbours_of(p as Point).len() as u32)
            .max()
            .unwrap_or(0);
        let rings = patterns::rings(&topo);
        let mut board = Board::new(topo, Rules::CHINESE);
        for (p, s) in position.stones().iter().enumerate() {
            if let Some(c) = s.color() {
                board.set_to_move(c);
                board.play_unchecked(Move::Place(p as Point));
            }
        }
        let mut playout = Playout {
            board,
            max_degree,
            rings,
            candidates: Vec::with_capacity(position.len()),
            watched: Vec::new(),
        };
        playout.watched = (0..position.len() as Point)
            .filter(|&p| {
                let b = &playout.board;
                b.at(p) != Stone::Empty && b.chain_head(p) == p && playout.sole_liberty(p).is_some()
            })
            .collect();
        playout
    }

    /// Play by the policy until both sides pass (or a move limit, against endless captures).
    fn play_out(&mut self, first: Color, rng: &mut Rng) {
        self.board.set_to_move(first);
        let mut passes = 0;
        let mut last = None;
        let limit = 3 * self.board.topology_len() + 100;
        for _ in 0..limit {
            let c = self.board.side_to_move();
            match self.choose(last, c, rng) {
                Some(p) if self.board.play_point(p).is_ok() => {
                    self.watch_around(p);
                    passes = 0;
                    last = Some(p);
                }
                _ => {
                    self.board.play_unchecked(Move::Pass);
                    passes += 1;
                    last = None;
                    if passes == 2 {
                        break;
                    }
                }
            }
        }
    }

    /// The policy's move for `c` after the opponent's move `last` (`None` after a pass or
    /// at the start): the first rule of the module's list that proposes one, or `None`
    /// (pass) when no empty point is acceptable.
    fn choose(&mut self, last: Option<Point>, c: Color, rng: &mut Rng) -> Option<Point> {
        self.atari_reply(last, c)
            .or_else(|| self.shape_reply(last, c, rng))
            .or_else(|| self.largest_capture(c))
            .or_else(|| self.random_move(c, rng))
    }

    /// One of the empty points around `last` that forms one of the 3x3 shapes and is
    /// acceptable for `c`, drawn uniformly.
    fn shape_reply(&self, last: Option<Point>, c: Color, rng: &mut Rng) -> Option<Point> {
        let rings = self.rings.as_ref()?;
        let ring = &rings[usize::from(last?)];
        let b = &self.board;
        let mut found = [0 as Point; 8];
        let mut n = 0;
        for &q in ring {
            if q != patterns::OFF
                && b.at(q) == Stone::Empty
                && patterns::matches(&rings[usize::from(q)], |r| b.at(r))
                && self.acceptable(q, c)
            {
                found[n] = q;
                n += 1;
            }
        }
        (n > 0).then(|| found[rng.index(n)])
    }

    /// An acceptable empty point for `c` drawn uniformly: points drawn and found not
    /// acceptable are set aside, so each draw is uniform over the points not yet tried.
    fn random_move(&mut self, c: Color, rng: &mut Rng) -> Option<Point> {
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        candidates.extend_from_slice(self.board.empty_points());
        let mut left = candidates.len();
        let mut chosen = None;
        while left > 0 {
            let i = rng.index(left);
            let p = candidates[i];
            if self.acceptable(p, c) {
                chosen = Some(p);
                break;
            }
            left -= 1;
            candidates.swap(i, left);
        }
        self.candidates = candidates;
        chosen
    }

    fn count_owners(&self, out: &mut Ownership) {
        let b = &self.board;
        for p in 0..b.topology_len() {
            let owner = match b.at(p as Point) {
                Stone::Empty => {
                    let mut seen = Stone::Empty;
                    let mut mixed = false;
                    for &GeoPoint(q) in b.topology().neighbours_of(p as Point) {
                        let qs = b.at(q);
                        if qs == Stone::Empty {
                            continue;
                        }
                        if seen == Stone::Empty {
                            seen = qs;
                        } else if seen != qs {
                            mixed = true;
                        }
                    }
                    if mixed { Stone::Empty } else { seen }
                }
                s => s,
            };
            match owner {
                Stone::Black => out.black[p] += 1,
                Stone::White => out.white[p] += 1,
                Stone::Empty => {}
            }
        }
    }
}

//! Monte Carlo ownership of a finished position: the last-resort estimate of life and death.
//!
//! Where neither Benson's test nor reading decides a string, the position is played out many
//! times at random to the end and each point's final owner is counted. The playouts follow
//! the usual rules that make random play meaningful on a finished board:
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
        let mut board = Board::new(topo, Rules::CHINESE);
        for (p, s) in position.stones().iter().enumerate() {
            if let Some(c) = s.color() {
                board.set_to_move(c);
                board.play_unchecked(Move::Place(p as Point));
            }
        }
        Playout { board, max_degree }
    }

    /// The string's liberties, up to `max` of them, written to `found` (count returned).
    fn liberties(&self, h: Point, max: usize, found: &mut [Point]) -> usize {
        let b = &self.board;
        let topo = b.topology();
        let mut count = 0;
        let mut s = h;
        loop {
            for &GeoPoint(q) in topo.neighbours_of(s) {
                if b.at(q) == Stone::Empty && !found[..count].contains(&q) {
                    found[count] = q;
                    count += 1;
                    if count >= max {
                        return count;
                    }
                }
            }
            s = b.next_in_chain(s);
            if s == h {
                return count;
            }
        }
    }

    /// The only liberty of the string of `h`, if it has exactly one.
    fn sole_liberty(&self, h: Point) -> Option<Point> {
        if self.board.pseudo_liberties(h) > self.max_degree {
            return None;
        }
        let mut found = [0; 2];
        (self.liberties(h, 2, &mut found) == 1).then_some(found[0])
    }

    /// Whether `c` may play `p` in a playout: legal (no ko retake, no suicide), not an eye
    /// of its own (unless a stone around it is in atari), and no self-atari of a string of
    /// more than [`SELF_ATARI_STONES`] stones that captures nothing.
    fn acceptable(&self, p: Point, c: Color) -> bool {
        let b = &self.board;
        if b.ko_point() == Some(p) {
            return false;
        }
        let own = Stone::of(c);
        let mut own_only = true;
        let mut own_in_atari = false;
        let mut captures = false;
        let mut size = 1;
        let mut joined = [0 as Point; 4];
        let mut n_joined = 0;
        let mut libs = [0 as Point; 2];
        let mut n_libs = 0;
        for &GeoPoint(q) in b.topology().neighbours_of(p) {
            let qs = b.at(q);
            if qs == Stone::Empty {
                own_only = false;
                if n_libs < 2 && !libs[..n_libs].contains(&q) {
                    libs[n_libs] = q;
                    n_libs += 1;
                }
            } else if qs != own {
                own_only = false;
                if !captures && self.sole_liberty(b.chain_head(q)).is_some() {
                    captures = true;
                }
            } else {
                let hq = b.chain_head(q);
                if !joined[..n_joined].contains(&hq) {
                    if n_joined < joined.len() {
                        joined[n_joined] = hq;
                        n_joined += 1;
                    }
                    size += b.chain_size(hq);
                }
                let mut found = [0 as Point; 3];
                let k = self.liberties(hq, 3, &mut found);
                if k == 1 {
                    own_in_atari = true;
                }
                for &l in &found[..k] {
                    if l != p && n_libs < 2 && !libs[..n_libs].contains(&l) {
                        libs[n_libs] = l;
                        n_libs += 1;
                    }
                }
            }
        }
        if own_only && !own_in_atari {
            return false; // an eye of its own
        }
        if captures {
            return true;
        }
        match n_libs {
            0 => false, // suicide
            1 => {
                size <= SELF_ATARI_STONES
                    || (size <= NAKADE_STONES && self.nakade(p, c, &joined[..n_joined], libs[0]))
            }
            _ => true,
        }
    }

    /// Whether `c` playing `p` (joining the chains `joined`, left with the one liberty
    /// `liberty`) fills an eye space of the opponent from inside: every neighbour of the new
    /// string and of its liberty is an opposing stone, the string itself or that liberty.
    /// Such a self-atari is the nakade that kills a straight or bent three or a pyramid
    /// four; a string filling a shared liberty of a seki always touches its own side's
    /// other stones or open points, so seki stays safe.
    fn nakade(&self, p: Point, c: Color, joined: &[Point], liberty: Point) -> bool {
        let b = &self.board;
        let topo = b.topology();
        let own = Stone::of(c);
        let mut members = [0 as Point; NAKADE_STONES];
        let mut count = 0;
        members[count] = p;
        count += 1;
        for &h in joined {
            let mut s = h;
            loop {
                if count == NAKADE_STONES {
                    return false;
                }
                members[count] = s;
                count += 1;
                s = b.next_in_chain(s);
                if s == h {
                    break;
                }
            }
        }
        let members = &members[..count];
        let inside = |q: Point| q == liberty || members.contains(&q);
        members.iter().chain(std::iter::once(&liberty)).all(|&m| {
            topo.neighbours_of(m)
                .iter()
                .all(|&GeoPoint(q)| inside(q) || (b.at(q) != Stone::Empty && b.at(q) != own))
        })
    }

    /// A reply to the last move `last` for `c`: capture it if it stands in atari, else save
    /// a string of `c`'s next to it that it put in atari (by capturing an opposing string
    /// in atari next to it, or by extending).
    fn atari_reply(&self, last: Option<Point>, c: Color) -> Option<Point> {
        let b = &self.board;
        let last = last?;
        let ls = b.at(last);
        if ls == Stone::Empty || ls == Stone::of(c) {
            return None;
        }
        if let Some(l) = self.sole_liberty(b.chain_head(last)) {
            if self.acceptable(l, c) {
                return Some(l);
            }
        }
        let topo = b.topology();
        for &GeoPoint(q) in topo.neighbours_of(last) {
            if b.at(q) != Stone::of(c) {
                continue;
            }
            let hq = b.chain_head(q);
            let Some(l) = self.sole_liberty(hq) else {
                continue;
            };
            // capture an opposing string in atari next to the threatened one
            let mut s = hq;
            loop {
                for &GeoPoint(r) in topo.neighbours_of(s) {
                    let rs = b.at(r);
                    if rs != Stone::Empty && rs != Stone::of(c) {
                        if let Some(cap) = self.sole_liberty(b.chain_head(r)) {
                            if self.acceptable(cap, c) {
                                return Some(cap);
                            }
                        }
                    }
                }
                s = b.next_in_chain(s);
                if s == hq {
                    break;
                }
            }
            if self.acceptable(l, c) {
                return Some(l);
            }
        }
        None
    }

    /// Random play until both sides pass (or a move limit, against endless captures).
    fn play_out(&mut self, first: Color, rng: &mut Rng) {
        self.board.set_to_move(first);
        let mut passes = 0;
        let mut last = None;
        let limit = 3 * self.board.topology_len() + 100;
        for _ in 0..limit {
            let c = self.board.side_to_move();
            let mut chosen = self.atari_reply(last, c);
            if chosen.is_none() {
                let empties = self.board.empty_points();
                let n = empties.len();
                if n > 0 {
                    let start = rng.index(n);
                    chosen = (0..n)
                        .map(|k| empties[(start + k) % n])
                        .find(|&p| self.acceptable(p, c));
                }
            }
            match chosen {
                Some(p) if self.board.play_point(p).is_ok() => {
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

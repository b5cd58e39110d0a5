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
//!   throw-in (which false eyes and dead eye shapes need) stays possible. Allowing strings
//!   of up to three stones (for nakade) killed seki groups on the real-game benchmark and
//!   matched GNU Go less often, so it is not done;
//! - suicide is illegal; a simple ko is not retaken at once.
//!
//! A point is owned at the end by the colour of its stone, or for an empty point by the one
//! colour around it. The result is an estimate, never a proof: callers label it so.

use crate::color::{Color, Stone};
use crate::position::Position;
use crate::topology::{NeighboursOf, Point};
use board_core::Rng;
use board_geometry::Point as GeoPoint;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const NONE: u16 = u16::MAX;
/// Largest string a playout may put into self-atari (see `PlayBoard::acceptable`).
const SELF_ATARI_STONES: usize = 1;

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
    let start = PlayBoard::new(position);
    let n = position.len();
    let mut out = Ownership {
        playouts,
        black: vec![0; n],
        white: vec![0; n],
    };
    let mut rng = Rng::new(seed);
    let mut board = start.clone();
    for i in 0..playouts {
        board.clone_from(&start);
        let first = if i % 2 == 0 { BLACK } else { WHITE };
        board.play_out(first, &mut rng);
        board.count_owners(&mut out);
    }
    out
}

/// A board with strings kept as circular lists and pseudo-liberty counts, made for fast
/// random play; general graphs welcome (the neighbour lists come from the topology).
#[derive(Clone, Debug)]
struct PlayBoard {
    /// Start of each point's neighbours in `adj` (one extra entry at the end).
    adj_start: Vec<u32>,
    adj: Vec<u16>,
    /// Most neighbours any point has: a string with more pseudo-liberties than this surely
    /// has two real ones.
    max_degree: u32,
    color: Vec<u8>,
    /// The string's representative point, for stones.
    head: Vec<u16>,
    /// The next stone of the same string (a cycle).
    next: Vec<u16>,
    /// Per representative: adjacencies between the string and empty points.
    pseudo: Vec<u32>,
    /// Empty points, and where each sits in that list.
    empties: Vec<u16>,
    slot: Vec<u16>,
    /// The point a simple ko forbids for the next move.
    ko: u16,
    /// Scratch marks for liberty walks.
    mark: Vec<u32>,
    stamp: u32,
}

impl PlayBoard {
    fn new(position: &Position) -> PlayBoard {
        let topo = position.topology();
        let n = position.len();
        let mut adj_start = Vec::with_capacity(n + 1);
        let mut adj = Vec::new();
        let mut max_degree = 0;
        for p in 0..n {
            adj_start.push(adj.len() as u32);
            let ns = topo.neighbours_of(p as Point);
            max_degree = max_degree.max(ns.len() as u32);
            adj.extend(ns.iter().map(|&GeoPoint(q)| q));
        }
        adj_start.push(adj.len() as u32);
        let mut b = PlayBoard {
            adj_start,
            adj,
            max_degree,
            color: vec![EMPTY; n],
            head: vec![NONE; n],
            next: vec![NONE; n],
            pseudo: vec![0; n],
            empties: Vec::with_capacity(n),
            slot: vec![NONE; n],
            ko: NONE,
            mark: vec![0; n],
            stamp: 0,
        };
        for p in 0..n {
            b.slot[p] = b.empties.len() as u16;
            b.empties.push(p as u16);
        }
        for (p, s) in position.stones().iter().enumerate() {
            let c = match s {
                Stone::Empty => continue,
                Stone::Black => BLACK,
                Stone::White => WHITE,
            };
            b.place(p as u16, c);
        }
        b.ko = NONE;
        b
    }

    #[inline]
    fn neighbours(&self, p: u16) -> &[u16] {
        let a = self.adj_start[p as usize] as usize;
        let z = self.adj_start[p as usize + 1] as usize;
        &self.adj[a..z]
    }

    fn remove_empty(&mut self, p: u16) {
        let i = self.slot[p as usize] as usize;
        let last = self.empties.pop().unwrap_or(p);
        if last != p {
            self.empties[i] = last;
            self.slot[last as usize] = i as u16;
        }
        self.slot[p as usize] = NONE;
    }

    fn add_empty(&mut self, p: u16) {
        self.slot[p as usize] = self.empties.len() as u16;
        self.empties.push(p);
    }

    /// The string's liberties, up to `max` of them, written to `found` (count returned).
    fn liberties(&mut self, h: u16, max: usize, found: &mut [u16]) -> usize {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        let mut count = 0;
        let mut s = h;
        loop {
            let (a, z) = (
                self.adj_start[s as usize] as usize,
                self.adj_start[s as usize + 1] as usize,
            );
            for i in a..z {
                let q = self.adj[i];
                if self.color[q as usize] == EMPTY && self.mark[q as usize] != self.stamp {
                    self.mark[q as usize] = self.stamp;
                    found[count] = q;
                    count += 1;
                    if count >= max {
                        return count;
                    }
                }
            }
            s = self.next[s as usize];
            if s == h {
                return count;
            }
        }
    }

    /// Whether the string of `h` has exactly one liberty.
    fn in_atari(&mut self, h: u16) -> bool {
        if self.pseudo[h as usize] > self.max_degree {
            return false;
        }
        let mut found = [NONE; 2];
        self.liberties(h, 2, &mut found) == 1
    }

    /// Puts a stone of `c` on empty `p`, merging and capturing; returns the stones captured
    /// (and sets the ko point when one stone captured one stone).
    fn place(&mut self, p: u16, c: u8) -> usize {
        self.remove_empty(p);
        self.color[p as usize] = c;
        self.head[p as usize] = p;
        self.next[p as usize] = p;
        self.pseudo[p as usize] = 0;
        let mut captured = 0;
        let mut last_capture = NONE;
        for i in self.adj_start[p as usize]..self.adj_start[p as usize + 1] {
            let q = self.adj[i as usize];
            let qc = self.color[q as usize];
            if qc == EMPTY {
                self.pseudo[self.head[p as usize] as usize] += 1;
                continue;
            }
            let hq = self.head[q as usize];
            self.pseudo[hq as usize] -= 1;
            if qc == c {
                let hp = self.head[p as usize];
                if hq != hp {
                    self.merge(hp, hq);
                }
            } else if self.pseudo[hq as usize] == 0 {
                captured += self.capture(hq);
                last_capture = hq;
            }
        }
        let h = self.head[p as usize];
        self.ko = NONE;
        if captured == 1 && self.next[p as usize] == p && self.pseudo[h as usize] == 1 {
            self.ko = last_capture;
        }
        captured
    }

    fn merge(&mut self, a: u16, b: u16) {
        // relabel the smaller string
        let (keep, gone) = if self.size(a) >= self.size(b) {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.head[s as usize] = keep;
            s = self.next[s as usize];
            if s == gone {
                break;
            }
        }
        self.pseudo[keep as usize] += self.pseudo[gone as usize];
        self.next.swap(keep as usize, gone as usize);
    }

    fn size(&self, h: u16) -> usize {
        let mut n = 1;
        let mut s = self.next[h as usize];
        while s != h {
            n += 1;
            s = self.next[s as usize];
        }
        n
    }

    fn capture(&mut self, h: u16) -> usize {
        let mut stones = Vec::new();
        let mut s = h;
        loop {
            stones.push(s);
            s = self.next[s as usize];
            if s == h {
                break;
            }
        }
        for &s in &stones {
            self.color[s as usize] = EMPTY;
            self.head[s as usize] = NONE;
            self.add_empty(s);
        }
        for &s in &stones {
            for i in self.adj_start[s as usize]..self.adj_start[s as usize + 1] {
                let q = self.adj[i as usize];
                if self.color[q as usize] != EMPTY {
                    let hq = self.head[q as usize];
                    self.pseudo[hq as usize] += 1;
                }
            }
        }
        stones.len()
    }

    /// Whether `c` may play on empty `p` in a playout: legal, not an own eye (unless a
    /// stone around it is in atari), not a self-atari of two or more stones that
    /// captures nothing.
    fn acceptable(&mut self, p: u16, c: u8) -> bool {
        if p == self.ko {
            return false;
        }
        let opp = BLACK + WHITE - c;
        let (a, z) = (
            self.adj_start[p as usize] as usize,
            self.adj_start[p as usize + 1] as usize,
        );
        let mut own_only = true;
        let mut own_in_atari = false;
        let mut captures = false;
        // stones of the string the move would make
        let mut size = 1;
        let mut joined = [NONE; 4];
        let mut n_joined = 0;
        // distinct liberties of the string the stone would make, besides `p` (up to two)
        let mut libs = [NONE; 2];
        let mut n_libs = 0;
        for i in a..z {
            let q = self.adj[i];
            let qc = self.color[q as usize];
            if qc == EMPTY {
                own_only = false;
                if n_libs < 2 && !libs[..n_libs].contains(&q) {
                    libs[n_libs] = q;
                    n_libs += 1;
                }
            } else if qc == opp {
                own_only = false;
                let hq = self.head[q as usize];
                if !captures && self.in_atari(hq) {
                    captures = true;
                }
            } else {
                let hq = self.head[q as usize];
                if !joined[..n_joined].contains(&hq) {
                    if n_joined < joined.len() {
                        joined[n_joined] = hq;
                        n_joined += 1;
                    }
                    size += self.size(hq);
                }
                let mut found = [NONE; 3];
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
            // a lone stone may be thrown in; a string may not put itself in atari, which
            // keeps the shared liberties of a seki open
            1 => size <= SELF_ATARI_STONES,
            _ => true,
        }
    }

    /// The one liberty of the string of `h`, if it has exactly one.
    fn sole_liberty(&mut self, h: u16) -> Option<u16> {
        if self.pseudo[h as usize] > self.max_degree {
            return None;
        }
        let mut found = [NONE; 2];
        (self.liberties(h, 2, &mut found) == 1).then_some(found[0])
    }

    /// The answer to the opponent's last move `last` that any player sees: capture it when
    /// it stands in atari, else save an own string it put in atari, by capturing a
    /// neighbour of that string in atari or by extending when that gains liberties. Random
    /// play without it lets cuts and ataris go unanswered and kills living groups.
    fn atari_reply(&mut self, last: u16, c: u8) -> Option<u16> {
        if last == NONE || self.color[last as usize] == EMPTY || self.color[last as usize] == c {
            return None;
        }
        let h = self.head[last as usize];
        if let Some(l) = self.sole_liberty(h) {
            if self.acceptable(l, c) {
                return Some(l);
            }
        }
        let (a, z) = (
            self.adj_start[last as usize] as usize,
            self.adj_start[last as usize + 1] as usize,
        );
        for i in a..z {
            let q = self.adj[i];
            if self.color[q as usize] != c {
                continue;
            }
            let hq = self.head[q as usize];
            let Some(l) = self.sole_liberty(hq) else {
                continue;
            };
            // capture an opposing string in atari next to the threatened one
            let mut s = hq;
            loop {
                let (sa, sz) = (
                    self.adj_start[s as usize] as usize,
                    self.adj_start[s as usize + 1] as usize,
                );
                for j in sa..sz {
                    let r = self.adj[j];
                    let rc = self.color[r as usize];
                    if rc != EMPTY && rc != c {
                        let hr = self.head[r as usize];
                        if let Some(cap) = self.sole_liberty(hr) {
                            if self.acceptable(cap, c) {
                                return Some(cap);
                            }
                        }
                    }
                }
                s = self.next[s as usize];
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
    fn play_out(&mut self, first: u8, rng: &mut Rng) {
        let mut c = first;
        let mut passes = 0;
        let mut last = NONE;
        let limit = 3 * self.color.len() + 100;
        for _ in 0..limit {
            let n = self.empties.len();
            let mut played = false;
            if let Some(p) = self.atari_reply(last, c) {
                self.place(p, c);
                played = true;
                last = p;
            } else if n > 0 {
                let start = rng.index(n);
                for k in 0..n {
                    let p = self.empties[(start + k) % n];
                    if self.acceptable(p, c) {
                        self.place(p, c);
                        played = true;
                        last = p;
                        break;
                    }
                }
            }
            if played {
                passes = 0;
            } else {
                passes += 1;
                last = NONE;
                self.ko = NONE;
                if passes == 2 {
                    break;
                }
            }
            c = BLACK + WHITE - c;
        }
    }

    fn count_owners(&self, out: &mut Ownership) {
        for p in 0..self.color.len() {
            let owner = match self.color[p] {
                EMPTY => {
                    let mut seen = EMPTY;
                    let mut mixed = false;
                    for &q in self.neighbours(p as u16) {
                        let qc = self.color[q as usize];
                        if qc == EMPTY {
                            continue;
                        }
                        if seen == EMPTY {
                            seen = qc;
                        } else if seen != qc {
                            mixed = true;
                        }
                    }
                    if mixed { EMPTY } else { seen }
                }
                c => c,
            };
            match owner {
                BLACK => out.black[p] += 1,
                WHITE => out.white[p] += 1,
                _ => {}
            }
        }
    }
}

//! A life-and-death reader over a group, for weak groups in open positions.
//!
//! Games played to the end at a low level stop with boundaries open: a weak group, or a few
//! scattered stones, stands inside the opponent's sphere with no eye yet. The exhaustive
//! searches of [`super::LargeRegion`] play every point of a cut and run out of budget there;
//! the estimate sees such stones survive in about half of its random playouts. A strong
//! player reads them the other way round: only the moves that matter to the group, and a
//! judgement of its eyes at each step. So does this reader (as GNU Go's "owl" does):
//! - the group is the *dragon* through the string (see [`super::dragon`]), recomputed at
//!   each node; the string is dead when captured;
//! - the moves tried are the dragon's liberties, the points of its domain (its eye space and
//!   the room around it), the liberties of opposing strings beside it short of liberties
//!   (captures, races) and of its own strings in atari, best first and fewer deeper down;
//! - each node is judged statically (dead: no two eyes and no room to make them; alive: two
//!   real eyes, joined to a living string, or escaped into a large domain), and a line that
//!   reaches the depth or node limit is "unknown": an honest answer, which decides nothing.
//!
//! Two questions are read: does the string die with the opponent moving first, and with its
//! own side moving first. A retake of a ko at once is no move (the first taker wins it), as
//! under the Japanese Rules of 1989, article 7-2. A string is called dead only when it dies
//! both ways, so a ko its side takes first when moving first counts for it under every
//! ruleset.

use hashbrown::HashMap;

use super::dragon::{self, Eval, Known, opposite};
use super::eyes;
use super::{Basis, LocalRule, OpenKo, Reading, SearchedLife, Status, UndecidedReason};
use crate::color::Stone;
use crate::position::Position;
use crate::topology::{NeighboursOf, Point};
use board_geometry::Point as GeoPoint;

/// Nodes one question may take.
pub(super) const OWL_NODES: u64 = 4_000;
/// Nodes all questions of one position may take together.
pub(super) const OWL_TOTAL_NODES: u64 = 120_000;
/// A string is read only when its points stayed its own in at most this share (numerator,
/// denominator) of the estimate's playouts: the estimate could not split it, or kept it by
/// a small margin (on the benchmark's open boards, dead groups GNU Go 3.8 reads out kept
/// 105-162 of 256; a group kept in 244 of 256 was a living one the reader got wrong).
const DOUBT_SHARE: (u64, u64) = (5, 8);
/// Whether a string the opponent kills moving first but that the reader does not find dead
/// moving first is called dead under the Japanese rules (J1989 7-1). Off: the reader's
/// "the opponent moving first kills it" is not yet reliable on large groups (on the GNU Go
/// 3.8 benchmark it killed living groups of 12 to 37 stones in professional records, where
/// the attack only looked successful to the static judgement), so such a string keeps the
/// verdict the other steps gave it.
const SETTLE_BY_7_1: bool = false;
/// The longest line read (moves, passes included).
const OWL_DEPTH: usize = 14;
/// Moves tried at each depth (the last entry for all deeper ones): the best few near the
/// root, fewer further down, as a restricted reader does.
const WIDTH: [usize; 6] = [7, 6, 5, 4, 3, 2];
/// Largest empty region taken as a possible eye of the dragon.
const MAX_EYE_REGION: usize = 20;

/// The full board as the reader plays on it: stones, the ko point banned for the next move
/// and a hash of the stones.
#[derive(Clone)]
pub(super) struct Board<'a> {
    /// Neighbours of each point.
    adjacency: &'a [Vec<usize>],
    /// Random keys per point and colour (Zobrist hashing).
    keys: &'a [[u64; 2]],
    /// The stone on each point.
    pub(super) stones: Vec<Stone>,
    /// The point of the one stone just taken in a ko: its retake at once is no move.
    ko: Option<usize>,
    hash: u64,
}

impl<'a> Board<'a> {
    /// The neighbours of `p`.
    #[inline]
    pub(super) fn neighbours(&self, p: usize) -> &'a [usize] {
        &self.adjacency[p]
    }

    fn key(&self, p: usize, s: Stone) -> u64 {
        match s {
            Stone::Black => self.keys[p][0],
            Stone::White => self.keys[p][1],
            Stone::Empty => 0,
        }
    }

    /// The string through stone `p` and its liberties.
    pub(super) fn string(&self, p: usize) -> (Vec<usize>, Vec<usize>) {
        let colour = self.stones[p];
        let mut members = vec![p];
        let mut liberties: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < members.len() {
            for &q in self.neighbours(members[i]) {
                if self.stones[q] == colour {
                    if !members.contains(&q) {
                        members.push(q);
                    }
                } else if self.stones[q] == Stone::Empty && !liberties.contains(&q) {
                    liberties.push(q);
                }
            }
            i += 1;
        }
        (members, liberties)
    }

    /// The board after a `colour` stone at `v`, with captures; `None` when `v` is occupied,
    /// the banned ko retake, or suicide.
    pub(super) fn play(&self, v: usize, colour: Stone) -> Option<Board<'a>> {
        if self.stones[v] != Stone::Empty || self.ko == Some(v) {
            return None;
        }
        let mut b = self.clone();
        b.stones[v] = colour;
        b.hash ^= b.key(v, colour);
        b.ko = None;
        let enemy = opposite(colour);
        let mut captured: Vec<usize> = Vec::new();
        for &q in self.neighbours(v) {
            if b.stones[q] != enemy {
                continue;
            }
            let (stones, libs) = b.string(q);
            if libs.is_empty() {
                for s in stones {
                    b.stones[s] = Stone::Empty;
                    b.hash ^= b.key(s, enemy);
                    captured.push(s);
                }
            }
        }
        let (mine, libs) = b.string(v);
        if libs.is_empty() {
            return None;
        }
        if captured.len() == 1 && mine.len() == 1 && libs.len() == 1 {
            b.ko = Some(captured[0]);
        }
        Some(b)
    }

    /// The empty region through `start` (marked in `seen`) and whether every stone next to it
    /// is marked in `wall` (a region of more than [`MAX_EYE_REGION`] points is not closed).
    pub(super) fn enclosed_region(
        &self,
        start: usize,
        wall: &[bool],
        seen: &mut [bool],
    ) -> (Vec<usize>, bool) {
        let mut region = vec![start];
        seen[start] = true;
        let mut closed = true;
        let mut i = 0;
        while i < region.len() {
            for &q in self.neighbours(region[i]) {
                if self.stones[q] == Stone::Empty {
                    if !seen[q] {
                        seen[q] = true;
                        region.push(q);
                    }
                } else if !wall[q] {
                    closed = false;
                }
            }
            i += 1;
        }
        let closed = closed && region.len() <= MAX_EYE_REGION;
        (region, closed)
    }

    /// One-point eye `x` of `own` is false: the opponent holds (with stones not `dead`) one
    /// of its diagonal points on the edge or in the corner, two in the centre (see
    /// [`super::eyes`]).
    pub(super) fn false_eye(&self, x: usize, own: Stone, dead: &[bool]) -> bool {
        let diagonals = eyes::diagonals_by(x, |p| self.neighbours(p).iter().copied());
        let enemy = opposite(own);
        let taken = diagonals
            .iter()
            .filter(|&&d| self.stones[d] == enemy && !dead[d])
            .count();
        eyes::enough_taken(diagonals.len(), taken)
    }
}

/// What reading found for the defender of the string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Value {
    /// The string is captured or cannot make two eyes.
    Dead,
    /// The string lives (or stands when play ends).
    Alive,
    /// The limits were reached first.
    Unknown,
}

/// The two answers for a string, and the nodes read.
#[derive(Clone, Debug)]
pub(super) struct Answer {
    /// With the opponent moving first.
    pub(super) opponent_first: Value,
    /// With the string's side moving first.
    pub(super) own_first: Value,
    /// Nodes read for both.
    pub(super) nodes: u64,
    /// The stones of the dragon read (at the start).
    pub(super) group: Vec<usize>,
}

/// The reader's fixed data for one position: neighbours, hash keys and the settled stones.
pub(super) struct Reader<'a> {
    adjacency: Vec<Vec<usize>>,
    keys: Vec<[u64; 2]>,
    stones: Vec<Stone>,
    known: Known<'a>,
    /// Nodes left for the position.
    pub(super) remaining: u64,
}

impl<'a> Reader<'a> {
    /// A reader of `position` taking `alive` and `dead` stones as settled.
    pub(super) fn new(
        position: &Position,
        alive: &'a [bool],
        firm: &'a [bool],
        dead: &'a [bool],
    ) -> Self {
        let topo = position.topology();
        let n = position.len();
        let adjacency = (0..n)
            .map(|p| {
                topo.neighbours_of(p as Point)
                    .iter()
                    .map(|&GeoPoint(q)| q as usize)
                    .collect()
            })
            .collect();
        // splitmix64: fixed keys, so readings are reproducible
        let mut state: u64 = 0x0a11_c0de_5eed;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let keys = (0..n).map(|_| [next(), next()]).collect();
        Reader {
            adjacency,
            keys,
            // dead stones are taken off: the reading is about the living ones, and a string
            // the opponent's dead stones would capture is not dead for it (J1989 7-1)
            stones: position
                .stones()
                .iter()
                .zip(dead)
                .map(|(&s, &d)| if d { Stone::Empty } else { s })
                .collect(),
            known: Known { alive, firm, dead },
            remaining: OWL_TOTAL_NODES,
        }
    }

    /// The static judgement of the dragon through `stone` (of colour `own`) on the position
    /// as it stands.
    #[cfg(test)]
    pub(super) fn judge(&self, stone: usize, own: Stone) -> Eval {
        let board = self.board();
        dragon::evaluate(&board, stone, own, &self.known).0
    }

    /// The position as the reader plays on it.
    fn board(&self) -> Board<'_> {
        let mut board = Board {
            adjacency: &self.adjacency,
            keys: &self.keys,
            stones: self.stones.clone(),
            ko: None,
            hash: 0,
        };
        board.hash = (0..board.stones.len()).fold(0, |h, p| h ^ board.key(p, board.stones[p]));
        board
    }

    /// Reads the string through `stone` both ways.
    pub(super) fn read(&mut self, stone: usize) -> Answer {
        let own = self.stones[stone];
        let board = self.board();
        // the opposing stones around it (next to it or to its liberties) must live for the
        // reading to mean anything (a stone whose attackers are dead is not dead: J1989 7-1):
        // one whose life is not known by reading (an estimate is not enough) must hold two
        // real eyes of its own (room around it does not count), else the two weak groups may
        // be in a seki or a capturing race that this reader does not count out (Black L19,
        // M18, N19 of Honinbo 1994 game 3, inside the eye space of a White group without a
        // second eye: seki stones for GNU Go 3.8)
        let (eval, dragon) = dragon::evaluate(&board, stone, own, &self.known);
        let enemy = opposite(own);
        let mut walls: Vec<usize> = dragon
            .stones
            .iter()
            .chain(&dragon.liberties)
            .flat_map(|&p| board.neighbours(p).iter().copied())
            .filter(|&q| board.stones[q] == enemy && !self.known.firm[q])
            .collect();
        walls.sort_unstable();
        walls.dedup();
        let walls_settled = walls
            .iter()
            .all(|&q| dragon::evaluate(&board, q, enemy, &self.known).1.firm);
        if eval == Eval::Alive || !walls_settled || eval == Eval::Dead {
            let value = match eval {
                Eval::Alive => Value::Alive,
                Eval::Dead if walls_settled => Value::Dead,
                _ => Value::Unknown,
            };
            return Answer {
                opponent_first: value,
                own_first: value,
                nodes: 1,
                group: dragon.stones,
            };
        }
        let mut search = Search {
            anchor: stone,
            own,
            known: &self.known,
            table: HashMap::new(),
            nodes: 0,
            budget: OWL_NODES.min(self.remaining),
        };
        let opponent_first = search.search(&board, false, false, 0);
        let own_first = if opponent_first == Value::Unknown {
            Value::Unknown
        } else {
            search.next_question(self.remaining);
            search.search(&board, true, false, 0)
        };
        let nodes = search.nodes;
        self.remaining = self.remaining.saturating_sub(nodes);
        Answer {
            opponent_first,
            own_first,
            nodes,
            group: dragon.stones,
        }
    }
}

/// One string's reading: an AND-OR search with a table of decided values.
struct Search<'k, 'a> {
    anchor: usize,
    own: Stone,
    known: &'k Known<'a>,
    /// (stones hash, ko point, defender to move, last move a pass) → value.
    table: HashMap<(u64, usize, bool, bool), Value>,
    nodes: u64,
    budget: u64,
}

impl Search<'_, '_> {
    /// A second question gets a budget of its own, within what the position has left.
    fn next_question(&mut self, remaining: u64) {
        let left = remaining.saturating_sub(self.nodes);
        self.budget = self.nodes + OWL_NODES.min(left);
    }

    fn search(&mut self, b: &Board, defender: bool, passed: bool, depth: usize) -> Value {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Value::Unknown;
        }
        // a position is stored only once judged open, so a stored one needs no judgement
        let key = (b.hash, b.ko.unwrap_or(usize::MAX), defender, passed);
        if depth < OWL_DEPTH {
            if let Some(&v) = self.table.get(&key) {
                return v;
            }
        }
        let (eval, dragon) = dragon::evaluate(b, self.anchor, self.own, self.known);
        match eval {
            Eval::Dead => return Value::Dead,
            Eval::Alive => return Value::Alive,
            Eval::Open => {}
        }
        if depth >= OWL_DEPTH {
            return Value::Unknown;
        }
        let mover = if defender {
            self.own
        } else {
            opposite(self.own)
        };
        let (goal, mut best) = if defender {
            (Value::Alive, Value::Dead)
        } else {
            (Value::Dead, Value::Alive)
        };
        let width = WIDTH[depth.min(WIDTH.len() - 1)];
        let moves = self.candidates(b, &dragon, mover, width);
        for child in moves {
            let value = self.search(&child, !defender, false, depth + 1);
            if value == goal {
                best = goal;
                break;
            }
            if value == Value::Unknown {
                best = Value::Unknown;
            }
        }
        // a pass: the defender may leave the group as it is; two passes end play with the
        // string standing (static death was checked above)
        if best != goal && defender {
            let value = if passed {
                Value::Alive
            } else {
                self.search(b, !defender, true, depth + 1)
            };
            if value == goal {
                best = goal;
            } else if value == Value::Unknown {
                best = Value::Unknown;
            }
        }
        if self.nodes <= self.budget {
            self.table.insert(key, best);
        }
        best
    }

    /// The legal moves worth reading for `mover`, best first, at most `width`.
    fn candidates<'a>(
        &self,
        b: &Board<'a>,
        dragon: &dragon::Dragon,
        mover: Stone,
        width: usize,
    ) -> Vec<Board<'a>> {
        let n = b.stones.len();
        let mut score = vec![0i32; n];
        let mut listed: Vec<usize> = Vec::new();
        let mut add = |p: usize, s: i32, score: &mut Vec<i32>| {
            if b.stones[p] == Stone::Empty {
                if score[p] == 0 {
                    listed.push(p);
                }
                score[p] += s;
            }
        };
        for &p in &dragon.urgent {
            add(p, 8, &mut score);
        }
        for &p in &dragon.liberties {
            add(p, 4, &mut score);
        }
        for &p in &dragon.domain {
            add(p, 1, &mut score);
        }
        let mut moves: Vec<(i32, usize, Board)> = Vec::new();
        for p in listed {
            // a side never fills a one-point eye of its own
            if b.neighbours(p).iter().all(|&q| b.stones[q] == mover) && score[p] < 8 {
                continue;
            }
            let Some(child) = b.play(p, mover) else {
                continue;
            };
            let mut s = score[p];
            s += b
                .neighbours(p)
                .iter()
                .filter(|&&q| b.stones[q] == Stone::Empty)
                .count() as i32;
            let (stones, libs) = child.string(p);
            let captured = b
                .neighbours(p)
                .iter()
                .any(|&q| b.stones[q] != Stone::Empty && child.stones[q] == Stone::Empty);
            if libs.len() == 1 && !captured && stones.len() > 1 {
                s -= 6; // a self-atari of several stones is rarely right
            }
            moves.push((s, p, child));
        }
        moves.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        moves.truncate(width);
        moves.into_iter().map(|(_, _, c)| c).collect()
    }
}

/// Reads every string the other steps left open as a group: those still undecided, and
/// those alive only on the estimate, whose reading had been left undecided. The verdicts on
/// every other stone (the estimate's among them) are taken as settled: living stones as
/// walls, dead ones taken off. A string the opponent kills moving first and that also dies
/// moving first is dead; one that dies only when the opponent moves first is dead under `ko`
/// = [`OpenKo::RetakeAfterPass`] (the Japanese Rules of 1989, article 7-1: stones the
/// opponent can capture are dead at the end of the game) and left as it was under area
/// rules. Such strings get [`LocalRule::Owl`]; every other string keeps its verdict.
pub(super) fn read_open_groups(position: &Position, life: &mut SearchedLife, ko: OpenKo) {
    let n = position.len();
    let mut unsure = vec![false; n];
    let mut targets = Vec::new();
    for (r, region) in life.regions.iter().enumerate() {
        for (k, s) in region.strings.iter().enumerate() {
            // a doubt a whole-region search proved, and a fight hanging on a ko, stay; so
            // does a string most playouts keep (random play rarely keeps a dead group)
            let open = match (&s.status, &s.basis) {
                (Status::Undecided(UndecidedReason::Ko), _) => false,
                (Status::Undecided(_) | Status::Alive, Basis::Estimated(e)) => {
                    matches!(e.reading, Reading::Undecided(_))
                        && u64::from(e.survived) * DOUBT_SHARE.1
                            <= u64::from(e.playouts) * DOUBT_SHARE.0
                }
                // a string only the estimate killed is read too: reading comes before the
                // estimate, which stays the last resort
                (Status::Dead, Basis::Estimated(e)) => matches!(e.reading, Reading::Undecided(_)),
                _ => false,
            };
            if open {
                s.stones.iter().for_each(|&p| unsure[p as usize] = true);
                targets.push((r, k));
            }
        }
    }
    if targets.is_empty() {
        return;
    }
    let mut alive = vec![false; n];
    let mut dead = vec![false; n];
    for &p in &life.alive {
        alive[p as usize] = !unsure[p as usize];
    }
    for &p in &life.dead {
        dead[p as usize] = !unsure[p as usize];
    }
    let mut firm = alive.clone();
    // a seki partner lives only with its partner: not a wall to read against
    life.seki.iter().for_each(|&p| firm[p as usize] = false);
    for s in life.regions.iter().flat_map(|r| &r.strings) {
        if s.basis.is_estimated() {
            s.stones.iter().for_each(|&p| firm[p as usize] = false);
        }
    }
    let mut reader = Reader::new(position, &alive, &firm, &dead);
    let mut killed: Vec<Point> = Vec::new();
    // stones of dragons whose reading found nothing: their other strings are not read again
    // (the same group, the same limits)
    let mut unread = vec![false; n];
    for (r, k) in targets {
        if reader.remaining == 0 {
            break;
        }
        let s = &mut life.regions[r].strings[k];
        if unread[s.stones[0] as usize] {
            continue;
        }
        let answer = reader.read(s.stones[0] as usize);
        if answer.opponent_first == Value::Unknown {
            answer.group.iter().for_each(|&p| unread[p] = true);
        }
        s.nodes += answer.nodes;
        if answer.opponent_first != Value::Dead {
            continue;
        }
        let unsettled = answer.own_first != Value::Dead;
        if unsettled && (ko != OpenKo::RetakeAfterPass || !SETTLE_BY_7_1) {
            continue;
        }
        s.status = Status::Dead;
        s.survives_opponent_first = Some(false);
        s.survives_own_first = match answer.own_first {
            Value::Dead => Some(false),
            Value::Alive => Some(true),
            Value::Unknown => None,
        };
        s.basis = Basis::Local(LocalRule::Owl { unsettled });
        killed.extend_from_slice(&s.stones);
    }
    if killed.is_empty() {
        return;
    }
    life.undecided.retain(|p| !killed.contains(p));
    life.alive.retain(|p| !killed.contains(p));
    life.estimated.retain(|p| !killed.contains(p));
    life.dead.extend_from_slice(&killed);
    life.dead.sort_unstable();
    life.local.extend_from_slice(&killed);
    life.local.sort_unstable();
    life.local.dedup();
}

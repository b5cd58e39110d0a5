//! Depth-first proof-number search (df-pn, Nagai 2002) for tsume: OR nodes are attacker
//! turns (every move a check), AND nodes defender turns. Enhancements: transposition table
//! with hand superiority and proof / disproof pieces (Seo 1999), new AND nodes initialised
//! by their number of evasions, the 1+ε threshold trick of df-pn+ against thrashing,
//! loops counted as the attacker's failure (a cycle of checks is no solution; a return to a
//! path position's board with no more in hand gains nothing either), with the disproofs that
//! rest on a loop kept per search path rather than in the table (graph history
//! interaction), an optional ply bound for exact shortest-mate searches, and table
//! garbage collection by subtree size.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use hashbrown::HashMap;

use super::hands;
use super::node::Node;
use super::shortcut::{Gather, Mates, Tried};
use super::table::{INF, KeyBuild, PN_MAX, Probe, Table};
use crate::types::{Bitboard, Hand, Kind, Move, Square};

/// Loop disproofs kept by path key before they are forgotten (they can be found again).
const LOOP_LIMIT: usize = 1 << 22;

/// Nodes of a search after which only the cheapest mate tests are made at expansion (see
/// [`Search::shortcut`]): short mates make up most of a short problem's proof, but in a long
/// one, whose proof runs through hundreds of plies of checks and escapes, most mate-in-one
/// tests fail (measured on 図巧100番「寿」: 1 in 25) and cost more than the visits they
/// save. [`super::solve`] searches a problem not settled within this many nodes again
/// without them.
pub(crate) const SHORTCUT_NODES: u64 = 1 << 14;

/// Plies beyond which a line counts as failed (longer than any known problem).
pub(crate) const MAX_PLY: u32 = 4000;

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    Nodes,
    Time,
    /// The caller raised the cancellation flag ([`super::Options::stop`]).
    Cancelled,
}

/// Whether the caller raised the cancellation flag.
#[inline]
pub(crate) fn cancelled(flag: &Option<Arc<AtomicBool>>) -> bool {
    flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
}

/// Adds the 1024 nodes searched since the last clock reading to the progress counter, if
/// there is one. Always false, so that it can sit in a chain of stop conditions.
pub(crate) fn counted(counter: &Option<Arc<AtomicU64>>) -> bool {
    if let Some(c) = counter {
        c.fetch_add(1024, Ordering::Relaxed);
    }
    false
}

#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Move,
    /// Table key: the board key, salted for the node after a free interposition drop.
    board: u64,
    hand: Hand,
    pn: u32,
    dn: u32,
    /// Proven: length; disproven: ply bound.
    len: u32,
    pieces: Hand,
    rep: bool,
    /// The child's ply bound.
    rem: u32,
    /// Plies the move itself adds to the parent's count: 1, or as set by [`Costs`].
    up: i32,
    /// The square of the free capture below this child (a free interposition drop).
    free: Option<Square>,
    /// Out of the bound before it is searched: a failure within the parent's bound.
    skip: bool,
}

impl Child {
    /// The child's length (or disproof bound) counted from the parent.
    #[inline]
    fn up_len(&self) -> u32 {
        if self.len == INF {
            INF
        } else {
            self.len.saturating_add_signed(self.up)
        }
    }

    #[inline]
    fn set_repetition(&mut self, bound: u32) {
        self.pn = INF;
        self.dn = 0;
        self.len = bound;
        self.pieces = self.hand;
        self.rep = true;
    }

    #[inline]
    fn set(&mut self, p: Probe) {
        match p {
            Probe::Open { pn, dn } => {
                self.pn = pn;
                self.dn = dn;
            }
            Probe::Proven { len, pieces } => {
                self.pn = 0;
                self.dn = INF;
                self.len = len;
                self.pieces = pieces;
            }
            Probe::Disproven { pieces, bound, rep } => {
                self.pn = INF;
                self.dn = 0;
                self.len = bound;
                self.pieces = pieces;
                self.rep = rep;
            }
        }
    }
}

/// The positions on the search path, for loop detection. A position whose board (and side
/// to move) is on the path with an attacker hand at least as large is a loop that gained the
/// attacker nothing: any mate through it would also mate from the earlier position without
/// the loop (hand superiority), so it counts as the attacker's failure like an exact
/// repetition. Without this, such a position reads the open numbers of its own ancestor
/// (superiority lookup) and the numbers climb around the loop without end.
///
/// Each path position also gets a key of the whole path from the search root to it: a
/// disproof that rests on a loop holds only for the path it was found on (the graph
/// history interaction problem), so it is recorded under that key and not in the table.
struct Path {
    /// The last path position of each board key on the path (most boards: none).
    last: HashMap<u64, u32, KeyBuild>,
    /// Path positions by the top byte of their board key: a board whose count is zero is
    /// not on the path, found without a map lookup (on short paths, nearly every child).
    buckets: [u16; 256],
    /// Board, attacker hand, and the index of the previous path position with the same
    /// board (`u32::MAX`: none), so that a loop test visits only the positions of its board.
    stack: Vec<(u64, Hand, u32)>,
    keys: Vec<u64>,
}

/// A set of board keys that may answer "present" for a board never inserted but never
/// "absent" for one that was: a bit per hash of the key. Loop disproofs are looked up for
/// every child at every visit, by a key of the whole path, in a map that grows to millions
/// of entries on a long problem; most children's boards have none, and the filter, a
/// fraction of the map's size, answers that without the map's cache misses. Allocated
/// small at the first insertion and grown with the insertions up to [`FILTER_BITS`], so
/// that a short search with a loop or two never pays for clearing the full filter (half a
/// MiB, which took a tenth of the first proof of the 無駄合 problem).
#[derive(Default)]
struct BoardFilter {
    bits: Vec<u64>,
    /// 64 less the bits of a bit index (the board key's top bits index the filter).
    shift: u32,
    /// The boards inserted while the filter is below its full size, to insert them again
    /// when it grows (emptied for good once it is full).
    boards: Vec<u64>,
}

/// Bits of [`BoardFilter`] at its full size (512 KiB).
const FILTER_BITS: usize = 1 << 22;

/// Bits of [`BoardFilter`] at its first insertion (64 bytes).
const FILTER_START_BITS: usize = 1 << 9;

impl BoardFilter {
    #[inline]
    fn bit(&self, board: u64) -> usize {
        // The board keys are uniform: their top bits index the filter.
        (board >> self.shift) as usize
    }

    /// False only when `board` was never inserted since the last clearing.
    #[inline]
    fn may_hold(&self, board: u64) -> bool {
        if self.bits.is_empty() {
            return false;
        }
        let b = self.bit(board);
        self.bits[b / 64] & (1 << (b % 64)) != 0
    }

    fn insert(&mut self, board: u64) {
        let size = self.bits.len() * 64;
        if size < FILTER_BITS {
            self.boards.push(board);
            // Grown at one board per 16 bits, so that few absent boards read "present".
            if size == 0 || self.boards.len() > size / 16 {
                self.grow();
                return;
            }
        }
        self.set(board);
    }

    #[inline]
    fn set(&mut self, board: u64) {
        let b = self.bit(board);
        self.bits[b / 64] |= 1 << (b % 64);
    }

    /// Sixteen times the bits (at most [`FILTER_BITS`]), every board inserted so far set
    /// again.
    #[cold]
    fn grow(&mut self) {
        let size = match self.bits.len() * 64 {
            0 => FILTER_START_BITS,
            n => (n * 16).min(FILTER_BITS),
        };
        self.bits = vec![0; size / 64];
        self.shift = 64 - size.trailing_zeros();
        let boards = std::mem::take(&mut self.boards);
        for &b in &boards {
            self.set(b);
        }
        if size < FILTER_BITS {
            self.boards = boards;
        }
    }

    fn clear(&mut self) {
        if self.bits.len() * 64 < FILTER_BITS {
            // Below its full size the filter lists every board inserted: only their bits
            // are set (a short search inserts a few).
            for &b in &self.boards {
                let i = self.bit(b);
                self.bits[i / 64] &= !(1 << (i % 64));
            }
        } else {
            self.bits.fill(0);
        }
        self.boards.clear();
    }
}

/// Empties a map for a new search. Clearing a map costs a write per bucket however few
/// entries it holds, so an empty one is left as it is and a large one (grown by a long
/// search) is dropped: the next search grows it again only if it needs it.
fn emptied<V>(map: &mut HashMap<u64, V, KeyBuild>) {
    if map.is_empty() {
        return;
    }
    if map.capacity() > 1 << 12 {
        *map = HashMap::default();
    } else {
        map.clear();
    }
}

/// The path key of a position reached from a path with key `prev`.
#[inline]
fn path_key(prev: u64, board: u64, hand: &Hand) -> u64 {
    let h = hand.packed();
    let x = prev.rotate_left(17) ^ board ^ h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x.wrapping_mul(0xff51_afd7_ed55_8ccd) ^ (x >> 29)
}

impl Default for Path {
    fn default() -> Path {
        Path {
            last: HashMap::default(),
            buckets: [0; 256],
            stack: Vec::new(),
            keys: Vec::new(),
        }
    }
}

/// The bucket of a board key in [`Path::buckets`].
#[inline]
fn bucket(board: u64) -> usize {
    (board >> 56) as usize
}

impl Path {
    /// Empties the path for a new search (a search that returned left it empty already:
    /// every push is popped on the way back, and every bucket count is down to zero).
    fn clear(&mut self) {
        if self.stack.is_empty() {
            // Every count is back to zero, the map empty.
            return;
        }
        emptied(&mut self.last);
        self.buckets = [0; 256];
        self.stack.clear();
        self.keys.clear();
    }

    fn push(&mut self, board: u64, hand: Hand) {
        let b = &mut self.buckets[bucket(board)];
        *b = b.saturating_add(1);
        let index = self.stack.len() as u32;
        let prev = self.last.insert(board, index).unwrap_or(u32::MAX);
        self.stack.push((board, hand, prev));
        let key = self.child_key(board, &hand);
        self.keys.push(key);
    }

    /// The path key of the current (last) position.
    #[inline]
    fn key(&self) -> u64 {
        self.keys.last().copied().unwrap_or(0)
    }

    /// The path key a child of the current position would get.
    #[inline]
    fn child_key(&self, board: u64, hand: &Hand) -> u64 {
        path_key(self.key(), board, hand)
    }

    fn pop(&mut self) {
        self.keys.pop();
        if let Some((board, _, prev)) = self.stack.pop() {
            let b = &mut self.buckets[bucket(board)];
            *b = b.saturating_sub(1);
            if prev == u32::MAX {
                self.last.remove(&board);
            } else {
                self.last.insert(board, prev);
            }
        }
    }

    /// Whether a path position has this board with an attacker hand containing `hand`.
    #[inline]
    fn dominates(&self, board: u64, hand: &Hand) -> bool {
        if self.buckets[bucket(board)] == 0 {
            return false;
        }
        let mut i = match self.last.get(&board) {
            Some(&i) => i,
            None => return false,
        };
        while i != u32::MAX {
            let (_, h, prev) = &self.stack[i as usize];
            if hands::le(hand, h) {
                return true;
            }
            i = *prev;
        }
        false
    }
}

pub(crate) struct Search {
    pub(crate) node: Node,
    pub(crate) table: Table,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    /// Cancellation flag, read with the clock.
    pub(crate) stop: Option<Arc<AtomicBool>>,
    /// Raised by 1024 at each clock reading ([`super::Options::progress`]).
    pub(crate) progress: Option<Arc<AtomicU64>>,
    pub(crate) stopped: Option<Stop>,
    /// The node count at which the clock is read next: node counts grow by whole subtrees
    /// between budget checks, so a test on exact multiples could miss the deadline for good.
    next_clock_check: u64,
    path: Path,
    /// Disproofs that rest on a loop, by path key: each holds for this many plies on the
    /// one path it was found on.
    loops: HashMap<u64, u32, KeyBuild>,
    /// The boards of the positions in [`Self::loops`], as a filter read before the map.
    loop_boards: BoardFilter,
    /// The children of every node on the search path, each node's above its parent's
    /// (one buffer instead of an allocation per node).
    stack: Vec<Child>,
    /// Count drop interpositions as free when the attacker takes the dropped piece at
    /// once (see [`Costs`]).
    pub(crate) free_pairs: bool,
    /// At an attacker node reached by a free interposition drop: the dropped piece's square.
    free: Option<Square>,
    /// Move buffers for the generators, reused from node to node (see [`Search::buffer`]).
    pub(crate) buffers: Vec<Vec<Move>>,
    /// Children whose cheap mate test failed (not tested again when expanded again).
    pub(super) tried: Tried,
    /// Attacker nodes where the mate-in-one test found a mate, with the mating check.
    pub(super) mates: Mates,
    /// Make the cheap mate tests at expansion (for the first [`SHORTCUT_NODES`] nodes).
    pub(crate) shortcuts: bool,
    /// The check the last proof of the root went through (the proven child of least
    /// length, as stored), set when a visit of the root ends proven.
    pub(crate) root_move: Option<Move>,
}

/// Ply costs of the free-pairs count, a lower bound of the composers' count: a drop
/// interposition followed at once by the capture of the dropped piece adds nothing, every
/// other move one ply. The conventional count leaves out a useless drop and its capture
/// and counts the others, so it is never below this one (the attacker holding the taken
/// piece never mates later than without it): a position with no free-pairs mate within
/// `d` plies has no conventional mate within `d` either.
///
/// Accounting: the drop child is searched with two plies more than a counted move would
/// get (its bound `rem + 1`, its length taken one ply *less* by the parent) and its table
/// key is salted with the drop square, since its numbers are in these shifted units; below
/// it the capture on that square is an ordinary ply and every other check costs three.
struct Costs;

impl Costs {
    /// Salt of the table key of a node reached by a free drop on `sq`.
    #[inline]
    fn salt(sq: Square) -> u64 {
        0x9e37_79b9_7f4a_7c15u64.wrapping_mul(sq.index() as u64 + 1) | 1
    }
}

/// Proof pieces of a mated AND node: nothing, except that where the defender could have
/// interposed but holds no piece of a kind, the attacker must keep all it holds of that
/// kind (with fewer, the defender would hold one and could drop it).
pub(crate) fn and_proof_base(node: &Node) -> Hand {
    and_proof_base_blocking(node, node.interposition_squares())
}

/// [`and_proof_base`] of a mated AND node whose interposition squares (`block`, as
/// [`Node::interposition_squares`] gives them) are already known.
#[inline]
pub(crate) fn and_proof_base_blocking(node: &Node, block: Bitboard) -> Hand {
    let mut pieces = Hand::default();
    if block.any() {
        let ours = node.attacker_hand();
        let theirs = node.defender_hand();
        for k in Kind::HAND {
            if theirs.count(k) == 0 {
                pieces.0[k.index()] = ours.count(k);
            }
        }
    }
    pieces
}

impl Search {
    pub(crate) fn new(node: Node, table_limit: usize) -> Search {
        Search {
            node,
            table: Table::new(table_limit),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: None,
            progress: None,
            stopped: None,
            next_clock_check: 0,
            path: Path::default(),
            loops: HashMap::default(),
            loop_boards: BoardFilter::default(),
            stack: Vec::with_capacity(256),
            free_pairs: false,
            free: None,
            buffers: Vec::new(),
            tried: Tried::default(),
            mates: Mates::default(),
            shortcuts: true,
            root_move: None,
        }
    }

    /// Forgets the disproofs that rest on a loop (kept by path, outside the table). A
    /// search that counts plies another way (the floor search of the lower bound, which
    /// counts a captured drop interposition as free) must not read them: one found by an
    /// every-ply search from the same root along the same path says nothing of the other
    /// count.
    pub(crate) fn forget_loops(&mut self) {
        self.loops.clear();
        self.loop_boards.clear();
    }

    /// Makes the search over for the position of `node`, as [`Self::new`] would make it
    /// with the same table limit (the limits are left to the caller), but keeping the
    /// memory of the table, the memos, the path and the buffers: for a caller that solves
    /// problem after problem (see [`super::Solver`]), clearing what a short search used is
    /// cheaper than allocating it again. The search then runs exactly as a new one
    /// (same nodes, same answers).
    pub(crate) fn reset(&mut self, node: Node) {
        self.node = node;
        self.table.clear();
        self.nodes = 0;
        self.stopped = None;
        self.next_clock_check = 0;
        self.path.clear();
        emptied(&mut self.loops);
        if self.loop_boards.bits.len() * 64 > FILTER_START_BITS {
            // Grown by a long search: a short one starts small again (see `BoardFilter`).
            self.loop_boards = BoardFilter::default();
        } else {
            self.loop_boards.clear();
        }
        self.stack.clear();
        self.free_pairs = false;
        self.free = None;
        self.tried.clear();
        self.mates.clear();
        self.shortcuts = true;
        self.root_move = None;
    }

    /// Table key of the current node.
    #[inline]
    fn key_here(&self) -> u64 {
        match self.free {
            Some(sq) => self.node.board_key() ^ Costs::salt(sq),
            None => self.node.board_key(),
        }
    }

    /// Searches the current node until it is proven, disproven (within `rem` plies) or
    /// a limit stops the search. Returns the final probe of the node.
    pub(crate) fn solve(&mut self, rem: u32) -> Probe {
        self.stopped = None;
        let (board, hand) = (self.node.board_key(), self.node.attacker_hand());
        loop {
            let p = self.probe_here(rem);
            match p {
                Probe::Proven { .. } | Probe::Disproven { .. } => return p,
                Probe::Open { .. } => {
                    // A pass at the root can end without any budget check below it (a
                    // threshold already reached, or a result unreadable at `rem`): the
                    // clock is read before every pass, so no loop outlives the deadline.
                    self.next_clock_check = self.nodes;
                    if self.out_of_budget() {
                        return p;
                    }
                }
            }
            // Infinite root thresholds: sums double-count shared subtrees, so in long
            // ply-bounded searches a root number can reach the largest finite value, and
            // a finite threshold would then end every pass at once without progress.
            self.path.push(board, hand);
            self.mid(INF, INF, rem, 0);
            let key = self.path.key();
            self.path.pop();
            // A disproof of the root resting on a loop is final: the loop runs through
            // the root itself.
            if let Some(&bound) = self.loops.get(&key)
                && rem <= bound
            {
                return Probe::Disproven {
                    pieces: hand,
                    bound,
                    rep: true,
                };
            }
        }
    }

    pub(crate) fn probe_here(&self, rem: u32) -> Probe {
        self.table
            .probe(self.node.board_key(), &self.node.attacker_hand(), rem)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.stopped = Some(Stop::Nodes);
            return true;
        }
        if self.nodes >= self.next_clock_check {
            self.next_clock_check = self.nodes + 1024;
            counted(&self.progress);
            if cancelled(&self.stop) {
                self.stopped = Some(Stop::Cancelled);
                return true;
            }
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.stopped = Some(Stop::Time);
                return true;
            }
        }
        false
    }

    /// Pushes the children of the current node with their table values onto the child
    /// stack. A new AND child that has no evasion is recorded as mate right away; a child
    /// already on the search path is a repetition (the attacker's failure).
    fn expand(&mut self, or: bool, rem: u32) {
        let mut moves = self.buffer();
        if or {
            self.node.pos.generate_checks(&mut Gather(&mut moves));
        } else {
            self.node.pos.generate_evasions(&mut Gather(&mut moves));
        }
        let base = self.stack.len();
        let between = if self.free_pairs && !or {
            self.node.interposition_squares()
        } else {
            Bitboard::EMPTY
        };
        for &mv in moves.iter() {
            let (rem, up, free, skip) = match (mv, self.free) {
                // A free interposition drop.
                (Move::Drop { to, .. }, _) if between.contains(to) => {
                    (rem.saturating_add(1), -1, Some(to), false)
                }
                // Below a free drop: its capture is an ordinary ply, any other check
                // counts the drop and its answer too.
                (_, Some(sq)) if or && (mv.is_drop() || mv.to() != sq) => {
                    (rem.saturating_sub(3), 3, None, rem < 3)
                }
                _ => (rem.saturating_sub(1), 1, None, false),
            };
            // The child's keys without playing the move.
            let hand = self.node.attacker_hand_after(mv);
            let board = match free {
                Some(sq) => self.node.board_key_after(mv) ^ Costs::salt(sq),
                None => self.node.board_key_after(mv),
            };
            self.stack.push(Child {
                mv,
                board,
                hand,
                pn: 1,
                dn: 1,
                len: 0,
                pieces: hand,
                rep: false,
                rem,
                up,
                free,
                skip,
            });
        }
        self.give_back(moves);
        self.table.touch(self.stack[base..].iter().map(|c| c.board));
        // An attacker node with a proven check is settled: its other checks get only
        // their replies counted.
        let mut settled = false;
        // The defender king's flight squares here, found at the first settled check.
        let mut flight = None;
        for i in base..self.stack.len() {
            settled |= or && i > base && self.stack[i - 1].pn == 0;
            let mut c = self.stack[i];
            if c.skip {
                // No mate within the parent's bound through this move.
                c.pn = INF;
                c.dn = 0;
                c.len = 0;
                c.up = rem as i32;
                c.pieces = hands::FULL;
                self.stack[i] = c;
                continue;
            }
            if let Some(bound) = self.loop_here(c.board, &c.hand, c.rem) {
                c.set_repetition(bound);
                self.stack[i] = c;
                continue;
            }
            match self.table.probe(c.board, &c.hand, c.rem) {
                Probe::Open { pn, dn } => {
                    c.pn = pn;
                    c.dn = dn;
                    if (pn, dn) == (1, 1) {
                        self.shortcut(or, settled, &mut c, &mut flight);
                    }
                }
                p => c.set(p),
            }
            self.stack[i] = c;
        }
        if or {
            self.note_no_mate(base);
        }
    }

    /// Records at the mate-in-one memo that no check of the current attacker node mates
    /// at once, when every child pushed from `base` on was looked at and none is a
    /// position without reply: the reading of the line then takes the first child proven
    /// in two plies without looking up the other checks (see `line::Walk`). Only in the
    /// plain search (a free drop changes the plies counted) and during the first
    /// [`SHORTCUT_NODES`] nodes, as the memo's other records.
    fn note_no_mate(&mut self, base: usize) {
        if self.free_pairs || self.free.is_some() || self.nodes >= SHORTCUT_NODES {
            return;
        }
        let children = &self.stack[base..];
        if children
            .iter()
            .any(|c| c.skip || c.rep || (c.pn == 0 && c.len == 0))
        {
            return;
        }
        let (board, hand) = (self.node.board_key(), self.node.attacker_hand());
        self.mates.record(board, &hand, None);
    }

    /// The cheap mate tests of a new child (see [`super::shortcut`]): at an attacker
    /// child a mate in one, at a defender child its number of replies (its proof number)
    /// and a mate in two. Past [`SHORTCUT_NODES`] only the replies are counted, and a
    /// drop interposition is tested for a mate by taking the dropped piece. Not below a
    /// free interposition drop nor in the free-pairs count, whose plies these tests do not
    /// count. `settled`: an earlier check of this attacker node is proven already;
    /// `flight`: the defender king's flight squares at this node once known.
    fn shortcut(&mut self, or: bool, settled: bool, c: &mut Child, flight: &mut Option<Bitboard>) {
        let plain = self.free_pairs || c.free.is_some() || self.free.is_some();
        let off = !self.shortcuts || self.nodes >= SHORTCUT_NODES || settled;
        if plain || off || self.tried.failed(c.board, &c.hand) {
            if or && settled {
                // The node is proven already: only a check without reply (a shorter
                // proof) can change what it stores, so its replies are not counted.
                let free = *flight.get_or_insert_with(|| {
                    self.node
                        .pos
                        .king_step_squares(!self.node.pos.side_to_move())
                });
                self.mated_or_open(c, free);
            } else if or {
                self.count_replies(c);
            } else if let (false, Move::Drop { to, .. }) = (plain, c.mv)
                && c.rem >= 1
            {
                // A drop interposition whose piece is taken with mate (the 無駄合 pattern;
                // most interpositions are taken this way).
                let u = self.node.play(c.mv);
                let proof = self.mate_by_capture(to);
                self.node.unplay(c.mv, u);
                self.proven_child(c, proof, 1);
            }
            return;
        }
        if !or && c.rem == 0 {
            return;
        }
        let u = self.node.play(c.mv);
        let (proof, len) = if or {
            let (replies, estimate) = self.reply_estimate();
            if replies.is_empty() {
                self.give_back(replies);
                (Some(and_proof_base(&self.node)), 0)
            } else {
                c.pn = estimate;
                match c.rem >= 2 {
                    true => (self.mated_in_2(replies), 2),
                    false => {
                        self.give_back(replies);
                        (None, 0)
                    }
                }
            }
        } else if let Move::Drop { to, .. } = c.mv {
            // A drop interposition: a mate in one, if any, nearly always takes the piece.
            (self.mate_by_capture(to), 1)
        } else {
            (self.mate_in_1(), 1)
        };
        self.node.unplay(c.mv, u);
        // Not a drop interposition's failed capture test: that test is made again at each
        // expansion anyway, and a record at an attacker child means "no mate in one" (the
        // mate-in-two test reads it so).
        if proof.is_none() && len > 0 && (or || !c.mv.is_drop()) {
            self.tried.record(c.board, &c.hand, ());
        }
        self.proven_child(c, proof, len);
    }

    /// Records a child proven by a shortcut test (`proof`: its proof pieces), `len` plies
    /// long.
    fn proven_child(&mut self, c: &mut Child, proof: Option<Hand>, len: u32) {
        if let Some(pieces) = proof {
            self.table.store_proof(c.board, c.hand, pieces, len, 1);
            c.pn = 0;
            c.dn = INF;
            c.len = len;
            c.pieces = pieces;
        }
    }

    /// A new defender child's proof number: its number of replies (proven at once when
    /// it has none).
    fn count_replies(&mut self, c: &mut Child) {
        let u = self.node.play(c.mv);
        let replies = self.node.pos.count_evasions();
        if replies == 0 {
            let pieces = and_proof_base(&self.node);
            self.table.store_proof(c.board, c.hand, pieces, 0, 1);
            c.pn = 0;
            c.dn = INF;
            c.pieces = pieces;
        } else {
            c.pn = u32::try_from(replies).unwrap_or(PN_MAX).min(PN_MAX);
        }
        self.node.unplay(c.mv, u);
    }

    /// A new defender child of a settled attacker node: proven at once when it has no
    /// reply, else left open (its proof number is never read: the parent is finished
    /// right after its expansion). `free`: the defender king's flight squares before the
    /// check, so that a check leaving the king a step is passed without playing it.
    fn mated_or_open(&mut self, c: &mut Child, free: Bitboard) {
        if self.node.pos.king_steps_after(c.mv, free) {
            return;
        }
        let u = self.node.play(c.mv);
        if !self.node.pos.has_evasion() {
            let pieces = and_proof_base(&self.node);
            self.table.store_proof(c.board, c.hand, pieces, 0, 1);
            c.pn = 0;
            c.dn = INF;
            c.pieces = pieces;
        }
        self.node.unplay(c.mv, u);
    }

    /// The proof pieces of a mate in one by a capture on `sq` at the current node
    /// (attacker to move), if there is one: those of the mated position, less the captured
    /// piece (as [`Self::finish`] derives them). The mated position's proof is stored, as
    /// a visit would store it (reading the line back looks for it).
    fn mate_by_capture(&mut self, sq: Square) -> Option<Hand> {
        let hand = self.node.attacker_hand();
        let us = self.node.pos.side_to_move();
        let takers = self.node.pos.attackers_to(sq, us, self.node.pos.occupied());
        for from in takers {
            let Some(piece) = self.node.pos.piece_at(from) else {
                continue;
            };
            // The promotion choices the rules allow (a full legality test would list every
            // legal move of the position).
            let zone = crate::tables::zone(us);
            let may_promote =
                piece.kind.can_promote() && (zone.contains(from) || zone.contains(sq));
            let may_stay = !crate::tables::dead_squares(us, piece.kind).contains(sq);
            for promote in [false, true] {
                if (promote && !may_promote) || (!promote && !may_stay) {
                    continue;
                }
                let mv = Move::Board {
                    from,
                    to: sq,
                    promote,
                };
                let taken = self.node.captured(mv);
                let u = self.node.play(mv);
                let pos = &self.node.pos;
                // Legal (the mover's king not left attacked), a check, and no evasion.
                let legal = pos
                    .king(us)
                    .is_none_or(|k| !pos.is_attacked(k, !us, pos.occupied()));
                let mated = (legal && pos.in_check() && !pos.has_evasion())
                    .then(|| and_proof_base(&self.node));
                if let Some(pieces) = mated {
                    let (board, after) = (self.node.board_key(), self.node.attacker_hand());
                    self.table.store_proof(board, after, pieces, 0, 1);
                }
                self.node.unplay(mv, u);
                if let Some(mut pieces) = mated {
                    if let Some(v) = taken {
                        hands::sub(&mut pieces, v);
                    }
                    return Some(hands::min(&pieces, &hand));
                }
            }
        }
        None
    }

    /// Whether the child (`board`, `hand`) of the current node fails on this path: a loop
    /// back to the path, or a disproof found on this very path that rests on a loop. The
    /// number of plies the failure holds for.
    #[inline]
    fn loop_here(&self, board: u64, hand: &Hand, rem: u32) -> Option<u32> {
        if self.path.dominates(board, hand) {
            return Some(INF);
        }
        if self.loops.is_empty() || !self.loop_boards.may_hold(board) {
            return None;
        }
        self.loops
            .get(&self.path.child_key(board, hand))
            .copied()
            .filter(|&bound| rem <= bound)
    }

    /// Records a disproof of the current node: in the table, or, when it rests on a loop,
    /// under the current path's key only.
    fn store_disproof(
        &mut self,
        board: u64,
        hand: Hand,
        pieces: Hand,
        bound: u32,
        rep: bool,
        amount: u32,
    ) {
        if rep {
            if self.loops.len() >= LOOP_LIMIT {
                self.loops.clear();
                self.loop_boards.clear();
            }
            self.loops.insert(self.path.key(), bound);
            self.loop_boards.insert(board);
        } else {
            self.table
                .store_disproof(board, hand, pieces, bound, amount);
        }
    }

    /// Reads every child's value again after one was searched (a transposition below it
    /// may have settled or changed its siblings too).
    fn refresh_all(&mut self, base: usize) {
        self.table.touch(self.stack[base..].iter().map(|c| c.board));
        for i in base..self.stack.len() {
            self.refresh(i);
        }
    }

    /// Reads a child's value again after it was searched.
    fn refresh(&mut self, i: usize) {
        let mut c = self.stack[i];
        if c.skip {
            return;
        }
        match self.loop_here(c.board, &c.hand, c.rem) {
            Some(bound) => c.set_repetition(bound),
            None => c.set(self.table.probe(c.board, &c.hand, c.rem)),
        }
        self.stack[i] = c;
    }

    /// Multiple iterative deepening at the current node.
    fn mid(&mut self, thpn: u32, thdn: u32, rem: u32, ply: u32) {
        self.nodes += 1;
        let start_nodes = self.nodes;
        let or = self.node.attacker_to_move();
        let board = self.key_here();
        let hand = self.node.attacker_hand();

        if ply >= MAX_PLY {
            self.store_disproof(board, hand, hand, rem, true, 1);
            return;
        }
        if or && rem == 0 {
            self.table.store_disproof(board, hand, hands::FULL, 0, 1);
            return;
        }
        let base = self.stack.len();
        self.expand(or, rem);
        if self.stack.len() == base {
            if or {
                let mut pieces = hands::FULL;
                for k in Kind::HAND {
                    if hand.count(k) == 0 {
                        pieces.0[k.index()] = 0;
                    }
                }
                self.table.store_disproof(board, hand, pieces, INF, 1);
            } else {
                let pieces = and_proof_base(&self.node);
                self.table.store_proof(board, hand, pieces, 0, 1);
            }
            return;
        }
        // Out of plies with a defence left, unless every defence is a free drop.
        if !or && rem == 0 && self.stack[base..].iter().any(|c| c.up >= 0) {
            self.table.store_disproof(board, hand, hand, 0, 1);
            self.stack.truncate(base);
            return;
        }

        loop {
            let (pn, dn) = aggregate(or, &self.stack[base..]);
            if pn == 0 || dn == 0 {
                let amount = u32::try_from(self.nodes - start_nodes + 1).unwrap_or(u32::MAX);
                let proving = self.finish(or, base, pn == 0, board, hand, amount);
                if ply == 0 && proving.is_some() {
                    self.root_move = proving;
                }
                self.stack.truncate(base);
                return;
            }
            if pn >= thpn || dn >= thdn || self.out_of_budget() {
                let amount = u32::try_from(self.nodes - start_nodes + 1).unwrap_or(u32::MAX);
                self.table.store_open(board, hand, pn, dn, amount);
                if self.table.full() {
                    self.table.collect();
                }
                self.stack.truncate(base);
                return;
            }
            let (best, second) = select(or, &self.stack[base..]);
            let c = self.stack[base + best];
            let (cthpn, cthdn) = if or {
                (
                    thpn.min(second.saturating_add(second / 4).saturating_add(1)),
                    share_of_sum(thdn, dn, c.dn),
                )
            } else {
                (
                    share_of_sum(thpn, pn, c.pn),
                    thdn.min(second.saturating_add(second / 4).saturating_add(1)),
                )
            };
            let u = self.node.play(c.mv);
            let free = std::mem::replace(&mut self.free, c.free);
            self.path.push(c.board, c.hand);
            self.mid(cthpn, cthdn, c.rem, ply + 1);
            self.path.pop();
            self.free = free;
            self.node.unplay(c.mv, u);
            self.refresh_all(base);
        }
    }

    /// Stores a resolved node with its proof or disproof pieces; at a proven attacker
    /// node, returns the check whose proof it took (the proven child of least length).
    fn finish(
        &mut self,
        or: bool,
        base: usize,
        proven: bool,
        board: u64,
        hand: Hand,
        amount: u32,
    ) -> Option<Move> {
        let children = &self.stack[base..];
        match (or, proven) {
            (true, true) => {
                let c = children
                    .iter()
                    .filter(|c| c.pn == 0)
                    .min_by_key(|c| c.up_len())
                    .copied()
                    .expect("a proven child");
                let mut pieces = c.pieces;
                match c.mv {
                    Move::Drop { kind, .. } => hands::add(&mut pieces, kind),
                    Move::Board { .. } => {
                        if let Some(v) = self.node.captured(c.mv) {
                            hands::sub(&mut pieces, v);
                        }
                    }
                }
                let pieces = hands::min(&pieces, &hand);
                self.table
                    .store_proof(board, hand, pieces, c.up_len(), amount);
                return Some(c.mv);
            }
            (false, true) => {
                let mut pieces = and_proof_base(&self.node);
                let mut len = 0;
                for c in children {
                    pieces = hands::max(&pieces, &c.pieces);
                    len = len.max(c.up_len());
                }
                let pieces = hands::min(&pieces, &hand);
                self.table.store_proof(board, hand, pieces, len, amount);
            }
            (true, false) => {
                let mut pieces = hands::FULL;
                let mut bound = INF;
                let mut rep = false;
                for c in children {
                    let mut p = c.pieces;
                    match c.mv {
                        Move::Drop { kind, .. } => hands::add(&mut p, kind),
                        Move::Board { .. } => {
                            if let Some(v) = self.node.captured(c.mv) {
                                hands::sub(&mut p, v);
                            }
                        }
                    }
                    pieces = hands::min(&pieces, &p);
                    bound = bound.min(c.up_len());
                    rep |= c.rep;
                }
                for k in Kind::HAND {
                    if hand.count(k) == 0 {
                        pieces.0[k.index()] = 0;
                    }
                }
                let pieces = hands::max(&pieces, &hand);
                self.store_disproof(board, hand, pieces, bound, rep, amount);
            }
            (false, false) => {
                // Prefer a refutation that does not rest on a repetition, then the
                // one valid for the most plies.
                let c = children
                    .iter()
                    .filter(|c| c.dn == 0)
                    .min_by_key(|c| (c.rep, std::cmp::Reverse(c.up_len())))
                    .copied()
                    .expect("a disproven child");
                let mut pieces = c.pieces;
                if let Move::Drop { kind, .. } = c.mv {
                    let total = hand.count(kind) + self.node.defender_hand().count(kind);
                    let i = kind.index();
                    pieces.0[i] = pieces.0[i].min(total.saturating_sub(1));
                }
                let pieces = hands::max(&pieces, &hand);
                self.store_disproof(board, hand, pieces, c.up_len(), c.rep, amount);
            }
        }
        None
    }
}

fn aggregate(or: bool, children: &[Child]) -> (u32, u32) {
    let mut min = INF;
    let mut sum: u64 = 0;
    for c in children {
        if or {
            min = min.min(c.pn);
            sum += u64::from(c.dn);
        } else {
            min = min.min(c.dn);
            sum += u64::from(c.pn);
        }
    }
    let has_inf = children
        .iter()
        .any(|c| if or { c.dn == INF } else { c.pn == INF });
    let sum = if has_inf {
        INF
    } else {
        u32::try_from(sum).unwrap_or(PN_MAX).min(PN_MAX)
    };
    if or { (min, sum) } else { (sum, min) }
}

/// A child's threshold on the number its node sums (`sum`, the child's part `own`), under
/// the node's threshold `th`: what the node's threshold leaves once its other children's
/// part is counted. An infinite threshold stays infinite. Sums saturate at [`PN_MAX`]
/// (they double-count shared subtrees, and on long ply-bounded searches reach it), and a
/// saturated sum less the child's part is no measure of the others: an infinite threshold
/// less it would leave the child the threshold of its own number plus one, and each visit
/// would end after a single step of the child's search, its other number never brought
/// to zero.
#[inline]
fn share_of_sum(th: u32, sum: u32, own: u32) -> u32 {
    if th == INF {
        return INF;
    }
    th.saturating_sub(sum.saturating_sub(own)).max(1)
}

/// Index of the most promising child and the second-smallest number.
fn select(or: bool, children: &[Child]) -> (usize, u32) {
    let mut best = 0;
    let mut best_v = INF;
    let mut second = INF;
    for (i, c) in children.iter().enumerate() {
        let v = if or { c.pn } else { c.dn };
        if v < best_v {
            second = best_v;
            best_v = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn a_saturated_sum_leaves_an_infinite_threshold_infinite() {
        // df-pn's child threshold (Nagai 2002): the node's threshold less its other
        // children's part. Under an infinite threshold a saturated sum (PN_MAX) less the
        // child's own number used to leave the child its number plus one: ミクロコスモス's
        // lower-bound phase crawled on such nodes (pn PN_MAX, dn 4 after 262,144 nodes).
        assert_eq!(share_of_sum(INF, PN_MAX, 37), INF);
        assert_eq!(share_of_sum(INF, 100, 37), INF);
        // A finite threshold: what the other children leave, at least one.
        assert_eq!(share_of_sum(200, 100, 37), 137);
        assert_eq!(share_of_sum(50, 100, 37), 1);
        assert_eq!(share_of_sum(PN_MAX, PN_MAX, 37), 37);
    }

    #[test]
    fn a_past_deadline_stops_every_solve_call_before_any_node() {
        // 図巧98番「裸玉」 (shogi.md §7.4): mate, far beyond a single node.
        let sfen = "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1";
        let mut s = Search::new(Node::new(Position::from_sfen(sfen).unwrap()), 1 << 12);
        s.deadline = Some(Instant::now());
        // Unbounded, ply-bounded (the shortening passes): each call stops at once, also
        // when called again after a stop (the line walk calls it once per child).
        for rem in [INF, 39, 35, 3] {
            assert!(matches!(s.solve(rem), Probe::Open { .. }), "{rem}");
            assert_eq!(s.stopped, Some(Stop::Time));
            assert_eq!(s.nodes, 0);
        }
        // A node limit already spent stops it the same way.
        s.deadline = None;
        s.node_limit = 0;
        assert!(matches!(s.solve(35), Probe::Open { .. }));
        assert_eq!(s.stopped, Some(Stop::Nodes));
        assert_eq!(s.nodes, 0);
        // So does a raised cancellation flag.
        s.node_limit = u64::MAX;
        s.stop = Some(Arc::new(AtomicBool::new(true)));
        assert!(matches!(s.solve(35), Probe::Open { .. }));
        assert_eq!(s.stopped, Some(Stop::Cancelled));
        assert_eq!(s.nodes, 0);
    }

    #[test]
    fn the_board_filter_never_loses_a_board_as_it_grows() {
        // The filter's contract (see `BoardFilter`): a board inserted reads "present" from
        // then on, through every growth up to the full size and after a clearing's
        // re-insertions; boards never inserted mostly read "absent".
        let mut rng = board_core::Rng::new(0x6669_6c74);
        let mut f = BoardFilter::default();
        assert!(!f.may_hold(rng.next_u64()));
        let boards: Vec<u64> = (0..400_000).map(|_| rng.next_u64()).collect();
        for (i, &b) in boards.iter().enumerate() {
            f.insert(b);
            if i.is_power_of_two() || i % 50_000 == 0 {
                assert!(boards[..=i].iter().all(|&b| f.may_hold(b)), "{i}");
            }
        }
        assert_eq!(f.bits.len() * 64, FILTER_BITS);
        assert!(f.boards.is_empty());
        let absent = (0..10_000).filter(|_| !f.may_hold(rng.next_u64())).count();
        assert!(absent > 8_000, "{absent}");
        f.clear();
        assert!(!boards.iter().any(|&b| f.may_hold(b)));
        f.insert(boards[0]);
        assert!(f.may_hold(boards[0]));
        // Cleared below its full size (only the bits of the boards listed are unset): as
        // empty as a new filter of that size.
        for n in [3, 100] {
            let mut f = BoardFilter::default();
            for &b in &boards[..n] {
                f.insert(b);
            }
            assert!(f.bits.len() * 64 < FILTER_BITS);
            f.clear();
            assert!(f.bits.iter().all(|&w| w == 0) && f.boards.is_empty(), "{n}");
        }
    }

    fn bounded(sfen: &str, free_pairs: bool, rem: u32) -> Probe {
        let mut s = Search::new(Node::new(Position::from_sfen(sfen).unwrap()), 1 << 16);
        s.free_pairs = free_pairs;
        s.solve(rem)
    }

    #[test]
    fn free_pairs_do_not_count_a_captured_drop_interposition() {
        // YaneuraOu mate3 #2 (shogi.md §7.4; tests/tsume.rs): a mate in 3 counting every
        // ply; after 2h3i the only replies are drops on 4i, taken with mate, so with the
        // pair free the count is 1, as the conventions count it (conventions.rs).
        let sfen = "l3kgsnl/9/p1pS+Bp3/7pp/6PP1/9/PPPPPPn1P/1B1GG2+r1/LNS1K3L w RG3Psnp 54";
        assert!(matches!(bounded(sfen, false, 1), Probe::Disproven { .. }));
        assert!(matches!(
            bounded(sfen, false, 3),
            Probe::Proven { len: 3, .. }
        ));
        assert!(matches!(
            bounded(sfen, true, 1),
            Probe::Proven { len: 1, .. }
        ));
        // The 無駄合 problem (sugyan/tsumeshogi-solver issue #5): 7 plies counting every
        // interposition, 5 by convention (tests/tsume.rs); the floor count may not be above
        // 5, and here it is 5: the mates within 7 plies have one drop interposition, at
        // their end, so freeing it leaves 5 (the mate-in-3 refutation is the search's).
        let sfen = "7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1";
        assert!(matches!(bounded(sfen, false, 5), Probe::Disproven { .. }));
        assert!(matches!(
            bounded(sfen, true, 5),
            Probe::Proven { len: 5, .. }
        ));
        assert!(matches!(bounded(sfen, true, 3), Probe::Disproven { .. }));
    }

    #[test]
    fn a_saturated_root_still_makes_progress() {
        // A root whose disproof number is already the largest finite value (as sums that
        // double-count shared subtrees reach in long bounded searches): the search goes on
        // and proves the mate. 頭金 (tests/tsume.rs: G*5b mates at once; textbook).
        let sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
        let mut s = Search::new(Node::new(Position::from_sfen(sfen).unwrap()), 1 << 12);
        let (board, hand) = (s.node.board_key(), s.node.attacker_hand());
        s.table.store_open(board, hand, 3, PN_MAX, 1);
        assert!(matches!(s.solve(INF), Probe::Proven { len: 1, .. }));
        assert_eq!(s.stopped, None);
    }
}

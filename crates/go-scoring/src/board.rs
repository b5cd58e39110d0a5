//! Playing Go: placing stones, captures, suicide and ko rules, passes and virtual moves, undo.
//!
//! Chains are circular linked lists of stones with a head point, a pseudo-liberty count
//! (number of stone/empty adjacencies, zero exactly when the chain has no liberty) and the
//! XOR of its stones' Zobrist keys. A chain's only liberty is `p` exactly when its
//! pseudo-liberties all come from its adjacencies to `p`, so legality, captures and the hash
//! after a move are known before the board changes: superko costs one probe of board-core's repetition table.

use crate::color::{Color, PerColor, Stone};
use crate::position::{Position, PositionError};
use crate::rules::{KoRule, Rules, SuicideRule};
use crate::topology::{NeighboursOf, Point, Shape};
use board_core::RepetitionTable;
use board_core::ZobristTable;
use board_geometry::Point as GeoPoint;
use std::fmt;
use std::sync::Arc;

/// A move: a stone on a point, a pass (放弃, giving up the turn) or a virtual move
/// (虚着: a stone played off the board, which counts as a move but changes no point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Move {
    /// A stone on the point.
    Place(Point),
    /// A pass (放弃).
    Pass,
    /// A virtual move (虚着): a move that places no stone.
    Virtual,
}

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The point is not on the board.
    OffBoard,
    /// The point holds a stone.
    Occupied,
    /// Immediate recapture of a ko under the simple ko rule.
    Ko,
    /// The move would recreate an earlier position (positional or situational superko).
    Superko,
    /// The move would leave its own chain without liberties and the rules forbid it.
    Suicide,
    /// It is the other colour's turn.
    WrongTurn,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "the point is off the board",
            IllegalMove::Occupied => "the point is occupied",
            IllegalMove::Ko => "it retakes a ko at once",
            IllegalMove::Superko => "it repeats an earlier position",
            IllegalMove::Suicide => "it is suicide",
            IllegalMove::WrongTurn => "it is the other colour's turn",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// The positions of the game so far, by repetition key. The keys are Zobrist hashes, already
/// uniformly random, so board-core's identity hasher passes them through unchanged.
type HashHistory = RepetitionTable;

/// Zobrist keys: two per point (Black, White) and, last, one for "White to move", drawn from
/// board-core's generator with a fixed seed so hashes are the same on every run.
#[derive(Debug)]
struct Keys {
    table: ZobristTable,
    white_to_move: u64,
}

impl Keys {
    const SEED: u64 = 0x0060_5EED;

    fn new(n: usize) -> Keys {
        let table = ZobristTable::new(2 * n + 1, Keys::SEED);
        let white_to_move = table.get(2 * n);
        Keys {
            table,
            white_to_move,
        }
    }
    #[inline]
    fn of(&self, p: Point, c: Color) -> u64 {
        self.table.get(2 * p as usize + c.index())
    }
}

/// What a legal move will do, computed before the board changes.
#[derive(Clone, Copy, Debug)]
struct Effect {
    hash: u64,
    /// The move removes its own chain (legal suicide).
    suicide: bool,
    /// The move joins at least one chain of its own colour.
    joins: bool,
    /// The move captures at least one chain.
    captures: bool,
}

/// How a move on an empty point touches the chains around it.
#[derive(Clone, Copy, Debug, Default)]
struct Surroundings {
    has_empty: bool,
    has_own: bool,
    /// Some own neighbouring chain keeps a liberty elsewhere.
    own_alive: bool,
    captured_any: bool,
    captured_hash: u64,
    own_hash: u64,
}

/// What a move changed beyond its record entry, so that undo can restore it exactly.
#[derive(Clone, Copy, Debug)]
struct UndoEntry {
    to_move: Color,
    ko: Option<Point>,
    consecutive_passes: u32,
    captures: PerColor<u32>,
    /// Where the stones this move removed start in `Board::removed`.
    removed_from: u32,
    /// The repetition key this move recorded in the history.
    inserted: Option<u64>,
}

/// A game in progress on any topology.
#[derive(Clone, Debug)]
pub struct Board {
    topology: Arc<Shape>,
    keys: Arc<Keys>,
    rules: Rules,
    stones: Vec<Stone>,
    head: Vec<Point>,
    next: Vec<Point>,
    size: Vec<u16>,
    plibs: Vec<u16>,
    chash: Vec<u64>,
    hash: u64,
    to_move: Color,
    ko: Option<Point>,
    history: HashHistory,
    empties: Vec<Point>,
    empty_slot: Vec<u16>,
    captures: PerColor<u32>,
    moves: PerColor<u32>,
    passes: PerColor<u32>,
    virtual_moves: PerColor<u32>,
    consecutive_passes: u32,
    setup: Position,
    setup_to_move: Color,
    record: Vec<(Color, Move)>,
    undo_log: Vec<UndoEntry>,
    /// Stones removed by the moves in `undo_log`, in order.
    removed: Vec<Point>,
    /// Flood-fill marks for undo (a point is visited when its mark equals `epoch`).
    mark: Vec<u32>,
    epoch: u32,
    removed_scratch: Vec<Point>,
}

impl Board {
    /// An empty board; the first player comes from the rules.
    pub fn new(topology: Arc<Shape>, rules: Rules) -> Board {
        let position = Position::empty(topology);
        Board::from_position(&position, rules, rules.first)
    }

    /// A board set up with `position` (already validated), `to_move` to play.
    pub fn from_position(position: &Position, rules: Rules, to_move: Color) -> Board {
        let topology = position.topology_arc().clone();
        let n = board_geometry::Topology::len(&*topology);
        let keys = Arc::new(Keys::new(n));
        let mut board = Board {
            topology,
            keys,
            rules,
            stones: vec![Stone::Empty; n],
            head: (0..n as Point).collect(),
            next: (0..n as Point).collect(),
            size: vec![0; n],
            plibs: vec![0; n],
            chash: vec![0; n],
            hash: 0,
            to_move,
            ko: None,
            history: HashHistory::with_capacity(2 * n + 1),
            empties: Vec::with_capacity(n),
            empty_slot: vec![u16::MAX; n],
            captures: PerColor::default(),
            moves: PerColor::default(),
            passes: PerColor::default(),
            virtual_moves: PerColor::default(),
            consecutive_passes: 0,
            setup: position.clone(),
            setup_to_move: to_move,
            record: Vec::with_capacity(n),
            undo_log: Vec::with_capacity(n),
            removed: Vec::new(),
            mark: vec![0; n],
            epoch: 0,
            removed_scratch: Vec::new(),
        };
        board.load(position);
        board
    }

    /// A board from an unchecked stone list; errors list every chain without liberties.
    pub fn from_stones(
        topology: Arc<Shape>,
        stones: Vec<Stone>,
        rules: Rules,
        to_move: Color,
    ) -> Result<Board, PositionError> {
        let position = Position::new(topology, stones)?;
        Ok(Board::from_position(&position, rules, to_move))
    }

    fn load(&mut self, position: &Position) {
        let n = self.stones.len();
        for p in 0..n {
            self.stones[p] = Stone::Empty;
            self.head[p] = p as Point;
            self.next[p] = p as Point;
        }
        self.hash = 0;
        self.empties.clear();
        for p in 0..n {
            self.empty_slot[p] = self.empties.len() as u16;
            self.empties.push(p as Point);
        }
        for chain in position.chains() {
            let h = chain.stones[0];
            let mut hash = 0;
            for (i, &s) in chain.stones.iter().enumerate() {
                self.stones[s as usize] = Stone::of(chain.color);
                self.head[s as usize] = h;
                self.next[s as usize] = chain.stones[(i + 1) % chain.stones.len()];
                hash ^= self.keys.of(s, chain.color);
                self.remove_empty(s);
            }
            self.size[h as usize] = chain.stones.len() as u16;
            self.chash[h as usize] = hash;
            self.hash ^= hash;
        }
        for p in 0..n as Point {
            if self.stones[p as usize] != Stone::Empty {
                let h = self.head[p as usize];
                if p == h {
                    self.plibs[h as usize] = 0;
                }
            }
        }
        for p in 0..n as Point {
            if self.stones[p as usize] != Stone::Empty {
                let empties = self
                    .topology
                    .neighbours_of(p)
                    .iter()
                    .filter(|q| self.stones[q.index()] == Stone::Empty)
                    .count() as u16;
                let h = self.head[p as usize];
                self.plibs[h as usize] += empties;
            }
        }
        self.history.clear();
        self.undo_log.clear();
        self.removed.clear();
        let key = self.history_key(self.hash, self.to_move);
        self.history.record(key, 0);
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        let slot = self.empty_slot[p as usize] as usize;
        let last = *self.empties.last().expect("point was empty");
        self.empties[slot] = last;
        self.empty_slot[last as usize] = slot as u16;
        self.empties.pop();
        self.empty_slot[p as usize] = u16::MAX;
    }

    #[inline]
    fn add_empty(&mut self, p: Point) {
        self.empty_slot[p as usize] = self.empties.len() as u16;
        self.empties.push(p);
    }

    #[inline]
    fn history_key(&self, hash: u64, to_move: Color) -> u64 {
        match self.rules.ko {
            KoRule::SituationalSuperko if to_move == Color::White => hash ^ self.keys.white_to_move,
            _ => hash,
        }
    }

    /// The board the game is played on.
    pub fn topology(&self) -> &Shape {
        &self.topology
    }
    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The colour whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.to_move
    }
    #[inline]
    /// What stands on point `p`.
    pub fn at(&self, p: Point) -> Stone {
        self.stones[p as usize]
    }
    /// Zobrist hash of the stones on the board.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Stones captured by each colour (prisoners it holds), suicides included.
    pub fn captures(&self) -> PerColor<u32> {
        self.captures
    }
    /// Real moves (stones placed) per colour.
    pub fn moves(&self) -> PerColor<u32> {
        self.moves
    }
    /// Passes (放弃) per colour.
    pub fn passes(&self) -> PerColor<u32> {
        self.passes
    }
    /// Virtual moves (虚着) per colour.
    pub fn virtual_moves(&self) -> PerColor<u32> {
        self.virtual_moves
    }
    /// Real plus virtual moves per colour: what the refill and "more moves give stones"
    /// procedures compare.
    pub fn counted_moves(&self) -> PerColor<u32> {
        PerColor::new(
            self.moves.black + self.virtual_moves.black,
            self.moves.white + self.virtual_moves.white,
        )
    }
    /// Number of passes in a row at the end of the record (two end the game).
    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }
    /// The point where the player to move may not retake a ko (simple ko only).
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }
    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> &[Point] {
        &self.empties
    }
    /// The moves played since the setup.
    pub fn record(&self) -> &[(Color, Move)] {
        &self.record
    }
    /// Liberties of the chain at `p` (0 for an empty point).
    pub fn liberties(&self, p: Point) -> usize {
        if self.stones[p as usize] == Stone::Empty {
            return 0;
        }
        let mut libs: Vec<Point> = Vec::new();
        for s in self.chain_stones(p) {
            for &GeoPoint(q) in self.topology.neighbours_of(s) {
                if self.stones[q as usize] == Stone::Empty && !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
        libs.len()
    }

    /// The head (representative stone) of the chain through stone `p`.
    #[inline]
    pub(crate) fn chain_head(&self, p: Point) -> Point {
        self.head[p as usize]
    }

    /// The next stone of the chain after `p` (the chain's stones form a cycle).
    #[inline]
    pub(crate) fn next_in_chain(&self, p: Point) -> Point {
        self.next[p as usize]
    }

    /// The number of stones of the chain with head `h`.
    #[inline]
    pub(crate) fn chain_size(&self, h: Point) -> usize {
        self.size[h as usize] as usize
    }

    /// The pseudo-liberties of the chain with head `h`: adjacencies between its stones and
    /// empty points, a liberty counted once per stone next to it.
    #[inline]
    pub(crate) fn pseudo_liberties(&self, h: Point) -> u32 {
        u32::from(self.plibs[h as usize])
    }

    /// The number of points of the board.
    #[inline]
    pub(crate) fn topology_len(&self) -> usize {
        self.stones.len()
    }

    /// The stones of the chain through `p`.
    pub fn chain_stones(&self, p: Point) -> Vec<Point> {
        let mut out = vec![p];
        let mut s = self.next[p as usize];
        while s != p {
            out.push(s);
            s = self.next[s as usize];
        }
        out
    }

    /// The current position.
    pub fn position(&self) -> Position {
        Position::unchecked(self.topology.clone(), self.stones.clone())
    }

    /// Checks whether `color` may play at `p` now (ignoring whose turn it is).
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.effect(color, p).is_ok()
    }

    /// What placing `c` at `p` does, or why the rules forbid it.
    #[inline]
    fn effect(&self, c: Color, p: Point) -> Result<Effect, IllegalMove> {
        self.effect_with(c, p, true)
    }

    /// [`Board::effect`]; without `checked`, the ko, superko and suicide rules are not
    /// applied (a stone without liberties then removes its own chain).
    #[inline]
    fn effect_with(&self, c: Color, p: Point, checked: bool) -> Result<Effect, IllegalMove> {
        if p as usize >= self.stones.len() {
            return Err(IllegalMove::OffBoard);
        }
        if self.stones[p as usize] != Stone::Empty {
            return Err(IllegalMove::Occupied);
        }
        if checked && self.rules.ko == KoRule::Simple && self.ko == Some(p) && c == self.to_move {
            return Err(IllegalMove::Ko);
        }
        let nbrs = self.topology.neighbours_of(p);
        let around = if nbrs.len() <= 4 {
            self.surroundings_small(c, nbrs)
        } else {
            self.surroundings(c, nbrs)
        };
        let Surroundings {
            has_empty,
            has_own,
            own_alive,
            captured_any,
            captured_hash,
            own_hash,
        } = around;
        let (hash, suicide) = if has_empty || captured_any || own_alive {
            (self.hash ^ self.keys.of(p, c) ^ captured_hash, false)
        } else {
            match self.rules.suicide {
                SuicideRule::Illegal if checked => return Err(IllegalMove::Suicide),
                SuicideRule::MultiStoneLegal if checked && !has_own => {
                    return Err(IllegalMove::Suicide);
                }
                _ => (self.hash ^ own_hash, true),
            }
        };
        match self.rules.ko {
            _ if !checked => {}
            KoRule::Simple => {}
            KoRule::PositionalSuperko | KoRule::SituationalSuperko => {
                if self.history.contains(self.history_key(hash, c.opponent())) {
                    return Err(IllegalMove::Superko);
                }
            }
        }
        Ok(Effect {
            hash,
            suicide,
            joins: has_own,
            captures: captured_any,
        })
    }

    /// What the chains around an empty point do if `c` plays there (any degree).
    fn surroundings(&self, c: Color, nbrs: &[GeoPoint]) -> Surroundings {
        let mut has_empty = false;
        let mut has_own = false;
        let mut own_alive = false;
        let mut captured_hash = 0u64;
        let mut captured_any = false;
        let mut own_hash = 0u64;
        let own = Stone::of(c);
        for (i, &GeoPoint(q)) in nbrs.iter().enumerate() {
            let s = self.stones[q as usize];
            if s == Stone::Empty {
                has_empty = true;
                continue;
            }
            let h = self.head[q as usize];
            if nbrs[..i].iter().any(|&GeoPoint(r)| {
                self.stones[r as usize] != Stone::Empty && self.head[r as usize] == h
            }) {
                continue;
            }
            let touching = nbrs
                .iter()
                .filter(|&&GeoPoint(r)| self.head[r as usize] == h && self.stones[r as usize] == s)
                .count() as u16;
            let last_liberty = self.plibs[h as usize] == touching;
            if s == own {
                has_own = true;
                own_hash ^= self.chash[h as usize];
                if !last_liberty {
                    own_alive = true;
                }
            } else if last_liberty {
                captured_any = true;
                captured_hash ^= self.chash[h as usize];
            }
        }
        Surroundings {
            has_empty,
            has_own,
            own_alive,
            captured_any,
            captured_hash,
            own_hash,
        }
    }

    /// [`Board::surroundings`] for points of degree at most four (every grid point): the
    /// neighbours' chain heads are read once into a small array.
    #[inline]
    fn surroundings_small(&self, c: Color, nbrs: &[GeoPoint]) -> Surroundings {
        const NONE: Point = Point::MAX;
        let mut heads = [NONE; 4];
        let mut out = Surroundings::default();
        for (slot, &GeoPoint(q)) in heads.iter_mut().zip(nbrs) {
            if self.stones[q as usize] == Stone::Empty {
                out.has_empty = true;
            } else {
                *slot = self.head[q as usize];
            }
        }
        let own = Stone::of(c);
        for i in 0..nbrs.len().min(4) {
            let h = heads[i];
            if h == NONE || heads[..i].contains(&h) {
                continue;
            }
            let touching = heads[i..].iter().filter(|&&x| x == h).count() as u16;
            let hu = h as usize;
            let last_liberty = self.plibs[hu] == touching;
            if self.stones[hu] == own {
                out.has_own = true;
                out.own_hash ^= self.chash[hu];
                out.own_alive |= !last_liberty;
            } else if last_liberty {
                out.captured_any = true;
                out.captured_hash ^= self.chash[hu];
            }
        }
        out
    }

    /// Plays a move for the side to move, if the rules allow it; on error the board is
    /// unchanged and the error says why the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.play_as(self.to_move, mv)
    }

    /// Plays a move for the side to move without applying the ko, superko and suicide rules,
    /// for moves already known to be legal (replaying a checked record, or a search that
    /// generated them). A stone without liberties removes its own chain, whatever the
    /// suicide rule. A stone on an occupied or off-board point is ignored: the board stays
    /// consistent and nothing is recorded.
    pub fn play_unchecked(&mut self, mv: Move) {
        // The only refusals left without the rules are an occupied or off-board point, which
        // leave the board as it was.
        let _ = self.apply_move(self.to_move, mv, false);
    }

    /// Plays a move for `color`, which must be the colour to move.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if color != self.to_move {
            return Err(IllegalMove::WrongTurn);
        }
        self.apply_move(color, mv, true)
    }

    /// Plays `mv` for `color`, the colour to move, applying the ko, superko and suicide rules
    /// only when `checked`; the board is untouched when the move is refused.
    fn apply_move(&mut self, color: Color, mv: Move, checked: bool) -> Result<(), IllegalMove> {
        let before = self.undo_entry();
        match mv {
            Move::Place(p) => {
                let effect = self.effect_with(color, p, checked)?;
                self.apply_place(color, p, effect);
                self.consecutive_passes = 0;
                *self.moves.get_mut(color) += 1;
            }
            Move::Pass => {
                self.ko = None;
                self.consecutive_passes += 1;
                *self.passes.get_mut(color) += 1;
            }
            Move::Virtual => {
                self.ko = None;
                self.consecutive_passes = 0;
                *self.virtual_moves.get_mut(color) += 1;
            }
        }
        self.to_move = color.opponent();
        self.finish_move(before, color, mv);
        Ok(())
    }

    /// Places a stone for the colour to move; the fast path used in playouts.
    #[inline]
    pub fn play_point(&mut self, p: Point) -> Result<(), IllegalMove> {
        let c = self.to_move;
        let effect = self.effect(c, p)?;
        let before = self.undo_entry();
        self.apply_place(c, p, effect);
        self.consecutive_passes = 0;
        *self.moves.get_mut(c) += 1;
        self.to_move = c.opponent();
        self.finish_move(before, c, Move::Place(p));
        Ok(())
    }

    /// The state a move is about to change, for the undo log.
    #[inline]
    fn undo_entry(&self) -> UndoEntry {
        UndoEntry {
            to_move: self.to_move,
            ko: self.ko,
            consecutive_passes: self.consecutive_passes,
            captures: self.captures,
            removed_from: self.removed.len() as u32,
            inserted: None,
        }
    }

    /// Records the new position in the history and the move in the record and undo log.
    #[inline]
    fn finish_move(&mut self, mut before: UndoEntry, c: Color, mv: Move) {
        let key = self.history_key(self.hash, self.to_move);
        self.history.record(key, self.record.len() as u32 + 1);
        before.inserted = Some(key);
        self.undo_log.push(before);
        self.record.push((c, mv));
    }

    fn apply_place(&mut self, c: Color, p: Point, effect: Effect) {
        let degree = self.topology.neighbours_of(p).len();
        if effect.suicide {
            self.ko = None;
            let mut removed = 0;
            for i in 0..degree {
                let q = self.topology.neighbours_of(p)[i].0;
                if self.stones[q as usize] == Stone::of(c) {
                    removed += self.remove_chain(self.head[q as usize]);
                }
            }
            // The placed stone is lost too.
            *self.captures.get_mut(c.opponent()) += removed + 1;
            return;
        }
        let pu = p as usize;
        self.stones[pu] = Stone::of(c);
        self.remove_empty(p);
        self.head[pu] = p;
        self.next[pu] = p;
        self.size[pu] = 1;
        self.chash[pu] = self.keys.of(p, c);
        self.hash ^= self.chash[pu];
        let mut libs = 0;
        for i in 0..degree {
            let q = self.topology.neighbours_of(p)[i].0;
            if self.stones[q as usize] == Stone::Empty {
                libs += 1;
            } else {
                let h = self.head[q as usize];
                self.plibs[h as usize] -= 1;
            }
        }
        self.plibs[pu] = libs;
        for i in 0..if effect.joins { degree } else { 0 } {
            let q = self.topology.neighbours_of(p)[i].0;
            if self.stones[q as usize] == Stone::of(c) {
                let a = self.head[pu];
                let b = self.head[q as usize];
                if a != b {
                    self.merge(a, b);
                }
            }
        }
        let mut captured = 0u32;
        let mut last_captured = p;
        // chains without liberties go in the order of their last neighbour of `p`, so that
        // the empty points come back in one fixed order (the playouts draw from that list)
        for i in 0..if effect.captures { degree } else { 0 } {
            let q = self.topology.neighbours_of(p)[i].0;
            if self.stones[q as usize] == Stone::of(c.opponent()) {
                let h = self.head[q as usize];
                let later = self.topology.neighbours_of(p)[i + 1..]
                    .iter()
                    .any(|&GeoPoint(r)| {
                        self.stones[r as usize] != Stone::Empty && self.head[r as usize] == h
                    });
                if self.plibs[h as usize] == 0 && !later {
                    captured += self.remove_chain(h);
                    last_captured = q;
                }
            }
        }
        *self.captures.get_mut(c) += captured;
        let h = self.head[pu] as usize;
        self.ko =
            (captured == 1 && self.size[h] == 1 && self.plibs[h] == 1).then_some(last_captured);
        debug_assert_eq!(self.hash, effect.hash);
    }

    fn merge(&mut self, a: Point, b: Point) {
        let (keep, gone) = if self.size[a as usize] >= self.size[b as usize] {
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
        self.next.swap(keep as usize, gone as usize);
        let (k, g) = (keep as usize, gone as usize);
        self.size[k] += self.size[g];
        self.plibs[k] += self.plibs[g];
        self.chash[k] ^= self.chash[g];
    }

    /// Removes the chain with head `h`; returns its number of stones.
    fn remove_chain(&mut self, h: Point) -> u32 {
        let mut count = 0;
        let mut s = h;
        loop {
            self.stones[s as usize] = Stone::Empty;
            self.add_empty(s);
            self.removed.push(s);
            count += 1;
            s = self.next[s as usize];
            if s == h {
                break;
            }
        }
        self.hash ^= self.chash[h as usize];
        let mut s = h;
        loop {
            for &GeoPoint(q) in self.topology.neighbours_of(s) {
                if self.stones[q as usize] != Stone::Empty {
                    let hq = self.head[q as usize];
                    self.plibs[hq as usize] += 1;
                }
            }
            let nx = self.next[s as usize];
            self.next[s as usize] = s;
            self.head[s as usize] = s;
            s = nx;
            if s == h {
                break;
            }
        }
        count
    }

    /// Replaces the stones (an SGF setup node) keeping counters; the repetition history
    /// restarts from this position.
    pub fn set_position(&mut self, position: &Position, to_move: Color) {
        self.to_move = to_move;
        self.ko = None;
        self.load(position);
        self.setup = position.clone();
        self.setup_to_move = to_move;
        self.record.clear();
    }

    /// Changes whose turn it is (SGF `PL`, or a record where one side plays twice).
    pub fn set_to_move(&mut self, c: Color) {
        if c != self.to_move {
            self.ko = None;
            self.to_move = c;
        }
    }

    /// The position play started from.
    pub fn setup_position(&self) -> &Position {
        &self.setup
    }

    /// Takes back the last move from the undo log: the stones it removed come back, its
    /// own stone is lifted and the chains it touched are rebuilt locally.
    pub fn undo(&mut self) -> Option<(Color, Move)> {
        let (c, mv) = self.record.pop()?;
        let entry = self
            .undo_log
            .pop()
            .expect("one undo entry per recorded move");
        if let Some(key) = entry.inserted {
            self.history.unrecord(key);
        }
        match mv {
            Move::Place(p) => {
                // A legal suicide leaves `p` empty and removes the mover's own stones.
                let placed = self.stones[p as usize] != Stone::Empty;
                let lost = if placed { c.opponent() } else { c };
                self.restore_removed(entry.removed_from as usize, lost);
                if placed {
                    self.lift(p);
                }
                *self.moves.get_mut(c) -= 1;
            }
            Move::Pass => *self.passes.get_mut(c) -= 1,
            Move::Virtual => *self.virtual_moves.get_mut(c) -= 1,
        }
        self.to_move = entry.to_move;
        self.ko = entry.ko;
        self.consecutive_passes = entry.consecutive_passes;
        self.captures = entry.captures;
        Some((c, mv))
    }

    /// Puts back the stones of colour `color` removed from `removed[from..]`.
    fn restore_removed(&mut self, from: usize, color: Color) {
        let stone = Stone::of(color);
        let other = Stone::of(color.opponent());
        for i in from..self.removed.len() {
            let s = self.removed[i];
            self.stones[s as usize] = stone;
            self.remove_empty(s);
        }
        for i in from..self.removed.len() {
            let s = self.removed[i];
            for &GeoPoint(q) in self.topology.neighbours_of(s) {
                if self.stones[q as usize] == other {
                    let h = self.head[q as usize];
                    self.plibs[h as usize] -= 1;
                }
            }
        }
        self.next_epoch();
        for i in from..self.removed.len() {
            let s = self.removed[i];
            if self.mark[s as usize] != self.epoch {
                self.rebuild_chain(s);
            }
        }
        self.removed.truncate(from);
    }

    /// Takes the stone at `p` off the board, splitting its chain into the parts that remain.
    fn lift(&mut self, p: Point) {
        let own = self.stones[p as usize];
        for &GeoPoint(q) in self.topology.neighbours_of(p) {
            let s = self.stones[q as usize];
            if s != Stone::Empty && s != own {
                let h = self.head[q as usize];
                self.plibs[h as usize] += 1;
            }
        }
        let h = self.head[p as usize];
        self.hash ^= self.chash[h as usize];
        let mut s = h;
        loop {
            let nx = self.next[s as usize];
            self.next[s as usize] = s;
            self.head[s as usize] = s;
            s = nx;
            if s == h {
                break;
            }
        }
        self.stones[p as usize] = Stone::Empty;
        self.add_empty(p);
        self.next_epoch();
        for i in 0..self.topology.neighbours_of(p).len() {
            let q = self.topology.neighbours_of(p)[i].0;
            if self.stones[q as usize] == own && self.mark[q as usize] != self.epoch {
                self.rebuild_chain(q);
            }
        }
    }

    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.fill(0);
            self.epoch = 1;
        }
    }

    /// Rebuilds the chain through `start` from the stones (members must be singletons),
    /// marking its stones with the current epoch and adding its key to the hash.
    fn rebuild_chain(&mut self, start: Point) {
        let stone = self.stones[start as usize];
        let color = stone.color().expect("a chain has stones");
        let mut stack = std::mem::take(&mut self.removed_scratch);
        stack.clear();
        stack.push(start);
        self.mark[start as usize] = self.epoch;
        let mut size = 0u16;
        let mut plibs = 0u16;
        let mut hash = 0u64;
        let mut last = start;
        while let Some(s) = stack.pop() {
            size += 1;
            hash ^= self.keys.of(s, color);
            self.head[s as usize] = start;
            if s != start {
                // Splice `s` into the circular list after `last`.
                self.next[s as usize] = self.next[last as usize];
                self.next[last as usize] = s;
                last = s;
            }
            for &GeoPoint(q) in self.topology.neighbours_of(s) {
                let t = self.stones[q as usize];
                if t == Stone::Empty {
                    plibs += 1;
                } else if t == stone && self.mark[q as usize] != self.epoch {
                    self.mark[q as usize] = self.epoch;
                    stack.push(q);
                }
            }
        }
        self.removed_scratch = stack;
        let h = start as usize;
        self.size[h] = size;
        self.plibs[h] = plibs;
        self.chash[h] = hash;
        self.hash ^= hash;
    }

    /// Checks the incremental chain data against a recomputation from scratch (for tests).
    pub fn check_consistency(&self) -> Result<(), String> {
        let pos = self.position();
        let mut full_hash = 0;
        for chain in pos.chains() {
            let h = self.head[chain.stones[0] as usize];
            for &s in &chain.stones {
                if self.head[s as usize] != h {
                    return Err(format!(
                        "stone {s} has head {} not {h}",
                        self.head[s as usize]
                    ));
                }
                full_hash ^= self.keys.of(s, chain.color);
            }
            if self.size[h as usize] as usize != chain.stones.len() {
                return Err(format!(
                    "chain {h}: size {} vs {}",
                    self.size[h as usize],
                    chain.stones.len()
                ));
            }
            let pl: usize = chain
                .stones
                .iter()
                .map(|&s| {
                    self.topology
                        .neighbours_of(s)
                        .iter()
                        .filter(|q| self.stones[q.index()] == Stone::Empty)
                        .count()
                })
                .sum();
            if self.plibs[h as usize] as usize != pl {
                return Err(format!(
                    "chain {h}: pseudo-liberties {} vs {pl}",
                    self.plibs[h as usize]
                ));
            }
            if chain.liberties.is_empty() {
                return Err(format!("chain {h} has no liberty"));
            }
        }
        if full_hash != self.hash {
            return Err("hash differs from recomputation".into());
        }
        let empties = self.stones.iter().filter(|&&s| s == Stone::Empty).count();
        if empties != self.empties.len() {
            return Err("empty list out of date".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_geometry::Topology as _;

    /// Everything undo must restore, compared as a whole.
    fn state(b: &Board) -> (Vec<Stone>, u64, Color, Option<Point>, [u32; 9], usize) {
        let c = |p: PerColor<u32>| [p.black, p.white];
        let [cb, cw] = c(b.captures());
        let [mb, mw] = c(b.moves());
        let [pb, pw] = c(b.passes());
        let [vb, vw] = c(b.virtual_moves());
        (
            b.position().stones().to_vec(),
            b.hash(),
            b.side_to_move(),
            b.ko_point(),
            [cb, cw, mb, mw, pb, pw, vb, vw, b.consecutive_passes()],
            b.history.len(),
        )
    }

    /// Random play with every suicide and ko rule, passes, virtual moves and turn changes;
    /// undoing all of it must walk back through exactly the same states, and the legal moves
    /// after an undo must be those of the board before the move.
    #[test]
    fn undo_restores_every_state() {
        let mut rng = board_core::Rng::new(0x5EED);
        for (suicide, ko) in [
            (SuicideRule::AllLegal, KoRule::PositionalSuperko),
            (SuicideRule::MultiStoneLegal, KoRule::SituationalSuperko),
            (SuicideRule::AllLegal, KoRule::Simple),
            (SuicideRule::Illegal, KoRule::Simple),
        ] {
            let rules = Rules {
                suicide,
                ko,
                ..Rules::CHINESE
            };
            for size in [3, 4, 5] {
                let topo = Arc::new(Shape::square(size).unwrap());
                let mut b = Board::new(topo.clone(), rules);
                let mut states = vec![state(&b)];
                let mut legal = Vec::new();
                for _ in 0..150 {
                    let c = b.side_to_move();
                    let here: Vec<bool> =
                        (0..topo.len() as Point).map(|p| b.is_legal(c, p)).collect();
                    legal.push(here);
                    let r = rng.next_u64();
                    if r % 23 == 0 {
                        let other = c.opponent();
                        b.set_to_move(other);
                        // A turn change is not a move: it is not recorded and undo keeps it.
                        states.pop();
                        states.push(state(&b));
                        legal.pop();
                        continue;
                    }
                    let mv = match r % 17 {
                        0 => Move::Pass,
                        1 => Move::Virtual,
                        _ => {
                            let options: Vec<Point> = (0..topo.len() as Point)
                                .filter(|&p| b.is_legal(c, p))
                                .collect();
                            if options.is_empty() {
                                Move::Pass
                            } else {
                                Move::Place(options[(r >> 8) as usize % options.len()])
                            }
                        }
                    };
                    b.play(mv).unwrap();
                    b.check_consistency().unwrap();
                    states.push(state(&b));
                }
                while b.undo().is_some() {
                    states.pop();
                    assert_eq!(state(&b), *states.last().unwrap());
                    b.check_consistency().unwrap();
                    let c = b.side_to_move();
                    let here: Vec<bool> =
                        (0..topo.len() as Point).map(|p| b.is_legal(c, p)).collect();
                    assert_eq!(here, legal.pop().unwrap());
                }
                assert_eq!(states.len(), 1);
            }
        }
    }
}

//! Null-window alpha-beta (MTD(f)) with a transposition table, symmetry and move ordering,
//! exact under positional superko.
//!
//! Superko makes a position's value depend on the game so far: a move is illegal when it
//! recreates any earlier board. Every search here is a null-window test "value ≥ β", so every
//! result is one bound, proved by a proof tree: at a node where the bound's owner (the
//! *prover*) moves, one move; at a node where the other side moves, all its legal moves. The
//! proof still holds in another game (another history before the node) when
//!
//! 1. every earlier position that made one of the *other side's* moves illegal in the proof
//!    tree is again in the history (else that side has a move the proof never refuted), and
//! 2. no position the *prover* moves to in the proof tree is in the history (else that move
//!    is illegal now).
//!
//! The prover's own forbidden moves and the other side's move targets do not matter: the
//! prover never needed the former, and forbidding the latter only takes options away from the
//! side that lost them all anyway. Every stored bound carries both sets: (1) as positions in
//! the canonical frame (`needs`), (2) as sorted ids of symmetry-reduced boards (`seen`; a
//! symmetric image in the history also blocks the bound, which is only conservative). A
//! probe uses a bound only when both conditions hold for the current game, so the table never
//! changes a value; its best move is always a safe ordering hint. Positions inside the proof
//! below the node are the same in every game that reaches it and need no check.
//!
//! Each test is decided by iterative deepening (see the parent module); a node left undecided
//! by the depth limit stores only its move hint, never a bound, and a mark: met again in the
//! same deepening pass, for the same test, with no more depth left (by another order of the
//! same moves), it is taken as undecided at once instead of searched again. The mark may be
//! wrong (another history can forbid the moves that were left open), but only ever toward
//! "undecided": a decided value never rests on an undecided child, so the values stay exact,
//! and the next pass, deeper, ignores the marks. Without it the frontier of every pass was
//! searched once per path leading to it: 3×3 took 19.6 M nodes, with it 36 k.
//!
//! A history-independent terminal ends the search early: when one side cannot place a stone
//! anywhere (every empty point would be suicide, whatever the history) and the other already
//! has the best possible result, the latter passes to the end, so the value is exact.

use std::thread;

use super::table::{self, NONE, PASS, Table};
use super::{
    GameMove, MemoryBound, Pos, SEARCH_STACK_BYTES, SearchLimit, Solution, SolveError, SolveLimits,
    Solver,
};
use crate::color::Color;
use crate::graph::symmetry::automorphisms;
use crate::rules::Komi;
use board_geometry::{Graph, Topology as _};

/// A search result: a bound and its proof's needs (history indices before the node) and seen
/// boards (canonical ids).
struct Found {
    value: i64,
    needs: Vec<usize>,
    seen: Vec<u32>,
}

impl Found {
    fn exact(value: i64) -> Found {
        Found {
            value,
            needs: Vec::new(),
            seen: Vec::new(),
        }
    }
}

/// Depth limit of the first search of each test (plies).
const FIRST_DEPTH: u32 = 4;

/// Bounds with more seen boards than this are used but not stored (memory).
const MAX_STORED_SEEN: usize = 4096;

/// A board's canonical (symmetry-reduced) form, by the symmetry that produces it and the
/// canonical board's dense id.
#[derive(Clone, Copy)]
struct Canon {
    sym: usize,
    id: u32,
}

/// A point permutation applied to bit sets a byte at a time.
struct BytePermutation {
    tables: Vec<[u64; 256]>,
}

impl BytePermutation {
    fn new(sigma: &[usize]) -> BytePermutation {
        let chunks = sigma.len().div_ceil(8);
        let tables = (0..chunks)
            .map(|c| {
                let mut t = [0u64; 256];
                for (byte, slot) in t.iter_mut().enumerate() {
                    for bit in 0..8 {
                        let v = c * 8 + bit;
                        if byte >> bit & 1 == 1 && v < sigma.len() {
                            *slot |= 1u64 << sigma[v];
                        }
                    }
                }
                t
            })
            .collect();
        BytePermutation { tables }
    }

    fn apply(&self, set: u64) -> u64 {
        self.tables
            .iter()
            .enumerate()
            .fold(0, |acc, (c, t)| acc | t[(set >> (8 * c)) as usize & 0xff])
    }

    fn pos(&self, p: Pos) -> Pos {
        Pos {
            black: self.apply(p.black),
            white: self.apply(p.white),
        }
    }
}

struct TableSearch {
    rules: Solver,
    /// Point permutations (automorphisms), their inverses, and both as byte tables.
    syms: Vec<Vec<usize>>,
    inverse: Vec<Vec<usize>>,
    forward: Vec<BytePermutation>,
    backward: Vec<BytePermutation>,
    /// Points ordered for move generation: most neighbours first (centre before edge).
    by_degree: Vec<usize>,
    /// Board ids, bounds, hints and undecided marks.
    table: Table,
    /// Canonical id of each history position (parallel to `rules.history`).
    history_ids: Vec<u32>,
    /// `None`: the game is scored by area. `Some(v)`: only who owns point `v` at the end
    /// counts (+1 Black, −1 White, 0 nobody), for life-and-death questions.
    objective: Option<usize>,
    /// The best value a side can reach: the number of points, or 1 with an objective point.
    max_value: i64,
    /// Bound on the bytes the table holds.
    max_bytes: u64,
    /// Numbers the depth-limited passes of the iterative deepening (from 1), so that an
    /// entry's undecided mark is only believed in the pass that made it.
    pass: u32,
}

impl TableSearch {
    /// The canonical form of a board.
    fn canon(&mut self, p: Pos) -> Canon {
        let mut best = (p.black, p.white);
        let mut which = 0;
        for (i, sigma) in self.forward.iter().enumerate().skip(1) {
            let q = sigma.pos(p);
            if (q.black, q.white) < best {
                best = (q.black, q.white);
                which = i;
            }
        }
        let id = self.table.id(best);
        Canon { sym: which, id }
    }

    fn key(c: Canon, black: bool, passed: bool) -> u64 {
        table::slot(c.id, !black, passed)
    }

    /// Final value of a finished game (two passes) for Black.
    fn evaluate(&self, p: Pos) -> i64 {
        let Some(v) = self.objective else {
            return self.rules.area(p);
        };
        let bit = 1u64 << v;
        if p.black & bit != 0 {
            return 1;
        }
        if p.white & bit != 0 {
            return -1;
        }
        let empty = self.rules.board.empty(p);
        let region = self.rules.grow(bit, empty);
        let border = self.rules.neighbours_of(region);
        match (border & p.black != 0, border & p.white != 0) {
            (true, false) => 1,
            (false, true) => -1,
            _ => 0,
        }
    }

    /// The exact value for the side to move when one side has no legal placement at all
    /// (ignoring superko, which only removes moves) and the other already has the best
    /// possible result: the latter passes until the game ends.
    fn settled(&self, p: Pos, black: bool) -> Option<i64> {
        let empty = self.rules.board.empty(p);
        // a point with an empty neighbour is a legal placement for both sides
        if self.rules.neighbours_of(empty) & empty != 0 {
            return None;
        }
        let blocked = |side_black: bool| {
            let mut rest = empty;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if self.rules.play(p, v, side_black).is_some() {
                    return false;
                }
            }
            true
        };
        let for_black = self.evaluate(p);
        let owner_black = if for_black == self.max_value {
            true
        } else if for_black == -self.max_value {
            false
        } else {
            return None;
        };
        if !blocked(!owner_black) {
            return None;
        }
        Some(if owner_black == black {
            self.max_value
        } else {
            -self.max_value
        })
    }

    /// Index in the history of an earlier occurrence of `p`, if any.
    fn earlier(&self, p: Pos) -> Option<usize> {
        self.rules.history.iter().rposition(|&q| q == p)
    }

    fn count_node(&mut self) -> Result<(), SolveError> {
        self.rules.count_node()?;
        let (bytes, peak) = self.table.bytes();
        if peak > self.max_bytes {
            return Err(SearchLimit::Memory(MemoryBound::Bytes {
                bytes,
                limit: self.max_bytes,
            })
            .into());
        }
        Ok(())
    }

    /// Whether `proof` holds at a node whose earlier history is `history[..base]`; if so, the
    /// history indices of its needs. `sym` maps the node to the canonical frame.
    fn usable(&self, proof: &table::Bound<'_>, base: usize, sym: usize) -> Option<Vec<usize>> {
        let history = &self.rules.history[..base];
        let mut needs = Vec::new();
        for q in proof.needs() {
            let q = self.backward[sym].pos(q);
            needs.push(history.iter().rposition(|&h| h == q)?);
        }
        if !proof.seen.is_empty()
            && self.history_ids[..base]
                .iter()
                .any(|id| proof.seen.binary_search(id).is_ok())
        {
            return None;
        }
        Some(needs)
    }

    /// Null-window test of the node for the side to move (Black's area margin, negated for
    /// White): the returned value is a lower bound when it is at least `beta`, an upper bound
    /// otherwise, with the proof's needs and seen boards.
    fn search(
        &mut self,
        p: Pos,
        canon: Canon,
        black: bool,
        passed: bool,
        beta: i64,
        depth: u32,
    ) -> Result<Option<Found>, SolveError> {
        self.count_node()?;
        let sign = if black { 1 } else { -1 };
        let base = self.rules.history.len() - 1;
        let key = Self::key(canon, black, passed);
        let mut hint = NONE;
        if let Some(e) = self.table.get(key) {
            let lower = self
                .table
                .bound(key, false)
                .filter(|l| i64::from(l.value) >= beta);
            let upper = self
                .table
                .bound(key, true)
                .filter(|u| i64::from(u.value) < beta);
            for proof in [lower, upper].into_iter().flatten() {
                if let Some(needs) = self.usable(&proof, base, canon.sym) {
                    return Ok(Some(Found {
                        value: i64::from(proof.value),
                        needs,
                        seen: proof.seen.to_vec(),
                    }));
                }
            }
            hint = e.hint;
            // met again in the same pass, for the same bound, with no more depth left: it
            // would be left undecided again (see the module documentation)
            if e.open_in(self.pass, beta, depth) {
                return Ok(None);
            }
        }
        if let Some(v) = self.settled(p, black) {
            return Ok(Some(Found::exact(v)));
        }
        if depth == 0 {
            return Ok(None);
        }
        let mut forbidden = Vec::new();
        let moves = self.ordered_moves(p, black, passed, hint, canon.sym, &mut forbidden);
        let mut best = i64::MIN;
        let mut best_move = NONE;
        // the other side's proof (fail low): every move refuted, its forbidden moves needed
        let mut low_needs = forbidden;
        let mut low_seen: Vec<u32> = Vec::new();
        let mut high: Option<(Vec<usize>, Vec<u32>)> = None;
        // the first move left undecided by the depth limit, if any
        let mut open = NONE;
        for (v, next) in moves {
            let (found, target) = match next {
                // the game ends: the child's value is the final score for the other side
                None if passed => (Some(Found::exact(-sign * self.evaluate(p))), None),
                None => (
                    self.search(p, canon, !black, true, 1 - beta, depth - 1)?,
                    None,
                ),
                Some(q) => {
                    // the canonical form only for the moves actually searched
                    let qc = self.canon(q);
                    self.rules.history.push(q);
                    self.history_ids.push(qc.id);
                    let result = self.search(q, qc, !black, false, 1 - beta, depth - 1);
                    self.rules.history.pop();
                    self.history_ids.pop();
                    let found = result?.map(|mut f| {
                        f.needs.retain(|&i| i < base);
                        f
                    });
                    (found, Some(qc.id))
                }
            };
            let Some(found) = found else {
                if open == NONE {
                    open = v;
                }
                continue;
            };
            let (value, needs, mut seen) = (-found.value, found.needs, found.seen);
            if value > best {
                best = value;
                best_move = v;
            }
            if value >= beta {
                // the prover's proof: this move, which must stay legal
                if let Some(id) = target {
                    if let Err(at) = seen.binary_search(&id) {
                        seen.insert(at, id);
                    }
                }
                high = Some((needs, seen));
                break;
            }
            low_needs.extend(needs);
            low_seen.extend(seen);
        }
        let to_canonical = |v: u8| match v {
            PASS | NONE => v,
            v => self.syms[canon.sym][usize::from(v)] as u8,
        };
        let (mut needs, seen) = match high {
            Some(h) => h,
            None if open != NONE => {
                // undecided within the depth limit: only the move to look at first is kept
                let hint = to_canonical(open);
                let pass = self.pass;
                let entry = self.table.entry(key);
                entry.hint = hint;
                entry.mark_open(pass, beta, depth);
                return Ok(None);
            }
            None => {
                low_seen.sort_unstable();
                low_seen.dedup();
                (low_needs, low_seen)
            }
        };
        needs.sort_unstable();
        needs.dedup();
        let hint = to_canonical(best_move);
        self.table.entry(key).hint = hint;
        if seen.len() <= MAX_STORED_SEEN {
            let canonical: Vec<Pos> = needs
                .iter()
                .map(|&i| self.forward[canon.sym].pos(self.rules.history[i]))
                .collect();
            self.table
                .store(key, best < beta, best as i8, &canonical, &seen);
        }
        Ok(Some(Found {
            value: best,
            needs,
            seen,
        }))
    }

    /// Legal moves in search order (`PASS` with no position for a pass), each placement with
    /// the board it makes; moves refused by superko add the index of the position they would
    /// repeat to `forbidden`.
    fn ordered_moves(
        &self,
        p: Pos,
        black: bool,
        passed: bool,
        hint: u8,
        sym: usize,
        forbidden: &mut Vec<usize>,
    ) -> Vec<(u8, Option<Pos>)> {
        let hint = match hint {
            PASS | NONE => hint,
            c => self.inverse[sym][usize::from(c)] as u8,
        };
        let own = if black { p.black } else { p.white };
        let enemy_before = if black { p.white } else { p.black }.count_ones();
        let mut scored: Vec<(i32, u8, Option<Pos>)> = Vec::with_capacity(self.rules.board.n + 1);
        for i in 0..self.by_degree.len() {
            let v = self.by_degree[i];
            let Some(q) = self.rules.play(p, v, black) else {
                continue;
            };
            if let Some(at) = self.earlier(q) {
                forbidden.push(at);
                continue;
            }
            let enemy_after = if black { q.white } else { q.black }.count_ones();
            let captures = (enemy_before - enemy_after) as i32;
            // filling a point all of whose neighbours are one's own stones is rarely good
            let own_eye = self.rules.board.adj(v) & !own == 0;
            let rank = if v as u8 == hint {
                1000
            } else if own_eye {
                -5
            } else {
                10 * captures
            };
            scored.push((rank, v as u8, Some(q)));
        }
        // ending the game is free to evaluate: try it first; an opening pass comes after the
        // other moves except own-eye fills, unless the table says otherwise
        let pass_rank = if hint == PASS || passed { 2000 } else { -1 };
        scored.push((pass_rank, PASS, None));
        // stable sort keeps the centre-first order among equals
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored.into_iter().map(|(_, v, q)| (v, q)).collect()
    }

    /// The exact value of a node by MTD(f): null-window tests moving toward the value, each
    /// reusing the bounds of the previous ones, starting from an even game. Measured in
    /// nodes on 4×4 (value 2): 131 M from an even game, 167 M halving the interval, 188 M
    /// from the best value for the side to move, whose first test must refute every way of
    /// taking the whole board (148 M nodes alone). The small boards that one side takes
    /// whole (3×3) cost about twice as much from an even game, but take well under a second.
    fn value(
        &mut self,
        p: Pos,
        black: bool,
        passed: bool,
        lo: i64,
        hi: i64,
    ) -> Result<i64, SolveError> {
        let canon = self.canon(p);
        let (mut lo, mut hi) = (lo, hi);
        let mut guess = 0.clamp(lo, hi);
        while lo < hi {
            let beta = if guess <= lo { lo + 1 } else { guess.min(hi) };
            let r = self.test(p, canon, black, passed, beta)?;
            if r >= beta {
                lo = r;
            } else {
                hi = r;
            }
            guess = r;
        }
        Ok(lo)
    }

    /// Whether the move to `next` (a pass when `None`) keeps the node's value `target` for the
    /// side to move, by one null-window test of the child.
    fn keeps(
        &mut self,
        p: Pos,
        black: bool,
        passed: bool,
        next: Option<Pos>,
        target: i64,
    ) -> Result<bool, SolveError> {
        let sign = if black { 1 } else { -1 };
        Ok(match next {
            None if passed => sign * self.evaluate(p) >= target,
            None => {
                let canon = self.canon(p);
                -self.test(p, canon, !black, true, 1 - target)? >= target
            }
            Some(q) => {
                let qc = self.canon(q);
                self.rules.history.push(q);
                self.history_ids.push(qc.id);
                let r = self.test(q, qc, !black, false, 1 - target);
                self.rules.history.pop();
                self.history_ids.pop();
                -r? >= target
            }
        })
    }

    /// The null-window test "value ≥ β" decided by iterative deepening: searches with a
    /// growing depth limit until one decides (a decided result is exact whatever the limit:
    /// it never rests on a node cut off by it), each reusing the proofs and move hints of the
    /// earlier ones. The returned value is a lower bound when at least `beta`, else an upper
    /// bound.
    fn test(
        &mut self,
        p: Pos,
        canon: Canon,
        black: bool,
        passed: bool,
        beta: i64,
    ) -> Result<i64, SolveError> {
        let mut depth = FIRST_DEPTH;
        loop {
            self.pass += 1;
            if let Some(found) = self.search(p, canon, black, passed, beta, depth)? {
                return Ok(found.value);
            }
            depth += (depth / 4).max(2);
        }
    }

    /// Follows value-preserving moves from the root to the end of the game.
    fn principal_line(&mut self, black: bool, value: i64) -> Result<Vec<GameMove>, SolveError> {
        let mut line = Vec::new();
        let start = *self
            .rules
            .history
            .last()
            .expect("the history holds the start");
        let (mut p, mut black, mut passed, mut target) = (start, black, false, value);
        let depth_at_start = self.rules.history.len();
        let result = loop {
            let colour = if black { Color::Black } else { Color::White };
            let canon = self.canon(p);
            let key = Self::key(canon, black, passed);
            let hint = self.table.get(key).map_or(NONE, |e| e.hint);
            let mut forbidden = Vec::new();
            let mut moves = self.ordered_moves(p, black, passed, hint, canon.sym, &mut forbidden);
            // a pass that keeps the value is preferred: the line then ends as soon as best
            // play allows instead of wandering through equal-valued throw-ins
            if let Some(at) = moves.iter().position(|m| m.1.is_none()) {
                let pass = moves.remove(at);
                moves.insert(0, pass);
            }
            let mut chosen = None;
            for (v, next) in moves {
                match self.keeps(p, black, passed, next, target) {
                    Ok(true) => {
                        chosen = Some((v, next));
                        break;
                    }
                    Ok(false) => {}
                    Err(e) => return Err(e),
                }
            }
            let Some((v, next)) = chosen else {
                // no move reaches the value just proved: a fault of the search
                break Err(SolveError::Inconsistent);
            };
            target = -target;
            match next {
                None => {
                    line.push(GameMove::Pass(colour));
                    if passed {
                        break Ok(line);
                    }
                    passed = true;
                }
                Some(q) => {
                    line.push(GameMove::Play(colour, usize::from(v)));
                    let qc = self.canon(q);
                    self.rules.history.push(q);
                    self.history_ids.push(qc.id);
                    p = q;
                    passed = false;
                }
            }
            black = !black;
        };
        self.rules.history.truncate(depth_at_start);
        self.history_ids.truncate(depth_at_start);
        result
    }

    /// A search on `graph` from `start` (the first history entry). With an objective point,
    /// only the symmetries fixing it are used.
    fn new(graph: &Graph, start: Pos, budget: u64, objective: Option<usize>) -> TableSearch {
        let n = graph.len();
        let syms: Vec<Vec<usize>> = automorphisms(graph, 64)
            .into_iter()
            .filter(|s| objective.is_none_or(|v| s[v] == v))
            .collect();
        let inverse: Vec<Vec<usize>> = syms
            .iter()
            .map(|s| {
                let mut inv = vec![0; n];
                for (v, &img) in s.iter().enumerate() {
                    inv[img] = v;
                }
                inv
            })
            .collect();
        let forward = syms.iter().map(|s| BytePermutation::new(s)).collect();
        let backward = inverse.iter().map(|s| BytePermutation::new(s)).collect();
        let mut by_degree: Vec<usize> = (0..n).collect();
        by_degree.sort_by_key(|&v| std::cmp::Reverse(graph.neighbour_indices(v).len()));
        let mut rules = Solver::new(graph, budget);
        rules.history = vec![start];
        let mut search = TableSearch {
            rules,
            syms,
            inverse,
            forward,
            backward,
            by_degree,
            table: Table::new(),
            history_ids: Vec::new(),
            objective,
            max_value: if objective.is_some() { 1 } else { n as i64 },
            max_bytes: u64::MAX,
            pass: 0,
        };
        let start_id = search.canon(start).id;
        search.history_ids.push(start_id);
        search
    }
}

/// Who ends up owning `point` (+1 Black, −1 White, 0 nobody) when both sides play for it from
/// the position `(black, white)` (bit sets) with `black_first` to move, under the rules of
/// [`solve`]: `Err` when the budget runs out or the board is too large.
pub fn point_owner(
    graph: &Graph,
    black: u64,
    white: u64,
    black_first: bool,
    point: usize,
    budget: u64,
) -> Result<i64, SolveError> {
    let n = graph.len();
    if n > 64 {
        return Err(SolveError::TooLarge { points: n });
    }
    let start = Pos { black, white };
    let mut search = TableSearch::new(graph, start, budget, Some(point));
    let worker = thread::Builder::new()
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            let value = search.value(start, black_first, false, -1, 1)?;
            Ok(if black_first { value } else { -value })
        })
        .map_err(|_| SolveError::Inconsistent)?;
    worker.join().unwrap_or(Err(SolveError::Inconsistent))
}

/// Solves the empty board `graph` with Black to move, within `budget` nodes, using the table
/// search; the principal line is read back by null-window tests along it.
pub fn solve(graph: &Graph, komi: Komi, budget: u64) -> Result<Solution, SolveError> {
    solve_within(graph, komi, SolveLimits::nodes(budget))
}

/// [`solve`] within `limits`: nodes, wall time (counted from the call) and table entries.
pub fn solve_within(
    graph: &Graph,
    komi: Komi,
    limits: SolveLimits,
) -> Result<Solution, SolveError> {
    let n = graph.len();
    if n > 64 {
        return Err(SolveError::TooLarge { points: n });
    }
    let start = Pos { black: 0, white: 0 };
    let mut search = TableSearch::new(graph, start, limits.budget, None);
    search.max_bytes = limits.max_bytes;
    search.rules.deadline = limits
        .time_limit
        .map(|limit| (std::time::Instant::now() + limit, limit));
    search.rules.progress = limits.progress;
    let worker = thread::Builder::new()
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            let bound = n as i64;
            let value = search.value(start, true, false, -bound, bound)?;
            let line = search.principal_line(true, value)?;
            search.rules.report_progress();
            Ok(Solution {
                area_margin: value,
                margin_half_points: 2 * value - i64::from(komi.0),
                komi,
                line,
                nodes: search.rules.nodes,
                table_entries: search.table.entries(),
            })
        })
        .map_err(|_| SolveError::Inconsistent)?;
    // a panic in the worker (none is expected) is reported as an internal fault
    worker.join().unwrap_or(Err(SolveError::Inconsistent))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contract of `SolveLimits::max_bytes`: the search stops before the table holds
    /// more than the bound, and reports what it held; with room enough the same board is
    /// solved (3×4: +4, the value of the solver's other tests).
    #[test]
    fn the_memory_bound_stops_the_search_before_the_table_passes_it() {
        let grid = Graph::grid(4, 3).unwrap();
        let limit = 1 << 20;
        let tight = SolveLimits {
            max_bytes: limit,
            ..SolveLimits::nodes(u64::MAX)
        };
        match solve_within(&grid, Komi(0), tight) {
            Err(SolveError::Limit(SearchLimit::Memory(MemoryBound::Bytes { bytes, limit: l }))) => {
                assert_eq!(l, limit);
                assert!(bytes <= limit, "{bytes} bytes held past {limit}");
            }
            other => panic!("expected the memory bound: {other:?}"),
        }
        let roomy = SolveLimits {
            max_bytes: 256 << 20,
            ..SolveLimits::nodes(u64::MAX)
        };
        assert_eq!(solve_within(&grid, Komi(0), roomy).unwrap().area_margin, 4);
    }
}

//! Alpha-beta with a transposition table, symmetry and move ordering.
//!
//! Superko makes a position's value depend on the game so far: a move is illegal when it
//! recreates any earlier board. The search of a node behaves exactly as it did before when
//! (1) every earlier position that forbade a move in it is again in the game's history, and
//! (2) no position it went through is in the history now. So every result carries the history
//! positions that forbade moves below it (its dependencies), and every table entry keeps them
//! together with a filter of the positions its search went through (one bit per position,
//! hashed from the symmetry-reduced form: a collision can only make an entry unusable, never
//! wrong). A probe uses an entry's bounds only when both conditions hold for the current game;
//! its best move is always a safe ordering hint.
//!
//! Entries hold alpha-beta bounds and the best move, keyed by the position reduced over the
//! board's symmetries, the side to move and whether the last move was a pass.

use std::thread;

use hashbrown::HashMap;

use super::{GameMove, Pos, Solution, SolveError, Solver};
use crate::graph::PlainGraph;
use crate::graph::chinese::Komi;
use crate::graph::config::Colour;
use crate::graph::symmetry::automorphisms;

/// Bounds on a position's value for the side to move, and the best move found, in the
/// canonical frame (`PASS` for a pass, `NONE` for no move).
#[derive(Clone)]
struct Entry {
    lower: i8,
    upper: i8,
    best: u8,
    /// Earlier positions that forbade moves in the stored search (see the module
    /// documentation), mapped into the canonical frame.
    needs: Vec<Pos>,
    /// Positions the stored search passed through.
    seen: Box<Filter>,
}

/// Most dependencies an entry may carry; results with more are not stored.
const MAX_NEEDS: usize = 16;

/// A set of positions as bits of a fixed-size filter.
type Filter = [u64; FILTER_WORDS];
const FILTER_WORDS: usize = 64;
const FILTER_BITS_LOG2: u32 = 12; // 64 · 64 = 4096 bits

fn filter_bit(key: &Key) -> usize {
    let mut x =
        key.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ key.1.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (x >> (64 - FILTER_BITS_LOG2)) as usize
}

fn filter_has(f: &Filter, bit: usize) -> bool {
    f[bit / 64] >> (bit % 64) & 1 == 1
}

fn filter_merge(into: &mut Filter, from: &Filter) {
    for (a, b) in into.iter_mut().zip(from) {
        *a |= b;
    }
}

const PASS: u8 = 64;
const NONE: u8 = 255;

/// Table key: canonical black and white sets, then `side_to_move_is_white | passed << 1`.
type Key = (u64, u64, u8);

struct TableSearch {
    rules: Solver,
    /// Point permutations (automorphisms) and their inverses.
    syms: Vec<Vec<usize>>,
    inverse: Vec<Vec<usize>>,
    /// Points ordered for move generation: most neighbours first (centre before edge).
    by_degree: Vec<usize>,
    table: HashMap<Key, Entry>,
    /// Filter bit of each history position (parallel to `rules.history`).
    history_bits: Vec<usize>,
    /// `None`: the game is scored by area. `Some(v)`: only who owns point `v` at the end
    /// counts (+1 Black, −1 White, 0 nobody), for life-and-death questions.
    objective: Option<usize>,
}

fn permute(p: Pos, sigma: &[usize]) -> Pos {
    let map = |set: u64| {
        let mut out = 0u64;
        let mut rest = set;
        while rest != 0 {
            out |= 1u64 << sigma[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    };
    Pos {
        black: map(p.black),
        white: map(p.white),
    }
}

impl TableSearch {
    /// The canonical key of a node and the index of the symmetry that produces it.
    fn key(&self, p: Pos, black: bool, passed: bool) -> (Key, usize) {
        let mut best = (p.black, p.white);
        let mut which = 0;
        for (i, sigma) in self.syms.iter().enumerate().skip(1) {
            let q = permute(p, sigma);
            if (q.black, q.white) < best {
                best = (q.black, q.white);
                which = i;
            }
        }
        let flags = u8::from(!black) | (u8::from(passed) << 1);
        ((best.0, best.1, flags), which)
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
        let empty = self.rules.all & !(p.black | p.white);
        let region = self.rules.grow(bit, empty);
        let border = self.rules.neighbours_of(region);
        match (border & p.black != 0, border & p.white != 0) {
            (true, false) => 1,
            (false, true) => -1,
            _ => 0,
        }
    }

    /// Index in the history of an earlier occurrence of `p`, if any.
    fn earlier(&self, p: Pos) -> Option<usize> {
        self.rules.history.iter().rposition(|&q| q == p)
    }

    fn count_node(&mut self) -> Result<(), SolveError> {
        self.rules.nodes += 1;
        if self.rules.nodes > self.rules.budget {
            return Err(SolveError::Undecided {
                nodes: self.rules.nodes,
            });
        }
        Ok(())
    }

    /// Whether `e` may be used at a node whose earlier history is `history[..base]`; if so,
    /// the history indices of its dependencies.
    /// Dependencies are kept in the canonical frame; `sym` maps the node to it.
    fn usable(&self, e: &Entry, base: usize, sym: usize) -> Option<Vec<usize>> {
        let history = &self.rules.history[..base];
        let mut needs = Vec::with_capacity(e.needs.len());
        for &q in &e.needs {
            let q = permute(q, &self.inverse[sym]);
            needs.push(history.iter().rposition(|&h| h == q)?);
        }
        let clear = (0..base)
            .filter(|i| !needs.contains(i))
            .all(|i| !filter_has(&e.seen, self.history_bits[i]));
        clear.then_some(needs)
    }

    /// Negamax value of the node for the side to move (Black's area margin, negated for
    /// White), with the indices of the earlier positions that forbade moves below it (sorted,
    /// all before the node's own position) and, in `seen`, the positions it went through.
    fn search(
        &mut self,
        p: Pos,
        black: bool,
        passed: bool,
        mut alpha: i64,
        mut beta: i64,
        seen: &mut Filter,
    ) -> Result<(i64, Vec<usize>), SolveError> {
        self.count_node()?;
        let sign = if black { 1 } else { -1 };
        let base = self.rules.history.len() - 1;
        let (key, sym) = self.key(p, black, passed);
        let mut mine: Box<Filter> = Box::new([0; FILTER_WORDS]);
        let own = filter_bit(&(key.0, key.1, 0));
        mine[own / 64] |= 1 << (own % 64);
        let mut deps: Vec<usize> = Vec::new();
        let mut hint = NONE;
        if let Some(e) = self.table.get(&key) {
            hint = e.best;
            if let Some(needs) = self.usable(e, base, sym) {
                let (lo, hi) = (i64::from(e.lower), i64::from(e.upper));
                if lo >= beta || hi <= alpha || lo == hi {
                    let v = if lo >= beta {
                        lo
                    } else if hi <= alpha {
                        hi
                    } else {
                        lo
                    };
                    filter_merge(seen, &e.seen);
                    let mut needs = needs;
                    needs.sort_unstable();
                    return Ok((v, needs));
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                filter_merge(&mut mine, &e.seen);
                deps.extend(needs);
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let moves = self.ordered_moves(p, black, passed, hint, sym, &mut deps);
        let mut best = i64::MIN;
        let mut best_move = NONE;
        for (v, next) in moves {
            let value = match next {
                None if passed => sign * self.evaluate(p),
                None => {
                    let (v, d) = self.search(p, !black, true, -beta, -alpha, &mut mine)?;
                    deps.extend(d);
                    -v
                }
                Some(q) => {
                    let (qk, _) = self.key(q, true, false);
                    self.rules.history.push(q);
                    self.history_bits.push(filter_bit(&qk));
                    let result = self.search(q, !black, false, -beta, -alpha, &mut mine);
                    self.rules.history.pop();
                    self.history_bits.pop();
                    let (v, d) = result?;
                    deps.extend(d.into_iter().filter(|&i| i < base));
                    -v
                }
            };
            if value > best {
                best = value;
                best_move = v;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        deps.sort_unstable();
        deps.dedup();
        filter_merge(seen, &mine);
        if deps.len() <= MAX_NEEDS {
            let canonical_best = match best_move {
                PASS | NONE => best_move,
                v => self.syms[sym][usize::from(v)] as u8,
            };
            let bound = self.rules.n as i64 + 1;
            let (mut lower, mut upper) = (-bound, bound);
            if best <= alpha0 {
                upper = best;
            } else if best >= beta0 {
                lower = best;
            } else {
                (lower, upper) = (best, best);
            }
            let mut entry = Entry {
                lower: lower as i8,
                upper: upper as i8,
                best: canonical_best,
                needs: deps
                    .iter()
                    .map(|&i| permute(self.rules.history[i], &self.syms[sym]))
                    .collect(),
                seen: mine,
            };
            // bounds from an older search still valid here are combined with the new ones
            if let Some(old) = self.table.get(&key) {
                if self.usable(old, base, sym).is_some() {
                    entry.lower = entry.lower.max(old.lower);
                    entry.upper = entry.upper.min(old.upper);
                    filter_merge(&mut entry.seen, &old.seen);
                    for q in &old.needs {
                        if !entry.needs.contains(q) {
                            entry.needs.push(*q);
                        }
                    }
                }
                if entry.best == NONE {
                    entry.best = old.best;
                }
            }
            self.table.insert(key, entry);
        }
        Ok((best, deps))
    }

    /// Legal moves in search order (`PASS` with no position for a pass); moves refused by
    /// superko add the index of the position they would repeat to `deps`.
    fn ordered_moves(
        &self,
        p: Pos,
        black: bool,
        passed: bool,
        hint: u8,
        sym: usize,
        deps: &mut Vec<usize>,
    ) -> Vec<(u8, Option<Pos>)> {
        let hint = match hint {
            PASS | NONE => hint,
            c => self.inverse[sym][usize::from(c)] as u8,
        };
        let enemy_before = if black { p.white } else { p.black }.count_ones();
        let mut scored: Vec<(i32, u8, Option<Pos>)> = Vec::with_capacity(self.rules.n + 1);
        for &v in &self.by_degree {
            let Some(q) = self.rules.play(p, v, black) else {
                continue;
            };
            if let Some(i) = self.earlier(q) {
                deps.push(i);
                continue;
            }
            let enemy_after = if black { q.white } else { q.black }.count_ones();
            let captures = (enemy_before - enemy_after) as i32;
            let rank = if v as u8 == hint { 1000 } else { 10 * captures };
            scored.push((rank, v as u8, Some(q)));
        }
        // ending the game is free to evaluate and often best: try it first; an opening pass
        // is tried last unless the table says otherwise
        let pass_rank = if hint == PASS || passed { 2000 } else { -1 };
        scored.push((pass_rank, PASS, None));
        // stable sort keeps the centre-first order among equals
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored.into_iter().map(|(_, v, q)| (v, q)).collect()
    }

    /// Follows value-preserving moves from the root to the end of the game.
    fn principal_line(&mut self, value: i64) -> Result<Vec<GameMove>, SolveError> {
        let bound = self.rules.n as i64 + 1;
        let mut line = Vec::new();
        let (mut p, mut black, mut passed, mut target) =
            (Pos { black: 0, white: 0 }, true, false, value);
        let depth_at_start = self.rules.history.len();
        loop {
            let colour = if black { Colour::Black } else { Colour::White };
            let mut deps = Vec::new();
            let moves = self.ordered_moves(p, black, passed, NONE, 0, &mut deps);
            let mut scratch: Filter = [0; FILTER_WORDS];
            let mut chosen = None;
            for (v, next) in moves {
                let child = match next {
                    None if passed => {
                        let sign = if black { 1 } else { -1 };
                        sign * self.evaluate(p)
                    }
                    None => -self.search(p, !black, true, -bound, bound, &mut scratch)?.0,
                    Some(q) => {
                        let (qk, _) = self.key(q, true, false);
                        self.rules.history.push(q);
                        self.history_bits.push(filter_bit(&qk));
                        let r = self.search(q, !black, false, -bound, bound, &mut scratch);
                        self.rules.history.pop();
                        self.history_bits.pop();
                        -r?.0
                    }
                };
                if child == target {
                    chosen = Some((v, next));
                    break;
                }
            }
            let Some((v, next)) = chosen else {
                // no move reproduces the value: only possible through the table limitation
                // described in the module documentation
                self.rules.history.truncate(depth_at_start);
                self.history_bits.truncate(depth_at_start);
                return Err(SolveError::Inconsistent);
            };
            target = -target;
            match next {
                None => {
                    line.push(GameMove::Pass(colour));
                    if passed {
                        break;
                    }
                    passed = true;
                }
                Some(q) => {
                    line.push(GameMove::Play(colour, usize::from(v)));
                    let (qk, _) = self.key(q, true, false);
                    self.rules.history.push(q);
                    self.history_bits.push(filter_bit(&qk));
                    p = q;
                    passed = false;
                }
            }
            black = !black;
        }
        self.rules.history.truncate(depth_at_start);
        self.history_bits.truncate(depth_at_start);
        Ok(line)
    }
}

impl TableSearch {
    /// A search on `graph` from `start` (the first history entry). With an objective point,
    /// only the symmetries fixing it are used.
    fn new(graph: &PlainGraph, start: Pos, budget: u64, objective: Option<usize>) -> TableSearch {
        let n = graph.len();
        let syms: Vec<Vec<usize>> = automorphisms(graph, 64)
            .into_iter()
            .filter(|s| objective.is_none_or(|v| s[v] == v))
            .collect();
        let inverse = syms
            .iter()
            .map(|s| {
                let mut inv = vec![0; n];
                for (v, &img) in s.iter().enumerate() {
                    inv[img] = v;
                }
                inv
            })
            .collect();
        let mut by_degree: Vec<usize> = (0..n).collect();
        by_degree.sort_by_key(|&v| std::cmp::Reverse(graph.neighbours(v).len()));
        let mut rules = Solver::new(graph, budget);
        rules.history = vec![start];
        let mut search = TableSearch {
            rules,
            syms,
            inverse,
            by_degree,
            table: HashMap::new(),
            history_bits: Vec::new(),
            objective,
        };
        let (start_key, _) = search.key(start, true, false);
        search.history_bits.push(filter_bit(&start_key));
        search
    }
}

/// Who ends up owning `point` (+1 Black, −1 White, 0 nobody) when both sides play for it from
/// the position `(black, white)` (bit sets) with `black_first` to move, under the rules of
/// [`solve`]: `Err` when the budget runs out or the board is too large.
pub fn point_owner(
    graph: &PlainGraph,
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
            let mut scratch: Filter = [0; FILTER_WORDS];
            let (value, _) = search.search(start, black_first, false, -2, 2, &mut scratch)?;
            Ok(if black_first { value } else { -value })
        })
        .map_err(|_| SolveError::Inconsistent)?;
    worker.join().unwrap_or(Err(SolveError::Inconsistent))
}

/// Stack for the search thread: the game can run to hundreds of plies on small boards.
const SEARCH_STACK_BYTES: usize = 256 << 20;

/// Solves the empty board `graph` with Black to move, within `budget` nodes, using the table
/// search; the principal line is read back from the table.
pub fn solve(graph: &PlainGraph, komi: Komi, budget: u64) -> Result<Solution, SolveError> {
    let n = graph.len();
    if n > 64 {
        return Err(SolveError::TooLarge { points: n });
    }
    let mut search = TableSearch::new(graph, Pos { black: 0, white: 0 }, budget, None);
    let worker = thread::Builder::new()
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            let bound = n as i64 + 1;
            let start = Pos { black: 0, white: 0 };
            let mut scratch: Filter = [0; FILTER_WORDS];
            let (value, _) = search.search(start, true, false, -bound, bound, &mut scratch)?;
            let line = search.principal_line(value)?;
            Ok(Solution {
                area_margin: value,
                margin_half_points: 2 * value - komi.0,
                komi,
                line,
                nodes: search.rules.nodes,
                table_entries: search.table.len(),
            })
        })
        .map_err(|_| SolveError::Inconsistent)?;
    // a panic in the worker (none is expected) is reported as an internal fault
    worker.join().unwrap_or(Err(SolveError::Inconsistent))
}

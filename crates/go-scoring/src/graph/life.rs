//! Life and death of the stones Benson's test leaves open, decided by search.
//!
//! Benson's test settles pass-alive chains, their territory and the stones inside it. Every
//! other point lies in an *open region* (a connected set of unsettled points). A region small
//! enough is cut out as a graph of its own: its points and the pass-alive stones next to it,
//! the bordering stones of one chain joined to each other and one of them given two private
//! one-point eyes, so the chain stays connected and uncapturable as on the full board. On that
//! graph each string of the region is played for twice, once with each side moving first
//! (alternating moves, passes, positional superko, no suicide, two passes end; only who owns
//! the string's point at the end counts), which is the next-player/previous-player split of
//! the document's outcome classes restricted to alternating play: owned by its colour either
//! way → alive (this includes seki, where both sides pass), owned by the other colour either
//! way → dead, otherwise the first mover decides → undecided. Regions above the size limit,
//! or whose search runs out of its node budget, stay undecided: the answer is never guessed.

use hashbrown::HashSet;

use super::config::Config;
use super::plain::PlainGraph;
use crate::benson::{self, AutoDead};
use crate::color::{Color, Stone};
use crate::position::Position;
use crate::solve::{SolveError, point_owner};
use crate::topology::Point;

/// Default node budget per search (two per string of an open region).
pub const DEFAULT_LIFE_BUDGET: u64 = 2_000_000;
/// Default size limit of a region's graph (region, bordering stones and the added eyes).
pub const DEFAULT_MAX_REGION_POINTS: usize = 24;

/// What happened to one open region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionVerdict {
    /// Every string of the region was searched.
    Solved,
    /// The region's graph has more points than the limit; not searched.
    TooLarge { points: usize },
    /// The node budget ran out (for at least one string).
    OverBudget,
}

/// One open region and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionReport {
    /// Points of the region, ascending.
    pub points: Vec<Point>,
    pub verdict: RegionVerdict,
}

/// Status of every stone: Benson's verdicts plus the searched regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchedLife {
    pub dead: Vec<Point>,
    pub alive: Vec<Point>,
    pub undecided: Vec<Point>,
    pub regions: Vec<RegionReport>,
}

impl SearchedLife {
    /// The dead/alive/undecided split the scorer consumes.
    pub fn into_auto_dead(self) -> AutoDead {
        AutoDead {
            dead: self.dead,
            alive: self.alive,
            undecided: self.undecided,
        }
    }
}

/// Decides the stones of `position` (no suicide): Benson first, then the outcome search on
/// each open region of at most `max_points` graph points, `budget` nodes per region.
pub fn search_life(position: &Position, budget: u64, max_points: usize) -> SearchedLife {
    let base = benson::auto_dead(position, false);
    let black = benson::pass_alive(position, Color::Black, false);
    let white = benson::pass_alive(position, Color::White, false);
    let n = position.len();
    let settled: Vec<bool> = (0..n)
        .map(|p| black.alive[p] || white.alive[p] || black.territory[p] || white.territory[p])
        .collect();
    let mut out = SearchedLife {
        dead: base.dead.clone(),
        alive: base.alive.clone(),
        undecided: Vec::new(),
        regions: Vec::new(),
    };
    let topo = position.topology();
    let mut seen = vec![false; n];
    for start in 0..n {
        if settled[start] || seen[start] {
            continue;
        }
        // the open region through `start`
        let mut region = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < region.len() {
            for &q in topo.neighbours(region[i] as Point) {
                let q = q as usize;
                if !settled[q] && !seen[q] {
                    seen[q] = true;
                    region.push(q);
                }
            }
            i += 1;
        }
        region.sort_unstable();
        let stones: Vec<usize> = region
            .iter()
            .copied()
            .filter(|&p| position.stones()[p] != Stone::Empty)
            .collect();
        if stones.is_empty() {
            continue; // empty open region: nothing to decide
        }
        let verdict = match cut_out(position, &region, &settled, max_points) {
            Err(points) => RegionVerdict::TooLarge { points },
            Ok((graph, config, local)) => {
                decide_region(&graph, &config, &local, &stones, position, budget, &mut out)
            }
        };
        if let RegionVerdict::TooLarge { .. } = verdict {
            for &p in &stones {
                if !out.undecided.contains(&(p as Point)) {
                    out.undecided.push(p as Point);
                }
            }
        }
        out.regions.push(RegionReport {
            points: region.iter().map(|&p| p as Point).collect(),
            verdict,
        });
    }
    for list in [&mut out.dead, &mut out.alive, &mut out.undecided] {
        list.sort_unstable();
        list.dedup();
    }
    out
}

/// Searches each string of the region twice (each side first) and files its stones.
fn decide_region(
    graph: &PlainGraph,
    config: &Config,
    local: &[usize],
    stones: &[usize],
    position: &Position,
    budget: u64,
    out: &mut SearchedLife,
) -> RegionVerdict {
    let (mut black, mut white) = (0u64, 0u64);
    for (i, &c) in config.0.iter().enumerate() {
        match c {
            -1 => black |= 1 << i,
            1 => white |= 1 << i,
            _ => {}
        }
    }
    let board = super::config::Board::new(graph);
    let mut done = vec![false; graph.len()];
    let mut verdict = RegionVerdict::Solved;
    for &p in stones {
        let v = local[p];
        if done[v] {
            continue;
        }
        let string = board.string(config, v);
        let own = if position.stones()[p] == Stone::Black {
            1
        } else {
            -1
        };
        let mut owners = [0i64; 2];
        let mut failed = false;
        for (k, black_first) in [true, false].into_iter().enumerate() {
            match point_owner(graph, black, white, black_first, v, budget) {
                Ok(o) => owners[k] = o,
                Err(SolveError::Undecided { .. }) | Err(_) => failed = true,
            }
        }
        let list = if failed {
            verdict = RegionVerdict::OverBudget;
            &mut out.undecided
        } else if owners == [own, own] {
            &mut out.alive
        } else if owners == [-own, -own] {
            &mut out.dead
        } else {
            &mut out.undecided
        };
        for &w in &string {
            done[w] = true;
        }
        // the string's points on the board are the region stones mapped to it
        for &q in stones {
            if string.contains(&local[q]) {
                list.push(q as Point);
            }
        }
    }
    verdict
}

/// The region's graph: region points, the pass-alive stones next to them, and per bordering
/// chain two eyes. Returns the graph, its configuration and the local index
/// of every board point in it (`usize::MAX` outside), or the point count if above `max_points`.
fn cut_out(
    position: &Position,
    region: &[usize],
    settled: &[bool],
    max_points: usize,
) -> Result<(PlainGraph, Config, Vec<usize>), usize> {
    let topo = position.topology();
    let stones = position.stones();
    let n = position.len();
    let mut local = vec![usize::MAX; n];
    let mut colour_of: Vec<i8> = Vec::new();
    let value = |s: Stone| match s {
        Stone::Black => -1i8,
        Stone::White => 1,
        Stone::Empty => 0,
    };
    for &p in region {
        local[p] = colour_of.len();
        colour_of.push(value(stones[p]));
    }
    // bordering settled stones, grouped by their chain (flood fill over the full board)
    let mut border: Vec<usize> = Vec::new();
    for &p in region {
        for &q in topo.neighbours(p as Point) {
            let q = q as usize;
            if settled[q] && stones[q] != Stone::Empty && local[q] == usize::MAX {
                local[q] = colour_of.len();
                colour_of.push(value(stones[q]));
                border.push(q);
            }
        }
    }
    let mut chain_of = vec![usize::MAX; n];
    let mut chains = 0;
    for &b in &border {
        if chain_of[b] != usize::MAX {
            continue;
        }
        let mut stack = vec![b];
        chain_of[b] = chains;
        while let Some(p) = stack.pop() {
            for &q in topo.neighbours(p as Point) {
                let q = q as usize;
                if stones[q] == stones[b] && chain_of[q] == usize::MAX {
                    chain_of[q] = chains;
                    stack.push(q);
                }
            }
        }
        chains += 1;
    }
    let total = colour_of.len() + 2 * chains;
    if total > max_points {
        return Err(total);
    }
    let mut edges: HashSet<(usize, usize)> = HashSet::new();
    let mut add = |a: usize, b: usize| {
        edges.insert((a.min(b), a.max(b)));
    };
    for &p in region.iter().chain(&border) {
        for &q in topo.neighbours(p as Point) {
            let q = q as usize;
            if local[q] != usize::MAX && (region.contains(&p) || region.contains(&q)) {
                add(local[p], local[q]);
            }
        }
    }
    // the first bordering stone of each chain carries its two eyes; the chain's other
    // bordering stones are joined to it, standing for their connection on the full board
    let mut anchor_of_chain = vec![usize::MAX; chains];
    for &b in &border {
        let c = chain_of[b];
        if anchor_of_chain[c] == usize::MAX {
            let eye = colour_of.len();
            colour_of.push(0);
            colour_of.push(0);
            add(local[b], eye);
            add(local[b], eye + 1);
            anchor_of_chain[c] = local[b];
        } else {
            add(local[b], anchor_of_chain[c]);
        }
    }
    let mut edge_list: Vec<(usize, usize)> = edges.into_iter().collect();
    edge_list.sort_unstable();
    let graph = PlainGraph::from_edges(colour_of.len(), &edge_list).map_err(|_| total)?;
    Ok((graph, Config(colour_of), local))
}

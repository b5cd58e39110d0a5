//! Vertex orderings (path decompositions) and the slot schedule the border-state count runs on.
//!
//! Points are introduced one at a time; a point stays on the frontier until its last
//! neighbour has been introduced. Each frontier point occupies a slot; the number of slots in
//! use at once (the width) decides the number of border states, so orderings are chosen to keep
//! it small.

use board_geometry::{Graph, Topology as _};

/// What happens at one step: point `vertex` enters `slot`, meets the frontier points in
/// `earlier` (slots of its already introduced neighbours), and then the slots in `forget` leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The point added.
    pub vertex: usize,
    /// The frontier slot it takes.
    pub slot: usize,
    /// Frontier slots of its neighbours added before it.
    pub earlier: Vec<usize>,
    /// Frontier slots freed after this step.
    pub forget: Vec<usize>,
}

/// A whole ordering turned into steps, with the number of slots it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The steps, one per point.
    pub steps: Vec<Step>,
    /// The largest frontier the order needs.
    pub width: usize,
}

impl Schedule {
    /// Builds the schedule for `order`, which must list every point of `graph` once.
    pub fn new(graph: &Graph, order: &[usize]) -> Schedule {
        let n = graph.len();
        assert_eq!(order.len(), n, "the order must list every point once");
        let mut position = vec![usize::MAX; n];
        for (i, &v) in order.iter().enumerate() {
            assert!(position[v] == usize::MAX, "point {v} listed twice");
            position[v] = i;
        }
        // a point leaves after the step that introduces its last neighbour (or itself)
        let mut leaves_at = vec![0usize; n];
        for v in 0..n {
            leaves_at[v] = graph
                .neighbour_indices(v)
                .map(|u| position[u])
                .chain(std::iter::once(position[v]))
                .max()
                .unwrap_or(position[v]);
        }
        let mut slot_of = vec![usize::MAX; n];
        let mut free: Vec<usize> = Vec::new();
        let mut width = 0;
        let mut steps = Vec::with_capacity(n);
        let mut leaving: Vec<Vec<usize>> = vec![Vec::new(); n];
        for v in 0..n {
            leaving[leaves_at[v]].push(v);
        }
        for (i, &v) in order.iter().enumerate() {
            let slot = free.pop().unwrap_or_else(|| {
                width += 1;
                width - 1
            });
            slot_of[v] = slot;
            let earlier = graph
                .neighbour_indices(v)
                .filter(|&u| position[u] < i)
                .map(|u| slot_of[u])
                .collect();
            let forget: Vec<usize> = leaving[i].iter().map(|&u| slot_of[u]).collect();
            // lowest slots first keeps the used slots packed at the bottom
            free.extend(forget.iter().copied());
            free.sort_unstable_by(|a, b| b.cmp(a));
            steps.push(Step {
                vertex: v,
                slot,
                earlier,
                forget,
            });
        }
        Schedule { steps, width }
    }
}

/// Row by row along the narrow side of a `w`×`h` grid (row-major indices), so the frontier
/// holds `min(w, h) + 1` points at most.
pub fn grid_order(w: usize, h: usize) -> Vec<usize> {
    if w <= h {
        (0..w * h).collect()
    } else {
        (0..w)
            .flat_map(|x| (0..h).map(move |y| y * w + x))
            .collect()
    }
}

/// A greedy ordering for any graph: from each start point, repeatedly add the point that
/// leaves the fewest frontier points (ties: the one with most introduced neighbours, then the
/// lowest index); the start with the smallest cost `Σ 3^frontier` wins. Disconnected graphs are
/// handled because any point may be picked next.
pub fn path_order(graph: &Graph) -> Vec<usize> {
    let n = graph.len();
    let starts: Vec<usize> = if n <= 64 {
        (0..n).collect()
    } else {
        (0..n).step_by(n.div_ceil(64)).collect()
    };
    let mut best: Option<(f64, Vec<usize>)> = None;
    for start in starts {
        let order = greedy_from(graph, start);
        let cost = order_cost(graph, &order);
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, order));
        }
    }
    best.map(|(_, o)| o).unwrap_or_default()
}

/// `Σ 3^(slots in use)` over the steps: a rough size of the work, used only to compare orderings.
fn order_cost(graph: &Graph, order: &[usize]) -> f64 {
    let schedule = Schedule::new(graph, order);
    let mut in_use = 0i64;
    let mut cost = 0f64;
    for step in &schedule.steps {
        in_use += 1;
        cost += 3f64.powi(in_use as i32);
        in_use -= step.forget.len() as i64;
    }
    cost
}

/// Frontier size past which a greedy ordering is abandoned: it could never be counted (the
/// width is at least the frontier) and finishing it costs quadratic time on large graphs.
const GIVE_UP_FRONTIER: usize = 2 * super::frontier::MAX_FRONTIER;

/// The greedy ordering from `start`. The frontier (added points with unadded neighbours) is
/// kept as a set, so a step costs the frontier's neighbourhood rather than the whole order; an
/// ordering whose frontier passes [`GIVE_UP_FRONTIER`] is finished in index order instead.
fn greedy_from(graph: &Graph, start: usize) -> Vec<usize> {
    let n = graph.len();
    let mut added = vec![false; n];
    // for each point: how many of its neighbours are not yet added
    let mut missing: Vec<usize> = (0..n).map(|v| graph.neighbour_indices(v).len()).collect();
    let mut order = Vec::with_capacity(n);
    let mut frontier: Vec<usize> = Vec::new();
    let mut frontier_slot = vec![usize::MAX; n];
    let mut first_unadded = 0;
    let mut next = Some(start);
    while let Some(v) = next {
        added[v] = true;
        order.push(v);
        if missing[v] > 0 {
            frontier_slot[v] = frontier.len();
            frontier.push(v);
        }
        for u in graph.neighbour_indices(v) {
            missing[u] -= 1;
            if added[u] && missing[u] == 0 {
                let slot = frontier_slot[u];
                frontier.swap_remove(slot);
                if let Some(&moved) = frontier.get(slot) {
                    frontier_slot[moved] = slot;
                }
                frontier_slot[u] = usize::MAX;
            }
        }
        if frontier.len() > GIVE_UP_FRONTIER {
            order.extend((0..n).filter(|&u| !added[u]));
            return order;
        }
        // candidates: unadded neighbours of the frontier, or any point if none
        let mut best: Option<(i64, i64, usize)> = None;
        let mut consider = |u: usize| {
            // frontier change if u is added: +1 if u keeps unadded neighbours, -1 for each
            // added neighbour whose last missing neighbour is u
            let closes = graph
                .neighbour_indices(u)
                .filter(|&w| added[w] && missing[w] == 1)
                .count() as i64;
            let stays = i64::from(missing[u] > 0);
            let delta = stays - closes;
            let touching = graph.neighbour_indices(u).filter(|&w| added[w]).count() as i64;
            let key = (delta, -touching, u);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        };
        for &w in &frontier {
            for u in graph.neighbour_indices(w) {
                if !added[u] {
                    consider(u);
                }
            }
        }
        if frontier.is_empty() {
            while first_unadded < n && added[first_unadded] {
                first_unadded += 1;
            }
            if first_unadded < n {
                consider(first_unadded);
            }
        }
        next = best.map(|(_, _, u)| u);
    }
    order
}

//! The obviously correct oracle: try every colouring and keep those whose strings all touch an
//! empty point. Liberty-reaching stones are found by growing from the stones next to empty
//! points, with whole-set bit operations.

use board_geometry::{Graph, Topology as _};

/// Largest graph the brute force accepts (`3^20` ≈ 3.5·10^9 colourings is already minutes).
pub const BRUTE_MAX_POINTS: usize = 20;

/// Number of legal colourings of `graph`, or `None` above [`BRUTE_MAX_POINTS`] points.
pub fn count_brute(graph: &Graph) -> Option<u64> {
    let n = graph.len();
    if n > BRUTE_MAX_POINTS {
        return None;
    }
    let adj: Vec<u32> = (0..n)
        .map(|v| graph.neighbour_indices(v).fold(0u32, |m, u| m | 1 << u))
        .collect();
    let neighbours_of = |set: u32| {
        let mut out = 0u32;
        let mut rest = set;
        while rest != 0 {
            out |= adj[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    };
    Some(enumerate(n, |black, white| {
        let empty = !(black | white) & full_mask(n);
        let near_empty = neighbours_of(empty);
        all_reach(black, near_empty, &neighbours_of) && all_reach(white, near_empty, &neighbours_of)
    }))
}

/// Same count on the `w`×`h` grid, neighbours by shifts (faster; the 4×4 board takes seconds).
pub fn count_brute_grid(w: usize, h: usize) -> Option<u64> {
    let n = w * h;
    if n > BRUTE_MAX_POINTS {
        return None;
    }
    let all = full_mask(n);
    let mut not_left = 0u32; // points with a left neighbour
    let mut not_right = 0u32;
    for i in 0..n {
        if i % w != 0 {
            not_left |= 1 << i;
        }
        if i % w != w - 1 {
            not_right |= 1 << i;
        }
    }
    let neighbours_of =
        move |s: u32| (((s & not_right) << 1) | ((s & not_left) >> 1) | (s << w) | (s >> w)) & all;
    Some(enumerate(n, |black, white| {
        let empty = !(black | white) & all;
        let near_empty = neighbours_of(empty);
        all_reach(black, near_empty, &neighbours_of) && all_reach(white, near_empty, &neighbours_of)
    }))
}

fn full_mask(n: usize) -> u32 {
    if n == 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// True when every stone of `stones` is connected within `stones` to one in `near_empty`.
fn all_reach(stones: u32, near_empty: u32, neighbours_of: &impl Fn(u32) -> u32) -> bool {
    let mut alive = stones & near_empty;
    loop {
        let grown = alive | (neighbours_of(alive) & stones);
        if grown == alive {
            return alive == stones;
        }
        alive = grown;
    }
}

/// Calls `legal(black, white)` for every colouring of `n` points (odometer in base 3) and
/// counts the `true`s.
fn enumerate(n: usize, legal: impl Fn(u32, u32) -> bool) -> u64 {
    let mut digits = vec![0u8; n];
    let (mut black, mut white) = (0u32, 0u32);
    let mut count = 0u64;
    loop {
        if legal(black, white) {
            count += 1;
        }
        // increment: 0 (empty) -> 1 (black) -> 2 (white) -> 0 with carry
        let mut i = 0;
        loop {
            if i == n {
                return count;
            }
            let bit = 1u32 << i;
            match digits[i] {
                0 => {
                    digits[i] = 1;
                    black |= bit;
                    break;
                }
                1 => {
                    digits[i] = 2;
                    black &= !bit;
                    white |= bit;
                    break;
                }
                _ => {
                    digits[i] = 0;
                    white &= !bit;
                    i += 1;
                }
            }
        }
    }
}

//! Benson's unconditional life ("pass-alive"), and the dead stones it proves.
//!
//! For a colour P: regions are the maximal connected sets of non-P points that contain an
//! empty point. A region is vital to a P chain when each of its empty points is a liberty of
//! that chain (each of its points, when multi-stone suicide is legal). Chains with fewer than
//! two vital regions are removed over and over, and a region touching a removed chain is
//! vital to nobody. The chains left can never be captured, whatever the opponent plays while
//! P passes. A region bordered only by them is P's pass-alive territory when at most one of
//! its points is not next to a P stone; opponent stones in it are dead.

use crate::color::{Color, Stone};
use crate::position::Position;
use crate::topology::{NeighboursOf, Point};
use board_geometry::Point as GeoPoint;

/// The result of Benson's test for one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassAlive {
    /// The colour of the chains.
    pub color: Color,
    /// True for each stone of `color` in a pass-alive chain.
    pub alive: Vec<bool>,
    /// True for each point of `color`'s pass-alive territory.
    pub territory: Vec<bool>,
}

/// Runs Benson's test for `color`. `suicide_legal` selects the multi-stone-suicide variant.
pub fn pass_alive(position: &Position, color: Color, suicide_legal: bool) -> PassAlive {
    let topo = position.topology();
    let stones = position.stones();
    let n = stones.len();
    let own = Stone::of(color);
    // Chains of `color`.
    let mut chain_of = vec![u32::MAX; n];
    let mut chains: Vec<Vec<Point>> = Vec::new();
    let mut stack = Vec::new();
    for s in 0..n {
        if stones[s] != own || chain_of[s] != u32::MAX {
            continue;
        }
        let id = chains.len() as u32;
        let mut members = Vec::new();
        chain_of[s] = id;
        stack.push(s as Point);
        while let Some(p) = stack.pop() {
            members.push(p);
            for &GeoPoint(q) in topo.neighbours_of(p) {
                if stones[q as usize] == own && chain_of[q as usize] == u32::MAX {
                    chain_of[q as usize] = id;
                    stack.push(q);
                }
            }
        }
        chains.push(members);
    }
    // Regions of non-`color` points seeded at empty points.
    let mut region_of = vec![u32::MAX; n];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for s in 0..n {
        if stones[s] != Stone::Empty || region_of[s] != u32::MAX {
            continue;
        }
        let id = regions.len() as u32;
        let mut members = Vec::new();
        region_of[s] = id;
        stack.push(s as Point);
        while let Some(p) = stack.pop() {
            members.push(p);
            for &GeoPoint(q) in topo.neighbours_of(p) {
                if stones[q as usize] != own && region_of[q as usize] == u32::MAX {
                    region_of[q as usize] = id;
                    stack.push(q);
                }
            }
        }
        regions.push(members);
    }
    // Bordering chains per region, and vitality.
    let mut borders: Vec<Vec<u32>> = vec![Vec::new(); regions.len()];
    for (r, members) in regions.iter().enumerate() {
        for &p in members {
            for &GeoPoint(q) in topo.neighbours_of(p) {
                let c = chain_of[q as usize];
                if c != u32::MAX && !borders[r].contains(&c) {
                    borders[r].push(c);
                }
            }
        }
    }
    let vital = |r: usize, c: u32| -> bool {
        regions[r].iter().all(|&p| {
            if !suicide_legal && stones[p as usize] != Stone::Empty {
                return true;
            }
            topo.neighbours_of(p)
                .iter()
                .any(|&GeoPoint(q)| chain_of[q as usize] == c)
        })
    };
    let vital_pairs: Vec<Vec<(u32, bool)>> = (0..regions.len())
        .map(|r| borders[r].iter().map(|&c| (c, vital(r, c))).collect())
        .collect();
    let mut chain_alive = vec![true; chains.len()];
    let mut region_ok = vec![true; regions.len()];
    loop {
        let mut vital_count = vec![0u32; chains.len()];
        for r in 0..regions.len() {
            if !region_ok[r] {
                continue;
            }
            for &(c, v) in &vital_pairs[r] {
                if v {
                    vital_count[c as usize] += 1;
                }
            }
        }
        let mut changed = false;
        for c in 0..chains.len() {
            if chain_alive[c] && vital_count[c] < 2 {
                chain_alive[c] = false;
                changed = true;
                for r in 0..regions.len() {
                    if borders[r].contains(&(c as u32)) {
                        region_ok[r] = false;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut alive = vec![false; n];
    for (c, members) in chains.iter().enumerate() {
        if chain_alive[c] {
            for &p in members {
                alive[p as usize] = true;
            }
        }
    }
    let mut territory = vec![false; n];
    for (r, members) in regions.iter().enumerate() {
        if !region_ok[r] || borders[r].is_empty() {
            continue;
        }
        let far = members
            .iter()
            .filter(|&&p| {
                !topo
                    .neighbours_of(p)
                    .iter()
                    .any(|&GeoPoint(q)| stones[q as usize] == own)
            })
            .count();
        if far <= 1 {
            for &p in members {
                territory[p as usize] = true;
            }
        }
    }
    PassAlive {
        color,
        alive,
        territory,
    }
}

/// Dead stones found by Benson's test, and the stones it cannot decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutoDead {
    /// Stones inside the opponent's pass-alive territory.
    pub dead: Vec<Point>,
    /// Stones proven alive (pass-alive chains).
    pub alive: Vec<Point>,
    /// Stones that are neither: their status needs judgement or search.
    pub undecided: Vec<Point>,
}

/// Marks as dead every stone inside the opponent's pass-alive territory; stones in
/// pass-alive chains are alive; everything else is reported undecided (and kept alive when
/// scoring).
pub fn auto_dead(position: &Position, suicide_legal: bool) -> AutoDead {
    let b = pass_alive(position, Color::Black, suicide_legal);
    let w = pass_alive(position, Color::White, suicide_legal);
    let mut out = AutoDead {
        dead: Vec::new(),
        alive: Vec::new(),
        undecided: Vec::new(),
    };
    for p in 0..position.len() {
        let (mine, theirs) = match position.stones()[p] {
            Stone::Empty => continue,
            Stone::Black => (&b, &w),
            Stone::White => (&w, &b),
        };
        if mine.alive[p] {
            out.alive.push(p as Point);
        } else if theirs.territory[p] {
            out.dead.push(p as Point);
        } else {
            out.undecided.push(p as Point);
        }
    }
    out
}

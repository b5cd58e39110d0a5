//! The figures-only counting path must agree with the full one, which builds every made-up
//! board: same counts, komi, winner, margin and 归本数 (or the same reason a method cannot be
//! computed) on random finished and stopped positions, both versions, several komi.
//!
//! The expectation is the full path itself: `score::figures` is documented as `score::score`
//! without the board and the notes, so any difference is a bug in one of them.

use board_geometry::Topology as _;
use go_scoring::analysis::Analysis;
use go_scoring::rules::Komi;
use go_scoring::score::{self, Method, Params, Version};
use go_scoring::{PerColor, Point, Shape, Stone};
use std::sync::Arc;

#[allow(dead_code)]
mod common;
use common::{Rng, playout, random_topology};

/// The property tests' random boards, and 19x19 one time in five (the size the fast path is
/// for).
fn topology(rng: &mut Rng) -> Arc<Shape> {
    if rng.index(5) == 0 {
        Arc::new(Shape::square(19).unwrap())
    } else {
        random_topology(rng)
    }
}

#[test]
fn figures_equal_full_scores() {
    let mut rng = Rng::new(0x00F1_6E45);
    let mut compared = 0;
    for i in 0..400 {
        let topo = topology(&mut rng);
        let n = topo.len();
        let finished = i % 2 == 0;
        let limit = if finished {
            20 * n
        } else {
            rng.index(3 * n) + 1
        };
        let board = playout(&mut rng, topo, limit);
        let position = board.position();
        let mut dead = Vec::new();
        if !finished {
            for chain in position.chains() {
                if rng.index(5) == 0 {
                    dead.push(chain.stones[0]);
                }
            }
        }
        let analysis = Analysis::new(&position, &dead).unwrap();
        for version in [Version::Law, Version::Art] {
            for komi in [0, 1, 13] {
                let known = rng.index(4) != 0;
                let params = Params {
                    version,
                    komi: Komi(komi),
                    moves: known.then(|| board.counted_moves()),
                    captures: known.then(|| board.captures()),
                    bowls: (rng.index(2) == 0).then(|| PerColor::new(n as u32 / 2, n as u32)),
                    ..Params::default()
                };
                let fast = score::figures_all(&analysis, &params);
                let full = score::score_all(&analysis, &params);
                for ((m, f), s) in Method::ALL.iter().zip(&fast).zip(&full) {
                    let s = s.clone().map(|mut s| {
                        if m.is_living_family() {
                            assert!(s.board.is_some(), "{m}: the full path builds the board");
                        }
                        s.board = None;
                        s.notes.clear();
                        s
                    });
                    assert_eq!(f, &s, "{m}, {version}, komi {komi}, case {i}");
                    if let Ok(f) = f {
                        assert!(f.board.is_none() && f.notes.is_empty());
                    }
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 400 * 2 * 3 * Method::ALL.len());
}

/// The units (棋块) by their definition, one flood per unit: the components of a colour's
/// stones and the empty regions only that colour borders, in order of their lowest point,
/// with the number of chains each holds. The analysis finds them by joining chains through
/// regions instead; both must give the same units.
#[test]
fn units_equal_a_plain_flood() {
    let mut rng = Rng::new(0x0417_5EED);
    for i in 0..300 {
        let topo = topology(&mut rng);
        let n = topo.len();
        let limit = if i % 2 == 0 {
            20 * n
        } else {
            rng.index(3 * n) + 1
        };
        let board = playout(&mut rng, topo.clone(), limit);
        let position = board.position();
        let mut dead = Vec::new();
        if i % 2 == 1 {
            for chain in position.chains() {
                if rng.index(5) == 0 {
                    dead.push(chain.stones[0]);
                }
            }
        }
        let a = Analysis::new(&position, &dead).unwrap();
        let live = a.live();
        // Area colour of each point: a stone's colour, or the only colour bordering its region.
        let mut area = vec![0u8; n];
        for r in a.regions() {
            if let Some(c) = r.owner() {
                for &p in &r.points {
                    area[p as usize] = Stone::of(c) as u8;
                }
            }
        }
        for p in 0..n {
            if live[p] != Stone::Empty {
                area[p] = live[p] as u8;
            }
        }
        let live_position = go_scoring::Position::unchecked(topo.clone(), live.to_vec());
        let chains = live_position.chains();
        let mut chain_of = vec![usize::MAX; n];
        for (k, c) in chains.iter().enumerate() {
            for &s in &c.stones {
                chain_of[s as usize] = k;
            }
        }
        let mut seen = vec![false; n];
        let mut expected = Vec::new();
        for start in 0..n {
            if area[start] == 0 || seen[start] {
                continue;
            }
            let mut points = vec![start as Point];
            seen[start] = true;
            let mut k = 0;
            while k < points.len() {
                let p = points[k];
                k += 1;
                for &board_geometry::Point(q) in topo.neighbours(board_geometry::Point(p)) {
                    if !seen[q as usize] && area[q as usize] == area[start] {
                        seen[q as usize] = true;
                        points.push(q);
                    }
                }
            }
            points.sort_unstable();
            let (stones, territory): (Vec<Point>, Vec<Point>) = points
                .iter()
                .partition(|&&p| live[p as usize] != Stone::Empty);
            let mut ids: Vec<usize> = stones.iter().map(|&p| chain_of[p as usize]).collect();
            ids.sort_unstable();
            ids.dedup();
            expected.push((stones, territory, ids.len()));
        }
        let found: Vec<_> = a
            .units()
            .iter()
            .map(|u| (u.stones.clone(), u.territory.clone(), u.chains))
            .collect();
        assert_eq!(found, expected, "case {i}");
    }
}

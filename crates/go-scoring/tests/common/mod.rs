//! Random positions shared by the property tests: a seeded generator, random boards (grids,
//! rectangles, irregular graphs) and random play that never fills its own one-point eyes.

pub use board_core::Rng;
use board_geometry::{Graph, Point as GeoPoint, Symmetry, Topology as _};
use go_scoring::Analysis;
use go_scoring::score::{self, Method, Params};
use go_scoring::{Board, Color, Move, PerColor, Point, Rules, Shape, Stone};
use std::sync::Arc;

/// A 5x5 to 9x9 grid, a rectangle or an irregular graph (a cycle with random chords).
pub fn random_topology(rng: &mut Rng) -> Arc<Shape> {
    match rng.index(6) {
        0 => {
            // An irregular graph: a cycle with random chords.
            let n = 16 + rng.index(20);
            let mut edges: Vec<(u16, u16)> =
                (0..n).map(|i| (i as u16, ((i + 1) % n) as u16)).collect();
            for _ in 0..n / 2 {
                let a = rng.index(n) as u16;
                let b = rng.index(n) as u16;
                if a != b && !edges.contains(&(a, b)) && !edges.contains(&(b, a)) {
                    edges.push((a, b));
                }
            }
            Arc::new(Shape::Graph(Graph::from_edges(n, &edges).unwrap()))
        }
        1 => Arc::new(Shape::grid(3 + rng.index(6) as u32, 4 + rng.index(5) as u32).unwrap()),
        _ => Arc::new(Shape::square(5 + rng.index(5) as u32).unwrap()),
    }
}

fn own_eye(board: &Board, p: Point, c: Color) -> bool {
    board
        .topology()
        .neighbours(GeoPoint(p))
        .iter()
        .all(|&GeoPoint(q)| board.at(q) == Stone::of(c))
}

/// The stones of the chain at `start` (a random chain to mark dead in the property tests).
#[allow(dead_code)] // used by the invariance and closing tests only
pub fn chain(topology: &Shape, stones: &[Stone], start: usize) -> Vec<Point> {
    let colour = stones[start];
    let mut out = vec![start as Point];
    let mut i = 0;
    while i < out.len() {
        let p = out[i];
        for &GeoPoint(q) in topology.neighbours(GeoPoint(p)) {
            if stones[q as usize] == colour && !out.contains(&q) {
                out.push(q);
            }
        }
        i += 1;
    }
    out
}

/// Plays a random game; returns the board after `limit` moves or when both pass.
pub fn playout(rng: &mut Rng, topo: Arc<Shape>, limit: usize) -> Board {
    let mut board = Board::new(topo, Rules::LIVING_STONES);
    let mut passes = 0;
    let mut played = 0;
    while passes < 2 && played < limit {
        let c = board.side_to_move();
        if rng.index(40) == 0 {
            board.play(Move::Virtual).unwrap();
            played += 1;
            continue;
        }
        let mut empties: Vec<Point> = board.empty_points().to_vec();
        empties.sort_unstable();
        let mut moved = false;
        while !empties.is_empty() {
            let i = rng.index(empties.len());
            let p = empties.swap_remove(i);
            if !own_eye(&board, p, c) && board.play_point(p).is_ok() {
                moved = true;
                break;
            }
        }
        if moved {
            passes = 0;
        } else {
            board.play(Move::Pass).unwrap();
            passes += 1;
        }
        played += 1;
    }
    board
}

/// The 8 symmetries of an `n` x `n` square board as maps of point indices (row by row, as
/// square shapes number their points), taken from board-geometry's [`Symmetry`].
#[allow(dead_code)] // used by the invariance tests only
pub fn symmetries(n: usize) -> Vec<Vec<usize>> {
    Symmetry::ALL
        .iter()
        .map(|s| {
            (0..n * n)
                .map(|p| {
                    let (x, y) = s.apply(n as u8, n as u8, (p % n) as u8, (p / n) as u8);
                    y as usize * n + x as usize
                })
                .collect()
        })
        .collect()
}

/// The stone of the other colour (empty stays empty): the colour swap of the invariance tests.
#[allow(dead_code)] // used by the invariance tests only
pub fn swap(s: Stone) -> Stone {
    match s {
        Stone::Black => Stone::White,
        Stone::White => Stone::Black,
        Stone::Empty => Stone::Empty,
    }
}

/// The count parameters of a finished `board` with `first` to have moved first (its captures
/// and moves), and the same with the colours swapped: the pair the invariance tests compare.
#[allow(dead_code)] // used by the invariance tests only
pub fn params_and_swapped(board: &Board, first: Color) -> (Params, Params) {
    let (captures, moves) = (board.captures(), board.moves());
    let params = Params {
        first,
        captures: Some(captures),
        moves: Some(moves),
        ..Params::default()
    };
    let swapped = Params {
        first: first.opponent(),
        captures: Some(PerColor::new(captures.white, captures.black)),
        moves: Some(PerColor::new(moves.white, moves.black)),
        ..Params::default()
    };
    (params, swapped)
}

/// Every method's (Black, White) figures on `analysis`, `None` where the method is
/// unavailable: what the invariance checks compare across symmetric copies.
#[allow(dead_code)] // used by the invariance and closing tests only
pub fn method_figures(analysis: &Analysis, params: &Params) -> Vec<Option<(i64, i64)>> {
    Method::ALL
        .iter()
        .map(|&m| {
            score::score(analysis, m, params)
                .ok()
                .map(|s| (s.black.0, s.white.0))
        })
        .collect()
}

/// The points named in `names` ("A1,B2,..."), sorted: how the life tests name a string.
#[allow(dead_code)] // used by the life tests only
pub fn points(p: &go_scoring::position::Position, names: &str) -> Vec<Point> {
    let mut v: Vec<Point> = names
        .split(',')
        .map(|n| p.topology().parse_point(n).unwrap().0)
        .collect();
    v.sort_unstable();
    v
}

/// `--dead auto`'s life verdicts with the default budgets, under the Japanese rules' ko
/// judgement (J1989 7-2: a ko is retaken only after a pass).
pub fn life_japanese(p: &go_scoring::position::Position) -> go_scoring::graph::life::SearchedLife {
    use go_scoring::graph::life::{
        DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS, OpenKo, decide_life_under,
    };
    decide_life_under(
        p,
        DEFAULT_LIFE_BUDGET,
        DEFAULT_MAX_REGION_POINTS,
        DEFAULT_PLAYOUTS,
        OpenKo::RetakeAfterPass,
    )
}

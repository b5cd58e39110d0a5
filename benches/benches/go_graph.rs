//! Graph Go: the border-state legal-position count (grids 5×5 … 7×7, a random-ish graph), the
//! brute-force oracle it is checked against, the outcome-class search and the tiny-board
//! solver. Node and transition rates are printed once per target so they can be reported.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use go_scoring::graph::{Board, Config, Komi, OutcomeSearch, PlainGraph, RegularSequence};
use go_scoring::legal_count::{count_brute_grid, count_grid, frontier, grid_order};
use go_scoring::solve::{solve, solve_plain};

fn legal_count(c: &mut Criterion) {
    for n in [5usize, 7, 8] {
        let g = PlainGraph::grid(n, n);
        let start = Instant::now();
        let (count, stats) = frontier::count_with_stats(&g, &grid_order(n, n)).unwrap();
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "legal {n}x{n} = {count}: {:.3} s, {} states max, {:.2} M transitions/s",
            secs,
            stats.max_states,
            stats.transitions as f64 / secs / 1e6
        );
    }
    let mut group = c.benchmark_group("legal_count");
    group.sample_size(10);
    group.bench_function("border_5x5", |b| b.iter(|| count_grid(black_box(5), 5)));
    group.bench_function("border_7x7", |b| b.iter(|| count_grid(black_box(7), 7)));
    group.bench_function("brute_3x3", |b| {
        b.iter(|| count_brute_grid(black_box(3), 3))
    });
    // a 30-point graph that is not a grid: a 5×6 grid with diagonals in every other cell
    let mut edges = PlainGraph::grid(5, 6).edges();
    for y in 0..5 {
        for x in (0..4).step_by(2) {
            edges.push((y * 5 + x, (y + 1) * 5 + x + 1));
        }
    }
    let g = PlainGraph::from_edges(30, &edges).unwrap();
    group.bench_function("border_graph_30", |b| {
        b.iter(|| go_scoring::legal_count::count_frontier(black_box(&g)))
    });
    group.finish();
}

fn outcome_search(c: &mut Criterion) {
    // the empty 1×3 board: a fresh search (and table) each time
    let g = PlainGraph::grid(3, 1);
    let board = Board::new(&g);
    let start: Config = Config::empty(3);
    let r = RegularSequence::start(&board, start).unwrap();
    let t = Instant::now();
    let report = OutcomeSearch::new(&g, true).unwrap().run(&r).unwrap();
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "outcome 1x3 (empty): {} nodes, {:.0} nodes/s",
        report.nodes,
        report.nodes as f64 / secs
    );
    let mut group = c.benchmark_group("outcome");
    group.sample_size(10);
    group.bench_function("classes_1x3", |b| {
        b.iter(|| {
            OutcomeSearch::new(&g, true)
                .unwrap()
                .run(black_box(&r))
                .unwrap()
        })
    });
    group.bench_function("classes_1x3_no_symmetry", |b| {
        b.iter(|| {
            OutcomeSearch::new(&g, false)
                .unwrap()
                .run(black_box(&r))
                .unwrap()
        })
    });
    group.finish();
}

fn tiny_boards(c: &mut Criterion) {
    let g = PlainGraph::grid(5, 1);
    let t = Instant::now();
    let s = solve(&g, Komi(0), u64::MAX).unwrap();
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "solve 1x5: margin {} in {} nodes, {:.0} nodes/s",
        s.area_margin,
        s.nodes,
        s.nodes as f64 / secs
    );
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.bench_function("1x5", |b| {
        b.iter(|| solve(black_box(&g), Komi(0), u64::MAX))
    });
    let g2 = PlainGraph::grid(2, 2);
    group.bench_function("2x2", |b| {
        b.iter(|| solve(black_box(&g2), Komi(0), u64::MAX))
    });
    // the table-free reference search on the same boards, for the node-count comparison
    for (name, board) in [("1x5", &g), ("2x2", &g2)] {
        let t = Instant::now();
        let p = solve_plain(board, Komi(0), u64::MAX).unwrap();
        eprintln!(
            "plain {name}: margin {} in {} nodes, {:.3} s",
            p.area_margin,
            p.nodes,
            t.elapsed().as_secs_f64()
        );
    }
    group.bench_function("2x2_plain", |b| {
        b.iter(|| solve_plain(black_box(&g2), Komi(0), u64::MAX))
    });
    group.finish();
}

criterion_group!(benches, legal_count, outcome_search, tiny_boards);
criterion_main!(benches);

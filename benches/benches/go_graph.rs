//! Graph Go: the border-state legal-position count (grids 5×5 … 7×7, a random-ish graph), the
//! brute-force oracle it is checked against, the outcome-class search (empty paths, cycles and
//! small grids) and the tiny-board solver. Node and transition rates are printed once per target so they can be reported.

use std::hint::black_box;
use std::time::Instant;

use board_geometry::{Graph, Topology as _};
use criterion::{Criterion, criterion_group, criterion_main};
use go_scoring::Komi;
use go_scoring::graph::{Board, Config, OutcomeSearch, RegularSequence};
use go_scoring::legal_count::{count_brute_grid, count_grid, frontier, grid_order};
use go_scoring::solve::{solve, solve_plain};

fn legal_count(c: &mut Criterion) {
    for n in [5usize, 7, 8] {
        let g = Graph::grid(n, n).unwrap();
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
    // the same count with its wide steps shared out over two threads
    let g7 = Graph::grid(7, 7).unwrap();
    group.bench_function("border_7x7_2_threads", |b| {
        b.iter(|| {
            go_scoring::legal_count::count_on_threads(black_box(&g7), &grid_order(7, 7), 1 << 30, 2)
        })
    });
    group.bench_function("brute_3x3", |b| {
        b.iter(|| count_brute_grid(black_box(3), 3))
    });
    // a 30-point graph that is not a grid: a 5×6 grid with diagonals in every other cell
    let mut edges: Vec<(u16, u16)> = Graph::grid(5, 6)
        .unwrap()
        .edges()
        .map(|(a, b)| (a.0, b.0))
        .collect();
    for y in 0..5 {
        for x in (0..4).step_by(2) {
            edges.push((y * 5 + x, (y + 1) * 5 + x + 1));
        }
    }
    let g = Graph::from_edges(30, &edges).unwrap();
    group.bench_function("border_graph_30", |b| {
        b.iter(|| go_scoring::legal_count::count_frontier(black_box(&g)))
    });
    group.finish();
}

/// The empty board of `g` as a sequence of no moves.
fn empty_start(g: &Graph) -> RegularSequence {
    RegularSequence::start(&Board::new(g), Config::empty(g.len())).unwrap()
}

/// The cycle on `n` points.
fn cycle(n: usize) -> Graph {
    let edges: Vec<(u16, u16)> = (0..n).map(|i| (i as u16, ((i + 1) % n) as u16)).collect();
    Graph::from_edges(n, &edges).unwrap()
}

fn outcome_search(c: &mut Criterion) {
    // one fresh search per empty board (paths, cycles, small grids), 5 M nodes at most: node
    // counts, table use and rates, printed once
    let boards: Vec<(String, Graph)> = (3..=8)
        .map(|n| (format!("1x{n}"), Graph::grid(n, 1).unwrap()))
        .chain((4..=7).map(|n| (format!("C{n}"), cycle(n))))
        .chain([
            ("2x2".to_string(), Graph::grid(2, 2).unwrap()),
            ("2x3".to_string(), Graph::grid(3, 2).unwrap()),
            ("2x4".to_string(), Graph::grid(4, 2).unwrap()),
            ("3x3".to_string(), Graph::grid(3, 3).unwrap()),
        ])
        .collect();
    for (name, g) in &boards {
        let mut search = OutcomeSearch::new(g, true).unwrap();
        search.budget = 5_000_000;
        let t = Instant::now();
        let result = search.run(&empty_start(g));
        let secs = t.elapsed().as_secs_f64();
        match result {
            Ok(report) => eprintln!(
                "outcome {name} (empty): {} in {} nodes, {} table hits, {} positions, {:.3} s, {:.0} nodes/s",
                report
                    .classes
                    .iter()
                    .map(|o| o.letter())
                    .collect::<String>(),
                report.nodes,
                report.table_hits,
                report.positions,
                secs,
                report.nodes as f64 / secs
            ),
            Err(e) => eprintln!("outcome {name} (empty): {e} ({secs:.3} s)"),
        }
    }
    let mut group = c.benchmark_group("outcome");
    group.sample_size(10);
    for (name, g) in [
        ("classes_1x5", Graph::grid(5, 1).unwrap()),
        ("classes_1x6", Graph::grid(6, 1).unwrap()),
        ("classes_2x3", Graph::grid(3, 2).unwrap()),
        ("classes_c6", cycle(6)),
    ] {
        let r = empty_start(&g);
        group.bench_function(name, |b| {
            b.iter(|| {
                OutcomeSearch::new(&g, true)
                    .unwrap()
                    .run(black_box(&r))
                    .unwrap()
            })
        });
    }
    let g = Graph::grid(3, 2).unwrap();
    let r = empty_start(&g);
    group.bench_function("classes_2x3_no_symmetry", |b| {
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
    let g = Graph::grid(5, 1).unwrap();
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
    let g2 = Graph::grid(2, 2).unwrap();
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

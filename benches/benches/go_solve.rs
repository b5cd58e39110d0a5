//! Tiny Go boards solved exactly (area scoring, positional superko, no suicide): the table
//! search on 2×3, 2×4, 3×3, 2×5 and 3×4 and the table-free reference search on 2×3. Node
//! rates are printed once per board so they can be reported (4×4, about 130 M nodes, is left
//! to the ignored test `four_by_four` of go-scoring's `graph_solve`).

use std::hint::black_box;
use std::time::Instant;

use board_geometry::Graph;
use criterion::{Criterion, criterion_group, criterion_main};
use go_scoring::Komi;
use go_scoring::solve::{Solution, SolveError, solve, solve_plain};

type Solver = fn(&Graph, Komi, u64) -> Result<Solution, SolveError>;

fn report(name: &str, w: usize, h: usize, solver: Solver) {
    let g = Graph::grid(w, h).unwrap();
    let t = Instant::now();
    let s = solver(&g, Komi(0), u64::MAX).unwrap();
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "{name} {w}x{h}: margin {} in {} nodes, {:.3} s, {:.2} M nodes/s, {} table entries",
        s.area_margin,
        s.nodes,
        secs,
        s.nodes as f64 / secs / 1e6,
        s.table_entries
    );
}

fn small_boards(c: &mut Criterion) {
    for (w, h) in [(3, 2), (4, 2), (3, 3), (5, 2), (4, 3)] {
        report("table", w, h, solve);
    }
    report("plain", 3, 2, solve_plain);
    let mut group = c.benchmark_group("go_solve");
    group.sample_size(10);
    for (w, h) in [(3usize, 2usize), (4, 2), (3, 3), (4, 3)] {
        let g = Graph::grid(w, h).unwrap();
        group.bench_function(format!("table_{w}x{h}"), |b| {
            b.iter(|| solve(black_box(&g), Komi(0), u64::MAX))
        });
    }
    group.finish();
}

criterion_group!(benches, small_boards);
criterion_main!(benches);

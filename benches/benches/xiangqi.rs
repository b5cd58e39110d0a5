//! Xiangqi perft with bulk counting, one thread: nodes per second of the legal move generator.
//!
//! Positions and counts are the published ones (chessprogramming.org "Chinese Chess Perft
//! Results"). Throughput is reported in leaf nodes, so criterion prints nodes/s directly.
//! Peers (pyffish) are measured by `benches/peers/xiangqi_pyffish.py` on the same positions.
//! Times are the thread's CPU time where Linux reports it, so load on a shared machine does
//! not count.

use arbiter_benches::cpu_iter;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use xiangqi_repetition::Position;
use xiangqi_repetition::perft::perft;

const CASES: [(&str, &str, u32, u64); 3] = [
    (
        "start_d5",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        5,
        133_312_995,
    ),
    (
        "cpw2_d5",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        5,
        53_112_976,
    ),
    (
        "cpw3_d5",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        5,
        10_369_923,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi_perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        let pos = Position::from_fen(fen).expect("published FEN");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            cpu_iter(b, || {
                let mut p = pos.clone();
                let n = perft(&mut p, black_box(depth));
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let pos = Position::from_fen(CASES[1].1).expect("published FEN");
    c.bench_function("xiangqi_legal_moves_cpw2", |b| {
        cpu_iter(b, || black_box(&pos).legal_moves().len())
    });
}

criterion_group!(benches, bench_perft, bench_movegen);
criterion_main!(benches);

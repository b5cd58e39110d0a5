//! Shogi perft with bulk counting, one thread (criterion). Throughput is in leaf nodes, so
//! criterion's "elements/s" is the nodes-per-second figure compared with the peers
//! (benches/peers/shogi_cshogi.py runs cshogi against the CLI in the same run).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shogi_rules::Position;
use shogi_rules::perft::perft;

const CASES: [(&str, &str, u32, u64); 3] = [
    // Published counts (shogi.md §4): start d5, matsuri d3, max-moves d3.
    (
        "start",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        5,
        19_861_490,
    ),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        3,
        4_809_015,
    ),
    (
        "max-moves",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        3,
        53_393_368,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("shogi_perft");
    group.sample_size(10);
    for (name, sfen, depth, nodes) in CASES {
        let mut pos = Position::from_sfen(sfen).expect("valid SFEN");
        assert_eq!(perft(&mut pos, depth), nodes, "{name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}_d{depth}"), |b| {
            b.iter(|| perft(std::hint::black_box(&mut pos), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);

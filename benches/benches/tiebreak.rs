//! Tie-break standings on a large Swiss: 2,000 players, 11 rounds, PTS plus eight tie-breaks.
//! The tournament is generated deterministically by `tiebreak::generate::swiss`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tiebreak::descriptor::parse_list;
use tiebreak::generate::swiss;
use tiebreak::{Options, standings, trf};

fn bench(c: &mut Criterion) {
    let t = swiss(2000, 11, 0x5EED);
    let list = parse_list("PTS,BH/C1,BH,SB,FB,AOB,ARO,PS,DE").expect("valid tie-break list");
    let opts = Options::default();
    c.bench_function("standings 2000 players 11 rounds, 8 tie-breaks", |b| {
        b.iter(|| standings::compute(black_box(&t), opts, black_box(&list)))
    });
    let text = trf::write(&t);
    c.bench_function("parse TRF 2000 players 11 rounds", |b| {
        b.iter(|| trf::parse(black_box(&text)).expect("generated file parses"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Tsume solving on the short problems of the spec (shogi.md §7.4): time to a proven answer
//! with the line, in both modes, and to the first proof alone (`Solver::prove`, a mate
//! detector's question). The long record problems are reported runs (see the
//! `tsume_records` ignored tests); cshogi's DfPn and mate_move are measured on the same
//! problems by `benches/peers/tsume_cshogi.py`.

use criterion::{Criterion, criterion_group};
use shogi_rules::Position;
use shogi_rules::tsume::{self, Mode, Options, Solver, Status};
use std::hint::black_box;
use std::time::Instant;

/// The short problems of shogi.md §7.4 as the tsume tests read them (name and SFEN;
/// `crates/shogi-rules/tests/data/tsume_short.json` gives each one's source and lengths),
/// also read by `benches/peers/tsume_cshogi.py`.
fn cases() -> Vec<(String, String)> {
    let data: serde_json::Value = serde_json::from_str(include_str!(
        "../../crates/shogi-rules/tests/data/tsume_short.json"
    ))
    .expect("the short problems' file is JSON");
    let text = |v: &serde_json::Value| v.as_str().expect("a string").to_string();
    data["problems"]
        .as_array()
        .expect("a list of problems")
        .iter()
        .map(|p| (text(&p["name"]), text(&p["sfen"])))
        .collect()
}

fn bench_short(c: &mut Criterion) {
    for mode in [Mode::Shortest, Mode::Tsume] {
        let name = match mode {
            Mode::Shortest => "tsume_shortest",
            Mode::Tsume => "tsume_conventions",
        };
        let mut group = c.benchmark_group(name);
        group.sample_size(20);
        for (id, sfen) in cases() {
            let pos = Position::from_sfen(&sfen).expect("spec SFEN");
            let opts = Options {
                mode,
                ..Options::default()
            };
            group.bench_function(&id, |b| {
                b.iter(|| {
                    let s = tsume::solve(black_box(&pos), &opts).expect("defender king");
                    assert_eq!(s.status, Status::Mate);
                    s.plies
                })
            });
        }
        group.finish();
    }
    // Mate detection with the line of the first proof (no shortening, no exact line
    // search): the counterpart of cshogi's DfPn.search (which reads its line too) in the
    // peer harness.
    let mut group = c.benchmark_group("tsume_first_proof");
    group.sample_size(20);
    for (id, sfen) in cases() {
        let pos = Position::from_sfen(&sfen).expect("spec SFEN");
        let opts = Options {
            shorten: false,
            exact_line_plies: 0,
            ..Options::default()
        };
        group.bench_function(&id, |b| {
            b.iter(|| {
                let s = tsume::solve(black_box(&pos), &opts).expect("defender king");
                assert_eq!(s.status, Status::Mate);
                s.pv.len()
            })
        });
    }
    group.finish();
    // The first proof alone, by one solver kept over the runs (its table cleared, not
    // allocated, at each): the counterpart of the proof cshogi's DfPn.search makes before
    // it reads its line.
    let mut group = c.benchmark_group("tsume_prove");
    group.sample_size(20);
    let mut solver = Solver::new(Options::default());
    for (id, sfen) in cases() {
        let pos = Position::from_sfen(&sfen).expect("spec SFEN");
        group.bench_function(&id, |b| {
            b.iter(|| {
                let p = solver.prove(black_box(&pos)).expect("defender king");
                assert_eq!(p.status, Status::Mate);
                p.nodes
            })
        });
    }
    group.finish();
}

/// The best mean time of `f` in seconds over `batches` batches of `runs` calls.
fn best_mean(batches: usize, runs: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..batches {
        let start = Instant::now();
        for _ in 0..runs {
            f();
        }
        best = best.min(start.elapsed().as_secs_f64() / runs as f64);
    }
    best
}

/// The first proof of each short problem timed in-process as the peer harness times
/// cshogi's `DfPn.search` (`benches/peers/tsume_cshogi.py --first-proof`): the best mean
/// over `batches` batches of `runs` calls, one line per problem: name, µs of
/// `Solver::prove` (the first proof alone), µs of a first-proof `Solver::solve` (the proof
/// and the reading of its line, no shortening and no exact search: the counterpart of
/// `DfPn.search`, which reads its line before it returns), nodes of the proof, plies of
/// the line. One solver for each, kept over the runs: its table is cleared, not
/// allocated, at each call (cshogi's table is made by `DfPn()`, outside its timing). A
/// best-of figure rather than criterion's median, so that both sides are read the same
/// way on a loaded machine. `TSUME_ONLY=NAME` in the environment times that problem
/// alone, and `TSUME_PART=prove` or `solve` that column alone, the other (and the nodes
/// or the plies it gives) printed as 0 (for a profiler).
fn best_of(batches: usize, runs: usize) {
    let mut prover = Solver::new(Options::default());
    let mut solver = Solver::new(Options {
        shorten: false,
        exact_line_plies: 0,
        ..Options::default()
    });
    let only = std::env::var("TSUME_ONLY").ok();
    let part = std::env::var("TSUME_PART").ok();
    let (batches_prove, batches_solve) = match part.as_deref() {
        Some("prove") => (batches, 0),
        Some("solve") => (0, batches),
        _ => (batches, batches),
    };
    for (id, sfen) in cases() {
        if only.as_deref().is_some_and(|o| o != id.as_str()) {
            continue;
        }
        let pos = Position::from_sfen(&sfen).expect("spec SFEN");
        let mut proof = None;
        let prove = best_mean(batches_prove, runs, || {
            let p = prover.prove(black_box(&pos)).expect("defender king");
            assert_eq!(p.status, Status::Mate);
            proof = Some(p);
        });
        let mut line = None;
        let solve = best_mean(batches_solve, runs, || {
            let s = solver.solve(black_box(&pos)).expect("defender king");
            assert_eq!(s.status, Status::Mate);
            line = Some(s);
        });
        if let (Some(p), Some(s)) = (&proof, &line) {
            assert_eq!(p.nodes, s.first_proof_nodes, "{id}");
        }
        let us = |t: f64| if t.is_finite() { t * 1e6 } else { 0.0 };
        println!(
            "{id} {:.3} {:.3} {} {}",
            us(prove),
            us(solve),
            proof.map_or(0, |p| p.nodes),
            line.map_or(0, |s| s.pv.len())
        );
    }
}

/// `Solver::prove` on one position (`TSUME_SFEN`, mate or not), timed as [`best_of`] times
/// the problems, printed with its proof: the fixed cost of a prove on a position without
/// a check, or of a mate in one, which the problem set does not show apart.
fn prove_one(batches: usize, runs: usize, sfen: &str) {
    let pos = match Position::from_sfen(sfen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("TSUME_SFEN: {e}");
            std::process::exit(2);
        }
    };
    let mut prover = Solver::new(Options::default());
    let mut proof = None;
    let t = best_mean(batches, runs, || {
        proof = Some(prover.prove(black_box(&pos)).expect("defender king"))
    });
    println!("{:.3} {:?}", t * 1e6, proof);
}

criterion_group!(benches, bench_short);

/// Criterion's benches, or with `TSUME_BEST_OF=BATCHESxRUNS` (or `BATCHES`, 20 runs each)
/// in the environment the best-of table of [`best_of`] alone. A spec that does not read as
/// two counts of at least one is refused rather than replaced by a default, so a table is
/// never timed with other counts than the ones asked for. With `TSUME_SFEN` set as well,
/// that one position instead ([`prove_one`]).
fn main() {
    if let Ok(spec) = std::env::var("TSUME_BEST_OF") {
        let (b, r) = spec.split_once('x').unwrap_or((&spec, "20"));
        let (b, r) = match (b.parse::<usize>(), r.parse::<usize>()) {
            (Ok(b), Ok(r)) if b > 0 && r > 0 => (b, r),
            _ => {
                eprintln!("TSUME_BEST_OF={spec}: expected BATCHESxRUNS, two counts of at least 1");
                std::process::exit(2);
            }
        };
        match std::env::var("TSUME_SFEN") {
            Ok(sfen) => prove_one(b, r, &sfen),
            Err(_) => best_of(b, r),
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}

//! Repetition adjudication: judging a 4-ply and a 12-ply cycle, and the cost of keeping the
//! cycle tracker in step with make/unmake during a perft-style walk.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use xiangqi_repetition::adjudicate::incremental::CycleTracker;
use xiangqi_repetition::adjudicate::{Board, Mv, Ruleset, adjudicate, parse_moves};

/// Reference digest §5: a rook chasing an unprotected cannon (4 plies).
const FOUR_FEN: &str = "5k3/9/6c2/9/9/9/9/9/9/4K2R1 w";
const FOUR: &str = "h0g0 g7h7 g0h0 h7g7";
/// Two rooks walking six-move loops in opposite corners (12 plies, no attacks).
const TWELVE_FEN: &str = "r3k4/4a4/9/9/9/9/9/9/9/4K3R w";
const TWELVE: &str = "i0i2 a9a7 i2h2 a7b7 h2h1 b7b8 h1g1 b8c8 g1g0 c8c9 g0i0 c9a9";

fn cycles(c: &mut Criterion) {
    for (name, fen, moves) in [("4-ply", FOUR_FEN, FOUR), ("12-ply", TWELVE_FEN, TWELVE)] {
        let board = Board::from_fen(fen).unwrap();
        let list = parse_moves(moves).unwrap();
        for rules in [Ruleset::AXF, Ruleset::CXA2011] {
            c.bench_function(&format!("adjudicate {name} cycle {}", rules.name), |b| {
                b.iter(|| adjudicate(black_box(&board), black_box(&list), &rules).unwrap())
            });
        }
    }
}

fn walk(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board
        .legal_moves()
        .iter()
        .map(|&m| walk(&board.after(m), depth - 1))
        .sum()
}

fn walk_tracked(t: &mut CycleTracker, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves: Vec<Mv> = t.board().legal_moves();
    let mut n = 0;
    for m in moves {
        t.push(m);
        if t.repetition().is_none() {
            n += walk_tracked(t, depth - 1);
        } else {
            n += u64::from(t.loses_for_side_to_move() == Some(true));
        }
        t.pop();
    }
    n
}

fn incremental(c: &mut Criterion) {
    let start =
        Board::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").unwrap();
    let mut g = c.benchmark_group("perft 3 with repetition tracking");
    g.sample_size(10);
    g.bench_function("plain copy-make walk", |b| {
        b.iter(|| walk(black_box(&start), 3))
    });
    g.bench_function("walk with cycle tracker", |b| {
        b.iter(|| {
            let mut t = CycleTracker::new(start.clone(), Ruleset::AXF);
            walk_tracked(&mut t, 3)
        })
    });
    g.finish();
}

criterion_group!(benches, cycles, incremental);
criterion_main!(benches);

//! Repetition adjudication: judging a 4-ply and two 12-ply cycles (one quiet, one with
//! chases and a mate threat in it), and the cost of keeping the cycle tracker in step with
//! make/unmake during a perft-style walk.

use arbiter_benches::cpu_iter;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use xiangqi_repetition::Position;
use xiangqi_repetition::adjudicate::incremental::CycleTracker;
use xiangqi_repetition::adjudicate::{Board, Ruleset, adjudicate, parse_moves};

/// Reference digest §5: a rook chasing an unprotected cannon (4 plies).
const FOUR_FEN: &str = "5k3/9/6c2/9/9/9/9/9/9/4K2R1 w";
const FOUR: &str = "h0g0 g7h7 g0h0 h7g7";
/// Two rooks walking six-move loops in opposite corners (12 plies, no attacks).
const TWELVE_FEN: &str = "r3k4/4a4/9/9/9/9/9/9/9/4K3R w";
const TWELVE: &str = "i0i2 a9a7 i2h2 a7b7 h2h1 b7b8 h1g1 b8c8 g1g0 c8c9 g0i0 c9a9";
/// The same loops with a black 马 on h5 and a red 马 on b3 in the rooks' paths: the red 车
/// chases the 马 from h2 and threatens mate from g1, the black 车 chases the 马 from b7, so
/// the classifier's threat, protection and mate searches all have work (a draw: 一杀一捉四闲
/// against 一捉五闲).
const TWELVE_ATTACKS_FEN: &str = "r3k4/4a4/9/9/7n1/9/1N7/9/9/4K3R w";

fn cycles(c: &mut Criterion) {
    for (name, fen, moves) in [
        ("4-ply", FOUR_FEN, FOUR),
        ("12-ply", TWELVE_FEN, TWELVE),
        ("12-ply with attacks", TWELVE_ATTACKS_FEN, TWELVE),
    ] {
        let board = Board::from_fen(fen).unwrap();
        let list = parse_moves(moves).unwrap();
        for rules in [Ruleset::AXF, Ruleset::CXA2011] {
            c.bench_function(&format!("adjudicate {name} cycle {}", rules.name), |b| {
                cpu_iter(b, || {
                    adjudicate(black_box(board.position()), black_box(&list), &rules).unwrap()
                })
            });
        }
    }
}

/// Perft-style walk with the engine's make/unmake, every leaf visited.
fn walk(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for &m in pos.legal_moves().iter() {
        let undo = pos.play_unchecked(m);
        n += walk(pos, depth - 1);
        pos.undo(m, undo);
    }
    n
}

/// The same walk making and unmaking through the tracker, asking at every node whether
/// the position repeats (and, if so, whether that loses for the side to move).
fn walk_tracked(t: &mut CycleTracker, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for &m in t.position().legal_moves().iter() {
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

/// The same walk with the tracker's make/unmake, the undo record kept in the search's
/// own frame as with the engine's make/unmake.
fn walk_tracked_undo(t: &mut CycleTracker, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for &m in t.position().legal_moves().iter() {
        let undo = t.make(m);
        if t.repetition().is_none() {
            n += walk_tracked_undo(t, depth - 1);
        } else {
            n += u64::from(t.loses_for_side_to_move() == Some(true));
        }
        t.unmake(m, undo);
    }
    n
}

fn incremental(c: &mut Criterion) {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let board = Board::from_fen(fen).unwrap();
    let start = board.position().clone();
    // chessprogramming.org "Chinese Chess Perft Results": 79666 nodes at depth 3.
    let mut p = start.clone();
    assert_eq!(walk(&mut p, 3), 79_666);
    let mut t = CycleTracker::new(board.clone(), Ruleset::AXF);
    assert_eq!(walk_tracked(&mut t, 3), 79_666);
    assert_eq!(walk_tracked_undo(&mut t, 3), 79_666);
    let mut g = c.benchmark_group("perft 3 with repetition tracking");
    g.sample_size(20);
    g.bench_function("plain make-unmake walk", |b| {
        let mut p = start.clone();
        cpu_iter(b, || walk(black_box(&mut p), 3))
    });
    g.bench_function("walk with cycle tracker push-pop", |b| {
        let mut t = CycleTracker::new(board.clone(), Ruleset::AXF);
        cpu_iter(b, || walk_tracked(black_box(&mut t), 3))
    });
    g.bench_function("walk with cycle tracker make-unmake", |b| {
        let mut t = CycleTracker::new(board.clone(), Ruleset::AXF);
        cpu_iter(b, || walk_tracked_undo(black_box(&mut t), 3))
    });
    g.finish();
}

criterion_group!(benches, cycles, incremental);
criterion_main!(benches);

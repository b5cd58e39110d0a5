//! Go benchmarks: counting a finished 19x19 position by every method (analysis included;
//! the figures alone, and with the made-up boards and notes),
//! area counting alone on the positions the sgfmill peer also counts, and random legal play
//! on 19x19 with positional superko (moves per second).
//!
//! The finished positions come from fixed-seed random playouts in which neither side fills
//! a point surrounded by its own stones, played until both pass. They are written as an SGF
//! collection to `$GO_BENCH_POSITIONS` (default: the system temp dir) so that
//! `benches/peers/go_sgfmill.py` times sgfmill on the very same positions.

use board_core::Rng;
use board_geometry::{Point as GeoPoint, Topology as _};
use std::hint::black_box;
use std::sync::Arc;

use arbiter_benches::thread_cpu_time;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_scoring::analysis::Analysis;
use go_scoring::score::{self, Params, Version};
use go_scoring::{Board, Color, KoRule, Move, PerColor, Point, Rules, Shape, Stone, SuicideRule};

fn own_eye(board: &Board, p: Point, c: Color) -> bool {
    board
        .topology()
        .neighbours(GeoPoint(p))
        .iter()
        .all(|&GeoPoint(q)| board.at(q) == Stone::of(c))
}

/// One random game with the eye rule; returns the board and the number of stones placed.
/// Each turn probes the empty points from a random start until a move that does not fill
/// an own eye is accepted as legal, else passes. `play_point` checks legality (ko, superko,
/// suicide) itself and leaves the board untouched when it refuses, so each probe is one
/// legality check.
fn playout(topo: &Arc<Shape>, rules: Rules, rng: &mut Rng) -> (Board, u64) {
    let mut board = Board::new(topo.clone(), rules);
    let mut passes = 0;
    let mut placed = 0u64;
    let limit = 3 * topo.len();
    let mut turns = 0;
    while passes < 2 && turns < limit {
        turns += 1;
        let c = board.side_to_move();
        let n = board.empty_points().len();
        let start = if n == 0 {
            0
        } else {
            (rng.next_u64() % n as u64) as usize
        };
        let mut moved = false;
        for i in 0..n {
            let p = board.empty_points()[(start + i) % n];
            if !own_eye(&board, p, c) && board.play_point(p).is_ok() {
                moved = true;
                break;
            }
        }
        if moved {
            placed += 1;
            passes = 0;
        } else {
            board.play(Move::Pass).expect("a pass is always legal");
            passes += 1;
        }
    }
    (board, placed)
}

fn finished_positions(n: usize) -> Vec<Board> {
    let topo = Arc::new(Shape::square(19).unwrap());
    let rules = Rules {
        ko: KoRule::PositionalSuperko,
        suicide: SuicideRule::Illegal,
        ..Rules::CHINESE
    };
    let mut rng = Rng::new(0x0123_4567_89AB_CDEF);
    (0..n).map(|_| playout(&topo, rules, &mut rng).0).collect()
}

fn write_positions(boards: &[Board]) {
    let path = std::env::var("GO_BENCH_POSITIONS").unwrap_or_else(|_| {
        std::env::temp_dir()
            .join("arbiter-go-bench-positions.sgf")
            .to_string_lossy()
            .into_owned()
    });
    let mut out = String::new();
    for b in boards {
        out.push_str(&go_scoring::sgf::write_position(&b.position(), None, None, None).unwrap());
    }
    if let Err(e) = std::fs::write(&path, out) {
        eprintln!("cannot write {path}: {e}");
    }
}

fn params(board: &Board) -> Params {
    Params {
        version: Version::Law,
        moves: Some(board.counted_moves()),
        captures: Some(board.captures()),
        bowls: Some(PerColor::new(181, 181)),
        ..Params::default()
    }
}

/// CPU time per call of `f` (this thread's on-CPU time, so that the figures printed with
/// `GO_BENCH_CPU=1` do not count time the shared machine gave to others), over at least half
/// a second. The clock is read after batches that double in size, so reading it costs
/// nothing noticeable per call.
fn cpu_per_call(mut f: impl FnMut()) -> Option<f64> {
    let start = thread_cpu_time()?;
    let (mut calls, mut batch) = (0u64, 1u64);
    loop {
        for _ in 0..batch {
            f();
        }
        calls += batch;
        batch *= 2;
        let spent = (thread_cpu_time()? - start).as_nanos() as f64;
        if spent > 5e8 {
            return Some(spent / calls as f64);
        }
    }
}

fn scoring(c: &mut Criterion) {
    let boards = finished_positions(16);
    write_positions(&boards);
    let positions: Vec<_> = boards.iter().map(|b| (b.position(), params(b))).collect();
    if std::env::var_os("GO_BENCH_CPU").is_some() {
        let per = positions.len() as f64;
        let all = cpu_per_call(|| {
            for (pos, p) in &positions {
                let a = Analysis::new(pos, &[]).unwrap();
                black_box(score::figures_all(&a, p));
            }
        });
        let diagrams = cpu_per_call(|| {
            for (pos, p) in &positions {
                let a = Analysis::new(pos, &[]).unwrap();
                black_box(score::score_all(&a, p));
            }
        });
        let area = cpu_per_call(|| {
            for (pos, p) in &positions {
                let a = Analysis::new(pos, &[]).unwrap();
                black_box(score::tromp_taylor(&a, p));
            }
        });
        let analysis = cpu_per_call(|| {
            for (pos, _) in &positions {
                black_box(Analysis::new(pos, &[]).unwrap());
            }
        });
        let topo = Arc::new(Shape::square(19).unwrap());
        let rules = Rules {
            ko: KoRule::PositionalSuperko,
            suicide: SuicideRule::Illegal,
            ..Rules::CHINESE
        };
        let mut rng = Rng::new(0xDEAD_BEEF_1234_5678);
        let mut moves = 0u64;
        let mut games = 0u64;
        let game = cpu_per_call(|| {
            moves += playout(&topo, rules, &mut rng).1;
            games += 1;
        });
        if let (Some(all), Some(area), Some(analysis), Some(game), Some(diagrams)) =
            (all, area, analysis, game, diagrams)
        {
            println!(
                "cpu: all methods {:.2} us/position, area only {:.2} us/position, analysis {:.2} us/position, play {:.2} M moves/s, all methods with diagrams and notes {:.2} us/position",
                all / per / 1e3,
                area / per / 1e3,
                analysis / per / 1e3,
                (moves as f64 / games as f64) / game * 1e3,
                diagrams / per / 1e3
            );
        }
    }
    let mut g = c.benchmark_group("go/score-19x19");
    g.throughput(Throughput::Elements(positions.len() as u64));
    // Every method's figures (counts, winner, margin), as a referee needs them.
    g.bench_function("all-methods", |b| {
        b.iter(|| {
            for (pos, p) in &positions {
                let a = Analysis::new(pos, &[]).unwrap();
                black_box(score::figures_all(&a, p));
            }
        })
    });
    // The same with every shortcut method's made-up board and the notes, as reports show them.
    g.bench_function("all-methods-with-diagrams", |b| {
        b.iter(|| {
            for (pos, p) in &positions {
                let a = Analysis::new(pos, &[]).unwrap();
                black_box(score::score_all(&a, p));
            }
        })
    });
    g.bench_function("analysis-only", |b| {
        b.iter(|| {
            for (pos, _) in &positions {
                black_box(Analysis::new(pos, &[]).unwrap());
            }
        })
    });
    // The same work as sgfmill's Board.area_score: regions and stones, no seki analysis.
    g.bench_function("area-only/sgfmill-positions", |b| {
        b.iter(|| {
            for (pos, p) in &positions {
                let a = Analysis::new(pos, &[]).unwrap();
                black_box(score::tromp_taylor(&a, p));
            }
        })
    });
    g.finish();
}

fn play(c: &mut Criterion) {
    let topo = Arc::new(Shape::square(19).unwrap());
    let rules = Rules {
        ko: KoRule::PositionalSuperko,
        suicide: SuicideRule::Illegal,
        ..Rules::CHINESE
    };
    let mut rng = Rng::new(0xDEAD_BEEF_1234_5678);
    // Moves per game vary a little; measure one game to set the throughput.
    let (_, per_game) = playout(&topo, rules, &mut Rng::new(7));
    let mut g = c.benchmark_group("go/play-19x19-superko");
    g.throughput(Throughput::Elements(per_game));
    g.bench_function("random-game", |b| {
        b.iter(|| black_box(playout(&topo, rules, &mut rng).1))
    });
    g.finish();
}

criterion_group!(benches, scoring, play);
criterion_main!(benches);

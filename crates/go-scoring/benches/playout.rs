//! Playouts per second of the Monte Carlo ownership estimate (`go_scoring::playout`), the hot
//! path of `--dead auto` when reading leaves strings undecided.
//!
//! Run with `cargo bench -p go-scoring --bench playout` (release profile). Positions: the
//! final positions of the real 19x19 records under `tests/data/real-games/` (finished games,
//! few empty points: the estimate's everyday input) and the empty 19x19 board (a whole game
//! per playout: the classic playouts-per-second figure). Each position runs the estimate's
//! default 256 playouts with its fixed seed, `PLAYOUT_BENCH_ROUNDS` times (default 7); the
//! best round is printed, so background load inflates the numbers as little as possible.
//! Quote only ratios measured in one run of this bench on one machine.

use std::hint::black_box;
use std::time::{Duration, Instant};

use go_scoring::graph::life::{DEFAULT_PLAYOUTS, PLAYOUT_SEED};
use go_scoring::playout::ownership;
use go_scoring::position::Position;
use go_scoring::rules::Rules;
use go_scoring::{Shape, Stone};

const RECORDS: &[&str] = &[
    "Agon-Agon02-2.sgf",
    "Agon-Agon23-P02.sgf",
    "Gosei-Gos23-T06.sgf",
    "Gosei-Gos23-T09.sgf",
    "Gosei-Gos23-T10.sgf",
    "Gosei-Gos23-T21.sgf",
    "Gosei-Gos23-T26.sgf",
    "Gosei-Gos23-T28.sgf",
    "Gosei-Gos23-T29.sgf",
    "Gosei-Gos23-T30.sgf",
    "KK1st-KK58-15.sgf",
    "pysgf-panda1.sgf",
];

fn positions() -> Vec<(String, Position)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/real-games/");
    let mut out: Vec<(String, Position)> = RECORDS
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(format!("{dir}{file}")).expect("record readable");
            let game = go_scoring::sgf::read_game(&text, Rules::JAPANESE).expect("record parses");
            (file.trim_end_matches(".sgf").to_string(), game.position)
        })
        .collect();
    let shape = std::sync::Arc::new(Shape::square(19).expect("19x19 is a valid grid"));
    let empty = Position::new(shape.clone(), vec![Stone::Empty; 361]).expect("empty board");
    out.push(("empty 19x19".to_string(), empty));
    out
}

fn main() {
    let rounds: usize = std::env::var("PLAYOUT_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7)
        .max(1);
    println!(
        "{:<22} {:>7} {:>12} {:>14}",
        "position", "empty", "best (ms)", "playouts/s"
    );
    let mut total_best = Duration::ZERO;
    let mut total_playouts = 0u64;
    for (name, position) in positions() {
        let empties = position
            .stones()
            .iter()
            .filter(|s| **s == Stone::Empty)
            .count();
        let mut best = Duration::MAX;
        for _ in 0..rounds {
            let start = Instant::now();
            black_box(ownership(
                black_box(&position),
                DEFAULT_PLAYOUTS,
                PLAYOUT_SEED,
            ));
            best = best.min(start.elapsed());
        }
        total_best += best;
        total_playouts += u64::from(DEFAULT_PLAYOUTS);
        println!(
            "{name:<22} {empties:>7} {:>12.2} {:>14.0}",
            best.as_secs_f64() * 1e3,
            f64::from(DEFAULT_PLAYOUTS) / best.as_secs_f64()
        );
    }
    println!(
        "{:<22} {:>7} {:>12.2} {:>14.0}",
        "all",
        "",
        total_best.as_secs_f64() * 1e3,
        total_playouts as f64 / total_best.as_secs_f64()
    );
}

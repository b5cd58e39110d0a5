//! `cargo run --release --example perft -- "<fen>" <depth>`: prints the node count and speed.

use xiangqi_repetition::{Position, START_FEN, perft::perft};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = args.get(1).map(String::as_str).unwrap_or(START_FEN);
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(5);
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let t = std::time::Instant::now();
    let n = perft(&mut pos, depth);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "depth {depth}: {n} nodes in {secs:.3} s = {:.1} M nodes/s",
        n as f64 / secs / 1e6
    );
}

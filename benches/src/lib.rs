//! Criterion benchmarks of the arbiter crates live under `benches/`; this library holds what
//! several of them share: timing in the thread's own CPU time, so that other work on a shared
//! machine does not inflate the figures.

use criterion::{Bencher, black_box};
use std::time::{Duration, Instant};

/// On-CPU time of the calling thread (Linux `/proc/thread-self/schedstat`, nanoseconds);
/// `None` elsewhere. The kernel brings the figure up to date when the thread yields, hence
/// the yield first.
pub fn thread_cpu_time() -> Option<Duration> {
    std::thread::yield_now();
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Times `iters` runs of `f` in thread CPU time, or in wall time where that is unavailable.
pub fn cpu_iter<R>(b: &mut Bencher, mut f: impl FnMut() -> R) {
    b.iter_custom(|iters| {
        let wall = Instant::now();
        let start = thread_cpu_time();
        for _ in 0..iters {
            black_box(f());
        }
        match (start, thread_cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => wall.elapsed(),
        }
    })
}

//! Criterion benchmarks of the arbiter crates live under `benches/`; this library is empty.

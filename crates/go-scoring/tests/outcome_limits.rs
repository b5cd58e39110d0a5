//! The outcome search on inputs whose regular sequences run to thousands of plies: it ends on
//! one of its limits (nodes, time, memory, depth) with its own error, never by exhausting the
//! caller's stack or the machine's memory. Source of the cases: the robustness review of the
//! command line (K7: a one-row diagram of 12 empty points and an 11-point path overflowed the
//! 8 MB main stack with the default budget; the empty 4×4 board climbed to 3.7 GB).

use std::time::{Duration, Instant};

use board_geometry::{Graph, Topology as _};
use go_scoring::graph::outcome::BYTES_PER_POSITION;
use go_scoring::graph::{
    Board, Config, MemoryBound, OutcomeError, OutcomeSearch, RegularSequence, SearchLimit,
};

fn empty_start(g: &Graph) -> RegularSequence {
    let board = Board::new(g);
    RegularSequence::start(&board, Config(vec![0; g.len()])).unwrap()
}

/// Runs `f` on a thread with a 64 KB stack: far too small for a recursion thousands of plies
/// deep, so a search that recursed on its caller's stack would overflow here.
fn on_a_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn a_long_path_ends_on_a_limit_whatever_the_callers_stack() {
    // the 12-point row of K7: its first line of play runs hundreds of plies deep within a
    // few thousand nodes (the depth reached is reported by the search's own bound check)
    let (result, deepest) = on_a_small_stack(|| {
        let g = Graph::grid(12, 1).unwrap();
        let mut search = OutcomeSearch::new(&g, true).unwrap();
        // one pass to the end of every sequence, as the search ran before it deepened: the
        // deep line is met at once
        search.first_depth = u32::MAX;
        search.budget = 20_000;
        search.time_limit = Some(Duration::from_secs(10));
        let result = search.run(&empty_start(&g));
        (result, search.deepest())
    });
    match result {
        Ok(report) => assert_eq!(report.classes.len(), 12),
        Err(e) => assert!(e.is_limit(), "{e}"),
    }
    // 64 KB holds no more than a few hundred frames of the recursion
    assert!(deepest > 1_000, "deepest line {deepest} plies");
}

#[test]
fn the_memory_bound_stops_the_empty_4x4() {
    let g = Graph::grid(4, 4).unwrap();
    let mut search = OutcomeSearch::new(&g, true).unwrap();
    search.set_memory_mb(16);
    let limit = search.max_positions;
    assert_eq!(limit as u64, (16u64 << 20) / 4 * 3 / BYTES_PER_POSITION);
    let e = search.run(&empty_start(&g)).unwrap_err();
    match e {
        OutcomeError::Limit(SearchLimit::Memory(MemoryBound::Positions {
            positions,
            limit: l,
            ..
        })) => {
            assert_eq!(l, limit);
            assert!(positions > limit);
        }
        other => panic!("expected the memory bound, got {other}"),
    }
    assert!(e.to_string().contains("memory bound"), "{e}");
}

#[test]
fn the_time_limit_stops_a_long_search() {
    let g = Graph::grid(4, 4).unwrap();
    let mut search = OutcomeSearch::new(&g, true).unwrap();
    search.budget = u64::MAX;
    search.time_limit = Some(Duration::from_millis(300));
    // the reachability closure before the search is bounded by its own position count, not
    // by the clock: kept small here so that only the search's time is measured
    search.max_closure_positions = 10_000;
    let started = Instant::now();
    let e = search.run(&empty_start(&g)).unwrap_err();
    // the clock is read every 4096 nodes: well within a second of the limit even unoptimised
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    assert!(e.is_limit(), "{e}");
    if let Some(SearchLimit::Time { limit, .. }) = e.limit() {
        assert_eq!(*limit, Duration::from_millis(300));
    }
}

#[test]
fn the_progress_counter_ends_at_the_node_count() {
    // a progress display reads the counter while the search runs; when the run ends it must
    // hold the nodes the report gives (the 2×2 board: a search of a few thousand nodes, more
    // than one period of the counter's updates)
    let g = Graph::grid(2, 2).unwrap();
    let mut search = OutcomeSearch::new(&g, true).unwrap();
    let counter = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    search.progress = Some(counter.clone());
    let report = search.run(&empty_start(&g)).unwrap();
    assert!(report.nodes > 0);
    assert_eq!(
        counter.load(std::sync::atomic::Ordering::Relaxed),
        report.nodes
    );
}

#[test]
fn both_searches_stop_on_one_limit_type_with_the_same_words() {
    // The outcome search and the solver report a spent budget as the same `SearchLimit`, so
    // a caller handles the concept once; the words are those both searches printed before
    // they shared the type (`arbiter go outcome … --budget 10` and `arbiter go solve --grid
    // 3x3 --budget 100` at a4843b9: "undecided: the search budget ran out after 11 nodes",
    // "… after 101 nodes"): the node that passes the budget is counted.
    let g = Graph::grid(3, 3).unwrap();
    let mut search = OutcomeSearch::new(&g, true).unwrap();
    search.budget = 10;
    let outcome = search.run(&empty_start(&g)).unwrap_err();
    assert_eq!(outcome.limit(), Some(&SearchLimit::Budget { nodes: 11 }));
    assert_eq!(
        outcome.to_string(),
        "undecided: the search budget ran out after 11 nodes"
    );
    let solve = go_scoring::solve::solve(&g, go_scoring::Komi(0), 100).unwrap_err();
    assert_eq!(solve.limit(), Some(&SearchLimit::Budget { nodes: 101 }));
    assert_eq!(
        solve.to_string(),
        "undecided: the search budget ran out after 101 nodes"
    );
    assert!(matches!(outcome, OutcomeError::Limit(_)) && solve.is_limit());
}

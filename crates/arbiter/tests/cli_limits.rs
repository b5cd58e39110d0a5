//! Resource limits of the expensive commands: sizes whose product overflows, graphs too large
//! or too dense to count, brute-force checks past their size, state tables past their memory,
//! and perft depths estimated to run past a minute. Each is refused at once with one line on
//! stderr and exit code 2 (bad input), as the limits stated in `--help` promise.

use std::time::{Duration, Instant};
mod common;

use common::arbiter;

/// Writes `content` to `name` in this test's scratch directory (removed when the test ends).
fn temp_file(name: &str, content: &str) -> std::path::PathBuf {
    common::scratch::write(name, content)
}

/// Runs `args`, expects exit 2 with one stderr line containing `needle`, and returns how long
/// the refusal took.
fn refused(args: &[&str], needle: &str) -> Duration {
    let started = Instant::now();
    let out = arbiter(args);
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
    took
}

#[test]
fn count_legal_grid_sizes_whose_product_overflows_are_refused() {
    // 2^32 × 2^32 = 2^64 wrapped to 0 in the size check and then indexed an empty table
    // (a panic); every product past the 4096 points of --help must be refused, overflowing
    // or not.
    for size in [
        "4294967296x4294967296",
        "18446744073709551615x2",
        "2x18446744073709551615",
        "65x64",
    ] {
        refused(
            &["go", "count-legal", "--grid", size],
            "more than 4096 points",
        );
    }
}

#[test]
fn count_legal_graph_size_and_check_limits() {
    // --help: at most 4096 points for a graph; --check enumerates 3^n colourings, at most 16
    // points (3^17 is over a hundred million).
    let big: String = (1..=4097).map(|i| format!("{} {}\n", i - 1, i)).collect();
    let path = temp_file("path4098.txt", &big);
    refused(
        &["go", "count-legal", "--graph", path.to_str().unwrap()],
        "at most 4096",
    );
    let seventeen: String = (1..17).map(|i| format!("{} {}\n", i - 1, i)).collect();
    let path = temp_file("path17.txt", &seventeen);
    let took = refused(
        &[
            "go",
            "count-legal",
            "--graph",
            path.to_str().unwrap(),
            "--check",
        ],
        "at most 16 points",
    );
    assert!(
        took < Duration::from_secs(5),
        "the refusal ran the count: {took:?}"
    );
    // A graph with more edges than 21 per point (K44: 946 edges) has no ordering the count
    // can hold, and is refused before any ordering is searched.
    let mut k44 = String::new();
    for a in 0..44 {
        for b in a + 1..44 {
            k44.push_str(&format!("{a} {b}\n"));
        }
    }
    let path = temp_file("k44.txt", &k44);
    refused(
        &["go", "count-legal", "--graph", path.to_str().unwrap()],
        "946 edges on 44 points",
    );
}

#[test]
fn count_legal_state_tables_stop_at_their_memory_limit() {
    // The 9×9 count holds tens of thousands of border states at once; with 1 MiB allowed it
    // stops with the limit named, instead of growing (13×13 used to abort at 2.6 GB).
    refused(
        &["go", "count-legal", "--grid", "9x9", "--table-mb", "1"],
        "outgrow the 1 MiB",
    );
    // --help: 1 to 16384 MiB.
    refused(
        &["go", "count-legal", "--grid", "3x3", "--table-mb", "0"],
        "1..=16384",
    );
    refused(
        &["go", "count-legal", "--grid", "3x3", "--table-mb", "16385"],
        "1..=16384",
    );
}

#[test]
fn perft_depths_past_a_minute_are_refused_with_an_estimate() {
    // Xiangqi depth 8 from the start is about 3·10^12 leaves and shogi depth 8 about 2·10^12
    // (published perft tables): hours at any speed. The refusal names the estimate and
    // --force, and comes after timing only the shallow depths.
    let took = refused(&["xiangqi", "perft", "--depth", "8"], "add --force");
    assert!(took < Duration::from_secs(30), "{took:?}");
    let took = refused(&["shogi", "perft", "--depth", "8"], "add --force");
    assert!(took < Duration::from_secs(30), "{took:?}");
    let out = arbiter(&["shogi", "perft", "--depth", "8"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("estimated"), "{stderr}");
    // --force is accepted, and a shallow depth runs without it: 44 moves from the xiangqi
    // start, 30 from the shogi start (both published depth-1 counts).
    let out = arbiter(&["xiangqi", "perft", "--depth", "1", "--force"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("nodes 44"));
    let out = arbiter(&["shogi", "perft", "--depth", "1", "--force"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("nodes 30"));
}

//! `arbiter go outcome | count-legal | solve`: results against published numbers and hand
//! checks, and the error paths (bad input: exit 2, one stderr line, one JSON document).

mod common;

use common::arbiter;

fn json_of(args: &[&str]) -> serde_json::Value {
    let out = arbiter(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

/// Writes `content` to `name` in this test's scratch directory (removed when the test ends).
fn temp_file(name: &str, content: &str) -> std::path::PathBuf {
    common::scratch::write(name, content)
}

fn assert_bad_input(args: &[&str]) {
    let out = arbiter(args);
    assert_eq!(out.status.code(), Some(2), "exit code for {args:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let out = arbiter(&with_json);
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["error"]["kind"], "bad_input");
}

#[test]
fn count_legal_on_grids() {
    // OEIS A094777: 5×5 = 414,295,148,741; Tromp & Farnebäck: L(2,3) = 489
    let doc = json_of(&["go", "count-legal", "--grid", "5x5", "--json"]);
    assert_eq!(doc["count"], "414295148741");
    let doc = json_of(&["go", "count-legal", "--grid", "2x3", "--check", "--json"]);
    assert_eq!(doc["count"], "489");
    assert_eq!(doc["brute_force"], "489");
    let text = arbiter(&["go", "count-legal", "--grid", "3x3"]);
    assert_eq!(String::from_utf8(text.stdout).unwrap(), "12675\n");
}

#[test]
fn count_legal_on_threads() {
    // OEIS A094777: 7×7 = 83,677,847,847,984,287,628,595, the same on one thread and on three
    // (its widest steps are shared out); a thread count of 0 is refused
    for threads in ["1", "3"] {
        let doc = json_of(&[
            "go",
            "count-legal",
            "--grid",
            "7x7",
            "--threads",
            threads,
            "--json",
        ]);
        assert_eq!(doc["count"], "83677847847984287628595", "{threads} threads");
    }
    assert_bad_input(&["go", "count-legal", "--grid", "3x3", "--threads", "0"]);
}

#[test]
fn count_legal_on_a_graph_file() {
    // the 4-cycle is the 2×2 grid: 57 (published); checked by brute force too
    let path = temp_file("cycle.txt", "# a square\na b\nb c\nc d\nd a\n");
    let doc = json_of(&[
        "go",
        "count-legal",
        "--graph",
        path.to_str().unwrap(),
        "--check",
        "--json",
    ]);
    assert_eq!(doc["count"], "57");
    assert_eq!(doc["points"], 4);
    assert_eq!(doc["edges"], 4);
}

#[test]
fn count_legal_errors() {
    assert_bad_input(&["go", "count-legal"]);
    assert_bad_input(&["go", "count-legal", "--grid", "0x3"]);
    assert_bad_input(&["go", "count-legal", "--grid", "banana"]);
    assert_bad_input(&["go", "count-legal", "--grid", "3x3", "--graph", "x"]);
    assert_bad_input(&["go", "count-legal", "--graph", "/no/such/file"]);
    let bad = temp_file("bad.txt", "a b\nb b\n");
    assert_bad_input(&["go", "count-legal", "--graph", bad.to_str().unwrap()]);
    let out = arbiter(&["go", "count-legal", "--graph", bad.to_str().unwrap()]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("line 2"), "{stderr}");
    // brute force refuses large boards instead of running for hours
    assert_bad_input(&["go", "count-legal", "--grid", "5x5", "--check"]);
}

#[test]
fn outcome_of_positions() {
    // `.X.` on a path of three points is ultimate: all points 𝓑, s_c = −3 (source definitions)
    let path = temp_file("ultimate.txt", "a b\nb c\nblack: b\nkomi: 0.5\n");
    let doc = json_of(&["go", "outcome", path.to_str().unwrap(), "--json"]);
    assert_eq!(doc["ultimate"], true);
    assert_eq!(doc["finishable"], true);
    assert_eq!(doc["score"], -3);
    assert_eq!(doc["winner"], "black");
    let classes: Vec<&str> = doc["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["class"].as_str().unwrap())
        .collect();
    assert_eq!(classes, ["B", "B", "B"]);
    // the empty path of three points: every point 𝓝, not finishable, no winner
    let path = temp_file("open.txt", "a b\nb c\n");
    let doc = json_of(&["go", "outcome", path.to_str().unwrap(), "--json"]);
    assert_eq!(doc["finishable"], false);
    assert_eq!(doc["winner"], serde_json::Value::Null);
    // a diagram and a komi override: White wins ties (s_c ≥ h)
    let path = temp_file("grid.txt", "diagram:\n.XO.\nXXOO\n.XO.\n");
    let doc = json_of(&[
        "go",
        "outcome",
        path.to_str().unwrap(),
        "--komi",
        "0",
        "--json",
    ]);
    assert_eq!(doc["score"], 0);
    assert_eq!(doc["winner"], "white");
    // a tiny budget gives an honest "undecided", exit 4, with the option that raises it
    let path = temp_file("big.txt", "diagram:\n...\n...\n");
    let args = ["go", "outcome", path.to_str().unwrap(), "--budget", "10"];
    assert_limit_hit(&args, "--budget");
}

/// A search stopped on one of its limits: exit 4 (the code every command uses for a search
/// stopped on a limit, `arbiter --help`), one stderr line naming the limit and the option
/// that raises it (`hint`), and with `--json` one error document of kind `limit`.
fn assert_limit_hit(args: &[&str], hint: &str) {
    let out = arbiter(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(4), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(
        stderr.contains("undecided") && stderr.contains(hint),
        "{stderr}"
    );
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let out = arbiter(&with_json);
    assert_eq!(out.status.code(), Some(4));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["error"]["kind"], "limit");
    assert!(doc["error"]["message"].as_str().unwrap().contains(hint));
}

/// Issue K7 of the robustness review: a one-row diagram of 12 empty points overflowed the
/// main thread's stack with the default budget (regular sequences there run to thousands of
/// plies). Now the search runs on a stack sized for its depth bound and ends on a limit with
/// exit 4, or answers; either way no signal.
#[test]
fn outcome_on_long_sequences_ends_cleanly() {
    let row = temp_file("row12.txt", "diagram:\n............\n");
    let out = arbiter(&["go", "outcome", row.to_str().unwrap(), "--time-limit", "20"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 4)),
        "{:?}: {stderr}",
        out.status
    );
    let path: String = (0..10).map(|i| format!("p{i} p{}\n", i + 1)).collect();
    let path = temp_file("path11.txt", &path);
    let out = arbiter(&[
        "go",
        "outcome",
        path.to_str().unwrap(),
        "--time-limit",
        "20",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 4)),
        "{:?}: {stderr}",
        out.status
    );
}

/// The empty 4×4 board climbed to 3.7 GB under the default budget (robustness review); the
/// memory bound ends it with its own message.
#[test]
fn outcome_memory_bound() {
    let board = temp_file("empty4.txt", "diagram:\n....\n....\n....\n....\n");
    let args = ["go", "outcome", board.to_str().unwrap(), "--table-mb", "16"];
    assert_limit_hit(&args, "--table-mb");
}

#[test]
fn solve_memory_bound() {
    // the 4×4 solve's table peaks near 790 MB (release, `/usr/bin/time -v`), far past 16 MB
    let args = ["go", "solve", "--grid", "4x4", "--table-mb", "16"];
    assert_limit_hit(&args, "--table-mb");
}

/// Budgets and limits have sane maxima, stated in `--help`: 2⁶⁴−1 nodes is refused.
#[test]
fn budgets_have_maxima() {
    let good = temp_file("tiny.txt", "a b\n");
    let good = good.to_str().unwrap();
    assert_bad_input(&["go", "outcome", good, "--budget", "18446744073709551615"]);
    assert_bad_input(&["go", "outcome", good, "--budget", "0"]);
    assert_bad_input(&["go", "outcome", good, "--time-limit", "100000"]);
    assert_bad_input(&["go", "outcome", good, "--table-mb", "1"]);
    assert_bad_input(&[
        "go",
        "solve",
        "--grid",
        "2x2",
        "--budget",
        "18446744073709551615",
    ]);
    let help = arbiter(&["go", "outcome", "--help"]);
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains("at most 10000000000") && help.contains("exit code 4"),
        "{help}"
    );
}

#[test]
fn outcome_errors() {
    assert_bad_input(&["go", "outcome", "/no/such/file"]);
    let bad = temp_file("badpos.txt", "a b\nblack: z\n");
    assert_bad_input(&["go", "outcome", bad.to_str().unwrap()]);
    let out = arbiter(&["go", "outcome", bad.to_str().unwrap()]);
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("line 2, column 8")
    );
    let dead = temp_file("dead.txt", "a b\nblack: a\nwhite: b\n");
    assert_bad_input(&["go", "outcome", dead.to_str().unwrap()]);
    let good = temp_file("good.txt", "a b\n");
    assert_bad_input(&["go", "outcome", good.to_str().unwrap(), "--komi", "1.25"]);
    let repeat = temp_file("repeat.txt", "a b\nmoves: B a W b B a\n");
    assert_bad_input(&["go", "outcome", repeat.to_str().unwrap()]);
    let garbage = temp_file("garbage.bin", "\u{0}\u{1}\u{2} \u{3}\nblack: \u{0}\n");
    assert_bad_input(&["go", "outcome", garbage.to_str().unwrap()]);
}

#[test]
fn solve_tiny_boards() {
    // published margins (specs/go.md §7.3): 1×3 +3, 1×4 +4, 2×2 +1
    let doc = json_of(&["go", "solve", "--grid", "3x1", "--json"]);
    assert_eq!(doc["margin"], 3);
    let doc = json_of(&["go", "solve", "--grid", "1x4", "--json"]);
    assert_eq!(doc["area_margin"], 4);
    let doc = json_of(&["go", "solve", "--grid", "2x2", "--komi", "0.5", "--json"]);
    assert_eq!(doc["area_margin"], 1);
    assert_eq!(doc["margin"], 0.5);
    let line = doc["pv"].as_array().unwrap();
    assert_eq!(line.last().unwrap(), "B pass");
    assert_limit_hit(
        &["go", "solve", "--grid", "3x3", "--budget", "100"],
        "--budget",
    );
}

#[test]
fn solve_errors() {
    assert_bad_input(&["go", "solve"]);
    assert_bad_input(&["go", "solve", "--grid", "9x9"]);
    assert_bad_input(&["go", "solve", "--grid", "2x2", "--komi", "abc"]);
    assert_bad_input(&["go", "solve", "--grid", "x2"]);
}

/// `go outcome` and `go solve` share one limit type (go-scoring `SearchLimit`) and one mapping
/// onto the hint: the whole stderr line of each is the one printed before they shared it
/// (arbiter at a4843b9, same arguments), so scripts reading it see no change.
#[test]
fn limit_messages_are_worded_as_before() {
    let board = temp_file("limit33.txt", "diagram:\n...\n...\n");
    let out = arbiter(&["go", "outcome", board.to_str().unwrap(), "--budget", "10"]);
    assert_eq!(out.status.code(), Some(4));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let expected = ": undecided: the search budget ran out after 11 nodes; the budget was 10 \
                    nodes; raise it with --budget (at most 10000000000)\n";
    assert!(
        stderr.starts_with("arbiter: ") && stderr.ends_with(expected),
        "{stderr}"
    );
    let out = arbiter(&["go", "solve", "--grid", "3x3", "--budget", "100"]);
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "arbiter: --grid 3x3: undecided: the search budget ran out after 101 nodes; the budget \
         was 100 nodes; raise it with --budget (at most 1000000000000)\n"
    );
}

/// `--budget` takes what notes and papers write, `1e10` as well as `10000000000`, when it is
/// exactly a whole number (1e10 = 10^10, the outcome search's maximum); anything else is bad
/// input on one line, exit 2, never a rounded budget.
#[test]
fn budgets_in_scientific_notation() {
    let board = temp_file("sci33.txt", "diagram:\n...\n...\n");
    let board = board.to_str().unwrap();
    for budget in ["1e10", "1E10", "10000000000"] {
        json_of(&["go", "outcome", board, "--budget", budget, "--json"]);
    }
    // the limit message names the budget read: 1e1 nodes is 10
    let out = arbiter(&["go", "outcome", board, "--budget", "1e1"]);
    assert_eq!(out.status.code(), Some(4));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("the budget was 10 nodes"), "{stderr}");
    let doc = json_of(&[
        "go", "solve", "--grid", "2x2", "--budget", "2.5e7", "--json",
    ]);
    assert!(doc["nodes"].as_u64().unwrap() <= 25_000_000, "{doc}");
    for bad in ["1.5e0", "1e-3", "1e10x", "1.0", "1e11", "0e3", "e5"] {
        assert_bad_input(&["go", "outcome", board, "--budget", bad]);
    }
    assert_bad_input(&["go", "solve", "--grid", "2x2", "--budget", "1e13"]);
    let out = arbiter(&["go", "outcome", board, "--budget", "1.5e0"]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("'1.5e0'") && stderr.contains("not a whole number"),
        "{stderr}"
    );
}

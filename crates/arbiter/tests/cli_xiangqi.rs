//! `arbiter xiangqi …`: results, exit codes and error messages.

use std::process::Command;

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(stdout: &str) -> serde_json::Value {
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "exactly one JSON document: {stdout}");
    serde_json::from_str(lines[0]).expect("valid JSON")
}

/// Start position depth 3 = 79,666 (chessprogramming.org "Chinese Chess Perft Results").
#[test]
fn perft_start_position_json() {
    let (code, out, _) = arbiter(&["xiangqi", "perft", "--depth", "3", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["nodes"], 79666);
}

/// The same published count (79,666 at depth 3) on one thread and on three, divide or not:
/// sharing the root moves out changes neither the counts nor their order.
#[test]
fn perft_on_several_threads_counts_the_same() {
    let run = |threads: &str| {
        arbiter(&[
            "xiangqi",
            "perft",
            "--depth",
            "3",
            "--divide",
            "--threads",
            threads,
            "--json",
        ])
    };
    let (_, one, _) = run("1");
    let (code, three, _) = run("3");
    assert_eq!(code, 0);
    assert_eq!(json(&three)["nodes"], 79666);
    assert_eq!(json(&one)["divide"], json(&three)["divide"]);
    let (code, _, err) = arbiter(&["xiangqi", "perft", "--depth", "1", "--threads", "0"]);
    assert_eq!(code, 2, "{err}");
}

/// CPW position 2, depth 2 = 1,128 (same source); the divide lists 38 moves (depth 1 = 38).
#[test]
fn perft_divide_sums_to_total() {
    let fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    let (code, out, _) = arbiter(&[
        "xiangqi", "perft", "--fen", fen, "--depth", "2", "--divide", "--json",
    ]);
    assert_eq!(code, 0);
    let doc = json(&out);
    assert_eq!(doc["nodes"], 1128);
    let list = doc["divide"].as_array().unwrap();
    assert_eq!(list.len(), 38);
    let sum: u64 = list.iter().map(|e| e["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 1128);
}

#[test]
fn perft_text_output() {
    let (code, out, _) = arbiter(&[
        "xiangqi",
        "perft",
        "--depth",
        "1",
        "--divide",
        "--ranks-from-one",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("nodes 44"), "{out}");
    // 炮二平五 is h3e3 with ranks 1-10 (reference digest §8).
    assert!(out.contains("h3e3: 1"), "{out}");
}

#[test]
fn bad_fen_is_bad_input_with_position() {
    let (code, out, err) = arbiter(&[
        "xiangqi",
        "perft",
        "--fen",
        "rnbakabnr/9/1c5c1 w",
        "--depth",
        "1",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("3 ranks, expected 10"), "{err}");
    assert_eq!(json(&out)["error"]["kind"], "bad_input");
    let (code, _, err) = arbiter(&[
        "xiangqi",
        "perft",
        "--fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("byte 58: unknown piece letter 'X'"), "{err}");
}

#[test]
fn illegal_position_lists_problems() {
    let (code, _, err) = arbiter(&["xiangqi", "validate", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"]);
    assert_eq!(code, 2);
    assert!(err.contains("face each other"), "{err}");
    let (code, out, _) = arbiter(&[
        "xiangqi",
        "validate",
        "--fen",
        "4k4/9/9/9/9/9/9/9/9/3K5 w",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["valid"], true);
}

#[test]
fn bad_arguments() {
    let (code, _, err) = arbiter(&["xiangqi", "perft", "--depth", "12"]);
    assert_eq!(code, 2);
    assert!(err.contains("at most 9"), "{err}");
    let (code, _, _) = arbiter(&["xiangqi", "perft", "--depth", "x"]);
    assert_eq!(code, 2);
    let (code, _, _) = arbiter(&["xiangqi", "perft"]);
    assert_eq!(code, 2);
    let (code, _, _) = arbiter(&["xiangqi", "perft", "--depth", "1", "--fen", ""]);
    assert_eq!(code, 2);
}

/// Checkmate position from the reference digest §5 (pyffish `game_result` = -32000).
#[test]
fn moves_reports_checkmate() {
    let (code, out, _) = arbiter(&[
        "xiangqi",
        "moves",
        "--fen",
        "3k4R/9/3R5/9/9/9/9/9/9/4K4 b - - 0 1",
        "--json",
    ]);
    assert_eq!(code, 0);
    let doc = json(&out);
    assert_eq!(doc["status"], "checkmate");
    assert_eq!(doc["count"], 0);
}

/// 炮二平五 马8进7 = h2e2 h9g7 = C2.5 H8+7 (reference digest §8).
#[test]
fn convert_between_notations() {
    let (code, out, _) = arbiter(&[
        "xiangqi",
        "convert",
        "--moves",
        "h2e2 h9g7",
        "--to",
        "chinese",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        json(&out)["moves"],
        serde_json::json!(["炮二平五", "马8进7"])
    );
    let (code, out, _) = arbiter(&[
        "xiangqi",
        "convert",
        "--moves",
        "炮二平五 马8进7",
        "--to",
        "wxf",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "C2.5 H8+7");
    let (code, out, _) = arbiter(&[
        "xiangqi",
        "convert",
        "--moves",
        "C2.5 H8+7",
        "--to",
        "iccs1",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "h3e3 h10g8");
}

#[test]
fn convert_reports_illegal_move_with_ply() {
    let (code, out, err) = arbiter(&["xiangqi", "convert", "--moves", "h2e2 h9g7 b9c7", "--json"]);
    assert_eq!(code, 2);
    assert!(err.contains("ply 3"), "{err}");
    assert!(err.contains("not your turn"), "{err}");
    assert_eq!(json(&out)["error"]["kind"], "bad_input");
    let (code, _, err) = arbiter(&["xiangqi", "convert", "--moves", "h2e2", "--to", "klingon"]);
    assert_eq!(code, 2);
    assert!(err.contains("klingon"), "{err}");
    let (code, _, err) = arbiter(&["xiangqi", "convert", "--pgn", "/nonexistent.pgn"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

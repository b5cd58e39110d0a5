//! `arbiter tiebreak …`: the JSON contract other tools rely on, and every error path (exit
//! code 2 with a one-line message; with --json, one error document on stdout).

use std::path::PathBuf;
mod common;

use common::arbiter;
use std::process::Output;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn path(rel: &str) -> String {
    root().join(rel).to_string_lossy().into_owned()
}

/// Writes `contents` to `name` in this test's scratch directory (removed when the test ends).
fn temp_file(name: &str, contents: &str) -> String {
    common::scratch::write(name, contents)
        .to_string_lossy()
        .into_owned()
}

fn json_of(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.trim().lines().count(),
        1,
        "exactly one JSON document: {text}"
    );
    serde_json::from_str(text.trim()).expect("valid JSON")
}

#[test]
fn standings_json_contract() {
    // Values from TieBreakServer (gacrux 1.11.65) for this file, 2026 rules, Swiss:
    // player 13: PTS 5.5, BH/C1 21.5, BH 25.5, SB 19.5 — see
    // crates/tiebreak/tests/data/oracle/swiss-byes-forfeits.expect.
    let out = arbiter(&[
        "tiebreak",
        "standings",
        &path("examples/tiebreak/swiss.trf"),
        "--system",
        "swiss",
        "--edition",
        "2026",
        "--tiebreaks",
        "PTS,BH-C1,BH,SB",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j = json_of(&out);
    let players = j["players"].as_array().unwrap();
    assert_eq!(players.len(), 18);
    let first = &players[0];
    assert_eq!(first["id"], 13);
    assert_eq!(first["rank"], 1);
    assert_eq!(first["name"], "Player 13");
    assert_eq!(first["tiebreaks"]["PTS"], 5.5);
    assert_eq!(first["tiebreaks"]["BH/C1"], 21.5);
    assert_eq!(first["tiebreaks"]["BH"], 25.5);
    assert_eq!(first["tiebreaks"]["SB"], 19.5);
}

#[test]
fn standings_text_and_csv() {
    let file = path("examples/tiebreak/swiss.trf");
    let out = arbiter(&["tiebreak", "standings", &file]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Rank"), "{text}");
    let out = arbiter(&[
        "tiebreak",
        "standings",
        &file,
        "--csv",
        "--tiebreaks",
        "PTS,SB",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("rank,id,name,PTS,SB\n1,13,Player 13,5.5,"),
        "{text}"
    );
}

#[test]
fn xiangqi_csv_with_cxa_order() {
    // 2-1-0 scoring (CXA 13.1): 刘 and 王 both score 6 points; 刘's SB (小分) is higher.
    let out = arbiter(&[
        "tiebreak",
        "standings",
        &path("examples/tiebreak/xiangqi-rr.csv"),
        "--tiebreaks",
        "cxa-rr",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j = json_of(&out);
    assert_eq!(j["system"], "round-robin");
    assert_eq!(j["players"][0]["name"], "刘");
    assert_eq!(j["players"][0]["tiebreaks"]["PTS"], 6.0);
}

#[test]
fn minimatch_document_examples() {
    // 002: 25-move win beats a 36-move win; a 30-move second-mover draw beats a 50-move one.
    let out = arbiter(&[
        "tiebreak",
        "minimatch",
        &path("examples/tiebreak/minimatch.csv"),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j = json_of(&out);
    assert_eq!(j["matches"][0]["winner"], "甲");
    assert_eq!(j["matches"][0]["criterion"], "moves");
    assert_eq!(j["matches"][1]["winner"], "甲");
    assert_eq!(j["matches"][2]["criterion"], "time");
}

#[test]
fn odds_reproduce_the_spec() {
    // Spec §6.2: 1/21 after moves, 1/25221 after moves and time; the "< 10⁻⁶" claim fails.
    let out = arbiter(&[
        "tiebreak",
        "odds",
        "--moves",
        "40..60",
        "--time",
        "60:00..80:00",
        "--trials",
        "10000",
        "--json",
    ]);
    assert!(out.status.success());
    let j = json_of(&out);
    assert_eq!(j["stages"][0]["undecided"], "1/21");
    assert_eq!(j["stages"][1]["tie"], "1/1201");
    assert_eq!(j["stages"][1]["undecided"], "1/25221");
    assert_eq!(j["claims"][2]["holds"], false);
}

fn assert_bad_input(out: &Output, needle: &str) {
    assert_eq!(
        out.status.code(),
        Some(2),
        "stdout {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "one-line error: {err}");
    assert!(err.contains(needle), "expected `{needle}` in: {err}");
}

/// A two-player TRF16 file with every field in its column (round block from column 92).
fn good_trf() -> String {
    let record = |id: u32, name: &str, rating: u32, pts: &str, block: &str| {
        format!(
            "001 {id:>4}      {name:<33} {rating:>4} {:<3} {:>11} {:>10} {pts:>4} {:>4}  {block}",
            "", "", "", ""
        )
    };
    format!(
        "012 Two players\n{}\n{}\n",
        record(1, "Alpha, A", 2000, "1.0", "   2 w 1"),
        record(2, "Beta, B", 1900, "0.0", "   1 b 0")
    )
}

#[test]
fn trf_errors_have_line_and_column() {
    // Unknown result code in column 99 of line 2.
    let f = temp_file("code.trf", &good_trf().replace("2 w 1", "2 w 7"));
    let out = arbiter(&["tiebreak", "standings", &f]);
    assert_bad_input(&out, "line 2, column 99");
    // Opponent that does not exist.
    let f = temp_file("opp.trf", &good_trf().replace("   2 w 1", "  17 w 1"));
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", &f]),
        "opponent 17 does not exist",
    );
    // Asymmetric pairing (both claim the win).
    let f = temp_file("asym.trf", &good_trf().replace("1 b 0", "1 b 1"));
    assert_bad_input(&arbiter(&["tiebreak", "standings", &f]), "results disagree");
    // Misaligned round block (colour shifted one column).
    let f = temp_file("cols.trf", &good_trf().replace("   2 w 1", "   2  w1"));
    assert_bad_input(&arbiter(&["tiebreak", "standings", &f]), "line 2, column");
    // Record truncated inside the round block (result missing) and binary garbage.
    let f = temp_file("trunc.trf", &good_trf().replace("   2 w 1", "   2 w"));
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", &f]),
        "line 2, column 99",
    );
    let f = temp_file("trunc2.trf", "001    ");
    assert_eq!(
        arbiter(&["tiebreak", "standings", &f]).status.code(),
        Some(2)
    );
    let f = temp_file("garbage.trf", "\u{1}\u{2}\u{3}xx\n\u{7f}\u{7f}\u{7f}\n");
    assert_eq!(
        arbiter(&["tiebreak", "standings", &f]).status.code(),
        Some(2)
    );
}

#[test]
fn json_error_document() {
    let f = temp_file("code2.trf", &good_trf().replace("2 w 1", "2 w 7"));
    let out = arbiter(&["tiebreak", "standings", &f, "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let j = json_of(&out);
    assert_eq!(j["error"]["kind"], "bad_input");
}

#[test]
fn option_errors() {
    let f = temp_file("ok.trf", &good_trf());
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", &f, "--tiebreaks", "PTS,XYZ"]),
        "unknown tie-break code",
    );
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", &f, "--tiebreaks", "WIN/C1"]),
        "does not apply",
    );
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", &f, "--edition", "2025"]),
        "edition",
    );
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", &f, "--system", "knockout"]),
        "system",
    );
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", &f, "--scoring", "W=0.3"]),
        "0.5",
    );
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", "/nonexistent/file.trf"]),
        "cannot read",
    );
    assert_bad_input(
        &arbiter(&["tiebreak", "odds", "--moves", "60..40"]),
        "--moves",
    );
    assert_bad_input(
        &arbiter(&["tiebreak", "odds", "--time", "ab..cd"]),
        "--time",
    );
    let f = temp_file(
        "mm.csv",
        "first,second,result,moves\nA,B,1-0,25\nA,B,1-0,30\n",
    );
    assert_bad_input(&arbiter(&["tiebreak", "minimatch", &f]), "not alternated");
    let f = temp_file(
        "mm2.csv",
        "first,second,result,moves\nA,B,2-0,25\nB,A,1-0,30\n",
    );
    assert_bad_input(&arbiter(&["tiebreak", "minimatch", &f]), "line 2, column 5");
    let f = temp_file("h.txt", "40 1\n41\n");
    assert_bad_input(
        &arbiter(&["tiebreak", "odds", "--moves-hist", &f]),
        "line 2",
    );
}

#[test]
fn csv_and_json_inputs() {
    let csv = temp_file("ev.csv", "id,name,rating,r1\n1,A,2000,2w1\n2,B,1900,1b0\n");
    let out = arbiter(&["tiebreak", "standings", &csv, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json_of(&out)["players"][0]["id"], 1);
    let bad = temp_file("bad.csv", "id,name,r1\n1,A,2w1\n2,B,1b1\n");
    assert_bad_input(
        &arbiter(&["tiebreak", "standings", &bad]),
        "line 2, column 5",
    );
    let js = temp_file(
        "ev.json",
        r#"{"players":[{"id":1,"name":"A","results":["2b0"]},{"id":2,"name":"B","results":["1w1"]}]}"#,
    );
    let out = arbiter(&["tiebreak", "standings", &js, "--json"]);
    assert!(out.status.success());
    assert_eq!(json_of(&out)["players"][0]["id"], 2);
    let bad = temp_file("bad.json", "{\"players\": [");
    assert_bad_input(&arbiter(&["tiebreak", "standings", &bad]), "JSON syntax");
}

#[test]
fn notes_on_the_input_reach_stderr_with_every_format() {
    // The file says player 2 has 2.0 points and rank 1; the results (FIDE TRF16 columns:
    // points 81-84, rank 86-89, round block from 92) give 0.0 and rank 2. Both notes must
    // reach stderr with the text table, with --csv (which dropped them before) and with
    // --json (and its "warnings" list).
    let row = |id: u32, pts: &str, rank: &str, block: &str| {
        format!(
            "001 {id:>4}      {:<33} {:>4} {:<3} {:>11} {:>10} {pts:>4} {rank:>4}  {block}",
            format!("P{id}"),
            "",
            "",
            "",
            ""
        )
    };
    let file = temp_file(
        "declared.trf",
        &format!(
            "{}\n{}\n",
            row(1, "1.0", "1", "   2 w 1"),
            row(2, "2.0", "1", "   1 b 0")
        ),
    );
    for extra in [&[][..], &["--csv"], &["--json"]] {
        let mut args = vec!["tiebreak", "standings", file.as_str()];
        args.extend_from_slice(extra);
        let out = arbiter(&args);
        assert!(out.status.success(), "{extra:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("warning: player 2: file says 2.0 points, results give 0.0"),
            "{extra:?}: {stderr}"
        );
        assert!(
            stderr.contains("warning: player 2: file says rank 1, the standings give 2"),
            "{extra:?}: {stderr}"
        );
        if extra == ["--json"] {
            let doc = json_of(&out);
            assert_eq!(doc["warnings"].as_array().unwrap().len(), 2, "{doc}");
        }
    }
}

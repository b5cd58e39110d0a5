//! `arbiter shogi mate` and `arbiter shogi tsume-check`: the JSON contract, and bad input
//! (exit 2, one stderr line, one JSON document with --json).

mod common;

use common::arbiter;

fn json(args: &[&str]) -> serde_json::Value {
    json_exiting(args, 0)
}

/// The JSON document of a run that must end with exit code `code`.
fn json_exiting(args: &[&str], code: i32) -> serde_json::Value {
    let out = arbiter(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON document")
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

// shogi.md §7.4 古典3手詰 (nsolver test file): 3 plies, 9f5b+ 6a5b S*6b (or its mirror).
const CLASSIC: &str = "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1";

#[test]
fn mate_json_contract() {
    let doc = json(&["shogi", "mate", "--sfen", CLASSIC, "--json"]);
    assert_eq!(doc["status"], "mate");
    assert_eq!(doc["plies"], 3);
    let pv = doc["pv"].as_array().unwrap();
    assert_eq!(pv.len(), 3);
    assert_eq!(pv[0], "9f5b+");
    let ki2 = doc["ki2"].as_str().unwrap();
    assert!(ki2.starts_with("▲５二角成"), "{ki2}");
    assert!(doc["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn mate_modes_differ_on_a_useless_interposition() {
    // shogi.md §7.4 mate3 #2 (YaneuraOu mate3.sfen): exact mate in 3 counting the
    // interposition, 1 by the composers' conventions (shogi.md §7.1 rules 6-7: the drop on
    // 4i is taken by the dragon under the knight's guard with mate, the piece unused).
    let sfen = "l3kgsnl/9/p1pS+Bp3/7pp/6PP1/9/PPPPPPn1P/1B1GG2+r1/LNS1K3L w RG3Psnp 54";
    let short = json(&[
        "shogi", "mate", "--sfen", sfen, "--mode", "shortest", "--json",
    ]);
    assert_eq!(short["plies"], 3);
    let comp = json(&["shogi", "mate", "--sfen", sfen, "--json"]);
    assert_eq!(comp["plies"], 1);
    assert_eq!(comp["pv"][0], "2h3i");
}

#[test]
fn no_mate_and_text_output() {
    // shogi.md §7.4: a lone rook against a bare king is 不詰.
    let doc = json(&[
        "shogi",
        "mate",
        "--sfen",
        "8k/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1",
        "--json",
    ]);
    assert_eq!(doc["status"], "no_mate");
    assert_eq!(doc["pv"].as_array().unwrap().len(), 0);
    let out = arbiter(&["shogi", "mate", "--sfen", CLASSIC]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("status mate\nplies 3\n"), "{text}");
}

#[test]
fn time_limit_spent_before_the_search_gives_unknown() {
    // shogi.md §7.4 図巧98番「裸玉」: a mate far beyond the first node; a limit of one
    // nanosecond is over before the search starts (the table is allocated first), so the
    // status is "unknown" with the same JSON keys and an empty line, and the run exits 4 (a
    // search stopped on a limit, as `arbiter --help` lists the exit codes).
    let doc = json_exiting(
        &[
            "shogi",
            "mate",
            "--sfen",
            "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1",
            "--time-limit",
            "0.000000001",
            "--json",
        ],
        4,
    );
    assert_eq!(doc["status"], "unknown");
    assert_eq!(doc["pv"].as_array().unwrap().len(), 0);
    assert_eq!(doc["nodes"], 0);
    let keys: Vec<&str> = doc
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    // status, plies, pv, ki2, nodes, proven_minimal (false: nothing was proven), forced,
    // open_checks and open_at_plies, and the warning that names the limit hit.
    assert_eq!(keys.len(), 10, "{keys:?}");
    assert_eq!(doc["proven_minimal"], false);
    assert!(doc["warnings"][0].as_str().unwrap().contains("time limit"));
}

#[test]
fn defender_rest_flag_fills_the_defender_hand() {
    // The classical problem stated with no defender hand: --defender-rest gives the
    // defender everything else (the tsume convention), which leaves the same mate.
    let doc = json(&[
        "shogi",
        "mate",
        "--sfen",
        "3sks3/9/4S4/9/9/B8/9/9/9 b S 1",
        "--defender-rest",
        "--json",
    ]);
    assert_eq!(doc["plies"], 3);
}

#[test]
fn tsume_check_verdicts() {
    let doc = json(&["shogi", "tsume-check", "--sfen", CLASSIC, "--json"]);
    assert_eq!(doc["verdict"], "sound");
    assert_eq!(doc["leftover_pieces"], 0);
    // One gold more in the attacker's hand: the extra gold opens other mates (余詰).
    let doc = json(&[
        "shogi",
        "tsume-check",
        "--sfen",
        "3sks3/9/4S4/9/9/B8/9/9/9 b GS2rb3g4n4l18p 1",
        "--json",
    ]);
    assert_eq!(doc["verdict"], "unsound");
    assert!(!doc["extra_mates"].as_array().unwrap().is_empty());
    // G*1d mates at once (shogi.md §4.2 uchifuzume fixture with a gold in hand); the pawn
    // can never be used (P*1d would be 打ち歩詰め, file 2 has a pawn): 持駒余り.
    let doc = json(&[
        "shogi",
        "tsume-check",
        "--sfen",
        "9/7pp/8k/7P1/7G1/9/9/9/9 b GP2r2b2g4s4n4l14p 1",
        "--json",
    ]);
    assert_eq!(doc["verdict"], "unsound");
    assert_eq!(doc["plies"], 1);
    assert_eq!(doc["leftover_pieces"], 1);
}

#[test]
fn bad_input() {
    assert_bad_input(&["shogi", "mate"]);
    assert_bad_input(&["shogi", "mate", "--sfen", "garbage"]);
    assert_bad_input(&["shogi", "mate", "--sfen", "4k4/9/9 b -"]);
    assert_bad_input(&["shogi", "mate", "--sfen", CLASSIC, "--mode", "longest"]);
    assert_bad_input(&["shogi", "mate", "--sfen", CLASSIC, "--time-limit", "-1"]);
    assert_bad_input(&["shogi", "mate", "--sfen", CLASSIC, "--time-limit", "NaN"]);
    // The defender has no king.
    assert_bad_input(&["shogi", "mate", "--sfen", "9/9/9/9/9/9/9/9/4K4 b - 1"]);
    // Truncated and hostile SFEN.
    assert_bad_input(&["shogi", "tsume-check", "--sfen", "3sks3/9/4S4"]);
    assert_bad_input(&[
        "shogi",
        "tsume-check",
        "--sfen",
        "\u{1}\u{ff}k/9/9/9/9/9/9/9/9 b - 1",
    ]);
}

#[test]
fn a_limit_hit_is_named_and_the_defaults_are_stated() {
    // 図巧98番「裸玉」 (shogi.md §7.4): a 31-ply mate needing seconds of search, so a
    // millisecond time limit is hit before mate is decided; a warning names the limit and
    // the option that raises it, and the run exits 4 (`arbiter --help`: a search stopped
    // on a limit).
    let hadaka = "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1";
    for cmd in ["mate", "tsume-check"] {
        let out = arbiter(&["shogi", cmd, "--sfen", hadaka, "--time-limit", "0.001"]);
        assert_eq!(out.status.code(), Some(4));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains("limit hit: gave up at the time limit (--time-limit 0.001 s)"),
            "{stderr}"
        );
        assert!(stderr.contains("raise --time-limit"), "{stderr}");
        let doc = json_exiting(
            &[
                "shogi",
                cmd,
                "--sfen",
                hadaka,
                "--time-limit",
                "0.001",
                "--json",
            ],
            4,
        );
        assert!(doc["warnings"][0].as_str().unwrap().contains("limit hit"));
    }
    // A problem solved within the limits warns of none.
    let doc = json(&["shogi", "mate", "--sfen", CLASSIC, "--json"]);
    assert!(doc.get("warnings").is_none());
    // The defaults are stated in --help; a table below the minimum is bad input.
    for cmd in ["mate", "tsume-check"] {
        let out = arbiter(&["shogi", cmd, "--help"]);
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains("[default: 60]"), "{help}");
        assert!(help.contains("[default: 1024]"), "{help}");
        assert_bad_input(&["shogi", cmd, "--sfen", CLASSIC, "--table-mb", "8"]);
    }
}

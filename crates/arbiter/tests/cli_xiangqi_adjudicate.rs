//! `arbiter xiangqi adjudicate`: the JSON contract, verdicts per edition and error paths.

use std::process::Command;

// The scratch directories of tests/common, alone: this file runs the binary its own way.
#[path = "common/scratch.rs"]
#[allow(dead_code)]
mod scratch;

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

fn json(args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let (code, out, _) = arbiter(&all);
    assert_eq!(
        out.trim().lines().count(),
        1,
        "exactly one JSON document: {out}"
    );
    (code, serde_json::from_str(out.trim()).expect("JSON"))
}

/// `xiangqi adjudicate --fen FEN --moves MOVES [--rules RULES] EXTRA…`: the argument list
/// every case below spells the same way.
fn adjudicate_args<'a>(
    fen: &'a str,
    moves: &'a str,
    rules: Option<&'a str>,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec!["xiangqi", "adjudicate", "--fen", fen, "--moves", moves];
    if let Some(rules) = rules {
        args.extend(["--rules", rules]);
    }
    args.extend_from_slice(extra);
    args
}

/// The text run of [`adjudicate_args`].
fn adjudicate(
    fen: &str,
    moves: &str,
    rules: Option<&str>,
    extra: &[&str],
) -> (i32, String, String) {
    arbiter(&adjudicate_args(fen, moves, rules, extra))
}

/// The `--json` run of [`adjudicate_args`].
fn adjudicate_json(
    fen: &str,
    moves: &str,
    rules: Option<&str>,
    extra: &[&str],
) -> (i32, serde_json::Value) {
    json(&adjudicate_args(fen, moves, rules, extra))
}

// Reference digest §5 (pyffish 0.0.90 observed): a rook chasing an unprotected cannon loses
// under AXF; the cannon protected by a rook on a7 is no chase (draw).
const CHASE_FEN: &str = "5k3/9/6c2/9/9/9/9/9/9/4K2R1 w - - 0 1";
const CHASE: &str = "h0g0 g7h7 g0h0 h7g7";

#[test]
fn json_shape_and_verdict() {
    let (code, v) = adjudicate_json(CHASE_FEN, CHASE, Some("axf"), &[]);
    assert_eq!(code, 0);
    assert_eq!(v["result"], "red_loses");
    assert_eq!(v["cycle"]["start_ply"], 0);
    assert_eq!(v["cycle"]["plies"], 4);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert_eq!(moves[0]["ply"], 1);
    assert_eq!(moves[0]["move"], "h0g0");
    assert_eq!(moves[0]["side"], "red");
    assert_eq!(moves[0]["class"], "chase");
    assert_eq!(moves[0]["effects"][0]["kind"], "chase");
    assert_eq!(moves[0]["effects"][0]["piece"], "R@g0");
    assert_eq!(moves[0]["effects"][0]["target"], "c@g7");
    assert_eq!(moves[1]["class"], "idle");
    assert_eq!(moves[1]["effects"][0]["kind"], "idle");
    assert_eq!(v["sides"]["red"]["summary"], "长捉");
    assert_eq!(v["sides"]["black"]["summary"], "二闲");
    assert!(v["explanation"].as_str().unwrap().contains("长捉"));
}

/// Lecture 55 图3 (diagrams/xiangqi/001-55-3.txt): 「最后判红方“长捉”,不变作负」 under the
/// Chinese rules; 「此案若按亚规,红可幸和……仍按“长献”处理」.
const LECTURE_55_3: (&str, &str) = (
    "4k4/9/9/4c1p2/6b1C/2r6/4N4/4B4/9/4K1B2 w",
    "i5i6 e6e5 i6i5 e5e6",
);
/// 〇七 grading (lecture 57 图4 with Red's 车 protected, see tests/adjudicate_editions.rs of
/// the xiangqi-repetition crate): both sides chase on every move, Red only rootless pieces;
/// the 2007 text weighs the chases (Red must vary), 八七 counts 二打对二还打.
const LECTURE_57_4: (&str, &str) = (
    "4k4/9/9/4c4/5c1n1/5N3/2p5R/8B/9/4K3C w",
    "i3i6 h5g7 i6i3 g7h5",
);

/// The verdicts per edition: (game, edition, verdict, source).
const RULINGS: &[((&str, &str), &str, &str, &str)] = &[
    (
        (
            "5k3/9/r6c1/9/9/9/9/9/9/4K2R1 b - - 0 1",
            "h7g7 h0g0 g7h7 g0h0",
        ),
        "axf",
        "draw",
        "digest §5: a cannon protected by a rook is not chased (True, 0)",
    ),
    (
        (CHASE_FEN, "h0g0 g7h7"),
        "cxa2011",
        "no_repetition",
        "two plies repeat nothing",
    ),
    (
        LECTURE_55_3,
        "cxa1987",
        "red_loses",
        "lecture 55 图3, Chinese rules",
    ),
    (
        LECTURE_55_3,
        "cxa2011",
        "red_loses",
        "lecture 55 图3, Chinese rules",
    ),
    (LECTURE_55_3, "axf", "draw", "lecture 55 图3, 亚规"),
    (
        LECTURE_57_4,
        "cxa2011",
        "red_loses",
        "lecture 57 图4, the 2007 text",
    ),
    (LECTURE_57_4, "cxa1987", "draw", "lecture 57 图4, 八七"),
    (
        (CHASE_FEN, "R2.3 C7.8 R3.2 C8.7"),
        "axf",
        "red_loses",
        "digest §5 in WXF",
    ),
    (
        (CHASE_FEN, "车二平三 炮7平8 车三平二 炮8平7"),
        "axf",
        "red_loses",
        "digest §5 in Chinese",
    ),
];

/// Digest §5's first case (ranks 1-10, as Fairy-Stockfish writes them): perpetual check
/// loses under every edition.
const PERPETUAL_CHECK: (&str, &str) = (
    "3k4R/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "d10d9 i10i9 d9d10 i9i10",
);

#[test]
fn every_ruling_of_the_table_gives_its_verdict() {
    for &((fen, moves), rules, result, source) in RULINGS {
        let (code, v) = adjudicate_json(fen, moves, Some(rules), &[]);
        assert_eq!(code, 0, "{source}: {v}");
        assert_eq!(v["result"], result, "{source} ({rules})");
        if result == "no_repetition" {
            assert!(v["cycle"].is_null(), "{source}");
        }
    }
    let (fen, moves) = PERPETUAL_CHECK;
    for rules in ["axf", "cxa1987", "cxa1999", "cxa2011"] {
        let (_, v) = adjudicate_json(fen, moves, Some(rules), &["--ranks-from-one"]);
        assert_eq!(v["result"], "red_loses", "{rules}");
        assert_eq!(v["sides"]["red"]["perpetual_check"], true);
    }
    // the 2007 text's reason names the rootless pieces Red chases (lecture 57 图4)
    let (fen, moves) = LECTURE_57_4;
    let (_, v) = adjudicate_json(fen, moves, Some("cxa2011"), &[]);
    assert!(v["explanation"].as_str().unwrap().contains("无根"), "{v}");
}

#[test]
fn moves_file_with_pgn() {
    let pgn = scratch::path("game.pgn");
    std::fs::write(
        &pgn,
        format!(
            "[Game \"Chinese Chess\"]\n[FEN \"{CHASE_FEN}\"]\n[Format \"ICCS\"]\n\n1. h0g0 g7h7 {{chase}} 2. g0h0 h7g7 *\n"
        ),
    )
    .unwrap();
    let (code, v) = json(&[
        "xiangqi",
        "adjudicate",
        "--moves-file",
        pgn.to_str().unwrap(),
        "--rules",
        "cxa1987",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["result"], "red_loses");
}

#[test]
fn bad_input_is_exit_2_with_position() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--fen", "garbage", "--moves", CHASE, "--rules", "axf"],
            "FEN byte",
        ),
        (
            &["--fen", CHASE_FEN, "--moves", "h0g0 zz99", "--rules", "axf"],
            "move 2",
        ),
        (
            &[
                "--fen",
                CHASE_FEN,
                "--moves",
                "h0g0 g7h7 g0h9",
                "--rules",
                "axf",
            ],
            "move 3",
        ),
        (
            &["--fen", CHASE_FEN, "--moves", CHASE, "--rules", "fide"],
            "--rules",
        ),
        (&["--fen", CHASE_FEN, "--rules", "axf"], "--moves"),
        (
            &[
                "--fen",
                CHASE_FEN,
                "--moves",
                "h0g0 g7h7",
                "--ranks-from-one",
                "--rules",
                "axf",
            ],
            "ranks 1-10",
        ),
        (
            &[
                "--fen",
                CHASE_FEN,
                "--moves-file",
                "/nonexistent/x.pgn",
                "--rules",
                "axf",
            ],
            "cannot read",
        ),
    ];
    for (args, needle) in cases {
        let mut all = vec!["xiangqi", "adjudicate"];
        all.extend_from_slice(args);
        let (code, out, err) = arbiter(&all);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1);
        let (code, v) = json(&all);
        assert_eq!(code, 2);
        assert_eq!(v["error"]["kind"], "bad_input");
    }
}

/// Writes `bytes` (already encoded) to `name` in this test's scratch directory (removed when
/// the test ends) and returns its path.
fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    scratch::write(name, bytes)
}

#[test]
fn reads_the_pgn_that_convert_writes_in_every_notation_and_gbk() {
    // The chase cycle of digest §5 as a PGN, rewritten by `convert` into each notation the
    // project writes; `adjudicate` reads every one back to the same verdict.
    let source = temp_file(
        "chase.pgn",
        format!(
            "[Game \"Chinese Chess\"]\n[FEN \"{CHASE_FEN}\"]\n[Format \"ICCS\"]\n\n1. h0g0 g7h7 2. g0h0 h7g7 *\n"
        )
        .as_bytes(),
    );
    for to in ["iccs", "iccs1", "wxf", "chinese"] {
        let (code, v) = json(&[
            "xiangqi",
            "convert",
            "--pgn",
            source.to_str().unwrap(),
            "--to",
            to,
        ]);
        assert_eq!(code, 0, "{to}: {v}");
        let pgn = v["pgn"].as_str().unwrap().to_string();
        let mut files = vec![(format!("{to}.pgn"), pgn.as_bytes().to_vec())];
        if to == "chinese" {
            // The same Chinese PGN in GBK, as Chinese programs save it.
            let (gbk, _, bad) = encoding_rs::GBK.encode(&pgn);
            assert!(!bad);
            assert_ne!(gbk.as_ref(), pgn.as_bytes());
            files.push(("chinese-gbk.pgn".into(), gbk.into_owned()));
        }
        for (name, bytes) in files {
            let path = temp_file(&name, &bytes);
            let mut args = vec![
                "xiangqi",
                "adjudicate",
                "--moves-file",
                path.to_str().unwrap(),
                "--rules",
                "axf",
            ];
            if to == "iccs1" {
                args.push("--ranks-from-one");
            }
            let (code, v) = json(&args);
            assert_eq!(code, 0, "{name}: {v}");
            assert_eq!(v["result"], "red_loses", "{name}");
            assert_eq!(v["moves"][0]["move"], "h0g0", "{name}");
            if to != "chinese" {
                continue;
            }
            // `convert` reads the Chinese PGN in both encodings (UTF-8 and GBK) and gives
            // back the source's ICCS moves.
            let mut args = vec!["xiangqi", "convert", "--pgn", path.to_str().unwrap()];
            args.extend(["--to", "iccs"]);
            let (code, v) = json(&args);
            assert_eq!(code, 0, "{name}: {v}");
            assert_eq!(
                v["moves"],
                serde_json::json!(["h0g0", "g7h7", "g0h0", "h7g7"]),
                "{name}"
            );
        }
    }
}

#[test]
fn rules_default_to_the_current_chinese_edition_and_say_so() {
    let (code, out, err) = adjudicate(CHASE_FEN, CHASE, None, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("rules: cxa2011 (default: the current Chinese edition)"),
        "{out}"
    );
    let (_, v) = adjudicate_json(CHASE_FEN, CHASE, None, &[]);
    assert_eq!(v["rules"], "cxa2011");
    let (_, out, _) = adjudicate(CHASE_FEN, CHASE, Some("axf"), &[]);
    assert!(out.starts_with("rules: axf\n"), "{out}");
}

#[test]
fn text_output_names_every_chaser_and_victim() {
    // Digest §5: 车 g0 chases the unprotected 炮 g7 (the JSON's R@g0 → c@g7).
    let (_, out, _) = adjudicate(CHASE_FEN, CHASE, Some("axf"), &[]);
    let first = out
        .lines()
        .find(|l| l.trim_start().starts_with("1."))
        .unwrap();
    assert!(first.contains("捉 R@g0→c@g7"), "{out}");
    // Lecture 60 图4 (diagrams/xiangqi/001-60-4.txt): 车九平八 chases the 车 on b7; the
    // explanation no longer calls that move 非献非捉 beside its 捉.
    let fen = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../diagrams/xiangqi/001-60-4.txt"
    ))
    .unwrap();
    let field = |key: &str| {
        fen.lines()
            .find_map(|l| l.strip_prefix(key))
            .unwrap()
            .trim()
            .to_string()
    };
    let (code, out, err) = adjudicate(&field("fen:"), &field("moves:"), Some("cxa2011"), &[]);
    assert_eq!(code, 0, "{err}");
    for line in out.lines().filter(|l| l.contains('捉')) {
        assert!(!line.contains("非献非捉"), "{line}");
    }
    assert!(out.contains("捉 R@b8→r@b7"), "{out}");
}

#[test]
fn lenient_fen_rules_on_a_diagram_no_game_reaches_and_says_what_is_unusual() {
    // Digest §5's chase with an extra red pawn on its own back rank (as rule books sometimes
    // print it): refused by default, judged with --lenient, the pawn named in a warning.
    let fen = "5k3/9/6c2/9/9/9/9/9/9/P3K2R1 w";
    let (code, _, err) = adjudicate(fen, CHASE, Some("axf"), &[]);
    assert_eq!(code, 2, "{err}");
    let (code, out, err) = adjudicate(fen, CHASE, Some("axf"), &["--lenient"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: red_loses"), "{out}");
    assert!(err.contains("warning") && err.contains("a0"), "{err}");
    let (_, v) = adjudicate_json(fen, CHASE, Some("axf"), &["--lenient"]);
    assert!(
        v["warnings"][0].as_str().unwrap().contains("--lenient"),
        "{v}"
    );
    let (code, v) = json(&["xiangqi", "moves", "--fen", fen, "--lenient"]);
    assert_eq!(code, 0);
    assert!(
        v["moves"].as_array().unwrap().iter().any(|m| m == "a0a1"),
        "{v}"
    );
}

#[test]
fn a_move_after_the_pgn_result_is_refused_not_judged() {
    // xqbase PGN: the result token ends the movetext. Two more plies written after it would
    // complete the chase cycle of digest §5; they must be refused, not judged.
    let file = temp_file(
        "after-result.pgn",
        format!(
            "[Game \"Chinese Chess\"]\n[FEN \"{CHASE_FEN}\"]\n\n1. h0g0 g7h7 1/2-1/2 2. g0h0 h7g7\n"
        )
        .as_bytes(),
    );
    let (code, out, err) = arbiter(&[
        "xiangqi",
        "adjudicate",
        "--moves-file",
        file.to_str().unwrap(),
        "--rules",
        "axf",
    ]);
    assert_eq!(code, 2, "{out} {err}");
    assert!(err.contains("after the result 1/2-1/2"), "{err}");
    // `convert` refuses the same file through the crate's PGN reader.
    let (code, out, err) = arbiter(&[
        "xiangqi",
        "convert",
        "--pgn",
        file.to_str().unwrap(),
        "--to",
        "wxf",
    ]);
    assert_ne!(code, 0, "{out} {err}");
    assert!(err.contains("after the result"), "{err}");
}

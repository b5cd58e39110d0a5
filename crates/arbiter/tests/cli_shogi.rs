//! `arbiter shogi …`: the CLI contract and its error paths.

use std::process::Command;

// The scratch directories of tests/common, alone: this file runs the binary its own way.
#[path = "common/scratch.rs"]
#[allow(dead_code)]
mod scratch;

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("run arbiter");
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
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON document");
    (code, v)
}

/// Writes `text` to `name` in this test's scratch directory (removed when the test ends).
fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    scratch::write(name, text)
}

#[test]
fn perft_counts() {
    // Published start-position counts (shogi.md §4.1): depth 3 = 25 470.
    let (code, v) = json(&["shogi", "perft", "--depth", "3"]);
    assert_eq!(code, 0);
    assert_eq!(v["nodes"], 25470);
    // the same count with the root moves shared out over three threads
    let (code, v) = json(&["shogi", "perft", "--depth", "3", "--threads", "3"]);
    assert_eq!(code, 0);
    assert_eq!(v["nodes"], 25470);
    // Uchifuzume trap (shogi.md §4.2): depth 1 = 85 (P*1b would mate, so it is excluded).
    let (_, v) = json(&[
        "shogi",
        "perft",
        "--sfen",
        "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
        "--depth",
        "1",
        "--divide",
    ]);
    assert_eq!(v["nodes"], 85);
    assert_eq!(v["divide"].as_array().unwrap().len(), 85);
    assert!(
        !v["divide"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["move"] == "P*1b")
    );
}

/// Game-end rulings, one a line: SFEN | USI moves | options | result | winner | ply | source.
/// The positions: shogi.md §2.1 (fourfold repetition at ply 12 after king steps; perpetual
/// check, the checker loses), 二歩 ending the game at the foul, a gold drop that mates,
/// 入玉宣言 with 28 points (a win under csa27) and with 27 (a loss under csa27, 持将棋 under
/// jsa24).
const STATUS_RULINGS: &str = "
startpos | 7g7f 3c3d | | ongoing | - | 2 | two opening moves
startpos | 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a | | sennichite | - | 12 | §2.1 fourfold repetition
lnsg1gsnl/1r5b1/ppppppppp/4k4/9/5R3/PPPPPPPPP/1B7/LNSGKGSNL b - 1 | 4f5f 5d4d 5f4f 4d5d 4f5f 5d4d 5f4f 4d5d 4f5f 5d4d 5f4f 4d5d | | perpetual_check | gote | 12 | §2.1 perpetual check
4k4/9/9/9/9/9/2P6/9/4K4 b P 1 | P*7e | | illegal | gote | 1 | 二歩
4k4/9/4P4/9/9/9/9/9/4K4 b G 1 | G*5b | | checkmate | sente | 1 | a gold drop mates
+P+P+P+PK4/+P+P+P+P+P4/+P8/9/9/9/9/9/4k4 b 2RB3G 1 | | --declare | declaration_win | sente | 0 | 28 points, csa27
+P+P+P+PK4/+P+P+P+P+P4/+P8/9/9/9/9/9/4k4 b 2RB2G 1 | | --declare | declaration_loss | gote | 0 | 27 points, csa27
+P+P+P+PK4/+P+P+P+P+P4/+P8/9/9/9/9/9/4k4 b 2RB2G 1 | | --declare --impasse-rule jsa24 | impasse_draw | - | 0 | 27 points, jsa24: 持将棋
";

#[test]
fn status_rulings() {
    for line in STATUS_RULINGS.lines().filter(|l| !l.trim().is_empty()) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [sfen, moves, options, result, winner, ply, source] = cells[..] else {
            panic!("seven cells: {line}");
        };
        let mut args = vec!["shogi", "status", "--sfen", sfen, "--moves", moves];
        args.extend(options.split_whitespace());
        let (code, v) = json(&args);
        assert_eq!(code, 0, "{source}: {v}");
        assert_eq!(v["result"], result, "{source}");
        let winner = (winner != "-").then_some(winner);
        assert_eq!(v["winner"], serde_json::json!(winner), "{source}");
        assert_eq!(v["ply"].to_string(), ply, "{source}");
        if result == "illegal" {
            assert!(v["reason"].as_str().unwrap().contains("二歩"), "{v}");
        }
    }
}

#[test]
fn convert_between_formats() {
    let kif = temp_file(
        "a.kif",
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ４五角打\n",
    );
    let (code, out, _) = arbiter(&["shogi", "convert", kif.to_str().unwrap(), "--to", "usi"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"
    );
    let (_, out, _) = arbiter(&["shogi", "convert", kif.to_str().unwrap(), "--to", "csa"]);
    assert!(out.contains("+8822UM\n-3122GI\n+0045KA"));
    let (_, out, _) = arbiter(&["shogi", "convert", kif.to_str().unwrap(), "--to", "ki2"]);
    assert!(out.contains("△同　銀"));
    let (_, out, _) = arbiter(&["shogi", "convert", kif.to_str().unwrap(), "--to", "sfen"]);
    assert_eq!(
        out.trim(),
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
    let usi = temp_file(
        "b.usi",
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n",
    );
    let (_, out, _) = arbiter(&["shogi", "convert", usi.to_str().unwrap(), "--to", "kif"]);
    assert!(out.contains("   4 同　銀(31)"), "{out}");
}

/// Bad input on the command line, one case a line: the arguments after `shogi`, separated by
/// commas | what the one stderr line says (parts joined by `&`). A bad SFEN or USI move names
/// its column; an invalid position lists every problem.
const BAD_ARGUMENTS: &str = "
perft,--sfen,9/9/9/9/9/9/9/9/9 x - 1,--depth,1 | column 19
perft,--sfen,K3k3P/9/9/9/9/9/9/9/K8 b - 1,--depth,1 | 2 kings & never move
status,--moves,7g7f 3c3x | column 8
status,--impasse-rule,x | --impasse-rule
perft,--depth,99 | depth
perft | --depth
convert,/nonexistent/file.kif,--to,usi | cannot read
";

/// A record whose third move drops a pawn the mover does not hold.
const KIF_ILLEGAL: &str = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩打\n";

/// Bad records: (file name, text, --to, what the one stderr line says, parts joined by `&`).
const BAD_RECORDS: &[(&str, &str, &str, &str)] = &[
    ("c.kif", "   1 ７六歩(77)\n", "pgn", "--to"),
    ("d.kif", KIF_ILLEGAL, "usi", "line 3 & move 3"),
    ("e.csa", "V2.2\nPI\n+\n+7776FU\n-33\n", "kif", "line 5"),
    // binary garbage never crashes
    ("f.kif", "\u{1}\u{2}ÿ▲▲▲同同同\n|v\n", "kif", ""),
];

#[test]
fn error_paths() {
    let expect_bad = |args: &[&str], needles: &str| {
        let (code, out, err) = arbiter(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        for needle in needles.split('&').map(str::trim) {
            assert!(err.contains(needle), "{args:?}: {needle:?} in {err}");
        }
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    };
    for line in BAD_ARGUMENTS.lines().filter(|l| !l.trim().is_empty()) {
        let (args, needles) = line.split_once('|').unwrap();
        let mut all = vec!["shogi"];
        all.extend(args.trim().split(','));
        expect_bad(&all, needles);
    }
    for &(name, text, to, needles) in BAD_RECORDS {
        let file = temp_file(name, text);
        expect_bad(
            &["shogi", "convert", file.to_str().unwrap(), "--to", to],
            needles,
        );
    }
    // with --json the error is one document of kind bad_input
    let (code, v) = json(&["shogi", "status", "--moves", "7g7f 3c3x"]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["kind"], "bad_input");
}

#[test]
fn tsume_error_paths() {
    // shogi.md §7.4 古典3手詰: a valid problem to vary one argument at a time.
    let classic = "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1";
    for sub in ["mate", "tsume-check"] {
        // Garbled SFEN: exit 2, the column of the bad side-to-move field named, and one
        // JSON error document with --json.
        let (code, out, err) = arbiter(&[
            "--json",
            "shogi",
            sub,
            "--sfen",
            "3sks3/9/4S4/9/9/B8/9/9/9 x S 1",
        ]);
        assert_eq!(code, 2, "{sub}");
        assert!(err.contains("column 26"), "{sub}: {err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["error"]["kind"], "bad_input");
        // Truncated SFEN, hostile bytes, a missing --sfen.
        assert_eq!(arbiter(&["shogi", sub, "--sfen", "3sks3/9/4S4"]).0, 2);
        assert_eq!(
            arbiter(&["shogi", sub, "--sfen", "\u{1}\u{7f}k/9 b - 1"]).0,
            2
        );
        assert_eq!(arbiter(&["shogi", sub]).0, 2);
        // The defender (side not to move) has no king.
        let (code, _, err) = arbiter(&["shogi", sub, "--sfen", "9/9/9/9/9/9/9/9/4K4 b - 1"]);
        assert_eq!(code, 2);
        assert!(err.contains("no king"), "{err}");
        // Time limits must be positive and finite.
        for t in ["0", "-3", "inf", "NaN", "soon"] {
            let (code, _, _) = arbiter(&["shogi", sub, "--sfen", classic, "--time-limit", t]);
            assert_eq!(code, 2, "{sub} --time-limit {t}");
        }
    }
    // Only the two documented modes exist (tsume and shortest).
    let (code, _, err) = arbiter(&["shogi", "mate", "--sfen", classic, "--mode", "longest"]);
    assert_eq!(code, 2);
    assert!(err.contains("tsume or shortest"), "{err}");
}

#[test]
fn mate_json_has_exactly_the_contract_fields() {
    // The JSON contract of `shogi mate --json`: {"status", "plies", "pv", "ki2", "nodes"};
    // since the length may come from a search cut short, "proven_minimal"; since a long
    // line may be read quickly or keep checks not refuted, "forced", "open_checks" and
    // "open_at_plies"; nothing else.
    // Problem: shogi.md §7.4 JSA 毎日詰将棋 2021-11-83, R*3d 3c3d 4b4d+.
    let (code, v) = json(&[
        "shogi",
        "mate",
        "--sfen",
        "7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1",
    ]);
    assert_eq!(code, 0);
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "forced",
            "ki2",
            "nodes",
            "open_at_plies",
            "open_checks",
            "plies",
            "proven_minimal",
            "pv",
            "status"
        ]
    );
    assert_eq!(v["status"], "mate");
    assert_eq!(v["proven_minimal"], true);
    assert_eq!(v["forced"], true);
    assert_eq!(v["open_checks"], 0);
    assert_eq!(v["open_at_plies"], serde_json::json!([]));
    assert_eq!(v["plies"], 3);
    assert_eq!(v["pv"], serde_json::json!(["R*3d", "3c3d", "4b4d+"]));
    assert_eq!(v["ki2"], "▲３四飛 △同玉 ▲４四飛成");
    // No mate and unknown keep the same fields (shogi.md §7.4: a lone rook is 不詰).
    let (_, v) = json(&[
        "shogi",
        "mate",
        "--sfen",
        "8k/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1",
    ]);
    assert_eq!(v["status"], "no_mate");
    assert_eq!(v.as_object().unwrap().len(), 9);
    assert_eq!(v["proven_minimal"], false);
    assert_eq!(v["forced"], false);
}

/// Writes `bytes` to `name` in this test's scratch directory (removed when the test ends).
fn temp_bytes(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    scratch::write(name, bytes)
}

/// `手合割：平手\n先手：羽生\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n` in CP932, as
/// Python 3.11's `cp932` codec encodes it (the bytes Kifu for Windows saves).
const KIF_SJIS: &[u8] = b"\x8e\xe8\x8d\x87\x8a\x84\x81\x46\x95\xbd\x8e\xe8\n\x90\xe6\x8e\xe8\x81\x46\x89\x48\x90\xb6\n   1 \x82\x56\x98\x5a\x95\xe0(77)\n   2 \x82\x52\x8e\x6c\x95\xe0(33)\n   3 \x93\x8a\x97\xb9\n";

/// The same record in EUC-JP (Python 3.11's `euc_jp` codec).
const KIF_EUC: &[u8] = b"\xbc\xea\xb9\xe7\xb3\xe4\xa1\xa7\xca\xbf\xbc\xea\n\xc0\xe8\xbc\xea\xa1\xa7\xb1\xa9\xc0\xb8\n   1 \xa3\xb7\xcf\xbb\xca\xe2(77)\n   2 \xa3\xb3\xbb\xcd\xca\xe2(33)\n   3 \xc5\xea\xce\xbb\n";

#[test]
fn records_in_legacy_encodings_read() {
    let utf8 = "手合割：平手\n先手：羽生\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n";
    let with_bom = [b"\xef\xbb\xbf".as_slice(), utf8.as_bytes()].concat();
    let declared = format!("#KIF version=2.0 encoding=UTF-8\n{utf8}");
    let declared_sjis = [
        b"#KIF version=2.0 encoding=Shift_JIS\n".as_slice(),
        KIF_SJIS,
    ]
    .concat();
    for (name, bytes) in [
        ("sjis.kif", KIF_SJIS),
        ("euc.kif", KIF_EUC),
        ("bom.kif", with_bom.as_slice()),
        ("declared.kifu", declared.as_bytes()),
        ("declared-sjis.kif", declared_sjis.as_slice()),
    ] {
        let p = temp_bytes(name, bytes);
        let (code, out, err) = arbiter(&["shogi", "convert", p.to_str().unwrap(), "--to", "kif"]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains("先手：羽生\n"), "{name}: {out}");
        assert!(out.contains("   2 ３四歩(33)"), "{name}: {out}");
    }
    // A CSA V2.2 record in Shift_JIS with a Japanese name and comment.
    let csa =
        [b"V2.2\nN+\x89\x48\x90\xb6\nPI\n+\n+7776FU\n'*\x93\x8a\x97\xb9\n".as_slice()].concat();
    let p = temp_bytes("sjis.csa", &csa);
    let (code, out, err) = arbiter(&["shogi", "convert", p.to_str().unwrap(), "--to", "kif"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("先手：羽生"), "{out}");
    // A damaged byte: 0x82 (a Shift_JIS lead byte) followed by a line feed, at offset 5.
    let p = temp_bytes("bad.kif", b"   1 \x82\n");
    let (code, _, err) = arbiter(&["shogi", "convert", p.to_str().unwrap(), "--to", "kif"]);
    assert_eq!(code, 2);
    assert!(err.contains("offset 5"), "{err}");
}

#[test]
fn kif_files_are_written_in_shift_jis_unless_told_otherwise() {
    let src = temp_bytes("src.kif", KIF_SJIS);
    let dir = src.parent().unwrap().to_path_buf();
    let out = dir.join("out.kif");
    let (code, _, err) = arbiter(&[
        "shogi",
        "convert",
        src.to_str().unwrap(),
        "--to",
        "kif",
        "--output",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&out).unwrap();
    // 投了 in Shift_JIS (93 8A 97 B9) is in the file, and the file is not UTF-8.
    assert!(bytes.windows(4).any(|w| w == b"\x93\x8a\x97\xb9"));
    assert!(std::str::from_utf8(&bytes).is_err());
    assert!(bytes.starts_with(b"#KIF version=2.0 encoding=Shift_JIS\n"));
    // .kifu names and --encoding utf-8 give UTF-8.
    for (name, extra) in [("out.kifu", None), ("out2.kif", Some("utf-8"))] {
        let out = dir.join(name);
        let mut args = vec![
            "shogi",
            "convert",
            src.to_str().unwrap(),
            "--to",
            "kif",
            "--output",
            out.to_str().unwrap(),
        ];
        if let Some(e) = extra {
            args.extend(["--encoding", e]);
        }
        assert_eq!(arbiter(&args).0, 0);
        let text = String::from_utf8(std::fs::read(&out).unwrap()).expect("UTF-8");
        assert!(
            text.starts_with("#KIF version=2.0 encoding=UTF-8\n"),
            "{text}"
        );
        assert!(text.contains("投了"));
    }
    // CSA output declares its encoding on its first line.
    let (_, text, _) = arbiter(&["shogi", "convert", src.to_str().unwrap(), "--to", "csa"]);
    assert!(text.starts_with("'CSA encoding=UTF-8\n"), "{text}");
    // A character Shift_JIS cannot hold is refused, not replaced.
    let odd = temp_file("odd.kif", "先手：♔\n   1 ７六歩(77)\n");
    let (code, _, err) = arbiter(&[
        "shogi",
        "convert",
        odd.to_str().unwrap(),
        "--to",
        "kif",
        "--output",
        dir.join("odd-out.kif").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("U+2654"), "{err}");
}

#[test]
fn writing_csa_says_it_drops_variations() {
    // KIF 変化 (Kakinoki KIF format page); CSA V2.2 has no variations.
    let kif = temp_file(
        "var.kif",
        "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n",
    );
    let (code, out, err) = arbiter(&["shogi", "convert", kif.to_str().unwrap(), "--to", "csa"]);
    assert_eq!(code, 0);
    assert!(out.contains("-3334FU") && !out.contains("8384"), "{out}");
    assert!(
        err.contains("warning") && err.contains("variations"),
        "{err}"
    );
    let (_, _, err) = arbiter(&["shogi", "convert", kif.to_str().unwrap(), "--to", "kif"]);
    assert!(err.is_empty(), "{err}");
}

#[test]
fn status_rules_on_a_record_with_its_foul_move() {
    // 二歩 at move 11 (JSA 対局規定 第8条), the record ending 反則勝ち.
    let kif = temp_file(
        "nifu.kif",
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 ２五歩(26)\n   6 ８五歩(84)\n   7 ２四歩(25)\n   8 同　歩(23)\n   9 同　飛(28)\n  10 ８六歩(85)\n  11 ７七歩打\n  12 反則勝ち\n",
    );
    let (code, v) = json(&["shogi", "status", "--record", kif.to_str().unwrap()]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["result"], "illegal");
    assert_eq!(v["winner"], "gote");
    assert_eq!(v["ply"], 11);
    assert_eq!(v["foul"], "nifu");
    // A multi-record CSA file (records separated by "/"): game 2, and a warning without --game.
    let csa = temp_file(
        "multi.csa",
        "V2.2\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-8384FU\n%CHUDAN\n",
    );
    let (code, out, _) = arbiter(&[
        "shogi",
        "convert",
        csa.to_str().unwrap(),
        "--to",
        "usi",
        "--game",
        "2",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "position startpos moves 2g2f 8c8d");
    let (_, out, err) = arbiter(&["shogi", "convert", csa.to_str().unwrap(), "--to", "usi"]);
    assert_eq!(out.trim(), "position startpos moves 7g7f");
    assert!(err.contains("2 games"), "{err}");
    let (code, _, err) = arbiter(&[
        "shogi",
        "convert",
        csa.to_str().unwrap(),
        "--to",
        "usi",
        "--game",
        "3",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("2 game"), "{err}");
}

#[test]
fn lenient_positions_are_reached_with_a_warning() {
    // Three rooks (one a dragon): surplus material, 603 legal moves by the crate's slow
    // reference generator (see movegen's lenient test).
    let sfen = "R8/2K1S1SSk/4B4/9/9/9/4+R4/9/1L1L1L3 b RBGSNLP3g3n17p 1";
    let (code, _, err) = arbiter(&["shogi", "perft", "--sfen", sfen, "--depth", "1"]);
    assert_eq!(code, 2);
    assert!(err.to_lowercase().contains("rook"), "{err}");
    let (code, out, err) = arbiter(&[
        "shogi",
        "perft",
        "--sfen",
        sfen,
        "--depth",
        "1",
        "--lenient",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "nodes 603");
    assert!(
        err.contains("warning") && err.to_lowercase().contains("rook"),
        "{err}"
    );
    for sub in [
        vec!["shogi", "status", "--sfen", sfen, "--lenient"],
        vec![
            "shogi",
            "mate",
            "--sfen",
            sfen,
            "--lenient",
            "--time-limit",
            "1",
        ],
        vec![
            "shogi",
            "tsume-check",
            "--sfen",
            sfen,
            "--lenient",
            "--time-limit",
            "1",
        ],
    ] {
        let (code, _, err) = arbiter(&sub);
        assert_ne!(code, 2, "{sub:?}: {err}");
        assert!(err.contains("--lenient"), "{sub:?}: {err}");
    }
}

#[test]
fn a_defender_without_pieces_is_warned_about() {
    // shogi.md §7.4 古典3手詰 written bare: the defender's pieces are not listed, and by the
    // tsume convention (玉方残り駒全部) they are the defender's; without --defender-rest the
    // answer is for a defender with an empty hand, so say so.
    let bare = "3sks3/9/4S4/9/9/B8/9/9/9 b S 1";
    let (code, _, err) = arbiter(&["shogi", "mate", "--sfen", bare]);
    assert_eq!(code, 0);
    assert!(
        err.contains("warning") && err.contains("--defender-rest"),
        "{err}"
    );
    let (_, _, err) = arbiter(&["shogi", "mate", "--sfen", bare, "--defender-rest"]);
    assert!(!err.contains("--defender-rest"), "{err}");
    // Every piece listed: nothing to warn about.
    let (_, _, err) = arbiter(&[
        "shogi",
        "mate",
        "--sfen",
        "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
    ]);
    assert!(err.is_empty(), "{err}");
}

#[test]
fn a_move_that_cannot_be_made_is_an_input_error() {
    // JSA 対局規定 第8条's fouls are made with a piece; a move from an empty square or a drop
    // of a piece not in hand cannot be made over a board: a typo, exit 2, no ruling.
    for moves in ["5e5d", "7g7f P*5e", "7g7f 3c3d 8h2b+ 3a2b R*5e"] {
        let (code, out, err) = arbiter(&["shogi", "status", "--moves", moves]);
        assert_eq!(code, 2, "{moves}: {out}{err}");
        assert!(err.contains("cannot be played"), "{moves}: {err}");
    }
    // A piece moved the wrong way is still a foul (exit 0, result illegal).
    let (code, v) = json(&["shogi", "status", "--moves", "7g7e"]);
    assert_eq!((code, v["result"].as_str()), (0, Some("illegal")));
}

#[test]
fn moves_after_the_end_are_refused_unless_ignored() {
    // 千日手 at ply 12 (JSA 対局規則 第8条: the start position a fourth time); a 13th move
    // comes after the end of the game.
    let cycle = "5i5h 5a5b 5h5i 5b5a ".repeat(3);
    let moves = format!("{cycle}7g7f");
    let (code, _, err) = arbiter(&["shogi", "status", "--moves", &moves]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("move 13 (7g7f) comes after the end"), "{err}");
    let (code, v) = json(&["shogi", "status", "--moves", &moves, "--ignore-after-end"]);
    assert_eq!((code, v["result"].as_str()), (0, Some("sennichite")));
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1);
    // A CSA record with a move after %TORYO (CSA V2.2: the % line ends the game).
    let file = temp_file("after-end.csa", "V2.2\nPI\n+\n+7776FU\n%TORYO\n-3334FU\n");
    let f = file.to_str().unwrap();
    for command in [
        vec!["shogi", "convert", f, "--to", "usi"],
        vec!["shogi", "status", "--record", f],
    ] {
        let (code, _, err) = arbiter(&command);
        assert_eq!(code, 2, "{command:?}: {err}");
        assert!(
            err.contains("line 6") && err.contains("after the end"),
            "{err}"
        );
    }
    let (code, out, err) = arbiter(&["shogi", "convert", f, "--to", "usi", "--ignore-after-end"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "position startpos moves 7g7f");
    assert!(
        err.contains("1 move(s) after the record's ending left out"),
        "{err}"
    );
}

#[test]
fn a_side_without_a_king_is_not_ruled_checkmated() {
    // Sente (to move) has no king and nothing to move: 詰み needs a king in check.
    let (code, v) = json(&["shogi", "status", "--sfen", "4k4/9/9/9/9/9/9/9/9 b - 1"]);
    assert_eq!((code, v["result"].as_str()), (0, Some("no_king")));
    // The defender of a tsume mated at the end of the solution still is checkmated: 1-move
    // mate by a gold drop (G*5b, protected by the pawn on 5c).
    let (code, v) = json(&[
        "shogi",
        "status",
        "--sfen",
        "4k4/9/4P4/9/9/9/9/9/9 b G 1",
        "--moves",
        "G*5b",
    ]);
    assert_eq!((code, v["result"].as_str()), (0, Some("checkmate")));
}

#[test]
fn every_corpus_record_reads_and_survives_a_kif_round_trip() {
    // examples/shogi/records: records in the styles of Kifu for Windows, Shogidokoro, Piyo
    // Shogi, KIF for Android, ShogiGUI, floodgate, WCSC and JSA problems, in Shift_JIS,
    // EUC-JP and UTF-8 (benches/peers/shogi_records.py checks them against cshogi and
    // python-shogi). Each is read, and its moves survive writing KIF and reading it back.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shogi/records");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 40, "{} records", files.len());
    for file in files {
        let f = file.to_str().unwrap();
        let (code, usi, err) = arbiter(&["shogi", "convert", f, "--to", "usi"]);
        assert_eq!(code, 0, "{f}: {err}");
        let name = file.file_stem().unwrap().to_str().unwrap().to_string();
        let kif = scratch::path(&format!("{name}.kif"));
        let (code, _, err) = arbiter(&[
            "shogi",
            "convert",
            f,
            "--to",
            "kif",
            "--output",
            kif.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{f}: {err}");
        let (code, again, err) =
            arbiter(&["shogi", "convert", kif.to_str().unwrap(), "--to", "usi"]);
        assert_eq!(code, 0, "{f}: {err}");
        assert_eq!(again, usi, "{f}");
        let _ = std::fs::remove_file(&kif);
    }
}

#[test]
fn status_reports_the_recorded_ending_and_a_contradiction() {
    // A record's own ending (KIF 投了: the side to move resigned) is reported beside the
    // ruling on its moves; a 詰み the final position does not show draws a warning.
    let file = temp_file(
        "resigned.kif",
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n",
    );
    let (code, v) = json(&["shogi", "status", "--record", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(v["result"], "ongoing");
    assert_eq!(v["recorded_ending"], "sente resigned");
    assert!(v.get("warnings").is_none(), "{v}");
    let file = temp_file(
        "not-mate.kif",
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 詰み\n",
    );
    let (code, out, err) = arbiter(&["shogi", "status", "--record", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("recorded sente is checkmated"), "{out}");
    assert!(err.contains("the final position is not checkmate"), "{err}");
}

#[test]
fn records_from_a_lenient_position_need_lenient() {
    // Five lances (a set holds four, JSA 将棋の駒), as perft fixtures have: refused unless
    // --lenient, which warns with what is unusual.
    let file = temp_file(
        "five-lances.usi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b L 1 moves L*5e\n",
    );
    let f = file.to_str().unwrap();
    let (code, _, err) = arbiter(&["shogi", "convert", f, "--to", "csa"]);
    assert_eq!(code, 2, "{err}");
    for command in [
        vec!["shogi", "convert", f, "--to", "csa", "--lenient"],
        vec!["shogi", "status", "--record", f, "--lenient"],
    ] {
        let (code, _, err) = arbiter(&command);
        assert_eq!(code, 0, "{command:?}: {err}");
        assert!(err.contains("--lenient: accepted although"), "{err}");
    }
}

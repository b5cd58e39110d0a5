//! `--json` as a contract: every subcommand's document is described by a JSON Schema under
//! `schemas/` (`<game>-<command>.schema.json`), and the documents the commands print on real
//! inputs (the files of `examples/` and `diagrams/`, the README's commands) validate against
//! them. Failures print the `error` document of `schemas/error.schema.json`. A subcommand
//! without a schema, or a schema that no case exercises, fails the suite.
//!
//! The schemas follow JSON Schema draft 2020-12 (json-schema.org); each is first checked
//! against the draft's meta-schema.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::arbiter;
use serde_json::Value;

fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schemas")
}

fn load_schema(name: &str) -> Value {
    let path = schema_dir().join(format!("{name}.schema.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Validates `doc` against the schema `name`, listing every violation.
fn assert_valid(name: &str, doc: &Value, what: &str) {
    let schema = load_schema(name);
    let validator = jsonschema::validator_for(&schema)
        .unwrap_or_else(|e| panic!("schemas/{name}.schema.json does not compile: {e}"));
    let errors: Vec<String> = validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what}: the document breaks schemas/{name}.schema.json:\n{}\n{doc}",
        errors.join("\n")
    );
}

/// Runs a command with `--json` and returns its exit code and the one document on stdout.
fn json_of(args: &[&str]) -> (Option<i32>, Value) {
    let mut args = args.to_vec();
    args.push("--json");
    let out = arbiter(&args);
    let doc = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: stdout is not one JSON document ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    (out.status.code(), doc)
}

const XQ_AXF_FEN: &str = "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1";
const XQ_AXF_MOVES: &str = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9";
/// Where the batch case of `shogi convert` writes its records (they are not read back): a
/// directory in the test's scratch directory (removed when the test ends). The case lists
/// hold `&'static str`, so the path, a few bytes per call, is leaked.
fn batch_output_dir() -> &'static str {
    let dir = common::scratch::path("converted").display().to_string();
    Box::leak(dir.into_boxed_str())
}
/// Lecture 42's position (diagrams/xiangqi/001-42-1.txt): a rook chased by a pawn's offers.
const XQ_CASE_42: &str = "4k4/9/4r4/4P4/5P3/9/9/9/9/5K3 w - - 0 1";

/// The cases: a schema and the commands whose documents it describes. They run on the
/// workspace's own inputs: the README's examples and files of `examples/` and `diagrams/`.
fn cases() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        (
            "go-score",
            vec![
                "go",
                "score",
                "examples/go/explanation.txt",
                "--method",
                "all",
            ],
        ),
        (
            "go-score",
            vec![
                "go",
                "score",
                "examples/go/explanation.txt",
                "--dead",
                "auto",
                "--ultimate",
            ],
        ),
        (
            "go-score",
            vec![
                "go",
                "score",
                "examples/go/gosei-23-t06.sgf",
                "--method",
                "territory",
                "--dead",
                "auto",
            ],
        ),
        // several inputs: one array, an entry per file (README, "Many files at once")
        (
            "go-score",
            vec!["go", "score", "examples/go", "--threads", "2"],
        ),
        ("go-show", vec!["go", "show", "examples/go/explanation.txt"]),
        (
            "go-show",
            vec!["go", "show", "examples/go/gosei-23-t06.sgf"],
        ),
        (
            "go-outcome",
            vec!["go", "outcome", "diagrams/go/003-capture-space-life.txt"],
        ),
        ("go-count-legal", vec!["go", "count-legal", "--grid", "3x3"]),
        ("go-solve", vec!["go", "solve", "--grid", "2x2"]),
        ("xiangqi-perft", vec!["xiangqi", "perft", "--depth", "2"]),
        (
            "xiangqi-perft",
            vec!["xiangqi", "perft", "--depth", "1", "--divide"],
        ),
        ("xiangqi-moves", vec!["xiangqi", "moves"]),
        (
            "xiangqi-validate",
            vec![
                "xiangqi",
                "validate",
                "--fen",
                "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            ],
        ),
        (
            "xiangqi-adjudicate",
            vec![
                "xiangqi",
                "adjudicate",
                "--fen",
                XQ_AXF_FEN,
                "--moves",
                XQ_AXF_MOVES,
                "--rules",
                "axf",
            ],
        ),
        (
            "xiangqi-adjudicate",
            vec![
                "xiangqi",
                "adjudicate",
                "--fen",
                XQ_CASE_42,
                "--moves",
                "e6d6 e7d7 d6e6 d7e7",
                "--rules",
                "cxa1987",
            ],
        ),
        (
            "xiangqi-adjudicate",
            vec!["xiangqi", "adjudicate", "--moves-file", "xtask/corpus/pgn"],
        ),
        (
            "xiangqi-convert",
            vec![
                "xiangqi",
                "convert",
                "--moves",
                "h2e2 h9g7",
                "--to",
                "chinese",
            ],
        ),
        (
            "xiangqi-show",
            vec![
                "xiangqi",
                "show",
                "--fen",
                XQ_AXF_FEN,
                "--moves",
                "e1d1 d9e9",
            ],
        ),
        ("shogi-perft", vec!["shogi", "perft", "--depth", "2"]),
        (
            "shogi-perft",
            vec!["shogi", "perft", "--depth", "1", "--divide"],
        ),
        (
            "shogi-status",
            vec!["shogi", "status", "--moves", "7g7f 3c3d 8h2b+"],
        ),
        (
            "shogi-status",
            vec![
                "shogi",
                "status",
                "--record",
                "examples/shogi/records/foul-nifu.kif",
            ],
        ),
        (
            "shogi-status",
            vec![
                "shogi",
                "status",
                "--record",
                "examples/shogi/records/floodgate-sennichite.csa",
            ],
        ),
        (
            "shogi-status",
            vec![
                "shogi",
                "status",
                "--record",
                "examples/shogi/records/kfw-resign.kif",
            ],
        ),
        (
            "shogi-convert",
            vec![
                "shogi",
                "convert",
                "examples/shogi/records/kifu-for-windows.kif",
                "--to",
                "ki2",
            ],
        ),
        (
            "shogi-convert",
            vec![
                "shogi",
                "convert",
                "examples/shogi/records/floodgate.csa",
                "--to",
                "sfen",
            ],
        ),
        (
            "shogi-convert",
            vec![
                "shogi",
                "convert",
                "examples/shogi/records/floodgate.csa",
                "examples/shogi/records/kfw-resign.kif",
                "--to",
                "sfen",
                "--output-dir",
                batch_output_dir(),
            ],
        ),
        (
            "shogi-mate",
            vec![
                "shogi",
                "mate",
                "--sfen",
                "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
            ],
        ),
        (
            "shogi-tsume-check",
            vec![
                "shogi",
                "tsume-check",
                "--sfen",
                "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
            ],
        ),
        (
            "shogi-show",
            vec!["shogi", "show", "--moves", "7g7f 3c3d 8h2b+"],
        ),
        (
            "tiebreak-minimatch",
            vec!["tiebreak", "minimatch", "examples/tiebreak/minimatch.csv"],
        ),
        (
            "tiebreak-standings",
            vec![
                "tiebreak",
                "standings",
                "examples/tiebreak/swiss.trf",
                "--system",
                "swiss",
                "--edition",
                "2026",
                "--tiebreaks",
                "PTS,BH/C1,BH,SB",
            ],
        ),
        (
            "tiebreak-standings",
            vec![
                "tiebreak",
                "standings",
                "examples/tiebreak/xiangqi-rr.csv",
                "--tiebreaks",
                "cxa-rr",
            ],
        ),
        (
            "tiebreak-odds",
            vec![
                "tiebreak",
                "odds",
                "--moves",
                "40..60",
                "--time",
                "60:00..80:00",
            ],
        ),
    ]
}

/// Every schema is a valid draft 2020-12 schema (checked against the meta-schema).
#[test]
fn schemas_are_valid_json_schemas() {
    let mut count = 0;
    for entry in std::fs::read_dir(schema_dir()).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let schema: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            schema["$schema"],
            "https://json-schema.org/draft/2020-12/schema",
            "{}",
            path.display()
        );
        if let Err(e) = jsonschema::meta::validate(&schema) {
            panic!("{}: not a valid schema: {e}", path.display());
        }
        count += 1;
    }
    assert!(count > 20, "{count} schemas");
}

/// The documents of real runs validate against their command's schema.
#[test]
fn command_documents_validate() {
    for (schema, args) in cases() {
        let (code, doc) = json_of(&args);
        assert_eq!(code, Some(0), "{args:?}: {doc}");
        assert_valid(schema, &doc, &format!("{args:?}"));
    }
}

/// Errors with `--json` are one document of the error schema, for bad files, bad notation,
/// illegal moves and usage errors alike, in every game.
#[test]
fn error_documents_validate() {
    let failing: [&[&str]; 7] = [
        &["go", "score", "no/such/file.sgf"],
        &["go", "scroe"],
        &["xiangqi", "perft"],
        &[
            "xiangqi",
            "validate",
            "--fen",
            "3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
        ],
        &["shogi", "status", "--sfen", "9/9/9 b - 1"],
        &["shogi", "show", "--sfen", "nonsense"],
        &["tiebreak", "minimatch", "no/such/file.csv"],
    ];
    for args in failing {
        let (code, doc) = json_of(args);
        assert_eq!(code, Some(2), "{args:?}: {doc}");
        assert_valid("error", &doc, &format!("{args:?}"));
    }
    // `--strict` asks for a verdict the undecided stones cannot change: the real game of
    // examples/ either has one (a go-score document, exit 0) or ends with an undecided
    // error document (exit 3), whichever the dead-stone finder can prove today.
    let strict = [
        "go",
        "score",
        "examples/go/gosei-23-t06.sgf",
        "--dead",
        "auto",
        "--strict",
    ];
    match json_of(&strict) {
        (Some(0), doc) => assert_valid("go-score", &doc, "go score --strict"),
        (Some(3), doc) => {
            assert_valid("error", &doc, "go score --strict");
            assert_eq!(doc["error"]["kind"], "undecided");
        }
        (code, doc) => panic!("go score --strict: exit {code:?}: {doc}"),
    }
    // A search stopped on its limit (`arbiter --help`: exit 4): a full solve of the 2x5 grid
    // runs for tens of seconds, far past a thousand nodes, so the solver gives up with a
    // `limit` error document.
    let (code, doc) = json_of(&["go", "solve", "--grid", "2x5", "--budget", "1000"]);
    assert_eq!(code, Some(4), "{doc}");
    assert_valid("error", &doc, "go solve --budget 1000");
    assert_eq!(doc["error"]["kind"], "limit");
    // A batch with a bad file: exit 2, and the file's error inside the array, in its slot.
    let (code, doc) = json_of(&[
        "go",
        "score",
        "examples/go/explanation.txt",
        "no/such/file.sgf",
    ]);
    assert_eq!(code, Some(2), "{doc}");
    assert_valid("go-score", &doc, "go score on a good and a missing file");
    assert_eq!(doc[1]["error"]["kind"], "bad_input");
    // A document that is not an error must not pass as one.
    let validator = jsonschema::validator_for(&load_schema("error")).unwrap();
    assert!(!validator.is_valid(&serde_json::json!({"nodes": 20})));
}

/// The subcommands `arbiter GAME --help` lists, without `help`.
fn subcommands(game: &str) -> Vec<String> {
    let out = arbiter(&[game, "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// Every subcommand of every game has a schema, and every schema is exercised by a case.
#[test]
fn every_subcommand_has_a_schema_and_every_schema_a_case() {
    let exercised: BTreeSet<&str> = cases().iter().map(|(s, _)| *s).collect();
    for game in ["go", "xiangqi", "shogi", "tiebreak"] {
        let commands = subcommands(game);
        assert!(!commands.is_empty(), "no subcommands listed for {game}");
        for command in commands {
            let name = format!("{game}-{command}");
            let path = schema_dir().join(format!("{name}.schema.json"));
            assert!(
                path.exists(),
                "no schema for `arbiter {game} {command}`: {}",
                path.display()
            );
            assert!(
                exercised.contains(name.as_str()),
                "no case runs `arbiter {game} {command}`"
            );
        }
    }
}

//! Error paths shared by every subcommand: argument errors are bad input (exit 2), reported on
//! one stderr line that keeps everything clap says (the names of missing arguments included),
//! and with `--json` stdout still holds exactly one JSON document. A command line without a
//! game, or a game without a subcommand, prints that level's help on stderr (exit 2).
//! The contract is the README's "Command-line examples" section.

mod common;

use common::arbiter;

/// Runs `args`, checks the bad-input contract and returns the one stderr line.
fn assert_bad_input(args: &[&str]) -> String {
    let out = arbiter(args);
    assert_eq!(out.status.code(), Some(2), "exit code for {args:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr.lines().count(),
        1,
        "one stderr line for {args:?}: {stderr}"
    );
    assert!(stderr.starts_with("arbiter: "), "{stderr}");
    stderr
}

#[test]
fn argument_errors_are_bad_input_on_one_line() {
    assert_bad_input(&["chess"]);
    assert_bad_input(&["go", "no-such-subcommand"]);
    assert_bad_input(&["xiangqi", "--no-such-flag"]);
    assert_bad_input(&["shogi", "perft", "--depth", "not-a-number"]);
}

#[test]
fn json_errors_stay_machine_readable() {
    let out = arbiter(&["tiebreak", "no-such-subcommand", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let doc: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON document");
    assert_eq!(doc["error"]["kind"], "bad_input");
    assert!(
        doc["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
    );
}

#[test]
fn help_and_version_succeed() {
    let help = arbiter(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    let text = String::from_utf8(help.stdout).unwrap();
    for game in ["go", "xiangqi", "shogi", "tiebreak"] {
        assert!(text.contains(game), "help lists {game}");
    }
    assert_eq!(arbiter(&["--version"]).status.code(), Some(0));
}

/// Without a game, or a game without its subcommand, the user gets the list to choose from:
/// that level's help, on stderr because nothing was done, with the bad-input exit code.
#[test]
fn bare_program_and_bare_game_print_their_help_on_stderr() {
    let cases: [(&[&str], &[&str]); 5] = [
        (&[], &["go", "xiangqi", "shogi", "tiebreak"]),
        (&["go"], &["score", "count-legal", "solve"]),
        (&["xiangqi"], &["perft", "adjudicate"]),
        (&["shogi"], &["perft", "status", "mate"]),
        (&["tiebreak"], &["standings", "minimatch", "odds"]),
    ];
    for (args, subcommands) in cases {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(2), "exit code for {args:?}");
        assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let usage = format!("Usage: arbiter {}", args.join(" "));
        assert!(stderr.contains(usage.trim_end()), "{args:?}: {stderr}");
        for name in subcommands {
            assert!(
                stderr.contains(name),
                "{args:?} help lists {name}: {stderr}"
            );
        }
    }
}

/// clap lists the missing arguments on the lines after its first one; they must survive the
/// folding onto one line, in text and in the JSON error.
#[test]
fn missing_arguments_are_named() {
    let line = assert_bad_input(&["shogi", "perft"]);
    assert!(line.contains("not provided"), "{line}");
    assert!(line.contains("--depth"), "{line}");
    let line = assert_bad_input(&["go", "score"]);
    assert!(line.contains("<FILE>"), "{line}");

    let out = arbiter(&["shogi", "perft", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let message = doc["error"]["message"].as_str().unwrap();
    assert!(message.contains("--depth"), "{message}");
}

/// clap's suggestion for a misspelt subcommand is kept.
#[test]
fn suggestions_are_kept() {
    let line = assert_bad_input(&["go", "scroe"]);
    assert!(line.contains("'score'"), "{line}");
}

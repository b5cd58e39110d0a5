//! Error paths shared by every subcommand: argument errors are bad input (exit 2), reported on
//! one stderr line, and with `--json` stdout still holds exactly one JSON document.

mod common;

use common::arbiter;

fn assert_bad_input(args: &[&str]) {
    let out = arbiter(args);
    assert_eq!(out.status.code(), Some(2), "exit code for {args:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr.lines().count(),
        1,
        "one stderr line for {args:?}: {stderr}"
    );
    assert!(stderr.starts_with("arbiter: "), "{stderr}");
}

#[test]
fn argument_errors_are_bad_input_on_one_line() {
    assert_bad_input(&[]);
    assert_bad_input(&["chess"]);
    assert_bad_input(&["go"]);
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

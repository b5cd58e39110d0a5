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

/// The command lines listed under "Examples:" in a help text.
fn examples_in(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Examples:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Splits a command line as a POSIX shell does for plain words and double-quoted strings
/// (the only quoting the examples use).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quotes in {line}");
    if started {
        words.push(word);
    }
    words
}

/// Every example under a help page runs from the workspace root and succeeds, so the help
/// never shows a command that has drifted out of date.
#[test]
fn help_examples_run() {
    for page in [&[][..], &["go"], &["xiangqi"], &["shogi"], &["tiebreak"]] {
        let mut args = page.to_vec();
        args.push("--help");
        let out = arbiter(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let help = String::from_utf8(out.stdout).unwrap();
        let examples = examples_in(&help);
        assert!(!examples.is_empty(), "{args:?} shows examples: {help}");
        for example in examples {
            let words = shell_words(&example);
            assert_eq!(words[0], "arbiter", "{example}");
            let words: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            if !page.is_empty() {
                assert_eq!(words[0], page[0], "{args:?} shows its own game: {example}");
            }
            let run = arbiter(&words);
            assert!(
                run.status.success(),
                "{example}: {}",
                String::from_utf8_lossy(&run.stderr)
            );
            assert!(!run.stdout.is_empty(), "{example} prints its result");
        }
    }
}

//! The progress line of long jobs (`arbiter --help`: `--quiet`): written on stderr only when
//! it is a terminal, never with `--quiet`, which every command accepts before or after its
//! name without changing what it prints.

use std::process::{Command, Output, Stdio};

mod common;

use common::arbiter;
use common::session::Session;

/// 図巧100番「寿」 (shogi.md §7.4), 611 plies: no search ends on it within a test's time, so
/// a run on it lasts exactly its time limit, past the one second after which the line shows.
const KOTOBUKI: &str =
    "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1";

/// One quick command of each kind of job, the long-job commands included (each finishes well
/// under the one second after which a line would show).
const COMMANDS: &[&[&str]] = &[
    &[
        "go",
        "score",
        "examples/go/explanation.txt",
        "--dead",
        "auto",
    ],
    &["go", "count-legal", "--grid", "3x3", "--check"],
    &["go", "solve", "--grid", "2x2"],
    &[
        "xiangqi",
        "perft",
        "--fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "--depth",
        "2",
    ],
    &[
        "shogi", "perft", "--sfen", "startpos", "--depth", "2", "--divide",
    ],
    &[
        "shogi",
        "status",
        "--sfen",
        "startpos",
        "--moves",
        "7g7f 3c3d 8h2b+",
    ],
    &[
        "shogi",
        "mate",
        "--sfen",
        "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
    ],
    &["tiebreak", "minimatch", "examples/tiebreak/minimatch.csv"],
];

/// Stdout without the `time …` line of `xiangqi perft`, the one part that differs between runs.
fn untimed(stdout: &[u8]) -> String {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter(|l| !l.starts_with("time "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn quiet_is_accepted_everywhere_and_changes_nothing_off_a_terminal() {
    // A global flag (clap `global = true`, as `--json`): before the game or after the
    // subcommand's own arguments. Off a terminal no progress line is written anyway, so the
    // output must be byte for byte the same with and without it.
    for args in COMMANDS {
        let plain = arbiter(args);
        assert_eq!(plain.status.code(), Some(0), "{args:?}: {:?}", plain.stderr);
        let mut first = vec!["--quiet"];
        first.extend_from_slice(args);
        let mut last = args.to_vec();
        last.push("--quiet");
        for quiet in [arbiter(&first), arbiter(&last)] {
            assert_eq!(quiet.status, plain.status, "{args:?}");
            assert_eq!(untimed(&quiet.stdout), untimed(&plain.stdout), "{args:?}");
            assert_eq!(quiet.stderr, plain.stderr, "{args:?}");
        }
    }
}

#[test]
fn quiet_is_accepted_by_the_protocol_servers() {
    // GTP version 2 (`quit` answers `=` and ends the session) and USI (`quit` ends it).
    for (server, script) in [("gtp", "quit\n"), ("usi", "quit\n")] {
        let (_, code) = Session::arbiter(&[server, "--quiet"]).run(script);
        assert_eq!(code, Some(0), "{server}");
    }
}

#[test]
fn a_long_job_writes_no_line_when_stderr_is_a_pipe() {
    // The search runs for its whole 1.5 s limit, past the first tick: a ticker that ignored
    // the terminal check would have written "\rarbiter: searching for a mate... 1s" by then.
    let out = arbiter(&["shogi", "mate", "--sfen", KOTOBUKI, "--time-limit", "1.5"]);
    assert_eq!(out.status.code(), Some(4), "a search stopped on a limit");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains('\r'), "{stderr:?}");
    assert!(!stderr.contains("searching"), "{stderr:?}");
    for line in stderr.lines() {
        assert!(line.starts_with("arbiter: warning: "), "{stderr:?}");
    }
}

/// Runs the binary with `args` under `script` (util-linux), which gives it a terminal for
/// stdin, stdout and stderr and copies everything written there to its own stdout; `None`
/// when `script` is not installed.
fn on_a_terminal(args: &[&str]) -> Option<Output> {
    let quote = |a: &str| format!("'{}'", a.replace('\'', r"'\''"));
    let mut line = quote(env!("CARGO_BIN_EXE_arbiter"));
    for a in args {
        line.push(' ');
        line.push_str(&quote(a));
    }
    Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::null())
        .output()
        .ok()
}

#[test]
fn on_a_terminal_the_line_shows_the_job_the_time_and_the_limit_then_clears() {
    let args = ["shogi", "mate", "--sfen", KOTOBUKI, "--time-limit", "2.5"];
    let Some(out) = on_a_terminal(&args) else {
        eprintln!("skipped: `script` (util-linux) is not installed");
        return;
    };
    let screen = String::from_utf8_lossy(&out.stdout);
    // Rewritten in place each second (carriage return, erase line: ECMA-48 EL 2), the time
    // limit as given, and erased once the search has stopped, before the result is printed.
    let first = "\r\x1b[2Karbiter: searching for a mate... 1s (limit 2.5s)";
    let Some(at) = screen.find(first) else {
        panic!("no progress line in {screen:?}");
    };
    let after = &screen[at + first.len()..];
    let cleared = after.find("\r\x1b[2K").expect("the line is cleared");
    let result = after.find("status ").expect("the result is printed");
    assert!(cleared < result, "{screen:?}");
    assert!(!after.contains("(limit 2.5s)\r\n"), "{screen:?}");

    let mut quiet = args.to_vec();
    quiet.push("--quiet");
    let out = on_a_terminal(&quiet).expect("script ran once already");
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("status "), "{screen:?}");
    assert!(!screen.contains("searching for a mate"), "{screen:?}");
}

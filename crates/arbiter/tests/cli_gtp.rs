//! `arbiter gtp`: GTP version 2 sessions over stdin/stdout, as a controller runs them. The
//! framing and the command results follow the GTP version 2 specification (draft 2): answers
//! `=[id] result` or `?[id] message`, each closed by an empty line (2.9-2.11), `play` refusing
//! illegal moves, `quit` ending the session (6.3). A second test drives the binary with a real
//! controller, sgfmill's `gtp_controllers` (PyPI), when Python has sgfmill.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

const GAME: &str = "examples/go/gosei-23-t06.sgf";

fn workspace() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs one session: writes `commands`, closes stdin, returns stdout and the exit code.
fn session(args: &[&str], commands: &str) -> (String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("gtp")
        .args(args)
        .current_dir(workspace())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the arbiter binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(commands.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.code())
}

/// The answers of a session, each without its closing empty line.
fn answers(stdout: &str) -> Vec<&str> {
    assert!(
        stdout.ends_with("\n\n"),
        "every answer ends with an empty line: {stdout:?}"
    );
    stdout.trim_end_matches('\n').split("\n\n").collect()
}

#[test]
fn a_session_frames_answers_and_echoes_ids() {
    let (out, code) = session(
        &[],
        "1 protocol_version\n\
         # a comment line is no command\n\
         2 boardsize 9\n\
         3 play black E5\n\
         4 play white E5\n\
         play white pass\n\
         5 no_such_command\n\
         6 known_command loadsgf\n\
         7 quit\n\
         8 name\n",
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        answers(&out),
        [
            "=1 2",
            "=2",
            "=3",
            "?4 illegal move",
            "=",
            "?5 unknown command",
            "=6 true",
            "=7"
        ]
    );
}

#[test]
fn the_end_of_input_ends_the_session_quietly() {
    let (out, code) = session(&["--rules", "area"], "boardsize 5\n");
    assert_eq!((out.as_str(), code), ("=\n\n", Some(0)));
}

#[test]
fn bad_start_options_are_bad_input() {
    let (_, code) = session(&["--rules", "ing"], "quit\n");
    assert_eq!(code, Some(2));
    let (_, code) = session(&["--komi", "6.3"], "quit\n");
    assert_eq!(code, Some(2));
}

/// The GTP answers on a real game agree with `arbiter go score --dead auto`, the same
/// dead-stone finder and count (whose agreement with GNU Go 3.8 on this game and 291 others
/// benches/peers/go_real_games.py measures): the winner and margin, and the dead stones.
#[test]
fn loaded_games_are_scored_like_go_score_dead_auto() {
    let score = common::arbiter(&[
        "go",
        "score",
        GAME,
        "--dead",
        "auto",
        "--method",
        "territory",
        "--json",
    ]);
    assert_eq!(score.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&score.stdout).unwrap();
    let result = &doc["results"][0];
    let letter = match result["winner"].as_str() {
        Some("black") => "B",
        Some("white") => "W",
        other => panic!("a decided game, not {other:?}"),
    };
    let expected_score = format!("{letter}+{}", result["margin"]);
    let mut expected_dead: Vec<String> = doc["position"]["dead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    expected_dead.sort();

    let (out, code) = session(
        &["--rules", "japanese"],
        &format!("loadsgf {GAME}\nfinal_score\nfinal_status_list dead\nquit\n"),
    );
    assert_eq!(code, Some(0));
    let answers = answers(&out);
    assert_eq!(answers[1], format!("= {expected_score}"));
    let mut dead: Vec<String> = answers[2]
        .trim_start_matches('=')
        .split_whitespace()
        .map(str::to_string)
        .collect();
    dead.sort();
    assert_eq!(dead, expected_dead);
}

/// A Python with sgfmill: `ARBITER_PEER_PYTHON`, else the venv benches/peers/gtp_sgfmill.py
/// makes, else `python3`, whichever imports sgfmill.
fn sgfmill_python() -> Option<String> {
    let candidates = [
        std::env::var("ARBITER_PEER_PYTHON").ok(),
        Some("/tmp/arbiter-protocols-venv/bin/python".to_string()),
        Some("python3".to_string()),
    ];
    candidates.into_iter().flatten().find(|python| {
        Command::new(python)
            .args(["-c", "import sgfmill.gtp_controllers"])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// sgfmill 1.1's `Gtp_controller` (PyPI) speaks to the binary: it checks the framing of
/// every answer itself and raises on a malformed one. The script plays a few moves, has an
/// illegal one refused, and reads the score and the dead stones of the real game.
#[test]
fn sgfmill_controller_drives_a_session() {
    let Some(python) = sgfmill_python() else {
        eprintln!(
            "skipped: no Python with sgfmill (python3 benches/peers/gtp_sgfmill.py makes one, \
             or set ARBITER_PEER_PYTHON)"
        );
        return;
    };
    let script = r#"
import sys
from sgfmill import gtp_controllers
channel = gtp_controllers.Subprocess_gtp_channel([sys.argv[1], "gtp"])
gtp = gtp_controllers.Gtp_controller(channel, "arbiter")
assert gtp.do_command("protocol_version") == "2"
assert gtp.known_command("final_status_list")
gtp.do_command("boardsize", "9")
gtp.do_command("play", "b", "E5")
try:
    gtp.do_command("play", "w", "E5")
    raise SystemExit("an occupied point was accepted")
except gtp_controllers.BadGtpResponse as e:
    assert str(e).endswith("illegal move"), e
gtp.do_command("undo")
gtp.do_command("arbiter-rules", "japanese")
gtp.do_command("loadsgf", sys.argv[2])
print(gtp.do_command("final_score"))
print(" ".join(sorted(gtp.do_command("final_status_list", "dead").split())))
gtp.do_command("quit")
gtp.close()
"#;
    let out = Command::new(&python)
        .args(["-c", script, env!("CARGO_BIN_EXE_arbiter"), GAME])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    // the same figures as the session without a controller gives (test above)
    let (direct, _) = session(
        &["--rules", "japanese"],
        &format!("loadsgf {GAME}\nfinal_score\nquit\n"),
    );
    assert_eq!(format!("= {}", lines[0]), answers(&direct)[1]);
    assert!(lines[1].split(' ').count() > 1, "{stdout}");
}

//! `arbiter gtp`: GTP version 2 sessions over stdin/stdout, as a controller runs them. The
//! framing and the command results follow the GTP version 2 specification (draft 2): answers
//! `=[id] result` or `?[id] message`, each closed by an empty line (2.9-2.11), `play` refusing
//! illegal moves, `quit` ending the session (6.3). Peers, when present: sgfmill (PyPI) replays
//! the record `loadsgf` reads, GNU Go 3.8 answers the same final_score and dead stones.

mod common;

use std::process::{Command, Stdio};

use common::session::{Session, gtp_answers as answers};

const GAME: &str = "examples/go/gosei-23-t06.sgf";

fn workspace() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs one session of `arbiter gtp ARGS`: writes `commands`, closes stdin, returns stdout
/// and the exit code.
fn session(args: &[&str], commands: &str) -> (String, Option<i32>) {
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    Session::arbiter(&all).run(commands)
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

/// The GTP answers on a real game agree with `arbiter go score --rules R --dead auto`, the
/// same dead-stone finder and the same ruleset's verdict (whose agreement with GNU Go 3.8 on
/// this game and 291 others benches/peers/go_real_games.py measures): the result and the
/// dead stones, under area and territory counting.
#[test]
fn loaded_games_are_scored_like_go_score_dead_auto() {
    for rules in ["chinese", "japanese"] {
        let score = common::arbiter(&[
            "go", "score", GAME, "--rules", rules, "--dead", "auto", "--json",
        ]);
        assert_eq!(score.status.code(), Some(0), "{rules}");
        let doc: serde_json::Value = serde_json::from_slice(&score.stdout).unwrap();
        let expected_score = doc["verdict"]["result"]
            .as_str()
            .unwrap_or_else(|| panic!("{rules}: a verdict result in {doc}"))
            .to_string();
        let mut expected_dead: Vec<String> = doc["position"]["dead"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        expected_dead.sort();

        let (out, code) = session(
            &["--rules", rules],
            &format!("loadsgf {GAME}\nfinal_score\nfinal_status_list dead\nquit\n"),
        );
        assert_eq!(code, Some(0));
        let answers = answers(&out);
        assert_eq!(answers[1], format!("= {expected_score}"), "{rules}");
        let mut dead: Vec<String> = answers[2]
            .trim_start_matches('=')
            .split_whitespace()
            .map(str::to_string)
            .collect();
        dead.sort();
        assert_eq!(dead, expected_dead, "{rules}");
    }
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
            .args(["-c", "import sgfmill.sgf_moves"])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// The stones of a `showboard` answer as `colour row column` (row 0 at the bottom, as
/// sgfmill counts), sorted.
fn showboard_stones(answer: &str) -> Vec<String> {
    let mut stones = Vec::new();
    for line in answer.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(rank) = words.first().and_then(|w| w.parse::<usize>().ok()) else {
            continue;
        };
        if words.len() < 3 || words.last() != words.first() {
            continue;
        }
        for (col, mark) in words[1..words.len() - 1].iter().enumerate() {
            let colour = match *mark {
                "X" => "b",
                "O" => "w",
                _ => continue,
            };
            stones.push(format!("{colour} {} {col}", rank - 1));
        }
    }
    stones.sort();
    stones
}

/// `loadsgf` replays the record as sgfmill 1.1 (PyPI) does on its own board
/// (`sgf_moves.get_setup_and_moves`, then `Board.play`, captures included): the whole game,
/// and the position before move 120 (GTP 6.3: "the position before move_number").
#[test]
fn loadsgf_replays_the_record_as_sgfmill_does() {
    let Some(python) = sgfmill_python() else {
        eprintln!(
            "skipped: no Python with sgfmill (python3 benches/peers/gtp_sgfmill.py makes one, \
             or set ARBITER_PEER_PYTHON)"
        );
        return;
    };
    let script = r#"
import sys
from sgfmill import sgf, sgf_moves
game = sgf.Sgf_game.from_bytes(open(sys.argv[1], "rb").read())
board, plays = sgf_moves.get_setup_and_moves(game)
stop = int(sys.argv[2]) if len(sys.argv) > 2 else None
for number, (colour, move) in enumerate(plays, 1):
    if stop is not None and number >= stop:
        break
    if move is not None:
        board.play(move[0], move[1], colour)
for colour, (row, col) in sorted(board.list_occupied_points()):
    print(colour, row, col)
"#;
    for stop in [None, Some("120")] {
        let out = Command::new(&python)
            .args(["-c", script, GAME])
            .args(stop)
            .current_dir(workspace())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut expected: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        expected.sort();
        let load = format!("loadsgf {GAME} {}", stop.unwrap_or(""))
            .trim_end()
            .to_string();
        let (session_out, _) = session(&[], &format!("{load}\nshowboard\nquit\n"));
        let stones = showboard_stones(answers(&session_out)[1]);
        assert!(stones.len() > 100, "{stop:?}: {} stones", stones.len());
        assert_eq!(stones, expected, "loadsgf up to {stop:?}");
    }
}

/// GNU Go 3.8 (Debian's gnugo, `--mode gtp --chinese-rules`) answers `final_score` and
/// `final_status_list dead` on the example game; arbiter under `arbiter-rules chinese` (area
/// counting, komi 5.5 from the record) gives the same, as benches/peers/gtp_sgfmill.py
/// measured (4 of 4 games the same under area counting).
#[test]
fn area_answers_match_gnu_go_on_the_example_game() {
    let gnugo = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(gnugo) = gnugo else {
        eprintln!("skipped: GNU Go is not installed (apt-get install gnugo)");
        return;
    };
    let commands = format!("loadsgf {GAME}\nfinal_score\nfinal_status_list dead\nquit\n");
    let (theirs, _) = Session::program(gnugo, &["--mode", "gtp", "--chinese-rules"]).run(&commands);
    let (ours, _) = session(&["--rules", "chinese"], &commands);
    let sorted_words = |answer: &str| {
        let mut words: Vec<String> = answer
            .trim_start_matches('=')
            .split_whitespace()
            .map(str::to_string)
            .collect();
        words.sort();
        words
    };
    let (theirs, ours) = (answers(&theirs), answers(&ours));
    assert_eq!(ours[1], theirs[1], "final_score");
    assert_eq!(
        sorted_words(ours[2]),
        sorted_words(theirs[2]),
        "dead stones"
    );
}

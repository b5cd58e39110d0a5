//! `arbiter usi`: USI sessions over stdin/stdout as a shogi GUI runs a mate search. The
//! protocol follows the USI specification (将棋所's "USIプロトコルとは", the `go mate` section):
//! `usi` answered by `id` lines, `option` lines and `usiok`; `isready` by `readyok`; `go mate`
//! by `checkmate <moves>`, `checkmate nomate` or `checkmate timeout`; `stop` ends a search,
//! which then answers. A second test drives the binary with cshogi's `cshogi.usi.Engine`
//! (PyPI) when Python has cshogi.

#[allow(dead_code)] // this file only drives a server: the one-shot runner stays unused
mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::session::Session;

/// A gold dropped at 5b, guarded by the pawn on 5c, mates the bare king on 5a; the
/// defender holds every other piece.
const GOLD_DROP: &str = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
/// The same with a pawn in hand instead of the gold: the pawn drop at 5b would mate, and a
/// pawn drop that mates is forbidden (打ち歩詰め, 日本将棋連盟 対局規定, 反則 "打ち歩詰め"), so
/// there is no mate.
const PAWN_DROP: &str = "4k4/9/4P4/9/9/9/9/9/9 b P2r2b4g4s4n4l16p 1";
/// shogi.md §7.4 `mate3_2` (benches/peers/tsume_cshogi.py), published length 3: the
/// dragon's check at 3i can be met by a gold dropped at 4i, which the composers' conventions
/// count as a useless interposition (無駄合) and the exact count does not.
const MATE3_2: &str = "l3kgsnl/9/p1pS+Bp3/7pp/6PP1/9/PPPPPPn1P/1B1GG2+r1/LNS1K3L w RG3Psnp 54";
/// 図巧100番「寿」 (shogi.md §7.4), 611 plies: no search ends on it within a test's time.
const KOTOBUKI: &str =
    "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1";

/// An `arbiter usi` session with the two steps every test repeats.
struct Engine(Session);

impl std::ops::Deref for Engine {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.0
    }
}

impl std::ops::DerefMut for Engine {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.0
    }
}

impl Engine {
    fn start() -> Engine {
        Engine(Session::arbiter(&["usi"]))
    }

    /// Sets up `sfen`, sends `go` and returns the `checkmate …` answer.
    fn mate(&mut self, sfen: &str, go: &str) -> String {
        self.send(&format!("position sfen {sfen}"));
        self.send(go);
        self.until("checkmate").pop().unwrap()
    }

    /// `quit` ends the session with exit code 0.
    fn quit(mut self) {
        self.send("quit");
        assert_eq!(self.0.finish().1, Some(0));
    }
}

#[test]
fn handshake_announces_id_options_and_usiok() {
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.until("usiok");
    assert!(lines[0].starts_with("id name arbiter"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name USI_Hash type spin"))
    );
    e.send("setoption name USI_Hash value 16");
    e.send("setoption name MateTimeLimit value 5000");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("setoption name USI_Hash value 0");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(lines[0].starts_with("info string setoption"), "{lines:?}");
    e.quit();
}

#[test]
fn go_mate_answers_the_mate_or_nomate() {
    let mut e = Engine::start();
    e.send("usinewgame");
    assert_eq!(e.mate(GOLD_DROP, "go mate 10000"), "checkmate G*5b");
    assert_eq!(e.mate(PAWN_DROP, "go mate infinite"), "checkmate nomate");
    // by default the line counts every defence, so that it ends in a position that is mate
    let line = e.mate(MATE3_2, "go mate 10000");
    assert_eq!(line.split(' ').count(), 1 + 3, "{line}");
    e.send("setoption name MateMode value tsume");
    assert_eq!(e.mate(MATE3_2, "go mate 10000"), "checkmate 2h3i");
    // the moves after `moves` are played first: after ▲7六歩 △3四歩 ▲2二角成 Black has no
    // check that mates
    e.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    e.send("go mate 2000");
    assert_eq!(e.until("checkmate").pop().unwrap(), "checkmate nomate");
    // an illegal move in the position command: said in an info string, no search
    e.send("position startpos moves 7g7f 7g7f");
    e.send("go mate 1000");
    let lines = e.until("checkmate");
    assert!(lines[0].starts_with("info string position"), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "checkmate notimplemented");
    e.quit();
}

#[test]
fn a_time_limit_or_stop_ends_a_long_search() {
    let mut e = Engine::start();
    assert_eq!(e.mate(KOTOBUKI, "go mate 300"), "checkmate timeout");
    e.send(&format!("position sfen {KOTOBUKI}"));
    e.send("go mate infinite");
    std::thread::sleep(Duration::from_millis(300));
    // the search runs on its own thread: isready is answered meanwhile
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    let asked = Instant::now();
    e.send("stop");
    let answer = e.until("checkmate");
    assert_eq!(answer.last().unwrap(), "checkmate timeout", "{answer:?}");
    assert!(answer[0].starts_with("info time "), "{answer:?}");
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    e.quit();
}

#[test]
fn other_searches_resign() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go btime 1000 wtime 1000 byoyomi 1000");
    assert_eq!(e.until("bestmove").pop().unwrap(), "bestmove resign");
    e.quit();
}

/// A Python with cshogi: `ARBITER_PEER_PYTHON`, else the venv benches/peers/usi_cshogi.py
/// makes, else `python3`, whichever imports cshogi.
fn cshogi_python() -> Option<String> {
    let candidates = [
        std::env::var("ARBITER_PEER_PYTHON").ok(),
        Some("/tmp/arbiter-protocols-venv/bin/python".to_string()),
        Some("python3".to_string()),
    ];
    candidates.into_iter().flatten().find(|python| {
        Command::new(python)
            .args(["-c", "import cshogi.usi"])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// cshogi 1.1's `cshogi.usi.Engine` (PyPI) runs the binary as a GUI would (through a
/// one-line script, as it takes a program without arguments): handshake, options,
/// `go mate`, and cshogi's own board checks that the answered line is a legal mate.
#[test]
fn cshogi_engine_client_solves_through_the_protocol() {
    let Some(python) = cshogi_python() else {
        eprintln!(
            "skipped: no Python with cshogi (python3 benches/peers/usi_cshogi.py makes one, \
             or set ARBITER_PEER_PYTHON)"
        );
        return;
    };
    let dir = common::scratch::dir();
    let script = r#"
import os, stat, sys
import cshogi
from cshogi.usi import Engine
wrapper = os.path.join(sys.argv[2], "arbiter-usi")
with open(wrapper, "w") as f:
    f.write('#!/bin/sh\nexec "%s" usi\n' % sys.argv[1])
os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IEXEC)
engine = Engine(wrapper)
assert engine.name.startswith("arbiter"), engine.name
engine.setoption("USI_Hash", 16)
engine.isready()
engine.usinewgame()
for sfen in sys.argv[3:]:
    engine.position(sfen="sfen " + sfen)
    answer = engine.go_mate(byoyomi=10000)
    if answer in ("nomate", "timeout", "notimplemented"):
        print(answer)
        continue
    board = cshogi.Board(sfen)
    for move in answer.split():
        assert board.is_legal(board.move_from_usi(move)), (sfen, move)
        board.push_usi(move)
    print("mate" if board.is_game_over() else "not mate", len(answer.split()))
engine.quit()
"#;
    let out = Command::new(&python)
        .args(["-c", script, env!("CARGO_BIN_EXE_arbiter")])
        .arg(&dir)
        .args([GOLD_DROP, PAWN_DROP])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().collect::<Vec<_>>(), ["mate 1", "nomate"]);
}

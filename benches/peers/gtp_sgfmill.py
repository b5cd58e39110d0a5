#!/usr/bin/env python3
"""`arbiter gtp` under a GTP controller: its loadsgf against sgfmill's replay, its final_score
and final_status_list against GNU Go's.

Run from the workspace root:

    python3 benches/peers/gtp_sgfmill.py [--games N] [--dir DIR] [--arbiter PATH]

1. The controller is the `Controller` class below, strict about the framing of GTP version 2
   (draft 2, 2.9-2.11): every answer starts with `=` or `?`, echoes the command's id and
   ends with an empty line; anything else stops the run. (sgfmill 1.1 on PyPI has no GTP
   controller module; gomill 0.8.3, whose `gtp_controller` it would be, runs on Python 2
   only, which Debian 12 no longer has.)
2. sgfmill (PyPI, pip-installed into a venv under /tmp) replays each record on its own board
   (`sgf_moves.get_setup_and_moves`, captures included); arbiter's `showboard` after
   `loadsgf FILE` and after `loadsgf FILE K` (the position before move K, K half the game)
   must show the same stones.
3. GNU Go 3.8 comes from Debian (`apt-get install gnugo`, done here when it is missing and
   we are root). Finished games: examples/go/gosei-23-t06.sgf (a professional game with the
   dead stones left on the board) and N GNU Go self-play games played to two passes
   (go_gnugo.py's generator, seeds 1, 2, ...; resigned games skipped; saved in DIR and
   reused). For area (GNU Go `--chinese-rules`, `arbiter-rules chinese`) and territory (GNU
   Go's default Japanese rules, `arbiter-rules japanese`) counting, both programs get
   `loadsgf FILE`, `final_score` and `final_status_list dead`; the answers are compared and
   the times printed. GNU Go is an oracle, not the rule text: a difference is a place to look.
   One is known and traced: under territory counting the example game is W+4.5 for arbiter
   and W+5.5 for GNU Go, one point apart, because the record stops with H1 open and GNU Go
   calls J2, K1 and F1 dame where the rule text makes them territory; the count of both
   ways is worked out in crates/go-scoring/tests/example_game.rs and examples/go/README.md.
"""
import argparse
import os
import subprocess
import sys
import time
import venv

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from go_real_games import GTP_LETTERS, ROOT, ensure_gnugo  # noqa: E402

VENV = "/tmp/arbiter-protocols-venv"
EXAMPLE = os.path.join(ROOT, "examples", "go", "gosei-23-t06.sgf")


class GtpFailure(Exception):
    """A `?` answer."""


class Controller:
    """Speaks GTP to an engine process, one command at a time, checking every answer's
    framing: sign, echoed id, closing empty line."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        self.next_id = 1
        self.name = command[0]

    def __call__(self, *words):
        ident = self.next_id
        self.next_id += 1
        self.proc.stdin.write(f"{ident} {' '.join(words)}\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} closed the session during {words}")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                raise RuntimeError(f"{self.name}: an empty line before the answer to {words}")
            lines.append(line)
        head = lines[0]
        sign, rest = head[0], head[1:]
        if sign not in "=?":
            raise RuntimeError(f"{self.name}: answer to {words} starts with {sign!r}")
        if not rest.startswith(str(ident)) or rest[len(str(ident)):][:1] not in ("", " "):
            raise RuntimeError(f"{self.name}: answer to {words} does not echo id {ident}")
        body = "\n".join([rest[len(str(ident)):].strip()] + lines[1:]).strip()
        if sign == "?":
            raise GtpFailure(body)
        return body

    def close(self):
        self("quit")
        self.proc.wait(timeout=10)


def sgfmill_python():
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
    if subprocess.run([python, "-c", "import sgfmill"], capture_output=True).returncode != 0:
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "sgfmill"],
                       check=True)
    return python


REPLAY = r'''
import json, sys
from sgfmill import sgf, sgf_moves
game = sgf.Sgf_game.from_bytes(open(sys.argv[1], "rb").read())
board, plays = sgf_moves.get_setup_and_moves(game)
stop = int(sys.argv[2]) if len(sys.argv) > 2 else None
for number, (colour, move) in enumerate(plays, 1):
    if stop is not None and number >= stop:
        break
    if move is not None:
        board.play(move[0], move[1], colour)
print(json.dumps({"moves": len(plays),
                  "stones": sorted([c, r, col] for c, (r, col) in board.list_occupied_points())}))
'''


def sgfmill_board(python, path, stop=None):
    import json
    args = [python, "-c", REPLAY, path] + ([str(stop)] if stop else [])
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def showboard_stones(text):
    """(colour, row, col) of every stone of arbiter's showboard, row 0 at the bottom as
    sgfmill counts."""
    stones = []
    for line in text.splitlines():
        words = line.split()
        if len(words) > 2 and words[0].isdigit() and words[-1] == words[0]:
            row = int(words[0]) - 1
            for col, mark in enumerate(words[1:-1]):
                if mark in "XO":
                    stones.append(["b" if mark == "X" else "w", row, col])
    return sorted(stones)


def games(gnugo, n, directory):
    from go_gnugo import play_game
    os.makedirs(directory, exist_ok=True)
    files = [EXAMPLE]
    seed = 0
    while len(files) < n + 1 and seed < 10 * n + 10:
        seed += 1
        path = os.path.join(directory, f"gnugo-{seed:03}.sgf")
        if os.path.exists(path) or play_game(gnugo, seed, path):
            files.append(path)
    return files


def score_session(command, setup, files):
    gtp = Controller(command)
    assert gtp("protocol_version") == "2"
    for words in setup:
        gtp(*words)
    out = []
    for path in files:
        start = time.perf_counter()
        gtp("loadsgf", path)
        score = gtp("final_score")
        dead = sorted(gtp("final_status_list", "dead").split())
        out.append({"file": path, "score": score, "dead": dead,
                    "seconds": time.perf_counter() - start})
    gtp.close()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="GNU Go self-play games")
    parser.add_argument("--dir", default="/tmp/arbiter-gnugo-games")
    parser.add_argument("--arbiter", default=os.path.join(ROOT, "target", "release", "arbiter"))
    args = parser.parse_args()
    if not os.path.exists(args.arbiter):
        sys.exit(f"{args.arbiter} is missing: cargo build --release -p arbiter")
    python = sgfmill_python()
    gnugo = ensure_gnugo()
    files = games(gnugo, args.games, args.dir)
    version = subprocess.run([gnugo, "--version"], capture_output=True, text=True).stdout
    print(f"peer: {version.splitlines()[0]}; {len(files)} finished games")

    # loadsgf against sgfmill's replay, and a few protocol checks any controller makes
    gtp = Controller([args.arbiter, "gtp"])
    assert gtp("known_command", "final_status_list") == "true"
    gtp("boardsize", "9")
    gtp("play", "black", "E5")
    try:
        gtp("play", "white", "E5")
        sys.exit("arbiter accepted a stone on an occupied point")
    except GtpFailure as refused:
        assert str(refused) == "illegal move", refused
    same_boards = 0
    for path in files:
        whole = sgfmill_board(python, path)
        half = max(1, whole["moves"] // 2)
        for stop, expected in [(None, whole), (half, sgfmill_board(python, path, half))]:
            gtp("loadsgf", path, *([str(stop)] if stop else []))
            ours = showboard_stones(gtp("showboard"))
            if ours == expected["stones"]:
                same_boards += 1
            else:
                print(f"loadsgf {os.path.basename(path)} {stop or ''}: arbiter's board differs "
                      f"from sgfmill's ({len(ours)} stones against {len(expected['stones'])})")
    gtp.close()
    print(f"loadsgf: {same_boards}/{2 * len(files)} boards (whole game, before the middle move) "
          "the same as sgfmill's replay")

    agree = {"score": 0, "dead": 0, "total": 0}
    times = {"arbiter": 0.0, "gnugo": 0.0}
    for counting, gnugo_flags, ruleset in [("area", ["--chinese-rules"], "chinese"),
                                           ("territory", [], "japanese")]:
        start = time.perf_counter()
        ours = score_session([args.arbiter, "gtp"], [("arbiter-rules", ruleset)], files)
        times["arbiter"] += time.perf_counter() - start
        start = time.perf_counter()
        theirs = score_session([gnugo, "--mode", "gtp", *gnugo_flags], [], files)
        times["gnugo"] += time.perf_counter() - start
        for a, g in zip(ours, theirs):
            name = os.path.basename(a["file"])
            same_score = a["score"] == g["score"]
            same_dead = a["dead"] == g["dead"]
            agree["total"] += 1
            agree["score"] += same_score
            agree["dead"] += same_dead
            mark = "same" if same_score and same_dead else "DIFFERENT"
            print(f"{counting:<9} {name:<22} arbiter {a['score']:<8} GNU Go {g['score']:<8} "
                  f"dead {len(a['dead'])}/{len(g['dead'])} {mark} "
                  f"({a['seconds']:.2f} s / {g['seconds']:.2f} s)")
            if counting == "territory" and a["file"] == EXAMPLE and not same_score:
                print("          known: H1 left open, J2 K1 F1 territory or dame "
                      "(crates/go-scoring/tests/example_game.rs, examples/go/README.md)")
            if not same_dead:
                only_ours = sorted(set(a["dead"]) - set(g["dead"]))
                only_theirs = sorted(set(g["dead"]) - set(a["dead"]))
                print(f"          dead only for arbiter: {' '.join(only_ours) or '-'}; "
                      f"only for GNU Go: {' '.join(only_theirs) or '-'}")
    print(f"same final_score {agree['score']}/{agree['total']}, "
          f"same dead list {agree['dead']}/{agree['total']}; "
          f"sessions took arbiter {times['arbiter']:.1f} s, GNU Go {times['gnugo']:.1f} s "
          f"(ratio {times['arbiter'] / max(times['gnugo'], 1e-9):.2f}, same run)")


if __name__ == "__main__":
    main()

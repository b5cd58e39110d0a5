#!/usr/bin/env python3
"""`arbiter usi` driven by a real USI client: cshogi's `cshogi.usi.Engine` (PyPI).

Run from the workspace root:

    python3 benches/peers/usi_cshogi.py [--arbiter PATH] [--byoyomi MS]

1. cshogi is pip-installed into a venv under /tmp. Its `Engine` starts a program without
   arguments, so a one-line script that runs `arbiter usi` is written beside the venv.
2. The session a GUI makes: `usi` (the engine's name), `setoption USI_Hash`, `isready`,
   `usinewgame`, then for each problem of tsume_cshogi.py (shogi.md §7.4, with the published
   lengths) `position sfen ...` and `go mate MS`. Each answered line is replayed on cshogi's
   own board: every move legal, every attacker move a check, the last position mate; its
   length is compared with the published one, and cshogi's DfPn solves the same problem in
   the same run for the time ratio.
3. `stop`: on 図巧100番「寿」 (611 plies) `go mate infinite` is stopped after a second by a
   second thread, as a GUI's stop button does; the time to the `checkmate` answer is printed.
"""
import argparse
import os
import stat
import subprocess
import sys
import threading
import time
import venv

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tsume_cshogi import CASES  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VENV = "/tmp/arbiter-protocols-venv"
KOTOBUKI = "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1"

CLIENT = r'''
import json, sys, threading, time
import cshogi
from cshogi.usi import Engine

job = json.loads(sys.argv[1])
engine = Engine(job["wrapper"])
report = {"name": engine.name, "problems": []}
engine.setoption("USI_Hash", 256)
engine.isready()
engine.usinewgame()
for name, sfen, published in job["cases"]:
    engine.position(sfen="sfen " + sfen)
    start = time.perf_counter()
    answer = engine.go_mate(byoyomi=job["byoyomi"])
    seconds = time.perf_counter() - start
    row = {"name": name, "published": published, "answer": answer.split()[:1],
           "seconds": seconds}
    if answer not in ("nomate", "timeout", "notimplemented"):
        moves = answer.split()
        board = cshogi.Board(sfen)
        ok = True
        for i, usi in enumerate(moves):
            move = board.move_from_usi(usi)
            if not board.is_legal(move):
                ok = False
                break
            board.push(move)
            if i % 2 == 0 and not board.is_check():
                ok = False
                break
        row.update(plies=len(moves), checked=ok and board.is_game_over())
    board = cshogi.Board(sfen)
    dfpn = cshogi.DfPn()
    start = time.perf_counter()
    dfpn.search(board)
    row["dfpn_seconds"] = time.perf_counter() - start
    report["problems"].append(row)
# stop, sent from another thread while go_mate waits for the answer
engine.position(sfen="sfen " + job["kotobuki"])
timer = threading.Timer(1.0, engine.stop)
start = time.perf_counter()
timer.start()
answer = engine.go_mate()
report["stop"] = {"answer": answer, "seconds": time.perf_counter() - start}
engine.quit()
print(json.dumps(report))
'''


def cshogi_python():
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
    if subprocess.run([python, "-c", "import cshogi"], capture_output=True).returncode != 0:
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "cshogi"],
                       check=True)
    return python


def main():
    import json
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--arbiter", default=os.path.join(ROOT, "target", "release", "arbiter"))
    parser.add_argument("--byoyomi", type=int, default=60000, help="go mate time, ms")
    args = parser.parse_args()
    arbiter = os.path.abspath(args.arbiter)
    if not os.path.exists(arbiter):
        sys.exit(f"{arbiter} is missing: cargo build --release -p arbiter")
    python = cshogi_python()
    wrapper = os.path.join(VENV, "arbiter-usi")
    with open(wrapper, "w") as f:
        f.write(f'#!/bin/sh\nexec "{arbiter}" usi "$@"\n')
    os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IEXEC)
    version = subprocess.run([python, "-c",
                              "import importlib.metadata as m; print(m.version('cshogi'))"],
                             capture_output=True, text=True).stdout.strip()
    job = {"wrapper": wrapper, "cases": CASES, "byoyomi": args.byoyomi, "kotobuki": KOTOBUKI}
    out = subprocess.run([python, "-c", CLIENT, json.dumps(job)], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"the cshogi client failed:\n{out.stderr}")
    report = json.loads(out.stdout)
    print(f"engine: {report['name']}; client: cshogi {version} cshogi.usi.Engine")
    print(f"{'problem':9} {'published':>9} {'answer':>8} {'checked':>8} {'arbiter s':>10} "
          f"{'DfPn s':>8} {'ratio':>6}")
    good = 0
    for row in report["problems"]:
        plies = row.get("plies")
        answer = plies if plies is not None else row["answer"][0]
        checked = row.get("checked", False)
        good += checked and plies == row["published"]
        ratio = row["seconds"] / max(row["dfpn_seconds"], 1e-9)
        print(f"{row['name']:9} {row['published']:>9} {answer:>8} {str(checked):>8} "
              f"{row['seconds']:>10.3f} {row['dfpn_seconds']:>8.3f} {ratio:>6.1f}")
    print(f"{good}/{len(report['problems'])} answered with a checked mate of the published "
          "length (ratio: arbiter over USI, process already running, against cshogi DfPn's "
          "detection without a shortest line, same run)")
    stop = report["stop"]
    print(f"stop after 1 s on 寿: checkmate {stop['answer']} after {stop['seconds']:.2f} s")


if __name__ == "__main__":
    main()

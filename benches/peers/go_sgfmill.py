#!/usr/bin/env python3
"""Go area scoring: arbiter against sgfmill (PyPI), on the same finished 19x19 positions.

Run from the workspace root:  python3 benches/peers/go_sgfmill.py

1. `cargo bench --bench go` writes its finished positions to an SGF file and times
   (a) analysis + Tromp-Taylor area count (the work sgfmill's Board.area_score does),
   (b) analysis + every counting method's figures, and the same with every made-up board
   and the notes, (c) random play with positional superko.
2. sgfmill is pip-installed into a venv under /tmp and Board.area_score() is timed on the
   same positions (setup stones applied once, outside the timing).
3. Each position's Black-minus-White area from sgfmill is checked against
   `arbiter go score --method tromp-taylor --json`, and the scored record that run writes
   (`--write-sgf`) is read back by sgfmill: same setup and moves, RE and RU as the verdict,
   TB/TW on the last node.
Ratios printed are from this one run: criterion's wall-clock times, and CPU times (the
bench's measuring thread via GO_BENCH_CPU=1, Python's process_time for sgfmill), which are the
fairer figures when other jobs share the machine.
"""
import json
import os
import re
import subprocess
import sys
import time
import venv

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
POSITIONS = os.path.join("/tmp", "arbiter-go-bench-positions.sgf")
VENV = "/tmp/arbiter-go-sgfmill-venv"
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
UNITS = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def rust_bench():
    env = dict(os.environ, GO_BENCH_POSITIONS=POSITIONS, GO_BENCH_CPU="1")
    out = subprocess.run(
        ["cargo", "bench", "-p", "arbiter-benches", "--bench", "go", "--",
         "--warm-up-time", "1", "--measurement-time", "3", "go/"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    times, current = {}, None
    for line in out.splitlines():
        if line.startswith("go/"):
            current = line.split()[0]
        m = re.search(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", line)
        if m and current:
            times[current] = float(m.group(1)) * UNITS[m.group(2)]
            current = None
        m = re.search(r"thrpt:\s+\[\S+ \S+ (\S+) (\S+)", line)
        if m and "play" in (line or ""):
            pass
    cpu = re.search(r"cpu: all methods (\S+) us/position, area only (\S+) us/position, "
                    r"analysis (\S+) us/position, play (\S+) M moves/s, "
                    r"all methods with diagrams and notes (\S+) us/position", out)
    if cpu:
        times["cpu/all"] = float(cpu.group(1)) * 1e-6
        times["cpu/area"] = float(cpu.group(2)) * 1e-6
        times["cpu/analysis"] = float(cpu.group(3)) * 1e-6
        times["cpu/play"] = float(cpu.group(4))
        times["cpu/diagrams"] = float(cpu.group(5)) * 1e-6
    thrpt = re.findall(r"go/play-19x19-superko/random-game\s+time:.*\n\s+thrpt:\s+\[\S+ \S+ (\S+) (\S+)", out)
    return times, thrpt


def sgfmill_python():
    if not os.path.exists(os.path.join(VENV, "bin", "python")):
        venv.create(VENV, with_pip=True)
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "sgfmill"], check=True)
    return os.path.join(VENV, "bin", "python")


PEER = r'''
import sys, time, json
from sgfmill import sgf, sgf_moves
games = [g for g in open(sys.argv[1], "rb").read().split(b"\n") if g.strip()]
boards = []
for g in games:
    game = sgf.Sgf_game.from_bytes(g)
    board, plays = sgf_moves.get_setup_and_moves(game)
    boards.append(board)
scores = [b.area_score() for b in boards]
reps = 200
t, c = time.perf_counter(), time.process_time()
for _ in range(reps):
    for b in boards:
        b.area_score()
dt = (time.perf_counter() - t) / (reps * len(boards))
dc = (time.process_time() - c) / (reps * len(boards))
print(json.dumps({"per_position": dt, "cpu_per_position": dc, "scores": scores}))
'''


READ_BACK = r'''
import sys, json
from sgfmill import sgf, sgf_moves
out = []
for original, written, result in json.loads(sys.argv[1]):
    a = sgf.Sgf_game.from_bytes(open(original, "rb").read())
    b = sgf.Sgf_game.from_bytes(open(written, "rb").read())
    ba, pa = sgf_moves.get_setup_and_moves(a)
    bb, pb = sgf_moves.get_setup_and_moves(b)
    root = b.get_root()
    last = b.get_last_node()
    problems = []
    if sorted(ba.list_occupied_points()) != sorted(bb.list_occupied_points()) or pa != pb:
        problems.append("setup or moves differ")
    if root.get("RE") != result:
        problems.append(f"RE {root.get('RE')} != {result}")
    if not root.has_property("RU"):
        problems.append("no RU")
    if not (last.has_property("TB") and last.has_property("TW")):
        problems.append("no TB/TW")
    out.append(problems)
print(json.dumps(out))
'''


def main():
    print("running cargo bench --bench go (this builds in release) ...", flush=True)
    times, thrpt = rust_bench()
    py = sgfmill_python()
    peer = json.loads(subprocess.run([py, "-c", PEER, POSITIONS], capture_output=True,
                                     text=True, check=True).stdout)
    n = len(peer["scores"])
    # Cross-check every position against the arbiter CLI.
    arbiter = os.path.join(TARGET, "release", "arbiter")
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "arbiter"], cwd=ROOT, check=True)
    games = [g for g in open(POSITIONS).read().split("\n") if g.strip()]
    mismatches = 0
    written = []
    for i, g in enumerate(games):
        path = f"/tmp/arbiter-go-peer-{i}.sgf"
        scored = f"/tmp/arbiter-go-peer-{i}-scored.sgf"
        with open(path, "w") as f:
            f.write(g)
        doc = json.loads(subprocess.run([arbiter, "go", "score", path, "--method", "tromp-taylor",
                                         "--write-sgf", scored, "--json"],
                                        capture_output=True, text=True).stdout)
        written.append((path, scored, doc["verdict"]["result"]))
        r = doc["results"][0]
        if r["black"] - r["white"] != peer["scores"][i]:
            mismatches += 1
            print(f"position {i}: arbiter {r['black']}-{r['white']}, sgfmill {peer['scores'][i]}")
    read_back = json.loads(subprocess.run([py, "-c", READ_BACK, json.dumps(written)],
                                          capture_output=True, text=True, check=True).stdout)
    for i, problems in enumerate(read_back):
        if problems:
            mismatches += 1
            print(f"position {i}: scored SGF read by sgfmill: {'; '.join(problems)}")
    print(f"scored SGF (--write-sgf) read back by sgfmill: "
          f"{sum(1 for p in read_back if not p)}/{len(read_back)} with the same game, RE, RU, TB/TW")
    area = times["go/score-19x19/area-only/sgfmill-positions"] / n
    allm = times["go/score-19x19/all-methods"] / n
    print(f"positions: {n} finished 19x19 boards; Black-White agrees with sgfmill on {n - mismatches}/{n}")
    print(f"sgfmill Board.area_score:                {peer['per_position'] * 1e6:9.2f} µs/position")
    print(f"arbiter analysis + tromp-taylor count:   {area * 1e6:9.2f} µs/position  "
          f"(sgfmill/arbiter = {peer['per_position'] / area:.1f}x)")
    print(f"arbiter analysis + all 9 methods:        {allm * 1e6:9.2f} µs/position  "
          f"(sgfmill/arbiter = {peer['per_position'] / allm:.1f}x)")
    diag = times.get("go/score-19x19/all-methods-with-diagrams")
    if diag:
        diag /= n
        print(f"  ... with made-up boards and notes:     {diag * 1e6:9.2f} µs/position  "
              f"(sgfmill/arbiter = {peer['per_position'] / diag:.1f}x)")
    if thrpt:
        print(f"arbiter random play, 19x19, positional superko: {thrpt[0][0]} {thrpt[0][1]} moves")
    if "cpu/all" in times:
        # CPU time of the measuring thread / process: fairer than wall time on a shared machine.
        pc = peer["cpu_per_position"]
        print(f"CPU time: sgfmill area_score {pc * 1e6:.2f} µs/position; arbiter area "
              f"{times['cpu/area'] * 1e6:.2f} µs (sgfmill/arbiter = {pc / times['cpu/area']:.1f}x), "
              f"all 9 methods {times['cpu/all'] * 1e6:.2f} µs "
              f"(sgfmill/arbiter = {pc / times['cpu/all']:.1f}x), with diagrams and notes "
              f"{times['cpu/diagrams'] * 1e6:.2f} µs, analysis alone {times['cpu/analysis'] * 1e6:.2f} µs; "
              f"play {times['cpu/play']:.2f} M moves/s")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

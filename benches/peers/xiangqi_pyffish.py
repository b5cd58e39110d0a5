#!/usr/bin/env python3
"""Xiangqi perft: arbiter against pyffish (Fairy-Stockfish's Python binding) in the same run.

Installs pyffish from PyPI if it is missing, then on the same positions:
  * pyffish: perft by recursion over `pyffish.legal_moves` (bulk counting at the last ply);
  * arbiter: `arbiter xiangqi perft --fen FEN --depth N --json` (release build).
Both must give the published counts; the script prints nodes/s for each and the ratio.
pyffish is much slower through Python, so it runs at a smaller depth (--py-depth).

With --wxf-games N it also plays N random games with pyffish and compares arbiter's WXF
(`arbiter xiangqi convert --to wxf`) with pyffish's `get_san_moves(..., NOTATION_XIANGQI_WXF)`,
treating `.` and `=` (sideways) as the same; the remaining differences are listed (expected
only for tandem pieces, where Fairy-Stockfish departs from the WXF forms).

Usage: python3 benches/peers/xiangqi_pyffish.py [--arbiter PATH] [--depth 5] [--py-depth 3]
                                                [--wxf-games 30]
"""

import argparse
import json
import subprocess
import sys
import time

POSITIONS = [
    # name, FEN, published node counts by depth (chessprogramming.org "Chinese Chess Perft Results")
    ("start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     [44, 1920, 79666, 3290240, 133312995]),
    ("cpw2", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
     [38, 1128, 43929, 1339047, 53112976]),
    ("cpw3", "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
     [7, 281, 8620, 326201, 10369923]),
]


def ensure_pyffish():
    try:
        import pyffish  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "pyffish"])
    import pyffish
    return pyffish


def py_perft(sf, fen, moves, depth):
    legal = sf.legal_moves("xiangqi", fen, moves)
    if depth == 1:
        return len(legal)
    total = 0
    for m in legal:
        moves.append(m)
        total += py_perft(sf, fen, moves, depth - 1)
        moves.pop()
    return total


def arbiter_perft(binary, fen, depth):
    start = time.perf_counter()
    out = subprocess.run([binary, "xiangqi", "perft", "--fen", fen, "--depth", str(depth), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["nodes"], time.perf_counter() - start


def compare_wxf(sf, binary, games, plies=80, seed=3):
    import random
    rng = random.Random(seed)
    start = sf.start_fen("xiangqi")
    total, diffs = 0, []
    for _ in range(games):
        moves = []
        for _ in range(plies):
            legal = sf.legal_moves("xiangqi", start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        out = subprocess.run([binary, "xiangqi", "convert", "--moves", " ".join(moves), "--from", "iccs1",
                              "--to", "wxf", "--json"], check=True, capture_output=True, text=True).stdout
        ours = json.loads(out)["moves"]
        theirs = sf.get_san_moves("xiangqi", start, moves, False, sf.NOTATION_XIANGQI_WXF)
        for a, b in zip(ours, theirs):
            total += 1
            if a.replace(".", "=") != b:
                diffs.append((a, b))
    print(f"WXF: {total} moves compared, {total - len(diffs)} identical; differences (arbiter, pyffish): "
          f"{sorted(set(diffs))}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default="target/release/arbiter")
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--py-depth", type=int, default=3)
    ap.add_argument("--wxf-games", type=int, default=0)
    args = ap.parse_args()
    sf = ensure_pyffish()
    print(f"pyffish {'.'.join(map(str, sf.version()))}")
    if args.wxf_games:
        compare_wxf(sf, args.arbiter, args.wxf_games)
    print(f"{'position':8} {'engine':8} {'depth':>5} {'nodes':>11} {'seconds':>9} {'M nodes/s':>10}")
    for name, fen, published in POSITIONS:
        t = time.perf_counter()
        py_nodes = py_perft(sf, fen, [], args.py_depth)
        py_secs = time.perf_counter() - t
        assert py_nodes == published[args.py_depth - 1], (name, py_nodes)
        same_nodes, same_secs = arbiter_perft(args.arbiter, fen, args.py_depth)
        assert same_nodes == py_nodes, (name, same_nodes)
        deep_nodes, deep_secs = arbiter_perft(args.arbiter, fen, args.depth)
        assert deep_nodes == published[args.depth - 1], (name, deep_nodes)
        py_rate = py_nodes / py_secs / 1e6
        for engine, d, n, s in [("pyffish", args.py_depth, py_nodes, py_secs),
                                ("arbiter", args.py_depth, same_nodes, same_secs),
                                ("arbiter", args.depth, deep_nodes, deep_secs)]:
            print(f"{name:8} {engine:8} {d:>5} {n:>11} {s:>9.3f} {n / s / 1e6:>10.2f}")
        print(f"{name:8} ratio arbiter(depth {args.depth}) / pyffish(depth {args.py_depth}) nodes/s: "
              f"{deep_nodes / deep_secs / 1e6 / py_rate:.0f}x")


if __name__ == "__main__":
    main()

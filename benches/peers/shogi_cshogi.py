#!/usr/bin/env python3
"""Same-run speed comparison: cshogi (PyPI, C++ core) against `arbiter shogi perft`.

Both count leaf nodes with bulk counting at the last ply (cshogi: len(board.legal_moves) at
depth 1, recursion with push/pop in Python, as in the team's spec §6 and §8). Each side is
timed by CPU time of its own process where possible, and by wall time, in the same run so
that machine load affects both alike.

Usage: python3 benches/peers/shogi_cshogi.py [path/to/arbiter]
       (install the peer with `pip install cshogi==1.1.0`; build with
        `cargo build --release -p arbiter`)
"""

import json
import os
import resource
import subprocess
import sys
import time

CASES = [
    ("start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5, 19861490),
    ("matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 3, 4809015),
    ("max-moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3, 53393368),
]


def cshogi_perft(board, depth):
    if depth == 1:
        return len(board.legal_moves)
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += cshogi_perft(board, depth - 1)
        board.pop()
    return total


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    import cshogi

    arbiter = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.environ.get("CARGO_TARGET_DIR", "target"), "release", "arbiter")
    print(f"{'position':10} {'depth':>5} {'nodes':>12} {'cshogi Mn/s':>12} {'arbiter Mn/s':>13} {'ratio':>6}")
    for name, sfen, depth, expected in CASES:
        board = cshogi.Board(sfen)
        t0 = time.process_time()
        n_peer = cshogi_perft(board, depth)
        peer_cpu = time.process_time() - t0
        assert n_peer == expected, (name, n_peer)

        c0 = child_cpu()
        out = subprocess.run(
            [arbiter, "--json", "shogi", "perft", "--sfen", sfen, "--depth", str(depth)],
            check=True, capture_output=True, text=True).stdout
        ours_cpu = child_cpu() - c0
        n_ours = json.loads(out)["nodes"]
        assert n_ours == expected, (name, n_ours)

        peer = expected / peer_cpu / 1e6
        ours = expected / max(ours_cpu, 1e-6) / 1e6
        print(f"{name:10} {depth:>5} {expected:>12} {peer:>12.1f} {ours:>13.1f} {ours / peer:>6.1f}")


if __name__ == "__main__":
    main()

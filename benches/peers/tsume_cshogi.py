#!/usr/bin/env python3
"""Same-run comparison of tsume solving: cshogi (PyPI, C++ core) against `arbiter shogi mate`.

cshogi has two solvers (shogi.md §7.2): `DfPn` (a mate detector whose line is neither
shortest nor convention-following) and `Board.mate_move(n)` (exact fixed-depth mate search;
the shortest length is the first n = 1, 3, 5, ... that succeeds). The arbiter is run in
`--mode shortest`, which returns the exact shortest mate with its line, so the fair peer for
the full answer is mate_move's iterative deepening; DfPn times are given for mate detection.

Times are wall-clock per problem, the arbiter's including process start (a few ms), so the
ratio favours cshogi on the tiniest problems.

The first-proof table (`--first-proof`) times cshogi's `DfPn.search` in-process, the
best of 50 batches of 20 searches per problem, and, after each search, a `DfPn.get_pv`
call on its own. In cshogi 1.1.0 (src/dfpn.h, dfpn.cpp, cshogi.h) the table is a
`std::unordered_map` member of the solver, empty when `DfPn()` constructs it; the search
starts with `NewSearch()`, which clears it (`tt.clear()`), and allocates an entry on the
heap for each position it looks up. A fresh board and `DfPn()` are made for each search
outside the timing, so cshogi's timed figure holds the table's growth (its allocations)
but neither its construction nor the freeing of the last search's entries (done when the
old `DfPn` is dropped, also outside the timing). The Python `DfPn.search` is the C++
wrapper `__DfPn::search`, which runs the df-pn search and then, when it found a mate,
reads the line (`dfpn.get_pv`) before it returns: "search" is a proof with its line.
cshogi's proof alone is not reachable from Python; "proof" estimates it as the best
search less the best `get_pv` (the same reading made again on the same table).

The arbiter side is timed in-process the same way (best of 50 x 20) by the tsume bench
binary run with TSUME_BEST_OF=50x20 (`cargo bench -p arbiter-benches --bench tsume`,
built once), with one `tsume::Solver` kept over the runs, whose table is cleared (cut
back to its small first size and zeroed) at the start of each timed call, inside the
timing:
  - "prove": `Solver::prove`, the first df-pn proof alone (mate or not, nodes, the first
    move), against cshogi's estimated proof ("/proof");
  - "solve": a first-proof `Solver::solve` (options `shorten: false, exact_line_plies:
    0`): the same proof, then its line read back (no shortening, no exact conventional
    search), against `DfPn.search` ("/search"), which proves and reads its line too.
The two sides alternate for `--rounds N` rounds (default 3) and the best of each is kept.
Ratios above 1: slower than cshogi. With `--criterion DIR` (criterion's output directory,
e.g. target/criterion) the criterion `tsume_prove` and `tsume_first_proof` medians (the
latter a `tsume::solve` with its own new table) are shown instead of the in-process run.

Usage: python3 benches/peers/tsume_cshogi.py [--first-proof [--rounds N] [--criterion DIR]]
       [path/to/arbiter]
       (cshogi 1.1.0 is installed into a venv under /tmp when it is not importable;
       cargo build --release -p arbiter for the process-level table)
"""

import json
import os
import subprocess
import sys
import time

VENV = "/tmp/tsume-cshogi-venv"


def ensure_cshogi():
    """Re-runs this script in a venv holding cshogi 1.1.0 when cshogi is not importable."""
    try:
        import cshogi  # noqa: F401
        return
    except ImportError:
        pass
    python = os.path.join(VENV, "bin", "python")
    if os.environ.get("TSUME_CSHOGI_VENV") == "1":
        sys.exit("cshogi could not be installed in " + VENV)
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "cshogi==1.1.0"], check=True)
    env = dict(os.environ, TSUME_CSHOGI_VENV="1")
    os.execve(python, [python] + sys.argv, env)

# shogi.md §7.4, with the published / exact lengths.
CASES = [
    ("mate3_1", "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42", 3),
    ("mate3_2", "l3kgsnl/9/p1pS+Bp3/7pp/6PP1/9/PPPPPPn1P/1B1GG2+r1/LNS1K3L w RG3Psnp 54", 3),
    ("mate3_3", "l3k2nl/4g1gb1/1+S1pspp+P1/p1p6/3n4p/2PPR1P2/P2bPP2P/5GS2/LN1K4L w R2Pgsn2p 50", 3),
    ("mate3_4", "lns+R4l/1p1p5/p1pkppB1p/6p2/1R7/6P1P/P1PPnPS2/2+b1G1g2/L3K1sNL b 2GS3Pnp 51", 3),
    ("mate5_1", "l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72", 5),
    ("mate7_1", "ln1g3+Rl/2sk1s+P2/2ppppb1p/p1b3p2/8P/P4P3/2PPP1P2/1+r2GS3/LN+p2KGNL w GN2Ps 36", 7),
    ("classic3", "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1", 3),
    ("jsa3", "7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1", 3),
    ("mudaai", "7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1", 7),
    ("hadaka31", "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1", 31),
]


def cshogi_dfpn(sfen):
    import cshogi
    board = cshogi.Board(sfen)
    dfpn = cshogi.DfPn()
    t = time.perf_counter()
    found = dfpn.search(board)
    dt = time.perf_counter() - t
    pv = dfpn.get_pv(board) if found else []
    return found, len(pv), dfpn.searched_node, dt


def cshogi_shortest(sfen, max_ply):
    import cshogi
    board = cshogi.Board(sfen)
    t = time.perf_counter()
    if board.mate_move_in_1ply():
        return 1, time.perf_counter() - t
    n = 3
    while n <= max_ply:
        if board.mate_move(n):
            return n, time.perf_counter() - t
        n += 2
    return None, time.perf_counter() - t


def cshogi_first_proof(sfen, batches=50, runs=20):
    """Best per-call times over `batches` batches of `runs` searches: DfPn.search (which
    reads the line too) and a DfPn.get_pv made after it; the nodes searched and the line's
    length."""
    import cshogi
    best, best_pv = float("inf"), float("inf")
    for _ in range(batches):
        total, total_pv = 0.0, 0.0
        for _ in range(runs):
            board = cshogi.Board(sfen)
            dfpn = cshogi.DfPn()
            t = time.perf_counter()
            found = dfpn.search(board)
            t_search = time.perf_counter()
            pv = dfpn.get_pv(board)
            t_pv = time.perf_counter()
            total += t_search - t
            total_pv += t_pv - t_search
            assert found
        best = min(best, total / runs)
        best_pv = min(best_pv, total_pv / runs)
    return best, best_pv, dfpn.searched_node, len(pv)


def arbiter_first_proof(batches=50, runs=20):
    """The tsume bench's in-process best-of table: {name: (prove µs, solve µs, nodes, plies)}."""
    env = dict(os.environ, TSUME_BEST_OF=f"{batches}x{runs}")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run(["cargo", "bench", "-q", "-p", "arbiter-benches", "--bench", "tsume"],
                         env=env, cwd=root, check=True, capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 5:
            table[parts[0]] = (float(parts[1]), float(parts[2]), int(parts[3]), int(parts[4]))
    return table


# The criterion bench's names for the problems whose names differ here.
BENCH_IDS = {"mudaai": "mudaai7"}


def criterion_median_us(criterion_dir, group, name):
    """The median of a problem in a criterion group's output, in µs (None if absent)."""
    path = os.path.join(criterion_dir, group, BENCH_IDS.get(name, name), "new",
                        "estimates.json")
    try:
        with open(path) as f:
            return json.load(f)["median"]["point_estimate"] / 1e3
    except (OSError, KeyError, ValueError):
        return None


def first_proof_table(criterion_dir=None, rounds=3):
    """cshogi's first proof against the arbiter's, the sides alternating `rounds` times."""
    short = [(name, sfen) for name, sfen, length in CASES if length <= 9]
    cs = {}
    ours = {}
    for _ in range(rounds):
        for name, sfen in short:
            t, t_pv, nodes, plies = cshogi_first_proof(sfen)
            old = cs.get(name)
            cs[name] = (min(t, old[0]) if old else t, min(t_pv, old[1]) if old else t_pv,
                        nodes, plies)
        if criterion_dir:
            continue
        for bench_name, (prove, solve, nodes, plies) in arbiter_first_proof().items():
            old = ours.get(bench_name)
            ours[bench_name] = (min(prove, old[0]) if old else prove,
                                min(solve, old[1]) if old else solve, nodes, plies)
    print(f"{'problem':9} {'search us':>9} {'get_pv':>7} {'proof':>7} {'nodes':>6} | "
          f"{'prove us':>8} {'solve us':>8} {'nodes':>6} {'plies':>5} | {'/proof':>6} "
          f"{'/search':>7}")
    for name, _ in short:
        t, t_pv, nodes, plies = cs[name]
        proof = t - t_pv
        if criterion_dir:
            prove = criterion_median_us(criterion_dir, "tsume_prove", name)
            solve = criterion_median_us(criterion_dir, "tsume_first_proof", name)
            a_nodes, a_plies = "-", "-"
        else:
            prove, solve, a_nodes, a_plies = ours.get(BENCH_IDS.get(name, name),
                                                      (None, None, "-", "-"))
        line = f"{name:9} {t * 1e6:>9.2f} {t_pv * 1e6:>7.2f} {proof * 1e6:>7.2f} {nodes:>6} | "
        cells = [f"{v:>8.2f}" if v is not None else f"{'-':>8}" for v in (prove, solve)]
        line += f"{cells[0]} {cells[1]} {a_nodes:>6} {a_plies:>5} | "
        line += f"{prove / (proof * 1e6):>6.2f} " if prove is not None else f"{'-':>6} "
        line += f"{solve / (t * 1e6):>7.2f}" if solve is not None else f"{'-':>7}"
        print(line)


def arbiter_mate(arbiter, sfen, mode):
    t = time.perf_counter()
    out = subprocess.run([arbiter, "shogi", "mate", "--sfen", sfen, "--mode", mode, "--json",
                          "--time-limit", "120"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out), time.perf_counter() - t


def main():
    ensure_cshogi()
    args = sys.argv[1:]
    if "--first-proof" in args:
        criterion_dir = None
        if "--criterion" in args:
            i = args.index("--criterion")
            if i + 1 >= len(args):
                sys.exit("--criterion needs criterion's output directory")
            criterion_dir = args[i + 1]
        rounds = 3
        if "--rounds" in args:
            i = args.index("--rounds")
            if i + 1 >= len(args) or not args[i + 1].isdigit() or int(args[i + 1]) < 1:
                sys.exit("--rounds needs a number of at least 1")
            rounds = int(args[i + 1])
        first_proof_table(criterion_dir, rounds)
        return
    arbiter = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.environ.get("CARGO_TARGET_DIR", "target"), "release", "arbiter")
    print(f"{'problem':9} {'len':>4} | {'DfPn pv':>7} {'nodes':>8} {'ms':>8} | "
          f"{'mate_move':>9} {'ms':>8} | {'arb short':>9} {'ms':>8} {'arb tsume':>9} {'ms':>8} | "
          f"{'ratio':>6}")
    for name, sfen, length in CASES:
        found, pv_len, nodes, t_dfpn = cshogi_dfpn(sfen)
        if length <= 9:
            short, t_short = cshogi_shortest(sfen, length)
        else:
            short, t_short = None, float("nan")
        a_short, ta_short = arbiter_mate(arbiter, sfen, "shortest")
        a_tsume, ta_tsume = arbiter_mate(arbiter, sfen, "tsume")
        ratio = ta_short / t_short if short else float("nan")
        print(f"{name:9} {length:>4} | {pv_len if found else '-':>7} {nodes:>8} {t_dfpn*1e3:>8.1f} | "
              f"{short or '-':>9} {t_short*1e3:>8.1f} | {a_short['plies']:>9} {ta_short*1e3:>8.1f} "
              f"{a_tsume['plies']:>9} {ta_tsume*1e3:>8.1f} | {ratio:>6.2f}")


if __name__ == "__main__":
    main()

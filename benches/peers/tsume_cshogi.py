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
  - "prove/search": the first proof alone against `DfPn.search` as a whole (a proof and
    its line): the first-proof time set against cshogi's search as a caller meets it.
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

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def short_problems():
    """The short problems of shogi.md §7.4 as the tsume tests and bench read them (the file
    gives each one's source): (name, SFEN, length counting every defence)."""
    path = os.path.join(ROOT, "crates", "shogi-rules", "tests", "data", "tsume_short.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return [(p["name"], p["sfen"], p["shortest"]) for p in data["problems"]]


# The short problems, then 図巧98番「裸玉」 (shogi.md §7.4, 31 plies by convention and by
# every count).
CASES = short_problems() + [
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
    out = subprocess.run(["cargo", "bench", "-q", "-p", "arbiter-benches", "--bench", "tsume"],
                         env=env, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 5:
            table[parts[0]] = (float(parts[1]), float(parts[2]), int(parts[3]), int(parts[4]))
    return table


def criterion_median_us(criterion_dir, group, name):
    """The median of a problem in a criterion group's output, in µs (None if absent)."""
    path = os.path.join(criterion_dir, group, name, "new", "estimates.json")
    try:
        with open(path) as f:
            return json.load(f)["median"]["point_estimate"] / 1e3
    except (OSError, KeyError, ValueError):
        return None


def first_proof_table(criterion_dir=None, rounds=3):
    """cshogi's first proof against the arbiter's, the sides alternating `rounds` times."""
    short = [(name, sfen) for name, sfen, _ in short_problems()]
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
          f"{'/search':>7} {'prove/search':>12}")
    for name, _ in short:
        t, t_pv, nodes, plies = cs[name]
        proof = t - t_pv
        if criterion_dir:
            prove = criterion_median_us(criterion_dir, "tsume_prove", name)
            solve = criterion_median_us(criterion_dir, "tsume_first_proof", name)
            a_nodes, a_plies = "-", "-"
        else:
            prove, solve, a_nodes, a_plies = ours.get(name, (None, None, "-", "-"))
        line = f"{name:9} {t * 1e6:>9.2f} {t_pv * 1e6:>7.2f} {proof * 1e6:>7.2f} {nodes:>6} | "
        cells = [f"{v:>8.2f}" if v is not None else f"{'-':>8}" for v in (prove, solve)]
        line += f"{cells[0]} {cells[1]} {a_nodes:>6} {a_plies:>5} | "
        line += f"{prove / (proof * 1e6):>6.2f} " if prove is not None else f"{'-':>6} "
        line += f"{solve / (t * 1e6):>7.2f}" if solve is not None else f"{'-':>7}"
        line += f" {prove / (t * 1e6):>12.2f}" if prove is not None else f" {'-':>12}"
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

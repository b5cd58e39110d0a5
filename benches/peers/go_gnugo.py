#!/usr/bin/env python3
"""Dead stones on finished 19x19 games: `arbiter go score --dead auto` against GNU Go 3.8.

Run from the workspace root:

    python3 benches/peers/go_gnugo.py [--games N] [--dir DIR] [--arbiter PATH]

1. GNU Go 3.8 comes from Debian (`apt-get install gnugo`, done here when it is missing and
   we are root). It plays N games against itself at level 0 under Chinese rules (komi 7.5),
   seeds 1, 2, ..., until both pass; resigned games are skipped. Each game is saved as SGF
   with GNU Go's `final_status_list dead` (MA) and `seki` (SQ) on the last move and its
   `final_score` in RE. Existing files in DIR are reused, so the games are played once.
2. Each game is scored with `arbiter go score FILE --dead auto --method area --json` (the
   release binary). The dead lists are compared stone by stone, the area scores (komi 7.5)
   with GNU Go's final score, and every seki stone GNU Go names is checked not to be dead.
3. The summary gives the agreement ratios, the time per game (median and worst) and one
   line per disagreement. GNU Go is an oracle, not the rule text: a disagreement is a place
   to look, and where the rules say otherwise the rules win.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from go_real_games import GTP_LETTERS, ROOT, ensure_gnugo, margin_of  # noqa: E402
from go_selfplay import Gtp  # noqa: E402

SGF_LETTERS = "abcdefghijklmnopqrs"


def gtp_to_sgf(vertex):
    col = GTP_LETTERS.index(vertex[0].upper())
    row = int(vertex[1:])
    return SGF_LETTERS[col] + SGF_LETTERS[19 - row]


def sgf_to_gtp(point):
    return GTP_LETTERS[SGF_LETTERS.index(point[0])] + str(19 - SGF_LETTERS.index(point[1]))


def play_game(gnugo, seed, path):
    gtp = Gtp(gnugo, ["--level", "0", "--chinese-rules", "--seed", str(seed)])
    gtp.send("boardsize 19")
    gtp.send("komi 7.5")
    gtp.send("clear_board")
    moves, passes, colour = [], 0, "B"
    while passes < 2 and len(moves) < 700:
        reply = gtp.send("genmove " + colour.lower()).upper()
        if reply == "RESIGN":
            gtp.close()
            return False
        if reply == "PASS":
            passes += 1
            moves.append((colour, ""))
        else:
            passes = 0
            moves.append((colour, gtp_to_sgf(reply)))
        colour = "W" if colour == "B" else "B"
    if passes < 2:
        gtp.close()
        return False
    dead = gtp.send("final_status_list dead").split()
    seki = gtp.send("final_status_list seki").split()
    score = gtp.send("final_score")
    gtp.close()
    sgf = ("(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]"
           "PB[GNU Go 3.8 level 0]PW[GNU Go 3.8 level 0]"
           f"RE[{score}]GC[GNU Go 3.8 self-play (level 0, --chinese-rules), seed {seed}; "
           "dead and seki stones as GNU Go's final_status_list gives them "
           "(MA dead, SQ seki, on the last move)]")
    sgf += "".join(f";{c}[{m}]" for c, m in moves)
    if dead:
        sgf += "MA" + "".join(f"[{gtp_to_sgf(v)}]" for v in dead)
    if seki:
        sgf += "SQ" + "".join(f"[{gtp_to_sgf(v)}]" for v in seki)
    sgf += ")\n"
    with open(path, "w") as out:
        out.write(sgf)
    return True


def last_node_points(sgf, prop):
    """The points of `prop` on the last node (where the generator puts the marks)."""
    last = sgf.rsplit(";", 1)[-1]
    m = re.search(prop + r"((?:\[[a-s]{2}\])+)", last)
    return set() if not m else {sgf_to_gtp(p) for p in re.findall(r"\[([a-s]{2})\]", m.group(1))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--dir", default="/tmp/arbiter-gnugo-games")
    parser.add_argument("--arbiter", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "arbiter"))
    parser.add_argument("--build", action="store_true", help="cargo build --release first")
    args = parser.parse_args()
    gnugo = ensure_gnugo()
    version = subprocess.run([gnugo, "--version"], capture_output=True, text=True).stdout
    print(version.splitlines()[0])
    if args.build:
        subprocess.run(["cargo", "build", "--release", "-p", "arbiter"], cwd=ROOT, check=True)
    os.makedirs(args.dir, exist_ok=True)

    files, seed = [], 0
    while len(files) < args.games:
        seed += 1
        path = os.path.join(args.dir, f"gnugo-{seed:03}.sgf")
        if os.path.exists(path) or play_game(gnugo, seed, path):
            files.append(path)
            print(f"\rgames ready: {len(files)}/{args.games}", end="", file=sys.stderr)
    print(file=sys.stderr)

    same_dead = same_score = same_winner = seki_killed = 0
    times, lines = [], []
    for path in files:
        sgf = open(path).read()
        expected_dead = last_node_points(sgf, "MA")
        seki = last_node_points(sgf, "SQ")
        expected = margin_of(re.search(r"RE\[([^\]]*)\]", sgf).group(1)) or 0.0
        start = time.perf_counter()
        run = subprocess.run([args.arbiter, "go", "score", path, "--dead", "auto",
                              "--method", "area", "--json"], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        name = os.path.basename(path)
        if run.returncode != 0:
            lines.append(f"{name}: arbiter failed: {run.stderr.strip()}")
            continue
        doc = json.loads(run.stdout)
        dead = set(doc["position"]["dead"])
        area = doc["results"][0]
        margin = (area["black"] - area["white"]) - 7.5
        if dead == expected_dead:
            same_dead += 1
        else:
            lines.append(f"{name}: dead only in arbiter {sorted(dead - expected_dead)}, "
                         f"only in GNU Go {sorted(expected_dead - dead)}")
        if abs(margin - expected) < 1e-9:
            same_score += 1
        else:
            lines.append(f"{name}: area margin arbiter {margin:+} GNU Go {expected:+}")
        if (margin > 0) == (expected > 0):
            same_winner += 1
        if dead & seki:
            seki_killed += 1
            lines.append(f"{name}: seki stones marked dead {sorted(dead & seki)}")
    n = len(files)
    print(f"games: {n}")
    print(f"same dead list: {same_dead}/{n} ({100 * same_dead / n:.1f} %)")
    print(f"same area score: {same_score}/{n} ({100 * same_score / n:.1f} %)")
    print(f"same winner: {same_winner}/{n} ({100 * same_winner / n:.1f} %)")
    print(f"games with a seki stone marked dead: {seki_killed}")
    print(f"arbiter time per game: median {statistics.median(times):.3f} s, "
          f"worst {max(times):.3f} s")
    for line in lines:
        print("  " + line)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Finished 19x19 games played to two passes by GNU Go 3.8, for the dead-stone oracle harness.

Run from the workspace root (it is also run by `go_real_games.py`, which compares them):

    python3 benches/peers/go_selfplay.py [--dir DIR] [--games N] [--smoke]

Two kinds of games, each written once as an SGF file under DIR and never regenerated:

- `DIR/selfplay/sp-SEED.sgf`: GNU Go against itself from an empty board, to two passes
  (`--never-resign`). Game i has the seed 1000 + i, which chooses a short random opening (one
  to six random moves on lines 3-17, Black first, played with GTP `play`) and is also GNU Go's
  own `--seed`; the level cycles through `LEVELS` (the cheap ones: a game of GNU Go CPU took
  20, 23 and 27 s on average at levels 1, 2 and 3 over 56 games on a loaded machine, 11 s at
  level 1 and 44 s at level 6 on an idle one, so 200 games take 65-80 CPU minutes); every fourth
  game is played under Chinese rules with komi 7.5 (area counting), the others under GNU Go's
  default Japanese rules with komi 6.5 (territory counting).
- `DIR/played-out/po-NAME.sgf`: each real record of `go_real_games.py` from its last position
  played on by GNU Go at level 10 to two passes, Japanese rules and the record's komi (0 when
  KM is absent: the records without KM are old games without komi). Professional records stop
  when the players agree, before the dame and the forced connections (teire) are filled; the
  played-out game has them filled, so the count no longer depends on who would fill what.

The root comment of every game names GNU Go's version, the seed, the level, the rules and the
komi. GNU Go's judgement of the final position, made in the same GTP session at level 10
(`final_score`, `final_status_list dead`, `final_status_list seki`), is kept beside the game as
NAME.json together with the CPU seconds GNU Go spent. GNU Go runs under `nice 19`: other
work on the machine goes first.
"""
import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import go_real_games as real  # noqa: E402  (the records, their fetching and GNU Go's install)

LETTERS = real.GTP_LETTERS
# The levels the self-play games cycle through (see the module doc for their cost).
LEVELS = [1, 2, 3]
FIRST_SEED = 1000
# A game longer than this is abandoned (GNU Go never plays this long on 19x19 when it works).
MOVE_CAP = 700


def low_priority():
    os.nice(19)


class Gtp:
    """One GNU Go process spoken to in GTP, one command at a time."""

    def __init__(self, gnugo, args):
        self.proc = subprocess.Popen([gnugo, "--mode", "gtp", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1,
                                     preexec_fn=low_priority)

    def send(self, command):
        """The reply's text after `= `; raises on a `?` reply or a dead process."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"GNU Go stopped during {command!r}")
            if not line.strip():
                if lines:
                    break
                continue
            lines.append(line.rstrip("\n"))
        reply = "\n".join(lines)
        if not reply.startswith("="):
            raise RuntimeError(f"GNU Go refused {command!r}: {reply}")
        return reply[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait()


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def to_sgf(vertex):
    """GTP `Q16` as SGF `pd`; a pass as the empty value."""
    if vertex.upper() == "PASS":
        return ""
    column = LETTERS.index(vertex[0].upper())
    row = int(vertex[1:])
    return chr(ord("a") + column) + chr(ord("a") + 19 - row)


def play_to_two_passes(gtp, color, moves):
    """GNU Go plays both sides from `color` on until two passes in a row; appends
    (colour letter, GTP vertex) to `moves`. Returns False when MOVE_CAP is reached."""
    passes = 0
    while passes < 2:
        if len(moves) >= MOVE_CAP:
            return False
        vertex = gtp.send(f"genmove {color}")
        if vertex.lower() == "resign":
            raise RuntimeError("GNU Go resigned despite --never-resign")
        moves.append((color[0].upper(), vertex))
        passes = passes + 1 if vertex.upper() == "PASS" else 0
        color = "white" if color == "black" else "black"
    return True


def session(gnugo, args, setup, moves, label):
    """Plays one GNU Go process to two passes and judges the end: `setup(gtp)` readies the
    board (appending any moves it plays to `moves`) and returns the colour to move. Returns
    the verdict, carrying the session's CPU (rounded) and wall time and the number of moves,
    with the session's CPU seconds and the number of moves setup played; None when the game
    is abandoned after MOVE_CAP moves."""
    cpu = children_cpu()
    wall = time.perf_counter()
    gtp = Gtp(gnugo, args)
    try:
        first = setup(gtp)
        opening = len(moves)
        finished = play_to_two_passes(gtp, first, moves)
        verdict = judge(gtp) if finished else None
    finally:
        gtp.close()
    if verdict is None:
        print(f"{label}: abandoned after {MOVE_CAP} moves", file=sys.stderr)
        return None
    cpu = children_cpu() - cpu
    verdict.update(cpu=round(cpu, 2), wall=round(time.perf_counter() - wall, 2), moves=len(moves))
    return verdict, cpu, opening


def judge(gtp):
    """GNU Go's verdict on the final position at level 10."""
    gtp.send("level 10")
    return {"score": gtp.send("final_score"),
            "dead": gtp.send("final_status_list dead").split(),
            "seki": gtp.send("final_status_list seki").split()}


def escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def write_game(path, root, nodes, verdict):
    """Writes the SGF (root properties, then the move nodes) and its judgement beside it;
    the SGF last, so a game counts as made only when both are there."""
    with open(path[:-4] + ".json", "w") as out:
        json.dump(verdict, out)
    props = {}
    for key, value in root:  # a property given twice is one property with several values
        props.setdefault(key, []).append(value)
    text = "(;" + "".join(k + "".join(f"[{escape(v)}]" for v in vs)
                          for k, vs in props.items()) + "\n"
    text += "".join(nodes) + ")\n"
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(tmp, path)


def selfplay_spec(index):
    seed = FIRST_SEED + index
    chinese = index % 4 == 3
    return {"seed": seed, "level": LEVELS[index % len(LEVELS)],
            "rules": "chinese" if chinese else "japanese", "komi": 7.5 if chinese else 6.5}


def selfplay_game(gnugo, version, directory, index):
    """Plays (or finds) self-play game `index`; returns its SGF path, or None if abandoned."""
    spec = selfplay_spec(index)
    path = os.path.join(directory, f"sp-{spec['seed']}.sgf")
    if os.path.exists(path):
        return path
    args = ["--level", str(spec["level"]), "--seed", str(spec["seed"]), "--never-resign",
            "--komi", str(spec["komi"])]
    if spec["rules"] == "chinese":
        args.append("--chinese-rules")
    rng = random.Random(spec["seed"])
    moves = []

    def random_opening(gtp):
        gtp.send("boardsize 19")
        gtp.send("clear_board")
        gtp.send(f"komi {spec['komi']}")
        taken = set()
        for i in range(rng.randint(1, 6)):
            while True:
                point = (rng.randint(2, 16), rng.randint(3, 17))
                if point not in taken:
                    break
            taken.add(point)
            color = "black" if i % 2 == 0 else "white"
            vertex = f"{LETTERS[point[0]]}{point[1]}"
            gtp.send(f"play {color} {vertex}")
            moves.append((color[0].upper(), vertex))
        return "white" if len(moves) % 2 else "black"

    played = session(gnugo, args, random_opening, moves, f"sp-{spec['seed']}")
    if played is None:
        return None
    verdict, cpu, opening = played
    verdict.update(spec, opening=opening, version=version, source="selfplay")
    ruleset = "Chinese" if spec["rules"] == "chinese" else "Japanese"
    player = f"{version} level {spec['level']}"
    comment = (f"{version} self-play to two passes (--never-resign). Seed {spec['seed']}: "
               f"{opening} random opening move(s) from Python's random.Random({spec['seed']}), "
               f"then GNU Go with --seed {spec['seed']} --level {spec['level']}; {ruleset} "
               f"rules, komi {spec['komi']}. RE is GNU Go's final_score at level 10. "
               f"GNU Go CPU {cpu:.1f} s.")
    root = [("GM", "1"), ("FF", "4"), ("CA", "UTF-8"), ("AP", "go_selfplay.py"), ("SZ", "19"),
            ("KM", str(spec["komi"])), ("RU", ruleset), ("PB", player), ("PW", player),
            ("RE", verdict["score"]), ("C", comment)]
    nodes = [f";{c}[{to_sgf(v)}]" for c, v in moves]
    write_game(path, root, nodes, verdict)
    return path


def parse_main_line(text):
    """The nodes of an SGF game's main line (the first variation at each branch), each a list
    of (identifier, [values]); identifiers keep only their capitals (FF[3] allows `AddBlack`)."""
    nodes, i, depth, skip_from = [], 0, 0, None
    node = None
    ident = ""
    while i < len(text):
        c = text[i]
        if c == "[":
            j = i + 1
            value = []
            while j < len(text) and text[j] != "]":
                if text[j] == "\\" and j + 1 < len(text):
                    j += 1
                value.append(text[j])
                j += 1
            if skip_from is None and node is not None:
                if ident:
                    node.append((ident, ["".join(value)]))
                elif node:
                    node[-1][1].append("".join(value))
            ident = ""
            i = j + 1
            continue
        if c == "(":
            depth += 1
            # a branch after the first closed variation at this depth is not the main line
        elif c == ")":
            depth -= 1
            if skip_from is None:
                skip_from = depth  # the main line ends with the first variation that closes
        elif c == ";":
            if skip_from is None:
                node = []
                nodes.append(node)
        elif c.isalpha() and c.isupper():
            ident += c
        elif c.isalpha():
            pass
        elif not c.isspace():
            ident = ""
        i += 1
    return nodes


ROOT_KEPT = ["SZ", "HA", "AB", "AW", "PB", "PW", "BR", "WR", "DT", "EV", "RO", "PC", "RE"]


def played_out_game(gnugo, version, directory, record):
    """Plays (or finds) the record's play-out; returns its SGF path."""
    stem = record["name"][:-4]
    path = os.path.join(directory, f"po-{stem}.sgf")
    if os.path.exists(path):
        return path
    try:
        komi = float(record["km"]) if record["km"] is not None else 0.0
    except ValueError:
        komi = 0.0
    moves = []

    def loaded(gtp):
        color = gtp.send(f"loadsgf {record['path']}").lower()
        gtp.send(f"komi {komi:g}")
        return color

    played = session(gnugo, ["--level", "10", "--never-resign"], loaded, moves, f"po-{stem}")
    if played is None:
        return None
    verdict, cpu, _ = played
    verdict.update(level=10, rules="japanese", komi=komi,
                   record=record["name"], record_re=record["re"], version=version,
                   source="played-out")
    text = open(record["path"], "rb").read().decode("utf-8", errors="replace")
    main = parse_main_line(text)
    props = dict((k, v) for k, v in main[0]) if main else {}
    comment = (f"{record['name']} from its last position played on by {version} at level 10 "
               f"(--never-resign) to two passes, Japanese rules, komi {komi:g}: {len(moves)} "
               f"move(s) added. RE is the players' result (before the play-out); GNU Go's "
               f"final_score after it: {verdict['score']}. GNU Go CPU {cpu:.1f} s.")
    root = [("GM", "1"), ("FF", "4"), ("CA", "UTF-8"), ("AP", "go_selfplay.py"),
            ("KM", f"{komi:g}"), ("RU", "Japanese")]
    for key in ROOT_KEPT:
        for value in props.get(key, []):
            root.append((key, value))
    root.append(("C", comment))
    # move and setup properties of the root (a record may start with its first move there)
    nodes = []
    for index, node in enumerate(main):
        kept = [(k, vs) for k, vs in node if k in ("B", "W", "AB", "AW", "AE")
                and (index > 0 or k in ("B", "W"))]
        if kept:
            nodes.append(";" + "".join(k + "".join(f"[{v}]" for v in vs) for k, vs in kept))
    nodes.append("\n")
    nodes.extend(f";{c}[{to_sgf(v)}]" for c, v in moves)
    write_game(path, root, nodes, verdict)
    return path


def made(cache, selfplay, records):
    """The games `generate` would return that are already made, making nothing."""
    sp = [os.path.join(cache, "selfplay", f"sp-{selfplay_spec(i)['seed']}.sgf")
          for i in range(selfplay)]
    po = [os.path.join(cache, "played-out", f"po-{r['name'][:-4]}.sgf") for r in records]
    return [p for p in sp if os.path.exists(p)], [p for p in po if os.path.exists(p)]


def version_of(gnugo):
    return subprocess.run([gnugo, "--version"], capture_output=True,
                          text=True).stdout.splitlines()[0].strip()


def generate(cache, selfplay, records, log=sys.stderr, part=(0, 1)):
    """Makes what is missing of `selfplay` self-play games and the play-outs of `records`
    (the go_real_games records); returns (self-play paths, played-out paths). With `part`
    (k, n), only the games whose index is k modulo n are made (and returned)."""
    gnugo = real.ensure_gnugo()
    version = version_of(gnugo)
    sp_dir = os.path.join(cache, "selfplay")
    po_dir = os.path.join(cache, "played-out")
    os.makedirs(sp_dir, exist_ok=True)
    os.makedirs(po_dir, exist_ok=True)
    played_out = []
    for i, record in enumerate(records):
        if i % part[1] != part[0]:
            continue
        print(f"\rplay-out {i + 1}/{len(records)} {record['name']}   ", end="", file=log)
        path = played_out_game(gnugo, version, po_dir, record)
        if path:
            played_out.append(path)
    games = []
    for i in range(selfplay):
        if i % part[1] != part[0]:
            continue
        print(f"\rself-play {i + 1}/{selfplay}   ", end="", file=log)
        path = selfplay_game(gnugo, version, sp_dir, i)
        if path:
            games.append(path)
    print(file=log)
    return games, played_out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default="/tmp/arbiter-real-games")
    parser.add_argument("--games", type=int, default=200, help="self-play games (default 200)")
    parser.add_argument("--smoke", action="store_true",
                        help="2 self-play games and 3 play-outs only")
    parser.add_argument("--no-played-out", action="store_true",
                        help="self-play games only")
    parser.add_argument("--part", default="0/1",
                        help="K/N: make only the games whose index is K modulo N (to run N "
                        "generators side by side)")
    args = parser.parse_args()
    part = tuple(int(x) for x in args.part.split("/"))
    records = [] if args.no_played_out else real.select(real.fetch(args.dir),
                                                         os.path.join(args.dir, "games"))
    games = 2 if args.smoke else args.games
    if args.smoke:
        records = records[:3]
    start = children_cpu()
    sp, po = generate(args.dir, games, records, part=part)
    print(f"{len(sp)} self-play games, {len(po)} played-out records under {args.dir}; "
          f"GNU Go CPU this run {children_cpu() - start:.0f} s")


if __name__ == "__main__":
    main()

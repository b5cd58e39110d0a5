#!/usr/bin/env python3
"""Dead stones on finished 19x19 games: `arbiter go score --dead auto` against GNU Go 3.8.

Run from the workspace root (it needs GNU Go and, the first time, about an hour of CPU to
make the games; it is never part of the workspace tests):

    python3 benches/peers/go_real_games.py [--dir DIR] [--arbiter PATH] [--build]
        [--sources real,played-out,selfplay] [--games N] [--records N] [--smoke]
        [--only NAME] [--json FILE]

`--smoke` runs a handful of games (3 records, their 3 play-outs, 2 self-play games): a few
seconds once they are made, about a minute of GNU Go the first time.

Three sources of games, reported apart and together:

1. `real`: the records come from registry packages, fetched into DIR when missing:
   - Debian `goban-original-games` 1.1-6 (GPL-2+; /usr/share/goban/*.sgf and *.mgt, the
     .mgt files being SGF FF[3] text) and `kigo` (GPL-2+; /usr/share/kigo/games/*.sgf),
     through `apt-get download` and `dpkg-deb -x` (nothing is installed; these files are
     never copied into the workspace);
   - PyPI `kombilo==0.8.4` (MIT; kombilo/tests/sgfs/*.sgf) and `pysgf==1.0.0` (MIT;
     tests/data/*.sgf), source distributions through `pip download --no-binary :all:`.
   A record is kept when its file holds one game tree, SZ is 19 and RE is a score
   (`B+2.5`, `W+1`, `0`, `Draw`, `Jigo`); records with the same moves are kept once.
   GNU Go 3.8 (`apt-get install gnugo` when missing, as root) judges each final position
   at `--level 10`: `final_status_list dead`, `final_status_list seki` and `final_score`
   (territory counting with the record's komi, 5.5 when KM is absent). The answers are
   cached in DIR/gnugo.jsonl by the SHA-1 of the record's moves, so GNU Go runs once per record.
2. `played-out`: each record played on from its last position by GNU Go to two passes (the
   dame and forced connections the players leave), and 3. `selfplay`: `--games N` games of
   GNU Go against itself to two passes, from seeded random openings at levels 1-3, komi 6.5
   Japanese and (every fourth) 7.5 Chinese. Both are made once by `go_selfplay.py` (see
   there) and cached as SGF under DIR/played-out and DIR/selfplay, with GNU Go's judgement
   of the final position beside each.

Each game is scored with `arbiter go score FILE --dead auto --rules R --method M --json`
under the rules it was played or judged under. The records are Japanese professional games
(the only amateur game is from IGS, also Japanese rules): `--rules japanese --method
territory`, which, unlike `--method territory` alone, also decides open kos by the Japanese
Rules of 1989 (article 7-2: a one-stone ko left in atari is dead, its owner could retake only
after a pass) and gives the verdict line a ruleset; without KM they are old no-komi games,
scored with `--komi 0` (GNU Go assumed 5.5 and its score is shifted back). The play-outs and
the Japanese self-play games are scored the same way with their komi; the Chinese self-play
games with `--rules chinese --method area`. Compared: the dead list with GNU Go's, stone by
stone; the score (verdict margin) with GNU Go's `final_score` (same komi and rules; for
self-play games, the winner GNU Go declares); for the records and play-outs, the margin
against the players' RE; every GNU Go seki stone must not be dead.

The summary gives the ratios per source, for the games played to two passes (played-out and
self-play together: finished games) and overall, the time per game (median and worst), how
the verdicts were reached (proved / local / estimated), the disagreements counted by who is
right, and one line per disagreement with who is right as checked by hand (`KNOWN`,
`KNOWN_GENERATED`). Records arbiter refuses for an
illegal move are left out of the ratios and listed. GNU Go is an oracle, not the rule text: a
disagreement is a place to look, and where GNU Go and the rule text disagree the rule text wins
(verdict "rule").
"""
import argparse
import glob
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GTP_LETTERS = "ABCDEFGHJKLMNOPQRST"
DEBIAN = ["goban-original-games", "kigo"]
PYPI = ["kombilo==0.8.4", "pysgf==1.0.0"]
SCORED = re.compile(r"^\s*(?:([BW])\s*\+\s*(\d+(?:\.\d+)?)|(0|Draw|Jigo|[BW]\+0))\s*$", re.I)


def ensure_gnugo():
    found = shutil.which("gnugo") or "/usr/games/gnugo"
    if os.path.exists(found):
        return found
    if os.geteuid() != 0:
        sys.exit("GNU Go is missing: apt-get install gnugo (as root), then run again")
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "gnugo"], check=True)
    return "/usr/games/gnugo"


def fetch(cache):
    """Unpacks the packages under cache/{deb,pypi}; returns (package, path) per record file."""
    deb = os.path.join(cache, "deb")
    pypi = os.path.join(cache, "pypi")
    os.makedirs(deb, exist_ok=True)
    os.makedirs(pypi, exist_ok=True)
    for name in DEBIAN:
        root = os.path.join(deb, name)
        if os.path.isdir(root):
            continue
        if not glob.glob(os.path.join(deb, f"{name}_*.deb")):
            subprocess.run(["apt-get", "download", name], cwd=deb, check=True)
        subprocess.run(["dpkg-deb", "-x", glob.glob(os.path.join(deb, f"{name}_*.deb"))[0], root],
                       check=True)
    for spec in PYPI:
        name, version = spec.split("==")
        root = os.path.join(pypi, name)
        if os.path.isdir(root):
            continue
        have = [f for f in os.listdir(pypi) if f.lower().startswith(f"{name}-{version}")]
        if not have:
            # the source distributions: the wheels leave the tests (and their games) out
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q",
                            "--no-binary", ":all:", "-d", pypi, spec],
                           check=True)
            have = [f for f in os.listdir(pypi) if f.lower().startswith(f"{name}-{version}")]
        archive = os.path.join(pypi, have[0])
        os.makedirs(root)
        if archive.endswith((".tar.gz", ".tgz")):
            with tarfile.open(archive) as tar:
                tar.extractall(root, filter="data")
        else:
            shutil.unpack_archive(archive, root, "zip")
    found = []
    patterns = [
        ("goban-original-games", "deb/goban-original-games/usr/share/goban/*"),
        ("kigo", "deb/kigo/usr/share/kigo/games/*.sgf"),
        ("kombilo", "pypi/kombilo/*/kombilo/tests/sgfs/*.sgf"),
        ("pysgf", "pypi/pysgf/*/tests/data/*.sgf"),
    ]
    for package, pattern in patterns:
        for path in sorted(glob.glob(os.path.join(cache, pattern), recursive=True)):
            if path.lower().endswith((".sgf", ".mgt")):
                found.append((package, path))
    return found


def game_trees(text):
    """Number of top-level game trees (brackets inside property values skipped)."""
    depth, trees, i, in_value = 0, 0, 0, False
    while i < len(text):
        c = text[i]
        if in_value:
            if c == "\\":
                i += 1
            elif c == "]":
                in_value = False
        elif c == "[":
            in_value = True
        elif c == "(":
            trees += depth == 0
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        i += 1
    return trees


def root_property(text, name):
    m = re.search(r"(?<![A-Za-z])" + name + r"\s*\[((?:\\.|[^\]])*)\]", text)
    return None if m is None else m.group(1).strip()


def moves_key(text):
    """SHA-1 of the record's setup and moves: the same game in another encoding or file
    format (.mgt / .sgf) gets the same key."""
    flat = re.sub(r"\s+", "", text)
    moves = re.findall(r"(?:;[BW]|A[BWE])(?:\[[a-t]*\])+", flat)
    return hashlib.sha1("".join(moves).encode()).hexdigest()


def margin_of(result):
    """`W+12.5` / `B+3.5` / `0` / `Draw` as Black minus White (None if not a score)."""
    m = SCORED.match(result or "")
    if m is None:
        return None
    if m.group(3):
        return 0.0
    return (1 if m.group(1).upper() == "B" else -1) * float(m.group(2))


def select(found, games_dir):
    """The scored 19x19 single-game records, copied to games_dir as NAME.sgf."""
    os.makedirs(games_dir, exist_ok=True)
    games, seen = [], {}
    for package, path in found:
        raw = open(path, "rb").read()
        text = raw.decode("utf-8", errors="replace")
        if game_trees(text) != 1 or root_property(text, "SZ") not in (None, "19"):
            continue
        if margin_of(root_property(text, "RE")) is None:
            continue
        moves = moves_key(text)
        stem = re.sub(r"\.(sgf|mgt)$", "", os.path.basename(path), flags=re.I)
        name = f"{package}-{stem}"
        if moves in seen:
            continue
        if any(g["name"] == name + ".sgf" for g in games):
            name += "-" + path.rsplit(".", 1)[-1].lower()
        seen[moves] = name
        target = os.path.join(games_dir, name + ".sgf")
        if not os.path.exists(target):
            with open(target, "wb") as out:
                out.write(raw)
        games.append({"name": name + ".sgf", "path": target, "key": moves_key(text),
                      "re": root_property(text, "RE"), "km": root_property(text, "KM")})
    return games


def gnugo_judge(gnugo, path):
    commands = (f"loadsgf {path}\nfinal_score\nfinal_status_list dead\n"
                "final_status_list seki\nquit\n")
    run = subprocess.run([gnugo, "--mode", "gtp", "--level", "10"], input=commands,
                         capture_output=True, text=True, timeout=600)
    replies = [b.strip() for b in run.stdout.split("\n\n")]
    if len(replies) < 4 or not all(r.startswith("=") for r in replies[:4]):
        return {"error": run.stdout[-300:]}
    return {"score": replies[1][1:].strip(), "dead": replies[2][1:].split(),
            "seki": replies[3][1:].split()}


def load_cache(path):
    cache = {}
    if os.path.exists(path):
        for line in open(path):
            entry = json.loads(line)
            cache[entry["key"]] = entry
    return cache


# Every dead-list disagreement looked at by hand, with who is right and why: "arbiter" (its
# dead list fits the rules and the record's RE better), "gnugo", "rule" (the rule text decides
# against GNU Go: the rule text wins), "ko" (a ko GNU Go settles by its own play from the side
# to move, not a one-stone ko in atari; GNU Go's verdict fits the record), "split" (each list
# is right on some of the stones, named in the reason), or "unclear" (the position cannot be
# settled from the record: it stops in the middle of a fight). Where a group is unsettled at the
# end, the Japanese Rules of 1989, article 7-1, decide: stones the opponent can capture are dead
# unless capturing them lets their owner capture in return. A disagreement not listed here is
# new: look at it.
KNOWN = {
    "M-72-2": ("ko", "F15, Black to move"),
    "M-85-1": ("ko", "O18"),
    "Hon-61-4": ("gnugo", "T13, a lone stone with two liberties in Black's corner, is dead: "
                 "eye space counts its two empty neighbours as eyes"),
    "Hon-47-5": ("gnugo", "the estimate kills two large Black groups (67 and 73 of 256 "
                 "playouts) that live; GNU Go's count equals RE"),
    "Hon-57-2": ("arbiter", "GNU Go's dead White group F15-K16 gives B+12.5 against RE W+2.5; "
                 "the arbiter's count is closer"),
    "Hon-59-3": ("gnugo", "L16 is dead (estimate 197/256 keeps it; a one-stone ko in atari, dead "
                 "under --rules japanese by J1989 7-2). T17, which GNU Go lists in the "
                 "upper-right seki, is dead, settled by hand: White takes it at T18 at no risk; "
                 "Black Q19 then leaves Black's own group the one liberty P18, where White "
                 "captures, and Black S19 or T17 is suicide. GNU Go's seki list is wrong there, "
                 "so this seki stone marked dead is the rule's verdict, not a seki killed"),
    "Hon-59-5": ("gnugo", "S17-T18 left undecided (estimate 126/256): a corner read short of "
                 "budget; GNU Go's count equals RE"),
    "Hon-59-2": ("gnugo", "D1-E2 is dead: its four eye-space areas include one-point gaps "
                 "(E1, G1) between chains that White cuts; the eye-space rule assumes they "
                 "stay connected, and a group of three areas or more is not overruled"),
    "Hon-60-6": ("gnugo", "the estimate (21/256) overrules the eye-space reading and kills "
                 "K6-L8, which lives; GNU Go's count equals RE"),
    "Hon-75-6": ("gnugo", "the estimate swaps the two groups of the upper right semeai (Black "
                 "12/256, White 256/256); GNU Go's count is within 1 of RE"),
    "Hon-81-3": ("arbiter", "the count with E18-F18 alive equals RE W+3.5"),
    "Hon-82-2": ("gnugo", "B9-C12 left undecided (estimate 122/256); GNU Go's count equals RE"),
    "Hon-88-3": ("gnugo", "the lower-left corner fight: the arbiter reads B1-C1 dead with the "
                 "Black stones around assumed alive; GNU Go's count equals RE"),
    "Hon-90-7": ("arbiter", "S19-T18 alive gives W+3.5 = RE; GNU Go's W+1.5 is further"),
    "Hon-91-3": ("gnugo", "the Black upper-side stones H17-N16 are dead; eye space counts two "
                 "areas that are not eyes (no false-eye test in the eye-space rule)"),
    "Hon-94-7": ("gnugo", "Black M19 is alive: the White stones around it (K18-O18, "
                 "L17-O17, P19) are dead in both lists and have four liberties K19-O19 in "
                 "Black's area, so capturing M19 lets Black capture them in return (J1989 7-1). "
                 "arbiter's fight search assumes the stones around live; same margin either "
                 "way (B+2.5, RE B+3.5)"),
    "Hon-96-1": ("gnugo", "R17-S17 and R19 hang on a ko the reading found; left undecided"),
    "M-64-2": ("gnugo", "the estimate (124/256, just under half) kills White's lower group "
               "G5-H4, F3-F2-G2, D1-F1, left open (312 graph points); GNU Go keeps it alive and "
               "counts W+2.5 against RE W+2, where killing it gives B+27"),
    "M-65-3": ("gnugo", "N5-O5 has only the two-point space O6-O7, bordered by Black: dead; "
               "the estimate (124/256) leaves it and F10 undecided"),
    "M-66-2-sgf": ("arbiter", "GNU Go kills White's whole right side (B+88 against RE B+5)"),
    "M-66-5": ("split", "White D15 is dead (Black E15 ataris it, D16 is answered at E16: J1989 "
               "7-1), as GNU Go says; White N12-N14 is alive, joined to L13-L14 through M13 and "
               "M12 (Black M13 is taken at M12, Black M12 is answered at M13: GNU Go's owl calls "
               "the dragon alive too), and Black S14, in atari at T14 inside White's right side, "
               "is dead, as arbiter says. The record stops with 26 open boundary points, so "
               "neither count is near RE"),
    "M-75-7": ("arbiter", "the lower-left corner is unsettled in the record; the count is "
               "closer to RE B+4 than GNU Go's 0"),
    "M-80-4": ("unclear", "the record stops in the middle of the game: 36 open boundary "
               "points and four lone stones (D3, F6, P7, P13) that whoever moves first takes. "
               "GNU Go's own owl reading calls the Black centre groups (C10-D7 with F8-H8, G10, "
               "H11; K8-M8 with N7, M6) alive, yet its final_status_list kills them (W+38.5); "
               "arbiter's list gives B+18; RE is a draw"),
    "M-81-1": ("gnugo", "two Black groups left undecided (108 and 112 of 256); GNU Go's count "
               "equals RE"),
    "M-94-1": ("gnugo", "the estimate (64/256 with random playouts, 120/256 with the atari "
               "and 3x3-shape answers) kills White O10-S11, which lives; GNU Go's count equals "
               "RE"),
    "T-03-2": ("gnugo", "the estimate (59/256) overrules eye space and kills O15-R15"),
    "T-08-5": ("arbiter", "A10 alive gives B+1.5 against RE B+0.5; GNU Go gives W+2.5"),
    "T-19-1": ("gnugo", "E14 and K15 are dead stones the estimate keeps (240 and 256 of 256)"),
    "T-20-2": ("arbiter", "the count is closer to RE B+4.5 than GNU Go's W+11.5"),
    "Gos23-T29": ("gnugo", "White's upper group K17-O18 is dead; the estimate keeps it "
                  "(about 145/256); GNU Go's count is within 1 of RE"),
}


# One-stone kos left open in the record, the stone in atari: under `--rules japanese` arbiter
# marks it dead by the Japanese Rules of 1989, article 7-2 (in the confirmation of life and
# death the opponent takes it, and its owner may retake only after a pass, so the opponent
# then connects); GNU Go 3.8 keeps it alive. The rule text wins: arbiter is right on these
# stones. RE has them alive because the players connected the ko after the record stops.
OPEN_KO_IN_ATARI = {
    "Hon-45-1": "H5", "Hon-45-p1": "T19", "Hon-47-1": "C15", "Hon-47-2": "O5",
    "Hon-47-3": "O11", "Hon-53-1": "E10", "Hon-53-2": "E16, J18", "Hon-59-5": "K19",
    "Hon-62-4": "R6", "Hon-78-5": "K13", "Hon-82-3": "J14", "Hon-82-4": "K19",
    "Hon-90-3": "L12", "Hon-96-5": "J15", "M-66-2": "O10", "M-66-2-sgf": "O10, O12",
    "M-69-6": "R8", "M-75-7": "A1", "M-78-2": "N19", "M-80-6": "O13", "M-85-1": "D12",
    "M-86-4": "D19", "M-89-3": "A12", "M-92-6": "M19, P12", "T-13-2": "A13", "T-13-5": "E5",
}


def known(name):
    """The hand-checked verdict on a disagreement of record `name`, if any."""
    stem = name[:-4] if name.endswith(".sgf") else name
    found = next((v for k, v in KNOWN.items() if stem.endswith(f"-{k}")), None)
    ko = next((v for k, v in OPEN_KO_IN_ATARI.items() if stem.endswith(f"-{k}")), None)
    if ko is None:
        return found
    rule = f"{ko}: one-stone ko in atari left open, dead by J1989 7-2 (rule text over GNU Go)"
    if found is None:
        return ("rule", rule)
    return (found[0], f"{found[1]}; {rule}")


# Hand-checked verdicts on the dead-list disagreements of the generated games (see
# go_selfplay.py), by source and game name, in the same form as KNOWN. "rule" means the rule
# text decides against GNU Go (named in the reason): the rule text wins over the oracle.
KNOWN_GENERATED = {
    "played-out": {
        "po-goban-original-games-Hon-47-5": ("gnugo", "as in the record: the estimate kills two "
                                             "large Black groups that live; GNU Go's count "
                                             "equals RE"),
        "po-goban-original-games-Hon-91-3": ("gnugo", "as in the record: Black H17-N16 is "
                                             "dead; eye space counts two areas that are not "
                                             "eyes; GNU Go's count equals RE"),
        "po-goban-original-games-Hon-94-7": ("gnugo", "as in the record: Black M19 stands "
                                             "among White stones both lists call dead, "
                                             "which it can capture in return (J1989 7-1); "
                                             "same margin either way"),
        "po-goban-original-games-M-65-3": ("gnugo", "as in the record: N5-O5 has only the "
                                           "two-point space O6-O7 bordered by Black, dead; "
                                           "left undecided with F10"),
        "po-goban-original-games-M-89-3": ("gnugo", "White's right-side group R19-O12 is dead, "
                                           "as both read it in the record; after the play-out "
                                           "it is left undecided ('open region too large: 361 "
                                           "graph points') and kept alive"),
        "po-goban-original-games-T-23-2": ("gnugo", "Black L11-L10, two stones inside White's "
                                           "area with the liberties K10 and K11, are dead; "
                                           "left undecided ('open region too large: 361 graph "
                                           "points'); GNU Go's count equals RE"),
    },
    "selfplay": {
        "sp-1012": ("gnugo", "upper left: Black B16 leaves White B15-A12 in atari (White A15 "
                    "is then suicide) and White B18-C16 with only the corner A17-D19, Black "
                    "C18-D18 inside: no two eyes. Both left undecided ('open region too "
                    "large: 359 graph points') and kept alive"),
        "sp-1022": ("gnugo", "Black B10, C9-C7, B6, D6, C5 are dead: their space on the left "
                    "edge (A5-A10, B7-B9, C6, C10) lies between White's B11-A11 and B5-A4-C4 "
                    "with White D10-D8-D7-E6 beside it and opens only at D9 and D5 into the "
                    "centre; White A10 leaves one eye, and GNU Go's owl finds no life even with "
                    "Black first. arbiter leaves them undecided (361 graph points); its range "
                    "B+3.5 to B+138.5 holds GNU Go's B+3.5"),
        "sp-1023": ("arbiter", "White N6 connects through M6 to White's living wall L6-M7 "
                    "(Black M6 is taken at once at M5; Black N5 is answered at M6): alive, "
                    "and the lower-middle area L3-N5 is White's. GNU Go's list kills it"),
        "sp-1046": ("gnugo", "Black B8-B7-C7-C6-C5-D5-F5-C4 and D3-E3 are dead: the bottom "
                    "space D4-F4, D1-F3 opens at F2-G3 to White's G3-G2-H1 and holds White's "
                    "C3-C2; the left space A5-A8, B6 holds White's B5-B4 (4 liberties). White "
                    "E1 leaves one eye, and no Black first move lives (GNU Go's owl after E1, "
                    "B6, D2, F3, B3), so dead by J1989 7-1. arbiter's search ran out of budget "
                    "(400,001 nodes) and says so: uncertain, range W+39.5 to B+29.5"),
        "sp-1052": ("gnugo", "White L18-L17-M17 and O18-O17 in Black's top area (Black "
                    "J16-J18, K16, L15, N15, P15, Q16, P18-P19 around) are unsettled: White K18 "
                    "first lives, Black N16 or K18 first kills (GNU Go's owl both ways). "
                    "Stones the opponent can capture are dead (J1989 7-1), as GNU Go lists "
                    "them; arbiter leaves them undecided (361 graph points) and, given GNU "
                    "Go's dead list, counts its B+43.5 exactly"),
        "sp-1055": ("gnugo", "White's lower-left group C7-C2, B7, D5, D2, with A2, E1-G1 and "
                    "G3-H3-H2 (level 1, Chinese rules) is dead whoever moves: its space B6, "
                    "D6, E5, D4, B3, B2, C1, D1, A3 holds Black A5-B5-B4, D3 and E2-F3; Black B3 "
                    "leaves no two eyes and no White first move lives (GNU Go's owl after B6, "
                    "A4, E5, D6, H4, B2, D1, B1, C1, A3, A6). arbiter keeps it on the estimate "
                    "(129/256), uncertain; given GNU Go's dead list it counts B+81.5 exactly"),
        "sp-1078": ("gnugo", "White T18, S17, R16, S15, R14-Q14, P13, single stones on a "
                    "diagonal, stand in the right side Black closes with Q17-Q19, R17, S18-S19, "
                    "P16, O14, S13, R12, R10-R8 and S7-T7: no eye and no way out; Black Q15 "
                    "splits them and no White first move lives (GNU Go's owl after R15, Q15, "
                    "S16, R13, S14, T16, Q13, Q16). arbiter leaves T18 undecided (361 graph "
                    "points) and keeps the rest on the estimate (129-135/256)"),
        "sp-1081": ("gnugo", "White R12-R11-S11-S10, R9-R7 and S13 inside Black's right side "
                    "are dead: their only eye space is the edge strip S12, T9-T13 between Black "
                    "R13-S14 and S8-S7, and Black T13 leaves one eye (GNU Go's owl finds no "
                    "defence even after White S9 joins the strings). arbiter leaves them "
                    "undecided ('open region too large: 361 graph points')"),
        "sp-1096": ("gnugo", "Black B17-B15, C16, D14-E14 and B13 are dead: their space A13-A16, "
                    "B14, C14-C15, D15-D16 lies under White's A17-D17-E16-F14 wall and opens at "
                    "D13-E13 only into White's left side (C12, B12, F13, F11); White A14 leaves "
                    "no two eyes. arbiter leaves them undecided (361 graph points) and the "
                    "winner changes with them: its range W+56.5 to B+294.5 says so"),
        "sp-1102": ("gnugo", "lower side capturing race with a ko: White G3-M3, F2-L2, H1-M1 has "
                    "only the eye J1-K1; Black N3-O3-O2-N1 has N2 (shared with M2) and O1. White "
                    "N2 takes M2 as a ko capture and ataris N3-N1; Black may retake only after a "
                    "pass (J1989 7-2), so White O1 captures. Black to move cannot win either "
                    "(J1, P1 or O1 meet the same N2). White lives, M2 and N1-O3 are dead; "
                    "arbiter's estimate (43/256, after the search ran out) kills White"),
        "sp-1106": ("split", "an unsettled lower-left fight the level-1 players passed in. "
                    "White captures B7 (A7) and C5-C4 (B5, then B4) when it moves first: dead "
                    "by J1989 7-1, as arbiter says. Black D3 ataris D5-E5-D4; E4 joins them to "
                    "F4-F1 with two liberties and Black D2 leaves one; White's D1 takes E1 as a "
                    "ko Black retakes after the pass 7-2 asks for, and every White move in "
                    "between loses: D5-E5-D4 are dead, as GNU Go says. White A8-A6 (with C8-C6) "
                    "keeps B7 as an eye and the corner through B5-B4: no Black first move kills "
                    "it (GNU Go's owl), alive as arbiter says"),
        "sp-1109": ("gnugo", "Black D12-D11-A11-A10..F9-D8-F8 (13 stones) is dead: its "
                    "liberties are A9, B9, C9, two of them shared with White's B8-C8-C7-G9 "
                    "string, which has four more (H7, F6, G6, E5); one own liberty against "
                    "four, and A9 is no second eye. arbiter reads it alive in a fight on the "
                    "points within 3 and prints the wrong winner as certain (B+27.5 against "
                    "GNU Go's W+1.5)"),
        "sp-1127": ("gnugo", "White O7 is alive: the Black stones around it (N8-O8, P7, M7, "
                    "N6 ...) belong to the lower-right mass both lists call dead, so O7 stands in "
                    "White's area. arbiter reads O7 inside an area enclosed by Black, assuming "
                    "the enclosing stones live; the area count is the same either way"),
        "sp-1144": ("gnugo", "Black H5-H2, F3-G3, D2-E2 and F1 in White's lower side are dead: "
                    "their space E1-E3, F2, G1-G2, H1, J1-J3 lies between White D1-C2-D3, G4-G5, "
                    "J4-J5 and K2; White C1 leaves one eye and no Black first move lives (GNU "
                    "Go's owl after F2, G2, J2, E1, J3, G1, E3, H6, C1, J1). arbiter keeps them "
                    "on the estimate (130/256, 'open region too large: 362 graph points')"),
        "sp-1147": ("arbiter", "White D12-D11-E11-E10-F10 is alive: it joins White's living "
                    "left side (C13, C10-A10, D9) through D10, where Black may not play "
                    "(suicide), and C11/C12, miai; GNU Go's own owl reading puts it in that "
                    "living dragon, yet its final_status_list kills it and its final_score "
                    "(B+11.5) names the wrong winner. arbiter's count W+4.5"),
        "sp-1148": ("gnugo", "White O17-O16, M15, O14 and M13 stand apart in Black's upper right "
                    "(Black M16-N17, O18-Q18, R17, R14, Q11, N12, L13 around) with no eye; Black "
                    "N15 (or M14) leaves them no life (GNU Go's owl), so they are dead by J1989 "
                    "7-1. arbiter leaves them undecided ('open region too large: 354 graph "
                    "points')"),
        "sp-1154": ("split", "White F19-F18, C18, E17, D16, C15, E15, F14, apart in Black's "
                    "upper left, are unsettled: Black D14 first kills, White C17 first lives "
                    "(GNU Go's owl both ways), so they are dead by J1989 7-1, as GNU Go says "
                    "(arbiter keeps them on the estimate, 133-157/256, and names the wrong "
                    "winner, uncertain). Black P11-Q11 is alive, as arbiter says: P12, Q12 and "
                    "R11 all join it to Black's living right side (O12, Q13, R10); GNU Go's own "
                    "owl puts it in that dragon"),
        "sp-1155": ("arbiter", "Black B10-C10 is alive: B9 and C9 are miai to join it to A9-B8 "
                    "and D9 (White B9 is then self-atari), and GNU Go's own owl puts it in the "
                    "living Black dragon; only GNU Go's final_status_list kills it"),
        "sp-1165": ("gnugo", "White's left side (E12-E9 with C9-D9-F9, A11-A10-B10, B8-B5 with "
                    "C6-C5, E7-F7) is dead whoever moves: Black A12-C12, B11, D11, C10, D13-E13, "
                    "F12, F10-G9, G8-G6, C7-D7, D6-E5, A6-A5 close it, and its space A7-A9, B9, "
                    "C8-F8, D10, D12, F11, E6-F6 is cut by Black C10, D11 and C7-D7; Black A7 "
                    "leaves no two eyes and no White first move lives (GNU Go's owl, 13 tried). "
                    "arbiter keeps it on the estimate (142-154/256, 'open region too large: 360 "
                    "graph points'): W+66.5 against GNU Go's W+12.5, uncertain"),
        "sp-1168": ("gnugo", "Black C16-C15, E16-E15, D14 and B14-A13-B13-C13 in White's upper "
                    "left (White B17-B16, C18, E17, D16, F16, E13, B12, D11 around) are dead "
                    "whoever moves: their space C17, A14-A15, B15, C14, D15, D13, E14, A12, C12 "
                    "opens only at F15-F14 into White's centre; White D17 leaves no two eyes and "
                    "no Black first move lives (GNU Go's owl, 11 tried). arbiter keeps them on "
                    "the estimate (138-140/256, 'open region too large: 361 graph points'): "
                    "W+26.5 against GNU Go's W+63.5, uncertain"),
        "sp-1184": ("gnugo", "Black's upper-right corner Q18-R18-Q17-Q16 with O16 and P15 "
                    "(White M17, N15-O15, P14-R14, R17, S18, S16 around, the top edge open to "
                    "White's side) is unsettled: Black R16 or N18 first lives, White O18 first "
                    "kills (GNU Go's owl both ways), so it is dead by J1989 7-1. arbiter keeps "
                    "it on the estimate (157-162/256) after its search ran out (400,001 nodes): "
                    "W+4.5 against GNU Go's W+46.5, uncertain"),
        "sp-1122": ("gnugo", "White O18-R17-R19, P19 and S16 are dead: capturing Q18-Q19 (P18) "
                    "gives one eye, and the corner S17-T19 beside Black T17-T16 gives no second "
                    "(Black S18, then T18). So Q18-Q19 stand: capturing them lets Black capture "
                    "in return (J1989 7-1). arbiter's estimate (78/256 and 178/256, 'open "
                    "region too large') has it the other way round"),
    },
}

SOURCES = ["real", "played-out", "selfplay"]
# The sources whose games end after two passes, with the dame and the forced connections
# filled: a dead list there is the finished game's, not a record's that stops early.
FINISHED = ["played-out", "selfplay"]


def known_for(source, name):
    """The hand-checked verdict on a disagreement of game `name` from `source`, if any."""
    if source == "real":
        return known(name)
    return KNOWN_GENERATED[source].get(name[:-4] if name.endswith(".sgf") else name)


def collect(args, log=sys.stderr):
    """Every game to compare, with GNU Go's judgement and the arbiter options that fit it."""
    gnugo = ensure_gnugo()
    records = select(fetch(args.dir), os.path.join(args.dir, "games"))
    cache_path = os.path.join(args.dir, "gnugo.jsonl")
    cache = load_cache(cache_path)
    games = []
    real = records[:args.records] if args.records is not None else records
    with open(cache_path, "a") as out:
        for i, g in enumerate(real):
            if g["key"] not in cache:
                print(f"\rGNU Go judging {i + 1}/{len(real)} {g['name']}", end="", file=log)
                entry = dict(gnugo_judge(gnugo, g["path"]), key=g["key"], name=g["name"])
                cache[g["key"]] = entry
                out.write(json.dumps(entry) + "\n")
                out.flush()
    for g in real:
        # Japanese professional records (and one IGS game, also Japanese rules): the verdict
        # under `--rules japanese` is territory counting, seki without points, and dead stones
        # under J1989 article 7-2 (a one-stone ko left in atari is dead: the owner could
        # retake only after a pass); `--method territory` alone would leave open kos to the
        # Chinese reading. Without KM the games are old no-komi games: komi 0 (GNU Go assumed
        # 5.5 there, and its score is shifted back).
        games.append({"source": "real", "name": g["name"], "path": g["path"], "re": g["re"],
                      "judged": cache[g["key"]], "rules": "japanese",
                      "komi": None if g["km"] is not None else 0.0,
                      "gnugo_komi_shift": 0.0 if g["km"] is not None else 5.5})
    if "played-out" in args.sources or "selfplay" in args.sources:
        import go_selfplay
        played = real if "played-out" in args.sources else []
        make = go_selfplay.made if args.cached else go_selfplay.generate
        selfplay, played_out = make(
            args.dir, args.games if "selfplay" in args.sources else 0, played)
        for source, paths in (("played-out", played_out), ("selfplay", selfplay)):
            for path in paths:
                judged = json.load(open(path[:-4] + ".json"))
                games.append({"source": source, "name": os.path.basename(path), "path": path,
                              "re": judged.get("record_re"), "judged": judged,
                              "rules": judged["rules"], "komi": judged["komi"],
                              "gnugo_komi_shift": 0.0})
    return [g for g in games if g["source"] in args.sources
            and (not args.only or args.only in g["name"])]


def compare(arbiter, g):
    """Scores one game with `--dead auto` under its rules; the row of what agrees."""
    judged = g["judged"]
    command = [arbiter, "go", "score", g["path"], "--dead", "auto", "--rules", g["rules"],
               "--method", "territory" if g["rules"] == "japanese" else "area", "--json"]
    if g["komi"] is not None:
        command += ["--komi", f"{g['komi']:g}"]
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True)
    row = {"source": g["source"], "name": g["name"], "time": time.perf_counter() - start,
           "re": g["re"], "gnugo": judged.get("score")}
    if run.returncode != 0:
        # a record with an illegal move is refused: no dead list to compare (GNU Go loads
        # it all the same); any other failure counts against arbiter
        row["refused" if "is illegal" in run.stderr else "failed"] = run.stderr.strip()[:200]
        return row
    doc = json.loads(run.stdout)
    position = doc["position"]
    dead = set(position["dead"])
    expected = set(judged["dead"])
    seki = set(judged["seki"])
    verdict = doc["verdict"]
    margin = verdict["black_lead"]
    gnugo_margin = margin_of(judged["score"])
    recorded = margin_of(g["re"]) if g["re"] else None
    bases = {}
    for v in position.get("life_verdicts", []):
        key = f"{v['basis']} {v['status']}"
        bases[key] = bases.get(key, 0) + len(v["stones"])
    row.update(margin=margin, komi=verdict["komi"], ruleset=verdict["ruleset"],
               only_arbiter=sorted(dead - expected), only_gnugo=sorted(expected - dead),
               undecided=position["undecided"], seki_dead=sorted(dead & seki), bases=bases,
               certain=doc.get("certain", True))
    row["same_dead"] = dead == expected
    if gnugo_margin is not None:
        # GNU Go's score with arbiter's komi (they differ only for records without KM)
        gnugo_margin -= 0 if not g["gnugo_komi_shift"] else -g["gnugo_komi_shift"]
        row["gnugo_margin"] = gnugo_margin
        row["same_score"] = abs(gnugo_margin - margin) < 1e-9
        row["near_score"] = abs(gnugo_margin - margin) <= 1
        row["same_winner"] = sign(gnugo_margin) == sign(margin)
    if recorded is not None:
        row["re_margin"] = recorded
        row["near_re"] = abs(margin - recorded) <= 1
        row["same_winner_re"] = sign(recorded) == sign(margin)
    return row


def sign(x):
    return (x > 0) - (x < 0)


def ratio(rows, key):
    have = [r for r in rows if key in r]
    hits = sum(1 for r in have if r[key])
    share = f" ({100 * hits / len(have):.1f} %)" if have else ""
    return f"{hits}/{len(have)}{share}"


def summary(title, rows, out=sys.stdout):
    """The ratios of one source (or of all) in a few lines."""
    scored = [r for r in rows if "margin" in r]
    refused = [r for r in rows if "refused" in r]
    failed = [r for r in rows if "failed" in r]
    times = [r["time"] for r in rows]
    print(f"== {title}: {len(scored)} games"
          + (f" ({len(refused)} refused for an illegal move)" if refused else "")
          + (f", {len(failed)} FAILED" if failed else ""), file=out)
    if not scored:
        return
    for r in scored:
        verdict = None if r["same_dead"] else known_for(r["source"], r["name"])
        r["dead_or_rule"] = r["same_dead"] or (verdict is not None and verdict[0] == "rule")
        r["dead_or_arbiter_right"] = r["same_dead"] or (
            verdict is not None and verdict[0] in ("rule", "arbiter"))
    print(f"   same dead list as GNU Go: {ratio(scored, 'same_dead')}; the same or differing "
          f"only where the rule text decides against GNU Go: {ratio(scored, 'dead_or_rule')}",
          file=out)
    print(f"   same score as GNU Go's final_score (same komi and rules): "
          f"{ratio(scored, 'same_score')}; within 1 point: {ratio(scored, 'near_score')}; "
          f"same winner: {ratio(scored, 'same_winner')}", file=out)
    if any("re_margin" in r for r in scored):
        print(f"   within 1 point of the record's RE: {ratio(scored, 'near_re')}; same winner "
              f"as RE: {ratio(scored, 'same_winner_re')}", file=out)
    seki_dead = [r for r in scored if r["seki_dead"]]
    print(f"   games with a GNU Go seki stone marked dead: {len(seki_dead)}"
          + (" (" + ", ".join(r["name"] for r in seki_dead) + ")" if seki_dead else ""),
          file=out)
    print(f"   uncertain verdicts (winner could change): "
          f"{sum(1 for r in scored if not r['certain'])}", file=out)
    explained = {}
    for r in scored:
        if not r["same_dead"]:
            verdict = known_for(r["source"], r["name"])
            who = verdict[0] if verdict else "new"
            explained[who] = explained.get(who, 0) + 1
    if explained:
        print("   dead-list disagreements by who is right (hand-checked): "
              + ", ".join(f"{k} {v}" for k, v in sorted(explained.items())), file=out)
        checked = sum(v for k, v in explained.items() if k != "new")
        print(f"   disagreements read by hand: {checked} of {sum(explained.values())}"
              f"; same dead list, or arbiter's list the right one (arbiter, rule): "
              f"{ratio(scored, 'dead_or_arbiter_right')}", file=out)
    print(f"   arbiter time per game: median {statistics.median(times):.3f} s, "
          f"worst {max(times):.3f} s", file=out)


def details(rows, out=sys.stdout):
    """One line per disagreement (with who is right), refusal or failure."""
    for r in rows:
        label = f"{r['source']}/{r['name']}"
        if "refused" in r or "failed" in r:
            print(f"  {label}: arbiter {'refused' if 'refused' in r else 'FAILED'}: "
                  f"{r.get('refused') or r.get('failed')}", file=out)
            continue
        if not r["same_dead"]:
            verdict = known_for(r["source"], r["name"])
            print(f"  {label}: dead only in arbiter {r['only_arbiter']}, only in GNU Go "
                  f"{r['only_gnugo']}" + (f", undecided {r['undecided']}" if r["undecided"]
                                          else ""), file=out)
            print(f"      score arbiter {r['margin']:+g} (komi {r['komi']:g}), GNU Go "
                  f"{r['gnugo']}" + (f", RE {r['re']}" if r.get("re") else "")
                  + f"; right: {verdict[0] if verdict else 'new'}"
                  + (f" ({verdict[1]})" if verdict else ""), file=out)
        elif not r.get("same_score" if r["source"] != "real" else "near_score", True):
            # the records stop before the dame are filled: only misses over a point listed
            print(f"  {label}: same dead list, score arbiter {r['margin']:+g}, GNU Go "
                  f"{r['gnugo']}", file=out)
        if r["seki_dead"]:
            print(f"  {label}: GNU Go seki stones marked dead {r['seki_dead']}", file=out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default="/tmp/arbiter-real-games")
    parser.add_argument("--arbiter", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "arbiter"))
    parser.add_argument("--build", action="store_true", help="cargo build --release first")
    parser.add_argument("--sources", default=",".join(SOURCES),
                        help="comma-separated: real, played-out, selfplay (default: all)")
    parser.add_argument("--games", type=int, default=200,
                        help="self-play games (made once, under DIR/selfplay; default 200)")
    parser.add_argument("--records", type=int, help="only the first N real records "
                        "(and their play-outs)")
    parser.add_argument("--smoke", action="store_true",
                        help="a handful of games: 3 records, their play-outs, 2 self-play games")
    parser.add_argument("--cached", action="store_true",
                        help="compare only the generated games already made, make none")
    parser.add_argument("--only", help="only the games whose name contains this")
    parser.add_argument("--json", help="write the per-game results to this file")
    args = parser.parse_args()
    args.sources = [s.strip() for s in args.sources.split(",")]
    unknown = set(args.sources) - set(SOURCES)
    if unknown:
        parser.error(f"unknown source(s) {sorted(unknown)}; choose from {SOURCES}")
    if args.smoke:
        args.records, args.games = 3, 2
    gnugo = ensure_gnugo()
    print(subprocess.run([gnugo, "--version"], capture_output=True, text=True).stdout.splitlines()[0])
    if args.build:
        subprocess.run(["cargo", "build", "--release", "-p", "arbiter"], cwd=ROOT, check=True)
    games = collect(args)
    rows = []
    for i, g in enumerate(games):
        print(f"\rarbiter {i + 1}/{len(games)} {g['name']}   ", end="", file=sys.stderr)
        rows.append(compare(args.arbiter, g))
    print(file=sys.stderr)
    print(f"arbiter: {args.arbiter}; `go score FILE --dead auto --rules R --json` (japanese "
          "--method territory for the records and their play-outs and the Japanese self-play "
          "games, chinese --method area for the Chinese ones)")
    for source in SOURCES:
        part = [r for r in rows if r["source"] == source]
        if part:
            summary(source, part)
    finished = [r for r in rows if r["source"] in FINISHED]
    if finished and len(finished) < len(rows) and len({r["source"] for r in finished}) > 1:
        summary(" + ".join(FINISHED) + " (games played to two passes)", finished)
    summary("all", rows)
    bases = {}
    for r in rows:
        for k, v in r.get("bases", {}).items():
            bases[k] = bases.get(k, 0) + v
    print("searched stones by basis and status: "
          + ", ".join(f"{k} {v}" for k, v in sorted(bases.items())))
    details(rows)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()

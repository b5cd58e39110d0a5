#!/usr/bin/env python3
"""Records the CLI writes, read by two independent parsers: cshogi and python-shogi.

Run from the workspace root:

    python3 benches/peers/shogi_records.py [--arbiter PATH] [--venv DIR]

1. cshogi 1.1.0 and python-shogi 1.1.1 (PyPI) are installed into a virtual environment under
   /tmp (DIR, default /tmp/shogi-peers-venv) when it is missing; the script then runs itself
   again with that environment's Python.
2. Every record of examples/shogi/records/ (47 records written in the styles of Kifu for
   Windows, Shogidokoro, Piyo Shogi, KIF for Android, ShogiGUI, floodgate, WCSC and JSA
   problems: headers, comments (`*`, `**` analysis, CSA `'*`/`'**`), move times, 変化,
   every ending, 14 handicaps, BOD starts, Shift_JIS, EUC-JP, UTF-8 and UTF-8-with-BOM
   bytes, a multi-game CSA file) is converted with `arbiter shogi convert` to KIF (a .kif
   file, Shift_JIS), KIFU (.kifu, UTF-8), KI2 and CSA, and to USI for the reference move
   list.
3. Each written file is parsed by cshogi (KIF and CSA parsers) and python-shogi (KIF and CSA
   parsers; neither peer reads KI2, so KI2 output has no peer check); the moves each parser reads, as USI, must equal arbiter's, and the start
   position its SFEN. The source records are parsed too, as a check on the corpus.
   The ending cshogi reads from the source (its `%` word, or the `まで…` line of a KIF)
   must be the `%` line cshogi reads from the CSA arbiter wrote.
4. Known peer limits are reported as `peer-limit`, each with the rule that recognises it
   (the format's text wins there, and crates/shogi-rules/tests/peer_disagreements.rs says
   so): both peers read 変化 moves on as main-line moves and know no 左七枚落ち, 右七枚落ち
   or 歩三兵; cshogi 1.1.0 skips KIF move lines its pattern misses (不成, 成香/成桂/成銀)
   and BOD boards; python-shogi 1.1.1 takes a BOD start's side to move from after the
   moves and writes some CSA hands malformed (`b2`); cshogi maps a `まで…で持将棋` line to
   %SENNICHITE.
5. One line per file and parser, then the counts; exit status 1 if any parser disagrees or
   fails on a file the CLI wrote. The peers are oracles for the file formats, not for the
   rules: a record that holds a foul move (二歩 then 反則勝ち) is expected to be refused by a
   parser that checks legality, and is reported as such, not as a disagreement.
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RECORDS = os.path.join(ROOT, "examples", "shogi", "records")
PEERS = ["cshogi==1.1.0", "python-shogi==1.1.1"]


def ensure_venv(venv):
    python = os.path.join(venv, "bin", "python")
    try:
        import cshogi  # noqa: F401
        import shogi  # noqa: F401
        return
    except ImportError:
        pass
    if os.path.abspath(sys.executable) == os.path.abspath(python):
        sys.exit("the peers are not importable in " + venv)
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([python, "-m", "pip", "install", "-q", *PEERS], check=True)
    os.execv(python, [python, *sys.argv])


def arbiter_cmd(arbiter, *args):
    return subprocess.run([arbiter, *args], capture_output=True, text=True)


def usi_of(arbiter, path):
    out = arbiter_cmd(arbiter, "shogi", "convert", path, "--to", "usi")
    if out.returncode != 0:
        return None, out.stderr.strip()
    words = out.stdout.split()
    # position startpos|sfen S S S S moves ...
    if words[1] == "startpos":
        sfen, rest = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", words[2:]
    else:
        sfen, rest = " ".join(words[2:6]), words[6:]
    moves = rest[1:] if rest and rest[0] == "moves" else []
    return (sfen, moves), None


def hand_counts(text):
    """{piece letter: count} of an SFEN hand field such as `b2p` or `2pb` (writers order
    the pieces differently); None when the field is malformed."""
    if text == "-":
        return {}
    counts, number = {}, ""
    for c in text:
        if c.isdigit():
            number += c
        elif c.isalpha():
            counts[c] = counts.get(c, 0) + int(number or 1)
            number = ""
        else:
            return None
    return None if number else counts


def same_sfen(a, b):
    # Move numbers differ between writers, and the order of the pieces in hand; compare
    # board, side and hand contents.
    a, b = a.split(), b.split()
    return a[:2] == b[:2] and hand_counts(a[2]) == hand_counts(b[2])


HANDICAPS_UNKNOWN_TO_PEERS = {"左七枚落ち", "右七枚落ち", "歩三兵"}


def names_unknown_handicap(path):
    """Whether a record names a handicap neither peer knows (in any of its encodings)."""
    raw = open(path, "rb").read()
    return any(name.encode(enc) in raw for name in HANDICAPS_UNKNOWN_TO_PEERS
               for enc in ("utf-8", "cp932", "euc_jp"))


def has_bod(path):
    """Whether a KIF file draws its start as a BOD board."""
    raw = open(path, "rb").read()
    return b"+---------------------------+" in raw


def first_unreadable_kif_move(path):
    """The number of the first main-line KIF move line cshogi 1.1.0's move pattern does not
    match (it skips such lines without a word: 不成, 成香/成桂/成銀, …), or None."""
    import cshogi.KIF

    raw = open(path, "rb").read()
    for enc in ("utf-8-sig", "cp932", "euc_jp"):
        try:
            text = raw.decode(enc)
            break
        except UnicodeDecodeError:
            continue
    else:
        return None
    for line in text.splitlines():
        if line.startswith("変化"):
            break
        words = line.split()
        if words and words[0].isdigit() and not cshogi.KIF.Parser.MOVE_RE.match(line):
            return int(words[0])
    return None


def by_cshogi(path, kind):
    import cshogi
    import cshogi.CSA
    import cshogi.KIF

    if kind == "csa":
        parser = cshogi.CSA.Parser.parse_file(path)[0]
    else:
        parser = cshogi.KIF.Parser.parse_file(path)
    return parser.sfen, [cshogi.move_to_usi(m) for m in parser.moves]


def by_python_shogi(path, kind):
    import shogi.CSA
    import shogi.KIF

    if kind == "csa":
        game = shogi.CSA.Parser.parse_file(path)[0]
    else:
        game = shogi.KIF.Parser.parse_file(path)[0]
    return game["sfen"], list(game["moves"])


PARSERS = {
    "kif": [("cshogi", by_cshogi), ("python-shogi", by_python_shogi)],
    "kifu": [("cshogi", by_cshogi), ("python-shogi", by_python_shogi)],
    # cshogi 1.1.0's KIF parser skips KI2 move lines and python-shogi has no KI2 reader:
    # no peer checks KI2.
    "ki2": [],
    "csa": [("cshogi", by_cshogi), ("python-shogi", by_python_shogi)],
}


def source_kind(name):
    ext = os.path.splitext(name)[1].lstrip(".").lower()
    return {"kifu": "kifu", "kif": "kif", "ki2": "ki2", "ki2u": "ki2", "csa": "csa"}.get(ext)


def check(label, kind, path, expected, written, counts, has_variations):
    sfen, moves = expected
    foul = "foul" in os.path.basename(label)
    for name, parse in PARSERS[kind]:
        try:
            peer_sfen, peer_moves = parse(path, kind)
        except Exception as e:  # a peer's refusal is a result to report
            outcome = "refused" if foul else ("FAIL" if written else "fail")
            if names_unknown_handicap(path):
                # Neither peer knows the Kakinoki names 左七枚落ち, 右七枚落ち, 歩三兵.
                outcome = "peer-limit"
            elif not written and isinstance(e, (UnicodeDecodeError, TypeError)):
                # cshogi 1.1.0 reads CSA as UTF-8 and KIF as CP932 only; python-shogi
                # likewise: a Shift_JIS CSA or EUC-JP KIF source is beyond them.
                outcome = "peer-limit"
            print(f"{outcome:8} {label} [{name}]: {type(e).__name__}: {e}")
            counts[outcome] = counts.get(outcome, 0) + 1
            continue
        if peer_moves == moves and same_sfen(peer_sfen, sfen):
            outcome = "ok"
        elif foul and peer_moves[:-1] == moves[:-1]:
            # A legality-checking parser drops (or cannot encode) the foul move itself.
            outcome = "refused"
        elif has_variations and peer_moves[: len(moves)] == moves:
            # python-shogi 1.1.1 and cshogi 1.1.0 read the moves of 変化 branches on as if
            # they continued the main line; the main line itself agrees.
            outcome = "peer-limit"
        elif (name == "cshogi" and kind in ("kif", "kifu")
              and (k := first_unreadable_kif_move(path)) is not None
              and peer_moves[: k - 1] == moves[: k - 1]):
            # cshogi 1.1.0 skips move lines its pattern does not match (不成, 成香 …) and
            # reads on out of step; up to that move it agrees.
            outcome = "peer-limit"
        elif name == "cshogi" and kind in ("kif", "kifu") and has_bod(path):
            # cshogi 1.1.0's KIF reader skips the rows of a BOD board (and its hands):
            # it starts from the initial position instead.
            outcome = "peer-limit"
        elif (name == "python-shogi" and peer_moves == moves and kind in ("kif", "kifu")
              and has_bod(path) and peer_sfen.split()[0] == sfen.split()[0]
              and len(moves) % 2 == 1):
            # python-shogi 1.1.1 takes a BOD start's side to move from after the moves.
            outcome = "peer-limit"
        elif (peer_moves == moves and hand_counts(peer_sfen.split()[2]) is None):
            # python-shogi 1.1.1 writes a malformed hand (`b2` for a bishop and two pawns)
            # for some CSA `P+00KA00FU00FU` lines; the moves agree.
            outcome = "peer-limit"
        else:
            outcome = "DIFFER" if written else "differ"
        detail = "" if outcome == "ok" else f": {len(peer_moves)} moves vs {len(moves)}"
        print(f"{outcome:8} {label} [{name}]{detail}")
        counts[outcome] = counts.get(outcome, 0) + 1


def peer_ending(path, kind):
    """The ending cshogi reads from a record (its CSA `%` word, or for KIF the `%` word it
    maps the `まで…` summary line to), with its winner code; (None, None) when it reads none."""
    import cshogi.CSA
    import cshogi.KIF

    if kind == "csa":
        parser = cshogi.CSA.Parser.parse_file(path)[0]
    elif kind in ("kif", "kifu"):
        parser = cshogi.KIF.Parser.parse_file(path)
    else:
        return None, None
    return parser.endgame or None, parser.win


def check_ending(label, src, kind, written_csa, counts):
    """The ending cshogi reads from the source must be the `%` line arbiter wrote."""
    try:
        source_end = peer_ending(src, kind)
        written_end = peer_ending(written_csa, "csa")
    except Exception as e:  # the move checks report the peer's refusals
        del e
        return
    if source_end[0] is None:
        return
    # The words are compared; the winner codes cshogi gives a 中断 differ between its own
    # KIF (None) and CSA (0) readers.
    outcome = "ok" if source_end[0] == written_end[0] else "DIFFER"
    if outcome == "DIFFER" and kind in ("kif", "kifu") and source_end[0] == "%SENNICHITE":
        # cshogi 1.1.0 maps every other `まで…` line (持将棋 included) to %SENNICHITE.
        outcome = "peer-limit"
    detail = "" if outcome == "ok" else f": source {source_end}, written {written_end}"
    print(f"{outcome:8} {label} [cshogi ending]{detail}")
    counts[outcome] = counts.get(outcome, 0) + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arbiter", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "debug", "arbiter"))
    ap.add_argument("--venv", default="/tmp/shogi-peers-venv")
    args = ap.parse_args()
    ensure_venv(args.venv)
    counts = {}
    out_dir = tempfile.mkdtemp(prefix="shogi-records-")
    for name in sorted(os.listdir(RECORDS)):
        src = os.path.join(RECORDS, name)
        expected, err = usi_of(args.arbiter, src)
        if expected is None:
            print(f"{'FAIL':8} {name}: arbiter cannot read it: {err}")
            counts["FAIL"] = counts.get("FAIL", 0) + 1
            continue
        with open(src, "rb") as f:
            raw = f.read()
        has_variations = any(word.encode(enc) in raw
                             for word in ["変化"] for enc in ("cp932", "euc_jp", "utf-8"))
        kind = source_kind(name)
        if kind:
            check(f"{name} (source)", kind, src, expected, False, counts, has_variations)
        stem = os.path.splitext(name)[0]
        for to, ext in [("kif", "kif"), ("kif", "kifu"), ("ki2", "ki2"), ("csa", "csa")]:
            target = os.path.join(out_dir, f"{stem}.{ext}")
            done = arbiter_cmd(args.arbiter, "shogi", "convert", src, "--to", to,
                               "--output", target)
            if done.returncode != 0:
                print(f"{'FAIL':8} {name} -> {ext}: {done.stderr.strip()}")
                counts["FAIL"] = counts.get("FAIL", 0) + 1
                continue
            # CSA has no variations: the CLI drops them there (and says so).
            check(f"{name} -> {ext}", ext, target, expected, True, counts,
                  has_variations and ext != "csa")
            if ext == "csa" and kind and not names_unknown_handicap(src):
                check_ending(f"{name} -> csa", src, kind, target, counts)
    print(", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    sys.exit(1 if counts.get("FAIL") or counts.get("DIFFER") else 0)


if __name__ == "__main__":
    main()

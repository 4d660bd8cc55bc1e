#!/usr/bin/env python3
"""Writes the rule-option perft suites under tamerlane-core/tests/data/rules/
from the reference implementation (never from the Rust code), and prints
how long each count took.

    python3 tools/reference/rule_perft.py [--out DIR]

Each block is a position, a rule set and a depth.  Every count is the
reference's perft under that rule set; the same position's perft under the
default rules is written as a comment in the block, so a reader sees that
the option matters (the script refuses a block where it does not).  Every
block gets a `-black` twin: the position turned round with the colours
swapped, whose counts must come out the same.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tamerlane_ref as ref  # noqa: E402

HEADER = """\
# Perft suite for the rule options (docs/RULES.md, section 9){extra}.
#
# Same format as ../special.perft: blocks separated by blank lines, with
# `name`, `why`, `tfen` and `perft DEPTH COUNT` lines; lines starting with `#`
# are comments.  One more key:
#
#   rules STRING    the rule set (section 9 syntax) the counts are for;
#                   the position is always the `tfen` line (a preset's own
#                   start position is not implied).
#
# Every count was computed by the independent reference implementation
# tools/reference/tamerlane_ref.py (written from docs/RULES.md alone) and
# written by tools/reference/rule_perft.py.  The `# default rules:` comment in
# each block gives the same position's counts under the default rules, to
# show that the option changes them.  `-black` blocks are the same positions
# rotated 180 degrees with colours swapped."""

OPTIONS_NOTE = """
#
# royals-only, repetition and move-limit have no block: they are game-level
# draws that take no legal move away, so they never change a perft count."""

# file -> list of (name, why, rules, tfen, depth[, deep depth]); a deep depth
# is computed too but written as a comment only (too slow for a debug-mode
# suite; for a separate deep test).
SUITES = {
    "options.perft": [
        ("swap-when-check", "after Black's move White's King is stuck but not attacked: "
         "the swap a1k10 exists only under check-or-stuck",
         "swap-when=check", "10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 b K 00 0 1", 4),
        ("swap-with-any-pawn-neighbour", "King in check with a pawn neighbour e3 and a "
         "rook's pawn a5: swaps f2e3 and f2a5",
         "swap-with=any", "10k/5r5/11/11/11/PR10/11/4PF6/5K5/11 w K 00 0 1", 4),
        ("swap-with-any-open-files", "rook checks along ranks 2 and 9 against Kings "
         "flanked by pawns",
         "swap-with=any", "r9r/5k5/4pfpkpv4/11/11/11/11/4PFPKPV4/5K5/R9R w Kk 00 0 1", 3),
        ("citadel-entry-king-only", "Princes without a King next to both citadels: "
         "no entry under king-only",
         "citadel-entry=king-only", "11/S9r/11/S10/11/11/10s/11/R9s/11 w - 00 0 1", 4),
        ("one-arrival-again", "a placed pawn of pawns (stage 1) arrives again: it waits "
         "on b10 and can be placed on d4 again instead of jumping to f3",
         "pawn-of-pawns=one-arrival", "5k5/1PP9/11/11/11/2r1r6/11/11/11/5K5 w - 10 0 1", 4),
        ("one-arrival-blocks-check", "the second arrival d9d10 waits and blocks the "
         "rook's check instead of jumping to f3",
         "pawn-of-pawns=one-arrival", "K9r/3PP7/11/11/11/11/11/11/11/5k5 w - 10 0 1", 5),
        ("placement-onto-enemy-knight", "the only fork square d4 holds a knight: "
         "b10d4 captures it",
         "placement-onto=enemy", "1PP3k5/11/11/11/11/2r1r6/3n7/11/11/5K5 w - 10 5 1", 4),
        ("placement-onto-enemy-arrival", "the pawn of pawns arrives on c10; then c6 and "
         "e6 (ferz, vizier) are fork squares as well as the empty d5",
         "placement-onto=enemy", "5k5/2PP8/11/1r1n1r5/2f1v6/11/11/11/11/10K w - 00 0 1", 4),
        ("fork-or-trapped-elephant", "the elephant a10 is boxed in by its own King on "
         "c8: k10b9 attacks a trapped piece",
         "placement-targets=fork-or-trapped", "e9PP/11/2k8/11/11/11/11/11/11/5K5 w - 10 0 1", 4),
        ("fork-or-trapped-corner", "elephant a10 boxed in by its pawn c8: j10b9 attacks "
         "only it; a dabbaba, a rook and pawns around",
         "placement-targets=fork-or-trapped",
         "e3d1r2PP1/5k5/2pr1pv6/11/11/11/11/11/11/R4K5 w - 10 0 1", 3),
        ("lone-royal-prince", "the lone King in check may not promote the pawn of kings "
         "(the new Prince would leave it attacked)",
         "lone-royal=before-move", "11/4PK6/11/11/10k/r10/11/11/11/K10 w - 00 0 1", 5),
        ("lone-royal-adventitious", "the lone King in check may not make an Adventitious "
         "King by the third arrival",
         "lone-royal=before-move", "11/1PP9/11/11/10k/r10/11/11/11/K10 w - 20 0 1", 5),
    ],
    "seed-001.perft": [
        ("seed-001-start", "the seed-001 preset's own start position (section 9)",
         "seed-001", ref.SEED001_TFEN, 4, 5),
        ("seed-001-standard-array", "the seed-001 rules from the standard array of "
         "section 7: six positions at depth 3 are checks where swap-with=any adds "
         "pawn swaps (+40 at depth 4)",
         "seed-001", ref.INITIAL_TFEN, 4),
        ("seed-001-placement-capture", "fork square d4 holds a knight (placement-onto); "
         "later the arrivals stay at stage 1 (one-arrival)",
         "seed-001", "1PP3k5/11/11/11/11/2r1r6/3n7/11/11/5K5 w - 10 5 1", 4),
        ("seed-001-trapped", "trapped elephant a10: k10b9 (fork-or-trapped)",
         "seed-001", "e9PP/11/2k8/11/11/11/11/11/11/5K5 w - 10 0 1", 4),
        ("seed-001-swap-pawn", "King in check next to a pawn (swap-with=any, only "
         "while attacked)",
         "seed-001", "10k/5r5/11/11/11/PR10/11/4PF6/5K5/11 w K 00 0 1", 4),
    ],
}


def rotate(tfen):
    """The position turned round 180 degrees with the colours swapped."""
    pos = ref.parse_tfen(tfen)
    board = [None] * ref.NSQ
    for s in range(ref.NF * ref.NR):
        p = pos.board[s]
        if p is not None:
            f, r = ref.file_of(s), ref.rank_of(s)
            board[ref.sq_of(ref.NF - 1 - f, ref.NR - 1 - r)] = p.swapcase()
    for c, d in ((ref.WC, ref.BC), (ref.BC, ref.WC)):
        if pos.board[c] is not None:
            board[d] = pos.board[c].swapcase()
    w, b = ref.WHITE, ref.BLACK
    out = ref.Position(board, ref.OPP[pos.side], {w: pos.swap[b], b: pos.swap[w]},
                       {w: pos.stage[b], b: pos.stage[w]}, pos.halfmove, pos.fullmove)
    return ref.format_tfen(out)


def counts(tfen, rules, depth, timings, label):
    pos = ref.parse_tfen(tfen, rules)
    out = []
    for d in range(1, depth + 1):
        t0, c0 = time.time(), time.process_time()
        n = ref.perft(pos, d, rules)
        if timings is not None:
            timings.append((label, d, n, time.time() - t0, time.process_time() - c0))
        out.append(n)
    return out


def block(name, why, rule_string, tfen, got, default, deep):
    lines = ["name " + name, "why " + why, "rules " + rule_string, "tfen " + tfen]
    lines.append("# default rules: " + ", ".join(
        "perft %d %d" % (d + 1, n) for d, n in enumerate(default)))
    lines += ["perft %d %d" % (d + 1, n) for d, n in enumerate(got)]
    if deep:
        lines.append("# deep (not run by the suite): perft %d %d" % deep)
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(
        here, "..", "..", "tamerlane-core", "tests", "data", "rules"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    timings = []
    for fname, blocks in SUITES.items():
        extra = ": the seed-001 preset" if fname.startswith("seed-001") else ": one option each"
        text = [HEADER.format(extra=extra) + ("" if fname.startswith("seed") else OPTIONS_NOTE)]
        for name, why, rs, tfen, depth, *deep_depth in blocks:
            rules = ref.parse_rules(rs)
            got = counts(tfen, rules, depth, timings, name)
            deep = None
            if deep_depth:
                t0, c0 = time.time(), time.process_time()
                deep = (deep_depth[0], ref.perft(ref.parse_tfen(tfen, rules), deep_depth[0], rules))
                timings.append((name, deep[0], deep[1], time.time() - t0,
                                time.process_time() - c0))
            default = counts(tfen, ref.DEFAULT_RULES, depth, None, name)
            if got == default:
                raise SystemExit("block %s: the option does not change the counts" % name)
            twin = rotate(tfen)
            if counts(twin, rules, depth, timings, name + "-black") != got:
                raise SystemExit("block %s: the -black twin differs" % name)
            text.append(block(name, why, rs, tfen, got, default, deep))
            text.append(block(name + "-black", why, rs, twin, got, default, None))
            print("%s: %s" % (name, got), flush=True)
        with open(os.path.join(args.out, fname), "w") as f:
            f.write("\n\n".join(text) + "\n")
    print("\nblock, depth, count, seconds (wall), seconds (cpu)")
    for label, d, n, wall, cpu in timings:
        print("%s %d %d %.2f %.2f" % (label, d, n, wall, cpu))


if __name__ == "__main__":
    main()

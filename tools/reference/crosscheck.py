#!/usr/bin/env python3
"""Differential test: the Rust `tamerlane` CLI against the independent Python
reference (`tamerlane_ref.py`, written from the rules spec alone).

Random playouts are driven by the reference from the initial position and
from positions rich in special rules, preferring rare moves (pawn-of-pawns
moves, royal moves, promotions, swaps) a third of the time. For every position
reached, the sorted legal-move lists of both implementations must be equal;
for a sample of moves, the TFEN after `apply` must be equal too.

    python3 tools/reference/crosscheck.py --binary target/release/tamerlane \
        --games 60 --plies 120 --seed 1

Exit status 0 when everything agrees, 1 on the first disagreement (printed).
"""

import argparse
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tamerlane_ref as ref  # noqa: E402

STARTS = [
    "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1",
    "11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1",
    "11/2PP8/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 00 0 1",
    "2PP8/11/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 10 0 1",
    "3r7/4PP6/11/11/5k5/11/11/5F5/K10/11 w - 10 0 1",
    "S10/11/11/11/5k5/11/11/11/11/10A w - 00 0 1",
    "11/(a)K10/11/11/11/11/11/11/10k/11 w - 00 0 1",
    "4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1",
    "10k/11/11/11/11/11/1pr9/T1n6pr1/1v5r1PR1/K9G w K 00 0 1",
    "k4r5/11/11/11/11/11/2t8/11/4NR3g1/5K1V3 w - 00 0 1",
    # Rook pawns advanced on both wings, a talia pawn missing.
    "e1c1d1d1c1e/rntgvkfgtnr/1pn1pgpvpkpfpepcpdpp/11/pr10/10PR/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 6",
]


def is_rare(pos, move):
    """Moves worth steering towards: they exercise the special rules."""
    board = pos.board
    names = {ref.sq_name(s): s for s in range(len(board))}
    split = 2 if move[:2] in ("wc", "bc") or move[1:3] != "10" else 3
    frm, to = names[move[:split]], names[move[split:]]
    piece = board[frm]
    kind = ref.KIND[piece]
    return (kind in ("K", "S", "A", "PP", "PK") or to in (ref.WC, ref.BC)
            or board[to] is not None and ref.COLOR[board[to]] == ref.COLOR[piece])


def run(binary, subcommand, lines):
    out = subprocess.run([binary, subcommand, "--stdin"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return out.split("\n")[: len(lines)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default="target/release/tamerlane")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    positions, expected, applies = [], [], []
    for g in range(args.games):
        pos = ref.parse_tfen(STARTS[g % len(STARTS)])
        for _ in range(args.plies):
            tfen = ref.format_tfen(pos)
            moves = sorted(ref.legal_moves(pos))
            positions.append(tfen)
            expected.append(" ".join(moves))
            if not moves:
                break
            for m in rng.sample(moves, min(2, len(moves))):
                applies.append((tfen, m, ref.format_tfen(ref.apply(pos, m))))
            rare = [m for m in moves if is_rare(pos, m)]
            m = rng.choice(rare) if rare and rng.random() < 0.34 else rng.choice(moves)
            pos = ref.apply(pos, m)

    got = run(args.binary, "moves", positions)
    for tfen, want, have in zip(positions, expected, got):
        if want != have:
            w, h = set(want.split()), set(have.split())
            print(f"MOVES DIFFER in {tfen}\n  only reference: {sorted(w - h)}\n  only rust: {sorted(h - w)}")
            return 1
    got = run(args.binary, "apply", [f"{t} | {m}" for t, m, _ in applies])
    for (tfen, m, want), have in zip(applies, got):
        if want != have:
            print(f"APPLY DIFFERS for {m} in {tfen}\n  reference: {want}\n  rust:      {have}")
            return 1
    print(f"{len(positions)} positions and {len(applies)} applied moves agree (seed {args.seed})")
    print(f"crosscheck: {len(positions) + len(applies)} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

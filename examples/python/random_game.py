#!/usr/bin/env python3
"""Plays a random game of Tamerlane chess and prints it.

    python examples/python/random_game.py [--seed N] [--max-plies N]
"""

from __future__ import annotations

import argparse
import random

import tamerlane


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=1000)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    board = tamerlane.Board()
    sans = []
    while not board.is_game_over() and len(board.move_stack) < args.max_plies:
        move = rng.choice(list(board.legal_moves))
        sans.append(board.san(move))
        board.push(move)

    numbered = []
    for i, san in enumerate(sans):
        numbered.append(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san)
    print(" ".join(numbered))
    print()
    print(board)
    print()
    print("TFEN:", board.tfen())
    outcome = board.outcome()
    print("result:", board.result(), f"({outcome})" if outcome else "(unfinished)")


if __name__ == "__main__":
    main()

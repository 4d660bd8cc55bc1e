#!/usr/bin/env python3
"""The cost of `Board.push` + `Board.pop` from Python, for the three games
(docs/BENCHMARKS.md, section "Python"): each board pushes and pops its
first legal moves in turn, `--count` times.

Timing: the best of `--repeat` runs, in microseconds per push+pop. For
instruction counts (deterministic on a shared machine), run one pass under
callgrind:

    .venv/bin/python tools/bench/python_push.py
    valgrind --tool=callgrind .venv/bin/python tools/bench/python_push.py --repeat 1
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable, List, Tuple

import tamerlane
from tamerlane import chess, makruk

BOARDS: List[Tuple[str, Callable[[], Any]]] = [
    ("tamerlane", tamerlane.Board),
    ("chess", chess.Board),
    ("makruk", makruk.Board),
]


def push_pop(make: Callable[[], Any], count: int) -> float:
    """Seconds for `count` push+pop pairs of the start position's moves."""
    board = make()
    moves = list(board.legal_moves)
    start = time.perf_counter()
    for i in range(count):
        board.push(moves[i % len(moves)])
        board.pop()
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=20_000, help="push+pop pairs per run")
    ap.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    args = ap.parse_args()
    for name, make in BOARDS:
        best = min(push_pop(make, args.count) for _ in range(args.repeat))
        print(f"{name}: {best / args.count * 1e6:.3f} us per push+pop")


if __name__ == "__main__":
    main()

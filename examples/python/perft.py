#!/usr/bin/env python3
"""Perft from the initial position (or a TFEN): once driven from Python
(legal_moves / push / pop), once in Rust (Board.perft, GIL released).

    python examples/python/perft.py [--depth 4] [--tfen TFEN] [--divide]
"""

from __future__ import annotations

import argparse
import time

import tamerlane


def python_perft(board: tamerlane.Board, depth: int) -> int:
    """Perft in Python; the last ply is counted with len(legal_moves)."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(board.legal_moves)
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += python_perft(board, depth - 1)
        board.pop()
    return nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--tfen", default=tamerlane.INITIAL_TFEN)
    ap.add_argument("--divide", action="store_true", help="print the count below each root move")
    args = ap.parse_args()
    board = tamerlane.Board(args.tfen)

    if args.divide:
        for move in sorted(board.legal_moves, key=str):
            board.push(move)
            print(f"{move}: {board.perft(args.depth - 1)}")
            board.pop()

    start = time.perf_counter()
    n = python_perft(board, args.depth)
    t = time.perf_counter() - start
    print(f"python loop  perft({args.depth}) = {n:>12,}  {t:8.3f} s  {n / t / 1e6:7.2f} M leaves/s")

    start = time.perf_counter()
    m = board.perft(args.depth)
    t = time.perf_counter() - start
    print(f"Board.perft  perft({args.depth}) = {m:>12,}  {t:8.3f} s  {m / max(t, 1e-9) / 1e6:7.2f} M leaves/s")
    assert n == m


if __name__ == "__main__":
    main()

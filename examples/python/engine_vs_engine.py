#!/usr/bin/env python3
"""Two engines play each other; an SVG snapshot of the board is written
every few moves (and at the end) into an output directory.

    python examples/python/engine_vs_engine.py [--movetime 0.05] [--max-plies 120] [--every 10] [--out DIR]
"""

from __future__ import annotations

import argparse
import os

import tamerlane
import tamerlane.svg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--movetime", type=float, default=0.05, help="seconds per move")
    ap.add_argument("--max-plies", type=int, default=120)
    ap.add_argument("--every", type=int, default=10, help="plies between snapshots")
    ap.add_argument("--out", default="engine_game_svg")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    board = tamerlane.Board()
    engines = {tamerlane.WHITE: tamerlane.Engine(hash_mb=16), tamerlane.BLACK: tamerlane.Engine(hash_mb=16)}
    snapshots = []

    def snapshot() -> None:
        last = board.peek() if board.move_stack else None
        path = os.path.join(args.out, f"ply{len(board.move_stack):04}.svg")
        with open(path, "w", encoding="utf-8") as f:
            f.write(tamerlane.svg.board(board, lastmove=last, size=520))
        snapshots.append(path)

    snapshot()
    while not board.is_game_over() and len(board.move_stack) < args.max_plies:
        result = engines[board.turn].search(board, movetime=args.movetime)
        assert result.move is not None
        san = board.san(result.move)
        ply = len(board.move_stack)
        prefix = f"{ply // 2 + 1}." if ply % 2 == 0 else f"{ply // 2 + 1}..."
        score = f"mate {result.mate}" if result.mate is not None else f"cp {result.score_cp}"
        print(f"{prefix:6} {san:10} ({score}, depth {result.depth})")
        board.push(result.move)
        if len(board.move_stack) % args.every == 0:
            snapshot()
    if len(board.move_stack) % args.every != 0:
        snapshot()  # the final position, unless it was just written
    print()
    print(board)
    outcome = board.outcome()
    print("result:", board.result(), f"({outcome})" if outcome else "(move limit of this example)")
    print(f"{len(snapshots)} SVG snapshots in {args.out}/")


if __name__ == "__main__":
    main()

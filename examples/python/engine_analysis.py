#!/usr/bin/env python3
"""Analyses a position with the engine, printing one line per iteration.
Ctrl-C stops the search and prints the best move found so far.

    python examples/python/engine_analysis.py [--depth 8] [--movetime SECONDS] [--tfen TFEN] [MOVE ...]
"""

from __future__ import annotations

import argparse

import tamerlane


def show(info: tamerlane.Info) -> None:
    score = f"mate {info.mate}" if info.mate is not None else f"cp {info.score_cp}"
    pv = " ".join(str(m) for m in info.pv)
    print(f"depth {info.depth:2} seldepth {info.seldepth:2} score {score:>9} nodes {info.nodes:>10} "
          f"nps {info.nps:>9} time {info.time:6.2f}s pv {pv}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=None)
    ap.add_argument("--movetime", type=float, default=None, help="seconds")
    ap.add_argument("--hash", type=int, default=64, help="MiB")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--tfen", default=tamerlane.INITIAL_TFEN)
    ap.add_argument("moves", nargs="*", help="coordinate or SAN moves played first")
    args = ap.parse_args()
    if args.depth is None and args.movetime is None:
        args.depth = 8

    board = tamerlane.Board(args.tfen)
    for m in args.moves:
        board.push_san(m)
    print(board)
    print()
    engine = tamerlane.Engine(hash_mb=args.hash, threads=args.threads)
    try:
        result = engine.search(board, depth=args.depth, movetime=args.movetime, info=show)
    except KeyboardInterrupt as interrupt:
        result = interrupt.result  # type: ignore[attr-defined]
        print("interrupted")
    if result.move is None:
        print("no legal move:", board.outcome())
        return
    score = f"mate {result.mate}" if result.mate is not None else f"{result.score_cp} centipawns"
    print(f"best move {result.move} ({board.san(result.move)}), {score}, depth {result.depth}, "
          f"{result.nodes} nodes, {result.nps} nodes/s")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Python speed bar of issue 5, measured in one run (docs/BENCHMARKS.md,
section "Python"):

1. perft driven from a Python loop (``legal_moves``, ``push``, ``pop`` in
   Python; the last ply counted with ``len(legal_moves)``) on the Tamerlane
   initial position, against the same loop with python-chess (pure Python)
   on the chess initial position. Bar: at least 3x python-chess's leaves/s.
2. ``Board.perft`` (Rust, GIL released) against the CLI ``tamerlane perft``
   on the same position and depth. Bar: within 10%.

Each figure is the best of ``--repeat`` runs, interleaved so that load on a
shared machine hits both sides alike.

    .venv/bin/python tools/bench/python_perft.py --binary target/release/tamerlane
"""

from __future__ import annotations

import argparse
import platform
import re
import subprocess
import time
from typing import Any, Callable, List, Tuple

import chess

import tamerlane


def tamerlane_loop_perft(board: tamerlane.Board, depth: int) -> int:
    if depth == 1:
        return len(board.legal_moves)
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += tamerlane_loop_perft(board, depth - 1)
        board.pop()
    return n


def chess_loop_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += chess_loop_perft(board, depth - 1)
        board.pop()
    return n


def timed(fn: Callable[[], int]) -> Tuple[int, float]:
    start = time.perf_counter()
    n = fn()
    return n, time.perf_counter() - start


def cli_perft(binary: str, depth: int) -> Tuple[int, float]:
    """The CLI's own count and timing (printed on stderr, start-up excluded)."""
    p = subprocess.run([binary, "perft", str(depth)], capture_output=True, text=True, check=True)
    m = re.search(r"(\d+) leaves in ([0-9.]+) s", p.stderr)
    if not m:
        raise SystemExit(f"unexpected CLI output: {p.stderr!r}")
    return int(m.group(1)), float(m.group(2))


def best(samples: List[Tuple[int, float]]) -> Tuple[int, float]:
    counts = {n for n, _ in samples}
    assert len(counts) == 1, f"counts differ: {counts}"
    return samples[0][0], min(t for _, t in samples)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/tamerlane")
    ap.add_argument("--loop-depth", type=int, default=4, help="Python-loop perft depth (both games)")
    ap.add_argument("--rust-depth", type=int, default=5, help="Board.perft / CLI depth")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    loop_t: List[Tuple[int, float]] = []
    loop_c: List[Tuple[int, float]] = []
    rust_b: List[Tuple[int, float]] = []
    rust_c: List[Tuple[int, float]] = []
    for _ in range(args.repeat):
        loop_t.append(timed(lambda: tamerlane_loop_perft(tamerlane.Board(), args.loop_depth)))
        loop_c.append(timed(lambda: chess_loop_perft(chess.Board(), args.loop_depth)))
        rust_b.append(timed(lambda: tamerlane.Board().perft(args.rust_depth)))
        rust_c.append(cli_perft(args.binary, args.rust_depth))

    rows: List[Any] = []
    (nt, tt), (nc, tc) = best(loop_t), best(loop_c)
    (nb, tb), (ncli, tcli) = best(rust_b), best(rust_c)
    assert nb == ncli
    rate = lambda n, t: n / t / 1e6  # noqa: E731
    rows.append(("tamerlane, Python loop", "Tamerlane initial", args.loop_depth, nt, tt, rate(nt, tt)))
    rows.append((f"python-chess {chess.__version__}, Python loop", "chess initial", args.loop_depth, nc, tc, rate(nc, tc)))
    rows.append(("tamerlane `Board.perft` (Rust)", "Tamerlane initial", args.rust_depth, nb, tb, rate(nb, tb)))
    rows.append(("tamerlane CLI `perft`", "Tamerlane initial", args.rust_depth, ncli, tcli, rate(ncli, tcli)))

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        if names:
            cpu = f"{names[0]}, {len(names)} cores"
    except OSError:
        pass
    print(f"machine: {cpu}, {platform.system()} {platform.release()}, "
          f"Python {platform.python_version()}, tamerlane {tamerlane.__version__}, python-chess {chess.__version__}")
    print()
    print("| what | position | depth | leaves | seconds (best of %d) | M leaves/s |" % args.repeat)
    print("|---|---|---|---|---|---|")
    for what, pos, d, n, t, r in rows:
        print(f"| {what} | {pos} | {d} | {n:,} | {t:.3f} | {r:.2f} |")
    print()
    loop_ratio = rate(nt, tt) / rate(nc, tc)
    rust_ratio = rate(nb, tb) / rate(ncli, tcli)
    print(f"Python loop: tamerlane / python-chess = {loop_ratio:.1f}x (bar: >= 3x) "
          f"{'PASS' if loop_ratio >= 3 else 'FAIL'}")
    print(f"Board.perft / CLI perft = {rust_ratio:.3f} (bar: >= 0.90) {'PASS' if rust_ratio >= 0.9 else 'FAIL'}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Simulations per second of ``tamerlane.mcts.MCTS`` with the Rust
evaluator (uniform priors, a random playout of ``--rollout-plies`` plies),
on one thread: the figure of docs/PYTHON.md, "MCTS".

    .venv/bin/python tools/bench/mcts_speed.py
    .venv/bin/python tools/bench/mcts_speed.py --game chess --rollout-plies 0
    .venv/bin/python tools/bench/mcts_speed.py --solver     # with the MCTS solver

Each measurement searches a fresh tree of ``--simulations`` simulations
from the start position (the tree then holds one node per legal move of
each expanded position) in batches of ``--batch``, without noise; the best
of ``--repeat`` runs is reported, per second of wall-clock time and per
second of the process's CPU time (which load from other processes
disturbs less). The search runs on one helper thread while the calling
thread waits for it.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, Callable, Dict, Tuple

import tamerlane
import tamerlane.chess
import tamerlane.makruk
from tamerlane.mcts import MCTS

BOARDS: Dict[str, Callable[[], Any]] = {
    "tamerlane": tamerlane.Board,
    "chess": tamerlane.chess.Board,
    "makruk": tamerlane.makruk.Board,
}


def once(game: str, simulations: int, batch: int, rollout_plies: int, seed: int,
         solver: bool = False) -> Tuple[float, float]:
    """Wall-clock and CPU seconds of one search of a fresh tree."""
    search = MCTS(
        BOARDS[game](),
        simulations=simulations,
        batch=batch,
        rollout_plies=rollout_plies,
        dirichlet_fraction=0.0,
        seed=seed,
        solver=solver,
    )
    wall, cpu = time.perf_counter(), time.process_time()
    visits, _ = search.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert int(visits.sum()) == simulations
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(BOARDS), default="tamerlane")
    parser.add_argument("--simulations", type=int, default=200_000)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--rollout-plies", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--solver", action="store_true", help="search with MCTS(solver=True)")
    args = parser.parse_args()
    once(args.game, 1000, args.batch, args.rollout_plies, 0, args.solver)  # warm-up
    best_wall, best_cpu = float("inf"), float("inf")
    for seed in range(args.repeat):
        wall, cpu = once(args.game, args.simulations, args.batch, args.rollout_plies, seed, args.solver)
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.game}: {args.simulations} simulations, batch {args.batch}, "
        f"rollout {args.rollout_plies} plies, 1 thread, solver {args.solver}, best of {args.repeat} "
        f"(load average {load:.2f})"
    )
    print(f"  {args.simulations / best_wall:,.0f} simulations/s (wall clock)")
    print(f"  {args.simulations / best_cpu:,.0f} simulations/s (CPU time)")


if __name__ == "__main__":
    main()

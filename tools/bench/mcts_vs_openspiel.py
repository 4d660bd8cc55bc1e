#!/usr/bin/env python3
"""Simulations per second of ``tamerlane.mcts.MCTS`` beside OpenSpiel's
C++ ``MCTSBot``, on chess, doing the same work, measured in one run: the
comparison of docs/BENCHMARKS.md, "MCTS".

Both search a fresh tree from the start position on one thread, with
uniform priors and one random playout to the end of the game per leaf
(OpenSpiel's ``RandomRolloutEvaluator(1, seed)``; here
``rollout_plies=10000``, the most, which no random chess game reaches:
the playout stops at the game's end). The two rule sets end random games
at about the same length (the script measures both, from 100 random games
each). Each figure is the best of ``--repeat`` runs, wall clock; the two
are measured alternately so that the machine's load falls on both.

OpenSpiel is not a dependency of the project: install it into the venv
first (``.venv/bin/pip install open_spiel==2.0.2``).

    .venv/bin/python tools/bench/mcts_vs_openspiel.py
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Callable, List

import mcts_speed  # this folder's: run as a script, its folder is on the path
import tamerlane.chess

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError:
    sys.exit("mcts_vs_openspiel.py needs OpenSpiel: .venv/bin/pip install open_spiel==2.0.2")


def ours(simulations: int, seed: int) -> float:
    """Seconds for one search of `simulations` by tamerlane.mcts: the
    search of mcts_speed.py, on chess, batch 64, playouts to the end."""
    wall, _cpu = mcts_speed.once("chess", simulations, 64, 10_000, seed)
    return wall


def openspiel(simulations: int, seed: int) -> float:
    """Seconds for one search of `simulations` by OpenSpiel's MCTSBot."""
    game = pyspiel.load_game("chess")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    # uct_c, max_simulations, max_memory_mb, solve, seed, verbose
    bot = pyspiel.MCTSBot(game, evaluator, 1.4, simulations, 1000, False, seed, False)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.mcts_search(state)
    return time.perf_counter() - start


def mean_length(play: Callable[[random.Random], int], games: int = 100) -> float:
    """The mean number of plies of `games` random games."""
    rng = random.Random(0)
    return sum(play(rng) for _ in range(games)) / games


def ours_game(rng: random.Random) -> int:
    board = tamerlane.chess.Board()
    while board.outcome() is None:
        board.push(rng.choice(list(board.legal_moves)))
    return len(board.move_stack)


def openspiel_game(rng: random.Random) -> int:
    state = pyspiel.load_game("chess").new_initial_state()
    plies = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        plies += 1
    return plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--simulations", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"random chess games, mean plies: tamerlane {mean_length(ours_game):.0f}, "
          f"OpenSpiel {mean_length(openspiel_game):.0f}")
    times: dict[str, List[float]] = {"tamerlane.mcts": [], "OpenSpiel MCTSBot": []}
    for r in range(args.repeat):
        times["tamerlane.mcts"].append(ours(args.simulations, r))
        times["OpenSpiel MCTSBot"].append(openspiel(args.simulations, r))
    print(f"chess, {args.simulations} simulations from the start, one thread, random playouts to "
          f"the end, best of {args.repeat} (load average {os.getloadavg()[0]:.2f})")
    rates = {name: args.simulations / min(t) for name, t in times.items()}
    for name, rate in rates.items():
        print(f"  {name:18} {rate:10,.0f} simulations/s")
    print(f"  ratio {rates['tamerlane.mcts'] / rates['OpenSpiel MCTSBot']:.1f}x")


if __name__ == "__main__":
    main()

"""Plays a trained AlphaZero agent (a checkpoint of train.py) against a
uniformly random player and against the engine at its lowest setting, and
reports wins, draws, losses and how each game ended
(examples/alphazero/README.md).

    python examples/alphazero/play.py examples/alphazero/checkpoint.npz --games 100 --engine-games 20

A game counts as a win only when the rules end it with the agent the
winner (checkmate, or stalemate, which loses in Tamerlane: docs/RULES.md,
section 6); a game still going at --max-plies counts as "move-cap", a
draw. The agent searches --simulations per move with the network, no
noise, and plays the most visited move.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from az_core import (  # noqa: E402
    Config, MaterialOracle, MatchReport, Predictor, engine_player, evaluate, fmt_time, load_checkpoint,
    random_player)


def main(argv: Optional[List[str]] = None) -> int:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("checkpoint", type=Path, nargs="?", default=None)
    p.add_argument("--material-oracle", action="store_true",
                   help="play with az_core.MaterialOracle (hand-written material values, capture "
                        "priors) instead of a network: a reference point")
    p.add_argument("--games", type=int, default=100, help="games against the random player")
    p.add_argument("--oracle-mobility", type=float, default=0.0,
                   help="with --material-oracle: centipawns per legal move of the side to move (up to 40)")
    p.add_argument("--oracle-uniform-priors", action="store_true",
                   help="with --material-oracle: uniform priors instead of capture-weighted ones")
    p.add_argument("--take-wins", action=argparse.BooleanOptionalAction, default=None,
                   help="play a move that wins at once when there is one (default: the checkpoint's take_wins)")
    p.add_argument("--solver", action=argparse.BooleanOptionalAction, default=None,
                   help="search with the MCTS solver: play a proven win, avoid a proven loss "
                        "(default: the checkpoint's agent_solver, else on)")
    p.add_argument("--engine-games", type=int, default=20, help="games against the engine")
    p.add_argument("--engine-level", type=int, default=1, choices=range(6),
                   help="1 to 5: the web board's levels (docs/WEB.md); 0: depth 1, its best move")
    p.add_argument("--simulations", type=int, default=1600)
    p.add_argument("--max-plies", type=int, default=2000,
                   help="a safety cap: the rules end games first (repetition, the 200-ply move limit)")
    p.add_argument("--value-scale", type=float, default=None,
                   help="the search's scale of the network's values (default: the checkpoint's eval_value_scale)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--backend", default=None, help="the network's back end (default: the checkpoint's)")
    p.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = p.parse_args(argv)
    net: Predictor
    if args.material_oracle:
        net = MaterialOracle(args.oracle_mobility, not args.oracle_uniform_priors)
        config, meta = Config(), {"backend": "material-oracle", "iteration": 0}
    elif args.checkpoint is None:
        p.error("give a checkpoint or --material-oracle")
    else:
        net, config, meta = load_checkpoint(args.checkpoint, args.backend)
    if args.value_scale is not None:
        config.eval_value_scale = args.value_scale
    if args.take_wins is not None:
        config.take_wins = args.take_wins
    if args.solver is not None:
        config.agent_solver = args.solver
    print(f"{args.checkpoint}: {meta['backend']} network, iteration {meta['iteration']}, "
          f"{meta.get('games', '?')} self-play games, {meta.get('seconds', '?')} s of training; "
          f"{args.simulations} simulations per move, value scale {config.eval_value_scale}, "
          f"take wins {config.take_wins}, solver {config.agent_solver}, "
          f"cap {args.max_plies} plies; "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    results = {}
    for name, games, opponent in (
        ("random", args.games, random_player),
        (f"engine-level-{args.engine_level}", args.engine_games,
         lambda seed: engine_player(seed, args.engine_level)),
    ):
        if games <= 0:
            continue
        started = time.monotonic()

        def progress(done: int, rep: MatchReport, name: str = name, games: int = games,
                     started: float = started) -> None:
            spent = time.monotonic() - started
            print(f"  vs {name}: {done}/{games} games, +{rep.wins} ={rep.draws} -{rep.losses}, "
                  f"{fmt_time(spent)} elapsed, about {fmt_time(spent / done * (games - done))} left",
                  flush=True)

        rep = evaluate(net, config, opponent, games, args.simulations, args.max_plies, seed=args.seed,
                       progress=progress)
        print(f"vs {name}: {rep.summary()} in {fmt_time(time.monotonic() - started)}", flush=True)
        results[name] = {"wins": rep.wins, "draws": rep.draws, "losses": rep.losses,
                         "endings": rep.endings, "mean_plies": sum(rep.plies) / len(rep.plies)}
    if args.json is not None:
        args.json.write_text(json.dumps({"checkpoint": str(args.checkpoint or "material-oracle"),
                                         "simulations": args.simulations,
                                         "value_scale": config.eval_value_scale,
                                         "take_wins": config.take_wins,
                                         "solver": config.agent_solver,
                                         "max_plies": args.max_plies, "seed": args.seed,
                                         "results": results}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

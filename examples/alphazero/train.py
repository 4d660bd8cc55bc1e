"""Trains a Tamerlane AlphaZero agent (examples/alphazero/README.md).

    python examples/alphazero/train.py --minutes 30 --out examples/alphazero/run
    python examples/alphazero/train.py --backend numpy --iterations 3 --games 2 --out /tmp/az
    python examples/alphazero/train.py --minutes 30 --workers 2      # self-play in 2 processes
    python examples/alphazero/train.py --minutes 30 --cluster auto   # self-play on Ray

Prints a line per game and per iteration (games, positions, losses, wins
against a random player, time left); Ctrl-C stops it cleanly, saving the
checkpoint and the learning curve (checkpoint.npz, curve.csv, curve.png in
--out).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from az_core import (  # noqa: E402
    Config, GameResult, Network, Sample, fmt_time, load_checkpoint, play_games, train)


def _ignore_sigint() -> None:
    """A worker process's start: Ctrl-C reaches the driver only, which
    saves its checkpoint and then stops the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessRunner:
    """Self-play in `workers` local processes (``--workers``): each
    iteration's games are split among them, each playing its share with the
    current weights (``az_core.play_games``, the function of the cluster's
    tasks), and the results come back in the seeds' order, so a run gives
    the games the one-process loop gives. The processes are started once
    (spawned, so that each loads its own JAX) and stopped by ``close``."""

    def __init__(self, workers: int, config: Config) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.workers, self.config = workers, asdict(config)
        self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_ignore_sigint)

    def __call__(self, net: Network, seeds: List[int]) -> List[Tuple[List[Sample], GameResult]]:
        weights = net.get_weights()
        chunks = [seeds[i::self.workers] for i in range(self.workers) if seeds[i::self.workers]]
        futures = [self.pool.submit(play_games, net.backend, weights, self.config, c) for c in chunks]
        by_seed: Dict[int, Tuple[List[Sample], GameResult]] = {}
        for chunk, future in zip(chunks, futures):
            by_seed.update(zip(chunk, future.result()))
        return [by_seed[s] for s in seeds]

    def close(self) -> None:
        """Stops the worker processes (games under way are dropped)."""
        self.pool.shutdown(wait=True, cancel_futures=True)


def cluster_runner(address: str, config: Config, tasks: int) -> Any:
    """Self-play on a Ray cluster joined by ``tamerlane.cluster.connect``
    (docs/CLUSTER.md; `address` "auto", HOST:PORT, or "local" for a
    one-machine cluster started here): each iteration's games are split into
    `tasks` tasks, each playing its games with the current weights
    (``az_core.play_games``) on a worker. Every node needs tamerlane with
    the ``alphazero`` extra; this folder goes to the workers as the tasks'
    working directory."""
    import ray

    from tamerlane.cluster import connect

    connect(None if address == "local" else address)
    here = os.path.dirname(os.path.abspath(__file__))
    remote = ray.remote(play_games).options(
        runtime_env={"working_dir": here, "excludes": ["run/", "*.npz", "*.png"]})

    def run(net: Network, seeds: List[int]) -> List[Tuple[List[Sample], GameResult]]:
        weights = ray.put(net.get_weights())
        chunks = [seeds[i::tasks] for i in range(tasks) if seeds[i::tasks]]
        refs = [remote.remote(net.backend, weights, asdict(config), chunk) for chunk in chunks]
        out: List[Tuple[List[Sample], GameResult]] = []
        for part in ray.get(refs):
            out.extend(part)
        return out

    return run


def main(argv: Optional[List[str]] = None) -> int:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", type=Path, default=Path(__file__).parent / "run")
    p.add_argument("--minutes", type=float, default=None, help="stop after this long (wall clock)")
    p.add_argument("--iterations", type=int, default=None, help="stop after this many iterations")
    p.add_argument("--resume", type=Path, default=None, help="start from this checkpoint's weights")
    p.add_argument("--cluster", metavar="ADDRESS", default=None,
                   help="play the self-play games on a Ray cluster: 'auto', HOST:PORT, or 'local' "
                        "(a one-machine cluster started here)")
    p.add_argument("--cluster-tasks", type=int, default=4, help="tasks per iteration on the cluster")
    p.add_argument("--workers", type=int, default=1,
                   help="play the self-play games in this many local processes (1: in this one)")
    defaults = Config()
    for f in fields(Config):
        flag = "--" + f.name.replace("_", "-")
        if flag == "--games-per-iteration":
            flag = "--games"
        default = getattr(defaults, f.name)
        if isinstance(default, bool):
            p.add_argument(flag, dest=f.name, action=argparse.BooleanOptionalAction, default=default)
        else:
            p.add_argument(flag, dest=f.name, type=type(default), default=default)
    args = p.parse_args(argv)
    if args.minutes is None and args.iterations is None:
        p.error("give --minutes or --iterations")
    if args.workers < 1:
        p.error("--workers must be at least 1")
    if args.cluster and args.workers > 1:
        p.error("give --cluster or --workers, not both")
    config = Config(**{f.name: getattr(args, f.name) for f in fields(Config)})
    net: Optional[Network] = None
    if args.resume is not None:
        net, _, meta = load_checkpoint(args.resume, config.backend)
        print(f"resuming from {args.resume} (iteration {meta['iteration']})")
    pool = ProcessRunner(args.workers, config) if args.workers > 1 else None
    runner = cluster_runner(args.cluster, config, args.cluster_tasks) if args.cluster else pool
    print(f"config: {asdict(config)}", flush=True)
    print(f"load average at the start: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)", flush=True)
    started = time.monotonic()
    try:
        _, rows = train(config, args.out, seconds=None if args.minutes is None else args.minutes * 60,
                        iterations=args.iterations, net=net, game_runner=runner,
                        log=lambda s: print(s, flush=True))
    finally:
        if pool is not None:
            pool.close()
    last: Dict[str, Any] = rows[-1] if rows else {}
    print(f"done: {len(rows)} iterations, {last.get('games', 0)} games, {last.get('positions', 0)} positions "
          f"in {fmt_time(time.monotonic() - started)}; load average {os.getloadavg()[0]:.2f}; "
          f"wrote {args.out / 'checkpoint.npz'}, curve.csv, curve.png", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Games per second of ``tamerlane.cluster.datagen`` with one and two
workers, in one run, on a real local Ray cluster of two nodes of one CPU
each (started and stopped here, as the tests do): docs/CLUSTER.md,
"Throughput".

    .venv/bin/python tools/bench/cluster_throughput.py [--game G] [--games N] [--nodes N]

Run it on an otherwise idle machine: the two-worker figure needs both
cores.
"""

from __future__ import annotations

import argparse
import os
import logging
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ray

from tamerlane.cluster import datagen

RAY = str(Path(sys.executable).with_name("ray"))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="tamerlane")
    p.add_argument("--games", type=int, default=32)
    p.add_argument("--nodes", type=int, default=1000)
    p.add_argument("--shard-games", type=int, default=2)
    p.add_argument("--repeat", type=int, default=2)
    args = p.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    os.environ["RAY_AUTH_MODE"] = "disabled"  # as the tests' local cluster
    common = ["--num-cpus=1", "--object-store-memory=100000000", "--disable-usage-stats"]
    subprocess.run([RAY, "start", "--head", f"--port={port}", "--include-dashboard=false", *common],
                   check=True, capture_output=True)
    try:
        subprocess.run([RAY, "start", f"--address=127.0.0.1:{port}", *common],
                       check=True, capture_output=True)
        ray.init(address=f"127.0.0.1:{port}", logging_level=logging.WARNING, log_to_driver=False)
        while len([n for n in ray.nodes() if n["Alive"]]) < 2:
            time.sleep(0.2)
        rates: dict[int, list[float]] = {1: [], 2: []}
        for r in range(args.repeat):
            for workers in (1, 2):
                with tempfile.TemporaryDirectory() as out:
                    t0 = time.perf_counter()
                    summary = datagen(args.game, args.games, 1 + r, out, args.nodes,
                                      shard_games=args.shard_games, workers=workers,
                                      progress=False)
                    dt = time.perf_counter() - t0
                rates[workers].append(summary.games / dt)
                print(f"run {r + 1}, {workers} worker(s): {summary.games} games, "
                      f"{summary.positions} positions in {dt:.1f} s: {summary.games / dt:.2f} games/s")
        one = sum(rates[1]) / len(rates[1])
        two = sum(rates[2]) / len(rates[2])
        print(f"mean: 1 worker {one:.2f} games/s, 2 workers {two:.2f} games/s, ratio {two / one:.2f}")
    finally:
        ray.shutdown()
        subprocess.run([RAY, "stop", "--force"], capture_output=True)


if __name__ == "__main__":
    main()

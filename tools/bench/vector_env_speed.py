#!/usr/bin/env python3
"""Speed of ``tamerlane.VectorEnv.step`` with random legal actions (uint8
observations and masks), against a Python loop over ``Board`` doing the same
work (push a random legal move, uint8 planes into a preallocated array, the
mask, the outcome, a new board when a game is over or at 1000 plies), with
copies of the outputs, and with 1 and 2 worker threads. The figures of
docs/BENCHMARKS.md, "VectorEnv".

    .venv/bin/python tools/bench/vector_env_speed.py

Each measurement is the best of ``--repeat`` runs, the runs of all
measurements interleaved so that load on a shared machine hits them alike.
Besides wall-clock env-steps per second, the single-threaded figures are
also given per second of the process's CPU time, which load from other
processes disturbs less.

``--policy`` measures instead, in one run, ``VectorEnv(--policy-envs)``
(256 by default) stepping with a numpy policy that samples from the legal
actions (``legal_actions()``, a float32 logit per legal action from
numpy's generator, ``sample_actions`` in Rust, ``step``) against a Python
loop over one ``Board`` doing the same work per game and step (the mask,
``numpy.flatnonzero`` of it, a logit per legal action from numpy, the
softmax and a draw in numpy, ``push``, the uint8 planes, a new ``Board``
when the game is over or at 1000 plies); the bar is 15x
(docs/BENCHMARKS.md, "VectorEnv")::

    .venv/bin/python tools/bench/vector_env_speed.py --policy

``--count-steps N`` times nothing: it steps ``VectorEnv(--envs, seed=1)``
N times with its own random actions, the same work on every run, for an
instruction count that load does not disturb (the instructions of N steps
less those of 0 steps, over ``--envs * N``, per game and step)::

    valgrind --tool=callgrind .venv/bin/python tools/bench/vector_env_speed.py --count-steps 1000
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Callable, Dict, List, Tuple

import numpy as np

import tamerlane


def env_run(num_envs: int, steps: int, threads: int, copy: bool) -> Callable[[], Tuple[float, float]]:
    env = tamerlane.VectorEnv(num_envs, seed=1, num_threads=threads, copy=copy)
    env.reset()
    for _ in range(20):  # past the first allocations
        env.step(env.random_actions())

    def run() -> Tuple[float, float]:
        w, c = time.perf_counter(), time.process_time()
        for _ in range(steps):
            env.step(env.random_actions())
        return time.perf_counter() - w, time.process_time() - c

    return run


def board_loop_run(num_envs: int, steps: int) -> Callable[[], Tuple[float, float]]:
    rng = random.Random(1)
    boards = [tamerlane.Board() for _ in range(num_envs)]
    obs = np.zeros((num_envs, tamerlane.PLANES, 10, 13), dtype=np.uint8)
    masks = np.zeros((num_envs, tamerlane.ACTION_SPACE_SIZE), dtype=np.bool_)

    def run() -> Tuple[float, float]:
        w, c = time.perf_counter(), time.process_time()
        for _ in range(steps):
            for i, b in enumerate(boards):
                b.push(rng.choice(list(b.legal_moves)))
                if b.is_game_over() or len(b.move_stack) >= 1000:
                    boards[i] = b = tamerlane.Board()
                b.to_planes(dtype=np.uint8, out=obs[i])
                masks[i] = b.legal_action_mask()
        return time.perf_counter() - w, time.process_time() - c

    return run


def policy_env_run(num_envs: int, steps: int) -> Callable[[], Tuple[float, float]]:
    env = tamerlane.VectorEnv(num_envs, seed=1)
    env.reset()
    rng = np.random.default_rng(1)

    def one_step() -> None:
        actions, _offsets = env.legal_actions()
        logits = rng.standard_normal(len(actions), dtype=np.float32)
        env.step(env.sample_actions(logits))

    for _ in range(20):  # past the first allocations
        one_step()

    def run() -> Tuple[float, float]:
        w, c = time.perf_counter(), time.process_time()
        for _ in range(steps):
            one_step()
        return time.perf_counter() - w, time.process_time() - c

    return run


def policy_board_run(plies: int) -> Callable[[], Tuple[float, float]]:
    rng = np.random.default_rng(1)
    board = tamerlane.Board()
    obs = np.zeros((tamerlane.PLANES, 10, 13), dtype=np.uint8)

    def run() -> Tuple[float, float]:
        nonlocal board
        w, c = time.perf_counter(), time.process_time()
        for _ in range(plies):
            legal = np.flatnonzero(board.legal_action_mask())
            logits = rng.standard_normal(len(legal), dtype=np.float32)
            p = np.exp(logits - logits.max())
            cdf = np.cumsum(p)
            k = min(int(np.searchsorted(cdf, rng.random() * cdf[-1], side="right")), len(legal) - 1)
            board.push(tamerlane.index_to_move(board, int(legal[k])))
            if board.is_game_over() or len(board.move_stack) >= 1000:
                board = tamerlane.Board()
            board.to_planes(dtype=np.uint8, out=obs)
        return time.perf_counter() - w, time.process_time() - c

    return run


def policy_main(num_envs: int, steps: int, repeat: int) -> None:
    """VectorEnv with a numpy policy over the legal actions against a
    Python loop over one Board doing the same work."""
    loop_plies = max(1, num_envs * steps // 20)
    cases = {
        f"VectorEnv({num_envs}), numpy policy, sample_actions": (policy_env_run(num_envs, steps), num_envs * steps),
        "Python loop over one Board, numpy policy": (policy_board_run(loop_plies), loop_plies),
    }
    best: Dict[str, List[float]] = {k: [float("inf"), float("inf")] for k in cases}
    for _ in range(repeat):
        for name, (run, _) in cases.items():
            wall, cpu = run()
            best[name][0] = min(best[name][0], wall)
            best[name][1] = min(best[name][1], cpu)
    rate = {k: (cases[k][1] / best[k][0], cases[k][1] / best[k][1]) for k in cases}
    print(f"{'what':52} {'env-steps/s (wall)':>19} {'per CPU second':>15}")
    for k, (wall, cpu) in rate.items():
        print(f"{k:52} {wall:19,.0f} {cpu:15,.0f}")
    env, loop = rate.values()
    print(f"VectorEnv / Python loop: {env[0] / loop[0]:.1f}x (wall), {env[1] / loop[1]:.1f}x (CPU time) (bar 15x)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--large-envs", type=int, default=1024, help="num_envs of the thread scaling")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--count-steps", type=int, metavar="N",
                    help="only step VectorEnv(--envs, seed=1) N times, untimed (for callgrind)")
    ap.add_argument("--policy", action="store_true",
                    help="only VectorEnv with a numpy policy over the legal actions against one Board")
    ap.add_argument("--policy-envs", type=int, default=256)
    a = ap.parse_args()
    if a.policy:
        policy_main(a.policy_envs, a.steps, a.repeat)
        return
    if a.count_steps is not None:
        env = tamerlane.VectorEnv(a.envs, seed=1)
        env.reset()
        for _ in range(a.count_steps):
            env.step(env.random_actions())
        return
    big_steps = max(1, a.steps * a.envs // a.large_envs)
    loop_steps = max(1, a.steps // 10)
    cases: Dict[str, Tuple[Callable[[], Tuple[float, float]], int]] = {
        f"VectorEnv({a.envs}).step, 1 thread": (env_run(a.envs, a.steps, 1, False), a.envs * a.steps),
        f"VectorEnv({a.envs}, copy=True).step": (env_run(a.envs, a.steps, 1, True), a.envs * a.steps),
        f"Python loop over {a.envs} Boards": (board_loop_run(a.envs, loop_steps), a.envs * loop_steps),
        f"VectorEnv({a.large_envs}).step, 1 thread": (env_run(a.large_envs, big_steps, 1, False), a.large_envs * big_steps),
        f"VectorEnv({a.large_envs}, num_threads=2).step": (env_run(a.large_envs, big_steps, 2, False), a.large_envs * big_steps),
    }
    best: Dict[str, List[float]] = {k: [float("inf"), float("inf")] for k in cases}
    for _ in range(a.repeat):
        for name, (run, _) in cases.items():
            wall, cpu = run()
            best[name][0] = min(best[name][0], wall)
            best[name][1] = min(best[name][1], cpu)
    rate = {k: (cases[k][1] / best[k][0], cases[k][1] / best[k][1]) for k in cases}
    print(f"{'what':44} {'env-steps/s (wall)':>19} {'per CPU second':>15}")
    for k, (wall, cpu) in rate.items():
        print(f"{k:44} {wall:19,.0f} {cpu:15,.0f}")
    names = list(cases)
    env1, loop = rate[names[0]], rate[names[2]]
    print(f"VectorEnv / Python loop: {env1[0] / loop[0]:.1f}x (wall), {env1[1] / loop[1]:.1f}x (CPU time)")
    print(f"2 threads / 1 thread at {a.large_envs} envs: {rate[names[4]][0] / rate[names[3]][0]:.2f}x (wall)")
    w = time.perf_counter()
    r = tamerlane.random_rollouts(200, seed=1)
    dt = time.perf_counter() - w
    print(f"random_rollouts(200, seed=1): {dt:.2f} s, {int(r['plies'].sum()):,} plies, "
          f"{r['plies'].sum() / dt:,.0f} plies/s")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Speed of ``tamerlane.VectorEnv.step`` with random legal actions (uint8
observations and masks), against a Python loop over ``Board`` doing the same
work (push a random legal move, planes, mask, outcome, reset when over), and
with 1 and 2 worker threads. The figures of docs/BENCHMARKS.md, "VectorEnv".

    .venv/bin/python tools/bench/vector_env_speed.py
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import tamerlane


def env_steps_per_second(num_envs: int, steps: int, threads: int, copy: bool = False) -> float:
    env = tamerlane.VectorEnv(num_envs, seed=1, num_threads=threads, copy=copy)
    env.reset()
    for _ in range(20):  # warm up
        env.step(env.random_actions())
    best = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(steps):
            env.step(env.random_actions())
        best = max(best, num_envs * steps / (time.perf_counter() - t0))
    return best


def board_loop_steps_per_second(num_envs: int, steps: int) -> float:
    rng = random.Random(1)
    boards = [tamerlane.Board() for _ in range(num_envs)]
    obs = np.zeros((num_envs, tamerlane.PLANES, 10, 13), dtype=np.uint8)
    masks = np.zeros((num_envs, tamerlane.ACTION_SPACE_SIZE), dtype=np.bool_)
    t0 = time.perf_counter()
    for _ in range(steps):
        for i, b in enumerate(boards):
            b.push(rng.choice(list(b.legal_moves)))
            if b.is_game_over() or len(b.move_stack) >= 1000:
                boards[i] = b = tamerlane.Board()
            b.to_planes(dtype=np.uint8, out=obs[i])
            masks[i] = b.legal_action_mask()
    return num_envs * steps / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=500)
    ap.add_argument("--large-envs", type=int, default=1024, help="num_envs of the thread scaling")
    a = ap.parse_args()
    one = env_steps_per_second(a.envs, a.steps, 1)
    copied = env_steps_per_second(a.envs, a.steps, 1, copy=True)
    loop = board_loop_steps_per_second(a.envs, max(1, a.steps // 10))
    print(f"VectorEnv({a.envs}) step, 1 thread:          {one:12,.0f} env-steps/s")
    print(f"VectorEnv({a.envs}) step, copy=True:         {copied:12,.0f} env-steps/s")
    print(f"Python loop over Board, same work:     {loop:12,.0f} env-steps/s  ({one / loop:.0f}x slower)")
    for threads in (1, 2):
        s = env_steps_per_second(a.large_envs, max(1, a.steps // 10), threads)
        print(f"VectorEnv({a.large_envs}) step, {threads} thread(s):     {s:12,.0f} env-steps/s")
    r0 = time.perf_counter()
    r = tamerlane.random_rollouts(200, seed=1)
    dt = time.perf_counter() - r0
    print(f"random_rollouts(200): {dt:.2f} s, {r['plies'].sum() / dt:,.0f} plies/s")


if __name__ == "__main__":
    main()

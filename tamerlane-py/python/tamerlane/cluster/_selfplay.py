"""Self-play for reinforcement learning on the cluster: ``VectorEnv``
actors that play with a policy and stream finished episodes to the driver
(``docs/CLUSTER.md``, "Self-play").

Each actor steps its own ``tamerlane.VectorEnv`` (seeded from the run's
seed and the actor's number) in Rust, asks the policy for one action per
game, and returns the episodes that ended since its last call; the driver
yields them as they arrive, from whichever actor answers first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import ray

from ._connect import connect
from ._datagen import _whole

#: A policy: a batch of observations and their legal-action masks in, one
#: action per game out.
Policy = Callable[[npt.NDArray[Any], npt.NDArray[np.bool_]], npt.ArrayLike]


@dataclass
class Episode:
    """One finished game of self-play, step by step (``T`` steps)."""

    #: The actor and the game in its ``VectorEnv`` that played it.
    actor: int
    env: int
    #: ``[T, *observation shape]``: the observation before each action.
    observations: npt.NDArray[Any]
    #: ``[T]``: the actions taken.
    actions: npt.NDArray[np.int64]
    #: ``[T]``: the reward after each action (``VectorEnv``'s: the mover's).
    rewards: npt.NDArray[np.float32]
    #: ``[T, action space]``: the legal actions before each action (empty
    #: when the run was asked for no masks).
    masks: npt.NDArray[np.bool_]
    #: Whether the game ended by the rules (else it was cut at the ply cap).
    terminated: bool


@ray.remote
class _EnvActor:
    """An actor stepping a ``VectorEnv`` with a policy."""

    def __init__(
        self, actor: int, num_envs: int, seed: int, rules: str, max_plies: int | None,
        policy: Any, masks: bool,
    ) -> None:
        from .. import VectorEnv

        self.actor = actor
        # copy=True: the arrays of a step are kept past the next one.
        self.env = VectorEnv(num_envs, rules=rules, seed=seed, max_plies=max_plies, copy=True)
        self.policy = policy
        self.masks = masks
        obs, info = self.env.reset(seed=seed)
        self.obs = obs
        self.mask = info["action_mask"]
        self.steps: list[list[tuple[Any, int, float, Any]]] = [[] for _ in range(num_envs)]

    def _actions(self) -> npt.NDArray[np.int64]:
        if self.policy is None:
            return self.env.random_actions()
        if isinstance(self.policy, ray.actor.ActorHandle):
            out = ray.get(self.policy.act.remote(self.obs, self.mask))
        else:
            out = self.policy(self.obs, self.mask)
        return np.asarray(out, dtype=np.int64)

    def collect(self, min_episodes: int) -> list[Episode]:
        """Steps until at least `min_episodes` games have ended; returns
        them."""
        done: list[Episode] = []
        while len(done) < min_episodes:
            actions = self._actions()
            obs, reward, terminated, truncated, info = self.env.step(actions)
            for i in range(len(actions)):
                mask = self.mask[i] if self.masks else None
                self.steps[i].append((self.obs[i], int(actions[i]), float(reward[i]), mask))
                if terminated[i] or truncated[i]:
                    done.append(self._episode(i, bool(terminated[i])))
            self.obs = obs
            self.mask = info["action_mask"]
        return done

    def _episode(self, i: int, terminated: bool) -> Episode:
        steps, self.steps[i] = self.steps[i], []
        width = self.mask.shape[1]
        return Episode(
            actor=self.actor,
            env=i,
            observations=np.stack([s[0] for s in steps]),
            actions=np.array([s[1] for s in steps], dtype=np.int64),
            rewards=np.array([s[2] for s in steps], dtype=np.float32),
            masks=(
                np.stack([s[3] for s in steps])
                if self.masks
                else np.zeros((0, width), dtype=np.bool_)
            ),
            terminated=terminated,
        )


def selfplay(
    episodes: int,
    policy: Policy | Any | None = None,
    *,
    actors: int = 2,
    envs_per_actor: int = 8,
    seed: int = 0,
    rules: str = "",
    max_plies: int | None = None,
    masks: bool = True,
    address: str | None = None,
) -> Iterator[Episode]:
    """Yields `episodes` finished self-play games of Tamerlane, played by
    `actors` actors of `envs_per_actor` games each, as they end.

    `policy` picks the actions: a callable ``policy(obs, mask) -> actions``
    (sent to every actor), a Ray actor handle with a method
    ``act(obs, mask)`` (one policy served to all), or ``None`` for uniform
    random legal moves. Actor ``k`` is seeded with ``seed + k``.
    """
    n = _whole("episodes", episodes, 1, 2**40)
    k = _whole("actors", actors, 1, 4096)
    per = _whole("envs_per_actor", envs_per_actor, 1, 65536)
    base = _whole("seed", seed, 0, 2**63 - 1 - k)
    if max_plies is not None:
        _whole("max_plies", max_plies, 1, 2**31)
    if policy is not None and not callable(policy) and not hasattr(policy, "act"):
        raise TypeError("policy must be a callable, an actor with act(obs, mask), or None")
    # The rules are checked here, before any actor starts.
    from .. import VectorEnv

    VectorEnv(1, rules=rules)
    connect(address)
    pool = [
        _EnvActor.remote(i, per, base + i, rules, max_plies, policy, masks)  # type: ignore[attr-defined]
        for i in range(k)
    ]
    calls = {a.collect.remote(1): a for a in pool}
    yielded = 0
    try:
        while yielded < n:
            ready, _ = ray.wait(list(calls), num_returns=1)
            for ref in ready:
                actor = calls.pop(ref)
                for ep in ray.get(ref):
                    if yielded < n:
                        yielded += 1
                        yield ep
                if yielded < n:
                    calls[actor.collect.remote(1)] = actor
    finally:
        for a in pool:
            ray.kill(a)

"""Reinforcement-learning wrappers of Tamerlane chess, in the optional extra
``rl`` (``pip install tamerlane[rl]``, which brings gymnasium and
pettingzoo):

- :class:`TamerlaneEnv`, a Gymnasium single-agent env: the agent plays one
  side against a built-in opponent (uniformly random moves, or the engine
  at a node budget);
- :class:`TamerlaneAECEnv` (and :func:`env`), a PettingZoo two-player AEC
  env whose observations are ``{"observation", "action_mask"}``.

The vectorised env that keeps N games in Rust is :class:`tamerlane.VectorEnv`
(no extra needed). Both wrappers use its observation planes and action
indices (``docs/PYTHON.md``, "Reinforcement learning").
"""

from __future__ import annotations

from typing import Any

import gymnasium

from .common import IllegalAction, Opponent
from .gym_env import TamerlaneEnv
from .pettingzoo_env import TamerlaneAECEnv, env

ENV_IDS = {"tamerlane": "tamerlane/Tamerlane-v0", "chess": "tamerlane/Chess-v0", "makruk": "tamerlane/Makruk-v0"}
"""The Gymnasium ids of :class:`TamerlaneEnv` for each game, registered when
``tamerlane.rl`` is imported (``gymnasium.make(id)``; ``gymnasium.make_vec(id,
num_envs)`` makes a :class:`tamerlane.VectorEnv` of the game)."""


def make_vector_env(num_envs: int = 1, **kwargs: Any) -> Any:
    """The vector entry point of the registered ids: ``tamerlane.VectorEnv(num_envs,
    game=...)``, taking ``VectorEnv``'s own keywords (``rules``, ``seed``,
    ``max_plies``, ``dtype``, ``history``, ``num_threads``, ``copy``,
    ``autoreset_mode``) and refusing :class:`TamerlaneEnv`'s others (the
    vector env has no opponent: both sides are the agent's)."""
    from ..vector_env import VectorEnv

    kwargs.pop("render_mode", None)
    return VectorEnv(num_envs, **kwargs)


def register_envs() -> None:
    """Registers the ids of :data:`ENV_IDS` with Gymnasium (done on import;
    registering again changes nothing)."""
    for game, env_id in ENV_IDS.items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="tamerlane.rl.gym_env:TamerlaneEnv",
            vector_entry_point="tamerlane.rl:make_vector_env",
            kwargs={"game": game},
        )


register_envs()

__all__ = [
    "ENV_IDS",
    "IllegalAction",
    "Opponent",
    "TamerlaneAECEnv",
    "TamerlaneEnv",
    "env",
    "make_vector_env",
    "register_envs",
]

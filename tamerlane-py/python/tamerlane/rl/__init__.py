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

from .common import IllegalAction, Opponent
from .gym_env import TamerlaneEnv
from .pettingzoo_env import TamerlaneAECEnv, env

__all__ = ["IllegalAction", "Opponent", "TamerlaneAECEnv", "TamerlaneEnv", "env"]

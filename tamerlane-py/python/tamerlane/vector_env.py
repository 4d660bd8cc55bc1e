"""``tamerlane.VectorEnv``: the Rust ``VectorEnv`` (N games stepped
together), also a ``gymnasium.vector.VectorEnv`` when gymnasium is
installed, so that Gymnasium's vector wrappers and the RL libraries built on
them take it as it is. Everything it does is in Rust
(``tamerlane-py/src/vector_env.rs``); see ``docs/PYTHON.md``,
"Reinforcement learning"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _tamerlane

if TYPE_CHECKING:
    VectorEnv = _tamerlane.VectorEnv
else:
    try:
        from gymnasium.vector import VectorEnv as _GymVectorEnv

        _BASES: tuple[type[Any], ...] = (_GymVectorEnv,)
    except ImportError:
        _BASES = ()

    class VectorEnv(_tamerlane.VectorEnv, *_BASES):
        __doc__ = _tamerlane.VectorEnv.__doc__
        __module__ = "tamerlane"

        @property
        def spec(self) -> Any:
            """The Gymnasium ``EnvSpec`` that made the env (``gymnasium.make_vec``
            sets it), else ``None``."""
            return self.__dict__.get("_spec")

        @spec.setter
        def spec(self, value: Any) -> None:
            self.__dict__["_spec"] = value

__all__ = ["VectorEnv"]

"""``tamerlane.cluster``: the project's heavy jobs spread over a Ray
cluster, for the three games (``docs/CLUSTER.md``):

- :func:`datagen`: self-play positions with engine scores, in shards with a
  manifest; byte-identical output whatever the number of workers, resumable
  and safe against lost workers;
- :func:`match`: an engine match with an SPRT, decided exactly as
  ``tamerlane match`` decides it;
- :func:`selfplay`: ``VectorEnv`` actors streaming finished episodes to the
  driver, for reinforcement learning;
- :func:`connect`: joining the cluster the jobs use, for tasks of one's
  own (the AlphaZero example's self-play, examples/alphazero/).

Each task does its work in Rust (the GIL released). It needs Ray, which the
``cluster`` extra installs: ``pip install 'tamerlane[cluster]'``. The same
jobs run from the command line: ``python -m tamerlane.cluster datagen|match
... --address ADDR``.
"""

from __future__ import annotations

try:
    import ray as _ray  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised by the wheel test
    raise ImportError(
        "tamerlane.cluster needs Ray, which the 'cluster' extra installs: "
        "pip install 'tamerlane[cluster]'"
    ) from e

from ._connect import connect
from ._datagen import DatagenSummary, datagen
from ._errors import ClusterError
from ._match import MatchResult, match
from ._selfplay import Episode, selfplay

__all__ = [
    "ClusterError",
    "DatagenSummary",
    "Episode",
    "MatchResult",
    "connect",
    "datagen",
    "match",
    "selfplay",
]

"""Batched Monte Carlo tree search (PUCT, as AlphaZero; mctx's policy,
OpenSpiel's ``MCTSBot``) on the boards of the three games, written in
Rust: ``MCTS``. The guide is docs/PYTHON.md, "MCTS".

>>> import tamerlane
>>> from tamerlane.mcts import MCTS
>>> board = tamerlane.chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
>>> search = MCTS(board, simulations=2000, dirichlet_fraction=0.0, temperature=0.0)
>>> visits, value = search.run()
>>> int(visits.sum()), str(search.choose())
(2000, 'a1a8')
"""

from __future__ import annotations

from typing import Callable, Tuple

import numpy as np
import numpy.typing as npt

from ._tamerlane import MCTS

Evaluator = Callable[
    [npt.NDArray[np.float32], npt.NDArray[np.bool_]],
    Tuple[npt.ArrayLike, npt.ArrayLike],
]
"""What ``MCTS(evaluator=...)`` takes: called with the observations
``[B, *planes]`` (float32, each board's ``to_planes()`` without history)
and the legal-action masks ``[B, ACTION_SPACE_SIZE]`` (bool) of a batch of
leaves, it returns ``(priors, values)``: priors ``[B, ACTION_SPACE_SIZE]``
as probabilities (not logits: renormalised over the legal actions), values
``[B]`` from the side to move's view (clamped to -1..1)."""

__all__ = ["MCTS", "Evaluator"]

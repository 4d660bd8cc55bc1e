"""What the Gymnasium and PettingZoo wrappers share: the observation space,
the outcome as rewards, the built-in opponents and the policy for an illegal
action."""

from __future__ import annotations

from typing import Any, Callable, Literal, Optional, Union

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
except ImportError as e:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "tamerlane.rl needs gymnasium and pettingzoo: pip install 'tamerlane[rl]'"
    ) from e

from .._tamerlane import ACTION_SPACE_SIZE, BOARD_COLS, BOARD_ROWS, PLANES, Board, Color, Engine, Move

Opponent = Union[Literal["random", "engine"], Callable[[Board], Move]]
"""A built-in opponent: ``"random"`` (uniform over the legal moves, from the
env's seeded generator), ``"engine"`` (the search engine at ``engine_nodes``
nodes a move), or a function from the board to the move it plays."""

IllegalAction = Literal["lose", "raise"]
"""What an illegal action does: ``"lose"`` (the default, as in PettingZoo's
classic games) ends the game as a loss of the side that chose it, with
``info["illegal_action"] = True``; ``"raise"`` raises ``IllegalMoveError``
and changes nothing."""

DEFAULT_MAX_PLIES = 1000
"""The length cap of a game (then it is truncated), as ``VectorEnv``'s."""


def observation_space(dtype: Any) -> gymnasium.spaces.Box:
    """The planes of one position (``Board.to_planes``) as a space."""
    dt = np.dtype(dtype)
    if dt == np.uint8:
        return gymnasium.spaces.Box(0, 255, (PLANES, BOARD_ROWS, BOARD_COLS), np.uint8)
    if dt == np.float32:
        return gymnasium.spaces.Box(0.0, 1.0, (PLANES, BOARD_ROWS, BOARD_COLS), np.float32)
    raise ValueError(f"dtype must be uint8 or float32, not {dt}")


def action_space() -> gymnasium.spaces.Discrete:  # type: ignore[type-arg]
    """One action index per (from, to) pair: ``ACTION_SPACE_SIZE`` actions."""
    return gymnasium.spaces.Discrete(ACTION_SPACE_SIZE)


def score(board: Board, color: Color) -> float:
    """The result of a finished game for ``color``: +1 win, -1 loss, 0 draw."""
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return 0.0
    return 1.0 if outcome.winner == color else -1.0


def check_illegal_action(value: str) -> IllegalAction:
    """The ``illegal_action=`` argument, checked."""
    if value == "lose":
        return "lose"
    if value == "raise":
        return "raise"
    raise ValueError(f"illegal_action must be 'lose' or 'raise', not {value!r}")


class OpponentPlayer:
    """Chooses the opponent's moves."""

    def __init__(self, opponent: Opponent, engine_nodes: int) -> None:
        if engine_nodes < 1:
            raise ValueError(f"engine_nodes must be at least 1, not {engine_nodes}")
        self.engine: Optional[Engine] = None
        self.function: Optional[Callable[[Board], Move]] = None
        if opponent == "engine":
            self.engine = Engine(hash_mb=1, threads=1)
        elif callable(opponent):
            self.function = opponent
        elif opponent != "random":
            raise ValueError(f"opponent must be 'random', 'engine' or a function, not {opponent!r}")
        self.engine_nodes = engine_nodes

    def new_game(self) -> None:
        """Forgets the last game (the engine's table), so that games repeat."""
        if self.engine is not None:
            self.engine.new_game()

    def choose(self, board: Board, rng: np.random.Generator) -> Move:
        """The move to play on ``board`` (which has legal moves)."""
        if self.engine is not None:
            best = self.engine.search(board, nodes=self.engine_nodes).move
            if best is not None:
                return best
        if self.function is not None:
            return self.function(board)
        moves = sorted(board.legal_moves, key=str)
        return moves[int(rng.integers(len(moves)))]


def mask_of(board: Board) -> npt.NDArray[np.bool_]:
    """The legal-action mask, all false once the game is over."""
    mask: npt.NDArray[np.bool_] = board.legal_action_mask()
    if board.is_game_over():
        mask[:] = False
    return mask

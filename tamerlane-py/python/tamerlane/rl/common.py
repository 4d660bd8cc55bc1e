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

from .. import chess as _chess
from .. import makruk as _makruk
from .._tamerlane import ACTION_SPACE_SIZE, BOARD_COLS, BOARD_ROWS, PLANES, Board, Color, Engine, Move

GAMES = ("tamerlane", "chess", "makruk")
"""The games of the wrappers' ``game=`` argument."""

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


def check_game(game: str) -> str:
    """The ``game=`` argument, checked."""
    if game not in GAMES:
        raise ValueError(f"game must be 'tamerlane', 'chess' or 'makruk', not {game!r}")
    return game


def new_board(game: str, rules: str) -> Any:
    """A board of ``game`` at the start of ``rules``."""
    if game == "chess":
        return _chess.Board(rules=rules)
    if game == "makruk":
        return _makruk.Board(rules=rules)
    return Board(rules=rules)


def plane_shape(game: str) -> tuple[int, int, int]:
    """The shape of ``to_planes()`` of the game's boards."""
    if game == "chess":
        return (_chess.PLANES, 8, 8)
    if game == "makruk":
        return (_makruk.PLANES, 8, 8)
    return (PLANES, BOARD_ROWS, BOARD_COLS)


def action_count(game: str) -> int:
    """The size of the game's action space."""
    return {"chess": _chess.ACTION_SPACE_SIZE, "makruk": _makruk.ACTION_SPACE_SIZE}.get(game, ACTION_SPACE_SIZE)


def observation_space(dtype: Any, game: str = "tamerlane") -> gymnasium.spaces.Box:
    """The planes of one position (``Board.to_planes``) as a space."""
    dt = np.dtype(dtype)
    shape = plane_shape(game)
    if dt == np.uint8:
        return gymnasium.spaces.Box(0, 255, shape, np.uint8)
    if dt == np.float32:
        return gymnasium.spaces.Box(0.0, 1.0, shape, np.float32)
    raise ValueError(f"dtype must be uint8 or float32, not {dt}")


def action_space(game: str = "tamerlane") -> gymnasium.spaces.Discrete:  # type: ignore[type-arg]
    """One action index per move of the game's action space (``move_to_index``)."""
    return gymnasium.spaces.Discrete(action_count(game))


def planes(board: Any, dtype: Any) -> npt.NDArray[Any]:
    """``board.to_planes()`` in ``dtype``: the uint8 planes are 255 times the
    float32 ones rounded half up, as ``VectorEnv``'s."""
    if isinstance(board, Board):
        out: npt.NDArray[Any] = board.to_planes(dtype=dtype)
        return out
    values: npt.NDArray[np.float32] = board.to_planes()
    if np.dtype(dtype) == np.uint8:
        scaled: npt.NDArray[np.uint8] = np.floor(values * np.float32(255) + np.float32(0.5)).astype(np.uint8)
        return scaled
    return np.asarray(values, dtype=np.float32)


def index_to_move(board: Any, action: int) -> Any:
    """The legal move of ``board`` with action index ``action``."""
    if isinstance(board, _chess.Board):
        return _chess.index_to_move(board, action)
    if isinstance(board, _makruk.Board):
        return _makruk.index_to_move(board, action)
    from .._tamerlane import index_to_move as tamerlane_index_to_move

    return tamerlane_index_to_move(board, action)


def score(board: Any, color: Color) -> float:
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

    def choose(self, board: Any, rng: np.random.Generator) -> Any:
        """The move to play on ``board`` (which has legal moves)."""
        if self.engine is not None:
            best = self.engine.search(board, nodes=self.engine_nodes).move
            if best is not None:
                return best
        if self.function is not None:
            return self.function(board)
        moves = sorted(board.legal_moves, key=str)
        return moves[int(rng.integers(len(moves)))]


def mask_of(board: Any) -> npt.NDArray[np.bool_]:
    """The legal-action mask, all false once the game is over."""
    mask: npt.NDArray[np.bool_] = board.legal_action_mask()
    if board.is_game_over():
        mask[:] = False
    return mask

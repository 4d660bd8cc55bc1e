"""Type stubs of the names ``tamerlane.chess`` and ``tamerlane.makruk``
both have (stub-only; each game's module star-imports them): the constants
(with game-specific values), the colours and the shared exceptions."""

from __future__ import annotations

from ._tamerlane import AmbiguousMoveError as AmbiguousMoveError
from ._tamerlane import Color as Color
from ._tamerlane import GameOverError as GameOverError
from ._tamerlane import IllegalMoveError as IllegalMoveError
from ._tamerlane import InvalidFenError as InvalidFenError
from ._tamerlane import InvalidMoveError as InvalidMoveError
from ._tamerlane import InvalidPositionError as InvalidPositionError
from ._tamerlane import InvalidRulesError as InvalidRulesError
from ._tamerlane import SquareSet as SquareSet

STARTING_FEN: str
"""The FEN of the start position."""
ACTION_SPACE_SIZE: int
"""The number of actions (see ``move_to_index``)."""
PLANES: int
"""The number of planes of ``Board.to_planes()``."""
PLANE_NAMES: list[str]
"""The name of each plane, in order."""
TERMINATIONS: list[str]
"""The names of the ways a game ends, in the order they are checked."""
WHITE: Color
"""White, ``Color.WHITE``."""
BLACK: Color
"""Black, ``Color.BLACK``."""

"""Type stubs of the names ``tamerlane.chess`` and ``tamerlane.makruk``
both have (stub-only; each game's module star-imports them): the constants
(with game-specific values), the colours, the shared exceptions, and the
8x8 board's squares under python-chess's names (``a1 = 0`` .. ``h8 = 63``)."""

from __future__ import annotations

from typing import SupportsIndex

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

FILE_NAMES: list[str]
"""``["a", ..., "h"]``."""
RANK_NAMES: list[str]
"""``["1", ..., "8"]``."""
SQUARES: list[int]
"""``0`` (a1) .. ``63`` (h8)."""
SQUARE_NAMES: list[str]
"""The name of each square index."""
BB_EMPTY: int
"""The empty square mask."""
BB_ALL: int
"""The mask of every square."""
BB_SQUARES: list[int]
"""The mask of each square: ``BB_SQUARES[i] == 1 << i``."""
A1: int; B1: int; C1: int; D1: int; E1: int; F1: int; G1: int; H1: int  # noqa: E702
A2: int; B2: int; C2: int; D2: int; E2: int; F2: int; G2: int; H2: int  # noqa: E702
A3: int; B3: int; C3: int; D3: int; E3: int; F3: int; G3: int; H3: int  # noqa: E702
A4: int; B4: int; C4: int; D4: int; E4: int; F4: int; G4: int; H4: int  # noqa: E702
A5: int; B5: int; C5: int; D5: int; E5: int; F5: int; G5: int; H5: int  # noqa: E702
A6: int; B6: int; C6: int; D6: int; E6: int; F6: int; G6: int; H6: int  # noqa: E702
A7: int; B7: int; C7: int; D7: int; E7: int; F7: int; G7: int; H7: int  # noqa: E702
A8: int; B8: int; C8: int; D8: int; E8: int; F8: int; G8: int; H8: int  # noqa: E702

def square(file_index: SupportsIndex, rank_index: SupportsIndex) -> int:
    """The square on file ``file_index`` (0 = a) and rank ``rank_index`` (0 = rank 1)."""
def square_name(square: SupportsIndex) -> str:
    """The name of a square (``"e4"``)."""
def parse_square(name: str) -> int:
    """The square named ``name``; ``ValueError`` for anything else."""
def square_file(square: SupportsIndex) -> int:
    """The file of a square: 0 (a) to 7 (h)."""
def square_rank(square: SupportsIndex) -> int:
    """The rank of a square: 0 (rank 1) to 7 (rank 8)."""
def square_distance(a: SupportsIndex, b: SupportsIndex) -> int:
    """The number of King steps between two squares."""
def square_mirror(square: SupportsIndex) -> int:
    """The square with its rank flipped (``e2`` <-> ``e7``)."""

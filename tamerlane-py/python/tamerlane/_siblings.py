"""The public names of a sibling game's module (``tamerlane.chess``,
``tamerlane.makruk``): those of its native submodule (``Board``, ``Move``,
``LegalMoves``, ``Outcome``, ``SearchResult``, ``PvLine``, ``Info``,
``PlayResult``, ``move_to_index``,
``index_to_move``, ``search`` and the constants), plus the colours, ``SquareSet`` and
the exceptions it shares with the Tamerlane board, and the 8x8 board's
squares under python-chess's names (``E4``, ``SQUARE_NAMES``,
``square_name``, ``BB_SQUARES``, ...): both games number them as
python-chess does, ``a1 = 0`` to ``h8 = 63``."""

from __future__ import annotations

import operator
from types import ModuleType
from typing import Any, MutableMapping, SupportsIndex

from ._tamerlane import (
    AmbiguousMoveError,
    Color,
    GameOverError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRulesError,
    SquareSet,
)

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
BB_EMPTY = 0
BB_ALL = (1 << 64) - 1
BB_SQUARES = [1 << sq for sq in SQUARES]


def _index(square: SupportsIndex) -> int:
    """A square index, ``ValueError`` off the board."""
    i = operator.index(square)
    if not 0 <= i < 64:
        raise ValueError(f"square {i} out of range (expected 0 to 63)")
    return i


def square(file_index: SupportsIndex, rank_index: SupportsIndex) -> int:
    """The square on file ``file_index`` (0 = a) and rank ``rank_index``
    (0 = rank 1); ``ValueError`` off the board."""
    f, r = operator.index(file_index), operator.index(rank_index)
    if not (0 <= f < 8 and 0 <= r < 8):
        raise ValueError(f"no square on file {f}, rank {r} (files and ranks 0 to 7)")
    return r * 8 + f


def square_name(square: SupportsIndex) -> str:
    """The name of a square (``"e4"``)."""
    return SQUARE_NAMES[_index(square)]


def parse_square(name: str) -> int:
    """The square named ``name`` (``"e4"``); ``ValueError`` for anything else."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"no square named {name!r} (a1 to h8)") from None


def square_file(square: SupportsIndex) -> int:
    """The file of a square: 0 (a) to 7 (h)."""
    return _index(square) & 7


def square_rank(square: SupportsIndex) -> int:
    """The rank of a square: 0 (rank 1) to 7 (rank 8)."""
    return _index(square) >> 3


def square_distance(a: SupportsIndex, b: SupportsIndex) -> int:
    """The number of King steps between two squares (the Chebyshev distance)."""
    a, b = _index(a), _index(b)
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_mirror(square: SupportsIndex) -> int:
    """The square seen from the other side: the rank flipped (``e2`` <-> ``e7``)."""
    return _index(square) ^ 0x38


BOARD8: dict[str, Any] = {
    "FILE_NAMES": FILE_NAMES,
    "RANK_NAMES": RANK_NAMES,
    "SQUARES": SQUARES,
    "SQUARE_NAMES": SQUARE_NAMES,
    "BB_EMPTY": BB_EMPTY,
    "BB_ALL": BB_ALL,
    "BB_SQUARES": BB_SQUARES,
    "square": square,
    "square_name": square_name,
    "parse_square": parse_square,
    "square_file": square_file,
    "square_rank": square_rank,
    "square_distance": square_distance,
    "square_mirror": square_mirror,
    **{name.upper(): sq for sq, name in enumerate(SQUARE_NAMES)},
}
"""The 8x8 board's squares, as python-chess names them (``A1 == 0`` ...
``H8 == 63``)."""

SHARED: dict[str, Any] = {
    "Color": Color,
    "WHITE": Color.WHITE,
    "BLACK": Color.BLACK,
    "AmbiguousMoveError": AmbiguousMoveError,
    "GameOverError": GameOverError,
    "IllegalMoveError": IllegalMoveError,
    "InvalidFenError": InvalidFenError,
    "InvalidMoveError": InvalidMoveError,
    "InvalidRulesError": InvalidRulesError,
    "InvalidPositionError": InvalidPositionError,
    "SquareSet": SquareSet,
}
"""The names every sibling module shares with ``tamerlane``."""


def export(native: ModuleType, namespace: MutableMapping[str, Any]) -> list[str]:
    """Puts the public names of ``native`` and the shared names into
    ``namespace`` (a module's ``globals()``) and returns them, sorted, for
    its ``__all__``."""
    names = {name: getattr(native, name) for name in dir(native) if not name.startswith("_")}
    names.update(SHARED)
    names.update(BOARD8)
    namespace.update(names)
    return sorted(names)

"""The public names of a sibling game's module (``tamerlane.chess``,
``tamerlane.makruk``): those of its native submodule (``Board``, ``Move``,
``LegalMoves``, ``Outcome``, ``SearchResult``, ``PvLine``, ``Info``,
``PlayResult``, ``move_to_index``,
``index_to_move``, ``search`` and the constants), plus the colours, ``SquareSet`` and
the exceptions it shares with the Tamerlane board."""

from __future__ import annotations

from types import ModuleType
from typing import Any, MutableMapping

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
    namespace.update(names)
    return sorted(names)

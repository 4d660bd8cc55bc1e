"""Type stubs shared by ``tamerlane.chess`` and ``tamerlane.makruk``: the
API of a sibling game's classes, once, as generic bases (stub-only: at
run time each game's classes are separate native classes generated from
one Rust definition, with no common base); what they share with the
Tamerlane board comes from ``_board_api.pyi``."""

from __future__ import annotations

from typing import Any, Optional, Protocol, SupportsIndex, TypeVar, Union

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

from ._board_api import BoardApi, ColorArg, LegalMovesApi
from ._tamerlane import Color

RoleArg = Union[str, SupportsIndex]
"""A role: its name (``"knight"``) or python-chess's piece type (1 = pawn .. 6 = king)."""

class _HasUci(Protocol):
    """A python-chess ``Move`` (anything with ``uci()``)."""

    def uci(self) -> str: ...

class _HasFen(Protocol):
    """A python-chess ``Board`` (anything with ``fen()``)."""

    def fen(self) -> str: ...

class _HasSymbol(Protocol):
    """A python-chess ``Piece`` (anything with ``symbol()``)."""

    def symbol(self) -> str: ...

class SiblingPiece:
    """A piece: a colour and a role; compares and hashes by both."""

    def __init__(self, color: ColorArg, role: RoleArg) -> None: ...
    @classmethod
    def from_symbol(cls, symbol: str) -> Self:
        """The piece of a FEN letter (``ValueError`` otherwise)."""
    @property
    def color(self) -> Color:
        """The side of the piece."""
    @property
    def role(self) -> str:
        """The role's name: ``"pawn"``, ``"knight"``, ..."""
    @property
    def piece_type(self) -> int:
        """python-chess's piece type: 1 (pawn) .. 6 (king)."""
    def symbol(self) -> str:
        """The FEN letter, upper case for White."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

_P = TypeVar("_P", bound=SiblingPiece)

class SiblingMove:
    """A move as python-chess has them: squares and promotion, no context.
    Compares and hashes by its UCI string; ``str()`` is that string."""

    @classmethod
    def from_uci(cls, uci: str) -> Self:
        """The move of a UCI string; ``InvalidMoveError`` if it is none."""
    @property
    def from_square(self) -> int:
        """The origin square, 0 (``a1``) .. 63 (``h8``)."""
    @property
    def to_square(self) -> int:
        """The target square, 0 (``a1``) .. 63 (``h8``)."""
    @property
    def promotion(self) -> Optional[str]:
        """The promotion piece letter, lower case, or ``None``."""
    def uci(self) -> str:
        """The UCI string."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

_M = TypeVar("_M", bound=SiblingMove)

class SiblingOutcome:
    """How a game ended: the winner (``None`` for a draw) and the
    termination's name (one of the module's ``TERMINATIONS``)."""

    def __init__(self, winner: Optional[ColorArg], termination: str) -> None: ...
    @property
    def winner(self) -> Optional[Color]:
        """The winning side, ``None`` for a draw."""
    @property
    def termination(self) -> str:
        """Why the game ended, e.g. ``"checkmate"``."""
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

_O = TypeVar("_O", bound=SiblingOutcome)

_L = TypeVar("_L", bound=LegalMovesApi[Any])

class SiblingBoard(
    BoardApi[_M, Union[_M, str, _HasUci], _O, _L, _P, Union[_P, _HasSymbol], RoleArg]
):
    """A game: a start position under rule options, and the moves played.
    A move may be given as a ``Move``, a UCI string or a python-chess
    ``Move`` (read by its ``uci()``); a position as a FEN or a python-chess
    ``Board`` (read by its ``fen()``)."""

    def __init__(self, fen: Union[str, _HasFen] = ..., *, rules: str = "") -> None:
        """A board at ``fen`` (default: the start position; ``None`` raises
        ``TypeError``, ``InvalidFenError`` if bad) under ``rules`` (a
        rule-set string, ``InvalidRulesError`` if bad)."""
    def set_fen(self, fen: Union[str, _HasFen]) -> None:
        """Replaces the position by a FEN one (same rules), clearing the move stack."""
    def to_planes(self) -> npt.NDArray[np.float32]:
        """The position as ``(PLANES, 8, 8)`` float32 planes, seen by the side to move."""
    def _repr_svg_(self) -> str:
        """SVG for Jupyter (``tamerlane.svg.board`` with the last move marked)."""

_B_contra = TypeVar("_B_contra", contravariant=True)
_M_co = TypeVar("_M_co", covariant=True)
_M_contra = TypeVar("_M_contra", contravariant=True)
_R_co = TypeVar("_R_co", covariant=True)

class MoveToIndex(Protocol[_M_contra]):
    """``move_to_index(move, turn)``: the action index of a move (a ``Move``
    or UCI string) made by ``turn`` (a ``Color`` or a bool, ``True`` for
    White)."""

    def __call__(self, move: Union[_M_contra, str, _HasUci], turn: ColorArg) -> int: ...

class IndexToMove(Protocol[_B_contra, _M_co]):
    """``index_to_move(board, index)``: the legal move of ``board`` (a
    ``Board``, or a python-chess ``Board``) with this action index (``ValueError`` out of range, ``IllegalMoveError`` if
    no legal move has it)."""

    def __call__(self, board: _B_contra, index: SupportsIndex) -> _M_co: ...

class SearchFunction(Protocol[_B_contra, _R_co]):
    """``search(board, *, depth=None, movetime=None, nodes=None,
    hash_mb=None)``: searches ``board`` (a ``Board``, or a python-chess
    ``Board``: its root FEN and move stack) until ``depth`` plies,
    ``movetime`` seconds or ``nodes`` nodes (at least one limit):
    ``tamerlane.Engine(hash_mb).search(board, ...)`` on a new engine (the
    same code: GIL released, Ctrl-C raises ``KeyboardInterrupt`` with
    ``.result``)."""

    def __call__(
        self,
        board: _B_contra,
        *,
        depth: Optional[SupportsIndex] = None,
        movetime: Optional[float] = None,
        nodes: Optional[SupportsIndex] = None,
        hash_mb: Optional[SupportsIndex] = None,
    ) -> _R_co: ...

"""Tamerlane chess for Python: rules, legal moves, TFEN, SVG boards, a
search engine and numpy helpers, implemented in Rust.

>>> import tamerlane
>>> board = tamerlane.Board()
>>> len(board.legal_moves)
24
>>> board.push_san("f4")
<Move f3f4: pawn of kings normal>
>>> tamerlane.Board().perft(2)
576

The guide is ``docs/PYTHON.md`` in the repository; every name has a
docstring and a type signature (``_tamerlane.pyi``).
"""

from __future__ import annotations

import enum
import operator
from typing import TYPE_CHECKING, Any, SupportsIndex

from ._tamerlane import (
    ACTION_SPACE_SIZE,
    BOARD_COLS,
    BOARD_ROWS,
    INITIAL_TFEN,
    MAX_PERFT_DEPTH,
    PLANE_NAMES,
    PLANES,
    AmbiguousMoveError,
    Analysis,
    Board,
    Color,
    Engine,
    EnvState,
    GameOverError,
    IllegalMoveError,
    Info,
    InvalidFenError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRulesError,
    InvalidTfenError,
    LegalMoves,
    Move,
    Outcome,
    Piece,
    PlayResult,
    PvLine,
    Role,
    SquareSet,
    SearchResult,
    Termination,
    __version__,
    index_to_move,
    masks_many,
    move_to_index,
    moves_to_indices,
    parse_square,
    planes_many,
    random_rollouts,
    square_name,
)

WHITE: Color = Color.WHITE
"""White, the side that moves first (equal to ``True``, as python-chess's ``WHITE``)."""
BLACK: Color = Color.BLACK
"""Black (equal to ``False``)."""
COLORS: tuple[Color, Color] = (Color.WHITE, Color.BLACK)
"""Both sides, White first."""

SQUARES: range = range(112)
"""All square indices: ``0`` (a1) .. ``109`` (k10), ``110`` (wc), ``111`` (bc)."""
SQUARE_NAMES: tuple[str, ...] = tuple(square_name(i) for i in SQUARES)
"""The name of each square index."""
WC: int = 110
"""White's citadel, right of k2."""
BC: int = 111
"""Black's citadel, left of a9."""


class Square(enum.IntEnum):
    """Square names as int constants: ``Square.A1 == 0``, ``Square.K10 ==
    109``, ``Square.WC == 110`` (White's citadel, right of k2) and
    ``Square.BC == 111`` (Black's citadel, left of a9). Every API that takes
    a square accepts these, plain ints or names such as ``"f3"``."""

    A1 = 0; B1 = 1; C1 = 2; D1 = 3; E1 = 4; F1 = 5; G1 = 6; H1 = 7; I1 = 8; J1 = 9; K1 = 10  # noqa: E702
    A2 = 11; B2 = 12; C2 = 13; D2 = 14; E2 = 15; F2 = 16; G2 = 17; H2 = 18; I2 = 19; J2 = 20; K2 = 21  # noqa: E702
    A3 = 22; B3 = 23; C3 = 24; D3 = 25; E3 = 26; F3 = 27; G3 = 28; H3 = 29; I3 = 30; J3 = 31; K3 = 32  # noqa: E702
    A4 = 33; B4 = 34; C4 = 35; D4 = 36; E4 = 37; F4 = 38; G4 = 39; H4 = 40; I4 = 41; J4 = 42; K4 = 43  # noqa: E702
    A5 = 44; B5 = 45; C5 = 46; D5 = 47; E5 = 48; F5 = 49; G5 = 50; H5 = 51; I5 = 52; J5 = 53; K5 = 54  # noqa: E702
    A6 = 55; B6 = 56; C6 = 57; D6 = 58; E6 = 59; F6 = 60; G6 = 61; H6 = 62; I6 = 63; J6 = 64; K6 = 65  # noqa: E702
    A7 = 66; B7 = 67; C7 = 68; D7 = 69; E7 = 70; F7 = 71; G7 = 72; H7 = 73; I7 = 74; J7 = 75; K7 = 76  # noqa: E702
    A8 = 77; B8 = 78; C8 = 79; D8 = 80; E8 = 81; F8 = 82; G8 = 83; H8 = 84; I8 = 85; J8 = 86; K8 = 87  # noqa: E702
    A9 = 88; B9 = 89; C9 = 90; D9 = 91; E9 = 92; F9 = 93; G9 = 94; H9 = 95; I9 = 96; J9 = 97; K9 = 98  # noqa: E702
    A10 = 99; B10 = 100; C10 = 101; D10 = 102; E10 = 103; F10 = 104; G10 = 105; H10 = 106; I10 = 107; J10 = 108; K10 = 109  # noqa: E702
    WC = 110
    BC = 111

    def __str__(self) -> str:
        """The square's name, e.g. ``"f3"`` or ``"wc"``."""
        return SQUARE_NAMES[self.value]

    @property
    def is_citadel(self) -> bool:
        """Whether this is one of the two citadels."""
        return self.value >= 110


# The ordinary squares as module constants, as in python-chess: ``A1 == 0``
# ... ``K10 == 109`` (``Square`` members, so ints that print their names).
(A1, B1, C1, D1, E1, F1, G1, H1, I1, J1, K1,
 A2, B2, C2, D2, E2, F2, G2, H2, I2, J2, K2,
 A3, B3, C3, D3, E3, F3, G3, H3, I3, J3, K3,
 A4, B4, C4, D4, E4, F4, G4, H4, I4, J4, K4,
 A5, B5, C5, D5, E5, F5, G5, H5, I5, J5, K5,
 A6, B6, C6, D6, E6, F6, G6, H6, I6, J6, K6,
 A7, B7, C7, D7, E7, F7, G7, H7, I7, J7, K7,
 A8, B8, C8, D8, E8, F8, G8, H8, I8, J8, K8,
 A9, B9, C9, D9, E9, F9, G9, H9, I9, J9, K9,
 A10, B10, C10, D10, E10, F10, G10, H10, I10, J10, K10) = tuple(Square)[:110]

BB_ALL: int = (1 << 112) - 1
"""The square mask of every square (bit ``i`` for square ``i``, citadels
included), the default of ``Board.generate_legal_moves``."""
BB_SQUARES: tuple[int, ...] = tuple(1 << i for i in SQUARES)
"""The mask of each single square: ``BB_SQUARES[i] == 1 << i``."""


def square(file_index: SupportsIndex, rank_index: SupportsIndex) -> int:
    """The ordinary square on file ``file_index`` (0 = a .. 10 = k) and rank
    ``rank_index`` (0 = rank 1 .. 9 = rank 10), as python-chess's
    ``square``; ``ValueError`` outside the board (citadels have no file
    and rank: use ``WC``, ``BC``).

    >>> square(5, 2) == F3
    True
    """
    f, r = operator.index(file_index), operator.index(rank_index)
    if not (0 <= f < 11 and 0 <= r < 10):
        raise ValueError(f"no square on file {f}, rank {r} (files 0 to 10, ranks 0 to 9)")
    return r * 11 + f


def _coords(square: SupportsIndex | str) -> tuple[int, int]:
    """Board coordinates ``(file, rank)``, extended to the citadels as the
    board draws them: ``wc`` right of k2 (11, 1), ``bc`` left of a9 (-1, 8)."""
    i = parse_square(square)
    return {WC: (11, 1), BC: (-1, 8)}.get(i, (i % 11, i // 11))


def square_distance(a: SupportsIndex | str, b: SupportsIndex | str) -> int:
    """The number of King steps between two squares on an empty board
    (python-chess's Chebyshev distance), the citadels counted where they
    stand: ``wc`` right of k2, ``bc`` left of a9.

    >>> square_distance("a1", "c2"), square_distance("k2", "wc"), square_distance("a1", "wc")
    (2, 1, 11)
    """
    (fa, ra), (fb, rb) = _coords(a), _coords(b)
    return max(abs(fa - fb), abs(ra - rb))


def square_file(square: SupportsIndex | str) -> int | None:
    """The file 0 (a) .. 10 (k) of an ordinary square (an int or a name such
    as ``"f3"``), ``None`` for a citadel."""
    i = parse_square(square)
    return None if i >= 110 else i % 11


def square_rank(square: SupportsIndex | str) -> int | None:
    """The rank 0 (rank 1) .. 9 (rank 10) of an ordinary square, ``None``
    for a citadel."""
    i = parse_square(square)
    return None if i >= 110 else i // 11


from . import svg  # noqa: E402  (``import tamerlane`` makes ``tamerlane.svg`` available)
from . import chess, makruk  # noqa: E402  (the sibling games: ``tamerlane.chess.Board``, ``tamerlane.makruk.Board``)

if TYPE_CHECKING:
    from .vector_env import VectorEnv


def __getattr__(name: str) -> Any:
    """``tamerlane.VectorEnv``, made on first use: it subclasses
    ``gymnasium.vector.VectorEnv`` when gymnasium is installed, and importing
    gymnasium takes long, so ``import tamerlane`` does not."""
    if name == "VectorEnv":
        from .vector_env import VectorEnv

        globals()["VectorEnv"] = VectorEnv
        return VectorEnv
    raise AttributeError(f"module 'tamerlane' has no attribute {name!r}")

__all__ = [
    "ACTION_SPACE_SIZE",
    "BB_ALL",
    "BB_SQUARES",
    "BC",
    "BLACK",
    "BOARD_COLS",
    "BOARD_ROWS",
    "COLORS",
    "INITIAL_TFEN",
    "MAX_PERFT_DEPTH",
    "PLANES",
    "PLANE_NAMES",
    "SQUARES",
    "SQUARE_NAMES",
    "WC",
    "WHITE",
    "AmbiguousMoveError",
    "Analysis",
    "Board",
    "Color",
    "Engine",
    "EnvState",
    "GameOverError",
    "IllegalMoveError",
    "Info",
    "InvalidFenError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRulesError",
    "InvalidTfenError",
    "LegalMoves",
    "Move",
    "Outcome",
    "Piece",
    "PlayResult",
    "PvLine",
    "Role",
    "SearchResult",
    "Square",
    "SquareSet",
    "Termination",
    "VectorEnv",
    "__version__",
    "chess",
    "index_to_move",
    "makruk",
    "masks_many",
    "move_to_index",
    "moves_to_indices",
    "parse_square",
    "planes_many",
    "random_rollouts",
    "square",
    "square_distance",
    "square_file",
    "square_name",
    "square_rank",
    "svg",
]
__all__ += [name for name in Square.__members__ if name not in ("WC", "BC")]

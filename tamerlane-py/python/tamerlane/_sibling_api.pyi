"""Type stubs shared by ``tamerlane.chess`` and ``tamerlane.makruk``: the
API of a sibling game's classes, once, as generic bases (stub-only: at
run time each game's classes are separate native classes generated from
one Rust definition, with no common base)."""

from __future__ import annotations

from typing import (
    Any,
    Generic,
    Iterable,
    Iterator,
    Mapping,
    Optional,
    Protocol,
    SupportsIndex,
    TypeVar,
    Union,
)

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

from ._tamerlane import Color, SquareSet

SquareArg = Union[SupportsIndex, str]
ColorArg = Union[Color, bool]
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

class SiblingLegalMoves(Generic[_M]):
    """The legal moves of a position (a snapshot): ``len()``, iteration, ``in``."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> Iterator[_M]: ...
    def __contains__(self, item: object) -> bool: ...
    def count(self) -> int:
        """The number of legal moves."""

_L = TypeVar("_L", bound=SiblingLegalMoves[Any])

class SiblingSearchResult(Generic[_M]):
    """What ``search`` returns."""

    @property
    def move(self) -> Optional[_M]:
        """The best move (``None`` if the game has ended)."""
    @property
    def score_cp(self) -> Optional[int]:
        """Centipawns for the side to move (``None`` for a mate score)."""
    @property
    def mate(self) -> Optional[int]:
        """Mate in this many moves (negative: the side to move is mated)."""
    @property
    def pv(self) -> list[_M]:
        """The principal variation."""
    @property
    def depth(self) -> int:
        """The last completed depth."""
    @property
    def nodes(self) -> int:
        """Nodes searched."""
    @property
    def time(self) -> float:
        """Seconds spent."""

class SiblingBoard(Generic[_M, _O, _L, _P]):
    """A game: a start position under rule options, and the moves played.
    A move may be given as a ``Move``, a UCI string or a python-chess
    ``Move`` (read by its ``uci()``); a position as a FEN or a python-chess
    ``Board`` (read by its ``fen()``)."""

    def __init__(self, fen: Union[str, _HasFen] = ..., *, rules: str = "") -> None:
        """A board at ``fen`` (default: the start position; ``None`` raises
        ``TypeError``, ``InvalidFenError`` if bad) under ``rules`` (a
        rule-set string, ``InvalidRulesError`` if bad)."""
    @property
    def rules(self) -> str:
        """The rule options in canonical form (``""`` for the defaults)."""
    def fen(self) -> str:
        """The current position as a FEN."""
    def set_fen(self, fen: Union[str, _HasFen]) -> None:
        """Replaces the position by a FEN one (same rules), clearing the move stack."""
    def reset(self) -> None:
        """Back to the start position, with an empty move stack."""
    @property
    def turn(self) -> Color:
        """The side to move."""
    def ply(self) -> int:
        """``2 * (fullmove_number - 1) + (1 if Black to move else 0)``."""
    @property
    def halfmove_clock(self) -> int:
        """The halfmove clock of the FEN."""
    @property
    def fullmove_number(self) -> int:
        """Starts at 1, goes up after each Black move."""
    @property
    def legal_moves(self) -> _L:
        """The legal moves: sized, iterable, supporting ``in``."""
    def is_legal(self, move: Union[_M, str, _HasUci]) -> bool:
        """Whether the move is legal here (``False`` for a string that is no move)."""
    def push(self, move: Union[_M, str, _HasUci]) -> None:
        """Plays a move (``GameOverError`` once the game has ended, else
        ``IllegalMoveError``/``InvalidMoveError``; the board is then unchanged)."""
    def push_uci(self, uci: str) -> _M:
        """Plays a UCI string; returns the move."""
    def push_str(self, text: str) -> _M:
        """The Tamerlane board's name of ``push_uci``."""
    def parse_str(self, text: str) -> _M:
        """The Tamerlane board's name of ``parse_uci``."""
    def push_san(self, san: str) -> _M:
        """Plays a SAN string (or UCI); returns the move."""
    def parse_uci(self, uci: str) -> _M:
        """The legal move a UCI string names."""
    def parse_san(self, san: str) -> _M:
        """The legal move a SAN string (or UCI) names."""
    def san(self, move: Union[_M, str, _HasUci]) -> str:
        """The SAN of a legal move."""
    def lan(self, move: Union[_M, str, _HasUci]) -> str:
        """The long algebraic notation of a legal move (``Ng1-f3``, ``e7xd8=Q+``)."""
    def variation_san(self, variation: Iterable[Union[_M, str, _HasUci]]) -> str:
        """The numbered SAN of a line of moves from here (``"1. e4 e5 2. Nf3"``)."""
    def is_capture(self, move: Union[_M, str, _HasUci]) -> bool:
        """Whether a legal move captures (``IllegalMoveError`` otherwise)."""
    def gives_check(self, move: Union[_M, str, _HasUci]) -> bool:
        """Whether a legal move gives check."""
    def generate_legal_moves(self, from_mask: int = -1, to_mask: int = -1) -> Iterator[_M]:
        """The legal moves between two square masks (bit ``i`` for square ``i``)."""
    def generate_legal_captures(self, from_mask: int = -1, to_mask: int = -1) -> Iterator[_M]:
        """The legal captures between two square masks."""
    def pop(self) -> _M:
        """Takes back the last move (``IndexError`` if none); an ended game is open again."""
    def peek(self) -> _M:
        """The last move played (``IndexError`` if none)."""
    @property
    def move_stack(self) -> list[_M]:
        """The moves played, oldest first."""
    def piece_at(self, square: SquareArg) -> Optional[_P]:
        """The piece on a square (0..63 or a name), or ``None``."""
    def pieces(self, role: RoleArg, color: ColorArg) -> list[int]:
        """The squares of the pieces of ``role`` and ``color``, ascending."""
    def piece_map(self) -> dict[int, _P]:
        """Every piece by square."""
    def set_piece_at(self, square: SquareArg, piece: Union[_P, _HasSymbol, None]) -> None:
        """Puts a piece on a square (``None`` empties it); clears the move
        stack; ``InvalidPositionError`` leaves the board unchanged."""
    def remove_piece_at(self, square: SquareArg) -> Optional[_P]:
        """Empties a square and returns what stood there; clears the move stack."""
    def set_piece_map(self, pieces: Mapping[Any, Union[_P, _HasSymbol]]) -> None:
        """Replaces the placement (the inverse of ``piece_map()``); clears the move stack."""
    def clear(self) -> None:
        """Empties every square but the kings'; clears the move stack."""
    def attackers(self, color: ColorArg, square: SquareArg) -> SquareSet:
        """The squares of the pieces of ``color`` attacking ``square``."""
    def is_attacked_by(self, color: ColorArg, square: SquareArg) -> bool:
        """Whether a piece of ``color`` attacks ``square``."""
    def checkers(self) -> SquareSet:
        """The squares of the pieces giving check."""
    def royals(self, color: ColorArg) -> list[int]:
        """The square of the king of ``color``, as a one-item list."""
    def mirror(self) -> Self:
        """The position seen from the other side (no move stack, same rules)."""
    def is_repetition(self, count: SupportsIndex = 3) -> bool:
        """Whether the position has occurred at least ``count`` times."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_checkmate(self) -> bool:
        """In check with no legal move."""
    def is_stalemate(self) -> bool:
        """Not in check, with no legal move."""
    def repetition_count(self) -> int:
        """How many times the current position has occurred in this game."""
    def outcome(self) -> Optional[_O]:
        """How the game ended (its first terminal event), or ``None``."""
    def is_game_over(self) -> bool:
        """Whether ``outcome()`` is not ``None``."""
    def result(self) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"``."""
    def perft(self, depth: SupportsIndex) -> int:
        """Legal move sequences of ``depth`` plies (Rust, GIL released, Ctrl-C stops it)."""
    def copy(self, stack: Union[bool, SupportsIndex] = True) -> Self:
        """A copy: ``stack`` ``True`` keeps every move, ``False`` none, an int the last ones."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any) -> Self: ...
    def root(self) -> Self:
        """A new board at the start position of this game (same rules)."""
    def to_planes(self) -> npt.NDArray[np.float32]:
        """The position as ``(PLANES, 8, 8)`` float32 planes, seen by the side to move."""
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """``ACTION_SPACE_SIZE`` booleans, true at every legal move's index."""
    def __eq__(self, other: object) -> bool:
        """Same position and rules (move stacks are not compared)."""
    def __hash__(self) -> int: ...
    def __getstate__(self) -> dict[str, Any]:
        """The pickled state: start FEN, rules and moves."""
    def __setstate__(self, state: Any) -> None:
        """Restores a pickled state."""

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
    ``Board``: its root FEN and move stack) with a new engine (GIL released)
    until ``depth`` plies, ``movetime`` seconds or ``nodes`` nodes (at least
    one limit)."""

    def __call__(
        self,
        board: _B_contra,
        *,
        depth: Optional[SupportsIndex] = None,
        movetime: Optional[float] = None,
        nodes: Optional[SupportsIndex] = None,
        hash_mb: Optional[SupportsIndex] = None,
    ) -> _R_co: ...

"""Type stubs of the API the three games share (``tamerlane``,
``tamerlane.chess``, ``tamerlane.makruk``): their boards' methods, the
legal-move views and what a search returns (``SearchResult``, ``PvLine``,
``Info``, ``PlayResult``), once, as generic bases
(stub-only: at run time each game's classes are separate native classes,
the boards generated from one Rust definition)."""

from __future__ import annotations

from typing import (
    Any,
    Generic,
    Iterable,
    Iterator,
    Mapping,
    Optional,
    SupportsIndex,
    TypeVar,
    Union,
)

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

from ._tamerlane import Color, SquareSet
from .engine import PovScore

SquareArg = Union[SupportsIndex, str]
"""A square: its index or its name."""
ColorArg = Union[Color, bool]
"""A colour: a ``Color`` or a bool (``True`` for White), as in python-chess."""

_M = TypeVar("_M")
"""The game's move."""
_MA = TypeVar("_MA")
"""What the game takes as a move argument."""
_O = TypeVar("_O")
"""The game's outcome."""
_L = TypeVar("_L")
"""The game's legal-move view."""
_P = TypeVar("_P")
"""The game's piece."""
_PA = TypeVar("_PA")
"""What the game takes as a piece argument."""
_R = TypeVar("_R")
"""What the game takes as a role argument."""

class LegalMovesApi(Generic[_M]):
    """The legal moves of a position (a snapshot): ``len()``, iteration, ``in``."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> Iterator[_M]: ...
    def __contains__(self, item: object) -> bool: ...
    def count(self) -> int:
        """The number of legal moves."""

class ScoredLine(Generic[_M]):
    """A line of a search with its score, from the side to move's view."""

    @property
    def score_cp(self) -> Optional[int]:
        """Centipawns for the side to move (``None`` for a mate score)."""
    @property
    def mate(self) -> Optional[int]:
        """Mate in this many moves (negative: the side to move is mated)."""
    @property
    def pv(self) -> list[_M]:
        """The principal variation (the moves of the line)."""
    @property
    def turn(self) -> Color:
        """The side to move in the searched position (the scores' point of view)."""
    @property
    def score(self) -> PovScore:
        """The score as a ``tamerlane.engine.PovScore``."""
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class InfoApi(ScoredLine[_M]):
    """Progress of a search, passed to the ``info`` callback (or yielded by
    an ``Analysis``) after each iteration, one per line (``multipv``)."""

    @property
    def depth(self) -> int:
        """The iteration depth."""
    @property
    def seldepth(self) -> int:
        """The deepest ply reached."""
    @property
    def multipv(self) -> int:
        """Which line this is, from 1 (the best) to the ``multipv`` asked for."""
    @property
    def nodes(self) -> int:
        """Nodes searched so far."""
    @property
    def nps(self) -> int:
        """Nodes per second."""
    @property
    def time(self) -> float:
        """Seconds since the start of the search."""
    @property
    def hashfull(self) -> int:
        """Permille of the transposition table in use."""

class PvLineApi(ScoredLine[_M]):
    """One of the best lines of a search (``SearchResult.lines``), as an
    entry of ``chess.engine``'s ``analyse(..., multipv=k)``."""

    @property
    def multipv(self) -> int:
        """The rank of the line, from 1 (the best)."""

_LINE = TypeVar("_LINE")
"""The game's ``PvLine``."""

class SearchResultApi(ScoredLine[_M], Generic[_M, _LINE]):
    """What a search returns (``Engine.search``, the sibling modules' ``search``)."""

    @property
    def move(self) -> Optional[_M]:
        """The best move (``None`` if the game has ended)."""
    @property
    def lines(self) -> list[_LINE]:
        """The best lines (``multipv``), best first; the first is ``score`` and
        ``pv``; empty for a game that has ended."""
    @property
    def depth(self) -> int:
        """The last completed depth."""
    @property
    def nodes(self) -> int:
        """Nodes searched (all threads)."""
    @property
    def nps(self) -> int:
        """Nodes per second."""
    @property
    def time(self) -> float:
        """Seconds spent."""

_RESULT = TypeVar("_RESULT")
"""The game's ``SearchResult``."""

class PlayResultApi(Generic[_M, _RESULT]):
    """What ``Engine.play`` returns (as ``chess.engine.PlayResult``)."""

    @property
    def move(self) -> Optional[_M]:
        """The move to play (``None`` if the game has ended)."""
    @property
    def ponder(self) -> Optional[_M]:
        """The reply the engine expects, or ``None``."""
    @property
    def info(self) -> _RESULT:
        """The search result."""
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class BoardApi(Generic[_M, _MA, _O, _L, _P, _PA, _R]):
    """A game: a start position under a rule set, and the moves played from it."""

    @property
    def rules(self) -> str:
        """The rule set in canonical form (``""`` for the default rules)."""
    def fen(self) -> str:
        """The current position as a FEN (a TFEN for Tamerlane)."""
    def reset(self) -> None:
        """Back to the rules' start position, with an empty move stack."""
    @property
    def turn(self) -> Color:
        """The side to move."""
    def ply(self) -> int:
        """``2 * (fullmove_number - 1) + (1 if Black to move else 0)``."""
    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture or pawn move."""
    @property
    def fullmove_number(self) -> int:
        """Starts at 1, goes up after each Black move."""
    @property
    def legal_moves(self) -> _L:
        """The legal moves: sized, iterable, supporting ``in``."""
    def is_legal(self, move: _MA) -> bool:
        """Whether the move is legal here (``False`` for a string that is no move)."""
    def push(self, move: _MA) -> None:
        """Plays a move (``GameOverError`` once the game has ended, else
        ``IllegalMoveError``/``InvalidMoveError``; the board is then unchanged)."""
    def push_uci(self, uci: str) -> _M:
        """Plays a coordinate (UCI) string; returns the move (``GameOverError``
        once the game has ended)."""
    def push_str(self, text: str) -> _M:
        """The same as ``push_uci``."""
    def push_san(self, san: str) -> _M:
        """Plays a SAN string (or coordinates); returns the move."""
    def parse_uci(self, uci: str) -> _M:
        """The legal move a coordinate (UCI) string names."""
    def parse_str(self, text: str) -> _M:
        """The same as ``parse_uci``."""
    def parse_san(self, san: str) -> _M:
        """The legal move a SAN string (or coordinates) names."""
    def san(self, move: _MA) -> str:
        """The SAN of a legal move."""
    def lan(self, move: _MA) -> str:
        """The long algebraic notation of a legal move (``Ng1-f3``, ``Nb2-c4``, ``d4xe5``)."""
    def variation_san(self, variation: Iterable[_MA]) -> str:
        """The numbered SAN of a line of moves from here (``"1. e4 e5 2. Nf3"``);
        the board is not changed."""
    def is_capture(self, move: _MA) -> bool:
        """Whether a legal move captures (``IllegalMoveError`` otherwise)."""
    def gives_check(self, move: _MA) -> bool:
        """Whether a legal move attacks a royal of the opponent once played."""
    def generate_legal_moves(
        self, from_mask: SupportsIndex = -1, to_mask: SupportsIndex = -1
    ) -> Iterator[_M]:
        """The legal moves from a square of ``from_mask`` to one of ``to_mask``
        (int masks, bit ``i`` for square ``i``)."""
    def generate_legal_captures(
        self, from_mask: SupportsIndex = -1, to_mask: SupportsIndex = -1
    ) -> Iterator[_M]:
        """The legal captures between two square masks."""
    def pop(self) -> _M:
        """Takes back the last move (``IndexError`` if none); an ended game is open again."""
    def peek(self) -> _M:
        """The last move played (``IndexError`` if none)."""
    @property
    def move_stack(self) -> list[_M]:
        """The moves played, oldest first."""
    def piece_at(self, square: SquareArg) -> Optional[_P]:
        """The piece on a square (an int or a name), or ``None``."""
    def pieces(self, role: _R, color: ColorArg) -> list[int]:
        """The squares of the pieces of ``role`` and ``color``, ascending."""
    def piece_map(self) -> dict[int, _P]:
        """Every piece by square."""
    def set_piece_at(self, square: SquareArg, piece: Optional[_PA]) -> None:
        """Puts a piece on a square (``None`` empties it); clears the move
        stack; ``InvalidPositionError`` leaves the board unchanged."""
    def remove_piece_at(self, square: SquareArg) -> Optional[_P]:
        """Empties a square and returns what stood there; clears the move stack."""
    def set_piece_map(self, pieces: Mapping[Any, _PA]) -> None:
        """Replaces the placement (the inverse of ``piece_map()``); clears the move stack."""
    def clear(self) -> None:
        """Empties every square but the royals'; clears the move stack."""
    def attackers(self, color: ColorArg, square: SquareArg) -> SquareSet:
        """The squares of the pieces of ``color`` attacking ``square``."""
    def is_attacked_by(self, color: ColorArg, square: SquareArg) -> bool:
        """Whether a piece of ``color`` attacks ``square``."""
    def checkers(self) -> SquareSet:
        """The squares of the opponent's pieces attacking a royal of the side to move."""
    def royals(self, color: ColorArg) -> list[int]:
        """The squares of the royals of ``color`` (the King in chess and Makruk), ascending."""
    def king(self, color: ColorArg) -> Optional[int]:
        """The square of the King of ``color`` (python-chess's ``king``); in
        Tamerlane ``None`` once that side has no King (see ``royals``)."""
    def attacks(self, square: SquareArg) -> SquareSet:
        """The squares the piece on ``square`` attacks (none for an empty square)."""
    def color_at(self, square: SquareArg) -> Optional[Color]:
        """The colour of the piece on ``square``, or ``None`` if it is empty."""
    def board_fen(self) -> str:
        """The placement field of ``fen()``."""
    def uci(self, move: _MA) -> str:
        """The coordinate (UCI) text of a legal move."""
    def san_and_push(self, move: _MA) -> str:
        """The SAN of a legal move, then plays it."""
    def is_zeroing(self, move: _MA) -> bool:
        """Whether a legal move restarts the halfmove clock (a capture or a pawn move)."""
    def clear_stack(self) -> None:
        """Keeps the position and forgets the moves that led to it (it becomes
        ``root()``; a game that repetition ended goes on, as after
        ``set_fen(fen())``)."""
    def mirror(self) -> Self:
        """The position seen from the other side (no move stack, same rules)."""
    def is_repetition(self, count: SupportsIndex = 3) -> bool:
        """Whether the current position has occurred at least ``count`` times."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated."""
    def is_stalemate(self) -> bool:
        """No legal move, not in check (in Tamerlane chess a loss, not a draw)."""
    def repetition_count(self) -> int:
        """How many times the current position has occurred in this game."""
    def outcome(self) -> Optional[_O]:
        """How the game ended (its first terminal event under the board's
        rules), or ``None``."""
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
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """``ACTION_SPACE_SIZE`` booleans, true at every legal move's index."""
    def __eq__(self, other: object) -> bool:
        """Same position (placement, side to move, rights, clocks) and rules;
        move stacks are not compared."""
    def __hash__(self) -> int: ...
    def __getstate__(self) -> dict[str, Any]:
        """The pickled state: start position, rules and moves."""
    def __setstate__(self, state: Any) -> None:
        """Restores a pickled state."""

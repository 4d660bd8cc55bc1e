"""Type stubs of the native module ``tamerlane._tamerlane`` (Rust, PyO3)."""

from __future__ import annotations

import os
from enum import Enum
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    ClassVar,
    Iterable,
    Iterator,
    Literal,
    Mapping,
    Generic,
    Optional,
    Protocol,
    SupportsIndex,
    TypeVar,
    Union,
    overload,
)

import numpy as np
import numpy.typing as npt

from typing_extensions import Self

from . import chess as _chess
from . import makruk as _makruk
from ._board_api import (
    BoardApi,
    InfoApi,
    LegalMovesApi,
    PlayResultApi,
    PvLineApi,
    SearchResultApi,
)
from ._sibling_api import _HasUci

__version__: str
INITIAL_TFEN: str
"""The TFEN of the initial position."""
ACTION_SPACE_SIZE: int
"""Number of actions, 112 * 112 = 12544: ``112 * from + to`` from the mover's view."""
PLANES: int
"""Number of planes of ``Board.to_planes()`` (55)."""
PLANE_NAMES: list[str]
"""The name of each plane, in order."""
BOARD_ROWS: int
"""Rows of the plane grid (10 ranks)."""
BOARD_COLS: int
"""Columns of the plane grid (13: Black's citadel column, a..k, White's citadel column)."""
MAX_PERFT_DEPTH: int
"""The largest depth ``Board.perft`` accepts (30)."""
FIGURE_BOX: int
"""Side of the square ``piece_figure``'s figures are drawn in, in their own units (45)."""

if TYPE_CHECKING:
    from .engine import Limit, PovScore

SquareArg = Union[SupportsIndex, str]
MoveArg = Union["Move", str]
ColorArg = Union["Color", bool]
"""A colour argument: a ``Color`` or a bool (``True`` for White), as in python-chess."""
DTypeArg = Union[str, type[np.uint8], type[np.float32], np.dtype[Any], None]
"""A ``dtype=`` of the plane functions: uint8 or float32 (anything ``numpy.dtype`` takes)."""

class InvalidTfenError(ValueError):
    """A TFEN string that is malformed or describes a position the rules exclude."""

class InvalidFenError(ValueError):
    """A chess or Makruk FEN that is malformed or describes a position the
    rules exclude (``tamerlane.chess``, ``tamerlane.makruk``)."""

class InvalidMoveError(ValueError):
    """A move string that is not a move at all (not ``<from><to>``, not SAN)."""

class IllegalMoveError(ValueError):
    """A well-formed move that is not legal in the position it was tried on."""

class AmbiguousMoveError(IllegalMoveError):
    """A SAN string that matches more than one legal move."""

class InvalidRulesError(ValueError):
    """A rule-set string (``rules=``) that is malformed or names an unknown
    preset, key or value; the message names it."""

class InvalidPositionError(ValueError):
    """A board edit refused because it would give a position the rules
    exclude; the board is left unchanged."""

class GameOverError(ValueError):
    """A move refused because the game has already ended."""

    ply: int
    """The number of moves played before the game ended (0: it was over at the start)."""
    outcome: Outcome
    """How the game ended (its first terminal event)."""

class Color:
    """A side: ``Color.WHITE`` moves first. As python-chess's ``WHITE =
    True``: ``WHITE == True == 1`` and ``BLACK == False == 0``, with the
    same hashes."""

    WHITE: ClassVar[Color]
    BLACK: ClassVar[Color]
    @property
    def other(self) -> Color:
        """The other side."""
    @property
    def letter(self) -> str:
        """The TFEN letter, ``"w"`` or ``"b"``."""
    def __bool__(self) -> bool:
        """As in python-chess: ``WHITE`` is true, ``BLACK`` false."""
    def __int__(self) -> int:
        """1 for White, 0 for Black."""
    def __eq__(self, other: object) -> bool:
        """Equal to the same colour and to its bool or int (``WHITE == True == 1``)."""
    def __hash__(self) -> int:
        """The hash of its bool: 1 for White, 0 for Black."""

class Role:
    """A kind of piece or pawn: the twelve pieces (royals first), then the
    eleven pawns, each named after the piece it promotes to. A role equals
    only itself, never an int."""

    KING: ClassVar[Role]
    PRINCE: ClassVar[Role]
    ADVENTITIOUS_KING: ClassVar[Role]
    FERZ: ClassVar[Role]
    VIZIER: ClassVar[Role]
    ROOK: ClassVar[Role]
    KNIGHT: ClassVar[Role]
    ELEPHANT: ClassVar[Role]
    CAMEL: ClassVar[Role]
    DABBABA: ClassVar[Role]
    TALIA: ClassVar[Role]
    GIRAFFE: ClassVar[Role]
    PAWN_OF_ROOKS: ClassVar[Role]
    PAWN_OF_KNIGHTS: ClassVar[Role]
    PAWN_OF_TALIAS: ClassVar[Role]
    PAWN_OF_GIRAFFES: ClassVar[Role]
    PAWN_OF_FERZES: ClassVar[Role]
    PAWN_OF_VIZIERS: ClassVar[Role]
    PAWN_OF_ELEPHANTS: ClassVar[Role]
    PAWN_OF_CAMELS: ClassVar[Role]
    PAWN_OF_DABBABAS: ClassVar[Role]
    PAWN_OF_KINGS: ClassVar[Role]
    PAWN_OF_PAWNS: ClassVar[Role]
    @staticmethod
    def all() -> list[Role]:
        """Every role, in order (``Role.KING`` ... ``Role.PAWN_OF_PAWNS``)."""
    @staticmethod
    def from_token(token: str) -> Role:
        """The role for an upper-case TFEN token (``"K"``, ``"G"``, ``"PR"``, ...)."""
    @property
    def index(self) -> int:
        """The index 0..22."""
    @property
    def token(self) -> str:
        """The upper-case TFEN token."""
    @property
    def english(self) -> str:
        """The English name, e.g. ``"giraffe"`` or ``"pawn of pawns"``."""
    @property
    def is_pawn(self) -> bool:
        """Whether this is one of the eleven pawn kinds."""
    @property
    def is_royal(self) -> bool:
        """Whether this is a royal: King, Prince or Adventitious King."""
    @property
    def promotion(self) -> Optional[Role]:
        """For a pawn, the piece it promotes to (``None`` for the pawn of pawns and pieces)."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Piece:
    """A piece of a given colour and role."""

    def __init__(self, color: ColorArg, role: Role) -> None: ...
    @property
    def color(self) -> Color:
        """The piece's side."""
    @property
    def role(self) -> Role:
        """The piece's kind."""
    @staticmethod
    def from_symbol(symbol: str) -> Piece:
        """The piece for a TFEN token: ``"K"``, ``"k"``, ``"PR"``, ``"pr"``, ..."""
    def symbol(self) -> str:
        """The TFEN token: upper case for White, lower case for Black."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Termination:
    """Why a game ended; ``str()`` gives ``"checkmate"``, ``"royals-only"``, ...
    A termination equals only itself, never an int."""

    CHECKMATE: ClassVar[Termination]
    STALEMATE: ClassVar[Termination]
    CITADEL: ClassVar[Termination]
    ROYALS_ONLY: ClassVar[Termination]
    REPETITION: ClassVar[Termination]
    MOVE_LIMIT: ClassVar[Termination]
    def __int__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """The result of a finished game: the winner (``None`` for a draw) and why."""

    def __init__(self, winner: Optional[ColorArg], termination: Termination) -> None: ...
    @property
    def winner(self) -> Optional[Color]:
        """The winning side, ``None`` for a draw."""
    @property
    def termination(self) -> Termination:
        """Why the game ended."""
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Move:
    """A move: origin and target square, plus the context (role, capture,
    kind, colour) when it came from a position. Moves compare and hash by
    their squares; ``str()`` is the coordinate string."""

    def __init__(self, from_square: SquareArg, to_square: SquareArg) -> None: ...
    @classmethod
    def from_str(cls, text: str) -> Move:
        """Parses a coordinate string (``"f3f4"``, ``"k2wc"``, ``"a10e5"``);
        raises ``InvalidMoveError``."""
    @classmethod
    def from_uci(cls, uci: str) -> Move:
        """python-chess's name for ``from_str``."""
    def uci(self) -> str:
        """The coordinate string (``str(move)``)."""
    @property
    def from_square(self) -> int:
        """The origin square (for a king swap, the King's square)."""
    @property
    def to_square(self) -> int:
        """The target square (for a king swap, the partner's square)."""
    @property
    def role(self) -> Optional[Role]:
        """The role of the moving piece, if known."""
    @property
    def captured(self) -> Optional[Role]:
        """The role of the captured piece, if any and known."""
    @property
    def kind(self) -> Optional[str]:
        """``"normal"``, ``"promotion"``, ``"citadel-entry"``, ``"first-arrival"``,
        ``"second-arrival-return"``, ``"second-arrival-waiting"``,
        ``"placement"``, ``"transfer"`` or ``"king-swap"``; ``None`` if unknown."""
    @property
    def promotion(self) -> Optional[Role]:
        """The piece the mover becomes, for a promotion."""
    @property
    def color(self) -> Optional[Color]:
        """The side making the move, if known."""
    @property
    def is_capture(self) -> bool:
        """Whether the move is known to capture."""
    @property
    def has_context(self) -> bool:
        """Whether the move carries its context from a position."""
    @staticmethod
    def _restore(
        from_square: SquareArg,
        to_square: SquareArg,
        context: Optional[tuple[int, int, int, int, int]] = None,
    ) -> Move:
        """Rebuilds a pickled move with its context (private)."""
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, memo: Any) -> Move: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class LegalMoves(LegalMovesApi[Move]):
    """The legal moves of a Tamerlane position (a snapshot): ``len()``, iteration, ``in``."""

class SquareSet:
    """A set of squares (python-chess's ``SquareSet`` for the common uses):
    iterates in ascending order, ``len``, ``in``, ``int()`` (the mask, bit
    ``i`` for square ``i``), ``bool``, ``|`` ``&`` ``-`` ``^``, and ``==``
    with another set, an int mask or any iterable of squares."""

    def __init__(self, squares: Union[SupportsIndex, Iterable[SupportsIndex], None] = None) -> None: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __contains__(self, square: object) -> bool: ...
    def __iter__(self) -> Iterator[int]: ...
    def __reversed__(self) -> Iterator[int]: ...
    def tolist(self) -> list[int]:
        """The squares, ascending."""
    def __or__(self, other: SquareSetArg) -> SquareSet: ...
    def __and__(self, other: SquareSetArg) -> SquareSet: ...
    def __sub__(self, other: SquareSetArg) -> SquareSet: ...
    def __xor__(self, other: SquareSetArg) -> SquareSet: ...
    def __ror__(self, other: SquareSetArg) -> SquareSet: ...
    def __rand__(self, other: SquareSetArg) -> SquareSet: ...
    def __rxor__(self, other: SquareSetArg) -> SquareSet: ...
    def __rsub__(self, other: SquareSetArg) -> SquareSet: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

SquareSetArg = Union[SquareSet, SupportsIndex, Iterable[SupportsIndex]]

class Board(BoardApi[Move, MoveArg, Outcome, LegalMoves, Piece, Piece, Role]):
    """A Tamerlane position with the moves that led to it. A move argument is
    a ``Move`` or a coordinate string (matched by its squares), a square an
    int 0..111 or a name."""

    def __init__(self, tfen: str = ..., *, rules: str = "") -> None:
        """A board under ``rules`` (a rule-set string, ``InvalidRulesError``
        if bad) at ``tfen`` (``InvalidTfenError`` if bad), or without one at
        the rules' start position; ``None`` raises ``TypeError``."""
    def set_fen(self, fen: str) -> None:
        """Replaces the position by a TFEN one (same rules) and clears the
        move stack; ``None`` raises ``TypeError``."""
    def set_tfen(self, tfen: str) -> None:
        """The Tamerlane name of ``set_fen``."""
    def tfen(self) -> str:
        """The Tamerlane name of ``fen``."""
    @property
    def swap_rights(self) -> tuple[bool, bool]:
        """The king-swap rights as ``(white, black)``."""
    def has_swap_right(self, color: ColorArg) -> bool:
        """Whether ``color`` still has its king-swap right."""
    @property
    def pawn_of_pawns_stages(self) -> tuple[int, int]:
        """The pawn-of-pawns stages (0, 1 or 2) as ``(white, black)``."""
    def pawn_of_pawns_stage(self, color: ColorArg) -> int:
        """The pawn-of-pawns stage of ``color``."""
    @overload
    def to_planes(
        self, *, dtype: None = None, out: None = None, history: SupportsIndex = 0
    ) -> npt.NDArray[np.float32]: ...
    @overload
    def to_planes(
        self,
        *,
        dtype: DTypeArg = None,
        out: Optional[npt.NDArray[Any]] = None,
        history: SupportsIndex = 0,
    ) -> npt.NDArray[Any]:
        """The position as ``(PLANES + 46 * history, 10, 13)`` planes from the
        side to move's view: float32, or uint8 (values times 255); into ``out``
        if given; ``history=k`` adds the piece planes of the k positions before."""
    def _repr_svg_(self) -> str:
        """SVG for Jupyter."""

class Info(InfoApi[Move]):
    """Progress of a search of a Tamerlane board, passed to the ``info``
    callback after each iteration, one per line (``multipv``)."""

class PvLine(PvLineApi[Move]):
    """One of the best lines of a search of a Tamerlane board
    (``SearchResult.lines``), as an entry of ``chess.engine``'s
    ``analyse(..., multipv=k)``."""

class SearchResult(SearchResultApi[Move, PvLine]):
    """What ``Engine.search`` returns for a Tamerlane board."""

class PlayResult(PlayResultApi[Move, SearchResult]):
    """What ``Engine.play`` returns for a Tamerlane board (as ``chess.engine.PlayResult``)."""

_INFO = TypeVar("_INFO", covariant=True)
"""The searched game's ``Info``."""
_RESULT = TypeVar("_RESULT", covariant=True)
"""The searched game's ``SearchResult``."""

class Analysis(Generic[_INFO, _RESULT]):
    """A search on a background thread (``Engine.analysis``): iterate it for
    infos (of the board's game); ``stop()``; ``wait()``; a context manager
    that stops and waits."""

    def __iter__(self) -> Iterator[_INFO]: ...
    def __next__(self) -> _INFO: ...
    def stop(self) -> None:
        """Asks the search to stop soon (from any thread)."""
    def wait(self) -> Optional[_RESULT]:
        """Waits for the end (Ctrl-C honoured): the result, ``None`` if stopped before it began."""
    @property
    def result(self) -> Optional[_RESULT]:
        """The result once the search has ended, else ``None``."""
    @property
    def info(self) -> Optional[_INFO]:
        """The latest info received."""
    def __enter__(self) -> Self: ...
    def __exit__(self, *args: object) -> bool: ...

class _PythonChessBoard(Protocol):
    """A python-chess ``chess.Board`` (read by its ``root()`` FEN and its
    ``move_stack``; its variants are refused)."""

    chess960: bool
    def fen(self) -> str: ...

_ChessBoardArg = Union[_chess.Board, _PythonChessBoard]
_ChessMoveArg = Union[_chess.Move, str, _HasUci]
_MakrukMoveArg = Union[_makruk.Move, str, _HasUci]

class Engine:
    """The search engine: ``hash_mb`` MiB of table, ``threads`` threads, for
    the boards of the three games (``Board``, ``chess.Board``,
    ``makruk.Board``, a python-chess ``chess.Board``); its results are of
    the board's game. The table and history are kept between searches of
    one game, cleared when the game changes."""

    def __init__(
        self,
        hash_mb: int = 16,
        threads: int = 1,
        *,
        eval_file: Optional[Union[str, os.PathLike[str]]] = None,
        use_nnue: bool = True,
    ) -> None:
        """``eval_file``: a net file for the game its header names, instead
        of the embedded net (a damaged or foreign file raises ``ValueError``
        with the reason); ``use_nnue=False``: the hand-made evaluation for
        every game. Without a net for a game, its searches use the hand-made
        evaluation."""
    def uses_net(self, variant: str) -> bool:
        """Whether a search of ``variant`` (``"tamerlane"``, ``"chess"``,
        ``"makruk"``) evaluates with a network."""
    @property
    def hash_mb(self) -> int:
        """The table size in MiB."""
    @property
    def threads(self) -> int:
        """The number of search threads."""
    @property
    def last_result(
        self,
    ) -> Optional[Union[SearchResult, _chess.SearchResult, _makruk.SearchResult]]:
        """The result of the last finished or interrupted search (of its board's game)."""
    def new_game(self) -> None:
        """Clears the transposition table and the history scores kept between
        searches; waits (Ctrl-C honoured) for a search
        on another thread; ``RuntimeError`` from this engine's ``info`` callback."""
    def stop(self) -> None:
        """Asks the running search to stop soon (from any thread)."""
    @overload
    def search(
        self,
        board: Board,
        depth: Optional[SupportsIndex] = None,
        movetime: Optional[float] = None,
        nodes: Optional[SupportsIndex] = None,
        info: Optional[Callable[[Info], object]] = None,
        *,
        wtime: Optional[float] = None,
        btime: Optional[float] = None,
        winc: Optional[float] = None,
        binc: Optional[float] = None,
        movestogo: Optional[SupportsIndex] = None,
        multipv: SupportsIndex = 1,
        searchmoves: Optional[Iterable[MoveArg]] = None,
    ) -> SearchResult:
        """Searches ``board`` (GIL released) until ``depth`` plies,
        ``movetime`` seconds or ``nodes`` nodes, or as the side to move's
        clock (``wtime``/``btime`` seconds, ``winc``/``binc`` per move,
        ``movestogo`` moves to the time control) allows; with no limit,
        until stopped. ``multipv``: that many best lines (``.lines``);
        ``searchmoves``: only these root moves (each legal, else
        ``IllegalMoveError``; empty: all). Ctrl-C raises ``KeyboardInterrupt`` carrying ``.result``. Waits (Ctrl-C
        honoured) for a search of this engine on another thread; called from
        this engine's own ``info`` callback, raises ``RuntimeError``. A
        board of another type raises ``TypeError``."""
    @overload
    def search(
        self,
        board: _ChessBoardArg,
        depth: Optional[SupportsIndex] = None,
        movetime: Optional[float] = None,
        nodes: Optional[SupportsIndex] = None,
        info: Optional[Callable[[_chess.Info], object]] = None,
        *,
        wtime: Optional[float] = None,
        btime: Optional[float] = None,
        winc: Optional[float] = None,
        binc: Optional[float] = None,
        movestogo: Optional[SupportsIndex] = None,
        multipv: SupportsIndex = 1,
        searchmoves: Optional[Iterable[_ChessMoveArg]] = None,
    ) -> _chess.SearchResult: ...
    @overload
    def search(
        self,
        board: _makruk.Board,
        depth: Optional[SupportsIndex] = None,
        movetime: Optional[float] = None,
        nodes: Optional[SupportsIndex] = None,
        info: Optional[Callable[[_makruk.Info], object]] = None,
        *,
        wtime: Optional[float] = None,
        btime: Optional[float] = None,
        winc: Optional[float] = None,
        binc: Optional[float] = None,
        movestogo: Optional[SupportsIndex] = None,
        multipv: SupportsIndex = 1,
        searchmoves: Optional[Iterable[_MakrukMoveArg]] = None,
    ) -> _makruk.SearchResult: ...
    @overload
    def play(
        self,
        board: Board,
        limit: Limit,
        *,
        searchmoves: Optional[Iterable[MoveArg]] = None,
        level: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
    ) -> PlayResult:
        """The move to play within ``limit`` (as ``chess.engine``'s ``play``),
        among ``searchmoves`` if given. ``level`` (1 to 6, the web board's
        levels; 6 is the full engine) plays weaker: a search bounded by the
        level, then a move drawn among the lines near the best, repeatable
        with ``seed`` (0 to 2**64 - 1). ``ValueError`` for a level or seed out
        of range, or a seed without a level."""
    @overload
    def play(
        self,
        board: _ChessBoardArg,
        limit: Limit,
        *,
        searchmoves: Optional[Iterable[_ChessMoveArg]] = None,
        level: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
    ) -> _chess.PlayResult: ...
    @overload
    def play(
        self,
        board: _makruk.Board,
        limit: Limit,
        *,
        searchmoves: Optional[Iterable[_MakrukMoveArg]] = None,
        level: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
    ) -> _makruk.PlayResult: ...
    @overload
    def analysis(
        self,
        board: Board,
        limit: Optional[Limit] = None,
        *,
        multipv: SupportsIndex = 1,
        searchmoves: Optional[Iterable[MoveArg]] = None,
    ) -> Analysis[Info, SearchResult]:
        """Starts a search on a background thread (``None``: until stopped);
        iterating it gives an ``Info`` per line (``multipv``) per iteration."""
    @overload
    def analysis(
        self,
        board: _ChessBoardArg,
        limit: Optional[Limit] = None,
        *,
        multipv: SupportsIndex = 1,
        searchmoves: Optional[Iterable[_ChessMoveArg]] = None,
    ) -> Analysis[_chess.Info, _chess.SearchResult]: ...
    @overload
    def analysis(
        self,
        board: _makruk.Board,
        limit: Optional[Limit] = None,
        *,
        multipv: SupportsIndex = 1,
        searchmoves: Optional[Iterable[_MakrukMoveArg]] = None,
    ) -> Analysis[_makruk.Info, _makruk.SearchResult]: ...

def square_name(square: SquareArg) -> str:
    """The name of a square: ``"a1"`` .. ``"k10"``, ``"wc"`` (110), ``"bc"`` (111)."""

def parse_square(name: SquareArg) -> int:
    """The index 0..111 of a square name; raises ``ValueError``."""

def figure_letters(game: str) -> list[tuple[str, str]]:
    """The ``piece_figure`` key of each upper-case FEN letter of the 8x8
    ``game`` (``"chess"`` or ``"makruk"``), as ``(letter, key)`` pairs: the
    table the web board of ``tamerlane serve`` reads too. Another game
    gives ``ValueError``."""
    ...

def piece_figure(key: str, white: bool) -> str:
    """The SVG elements (a ``<g>`` element in the ``FIGURE_BOX``-wide square)
    of the figure of ``key``, an upper-case TFEN token (``"K"``, ``"PR"``,
    ...) or ``"Q"``, ``"B"``, ``"P"`` of chess and Makruk, for White or
    Black: the drawings of the ``tamerlane-figures`` crate, which the web
    board draws too. Raises ``ValueError`` for any other key."""

def move_to_index(move: MoveArg, turn: Optional[ColorArg] = None) -> int:
    """The action index ``112 * from + to`` from the mover's view; ``turn``
    must agree with a move's own colour and is needed for a string."""

def index_to_move(board: Board, index: SupportsIndex) -> Move:
    """The legal move of ``board`` with this action index."""

def planes_many(
    boards: Iterable[Board],
    *,
    dtype: DTypeArg = None,
    out: Optional[npt.NDArray[Any]] = None,
    history: SupportsIndex = 0,
) -> npt.NDArray[Any]:
    """``board.to_planes(...)`` of every board, stacked: ``(len, C, 10, 13)``."""

def masks_many(
    boards: Iterable[Board], *, out: Optional[npt.NDArray[np.bool_]] = None
) -> npt.NDArray[np.bool_]:
    """``board.legal_action_mask()`` of every board, stacked: ``(len, ACTION_SPACE_SIZE)``."""

def moves_to_indices(
    moves: Iterable[MoveArg], turn: Optional[ColorArg] = None, *, board: Optional[Board] = None
) -> npt.NDArray[np.int64]:
    """``move_to_index`` of every move, with ``turn`` or ``board``'s side to
    move as the mover, or (with neither) the side that made each move."""

def random_rollouts(
    n: SupportsIndex,
    *,
    rules: str = "",
    seed: Optional[SupportsIndex] = None,
    max_plies: Optional[SupportsIndex] = None,
    num_threads: Optional[SupportsIndex] = None,
) -> dict[str, npt.NDArray[Any]]:
    """``n`` uniformly random games played in Rust: ``"winner"`` (int8: 1, -1, 0),
    ``"termination"`` (int8: ``Termination`` index or -1 if truncated),
    ``"plies"`` (int32) and ``"truncated"`` (bool)."""

# The work of ``tamerlane.cluster``'s tasks, in Rust with the GIL released
# (Ctrl-C raises ``KeyboardInterrupt``): the code ``tamerlane datagen`` and
# ``tamerlane match`` run, so a job spread over workers gives what the
# command line gives (docs/PYTHON.md, "Cluster tasks").

def datagen_shard(
    game: str,
    rules: str,
    seed: int,
    first: int,
    count: int,
    *,
    nodes: int = 5000,
    opening_plies: int = 6,
    config: str = "full",
    hash_mib: int = 16,
    format: str = "text",
    filter: Optional[str] = None,
    openings: Optional[list[str]] = None,
    max_plies: int = 2000,
) -> tuple[bytes, int]:
    """The self-play data of games ``[first, first + count)`` of the run
    ``(game, rules, seed, nodes, opening_plies, config, hash_mib,
    openings)`` and its number of positions: with ``format="text"`` UTF-8
    text (``# tamerlane datagen 1``, a settings line, then ``FEN | SCORE |
    RESULT`` lines), with ``"binary"`` the binary format
    (``tamerlane.data.from_bytes`` reads it). ``filter`` is ``"quiet"`` (not
    in check, the best move not a capture) or ``"all"``; by default
    ``"all"`` in text, ``"quiet"`` in binary. ``openings`` (TFENs or FENs):
    game ``i`` starts from ``openings[i % len(openings)]``, then the random
    plies. A game still going ``max_plies`` plies after its opening ends
    there as a draw. Game ``i`` depends only on the settings and ``i``."""

def datagen_layout() -> dict[str, Any]:
    """The binary format of self-play data from its one definition in the
    engine library: ``magic``, ``version``, ``header_size``, ``fields``
    (``(name, offset, numpy type, is_board)``) and ``games`` (``{game:
    (squares, roles, record_size)}``); ``tamerlane.data`` builds its dtypes
    from it."""

def datagen_header(head: bytes, file_size: int) -> dict[str, Any]:
    """The checked header of a binary data file of ``file_size`` bytes whose
    first bytes are ``head``: ``game``, ``quiet``, ``records``, ``first``,
    ``games``, ``settings``; ``ValueError`` naming what is wrong."""

def match_openings(game: str, rules: str, count: int, plies: int, seed: int) -> list[str]:
    """The openings ``tamerlane match`` plays when it needs ``count`` of them
    (``--games`` of ``2 * count``), as TFEN/FEN, in order."""

def match_games(
    game: str,
    rules: str,
    openings: list[str],
    indices: list[int],
    *,
    a: str = "full",
    b: str = "plain",
    a_cmd: Optional[str] = None,
    b_cmd: Optional[str] = None,
    a_name: Optional[str] = None,
    b_name: Optional[str] = None,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    hash_mib: int = 16,
    ply_cap: Optional[int] = None,
) -> list[tuple[int, float, str, str]]:
    """Plays the match games ``indices`` as ``tamerlane match`` plays its game
    ``i`` (opening ``openings[(i // 2) % len(openings)]``, A White when ``i``
    is even): ``(i, A's score 1.0/0.5/0.0, ending, record text)`` each."""

def sprt_state(elo0: float, elo1: float, wins: int, draws: int, losses: int) -> str:
    """``tamerlane match --sprt ELO0,ELO1``'s decision (alpha = beta = 0.05) on
    A's tally: ``"continue"``, ``"accept-h1"`` or ``"accept-h0"``."""

def sprt_llr(
    elo0: float, elo1: float, wins: int, draws: int, losses: int
) -> tuple[float, float, float]:
    """The same test's log-likelihood ratio on A's tally and its bounds:
    ``(llr, lower, upper)``."""

class VectorEnv:
    """``num_envs`` games held in Rust and stepped together, shaped like
    ``gymnasium.vector.VectorEnv`` with same-step autoreset (the default) or
    next-step autoreset (``autoreset_mode``). The returned
    arrays are read-only views of buffers that the next ``step``/``reset``
    overwrites (``copy=True`` returns copies)."""

    def __init__(
        self,
        num_envs: SupportsIndex,
        rules: Optional[str] = None,
        seed: Optional[SupportsIndex] = None,
        *,
        game: Optional[str] = None,
        max_plies: Optional[SupportsIndex] = None,
        dtype: DTypeArg = None,
        history: Optional[SupportsIndex] = None,
        num_threads: Optional[SupportsIndex] = None,
        copy: bool = False,
        autoreset_mode: Union[Literal["SameStep", "NextStep"], Enum, None] = None,
    ) -> None: ...
    @property
    def num_envs(self) -> int:
        """The number of games."""
    @property
    def game(self) -> Literal["tamerlane", "chess", "makruk"]:
        """The game of every env."""
    @property
    def action_space_size(self) -> int:
        """The size of the game's action space (12,544, 4,168 or 4,096)."""
    @property
    def rules(self) -> str:
        """The rule set, in canonical form."""
    @property
    def max_plies(self) -> int:
        """The length cap: a game still going after this many plies is truncated."""
    @property
    def history(self) -> int:
        """The number of earlier positions in each observation."""
    @property
    def num_threads(self) -> int:
        """The number of threads that step the games."""
    @property
    def dtype(self) -> str:
        """``"uint8"`` or ``"float32"``."""
    @property
    def single_observation_shape(self) -> tuple[int, int, int]:
        """``(PLANES + 46 * history, 10, 13)``; ``(PLANES + 12 * history, 8, 8)`` for chess and Makruk."""
    @property
    def single_observation_space(self) -> Any:
        """``gymnasium.spaces.Box`` of one observation (``None`` without gymnasium)."""
    @property
    def observation_space(self) -> Any:
        """The batched observation space (``None`` without gymnasium)."""
    @property
    def single_action_space(self) -> Any:
        """``gymnasium.spaces.Discrete(ACTION_SPACE_SIZE)`` (``None`` without gymnasium)."""
    @property
    def action_space(self) -> Any:
        """``gymnasium.spaces.MultiDiscrete`` of ``num_envs`` actions (``None`` without gymnasium)."""
    @property
    def metadata(self) -> dict[str, Any]:
        """``{"autoreset_mode": AutoresetMode.SAME_STEP}`` (or ``NEXT_STEP``, as ``autoreset_mode`` says)."""
    @property
    def autoreset_mode(self) -> Literal["SameStep", "NextStep"]:
        """When a finished game restarts: ``"SameStep"`` (the default) or ``"NextStep"``."""
    @property
    def render_mode(self) -> None:
        """Always ``None``."""
    @property
    def spec(self) -> None:
        """Always ``None``."""
    @property
    def unwrapped(self) -> VectorEnv:
        """The env itself."""
    def close(self, **kwargs: Any) -> None:
        """Does nothing."""
    def reset(
        self, *, seed: Optional[SupportsIndex] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[Any], dict[str, Any]]:
        """Games back to the start (all, or those of ``options["reset_mask"]`` /
        ``options["indices"]``, at ``options["fen"]`` / ``options["rules"]``);
        ``(obs, info)`` with ``info["action_mask"]``."""
    def get_state(self, index: SupportsIndex) -> EnvState:
        """The state of game ``index``."""
    def set_state(self, index: SupportsIndex, state: EnvState) -> None:
        """Puts ``state`` into game ``index``."""
    def clone_state(self, source: SupportsIndex, target: SupportsIndex) -> None:
        """Copies the state of game ``source`` into game ``target``."""
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[Any],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One move in every game: ``(obs, reward, terminated, truncated, info)``."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per game, from the env's seeded generator
        (0 for a game that the next step resets in next-step mode)."""
    def legal_actions(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """``(actions, offsets)``: game ``i``'s legal actions, in increasing order, are
        ``actions[offsets[i]:offsets[i + 1]]`` (CSR)."""
    def sample_actions(
        self,
        logits: npt.ArrayLike,
        *,
        temperature: Optional[float] = None,
        seed: Optional[SupportsIndex] = None,
    ) -> npt.NDArray[np.int64]:
        """One action per game from the softmax of ``logits / temperature`` over its legal
        actions (``logits``: ``(num_envs, action_space_size)`` or one per legal action)."""
    def tfens(self) -> list[str]:
        """The position text of every game (``fens()``'s older name)."""
    def fens(self) -> list[str]:
        """The position text of every game: TFEN for Tamerlane, FEN for chess and Makruk."""
    def episode_plies(self) -> npt.NDArray[np.int32]:
        """The plies played so far in every game's current episode."""
    def __len__(self) -> int: ...

class EnvState:
    """The whole state of one game of a ``VectorEnv`` (position, repetition
    window, counters, history placements); immutable, picklable."""

    @property
    def game(self) -> Literal["tamerlane", "chess", "makruk"]:
        """The game."""
    @property
    def rules(self) -> str:
        """The rule set of the game's position, in canonical form."""
    @property
    def fen(self) -> str:
        """The current position's text (TFEN or FEN)."""
    @property
    def plies(self) -> int:
        """The plies played in the episode."""
    @property
    def history(self) -> int:
        """The earlier positions the observation shows."""
    @property
    def repetitions(self) -> int:
        """How many times the current position has occurred in the game."""
    def legal_actions(self) -> list[int]:
        """The action indices of the legal moves, in the generator's order."""
    def record(self) -> dict[str, Any]:
        """The record the state is pickled as."""
    @staticmethod
    def from_record(record: dict[str, Any]) -> EnvState:
        """The state of a record, replayed and checked."""
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __eq__(self, other: object) -> bool: ...

# --- Game records (used through ``tamerlane.pgn``) ---------------------

_MctsBoardArg = Union[Board, _chess.Board, _makruk.Board, _PythonChessBoard]
_MctsEvaluator = Callable[
    [npt.NDArray[np.float32], npt.NDArray[np.bool_]],
    tuple[npt.ArrayLike, npt.ArrayLike],
]

class MCTS:
    """Batched Monte Carlo tree search (PUCT, AlphaZero-style) on a board of
    any of the three games, its tree kept from move to move; re-exported as
    ``tamerlane.mcts.MCTS`` (docs/PYTHON.md, "MCTS").

    ``evaluator``: ``None`` (uniform priors and a random playout of
    ``rollout_plies`` plies, in Rust) or a callable receiving the
    observations ``[B, *planes]`` (float32) and the legal-action masks
    ``[B, ACTION_SPACE_SIZE]`` (bool) of a batch of leaves and returning
    ``(priors, values)``: priors ``[B, ACTION_SPACE_SIZE]`` as
    probabilities (not logits; renormalised over the legal actions) and
    values ``[B]`` from the side to move's view (clamped to -1..1)."""

    def __init__(
        self,
        board: _MctsBoardArg,
        *,
        simulations: SupportsIndex = 800,
        batch: SupportsIndex = 64,
        c_puct: float = 1.25,
        dirichlet_alpha: float = 0.3,
        dirichlet_fraction: float = 0.25,
        temperature: float = 1.0,
        seed: SupportsIndex = 0,
        evaluator: Optional[_MctsEvaluator] = None,
        rollout_plies: SupportsIndex = 4,
        max_plies: Optional[SupportsIndex] = None,
        solver: bool = False,
    ) -> None: ...
    def run(self) -> tuple[npt.NDArray[np.int64], float]:
        """Runs ``simulations`` more simulations; the root's visit counts over
        the action space and its value for the side to move."""
    def visits(self) -> npt.NDArray[np.int64]:
        """The root's visit counts over the action space."""
    def policy(self) -> npt.NDArray[np.float32]:
        """The visit counts normalised to sum to 1: the training target."""
    def priors(self) -> npt.NDArray[np.float32]:
        """The root's priors over the action space (noise mixed in)."""
    def proven(self) -> npt.NDArray[np.int8]:
        """The root's moves proven by the search over the action space: 1
        wins by force, -1 loses by force, 0 unknown (only endings are
        proven without ``solver=True``)."""
    @property
    def root_value(self) -> Optional[float]:
        """The root's value for its side to move; ``None`` before a run."""
    def choose(self) -> Union[Move, _chess.Move, _makruk.Move]:
        """The move to play (by visits and ``temperature``); not played."""
    def play(self, move: Union[MoveArg, _ChessMoveArg, _MakrukMoveArg, SupportsIndex], /) -> None:
        """Plays a move at the root, keeping its subtree for the next run."""
    def fen(self) -> str:
        """The root position's TFEN or FEN."""
    @property
    def turn(self) -> bool:
        """Whether White is to move at the root."""
    @property
    def action_space_size(self) -> int:
        """The size of the game's action space."""
    @property
    def tree_size(self) -> int:
        """The number of nodes in the tree."""
    @property
    def simulations(self) -> int:
        """The simulations of each ``run()``."""

class PgnError(ValueError):
    """A record that cannot be read (``game``, ``line``, ``column``: 1-based,
    where), or a record change refused (those are then ``None``)."""

    game: Optional[int]
    line: Optional[int]
    column: Optional[int]

class PgnRecord:
    """A game record of Tamerlane, chess or Makruk
    (``tamerlane_core::GameRecord``): tags, moves, comments, result; every
    change checked so that it always reads back equal. Its moves, boards
    and outcome are those of its game's module."""

    @staticmethod
    def from_board(board: Union[Board, _chess.Board, _makruk.Board]) -> PgnRecord:
        """The record of ``board``'s game, with the standard tags; ``TypeError``
        for anything but a board of the three games."""
    @staticmethod
    def parse(text: str, game: Optional[str] = None) -> PgnRecord:
        """Reads a text of exactly one game (``PgnError`` otherwise) of
        ``game``, or with ``None`` of the game its ``Variant`` tag names."""
    @property
    def game(self) -> str:
        """The record's game: ``"tamerlane"``, ``"chess"`` or ``"makruk"``."""
    @property
    def rules(self) -> str:
        """The rule set of the record's game, as its canonical string."""
    def tags(self) -> list[tuple[str, str]]:
        """The tag pairs as written, ``Result`` among them."""
    def tag(self, name: str) -> Optional[str]:
        """The value of a tag, ``None`` if absent."""
    def set_tag(self, name: str, value: str) -> None:
        """Sets a tag; ``PgnError`` if the record refuses it."""
    def remove_tag(self, name: str) -> Optional[str]:
        """Removes a tag (its value or ``None``); ``PgnError`` for a needed tag."""
    def result(self) -> str:
        """The result token."""
    def outcome(self) -> Any:
        """How the game ended by the rules (its game's ``Outcome``), or ``None``."""
    def comments(self) -> list[tuple[int, str]]:
        """The comments as ``(ply, text)`` in ply order."""
    def set_comments(self, comments: list[tuple[int, str]]) -> None:
        """Replaces every comment (unchanged on ``PgnError``)."""
    def plies(self) -> int:
        """The number of moves."""
    def moves(self) -> list[Any]:
        """The moves, as the game's ``Move``s."""
    def san(self, ply: int) -> str:
        """The SAN of the move of ply ``ply`` (0-based); ``IndexError`` past the end."""
    def board(self, ply: int) -> Any:
        """A new board of the game after the first ``ply`` moves; ``IndexError``
        past the end."""
    def __copy__(self) -> PgnRecord: ...

class PgnReader:
    """The Rust record reader over text file objects, keeping its place
    between calls: the records of ``game``, or with ``None`` of each
    record's game by its ``Variant`` tag (Tamerlane without one)."""

    def __init__(self, rules: Optional[str] = None, game: Optional[str] = None) -> None: ...
    def read(self, handle: Any) -> Optional[PgnRecord]:
        """The next game of ``handle``, ``None`` at the end; ``PgnError`` for
        a bad game (skipped: the next call reads on)."""

"""Type stubs of the native module ``tamerlane._tamerlane`` (Rust, PyO3)."""

from __future__ import annotations

from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    ClassVar,
    Iterable,
    Iterator,
    Mapping,
    Optional,
    SupportsIndex,
    Union,
    overload,
)

import numpy as np
import numpy.typing as npt

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

class LegalMoves:
    """The legal moves of a position (a snapshot): ``len()``, iteration, ``in``."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, item: object) -> bool: ...
    def count(self) -> int:
        """The number of legal moves."""

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

class Board:
    """A Tamerlane position with the moves that led to it."""

    def __init__(self, tfen: str = ..., *, rules: str = "") -> None:
        """A board under ``rules`` (a rule-set string, ``InvalidRulesError``
        if bad) at ``tfen`` (``InvalidTfenError`` if bad), or without one at
        the rules' start position; ``None`` raises ``TypeError``."""
    @property
    def rules(self) -> str:
        """The rule set in canonical form (``""`` for the default rules)."""
    def set_fen(self, fen: str) -> None:
        """Replaces the position by a TFEN one (same rules) and clears the
        move stack; ``None`` raises ``TypeError``."""
    def set_tfen(self, tfen: str) -> None:
        """The Tamerlane name of ``set_fen``."""
    def reset(self) -> None:
        """Back to the rules' start position, with an empty move stack."""
    def fen(self) -> str:
        """The position as a TFEN string."""
    def tfen(self) -> str:
        """The Tamerlane name of ``fen``."""
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
    def swap_rights(self) -> tuple[bool, bool]:
        """The king-swap rights as ``(white, black)``."""
    def has_swap_right(self, color: ColorArg) -> bool:
        """Whether ``color`` still has its king-swap right."""
    @property
    def pawn_of_pawns_stages(self) -> tuple[int, int]:
        """The pawn-of-pawns stages (0, 1 or 2) as ``(white, black)``."""
    def pawn_of_pawns_stage(self, color: ColorArg) -> int:
        """The pawn-of-pawns stage of ``color``."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves: sized, iterable, supporting ``in``."""
    def is_legal(self, move: MoveArg) -> bool:
        """Whether the move (matched by its squares) is legal here."""
    def push(self, move: MoveArg) -> None:
        """Plays a legal move (raises ``GameOverError`` once the game has
        ended, else ``IllegalMoveError``/``InvalidMoveError``)."""
    def push_str(self, text: str) -> Move:
        """Parses and plays a coordinate move string; returns the move
        (``GameOverError`` once the game has ended)."""
    def parse_str(self, text: str) -> Move:
        """Parses a coordinate move string into the legal move it names."""
    def push_san(self, san: str) -> Move:
        """Parses and plays a SAN string (or coordinates); returns the move
        (``GameOverError`` once the game has ended)."""
    def push_uci(self, uci: str) -> Move:
        """python-chess's name for ``push_str``."""
    def parse_uci(self, uci: str) -> Move:
        """python-chess's name for ``parse_str``."""
    def lan(self, move: MoveArg) -> str:
        """The long algebraic notation of a legal move (``Nb2-c4``, ``d4xe5``)."""
    def variation_san(self, variation: Iterable[MoveArg]) -> str:
        """The numbered SAN of a line of moves from here (``1. f4 f7 2. Nc4``);
        the board is not changed."""
    def parse_san(self, san: str) -> Move:
        """Parses a SAN string (or coordinates) into the legal move it names."""
    def san(self, move: MoveArg) -> str:
        """The SAN of a legal move."""
    def pop(self) -> Move:
        """Takes back the last move and returns it (``IndexError`` if none);
        an ended game is open again."""
    def peek(self) -> Move:
        """The last move played (``IndexError`` if none)."""
    @property
    def move_stack(self) -> list[Move]:
        """The moves played, oldest first."""
    def copy(self, stack: Union[bool, SupportsIndex] = True) -> Board:
        """A copy with the whole move stack (``True``), none (``False``) or
        the last ``stack`` moves (an int)."""
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: Any) -> Board: ...
    def root(self) -> Board:
        """A new board at the start position of this game (same rules)."""
    def piece_at(self, square: SquareArg) -> Optional[Piece]:
        """The piece on a square (int 0..111 or a name), or ``None``."""
    def pieces(self, role: Role, color: ColorArg) -> list[int]:
        """The squares holding pieces of ``role`` and ``color``, ascending."""
    def piece_map(self) -> dict[int, Piece]:
        """All pieces, by square."""
    def is_check(self) -> bool:
        """Whether some royal of the side to move is attacked."""
    def is_checkmate(self) -> bool:
        """No legal move and the single royal of the side to move attacked."""
    def is_stalemate(self) -> bool:
        """No legal move otherwise (a loss for the side to move)."""
    def is_repetition(self, count: SupportsIndex = 3) -> bool:
        """Whether the current position has occurred at least ``count`` times."""
    def generate_legal_moves(
        self, from_mask: SupportsIndex = ..., to_mask: SupportsIndex = ...
    ) -> Iterator[Move]:
        """The legal moves from a square of ``from_mask`` to one of ``to_mask``
        (int masks, bit ``i`` for square ``i``)."""
    def generate_legal_captures(
        self, from_mask: SupportsIndex = ..., to_mask: SupportsIndex = ...
    ) -> Iterator[Move]:
        """The legal captures from a square of ``from_mask`` to one of ``to_mask``."""
    def is_capture(self, move: MoveArg) -> bool:
        """Whether a legal move captures."""
    def gives_check(self, move: MoveArg) -> bool:
        """Whether a legal move attacks a royal of the opponent once played."""
    def attackers(self, color: ColorArg, square: SquareArg) -> SquareSet:
        """The squares of the pieces of ``color`` attacking ``square``."""
    def is_attacked_by(self, color: ColorArg, square: SquareArg) -> bool:
        """Whether a piece of ``color`` attacks ``square``."""
    def checkers(self) -> SquareSet:
        """The squares of the opponent's pieces attacking a royal of the side to move."""
    def royals(self, color: ColorArg) -> list[int]:
        """The squares of the royals of ``color``, ascending."""
    def mirror(self) -> Board:
        """The position turned through 180 degrees with colours swapped (no move stack)."""
    def set_piece_at(self, square: SquareArg, piece: Optional[Piece]) -> None:
        """Puts ``piece`` on ``square`` (``None`` empties it); clears the move
        stack; ``InvalidPositionError`` leaves the board unchanged."""
    def remove_piece_at(self, square: SquareArg) -> Optional[Piece]:
        """Empties ``square`` and returns what stood there; clears the move stack."""
    def set_piece_map(self, pieces: Mapping[Any, Piece]) -> None:
        """Replaces the placement by a mapping of squares to pieces; clears
        the move stack."""
    def clear(self) -> None:
        """Empties every square but the royals'; clears the move stack."""
    def repetition_count(self) -> int:
        """How many times the current position has occurred in this game."""
    def outcome(self) -> Optional[Outcome]:
        """The first terminal event under the board's rules if the game has
        ended, else ``None``."""
    def is_game_over(self) -> bool:
        """Whether ``outcome()`` is not ``None``."""
    def result(self) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"``."""
    def perft(self, depth: SupportsIndex) -> int:
        """Legal move sequences of ``depth`` plies (Rust, GIL released, Ctrl-C stops it)."""
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
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """``ACTION_SPACE_SIZE`` booleans, true at every legal move's index."""
    def __eq__(self, other: object) -> bool:
        """Same position: placement, side to move, swap rights, stages, clocks and rules."""
    def __hash__(self) -> int: ...
    def __getstate__(self) -> dict[str, Any]:
        """The pickled state: start TFEN, rules, start array and moves."""
    def __setstate__(self, state: Any) -> None:
        """Restores a pickled state."""
    def _repr_svg_(self) -> str:
        """SVG for Jupyter."""

class Info:
    """Progress of a search, passed to the ``info`` callback after each
    iteration, one per line (``multipv``)."""

    @property
    def depth(self) -> int: ...
    @property
    def seldepth(self) -> int: ...
    @property
    def multipv(self) -> int:
        """Which line this is, from 1 (the best) to the ``multipv`` asked for."""
    @property
    def score_cp(self) -> Optional[int]: ...
    @property
    def mate(self) -> Optional[int]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def nps(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def pv(self) -> list[Move]: ...
    @property
    def hashfull(self) -> int: ...
    @property
    def turn(self) -> Color:
        """The side to move in the searched position (the scores' point of view)."""
    @property
    def score(self) -> PovScore:
        """The score as a ``tamerlane.engine.PovScore``."""
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class PvLine:
    """One of the best lines of a search (``SearchResult.lines``), as an
    entry of ``chess.engine``'s ``analyse(..., multipv=k)``."""

    @property
    def multipv(self) -> int:
        """The rank of the line, from 1 (the best)."""
    @property
    def score_cp(self) -> Optional[int]:
        """Centipawns for the side to move (``None`` for a mate score)."""
    @property
    def mate(self) -> Optional[int]:
        """Mate in this many moves (negative: the side to move is mated)."""
    @property
    def pv(self) -> list[Move]:
        """The moves, the first being the root move of the line."""
    @property
    def turn(self) -> Color:
        """The side to move in the searched position (the scores' point of view)."""
    @property
    def score(self) -> PovScore:
        """The score as a ``tamerlane.engine.PovScore``."""
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class SearchResult:
    """What ``Engine.search`` returns."""

    @property
    def move(self) -> Optional[Move]:
        """The best move (``None`` if the game has ended)."""
    @property
    def score_cp(self) -> Optional[int]:
        """Centipawns for the side to move (``None`` for a mate score)."""
    @property
    def mate(self) -> Optional[int]:
        """Mate in this many moves (negative: the side to move is mated)."""
    @property
    def pv(self) -> list[Move]:
        """The principal variation."""
    @property
    def lines(self) -> list[PvLine]:
        """The best lines (``multipv``), best first; the first is ``score`` and
        ``pv``; empty for a game that has ended."""
    @property
    def depth(self) -> int:
        """The last completed depth."""
    @property
    def nodes(self) -> int:
        """Nodes searched."""
    @property
    def nps(self) -> int:
        """Nodes per second."""
    @property
    def time(self) -> float:
        """Seconds spent."""
    @property
    def turn(self) -> Color:
        """The side to move in the searched position (the scores' point of view)."""
    @property
    def score(self) -> PovScore:
        """The score as a ``tamerlane.engine.PovScore``."""
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class PlayResult:
    """What ``Engine.play`` returns (as ``chess.engine.PlayResult``)."""

    @property
    def move(self) -> Optional[Move]:
        """The move to play (``None`` if the game has ended)."""
    @property
    def ponder(self) -> Optional[Move]:
        """The reply the engine expects, or ``None``."""
    @property
    def info(self) -> SearchResult:
        """The search result."""
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class Analysis:
    """A search on a background thread (``Engine.analysis``): iterate it for
    infos; ``stop()``; ``wait()``; a context manager that stops and waits."""

    def __iter__(self) -> Iterator[Info]: ...
    def __next__(self) -> Info: ...
    def stop(self) -> None:
        """Asks the search to stop soon (from any thread)."""
    def wait(self) -> Optional[SearchResult]:
        """Waits for the end (Ctrl-C honoured): the result, ``None`` if stopped before it began."""
    @property
    def result(self) -> Optional[SearchResult]:
        """The result once the search has ended, else ``None``."""
    @property
    def info(self) -> Optional[Info]:
        """The latest info received."""
    def __enter__(self) -> Analysis: ...
    def __exit__(self, *args: object) -> bool: ...

class Engine:
    """The search engine: ``hash_mb`` MiB of table, ``threads`` threads."""

    def __init__(self, hash_mb: int = 16, threads: int = 1) -> None: ...
    @property
    def hash_mb(self) -> int:
        """The table size in MiB."""
    @property
    def threads(self) -> int:
        """The number of search threads."""
    @property
    def last_result(self) -> Optional[SearchResult]:
        """The result of the last finished or interrupted search."""
    def new_game(self) -> None:
        """Clears the transposition table and the history scores kept between
        searches; waits (Ctrl-C honoured) for a search
        on another thread; ``RuntimeError`` from this engine's ``info`` callback."""
    def stop(self) -> None:
        """Asks the running search to stop soon (from any thread)."""
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
        this engine's own ``info`` callback, raises ``RuntimeError``."""
    def play(
        self, board: Board, limit: Limit, *, searchmoves: Optional[Iterable[MoveArg]] = None
    ) -> PlayResult:
        """The move to play within ``limit`` (as ``chess.engine``'s ``play``),
        among ``searchmoves`` if given."""
    def analysis(
        self,
        board: Board,
        limit: Optional[Limit] = None,
        *,
        multipv: SupportsIndex = 1,
        searchmoves: Optional[Iterable[MoveArg]] = None,
    ) -> Analysis:
        """Starts a search on a background thread (``None``: until stopped);
        iterating it gives an ``Info`` per line (``multipv``) per iteration."""

def square_name(square: SquareArg) -> str:
    """The name of a square: ``"a1"`` .. ``"k10"``, ``"wc"`` (110), ``"bc"`` (111)."""

def parse_square(name: SquareArg) -> int:
    """The index 0..111 of a square name; raises ``ValueError``."""

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

class VectorEnv:
    """``num_envs`` games held in Rust and stepped together, shaped like
    ``gymnasium.vector.VectorEnv`` with same-step autoreset. The returned
    arrays are read-only views of buffers that the next ``step``/``reset``
    overwrites (``copy=True`` returns copies)."""

    def __init__(
        self,
        num_envs: SupportsIndex,
        rules: str = "",
        seed: Optional[SupportsIndex] = None,
        *,
        max_plies: Optional[SupportsIndex] = None,
        dtype: DTypeArg = None,
        history: Optional[SupportsIndex] = None,
        num_threads: Optional[SupportsIndex] = None,
        copy: bool = False,
    ) -> None: ...
    @property
    def num_envs(self) -> int:
        """The number of games."""
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
        """``(PLANES + 46 * history, 10, 13)``."""
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
        """``{"autoreset_mode": AutoresetMode.SAME_STEP}``."""
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
        """Every game back to the start; ``(obs, info)`` with ``info["action_mask"]``."""
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
        """A uniformly random legal action per game, from the env's seeded generator."""
    def tfens(self) -> list[str]:
        """The TFEN of every game's current position."""
    def episode_plies(self) -> npt.NDArray[np.int32]:
        """The plies played so far in every game's current episode."""
    def __len__(self) -> int: ...

# --- Game records (used through ``tamerlane.pgn``) ---------------------

class PgnError(ValueError):
    """A record that cannot be read (``game``, ``line``, ``column``: 1-based,
    where), or a record change refused (those are then ``None``)."""

    game: Optional[int]
    line: Optional[int]
    column: Optional[int]

class PgnRecord:
    """A game record (``tamerlane_core::GameRecord``): tags, moves, comments,
    result; every change checked so that it always reads back equal."""

    @staticmethod
    def from_board(board: Board) -> PgnRecord:
        """The record of ``board``'s game, with the standard tags."""
    @staticmethod
    def parse(text: str) -> PgnRecord:
        """Reads a text of exactly one game (``PgnError`` otherwise)."""
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
    def comments(self) -> list[tuple[int, str]]:
        """The comments as ``(ply, text)`` in ply order."""
    def set_comments(self, comments: list[tuple[int, str]]) -> None:
        """Replaces every comment (unchanged on ``PgnError``)."""
    def plies(self) -> int:
        """The number of moves."""
    def moves(self) -> list[Move]:
        """The moves, with context."""
    def san(self, ply: int) -> str:
        """The SAN of the move of ply ``ply`` (0-based); ``IndexError`` past the end."""
    def board(self, ply: int) -> Board:
        """A new board after the first ``ply`` moves; ``IndexError`` past the end."""
    def __copy__(self) -> PgnRecord: ...

class PgnReader:
    """The Rust record reader over text file objects, keeping its place
    between calls."""

    def __init__(self, rules: Optional[str] = None) -> None: ...
    def read(self, handle: Any) -> Optional[PgnRecord]:
        """The next game of ``handle``, ``None`` at the end; ``PgnError`` for
        a bad game (skipped: the next call reads on)."""

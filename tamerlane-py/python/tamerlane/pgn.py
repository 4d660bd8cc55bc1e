"""Game records (PGN) of the three games in the style of ``chess.pgn``:
read games from text files, look at their headers, moves and comments, and
write them back.

>>> import io
>>> import tamerlane.pgn
>>> game = tamerlane.pgn.read_game(io.StringIO('[White "Timur"]\\n\\n1. f4 {opening} f7 *\\n'))
>>> game.headers["White"]
'Timur'
>>> [str(m) for m in game.mainline_moves()]
['f3f4', 'f8f7']
>>> game.end().board().ply()
2
>>> game.next().comment
'opening'

The same functions read and write FIDE chess records (standard PGN, with
SAN and no ``Variant`` tag) and Makruk records (``[Variant "Makruk"]``);
a game's boards and moves are those of its game (``tamerlane.chess``,
``tamerlane.makruk``):

>>> chess_game = tamerlane.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 *\\n"), game="chess")
>>> chess_game.variant, [str(m) for m in chess_game.mainline_moves()]
('chess', ['e2e4', 'e7e5', 'g1f3'])
>>> type(chess_game.end().board()).__module__
'tamerlane.chess'
>>> makruk_game = tamerlane.pgn.read_game(io.StringIO('[Variant "Makruk"]\\n\\n1. c4 *\\n'))
>>> makruk_game.variant, makruk_game.end().board().fen()
('makruk', 'rnsmksnr/8/pppppppp/8/2P5/PP1PPPPP/8/RNSKMSNR b - - 0 1')

With ``game=None`` (the default) each record is read as the game its
``Variant`` tag names: ``Tamerlane``, ``Makruk``, or ``Standard`` or
``chess`` for chess (any case); a record without a ``Variant`` tag is read
as Tamerlane (this package's game, as the Rust reader reads it). Standard
chess PGN has no ``Variant`` tag: read it with ``game="chess"``. With
``game="tamerlane"``, ``"chess"`` or ``"makruk"`` every record is read as
that game, and a ``Variant`` tag naming another is an error.

The reading and writing are the Rust record reader and writer
(``tamerlane_core::record``, the format of ``docs/NOTATION.md``): the
result token must agree with the game's ending by the rules, variations
and NAGs are skipped, and a game that cannot be read raises
:class:`PgnError` with its ``game``, ``line`` and ``column``. Every change
to a game is checked when it is made, so ``str(game)`` always reads back
as an equal game.
"""

from __future__ import annotations

import typing
import weakref
from collections.abc import Iterable, Iterator, MutableMapping
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Generic,
    Literal,
    NamedTuple,
    Optional,
    TextIO,
    Union,
    cast,
    overload,
)

from . import chess as _chess
from . import makruk as _makruk
from ._tamerlane import Board, Move, Outcome, PgnError, PgnReader, PgnRecord

if TYPE_CHECKING:
    from typing_extensions import TypeVar
else:

    def TypeVar(name: str, *constraints: Any, default: Any = None, **kwargs: Any) -> Any:
        # `default=` (PEP 696) is new in Python 3.13; the type checker reads
        # it from typing_extensions.
        return typing.TypeVar(name, *constraints, **kwargs)


__all__ = [
    "Game",
    "GameNode",
    "Headers",
    "PgnError",
    "read_game",
    "read_games",
    "write_games",
]

BoardT = TypeVar("BoardT", default=Board)
"""The board class of a game's records (``tamerlane.Board`` by default)."""
MoveT = TypeVar("MoveT", default=Move)
"""The move class of a game's records."""
OutcomeT = TypeVar("OutcomeT", default=Outcome)
"""The outcome class of a game's records."""

GameName = Literal["tamerlane", "chess", "makruk"]
"""The name of one of the three games, as ``game=`` takes it."""

AnyBoard = Union[Board, _chess.Board, _makruk.Board]
"""A board of any of the three games."""


class Headers(MutableMapping[str, str]):
    """The tag pairs of a game, in the order they are written (``Result``
    among them, after the roster tags ``Event`` .. ``Black``), as a mutable
    mapping like ``chess.pgn.Headers``.

    Setting a tag checks it: a name must be ASCII letters, digits and
    ``_``; ``Result`` must be a result token that the game's ending by the
    rules allows; ``Variant``, the position tag (``TFEN`` for Tamerlane,
    ``FEN`` for chess and Makruk), ``Rules`` and ``Termination`` must agree
    with the game; a ``FEN`` tag is refused in a Tamerlane game (its start
    position goes in ``TFEN``). A refused change raises :class:`PgnError`
    and changes nothing. ``Result`` cannot be deleted, nor the position tag
    and ``Rules`` when the game needs them."""

    __slots__ = ("_record",)

    def __init__(self, record: PgnRecord) -> None:
        self._record = record

    def __getitem__(self, name: str) -> str:
        value = self._record.tag(name) if isinstance(name, str) else None
        if value is None:
            raise KeyError(name)
        return value

    def __setitem__(self, name: str, value: str) -> None:
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError(
                f"tag names and values are str, not {type(name).__name__} and {type(value).__name__}"
            )
        self._record.set_tag(name, value)

    def __delitem__(self, name: str) -> None:
        if not isinstance(name, str) or self._record.remove_tag(name) is None:
            raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, _ in self._record.tags()])

    def __len__(self) -> int:
        return len(self._record.tags())

    def __repr__(self) -> str:
        pairs = ", ".join(f"{k}={v!r}" for k, v in self._record.tags())
        return f"Headers({pairs})"


class GameNode(Generic[BoardT, MoveT, OutcomeT]):
    """A position of a game's mainline, after :meth:`ply` moves (the
    :class:`Game` itself is the node at ply 0), in the style of
    ``chess.pgn.GameNode`` without variations: :attr:`move` led to it,
    :meth:`board` is the position, :attr:`comment` the comment after the
    move. Its boards and moves are those of the game's game (see
    :attr:`Game.variant`)."""

    __slots__ = ("_game", "_ply")

    def __init__(self, game: Game[BoardT, MoveT, OutcomeT], ply: int) -> None:
        self._game = game
        self._ply = ply

    @property
    def game(self) -> Game[BoardT, MoveT, OutcomeT]:
        """The game this node belongs to."""
        return self._game

    def ply(self) -> int:
        """The number of moves played to reach this node."""
        return self._ply

    @property
    def move(self) -> Optional[MoveT]:
        """The move that led to this node, ``None`` at the start."""
        if self._ply == 0:
            return None
        return cast(MoveT, self._game._record.moves()[self._ply - 1])

    @property
    def parent(self) -> Optional[GameNode[BoardT, MoveT, OutcomeT]]:
        """The node before this one, ``None`` at the start."""
        return None if self._ply == 0 else self._game._node(self._ply - 1)

    def next(self) -> Optional[GameNode[BoardT, MoveT, OutcomeT]]:
        """The node after this one, ``None`` at the end of the game."""
        if self._ply >= self._game._record.plies():
            return None
        return self._game._node(self._ply + 1)

    def is_end(self) -> bool:
        """Whether no move follows this node."""
        return self._ply == self._game._record.plies()

    def end(self) -> GameNode[BoardT, MoveT, OutcomeT]:
        """The last node of the game."""
        return self._game._node(self._game._record.plies())

    def board(self) -> BoardT:
        """A new board of the game's game at this node: the game's start
        position and rules, with the moves up to here on its stack."""
        return cast(BoardT, self._game._record.board(self._ply))

    def san(self) -> str:
        """The SAN of :attr:`move` as the writer writes it (``ValueError``
        at the start, where no move led)."""
        if self._ply == 0:
            raise ValueError("the start of the game has no move")
        return self._game._record.san(self._ply - 1)

    @property
    def comment(self) -> str:
        """The comment after this node's move (at the start: before the
        first move), ``""`` if none; several comments at one place read as
        one, joined by spaces. Setting it replaces them (``""`` removes
        them); the text is stored as it reads back (whitespace collapsed,
        ``}`` written ``)``)."""
        return " ".join(t for p, t in self._game._record.comments() if p == self._ply)

    @comment.setter
    def comment(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a comment is a str, not {type(text).__name__}")
        others = [(p, t) for p, t in self._game._record.comments() if p != self._ply]
        if text.strip():
            others.append((self._ply, text))
        self._game._record.set_comments(sorted(others, key=lambda c: c[0]))

    def __repr__(self) -> str:
        move = "start" if self._ply == 0 else f"after {self.san()}"
        return f"<GameNode at ply {self._ply} ({move})>"


class Game(GameNode[BoardT, MoveT, OutcomeT]):
    """A game record of Tamerlane, chess or Makruk (:attr:`variant`):
    :attr:`headers`, the moves from the start position
    (:meth:`mainline_moves`, :meth:`mainline`), comments and the result,
    in the style of ``chess.pgn.Game`` without variations.

    ``str(game)`` is the record as text; :func:`read_game` reads it back
    as an equal game. Games compare equal when they are of the same game
    and their headers, moves, comments and result are equal."""

    __slots__ = ("_record", "headers")

    def __init__(self, record: Optional[PgnRecord] = None) -> None:
        """A Tamerlane game with no moves from the initial position (or the
        game of a record read by this module; :meth:`from_board` makes one
        of any of the three games)."""
        self._record = PgnRecord.from_board(Board()) if record is None else record
        self.headers = Headers(self._record)
        """The tag pairs (see :class:`Headers`)."""
        super().__init__(self, 0)

    @overload
    @classmethod
    def from_board(cls, board: Board) -> Game[Board, Move, Outcome]: ...
    @overload
    @classmethod
    def from_board(cls, board: _chess.Board) -> Game[_chess.Board, _chess.Move, _chess.Outcome]: ...
    @overload
    @classmethod
    def from_board(
        cls, board: _makruk.Board
    ) -> Game[_makruk.Board, _makruk.Move, _makruk.Outcome]: ...
    @classmethod
    def from_board(cls, board: AnyBoard) -> Game[Any, Any, Any]:
        """The game of ``board`` (a ``tamerlane.Board``,
        ``tamerlane.chess.Board`` or ``tamerlane.makruk.Board``; the
        record is of the board's game): its start position (a ``TFEN``
        tag, ``FEN`` for chess and Makruk, when it is not the initial
        position), its rules (a ``Rules`` tag when they are not the
        default), the moves on its stack, and the result and
        ``Termination`` tag of its ending by the rules, if it has ended.
        Tamerlane and Makruk records carry a ``Variant`` tag; a chess
        record is standard PGN, without one."""
        return Game(PgnRecord.from_board(board))

    def _node(self, ply: int) -> GameNode[BoardT, MoveT, OutcomeT]:
        return self if ply == 0 else GameNode(self, ply)

    @property
    def variant(self) -> GameName:
        """The game of the record: ``"tamerlane"``, ``"chess"`` or
        ``"makruk"`` (the ``game=`` that :func:`read_game` reads it with)."""
        return cast(GameName, self._record.game)

    def mainline_moves(self) -> list[MoveT]:
        """The moves of the game, in order, as its game's ``Move``s."""
        return cast("list[MoveT]", self._record.moves())

    def mainline(self) -> Iterator[GameNode[BoardT, MoveT, OutcomeT]]:
        """The nodes after the start, in order."""
        return (GameNode(self, p) for p in range(1, self._record.plies() + 1))

    @property
    def comments(self) -> list[tuple[int, str]]:
        """Every comment as ``(ply, text)``, in ply order (0: before the
        first move), several at one ply kept apart."""
        return self._record.comments()

    @property
    def result(self) -> str:
        """The result token: ``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"``
        (set it through ``headers["Result"]``)."""
        return self._record.result()

    @property
    def termination(self) -> Optional[str]:
        """The ``Termination`` tag (how the game ended: a rule such as
        ``"checkmate"``, or free text such as ``"time forfeit"``), ``None``
        if the record has none."""
        return self._record.tag("Termination")

    def outcome(self) -> Optional[OutcomeT]:
        """How the game ended by the rules (in its final position; its
        game's ``Outcome``), ``None`` if it did not (a result set by
        resignation or agreement is in :attr:`result` only)."""
        return cast(Optional[OutcomeT], self._record.outcome())

    @property
    def rules(self) -> str:
        """The rule set the game is played under, as its rule-set string."""
        return self._record.rules

    def __str__(self) -> str:
        """The record as text: tag pairs, a blank line, the movetext
        wrapped at 80 columns, ending with the result and a newline."""
        return str(self._record)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._record == other._record

    __hash__ = None  # type: ignore[assignment]  # mutable, like chess.pgn.Game

    def __repr__(self) -> str:
        white = self._record.tag("White")
        black = self._record.tag("Black")
        return (
            f"<Game ({white!r} vs. {black!r}, {self._record.plies()} plies, "
            f"result {self.result})>"
        )


class _Place(NamedTuple):
    """Where :func:`read_game` left a file: its reader, the game and rules
    it reads with, and the file's ``tell()`` after the last game (``None``
    for a file that cannot tell)."""

    reader: PgnReader
    game: Optional[str]
    rules: Optional[str]
    offset: object


# The reader of each file read by `read_game`, so that consecutive calls
# continue where the last stopped (after a bad game, the reader has taken
# the next game's first line; its line count goes on). Weak: a file that
# goes away takes its reader along.
_places: weakref.WeakKeyDictionary[object, _Place] = weakref.WeakKeyDictionary()


def _check_handle(handle: TextIO) -> None:
    if not callable(getattr(handle, "readline", None)):
        raise TypeError(
            f"expected a text file object (with readline()), not {type(handle).__name__}"
        )


def _tell(handle: TextIO) -> object:
    try:
        return handle.tell()
    except (OSError, ValueError, AttributeError):
        return None


def read_game(
    handle: TextIO, *, game: Optional[str] = None, rules: Optional[str] = None
) -> Optional[Game[Any, Any, Any]]:
    """The next game of ``handle`` (a file opened in text mode, an
    ``io.StringIO``, anything with ``readline``), ``None`` at the end of
    the file, like ``chess.pgn.read_game``.

    ``game`` is the game of the records: ``"tamerlane"``, ``"chess"`` or
    ``"makruk"`` (a ``Variant`` tag naming another game is a
    :class:`PgnError`), or ``None`` (the default): each record's game is
    the one its ``Variant`` tag names (``Tamerlane``, ``Makruk``,
    ``Standard`` or ``chess``, any case; another name is a
    :class:`PgnError`), Tamerlane for a record without one, so a file may
    mix the three. Standard chess PGN has no ``Variant`` tag: read it with
    ``game="chess"``. A tag section decides for its game and for the games
    without tags of their own that follow it (on its lines, or separated
    only by blank lines, until the next line that begins with ``[``).

    A game that cannot be read raises :class:`PgnError` (its ``line`` and
    ``column`` count from where reading this file began); the next call
    reads the game after it. Games without a ``Rules`` tag are read under
    ``rules`` (a rule-set string of ``game``, of Tamerlane for ``None``;
    the default rules if ``None``).

    Consecutive calls on one file continue where the last stopped: the
    reader keeps its place and line count for each file, and starts afresh
    when the file was moved in between (``seek``, or lines read by other
    code) or ``game`` or ``rules`` changed. Text after a game's result
    token on its line is read as the beginning of the next game, as
    :func:`read_games` reads it (a file object that cannot be weakly
    referenced gets a fresh reader each call, which drops that text).

    The game is typed ``Game[Any, Any, Any]`` (its game is known when
    read); annotate it, as ``Game[tamerlane.chess.Board,
    tamerlane.chess.Move, tamerlane.chess.Outcome]``, to type its boards
    and moves (a bare ``Game`` is a Tamerlane game's type)."""
    _check_handle(handle)
    try:
        place = _places.get(handle)
    except TypeError:  # not weakly referenceable: no place kept
        place = None
    offset = _tell(handle)
    if place is None or (place.game, place.rules, place.offset) != (game, rules, offset):
        reader = PgnReader(rules, game)
    else:
        reader = place.reader
    try:
        record = reader.read(handle)
    except PgnError:
        # The bad game is skipped: the next call reads on from here.
        _keep(handle, _Place(reader, game, rules, _tell(handle)))
        raise
    except BaseException:
        _keep(handle, None)
        raise
    _keep(handle, None if record is None else _Place(reader, game, rules, _tell(handle)))
    return None if record is None else Game(record)


def _keep(handle: TextIO, place: Optional[_Place]) -> None:
    try:
        if place is None:
            _places.pop(handle, None)
        else:
            _places[handle] = place
    except TypeError:
        pass


def read_games(
    handle: TextIO,
    *,
    game: Optional[str] = None,
    rules: Optional[str] = None,
    on_error: Optional[Callable[[PgnError], None]] = None,
) -> Iterator[Game[Any, Any, Any]]:
    """The games of ``handle``, in order, to the end of the file.

    A game that cannot be read raises its :class:`PgnError` (ending the
    iteration), or, with ``on_error``, is passed to it and skipped: the
    games after it are read on. ``game`` and ``rules`` are as for
    :func:`read_game` (``game=None``: each record's game by its
    ``Variant`` tag).

    >>> import io
    >>> text = "1. f4 *\\n\\n[Event \\"bad\\"]\\n\\n1. zz9 *\\n\\n[Event \\"good\\"]\\n\\n1. f4 f7 *\\n"
    >>> errors = []
    >>> [str(g.mainline_moves()[-1]) for g in read_games(io.StringIO(text), on_error=errors.append)]
    ['f3f4', 'f8f7']
    >>> errors[0].line
    5
    >>> mixed = '[Variant "Makruk"]\\n\\n1. c4 *\\n\\n[Variant "Standard"]\\n\\n1. e4 *\\n\\n[Event "?"]\\n\\n1. f4 *\\n'
    >>> [g.variant for g in read_games(io.StringIO(mixed))]
    ['makruk', 'chess', 'tamerlane']
    """
    _check_handle(handle)
    reader = PgnReader(rules, game)
    while True:
        try:
            record = reader.read(handle)
        except PgnError as e:
            if on_error is None or e.line is None:
                raise
            on_error(e)
            continue
        if record is None:
            return
        yield Game(record)


def write_games(handle: TextIO, games: Iterable[Game[Any, Any, Any]]) -> int:
    """Writes ``games`` (of any of the three games) to ``handle`` (a file
    opened in text mode), each followed by a blank line; the number of
    games written. ``print(game, file=handle)`` writes one the same way.
    Chess records are written as standard PGN, without a ``Variant`` tag:
    read a file that mixes them with the other games with ``game=None``
    only when they carry one (``game.headers["Variant"] = "Standard"``)."""
    n = 0
    for game in games:
        handle.write(str(game))
        handle.write("\n")
        n += 1
    return n

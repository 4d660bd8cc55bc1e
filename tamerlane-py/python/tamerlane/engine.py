"""Engine scores and limits in the style of ``chess.engine``.

A search's score is a :class:`PovScore`: the score :attr:`~PovScore.relative`
to the side to move, viewable from either side. Scores are :class:`Cp`
(centipawns), :class:`Mate` (mate in so many moves; negative: being mated)
or :data:`MateGiven` (the mate on the board, from the winner's side).

>>> import tamerlane
>>> from tamerlane.engine import Cp, Limit, Mate, MateGiven, PovScore
>>> score = PovScore(Mate(-3), tamerlane.BLACK)
>>> score.white(), score.black()
(Mate(+3), Mate(-3))
>>> score.is_mate(), score.white().mate()
(True, 3)
>>> score.black().score(mate_score=100000)
-99997
>>> Mate(-0) == -MateGiven and Cp(-20) < Cp(10) < Mate(5) < Mate(2) < MateGiven
True
>>> result = tamerlane.Engine(hash_mb=1).play(tamerlane.Board(), Limit(depth=2))
>>> result.move is not None
True

The limits of ``Engine.play`` and ``Engine.analysis`` are a :class:`Limit`;
``Engine.search`` takes the same limits as keyword arguments. With
``multipv=k`` a search finds its ``k`` best lines (:class:`PvLine`, best
first), as ``chess.engine``'s ``analyse(..., multipv=k)`` does; with
``searchmoves`` it considers only those root moves:

>>> engine = tamerlane.Engine(hash_mb=1)
>>> lines = engine.search(tamerlane.Board(), depth=2, multipv=3).lines
>>> [line.multipv for line in lines], len({line.pv[0] for line in lines})
([1, 2, 3], 3)
>>> str(engine.search(tamerlane.Board(), depth=2, searchmoves=["f3f4"]).move)
'f3f4'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering
from typing import Optional, Union, overload

from ._tamerlane import Analysis, Color, Info, PlayResult, PvLine, SearchResult

__all__ = [
    "Analysis",
    "Cp",
    "Info",
    "Limit",
    "Mate",
    "MateGiven",
    "PlayResult",
    "PovScore",
    "PvLine",
    "Score",
    "SearchResult",
]


@total_ordering
class Score:
    """A score relative to one side: :class:`Cp`, :class:`Mate` or
    :data:`MateGiven`. Scores order from worst to best for that side:
    mated now (``Mate(-0)``), mated sooner, ..., centipawns by value, ...,
    mating later, mating sooner, :data:`MateGiven`."""

    __slots__ = ()

    def mate(self) -> Optional[int]:
        """The number of moves to mate (negative: this side is mated; ``0``
        for :data:`MateGiven` and ``Mate(-0)``), ``None`` for centipawns."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.mate() is not None

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: None = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centipawns; for a mate score ``None``, or with ``mate_score``
        the value ``mate_score - moves`` for mating (``-mate_score - moves``
        for being mated), so that sooner mates count more."""
        raise NotImplementedError

    def _order(self) -> tuple[int, int]:
        raise NotImplementedError

    def __neg__(self) -> Score:
        raise NotImplementedError

    def __pos__(self) -> Score:
        return self

    def __abs__(self) -> Score:
        return -self if self._order() < Cp(0)._order() else self

    def __lt__(self, other: Score) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._order() < other._order()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._order() == other._order()

    def __hash__(self) -> int:
        return hash(self._order())


class Cp(Score):
    """A score in centipawns."""

    __slots__ = ("_cp",)

    def __init__(self, cp: int) -> None:
        self._cp = int(cp)

    def mate(self) -> None:
        return None

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self._cp

    def _order(self) -> tuple[int, int]:
        return (1, self._cp)

    def __neg__(self) -> Cp:
        return Cp(-self._cp)

    def __str__(self) -> str:
        return f"{self._cp:+d}"

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __reduce__(self) -> tuple[type[Cp], tuple[int]]:
        return (Cp, (self._cp,))


class Mate(Score):
    """Mate in ``moves`` moves for this side (negative: this side is mated
    in ``-moves``; ``Mate(0)``: this side is mated on the board, the
    negation of :data:`MateGiven`)."""

    __slots__ = ("_moves",)

    def __init__(self, moves: int) -> None:
        self._moves = int(moves)

    def mate(self) -> int:
        return self._moves

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: None = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        if self._moves > 0:
            return mate_score - self._moves
        return -mate_score - self._moves

    def _order(self) -> tuple[int, int]:
        # Being mated: sooner is worse. Mating: sooner is better.
        return (0, -self._moves) if self._moves <= 0 else (2, -self._moves)

    def __neg__(self) -> Score:
        return MateGiven if self._moves == 0 else Mate(-self._moves)

    def __str__(self) -> str:
        return f"#+{self._moves}" if self._moves > 0 else f"#-{-self._moves}"

    def __repr__(self) -> str:
        return f"Mate({str(self)[1:]})"

    def __reduce__(self) -> tuple[type[Mate], tuple[int]]:
        return (Mate, (self._moves,))


class _MateGiven(Score):
    """The mate on the board, from the side that gave it (``-Mate(0)``)."""

    __slots__ = ()

    def mate(self) -> int:
        return 0

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: None = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def _order(self) -> tuple[int, int]:
        return (3, 0)

    def __neg__(self) -> Mate:
        return Mate(0)

    def __str__(self) -> str:
        return "#+0"

    def __repr__(self) -> str:
        return "MateGiven"

    def __reduce__(self) -> str:
        return "MateGiven"


MateGiven: Score = _MateGiven()
"""The mate on the board, from the winner's side: ``-Mate(0)``."""


def _is_white(color: Union[Color, bool]) -> bool:
    if isinstance(color, (Color, bool)):
        return bool(color)
    raise TypeError(f"expected a tamerlane.Color (or a bool, True for White), not {type(color).__name__}")


class PovScore:
    """A score with its point of view: :attr:`relative` is for the side
    :attr:`turn` (the side to move in the searched position)."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Score, turn: Union[Color, bool]) -> None:
        if not isinstance(relative, Score):
            raise TypeError(f"expected a tamerlane.engine.Score, not {type(relative).__name__}")
        self.relative: Score = relative
        """The score for :attr:`turn`."""
        self.turn: Color = Color.WHITE if _is_white(turn) else Color.BLACK
        """The side the :attr:`relative` score is for."""

    def pov(self, color: Union[Color, bool]) -> Score:
        """The score from ``color``'s side."""
        return self.relative if _is_white(color) == bool(self.turn) else -self.relative

    def white(self) -> Score:
        """The score from White's side."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's side."""
        return self.pov(False)

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PovScore):
            return NotImplemented
        return self.white() == other.white()

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __reduce__(self) -> tuple[type[PovScore], tuple[Score, bool]]:
        return (PovScore, (self.relative, bool(self.turn)))


@dataclass(frozen=True)
class Limit:
    """When a search stops, as ``chess.engine.Limit``: at ``depth`` plies,
    ``nodes`` nodes or ``time`` seconds for this move, whichever comes
    first, or as the clock of the side to move allows (``white_clock`` /
    ``black_clock`` seconds left, ``white_inc`` / ``black_inc`` seconds
    added per move), ``remaining_moves`` being the moves left to the next
    time control (``None``: the clock is for the rest of the game; the
    search's ``movestogo``). With none of them, the search runs until
    stopped."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None

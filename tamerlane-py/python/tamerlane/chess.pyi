"""Type stubs of ``tamerlane.chess``: FIDE chess with the API of ``tamerlane.Board``."""

from __future__ import annotations

from typing import Optional, SupportsIndex, Union

from ._sibling_api import (
    ColorArg,
    SiblingBoard,
    SiblingLegalMoves,
    SiblingMove,
    SiblingOutcome,
    SiblingSearchResult,
)
from ._tamerlane import AmbiguousMoveError as AmbiguousMoveError
from ._tamerlane import Color as Color
from ._tamerlane import GameOverError as GameOverError
from ._tamerlane import IllegalMoveError as IllegalMoveError
from ._tamerlane import InvalidFenError as InvalidFenError
from ._tamerlane import InvalidMoveError as InvalidMoveError
from ._tamerlane import InvalidRulesError as InvalidRulesError

STARTING_FEN: str
"""The FEN of the start position."""
ACTION_SPACE_SIZE: int
"""The number of actions (see ``move_to_index``)."""
PLANES: int
"""The number of planes of ``Board.to_planes()``."""
PLANE_NAMES: list[str]
"""The name of each plane, in order."""
TERMINATIONS: list[str]
"""The names of the ways a game ends, in the order they are checked."""
WHITE: Color
BLACK: Color

class Move(SiblingMove):
    """A FIDE chess move; its promotion letter is q, r, b or n."""

class Outcome(SiblingOutcome):
    """How a FIDE chess game ended."""

class LegalMoves(SiblingLegalMoves[Move]):
    """The legal moves of a FIDE chess position."""

class SearchResult(SiblingSearchResult[Move]):
    """What ``search`` returns."""

class Board(SiblingBoard[Move, Outcome, LegalMoves]):
    """A FIDE chess game: start position, rule options, moves played."""

def move_to_index(move: Union[Move, str], turn: ColorArg) -> int:
    """The action index of a move made by ``turn``."""

def index_to_move(board: Board, index: SupportsIndex) -> Move:
    """The legal move of ``board`` with this action index."""

def search(
    board: Board,
    *,
    depth: Optional[SupportsIndex] = None,
    movetime: Optional[float] = None,
    nodes: Optional[SupportsIndex] = None,
    hash_mb: Optional[SupportsIndex] = None,
) -> SearchResult:
    """Searches ``board`` with a new engine (GIL released) until ``depth``,
    ``movetime`` seconds or ``nodes`` (at least one)."""

"""Type stubs of ``tamerlane.makruk``: Makruk with the API of ``tamerlane.Board``."""

from __future__ import annotations

from ._sibling_api import (
    IndexToMove,
    MoveToIndex,
    SearchFunction,
    SiblingBoard,
    SiblingLegalMoves,
    SiblingMove,
    SiblingOutcome,
    SiblingSearchResult,
)
from ._sibling_names import *

class Move(SiblingMove):
    """A Makruk move; its promotion letter is ``m`` (a pawn reaching its sixth rank always becomes a Met)."""

class Outcome(SiblingOutcome):
    """How a Makruk game ended."""

class LegalMoves(SiblingLegalMoves[Move]):
    """The legal moves of a Makruk position."""

class SearchResult(SiblingSearchResult[Move]):
    """What ``search`` returns."""

class Board(SiblingBoard[Move, Outcome, LegalMoves]):
    """A Makruk game: start position, rule options, moves played."""

move_to_index: MoveToIndex[Move]
index_to_move: IndexToMove[Board, Move]
search: SearchFunction[Board, SearchResult]

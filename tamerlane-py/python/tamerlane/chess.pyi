"""Type stubs of ``tamerlane.chess``: FIDE chess with the API of ``tamerlane.Board``."""

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
    """A FIDE chess move; its promotion letter is ``q``, ``r``, ``b`` or ``n``."""

class Outcome(SiblingOutcome):
    """How a FIDE chess game ended."""

class LegalMoves(SiblingLegalMoves[Move]):
    """The legal moves of a FIDE chess position."""

class SearchResult(SiblingSearchResult[Move]):
    """What ``search`` returns."""

class Board(SiblingBoard[Move, Outcome, LegalMoves]):
    """A FIDE chess game: start position, rule options, moves played."""

move_to_index: MoveToIndex[Move]
index_to_move: IndexToMove[Board, Move]
search: SearchFunction[Board, SearchResult]

"""Type stubs of ``tamerlane.makruk``: Makruk with the API of ``tamerlane.Board``."""

from __future__ import annotations

from typing import Optional, Union

from ._board_api import InfoApi, LegalMovesApi, PlayResultApi, PvLineApi, SearchResultApi
from ._sibling_api import (
    _HasFen,
    IndexToMove,
    MoveToIndex,
    SearchFunction,
    SiblingBoard,
    SiblingMove,
    SiblingOutcome,
    SiblingPiece,
)
from ._sibling_names import *

class Move(SiblingMove):
    """A Makruk move; its promotion letter is ``m`` (a pawn reaching its sixth rank always becomes a Met)."""

class Outcome(SiblingOutcome):
    """How a Makruk game ended."""

class LegalMoves(LegalMovesApi[Move]):
    """The legal moves of a Makruk position."""

class PvLine(PvLineApi[Move]):
    """One of the best lines of a search of a Makruk board (``SearchResult.lines``)."""

class Info(InfoApi[Move]):
    """Progress of a search of a Makruk board (``Engine.search``'s ``info``
    callback, ``Engine.analysis``)."""

class SearchResult(SearchResultApi[Move, PvLine]):
    """What ``search`` and ``tamerlane.Engine.search`` return for a Makruk board."""

class PlayResult(PlayResultApi[Move, SearchResult]):
    """What ``tamerlane.Engine.play`` returns for a Makruk board."""

class Piece(SiblingPiece):
    """A Makruk piece."""

class Board(SiblingBoard[Move, Outcome, LegalMoves, Piece]):
    """A Makruk game: start position, rule options, moves played."""

    @property
    def count(self) -> Optional[tuple[int, int]]:
        """The running count as ``(plies counted, limit in plies)``, or ``None``."""

move_to_index: MoveToIndex[Move]
index_to_move: IndexToMove[Union[Board, _HasFen], Move]
search: SearchFunction[Union[Board, _HasFen], SearchResult]

"""Type stubs of ``tamerlane.chess``: FIDE chess with the API of ``tamerlane.Board``."""

from __future__ import annotations

from typing import Optional, Union

from ._board_api import InfoApi, LegalMovesApi, PlayResultApi, PvLineApi, SearchResultApi
from ._board_api import ColorArg
from ._sibling_api import (
    _HasFen,
    _HasUci,
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
    """A FIDE chess move; its promotion letter is ``q``, ``r``, ``b`` or ``n``."""

class Outcome(SiblingOutcome):
    """How a FIDE chess game ended."""

class LegalMoves(LegalMovesApi[Move]):
    """The legal moves of a FIDE chess position."""

class PvLine(PvLineApi[Move]):
    """One of the best lines of a search of a FIDE chess board (``SearchResult.lines``)."""

class Info(InfoApi[Move]):
    """Progress of a search of a FIDE chess board (``Engine.search``'s ``info``
    callback, ``Engine.analysis``)."""

class SearchResult(SearchResultApi[Move, PvLine]):
    """What ``search`` and ``tamerlane.Engine.search`` return for a FIDE chess board."""

class PlayResult(PlayResultApi[Move, SearchResult]):
    """What ``tamerlane.Engine.play`` returns for a FIDE chess board."""

class Piece(SiblingPiece):
    """A FIDE chess piece."""

class Board(SiblingBoard[Move, Outcome, LegalMoves, Piece]):
    """A FIDE chess game: start position, rule options, moves played."""

    def has_kingside_castling_rights(self, color: ColorArg) -> bool:
        """Whether ``color`` may still castle kingside (the right, not the move)."""
    def has_queenside_castling_rights(self, color: ColorArg) -> bool:
        """Whether ``color`` may still castle queenside."""
    def has_castling_rights(self, color: ColorArg) -> bool:
        """Whether ``color`` may still castle on either side."""
    def castling_xfen(self) -> str:
        """The castling rights as a FEN field (``"KQkq"``, ``"-"``)."""
    @property
    def ep_square(self) -> Optional[int]:
        """The en-passant square of the FEN, or ``None``."""
    def has_legal_en_passant(self) -> bool:
        """Whether an en passant capture is legal now."""
    def is_kingside_castling(self, move: Union[Move, str, _HasUci]) -> bool:
        """Whether a legal move castles kingside."""
    def is_queenside_castling(self, move: Union[Move, str, _HasUci]) -> bool:
        """Whether a legal move castles queenside."""
    def is_insufficient_material(self) -> bool:
        """Whether neither side has the material to mate."""
    def has_insufficient_material(self, color: ColorArg) -> bool:
        """Whether ``color`` lacks the material to mate whatever the other side does."""
    def is_fifty_moves(self) -> bool:
        """100 plies without a capture or pawn move, and a legal move left."""
    def is_seventyfive_moves(self) -> bool:
        """150 plies without a capture or pawn move, and a legal move left (a draw)."""
    def is_fivefold_repetition(self) -> bool:
        """Whether the position has occurred five times (a draw)."""
    def can_claim_threefold_repetition(self) -> bool:
        """Whether the player to move may claim threefold repetition (``False`` once the game has ended)."""
    def can_claim_fifty_moves(self) -> bool:
        """Whether the player to move may claim the 50-move rule (``False`` once the game has ended)."""
    def can_claim_draw(self) -> bool:
        """Either claim."""
    def is_castling(self, move: Union[Move, str, _HasUci]) -> bool:
        """Whether a legal move castles."""
    def is_en_passant(self, move: Union[Move, str, _HasUci]) -> bool:
        """Whether a legal move captures en passant."""

move_to_index: MoveToIndex[Move]
index_to_move: IndexToMove[Union[Board, _HasFen], Move]
search: SearchFunction[Union[Board, _HasFen], SearchResult]

"""FIDE chess with the API of ``tamerlane.Board`` (python-chess's names):
``Board``, ``Move``, ``LegalMoves``, ``Outcome``, the search results
(``SearchResult``, ``PvLine``, ``Info``, ``PlayResult``: what
``tamerlane.Engine`` returns for these boards), the action space
(``move_to_index``, ``index_to_move``), ``search``, and the squares under
python-chess's names (``E4``, ``square_name``, ``BB_SQUARES``, ...). The
rules are those of the Rust crate (docs/CHESS.md); the guide is
docs/PYTHON.md, "Chess and Makruk".

>>> from tamerlane import chess
>>> board = chess.Board()
>>> board.push_san("e4")
Move.from_uci('e2e4')
>>> board.perft(2)
600
"""

from ._siblings import export
from ._tamerlane import chess as _native

__all__ = export(_native, globals())

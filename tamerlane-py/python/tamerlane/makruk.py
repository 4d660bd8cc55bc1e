"""Makruk (Thai chess) with the API of ``tamerlane.Board`` (python-chess's
names): ``Board``, ``Move``, ``LegalMoves``, ``Outcome``, the search results
(``SearchResult``, ``PvLine``, ``Info``, ``PlayResult``: what
``tamerlane.Engine`` returns for these boards), the action space
(``move_to_index``, ``index_to_move``), ``search``, and the squares under
python-chess's names (``E4``, ``square_name``, ``BB_SQUARES``, ...). The
rules, the FEN and the UCI moves (``e5e6m`` for a promotion) are
Fairy-Stockfish's (docs/MAKRUK.md); the guide is docs/PYTHON.md, "Chess and
Makruk".

>>> from tamerlane import makruk
>>> board = makruk.Board()
>>> len(board.legal_moves)
23
>>> board.push_san("Nd2")
Move.from_uci('b1d2')
"""

from ._siblings import export
from ._tamerlane import makruk as _native

__all__ = export(_native, globals())

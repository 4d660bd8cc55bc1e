"""``tamerlane.render``: a board of any of the three games as an RGB image
(a numpy ``uint8`` array of shape ``(height, width, 3)``), drawn with numpy
alone: what the ``rgb_array`` render mode of the Gymnasium envs returns
(docs/PYTHON.md, "Rendering").

The geometry is that of the observation planes (docs/PYTHON.md, "Research:
planes and the action space") seen by White: one ``square_size`` cell per
square, rank 1 at the bottom, file a at the left. A Tamerlane board has 13
columns (Black's citadel column, files a..k, White's citadel column) and 10
rows; only the two citadels of the outer columns are squares (``bc`` left
of a9, ``wc`` right of k2), the other cells there are ``OFF_BOARD``. Chess
and Makruk boards are 8 by 8. A square is ``DARK`` when its file and rank
(0-based) add up to an even number (a1 is dark), else ``LIGHT``; the
citadels are ``CITADEL``. A piece is a disc of its side's colour
(``WHITE_PIECE`` or ``BLACK_PIECE``) centred on its square, ringed and
lettered in the other side's colour (the last letter of its symbol, in a
3x5 pixel font); pawns have smaller discs.
"""

from __future__ import annotations

from typing import Any, Dict, Tuple

import numpy as np
import numpy.typing as npt

Rgb = Tuple[int, int, int]

LIGHT: Rgb = (240, 217, 181)
"""A light square."""
DARK: Rgb = (181, 136, 99)
"""A dark square."""
CITADEL: Rgb = (150, 170, 120)
"""A Tamerlane citadel."""
OFF_BOARD: Rgb = (60, 60, 60)
"""A cell of the Tamerlane grid that is no square."""
WHITE_PIECE: Rgb = (250, 250, 250)
"""The disc of a White piece."""
BLACK_PIECE: Rgb = (20, 20, 20)
"""The disc of a Black piece."""

# 3x5 glyphs of the letters the pieces' symbols end with, rows top down.
_FONT: Dict[str, Tuple[str, ...]] = {
    "B": ("110", "101", "110", "101", "110"),
    "C": ("011", "100", "100", "100", "011"),
    "D": ("110", "101", "101", "101", "110"),
    "E": ("111", "100", "110", "100", "111"),
    "F": ("111", "100", "110", "100", "100"),
    "G": ("011", "100", "101", "101", "011"),
    "K": ("101", "101", "110", "101", "101"),
    "M": ("101", "111", "111", "101", "101"),
    "N": ("110", "101", "101", "101", "101"),
    "P": ("110", "101", "110", "100", "100"),
    "Q": ("010", "101", "101", "111", "011"),
    "R": ("110", "101", "110", "101", "101"),
    "S": ("011", "100", "010", "001", "110"),
    "T": ("111", "010", "010", "010", "010"),
    "V": ("101", "101", "101", "101", "010"),
}
_UNKNOWN = ("111", "001", "010", "000", "010")


def _geometry(board: Any) -> Tuple[int, int, bool]:
    """``(columns, rows, is_tamerlane)`` of the board's grid."""
    from . import _tamerlane

    if isinstance(board, _tamerlane.Board):
        return 13, 10, True
    return 8, 8, False


def square_cell(board: Any, square: int) -> Tuple[int, int]:
    """The grid cell ``(row, column)`` of ``square`` (row 0 at the top)."""
    columns, rows, tamerlane = _geometry(board)
    if tamerlane:
        if square == 110:  # wc, right of k2
            return rows - 2, 12
        if square == 111:  # bc, left of a9
            return rows - 9, 0
        return rows - 1 - square // 11, square % 11 + 1
    return rows - 1 - square // 8, square % 8


def rgb_array(board: Any, *, square_size: int = 32) -> npt.NDArray[np.uint8]:
    """The image of ``board`` (a ``tamerlane.Board``, ``tamerlane.chess.Board``
    or ``tamerlane.makruk.Board``): ``(rows * square_size, columns *
    square_size, 3)`` uint8."""
    if not isinstance(square_size, int) or isinstance(square_size, bool):
        raise TypeError(f"square_size must be an int, not {type(square_size).__name__}")
    if not 10 <= square_size <= 256:
        raise ValueError(f"square_size {square_size} out of range (expected 10 to 256)")
    columns, rows, tamerlane = _geometry(board)
    s = square_size
    img = np.empty((rows * s, columns * s, 3), dtype=np.uint8)
    img[:] = OFF_BOARD
    files = 11 if tamerlane else 8
    for rank in range(rows):
        for file in range(files):
            square = rank * files + file
            r, c = square_cell(board, square)
            img[r * s : (r + 1) * s, c * s : (c + 1) * s] = DARK if (file + rank) % 2 == 0 else LIGHT
    if tamerlane:
        for square in (110, 111):
            r, c = square_cell(board, square)
            img[r * s : (r + 1) * s, c * s : (c + 1) * s] = CITADEL
    yy, xx = np.mgrid[0:s, 0:s]
    dist = np.hypot(yy - (s - 1) / 2, xx - (s - 1) / 2)
    for square, piece in board.piece_map().items():
        symbol = str(piece.symbol())
        white = symbol[0].isupper()
        fill, ink = (WHITE_PIECE, BLACK_PIECE) if white else (BLACK_PIECE, WHITE_PIECE)
        pawn = symbol.upper() == "P" or len(symbol) == 2
        radius = s * (0.30 if pawn else 0.40)
        r, c = square_cell(board, int(square))
        cell = img[r * s : (r + 1) * s, c * s : (c + 1) * s]
        cell[dist <= radius] = ink
        cell[dist <= radius - max(1, s // 16)] = fill
        glyph = _FONT.get(symbol[-1].upper(), _UNKNOWN)
        px = max(1, s // 12)
        top, left = (s - 5 * px) // 2, (s - 3 * px) // 2
        for gy, line in enumerate(glyph):
            for gx, bit in enumerate(line):
                if bit == "1":
                    y0, x0 = top + gy * px, left + gx * px
                    cell[y0 : y0 + px, x0 : x0 + px] = ink
    return img


__all__ = [
    "BLACK_PIECE",
    "CITADEL",
    "DARK",
    "LIGHT",
    "OFF_BOARD",
    "WHITE_PIECE",
    "rgb_array",
    "square_cell",
]

"""Writes the SVG images of docs/PYTHON.md (this folder's ``*.svg``) with
``tamerlane.svg``: the start position, a middlegame with check, and the
legend of every piece. Run it with the package installed (``make dev``):

    .venv/bin/python docs/images/make_images.py

``tests/test_svg.py`` checks that the committed images are what this
script makes now.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Dict

import tamerlane
import tamerlane.svg

HERE = Path(__file__).resolve().parent

# An engine game (depth 4 each side), then White's knight check Nd8+.
MIDDLEGAME_MOVES = (
    "d3d4 d8d7 c2e4 c9e7 h3h4 h8h7 i2g4 i9g7 b2c4 b9c7 j2i4 c7d5 i1j4 i10j7 i4k5 j7g6 e4g6 h7g6 "
    "k5i6 g7j4 i6j8 j9i7 k3j4 c10b7 c4e5 b7e6 j8h9 e6b5 a2b2 k9h9 c3c4 d5c7 c4b5 c7b5 a3a4 b5c7 "
    "k2k7 h9h7 g4k8 d7d6 e5c6 c7a6 c6d8"
).split()

_CELL = tamerlane.svg.SQUARE_SIZE
_LABEL = 14


def start() -> str:
    """The initial position on the plain (uncoloured) board."""
    return tamerlane.svg.board(tamerlane.Board(), size=None)


def middlegame() -> str:
    """A middlegame on the checkered board: Black's King in check, the last
    move marked, and the engine's answer for Black (the king swap f9e9) as
    a green arrow."""
    board = tamerlane.Board()
    for move in MIDDLEGAME_MOVES:
        board.push_str(move)
    arrows = [tamerlane.svg.Arrow("f9", "e9", color="green")]
    return tamerlane.svg.board(board, lastmove=board.peek(), arrows=arrows, checkered=True, size=None)


def pieces() -> str:
    """Every piece kind, White above Black, each with its TFEN token."""
    roles = tamerlane.Role.all()
    rows = [roles[:12], roles[12:]]
    width = 12 * _CELL
    row_height = 2 * _CELL + _LABEL
    height = len(rows) * row_height
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width} {height}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#eed9b6"/>',
    ]
    for r, row in enumerate(rows):
        top = r * row_height
        for i, role in enumerate(row):
            x = i * _CELL
            for c, color in enumerate(tamerlane.COLORS):
                symbol = tamerlane.Piece(color, role).symbol()
                out.append(tamerlane.svg.piece_glyph(symbol, x, top + c * _CELL))
            out.append(
                f'<text x="{x + _CELL / 2:g}" y="{top + 2 * _CELL + 11}" text-anchor="middle" '
                f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="11" fill="#3a2e22">'
                f"{role.token}</text>"
            )
    out.append("</svg>")
    return "".join(out)


IMAGES = {"start.svg": start, "middlegame.svg": middlegame, "pieces.svg": pieces}
"""Each image's file name and the function that draws it."""


def render() -> Dict[str, str]:
    """Every image, by file name."""
    return {name: draw() + "\n" for name, draw in IMAGES.items()}


def main() -> int:
    for name, text in render().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print(f"wrote {HERE / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

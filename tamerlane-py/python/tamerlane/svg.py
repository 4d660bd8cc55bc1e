"""SVG rendering of Tamerlane boards (also used by ``Board._repr_svg_`` so
boards display in Jupyter).

The drawing shows the 11x10 board with both citadels sticking out: Black's
citadel ``bc`` left of a9 and White's citadel ``wc`` right of k2. Every
piece is a lettered disc (white disc, dark letter for White; dark disc,
white letter for Black), royals get a gold ring, and every pawn is a
rounded square with a small ``p`` and the letter of its kind (``pR`` is the
pawn of rooks, ``pP`` the pawn of pawns). The legend is in docs/PYTHON.md.

>>> import tamerlane, tamerlane.svg
>>> svg = tamerlane.svg.board(tamerlane.Board(), size=400)
>>> svg.startswith("<svg")
True
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence, Tuple, Union

from ._tamerlane import Board, Move, parse_square

__all__ = ["board", "piece_glyph", "SQUARE_SIZE"]

SQUARE_SIZE = 40
"""Side of one square in SVG user units (the drawing is scaled to ``size``)."""

_MARGIN = 24
_COLS = 13  # bc column, files a..k, wc column
_ROWS = 10

_LIGHT = "#f0d9b5"
_DARK_LINE = "#8b6f47"
_CITADEL = "#c9b28a"
_LASTMOVE = "#f6e96b"
_ARROW = "#2a7ab0"

SquareLike = Union[int, str]
ArrowLike = Union[Move, Tuple[SquareLike, SquareLike]]


def _cell(square: int, flipped: bool) -> Tuple[int, int]:
    """The (column, row-from-top) of a square in the 13x10 drawing grid."""
    if square == 110:  # wc, as if l2
        file, rank = 11, 1
    elif square == 111:  # bc, left of a9
        file, rank = -1, 8
    else:
        file, rank = square % 11, square // 11
    col, row = file + 1, 9 - rank
    if flipped:
        col, row = _COLS - 1 - col, _ROWS - 1 - row
    return col, row


def _xy(square: int, flipped: bool) -> Tuple[float, float]:
    """Top-left corner of a square in user units."""
    col, row = _cell(square, flipped)
    return _MARGIN + col * SQUARE_SIZE, _MARGIN + row * SQUARE_SIZE


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def piece_glyph(symbol: str, x: float = 0.0, y: float = 0.0, size: float = SQUARE_SIZE) -> str:
    """The SVG fragment of one piece, given by its TFEN symbol (``"K"``,
    ``"g"``, ``"PR"``, ``"pp"``, ...), drawn in the square whose top-left
    corner is ``(x, y)``."""
    white = symbol[0].isupper()
    fill, ink = ("#fbfbf8", "#1b1b1b") if white else ("#26262b", "#f5f5f5")
    cx, cy = x + size / 2, y + size / 2
    letter = symbol[-1].upper()
    parts = []
    if len(symbol) == 2:  # a pawn: rounded square, small "p" and the kind letter
        s = size * 0.62
        parts.append(
            f'<rect x="{cx - s / 2:.1f}" y="{cy - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}" '
            f'rx="{size * 0.1:.1f}" fill="{fill}" stroke="#1b1b1b" stroke-width="1.2"/>'
        )
        parts.append(
            f'<text x="{cx:.1f}" y="{cy + size * 0.11:.1f}" text-anchor="middle" '
            f'font-family="DejaVu Sans, Arial, sans-serif" fill="{ink}">'
            f'<tspan font-size="{size * 0.22:.1f}">p</tspan>'
            f'<tspan font-size="{size * 0.32:.1f}" font-weight="bold">{_escape(letter)}</tspan></text>'
        )
    else:  # a piece: disc with its letter; royals (K, S, A) get a gold ring
        r = size * 0.42
        parts.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="#1b1b1b" stroke-width="1.2"/>'
        )
        if letter in "KSA":
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r - size * 0.06:.1f}" fill="none" '
                f'stroke="#d4a017" stroke-width="{size * 0.06:.1f}"/>'
            )
        parts.append(
            f'<text x="{cx:.1f}" y="{cy + size * 0.15:.1f}" text-anchor="middle" '
            f'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" '
            f'font-size="{size * 0.42:.1f}" fill="{ink}">{_escape(letter)}</text>'
        )
    return f'<g class="piece {_escape(symbol)}">' + "".join(parts) + "</g>"


def _arrow_squares(arrow: ArrowLike) -> Tuple[int, int]:
    if isinstance(arrow, Move):
        return arrow.from_square, arrow.to_square
    if isinstance(arrow, tuple) and len(arrow) == 2:
        return parse_square(arrow[0]), parse_square(arrow[1])
    raise TypeError(f"an arrow must be a Move or a (from, to) pair, not {type(arrow).__name__}")


_MAX_SIZE = 1_000_000
"""The largest ``size`` accepted, in pixels."""


def board(
    board: Optional[Board] = None,
    lastmove: Optional[Move] = None,
    arrows: Iterable[ArrowLike] = (),
    flipped: bool = False,
    size: Optional[int] = 520,
    coordinates: bool = True,
) -> str:
    """An SVG image (a string) of ``board``.

    :param board: the position (``None``: an empty board).
    :param lastmove: a move whose origin and target squares are highlighted.
    :param arrows: moves or ``(from, to)`` square pairs drawn as arrows.
    :param flipped: draw from Black's side (rank 10 at the bottom).
    :param size: width in pixels (``None``: no fixed size, just a viewBox).
    :param coordinates: label files, ranks and citadels.
    """
    width = 2 * _MARGIN + _COLS * SQUARE_SIZE
    height = 2 * _MARGIN + _ROWS * SQUARE_SIZE
    dims = ""
    if size is not None:
        if not isinstance(size, int) or isinstance(size, bool) or not 0 < size <= _MAX_SIZE:
            shown = repr(size) if not isinstance(size, int) or size < 10**12 else "a huge int"
            raise ValueError(f"size must be an int from 1 to {_MAX_SIZE}, not {shown}")
        dims = f' width="{size}" height="{round(size * height / width)}"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width} {height}"{dims}>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    if arrows is None or isinstance(arrows, (str, bytes)) or not hasattr(arrows, "__iter__"):
        raise TypeError(f"arrows must be an iterable of moves or (from, to) pairs, not {type(arrows).__name__}")
    highlight = set()
    if lastmove is not None:
        if not isinstance(lastmove, Move):
            raise TypeError(f"lastmove must be a Move, not {type(lastmove).__name__}")
        highlight = {lastmove.from_square, lastmove.to_square}
    squares: Sequence[int] = range(112)
    for sq in squares:
        x, y = _xy(sq, flipped)
        fill = _CITADEL if sq >= 110 else _LIGHT
        if sq in highlight:
            fill = _LASTMOVE
        out.append(
            f'<rect class="square{" citadel" if sq >= 110 else ""}" x="{x}" y="{y}" '
            f'width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" fill="{fill}" stroke="{_DARK_LINE}" stroke-width="1"/>'
        )
        if sq >= 110 and coordinates:
            out.append(
                f'<text x="{x + 3}" y="{y + 10}" font-family="DejaVu Sans, Arial, sans-serif" '
                f'font-size="9" fill="#5b4a2f">{"wc" if sq == 110 else "bc"}</text>'
            )
    if coordinates:
        font = 'font-family="DejaVu Sans, Arial, sans-serif" font-size="12" fill="#333"'
        for f in range(11):
            x, _ = _xy(f, flipped)
            out.append(
                f'<text x="{x + SQUARE_SIZE / 2}" y="{height - 7}" text-anchor="middle" {font}>{"abcdefghijk"[f]}</text>'
            )
        for r in range(10):
            _, y = _xy(r * 11, flipped)
            if flipped:
                out.append(f'<text x="{width - _MARGIN + 4}" y="{y + SQUARE_SIZE / 2 + 4}" text-anchor="start" {font}>{r + 1}</text>')
            else:
                out.append(f'<text x="{_MARGIN - 4}" y="{y + SQUARE_SIZE / 2 + 4}" text-anchor="end" {font}>{r + 1}</text>')
    if board is not None:
        if not isinstance(board, Board):
            raise TypeError(f"board must be a tamerlane.Board, not {type(board).__name__}")
        for sq, piece in sorted(board.piece_map().items()):
            x, y = _xy(sq, flipped)
            out.append(piece_glyph(piece.symbol(), x, y))
    for arrow in arrows:
        a, b = _arrow_squares(arrow)
        ax, ay = _xy(a, flipped)
        bx, by = _xy(b, flipped)
        h = SQUARE_SIZE / 2
        x1, y1, x2, y2 = ax + h, ay + h, bx + h, by + h
        dx, dy = x2 - x1, y2 - y1
        length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        ux, uy = dx / length, dy / length
        head = SQUARE_SIZE * 0.35
        tx, ty = x2 - ux * head, y2 - uy * head
        px, py = -uy * head * 0.55, ux * head * 0.55
        out.append(
            f'<g class="arrow"><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" '
            f'stroke="{_ARROW}" stroke-width="{SQUARE_SIZE * 0.16:.1f}" stroke-linecap="round" opacity="0.8"/>'
            f'<polygon points="{x2:.1f},{y2:.1f} {tx + px:.1f},{ty + py:.1f} {tx - px:.1f},{ty - py:.1f}" '
            f'fill="{_ARROW}" opacity="0.8"/></g>'
        )
    out.append("</svg>")
    return "".join(out)


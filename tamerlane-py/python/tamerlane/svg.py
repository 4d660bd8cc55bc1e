"""SVG rendering of the boards of the family: Tamerlane, and the 8x8 boards
of chess (``tamerlane.chess``) and Makruk (``tamerlane.makruk``), in one
style (also used by each ``Board._repr_svg_`` so boards display in Jupyter,
with the last move and check marked).

The Tamerlane drawing shows the 11x10 board with both citadels sticking
out: Black's citadel ``bc`` left of a9 and White's citadel ``wc`` right of
k2, each labelled just outside its square; the chess and Makruk drawing
is the 8x8 board. One drawing code serves both sizes (a layout per board
shape). Pieces are figurines (``style="figures"``, the default: White
light with a dark outline, Black dark), or lettered discs
(``style="letters"``). Every Tamerlane pawn is one pawn figure carrying the
letter of its kind; the pawn of kings wears a crown and the pawn of pawns a
second head. Chess and Makruk reuse the Tamerlane figures of the same
pieces; the legend is in docs/PYTHON.md.

>>> import tamerlane, tamerlane.svg
>>> svg = tamerlane.svg.board(tamerlane.Board(), size=400)
>>> svg.startswith("<svg")
True
>>> tamerlane.svg.board(tamerlane.chess.Board()).count('class="piece')
32
>>> tamerlane.svg.Arrow("b2", "c4", color="red")
Arrow('b2', 'c4', color='red')
"""

from __future__ import annotations

import math
import operator
import re
from collections import abc
from typing import (
    Callable,
    Dict,
    Iterable,
    List,
    Mapping,
    NamedTuple,
    Optional,
    Protocol,
    Sequence,
    SupportsIndex,
    Tuple,
    Union,
)

from ._tamerlane import (
    FIGURE_BOX,
    Board,
    Color,
    Move,
    Piece,
    Role,
    figure_letters,
    parse_square,
    piece_figure,
    square_name,
)
from .chess import Board as ChessBoard
from .chess import Move as ChessMove
from .chess import Piece as ChessPiece
from .makruk import Board as MakrukBoard
from .makruk import Move as MakrukMove
from .makruk import Piece as MakrukPiece

__all__ = ["Arrow", "DEFAULT_COLORS", "GAMES", "SQUARE_SIZE", "STYLES", "board", "piece", "piece_glyph"]

SQUARE_SIZE = 45
"""Side of one square in SVG user units (the drawing is scaled to ``size``)."""

STYLES = ("figures", "letters")
"""The piece styles: figurines (the default) or lettered discs."""

GAMES = ("tamerlane", "chess", "makruk")
"""The games drawn: the ``game=`` of ``piece`` and ``piece_glyph`` (a
board's game is that of its class)."""

DEFAULT_COLORS: Dict[str, str] = {
    "square light": "#eed9b6",
    "square dark": "#b98b61",
    "square light lastmove": "#dadb7e",
    "square dark lastmove": "#a7a24a",
    "citadel": "#8fa6b6",
    "citadel lastmove": "#dadb7e",
    "grid": "#9b7b55",
    "border": "#3a2e22",
    "margin": "#ffffff",
    "coord": "#3a2e22",
    "check": "#e8140c",
    "mark": "#2b2b2b",
    "arrow green": "#1a7f2ccc",
    "arrow red": "#b3261ecc",
    "arrow yellow": "#d99a00cc",
    "arrow blue": "#1f5fa8cc",
}
"""Every colour the board uses, by name; ``board(colors=...)`` overrides
some of them. ``square dark`` (and its ``lastmove``) only shows on a
checkered board; the ``citadel`` colours only on the Tamerlane board;
``grid`` is the line between squares; ``mark`` draws the
crosses of ``squares=``; ``arrow NAME`` is the colour of ``Arrow(...,
color="NAME")``. Values are CSS colours: ``#rgb``, ``#rgba``, ``#rrggbb``,
``#rrggbbaa`` (with alpha), one of the CSS named colours such as ``red``
(any case; also ``transparent`` and ``currentColor``), ``rgb()``/``rgba()``
or ``hsl()``/``hsla()``; anything else is a ``ValueError``."""

_MARGIN = 20
_FONT = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"'
_LASTMOVE = DEFAULT_COLORS["square light lastmove"]
_MAX_SIZE = 1_000_000
"""The largest ``size`` accepted, in pixels."""
_ROYALS = (Role.KING, Role.PRINCE, Role.ADVENTITIOUS_KING)

SquareLike = Union[SupportsIndex, str]


class MoveLike(Protocol):
    """A move as ``lastmove`` and ``arrows`` take it: anything with
    ``from_square`` and ``to_square``, i.e. a ``tamerlane.Move`` on the
    Tamerlane board; a ``tamerlane.chess.Move``, ``tamerlane.makruk.Move``
    or python-chess ``Move`` on an 8x8 board."""

    @property
    def from_square(self) -> int:
        """The origin square."""

    @property
    def to_square(self) -> int:
        """The target square."""


class _Layout(NamedTuple):
    """Where the squares of a board shape are drawn: a grid of columns
    (the board's files with ``offset`` spare columns on each side, where
    the citadels stick out) and rows (its ranks, the last one on top)."""

    files: int
    ranks: int
    offset: int
    """The columns left (and right) of the board."""
    outside: Mapping[int, Tuple[int, int]]
    """The squares beside the board (the citadels), as ``(file, rank)`` of
    a board extended by ``offset`` files on each side."""
    names: Mapping[int, str]
    """The labels of the ``outside`` squares."""

    @property
    def cols(self) -> int:
        """The columns of the drawing grid."""
        return self.files + 2 * self.offset

    @property
    def squares(self) -> int:
        """The number of squares (indices ``0 .. squares - 1``)."""
        return self.files * self.ranks + len(self.outside)


_TAMERLANE_LAYOUT = _Layout(11, 10, 1, {110: (11, 1), 111: (-1, 8)}, {110: "wc", 111: "bc"})
"""The 11x10 board; ``wc`` drawn as if on l2, ``bc`` as if left of a9."""
_LAYOUT_8X8 = _Layout(8, 8, 0, {}, {})
"""The chess and Makruk board."""


class _Game(NamedTuple):
    """What the drawing of a game needs besides its layout."""

    name: str
    """Its name in ``GAMES``."""
    title: str
    """Its name in messages."""
    layout: _Layout
    square: Callable[[object, str], int]
    """The square index of a value; errors name the place (a ``str``)."""
    figures: Mapping[str, str]
    """The ``piece_figure`` key of each upper-case FEN letter (empty for
    Tamerlane, whose TFEN tokens are the figures' keys)."""
    royals: str
    """The letters of the royal pieces (ringed in the ``letters`` style)."""
    letters: str
    """The piece letters, for messages."""


def _square8(value: object, what: str) -> int:
    """The index 0 (a1) .. 63 (h8) of a square of the 8x8 board given as an
    int or a name; errors name ``what``. A ``tamerlane.Square`` is refused:
    its number is that of the 11x10 board."""
    if isinstance(value, str):
        if len(value) == 2 and value[0] in "abcdefgh" and value[1] in "12345678":
            return "abcdefgh".index(value[0]) + 8 * (int(value[1]) - 1)
        shown = repr(value) if len(value) <= 20 else repr(value[:20]) + "..."
        raise ValueError(f"{what}: invalid square name {shown} (expected a1 to h8)")
    if isinstance(value, bool):
        raise TypeError(f"{what}: square must be an int, not bool")
    kind = type(value)
    if _is_tamerlane_square(value):
        raise ValueError(
            f"{what}: tamerlane.Square {value!s} is numbered on the Tamerlane board (11 files); "
            "an 8x8 board takes an int 0 to 63 (python-chess's numbers) or a name like 'e4'"
        )
    try:
        n = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"{what}: a square must be an int 0 to 63 or a name like 'e4', not {kind.__name__}"
        ) from None
    if not 0 <= n < 64:
        shown = str(n) if abs(n) < 10**12 else "index"
        raise ValueError(f"{what}: square {shown} out of range (expected 0 to 63)")
    return n


def _arrow_color(color: object) -> str:
    """``color`` checked as an arrow colour: a name of an ``arrow NAME``
    colour or a CSS colour."""
    if isinstance(color, str) and f"arrow {color}" in DEFAULT_COLORS:
        return color
    return _css_color(color, "arrow color")


def _is_tamerlane_square(value: object) -> bool:
    """Whether ``value`` is a ``tamerlane.Square`` (known by its class's
    name: this module is imported by ``tamerlane``, which defines it)."""
    return (type(value).__module__, type(value).__qualname__) == ("tamerlane", "Square")


def _given(value: SquareLike) -> SquareLike:
    """A square argument of ``Arrow`` (already checked as a Tamerlane
    square) as kept for 8x8 boards: a name, a ``tamerlane.Square``, or an
    int."""
    if isinstance(value, str) or _is_tamerlane_square(value):
        return value
    return operator.index(value)


class Arrow:
    """An arrow from ``tail`` to ``head`` (squares: ints or names such as
    ``"f3"``, ``"wc"``) in ``color``: ``"green"``, ``"red"``, ``"yellow"``,
    ``"blue"`` (the ``arrow NAME`` entries of the board's colours) or any CSS
    colour. An arrow whose tail is its head is drawn as a ring.

    ``tail`` and ``head`` are the squares on the Tamerlane board (0 to 111),
    and arrows compare equal when these and the colour are equal. On an 8x8
    board (chess, Makruk) the squares as given are read on that board: a
    name is the same square, an int is python-chess's number (0 = a1 .. 63
    = h8), and a ``tamerlane.Square`` or a square off the 8x8 board is a
    ``ValueError`` when the arrow is drawn."""

    __slots__ = ("tail", "head", "color", "_given")

    tail: int
    head: int
    color: str
    _given: Tuple[SquareLike, SquareLike]

    def __init__(self, tail: SquareLike, head: SquareLike, color: str = "green") -> None:
        object.__setattr__(self, "tail", _square(tail, "arrow tail"))
        object.__setattr__(self, "head", _square(head, "arrow head"))
        object.__setattr__(self, "color", _arrow_color(color))
        object.__setattr__(self, "_given", (_given(tail), _given(head)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Arrow is immutable")

    def __repr__(self) -> str:
        # Names as names; an int as the int, which means a different square
        # on each board size.
        tail, head = (
            repr(given) if type(given) is int else repr(square_name(square))
            for given, square in zip(self._given, (self.tail, self.head))
        )
        return f"Arrow({tail}, {head}, color={self.color!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Arrow):
            return NotImplemented
        return (self.tail, self.head, self.color) == (other.tail, other.head, other.color)

    def __hash__(self) -> int:
        return hash((self.tail, self.head, self.color))


ArrowLike = Union[Arrow, MoveLike, Sequence[SquareLike]]
"""An ``Arrow``, a move (see ``MoveLike``), or a ``(tail, head)`` /
``(tail, head, color)`` tuple or list."""

AnyBoard = Union[Board, ChessBoard, MakrukBoard]
"""A board ``board`` draws: Tamerlane, chess or Makruk."""

AnyPiece = Union[Piece, ChessPiece, MakrukPiece]
"""A piece of one of the three games."""


def _square(value: object, what: str) -> int:
    """The square index of ``value``; errors name ``what``."""
    try:
        return parse_square(value)  # type: ignore[arg-type]
    except TypeError as e:
        raise TypeError(f"{what}: {e}") from None
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


_TAMERLANE = _Game(
    name="tamerlane",
    title="Tamerlane",
    layout=_TAMERLANE_LAYOUT,
    square=_square,
    figures={},
    royals="KSA",
    letters="K S A F V R N E C D T G or a pawn PR ... PP",
)
_CHESS = _Game(
    name="chess",
    title="chess",
    layout=_LAYOUT_8X8,
    square=_square8,
    figures=dict(figure_letters("chess")),
    royals="K",
    letters="K Q R B N P",
)
_MAKRUK = _Game(
    name="makruk",
    title="Makruk",
    layout=_LAYOUT_8X8,
    square=_square8,
    figures=dict(figure_letters("makruk")),
    royals="K",
    letters="K M S R N P",
)
_BY_NAME = {g.name: g for g in (_TAMERLANE, _CHESS, _MAKRUK)}


_CSS_COLOR_NAMES = frozenset(
    """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
    blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk
    crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki
    darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
    darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
    dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite
    gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
    lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
    lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
    lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen
    magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
    mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream
    mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
    palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
    powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
    seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
    steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow
    yellowgreen transparent currentcolor""".split()
)
"""The colour names accepted (lower case; matched in any case): the 148
named colours of CSS Color Module Level 4, ``transparent`` and
``currentColor``."""

_HEX_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")  # #rgb, #rgba, #rrggbb, #rrggbbaa
_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_PERCENT = _NUMBER + "%"
_ALPHA = f"(?:{_NUMBER}%?)"
_HUE = f"(?:{_NUMBER}(?:deg|grad|rad|turn)?)"
_RGB_PART = f"(?:{_NUMBER}%?)"


def _function_color(value: str) -> bool:
    """Whether ``value`` is an ``rgb()``, ``rgba()``, ``hsl()`` or ``hsla()``
    colour: three components (rgb: numbers or percentages; hsl: a hue, an
    optional unit, then two percentages) and an optional alpha, separated by
    commas (the legacy syntax) or by spaces with ``/`` before the alpha."""
    m = re.fullmatch(r"(rgba?|hsla?)\(\s*(.*?)\s*\)", value, re.IGNORECASE | re.DOTALL)
    if m is None:
        return False
    name, body = m.group(1).lower(), m.group(2)
    if "," in body:
        parts = [p.strip() for p in body.split(",")]
        alpha = parts[3:]
        parts = parts[:3]
    else:
        main, slash, rest = body.partition("/")
        parts = main.split()
        alpha = [rest.strip()] if slash else []
    if len(parts) != 3 or len(alpha) > 1:
        return False
    if alpha and not re.fullmatch(_ALPHA, alpha[0]):
        return False
    if name.startswith("rgb"):
        return all(re.fullmatch(_RGB_PART, p) for p in parts)
    return bool(re.fullmatch(_HUE, parts[0])) and all(re.fullmatch(_PERCENT, p) for p in parts[1:])


def _is_css_color(value: str) -> bool:
    """Whether ``value`` is one of the documented CSS colour forms."""
    if len(value) > 100:
        return False
    if value.startswith("#"):
        return _HEX_COLOR.fullmatch(value) is not None
    if value.lower() in _CSS_COLOR_NAMES:
        return True
    return _function_color(value)


def _css_color(value: object, what: str) -> str:
    """``value`` checked to be a CSS colour (:data:`_CSS_COLOR_NAMES`,
    ``#rgb``, ``#rgba``, ``#rrggbb``, ``#rrggbbaa``, ``rgb()``, ``rgba()``,
    ``hsl()``, ``hsla()``); errors name ``what`` and the value."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a colour string, not {type(value).__name__}")
    if not _is_css_color(value):
        shown = repr(value) if len(value) <= 40 else repr(value[:40]) + "..."
        raise ValueError(
            f"{what}: {shown} is not a CSS colour (a CSS colour name such as 'red', '#rgb', '#rrggbb', "
            "'#rrggbbaa', 'rgb(1, 2, 3)', 'rgba(...)', 'hsl(120, 50%, 50%)', 'hsla(...)')"
        )
    return value


def _paint(attr: str, color: str) -> str:
    """``fill="..."`` (or ``stroke``) for a colour, splitting the alpha of
    ``#rrggbbaa``/``#rgba`` into an opacity that every renderer knows."""
    if color.startswith("#") and len(color) in (5, 9):
        n = (len(color) - 1) // 4
        alpha = int(color[-n:], 16) / (16**n - 1)
        return f' {attr}="{color[:-n]}" {attr}-opacity="{alpha:.3f}"'
    return f' {attr}="{color}"'


def _cell(square: int, flipped: bool, layout: _Layout = _TAMERLANE_LAYOUT) -> Tuple[int, int]:
    """The (column, row-from-top) of a square in the drawing grid of
    ``layout`` (13x10 for Tamerlane, 8x8)."""
    if square in layout.outside:
        file, rank = layout.outside[square]
    else:
        file, rank = square % layout.files, square // layout.files
    col, row = file + layout.offset, layout.ranks - 1 - rank
    if flipped:
        col, row = layout.cols - 1 - col, layout.ranks - 1 - row
    return col, row


def _xy(square: int, flipped: bool, layout: _Layout = _TAMERLANE_LAYOUT) -> Tuple[int, int]:
    """Top-left corner of a square in user units."""
    col, row = _cell(square, flipped, layout)
    return _MARGIN + col * SQUARE_SIZE, _MARGIN + row * SQUARE_SIZE


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _real(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number, not {type(value).__name__}")
    x = float(value)
    if not math.isfinite(x):
        raise ValueError(f"{what} must be finite, not {value!r}")
    return x


def _game(value: object) -> Optional[_Game]:
    """The game named ``value`` (one of ``GAMES``), or ``None`` for ``None``."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"game must be a str or None, not {type(value).__name__}")
    if value not in _BY_NAME:
        raise ValueError(f"game must be one of {', '.join(map(repr, GAMES))}, not {value[:40]!r}")
    return _BY_NAME[value]


def _symbol(value: object, game: Optional[_Game] = None) -> Tuple[str, _Game]:
    """The FEN symbol of a piece given as a ``Piece`` of one of the games
    (which decides the game) or a symbol string of ``game`` (default:
    Tamerlane's TFEN), and its game."""
    for kind, of in ((Piece, _TAMERLANE), (ChessPiece, _CHESS), (MakrukPiece, _MAKRUK)):
        if isinstance(value, kind):
            if game is not None and game is not of:
                raise ValueError(f"game={game.name!r}, but the piece is a {of.title} piece")
            return value.symbol(), of
    game = game or _TAMERLANE
    if not isinstance(value, str):
        raise TypeError(
            "a piece must be a Piece (tamerlane, tamerlane.chess or tamerlane.makruk) or a symbol such as 'K' "
            f"or 'pr', not {type(value).__name__}"
        )
    try:
        if game is _TAMERLANE:
            return Piece.from_symbol(value).symbol(), game
        if game.figures.get(value.upper()) is not None and len(value) == 1:
            return value, game
        raise ValueError(value)
    except ValueError:
        shown = repr(value) if len(value) <= 20 else repr(value[:20]) + "..."
        what = "a piece symbol" if game is _TAMERLANE else f"a {game.title} piece symbol"
        raise ValueError(f"{shown} is not {what} ({game.letters}; lower case for Black)") from None


def _style(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"style must be a str, not {type(value).__name__}")
    if value not in STYLES:
        raise ValueError(f"style must be one of {', '.join(map(repr, STYLES))}, not {value[:40]!r}")
    return value


def _letter_disc(symbol: str, royals: str) -> str:
    """The lettered-disc glyph of ``symbol`` in the 45x45 box; the letters
    of ``royals`` get a gold ring."""
    white = symbol[0].isupper()
    fill, ink = ("#fbfbf8", "#1b1b1b") if white else ("#26262b", "#f5f5f5")
    letter = symbol[-1].upper()
    if len(symbol) == 2:  # a pawn: rounded square, small "p" and the kind letter
        return (
            f'<rect x="8.5" y="8.5" width="28" height="28" rx="4.5" fill="{fill}" '
            'stroke="#1b1b1b" stroke-width="1.4"/>'
            f'<text x="22.5" y="27.5" text-anchor="middle" {_FONT} fill="{ink}">'
            f'<tspan font-size="10">p</tspan><tspan font-size="14.5" font-weight="bold">{letter}</tspan></text>'
        )
    ring = (
        '<circle cx="22.5" cy="22.5" r="16.2" fill="none" stroke="#d4a017" stroke-width="2.7"/>'
        if letter in royals
        else ""
    )
    return (
        f'<circle cx="22.5" cy="22.5" r="19" fill="{fill}" stroke="#1b1b1b" stroke-width="1.4"/>{ring}'
        f'<text x="22.5" y="29.3" text-anchor="middle" {_FONT} font-weight="bold" font-size="19" '
        f'fill="{ink}">{letter}</text>'
    )


def piece_glyph(
    symbol: Union[str, AnyPiece],
    x: float = 0.0,
    y: float = 0.0,
    size: float = SQUARE_SIZE,
    style: str = "figures",
    *,
    game: Optional[str] = None,
) -> str:
    """The SVG fragment (a ``<g>`` element) of one piece, given as a
    ``Piece`` (of ``tamerlane``, ``tamerlane.chess`` or ``tamerlane.makruk``)
    or its symbol: a TFEN symbol (``"K"``, ``"g"``, ``"PR"``, ``"pp"``, ...)
    or, with ``game="chess"`` or ``"makruk"``, that game's FEN letter
    (``"Q"``, ``"m"``, ...); drawn in the ``size``-wide square whose
    top-left corner is ``(x, y)``, as a figurine (``style="figures"``) or a
    lettered disc (``style="letters"``). A symbol that is not a piece of the
    game gives ``ValueError``, as does a ``game`` that is not the piece's.

    >>> piece_glyph("PR").startswith('<g class="piece PR"')
    True
    >>> piece_glyph("q", game="chess").startswith('<g class="piece q"')
    True
    """
    sym, of = _symbol(symbol, _game(game))
    style = _style(style)
    x, y = _real(x, "x"), _real(y, "y")
    size = _real(size, "size")
    if size <= 0:
        raise ValueError(f"size must be positive, not {size!r}")
    if style == "letters":
        body = _letter_disc(sym, of.royals)
    else:
        body = piece_figure(of.figures.get(sym.upper(), sym.upper()), sym[0].isupper())
    scale = size / FIGURE_BOX
    transform = f"translate({x:g},{y:g})" + (f" scale({scale:g})" if scale != 1 else "")
    return f'<g class="piece {sym}" transform="{transform}">{body}</g>'


def piece(
    symbol: Union[str, AnyPiece],
    size: Optional[int] = SQUARE_SIZE,
    style: str = "figures",
    *,
    game: Optional[str] = None,
) -> str:
    """A standalone SVG image of one piece (a ``Piece`` or a symbol, read
    as in ``piece_glyph``), ``size`` pixels wide (``None``: just a viewBox).

    >>> piece("g", size=90).startswith("<svg")
    True
    >>> from tamerlane import makruk
    >>> piece("S", game="makruk") == piece(makruk.Piece.from_symbol("S"))
    True
    """
    glyph = piece_glyph(symbol, style=style, game=game)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {SQUARE_SIZE} {SQUARE_SIZE}"'
        f"{_dimensions(size, 1.0)}>{glyph}</svg>"
    )


def _dimensions(size: object, aspect: float) -> str:
    """The ``width``/``height`` attributes for ``size`` pixels wide."""
    if size is None:
        return ""
    if not isinstance(size, int) or isinstance(size, bool):
        raise TypeError(f"size must be an int or None, not {type(size).__name__}")
    if not 0 < size <= _MAX_SIZE:
        shown = repr(size) if size < 10**12 else "a huge int"
        raise ValueError(f"size must be an int from 1 to {_MAX_SIZE}, not {shown}")
    return f' width="{size}" height="{round(size * aspect)}"'


_Arrow = Tuple[int, int, str]
"""An arrow drawn: tail and head squares of the board drawn, colour."""


def _move_squares(value: object, game: _Game, what: str) -> Optional[Tuple[int, int]]:
    """The origin and target of ``value`` if it is a move of ``game``'s
    board (``None`` if it is no move at all); a move of the other board
    size is a ``TypeError`` naming ``what``."""
    if game is _TAMERLANE:
        return (value.from_square, value.to_square) if isinstance(value, Move) else None
    if isinstance(value, Move):
        raise TypeError(f"{what}: a tamerlane.Move is a move of the Tamerlane board, not of a {game.title} board")
    if isinstance(value, (ChessMove, MakrukMove)):
        return value.from_square, value.to_square
    if callable(getattr(value, "uci", None)) and hasattr(value, "from_square") and hasattr(value, "to_square"):
        # A python-chess Move (its squares are those of the 8x8 board).
        return _square8(getattr(value, "from_square"), what), _square8(getattr(value, "to_square"), what)
    return None


def _to_arrow(value: object, where: str, game: _Game = _TAMERLANE) -> _Arrow:
    """``value`` (``arrows`` item ``where``) as an arrow on ``game``'s board;
    errors name ``where``."""
    if isinstance(value, Arrow):
        if game is _TAMERLANE:
            return value.tail, value.head, value.color
        tail, head = value._given
        return _square8(tail, f"{where}: arrow tail"), _square8(head, f"{where}: arrow head"), value.color
    squares = _move_squares(value, game, where)
    if squares is not None:
        return squares[0], squares[1], "green"
    if isinstance(value, (tuple, list)) and len(value) in (2, 3):
        try:
            if game is _TAMERLANE:
                arrow = Arrow(*value)
                return arrow.tail, arrow.head, arrow.color
            tail, head = _square8(value[0], "arrow tail"), _square8(value[1], "arrow head")
            return tail, head, _arrow_color(value[2]) if len(value) == 3 else "green"
        except TypeError as e:
            raise TypeError(f"{where}: {e}") from None
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
    raise TypeError(
        f"{where}: an arrow must be an Arrow, a Move or a (tail, head[, color]) tuple or list, "
        f"not {type(value).__name__}" + (f" of length {len(value)}" if isinstance(value, (tuple, list)) else "")
    )


def _squares(value: object, what: str, game: _Game = _TAMERLANE) -> List[int]:
    """A square or an iterable of squares of ``game``'s board, as a list of indices."""
    if isinstance(value, str) or (hasattr(value, "__index__") and not isinstance(value, bool)):
        return [game.square(value, what)]
    if isinstance(value, (bytes, bool)) or not isinstance(value, abc.Iterable):
        raise TypeError(f"{what} must be a square or an iterable of squares, not {type(value).__name__}")
    return [game.square(v, what) for v in value]


def _placement(pieces: Mapping[int, Piece]) -> str:
    """The TFEN placement field of a piece map."""
    ranks = []
    for rank in range(9, -1, -1):
        text, empty = "", 0
        for sq in range(rank * 11, rank * 11 + 11):
            p = pieces.get(sq)
            if p is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + p.symbol()
            empty = 0
        text += str(empty) if empty else ""
        if rank == 8 and 111 in pieces:
            text = f"({pieces[111].symbol()})" + text
        if rank == 1 and 110 in pieces:
            text += f"({pieces[110].symbol()})"
        ranks.append(text)
    return "/".join(ranks)


def _checked_royals(position: Board) -> List[int]:
    """The squares of the royals of the side to move that are attacked.

    The native module tells only whether some royal is attacked
    (``is_check``). With several royals, each one is tested alone: in a copy
    of the position the side's other royals become Ferzes (they still block
    lines; one on a citadel blocks nothing and is left out), so
    ``is_check`` of that copy is about this royal only.
    """
    if not position.is_check():
        return []
    royals = sorted(sq for role in _ROYALS for sq in position.pieces(role, position.turn))
    if len(royals) == 1:
        return royals
    fields = position.tfen().split(" ")
    fields[2] = "-"  # the swap right needs a King, which may be replaced
    pieces = position.piece_map()
    ferz = Piece(position.turn, Role.FERZ)
    attacked = []
    for royal in royals:
        alone = {sq: p for sq, p in pieces.items() if sq not in royals or sq == royal}
        alone.update({sq: ferz for sq in royals if sq != royal and sq < 110})
        if Board(" ".join([_placement(alone)] + fields[1:]), rules=position.rules).is_check():
            attacked.append(royal)
    return attacked


def _check_squares(value: object, position: Optional[AnyBoard], game: _Game) -> List[int]:
    if isinstance(value, bool):
        raise TypeError('check must be "auto", None, a square or squares, not bool')
    if value is None:
        return []
    if isinstance(value, str) and value == "auto":
        if isinstance(position, Board):
            return _checked_royals(position)
        if position is not None and position.is_check():  # chess, Makruk: the one King
            return position.royals(position.turn)
        return []
    return _squares(value, "check", game)


def _colors(value: object) -> Dict[str, str]:
    colors = dict(DEFAULT_COLORS)
    if value is None:
        return colors
    if not isinstance(value, Mapping):
        raise TypeError(f"colors must be a dict of colour names to colours, not {type(value).__name__}")
    for name, color in value.items():
        if name not in DEFAULT_COLORS:
            raise ValueError(f"colors: unknown name {str(name)[:40]!r} (known: {', '.join(DEFAULT_COLORS)})")
        colors[name] = _css_color(color, f"colors[{name!r}]")
    return colors


def _fills(value: object, game: _Game) -> Dict[int, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TypeError(f"fill must be a dict of squares to colours, not {type(value).__name__}")
    return {game.square(sq, "fill"): _css_color(color, f"fill[{sq!r}]") for sq, color in value.items()}


def _orientation(orientation: object, flipped: object) -> bool:
    """Whether Black is at the bottom."""
    if not isinstance(flipped, bool):
        raise TypeError(f"flipped must be a bool, not {type(flipped).__name__}")
    if isinstance(orientation, Color):
        black = orientation == Color.BLACK
    elif isinstance(orientation, bool):  # python-chess's WHITE is True
        black = not orientation
    else:
        raise TypeError(
            f"orientation must be a Color (tamerlane.WHITE or tamerlane.BLACK), not {type(orientation).__name__}"
        )
    return black != flipped


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be a bool, not {type(value).__name__}")
    return value


def _is_dark(square: int, layout: _Layout = _TAMERLANE_LAYOUT) -> bool:
    """Dark squares of the checkered board: a1 is dark, as in chess."""
    return (square % layout.files + square // layout.files) % 2 == 0


def _arrow_svg(arrow: _Arrow, flipped: bool, colors: Mapping[str, str], layout: _Layout) -> str:
    tail_square, head_square, name = arrow
    color = colors.get(f"arrow {name}", name)
    h = SQUARE_SIZE / 2
    ax, ay = _xy(tail_square, flipped, layout)
    bx, by = _xy(head_square, flipped, layout)
    x1, y1, x2, y2 = ax + h, ay + h, bx + h, by + h
    if tail_square == head_square:
        return (
            f'<circle class="arrow" cx="{x1:g}" cy="{y1:g}" r="{SQUARE_SIZE * 0.42:g}" fill="none"'
            f'{_paint("stroke", color)} stroke-width="{SQUARE_SIZE * 0.09:g}"/>'
        )
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tip_x, tip_y = x2 - ux * SQUARE_SIZE * 0.12, y2 - uy * SQUARE_SIZE * 0.12
    head = SQUARE_SIZE * 0.42
    hx, hy = tip_x - ux * head, tip_y - uy * head
    px, py = -uy * SQUARE_SIZE * 0.3, ux * SQUARE_SIZE * 0.3
    return (
        f'<g class="arrow"{_paint("fill", color)}>'
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{hx + ux:.1f}" y2="{hy + uy:.1f}"{_paint("stroke", color)} '
        f'stroke-width="{SQUARE_SIZE * 0.17:g}" stroke-linecap="butt"/>'
        f'<polygon points="{tip_x:.1f},{tip_y:.1f} {hx + px:.1f},{hy + py:.1f} {hx - px:.1f},{hy - py:.1f}"/></g>'
    )


def _board_game(value: object) -> _Game:
    """The game of a board argument (``None``: an empty Tamerlane board)."""
    if value is None or isinstance(value, Board):
        return _TAMERLANE
    if isinstance(value, ChessBoard):
        return _CHESS
    if isinstance(value, MakrukBoard):
        return _MAKRUK
    raise TypeError(
        f"board must be a tamerlane.Board, tamerlane.chess.Board or tamerlane.makruk.Board, not {type(value).__name__}"
    )


def board(
    board: Optional[AnyBoard] = None,
    *,
    orientation: Union[Color, bool] = Color.WHITE,
    lastmove: Optional[MoveLike] = None,
    check: Union[str, SquareLike, Iterable[SquareLike], None] = "auto",
    arrows: Iterable[ArrowLike] = (),
    fill: Optional[Mapping[SquareLike, str]] = None,
    squares: Iterable[SquareLike] = (),
    colors: Optional[Mapping[str, str]] = None,
    style: str = "figures",
    checkered: bool = False,
    flipped: bool = False,
    size: Optional[int] = 520,
    coordinates: bool = True,
) -> str:
    """An SVG image (a string) of ``board``: a ``tamerlane.Board`` (the
    11x10 board and its citadels), a ``tamerlane.chess.Board`` or a
    ``tamerlane.makruk.Board`` (the 8x8 board), in one style.

    :param board: the position (``None``: an empty Tamerlane board).
    :param orientation: the side at the bottom (``tamerlane.WHITE`` or
        ``tamerlane.BLACK``, or python-chess's ``True``/``False``).
    :param lastmove: a move whose origin and target squares are highlighted
        (a ``Move`` of the board's game, or a python-chess ``Move`` on an
        8x8 board).
    :param check: ``"auto"`` marks the attacked royals of the side to move
        with a red glow; ``None`` marks nothing; a square or several squares
        are marked as given.
    :param arrows: ``Arrow``s, moves or ``(tail, head)`` /
        ``(tail, head, color)`` tuples or lists, drawn as arrows.
    :param fill: a colour for some squares, e.g. ``{"f3": "#ff000080"}``.
    :param squares: squares marked with a cross.
    :param colors: overrides of ``DEFAULT_COLORS``, e.g.
        ``{"square light": "#ffffff"}``.
    :param style: ``"figures"`` (figurines) or ``"letters"`` (lettered discs).
    :param checkered: light and dark squares (the Tamerlane board of the
        rules is uncoloured: one colour with grid lines; so is the default
        drawing of every board).
    :param flipped: turn the board around (on top of ``orientation``).
    :param size: width in pixels (``None``: no fixed size, just a viewBox).
    :param coordinates: label files, ranks and citadels.

    Squares are those of the board drawn: on the Tamerlane board ints 0 to
    111 or names (``"f3"``, ``"wc"``); on an 8x8 board ints 0 (a1) to 63
    (h8), python-chess's numbers, or names ``"a1"`` to ``"h8"``. Bad
    arguments give ``TypeError`` or ``ValueError`` naming them.
    """
    game = _board_game(board)
    layout = game.layout
    width = 2 * _MARGIN + layout.cols * SQUARE_SIZE
    height = 2 * _MARGIN + layout.ranks * SQUARE_SIZE
    dims = _dimensions(size, height / width)
    flip = _orientation(orientation, flipped)
    coordinates = _flag(coordinates, "coordinates")
    checkered = _flag(checkered, "checkered")
    style = _style(style)
    palette = _colors(colors)
    fills = _fills(fill, game)
    marked = _squares(squares, "squares", game)
    if isinstance(arrows, (str, bytes)) or not isinstance(arrows, abc.Iterable):
        raise TypeError(
            f"arrows must be an iterable of arrows, moves or (tail, head) pairs, not {type(arrows).__name__}"
        )
    arrow_list = [_to_arrow(a, f"arrows[{i}]", game) for i, a in enumerate(arrows)]
    highlight = set()
    if lastmove is not None:
        last = _move_squares(lastmove, game, "lastmove")
        if last is None:
            kind = "Move" if game is _TAMERLANE else f"{game.title} Move (or a python-chess Move)"
            raise TypeError(f"lastmove must be a {kind}, not {type(lastmove).__name__}")
        highlight = set(last)
    checked = _check_squares(check, board, game)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width} {height}"{dims}>',
    ]
    check_id = "tamerlane-check-" + re.sub(r"[^0-9A-Za-z]", "_", palette["check"])
    if checked:
        out.append(
            f'<defs><radialGradient id="{check_id}" r="0.5">'
            f'<stop offset="0%" stop-color="{palette["check"]}" stop-opacity="1"/>'
            f'<stop offset="45%" stop-color="{palette["check"]}" stop-opacity="0.75"/>'
            f'<stop offset="100%" stop-color="{palette["check"]}" stop-opacity="0"/>'
            "</radialGradient></defs>"
        )
    out.append(f'<rect x="0" y="0" width="{width}" height="{height}"{_paint("fill", palette["margin"])}/>')
    # The frame around the board and each square outside it (the citadels).
    bx, by = _MARGIN + layout.offset * SQUARE_SIZE, _MARGIN
    out.append(
        f'<rect x="{bx - 1.5}" y="{by - 1.5}" width="{layout.files * SQUARE_SIZE + 3}" '
        f'height="{layout.ranks * SQUARE_SIZE + 3}"{_paint("fill", palette["border"])}/>'
    )
    for sq in layout.outside:
        x, y = _xy(sq, flip, layout)
        out.append(
            f'<rect x="{x - 1.5}" y="{y - 1.5}" width="{SQUARE_SIZE + 3}" height="{SQUARE_SIZE + 3}"'
            f'{_paint("fill", palette["border"])}/>'
        )
    grid = "" if checkered else f'{_paint("stroke", palette["grid"])} stroke-width="1"'
    for sq in range(layout.squares):
        x, y = _xy(sq, flip, layout)
        outside = sq in layout.outside
        if outside:
            key = "citadel"
        elif checkered and _is_dark(sq, layout):
            key = "square dark"
        else:
            key = "square light"
        if sq in highlight:
            key = "citadel lastmove" if outside else key + " lastmove"
        out.append(
            f'<rect class="square{" citadel" if outside else ""}" x="{x}" y="{y}" '
            f'width="{SQUARE_SIZE}" height="{SQUARE_SIZE}"{_paint("fill", palette[key])}{grid}/>'
        )
        if sq in fills:
            out.append(
                f'<rect x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}"{_paint("fill", fills[sq])}/>'
            )
    for sq in checked:
        x, y = _xy(sq, flip, layout)
        out.append(
            f'<rect class="check" x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" '
            f'fill="url(#{check_id})"/>'
        )
    if coordinates:
        out.extend(_coordinates(flip, palette["coord"], height, layout))
    if board is not None:
        pieces: Mapping[int, AnyPiece] = board.piece_map()
        for sq, p in sorted(pieces.items()):
            x, y = _xy(sq, flip, layout)
            out.append(piece_glyph(p.symbol(), x, y, style=style, game=game.name))
    for sq in marked:
        x, y = _xy(sq, flip, layout)
        a, b = SQUARE_SIZE * 0.2, SQUARE_SIZE * 0.8
        out.append(
            f'<path class="mark" d="M{x + a:g},{y + a:g} L{x + b:g},{y + b:g} '
            f'M{x + b:g},{y + a:g} L{x + a:g},{y + b:g}" fill="none"{_paint("stroke", palette["mark"])} '
            f'stroke-width="{SQUARE_SIZE * 0.1:g}" stroke-linecap="round"/>'
        )
    for arrow in arrow_list:
        out.append(_arrow_svg(arrow, flip, palette, layout))
    out.append("</svg>")
    return "".join(out)


def _coordinates(flip: bool, color: str, height: int, layout: _Layout = _TAMERLANE_LAYOUT) -> List[str]:
    """File letters below the board; rank numbers on both sides, next to the
    board (on Tamerlane's board in the citadel columns, on each side, not on
    the citadel's own row); each citadel's name just outside its square
    (above or below it, away from the board's middle, on the outer side), so
    a piece on the citadel never hides it."""
    font = f'class="coord" {_FONT} font-size="12"{_paint("fill", color)}'
    out = []
    for f in range(layout.files):
        x, _ = _xy(f, flip, layout)
        out.append(
            f'<text x="{x + SQUARE_SIZE / 2:g}" y="{height - 5}" text-anchor="middle" {font}>{"abcdefghijk"[f]}</text>'
        )
    outside_cells = {_cell(sq, flip, layout) for sq in layout.outside}
    left_col, right_col = layout.offset - 1, layout.offset + layout.files
    for r in range(layout.ranks):
        _, y = _xy(r * layout.files, flip, layout)
        row = _cell(r * layout.files, flip, layout)[1]
        if (left_col, row) not in outside_cells:
            left = _MARGIN + layout.offset * SQUARE_SIZE - 6
            out.append(f'<text x="{left}" y="{y + SQUARE_SIZE / 2 + 4:g}" text-anchor="end" {font}>{r + 1}</text>')
        if (right_col, row) not in outside_cells:
            right = _MARGIN + right_col * SQUARE_SIZE + 6
            out.append(f'<text x="{right}" y="{y + SQUARE_SIZE / 2 + 4:g}" text-anchor="start" {font}>{r + 1}</text>')
    for sq, name in layout.names.items():
        x, y = _xy(sq, flip, layout)
        col, row = _cell(sq, flip, layout)
        ty = y + SQUARE_SIZE + 14 if row >= layout.ranks // 2 else y - 6
        tx, anchor = (x + 1, "start") if col == 0 else (x + SQUARE_SIZE - 1, "end")
        out.append(f'<text x="{tx:g}" y="{ty:g}" text-anchor="{anchor}" {font}>{name}</text>')
    return out

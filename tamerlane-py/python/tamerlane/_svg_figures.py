"""The figurine piece set of ``tamerlane.svg``: one outlined drawing per
piece kind in a 45x45 box (White light with a dark outline, Black dark),
and pawns as one pawn figure carrying the letter of its kind; plus the
three figures chess and Makruk need beyond Tamerlane's (queen, bishop, a
pawn without a letter).

Every drawing here is original to this project. A drawing is a template:
``{f}`` is the body colour, ``{o}`` the outline and ``{d}`` the colour of
the details drawn inside a body (dark on White's pieces, light on Black's).
"""

from __future__ import annotations

from typing import Dict

BOX = 45
"""Side of the square every figure is drawn in, in its own units."""

WHITE_COLORS = {"f": "#ffffff", "o": "#000000", "d": "#000000"}
BLACK_COLORS = {"f": "#1c1c1c", "o": "#000000", "d": "#ececec"}

# A detail line inside a body, and a small solid dot (an eye).
_LINE = 'fill="none" stroke="{d}"'
_DOT = 'fill="{d}" stroke="none"'

# The plinth most pieces stand on.
_BASE = '<path d="M9.5,39.5 H35.5 V37.5 C35.5,35.8 34.5,34.5 32.5,34.5 H12.5 C10.5,34.5 9.5,35.8 9.5,37.5 Z"/>'

# The three royals share a flared robe and a crown band; their crowns differ.
_ROBE = (
    '<path d="M12.5,34.5 C13,29 16,25.5 17,20.5 H28 C29,25.5 32,29 32.5,34.5 Z"/>'
    f'<path d="M16,29.5 H29" {_LINE}/>'
)



def _legs(path: str) -> str:
    """Thin outlined legs: a wide outline stroke with the body colour inside."""
    return (
        f'<path d="{path}" fill="none" stroke-width="4"/>'
        f'<path d="{path}" fill="none" stroke="{{f}}" stroke-width="1.3"/>'
    )


_FIGURES: Dict[str, str] = {
    # King: a pointed crown topped by a cross.
    "K": _BASE
    + _ROBE
    + '<path d="M16,21 L13,10.5 L18.5,14.5 L22.5,8.5 L26.5,14.5 L32,10.5 L29,21 Z"/>'
    + '<path d="M21.3,1.5 H23.7 V3.3 H25.5 V5.7 H23.7 V8.5 H21.3 V5.7 H19.5 V3.3 H21.3 Z"/>'
    + f'<path d="M16.2,18 H28.8" {_LINE}/>',
    # Prince: a lower crown whose three points carry balls.
    "S": _BASE
    + _ROBE
    + '<path d="M16,21 L14,13 L19,16.5 L22.5,11 L26,16.5 L31,13 L29,21 Z"/>'
    + '<circle cx="14" cy="11.3" r="2"/><circle cx="22.5" cy="8.8" r="2.3"/><circle cx="31" cy="11.3" r="2"/>'
    + f'<path d="M16.2,18.3 H28.8" {_LINE}/>',
    # Adventitious King: a round-topped crown with a star.
    "A": _BASE
    + _ROBE
    + '<path d="M16,21 C14,17 14,13.5 16.5,12.5 C18.5,14.5 20,14.5 22.5,12'
    ' C25,14.5 26.5,14.5 28.5,12.5 C31,13.5 31,17 29,21 Z"/>'
    + '<path d="M22.5,1.8 L24,6 L28.4,6.1 L24.9,8.8 L26.2,13 L22.5,10.5 L18.8,13 L20.1,8.8 L16.6,6.1 L21,6 Z"/>'
    + f'<path d="M16.2,18.3 H28.8" {_LINE}/>',
    # Ferz (one step diagonally): a counsellor in a turban, an X on his robe.
    "F": _BASE
    + '<path d="M13,34.5 C13.5,28 16.5,24 18,20 H27 C28.5,24 31.5,28 32,34.5 Z"/>'
    + '<path d="M15.5,20.5 C13.5,14 17,8.5 22.5,8.5 C28,8.5 31.5,14 29.5,20.5 Z"/>'
    + '<circle cx="22.5" cy="6.3" r="2.4"/>'
    + f'<path d="M17,13.5 C20,15.5 25,15.5 28,13.5 M16.3,17.3 C20,19 25,19 28.7,17.3" {_LINE}/>'
    + f'<path d="M19.3,24.5 L25.7,31 M25.7,24.5 L19.3,31" {_LINE} stroke-width="2"/>',
    # Vizier (one step orthogonally): a tall hat with a tassel, a + on his robe.
    "V": _BASE
    + '<path d="M13,34.5 C13.5,28 16.5,24 18,20 H27 C28.5,24 31.5,28 32,34.5 Z"/>'
    + '<path d="M15,20.5 H30 L28,6.5 H17 Z"/>'
    + '<path d="M28,7 C31.5,8 32.5,11 32,14.5" fill="none"/>'
    + '<circle cx="32" cy="15.8" r="1.6"/>'
    + f'<path d="M15.7,17 H29.3" {_LINE}/>'
    + f'<path d="M22.5,23.5 V31.5 M18.5,27.5 H26.5" {_LINE} stroke-width="2"/>',
    # Rook: a tower with three merlons and a gate.
    "R": _BASE
    + '<path d="M14,34.5 L15.5,16 H29.5 L31,34.5 Z"/>'
    + '<path d="M12.5,16.5 V8 H17 V11 H20.3 V8 H24.7 V11 H28 V8 H32.5 V16.5 Z"/>'
    + f'<path d="M19.5,34.5 V29.5 C19.5,26 25.5,26 25.5,29.5 V34.5 M16,20.5 H29" {_LINE}/>',
    # Knight: a horse's head.
    "N": _BASE
    + '<path d="M13,34.5 C13.5,30 16,27.5 18.5,25.2 C16.3,25.7 13.8,26.3 11.5,25.8 C9.3,25.3 8.5,23.2 9.8,21.3'
    ' C12,17.5 15.5,13.5 19,11 L21,6 L23.8,9.6 C30,10.5 33,16 33,24 C33,28 32.5,31.5 32,34.5 Z"/>'
    + f'<circle cx="19.6" cy="15.6" r="1.3" {_DOT}/>'
    + f'<circle cx="12" cy="22.6" r="0.9" {_DOT}/>'
    + f'<path d="M27,12.5 C30.5,16.5 31,23 30,31" {_LINE}/>',
    # Elephant: side view, trunk down, a big ear and a tusk.
    "E": '<rect x="15.5" y="28" width="5" height="11.5" rx="1.2"/>'
    + '<rect x="29" y="28" width="5" height="11.5" rx="1.2"/>'
    + '<path d="M36,30.5 C37.5,22 36,13 27,11.5 C23,11 19,11.5 16,13 C12.5,14.5 10.5,17.5 10.2,21.5'
    ' C10,26 8.5,30 6.5,33 C6,34 6.8,35.3 8,34.7 C10.8,32 12.6,28 13.3,25.5'
    ' C14,27.5 14.5,29.5 15.3,31.3 C22,32.8 29,32.8 36,30.5 Z"/>'
    + f'<path d="M19,14 C16,17 16.5,24 20,27 C23.5,27.5 26,24 25.5,18 C25,15 22,13.5 19,14 Z" {_LINE}/>'
    + f'<circle cx="13.8" cy="18.3" r="1.1" {_DOT}/>'
    + '<path d="M13.3,24.3 C12.5,26.5 11,27.8 8.8,28 C10.5,29.4 13.7,28.7 15,26.5 Z"'
    ' fill="#f4efe0" stroke-width="1.1"/>',
    # Camel: side view with one hump and a long neck.
    "C": _legs("M15,28.5 L14,38.5 M18.5,29 L18.8,38.5 M28.5,29 L28,38.5 M32,27.5 L33.5,38.5")
    + '<path d="M13.5,29.5 C12,25 12.5,20.5 14,18 C12,15 10,12 8.7,10.5 C7.5,10.5 6,10 5.5,9'
    ' C5.5,7.5 7,6.3 9,6.3 C11,6.3 12.7,7.6 13.5,9.2 C15.3,12 17.5,15.5 19.5,16.5'
    ' C21.5,9.5 29,9 31.5,15.5 C34,16.5 36,19.5 36,23 C36,26.5 34.5,29.5 32,30'
    ' C26,31 19.5,31 13.5,29.5 Z"/>'
    + '<path d="M35.9,21.5 C37.6,23.5 38,26.5 37.2,29" fill="none"/>'
    + f'<circle cx="9.3" cy="8.3" r="0.9" {_DOT}/>'
    + f'<path d="M20,24 C24.5,25.5 29,25 32.5,23" {_LINE}/>',
    # Dabbaba: a siege engine on wheels with a battering ram.
    "D": '<path d="M13,31.5 V17.5 L22.5,9 L32,17.5 V31.5 Z"/>'
    + '<path d="M4.5,22 H14.5 V26 H4.5 Z"/>'
    + '<path d="M3,20.5 H6.5 V27.5 H3 Z"/>'
    + '<path d="M10.5,31 H34.5 V35 H10.5 Z"/>'
    + '<circle cx="16" cy="36" r="3.6"/><circle cx="29" cy="36" r="3.6"/>'
    + f'<circle cx="16" cy="36" r="0.9" {_DOT}/><circle cx="29" cy="36" r="0.9" {_DOT}/>'
    + f'<path d="M13,17.5 H32 M17,17.5 V31 M22.5,17.5 V31 M28,17.5 V31" {_LINE}/>',
    # Talia (the long diagonal mover, like a bishop): a mitre with a slit.
    "T": _BASE
    + '<path d="M14,34.5 C15,31 17.5,29.5 17.5,27 H27.5 C27.5,29.5 30,31 31,34.5 Z"/>'
    + '<path d="M17,27.5 C12.5,23.5 12.5,17 22.5,8.5 C32.5,17 32.5,23.5 28,27.5 Z"/>'
    + '<circle cx="22.5" cy="6.2" r="2.4"/>'
    + f'<path d="M19.2,21.5 L26.5,14.2 M17.5,27.5 H27.5" {_LINE} stroke-width="1.8"/>',
    # Giraffe: side view, very long neck, spots.
    "G": _legs("M19,30 L18,38.5 M21.5,30.5 L22,38.5 M31.5,30 L31,38.5 M34.5,29 L36,38.5")
    + '<path d="M17,31.5 C16.3,27 17,23.5 18.5,21.5 L12.5,9.8 C10.5,10.2 8.5,9.8 8,8.5'
    ' C7.8,7 9.3,5.5 11.5,5.2 C13.5,4.9 15.3,5.6 15.9,7 L23.5,21 C28,20 33,20.5 36,23'
    ' C37.8,24.8 37.8,28.5 36.3,31 C31,32.5 22,32.5 17,31.5 Z"/>'
    + '<path d="M12.7,5.3 L12.4,2.6 M14.8,5.6 L15.2,3" fill="none"/>'
    + f'<circle cx="11.8" cy="7.3" r="0.85" {_DOT}/>'
    + f'<circle cx="16.5" cy="12.5" r="1.2" {_DOT}/><circle cx="19" cy="17.5" r="1.2" {_DOT}/>'
    + f'<circle cx="24.5" cy="25" r="1.6" {_DOT}/><circle cx="29.5" cy="27" r="1.6" {_DOT}/>'
    + f'<circle cx="33.5" cy="24.8" r="1.3" {_DOT}/><circle cx="21" cy="27.5" r="1.3" {_DOT}/>',
}

# The pawn: a ball on a broad body that carries its kind's letter.
_PAWN_BODY = (
    _BASE + '<path d="M11.5,34.5 C11.5,27 15,22.5 18.5,20.5 H26.5 C30,22.5 33.5,27 33.5,34.5 Z"/>'
    '<path d="M16,21 H29 V18 H16 Z"/>'
)
_PAWN_HEAD = '<circle cx="22.5" cy="12.5" r="5.5"/>'

# The figures of the 8x8 games (chess, Makruk) that Tamerlane has no piece
# for, under keys that are no TFEN token. Their King, Rook, Knight (and
# Makruk's Met and Khon) are the Tamerlane figures above (``tamerlane.svg``
# maps each game's letters to these keys).
_FIGURES.update(
    {
        # Queen: the royal robe under a wide coronet of five points, each
        # tipped with a ball, and a jewel on the robe.
        "Q": _BASE
        + _ROBE
        + '<path d="M16,21 L9.5,10.5 L14.5,15.5 L16.5,8 L19.8,14.5 L22.5,6.5 L25.2,14.5 L28.5,8'
        ' L30.5,15.5 L35.5,10.5 L29,21 Z"/>'
        + '<circle cx="9.5" cy="9.3" r="1.9"/><circle cx="16.5" cy="6.6" r="1.9"/>'
        '<circle cx="22.5" cy="4.8" r="2.1"/><circle cx="28.5" cy="6.6" r="1.9"/>'
        '<circle cx="35.5" cy="9.3" r="1.9"/>'
        + f'<path d="M16.2,18.3 H28.8" {_LINE}/>'
        + f'<circle cx="22.5" cy="25" r="1.5" {_DOT}/>',
        # Bishop: a cleric in a two-horned mitre holding a crosier, a long
        # diagonal stole across his robe (he rides diagonally).
        "B": _BASE
        + _legs("M34,37.5 V12.5 C34,8.8 29.5,8.8 29.5,11.8 C29.5,13.8 31.6,14.2 32.2,12.8")
        + '<path d="M12,34.5 C12.5,28 15.5,24 17,20 H26 C27.5,24 30.5,28 31,34.5 Z"/>'
        + '<path d="M16,20.5 C14.5,15.5 15.8,11 18.2,8.2 L21.5,12.2 L24.8,8.2'
        ' C27.2,11 28.5,15.5 27,20.5 Z"/>'
        + f'<path d="M21.5,12.5 V20.5 M15.8,17.3 H27.2" {_LINE}/>'
        + f'<path d="M16.3,24 L27.8,33.5" {_LINE} stroke-width="2.2"/>',
        # The pawn of chess and Makruk: the Tamerlane pawn without a letter.
        "P": _PAWN_BODY + _PAWN_HEAD,
    }
)
_PAWN_HEADS = {
    # The pawn of kings wears a small crown.
    "K": '<path d="M17,18 L15.5,9 L19.5,12.3 L22.5,7 L25.5,12.3 L29.5,9 L28,18 Z"/>',
    # The pawn of pawns carries a second, smaller pawn head.
    "P": '<circle cx="22.5" cy="13.5" r="4.7"/><circle cx="22.5" cy="6" r="3.2"/>',
}


def _pawn(kind: str) -> str:
    head = _PAWN_HEADS.get(kind, _PAWN_HEAD)
    letter = (
        f'<text x="22.5" y="32.8" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-weight="bold" font-size="11" fill="{{d}}" stroke="none">{kind}</text>'
    )
    return _PAWN_BODY + head + letter


def figure(token: str, white: bool) -> str:
    """The SVG elements of the figure of an upper-case TFEN ``token``
    (``"K"``, ``"PR"``, ...) or of one of the 8x8 games' own figures
    (``"Q"``, ``"B"``, ``"P"``), in the 45x45 box, coloured for its side."""
    colors = WHITE_COLORS if white else BLACK_COLORS
    body = _FIGURES[token] if len(token) == 1 else _pawn(token[1])
    return (
        f'<g fill="{{f}}" stroke="{{o}}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">'
        f"{body}</g>"
    ).format(**colors)

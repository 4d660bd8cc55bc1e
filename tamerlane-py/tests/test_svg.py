"""tamerlane.svg: boards and pieces as SVG.

Coordinates below are derived by hand from the documented layout: squares
are 45 units, the drawing has a 20-unit margin, column 0 is Black's
citadel column, columns 1..11 are files a..k, column 12 is White's citadel
column, row 0 is rank 10. So a1 is at (65, 425), k10 at (515, 20), wc
(right of k2) at (560, 380) and bc (left of a9) at (20, 65); with Black at
the bottom, a1 is at (515, 20), wc at (20, 65) and bc at (560, 380).

The chess and Makruk board is 8x8 in the same margin: column c is file c,
row 0 is rank 8, so a1 is at (20, 335) and h8 at (335, 20); with Black at
the bottom, a1 is at (335, 20) and h8 at (20, 335).
"""

from __future__ import annotations

import hashlib
import importlib.util
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Dict, List, Set, Tuple, Union

import chess as pychess
import chess.svg as pychess_svg
import pytest
from conftest import ENDLESS_RULES, REPO, STARTS

import tamerlane
import tamerlane.svg as svg
from tamerlane import BLACK, WHITE, Board, Move, Piece, Role, chess, makruk
from tamerlane._tamerlane import piece_figure

NS = "{http://www.w3.org/2000/svg}"

# After an engine game, White's knight checks Black's King on f9 from d8.
CHECK_TFEN = (
    "e3d1d3e/r2gvkf4/prpnptNpvpkpf1pc1T/4t2rn1R/n2pg2pe4/11/PP2PE3PG1PR1/"
    "1PD2PFPKPV1PTPN1/1R1GFKVG3/E1C1D1D3E b Kk 00 3 22"
)
# Black's Adventitious King on bc attacks White's King on a9 (a royal on a
# citadel attacks the three squares next to it); White's Adventitious King
# stands on wc.
CITADELS_TFEN = "11/(a)K10/11/11/11/11/11/11/11(A)/10k w - 00 0 1"

A1, K10, WC, BC, F9 = (65, 425), (515, 20), (560, 380), (20, 65), (290, 65)


def parse(text: str) -> ET.Element:
    """The SVG parsed as XML (fails the test if it is not well-formed)."""
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def classed(root: ET.Element, name: str) -> List[ET.Element]:
    """Elements whose class list contains ``name``."""
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def square_fills(root: ET.Element) -> Dict[Tuple[int, int], str]:
    """The fill of each square rectangle, by its top-left corner."""
    return {(int(e.get("x", "")), int(e.get("y", ""))): e.get("fill", "") for e in classed(root, "square")}


def at(root: ET.Element, name: str) -> Set[Tuple[int, int]]:
    """Top-left corners of the ``<rect>``s of class ``name``."""
    return {(int(float(e.get("x", ""))), int(float(e.get("y", "")))) for e in classed(root, name)}


ALL_SYMBOLS = [Piece(c, r).symbol() for c in tamerlane.COLORS for r in Role.all()]


# --- pieces ---------------------------------------------------------------


def test_every_piece_kind_has_its_own_glyph_in_both_styles() -> None:
    assert len(ALL_SYMBOLS) == 46
    for style in svg.STYLES:
        glyphs = [svg.piece_glyph(s, style=style) for s in ALL_SYMBOLS]
        assert len(set(glyphs)) == 46, style
        for symbol, glyph in zip(ALL_SYMBOLS, glyphs):
            root = ET.fromstring(glyph)
            assert root.get("class") == f"piece {symbol}"
            assert len(list(root.iter())) > 2  # something is drawn


def test_figures_are_original_drawings_with_distinct_shapes() -> None:
    """The twelve pieces are twelve different drawings; White's are light
    with a dark outline and Black's dark; the pawns share one figure
    carrying the letter of their kind, except the pawn of kings and the pawn
    of pawns, whose figures differ from it and from each other."""

    def shape(symbol: str) -> str:
        # The drawing without its colours and without the pawn's letter.
        glyph = re.sub(r'(fill|stroke)="#[0-9a-f]{6}"', "", svg.piece_glyph(symbol))
        return re.sub(r"<text.*?</text>", "", glyph).replace(f"piece {symbol}", "")

    pieces = [r.token for r in Role.all() if not r.is_pawn]
    pawns = [r.token for r in Role.all() if r.is_pawn]
    assert len({shape(t) for t in pieces}) == 12
    for token in pieces + pawns:
        assert shape(token) == shape(token.lower())  # same drawing for both sides
        white, black = svg.piece_glyph(token), svg.piece_glyph(token.lower())
        assert 'fill="#ffffff" stroke="#000000"' in white
        assert 'fill="#ffffff"' not in black and 'fill="#1c1c1c"' in black
    plain = {shape(t) for t in pawns if t not in ("PK", "PP")}
    assert len(plain) == 1
    assert len(plain | {shape("PK"), shape("PP")}) == 3
    for token in pawns:
        letters = re.findall(r">([A-Z])</text>", svg.piece_glyph(token))
        assert letters == [token[1]]


def test_piece_figure_gives_the_drawings_and_refuses_other_keys() -> None:
    """The native ``piece_figure`` is what ``piece_glyph`` draws inside its
    group; a key that names no figure is a ``ValueError``, a key or side of
    another type a ``TypeError``."""
    assert svg.piece_glyph("g") == f'<g class="piece g" transform="translate(0,0)">{piece_figure("G", False)}</g>'
    assert svg.piece_glyph("q", game="chess").endswith(piece_figure("Q", False) + "</g>")
    for bad in ["", "X", "k", "pr", "PX", "KK", "pawn", "plinth", "Q" * 10_000]:
        with pytest.raises(ValueError, match="no piece figure"):
            piece_figure(bad, True)
    with pytest.raises(TypeError):
        piece_figure(1, True)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        piece_figure("K", "white")  # type: ignore[arg-type]


def test_letters_style_draws_discs_with_letters() -> None:
    # A glyph is a fragment without a namespace of its own.
    king = ET.fromstring(svg.piece_glyph("K", style="letters"))
    assert [e.text for e in king.iter("text")] == ["K"]
    assert len(list(king.iter("circle"))) == 2  # disc and the royal ring
    rook = ET.fromstring(svg.piece_glyph("r", style="letters"))
    assert len(list(rook.iter("circle"))) == 1
    pawn = ET.fromstring(svg.piece_glyph("pk", style="letters"))
    assert "".join(pawn.itertext()) == "pK"
    assert len(list(pawn.iter("rect"))) == 1
    # The figures have no letters except on pawns.
    assert "<text" not in svg.piece_glyph("K") and "<text" in svg.piece_glyph("PR")


def test_piece_glyph_position_and_size() -> None:
    assert 'transform="translate(10,20)"' in svg.piece_glyph("N", 10, 20)
    assert 'transform="translate(0,0) scale(2)"' in svg.piece_glyph("N", size=90)
    assert svg.piece_glyph(Piece(BLACK, Role.CAMEL)) == svg.piece_glyph("c")


def test_piece_glyph_rejects_what_is_not_a_piece() -> None:
    # Regressions: '' raised IndexError, 'Q' drew a piece that does not exist.
    for bad in ["", "Q", "q", "X", "KK", "Pr", "pR", "PQ", "P", "p", " K", "K\n"]:
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            svg.piece_glyph(bad)
    with pytest.raises(ValueError, match="not a piece symbol"):
        svg.piece_glyph("Z" * 10_000)
    for junk in [None, 3, b"K", ["K"]]:
        with pytest.raises(TypeError, match="piece"):
            svg.piece_glyph(junk)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="style"):
        svg.piece_glyph("K", style="fancy")
    with pytest.raises(TypeError, match="style"):
        svg.piece_glyph("K", style=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size"):
        svg.piece_glyph("K", size=0)
    with pytest.raises(ValueError, match="x"):
        svg.piece_glyph("K", x=float("nan"))
    with pytest.raises(TypeError, match="y"):
        svg.piece_glyph("K", y="3")  # type: ignore[arg-type]


def test_standalone_piece_image() -> None:
    for symbol in ALL_SYMBOLS:
        root = parse(svg.piece(symbol, size=90))
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("90", "90", "0 0 45 45")
    assert parse(svg.piece("K", size=None)).get("width") is None
    with pytest.raises(ValueError, match="size"):
        svg.piece("K", size=0)
    with pytest.raises(ValueError, match="'Q'"):
        svg.piece("Q")


# --- boards ---------------------------------------------------------------


def test_boards_are_valid_xml_and_show_every_piece() -> None:
    rng = random.Random(7)
    for tfen in STARTS + [CHECK_TFEN, CITADELS_TFEN]:
        b = Board(tfen)
        for _ in range(rng.randrange(0, 30)):
            moves = list(b.legal_moves)
            if not moves or b.is_game_over():
                break
            b.push(rng.choice(moves))
        for style in svg.STYLES:
            side = rng.choice([WHITE, BLACK])
            root = parse(svg.board(b, style=style, checkered=rng.random() < 0.5, orientation=side))
            drawn = sorted(e.get("class", "").split()[1] for e in classed(root, "piece"))
            assert drawn == sorted(p.symbol() for p in b.piece_map().values())
        parse(b._repr_svg_())


def test_a_board_with_every_kind_of_both_sides() -> None:
    # One of each of the 23 kinds per side: pieces on ranks 1, 2 (White) and
    # 9, 10 (Black), pawns on ranks 4 and 7; each side has one King.
    white = "KSAFVRNECDT/G10"
    tfen = (
        "gsafvrnecdt/k10/11/pppkprpnptpgpfpvpepcpd/11/11/PPPKPRPNPTPGPFPVPEPCPD/11/"
        + "/".join(reversed(white.split("/")))
        + " w - 00 0 1"
    )
    b = Board(tfen)
    assert len(b.piece_map()) == 46
    root = parse(svg.board(b))
    assert sorted(e.get("class", "").split()[1] for e in classed(root, "piece")) == sorted(ALL_SYMBOLS)


def test_layout_corners_of_squares() -> None:
    root = parse(svg.board(Board(), lastmove=Move("a1", "k10")))
    marked = {xy for xy, fill in square_fills(root).items() if fill == svg.DEFAULT_COLORS["square light lastmove"]}
    assert marked == {A1, K10}
    root = parse(svg.board(None, lastmove=Move("k2", "wc")))
    assert WC in {xy for xy, fill in square_fills(root).items() if fill == svg.DEFAULT_COLORS["citadel lastmove"]}
    assert square_fills(root)[BC] == svg.DEFAULT_COLORS["citadel"]
    assert len(square_fills(root)) == 112


def test_orientation_and_flipped() -> None:
    b = Board(CHECK_TFEN)
    black = svg.board(b, orientation=BLACK)
    assert black == svg.board(b, flipped=True)
    assert black != svg.board(b)
    assert svg.board(b, orientation=BLACK, flipped=True) == svg.board(b)
    assert svg.board(b, orientation=True) == svg.board(b)  # python-chess's WHITE is True
    root = parse(svg.board(None, orientation=BLACK, lastmove=Move("a1", "wc")))
    fills = square_fills(root)
    assert fills[K10] == svg.DEFAULT_COLORS["square light lastmove"]  # a1 is top right
    assert fills[BC] == svg.DEFAULT_COLORS["citadel lastmove"]  # wc is top left
    assert fills[WC] == svg.DEFAULT_COLORS["citadel"]  # bc is bottom right


def test_checkered_board() -> None:
    light, dark = svg.DEFAULT_COLORS["square light"], svg.DEFAULT_COLORS["square dark"]
    plain = square_fills(parse(svg.board(Board())))
    assert list(plain.values()).count(light) == 110 and dark not in plain.values()
    fills = square_fills(parse(svg.board(Board(), checkered=True)))
    assert list(fills.values()).count(dark) == 55 and list(fills.values()).count(light) == 55
    # Dark where file + rank (counted from 0) is even: a1 and k1; k10 is light.
    assert fills[A1] == dark and fills[(A1[0] + 450, A1[1])] == dark and fills[K10] == light
    assert fills[(A1[0] + 45, A1[1])] == light  # b1
    assert fills[WC] == fills[BC] == svg.DEFAULT_COLORS["citadel"]
    # The last move on a dark square takes the dark highlight.
    fills = square_fills(parse(svg.board(Board(), checkered=True, lastmove=Move("a1", "b1"))))
    assert fills[A1] == svg.DEFAULT_COLORS["square dark lastmove"]
    assert fills[(A1[0] + 45, A1[1])] == svg.DEFAULT_COLORS["square light lastmove"]


def test_check_is_marked_automatically() -> None:
    b = Board(CHECK_TFEN)
    assert b.is_check()
    assert at(parse(svg.board(b)), "check") == {F9}
    assert at(parse(b._repr_svg_()), "check") == {F9}
    assert 'id="tamerlane-check-' in svg.board(b)
    assert classed(parse(svg.board(b, check=None)), "check") == []
    assert "radialGradient" not in svg.board(b, check=None)
    assert classed(parse(svg.board(Board())), "check") == []
    assert classed(parse(Board()._repr_svg_()), "check") == []
    # A royal on a citadel attacks the squares next to it.
    assert at(parse(svg.board(Board(CITADELS_TFEN))), "check") == {(65, 65)}  # a9


def test_check_parameter() -> None:
    assert at(parse(svg.board(Board(), check="a1")), "check") == {A1}
    assert at(parse(svg.board(None, check=["wc", tamerlane.Square.BC, 109])), "check") == {WC, BC, K10}
    assert at(parse(svg.board(None, check="auto")), "check") == set()
    with pytest.raises(TypeError, match="check"):
        svg.board(Board(), check=True)
    with pytest.raises(ValueError, match="check"):
        svg.board(Board(), check="z9")
    with pytest.raises(TypeError, match="check"):
        svg.board(Board(), check=Move("a1", "a2"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "tfen, attacked",
    [
        # The Prince on e5 is attacked by the rook on e10; the King is not.
        ("4r6/5k5/11/11/11/4S6/11/11/5K5/11 w - 00 0 1", ["e5"]),
        # The rook on a2 attacks the Prince on c2, which shields the King.
        ("11/5k5/11/11/11/11/11/11/r1S2K5/11 w - 00 0 1", ["c2"]),
        # The same with an Adventitious King on wc, where nothing attacks it.
        ("11/5k5/11/11/11/11/11/11/r1S2K5(A)/11 w - 00 0 1", ["c2"]),
        # The King on f2 shields the Prince on k2.
        ("11/5k5/11/11/11/11/11/11/r4K3S1/11 w - 00 0 1", ["f2"]),
        # Both attacked.
        ("4r6/5k5/11/11/11/4S6/11/11/r4K5/11 w - 00 0 1", ["f2", "e5"]),
        # Black to move: the Prince on f8 is attacked by the White rook on f1.
        ("11/4k6/5s5/11/11/11/11/11/11/K4R5 b - 00 0 1", ["f8"]),
    ],
)
def test_check_with_several_royals_marks_the_attacked_ones(tfen: str, attacked: List[str]) -> None:
    b = Board(tfen)
    expected = {(20 + 45 * (1 + "abcdefghijk".index(s[0])), 20 + 45 * (10 - int(s[1:]))) for s in attacked}
    assert at(parse(svg.board(b)), "check") == expected


def load(path: Path, name: str) -> Any:
    """A module loaded from a file of the repository."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_checked_royals_agree_with_the_reference_implementation() -> None:
    """On random positions (a third with two or more royals a side), the
    marked royals are those that the independent Python reference
    (tools/reference) finds attacked."""
    ref = load(REPO / "tools" / "reference" / "tamerlane_ref.py", "tamerlane_ref")
    rng = random.Random(11)
    several_attacked = 0
    for _ in range(300):
        pos = ref._random_position(rng)
        royals = ref.royal_squares(pos.board, pos.side)
        expected = sorted(s for s in royals if ref.is_attacked(pos.board, s, ref.OPP[pos.side]))
        assert svg._checked_royals(Board(ref.format_tfen(pos))) == expected, ref.format_tfen(pos)
        several_attacked += len(royals) > 1 and bool(expected)
    assert several_attacked >= 30


def test_placement_matches_the_native_tfen() -> None:
    rng = random.Random(3)
    for tfen in STARTS + [CHECK_TFEN, CITADELS_TFEN]:
        b = Board(tfen, rules=ENDLESS_RULES)
        for _ in range(40):
            assert svg._placement(b.piece_map()) == b.tfen().split(" ")[0]
            moves = list(b.legal_moves)
            if not moves:
                break
            b.push(rng.choice(moves))


def test_arrows_of_every_form() -> None:
    b = Board()
    as_tuple = svg.board(b, arrows=[("b2", "c4")])
    # Regression: arrows given as lists were refused.
    assert svg.board(b, arrows=[["b2", "c4"]]) == as_tuple
    assert svg.board(b, arrows=[Move("b2", "c4")]) == as_tuple
    assert svg.board(b, arrows=[svg.Arrow("b2", "c4")]) == as_tuple
    assert svg.board(b, arrows=[svg.Arrow(12, 35, "green")]) == as_tuple
    assert svg.board(b, arrows=(a for a in [("b2", "c4")])) == as_tuple
    assert len(classed(parse(as_tuple), "arrow")) == 1
    red = parse(svg.board(b, arrows=[["b2", "c4", "red"], ("f3", "wc", "#00ff00")]))
    arrows = classed(red, "arrow")
    assert len(arrows) == 2
    # "arrow red" is #b3261ecc: colour #b3261e with opacity 0xcc / 0xff.
    assert (arrows[0].get("fill"), arrows[0].get("fill-opacity")) == ("#b3261e", "0.800")
    assert arrows[1].get("fill") == "#00ff00"
    # An arrow whose tail is its head is a ring.
    ring = classed(parse(svg.board(b, arrows=[("f3", "f3", "blue")])), "arrow")
    assert [e.tag for e in ring] == [NS + "circle"]
    assert (ring[0].get("cx"), ring[0].get("cy")) == ("312.5", "357.5")  # f3: column 6, row 7
    # A custom colour for a named arrow colour.
    custom = svg.board(b, arrows=[("b2", "c4", "green")], colors={"arrow green": "#123456"})
    assert 'fill="#123456"' in custom


def test_arrow_object() -> None:
    a = svg.Arrow("b2", tamerlane.Square.C4, color="yellow")
    assert (a.tail, a.head, a.color) == (12, 35, "yellow")
    assert a == svg.Arrow(12, "c4", "yellow") and a != svg.Arrow(12, "c4")
    assert len({a, svg.Arrow(12, "c4", "yellow")}) == 1
    assert repr(a) == "Arrow('b2', 'c4', color='yellow')"
    with pytest.raises(AttributeError):
        a.color = "red"
    with pytest.raises(ValueError, match="arrow head"):
        svg.Arrow("b2", "z9")
    with pytest.raises(TypeError, match="arrow tail"):
        svg.Arrow(None, "c4")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="arrow color"):
        svg.Arrow("b2", "c4", color="red; stroke:url(x)")
    with pytest.raises(TypeError, match="arrow color"):
        svg.Arrow("b2", "c4", color=3)  # type: ignore[arg-type]


def test_bad_arrows() -> None:
    b = Board()
    for bad in [["b2"], ("b2", "c4", "red", "x"), "b2c4", 5, None, {"b2": "c4"}]:
        with pytest.raises(TypeError, match="arrow"):
            svg.board(b, arrows=[bad])  # type: ignore[list-item]
    for bad_iterable in [None, "b2c4", b"b2", 5]:
        with pytest.raises(TypeError, match="arrows"):
            svg.board(b, arrows=bad_iterable)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="arrow tail"):
        svg.board(b, arrows=[("x1", "c4")])


def test_marked_squares() -> None:
    root = parse(svg.board(Board(), squares=["a1", tamerlane.Square.K10, 110]))
    marks = classed(root, "mark")
    assert len(marks) == 3
    # The cross of a1 runs from 20% to 80% of the square.
    assert marks[0].get("d") == "M74,434 L101,461 M101,434 L74,461"
    assert classed(parse(svg.board(Board())), "mark") == []
    assert len(classed(parse(svg.board(Board(), squares="e5")), "mark")) == 1
    with pytest.raises(ValueError, match="squares"):
        svg.board(Board(), squares=["e5", "z9"])
    with pytest.raises(TypeError, match="squares"):
        svg.board(Board(), squares=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="squares"):
        svg.board(Board(), squares=[1.5])  # type: ignore[list-item]


def test_fill() -> None:
    root = parse(svg.board(Board(), fill={"a1": "#ff000080", tamerlane.WC: "blue"}))
    overlays = {
        (int(e.get("x", "")), int(e.get("y", ""))): (e.get("fill"), e.get("fill-opacity"))
        for e in root.iter(NS + "rect")
        if e.get("class") is None and e.get("width") == "45"
    }
    assert overlays == {A1: ("#ff0000", "0.502"), WC: ("blue", None)}
    with pytest.raises(TypeError, match="fill"):
        svg.board(Board(), fill=["a1"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="fill"):
        svg.board(Board(), fill={"a0": "red"})
    with pytest.raises(TypeError, match="fill"):
        svg.board(Board(), fill={"a1": 3})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="fill"):
        svg.board(Board(), fill={"a1": '"/><script>alert(1)</script>'})


def test_colors() -> None:
    root = parse(svg.board(Board(), colors={"square light": "#ffffff", "citadel": "#000"}))
    fills = square_fills(root)
    assert list(fills.values()).count("#ffffff") == 110
    assert fills[WC] == fills[BC] == "#000"
    assert svg.DEFAULT_COLORS["square light"] != "#ffffff"  # the defaults are not changed
    margin = parse(svg.board(Board(), colors={"margin": "#11223380"}))
    background = next(margin.iter(NS + "rect"))
    assert (background.get("fill"), background.get("fill-opacity")) == ("#112233", "0.502")
    with pytest.raises(ValueError, match="'square lite'"):
        svg.board(Board(), colors={"square lite": "#fff"})
    with pytest.raises(ValueError, match="margin"):
        svg.board(Board(), colors={"margin": "url(#x)"})
    with pytest.raises(TypeError, match="colors"):
        svg.board(Board(), colors=["#fff"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="check"):
        svg.board(Board(), colors={"check": None})  # type: ignore[dict-item]


def test_coordinates_and_citadel_labels() -> None:
    root = parse(svg.board(Board(CITADELS_TFEN)))
    labels = {e.text: (float(e.get("x", "")), float(e.get("y", ""))) for e in classed(root, "coord")}
    # 11 files, ranks 1..10 on both sides except beside each citadel, 2 names.
    assert len(classed(root, "coord")) == 11 + 2 * 10 - 2 + 2
    assert {"wc", "bc"} <= set(labels)
    # Each citadel is occupied, and its name is drawn outside its square.
    for name, (x, y) in (("wc", WC), ("bc", BC)):
        lx, ly = labels[name]
        assert not (x <= lx <= x + 45 and y <= ly <= y + 45)
        assert x <= lx <= x + 45  # in the citadel's column
    bare = parse(svg.board(Board(CITADELS_TFEN), coordinates=False))
    assert classed(bare, "coord") == []


def test_bad_board_arguments_name_the_argument() -> None:
    b = Board()
    cases: List[Tuple[Dict[str, Any], type, str]] = [
        ({"orientation": "white"}, TypeError, "orientation"),
        ({"orientation": None}, TypeError, "orientation"),
        ({"style": "fancy"}, ValueError, "style"),
        ({"style": 1}, TypeError, "style"),
        ({"checkered": "yes"}, TypeError, "checkered"),
        ({"coordinates": None}, TypeError, "coordinates"),
        ({"flipped": 1}, TypeError, "flipped"),
        ({"lastmove": "f3f4"}, TypeError, "lastmove"),
        ({"size": 2.5}, TypeError, "size"),
        ({"size": 0}, ValueError, "size"),
        ({"size": True}, TypeError, "size"),
    ]
    for kwargs, error, name in cases:
        with pytest.raises(error, match=name):
            svg.board(b, **kwargs)
    with pytest.raises(TypeError, match="board"):
        svg.board("not a board")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        svg.board(b, None)  # type: ignore[call-arg, arg-type]  # everything but the board is keyword-only


def test_docs_images_are_up_to_date() -> None:
    """docs/images/*.svg are what docs/images/make_images.py draws now."""
    images = load(REPO / "docs" / "images" / "make_images.py", "make_images").render()
    assert set(images) == {"start.svg", "middlegame.svg", "pieces.svg"}
    for name, text in images.items():
        parse(text)
        assert (REPO / "docs" / "images" / name).read_text(encoding="utf-8") == text, (
            f"docs/images/{name} is stale: run docs/images/make_images.py"
        )
    # The middlegame shows check on f9 and the start position shows none.
    assert at(parse(images["middlegame.svg"]), "check") == {F9}
    assert at(parse(images["start.svg"]), "check") == set()


GOOD_COLOURS = [
    "red", "RebeccaPurple", "lightgoldenrodyellow", "transparent", "currentColor",
    "#abc", "#abcd", "#a1b2c3", "#a1b2c3d4",
    "rgb(1, 2, 3)", "rgba(1,2,3,0.5)", "rgb(10% 20% 30%)", "rgb(10% 20% 30% / 50%)", "rgb(255 0 0 / .5)",
    "hsl(120, 50%, 50%)", "hsla(120deg, 50%, 25%, 0.25)", "hsl(0.5turn 10% 90% / 40%)",
]
BAD_COLOURS = [
    "blurple", "notacolour", "redd", "#abcde", "#ggg", "rgb(1, 2)", "rgb(1, 2, 3, 4, 5)", "rgb(,,,)",
    "rgb(a, b, c)", "hsl(120, 50, 50)", "rgb(1, 2, 3) x", "url(#x)", "rgb(1 2, 3)", "hsl(red, 50%, 50%)",
]


@pytest.mark.parametrize("colour", GOOD_COLOURS)
def test_css_colours_of_every_documented_form_are_accepted(colour: str) -> None:
    b = Board()
    drawn = svg.board(b, fill={"a1": colour}, colors={"grid": colour}, arrows=[("b2", "c4", colour)])
    parse(drawn)
    assert colour.split("#")[-1][:3] in drawn
    assert svg.Arrow("b2", "c4", colour).color == colour


@pytest.mark.parametrize("colour", BAD_COLOURS)
def test_unknown_colours_are_value_errors_naming_the_value_and_the_place(colour: str) -> None:
    b = Board()
    shown = re.escape(repr(colour))
    with pytest.raises(ValueError, match=rf"fill\['a1'\].*{shown}"):
        svg.board(b, fill={"a1": colour})
    with pytest.raises(ValueError, match=rf"colors\['grid'\].*{shown}"):
        svg.board(b, colors={"grid": colour})
    with pytest.raises(ValueError, match=rf"arrow color.*{shown}"):
        svg.Arrow("b2", "c4", colour)
    with pytest.raises(ValueError, match=rf"arrows\[1\].*arrow color.*{shown}"):
        svg.board(b, arrows=[("f3", "f4"), ("b2", "c4", colour)])



# --- Tamerlane's drawing is unchanged by the 8x8 boards --------------------

# The SHA-256 of each drawing of ``tamerlane_drawings()``, computed with the
# code before it drew chess and Makruk boards (commit dafe89c).
TAMERLANE_DIGESTS = {
    "start": "ff5e4ac9d63baf0135b39ae449e7e4f68d8e041fae162537a1ae2daecb6a1349",
    "none": "19d6f401d29bc9f2bba399f65297f9e945174f3d369df0e8ba5a891fc9c0a548",
    "check black": "fc9dfd0614cae982360e1b7f324c25fd1a83db9b4878dbb689cb456853921417",
    "citadels letters": "2de6f252cb6b72e303108b84958acf18dc295ed2c761bbc56439bf27f5225806",
    "options": "19ce811171140ace70b9d4d0070b91e4d6c9c03e146dc89db2397f4064deb1cd",
    "repr": "4b00fd1b51f3c2aac8b79ed0ed2bd1b8407dd628f76ac0956c0b34c787e2f5fd",
    "pieces": "35ff98eb5752aaf2232b71152510e39d3382054728c0d22ee5cae21f7b42b880",
}


def tamerlane_drawings() -> Dict[str, str]:
    """Tamerlane drawings using every option of ``board``, ``piece`` and
    ``piece_glyph``."""
    played = Board()
    played.push(Move("b2", "a4"))
    return {
        "start": svg.board(Board()),
        "none": svg.board(None, size=None),
        "check black": svg.board(Board(CHECK_TFEN), orientation=BLACK, checkered=True),
        "citadels letters": svg.board(Board(CITADELS_TFEN), style="letters", lastmove=Move("k2", "wc")),
        "options": svg.board(
            Board(CHECK_TFEN),
            arrows=[("b2", "c4", "red"), ("f3", "f3"), ("a1", "wc", "#00ff0080")],
            fill={"a1": "#ff000080", "bc": "blue"},
            squares=["e5", 110],
            check="a1",
            colors={"square light": "#ffffff", "citadel": "#000"},
            flipped=True,
            coordinates=False,
            size=300,
        ),
        "repr": played._repr_svg_(),
        "pieces": "".join(
            svg.piece(s, size=60) + svg.piece_glyph(s, 3, 4, 50, "letters") for s in ["K", "g", "PR", "pp", "pk", "E"]
        ),
    }


def test_tamerlane_drawings_are_what_they_were_before_the_8x8_boards() -> None:
    drawn = {name: hashlib.sha256(text.encode()).hexdigest() for name, text in tamerlane_drawings().items()}
    assert drawn == TAMERLANE_DIGESTS


# --- chess and Makruk -------------------------------------------------------

EightBoard = Union[chess.Board, makruk.Board]

A1_8, H8_8 = (20, 335), (335, 20)


def xy8(name: str, black: bool = False) -> Tuple[int, int]:
    """Top-left corner of a square of the 8x8 drawing."""
    f, r = "abcdefgh".index(name[0]), int(name[1]) - 1
    if black:
        f, r = 7 - f, 7 - r
    return 20 + 45 * f, 20 + 45 * (7 - r)


def pieces_drawn(root: ET.Element) -> List[str]:
    return sorted(e.get("class", "").split()[1] for e in classed(root, "piece"))


def random_8x8(module: Any, seed: int) -> EightBoard:
    rng = random.Random(seed)
    b: EightBoard = module.Board()
    for _ in range(rng.randrange(0, 60)):
        moves = list(b.legal_moves)
        if not moves or b.is_game_over():
            break
        b.push(rng.choice(moves))
    return b


@pytest.mark.parametrize("module", [chess, makruk])
def test_8x8_boards_are_xml_with_64_squares_and_one_figure_per_piece(module: Any) -> None:
    for seed in range(12):
        b = random_8x8(module, seed)
        for style in svg.STYLES:
            for checkered in (False, True):
                text = svg.board(b, style=style, checkered=checkered, orientation=seed % 2 == 0)
                root = parse(text)
                assert (root.get("viewBox"), root.get("width"), root.get("height")) == ("0 0 400 400", "520", "520")
                assert len(square_fills(root)) == 64 and not classed(root, "citadel")
                assert set(square_fills(root)) == {xy8(f + r) for f in "abcdefgh" for r in "12345678"}
                assert pieces_drawn(root) == sorted(p.symbol() for p in b.piece_map().values())
        # Each piece is drawn on its square.
        root = parse(svg.board(b))
        where = {(e.get("class", "").split()[1], e.get("transform")) for e in classed(root, "piece")}
        assert where == {
            (p.symbol(), "translate(%d,%d)" % xy8(pychess.square_name(sq))) for sq, p in b.piece_map().items()
        }
        assert parse(b._repr_svg_()) is not None


def test_8x8_coordinates() -> None:
    root = parse(svg.board(chess.Board()))
    labels = [e.text or "" for e in classed(root, "coord")]
    assert sorted(labels) == sorted(list("abcdefgh") + [str(r) for r in range(1, 9)] * 2)
    assert classed(parse(svg.board(chess.Board(), coordinates=False)), "coord") == []

    def places(root: ET.Element) -> Dict[Tuple[str, str], Tuple[float, float]]:
        return {
            (e.text or "", e.get("text-anchor", "")): (float(e.get("x", "")), float(e.get("y", "")))
            for e in classed(root, "coord")
        }

    # a below the a-file, 1 beside rank 1, on both sides.
    pos = places(root)
    assert pos[("a", "middle")] == (42.5, 395) and pos[("1", "end")] == (14, 361.5)
    assert pos[("1", "start")] == (386, 361.5)
    pos = places(parse(svg.board(chess.Board(), orientation=BLACK)))
    assert pos[("a", "middle")] == (357.5, 395) and pos[("1", "end")] == (14, 46.5)


def test_the_figures_of_chess_and_makruk() -> None:
    """King, Rook, Knight are Tamerlane's figures; Makruk's Met is the Ferz
    and its Khon the Elephant; the pawn is Tamerlane's pawn without a
    letter; the Queen and Bishop are figures of their own."""

    def body(glyph: str) -> str:
        return re.sub(r'^<g class="piece \w+"', "", glyph)

    for side in (str.upper, str.lower):
        for game, letter, token in [
            ("chess", "K", "K"), ("chess", "R", "R"), ("chess", "N", "N"),
            ("makruk", "K", "K"), ("makruk", "R", "R"), ("makruk", "N", "N"),
            ("makruk", "M", "F"), ("makruk", "S", "E"),
        ]:  # fmt: skip
            assert body(svg.piece_glyph(side(letter), game=game)) == body(svg.piece_glyph(side(token)))
        tamerlane_bodies = {body(svg.piece_glyph(side(r.token))) for r in Role.all()}
        queen, bishop = body(svg.piece_glyph(side("Q"), game="chess")), body(svg.piece_glyph(side("B"), game="chess"))
        pawn = svg.piece_glyph(side("P"), game="chess")
        assert body(pawn) == body(svg.piece_glyph(side("P"), game="makruk"))
        assert "<text" not in pawn
        # The pawn is the Tamerlane pawn figure without its letter.
        assert body(pawn) == re.sub(r"<text.*?</text>", "", body(svg.piece_glyph(side("PR"))))
        # The Queen and the Bishop are new drawings, different from each other and from every Tamerlane figure.
        assert queen != bishop and not {queen, bishop} & tamerlane_bodies
    chess_glyphs = {svg.piece_glyph(s, game="chess") for s in "KQRBNPkqrbnp"}
    makruk_glyphs = {svg.piece_glyph(s, game="makruk") for s in "KMSRNPkmsrnp"}
    assert len(chess_glyphs) == 12 and len(makruk_glyphs) == 12
    # White light with a dark outline, Black dark.
    assert 'fill="#ffffff" stroke="#000000"' in svg.piece_glyph("Q", game="chess")
    assert 'fill="#1c1c1c"' in svg.piece_glyph("b", game="chess")


def test_8x8_pieces_as_objects_and_letters() -> None:
    assert svg.piece_glyph(chess.Piece.from_symbol("q")) == svg.piece_glyph("q", game="chess")
    assert svg.piece_glyph(makruk.Piece(BLACK, "khon")) == svg.piece_glyph("s", game="makruk")
    assert svg.piece(makruk.Piece(WHITE, "met"), size=90) == svg.piece("M", size=90, game="makruk")
    root = parse(svg.piece("Q", game="chess", style="letters"))
    assert [e.text for e in root.iter(NS + "text")] == ["Q"] and len(list(root.iter(NS + "circle"))) == 1
    # The King alone is royal (ringed), in both games: Makruk's S is the Khon.
    for game in ("chess", "makruk"):
        assert len(list(ET.fromstring(svg.piece_glyph("k", game=game, style="letters")).iter("circle"))) == 2
    assert len(list(ET.fromstring(svg.piece_glyph("S", game="makruk", style="letters")).iter("circle"))) == 1
    assert len(list(ET.fromstring(svg.piece_glyph("S", style="letters")).iter("circle"))) == 2  # the Prince


def test_bad_8x8_pieces() -> None:
    for game, bad in [("chess", "G"), ("chess", "M"), ("chess", "KK"), ("chess", ""), ("makruk", "Q"), ("makruk", "b")]:
        with pytest.raises(ValueError, match=re.escape(repr(bad)) + ".*" + ("chess" if game == "chess" else "Makruk")):
            svg.piece_glyph(bad, game=game)
    with pytest.raises(ValueError, match="game"):
        svg.piece("K", game="shogi")
    with pytest.raises(TypeError, match="game"):
        svg.piece("K", game=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="game='makruk', but the piece is a chess piece"):
        svg.piece(chess.Piece.from_symbol("Q"), game="makruk")
    assert svg.piece(Piece.from_symbol("K"), game="tamerlane") == svg.piece("K")


def test_8x8_orientation_follows_python_chess() -> None:
    """orientation (a Color or python-chess's bool) and flipped put every
    square where python-chess's chess.svg puts it."""
    b = chess.Board()
    assert svg.board(b, orientation=BLACK) == svg.board(b, flipped=True) == svg.board(b, orientation=False)
    assert svg.board(b, orientation=BLACK, flipped=True) == svg.board(b) == svg.board(b, orientation=True)
    for black in (False, True):
        ours = square_fills(parse(svg.board(b, orientation=not black, coordinates=False)))
        theirs = parse(pychess_svg.board(pychess.Board(), orientation=not black, coordinates=False))
        for e in theirs.iter(NS + "rect"):
            name = (e.get("class") or "").split()[-1]
            if name in pychess.SQUARE_NAMES:
                x, y = int(e.get("x", "")), int(e.get("y", ""))
                assert xy8(name, black) == (20 + x, 20 + y), name
        assert len(ours) == 64
    # a1 bottom left for White, top right for Black; h8 the other way.
    lit = svg.DEFAULT_COLORS["square light lastmove"]
    for black in (False, True):
        fills = square_fills(parse(svg.board(b, orientation=not black, lastmove=chess.Move.from_uci("a1a2"))))
        assert {xy for xy, f in fills.items() if f == lit} == {xy8("a1", black), xy8("a2", black)}
        assert xy8("a1", black) == (A1_8 if not black else H8_8)


def test_8x8_lastmove_check_arrows_fill_and_marks() -> None:
    # Fool's mate: White's King on e1 is in check from h4.
    b = chess.Board()
    for san in ["f3", "e5", "g4", "Qh4"]:
        b.push_san(san)
    root = parse(b._repr_svg_())
    lit = svg.DEFAULT_COLORS["square light lastmove"]
    assert {xy for xy, f in square_fills(root).items() if f == lit} == {xy8("d8"), xy8("h4")}
    assert at(root, "check") == {xy8("e1")}
    assert at(parse(svg.board(b, orientation=BLACK)), "check") == {xy8("e1", True)}
    assert classed(parse(svg.board(b, check=None)), "check") == []
    assert at(parse(svg.board(b, check=["a8", 63])), "check") == {xy8("a8"), xy8("h8")}
    # Makruk: Black's King on e8 in check from the Rook on e7.
    mk = makruk.Board("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1")
    assert at(parse(mk._repr_svg_()), "check") == {xy8("e8")}
    assert classed(parse(makruk.Board()._repr_svg_()), "check") == []
    # Arrows: a Move of the game, a python-chess Move, names, ints, an Arrow.
    arrows = classed(
        parse(
            svg.board(
                chess.Board(),
                arrows=[
                    chess.Move.from_uci("e2e4"),
                    pychess.Move.from_uci("g1f3"),
                    ("b1", "c3", "red"),
                    [pychess.D2, pychess.D4],
                    svg.Arrow("h2", "h2", "blue"),
                    svg.Arrow(pychess.A2, pychess.A4),
                ],
            )
        ),
        "arrow",
    )
    lines = [e for e in (a.find(NS + "line") for a in arrows[:4] + arrows[5:]) if e is not None]
    starts = [(float(e.get("x1", "")), float(e.get("y1", ""))) for e in lines]

    def centre(name: str) -> Tuple[float, float]:
        return xy8(name)[0] + 22.5, xy8(name)[1] + 22.5

    assert starts == [centre("e2"), centre("g1"), centre("b1"), centre("d2"), centre("a2")]
    assert (arrows[2].get("fill"), arrows[2].get("fill-opacity")) == ("#b3261e", "0.800")
    assert (float(arrows[4].get("cx", "")), float(arrows[4].get("cy", ""))) == centre("h2")
    # The head points at its square: e4 is straight above e2.
    assert float(lines[0].get("x2", "")) == centre("e4")[0] and float(lines[0].get("y2", "")) > centre("e4")[1]
    # Fill and crosses.
    root = parse(svg.board(makruk.Board(), fill={"a1": "#ff000080", 63: "blue"}, squares=["e4", pychess.B2]))
    overlays = {
        (int(e.get("x", "")), int(e.get("y", ""))): e.get("fill")
        for e in root.iter(NS + "rect")
        if e.get("class") is None and e.get("width") == "45"
    }
    assert overlays == {xy8("a1"): "#ff0000", xy8("h8"): "blue"}
    marks = [e.get("d") for e in classed(root, "mark")]
    assert marks == ["M209,209 L236,236 M236,209 L209,236", "M74,299 L101,326 M101,299 L74,326"]
    # A python-chess Move as the last move.
    root = parse(svg.board(chess.Board(), lastmove=pychess.Move.from_uci("g1f3")))
    assert {xy for xy, f in square_fills(root).items() if f == lit} == {xy8("g1"), xy8("f3")}


def test_8x8_checkered_board() -> None:
    light, dark = svg.DEFAULT_COLORS["square light"], svg.DEFAULT_COLORS["square dark"]
    fills = square_fills(parse(svg.board(makruk.Board(), checkered=True)))
    assert list(fills.values()).count(dark) == 32 and list(fills.values()).count(light) == 32
    assert fills[xy8("a1")] == fills[xy8("h8")] == dark and fills[xy8("h1")] == fills[xy8("b1")] == light
    plain = square_fills(parse(svg.board(makruk.Board())))
    assert set(plain.values()) == {light}


BAD_8X8_SQUARES: List[Tuple[object, type, str]] = [
    ("i1", ValueError, "'i1'"),
    ("a9", ValueError, "'a9'"),
    ("k10", ValueError, "'k10'"),
    ("wc", ValueError, "'wc'"),
    ("E4", ValueError, "'E4'"),
    (64, ValueError, "64"),
    (-1, ValueError, "-1"),
    (2**80, ValueError, "out of range"),
    (tamerlane.Square.E4, ValueError, "tamerlane.Square e4"),
    (True, TypeError, "bool"),
    (2.5, TypeError, "float"),
]


@pytest.mark.parametrize("module", [chess, makruk])
@pytest.mark.parametrize("square, error, named", BAD_8X8_SQUARES)
def test_8x8_bad_squares_are_errors_naming_the_square_and_the_argument(
    module: Any, square: object, error: type, named: str
) -> None:
    b = module.Board()
    n = re.escape(named)
    with pytest.raises(error, match=rf"^squares: .*{n}"):
        svg.board(b, squares=[square])  # type: ignore[list-item]
    with pytest.raises(error, match=rf"^fill: .*{n}"):
        svg.board(b, fill={square: "red"})  # type: ignore[dict-item]
    with pytest.raises(error, match=rf"^check: .*{n}"):
        svg.board(b, check=[square])  # type: ignore[list-item]
    with pytest.raises(error, match=rf"^arrows\[0\]: arrow head: .*{n}"):
        svg.board(b, arrows=[("e2", square)])  # type: ignore[list-item]
    if isinstance(square, (int, str)) and not isinstance(square, bool):
        try:
            arrow = svg.Arrow("e2", square)
        except ValueError:
            return  # not a square of either board
        with pytest.raises(error, match=rf"^arrows\[1\]: arrow head: .*{n}"):
            svg.board(b, arrows=[("e2", "e4"), arrow])


def test_8x8_bad_moves_and_colours() -> None:
    b = chess.Board()
    with pytest.raises(TypeError, match="lastmove: a tamerlane.Move is a move of the Tamerlane board"):
        svg.board(b, lastmove=Move("e2", "e4"))
    with pytest.raises(TypeError, match="lastmove must be a chess Move"):
        svg.board(b, lastmove="e2e4")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="lastmove must be a Makruk Move"):
        svg.board(makruk.Board(), lastmove=("e2", "e4"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"arrows\[0\]: a tamerlane.Move"):
        svg.board(b, arrows=[Move("e2", "e4")])
    with pytest.raises(TypeError, match=r"arrows\[0\]"):
        svg.board(b, arrows=[("e2",)])
    for colour in BAD_COLOURS:
        shown = re.escape(repr(colour))
        with pytest.raises(ValueError, match=rf"fill\['a1'\].*{shown}"):
            svg.board(b, fill={"a1": colour})
        with pytest.raises(ValueError, match=rf"colors\['square dark'\].*{shown}"):
            svg.board(makruk.Board(), colors={"square dark": colour})
        with pytest.raises(ValueError, match=rf"arrows\[0\]: arrow color.*{shown}"):
            svg.board(b, arrows=[("b2", "c4", colour)])
    drawn = svg.board(
        b, fill={"a1": "hsl(120, 50%, 50%)"}, colors={"square light": "#fff"}, arrows=[("a1", "a2", "teal")]
    )
    assert "hsl(120, 50%, 50%)" in drawn and 'fill="#fff"' in drawn and 'fill="teal"' in drawn
    # A Tamerlane board refuses the 8x8 games' moves as before.
    with pytest.raises(TypeError, match="lastmove must be a Move"):
        svg.board(Board(), lastmove=chess.Move.from_uci("e2e4"))
    with pytest.raises(TypeError, match="board"):
        svg.board(pychess.Board())  # type: ignore[arg-type]


def test_arrow_with_ints_reads_them_on_the_board_drawn() -> None:
    """An Arrow keeps its squares as given: a name is the same square on
    each board, an int is read on the board drawn (12 is b2 on the 11-file
    Tamerlane board, e2 on the 8x8 board)."""
    by_int, by_name = svg.Arrow(12, 28), svg.Arrow("e2", "e4")
    assert repr(by_int) == "Arrow(12, 28, color='green')" and repr(by_name) == "Arrow('e2', 'e4', color='green')"
    assert svg.board(chess.Board(), arrows=[by_int]) == svg.board(chess.Board(), arrows=[by_name])
    assert svg.board(Board(), arrows=[by_int]) != svg.board(Board(), arrows=[by_name])
    assert svg.board(Board(), arrows=[by_int]) == svg.board(Board(), arrows=[("b2", "g3")])

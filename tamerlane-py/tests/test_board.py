"""Board, Move, Piece, outcome, notation, pickling and display."""

from __future__ import annotations

import copy
import pickle

import pytest

import tamerlane
from tamerlane import Board, Color, Move, Piece, Role, Square, Termination


def test_initial_position() -> None:
    b = Board()
    assert b.tfen() == tamerlane.INITIAL_TFEN
    assert b.turn == Color.WHITE == tamerlane.WHITE
    assert b.ply() == 0
    assert b.halfmove_clock == 0
    assert b.fullmove_number == 1
    assert b.swap_rights == (True, True)
    assert b.pawn_of_pawns_stages == (0, 0)
    assert b.pawn_of_pawns_stage(Color.BLACK) == 0
    assert b.has_swap_right(Color.WHITE)
    assert not b.is_check()
    assert b.outcome() is None and not b.is_game_over() and b.result() == "*"
    assert b.piece_at("f2") == Piece(Color.WHITE, Role.KING)
    assert b.piece_at(Square.F9) == Piece.from_symbol("k")
    assert b.piece_at(tamerlane.WC) is None and b.piece_at("bc") is None
    assert b.pieces(Role.GIRAFFE, Color.WHITE) == [Square.D2, Square.H2]
    assert b.pieces(Role.PAWN_OF_PAWNS, Color.BLACK) == [Square.K8]
    assert len(b.piece_map()) == 2 * (11 + 11 + 6)


def test_legal_moves_of_the_initial_position() -> None:
    b = Board()
    moves = b.legal_moves
    assert len(moves) == 24 == moves.count()
    names = sorted(str(m) for m in moves)
    expected = sorted(
        [f"{f}3{f}4" for f in "abcdefghijk"]
        + "c1b4 c1d4 i1h4 i1j4 b2a4 b2c4 b2d1 j2i4 j2k4 j2h1 e2d1 e2f1 f2f1".split()
    )
    assert names == expected
    assert Move.from_str("f3f4") in moves
    assert "b2c4" in moves
    assert "f3f5" not in moves and "zz" not in moves and 42 not in moves
    assert all(m.color == Color.WHITE and m.has_context for m in moves)


@pytest.mark.parametrize("depth,count", [(0, 1), (1, 24), (2, 576), (3, 14_518), (4, 365_831)])
def test_perft_initial(depth: int, count: int) -> None:
    assert Board().perft(depth) == count


def python_perft(board: Board, depth: int) -> int:
    if depth <= 1:
        return len(board.legal_moves) if depth == 1 else 1
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += python_perft(board, depth - 1)
        board.pop()
    return n


def test_perft_from_python_loop() -> None:
    b = Board()
    assert python_perft(b, 3) == 14_518
    assert b.tfen() == tamerlane.INITIAL_TFEN and b.move_stack == []


def test_push_pop_peek_and_move_context() -> None:
    b = Board()
    m = b.push_san("f4")
    assert str(m) == "f3f4" and m.role == Role.PAWN_OF_KINGS and m.kind == "normal"
    assert m.captured is None and m.color == Color.WHITE and not m.is_capture
    assert b.turn == Color.BLACK and b.ply() == 1
    assert b.peek() == m
    b.push("f8f7")
    b.push(Move.from_str("b2c4"))
    assert [str(x) for x in b.move_stack] == ["f3f4", "f8f7", "b2c4"]
    assert b.fullmove_number == 2
    assert b.pop() == Move.from_str("b2c4")
    assert b.pop().color == Color.BLACK
    b.pop()
    assert b.tfen() == tamerlane.INITIAL_TFEN
    with pytest.raises(IndexError, match="empty move stack"):
        b.pop()
    with pytest.raises(IndexError):
        b.peek()


def test_move_values() -> None:
    m = Move.from_str("k2wc")
    assert (m.from_square, m.to_square) == (Square.K2, Square.WC)
    assert m.kind is None and m.role is None and not m.has_context
    assert str(Move("a10", "e5")) == "a10e5"
    assert Move(Square.F3, Square.F4) == Move.from_str("f3f4")
    assert hash(Move(27, 38)) == hash(Move.from_str("f3f4"))
    assert Move.from_str("f3f4") != Move.from_str("f4f3")
    assert Move.from_str("f3f4") != "f3f4"
    assert repr(Move.from_str("e9e10")) == "Move.from_str('e9e10')"
    assert pickle.loads(pickle.dumps(Move.from_str("bca9"))) == Move.from_str("bca9")


def test_special_move_kinds() -> None:
    # Citadel entry ends the game in a draw.
    b = Board("11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1")
    m = b.push_str("a9bc")
    assert m.kind == "citadel-entry"
    o = b.outcome()
    assert o == tamerlane.Outcome(None, Termination.CITADEL)
    assert o is not None and o.winner is None and str(o.termination) == "citadel"
    assert b.result() == "1/2-1/2" and b.is_game_over() and len(b.legal_moves) == 0
    # Pawn-of-pawns first arrival, then its placement.
    b = Board("11/2PP8/11/11/5k5/11/3r1r1n3/11/K10/11 w - 00 0 1")
    assert b.push_str("c9c10").kind == "first-arrival"
    assert b.pawn_of_pawns_stages == (1, 0)
    b.push_str("f6f7")
    placements = [m for m in b.legal_moves if m.kind == "placement"]
    assert sorted(str(m) for m in placements) == ["c10e3", "c10g3"]
    assert b.push_san("P@e3").kind == "placement"
    # A king swap in check.
    b = Board("4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1")
    assert b.is_check()
    swaps = [m for m in b.legal_moves if m.kind == "king-swap"]
    assert swaps and all(m.role == Role.KING for m in swaps)


def test_checkmate_and_stalemate_outcomes() -> None:
    # Random play from several starts until some game ends by a loss.
    from conftest import random_board

    seen = set()
    for seed in range(300):
        b = random_board(seed, plies=300)
        o = b.outcome()
        if o is not None:
            seen.add(o.termination)
            if o.termination in (Termination.CHECKMATE, Termination.STALEMATE):
                assert o.winner == b.turn.other
                assert len(b.legal_moves) == 0
                assert b.result() == ("1-0" if o.winner == Color.WHITE else "0-1")
    assert seen, "no game ended"


def test_repetition_draw() -> None:
    b = Board()
    for _ in range(2):
        for s in ["b2c4", "b9c7", "c4b2", "c7b9"]:
            assert b.outcome() is None
            b.push_str(s)
    assert b.repetition_count() == 3
    o = b.outcome()
    assert o is not None and o.termination == Termination.REPETITION and o.winner is None


def test_san() -> None:
    b = Board()
    assert b.san("b2c4") == "Nc4"
    assert b.san(Move.from_str("f3f4")) == "f4"
    assert str(b.parse_san("Nc4")) == "b2c4"
    with pytest.raises(tamerlane.IllegalMoveError, match="c5"):
        b.push_san("Nc5")
    with pytest.raises(tamerlane.InvalidMoveError):
        b.push_san("!!")
    with pytest.raises(tamerlane.IllegalMoveError):
        b.san("f3f5")


def test_tfen_round_trip_and_set_tfen() -> None:
    tfen = "10k/(a)11/11/11/11/11/11/11/11(A)/K10 b Kk 21 17 42"
    b = Board(tfen)
    assert b.tfen() == tfen
    assert b.piece_at("bc") == Piece.from_symbol("a")
    assert b.piece_at("wc") == Piece.from_symbol("A")
    assert b.halfmove_clock == 17 and b.fullmove_number == 42 and b.ply() == 83
    assert b.pawn_of_pawns_stages == (2, 1)
    b.set_tfen(tamerlane.INITIAL_TFEN)
    assert b == Board()
    b.push_str("f3f4")
    b.reset()
    assert b.move_stack == [] and b.tfen() == tamerlane.INITIAL_TFEN


def test_equality_hash_copy_pickle() -> None:
    a = Board()
    a.push_str("b2c4")
    a.push_str("b9c7")
    b = a.copy()
    assert a == b and hash(a) == hash(b) and b.move_stack == a.move_stack
    c = a.copy(stack=False)
    assert c == a and c.move_stack == []
    # Equality is the Rust position's: the same placement reached another
    # way has other clocks, so it is another position.
    d = Board()
    for s in ["b2c4", "b9c7", "c4b2", "c7b9", "b2c4", "b9c7"]:
        d.push_str(s)
    assert d.tfen().split()[:4] == a.tfen().split()[:4] and d.fullmove_number != a.fullmove_number
    assert d != a and Board(d.tfen()) == d and hash(Board(d.tfen())) == hash(d)
    assert a != Board() and a != "not a board"
    assert len({a, b, c, d, Board()}) == 3
    for clone in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert clone == a and clone.move_stack == a.move_stack and clone.tfen() == a.tfen()
        clone.push_str("f3f4")
        assert clone != a
    assert a.root() == Board() and a.root().move_stack == []
    for value in [Color.BLACK, Role.GIRAFFE, Piece.from_symbol("pp"), Termination.MOVE_LIMIT,
                  tamerlane.Outcome(Color.WHITE, Termination.CHECKMATE)]:
        assert pickle.loads(pickle.dumps(value)) == value


def test_roles_pieces_colors() -> None:
    assert len(Role.all()) == 23 and Role.all()[0] == Role.KING
    assert Role.from_token("PP") == Role.PAWN_OF_PAWNS and Role.PAWN_OF_PAWNS.promotion is None
    assert Role.PAWN_OF_KINGS.promotion == Role.PRINCE and Role.PRINCE.is_royal
    assert Role.GIRAFFE.token == "G" and str(Role.GIRAFFE) == "giraffe" and Role.GIRAFFE.english == "giraffe"
    assert Role.PAWN_OF_ROOKS.is_pawn and not Role.ROOK.is_pawn
    p = Piece.from_symbol("pr")
    assert p.color == Color.BLACK and p.role == Role.PAWN_OF_ROOKS and p.symbol() == "pr" == str(p)
    assert Color.WHITE.other == Color.BLACK and str(Color.BLACK) == "black" and Color.WHITE.letter == "w"
    for bad in ["Pr", "X", "", "KK", "pR"]:
        with pytest.raises(ValueError):
            Piece.from_symbol(bad)
    assert tamerlane.square_name(110) == "wc" and tamerlane.parse_square("bc") == 111
    assert tamerlane.SQUARE_NAMES[Square.K10] == "k10" and str(Square.WC) == "wc"
    assert tamerlane.square_file("c5") == 2 and tamerlane.square_rank("c5") == 4
    assert tamerlane.square_file("wc") is None


def test_text_diagram_and_repr() -> None:
    b = Board()
    text = str(b)
    lines = text.splitlines()
    assert len(lines) == 11
    assert lines[1].startswith("[  ]  9  r  n  t  g  v  k")
    assert lines[8].rstrip().endswith("R  [  ]")
    assert "PP PD PC PE PF PK PV PG PT PN PR" in text
    assert repr(b) == f"Board({tamerlane.INITIAL_TFEN!r})"


def test_svg() -> None:
    import tamerlane.svg

    b = Board()
    b.push_str("f3f4")
    svg = tamerlane.svg.board(b, lastmove=b.peek(), arrows=[Move.from_str("f8f7"), ("b2", "c4")],
                              flipped=True, size=300)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'width="300"' in svg
    assert svg.count('class="piece') == 56
    assert svg.count('class="arrow"') == 2
    assert svg.count("citadel") == 2
    assert b._repr_svg_().count('class="piece') == 56
    # Every piece kind of both colours has its own glyph.
    glyphs = {tamerlane.svg.piece_glyph(Piece(c, r).symbol()) for c in tamerlane.COLORS for r in Role.all()}
    assert len(glyphs) == 46
    empty = tamerlane.svg.board(None, size=None)
    assert "piece" not in empty and "width=" not in empty.split(">")[0]
    with pytest.raises(TypeError):
        tamerlane.svg.board("not a board")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        tamerlane.svg.board(b, size=-3)
    with pytest.raises(ValueError, match="size"):
        tamerlane.svg.board(b, size=10**400)
    with pytest.raises(TypeError, match="arrows"):
        tamerlane.svg.board(b, arrows=None)  # type: ignore[arg-type]


def test_svg_last_move_highlight() -> None:
    import re

    import tamerlane.svg

    def highlighted(svg: str) -> set:  # type: ignore[type-arg]
        fill = tamerlane.svg._LASTMOVE
        rects = re.findall(r'<rect class="square[^"]*" x="([0-9.]+)" y="([0-9.]+)"[^>]*fill="([^"]+)"', svg)
        return {(x, y) for x, y, f in rects if f == fill}

    b = Board()
    assert highlighted(tamerlane.svg.board(b)) == set()
    b.push_str("f3f4")
    plain = tamerlane.svg.board(b)
    marked = tamerlane.svg.board(b, lastmove=b.peek())
    assert len(highlighted(marked)) == 2 and highlighted(plain) == set()
    # _repr_svg_ marks the last move on its own; the two squares are f3, f4.
    assert highlighted(b._repr_svg_()) == highlighted(marked)
    x3, y3 = tamerlane.svg._xy(tamerlane.parse_square("f3"), False)
    x4, y4 = tamerlane.svg._xy(tamerlane.parse_square("f4"), False)
    assert highlighted(marked) == {(str(x3), str(y3)), (str(x4), str(y4))}
    # A move into a citadel highlights the citadel square too.
    xc, yc = tamerlane.svg._xy(tamerlane.WC, False)
    assert (str(xc), str(yc)) in highlighted(tamerlane.svg.board(b, lastmove=Move("k2", "wc")))


def test_doctests_and_docstrings() -> None:
    import doctest
    import inspect

    import tamerlane.svg

    for module in (tamerlane, tamerlane.svg):
        failed, tried = doctest.testmod(module)
        assert failed == 0 and tried > 0
    # Every public name, method and property has a docstring.
    missing = []
    for name in tamerlane.__all__:
        obj = getattr(tamerlane, name)
        if inspect.isclass(obj) or callable(obj):
            if not (obj.__doc__ or "").strip():
                missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, value in vars(obj).items():
                if attr.startswith("_") or attr.isupper():
                    continue
                if not (getattr(value, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{attr}")
    assert not missing, missing


def test_move_pickle_and_copy_keep_the_context() -> None:
    import copy
    import pickle

    b = Board()
    moves = list(b.legal_moves) + [b.parse_san("Nc4")]
    b.push_str("f3f4")
    b.push_str("f8f7")
    moves.append(b.parse_str("e1c1") if b.is_legal("e1c1") else moves[0])
    for m in moves:
        for c in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
            assert c == m and c.has_context
            assert (c.role, c.captured, c.kind, c.promotion, c.color) == \
                (m.role, m.captured, m.kind, m.promotion, m.color)
            assert repr(c) == repr(m)
    bare = Move.from_str("f3f4")
    c = pickle.loads(pickle.dumps(bare))
    assert c == bare and not c.has_context and c.role is None
    for bad in ((0, 1, (99, -1, 0, -1, 0)), (0, 1, (0, -1, 42, -1, 0)), (0, 1, (0, -1, 0, -1, 7)),
                (0, 1, (0, -1, 8, 50, 0)), (200, 1, None)):
        with pytest.raises(ValueError):
            Move._restore(*bad)


def test_color_truthiness_follows_python_chess() -> None:
    assert bool(tamerlane.WHITE) is True and bool(tamerlane.BLACK) is False
    b = Board()
    assert b.turn
    b.push_str("f3f4")
    assert not b.turn


def test_move_to_index_type_error_names_move() -> None:
    with pytest.raises(TypeError, match=r"^move must be a tamerlane\.Move or a coordinate string like 'f3f4', not int$"):
        tamerlane.move_to_index(1)  # type: ignore[arg-type]


def test_legal_moves_after_drawn_endings() -> None:
    # Repetition: the game is over, yet legal_moves still lists the moves.
    b = Board()
    for _ in range(2):
        for m in ("b2c4", "b9c7", "c4b2", "c7b9"):
            b.push_str(m)
    assert b.is_game_over() and b.outcome() is not None
    assert b.outcome().termination == tamerlane.Termination.REPETITION  # type: ignore[union-attr]
    assert len(b.legal_moves) == 24
    # Move limit: likewise.
    limit = Board(tamerlane.INITIAL_TFEN.replace(" 0 1", " 200 1"))
    assert limit.outcome() is not None and str(limit.outcome().termination) == "move-limit"  # type: ignore[union-attr]
    assert len(limit.legal_moves) == 24
    # Citadel entry: no legal moves at all.
    c = Board("11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1")
    c.push_str("a9bc")
    assert c.is_game_over() and len(c.legal_moves) == 0

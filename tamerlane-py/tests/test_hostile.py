"""Hostile input: nothing from Python may crash the interpreter or raise a
PanicException; every error is a typed, explanatory Python exception."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import tamerlane
from tamerlane import Board, Engine, Move

HUGE = "x" * 1_000_000
WEIRD_STRINGS = ["", " ", "\n", "\x00", "é", "😀" * 10, HUGE, "f3f4\x00", "a0a1", "l2k2",
                 "a11a1", "-1", "f3", "f3f4f5", "K", "1/2"]
WEIRD_VALUES: list[object] = [None, 0, -1, 2**64, -(2**100), 1.5, float("nan"), b"f3f4", [], {}, object(),
                      True, Board, Move]


def no_panic(fn: Any, *args: Any, **kwargs: Any) -> None:
    """Calls fn; it may succeed or raise TypeError/ValueError (the package's
    own errors are ValueErrors), nothing else (no PanicException,
    OverflowError, RuntimeError, ...)."""
    try:
        fn(*args, **kwargs)
    except (TypeError, ValueError) as e:
        assert type(e).__name__ != "PanicException", f"{fn}: {e!r}"
    except BaseException as e:  # noqa: BLE001
        raise AssertionError(f"{fn} raised {e!r}, expected TypeError or ValueError") from e


@pytest.mark.parametrize("text", WEIRD_STRINGS + [
    tamerlane.INITIAL_TFEN + " ", tamerlane.INITIAL_TFEN.replace("w", "x"),
    tamerlane.INITIAL_TFEN.replace(" 1", " 99999999999999999999"),
    "11/11/11/11/11/11/11/11/11/11 w - 00 0 1",
    tamerlane.INITIAL_TFEN.replace("Kk", "kK"),
])
def test_bad_tfen_is_invalid_tfen_error(text: str) -> None:
    with pytest.raises(tamerlane.InvalidTfenError) as e:
        Board(text)
    assert isinstance(e.value, ValueError)
    assert "TFEN" in str(e.value) and len(str(e.value)) < 500


def test_citadel_to_citadel_is_a_move_string_but_never_legal() -> None:
    b = Board()
    assert str(Move.from_str("wcbc")) == "wcbc"
    with pytest.raises(tamerlane.IllegalMoveError, match="no piece"):
        b.push_str("wcbc")


def test_error_messages_name_the_problem() -> None:
    with pytest.raises(tamerlane.InvalidTfenError, match="side-to-move"):
        Board(tamerlane.INITIAL_TFEN.replace(" w ", " x "))
    with pytest.raises(tamerlane.InvalidTfenError, match="no royal|royal"):
        Board("11/11/11/11/11/11/11/11/11/K10 w - 00 0 1")
    b = Board()
    with pytest.raises(tamerlane.IllegalMoveError, match="f3f5"):
        b.push_str("f3f5")
    with pytest.raises(tamerlane.IllegalMoveError, match="opponent"):
        b.push_str("f8f7")
    with pytest.raises(tamerlane.IllegalMoveError, match="no piece"):
        b.push("f5f6")
    with pytest.raises(tamerlane.InvalidMoveError, match="expected <from><to>"):
        b.push_str("e3-e4")
    assert issubclass(tamerlane.IllegalMoveError, ValueError)
    assert issubclass(tamerlane.InvalidMoveError, ValueError)
    assert issubclass(tamerlane.AmbiguousMoveError, tamerlane.IllegalMoveError)


@pytest.mark.parametrize("text", WEIRD_STRINGS)
def test_bad_move_strings(text: str) -> None:
    b = Board()
    for fn in (b.push_str, b.parse_str, b.push_san, b.parse_san, b.push, b.san, Move.from_str):
        with pytest.raises(ValueError):
            fn(text)
    assert b.is_legal(text) is False
    assert text not in b.legal_moves
    assert b.tfen() == tamerlane.INITIAL_TFEN


@pytest.mark.parametrize("value", WEIRD_VALUES)
def test_wrong_types_raise_type_or_value_errors(value: Any) -> None:
    b = Board()
    e = Engine(hash_mb=1)
    calls = [
        lambda: Board(value), lambda: b.push(value), lambda: b.push_str(value), lambda: b.is_legal(value),
        lambda: b.piece_at(value), lambda: b.perft(value), lambda: b.san(value), lambda: value in b.legal_moves,
        lambda: Move(value, value), lambda: Move.from_str(value), lambda: tamerlane.square_name(value),
        lambda: tamerlane.parse_square(value), lambda: tamerlane.move_to_index(value),
        lambda: tamerlane.index_to_move(b, value), lambda: tamerlane.index_to_move(value, 0),
        lambda: b.pieces(value, value), lambda: Engine(hash_mb=value), lambda: Engine(threads=value),
        lambda: e.search(value, depth=1),
        lambda: tamerlane.Piece.from_symbol(value), lambda: tamerlane.Role.from_token(value),
        lambda: b.set_tfen(value), lambda: b.__setstate__(value), lambda: b.copy(value),
    ]
    if value is not None:  # no limit at all means "search until stopped"
        calls += [lambda: e.search(b, depth=value, nodes=1000), lambda: e.search(b, movetime=value, nodes=1000),
                  lambda: e.search(b, nodes=value, depth=2)]
    for call in calls:
        no_panic(call)
    assert b.tfen() == tamerlane.INITIAL_TFEN


@pytest.mark.parametrize("n", [-1, 112, 10**6, 2**63 - 1, -(2**63), 2**64, 10**30])
def test_out_of_range_integers(n: int) -> None:
    b = Board()
    with pytest.raises(ValueError):
        b.piece_at(n)
    with pytest.raises(ValueError):
        Move(n, 0)
    with pytest.raises(ValueError):
        tamerlane.index_to_move(b, n * 112)
    big = n if n not in (-1, 112) else 10**6  # -1 and 112 would be valid sizes/depths
    for call in (lambda: b.perft(big), lambda: Engine(hash_mb=big), lambda: Engine(threads=big),
                 lambda: Engine(hash_mb=1).search(b, depth=big), lambda: b.perft(n)):
        with pytest.raises((ValueError, OverflowError)):
            call()
    assert b.tfen() == tamerlane.INITIAL_TFEN


def test_bad_numbers_for_search() -> None:
    b = Board()
    e = Engine(hash_mb=1)
    cases: list[dict[str, Any]] = [{"movetime": -1.0}, {"movetime": float("nan")}, {"movetime": float("inf")},
                   {"nodes": 0}, {"nodes": -5}, {"depth": 0}, {"depth": 10**6}]
    for kwargs in cases:
        with pytest.raises(ValueError):
            e.search(b, **kwargs)
    for mb in (0, -1, 4097):
        with pytest.raises(ValueError):
            Engine(hash_mb=mb)


def test_moves_from_another_position() -> None:
    a = Board()
    b = Board("11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1")
    foreign = list(a.legal_moves)
    for m in foreign:
        assert not b.is_legal(m)
        with pytest.raises(tamerlane.IllegalMoveError):
            b.push(m)
        with pytest.raises(tamerlane.IllegalMoveError):
            b.san(m)
    # A move of the other side, a move from a position later in the game.
    a.push_str("f3f4")
    with pytest.raises(tamerlane.IllegalMoveError):
        a.push(foreign[0])
    assert a.move_stack == [Move.from_str("f3f4")]
    # index_to_move with an index that is not legal here.
    with pytest.raises(tamerlane.IllegalMoveError, match="action index"):
        tamerlane.index_to_move(Board(), 0)
    # A game that is over: every move is refused, naming when and why.
    b.push_str("a9bc")
    with pytest.raises(tamerlane.GameOverError, match=r"ended at ply 1 \(draw citadel\)"):
        b.push_str("k2k3")


def test_bad_pickle_state_is_refused() -> None:
    b = Board()
    with pytest.raises(ValueError):
        b.__setstate__(["f3f4", "f3f4"])
    assert b.tfen() == tamerlane.INITIAL_TFEN
    with pytest.raises(TypeError):
        b.__setstate__([1, 2])
    data = pickle.dumps(b)
    assert pickle.loads(data) == b


def test_attribute_errors_are_clean() -> None:
    b = Board()
    with pytest.raises(AttributeError):
        b.turn = tamerlane.BLACK  # type: ignore[misc]
    m = Move.from_str("f3f4")
    with pytest.raises(AttributeError):
        m.from_square = 3  # type: ignore[misc]


def test_classes_are_final() -> None:
    """The classes are not subclassable (PyO3 classes are final): a clean
    TypeError at class creation."""
    for cls in (Board, Move, Engine, tamerlane.Piece):
        with pytest.raises(TypeError):
            type("Sub", (cls,), {})


def test_bool_is_not_an_integer_argument() -> None:
    b = Board()
    for call in (lambda: b.perft(True), lambda: Move(True, 0), lambda: Move(0, False),
                 lambda: b.piece_at(True), lambda: tamerlane.index_to_move(b, True),
                 lambda: tamerlane.square_name(False), lambda: Engine(hash_mb=True)):
        with pytest.raises(TypeError, match="bool"):
            call()


def test_numpy_integers_are_accepted() -> None:
    np = pytest.importorskip("numpy")
    b = Board()
    i = np.argmax(b.legal_action_mask())
    m = tamerlane.index_to_move(b, i)
    assert tamerlane.move_to_index(m) == int(i)
    assert b.perft(np.int64(2)) == 576 and b.perft(np.uint8(1)) == 24
    assert b.piece_at(np.int32(16)) == b.piece_at("f2")
    assert Move(np.int16(27), np.int64(38)) == Move.from_str("f3f4")
    assert tamerlane.square_name(np.int64(110)) == "wc"
    assert tamerlane.square_file(np.int64(27)) == 5
    with pytest.raises(ValueError):
        b.piece_at(np.int64(112))
    with pytest.raises(TypeError):
        b.perft(np.float64(2.0))
    with pytest.raises(TypeError, match="bool"):
        b.perft(np.True_)


class ReentrantState(list):  # type: ignore[type-arg]
    """A pickle state whose iteration calls back into the board being
    restored."""

    def __init__(self, board: Board, items: list) -> None:  # type: ignore[type-arg]
        super().__init__(items)
        self.board = board
        self.results: list = []  # type: ignore[type-arg]

    def __iter__(self) -> Any:
        b = self.board
        for f in (lambda: tamerlane.index_to_move(b, tamerlane.move_to_index(Move.from_str("f3f4"),
                                                                             tamerlane.WHITE)),
                  lambda: Engine(hash_mb=1).search(b, depth=1).move, lambda: pickle.dumps(b),
                  lambda: b._repr_svg_()[:4], lambda: tamerlane.svg.board(b)[:4], b.tfen,
                  lambda: b.perft(2), lambda: b.push_str("f3f4")):
            try:
                self.results.append(f())
            except BaseException as e:  # noqa: BLE001
                self.results.append(e)
        return super().__iter__()


def test_setstate_with_a_reentrant_sequence_never_panics() -> None:
    b = Board()
    state = ReentrantState(b, ["d3d4"])
    b.__setstate__(state)
    for r in state.results:
        assert not isinstance(r, BaseException) or isinstance(r, (RuntimeError, ValueError)), r
        assert type(r).__name__ != "PanicException"
    # The board is not borrowed while the state is read: everything worked.
    assert not any(isinstance(r, BaseException) for r in state.results), state.results
    assert [str(m) for m in b.move_stack] == ["d3d4"]

"""Regression tests for the bugs a python-chess user reported (issue 13,
"Bugs found"): each test failed before its fix."""

from __future__ import annotations

import re
from typing import Any, Callable
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tamerlane
from conftest import REPO
from tamerlane import chess, makruk
from tamerlane import BLACK, WHITE, Board, Color, Move, Outcome, Piece, Role, Termination

# --- Color is python-chess's bool: WHITE == True == 1, BLACK == False == 0 ---


def test_color_equals_the_bool_python_chess_uses() -> None:
    assert WHITE == True and BLACK == False  # noqa: E712 (the comparison is the point)
    assert WHITE != False and BLACK != True  # noqa: E712
    assert WHITE == 1 and BLACK == 0
    assert WHITE != 0 and BLACK != 1
    assert int(WHITE) == 1 and int(BLACK) == 0
    assert not (WHITE == "white") and WHITE != None  # noqa: E711


def test_color_hash_agrees_with_eq_in_lists_sets_and_dicts() -> None:
    assert hash(WHITE) == hash(True) == hash(1)
    assert hash(BLACK) == hash(False) == hash(0)
    # The report: `WHITE in [0]` was True while `WHITE in {0}` was False.
    assert WHITE not in [0] and WHITE not in {0}
    assert WHITE in [1] and WHITE in {1} and WHITE in {True}
    assert BLACK in [False] and BLACK in {False} and BLACK in {0: "x"}
    scores = {True: "white", False: "black"}
    assert scores[WHITE] == "white" and scores[BLACK] == "black"  # type: ignore[index]
    assert {WHITE, True, 1} == {True} and len({WHITE, BLACK, True, False}) == 2


def test_color_other_and_bool_stay() -> None:
    assert WHITE.other == BLACK and BLACK.other == WHITE
    assert bool(WHITE) is True and bool(BLACK) is False
    assert Color.WHITE == WHITE and repr(Color.BLACK) == "Color.BLACK"


def test_role_and_termination_equal_only_themselves() -> None:
    assert Role.KING != 0 and Role.KING not in [0] and Role.KING not in {0}
    assert Role.GIRAFFE != 11 and Role.GIRAFFE.index == 11 and int(Role.GIRAFFE) == 11
    assert Termination.CHECKMATE != 0 and Termination.CHECKMATE not in [0]
    assert Role.KING == Role.KING and Termination.CITADEL == Termination.CITADEL
    assert len({Role.KING, Role.KING, Role.PRINCE}) == 2


def test_every_colour_argument_takes_a_bool() -> None:
    board = Board()
    # Black's King is on f9 (index 93), White's on f2 (16).
    assert board.pieces(Role.KING, not board.turn) == [93]
    assert board.pieces(Role.KING, True) == board.pieces(Role.KING, WHITE) == [16]
    assert board.has_swap_right(False) and board.has_swap_right(True)
    assert board.pawn_of_pawns_stage(False) == 0
    assert Piece(True, Role.KING).symbol() == "K" and Piece(False, Role.ROOK).symbol() == "r"
    assert Piece(False, Role.ROOK) == Piece(BLACK, Role.ROOK)
    assert Outcome(False, Termination.CHECKMATE).winner == BLACK
    assert Outcome(True, Termination.CHECKMATE) == Outcome(WHITE, Termination.CHECKMATE)
    assert tamerlane.move_to_index("f3f4", turn=True) == tamerlane.move_to_index("f3f4", turn=WHITE)


def test_a_colour_given_as_an_int_is_refused() -> None:
    # An int is refused rather than guessed: the old Color was 0 for White.
    board = Board()
    for bad in (0, 1, "white", None, 1.0):
        with pytest.raises(TypeError, match="colour"):
            board.pieces(Role.KING, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="colour"):
        Piece(0, Role.KING)  # type: ignore[arg-type]


# --- ply() is a method, as in python-chess ---


def test_ply_is_a_method() -> None:
    board = Board()
    assert board.ply() == 0
    board.push_str("f3f4")
    assert board.ply() == 1
    board.push_str("f8f7")
    assert board.ply() == 2
    # Fullmove 42, Black to move: 2 * 41 + 1.
    later = Board("11/11/11/11/5k5/11/11/11/5K5/11 b - 00 17 42")
    assert later.ply() == 83


# --- Board(None) and set_tfen(None) agree: both refused ---


def test_board_none_and_set_tfen_none_both_refused() -> None:
    with pytest.raises(TypeError, match="royal"):
        Board(None)  # type: ignore[arg-type]
    board = Board()
    board.push_str("f3f4")
    with pytest.raises(TypeError, match="royal"):
        board.set_tfen(None)  # type: ignore[arg-type]
    assert len(board.move_stack) == 1  # unchanged
    assert Board().tfen() == tamerlane.INITIAL_TFEN
    with pytest.raises(TypeError, match="int"):
        Board(5)  # type: ignore[arg-type]


# --- examples/python/engine_vs_engine.py counts the files it writes ---


def test_engine_vs_engine_reports_the_snapshots_it_writes(tmp_path: Path) -> None:
    script = REPO / "examples" / "python" / "engine_vs_engine.py"
    out = subprocess.run([sys.executable, str(script), "--movetime", "0.01", "--max-plies", "4",
                          "--every", "2", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    files = sorted(p.name for p in tmp_path.glob("*.svg"))
    # Snapshots at plies 0, 2 and 4: the last is the end of the game too.
    assert files == ["ply0000.svg", "ply0002.svg", "ply0004.svg"]
    reported = re.search(r"(\d+) SVG snapshots", out)
    assert reported is not None and int(reported.group(1)) == 3


# --- move_to_index: a colour that contradicts the move raises; strings work ---


def test_move_to_index_refuses_the_wrong_colour() -> None:
    white_move = Board().parse_str("f3f4")
    # f3 = 27, f4 = 38: 112 * 27 + 38.
    assert tamerlane.move_to_index(white_move) == 3062
    assert tamerlane.move_to_index(white_move, turn=WHITE) == 3062
    with pytest.raises(ValueError, match="white"):
        tamerlane.move_to_index(white_move, turn=BLACK)
    with pytest.raises(ValueError):
        tamerlane.move_to_index(white_move, turn=False)


def test_move_to_index_takes_a_string_with_its_colour() -> None:
    assert tamerlane.move_to_index("f3f4", turn=WHITE) == 3062
    # For Black, squares rotate (i -> 109 - i): f3 -> 82, f4 -> 71.
    assert tamerlane.move_to_index("f3f4", turn=BLACK) == 112 * 82 + 71
    assert tamerlane.move_to_index(Move.from_str("f3f4"), turn=BLACK) == 112 * 82 + 71
    with pytest.raises(ValueError, match="turn="):
        tamerlane.move_to_index("f3f4")
    with pytest.raises(tamerlane.InvalidMoveError):
        tamerlane.move_to_index("f3-f4", turn=WHITE)
    with pytest.raises(TypeError):
        tamerlane.move_to_index(3062)  # type: ignore[arg-type]


# --- error messages say ranges in words, not Rust's `0..12544` ---


def sibling_range_cases(module: Any) -> list[tuple[Callable[[], object], str]]:
    """Out-of-range arguments of a sibling game's module, with the range in words."""
    board = module.Board()
    size = module.ACTION_SPACE_SIZE
    return [
        (lambda: board.piece_at(64), "0 to 63"),
        (lambda: board.piece_at("z9"), "a1 to h8"),
        (lambda: board.piece_at(1.5), "0 to 63"),
        (lambda: module.index_to_move(board, size), f"0 to {size - 1}"),
        (lambda: board.perft(31), "0 to 30"),
    ]


def test_error_messages_have_no_rust_ranges() -> None:
    board = Board()
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: board.piece_at(112), "0 to 111"),
        (lambda: board.piece_at(-1), "0 to 111"),
        (lambda: board.piece_at(1 << 80), "0 to 111"),
        (lambda: board.piece_at("z9"), "a1 to k10"),
        (lambda: board.piece_at(1.5), "0 to 111"),  # type: ignore[arg-type]
        (lambda: tamerlane.index_to_move(board, 12544), "0 to 12543"),
        (lambda: board.perft(31), "0 to 30"),
        (lambda: board.to_planes(history=65), "0 to 64"),
        (lambda: tamerlane.VectorEnv(1).step(np.array([12544])), "0 to 12543"),
        (lambda: tamerlane.VectorEnv(0), "1 to 65536"),
        (lambda: tamerlane.Engine(hash_mb=0), "1 to "),
    ] + sibling_range_cases(chess) + sibling_range_cases(makruk)
    for call, words in cases:
        with pytest.raises((ValueError, TypeError)) as info:
            call()
        message = str(info.value)
        assert words in message, message
        assert ".." not in message, message

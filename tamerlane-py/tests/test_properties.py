"""Hypothesis property tests: push/pop, TFEN round trips, agreement with the
Rust CLI, planes, the action space and its masks."""

from __future__ import annotations

import subprocess
from typing import List

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tamerlane
from tamerlane import Board, Color, Role
from conftest import ENDLESS_RULES, random_board

seeds = st.integers(min_value=0, max_value=10**9)
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seeds)
def test_push_pop_round_trip(seed: int) -> None:
    board = random_board(seed, rules=ENDLESS_RULES)
    before = board.tfen()
    stack = [str(m) for m in board.move_stack]
    for m in list(board.legal_moves):
        board.push(m)
        assert board.peek() == m
        assert board.pop() == m
        assert board.tfen() == before
    assert [str(m) for m in board.move_stack] == stack
    # Undo everything: back to the start position of the playout.
    while board.move_stack:
        board.pop()
    assert board.tfen() == board.root().tfen()


@SETTINGS
@given(seeds)
def test_tfen_round_trip(seed: int) -> None:
    board = random_board(seed)
    tfen = board.tfen()
    again = Board(tfen)
    assert again.tfen() == tfen
    assert again == board and hash(again) == hash(board)
    assert sorted(map(str, again.legal_moves)) == sorted(map(str, board.legal_moves))
    assert again.piece_map() == board.piece_map()


def cli_moves(cli: str, tfens: List[str]) -> List[str]:
    out = subprocess.run([cli, "moves", "--stdin"], input="\n".join(tfens) + "\n",
                         capture_output=True, text=True, check=True, timeout=120).stdout
    return out.split("\n")[: len(tfens)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_legal_moves_equal_the_rust_cli(cli: str, seed: int) -> None:
    # Every position along one random playout, in one CLI call.
    board = random_board(seed, plies=0, rules=ENDLESS_RULES)
    import random

    rng = random.Random(seed)
    tfens, ours = [], []
    for _ in range(rng.randrange(1, 100)):
        tfens.append(board.tfen())
        ours.append(" ".join(sorted(str(m) for m in board.legal_moves)))
        moves = list(board.legal_moves)
        if not moves:
            break
        rare = [m for m in moves if m.kind != "normal" or m.is_capture]
        board.push(rng.choice(rare if rare and rng.random() < 0.4 else moves))
    assert cli_moves(cli, tfens) == ours


@SETTINGS
@given(seeds)
def test_planes_consistent_with_the_board(seed: int) -> None:
    board = random_board(seed)
    planes = board.to_planes()
    assert planes.dtype == np.float32
    assert planes.shape == (tamerlane.PLANES, tamerlane.BOARD_ROWS, tamerlane.BOARD_COLS)
    assert len(tamerlane.PLANE_NAMES) == tamerlane.PLANES
    us = board.turn
    pieces = board.piece_map()
    # One-hot piece planes: exactly one piece plane set on every occupied square.
    assert planes[:46].sum() == len(pieces)
    for sq, piece in pieces.items():
        rel = sq if us == Color.WHITE else rotate(sq)
        row, col = cell(rel)
        plane = (0 if piece.color == us else 23) + piece.role.index
        assert planes[plane, row, col] == 1.0
    on_board = planes[46]
    assert on_board.sum() == 112
    assert on_board[1, 12] == 1 and on_board[8, 0] == 1 and on_board[0, 0] == 0
    assert np.all(planes[47] == (1.0 if us == Color.WHITE else 0.0) * on_board)
    own, opp = (0, 1) if us == Color.WHITE else (1, 0)
    assert np.all(planes[48] == float(board.swap_rights[own]) * on_board)
    assert np.all(planes[49] == float(board.swap_rights[opp]) * on_board)
    assert np.all(planes[50] == board.pawn_of_pawns_stages[own] / 2 * on_board)
    assert np.all(planes[51] == board.pawn_of_pawns_stages[opp] / 2 * on_board)
    assert np.allclose(planes[52], min(board.halfmove_clock, 200) / 200 * on_board)
    assert np.allclose(planes[53], min(board.fullmove_number, 500) / 500 * on_board)
    assert np.allclose(planes[54], min(board.repetition_count() - 1, 2) / 2 * on_board)


def rotate(sq: int) -> int:
    return {110: 111, 111: 110}.get(sq, 109 - sq)


def cell(sq: int) -> tuple[int, int]:
    if sq == 110:
        return 1, 12
    if sq == 111:
        return 8, 0
    return sq // 11, sq % 11 + 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_action_space_is_injective_and_mask_matches(seed: int) -> None:
    board = random_board(seed)
    moves = list(board.legal_moves)
    indices = [tamerlane.move_to_index(m) for m in moves]
    # Distinct indices for distinct legal moves, all in range.
    assert len(set(indices)) == len(moves)
    assert all(0 <= i < tamerlane.ACTION_SPACE_SIZE for i in indices)
    mask = board.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (tamerlane.ACTION_SPACE_SIZE,)
    assert int(mask.sum()) == len(moves)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
    for m, i in zip(moves, indices):
        back = tamerlane.index_to_move(board, i)
        assert back == m and back.kind == m.kind and back.role == m.role and back.captured == m.captured
        assert tamerlane.move_to_index(tamerlane.Move.from_str(str(m)), turn=board.turn) == i


def test_action_space_distinct_over_many_positions() -> None:
    """Distinctness by exhaustion over many random positions, special moves
    included: along 300 random games from special-rule-rich starts, every
    legal move of every position has its own index."""
    import random

    from conftest import RARE_KINDS, STARTS

    kinds: set[object] = set()
    positions = total = 0
    for seed in range(300):
        rng = random.Random(seed)
        board = Board(STARTS[seed % len(STARTS)], rules=ENDLESS_RULES)
        for _ in range(150):
            moves = list(board.legal_moves)
            idx = {tamerlane.move_to_index(m) for m in moves}
            assert len(idx) == len(moves), board.tfen()
            kinds.update(m.kind for m in moves)
            positions += 1
            total += len(moves)
            if not moves:
                break
            rare = [m for m in moves if m.kind in RARE_KINDS or m.captured is not None]
            board.push(rng.choice(rare if rare and rng.random() < 0.4 else moves))
    assert positions > 10_000 and total > 200_000
    assert kinds == {"normal", "promotion", "citadel-entry", "first-arrival", "second-arrival-return",
                     "second-arrival-waiting", "placement", "transfer", "king-swap"}, kinds


def test_black_view_is_rotated() -> None:
    board = Board()
    board.push_str("f3f4")
    # Black's King (f9) is seen on White's King square f2: row 1, column 6.
    planes = board.to_planes()
    assert planes[Role.KING.index, 1, 6] == 1.0
    assert planes[23 + Role.KING.index, 8, 6] == 1.0  # White's King on f2, seen from the other side
    # Black's f8f7 is indexed as the rotated squares: f8 -> f3 (82 -> 27), f7 -> f4.
    m = board.parse_str("f8f7")
    assert tamerlane.move_to_index(m) == 112 * 27 + 38 == 112 * (109 - 82) + (109 - 71)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_pushed_positions_equal_the_rust_cli_apply(cli: str, seed: int) -> None:
    """After every legal move of a random position, our TFEN equals the
    CLI's `apply`; pickling keeps the whole game."""
    import pickle

    board = random_board(seed, rules=ENDLESS_RULES)
    lines, ours = [], []
    for m in board.legal_moves:
        lines.append(f"{board.tfen()} | {m}")
        board.push(m)
        ours.append(board.tfen())
        board.pop()
    if lines:
        out = subprocess.run([cli, "apply", "--stdin"], input="\n".join(lines) + "\n",
                             capture_output=True, text=True, check=True, timeout=120).stdout
        assert out.split("\n")[: len(lines)] == ours
    clone = pickle.loads(pickle.dumps(board))
    assert clone == board and clone.tfen() == board.tfen() and clone.move_stack == board.move_stack
    assert clone.outcome() == board.outcome() and clone.repetition_count() == board.repetition_count()


def test_fullmove_and_repetition_planes() -> None:
    board = Board()
    assert np.allclose(board.to_planes()[53], 1 / 500 * board.to_planes()[46])
    assert not board.to_planes()[54].any()
    shuffle = ["b2c4", "b9c7", "c4b2", "c7b9"]  # knights out and back: a repetition
    for n in (1, 2):
        for m in shuffle:
            board.push_str(m)
        assert board.repetition_count() == n + 1
        planes = board.to_planes()
        assert np.allclose(planes[54], n / 2 * planes[46])
        assert np.allclose(planes[53], board.fullmove_number / 500 * planes[46])
    assert board.fullmove_number == 5
    late = Board(tamerlane.INITIAL_TFEN.rsplit(" ", 1)[0] + " 900")
    assert np.allclose(late.to_planes()[53], late.to_planes()[46])  # capped at 500

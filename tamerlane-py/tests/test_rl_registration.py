"""``gymnasium.make("tamerlane/...-v0")`` for the three games (checked by
Gymnasium's env checker), ``gymnasium.make_vec`` to ``VectorEnv``, and the
``rgb_array`` render (``tamerlane.render``), whose pixels are checked
against the geometry of the docs, worked out here by hand."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tamerlane
import tamerlane.rl
from tamerlane import chess as tchess
from tamerlane import makruk as tmakruk
from tamerlane import render

IDS = {"tamerlane": "tamerlane/Tamerlane-v0", "chess": "tamerlane/Chess-v0", "makruk": "tamerlane/Makruk-v0"}
SHAPES = {"tamerlane": (55, 10, 13), "chess": (20, 8, 8), "makruk": (17, 8, 8)}
ACTIONS = {"tamerlane": 12544, "chess": 4168, "makruk": 4096}


@pytest.mark.parametrize("game", list(IDS))
def test_gym_make_gives_a_checked_env_of_the_game(game: str) -> None:
    env = gymnasium.make(IDS[game], render_mode="rgb_array")
    check_env(env.unwrapped, skip_render_check=False)
    obs, info = env.reset(seed=3)
    assert obs.shape == SHAPES[game] and obs.dtype == np.uint8
    assert env.action_space == gymnasium.spaces.Discrete(ACTIONS[game])
    assert env.unwrapped.game == game  # type: ignore[attr-defined]
    first = {"tamerlane": 24, "chess": 20, "makruk": 23}[game]  # first moves (docs/RULES.md, CHESS.md, MAKRUK.md)
    assert int(info["action_mask"].sum()) == first
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not terminated and obs.shape == SHAPES[game]
    frame = env.render()
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8 and frame.shape[2] == 3


@pytest.mark.parametrize("game", list(IDS))
def test_make_vec_gives_the_vector_env_of_the_game(game: str) -> None:
    venv = gymnasium.make_vec(IDS[game], num_envs=3, max_plies=20)
    obs, info = venv.reset(seed=0)
    assert obs.shape == (3, *SHAPES[game])
    inner: Any = venv.unwrapped
    assert isinstance(inner, tamerlane.VectorEnv) and inner.game == game
    assert inner.spec is not None and inner.spec.id == IDS[game] and inner.max_plies == 20
    obs, reward, terminated, truncated, info = venv.step(inner.random_actions())
    assert obs.shape == (3, *SHAPES[game])


def test_registration_is_idempotent() -> None:
    before = {i: gymnasium.registry[i] for i in IDS.values()}
    tamerlane.rl.register_envs()
    assert {i: gymnasium.registry[i] for i in IDS.values()} == before


def pixel(img: Any, row: int, col: int, s: int, dy: int, dx: int) -> tuple[int, ...]:
    return tuple(int(v) for v in img[row * s + dy, col * s + dx])


def test_rgb_array_of_a_chess_board() -> None:
    """After 1. e4: the image is 8x8 squares of 32 pixels, White at the
    bottom; a1 (row 7, column 0) is dark, b1 light; a square's corner pixel
    has the square's colour, its centre the piece's colour."""
    board = tchess.Board()
    board.push_san("e4")
    s = 32
    img = render.rgb_array(board, square_size=s)
    assert img.shape == (256, 256, 3) and img.dtype == np.uint8
    assert pixel(img, 7, 0, s, 1, 1) == render.DARK  # a1
    assert pixel(img, 7, 1, s, 1, 1) == render.LIGHT  # b1
    assert pixel(img, 0, 7, s, 1, 1) == render.DARK  # h8
    # e4 (file 4, rank 3: row 4) holds a White pawn; e2 (row 6) is empty and
    # light; e8 (row 0) holds the Black king.
    assert pixel(img, 4, 4, s, 9, 16) == render.WHITE_PIECE
    assert pixel(img, 6, 4, s, 16, 16) == render.LIGHT
    assert pixel(img, 0, 4, s, 6, 16) == render.BLACK_PIECE
    # Every square's centre row: pieces on ranks 1, 2, 7, 8 and now e4 only.
    occupied = {(r, c) for r in range(8) for c in range(8) if pixel(img, r, c, s, 7, 16) not in (render.LIGHT, render.DARK)}
    expected = {(r, c) for r in (0, 1, 6, 7) for c in range(8)} - {(6, 4)} | {(4, 4)}
    assert occupied == expected


def test_rgb_array_of_a_tamerlane_board_has_its_citadels() -> None:
    board = tamerlane.Board()
    s = 20
    img = render.rgb_array(board, square_size=s)
    assert img.shape == (10 * s, 13 * s, 3)
    # wc is right of k2: row 8, column 12; bc left of a9: row 1, column 0.
    assert pixel(img, 8, 12, s, 1, 1) == render.CITADEL
    assert pixel(img, 1, 0, s, 1, 1) == render.CITADEL
    assert pixel(img, 0, 0, s, 1, 1) == render.OFF_BOARD
    assert pixel(img, 9, 12, s, 1, 1) == render.OFF_BOARD
    # a1 (row 9, column 1) is dark and holds a White piece; a3 (row 7) too,
    # a White pawn; a4 (row 6) is empty and light; a10 (row 0) Black.
    assert pixel(img, 9, 1, s, 1, 1) == render.DARK
    assert pixel(img, 9, 1, s, 4, 10) == render.WHITE_PIECE
    assert pixel(img, 7, 1, s, 5, 10) == render.WHITE_PIECE
    assert pixel(img, 6, 1, s, 10, 10) == render.LIGHT
    assert pixel(img, 0, 1, s, 4, 10) == render.BLACK_PIECE
    # One disc per piece: the board's 56 pieces.
    discs = sum(
        pixel(img, r, c, s, 4, 10) in (render.WHITE_PIECE, render.BLACK_PIECE) or pixel(img, r, c, s, 6, 10) in (render.WHITE_PIECE, render.BLACK_PIECE)
        for r in range(10)
        for c in range(13)
    )
    assert discs == len(board.piece_map()) == 56


def test_rgb_array_of_makruk_and_bad_sizes() -> None:
    img = render.rgb_array(tmakruk.Board(), square_size=16)
    assert img.shape == (128, 128, 3)
    # Makruk's pawns stand on ranks 3 and 6 (rows 5 and 2).
    assert pixel(img, 5, 0, 16, 4, 8) == render.WHITE_PIECE
    assert pixel(img, 2, 0, 16, 4, 8) == render.BLACK_PIECE
    assert pixel(img, 6, 0, 16, 1, 1) in (render.LIGHT, render.DARK) and pixel(img, 6, 0, 16, 8, 8) == pixel(img, 6, 0, 16, 1, 1)
    with pytest.raises(ValueError, match="square_size 5 out of range"):
        render.rgb_array(tmakruk.Board(), square_size=5)
    with pytest.raises(TypeError, match="square_size must be an int"):
        render.rgb_array(tmakruk.Board(), square_size=2.5)  # type: ignore[arg-type]

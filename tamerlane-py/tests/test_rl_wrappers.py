"""``tamerlane.rl``: the Gymnasium env and the PettingZoo AEC env pass their
libraries' own checkers, and play by the rules of ``Board``. gymnasium and
pettingzoo come from requirements-dev.txt: without them these tests fail
(they are not skipped)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped]

import tamerlane
from tamerlane import Board
from tamerlane.rl import TamerlaneAECEnv, TamerlaneEnv, env


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    "make",
    [
        lambda: TamerlaneEnv(),
        lambda: TamerlaneEnv("engine", agent_color="random", engine_nodes=40, dtype=np.float32),
        lambda: TamerlaneEnv(agent_color="black", rules="seed-001", render_mode="ansi"),
    ],
)
def test_gymnasium_check_env_passes(make: Any) -> None:
    check_env(make())


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_test_passes() -> None:
    api_test(env(), num_cycles=300)
    api_test(TamerlaneAECEnv(rules="repetition=2", max_plies=30), num_cycles=300)


def test_gym_env_plays_the_agent_and_the_opponent() -> None:
    e = TamerlaneEnv(agent_color="black")
    obs, info = e.reset(seed=3)
    # White (the opponent) has moved: the agent, Black, is to move.
    assert len(e.board.move_stack) == 1 and e.board.turn == tamerlane.BLACK
    assert np.array_equal(obs, e.board.to_planes(dtype=np.uint8))
    assert np.array_equal(info["action_mask"], e.board.legal_action_mask())
    assert np.array_equal(e.action_masks(), info["action_mask"])
    action = int(np.flatnonzero(info["action_mask"])[0])
    expected = Board(e.board.tfen()).copy()
    expected.push(tamerlane.index_to_move(expected, action))
    obs, reward, terminated, truncated, info = e.step(action)
    assert (reward, terminated, truncated) == (0.0, False, False)
    # The agent's move, then the opponent's reply.
    assert e.board.move_stack[-2] == expected.peek()
    assert e.board.turn == tamerlane.BLACK


def test_gym_env_illegal_action_loses_or_raises() -> None:
    e = TamerlaneEnv()
    e.reset(seed=0)
    obs, reward, terminated, truncated, info = e.step(0)  # a1a1: never a move
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True and not info["action_mask"].any()
    strict = TamerlaneEnv(illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(tamerlane.IllegalMoveError, match="action 0"):
        strict.step(0)
    assert strict.board.move_stack == []
    with pytest.raises(ValueError, match="illegal_action"):
        TamerlaneEnv(illegal_action="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="opponent"):
        TamerlaneEnv("nobody")  # type: ignore[arg-type]


def test_gym_env_episode_ends_with_the_agents_result() -> None:
    e = TamerlaneEnv(rules="repetition=2", agent_color="white", opponent=lambda b: b.parse_str(
        "b9c7" if b.piece_at("b9") is not None else "c7b9"))
    e.reset(seed=0)
    for m, done in [("b2c4", False), ("c4b2", True)]:
        obs, reward, terminated, truncated, info = e.step(tamerlane.move_to_index(e.board.parse_str(m)))
        assert terminated is done
    # b2c4 b9c7 c4b2 c7b9: the start position again, a draw by repetition.
    assert reward == 0.0 and info["outcome"].termination == tamerlane.Termination.REPETITION
    with pytest.raises(gymnasium.error.ResetNeeded):
        e.step(0)
    capped = TamerlaneEnv(max_plies=4)
    capped.reset(seed=1)
    truncated = False
    for _ in range(2):
        mask = capped.action_masks()
        obs, reward, terminated, truncated, info = capped.step(int(np.flatnonzero(mask)[0]))
    assert truncated and not terminated and len(capped.board.move_stack) == 4


def test_aec_env_rewards_and_masks() -> None:
    e = TamerlaneAECEnv(rules="repetition=2")
    e.reset(seed=0)
    assert e.agent_selection == "player_0"
    obs = e.observe("player_0")
    assert np.array_equal(obs["action_mask"], Board().legal_action_mask().astype(np.int8))
    assert not e.observe("player_1")["action_mask"].any()
    for m in ["b2c4", "b9c7", "c4b2", "c7b9"]:
        e.step(tamerlane.move_to_index(e.board.parse_str(m)))
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}
    illegal = TamerlaneAECEnv()
    illegal.reset()
    illegal.step(0)
    assert illegal.rewards == {"player_0": -1.0, "player_1": 1.0}
    assert illegal.infos["player_0"]["illegal_action"] is True


def _first_legal(board: Board) -> int:
    return int(np.flatnonzero(board.legal_action_mask())[0])


def test_gym_env_refuses_to_step_after_termination_or_truncation_until_reset() -> None:
    e = TamerlaneEnv()
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        e.step(_first_legal(e.board))  # before the first reset
    e.reset(seed=0)
    *_, terminated, truncated, info = e.step(0)  # illegal: the agent loses
    assert terminated and info["illegal_action"]
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        e.step(_first_legal(e.board))
    assert e.board.move_stack == []  # nothing was played
    e.reset(seed=0)
    *_, terminated, truncated, _ = e.step(_first_legal(e.board))
    assert not terminated and not truncated and len(e.board.move_stack) == 2
    capped = TamerlaneEnv(max_plies=2)
    capped.reset(seed=0)
    *_, terminated, truncated, _ = capped.step(_first_legal(capped.board))
    assert truncated and not terminated
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        capped.step(_first_legal(capped.board))
    assert len(capped.board.move_stack) == 2
    capped.reset(seed=0)
    assert capped.step(_first_legal(capped.board))[3]


@pytest.mark.parametrize("end", ["illegal", "truncated"])
def test_aec_env_refuses_to_step_once_the_game_is_over_until_reset(end: str) -> None:
    e = TamerlaneAECEnv(max_plies=2)
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        e.step(0)  # before the first reset
    e.reset(seed=0)
    if end == "illegal":
        e.step(0)
    else:
        e.step(_first_legal(e.board))
        e.step(_first_legal(e.board))
    assert all(e.terminations.values()) or all(e.truncations.values())
    plies = len(e.board.move_stack)
    with pytest.raises(ValueError, match="None"):  # PettingZoo's dead step takes None only
        e.step(_first_legal(e.board))
    for _ in range(2):
        e.step(None)  # each agent's dead step removes it
    assert e.agents == []
    for action in (_first_legal(e.board), None):
        with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
            e.step(action)
    assert len(e.board.move_stack) == plies
    e.reset(seed=0)
    e.step(_first_legal(e.board))
    assert len(e.board.move_stack) == 1 and e.agents == ["player_0", "player_1"]

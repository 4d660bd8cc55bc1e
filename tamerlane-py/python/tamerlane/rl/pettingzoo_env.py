"""``TamerlaneAECEnv``: a PettingZoo two-player AEC env."""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import AgentSelector  # type: ignore[import-untyped]

from .. import BLACK, WHITE
from .._tamerlane import ACTION_SPACE_SIZE, Board, Color, IllegalMoveError, index_to_move
from .common import (
    DEFAULT_MAX_PLIES,
    IllegalAction,
    action_space,
    check_illegal_action,
    mask_of,
    observation_space,
    score,
)

AGENTS = ("player_0", "player_1")
"""The agents: ``player_0`` plays White, ``player_1`` Black (PettingZoo's naming)."""


class TamerlaneAECEnv(AECEnv):  # type: ignore[misc]
    """Two agents, ``"player_0"`` (White) and ``"player_1"`` (Black), play a
    game under ``rules``.

    ``observe(agent)`` gives ``{"observation": planes, "action_mask": int8}``:
    the planes (``Board.to_planes(dtype=dtype)``) are seen from the side to
    move; the mask holds the legal actions of the agent to move (all zeros
    for the other agent and once the game is over). When the game ends,
    the winner gets +1 and the loser -1 (0 each for a draw);
    ``terminations`` mean the rules ended it, ``truncations`` that
    ``max_plies`` plies were played. An illegal action loses the game for
    the agent that chose it (``illegal_action="raise"`` raises instead).
    Once the game is over each agent's next ``step`` must be ``None``
    (PettingZoo's dead step, which removes the agent); after that, and
    before the first :meth:`reset`, ``step`` raises
    ``gymnasium.error.ResetNeeded``.
    """

    metadata = {"render_modes": ["ansi"], "name": "tamerlane_v0", "is_parallelizable": False}

    def __init__(
        self,
        *,
        rules: str = "",
        max_plies: int = DEFAULT_MAX_PLIES,
        dtype: Any = np.uint8,
        illegal_action: IllegalAction = "lose",
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if max_plies < 1:
            raise ValueError(f"max_plies must be at least 1, not {max_plies}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self.max_plies = max_plies
        self.illegal_action = check_illegal_action(illegal_action)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        planes = observation_space(dtype)
        self.dtype = planes.dtype
        space = gymnasium.spaces.Dict(
            {
                "observation": planes,
                "action_mask": gymnasium.spaces.Box(0, 1, (ACTION_SPACE_SIZE,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in AGENTS}
        self.action_spaces = {a: action_space() for a in AGENTS}
        self.board = Board(rules=rules)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def _color(self, agent: str) -> Color:
        return WHITE if agent == AGENTS[0] else BLACK

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        mask = np.zeros(ACTION_SPACE_SIZE, dtype=np.int8)
        if self.board.turn == self._color(agent):
            mask[:] = mask_of(self.board)
        return {"observation": self.board.to_planes(dtype=self.dtype), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        self.board = Board(rules=self.rules)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def _finish(self, rewards: dict[str, float], terminated: bool) -> None:
        for a in AGENTS:
            self.rewards[a] = rewards[a]
            if terminated:
                self.terminations[a] = True
            else:
                self.truncations[a] = True

    def step(self, action: Any) -> None:
        if not self.agents:
            raise gymnasium.error.ResetNeeded(
                "the game is over and every agent has left it, or it never began: call reset() before step()"
            )
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            move = index_to_move(self.board, int(action))
        except (IllegalMoveError, ValueError) as e:
            if self.illegal_action == "raise":
                raise IllegalMoveError(f"{agent}: action {action}: {e}") from e
            loser = agent
            self._finish({a: -1.0 if a == loser else 1.0 for a in AGENTS}, True)
            self.infos[loser]["illegal_action"] = True
        else:
            self.board.push(move)
            if self.board.is_game_over():
                self._finish({a: score(self.board, self._color(a)) for a in AGENTS}, True)
                outcome = self.board.outcome()
                for a in AGENTS:
                    self.infos[a]["outcome"] = outcome
            elif len(self.board.move_stack) >= self.max_plies:
                self._finish({a: 0.0 for a in AGENTS}, False)
        self.agent_selection = self._agent_selector.next()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The board as text (``render_mode="ansi"``)."""
        if self.render_mode == "ansi":
            return str(self.board)
        return None

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> TamerlaneAECEnv:
    """A :class:`TamerlaneAECEnv` (PettingZoo's ``env()`` convention)."""
    return TamerlaneAECEnv(**kwargs)

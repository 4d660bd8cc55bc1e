"""``TamerlaneEnv``: a Gymnasium single-agent env, the agent against a
built-in opponent."""

from __future__ import annotations

from typing import Any, Literal, Optional, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from .. import BLACK, WHITE
from .._tamerlane import Color, IllegalMoveError
from ..render import rgb_array
from .common import (
    DEFAULT_MAX_PLIES,
    IllegalAction,
    Opponent,
    OpponentPlayer,
    action_space,
    check_game,
    check_illegal_action,
    index_to_move,
    mask_of,
    new_board,
    observation_space,
    planes,
    score,
)

Obs = npt.NDArray[Any]


class TamerlaneEnv(gymnasium.Env[Obs, np.int64]):
    """The agent plays ``agent_color`` (``"white"``, ``"black"`` or
    ``"random"``: drawn at each reset from the env's seeded generator)
    against ``opponent`` under ``rules``, in ``game`` (``"tamerlane"``,
    ``"chess"`` or ``"makruk"``, with that game's board, planes and action
    indices; registered with Gymnasium as ``tamerlane/Tamerlane-v0``,
    ``tamerlane/Chess-v0`` and ``tamerlane/Makruk-v0``).

    Observations are ``Board.to_planes(dtype=dtype)`` from the agent's view
    (it is always the agent's turn when it observes); actions are action
    indices (``tamerlane.move_to_index``); ``info["action_mask"]`` holds the
    legal ones (and :meth:`action_masks` returns it, as sb3-contrib's
    ``MaskablePPO`` asks). The reward is the agent's result when the game
    ends: +1 win, -1 loss, 0 draw (0 while it goes on). ``terminated`` means
    the rules ended the game, ``truncated`` that ``max_plies`` plies were
    played. ``info["outcome"]`` is the ``Outcome`` of a finished game.
    Once an episode has ended (``terminated`` or ``truncated``), and before
    the first :meth:`reset`, :meth:`step` raises
    ``gymnasium.error.ResetNeeded``. ``render_mode="rgb_array"`` renders
    the board as an RGB image (``tamerlane.render.rgb_array``),
    ``"ansi"`` as text.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}

    def __init__(
        self,
        opponent: Opponent = "random",
        *,
        agent_color: Literal["white", "black", "random"] = "white",
        rules: str = "",
        engine_nodes: int = 200,
        max_plies: int = DEFAULT_MAX_PLIES,
        dtype: Any = np.uint8,
        illegal_action: IllegalAction = "lose",
        render_mode: Optional[str] = None,
        game: str = "tamerlane",
    ) -> None:
        if agent_color not in ("white", "black", "random"):
            raise ValueError(f"agent_color must be 'white', 'black' or 'random', not {agent_color!r}")
        if max_plies < 1:
            raise ValueError(f"max_plies must be at least 1, not {max_plies}")
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'rgb_array', not {render_mode!r}")
        self.game = check_game(game)
        self.observation_space = observation_space(dtype, self.game)
        self.action_space = action_space(self.game)
        self.render_mode = render_mode
        self.rules = rules
        self.board: Any = new_board(self.game, rules)
        self.agent_color_choice = agent_color
        self.agent: Color = WHITE
        self.max_plies = max_plies
        self.illegal_action = check_illegal_action(illegal_action)
        self.opponent = OpponentPlayer(opponent, engine_nodes)
        self.dtype = self.observation_space.dtype
        # Until reset(), and from the end of an episode to the next reset().
        self._needs_reset = True

    def _obs(self) -> Obs:
        return planes(self.board, self.dtype)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": mask_of(self.board)}
        outcome = self.board.outcome()
        if outcome is not None:
            info["outcome"] = outcome
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal-action mask of the current position."""
        return mask_of(self.board)

    def _opponent_moves(self) -> None:
        if not self.board.is_game_over() and self.board.turn != self.agent:
            self.board.push(self.opponent.choose(self.board, self.np_random))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        self.board = new_board(self.game, self.rules)
        self.opponent.new_game()
        if self.agent_color_choice == "random":
            self.agent = WHITE if self.np_random.integers(2) == 0 else BLACK
        else:
            self.agent = WHITE if self.agent_color_choice == "white" else BLACK
        self._opponent_moves()
        self._needs_reset = self.board.is_game_over()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._needs_reset or self.board.is_game_over():
            raise gymnasium.error.ResetNeeded(
                "the episode has ended (terminated or truncated), or never began: call reset() before step()"
            )
        try:
            move = index_to_move(self.board, int(action))
        except (IllegalMoveError, ValueError) as e:
            if self.illegal_action == "raise":
                raise IllegalMoveError(f"action {action}: {e}") from e
            info = self._info()
            info["illegal_action"] = True
            info["action_mask"][:] = False
            self._needs_reset = True
            return self._obs(), -1.0, True, False, info
        self.board.push(move)
        self._opponent_moves()
        terminated = self.board.is_game_over()
        truncated = not terminated and len(self.board.move_stack) >= self.max_plies
        self._needs_reset = terminated or truncated
        reward = score(self.board, self.agent) if terminated else 0.0
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> Any:
        """The board as text (``render_mode="ansi"``) or as an RGB image, a
        ``(height, width, 3)`` uint8 array (``render_mode="rgb_array"``)."""
        if self.render_mode == "ansi":
            return str(self.board)
        if self.render_mode == "rgb_array":
            return rgb_array(self.board)
        return None

"""The AlphaZero loop of examples/alphazero: self-play with
``tamerlane.mcts.MCTS``, a replay buffer, training, evaluation against a
random player and the engine, checkpoints and the learning curve.

The loop is written once; the network is anything with the small
``Network`` interface below (``az_numpy.NumpyNet``, plain numpy, for the
smoke test; ``az_jax.JaxNet``, JAX and optax, for the real run). The
recipe is AlphaZero's as docs/PYTHON.md ("MCTS") describes the search:
PUCT with Dirichlet noise at the root, the root's visit counts as the
policy target (mixed with the network's one-ply values by default,
``Config.policy_target``), the game's result as the value target (a game
cut at the move cap is a draw or adjudicated by material), discounted by
the plies to the end (``Config.discount``). README.md says what each
addition to AlphaZero's recipe is for.
"""

from __future__ import annotations

import csv
import json
import math
import random
import time
from collections import deque
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Deque, Dict, FrozenSet, Iterable, List, Optional, Protocol, Sequence, Tuple

import numpy as np
import numpy.typing as npt

import tamerlane
from tamerlane.engine import Limit
from tamerlane.mcts import MCTS

#: Observations are ``Board.to_planes()``: (55, 10, 13), from the side to
#: move's view; actions are ``112 * from + to`` (docs/PYTHON.md,
#: "Research: planes and the action space").
PLANES_SHAPE = (tamerlane.PLANES, 10, 13)
ACTIONS = tamerlane.ACTION_SPACE_SIZE
SQUARES = 112
#: The grid cell of each of the 112 squares (from the mover's view): the
#: 110 ordinary squares row by row, then the mover's citadel (row 1,
#: column 12) and the opponent's (row 8, column 0), docs/PYTHON.md.
CELLS = np.array([13 * (i // 11) + i % 11 + 1 for i in range(110)] + [13 * 1 + 12, 13 * 8 + 0])

F32 = npt.NDArray[np.float32]
Mask = npt.NDArray[np.bool_]

#: The piece planes of ``to_planes()``: the mover's 23 roles, then the
#: opponent's.
PIECE_PLANES = 46
#: How many numbers ``value_features`` gives a position.
VALUE_FEATURES = PIECE_PLANES + 2


def value_features(obs: Any, mask: Any, xp: Any = np) -> Any:
    """What both networks' value head reads besides the trunk (``[B,
    VALUE_FEATURES]``; `xp` is numpy or ``jax.numpy``):

    - how many pieces of each role each side has (the piece planes summed),
      so that a linear read learns the pieces' values, as the material
      term a Stockfish-style network feeds straight to its output;
    - the side to move's mobility, ``log(1 + n) / 5`` and ``1 / (1 + n)``
      of its ``n`` legal moves, read off the legal-action mask the search
      hands the evaluator. A side without a legal move has lost
      (docs/RULES.md, section 6), so how few moves it has left is what a
      value needs to see the stalemate and the mate coming; the planes
      do not show it."""
    counts = obs[:, :PIECE_PLANES].reshape(obs.shape[0], PIECE_PLANES, -1).sum(axis=2)
    n = mask.sum(axis=1).astype(xp.float32)
    return xp.concatenate([counts, xp.stack([xp.log1p(n) / 5.0, 1.0 / (1.0 + n)], axis=1)], axis=1)


class Predictor(Protocol):
    """What the search needs: the evaluator of ``MCTS``."""

    def predict(self, obs: F32, mask: Mask) -> Tuple[F32, F32]:
        """Priors ``[B, ACTIONS]`` (probabilities over the legal actions)
        and values ``[B]`` (side to move's view, -1..1)."""
        ...


class Network(Predictor, Protocol):
    """What the loop needs of a network (both back ends implement it)."""

    backend: str

    def train_step(self, obs: F32, mask: Mask, policy: F32, value: F32) -> Dict[str, float]:
        """One optimiser step on a batch; returns its losses (``loss``,
        ``policy_loss``, ``value_loss``) before the step."""
        ...

    def losses(self, obs: F32, mask: Mask, policy: F32, value: F32) -> Dict[str, float]:
        """The losses on a batch, without training."""
        ...

    def get_weights(self) -> Dict[str, npt.NDArray[Any]]:
        """The parameters as numpy arrays (what a checkpoint stores)."""
        ...

    def set_weights(self, weights: Dict[str, npt.NDArray[Any]]) -> None:
        """Replaces the parameters (the optimiser's state is reset)."""
        ...


@dataclass
class Config:
    """Everything a run depends on (stored in its checkpoint)."""

    seed: int = 0
    #: Network: "numpy" or "jax", its hidden width and channels.
    backend: str = "jax"
    hidden: int = 128
    channels: int = 8
    pair_dim: int = 8
    learning_rate: float = 2e-3
    weight_decay: float = 1e-4
    #: Self-play search (docs/PYTHON.md, "MCTS").
    simulations: int = 48
    search_batch: int = 16
    c_puct: float = 1.25
    #: The search sees the network's values times this (docs/PYTHON.md,
    #: "MCTS": an unvisited move counts as 0, an ending as 1 or -1; full
    #: values of a side well ahead, near 1, would make every unvisited
    #: move look lost and hide the mates among them; see README.md).
    value_scale: float = 0.1
    #: The same for the agent's games (evaluation, play.py). With
    #: discounted value targets (`discount`) the values are well inside
    #: -1..1, and the agent plays best with them unscaled (README.md).
    eval_value_scale: float = 1.0
    dirichlet_alpha: float = 0.3
    dirichlet_fraction: float = 0.25
    #: Moves drawn in proportion to the visits for this many plies, then
    #: the most visited (the tree does not see repetitions, docs/PYTHON.md
    #: "MCTS": greedy self-play soon repeats itself into a draw).
    temperature_plies: int = 1000
    #: Self-play games are cut here; such a game is scored by
    #: `adjudicate`: "material" (the side ahead by at least
    #: `adjudicate_margin` centipawns of material wins, else a draw) or
    #: "none" (a draw, AlphaZero's pure recipe).
    max_plies: int = 300
    adjudicate: str = "material"
    adjudicate_margin: int = 300
    #: With a scale (centipawns), a game adjudicated by material is a win
    #: worth ``min(1, lead / adjudicate_scale)`` rather than a full one
    #: (``GameResult.weight``): a larger lead, a surer win, so that a side
    #: far ahead still sees a piece it could lose or win. 0: every
    #: adjudicated win is a full one.
    adjudicate_scale: int = 5000
    #: Value targets of a decided game are ``discount ** d`` (from the
    #: winner's view) for a position `d` plies before the end, so that a
    #: win near at hand is worth more than one far off (1.0: AlphaZero's
    #: undiscounted result). An adjudicated game counts as ending
    #: `adjudicate_horizon` plies after its cut.
    discount: float = 0.995
    adjudicate_horizon: int = 50
    #: Both players (self-play and the agent) play a move that wins at once
    #: by the rules when there is one (``winning_move``): the tree values an
    #: ending only once it has visited the move.
    take_wins: bool = True
    #: The agent's search (play.py, the curve's evaluation games) proves
    #: forced wins and losses (``MCTS(solver=True)``, docs/PYTHON.md
    #: "MCTS"): it plays a move proven to win and none proven to lose
    #: while it has another. Self-play searches as AlphaZero, without it.
    agent_solver: bool = True
    #: Self-play searches with the solver too: a move proven to win is
    #: played and stored as a sure policy target (as a win in one with
    #: `take_wins`), and a move proven to lose is not played while another
    #: visited move is not.
    selfplay_solver: bool = False
    #: The self-play policy target: "visits" (AlphaZero's: the root's
    #: visit distribution) or "mixed": half the visits, half the network's
    #: one-ply improvement of its own prior, ``softmax(log prior +
    #: policy_q_scale * q)`` over every legal move, where ``q`` is the
    #: network's value of the position after the move (from the mover's
    #: view; an ending by its result), as the completed-Q target of Gumbel
    #: MuZero (mctx's ``gumbel_muzero_policy``) gives every move, visited
    #: or not, a target from the values.
    policy_target: str = "mixed"
    policy_q_scale: float = 10.0
    #: This share of the self-play games starts from a handicap position
    #: (``handicap_start``): the start position with `handicap_min` to
    #: `handicap_max` of one side's non-royal pieces taken off (which side
    #: and which pieces drawn from the game's seed), so that the net sees
    #: what games of equals rarely reach in 300 plies: a side far ahead
    #: that has to mate, and a side far behind that runs for the citadel.
    #: 0: every game from the start position, as AlphaZero.
    handicap_fraction: float = 0.5
    handicap_min: int = 12
    handicap_max: int = 27
    #: This share of the self-play games starts from an endgame
    #: (``endgame_start``, drawn before the handicap): one side keeps
    #: `endgame_min` to `endgame_max` of its non-royal pieces, the other
    #: 0 to `endgame_weak_max`, so that the net learns to mate with a few
    #: pieces, and that a piece lost makes the win slower. 0: none (no
    #: draw from the game's random numbers either).
    endgame_fraction: float = 0.0
    endgame_min: int = 3
    endgame_max: int = 8
    endgame_weak_max: int = 2
    games_per_iteration: int = 8
    #: Replay buffer (positions) and training.
    buffer_size: int = 60_000
    train_batch: int = 256
    #: Optimiser steps per new position (at least one step an iteration).
    steps_per_position: float = 0.02
    #: Evaluation against the uniform random player during the run.
    eval_every: int = 8
    eval_games: int = 4
    eval_simulations: int = 64
    eval_max_plies: int = 1000

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Config":
        """A configuration from a checkpoint's dictionary (unknown keys
        ignored)."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in known})


# --- positions and the replay buffer --------------------------------------


@dataclass
class Sample:
    """One searched position: the board (TFEN; the planes are rebuilt from
    it), the search's policy target over the visited actions, the game's
    result from the side to move's view."""

    tfen: str
    actions: npt.NDArray[np.int64]
    probs: F32
    value: float


class ReplayBuffer:
    """The last `capacity` positions of self-play, sampled uniformly."""

    def __init__(self, capacity: int, seed: int = 0) -> None:
        self.samples: Deque[Sample] = deque(maxlen=capacity)
        self.rng = np.random.default_rng(seed)

    def __len__(self) -> int:
        return len(self.samples)

    def extend(self, samples: Iterable[Sample]) -> None:
        """Adds positions, dropping the oldest beyond the capacity."""
        self.samples.extend(samples)

    def sample(self, n: int) -> Tuple[F32, Mask, F32, F32]:
        """`n` positions drawn with replacement, as training arrays:
        observations, legal masks, dense policy targets, value targets."""
        picks = self.rng.integers(0, len(self.samples), size=n)
        return batch_arrays([self.samples[int(i)] for i in picks])


def batch_arrays(samples: Sequence[Sample]) -> Tuple[F32, Mask, F32, F32]:
    """The training arrays of `samples` (planes and masks made in Rust by
    ``planes_many`` and ``masks_many``, docs/PYTHON.md)."""
    boards = [tamerlane.Board(s.tfen) for s in samples]
    obs = tamerlane.planes_many(boards)
    mask = tamerlane.masks_many(boards)
    policy = np.zeros((len(samples), ACTIONS), dtype=np.float32)
    for i, s in enumerate(samples):
        policy[i, s.actions] = s.probs
    value = np.array([s.value for s in samples], dtype=np.float32)
    return obs.astype(np.float32), mask, policy, value


# --- games -----------------------------------------------------------------


@dataclass
class GameResult:
    """How a game ended: the winner (``True`` White, ``False`` Black,
    ``None`` none) and why (a ``Termination`` name or ``"move-cap"``)."""

    winner: Optional[bool]
    ending: str
    plies: int
    #: How much of a win the value targets count it as (below 1 only for
    #: a game adjudicated with ``Config.adjudicate_scale``).
    weight: float = 1.0


def ending_of(board: tamerlane.Board, cap: int) -> Optional[GameResult]:
    """The result if the game is over by the rules (docs/RULES.md, section
    6) or has reached the move cap, else ``None``."""
    outcome = board.outcome()
    if outcome is not None:
        winner = None if outcome.winner is None else bool(outcome.winner)
        return GameResult(winner, str(outcome.termination), board.ply())
    if board.ply() >= cap:
        return GameResult(None, "move-cap", board.ply())
    return None


#: The material value of each role in centipawns, in ``Role.all()`` order:
#: the engine's table (tamerlane-ai/src/eval/tamerlane.rs, ``value``; the
#: King 0, the other royals 350, ordinary pawns 100).
ROLE_VALUES = {
    "king": 0, "prince": 350, "adventitious king": 350, "ferz": 60, "vizier": 75, "rook": 930,
    "knight": 275, "elephant": 65, "camel": 215, "dabbaba": 85, "talia": 225, "giraffe": 590,
    "pawn of pawns": 50, "pawn of kings": 80,
}


def material(board: tamerlane.Board) -> int:
    """White's material less Black's, in centipawns (ROLE_VALUES)."""
    total = 0
    for piece in board.piece_map().values():
        v = ROLE_VALUES.get(str(piece.role), 100)
        total += v if bool(piece.color) else -v
    return total


def adjudicated(board: tamerlane.Board, result: GameResult, config: Config) -> GameResult:
    """A self-play game cut at the move cap scored by `config.adjudicate`
    (docs/ENGINE.md's matches adjudicate a game at their ply cap as a
    draw; "material" gives it to the side clearly ahead instead, so that
    short games teach the value head)."""
    if result.ending != "move-cap" or config.adjudicate == "none":
        return result
    if config.adjudicate != "material":
        raise ValueError(f"unknown adjudication {config.adjudicate!r} (material or none)")
    m = material(board)
    if abs(m) < config.adjudicate_margin:
        return result
    weight = min(1.0, abs(m) / config.adjudicate_scale) if config.adjudicate_scale > 0 else 1.0
    return GameResult(m > 0, "material", result.plies, weight)


def make_search(board: tamerlane.Board, net: Predictor, simulations: int, batch: int,
                config: Config, seed: int, noise: bool, value_scale: Optional[float] = None,
                solver: bool = False) -> MCTS:
    """An ``MCTS`` on `board` evaluated by `net` (docs/PYTHON.md, "MCTS");
    root noise for self-play only; the move is chosen here, not by the
    search's temperature. The network's values are scaled by
    `value_scale` (default `config.value_scale`); `solver` turns on the
    search's proofs of forced wins and losses."""
    scale = np.float32(config.value_scale if value_scale is None else value_scale)

    def evaluator(obs: F32, mask: Mask) -> Tuple[F32, F32]:
        priors, values = net.predict(obs, mask)
        return priors, values * scale

    return MCTS(board, simulations=simulations, batch=batch, c_puct=config.c_puct,
                dirichlet_alpha=config.dirichlet_alpha,
                dirichlet_fraction=config.dirichlet_fraction if noise else 0.0,
                temperature=0.0, seed=seed, evaluator=evaluator, solver=solver)


def pick(visits: npt.NDArray[np.int64], sample: bool, rng: random.Random) -> int:
    """The action to play: drawn in proportion to the visits (temperature
    1) or the most visited (ties to the lowest index)."""
    if not sample:
        return int(np.argmax(visits))
    nz = np.flatnonzero(visits)
    return int(rng.choices(nz.tolist(), weights=visits[nz].tolist())[0])


def handicap_start(rng: random.Random, config: Config) -> str:
    """A handicap position (``Config.handicap_fraction``): the start
    position with `handicap_min` to `handicap_max` non-royal pieces of a
    side drawn by `rng` taken off, as a TFEN. Taking pieces off the start
    position leaves it legal: no piece attacks another (docs/RULES.md,
    section 7)."""
    board = tamerlane.Board()
    weak = rng.random() < 0.5
    squares = sorted(sq for sq, piece in board.piece_map().items()
                     if bool(piece.color) == weak and not piece.role.is_royal)
    hi = min(config.handicap_max, len(squares))
    for sq in rng.sample(squares, rng.randint(min(config.handicap_min, hi), hi)):
        board.remove_piece_at(sq)
    return board.tfen()


def endgame_start(rng: random.Random, config: Config) -> str:
    """An endgame position (``Config.endgame_fraction``): the start
    position where one side (drawn by `rng`) keeps `endgame_min` to
    `endgame_max` of its non-royal pieces and the other 0 to
    `endgame_weak_max`, which pieces drawn too, as a TFEN (legal, as
    ``handicap_start``'s)."""
    board = tamerlane.Board()
    strong = rng.random() < 0.5
    for side, lo, hi in ((strong, config.endgame_min, config.endgame_max),
                         (not strong, 0, config.endgame_weak_max)):
        squares = sorted(sq for sq, piece in board.piece_map().items()
                         if bool(piece.color) == side and not piece.role.is_royal)
        hi = min(hi, len(squares))
        keep = rng.randint(min(lo, hi), hi)
        for sq in rng.sample(squares, len(squares) - keep):
            board.remove_piece_at(sq)
    return board.tfen()


def self_play_game(net: Network, config: Config, seed: int,
                   start: Optional[str] = None) -> Tuple[List[Sample], GameResult]:
    """One game of the network against itself from the TFEN `start`, or
    when none is given from the start position or, for a share
    ``config.endgame_fraction`` of the seeds, an endgame
    (``endgame_start``), or for a share ``config.handicap_fraction`` of
    the others a handicap position (``handicap_start``); one search kept (and its tree reused) for both
    sides; every searched position with its policy target and, once the
    game has ended, its value target."""
    rng = random.Random(seed)
    # No draw at all with a share of 0: the game's random stream is then
    # the one it had before handicaps existed.
    if start is None and config.endgame_fraction > 0 and rng.random() < config.endgame_fraction:
        start = endgame_start(rng, config)
    if start is None and config.handicap_fraction > 0 and rng.random() < config.handicap_fraction:
        start = handicap_start(rng, config)
    board = tamerlane.Board() if start is None else tamerlane.Board(start)
    search = make_search(board, net, config.simulations, config.search_batch, config, seed, True,
                         solver=config.selfplay_solver)
    positions: List[Tuple[str, bool, npt.NDArray[np.int64], F32]] = []
    while (result := ending_of(board, config.max_plies)) is None:
        win = winning_move(board) if config.take_wins else None
        if win is not None:
            action = tamerlane.move_to_index(win, board.turn)
            positions.append((board.tfen(), bool(board.turn), np.array([action], np.int64),
                              np.ones(1, np.float32)))
            board.push(win)
            continue
        visits, _ = search.run()
        proven = search.proven() if config.selfplay_solver else None
        if proven is not None and (proven > 0).any():
            action = int(np.argmax(proven > 0))
            positions.append((board.tfen(), bool(board.turn), np.array([action], np.int64),
                              np.ones(1, np.float32)))
        else:
            nz, probs = policy_target(board, net, visits, config)
            positions.append((board.tfen(), bool(board.turn), nz, probs))
            if proven is not None and ((visits > 0) & (proven == 0)).any():
                visits = np.where(proven < 0, 0, visits)
            action = pick(visits, board.ply() < config.temperature_plies, rng)
        board.push(tamerlane.index_to_move(board, action))
        search.play(action)
    result = adjudicated(board, result, config)
    end = result.plies + (config.adjudicate_horizon if result.ending == "material" else 0)
    first = result.plies - len(positions)
    samples = [
        Sample(tfen, actions, probs, value_target(result, turn, end - (first + i), config.discount))
        for i, (tfen, turn, actions, probs) in enumerate(positions)
    ]
    return samples, result


def policy_target(board: tamerlane.Board, net: Predictor, visits: npt.NDArray[np.int64],
                  config: Config) -> Tuple[npt.NDArray[np.int64], F32]:
    """The policy target of a searched position (``Config.policy_target``):
    the actions it covers and their probabilities."""
    if config.policy_target == "visits":
        nz = np.flatnonzero(visits)
        return nz.astype(np.int64), (visits[nz] / visits[nz].sum()).astype(np.float32)
    if config.policy_target != "mixed":
        raise ValueError(f"unknown policy target {config.policy_target!r} (visits or mixed)")
    moves = list(board.legal_moves)
    actions = np.array([tamerlane.move_to_index(m, board.turn) for m in moves], np.int64)
    children = []
    for m in moves:
        child = board.copy(stack=False)
        child.push(m)
        children.append(child)
    boards = [board, *children]
    priors, values = net.predict(tamerlane.planes_many(boards).astype(np.float32), tamerlane.masks_many(boards))
    q = -values[1:].astype(np.float64)
    for i, child in enumerate(children):
        outcome = child.outcome()
        if outcome is not None:
            # A move ends the game drawn or won by the mover, never lost.
            q[i] = 0.0 if outcome.winner is None else 1.0
    logits = np.log(np.maximum(priors[0, actions].astype(np.float64), 1e-12)) + config.policy_q_scale * q
    improved = np.exp(logits - logits.max())
    improved /= improved.sum()
    seen = visits[actions].astype(np.float64)
    target = 0.5 * improved + 0.5 * seen / seen.sum()
    keep = target > 0
    return actions[keep], target[keep].astype(np.float32)


def value_target(result: GameResult, turn: bool, plies_left: int, discount: float) -> float:
    """The value target of a position with `turn` to move, `plies_left`
    plies before the game's (or the adjudication's) end: 0 for a draw,
    else ``result.weight * discount ** plies_left`` from the winner's
    view."""
    if result.winner is None:
        return 0.0
    v = float(result.weight * discount ** plies_left)
    return v if result.winner == turn else -v


def ending_move(board: tamerlane.Board, drawn: bool) -> Optional[tamerlane.Move]:
    """The first legal move in move order after which the game is over by
    the rules (docs/RULES.md, section 6): drawn if `drawn`, else won by the
    mover; ``None`` if there is none."""
    for move in board.legal_moves:
        board.push(move)
        try:
            outcome = board.outcome()
            if outcome is not None and (outcome.winner is None) == drawn:
                return move
        finally:
            board.pop()
    return None


def winning_move(board: tamerlane.Board) -> Optional[tamerlane.Move]:
    """A legal move after which the mover has won by the rules (the
    opponent has no legal move: checkmate or stalemate, docs/RULES.md,
    section 6), the first in move order; ``None`` if there is none."""
    return ending_move(board, drawn=False)


def play_games(backend: str, weights: Dict[str, npt.NDArray[Any]], config_dict: Dict[str, Any],
               seeds: Sequence[int]) -> List[Tuple[List[Sample], GameResult]]:
    """Self-play games with a network rebuilt from its weights: the unit of
    work sent to a cluster worker (train.py --cluster)."""
    config = Config.from_dict(config_dict)
    net = make_network(config, backend)
    net.set_weights(weights)
    return [self_play_game(net, config, s) for s in seeds]


# --- opponents and evaluation ---------------------------------------------

Player = Callable[[tamerlane.Board], tamerlane.Move]


#: The squares a royal steps into each side's citadel from, keyed by the
#: citadel's owner (``True``: White): those a king step away from it
#: (docs/RULES.md, section 1: k1-k3 for `wc`, a8-a10 for `bc`).
CITADEL_DOORS = {
    owner: frozenset(s for s in tamerlane.SQUARES if tamerlane.square_distance(s, citadel) == 1)
    for owner, citadel in ((True, tamerlane.WC), (False, tamerlane.BC))
}


def _royal_steps_to_door(board: tamerlane.Board, doors: FrozenSet[int]) -> Optional[int]:
    """With the opponent to move: 1 if one of its royals can step onto one
    of `doors` now, 2 if it can step next to a door that we do not attack
    once it has stepped (where nothing we do can keep it out: no piece
    attacks or blocks a citadel, docs/RULES.md, section 5); else ``None``.
    Every royal counts, whichever may enter (a cautious reading)."""
    us = not bool(board.turn)
    steps: Optional[int] = None
    for reply in board.legal_moves:
        if reply.role is None or not reply.role.is_royal:
            continue
        if reply.to_square in doors:
            return 1
        near = [d for d in doors if tamerlane.square_distance(reply.to_square, d) == 1]
        if steps is not None or not near:
            continue
        board.push(reply)
        try:
            if any(_open_to_them(board, door, us) for door in near):
                steps = 2
        finally:
            board.pop()
    return steps


def _open_to_them(board: tamerlane.Board, square: int, us: bool) -> bool:
    """Whether the opponent's royal could step onto `square`: empty or ours,
    and not attacked by us."""
    piece = board.piece_at(square)
    return (piece is None or bool(piece.color) == us) and not board.is_attacked_by(us, square)


def draw_risk(board: tamerlane.Board, move: tamerlane.Move) -> int:
    """How near `move` brings a draw that the search cannot see, for a side
    that wants to win (the tree knows nothing of the game's history,
    docs/PYTHON.md "MCTS", and a draw by the citadel is a few plies deep):

    - 5: it draws at once (a third occurrence, the move limit, a royal into
      the opponent's citadel: docs/RULES.md, section 6);
    - 4: the opponent can draw at once;
    - 3: an opponent's royal can step next to our citadel, from where it
      can enter whatever we play (``_royal_steps_to_door``);
    - 2: it can get there in two steps;
    - 1: the move repeats a position of the game;
    - 0: none of these."""
    board.push(move)
    try:
        outcome = board.outcome()
        if outcome is not None:
            return 5 if outcome.winner is None else 0
        if ending_move(board, drawn=True) is not None:
            return 4
        steps = _royal_steps_to_door(board, CITADEL_DOORS[not bool(board.turn)])
        if steps is not None:
            return 4 - steps
        return 1 if board.is_repetition(2) else 0
    finally:
        board.pop()


class MctsPlayer:
    """The trained agent: MCTS with the network, no noise, the most
    visited move (a move that wins at once first, with
    ``Config.take_wins``; with ``Config.agent_solver`` a move the search
    proved to win, and no move proved to lose while there is another).
    While it is winning (the search's value not negative, or a material
    lead of ``Config.adjudicate_margin``), it plays the move of least
    ``draw_risk`` among the legal moves ranked by visits, then by prior:
    the most visited move unless that one brings a draw nearer that the
    tree cannot see. Its tree follows the game (both sides' moves)."""

    def __init__(self, net: Predictor, config: Config, simulations: int, seed: int = 0) -> None:
        self.net, self.config, self.simulations, self.seed = net, config, simulations, seed
        self.search: Optional[MCTS] = None
        self.seen = 0

    def __call__(self, board: tamerlane.Board) -> tamerlane.Move:
        win = winning_move(board) if self.config.take_wins else None
        if win is not None:
            self.search = None
            return win
        stack = board.move_stack
        if self.search is None or self.seen > len(stack):
            self.search = make_search(board, self.net, self.simulations, self.config.search_batch,
                                      self.config, self.seed, False, self.config.eval_value_scale,
                                      self.config.agent_solver)
        else:
            for move in stack[self.seen:]:
                self.search.play(move)
        visits, value = self.search.run()
        # The legal moves: a move proved to win first, then the visited
        # moves by visits, then the others by prior; the moves proved to
        # lose last.
        legal = board.legal_action_mask()
        proven = self.search.proven()
        rank = np.where(legal, -proven.astype(np.int64), 2)
        order = np.lexsort((-self.search.priors(), -visits, rank))
        action = int(order[0])
        lead = material(board) * (1 if bool(board.turn) else -1)
        if proven[action] <= 0 and (value >= 0 or lead >= self.config.adjudicate_margin):
            best = 6
            for a in order[: int(np.count_nonzero(legal))]:
                if proven[a] < 0:
                    break
                risk = draw_risk(board, tamerlane.index_to_move(board, int(a)))
                if risk < best:
                    action, best = int(a), risk
                if risk == 0:
                    break
        self.search.play(action)
        self.seen = len(stack) + 1
        return tamerlane.index_to_move(board, action)


def random_player(seed: int) -> Player:
    """A uniformly random legal move."""
    rng = random.Random(seed)
    return lambda board: rng.choice(list(board.legal_moves))


def engine_player(seed: int, level: int = 1) -> Player:
    """The engine at one of the web board's weak levels, 1 to 5 (docs/WEB.md;
    `Engine.play`'s `level`: level 1 searches to depth 2 and 3,000 nodes,
    finds the 4 best lines and draws a move within 180 centipawns of the
    best), or at `level` 0: depth 1, the best move."""
    if not 0 <= level <= 5:
        raise ValueError(f"engine level must be 0 to 5, not {level}")
    engine = tamerlane.Engine(hash_mb=4, threads=1)
    rng = random.Random(seed)

    def play(board: tamerlane.Board) -> tamerlane.Move:
        if level == 0:
            move = engine.search(board, depth=1).move
        else:
            move = engine.play(board, Limit(), level=level, seed=rng.getrandbits(64)).move
        assert move is not None
        return move

    return play


def play_match_game(agent: Player, opponent: Player, agent_white: bool, cap: int) -> GameResult:
    """One game from the start position; cut at `cap` plies (no winner)."""
    board = tamerlane.Board()
    while (result := ending_of(board, cap)) is None:
        mover = agent if bool(board.turn) == agent_white else opponent
        board.push(mover(board))
    return result


@dataclass
class MatchReport:
    """The agent's results: wins, draws, losses and how each game ended."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    endings: Dict[str, int] = field(default_factory=dict)
    plies: List[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    def add(self, result: GameResult, agent_white: bool) -> None:
        """Counts one game ("won by checkmate", "lost by stalemate", "draw by
        citadel", "move-cap", ...)."""
        if result.winner is None:
            self.draws += 1
            key = "draw: " + result.ending
        elif result.winner == agent_white:
            self.wins += 1
            key = "win: " + result.ending
        else:
            self.losses += 1
            key = "loss: " + result.ending
        self.endings[key] = self.endings.get(key, 0) + 1
        self.plies.append(result.plies)

    def summary(self) -> str:
        """``+W =D -L`` and the endings."""
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.endings.items()))
        mean = sum(self.plies) / max(1, len(self.plies))
        return f"+{self.wins} ={self.draws} -{self.losses} of {self.games} ({ends}; mean {mean:.0f} plies)"


def evaluate(net: Predictor, config: Config, opponent: Callable[[int], Player], games: int,
             simulations: int, cap: int, seed: int = 0,
             progress: Optional[Callable[[int, MatchReport], None]] = None) -> MatchReport:
    """`games` games of the agent (MCTS with `simulations` per move) against
    fresh opponents made by `opponent(seed)`, colours alternating (the
    agent White in even games)."""
    report = MatchReport()
    for g in range(games):
        white = g % 2 == 0
        agent = MctsPlayer(net, config, simulations, seed=seed + g)
        report.add(play_match_game(agent, opponent(seed + g), white, cap), white)
        if progress is not None:
            progress(g + 1, report)
    return report


class MaterialOracle:
    """Not a network: a hand-written evaluator for comparison (play.py
    --material-oracle), what a perfectly learned material count would give.
    Values: ``tanh`` of the side to move's material lead (ROLE_VALUES) over
    1000 centipawns, plus `mobility` centipawns for each of its legal moves
    up to 40 (0 by default); priors: uniform, a capture weighted by the
    value it takes (1 + value / 50), or uniform over every legal move with
    `capture_priors` false."""

    backend = "material-oracle"

    def __init__(self, mobility: float = 0.0, capture_priors: bool = True) -> None:
        self.values = np.array([ROLE_VALUES.get(str(r), 100) for r in tamerlane.Role.all()], np.float32)
        self.mobility, self.capture_priors = mobility, capture_priors

    def predict(self, obs: F32, mask: Mask) -> Tuple[F32, F32]:
        """Priors and values for a batch (the ``Network`` evaluator)."""
        n = len(obs)
        cells = obs.reshape(n, obs.shape[1], -1)[:, :, CELLS]  # [B, planes, 112]
        own = cells[:, :23].sum(axis=2) @ self.values
        theirs = cells[:, 23:46].sum(axis=2) @ self.values
        if self.capture_priors:
            taken = np.einsum("bps,p->bs", cells[:, 23:46], self.values)  # on each to-square
            priors = mask * (1.0 + np.tile(taken / 50.0, SQUARES))
        else:
            priors = mask.astype(np.float32)
        priors /= priors.sum(axis=1, keepdims=True)
        lead = own - theirs + self.mobility * np.minimum(mask.sum(axis=1), 40)
        return priors.astype(np.float32), np.tanh(lead / 1000.0).astype(np.float32)


# --- networks, checkpoints, the curve -------------------------------------


def make_network(config: Config, backend: Optional[str] = None) -> Network:
    """A fresh network of `backend` (default: the configuration's)."""
    name = backend or config.backend
    if name == "numpy":
        from az_numpy import NumpyNet

        return NumpyNet(config)
    if name == "jax":
        from az_jax import JaxNet

        net: Network = JaxNet(config)
        return net
    raise ValueError(f"unknown backend {name!r} (numpy or jax)")


def save_checkpoint(path: Path, net: Network, config: Config, iteration: int,
                    extra: Optional[Dict[str, Any]] = None) -> None:
    """The network's weights (float32) and the run's configuration and
    iteration in one ``.npz``."""
    meta = {"config": asdict(config), "iteration": iteration, "backend": net.backend, **(extra or {})}
    arrays = {f"w/{k}": np.asarray(v, dtype=np.float32) for k, v in net.get_weights().items()}
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, meta=np.array(json.dumps(meta)), **arrays)  # type: ignore[arg-type]
    tmp.replace(path)


def load_checkpoint(path: Path, backend: Optional[str] = None) -> Tuple[Network, Config, Dict[str, Any]]:
    """The network, configuration and metadata of a checkpoint."""
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
        weights = {k[2:]: data[k] for k in data.files if k.startswith("w/")}
    config = Config.from_dict(meta["config"])
    net = make_network(config, backend or meta["backend"])
    net.set_weights(weights)
    return net, config, meta


CURVE_FIELDS = ["iteration", "seconds", "games", "positions", "buffer", "loss", "policy_loss",
                "value_loss", "decisive_selfplay", "mean_plies", "eval_games", "wins_vs_random",
                "draws_vs_random", "losses_vs_random", "win_rate_vs_random"]


def write_curve(path: Path, rows: List[Dict[str, Any]]) -> None:
    """The learning curve as CSV (one row per iteration)."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=CURVE_FIELDS, extrasaction="ignore")
        w.writeheader()
        for row in rows:
            w.writerow(row)


def plot_curve(csv_path: Path, png_path: Path) -> None:
    """Draws the curve (loss and win rate against the random player, by
    training time) with matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with open(csv_path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    minutes = [float(r["seconds"]) / 60 for r in rows]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    ax1.plot(minutes, [float(r["loss"]) for r in rows], label="total")
    ax1.plot(minutes, [float(r["policy_loss"]) for r in rows], label="policy")
    ax1.plot(minutes, [float(r["value_loss"]) for r in rows], label="value")
    ax1.set(title="training loss", xlabel="minutes", ylabel="loss")
    ax1.legend()
    ev = [(m, float(r["win_rate_vs_random"])) for m, r in zip(minutes, rows) if r["eval_games"] not in ("", "0")]
    ax2.plot([m for m, _ in ev], [w for _, w in ev], marker="o", ms=3, label="wins vs random")
    ax2.plot(minutes, [float(r["decisive_selfplay"]) for r in rows], alpha=0.6,
             label="decisive self-play games")
    ax2.set(title="wins against a random player", xlabel="minutes", ylabel="fraction", ylim=(-0.02, 1.02))
    ax2.legend()
    fig.tight_layout()
    fig.savefig(png_path, dpi=100)
    plt.close(fig)


# --- the loop ----------------------------------------------------------------


def fmt_time(seconds: float) -> str:
    """``m:ss``."""
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def train(config: Config, out: Path, *, seconds: Optional[float] = None,
          iterations: Optional[int] = None, net: Optional[Network] = None,
          game_runner: Optional[Callable[[Network, List[int]], List[Tuple[List[Sample], GameResult]]]] = None,
          log: Callable[[str], None] = print) -> Tuple[Network, List[Dict[str, Any]]]:
    """The AlphaZero loop, until `seconds` have passed or after
    `iterations` (whichever comes first): each iteration plays
    `games_per_iteration` self-play games (in this process, or by
    `game_runner`, e.g. on the cluster), adds their positions to the
    buffer, trains, and now and then plays the random player. Writes
    ``out/checkpoint.npz`` and ``out/curve.csv`` after every iteration, and
    with ``out/curve.png`` at the end, also when stopped by Ctrl-C or an
    error."""
    out.mkdir(parents=True, exist_ok=True)
    np.random.seed(config.seed)
    net = net if net is not None else make_network(config)
    buffer = ReplayBuffer(config.buffer_size, seed=config.seed)
    rows: List[Dict[str, Any]] = []
    start = time.monotonic()
    deadline = start + seconds if seconds is not None else math.inf
    games = positions = 0
    iteration = 0
    interrupted = False
    try:
        while (iterations is None or iteration < iterations) and time.monotonic() < deadline:
            iteration += 1
            seeds = [config.seed * 1_000_003 + games + i for i in range(config.games_per_iteration)]
            if game_runner is not None:
                results = game_runner(net, seeds)
            else:
                results = []
                for s in seeds:
                    results.append(self_play_game(net, config, s))
                    left = deadline - time.monotonic()
                    log(f"  iteration {iteration}: game {len(results)}/{len(seeds)}, "
                        f"{len(results[-1][0])} plies ({results[-1][1].ending}), "
                        f"time left {fmt_time(left) if left < math.inf else '-'}")
            new = [s for samples, _ in results for s in samples]
            buffer.extend(new)
            games += len(results)
            positions += len(new)
            steps = max(1, int(round(config.steps_per_position * len(new))))
            losses: Dict[str, List[float]] = {}
            for _ in range(steps):
                for k, v in net.train_step(*buffer.sample(config.train_batch)).items():
                    losses.setdefault(k, []).append(v)
            row: Dict[str, Any] = {
                "iteration": iteration,
                "games": games,
                "positions": positions,
                "buffer": len(buffer),
                **{k: round(float(np.mean(v)), 5) for k, v in losses.items()},
                "decisive_selfplay": round(sum(r.winner is not None for _, r in results) / len(results), 3),
                "mean_plies": round(float(np.mean([r.plies for _, r in results])), 1),
                "eval_games": 0,
            }
            if config.eval_every > 0 and iteration % config.eval_every == 0 and config.eval_games > 0:
                rep = evaluate(net, config, random_player, config.eval_games, config.eval_simulations,
                               config.eval_max_plies, seed=10_000 + iteration)
                row["eval_summary"] = rep.summary()
                row.update(eval_games=rep.games, wins_vs_random=rep.wins, draws_vs_random=rep.draws,
                           losses_vs_random=rep.losses, win_rate_vs_random=round(rep.wins / rep.games, 3))
            row["seconds"] = round(time.monotonic() - start, 1)
            rows.append(row)
            left = deadline - time.monotonic()
            ev = (f", vs random {row['eval_summary']}"
                  if row["eval_games"] else "")
            # Kept after every iteration, so that a crash loses one at most.
            save_checkpoint(out / "checkpoint.npz", net, config, iteration,
                            {"seconds": row["seconds"], "games": games, "positions": positions,
                             "interrupted": False})
            write_curve(out / "curve.csv", rows)
            log(f"iteration {iteration}: {games} games, {positions} positions, buffer {len(buffer)}, "
                f"loss {row.get('loss', float('nan')):.3f} (policy {row.get('policy_loss', float('nan')):.3f}, "
                f"value {row.get('value_loss', float('nan')):.3f}), decisive {row['decisive_selfplay']:.0%}"
                f"{ev}; {fmt_time(row['seconds'])} elapsed, "
                f"{fmt_time(left) + ' left' if left < math.inf else ''}")
    except KeyboardInterrupt:
        interrupted = True
        log("interrupted: saving the checkpoint and the curve")
    finally:
        save_checkpoint(out / "checkpoint.npz", net, config, iteration,
                        {"seconds": round(time.monotonic() - start, 1), "games": games,
                         "positions": positions, "interrupted": interrupted})
        write_curve(out / "curve.csv", rows)
        if rows:
            plot_curve(out / "curve.csv", out / "curve.png")
    return net, rows

"""The AlphaZero example (examples/alphazero/, docs/PYTHON.md "AlphaZero
example") in small: its loop with the numpy network (self-play with
``MCTS``, the buffer, training, evaluation, checkpoints, the curve, Ctrl-C)
and its two scripts. The JAX network of the real run is checked too when
JAX is installed (the ``alphazero`` extra; not a development dependency).
"""

from __future__ import annotations

import csv
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, Iterator, List

import numpy as np
import pytest

import tamerlane
from conftest import REPO, scripts_from
from test_engine import interrupt_main_after

EXAMPLE = REPO / "examples" / "alphazero"


@pytest.fixture(scope="module")
def az() -> Iterator[ModuleType]:
    """The example's loop (az_core), imported from its folder."""
    with scripts_from(EXAMPLE, "az_core") as module:
        yield module


def tiny(az: ModuleType, **kw: Any) -> Any:
    """A configuration of seconds: a small numpy net, 8 simulations, short
    games."""
    settings = dict(backend="numpy", hidden=32, simulations=8, search_batch=4, max_plies=16,
                    games_per_iteration=2, train_batch=32, steps_per_position=0.1, eval_every=1,
                    eval_games=2, eval_simulations=8, eval_max_plies=12, buffer_size=50,
                    learning_rate=1e-3, handicap_fraction=0.0, adjudicate_scale=0)
    settings.update(kw)
    return az.Config(**settings)


def fixed_batch(az: ModuleType, config: Any) -> Any:
    """A batch of real self-play positions (two short games)."""
    net = az.make_network(config)
    samples: List[Any] = []
    for seed in (1, 2):
        samples.extend(az.self_play_game(net, config, seed)[0])
    return az.batch_arrays(samples)


def test_numpy_network_shapes_and_priors(az: ModuleType) -> None:
    net = az.make_network(tiny(az))
    boards = [tamerlane.Board(), tamerlane.Board()]
    boards[1].push_uci("f3f4")
    obs = tamerlane.planes_many(boards)
    mask = tamerlane.masks_many(boards)
    priors, values = net.predict(obs, mask)
    assert priors.shape == (2, tamerlane.ACTION_SPACE_SIZE) and values.shape == (2,)
    assert priors.dtype == np.float32 and values.dtype == np.float32
    assert np.allclose(priors.sum(axis=1), 1.0, atol=1e-5)
    assert (priors[~mask] == 0).all() and (priors[mask] > 0).all()
    assert (np.abs(values) <= 1).all()


def test_self_play_positions_and_targets(az: ModuleType) -> None:
    # AlphaZero's pure targets: the visits, the undiscounted result.
    config = tiny(az, adjudicate="none", discount=1.0, policy_target="visits", take_wins=False)
    samples, result = az.self_play_game(az.make_network(config), config, 7)
    assert len(samples) == result.plies <= config.max_plies
    assert result.ending in {"move-cap", "checkmate", "stalemate", "citadel", "royals-only", "repetition"}
    board = tamerlane.Board()
    for s in samples:
        assert s.tfen == board.tfen()
        assert abs(float(s.probs.sum()) - 1) < 1e-5 and (s.probs > 0).all()
        legal = board.legal_action_mask()
        assert legal[s.actions].all()
        # The value target is the result from the side to move's view.
        expected = 0.0 if result.winner is None else (1.0 if result.winner == bool(board.turn) else -1.0)
        assert s.value == expected
        # Replay the game: the move played is one the search visited.
        nxt = [t for t in samples if t is not s]
        if s is samples[-1]:
            break
        following = samples[samples.index(s) + 1].tfen
        moves = [m for m in board.legal_moves if tamerlane.move_to_index(m) in set(s.actions.tolist())]
        for m in moves:
            board.push(m)
            if board.tfen() == following:
                break
            board.pop()
        else:
            raise AssertionError(f"no visited move leads to the next position ({len(nxt)})")


def test_handicap_starts_take_pieces_off_one_side(az: ModuleType) -> None:
    import random

    start = tamerlane.Board()
    full = {sq: p for sq, p in start.piece_map().items()}
    sides = set()
    for seed in range(20):
        config = tiny(az, handicap_min=3 + seed % 5, handicap_max=3 + seed % 5 + seed % 3)
        board = tamerlane.Board(az.handicap_start(random.Random(seed), config))
        assert board.outcome() is None and board.ply() == 0 and board.turn == tamerlane.WHITE
        left = board.piece_map()
        # Nothing moved or was added; only one side's non-royal pieces went.
        assert all(full[sq] == p for sq, p in left.items())
        gone = [full[sq] for sq in full if sq not in left]
        assert config.handicap_min <= len(gone) <= config.handicap_max
        assert len({bool(p.color) for p in gone}) == 1 and not any(p.role.is_royal for p in gone)
        sides.add(bool(gone[0].color))
    assert sides == {True, False}
    # Everything but the king at the most.
    lone = tamerlane.Board(az.handicap_start(random.Random(0), tiny(az, handicap_min=99, handicap_max=99)))
    assert sorted(str(p.role) for p in lone.piece_map().values()).count("king") == 2
    assert len(lone.piece_map()) == 28 + 1
    # Self-play draws its start from the seed: with a share of 1 every game
    # starts from a handicap, with 0 none does.
    for share, handicapped in ((1.0, True), (0.0, False)):
        config = tiny(az, handicap_fraction=share, max_plies=2)
        samples, _ = az.self_play_game(az.make_network(config), config, 5)
        assert (samples[0].tfen != start.tfen()) == handicapped


def test_endgame_starts_leave_a_few_pieces_to_one_side_and_fewer_to_the_other(az: ModuleType) -> None:
    import random

    start = tamerlane.Board()
    full = {sq: p for sq, p in start.piece_map().items()}
    strong_sides = set()
    for seed in range(20):
        config = tiny(az, endgame_min=2 + seed % 3, endgame_max=4 + seed % 4, endgame_weak_max=seed % 3)
        board = tamerlane.Board(az.endgame_start(random.Random(seed), config))
        assert board.outcome() is None and board.ply() == 0 and board.turn == tamerlane.WHITE
        left = board.piece_map()
        # Nothing moved or was added, and both kings stay.
        assert all(full[sq] == p for sq, p in left.items())
        assert sum(1 for p in left.values() if p.role.is_royal) == 2
        kept = {side: sum(1 for p in left.values() if bool(p.color) == side and not p.role.is_royal)
                for side in (True, False)}
        hi, lo = max(kept.values()), min(kept.values())
        assert config.endgame_min <= hi <= config.endgame_max and lo <= config.endgame_weak_max
        if hi > config.endgame_weak_max:
            strong_sides.add(kept[True] > kept[False])
    assert strong_sides == {True, False}
    # Self-play: with a share of 1 every game starts from an endgame, with 0
    # none does (and the handicap's share is drawn as before).
    for share, thinned in ((1.0, True), (0.0, False)):
        config = tiny(az, endgame_fraction=share, max_plies=2)
        samples, _ = az.self_play_game(az.make_network(config), config, 5)
        pieces = len(tamerlane.Board(samples[0].tfen).piece_map())
        assert (pieces <= 2 + config.endgame_max + config.endgame_weak_max) == thinned


def test_material_adjudication(az: ModuleType) -> None:
    config = tiny(az)
    # White: Knight, Rook, Vizier (1280); Black: Rook, Talia, Giraffe (1745).
    board = tamerlane.Board("k4r5/11/11/11/11/11/2t8/11/4NR3g1/5K1V3 w - 00 0 1")
    assert az.material(board) == 275 + 930 + 75 - (930 + 225 + 590)
    capped = az.GameResult(None, "move-cap", 200)
    assert az.adjudicated(board, capped, config) == az.GameResult(False, "material", 200)
    assert az.adjudicated(board, capped, tiny(az, adjudicate="none")) == capped
    assert az.adjudicated(board, capped, tiny(az, adjudicate_margin=500)) == capped
    mate = az.GameResult(True, "checkmate", 90)
    assert az.adjudicated(board, mate, config) == mate
    # With a scale, the win is worth the lead over the scale, at most 1.
    scaled = az.adjudicated(board, capped, tiny(az, adjudicate_scale=930))
    assert scaled == az.GameResult(False, "material", 200, 465 / 930)
    assert az.value_target(scaled, False, 0, 0.9) == pytest.approx(0.5)
    assert az.value_target(scaled, True, 2, 0.9) == pytest.approx(-0.5 * 0.81)
    assert az.adjudicated(board, capped, tiny(az, adjudicate_scale=400)).weight == 1.0
    assert az.material(tamerlane.Board()) == 0


def test_value_targets_are_discounted_by_the_plies_left(az: ModuleType) -> None:
    win = az.GameResult(True, "checkmate", 10)
    assert az.value_target(win, True, 0, 0.9) == 1.0
    assert az.value_target(win, False, 0, 0.9) == -1.0
    assert az.value_target(win, True, 3, 0.9) == pytest.approx(0.9**3)
    assert az.value_target(win, False, 3, 0.9) == pytest.approx(-(0.9**3))
    assert az.value_target(win, True, 50, 1.0) == 1.0  # AlphaZero's: undiscounted
    assert az.value_target(az.GameResult(None, "repetition", 10), True, 3, 0.9) == 0.0


def test_self_play_targets_count_plies_to_the_end_and_past_an_adjudication(az: ModuleType) -> None:
    # A game cut at 16 plies and given to the side ahead in material counts
    # as ending `adjudicate_horizon` plies later; each target is the
    # discounted result from its side to move's view.
    config = tiny(az, discount=0.9, adjudicate_horizon=5, adjudicate_margin=1)
    for seed in range(1, 40):
        samples, result = az.self_play_game(az.make_network(config), config, seed)
        if result.ending == "material":
            break
    else:
        raise AssertionError("no self-play game was adjudicated")
    assert len(samples) == result.plies == 16
    for ply, s in enumerate(samples):
        turn = ply % 2 == 0  # White moves at even plies
        left = 16 + 5 - ply
        assert s.value == pytest.approx((1.0 if result.winner == turn else -1.0) * 0.9**left)


#: Black's King a10 has only a9 left; a Rook to the a-file takes it and
#: gives check: no legal move remains (docs/RULES.md, section 6).
MATE_IN_ONE = "k10/11/2R8/11/11/11/11/11/1R9/5K5 w - 00 0 1"


def test_winning_move_finds_a_mate_in_one_and_nothing_at_the_start(az: ModuleType) -> None:
    board = tamerlane.Board(MATE_IN_ONE)
    move = az.winning_move(board)
    assert move is not None
    board.push(move)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == tamerlane.WHITE
    assert az.winning_move(tamerlane.Board()) is None


#: Black's King on k4, one step from k3, which touches White's citadel
#: (docs/RULES.md, section 1); White has its King on a10 and a Rook on b7.
CITADEL_WALK = "K10/11/11/1R9/11/11/10k/11/11/11 w - 00 0 1"


def test_draw_risk_sees_a_royal_walking_to_our_citadel(az: ModuleType) -> None:
    board = tamerlane.Board(CITADEL_WALK)
    # White's 23 moves, counted by hand: the King's a9, b9, b10 and its
    # entry into Black's citadel (a10bc, a draw at once), the Rook's 10
    # along rank 7 and 9 along the b-file.
    assert len(board.legal_moves) == 23
    risk = {str(m): az.draw_risk(board, m) for m in board.legal_moves}
    assert risk["a10bc"] == 5
    # Only a Rook guarding k3 keeps Black's King off the squares next to
    # the citadel: b7b3 along rank 3, and b7k7 with check along the k-file
    # (Black's King must leave the file, and k1-k3 stay covered). After any
    # other move Kk3 comes, then the citadel, which nothing can guard.
    assert {m for m, r in risk.items() if r == 0} == {"b7b3", "b7k7"}
    assert {m for m, r in risk.items() if r not in (0, 5)} == set(risk) - {"b7b3", "b7k7", "a10bc"}
    assert all(r == 3 for m, r in risk.items() if m not in ("b7b3", "b7k7", "a10bc"))
    assert board.fen() == CITADEL_WALK
    # One step nearer, every move lets Black's King into the citadel at once.
    board = tamerlane.Board(CITADEL_WALK.replace("/10k/11/", "/11/10k/"))
    assert {az.draw_risk(board, m) for m in board.legal_moves} == {4, 5}
    # One step farther (k5), b7b8 lets the King reach k4, next to k3: two
    # steps; b7b4 keeps it on rank 5 or above (no step to a square next to
    # a door), so does b7b3.
    board = tamerlane.Board(CITADEL_WALK.replace("/11/10k/11/", "/10k/11/11/"))
    assert az.draw_risk(board, board.parse_uci("b7b8")) == 2
    assert az.draw_risk(board, board.parse_uci("b7b4")) == 0
    assert az.draw_risk(board, board.parse_uci("b7b3")) == 0
    # A move that repeats a position of the game comes last: b7b3 is safe
    # the first time, not after the Rook and the King have gone back.
    board = tamerlane.Board(CITADEL_WALK)
    for uci in ("b7b3", "k4k5", "b3b7", "k5k4"):
        board.push_uci(uci)
    assert az.draw_risk(board, board.parse_uci("b7b3")) == 1
    assert az.draw_risk(board, board.parse_uci("b7k7")) == 0


def test_take_wins_plays_the_win_and_stores_it_as_the_policy(az: ModuleType) -> None:
    config = tiny(az, take_wins=True)
    board = tamerlane.Board(MATE_IN_ONE)
    agent = az.MctsPlayer(az.make_network(config), config, 8)
    move = agent(board)
    board.push(move)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == tamerlane.WHITE
    # In self-play the win is played and stored as a sure policy target.
    samples, result = az.self_play_game(az.make_network(config), config, 1, start=MATE_IN_ONE)
    assert result == az.GameResult(True, "checkmate", 1) and len(samples) == 1
    assert samples[0].actions.tolist() == [tamerlane.move_to_index(move)]
    # One ply before the end: the result discounted once.
    assert samples[0].probs.tolist() == [1.0] and samples[0].value == pytest.approx(config.discount)


def test_the_agent_plays_a_proven_win_and_avoids_a_proven_loss(az: ModuleType, monkeypatch: Any) -> None:
    # A stand-in search whose statistics are set by hand: the agent's
    # choice among them (MctsPlayer with Config.agent_solver).
    board = tamerlane.Board()
    legal = np.flatnonzero(board.legal_action_mask())
    a, b, c = (int(x) for x in legal[:3])

    class Search:
        def __init__(self, visits: Any, proven: Any) -> None:
            self.v, self.p = visits, proven
            self.played: Any = None

        def run(self) -> Any:
            return self.v, 0.5

        def proven(self) -> Any:
            return self.p

        def priors(self) -> Any:
            return board.legal_action_mask().astype(np.float32)

        def play(self, action: Any) -> None:
            self.played = action

    def choice(visits: Dict[int, int], proven: Dict[int, int], solver: bool = True) -> int:
        v = np.zeros(tamerlane.ACTION_SPACE_SIZE, np.int64)
        p = np.zeros(tamerlane.ACTION_SPACE_SIZE, np.int8)
        for k, n in visits.items():
            v[k] = n
        for k, n in proven.items():
            p[k] = n
        search = Search(v, p)
        seen: Dict[str, Any] = {}

        def make_search(*args: Any) -> Search:
            seen["solver"] = args[-1]
            return search

        monkeypatch.setattr(az, "make_search", make_search)
        config = tiny(az, take_wins=False, agent_solver=solver)
        move = az.MctsPlayer(az.make_network(config), config, 8)(board.copy())
        assert seen["solver"] is solver and search.played == tamerlane.move_to_index(move)
        return int(search.played)

    assert choice({a: 10, b: 3, c: 1}, {}) == a
    assert choice({a: 10, b: 3, c: 1}, {c: 1}) == c  # a proven win, though least visited
    assert choice({a: 10, b: 3, c: 1}, {a: -1}) == b  # a proven loss passed over
    assert choice({a: 10}, {a: -1}) != a  # for an unvisited move
    # Every move proved to lose: still a legal move, the most visited.
    assert choice({a: 1, b: 5}, {int(x): -1 for x in legal}) == b
    assert choice({a: 10, b: 3}, {}, solver=False) == a


def test_self_play_with_the_solver_plays_a_proven_win_and_avoids_a_proven_loss(
        az: ModuleType, monkeypatch: Any) -> None:
    # A stand-in search, as above, for one self-play move (the game cut
    # after it): Config.selfplay_solver's choice and policy target.
    legal = np.flatnonzero(tamerlane.Board().legal_action_mask())
    a, b, c = (int(x) for x in legal[:3])

    def one_move(visits: Dict[int, int], proven: Dict[int, int], solver: bool = True) -> Any:
        v = np.zeros(tamerlane.ACTION_SPACE_SIZE, np.int64)
        p = np.zeros(tamerlane.ACTION_SPACE_SIZE, np.int8)
        for k, n in visits.items():
            v[k] = n
        for k, n in proven.items():
            p[k] = n
        seen: Dict[str, Any] = {}

        class Search:
            def run(self) -> Any:
                return v, 0.0

            def proven(self) -> Any:
                seen["asked"] = True
                return p

            def play(self, action: Any) -> None:
                seen["played"] = int(action)

        def make_search(*args: Any, **kw: Any) -> Search:
            seen["solver"] = kw.get("solver")
            return Search()

        monkeypatch.setattr(az, "make_search", make_search)
        config = tiny(az, take_wins=False, selfplay_solver=solver, max_plies=1, temperature_plies=0)
        samples, result = az.self_play_game(az.make_network(config), config, 1)
        assert result.plies == 1 and len(samples) == 1 and seen["solver"] is solver
        assert seen.get("asked", False) is solver
        return seen["played"], samples[0]

    played, sample = one_move({a: 10, b: 3, c: 1}, {c: 1})
    assert played == c  # the proven win, though least visited, as a sure target
    assert sample.actions.tolist() == [c] and sample.probs.tolist() == [1.0]
    played, sample = one_move({a: 10, b: 3, c: 1}, {a: -1})
    assert played == b and len(sample.actions) > 1  # the proven loss passed over; the usual target
    assert one_move({a: 10}, {a: -1})[0] == a  # no other visited move: played all the same
    assert one_move({a: 10, b: 3}, {a: -1}, solver=False)[0] == a  # without the solver, no proofs read


def test_mixed_policy_target_covers_every_move_and_favours_the_better_values(az: ModuleType) -> None:
    # White's Rook f2 can take Black's Rook f10, its only capture (f2j2
    # would leave the King to the Talia); the material oracle's values see
    # it. The search visited one quiet move only.
    board = tamerlane.Board("k4r5/11/11/11/11/11/2t8/11/4NR3g1/5K1V3 w - 00 0 1")
    quiet = next(m for m in board.legal_moves if not board.is_capture(m))
    visits = np.zeros(tamerlane.ACTION_SPACE_SIZE, np.int64)
    visits[tamerlane.move_to_index(quiet)] = 8
    oracle = az.MaterialOracle()
    actions, probs = az.policy_target(board, oracle, visits, tiny(az, policy_target="visits"))
    assert actions.tolist() == [tamerlane.move_to_index(quiet)] and probs.tolist() == [1.0]
    actions, probs = az.policy_target(board, oracle, visits, tiny(az, policy_target="mixed"))
    legal = sorted(tamerlane.move_to_index(m) for m in board.legal_moves)
    assert sorted(actions.tolist()) == legal and abs(float(probs.sum()) - 1) < 1e-5
    by_move = {str(tamerlane.index_to_move(board, int(a))): float(p) for a, p in zip(actions, probs)}
    assert by_move[str(quiet)] >= 0.5
    others = {m: p for m, p in by_move.items() if m != str(quiet)}
    ranked = sorted(others, key=lambda m: -others[m])
    assert ranked[0] == "f2f10" and others["f2f10"] > 10 * others[ranked[1]]
    with pytest.raises(ValueError, match="unknown policy target"):
        az.policy_target(board, oracle, visits, tiny(az, policy_target="greedy"))


def test_value_features_count_pieces_and_mobility(az: ModuleType) -> None:
    board = tamerlane.Board("k4r5/11/11/11/11/11/2t8/11/4NR3g1/5K1V3 w - 00 0 1")
    obs, mask = tamerlane.planes_many([board]), tamerlane.masks_many([board])
    feat = az.value_features(obs, mask)
    assert feat.shape == (1, az.VALUE_FEATURES)
    roles = [str(r) for r in tamerlane.Role.all()]
    mine = {roles[i]: int(c) for i, c in enumerate(feat[0, :23]) if c}
    theirs = {roles[i]: int(c) for i, c in enumerate(feat[0, 23:46]) if c}
    assert mine == {"king": 1, "knight": 1, "rook": 1, "vizier": 1}
    assert theirs == {"king": 1, "rook": 1, "talia": 1, "giraffe": 1}
    n = len(list(board.legal_moves))
    assert feat[0, 46] == pytest.approx(np.log1p(n) / 5) and feat[0, 47] == pytest.approx(1 / (1 + n))


def test_replay_buffer_keeps_the_newest_and_samples_targets(az: ModuleType) -> None:
    buffer = az.ReplayBuffer(5, seed=1)
    tfens = []
    board = tamerlane.Board()
    for i in range(8):
        legal = np.flatnonzero(board.legal_action_mask())
        buffer.extend([az.Sample(board.tfen(), legal[:2].astype(np.int64),
                                 np.array([0.25, 0.75], np.float32), float(i % 3 - 1))])
        tfens.append(board.tfen())
        board.push(tamerlane.index_to_move(board, int(legal[0])))
    assert len(buffer) == 5 and [s.tfen for s in buffer.samples] == tfens[3:]
    obs, mask, policy, value = buffer.sample(16)
    assert obs.shape == (16, *az.PLANES_SHAPE) and obs.dtype == np.float32
    assert mask.shape == policy.shape == (16, tamerlane.ACTION_SPACE_SIZE)
    assert np.allclose(policy.sum(axis=1), 1.0) and (policy[~mask] == 0).all()
    assert set(value.tolist()) <= {-1.0, 0.0, 1.0}


def learns(net: Any, batch: Any, steps: int = 100) -> None:
    """`net` fits a fixed batch: the policy loss's excess over the targets'
    own entropy (its minimum) and the value loss both at least halve."""
    obs, mask, policy, _ = batch
    value = np.where(np.arange(len(obs)) % 2 == 0, 1.0, -1.0).astype(np.float32)
    entropy = float(-(policy * np.log(np.where(policy > 0, policy, 1.0))).sum(axis=1).mean())
    before = net.losses(obs, mask, policy, value)
    for _ in range(steps):
        net.train_step(obs, mask, policy, value)
    after = net.losses(obs, mask, policy, value)
    assert after["policy_loss"] - entropy < 0.5 * (before["policy_loss"] - entropy), (entropy, before, after)
    assert after["value_loss"] < 0.5 * before["value_loss"], (before, after)


def test_numpy_network_learns_a_fixed_batch(az: ModuleType) -> None:
    config = tiny(az)
    learns(az.make_network(config), fixed_batch(az, config))


def test_numpy_gradients_match_finite_differences(az: ModuleType) -> None:
    config = tiny(az, hidden=4)
    obs, mask, policy, value = fixed_batch(az, config)
    obs, mask, policy, value = obs[:3], mask[:3], policy[:3], value[:3]
    value = np.array([1.0, -1.0, 0.5], np.float32)
    net = az.make_network(config)
    losses, grads = net._losses_and_grads(obs, mask, policy, value)
    rng = np.random.default_rng(0)
    for name in ("w1", "b1", "value", "value_feat", "value_b", "from", "to", "u", "v"):
        p = net.params[name]
        for _ in range(3):
            i = tuple(int(rng.integers(0, n)) for n in p.shape)
            if name == "w1":  # a weight of a square that holds a piece
                i = (int(np.flatnonzero(net._forward(obs, mask)[0][0])[0]), i[1])
            old = float(p[i])
            p[i] = old + 1e-2
            up = net.losses(obs, mask, policy, value)["loss"]
            p[i] = old - 1e-2
            down = net.losses(obs, mask, policy, value)["loss"]
            p[i] = old
            numeric = (up - down) / 2e-2
            assert abs(numeric - float(grads[name][i])) < 2e-3 + 0.05 * abs(numeric), (name, i)


def test_loop_trains_saves_and_round_trips(az: ModuleType, tmp_path: Path) -> None:
    config = tiny(az)
    lines: List[str] = []
    net, rows = az.train(config, tmp_path, iterations=2, log=lines.append)
    assert [r["iteration"] for r in rows] == [1, 2]
    assert rows[1]["games"] == 4 and rows[1]["positions"] >= 4 and rows[1]["buffer"] <= 50
    assert rows[0]["eval_games"] == 2 and rows[0]["wins_vs_random"] + rows[0]["draws_vs_random"] \
        + rows[0]["losses_vs_random"] == 2
    assert any("iteration 2: 4 games" in line for line in lines)
    with open(tmp_path / "curve.csv", encoding="utf-8") as f:
        curve = list(csv.DictReader(f))
    assert [c["iteration"] for c in curve] == ["1", "2"] and float(curve[1]["loss"]) > 0
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    loaded, loaded_config, meta = az.load_checkpoint(tmp_path / "checkpoint.npz")
    assert meta["iteration"] == 2 and meta["backend"] == "numpy" and not meta["interrupted"]
    assert loaded_config == config
    batch = fixed_batch(az, config)
    for a, b in zip(net.predict(*batch[:2]), loaded.predict(*batch[:2])):
        assert np.array_equal(a, b)


def test_ctrl_c_saves_the_checkpoint_and_curve(az: ModuleType, tmp_path: Path) -> None:
    config = tiny(az, max_plies=60, eval_every=0)
    interrupter = interrupt_main_after(1.5)
    try:
        az.train(config, tmp_path, iterations=10_000, log=lambda s: None)
    finally:
        interrupter.join()
    _, _, meta = az.load_checkpoint(tmp_path / "checkpoint.npz")
    assert meta["interrupted"] and meta["iteration"] >= 1
    assert (tmp_path / "curve.csv").exists()


def test_evaluation_reports_games_and_endings(az: ModuleType) -> None:
    config = tiny(az)
    net = az.make_network(config)
    report = az.evaluate(net, config, az.random_player, 2, 8, 10, seed=3)
    assert report.games == 2 and sum(report.endings.values()) == 2 and report.plies
    assert "of 2" in report.summary()
    # The engine at level 1 plays legal moves from any position.
    board = tamerlane.Board()
    board.push(az.engine_player(1)(board))
    assert board.ply() == 1


def test_worker_processes_play_the_games_of_the_one_process_loop(az: ModuleType) -> None:
    # train.py --workers: the games split between two spawned processes come
    # back in the seeds' order, each the game this process plays itself.
    train = importlib.import_module("train")
    config = tiny(az, handicap_fraction=0.5, max_plies=12)
    net = az.make_network(config)
    seeds = [11, 12, 13]
    runner = train.ProcessRunner(2, config)
    try:
        got = runner(net, seeds)
    finally:
        runner.close()
    want = [az.self_play_game(net, config, s) for s in seeds]
    assert len(got) == len(want) == 3
    for (samples, result), (samples0, result0) in zip(got, want):
        assert result == result0
        assert [x.tfen for x in samples] == [x.tfen for x in samples0]
        for x, y in zip(samples, samples0):
            assert np.array_equal(x.actions, y.actions) and np.allclose(x.probs, y.probs)
            assert x.value == pytest.approx(y.value)
    # Another net's weights reach the workers: other targets.
    other = az.make_network(tiny(az, seed=99, handicap_fraction=0.5, max_plies=12))
    runner = train.ProcessRunner(2, config)
    try:
        changed = runner(other, seeds)
    finally:
        runner.close()
    assert any(not np.allclose(x.probs, y.probs)
               for (a, _), (b, _) in zip(changed, want) for x, y in zip(a, b))


def run(script: str, *args: str) -> str:
    out = subprocess.run([sys.executable, str(EXAMPLE / script), *args], capture_output=True, text=True,
                         timeout=300, check=True)
    return out.stdout


def test_train_and_play_scripts(tmp_path: Path) -> None:
    out = run("train.py", "--backend", "numpy", "--hidden", "16", "--iterations", "1", "--games", "2",
              "--simulations", "8", "--search-batch", "4", "--max-plies", "12", "--eval-games", "0",
              "--out", str(tmp_path))
    assert "iteration 1: 2 games" in out and "done: 1 iterations" in out
    played = run("play.py", str(tmp_path / "checkpoint.npz"), "--games", "2", "--engine-games", "1",
                 "--simulations", "8", "--max-plies", "10", "--json", str(tmp_path / "r.json"))
    assert "vs random: " in played and "vs engine-level-1: " in played
    assert '"random"' in (tmp_path / "r.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["--workers", "0"], "--workers must be at least 1"),
    (["--workers", "2", "--cluster", "local"], "give --cluster or --workers, not both"),
    ([], "give --minutes or --iterations"),
])
def test_train_script_refuses_bad_arguments(args: List[str], message: str, tmp_path: Path) -> None:
    # Refused before anything starts (no checkpoint loaded, no process or
    # cluster started, nothing written).
    out = subprocess.run([sys.executable, str(EXAMPLE / "train.py"), "--backend", "numpy",
                          *(["--iterations", "1"] if args else []), *args, "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and message in out.stderr
    assert list(tmp_path.iterdir()) == []


def test_jax_network(az: ModuleType) -> None:
    # The `alphazero` extra's framework, pinned in requirements-dev.txt: a
    # smoke of the real run's network (fails, never skips, without it).
    try:
        import jax  # noqa: F401
        import optax  # type: ignore[import-untyped]  # noqa: F401
    except ImportError as e:
        pytest.fail(f"JAX or optax is missing from the venv (tamerlane-py/requirements-dev.txt): {e}")
    config = tiny(az, backend="jax", hidden=64, channels=4, pair_dim=4, learning_rate=2e-3)
    batch = fixed_batch(az, config)
    net = az.make_network(config)
    priors, values = net.predict(*batch[:2])
    assert priors.shape == batch[2].shape and values.shape == batch[3].shape
    assert np.allclose(priors.sum(axis=1), 1.0, atol=1e-4) and (priors[~batch[1]] == 0).all()
    learns(net, batch)
    other = az.make_network(az.Config(**{**config.__dict__, "seed": 5}))
    other.set_weights(net.get_weights())
    assert np.allclose(other.predict(*batch[:2])[0], net.predict(*batch[:2])[0], atol=1e-6)


def test_material_oracle_values_material_and_prefers_captures(az: ModuleType) -> None:
    # White (to move): Knight, Rook, Vizier; Black: Rook, Talia, Giraffe.
    board = tamerlane.Board("k4r5/11/11/11/11/11/2t8/11/4NR3g1/5K1V3 w - 00 0 1")
    oracle = az.MaterialOracle()
    priors, values = oracle.predict(tamerlane.planes_many([board]), tamerlane.masks_many([board]))
    assert values[0] == np.float32(np.tanh(az.material(board) / 1000.0)) and values[0] < 0
    assert abs(float(priors.sum()) - 1) < 1e-5
    by_move = {str(m): float(priors[0, tamerlane.move_to_index(m)]) for m in board.legal_moves}
    captures = [m for m in board.legal_moves if board.is_capture(m)]
    quiet = [m for m in board.legal_moves if not board.is_capture(m)]
    assert captures and quiet
    assert min(by_move[str(m)] for m in captures) > max(by_move[str(m)] for m in quiet)
    # With a mobility term, each legal move (up to 40) adds to the lead;
    # without capture priors, every legal move is as likely.
    n = len(list(board.legal_moves))
    oracle = az.MaterialOracle(mobility=10.0, capture_priors=False)
    priors, values = oracle.predict(tamerlane.planes_many([board]), tamerlane.masks_many([board]))
    assert values[0] == pytest.approx(np.tanh((az.material(board) + 10.0 * min(n, 40)) / 1000.0), abs=1e-6)
    legal = tamerlane.masks_many([board])[0]
    assert np.allclose(priors[0][legal], 1.0 / n) and (priors[0][~legal] == 0).all()

"""``tamerlane.mcts.MCTS``: the batched tree search on the three games,
with the Rust random-rollout evaluator and with numpy callables."""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, List, Tuple, Type, Union

import numpy as np
import numpy.typing as npt
import pytest

import tamerlane
import tamerlane.chess
import tamerlane.makruk
from tamerlane.mcts import MCTS
from test_engine import interrupt_main_after

AnyBoard = Union[tamerlane.Board, tamerlane.chess.Board, tamerlane.makruk.Board]

# Positions where White mates in one (the engine tests' positions): the
# rooks on a Tamerlane board (more than one move mates), Ra8 in chess, the
# Ruea h1-h8 in Makruk.
MATES: List[Tuple[Callable[[str], AnyBoard], str]] = [
    (tamerlane.Board, "k10/2R8/11/11/11/11/11/11/5K5/1R8R w - 00 0 1"),
    (tamerlane.chess.Board, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
    (tamerlane.makruk.Board, "k7/8/1K6/8/8/8/8/7R w - - 0 1"),
]
IDS = ["tamerlane", "chess", "makruk"]

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.bool_]


def action_space(board: AnyBoard) -> int:
    return len(board.legal_action_mask())


def mates(board: AnyBoard, move: Any) -> bool:
    """Whether ``move`` ends the game at once, won by the side playing it."""
    after = board.copy()
    after.push(move)
    outcome = after.outcome()
    return outcome is not None and outcome.winner == board.turn


def uniform(obs: Obs, mask: Mask) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Uniform priors over the legal actions, every value 0: only the
    endings the tree reaches count."""
    return mask.astype(np.float32), np.zeros(len(mask), dtype=np.float32)


def quiet(board: AnyBoard, **kwargs: Any) -> MCTS:
    """A search without noise that chooses the most visited move."""
    return MCTS(board, dirichlet_fraction=0.0, temperature=0.0, **kwargs)


@pytest.mark.parametrize("make, fen", MATES, ids=IDS)
def test_finds_the_mate_in_one_with_the_rust_evaluator(
    make: Callable[[str], AnyBoard], fen: str
) -> None:
    board = make(fen)
    search = quiet(board, simulations=3000)
    visits, value = search.run()
    assert visits.sum() == 3000
    best = search.choose()
    assert mates(board, best)
    mating = sum(int(visits[i]) for i in np.flatnonzero(visits) if mates(board, index_move(board, int(i))))
    assert mating > 1500
    assert value > 0.5


def index_move(board: AnyBoard, index: int) -> Any:
    if isinstance(board, tamerlane.Board):
        return tamerlane.index_to_move(board, index)
    if isinstance(board, tamerlane.chess.Board):
        return tamerlane.chess.index_to_move(board, index)
    return tamerlane.makruk.index_to_move(board, index)


@pytest.mark.parametrize("make, fen", MATES, ids=IDS)
def test_finds_the_mate_in_one_with_a_numpy_evaluator(
    make: Callable[[str], AnyBoard], fen: str
) -> None:
    board = make(fen)
    calls: List[Tuple[Tuple[int, ...], Tuple[int, ...]]] = []
    first: List[Tuple[Obs, Mask]] = []

    def evaluator(obs: Obs, mask: Mask) -> Tuple[Any, Any]:
        assert obs.dtype == np.float32 and mask.dtype == np.bool_
        if not first:
            first.append((obs.copy(), mask.copy()))
        calls.append((obs.shape, mask.shape))
        return uniform(obs, mask)

    search = quiet(board, simulations=1000, batch=32, evaluator=evaluator)
    visits, _ = search.run()
    assert visits.sum() == 1000
    assert mates(board, search.choose())
    # One call for the root, then at most one per batch, each with the
    # observations and masks of its new leaves.
    planes = board.to_planes().shape
    assert 2 <= len(calls) <= 1 + 1000 // 32 + 1
    for obs_shape, mask_shape in calls:
        assert obs_shape[1:] == planes and 1 <= obs_shape[0] <= 32
        assert mask_shape == (obs_shape[0], action_space(board))
    obs, mask = first[0]
    assert obs.shape[0] == 1
    np.testing.assert_array_equal(obs[0], board.to_planes())
    np.testing.assert_array_equal(mask[0], board.legal_action_mask())


@pytest.mark.parametrize("make", [tamerlane.Board, tamerlane.chess.Board, tamerlane.makruk.Board], ids=IDS)
def test_shapes_and_sums(make: Callable[[], AnyBoard]) -> None:
    board = make()
    search = MCTS(board, simulations=300, batch=16, seed=3)
    assert search.action_space_size == action_space(board)
    assert search.simulations == 300 and search.turn is True and search.fen() == board.fen()
    assert search.root_value is None and search.visits().sum() == 0
    visits, value = search.run()
    assert visits.shape == (action_space(board),) and visits.dtype == np.int64
    assert visits.sum() == 300 and -1.0 <= value <= 1.0
    assert search.root_value == value
    legal = board.legal_action_mask()
    assert not visits[~legal].any()
    policy = search.policy()
    assert policy.dtype == np.float32 and abs(float(policy.sum()) - 1.0) < 1e-5
    np.testing.assert_allclose(policy, visits / 300, rtol=1e-6)
    priors = search.priors()
    assert abs(float(priors.sum()) - 1.0) < 1e-4 and not priors[~legal].any()
    assert board.is_legal(search.choose())
    assert "MCTS" in repr(search) and search.tree_size > 300


def test_the_tree_is_kept_after_a_move() -> None:
    board = tamerlane.chess.Board()
    search = quiet(board, simulations=500, batch=8)
    visits, _ = search.run()
    move = search.choose()
    kept = int(visits[tamerlane.chess.move_to_index(move, True)])
    assert kept > 1
    size = search.tree_size
    search.play(move)
    board.push(move)
    assert search.fen() == board.fen() and search.turn is False
    assert search.tree_size < size
    # The child's own evaluation was its first visit; the rest went on.
    assert int(search.visits().sum()) == kept - 1
    visits, _ = search.run()
    assert int(visits.sum()) == kept - 1 + 500
    # By action index and by UCI string too.
    reply = search.choose()
    board.push(reply)
    search.play(tamerlane.chess.move_to_index(reply, False))
    after = next(iter(board.legal_moves))
    board.push(after)
    search.play(after.uci())
    assert search.fen() == board.fen()
    assert search.visits().shape == (tamerlane.chess.ACTION_SPACE_SIZE,)


def test_a_seed_gives_one_search() -> None:
    def once(seed: int) -> Tuple[List[int], str]:
        search = MCTS(tamerlane.Board(), simulations=400, batch=16, seed=seed)
        visits, _ = search.run()
        return visits.tolist(), str(search.choose())

    assert once(7) == once(7)
    assert once(7) != once(8)

    # With a Python evaluator as well.
    def evaluator(obs: Obs, mask: Mask) -> Tuple[Any, Any]:
        values = np.tanh(obs.reshape(len(obs), -1).sum(axis=1) / 100.0)
        return mask.astype(np.float32), values

    a = MCTS(tamerlane.makruk.Board(), simulations=200, batch=8, evaluator=evaluator, seed=1)
    b = MCTS(tamerlane.makruk.Board(), simulations=200, batch=8, evaluator=evaluator, seed=1)
    assert a.run()[0].tolist() == b.run()[0].tolist()
    assert str(a.choose()) == str(b.choose())


def test_the_noise_changes_the_root_priors() -> None:
    clean = quiet(tamerlane.Board(), simulations=16)
    clean.run()
    noisy = MCTS(tamerlane.Board(), simulations=16, dirichlet_fraction=0.5)
    noisy.run()
    assert not np.allclose(clean.priors(), noisy.priors())
    legal = tamerlane.Board().legal_action_mask()
    np.testing.assert_allclose(clean.priors()[legal], 1 / 24, rtol=1e-5)


def test_python_chess_boards_are_searched() -> None:
    chess = pytest.importorskip("chess")
    board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    search = quiet(board, simulations=2000)
    search.run()
    assert str(search.choose()) == "a1a8"


def test_bad_arguments_are_clear_errors() -> None:
    board = tamerlane.Board()
    cases: List[Tuple[Dict[str, Any], Type[Exception], str]] = [
        ({"simulations": 0}, ValueError, "simulations"),
        ({"batch": -1}, ValueError, "batch"),
        ({"c_puct": "high"}, TypeError, "c_puct"),
        ({"c_puct": float("nan")}, ValueError, "c_puct"),
        ({"dirichlet_alpha": 0.0}, ValueError, "dirichlet_alpha"),
        ({"dirichlet_fraction": 1.5}, ValueError, "dirichlet_fraction"),
        ({"temperature": -1.0}, ValueError, "temperature"),
        ({"seed": -1}, ValueError, "seed"),
        ({"simulations": 1.5}, TypeError, "simulations"),
        ({"simulations": True}, TypeError, "simulations"),
        ({"evaluator": 5}, TypeError, "evaluator"),
        ({"rollout_plies": 10**6}, ValueError, "rollout_plies"),
        ({"max_plies": -2}, ValueError, "max_plies"),
        ({"solver": 1}, TypeError, "solver"),
    ]
    for kwargs, error, text in cases:
        with pytest.raises(error, match=text):
            MCTS(board, **kwargs)
    with pytest.raises(TypeError, match="expected a board"):
        MCTS("not a board")  # type: ignore[arg-type]
    # An ended game: Black is stalemated.
    with pytest.raises(tamerlane.GameOverError):
        MCTS(tamerlane.chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
    with pytest.raises(tamerlane.GameOverError):
        MCTS(board, max_plies=0).run()
    search = MCTS(board, simulations=10)
    with pytest.raises(ValueError, match="run"):
        search.choose()
    with pytest.raises(tamerlane.IllegalMoveError):
        search.play("f3f5")
    with pytest.raises(ValueError, match="out of range"):
        search.play(10**6)
    with pytest.raises(ValueError, match="out of range"):
        search.play(10**30)
    with pytest.raises(tamerlane.InvalidMoveError):
        search.play("nonsense")


def test_the_solver_proves_a_mate_in_two() -> None:
    # White mates in two, only by Kb6 (Kb8, Rh8#), and not in one: checked
    # by brute force with python-chess.
    board = tamerlane.chess.Board("k7/8/8/1K6/8/8/8/7R w - - 0 1")
    kb6 = tamerlane.chess.move_to_index(tamerlane.chess.Move.from_uci("b5b6"), True)
    search = quiet(board, simulations=3000, solver=True, evaluator=uniform)
    assert search.proven().dtype == np.int8 and not search.proven().any()
    search.run()
    proven = search.proven()
    assert proven.shape == (action_space(board),)
    assert np.flatnonzero(proven).tolist() == [kb6] and proven[kb6] == 1
    assert search.choose().uci() == "b5b6"
    # Black's one reply loses by force.
    search.play("b5b6")
    search.run()
    kb8 = tamerlane.chess.move_to_index(tamerlane.chess.Move.from_uci("a8b8"), False)
    assert np.flatnonzero(search.proven()).tolist() == [kb8] and search.proven()[kb8] == -1
    # Without the solver only the moves that end the game are proven.
    plain = quiet(board, simulations=3000, evaluator=uniform)
    plain.run()
    assert not plain.proven().any()


def test_bad_evaluator_answers_are_clear_errors() -> None:
    board = tamerlane.makruk.Board()
    a = tamerlane.makruk.ACTION_SPACE_SIZE

    def answer(value: Any) -> Callable[[Obs, Mask], Any]:
        return lambda obs, mask: value(obs, mask)

    cases: List[Tuple[Callable[[Obs, Mask], Any], type, str]] = [
        (answer(lambda o, m: None), TypeError, "tuple"),
        (answer(lambda o, m: (m, np.zeros(len(m)), 1)), TypeError, "tuple"),
        (answer(lambda o, m: (np.ones((len(m), a - 1)), np.zeros(len(m)))), ValueError, "priors must have shape"),
        (answer(lambda o, m: (m.astype(float), np.zeros(len(m) + 1))), ValueError, "values must have shape"),
        (answer(lambda o, m: (-m.astype(float), np.zeros(len(m)))), ValueError, "logits"),
        (answer(lambda o, m: (m.astype(float), np.full(len(m), np.nan))), ValueError, "finite"),
        (answer(lambda o, m: ("x", np.zeros(len(m)))), TypeError, "priors"),
    ]
    for evaluator, error, text in cases:
        with pytest.raises(error, match=text):
            MCTS(board, simulations=10, evaluator=evaluator).run()

    # An exception of the evaluator comes through as it is, and the search
    # can go on afterwards.
    calls = [0]

    def flaky(obs: Obs, mask: Mask) -> Any:
        calls[0] += 1
        if calls[0] == 3:
            raise RuntimeError("flaky")
        return uniform(obs, mask)

    search = quiet(board, simulations=64, batch=8, evaluator=flaky)
    with pytest.raises(RuntimeError, match="flaky"):
        search.run()
    assert int(search.visits().sum()) == 8
    visits, _ = search.run()
    assert int(visits.sum()) == 8 + 64
    # All-zero priors count as uniform.
    zero = MCTS(board, simulations=10, dirichlet_fraction=0.0,
                evaluator=lambda o, m: (np.zeros(m.shape), np.zeros(len(m))))
    zero.run()
    legal = board.legal_action_mask()
    np.testing.assert_allclose(zero.priors()[legal], 1 / legal.sum(), rtol=1e-5)




@pytest.mark.parametrize("python", [False, True], ids=["rust", "python"])
def test_ctrl_c_stops_a_run(python: bool) -> None:
    search = MCTS(
        tamerlane.chess.Board(),
        simulations=3_000_000,
        batch=64,
        evaluator=uniform if python else None,
    )
    interrupter = interrupt_main_after(0.3)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            search.run()
    finally:
        interrupter.join()
    assert time.monotonic() - started < 3.0
    # The tree stays usable: what was done is kept.
    done = int(search.visits().sum())
    assert 0 < done < 3_000_000

"""``VectorEnv.legal_actions`` (CSR) and ``sample_actions`` (the sampler
in Rust): the sparse actions are the dense mask's, and the draws are legal
and follow the logits' softmax (checked with a chi-square test against
probabilities computed here in numpy, at a fixed seed)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tamerlane
from tamerlane import VectorEnv


@pytest.mark.parametrize("game", ["tamerlane", "chess", "makruk"])
def test_sparse_actions_are_the_mask_rows(game: str) -> None:
    env = VectorEnv(5, game=game, seed=4, max_plies=60, autoreset_mode="NextStep")
    obs, info = env.reset()
    for _ in range(150):
        actions, offsets = env.legal_actions()
        assert actions.dtype == np.int64 and offsets.dtype == np.int64
        assert offsets.shape == (6,) and offsets[0] == 0 and offsets[-1] == len(actions)
        for i in range(5):
            row = actions[offsets[i] : offsets[i + 1]]
            assert np.array_equal(row, np.flatnonzero(info["action_mask"][i]))
        obs, reward, terminated, truncated, info = env.step(env.random_actions())


def test_sampler_returns_legal_actions_from_dense_or_sparse_logits() -> None:
    env = VectorEnv(8, seed=2, max_plies=40)
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(100):
        actions, offsets = env.legal_actions()
        dense = rng.standard_normal((8, env.action_space_size)).astype(np.float32)
        a = env.sample_actions(dense)
        b = env.sample_actions(rng.standard_normal(len(actions)))
        for i in range(8):
            legal = set(actions[offsets[i] : offsets[i + 1]].tolist())
            assert int(a[i]) in legal and int(b[i]) in legal
        env.step(b)


def test_temperature_zero_takes_the_largest_logit() -> None:
    env = VectorEnv(3, seed=1)
    env.reset()
    actions, offsets = env.legal_actions()
    logits = np.arange(len(actions), dtype=np.float32)[::-1].copy()  # the first legal is best
    chosen = env.sample_actions(logits, temperature=0)
    assert chosen.tolist() == [int(actions[offsets[i]]) for i in range(3)]
    # Illegal actions' logits are ignored, however large.
    dense = np.full((3, env.action_space_size), 1e30, dtype=np.float32)
    for i in range(3):
        dense[i, actions[offsets[i] : offsets[i + 1]]] = 0.0
        dense[i, actions[offsets[i + 1] - 1]] = 5.0
    assert env.sample_actions(dense, temperature=0).tolist() == [int(actions[offsets[i + 1] - 1]) for i in range(3)]


@pytest.mark.parametrize("temperature", [1.0, 0.5])
def test_draws_follow_the_softmax(temperature: float) -> None:
    """20,000 draws for one position with fixed logits: the counts of the 24
    legal actions against the softmax probabilities computed in numpy, by
    Pearson's chi-square (23 degrees of freedom; 49.7 is the 0.999
    quantile, from the chi-square table). A seed makes the draws repeat."""
    env = VectorEnv(1, seed=3)
    env.reset()
    actions, offsets = env.legal_actions()
    assert len(actions) == 24  # Tamerlane's first moves (docs/RULES.md)
    logits = np.linspace(-2.0, 2.0, len(actions)).astype(np.float32)
    p = np.exp(logits.astype(np.float64) / temperature)
    p /= p.sum()
    draws = 20_000
    counts = dict.fromkeys(actions.tolist(), 0)
    first = env.sample_actions(logits, temperature=temperature, seed=99)
    for _ in range(draws):
        a = int(env.sample_actions(logits, temperature=temperature)[0])
        counts[a] += 1
    observed = np.array([counts[a] for a in actions.tolist()], dtype=np.float64)
    expected = p * draws
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < 49.7, chi2
    assert np.array_equal(env.sample_actions(logits, temperature=temperature, seed=99), first)


def test_sampler_errors_are_typed() -> None:
    env = VectorEnv(2, seed=1)
    env.reset()
    actions, offsets = env.legal_actions()
    n = len(actions)
    bad: list[tuple[Any, dict[str, Any], type[Exception], str]] = [
        (np.zeros(n + 1, np.float32), {}, ValueError, rf"shape \(2, 12544\) .* or \({n},\)"),
        (np.zeros(n, np.int64), {}, TypeError, "float array"),
        (np.zeros(n, np.float32), {"temperature": -1.0}, ValueError, "temperature must be a finite number >= 0"),
        (np.zeros(n, np.float32), {"temperature": "hot"}, TypeError, "temperature must be a number"),
        (np.full(n, np.nan, np.float32), {}, ValueError, "env 0: the logit of legal action .* is NaN"),
        (np.full(n, -np.inf, np.float32), {}, ValueError, "env 0: every legal action's logit is -inf"),
        (np.zeros(n, np.float32), {"seed": "x"}, TypeError, "seed must be an int"),
    ]
    for logits, kwargs, error, message in bad:
        with pytest.raises(error, match=message):
            env.sample_actions(logits, **kwargs)
    assert env.fens() == [tamerlane.INITIAL_TFEN] * 2


def test_a_finished_game_waiting_for_its_reset_has_no_legal_action() -> None:
    env = VectorEnv(2, seed=5, max_plies=1, autoreset_mode="NextStep")
    env.reset()
    env.step(env.random_actions())
    actions, offsets = env.legal_actions()
    assert offsets.tolist() == [0, 0, 0] and len(actions) == 0
    assert env.sample_actions(np.zeros(0, np.float32)).tolist() == [0, 0]

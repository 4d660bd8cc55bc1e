"""The NNUE trainer (tools/nnue/train.py, docs/TRAINING.md) in small, for
each game: self-play data, two epochs, the quantised net file checked
against the Rust evaluator (tools/nnue/smoke.py, as `make train-smoke`).
Fails, never skips, without JAX and optax (pinned in requirements-dev.txt).
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Iterator

import pytest

from conftest import REPO, scripts_from

TOOLS = REPO / "tools" / "nnue"


@pytest.fixture(scope="module")
def smoke() -> Iterator[ModuleType]:
    try:
        import jax  # noqa: F401
        import optax  # type: ignore[import-untyped]  # noqa: F401
    except ImportError as e:
        pytest.fail(f"JAX or optax is missing from the venv (tamerlane-py/requirements-dev.txt): {e}")
    with scripts_from(TOOLS, "smoke") as module:
        yield module


@pytest.mark.parametrize("game", ["tamerlane", "chess", "makruk"])
def test_train_writes_a_net_the_rust_evaluator_agrees_with(
    smoke: ModuleType, game: str, cli: str, capsys: pytest.CaptureFixture[str]
) -> None:
    info = smoke.smoke(game, cli)
    # Progress within an epoch (`--progress 0`: a line after every batch),
    # counting the batches up to the epoch's last.
    out = capsys.readouterr().out
    for epoch in (1, 2):
        batches = re.findall(rf"^epoch +{epoch}/2  batch (\d+)/(\d+) .* pos/s  left \S+ \(training\)$",
                             out, re.M)
        assert batches and [int(b) for b, _ in batches] == list(range(1, int(batches[0][1]) + 1)), out
    assert info["game"] == game and info["epochs"] == 2
    assert info["positions"] > 50 and info["validation_positions"] > 0
    checked = info["verification"]
    assert checked["positions"] + checked["skipped"] == 200 and checked["positions"] >= 100
    assert info["final_val_loss"] is not None and 0 <= info["final_val_loss"] < 1


@pytest.mark.parametrize("game", ["tamerlane", "chess", "makruk"])
def test_a_shipped_net_reads_back_to_the_same_file(game: str, tmp_path: Path) -> None:
    # reference.read_net (what `train.py --init` starts from), quantised and
    # written again, gives the shipped file byte for byte.
    with scripts_from(TOOLS, "reference") as reference:
        shipped = REPO / "tamerlane-ai" / "nets" / f"{game}.nnue"
        q, _ = reference.quantise(reference.read_net(str(shipped), game))
        out = tmp_path / "again.nnue"
        reference.write_net(str(out), game, q)
        assert out.read_bytes() == shipped.read_bytes()


def test_a_damaged_or_foreign_net_is_refused_by_the_reader(tmp_path: Path) -> None:
    with scripts_from(TOOLS, "reference") as reference:
        shipped = (REPO / "tamerlane-ai" / "nets" / "makruk.nnue").read_bytes()
        damaged = bytearray(shipped)
        damaged[1000] ^= 1
        cases = [
            (bytes(damaged), "makruk", "hash does not match"),
            (shipped[:-2], "makruk", "the header says"),
            (shipped, "chess", "header field game is 2, expected 1"),
            (b"not a net", "makruk", "not a net file"),
        ]
        for i, (data, game, message) in enumerate(cases):
            path = tmp_path / f"{i}.nnue"
            path.write_bytes(data)
            with pytest.raises(ValueError, match=message):
                reference.read_net(str(path), game)


def test_the_header_names_the_game_of_a_net(tmp_path: Path) -> None:
    with scripts_from(TOOLS, "reference") as reference:
        for game in ("tamerlane", "chess", "makruk"):
            assert reference.net_game(str(REPO / "tamerlane-ai" / "nets" / f"{game}.nnue")) == game
        shipped = bytearray((REPO / "tamerlane-ai" / "nets" / "chess.nnue").read_bytes())
        shipped[12] = 7  # the header's game field: no game has the number 7
        path = tmp_path / "unknown.nnue"
        path.write_bytes(bytes(shipped))
        with pytest.raises(ValueError, match="header field game is 7, not one of"):
            reference.net_game(str(path))


def test_train_refuses_a_bad_init_net_before_reading_the_data(
    smoke: ModuleType, tmp_path: Path
) -> None:
    # The data path does not exist: a trainer that read the data first would
    # fail on it instead of naming the net.
    shipped = bytearray((REPO / "tamerlane-ai" / "nets" / "makruk.nnue").read_bytes())
    shipped[1000] ^= 1
    damaged = tmp_path / "damaged.nnue"
    damaged.write_bytes(bytes(shipped))
    missing = str(tmp_path / "no-data")
    with scripts_from(TOOLS, "train") as train:
        for extra in ([], ["--game", "makruk"]):
            args = train.parse_args([missing, "--out", str(tmp_path / "out.nnue"),
                                     "--init", str(damaged), *extra])
            with pytest.raises(SystemExit, match="--init: .*hash does not match"):
                train.train(args)
        # A sound net of another game than the data's is refused too, by name.
        args = train.parse_args([str(tmp_path), "--out", str(tmp_path / "out.nnue"),
                                 "--init", str(REPO / "tamerlane-ai" / "nets" / "chess.nnue"),
                                 "--game", "makruk"])
        with pytest.raises(SystemExit, match="header field game is 1, expected 2"):
            train.train(args)

"""The engine's network options (docs/ENGINE.md, "Networks (NNUE)"):
``Engine(eval_file=...)`` reads a net file for the game its header names,
refuses a damaged one with ``ValueError`` naming the reason, and
``use_nnue=False`` chooses the hand-made evaluation."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

import tamerlane.chess
from tamerlane import Engine

# Architecture 1 for chess (docs/ENGINE.md, "The net file").
FEATURES, HIDDEN, BUCKETS = 768, 256, 8


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def chess_net(weight: int = 0) -> bytes:
    """A chess net file whose weights are all ``weight`` (0: every
    position is worth 0)."""
    n16 = FEATURES * HIDDEN + HIDDEN + BUCKETS * 2 * HIDDEN
    payload = struct.pack(f"<{n16}h", *([weight] * n16)) + bytes(4 * BUCKETS)
    # Version 1, game 1 (chess), architecture 1, the sizes, QA, QB, SCALE,
    # reserved.
    header = b"TMLNNUE\0" + struct.pack(
        "<10I", 1, 1, 1, FEATURES, HIDDEN, BUCKETS, 255, 64, 400, 0
    )
    header += struct.pack("<QQ", len(payload), fnv1a64(payload))
    assert len(header) == 64
    return header + payload


@pytest.fixture(scope="module")
def good_net(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("nets") / "chess.nnue"
    path.write_bytes(chess_net())
    return path


def test_a_net_file_is_used_for_its_game(good_net: Path) -> None:
    engine = Engine(hash_mb=1, eval_file=good_net)
    assert engine.uses_net("chess")
    r = engine.search(tamerlane.chess.Board(), depth=3)
    # A net of zeros finds every position worth 0.
    assert r.move is not None and r.score_cp == 0
    assert not Engine(hash_mb=1, eval_file=str(good_net), use_nnue=False).uses_net("chess")


def test_a_damaged_net_file_is_refused(good_net: Path, tmp_path: Path) -> None:
    data = bytearray(good_net.read_bytes())
    data[200] ^= 1
    damaged = tmp_path / "damaged.nnue"
    damaged.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="net damaged: weights hash"):
        Engine(hash_mb=1, eval_file=damaged)
    short = tmp_path / "short.nnue"
    short.write_bytes(good_net.read_bytes()[:-3])
    with pytest.raises(ValueError, match="net truncated"):
        Engine(hash_mb=1, eval_file=short)
    with pytest.raises(ValueError, match="not a net file"):
        bad = tmp_path / "text.nnue"
        bad.write_text("hello " * 20)
        Engine(hash_mb=1, eval_file=bad)
    with pytest.raises(ValueError, match="net file"):
        Engine(hash_mb=1, eval_file=tmp_path / "missing.nnue")
    with pytest.raises(TypeError, match="eval_file"):
        Engine(hash_mb=1, eval_file=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Engine(hash_mb=1).uses_net("go")

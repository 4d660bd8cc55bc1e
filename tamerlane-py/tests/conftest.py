"""Shared helpers for the tamerlane Python tests: random positions and the
Rust CLI used as an oracle."""

from __future__ import annotations

import contextlib
import importlib
import os
import random
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Iterator, List, Optional

import pytest

import tamerlane

REPO = Path(__file__).resolve().parents[2]

# Start positions rich in special rules (the same ones as
# tools/reference/crosscheck.py), plus the initial position.
STARTS: List[str] = [
    tamerlane.INITIAL_TFEN,
    "11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1",
    "11/2PP8/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 00 0 1",
    "2PP8/11/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 10 0 1",
    "3r7/4PP6/11/11/5k5/11/11/5F5/K10/11 w - 10 0 1",
    "S10/11/11/11/5k5/11/11/11/11/10A w - 00 0 1",
    "11/(a)K10/11/11/11/11/11/11/10k/11 w - 00 0 1",
    "4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1",
    "10k/11/11/11/11/11/1pr9/T1n6pr1/1v5r1PR1/K9G w K 00 0 1",
    "k4r5/11/11/11/11/11/2t8/11/4NR3g1/5K1V3 w - 00 0 1",
    "e1c1d1d1c1e/rntgvkfgtnr/1pn1pgpvpkpfpepcpdpp/11/pr10/10PR/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 6",
]

# The game-level draws (royals only, repetition, move limit) turned off: a
# game then ends only when the side to move has no legal move or a royal
# enters a citadel, so random play explores positions for as long as it
# likes. These options do not change move generation.
ENDLESS_RULES = "royals-only=off,repetition=off,move-limit=off"

RARE_KINDS = {
    "promotion",
    "citadel-entry",
    "first-arrival",
    "second-arrival-return",
    "second-arrival-waiting",
    "placement",
    "transfer",
    "king-swap",
}


@contextlib.contextmanager
def scripts_from(folder: Path, name: str) -> Iterator[ModuleType]:
    """Import the script ``name`` from ``folder`` (an example's or a tool's
    folder, where scripts import their neighbours by bare name) and, on exit,
    forget the folder and every module imported from it. Two folders have
    scripts of the same name (``train``), so a module left in ``sys.modules``
    by one test would be found by the next in place of its own."""
    before = set(sys.modules)
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))
        for key in set(sys.modules) - before:
            if Path(getattr(sys.modules[key], "__file__", None) or "/").parent == folder:
                del sys.modules[key]


def random_board(seed: int, plies: Optional[int] = None, rules: str = "") -> tamerlane.Board:
    """A board under ``rules`` reached by seeded random play from one of
    STARTS, steering towards special moves a third of the time; play stops
    when the game ends."""
    rng = random.Random(seed)
    board = tamerlane.Board(STARTS[seed % len(STARTS)], rules=rules)
    n = rng.randrange(0, 120) if plies is None else plies
    for _ in range(n):
        if board.is_game_over():
            break
        moves = list(board.legal_moves)
        rare = [m for m in moves if m.kind in RARE_KINDS or m.captured is not None]
        pool = rare if rare and rng.random() < 0.33 else moves
        board.push(rng.choice(pool))
    return board


def cli_binary() -> Optional[str]:
    """The Rust CLI: $TAMERLANE_BIN, else target/release/tamerlane."""
    env = os.environ.get("TAMERLANE_BIN")
    if env:
        return env
    default = REPO / "target" / "release" / "tamerlane"
    if default.exists():
        return str(default)
    return shutil.which("tamerlane")


@pytest.fixture(scope="session")
def cli() -> str:
    """Path of the Rust CLI (the test fails when $TAMERLANE_BIN is set but
    missing; it is skipped only when no binary was built at all)."""
    path = cli_binary()
    if path is None:
        pytest.skip("the Rust CLI is not built (make build)")
    assert Path(path).exists(), f"TAMERLANE_BIN={path} does not exist"
    return path


# No example database on disk: runs are reproducible and leave no files.
from hypothesis import settings as _settings  # noqa: E402

_settings.register_profile("tamerlane", database=None, derandomize=True)
_settings.load_profile("tamerlane")

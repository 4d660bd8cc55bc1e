"""The examples and the notebook run (quickly) without error, so they never rot."""

from __future__ import annotations

import subprocess
import sys
from typing import Any
from pathlib import Path

import pytest

from conftest import REPO

EXAMPLES = REPO / "examples" / "python"


def run(script: str, *args: str) -> str:
    out = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True,
                         text=True, timeout=300, check=True)
    return out.stdout


def test_random_game() -> None:
    out = run("random_game.py", "--seed", "3")
    assert "TFEN:" in out and "result:" in out


def test_perft_example() -> None:
    out = run("perft.py", "--depth", "3")
    assert out.count("14,518") == 2


def test_engine_analysis_example() -> None:
    out = run("engine_analysis.py", "--depth", "4", "f4")
    assert "depth  4" in out and "best move" in out


def test_engine_vs_engine_example(tmp_path: Path) -> None:
    out = run("engine_vs_engine.py", "--movetime", "0.01", "--max-plies", "12", "--every", "4",
              "--out", str(tmp_path))
    svgs = sorted(tmp_path.glob("*.svg"))
    assert len(svgs) >= 4 and "SVG snapshots" in out
    assert all(p.read_text().startswith("<svg") for p in svgs)


def test_pgn_annotate_example(tmp_path: Path) -> None:
    import io

    import tamerlane.pgn

    source = REPO / "docs" / "matches" / "full-vs-plain-25ms-200.pgn"
    out = tmp_path / "annotated.pgn"
    printed = run("pgn_annotate.py", str(source), str(out), "--games", "2", "--plies", "5", "--depth", "2")
    assert "2 games written" in printed
    games = list(tamerlane.pgn.read_games(io.StringIO(out.read_text(encoding="utf-8"))))
    originals = list(tamerlane.pgn.read_games(io.StringIO(source.read_text(encoding="utf-8"))))[:2]
    assert [g.mainline_moves() for g in games] == [g.mainline_moves() for g in originals]
    assert [[p for p, _ in g.comments] for g in games] == [[1, 2, 3, 4, 5]] * 2


def executed_outputs(name: str) -> list[Any]:
    """The outputs of every code cell of examples/notebooks/NAME, executed
    headless; fails on a cell that raised."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    path = REPO / "examples" / "notebooks" / name
    nb = nbformat.read(str(path), as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                      resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    return outputs


def test_notebook() -> None:
    outputs = executed_outputs("tour.ipynb")
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)


def test_training_notebook() -> None:
    """The training notebook runs and draws its learning curve; the copy in
    the repository keeps its outputs (the plot), so that it reads well where
    notebooks are shown without running them."""
    outputs = executed_outputs("training.ipynb")
    assert any("image/png" in o.get("data", {}) for o in outputs)
    stored = (REPO / "examples" / "notebooks" / "training.ipynb").read_text(encoding="utf-8")
    assert '"image/png"' in stored

"""The manifest of ``tamerlane.cluster.datagen`` with binary shards
(``docs/CLUSTER.md``, "Output"), without a cluster: the shard files'
names, their positions counted from the binary header, and a whole shard
file not yet listed recognised as the run's from its settings line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tamerlane import Engine
from tamerlane._tamerlane import datagen_shard
from tamerlane.cluster import datagen
from tamerlane.cluster._manifest import (
    Manifest,
    count_positions,
    net_hash,
    plan,
    settings_line,
)

PARAMS: dict[str, Any] = {
    "format": "tamerlane datagen binary 1", "game": "chess", "rules": "", "games": 3,
    "seed": 4, "nodes": 100, "opening_plies": 6, "config": "full", "hash_mib": 16,
    "shard_games": 2, "filter": "quiet",
}


def shard(first: int, count: int, fmt: str = "binary") -> tuple[bytes, int]:
    return datagen_shard("chess", "", 4, first, count, nodes=100, format=fmt)


def test_binary_shards_are_counted_and_recognised(tmp_path: Path) -> None:
    shards = plan(3, 2, "bin")
    assert [s.file for s in shards] == ["shard-00000.bin", "shard-00001.bin"]
    assert [s.file for s in plan(3, 2)] == ["shard-00000.txt", "shard-00001.txt"]
    data, n = shard(0, 2)
    text, n_text = shard(0, 2, "text")
    assert count_positions(data) == n and count_positions(text) == n_text
    line = settings_line(data)
    assert line == settings_line(text) and line is not None
    plain = "game chess rules default seed 4 first 0 count 2 nodes 100 opening-plies 6 config full"
    # With a net for chess, the line ends with its hash (docs/ENGINE.md).
    if Engine().uses_net("chess"):
        assert re.fullmatch(re.escape(plain) + r" net [0-9a-f]{16}", line), line
    else:
        assert line == plain
    assert settings_line(data[:-1]) is None  # a truncated binary shard
    # A whole shard file not yet listed is the run's; a truncated one is not.
    (tmp_path / shards[0].file).write_bytes(data)
    tail, _ = shard(2, 1)
    (tmp_path / shards[1].file).write_bytes(tail[:-5])
    # The run's parameters name the net, as `datagen` writes them.
    net = net_hash(line)
    m = Manifest.open(tmp_path, PARAMS if net is None else {**PARAMS, "net": net})
    assert m.is_done(shards[0], tmp_path)
    assert m.shards[0]["positions"] == n and m.shards[0]["bytes"] == len(data)
    assert not m.is_done(shards[1], tmp_path)


def test_an_unlisted_shard_is_the_runs_only_with_the_runs_net(tmp_path: Path) -> None:
    """The net that scored a shard's games is part of its run: a whole file
    not yet listed is taken only when its settings line names the run's
    net (or none, for a run with the hand-made evaluation)."""
    assert Engine().uses_net("chess"), "the build embeds a chess net (tamerlane-ai/nets/)"
    data, _ = shard(0, 2)
    net = net_hash(settings_line(data))
    assert net is not None and re.fullmatch(r"[0-9a-f]{16}", net)
    hce, _ = datagen_shard("chess", "", 4, 0, 2, nodes=100, config="full,hce")
    assert net_hash(settings_line(hce)) is None
    first = plan(3, 2, "bin")[0]
    for k, (params, file, taken) in enumerate([
        ({**PARAMS, "net": net}, data, True),
        ({**PARAMS, "net": "0" * 16}, data, False),  # another net's run
        (PARAMS, data, False),  # a run with no net
        ({**PARAMS, "config": "full,hce"}, hce, True),
        ({**PARAMS, "config": "full,hce", "net": net}, hce, False),
    ]):
        folder = tmp_path / f"run{k}"
        folder.mkdir()
        (folder / first.file).write_bytes(file)
        assert Manifest.open(folder, params).is_done(first, folder) is taken, params


def test_a_run_with_a_net_names_it_in_its_manifest(tmp_path: Path) -> None:
    """`datagen` puts the hash of the net its searches use in the run's
    parameters (no cluster is needed: a run of 0 shards to make, resumed
    from a folder whose shard is there already)."""
    data, _ = shard(0, 2)
    (tmp_path / "shard-00000.bin").write_bytes(data)
    summary = datagen(
        "chess", 2, seed=4, out=tmp_path, nodes=100, shard_games=2, format="binary",
        progress=False,
    )
    assert summary.made == 0 and summary.shards == 1
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["params"]["net"] == net_hash(settings_line(data))
    # The hand-made evaluation's run has no `net`.
    hce, _ = datagen_shard("chess", "", 4, 0, 2, nodes=100, config="full,hce")
    (tmp_path / "hce").mkdir()
    (tmp_path / "hce" / "shard-00000.bin").write_bytes(hce)
    datagen(
        "chess", 2, seed=4, out=tmp_path / "hce", nodes=100, shard_games=2,
        format="binary", config="full,hce", progress=False,
    )
    params = json.loads((tmp_path / "hce" / "manifest.json").read_text())["params"]
    assert "net" not in params and params["config"] == "full,hce"


def test_datagen_refuses_a_bad_format_or_filter_before_any_work(tmp_path: Path) -> None:

    with pytest.raises(ValueError, match="unknown format 'csv'"):
        datagen("chess", 2, out=tmp_path, format="csv")
    with pytest.raises(ValueError, match="unknown filter 'loud'"):
        datagen("chess", 2, out=tmp_path, format="binary", filter="loud")
    assert not any(tmp_path.iterdir())

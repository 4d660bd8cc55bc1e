"""``tamerlane.cluster`` on a real local Ray cluster: a head and a second
node, started here with ``ray start`` (one CPU each) and stopped at the
end (``docs/CLUSTER.md``, "Tests"). Ray comes with the development
dependencies: without it these tests fail, they never skip."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import ray

import tamerlane
from tamerlane import _tamerlane
from tamerlane.cluster import ClusterError, DatagenSummary, datagen, match, selfplay

RAY = str(Path(sys.executable).with_name("ray"))
# A node that does not start within this fails the tests instead of hanging
# them.
RAY_START_SECONDS = 120
# A small run: 3 shards of 4 games, a few hundred nodes a move.
GAME, GAMES, SEED, NODES, SHARD = "makruk", 12, 7, 300, 4


def run(out: Path, **changes: Any) -> DatagenSummary:
    """`datagen` of the small run (with `changes`) into `out`."""
    args: dict[str, Any] = {
        "game": GAME, "games": GAMES, "seed": SEED, "nodes": NODES, "shard_games": SHARD,
        "progress": False,
    }
    return datagen(**{**args, **changes}, out=out)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A head node and a second node on this machine, one CPU each; the
    driver of this process connected to it."""
    port = _free_port()
    address = f"127.0.0.1:{port}"
    # A local test cluster without token authentication, whatever this
    # machine's ~/.ray holds (a token file left by an earlier local cluster
    # turns it on for the head alone, and the second node cannot join).
    old_mode = os.environ.get("RAY_AUTH_MODE")
    os.environ["RAY_AUTH_MODE"] = "disabled"
    common = ["--num-cpus=1", "--object-store-memory=100000000", "--disable-usage-stats"]
    subprocess.run(
        [RAY, "start", "--head", f"--port={port}", "--include-dashboard=false", *common],
        check=True, capture_output=True, timeout=RAY_START_SECONDS,
    )
    try:
        subprocess.run(
            [RAY, "start", f"--address={address}", *common],
            check=True, capture_output=True, timeout=RAY_START_SECONDS,
        )
        ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        deadline = time.monotonic() + 30
        while len([n for n in ray.nodes() if n["Alive"]]) < 2:  # type: ignore[no-untyped-call]
            assert time.monotonic() < deadline, "the second node did not join"
            time.sleep(0.2)
        yield address
    finally:
        ray.shutdown()
        subprocess.run([RAY, "stop", "--force"], capture_output=True, timeout=RAY_START_SECONDS)
        if old_mode is None:
            del os.environ["RAY_AUTH_MODE"]
        else:
            os.environ["RAY_AUTH_MODE"] = old_mode


def _reference(game: str, games: int, seed: int, nodes: int, shard_games: int) -> dict[str, bytes]:
    """The shards computed in this process, without Ray."""
    out = {}
    for k, first in enumerate(range(0, games, shard_games)):
        data, _ = _tamerlane.datagen_shard(
            game, "", seed, first, min(shard_games, games - first), nodes=nodes
        )
        out[f"shard-{k:05d}.txt"] = data
    return out


@pytest.fixture(scope="module")
def reference() -> dict[str, bytes]:
    return _reference(GAME, GAMES, SEED, NODES, SHARD)


def _shards(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("shard-*.txt"))}


def _check_manifest(folder: Path, games: int) -> None:
    """Every game id once, every shard once, checksums and counts right."""
    m = json.loads((folder / "manifest.json").read_text())
    ids: list[int] = []
    for s in m["shards"]:
        data = (folder / s["file"]).read_bytes()
        import hashlib

        assert s["sha256"] == hashlib.sha256(data).hexdigest()
        assert s["positions"] == sum(
            1 for line in data.splitlines() if line and not line.startswith(b"#")
        )
        ids.extend(range(s["first_game"], s["first_game"] + s["games"]))
    assert sorted(ids) == list(range(games))
    assert len({s["shard"] for s in m["shards"]}) == len(m["shards"])


def test_datagen_is_the_same_with_one_and_two_workers(
    cluster: str, tmp_path: Path, reference: dict[str, bytes]
) -> None:
    one = run(tmp_path / "one", workers=1)
    two = run(tmp_path / "two", workers=2)
    assert one.made == two.made == 3
    assert _shards(tmp_path / "one") == _shards(tmp_path / "two") == reference
    assert (tmp_path / "one" / "manifest.json").read_bytes() == (
        tmp_path / "two" / "manifest.json"
    ).read_bytes()
    _check_manifest(tmp_path / "two", GAMES)
    assert one.positions == sum(
        1 for d in reference.values() for line in d.splitlines() if not line.startswith(b"#")
    )


def test_datagen_survives_a_killed_worker(
    cluster: str, tmp_path: Path, reference: dict[str, bytes]
) -> None:
    """A worker process killed while it makes a shard: the task runs again
    elsewhere and the output is complete, nothing duplicated."""
    kills: list[int] = []

    def killer() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not kills:
            found = subprocess.run(
                ["pgrep", "-f", "ray::_make_shard"], capture_output=True, text=True
            ).stdout.split()
            if found:
                os.kill(int(found[0]), signal.SIGKILL)
                kills.append(int(found[0]))
            time.sleep(0.05)

    t = threading.Thread(target=killer)
    t.start()
    summary = run(tmp_path / "run", workers=2)
    t.join()
    assert len(kills) == 1, "no worker was killed: the test proved nothing"
    assert summary.shards == 3
    assert _shards(tmp_path / "run") == reference
    _check_manifest(tmp_path / "run", GAMES)


def _cli(args: list[str], address: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tamerlane.cluster", *args, "--address", address],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def test_an_interrupted_driver_resumes(
    cluster: str, tmp_path: Path, reference: dict[str, bytes]
) -> None:
    out = tmp_path / "run"
    args = [
        "datagen", "--game", GAME, "--games", str(GAMES), "--seed", str(SEED),
        "--nodes", str(NODES), "--shard-games", str(SHARD), "--out", str(out),
        "--workers", "1",
    ]
    first = _cli(args, cluster)
    deadline = time.monotonic() + 90
    while not list(out.glob("shard-*.txt")):
        assert first.poll() is None, first.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    first.send_signal(signal.SIGINT)
    _, err = first.communicate(timeout=60)
    assert first.returncode == 130, err
    assert "interrupted" in err
    kept = {p.name: p.stat().st_mtime_ns for p in out.glob("shard-*.txt")}
    listed = json.loads((out / "manifest.json").read_text())["shards"]
    assert 1 <= len(kept) < 3 and len(listed) == len(kept)
    second = _cli(args, cluster)
    text, err = second.communicate(timeout=120)
    assert second.returncode == 0, err
    assert f"({3 - len(kept)} made now)" in text
    assert _shards(out) == reference
    # The shards of the first run were not made again.
    assert {n: (out / n).stat().st_mtime_ns for n in kept} == kept
    _check_manifest(out, GAMES)


def test_a_manifest_of_another_run_is_refused(cluster: str, tmp_path: Path) -> None:
    run(tmp_path / "run", games=4)
    with pytest.raises(ClusterError, match="another run .*seed"):
        run(tmp_path / "run", games=4, seed=8)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"game": "shogi"}, "unknown game"),
        ({"games": 0}, "games must be in"),
        ({"nodes": -1}, "nodes must be in"),
        ({"rules": "repetition=banana"}, "repetition"),
        ({"config": "fulll"}, "fulll"),
        ({"games": 2.5}, "games must be an int"),
    ],
)
def test_bad_arguments_fail_before_scheduling(
    tmp_path: Path, kwargs: dict[str, object], error: str
) -> None:
    with pytest.raises((ValueError, TypeError), match=error):
        run(tmp_path / "x", **kwargs)
    assert not (tmp_path / "x" / "manifest.json").exists()


def _local_match(args: list[str]) -> tuple[str, int]:
    """`tamerlane match` run locally: the SPRT's decision and the games."""
    binary = os.environ.get("TAMERLANE_BIN")
    assert binary, "TAMERLANE_BIN (the CLI, as `make py-test` sets it) is needed"
    out = subprocess.run(
        [binary, "match", *args], check=True, capture_output=True, text=True
    ).stdout
    games = int(next(line for line in out.splitlines() if " games" in line).split(": ")[1].split()[0])
    line = next(line for line in out.splitlines() if line.startswith("sprt"))
    decision = line.split(": ")[-1]
    return decision, games


def test_a_cluster_sprt_decides_as_the_local_match(cluster: str, tmp_path: Path) -> None:
    common = ["--game", "makruk", "--a", "full", "--b", "plain", "--nodes", "400",
              "--games", "80", "--sprt", "0,150", "--seed", "3"]
    decision, games = _local_match(common)
    r = match("full", "plain", "makruk", 80, {"nodes": 400}, (0, 150), 3,
              tmp_path / "games.pgn", workers=2, progress=False)
    names = {"accept-h1": "H1 accepted", "accept-h0": "H0 accepted", "continue": "continue"}
    assert names[r.sprt] == decision
    assert r.decided_at == games
    assert decision != "continue", "the SPRT did not decide: the test proved little"
    assert r.games >= games
    text = (tmp_path / "games.pgn").read_text()
    assert text.count("[Result ") == r.games


def test_selfplay_streams_whole_episodes(cluster: str) -> None:
    eps = list(selfplay(6, actors=2, envs_per_actor=2, seed=5, max_plies=40))
    assert len(eps) == 6
    assert {e.actor for e in eps} <= {0, 1}
    for e in eps:
        n = len(e.actions)
        assert n >= 1 and e.observations.shape[0] == n and e.rewards.shape == (n,)
        assert e.masks.shape == (n, tamerlane.ACTION_SPACE_SIZE)
        # Every action was legal where it was taken.
        assert e.masks[np.arange(n), e.actions].all()
        assert e.terminated or n == 40


def test_selfplay_takes_a_policy_callable(cluster: str) -> None:
    def first_legal(obs: np.ndarray, mask: np.ndarray) -> Any:
        return mask.argmax(axis=1)

    eps = list(selfplay(2, first_legal, actors=1, envs_per_actor=2, max_plies=10))
    for e in eps:
        assert (e.actions == e.masks.argmax(axis=1)).all()


def test_import_without_ray_names_the_extra() -> None:
    code = "import sys; sys.modules['ray'] = None; import tamerlane.cluster"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode != 0
    assert "pip install 'tamerlane[cluster]'" in r.stderr


def test_selfplay_takes_a_policy_served_by_an_actor(cluster: str) -> None:
    """One policy actor serves every environment actor."""

    class FirstLegal:
        def __init__(self) -> None:
            self.calls = 0

        def act(self, obs: np.ndarray, mask: np.ndarray) -> Any:
            self.calls += 1
            return mask.argmax(axis=1)

        def count(self) -> int:
            return self.calls

    server: Any = ray.remote(FirstLegal).remote()
    eps = list(selfplay(3, server, actors=2, envs_per_actor=2, max_plies=10))
    assert len(eps) == 3
    for e in eps:
        assert (e.actions == e.masks.argmax(axis=1)).all()
    calls: int = ray.get(server.count.remote())
    assert calls >= 10


def test_a_whole_shard_not_yet_listed_is_listed_not_made_again(
    cluster: str, tmp_path: Path, reference: dict[str, bytes]
) -> None:
    """A driver stopped between writing a shard and listing it: the next
    run lists the shard from its file; a damaged listed shard is made
    again."""
    out = tmp_path / "run"
    run(out)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["shards"] = manifest["shards"][1:]  # shard 0's listing lost
    (out / "manifest.json").write_text(json.dumps(manifest))
    (out / "shard-00002.txt").write_bytes(b"# damaged\n")  # listed, but damaged
    before = (out / "shard-00000.txt").stat().st_mtime_ns
    again = run(out)
    assert again.made == 1  # shard 2 only
    assert (out / "shard-00000.txt").stat().st_mtime_ns == before
    assert _shards(out) == reference
    _check_manifest(out, GAMES)


def test_a_shard_scored_by_another_net_stops_the_run(cluster: str, tmp_path: Path) -> None:
    """A worker whose build scores with another net than the driver's (here
    the driver's parameters name a net, the workers' searches use the
    hand-made evaluation): the run stops with a `ClusterError` naming both,
    and the shard is neither written nor listed."""
    from tamerlane.cluster._datagen import TEXT_FORMAT, _run
    from tamerlane.cluster._manifest import Manifest, plan
    from tamerlane.cluster._progress import Progress

    params: dict[str, Any] = {
        "format": TEXT_FORMAT, "game": GAME, "rules": "", "games": 4, "seed": SEED,
        "nodes": NODES, "opening_plies": 6, "config": "full,hce", "hash_mib": 16,
        "shard_games": 4, "net": "0123456789abcdef",
    }
    manifest = Manifest(tmp_path, params)
    with pytest.raises(ClusterError, match="net none on its worker, not 0123456789abcdef"):
        _run(params, plan(4, 4), tmp_path, manifest, Progress(4, "games", enabled=False), 1)
    assert not list(tmp_path.iterdir())
    assert manifest.shards == {}

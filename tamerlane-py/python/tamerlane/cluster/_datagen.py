"""Data generation on the cluster: self-play games at a fixed node count,
written in shards with a manifest (``docs/CLUSTER.md``).

Game ``i`` of a run depends only on ``(seed, i)`` and a shard only on the
games it holds, so the output is the same byte for byte whatever the
number of workers, and a shard that is made twice (a task run again after
its worker died) is the same shard. The tasks return their shard's text;
the driver alone writes the files and the manifest, each shard once.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ray

from .. import _tamerlane
from ._connect import connect, task_slots
from ._errors import ClusterError
from ._interrupt import deferred_interrupt
from ._manifest import Manifest, ShardPlan, net_hash, plan, settings_line, write_atomic
from ._progress import Progress

#: The games of the family, by the names the jobs take.
GAMES = ("tamerlane", "chess", "makruk")
#: How often a shard's task is run again when its worker dies.
TASK_RETRIES = 5
#: How long the driver waits for a result before it checks for a Ctrl-C.
WAIT_SECONDS = 0.25
#: The manifest's name of each shard format (``docs/ENGINE.md``, "Self-play
#: data").
TEXT_FORMAT = "tamerlane datagen 1"
BINARY_FORMAT = "tamerlane datagen binary 1"


@dataclass(frozen=True)
class DatagenSummary:
    """What a data-generation run left in its output folder."""

    #: The output folder.
    out: Path
    #: Shards finished (all of the run's when it returned normally).
    shards: int
    #: Shards made by this call (the others were done before: resumed).
    made: int
    #: Games and positions in the finished shards.
    games: int
    positions: int


def _whole(name: str, value: Any, low: int, high: int = 2**64 - 1) -> int:
    """`value` as an int in ``low..=high``, or a ValueError naming it."""
    try:
        n = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None
    if not low <= n <= high:
        raise ValueError(f"{name} must be in {low}..={high}, not {n}")
    return n


@ray.remote(max_retries=TASK_RETRIES, retry_exceptions=False)
def _make_shard(params: dict[str, Any], first: int, count: int) -> bytes:
    """One shard's text, made in Rust (the GIL released)."""
    data, _ = _tamerlane.datagen_shard(
        params["game"],
        params["rules"],
        params["seed"],
        first,
        count,
        nodes=params["nodes"],
        opening_plies=params["opening_plies"],
        config=params["config"],
        hash_mib=params["hash_mib"],
        format=_format(params),
        filter=params.get("filter"),
    )
    return data


def _format(params: dict[str, Any]) -> str:
    """The shards' format of a run: ``"binary"`` or ``"text"``."""
    return "binary" if params["format"] == BINARY_FORMAT else "text"


def datagen(
    game: str = "tamerlane",
    games: int = 100,
    seed: int = 1,
    out: str | Path = "datagen",
    nodes: int = 5000,
    rules: str = "",
    *,
    opening_plies: int = 6,
    config: str = "full",
    hash_mib: int = 16,
    shard_games: int = 16,
    address: str | None = None,
    workers: int | None = None,
    progress: bool = True,
    format: str = "text",
    filter: str | None = None,
) -> DatagenSummary:
    """Plays `games` self-play games of `game` under `rules` at `nodes`
    nodes a move and writes every searched position with its score and the
    game's result, in shards of `shard_games` games in `out`, with
    ``manifest.json`` (``docs/CLUSTER.md``, "Output").

    Re-run with the same arguments on the same `out`, it makes only the
    shards that are missing (a shard listed in the manifest with a damaged
    file is made again); with other arguments it refuses. Arguments are
    checked before anything is scheduled. `address` is the cluster's
    (``"auto"`` for the one this machine belongs to; ``None`` starts a
    local one). `workers` caps the shards made at once (default: every CPU
    of the cluster busy). A Ctrl-C stops the run after saving what is finished; run
    it again to resume. `format` is ``"text"`` (shards ``shard-NNNNN.txt``)
    or ``"binary"`` (``shard-NNNNN.bin``, read by ``tamerlane.data``);
    `filter` ``"quiet"`` or ``"all"``, by default the format's (every
    position in text, the quiet ones in binary).
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    if format not in ("text", "binary"):
        raise ValueError(f"unknown format {format!r} (expected text or binary)")
    if filter not in (None, "quiet", "all"):
        raise ValueError(f"unknown filter {filter!r} (expected quiet or all)")
    params: dict[str, Any] = {
        "format": BINARY_FORMAT if format == "binary" else TEXT_FORMAT,
        "game": game,
        "rules": rules,
        "games": _whole("games", games, 1, 2**40),
        "seed": _whole("seed", seed, 0),
        "nodes": _whole("nodes", nodes, 1),
        "opening_plies": _whole("opening_plies", opening_plies, 0, 1000),
        "config": config,
        "hash_mib": _whole("hash_mib", hash_mib, 1, 65536),
        "shard_games": _whole("shard_games", shard_games, 1, 2**20),
    }
    # A text run with the default filter keeps the parameters it always had
    # (its manifest resumes); any other run names its filter.
    if format == "binary" or filter not in (None, "all"):
        params["filter"] = filter or ("quiet" if format == "binary" else "all")
    if workers is not None:
        workers = _whole("workers", workers, 1, 2**20)
    if not isinstance(rules, str) or not isinstance(config, str):
        raise TypeError("rules and config must be strings")
    # The Rust side checks the game, rules and configuration: an empty shard
    # costs nothing and fails with their own error messages. Its settings
    # line names the net the searches use, if any: a run scored by one net
    # is not resumed with another.
    empty, _ = _tamerlane.datagen_shard(
        game, rules, params["seed"], 0, 0,
        nodes=params["nodes"], opening_plies=params["opening_plies"],
        config=config, hash_mib=params["hash_mib"], format=format, filter=params.get("filter"),
    )
    net = net_hash(settings_line(empty))
    if net is not None:
        params["net"] = net
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    manifest = Manifest.open(folder, params)
    shards = plan(params["games"], params["shard_games"], "bin" if format == "binary" else "txt")
    todo = [s for s in shards if not manifest.is_done(s, folder)]
    manifest.save()
    bar = Progress(params["games"], "games", enabled=progress)
    bar.skip(sum(s.count for s in shards) - sum(s.count for s in todo))
    made = 0
    if todo:
        connect(address)
        made = _run(params, todo, folder, manifest, bar, workers)
    games_done, positions = manifest.totals()
    bar.finish(f"{positions} positions")
    return DatagenSummary(folder, len(manifest.shards), made, games_done, positions)


def _run(
    params: dict[str, Any],
    todo: list[ShardPlan],
    folder: Path,
    manifest: Manifest,
    bar: Progress,
    workers: int | None,
) -> int:
    """Makes the shards of `todo` on the cluster, a few in flight at a time,
    writing each as it comes; returns how many were made."""
    pending = list(reversed(todo))
    running: dict[Any, ShardPlan] = {}
    slots = task_slots(workers)
    made = 0
    with deferred_interrupt() as stop:
        while pending or running:
            stop.check()
            while pending and len(running) < slots:
                s = pending.pop()
                running[_make_shard.remote(params, s.first, s.count)] = s
            ready, _ = ray.wait(list(running), num_returns=1, timeout=WAIT_SECONDS)
            for ref in ready:
                shard = running.pop(ref)
                try:
                    data: bytes = ray.get(ref)
                except ray.exceptions.RayError as e:
                    raise ClusterError(
                        f"shard {shard.index} (games {shard.first}..{shard.first + shard.count - 1}) "
                        f"failed after {TASK_RETRIES} retries: {e}"
                    ) from e
                worker_net = net_hash(settings_line(data))
                if worker_net != params.get("net"):
                    raise ClusterError(
                        f"shard {shard.index} was scored by net {worker_net or 'none'} on its "
                        f"worker, not {params.get('net') or 'none'} as on the driver: the "
                        "cluster's nodes run different builds of tamerlane"
                    )
                write_atomic(folder / shard.file, data)
                manifest.add(shard, data)
                manifest.save()
                made += 1
                bar.update(bar.done + shard.count)
    # Tasks still in flight when a stop or an error ended the loop finish on
    # their workers and are dropped (cancelling a task as it completes can
    # break Ray's client).
    return made

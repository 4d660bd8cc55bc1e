"""The manifest of a data-generation run (``manifest.json`` in its output
folder): the run's parameters and, for every finished shard, its game ids,
counts and checksum (``docs/CLUSTER.md``, "Output").

It holds nothing that depends on how the run was executed (no times, no
worker names): two runs of the same job write the same manifest, byte for
byte. It is replaced atomically (written beside, then renamed) after every
shard, so a driver stopped at any moment leaves a manifest that a new driver
resumes from.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import _tamerlane
from ._errors import ClusterError

# The end of a shard's settings line when a net scored its games.
_NET_HASH = re.compile(r" net ([0-9a-f]{16})$")

#: The bytes of a binary shard's header.
HEADER_BYTES: int = _tamerlane.datagen_layout()["header_size"]

#: The version of the manifest's layout.
MANIFEST_VERSION = 1
#: The manifest's file name in the output folder.
MANIFEST_NAME = "manifest.json"


@dataclass(frozen=True)
class ShardPlan:
    """A shard: games ``first .. first + count - 1`` of the run."""

    index: int
    first: int
    count: int
    #: The file name's extension: ``txt`` for text shards, ``bin`` for
    #: binary ones.
    suffix: str = "txt"

    @property
    def file(self) -> str:
        """The shard's file name in the output folder."""
        return f"shard-{self.index:05d}.{self.suffix}"


def plan(games: int, shard_games: int, suffix: str = "txt") -> list[ShardPlan]:
    """The shards of a run of `games` games, `shard_games` to a shard: fixed
    by the run's parameters alone, whatever the cluster."""
    return [
        ShardPlan(i, first, min(shard_games, games - first), suffix)
        for i, first in enumerate(range(0, games, shard_games))
    ]


def digest(data: bytes) -> str:
    """The checksum written in the manifest: SHA-256, in hexadecimal."""
    return hashlib.sha256(data).hexdigest()


def _binary_header(data: bytes) -> dict[str, Any] | None:
    """The checked header of a binary shard (``docs/ENGINE.md``, "The
    binary format"), or None if `data` is not a whole binary shard."""
    if not data.startswith(_tamerlane.datagen_layout()["magic"]):
        return None
    try:
        return _tamerlane.datagen_header(data[:HEADER_BYTES], len(data))
    except ValueError:
        return None


def count_positions(data: bytes) -> int:
    """The positions of a shard: a binary shard's records, or the lines of
    a text shard that are not comments."""
    header = _binary_header(data)
    if header is not None:
        return int(header["records"])
    return sum(1 for line in data.splitlines() if line and not line.startswith(b"#"))


def settings_line(data: bytes) -> str | None:
    """The settings line of a whole shard, text or binary (without the
    text's ``# ``), or None if `data` is neither."""
    header = _binary_header(data)
    if header is not None:
        return str(header["settings"])
    lines = data.split(b"\n", 2)
    if len(lines) == 3 and lines[1].startswith(b"# "):
        return lines[1][2:].decode("utf-8", errors="replace")
    return None


def net_hash(line: str | None) -> str | None:
    """The hash of the net that scored a shard's games, from the end of its
    settings line (`` net HASH``, ``docs/ENGINE.md``, "Self-play data"), or
    None when the searches used the hand-made evaluation."""
    found = _NET_HASH.search(line) if line is not None else None
    return found.group(1) if found else None


def write_atomic(path: Path, data: bytes) -> None:
    """Writes `data` to `path` so that a reader sees the old file or the
    whole new one, never a part (a file beside it, synced, then renamed)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class Manifest:
    """The manifest of one run: its parameters and its finished shards."""

    def __init__(self, out: Path, params: dict[str, Any]) -> None:
        self.path = out / MANIFEST_NAME
        self.params = params
        self.shards: dict[int, dict[str, Any]] = {}

    @classmethod
    def open(cls, out: Path, params: dict[str, Any]) -> Manifest:
        """The manifest of the run with `params` in `out`: read back if the
        folder holds one (which must be of the same run), else a new one.
        """
        m = cls(out, params)
        if not m.path.exists():
            return m
        try:
            data = json.loads(m.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise ClusterError(f"{m.path}: not a readable manifest ({e})") from e
        if not isinstance(data, dict) or data.get("version") != MANIFEST_VERSION:
            raise ClusterError(
                f"{m.path}: not a manifest of version {MANIFEST_VERSION} "
                "(use another output folder)"
            )
        old = data.get("params")
        if old != params:
            diff = sorted(
                k
                for k in set(params) | set(old or {})
                if (old or {}).get(k) != params.get(k)
            )
            raise ClusterError(
                f"{m.path} belongs to another run (different {', '.join(diff)}): "
                "use another output folder, or the same parameters to resume it"
            )
        for s in data.get("shards", []):
            m.shards[int(s["shard"])] = s
        return m

    def entry(self, shard: ShardPlan, data: bytes) -> dict[str, Any]:
        """The manifest's entry for a shard with the text `data`."""
        return {
            "shard": shard.index,
            "file": shard.file,
            "first_game": shard.first,
            "games": shard.count,
            "positions": count_positions(data),
            "bytes": len(data),
            "sha256": digest(data),
        }

    def is_done(self, shard: ShardPlan, out: Path) -> bool:
        """Whether `shard` is finished: listed here and its file intact, or
        (a driver stopped between writing a shard and listing it) its file
        present and whole, in which case it is listed now. A listed shard
        whose file is missing or damaged is not done (it is made again)."""
        path = out / shard.file
        listed = self.shards.get(shard.index)
        if not path.exists():
            if listed is not None:
                del self.shards[shard.index]
            return False
        data = path.read_bytes()
        if listed is not None:
            if listed.get("sha256") == digest(data) and listed.get("first_game") == shard.first:
                return True
            del self.shards[shard.index]
            return False
        # Files are written whole (write_atomic): one not yet listed whose
        # header names this run's settings, games and net is a finished
        # shard whose listing was lost.
        line = settings_line(data)
        p = self.params
        net = f" net {p['net']}" if "net" in p else ""
        settings = (
            f"seed {p['seed']} first {shard.first} count {shard.count} "
            f"nodes {p['nodes']} opening-plies {p['opening_plies']} config {p['config']}{net}"
        )
        if line is not None and line.startswith(f"game {p['game']} ") and line.endswith(settings):
            self.shards[shard.index] = self.entry(shard, data)
            return True
        return False

    def add(self, shard: ShardPlan, data: bytes) -> None:
        """Lists a finished shard."""
        self.shards[shard.index] = self.entry(shard, data)

    def save(self) -> None:
        """Writes the manifest (atomically)."""
        body = {
            "version": MANIFEST_VERSION,
            "params": self.params,
            "shards": [self.shards[k] for k in sorted(self.shards)],
        }
        text = json.dumps(body, indent=1, sort_keys=True) + "\n"
        write_atomic(self.path, text.encode("utf-8"))

    def totals(self) -> tuple[int, int]:
        """The games and positions of the listed shards."""
        games = sum(int(s["games"]) for s in self.shards.values())
        positions = sum(int(s["positions"]) for s in self.shards.values())
        return games, positions

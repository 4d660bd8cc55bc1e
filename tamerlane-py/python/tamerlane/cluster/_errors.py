"""The error of a cluster job that cannot go on (a manifest that belongs to
another run, a damaged shard, a task that failed for good)."""

from __future__ import annotations


class ClusterError(RuntimeError):
    """A cluster job that cannot go on; the message says why and what to do."""

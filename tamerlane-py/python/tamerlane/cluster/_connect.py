"""Joining the Ray cluster a job runs on, and the number of tasks to keep
in flight there."""

from __future__ import annotations

import logging

import ray


def connect(address: str | None) -> None:
    """Connects the driver to the cluster at `address` (``"auto"`` finds a
    running one; ``None`` starts a one-machine cluster in this process),
    unless it is connected already."""
    if ray.is_initialized():
        return
    ray.init(
        address=address,
        logging_level=logging.WARNING,
        log_to_driver=False,
        include_dashboard=False if address is None else None,
    )


def task_slots(workers: int | None) -> int:
    """The number of tasks to keep in flight: `workers` (tasks run at once
    at most, for a measurement or a shared cluster), else twice the
    cluster's CPUs, so that every worker always has its next task queued.
    """
    if workers is not None:
        return workers
    cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
    return max(2, 2 * cpus)

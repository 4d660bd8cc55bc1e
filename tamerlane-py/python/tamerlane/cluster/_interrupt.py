"""Ctrl-C during a cluster job: the job stops at its next check, with what
is finished saved, instead of a ``KeyboardInterrupt`` raised inside Ray's
client (which Ray does not always survive)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any


class Stop:
    """Whether a Ctrl-C asked the job to stop."""

    def __init__(self) -> None:
        self.requested = False

    def check(self) -> None:
        """Raises ``KeyboardInterrupt`` if a stop was asked for."""
        if self.requested:
            raise KeyboardInterrupt


@contextmanager
def deferred_interrupt() -> Iterator[Stop]:
    """While active (in the main thread), a first Ctrl-C only sets
    ``Stop.requested``, which the job's loop checks between waits; a second
    one raises at once. Elsewhere (a job run from another thread) Python's
    handling is left as it is."""
    stop = Stop()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def handler(signum: int, frame: FrameType | None) -> Any:
        if stop.requested:
            raise KeyboardInterrupt
        stop.requested = True

    old = signal.signal(signal.SIGINT, handler)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, old)

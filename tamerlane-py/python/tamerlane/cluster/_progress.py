"""The progress line of a cluster job on stderr: work done, rate, time
left, and the job's own figures (the SPRT's ratio and bounds)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Prints ``done/total unit, rate/s, ETA, extra`` at most every
    ``interval`` seconds (and at the end); silent when ``enabled`` is false.
    """

    def __init__(
        self,
        total: int,
        unit: str,
        *,
        enabled: bool = True,
        stream: TextIO | None = None,
        interval: float = 0.5,
    ) -> None:
        self.total = total
        self.unit = unit
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval
        self.start = time.monotonic()
        self.last = 0.0
        self.done = 0
        self.base = 0
        self.terminal = self.stream.isatty()

    def skip(self, n: int) -> None:
        """Counts `n` units done before this run (resumed), not in the rate."""
        self.done += n
        self.base += n

    def update(self, done: int, extra: str = "", *, force: bool = False) -> None:
        """Sets the units done and prints the line if it is time."""
        self.done = done
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < self.interval):
            return
        self.last = now
        elapsed = max(now - self.start, 1e-9)
        rate = (self.done - self.base) / elapsed
        left = self.total - self.done
        eta = f"{left / rate:.0f} s left" if rate > 0 else "time left unknown"
        line = f"{self.done}/{self.total} {self.unit}, {rate:.2f}/s, {eta}"
        if extra:
            line += f", {extra}"
        end = "" if self.terminal else "\n"
        prefix = "\r\x1b[2K" if self.terminal else ""
        self.stream.write(f"{prefix}{line}{end}")
        self.stream.flush()

    def finish(self, extra: str = "") -> None:
        """Prints the final line (and ends it on a terminal)."""
        self.update(self.done, extra, force=True)
        if self.enabled and self.terminal:
            self.stream.write("\n")
            self.stream.flush()

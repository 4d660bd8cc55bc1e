"""`tools/nnue/datagen.sh`, the self-play step of `make train`
(docs/TRAINING.md): one run at a time per data directory.

The engine is replaced by a stand-in script that waits for a signal file
before it writes its chunk, so the test controls when a run's workers end
and costs no search.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Callable

from conftest import REPO

SCRIPT = REPO / "tools" / "nnue" / "datagen.sh"

# Creates the file after --out at once (as the engine does), and writes
# "GAME FIRST" into it once `release` exists.
STAND_IN = """#!/bin/sh
out= game= first=
while [ $# -gt 0 ]; do
    case $1 in
        --out) out=$2; shift ;;
        --game) game=$2; shift ;;
        --first) first=$2; shift ;;
    esac
    shift
done
: > "$out"
while [ ! -f "{release}" ]; do sleep 0.05; done
echo "$game $first" > "$out"
"""


def command(binary: Path, data: Path) -> list[str]:
    """Two Makruk games in chunks of one, one worker, into `data`."""
    return ["sh", str(SCRIPT), str(binary), "makruk", "2", "1", "10", "1", "1", "full,hce", str(data)]


def run(binary: Path, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command(binary, data), capture_output=True, text=True, timeout=20)


def wait_for(what: str, done: Callable[[], bool], seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_a_second_run_is_refused_while_the_workers_of_a_stopped_one_live(tmp_path: Path) -> None:
    release = tmp_path / "release"
    binary = tmp_path / "engine"
    binary.write_text(STAND_IN.replace("{release}", str(release)))
    binary.chmod(0o755)
    data = tmp_path / "data"
    first = subprocess.Popen(
        command(binary, data),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_for("the first chunk's worker", lambda: (data / "000000-0001.bin.part").exists())
        # While it runs, a second run of the same directory is refused.
        second = run(binary, data)
        assert second.returncode == 1
        assert f"another run is writing {data}" in second.stderr
        # Stopping the script alone leaves its workers running: still refused.
        first.kill()
        first.wait(timeout=10)
        second = run(binary, data)
        assert second.returncode == 1, second.stderr
        assert not (data / "000000-0001.bin").exists()
        # Once the workers end, a run goes through and makes what is missing.
        release.touch()
        wait_for("the lock", lambda: run(binary, data).returncode == 0)
        assert (data / "000000-0001.bin").read_text() == "makruk 0\n"
        assert (data / "000001-0001.bin").read_text() == "makruk 1\n"
        assert not list(data.glob("*.part"))
    finally:
        release.touch()
        try:
            os.killpg(first.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

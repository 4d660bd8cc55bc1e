"""Engine matches on the cluster, decided as ``tamerlane match`` decides
them (``docs/CLUSTER.md``, "Matches").

The games are those of ``tamerlane match`` with the same arguments: the
same openings (game ``i`` plays opening ``i // 2``, A White when ``i`` is
even), each played in Rust by the match's own arbiter. The driver counts
the results in game order, as a one-at-a-time local match does, and asks
the match's own SPRT after each game: so at fixed nodes the decision, and
the game at which it is taken, are those of ``tamerlane match --games N
--sprt ...`` run locally. Once decided, no new game is started; the games
already in play are finished and counted, as ``tamerlane match`` counts
them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ray

from .. import _tamerlane
from ._connect import connect, task_slots
from ._datagen import GAMES, TASK_RETRIES, WAIT_SECONDS, _whole
from ._errors import ClusterError
from ._interrupt import deferred_interrupt
from ._manifest import write_atomic
from ._progress import Progress

#: Games a task plays: one opening, both colours.
GAMES_PER_TASK = 2


@dataclass
class MatchResult:
    """The outcome of a cluster match."""

    #: Games played (those finished after an SPRT decision included).
    games: int = 0
    #: A's wins, draws and losses.
    wins: int = 0
    draws: int = 0
    losses: int = 0
    #: The SPRT's decision: ``"accept-h1"``, ``"accept-h0"`` or
    #: ``"continue"`` (not decided, or no SPRT asked for).
    sprt: str = "continue"
    #: The number of games (in game order) at which the SPRT decided.
    decided_at: int | None = None
    #: A's score per game index.
    scores: dict[int, float] = field(default_factory=dict)
    #: How each game ended, by game index.
    endings: dict[int, str] = field(default_factory=dict)

    @property
    def score(self) -> float:
        """A's score as a fraction of the games."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


@ray.remote(max_retries=TASK_RETRIES, retry_exceptions=False)
def _play(
    spec: dict[str, Any], openings: list[str], indices: list[int]
) -> list[tuple[int, float, str, str]]:
    """Plays the games `indices` of the match in Rust (the GIL released)."""
    return _tamerlane.match_games(
        spec["game"], spec["rules"], openings, indices, **spec["players"]
    )


def match(
    a: str = "full",
    b: str = "plain",
    game: str = "tamerlane",
    games: int = 200,
    limits: dict[str, int] | None = None,
    sprt: tuple[float, float] | None = None,
    seed: int = 1,
    out: str | Path | None = None,
    *,
    rules: str = "",
    opening_plies: int = 4,
    ply_cap: int | None = None,
    a_cmd: str | None = None,
    b_cmd: str | None = None,
    a_name: str | None = None,
    b_name: str | None = None,
    hash_mib: int = 16,
    address: str | None = None,
    workers: int | None = None,
    progress: bool = True,
) -> MatchResult:
    """Plays `games` games of `game` between `a` and `b` (in-process engine
    configurations, ``docs/ENGINE.md``; or engine commands `a_cmd`,
    `b_cmd`) with `limits` per move (``{"nodes": N}``, ``{"depth": D}`` or
    ``{"movetime": MS}``), openings of `opening_plies` random plies drawn
    from `seed`, as ``tamerlane match`` plays them, spread over the cluster
    at `address`. With ``sprt=(elo0, elo1)`` the match stops once the SPRT
    decides. `workers` caps the games played at once (default: every CPU
    of the cluster busy). With `out`, the game records are written there in game order
    (as ``tamerlane match --out`` writes them).
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    n = _whole("games", games, 1, 2**31)
    lim = dict(limits or {})
    unknown = set(lim) - {"nodes", "depth", "movetime"}
    if unknown:
        raise ValueError(f"unknown limits {sorted(unknown)} (expected nodes, depth, movetime)")
    if not lim:
        raise ValueError("limits must give nodes, depth or movetime per move")
    players: dict[str, Any] = {
        "a": a, "b": b, "a_cmd": a_cmd, "b_cmd": b_cmd,
        "a_name": a_name, "b_name": b_name,
        "nodes": _whole("nodes", lim["nodes"], 1) if "nodes" in lim else None,
        "depth": _whole("depth", lim["depth"], 1, 255) if "depth" in lim else None,
        "movetime_ms": _whole("movetime", lim["movetime"], 1) if "movetime" in lim else None,
        "hash_mib": _whole("hash_mib", hash_mib, 1, 65536),
        "ply_cap": None if ply_cap is None else _whole("ply_cap", ply_cap, 1),
    }
    bounds = None
    if sprt is not None:
        elo0, elo1 = (float(x) for x in sprt)
        if not elo0 < elo1:
            raise ValueError(f"sprt=(elo0, elo1) needs elo0 < elo1, not {sprt!r}")
        bounds = (elo0, elo1)
    # The openings and a first game check every argument before anything is
    # scheduled (with the Rust side's own error messages).
    openings = _tamerlane.match_openings(
        game, rules, max(1, (n + 1) // 2), _whole("opening_plies", opening_plies, 0, 1000),
        _whole("seed", seed, 0),
    )
    _tamerlane.match_games(game, rules, openings, [], **players)
    if bounds is not None:
        _tamerlane.sprt_state(bounds[0], bounds[1], 0, 0, 0)
    if workers is not None:
        workers = _whole("workers", workers, 1, 2**20)
    spec = {"game": game, "rules": rules, "players": players}
    connect(address)
    return _run(
        spec, openings, n, bounds, Path(out) if out is not None else None, progress, workers
    )


@contextmanager
def _records_kept(out: Path | None, done: dict[int, tuple[float, str, str]]) -> Iterator[None]:
    """Writes the records of every finished game to `out`, in game order,
    when the block ends, however it ends (a stop or an error included:
    nothing finished is lost). Tasks still in flight then finish on their
    workers and are dropped (cancelling a task as it completes can break
    Ray's client)."""
    try:
        yield
    finally:
        if out is not None:
            text = "".join(f"{done[i][2]}\n" for i in sorted(done))
            write_atomic(out, text.encode("utf-8"))


def _run(
    spec: dict[str, Any],
    openings: list[str],
    n: int,
    bounds: tuple[float, float] | None,
    out: Path | None,
    progress: bool,
    workers: int | None,
) -> MatchResult:
    result = MatchResult()
    tasks = [list(range(i, min(i + GAMES_PER_TASK, n))) for i in range(0, n, GAMES_PER_TASK)]
    tasks.reverse()
    running: dict[Any, list[int]] = {}
    slots = task_slots(workers)
    done: dict[int, tuple[float, str, str]] = {}
    counted = 0  # games counted in order for the SPRT
    tally = [0, 0, 0]
    bar = Progress(n, "games", enabled=progress)
    openings_ref = ray.put(openings)
    with deferred_interrupt() as stop, _records_kept(out, done):
        while running or (tasks and result.decided_at is None):
            stop.check()
            while tasks and result.decided_at is None and len(running) < slots:
                idx = tasks.pop()
                running[_play.remote(spec, openings_ref, idx)] = idx
            ready, _ = ray.wait(list(running), num_returns=1, timeout=WAIT_SECONDS)
            for ref in ready:
                running.pop(ref)
                try:
                    games = ray.get(ref)
                except ray.exceptions.RayError as e:
                    raise ClusterError(f"a match task failed after {TASK_RETRIES} retries: {e}") from e
                for index, score, ending, record in games:
                    done[index] = (score, ending, record)
            # Count in game order, and ask the SPRT after each game.
            while counted in done:
                score = done[counted][0]
                tally[0 if score > 0.75 else 2 if score < 0.25 else 1] += 1
                counted += 1
                if bounds is not None and result.decided_at is None:
                    state = _tamerlane.sprt_state(bounds[0], bounds[1], *tally)
                    if state != "continue":
                        result.sprt = state
                        result.decided_at = counted
            extra = f"+{tally[0]} ={tally[1]} -{tally[2]}"
            if bounds is not None:
                llr, lo, hi = _tamerlane.sprt_llr(bounds[0], bounds[1], *tally)
                extra += f", SPRT llr {llr:.2f} (bounds {lo:.2f}, {hi:.2f})"
            if result.decided_at is not None:
                extra += f": {result.sprt} at game {result.decided_at}"
            bar.update(len(done), extra)
    # The games after the decision that were in play: counted too.
    for i in sorted(done):
        if i >= counted:
            score = done[i][0]
            tally[0 if score > 0.75 else 2 if score < 0.25 else 1] += 1
    result.wins, result.draws, result.losses = tally
    result.games = len(done)
    result.scores = {i: done[i][0] for i in sorted(done)}
    result.endings = {i: done[i][1] for i in sorted(done)}
    bar.finish(f"+{result.wins} ={result.draws} -{result.losses}")
    return result

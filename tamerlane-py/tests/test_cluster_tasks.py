"""The native work of ``tamerlane.cluster``'s tasks: ``datagen_shard``
(deterministic per game, shards that put together are the run, the three
games), ``match_openings`` and ``match_games`` (the same games, scores and
records as ``tamerlane match`` run by the CLI), ``sprt_state`` (the CLI's
decisions), the arguments checked before any work, and Ctrl-C."""

from __future__ import annotations

import re
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import tamerlane
import tamerlane.chess
import tamerlane.makruk
from tamerlane import Engine
from tamerlane import InvalidFenError, InvalidRulesError, InvalidTfenError
from tamerlane._tamerlane import (
    datagen_shard,
    match_games,
    match_openings,
    sprt_llr,
    sprt_state,
)
from test_engine import interrupt_main_after

GAMES = ["tamerlane", "chess", "makruk"]

BOARDS: Dict[str, Any] = {
    "tamerlane": tamerlane.Board,
    "chess": tamerlane.chess.Board,
    "makruk": tamerlane.makruk.Board,
}


def body(text: bytes) -> bytes:
    """A shard's position lines (without its two header lines)."""
    lines = text.splitlines(keepends=True)
    assert lines[0] == b"# tamerlane datagen 1\n"
    assert lines[1].startswith(b"# game ")
    return b"".join(lines[2:])


@pytest.mark.parametrize("game", GAMES)
def test_datagen_shards_are_deterministic_and_join_into_the_run(game: str) -> None:
    kw: Dict[str, Any] = {"nodes": 120, "opening_plies": 4, "hash_mib": 2}
    whole, n = datagen_shard(game, "", 5, 0, 4, **kw)
    again, n_again = datagen_shard(game, "", 5, 0, 4, **kw)
    assert (whole, n) == (again, n_again)
    head, n_head = datagen_shard(game, "", 5, 0, 2, **kw)
    tail, n_tail = datagen_shard(game, "", 5, 2, 2, **kw)
    assert body(whole) == body(head) + body(tail)
    assert n == n_head + n_tail == len(whole.splitlines()) - 2
    assert n > 10
    lines = whole.decode("utf-8").splitlines()
    plain = (
        f"# game {game} rules default seed 5 first 0 count 4 nodes 120 "
        "opening-plies 4 config full"
    )
    # With a net for the game, the line ends with its hash (docs/ENGINE.md).
    if Engine().uses_net(game):
        assert re.fullmatch(re.escape(plain) + r" net [0-9a-f]{16}", lines[1]), lines[1]
    else:
        assert lines[1] == plain
    second = tail.decode().splitlines()[1]
    assert second.startswith(f"# game {game} rules default seed 5 first 2 count 2 ")
    for line in lines[2:]:
        fen, score, result = line.split(" | ")
        board = BOARDS[game](fen)
        assert not board.is_game_over(), line
        assert abs(int(score)) <= 30000
        assert result in ("1", "0.5", "0")
    # Another seed, other games.
    assert body(datagen_shard(game, "", 6, 0, 2, **kw)[0]) != body(head)


def test_datagen_settings_are_in_the_header() -> None:
    # The hand-made evaluation: with a net, the line ends with the net's
    # hash (docs/ENGINE.md), which tamerlane-ai's tests check.
    text, n = datagen_shard(
        "tamerlane",
        "seed-001,repetition=3",
        2**64 - 1,
        7,
        0,
        nodes=10,
        opening_plies=0,
        config="full,hce, -lmr",
    )
    assert n == 0
    assert text.decode().splitlines() == [
        "# tamerlane datagen 1",
        "# game tamerlane rules seed-001,repetition=3 seed 18446744073709551615 "
        "first 7 count 0 nodes 10 opening-plies 0 config full,hce,-lmr",
    ]


def test_datagen_rules_change_the_games() -> None:
    kw: Dict[str, Any] = {"nodes": 80, "opening_plies": 2}
    plain, _ = datagen_shard("makruk", "", 1, 0, 1, **kw)
    fs, _ = datagen_shard("makruk", "counting=fairy-stockfish", 1, 0, 1, **kw)
    assert b"rules counting=fairy-stockfish " in fs
    assert body(plain) and body(fs)


@pytest.mark.parametrize(
    "args, kwargs, error, message",
    [
        (("go", "", 1, 0, 1), {}, ValueError, "unknown game"),
        ((1, "", 1, 0, 1), {}, TypeError, "game must be a str"),
        (("chess", "bogus=1", 1, 0, 1), {}, InvalidRulesError, "bogus"),
        (("chess", None, 1, 0, 1), {}, TypeError, "rules must be a str"),
        (("chess", "", -1, 0, 1), {}, ValueError, "seed -1 out of range"),
        (("chess", "", 2**64, 0, 1), {}, ValueError, "seed"),
        (("chess", "", "1", 0, 1), {}, TypeError, "seed must be an int"),
        (("chess", "", True, 0, 1), {}, TypeError, "seed must be an int"),
        (("chess", "", 1, -1, 1), {}, ValueError, "first"),
        (("chess", "", 1, 2**64 - 1, 2), {}, ValueError, "count"),
        (("chess", "", 1, 0, 1.5), {}, TypeError, "count must be an int"),
        (("chess", "", 1, 0, 1), {"nodes": 0}, ValueError, "nodes 0 out of range"),
        (("chess", "", 1, 0, 1), {"opening_plies": -1}, ValueError, "opening_plies"),
        (("chess", "", 1, 0, 1), {"config": "fast"}, ValueError, "config: "),
        (("chess", "", 1, 0, 1), {"config": 3}, TypeError, "config must be a str"),
        (("chess", "", 1, 0, 1), {"hash_mib": 0}, ValueError, "hash_mib 0 out of range"),
    ],
)
def test_datagen_bad_arguments(
    args: Tuple[Any, ...], kwargs: Dict[str, Any], error: type, message: str
) -> None:
    started = time.monotonic()
    with pytest.raises(error, match=re.escape(message)):
        datagen_shard(*args, **kwargs)
    assert time.monotonic() - started < 1.0  # refused before any game


def test_datagen_keyword_only_and_unknown_arguments() -> None:
    with pytest.raises(TypeError):
        datagen_shard("chess", "", 1, 0, 1, 100)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        datagen_shard("chess", "", 1, 0, 1, threads=2)  # type: ignore[call-arg]




def test_ctrl_c_stops_a_long_shard_promptly() -> None:
    interrupter = interrupt_main_after(0.3)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            # Days of work at these settings.
            datagen_shard("tamerlane", "", 1, 0, 10**6, nodes=10**9)
        elapsed = time.monotonic() - started
    finally:
        interrupter.join()
    assert elapsed < 2.5, elapsed


def test_ctrl_c_stops_match_games_promptly() -> None:
    openings = match_openings("chess", "", 1, 2, 1)
    interrupter = interrupt_main_after(0.3)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            match_games("chess", "", openings, list(range(1000)), depth=60)
        elapsed = time.monotonic() - started
    finally:
        interrupter.join()
    assert elapsed < 2.5, elapsed


def test_match_openings_are_distinct_positions_of_the_game() -> None:
    for game in GAMES:
        fens = match_openings(game, "", 5, 4, 3)
        assert len(fens) == 5 == len(set(fens))
        assert fens == match_openings(game, "", 5, 4, 3)
        # The first openings do not depend on how many are asked for.
        assert match_openings(game, "", 2, 4, 3) == fens[:2]
        for fen in fens:
            assert not BOARDS[game](fen).is_game_over()
    assert match_openings("chess", "", 0, 4, 3) == []
    with pytest.raises(ValueError, match="count"):
        match_openings("chess", "", -1, 4, 3)
    with pytest.raises(InvalidRulesError):
        match_openings("makruk", "counting=bogus", 1, 4, 3)


def a_score(record: str, a_name: str) -> float:
    """A's score in a game record (by its White and Result tags)."""
    white = re.search(r'^\[White "(.*)"\]$', record, re.M)
    result = re.search(r'^\[Result "(.*)"\]$', record, re.M)
    assert white and result, record
    white_score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result.group(1)]
    return white_score if white.group(1) == a_name else 1.0 - white_score


def without_date(records: str) -> str:
    return re.sub(r'^\[Date "[^"]*"\]\n', "", records, flags=re.M)


@pytest.mark.parametrize(
    "game, rules, seed",
    [("tamerlane", "", 3), ("chess", "draws=automatic", 4), ("makruk", "", 5)],
)
def test_match_games_are_the_cli_match(
    cli: str, tmp_path: Path, game: str, rules: str, seed: int
) -> None:
    games, nodes, cap = 5, 150, 120
    out = tmp_path / "games.txt"
    run = subprocess.run(
        [cli, "match", "--game", game, "--rules", rules, "--nodes", str(nodes),
         "--games", str(games), "--seed", str(seed), "--max-plies", str(cap),
         "--sprt", "0,10", "--out", str(out)],
        capture_output=True, text=True, timeout=600, check=True,
    )
    openings = match_openings(game, rules, (games + 1) // 2, 4, seed)
    assert len(openings) == 3
    rows = match_games(
        game, rules, openings, list(range(games)), nodes=nodes, ply_cap=cap
    )
    assert [r[0] for r in rows] == list(range(games))
    cli_records = out.read_text(encoding="utf-8")
    # The file holds the games in the order they ended: index order here
    # (one game at a time).
    assert without_date("".join(r[3] for r in rows)) == without_date(cli_records)
    chunks = re.split(r"\n\n(?=\[Event )", cli_records.strip())
    assert len(chunks) == games
    for (index, score, ending, record), chunk in zip(rows, chunks):
        assert f'[Round "{index + 1}"]' in chunk
        assert score == a_score(chunk, "full"), (index, chunk)
        assert score == a_score(record, "full")
        assert ending in chunk or ending == "adjudication"
    # The CLI's tally and endings, from the rows.
    wins = sum(r[1] == 1.0 for r in rows)
    draws = sum(r[1] == 0.5 for r in rows)
    losses = sum(r[1] == 0.0 for r in rows)
    assert f"+{wins} ={draws} -{losses}" in run.stdout
    endings: Dict[str, int] = {}
    for r in rows:
        endings[r[2]] = endings.get(r[2], 0) + 1
    listed = ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
    assert f"endings: {listed}\n" in run.stdout
    # The SPRT's decision on that tally, worded as the report words it.
    state = sprt_state(0, 10, wins, draws, losses)
    worded = {"continue": "continue", "accept-h1": "H1 accepted", "accept-h0": "H0 accepted"}
    sprt_line = [l for l in run.stdout.splitlines() if l.startswith("sprt ")][0]
    assert sprt_line.endswith(": " + worded[state]), (sprt_line, state)


def test_match_games_answers_the_indices_asked_for() -> None:
    openings = match_openings("makruk", "", 2, 2, 9)
    kw: Dict[str, Any] = {"depth": 1, "ply_cap": 6, "a_name": "A", "b_name": "B"}
    all_rows = match_games("makruk", "", openings, [0, 1, 2, 3], **kw)
    some = match_games("makruk", "", openings, [3, 1], **kw)

    def key(r: Tuple[int, float, str, str]) -> Tuple[float, str, str]:
        # A game's record holds the date and the game's number: compare
        # without them.
        return (r[1], r[2], re.sub(r'^\[Round "[^"]*"\]\n', "", without_date(r[3]), flags=re.M))

    assert [r[0] for r in some] == [3, 1]
    assert [key(r) for r in some] == [key(all_rows[3]), key(all_rows[1])]
    for index, score, ending, record in all_rows:
        assert ending == "adjudication" and score == 0.5
        white, black = ("A", "B") if index % 2 == 0 else ("B", "A")
        assert f'[White "{white}"]' in record and f'[Black "{black}"]' in record
        assert f'[FEN "{openings[index // 2]}"]' in record
        assert record.endswith("\n\n")
    # Index 4 wraps round to the first opening, A White again.
    assert key(match_games("makruk", "", openings, [4], **kw)[0]) == key(all_rows[0])
    assert match_games("makruk", "", openings, [], **kw) == []


def test_match_games_against_an_engine_command(cli: str) -> None:
    openings = match_openings("tamerlane", "", 1, 2, 1)
    rows = match_games(
        "tamerlane", "", openings, [0, 1], b_cmd=f"'{cli}' engine", nodes=100, ply_cap=20
    )
    for index, score, ending, record in rows:
        assert ending in ("adjudication", "checkmate", "repetition"), ending
        assert 'engine"]' in record  # B's default name: the command's
    with pytest.raises(ValueError, match=r"engine b \(`/nonexistent/engine`\): cannot start"):
        match_games("tamerlane", "", openings, [0], b_cmd="/nonexistent/engine", nodes=10)


@pytest.mark.parametrize(
    "args, kwargs, error, message",
    [
        (("chess", "", [], [0]), {"nodes": 10}, ValueError, "openings is empty"),
        (("chess", "", "x", [0]), {"nodes": 10}, TypeError, "openings must be a list"),
        (("chess", "", ["8/8"], [0]), {"nodes": 10}, InvalidFenError, "openings[0]"),
        (("tamerlane", "", ["x"], [0]), {"nodes": 10}, InvalidTfenError, "openings[0]"),
        (("chess", "", [1], [0]), {"nodes": 10}, TypeError, "openings[0] must be a str"),
        (("chess", "", None, [0]), {"nodes": 10}, TypeError, "openings must be a list"),
        (("chess", "", "OPEN", 0), {"nodes": 10}, TypeError, "indices must be a list"),
        (("chess", "", "OPEN", [-1]), {"nodes": 10}, ValueError, "indices[0] -1 out of range"),
        (("chess", "", "OPEN", ["0"]), {"nodes": 10}, TypeError, "indices[0] must be an int"),
        (("chess", "", "OPEN", [0]), {}, ValueError, "give nodes, depth or movetime_ms"),
        (("chess", "", "OPEN", [0]), {"nodes": 0}, ValueError, "nodes 0 out of range"),
        (("chess", "", "OPEN", [0]), {"depth": 0}, ValueError, "depth 0 out of range"),
        (("chess", "", "OPEN", [0]), {"movetime_ms": -5}, ValueError, "movetime_ms"),
        (("chess", "", "OPEN", [0]), {"nodes": 5, "hash_mib": 0}, ValueError, "hash_mib"),
        (("chess", "", "OPEN", [0]), {"nodes": 5, "ply_cap": -1}, ValueError, "ply_cap"),
        (("chess", "", "OPEN", [0]), {"nodes": 5, "a": "fast"}, ValueError, "a: "),
        (("chess", "", "OPEN", [0]), {"nodes": 5, "b": 1}, TypeError, "b must be a str"),
        (("chess", "", "OPEN", [0]), {"nodes": 5, "a_cmd": "x 'y"}, ValueError, "a_cmd: unclosed"),
        (("chess", "", "OPEN", [0]), {"nodes": 5, "a_name": "a\nb"}, ValueError, "a_name"),
        (("checkers", "", "OPEN", [0]), {"nodes": 5}, ValueError, "unknown game"),
        (("chess", "x=y", "OPEN", [0]), {"nodes": 5}, InvalidRulesError, "x"),
    ],
)
def test_match_games_bad_arguments(
    args: Tuple[Any, ...], kwargs: Dict[str, Any], error: type, message: str
) -> None:
    game, rules, openings, indices = args
    if openings == "OPEN":
        openings = match_openings("chess", "", 1, 2, 1)
    started = time.monotonic()
    with pytest.raises(error, match=re.escape(message)):
        match_games(game, rules, openings, indices, **kwargs)
    assert time.monotonic() - started < 1.0  # refused before any game


def test_sprt_state_is_the_matchs_test() -> None:
    # Fishtest's trinomial approximation, bounds ln(0.05/0.95) and
    # ln(0.95/0.05) (+-2.944): the tallies of tamerlane-ai's own tests.
    assert sprt_state(0, 10, 60, 20, 20) == "continue"
    assert sprt_state(0, 10, 600, 200, 200) == "accept-h1"
    assert sprt_state(0, 10, 200, 200, 600) == "accept-h0"
    # The chess match of docs/experiments/LOG.md whose SPRT [0, 20]
    # crossed its upper bound at +147 =119 -102 (llr 2.99), and went back
    # inside after one more loss (llr 2.89).
    assert sprt_state(0, 20, 147, 119, 102) == "accept-h1"
    assert sprt_state(0, 20, 147, 119, 103) == "continue"
    assert sprt_state(0.0, 5.5, 0, 0, 0) == "continue"
    bad_calls: List[Tuple[Tuple[Any, ...], type]] = [
        ((0, float("nan"), 1, 1, 1), ValueError),
        ((float("inf"), 5, 1, 1, 1), ValueError),
        ((0, 5, -1, 1, 1), ValueError),
        ((0, 5, 1, 2**32, 1), ValueError),
        (("0", 5, 1, 1, 1), TypeError),
        ((0, 5, 1.0, 1, 1), TypeError),
        ((0, True, 1, 1, 1), TypeError),
    ]
    for bad, error in bad_calls:
        with pytest.raises(error):
            sprt_state(*bad)


def test_the_work_runs_with_the_gil_released() -> None:
    """Another Python thread runs while a shard is made."""
    ticks: List[int] = []
    done = threading.Event()

    def tick() -> None:
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.005)

    t = threading.Thread(target=tick)
    t.start()
    try:
        datagen_shard("chess", "", 1, 0, 2, nodes=2000)
    finally:
        done.set()
        t.join()
    assert len(ticks) > 5


def test_sprt_llr_is_the_reports_figures() -> None:
    """The ratio and bounds `tamerlane match` prints for these tallies
    (its report's own test: `sprt [0, 20]: llr 2.89 (bounds -2.94, 2.94)`
    for +147 =119 -103; the bounds are ln(0.05 / 0.95) and its negative)."""
    llr, lo, hi = sprt_llr(0, 20, 147, 119, 103)
    assert round(llr, 2) == 2.89
    assert (round(lo, 2), round(hi, 2)) == (-2.94, 2.94)
    assert sprt_llr(0, 20, 0, 0, 0)[0] == 0.0
    with pytest.raises(TypeError, match="wins"):
        sprt_llr(0, 20, "1", 0, 0)  # type: ignore[arg-type]

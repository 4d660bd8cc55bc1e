"""The engine: results, info callbacks, limits, interrupts."""

from __future__ import annotations

import _thread
import threading
import time
from typing import List

import pytest

import tamerlane
from tamerlane import Board, Engine, Info


def interrupt_main_after(seconds: float) -> threading.Timer:
    t = threading.Timer(seconds, _thread.interrupt_main)
    t.start()
    return t


def test_search_depth_and_info() -> None:
    board = Board()
    infos: List[Info] = []
    r = Engine(hash_mb=8).search(board, depth=4, info=infos.append)
    assert r.move is not None and board.is_legal(r.move)
    assert r.move.color == tamerlane.WHITE and r.move.has_context
    assert r.depth == 4 and r.nodes > 0 and r.nps >= 0 and r.time >= 0
    assert r.score_cp is not None and r.mate is None
    assert r.pv and r.pv[0] == r.move
    assert [i.depth for i in infos] == [1, 2, 3, 4]
    assert all(i.pv for i in infos) and infos[-1].nodes <= r.nodes
    # The PV is a legal line.
    b = board.copy()
    for m in r.pv:
        b.push(m)
    assert "SearchResult(move=" in repr(r) and "Info(depth=" in repr(infos[0])


def test_search_finds_a_mate_and_handles_finished_games() -> None:
    # White to move: the rook on a10 mates the bare black King on k... (search finds a mate score).
    board = Board("10k/11/8K2/11/11/11/11/11/11/R10 w - 00 0 1")
    r = Engine().search(board, depth=6)
    assert r.move is not None
    assert r.mate is not None and r.mate > 0, r
    board.push(r.move)
    # A finished position: no move.
    done = Board("11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1")
    done.push_str("a9bc")
    r = Engine().search(done, depth=3)
    assert r.move is None and r.pv == []


def test_nodes_and_movetime_limits() -> None:
    board = Board()
    r = Engine().search(board, nodes=2000)
    assert r.move is not None and r.nodes <= 2000 + 200
    start = time.monotonic()
    r = Engine().search(board, movetime=0.2)
    assert r.move is not None
    assert time.monotonic() - start < 5.0


def test_info_callback_exception_stops_and_propagates() -> None:
    def boom(info: Info) -> None:
        raise RuntimeError("stop here")

    engine = Engine()
    with pytest.raises(RuntimeError, match="stop here"):
        engine.search(Board(), depth=30, info=boom)
    # The engine is still usable.
    assert engine.search(Board(), depth=2).move is not None


def test_stop_from_another_thread() -> None:
    engine = Engine()
    t = threading.Timer(0.3, engine.stop)
    t.start()
    start = time.monotonic()
    r = engine.search(Board())  # no limit: until stopped
    t.join()
    assert r.move is not None and time.monotonic() - start < 10.0


def test_keyboard_interrupt_stops_a_long_search() -> None:
    engine = Engine()
    board = Board()
    timer = interrupt_main_after(0.5)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt) as exc:
        engine.search(board)  # infinite: only the interrupt ends it
    elapsed = time.monotonic() - start
    timer.join()
    assert elapsed < 10.0
    result = exc.value.result  # type: ignore[attr-defined]
    assert result.move is not None and board.is_legal(result.move)
    assert engine.last_result is not None and engine.last_result.move == result.move
    # The next search is not affected by the earlier interrupt.
    assert engine.search(board, depth=3).depth == 3


def test_keyboard_interrupt_stops_a_long_perft() -> None:
    board = Board()
    timer = interrupt_main_after(0.5)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        board.perft(9)  # hours of work
    elapsed = time.monotonic() - start
    timer.join()
    assert elapsed < 10.0
    assert board.perft(2) == 576


def test_engine_properties() -> None:
    e = Engine(hash_mb=2, threads=2)
    assert e.hash_mb == 2 and e.threads == 2 and e.last_result is None
    e.new_game()
    r = e.search(Board(), depth=3)
    assert r.move is not None and e.last_result is not None

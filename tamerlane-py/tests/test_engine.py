"""The engine: results, info callbacks, limits, interrupts."""

from __future__ import annotations

import _thread
import signal
import threading
import time
from typing import List

import pytest

import tamerlane
from tamerlane import Board, Engine, Info


class _Interrupter:
    """Interrupts the main thread after `first` seconds, then again every
    `every` seconds until `join()` (at most 10 times).

    `_thread.interrupt_main()` does nothing while SIGINT is ignored, and a
    process started in the background by a non-interactive shell (as a CI
    job may be) inherits SIGINT ignored; Python then keeps it so. The
    Python handler is therefore installed for the duration (the same one
    an interactive session has). The tests assert that control came back
    within seconds of the first interrupt; the repeats only keep a broken
    run from hanging.
    """

    def __init__(self, first: float, every: float) -> None:
        self._old = signal.signal(signal.SIGINT, signal.default_int_handler)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(first, every), daemon=True)
        self._thread.start()

    def _run(self, first: float, every: float) -> None:
        if self._done.wait(first):
            return
        for _ in range(10):
            _thread.interrupt_main()
            if self._done.wait(every):
                return

    def join(self) -> None:
        self._done.set()
        self._thread.join()
        signal.signal(signal.SIGINT, self._old)


def interrupt_main_after(seconds: float) -> _Interrupter:
    return _Interrupter(seconds, 3.0)


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
    done = Board("11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1")
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


def test_info_callback_can_read_settings_of_its_engine() -> None:
    engine = Engine(hash_mb=2, threads=1)
    seen: List[tuple[int, int]] = []
    r = engine.search(Board(), depth=3, info=lambda i: seen.append((engine.hash_mb, engine.threads)))
    assert r.depth == 3 and seen and all(s == (2, 1) for s in seen)


@pytest.mark.parametrize("call", ["new_game", "search"])
def test_info_callback_reusing_its_engine_raises_instead_of_deadlocking(call: str) -> None:
    engine = Engine(hash_mb=2)
    board = Board()

    def cb(_: Info) -> None:
        if call == "new_game":
            engine.new_game()
        else:
            engine.search(board, depth=1)

    with pytest.raises(RuntimeError, match="engine is busy"):
        engine.search(board, depth=3, info=cb)
    # The engine is usable afterwards, and another engine may be used inside.
    other = Engine(hash_mb=1)
    inner: List[int] = []
    r = engine.search(board, depth=2, info=lambda i: inner.append(other.search(board, depth=1).depth))
    assert r.depth == 2 and inner == [1] * len(inner) and inner
    engine.new_game()


def test_settings_readable_while_another_thread_searches() -> None:
    engine = Engine(hash_mb=2)
    th = threading.Thread(target=lambda: engine.search(Board(), movetime=1.5), daemon=True)
    th.start()
    time.sleep(0.2)
    start = time.monotonic()
    assert engine.hash_mb == 2 and engine.threads == 1
    assert time.monotonic() - start < 0.5
    engine.stop()
    th.join(30)
    assert not th.is_alive()


@pytest.mark.parametrize("call", ["new_game", "search"])
def test_keyboard_interrupt_while_waiting_for_a_busy_engine(call: str) -> None:
    engine = Engine(hash_mb=2)
    board = Board()
    done: List[object] = []
    th = threading.Thread(target=lambda: done.append(engine.search(board)), daemon=True)
    th.start()  # an infinite search on another thread holds the engine
    time.sleep(0.2)
    timer = interrupt_main_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        if call == "new_game":
            engine.new_game()
        else:
            engine.search(board, depth=2)
    assert time.monotonic() - start < 5.0
    timer.join()
    # The other thread's search was not stopped by this thread's interrupt.
    time.sleep(0.1)
    assert th.is_alive() and not done
    engine.stop()
    th.join(30)
    assert done and engine.search(board, depth=2).depth == 2


def test_movetime_overflow_and_bool_limits() -> None:
    e = Engine(hash_mb=1)
    b = Board()
    with pytest.raises(ValueError, match="movetime"):
        e.search(b, movetime=10**400)
    for kwargs in ({"depth": True}, {"nodes": True}, {"movetime": True}, {"movetime": "1"}):
        with pytest.raises(TypeError):
            e.search(b, **kwargs)
    np = pytest.importorskip("numpy")
    assert e.search(b, depth=np.int64(2), nodes=np.uint32(10_000)).depth >= 1
    assert e.search(b, movetime=np.float64(0.05)).move is not None

"""Several Python threads at once: separate boards and engines, one engine
shared by two threads, one board shared by many threads."""

from __future__ import annotations

import random
import threading
import time
from typing import Callable, List

import tamerlane
from tamerlane import Board, Engine

TIMEOUT = 120.0


def run_threads(targets: List[Callable[[], None]]) -> List[BaseException]:
    errors: List[BaseException] = []

    def wrap(fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                fn()
            except BaseException as e:  # noqa: BLE001
                errors.append(e)
        return run

    threads = [threading.Thread(target=wrap(t), daemon=True) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(TIMEOUT)
        assert not t.is_alive(), "deadlock: a thread did not finish"
    return errors


def test_separate_boards_and_engines_in_parallel() -> None:
    results: List[int] = []

    def worker(seed: int) -> Callable[[], None]:
        def run() -> None:
            rng = random.Random(seed)
            board = Board()
            engine = Engine(hash_mb=4)
            for _ in range(6):
                r = engine.search(board, depth=3)
                assert r.move is not None and board.is_legal(r.move)
                board.push(r.move)
                board.push(rng.choice(list(board.legal_moves)))
            assert board.perft(3) > 0
            results.append(len(board.move_stack))
        return run

    errors = run_threads([worker(s) for s in range(4)])
    assert not errors, errors
    assert results == [12] * 4


def test_one_engine_searched_from_two_threads() -> None:
    engine = Engine(hash_mb=4)
    moves: List[str] = []

    def run() -> None:
        board = Board()
        for _ in range(3):
            r = engine.search(board, depth=4)
            assert r.move is not None and r.depth == 4
            moves.append(str(r.move))

    errors = run_threads([run, run])
    assert not errors, errors
    assert len(moves) == 6 and all(Board().is_legal(m) for m in moves)


def test_perft_in_parallel_threads() -> None:
    counts: List[int] = []
    errors = run_threads([lambda: counts.append(Board().perft(4)) for _ in range(3)])
    assert not errors and counts == [365_831] * 3


def test_board_shared_between_threads_stays_consistent() -> None:
    """A shared board is never corrupted and never reports a borrow
    conflict: one thread runs long perfts (GIL released) while others push,
    pop and read the same board."""
    board = Board()
    stop = threading.Event()
    borrow_errors: List[BaseException] = []
    perfts: List[int] = []
    ops = [0]

    def mutator(seed: int) -> Callable[[], None]:
        def run() -> None:
            rng = random.Random(seed)
            while not stop.is_set():
                try:
                    moves = list(board.legal_moves)
                    if moves:
                        board.push(rng.choice(moves))
                    board.pop()
                except (tamerlane.IllegalMoveError, IndexError):
                    pass  # another thread moved in between: a clean refusal
                except RuntimeError as e:  # "Already borrowed": the bug
                    borrow_errors.append(e)
                ops[0] += 1
        return run

    def reader() -> None:
        while not stop.is_set():
            try:
                Board(board.tfen())  # always a valid position
                board.to_planes()
                board.legal_action_mask()
                board.piece_map()
                len(board.legal_moves)
            except RuntimeError as e:
                borrow_errors.append(e)

    def perfter() -> None:
        # Perft until the mutators have run a while alongside it: on a busy
        # machine they may start late, and three perfts alone can finish
        # before they ever run (a deadline keeps a broken run from hanging).
        deadline = time.monotonic() + TIMEOUT / 2
        try:
            while len(perfts) < 3 or (ops[0] <= 10 and time.monotonic() < deadline):
                perfts.append(board.perft(4))
        finally:
            stop.set()

    errors = run_threads([perfter, mutator(1), mutator(2), reader])
    assert not errors, errors
    assert not borrow_errors, borrow_errors[:3]
    assert len(perfts) >= 3 and all(n > 0 for n in perfts)
    assert ops[0] > 10, "the mutators did not run while perft was running"
    # Valid and consistent at the end: replaying the stack gives the position.
    replay = board.root()
    for m in board.move_stack:
        replay.push(m)
    assert replay.tfen() == board.tfen()


def test_engine_settings_and_board_usable_during_a_search() -> None:
    """While a search runs on a thread, its engine's settings and its board
    are usable from others (no lock held across the GIL release)."""
    engine = Engine(hash_mb=2)
    board = Board()
    th = threading.Thread(target=lambda: engine.search(board, movetime=1.0), daemon=True)
    th.start()
    time.sleep(0.2)
    assert engine.hash_mb == 2 and engine.threads == 1
    board.push_str("f3f4")
    assert board.perft(2) > 0
    board.pop()
    th.join(TIMEOUT)
    assert not th.is_alive()

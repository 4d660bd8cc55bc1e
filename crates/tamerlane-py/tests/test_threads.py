"""Several Python threads at once: separate boards and engines, one engine
shared by two threads, one board shared by many threads."""

from __future__ import annotations

import random
import threading
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
    """Every Board method is atomic under the GIL: a shared board is never
    corrupted. Threads push and pop pairs of moves and read it meanwhile."""
    board = Board()
    lock_free_errors: List[BaseException] = []

    def mutator(seed: int) -> Callable[[], None]:
        def run() -> None:
            rng = random.Random(seed)
            for _ in range(300):
                try:
                    moves = list(board.legal_moves)
                    board.push(rng.choice(moves))
                except tamerlane.IllegalMoveError:
                    pass  # another thread moved in between: a clean refusal
                try:
                    board.pop()
                except IndexError:
                    pass
        return run

    def reader() -> None:
        for _ in range(300):
            Board(board.tfen())  # always a valid position
            board.perft(2)
            board.to_planes()
            len(board.legal_moves)

    errors = run_threads([mutator(1), mutator(2), reader, reader])
    assert not errors, errors
    assert not lock_free_errors
    # Valid and consistent at the end: replaying the stack gives the position.
    replay = board.root()
    for m in board.move_stack:
        replay.push(m)
    assert replay.tfen() == board.tfen()

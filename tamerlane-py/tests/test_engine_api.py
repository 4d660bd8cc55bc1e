"""The engine as chess.engine users expect it: scores with a point of view,
clock limits, Limit, play(), the analysis() iterator, several lines
(multipv), restricted root moves (searchmoves), pickling results."""

from __future__ import annotations

import doctest
import gc
import pickle
import threading
import time
from typing import Any, Iterator, List, Optional, Sequence, Union

import pytest

import tamerlane
import tamerlane.engine
from tamerlane import Board, Engine
from tamerlane.engine import Cp, Limit, Mate, MateGiven, PovScore, Score
from test_engine import interrupt_main_after

# White to move mates in 2 (hand analysis): Ra10+ at once lets the King
# out to k9; 1. Kj8 Kj10 (forced: j9, k9 are covered) 2. Ra10#.
MATE_IN_2 = "10k/11/8K2/11/11/11/11/11/11/R10 w - 00 0 1"


def test_the_module_docstrings_run() -> None:
    failures, tried = doctest.testmod(tamerlane.engine)
    assert tried >= 5 and failures == 0


def test_scores_by_hand() -> None:
    assert -Cp(25) == Cp(-25) and abs(Cp(-25)) == Cp(25) and +Cp(3) == Cp(3)
    assert -Mate(3) == Mate(-3) and -Mate(0) == MateGiven and -MateGiven == Mate(0)
    centipawns: Score = Cp(40)
    assert centipawns.score() == 40 and centipawns.mate() is None and not centipawns.is_mate()
    assert Mate(3).score() is None and Mate(3).mate() == 3 and Mate(-3).is_mate()
    assert Mate(3).score(mate_score=1000) == 997
    assert Mate(-3).score(mate_score=1000) == -997
    assert Mate(0).score(mate_score=1000) == -1000 and MateGiven.score(mate_score=1000) == 1000
    # From worst to best for the side the score is for.
    order = [Mate(0), Mate(-1), Mate(-7), Cp(-500), Cp(0), Cp(12), Mate(9), Mate(2), MateGiven]
    assert sorted(reversed(order)) == order
    assert all(a < b and b > a and a <= b and not a >= b for a, b in zip(order, order[1:]))
    assert str(Mate(-2)) == "#-2" and repr(Mate(4)) == "Mate(+4)" and repr(Cp(-5)) == "Cp(-5)"
    # The point of view.
    s = PovScore(Cp(30), tamerlane.BLACK)
    assert s.relative == Cp(30) and s.turn == tamerlane.BLACK
    assert s.black() == Cp(30) and s.white() == Cp(-30)
    assert s.pov(tamerlane.WHITE) == Cp(-30) and s.pov(False) == Cp(30)
    assert s == PovScore(Cp(-30), tamerlane.WHITE) and s != PovScore(Cp(30), tamerlane.WHITE)
    assert PovScore(Mate(-1), True).black() == Mate(1)
    with pytest.raises(TypeError):
        PovScore(30, tamerlane.WHITE)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        s.pov("white")  # type: ignore[arg-type]


def test_search_scores_have_a_point_of_view() -> None:
    r = Engine().search(Board(MATE_IN_2), depth=6)
    assert r.turn == tamerlane.WHITE
    assert r.score.relative == Mate(2) and r.score.white() == Mate(2) and r.score.black() == Mate(-2)
    assert r.score.is_mate()
    # The mate played out: Black to move is mated, so the score is
    # Mate(0) for Black and MateGiven for White.
    mated = Board(MATE_IN_2)
    for move in ["i8j8", "k10j10", "a1a10"]:
        mated.push_str(move)
    outcome = mated.outcome()
    assert outcome is not None and outcome.winner == tamerlane.WHITE
    r = Engine().search(mated, depth=3)
    assert r.move is None and r.turn == tamerlane.BLACK
    assert r.score.black() == Mate(0) and r.score.white() == MateGiven
    # A drawn end (White's King in Black's citadel): 0 for both.
    drawn = Board("11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1")
    drawn.push_str("a9bc")
    r = Engine().search(drawn, depth=3)
    assert r.move is None and r.score.white() == Cp(0) == r.score.black()
    # Black to move: a plain score, relative to Black.
    board = Board()
    board.push_str("f3f4")
    infos: List[tamerlane.Info] = []
    r = Engine().search(board, depth=3, info=infos.append)
    assert r.turn == tamerlane.BLACK and r.score.relative == Cp(r.score_cp or 0)
    assert r.score.black() == r.score.relative and r.score.white() == -r.score.relative
    assert all(i.turn == tamerlane.BLACK and i.score.relative.score() == i.score_cp for i in infos)


def _stop_after(engine: Engine, seconds: float) -> threading.Timer:
    timer = threading.Timer(seconds, engine.stop)
    timer.start()
    return timer


def test_the_clock_of_the_side_to_move_limits_the_search() -> None:
    engine = Engine(hash_mb=8)
    # White to move with 0.2 s left: the search ends by itself. (The
    # timer only keeps a broken run from hanging.)
    guard = _stop_after(engine, 60.0)
    r = engine.search(Board(), wtime=0.2, btime=3600.0, winc=0.0, binc=5.0)
    fired = not guard.is_alive()
    guard.cancel()
    assert r.move is not None and not fired
    # Only Black's clock, White to move: no limit, so the search runs
    # until stopped, however short Black's clock.
    stopped_at: List[float] = []

    def stop_now() -> None:
        stopped_at.append(time.monotonic())
        engine.stop()

    timer = threading.Timer(0.3, stop_now)
    timer.start()
    r = engine.search(Board(), btime=0.001)
    returned_at = time.monotonic()
    timer.join()
    assert r.move is not None and stopped_at and returned_at >= stopped_at[0]


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"wtime": -1.0}, ValueError),
        ({"btime": float("nan")}, ValueError),
        ({"winc": 1e30}, ValueError),
        ({"binc": 10**400}, ValueError),
        ({"wtime": "1s"}, TypeError),
        ({"btime": True}, TypeError),
        ({"movestogo": 0}, ValueError),
        ({"movestogo": -3}, ValueError),
        ({"movestogo": 2**32}, ValueError),
        ({"movestogo": 2.5}, TypeError),
        ({"multipv": 0}, ValueError),
        ({"multipv": "2"}, TypeError),
        ({"searchmoves": "f3f4"}, TypeError),
        ({"searchmoves": 7}, TypeError),
        ({"searchmoves": ["f3f4", 7]}, TypeError),
        ({"searchmoves": ["f3f4", "zz"]}, tamerlane.InvalidMoveError),
        ({"searchmoves": ["f3f5"]}, tamerlane.IllegalMoveError),
    ],
)
def test_bad_search_arguments(kwargs: Any, error: type) -> None:
    with pytest.raises(error) as info:
        Engine().search(Board(), depth=1, **kwargs)
    name = next(iter(kwargs))
    assert name in str(info.value)


def test_an_illegal_search_move_is_named() -> None:
    # f3f5: a pawn steps one square; f8f7: Black's pawn, White to move.
    for bad in ["f3f5", "f8f7"]:
        with pytest.raises(tamerlane.IllegalMoveError, match=f"searchmoves.*{bad}"):
            Engine().search(Board(), depth=1, searchmoves=["f3f4", bad])
    assert issubclass(tamerlane.IllegalMoveError, ValueError)
    # Legal before the board moved on, not after: the board's position counts.
    board = Board()
    board.push_str("f3f4")
    with pytest.raises(tamerlane.IllegalMoveError, match="f3f4"):
        Engine().search(board, depth=1, searchmoves=["f3f4"])
    with pytest.raises(tamerlane.IllegalMoveError, match="f3f4"):
        Engine().play(board, Limit(depth=1), searchmoves=["f3f4"])
    with pytest.raises(tamerlane.IllegalMoveError, match="f3f4"):
        Engine().analysis(board, Limit(depth=1), searchmoves=["f3f4"])


def test_multipv_one_is_the_plain_search() -> None:
    a = Engine().search(Board(), nodes=3000, multipv=1)
    b = Engine().search(Board(), nodes=3000)
    assert a.move == b.move and a.pv == b.pv and a.nodes == b.nodes
    assert len(a.lines) == 1 and a.lines == b.lines
    line = a.lines[0]
    assert line.multipv == 1 and line.pv == a.pv and line.score == a.score
    assert (line.score_cp, line.mate, line.turn) == (a.score_cp, a.mate, a.turn)


def test_multipv_gives_distinct_lines_best_first() -> None:
    board = Board()
    infos: List[tamerlane.Info] = []
    r = Engine(hash_mb=8).search(board, depth=3, multipv=3, info=infos.append)
    assert [line.multipv for line in r.lines] == [1, 2, 3]
    firsts = [line.pv[0] for line in r.lines]
    assert len(set(firsts)) == 3 and all(board.is_legal(m) for m in firsts)
    assert r.move == firsts[0] and r.pv == r.lines[0].pv and r.score == r.lines[0].score
    scores = [line.score.relative for line in r.lines]
    assert scores[0] >= scores[1] >= scores[2]
    assert all(line.turn == tamerlane.WHITE for line in r.lines)
    # Every iteration reports each of its lines, numbered 1 to 3; the
    # last iteration's are the result's lines.
    assert [(i.depth, i.multipv) for i in infos] == [(d, k) for d in (1, 2, 3) for k in (1, 2, 3)]
    last = [(i.multipv, i.pv, i.score) for i in infos[-3:]]
    assert last == [(line.multipv, line.pv, line.score) for line in r.lines]
    assert "PvLine(multipv=1, " in repr(r.lines[0]) and "multipv=3" in repr(infos[-1])


def test_multipv_gives_no_more_lines_than_moves() -> None:
    # MATE_IN_2 after 1. Kj8: Black's King on k10 has one move, to j10
    # (j9 and k9 are next to White's King on j8).
    board = Board(MATE_IN_2)
    board.push_str("i8j8")
    r = Engine().search(board, depth=3, multipv=5)
    assert [(line.multipv, str(line.pv[0])) for line in r.lines] == [(1, "k10j10")]
    # A game that has ended has no line.
    board.push_str("k10j10")
    board.push_str("a1a10")
    r = Engine().search(board, depth=3, multipv=3)
    assert r.move is None and r.lines == []


def test_searchmoves_restrict_the_root() -> None:
    board = Board()
    engine = Engine(hash_mb=8)
    r = engine.search(board, depth=3, searchmoves=["f3f4"])
    assert str(r.move) == "f3f4"
    assert [str(line.pv[0]) for line in r.lines] == ["f3f4"]
    # Moves or strings, any iterable; more lines asked than moves allowed:
    # one line per allowed move.
    roots: List[Union[tamerlane.Move, str]] = [board.parse_str("e3e4"), "f3f4", "f3f4"]
    r = engine.search(board, depth=2, multipv=3, searchmoves=(m for m in roots))
    assert sorted(str(line.pv[0]) for line in r.lines) == ["e3e4", "f3f4"]
    assert str(r.move) in ("e3e4", "f3f4")
    played = engine.play(board, Limit(depth=2), searchmoves=["e3e4"])
    assert str(played.move) == "e3e4"
    # The board is read when the call begins: moving it while the
    # searchmoves are read changes nothing (f3f4 is White's, from the start).
    moved = Board()

    def moving_board() -> Iterator[str]:
        moved.push_str("f3f4")
        yield "f3f4"

    r = engine.search(moved, depth=2, searchmoves=moving_board())
    assert str(r.move) == "f3f4" and r.turn == tamerlane.WHITE and moved.turn == tamerlane.BLACK
    # None or an empty iterable: every move, the plain search.
    plain = Engine().search(board, depth=3)
    everything: Optional[Sequence[str]]
    for everything in (None, [], ()):
        r = Engine().search(board, depth=3, searchmoves=everything)
        assert (r.move, r.pv, r.nodes) == (plain.move, plain.pv, plain.nodes)
    # The mate in 2 begins with Kj8. Neither Ra2 nor Rb1 mates in 2 (by
    # hand: after 1... Kj10 the only checks are Rb10/Ra10, answered by
    # Kk9, and Rj1/Rj2, answered by Ki10), so restricted to them the
    # search finds no mate within two moves.
    r = Engine().search(Board(MATE_IN_2), depth=4, searchmoves=["a1a2", "a1b1"])
    assert str(r.move) in ("a1a2", "a1b1") and r.score.relative < Mate(2)


def test_movestogo_is_accepted_and_stays_within_the_clock() -> None:
    engine = Engine(hash_mb=8)
    # Two seconds on the clock, one move to the time control: the search
    # may use much of the clock, never all of it. (The timer only keeps a
    # broken run from hanging.)
    guard = _stop_after(engine, 60.0)
    r = engine.search(Board(), wtime=2.0, btime=2.0, movestogo=1)
    fired = not guard.is_alive()
    guard.cancel()
    assert r.move is not None and not fired and r.time < 2.0
    guard = _stop_after(engine, 60.0)
    played = engine.play(Board(), Limit(white_clock=2.0, remaining_moves=1))
    fired = not guard.is_alive()
    guard.cancel()
    assert played.move is not None and not fired and played.info.time < 2.0
    # Without a clock it changes nothing.
    a = Engine().search(Board(), depth=3, movestogo=5)
    b = Engine().search(Board(), depth=3)
    assert (a.move, a.pv, a.nodes) == (b.move, b.pv, b.nodes)


def test_play_returns_a_move_within_a_limit() -> None:
    board = Board()
    engine = Engine(hash_mb=8)
    r = engine.play(board, Limit(depth=3))
    assert isinstance(r, tamerlane.PlayResult)
    assert r.move is not None and board.is_legal(r.move) and r.move.has_context
    assert r.info.depth == 3 and r.move == r.info.move and r.ponder == r.info.pv[1]
    assert engine.last_result == r.info
    r = engine.play(Board(MATE_IN_2), Limit(depth=6, time=30.0, nodes=10**7))
    assert r.info.score.white() == Mate(2)
    r = engine.play(Board(), Limit(white_clock=0.2, black_clock=0.2, white_inc=0.01))
    assert r.move is not None
    with pytest.raises(ValueError, match="depth"):
        engine.play(board, Limit(depth=0))
    with pytest.raises(ValueError, match="movestogo"):
        engine.play(board, Limit(depth=2, remaining_moves=0))
    with pytest.raises(TypeError, match="Limit"):
        engine.play(board, 3)  # type: ignore[call-overload]


def test_analysis_yields_infos_and_can_be_stopped() -> None:
    engine = Engine(hash_mb=8)
    board = Board()
    depths = []
    with engine.analysis(board) as analysis:
        for info in analysis:
            depths.append(info.depth)
            if info.depth == 4:
                analysis.stop()
    assert depths[:4] == [1, 2, 3, 4]
    result = analysis.result
    assert result is not None and result.move is not None and board.is_legal(result.move)
    assert analysis.info is not None and analysis.info.depth == depths[-1]
    assert engine.last_result == result
    # Within a limit, the iteration ends by itself.
    analysis = engine.analysis(board, Limit(depth=3))
    assert [i.depth for i in analysis] == [1, 2, 3]
    done = analysis.wait()
    assert done is not None and done.depth == 3
    assert analysis.wait() == done and list(analysis) == []


def test_analysis_yields_an_info_per_line() -> None:
    engine = Engine(hash_mb=8)
    board = Board()
    analysis = engine.analysis(board, Limit(depth=2), multipv=3)
    infos = list(analysis)
    assert [(i.depth, i.multipv) for i in infos] == [(d, k) for d in (1, 2) for k in (1, 2, 3)]
    done = analysis.wait()
    assert done is not None and [line.pv for line in done.lines] == [i.pv for i in infos[-3:]]
    assert len({line.pv[0] for line in done.lines}) == 3
    analysis = engine.analysis(board, Limit(depth=2), searchmoves=["e3e4"])
    assert [str(i.pv[0]) for i in analysis] == ["e3e4", "e3e4"]
    with pytest.raises(ValueError, match="multipv"):
        engine.analysis(board, multipv=0)


def test_analysis_ends_cleanly_however_it_is_left() -> None:
    engine = Engine(hash_mb=8)
    # A context left at once stops the search (it would run forever).
    with engine.analysis(Board()) as analysis:
        pass
    assert analysis.result is not None
    # Stopped from another thread while iterated.
    analysis = engine.analysis(Board())
    timer = threading.Timer(0.2, analysis.stop)
    timer.start()
    n = sum(1 for _ in analysis)
    timer.join()
    assert n >= 1 and analysis.result is not None
    # Dropped while running: the search stops and the engine is free.
    analysis = engine.analysis(Board())
    next(analysis)
    del analysis
    gc.collect()
    assert engine.search(Board(), depth=2).depth == 2
    # A finished game: no info, a result without a move.
    done = Board("11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1")
    done.push_str("a9bc")
    analysis = engine.analysis(done)
    assert list(analysis) == []
    assert analysis.result is not None and analysis.result.move is None


def test_a_new_command_stops_the_running_analysis() -> None:
    # As in chess.engine: an analysis left running (here without a limit)
    # is stopped by the engine's next command instead of blocking it.
    engine = Engine(hash_mb=8)
    first = engine.analysis(Board())
    next(first)
    assert engine.search(Board(), depth=2).depth == 2
    assert first.wait() is not None
    first = engine.analysis(Board())
    next(first)
    second = engine.analysis(Board(), Limit(depth=2))
    assert [i.depth for i in second] == [1, 2]
    assert first.wait() is not None
    third = engine.analysis(Board())
    next(third)
    engine.new_game()
    assert third.wait() is not None
    with engine.analysis(Board()) as fourth:
        next(fourth)
        assert engine.play(Board(), Limit(depth=1)).move is not None
    assert fourth.result is not None


def test_an_analysis_stopped_while_waiting_leaves_the_running_search_alone() -> None:
    engine = Engine(hash_mb=8)
    started = threading.Event()
    results: List[tamerlane.SearchResult] = []
    searcher = threading.Thread(
        target=lambda: results.append(engine.search(Board(), info=lambda i: started.set()))
    )
    searcher.start()
    try:
        assert started.wait(30)
        waiting = engine.analysis(Board(), Limit(depth=2))  # waits for the search
        waiting.stop()
        assert waiting.wait() is None and waiting.result is None
        searcher.join(0.3)
        assert searcher.is_alive(), "the search was stopped by the analysis' stop()"
    finally:
        engine.stop()
        searcher.join(30)
    assert results and results[0].move is not None


def test_ctrl_c_stops_an_analysis_and_the_engine_stays_usable() -> None:
    engine = Engine(hash_mb=8)
    interrupter = interrupt_main_after(0.3)
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            with engine.analysis(Board()) as analysis:
                for _ in analysis:
                    pass
    finally:
        interrupter.join()
    assert time.monotonic() - start < 30.0
    assert analysis.result is not None
    assert engine.search(Board(), depth=2).depth == 2


def test_results_pickle_round_trip_equal() -> None:
    engine = Engine(hash_mb=8)
    infos: List[tamerlane.Info] = []
    board = Board()
    board.push_str("f3f4")
    result = engine.search(board, depth=3, info=infos.append, multipv=2)
    played = engine.play(board, Limit(depth=2))
    values: List[Any] = [result, played, *result.lines, *infos, result.score, MateGiven, Mate(-3), Cp(7)]
    for value in values:
        back = pickle.loads(pickle.dumps(value))
        assert back == value and type(back) is type(value)
    assert pickle.loads(pickle.dumps(MateGiven)) is MateGiven
    back = pickle.loads(pickle.dumps(result))
    assert back.turn == tamerlane.BLACK and back.score == result.score
    assert back.move is not None and back.move.has_context and back.move.color == tamerlane.BLACK
    assert [m.color for m in back.pv] == [m.color for m in result.pv]
    assert back.time == result.time and back.nodes == result.nodes
    assert [line.multipv for line in back.lines] == [1, 2] and back.lines == result.lines
    assert [i.multipv for i in (pickle.loads(pickle.dumps(i)) for i in infos)] == [1, 2] * 3
    assert back.lines[1].pv[0].color == tamerlane.BLACK and back.lines[1].score == result.lines[1].score
    # The rank is part of equality: the same state with another rank differs.
    for value in (result.lines[0], infos[0]):
        restore, args = value.__reduce__()
        index = 0 if isinstance(value, tamerlane.PvLine) else 2
        assert args[index] == 1 and restore(*args) == value
        assert restore(*args[:index], 2, *args[index + 1 :]) != value
    # A different result is not equal.
    other = engine.search(board, depth=1)
    assert other != result


@pytest.mark.parametrize("how", ["iterate", "wait"])
def test_ctrl_c_during_an_analysis_attaches_its_result_as_search_does(how: str) -> None:
    """Without a context manager to wait for it: the KeyboardInterrupt
    carries the stopped search's result as ``.result``, and the analysis
    and ``engine.last_result`` keep it, as an interrupted ``search`` does."""
    engine = Engine(hash_mb=8)
    board = Board()
    analysis = engine.analysis(board)  # no limit: only the interrupt ends it
    interrupter = interrupt_main_after(0.3)
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt) as exc:
            if how == "iterate":
                for _ in analysis:
                    pass
            else:
                analysis.wait()
    finally:
        interrupter.join()
    assert time.monotonic() - start < 30.0
    result = exc.value.result  # type: ignore[attr-defined]
    assert isinstance(result, tamerlane.SearchResult)
    assert result.move is not None and board.is_legal(result.move)
    assert analysis.result == result and engine.last_result == result
    assert analysis.wait() == result and list(analysis) == []
    assert engine.search(board, depth=2).depth == 2

"""One ``tamerlane.Engine`` for the three games: chess and Makruk boards
(and python-chess's ``chess.Board``) searched with the API of the Tamerlane
board (fixed depth, several lines, ``analysis()``, scores with a point of
view, clocks, Ctrl-C), answered in each game's own classes; the module
``search`` functions are the same code; a board of another type is a
``TypeError`` naming it."""

from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from types import ModuleType
from typing import Any, List

import pytest

import tamerlane
from tamerlane import Engine, chess, makruk
from tamerlane.engine import Cp, Limit, Mate, MateGiven

GAMES = [chess, makruk]

# White to move mates at once (chess: Ra8#; Makruk: Rh8#), and the same
# positions with the colours swapped: Black to move mates at once.
MATE_IN_ONE = {
    chess: ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1a8"),
    makruk: ("k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8"),
}
BLACK_MATES_IN_ONE = {
    chess: ("r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "a8a1"),
    makruk: ("7r/8/8/8/8/1k6/8/K7 b - - 0 1", "h8h1"),
}


def _played(module: ModuleType, *moves: str) -> Any:
    board = module.Board()
    for m in moves:
        board.push_uci(m)
    return board


OPENING = {chess: ("e2e4", "e7e5"), makruk: ("e3e4", "d6d5")}


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_a_fixed_depth_search_is_the_module_search(module: ModuleType) -> None:
    board = _played(module, *OPENING[module])
    infos: List[Any] = []
    r = Engine(hash_mb=16).search(board, depth=5, info=infos.append)
    same = module.search(board, depth=5, hash_mb=16)
    assert type(r) is module.SearchResult and type(same) is module.SearchResult
    assert (r.move, r.pv, r.nodes, r.depth, r.score) == (same.move, same.pv, same.nodes, 5, same.score)
    assert r.move is not None and type(r.move) is module.Move and board.is_legal(r.move)
    assert r.turn == tamerlane.WHITE and r.lines[0].pv == r.pv and r.nps >= 0
    assert [i.depth for i in infos] == [1, 2, 3, 4, 5]
    assert all(type(i) is module.Info and type(i.pv[0]) is module.Move for i in infos)
    # The python-chess board of the same game gives the same search.
    if module is chess:
        python_chess = pytest.importorskip("chess")
        theirs = python_chess.Board()
        for m in OPENING[chess]:
            theirs.push_uci(m)
        r2 = Engine(hash_mb=16).search(theirs, depth=5)
        assert type(r2) is chess.SearchResult and (r2.move, r2.nodes) == (r.move, r.nodes)


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_multipv_lines_are_distinct_legal_moves_best_first(module: ModuleType) -> None:
    board = module.Board()
    infos: List[Any] = []
    r = Engine(hash_mb=8).search(board, depth=3, multipv=3, info=infos.append)
    assert [line.multipv for line in r.lines] == [1, 2, 3]
    assert all(type(line) is module.PvLine for line in r.lines)
    firsts = [line.pv[0] for line in r.lines]
    assert len(set(firsts)) == 3 and all(board.is_legal(m) for m in firsts)
    assert r.move == firsts[0] and r.pv == r.lines[0].pv and r.score == r.lines[0].score
    scores = [line.score.relative for line in r.lines]
    assert scores[0] >= scores[1] >= scores[2]
    assert [(i.depth, i.multipv) for i in infos] == [(d, k) for d in (1, 2, 3) for k in (1, 2, 3)]
    # searchmoves: the game's moves or UCI strings, each legal.
    first = str(firsts[1])
    r = Engine(hash_mb=8).search(board, depth=2, searchmoves=[first])
    assert str(r.move) == first
    r = Engine(hash_mb=8).search(board, depth=2, multipv=2, searchmoves=[module.Move.from_uci(first)])
    assert [str(line.pv[0]) for line in r.lines] == [first]
    with pytest.raises(tamerlane.IllegalMoveError, match="searchmoves.*a1a8"):
        Engine(hash_mb=1).search(board, depth=1, searchmoves=["a1a8"])
    with pytest.raises(tamerlane.InvalidMoveError, match="searchmoves"):
        Engine(hash_mb=1).search(board, depth=1, searchmoves=["zz"])


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_analysis_streams_infos_then_a_result(module: ModuleType) -> None:
    engine = Engine(hash_mb=8)
    board = module.Board()
    analysis = engine.analysis(board, Limit(depth=4))
    infos = list(analysis)
    assert [i.depth for i in infos] == [1, 2, 3, 4]
    assert all(type(i) is module.Info and i.turn == tamerlane.WHITE for i in infos)
    done = analysis.wait()
    assert done is not None
    assert type(done) is module.SearchResult and done.depth == 4 and done.pv == infos[-1].pv
    assert done.move is not None and board.is_legal(done.move)
    assert analysis.result == done and engine.last_result == done and analysis.info == infos[-1]
    # Without a limit, until stopped; several lines.
    with engine.analysis(board, multipv=2) as running:
        ranks = []
        for info in running:
            ranks.append((info.depth, info.multipv))
            if info.depth == 2 and info.multipv == 2:
                running.stop()
    assert ranks[:4] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert running.result is not None and len(running.result.lines) == 2


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_mate_in_one_scores_have_the_right_sign(module: ModuleType) -> None:
    engine = Engine(hash_mb=8)
    fen, mate = MATE_IN_ONE[module]
    r = engine.search(module.Board(fen), depth=3)
    assert str(r.move) == mate and r.mate == 1 and r.turn == tamerlane.WHITE
    assert r.score.relative == Mate(1) and r.score.white() == Mate(1) and r.score.black() == Mate(-1)
    fen, mate = BLACK_MATES_IN_ONE[module]
    played = engine.play(module.Board(fen), Limit(depth=3))
    assert type(played) is module.PlayResult and str(played.move) == mate
    r = played.info
    assert r.turn == tamerlane.BLACK and r.score.relative == Mate(1)
    assert r.score.black() == Mate(1) and r.score.white() == Mate(-1) and r.score.is_mate()
    # Mated on the board: the game has ended, no move, Mate(0) for the loser.
    board = module.Board(fen)
    board.push_uci(mate)
    r = engine.search(board, depth=3)
    assert r.move is None and r.lines == [] and r.turn == tamerlane.WHITE
    assert r.score.white() == Mate(0) and r.score.black() == MateGiven
    # Pickling keeps the game's classes.
    back = pickle.loads(pickle.dumps(played))
    assert back == played and type(back) is module.PlayResult and type(back.info.lines[0]) is module.PvLine


@pytest.mark.parametrize("module", [tamerlane, chess, makruk], ids=lambda m: m.__name__)
def test_a_level_plays_a_near_best_line_repeatably(module: ModuleType) -> None:
    # Level 1 (docs/WEB.md): depth 2, 3,000 nodes, 4 lines, a move at most
    # 180 centipawns below the best. Each play is on a new engine, so that
    # the same seed meets the same search.
    def play(board: Any, seed: int, level: int = 1) -> Any:
        return Engine(hash_mb=1).play(board, Limit(), level=level, seed=seed)

    board = module.Board()
    chosen = set()
    for seed in range(24):
        r = play(board, seed)
        lines = r.info.lines
        assert len(lines) == 4 and r.info.depth <= 2 and r.info.nodes <= 3000
        line = next(line for line in lines if line.pv[0] == r.move)
        assert lines[0].score_cp - line.score_cp <= 180
        assert r.ponder == (line.pv[1] if len(line.pv) > 1 else None)
        assert play(board, seed).move == r.move
        chosen.add(str(r.move))
        if r.move != r.info.move:
            back = pickle.loads(pickle.dumps(r))
            assert back == r and back.move == r.move and back.ponder == r.ponder
            # The state of older versions (the search result alone) gives
            # the search's own move.
            assert type(r)._restore(r.info).move == r.info.move
    # The start positions have several moves within the margin: the draw
    # picks more than the best one.
    assert len(chosen) > 1
    # The full engine's level is its best move, bounded by the limit only.
    full = Engine(hash_mb=1).play(board, Limit(depth=2), level=6)
    assert full.move == full.info.move and len(full.info.lines) == 1


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_a_weak_level_still_takes_a_mate_in_one(module: ModuleType) -> None:
    fen, mate = MATE_IN_ONE[module]
    for seed in range(10):
        r = Engine(hash_mb=1).play(module.Board(fen), Limit(), level=1, seed=seed)
        assert str(r.move) == mate


@pytest.mark.parametrize(
    "kwargs, error, text",
    [
        ({"level": 0}, ValueError, "level 0 out of range (expected 1 to 6)"),
        ({"level": 7}, ValueError, "level 7 out of range"),
        ({"level": True}, TypeError, "level must be an int, not bool"),
        ({"level": "1"}, TypeError, "level must be an int, not str"),
        ({"seed": 1}, ValueError, "seed is only used with a level"),
        ({"level": 1, "seed": -1}, ValueError, "seed out of range"),
        ({"level": 1, "seed": 2**64}, ValueError, "seed out of range"),
        ({"level": 1, "seed": 1.5}, TypeError, "seed must be an int, not float"),
    ],
)
def test_a_bad_level_or_seed_is_refused(kwargs: Any, error: type, text: str) -> None:
    with pytest.raises(error, match=text.replace("(", r"\(").replace(")", r"\)")):
        Engine(hash_mb=1).play(chess.Board(), Limit(depth=1), **kwargs)
    assert Engine(hash_mb=1).play(chess.Board(), Limit(depth=1), level=1, seed=2**64 - 1).move


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_the_clock_limits_the_search(module: ModuleType) -> None:
    engine = Engine(hash_mb=8)
    start = time.monotonic()
    r = engine.search(module.Board(), wtime=0.3, btime=3600.0)
    assert r.move is not None and time.monotonic() - start < 10.0 and r.time < 0.3
    # Black to move: Black's clock counts.
    board = _played(module, OPENING[module][0])
    played = engine.play(board, Limit(white_clock=3600.0, black_clock=0.3, black_inc=0.0))
    assert played.move is not None and board.is_legal(played.move) and played.info.time < 0.3
    r = engine.search(module.Board(), wtime=2.0, movestogo=1)
    assert r.move is not None and r.time < 2.0
    # Only the other side's clock: no limit, so stopped by hand.
    with engine.analysis(module.Board(), Limit(black_clock=0.001)) as running:
        next(running)
        time.sleep(0.2)
    assert running.result is not None and running.result.time >= 0.2


def test_switching_games_on_one_engine() -> None:
    engine = Engine(hash_mb=8)
    boards: List[Any] = [tamerlane.Board(), chess.Board(), makruk.Board(), chess.Board(), tamerlane.Board()]
    results = [engine.search(b, depth=3) for b in boards]
    kinds = [type(r) for r in results]
    assert kinds == [tamerlane.SearchResult, chess.SearchResult, makruk.SearchResult,
                     chess.SearchResult, tamerlane.SearchResult]
    for board, r in zip(boards, results):
        assert r.move is not None and board.is_legal(r.move) and r.depth == 3
    # Each game's search after a switch is the search of a fresh engine:
    # the table is cleared when the game changes.
    assert (results[3].move, results[3].nodes) == (results[1].move, results[1].nodes)
    fresh = Engine(hash_mb=8).search(tamerlane.Board(), depth=3)
    assert (results[4].move, results[4].nodes) == (fresh.move, fresh.nodes)
    assert engine.last_result == results[4]
    # Within one game the table is kept: the same search again is cheaper.
    again = engine.search(tamerlane.Board(), depth=3)
    assert again.nodes < results[4].nodes


@pytest.mark.parametrize(
    "board", [5, None, "8/8/8/8/8/8/8/8 w - - 0 1", object()], ids=["int", "None", "str", "object"]
)
def test_a_wrong_board_is_a_type_error_naming_it(board: Any) -> None:
    engine = Engine(hash_mb=1)
    name = type(board).__name__
    with pytest.raises(TypeError, match=f"Engine.search: .*not {name}"):
        engine.search(board, depth=1)
    with pytest.raises(TypeError, match=f"Engine.play: .*not {name}"):
        engine.play(board, Limit(depth=1))
    with pytest.raises(TypeError, match=f"Engine.analysis: .*not {name}"):
        engine.analysis(board, Limit(depth=1))
    assert engine.last_result is None


def test_python_chess_variants_are_refused() -> None:
    variant = pytest.importorskip("chess.variant")
    with pytest.raises(TypeError, match="not AtomicBoard"):
        Engine(hash_mb=1).search(variant.AtomicBoard(), depth=1)


_CHILD = textwrap.dedent(
    """
    import json, signal, sys
    import tamerlane
    from tamerlane import chess, makruk

    signal.signal(signal.SIGINT, signal.default_int_handler)
    module = {"chess": chess, "makruk": makruk}[sys.argv[1]]
    engine = tamerlane.Engine(hash_mb=8)
    board = module.Board()

    def ready(info):
        if info.depth == 2 and not ready.said:
            ready.said = True
            print("ready", flush=True)

    ready.said = False
    try:
        engine.search(board, info=ready)  # no limit: only Ctrl-C ends it
        print(json.dumps({"error": "not interrupted"}), flush=True)
    except KeyboardInterrupt as e:
        r = e.result
        print(json.dumps({
            "type": type(r).__module__ + "." + type(r).__name__,
            "move": str(r.move),
            "legal": board.is_legal(r.move),
            "kept": engine.last_result == r,
            "after": engine.search(board, depth=2).depth,
        }), flush=True)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a subprocess")
@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_ctrl_c_keeps_the_result(module: ModuleType) -> None:
    name = module.__name__.split(".")[-1]
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, name],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        assert time.monotonic() - sent < 30.0
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 0, err
    report = json.loads(out)
    assert report == {
        "type": f"{module.__name__}.SearchResult",
        "move": report["move"],
        "legal": True,
        "kept": True,
        "after": 2,
    }


def test_scores_are_plain_cp_away_from_mates() -> None:
    r = Engine(hash_mb=8).search(_played(chess, "e2e4"), depth=3)
    assert r.turn == tamerlane.BLACK and r.mate is None
    assert r.score.relative == Cp(r.score_cp or 0) and r.score.white() == -r.score.relative

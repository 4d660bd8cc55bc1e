"""Checked by mypy --strict (make py-typecheck): the stubs describe the API
as it is used here. Also runs as a plain script."""

from __future__ import annotations

import io
from typing import List, Optional

import numpy as np
import numpy.typing as npt

import tamerlane
import tamerlane.engine
import tamerlane.pgn
import tamerlane.svg


def typed_tour() -> int:
    board: tamerlane.Board = tamerlane.Board()
    moves: List[tamerlane.Move] = list(board.legal_moves)
    n: int = len(board.legal_moves) + board.perft(1)
    board.push(moves[0])
    san: str = board.san("f8f7")
    m: tamerlane.Move = board.push_san(san)
    role: Optional[tamerlane.Role] = m.role
    kind: Optional[str] = m.kind
    sq: int = m.from_square
    piece: Optional[tamerlane.Piece] = board.piece_at(tamerlane.Square.F2)
    outcome: Optional[tamerlane.Outcome] = board.outcome()
    planes: npt.NDArray[np.float32] = board.to_planes()
    mask: npt.NDArray[np.bool_] = board.legal_action_mask()
    index: int = tamerlane.move_to_index(m)
    back: tamerlane.Move = tamerlane.index_to_move(board.root(), tamerlane.move_to_index(moves[0]))
    engine = tamerlane.Engine(hash_mb=1, threads=1)
    result: tamerlane.SearchResult = engine.search(board, depth=1, info=lambda i: print(i.depth))
    best: Optional[tamerlane.Move] = result.move
    svg: str = tamerlane.svg.board(board, lastmove=best, arrows=[("f3", "f4")], flipped=True, size=200)
    turn: tamerlane.Color = board.turn
    stages: tuple[int, int] = board.pawn_of_pawns_stages
    # numpy integers are accepted wherever an int is (anything with __index__).
    first: tamerlane.Move = tamerlane.index_to_move(board, np.argmax(board.legal_action_mask()))
    n += board.perft(np.int64(1)) + (tamerlane.square_file("f3") or 0) + (tamerlane.square_rank(np.int64(27)) or 0)
    white_to_move: bool = bool(board.turn)
    # Rule sets and games that stay ended.
    seeded: tamerlane.Board = tamerlane.Board(tamerlane.INITIAL_TFEN, rules="seed-001")
    rules: str = seeded.rules
    state: dict[str, object] = seeded.__getstate__()
    short = tamerlane.Board(rules="move-limit=1")
    try:
        short.push_str("b2c4")
        short.push_str("b9c7")
    except tamerlane.GameOverError as e:
        ply: int = e.ply
        end: tamerlane.Outcome = e.outcome
        n += ply + len(str(end))
    except tamerlane.InvalidRulesError as e:
        raise AssertionError(e) from e
    # Research and reinforcement-learning helpers.
    u8: npt.NDArray[np.uint8] = np.zeros((tamerlane.PLANES + 46, 10, 13), dtype=np.uint8)
    board.to_planes(out=u8, history=1)
    batch = tamerlane.planes_many([board, seeded], dtype=np.uint8)
    masks: npt.NDArray[np.bool_] = tamerlane.masks_many([board])
    indices: npt.NDArray[np.int64] = tamerlane.moves_to_indices(moves[:2], board=board.root())
    env = tamerlane.VectorEnv(2, seed=1, max_plies=50)
    obs, info = env.reset(seed=2)
    obs, reward, terminated, truncated, info = env.step(env.random_actions())
    action_mask: npt.NDArray[np.bool_] = info["action_mask"]
    rollouts = tamerlane.random_rollouts(2, seed=1, max_plies=20)
    n += int(batch.shape[0] + masks.sum() + indices.sum() + reward.sum() + rollouts["plies"].sum())
    del action_mask, terminated, truncated, obs
    # python-chess vocabulary: colours as bools, ply(), masks, editing, attacks.
    ply_now: int = board.ply()
    kings: List[int] = board.pieces(tamerlane.Role.KING, not board.turn)
    uci: tamerlane.Move = board.parse_uci(tamerlane.Move.from_uci(str(list(board.legal_moves)[0])).uci())
    lan: str = board.lan(uci) + board.variation_san(list(board.legal_moves)[:1])
    caps: List[tamerlane.Move] = list(board.generate_legal_captures(tamerlane.BB_ALL, 1 << tamerlane.E5))
    gen: List[tamerlane.Move] = list(board.generate_legal_moves(tamerlane.BB_SQUARES[tamerlane.F3]))
    attacked: bool = board.is_attacked_by(True, tamerlane.F3) or board.gives_check(uci) or board.is_capture(uci)
    sets: List[int] = (
        list(board.attackers(tamerlane.WHITE, "f3") | board.checkers()) + board.royals(False)
    )
    ends: bool = board.is_checkmate() or board.is_stalemate() or board.is_repetition(2)
    edit = board.copy(stack=1)
    edit.set_piece_at(tamerlane.E5, tamerlane.Piece(True, tamerlane.Role.ROOK))
    removed: Optional[tamerlane.Piece] = edit.remove_piece_at("e5")
    edit.set_piece_map(edit.piece_map())
    mirrored: tamerlane.Board = edit.mirror()
    try:
        edit.set_piece_at("wc", tamerlane.Piece(tamerlane.BLACK, tamerlane.Role.ROOK))
    except tamerlane.InvalidPositionError as e:
        n += len(str(e))
    idx: int = tamerlane.move_to_index("f3f4", turn=True)
    distance: int = tamerlane.square_distance(tamerlane.A1, "wc") + tamerlane.square(5, 2)
    n += ply_now + len(kings) + len(caps) + len(sets) + idx + distance + int(attacked) + int(ends)
    del uci, lan, removed, mirrored
    del first, white_to_move, rules, state
    del role, kind, sq, piece, outcome, planes, mask, index, back, svg, turn, stages
    return n


def typed_pgn() -> int:
    board = tamerlane.Board()
    board.push_san("f4")
    game: tamerlane.pgn.Game = tamerlane.pgn.Game.from_board(board)
    game.headers["White"] = "Timur"
    white: str = game.headers["White"]
    text: str = str(game)
    back: Optional[tamerlane.pgn.Game] = tamerlane.pgn.read_game(io.StringIO(text))
    assert back is not None and back == game
    moves: List[tamerlane.Move] = back.mainline_moves()
    end: tamerlane.pgn.GameNode = back.end()
    end.comment = "the end"
    final: tamerlane.Board = end.board()
    comments: List[tuple[int, str]] = back.comments
    result: str = back.result
    termination: Optional[str] = back.termination
    games: List[tamerlane.pgn.Game] = list(tamerlane.pgn.read_games(io.StringIO(text + text), rules="repetition=2"))
    try:
        tamerlane.pgn.read_game(io.StringIO("1. zz9 *"))
    except tamerlane.pgn.PgnError as e:
        line: Optional[int] = e.line
        del line
    out = io.StringIO()
    written: int = tamerlane.pgn.write_games(out, games)
    del white, termination, final
    return len(moves) + len(comments) + len(result) + written


def typed_engine() -> int:
    from tamerlane.engine import Cp, Limit, Mate, MateGiven, PovScore, Score

    engine = tamerlane.Engine(hash_mb=1)
    board = tamerlane.Board()
    result: tamerlane.SearchResult = engine.search(board, depth=2, wtime=1.0, btime=1.0, winc=0.1, binc=0.1, multipv=1)
    pov: PovScore = result.score
    white: Score = pov.white()
    cp: Optional[int] = pov.relative.score()
    sure: int = pov.black().score(mate_score=100_000)
    played: tamerlane.PlayResult = engine.play(board, Limit(depth=2, white_clock=1.0))
    move: Optional[tamerlane.Move] = played.move
    weak: tamerlane.PlayResult = engine.play(board, Limit(depth=2), level=1, seed=7)
    with engine.analysis(board, Limit(depth=2)) as analysis:
        infos: List[tamerlane.Info] = list(analysis)
    last: Optional[tamerlane.SearchResult] = analysis.result
    scores: List[Score] = [Cp(3), Mate(-2), MateGiven, -white]
    lines: List[tamerlane.PvLine] = engine.search(
        board, depth=2, multipv=3, searchmoves=["f3f4", board.parse_str("e3e4")], movestogo=5
    ).lines
    rank: int = lines[0].multipv
    line_score: PovScore = lines[0].score
    root: tamerlane.Move = lines[0].pv[0]
    chosen: Optional[tamerlane.Move] = engine.play(board, Limit(depth=1, remaining_moves=3), searchmoves=[root]).move
    with engine.analysis(board, Limit(depth=1), multipv=2, searchmoves=()) as ranked:
        ranks: List[int] = [info.multipv for info in ranked]
    del cp, move, last, line_score, chosen
    return sure + len(infos) + len(scores) + rank + len(ranks)


def typed_sibling_engine() -> int:
    """One Engine for the three games: each board's results in its game's classes."""
    import chess as python_chess

    from tamerlane import chess, makruk
    from tamerlane.engine import Limit, PovScore

    engine = tamerlane.Engine(hash_mb=1)
    infos: List[chess.Info] = []
    result: chess.SearchResult = engine.search(
        chess.Board(), depth=2, info=infos.append, multipv=2, searchmoves=["e2e4", chess.Move.from_uci("d2d4")]
    )
    best: Optional[chess.Move] = result.move
    lines: List[chess.PvLine] = result.lines
    pov: PovScore = lines[0].score
    theirs: chess.SearchResult = engine.search(python_chess.Board(), depth=1, wtime=1.0)
    played: makruk.PlayResult = engine.play(makruk.Board(), Limit(depth=1))
    reply: Optional[makruk.Move] = played.ponder
    with engine.analysis(makruk.Board(), Limit(depth=1)) as analysis:
        streamed: List[makruk.Info] = list(analysis)
    done: Optional[makruk.SearchResult] = analysis.result
    once: chess.SearchResult = chess.search(chess.Board(), depth=1)
    del best, pov, reply, done
    return len(infos) + len(lines) + theirs.depth + len(streamed) + once.depth


if __name__ == "__main__":
    print(typed_tour())
    print(typed_pgn())
    print(typed_engine())
    print(typed_sibling_engine())

"""Checked by mypy --strict (make py-typecheck): the stubs describe the API
as it is used here. Also runs as a plain script."""

from __future__ import annotations

from typing import List, Optional

import numpy as np
import numpy.typing as npt

import tamerlane
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
    del first, white_to_move, rules, state, action_mask, terminated, truncated, obs
    del role, kind, sq, piece, outcome, planes, mask, index, back, svg, turn, stages
    return n


if __name__ == "__main__":
    print(typed_tour())

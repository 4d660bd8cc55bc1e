#!/usr/bin/env python3
"""How the runners of a match record's citadel draws came in: for each
citadel draw, the plies from the last time the entering side's nearest
royal came within four king steps of the enemy citadel (and stayed there)
to the entry, and its material minus the other side's then and at the
entry (the values of `citadel_stats.py`).

    .venv/bin/python docs/matches/citadel_approach.py MATCH.txt ...
"""

import statistics
import sys

import tamerlane
import tamerlane.pgn

from citadel_stats import material

ROYALS = ("king", "prince", "adventitious king")
# The citadels as if they were squares off the board: White's right of
# k2, Black's left of a9 (files and ranks from 0).
CITADEL_OF = {tamerlane.WHITE: (11, 1), tamerlane.BLACK: (-1, 8)}
NEAR = 4


def steps(board: tamerlane.Board, runner: tamerlane.Color) -> int:
    """The king steps from `runner`'s nearest royal to the enemy citadel
    (0 on a citadel)."""
    cf, cr = CITADEL_OF[not runner]
    best = 99
    for sq, piece in board.piece_map().items():
        if piece.color != runner or str(piece.role) not in ROYALS:
            continue
        f, r = tamerlane.square_file(sq), tamerlane.square_rank(sq)
        best = min(best, 0 if f is None else max(abs(f - cf), abs(r - cr)))
    return best


def lead(board: tamerlane.Board, side: tamerlane.Color) -> int:
    """`side`'s material minus the other side's."""
    return material(board, side) - material(board, not side)


def main() -> None:
    rows = []
    for path in sys.argv[1:]:
        with open(path) as f:
            while (game := tamerlane.pgn.read_game(f)) is not None:
                if game.headers.get("Termination") != "citadel":
                    continue
                board = game.board()
                boards = [board.copy()]
                for m in game.mainline_moves():
                    board.push(m)
                    boards.append(board.copy())
                runner = not board.turn
                k = len(boards) - 1
                while k > 0 and steps(boards[k - 1], runner) <= NEAR:
                    k -= 1
                rows.append((len(boards) - 1 - k, lead(boards[k], runner), lead(board, runner)))
    print(f"{len(rows)} citadel draws")
    print(f"plies within {NEAR} steps before the entry: median {statistics.median(r[0] for r in rows)}, "
          f"at least 20 in {sum(r[0] >= 20 for r in rows)}")
    print(f"runner's material lead when it came near: median {statistics.median(r[1] for r in rows)}; "
          f"at the entry: median {statistics.median(r[2] for r in rows)}")
    print(f"behind by 300 cp or less at the entry: {sum(r[2] >= -300 for r in rows)}")


if __name__ == "__main__":
    main()

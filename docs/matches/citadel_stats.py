#!/usr/bin/env python3
"""Who drew by entering the enemy citadel in a match record, and how far
behind in material that side was when it did (the piece values of
`tamerlane-ai`'s evaluation, `eval::tamerlane::value`).

    .venv/bin/python docs/matches/citadel_stats.py MATCH.txt
"""

import sys
from collections import Counter

import tamerlane
import tamerlane.pgn

VALUES = {
    "king": 0, "prince": 350, "adventitious king": 350, "ferz": 60, "vizier": 75,
    "elephant": 65, "dabbaba": 85, "camel": 215, "knight": 275, "talia": 225,
    "giraffe": 590, "rook": 930, "pawn of pawns": 50, "pawn of kings": 80,
}
PAWN = 100  # every other pawn


def material(board: tamerlane.Board, color: tamerlane.Color) -> int:
    return sum(VALUES.get(str(p.role), PAWN) for p in board.piece_map().values() if p.color == color)


def main() -> None:
    rows = []
    with open(sys.argv[1]) as f:
        while (game := tamerlane.pgn.read_game(f)) is not None:
            if game.headers.get("Termination") != "citadel":
                continue
            board = game.end().board()
            runner = not board.turn
            name = game.headers["White" if runner == tamerlane.WHITE else "Black"]
            rows.append((name, material(board, runner) - material(board, not runner)))
    print("citadel draws by the side that entered:", dict(Counter(name for name, _ in rows)))
    for name in sorted({name for name, _ in rows}):
        print(f"{name}: its material minus the other's (cp):", sorted(d for n, d in rows if n == name))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A suite of Makruk endings from match records: of each game, the first
position, the game not over, where one side has only its King and the
other has two pieces or more, but no Bia, no Ruea and not only Mets (a
Khon and a Met, a Ma and a Met, ...: endings that a side must mate
within the count, and that self-play seldom reaches). Written one FEN a
line, each once, in the order met, for `tamerlane match --openings`;
with `--stats`, how the games that reached one ended, by material.

    .venv/bin/python docs/matches/bare_king_endings.py MATCH.txt ... > SUITE.txt
    .venv/bin/python docs/matches/bare_king_endings.py --stats MATCH.txt ...
"""

import sys
from collections import Counter
from typing import Optional

import tamerlane.pgn


def bare_king_ending(fen: str) -> Optional[tuple[str, str]]:
    """The strong side ("w" or "b") and its men other than the King
    (sorted letters), if `fen` is such an ending."""
    placement = fen.split()[0]
    white = sorted(c.lower() for c in placement if c.isupper() and c != "K")
    black = sorted(c.lower() for c in placement if c.islower() and c != "k")
    for strong, weak, side in ((white, black, "w"), (black, white, "b")):
        if not weak and len(strong) >= 2 and not {"p", "r"} & set(strong) and set(strong) != {"m"}:
            return side, "".join(strong)
    return None


def main() -> None:
    stats = "--stats" in sys.argv
    seen: list[str] = []
    ended: Counter[tuple[str, bool]] = Counter()
    for path in (a for a in sys.argv[1:] if a != "--stats"):
        with open(path) as f:
            for game in tamerlane.pgn.read_games(f):
                for node in game.mainline():
                    board = node.board()
                    fen = board.fen()
                    found = bare_king_ending(fen)
                    if found is None or board.outcome() is not None:
                        continue
                    side, men = found
                    won = game.result == ("1-0" if side == "w" else "0-1")
                    ended[(men, won)] += 1
                    if fen not in seen:
                        seen.append(fen)
                    break
    if stats:
        for men in sorted({m for m, _ in ended}, key=lambda m: -ended[(m, True)] - ended[(m, False)]):
            print(f"K+{men.upper()} against K: {ended[(men, True)]} won, {ended[(men, False)]} not")
    else:
        print("\n".join(seen))


if __name__ == "__main__":
    main()

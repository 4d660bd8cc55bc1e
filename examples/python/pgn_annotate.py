#!/usr/bin/env python3
"""Annotates the games of a record file with the engine: after each of the
first plies, a comment with the engine's score (from White's side) and its
preferred move, written to a new record file.

    python examples/python/pgn_annotate.py GAMES.pgn OUT.pgn [--games 1] [--plies 20] [--depth 4]
"""

from __future__ import annotations

import argparse

import tamerlane
import tamerlane.pgn
from tamerlane.engine import Limit


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_file")
    ap.add_argument("out_file")
    ap.add_argument("--games", type=int, default=1, help="how many games to annotate")
    ap.add_argument("--plies", type=int, default=20, help="plies annotated per game")
    ap.add_argument("--depth", type=int, default=4)
    args = ap.parse_args()

    engine = tamerlane.Engine(hash_mb=32)
    annotated = []
    with open(args.games_file, encoding="utf-8") as f:
        for game in tamerlane.pgn.read_games(f, on_error=lambda e: print("skipped:", e)):
            if len(annotated) == args.games:
                break
            engine.new_game()
            for node in game.mainline():
                if node.ply() > args.plies:
                    break
                board = node.board()
                result = engine.play(board, Limit(depth=args.depth))
                if result.move is None:
                    break
                score = result.info.score.white()
                node.comment = f"{score} {board.san(result.move)}"
            print(f"{game.headers.get('White')} - {game.headers.get('Black')} {game.result}: "
                  f"{len(game.comments)} comments")
            annotated.append(game)
    with open(args.out_file, "w", encoding="utf-8") as out:
        n = tamerlane.pgn.write_games(out, annotated)
    print(f"{n} games written to {args.out_file}")


if __name__ == "__main__":
    main()

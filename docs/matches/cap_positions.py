#!/usr/bin/env python3
"""The Makruk games of match records that the `--max-plies` cap ended
(`Termination "adjudication"`): how many ended with PLAYER ahead in
material, behind or level, counted Ruea 5, Ma and Khon 3, Met 2, Bia 1;
and, with `--judge`, how a reference engine scores their last positions
from PLAYER's side: better than +150, worse than -150, or in between
(the engine is given each position as a new game, `go depth DEPTH`).
docs/STRENGTH.md and the log quote these counts for the Makruk nets'
matches against Fairy-Stockfish.

    .venv/bin/python docs/matches/cap_positions.py --player NAME \\
        [--judge /usr/games/fairy-stockfish --depth 16] FILE [FILE ...]
"""

import argparse
import subprocess
import sys
from collections import Counter
from typing import IO, Optional

import tamerlane
import tamerlane.makruk
import tamerlane.pgn

# Material by piece letter (Bia p, Met m, Khon s, Ma n, Ruea r, King k).
VALUES = {"p": 1, "m": 2, "s": 3, "n": 3, "r": 5, "k": 0}
# Beyond this many centipawns from even, the judge calls a side better.
MARGIN = 150
MATE = 100_000


class Judge:
    """A UCI engine playing Makruk, asked for its score of one position at a time."""

    def __init__(self, command: str, depth: int) -> None:
        self.depth = depth
        try:
            self.proc = subprocess.Popen([command], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            raise SystemExit(f"cannot start the judge {command!r}: {e.strerror}") from e
        self._send("uci")
        self._wait("uciok")
        self._send("setoption name UCI_Variant value makruk")
        self._send("setoption name Hash value 64")
        self._send("isready")
        self._wait("readyok")

    def _send(self, line: str) -> None:
        stdin: Optional[IO[str]] = self.proc.stdin
        assert stdin is not None
        stdin.write(line + "\n")

    def _wait(self, prefix: str) -> str:
        stdout: Optional[IO[str]] = self.proc.stdout
        assert stdout is not None
        for line in stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"the judge stopped before answering {prefix!r}")

    def white_score(self, fen: str) -> int:
        """The engine's score of `fen` for White, in centipawns (a mate: ±MATE)."""
        self._send("ucinewgame")
        self._send(f"position fen {fen}")
        self._send(f"go depth {self.depth}")
        score: Optional[int] = None
        while True:
            line = self._wait("")
            words = line.split()
            if words[:1] == ["bestmove"]:
                break
            if words[:1] == ["info"] and "score" in words:
                kind, value = words[words.index("score") + 1: words.index("score") + 3]
                score = int(value) if kind == "cp" else (MATE if int(value) > 0 else -MATE)
        if score is None:
            raise RuntimeError(f"the judge gave no score for {fen}")
        return score if fen.split()[1] == "w" else -score

    def close(self) -> None:
        self._send("quit")
        self.proc.wait()


def material(board: tamerlane.makruk.Board, color: tamerlane.Color) -> int:
    """The material of `color` on `board`."""
    return sum(VALUES[p.symbol().lower()] for p in board.piece_map().values()
               if p.color == color)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", required=True, help="the side counted, as named in the records")
    parser.add_argument("--judge", help="a UCI engine that plays Makruk, to score the last positions")
    parser.add_argument("--depth", type=int, default=16, help="the judge's depth (default 16)")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    judge = Judge(args.judge, args.depth) if args.judge else None
    try:
        for path in args.files:
            balance: Counter[str] = Counter()
            judged: Counter[str] = Counter()
            with open(path) as f:
                while (game := tamerlane.pgn.read_game(f, game="makruk")) is not None:
                    if game.headers.get("Termination") != "adjudication":
                        continue
                    names = (game.headers.get("White"), game.headers.get("Black"))
                    if args.player not in names:
                        raise SystemExit(f"{path}: no player {args.player!r} in a game of {names}")
                    ours = tamerlane.WHITE if names[0] == args.player else tamerlane.BLACK
                    board = game.end().board()
                    assert isinstance(board, tamerlane.makruk.Board)
                    lead = material(board, ours) - material(board, ours.other)
                    balance["ahead" if lead > 0 else "behind" if lead < 0 else "level"] += 1
                    if judge is not None:
                        score = judge.white_score(board.fen())
                        score = score if ours == tamerlane.WHITE else -score
                        judged["better" if score > MARGIN else "worse" if score < -MARGIN
                               else "in between"] += 1
            line = (f"{path}: {sum(balance.values())} games at the cap: ahead {balance['ahead']}, "
                    f"behind {balance['behind']}, level {balance['level']}")
            if judge is not None:
                line += (f"; judged better than +{MARGIN} {judged['better']}, worse than "
                         f"-{MARGIN} {judged['worse']}, in between {judged['in between']}")
            print(line, flush=True)
    finally:
        if judge is not None:
            judge.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

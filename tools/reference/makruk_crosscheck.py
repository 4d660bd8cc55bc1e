#!/usr/bin/env python3
"""Differential test of the `tamerlane` CLI's Makruk against Fairy-Stockfish.

Plays random games in lockstep and, at every position, compares:

- the legal moves: Fairy-Stockfish's `go perft 1` list against
  `tamerlane moves --game makruk --stdin`;
- the position after the move chosen: Fairy-Stockfish's FEN (`d`, after
  `position fen FEN moves MOVE`) against `tamerlane apply --game makruk
  --stdin` (which must give the same FEN string, count included);
- the result of the position: checkmate, stalemate, the counting draw or
  none, as Fairy-Stockfish's data say (no legal move with a checker;
  a count past its limit; no legal move) against `tamerlane outcome --game
  makruk --stdin`.

Our side plays with `--rules counting=fairy-stockfish`, the option that
reproduces Fairy-Stockfish's `makruk` exactly. Fairy-Stockfish's rules are
never re-implemented here: every expected value is read from its output.

Games start from the start position or from it with random pieces removed
(kings kept), and moves are chosen at random with a bias towards captures,
so that pawnless endings, counts, restarts and bare kings come up often.

Standard library only. Exits 1 on any mismatch, and when Fairy-Stockfish is
missing (a missing reference is a failure, not a skip).

    python3 tools/reference/makruk_crosscheck.py --binary target/release/tamerlane \\
        --games 24 --plies 200 --seed 1
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field

START_FEN = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
RULES = "counting=fairy-stockfish"
# A root move in `go perft 1` output: `e3e4: 1`, `e5e6m: 1`.
MOVE_LINE = re.compile(r"[a-h][1-8][a-h][1-8]m?: 1")


def find_engine(given: str | None) -> str:
    """The Fairy-Stockfish binary: the one given, on PATH, or Debian's."""
    candidates = [given] if given else [shutil.which("fairy-stockfish"), "/usr/games/fairy-stockfish"]
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    sys.exit(
        "makruk_crosscheck: fairy-stockfish not found (install it: apt-get install -y fairy-stockfish, "
        "or `make deps`); the cross-check cannot run without its reference"
    )


class Engine:
    """Fairy-Stockfish over UCI, with its variant set to makruk."""

    def __init__(self, path: str) -> None:
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.read_until(lambda line: line == "uciok")
        self.send("setoption name UCI_Variant value makruk")
        self.send("isready")
        self.read_until(lambda line: line == "readyok")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done) -> list[str]:
        assert self.proc.stdout is not None
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited unexpectedly")
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def state(self, fen: str, move: str | None = None) -> tuple[str, bool, list[str]]:
        """(FEN, in check, sorted legal moves) of `fen` after `move`."""
        self.send(f"position fen {fen}" + (f" moves {move}" if move else ""))
        self.send("d")
        lines = self.read_until(lambda line: line.startswith("Checkers:"))
        fens = [line[len("Fen: "):] for line in lines if line.startswith("Fen: ")]
        if len(fens) != 1:
            raise RuntimeError(f"no FEN in fairy-stockfish's `d` output for {fen} {move}")
        shown, in_check = fens[0], bool(lines[-1][len("Checkers:"):].split())
        self.send("go perft 1")
        listed = self.read_until(lambda line: line.startswith("Nodes searched"))
        moves = sorted(line.split(":")[0] for line in listed if MOVE_LINE.fullmatch(line))
        if len(moves) != int(listed[-1].split(":")[1]):
            raise RuntimeError(f"perft list and count disagree for {shown}")
        return shown, in_check, moves

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def expected_outcome(fen: str, in_check: bool, moves: list[str]) -> str:
    """The result of a position as Fairy-Stockfish's data say: checkmate if
    no legal move and a checker, the counting draw if the count (field 5)
    exceeds the limit (field 4), stalemate if no legal move; else none."""
    fields = fen.split()
    if not moves and in_check:
        return ("black" if fields[1] == "w" else "white") + " checkmate"
    if fields[3] != "-" and int(fields[4]) > int(fields[3]):
        return "draw counting"
    if not moves:
        return "draw stalemate"
    return "none"


def ours(binary: str, command: str, lines: list[str]) -> list[str]:
    """Runs `tamerlane COMMAND --game makruk --stdin` on `lines`."""
    out = subprocess.run(
        [binary, command, "--game", "makruk", "--stdin", "--rules", RULES],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    if len(out) != len(lines):
        raise RuntimeError(f"`{command}` printed {len(out)} lines for {len(lines)}")
    return out


def occupied(fen: str) -> set[str]:
    """The occupied squares of a FEN's placement."""
    squares = set()
    for i, rank in enumerate(fen.split()[0].split("/")):
        file = 0
        for c in rank:
            if c.isdigit():
                file += int(c)
            else:
                squares.add("abcdefgh"[file] + str(8 - i))
                file += 1
    return squares


def thinned_start(rng: random.Random) -> str:
    """The start position with each piece but the Kings removed with a
    random probability, and a random side to move."""
    keep = rng.uniform(0.05, 0.9)
    ranks = []
    for rank in START_FEN.split()[0].split("/"):
        row, empty = "", 0
        for c in rank:
            if c.isdigit():
                empty += int(c)
                continue
            if c in "Kk" or rng.random() < keep:
                row += (str(empty) if empty else "") + c
                empty = 0
            else:
                empty += 1
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + f" {rng.choice('wb')} - - 0 1"


def random_ending(rng: random.Random) -> str:
    """Two Kings (the weaker one often on an edge), one to three pieces for
    a random side, sometimes a piece for the other side and a pawn or two,
    on random squares, with a random side to move (it may be invalid: the
    caller checks)."""
    board: dict[str, str] = {}

    def place(piece: str, ranks: str = "12345678") -> None:
        free = [f + r for f in "abcdefgh" for r in ranks if f + r not in board]
        board[rng.choice(free)] = piece

    strong = rng.choice("wb")
    case = str.upper if strong == "w" else str.lower
    other = str.lower if strong == "w" else str.upper
    # The weaker King is often on an edge, where checkmates are near.
    edge = [f + r for f in "abcdefgh" for r in "12345678" if f in "ah" or r in "18"]
    if rng.random() < 0.7:
        board[rng.choice(edge)] = other("K")
    else:
        place(other("K"))
    place(case("K"))
    for _ in range(rng.randint(1, 3)):
        place(case(rng.choice("RRNNSSM")))
    if rng.random() < 0.3:
        place(other(rng.choice("NSM")))
    for _ in range(rng.choice([0, 0, 1, 2])):
        if rng.random() < 0.5:
            place("P", "345")
        else:
            place("p", "456")
    ranks = []
    for r in "87654321":
        row, empty = "", 0
        for f in "abcdefgh":
            if f + r in board:
                row += (str(empty) if empty else "") + board[f + r]
                empty = 0
            else:
                empty += 1
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + f" {rng.choice('wb')} - - 0 1"


@dataclass
class State:
    """A position as Fairy-Stockfish shows it, and how it was reached."""

    fen: str
    in_check: bool
    moves: list[str]
    parent: str | None = None
    move: str | None = None


def pick(rng: random.Random, engine: Engine, state: State) -> tuple[str, list[State]]:
    """A random move, and the positions looked at to choose it (each is
    checked too). In sparse positions, four times out of five, every move is
    looked at and one that leaves the opponent without a legal move
    (checkmate or stalemate) is taken if there is one, else often one that
    leaves the opponent the fewest moves, else a checking move if there is
    one, so that game ends come up. Otherwise a capture four
    times out of five when there is one."""
    taken = occupied(state.fen)
    if len(taken) <= 10 and rng.random() < 0.8:
        after = [State(*engine.state(state.fen, m), state.fen, m) for m in state.moves]
        fewest = min(len(a.moves) for a in after)
        for wanted in (
            lambda a: not a.moves,
            lambda a: len(a.moves) == fewest and rng.random() < 0.6,
            lambda a: a.in_check,
            lambda a: True,
        ):
            good = [a for a in after if wanted(a)]
            if good:
                return rng.choice(good).move or "", after
    captures = [m for m in state.moves if m[2:4] in taken]
    if captures and rng.random() < 0.8:
        return rng.choice(captures), []
    return rng.choice(state.moves), []


@dataclass
class Tally:
    positions: int = 0
    mismatches: list[str] = field(default_factory=list)
    outcomes: Counter = field(default_factory=Counter)
    counting_positions: int = 0

    def mismatch(self, text: str) -> None:
        self.mismatches.append(text)
        if len(self.mismatches) <= 20:
            print("MISMATCH " + text, flush=True)


def check(binary: str, states: list[State], tally: Tally) -> None:
    """Compares our moves, outcome and (for a state reached by a move) the
    FEN after the move with Fairy-Stockfish's, for every state."""
    fens = [s.fen for s in states]
    reached = [s for s in states if s.parent is not None]
    applied = ours(binary, "apply", [f"{s.parent} | {s.move}" for s in reached])
    for s, after in zip(reached, applied):
        if after != s.fen:
            tally.mismatch(f"{s.parent} | {s.move}:\n  fairy-stockfish {s.fen}\n  tamerlane       {after}")
    for s, mv, oc in zip(states, ours(binary, "moves", fens), ours(binary, "outcome", fens)):
        tally.positions += 1
        if s.fen.split()[3] != "-":
            tally.counting_positions += 1
        want = " ".join(s.moves)
        if mv != want:
            tally.mismatch(f"moves of {s.fen}:\n  fairy-stockfish {want}\n  tamerlane       {mv}")
        expected = expected_outcome(s.fen, s.in_check, s.moves)
        tally.outcomes[expected] += 1
        if oc != expected:
            tally.mismatch(f"outcome of {s.fen}: fairy-stockfish {expected}, tamerlane {oc}")


def starts(binary: str, games: int, rng: random.Random) -> list[str]:
    """The start positions: the start array, thinned start arrays, and
    random endings (each checked to be valid by ours, so that only valid
    positions go to fairy-stockfish)."""
    out = []
    for i in range(games):
        if i % 4 == 0:
            out.append(START_FEN)
        elif i % 4 < 3:
            out.append(thinned_start(rng))
        else:
            while True:
                fen = random_ending(rng)
                if not ours(binary, "moves", [fen])[0].startswith("error:"):
                    out.append(fen)
                    break
    return out


def run(binary: str, engine: Engine, games: int, plies: int, rng: random.Random) -> Tally:
    tally = Tally()
    current = []
    for fen in starts(binary, games, rng):
        state = State(*engine.state(fen))
        if state.fen != fen:
            tally.mismatch(f"start {fen}: fairy-stockfish reads it back as {state.fen}")
        current.append(state)
    check(binary, current, tally)
    for _ in range(plies):
        live = [s for s in current if expected_outcome(s.fen, s.in_check, s.moves) == "none"]
        if not live:
            break
        current, looked_at = [], []
        for s in live:
            move, seen = pick(rng, engine, s)
            chosen = [a for a in seen if a.move == move]
            after = chosen[0] if chosen else State(*engine.state(s.fen, move), s.fen, move)
            current.append(after)
            looked_at.extend(seen if seen else [after])
        check(binary, looked_at, tally)
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tamerlane", help="the tamerlane CLI")
    parser.add_argument("--engine", help="the fairy-stockfish binary (default: found on PATH or /usr/games)")
    parser.add_argument("--games", type=int, default=24, help="games played in lockstep")
    parser.add_argument("--plies", type=int, default=200, help="longest game, in plies")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    engine = Engine(find_engine(args.engine))
    try:
        tally = run(args.binary, engine, args.games, args.plies, random.Random(args.seed))
    finally:
        engine.close()
    results = ", ".join(f"{k}: {v}" for k, v in sorted(tally.outcomes.items()))
    print(
        f"makruk crosscheck: {tally.positions} positions ({tally.counting_positions} with a count running), "
        f"{len(tally.mismatches)} mismatches; results {results}"
    )
    return 1 if tally.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

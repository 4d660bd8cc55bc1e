"""Replays every game line of a chess or Makruk match file (`tamerlane match
--game G --out FILE`) with `tamerlane outcome` from its start FEN, and checks
the result and termination the match reported; an `adjudication` game must
have no end yet and MAX_PLIES plies.

Usage: python3 replay_match_lines.py BINARY GAME RULES FILE [MAX_PLIES]
(MAX_PLIES: the match's --max-plies, 300 by default). Exits 1 on a mismatch.
"""

import re
import subprocess
import sys

LINE = re.compile(
    r"^game (\d+): .*? (1-0|0-1|1/2-1/2) \((.*?)\), (\w+), fen (.*?), moves (.*?)(; .*)?$"
)
WINNER = {"1-0": "white", "0-1": "black", "1/2-1/2": "draw"}


def main() -> int:
    binary, game, rules, path = sys.argv[1:5]
    max_plies = int(sys.argv[5]) if len(sys.argv) > 5 else 300
    ok = bad = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = LINE.match(line.rstrip("\n"))
            if not m:
                print("unreadable:", line[:80])
                bad += 1
                continue
            number, result, termination, fen, moves = (
                m.group(1),
                m.group(2),
                m.group(3),
                m.group(5),
                m.group(6).split(),
            )
            out = subprocess.run(
                [binary, "outcome", "--game", game, "--rules", rules, "--fen", fen, *moves],
                capture_output=True,
                text=True,
                check=False,
            ).stdout.strip()
            if termination == "adjudication":
                good = out == "none" and len(moves) == max_plies
            else:
                good = out == f"{WINNER[result]} {termination}"
            if good:
                ok += 1
            else:
                bad += 1
                print(f"game {number}: outcome `{out}`, reported {result} ({termination})")
    print(f"{path}: {ok} games replayed as reported, {bad} not")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

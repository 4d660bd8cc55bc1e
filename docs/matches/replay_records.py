#!/usr/bin/env python3
"""Replays every game of Tamerlane match records (`tamerlane match --out
FILE`) with the Python package and checks the end the rules give after the
last move (`Board.outcome()`) against the record's `Termination` and
`Result` headers; prints each file's endings as replayed. Exits 1 on a
mismatch (`tamerlane.pgn` itself already refuses a record whose
Termination tag disagrees with the game, with a `PgnError` naming it).

    .venv/bin/python docs/matches/replay_records.py FILE [FILE ...]
"""

import sys
from collections import Counter

import tamerlane
import tamerlane.pgn


def main() -> int:
    failed = False
    for path in sys.argv[1:]:
        endings: Counter[str] = Counter()
        mismatches = 0
        with open(path) as f:
            while (game := tamerlane.pgn.read_game(f)) is not None:
                outcome = game.end().board().outcome()
                ending = str(outcome.termination) if outcome else "none"
                result = outcome.result() if outcome else "*"
                endings[ending] += 1
                if ending != game.headers.get("Termination") or result != game.headers.get("Result"):
                    mismatches += 1
        print(f"{path}: {sum(endings.values())} games, {dict(sorted(endings.items()))}, mismatches: {mismatches}")
        failed |= mismatches > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

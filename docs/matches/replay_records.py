#!/usr/bin/env python3
"""Replays every game of match records of any of the three games
(`tamerlane match --out FILE`) with the Python package and checks the end
the rules give after the last move (`Board.outcome()`) against the
record's `Termination` and `Result` headers; prints each file's endings
as replayed. A game cut by `--max-plies` (`Termination "adjudication"`)
must have no end by the rules and a drawn `Result`. Exits 1 on a
mismatch (`tamerlane.pgn` itself already refuses a record whose
Termination tag disagrees with the game, with a `PgnError` naming it).
Records without a `Variant` tag are Tamerlane's, unless `--game` names
the game (chess records are standard PGN, without the tag).

    .venv/bin/python docs/matches/replay_records.py [--game chess] FILE [FILE ...]
"""

import argparse
import sys
from collections import Counter

import tamerlane
import tamerlane.pgn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["tamerlane", "chess", "makruk"],
                        help="the game of records without a Variant tag")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failed = False
    for path in args.files:
        endings: Counter[str] = Counter()
        mismatches = 0
        with open(path) as f:
            while (game := tamerlane.pgn.read_game(f, game=args.game)) is not None:
                outcome = game.end().board().outcome()
                ending = str(outcome.termination) if outcome else "none"
                result = outcome.result() if outcome else "*"
                endings[ending] += 1
                headers = (game.headers.get("Termination"), game.headers.get("Result"))
                if headers[0] == "adjudication":
                    # Cut by --max-plies: no end by the rules, and drawn.
                    ok = outcome is None and headers[1] == "1/2-1/2"
                else:
                    ok = headers == (ending, result)
                if not ok:
                    mismatches += 1
        print(f"{path}: {sum(endings.values())} games, {dict(sorted(endings.items()))}, mismatches: {mismatches}")
        failed |= mismatches > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""`tamerlane.chess` against python-chess, the reference implementation, on
at least 10,000 positions of seeded random games: the FEN, the piece map,
the checkers, the attackers of every square by both colours, the SAN of the
move played, and the outcome (issue 28's bar). Every figure compared comes
from python-chess; nothing is taken from the code under test."""

from __future__ import annotations

import random
from typing import Any, Dict, Iterable, List, Mapping, Optional, Set, Tuple

import chess as pychess

import tamerlane
from tamerlane import chess

# The positions compared (the bar is 10,000).
POSITIONS = 10_000
# The longest random game; most end earlier by mate, a draw or this cap.
MAX_PLIES = 240


def squares(square_set: Iterable[Any]) -> Set[int]:
    """The squares of a square set, as python-chess numbers them (a1 = 0)."""
    return {int(sq) for sq in square_set}


def symbols(piece_map: Mapping[Any, Any]) -> Dict[int, str]:
    """A piece map as square number -> the piece's letter."""
    return {int(sq): str(p) for sq, p in piece_map.items()}


def outcome_of(board: pychess.Board) -> Optional[Tuple[str, str]]:
    """python-chess's outcome as (our termination name, result)."""
    o = board.outcome()
    if o is None:
        return None
    name = o.termination.name.lower().replace("_", "-")
    return (name.replace("seventyfive", "seventy-five"), o.result())


def test_chess_agrees_with_python_chess_on_ten_thousand_positions() -> None:
    rng = random.Random(28)
    compared = 0
    games = 0
    while compared < POSITIONS:
        games += 1
        ours, theirs = chess.Board(), pychess.Board()
        for _ in range(MAX_PLIES):
            compared += 1
            assert ours.fen() == theirs.fen()
            assert symbols(ours.piece_map()) == symbols(theirs.piece_map())
            assert squares(ours.checkers()) == set(theirs.checkers())
            sides = ((tamerlane.WHITE, pychess.WHITE), (tamerlane.BLACK, pychess.BLACK))
            for color, their_color in sides:
                for sq in range(64):
                    expected = set(theirs.attackers(their_color, sq))
                    assert squares(ours.attackers(color, sq)) == expected, (theirs.fen(), sq)
                    assert ours.is_attacked_by(color, sq) == bool(expected)
            expected_outcome = outcome_of(theirs)
            got = ours.outcome()
            if expected_outcome is not None:
                assert got is not None, theirs.fen()
                assert (got.termination, got.result()) == expected_outcome
                break
            assert got is None, theirs.fen()
            legal: List[str] = sorted(m.uci() for m in theirs.legal_moves)
            assert sorted(m.uci() for m in ours.legal_moves) == legal
            uci = rng.choice(legal)
            assert ours.san(uci) == theirs.san(pychess.Move.from_uci(uci))
            ours.push_uci(uci)
            theirs.push_uci(uci)
    assert compared >= POSITIONS and games > 10

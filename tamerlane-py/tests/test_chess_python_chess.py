"""`tamerlane.chess` against python-chess, the reference implementation, on
at least 10,000 positions of seeded random games: the FEN, the piece map,
the checkers, the attackers of every square by both colours, the SAN of the
move played, and the outcome (issue 28's bar); with them the King's squares,
the colour on every square, what 16 of the squares' pieces attack, the draw rules (claims, the clock, material)
and what the move played is (zeroing, castling, en passant). A second test
plays sparse positions near the 50-move rule, where claims and repetitions
come often. Every figure compared comes from python-chess; nothing is taken
from the code under test."""

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


def draw_rules(board: Any) -> Tuple[bool, ...]:
    """The draw rules' answers for a board of either library (the same
    names)."""
    return (
        board.is_insufficient_material(),
        board.has_insufficient_material(True),
        board.has_insufficient_material(False),
        board.is_fifty_moves(),
        board.is_seventyfive_moves(),
        board.is_fivefold_repetition(),
        board.is_repetition(3),
        board.has_legal_en_passant(),
        # The claims last (see CLAIMS).
        board.can_claim_fifty_moves(),
        board.can_claim_threefold_repetition(),
        board.can_claim_draw(),
    )


# How many of `draw_rules` come before the claims. Once a game has ended
# nothing can be claimed (tamerlane.chess says `False`), while python-chess
# still answers from the board: ended games compare the rules before them.
CLAIMS = 8


def move_kinds(board: Any, move: Any) -> Tuple[bool, ...]:
    """What a legal move is, for a board of either library."""
    return (
        board.is_zeroing(move),
        board.is_capture(move),
        board.is_castling(move),
        board.is_kingside_castling(move),
        board.is_queenside_castling(move),
        board.is_en_passant(move),
        board.gives_check(move),
    )


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
            assert ours.board_fen() == theirs.board_fen()
            assert symbols(ours.piece_map()) == symbols(theirs.piece_map())
            assert [ours.color_at(sq) for sq in range(64)] == [
                None if c is None else tamerlane.WHITE if c else tamerlane.BLACK
                for c in map(theirs.color_at, range(64))
            ]
            assert (ours.king(True), ours.king(False)) == (theirs.king(True), theirs.king(False))
            for sq in rng.sample(range(64), 16):
                assert squares(ours.attacks(sq)) == set(theirs.attacks(sq)), (theirs.fen(), sq)
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
            assert draw_rules(ours) == draw_rules(theirs), theirs.fen()
            legal: List[str] = sorted(m.uci() for m in theirs.legal_moves)
            assert sorted(m.uci() for m in ours.legal_moves) == legal
            uci = rng.choice(legal)
            move = pychess.Move.from_uci(uci)
            assert ours.uci(uci) == theirs.uci(move) == uci
            assert move_kinds(ours, uci) == move_kinds(theirs, move), (theirs.fen(), uci)
            assert ours.san_and_push(uci) == theirs.san_and_push(move)
    assert compared >= POSITIONS and games > 10


# Sparse positions with the halfmove clock near the 50-move rule, where
# the rule completes within a few plies; the moves undo the mover's last
# one more often than not, so positions repeat.
NEAR_THE_CLOCK = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 95 60",
    "r3k3/8/8/8/8/8/8/4K2R b Kq - 97 71",
    "4k3/3n4/8/8/8/8/3N4/4K3 w - - 90 50",
    "8/5k2/8/3b4/8/2B5/5K2/8 w - - 98 80",
    "6k1/8/8/8/8/8/5q2/1Q4K1 w - - 93 77",
]


def test_claims_and_clock_rules_agree_with_python_chess_near_the_fifty_move_rule() -> None:
    rng = random.Random(2028)
    claims = {"threefold": 0, "fifty": 0}
    compared = 0
    for fen in NEAR_THE_CLOCK:
        for _ in range(12):
            ours, theirs = chess.Board(fen), pychess.Board(fen)
            for _ in range(120):
                compared += 1
                expected_outcome = outcome_of(theirs)
                got = ours.outcome()
                assert (got is None) == (expected_outcome is None), (fen, theirs.move_stack)
                if got is not None:
                    assert (got.termination, got.result()) == expected_outcome
                    assert draw_rules(ours)[:CLAIMS] == draw_rules(theirs)[:CLAIMS]
                    assert not ours.can_claim_draw()
                    break
                assert draw_rules(ours) == draw_rules(theirs), (fen, theirs.move_stack)
                claims["threefold"] += theirs.can_claim_threefold_repetition()
                claims["fifty"] += theirs.can_claim_fifty_moves()
                back = [m for m in theirs.move_stack[-2:-1] if m.promotion is None]
                undo = [pychess.Move(m.to_square, m.from_square) for m in back]
                if undo and theirs.is_legal(undo[0]) and rng.random() < 0.6:
                    move = undo[0]
                else:
                    move = rng.choice(list(theirs.legal_moves))
                assert move_kinds(ours, move.uci()) == move_kinds(theirs, move)
                ours.push_uci(move.uci())
                theirs.push(move)
    # The cases the test is for did come up (python-chess's counts).
    assert claims["threefold"] > 100 and claims["fifty"] > 100, claims
    assert compared > 2000

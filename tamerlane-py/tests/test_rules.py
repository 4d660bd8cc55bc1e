"""Rule sets (``Board(rules=...)``) and games that stay ended.

Every expected value is derived by hand from the rules (docs/RULES.md,
sections 6, 8.4 and 9): the preset's start array and canonical string are
copied from the text, move counts and ply numbers are counted on the board.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any, Callable, Dict, List, Optional

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tamerlane
from tamerlane import (
    Board,
    Engine,
    GameOverError,
    IllegalMoveError,
    InvalidRulesError,
    InvalidTfenError,
    Move,
    Outcome,
    Termination,
)

INITIAL = tamerlane.INITIAL_TFEN
# The seed-001 start array and the preset's canonical form, copied from the
# rules (section 9): each pawn in front of its own piece, the pawn of pawns
# in front of the left Rook, Black the mirror image of White.
SEED_001_TFEN = (
    "e1c1d1d1c1e/rntgfkvgtnr/pppnptpgpfpkpvpgptpnpr/11/11/11/11/"
    "PPPNPTPGPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1"
)
SEED_001 = (
    "swap-when=check,swap-with=any,citadel-entry=king-only,pawn-of-pawns=one-arrival,"
    "placement-onto=enemy,placement-targets=fork-or-trapped,royals-only=off,"
    "repetition=off,move-limit=off"
)
# Both knights out and back: four plies without capture or pawn move, after
# which the start position stands a second time.
KNIGHTS = ["b2c4", "b9c7", "c4b2", "c7b9"]
# Only the two Kings (White f2, Black f6).
BARE_KINGS = "11/11/11/11/5k5/11/11/11/5K5/11 w - 00 0 1"
# A White King (with a Rook, so not royals only) stepping into Black's citadel.
CITADEL_STEP = "11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1"
# Black's King on k10, White's King on j8, White's Rook on a1 (a1a10 mates).
ROOK_MATE = "10k/11/9K1/11/11/11/11/11/11/R10 w - 00 0 1"
# The option keys in the order of the rules' table (the canonical order).
KEYS = ["swap-when", "swap-with", "citadel-entry", "pawn-of-pawns", "placement-onto",
        "placement-targets", "lone-royal", "royals-only", "repetition", "move-limit"]


def played(rules: str, moves: List[str], tfen: Optional[str] = None) -> Board:
    board = Board(rules=rules) if tfen is None else Board(tfen, rules=rules)
    for m in moves:
        board.push_str(m)
    return board


def draw(termination: Termination) -> Outcome:
    return Outcome(None, termination)


# --- the rules argument ---------------------------------------------------


def test_default_rules() -> None:
    for text in ("", "default", "move-limit=200,repetition=3", "default,royals-only=draw"):
        b = Board(rules=text)
        assert b.rules == "" and b.tfen() == INITIAL and b == Board()
    assert Board().rules == ""


def test_seed_001_starts_from_its_own_array() -> None:
    b = Board(rules="seed-001")
    assert b.tfen() == SEED_001_TFEN
    assert b.rules == SEED_001
    # As from the standard array (section 8.3): the rank-1 and rank-2
    # pieces stand where they do there, and every pawn can step.
    assert len(b.legal_moves) == 24
    expected = [f"{f}3{f}4" for f in "abcdefghijk"] + (
        "c1b4 c1d4 i1h4 i1j4 b2a4 b2c4 b2d1 j2i4 j2k4 j2h1 e2d1 e2f1 f2f1".split()
    )
    assert sorted(str(m) for m in b.legal_moves) == sorted(expected)
    # A string that begins with the preset starts from its array too; the
    # same options written as pairs start from the standard array.
    assert Board(rules="seed-001,repetition=3").tfen() == SEED_001_TFEN
    assert Board(rules="seed-001,repetition=3").rules == SEED_001.replace("repetition=off,", "")
    assert Board(rules=SEED_001).tfen() == INITIAL
    assert Board(rules=SEED_001) == Board(INITIAL, rules="seed-001")


def test_rules_decide_what_a_tfen_may_say() -> None:
    stage_2 = INITIAL.replace(" 00 ", " 20 ")
    assert Board(stage_2).pawn_of_pawns_stages == (2, 0)
    for rules in ("seed-001", "pawn-of-pawns=one-arrival"):
        with pytest.raises(InvalidTfenError, match="stage 2"):
            Board(stage_2, rules=rules)
        b = Board(rules=rules)
        with pytest.raises(InvalidTfenError, match="stage 2"):
            b.set_tfen(stage_2)
        assert b.rules != ""


@pytest.mark.parametrize("text,named", [
    ("x", '"x"'),
    ("Seed-001", "'S'"),
    ("seed-001,", "item 2 is empty"),
    (",seed-001", "item 1 is empty"),
    ("default,seed-001", '"seed-001" must be the first'),
    ("seed-001,seed-001", '"seed-001" must be the first'),
    ("move-limit=0", "move-limit=0"),
    ("move-limit=10001", "move-limit=10001"),
    ("move-limit=99999999999999999999", "move-limit=99999999999999999999"),
    ("repetition=1", "repetition=1"),
    ("repetition=11", "repetition=11"),
    ("repetition=03", "repetition=03"),
    ("repetition=", "repetition"),
    ("swap-when=never", '"never"'),
    ("colour=red", '"colour"'),
    ("move-limit=5,move-limit=6", '"move-limit" given twice'),
    ("swap-when=check swap-with=any", "' '"),
    ("move-limit=+5", "'+'"),
    ("é", "'é'"),
    ("😀", "'😀'"),
    ("seed-001\x00", "at byte 8"),
    ("\ud800", "surrogate"),
    ("x" * 10**6, "1000000 bytes"),
])
def test_bad_rule_sets_name_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(InvalidRulesError) as e:
        Board(rules=text)
    assert isinstance(e.value, ValueError)
    assert named in str(e.value) and str(e.value).startswith("rule set") and len(str(e.value)) < 300
    with pytest.raises(InvalidRulesError):
        Board(INITIAL, rules=text)


@pytest.mark.parametrize("value", [None, 5, 0, 1.5, b"seed-001", ["seed-001"], {}, object(), True])
def test_rules_must_be_a_string(value: Any) -> None:
    with pytest.raises(TypeError, match="rules must be a rule-set string"):
        Board(rules=value)


def test_rules_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        Board(INITIAL, "seed-001")  # type: ignore[call-arg]


# --- games that stay ended -------------------------------------------------


def refusals(board: Board) -> List[Callable[[], object]]:
    """Every way of playing a move, with legal, illegal and garbled moves."""
    return [
        lambda: board.push_str("b2c4"),
        lambda: board.push("b2c4"),
        lambda: board.push(Move.from_str("b2c4")),
        lambda: board.push_san("Nc4"),
        lambda: board.push_str("f3f6"),
        lambda: board.push_str("zz"),
    ]


def assert_refused(board: Board, ply: int, outcome: Outcome, why: str) -> None:
    before = (board.tfen(), board.move_stack, board.outcome())
    for push in refusals(board):
        with pytest.raises(GameOverError) as e:
            push()
        assert isinstance(e.value, ValueError) and not isinstance(e.value, IllegalMoveError)
        assert e.value.ply == ply and e.value.outcome == outcome
        assert f"ended at ply {ply} ({why})" in str(e.value)
        assert (board.tfen(), board.move_stack, board.outcome()) == before


def test_move_limit_ends_the_game_at_ply_4() -> None:
    board = Board(rules="move-limit=4")
    for m in KNIGHTS:
        assert board.outcome() is None and not board.is_game_over() and board.result() == "*"
        board.push_str(m)
    assert board.halfmove_clock == 4
    assert board.outcome() == draw(Termination.MOVE_LIMIT)
    assert board.is_game_over() and board.result() == "1/2-1/2"
    assert_refused(board, 4, draw(Termination.MOVE_LIMIT), "draw move-limit")
    # A game-level draw: the position keeps its legal moves.
    assert len(board.legal_moves) == 24 and board.is_legal("b2c4")
    # pop() reopens the game.
    assert board.pop() == Move.from_str("c7b9")
    assert board.outcome() is None and board.result() == "*"
    board.push_str("c7b9")
    assert board.outcome() == draw(Termination.MOVE_LIMIT)
    # Under the default rules the same moves end nothing.
    assert played("", KNIGHTS).outcome() is None


def test_repetition_2_ends_the_game_at_ply_4() -> None:
    board = played("repetition=2", KNIGHTS)
    assert board.repetition_count() == 2
    assert board.outcome() == draw(Termination.REPETITION) and board.result() == "1/2-1/2"
    assert_refused(board, 4, draw(Termination.REPETITION), "draw repetition")
    # Default: the third occurrence, at ply 8; off: never.
    assert played("", KNIGHTS).outcome() is None
    default = played("", KNIGHTS * 2)
    assert default.repetition_count() == 3 and default.outcome() == draw(Termination.REPETITION)
    assert_refused(default, 8, draw(Termination.REPETITION), "draw repetition")
    endless = played("repetition=off", KNIGHTS * 3)
    assert endless.repetition_count() == 4 and endless.outcome() is None


def test_the_first_terminal_event_is_kept() -> None:
    # At ply 4 both draws apply: repetition comes first (rule 6.4 before 6.5).
    both = played("repetition=2,move-limit=4", KNIGHTS)
    assert both.outcome() == draw(Termination.REPETITION)
    # The move limit at ply 3 ends the game: the repetition that ply 4
    # would bring never happens.
    early = played("repetition=2,move-limit=3", KNIGHTS[:3])
    assert early.outcome() == draw(Termination.MOVE_LIMIT)
    with pytest.raises(GameOverError, match="ply 3"):
        early.push_str(KNIGHTS[3])
    assert early.outcome() == draw(Termination.MOVE_LIMIT) and len(early.move_stack) == 3


def test_a_start_position_that_is_already_over() -> None:
    clock_200 = INITIAL.replace(" 0 1", " 200 1")
    over = Board(clock_200)
    assert over.outcome() == draw(Termination.MOVE_LIMIT)
    assert_refused(over, 0, draw(Termination.MOVE_LIMIT), "draw move-limit")
    assert played("move-limit=off", KNIGHTS, clock_200).outcome() is None
    later = played("move-limit=201", ["b2c4"], clock_200)
    assert later.halfmove_clock == 201 and later.outcome() == draw(Termination.MOVE_LIMIT)
    with pytest.raises(GameOverError, match="ply 1"):
        later.push_str("b9c7")
    # Royals only: a draw unless the rules turn it off.
    kings = Board(BARE_KINGS)
    assert kings.outcome() == draw(Termination.ROYALS_ONLY)
    with pytest.raises(GameOverError, match=r"ply 0 \(draw royals-only\)"):
        kings.push_str("f2f3")
    free = played("royals-only=off", ["f2f3", "f6f7"], BARE_KINGS)
    assert free.outcome() is None and len(free.move_stack) == 2


def test_citadel_and_loss_end_the_game() -> None:
    board = played("", ["a9bc"], CITADEL_STEP)
    assert board.outcome() == draw(Termination.CITADEL)
    with pytest.raises(GameOverError, match=r"ply 1 \(draw citadel\)") as e:
        board.push_str("k2k3")
    assert e.value.outcome == draw(Termination.CITADEL)
    # Rook mate: the rook checks Black's King on k10 along the tenth rank
    # (covering j10), White's King on j8 guards j9 and k9.
    mate = played("", ["a1a10"], ROOK_MATE)
    assert mate.outcome() == Outcome(tamerlane.WHITE, Termination.CHECKMATE)
    with pytest.raises(GameOverError, match=r"ply 1 \(white checkmate\)"):
        mate.push_str("k10k9")


# --- keeping the rules -------------------------------------------------------


def test_every_new_board_keeps_the_rules() -> None:
    board = played("seed-001,repetition=3", ["f3f4", "f8f7"])
    rules = board.rules
    assert rules == SEED_001.replace("repetition=off,", "")
    clones: Dict[str, Board] = {
        "copy": board.copy(),
        "copy(stack=False)": board.copy(stack=False),
        "copy.copy": copy.copy(board),
        "copy.deepcopy": copy.deepcopy(board),
        "pickle": pickle.loads(pickle.dumps(board)),
        "root": board.root(),
    }
    for name, clone in clones.items():
        assert clone.rules == rules, name
    for name in ("copy", "copy.copy", "copy.deepcopy", "pickle"):
        clone = clones[name]
        assert clone == board and hash(clone) == hash(board), name
        assert clone.move_stack == board.move_stack and clone.tfen() == board.tfen(), name
    assert clones["root"].tfen() == SEED_001_TFEN
    # set_tfen keeps the rules; reset() goes back to the preset's array,
    # also on a board that was pickled.
    b = clones["pickle"]
    b.set_tfen(INITIAL)
    assert b.rules == rules and b.tfen() == INITIAL and b != Board()
    b.reset()
    assert b.rules == rules and b.tfen() == SEED_001_TFEN and b.move_stack == []
    # The same options written as pairs reset to the standard array.
    pairs = Board(rules=rules)
    pairs.push_str("f3f4")
    again = pickle.loads(pickle.dumps(pairs))
    again.reset()
    assert again.tfen() == INITIAL and again.rules == rules


def test_a_pickled_finished_game_stays_finished() -> None:
    board = played("move-limit=4", KNIGHTS)
    clone = pickle.loads(pickle.dumps(board))
    assert clone.outcome() == draw(Termination.MOVE_LIMIT) and clone.rules == "move-limit=4"
    with pytest.raises(GameOverError, match="ply 4"):
        clone.push_str("b2c4")


def test_pickled_state_is_checked() -> None:
    board = played("repetition=2", KNIGHTS[:2])
    state = board.__getstate__()
    assert state == {"tfen": INITIAL, "rules": "repetition=2", "start": "default", "moves": KNIGHTS[:2]}
    bad: List[Any] = [
        dict(state, rules="repetition=1"),
        dict(state, rules=None),
        dict(state, start="seed-002"),
        dict(state, tfen="nonsense"),
        dict(state, moves=KNIGHTS + ["b2c4"]),  # past the end (ply 4)
        dict(state, moves="b2c4"),
        {k: v for k, v in state.items() if k != "moves"},
        {},
    ]
    target = Board()
    for s in bad:
        with pytest.raises((TypeError, ValueError)):
            target.__setstate__(s)
        assert target.tfen() == INITIAL and target.rules == ""
    with pytest.raises(GameOverError):
        target.__setstate__(dict(state, moves=KNIGHTS + ["b2c4"]))
    with pytest.raises(InvalidRulesError):
        target.__setstate__(dict(state, rules="repetition=1"))
    # The state of older versions, a list of moves, replays from the start.
    target.__setstate__(["f3f4"])
    assert target.move_stack == [Move.from_str("f3f4")]


def test_equality_and_hash_include_the_rules() -> None:
    assert Board() != Board(rules="repetition=2")
    assert Board(rules="seed-001") != Board(SEED_001_TFEN)
    a, b = Board(SEED_001_TFEN, rules="seed-001"), Board(rules="seed-001")
    assert a == b and hash(a) == hash(b)
    assert len({Board(), Board(rules="repetition=2"), Board(rules="default")}) == 2


def test_repr_names_the_rules() -> None:
    b = Board(rules="move-limit=4")
    assert repr(b) == f"Board('{INITIAL}', rules='move-limit=4')"
    assert eval(repr(b), {"Board": Board}) == b  # noqa: S307
    assert repr(Board()) == f"Board('{INITIAL}')"


def test_planes_scale_by_the_rules() -> None:
    def plane(rules: str, moves: List[str], i: int) -> float:
        planes = played(rules, moves).to_planes()
        values = set(planes[i][planes[46] == 1.0].tolist())
        assert len(values) == 1 and not planes[i][planes[46] == 0.0].any()
        return float(values.pop())

    assert tamerlane.PLANE_NAMES[52] == "halfmove clock / move limit"
    assert plane("", KNIGHTS[:2], 52) == pytest.approx(2 / 200)
    assert plane("move-limit=8", KNIGHTS[:2], 52) == pytest.approx(2 / 8)
    assert plane("move-limit=off", KNIGHTS[:2], 52) == 0.0
    # After the knights' round trip the start stands twice.
    assert plane("", KNIGHTS, 54) == pytest.approx(1 / 2)
    assert plane("repetition=4", KNIGHTS, 54) == pytest.approx(1 / 3)
    assert plane("repetition=off", KNIGHTS, 54) == 0.0


# --- the engine ----------------------------------------------------------------


def assert_not_searched(board: Board) -> None:
    r = Engine(hash_mb=1).search(board, nodes=100_000)
    assert r.move is None and r.pv == [] and r.depth == 0 and r.nodes == 0
    assert (r.score_cp, r.mate) == ((0, None) if board.outcome().winner is None else (None, 0))  # type: ignore[union-attr]


def assert_searched(board: Board) -> None:
    r = Engine(hash_mb=1).search(board, depth=2)
    assert r.move is not None and board.is_legal(r.move) and r.nodes > 0


def test_the_engine_reads_the_board_rules() -> None:
    assert_not_searched(played("move-limit=4", KNIGHTS))
    assert_searched(played("", KNIGHTS))
    assert_not_searched(played("repetition=2", KNIGHTS))
    assert_not_searched(Board(BARE_KINGS))
    assert_searched(Board(BARE_KINGS, rules="royals-only=off"))
    assert_not_searched(played("", ["a1a10"], ROOK_MATE))
    clock_200 = INITIAL.replace(" 0 1", " 200 1")
    assert_not_searched(Board(clock_200))
    assert_searched(Board(clock_200, rules="move-limit=off"))


def test_a_finished_game_is_answered_at_once_without_a_limit() -> None:
    # With no limit a search runs until stopped; a finished game returns.
    r = Engine(hash_mb=1).search(played("repetition=2", KNIGHTS))
    assert r.move is None and r.nodes == 0


# --- properties ------------------------------------------------------------------

repetitions = st.one_of(st.just("off"), st.integers(min_value=2, max_value=4).map(str))
limits = st.one_of(st.just("off"), st.integers(min_value=1, max_value=30).map(str))


def expected_outcome(board: Board, keys: List[str], repetition: str, limit: str) -> Optional[Outcome]:
    """Section 6 in order, for games from the initial position (no royals
    only in so few plies): no legal move, then repetition over the TFEN's
    first four fields, then the move limit."""
    if not board.legal_moves:
        return board.outcome()  # a loss or a citadel draw: checked elsewhere
    if repetition != "off" and keys.count(keys[-1]) >= int(repetition):
        return draw(Termination.REPETITION)
    if limit != "off" and board.halfmove_clock >= int(limit):
        return draw(Termination.MOVE_LIMIT)
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**9), repetitions, limits)
def test_games_end_at_their_first_terminal_event(seed: int, repetition: str, limit: str) -> None:
    rng = random.Random(seed)
    rules = f"repetition={repetition},move-limit={limit}"
    board = Board(rules=rules)
    keys = [" ".join(board.tfen().split()[:4])]
    for _ in range(60):
        assert board.outcome() == expected_outcome(board, keys, repetition, limit)
        if board.is_game_over():
            break
        moves = list(board.legal_moves)
        # Mostly knight moves, which come back: repetitions happen.
        knights = [m for m in moves if m.role == tamerlane.Role.KNIGHT and not m.is_capture]
        board.push(rng.choice(knights if knights and rng.random() < 0.8 else moves))
        keys.append(" ".join(board.tfen().split()[:4]))
    clone = pickle.loads(pickle.dumps(board))
    assert clone == board and clone.outcome() == board.outcome() and clone.rules == board.rules
    if board.is_game_over() and board.legal_moves:
        with pytest.raises(GameOverError) as e:
            board.push(next(iter(board.legal_moves)))
        assert e.value.ply == len(board.move_stack)
        board.pop()
        assert not board.is_game_over()


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from([
    "swap-when=check", "swap-with=any", "citadel-entry=king-only", "pawn-of-pawns=one-arrival",
    "placement-onto=enemy", "placement-targets=fork-or-trapped", "lone-royal=before-move",
    "royals-only=off", "repetition=5", "repetition=off", "move-limit=77", "move-limit=off",
]), max_size=6), st.booleans())
def test_canonical_form_is_a_fixed_point(pairs: List[str], preset: bool) -> None:
    keys = [p.split("=")[0] for p in pairs]
    text = ",".join((["seed-001"] if preset else []) + pairs)
    if len(set(keys)) != len(keys):
        with pytest.raises(InvalidRulesError, match="given twice"):
            Board(rules=text)
        return
    board = Board(INITIAL, rules=text)
    again = Board(INITIAL, rules=board.rules)
    assert again.rules == board.rules and again == board
    # The canonical form names no preset, only options that differ from the
    # default (every sampled pair does), in the order of the table.
    items = board.rules.split(",") if board.rules else []
    assert all("=" in item for item in items)
    assert [i.split("=")[0] for i in items] == sorted({i.split("=")[0] for i in items}, key=KEYS.index)
    assert set(pairs) <= set(items)  # a pair after the preset wins
    if not preset:
        assert sorted(items) == sorted(pairs)
    else:
        assert set(items) >= set(SEED_001.split(",")) - {i for i in SEED_001.split(",")
                                                          if i.split("=")[0] in keys}

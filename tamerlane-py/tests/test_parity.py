"""The python-chess vocabulary (issue 13, "Parity"): each method against
hand-derived positions, and the methods against each other over random
games (conftest.random_board)."""

from __future__ import annotations

import collections.abc
import random
from typing import List

import pytest

import tamerlane
from conftest import ENDLESS_RULES, random_board
from test_hostile import WEIRD_STRINGS, WEIRD_VALUES, no_panic
from tamerlane import (
    BB_ALL,
    BB_SQUARES,
    BLACK,
    WHITE,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    Piece,
    Role,
    Termination,
)

# Positions of docs/NOTATION.md section 1.3 (each move there is hand-checked).
KNIGHTS = "11/11/11/11/2N8/4pr6/2N3N4/11/11/K9k w - 00 0 1"
PAWN_TAKES = "11/11/11/11/11/4pr6/3PR7/11/11/K9k w - 00 0 1"
PROMOTIONS = "11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1"
FIRST_ARRIVAL = "11/2PP8/11/11/5k5/11/11/11/5K5/11 w - 00 0 1"
BROUGHT_BACK = "3r7/4PP6/11/11/5k5/11/11/11/K10/11 w - 10 0 1"
PLACEMENT = "2PP8/11/11/11/5k5/3r1r1n3/11/11/4K6/11 w - 10 0 1"
CITADEL = "11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1"
ROYALS = "S10/11/11/11/5k5/11/11/11/11/10A w - 00 0 1"
SWAP = "4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1"
ROOKS = "10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1"
# Black's King on a10, White's Rooks on k9 (rank 9) and b1 (file b): a9,
# b9 and b10 are attacked, a10 is not, and Black has nothing else.
STALEMATE = "k10/10R/11/11/11/11/11/11/11/1R3K5 b - 00 0 1"

SEEDS = range(60)


def squares_of(mask: int) -> List[int]:
    return [i for i in range(112) if mask >> i & 1]


# --- coordinate moves under python-chess's names ---


def test_push_uci_parse_uci_and_move_uci() -> None:
    board = Board()
    m = board.parse_uci("b2c4")
    assert m.role == Role.KNIGHT and m.uci() == "b2c4" == str(m)
    pushed = board.push_uci("b2c4")
    assert pushed == m and board.peek() == m and board.turn == BLACK
    assert Move.from_uci("k2wc") == Move(tamerlane.K2, tamerlane.WC)
    assert Move.from_uci("k2wc").uci() == "k2wc"
    with pytest.raises(InvalidMoveError):
        Move.from_uci("f3-f4")
    with pytest.raises(IllegalMoveError):
        board.push_uci("b2c4")  # the Knight has left b2
    with pytest.raises(InvalidMoveError):
        board.parse_uci("")
    assert len(board.move_stack) == 1


# --- LAN and variations ---


@pytest.mark.parametrize("tfen, move, lan", [
    (tamerlane.INITIAL_TFEN, "b2c4", "Nb2-c4"),
    (tamerlane.INITIAL_TFEN, "f3f4", "f3-f4"),
    (KNIGHTS, "c4e5", "Nc4xe5"),
    (KNIGHTS, "g4e5", "Ng4xe5"),
    (PAWN_TAKES, "d4e5", "d4xe5"),
    (PROMOTIONS, "e9e10", "e9-e10=F"),
    (PROMOTIONS, "j9j10", "j9-j10=S"),
    (FIRST_ARRIVAL, "c9c10", "c9-c10^"),
    (BROUGHT_BACK, "e9e10", "e9-e10>f3"),
    (BROUGHT_BACK, "e9d10", "e9xd10>f3"),
    (CITADEL, "a9bc", "Ka9-bc"),
    (ROYALS, "k1wc", "Ak1-wc"),
    (ROOKS, "b9b10", "Rb9-b10+"),
    (ROOKS, "a1a10", "Ra1-a10#"),
    (SWAP, "e5a1", "K<>a1"),
    (PLACEMENT, "c10e4", "P@e4"),
])
def test_lan_by_hand(tfen: str, move: str, lan: str) -> None:
    board = Board(tfen)
    assert board.lan(move) == lan
    assert board.parse_san(lan) == Move.from_uci(move)


def test_lan_of_an_illegal_move_raises() -> None:
    with pytest.raises(IllegalMoveError):
        Board().lan("f3f5")


def test_lan_reads_back_as_its_move_over_random_games() -> None:
    checked = 0
    for seed in SEEDS:
        board = random_board(seed)
        for m in board.legal_moves:
            lan = board.lan(m)
            assert board.parse_san(lan) == m, (board.tfen(), str(m), lan)
            # LAN names the origin (a king swap, placement or transfer has one).
            if m.kind not in ("king-swap", "placement", "transfer"):
                assert tamerlane.square_name(m.from_square) in lan
            checked += 1
    assert checked > 1000


def test_variation_san() -> None:
    board = Board()
    assert board.variation_san(["f3f4", "f8f7", "b2c4"]) == "1. f4 f7 2. Nc4"
    assert board.variation_san([]) == ""
    assert board.move_stack == []  # not changed
    board.push_str("f3f4")
    assert board.variation_san([Move.from_uci("f8f7"), "b2c4"]) == "1...f7 2. Nc4"
    with pytest.raises(IllegalMoveError):
        board.variation_san(["f8f7", "f8f7"])
    with pytest.raises(TypeError, match="list of moves"):
        board.variation_san("f8f7")
    assert len(board.move_stack) == 1


def test_variation_san_agrees_with_san_move_by_move() -> None:
    for seed in SEEDS:
        board = random_board(seed)
        line, sans, replay = [], [], board.copy()
        rng = random.Random(seed)
        for _ in range(6):
            moves = list(replay.legal_moves)
            if not moves or replay.is_game_over():
                break
            m = rng.choice(moves)
            sans.append(replay.san(m))
            replay.push(m)
            line.append(m)
        text = board.variation_san(line)
        words = [w for w in text.split() if not w[0].isdigit()]
        words += [w.split("...")[1] for w in text.split() if "..." in w]
        assert sorted(words) == sorted(sans), text


# --- how a game stands ---


def test_checkmate_and_stalemate() -> None:
    mate = Board(ROOKS)
    mate.push_str("a1a10")
    assert mate.is_checkmate() and not mate.is_stalemate() and mate.is_check()
    stale = Board(STALEMATE)
    assert stale.is_stalemate() and not stale.is_checkmate() and not stale.is_check()
    assert stale.outcome() == tamerlane.Outcome(WHITE, Termination.STALEMATE)
    start = Board()
    assert not start.is_checkmate() and not start.is_stalemate()


def test_is_repetition() -> None:
    board = Board()
    cycle = ["b2c4", "b9c7", "c4b2", "c7b9"]
    for m in cycle:
        board.push_str(m)
    # The start position has occurred twice.
    assert board.is_repetition(2) and not board.is_repetition(3) and not board.is_repetition()
    assert board.is_repetition(1) and board.is_repetition(0)
    for m in cycle:
        board.push_str(m)
    assert board.is_repetition() and not board.is_repetition(4)
    with pytest.raises(TypeError):
        board.is_repetition("3")  # type: ignore[arg-type]


# --- move generation with masks ---


def test_generate_legal_moves_by_hand() -> None:
    board = Board()
    assert [str(m) for m in board.generate_legal_moves(BB_SQUARES[tamerlane.F3])] == ["f3f4"]
    # The Knight on b2: a4 and c4 (d3 holds a pawn), d1 (empty on rank 1).
    assert sorted(str(m) for m in board.generate_legal_moves(1 << tamerlane.B2)) == [
        "b2a4", "b2c4", "b2d1"]
    assert sorted(str(m) for m in board.generate_legal_moves(
        BB_SQUARES[tamerlane.B2], BB_SQUARES[tamerlane.C4] | BB_SQUARES[tamerlane.D1])) == [
        "b2c4", "b2d1"]
    assert list(board.generate_legal_moves(0)) == []
    assert list(board.generate_legal_captures()) == []
    knights = Board(KNIGHTS)
    assert sorted(str(m) for m in knights.generate_legal_captures()) == ["c4e5", "c6e5", "g4e5"]
    assert [str(m) for m in knights.generate_legal_captures(BB_SQUARES[tamerlane.G4])] == ["g4e5"]


def test_generate_legal_moves_masks_match_filtering_legal_moves() -> None:
    rng = random.Random(7)
    for seed in SEEDS:
        board = random_board(seed)
        legal = list(board.legal_moves)
        for _ in range(5):
            a, b = rng.getrandbits(112), rng.getrandbits(112)
            want = [m for m in legal if a >> m.from_square & 1 and b >> m.to_square & 1]
            assert list(board.generate_legal_moves(a, b)) == want
            assert list(board.generate_legal_captures(a, b)) == [m for m in want if m.is_capture]
        assert list(board.generate_legal_moves()) == legal
        assert list(board.generate_legal_moves(-1, BB_ALL)) == legal
        # Bits above the 112 squares are ignored.
        assert list(board.generate_legal_moves(BB_ALL | 1 << 200)) == legal


def test_generate_legal_moves_refuses_non_int_masks() -> None:
    board = Board()
    for bad in (True, 1.0, "f3", None):
        with pytest.raises(TypeError, match="mask"):
            board.generate_legal_moves(bad)  # type: ignore[arg-type]


# --- attacks ---


def test_attackers_checkers_royals_by_hand() -> None:
    board = Board(ROOKS)
    assert board.royals(WHITE) == [tamerlane.F1] and board.royals(BLACK) == [tamerlane.K10]
    assert Board().royals(WHITE) == [tamerlane.F2] and Board().royals(False) == [tamerlane.F9]
    assert board.gives_check("b9b10") and not board.gives_check("a1a2")
    board.push_str("b9b10")
    assert board.checkers() == [tamerlane.B10] and board.is_check()
    assert board.attackers(WHITE, "k10") == [tamerlane.B10]
    assert board.attackers(WHITE, tamerlane.A5) == [tamerlane.A1]
    # a10 is attacked by both Rooks: a1 up the file, b10 along the rank.
    assert board.attackers(True, "a10") == [tamerlane.A1, tamerlane.B10]
    assert board.is_attacked_by(WHITE, "k10") and not board.is_attacked_by(BLACK, "a1")
    assert board.attackers(BLACK, "j9") == [tamerlane.K10]
    # Nothing attacks a citadel.
    assert board.attackers(WHITE, "bc") == [] and not board.is_attacked_by(WHITE, "bc")
    assert Board().checkers() == []


def test_is_capture_by_hand() -> None:
    board = Board(KNIGHTS)
    assert board.is_capture("c4e5") and not board.is_capture("c4b2")
    with pytest.raises(IllegalMoveError):
        board.is_capture("c4c5")


def test_attack_queries_agree_over_random_games() -> None:
    for seed in SEEDS:
        board = random_board(seed, rules=ENDLESS_RULES)
        assert bool(board.checkers()) == board.is_check()
        for sq in tamerlane.SQUARES:
            for color in (WHITE, BLACK):
                attackers = board.attackers(color, sq)
                assert bool(attackers) == board.is_attacked_by(color, sq)
                assert all(board.piece_at(a).color == color for a in attackers)  # type: ignore[union-attr]
        for color in (WHITE, BLACK):
            assert board.royals(color) == sorted(
                sq for sq, p in board.piece_map().items() if p.color == color and p.role.is_royal)
        for m in board.legal_moves:
            after = board.copy()
            after.push(m)
            assert board.gives_check(m) == after.is_check(), (board.tfen(), str(m))
            assert board.is_capture(m) == (m.captured is not None)


# --- mirror ---


def test_mirror_by_hand() -> None:
    # The initial array is symmetric under the 180-degree turn with colours
    # swapped, so only the side to move changes.
    assert Board().mirror().tfen() == tamerlane.INITIAL_TFEN.replace(" w ", " b ")
    swap = Board(SWAP).mirror()
    assert swap.tfen() == "n9r/11/11/11/6k4/11/11/11/11/K5R4 b k 00 0 1"


def test_mirror_twice_is_the_board_and_keeps_the_counts() -> None:
    for seed in SEEDS:
        board = random_board(seed, rules="move-limit=150")
        mirrored = board.mirror()
        assert mirrored.mirror() == board and mirrored.move_stack == []
        assert mirrored.turn == board.turn.other and mirrored.rules == board.rules
        assert mirrored.perft(2) == board.perft(2)


# --- editing ---


def test_set_piece_at_and_remove_piece_at() -> None:
    board = Board()
    board.push_str("f3f4")
    board.set_piece_at("e4", Piece(WHITE, Role.ROOK))
    assert board.piece_at("e4") == Piece(WHITE, Role.ROOK)
    assert board.move_stack == [] and board.turn == BLACK  # the stack is cleared
    assert board.remove_piece_at("a1") == Piece(WHITE, Role.ELEPHANT)
    assert board.piece_at("a1") is None and board.remove_piece_at("a1") is None
    board.set_piece_at(tamerlane.E4, None)
    assert board.piece_at("e4") is None
    # The King replaced by a Prince: White keeps a royal, loses its swap right.
    board.set_piece_at("f2", Piece(WHITE, Role.PRINCE))
    assert board.swap_rights == (False, True)


@pytest.mark.parametrize("square, piece", [
    ("f2", None),                                   # White's only royal
    ("a10", Piece(WHITE, Role.PAWN_OF_ROOKS)),      # a pawn on its last rank
    ("wc", Piece(BLACK, Role.ROOK)),                # a non-royal on a citadel
    ("bc", Piece(BLACK, Role.KING)),                # a King on its own citadel
    ("e5", Piece(WHITE, Role.KING)),                # a second White King
])
def test_an_invalid_edit_raises_and_changes_nothing(square: str, piece: Piece) -> None:
    board = Board()
    board.push_str("f3f4")
    before = (board.tfen(), board.move_stack)
    with pytest.raises(InvalidPositionError):
        board.set_piece_at(square, piece)
    assert (board.tfen(), board.move_stack) == before


def test_remove_the_last_royal_raises() -> None:
    board = Board("10k/11/11/11/11/11/11/11/11/K10 w - 00 0 1")
    with pytest.raises(InvalidPositionError, match="royal"):
        board.remove_piece_at("k10")
    assert board.piece_at("k10") == Piece(BLACK, Role.KING)


def test_set_piece_map() -> None:
    board = Board()
    board.push_str("f3f4")
    board.set_piece_map({"a1": Piece(WHITE, Role.KING), tamerlane.K10: Piece(BLACK, Role.KING)})
    assert board.tfen() == "10k/11/11/11/11/11/11/11/11/K10 b Kk 00 0 1"
    assert board.move_stack == []
    before = board.tfen()
    for bad, error in [
        ({"a1": Piece(WHITE, Role.KING)}, InvalidPositionError),   # Black has no royal
        ({"z1": Piece(WHITE, Role.KING)}, ValueError),
        ({"a1": "K"}, TypeError),
        ([("a1", Piece(WHITE, Role.KING))], TypeError),
    ]:
        with pytest.raises(error):
            board.set_piece_map(bad)  # type: ignore[arg-type]
        assert board.tfen() == before


def test_piece_map_round_trips_through_set_piece_map() -> None:
    for seed in SEEDS:
        board = random_board(seed)
        copy = board.copy()
        copy.set_piece_map(board.piece_map())
        assert copy == board and copy.move_stack == []


# --- squares ---


def test_square_constants_and_helpers() -> None:
    assert (tamerlane.A1, tamerlane.K1, tamerlane.A2, tamerlane.F3, tamerlane.K10) == (0, 10, 11, 27, 109)
    assert (tamerlane.WC, tamerlane.BC) == (110, 111) and tamerlane.SQUARES == range(112)
    assert tamerlane.SQUARE_NAMES[tamerlane.F3] == "f3" and str(tamerlane.F3) == "f3"
    names = [n for n in dir(tamerlane) if n[:1].isupper() and n[1:].isdigit()]
    assert len(names) == 110 and all(getattr(tamerlane, n) == tamerlane.parse_square(n.lower()) for n in names)
    assert tamerlane.square(5, 2) == tamerlane.F3 and tamerlane.square(10, 9) == tamerlane.K10
    for bad in [(11, 0), (0, 10), (-1, 0)]:
        with pytest.raises(ValueError, match="0 to 10"):
            tamerlane.square(*bad)
    assert tamerlane.square_file(tamerlane.F3) == 5 and tamerlane.square_rank(tamerlane.F3) == 2
    assert tamerlane.square_distance("a1", "k10") == 10
    assert tamerlane.square_distance(tamerlane.A1, tamerlane.C2) == 2
    assert tamerlane.square_distance("k2", "wc") == 1 and tamerlane.square_distance("a9", "bc") == 1
    assert tamerlane.square_distance("k1", "wc") == 1 and tamerlane.square_distance("f3", "f3") == 0
    assert tamerlane.square_distance("wc", "bc") == 12
    assert BB_SQUARES[tamerlane.WC] == 1 << 110 and BB_ALL == sum(BB_SQUARES)


# --- copy(stack=...) ---


def test_copy_with_a_number_of_moves() -> None:
    board = Board()
    cycle = ["b2c4", "b9c7", "c4b2", "c7b9"]
    for m in cycle:
        board.push_str(m)
    assert board.repetition_count() == 2
    two = board.copy(stack=2)
    assert two == board and [str(m) for m in two.move_stack] == ["c4b2", "c7b9"]
    after_two = Board()
    after_two.push_str("b2c4")
    after_two.push_str("b9c7")
    assert two.root() == after_two.copy(stack=False)
    # The start position is no longer in the kept history.
    assert two.repetition_count() == 1
    assert board.copy(stack=0).move_stack == [] == board.copy(stack=False).move_stack
    assert board.copy(stack=10).move_stack == board.move_stack == board.copy().move_stack
    assert board.copy(stack=True).repetition_count() == 2
    with pytest.raises(ValueError, match="negative"):
        board.copy(stack=-1)
    with pytest.raises(TypeError, match="stack"):
        board.copy(stack=1.5)  # type: ignore[arg-type]


def test_copy_keeps_an_ended_game_ended() -> None:
    board = Board(rules="move-limit=4")
    for m in ["b2c4", "b9c7", "c4b2", "c7b9"]:
        board.push_str(m)
    short = board.copy(stack=1)
    assert short.is_game_over() and short.outcome() == board.outcome()
    with pytest.raises(tamerlane.GameOverError):
        short.push_str("b2c4")


# --- hostile input: typed errors only ---


def test_new_entry_points_take_hostile_values_without_panic() -> None:
    board = Board()
    piece = Piece(WHITE, Role.ROOK)
    for v in WEIRD_STRINGS + WEIRD_VALUES:
        for call in (board.push_uci, board.parse_uci, board.lan, board.is_capture,
                     board.gives_check, board.remove_piece_at, board.royals, board.is_repetition,
                     board.generate_legal_moves, board.generate_legal_captures, board.set_piece_map,
                     board.variation_san, board.copy, Move.from_uci):
            no_panic(call, v)
        no_panic(tamerlane.square_distance, v, "a1")
        no_panic(board.generate_legal_moves, -1, v)
        no_panic(board.variation_san, [v])
        no_panic(board.attackers, v, "f3")
        no_panic(board.attackers, WHITE, v)
        no_panic(board.is_attacked_by, v, v)
        no_panic(board.set_piece_at, v, piece)
        no_panic(board.set_piece_at, "e5", v)
        if isinstance(v, collections.abc.Hashable):
            no_panic(board.set_piece_map, {v: piece})
        no_panic(board.set_piece_map, {"e5": v})
        no_panic(tamerlane.move_to_index, v, turn=WHITE)
        no_panic(tamerlane.move_to_index, "f3f4", turn=v)
        no_panic(Piece, v, Role.KING)
        no_panic(tamerlane.Outcome, v, Termination.CHECKMATE)
        no_panic(tamerlane.square, v, 0)
        # Whatever was refused, the board is still the start position.
        if board.tfen() != tamerlane.INITIAL_TFEN:
            board = Board()

"""``tamerlane.chess`` and ``tamerlane.makruk``: the sibling games' boards.

Expected values come from outside the code under test: python-chess (a
pinned development dependency) for chess, including random games compared
move by move; Fairy-Stockfish for Makruk (the values below were read from
``/usr/games/fairy-stockfish`` with ``UCI_Variant makruk``, the command
given beside each); published perft numbers; and hand derivation.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any, Dict, List, Union

import chess as pychess
import numpy as np
import pytest

import tamerlane
from tamerlane import chess, makruk

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CHESS_MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
MAKRUK_MATE_IN_ONE = "k7/8/1K6/8/8/8/8/7R w - - 0 1"
# White pawn e5 promotes on e6 or d6 (takes the Rook): FSF lists
# e5d6m e5e6m e1f2 e1f1 e1e2 (`position fen ... ; go perft 1`).
MAKRUK_PROMOTION = "4k3/8/3r4/4P3/8/8/8/4K3 w - - 0 1"


# --- perft ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "counts"),
    [
        # Published values (chessprogramming.org, "Perft Results").
        (chess.STARTING_FEN, [1, 20, 400, 8902]),
        (KIWIPETE, [1, 48, 2039]),
    ],
)
def test_chess_perft_published(fen: str, counts: List[int]) -> None:
    board = chess.Board(fen)
    assert [board.perft(d) for d in range(len(counts))] == counts


def test_makruk_perft_against_fairy_stockfish() -> None:
    # `position startpos; go perft N`: 23, 529, 12012.
    board = makruk.Board()
    assert [board.perft(d) for d in range(4)] == [1, 23, 529, 12012]
    # `position startpos moves e3e4 e6e5 d3d4; go perft 2`: 531, and `d`
    # shows this FEN.
    for m in ["e3e4", "e6e5", "d3d4"]:
        board.push_uci(m)
    assert board.fen() == "rnsmksnr/8/pppp1ppp/4p3/3PP3/PPP2PPP/8/RNSKMSNR b - - 0 2"
    assert board.perft(2) == 531


def test_perft_is_python_loop_count() -> None:
    """perft agrees with counting through push/pop from Python."""
    boards: List[Any] = [chess.Board(KIWIPETE), makruk.Board()]
    for board in boards:

        def count(b: Any, depth: int) -> int:
            if depth == 0:
                return 1
            n = 0
            for m in list(b.legal_moves):
                b.push(m)
                n += count(b, depth - 1)
                b.pop()
            return n

        assert count(board, 2) == board.perft(2)


# --- endings ----------------------------------------------------------------


def test_chess_checkmate_ends_the_game() -> None:
    board = chess.Board()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
    assert board.is_check() and board.is_checkmate() and not board.is_stalemate()
    assert board.outcome() == chess.Outcome(tamerlane.BLACK, "checkmate")
    assert board.result() == "0-1" and board.is_game_over()
    with pytest.raises(tamerlane.GameOverError) as info:
        board.push_uci("e1f2")
    assert info.value.ply == 4
    refusals: List[Union[chess.Move, str]] = ["zz", "e1f2", chess.Move.from_uci("e1f2")]
    for refused in refusals:
        with pytest.raises(tamerlane.GameOverError):
            board.push(refused)
    with pytest.raises(tamerlane.GameOverError):
        board.push_san("Kf2")
    assert info.value.outcome == board.outcome()
    assert len(board.move_stack) == 4
    assert board.pop().uci() == "d8h4"
    assert board.outcome() is None and board.result() == "*"


def test_chess_stalemate_is_a_draw() -> None:
    fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    assert pychess.Board(fen).is_stalemate()
    board = chess.Board(fen)
    assert board.is_stalemate() and not board.is_checkmate()
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.winner is None and outcome.termination == "stalemate"
    assert board.result() == "1/2-1/2"
    assert len(board.legal_moves) == 0 and not board.legal_moves


def test_makruk_checkmate_fen_as_fairy_stockfish_writes_it() -> None:
    board = makruk.Board(MAKRUK_MATE_IN_ONE)
    board.push_san("Rh8#")
    # `position fen ... moves h1h8; d`: the count (16 moves = 32 plies)
    # starts, 6 plies counted from the three pieces.
    assert board.fen() == "k6R/8/1K6/8/8/8/8/8 b - 32 6 1"
    assert board.is_checkmate()
    assert board.outcome() == makruk.Outcome(tamerlane.WHITE, "checkmate")
    assert board.result() == "1-0"


def test_makruk_stalemate() -> None:
    # FSF: `go perft 1` gives 0 nodes and `d` shows no checkers.
    board = makruk.Board("k7/2M5/1K6/8/8/8/8/8 b - - 0 1")
    assert board.perft(1) == 0 and not board.is_check()
    assert board.is_stalemate()
    assert board.outcome() == makruk.Outcome(None, "stalemate")


def test_repetition_rules() -> None:
    cycle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    claim = chess.Board()
    automatic = chess.Board(rules="draws=automatic")
    for board in (claim, automatic):
        for _ in range(2):
            for san in cycle:
                board.push_san(san)
    # The start position occurs a third time: a claim under FIDE 9.2, a
    # draw at once under draws=automatic.
    assert claim.repetition_count() == 3 and claim.outcome() is None
    assert automatic.outcome() == chess.Outcome(None, "threefold-repetition")
    assert automatic.rules == "draws=automatic"
    m = makruk.Board()
    for _ in range(2):
        for san in ["Nd2", "Ne7", "Nb1", "Ng8"]:
            m.push_san(san)
    assert m.outcome() == makruk.Outcome(None, "repetition")


# --- moves, SAN, promotions -------------------------------------------------


def test_makruk_promotion_is_written_with_m() -> None:
    board = makruk.Board(MAKRUK_PROMOTION)
    fsf = {"e5d6m", "e5e6m", "e1f2", "e1f1", "e1e2"}
    assert {m.uci() for m in board.legal_moves} == fsf
    with pytest.raises(tamerlane.IllegalMoveError):
        board.push_uci("e5d6")
    assert "e5d6" not in board.legal_moves
    assert board.san("e5d6m") == "exd6=M"
    move = board.push_uci("e5d6m")
    assert move.promotion == "m" and move.from_square == 36 and move.to_square == 43
    # piece_at returns a Piece (it returned the FEN letter before).
    assert board.piece_at("d6") == makruk.Piece.from_symbol("M") == board.piece_at(43)
    # `position fen ... moves e5d6m; d`
    assert board.fen() == "4k3/8/3M4/8/8/8/8/4K3 b - 128 6 1"


def test_chess_promotions_match_python_chess() -> None:
    fen = "1r5k/P7/8/8/8/8/8/7K w - - 0 1"
    ours = {m.uci() for m in chess.Board(fen).legal_moves}
    theirs = {m.uci() for m in pychess.Board(fen).legal_moves}
    assert ours == theirs
    assert {"a7a8q", "a7b8n", "a7b8r"} <= ours
    assert chess.Move.from_uci("a7b8n").promotion == "n"
    assert chess.Move.from_uci("a7a8").promotion is None


def test_san_and_uci_round_trip() -> None:
    rng = random.Random(7)
    boards: List[Any] = [chess.Board(KIWIPETE), makruk.Board()]
    for board in boards:
        for _ in range(40):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            for m in moves:
                assert board.parse_san(board.san(m)) == m
                assert board.parse_uci(m.uci()) == m
                assert type(m).from_uci(str(m)) == m
            board.push(rng.choice(moves))


def test_moves_compare_by_uci() -> None:
    a = chess.Move.from_uci("e2e4")
    assert a == chess.Move.from_uci("e2e4") and hash(a) == hash(chess.Move.from_uci("e2e4"))
    assert a != chess.Move.from_uci("e2e3")
    assert repr(a) == "Move.from_uci('e2e4')" and str(a) == "e2e4"
    assert a.from_square == 12 and a.to_square == 28  # e2 = 8 + 4, e4 = 24 + 4
    assert a != makruk.Move.from_uci("e2e4")  # another game's move


def test_chess_random_games_against_python_chess() -> None:
    rng = random.Random(2024)
    for _ in range(12):
        ours, theirs = chess.Board(), pychess.Board()
        for _ in range(300):
            assert ours.fen() == theirs.fen()
            assert ours.turn == (tamerlane.WHITE if theirs.turn else tamerlane.BLACK)
            assert ours.ply() == theirs.ply()
            assert ours.is_check() == theirs.is_check()
            legal = sorted(m.uci() for m in ours.legal_moves)
            assert legal == sorted(m.uci() for m in theirs.legal_moves)
            expected = theirs.outcome()
            got = ours.outcome()
            if expected is not None:
                assert got is not None
                name = expected.termination.name.lower().replace("_", "-")
                assert got.termination == name.replace("seventyfive", "seventy-five")
                assert got.result() == expected.result()
                break
            assert got is None
            uci = rng.choice(legal)
            assert ours.san(uci) == theirs.san(pychess.Move.from_uci(uci))
            ours.push_uci(uci)
            theirs.push_uci(uci)


# --- bad input --------------------------------------------------------------


@pytest.mark.parametrize("module", [chess, makruk])
def test_bad_input_raises_typed_errors(module: Any) -> None:
    with pytest.raises(tamerlane.InvalidFenError):
        module.Board("not a fen")
    with pytest.raises(ValueError):
        module.Board("8/8/8/8/8/8/8/8 w - - 0 1")  # no kings
    with pytest.raises(tamerlane.InvalidFenError):
        module.Board("\ud800")
    with pytest.raises(TypeError):
        module.Board(None)
    with pytest.raises(TypeError):
        module.Board(5)
    with pytest.raises(tamerlane.InvalidRulesError):
        module.Board(rules="nonsense=1")
    with pytest.raises(TypeError):
        module.Board(rules=None)
    board = module.Board()
    with pytest.raises(tamerlane.IllegalMoveError):
        board.push("a1a5")
    with pytest.raises(tamerlane.InvalidMoveError):
        board.push("zz")
    with pytest.raises(tamerlane.InvalidMoveError):
        board.push_uci("e2e4" * 1000)
    with pytest.raises(TypeError):
        board.push(5)
    with pytest.raises(tamerlane.InvalidMoveError):
        board.push_san("Qxx")
    with pytest.raises(tamerlane.IllegalMoveError):
        board.push_san("Ke5")
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()
    bad_depths: List[Any] = [-1, 31, 2**70]
    for depth in bad_depths:
        with pytest.raises(ValueError):
            board.perft(depth)
    for depth in [True, "3", None, 2.0]:
        with pytest.raises(TypeError):
            board.perft(depth)
    for square in [64, -1, "i1", "", 2**80]:
        with pytest.raises(ValueError):
            board.piece_at(square)
    for square in [None, 1.0, b"e4"]:
        with pytest.raises(TypeError):
            board.piece_at(square)
    for index in [-1, module.ACTION_SPACE_SIZE, 2**64]:
        with pytest.raises(ValueError):
            module.index_to_move(board, index)
    with pytest.raises(TypeError):
        module.index_to_move(board, 1.5)
    with pytest.raises(tamerlane.IllegalMoveError):
        module.index_to_move(board, 0)  # a1a1
    with pytest.raises(TypeError):
        module.move_to_index("e2e4", "white")
    with pytest.raises(tamerlane.InvalidMoveError):
        module.Move.from_uci("e2e4x")
    with pytest.raises(ValueError):
        module.Outcome(None, "bogus")
    with pytest.raises(ValueError):
        module.search(board)  # no limit
    bad_limits: List[Dict[str, Any]] = [
        {"depth": 0},
        {"nodes": -5},
        {"movetime": -1.0},
        {"movetime": float("nan")},
        {"movetime": 10**400},
        {"depth": 2, "hash_mb": 0},
    ]
    for kwargs in bad_limits:
        with pytest.raises(ValueError):
            module.search(board, **kwargs)
    with pytest.raises(TypeError):
        module.search(board, movetime="1")
    with pytest.raises(TypeError):
        module.search(board, depth=True)
    with pytest.raises(TypeError):
        board.__setstate__([])
    with pytest.raises(ValueError):
        board.__setstate__({"fen": module.STARTING_FEN, "rules": ""})
    assert board.fen() == module.STARTING_FEN and board.move_stack == []
    assert not board.is_legal("zz") and not board.is_legal("a1a5")
    assert 5 not in board.legal_moves and "zz" not in board.legal_moves


def test_ambiguous_san() -> None:
    board = chess.Board("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1")  # Nb1 and Nf1 both reach d2
    with pytest.raises(tamerlane.AmbiguousMoveError):
        board.push_san("Nd2")
    assert board.push_san("Nbd2").uci() == "b1d2"


# --- engine -----------------------------------------------------------------


def test_engine_finds_mate_in_one() -> None:
    r = chess.search(chess.Board(CHESS_MATE_IN_ONE), depth=3)
    assert r.move == chess.Move.from_uci("a1a8") and r.mate == 1 and r.pv[0] == r.move
    r2 = makruk.search(makruk.Board(MAKRUK_MATE_IN_ONE), depth=3, hash_mb=1)
    assert r2.move == makruk.Move.from_uci("h1h8") and r2.mate == 1


def test_search_of_a_finished_game_has_no_move() -> None:
    board = makruk.Board(MAKRUK_MATE_IN_ONE)
    board.push_uci("h1h8")
    r = makruk.search(board, nodes=1000)
    assert r.move is None and r.pv == []


# --- copies, pickling, identity ---------------------------------------------


@pytest.mark.parametrize("module", [chess, makruk])
def test_pickle_and_copies_keep_the_game(module: Any) -> None:
    rules = "draws=automatic" if module is chess else "counting=fairy-stockfish,move-limit=300"
    board = module.Board(rules=rules)
    rng = random.Random(5)
    for _ in range(12):
        board.push(rng.choice(list(board.legal_moves)))
    others = [pickle.loads(pickle.dumps(board)), board.copy(), copy.copy(board), copy.deepcopy(board)]
    for other in others:
        assert type(other) is type(board)
        assert other == board and hash(other) == hash(board)
        assert other.move_stack == board.move_stack
        assert other.rules == board.rules == rules
        assert other.root().fen() == module.STARTING_FEN
    bare = board.copy(stack=False)
    assert bare == board and bare.move_stack == [] and bare.rules == rules
    assert pickle.loads(pickle.dumps(board.peek())) == board.peek()
    finished = module.Board(CHESS_MATE_IN_ONE if module is chess else MAKRUK_MATE_IN_ONE)
    finished.push_san("Ra8#" if module is chess else "Rh8#")
    again = pickle.loads(pickle.dumps(finished))
    assert again.outcome() == finished.outcome() and again.outcome() is not None
    assert pickle.loads(pickle.dumps(again.outcome())) == again.outcome()


def test_equality_and_hash() -> None:
    assert chess.Board() == chess.Board(chess.STARTING_FEN)
    assert hash(chess.Board()) == hash(chess.Board(chess.STARTING_FEN))
    assert chess.Board() != chess.Board(rules="draws=automatic")
    assert chess.Board() != makruk.Board()
    # Back to the start placement, but the clocks moved on.
    board = chess.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
        board.push_san(san)
    assert board != chess.Board()
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
    assert {board, board.copy()} == {board}


def test_text_forms() -> None:
    board = chess.Board()
    empty = ["........"] * 4
    rows = ["rnbqkbnr", "pppppppp", *empty, "PPPPPPPP", "RNBQKBNR"]
    assert str(board) == "\n".join(rows)
    assert repr(board) == f"Board('{chess.STARTING_FEN}')"
    off = makruk.Board(rules="repetition=off")
    assert repr(off) == f"Board('{makruk.STARTING_FEN}', rules='repetition=off')"
    assert chess.Board.__module__ == "tamerlane.chess" and makruk.Board.__module__ == "tamerlane.makruk"
    assert tamerlane.chess.Board is chess.Board
    assert str(chess.Outcome(True, "checkmate")) == "white checkmate"
    assert repr(makruk.Outcome(None, "counting")) == "Outcome(None, 'counting')"


def test_state_and_counters() -> None:
    board = makruk.Board()
    assert board.turn == tamerlane.WHITE and board.ply() == 0
    board.push_uci("e3e4")
    assert board.turn == tamerlane.BLACK and board.ply() == 1
    assert board.halfmove_clock == 0 and board.fullmove_number == 1
    board.push_san("Nd7")
    assert board.ply() == 2 and board.fullmove_number == 2 and board.halfmove_clock == 1
    assert board.peek().uci() == "b8d7"
    king, black_king = board.piece_at("d1"), board.piece_at("e8")
    assert king is not None and king.symbol() == "K" and king.role == "king" and king.piece_type == 6
    assert black_king == makruk.Piece(tamerlane.BLACK, "king") and board.piece_at("e5") is None
    board.set_fen(MAKRUK_PROMOTION)
    assert board.move_stack == [] and board.fen() == MAKRUK_PROMOTION
    board.reset()
    assert board.fen() == makruk.STARTING_FEN


# --- planes and the action space --------------------------------------------


def test_plane_layout() -> None:
    for module in (chess, makruk):
        planes = module.Board().to_planes()
        assert planes.shape == (module.PLANES, 8, 8) and planes.dtype == np.float32
        assert len(module.PLANE_NAMES) == module.PLANES
        assert module.PLANE_NAMES[0] == "own pawn" and module.PLANE_NAMES[12] == "white to move"
        # White to move at the start: own pawns on rank 2 (chess) or 3
        # (Makruk), row = rank - 1.
        row = 1 if module is chess else 2
        assert planes[0].sum() == 8 and planes[0][row].sum() == 8
        assert planes[12].min() == 1.0


def test_chess_planes_from_blacks_view() -> None:
    board = chess.Board("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    board.push_uci("e2e4")  # d4xe3 en passant is possible now
    planes = board.to_planes()
    # Black's pawns, ranks flipped: d4 is seen on rank 5 (row 4), the
    # others on rank 2 (row 1).
    assert planes[0][1].sum() == 7 and planes[0][4][3] == 1.0
    # White's e4 pawn is seen on e5 (row 4, column 4); White's king e1 on e8.
    assert planes[6][4][4] == 1.0 and planes[11][7][4] == 1.0
    assert planes[12].max() == 0.0  # Black to move
    assert planes[15:19].min() == 1.0  # all four castling rights
    ep = planes[chess.PLANE_NAMES.index("en passant target square")]
    assert ep.sum() == 1.0 and ep[5][4] == 1.0  # e3 seen as e6


def test_makruk_planes_turn_the_board() -> None:
    board = makruk.Board()
    board.push_uci("e3e4")
    planes = board.to_planes()
    # Turned through 180 degrees: White's pawn e4 (28) is seen on d5
    # (63 - 28 = 35: row 4, column 3), Black's King e8 on d1.
    assert planes[6][4][3] == 1.0 and planes[5][0][3] == 1.0
    # Black's start looks like White's: its pawns on its rank 3.
    assert planes[0][2].sum() == 8


def test_hand_derived_action_indices() -> None:
    assert chess.ACTION_SPACE_SIZE == 64 * 64 + 72 and makruk.ACTION_SPACE_SIZE == 64 * 64
    e2e4 = 64 * 12 + 28
    assert chess.move_to_index("e2e4", tamerlane.WHITE) == e2e4
    assert chess.move_to_index("e7e5", False) == e2e4  # ranks flipped for Black
    assert chess.move_to_index("e7e8q", True) == 64 * 52 + 60  # a queen promotion is its squares
    assert chess.move_to_index("b7a8n", True) == 4096 + 9 * 1 + 3 * 0 + 0
    assert chess.move_to_index("g2g1r", tamerlane.BLACK) == 4096 + 9 * 6 + 3 * 1 + 2
    # Makruk turns the board: e6 (44) -> d3 (19), e5 (36) -> d4 (27).
    assert makruk.move_to_index("e6e5", tamerlane.BLACK) == 64 * 19 + 27
    assert makruk.move_to_index(makruk.Move.from_uci("d3d4"), tamerlane.WHITE) == 64 * 19 + 27


@pytest.mark.parametrize("module", [chess, makruk])
def test_mask_agrees_with_legal_moves(module: Any) -> None:
    rng = random.Random(11)
    start = KIWIPETE if module is chess else MAKRUK_PROMOTION
    for fen in [module.STARTING_FEN, start]:
        board = module.Board(fen)
        for _ in range(60):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            mask = board.legal_action_mask()
            assert mask.dtype == np.bool_ and mask.shape == (module.ACTION_SPACE_SIZE,)
            indices = [module.move_to_index(m, board.turn) for m in moves]
            assert len(set(indices)) == len(moves)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
            for m, i in zip(moves, indices):
                assert module.index_to_move(board, i) == m
            board.push(rng.choice(moves))


# --- documentation ----------------------------------------------------------


@pytest.mark.parametrize("module", [chess, makruk])
def test_doctests_and_docstrings(module: Any) -> None:
    import doctest
    import inspect

    failed, tried = doctest.testmod(module)
    assert failed == 0 and tried > 0
    missing = []
    for name in module.__all__:
        obj = getattr(module, name)
        if (inspect.isclass(obj) or callable(obj)) and not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, value in vars(obj).items():
                if not attr.startswith("_") and not (getattr(value, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{attr}")
    assert not missing, missing
    assert {"Board", "Move", "search", "InvalidFenError", "WHITE"} <= set(module.__all__)


def test_sibling_classes_are_final() -> None:
    with pytest.raises(TypeError):
        type("Sub", (chess.Board,), {})

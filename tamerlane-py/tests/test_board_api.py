"""The three boards (``tamerlane.Board``, ``tamerlane.chess.Board``,
``tamerlane.makruk.Board``) expose the same public API, python-chess's
names, apart from the documented extras of each game listed here; and
the sibling boards behave as python-chess's ``Board`` for the shared
names (``attackers``, ``checkers``, ``mirror``, ``lan``, edits, ...),
taking python-chess's ``Move``, ``Piece`` and ``Board`` objects."""

from __future__ import annotations

import random
from typing import Any, List, Set

import chess as pychess
import pytest

import tamerlane
from tamerlane import chess, makruk

# What one game has and the others do not, with the reason.
EXTRAS = {
    tamerlane.Board: {
        # TFEN is Tamerlane's FEN: the old names of fen()/set_fen(), kept.
        "tfen",
        "set_tfen",
        # The king-swap rights (docs/RULES.md, the King's swap).
        "swap_rights",
        "has_swap_right",
        # The pawn of pawns' promotion stages.
        "pawn_of_pawns_stages",
        "pawn_of_pawns_stage",
    },
    chess.Board: {
        # Castling rights (python-chess's names).
        "has_kingside_castling_rights",
        "has_queenside_castling_rights",
        "has_castling_rights",
        "castling_xfen",
        "is_castling",
        # En passant (python-chess's names).
        "ep_square",
        "is_en_passant",
        "has_legal_en_passant",
        "is_kingside_castling",
        "is_queenside_castling",
        # The draws only FIDE chess has: claims, the clock rules,
        # insufficient material (python-chess's names).
        "can_claim_draw",
        "can_claim_threefold_repetition",
        "can_claim_fifty_moves",
        "is_fifty_moves",
        "is_seventyfive_moves",
        "is_fivefold_repetition",
        "is_insufficient_material",
        "has_insufficient_material",
    },
    makruk.Board: {
        # The running count of Makruk's counting rules.
        "count",
    },
}


def public_names(cls: type) -> Set[str]:
    return {name for name in dir(cls) if not name.startswith("_")}


def test_the_three_boards_have_the_same_public_api() -> None:
    common = [public_names(cls) - extras for cls, extras in EXTRAS.items()]
    assert common[0] == common[1] == common[2], [
        sorted(names ^ common[0]) for names in common
    ]
    for cls, extras in EXTRAS.items():
        assert extras <= public_names(cls), sorted(extras - public_names(cls))


def test_the_shared_api_covers_python_chess_basics() -> None:
    shared = public_names(chess.Board) & public_names(makruk.Board) & public_names(tamerlane.Board)
    expected = {
        "fen", "set_fen", "reset", "clear", "turn", "ply", "legal_moves", "push", "push_uci",
        "push_san", "pop", "peek", "move_stack", "san", "lan", "variation_san", "parse_san",
        "parse_uci", "piece_at", "piece_map", "set_piece_at", "remove_piece_at",
        "set_piece_map", "attackers", "checkers", "is_attacked_by", "mirror", "outcome",
        "is_check", "is_checkmate", "is_stalemate", "is_repetition", "is_game_over",
        "result", "perft", "copy", "root", "generate_legal_moves", "gives_check", "is_capture",
        "king", "color_at", "attacks", "board_fen", "uci", "san_and_push", "is_zeroing",
        "clear_stack",
    }  # fmt: skip
    assert expected <= shared, sorted(expected - shared)


def test_chess_board_agrees_with_python_chess() -> None:
    rng = random.Random(28)
    for _ in range(6):
        ours, theirs = chess.Board(), pychess.Board()
        for _ in range(80):
            if theirs.is_game_over() or ours.is_game_over():
                break
            assert ours.fen() == theirs.fen()
            assert ours.checkers() == theirs.checkers() and bool(ours.checkers()) == ours.is_check()
            for sq in range(0, 64, 7):
                for color in (True, False):
                    got = ours.attackers(color, sq)
                    want = theirs.attackers(color, sq)
                    assert list(got) == list(want) and len(got) == len(want)
                    assert int(got) == int(want)
                    assert ours.is_attacked_by(color, sq) == theirs.is_attacked_by(color, sq)
            assert ours.mirror().fen() == theirs.mirror().fen()
            pieces = {sq: p.symbol() for sq, p in ours.piece_map().items()}
            assert pieces == {sq: p.symbol() for sq, p in theirs.piece_map().items()}
            for color in (True, False):
                assert ours.has_castling_rights(color) == theirs.has_castling_rights(color)
                assert ours.has_kingside_castling_rights(
                    color
                ) == theirs.has_kingside_castling_rights(color)
            moves = list(theirs.legal_moves)
            for m in moves:
                # python-chess moves are taken as they are (by uci()).
                assert ours.lan(m) == theirs.lan(m)
                assert ours.is_capture(m) == theirs.is_capture(m)
                assert ours.gives_check(m) == theirs.gives_check(m)
                assert ours.is_castling(m) == theirs.is_castling(m)
                assert ours.is_en_passant(m) == theirs.is_en_passant(m)
            m = rng.choice(moves)
            ours.push(m)
            theirs.push(m)
        line = [m.uci() for m in theirs.move_stack[:6]]
        assert chess.Board().variation_san(line) == pychess.Board().variation_san(
            [pychess.Move.from_uci(u) for u in line]
        )


def test_python_chess_boards_moves_and_pieces_are_accepted() -> None:
    theirs = pychess.Board()
    theirs.push_san("e4")
    board = chess.Board(theirs)
    assert board.fen() == theirs.fen()
    board.set_fen(pychess.Board())
    assert board.fen() == chess.STARTING_FEN
    board.push(pychess.Move.from_uci("g1f3"))
    assert board.is_legal(pychess.Move.from_uci("g8f6"))
    assert pychess.Move.from_uci("g8f6") in board.legal_moves
    assert chess.move_to_index(pychess.Move.from_uci("e2e4"), True) == 64 * 12 + 28
    board.set_piece_at("e4", pychess.Piece.from_symbol("Q"))
    assert board.piece_at("e4") == chess.Piece.from_symbol("Q") == chess.Piece(True, "queen")
    assert board.move_stack == []
    # A python-chess board where a board is expected: its root and stack.
    theirs = pychess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    theirs.push_uci("a1a2")
    theirs.push_uci("g8h8")
    result = chess.search(theirs, depth=3)
    assert result.move == chess.Move.from_uci("a2a8") and result.mate == 1
    assert chess.index_to_move(theirs, 64 * 8 + 56) == chess.Move.from_uci("a2a8")
    with pytest.raises(TypeError):
        chess.search(5, depth=1)  # type: ignore[arg-type]


def test_pieces_and_edits() -> None:
    board = chess.Board()
    king = board.piece_at("e1")
    assert king is not None and king.symbol() == "K" and king.piece_type == pychess.KING
    assert king.color == tamerlane.WHITE and king.role == "king" and str(king) == "K"
    assert repr(king) == "Piece.from_symbol('K')" and chess.Piece(True, 6) == king
    assert board.pieces("knight", True) == [1, 6] and board.pieces(pychess.KNIGHT, False) == [57, 62]
    assert board.royals(True) == [4]
    assert board.remove_piece_at("a1") == chess.Piece.from_symbol("R")
    assert not board.has_queenside_castling_rights(True) and board.castling_xfen() == "Kkq"
    with pytest.raises(tamerlane.InvalidPositionError):
        board.remove_piece_at("e1")  # a position needs its kings
    with pytest.raises(ValueError):
        chess.Piece.from_symbol("X")
    with pytest.raises(ValueError):
        chess.Piece(True, 7)
    with pytest.raises(TypeError):
        board.set_piece_at("e4", 5)  # type: ignore[arg-type]
    board.clear()
    assert board.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    board.set_piece_map({0: chess.Piece.from_symbol("K"), 63: chess.Piece.from_symbol("k")})
    assert board.fen() == "7k/8/8/8/8/8/8/K7 w - - 0 1"
    mk = makruk.Board()
    assert mk.count is None and mk.piece_at("d1") == makruk.Piece(True, "king")
    assert makruk.Piece.from_symbol("s").role == "khon"
    mk.clear()
    assert mk.fen().startswith("4k3/8/8/8/8/8/8/3K4 w")


@pytest.mark.parametrize("module", [chess, makruk])
def test_shared_names_behave_alike(module: Any) -> None:
    board = module.Board()
    first = next(iter(board.legal_moves))
    assert board.push_str(first.uci()) == first and board.parse_str
    board.pop()
    assert board.lan(first).replace("-", "")[-2:] == first.uci()[2:4]
    assert board.copy(stack=0).move_stack == []
    assert board.is_repetition(1) and not board.is_repetition()
    captures = list(board.generate_legal_captures())
    assert captures == [m for m in board.legal_moves if board.is_capture(m)]
    assert set(board.generate_legal_moves()) == set(board.legal_moves)
    assert module.SquareSet is tamerlane.SquareSet


def test_square_set() -> None:
    s = tamerlane.SquareSet([3, 1, 2])
    assert list(s) == [1, 2, 3] and len(s) == 3 and 2 in s and 5 not in s and "a1" not in s
    assert int(s) == 0b1110 and s == [1, 2, 3] and s == 0b1110 and s == tamerlane.SquareSet(14)
    assert list(reversed(s)) == [3, 2, 1] and s.tolist() == [1, 2, 3] and bool(s)
    assert not tamerlane.SquareSet() and s | [5] == [1, 2, 3, 5] and s & {1, 9} == [1]
    assert s - [1] == [2, 3] and s ^ [1, 4] == [2, 3, 4] and hash(s) == hash(tamerlane.SquareSet(14))
    assert repr(s) == "SquareSet(0xe)"
    # The operators also work with an int mask or a list on the left.
    assert 0b1010 & s == [1, 3] and [5] | s == [1, 2, 3, 5] and 0b11 ^ s == [0, 2, 3]
    assert [1, 4] - s == [4]
    with pytest.raises(ValueError):
        tamerlane.SquareSet([200])
    with pytest.raises(TypeError):
        tamerlane.SquareSet("a1")  # type: ignore[arg-type]
    board = tamerlane.Board()
    assert board.attackers(True, "f4") == [tamerlane.E3, tamerlane.G3] and board.checkers() == []


def test_tamerlane_board_shares_the_names() -> None:
    board = tamerlane.Board()
    assert board.fen() == board.tfen() == tamerlane.INITIAL_TFEN
    board.push_san("Nc4")
    other = tamerlane.Board()
    other.set_fen(board.fen())
    assert other == board and other.move_stack == []
    other.set_tfen(tamerlane.INITIAL_TFEN)  # the old name, kept
    assert other == tamerlane.Board()
    with pytest.raises(TypeError):
        other.set_fen(None)  # type: ignore[arg-type]
    # Any object with a `fen()` method, as on the sibling boards.
    third = tamerlane.Board()
    third.set_fen(board)  # type: ignore[arg-type]
    assert third.fen() == board.fen() and third.move_stack == []
    assert tamerlane.Board(board).fen() == board.fen()  # type: ignore[arg-type]
    other.clear()  # the royals stay: a board needs them
    assert sorted(other.piece_map()) == [tamerlane.F2, tamerlane.F9]
    assert board.lan("f8f7") == "f8-f7" and board.push_str("f8f7").uci() == "f8f7"
    assert board.copy(stack=1).move_stack == [board.peek()]


@pytest.mark.parametrize("module", [tamerlane, chess, makruk])
def test_shared_methods_refuse_bad_input_with_typed_errors(module: Any) -> None:
    """Random arguments to the shared methods raise ValueError, TypeError or
    IndexError (never a Rust panic), and leave a valid board."""
    rng = random.Random(99)
    values: List[Any] = [None, True, 0, 63, 64, 111, 112, -1, 2**70, "e4", "wc", "zz", "", 1.5,
                         b"x", (), "e2e4", "K", "knight", 7, chess.Piece(True, "queen"),
                         tamerlane.Piece(True, tamerlane.Role.KING), chess.Move.from_uci("e2e4")]  # fmt: skip
    names = ["piece_at", "pieces", "set_piece_at", "remove_piece_at", "set_piece_map", "clear",
             "attackers", "is_attacked_by", "royals", "mirror", "is_repetition",
             "generate_legal_moves", "generate_legal_captures", "is_capture", "gives_check", "lan",
             "variation_san", "push_str", "parse_str", "copy", "set_fen", "san", "push"]  # fmt: skip
    for _ in range(1500):
        board = module.Board()
        for _ in range(rng.randrange(3)):
            board.push(rng.choice(list(board.legal_moves)))
        args = [rng.choice(values) for _ in range(rng.randrange(3))]
        if rng.random() < 0.1:
            args = [{rng.choice(values[:12]): rng.choice(values)}]
        try:
            getattr(board, rng.choice(names))(*args)
        except (ValueError, TypeError, IndexError):
            pass
        assert board.perft(1) == len(board.legal_moves)


# The start position's Kings (counted by hand: a1 = 0, a file a rank; the
# Tamerlane board has 11 files, the Kings on f2 and f9), a pawn move and a
# Knight move of White, the placement field of the start FEN, and the
# squares White's Knight attacks, own pieces' squares included (by hand).
STARTS = {
    tamerlane: ((16, 93), "f3f4", "b2c4", None, {"d1", "d3", "a4", "c4"}),
    chess: ((4, 60), "e2e4", "g1f3", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", {"e2", "f3", "h3"}),
    makruk: ((3, 60), "e3e4", "b1d2", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR", {"d2", "a3", "c3"}),
}  # fmt: skip


@pytest.mark.parametrize("module", list(STARTS), ids=lambda m: m.__name__)
def test_python_chess_helpers_of_the_three_boards(module: Any) -> None:
    kings, pawn_move, knight_move, placement, attacked = STARTS[module]
    board = module.Board()
    name = tamerlane.square_name if module is tamerlane else pychess.square_name
    assert {name(sq) for sq in board.attacks(knight_move[:2])} == attacked
    assert list(board.attacks(28 if module is not tamerlane else 50)) == []
    assert (board.king(tamerlane.WHITE), board.king(False)) == kings
    assert board.color_at(kings[0]) == tamerlane.WHITE and board.color_at(kings[1]) == tamerlane.BLACK
    assert board.color_at(kings[0] + 11 * 3 if module is tamerlane else 28) is None
    assert board.board_fen() == (placement or board.fen().split(" ")[0])
    assert board.is_zeroing(pawn_move) and not board.is_zeroing(knight_move)
    assert board.uci(board.parse_uci(knight_move)) == knight_move
    san = board.san(knight_move)
    assert board.san_and_push(knight_move) == san and str(board.peek()) == knight_move
    # A Knight out and back, twice: the start position three times.
    reply = {tamerlane: "b9c7", chess: "g8f6", makruk: "g8e7"}[module]

    def back(m: str) -> str:
        return m[2:] + m[:2]

    for m in [reply, back(knight_move), back(reply), knight_move, reply, back(knight_move), back(reply)]:
        board.push_uci(m)
    assert board.repetition_count() == 3
    fen = board.fen()
    board.clear_stack()
    assert board.move_stack == [] and board.fen() == fen and board.root() == board
    assert board.repetition_count() == 1
    # Bad arguments are typed errors and change nothing.
    with pytest.raises(tamerlane.IllegalMoveError):
        board.uci("a1a1")
    with pytest.raises(tamerlane.IllegalMoveError):
        board.san_and_push(reply)
    with pytest.raises(tamerlane.IllegalMoveError):
        board.is_zeroing(reply)
    with pytest.raises(ValueError):
        board.color_at(200)
    with pytest.raises(TypeError):
        board.king("white")
    assert board.fen() == fen and board.move_stack == []


def test_a_tamerlane_side_without_its_king_has_no_king_square() -> None:
    # White's King replaced by a Prince (another royal): king() is None,
    # royals() still names the Prince.
    board = tamerlane.Board()
    king = board.king(tamerlane.WHITE)
    assert king is not None
    board.set_piece_at(king, tamerlane.Piece(tamerlane.WHITE, tamerlane.Role.PRINCE))
    assert board.king(tamerlane.WHITE) is None and board.royals(tamerlane.WHITE) == [king]


def test_san_and_push_after_the_end_is_refused_and_changes_nothing() -> None:
    board = chess.Board(rules="draws=automatic")
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        board.push_uci(m)
    assert board.is_game_over()
    fen, stack = board.fen(), board.move_stack
    with pytest.raises(tamerlane.GameOverError, match="threefold-repetition"):
        board.san_and_push("g1f3")
    assert board.fen() == fen and board.move_stack == stack
    # Without its history the position has occurred once: the game goes on.
    board.clear_stack()
    assert not board.is_game_over() and board.repetition_count() == 1


@pytest.mark.parametrize("module", [chess, makruk], ids=lambda m: m.__name__)
def test_the_8x8_squares_have_python_chess_s_names_and_numbers(module: Any) -> None:
    assert module.SQUARE_NAMES == pychess.SQUARE_NAMES and module.SQUARES == list(pychess.SQUARES)
    assert (module.FILE_NAMES, module.RANK_NAMES) == (pychess.FILE_NAMES, pychess.RANK_NAMES)
    assert module.BB_SQUARES == list(pychess.BB_SQUARES)
    assert (module.BB_ALL, module.BB_EMPTY) == (pychess.BB_ALL, pychess.BB_EMPTY)
    for sq, name in enumerate(pychess.SQUARE_NAMES):
        assert getattr(module, name.upper()) == getattr(pychess, name.upper()) == sq
        assert module.square_name(sq) == name and module.parse_square(name) == sq
        file, rank = pychess.square_file(sq), pychess.square_rank(sq)
        assert (module.square_file(sq), module.square_rank(sq)) == (file, rank)
        assert module.square(file, rank) == sq
        assert module.square_mirror(sq) == pychess.square_mirror(sq)
        for other in range(64):
            assert module.square_distance(sq, other) == pychess.square_distance(sq, other)
    for bad in (64, -1):
        for f in (module.square_name, module.square_file, module.square_rank, module.square_mirror):
            with pytest.raises(ValueError, match="out of range"):
                f(bad)
    for text in ("i1", "a9", "", "E4"):
        with pytest.raises(ValueError, match="no square named"):
            module.parse_square(text)
    with pytest.raises(ValueError):
        module.square(8, 0)
    with pytest.raises(TypeError):
        module.square_name("e4")
    # The boards take them.
    king = module.E1 if module is chess else module.D1
    assert module.Board().piece_at(king) == module.Piece.from_symbol("K")

"""tamerlane.pgn for the three games: chess and Makruk records read and
written (round trips, python-chess both ways), files that mix the games
read by their Variant tags, and the game chosen with ``game=``. The
Tamerlane records' own tests are in test_pgn.py."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any, Iterator, List, Optional, TextIO, Tuple, Union, cast

import pytest

import tamerlane
import tamerlane.pgn as pgn
from conftest import REPO
from tamerlane import chess, makruk
from tamerlane._tamerlane import PgnReader, PgnRecord

AnyBoard = Union[tamerlane.Board, chess.Board, makruk.Board]
ChessGame = pgn.Game[chess.Board, chess.Move, chess.Outcome]
MakrukGame = pgn.Game[makruk.Board, makruk.Move, makruk.Outcome]

MATCHES = sorted((REPO / "docs" / "matches").glob("*.pgn"))

# A chess game by hand: an en-passant capture, a promotion, castling both
# ways; and a mate.
CHESS = """[Event "by hand"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 d5 2. e5 f5 3. exf6 Nc6 4. fxg7 Bh3 5. gxh8=Q Qd6 6. Nf3 O-O-O 7. Be2 Kb8
8. O-O Bxg2 9. Kxg2 a6 10. Qxg8 *
"""
FOOLS_MATE = "1. f3 e5 2. g4 Qh4# 0-1\n"


def uci(moves: List[Any]) -> List[str]:
    return [m.uci() for m in moves]


def random_board(board: AnyBoard, rng: random.Random, plies: int) -> AnyBoard:
    """``board`` after up to ``plies`` random legal moves (fewer when the
    game ends)."""
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))  # type: ignore[arg-type]
    return board


def read_one(text: str, game: Optional[str] = None) -> pgn.Game[Any, Any, Any]:
    read = pgn.read_game(io.StringIO(text), game=game)
    assert read is not None
    return read


# --- chess -------------------------------------------------------------------


def test_a_chess_record_by_hand_reads_as_chess_and_writes_back() -> None:
    game: ChessGame = read_one(CHESS, "chess")
    assert game.variant == "chess" and game.rules == ""
    assert "Variant" not in game.headers and game.result == "*"
    moves = game.mainline_moves()
    assert all(isinstance(m, chess.Move) for m in moves) and len(moves) == 19
    assert uci(moves)[:6] == ["e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "b8c6"]
    assert [n.san() for n in game.mainline()][8:12] == ["gxh8=Q", "Qd6", "Nf3", "O-O-O"]
    board = game.end().board()
    assert isinstance(board, chess.Board) and uci(board.move_stack) == uci(moves)
    assert board.fen() == "1k1r1bQ1/1pp1p2p/p1nq4/3p4/8/5N2/PPPPBPKP/RNBQ1R2 b - - 0 10"
    assert game.outcome() is None
    assert isinstance(game.board(), chess.Board) and game.board().fen() == chess.STARTING_FEN
    # Written back: standard PGN, read back equal.
    text = str(game)
    assert "[Variant" not in text and "6. Nf3 O-O-O" in text and "8. O-O Bxg2" in text
    assert read_one(text, "chess") == game
    # The same moves replayed on a board make the record's game.
    replayed = chess.Board()
    for m in moves:
        replayed.push(m)
    made = pgn.Game.from_board(replayed)
    assert made.variant == "chess" and made.mainline_moves() == moves
    # A mate: the result, the outcome, and the Termination tag the writer adds.
    mate: ChessGame = read_one(FOOLS_MATE, "chess")
    outcome = mate.outcome()
    assert isinstance(outcome, chess.Outcome) and mate.result == "0-1"
    assert (outcome.winner, outcome.termination) == (tamerlane.BLACK, "checkmate")
    assert mate.end().board().is_checkmate()
    written = pgn.Game.from_board(mate.end().board())
    assert written.termination == "checkmate" and "2. g4 Qh4# 0-1" in str(written)
    with pytest.raises(pgn.PgnError, match="checkmate"):
        pgn.read_game(io.StringIO(FOOLS_MATE.replace("0-1", "*")), game="chess")


def test_chess_games_round_trip_from_random_boards() -> None:
    rng = random.Random(2801)
    for i in range(30):
        start = chess.Board()
        if i % 3 == 1:  # a start other than the initial position: FEN tag
            start = chess.Board("r3k2r/pppq1ppp/2np1n2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8")
        board = random_board(start, rng, rng.randrange(1, 160))
        game = pgn.Game.from_board(board)
        assert game.variant == "chess" and "Variant" not in game.headers
        assert ("FEN" in game.headers) == (i % 3 == 1) == ("SetUp" in game.headers)
        game.headers["White"] = f"player {i}"
        game.end().comment = "the end"
        back = read_one(str(game), "chess")
        assert back == game and str(back) == str(game)
        assert uci(back.mainline_moves()) == uci(board.move_stack)
        assert back.end().board().fen() == board.fen()
        assert back.result == board.result()


def test_chess_records_with_python_chess_both_ways() -> None:
    pychess_pgn = pytest.importorskip("chess.pgn")
    import chess as pychess

    rng = random.Random(2802)
    # Ours, read by python-chess: the same moves, headers and result.
    for _ in range(20):
        board = random_board(chess.Board(), rng, rng.randrange(1, 200))
        ours = pgn.Game.from_board(board)
        theirs = pychess_pgn.read_game(io.StringIO(str(ours)))
        assert theirs is not None and not theirs.errors
        assert [m.uci() for m in theirs.mainline_moves()] == uci(board.move_stack)
        assert theirs.headers["Result"] == ours.result
        assert theirs.end().board().fen() == board.fen()
    # Theirs (written by python-chess, comments and all), read here.
    for i in range(20):
        their_board = pychess.Board()
        for _ in range(rng.randrange(1, 200)):
            if their_board.is_game_over():
                break
            their_board.push(rng.choice(list(their_board.legal_moves)))
        game = pychess_pgn.Game.from_board(their_board)
        game.headers["Event"] = f"python-chess {i}"
        if game.next() is not None:
            game.next().comment = "first move"
        text = str(game) + "\n"
        ours = read_one(text, "chess")
        assert uci(ours.mainline_moves()) == [m.uci() for m in their_board.move_stack]
        assert ours.headers["Event"] == f"python-chess {i}"
        assert ours.end().board().fen() == their_board.fen()
        if ours.mainline_moves():
            assert ours.next() is not None and ours.next().comment == "first move"  # type: ignore[union-attr]
        # The SAN python-chess writes is the SAN written here.
        assert [n.san() for n in ours.mainline()] == [
            n.san() for n in game.mainline()
        ]


def test_chess_rules_apply_to_games_without_a_rules_tag() -> None:
    moves = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"
    # Threefold repetition is a draw on a claim: the game goes on ...
    game = read_one(moves + " *\n", "chess")
    assert game.outcome() is None
    # ... or at once under draws=automatic, which `*` contradicts.
    with pytest.raises(pgn.PgnError, match="repetition"):
        pgn.read_game(io.StringIO(moves + " *\n"), game="chess", rules="draws=automatic")
    drawn = pgn.read_game(io.StringIO(moves + " 1/2-1/2\n"), game="chess", rules="draws=automatic")
    assert drawn is not None and drawn.rules == "draws=automatic"
    assert "Rules" not in drawn.headers  # as read: the rules came from rules=
    # A Tamerlane rule set is no chess rule set.
    with pytest.raises(tamerlane.InvalidRulesError):
        pgn.read_game(io.StringIO(moves + " *\n"), game="chess", rules="repetition=2")


# --- Makruk ------------------------------------------------------------------


def test_makruk_records_read_and_write() -> None:
    game: MakrukGame = read_one('[Variant "Makruk"]\n\n1. c4 c5 2. Nd2 Nd7 *\n')
    assert game.variant == "makruk" and game.headers["Variant"] == "Makruk"
    assert all(isinstance(m, makruk.Move) for m in game.mainline_moves())
    assert uci(game.mainline_moves()) == ["c3c4", "c6c5", "b1d2", "b8d7"]
    assert isinstance(game.end().board(), makruk.Board)
    assert read_one(str(game)) == game
    # game="makruk" reads a record without a Variant tag as Makruk.
    assert uci(read_one("1. c4 *\n", "makruk").mainline_moves()) == ["c3c4"]
    # Random games from the initial position and from another start.
    rng = random.Random(2803)
    starts = [makruk.STARTING_FEN, "4k3/8/8/8/8/8/3M4/4K2R w - - 0 1"]
    for i in range(30):
        board = random_board(makruk.Board(starts[i % 2]), rng, rng.randrange(1, 200))
        made = pgn.Game.from_board(board)
        assert made.variant == "makruk" and made.headers["Variant"] == "Makruk"
        assert ("FEN" in made.headers) == (i % 2 == 1)
        for node in made.mainline():
            node.comment = node.san()
        back = read_one(str(made))
        assert back == made and back.variant == "makruk"
        assert uci(back.mainline_moves()) == uci(board.move_stack)
        assert back.end().board().fen() == board.fen()
        assert back.result == board.result()
        outcome = back.outcome()
        assert (outcome is None) == (board.outcome() is None)
        if outcome is not None:
            assert isinstance(outcome, makruk.Outcome) and outcome == board.outcome()


# --- several games in one file -----------------------------------------------


def mixed_games() -> List[pgn.Game[Any, Any, Any]]:
    rng = random.Random(2804)
    games: List[pgn.Game[Any, Any, Any]] = []
    for i in range(9):
        boards: List[AnyBoard] = [tamerlane.Board(), chess.Board(), makruk.Board()]
        board = boards[i % 3]
        game = pgn.Game.from_board(random_board(board, rng, 12 + i))
        game.headers["Round"] = str(i + 1)
        if game.variant == "chess":
            # Standard chess PGN has no Variant tag: read with game=None, a
            # chess record says which game it is (as lichess writes it).
            game.headers["Variant"] = "Standard"
        games.append(game)
    return games


def test_a_file_mixing_the_three_games_reads_each_as_its_variant_tag_says(
    tmp_path: Path,
) -> None:
    games = mixed_games()
    path = tmp_path / "mixed.pgn"
    with open(path, "w", encoding="utf-8") as f:
        assert pgn.write_games(f, games) == 9
    with open(path, encoding="utf-8") as f:
        back = list(pgn.read_games(f))
    assert back == games
    assert [g.variant for g in back] == ["tamerlane", "chess", "makruk"] * 3
    for g in back:
        board_class = {"tamerlane": tamerlane.Board, "chess": chess.Board, "makruk": makruk.Board}
        assert type(g.end().board()) is board_class[g.variant]
    # read_game walks through the same file one game at a time.
    with open(path, encoding="utf-8") as f:
        one_by_one = []
        while (game := pgn.read_game(f)) is not None:
            one_by_one.append(game)
    assert one_by_one == games
    # Any case, and "chess" for chess; records without a Variant tag are
    # Tamerlane's.
    text = (
        '[Variant "makruk"]\n\n1. c4 *\n\n[Variant "CHESS"]\n\n1. e4 *\n\n'
        '[Event "untagged"]\n\n1. f4 *\n'
    )
    assert [g.variant for g in pgn.read_games(io.StringIO(text))] == ["makruk", "chess", "tamerlane"]


def test_games_without_tags_follow_the_game_before_them() -> None:
    # A tag section decides for its game and for the games without tags
    # of their own after it, up to the next tag line.
    text = '1. f4 * 1. b4 *\n[Variant "Standard"]\n\n1. e4 * 1. d4 *\n\n1. c4 *\n[Event "x"]\n\n1. c4 *\n'
    read = [(g.variant, uci(g.mainline_moves())) for g in pgn.read_games(io.StringIO(text))]
    assert read == [
        ("tamerlane", ["f3f4"]),
        ("tamerlane", ["b3b4"]),
        ("chess", ["e2e4"]),
        ("chess", ["d2d4"]),
        ("chess", ["c2c4"]),
        ("tamerlane", ["c3c4"]),
    ]


def test_errors_in_a_mixed_file_are_placed_in_the_file_and_reading_goes_on() -> None:
    text = (
        '[Variant "Makruk"]\n\n1. c4 *\n\n'  # lines 1-4
        '[Variant "Standard"]\n[Event "bad"]\n\n1. e4 e4 *\n\n'  # lines 5-9: e4 at column 7
        '[Variant "Makruk"]\n\n1. c4\n'  # lines 10-12: no result token ...
        '[Event "next"]\n\n1. f4 *\n\n'  # ... before line 13's tags
        '[Variant "Shogi"]\n\n*\n\n'  # lines 17-19
        '[Variant "Makruk"]\n\n1. c4 c5 *\n'
    )
    seen: List[pgn.PgnError] = []
    games = list(pgn.read_games(io.StringIO(text), on_error=seen.append))
    assert [(g.variant, g.headers.get("Event")) for g in games] == [
        ("makruk", None),
        ("tamerlane", "next"),
        ("makruk", None),
    ]
    assert [(e.game, e.line, e.column) for e in seen] == [(2, 8, 7), (3, 13, 1), (5, 17, 1)]
    assert "e4" in str(seen[0]) and "result token" in str(seen[1])
    assert 'Variant tag "Shogi": not one of the games read here' in str(seen[2])
    # read_game raises them one by one and reads on after each.
    f = io.StringIO(text)
    outcomes: List[Union[str, Tuple[int, int]]] = []
    while True:
        try:
            game = pgn.read_game(f)
        except pgn.PgnError as e:
            assert e.game is not None and e.line is not None
            outcomes.append((e.game, e.line))
            continue
        if game is None:
            break
        outcomes.append(game.variant)
    assert outcomes == ["makruk", (2, 8), (3, 13), "tamerlane", (5, 17), "makruk"]


def junk_and_cuts() -> Iterator[str]:
    """Hostile texts: the cut records of a match file, and random junk."""
    rng = random.Random(2805)
    whole = MATCHES[0].read_text(encoding="utf-8")
    yield whole
    good = whole[:20000]
    for cut in sorted(rng.sample(range(1, len(good)), 30)):
        yield good[:cut]
    alphabet = '[]{}()"\\;%$.*-/01 \n\t\x00\x7fabcxyzKNR#+=é中'
    for _ in range(300):
        yield "".join(rng.choice(alphabet) for _ in range(rng.randrange(300)))
    # Tag lines inside comments and variations, results missing before tags.
    yield '1. f4 {a\n[Event "x"]\n} *\n1. f4 (1. b4\n[Event "y"]\n) *\n'
    yield '[Event "a"]\n1. f4\n  [Event "b"]\n\n1. b4 *\n% escape\n[Event "c"] 1. c4 *\n'


def read_everything(text: str, game: Optional[str]) -> List[Any]:
    out: List[Any] = []
    for g in pgn.read_games(io.StringIO(text), game=game, on_error=out.append):
        out.append(str(g))
    return [x if isinstance(x, str) else (x.game, x.line, x.column, str(x)) for x in out]


def test_reading_by_variant_tag_finds_what_the_one_game_reader_finds() -> None:
    # The by-Variant reader reads a file of Tamerlane records (without a
    # Variant tag) game for game, error for error, as the Tamerlane reader.
    for text in junk_and_cuts():
        assert read_everything(text, None) == read_everything(text, "tamerlane"), text


# --- the game chosen ---------------------------------------------------------


@pytest.mark.parametrize(
    "text, game, named",
    [
        ('[Variant "Tamerlane"]\n\n*\n', "makruk", "Tamerlane"),
        ('[Variant "Makruk"]\n\n*\n', "chess", "Makruk"),
        ('[Variant "Chess"]\n\n*\n', "tamerlane", "Chess"),
        ('[Variant "Standard"]\n\n*\n', "makruk", "Standard"),
    ],
)
def test_a_variant_tag_naming_another_game_than_game_is_a_pgn_error(
    text: str, game: str, named: str
) -> None:
    with pytest.raises(pgn.PgnError, match=f'Variant tag "{named}"') as info:
        pgn.read_game(io.StringIO(text), game=game)
    assert (info.value.game, info.value.line, info.value.column) == (1, 1, 1)
    # Without game=, the tag decides.
    assert read_one(text).variant == {"Tamerlane": "tamerlane", "Makruk": "makruk"}.get(named, "chess")


def test_standard_chess_pgn_needs_game_chess() -> None:
    text = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"
    # Without a Variant tag, the record is Tamerlane's: not these moves.
    with pytest.raises(pgn.PgnError, match="e5"):
        pgn.read_game(io.StringIO(text))
    assert uci(read_one(text, "chess").mainline_moves()) == ["e2e4", "e7e5", "g1f3", "b8c6"]
    # The name in any case.
    assert read_one(text, "CHESS").variant == "chess"


def test_bad_game_arguments() -> None:
    with pytest.raises(ValueError, match="unknown game `shogi`"):
        pgn.read_game(io.StringIO("*\n"), game="shogi")
    with pytest.raises(TypeError, match="game must be"):
        pgn.read_game(io.StringIO("*\n"), game=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a tamerlane.Board"):
        pgn.Game.from_board("not a board")  # type: ignore[call-overload]


def test_headers_check_the_tags_of_each_game() -> None:
    game = pgn.Game.from_board(chess.Board())
    game.headers["Variant"] = "Standard"
    assert read_one(str(game)).variant == "chess"
    del game.headers["Variant"]
    for name, value in [("Variant", "Makruk"), ("FEN", makruk.STARTING_FEN), ("Result", "2-0")]:
        with pytest.raises(pgn.PgnError):
            game.headers[name] = value
    game.headers["FEN"] = chess.STARTING_FEN  # the start position, as it is
    assert read_one(str(game), "chess") == game
    makruk_game = pgn.Game.from_board(makruk.Board())
    with pytest.raises(pgn.PgnError, match="Variant"):
        makruk_game.headers["Variant"] = "Tamerlane"
    # Games of different games differ, even with no moves.
    assert pgn.Game() != pgn.Game.from_board(chess.Board()) != makruk_game


def test_record_parse_reads_one_game_of_its_game() -> None:
    assert PgnRecord.parse('[Variant "Makruk"]\n\n1. c4 *\n').game == "makruk"
    assert PgnRecord.parse("1. e4 *\n", "chess").game == "chess"
    assert PgnRecord.parse("1. f4 *\n").game == "tamerlane"
    with pytest.raises(pgn.PgnError, match="Shogi"):
        PgnRecord.parse('[Variant "Shogi"]\n\n*\n')
    with pytest.raises(pgn.PgnError, match="more than one game"):
        PgnRecord.parse("1. e4 * 1. d4 *\n", "chess")


def test_a_file_object_that_raises_ends_a_mixed_file() -> None:
    class Failing:
        """A text file whose readline raises at the first tag line of Event."""

        def __init__(self, text: str) -> None:
            self._text = io.StringIO(text)

        def readline(self, size: int = -1) -> str:
            line = self._text.readline(size)
            if line.startswith("[Event"):
                raise OSError("disk gone")
            return line

    text = '[Variant "Makruk"]\n\n1. c4 *\n\n[Event "x"]\n\n1. f4 *\n'
    f = cast(TextIO, Failing(text))
    first = pgn.read_game(f)
    assert first is not None and first.variant == "makruk"
    with pytest.raises(OSError, match="disk gone"):
        pgn.read_game(f)
    reader = PgnReader(None, None)
    f = cast(TextIO, Failing(text))
    assert reader.read(f) is not None
    with pytest.raises(OSError):
        reader.read(f)
    assert reader.read(f) is None

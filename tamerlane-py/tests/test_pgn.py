"""tamerlane.pgn: reading, writing and editing game records (the Rust
record reader and writer behind a chess.pgn-style API)."""

from __future__ import annotations

import doctest
import io
import random
from pathlib import Path
from typing import List

import pytest

import tamerlane
import tamerlane.pgn as pgn
from conftest import REPO

MATCHES = sorted((REPO / "docs" / "matches").glob("*.pgn"))

ONE = '[Event "one"]\n[White "Timur"]\n\n{start} 1. f4 {a pawn} 1... f7 2. Nc4 *\n'


def read_all(text: str) -> List[pgn.Game]:
    return list(pgn.read_games(io.StringIO(text)))


def test_the_module_docstrings_run() -> None:
    failures, tried = doctest.testmod(pgn)
    assert tried >= 8 and failures == 0


@pytest.mark.parametrize("path", MATCHES, ids=lambda p: p.name)
def test_every_match_record_reads_and_round_trips(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    games = read_all(text)
    # Counted independently: each game has one Event tag line.
    assert len(games) == text.count("\n[Event ") + text.startswith("[Event ")
    assert len(games) == 200
    for game in games:
        back = pgn.read_game(io.StringIO(str(game)))
        assert back == game
        assert str(back) == str(game)
        # The result the file gives, and the last position's outcome by the
        # rules when the Termination tag names a rule.
        assert game.result == game.headers["Result"] != "*"
        if game.termination in ("checkmate", "stalemate", "repetition", "move-limit"):
            outcome = game.outcome()
            assert outcome is not None and str(outcome.termination) == game.termination


def test_read_game_reads_one_game_at_a_time_and_none_at_the_end() -> None:
    with open(MATCHES[0], encoding="utf-8") as f:
        first = pgn.read_game(f)
        second = pgn.read_game(f)
        assert first is not None and second is not None
        assert (first.headers["Round"], second.headers["Round"]) == ("1", "2")
        rest = 0
        while pgn.read_game(f) is not None:
            rest += 1
        assert rest == 198
        assert pgn.read_game(f) is None
        # Moved back to the start, the file reads from there again.
        f.seek(0)
        again = pgn.read_game(f)
        assert again == first
    assert pgn.read_game(io.StringIO("")) is None
    assert pgn.read_game(io.StringIO("\n  \n% escape line\n")) is None


def test_read_game_and_read_games_split_a_file_alike() -> None:
    # Two games on one line, then one after tags: the text after a result
    # token begins the next game.
    text = '1. f4 * 1. b4 *\n[Event "x"]\n\n1. c4 *\n'
    f = io.StringIO(text)
    one_by_one = []
    while (game := pgn.read_game(f)) is not None:
        one_by_one.append([str(m) for m in game.mainline_moves()])
    expected = [["f3f4"], ["b3b4"], ["c3c4"]]
    assert one_by_one == expected
    assert [[str(m) for m in g.mainline_moves()] for g in read_all(text)] == expected


def test_a_game_by_hand() -> None:
    game = pgn.read_game(io.StringIO(ONE))
    assert game is not None
    assert game.headers["Event"] == "one"
    assert game.headers["White"] == "Timur"
    assert "Black" not in game.headers
    # The Result tag comes from the result token, after the roster tags.
    assert list(game.headers) == ["Event", "White", "Result"]
    assert game.result == "*" and game.termination is None and game.outcome() is None
    assert [str(m) for m in game.mainline_moves()] == ["f3f4", "f8f7", "b2c4"]
    assert [n.san() for n in game.mainline()] == ["f4", "f7", "Nc4"]
    assert game.comment == "start"
    node = game.next()
    assert node is not None and node.comment == "a pawn" and node.ply() == 1
    assert node.parent is game and game.parent is None and game.move is None
    end = game.end()
    assert end.ply() == 3 and end.is_end() and end.next() is None
    assert str(end.move) == "b2c4"
    board = end.board()
    assert board.ply() == 3 and [str(m) for m in board.move_stack] == ["f3f4", "f8f7", "b2c4"]
    assert game.board().ply() == 0 and game.board().tfen() == tamerlane.INITIAL_TFEN
    assert game.comments == [(0, "start"), (1, "a pawn")]
    assert game.rules == tamerlane.Board().rules


def test_variations_and_nags_are_skipped() -> None:
    game = pgn.read_game(io.StringIO("1. f4 $1 (1. b4 (1. c4) f7) 1... f7 $14 *\n"))
    assert game is not None
    assert [str(m) for m in game.mainline_moves()] == ["f3f4", "f8f7"]


def test_from_board_carries_start_rules_moves_and_ending() -> None:
    board = tamerlane.Board(rules="repetition=2")
    for san in ["Nc4", "Nc7", "Nb2", "Nb9"]:
        board.push_san(san)
    game = pgn.Game.from_board(board)
    assert game.headers["Rules"] == "repetition=2"
    assert game.result == "1/2-1/2" and game.termination == "repetition"
    assert [str(m) for m in game.mainline_moves()] == [str(m) for m in board.move_stack]
    back = pgn.read_game(io.StringIO(str(game)))
    assert back == game and back is not None
    assert back.rules == "repetition=2" and back.end().board().is_game_over()
    # A position other than the initial one goes in a TFEN tag.
    tfen = "S10/11/11/11/5k5/11/11/11/11/10A w - 00 0 1"
    game = pgn.Game.from_board(tamerlane.Board(tfen))
    assert game.headers["SetUp"] == "1"
    assert game.headers["TFEN"] == tamerlane.Board(tfen).tfen()
    assert pgn.read_game(io.StringIO(str(game))) == game


def test_the_rules_tag_decides_how_a_game_reads() -> None:
    moves = "1. Nc4 Nc7 2. Nb2 Nb9"
    # Under the default rules the game goes on after these moves ...
    game = pgn.read_game(io.StringIO(moves + " *\n"))
    assert game is not None and game.outcome() is None
    # ... under repetition=2 it is drawn: `*` contradicts it.
    with pytest.raises(pgn.PgnError, match="repetition"):
        pgn.read_game(io.StringIO(f'[Rules "repetition=2"]\n\n{moves} *\n'))
    game = pgn.read_game(io.StringIO(f'[Rules "repetition=2"]\n\n{moves} 1/2-1/2\n'))
    assert game is not None and game.rules == "repetition=2"
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is None
    # Without the tag, the reader's rules apply; the tag still wins.
    game = pgn.read_game(io.StringIO(moves + " 1/2-1/2\n"), rules="repetition=2")
    assert game is not None and game.rules == "repetition=2"
    with pytest.raises(pgn.PgnError, match="Rules tag"):
        pgn.read_game(io.StringIO('[Rules "repetition=seven"]\n\n*\n'))
    with pytest.raises(tamerlane.InvalidRulesError):
        pgn.read_game(io.StringIO(moves + " *\n"), rules="no-such-rule=1")


def test_errors_carry_game_line_and_column_and_reading_goes_on() -> None:
    text = ONE + '\n[Event "two"]\n\n1. f4 zz9 *\n\n[Event "three"]\n\n1. f4 *\n'
    f = io.StringIO(text)
    assert pgn.read_game(f) is not None
    with pytest.raises(pgn.PgnError) as info:
        pgn.read_game(f)
    e = info.value
    assert isinstance(e, ValueError)
    # Line 8 of the file, `zz9` at column 7 of `1. f4 zz9 *`.
    assert (e.game, e.line, e.column) == (2, 8, 7)
    assert "zz9" in str(e)
    third = pgn.read_game(f)
    assert third is not None and third.headers["Event"] == "three"
    assert pgn.read_game(f) is None
    # The iterator: errors raised, or passed on and skipped.
    with pytest.raises(pgn.PgnError):
        read_all(text)
    seen: List[pgn.PgnError] = []
    games = list(pgn.read_games(io.StringIO(text), on_error=seen.append))
    assert [g.headers["Event"] for g in games] == ["one", "three"]
    assert [(x.line, x.column) for x in seen] == [(8, 7)]


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("1. f4 f7", 1, 9, "truncated"),
        ("1. f4 {never closed\n", 1, 7, "comment"),
        ('[Event "x"\n\n*\n', 1, 11, "tag"),
        # A Variant tag naming no game read here (a chess record's tag reads
        # as chess with the default game=None: see test_pgn_games.py).
        ('[Variant "Shogi"]\n\n*\n', 1, 1, "Variant"),
        ('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*\n', 1, 1, "TFEN"),
        ('[TFEN "nonsense"]\n\n*\n', 1, 1, "TFEN"),
        ('[Result "1-0"]\n\n1. f4 *\n', 3, 7, "Result"),
        ("1. f4 f4 *\n", 1, 7, "f4"),
        ("1. f4 ) *\n", 1, 7, "unexpected character"),
    ],
)
def test_bad_records_raise_pgn_error_where_they_are_wrong(
    text: str, line: int, column: int, words: str
) -> None:
    with pytest.raises(pgn.PgnError, match=words) as info:
        pgn.read_game(io.StringIO(text))
    assert (info.value.game, info.value.line, info.value.column) == (1, line, column)


def test_hostile_input_raises_the_typed_error_and_never_crashes(tmp_path: Path) -> None:
    rng = random.Random(13)
    good = MATCHES[0].read_text(encoding="utf-8")
    # Truncated files: whole games read, the cut one raises PgnError.
    for cut in sorted(rng.sample(range(1, len(good)), 40)):
        seen: List[pgn.PgnError] = []
        games = list(pgn.read_games(io.StringIO(good[:cut]), on_error=seen.append))
        assert len(games) + len(seen) >= 1
        assert all(isinstance(e.line, int) and e.line >= 1 for e in seen)
    # Garbage text: printable junk, control characters, brackets.
    alphabet = "[]{}()\"\\;%$.*-/01 \n\t\x00\x7fabcxyzKNR#+=é中"
    for _ in range(200):
        junk = "".join(rng.choice(alphabet) for _ in range(rng.randrange(200)))
        for _ in pgn.read_games(io.StringIO(junk), on_error=lambda e: None):
            pass
    # A huge line is refused without being read whole.
    huge = "1. f4 {" + "a" * (3 << 20) + "} *\n"
    with pytest.raises(pgn.PgnError, match="line longer") as info:
        pgn.read_game(io.StringIO(huge))
    assert info.value.line == 1
    # Bytes that are not UTF-8, in a file opened as UTF-8.
    path = tmp_path / "garbage.pgn"
    path.write_bytes(b"1. f4 *\n\n" + bytes(rng.randrange(256) for _ in range(5000)))
    with open(path, encoding="utf-8") as f, pytest.raises(pgn.PgnError) as info:
        list(pgn.read_games(f))
    assert isinstance(info.value.__cause__, UnicodeDecodeError)
    # A file opened in binary mode: a clear TypeError.
    with open(path, "rb") as b, pytest.raises(TypeError, match="text mode"):
        pgn.read_game(b)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text file object"):
        pgn.read_game(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text file object"):
        next(pgn.read_games("1. f4 *"))  # type: ignore[arg-type]


def test_headers_are_an_ordered_mapping_that_checks_each_change() -> None:
    game = pgn.Game()
    assert list(game.headers)[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    game.headers["White"] = "Timur"
    game.headers["Annotator"] = "Ibn Arabshah"
    assert list(game.headers)[-1] == "Annotator"
    del game.headers["Annotator"]
    assert "Annotator" not in game.headers and len(game.headers) == 8
    with pytest.raises(KeyError):
        del game.headers["Annotator"]
    before = str(game)
    for name, value, words in [
        ("Time Control", "40/7200", "tag name"),
        ("Event", "a\nb", "control"),
        ("Result", "2-0", "Result"),
        ("Variant", "Chess", "Variant"),
        ("FEN", "8/8/8/8/8/8/8/8 w - - 0 1", "TFEN"),
        ("Termination", "checkmate", "Termination"),
    ]:
        with pytest.raises(pgn.PgnError, match=words) as info:
            game.headers[name] = value
        assert info.value.line is None
    with pytest.raises(pgn.PgnError, match="Result"):
        del game.headers["Result"]
    with pytest.raises(TypeError):
        game.headers["Event"] = 3  # type: ignore[assignment]
    assert str(game) == before
    # A result the rules have not decided may be set: a resignation.
    game.headers["Result"] = "0-1"
    assert game.result == "0-1" and str(game).endswith("\n\n0-1\n")


def test_comments_are_set_per_node_and_read_back() -> None:
    board = tamerlane.Board()
    board.push_san("f4")
    board.push_san("f7")
    game = pgn.Game.from_board(board)
    game.comment = "before"
    end = game.end()
    end.comment = "  two\n lines } here "
    assert end.comment == "two lines ) here"
    assert game.comments == [(0, "before"), (2, "two lines ) here")]
    assert str(game).endswith("\n\n{before} 1. f4 f7 {two lines ) here} *\n")
    assert pgn.read_game(io.StringIO(str(game))) == game
    game.comment = ""
    assert game.comments == [(2, "two lines ) here")]


def test_write_games_then_read_games(tmp_path: Path) -> None:
    games = read_all(MATCHES[0].read_text(encoding="utf-8"))[:5]
    games[1].end().comment = "written back"
    path = tmp_path / "out.pgn"
    with open(path, "w", encoding="utf-8") as f:
        assert pgn.write_games(f, games) == 5
    with open(path, encoding="utf-8") as f:
        assert list(pgn.read_games(f)) == games


def test_a_comment_that_is_not_a_str_is_refused_and_changes_nothing() -> None:
    game = pgn.read_game(io.StringIO(ONE))
    assert game is not None
    node = game.next()
    assert node is not None
    before = str(game)
    # bytes have a ``strip()`` of their own, None and ints have none: each
    # is refused by the type check itself, naming the type, before the
    # record is touched.
    for bad in [b"bytes", None, 3, ["a pawn"]]:
        with pytest.raises(TypeError, match=f"a comment is a str, not {type(bad).__name__}"):
            node.comment = bad  # type: ignore[assignment]
        with pytest.raises(TypeError, match="a comment is a str"):
            game.comment = bad  # type: ignore[assignment]
    assert node.comment == "a pawn" and game.comment == "start"
    assert str(game) == before


def test_san_at_the_start_of_a_game_is_a_value_error() -> None:
    game = pgn.read_game(io.StringIO(ONE))
    assert game is not None
    # The start (the game itself, ply 0) has no move, so no SAN; every
    # node after it has one.
    with pytest.raises(ValueError, match="the start of the game has no move"):
        game.san()
    empty = pgn.Game()
    with pytest.raises(ValueError, match="the start of the game has no move"):
        empty.san()
    assert repr(empty).startswith("<Game (") and "0 plies" in repr(empty)
    assert repr(game.next()) == "<GameNode at ply 1 (after f4)>"
    assert game.next() is not None and game.end().san() == "Nc4"

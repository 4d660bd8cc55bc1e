"""``tamerlane.data``: the binary self-play format read as numpy arrays
without a copy (``docs/ENGINE.md``, "The binary format"). The records are
the text run's positions (boards checked against ``Board(fen)``); the
quiet filter drops exactly the positions in check and those whose best
move captures (asked of the package's own boards); a damaged file gives a
``ValueError`` naming what is wrong."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Union

import numpy as np
import pytest

import tamerlane
import tamerlane.chess
import tamerlane.data as data
import tamerlane.makruk
from tamerlane import InvalidFenError
from tamerlane._tamerlane import datagen_header, datagen_shard

GAMES = ["tamerlane", "chess", "makruk"]
KW: dict[str, Any] = dict(nodes=150, opening_plies=4, hash_mib=1)
# The FEN letters of each sibling game's roles in the order of its Role
# (docs/CHESS.md, docs/MAKRUK.md).
LETTERS = {"chess": "PNBRQK", "makruk": "PMSNRK"}
AnyBoard = Union[tamerlane.Board, tamerlane.chess.Board, tamerlane.makruk.Board]
BOARDS: dict[str, Callable[[str], AnyBoard]] = {
    "tamerlane": tamerlane.Board,
    "chess": tamerlane.chess.Board,
    "makruk": tamerlane.makruk.Board,
}


def symbol(game: str, color: int, role: int) -> str:
    """The position-text symbol of a decoded piece."""
    if game == "tamerlane":
        s = tamerlane.Role.all()[role].token
    else:
        s = LETTERS[game][role]
    return s if color == 0 else s.lower()


def text_positions(text: bytes) -> list[tuple[str, int, str]]:
    rows = []
    for line in text.decode().splitlines():
        if line.startswith("#"):
            continue
        fen, score, result = line.split(" | ")
        rows.append((fen, int(score), result))
    return rows


def test_dtypes_have_the_documented_sizes_and_no_padding() -> None:
    # 12 bytes before the board, then one byte per square (112 or 64).
    assert {g: data.RECORD_DTYPE[g].itemsize for g in GAMES} == {
        "tamerlane": 124, "chess": 76, "makruk": 76,
    }
    for g in GAMES:
        dt = data.RECORD_DTYPE[g]
        assert dt.fields is not None
        fields = sorted((f[1], f[0].itemsize) for f in dt.fields.values())
        # The fields follow one another from 0 to the record's end.
        ends = [0] + [off + size for off, size in fields]
        assert [off for off, _ in fields] == ends[:-1] and ends[-1] == dt.itemsize
        assert dt["score"] == np.dtype("<i2") and dt["result"] == np.dtype("i1")
        assert dt["board"].shape == (data.SQUARES[g],)
    assert data.HEADER_SIZE == 512 and data.MAGIC == b"TMLNDATA"


@pytest.mark.parametrize("game", GAMES)
def test_records_are_the_text_positions_and_the_filter_keeps_the_quiet_ones(
    game: str, tmp_path: Path
) -> None:
    # Seed 6: with the shipped nets, each game's run has positions in check
    # or with a capture to drop (seed 5's two Makruk games have none).
    seed = 6
    text, n_text = datagen_shard(game, "", seed, 0, 2, **KW)
    everything, n_all = datagen_shard(game, "", seed, 0, 2, format="binary", filter="all", **KW)
    quiet_bytes, n_quiet = datagen_shard(game, "", seed, 0, 2, format="binary", **KW)
    rows = text_positions(text)
    assert n_all == n_text == len(rows)
    head, arr = data.from_bytes(everything)
    assert (head.game, head.quiet, head.records, head.first, head.games) == (game, False, n_all, 0, 2)
    assert head.settings.startswith(f"game {game} rules default seed {seed} first 0 count 2 nodes 150")
    assert np.shares_memory(arr, np.frombuffer(everything, np.uint8))
    keep = []
    for rec, (fen, white, result) in zip(arr, rows):
        board = BOARDS[game](fen)
        decoded = {sq: symbol(game, c, r) for sq, (c, r) in data.decode_board(rec["board"], game).items()}
        assert decoded == {sq: p.symbol() for sq, p in board.piece_map().items()}, fen
        white_to_move = bool(board.turn)
        assert int(rec["turn"]) == (0 if white_to_move else 1)
        assert int(rec["score"]) == (white if white_to_move else -white)
        won = {"1": 1, "0": -1, "0.5": 0}[result] * (1 if white_to_move else -1)
        assert int(rec["result"]) == won
        moves = [m for m in board.legal_moves
                 if (m.from_square, m.to_square) == (rec["best_from"], rec["best_to"])]
        assert moves, fen
        capture = board.is_capture(moves[0])  # type: ignore[arg-type]
        check = board.is_check()
        assert int(rec["flags"]) == int(check) | 2 * int(capture), fen
        keep.append(not check and not capture)
    mask = np.array(keep)
    assert 0 < mask.sum() < len(mask)
    # The quiet file, mapped from disk, is the quiet subset, byte for byte.
    path = tmp_path / "quiet.bin"
    path.write_bytes(quiet_bytes)
    quiet = data.read(path)
    assert isinstance(quiet, np.memmap) and not quiet.flags.writeable
    assert data.read_header(path).quiet and len(quiet) == n_quiet
    assert quiet.tobytes() == arr[mask].tobytes()
    assert (arr["reserved"] == 0).all()
    # Deterministic: the same settings, the same bytes.
    assert datagen_shard(game, "", seed, 0, 2, format="binary", **KW)[0] == quiet_bytes


def damaged(good: bytes, at: int, value: bytes) -> bytes:
    return good[:at] + value + good[at + len(value):]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda b: damaged(b, 0, b"NOTDATA!"), "not a tamerlane datagen binary file: magic"),
        (lambda b: damaged(b, 8, b"\x02"), "format version 2 is not supported"),
        (lambda b: damaged(b, 10, b"\x07"), "unknown game 7"),
        (lambda b: damaged(b, 10, b"\x00"), "header field record size is 76, expected 124"),
        (lambda b: b[:-3], "(truncated or unfinished)"),
        (lambda b: b[:40], "40 bytes, shorter than the 512-byte header"),
        (lambda b: b"# tamerlane datagen 1\n" * 30, "magic"),
    ],
)
def test_damaged_files_raise_value_error(
    change: Callable[[bytes], bytes], message: str, tmp_path: Path
) -> None:
    good, _ = datagen_shard("chess", "", 1, 0, 1, format="binary", **KW)
    bad = change(good)
    path = tmp_path / "bad.bin"
    path.write_bytes(bad)
    with pytest.raises(ValueError, match=f"bad.bin: .*{re.escape(message)}"):
        data.read(path)
    with pytest.raises(ValueError, match=re.escape(message)):
        data.from_bytes(bad)


def test_an_empty_shard_reads_as_no_record(tmp_path: Path) -> None:
    empty, n = datagen_shard("makruk", "", 1, 0, 0, format="binary")
    assert n == 0 and len(empty) == 512
    path = tmp_path / "empty.bin"
    path.write_bytes(empty)
    arr = data.read(path)
    assert arr.shape == (0,) and arr.dtype == data.RECORD_DTYPE["makruk"]


def test_openings_and_bad_arguments() -> None:
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    text, _ = datagen_shard("chess", "", 1, 0, 1, nodes=50, opening_plies=0, openings=[fen])
    assert text.decode().splitlines()[2].startswith(fen)
    with pytest.raises(ValueError, match='unknown format "csv"'):
        datagen_shard("chess", "", 1, 0, 1, format="csv")
    with pytest.raises(ValueError, match="unknown filter"):
        datagen_shard("chess", "", 1, 0, 1, filter="loud")
    with pytest.raises(TypeError, match="format must be a str"):
        datagen_shard("chess", "", 1, 0, 1, format=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidFenError, match=r"openings\[1\]"):
        datagen_shard("chess", "", 1, 0, 1, openings=[fen, "nonsense"])
    with pytest.raises(ValueError, match="openings is empty"):
        datagen_shard("chess", "", 1, 0, 1, openings=[])
    with pytest.raises(ValueError, match="unknown game"):
        data.decode_board(np.zeros(64, np.uint8), "go")
    with pytest.raises(ValueError, match="square 3: 13 is no piece code of chess"):
        data.decode_board(np.array([0, 0, 0, 13] + [0] * 60, np.uint8), "chess")
    with pytest.raises(TypeError):
        data.from_bytes(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="file_size -1 out of range"):
        datagen_header(b"", -1)
    with pytest.raises(TypeError, match="head must be bytes, not str"):
        datagen_header("TMLNDATA", 600)  # type: ignore[arg-type]

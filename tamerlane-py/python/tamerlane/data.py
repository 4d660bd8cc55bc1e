"""Self-play data in the binary format of ``tamerlane datagen --format
binary`` (``docs/ENGINE.md``, "The binary format"; ``docs/PYTHON.md``,
"Self-play data"), read as numpy structured arrays without a copy.

>>> import tamerlane.data
>>> tamerlane.data.RECORD_DTYPE["chess"].itemsize
76

:func:`read` maps a file (``np.memmap``, read-only), :func:`from_bytes`
views the bytes of a shard (``datagen_shard(..., format="binary")``);
both check the header first and raise ``ValueError`` saying what is wrong.
The layout comes from the engine library (``_tamerlane.datagen_layout``),
its one definition.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from . import _tamerlane

_LAYOUT: dict[str, Any] = _tamerlane.datagen_layout()

MAGIC: bytes = _LAYOUT["magic"]
"""The first eight bytes of a binary data file."""
VERSION: int = _LAYOUT["version"]
"""The format version this package reads."""
HEADER_SIZE: int = _LAYOUT["header_size"]
"""The header's size in bytes: the records start there."""
GAMES: tuple[str, ...] = tuple(_LAYOUT["games"])
"""The games, in the order of the header's game byte."""
SQUARES: dict[str, int] = {g: s for g, (s, _, _) in _LAYOUT["games"].items()}
"""The squares of each game's board (the length of a record's ``board``)."""
ROLES: dict[str, int] = {g: r for g, (_, r, _) in _LAYOUT["games"].items()}
"""The roles of each game: a square's byte is 0 (empty) or ``1 + color *
ROLES[game] + role`` (color 0 White, 1 Black; role the index in the game's
``Role``)."""


def _dtype(game: str) -> np.dtype[np.void]:
    squares, _, size = _LAYOUT["games"][game]
    names, formats, offsets = [], [], []
    for name, offset, kind, is_board in _LAYOUT["fields"]:
        names.append(name)
        formats.append((kind, (squares,)) if is_board else kind)
        offsets.append(offset)
    return np.dtype({"names": names, "formats": formats, "offsets": offsets, "itemsize": size})


RECORD_DTYPE: dict[str, np.dtype[np.void]] = {g: _dtype(g) for g in GAMES}
"""Each game's record as a numpy structured dtype: ``score`` (int16,
centipawns for the side to move, mates ±30000), ``fullmove``,
``halfmoves`` (uint16), ``turn`` (uint8, 0 White), ``result`` (int8, for
the side to move: 1, 0, -1), ``best_from``, ``best_to`` (uint8 square
indices), ``flags`` (uint8: 1 in check, 2 the best move captures),
``reserved`` (uint8, 0) and
``board`` (uint8 per square)."""


@dataclass(frozen=True)
class DataHeader:
    """What a binary data file's header says."""

    #: The game: ``"tamerlane"``, ``"chess"`` or ``"makruk"``.
    game: str
    #: Whether only quiet positions were kept (not in check, the best
    #: move not a capture).
    quiet: bool
    #: The number of records.
    records: int
    #: The index of the first game and the number of games.
    first: int
    games: int
    #: The run's settings, as the text format's second line names them.
    settings: str


def _header(head: bytes, size: int, where: str) -> DataHeader:
    try:
        h = _tamerlane.datagen_header(head, size)
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None
    return DataHeader(**h)


def read_header(path: Union[str, os.PathLike[str]]) -> DataHeader:
    """The header of the binary data file at `path`, checked against the
    file's size (``ValueError`` if it is not such a file or is truncated)."""
    with open(path, "rb") as f:
        head = f.read(HEADER_SIZE)
        size = os.fstat(f.fileno()).st_size
    return _header(head, size, os.fspath(path))


def read(path: Union[str, os.PathLike[str]]) -> npt.NDArray[np.void]:
    """The records of the binary data file at `path` as a read-only
    structured array of ``RECORD_DTYPE[game]`` mapped from the file (an
    ``np.memmap``: no copy; an empty array when the file holds no record).
    The header is checked first (:func:`read_header`)."""
    h = read_header(path)
    dtype = RECORD_DTYPE[h.game]
    if h.records == 0:
        return np.zeros(0, dtype)
    return np.memmap(path, dtype=dtype, mode="r", offset=HEADER_SIZE, shape=(h.records,))


def from_bytes(data: Union[bytes, bytearray, memoryview]) -> tuple[DataHeader, npt.NDArray[np.void]]:
    """The header and the records of a binary file's bytes (say, a shard
    from ``datagen_shard(..., format="binary")``), the records a
    read-only view of `data` (no copy)."""
    view = memoryview(data)
    h = _header(bytes(view[:HEADER_SIZE]), view.nbytes, "data")
    dtype = RECORD_DTYPE[h.game]
    return h, np.frombuffer(data, dtype=dtype, count=h.records, offset=HEADER_SIZE)


def decode_board(board: npt.NDArray[np.uint8], game: str) -> dict[int, tuple[int, int]]:
    """The pieces of a record's ``board`` as ``{square: (color, role)}``
    (color 0 White, 1 Black; role the index in the game's ``Role``)."""
    if game not in ROLES:
        raise ValueError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    roles = ROLES[game]
    codes = np.asarray(board)
    if codes.shape != (SQUARES[game],):
        raise ValueError(f"a {game} board has {SQUARES[game]} squares, not shape {codes.shape}")
    out: dict[int, tuple[int, int]] = {}
    for sq in np.flatnonzero(codes).tolist():
        code = int(codes[sq]) - 1
        if code >= 2 * roles:
            raise ValueError(f"square {sq}: {code + 1} is no piece code of {game}")
        out[sq] = divmod(code, roles)
    return out


__all__ = [
    "GAMES",
    "HEADER_SIZE",
    "MAGIC",
    "RECORD_DTYPE",
    "ROLES",
    "SQUARES",
    "VERSION",
    "DataHeader",
    "decode_board",
    "from_bytes",
    "read",
    "read_header",
]

"""The training set of tools/nnue/train.py: binary data files
(`tamerlane datagen --format binary`, docs/ENGINE.md "The binary format")
turned once into compact arrays of the network's features.

Each record's `board` bytes become, for each view, the indices of its active
features (docs/ENGINE.md, "Networks (NNUE)"), the side to move's view first,
at most `max_men` per view; unused slots hold the padding index
`n_features`, which the model reads as a zero row. The mapping is one numpy
lookup `table[view][square][code]`, built from reference.py's `feature`, so
a whole file is converted by indexing, without a loop over positions.

    python3 tools/nnue/dataset.py FILE_OR_DIR...   # sizes and men counts
"""

import glob
import os
import sys
from dataclasses import dataclass

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

import tamerlane.data  # noqa: E402

CHUNK = 1 << 16  # records converted at a time (bounds the temporary arrays)


def data_files(paths):
    """The binary data files of `paths`: files as given, directories'
    `*.bin` (not the unfinished `*.bin.part`), sorted."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            files.extend(sorted(glob.glob(os.path.join(p, "*.bin"))))
        else:
            files.append(p)
    if not files:
        raise SystemExit(f"no data files in {' '.join(paths)}")
    return files


def lookup_table(game):
    """int16 [2 views (White, Black)][squares][code] -> feature; code 0
    (empty) gives the padding index `n_features`."""
    g = reference.GAMES[game]
    pad = reference.n_features(game)
    table = np.full((2, g["squares"], 1 + 2 * g["roles"]), pad, np.int16)
    for v, view in enumerate("wb"):
        for sq in range(g["squares"]):
            for code in range(1, 1 + 2 * g["roles"]):
                colour, role = divmod(code - 1, g["roles"])
                table[v, sq, code] = reference.feature(game, view, sq, "wb"[colour], role)
    return table


def board_features(game, boards, turns, table=None):
    """Features [n, 2, max_men] (int16, the side to move's view first,
    padded with `n_features`) and men counts [n] of `boards` [n, squares]."""
    table = lookup_table(game) if table is None else table
    max_men = reference.GAMES[game]["max_men"]
    squares = np.arange(boards.shape[1])
    out = np.empty((len(boards), 2, max_men), np.int16)
    men = np.count_nonzero(boards, axis=1)
    if len(men) and men.max() > max_men:
        raise ValueError(f"a {game} position with {men.max()} men (at most {max_men})")
    for view in range(2):
        # The padding index is the largest: sorting puts the men first.
        f = np.sort(table[view][squares, boards], axis=1)[:, :max_men]
        own = turns == view  # this view is the side to move's
        out[own, 0] = f[own]
        out[~own, 1] = f[~own]
    return out, men.astype(np.int16)


@dataclass
class Dataset:
    """The positions of some data files, as the trainer uses them."""
    game: str
    files: list       # the files, in order
    counts: list      # records per file
    features: np.ndarray  # int16 [n, 2, max_men]
    buckets: np.ndarray   # int8 [n]
    score: np.ndarray     # int16 [n], centipawns for the side to move
    result: np.ndarray    # int8 [n], 1/0/-1 for the side to move
    index: np.ndarray     # int64 [n, 2]: (file number, record number)

    def __len__(self):
        return len(self.score)


def load(paths, game=None):
    """Reads every record of the data files of `paths` (one game; `game`
    checks it) and computes their features."""
    files = data_files(paths)
    games = {tamerlane.data.read_header(f).game for f in files}
    if len(games) != 1 or (game is not None and games != {game}):
        raise SystemExit(f"data of {', '.join(sorted(games))}, expected {game or 'one game'}")
    game = games.pop()
    table = lookup_table(game)
    parts, counts = [], []
    for i, path in enumerate(files):
        records = tamerlane.data.read(path)
        counts.append(len(records))
        for start in range(0, len(records), CHUNK):
            r = records[start:start + CHUNK]
            feats, men = board_features(game, np.asarray(r["board"]), np.asarray(r["turn"]), table)
            idx = np.stack([np.full(len(r), i), np.arange(start, start + len(r))], axis=1)
            parts.append((feats, men, np.array(r["score"]), np.array(r["result"]), idx))
    cat = [np.concatenate(p) if parts else None for p in zip(*parts)]
    if not parts or len(cat[0]) == 0:
        raise SystemExit(f"no positions in {' '.join(files)}")
    by_men = np.array([reference.bucket(game, m)
                       for m in range(reference.GAMES[game]["max_men"] + 1)], np.int8)
    return Dataset(game, files, counts, cat[0], by_men[cat[1]], cat[2], cat[3], cat[4])


def record(ds, i):
    """The data file record of position `i`."""
    f, r = ds.index[i]
    return tamerlane.data.read(ds.files[f])[r]


def main():
    ds = load(sys.argv[1:])
    men = (ds.features[:, 0] != reference.n_features(ds.game)).sum(axis=1)
    print(f"{ds.game}: {len(ds)} positions in {len(ds.files)} files, men {men.min()}..{men.max()} "
          f"(mean {men.mean():.1f}), buckets {np.bincount(ds.buckets, minlength=8).tolist()}")


if __name__ == "__main__":
    main()

"""The rounds of `make train` (docs/TRAINING.md) as the Makefile spells
them, read from `make -n` (nothing runs): each round's nodes a move, seed,
data folder and scoring net, so that the recipe of a shipped net stays the
one its .json records.
"""

from __future__ import annotations

import os
import subprocess

from conftest import REPO

ROUND1 = "target/train/makruk/data/seed1-nodes1000-full_hce"


def datagen_runs(*settings: str) -> list[list[str]]:
    """The arguments of every tools/nnue/datagen.sh line of `make -n train`."""
    # Nothing from the calling make (`make test GAME=...` passes its
    # settings down in MAKEFLAGS) or the environment may change the recipe.
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "GAME") and not k.startswith("TRAIN_")}
    run = subprocess.run(["make", "-n", "--no-print-directory", "train", *settings], cwd=REPO,
                         env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    text = run.stdout.replace("\\\n", " ")
    return [line.split()[1:] for line in text.splitlines()
            if line.split()[:1] == ["tools/nnue/datagen.sh"]]


def test_makruk_recipe_plays_round_six_at_5000_nodes_scored_by_round_five() -> None:
    runs = datagen_runs("GAME=makruk")
    assert len(runs) == 6
    # binary game games chunk nodes seed jobs config out [eval file]
    assert [r[4] for r in runs] == ["1000"] * 5 + ["5000"]
    assert [r[5] for r in runs] == [str(n) for n in range(1, 7)]
    assert runs[0][8] == ROUND1 and len(runs[0]) == 9
    for before, after in zip(runs, runs[1:]):
        # Round N + 1 is scored by the net beside round N's data, and its
        # folder is named after round N's.
        assert after[9] == before[8] + ".nnue"
        folder, name = os.path.split(before[8])
        assert after[8] == os.path.join(folder, f"seed{after[5]}-nodes{after[4]}-full-{name}")
    assert runs[5][8].startswith("target/train/makruk/data/seed6-nodes5000-full-seed5-nodes1000-")


def test_train_nodes_given_sets_every_round() -> None:
    runs = datagen_runs("GAME=makruk", "TRAIN_NODES=2000")
    assert [r[4] for r in runs] == ["2000"] * 6
    assert runs[5][8].startswith("target/train/makruk/data/seed6-nodes2000-")


def test_other_games_play_every_round_at_train_nodes() -> None:
    for game in ("tamerlane", "chess"):
        runs = datagen_runs(f"GAME={game}")
        assert [r[4] for r in runs] == ["1000", "1000"], game
    runs = datagen_runs("GAME=tamerlane", "TRAIN_ROUNDS=3", "TRAIN_NODES_ROUNDS=500 700")
    assert [r[4] for r in runs] == ["500", "700", "1000"]

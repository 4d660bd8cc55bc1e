#!/usr/bin/env python3
"""The trainer in small (`make train-smoke`, and
tamerlane-py/tests/test_nnue_train.py in `make test`): per game, a few
self-play games at few nodes into a temporary directory (by
tools/nnue/datagen.sh, in two chunks, as `make train` makes its data), two
epochs of train.py, the net quantised to a temporary file and checked
against the Rust evaluator (verify.py), trained on from that file with a
vanishing step (`--init`: the same file again), then one more game scored by that
net (datagen.sh's EVAL_FILE) and a file that is not a net refused.
Seconds per game.

    python3 tools/nnue/smoke.py [--binary target/release/tamerlane] [--eval CMD] [GAME...]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402
import train  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATAGEN = os.path.join(REPO, "tools", "nnue", "datagen.sh")


def smoke(game, binary, eval_command=train.verify.DEFAULT_EVAL, games=3, nodes=300):
    """Generates, trains, writes and verifies; returns the net's .json."""
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        chunk = (games + 1) // 2
        run = subprocess.run([DATAGEN, binary, game, str(games), str(chunk), str(nodes), "1", "2",
                              "full,hce", data], capture_output=True, text=True)
        assert run.returncode == 0, f"datagen.sh failed ({run.returncode}): {run.stderr}"
        chunks = sorted(os.listdir(data))
        assert len(chunks) == 2 and all(c.endswith(".bin") for c in chunks), chunks
        net = os.path.join(tmp, f"{game}.nnue")
        train.train(train.parse_args([data, "--game", game, "--out", net, "--epochs", "2",
                                      "--batch", "128", "--verify", "200", "--progress", "0",
                                      "--eval", eval_command]))
        with open(net + ".json") as f:
            info = json.load(f)
        assert os.path.getsize(net) > 64
        # Training on from the file (`--init`): with a vanishing step the
        # net written again is the same file, byte for byte.
        again = os.path.join(tmp, f"{game}-again.nnue")
        train.train(train.parse_args([data, "--game", game, "--out", again, "--init", net,
                                      "--epochs", "1", "--batch", "128", "--lr", "1e-12",
                                      "--verify", "0", "--progress", "0"]))
        with open(net, "rb") as a, open(again, "rb") as b:
            assert a.read() == b.read(), "a net trained on from a file with no step changed"
        # The next round: one game scored by the new net (`full` with
        # EVAL_FILE), and a file that is not a net refused with no chunk written.
        for name, eval_file, ok in [("net", net, True), ("not-a-net", net + ".json", False)]:
            out = os.path.join(tmp, name)
            run = subprocess.run([DATAGEN, binary, game, "1", "1", str(nodes), "2", "1", "full", out,
                                  eval_file], capture_output=True, text=True)
            assert (run.returncode == 0) == ok, f"datagen.sh with {name} net: {run.returncode}: {run.stderr}"
            written = [c for c in os.listdir(out) if c.endswith(".bin")]
            assert len(written) == int(ok), (name, written, run.stderr)
            if ok:  # the settings line names the net that scored the game
                with open(os.path.join(out, written[0]), "rb") as f:
                    assert b" config full net " in f.read(512), "the chunk was not scored by the net"
    return info


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", default=sorted(reference.GAMES))
    p.add_argument("--binary", default=os.path.join(REPO, "target", "release", "tamerlane"))
    p.add_argument("--eval", default=train.verify.DEFAULT_EVAL)
    args = p.parse_args()
    for game in args.games:
        info = smoke(game, args.binary, args.eval)
        print(f"{game}: {info['positions']} positions, val loss {info['final_val_loss']:.4f}, "
              f"{info['verification']['positions']} positions verified")


if __name__ == "__main__":
    main()

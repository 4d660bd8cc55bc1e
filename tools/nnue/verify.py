"""Checks a trained net file against the trainer's float network on
training positions: the Rust evaluation of the quantised net (the
`nnue_eval` example, fed the positions as TFEN/FEN text) must be within the
quantisation bound of tools/nnue/reference.py (docs/ENGINE.md, "The float
reference") of the float forward pass, and the trainer's own forward pass
(features from the data's board bytes) must equal reference.py's (features
from the text) up to float32 rounding.

    python3 tools/nnue/verify.py NET FLOAT.npz FILE_OR_DIR... [--positions 300] [--eval CMD]

FLOAT.npz holds the float weights (train.py's `--float-out`). Exits 1 on
any difference.
"""

import argparse
import os
import shlex
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset  # noqa: E402
import reference  # noqa: E402

import tamerlane  # noqa: E402
import tamerlane.chess  # noqa: E402
import tamerlane.data  # noqa: E402
import tamerlane.makruk  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_EVAL = "cargo run -q --release -p tamerlane-ai --example nnue_eval --"
BOARDS = {"tamerlane": tamerlane, "chess": tamerlane.chess, "makruk": tamerlane.makruk}


def position_text(game, board, turn):
    """The TFEN (Tamerlane) or FEN of a record's board bytes and side to
    move, written by the tamerlane package's boards (clocks at zero), or
    None when the board alone is no valid position: a Tamerlane pawn of
    pawns waiting on its last rank needs its stage, which records do not
    keep (docs/ENGINE.md, "The binary format")."""
    module = BOARDS[game]
    tokens = reference.TAMERLANE_TOKENS if game == "tamerlane" else reference.BOARD8_LETTERS[game]
    b = module.Board()
    try:
        b.set_piece_map({sq: module.Piece.from_symbol(tokens[role] if colour == 0
                                                      else tokens[role].lower())
                         for sq, (colour, role) in tamerlane.data.decode_board(board, game).items()})
    except module.InvalidPositionError:
        return None
    fields = b.fen().split(" ")
    fields[1] = "wb"[int(turn)]
    return " ".join(fields)


def rust_eval(net_path, texts, command):
    """The Rust outputs (centipawns for the side to move) of `texts`."""
    run = subprocess.run(shlex.split(command) + [net_path], input="\n".join(texts) + "\n",
                         capture_output=True, text=True, cwd=REPO)
    lines = run.stdout.splitlines()
    if run.returncode != 0 or len(lines) != len(texts):
        raise SystemExit(f"{command}: exit {run.returncode}: {run.stderr.strip()}")
    bad = [(t, line) for t, line in zip(texts, lines) if not line.lstrip("-").isdigit()]
    if bad:
        raise SystemExit(f"{command} refused {bad[0][0]!r}: {bad[0][1]}")
    return np.array([int(line) for line in lines])


def verify(net_path, float_net, ds, rows, trainer_out, command=DEFAULT_EVAL, log=print):
    """Compares, for the positions `rows` of the dataset `ds`: the trainer's
    float outputs `trainer_out` (centipawns), reference.py's float forward
    of the text, and the Rust output of the net file. Returns the summary;
    raises SystemExit on a difference."""
    game = ds.game
    texts, kept = [], []
    for i, out in zip(rows, trainer_out):
        rec = dataset.record(ds, i)
        text = position_text(game, rec["board"], rec["turn"])
        if text is not None:
            texts.append(text)
            kept.append(out)
    if len(texts) < len(rows) / 2:
        raise SystemExit(f"verify: only {len(texts)} of {len(rows)} positions could be written as text")
    trainer_out = np.array(kept)
    rust = rust_eval(net_path, texts, command)
    _, back = reference.quantise(float_net)
    exact_slack = reference.SCALE / (reference.QA * reference.QB) + 1
    worst = dict(trainer=0.0, quantised=0.0, float_over_bound=-np.inf)
    failures = []
    for text, r, t in zip(texts, rust, trainer_out):
        as_float = reference.forward(float_net, game, text)
        as_quantised = reference.forward(back, game, text)
        bound = reference.rounding_bound(float_net, game, text) + exact_slack
        d_trainer = abs(t - as_float)  # float32 against float64
        d_quant = abs(r - as_quantised)
        d_float = abs(r - t)
        worst["trainer"] = max(worst["trainer"], d_trainer)
        worst["quantised"] = max(worst["quantised"], d_quant)
        worst["float_over_bound"] = max(worst["float_over_bound"], d_float - bound)
        if d_trainer > 0.05 + 1e-4 * abs(as_float) or d_quant > exact_slack or d_float > bound + 0.05:
            failures.append(f"{text}: rust {r}, trainer {t:.2f}, reference {as_float:.2f}, "
                            f"quantised {as_quantised:.2f}, bound {bound:.1f}")
    summary = dict(positions=len(texts), skipped=len(rows) - len(texts),
                   max_trainer_vs_reference=float(worst["trainer"]),
                   max_rust_vs_quantised=float(worst["quantised"]),
                   max_rust_vs_float_minus_bound=float(worst["float_over_bound"]),
                   mean_abs_rust_vs_float=float(np.mean(np.abs(rust - trainer_out))))
    log(f"verify: {len(texts)} positions ({len(rows) - len(texts)} without a text form): "
        f"trainer vs reference.py max {worst['trainer']:.4f} cp, "
        f"Rust vs quantised float max {worst['quantised']:.2f} cp (slack {exact_slack:.2f}), "
        f"Rust vs float mean {summary['mean_abs_rust_vs_float']:.2f} cp, "
        f"max {worst['float_over_bound']:+.1f} cp from the rounding bound")
    if failures:
        raise SystemExit(f"verify: {len(failures)} of {len(texts)} positions differ:\n"
                         + "\n".join(failures[:10]))
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("net")
    parser.add_argument("float", help="the float weights (.npz)")
    parser.add_argument("data", nargs="+")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval", default=DEFAULT_EVAL, help="the command evaluating a net's positions")
    args = parser.parse_args()
    import model  # JAX: imported only here, the checks above need numpy only
    with np.load(args.float) as z:
        float_net = {k: z[k] for k in z.files}
    ds = dataset.load(args.data)
    rows = np.random.default_rng(args.seed).permutation(len(ds))[:args.positions]
    out = model.evaluate(model.as_params(float_net), ds.features[rows], ds.buckets[rows])
    verify(args.net, float_net, ds, rows, out, args.eval)


if __name__ == "__main__":
    main()

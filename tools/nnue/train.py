#!/usr/bin/env python3
"""Trains a network of docs/ENGINE.md, "Networks (NNUE)" for one game from
self-play data (`tamerlane datagen --format binary`), writes it quantised as
a net file with its description `<out>.json`, and checks the file with the
Rust evaluator (verify.py). docs/TRAINING.md says how `make train` uses it.

    python3 tools/nnue/train.py FILE_OR_DIR... --out NET [--game G] [--init NET] [--epochs 8]
        [--batch 4096] [--lr 3e-3] [--wdl 0.25] [--seed 1] [--verify 300]
        [--progress 60]

Why JAX and optax, on the CPU: the input is sparse (at most 56 of 5152
features active in Tamerlane chess, 32 of 768 in chess and Makruk), so the
first layer is an embedding gather-sum (`jnp.take` of the compact feature
indices of dataset.py, summed), which XLA compiles, with its gradient (a
scatter-add), into loops over the active rows only; a dense matrix product
would multiply zeros a hundred times over. float32 throughout; no GPU on
these machines. JAX and optax are already pinned in the development
requirements (the AlphaZero example), so no new dependency.

Training: the target blends the engine's score and the game's result,
`(1 - wdl) * sigmoid(score / SCALE) + wdl * (result + 1) / 2` (scores
clipped to +-max-score first, which also takes the mates' +-30000 in); the
prediction is `sigmoid(raw)`, `raw` the output in units of SCALE; the loss
the mean of `|prediction - target|^power`. Adam, the learning rate decaying
along a cosine to a hundredth; after every step the weights are clipped to
what the file holds (model.py). The last `--val` fraction of each file's
records (whole games but one: a file's positions come game by game) is
held out for validation. Deterministic for a seed on a given machine.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from functools import partial

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset  # noqa: E402
import reference  # noqa: E402
import verify  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import model  # noqa: E402
import optax  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def targets(ds, wdl, max_score):
    """float32 targets in [0, 1] for the side to move."""
    score = np.clip(ds.score.astype(np.float64), -max_score, max_score)
    t = (1 - wdl) / (1 + np.exp(-score / reference.SCALE)) + wdl * (ds.result + 1.0) / 2
    return t.astype(np.float32)


def split(ds, val):
    """Training and validation rows: the last `val` of each file's records
    held out (at least one position)."""
    counts = np.array(ds.counts)
    first_val = np.ceil(counts * (1 - val)).astype(np.int64)
    held = ds.index[:, 1] >= first_val[ds.index[:, 0]]
    if val > 0 and not held.any():
        held[-1] = True
    return np.flatnonzero(~held), np.flatnonzero(held)


def git_commit():
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                               capture_output=True, text=True).stdout.strip()
        return head + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return None


def duration(seconds):
    m, s = divmod(int(seconds + 0.5), 60)
    return f"{m // 60}h{m % 60:02d}m" if m >= 60 else f"{m}m{s:02d}s"


def mean_loss(params, ds, rows, t, batch, power):
    """The loss over `rows`, in batches of one shape (the last padded with
    weight 0)."""
    total, weight = 0.0, 0
    for s in range(0, len(rows), batch):
        r = rows[s:s + batch]
        n = len(r)
        w = (np.arange(batch) < n).astype(np.float32)
        r = np.concatenate([r, np.repeat(r[:1], batch - n)])
        total += float(_loss(params, ds.features[r], ds.buckets[r], t[r], w, power)) * n
        weight += n
    return total / max(weight, 1)


_loss = jax.jit(model.loss, static_argnames="power")


def train(args):
    start = time.time()
    commit = git_commit()  # the code that runs, not what HEAD is when it ends
    start_net = None
    if args.init:  # read before the data, so that a bad file is refused at once
        try:
            init_game = args.game or reference.net_game(args.init)
            start_net = reference.read_net(args.init, init_game)
        except (OSError, ValueError) as e:
            raise SystemExit(f"--init: {e}")
    ds = dataset.load(args.data, args.game)
    game = ds.game
    if args.init and game != init_game:
        raise SystemExit(f"--init: {args.init} is a {init_game} net, the data are {game}")
    t = targets(ds, args.wdl, args.max_score)
    train_rows, val_rows = split(ds, args.val)
    if len(train_rows) == 0:
        raise SystemExit("no training positions")
    batch = min(args.batch, len(train_rows))
    steps_per_epoch = len(train_rows) // batch
    total_steps = steps_per_epoch * args.epochs
    print(f"{game}: {len(ds)} positions in {len(ds.files)} files ({len(train_rows)} training, "
          f"{len(val_rows)} validation), {args.epochs} epochs of {steps_per_epoch} batches of "
          f"{batch}; features prepared in {time.time() - start:.1f}s", flush=True)

    # Decoupled weight decay on the per-square feature rows only: with the
    # factoriser, what a square adds to its piece's row is pulled toward 0
    # unless the data keep asking for it.
    optimiser = optax.adamw(optax.cosine_decay_schedule(args.lr, max(total_steps, 1), alpha=0.01),
                            weight_decay=args.weight_decay,
                            mask=lambda p: {k: k == "ft_w" for k in p})
    if start_net is not None:
        params = model.unmerge(start_net, game) if args.factoriser else model.as_params(start_net)
    else:
        params = model.init(game, jax.random.PRNGKey(args.seed))
        if not args.factoriser:
            del params["fac_w"]
    state = optimiser.init(params)
    ones = np.ones(batch, np.float32)

    @partial(jax.jit, donate_argnums=(0, 1))
    def step(params, state, features, buckets, target):
        value, grads = jax.value_and_grad(model.loss)(params, features, buckets, target, ones,
                                                      args.power)
        updates, state = optimiser.update(grads, state, params)
        return model.clip(optax.apply_updates(params, updates), game), state, value

    rng = np.random.default_rng(args.seed)
    curve = []
    train_start = last_report = time.time()
    for epoch in range(1, args.epochs + 1):
        epoch_start = time.time()
        order = train_rows[rng.permutation(len(train_rows))]
        losses = []
        for s in range(steps_per_epoch):
            r = order[s * batch:(s + 1) * batch]
            params, state, value = step(params, state, ds.features[r], ds.buckets[r], t[r])
            losses.append(value)
            if time.time() - last_report >= args.progress:
                value.block_until_ready()  # time the work done, not the work queued
                now = last_report = time.time()
                done = (epoch - 1) * steps_per_epoch + s + 1
                left = (now - train_start) / done * (total_steps - done)
                print(f"epoch {epoch:3d}/{args.epochs}  batch {s + 1:,}/{steps_per_epoch:,}  "
                      f"{(s + 1) * batch / max(now - epoch_start, 1e-9):9,.0f} pos/s  "
                      f"left {duration(left)} (training)", flush=True)
        train_loss = float(np.mean(jax.device_get(losses)))
        val_loss = mean_loss(params, ds, val_rows, t, batch, args.power) if len(val_rows) else None
        seconds = time.time() - epoch_start
        speed = steps_per_epoch * batch / seconds
        left = (time.time() - train_start) / epoch * (args.epochs - epoch)
        curve.append(dict(epoch=epoch, train_loss=train_loss, val_loss=val_loss,
                          positions_per_second=round(speed), seconds=round(seconds, 2)))
        val_text = f"{val_loss:.6f}" if val_loss is not None else "-"
        print(f"epoch {epoch:3d}/{args.epochs}  train {train_loss:.6f}  val {val_text}  "
              f"{speed:9,.0f} pos/s  {seconds:6.1f}s  left {duration(left)}", flush=True)

    params = model.merge(params, game)
    net = model.as_numpy(params)
    q, _ = reference.quantise(net)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    reference.write_net(args.out, game, q)
    if args.float_out:
        np.savez(args.float_out, **net)
    print(f"wrote {args.out} ({os.path.getsize(args.out):,} bytes)", flush=True)

    checked = None
    if args.verify > 0:
        pick = np.random.default_rng(args.seed + 1)
        n_val = min(len(val_rows), args.verify // 2)
        rows = np.concatenate([pick.permutation(val_rows)[:n_val],
                               pick.permutation(train_rows)[:args.verify - n_val]])
        out = model.evaluate(params, ds.features[rows], ds.buckets[rows])
        checked = verify.verify(args.out, net, ds, rows, out, args.eval)

    info = dict(
        game=game,
        architecture=dict(id=reference.ARCH_ID, features=reference.n_features(game),
                          hidden=reference.HIDDEN, buckets=reference.BUCKETS, qa=reference.QA,
                          qb=reference.QB, scale=reference.SCALE),
        data=[dict(file=os.path.relpath(f, REPO) if f.startswith(REPO) else f, positions=c)
              for f, c in zip(ds.files, ds.counts)],
        positions=len(ds), training_positions=len(train_rows), validation_positions=len(val_rows),
        init=args.init and (os.path.relpath(os.path.abspath(args.init), REPO)
                            if os.path.abspath(args.init).startswith(REPO) else args.init),
        epochs=args.epochs, batch=batch, lr=args.lr, lr_schedule="cosine to lr / 100",
        factoriser=args.factoriser, weight_decay=args.weight_decay, wdl=args.wdl, power=args.power, max_score=args.max_score, val=args.val, seed=args.seed,
        feature_limit=float(model.feature_limit(game)), output_limit=model.OUTPUT_LIMIT,
        command=shlex.join([os.path.relpath(sys.argv[0], REPO)] + sys.argv[1:]),
        git_commit=commit, jax=jax.__version__, optax=optax.__version__,
        wall_seconds=round(time.time() - start, 1),
        final_train_loss=curve[-1]["train_loss"] if curve else None,
        final_val_loss=curve[-1]["val_loss"] if curve else None,
        curve=curve, verification=checked,
    )
    with open(args.out + ".json", "w") as f:
        json.dump(info, f, indent=1)
        f.write("\n")
    print(f"done in {duration(time.time() - start)}", flush=True)
    return info


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("data", nargs="+", help="binary data files or directories of *.bin")
    p.add_argument("--out", required=True, help="the net file to write (and OUT.json)")
    p.add_argument("--game", choices=sorted(reference.GAMES), help="check the data's game")
    p.add_argument("--init", metavar="NET",
                   help="start from this net file of the game (to train it further) instead "
                        "of random weights")
    p.add_argument("--epochs", type=int, default=8)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--wdl", type=float, default=0.25, help="weight of the game result in the target")
    p.add_argument("--factoriser", action=argparse.BooleanOptionalAction, default=True,
                   help="train a (side, role) row shared by the squares (merged into the net)")
    p.add_argument("--weight-decay", type=float, default=1.0,
                   help="decoupled weight decay of the per-square feature rows")
    p.add_argument("--power", type=float, default=2.0, help="the loss's exponent (2: MSE)")
    p.add_argument("--max-score", type=float, default=3000, help="scores clipped to +-this (cp)")
    p.add_argument("--val", type=float, default=0.05, help="held-out fraction of each file")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--verify", type=int, default=300,
                   help="positions checked against the Rust evaluator (0: none)")
    p.add_argument("--eval", default=verify.DEFAULT_EVAL,
                   help="the command evaluating a net's positions (nnue_eval)")
    p.add_argument("--float-out", help="also save the float weights (.npz) here")
    p.add_argument("--progress", type=float, default=60,
                   help="a progress line (batch, speed, time left) at most every this many "
                        "seconds within an epoch (0: after every batch)")
    return p.parse_args(argv)


if __name__ == "__main__":
    train(parse_args())

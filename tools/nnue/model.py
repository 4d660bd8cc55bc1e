"""The network of docs/ENGINE.md, "Networks (NNUE)" (architecture 1), in
JAX for tools/nnue/train.py: parameters, the float forward pass, the loss
and the weight ranges.

The forward pass is reference.py's `forward`, batched: per view the feature
bias plus the sum of the active features' rows (a gather of the compact
feature indices of dataset.py, the padding index reading zeros: nothing is
trained for it), SCReLU `clamp(acc, 0, 1)^2`, the side to move's view
dotted with its half of the bucket's output weights, the other view with
the other half, plus the bucket's bias; times SCALE for centipawns.

The factoriser (training only): besides a row per (side, role, square)
feature, the trainer keeps a row per (side, role), `fac_w`, added to every
square's row of that piece. A piece seen on few squares in the data still
learns its worth from all of them; `merge` folds the factor rows into the
feature rows before the net is quantised, so the file's network is the
same architecture and gives the same outputs.
"""

import os
import sys

import jax
import jax.numpy as jnp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

# Output weights: the file stores round(w * QB) in [-127, 127].
OUTPUT_LIMIT = reference.MAX_OUTPUT_WEIGHT / reference.QB


def feature_limit(game):
    """The bound on every feature weight and bias: the int16 accumulator,
    bias plus at most `max_men` rows, each at most `round(limit * QA)`,
    stays within 32767 for every position (not only realistic ones):
    Tamerlane 2.25, chess and Makruk 3.89 (rounded down to hundredths, so
    that `(max_men + 1) * round(limit * QA)` still fits)."""
    return np.floor(32767 * 100 / ((reference.GAMES[game]["max_men"] + 1) * reference.QA)) / 100


def init(game, key):
    """Float32 parameters that start SCReLU in its range: accumulator bias
    0.5, feature weights of standard deviation 0.25 / sqrt(max_men) (a full
    board's sum within about +-0.25 of the bias), small output weights."""
    k1, k2 = jax.random.split(key)
    max_men = reference.GAMES[game]["max_men"]
    h, b = reference.HIDDEN, reference.BUCKETS
    return dict(
        ft_w=jax.random.normal(k1, (reference.n_features(game), h), jnp.float32)
        * (0.25 / np.sqrt(max_men)),
        ft_b=jnp.full((h,), 0.5, jnp.float32),
        out_w=jax.random.uniform(k2, (b, 2, h), jnp.float32, -1.0, 1.0) / np.sqrt(2 * h),
        out_b=jnp.zeros((b,), jnp.float32),
        fac_w=jnp.zeros((2 * reference.GAMES[game]["roles"], h), jnp.float32),
    )


def merge(params, game):
    """The parameters without the factoriser: each feature row plus its
    piece's factor row, clipped to the file's range (the network the file
    holds)."""
    if "fac_w" not in params:
        return params
    squares = reference.GAMES[game]["squares"]
    f = feature_limit(game)
    merged = {k: v for k, v in params.items() if k != "fac_w"}
    merged["ft_w"] = jnp.clip(params["ft_w"] + jnp.repeat(params["fac_w"], squares, axis=0), -f, f)
    return merged


def unmerge(net, game):
    """Factorised float32 parameters with the outputs of the merged `net`
    (a reference.py net, e.g. read from a file to train further): each
    piece's factor row the mean of its squares' rows, the feature rows what
    each square adds to it, so that weight decay pulls only that part
    toward 0, as when training from the start."""
    squares = reference.GAMES[game]["squares"]
    ft_w = np.asarray(net["ft_w"], np.float64)
    fac_w = ft_w.reshape(-1, squares, ft_w.shape[1]).mean(axis=1)
    params = as_params(net)
    params["ft_w"] = jnp.asarray(ft_w - np.repeat(fac_w, squares, axis=0), jnp.float32)
    params["fac_w"] = jnp.asarray(fac_w, jnp.float32)
    return params


def raw(params, features, buckets):
    """The output in units of SCALE (int16 features [n, 2, men], the side to
    move's view first; buckets [n])."""
    index = features.astype(jnp.int32)
    rows = jnp.take(params["ft_w"], index, axis=0, mode="fill", fill_value=0)
    if "fac_w" in params:
        # A feature's piece is its index over the squares (the padding
        # index falls past the last piece and reads zeros).
        squares = params["ft_w"].shape[0] // params["fac_w"].shape[0]
        rows = rows + jnp.take(params["fac_w"], index // squares, axis=0, mode="fill", fill_value=0)
    acc = params["ft_b"] + rows.sum(axis=2)  # [n, 2, hidden]
    act = jnp.clip(acc, 0.0, 1.0) ** 2
    return (act * params["out_w"][buckets]).sum(axis=(1, 2)) + params["out_b"][buckets]


def loss(params, features, buckets, target, weight, power):
    """The weighted mean of |sigmoid(raw) - target|^power."""
    err = jnp.abs(jax.nn.sigmoid(raw(params, features, buckets)) - target) ** power
    return jnp.sum(err * weight) / jnp.sum(weight)


def clip(params, game):
    """The weights back into the ranges the net file holds (the factor rows
    and the feature rows each within the bound; `merge` clips their sums)."""
    f = feature_limit(game)
    clipped = dict(ft_w=jnp.clip(params["ft_w"], -f, f), ft_b=jnp.clip(params["ft_b"], -f, f),
                   out_w=jnp.clip(params["out_w"], -OUTPUT_LIMIT, OUTPUT_LIMIT),
                   out_b=params["out_b"])
    if "fac_w" in params:
        clipped["fac_w"] = jnp.clip(params["fac_w"], -f, f)
    return clipped


@jax.jit
def _centipawns(params, features, buckets):
    return reference.SCALE * raw(params, features, buckets)


def evaluate(params, features, buckets, chunk=8192):
    """The float outputs in centipawns, as numpy (chunks of a fixed size)."""
    out = []
    for s in range(0, len(features), chunk):
        f, b = features[s:s + chunk], buckets[s:s + chunk]
        n = len(f)
        if n < chunk and len(features) > chunk:  # pad: one compiled shape
            f = np.concatenate([f, np.repeat(f[:1], chunk - n, axis=0)])
            b = np.concatenate([b, np.repeat(b[:1], chunk - n)])
        out.append(np.asarray(_centipawns(params, f, b))[:n])
    return np.concatenate(out) if out else np.zeros(0, np.float32)


def as_numpy(params):
    """float64 numpy weights, the form of reference.py's nets."""
    return {k: np.asarray(v, np.float64) for k, v in params.items()}


def as_params(net):
    """JAX float32 parameters of a reference.py net."""
    return {k: jnp.asarray(v, jnp.float32) for k, v in net.items()}

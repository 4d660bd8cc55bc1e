"""The network of the real run, in JAX with optax (the ``alphazero``
extra: ``pip install 'tamerlane[alphazero]'``).

The planes' 112 real squares (docs/PYTHON.md, "Research: planes and the
action space") are embedded one by one (the same small layer on every
square: which piece stands there); a two-layer trunk reads them flattened
(where each piece stands) and summed over the board (what stands there:
the material), and two heads read the trunk:

- value: ``tanh`` of a linear read of the trunk and of
  ``az_core.value_features`` (each side's pieces counted by role, and the
  side to move's number of legal moves, read off the legal mask the
  search passes in);
- policy: a logit for every action ``112 * from + to`` as
  ``u[from] . v[to] + a[from] + b[to]``, where ``u``, ``v`` come from
  per-square features (the square's embedding plus a projection of the
  trunk), and ``a``, ``b`` from those and from the trunk directly, so that
  a move's logit depends on both of its squares;
  the softmax runs over the legal actions only.

The loss is AlphaZero's: cross-entropy to the search's visit counts plus
the squared error to the game's result; AdamW.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Dict, Tuple

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
import optax  # type: ignore[import-untyped]

from az_core import ACTIONS, CELLS, SQUARES, VALUE_FEATURES, Config, value_features

Params = Dict[str, jax.Array]


def init_params(config: Config, key: jax.Array) -> Params:
    """He-initialised weights, zero biases."""
    c, h, k, d = config.channels, config.hidden, 32, config.pair_dim
    planes = 55
    shapes = {
        "embed": (planes, c), "embed_b": (c,),
        "w1": (SQUARES * c, h), "pool": (c, h), "b1": (h,),
        "w2": (h, h), "b2": (h,),
        "value": (h, 1), "value_feat": (VALUE_FEATURES, 1), "value_b": (1,),
        "sq_embed": (c, k), "sq_trunk": (h, k), "sq_b": (k,),
        "u": (k, d), "v": (k, d), "a": (k, 1), "b": (k, 1),
        "from": (h, SQUARES), "to": (h, SQUARES),
    }
    params: Params = {}
    keys = jax.random.split(key, len(shapes))
    for (name, shape), sub in zip(shapes.items(), keys):
        if len(shape) == 1:
            params[name] = jnp.zeros(shape, jnp.float32)
        else:
            params[name] = jax.random.normal(sub, shape, jnp.float32) * np.sqrt(2.0 / shape[0])
    params["value"] = params["value"] * 0.1
    params["value_feat"] = params["value_feat"] * 0.01
    return params


def forward(params: Params, obs: jax.Array, mask: jax.Array) -> Tuple[jax.Array, jax.Array]:
    """Logits ``[B, ACTIONS]`` (before masking) and values ``[B]``."""
    b = obs.shape[0]
    x = obs.reshape(b, obs.shape[1], -1)[:, :, CELLS].transpose(0, 2, 1)  # [B, 112, 55]
    e = jax.nn.relu(x @ params["embed"] + params["embed_b"])  # [B, 112, C]
    # The squares' embeddings summed (what stands on the board, wherever:
    # material) next to them in place.
    h1 = jax.nn.relu(e.reshape(b, -1) @ params["w1"] + e.sum(axis=1) @ params["pool"] * 0.1 + params["b1"])
    h2 = jax.nn.relu(h1 @ params["w2"] + params["b2"])
    feat = value_features(obs, mask, jnp)
    value = jnp.tanh(h2 @ params["value"] + feat @ params["value_feat"] + params["value_b"])[:, 0]
    s = jax.nn.relu(e @ params["sq_embed"] + (h2 @ params["sq_trunk"])[:, None, :] + params["sq_b"])
    u, v = s @ params["u"], s @ params["v"]  # [B, 112, d]
    frm = s @ params["a"] + (h2 @ params["from"])[:, :, None]  # [B, 112, 1]
    to = (s @ params["b"]).transpose(0, 2, 1) + (h2 @ params["to"])[:, None, :]  # [B, 1, 112]
    pair = jnp.einsum("bfd,btd->bft", u, v) + frm + to
    return pair.reshape(b, ACTIONS), value


def masked_log_softmax(logits: jax.Array, mask: jax.Array) -> jax.Array:
    """Log-probabilities over the legal actions (-inf-free: illegal ones
    get a large negative logit)."""
    z = jnp.where(mask, logits, -1e9)
    return z - jax.scipy.special.logsumexp(z, axis=1, keepdims=True)


def loss_fn(params: Params, obs: jax.Array, mask: jax.Array, policy: jax.Array,
            value: jax.Array) -> Tuple[jax.Array, Tuple[jax.Array, jax.Array]]:
    """Cross-entropy to the visit distribution plus squared value error."""
    logits, v = forward(params, obs, mask)
    logp = masked_log_softmax(logits, mask)
    policy_loss = -jnp.sum(jnp.where(mask, policy * logp, 0.0), axis=1).mean()
    value_loss = jnp.mean((v - value) ** 2)
    return policy_loss + value_loss, (policy_loss, value_loss)


class JaxNet:
    """The ``Network`` of az_core in JAX: a jitted forward pass for the
    search (batches padded to the search's batch, so that one compiled
    shape serves) and a jitted AdamW step."""

    backend = "jax"

    def __init__(self, config: Config) -> None:
        self.config = config
        self.params = init_params(config, jax.random.PRNGKey(config.seed))
        self.opt = optax.adamw(config.learning_rate, weight_decay=config.weight_decay)
        self.opt_state = self.opt.init(self.params)
        self._predict = jax.jit(self._predict_impl)
        self._step = jax.jit(self._step_impl)
        self._losses = jax.jit(partial(loss_fn))

    @staticmethod
    def _predict_impl(params: Params, obs: jax.Array, mask: jax.Array) -> Tuple[jax.Array, jax.Array]:
        logits, value = forward(params, obs, mask)
        return jnp.exp(masked_log_softmax(logits, mask)), value

    def _step_impl(self, params: Params, opt_state: Any, obs: jax.Array, mask: jax.Array,
                   policy: jax.Array, value: jax.Array) -> Tuple[Params, Any, jax.Array, jax.Array, jax.Array]:
        (loss, (pl, vl)), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, obs, mask, policy, value)
        updates, opt_state = self.opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss, pl, vl

    def predict(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
                ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The evaluator of ``MCTS``: priors and values for a batch."""
        n = len(obs)
        # Padded to the search's batch, or above it to a multiple of 64,
        # so that few shapes are compiled.
        size = self.config.search_batch if n <= self.config.search_batch else -(-n // 64) * 64
        if n < size:
            obs = np.concatenate([obs, np.zeros((size - n, *obs.shape[1:]), np.float32)])
            mask = np.concatenate([mask, np.ones((size - n, mask.shape[1]), bool)])
        priors, values = self._predict(self.params, obs, mask)
        return np.asarray(priors)[:n], np.asarray(values)[:n]

    def train_step(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_],
                   policy: npt.NDArray[np.float32], value: npt.NDArray[np.float32]) -> Dict[str, float]:
        """One AdamW step; the losses before it."""
        self.params, self.opt_state, loss, pl, vl = self._step(self.params, self.opt_state, obs, mask,
                                                               policy, value)
        return {"loss": float(loss), "policy_loss": float(pl), "value_loss": float(vl)}

    def losses(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_],
               policy: npt.NDArray[np.float32], value: npt.NDArray[np.float32]) -> Dict[str, float]:
        """The losses on a batch, without training."""
        loss, (pl, vl) = self._losses(self.params, obs, mask, policy, value)
        return {"loss": float(loss), "policy_loss": float(pl), "value_loss": float(vl)}

    def get_weights(self) -> Dict[str, npt.NDArray[Any]]:
        """The parameters as numpy arrays."""
        return {k: np.asarray(v) for k, v in self.params.items()}

    def set_weights(self, weights: Dict[str, npt.NDArray[Any]]) -> None:
        """Replaces the parameters; the optimiser starts afresh."""
        self.params = {k: jnp.asarray(v, jnp.float32) for k, v in weights.items()}
        self.opt_state = self.opt.init(self.params)

"""A network in plain numpy, with its gradients written out: the back end
of the smoke test (``make test`` needs no framework) and of small
experiments. It implements the same ``Network`` interface as az_jax, so
the loop of az_core runs unchanged on either.

The planes' 112 real squares (docs/PYTHON.md, "Research: planes and the
action space") are flattened into one hidden layer; the value is ``tanh``
of a linear read of it and of ``az_core.value_features`` (the pieces
counted by role, the side to move's mobility; as in az_jax), and an action's logit is a from-square score plus
a to-square score (each a linear read of the hidden layer), the softmax
running over the legal actions only. Adam with L2 weight decay.
"""

from __future__ import annotations

from typing import Any, Dict, Tuple

import numpy as np
import numpy.typing as npt

from az_core import ACTIONS, CELLS, SQUARES, VALUE_FEATURES, Config, value_features

F32 = npt.NDArray[np.float32]


class NumpyNet:
    """The ``Network`` of az_core in numpy."""

    backend = "numpy"

    def __init__(self, config: Config) -> None:
        self.config = config
        rng = np.random.default_rng(config.seed)
        n_in, h, d = 55 * SQUARES, config.hidden, config.pair_dim
        self.params: Dict[str, F32] = {
            "w1": (rng.standard_normal((n_in, h)) * np.sqrt(2.0 / n_in)).astype(np.float32),
            "b1": np.zeros(h, np.float32),
            "value": (rng.standard_normal((h, 1)) * 0.1 * np.sqrt(1.0 / h)).astype(np.float32),
            "value_feat": (rng.standard_normal((VALUE_FEATURES, 1)) * 0.01).astype(np.float32),
            "value_b": np.zeros(1, np.float32),
            "from": (rng.standard_normal((h, SQUARES)) * np.sqrt(1.0 / h)).astype(np.float32),
            "to": (rng.standard_normal((h, SQUARES)) * np.sqrt(1.0 / h)).astype(np.float32),
            "u": (rng.standard_normal((h, SQUARES * d)) * np.sqrt(1.0 / h)).astype(np.float32),
            "v": (rng.standard_normal((h, SQUARES * d)) * np.sqrt(1.0 / h)).astype(np.float32),
        }
        self._reset_adam()

    def _reset_adam(self) -> None:
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def _forward(self, obs: F32, mask: npt.NDArray[np.bool_]) -> Tuple[F32, F32, F32, F32, F32, F32, F32]:
        n = len(obs)
        x = obs.reshape(n, obs.shape[1], -1)[:, :, CELLS].reshape(n, -1)
        hidden = np.maximum(x @ self.params["w1"] + self.params["b1"], 0.0)
        feat = value_features(obs, mask, np)
        value = np.tanh(hidden @ self.params["value"] + feat @ self.params["value_feat"]
                        + self.params["value_b"])[:, 0]
        frm, to = hidden @ self.params["from"], hidden @ self.params["to"]
        u = (hidden @ self.params["u"]).reshape(n, SQUARES, -1)
        v = (hidden @ self.params["v"]).reshape(n, SQUARES, -1)
        logits = (u @ v.transpose(0, 2, 1) + frm[:, :, None] + to[:, None, :]).reshape(n, ACTIONS)
        return x, hidden, feat, logits, value, u, v

    @staticmethod
    def _softmax(logits: F32, mask: npt.NDArray[np.bool_]) -> F32:
        z = np.where(mask, logits, -np.inf)
        z = z - z.max(axis=1, keepdims=True)
        p = np.exp(z)
        out: F32 = (p / p.sum(axis=1, keepdims=True)).astype(np.float32)
        return out

    def predict(self, obs: F32, mask: npt.NDArray[np.bool_]) -> Tuple[F32, F32]:
        """The evaluator of ``MCTS``: priors and values for a batch."""
        _, _, _, logits, value, _, _ = self._forward(obs, mask)
        return self._softmax(logits, mask), value.astype(np.float32)

    def _losses_and_grads(self, obs: F32, mask: npt.NDArray[np.bool_], policy: F32, target: F32
                          ) -> Tuple[Dict[str, float], Dict[str, F32]]:
        n = len(obs)
        x, hidden, feat, logits, value, u, v = self._forward(obs, mask)
        p = self._softmax(logits, mask)
        logp = np.log(np.where(mask, p, 1.0))
        policy_loss = float(-(policy * logp).sum(axis=1).mean())
        value_loss = float(((value - target) ** 2).mean())
        # d(policy loss)/d(logits) = p * sum(target) - target, per row.
        g_logits = (p * policy.sum(axis=1, keepdims=True) - policy).reshape(n, SQUARES, SQUARES) / n
        g_from, g_to = g_logits.sum(axis=2), g_logits.sum(axis=1)
        g_u = (g_logits @ v).reshape(n, -1)  # d(u[f] . v[t]) = v[t] du[f] + u[f] dv[t]
        g_v = (g_logits.transpose(0, 2, 1) @ u).reshape(n, -1)
        g_pre_v = (2.0 * (value - target) / n * (1.0 - value**2))[:, None]
        grads: Dict[str, F32] = {
            "from": hidden.T @ g_from,
            "to": hidden.T @ g_to,
            "value": hidden.T @ g_pre_v,
            "value_feat": feat.T @ g_pre_v,
            "value_b": g_pre_v.sum(axis=0),
            "u": hidden.T @ g_u,
            "v": hidden.T @ g_v,
        }
        g_hidden = (g_from @ self.params["from"].T + g_to @ self.params["to"].T + g_pre_v @ self.params["value"].T
                    + g_u @ self.params["u"].T + g_v @ self.params["v"].T)
        g_hidden *= hidden > 0
        grads["w1"] = x.T @ g_hidden
        grads["b1"] = g_hidden.sum(axis=0)
        losses = {"loss": policy_loss + value_loss, "policy_loss": policy_loss, "value_loss": value_loss}
        return losses, {k: g.astype(np.float32) for k, g in grads.items()}

    def train_step(self, obs: F32, mask: npt.NDArray[np.bool_], policy: F32, value: F32) -> Dict[str, float]:
        """One Adam step; the losses before it."""
        losses, grads = self._losses_and_grads(obs, mask, policy, value)
        self.t += 1
        lr, wd = self.config.learning_rate, self.config.weight_decay
        for k, g in grads.items():
            g = g + wd * self.params[k]
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            self.params[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
        return losses

    def losses(self, obs: F32, mask: npt.NDArray[np.bool_], policy: F32, value: F32) -> Dict[str, float]:
        """The losses on a batch, without training."""
        return self._losses_and_grads(obs, mask, policy, value)[0]

    def get_weights(self) -> Dict[str, npt.NDArray[Any]]:
        """The parameters (copies)."""
        return {k: v.copy() for k, v in self.params.items()}

    def set_weights(self, weights: Dict[str, npt.NDArray[Any]]) -> None:
        """Replaces the parameters; Adam starts afresh."""
        if set(weights) != set(self.params):
            raise ValueError(f"weights {sorted(weights)} are not this network's {sorted(self.params)}")
        self.params = {k: np.asarray(v, np.float32).copy() for k, v in weights.items()}
        self._reset_adam()

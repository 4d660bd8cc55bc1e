//! The sparse form of a `VectorEnv`'s legal actions (every game's action
//! indices, concatenated, with offsets: CSR) and the sampler that draws an
//! action per game from a policy's logits over the legal actions, in Rust
//! (docs/PYTHON.md, "Sparse legal actions and sampling").

use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use tamerlane_ai::Rng;

use crate::env_game::EnvGame;
use crate::env_games::Games;
use crate::research;
use crate::types::type_name;

/// The legal actions of every game in increasing order, concatenated, and
/// the offsets (`num_envs + 1`): game `i`'s are
/// `actions[offsets[i]..offsets[i + 1]]`. A game that the next step
/// resets (next-step autoreset) has none.
pub fn legal_actions<P: EnvGame>(games: &Games<P>) -> (Vec<i64>, Vec<i64>) {
    let total: usize = games.envs.iter().map(|e| e.actions.len()).sum();
    let mut actions = Vec::with_capacity(total);
    let mut offsets = Vec::with_capacity(games.envs.len() + 1);
    offsets.push(0);
    for env in &games.envs {
        if !env.pending_reset {
            let start = actions.len();
            actions.extend(env.actions.iter().map(|a| i64::from(*a)));
            actions[start..].sort_unstable();
        }
        offsets.push(actions.len() as i64);
    }
    (actions, offsets)
}

/// The logits of `sample_actions`: over the action space, one row per
/// game, or one per legal action in `legal_actions()`'s order.
pub enum Logits {
    /// `[num_envs, action_space]`.
    Dense(Vec<f32>),
    /// `[total legal actions]`.
    Sparse(Vec<f32>),
}

/// Reads `sample_actions`' `logits`: a float array of shape `(num_envs,
/// action_space)` or `(total,)`, the number of legal actions.
pub fn logits_arg(
    obj: &Bound<'_, PyAny>,
    n: usize,
    action_space: usize,
    total: usize,
) -> PyResult<Logits> {
    let np = research::import_numpy(obj.py())?;
    let arr = np.call_method1("asarray", (obj,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "f" {
        return Err(PyTypeError::new_err(format!(
            "sample_actions: logits must be a float array, not {} of dtype {}",
            type_name(obj),
            arr.getattr("dtype")?
        )));
    }
    let arr = np.call_method1("ascontiguousarray", (arr, np.getattr("float32")?))?;
    let arr = arr.downcast_into::<PyArrayDyn<f32>>()?;
    let shape = arr.shape().to_vec();
    let values = arr.readonly().as_slice()?.to_vec();
    if shape == [n, action_space] {
        Ok(Logits::Dense(values))
    } else if shape == [total] {
        Ok(Logits::Sparse(values))
    } else {
        Err(PyValueError::new_err(format!(
            "sample_actions: logits must have shape ({n}, {action_space}) (over the action \
             space) or ({total},) (one per legal action, as legal_actions() lists them), not \
             {shape:?}"
        )))
    }
}

/// A uniform number in `[0, 1)`.
fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// One action per game drawn from the softmax of its legal actions'
/// logits divided by `temperature` (at temperature 0 the legal action
/// with the largest logit, the first of equals), from `rng`; 0 for a game
/// without legal actions. `actions` and `offsets` are
/// [`legal_actions`]'s. A NaN or `+inf` logit of a legal action, or a game
/// whose legal logits are all `-inf`, is a `ValueError` naming the game.
pub fn sample(
    actions: &[i64],
    offsets: &[i64],
    logits: &Logits,
    action_space: usize,
    temperature: f64,
    rng: &mut Rng,
) -> PyResult<Vec<i64>> {
    let n = offsets.len() - 1;
    let mut out = Vec::with_capacity(n);
    let mut weights: Vec<f64> = Vec::new();
    for i in 0..n {
        let (lo, hi) = (offsets[i] as usize, offsets[i + 1] as usize);
        if lo == hi {
            out.push(0);
            continue;
        }
        let logit = |k: usize| -> f64 {
            match logits {
                Logits::Dense(v) => f64::from(v[i * action_space + actions[k] as usize]),
                Logits::Sparse(v) => f64::from(v[k]),
            }
        };
        let mut best = lo;
        for (k, action) in actions.iter().enumerate().take(hi).skip(lo) {
            let x = logit(k);
            if x.is_nan() || x == f64::INFINITY {
                return Err(PyValueError::new_err(format!(
                    "sample_actions: env {i}: the logit of legal action {action} is {x}"
                )));
            }
            if x > logit(best) {
                best = k;
            }
        }
        let top = logit(best);
        if top == f64::NEG_INFINITY {
            return Err(PyValueError::new_err(format!(
                "sample_actions: env {i}: every legal action's logit is -inf"
            )));
        }
        if temperature == 0.0 {
            out.push(actions[best]);
            continue;
        }
        weights.clear();
        let mut sum = 0.0;
        for k in lo..hi {
            let w = ((logit(k) - top) / temperature).exp();
            sum += w;
            weights.push(sum);
        }
        let r = unit(rng) * sum;
        let pick = weights.partition_point(|c| *c <= r).min(hi - lo - 1);
        out.push(actions[lo + pick]);
    }
    Ok(out)
}

/// Reads `temperature=`: a finite number >= 0.
pub fn temperature_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<f64> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(1.0);
    };
    if obj.downcast::<pyo3::types::PyBool>().is_ok() {
        return Err(PyTypeError::new_err(
            "sample_actions: temperature must be a number, not bool",
        ));
    }
    let t: f64 = obj.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "sample_actions: temperature must be a number, not {}",
            type_name(obj)
        ))
    })?;
    if !(t.is_finite() && t >= 0.0) {
        return Err(PyValueError::new_err(format!(
            "sample_actions: temperature must be a finite number >= 0, not {t}"
        )));
    }
    Ok(t)
}

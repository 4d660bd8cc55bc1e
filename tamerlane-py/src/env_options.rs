//! The `options` of `VectorEnv.reset` (docs/PYTHON.md, "State control"):
//! which games to reset (`"reset_mask"`, Gymnasium's key, or
//! `"indices"`) and where they start (`"fen"`, `"rules"`), read and
//! checked whole before any game changes, every error naming the option
//! and the value.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use tamerlane_core::{excerpt, RuleSetError, EXCERPT_CHARS};

use crate::env_core::{Env, Setting, Status};
use crate::env_game::EnvGame;
use crate::errors::rules_err;
use crate::research;
use crate::types::{index_arg, type_name};

/// The option keys `reset` takes.
const KEYS: [&str; 4] = ["reset_mask", "indices", "fen", "rules"];

/// What a `reset` does: the games it resets, in increasing order, and
/// the position text and rule string of each (`None`: the env's start
/// position, or the rules' start position).
pub struct ResetPlan {
    /// The games to reset.
    pub indices: Vec<usize>,
    /// One position text per game reset, if given.
    pub fens: Option<Vec<String>>,
    /// One rule string per game reset, if given.
    pub rules: Option<Vec<String>>,
}

impl ResetPlan {
    /// Whether the plan resets every game to the env's start.
    pub fn is_plain(&self, n: usize) -> bool {
        self.indices.len() == n && self.fens.is_none() && self.rules.is_none()
    }
}

/// Reads `reset`'s `options` for an env of `n` games.
pub fn reset_plan(options: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<ResetPlan> {
    let all = ResetPlan {
        indices: (0..n).collect(),
        fens: None,
        rules: None,
    };
    let Some(options) = options.filter(|o| !o.is_none()) else {
        return Ok(all);
    };
    let d = options.downcast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!(
            "reset: options must be a dict or None, not {}",
            type_name(options)
        ))
    })?;
    for key in d.keys() {
        let known = key
            .downcast::<PyString>()
            .ok()
            .and_then(|k| k.to_cow().ok().map(|k| KEYS.contains(&k.as_ref())))
            .unwrap_or(false);
        if !known {
            return Err(PyValueError::new_err(format!(
                "reset: unknown option {} (expected 'reset_mask', 'indices', 'fen' or 'rules')",
                shown(&key)
            )));
        }
    }
    let mask = d.get_item("reset_mask")?.filter(|o| !o.is_none());
    let indices = d.get_item("indices")?.filter(|o| !o.is_none());
    let chosen = match (mask, indices) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(
                "reset: give options['reset_mask'] or options['indices'], not both",
            ))
        }
        (Some(m), None) => mask_arg(&m, n)?,
        (None, Some(i)) => indices_arg(&i, n)?,
        (None, None) => all.indices,
    };
    let count = chosen.len();
    let fens = d
        .get_item("fen")?
        .filter(|o| !o.is_none())
        .map(|f| texts_arg(&f, "fen", count))
        .transpose()?;
    let rules = d
        .get_item("rules")?
        .filter(|o| !o.is_none())
        .map(|r| texts_arg(&r, "rules", count))
        .transpose()?;
    Ok(ResetPlan {
        indices: chosen,
        fens,
        rules,
    })
}

/// A value as a message shows it (its repr, cut short).
fn shown(obj: &Bound<'_, PyAny>) -> String {
    let text = obj
        .repr()
        .and_then(|r| r.to_cow().map(|t| t.into_owned()))
        .unwrap_or_else(|_| type_name(obj));
    excerpt(&text, EXCERPT_CHARS).to_string()
}

/// `options["reset_mask"]`: a boolean array of shape `(n,)`.
fn mask_arg(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<usize>> {
    let np = research::import_numpy(obj.py())?;
    let arr = np.call_method1("asarray", (obj,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "b" {
        return Err(PyTypeError::new_err(format!(
            "reset: options['reset_mask'] must be a bool array, not {} of dtype {}",
            type_name(obj),
            arr.getattr("dtype")?
        )));
    }
    let shape: Vec<usize> = arr.getattr("shape")?.extract()?;
    if shape != [n] {
        return Err(PyValueError::new_err(format!(
            "reset: options['reset_mask'] must have shape ({n},), one per env, not {shape:?}"
        )));
    }
    let flags: Vec<bool> = arr.call_method0("tolist")?.extract()?;
    Ok(flags
        .iter()
        .enumerate()
        .filter(|(_, f)| **f)
        .map(|(i, _)| i)
        .collect())
}

/// `options["indices"]`: an int or a sequence of distinct ints in
/// `0..n`, sorted.
fn indices_arg(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<usize>> {
    let items: Vec<Bound<'_, PyAny>> = if index_arg(obj, "options['indices']")?.is_some() {
        vec![obj.clone()]
    } else if obj.downcast::<PyString>().is_ok() {
        return Err(PyTypeError::new_err(
            "reset: options['indices'] must be an int or a sequence of ints, not str",
        ));
    } else {
        obj.try_iter()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "reset: options['indices'] must be an int or a sequence of ints, not {}",
                    type_name(obj)
                ))
            })?
            .collect::<PyResult<_>>()?
    };
    let mut seen = vec![false; n];
    for item in &items {
        let Some(i) = index_arg(item, "options['indices'] entries")? else {
            return Err(PyTypeError::new_err(format!(
                "reset: options['indices'] entries must be ints, not {}",
                type_name(item)
            )));
        };
        let k = i
            .extract::<i64>()
            .ok()
            .and_then(|v| usize::try_from(v).ok())
            .filter(|v| *v < n)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "reset: options['indices'] entry {i} out of range (expected 0 to {})",
                    n - 1
                ))
            })?;
        if seen[k] {
            return Err(PyValueError::new_err(format!(
                "reset: options['indices'] names env {k} twice"
            )));
        }
        seen[k] = true;
    }
    Ok((0..n).filter(|k| seen[*k]).collect())
}

/// `options["fen"]` or `options["rules"]`: one string for every game
/// reset, or a sequence of `count` strings (in the games' order).
fn texts_arg(obj: &Bound<'_, PyAny>, what: &str, count: usize) -> PyResult<Vec<String>> {
    let text = |o: &Bound<'_, PyAny>, at: &str| -> PyResult<String> {
        let s = o.downcast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "reset: options['{what}']{at} must be a string, not {}",
                type_name(o)
            ))
        })?;
        s.to_cow().map(|t| t.into_owned()).map_err(|_| {
            PyValueError::new_err(format!(
                "reset: options['{what}']{at} is not valid Unicode text"
            ))
        })
    };
    if obj.downcast::<PyString>().is_ok() {
        return Ok(vec![text(obj, "")?; count]);
    }
    if obj.downcast::<PyList>().is_err() && obj.downcast::<PyTuple>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "reset: options['{what}'] must be a string or a list of strings, not {}",
            type_name(obj)
        )));
    }
    let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
    if items.len() != count {
        return Err(PyValueError::new_err(format!(
            "reset: options['{what}'] has {} entries for the {count} envs reset",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(k, o)| text(o, &format!("[{k}]")))
        .collect()
}

/// The error `e` of a game's reading of `options[what][k]`, of the same
/// Python type, its message naming the option.
fn named(py: Python<'_>, e: PyErr, what: &str, k: usize, value: &str) -> PyErr {
    let msg = e.value(py).to_string();
    PyErr::from_type(
        e.get_type(py),
        format!(
            "reset: options['{what}'][{k}] ({:?}): {msg}",
            excerpt(value, EXCERPT_CHARS)
        ),
    )
}

/// The new games of a plan: `(index, game)` for each game reset, all
/// checked (a position text the game cannot read, rules it does not have,
/// a position that is already over: the error names the option, the entry
/// and the value) before any game changes.
pub fn plan_games<P: EnvGame>(
    py: Python<'_>,
    plan: &ResetPlan,
    setting: &Setting<P>,
) -> PyResult<Vec<(usize, Env<P>)>> {
    let mut games = Vec::with_capacity(plan.indices.len());
    for (k, &i) in plan.indices.iter().enumerate() {
        let rules = match &plan.rules {
            Some(r) => Some(
                r[k].parse::<P::Rules>()
                    .map_err(|e: RuleSetError| named(py, rules_err(e), "rules", k, &r[k]))?,
            ),
            None => None,
        };
        let start = match (&plan.fens, rules) {
            (Some(f), rules) => {
                let rules = rules.unwrap_or(*setting.start.rules());
                P::from_fen_with_rules(&f[k], rules)
                    .map_err(|e| named(py, P::fen_error(e), "fen", k, &f[k]))?
            }
            (None, Some(rules)) => P::start(rules),
            (None, None) => setting.start.clone(),
        };
        let env = Env::new(&start, setting.history);
        if let Status::Over(o) = env.status(1, u32::MAX) {
            let (what, value) = match (&plan.fens, &plan.rules) {
                (Some(f), _) => ("fen", f[k].as_str()),
                (None, Some(r)) => ("rules", r[k].as_str()),
                (None, None) => ("fen", ""),
            };
            return Err(PyValueError::new_err(format!(
                "reset: options['{what}'][{k}] ({:?}): the game is already over there ({o}); \
                 no env was changed",
                excerpt(value, EXCERPT_CHARS)
            )));
        }
        games.push((i, env));
    }
    Ok(games)
}

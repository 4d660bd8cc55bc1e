//! `VectorEnv`: N games of Tamerlane, chess or Makruk held in Rust and
//! stepped together, shaped like Gymnasium's vector API (same-step
//! autoreset by default, next-step on request), with its outputs written
//! into preallocated numpy arrays with the GIL released, and each game's
//! state to get, set and copy; and `random_rollouts`, whole random
//! Tamerlane games played in Rust (GIL released, Ctrl-C honoured). The
//! games themselves are in `env_core.rs` and `env_games.rs`, the state
//! objects in `env_state.rs`, the reset options in `env_options.rs`.

use std::sync::atomic::{AtomicBool, Ordering};

use numpy::ndarray::{Ix1, Ix2, IxDyn};
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use tamerlane_ai::Rng;
use tamerlane_core::tamerlane;

use crate::env_core::{run_lengths, winner_code, Autoreset, Env, Out, Setting, Status};
use crate::env_game::EnvGame;
use crate::env_games::{each_games, env_index, sizes, start_of, AnyGames, Games, OutAny};
use crate::env_options::{plan_games, reset_plan};
use crate::env_sparse;
use crate::env_state::{wrap_envs, AnyEnvs, EnvState, WrapEnv};
use crate::interrupt::run_interruptible;
use crate::research::{self, PlaneDtype, MAX_BUFFER_BYTES};
use crate::rules::RulesArg;
use crate::types::{index_arg, int_arg, type_name};

/// The default length cap (`max_plies`): a game still going after this
/// many plies is truncated.
pub const DEFAULT_MAX_PLIES: u32 = 1000;
/// The largest `num_envs`: the masks alone take 12,544 bytes per
/// Tamerlane game.
pub const MAX_ENVS: usize = 1 << 16;
/// The largest `num_threads`.
pub const MAX_THREADS: usize = 256;

/// The `autoreset_mode=` argument: `gymnasium.vector.AutoresetMode.SAME_STEP`
/// or `NEXT_STEP`, or their values `"SameStep"`, `"NextStep"`; `None` for
/// the default, same-step.
fn autoreset_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Autoreset> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Autoreset::SameStep);
    };
    // An `AutoresetMode` member (an Enum) is read by its value.
    let value = if obj.downcast::<PyString>().is_ok() {
        obj.clone()
    } else {
        match obj.getattr("value") {
            Ok(v) if v.downcast::<PyString>().is_ok() => v,
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "autoreset_mode must be gymnasium.vector.AutoresetMode.SAME_STEP or NEXT_STEP \
                     (or 'SameStep', 'NextStep'), not {}",
                    type_name(obj)
                )))
            }
        }
    };
    let text = value.downcast::<PyString>()?.to_cow()?.into_owned();
    match text.as_str() {
        "SameStep" => Ok(Autoreset::SameStep),
        "NextStep" => Ok(Autoreset::NextStep),
        _ => {
            let shown: String = text.chars().take(40).collect();
            Err(PyValueError::new_err(format!(
                "autoreset_mode must be AutoresetMode.SAME_STEP or NEXT_STEP ('SameStep' or \
                 'NextStep'), not '{shown}'{}",
                if text == "Disabled" {
                    " (VectorEnv always resets a finished game)"
                } else {
                    ""
                }
            )))
        }
    }
}

/// Reads a positive integer argument no larger than `max`.
fn count_arg(obj: &Bound<'_, PyAny>, name: &str, max: usize) -> PyResult<usize> {
    let v = int_arg(obj, name)?;
    usize::try_from(v)
        .ok()
        .filter(|v| (1..=max).contains(v))
        .ok_or_else(|| {
            PyValueError::new_err(format!("{name} {v} out of range (expected 1 to {max})"))
        })
}

/// Reads a `seed=` argument: any int (taken modulo 2**64), or `None`.
fn seed_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let i = obj.call_method0("__index__").map_err(|_| {
        PyTypeError::new_err(format!(
            "seed must be an int or None, not {}",
            type_name(obj)
        ))
    })?;
    Ok(Some(
        i.call_method1("__and__", (u64::MAX,))?.extract::<u64>()?,
    ))
}

/// The observation buffers, by element type.
enum Planes {
    U8 {
        obs: Py<PyArrayDyn<u8>>,
        final_obs: Py<PyArrayDyn<u8>>,
    },
    F32 {
        obs: Py<PyArrayDyn<f32>>,
        final_obs: Py<PyArrayDyn<f32>>,
    },
}

/// N games of Tamerlane, chess or Makruk stepped together, shaped like
/// Gymnasium's `gymnasium.vector.VectorEnv` (same-step autoreset, or
/// next-step with `autoreset_mode`); see `docs/PYTHON.md`, "Reinforcement
/// learning". `tamerlane.VectorEnv` subclasses it (and
/// `gymnasium.vector.VectorEnv` when gymnasium is installed).
#[pyclass(module = "tamerlane", subclass)]
pub struct VectorEnv {
    games: AnyGames,
    rules: String,
    dtype: PlaneDtype,
    num_threads: usize,
    copy: bool,
    /// The shape of one game's observation.
    obs_shape: [usize; 3],
    /// The size of the game's action space.
    action_space: usize,
    autoreset: Autoreset,
    max_plies: u32,
    history: usize,
    rng: Rng,
    planes: Planes,
    mask: Py<PyArray2<bool>>,
    reward: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    done: Py<PyArray1<bool>>,
    winner: Py<PyArray1<i8>>,
    termination: Py<PyArray1<i8>>,
    plies: Py<PyArray1<i32>>,
    /// Read-only views of the buffers, handed out by `reset` and `step`.
    views: PyObject,
    /// Gymnasium's spaces and metadata (`None` without gymnasium).
    spaces: [PyObject; 4],
    metadata: PyObject,
}

/// A read-only numpy view of `arr`.
fn readonly_view<'py>(arr: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let v = arr.call_method0("view")?;
    v.getattr("flags")?.setattr("writeable", false)?;
    Ok(v)
}

impl VectorEnv {
    fn num_envs(&self) -> usize {
        each_games!(&self.games, g => g.envs.len())
    }

    /// The game's name.
    fn game(&self) -> &'static str {
        fn name<P: EnvGame>(_: &Games<P>) -> &'static str {
            P::GAME
        }
        each_games!(&self.games, g => name(g))
    }

    /// Runs `f` on the games and the outputs of all games with the GIL
    /// released.
    fn with_out<R: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut AnyGames, usize, OutAny<'_>) -> R + Send,
    ) -> PyResult<R> {
        // SAFETY: the buffers are this env's own arrays, contiguous since
        // created; Python sees them only through read-only views (or
        // copies), and `&mut self` keeps other calls of this env out.
        unsafe {
            let mask = self.mask.bind(py).as_slice_mut()?;
            let reward = self.reward.bind(py).as_slice_mut()?;
            let terminated = self.terminated.bind(py).as_slice_mut()?;
            let truncated = self.truncated.bind(py).as_slice_mut()?;
            let done = self.done.bind(py).as_slice_mut()?;
            let winner = self.winner.bind(py).as_slice_mut()?;
            let termination = self.termination.bind(py).as_slice_mut()?;
            let plies = self.plies.bind(py).as_slice_mut()?;
            macro_rules! out {
                ($obs:expr, $final_obs:expr) => {
                    Out {
                        obs: $obs.bind(py).as_slice_mut()?,
                        mask,
                        reward,
                        terminated,
                        truncated,
                        final_obs: $final_obs.bind(py).as_slice_mut()?,
                        done,
                        winner,
                        termination,
                        plies,
                    }
                };
            }
            let out = match &self.planes {
                Planes::U8 { obs, final_obs } => OutAny::U8(out!(obs, final_obs)),
                Planes::F32 { obs, final_obs } => OutAny::F32(out!(obs, final_obs)),
            };
            let games = &mut self.games;
            let threads = self.num_threads;
            Ok(py.allow_threads(move || f(games, threads, out)))
        }
    }

    /// The outputs as Python returns them: the views, or copies.
    fn output(&self, py: Python<'_>, name: &str) -> PyResult<PyObject> {
        let v = self.views.bind(py).get_item(name)?;
        if self.copy {
            Ok(v.call_method0("copy")?.unbind())
        } else {
            Ok(v.unbind())
        }
    }

    fn info<'py>(&self, py: Python<'py>, finished: bool) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        info.set_item("action_mask", self.output(py, "action_mask")?)?;
        if finished && self.autoreset == Autoreset::NextStep {
            // The observation is the last position: the outcome only.
            let done = self.output(py, "done")?;
            for key in ["winner", "termination", "plies"] {
                info.set_item(key, self.output(py, key)?)?;
                info.set_item(format!("_{key}"), &done)?;
            }
        } else if finished {
            let done = self.output(py, "done")?;
            let final_info = PyDict::new(py);
            for key in ["winner", "termination", "plies"] {
                final_info.set_item(key, self.output(py, key)?)?;
                final_info.set_item(format!("_{key}"), &done)?;
            }
            info.set_item("final_obs", self.output(py, "final_obs")?)?;
            info.set_item("_final_obs", &done)?;
            info.set_item("final_info", final_info)?;
            info.set_item("_final_info", &done)?;
        }
        Ok(info)
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `game` (`"tamerlane"`, the default, `"chess"`
    /// or `"makruk"`) under `rules` (a rule-set string of that game), all
    /// at the rules' start position. `seed` seeds `random_actions` (and
    /// the spaces); `max_plies` caps a game's length (then it is
    /// truncated); observations are `dtype` (`uint8`, the default, or
    /// `float32`) planes with `history` earlier positions; `num_threads`
    /// threads step runs of games; `copy=True` returns copies instead of
    /// the reused buffers; `autoreset_mode`
    /// (`gymnasium.vector.AutoresetMode.SAME_STEP`, the default, or
    /// `NEXT_STEP`, or their values `"SameStep"`, `"NextStep"`) says when a
    /// finished game restarts.
    #[new]
    #[pyo3(
        signature = (num_envs, rules = None, seed = None, *, game = None, max_plies = None, dtype = None, history = None, num_threads = None, copy = false, autoreset_mode = None),
        text_signature = "(num_envs, rules='', seed=0, *, game='tamerlane', max_plies=1000, dtype='uint8', history=0, num_threads=1, copy=False, autoreset_mode='SameStep')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        game: Option<&Bound<'_, PyAny>>,
        max_plies: Option<&Bound<'_, PyAny>>,
        dtype: Option<&Bound<'_, PyAny>>,
        history: Option<&Bound<'_, PyAny>>,
        num_threads: Option<&Bound<'_, PyAny>>,
        copy: bool,
        autoreset_mode: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VectorEnv> {
        let n = count_arg(num_envs, "num_envs", MAX_ENVS)?;
        let seed = seed_arg(seed)?.unwrap_or(0);
        let max_plies = match max_plies {
            Some(m) => count_arg(m, "max_plies", u32::MAX as usize)? as u32,
            None => DEFAULT_MAX_PLIES,
        };
        let dtype = research::dtype_arg(dtype, PlaneDtype::U8)?;
        let history = history.map_or(Ok(0), research::history_arg)?;
        let num_threads =
            num_threads.map_or(Ok(1), |t| count_arg(t, "num_threads", MAX_THREADS))?;
        let autoreset = autoreset_arg(autoreset_mode)?;
        let rules = rules.filter(|r| !r.is_none());
        let games = match game_arg(game)? {
            "tamerlane" => AnyGames::Tamerlane(new_games(rules, n, max_plies, history, autoreset)?),
            "chess" => AnyGames::Chess(new_games(rules, n, max_plies, history, autoreset)?),
            _ => AnyGames::Makruk(new_games(rules, n, max_plies, history, autoreset)?),
        };
        let (obs_shape, action_space) = each_games!(&games, g => game_sizes(g));
        let rules_text = each_games!(&games, g => g.setting.start.rules().to_string());
        let elem = match dtype {
            PlaneDtype::U8 => 1,
            PlaneDtype::F32 => 4,
        };
        let obs_len: usize = obs_shape.iter().product();
        let bytes = n * (action_space + 2 * obs_len * elem);
        if bytes > MAX_BUFFER_BYTES {
            return Err(PyValueError::new_err(format!(
                "num_envs {n} with history {history} and dtype {}: the buffers would take {:.1} GiB \
                 (at most {} GiB)",
                dtype.name(),
                bytes as f64 / f64::from(1u32 << 30),
                MAX_BUFFER_BYTES >> 30
            )));
        }
        let batch_shape = vec![n, obs_shape[0], obs_shape[1], obs_shape[2]];
        let np = research::import_numpy(py)?;
        let planes = match dtype {
            PlaneDtype::U8 => Planes::U8 {
                obs: research::zeros::<_, IxDyn>(py, &batch_shape)?.unbind(),
                final_obs: research::zeros::<_, IxDyn>(py, &batch_shape)?.unbind(),
            },
            PlaneDtype::F32 => Planes::F32 {
                obs: research::zeros::<_, IxDyn>(py, &batch_shape)?.unbind(),
                final_obs: research::zeros::<_, IxDyn>(py, &batch_shape)?.unbind(),
            },
        };
        let mask = research::zeros::<bool, Ix2>(py, &[n, action_space])?;
        let reward = research::zeros::<f32, Ix1>(py, &[n])?;
        let terminated = research::zeros::<bool, Ix1>(py, &[n])?;
        let truncated = research::zeros::<bool, Ix1>(py, &[n])?;
        let done = research::zeros::<bool, Ix1>(py, &[n])?;
        let winner = research::zeros::<i8, Ix1>(py, &[n])?;
        let termination = research::zeros::<i8, Ix1>(py, &[n])?;
        let plies = research::zeros::<i32, Ix1>(py, &[n])?;
        let views = PyDict::new(py);
        let (obs_any, final_any) = match &planes {
            Planes::U8 { obs, final_obs } => (
                obs.bind(py).clone().into_any(),
                final_obs.bind(py).clone().into_any(),
            ),
            Planes::F32 { obs, final_obs } => (
                obs.bind(py).clone().into_any(),
                final_obs.bind(py).clone().into_any(),
            ),
        };
        for (name, arr) in [
            ("obs", obs_any),
            ("final_obs", final_any),
            ("action_mask", mask.clone().into_any()),
            ("reward", reward.clone().into_any()),
            ("terminated", terminated.clone().into_any()),
            ("truncated", truncated.clone().into_any()),
            ("done", done.clone().into_any()),
            ("winner", winner.clone().into_any()),
            ("termination", termination.clone().into_any()),
            ("plies", plies.clone().into_any()),
        ] {
            views.set_item(name, readonly_view(&arr)?)?;
        }
        let (spaces, metadata) = gym_spaces(py, &np, n, obs_shape, action_space, autoreset, dtype)?;
        let mut env = VectorEnv {
            games,
            rules: rules_text,
            dtype,
            num_threads,
            copy,
            obs_shape,
            action_space,
            autoreset,
            max_plies,
            history,
            rng: Rng::new(seed),
            planes,
            mask: mask.unbind(),
            reward: reward.unbind(),
            terminated: terminated.unbind(),
            truncated: truncated.unbind(),
            done: done.unbind(),
            winner: winner.unbind(),
            termination: termination.unbind(),
            plies: plies.unbind(),
            views: views.into_any().unbind(),
            spaces,
            metadata,
        };
        env.seed_spaces(py, seed)?;
        env.reset_games(py)?;
        Ok(env)
    }

    /// The number of games.
    #[getter(num_envs)]
    fn get_num_envs(&self) -> usize {
        self.num_envs()
    }

    /// The rule set, in canonical form.
    #[getter]
    fn rules(&self) -> String {
        self.rules.clone()
    }

    /// The length cap: a game still going after this many plies is
    /// truncated.
    #[getter]
    fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The number of earlier positions in each observation.
    #[getter]
    fn history(&self) -> usize {
        self.history
    }

    /// The number of threads that step the games.
    #[getter]
    fn num_threads(&self) -> usize {
        self.num_threads
    }

    /// The observation dtype name: `"uint8"` or `"float32"`.
    #[getter]
    fn dtype(&self) -> &'static str {
        self.dtype.name()
    }

    /// The shape of one game's observation: `(PLANES + 46 * history, 10,
    /// 13)` for Tamerlane, `(PLANES + 12 * history, 8, 8)` for chess and
    /// Makruk.
    #[getter]
    fn single_observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.obs_shape)
    }

    /// `gymnasium.spaces.Box` of one observation (`None` without gymnasium).
    #[getter]
    fn single_observation_space(&self, py: Python<'_>) -> PyObject {
        self.spaces[0].clone_ref(py)
    }

    /// The batched observation space (`None` without gymnasium).
    #[getter]
    fn observation_space(&self, py: Python<'_>) -> PyObject {
        self.spaces[1].clone_ref(py)
    }

    /// `gymnasium.spaces.Discrete` of the game's action space (`None`
    /// without gymnasium).
    #[getter]
    fn single_action_space(&self, py: Python<'_>) -> PyObject {
        self.spaces[2].clone_ref(py)
    }

    /// `gymnasium.spaces.MultiDiscrete` of `num_envs` actions (`None`
    /// without gymnasium).
    #[getter]
    fn action_space(&self, py: Python<'_>) -> PyObject {
        self.spaces[3].clone_ref(py)
    }

    /// `{"autoreset_mode": AutoresetMode.SAME_STEP}` (or `NEXT_STEP`, as
    /// `autoreset_mode` says; the strings `"SameStep"`, `"NextStep"`
    /// without gymnasium).
    #[getter]
    fn metadata(&self, py: Python<'_>) -> PyObject {
        self.metadata.clone_ref(py)
    }

    /// When a finished game restarts: `"SameStep"` (the default) or
    /// `"NextStep"` (the values of Gymnasium's `AutoresetMode`).
    #[getter]
    fn autoreset_mode(&self) -> &'static str {
        self.autoreset.value()
    }

    /// Always `None`: nothing is rendered.
    #[getter]
    fn render_mode(&self) -> Option<String> {
        None
    }

    /// Always `None` (no registered spec).
    #[getter]
    fn spec(&self) -> Option<String> {
        None
    }

    /// The env itself (Gymnasium's `unwrapped`).
    #[getter]
    fn unwrapped(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// Does nothing: the games need no closing.
    #[pyo3(signature = (**_kwargs))]
    fn close(&self, _kwargs: Option<&Bound<'_, PyDict>>) {}

    /// Resets games and returns `(obs, info)` with `info["action_mask"]`
    /// (of every game); with `seed`, reseeds `random_actions` and the
    /// spaces first. Without `options` every game restarts at the start
    /// position; `options` may choose the games (`"reset_mask"`, a bool
    /// array of `num_envs`, Gymnasium's key, or `"indices"`) and where
    /// they start (`"fen"`: a position text, or one per game reset;
    /// `"rules"`: a rule string, or one per game reset, for this episode).
    /// Everything is checked before any game changes.
    #[pyo3(signature = (*, seed = None, options = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        options: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(PyObject, Bound<'py, PyDict>)> {
        let n = self.num_envs();
        let plan = reset_plan(options, n)?;
        let seed = seed_arg(seed)?;
        let games = if plan.is_plain(n) {
            None
        } else {
            Some(each_games!(&self.games, g => plan_games(py, &plan, &g.setting).map(wrap_envs))?)
        };
        if let Some(seed) = seed {
            self.reseed(py, seed)?;
        }
        match games {
            None => self.reset_games(py)?,
            Some(games) => self.place_games(py, games)?,
        }
        Ok((self.output(py, "obs")?, self.info(py, false)?))
    }

    /// The state of game `index`: an `EnvState` (position, repetition
    /// window, counters, history placements), unaffected by later steps.
    fn get_state(&self, index: &Bound<'_, PyAny>) -> PyResult<EnvState> {
        let i = env_index(int_arg(index, "index")?, self.num_envs(), "index")?;
        Ok(each_games!(&self.games, g => g.get_state(i)))
    }

    /// Puts `state` (from `get_state` of a game of the same kind and
    /// history, or `EnvState.from_record`) into game `index`: its
    /// observation and mask row are rewritten, and it plays on from there.
    /// A finished game (over, or at `max_plies`) is refused in same-step
    /// mode; in next-step mode it waits for the next step to reset it.
    fn set_state(
        &mut self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let i = env_index(int_arg(index, "index")?, self.num_envs(), "index")?;
        let state = state.downcast::<EnvState>().map_err(|_| {
            PyTypeError::new_err(format!(
                "set_state: state must be a tamerlane.EnvState, not {}",
                type_name(state)
            ))
        })?;
        let games = each_games!(&self.games, g => g
            .state_game(i, state.get())
            .map(|e| wrap_envs(vec![(i, e)])))?;
        self.place_games(py, games)
    }

    /// Copies the state of game `source` into game `target` (as
    /// `set_state(target, get_state(source))`).
    fn clone_state(
        &mut self,
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        target: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let n = self.num_envs();
        let src = env_index(int_arg(source, "source")?, n, "source")?;
        let dst = env_index(int_arg(target, "target")?, n, "target")?;
        let games = each_games!(&self.games, g => g
            .checked(dst, g.envs[src].clone(), "clone_state")
            .map(|e| wrap_envs(vec![(dst, e)])))?;
        self.place_games(py, games)
    }

    /// Plays one move in every game: `actions` holds an action index per
    /// game (`move_to_index`). Returns `(obs, reward, terminated,
    /// truncated, info)`. With same-step autoreset a finished game
    /// restarts at once and `info` holds its final observation and
    /// outcome; with next-step autoreset `obs` shows its last position,
    /// `info` its outcome, and the next step restarts it (ignoring its
    /// action, with reward 0 and neither flag). An action that is not legal
    /// raises `IllegalMoveError` (a `ValueError`) naming the game and the
    /// action, and no game changes.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions_arg(actions, self.num_envs())?;
        self.with_out(
            py,
            |games, threads, out| each_games!(games, g => g.step(actions, threads, out)),
        )??;
        let finished = self.done.bind(py).readonly().as_slice()?.iter().any(|d| *d);
        PyTuple::new(
            py,
            [
                self.output(py, "obs")?,
                self.output(py, "reward")?,
                self.output(py, "terminated")?,
                self.output(py, "truncated")?,
                self.info(py, finished)?.into_any().unbind(),
            ],
        )
    }

    /// A uniformly random legal action for every game (an `int64` array),
    /// from the env's own generator (seeded by `seed`); 0 for a game that
    /// the next step resets (next-step autoreset: its action is ignored).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let rng = &mut self.rng;
        let v = each_games!(&self.games, g => g.random_actions(rng));
        PyArray1::from_vec(py, v)
    }

    /// The legal actions of every game, sparse (CSR): `(actions,
    /// offsets)`, two `int64` arrays, game `i`'s legal actions (in
    /// increasing order, as `numpy.flatnonzero` of its mask row) being
    /// `actions[offsets[i]:offsets[i + 1]]`; `offsets` has `num_envs + 1`
    /// entries. A game that the next step resets has none.
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>) {
        let (actions, offsets) = each_games!(&self.games, g => env_sparse::legal_actions(g));
        (
            PyArray1::from_vec(py, actions),
            PyArray1::from_vec(py, offsets),
        )
    }

    /// One action per game (an `int64` array) drawn in Rust from the
    /// softmax of `logits / temperature` over its legal actions: `logits`
    /// is a float array over the action space, `(num_envs,
    /// action_space_size)`, or one value per legal action in
    /// `legal_actions()`'s order, `(len(actions),)`. At `temperature` 0 the
    /// legal action with the largest logit. Draws from a generator seeded
    /// by `seed`, or the env's own (`random_actions`') without one. 0 for a
    /// game that the next step resets.
    #[pyo3(signature = (logits, *, temperature = None, seed = None))]
    fn sample_actions<'py>(
        &mut self,
        py: Python<'py>,
        logits: &Bound<'py, PyAny>,
        temperature: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let temperature = env_sparse::temperature_arg(temperature)?;
        let seed = seed_arg(seed)?;
        let (actions, offsets) = each_games!(&self.games, g => env_sparse::legal_actions(g));
        let logits =
            env_sparse::logits_arg(logits, self.num_envs(), self.action_space, actions.len())?;
        let mut own;
        let rng = match seed {
            Some(s) => {
                own = Rng::new(s);
                &mut own
            }
            None => &mut self.rng,
        };
        let space = self.action_space;
        let chosen = py.allow_threads(|| {
            env_sparse::sample(&actions, &offsets, &logits, space, temperature, rng)
        })?;
        Ok(PyArray1::from_vec(py, chosen))
    }

    /// The position text of every game's current position (TFEN for
    /// Tamerlane, FEN for chess and Makruk); `fens()` under its older name.
    fn tfens(&self) -> Vec<String> {
        self.fens()
    }

    /// The position text of every game's current position (TFEN for
    /// Tamerlane, FEN for chess and Makruk).
    fn fens(&self) -> Vec<String> {
        each_games!(&self.games, g => g.fens())
    }

    /// The size of the game's action space: 12,544 for Tamerlane, 4,168
    /// for chess, 4,096 for Makruk.
    #[getter]
    fn action_space_size(&self) -> usize {
        self.action_space
    }

    /// The game: `"tamerlane"`, `"chess"` or `"makruk"`.
    #[getter(game)]
    fn game_name(&self) -> &'static str {
        self.game()
    }

    /// The plies played so far in every game's current episode.
    fn episode_plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        each_games!(&self.games, g => PyArray1::from_iter(py, g.envs.iter().map(|e| e.plies as i32)))
    }

    fn __len__(&self) -> usize {
        self.num_envs()
    }

    fn __repr__(&self) -> String {
        format!(
            "VectorEnv({}, rules='{}', game='{}', max_plies={}, dtype='{}', history={}, \
             num_threads={}, autoreset_mode='{}')",
            self.num_envs(),
            self.rules,
            self.game(),
            self.max_plies,
            self.dtype.name(),
            self.history,
            self.num_threads,
            self.autoreset.value()
        )
    }
}

impl VectorEnv {
    fn reset_games(&mut self, py: Python<'_>) -> PyResult<()> {
        self.with_out(
            py,
            |games, _, out| each_games!(games, g => g.reset_all(out)),
        )
    }

    /// Puts new games (of this env's game) in their places.
    fn place_games(&mut self, py: Python<'_>, games: AnyEnvs) -> PyResult<()> {
        self.with_out(py, |all, _, out| all.place(games, out))?
    }

    /// Reseeds the random generator and the spaces.
    fn reseed(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        self.rng = Rng::new(seed);
        self.seed_spaces(py, seed)
    }

    fn seed_spaces(&self, py: Python<'_>, seed: u64) -> PyResult<()> {
        for space in &self.spaces {
            let space = space.bind(py);
            if !space.is_none() {
                space.call_method1("seed", (seed,))?;
            }
        }
        Ok(())
    }
}

/// The `actions` argument: one integer per game; `Err` holds the decimal
/// text of an integer beyond `i64` (out of range, but ignored for a game
/// that a next-step autoreset restarts).
fn actions_arg(actions: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<Result<i64, String>>> {
    // The usual argument, a contiguous int64 array of the right length
    // (what `random_actions` returns), read as it is; anything else goes
    // through `numpy.asarray` and the checks below.
    if let Ok(arr) = actions.downcast::<PyArray1<i64>>() {
        if let Ok(ro) = arr.try_readonly() {
            if let Ok(v) = ro.as_slice() {
                if v.len() == n {
                    return Ok(v.iter().map(|&a| Ok(a)).collect());
                }
            }
        }
    }
    let np = research::import_numpy(actions.py())?;
    let arr = np.call_method1("asarray", (actions,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    let not_integers = |what: String| {
        PyTypeError::new_err(format!(
            "actions must be integers (an int64 array of action indices), not {what}"
        ))
    };
    // Python ints beyond 64 bits make an object array: it passes if it
    // holds only ints.
    let mut object_ints = None;
    if kind == "O" {
        let mut ints = Vec::new();
        for a in arr.getattr("flat")?.try_iter()? {
            let a = a?;
            match index_arg(&a, "actions")? {
                Some(int) => ints.push(int),
                None => return Err(not_integers(type_name(&a))),
            }
        }
        object_ints = Some(ints);
    } else if kind != "i" && kind != "u" {
        return Err(not_integers(arr.getattr("dtype")?.to_string()));
    }
    let shape: Vec<usize> = arr.getattr("shape")?.extract()?;
    if shape != [n] {
        return Err(PyValueError::new_err(format!(
            "actions must have shape ({n},), one per env, not {shape:?}"
        )));
    }
    if kind == "u" {
        let v: Vec<u64> = arr.call_method1("tolist", ())?.extract()?;
        return Ok(v
            .into_iter()
            .map(|a| i64::try_from(a).map_err(|_| a.to_string()))
            .collect());
    }
    if let Some(ints) = object_ints {
        return Ok(ints
            .iter()
            .map(|int| int.extract::<i64>().map_err(|_| int.to_string()))
            .collect());
    }
    let arr = arr.call_method1("astype", ("int64",))?;
    let arr = arr.downcast::<PyArray1<i64>>()?;
    Ok(arr.to_vec()?.into_iter().map(Ok).collect())
}

/// The `game=` argument: `"tamerlane"` (also for `None`), `"chess"` or
/// `"makruk"`, any case.
fn game_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<&'static str> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok("tamerlane");
    };
    let text = obj
        .downcast::<PyString>()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "game must be 'tamerlane', 'chess' or 'makruk', not {}",
                type_name(obj)
            ))
        })?
        .to_cow()?
        .to_ascii_lowercase();
    match text.as_str() {
        "tamerlane" => Ok("tamerlane"),
        "chess" => Ok("chess"),
        "makruk" => Ok("makruk"),
        _ => Err(PyValueError::new_err(format!(
            "game must be 'tamerlane', 'chess' or 'makruk', not {:?}",
            tamerlane_core::excerpt(&text, tamerlane_core::EXCERPT_CHARS)
        ))),
    }
}

/// The `rules=` argument of a game: a rule-set string of that game
/// (docs/RULES.md, section 9), its default rules for `None`.
fn game_rules<P: EnvGame>(obj: Option<&Bound<'_, PyAny>>) -> PyResult<P::Rules> {
    let Some(obj) = obj else {
        return Ok(P::Rules::default());
    };
    let text = obj.downcast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "rules must be a {} rule-set string, not {}",
            P::GAME,
            type_name(obj)
        ))
    })?;
    text.to_cow()?.parse().map_err(crate::errors::rules_err)
}

/// `n` games of `P` under `rules`.
fn new_games<P: EnvGame + WrapEnv>(
    rules: Option<&Bound<'_, PyAny>>,
    n: usize,
    max_plies: u32,
    history: usize,
    autoreset: Autoreset,
) -> PyResult<Games<P>> {
    let setting = Setting {
        start: start_of::<P>(game_rules::<P>(rules)?)?,
        max_plies,
        history,
        autoreset,
    };
    Ok(Games::new(setting, n))
}

/// The observation shape and action-space size of a vector's games.
fn game_sizes<P: EnvGame>(g: &Games<P>) -> ([usize; 3], usize) {
    sizes::<P>(g.setting.history)
}

/// Gymnasium's spaces (single and batched observation, single and batched
/// action) and the metadata; `None`s and a plain string without gymnasium.
fn gym_spaces(
    py: Python<'_>,
    np: &Bound<'_, PyModule>,
    n: usize,
    obs_shape: [usize; 3],
    action_space: usize,
    autoreset: Autoreset,
    dtype: PlaneDtype,
) -> PyResult<([PyObject; 4], PyObject)> {
    let Ok(gym) = py.import("gymnasium") else {
        let meta = PyDict::new(py);
        meta.set_item("autoreset_mode", autoreset.value())?;
        return Ok((
            [py.None(), py.None(), py.None(), py.None()],
            meta.into_any().unbind(),
        ));
    };
    let spaces = gym.getattr("spaces")?;
    let shape = PyTuple::new(py, obs_shape)?;
    let high: PyObject = match dtype {
        PlaneDtype::U8 => 255u8.into_pyobject(py)?.into_any().unbind(),
        PlaneDtype::F32 => 1.0f32.into_pyobject(py)?.into_any().unbind(),
    };
    let kwargs = PyDict::new(py);
    kwargs.set_item("low", 0)?;
    kwargs.set_item("high", high)?;
    kwargs.set_item("shape", shape)?;
    kwargs.set_item("dtype", np.getattr(dtype.name())?)?;
    let single_obs = spaces.getattr("Box")?.call((), Some(&kwargs))?;
    let batch = py
        .import("gymnasium.vector.utils")?
        .getattr("batch_space")?;
    let obs = batch.call1((&single_obs, n))?;
    let single_act = spaces.getattr("Discrete")?.call1((action_space,))?;
    let act = batch.call1((&single_act, n))?;
    let meta = PyDict::new(py);
    meta.set_item(
        "autoreset_mode",
        gym.getattr("vector")?
            .getattr("AutoresetMode")?
            .getattr(autoreset.member())?,
    )?;
    Ok((
        [
            single_obs.unbind(),
            obs.unbind(),
            single_act.unbind(),
            act.unbind(),
        ],
        meta.into_any().unbind(),
    ))
}

/// How often (in plies) a game of `random_rollouts` looks for a stop.
const STOP_POLL_PLIES: u32 = 256;
/// Stack of the thread that runs `random_rollouts`' games (the game
/// threads themselves get the default).
const ROLLOUT_STACK: usize = 8 << 20;

/// Plays `n` games with uniformly random legal moves in Rust (game `i`
/// from a generator seeded by `seed` and `i`, so the results do not depend
/// on `num_threads`), each to its end or to `max_plies` plies. Returns a
/// dict of numpy arrays: `"winner"` (int8: 1 White, -1 Black, 0 none),
/// `"termination"` (int8: the `Termination` index, checkmate 0 .. move
/// limit 5, or -1 if truncated), `"plies"` (int32) and `"truncated"`.
/// The games are played with the GIL released; Ctrl-C stops them within
/// milliseconds and raises `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(
    signature = (n, *, rules = RulesArg::default(), seed = None, max_plies = None, num_threads = None),
    text_signature = "(n, *, rules='', seed=0, max_plies=1000, num_threads=1)"
)]
pub fn random_rollouts<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    rules: RulesArg,
    seed: Option<&Bound<'py, PyAny>>,
    max_plies: Option<&Bound<'py, PyAny>>,
    num_threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let n = count_arg(n, "n", 1 << 24)?;
    let seed = seed_arg(seed)?.unwrap_or(0);
    let max_plies = match max_plies {
        Some(m) => count_arg(m, "max_plies", u32::MAX as usize)? as u32,
        None => DEFAULT_MAX_PLIES,
    };
    let threads = num_threads.map_or(Ok(1), |t| count_arg(t, "num_threads", MAX_THREADS))?;
    let start = start_of::<tamerlane::Position>(rules.0)?;
    // Before the games, so that no array is the first one of the process
    // when a Ctrl-C may be pending (see `research::import_numpy`).
    research::import_numpy(py)?;
    let mut results = vec![(0i8, -1i8, 0i32, false); n];
    // Set on Ctrl-C: every thread stops at its next game, or within
    // `STOP_POLL_PLIES` plies of a game.
    let stop = AtomicBool::new(false);
    let on_signal = || stop.store(true, Ordering::SeqCst);
    let work = || {
        let play = |first: usize, chunk: &mut [(i8, i8, i32, bool)]| {
            let mut env: Env<tamerlane::Position> = Env::new(&start, 0);
            for (k, r) in chunk.iter_mut().enumerate() {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let game = (first + k) as u64;
                let mut rng = Rng::new(seed ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03));
                env.reset(&start);
                *r = loop {
                    if env.plies % STOP_POLL_PLIES == 0 && stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let a = env.actions[rng.below(env.actions.len())];
                    let m = env.find(usize::from(a)).expect("a legal action");
                    match env.advance(&m, max_plies).0 {
                        Status::Ongoing => continue,
                        Status::Truncated => break (0, -1, env.plies as i32, true),
                        Status::Over(o) => {
                            break (
                                winner_code(&o),
                                tamerlane::Position::termination_code(o.termination),
                                env.plies as i32,
                                false,
                            );
                        }
                    }
                };
            }
        };
        let lengths = run_lengths(n, threads);
        std::thread::scope(|s| {
            let mut rest = results.as_mut_slice();
            let mut first = 0;
            for len in lengths {
                let (chunk, r) = rest.split_at_mut(len);
                rest = r;
                let play = &play;
                s.spawn(move || play(first, chunk));
                first += len;
            }
        });
    };
    let ((), signal) = run_interruptible(py, &on_signal, ROLLOUT_STACK, work)?;
    if let Some(e) = signal {
        return Err(e);
    }
    let d = PyDict::new(py);
    d.set_item(
        "winner",
        PyArray1::from_iter(py, results.iter().map(|r| r.0)),
    )?;
    d.set_item(
        "termination",
        PyArray1::from_iter(py, results.iter().map(|r| r.1)),
    )?;
    d.set_item(
        "plies",
        PyArray1::from_iter(py, results.iter().map(|r| r.2)),
    )?;
    d.set_item(
        "truncated",
        PyArray1::from_iter(py, results.iter().map(|r| r.3)),
    )?;
    Ok(d)
}

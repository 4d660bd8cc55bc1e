//! `tamerlane.mcts.MCTS`: the batched Monte Carlo tree search of
//! `tamerlane_ai::mcts` for the boards of the three games, with the Rust
//! random-rollout evaluator or a Python callable that values a batch of
//! observations at a time.
//!
//! The tree work runs with the GIL released: with the Rust evaluator on a
//! helper thread ([`run_interruptible`]: Ctrl-C stops the run after its
//! batch and raises `KeyboardInterrupt`); with a Python evaluator on the
//! calling thread, which takes the GIL once per batch to look for signals
//! and to call the evaluator.

use std::sync::atomic::{AtomicBool, Ordering};

use numpy::ndarray::IxDyn;
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;
use tamerlane_ai::mcts::{self as core_mcts, Batch, Evaluator, MctsConfig, RolloutEvaluator};
use tamerlane_core::{chess, makruk, tamerlane, Color, Game, Position};

use crate::board_core::PyGame;
use crate::errors::{game_over_with, GameOverError, IllegalMoveError};
use crate::interrupt::run_interruptible;
use crate::research::{self, import_numpy, zeros, MAX_BUFFER_BYTES};
use crate::sibling_board::{plane_values, PIECE_PLANES};
use crate::sibling_game::SiblingGame;
use crate::types::{index_arg, int_arg, type_name};

/// Stack of the helper thread of a run with the Rust evaluator.
const RUN_STACK: usize = 8 << 20;

/// A game as the search's Python side needs it: its action space and its
/// observation planes.
pub trait MctsGame: PyGame + Send + Sync {
    /// The size of the action space (`ACTION_SPACE_SIZE` of the game).
    const ACTION_SPACE: usize;
    /// The shape of one observation: `(planes, rows, columns)`.
    const PLANE_SHAPE: [usize; 3];
    /// Writes the planes of this position (`to_planes()` of a board at
    /// this position without history: repetition count 1) into `out`, of
    /// `PLANE_SHAPE`'s size.
    fn write_planes(&self, out: &mut [f32]);
    /// The action index of the legal move `m` (made by the side to move).
    fn action(&self, m: &Self::Move) -> usize;
}

impl MctsGame for tamerlane::Position {
    const ACTION_SPACE: usize = research::ACTION_SPACE_SIZE;
    const PLANE_SHAPE: [usize; 3] = [research::PLANES, research::ROWS, research::COLS];

    fn write_planes(&self, out: &mut [f32]) {
        let none: &[Option<&tamerlane::Position>] = &[];
        research::write_planes(out, self, 1, none);
    }

    fn action(&self, m: &Self::Move) -> usize {
        research::action_index(m.coord(), self.turn())
    }
}

/// [`MctsGame`] for a sibling game, from its [`SiblingGame`] planes.
macro_rules! sibling_mcts_game {
    ($game:ident) => {
        impl MctsGame for $game::Position {
            const ACTION_SPACE: usize = <Self as SiblingGame>::ACTION_SPACE_SIZE;
            const PLANE_SHAPE: [usize; 3] = [
                PIECE_PLANES + <Self as SiblingGame>::EXTRA_PLANE_NAMES.len(),
                8,
                8,
            ];

            fn write_planes(&self, out: &mut [f32]) {
                let pieces = self
                    .board()
                    .pieces()
                    .map(|(sq, p)| (sq, p.color, p.role.index()));
                let values = plane_values(self, self.turn(), pieces, 1);
                out.copy_from_slice(&values);
            }

            fn action(&self, m: &Self::Move) -> usize {
                <Self as SiblingGame>::action_index(&m.uci(), self.turn())
            }
        }
    };
}

sibling_mcts_game!(chess);
sibling_mcts_game!(makruk);

/// The number of values of one observation.
fn plane_len<P: MctsGame>() -> usize {
    P::PLANE_SHAPE.iter().product()
}

/// A Python callable as the search's evaluator: called once per batch
/// with the observations `[B, *PLANE_SHAPE]` (float32) and the legal-action
/// masks `[B, ACTION_SPACE]` (bool), returning the priors `[B,
/// ACTION_SPACE]` (probabilities, renormalised over the legal actions)
/// and the values `[B]`.
struct PyEvaluator<'a> {
    callable: &'a Py<PyAny>,
    /// The action index of every legal move of the batch, in order.
    actions: Vec<usize>,
    obs: Vec<f32>,
}

impl PyEvaluator<'_> {
    /// Fills the batch from the evaluator's answer (GIL held).
    fn call<P: MctsGame>(&mut self, py: Python<'_>, batch: &mut Batch<P>) -> PyResult<()> {
        py.check_signals()?;
        let b = batch.len();
        let a = P::ACTION_SPACE;
        let per = plane_len::<P>();
        self.obs.clear();
        self.obs.resize(b * per, 0.0);
        self.actions.clear();
        for (i, chunk) in self.obs.chunks_mut(per).enumerate() {
            let pos = batch.position(i);
            pos.write_planes(chunk);
            for m in batch.moves(i) {
                self.actions.push(pos.action(m));
            }
        }
        let mut shape = vec![b];
        shape.extend_from_slice(&P::PLANE_SHAPE);
        let obs = zeros::<f32, IxDyn>(py, &shape)?;
        obs.try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?
            .as_slice_mut()
            .map_err(|e| PyValueError::new_err(e.to_string()))?
            .copy_from_slice(&self.obs);
        let mask = zeros::<bool, IxDyn>(py, &[b, a])?;
        {
            let mut rw = mask
                .try_readwrite()
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            let data = rw
                .as_slice_mut()
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            let mut k = 0;
            for i in 0..b {
                for _ in batch.moves(i) {
                    data[i * a + self.actions[k]] = true;
                    k += 1;
                }
            }
        }
        let answer = self.callable.call1(py, (obs, mask))?;
        let answer = answer.bind(py);
        let pair = answer
            .downcast::<PyTuple>()
            .ok()
            .filter(|t| t.len() == 2)
            .ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "MCTS evaluator must return a tuple (priors, values), not {}",
                    type_name(answer)
                ))
            })?;
        let priors = float_array(&pair.get_item(0)?, &[b, a], "priors")?;
        let values = float_array(&pair.get_item(1)?, &[b], "values")?;
        let priors = priors.readonly();
        let priors = priors.as_slice()?;
        let values = values.readonly();
        let values = values.as_slice()?;
        let mut k = 0;
        for i in 0..b {
            let (_, moves, out, value) = batch.leaf_mut(i);
            let v = values[i];
            if !v.is_finite() {
                return Err(PyValueError::new_err(format!(
                    "MCTS evaluator: values[{i}] is {v}, not a finite number"
                )));
            }
            *value = v;
            for (slot, _) in out.iter_mut().zip(moves) {
                let action = self.actions[k];
                let p = priors[i * a + action];
                if !(p.is_finite() && p >= 0.0) {
                    return Err(PyValueError::new_err(format!(
                        "MCTS evaluator: priors[{i}, {action}] (a legal action) is {p}: \
                         priors must be probabilities (finite, >= 0), not logits"
                    )));
                }
                *slot = p;
                k += 1;
            }
        }
        Ok(())
    }
}

/// An array argument of the evaluator's answer as a C-contiguous float32
/// array of `shape`: `ValueError` naming `what` otherwise.
fn float_array<'py>(
    obj: &Bound<'py, PyAny>,
    shape: &[usize],
    what: &str,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let np = import_numpy(obj.py())?;
    let arr = np
        .call_method1("ascontiguousarray", (obj, np.getattr("float32")?))
        .map_err(|e| {
            PyTypeError::new_err(format!(
                "MCTS evaluator: {what} must be an array of numbers ({}): {e}",
                type_name(obj)
            ))
        })?;
    let arr = arr.downcast_into::<PyArrayDyn<f32>>()?;
    if arr.shape() != shape {
        return Err(PyValueError::new_err(format!(
            "MCTS evaluator: {what} must have shape {shape:?}, not {:?}",
            arr.shape()
        )));
    }
    Ok(arr)
}

impl<P: MctsGame> Evaluator<P> for PyEvaluator<'_> {
    type Error = PyErr;

    fn evaluate(&mut self, batch: &mut Batch<P>) -> PyResult<()> {
        Python::with_gil(|py| self.call(py, batch))
    }
}

/// The search of one game with its Rust evaluator.
struct GameSearch<P: MctsGame> {
    mcts: core_mcts::Mcts<P>,
    rollout: RolloutEvaluator<P>,
}

impl<P: MctsGame> GameSearch<P> {
    fn new(py: Python<'_>, game: &Game<P>, config: MctsConfig) -> PyResult<Self> {
        if let Some(o) = game.outcome() {
            return Err(game_over_with(
                py,
                format!("MCTS: the game is over ({o})"),
                game.positions().len() - 1,
                P::wrap_outcome(o),
            ));
        }
        let mcts = core_mcts::Mcts::new(game.position().clone(), config)
            .map_err(|e| PyValueError::new_err(format!("MCTS: {e}")))?;
        let rollout = mcts.rollout_evaluator();
        Ok(GameSearch { mcts, rollout })
    }

    /// Runs the simulations with the Rust evaluator or `evaluator`.
    fn run(&mut self, py: Python<'_>, evaluator: Option<&Py<PyAny>>) -> PyResult<()> {
        let result = match evaluator {
            None => {
                let stop = AtomicBool::new(false);
                let (mcts, rollout) = (&mut self.mcts, &mut self.rollout);
                let (result, signal) = run_interruptible(
                    py,
                    &|| stop.store(true, Ordering::Relaxed),
                    RUN_STACK,
                    || mcts.run(rollout, Some(&stop)),
                )?;
                if let Some(e) = signal {
                    return Err(e);
                }
                result.map_err(|e| match e {
                    core_mcts::MctsError::GameOver => RunError::GameOver,
                    core_mcts::MctsError::Evaluator(never) => match never {},
                })
            }
            Some(callable) => {
                let mut eval = PyEvaluator {
                    callable,
                    actions: Vec::new(),
                    obs: Vec::new(),
                };
                let mcts = &mut self.mcts;
                py.allow_threads(|| mcts.run(&mut eval, None))
                    .map_err(|e| match e {
                        core_mcts::MctsError::GameOver => RunError::GameOver,
                        core_mcts::MctsError::Evaluator(e) => RunError::Python(e),
                    })
            }
        };
        match result {
            Ok(_) => Ok(()),
            Err(RunError::GameOver) => Err(GameOverError::new_err(
                "MCTS: the game is over at the root (or its ply cap is reached): nothing to search",
            )),
            Err(RunError::Python(e)) => Err(e),
        }
    }

    /// The visits of every action, over the action space.
    fn visits(&self) -> Vec<i64> {
        let mut v = vec![0i64; P::ACTION_SPACE];
        let pos = self.mcts.position();
        for c in self.mcts.root_stats() {
            v[pos.action(&c.mv)] += i64::from(c.visits);
        }
        v
    }

    /// The root's proven moves over the action space: 1 a proven win, -1
    /// a proven loss, 0 unknown.
    fn proven(&self) -> Vec<i8> {
        let mut v = vec![0i8; P::ACTION_SPACE];
        let pos = self.mcts.position();
        for c in self.mcts.root_stats() {
            v[pos.action(&c.mv)] = match c.proven {
                Some(true) => 1,
                Some(false) => -1,
                None => 0,
            };
        }
        v
    }

    /// The root's priors over the action space.
    fn priors(&self) -> Vec<f32> {
        let mut v = vec![0f32; P::ACTION_SPACE];
        let pos = self.mcts.position();
        for c in self.mcts.root_stats() {
            v[pos.action(&c.mv)] += c.prior;
        }
        v
    }

    fn choose(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        let m = self
            .mcts
            .choose()
            .ok_or_else(|| PyValueError::new_err("MCTS.choose: no visits yet: call run() first"))?;
        self.mcts.position().wrap(&m).into_py_any(py)
    }

    fn play(&mut self, obj: &Bound<'_, PyAny>) -> PyResult<()> {
        let pos = self.mcts.position();
        let m = if let Some(i) = index_arg(obj, "move")? {
            let i = i
                .extract::<i64>()
                .ok()
                .and_then(|i| usize::try_from(i).ok())
                .filter(|i| *i < P::ACTION_SPACE)
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "action index {i} out of range (expected 0 to {})",
                        P::ACTION_SPACE - 1
                    ))
                })?;
            pos.legal_moves()
                .iter()
                .copied()
                .find(|m| pos.action(m) == i)
                .ok_or_else(|| {
                    IllegalMoveError::new_err(format!(
                        "action index {i}: no legal move of the root has it"
                    ))
                })?
        } else {
            let key = P::move_key(obj)?;
            pos.find(key)
                .map_err(|e| IllegalMoveError::new_err(e.to_string()))?
        };
        self.mcts
            .play(&m)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }
}

/// Why a run failed.
enum RunError {
    GameOver,
    Python(PyErr),
}

/// The search of one of the three games.
enum AnySearch {
    Tamerlane(Box<GameSearch<tamerlane::Position>>),
    Chess(Box<GameSearch<chess::Position>>),
    Makruk(Box<GameSearch<makruk::Position>>),
}

/// Runs `$body` with `$s` bound to the game's search.
macro_rules! each_search {
    ($search:expr, $s:ident => $body:expr) => {
        match $search {
            AnySearch::Tamerlane($s) => $body,
            AnySearch::Chess($s) => $body,
            AnySearch::Makruk($s) => $body,
        }
    };
}

/// A numpy array of `values` (1-D).
fn array_1d<'py, T: numpy::Element + Copy>(
    py: Python<'py>,
    values: &[T],
) -> PyResult<Bound<'py, PyAny>> {
    let arr = zeros::<T, IxDyn>(py, &[values.len()])?;
    arr.try_readwrite()
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .as_slice_mut()
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .copy_from_slice(values);
    Ok(arr.into_any())
}

/// An optional argument, `None` counting as not given.
fn given<'py>(o: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
    o.filter(|o| !o.is_none()).cloned()
}

/// A float argument, `TypeError` for anything but a real number.
fn float_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<f32> {
    if obj.downcast::<pyo3::types::PyBool>().is_ok() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a number, not bool"
        )));
    }
    obj.extract::<f64>().map(|v| v as f32).map_err(|_| {
        PyTypeError::new_err(format!("{name} must be a number, not {}", type_name(obj)))
    })
}

/// An integer argument in `0..=u32::MAX`.
fn u32_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u32> {
    let v = int_arg(obj, name)?;
    u32::try_from(v).map_err(|_| PyValueError::new_err(format!("{name} must be >= 0, not {v}")))
}

/// Batched Monte Carlo tree search (PUCT, AlphaZero-style) on a board of
/// any of the three games, its tree kept from move to move (see
/// docs/PYTHON.md, "MCTS").
#[pyclass(module = "tamerlane.mcts", name = "MCTS")]
pub struct Mcts {
    search: AnySearch,
    evaluator: Option<Py<PyAny>>,
    config: MctsConfig,
}

#[pymethods]
impl Mcts {
    #[new]
    #[pyo3(signature = (
        board, *, simulations = None, batch = None, c_puct = None, dirichlet_alpha = None,
        dirichlet_fraction = None, temperature = None, seed = None, evaluator = None,
        rollout_plies = None, max_plies = None, solver = None
    ), text_signature = "(board, *, simulations=800, batch=64, c_puct=1.25, \
        dirichlet_alpha=0.3, dirichlet_fraction=0.25, temperature=1.0, seed=0, \
        evaluator=None, rollout_plies=4, max_plies=None, solver=False)")]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        simulations: Option<&Bound<'_, PyAny>>,
        batch: Option<&Bound<'_, PyAny>>,
        c_puct: Option<&Bound<'_, PyAny>>,
        dirichlet_alpha: Option<&Bound<'_, PyAny>>,
        dirichlet_fraction: Option<&Bound<'_, PyAny>>,
        temperature: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        evaluator: Option<&Bound<'_, PyAny>>,
        rollout_plies: Option<&Bound<'_, PyAny>>,
        max_plies: Option<&Bound<'_, PyAny>>,
        solver: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Mcts> {
        let mut config = MctsConfig::default();
        if let Some(o) = given(simulations) {
            config.simulations = u32_arg(&o, "simulations")?;
        }
        if let Some(o) = given(batch) {
            config.batch = u32_arg(&o, "batch")?;
        }
        if let Some(o) = given(c_puct) {
            config.c_puct = float_arg(&o, "c_puct")?;
        }
        if let Some(o) = given(dirichlet_alpha) {
            config.dirichlet_alpha = float_arg(&o, "dirichlet_alpha")?;
        }
        if let Some(o) = given(dirichlet_fraction) {
            config.dirichlet_fraction = float_arg(&o, "dirichlet_fraction")?;
        }
        if let Some(o) = given(temperature) {
            config.temperature = float_arg(&o, "temperature")?;
        }
        if let Some(o) = given(seed) {
            let s = int_arg(&o, "seed")?;
            config.seed = u64::try_from(s)
                .map_err(|_| PyValueError::new_err(format!("seed must be >= 0, not {s}")))?;
        }
        if let Some(o) = given(rollout_plies) {
            config.rollout_plies = u32_arg(&o, "rollout_plies")?;
        }
        if let Some(o) = given(max_plies) {
            config.max_plies = Some(u32_arg(&o, "max_plies")?);
        }
        if let Some(o) = given(solver) {
            config.solver = o
                .downcast::<pyo3::types::PyBool>()
                .map_err(|_| {
                    PyTypeError::new_err(format!(
                        "MCTS: solver must be a bool, not {}",
                        type_name(&o)
                    ))
                })?
                .is_true();
        }
        config
            .validate()
            .map_err(|e| PyValueError::new_err(format!("MCTS: {e}")))?;
        let evaluator = match given(evaluator) {
            None => None,
            Some(e) if e.is_callable() => Some(e.unbind()),
            Some(e) => {
                return Err(PyTypeError::new_err(format!(
                    "MCTS: evaluator must be None or a callable, not {}",
                    type_name(&e)
                )))
            }
        };
        let search = if let Some(g) = <tamerlane::Position as PyGame>::game_of(board)? {
            AnySearch::Tamerlane(Box::new(GameSearch::new(py, &g, config)?))
        } else if let Some(g) = <chess::Position as PyGame>::game_of(board)? {
            AnySearch::Chess(Box::new(GameSearch::new(py, &g, config)?))
        } else if let Some(g) = <makruk::Position as PyGame>::game_of(board)? {
            AnySearch::Makruk(Box::new(GameSearch::new(py, &g, config)?))
        } else {
            return Err(PyTypeError::new_err(format!(
                "MCTS: expected a board (a tamerlane.Board, tamerlane.chess.Board, \
                 tamerlane.makruk.Board or python-chess chess.Board), not {}",
                type_name(board)
            )));
        };
        if evaluator.is_some() {
            // The observations and masks of one batch must fit in memory.
            let (planes, actions) = each_search!(&search, s => (
                plane_len_of(s), action_space_of(s)
            ));
            let bytes = (config.batch as usize).saturating_mul(planes * 4 + actions * 5);
            if bytes > MAX_BUFFER_BYTES {
                return Err(PyValueError::new_err(format!(
                    "MCTS: batch {} is too large for a Python evaluator (its arrays would \
                     take more than {} GiB)",
                    config.batch,
                    MAX_BUFFER_BYTES >> 30
                )));
            }
        }
        Ok(Mcts {
            search,
            evaluator,
            config,
        })
    }

    /// Runs `simulations` more simulations from the root (adding to the
    /// statistics kept from earlier runs and moves) and returns the visit
    /// counts of the root's moves over the game's action space (an int64
    /// array of `ACTION_SPACE_SIZE`) and the root's value from the side to
    /// move's view (-1 to 1). `GameOverError` if the game is over at the
    /// root.
    fn run<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, f64)> {
        let evaluator = self.evaluator.as_ref();
        each_search!(&mut self.search, s => s.run(py, evaluator))?;
        let visits = self.visits(py)?;
        Ok((visits, self.root_value().unwrap_or(0.0)))
    }

    /// The visit counts of the root's moves over the action space (int64;
    /// zeros before the first run).
    fn visits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = each_search!(&self.search, s => s.visits());
        array_1d(py, &v)
    }

    /// The visit counts normalised to sum to 1 (float32): the training
    /// target. Zeros before the first run.
    fn policy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = each_search!(&self.search, s => s.visits());
        let total: i64 = v.iter().sum();
        let p: Vec<f32> = v
            .iter()
            .map(|n| {
                if total > 0 {
                    *n as f32 / total as f32
                } else {
                    0.0
                }
            })
            .collect();
        array_1d(py, &p)
    }

    /// The root's moves proven by the search over the action space
    /// (int8): 1 a move that wins by force, -1 one that loses by force, 0
    /// unknown. Only endings are proven without ``solver=True``. Zeros
    /// before the first run.
    fn proven<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = each_search!(&self.search, s => s.proven());
        array_1d(py, &v)
    }

    /// The root's priors over the action space (float32), with the noise of
    /// the last run mixed in. Zeros before the first run.
    fn priors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = each_search!(&self.search, s => s.priors());
        array_1d(py, &v)
    }

    /// The root's value from its side to move's view (the mean of its
    /// evaluation and of every simulation's value), `None` before the
    /// first run.
    #[getter]
    fn root_value(&self) -> Option<f64> {
        each_search!(&self.search, s => s.mcts.root_value())
    }

    /// The move to play (the board's `Move` class): at `temperature` 0 the
    /// most visited, else sampled with probability proportional to
    /// `visits ** (1 / temperature)` from the search's seeded generator.
    /// It is not played: pass it to `play`. `ValueError` before the first
    /// run.
    fn choose(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        each_search!(&mut self.search, s => s.choose(py))
    }

    /// Plays `move` (a `Move`, a UCI string or an action index) at the
    /// root, keeping its subtree and statistics for the next run.
    /// `IllegalMoveError` if it is not legal at the root.
    #[pyo3(signature = (r#move, /))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        each_search!(&mut self.search, s => s.play(r#move))
    }

    /// The root position's text (TFEN for Tamerlane, FEN for chess and
    /// Makruk).
    fn fen(&self) -> String {
        each_search!(&self.search, s => s.mcts.position().to_fen())
    }

    /// Whether White is to move at the root (as python-chess's `turn`).
    #[getter]
    fn turn(&self) -> bool {
        each_search!(&self.search, s => s.mcts.position().turn() == Color::White)
    }

    /// The size of the game's action space (the length of `visits()`).
    #[getter]
    fn action_space_size(&self) -> usize {
        each_search!(&self.search, s => action_space_of(s))
    }

    /// The number of nodes in the tree.
    #[getter]
    fn tree_size(&self) -> usize {
        each_search!(&self.search, s => s.mcts.tree_size())
    }

    /// The simulations of each `run()`.
    #[getter]
    fn simulations(&self) -> u32 {
        self.config.simulations
    }

    fn __repr__(&self) -> String {
        let game = match self.search {
            AnySearch::Tamerlane(_) => "tamerlane",
            AnySearch::Chess(_) => "chess",
            AnySearch::Makruk(_) => "makruk",
        };
        format!(
            "<MCTS {game} {:?} simulations={} batch={} evaluator={}>",
            self.fen(),
            self.config.simulations,
            self.config.batch,
            if self.evaluator.is_some() {
                "python"
            } else {
                "rollout"
            }
        )
    }
}

/// The action space size of a search's game.
fn action_space_of<P: MctsGame>(_: &GameSearch<P>) -> usize {
    P::ACTION_SPACE
}

/// The values of one observation of a search's game.
fn plane_len_of<P: MctsGame>(_: &GameSearch<P>) -> usize {
    plane_len::<P>()
}

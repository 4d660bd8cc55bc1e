//! `VectorEnv`: N Tamerlane games held in Rust and stepped together, shaped
//! like Gymnasium's vector API (same-step autoreset by default, next-step on
//! request), with its outputs written into preallocated numpy arrays with
//! the GIL released; and `random_rollouts`, whole random games played in
//! Rust (GIL released, Ctrl-C honoured).

use std::collections::VecDeque;
use std::fmt::Display;
use std::sync::atomic::{AtomicBool, Ordering};

use numpy::ndarray::{Ix1, Ix2, IxDyn};
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use tamerlane_ai::Rng;
use tamerlane_core as core;
use tamerlane_core::tamerlane::Position;
use tamerlane_core::{Move, Outcome, Square, Termination};

use crate::errors::IllegalMoveError;
use crate::interrupt::run_interruptible;
use crate::plane_updates::PlaneUpdates;
use crate::repetition_window::RepetitionWindow;
use crate::research::{
    self, action_coord, action_in_range, plane_count, Placement, PlaneDtype, PlaneValue,
    ACTION_SPACE_SIZE, CELLS, COLS, MAX_BUFFER_BYTES, MAX_HISTORY, ROWS,
};
use crate::rules::RulesArg;
use crate::types::{index_arg, int_arg, type_name};

/// The default length cap (`max_plies`): a game still going after this
/// many plies is truncated.
pub const DEFAULT_MAX_PLIES: u32 = 1000;
/// The largest `num_envs`: the masks alone take 12,544 bytes per game.
pub const MAX_ENVS: usize = 1 << 16;
/// The largest `num_threads`.
pub const MAX_THREADS: usize = 256;

// An action index fits the u16s of `Env::actions`.
const _: () = assert!(ACTION_SPACE_SIZE <= 1 << 16);

/// The placement of an earlier position, as the history planes need it:
/// 112 bytes instead of a whole position's 512.
#[derive(Clone)]
struct Key {
    /// 0 for an empty square, else `1 + color * Role::COUNT + role`.
    squares: [u8; 112],
}

impl Key {
    fn of(pos: &Position) -> Key {
        let mut squares = [0u8; 112];
        for (sq, p) in pos.board().pieces() {
            squares[sq.index()] = (1 + p.color.index() * core::Role::COUNT + p.role.index()) as u8;
        }
        Key { squares }
    }
}

impl Placement for Key {
    fn for_each_piece(&self, mut f: impl FnMut(Square, core::Piece)) {
        for (i, &code) in self.squares.iter().enumerate() {
            if code != 0 {
                let code = usize::from(code - 1);
                let color = core::Color::ALL[code / core::Role::COUNT];
                let role = core::Role::ALL[code % core::Role::COUNT];
                let sq = Square::new(i as u32).expect("index below 112");
                f(sq, core::Piece::new(color, role));
            }
        }
    }
}

/// The earlier placements (kept with the latest last) as the plane writers
/// take them: the latest first, then `None` for the plies before the
/// game's start.
fn earlier_placements(earlier: &VecDeque<Key>) -> [Option<&Key>; MAX_HISTORY] {
    let mut out = [None; MAX_HISTORY];
    for (slot, key) in out.iter_mut().zip(earlier.iter().rev()) {
        *slot = Some(key);
    }
    out
}

/// How a game stands after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Status {
    Ongoing,
    /// The rules ended the game.
    Over(Outcome),
    /// The length cap ended it.
    Truncated,
}

/// One game of the vector: the current position and the action indices of
/// its legal moves, the positions the repetition rule still reads, and the
/// placements of the `history` positions before the current one (for the
/// history planes).
#[derive(Clone)]
struct Env {
    pos: Position,
    /// The action index of every legal move, in the generator's order (that
    /// of `Position::legal_moves`).
    actions: Vec<u16>,
    plies: u32,
    /// `None` when the rules have no repetition rule: nothing reads the
    /// count then (the repetition plane is 0), so it is taken as 1.
    window: Option<RepetitionWindow>,
    /// The placements of up to `history` earlier positions, the latest last.
    earlier: VecDeque<Key>,
    history: usize,
    /// What the last write into the game's observation set.
    obs_planes: PlaneUpdates,
    /// Next-step autoreset: the game ended in the last step and is reset
    /// by the next one (which ignores its action).
    pending_reset: bool,
}

impl Env {
    fn new(start: &Position, history: usize) -> Env {
        let window = start
            .rules()
            .repetition()
            .map(|_| RepetitionWindow::new(start));
        let mut env = Env {
            pos: start.clone(),
            actions: Vec::new(),
            plies: 0,
            window,
            earlier: VecDeque::with_capacity(history),
            history,
            obs_planes: PlaneUpdates::default(),
            pending_reset: false,
        };
        env.reset(start);
        env
    }

    fn reset(&mut self, start: &Position) {
        self.pos.clone_from(start);
        if let Some(w) = &mut self.window {
            w.restart(start);
        }
        self.earlier.clear();
        self.generate();
        self.plies = 0;
        self.pending_reset = false;
    }

    /// Generates the action indices of the legal moves of the current
    /// position (from the generator's move sets: the moves themselves are
    /// built only when played).
    fn generate(&mut self) {
        let actions = &mut self.actions;
        actions.clear();
        research::for_each_action(&self.pos, |a| actions.push(a as u16));
    }

    /// How many times the current position has occurred in this game (1
    /// when the rules have no repetition rule).
    fn repetitions(&self) -> usize {
        self.window.as_ref().map_or(1, |w| w.count(&self.pos))
    }

    /// The outcome as `Game::outcome` decides it: the position's own
    /// (citadel, no legal move, royals only, move limit), with repetition
    /// checked before the move limit. `self.actions` must be the position's
    /// legal moves.
    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        let own = self.pos.outcome_given_moves(!self.actions.is_empty());
        if matches!(own, Some(o) if o.termination != Termination::MoveLimit) {
            return own;
        }
        let repeated = self
            .pos
            .rules()
            .repetition()
            .is_some_and(|n| repetitions >= n as usize);
        if repeated {
            return Some(Outcome {
                winner: None,
                termination: Termination::Repetition,
            });
        }
        own
    }

    /// The legal move with action index `action`, if any.
    fn find(&self, action: usize) -> Option<Move> {
        if !self.actions.iter().any(|a| usize::from(*a) == action) {
            return None;
        }
        let c = action_coord(action, self.pos.turn());
        self.pos.move_for_pair(c.from, c.to)
    }

    /// Plays `m` (a legal move) and brings the action indices up to date
    /// (generated once: the outcome's "no legal move" test reads them).
    fn advance(&mut self, m: &Move, max_plies: u32) -> (Status, usize) {
        if self.history > 0 {
            if self.earlier.len() == self.history {
                self.earlier.pop_front();
            }
            self.earlier.push_back(Key::of(&self.pos));
        }
        let irreversible = self.pos.is_irreversible(m);
        self.pos.play_unchecked(m);
        if let Some(w) = &mut self.window {
            w.push(m, irreversible, &self.pos);
        }
        self.plies += 1;
        self.generate();
        let reps = self.repetitions();
        if let Some(o) = self.outcome(reps) {
            return (Status::Over(o), reps);
        }
        if self.plies >= max_plies {
            return (Status::Truncated, reps);
        }
        (Status::Ongoing, reps)
    }

    /// Writes the planes of the current position (`history` earlier ones)
    /// into `out` whole: a final observation.
    fn write_planes<T: PlaneValue>(&self, out: &mut [T], repetitions: usize) {
        let earlier = earlier_placements(&self.earlier);
        research::write_planes(out, &self.pos, repetitions, &earlier[..self.history]);
    }

    /// Writes the planes of the current position into `obs`, this game's
    /// observation: whole after a reset (`whole`), else by updating the
    /// planes of the previous step in place.
    fn write_obs<T: PlaneValue>(&mut self, obs: &mut [T], repetitions: usize, whole: bool) {
        let earlier = earlier_placements(&self.earlier);
        let earlier = &earlier[..self.history];
        if whole {
            self.obs_planes
                .write_all(obs, &self.pos, repetitions, earlier);
        } else {
            self.obs_planes.update(obs, &self.pos, repetitions, earlier);
        }
    }

    /// Sets (or clears) the mask entries of the current legal moves.
    fn mark(&self, mask: &mut [bool], value: bool) {
        for &a in &self.actions {
            mask[usize::from(a)] = value;
        }
    }
}

/// The per-game outputs of a step, for a run of consecutive games.
struct Out<'a, T> {
    obs: &'a mut [T],
    mask: &'a mut [bool],
    reward: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    final_obs: &'a mut [T],
    done: &'a mut [bool],
    winner: &'a mut [i8],
    termination: &'a mut [i8],
    plies: &'a mut [i32],
}

impl<'a, T> Out<'a, T> {
    /// The first `n` games' outputs and the rest's.
    fn split(self, n: usize, obs_len: usize) -> (Out<'a, T>, Out<'a, T>) {
        let (obs, obs2) = self.obs.split_at_mut(n * obs_len);
        let (mask, mask2) = self.mask.split_at_mut(n * ACTION_SPACE_SIZE);
        let (reward, reward2) = self.reward.split_at_mut(n);
        let (terminated, terminated2) = self.terminated.split_at_mut(n);
        let (truncated, truncated2) = self.truncated.split_at_mut(n);
        let (final_obs, final_obs2) = self.final_obs.split_at_mut(n * obs_len);
        let (done, done2) = self.done.split_at_mut(n);
        let (winner, winner2) = self.winner.split_at_mut(n);
        let (termination, termination2) = self.termination.split_at_mut(n);
        let (plies, plies2) = self.plies.split_at_mut(n);
        (
            Out {
                obs,
                mask,
                reward,
                terminated,
                truncated,
                final_obs,
                done,
                winner,
                termination,
                plies,
            },
            Out {
                obs: obs2,
                mask: mask2,
                reward: reward2,
                terminated: terminated2,
                truncated: truncated2,
                final_obs: final_obs2,
                done: done2,
                winner: winner2,
                termination: termination2,
                plies: plies2,
            },
        )
    }
}

/// When a finished game of a `VectorEnv` restarts (Gymnasium's
/// `AutoresetMode`, but for `DISABLED`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Autoreset {
    /// In the step it ends: `obs` shows the new game, the last position is
    /// in `info["final_obs"]`.
    SameStep,
    /// In the next step, which ignores the game's action: `obs` shows the
    /// last position.
    NextStep,
}

impl Autoreset {
    /// The value of Gymnasium's `AutoresetMode` member.
    fn value(self) -> &'static str {
        match self {
            Autoreset::SameStep => "SameStep",
            Autoreset::NextStep => "NextStep",
        }
    }

    /// The name of Gymnasium's `AutoresetMode` member.
    fn member(self) -> &'static str {
        match self {
            Autoreset::SameStep => "SAME_STEP",
            Autoreset::NextStep => "NEXT_STEP",
        }
    }
}

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

/// The settings every game of a vector shares.
#[derive(Clone)]
struct Setting {
    start: Position,
    max_plies: u32,
    history: usize,
    autoreset: Autoreset,
}

impl Setting {
    fn obs_len(&self) -> usize {
        plane_count(self.history) * CELLS
    }

    /// Steps game `i` of a run (`out` holds the run's outputs) with `m`;
    /// `None` resets a game that ended in the last step (next-step
    /// autoreset).
    fn step_one<T: PlaneValue>(
        &self,
        env: &mut Env,
        m: Option<&Move>,
        i: usize,
        out: &mut Out<'_, T>,
    ) {
        let len = self.obs_len();
        let obs = &mut out.obs[i * len..(i + 1) * len];
        let mask = &mut out.mask[i * ACTION_SPACE_SIZE..(i + 1) * ACTION_SPACE_SIZE];
        out.reward[i] = 0.0;
        out.terminated[i] = false;
        out.truncated[i] = false;
        out.done[i] = false;
        out.winner[i] = 0;
        out.termination[i] = -1;
        out.plies[i] = 0;
        let Some(m) = m else {
            // Next-step autoreset: the game ended in the last step (its mask
            // row was cleared then).
            env.reset(&self.start);
            env.write_obs(obs, 1, true);
            env.mark(mask, true);
            return;
        };
        let mover = env.pos.turn();
        env.mark(mask, false);
        let (status, reps) = env.advance(m, self.max_plies);
        let mut reps = reps;
        if status != Status::Ongoing {
            out.done[i] = true;
            out.plies[i] = env.plies as i32;
            match status {
                Status::Over(o) => {
                    out.terminated[i] = true;
                    out.termination[i] = termination_code(o.termination);
                    out.winner[i] = winner_code(&o);
                    out.reward[i] = match o.winner {
                        Some(w) if w == mover => 1.0,
                        Some(_) => -1.0,
                        None => 0.0,
                    };
                }
                _ => out.truncated[i] = true,
            }
            if self.autoreset == Autoreset::NextStep {
                // The last position is the observation; the mask row stays
                // clear (no move is played in this game next step).
                env.write_obs(obs, reps, false);
                env.pending_reset = true;
                return;
            }
            env.write_planes(&mut out.final_obs[i * len..(i + 1) * len], reps);
            env.reset(&self.start);
            reps = 1;
        }
        env.write_obs(obs, reps, status != Status::Ongoing);
        env.mark(mask, true);
    }

    /// Steps a run of games, each with its move (`None`: reset it).
    fn step_run<T: PlaneValue>(
        &self,
        envs: &mut [Env],
        moves: &[Option<Move>],
        mut out: Out<'_, T>,
    ) {
        for (i, (env, m)) in envs.iter_mut().zip(moves).enumerate() {
            self.step_one(env, m.as_ref(), i, &mut out);
        }
    }
}

/// The index of a termination in `Termination`'s order (checkmate 0 ..
/// move limit 5).
fn termination_code(t: Termination) -> i8 {
    Termination::ALL
        .iter()
        .position(|x| *x == t)
        .expect("every termination is listed") as i8
}

/// The winner of an outcome as a number: 1 White, -1 Black, 0 none.
fn winner_code(o: &Outcome) -> i8 {
    match o.winner {
        Some(core::Color::White) => 1,
        Some(core::Color::Black) => -1,
        None => 0,
    }
}

/// The fewest games a worker thread of `step` gets: starting the threads
/// for every step costs tens of microseconds, and smaller runs were
/// slower on two threads than on one (docs/BENCHMARKS.md, "VectorEnv").
const MIN_GAMES_PER_STEP_THREAD: usize = 512;

/// Splits `0..n` into at most `threads` runs of consecutive indices: the
/// run lengths.
fn run_lengths(n: usize, threads: usize) -> Vec<usize> {
    let threads = threads.clamp(1, n.max(1));
    let base = n / threads;
    let extra = n % threads;
    (0..threads)
        .map(|t| base + usize::from(t < extra))
        .collect()
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

/// The starting position of `rules`, refused if it is already over.
fn start_of(rules: RulesArg) -> PyResult<Position> {
    let start = Position::start_with_rules(rules.0);
    if let Some(o) = start.outcome() {
        return Err(PyValueError::new_err(format!(
            "the start position of rules {:?} is already over ({o})",
            rules.0.to_string()
        )));
    }
    Ok(start)
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

/// N Tamerlane games stepped together, shaped like Gymnasium's
/// `gymnasium.vector.VectorEnv` (same-step autoreset, or next-step with
/// `autoreset_mode`); see
/// `docs/PYTHON.md`, "Reinforcement learning". `tamerlane.VectorEnv`
/// subclasses it (and `gymnasium.vector.VectorEnv` when gymnasium is
/// installed).
#[pyclass(module = "tamerlane", subclass)]
pub struct VectorEnv {
    setting: Setting,
    rules: String,
    dtype: PlaneDtype,
    num_threads: usize,
    copy: bool,
    envs: Vec<Env>,
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
        self.envs.len()
    }

    fn obs_shape(&self) -> Vec<usize> {
        vec![plane_count(self.setting.history), ROWS, COLS]
    }

    /// Runs `f` on the outputs of all games with the GIL released.
    fn with_out<R: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut Vec<Env>, &Setting, usize, OutAny<'_>) -> R + Send,
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
            let envs = &mut self.envs;
            let setting = &self.setting;
            let threads = self.num_threads;
            Ok(py.allow_threads(move || f(envs, setting, threads, out)))
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
        if finished && self.setting.autoreset == Autoreset::NextStep {
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

/// `Out` of either element type.
enum OutAny<'a> {
    U8(Out<'a, u8>),
    F32(Out<'a, f32>),
}

/// Steps every game with its move, in runs on up to `threads` threads
/// (each with at least [`MIN_GAMES_PER_STEP_THREAD`] games).
fn step_all<T: PlaneValue>(
    envs: &mut [Env],
    setting: &Setting,
    threads: usize,
    moves: &[Option<Move>],
    out: Out<'_, T>,
) {
    let threads = threads.min(envs.len() / MIN_GAMES_PER_STEP_THREAD).max(1);
    let lengths = run_lengths(envs.len(), threads);
    if lengths.len() == 1 {
        setting.step_run(envs, moves, out);
        return;
    }
    std::thread::scope(|s| {
        let mut envs = envs;
        let mut moves = moves;
        let mut out = out;
        for n in lengths {
            let (e, e2) = envs.split_at_mut(n);
            let (m, m2) = moves.split_at(n);
            let (o, o2) = out.split(n, setting.obs_len());
            envs = e2;
            moves = m2;
            out = o2;
            s.spawn(move || setting.step_run(e, m, o));
        }
    });
}

/// Resets every game and writes its observation and mask (the mask
/// cleared whole first).
fn reset_all<T: PlaneValue>(envs: &mut [Env], setting: &Setting, out: Out<'_, T>) {
    let len = setting.obs_len();
    out.mask.fill(false);
    out.reward.fill(0.0);
    out.terminated.fill(false);
    out.truncated.fill(false);
    out.done.fill(false);
    out.winner.fill(0);
    out.termination.fill(-1);
    out.plies.fill(0);
    for (i, env) in envs.iter_mut().enumerate() {
        env.reset(&setting.start);
        env.write_obs(&mut out.obs[i * len..(i + 1) * len], 1, true);
        env.mark(
            &mut out.mask[i * ACTION_SPACE_SIZE..(i + 1) * ACTION_SPACE_SIZE],
            true,
        );
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games under `rules`, all at the rules' start position.
    /// `seed` seeds `random_actions` (and the spaces); `max_plies` caps a
    /// game's length (then it is truncated); observations are `dtype`
    /// (`uint8`, the default, or `float32`) planes with `history` earlier
    /// positions; `num_threads` threads step runs of games; `copy=True`
    /// returns copies instead of the reused buffers; `autoreset_mode`
    /// (`gymnasium.vector.AutoresetMode.SAME_STEP`, the default, or
    /// `NEXT_STEP`, or their values `"SameStep"`, `"NextStep"`) says when a
    /// finished game restarts.
    #[new]
    #[pyo3(
        signature = (num_envs, rules = RulesArg::default(), seed = None, *, max_plies = None, dtype = None, history = None, num_threads = None, copy = false, autoreset_mode = None),
        text_signature = "(num_envs, rules='', seed=0, *, max_plies=1000, dtype='uint8', history=0, num_threads=1, copy=False, autoreset_mode='SameStep')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: &Bound<'_, PyAny>,
        rules: RulesArg,
        seed: Option<&Bound<'_, PyAny>>,
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
        let start = start_of(rules)?;
        let elem = match dtype {
            PlaneDtype::U8 => 1,
            PlaneDtype::F32 => 4,
        };
        let bytes = n * (ACTION_SPACE_SIZE + 2 * plane_count(history) * CELLS * elem);
        if bytes > MAX_BUFFER_BYTES {
            return Err(PyValueError::new_err(format!(
                "num_envs {n} with history {history} and dtype {}: the buffers would take {:.1} GiB \
                 (at most {} GiB)",
                dtype.name(),
                bytes as f64 / f64::from(1u32 << 30),
                MAX_BUFFER_BYTES >> 30
            )));
        }
        let setting = Setting {
            start,
            max_plies,
            history,
            autoreset,
        };
        let obs_shape = vec![n, plane_count(history), ROWS, COLS];
        let np = research::import_numpy(py)?;
        let planes = match dtype {
            PlaneDtype::U8 => Planes::U8 {
                obs: research::zeros::<_, IxDyn>(py, &obs_shape)?.unbind(),
                final_obs: research::zeros::<_, IxDyn>(py, &obs_shape)?.unbind(),
            },
            PlaneDtype::F32 => Planes::F32 {
                obs: research::zeros::<_, IxDyn>(py, &obs_shape)?.unbind(),
                final_obs: research::zeros::<_, IxDyn>(py, &obs_shape)?.unbind(),
            },
        };
        let mask = research::zeros::<bool, Ix2>(py, &[n, ACTION_SPACE_SIZE])?;
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
        let (spaces, metadata) = gym_spaces(py, &np, n, &setting, dtype)?;
        let envs = vec![Env::new(&setting.start, setting.history); n];
        let mut env = VectorEnv {
            setting,
            rules: rules.0.to_string(),
            dtype,
            num_threads,
            copy,
            envs,
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
        self.setting.max_plies
    }

    /// The number of earlier positions in each observation.
    #[getter]
    fn history(&self) -> usize {
        self.setting.history
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

    /// The shape of one game's observation: `(PLANES + 46 * history, 10, 13)`.
    #[getter]
    fn single_observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.obs_shape())
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

    /// `gymnasium.spaces.Discrete(ACTION_SPACE_SIZE)` (`None` without gymnasium).
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
        self.setting.autoreset.value()
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

    /// Resets every game to the start position; with `seed`, reseeds
    /// `random_actions` and the spaces first. Returns `(obs, info)` with
    /// `info["action_mask"]`.
    #[pyo3(signature = (*, seed = None, options = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        options: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(PyObject, Bound<'py, PyDict>)> {
        if let Some(o) = options.filter(|o| !o.is_none()) {
            let empty = o.downcast::<PyDict>().is_ok_and(|d| d.is_empty());
            if !empty {
                return Err(PyValueError::new_err(
                    "reset: VectorEnv takes no options (pass None or {})",
                ));
            }
        }
        if let Some(seed) = seed_arg(seed)? {
            self.rng = Rng::new(seed);
            self.seed_spaces(py, seed)?;
        }
        self.reset_games(py)?;
        Ok((self.output(py, "obs")?, self.info(py, false)?))
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
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (a, env)) in actions.into_iter().zip(&self.envs).enumerate() {
            if env.pending_reset {
                // Next-step autoreset: the action is ignored.
                moves.push(None);
                continue;
            }
            let a = a.map_err(|big| out_of_range(i, big))?;
            let idx = action_in_range(a).ok_or_else(|| out_of_range(i, a))?;
            let m = env.find(idx).ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "env {i}: action {a} ({}) is not a legal move of its position; no env was changed",
                    action_coord(idx, env.pos.turn())
                ))
            })?;
            moves.push(Some(m));
        }
        self.with_out(py, |envs, setting, threads, out| match out {
            OutAny::U8(o) => step_all(envs, setting, threads, &moves, o),
            OutAny::F32(o) => step_all(envs, setting, threads, &moves, o),
        })?;
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
        let v: Vec<i64> = self
            .envs
            .iter()
            .map(|env| {
                if env.pending_reset || env.actions.is_empty() {
                    0
                } else {
                    i64::from(env.actions[rng.below(env.actions.len())])
                }
            })
            .collect();
        PyArray1::from_vec(py, v)
    }

    /// The TFEN of every game's current position.
    fn tfens(&self) -> Vec<String> {
        self.envs.iter().map(|e| e.pos.to_tfen()).collect()
    }

    /// The plies played so far in every game's current episode.
    fn episode_plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.plies as i32))
    }

    fn __len__(&self) -> usize {
        self.num_envs()
    }

    fn __repr__(&self) -> String {
        format!(
            "VectorEnv({}, rules='{}', max_plies={}, dtype='{}', history={}, num_threads={}, \
             autoreset_mode='{}')",
            self.num_envs(),
            self.rules,
            self.setting.max_plies,
            self.dtype.name(),
            self.setting.history,
            self.num_threads,
            self.setting.autoreset.value()
        )
    }
}

impl VectorEnv {
    fn reset_games(&mut self, py: Python<'_>) -> PyResult<()> {
        self.with_out(py, |envs, setting, _, out| match out {
            OutAny::U8(o) => reset_all(envs, setting, o),
            OutAny::F32(o) => reset_all(envs, setting, o),
        })
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

/// The error of an action outside the action space, naming the game and
/// the value as given.
fn out_of_range(env: usize, action: impl Display) -> PyErr {
    PyValueError::new_err(format!(
        "env {env}: action {action} out of range (expected 0 to {}); no env was changed",
        ACTION_SPACE_SIZE - 1
    ))
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

/// Gymnasium's spaces (single and batched observation, single and batched
/// action) and the metadata; `None`s and a plain string without gymnasium.
fn gym_spaces(
    py: Python<'_>,
    np: &Bound<'_, PyModule>,
    n: usize,
    setting: &Setting,
    dtype: PlaneDtype,
) -> PyResult<([PyObject; 4], PyObject)> {
    let Ok(gym) = py.import("gymnasium") else {
        let meta = PyDict::new(py);
        meta.set_item("autoreset_mode", setting.autoreset.value())?;
        return Ok((
            [py.None(), py.None(), py.None(), py.None()],
            meta.into_any().unbind(),
        ));
    };
    let spaces = gym.getattr("spaces")?;
    let shape = PyTuple::new(py, [plane_count(setting.history), ROWS, COLS])?;
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
    let single_act = spaces.getattr("Discrete")?.call1((ACTION_SPACE_SIZE,))?;
    let act = batch.call1((&single_act, n))?;
    let meta = PyDict::new(py);
    meta.set_item(
        "autoreset_mode",
        gym.getattr("vector")?
            .getattr("AutoresetMode")?
            .getattr(setting.autoreset.member())?,
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
    let start = start_of(rules)?;
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
            let mut env = Env::new(&start, 0);
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
                                termination_code(o.termination),
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

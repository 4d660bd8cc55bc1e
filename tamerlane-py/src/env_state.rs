//! `tamerlane.EnvState`: the whole state of one game of a `VectorEnv`
//! (position, repetition window, move counters, history placements), as
//! `VectorEnv.get_state` takes it and `set_state` puts it back; pickled as
//! a record that replays to the same state (docs/PYTHON.md, "State
//! control").

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use tamerlane_core::{chess, makruk, tamerlane, Position};

use crate::env_core::{Env, Status};
use crate::env_game::EnvGame;
use crate::errors::IllegalMoveError;
use crate::research::MAX_HISTORY;
use crate::types::type_name;

/// One game's state, of any of the three games.
#[derive(Clone)]
pub enum AnyEnv {
    /// A Tamerlane game.
    Tamerlane(Box<Env<tamerlane::Position>>),
    /// A chess game.
    Chess(Box<Env<chess::Position>>),
    /// A Makruk game.
    Makruk(Box<Env<makruk::Position>>),
}

/// Runs `$body` with `$e` bound to the game inside an [`AnyEnv`].
macro_rules! each_env {
    ($env:expr, $e:ident => $body:expr) => {
        match $env {
            AnyEnv::Tamerlane($e) => $body,
            AnyEnv::Chess($e) => $body,
            AnyEnv::Makruk($e) => $body,
        }
    };
}

/// New games for their places in a vector (`(index, game)`), of any of
/// the three games.
pub enum AnyEnvs {
    /// Tamerlane games.
    Tamerlane(Vec<(usize, Env<tamerlane::Position>)>),
    /// Chess games.
    Chess(Vec<(usize, Env<chess::Position>)>),
    /// Makruk games.
    Makruk(Vec<(usize, Env<makruk::Position>)>),
}

/// A game's state in an [`AnyEnv`], and back.
pub trait WrapEnv: EnvGame {
    /// `env` as an [`AnyEnv`].
    fn wrap_env(env: Env<Self>) -> AnyEnv;
    /// The game of this type inside `any`, if it holds one.
    fn unwrap_env(any: &AnyEnv) -> Option<&Env<Self>>;
    /// `games` as [`AnyEnvs`].
    fn wrap_envs(games: Vec<(usize, Env<Self>)>) -> AnyEnvs;
}

/// `games` as [`AnyEnvs`].
pub fn wrap_envs<P: WrapEnv>(games: Vec<(usize, Env<P>)>) -> AnyEnvs {
    P::wrap_envs(games)
}

macro_rules! wrap_env {
    ($game:ident, $variant:ident) => {
        impl WrapEnv for $game::Position {
            fn wrap_env(env: Env<Self>) -> AnyEnv {
                AnyEnv::$variant(Box::new(env))
            }
            fn unwrap_env(any: &AnyEnv) -> Option<&Env<Self>> {
                match any {
                    AnyEnv::$variant(e) => Some(e),
                    _ => None,
                }
            }
            fn wrap_envs(games: Vec<(usize, Env<Self>)>) -> AnyEnvs {
                AnyEnvs::$variant(games)
            }
        }
    };
}

wrap_env!(tamerlane, Tamerlane);
wrap_env!(chess, Chess);
wrap_env!(makruk, Makruk);

/// The state of one game of a `VectorEnv`: its position, the positions
/// the repetition rule still reads, its move counters and plies, and the
/// placements of its history planes. Immutable; `VectorEnv.set_state`
/// puts a copy into a game. Pickled as a record (the first position the
/// repetition rule reads, the moves since, the plies and the history
/// placements) that replays to an equal state.
#[pyclass(module = "tamerlane", frozen)]
#[derive(Clone)]
pub struct EnvState {
    /// The game.
    pub env: AnyEnv,
}

/// The record of a game's state: what its pickle holds.
fn record<'py, P: EnvGame>(py: Python<'py>, env: &Env<P>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("game", P::GAME)?;
    let (first, moves) = match &env.window {
        Some(w) => (w.first().to_fen(), w.moves().to_vec()),
        None => (env.pos.to_fen(), Vec::new()),
    };
    d.set_item(P::FEN_KEY, first)?;
    P::put_rules(env.pos.rules(), &d)?;
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    d.set_item("moves", PyList::new(py, moves)?)?;
    d.set_item("plies", env.plies)?;
    d.set_item("history", env.history)?;
    let earlier: Vec<Bound<'_, PyBytes>> = env
        .earlier
        .iter()
        .map(|k| PyBytes::new(py, k.as_ref()))
        .collect();
    d.set_item("earlier", PyList::new(py, earlier)?)?;
    Ok(d)
}

/// The game of a record ([`record`]): the first position under its rules,
/// the moves replayed, then the plies and history placements set.
/// `ValueError` (or the game's FEN, rules or move error) for a record that
/// is no state.
fn from_record<P: EnvGame>(d: &Bound<'_, PyDict>) -> PyResult<Env<P>> {
    let field = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        d.get_item(key)?
            .ok_or_else(|| PyValueError::new_err(format!("EnvState record: no {key:?} entry")))
    };
    let fen = P::fen_arg(&field(P::FEN_KEY)?)?;
    let rules = P::rules_of_state(&field)?;
    let first = P::from_fen_with_rules(&fen, rules).map_err(P::fen_error)?;
    let moves: Vec<String> = field("moves")?.extract()?;
    let plies: u32 = field("plies")?.extract()?;
    let history: usize = field("history")?.extract()?;
    if history > MAX_HISTORY {
        return Err(PyValueError::new_err(format!(
            "EnvState record: history {history} out of range (expected 0 to {MAX_HISTORY})"
        )));
    }
    let earlier: Vec<Vec<u8>> = field("earlier")?.extract()?;
    if earlier.len() > history {
        return Err(PyValueError::new_err(format!(
            "EnvState record: {} earlier placements for history {history}",
            earlier.len()
        )));
    }
    if (plies as usize) < moves.len() || (plies as usize) < earlier.len() {
        return Err(PyValueError::new_err(format!(
            "EnvState record: plies {plies} is fewer than its moves ({}) or earlier placements ({})",
            moves.len(),
            earlier.len()
        )));
    }
    let mut env = Env::new(&first, history);
    for (k, text) in moves.iter().enumerate() {
        let reps = env.repetitions();
        if let Status::Over(o) = env.status(reps, u32::MAX) {
            return Err(PyValueError::new_err(format!(
                "EnvState record: move {k} ({text:?}) comes after the end of the game ({o})"
            )));
        }
        let m = env.pos.parse_move(text).map_err(|e| {
            IllegalMoveError::new_err(format!("EnvState record: move {k} ({text:?}): {e}"))
        })?;
        env.advance(&m, u32::MAX);
    }
    env.plies = plies;
    env.earlier.clear();
    for (k, bytes) in earlier.iter().enumerate() {
        let key = P::key_from_bytes(bytes).ok_or_else(|| {
            PyValueError::new_err(format!(
                "EnvState record: earlier placement {k} is not a placement of {} squares",
                P::SQUARES
            ))
        })?;
        env.earlier.push_back(key);
    }
    Ok(env)
}

/// The game of a record of any game, by its `"game"` entry.
fn any_from_record(d: &Bound<'_, PyDict>) -> PyResult<AnyEnv> {
    let game = d
        .get_item("game")?
        .ok_or_else(|| PyValueError::new_err("EnvState record: no \"game\" entry"))?;
    let name: String = game.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "EnvState record: game must be a string, not {}",
            type_name(&game)
        ))
    })?;
    Ok(match name.as_str() {
        "tamerlane" => AnyEnv::Tamerlane(Box::new(from_record(d)?)),
        "chess" => AnyEnv::Chess(Box::new(from_record(d)?)),
        "makruk" => AnyEnv::Makruk(Box::new(from_record(d)?)),
        _ => {
            return Err(PyValueError::new_err(format!(
                "EnvState record: unknown game {:?} (expected 'tamerlane', 'chess' or 'makruk')",
                tamerlane_core::excerpt(&name, tamerlane_core::EXCERPT_CHARS)
            )))
        }
    })
}

impl EnvState {
    /// The game's name.
    fn game_name(&self) -> &'static str {
        fn name<P: EnvGame>(_: &Env<P>) -> &'static str {
            P::GAME
        }
        each_env!(&self.env, e => name(e))
    }
}

#[pymethods]
impl EnvState {
    /// The game: `"tamerlane"`, `"chess"` or `"makruk"`.
    #[getter]
    fn game(&self) -> &'static str {
        self.game_name()
    }

    /// The rule set of the game's position, in canonical form.
    #[getter]
    fn rules(&self) -> String {
        each_env!(&self.env, e => e.pos.rules().to_string())
    }

    /// The current position's text (TFEN for Tamerlane, FEN for chess and
    /// Makruk), with its move counters.
    #[getter]
    fn fen(&self) -> String {
        each_env!(&self.env, e => e.pos.to_fen())
    }

    /// The plies played in the game's episode.
    #[getter]
    fn plies(&self) -> u32 {
        each_env!(&self.env, e => e.plies)
    }

    /// The earlier positions the game's observation shows.
    #[getter]
    fn history(&self) -> usize {
        each_env!(&self.env, e => e.history)
    }

    /// How many times the current position has occurred in the game (1
    /// when its rules have no repetition rule).
    #[getter]
    fn repetitions(&self) -> usize {
        each_env!(&self.env, e => e.repetitions())
    }

    /// The action indices of the legal moves, in the move generator's
    /// order (empty when the game is over).
    fn legal_actions(&self) -> Vec<u16> {
        each_env!(&self.env, e => e.actions.clone())
    }

    /// The record this state is pickled as: a dict with `"game"`, the
    /// first position the repetition rule reads (`"tfen"` or `"fen"`), the
    /// rules, the `"moves"` since (UCI), `"plies"`, `"history"` and the
    /// `"earlier"` placements (bytes, one per square, the oldest first).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        each_env!(&self.env, e => record(py, e))
    }

    /// The state of a record (see `record()`), replayed and checked.
    #[staticmethod]
    fn from_record(record: &Bound<'_, PyAny>) -> PyResult<EnvState> {
        let d = record.downcast::<PyDict>().map_err(|_| {
            PyTypeError::new_err(format!(
                "EnvState.from_record: expected a dict, not {}",
                type_name(record)
            ))
        })?;
        Ok(EnvState {
            env: any_from_record(d)?,
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let rec = slf.get().record(py)?;
        let ctor = slf.get_type().getattr("from_record")?;
        PyTuple::new(py, [ctor, PyTuple::new(py, [rec])?.into_any()])
    }

    /// Equal when their records are equal (the same game state).
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.downcast::<EnvState>() else {
            return Ok(false);
        };
        let a = self.record(py)?;
        let b = other.get().record(py)?;
        a.eq(b)
    }

    fn __repr__(&self) -> String {
        format!(
            "EnvState({}, {:?}, plies={})",
            self.game_name(),
            self.fen(),
            self.plies()
        )
    }
}

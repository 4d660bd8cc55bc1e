//! The games of a `VectorEnv` of any of the three games ([`AnyGames`],
//! dispatched once by `each_games!`) and what `VectorEnv`'s methods do
//! to them, written once, generic over [`EnvGame`] (docs/PYTHON.md,
//! "Reinforcement learning").

use std::fmt::Display;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use tamerlane_ai::Rng;
use tamerlane_core::{chess, makruk, tamerlane};

use crate::env_core::{place_all, reset_all, step_all, Autoreset, Env, Out, Setting, Status};
use crate::env_game::EnvGame;
use crate::env_state::{AnyEnvs, EnvState, WrapEnv};
use crate::errors::IllegalMoveError;

/// The games of a vector and the settings they share.
pub struct Games<P: EnvGame> {
    /// The settings.
    pub setting: Setting<P>,
    /// The games.
    pub envs: Vec<Env<P>>,
}

/// The games of a vector of any of the three games (one per `VectorEnv`:
/// the start position inline makes the variants' sizes differ, which
/// costs nothing here).
#[allow(clippy::large_enum_variant)]
pub enum AnyGames {
    /// Tamerlane games.
    Tamerlane(Games<tamerlane::Position>),
    /// Chess games.
    Chess(Games<chess::Position>),
    /// Makruk games.
    Makruk(Games<makruk::Position>),
}

/// Runs `$body` with `$g` bound to the [`Games`] inside an [`AnyGames`]:
/// the one dispatch from the game chosen at run time to the generic code.
macro_rules! each_games {
    ($games:expr, $g:ident => $body:expr) => {
        match $games {
            $crate::env_games::AnyGames::Tamerlane($g) => $body,
            $crate::env_games::AnyGames::Chess($g) => $body,
            $crate::env_games::AnyGames::Makruk($g) => $body,
        }
    };
}
pub(crate) use each_games;

/// The observation buffers' outputs of either element type.
pub enum OutAny<'a> {
    /// `uint8` planes.
    U8(Out<'a, u8>),
    /// `float32` planes.
    F32(Out<'a, f32>),
}

/// Runs `$body` with `$o` bound to the [`Out`] inside an [`OutAny`].
macro_rules! each_out {
    ($out:expr, $o:ident => $body:expr) => {
        match $out {
            OutAny::U8($o) => $body,
            OutAny::F32($o) => $body,
        }
    };
}

/// The starting position of `rules`, refused if it is already over.
pub fn start_of<P: EnvGame>(rules: P::Rules) -> PyResult<P> {
    let start = P::start(rules);
    if let Status::Over(o) = Env::new(&start, 0).status(1, u32::MAX) {
        return Err(PyValueError::new_err(format!(
            "the start position of rules {:?} is already over ({o})",
            rules.to_string()
        )));
    }
    Ok(start)
}

/// The error of an action outside the action space, naming the game and
/// the value as given.
pub fn out_of_range(env: usize, action: impl Display, size: usize) -> PyErr {
    PyValueError::new_err(format!(
        "env {env}: action {action} out of range (expected 0 to {}); no env was changed",
        size - 1
    ))
}

/// The error of an env index outside `0..n`, naming the argument and the
/// value as given.
pub fn env_index(i: i64, n: usize, what: &str) -> PyResult<usize> {
    usize::try_from(i).ok().filter(|i| *i < n).ok_or_else(|| {
        PyValueError::new_err(format!("{what} {i} out of range (expected 0 to {})", n - 1))
    })
}

impl<P: EnvGame + WrapEnv> Games<P> {
    /// `n` games at the start of `setting`.
    pub fn new(setting: Setting<P>, n: usize) -> Games<P> {
        let envs = vec![Env::new(&setting.start, setting.history); n];
        Games { setting, envs }
    }

    /// The move of every game for `step`'s actions (`Err`: the decimal
    /// text of an integer beyond `i64`); `None` for a game that a
    /// next-step autoreset restarts (its action ignored). Every action is
    /// checked before any game moves.
    fn moves(&self, actions: Vec<Result<i64, String>>) -> PyResult<Vec<Option<P::Move>>> {
        let size = P::ACTION_SPACE;
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (a, env)) in actions.into_iter().zip(&self.envs).enumerate() {
            if env.pending_reset {
                moves.push(None);
                continue;
            }
            let a = a.map_err(|big| out_of_range(i, big, size))?;
            let idx = usize::try_from(a)
                .ok()
                .filter(|a| *a < size)
                .ok_or_else(|| out_of_range(i, a, size))?;
            let m = env.find(idx).ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "env {i}: action {a} ({}) is not a legal move of its position; no env was changed",
                    env.pos.action_text(idx)
                ))
            })?;
            moves.push(Some(m));
        }
        Ok(moves)
    }

    /// Plays one action in every game (see `moves`).
    pub fn step(
        &mut self,
        actions: Vec<Result<i64, String>>,
        threads: usize,
        out: OutAny<'_>,
    ) -> PyResult<()> {
        let moves = self.moves(actions)?;
        each_out!(out, o => step_all(&mut self.envs, &self.setting, threads, &moves, o));
        Ok(())
    }

    /// Resets every game to the setting's start.
    pub fn reset_all(&mut self, out: OutAny<'_>) {
        each_out!(out, o => reset_all(&mut self.envs, &self.setting, o));
    }

    /// Puts each `(i, game)` in game `i`.
    pub fn place(&mut self, games: Vec<(usize, Env<P>)>, out: OutAny<'_>) {
        each_out!(out, o => place_all(&mut self.envs, &self.setting, games, o));
    }

    /// A uniformly random legal action for every game, from `rng`; 0 for
    /// a game that the next step resets.
    pub fn random_actions(&self, rng: &mut Rng) -> Vec<i64> {
        self.envs
            .iter()
            .map(|env| {
                if env.pending_reset || env.actions.is_empty() {
                    0
                } else {
                    i64::from(env.actions[rng.below(env.actions.len())])
                }
            })
            .collect()
    }

    /// The state of game `i`.
    pub fn get_state(&self, i: usize) -> EnvState {
        EnvState {
            env: P::wrap_env(self.envs[i].clone()),
        }
    }

    /// The game of `state` checked for game `i`: a state of this game,
    /// with this env's history, and (with same-step autoreset, where no
    /// finished game waits) not over.
    pub fn state_game(&self, i: usize, state: &EnvState) -> PyResult<Env<P>> {
        let env = P::unwrap_env(&state.env).ok_or_else(|| {
            PyTypeError::new_err(format!(
                "set_state: a state of a {} game cannot go into env {i} of a {} VectorEnv",
                state_game_name(state),
                P::GAME
            ))
        })?;
        self.checked(i, env.clone(), "set_state")
    }

    /// `env` checked for game `i` (see [`state_game`](Self::state_game)).
    pub fn checked(&self, i: usize, env: Env<P>, what: &str) -> PyResult<Env<P>> {
        if env.history != self.setting.history {
            return Err(PyValueError::new_err(format!(
                "{what}: the state keeps history {}, env {i} has history {}",
                env.history, self.setting.history
            )));
        }
        let reps = env.repetitions();
        let status = env.status(reps, self.setting.max_plies);
        if status != Status::Ongoing && self.setting.autoreset == Autoreset::SameStep {
            let why = match status {
                Status::Over(o) => format!("over ({o})"),
                _ => format!("at max_plies ({} plies)", env.plies),
            };
            return Err(PyValueError::new_err(format!(
                "{what}: the game of the state is {why}; a same-step VectorEnv holds no finished \
                 game (use autoreset_mode='NextStep' to hold one until the next step)"
            )));
        }
        Ok(env)
    }

    /// The current position texts.
    pub fn fens(&self) -> Vec<String> {
        self.envs.iter().map(|e| e.pos.to_fen()).collect()
    }
}

impl AnyGames {
    /// Puts new games of this vector's game in their places.
    pub fn place(&mut self, games: AnyEnvs, out: OutAny<'_>) -> PyResult<()> {
        match (self, games) {
            (AnyGames::Tamerlane(g), AnyEnvs::Tamerlane(v)) => g.place(v, out),
            (AnyGames::Chess(g), AnyEnvs::Chess(v)) => g.place(v, out),
            (AnyGames::Makruk(g), AnyEnvs::Makruk(v)) => g.place(v, out),
            _ => {
                return Err(PyTypeError::new_err(
                    "internal error: games of another kind for this VectorEnv",
                ))
            }
        }
        Ok(())
    }
}

/// The game of a state, as a message names it.
fn state_game_name(state: &EnvState) -> &'static str {
    use crate::env_state::AnyEnv;
    match &state.env {
        AnyEnv::Tamerlane(_) => "tamerlane",
        AnyEnv::Chess(_) => "chess",
        AnyEnv::Makruk(_) => "makruk",
    }
}

/// Game sizes for `VectorEnv`'s buffers and spaces.
pub fn sizes<P: EnvGame>(history: usize) -> ([usize; 3], usize) {
    (
        [
            crate::env_game::plane_count::<P>(history),
            P::PLANE_SHAPE[1],
            P::PLANE_SHAPE[2],
        ],
        P::ACTION_SPACE,
    )
}
